"""What triggers when a permanent dies: its own "when this dies" abilities, persist, undying.

Leaves-the-battlefield abilities "look back in time" (CR 603.10a): whether they trigger is
decided by the permanent as it last existed on the battlefield, so a creature that dies
triggers its own "When ~ dies" ability, and persist or undying checks the counters it had
then (702.79a, 702.93a).  The bot doesn't put these on the stack by itself (their effects
bring a card back, which the user says); it says that they triggered and how to go on, so a
judge isn't left thinking nothing happened.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.engine.cards import names_itself
from bot.engine.frozen import quick_init
from bot.engine.model import GameObject, Zone
from bot.engine.mtg.exiled_until import LINKED_RETURN, RETURNS_AT_ONCE, linked_return
from bot.engine.mtg.state import GameState
from bot.engine.mtg.statics import humbled_by, loses_all_abilities, rules_text_lost_to
from bot.engine.patterns import remembered

# "When this creature dies, ..." / "When Perilous Myr dies, ..." / "... is put into a
# graveyard from the battlefield, ..." (CR 700.4: "dies" means exactly that).
_DIES_TRIGGER = re.compile(
    r"^(?:when|whenever) (?:this [a-z]+|~|(?P<name>[^,]*?)) "
    r"(?:dies|is put into (?:a|your|its owner's) graveyard from the battlefield)\s*,",
    re.IGNORECASE,
)
_REMINDER = re.compile(r"\([^)]*\)")
# Keyword -> the counter it looks for and the rule that defines it.
_RETURNING_KEYWORDS = {"persist": ("-1/-1", "702.79a"), "undying": ("+1/+1", "702.93a")}
_RETURNING_RULES = {
    rule: (keyword, counter) for keyword, (counter, rule) in _RETURNING_KEYWORDS.items()
}


def _returning_line(last_seen: GameObject, rule: str) -> tuple[str, str, str]:
    """Persist's or undying's triggered ability written out (CR 702.79a, 702.93a), its effect,
    and the words of its note that ask the user to return the card (replaced once the bot
    puts it on the stack)."""
    counter = _RETURNING_RULES[rule][1]
    effect = (
        f"Return it to the battlefield under its owner's control with a {counter} counter on it."
    )
    line = (
        f"When this permanent is put into a graveyard from the battlefield, if it had no "
        f"{counter} counters on it, {effect[0].lower()}{effect[1:]}"
    )
    name = last_seen.name
    asked = (
        f"the bot doesn't apply it by itself: say “{name} returns to the battlefield.” and "
        f"“{name} gets a {counter} counter.”"
    )
    return line, effect, asked


@quick_init
@dataclass(frozen=True)
class DiedTriggers:
    notes: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    # The abilities with targets that triggered, as (the permanent as it last existed, the
    # ability's text): they wait for their targets (CR 603.3d).
    waiting: tuple[tuple[GameObject, str], ...] = ()
    # The abilities with no targets that triggered, as (the permanent as it last existed, the
    # ability's text, what its note says to put it on the stack): they go on the stack the
    # next time a player would receive priority (CR 603.3), before anything resolves.
    untargeted: tuple[tuple[GameObject, str, str], ...] = ()
    # Persist and undying that triggered (702.79a, 702.93a), as (the permanent as it last
    # existed, the keyword's triggered ability written out, its effect, the keyword, the rule, what its
    # note says to put it on the stack): they go on the stack like the others (603.3).
    returning: tuple[tuple[GameObject, str, str, str, str, str], ...] = ()


def is_dies_trigger(text: str) -> bool:
    """Whether an ability's text is a "when this dies" trigger (CR 603.6c, 700.4)."""
    return _DIES_TRIGGER.match(_REMINDER.sub("", text).strip()) is not None


def _new_keys(before: Mapping[int, Any], after: Mapping[int, Any]) -> list[int]:
    """The keys of ``after`` not in ``before``, in ``after``'s order (keys only: a restored
    game's older departures stay undecoded)."""
    added = len(after) - len(before)
    if added > 0 and type(after) is dict:
        # A state's record of departures only grows, each one added last (``GameState.move``),
        # so the new ones are its last keys: not a walk of a long game's every departure.
        last = list(itertools.islice(reversed(after), added))[::-1]
        if not any(key in before for key in last):
            return last
    return [key for key in after if key not in before]


def died_triggers(before: GameState, after: GameState) -> DiedTriggers:
    """The abilities that triggered because permanents died between ``before`` and
    ``after`` (CR 603.6c, 603.10a), each with what the user says next."""
    if len(after.departures) == len(before.departures):
        return DiedTriggers()
    notes: list[str] = []
    rules: list[str] = []
    waiting: list[tuple[GameObject, str]] = []
    untargeted: list[tuple[GameObject, str, str]] = []
    returning: list[tuple[GameObject, str, str, str, str, str]] = []
    for old_id in _new_keys(before.departures, after.departures):
        departure = after.departures[old_id]
        # CR 700.4: "dies" means put into a graveyard from the battlefield, whatever put it
        # there (damage, destroy, sacrifice).
        left = departure.snapshot.zone is Zone.BATTLEFIELD
        back = after.objects.get(departure.new_id) if departure.new_id is not None else None
        if departure.event.endswith(RETURNS_AT_ONCE) and back is not None:
            # Banishing Light: "until this enchantment leaves the battlefield" (610.3, 610.3c).
            notes.append(
                f"{departure.event.removesuffix(RETURNS_AT_ONCE).replace('returned', back.name + ' returns', 1)}: "
                f"it was exiled only until then, so it comes back at once under its owner's "
                f"({back.owner}'s) control, a new object (610.3, 610.3c, 400.7)"
            )
            rules.extend(("610.3", "610.3c"))
        if left and (note := _sacrifice_on_leaving(departure.snapshot, after)):
            notes.append(note)
            rules.extend(("603.6c", "603.10a"))
        dies = (departure.to_zone is Zone.GRAVEYARD and left) or departure.event == "died"
        if not dies:
            continue
        found = _triggered(departure.snapshot)
        taken_by = _abilities_taken_by(before, departure.snapshot) if found else ""
        if taken_by:
            # CR 603.10: whether it triggers is decided "using the existence of those abilities
            # ... immediately prior to the event": under Humility it had none (613.1f), even
            # if Humility left at the same time.
            notes.append(
                f"{departure.snapshot.name} had no abilities as it died ({taken_by}), so its "
                "“dies” abilities don't trigger (603.10, 613.1f)"
            )
            rules.extend(("603.10", "613.1f"))
            continue
        for note, rule, targeted, put_by in found:
            notes.append(note)
            rules.extend(("603.10a", rule))
            if targeted:
                waiting.append((departure.snapshot, targeted))
            elif put_by and rule in _RETURNING_RULES:
                line, effect, asked = _returning_line(departure.snapshot, rule)
                keyword = _RETURNING_RULES[rule][0]
                returning.append((departure.snapshot, line, effect, keyword, rule, asked))
            elif put_by:
                untargeted.append((departure.snapshot, put_by[0], put_by[1]))
    known = {entry.object_id for entry in before.stack}
    pushed = {
        entry.source_id
        for entry in after.stack
        if entry.object_id not in known and entry.spec.keyword == LINKED_RETURN
    }
    for old_id in _new_keys(before.departures, after.departures):
        gone = after.departures[old_id].snapshot
        if gone.zone is Zone.BATTLEFIELD and old_id not in pushed and linked_return(gone):
            # The classic Oblivion Ring trick (QA 35 M3): it left before its enters trigger
            # exiled anything, so its leaves trigger returns nothing; the enters trigger then
            # exiles for good (607.2a).
            notes.append(
                f"{gone.name} left the battlefield: its “{linked_return(gone).rstrip('.')}” "
                "ability triggers, but it has exiled nothing here, so it returns nothing (if it had "
                "exiled a card before, say “… returns to the battlefield.”); a card "
                f"{gone.name}'s other ability exiles after this stays exiled (603.6c, 607.2a)"
            )
            rules.extend(("603.6c", "607.2a"))
    for entry in after.stack:
        if entry.object_id not in known and entry.spec.keyword == LINKED_RETURN:
            # Oblivion Ring, Journey to Nowhere: the linked leaves ability (603.6c, 607.2a).
            notes.append(
                f"{entry.name.removesuffix(' trigger').removesuffix(chr(39) + 's')} left the "
                f"battlefield, so its ability triggers and goes on the stack: “{entry.spec.text}” "
                "(603.6c, 607.2a); say “The top of the stack resolves.” to have it resolve"
            )
            rules.extend(("603.6c", "607.2a"))
    return DiedTriggers(
        tuple(notes),
        tuple(dict.fromkeys(rules)),
        tuple(waiting),
        tuple(untargeted),
        tuple(returning),
    )


def _abilities_taken_by(before: GameState, last_seen: GameObject) -> str:
    """The permanent whose static ability took away ``last_seen``'s abilities as it last
    existed on the battlefield (Humility, Lignify; Song of the Dryads' 305.7), "" if none."""
    if loses_all_abilities(before, last_seen):
        return humbled_by(before, last_seen) or "an effect took them away"
    return rules_text_lost_to(before, last_seen)


# Animate Dead, Dance of the Dead, Necromancy: "When this Aura leaves the battlefield, that
# creature's controller sacrifices it."
_SACRIFICE_ON_LEAVING = remembered(
    re.compile(
        r"when (?:this aura|this enchantment|~) leaves the battlefield, that creature's "
        r"controller sacrifices it",
        re.IGNORECASE,
    )
)


def _sacrifice_on_leaving(last_seen: GameObject, after: GameState) -> str:
    """The leaves-the-battlefield trigger of an Aura that brought a creature back: as it
    resolves, the creature's controller sacrifices it (CR 603.6c, 603.10a); "" if none."""
    text = last_seen.oracle_text.replace(last_seen.name, "~")
    if not _SACRIFICE_ON_LEAVING.search(text) or last_seen.attached_to is None:
        return ""
    creature = after.objects.get(last_seen.attached_to)
    if creature is None or creature.zone is not Zone.BATTLEFIELD:
        return ""
    return (
        f"{last_seen.name} left the battlefield, so its ability triggers: as it resolves, "
        f"{creature.controller} sacrifices {creature.name} (603.6c, 603.10a); the bot doesn't "
        f"apply it by itself: say “{creature.controller} sacrifices {creature.name}.”"
    )


def _triggered(
    last_seen: GameObject,
) -> list[tuple[str, str, str, tuple[str, str] | None]]:
    """What triggered as ``last_seen`` died: (a note, its rule, the ability's text when it
    has targets, which wait to be chosen: CR 603.3d, else ""; for a "dies" ability with no
    targets, its text and the words of the note that ask for it to be put on the stack)."""
    name = last_seen.name
    found: list[tuple[str, str, str, tuple[str, str] | None]] = []
    if last_seen.abilities_lost:
        return found  # it left with no abilities (Turn to Frog): nothing triggers (613.1f)
    keywords = {k.casefold() for k in last_seen.keywords}
    for line in last_seen.oracle_text.splitlines():
        sentence = _REMINDER.sub("", line).strip()
        keyword = sentence.casefold().rstrip(".")
        if keyword in _RETURNING_KEYWORDS:
            keywords.add(keyword)
            continue
        match = _DIES_TRIGGER.match(sentence)
        # Its own name, or the short name a legend's text uses ("When Kokusho dies", 201.5c).
        if match is None or (match["name"] and not names_itself(match["name"], name)):
            continue
        targeted = re.search(r"\btargets?\b", sentence, re.IGNORECASE) is not None
        if targeted:
            says = f"“{name}'s trigger targets …”"
            goes = f"its targets are chosen as it goes on the stack: say {says}"
        else:
            goes = f"say “{name}'s trigger goes on the stack.”"
        # Only a creature dies (700.4); Rancor "is put into a graveyard" (QA 43 M1).
        leaves = "dies" if "creature" in last_seen.card_types else "is put into a graveyard"
        found.append(
            (
                f"{name}'s ability triggers as it {leaves}: “{sentence}” ({goes})",
                "603.6c",
                sentence if targeted else "",
                None if targeted else (sentence, goes),
            )
        )
    for keyword, (counter, rule) in _RETURNING_KEYWORDS.items():
        if keyword not in keywords:
            continue
        if last_seen.counters.get(counter, 0):
            found.append(
                (
                    f"{name} had a {counter} counter on it as it died, so its {keyword} ability "
                    f"doesn't trigger ({rule})",
                    rule,
                    "",
                    None,
                )
            )
        else:
            _, _, asked = _returning_line(last_seen, rule)
            found.append(
                (
                    f"{name} had no {counter} counter on it as it died, so its {keyword} "
                    f"ability triggers ({rule}): as it resolves, {name} returns to the "
                    f"battlefield with a {counter} counter (a new object, 400.7); {asked}",
                    rule,
                    "",
                    (keyword, asked),
                )
            )
    return found
