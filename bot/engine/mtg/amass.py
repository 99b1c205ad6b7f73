"""Amass (CR 701.47a): "If you don't control an Army creature, create a 0/0 black [subtype]
Army creature token. Choose an Army creature you control. Put N +1/+1 counters on that
creature. If it isn't a [subtype], it becomes a [subtype] in addition to its other types."
Orcish Bowmasters' "Then amass Orcs 1", Lazotep Reaver's "amass Zombies 1"."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.engine.frozen import evolve
from bot.engine.model import Zone
from bot.engine.mtg.phrase_vocab import singular
from bot.engine.mtg.state import GameState, make_token

RULE = "701.47a"
_AMASS = re.compile(r"\bamass (?P<kind>[a-z]+) (?P<n>\d+)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Amassed:
    """What an amass did: the state after it and how the answer says it; ``chosen`` False
    when the player has several Armies and chooses one (the bot doesn't know which)."""

    state: GameState
    said: str
    chosen: bool = True


def amass(state: GameState, player: str, text: str) -> Amassed | None:
    """``player`` amassing as ``text`` says (CR 701.47a), or None when the text doesn't amass
    a fixed number (an "amass X" is left to the user)."""
    found = _AMASS.search(text)
    if found is None:
        return None
    kind = singular(found["kind"].lower())
    count = int(found["n"])
    armies = [
        obj
        for obj in state.zone_objects(Zone.BATTLEFIELD)
        if obj.controller == player and "army" in obj.subtypes and "creature" in obj.card_types
    ]
    if len(armies) > 1:
        return Amassed(
            state,
            f"{player} chooses one of their Armies to get {count} +1/+1 counters ({RULE}): say "
            "which with “… has N +1/+1 counters.”",
            chosen=False,
        )
    made = ""
    if armies:
        army = armies[0]
    else:
        token = make_token(
            f"{kind.title()} Army Token",
            player,
            subtypes=(kind, "army"),
            colors=frozenset({"black"}),
            power=0,
            toughness=0,
        )
        state, army_id = state.created_token(token)
        army = state.obj(army_id)
        made = f"creates a 0/0 black {kind.title()} Army token and "
    counters = dict(army.counters)
    counters["+1/+1"] = counters.get("+1/+1", 0) + count
    state = state.with_object(evolve(army, counters=counters, subtypes=army.subtypes | {kind}))
    plural = "counter" if count == 1 else "counters"
    return Amassed(
        state, f"{player} {made}puts {count} +1/+1 {plural} on {state.label(army.id)} ({RULE})"
    )
