"""Effects that let a player target as though hexproof were absent (CR 702.11e).

"Creatures your opponents control with hexproof can be the targets of spells and abilities you
control as though they didn't have hexproof" (Glaring Spotlight, Kaya, Bane of the Dead) is a
static ability of a permanent: it works while that permanent is on the battlefield (CR 611.3a).
Detection Tower's ability makes the same effect "until end of turn"; when it resolves, its
controller is marked with ``IGNORES_HEXPROOF`` for the rest of the scenario (the bot keeps no
turns).  Nowhere to Run adds "Ward abilities of those creatures don't trigger."  These effects
don't remove hexproof; they let the chooser ignore it (Glaring Spotlight's ruling).
"""

from __future__ import annotations

import re

from bot.engine.model import GameObject, Zone
from bot.engine.mtg.state import GameState, TargetRef

IGNORES_HEXPROOF = "targets opponents' hexproof objects this turn"

AS_THOUGH = re.compile(
    r"^(?P<until>until end of turn, )?(?P<subject>[^.]+?) can be the targets of spells and "
    r"abilities(?P<you> you control)? as though (?:they|it) didn't have hexproof\.",
    re.IGNORECASE | re.MULTILINE,
)
_NO_WARD = re.compile(r"ward abilities of those creatures don't trigger", re.IGNORECASE)


def hexproof_ignored(state: GameState, chooser: str, ref: TargetRef) -> str:
    """What lets ``chooser`` target ``ref`` as though it had no hexproof: the name of the
    permanent whose static ability says so, "an effect" for a resolved one, or ""."""
    owner = _controller(state, ref)
    if owner is None or owner == chooser:
        return ""
    if state.has_player(chooser) and IGNORES_HEXPROOF in state.player(chooser).keywords:
        return "an effect that resolved this turn"
    for source, match in _static_bypasses(state):
        if match["you"] and chooser != source.controller:
            continue
        if owner != source.controller and _covers(state, match["subject"], ref):
            return source.name
    return ""


def ward_suppressed(state: GameState, obj: GameObject) -> str:
    """The permanent whose text says the ward abilities of ``obj`` don't trigger (Nowhere to
    Run), or ""."""
    for source, match in _static_bypasses(state):
        if (
            _NO_WARD.search(source.oracle_text)
            and obj.controller != source.controller
            and _covers(state, match["subject"], obj.id)
        ):
            return source.name
    return ""


def _static_bypasses(state: GameState) -> tuple[tuple[GameObject, re.Match[str]], ...]:
    return state.of_battlefield(_read_static_bypasses)


def _read_static_bypasses(state: GameState) -> tuple[tuple[GameObject, re.Match[str]], ...]:
    """The static "as though they didn't have hexproof" abilities on the battlefield now."""
    found = []
    for source in state.zone_objects(Zone.BATTLEFIELD):
        if source.phased_out or "didn't have hexproof" not in source.oracle_text.replace("’", "'"):
            continue
        for match in AS_THOUGH.finditer(source.oracle_text.replace("’", "'")):
            if not match["until"]:
                found.append((source, match))
    return tuple(found)


def _covers(state: GameState, subject: str, ref: TargetRef) -> bool:
    """Does "[your opponents and] creatures/permanents your opponents control [with hexproof]"
    include ``ref`` (whose controller is already known to be an opponent)?"""
    words = subject.lower()
    if "your opponents control" not in words:
        return False
    if isinstance(ref, str):
        return words.startswith("your opponents and")
    obj = state.objects.get(ref)
    if obj is None:
        return False
    return "permanents" in words or "creature" in obj.card_types


def _controller(state: GameState, ref: TargetRef) -> str | None:
    if isinstance(ref, str):
        return ref
    obj = state.objects.get(ref)
    return obj.controller if obj is not None else None
