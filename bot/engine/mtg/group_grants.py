"""Untargeted effects that give a spell's controller and what they control an ability, or
phase it out: Heroic Intervention, Veil of Summer, Teferi's Protection, Flawless Maneuver.

None of these targets (CR 115.10): they reach every permanent the controller has as the spell
resolves (608.2c), and a permanent that arrives later isn't covered; "until end of turn" and
"this turn" last until a statement says "It is a later turn." (514.2).  What they give is what judges ask
about next: hexproof or protection makes a spell still on the stack lose its target
(702.11b, 702.16b, 608.2b); a phased-out permanent is treated as though it doesn't exist
(702.26b).
"""

from __future__ import annotations

import re
from dataclasses import replace

from bot.engine.model import GameObject, ObjectKind, Player, Zone
from bot.engine.mtg.cant_statics import CANT_GAIN_LIFE
from bot.engine.mtg.state import GameState, split_keyword_text
from bot.engine.mtg.statics import gaining
from bot.engine.mtg.this_turn import gaining_this_turn, lasts_this_turn, player_gaining_this_turn

# "[You and] permanents / creatures / other creatures you control gain hexproof and
# indestructible [until end of turn]"; "you gain protection from everything".
_GROUP_GAINS = re.compile(
    r"^(?:until your next turn, [^.]*?\band )?(?:(?P<also_you>you) and )?"
    r"(?P<who>(?:other |all )?(?:(?P<colour>white|blue|black|red|green) )?"
    r"(?:permanents|creatures|artifacts|planeswalkers|lands) you control|you) gains? "
    r"(?P<what>.+?)(?: until (?:end of turn|your next turn))?\.?$",
    re.IGNORECASE,
)
# What can be given this way and tracked: hexproof (from ...), shroud, indestructible,
# protection from ... (not "the color of your choice": that's a choice the user states).
_GRANTABLE = re.compile(
    r"^(?:hexproof(?: from .+)?|shroud|indestructible|protection from (?!the colou?r of).+)$"
)
# Veil of Summer: "Spells you control can't be countered this turn"; Autumn's Veil: "... by
# blue or black spells this turn". Kept on the player as a keyword-like line (CR 101.2).
_SPELLS_UNCOUNTERABLE = re.compile(
    r"\bspells you control can't be countered(?P<by> by (?:[a-z]+(?: or |, | and )?)+ spells)?",
    re.IGNORECASE,
)
_UNCOUNTERABLE_WORDS = "spells can't be countered"
# Skullcrack: "Players can't gain life this turn"; "Your opponents can't gain life this turn"
# (Tainted Remedy's kin): kept on each player it reaches (CR 101.2, 119.7).
_NO_LIFE_GAIN_THIS_TURN = re.compile(
    r"\b(?P<who>players|your opponents|each opponent) can't gain life this turn\b",
    re.IGNORECASE,
)
_GROUP_PHASES = re.compile(
    r"^(?:all )?(?P<what>permanents|creatures|other creatures) you control phase out\.?$",
    re.IGNORECASE,
)
_PLURAL = {
    "permanents": None,
    "creatures": "creature",
    "artifacts": "artifact",
    "planeswalkers": "planeswalker",
    "lands": "land",
}


def group_grants(state: GameState, controller: str, text: str) -> GameState | None:
    """The state after the untargeted grant or phasing ``text`` describes for ``controller``
    and what they control, or None when ``text`` isn't one (or gives what isn't tracked)."""
    text = text.strip()
    if phasing := _GROUP_PHASES.match(text):
        return _phase_out_group(state, controller, phasing["what"].lower())
    match = _GROUP_GAINS.match(text)
    if match is None or not state.has_player(controller):
        return None
    keywords = _keywords(match["what"])
    if not keywords:
        return None
    who = match["who"].lower()
    if who == "you" or match["also_you"]:
        # CR 702.11c, 702.16j: a player can have hexproof or protection.
        player = state.player(controller)
        for_player = frozenset(k for k in keywords if k != "indestructible")
        if lasts_this_turn(text):  # Veil of Summer: ends at a later turn (CR 514.2)
            state = player_gaining_this_turn(state, controller, for_player)
        else:
            state = state.with_player(replace(player, keywords=player.keywords | for_player))
    if who != "you":
        colour = (match["colour"] or "").lower()
        if colour:
            who = who.replace(f"{colour} ", "", 1)
        for obj in _controlled(state, controller, who):
            if colour and colour not in obj.colors:
                continue  # Brave the Elements: "White creatures you control"
            # With its timestamp: a Humility older than it leaves it (CR 613.7); "until end
            # of turn" ends with "It is a later turn." (514.2).
            if lasts_this_turn(text):
                state = gaining_this_turn(state, obj.id, keywords)
            else:
                state = state.with_object(gaining(obj, keywords, state.next_id))
    return state


def with_spells_protected(state: GameState, controller: str, text: str) -> GameState:
    """Veil of Summer, Autumn's Veil: ``controller``'s spells can't be countered (by blue or
    black spells) this turn (CR 101.2), until "It is a later turn." (514.2)."""
    found = _SPELLS_UNCOUNTERABLE.search(text)
    if found is None or not state.has_player(controller):
        return state
    line = _UNCOUNTERABLE_WORDS + (found["by"] or "").lower()
    # "... this turn": ended by a later turn's cleanup step (CR 514.2).
    return player_gaining_this_turn(state, controller, {line})


def with_life_gain_barred(state: GameState, controller: str, text: str) -> GameState:
    """Skullcrack's "Players can't gain life this turn" (``controller``'s opponents only for
    "Your opponents ..."): each player it reaches can't gain life until "It is a later turn."
    (CR 101.2, 119.7, 514.2)."""
    found = _NO_LIFE_GAIN_THIS_TURN.search(text)
    if found is None:
        return state
    everyone = found["who"].lower() == "players"
    for name in state.player_names:
        if everyone or name.casefold() != controller.casefold():
            player = state.player(name)
            state = state.with_player(replace(player, keywords=player.keywords | {CANT_GAIN_LIFE}))
    return state


def spells_protected(player: Player, by: GameObject | None) -> bool:
    """Whether ``player``'s spells can't be countered by ``by`` (a spell, or an ability) now
    (Veil of Summer: by anything; Autumn's Veil: by blue or black spells)."""
    for line in player.keywords:
        if not line.startswith(_UNCOUNTERABLE_WORDS):
            continue
        limit = line[len(_UNCOUNTERABLE_WORDS) :].strip()
        if not limit:
            return True
        if by is None or by.kind is not ObjectKind.SPELL or not limit.endswith("spells"):
            continue
        colours = set(re.findall(r"[a-z]+", limit.removeprefix("by").removesuffix("spells")))
        if colours & by.colors:
            return True
    return False


def _keywords(what: str) -> frozenset[str]:
    """ "hexproof and indestructible" -> both; "hexproof from blue and from black" -> two
    (CR 702.11f); anything not trackable -> none."""
    what = what.lower().strip().rstrip(".")
    pieces = [what] if re.match(r"(?:hexproof|protection) from ", what) else what.split(" and ")
    found: set[str] = set()
    for piece in pieces:
        for keyword in split_keyword_text(piece):
            if not _GRANTABLE.match(keyword):
                return frozenset()
            found.add(keyword)
    return frozenset(found)


def _controlled(state: GameState, controller: str, who: str) -> list[GameObject]:
    kind = _PLURAL.get(who.removeprefix("other ").removeprefix("all ").split(" ")[0])
    return [
        obj
        for obj in state.zone_objects(Zone.BATTLEFIELD)
        if obj.controller.casefold() == controller.casefold()
        and not obj.phased_out
        and (kind is None or kind in obj.card_types)
    ]


def _phase_out_group(state: GameState, controller: str, what: str) -> GameState:
    """CR 702.26b: "All permanents you control phase out" (Teferi's Protection); the Auras and
    Equipment attached to them phase out with them (702.26g)."""
    who = "permanents you control" if what == "permanents" else f"{what} you control"
    for obj in _controlled(state, controller, who):
        state = state.with_phased(obj.id, out=True)
    return state
