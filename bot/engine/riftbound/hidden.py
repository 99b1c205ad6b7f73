"""Riftbound's [Hidden] (811): hiding a card facedown at a battlefield, and playing it from there.

811.1.b: "While this card is in your hand or in your Champion Zone on your turn during an Open
State, you may pay [A] to hide this facedown at a battlefield you control that doesn't already
have a facedown card hidden there for as long as you control that battlefield. Beginning on the
next turn, this gains [Reaction] and you may play this, ignoring its base cost."  Played from
facedown, its choices are restricted to that battlefield (811.1.d.1-2); played from a hand, it
is an ordinary card with its printed timing (811.3).  The bot takes a scenario as one turn, so
"beginning on the next turn" is the user's to say by the order of statements.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from bot.engine.errors import IllegalActionError
from bot.engine.riftbound.analysis import Mention
from bot.engine.riftbound.keywords import printed_keywords
from bot.engine.riftbound.model import RbContext, RbKind, RbObject, RbZone
from bot.engine.riftbound.rules import cite_if, rule
from bot.engine.riftbound.state import RbCard, RbState, label, unknown_control
from bot.engine.riftbound.targeting import check_target
from bot.engine.riftbound.zones import stated_to_play
from bot.engine.verdict import Verdict, VerdictKind

# A target requirement no object at one battlefield can meet (811.1.d.2: "unless the ability
# explicitly restricts targeting in a way that makes this impossible"; Tideturner's "a unit
# you control at another location", Rocket Barrage's "a unit in a base").
_NEVER_AT_ONE_BATTLEFIELD = re.compile(
    r"\b(?:in (?:a|your|its|their) base|at (?:an)?other (?:location|battlefield)|in base)\b",
    re.I,
)


# The event a hidden card's removal leaves in ``RbState.departed`` (107.3.d, 323.7).
REMOVED_FROM = "was removed from "


def has_hidden(card: RbCard) -> bool:
    """Whether ``card`` has [Hidden] (811.1.a: spells, units and gear)."""
    return "hidden" in (k.casefold() for k in printed_keywords(card.text))


def hidden_card(state: RbState, player: str, name: str) -> RbObject | None:
    """The card ``name`` ``player`` has facedown at a battlefield (hidden), the oldest."""
    wanted = name.casefold()
    found = [
        o
        for o in state.objects.values()
        if o.zone is RbZone.FACEDOWN and o.controller == player and o.name.casefold() == wanted
    ]
    return min(found, key=lambda o: o.id) if found else None


def hidden_reaction_note(card: RbCard, version: str) -> str:
    """What a refusal of ``card`` on a Closed State adds when it has [Hidden]: hidden first,
    played from facedown it has [Reaction] (811.6); from a hand it keeps its timing (811.3)."""
    if not has_hidden(card):
        return ""
    return (
        f" {card.name} has [Hidden]: hidden facedown at a battlefield on an earlier turn and "
        f"played from there, it gains [Reaction] ({rule('hidden_reaction', version)}), but "
        f"played from a hand it has its printed timing ({rule('hidden_played_normally', version)})"
    )


def hide(
    state: RbState,
    player: str,
    card: RbCard,
    battlefield: RbObject,
    *,
    earlier_turn: bool = False,
) -> tuple[RbState, Verdict]:
    """``player`` hides ``card`` facedown at ``battlefield`` (811.1.b, 421.1): the card leaves
    the hand it was stated in and is put in that battlefield's facedown zone.  An
    ``IllegalActionError`` when it can't be.  ``earlier_turn``: it was hidden on an earlier
    turn, so it may be played from there now; otherwise only on a later turn."""
    version = state.version
    hidden, action = rule("hidden", version), rule("hide_action", version)
    if not has_hidden(card):
        raise IllegalActionError(
            f"{card.name} doesn't have [Hidden], so it can't be hidden ({hidden}).",
            rules=(hidden,),
            hint=f"Play it instead: “{player} plays {card.name} …”",
        )
    if card.kind not in (RbKind.SPELL, RbKind.UNIT, RbKind.GEAR):
        raise IllegalActionError(f"{card.name} is a {card.kind.value}; only cards are hidden.")
    if state.chain:
        raise IllegalActionError(
            f"{player} can't hide {card.name} now: the chain isn't empty ({state.chain[-1].name} "
            f"is on it), and a card is hidden only in an Open State ({hidden}, "
            f"{rule('open_state', version)}).",
            rules=(hidden, rule("open_state", version)),
            hint="Resolve the chain first (“Resolve the chain.”).",
        )
    unknown = unknown_control(state, battlefield)
    if unknown:
        raise IllegalActionError(
            f"{player} can hide a card only at a battlefield {player} controls ({hidden}), and "
            f"{unknown}.",
            rules=(hidden,),
            hint=f"Say who controls it first, e.g. “{player} controls {battlefield.name}.”",
        )
    if battlefield.controller != player:
        holder = battlefield.controller or "nobody"
        raise IllegalActionError(
            f"{player} can hide a card only at a battlefield {player} controls ({hidden}, "
            f"{action}); {battlefield.name} is controlled by {holder}.",
            rules=(hidden, action),
            hint=f"If {player} holds it, say so first: “{player} controls {battlefield.name}.”",
        )
    there = next(
        (
            o
            for o in state.objects.values()
            if o.zone is RbZone.FACEDOWN and o.location == battlefield.name
        ),
        None,
    )
    if there is not None:
        one = rule("facedown_one_card", version)
        raise IllegalActionError(
            f"{battlefield.name} already has a facedown card ({there.controller}'s), and a "
            f"battlefield's facedown zone holds one card ({hidden}, {one}).",
            rules=(hidden, one),
        )
    # From the hand or the Champion Zone (811.1.b; QA 55 U3).
    in_hand = stated_to_play(state, player, card.name)
    if in_hand is not None:
        state = state.without(in_hand.id, f"was hidden at {battlefield.name}", None)
    facedown = RbObject(
        0,
        card.name,
        card.kind,
        player,
        player,
        RbZone.FACEDOWN,
        battlefield.name,
        card.might,
        energy=card.energy,
        power=card.power,
        hidden_this_turn=not earlier_turn,
    )
    state, new_id = state.add(facedown, card)
    no_chain = rule("hide_no_chain", version)
    reaction = rule("hidden_reaction", version)
    left = (
        f" It leaves {player}'s {in_hand.zone.value} (#{in_hand.id})."
        if in_hand is not None
        else ""
    )
    when = (
        f"It was hidden on an earlier turn, so {player} may play it from there now"
        if earlier_turn
        else f"From the next turn (not this one: the bot takes the scenario as one turn), "
        f"{player} may play it from there"
    )
    play = (
        f"“{player} plays {card.name} from hiding …”"
        if earlier_turn
        else f"“{player} plays {card.name} from hiding on a later turn …”"
    )
    return state, Verdict(
        VerdictKind.OK,
        f"{player} pays [A] and hides {card.name} facedown at {battlefield.name} (#{new_id}); "
        f"hiding isn't playing and opens no chain ({no_chain}).{left} {when}, ignoring its "
        f"cost, and it has [Reaction] ({reaction}): {play}.",
        (hidden, action, no_chain, reaction),
        object_ids=(new_id,),
    )


def later_turn(state: RbState) -> tuple[RbState, tuple[str, ...]]:
    """A later turn has begun, as far as hidden cards go: every card hidden before it may be
    played from hiding now (811.1.b: "Beginning on the next turn").  The bot keeps no other
    turn state, so nothing else "this turn" ends.  Returns the state and the cards freed."""
    freed = [o for o in state.objects.values() if o.zone is RbZone.FACEDOWN and o.hidden_this_turn]
    for card in freed:
        state = state.with_object(replace(card, hidden_this_turn=False))
    return state, tuple(f"{o.controller}'s {o.name} at {o.location}" for o in freed)


def not_this_turn(facedown: RbObject, version: str) -> IllegalActionError | None:
    """Why ``facedown`` can't be played from hiding yet: it was hidden this turn (811.1.b)."""
    if not facedown.hidden_this_turn:
        return None
    player, name = facedown.controller, facedown.name
    return IllegalActionError(
        f"{player} hid {name} at {facedown.location} this turn (the bot takes a scenario or "
        f"saved game as one turn), and a hidden card may be played from there only beginning "
        f"on the next turn ({rule('hidden', version)}). If this play is on a later turn, say "
        f"so: “{player} plays {name} from hiding on a later turn …” (or “It is a later "
        f"turn.” first); if it was hidden earlier, say “{player} hides {name} at "
        f"{facedown.location} on an earlier turn.”",
        rules=(rule("hidden", version),),
    )


def refused_from_hidden(state: RbState, player: str, card: RbCard) -> RbObject:
    """The facedown card ``player`` plays as ``card`` from hiding, or why that can't be."""
    version = state.version
    found = hidden_card(state, player, card.name)
    if found is not None:
        return found
    if not has_hidden(card):
        raise IllegalActionError(
            f"{card.name} doesn't have [Hidden], so it is never played from hiding "
            f"({rule('hidden', version)}).",
            rules=(rule("hidden", version),),
            hint=f"Play it from a hand: “{player} plays {card.name} …”",
        )
    removed = next(
        (
            event
            for event, new_id in state.departed.values()
            if event.startswith(REMOVED_FROM)
            and new_id is not None
            and new_id in state.objects
            and state.objects[new_id].name == card.name
            and state.objects[new_id].owner == player
        ),
        None,
    )
    if removed is not None:
        where = removed.removeprefix(REMOVED_FROM).removesuffix("'s facedown zone")
        lost = cite_if("facedown_lost_battlefield", version)
        raise IllegalActionError(
            f"{player}'s {card.name} was removed from {where}'s facedown zone when {player} "
            f"lost control of {where}, and is in the trash: it can't be played from hiding "
            f"({', '.join((rule('hidden', version), *lost))}).",
            rules=(rule("hidden", version), *lost),
        )
    said = f"“{player} hides {card.name} at Targon's Peak on an earlier turn.”"
    raise IllegalActionError(
        f"{player} has no {card.name} hidden facedown at a battlefield, so it can't be played "
        f"from hiding ({rule('hidden', version)}); say it was hidden first: {said}",
        rules=(rule("hidden", version),),
    )


def hidden_choice_refusal(
    mentions: Sequence[Mention],
    chosen: Sequence[Sequence[RbObject]],
    where: str,
    state: RbState,
    ctx: RbContext,
    name: str,
    whose: str = "its",
) -> tuple[Verdict | None, tuple[str, ...]]:
    """811.1.d.2: a spell played from hiding at ``where`` chooses its targets from among
    options at that battlefield, unless its text makes that impossible.  An ILLEGAL verdict
    for a choice elsewhere (or no option there at all, 811.1.d), else None; and the notes for
    mentions chosen freely.  ``whose``: what chooses, said after "so" ("its play effect's")."""
    version = state.version
    there_rule = rule("hidden_targets_there", version)
    notes: list[str] = []
    for index, mention in enumerate(mentions):
        if _NEVER_AT_ONE_BATTLEFIELD.search(mention.requirement):
            notes.append(
                f"“{mention.requirement}” can never be met at {where}, so {name}'s choice for it "
                f"is free although it was played from hiding ({there_rule})."
            )
            continue
        picked = chosen[index] if index < len(chosen) else ()
        away = [o for o in picked if not _at(o, where)]
        if away:
            return Verdict(
                VerdictKind.ILLEGAL,
                f"{name} was played from hiding at {where}, so {whose} targets are chosen from "
                f"among options at {where} ({there_rule}); "
                + ", ".join(label(o) for o in away)
                + (" isn't" if len(away) == 1 else " aren't")
                + " there.",
                (rule("hidden_choices", version), there_rule),
            ), ()
        if not picked and mention.min_count > 0:
            options = [
                o
                for o in state.choosable()
                if _at(o, where) and check_target(o, mention, ctx, version=version).ok
            ]
            if not options:
                return Verdict(
                    VerdictKind.ILLEGAL,
                    f"{name} can't be played from hiding at {where}: nothing there can be "
                    f"chosen for “{mention.requirement}”, and a spell with no valid targets "
                    f"there can't be played from hiding ({rule('hidden_choices', version)}).",
                    (rule("hidden_choices", version), there_rule),
                ), ()
    return None, tuple(notes)


def chosen_freely(requirement: str) -> bool:
    """Whether ``requirement`` can never be met at one battlefield, so a card played from
    hiding chooses for it freely (811.1.d.2: Tideturner's example)."""
    return bool(_NEVER_AT_ONE_BATTLEFIELD.search(requirement))


def offered_from_hiding(obj: RbObject, where: str, requirement: str) -> bool:
    """Whether ``obj`` may be offered for ``requirement`` of a card played from hiding at
    ``where``: it is there, or the requirement can never be met there (811.1.d.2)."""
    return chosen_freely(requirement) or _at(obj, where)


def _at(obj: RbObject, where: str) -> bool:
    """Whether ``obj`` is at the battlefield ``where`` (or is it)."""
    if obj.kind is RbKind.BATTLEFIELD:
        return obj.name == where
    return obj.zone is RbZone.BATTLEFIELD and obj.location == where


def leave_facedown(state: RbState, facedown: RbObject) -> RbState:
    """The hidden card leaves its facedown zone as it is played (354: "Remove the card from the
    zone you are playing it from")."""
    return state.without(facedown.id, f"was played from hiding at {facedown.location}", None)
