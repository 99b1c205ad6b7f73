"""The ``rule`` and ``search`` commands: Comprehensive Rules answers as ``Reply`` objects."""

from __future__ import annotations

from typing import Any

from bot.commands.context import CommandContext
from bot.commands.reply import Reply, Section
from bot.reference.rules import (
    ChapterAnswer,
    RuleAnswer,
    RuleEntry,
    RuleIndex,
    RuleResult,
    SearchAnswer,
    SectionAnswer,
    TermAnswer,
)


async def rule(ctx: CommandContext, query: str) -> Reply:
    """Look up a rule number, section, chapter, glossary term, slang word or question.

    ``N as of DATE``, ``history N`` and ``diff N DATE [DATE]`` answer from the rules history.
    """
    from bot.commands.rules_history import route

    index = ctx.reference.rules
    routed = route(lambda: ctx.reference.rule_history, query, render)
    if routed is not None:
        return routed
    return render(index.lookup(query), _footer(ctx, index))


async def search(ctx: CommandContext, text: str) -> Reply:
    """Free-text search over the current rules and glossary, best matches first."""
    index = ctx.reference.rules
    return render(index.search(text), _footer(ctx, index))


def rule_autocomplete(ctx: CommandContext, prefix: str) -> list[tuple[str, str]]:
    """Choices for a partly typed ``rule`` query (at most 25, labels at most 100 chars)."""
    return ctx.reference.rules.autocomplete(prefix, limit=25)


def _footer(ctx: CommandContext, index: RuleIndex) -> str:
    date = ctx.reference.meta.get("cr_effective_date") or index.current_version
    return version_footer(date)


def version_footer(version: str) -> str:
    return f"Comprehensive Rules effective {version}"


def render(result: RuleResult, footer: str | None = None) -> Reply:
    """Turn any lookup result into a reply whose headings cite the rule numbers."""
    footer = footer or version_footer(result.version)
    if isinstance(result, RuleAnswer):
        return _render_rule(result, footer)
    if isinstance(result, SectionAnswer):
        return _render_section(result, footer)
    if isinstance(result, ChapterAnswer):
        return _render_chapter(result, footer)
    if isinstance(result, TermAnswer):
        return _render_term(result, footer)
    return _render_search(result, footer)


def _rule_text(entry: RuleEntry) -> str:
    return "\n".join([entry.text, *(f"Example: {example}" for example in entry.examples)])


def _rule_section(entry: RuleEntry) -> Section:
    return Section(heading=entry.number, text=_rule_text(entry) or "(no text)")


def _rule_data(entry: RuleEntry) -> dict[str, Any]:
    return {"number": entry.number, "text": entry.text, "examples": list(entry.examples)}


def _render_rule(answer: RuleAnswer, footer: str) -> Reply:
    entries = (answer.rule, *answer.subrules)
    context = f" ({answer.section.number}. {answer.section.text})" if answer.section.text else ""
    return Reply(
        title=f"{answer.rule.number}{context}",
        sections=tuple(_rule_section(entry) for entry in entries),
        footer=footer,
        data={
            "kind": "rule",
            "version": answer.version,
            "section": {"number": answer.section.number, "title": answer.section.text},
            "rules": [_rule_data(entry) for entry in entries],
        },
    )


def _render_section(answer: SectionAnswer, footer: str) -> Reply:
    # An index: one entry per line ("702.2 Deathtouch"), not a heading and a line for each.
    lines = "\n".join(
        f"**{entry.number}** {' '.join((_rule_text(entry) or '(no text)').split())}"
        for entry in answer.rules
    )
    return Reply(
        title=f"{answer.number}. {answer.title}",
        sections=(Section(heading="", text=lines),),
        footer=footer,
        data={
            "kind": "section",
            "version": answer.version,
            "number": answer.number,
            "title": answer.title,
            "rules": [_rule_data(entry) for entry in answer.rules],
        },
    )


def _render_chapter(answer: ChapterAnswer, footer: str) -> Reply:
    lines = "\n".join(f"{entry.number}. {entry.text}" for entry in answer.sections)
    return Reply(
        title=f"{answer.number}. {answer.title}",
        sections=(Section(heading=f"Sections of chapter {answer.number}", text=lines),),
        footer=footer,
        data={
            "kind": "chapter",
            "version": answer.version,
            "number": answer.number,
            "title": answer.title,
            "sections": [{"number": e.number, "title": e.text} for e in answer.sections],
        },
    )


def _render_term(answer: TermAnswer, footer: str) -> Reply:
    heading = {
        "glossary": "Glossary",
        "keyword": "Keyword",
        "alias": "Slang",
        "interaction": "Interaction",
    }[answer.source]
    return Reply(
        title=f"{answer.term} ({heading.lower()})",
        body=answer.definition,
        sections=tuple(_rule_section(entry) for entry in answer.rules),
        footer=footer,
        data={
            "kind": "term",
            "source": answer.source,
            "version": answer.version,
            "term": answer.term,
            "definition": answer.definition,
            "rules": [_rule_data(entry) for entry in answer.rules],
        },
    )


def _render_search(answer: SearchAnswer, footer: str) -> Reply:
    sections = []
    for hit in answer.hits:
        if hit.kind == "glossary":
            heading = f"Glossary: {hit.key}"
        else:
            heading = f"{hit.key} ({hit.title})" if hit.title else hit.key
        sections.append(Section(heading=heading, text=hit.snippet or hit.text))
    return Reply(
        title=f"Rules matching “{answer.query[:80]}”",
        sections=tuple(sections),
        footer=footer,
        data={
            "kind": "search",
            "version": answer.version,
            "query": answer.query,
            "rules": [
                {"number": h.key, "text": h.text, "examples": []}
                for h in answer.hits
                if h.kind == "rule"
            ],
            "hits": [
                {
                    "kind": h.kind,
                    "key": h.key,
                    "title": h.title,
                    "snippet": h.snippet,
                    "text": h.text,
                }
                for h in answer.hits
            ],
        },
    )
