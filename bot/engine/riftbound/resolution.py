"""What resolving a Riftbound spell or ability does on the board: each instruction carried out
as far as it can be (359.3.e.1: no fizzle; 055: do as much as you can), damage shares, moves.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace

from bot.engine.errors import EngineError, IllegalActionError
from bot.engine.riftbound.analysis import REFLEXIVE, Instruction, TargetAnalysis
from bot.engine.riftbound.model import RbKind, RbObject, RbZone
from bot.engine.riftbound.rules import cite_if, rule
from bot.engine.riftbound.state import BASE, BOARD_ZONES, ChainItem, RbState, label
from bot.engine.riftbound.targeting import (
    KILLS_CONDITION,
    SplitChoiceNeeded,
    check_split,
    choosing_only,
    split_options,
)
from bot.engine.verdict import EffectReport, Verdict, VerdictKind
from bot.engine.wording import and_list, counted


def illegal_verdict(error: IllegalActionError, version: str) -> Verdict:
    return Verdict(VerdictKind.ILLEGAL, error.message, error.rules)


def move_to_zone(
    state: RbState, obj: RbObject, zone: RbZone, event: str
) -> tuple[RbState, int | None]:
    """Move ``obj`` to a non-board zone: a new object there, or nothing for a token."""
    if obj.token:
        return state.without(obj.id, event, None), None
    moved = RbObject(
        0,
        obj.name,
        obj.kind,
        obj.owner,
        obj.owner,
        zone,
        "",
        state.cards[obj.id].might if obj.id in state.cards else obj.might,
        obj.tags,
        energy=obj.energy,
        power=obj.power,
    )
    card = state.cards.get(obj.id)
    state, new_id = state.add(moved, card)
    return state.without(obj.id, event, new_id), new_id


_DEAL = re.compile(r"\bdeal (?P<n>\d+)\b", re.I)
_DEAL_MY_MIGHT = re.compile(r"\bdeal damage equal to my Might\b", re.I)
# "They deal damage equal to their Mights to each other" (Challenge, Clash of Giants, Dragon's
# Rage): the two units chosen deal damage to each other, both at once.
_EACH_OTHER = re.compile(r"^they deal damage equal to their mights to each other\b", re.I)
# "It deals damage equal to its Might to an enemy unit" (Last Breath, Strike Down): the unit
# named before deals damage to the one this instruction names.
_ITS_MIGHT_TO = re.compile(r"^it deals damage equal to its might to\b", re.I)
_GIVE_MIGHT = re.compile(r"^give\b.*?[+\-−]\d+ \[M\]", re.I)
# "+2 [M]" / "-1 [M]" (the gallery sometimes prints a real minus sign), and the floor a
# reduction may name: "-1 [M] this turn, to a minimum of 1 [M]" (Stupefy).
_MIGHT_CHANGE = re.compile(r"(?P<sign>[+\-−])(?P<n>\d+) \[M\]", re.I)
# En Garde: "..., then an additional +1 [M] this turn if it is the only unit you control there."
_ADDITIONAL_IF_ALONE = re.compile(
    r"\bthen an additional (?P<sign>[+\-])(?P<n>\d+) \[M\][^.]*?\bif it is the only unit you "
    r"control there\b",
    re.I,
)
_MINIMUM = re.compile(r"\bto a minimum of (?P<n>\d+)\b", re.I)
# Crescent Strike: "Choose a battlefield and an enemy unit there. Deal 4 to that unit and 1 to
# each other enemy unit there." - "there" is the battlefield chosen, as it resolves.
_THAT_AND_EACH_OTHER = re.compile(
    r"^deal (?P<n>\d+) to that unit and (?P<m>\d+) to each other (?P<who>enemy |friendly )?"
    r"units? there\b",
    re.I,
)
_LEGION = re.compile(r"^\[legion\]", re.I)
_NEXT_TIME_IT_TAKES_DAMAGE = re.compile(
    r"^kill (?:it|that unit|them) the next time (?:it|they) takes? damage\b", re.I
)
# An instruction about the object chosen before: "Take control of it, ..."
_IT = re.compile(r"^\w+(?: \w+)? (?:of )?(?:it|them)\b", re.I)
_ALL_AT = re.compile(r"\ball (?:enemy |friendly )?units at\b", re.I)


def _split_shares(
    state: RbState,
    amount: int,
    ids: Sequence[int],
    division: Sequence[int] | None,
) -> dict[int, int]:
    """How ``amount`` split damage is divided among the split targets still legal (355.14.e-g):
    all of it to a single one, else as ``division`` says, in the order they were chosen.  With
    more targets than damage (Alpha Strike's unit lost Might), its controller gives 0 to those
    that cease being targets (355.14.h)."""
    version = state.version
    if not ids or amount <= 0:
        return {}
    if division is None:
        if len(ids) == 1:
            return {ids[0]: amount}
        labels = ", ".join(f"#{i} {label(state.objects[i])}" for i in ids)
        options = split_options(amount, len(ids))
        example = " and ".join(str(n) for n in options[0])
        fewer = (
            " There are more targets than damage, so its controller chooses which cease being "
            f"targets ({rule('split_drop', version)}): give those 0 and the others 1 each."
            if amount < len(ids)
            else ""
        )
        raise SplitChoiceNeeded(
            f"{amount} damage is split among {len(ids)} targets still legal ({labels}); how it "
            f"is divided is decided now, as it resolves, and each gets at least 1 "
            f"({rule('split_on_resolution', version)}, {rule('split_each', version)}, "
            f"{rule('split_min', version)}).{fewer}",
            hint=f"Say the amounts in that order, e.g. “The top of the chain resolves dividing "
            f"{example}.”",
            options=options,
        )
    if len(division) != len(ids):
        raise EngineError(
            f"{counted(len(ids), 'split target')} {'is' if len(ids) == 1 else 'are'} still legal, so give {counted(len(ids), 'amount')}, in the "
            f"order they were chosen; {len(division)} were given.",
            hint="e.g. “The top of the chain resolves dividing "
            + " and ".join(str(n) for n in split_options(amount, len(ids))[0])
            + ".”",
        )
    shares = dict(zip(ids, division, strict=True))
    checked = check_split(amount, shares, version)
    if checked.kind is VerdictKind.ILLEGAL:
        raise IllegalActionError(
            f"{checked.reason} ({', '.join(checked.rules)})",
            rules=checked.rules,
            hint=f"The amounts must add up to {amount}, at least 1 each"
            + (" (0 for a target that ceases being one)." if amount < len(ids) else "."),
        )
    return shares


def _damage(state: RbState, obj: RbObject, amount: int, hurt_ids: list[int]) -> RbState:
    """Mark ``amount`` damage on ``obj``.  A unit isn't killed by it yet: no cleanup happens
    while a spell resolves (321), so lethal damage kills right after it (323.5; Origins FAQ,
    Disintegrate: "they're killed right after that spell resolves")."""
    hurt_ids.append(obj.id)
    return state.with_object(replace(obj, damage=obj.damage + amount))


# "If it would die this turn, banish it instead" (Smite); "The next time it would die this
# turn, heal it, exhaust it, and recall it instead" (Highlander, Tactical Retreat): a
# replacement the spell sets up on the unit it chose, for its death this turn (369.1).
_DIES_INSTEAD = re.compile(
    r"^(?:the next time|if) it would die this turn, (?:(?P<banish>banish it)|"
    r"(?P<recall>heal it, exhaust it, and recall it)) instead\b",
    re.IGNORECASE,
)


def die(
    state: RbState, unit: RbObject, event: str, notes: list[str], rules: list[str]
) -> tuple[RbState, int | None]:
    """``unit`` dies (killed by an instruction, lethal damage or a statement), unless a
    replacement set up on it sends it elsewhere instead (369.1): banished (Smite), or healed,
    exhausted and recalled (Highlander; a recall isn't a move, 450)."""
    version = state.version
    if unit.dies_instead == "banish":
        notes.append(
            f"{label(unit)} would die; {unit.dies_instead_by}'s replacement banishes it "
            f"instead ({rule('replacement', version)})."
        )
        rules += [rule("replacement", version), rule("banish", version)]
        return move_to_zone(state, unit, RbZone.BANISHMENT, "was banished instead of dying")
    if unit.dies_instead == "recall":
        notes.append(
            f"{label(unit)} would die; {unit.dies_instead_by}'s replacement heals it, exhausts "
            f"it and recalls it to {unit.controller}'s base instead "
            f"({rule('replacement', version)}, {rule('recall', version)})."
        )
        rules += [rule("replacement", version), rule("recall", version)]
        saved = replace(
            unit,
            zone=RbZone.BASE,
            location="",
            damage=0,
            exhausted=True,
            dies_instead="",
            dies_instead_by="",
        )
        return state.with_object(saved), None
    return move_to_zone(state, unit, RbZone.TRASH, event)


_WHERE_SAME_CONTROLLER = re.compile(
    r"\bto a location where there[’']s a unit with the same controller\b", re.IGNORECASE
)


_TO_BASE = re.compile(r"\bto (?:its|their|your|base)\b")


def _move_destination(item: ChainItem, text: str) -> str | None:
    """Where a move instruction goes: the destination chosen as it was played (355.4), or
    the base for "to its base" (Flash); None when the bot doesn't know."""
    if item.destination:
        return item.destination
    return BASE if _TO_BASE.search(text) else None


def _already_there(units: Sequence[RbObject], destination: str) -> list[RbObject]:
    """The units already at a move's destination, which they can't move to (355.4.a)."""
    return [
        o
        for o in units
        if (o.zone is RbZone.BASE if destination == BASE else o.location == destination)
    ]


def _move_others(
    state: RbState, units: Sequence[RbObject], staying: Sequence[RbObject], destination: str
) -> tuple[RbState, list[RbObject], str]:
    """Move the units not in ``staying`` to ``destination``; what the note says they did."""
    moving = [o for o in units if all(o.id != s.id for s in staying)]
    for obj in moving:
        if destination == BASE:
            state = state.with_object(replace(obj, zone=RbZone.BASE, location=""))
        else:
            state = state.with_object(replace(obj, zone=RbZone.BATTLEFIELD, location=destination))
    return state, moving, f"moved to {'its base' if destination == BASE else destination}"


def _has_unit_of(state: RbState, controller: str, destination: str, moving: int) -> bool:
    """Has ``controller`` a unit other than ``moving`` at ``destination`` (a battlefield's
    name, or ``BASE``: their own base)?"""
    return any(
        o.kind is RbKind.UNIT
        and o.controller == controller
        and o.id != moving
        and (o.zone is RbZone.BASE if destination == BASE else o.location == destination)
        for o in state.on_board()
    )


def destination_problem(
    state: RbState,
    text: str,
    chosen: Sequence[Sequence[RbObject]],
    destination: str,
    base_of: str | None = None,
) -> Verdict | None:
    """A move destination must be a valid location other than where the unit is (355.4.a),
    and match what the text allows ("to a battlefield").  ``base_of``: the player whose base
    was named ("moving it to Alice's base"); a unit can only be at its controller's base."""
    version = state.version
    cited = (rule("move_destination", version), rule("move_destination_other", version))
    if not re.search(r"\bmove\b", text, re.IGNORECASE):
        return Verdict(
            VerdictKind.ILLEGAL,
            "This spell doesn't move anything, so it has no destination to choose.",
            cited[:1],
        )
    if destination != BASE and state.battlefield(destination) is None:
        return Verdict(
            VerdictKind.ILLEGAL,
            f"{destination} isn't a battlefield in this game.",
            cited[:1],
        )
    if destination == BASE and re.search(r"\bto a battlefield\b", text, re.IGNORECASE):
        return Verdict(
            VerdictKind.ILLEGAL,
            "The text moves it to a battlefield, so a base isn't a valid destination.",
            cited,
        )
    for group in chosen:
        for obj in group:
            if destination == BASE and base_of is not None and obj.controller != base_of:
                own = rule("own_base", version)
                return Verdict(
                    VerdictKind.ILLEGAL,
                    f"{base_of}'s base isn't a valid destination for {label(obj)}: a "
                    f"player's permanents reside in their own base ({own}), and a move's "
                    f"destination must be a location where the unit is allowed to be present "
                    f"({cited[1]}). It can move to {obj.controller}'s base.",
                    (*cited, own),
                )
            if _WHERE_SAME_CONTROLLER.search(text) and not _has_unit_of(
                state, obj.controller, destination, obj.id
            ):
                # Temptation: "Move an enemy unit to a location where there's a unit with the
                # same controller."
                place = f"{obj.controller}'s base" if destination == BASE else destination
                return Verdict(
                    VerdictKind.ILLEGAL,
                    f"{obj.controller} has no unit at {place}: the text moves "
                    f"{label(obj)} to “a location where there's a unit with the same "
                    "controller”.",
                    cited[:1],
                )
            here = BASE if obj.zone is RbZone.BASE else obj.location
            if here == destination:
                place = "its base" if here == BASE else here
                return Verdict(
                    VerdictKind.ILLEGAL,
                    f"{label(obj)} is already at {place}: a move's destination must be a "
                    f"location other than the unit's current one ({cited[1]}).",
                    cited,
                )
    return None


def _might_changes(
    analysis: TargetAnalysis,
    instruction: Instruction,
    own: Sequence[int],
    legal_by_target: Mapping[int, Sequence[int]],
    state: RbState,
    controller: str,
) -> list[tuple[RbObject, int, int | None]]:
    """Each legal target of a "give ... [+-]N [M]" instruction with the change written after
    its own mention (up to the next target's mention), and the "to a minimum of N" floor."""
    text = instruction.text.replace("−", "-")
    starts = sorted((analysis.targets[n].start, n) for n in dict.fromkeys(own))
    result = []
    for k, (start, n) in enumerate(starts):
        end = starts[k + 1][0] if k + 1 < len(starts) else len(text)
        segment = text[start:end]
        change = _MIGHT_CHANGE.search(segment)
        if change is None:
            continue
        amount = int(change.group("n")) * (-1 if change.group("sign") == "-" else 1)
        floor = _MINIMUM.search(text[start:])
        extra = _ADDITIONAL_IF_ALONE.search(segment)
        for object_id in legal_by_target.get(n, []):
            if object_id not in state.objects:
                continue
            obj = state.objects[object_id]
            total = amount
            if extra and not _has_unit_of(
                state, controller, BASE if obj.zone is RbZone.BASE else obj.location, obj.id
            ):
                # "if it is the only unit you control there": checked as it resolves
                # (359.3.f.2), with the unit where it is now.
                total += int(extra.group("n")) * (-1 if extra.group("sign") == "-" else 1)
            result.append((obj, total, int(floor.group("n")) if floor else None))
    return result


def carry_out(
    state: RbState,
    analysis: TargetAnalysis,
    item: ChainItem,
    verdict: Verdict,
    division: Sequence[int] | None = None,
) -> tuple[RbState, list[str], list[str], list[int], tuple[EffectReport, ...]]:
    """Do the instructions that happen to the targets still legal: kill, deal damage (split
    as ``division`` says), stun, exhaust, ready, banish, return to hand, recall, counter.
    Others are reported, not simulated.  Returns the effects too: a condition known only once
    an earlier instruction is carried out ("If this kills it") is settled here."""
    version = state.version
    split_mentions = [m for m in analysis.targets if m.splits_damage]
    if division is not None and not split_mentions:
        raise EngineError(
            f"{item.name} doesn't split damage, so there is nothing to divide.",
            hint="Say “The top of the chain resolves.”",
        )
    legal_by_target: dict[int, list[int]] = {}
    for slot in verdict.slots:
        if slot.legal and slot.chosen_id is not None:
            legal_by_target.setdefault(slot.slot_index, []).append(slot.chosen_id)
    target_number = {id(m): n for n, m in enumerate(analysis.targets)}
    # The same instructions as the verdict's effects: a "Choose ..." that only chose targets
    # is not one of them (targeting.resolve).
    instructions = [
        i for i in analysis.instructions if i.is_carried_out and not choosing_only(analysis, i)
    ]
    chose_first = any(choosing_only(analysis, i) for i in analysis.instructions)
    notes: list[str] = []
    rules: list[str] = []
    new_ids: list[int] = []
    last: list[int] = []
    last_objects: list[RbObject] = []  # the objects ``last`` names, as they were acted on
    hurt_ids: list[int] = []  # units dealt damage, for the cleanup after the spell
    # "If this kills it" instructions, with the units the instruction before acted on.
    after_cleanup: list[tuple[int, Instruction, list[int], list[RbObject]]] = []
    effects = list(verdict.effects)
    for number, (instruction, effect) in enumerate(
        zip(instructions, verdict.effects, strict=False)
    ):
        if effect.happens and KILLS_CONDITION.match(instruction.condition):
            # "If this kills it, do this: ..." (Disintegrate) is a reflexive trigger: lethal
            # damage kills only in the cleanup after the spell (321, 323.5; Origins FAQ), so
            # whether the unit the last instruction acted on died is settled after it.
            after_cleanup.append((number, instruction, last, last_objects))
            last, last_objects = [], []
            continue
        if effect.happens and _LEGION.match(instruction.text):
            # Legion: "If you have played another card this turn" (812.1.b.1), which the bot
            # doesn't track; when it holds, it replaces the delayed kill (157.2).
            effects[number] = replace(
                effect,
                happens=False,
                why=f"only with Legion (if {item.controller} played another card this turn), "
                "which the bot doesn't track; if so, it happens instead of what comes before "
                f"it: say what it did, for example “{_chosen_name(state, legal_by_target)} dies.”",
            )
            rules += cite_if("legion", version) + cite_if("later_replaces_earlier", version)
            last, last_objects = [], []
            continue
        if effect.happens and _NEXT_TIME_IT_TAKES_DAMAGE.match(instruction.text):
            # Noxian Guillotine: a delayed trigger (390.2), not a kill now.
            effects[number] = replace(
                effect,
                happens=False,
                why="not now: it is a delayed trigger that kills the unit the next time it takes "
                "damage this turn; the bot doesn't keep it, so when that happens say "
                f"“{_chosen_name(state, legal_by_target)} dies.”",
            )
            rules += cite_if("delayed_trigger", version)
            last, last_objects = [], []
            continue
        if effect.happens and instruction.condition:
            # "If you control a facedown card, deal 4 to it instead" (Monster Harpoon): a
            # condition the bot doesn't follow is not taken as met (QA 21: both amounts were
            # dealt); the instruction before it stands, and the user says if it applied.
            effects[number] = replace(
                effect,
                happens=False,
                why=f"only “{instruction.condition.rstrip(',')}”, which the bot doesn't check; "
                "if it holds, say what happened",
            )
            last, last_objects = [], []
            continue
        if not effect.happens:
            last, last_objects = [], []
            continue
        own = [
            target_number[id(analysis.mentions[i])]
            for i in instruction.mention_indexes
            if id(analysis.mentions[i]) in target_number
        ]
        ids = (
            [i for n in own for i in legal_by_target.get(n, [])]
            if own
            else (last if instruction.linked else [])
        )
        if not own and not ids and number == 0 and _IT.match(instruction.text) and chose_first:
            # "Choose an enemy unit .... Take control of it, ..." (Conscription): "it" is the
            # unit chosen as the spell was played, if still legal.
            ids = [i for ids_of in legal_by_target.values() for i in ids_of]
        text = instruction.text.lower()
        rules_before = list(rules)
        affected = [state.objects[i] for i in ids if i in state.objects]
        battlefields = [o for o in affected if o.kind is RbKind.BATTLEFIELD]
        if _ALL_AT.search(text) and battlefields:
            where = {b.name for b in battlefields}
            affected = [
                o
                for o in state.on_board()
                if o.kind is RbKind.UNIT
                and o.location in where
                and (("enemy" not in text) or o.controller != item.controller)
                and (("friendly" not in text) or o.controller == item.controller)
            ]
        units = [o for o in affected if o.kind is not RbKind.BATTLEFIELD]
        done = ""
        split_at = next((n for n in own if analysis.targets[n].splits_damage), None)
        split = None if split_at is None else analysis.targets[split_at]
        if both := _THAT_AND_EACH_OTHER.search(text):
            chosen_now = [
                state.objects[i]
                for ids_of in legal_by_target.values()
                for i in ids_of
                if i in state.objects
            ]
            field = next((o for o in chosen_now if o.kind is RbKind.BATTLEFIELD), None)
            that = [o for o in chosen_now if o.kind is RbKind.UNIT]
            others = [
                o
                for o in state.on_board()
                if field is not None
                and o.kind is RbKind.UNIT
                and o.at_battlefield
                and o.location == field.name
                and o.id not in {t.id for t in that}
                and (both.group("who") != "enemy " or o.controller != item.controller)
                and (both.group("who") != "friendly " or o.controller == item.controller)
            ]
            shared_out = [(o, int(both.group("n"))) for o in that] + [
                (o, int(both.group("m"))) for o in others
            ]
            for obj, amount in shared_out:
                state = _damage(state, obj, amount, hurt_ids)
            units = [o for o, _ in shared_out]
            done = "dealt " + ", ".join(
                f"{amount} to {o.name} (#{o.id})" for o, amount in shared_out
            )
            rules = [*rules, rule("deal", version)]
        elif text.startswith("counter"):
            countered = {o.id for o in units if o.zone is RbZone.CHAIN}
            state = replace(state, chain=tuple(i for i in state.chain if i.id not in countered))
            for object_id in countered:
                if state.obj(object_id).kind is RbKind.ABILITY:  # no card: it just ceases to exist
                    state = state.without(object_id, "was countered", None)
                else:
                    state = state.with_object(replace(state.obj(object_id), zone=RbZone.TRASH))
            done = "countered: removed from the chain without resolving"
        elif split is not None and split.split_might and split_at is not None:
            # Alpha Strike: "It deals damage equal to its Might split among enemy units ...":
            # the unit chosen before deals its Might as the instruction is carried out
            # (359.3.f.2), divided now (355.14.e).  If it is gone, the instruction was ignored.
            dealer = next(
                (
                    state.objects[i]
                    for n in reversed(range(split_at))
                    for i in legal_by_target.get(n, [])[:1]
                    if i in state.objects
                ),
                None,
            )
            amount = max(dealer.might or 0, 0) if dealer is not None else 0
            shares = _split_shares(state, amount, [o.id for o in units], division)
            hit = [o for o in units if shares.get(o.id)]
            for obj in hit:
                state = _damage(state, obj, shares[obj.id], hurt_ids)
            dropped = [o for o in units if not shares.get(o.id)]
            who = f"{dealer.name} (#{dealer.id})" if dealer is not None else "It"
            done = (
                "dealt "
                + ", ".join(f"{shares[o.id]} to {o.name} (#{o.id})" for o in hit)
                + f" by {who}, whose Might is {amount} as it resolves"
                if hit
                else f"dealt nothing: {who} has {amount} Might as it resolves"
            )
            if dropped and hit:
                notes.append(
                    ", ".join(label(o) for o in dropped)
                    + f" ceased being a target: there was less damage than targets "
                    f"({rule('split_drop', version)})."
                )
                rules.append(rule("split_drop", version))
            units = hit or units
            rules = [
                *rules,
                rule("deal", version),
                rule("split_on_resolution", version),
                *cite_if("here_on_execution", version),
            ]
        elif split is not None and _DEAL.search(text):
            shares = _split_shares(state, split.split_amount or 0, [o.id for o in units], division)
            for obj in units:
                state = _damage(state, obj, shares[obj.id], hurt_ids)
            done = "dealt " + ", ".join(f"{shares[o.id]} to {o.name} (#{o.id})" for o in units)
            rules = [*rules, rule("deal", version), rule("split_on_resolution", version)]
        elif text.startswith("kill"):
            for obj in units:
                state, new_id = die(state, obj, "was killed", notes, rules)
                new_ids += [new_id] if new_id else []
            done, rules = "killed", [*rules, rule("kill", version)]
        elif _EACH_OTHER.search(text) and split is None:
            # Both units were chosen in an earlier "Choose ..." (not an instruction of its
            # own): the spell's targets still legal are "they".
            pair = [
                state.objects[i]
                for ids_of in legal_by_target.values()
                for i in ids_of
                if i in state.objects and state.objects[i].kind is RbKind.UNIT
            ]
            if len(pair) == 2 and all(o.might is not None for o in pair):
                units = pair
                first, second = pair
                # Each deals damage equal to its Might as the instruction is followed, at once.
                dealt = {first.id: max(second.might or 0, 0), second.id: max(first.might or 0, 0)}
                one, other = (f"{o.name} (#{o.id})" for o in pair)
                notes.append(
                    f"{one} deals {dealt[second.id]} to {other} and {other} deals "
                    f"{dealt[first.id]} to {one}, each its Might, at once."
                )
                for obj in pair:
                    state = _damage(state, state.objects[obj.id], dealt[obj.id], hurt_ids)
                rules = [*rules, rule("deal", version)]
                last, last_objects = [o.id for o in pair], pair
                continue
        elif _ITS_MIGHT_TO.search(text) and units and split is None:
            dealers = [
                state.objects[i]
                for i in (
                    last
                    or [i for ids_of in legal_by_target.values() for i in ids_of if i not in ids]
                )
                if i in state.objects
            ]
            if len(dealers) == 1 and dealers[0].zone in BOARD_ZONES:
                dealer = dealers[0]
                amount = max(dealer.might or 0, 0)
                notes.append(
                    f"{dealer.name} (#{dealer.id}) deals {amount} (its Might) to "
                    + ", ".join(f"{o.name} (#{o.id})" for o in units)
                    + "."
                )
                for obj in units:
                    state = _damage(state, state.objects[obj.id], amount, hurt_ids)
                rules = [*rules, rule("deal", version)]
                last, last_objects = [o.id for o in units], units
                continue
            if not dealers:
                # The unit that would deal it left the board: its Might is null (359.3.e.12).
                notes.append(
                    "The unit that would deal the damage is no longer on the board, so its "
                    f"Might is null and no damage is dealt ({rule('null_information', version)})."
                )
                rules = [*rules, rule("null_information", version)]
                done = "dealt no damage"
        elif (deal := _DEAL.search(text)) and units:
            amount = int(deal.group("n"))
            for obj in units:
                state = _damage(state, obj, amount, hurt_ids)
            done, rules = f"dealt {amount}", [*rules, rule("deal", version)]
        elif _DEAL_MY_MIGHT.search(text) and units and item.source_id is not None:
            source = state.objects.get(item.source_id)
            if source is None or source.zone not in BOARD_ZONES or source.might is None:
                # Its Might is no longer available: null, and no damage (359.3.e.12).
                notes.append(
                    f"{item.source_name} is no longer on the board, so its Might is "
                    f"null and no damage is dealt ({rule('null_information', version)})."
                )
                rules = [*rules, rule("null_information", version)]
                done = "dealt no damage"
            else:
                for obj in units:
                    state = _damage(state, obj, max(source.might, 0), hurt_ids)
                done = f"dealt {max(source.might, 0)} (its source's Might now)"
                rules = [*rules, rule("deal", version), *cite_if("source_info", version)]
        elif _GIVE_MIGHT.search(text) and units:
            # Each target gets the change written after it: Defiant Dance's "Give a unit +2
            # [M] this turn and another unit -2 [M] this turn" is +2 to the first and -2 to
            # the second (359.3.e: the instructions are followed as written).
            changed = []
            for obj, change, floor in _might_changes(
                analysis, instruction, own, legal_by_target, state, item.controller
            ):
                if obj.might is None:
                    continue
                might = obj.might + change
                if floor is not None and change < 0:
                    # "to a minimum of 1 [M]": it can't take the Might below 1, and doesn't
                    # raise a unit already below it.
                    might = max(might, min(floor, obj.might))
                state = state.with_object(replace(obj, might=might))
                changed.append(f"{label(obj)}: {might - obj.might:+d} Might")
            if changed:
                notes.append("; ".join(changed) + ".")
                last = [o.id for o in units]
                last_objects = units
                continue
        elif text.startswith("stun"):
            for obj in units:
                state = state.with_object(replace(obj, stunned=True))
            done, rules = "stunned", [*rules, rule("stun", version)]
        elif text.startswith(("exhaust", "ready")):
            for obj in units:
                state = state.with_object(replace(obj, exhausted=text.startswith("exhaust")))
            done = "exhausted" if text.startswith("exhaust") else "readied"
        elif text.startswith("banish"):
            for obj in units:
                state, new_id = move_to_zone(state, obj, RbZone.BANISHMENT, "was banished")
                new_ids += [new_id] if new_id else []
            done, rules = "banished", [*rules, rule("banish", version)]
        elif text.startswith("return") and "hand" in text:
            for obj in [state.objects[o.id] for o in units if o.id in state.objects]:
                state, new_id = move_to_zone(
                    state, obj, RbZone.HAND, "returned to its owner's hand"
                )
                new_ids += [new_id] if new_id else []
            done = "returned to hand"
        elif (
            text.startswith("move")
            and (goes_to := _move_destination(item, text)) is not None
            and (staying := _already_there(units, goes_to))
        ):
            # Flash's unit already moved to base: a move's destination is another location
            # (355.4.a), so it can't move there and is unaffected; the others still move
            # (359.3.e.6, 359.3.e.11) (QA 24 M5).
            state, units, done = _move_others(state, units, staying, goes_to)
            notes.append(
                f"{and_list(o.controller + chr(39) + 's ' + o.name for o in staying)} "
                f"{'is' if len(staying) == 1 else 'are'} already at "
                f"{'its base' if goes_to == BASE else goes_to}: a "
                "move's destination must be another location, so "
                f"{'it is' if len(staying) == 1 else 'they are'} not moved "
                f"({rule('move_destination_other', version)})."
            )
            rules = [*rules, rule("move_destination_other", version), rule("ignored", version)]
            moved = {o.name for o in units}
            effects[number] = replace(
                effect,
                happens=bool(units),
                affected=tuple(n for n in effect.affected if n in moved),
                why=f"{and_list(o.name for o in staying)} can't move where "
                f"{'it is' if len(staying) == 1 else 'they are'} already",
            )
            if not units:
                last, last_objects = [], []
                continue
            rules.append(rule("move", version))
        elif text.startswith("move") and item.destination and units:
            # The destination chosen as it was played (355.4): a battlefield or the base.
            for obj in units:
                if item.destination == BASE:
                    state = state.with_object(replace(obj, zone=RbZone.BASE, location=""))
                else:
                    state = state.with_object(
                        replace(obj, zone=RbZone.BATTLEFIELD, location=item.destination)
                    )
            gone_to = "its base" if item.destination == BASE else item.destination
            done, rules = f"moved to {gone_to}", [*rules, rule("move", version)]
        elif text.startswith("move") and re.search(r"\bto (?:its|their|your|base)\b", text):
            # "Move a unit from a battlefield to its base" (Fight or Flight): a move, carried
            # out; a move to a chosen battlefield needs a destination the bot doesn't read yet.
            for obj in units:
                state = state.with_object(replace(obj, zone=RbZone.BASE, location=""))
            done, rules = "moved to its base", [*rules, rule("move", version)]
        elif text.startswith(("take control of", "gain control of")) and units:
            # Conscription's "Take control of it, exhaust it, and recall it", Mystic Reversal's
            # "Gain control of a spell": the new controller is the resolving item's (188.1).
            taken = []
            for obj in [state.objects[o.id] for o in units if o.id in state.objects]:
                new = replace(obj, controller=item.controller)
                if obj.zone is RbZone.CHAIN:
                    state = replace(
                        state,
                        chain=tuple(
                            replace(i, controller=item.controller) if i.id == obj.id else i
                            for i in state.chain
                        ),
                    )
                else:
                    if "exhaust it" in text:
                        new = replace(new, exhausted=True)
                    if "recall it" in text:
                        new = replace(new, zone=RbZone.BASE, location="")
                state = state.with_object(new)
                taken.append(new)
            extra = (", exhausted" if "exhaust it" in text else "") + (
                f" and recalled to {item.controller}'s base" if "recall it" in text else ""
            )
            done = f"now controlled by {item.controller}{extra}"
            rules = [*rules, rule("controller", version)]
            if "recall it" in text:
                rules.append(rule("recall", version))
        elif text.startswith("recall"):
            for obj in units:
                state = state.with_object(replace(obj, zone=RbZone.BASE, location=""))
            done = "recalled to base"
        if done and units:
            notes.append(f"{', '.join(label(o) for o in units)}: {done}.")
        else:
            # Nothing the bot follows was affected ("Kill those units" of units players choose
            # as it resolves): no rule for an action that didn't happen on the board.
            rules = rules_before
            notes.append(
                f"“{instruction.text}” happens; the bot reports it but doesn't carry it "
                "out on the board."
            )
        last = [o.id for o in units]
        last_objects = units
    reflexive = [i.text for i in analysis.instructions if i.part == REFLEXIVE]
    if reflexive:
        # Dragon's Rage (Origins FAQ): "assuming Dragon's Rage resolves, you'll put a separate
        # triggered ability on the chain, choosing another enemy unit at its destination".
        notes.append(
            f"“{' '.join(t.rstrip('.') + '.' for t in reflexive)}” is a reflexive trigger: it goes "
            f"on the chain as {item.name} finishes resolving and makes its choices then, if "
            "what it refers to happened; the bot doesn't put it on the chain "
            f"({'387' if version == '1.3' else 'Origins FAQ'})."
        )
        rules += cite_if("reflexive", version)
    state = _set_up_replacements(state, analysis, item, legal_by_target, notes)
    state, killed_ids = _cleanup(state, hurt_ids, notes, rules)
    new_ids += killed_ids
    for number, instruction, acted_on, objects in after_cleanup:
        effect = effects[number]
        found = KILLS_CONDITION.match(instruction.condition)
        if found is not None and found.group("each"):
            # "Then for each unit this kills, do this: Gain 1 XP" (Alpha Strike): once for each
            # unit it dealt damage to that died in the cleanup right after it.
            killed = [o for o in objects if o.id not in state.objects]
            times = "once" if len(killed) == 1 else f"{len(killed)} times"
            effects[number] = replace(
                effect,
                happens=bool(killed),
                why=f"{', '.join(label(o) for o in killed)} {'was' if len(killed) == 1 else 'were'}"
                f" killed in the cleanup right after the spell, so it happens {times}"
                if killed
                else f"{', '.join(label(o) for o in objects) or 'Nothing'} wasn't killed, so it "
                "doesn't happen",
            )
            if killed:
                notes.append(
                    f"“{instruction.text}” happens {times}; the bot reports it but doesn't carry "
                    "it out."
                )
            rules += [rule("linked", version), *cite_if("no_cleanup_while_resolving", version)]
            continue
        if any(i in state.objects for i in acted_on) or not acted_on:
            names = ", ".join(label(o) for o in objects)
            effects[number] = replace(
                effect,
                happens=False,
                why=f"{names or 'Nothing'} wasn't killed, so it doesn't happen",
            )
            rules.append(rule("linked", version))
            continue
        effects[number] = replace(
            effect, why="it was killed in the cleanup right after the spell, so it happens"
        )
        notes.append(
            f"“{instruction.text}” happens; the bot reports it but doesn't carry it out on the "
            "board."
        )
        rules += [rule("linked", version), *cite_if("no_cleanup_while_resolving", version)]
    return state, notes, rules, new_ids, tuple(effects)


def _chosen_name(state: RbState, legal_by_target: Mapping[int, Sequence[int]]) -> str:
    """The name of the first target still legal, for a statement to suggest ("it")."""
    for ids in legal_by_target.values():
        for object_id in ids:
            if object_id in state.objects:
                return state.objects[object_id].name
    return "The unit"


def _set_up_replacements(
    state: RbState,
    analysis: TargetAnalysis,
    item: ChainItem,
    legal_by_target: Mapping[int, Sequence[int]],
    notes: list[str],
) -> RbState:
    """Smite's "If it would die this turn, banish it instead" and Highlander's "The next time
    it would die this turn, heal it, exhaust it, and recall it instead" put a replacement on
    the unit the spell chose and still may affect (369.1), in time for the cleanup after it."""
    for instruction in analysis.instructions:
        found = _DIES_INSTEAD.match(instruction.text)
        if instruction.part != "replacement effect" or found is None:
            continue
        kind = "banish" if found.group("banish") else "recall"
        for object_id in [i for ids in legal_by_target.values() for i in ids]:
            unit = state.objects.get(object_id)
            if unit is None or unit.kind is not RbKind.UNIT or unit.zone not in BOARD_ZONES:
                continue
            state = state.with_object(replace(unit, dies_instead=kind, dies_instead_by=item.name))
            instead = (
                "banished" if kind == "banish" else "healed, exhausted and recalled to its base"
            )
            notes.append(
                f"{item.name}'s replacement is set up on {label(unit)}: if it would die this "
                f"turn, it is {instead} instead ({rule('replacement', state.version)})."
            )
    return state


def _cleanup(
    state: RbState, hurt_ids: Sequence[int], notes: list[str], rules: list[str]
) -> tuple[RbState, list[int]]:
    """The cleanup right after a spell resolves (321: none while it resolves): every unit whose
    non-zero damage equals or exceeds its Might is killed (323.5), Might lowered by the spell
    too (QA 21: Frigid Touch on a unit with 4 damage left it alive at 3 Might); the units the
    spell dealt damage to that survive are said so."""
    version = state.version
    new_ids: list[int] = []
    for obj in list(state.on_board()):
        if obj.kind is RbKind.UNIT and _lethal(obj):
            state, new_id = _kill(state, obj, notes, rules)
            new_ids += [new_id] if new_id else []
    for object_id in dict.fromkeys(hurt_ids):
        hurt = state.objects.get(object_id)
        if hurt is not None and hurt.zone in BOARD_ZONES and hurt.might is not None and hurt.damage:
            # Said as the Magic engine says it (QA 17 #17: a what-if left the survivor unsaid).
            notes.append(
                f"{label(hurt)} survives: {hurt.damage} damage, less than its Might "
                f"{hurt.might} ({rule('lethal_damage', version)})."
            )
            rules.append(rule("lethal_damage", version))
    return state, new_ids


def _lethal(unit: RbObject) -> bool:
    """323.5: non-zero damage equalling or exceeding its Might."""
    return unit.might is not None and unit.damage >= max(unit.might, 1)


def _kill(
    state: RbState, unit: RbObject, notes: list[str], rules: list[str]
) -> tuple[RbState, int | None]:
    """The unit killed by lethal damage (323.5), said with its damage and Might."""
    version = state.version
    killed = "it would be killed" if unit.dies_instead else "it is killed"
    notes.append(
        f"{label(unit)} has {unit.damage} damage, at least its Might {unit.might}: {killed} "
        f"({rule('lethal_damage', version)})."
    )
    rules.append(rule("lethal_damage", version))
    return die(state, unit, "was killed by lethal damage", notes, rules)
