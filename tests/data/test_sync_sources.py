"""`rulesbot sync` fetches every source it names, from a loopback HTTP server.

The server plays the official sites: Wizards' rules page and the CR text file, Scryfall's
bulk-data index and files, the WPN rules-documents page and the MTR/IPG PDFs, Riot's Rules Hub
with the Core Rules PDF, and the Riftbound card gallery page.  Every file it serves is a recorded
copy of the real data under ../shared/data (PDFs are printed from the real text, since the
official PDFs can't be kept here).  Nothing is mocked below the HTTP layer: the downloads, PDF
reading, validation, import and the atomic swap all run as they do against the real sites.
"""

from __future__ import annotations

import gzip
import html
import json
import re
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from bot.app import sync_online
from bot.commands.context import Caller, Services
from bot.data.download import SourceResult
from bot.errors import DataError, UserError
from bot.frontends.console import run_line
from bot.frontends.text import render_text
from bot.reference.store import Reference
from bot.settings import Settings
from tests.data.pdf_maker import riftbound_rules_lines, text_pdf

# Enough real cards to check lookups without importing all 34,000 in every sync.
CARD_SAMPLE = 1500
WANTED_CARDS = ("Lightning Bolt", "Counterspell", "Spellskite")


class Mirror:
    """The recorded files, by path, served on 127.0.0.1; ``missing`` paths answer 404."""

    def __init__(self) -> None:
        self.files: dict[str, bytes] = {}
        self.missing: set[str] = set()
        self.hits: list[str] = []
        mirror = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                mirror.hits.append(self.path)
                body = mirror.files.get(self.path)
                if body is None or self.path in mirror.missing:
                    self.send_error(404)
                    return
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def url(self, path: str) -> str:
        return self.base + path


def _cards_sample(shared: Path) -> tuple[bytes, bytes]:
    with gzip.open(shared / "mtg-cards" / "oracle-cards.json.gz", "rt", encoding="utf-8") as f:
        cards = json.load(f)
    from bot.data.cards_import import CANARY_CARDS

    wanted = {*WANTED_CARDS, *CANARY_CARDS}  # the importer checks these are there
    kept = cards[:CARD_SAMPLE] + [c for c in cards if c["name"] in wanted]
    ids = {card["oracle_id"] for card in kept}
    with gzip.open(shared / "mtg-cards" / "rulings.json.gz", "rt", encoding="utf-8") as f:
        rulings = [r for r in json.load(f) if r["oracle_id"] in ids]
    return json.dumps(kept).encode(), json.dumps(rulings).encode()


def _gallery_page(shared: Path) -> bytes:
    """A gallery page that embeds the cards as the site's rendering data, values nested in
    ``{"value": {"id", "label"}}`` objects (the flat export shape is read too)."""
    export = json.loads((shared / "riftbound" / "cards.json").read_text(encoding="utf-8"))
    items = []
    for card in export["cards"]:
        items.append(
            {
                "id": card["id"],
                "name": card["name"],
                "publicCode": card["publicCode"],
                "collectorNumber": card["collectorNumber"],
                "set": {"value": {"id": card["setId"].lower(), "label": card["set"]}},
                "domain": {"values": [{"id": d.lower(), "label": d} for d in card["domains"]]},
                "rarity": {"value": {"label": card["rarity"]}},
                "cardType": {"type": [{"label": t} for t in card["cardTypes"]]},
                "superType": {"values": [{"label": t} for t in card["superTypes"]]},
                "energy": {"value": {"id": card["energy"], "label": card["energy"]}},
                "might": {"value": {"label": card["might"]}},
                "power": {"value": {"label": card["power"]}},
                "tags": card["tags"],
                "text": {"richText": {"body": f"<p>{html.escape(card['abilityText'])}</p>"}},
                "cardImage": {"url": card["imageUrl"]},
            }
        )
    data = {"props": {"pageProps": {"page": {"blades": [{"type": "riftboundCardGallery",
                                                         "cards": {"items": items}}]}}}}  # fmt: skip
    page = (
        "<!DOCTYPE html><html><head><title>Card Gallery | Riftbound</title></head><body>"
        '<div id="__next"></div><script id="__NEXT_DATA__" type="application/json">'
        f"{json.dumps(data)}</script></body></html>"
    )
    return page.encode()


@pytest.fixture(scope="module")
def mirror(shared_data: Path) -> Iterator[Mirror]:
    mirror = Mirror()
    cr = shared_data / "mtg-cr"
    oracle, rulings = _cards_sample(shared_data)
    docs = shared_data / "mtg-docs"
    mirror.files.update(
        {
            "/cr/MagicCompRules%2020251114.txt": (cr / "history" / "2025-11-14.txt").read_bytes(),
            "/cr/MagicCompRules%2020260116.txt": (cr / "MagicCompRules-20260116.txt").read_bytes(),
            "/scryfall/oracle-cards.json": oracle,
            "/scryfall/rulings.json": rulings,
            "/wpn/MTG_MTR_2025_Apr_21_EN.pdf": text_pdf(
                (docs / "MTG_MTR_2025_Apr_21_EN.derived.txt").read_text("utf-8").splitlines()
            ),
            "/wpn/MTG_IPG_2024Sep23_EN.pdf": text_pdf(
                (docs / "MTG_IPG_2024Sep23_EN.derived.txt").read_text("utf-8").splitlines()
            ),
            "/riot/Riftbound_Core_Rules_v1.3.pdf": text_pdf(riftbound_rules_lines(shared_data)),
            "/riot/card-gallery/": _gallery_page(shared_data),
        }
    )
    serve_rules(mirror, "20251114")
    index = {
        "data": [
            {
                "type": kind,
                "download_uri": mirror.url(f"/scryfall/{kind.replace('_', '-')}.json"),
                "updated_at": "2026-11-20T09:00:00+00:00",
            }
            for kind in ("oracle_cards", "rulings")
        ]
    }
    mirror.files["/scryfall/bulk-data"] = json.dumps(index).encode()
    mirror.files["/wpn/rules-documents"] = (
        # An older MTR beside the current one: the newest by the date in its name is taken.
        f'<a href="{mirror.url("/wpn/MTG_MTR_2024_Jun_07_EN.pdf")}">old</a>'
        f'<a href="{mirror.url("/wpn/MTG_MTR_2025_Apr_21_EN.pdf")}">MTR</a>'
        f'<a href="{mirror.url("/wpn/MTG_IPG_2024Sep23_EN.pdf")}">IPG</a>'
    ).encode()
    mirror.files["/riot/rules-hub/"] = (
        f'<a href="{mirror.url("/riot/Riftbound_Tournament_Rules.pdf")}">Tournament</a>'
        f'<a href="{mirror.url("/riot/Riftbound_Core_Rules_v1.3.pdf")}">Core Rules</a>'
    ).encode()
    mirror.thread.start()
    yield mirror
    mirror.server.shutdown()
    mirror.server.server_close()


@pytest.fixture(autouse=True)
def card_sample_is_enough(monkeypatch: pytest.MonkeyPatch) -> None:
    """The mirror serves a sample of the real cards; the importer's floor for a whole catalogue
    (a truncated download has far fewer) is lowered to the sample's size for these tests."""
    import bot.data.cards_import

    monkeypatch.setattr(bot.data.cards_import, "MIN_CARDS", CARD_SAMPLE)
    monkeypatch.setattr(bot.data.cards_import, "MIN_RULINGS", 1000)


def serve_rules(mirror: Mirror, date: str) -> None:
    """Wizards' rules page, linking the CR of ``date`` as the current one."""
    mirror.files["/rules"] = (
        f'<a href="{mirror.url(f"/cr/MagicCompRules%20{date}.txt")}">TXT</a>'.encode()
    )


def sources_file(mirror: Mirror, folder: Path) -> Path:
    loopback = re.escape(mirror.base)
    path = folder / "sources.toml"
    path.write_text(
        f"""
[mtg_cr]
page = "{mirror.url("/rules")}"
link_pattern = '''{loopback}/cr/[^"'<>\\n]+?\\.txt'''
dest = "mtg-cr"

[scryfall]
index = "{mirror.url("/scryfall/bulk-data")}"
types = ["oracle_cards", "rulings"]
dest = "mtg-cards"
user_agent = "rulesbot-tests/1.0"

[tournament_docs]
page = "{mirror.url("/wpn/rules-documents")}"
mtr_pattern = '''{loopback}/wpn/MTG_MTR_[^"'<>\\s]*_EN\\.pdf'''
ipg_pattern = '''{loopback}/wpn/MTG_IPG_[^"'<>\\s]*_EN\\.pdf'''
dest = "mtg-docs"

[riftbound_rules]
page = "{mirror.url("/riot/rules-hub/")}"
link_pattern = '''{loopback}/riot/[^"'<>\\s]+?\\.pdf'''
dest = "riftbound"

[riftbound_cards]
page = "{mirror.url("/riot/card-gallery/")}"
dest = "riftbound"
""",
        encoding="utf-8",
    )
    return path


async def ask(settings: Settings, line: str) -> str:
    services = Services(settings=settings, reference=Reference(settings.reference_db))
    try:
        reply = await run_line(services, Caller(user="tester", channel="c", guild="g"), line)
    finally:
        services.reference.close()
    if isinstance(reply, UserError):
        return f"error: {reply}"
    assert reply is not None, line
    return render_text(reply)


def outcomes(results: tuple[SourceResult, ...]) -> dict[str, str]:
    return {result.name: result.status for result in results}


async def test_sync_fetches_every_source_and_reports_each(mirror: Mirror, tmp_path: Path) -> None:
    settings = Settings(
        data_dir=tmp_path / "data",
        db_path=tmp_path / "games.sqlite",
        sources_file=sources_file(mirror, tmp_path),
    )
    first = sync_online(settings)
    assert outcomes(first.sources) == {
        "Comprehensive Rules": "updated",
        "MTG cards (Scryfall)": "updated",
        "Tournament Rules and IPG": "updated",
        "Riftbound core rules": "updated",
        "Riftbound cards": "updated",
    }
    assert "/wpn/MTG_MTR_2024_Jun_07_EN.pdf" not in mirror.hits  # only the newest is fetched
    assert first.meta["mtr_effective"] == "2025-04-21"
    assert first.meta["ipg_effective"] == "2024-09-23"
    # Every kind of data answers, from what was downloaded.
    assert "Tiebreakers" in await ask(settings, "mtr 3.1")
    ipg = await ask(settings, "ipg 2.1")
    assert "Missed Trigger" in ipg and "No Penalty" in ipg and "Upgrade" in ipg
    assert "Targeting" in await ask(settings, "rule 355.6 game:riftbound")
    assert "Blazing Scorcher" in await ask(settings, "card blazing scorcher game:riftbound")
    assert "Lightning Bolt" in await ask(settings, "card lightning bolt")
    assert first.meta["cr_effective_date"] == "2025-11-14"

    # Nothing changed upstream: every source says so, and the data still answers.
    second = sync_online(settings)
    assert set(outcomes(second.sources).values()) == {"unchanged"}

    # A newer CR is published and the gallery is down: the CR is updated, the older CR stays in
    # the history ("as of"), and the cards from the last sync are kept.
    serve_rules(mirror, "20260116")
    mirror.missing.add("/riot/card-gallery/")
    try:
        third = sync_online(settings)
    finally:
        mirror.missing.clear()
    by_name = {result.name: result for result in third.sources}
    assert by_name["Comprehensive Rules"].status == "updated"
    assert by_name["Riftbound cards"].status == "unavailable"
    assert "404" in by_name["Riftbound cards"].detail
    assert "kept the previous copy" in by_name["Riftbound cards"].detail
    assert third.meta["cr_effective_date"] == "2026-01-16"
    history = settings.data_dir / "sources" / "mtg-cr" / "history"
    assert (history / "2025-11-14.txt").exists()
    assert "2025-11-14" in await ask(settings, "rule 702.11 as of 2025-11-14")
    assert "Blazing Scorcher" in await ask(settings, "card blazing scorcher game:riftbound")


async def test_the_history_can_be_seeded_from_a_folder(
    mirror: Mirror, shared_data: Path, tmp_path: Path
) -> None:
    seeds = tmp_path / "seeds"
    seeds.mkdir()
    (seeds / "2009-10-01.txt").write_bytes(
        (shared_data / "mtg-cr" / "history" / "2009-10-01.txt").read_bytes()
    )
    settings = Settings(
        data_dir=tmp_path / "data",
        db_path=tmp_path / "games.sqlite",
        sources_file=sources_file(mirror, tmp_path),
    )
    sync_online(settings, history_from=seeds)
    answer = await ask(settings, "rule 113.1 as of 2009-10-01")
    assert "2009-10-01" in answer and "target" in answer.lower()


def test_a_truncated_pdf_is_unavailable_and_changes_nothing(mirror: Mirror, tmp_path: Path) -> None:
    """A cut download of an optional source is refused and reported; the rest still syncs."""
    whole = mirror.files["/wpn/MTG_IPG_2024Sep23_EN.pdf"]
    mirror.files["/wpn/MTG_IPG_2024Sep23_EN.pdf"] = whole[: len(whole) // 3]
    try:
        settings = Settings(
            data_dir=tmp_path / "data",
            db_path=tmp_path / "games.sqlite",
            sources_file=sources_file(mirror, tmp_path),
        )
        report = sync_online(settings)
    finally:
        mirror.files["/wpn/MTG_IPG_2024Sep23_EN.pdf"] = whole
    result = {r.name: r for r in report.sources}["Tournament Rules and IPG"]
    assert result.status == "unavailable" and "none imported yet" in result.detail
    assert "Tournament documents" in report.skipped
    assert not list((settings.data_dir / "sources").rglob("*.pdf.part"))


def test_plain_http_is_refused_except_on_loopback() -> None:
    from bot.data.download import fetch_text

    with pytest.raises(DataError, match="non-https"):
        fetch_text("http://example.com/rules", "tests")
