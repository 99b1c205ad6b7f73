"""Comprehensive Rules history: a rule as of a date, when its words changed, word diffs.

A rule's *lineage* is the chain of numbers that carried it from version to version, following
the links ``bot.data.cr_links`` computed at import (Targets 113.6 in 2009 -> 114.6 in 2010 ->
115.7 since 2019).  Everything here walks those links with a few indexed queries per version.
"""

from __future__ import annotations

import bisect
import datetime
import itertools
import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass

from bot.errors import DataMissingError, NotFoundError, UsageError
from bot.records.rule_numbers import kind_of, normalize_rule_number
from bot.reference.rule_history_dates import DATE_HINT, DatePeriod, parse_date
from bot.reference.rule_history_diff import DiffPiece, same_words, word_diff
from bot.reference.rules import RuleIndex
from bot.reference.store import IMPORT_HINT

NUMBER_HINT = "Give a rule number such as 115.7d, a section such as 115, or a chapter such as 1."


@dataclass(frozen=True)
class RuleState:
    """A rule as one version words it, under the number it had then."""

    version: str
    number: str
    text: str  # the rule's text, then "Example: ..." lines


@dataclass(frozen=True)
class Change:
    """A version in which the rule appeared, was renumbered, reworded or dropped."""

    version: str
    number: str
    kinds: tuple[str, ...]  # "added", "renumbered", "reworded", "removed"
    previous: RuleState | None
    state: RuleState | None  # None when removed


@dataclass(frozen=True)
class HistoryAnswer:
    number: str
    version: str  # the version the number was read in
    lineage: tuple[RuleState, ...]
    changes: tuple[Change, ...]
    old_numbers: tuple[tuple[str, str, str], ...]  # (number, first version, last version)


@dataclass(frozen=True)
class DiffAnswer:
    older: RuleState
    newer: RuleState
    pieces: tuple[DiffPiece, ...]
    asked: str  # the number as the user typed it (normalized)
    # When ``asked`` names another rule in the older version: where that one is now.
    namesake: RuleState | None = None


@dataclass(frozen=True)
class VersionChoice:
    """The version picked for a written date, and the others in force during that period."""

    period: DatePeriod
    version: str
    in_period: tuple[str, ...]


class RuleHistory:
    """Follow rule numbers across every imported version."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        index: RuleIndex,
        today: Callable[[], datetime.date] = datetime.date.today,
    ) -> None:
        self._conn = conn
        self.index = index
        self._today = today
        try:
            conn.execute("SELECT 1 FROM cr_links LIMIT 1").fetchall()
        except sqlite3.OperationalError as error:
            raise DataMissingError(
                "The rules history (links between versions) has not been imported yet.",
                hint=IMPORT_HINT,
            ) from error

    # -- versions --

    def version_for(self, when: str, number: str | None = None) -> VersionChoice:
        """The version in force on a written date; for a month or year, the last one in force
        during it that has ``number`` (so "113.6 as of 2009" finds 2009's Targets rules)."""
        period = parse_date(when)
        versions = self.index.versions
        oldest, newest = versions[0], versions[-1]
        if period.first > self._today():
            raise UsageError(
                f"{period.text} is in the future; the newest rules here are effective {newest}.",
                hint=DATE_HINT,
            )
        if period.last.isoformat() < oldest:
            raise NotFoundError(
                f"No Comprehensive Rules version here was in force on {period.text}; "
                f"the oldest is effective {oldest}.",
                suggestions=(oldest,),
                hint=DATE_HINT,
            )
        first = self.index.version_in_effect(period.first.isoformat()) or oldest
        last = self.index.version_in_effect(period.last.isoformat()) or oldest
        in_period = versions[versions.index(first) : versions.index(last) + 1]
        chosen = last
        if number is not None:
            having = [v for v in in_period if self.state(number, v) is not None]
            chosen = having[-1] if having else last
        return VersionChoice(period, chosen, tuple(in_period))

    # -- one rule in one version --

    def state(self, number: str, version: str) -> RuleState | None:
        if kind_of(number) in ("section", "chapter"):
            row = self._conn.execute(
                "SELECT title FROM cr_contents WHERE version = ? AND number = ?", (version, number)
            ).fetchone()
            return RuleState(version, number, row[0]) if row else None
        row = self._conn.execute(
            "SELECT text, examples FROM cr_rules WHERE version = ? AND number = ?",
            (version, number),
        ).fetchone()
        if row is None:
            return None
        examples = json.loads(row[1]) if row[1] != "[]" else []
        return RuleState(version, number, "\n".join([row[0], *(f"Example: {e}" for e in examples)]))

    def with_subrules(self, state: RuleState) -> RuleState:
        """The rule's text followed by each of its subrules, one a line with its number, as
        ``rule N as of DATE`` shows them: a keyword rule is only a title ("702.11 Hexproof")
        and its meaning is in its subrules (702.11a-...).  Sections and chapters are titles
        and stay as they are."""
        if kind_of(state.number) in ("section", "chapter"):
            return state
        rows = self._conn.execute(
            "SELECT number, text, examples FROM cr_rules WHERE version = ? AND parent = ? "
            "ORDER BY sort_key",
            (state.version, state.number),
        ).fetchall()
        if not rows:
            return state
        lines = [state.text]
        for number, text, examples in rows:
            lines.append(f"{number} {text}")
            lines.extend(
                f"Example: {e}" for e in (json.loads(examples) if examples != "[]" else [])
            )
        return RuleState(state.version, state.number, "\n".join(lines))

    def require(self, query: str, version: str) -> RuleState:
        """The rule ``query`` names in ``version``, or ``NotFoundError`` with the nearest ones."""
        number = normalize_rule_number(query)
        if number is None:
            raise UsageError(f"{query[:40]!r} is not a rule number.", hint=NUMBER_HINT)
        found = self.state(number, version)
        if found is None:
            missing = f"There is no rule {number} in the Comprehensive Rules effective {version}."
            if (explained := self._missing_from_today(number, version, missing)) is not None:
                raise explained
            suggestions: list[str] = []
            if self.index.rule(number, version) is None:
                suggestions = self.index.nearest(number, version)
            raise NotFoundError(missing, suggestions=suggestions, hint=NUMBER_HINT)
        return found

    def _missing_from_today(self, number: str, version: str, missing: str) -> NotFoundError | None:
        """Why a rule of today's rules is missing from an older version: it had another number
        then, or it did not exist yet.  Nearby numbers of the old version would be unrelated
        rules (702.11 in 2004 is not Hexproof), so this says what happened instead."""
        current = self.index.current_version
        if version >= current or self.state(number, current) is None:
            return None
        states = self.lineage(number, current)
        title = states[-1].text.splitlines()[0]
        named = f"today's {number} ({title[:60]})" if len(title) <= 60 else f"today's {number}"
        then = [s for s in states if s.version <= version]
        if then:
            return NotFoundError(
                f"{missing} In those rules {named} was {then[-1].number}.",
                suggestions=(then[-1].number,),
                hint=f"`rule history {number}` lists its numbers and changes.",
            )
        return NotFoundError(
            f"{missing} {named[0].upper()}{named[1:]} first appears in the rules effective "
            f"{states[0].version}.",
            hint=f"`rule history {number}` lists its numbers and changes.",
        )

    # -- lineage --

    def _step(self, version: str, number: str, forward: bool) -> tuple[str, str] | None:
        if forward:
            sql = (
                "SELECT to_version, to_number FROM cr_links "
                "WHERE from_version = ? AND from_number = ?"
            )
        else:
            sql = (
                "SELECT from_version, from_number FROM cr_links "
                "WHERE to_version = ? AND to_number = ?"
            )
        row = self._conn.execute(sql, (version, number)).fetchone()
        return (row[0], row[1]) if row else None

    def lineage(self, number: str, version: str) -> tuple[RuleState, ...]:
        """Every version's state of the rule ``number`` has in ``version``, oldest first."""
        start = self.state(number, version)
        if start is None:
            return ()
        before: list[RuleState] = []
        at: tuple[str, str] | None = (version, number)
        while at is not None and (at := self._step(*at, forward=False)) is not None:
            state = self.state(at[1], at[0])
            if state is None:
                break
            before.append(state)
        after: list[RuleState] = []
        at = (version, number)
        while at is not None and (at := self._step(*at, forward=True)) is not None:
            state = self.state(at[1], at[0])
            if state is None:
                break
            after.append(state)
        return (*reversed(before), start, *after)

    def today(self, number: str, version: str) -> RuleState | None:
        """Where the rule ``number`` of ``version`` lives in the current version, if anywhere."""
        for state in reversed(self.lineage(number, version)):
            if state.version == self.index.current_version:
                return state
        return None

    # -- answers --

    def history(self, query: str, version: str | None = None) -> HistoryAnswer:
        """The versions in which the rule's words or number changed, and its old numbers."""
        version = version or self.index.current_version
        start = self.require(query, version)
        states = self.lineage(start.number, version)
        changes: list[Change] = [
            Change(states[0].version, states[0].number, ("added",), None, states[0])
        ]
        if states[0].version == self.index.versions[0]:
            changes[0] = Change(
                states[0].version, states[0].number, ("in the oldest version",), None, states[0]
            )
        for previous, state in itertools.pairwise(states):
            kinds = []
            if previous.number != state.number:
                kinds.append("renumbered")
            if not same_words(previous.text, state.text):
                kinds.append("reworded")
            if kinds:
                changes.append(Change(state.version, state.number, tuple(kinds), previous, state))
        last = states[-1]
        if last.version != self.index.current_version:
            following = self.index.versions[bisect.bisect_right(self.index.versions, last.version)]
            changes.append(Change(following, last.number, ("removed",), last, None))
        return HistoryAnswer(
            start.number, version, states, tuple(changes), _numbers_held(states, start.number)
        )

    def as_of(self, query: str, when: str) -> tuple[VersionChoice, RuleState | None]:
        """The version in force at ``when`` and, for a rule number, where it lives today."""
        number = normalize_rule_number(query)
        choice = self.version_for(when, number)
        if number is None:
            return choice, None
        self.require(number, choice.version)
        return choice, self.today(number, choice.version)

    def diff(self, query: str, first: str, second: str | None = None) -> DiffAnswer:
        """Word diff of a rule between two dates or versions (the second defaults to now),
        following its old number when it had another one in the older version."""
        number = normalize_rule_number(query)
        if number is None:
            raise UsageError(f"{query[:40]!r} is not a rule number.", hint=NUMBER_HINT)
        versions = sorted(
            {
                self.version_for(first, number).version,
                self.version_for(second, number).version if second else self.index.current_version,
            }
        )
        older_version, newer_version = versions[0], versions[-1]
        for version in (newer_version, older_version):
            if self.state(number, version) is None:
                continue
            by_version = {s.version: s for s in self.lineage(number, version)}
            older, newer = by_version.get(older_version), by_version.get(newer_version)
            if older is not None and newer is not None:
                namesake = None
                if older.number != number and self.state(number, older_version) is not None:
                    namesake = self.today(number, older_version) or self.state(
                        number, older_version
                    )
                # The rule as a whole: its subrules too (702.11 is "Hexproof" in every version;
                # what changed is in 702.11a-h).
                older, newer = self.with_subrules(older), self.with_subrules(newer)
                pieces = word_diff(older.text, newer.text)
                return DiffAnswer(older, newer, pieces, number, namesake)
        self._explain_missing(number, older_version, newer_version)
        raise AssertionError("unreachable")  # pragma: no cover

    def _explain_missing(self, number: str, older: str, newer: str) -> None:
        for version in (newer, older):
            states = self.lineage(number, version)
            if states:
                other = older if version == newer else newer
                span = f"{states[0].version} to {states[-1].version}"
                raise NotFoundError(
                    f"Rule {number} of the {version} rules has no counterpart in the {other} "
                    f"rules: that rule existed from {span}.",
                    suggestions=(states[0].version, states[-1].version),
                    hint="Pick dates when the rule existed.",
                )
        self.require(number, newer)


def _numbers_held(states: tuple[RuleState, ...], current: str) -> tuple[tuple[str, str, str], ...]:
    """(old number, first version, last version) for each number other than ``current``."""
    spans: list[tuple[str, str, str]] = []
    for state in states:
        if spans and spans[-1][0] == state.number:
            spans[-1] = (state.number, spans[-1][1], state.version)
        else:
            spans.append((state.number, state.version, state.version))
    return tuple(span for span in spans if span[0] != current)
