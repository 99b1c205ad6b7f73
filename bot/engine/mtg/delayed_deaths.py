"""Delayed triggered abilities that a resolving spell or ability creates and that trigger on a
death (CR 603.7a): "Whenever a creature dies this turn, you gain 1 life." (Death Frenzy),
"When that creature dies this turn, exile its controller's graveyard." (Burn Away), and
earthbend's "When that land dies or is put into exile, return it ..." (701.66a), which has no
end, and Skeletonize's "When a creature dealt damage this way dies this turn, ...", which
refers to the creatures the spell dealt damage to (603.7c).

The spell makes the ability as it resolves; it triggers on each later event that fits
(603.7b), once only when it says "when" (603.7c), and goes on the stack the next time a player
would receive priority (603.3), controlled by the spell's controller (603.7d, 603.7e). A
scenario is one turn, so "this turn" lasts until "It is a later turn." is said.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.engine.frozen import evolve
from bot.engine.model import GameObject, Zone
from bot.engine.mtg.state import (
    DelayedDeathWatch,
    Departure,
    GameState,
    one_effect_trigger,
    push_trigger,
)
from bot.engine.mtg.watching_triggers import triggers_on

DELAYED_DEATH = "delayed death"

# "Whenever a creature dies this turn, you gain 1 life." / "When that creature dies this
# turn, create a 1/1 white Spirit ..." / "whenever a nontoken creature you control dies this
# turn, ...": the creatures watched and the effect. "When a creature dealt damage this way
# dies this turn, ..." (Skeletonize, Ghired's Belligerence, Reckless Blaze's "a creature you
# control dealt damage this way") refers to the creatures the spell dealt damage to (603.7c).
# Earthbend (701.66a): "When that land dies or is put into exile, return it to the
# battlefield tapped under your control." - no "this turn": it waits as long as it takes.
# "When target creature dies this turn, return that card ..." (Graceful Reprieve) and "When
# the permanent you don't control dies this turn, you gain 2 life." (Devouring Tendrils) watch
# the spell's own target, like "that creature".
_DIES_THIS_TURN = re.compile(
    r"^(?:and )?(?P<when>when|whenever) (?P<what>that creature|that land|it|target creature|the permanent you don't control|(?:a|an) "
    r"[^,]*?creature[^,]*?) dies(?P<exiled> or is put into exile)?"
    r"(?P<this_turn> this turn)?, (?P<effect>.+?)\.?$",
    re.IGNORECASE,
)

# "a creature [you control] dealt damage this way": only what the spell dealt damage to.
_DEALT_DAMAGE_THIS_WAY = " dealt damage this way"

# The subjects that name one object: the first one the part affected (its target).
_ONE_SUBJECT = (
    "that creature",
    "that land",
    "it",
    "target creature",
    "the permanent you don't control",
)


def delayed_death_watch(
    state: GameState,
    spell: GameObject,
    text: str,
    affected: list[int],
    damaged: Sequence[int] | None = None,
) -> GameState | None:
    """``state`` with the delayed "dies this turn" ability the resolving ``spell``'s sentence
    ``text`` creates (603.7a), "that creature" being the first object in ``affected`` and "a
    creature dealt damage this way" one of ``damaged`` (the objects the spell dealt damage to);
    None when the sentence isn't one the bot follows."""
    found = _DIES_THIS_TURN.match(text.strip())
    if found is None:
        return None
    what = found["what"].lower()
    among: tuple[int, ...] | None = None
    if what.endswith(_DEALT_DAMAGE_THIS_WAY):
        # CR 603.7c: the ability refers to those objects; one that left the battlefield and
        # came back is a new object (400.7), which it doesn't watch.
        if damaged is None:
            return None
        what = what.removesuffix(_DEALT_DAMAGE_THIS_WAY)
        among = tuple(dict.fromkeys(damaged))
    elif "damage" in what:
        return None
    subject = None
    if not found["this_turn"] and what not in _ONE_SUBJECT:
        return None  # "Whenever a creature dies, ..." with no end: not a one-off watch
    if what in _ONE_SUBJECT:
        if not affected:
            return None
        subject, what = affected[0], ""
        if found["what"].lower() == "the permanent you don't control":
            # Devouring Tendrils: the target "you don't control", not its own creature.
            theirs = [
                ref
                for ref in affected
                if ref in state.objects and state.objects[ref].controller != spell.controller
            ]
            subject = theirs[0] if theirs else subject
    watch = DelayedDeathWatch(
        source=spell,
        line=text.strip(),
        effect=found["effect"].strip(),
        what=what,
        subject=subject,
        among=among,
        once=found["when"].lower() == "when",
        since=len(state.departures),
        exiled=bool(found["exiled"]),
        this_turn=bool(found["this_turn"]),
    )
    return evolve(state, delayed_deaths=(*state.delayed_deaths, watch))


def delayed_death_triggers(
    before: GameState, after: GameState, left: list[Departure]
) -> tuple[GameState, list[str]]:
    """``after`` with the delayed abilities that the permanents which ``left`` the battlefield
    since ``before`` triggered, dying (or, for earthbend's, put into exile), put on the stack
    (603.7b, 603.3) and a note for each; a "when" ability triggers once and is then gone
    (603.7c)."""
    if not after.delayed_deaths or not left:
        return after, []
    order = {old_id: index for index, old_id in enumerate(after.departures)}
    notes: list[str] = []
    kept: list[DelayedDeathWatch] = []
    for watch in after.delayed_deaths:
        fired = False
        for departure in left:
            creature = departure.snapshot
            went = (Zone.GRAVEYARD, Zone.EXILE) if watch.exiled else (Zone.GRAVEYARD,)
            if departure.to_zone not in went:
                continue
            if order.get(departure.old_id, -1) < watch.since or not _watches(
                before, watch, creature
            ):
                continue
            after, note = _push(after, watch, departure)
            notes.append(note)
            fired = True
            if watch.once:
                break
        if not (fired and watch.once):
            kept.append(watch)
    return evolve(after, delayed_deaths=tuple(kept)), notes


def _watches(state: GameState, watch: DelayedDeathWatch, creature: GameObject) -> bool:
    if watch.subject is not None:
        return creature.id == watch.subject
    if watch.among is not None and creature.id not in watch.among:
        return False  # not one the spell dealt damage to (603.7c, 400.7)
    if "creature" not in creature.card_types:
        return False
    # Judged as a "Whenever ... dies" ability of the spell's, on the board just before the
    # death (603.10a): "you" is the spell's controller.
    return triggers_on(
        state, watch.source, f"Whenever {watch.what} dies, {watch.effect}.", creature, "dies"
    )


def _push(
    state: GameState, watch: DelayedDeathWatch, departure: Departure
) -> tuple[GameState, str]:
    source, creature = watch.source, departure.snapshot
    # "its controller's graveyard" (Burn Away): the creature as it last existed (608.2h).
    said = watch.effect[0].upper() + watch.effect[1:]
    said += "" if said.endswith((".", '."', ".”")) else "."
    spec = one_effect_trigger(watch.line, said, keyword=DELAYED_DEATH, rule="603.7", trigger="dies")
    name = f"{source.name}'s trigger"
    state, entry = push_trigger(state, source, source.controller, name, spec, said)
    state = state.replace_entry(evolve(entry, triggered_by=creature.id))
    how = "dies" if departure.to_zone is Zone.GRAVEYARD else "is put into exile"
    return state, (
        f"{source.name}'s delayed ability triggers as {creature.name} {how}: “{watch.line}” "
        f"(603.7a, 603.7b); it goes on the stack (#{entry.object_id}), controlled by "
        f"{source.controller} (603.7d): {said} Say “The top of the stack resolves.” to have it "
        "resolve"
    )
