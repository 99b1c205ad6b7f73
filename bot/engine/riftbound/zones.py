"""Cards changing zones as they are played: the card a player plays leaves the zone it was in
(354), a card a spell banishes and its owner then plays comes back as a new object (Portal
Rescue, Arcane Shift), and tokens, which exist only on the board and the chain (183).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from bot.engine.riftbound.entering import played_entry
from bot.engine.riftbound.keywords import choosing_abilities
from bot.engine.riftbound.model import RbObject, RbZone
from bot.engine.riftbound.rules import rule
from bot.engine.riftbound.state import BASE, RbCard, RbState


def is_token_card(card: RbCard) -> bool:
    """Is ``card`` a token (Recruit, Sprite, Gold: "Token" among its super types)?"""
    return any(t.casefold() == "token" for t in card.super_types)


def new_permanent(
    card: RbCard, controller: str, zone: RbZone = RbZone.BASE, where: str = ""
) -> RbObject:
    """The object ``card`` is on the board (its id is given as it is added to the state).
    A token card is a token (Recruit, Gold): put into a non-board zone, it ceases to exist
    (183.1)."""
    # An Equipment's Effect Text (Hexdrinker's [Deflect]) is inactive while it is
    # unattached (136.2.b); attached, it is the unit's (state.board_grants, 718.3).
    printed = choosing_abilities(card.rules_text)
    return RbObject(
        0,
        card.name,
        card.kind,
        controller,
        controller,
        zone,
        where,
        card.might,
        frozenset(t.lower() for t in card.tags),
        token=is_token_card(card),
        champion="Champion" in card.super_types,
        deflect=printed.deflect,
        enemies_cant_choose=printed.enemies_cant_choose,
        energy=card.energy,
        power=card.power,
    )


def stated_in_hand(
    state: RbState, player: str, name: str, zone: RbZone = RbZone.HAND
) -> RbObject | None:
    """The card ``name`` stated in ``player``'s hand ("Bob's hand has Stalwart Poro.", or a
    unit returned there), the oldest copy; None when the hand holds none as stated.  ``zone``:
    another zone a card is played or hidden from (the Champion Zone, 108.3.d, 811.1.b)."""
    wanted = name.casefold()
    copies = [
        o
        for o in state.objects.values()
        if o.zone is zone and o.owner == player and o.name.casefold() == wanted
    ]
    return min(copies, key=lambda o: o.id) if copies else None


def stated_to_play(state: RbState, player: str, name: str) -> RbObject | None:
    """The stated card ``player`` plays or hides by ``name``: the copy in their hand, else
    their Chosen Champion in their Champion Zone (108.3.d: played from there as normal;
    811.1.b: hidden from there too; QA 55 U3); None when neither holds one as stated."""
    return stated_in_hand(state, player, name) or stated_in_hand(
        state, player, name, RbZone.CHAMPION_ZONE
    )


def leave_hand(
    state: RbState, in_hand: RbObject, played_id: int
) -> tuple[RbState, str, tuple[str, ...]]:
    """The card ``in_hand`` is played as the new object ``played_id``: it leaves the hand
    (354: "Remove the card from the zone you are playing it from and put it onto the Chain"),
    so the hand no longer shows it.  The note an answer gives, and its rules."""
    version = state.version
    zone = in_hand.zone.value  # "hand", or "champion zone" for a Chosen Champion (108.3.d)
    state = state.without(in_hand.id, f"was played from {in_hand.owner}'s {zone}", played_id)
    cited = (rule("play_from_zone", version), rule("new_object", version))
    return (
        state,
        f"{in_hand.name} leaves {in_hand.owner}'s {zone} (#{in_hand.id}) as it is played "
        f"({cited[0]}): it is a new object, #{played_id} ({cited[1]}).",
        cited,
    )


# Portal Rescue: "Banish a friendly unit, then its owner plays it to their base, ignoring its
# cost."  Arcane Shift: "... then its owner plays it, ignoring its cost."  Thrill of the Hunt:
# "... then its owner plays it to any battlefield, ignoring its cost."
THEN_OWNER_PLAYS = re.compile(
    r"\bthen its owner plays it(?: to (?P<where>their base|any battlefield))?, ignoring its cost\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Replay:
    """What became of a banished card its owner was to play: the new object's id (None when
    it wasn't played), the note saying so, the rules, and, when the bot couldn't carry the
    play out, why (for the effect's line)."""

    state: RbState
    new_id: int | None
    note: str
    rules: tuple[str, ...]
    not_done: str = ""


def play_ignoring_cost(
    state: RbState, banished: RbObject, before: RbObject, where: str | None
) -> Replay:
    """``banished`` (the card in banishment or a trash, ``before`` the unit as it was on the
    board, or the card itself) is played by its owner, ignoring its cost (356.1.b.1): a new
    object (359.3.e.4) with no damage, entering the board as a played unit does (359.2.c:
    exhausted unless its text says otherwise).  ``where``: "their base", "any battlefield",
    or None (the owner chooses a valid location as it is played, 355.2.a).  Portal Rescue's
    banished unit; Heedless Resurrection's unit from the trash."""
    version = state.version
    owner = banished.owner
    from_zone = banished.zone.value  # "banishment", "trash"
    card = state.cards.get(banished.id)
    if card is None:
        return Replay(
            state,
            None,
            f"{banished.name}'s card isn't known to the bot, so its owner's play of it isn't "
            "carried out; say where it went.",
            (),
            "the bot doesn't know the card",
        )
    location = BASE
    said_where = f"{owner}'s base"
    chosen_note = ""  # where the owner could have played it instead
    if where is not None and where.casefold() == "any battlefield":
        fields = state.battlefields()
        if len(fields) != 1:
            names = ", ".join(b.name for b in fields) or "none is in the game"
            example = fields[0].name if fields else "Targon's Peak"
            return Replay(
                state,
                None,
                f"{owner} plays {banished.name} to a battlefield of their choice "
                f"({names}), ignoring its cost; the bot can't choose it for them, so it "
                f"stays in {owner}'s {from_zone} here. Say where it went, e.g. “{owner} "
                f"controls {banished.name} at {example}.” (played, it enters exhausted, "
                f"{rule('unit_enters_exhausted', version)}).",
                (rule("valid_location", version),),
                "the owner chooses the battlefield, which the bot can't do for them",
            )
        location = fields[0].name
        said_where = f"{location} (the only battlefield in the game)"
    elif where is None:
        held = [b.name for b in state.battlefields() if b.controller == owner]
        example = held[0] if held else "Targon's Peak"
        chosen_note = (
            f" Its owner chooses where as it is played, their base or a battlefield they "
            f"control ({rule('valid_location', version)}); the bot puts it in the base, so if "
            f"it went to a battlefield, say so, e.g. “{banished.name} moves to {example}.”"
        )
    zone = RbZone.BASE if location == BASE else RbZone.BATTLEFIELD
    entry = played_entry(state, owner, card)
    obj = replace(
        new_permanent(card, owner, zone, "" if location == BASE else location),
        exhausted=entry.exhausted,
    )
    state, new_id = state.add(obj, card)
    state = state.without(banished.id, f"was played from {owner}'s {from_zone}", new_id)
    state = state.with_played(owner, new_id)
    damage = f", without the {before.damage} damage it had" if before.damage else ""
    note = (
        f"{owner} plays {banished.name} from {from_zone} to {said_where}, ignoring its cost "
        f"({rule('ignoring_cost', version)}): it is a new object, #{new_id} "
        f"({rule('new_object', version)}){damage}, and it enters "
        f"{'exhausted' if entry.exhausted else 'ready'} "
        f"({rule('unit_enters_exhausted', version)}).{chosen_note}"
    )
    rules = (
        rule("ignoring_cost", version),
        rule("new_object", version),
        *entry.rules,
        *((rule("valid_location", version),) if chosen_note else ()),
    )
    return Replay(state, new_id, " ".join((note, *entry.notes)), rules)
