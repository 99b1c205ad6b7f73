"""Equipment attached to units (Core Rules 434 Attach, 435 Detach, 716-719 Attachment).

An attached card's location is its unit's (434.4) and it moves with it (719.3.a); its printed
Rules Text is inactive (718.2) and its Effect Text is the unit's (718.3, read by
``state.active_text``); its Might Bonus modulates the unit's Might while attached (137.3,
137.3.a).  The engine keeps a unit's Might as one number (what every Might check reads), so
the bonus is added to it as the card attaches and taken off as it detaches.  When the unit
leaves the board the card detaches where the unit was (719.5, 435.4.b); an unattached gear
at a battlefield is recalled at the next cleanup (452.1), which the bot, keeping no turns,
only says.  Control of the unit and of the card are independent (718.5.e, 718.5.f).
"""

from __future__ import annotations

from dataclasses import replace

from bot.engine.errors import EngineError
from bot.engine.riftbound.model import BOARD_ZONES, RbKind, RbObject, RbZone
from bot.engine.riftbound.rules import cite_if, rule
from bot.engine.riftbound.state import RbState, attachments, label
from bot.engine.verdict import Verdict, ok_result
from bot.engine.wording import and_list


def _with_bonus(unit: RbObject, gear: RbObject, sign: int) -> RbObject:
    """``unit`` with ``gear``'s Might Bonus added (``sign`` 1) or taken off (-1); a unit with
    no Might ignores it (137.3.b)."""
    if not gear.might_bonus or unit.might is None:
        return unit
    return replace(unit, might=unit.might + sign * gear.might_bonus)


def _now_lethal(unit: RbObject, version: str) -> str:
    """A note when losing a Might Bonus leaves a unit with lethal damage: it dies in the next
    cleanup (run after the statement, ``cleanup_after_statement``)."""
    if unit.zone not in BOARD_ZONES or unit.might is None or not unit.damage:
        return ""
    if unit.damage < max(unit.might, 1):
        return ""
    return (
        f" {unit.name} has {unit.damage} damage, at least its Might {unit.might} now, so it "
        f"is killed in the next cleanup ({rule('lethal_damage', version)})."
    )


def _where(obj: RbObject) -> str:
    return f"at {obj.location}" if obj.zone is RbZone.BATTLEFIELD else "in base"


def attach(state: RbState, gear_id: int, unit_id: int) -> tuple[RbState, Verdict]:
    """Attach the gear ``gear_id`` to the unit ``unit_id`` (434.1): it detaches from any other
    unit first (434.1.f), is where the unit is (434.4), and the unit gets its Might Bonus."""
    version = state.version
    r = lambda concept: rule(concept, version)  # noqa: E731 - short local alias
    gear, unit = state.obj(gear_id), state.obj(unit_id)
    if gear.kind is not RbKind.GEAR:
        raise EngineError(
            f"{gear.name} is a {gear.kind.value}; only gear (Equipment) is attached to units here.",
            hint=f"e.g. “{gear.controller or 'Alice'} controls Long Sword attached to {unit.name}.”",
        )
    if unit.kind is not RbKind.UNIT or unit.zone not in BOARD_ZONES:
        raise EngineError(
            f"{label(unit)} is not a unit on the board, so nothing can be attached to it "
            f"({r('attach')}).",
            hint="Name a unit at a base or a battlefield.",
        )
    if gear.zone not in BOARD_ZONES:
        raise EngineError(f"{label(gear)} is not on the board, so it can't be attached.")
    if gear.attached_to == unit_id:
        # 434.1.g: attaching a card to its current Top-Most Card has no effect.
        again = cite_if("attach_again", version)
        return ok_result(
            state,
            f"{gear.name} is already attached to {unit.name}; attaching it to the unit it is "
            "attached to changes nothing" + (f" ({again[0]})." if again else "."),
            again,
        )
    said: list[str] = []
    rules = [r("attach"), r("attach_location")]
    if gear.attached_to is not None and gear.attached_to in state.objects:
        state, detached = detach(state, gear_id)
        said.append(detached.reason.rstrip("."))
        rules += detached.rules
        gear, unit = state.obj(gear_id), state.obj(unit_id)
    moved = replace(gear, attached_to=unit_id, zone=unit.zone, location=unit.location)
    state = state.with_object(moved).with_object(_with_bonus(unit, gear, 1))
    text = f"{gear.name} is attached to {label(unit)}"
    if (gear.zone, gear.location) != (unit.zone, unit.location):
        text += f", so it is {_where(unit)} too ({r('attach_location')})"
    if gear.might_bonus and unit.might is not None:
        text += (
            f"; its Might Bonus {gear.might_bonus:+d} makes {unit.name}'s Might "
            f"{unit.might + gear.might_bonus} ({r('might_bonus')})"
        )
        rules.append(r("might_bonus"))
    elif gear.might_bonus is None and unit.might is not None:
        # The Might Bonus modulates the unit's Might (137.3), but the card data has none.
        text += f"; {unit.name}'s Might is {unit.might}, {unknown_bonus_note([gear])} ({r('might_bonus')})"
        rules.append(r("might_bonus"))
    elif gear.might_bonus:
        text += f"; {unit.name} has no Might, so the Might Bonus is ignored"
        rules.append(r("might_bonus_no_might"))
    if gear.controller != unit.controller:
        text += f"; {gear.controller} still controls {gear.name} ({r('attached_other_controller')})"
        rules.append(r("attached_other_controller"))
    said.append(text)
    return ok_result(state, "; ".join(said) + ".", tuple(dict.fromkeys(rules)), (gear_id,))


def detach(state: RbState, gear_id: int) -> tuple[RbState, Verdict]:
    """Detach ``gear_id`` from its unit where it stands (435.4); the unit loses its Might
    Bonus (137.3.a) and its Effect Text (435.1.d)."""
    version = state.version
    r = lambda concept: rule(concept, version)  # noqa: E731 - short local alias
    gear = state.obj(gear_id)
    if gear.attached_to is None:
        return ok_result(
            state,
            f"{gear.name} isn't attached to anything, so detaching it does nothing "
            f"({r('detach_nothing')}).",
            (r("detach_nothing"),),
        )
    unit = state.objects.get(gear.attached_to)
    state = state.with_object(replace(gear, attached_to=None))
    if unit is None or unit.zone not in BOARD_ZONES:
        return ok_result(state, f"{gear.name} is no longer attached.", ids=(gear_id,))
    state = state.with_object(_with_bonus(unit, gear, -1))
    text = f"{gear.name} detaches from {unit.name} and stays {_where(gear)} ({r('detach_where')})"
    rules = [r("detach_where"), r("might_bonus_stops")]
    if gear.might_bonus and unit.might is not None:
        text += (
            f"; {unit.name}'s Might goes back to {unit.might - gear.might_bonus} "
            f"({r('might_bonus_stops')})"
        )
    if gear.zone is RbZone.BATTLEFIELD:
        text += (
            f"; an unattached gear at a battlefield is recalled to its controller's base "
            f"during the next Cleanup ({r('detach_recalled')})"
        )
        rules.append(r("detach_recalled"))
    text += "." + _now_lethal(state.obj(unit.id), version)
    return ok_result(state, text, tuple(rules), (gear_id,))


def follow_attachments(before: RbState, after: RbState) -> tuple[RbState, list[str], list[str]]:
    """What the rules do to attached cards after a change from ``before`` to ``after``: each
    moves with its unit (719.3.a); detaches where the unit was when the unit left the board
    (719.5, 435.4.b); its unit loses its Might Bonus when it leaves the board itself
    (137.3.a); keeps its controller when the unit's changes (718.5.f).  Returns the state
    and the notes and rules that say so."""
    version = after.version
    r = lambda concept: rule(concept, version)  # noqa: E731 - short local alias
    notes: list[str] = []
    rules: list[str] = []
    state = after
    for old in sorted(before.objects.values(), key=lambda o: o.id):
        if old.attached_to is None:
            continue
        now = state.objects.get(old.id)
        unit = state.objects.get(old.attached_to)
        if (now is None or now.zone not in BOARD_ZONES) and unit is not None:
            if unit.zone in BOARD_ZONES and old.might_bonus and unit.might is not None:
                state = state.with_object(_with_bonus(unit, old, -1))
            notes.append(
                f"{old.name} left the board, so it is no longer attached to {unit.name}: its "
                f"Effect Text and Might Bonus no longer apply to it ({r('might_bonus_stops')})."
                + _now_lethal(state.obj(unit.id), version)
            )
            rules.append(r("might_bonus_stops"))
    for gear in sorted(state.objects.values(), key=lambda o: o.id):
        if gear.attached_to is None:
            continue
        unit = state.objects.get(gear.attached_to)
        if unit is None or unit.zone not in BOARD_ZONES:
            state = state.with_object(replace(gear, attached_to=None))
            was = before.objects.get(gear.attached_to)
            name = was.name if was is not None else f"#{gear.attached_to}"
            note = (
                f"{name} left the board, so {gear.name} detaches from it and stays "
                f"{_where(gear)}, where {name} was ({r('detach_on_leaving')}, "
                f"{r('detach_location')})"
            )
            rules += [r("detach_on_leaving"), r("detach_location")]
            if gear.zone is RbZone.BATTLEFIELD:
                note += (
                    f"; an unattached gear at a battlefield is recalled to its controller's "
                    f"base during the next Cleanup ({r('unattached_gear_recalled')})"
                )
                rules.append(r("unattached_gear_recalled"))
            notes.append(note + ".")
            continue
        if (unit.zone, unit.location) != (gear.zone, gear.location):
            state = state.with_object(replace(gear, zone=unit.zone, location=unit.location))
            notes.append(
                f"{gear.name} is attached to {unit.name}, so it goes with it and is "
                f"{_where(unit)} too ({r('attached_move_together')})."
            )
            rules.append(r("attached_move_together"))
        was = before.objects.get(unit.id)
        if was is not None and was.controller != unit.controller:
            notes.append(
                f"{gear.name} stays attached to {unit.name} and stays under "
                f"{gear.controller}'s control: a change of control of the unit doesn't change "
                f"who controls what is attached to it ({r('attached_control')})."
            )
            rules.append(r("attached_control"))
    return state, notes, list(dict.fromkeys(rules))


def unknown_might_bonuses(state: RbState, unit_id: int) -> list[RbObject]:
    """The gear attached to ``unit_id`` whose Might Bonus (137.3) no statement gave: the card
    data the bot has prints none, so the unit's Might leaves it out (QA 55 W7)."""
    return [
        g for g in attachments(state, unit_id) if g.kind is RbKind.GEAR and g.might_bonus is None
    ]


def unknown_bonus_note(gears: list[RbObject]) -> str:
    """What an answer about a unit's Might says of ``gears`` (``unknown_might_bonuses``)."""
    if not gears:
        return ""
    named = and_list(g.name for g in gears)
    example = gears[0].name
    return (
        f"not counting the Might Bonus of {named}, which the card data the bot has doesn't "
        f"print: say its printed bonus, e.g. “{example} has a +2 Might Bonus.”, to count it"
    )


def set_might_bonus(state: RbState, gear_id: int, bonus: int) -> tuple[RbState, Verdict]:
    """ "Long Sword has +2 Might.": the gear's Might Bonus (137.3), which the card data the
    bot has doesn't print; the unit it is attached to gets it now (137.3, 718.4)."""
    version = state.version
    gear = state.obj(gear_id)
    unit = state.objects.get(gear.attached_to) if gear.attached_to is not None else None
    if unit is not None:
        state = state.with_object(_with_bonus(unit, gear, -1))
    gear = replace(gear, might_bonus=bonus)
    state = state.with_object(gear)
    text = f"{gear.name}'s Might Bonus is {bonus:+d}"
    if unit is not None:
        unit = state.obj(unit.id)
        state = state.with_object(_with_bonus(unit, gear, 1))
        if unit.might is not None:
            text += f": {unit.name}, which it is attached to, has {unit.might + bonus} Might"
    else:
        text += "; it modulates the Might of a unit it is attached to"
    cited = (rule("might_bonus", version),)
    return ok_result(state, text + f" ({cited[0]}).", cited, (gear_id,))


__all__ = [
    "attach",
    "attachments",
    "detach",
    "follow_attachments",
    "set_might_bonus",
    "unknown_bonus_note",
    "unknown_might_bonuses",
]
