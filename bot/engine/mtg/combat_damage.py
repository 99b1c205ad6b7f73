"""Stated combat damage checked against the combat the board shows (CR 510.1): only attacking
and blocking creatures assign combat damage, as much as their power (510.1a); a blocked
creature assigns it to its blockers (510.1c), a blocker to the creature it blocks (510.1d), an
unblocked one to what it attacks (510.1b); a trampler assigns lethal damage to its blockers
before any to the player (702.19b).  The stated amount is read as the damage assigned; what
changes the damage dealt (prevention, doubling) the bot can't always see, and then it doesn't
refuse."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from bot.engine.errors import IllegalActionError
from bot.engine.model import GameObject, Zone
from bot.engine.mtg.combat import blockers_of
from bot.engine.mtg.legality import has_quality, protections_of
from bot.engine.mtg.state import GameState, TargetRef
from bot.engine.mtg.statics import as_seen, loses_all_abilities
from bot.engine.verdict import Verdict, VerdictKind

# Text that changes how much combat damage a creature assigns (Doran, Arcades: 510.1a) or lets
# a blocked one assign it as though unblocked (Thorn Elemental, Siege Behemoth: 510.1c).
_BY_TOUGHNESS = re.compile(r"combat damage equal to its toughness", re.IGNORECASE)
# The statics the bot applies (CR 510.1a, changed by an effect): Doran's "Each creature",
# Belligerent Brontodon's "Each creature you control", Ancient Lumberknot's "... with toughness
# greater than its power", Arcades' "... with defender", Baldin's "During your turn, ...",
# Streetwise Negotiator's "This creature", Gauntlets of Light's "Enchanted creature gets +0/+2 and
# ...", Bark of Doran's "As long as equipped creature's toughness is greater than its power, it".
_BY_TOUGHNESS_STATIC = re.compile(
    r"(?:^|[.\n]\s*)(?P<turn>during your turn, )?"
    r"(?:(?P<each>each creature)(?P<yours> you control)?"
    r"(?: with (?P<quality>toughness greater than its power|defender))?"
    r"|(?P<self>this creature)"
    r"|(?P<attached>enchanted|equipped) creature(?: gets [+-]\d+/[+-]\d+ and)?"
    r"|as long as (?P<bark>equipped) creature's toughness is greater than its power, it)"
    r" assigns combat damage equal to its toughness rather than its power",
    re.IGNORECASE,
)
_AS_UNBLOCKED = re.compile(r"as though (?:it|they) weren't blocked", re.IGNORECASE)
# Effects that increase or double damage (Furnace of Rath, Torbran: 614.1a).
_MORE_DAMAGE = re.compile(
    r"double that damage|deals? (?:that much|twice that much) damage plus|damage plus \d"
    r"|that much damage plus|twice that much damage|triple that damage",
    re.IGNORECASE,
)


def toughness_assigner(state: GameState, obj: GameObject) -> GameObject | None:
    """The permanent whose static ability makes ``obj`` assign combat damage equal to its
    toughness rather than its power (Doran, the Siege Tower; its ruling: "it changes only the
    value of the combat damage they assign"), or None: it assigns its power (CR 510.1a)."""
    if "toughness rather than its power" not in "".join(
        o.oracle_text for o in state.zone_objects(Zone.BATTLEFIELD)
    ):
        return None  # the common case first
    seen = as_seen(state, obj)
    bigger = (seen.current_toughness or 0) > (seen.current_power or 0)
    for source in state.zone_objects(Zone.BATTLEFIELD):
        if source.phased_out or loses_all_abilities(state, source):
            continue
        for match in _BY_TOUGHNESS_STATIC.finditer(source.oracle_text):
            if _assigns_by_toughness(state, match, source, obj, bigger=bigger):
                return source
    return None


def _assigns_by_toughness(
    state: GameState, match: re.Match[str], source: GameObject, obj: GameObject, *, bigger: bool
) -> bool:
    if match["attached"] or match["bark"]:
        return source.attached_to == obj.id and (bigger or not match["bark"])
    if match["self"]:
        return source.id == obj.id
    if match["turn"]:
        # Combat happens in the active player's turn: the attackers' controller's.
        turn = state.active_player or next(
            (o.controller for o in state.zone_objects(Zone.BATTLEFIELD) if o.attacking), ""
        )
        if turn.casefold() != source.controller.casefold():
            return False
    if match["yours"] and obj.controller != source.controller:
        return False
    quality = (match["quality"] or "").lower()
    if quality == "defender":
        return "defender" in state.keywords_of(obj.id)
    return bigger or not quality


def combat_damage_amount(state: GameState, obj: GameObject) -> int:
    """How much combat damage ``obj`` assigns: its power (CR 510.1a), or its toughness under a
    static such as Doran's; never less than 0."""
    seen = as_seen(state, obj)
    by_toughness = toughness_assigner(state, obj) is not None
    return max((seen.current_toughness if by_toughness else seen.current_power) or 0, 0)


def combat_damage_refusal(
    state: GameState,
    source_id: int,
    target: TargetRef,
    amount: int,
    *,
    assigned_before: int = 0,
    deathtouched: Collection[int] = (),
) -> IllegalActionError | None:
    """Why ``source_id`` can't deal ``amount`` combat damage to ``target``, or None when the
    board allows it (or can't tell); the refusal says what would work (its hint).
    ``assigned_before``: what the same source was already said to deal in this combat
    damage step; ``deathtouched``: creatures its deathtouch already reached in the step
    (lethal, 702.2c)."""
    refusal = _refusal(
        state,
        source_id,
        target,
        amount,
        assigned_before=assigned_before,
        deathtouched=deathtouched,
    )
    if refusal is None or not refusal.hint:
        return refusal
    return IllegalActionError(f"{refusal.message} {refusal.hint}", rules=refusal.rules)


def combat_damage_caveat(
    state: GameState, source_id: int, target: TargetRef, amount: int, *, assigned_before: int = 0
) -> str:
    """What the bot couldn't check of an allowed combat damage statement, to say so ("" when
    it checked all of it): text that changes how combat damage is assigned (Doran), more
    than the power with a damage-increasing effect in play (614.1a), prevention on a
    trampler's blocker hiding what was assigned to it (702.19b)."""
    everything = state.zone_objects(Zone.BATTLEFIELD)
    if not any(obj.attacking or obj.blocking or obj.blocked is not None for obj in everything):
        return ""
    said: list[str] = []
    source = as_seen(state, state.obj(source_id))
    power = source.current_power
    if power is not None and amount + assigned_before > max(power, 0):
        if changer := _first_with(everything, _BY_TOUGHNESS):
            said.append(
                f"That is more than {source.name}'s power: {changer.name}'s text may make it "
                "assign combat damage equal to its toughness, so the bot takes the amount as "
                "said (510.1a)."
            )
        elif increaser := _first_with(everything, _MORE_DAMAGE):
            said.append(
                f"That is more than {source.name}'s power: {increaser.name}'s effect may "
                "increase the damage dealt (614.1a), so the bot takes the amount as said "
                "(510.1a)."
            )
    blockers = blockers_of(state, source_id)
    past_blockers = (
        source.attacking
        and source.blocked
        and not (isinstance(target, int) and target in {b.id for b in blockers})
    )
    if past_blockers and (freer := _first_with(everything, _AS_UNBLOCKED)):
        said.append(
            f"{freer.name}'s text may let {source.name} assign its combat damage as though it "
            "weren't blocked, so the bot takes it as said (510.1c)."
        )
    elif (
        past_blockers
        and blockers
        and "trample" in state.keywords_of(source_id)
        and lethal_missing(state, source, blockers, ()) is None
    ):
        said.append(
            "Prevention on a blocker hides the damage assigned to it, so the bot doesn't check "
            "that its blockers were assigned lethal damage first (702.19b)."
        )
    return " ".join(said)


def _refusal(
    state: GameState,
    source_id: int,
    target: TargetRef,
    amount: int,
    *,
    assigned_before: int = 0,
    deathtouched: Collection[int] = (),
) -> IllegalActionError | None:
    fighting = [
        obj
        for obj in state.zone_objects(Zone.BATTLEFIELD)
        if obj.attacking or obj.blocking or obj.blocked is not None
    ]
    if not fighting:
        return None  # combat isn't stated: the bot takes the damage as said
    source = as_seen(state, state.obj(source_id))
    label = state.label(source_id)
    everything = state.zone_objects(Zone.BATTLEFIELD)
    if not (source.attacking or source.blocking):
        return IllegalActionError(
            f"{label} isn't attacking or blocking, so it deals no combat damage: only "
            "attacking and blocking creatures assign combat damage (510.1).",
            rules=("510.1", "506.4"),
            hint=f"Say “{label} is attacking.” (or blocking) first, or say the damage "
            "without “combat”.",
        )
    power = source.current_power
    more = _first_with(everything, _MORE_DAMAGE) or _first_with(everything, _BY_TOUGHNESS)
    if power is not None and amount + assigned_before > max(power, 0) and not more:
        said = f" ({assigned_before} already said in this step)" if assigned_before else ""
        return IllegalActionError(
            f"{label} assigns combat damage equal to its power, {max(power, 0)}, so it "
            f"can't deal {amount}{said} (510.1a).",
            rules=("510.1a",),
            hint=f"Say how {label}'s {max(power, 0)} damage is dealt, or what made it more "
            "(“… gets +2/+0.”).",
        )
    if source.blocking:
        return _blocker_refusal(state, source, target)
    if source.blocked and _first_with(everything, _AS_UNBLOCKED):
        return None  # it may assign as though unblocked (510.1c; the caveat says so)
    return _attacker_refusal(state, source, target, deathtouched)


def _blocker_refusal(
    state: GameState, source: GameObject, target: TargetRef
) -> IllegalActionError | None:
    """CR 510.1d: a blocking creature assigns its combat damage to the creatures it blocks."""
    if not source.blocking_ids or target in source.blocking_ids:
        return None  # whom it blocks isn't said: nothing to check
    label = state.label(source.id)
    blocked = [state.label(i) for i in source.blocking_ids if i in state.objects]
    return IllegalActionError(
        f"{label} is blocking {', '.join(blocked)}: a blocking creature assigns its combat "
        f"damage to the creatures it blocks, not to {state.label(target)} (510.1d).",
        rules=("510.1d",),
    )


def _attacker_refusal(
    state: GameState, source: GameObject, target: TargetRef, deathtouched: Collection[int]
) -> IllegalActionError | None:
    """CR 510.1b-c, 702.19b: where an attacking creature's combat damage may go."""
    label = state.label(source.id)
    blockers = blockers_of(state, source.id)
    to_creature = (
        isinstance(target, int) and "creature" in as_seen(state, state.obj(target)).card_types
    )
    attacked = not to_creature  # a player, planeswalker or battle
    if blockers and isinstance(target, int) and target in {b.id for b in blockers}:
        return None
    if not source.blocked:
        if to_creature and source.blocked is False:
            return IllegalActionError(
                f"{label} is attacking and unblocked: it assigns its combat damage to the "
                f"player, planeswalker or battle it attacks, not to {state.label(target)} "
                "(510.1b).",
                rules=("510.1b",),
            )
        if to_creature and isinstance(target, int) and not state.obj(target).blocking:
            # QA 50 W4: an attacker's combat damage goes to a creature only when that creature
            # blocks it (510.1b-c); a creature not said to block doesn't.
            hurt = state.label(target)
            return IllegalActionError(
                f"{hurt} isn't blocking {label}: an attacking creature assigns its combat "
                "damage to the creatures blocking it, or, unblocked, to the player, planeswalker "
                "or battle it attacks (510.1b, 510.1c).",
                rules=("510.1b", "510.1c"),
                hint=f"Say the block first: “{state.obj(target).name} blocks {source.name}.”",
            )
        return None if to_creature else _elsewhere(state, source, target)
    if not attacked:
        if not blockers:
            return None  # which creatures block it isn't said
        return IllegalActionError(
            f"{state.label(target)} isn't blocking {label}: a blocked creature assigns its "
            "combat damage to the creatures blocking it (510.1c).",
            rules=("510.1c",),
        )
    names = ", ".join(state.label(b.id) for b in blockers) or "its blockers"
    if "trample" not in state.keywords_of(source.id):
        why = (
            f"it assigns its combat damage to {names}"
            if blockers
            else "it assigns its combat damage to the creatures blocking it (none, once they "
            "have all left combat)"
        )
        return IllegalActionError(
            f"{label} is blocked and has no trample: {why}, none to "
            f"{state.label(target)} (510.1c).",
            rules=("510.1c", "702.19b"),
            hint=f"Say “{label} deals N combat damage to {blockers[0].name}.”" if blockers else "",
        )
    if (elsewhere := _elsewhere(state, source, target)) is not None:
        return elsewhere
    short = lethal_missing(state, source, blockers, deathtouched)
    if not short:
        return None
    missing = "; ".join(f"{state.label(b.id)} needs {n} more" for b, n in short)
    return IllegalActionError(
        f"{label} has trample, but it assigns lethal damage to every creature blocking it "
        f"before any to {state.label(target)} ({missing}; damage already marked counts) "
        "(702.19b).",
        rules=("702.19b",),
        hint=f"State its damage to {names} first, then the rest to {state.label(target)}.",
    )


def lethal_missing(
    state: GameState,
    source: GameObject,
    blockers: list[GameObject],
    deathtouched: Collection[int],
) -> list[tuple[GameObject, int]] | None:
    """Each blocker not yet dealt lethal damage and how much more it needs (CR 702.19b:
    damage marked counts, 702.2c: with deathtouch 1 is lethal); None when the bot can't
    tell, because prevention (protection, a shield) hides what was assigned to it."""
    deathtouch = "deathtouch" in state.keywords_of(source.id)
    short: list[tuple[GameObject, int]] = []
    for blocker in blockers:
        if state.shields.get(blocker.id) or any(
            has_quality(source, q, state.player_names)
            for q in protections_of(state.keywords_of(blocker.id))
        ):
            return None
        toughness = as_seen(state, blocker).current_toughness
        if toughness is None or blocker.id in deathtouched:
            continue
        needed = max(0, toughness - blocker.damage)
        if deathtouch and needed:
            needed = 1
        if needed:
            short.append((blocker, needed))
    return short


def _elsewhere(
    state: GameState, source: GameObject, target: TargetRef
) -> IllegalActionError | None:
    """CR 510.1b, 702.19b: an attacker's damage that isn't its blockers' goes to the player,
    planeswalker or battle it attacks, when that is said, and nowhere else."""
    if source.attacked is None or target == source.attacked:
        return None
    to_walkers_controller = (
        isinstance(source.attacked, int)
        and isinstance(target, str)
        and (walker := _attacked_walker(state, source.attacked)) is not None
        and walker.controller == target
    )
    keywords = state.keywords_of(source.id)
    if to_walkers_controller and "trample over planeswalkers" in keywords:
        # CR 702.19c: the excess over the planeswalker's loyalty may go to its controller;
        # 702.19e: all of it, once the planeswalker has left combat.
        return None
    label, attacked = state.label(source.id), state.label(source.attacked)
    if to_walkers_controller and "trample" in keywords:
        return IllegalActionError(
            f"{label} is attacking {attacked}: with trample but not trample over "
            f"planeswalkers, none of its combat damage can be assigned to {target}, even "
            "what is more than the planeswalker's loyalty (702.19f).",
            rules=("702.19f",),
        )
    if isinstance(source.attacked, int) and not _on_battlefield(state, source.attacked):
        return IllegalActionError(
            f"{label} was attacking {attacked}, which has left the battlefield: an unblocked "
            "creature that isn't attacking anything assigns no combat damage (510.1b).",
            rules=("510.1b",),
        )
    return IllegalActionError(
        f"{label} is attacking {attacked}: its combat damage goes to {attacked} (or to its "
        f"blockers), not to {state.label(target)} (510.1b, 702.19b).",
        rules=("510.1b", "702.19b"),
    )


def _attacked_walker(state: GameState, object_id: int) -> GameObject | None:
    """The planeswalker attacked, or as it last existed once it has left."""
    walker = state.last_known(object_id)
    if walker is None or "planeswalker" not in walker.card_types:
        return None
    return walker


def _on_battlefield(state: GameState, object_id: int) -> bool:
    obj = state.objects.get(object_id)
    return obj is not None and obj.zone is Zone.BATTLEFIELD


def assignable_damage(state: GameState, source_id: int, target: TargetRef) -> Verdict:
    """The most combat damage ``source_id`` may assign to ``target`` as the board stands:
    its power (510.1a) to what it may hit (510.1b-d), for a trampler what is left once its
    blockers have lethal damage (702.19b; 1 each with deathtouch, 702.2c)."""
    source = as_seen(state, state.obj(source_id))
    label, where = state.label(source_id), state.label(target)
    power = max(source.current_power or 0, 0)
    if not (source.attacking or source.blocking):
        return Verdict(
            VerdictKind.OK,
            f"None: {label} isn't attacking or blocking, and only attacking and blocking "
            "creatures assign combat damage (510.1).",
            ("510.1",),
        )
    if (refusal := _refusal(state, source_id, target, 1)) is not None and not (
        "702.19b" in refusal.rules and "510.1c" not in refusal.rules
    ):
        return Verdict(VerdictKind.OK, f"None: {refusal.message}", refusal.rules)
    blockers = blockers_of(state, source_id)
    onto_blocker = isinstance(target, int) and target in {b.id for b in blockers}
    if source.blocking or onto_blocker or not source.blocked:
        unsaid = " if it is unblocked (510.1b)" if source.blocked is None else ""
        return Verdict(
            VerdictKind.OK,
            f"Up to {power}: {label} assigns combat damage equal to its power (510.1a)"
            f"{unsaid}; stated damage to {where} is checked against the board.",
            ("510.1a", "510.1b") if unsaid else ("510.1a",),
        )
    short = lethal_missing(state, source, blockers, ())
    if short is None:
        return Verdict(
            VerdictKind.OK,
            f"At most {power}: {label} has trample, and what it must assign to its blockers "
            "first depends on prevention the bot can't weigh here (702.19b).",
            ("702.19b",),
        )
    needed = sum(n for _, n in short)
    owed = "; ".join(f"{state.label(b.id)} needs {n}" for b, n in short) or "none needed"
    deathtouch = "deathtouch" in state.keywords_of(source_id)
    return Verdict(
        VerdictKind.OK,
        f"Up to {max(power - needed, 0)}: {label} has trample and power {power}; it assigns "
        f"lethal damage to its blockers first ({owed}; damage already marked counts"
        f"{', and with deathtouch 1 is lethal' if deathtouch else ''}), the rest may go to "
        f"{where} ({'702.19b, 702.2c' if deathtouch else '702.19b'}).",
        ("702.19b", "702.2c", "510.1a") if deathtouch else ("702.19b", "510.1a"),
    )


def _first_with(objects: Sequence[GameObject], text: re.Pattern[str]) -> GameObject | None:
    """The first of ``objects`` whose rules text says ``text``."""
    return next((obj for obj in objects if text.search(obj.oracle_text)), None)
