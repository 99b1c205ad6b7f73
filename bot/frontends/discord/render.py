"""Reply -> Discord embeds, components' texts and autocomplete choices.

This is the one module that knows Discord's size limits; every other module asks it to fit text.
A reply too long for one embed is cut into pages with ``Reply.pages`` (each page one embed,
its sections written as bold headings in the description so rule numbers stay plain text that
can be copied into ``/rule``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import discord
from discord import app_commands

from bot.commands.reply import Reply, Section
from bot.errors import AmbiguousError, ScenarioError, UserError, suggestions_text
from bot.frontends.discord.slash_syntax import to_slash

# Discord's limits (https://discord.com/developers/docs/resources/message, .../interactions).
MESSAGE_CHARS = 2000
EMBED_TITLE_CHARS = 256
EMBED_DESCRIPTION_CHARS = 4096
EMBED_FOOTER_CHARS = 2048
EMBED_FIELDS = 25
EMBED_FIELD_NAME_CHARS = 256
EMBED_FIELD_VALUE_CHARS = 1024
EMBEDS_TOTAL_CHARS = 6000
AUTOCOMPLETE_CHOICES = 25
AUTOCOMPLETE_CHARS = 100
COMPONENT_ROWS = 5
BUTTONS_PER_ROW = 5
SELECT_OPTIONS = 25
SELECT_OPTION_CHARS = 100
BUTTON_LABEL_CHARS = 80
CUSTOM_ID_CHARS = 100
MODAL_TEXT_CHARS = 4000

# A page holds this much reply text: readable on a phone, and with headings' markup added it
# stays far below the 4,096-character description.
PAGE_CHARS = 1800
# The command list is read as one reference card, not a story: it gets one long page.
_PAGE_CHARS_BY_KIND = {"help": 3600}
# Our own cap on footers, so title + description + footer always fit the 6,000 total.
FOOTER_CHARS = 1024

ELLIPSIS = "…"

_COLOURS = {
    "card": 0x8E6D3B,
    "rulings": 0x8E6D3B,
    "document": 0x3B6E8E,
    "about": 0x5865F2,
    "help": 0x5865F2,
}
_DEFAULT_COLOUR = 0x2B7A4B
# A card's embed takes its colour (a gold for several, a grey for none).
_CARD_COLOURS = {"W": 0xF0E6C0, "U": 0x2A6FB5, "B": 0x3A3033, "R": 0xD3412C, "G": 0x2E8B57}
_MULTICOLOUR, _COLOURLESS = 0xD4AF37, 0x9AA0A6


def colour_of(page: Reply) -> int:
    card = page.data.get("card") if page.kind == "card" else None
    if isinstance(card, dict):
        colours = [c for c in card.get("colors") or () if c in _CARD_COLOURS]
        faces = card.get("faces") or ()
        if not colours and faces:  # double-faced cards carry colours per face
            colours = sorted(
                {c for face in faces for c in face.get("colors", ()) if c in _CARD_COLOURS}
            )
        if len(colours) > 1:
            return _MULTICOLOUR
        return _CARD_COLOURS[colours[0]] if colours else _COLOURLESS
    return _COLOURS.get(page.kind, _DEFAULT_COLOUR)


APOLOGY = "Sorry, something went wrong on our side; the details were logged."


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, with an ellipsis when something was cut."""
    if len(text) <= limit:
        return text
    return text[: max(0, limit - 1)].rstrip() + ELLIPSIS


def section_markdown(section: Section) -> str:
    heading = section.heading.strip()
    return f"**{heading}**\n{section.text}" if heading else section.text


def description_of(page: Reply) -> str:
    parts = [page.body] if page.body else []
    parts.extend(section_markdown(section) for section in page.sections)
    return "\n\n".join(parts)


def paginate(reply: Reply, page_chars: int | None = None) -> list[Reply]:
    """The reply's pages; every page's description fits one embed.

    ``Reply.pages`` counts text only, so many tiny sections could add more markup than the
    margin allows; the budget then shrinks until every page fits (it always does by 50).
    """
    budget = page_chars or _PAGE_CHARS_BY_KIND.get(reply.kind, PAGE_CHARS)
    while True:
        pages = reply.pages(budget)
        if all(len(description_of(p)) <= EMBED_DESCRIPTION_CHARS for p in pages) or budget <= 50:
            return pages
        budget = max(50, budget // 2)


def footer_text(page: Reply, number: int, total: int, note: str = "") -> str:
    parts = [page.footer] if page.footer else []
    if total > 1:
        parts.append(f"page {number}/{total}")
    if note:
        parts.append(note)
    return clip(" · ".join(parts), FOOTER_CHARS)


def render_page(page: Reply, number: int = 1, total: int = 1, note: str = "") -> discord.Embed:
    """One page of a reply as an embed (``number`` is 1-based)."""
    embed = discord.Embed(
        title=clip(page.title or "rulesbot", EMBED_TITLE_CHARS),
        description=clip(to_slash(description_of(page)), EMBED_DESCRIPTION_CHARS) or None,
        colour=colour_of(page),
        url=page.url if page.url and page.url.startswith(("https://", "http://")) else None,
    )
    for field in page.fields[:EMBED_FIELDS] if number == 1 else ():
        embed.add_field(
            name=clip(field.heading, EMBED_FIELD_NAME_CHARS),
            value=clip(field.text, EMBED_FIELD_VALUE_CHARS),
            inline=False,
        )
    footer = to_slash(footer_text(page, number, total, note))
    if footer:
        embed.set_footer(text=footer)
    return embed


@dataclass(frozen=True)
class RenderedPage:
    """What one message shows: its embed, which page of how many."""

    embed: discord.Embed
    number: int
    total: int


def render(reply: Reply, page: int = 1, note: str = "") -> RenderedPage:
    """Page ``page`` (1-based, clamped to the pages that exist) of ``reply``."""
    pages = paginate(reply)
    number = min(max(page, 1), len(pages))
    return RenderedPage(
        render_page(pages[number - 1], number, len(pages), note), number, len(pages)
    )


def reference_embed(line: str, answer: Reply | str) -> discord.Embed:
    """One inline reference's embed: its answer's first page, or what went wrong."""
    if isinstance(answer, str):
        return discord.Embed(
            title=clip(f"No answer for “{line}”", EMBED_TITLE_CHARS),
            description=clip(answer, EMBED_DESCRIPTION_CHARS),
            colour=0x99AAB5,
        )
    pages = paginate(answer)
    note = f"page 1/{len(pages)}: /{line.split(' ', 1)[0]} shows the rest" if len(pages) > 1 else ""
    return render_page(pages[0], note=note)


def embeds_fit(embeds: Sequence[discord.Embed]) -> bool:
    """Whether a message's embeds respect every limit (used by tests and as a guard)."""
    total = 0
    for embed in embeds:
        total += len(embed)
        if len(embed.title or "") > EMBED_TITLE_CHARS:
            return False
        if len(embed.description or "") > EMBED_DESCRIPTION_CHARS:
            return False
        if len(embed.footer.text or "") > EMBED_FOOTER_CHARS or len(embed.fields) > EMBED_FIELDS:
            return False
        for field in embed.fields:
            if len(field.name or "") > EMBED_FIELD_NAME_CHARS:
                return False
            if len(field.value or "") > EMBED_FIELD_VALUE_CHARS:
                return False
    return total <= EMBEDS_TOTAL_CHARS and len(embeds) <= 10


def message_text(text: str) -> str:
    return clip(text, MESSAGE_CHARS)


def user_error_text(error: UserError) -> str:
    """What a user sees for a ``UserError``: what was wrong, then what would work."""
    first = error.message
    if isinstance(error, ScenarioError) and error.position is not None:
        first = f"Statement {error.position}: {error.message}"
    lines = [first]
    if error.suggestions:
        label = "Which one" if isinstance(error, AmbiguousError) else "Did you mean"
        lines.append(suggestions_text(label, error.suggestions[:10]))
    if error.hint:
        lines.append(error.hint)
    return message_text(to_slash("\n".join(lines)))


def autocomplete_choices(
    items: Iterable[str | tuple[str, str]],
) -> list[app_commands.Choice[str]]:
    """At most 25 distinct choices, names and values of 1-100 characters.

    A value longer than 100 characters can't be sent back intact, so it is left out rather than
    cut (a cut value would look up something else); a long name is shortened.
    """
    choices: list[app_commands.Choice[str]] = []
    seen: set[str] = set()
    for item in items:
        name, value = (item, item) if isinstance(item, str) else item
        name = " ".join(name.split())
        if not value or len(value) > AUTOCOMPLETE_CHARS or value in seen or not name:
            continue
        seen.add(value)
        choices.append(app_commands.Choice(name=clip(name, AUTOCOMPLETE_CHARS), value=value))
        if len(choices) == AUTOCOMPLETE_CHOICES:
            break
    return choices


def button_label(text: str) -> str:
    return clip(" ".join(text.split()) or "…", BUTTON_LABEL_CHARS)


def option_text(text: str) -> str:
    return clip(" ".join(text.split()), SELECT_OPTION_CHARS)
