"""“Combat damage is dealt.”: the combat damage each attacking and blocking creature assigns
when the board leaves no choice open (CR 510.1): an unblocked attacker's to what it attacks
(510.1b), a blocked one's to its only blocker (510.1c) — a trampler's lethal damage to it and
the rest to what it attacks (702.19b) — and a blocker's to the only creature it blocks
(510.1d). With first strike or double strike in the fight there are two combat damage steps
(510.4): the first has only those creatures' damage. Where the controller divides damage
among several creatures, the bot asks for the division instead of choosing it."""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.errors import EngineError
from bot.engine.model import GameObject, Zone
from bot.engine.mtg.combat import blockers_of
from bot.engine.mtg.combat_damage import (
    combat_damage_amount,
    lethal_missing,
    toughness_assigner,
)
from bot.engine.mtg.state import GameState, TargetRef
from bot.engine.mtg.statics import as_seen
from bot.engine.wording import and_list

_STRIKES_FIRST = frozenset({"first strike", "double strike"})


@dataclass(frozen=True)
class Assignment:
    """``amount`` combat damage ``source_id`` assigns to ``target`` (CR 510.1)."""

    source_id: int
    target: TargetRef
    amount: int


@dataclass(frozen=True)
class UsualDamage:
    """One combat damage step's damage: ``first_strike`` when it is the first of two steps
    (510.4); ``strikers`` the creatures whose damage belongs to that first step."""

    assignments: tuple[Assignment, ...]
    first_strike: bool
    strikers: frozenset[int]
    # Choices the bot made the usual way, said with how to make them otherwise, and statics
    # that changed an amount (Doran's), with the rules they rest on.
    notes: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    # Every creature of the step already dealt its damage: the step is over (510.4).
    over: bool = False


def usual_combat_damage(state: GameState, already: frozenset[int] = frozenset()) -> UsualDamage:
    """The combat damage of the step about to happen, as the rules assign it where no player
    chooses (CR 510.1); an ``EngineError`` saying what to state when a player must choose (a
    division among several creatures, 510.1c-d) or whom an attacker attacks isn't known.
    ``already``: creatures whose damage in this step was stated before (QA 59 W1: "Hill Giant
    assigns 1 damage to ... and 2 damage to ...", then "Combat damage is dealt." for the rest);
    those that dealt regular combat damage this combat don't deal it again (510.4)."""
    fighting = [
        obj
        for obj in state.zone_objects(Zone.BATTLEFIELD)
        if (obj.attacking or obj.blocking) and not obj.phased_out
    ]
    if not any(obj.attacking for obj in fighting):
        raise EngineError(
            "No creature is attacking, so no combat damage is dealt (510.1): declare the "
            "attackers (and blockers) first.",
            hint="Alice attacks Bob with Grizzly Bears.",
        )
    strikers = frozenset(o.id for o in fighting if _STRIKES_FIRST & state.keywords_of(o.id))
    # CR 510.4: the first step has creatures with first strike or double strike; the second,
    # those with double strike and those that had neither.
    first_strike = bool(strikers) and not state.struck_first
    dealing = [
        obj
        for obj in fighting
        if (obj.id in strikers) == first_strike
        or (not first_strike and "double strike" in state.keywords_of(obj.id))
    ]
    done = already | (frozenset() if first_strike else state.struck_regular)
    if dealing and all(obj.id in done for obj in dealing):
        return UsualDamage((), first_strike, strikers, over=True)
    dealing = [obj for obj in dealing if obj.id not in done]
    assignments: list[Assignment] = []
    notes: list[str] = []
    by_toughness: dict[int, list[str]] = {}  # a Doran's id: the amounts it changed
    for obj in dealing:
        power = combat_damage_amount(state, obj)
        if power == 0:
            continue  # CR 510.1a: a creature with 0 power assigns no combat damage
        if source := toughness_assigner(state, obj):
            by_toughness.setdefault(source.id, []).append(f"{state.label(obj.id)} {power}")
        if obj.attacking:
            assignments.extend(_attacker_damage(state, obj, power, notes))
        elif obj.blocking:
            assignments.extend(_blocker_damage(state, obj, power))
    notes.extend(
        f"{state.label(source_id)}'s static ability makes creatures assign combat damage equal "
        f"to their toughness rather than their power (510.1a): {and_list(amounts)}."
        for source_id, amounts in by_toughness.items()
    )
    rules = tuple(
        r
        for r in ("510.1a", "702.19b", "702.19c", "702.19e")
        if any(f"{r})" in note for note in notes)
    )
    return UsualDamage(tuple(assignments), first_strike, strikers, tuple(notes), rules)


def still_to_deal(
    state: GameState, already: frozenset[int], *, first_step: bool
) -> tuple[int, ...] | None:
    """The creatures with combat damage still to deal in the step being held (CR 510.2: all
    of a step's damage is dealt at once), ``already`` those whose damage was said; None when a
    player must still say how a creature divides its damage (510.1c-d). Empty when the step
    has no more damage: nothing more to say in it (QA 59 M4)."""
    if first_step and state.struck_first:
        return ()  # CR 510.4: the first-strike step's creatures dealt theirs together
    try:
        usual = usual_combat_damage(state, already)
    except EngineError:
        return None
    if usual.over or usual.first_strike != first_step:
        return ()
    return tuple(dict.fromkeys(a.source_id for a in usual.assignments))


def _attacker_damage(
    state: GameState, attacker: GameObject, power: int, notes: list[str]
) -> list[Assignment]:
    blockers = blockers_of(state, attacker.id)
    trample = "trample" in state.keywords_of(attacker.id)
    label = state.label(attacker.id)
    if not blockers and attacker.blocked:
        if not trample:
            return []  # CR 510.1c: blocked, its blockers gone: no combat damage
        # CR 702.19d: a trampler whose blockers are all gone assigns it all to what it attacks.
        return _to_attacked(state, attacker, power, notes)
    if not blockers:
        return _to_attacked(state, attacker, power, notes)  # CR 510.1b
    if len(blockers) > 1:
        names = and_list(state.label(b.id) for b in blockers)
        first, second = blockers[0], blockers[1]
        if trample:
            raise _trampler_division(state, attacker, blockers, power)
        raise EngineError(
            f"{label} is blocked by {names}: its controller divides its {power} combat damage "
            "among them as they choose (510.1c), so say how, then “Combat damage is dealt.” "
            "deals the rest of this step's damage with it (510.2).",
            hint=f"{attacker.name} assigns 1 damage to {first.name} and {power - 1} damage to "
            f"{second.name}.",
        )
    (blocker,) = blockers
    if not trample:
        return [Assignment(attacker.id, blocker.id, power)]  # CR 510.1c
    short = lethal_missing(state, attacker, blockers, ())
    if short is None:
        raise EngineError(
            f"{label} has trample, and how much is lethal to {state.label(blocker.id)} depends "
            "on prevention the bot can't weigh (702.19b): say how its damage is assigned.",
            hint=f"{attacker.name} assigns {power} damage to {blocker.name}.",
        )
    needed = min(power, sum(n for _, n in short))
    # CR 702.19b: lethal damage to the blocker first; the excess goes where the controller
    # chooses: the bot takes the usual choice, what it attacks, and says so.
    split = [Assignment(attacker.id, blocker.id, needed)] if needed else []
    if power > needed:
        attacked = _attacked(state, attacker)
        said: list[str] = []
        rest = _to_attacked(state, attacker, power - needed, said)
        split.extend(rest)
        where = (
            f"the bot assigns the other {power - needed} to {state.label(attacked)}, the usual "
            "choice"
            if len(rest) == 1 and rest[0].target == attacked
            else "the rest as below"
        )
        notes.append(
            f"{label} has trample: lethal damage ({needed}) to {state.label(blocker.id)}, and "
            f"{where}; its controller may assign more to the blocker instead (702.19b): say "
            f"“{attacker.name} assigns {power} damage to {blocker.name}.”"
        )
        notes.extend(said)
    return split


def _to_attacked(
    state: GameState, attacker: GameObject, amount: int, notes: list[str]
) -> list[Assignment]:
    """``amount`` of the attacker's combat damage to what it attacks (510.1b); with trample
    over planeswalkers and a planeswalker attacked, damage equal to its loyalty to it and the
    excess to its controller, the usual choice (702.19c), or all of it to that player once the
    planeswalker has left combat (702.19e)."""
    attacked = _attacked(state, attacker)
    over = "trample over planeswalkers" in state.keywords_of(attacker.id)
    if not over or not isinstance(attacked, int):
        return [Assignment(attacker.id, attacked, amount)]
    walker = state.objects.get(attacked)
    label = state.label(attacker.id)
    if walker is None or walker.zone is not Zone.BATTLEFIELD:
        seen = state.last_known(attacked)
        defender = seen.controller if seen is not None else None
        if defender is None:
            return [Assignment(attacker.id, attacked, amount)]
        notes.append(
            f"{label} has trample over planeswalkers and the planeswalker it attacked has left "
            f"combat, so its damage goes to {defender} (702.19e)."
        )
        return [Assignment(attacker.id, defender, amount)]
    loyalty = as_seen(state, walker).loyalty or 0
    if amount <= loyalty:
        return [Assignment(attacker.id, attacked, amount)]
    split = [Assignment(attacker.id, attacked, loyalty)] if loyalty else []
    split.append(Assignment(attacker.id, walker.controller, amount - loyalty))
    notes.append(
        f"{label} has trample over planeswalkers: damage equal to {state.label(attacked)}'s "
        f"loyalty ({loyalty}) to it, and the bot assigns the other {amount - loyalty} to "
        f"{walker.controller}, the usual choice; its controller may assign more to the "
        f"planeswalker instead (702.19c): say “{attacker.name} assigns {amount} damage to "
        f"{walker.name}.”"
    )
    return split


def _trampler_division(
    state: GameState, attacker: GameObject, blockers: list[GameObject], power: int
) -> EngineError:
    """The question for a trampler blocked by several creatures (CR 510.1c, 702.19b): its
    example assigns lethal damage to each blocker, as far as the damage goes, and the excess
    to what it attacks, the usual choice."""
    label, names = state.label(attacker.id), and_list(state.label(b.id) for b in blockers)
    short = lethal_missing(state, attacker, blockers, ())
    if short is None:
        lethal = [(b, 1) for b in blockers]  # prevention hides what is lethal: an example only
    else:
        owed = {b.id: n for b, n in short}
        lethal = [(b, owed.get(b.id, 0)) for b in blockers]
    parts: list[str] = []
    left = power
    for blocker, needed in lethal:
        if needed and left:
            parts.append(f"{min(needed, left)} damage to {blocker.name}")
            left -= min(needed, left)
    attacked = _attacked(state, attacker)
    if left:
        parts.append(f"{left} damage to {state.label(attacked)}")
    excess = (
        f"lethal damage to each of them first, then the excess as they choose among them and "
        f"{state.label(attacked)}"
        if short is not None
        else "lethal damage to each of them first (what is lethal depends on prevention the bot "
        f"can't weigh), then the excess as they choose among them and {state.label(attacked)}"
    )
    return EngineError(
        f"{label} has trample and is blocked by {names}: its controller assigns {excess} "
        f"(702.19b, 510.1c), so say how its {power} damage is divided, then “Combat damage is "
        "dealt.” deals the rest of this step's damage with it (510.2).",
        hint=f"{attacker.name} assigns {and_list(parts)}.",
    )


def _blocker_damage(state: GameState, blocker: GameObject, power: int) -> list[Assignment]:
    attackers = [
        state.obj(i)
        for i in blocker.blocking_ids
        if i in state.objects and state.obj(i).zone is Zone.BATTLEFIELD and state.obj(i).attacking
    ]
    if not attackers:
        return []  # CR 510.1d: the creature it blocked is gone or out of combat
    if len(attackers) > 1:
        raise EngineError(
            f"{state.label(blocker.id)} blocks {and_list(state.label(a.id) for a in attackers)}: "
            f"its controller divides its {power} combat damage among them (510.1d), so say how, "
            "then “Combat damage is dealt.” deals the rest of this step's damage with it.",
            hint=f"{blocker.name} assigns {power} damage to {attackers[0].name}.",
        )
    return [Assignment(blocker.id, attackers[0].id, power)]  # CR 510.1d


def _attacked(state: GameState, attacker: GameObject) -> TargetRef:
    """What the attacker attacks (CR 508.1b): as said, else the only opponent."""
    if attacker.attacked is not None:
        return attacker.attacked
    opponents = [p for p in state.player_names if p != attacker.controller]
    if len(opponents) == 1:
        return opponents[0]
    raise EngineError(
        f"Whom {state.label(attacker.id)} attacks isn't said, and there are several opponents "
        "(508.1b): say it.",
        hint=f"{attacker.name} is attacking {opponents[0] if opponents else 'Bob'}.",
    )
