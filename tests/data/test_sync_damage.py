"""sync refuses damage (issue 10): every bad source is a clear "Sync failed: ... The previous
data is unchanged." with a non-zero exit, the old store stays byte-identical, and a killed
sync's half-built files are cleaned up by the next one."""

from __future__ import annotations

import gzip
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.data.sync import IMPORTERS, build_reference, remove_stale_builds
from bot.errors import DataError
from tests.conftest import REPO_ROOT

CR_ONLY = tuple(spec for spec in IMPORTERS if spec.folder == "mtg-cr")
RULES_AND_CARDS = tuple(spec for spec in IMPORTERS if spec.folder in ("mtg-cr", "mtg-cards"))
CURRENT_CR = "MagicCompRules-20260116.txt"
HISTORY = ("2009-10-01.txt", "2016-07-22.txt", "2025-11-14.txt")


def make_source(
    shared_data: Path,
    root: Path,
    *,
    history: tuple[str, ...] = HISTORY,
    cards: bool = False,
    cr_text: bytes | None = None,
    history_text: dict[str, bytes] | None = None,
    cards_bytes: bytes | None = None,
) -> Path:
    """A source folder: the current CR (real or given), a few history files, maybe cards."""
    cr = root / "mtg-cr"
    (cr / "history").mkdir(parents=True)
    if cr_text is None:
        (cr / CURRENT_CR).symlink_to(shared_data / "mtg-cr" / CURRENT_CR)
    else:
        (cr / CURRENT_CR).write_bytes(cr_text)
    for name in history:
        target = cr / "history" / name
        if history_text and name in history_text:
            target.write_bytes(history_text[name])
        else:
            target.symlink_to(shared_data / "mtg-cr" / "history" / name)
    if cards or cards_bytes is not None:
        (root / "mtg-cards").mkdir()
        rulings = shared_data / "mtg-cards" / "rulings.json.gz"
        (root / "mtg-cards" / "rulings.json.gz").symlink_to(rulings)
        oracle = root / "mtg-cards" / "oracle-cards.json.gz"
        if cards_bytes is None:
            oracle.symlink_to(shared_data / "mtg-cards" / "oracle-cards.json.gz")
        else:
            oracle.write_bytes(cards_bytes)
    return root


@pytest.fixture(scope="module")
def real_cards_gz(shared_data: Path) -> bytes:
    return (shared_data / "mtg-cards" / "oracle-cards.json.gz").read_bytes()


@pytest.fixture(scope="module")
def good_store(shared_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("damage")
    dest = root / "data" / "reference.sqlite"
    build_reference(
        make_source(shared_data, root / "good", cards=True), dest, importers=RULES_AND_CARDS
    )
    return dest


def refused(good_store: Path, source: Path, match: str, importers=RULES_AND_CARDS) -> DataError:  # type: ignore[no-untyped-def]
    before = good_store.read_bytes()
    with pytest.raises(DataError, match=match) as raised:
        build_reference(source, good_store, importers=importers)
    assert good_store.read_bytes() == before
    assert [p.name for p in good_store.parent.iterdir()] == [good_store.name]
    return raised.value


def _cut_section(text: str, first: str, after_last: str) -> str:
    """The CR without the rules from ``first`` up to (not including) ``after_last`` in its body
    (the table of contents still lists them, as in a copy with a block cut out)."""
    body = text.index("\n100.1.")
    start = text.index(f"\n{first} ", body)
    end = text.index(f"\n{after_last} ", start)
    return text[:start] + text[end:]


def _damaged_gz(real: bytes, how: str) -> bytes:
    if how == "truncated":
        return real[: len(real) // 2]
    if how == "bit-flipped":
        flipped = bytearray(real)
        flipped[len(flipped) // 2] ^= 0xFF
        return bytes(flipped)
    if how == "not-utf8":
        return gzip.compress(b'[{"object": "card", "name": "\xff\xfe"}]')
    raise AssertionError(how)


@pytest.mark.parametrize("how", ["truncated", "bit-flipped", "not-utf8"])
def test_a_damaged_cards_download_is_refused(
    good_store: Path, shared_data: Path, real_cards_gz: bytes, tmp_path: Path, how: str
) -> None:
    source = make_source(
        shared_data, tmp_path / how, history=(), cards_bytes=_damaged_gz(real_cards_gz, how)
    )
    error = refused(good_store, source, "MTG cards|Oracle cards")
    assert "mtg-cards" in str(error) or "Oracle" in str(error)


def test_cards_with_their_text_stripped_are_refused(
    good_store: Path, shared_data: Path, real_cards_gz: bytes, tmp_path: Path
) -> None:
    cards = json.loads(gzip.decompress(real_cards_gz))
    for card in cards:
        card["oracle_text"] = ""
        for face in card.get("card_faces", ()):
            face["oracle_text"] = ""
    source = make_source(
        shared_data,
        tmp_path / "stripped",
        history=(),
        cards_bytes=gzip.compress(json.dumps(cards).encode(), compresslevel=1),
    )
    refused(good_store, source, r"have rules text .* looks stripped")


def test_a_cr_with_a_block_of_sections_cut_out_is_refused(
    good_store: Path, shared_data: Path, tmp_path: Path
) -> None:
    raw = (shared_data / "mtg-cr" / CURRENT_CR).read_bytes().decode("utf-8-sig")
    text = raw.replace("\r\n", "\n").replace("\r", "\n")  # the file mixes CR and CRLF
    cut = _cut_section(text, "115.1.", "117.1.")
    source = make_source(shared_data, tmp_path / "cut", history=(), cr_text=cut.encode())
    # The parser files a rule under the heading it sits under (a repair for misprints), so the
    # rules after the cut count as 115's and the sections left empty are 116 and 117.
    refused(
        good_store,
        source,
        r"section\(s\) in its contents that have no rules \(116, 117\)",
        importers=CR_ONLY,
    )


def test_a_history_file_cut_in_half_is_refused(
    good_store: Path, shared_data: Path, tmp_path: Path
) -> None:
    whole = (shared_data / "mtg-cr" / "history" / "2016-07-22.txt").read_bytes()
    source = make_source(
        shared_data, tmp_path / "half", history_text={"2016-07-22.txt": whole[: len(whole) // 2]}
    )
    refused(good_store, source, "2016-07-22.txt", importers=CR_ONLY)


def test_a_sharp_drop_is_refused_unless_forced(
    good_store: Path, shared_data: Path, tmp_path: Path
) -> None:
    # The same rules with only one history version: 4 versions in use, 2 in the new data.
    source = make_source(shared_data, tmp_path / "fewer", history=HISTORY[:1], cards=True)
    error = refused(good_store, source, "far fewer")
    assert "Comprehensive Rules versions: 4 → 2" in str(error) and "--force" in str(error)
    forced = tmp_path / "forced" / "reference.sqlite"
    forced.parent.mkdir()
    forced.write_bytes(good_store.read_bytes())
    report = build_reference(source, forced, importers=RULES_AND_CARDS, force=True)
    assert report.meta["cr_versions"] == "2"


def test_every_published_cr_version_passes_the_structure_checks(
    shared_data: Path, tmp_path: Path
) -> None:
    """The checks must refuse damage, not the real documents (section 600 has no rules; two
    versions have one rule out of order; 2013-02-01's glossary was published cut short)."""
    from bot.data.cr_import import _parse_file

    for path in sorted((shared_data / "mtg-cr" / "history").glob("*.txt")):
        _parse_file(path)


def test_the_cli_says_sync_failed_and_exits_non_zero(
    good_store: Path, shared_data: Path, real_cards_gz: bytes, tmp_path: Path
) -> None:
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    (data_dir / "reference.sqlite").write_bytes(good_store.read_bytes())
    source = make_source(
        shared_data,
        tmp_path / "bad",
        history=(),
        cards_bytes=_damaged_gz(real_cards_gz, "truncated"),
    )
    done = subprocess.run(
        [sys.executable, "-m", "bot", "sync", "--from", str(source)],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, "RULESBOT_DATA_DIR": str(data_dir)},
    )
    assert done.returncode == 1
    assert done.stderr.startswith("Sync failed: ")
    assert "The previous data is unchanged." in done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    assert (data_dir / "reference.sqlite").read_bytes() == good_store.read_bytes()


def test_stale_builds_of_dead_syncs_are_removed_live_ones_kept(tmp_path: Path) -> None:
    dest = tmp_path / "reference.sqlite"
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    stale = tmp_path / f".reference.sqlite.building-{int(dead.stdout)}"
    live = tmp_path / f".reference.sqlite.building-{os.getppid()}"
    other = tmp_path / ".other.sqlite.building-1"
    for path in (stale, live, other):
        path.write_bytes(b"half a store")
    assert remove_stale_builds(dest) == [stale]
    assert not stale.exists() and live.exists() and other.exists()


def test_a_sync_killed_mid_build_leaves_nothing_after_the_next(
    shared_data: Path, tmp_path: Path
) -> None:
    source = make_source(shared_data, tmp_path / "src", history=HISTORY, cards=True)
    data_dir = tmp_path / "data"
    env = {**os.environ, "RULESBOT_DATA_DIR": str(data_dir)}

    def sync() -> subprocess.Popen[str]:
        return subprocess.Popen(
            [sys.executable, "-m", "bot", "sync", "--from", str(source)],
            cwd=REPO_ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    def building() -> list[Path]:
        return sorted(data_dir.glob(".reference.sqlite.building-*"))

    victim = sync()
    deadline = time.monotonic() + 120
    while not building() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert building(), "the sync never started building"
    time.sleep(0.5)
    victim.send_signal(signal.SIGKILL)
    victim.communicate(timeout=60)
    assert building(), "the killed sync left its half-built store (that is what we clean up)"
    fresh = sync()
    _out, err = fresh.communicate(timeout=300)
    assert fresh.returncode == 0, err
    assert building() == []
    assert sorted(p.name for p in data_dir.iterdir()) == ["reference.sqlite"]
