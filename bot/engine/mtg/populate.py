"""Populate (CR 701.36): "To populate means to choose a creature token you control and create a
token that's a copy of that creature token" (701.36a); "If you control no creature tokens when
instructed to populate, you won't create a token" (701.36b).

The copy takes the token's copiable values: those the effect that created it gave it (707.2,
111.3), not its counters, damage, status, or what resolved effects did to it since ("gets
+3/+3", "gains flying"). With several creature tokens to choose from, the choice is its
controller's, which the bot doesn't make.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.engine.frozen import evolve
from bot.engine.model import GameObject, ObjectKind, Zone, removed_from_combat
from bot.engine.mtg.copies import copiable_values
from bot.engine.mtg.state import GameState
from bot.engine.wording import and_list

# "Populate." (Ghired's Belligerence's delayed ability), "Create a 1/1 white Bird creature token
# with flying, then populate." (Eyes in the Skies).
POPULATE = re.compile(r"^(?:then )?populate\.?$", re.IGNORECASE)
THEN_POPULATE = re.compile(r",? then populate\.?$", re.IGNORECASE)


@dataclass(frozen=True)
class Populated:
    """What populating did: the state after it, what is said, and ``chosen``: False when the
    choice among several tokens is left to be said (nothing was created)."""

    state: GameState
    said: str
    chosen: bool = True


def populate(state: GameState, player: str) -> Populated:
    """``player`` populates (701.36a): a copy of their one creature token, nothing when they
    control none (701.36b), and no choice made for them among several."""
    tokens = [
        obj
        for obj in state.zone_objects(Zone.BATTLEFIELD)
        if obj.kind is ObjectKind.TOKEN
        and obj.controller == player
        and not obj.phased_out
        and "creature" in obj.card_types
    ]
    if not tokens:
        return Populated(
            state, f"{player} controls no creature token, so populate creates nothing (701.36b)"
        )
    if len(tokens) > 1:
        names = and_list(state.label(token.id) for token in tokens)
        return Populated(
            state,
            f"{player} chooses which creature token to copy among {names} (701.36a), which the "
            f"bot doesn't choose for them: say the copy as a token {player} controls (e.g. "
            f"“{player} controls {_stated(_copy_of_token(state, tokens[0], player))}.”)",
            chosen=False,
        )
    token = tokens[0]
    state, made = state.created_token(_copy_of_token(state, token, player))
    return Populated(
        state,
        f"{player} populates: a token that's a copy of {state.label(token.id)} "
        f"({state.label(made)}) is created (701.36a, 707.2)",
    )


def _copy_of_token(state: GameState, token: GameObject, player: str) -> GameObject:
    """A new token with ``token``'s copiable values (707.2): not what resolved effects changed
    (its "gets +N/+N" boost, keywords it gained), nor its counters, damage or status."""
    values = copiable_values(state, token.id)
    boost_power, boost_toughness = values.pt_boost
    gained = frozenset(values.gained_at)
    return evolve(
        removed_from_combat(values),
        id=0,
        owner=player,
        controller=player,
        zone=Zone.BATTLEFIELD,
        kind=ObjectKind.TOKEN,
        counters={},
        damage=0,
        tapped=False,
        attached_to=None,
        became_target=False,
        targeted_by=frozenset(),
        power=None if values.power is None else values.power - boost_power,
        toughness=None if values.toughness is None else values.toughness - boost_toughness,
        pt_boost=(0, 0),
        keywords=values.keywords - gained,
        gained_at={},
    )


def _stated(token: GameObject) -> str:
    """How a scenario states a token like ``token``: "a 2/2 Soldier token"."""
    kinds = " ".join(sorted(s.title() for s in token.subtypes)) or token.name
    size = f"{token.power}/{token.toughness} " if token.power is not None else ""
    return f"a {size}{kinds} token".replace(" Token token", " token")
