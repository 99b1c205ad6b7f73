"""sync: a failed or partial import never replaces good data; offline first start explains itself."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from bot.app import ensure_data
from bot.data import download
from bot.data.sync import IMPORTERS, build_reference
from bot.errors import DataError, DataMissingError
from bot.settings import Settings

RULES_AND_CARDS = tuple(spec for spec in IMPORTERS if spec.folder in ("mtg-cr", "mtg-cards"))


def _source_with(shared_data: Path, root: Path, *, cards: bytes | None) -> Path:
    """A source folder with the current CR (no history) and either the real or given cards."""
    (root / "mtg-cr").mkdir(parents=True)
    current = next((shared_data / "mtg-cr").glob("MagicCompRules-*.txt"))
    (root / "mtg-cr" / current.name).symlink_to(current)
    (root / "mtg-cards").mkdir()
    if cards is None:
        for name in ("oracle-cards.json.gz", "rulings.json.gz"):
            (root / "mtg-cards" / name).symlink_to(shared_data / "mtg-cards" / name)
    else:
        (root / "mtg-cards" / "oracle-cards.json").write_bytes(cards)
        (root / "mtg-cards" / "rulings.json").write_bytes(b"[]")
    return root


@pytest.fixture(scope="module")
def good_store(shared_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("sync")
    source = _source_with(shared_data, root / "good", cards=None)
    dest = root / "data" / "reference.sqlite"
    report = build_reference(source, dest, importers=RULES_AND_CARDS)
    assert report.imported == ("Comprehensive Rules", "MTG cards")
    assert report.meta["cr_effective_date"] == "2026-01-16"
    return dest


@pytest.mark.parametrize(
    "bad_cards",
    [b'[{"object": "card", "name": "Lonely Card"}]', b'[{"object": "card", "na', b"not json"],
    ids=["too-few-cards", "cut-off-download", "garbage"],
)
def test_a_bad_import_leaves_the_good_store_untouched(
    good_store: Path, shared_data: Path, tmp_path: Path, bad_cards: bytes
) -> None:
    before = good_store.read_bytes()
    source = _source_with(shared_data, tmp_path / "bad", cards=bad_cards)
    with pytest.raises(DataError):
        build_reference(source, good_store, importers=RULES_AND_CARDS)
    assert good_store.read_bytes() == before
    leftovers = [p.name for p in good_store.parent.iterdir() if p.name != good_store.name]
    assert leftovers == []


def test_a_missing_required_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "mtg-cr").mkdir()
    with pytest.raises(DataError, match="mtg-cards"):
        build_reference(tmp_path, tmp_path / "out.sqlite")
    assert not (tmp_path / "out.sqlite").exists()


def test_optional_kinds_without_a_folder_are_skipped(
    good_store: Path, shared_data: Path, tmp_path: Path
) -> None:
    source = _source_with(shared_data, tmp_path / "src", cards=None)
    report = build_reference(source, tmp_path / "ref.sqlite")
    assert set(report.skipped) == {"Riftbound", "Tournament documents"}


def test_offline_first_start_says_how_to_import(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def offline(url: str, user_agent: str) -> str:
        raise download.OfflineError(f"Could not reach {url}: no network")

    monkeypatch.setattr(download, "fetch_text", offline)
    settings = Settings.from_env({"RULESBOT_DATA_DIR": str(tmp_path)})
    with pytest.raises(DataMissingError) as caught:
        ensure_data(settings)
    assert "rulesbot sync --from DIR" in caught.value.hint
    assert not settings.reference_db.exists()


def test_download_finds_the_newest_rules_link_and_records_scryfall_dates(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = (
        '<a href="https://media.wizards.com/2025/downloads/MagicCompRules%2020251114.txt">old</a>'
        '<a href="https://media.wizards.com/2026/downloads/MagicCompRules%2020260116.txt">new</a>'
    )
    index = {
        "data": [
            {
                "type": "oracle_cards",
                "download_uri": "https://data.example/oracle.json",
                "updated_at": "2026-11-20T09:00:00+00:00",
            },
            {
                "type": "rulings",
                "download_uri": "https://data.example/rulings.json",
                "updated_at": "2026-11-20T09:05:00+00:00",
            },
        ]
    }
    fetched: list[str] = []

    def fake_fetch(url: str, user_agent: str) -> str:
        return page if "wizards" in url else json.dumps(index)

    def fake_download(url: str, dest: Path, user_agent: str, progress, label: str) -> Path:
        fetched.append(url)
        dest.write_text("[]")
        return dest

    monkeypatch.setattr(download, "fetch_text", fake_fetch)
    monkeypatch.setattr(download, "download_file", fake_download)
    download.download_all(tmp_path, lambda task, done, total: None)
    assert fetched[0].endswith("MagicCompRules%2020260116.txt")
    assert (tmp_path / "mtg-cr" / "MagicCompRules-20260116.txt").exists()
    stamps = json.loads((tmp_path / "mtg-cards" / "source.json").read_text())
    assert stamps["updated_at"]["oracle_cards"].startswith("2026-11-20")
    assert (tmp_path / "mtg-cards" / "oracle-cards.json").exists()


@pytest.mark.parametrize(
    "page",
    [
        # A space written as is, and the newest link in an older year's folder listed first.
        '<a href="https://media.wizards.com/2026/downloads/MagicCompRules 20260116.txt">TXT</a>'
        '<a href="https://media.wizards.com/2025/downloads/MagicCompRules 20251114.txt">old</a>',
        # Single quotes; a .pdf and a .docx of the same rules beside it.
        "<a href='https://media.wizards.com/2026/downloads/MagicCompRules%2020260116.pdf'>PDF</a>"
        "<a href='https://media.wizards.com/2026/downloads/MagicCompRules%2020260116.txt'>TXT</a>"
        "<a href='https://media.wizards.com/2026/downloads/MagicCompRules%2020251114.txt'>x</a>",
    ],
)
def test_the_newest_rules_link_is_found_however_the_page_writes_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, page: str
) -> None:
    fetched: list[str] = []

    def fake_download(url: str, dest: Path, user_agent: str, progress, label: str) -> Path:
        fetched.append(url)
        return dest

    monkeypatch.setattr(download, "fetch_text", lambda url, user_agent: page)
    monkeypatch.setattr(download, "download_file", fake_download)
    saved = download.download_comprehensive_rules(
        tmp_path, download.load_sources(), lambda task, done, total: None
    )
    assert fetched == ["https://media.wizards.com/2026/downloads/MagicCompRules%2020260116.txt"]
    assert saved.name == "MagicCompRules-20260116.txt"


class _FakeResponse(io.BytesIO):
    """What ``urlopen`` returns: a body, its headers, a context manager."""

    def __init__(self, body: bytes, length: int) -> None:
        super().__init__(body)
        self.headers = {"Content-Length": str(length)}


@pytest.mark.parametrize(("sent", "announced"), [(150_000, 150_000), (90_000, 150_000)])
def test_a_download_is_kept_only_when_complete(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sent: int, announced: int
) -> None:
    body = bytes(range(256)) * (sent // 256) + b"x" * (sent % 256)
    monkeypatch.setattr(
        download.urllib.request, "urlopen", lambda request, timeout: _FakeResponse(body, announced)
    )
    seen: list[tuple[int, int | None]] = []
    dest = tmp_path / "oracle-cards.json"
    if sent == announced:
        download.download_file(
            "https://x.test/f", dest, "ua", lambda t, d, n: seen.append((d, n)), "Downloading"
        )
        assert dest.read_bytes() == body
        assert seen[-1] == (sent, announced) and len(seen) == 3  # 64 KiB chunks
    else:
        with pytest.raises(DataError, match="stopped after 90000 of 150000 bytes"):
            download.download_file("https://x.test/f", dest, "ua", lambda t, d, n: None, "x")
        assert list(tmp_path.iterdir()) == []  # neither the file nor its .part


def test_downloads_refuse_plain_http() -> None:
    with pytest.raises(DataError, match="non-https"):
        download.fetch_text("http://example.com/rules.txt", "rulesbot-test")
