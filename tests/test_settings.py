from pathlib import Path

import pytest

from bot.errors import UsageError
from bot.settings import Settings


def test_settings_come_from_the_given_environment(tmp_path: Path) -> None:
    settings = Settings.from_env(
        {
            "RULESBOT_DATA_DIR": str(tmp_path),
            "DISCORD_TOKEN": "secret-token",
            "RULESBOT_DEV_GUILD": "42",
        }
    )
    assert settings.data_dir == tmp_path
    assert settings.db_path == tmp_path / "games.sqlite"
    assert settings.reference_db == tmp_path / "reference.sqlite"
    assert settings.discord_token == "secret-token"
    assert settings.dev_guild_id == 42


def test_the_token_never_appears_in_the_settings_repr(tmp_path: Path) -> None:
    settings = Settings.from_env(
        {"RULESBOT_DATA_DIR": str(tmp_path), "DISCORD_TOKEN": "secret-token"}
    )
    assert "secret-token" not in repr(settings)


def test_defaults_without_environment(tmp_path: Path) -> None:
    settings = Settings.from_env({"XDG_DATA_HOME": str(tmp_path)})
    assert settings.data_dir == tmp_path / "rulesbot"
    assert settings.discord_token is None
    assert settings.dev_guild_id is None
    custom = Settings.from_env(
        {"RULESBOT_DB": str(tmp_path / "g.db"), "XDG_DATA_HOME": str(tmp_path)}
    )
    assert custom.db_path == tmp_path / "g.db"


def test_message_content_intent_is_off_unless_asked_for(tmp_path: Path) -> None:
    assert not Settings.from_env({"RULESBOT_DATA_DIR": str(tmp_path)}).discord_message_content
    on = Settings.from_env({"RULESBOT_DATA_DIR": str(tmp_path), "RULESBOT_MESSAGE_CONTENT": "1"})
    assert on.discord_message_content


def test_shards_and_the_shared_database_come_from_the_environment(tmp_path: Path) -> None:
    url = "postgresql://bot:hunter2@db:5432/rulesbot"
    settings = Settings.from_env(
        {
            "RULESBOT_DATA_DIR": str(tmp_path),
            "RULESBOT_DATABASE_URL": url,
            "RULESBOT_SHARD_COUNT": "4",
            "RULESBOT_SHARD_IDS": "0, 2",
        }
    )
    assert (settings.shard_count, settings.shard_ids) == (4, (0, 2))
    assert settings.database_url == url
    assert "hunter2" not in repr(settings)  # the database password is never logged either
    only_count = Settings.from_env(
        {"RULESBOT_DATA_DIR": str(tmp_path), "RULESBOT_SHARD_COUNT": "2"}
    )
    assert (only_count.shard_count, only_count.shard_ids) == (2, None)


@pytest.mark.parametrize(
    ("count", "ids", "complaint"),
    [("four", "", "whole number"), ("2", "0,2", "from 0 to 1"), ("", "1", "whole number")],
)
def test_malformed_shard_settings_say_what_would_work(
    tmp_path: Path, count: str, ids: str, complaint: str
) -> None:
    with pytest.raises(UsageError, match=complaint) as caught:
        Settings.from_env(
            {"RULESBOT_DATA_DIR": str(tmp_path), "RULESBOT_SHARD_COUNT": count,
             "RULESBOT_SHARD_IDS": ids}
        )  # fmt: skip
    assert "RULESBOT_SHARD_IDS=0,1" in caught.value.hint
