"""``rule ... as of DATE``, ``rule history N`` and ``rule diff N DATE [DATE]`` as ``Reply``s.

``bot.commands.rules.rule`` routes these forms here; the answers come from
``bot.reference.rule_history``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bot.commands.reply import Reply, Section
from bot.errors import UsageError
from bot.records.rule_numbers import normalize_rule_number
from bot.reference.rule_history import DiffAnswer, HistoryAnswer, RuleHistory, RuleState
from bot.reference.rule_history_dates import DATE_FORMS, looks_like_date
from bot.reference.rule_history_diff import changed_share, render_diff, word_diff
from bot.reference.rules import RuleAnswer, RuleResult, SectionAnswer

AS_OF_USAGE = "rule 113.6 as of 2009-10-01"
HISTORY_USAGE = "rule history 115.7d"
DIFF_USAGE = "rule diff 115.7 2009-10-01 2026-01-16 (or one date, compared with today's rules)"
DIFF_LEGEND = "~~struck~~ words were removed, __underlined__ words were added."
REWRITTEN = "Most of the words changed, so both wordings are shown whole."
# Above this share of changed words (old and new together) a word diff is mostly marks and
# unreadable: show the old and the new wording whole instead.
REWRITTEN_SHARE = 0.7

_AS_OF = re.compile(r"^(?P<what>.+?)\s+as\s+of\s+(?P<when>.+)$", re.IGNORECASE)
_HISTORY = re.compile(r"^(?:rules?\s+)?history(?:\s+(?P<rest>.*))?$", re.IGNORECASE)
_DIFF = re.compile(r"^(?:rules?\s+)?diff(?:\s+(?P<rest>.*))?$", re.IGNORECASE)
_DATE_SEPARATOR = re.compile(r"\s+(?:to|and|vs\.?|versus|->|→|\.\.)\s+", re.IGNORECASE)

Renderer = Callable[[RuleResult, str], Reply]


def route(history: Callable[[], RuleHistory], query: str, render: Renderer) -> Reply | None:
    """The reply for a history form of ``query``, or None when it is a plain lookup."""
    text = " ".join(query.split())
    if (match := _HISTORY.match(text)) is not None:
        return history_reply(history(), match.group("rest") or "")
    if (match := _DIFF.match(text)) is not None:
        return diff_reply(history(), match.group("rest") or "")
    if (match := _AS_OF.match(text)) is not None:
        return as_of_reply(history(), match.group("what"), match.group("when"), render)
    return None


# --- as of ---------------------------------------------------------------------------------


def as_of_reply(history: RuleHistory, what: str, when: str, render: Renderer) -> Reply:
    choice, _ = history.as_of(what, when)
    result = history.index.lookup(what, version=choice.version)
    current = history.index.current_version
    footer = f"Comprehensive Rules effective {choice.version}; today's numbers from {current}"
    reply = render(result, footer)
    today: dict[str, str | None] = {}
    if isinstance(result, RuleAnswer):
        numbers = [result.rule.number, *(entry.number for entry in result.subrules)]
    elif isinstance(result, SectionAnswer):
        numbers = [result.number]
    else:
        numbers = []
    for number in numbers:
        now = history.today(number, choice.version)
        today[number] = now.number if now else None
    lines = [
        _in_force_line(choice.period.text, choice.period.first.isoformat(), choice.version, current)
    ]
    if len(choice.in_period) > 1:
        lines.append(
            f"Versions in force during {choice.period.text}: {', '.join(choice.in_period)}."
        )
    if numbers and (choice.version != current or today[numbers[0]] != numbers[0]):
        lines.append(_today_line(history, numbers[0], today[numbers[0]], choice.version))
    sections = tuple(
        Section(f"{s.heading} (today {today[s.heading]})", s.text)
        if today.get(s.heading) and today[s.heading] != s.heading
        else s
        for s in reply.sections
    )
    data: dict[str, Any] = {
        **reply.data,
        "as_of": {
            "asked": choice.period.text,
            "first_day": choice.period.first.isoformat(),
            "last_day": choice.period.last.isoformat(),
            "version": choice.version,
            "versions_in_period": list(choice.in_period),
        },
        "today": today,
        "current_version": current,
    }
    body = "\n".join([*lines, reply.body] if reply.body else lines)
    return replace(reply, body=body, sections=sections, data=data)


def _in_force_line(asked: str, first_day: str, version: str, current: str) -> str:
    """Which rules applied on the asked date, without claiming more than the data knows."""
    if version == current and first_day > current:
        # The data may lag the real CR: a later update is simply not in this copy, so the
        # newest version here is the best answer, not certainly the one that was in force.
        return (
            f"On {asked}: the newest rules here are those effective {version} "
            "(a later update may exist; `sync` fetches the newest)."
        )
    return f"In force on {asked}: the rules effective {version}."


def _today_line(history: RuleHistory, number: str, now: str | None, version: str) -> str:
    current = history.index.current_version
    if now is None:
        last = history.lineage(number, version)[-1].version
        return f"Rule {number} of {version} is no longer in the rules (last seen {last})."
    family = history.index.rule(now.split(".")[0])
    title = f" ({family.text})" if family is not None and family.text else ""
    where = now if now.count(".") == 0 or now[-1].isdigit() else f"{now}, in {now[:-1]}"
    return f"In the current rules (effective {current}) rule {number} is {where}{title}."


# --- history -------------------------------------------------------------------------------


def history_reply(history: RuleHistory, rest: str) -> Reply:
    rest = rest.strip()
    if not rest:
        raise UsageError("Which rule's history?", hint=f"Usage: {HISTORY_USAGE}")
    version = None
    if (match := _AS_OF.match(rest)) is not None:
        rest = match.group("what")
        number = normalize_rule_number(rest)
        version = history.version_for(match.group("when"), number).version
    answer = history.history(rest, version)
    return render_history(answer)


def _change_title(change_version: str, number: str, kinds: tuple[str, ...]) -> str:
    return f"{change_version}: {' and '.join(kinds)} ({number})"


def render_history(answer: HistoryAnswer) -> Reply:
    sections = []
    for change in answer.changes:
        if change.state is None and change.previous is not None:
            text = f"No longer in the rules; last worded ({change.previous.version}):\n"
            text += change.previous.text
        elif change.previous is None and change.state is not None:
            text = change.state.text
        elif change.previous is not None and change.state is not None:
            moved = (
                f"Was {change.previous.number}. "
                if change.previous.number != change.state.number
                else ""
            )
            if "reworded" in change.kinds:
                pieces = word_diff(change.previous.text, change.state.text)
                text = moved + (
                    f"Was: {change.previous.text}\nNow: {change.state.text}"
                    if changed_share(pieces) > REWRITTEN_SHARE
                    else render_diff(pieces)
                )
            else:
                text = moved + "Same words."
        else:  # pragma: no cover - a change always has a state on one side
            text = ""
        sections.append(Section(_change_title(change.version, change.number, change.kinds), text))
    reworded = [c.version for c in answer.changes if "reworded" in c.kinds]
    old = ", ".join(f"{n} ({first} to {last})" for n, first, last in answer.old_numbers)
    body_lines = [
        f"In the rules from {answer.lineage[0].version} to {answer.lineage[-1].version}.",
        f"Words changed on: {', '.join(reworded) if reworded else 'never'}.",
        f"Other numbers it had: {old if old else 'none'}.",
    ]
    if reworded:
        body_lines.append(DIFF_LEGEND)
    versions = sorted({answer.lineage[0].version, answer.lineage[-1].version})
    return Reply(
        title=f"History of rule {answer.number}",
        body="\n".join(body_lines),
        sections=tuple(sections),
        footer="Comprehensive Rules effective " + " to ".join(versions),
        data={
            "kind": "rule_history",
            "number": answer.number,
            "version": answer.version,
            "changed_on": reworded,
            "old_numbers": [
                {"number": n, "first": first, "last": last} for n, first, last in answer.old_numbers
            ],
            "changes": [
                {"version": c.version, "number": c.number, "kinds": list(c.kinds)}
                for c in answer.changes
            ],
        },
    )


# --- diff ----------------------------------------------------------------------------------


def diff_reply(history: RuleHistory, rest: str) -> Reply:
    number, first, second = parse_diff_arguments(rest)
    return render_diff_answer(history.diff(number, first, second))


def parse_diff_arguments(rest: str) -> tuple[str, str, str | None]:
    """``"115.7 Oct 2009 to 2026-01-16"`` -> ``("115.7", "Oct 2009", "2026-01-16")``."""
    words = rest.split()
    expected = f"Usage: {DIFF_USAGE}. Dates: {DATE_FORMS}."
    for size in (1, 2, 3):  # "115.7", "CR 115.7", "rule 115.7 a"
        number = normalize_rule_number(" ".join(words[:size]))
        dates = " ".join(words[size:])
        if number is None or not dates:
            continue
        split = _split_dates(dates)
        if split is not None:
            return number, split[0], split[1]
    if not words or all(normalize_rule_number(" ".join(words[:s])) is None for s in (1, 2, 3)):
        raise UsageError("Say which rule to compare, then one or two dates.", hint=expected)
    raise UsageError("I could not read the dates to compare.", hint=expected)


def _split_dates(text: str) -> tuple[str, str | None] | None:
    parts = _DATE_SEPARATOR.split(text)
    if len(parts) == 2 and all(looks_like_date(p) for p in parts):
        return parts[0], parts[1]
    if looks_like_date(text):
        return text, None
    words = text.split()
    for cut in range(1, len(words)):
        left, right = " ".join(words[:cut]), " ".join(words[cut:])
        if looks_like_date(left) and looks_like_date(right):
            return left, right
    return None


def _label(state: RuleState) -> str:
    return f"{state.number} ({state.version})"


def render_diff_answer(answer: DiffAnswer) -> Reply:
    older, newer = answer.older, answer.newer
    if older.text == newer.text:
        summary = "The words did not change."
    elif all(piece.kind == "same" for piece in answer.pieces):
        summary = "Only quotes or spacing changed."
    elif changed_share(answer.pieces) > REWRITTEN_SHARE:
        summary = REWRITTEN
    else:
        summary = DIFF_LEGEND
    renumbered = (
        f"Rule {newer.number} was {older.number} in {older.version}."
        if older.number != newer.number
        else ""
    )
    if answer.namesake is not None:
        renumbered += (
            f" ({answer.asked} of {older.version} is another rule, "
            f"{answer.namesake.number} in {answer.namesake.version}.)"
        )
    title = f"Rule {newer.number}: {older.version} → {newer.version}"
    if older.number != newer.number:
        title = f"Rule {older.number} → {newer.number}: {older.version} → {newer.version}"
    return Reply(
        title=title,
        body="\n".join(line for line in (renumbered, summary) if line),
        sections=(
            (
                Section(f"Then: {_label(older)}", older.text),
                Section(f"Now: {_label(newer)}", newer.text),
            )
            if summary == REWRITTEN
            else (
                Section(
                    f"Changes from {_label(older)} to {_label(newer)}", render_diff(answer.pieces)
                ),
            )
        ),
        footer=f"Comprehensive Rules effective {older.version} and {newer.version}",
        data={
            "kind": "rule_diff",
            "asked": answer.asked,
            "older": {"version": older.version, "number": older.number, "text": older.text},
            "newer": {"version": newer.version, "number": newer.number, "text": newer.text},
            "pieces": [{"kind": p.kind, "text": p.text} for p in answer.pieces],
        },
    )
