"""Riftbound's cards from the official card gallery page, as the ``cards.json`` the importer reads.

The gallery (``riftbound.leagueoflegends.com/<locale>/card-gallery/``) has no documented API:
the page is rendered from a JSON document embedded in it (``<script id="__NEXT_DATA__"
type="application/json">``) that holds every card.  Its field names are the gallery's own and
may nest a value in ``{"value": {"id": ..., "label": ...}}`` objects, so this reader looks for
card-shaped objects anywhere in that document and takes each field in either its flat form
(``"set": "Origins"``, as ``cards.json`` exports have it) or its nested form.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator, Mapping
from typing import Any

from bot.errors import DataError

_EMBEDDED = re.compile(
    r"<script[^>]*\bid=[\"']__NEXT_DATA__[\"'][^>]*>(?P<json>.*?)</script>", re.S | re.I
)
_TAG = re.compile(r"<[^>]+>")
# The gallery holds hundreds of cards; far fewer means the page changed or was cut short.
MIN_CARDS = 100


def gallery_document(page: str, *, origin: str, updated: str) -> dict[str, Any]:
    """The ``cards.json`` document for the cards embedded in the gallery ``page``."""
    match = _EMBEDDED.search(page)
    if match is None:
        raise DataError(
            "The Riftbound card gallery page has no embedded card data (__NEXT_DATA__)."
        )
    try:
        data = json.loads(match.group("json"))
    except json.JSONDecodeError as error:
        raise DataError(
            f"The Riftbound card gallery's embedded data is not JSON: {error}"
        ) from error
    cards: dict[str, dict[str, Any]] = {}
    for raw in _card_objects(data):
        card = normalise_card(raw)
        cards.setdefault(card["id"], card)
    if len(cards) < MIN_CARDS:
        raise DataError(
            f"The Riftbound card gallery page held only {len(cards)} cards; it may have changed."
        )
    ordered = sorted(cards.values(), key=lambda c: (c["setId"], c["collectorNumber"], c["id"]))
    return {
        "source": "Riftbound Official Card Gallery",
        "originUrl": origin,
        "updatedAt": updated,
        "count": len(ordered),
        "cards": ordered,
    }


def _card_objects(value: Any) -> Iterator[Mapping[str, Any]]:
    """Every object that looks like a card: a name, a collector number and a card type."""
    if isinstance(value, Mapping):
        if (
            isinstance(value.get("name"), str)
            and ("collectorNumber" in value or "publicCode" in value)
            and ("cardTypes" in value or "cardType" in value)
        ):
            yield value
            return
        for item in value.values():
            yield from _card_objects(item)
    elif isinstance(value, list):
        for item in value:
            yield from _card_objects(item)


def normalise_card(raw: Mapping[str, Any]) -> dict[str, Any]:
    """One card in ``cards.json``'s flat shape, whichever shape the gallery gave it in."""
    card_set = raw.get("set")
    card_types = _labels(raw.get("cardTypes", raw.get("cardType")))
    text = raw.get("abilityText")
    if text is None:
        text = _rich_text(raw.get("text") or raw.get("description"))
    public_code = _label(raw.get("publicCode"))
    name = _label(raw.get("name"))
    card_id = _label(raw.get("id")) or public_code.lower().replace("/", "-") or name.casefold()
    if not card_types:
        raise DataError(f"The Riftbound card gallery lists {name!r} with no card type.")
    return {
        "id": card_id,
        "name": name,
        "publicCode": public_code,
        "collectorNumber": _int(raw.get("collectorNumber")),
        "set": _label(card_set),
        "setId": _label(raw.get("setId")) or _id(card_set),
        "domains": _labels(raw.get("domains", raw.get("domain"))),
        "rarity": _label(raw.get("rarity")),
        "cardTypes": card_types,
        "superTypes": _labels(raw.get("superTypes", raw.get("superType"))),
        "energy": _label(raw.get("energy")),
        "might": _label(raw.get("might")),
        "power": _label(raw.get("power")),
        "tags": _labels(raw.get("tags")),
        "imageUrl": _label(raw.get("imageUrl")) or _url(raw.get("cardImage")),
        "abilityText": text,
    }


def _label(value: Any) -> str:
    """``"Origins"``, ``{"label": "Origins"}``, ``{"value": {"label": "Origins"}}`` -> Origins."""
    if value is None:
        return ""
    if isinstance(value, str | int | float) and not isinstance(value, bool):
        return str(value).strip()
    if isinstance(value, Mapping):
        for key in ("label", "value", "name", "text"):
            if key in value:
                return _label(value[key])
        return ""
    if isinstance(value, list) and value:
        return _label(value[0])
    return ""


def _id(value: Any) -> str:
    if isinstance(value, Mapping):
        if isinstance(value.get("id"), str):
            return str(value["id"]).upper()
        return _id(value.get("value"))
    return ""


def _labels(value: Any) -> list[str]:
    """A list of labels from a list, a ``{"values": [...]}`` object or one value."""
    if value is None or value == "":
        return []
    if isinstance(value, Mapping):
        for key in ("values", "types", "type", "items"):
            if key in value:
                return _labels(value[key])
        label = _label(value)
        return [label] if label else []
    if isinstance(value, list):
        return [label for label in (_label(item) for item in value) if label]
    return [_label(value)]


def _rich_text(value: Any) -> str:
    """The card's rules text from a rich-text object (HTML body) or a plain string."""
    if isinstance(value, Mapping):
        for key in ("richText", "body", "value", "text"):
            if key in value:
                return _rich_text(value[key])
        return ""
    if not isinstance(value, str):
        return ""
    text = re.sub(r"<br\s*/?>|</p>\s*<p[^>]*>", "\n", value)
    return html.unescape(_TAG.sub("", text)).strip()


def _url(value: Any) -> str:
    if isinstance(value, Mapping):
        return str(value.get("url", "")) or _url(value.get("value"))
    return value if isinstance(value, str) else ""


def _int(value: Any) -> int:
    try:
        return int(_label(value))
    except ValueError:
        return 0
