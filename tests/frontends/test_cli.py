"""The `rulesbot` command as a user runs it: real processes, the real data."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest


def run_rulesbot(
    data_dir: Path, *args: str, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["RULESBOT_DATA_DIR"] = str(data_dir)
    env["RULESBOT_DB"] = str(data_dir / "games.sqlite")
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        capture_output=True,
        text=True,
        env=env,
        input=stdin,
        timeout=120,
        check=False,
    )


@pytest.fixture(scope="module")
def data_dir(reference_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("cli-data")
    (folder / "reference.sqlite").symlink_to(reference_db)
    return folder


def test_rule_115_7d(data_dir: Path) -> None:
    result = run_rulesbot(data_dir, "ask", "rule 115.7d")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "115.7d" in result.stdout
    assert "choose new targets" in result.stdout.lower()
    assert "Comprehensive Rules effective 2026-01-16" in result.stdout


def test_card_arc_trial_finds_arc_trail(data_dir: Path) -> None:
    result = run_rulesbot(data_dir, "ask", "card arc trial")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("Arc Trail")
    assert "2 damage to any target and 1 damage to any other target" in result.stdout


def test_an_unquoted_command_is_read_as_one_line(data_dir: Path) -> None:
    # A first-time user types the command as words; it used to fail "unrecognized arguments".
    result = run_rulesbot(
        data_dir, "ask", "scenario", "Alice controls Gaea's Revenge.", "Bob", "casts", "Opt."
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "2. Bob casts Opt. → legal" in result.stdout
    result = run_rulesbot(data_dir, "ask", "card", "arc", "trial")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("Arc Trail")


def test_card_opt_finds_opt_not_a_longer_name(data_dir: Path) -> None:
    result = run_rulesbot(data_dir, "ask", "--json", "card opt")
    assert result.returncode == 0, result.stdout + result.stderr
    answer = json.loads(result.stdout)
    assert answer["title"].startswith("Opt")
    assert "Scry 1" in json.dumps(answer)


def test_rule_hexproof_shows_glossary_and_rules(data_dir: Path) -> None:
    result = run_rulesbot(data_dir, "ask", "rule hexproof")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "702.11" in result.stdout
    assert "can't be the target" in result.stdout.replace("’", "'")


def test_a_user_error_exits_1_with_a_clear_message(data_dir: Path) -> None:
    result = run_rulesbot(data_dir, "ask", "card qqqqzzzzxxxx")
    assert result.returncode == 1
    assert "Traceback" not in result.stdout + result.stderr
    assert result.stderr.startswith("Error:") and result.stdout == ""


def test_usage_errors_exit_2(data_dir: Path) -> None:
    assert run_rulesbot(data_dir, "ask", "cardd opt").returncode == 2
    assert run_rulesbot(data_dir, "ask", "card").returncode == 2
    assert run_rulesbot(data_dir, "--no-such-flag").returncode == 2


def test_about_shows_data_versions(data_dir: Path) -> None:
    result = run_rulesbot(data_dir, "ask", "about")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "2026-01-16" in result.stdout
    assert "Card data" in result.stdout


def test_missing_data_says_how_to_import(tmp_path: Path) -> None:
    result = run_rulesbot(tmp_path, "ask", "card opt")
    assert result.returncode == 1
    assert "rulesbot sync --from" in result.stderr


def test_console_answers_commands_from_standard_input(data_dir: Path) -> None:
    result = run_rulesbot(data_dir, "console", stdin="card lightnig bolt\nrule 115.4\nquit\n")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Lightning Bolt" in result.stdout
    assert "115.4" in result.stdout


def test_discord_mode_fails_clearly_and_never_prints_the_token(data_dir: Path) -> None:
    token = "MTIzNDU2Nzg5MDEy.fake-token.never-shown"
    env = dict(os.environ)
    env.update(
        DISCORD_TOKEN=token,
        RULESBOT_DATA_DIR=str(data_dir),
        RULESBOT_DB=str(data_dir / "games.sqlite"),
    )
    result = subprocess.run(
        [sys.executable, "-m", "bot"],
        capture_output=True,
        text=True,
        env=env,
        stdin=subprocess.DEVNULL,
        timeout=120,
        check=False,
    )
    output = result.stdout + result.stderr
    # Offline, Discord can't be reached; online, it refuses the fake token: a clear error either way.
    assert result.returncode == 1, output
    assert "Error: " in output and "Traceback" not in output
    assert token not in output and "fake-token" not in output
