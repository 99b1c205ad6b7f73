"""``mtr ... game:riftbound`` and ``ipg ... game:riftbound``: the Riftbound Tournament Rules.

Riftbound has no separate Infraction Procedure Guide: its penalties are chapter 700 of the
Tournament Rules, which ``ipg ... game:riftbound`` reads (and says so).  Every answer cites the
rule ("Riftbound Tournament Rules 204.8") and the document's date.
"""

from __future__ import annotations

from bot.commands.context import CommandContext
from bot.commands.reply import Choice, Reply, Section
from bot.commands.riftbound import RULES_URL, riftbound_index
from bot.errors import DataMissingError
from bot.reference.riftbound import RuleRow
from bot.reference.riftbound_tournament import (
    PENALTY_CHAPTER,
    TournamentAnswer,
    TournamentRules,
    rule_label,
    rule_name,
)

MAX_CHOICES = 20
# A weak free-text match shows its closest entries, each with this much of its text, so the
# whole reply stays inside one Discord message (2,000 characters).
CLOSEST_EXCERPT_CHARS = 260
NO_IPG = (
    "Riftbound has no separate Infraction Procedure Guide: its penalties are chapter "
    f"{PENALTY_CHAPTER} (Enforcement and Penalties) of the Riftbound Tournament Rules."
)


def tournament_rules(ctx: CommandContext) -> TournamentRules:
    return riftbound_index(ctx).tournament


async def riftbound_mtr(ctx: CommandContext, query: str) -> Reply:
    """``mtr 204.8 game:riftbound``: a Tournament Rules rule by number, term or words."""
    return tournament_reply(tournament_rules(ctx).lookup(query), query, command="mtr")


async def riftbound_ipg(ctx: CommandContext, query: str) -> Reply:
    """``ipg missed trigger game:riftbound``: the Tournament Rules' chapter 700 (penalties)."""
    answer = tournament_rules(ctx).lookup(query, penalties_only=True)
    return tournament_reply(answer, query, command="ipg")


def tournament_reply(answer: TournamentAnswer, query: str, *, command: str) -> Reply:
    if not answer.confident:
        return _closest_reply(answer, query, command)
    rule = answer.rule
    name, _, _ = rule_name(rule)
    lines = []
    if answer.penalties_only:
        lines.append(NO_IPG)
    if answer.how == "search":
        lines.append(f"Best match for “{' '.join(query.split())[:60]}”.")
    if answer.penalty:
        lines.append(f"**Penalty:** {answer.penalty}")
    if answer.contents:
        lines.append(
            f"{rule.id} holds {answer.total} rules; here are the ones directly under it. "
            "Look one up by number."
        )
    sections = [Section(answer.citation, "\n".join(_quoted(answer)))]
    if answer.also:
        sections.append(Section("See also", "\n".join(rule_label(r) for r in answer.also)))
    listed = answer.rules[1:] if answer.contents else answer.also
    return Reply(
        title=f"{answer.citation} {name}".strip(),
        body="\n".join(lines),
        sections=tuple(sections),
        footer=answer.footer,
        kind="document",
        data={
            "game": "riftbound",
            "document": "Riftbound Tournament Rules",
            "updated": answer.updated,
            "number": rule.id,
            "title": name,
            "penalty": answer.penalty,
            "how": answer.how,
            "confident": True,
            "contents": answer.contents,
            "rules": [{"id": r.id, "text": r.text, "level": r.level} for r in answer.rules],
            "also": [r.id for r in answer.also],
        },
        choices=_choices(listed, command),
        url=RULES_URL,
    )


def _quoted(answer: TournamentAnswer) -> list[str]:
    first = answer.rule
    return [
        f"{'  ' * max(0, row.level - first.level)}**{row.id}.** {row.text}" for row in answer.rules
    ]


def _closest_reply(answer: TournamentAnswer, query: str, command: str) -> Reply:
    """No entry clearly answers: the closest ones, each with the start of its text, and none
    presented as the answer."""
    candidates = (answer.rule, *answer.also)
    asked = " ".join(query.split())[:60]
    lines = [NO_IPG] if answer.penalties_only else []
    lines.append(f"No one rule clearly matches “{asked}”. Closest matches:")
    lines += [f"• **{rule_label(row)}**" for row in candidates]
    lines.append("Pick one to read it, or say more about what happened.")
    return Reply(
        title="Riftbound Tournament Rules: closest matches",
        body="\n".join(lines),
        sections=tuple(
            Section(rule_label(row), _excerpt(answer.summaries.get(row.id, row.text)))
            for row in candidates
        ),
        footer=answer.footer,
        kind="document",
        data={
            "game": "riftbound",
            "document": "Riftbound Tournament Rules",
            "updated": answer.updated,
            "number": None,
            "how": answer.how,
            "confident": False,
            "closest": [
                {"number": row.id, "title": rule_name(row)[0], "penalty": rule_name(row)[1]}
                for row in candidates
            ],
        },
        choices=_choices(candidates, command),
        url=RULES_URL,
    )


def _excerpt(text: str) -> str:
    """The start of a rule's text, cut at a word."""
    if len(text) <= CLOSEST_EXCERPT_CHARS:
        return text
    return text[: CLOSEST_EXCERPT_CHARS - 1].rsplit(" ", 1)[0] + "…"


def _choices(rows: tuple[RuleRow, ...], command: str) -> tuple[Choice, ...]:
    # The game is named in the command, so a button runs the same lookup in any channel.
    return tuple(
        Choice(rule_label(row)[:80], f"{command} {row.id} game:riftbound")
        for row in rows[:MAX_CHOICES]
    )


def autocomplete_tournament(
    ctx: CommandContext, prefix: str, *, penalties_only: bool = False
) -> list[tuple[str, str]]:
    try:
        return tournament_rules(ctx).autocomplete(prefix, penalties_only=penalties_only)
    except DataMissingError:
        return []
