"""Abilities of other permanents that trigger when a creature dies.

"Whenever a creature an opponent controls dies, that player loses 2 life." (Massacre Wurm),
"Whenever another creature you control dies, ..." : leaves-the-battlefield abilities look back
in time (CR 603.10a), so the permanents that see the death are those on the battlefield just
before it, even one that died at the same time (Massacre Wurm ruling: "If a creature an
opponent controls dies at the same time as Massacre Wurm, Massacre Wurm's last ability
triggers for that creature").  The bot puts each such ability on the stack (603.3), with "that
player" read as the dead creature's controller as it last existed (608.2h), so a later
"The top of the stack resolves." carries it out.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from bot.engine.frozen import evolve
from bot.engine.model import GameObject, Zone
from bot.engine.mtg.delayed_deaths import delayed_death_triggers
from bot.engine.mtg.died_triggers import died_triggers
from bot.engine.mtg.state import (
    Departure,
    GameState,
    one_effect_trigger,
    push_line_trigger,
    push_trigger,
)
from bot.engine.mtg.statics import loses_all_abilities, rules_text_lost_to
from bot.engine.mtg.trigger_doublers import RULE, Extra, extra_triggers
from bot.engine.mtg.waiting_triggers import current_id, wait_for_targets
from bot.engine.mtg.watching_triggers import triggers_on, watched_effect
from bot.engine.verdict import Verdict, merge_rules

DEATH_WATCH = "death watch"
_REMINDER = re.compile(r"\([^)]*\)")


def death_watch_triggers(
    before: GameState, after: GameState
) -> tuple[GameState, tuple[str, ...], tuple[str, ...]]:
    """``after`` with the abilities that triggered on the creatures that died since
    ``before`` put on the stack (CR 603.2, 603.10a), a note for each, and their rules."""
    if len(after.departures) == len(before.departures):
        return after, (), ()
    left = [
        departure
        for old_id, departure in after.departures.items()
        if old_id not in before.departures and departure.snapshot.zone is Zone.BATTLEFIELD
    ]
    deaths = [departure for departure in left if departure.to_zone is Zone.GRAVEYARD]
    # What died (700.4) and what was sacrificed (701.21a; a token too, though it then ceases
    # to exist): each event its watchers see.
    events = [(departure.snapshot, "dies") for departure in deaths] + [
        (departure.snapshot, "sacrificed") for departure in left if "sacrificed" in departure.event
    ]
    # Delayed abilities of resolved spells (Death Frenzy, earthbend's return; 603.7a, 603.7b).
    after, delayed = delayed_death_triggers(before, after, left)
    if not events:
        return after, tuple(delayed), ("603.7a", "603.7b") if delayed else ()
    notes: list[str] = []
    for watcher in _watchers_just_before(before, after, deaths):
        for line in _watch_lines(watcher):
            effect = watched_effect(line) or ""
            for creature, event in events:
                if not triggers_on(before, watcher, line, creature, event):
                    continue
                how = "dies" if event == "dies" else "is sacrificed"
                # CR 603.2d: Teysa Karlov makes a death trigger twice; not a sacrifice one
                # (her ruling: "whenever you sacrifice a creature" triggers only once).
                extra = (
                    extra_triggers(before, watcher, dying=creature) if event == "dies" else Extra()
                )
                doubled = [extra.note(f"{watcher.name}'s ability")] if extra.times else []
                if re.search(r"\btargets?\b", effect, re.IGNORECASE):
                    # Its target is chosen as it goes on the stack (603.3d): the user says it,
                    # and nothing resolves before (603.3).
                    past = "died" if event == "dies" else "was sacrificed"
                    for _ in range(1 + extra.times):
                        after = wait_for_targets(after, watcher, line, f"{creature.name} {past}")
                    notes.append(
                        f"{watcher.name}'s ability triggers as {creature.name} {how}: “{line}” "
                        f"(603.2, 603.10a); say “{watcher.name}'s trigger targets …”"
                    )
                    notes.extend(doubled)
                    continue
                # "that player": the dead creature's controller as it last existed (608.2h).
                said = re.sub(r"\bthat player\b", creature.controller, effect, flags=re.I)
                said = said[0].upper() + said[1:]
                spec = one_effect_trigger(
                    line, said, keyword=DEATH_WATCH, rule="603.10a", trigger="dies"
                )
                for _ in range(1 + extra.times):
                    after, entry = push_trigger(
                        after, watcher, watcher.controller, f"{watcher.name}'s trigger", spec, said
                    )
                    # "You gain life equal to that creature's toughness" (Proper Burial), "that
                    # creature's controller ...": the creature as it last existed (608.2h).
                    after = after.replace_entry(evolve(entry, triggered_by=creature.id))
                    notes.append(
                        f"{watcher.name}'s ability triggers as {creature.name} {how}: “{line}” "
                        f"(603.2, 603.10a); it goes on the stack (#{entry.object_id}): {said}; "
                        "say “The top of the stack resolves.” to have it resolve"
                    )
                notes.extend(doubled)
    rules: tuple[str, ...] = ("603.2", "603.10a") if notes else ()
    if delayed:
        notes.extend(delayed)
        rules = (*rules, "603.7a", "603.7b")
    if any(RULE in note for note in notes):
        rules = (*rules, RULE)
    return after, tuple(notes), rules


# Puts a dead permanent's own untargeted triggered ability (its text) on the stack: the state
# after, and the ability's id on the stack, or None when it can't (``MtgGame.put_own_trigger``,
# which reads the card's abilities).
OwnTriggerPutter = Callable[[GameState, GameObject, str], tuple[GameState, int | None]]


def with_death_triggers(
    before: GameState,
    after: GameState,
    verdict: Verdict,
    put_own: OwnTriggerPutter | None = None,
) -> tuple[GameState, Verdict]:
    """``after`` with what the deaths since ``before`` triggered: the permanents that saw them
    put their abilities on the stack (Massacre Wurm, 603.10a), and each dead permanent's own
    leaves abilities are named (603.6c): ``put_own`` puts those with no targets on the stack
    (Rancor's return, 603.3; QA 45 M5), those with targets wait for them (603.3d);
    ``verdict`` with a note for each. Once one player is left the game is over (104.2a) and
    nothing more triggers that matters (QA 45 M4)."""
    if len(before.players_in_game) > 1 and len(after.players_in_game) <= 1:
        return after, verdict
    after, watched, watched_rules = death_watch_triggers(before, after)
    died = died_triggers(before, after)
    doubled: list[str] = []
    for last_seen, text in died.waiting:
        # CR 603.2d: Teysa Karlov, on the board just before the death (her ruling: dying at
        # the same time counts), makes its own "when this dies" trigger twice.
        extra = extra_triggers(before, last_seen, dying=last_seen)
        for _ in range(1 + extra.times):
            after = wait_for_targets(after, last_seen, text, f"{last_seen.name} died")
        if extra.times:
            doubled.append(extra.note(f"{last_seen.name}'s ability"))
    died_notes = list(died.notes)
    for last_seen, text, asked in died.untargeted if put_own is not None else ():
        assert put_own is not None
        extra = extra_triggers(before, last_seen, dying=last_seen)
        ids: list[int] = []
        for _ in range(1 + extra.times):
            after, put = put_own(after, last_seen, text)
            if put is None:
                break
            ids.append(put)
        if not ids:
            continue  # the note still says how to put it there
        if len(ids) > 1:
            doubled.append(extra.note(f"{last_seen.name}'s ability"))
        where = ", ".join(f"#{i}" for i in ids)
        there = (
            f"the bot has put it on the stack ({where}); say “The top of the stack resolves.” "
            "to have it resolve (603.3)"
        )
        at = next((i for i, note in enumerate(died_notes) if asked in note), None)
        if at is not None:  # (each trigger's own note: two Rancors, two notes)
            died_notes[at] = died_notes[at].replace(asked, there, 1)
    for last_seen, line, effect, keyword, rule, asked in (
        died.returning if put_own is not None else ()
    ):
        # Persist, undying (702.79a, 702.93a): on the stack like any other trigger (603.3;
        # QA 54 M2), returning the card from its graveyard as it resolves.
        if current_id(after, last_seen.id) is None:
            continue  # a token ceased to exist (111.8): the note says what to state
        after, pushed = push_line_trigger(
            after, last_seen, line, effect, keyword=keyword, rule=rule
        )
        there = (
            f"the bot has put it on the stack (#{pushed.object_id}); say “The top of the stack "
            "resolves.” to have it resolve (603.3)"
        )
        at = next((i for i, note in enumerate(died_notes) if asked in note), None)
        if at is not None:
            died_notes[at] = died_notes[at].replace(asked, there, 1)
    watched_rules = (*watched_rules, RULE) if doubled else watched_rules
    notes = (*watched, *died_notes, *doubled)
    if not notes:
        return after, verdict
    return after, replace(
        verdict,
        notes=(*verdict.notes, *notes),
        rules=merge_rules(verdict.rules, (*watched_rules, *died.rules)),
    )


def _watchers(state: GameState) -> list[GameObject]:
    """The permanents on the battlefield, with their abilities, that watch for deaths."""
    return [
        source
        for source in state.zone_objects(Zone.BATTLEFIELD)
        if not source.phased_out
        and (" di" in source.oracle_text or "sacrifice" in source.oracle_text)
        and _watch_lines(source)
        and not loses_all_abilities(state, source)
        and not rules_text_lost_to(state, source)
    ]


def _watchers_just_before(
    before: GameState, after: GameState, deaths: list[Departure]
) -> list[GameObject]:
    """The watchers as they were just before the deaths (CR 603.10a): those on the board
    before the statement, each Aura or Equipment attached to what it was attached to then,
    and one attached during the statement (Skullclamp equipped to an X/1, which the toughness
    change kills) as well."""
    hosts = {held: departure.old_id for departure in deaths for held in departure.attached}
    watchers = [
        evolve(watcher, attached_to=hosts[watcher.id]) if watcher.id in hosts else watcher
        for watcher in _watchers(before)
    ]
    seen = {watcher.id for watcher in watchers}
    for held, host in hosts.items():
        attachment = after.objects.get(held)
        if held in seen or attachment is None or attachment.zone is not Zone.BATTLEFIELD:
            continue
        if attachment.phased_out or not _watch_lines(attachment):
            continue
        watchers.append(evolve(attachment, attached_to=host))
    return watchers


def _watch_lines(source: GameObject) -> list[str]:
    lines = (_REMINDER.sub("", line).strip() for line in source.oracle_text.splitlines())
    return [
        line
        for line in lines
        if watched_effect(line) is not None and (" di" in line or "sacrifice" in line)
    ]
