"""Parse Scryfall's bulk files (``oracle_cards`` and ``rulings``) into small frozen records.

The files are JSON arrays of up to ~35,000 objects (~150 MB for the real ``oracle_cards``), so
they are read as a stream of objects, never loaded whole.  Keys Scryfall leaves out are normal
(a creature has no loyalty, a double-faced card has its mana cost on its faces only) and become
``""`` or ``()``.

What is kept: every Oracle card and token (tokens are flagged by ``Card.is_token`` so name
lookups can prefer real cards: a "Goblin" query means no card, but "Ajani's Pridemate" should
never lose to a token of the same name).  What is skipped: ``art_series`` objects (an art card
carries the name of a real card but no rules) and anything whose ``object`` is not ``card``.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, TextIO

from bot.errors import DataError
from bot.records.cards import Card, CardFace, Ruling

# Scryfall layouts that are not game cards with rules of their own.
SKIPPED_LAYOUTS = frozenset({"art_series"})
READ_CHUNK = 1 << 20


def _text(obj: Mapping[str, Any], key: str) -> str:
    value = obj.get(key)
    return "" if value is None else str(value)


def _strings(obj: Mapping[str, Any], key: str) -> tuple[str, ...]:
    value = obj.get(key)
    if not isinstance(value, list):
        return ()
    return tuple(str(item) for item in value)


_LEGALITY_STATUSES = ("legal", "restricted", "banned")


def _legalities(obj: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    value = obj.get("legalities")
    if not isinstance(value, Mapping):
        return ()
    return tuple(
        (str(fmt), str(status)) for fmt, status in value.items() if status in _LEGALITY_STATUSES
    )


def parse_face(obj: Mapping[str, Any]) -> CardFace:
    return CardFace(
        name=_text(obj, "name"),
        mana_cost=_text(obj, "mana_cost"),
        type_line=_text(obj, "type_line"),
        oracle_text=_text(obj, "oracle_text"),
        power=_text(obj, "power"),
        toughness=_text(obj, "toughness"),
        loyalty=_text(obj, "loyalty"),
        defense=_text(obj, "defense"),
        colors=_strings(obj, "colors"),
    )


def parse_card(obj: Mapping[str, Any]) -> Card | None:
    """A ``Card`` from one object of the ``oracle_cards`` file, or None for objects we skip."""
    if obj.get("object", "card") != "card":
        return None
    layout = _text(obj, "layout") or "normal"
    name = _text(obj, "name")
    if layout in SKIPPED_LAYOUTS or not name:
        return None
    oracle_id = _text(obj, "oracle_id")
    faces_raw = obj.get("card_faces")
    faces = (
        tuple(parse_face(f) for f in faces_raw if isinstance(f, Mapping))
        if isinstance(faces_raw, list)
        else ()
    )
    if not oracle_id and faces_raw:
        # Reversible cards carry their oracle_id on the faces only.
        oracle_id = next((_text(f, "oracle_id") for f in faces_raw if f.get("oracle_id")), "")
    if not oracle_id:
        return None
    cmc = obj.get("cmc")
    return Card(
        oracle_id=oracle_id,
        name=name,
        layout=layout,
        mana_cost=_text(obj, "mana_cost"),
        cmc=float(cmc) if isinstance(cmc, int | float) else 0.0,
        type_line=_text(obj, "type_line"),
        oracle_text=_text(obj, "oracle_text"),
        power=_text(obj, "power"),
        toughness=_text(obj, "toughness"),
        loyalty=_text(obj, "loyalty"),
        defense=_text(obj, "defense"),
        colors=_strings(obj, "colors"),
        color_identity=_strings(obj, "color_identity"),
        keywords=_strings(obj, "keywords"),
        faces=faces,
        legalities=_legalities(obj),
    )


def parse_ruling(obj: Mapping[str, Any]) -> Ruling | None:
    if obj.get("object", "ruling") != "ruling":
        return None
    oracle_id, comment = _text(obj, "oracle_id"), _text(obj, "comment").strip()
    if not oracle_id or not comment:
        return None
    return Ruling(oracle_id, _text(obj, "source"), _text(obj, "published_at"), comment)


def open_text(path: Path) -> TextIO:
    """Open a bulk file as UTF-8 text, gzipped or not (by its first bytes, not its name)."""
    with path.open("rb") as probe:
        gzipped = probe.read(2) == b"\x1f\x8b"
    if gzipped:
        return gzip.open(path, "rt", encoding="utf-8")
    return path.open("r", encoding="utf-8")


def iter_json_array(
    stream: TextIO, *, label: str = "file", chunk_size: int = READ_CHUNK
) -> Iterator[dict[str, Any]]:
    """Yield the objects of a top-level JSON array one at a time, whatever its line layout."""
    decoder = json.JSONDecoder()
    buffer = stream.read(chunk_size)
    pos = 0
    eof = not buffer
    # Skip the opening bracket.
    while pos < len(buffer) and buffer[pos].isspace():
        pos += 1
    if pos >= len(buffer) or buffer[pos] != "[":
        raise DataError(f"The {label} is not a JSON array.")
    pos += 1
    while True:
        while pos < len(buffer) and (buffer[pos].isspace() or buffer[pos] == ","):
            pos += 1
        if pos < len(buffer) and buffer[pos] == "]":
            return
        try:
            if pos >= len(buffer):
                raise ValueError("need more")
            value, end = decoder.raw_decode(buffer, pos)
        except ValueError as error:
            # An object cut by the chunk boundary: read on and try again.
            if eof:
                raise DataError(f"The {label} ends in the middle of an object.") from error
            more = stream.read(chunk_size)
            eof = not more
            buffer = buffer[pos:] + more
            pos = 0
            continue
        if isinstance(value, dict):
            yield value
        pos = end


def iter_cards(path: Path) -> Iterator[Card]:
    """Every card of an ``oracle_cards`` bulk file (gzipped or not)."""
    with open_text(path) as stream:
        for obj in iter_json_array(stream, label=path.name):
            card = parse_card(obj)
            if card is not None:
                yield card


def iter_rulings(path: Path) -> Iterator[Ruling]:
    """Every ruling of a ``rulings`` bulk file (gzipped or not)."""
    with open_text(path) as stream:
        for obj in iter_json_array(stream, label=path.name):
            ruling = parse_ruling(obj)
            if ruling is not None:
                yield ruling
