"""``mtr`` and ``ipg``: sections of the Magic Tournament Rules and Infraction Procedure Guide."""

from __future__ import annotations

from functools import lru_cache

from bot.commands.context import CommandContext
from bot.commands.reply import Choice, Reply, Section, split_text
from bot.reference.docs import DocMatch, DocName, DocSection, DocsIndex
from bot.resources import load_toml

# Long parts are cut into sections this size so Reply.pages() can page them (a Discord embed
# field holds 1,024 characters).
SECTION_CHARS = 1000
MAX_CHILD_CHOICES = 20
# A weak free-text match shows its closest sections, each with this much of its definition, so
# the whole reply stays well inside one Discord message (2,000 characters).
CLOSEST_EXCERPT_CHARS = 260


async def mtr(ctx: CommandContext, query: str) -> Reply:
    """A section of the Magic Tournament Rules by number, title words or free text."""
    return doc_reply(ctx.reference.docs, "mtr", query)


async def ipg(ctx: CommandContext, query: str) -> Reply:
    """A section of the Infraction Procedure Guide by number, title words or free text."""
    return doc_reply(ctx.reference.docs, "ipg", query)


def doc_autocomplete(ctx: CommandContext, doc: DocName, prefix: str) -> list[tuple[str, str]]:
    """Choices for a partly typed ``mtr``/``ipg`` query: (label, value), at most 25."""
    return [(choice.name, choice.value) for choice in ctx.reference.docs.autocomplete(doc, prefix)]


def doc_reply(index: DocsIndex, doc: DocName, query: str) -> Reply:
    match = index.lookup(doc, query)
    if not match.confident:
        return _closest_reply(index, match, query)
    section = match.section
    info = index.document(section.doc)
    children = index.children(section)
    sections = list(_text_sections(section))
    if children:
        sections.extend(_text_sections_of("Contents", "\n".join(c.heading for c in children)))
    if match.also:
        also = "\n".join(f"{s.doc.upper()} {s.heading}" for s in match.also)
        sections.append(Section("See also", also))
    return Reply(
        title=f"{section.doc.upper()} {section.heading}",
        body=_body(match, query),
        sections=tuple(sections),
        footer=info.footer,
        kind="document",
        data={
            "doc": section.doc,
            "number": section.number,
            "title": section.title,
            "penalty": section.penalty,
            "effective_date": info.effective_date,
            "matched_by": match.matched_by,
            "confident": True,
            "also": [s.number for s in match.also],
        },
        choices=_choices(index, section, children),
        url=document_page(section.doc),
    )


def _closest_reply(index: DocsIndex, match: DocMatch, query: str) -> Reply:
    """No section clearly answers: the closest ones, each with its penalty and the start of
    its definition, and none presented as the answer."""
    candidates = (match.section, *match.also)
    doc = match.section.doc
    info = index.document(doc)
    asked = " ".join(query.split())[:60]
    lines = [f"No one section clearly matches “{asked}”. Closest matches:"]
    lines += [f"• **{doc.upper()} {s.number}** {s.title}{_penalty_note(s)}" for s in candidates]
    lines.append("Pick one to read it, or say more about what happened.")
    return Reply(
        title=f"{doc.upper()}: closest matches",
        body="\n".join(lines),
        sections=tuple(
            Section(f"{s.number} {s.title}", _excerpt(s, CLOSEST_EXCERPT_CHARS)) for s in candidates
        ),
        footer=info.footer,
        kind="document",
        data={
            "doc": doc,
            "number": None,
            "title": None,
            "penalty": None,
            "effective_date": info.effective_date,
            "matched_by": match.matched_by,
            "confident": False,
            "closest": [
                {"number": s.number, "title": s.title, "penalty": s.penalty} for s in candidates
            ],
        },
        choices=tuple(
            Choice(f"{s.number} {s.title}"[:80], f"{doc} {s.number}", s.penalty or "")
            for s in candidates
        ),
        url=document_page(doc),
    )


def _penalty_note(section: DocSection) -> str:
    return f" — penalty: {section.penalty}" if section.penalty else ""


def _excerpt(section: DocSection, limit: int) -> str:
    """The start of a section's definition (or its text), cut at a word."""
    parts = [p for p in section.parts if p.heading == "Definition"] or list(section.parts)
    text = " ".join(parts[0].text.split()) if parts else ""
    if len(text) <= limit:
        return text
    return text[: limit - 1].rsplit(" ", 1)[0] + "…"


def _body(match: DocMatch, query: str) -> str:
    lines = []
    if match.matched_by == "text":
        lines.append(f"Best match for “{' '.join(query.split())[:60]}”.")
    if match.section.penalty:
        lines.append(f"**Penalty:** {match.section.penalty}")
    return "\n".join(lines)


def _text_sections(section: DocSection) -> list[Section]:
    out: list[Section] = []
    for i, part in enumerate(section.parts):
        heading = part.heading or section.heading
        if i == 0 and part.heading:
            heading = f"{section.heading} — {part.heading}"
        out.extend(_text_sections_of(heading, part.text))
    return out


def _text_sections_of(heading: str, text: str) -> list[Section]:
    chunks = split_text(text, SECTION_CHARS)
    return [
        Section(heading if i == 0 else f"{heading} (cont.)", chunk)
        for i, chunk in enumerate(chunks)
    ]


def _choices(
    index: DocsIndex, section: DocSection, children: tuple[DocSection, ...]
) -> tuple[Choice, ...]:
    command = section.doc
    if children:
        return tuple(
            Choice(child.heading[:80], f"{command} {child.number}")
            for child in children[:MAX_CHILD_CHOICES]
        )
    before, after = index.neighbours(section)
    choices = []
    if before is not None:
        choices.append(Choice(f"◀ {before.label}", f"{command} {before.number}", before.title))
    if after is not None:
        choices.append(Choice(f"{after.label} ▶", f"{command} {after.number}", after.title))
    return tuple(choices)


@lru_cache(maxsize=1)
def _sources() -> dict[str, dict[str, str]]:
    try:
        return load_toml("doc_sources.toml")
    except (OSError, ValueError):
        return {}


def document_page(doc: str) -> str | None:
    """The public page where the current version of the document is published."""
    entry = _sources().get(doc, {})
    page = entry.get("page")
    return page if isinstance(page, str) and page.startswith("https://") else None
