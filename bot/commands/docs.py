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
            "also": [s.number for s in match.also],
        },
        choices=_choices(index, section, children),
        url=document_page(section.doc),
    )


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
