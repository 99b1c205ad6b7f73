"""``card`` and ``rulings``: a card's Oracle text and its official rulings."""

from __future__ import annotations

from urllib.parse import quote

from bot.commands.context import CommandContext
from bot.commands.reply import Reply, Section, literal
from bot.engine.wording import and_list, counted
from bot.errors import UsageError
from bot.records.cards import Card, CardFace, Ruling

CARD_HINT = "For example: `card Lightning Bolt` (misspellings and nicknames are fine)."


def _cards_footer(ctx: CommandContext, what: str = "Oracle text") -> str:
    meta = ctx.reference.meta
    date = meta.get("cards_date", "an unknown date")
    if meta.get("cards_date_kind") == "updated":  # Scryfall's own date for the data
        return f"{what} as of {date} (Scryfall card data)"
    # The source carried no date: the day it was imported is all that is known.
    return f"{what} imported on {date} (Scryfall card data)"


def scryfall_url(name: str) -> str:
    """The card's page on Scryfall: an exact-name search, which lands on the card."""
    return "https://scryfall.com/search?q=" + quote(f'!"{name}"')


def _stats(power: str, toughness: str, loyalty: str, defense: str) -> list[str]:
    lines = []
    if power or toughness:
        lines.append(f"Power/toughness: {power}/{toughness}")
    if loyalty:
        lines.append(f"Loyalty: {loyalty}")
    if defense:
        lines.append(f"Defense: {defense}")
    return lines


def _face_text(type_line: str, oracle_text: str, stats: list[str]) -> str:
    # The card's own words are shown as written (Tarmogoyf's "*/1+*" is not italics).
    lines = [f"*{literal(type_line)}*"] if type_line else []
    if oracle_text:
        lines.append(literal(oracle_text))
    lines.extend(map(literal, stats))
    return "\n".join(lines) or "(no text)"


def _heading(name: str, mana_cost: str) -> str:
    return literal(f"{name} {mana_cost}".strip())


def _face_section(face: CardFace) -> Section:
    stats = _stats(face.power, face.toughness, face.loyalty, face.defense)
    return Section(
        _heading(face.name, face.mana_cost), _face_text(face.type_line, face.oracle_text, stats)
    )


def card_sections(card: Card) -> tuple[Section, ...]:
    """One section per face (a single-faced card has one)."""
    if card.faces:
        return tuple(_face_section(face) for face in card.faces)
    stats = _stats(card.power, card.toughness, card.loyalty, card.defense)
    return (
        Section(
            _heading(card.name, card.mana_cost), _face_text(card.type_line, card.oracle_text, stats)
        ),
    )


# The formats judges ask about, in the order they are usually named; others follow by name.
_FORMAT_ORDER = ("standard", "pioneer", "modern", "legacy", "vintage", "commander", "pauper")
_STATUS_WORDS = {"legal": "Legal", "restricted": "Restricted", "banned": "Banned"}


def legality_line(card: Card) -> str:
    """``Legal: Modern, Legacy · Banned: Pauper`` from the card data ('' when it has none)."""

    def order(fmt: str) -> tuple[int, str]:
        return (_FORMAT_ORDER.index(fmt) if fmt in _FORMAT_ORDER else len(_FORMAT_ORDER), fmt)

    parts = []
    for status, word in _STATUS_WORDS.items():
        formats = sorted((fmt for fmt, st in card.legalities if st == status), key=order)
        if formats:
            parts.append(f"{word}: {', '.join(fmt.capitalize() for fmt in formats)}")
    if parts and not set(_FORMAT_ORDER) <= {fmt for fmt, _ in card.legalities}:
        # Scryfall lists every format (not_legal included); a copy that names only some of
        # them is partial, and a missing format must not read as "not legal" (QA 23 M10).
        parts.append("other formats not in the card data (see Scryfall)")
    return " · ".join(parts)


def _summary(card: Card) -> str:
    parts = []
    if card.faces:
        named = [n.strip() for n in card.name.split("//")]
        shown = len(card.faces)
        parts.append(f"{card.layout.replace('_', ' ')} card with {counted(shown, 'face')}")
        if len(named) > shown:
            # "Cease // Desist" with one face in the card data: say the other is missing,
            # rather than show half a card as if whole (QA 23 U4).
            missing = [n for n in named if n not in {f.name for f in card.faces}]
            parts.append(f"the card data is missing {and_list(missing) or 'a face'}: see Scryfall")
    parts.append(f"mana value {card.cmc:g}")
    identity = "".join(card.color_identity) or "colorless"
    parts.append(f"color identity {identity}")
    return " · ".join(parts)


def _require_name(name: str, command: str) -> str:
    if not name.strip():
        raise UsageError(
            f"`{command}` needs a card name.", hint=CARD_HINT.replace("card ", f"{command} ", 1)
        )
    return name


async def card(ctx: CommandContext, name: str) -> Reply:
    """A card's name, cost, type line, Oracle text and stats, one section per face."""
    cards = ctx.reference.cards
    found = cards.resolve(_require_name(name, "card"))
    body = _summary(found)
    legal = legality_line(found)
    if cards.exact(name) is None:
        body = f"Closest match for “{' '.join(name.split())[:60]}”.\n{body}"
    return Reply(
        title=found.name,
        body=body,
        sections=card_sections(found),
        footer=_cards_footer(ctx),
        kind="card",
        url=scryfall_url(found.name),
        fields=(Section("Formats", legal),) if legal else (),
        data={"card": found.to_dict(), "cards_date": ctx.reference.meta.get("cards_date", "")},
    )


def _ruling_section(ruling: Ruling) -> Section:
    source = "" if ruling.source in ("", "wotc") else f" ({ruling.source})"
    return Section(f"{ruling.published_at or 'Undated'}{source}", literal(ruling.comment))


async def rulings(ctx: CommandContext, name: str) -> Reply:
    """A card's official rulings, oldest first, one section per ruling (pages split them)."""
    cards = ctx.reference.cards
    found = cards.resolve(_require_name(name, "rulings"))
    found_rulings = cards.rulings(found)
    data = {
        "card": found.name,
        "oracle_id": found.oracle_id,
        "rulings": [
            {"published_at": r.published_at, "source": r.source, "comment": r.comment}
            for r in found_rulings
        ],
    }
    if not found_rulings:
        return Reply(
            title=f"Rulings for {found.name}",
            body=f"{found.name} has no official rulings in the card data.",
            footer=_cards_footer(ctx, "Rulings"),
            kind="rulings",
            data=data,
        )
    count = len(found_rulings)
    return Reply(
        title=f"Rulings for {found.name}",
        body=f"{count} official ruling{'s' if count != 1 else ''}, oldest first.",
        sections=tuple(_ruling_section(r) for r in found_rulings),
        footer=_cards_footer(ctx, "Rulings"),
        kind="rulings",
        data=data,
    )


def card_autocomplete(ctx: CommandContext, prefix: str) -> list[str]:
    """Up to 25 card names for a partly typed one, best first (for Discord's autocomplete)."""
    return ctx.reference.cards.autocomplete(prefix, limit=25)
