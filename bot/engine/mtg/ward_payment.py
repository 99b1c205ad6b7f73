"""Paying the cost of an "unless [player] pays [cost]" trigger such as ward (CR 702.21a, 118.12a).

A player can't pay a cost without the resources to pay it fully (CR 118.3): life they have
(CR 119.4), a permanent they control to sacrifice (CR 701.21a), a card in their hand to discard
(CR 701.9a).  Paying changes the game: the life is lost, the permanent or card goes to the
graveyard.  Mana isn't tracked (no mana pools), so a mana part is taken as paid.  A part this
module doesn't read ("Sacrifice two permanents", "Collect evidence 4") is taken as paid, as
before.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from bot.engine.errors import EngineError
from bot.engine.model import GameObject, Zone
from bot.engine.mtg.cant_statics import sacrifice_shield
from bot.engine.mtg.state import GameState, StackEntry
from bot.engine.mtg.statics import as_seen
from bot.engine.mtg.ward import cost_parts, pays_phrase
from bot.engine.wording import and_list

_LIFE = re.compile(r"pay (?P<n>\d+) life", re.IGNORECASE)
# "Pay life equal to Raubahn's power", "... this creature's power" (Vaultborn Tyrant).
_LIFE_EQUAL_TO_POWER = re.compile(r"pay life equal to (?P<whose>.+)'s power", re.IGNORECASE)
# "Sacrifice a creature", "Sacrifice a Food": one permanent of a type or subtype.
_SACRIFICE_ONE = re.compile(r"sacrifice an? (?P<kind>[a-z]+)", re.IGNORECASE)
_DISCARD_ONE = re.compile(r"discard a card", re.IGNORECASE)


@dataclass(frozen=True)
class Paid:
    """The game after the cost was paid, what was done ("Bob pays 5 life", "Bob sacrifices
    Runeclaw Bear"), and the rules behind it."""

    state: GameState
    done: str
    rules: tuple[str, ...]


@dataclass(frozen=True)
class Unpayable:
    """Why the player can't pay (CR 118.3), and the rules behind it."""

    reason: str
    rules: tuple[str, ...]


def pay_unless_cost(
    state: GameState,
    entry: StackEntry,
    *,
    sacrificed: Sequence[int] = (),
    discarded: Sequence[int] = (),
) -> Paid | Unpayable:
    """Pay ``entry``'s cost for its payer, with the permanents and cards they named.  Raises
    EngineError when the player has a choice to make that wasn't said (which creature)."""
    payer = entry.unless_payer
    after = state
    done: list[str] = []
    rules: list[str] = []
    for part in cost_parts(entry.unless_cost):
        if (life := life_to_pay(state, entry, part)) is not None:
            player = after.player(payer)
            if player.life < life:
                # CR 118.3, 119.4: a player can't pay more life than they have.
                return Unpayable(
                    f"{payer} has {player.life} life, so can't pay {life} life (118.3, 119.4)",
                    ("118.3", "119.4"),
                )
            after = after.with_player(replace(player, life=player.life - life))
            done.append(f"{life} life")
            rules.append("119.4")
        elif match := _SACRIFICE_ONE.fullmatch(part):
            if shield := sacrifice_shield(after, payer, entry.controller):
                # Sigarda, Host of Herons ruling (2018-12-07): "If a spell or ability an
                # opponent controls states something happens unless you sacrifice a
                # permanent ..., you can't choose to sacrifice a permanent." (CR 101.2)
                return Unpayable(
                    f"{payer} can't sacrifice a permanent to pay it: {entry.controller} "
                    f"controls {entry.name}, and {after.label(shield[0].id)} says "
                    f"“{shield[1].rstrip('.')}” (101.2)",
                    ("101.2",),
                )
            picked = _sacrifice(after, entry, match["kind"].lower(), sacrificed)
            if isinstance(picked, Unpayable):
                return picked
            after, _ = after.move(picked.id, Zone.GRAVEYARD, "was sacrificed")
            done.append(f"sacrifices {state.label(picked.id)}")
            rules.append("701.21a")
        elif _DISCARD_ONE.fullmatch(part):
            card = _discard(after, entry, discarded)
            if isinstance(card, Unpayable):
                return card
            if card is not None:
                after, _ = after.move(card.id, Zone.GRAVEYARD, "was discarded")
                done.append(f"discards {state.label(card.id)}")
                rules.append("701.9a")
            else:
                # No card is known in the hand (the one stated may just have been cast): the
                # payment takes an unstated card, said as an assumption (QA 60 M1; 118.3).
                done.append(
                    f"discards a card not stated in their hand (assumed: the bot knows no card "
                    f"there; if {payer} has none, say “{payer}'s hand is empty.”, 118.3)"
                )
        else:  # mana (no mana pools) or a cost this module doesn't read: taken as paid
            done.append(pays_phrase(payer, part).removeprefix(f"{payer} "))
    if sacrificed and "701.21a" not in rules:
        return Unpayable(f"{entry.name}'s cost doesn't sacrifice anything", ("702.21a",))
    if discarded and "701.9a" not in rules:
        return Unpayable(f"{entry.name}'s cost doesn't discard a card", ("702.21a",))
    return Paid(after, f"{payer} {_joined(done)}", tuple(rules))


def life_to_pay(state: GameState, entry: StackEntry, part: str) -> int | None:
    """The life a "pay N life" part asks for; "pay life equal to Raubahn's power" is the
    power as the trigger resolves (CR 702.21b), of its source as it last existed if it has
    left (CR 608.2h)."""
    if match := _LIFE.fullmatch(part):
        return int(match["n"])
    if _LIFE_EQUAL_TO_POWER.fullmatch(part) and entry.source_id is not None:
        source = state.last_known(entry.source_id)
        if source is not None:
            return max(0, as_seen(state, source).power or 0)
    return None


def why_unpayable(state: GameState, entry: StackEntry) -> Unpayable | None:
    """Why the payer can't pay, whichever choices they make (CR 118.3); None if they can."""
    try:
        paid = pay_unless_cost(state, entry)
    except EngineError:
        return None  # a choice among several ways to pay: there is a way
    return paid if isinstance(paid, Unpayable) else None


def payment_statements(state: GameState, entry: StackEntry) -> tuple[str, ...]:
    """Statements that pay, one for each permanent that could be sacrificed or card discarded
    ("The top of the stack resolves and Bob pays, sacrificing Runeclaw Bear."); none when the
    player can't pay (CR 118.3)."""
    if why_unpayable(state, entry) is not None:
        return ()
    payer = entry.unless_payer
    for part in cost_parts(entry.unless_cost):
        if match := _SACRIFICE_ONE.fullmatch(part):
            fits = _sacrificeable(state, payer, match["kind"].lower())
            if len(fits) > 1:
                return tuple(_sacrificing(payer, state.label(obj.id)) for obj in fits)
        if _DISCARD_ONE.fullmatch(part):
            hand = _hand(state, payer)
            if len(hand) > 1:
                return tuple(_discarding(payer, state.label(card.id)) for card in hand)
    priced = f" {entry.unless_cost}" if entry.unless_cost.startswith("{") else ""
    return (f"The top of the stack resolves and {payer} pays{priced}.",)


def _sacrificing(payer: str, what: str) -> str:
    return f"The top of the stack resolves and {payer} pays, sacrificing {what}."


def _discarding(payer: str, what: str) -> str:
    return f"The top of the stack resolves and {payer} discards {what}."


def _joined(done: list[str]) -> str:
    """ "pays {2}", "pays 2 life" -> "pays {2} and 2 life"; other actions as they are."""
    merged: list[str] = []
    for action in done:
        if action[:1].isdigit():
            action = f"pays {action}"
        if merged and merged[-1].startswith("pays ") and action.startswith("pays "):
            merged[-1] = f"{merged[-1]} and {action[5:]}"
        else:
            merged.append(action)
    return " and ".join(merged)


def _sacrificeable(state: GameState, payer: str, kind: str) -> list[GameObject]:
    """The permanents ``payer`` controls that are a ``kind`` (CR 701.21a)."""
    return [
        obj
        for obj in state.zone_objects(Zone.BATTLEFIELD)
        if obj.controller.casefold() == payer.casefold()
        and not obj.phased_out
        and _is(state, obj, kind)
    ]


def _is(state: GameState, obj: GameObject, kind: str) -> bool:
    if kind == "permanent":
        return True
    seen = as_seen(state, obj)
    return kind in seen.card_types or kind in seen.subtypes


def _sacrifice(
    state: GameState, entry: StackEntry, kind: str, named: Sequence[int]
) -> GameObject | Unpayable:
    """The permanent sacrificed: the one named, else the only one there is (CR 701.21a)."""
    payer = entry.unless_payer
    fits = _sacrificeable(state, payer, kind)
    if len(named) > 1:
        return Unpayable(f"{entry.name}'s cost sacrifices one {kind}, not {len(named)}", ("118.3",))
    if named:
        obj = state.last_known(named[0])
        label = state.label(named[0])
        if obj is None or obj.zone is not Zone.BATTLEFIELD:
            return Unpayable(
                f"{label} isn't on the battlefield, so can't be sacrificed", ("701.21a",)
            )
        if obj.controller.casefold() != payer.casefold():
            return Unpayable(
                f"{payer} can sacrifice only a permanent {payer} controls, and {obj.controller} "
                f"controls {label} (701.21a, 118.3)",
                ("701.21a", "118.3"),
            )
        if not _is(state, obj, kind):
            return Unpayable(
                f"{label} isn't {_a(kind)}, so it can't pay “sacrifice {_a(kind)}” (118.3)",
                ("118.3", "701.21a"),
            )
        return obj
    if not fits:
        return Unpayable(
            f"{payer} controls no {kind}, so can't sacrifice one (118.3, 701.21a)",
            ("118.3", "701.21a"),
        )
    if len(fits) == 1:
        return fits[0]
    raise _which(
        f"{payer} controls {and_list(state.label(obj.id) for obj in fits)}: say which {kind} "
        f"{payer} sacrifices for {entry.name} (701.21a)",
        tuple(_sacrificing(payer, state.label(obj.id)) for obj in fits),
    )


def _hand(state: GameState, player: str) -> list[GameObject]:
    return [
        obj for obj in state.zone_objects(Zone.HAND) if obj.owner.casefold() == player.casefold()
    ]


def _discard(
    state: GameState, entry: StackEntry, named: Sequence[int]
) -> GameObject | Unpayable | None:
    """The card discarded: the one named, else the only card known in the hand (CR 701.9a,
    701.9b: the player chooses); None when the hand isn't stated, so the card is unknown."""
    payer = entry.unless_payer
    hand = _hand(state, payer)
    if len(named) > 1:
        return Unpayable(f"{entry.name}'s cost discards one card, not {len(named)}", ("118.3",))
    if named:
        card = state.last_known(named[0])
        label = state.label(named[0])
        if card is None or card.zone is not Zone.HAND or card.owner.casefold() != payer.casefold():
            return Unpayable(
                f"{label} isn't in {payer}'s hand, so {payer} can't discard it (701.9a)",
                ("701.9a",),
            )
        return card
    if not hand and state.player(payer).hand_stated:
        return Unpayable(
            f"{payer}'s hand is empty, so {payer} can't discard a card (118.3, 701.9a)",
            ("118.3", "701.9a"),
        )
    if not hand:
        return None
    if len(hand) == 1:
        return hand[0]
    raise _which(
        f"{payer}'s hand has {and_list(state.label(card.id) for card in hand)}: say which card "
        f"{payer} discards for {entry.name} (701.9b)",
        tuple(_discarding(payer, state.label(card.id)) for card in hand),
    )


def _a(kind: str) -> str:
    return f"an {kind}" if kind[:1] in "aeiou" else f"a {kind}"


def _which(message: str, statements: tuple[str, ...]) -> EngineError:
    """The choice of what pays the cost, with a statement for each way."""
    error = EngineError(f"{message}.", hint=f"Say, e.g., “{statements[0]}”")
    error.statements = statements
    return error
