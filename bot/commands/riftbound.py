"""Riftbound commands: rule lookup and card lookup (with errata and FAQ answers)."""

from __future__ import annotations

from bot.commands.context import CommandContext
from bot.commands.reply import Reply, Section
from bot.engine.riftbound.modes import modes_on_lines
from bot.errors import DataMissingError
from bot.reference.riftbound import RiftboundCardEntry, RiftboundIndex, RuleAnswer, current_text
from bot.reference.store import IMPORT_HINT

RULES_URL = "https://riftbound.leagueoflegends.com/en-us/rules-hub/"
MAX_TITLE_CHARS = 60
MAX_TERM_WORDS = 4  # "Term: definition" rules name one term, as RiftboundIndex.term reads them
_FAQ_SHOWN = 5


def riftbound_index(ctx: CommandContext) -> RiftboundIndex:
    index = getattr(ctx.reference, "riftbound", None)
    if index is None:
        raise DataMissingError("No Riftbound data has been imported yet.", hint=IMPORT_HINT)
    return index


async def riftbound_rule(ctx: CommandContext, query: str) -> Reply:
    """``/rule game:riftbound 355.6`` - a rule by number, term or words; ``v1.2`` picks a version."""
    answer = riftbound_index(ctx).lookup(query)
    return rule_reply(answer)


def rule_reply(answer: RuleAnswer) -> Reply:
    first = answer.rules[0]
    how = {"id": "Rule", "term": "Rules defining", "search": "Rules matching"}[answer.how]
    title = f"{how} {first.id}" if answer.how == "id" else f"{how} your words"
    if answer.how == "term":
        title = f"Riftbound rules: {_term_title(first.text)}"
    lines = []
    for row in answer.rules:
        indent = "  " * max(0, row.level - first.level) if answer.how != "search" else ""
        same = answer.equivalents.get(row.id)
        suffix = f" (= {', '.join(same)})" if same else ""
        changed = answer.reworded.get(row.id)
        if changed:
            suffix += f" (worded differently in {', '.join(changed)})"
        heading = answer.under.get(row.id)
        if heading:
            suffix += f" (under {heading})"
        lines.append(f"{indent}**{row.id}.** {row.text}{suffix}")
    if answer.more:
        lines.append(f"... and {answer.more} more rules; look one of them up by number.")
    return Reply(
        title=title,
        sections=(Section(answer.version_label, "\n".join(lines)),),
        footer=answer.version_label,
        data={
            "game": "riftbound",
            "version": answer.version,
            "updated": answer.updated,
            "current": answer.is_current,
            "how": answer.how,
            "rules": [{"id": r.id, "text": r.text, "level": r.level} for r in answer.rules],
            "more": answer.more,
            "equivalents": answer.equivalents,
            "reworded": answer.reworded,
            "under": answer.under,
        },
        url=RULES_URL,
    )


def _term_title(text: str) -> str:
    """The term a rule defines ("Might: The combat statistic ..." -> "Might"), or its heading;
    a long text is cut at a word, never mid-word."""
    term, colon, _ = text.partition(":")
    if colon and 0 < len(term.split()) <= MAX_TERM_WORDS:
        return term.strip()
    if len(text) <= MAX_TITLE_CHARS:
        return text
    return text[: MAX_TITLE_CHARS - 1].rsplit(" ", 1)[0].rstrip(" ,;:") + "…"


async def riftbound_card(ctx: CommandContext, name: str) -> Reply:
    """``/card game:riftbound Fox-Fire`` - the card's text, stats, errata and FAQ answers."""
    index = riftbound_index(ctx)
    return card_reply(index.card(name), cards_updated=index_meta(ctx, "riftbound_cards_updated"))


def index_meta(ctx: CommandContext, key: str) -> str:
    try:
        return ctx.reference.meta.get(key, "")
    except Exception:  # pragma: no cover - a store without a meta table
        return ""


def _own_domain_power(domains: tuple[str, ...]) -> str:
    """What an erratum's [C] is for this card: one Power of its own Domain (135.2.e.6), so
    Unlicensed Armory's errata "[C]" is the gallery's "[Fury]" (QA 59 M6); [A] on a card with
    no Domain or several (135.2.e.6.b)."""
    if len(domains) == 1:
        return (
            f"[C] is one Power of the card's own Domain (135.2.e.6): here [{domains[0].title()}]."
        )
    return "[C] on a card with no Domain or several is [A], Power of any Domain (135.2.e.6.b)."


def card_reply(entry: RiftboundCardEntry, cards_updated: str = "") -> Reply:
    card = entry.card
    stats = [
        f"{label} {value}"
        for label, value in (("Energy", card.energy), ("Might", card.might), ("Power", card.power))
        if value is not None
    ]
    header = " · ".join(
        part for part in (card.type_line, "/".join(card.domains), ", ".join(stats)) if part
    )
    now = current_text(entry)
    if entry.errata and now != card.text:
        # The gallery still shows the wording an erratum replaced: the errata's comes first,
        # as the game uses it (QA 23 U5).
        sections = [
            Section(
                f"Text (with its errata of {entry.errata[0]['published']})", modes_on_lines(now)
            )
        ]
    else:
        sections = [Section("Text", modes_on_lines(card.text) or "(no rules text)")]
    for erratum in entry.errata:
        text = f"**Now:** {erratum['new_text']}\n**Was:** {erratum['old_text']}"
        if erratum["note"]:
            text += f"\n{erratum['note']}"
        if "[C]" in erratum["new_text"]:
            text += "\n" + _own_domain_power(card.domains)
        sections.append(
            Section(f"Errata — {erratum['source_title']} ({erratum['published']})", text)
        )
    for faq in entry.faqs[:_FAQ_SHOWN]:
        heading = faq["question"] or faq["topic"]
        if not entry.faq_is_about(faq):
            # Another card's answer that names this one: say so, not pass it off as its own.
            heading = f"{heading} (names {entry.name} only in its answer)"
        sections.append(
            Section(
                f"FAQ — {heading}"[:250],
                f"{faq['answer']}\n({faq['source_title']}, {faq['published']})",
            )
        )
    if len(entry.faqs) > _FAQ_SHOWN:
        sections.append(
            Section(
                "More FAQ", f"{len(entry.faqs) - _FAQ_SHOWN} more FAQ answers mention {entry.name}."
            )
        )
    printings = ", ".join(
        f"{p.public_code} ({p.rarity}{'' if p.name == entry.name else ', ' + p.name})"
        for p in entry.printings
    )
    return Reply(
        title=entry.name,
        body=f"{header}\nPrintings: {printings}",
        sections=tuple(sections),
        footer=f"Riftbound card gallery{f' ({cards_updated})' if cards_updated else ''}",
        data={
            "game": "riftbound",
            "name": entry.name,
            "id": card.id,
            "set": card.set_name,
            "domains": list(card.domains),
            "card_types": list(card.card_types),
            "super_types": list(card.super_types),
            "energy": card.energy,
            "might": card.might,
            "power": card.power,
            "tags": list(card.tags),
            "text": card.text,
            "printings": [p.public_code for p in entry.printings],
            "errata": [dict(e) for e in entry.errata],
            "faqs": [
                {
                    "question": f["question"] or f["topic"],
                    "source": f["source_title"],
                    "about_this_card": entry.faq_is_about(f),
                }
                for f in entry.faqs
            ],
        },
        url=card.image_url or None,
    )


def autocomplete_riftbound_rules(ctx: CommandContext, prefix: str) -> list[str]:
    try:
        return riftbound_index(ctx).autocomplete_rules(prefix)
    except DataMissingError:
        return []


def autocomplete_riftbound_cards(ctx: CommandContext, prefix: str) -> list[str]:
    try:
        return riftbound_index(ctx).autocomplete_cards(prefix)
    except DataMissingError:
        return []
