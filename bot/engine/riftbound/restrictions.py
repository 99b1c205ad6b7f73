"""Restrictions: what passive abilities on the board and resolved spells forbid ("can't",
"only").

A forbidding ability beats one that allows (054.1), and an instruction that can't be followed
is ignored (359.3.e.6).  The shapes read here, from the card data:

- moves: Vilemaw's Lair's "Units can't move from here to base.", Minotaur Reckoner's "Units
  can't move to base.", Determined Sentry's "I can't move to base." (a recall is not a move
  and is never stopped by them, 451.3);
- readies: Maduli the Gatekeeper's "I can't be readied.", Mageseeker Warden's "While I'm at a
  battlefield, spells and abilities can't ready enemy units and gear.";
- points from a conquer or hold: Tianna Crownguard's "While I'm at a battlefield, opponents
  can't gain points.";
- play locations: Rockfall Path's "Units can't be played here.", Mageseeker Warden's "While
  I'm at a battlefield, opponents can only play units to their base.";
- plays for the rest of the turn, set up by a resolved spell or ability: Lilting Lullaby's
  "Its controller can't play spells this turn.", Brynhir Thundersong's "opponents can't play
  cards this turn." (kept on the state; the bot takes a scenario or saved game as one turn).

Any other "can't"/"only" passive on the board is named by ``unchecked_restrictions`` so an
answer can say the bot doesn't check it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from bot.engine.riftbound.model import RbKind, RbObject, RbZone
from bot.engine.riftbound.state import BASE, RbState, passive_board

_REMINDER = re.compile(r"\([^)]*\)")
_SENTENCE = re.compile(r"(?<=[.!])\s+|\n+")
_WHILE_AT_BATTLEFIELD = re.compile(r"^while i['’]m at a battlefield,\s*", re.I)

_NO_MOVE_TO_BASE = re.compile(
    r"^(?P<who>units|i) can['’]t move (?P<here>from here )?to base\.?$", re.I
)
_CANT_BE_READIED = re.compile(r"^i can['’]t be readied\.?$", re.I)
_CANT_READY_ENEMIES = re.compile(
    r"^spells and abilities can['’]t ready enemy units(?: and gear)?\.?$", re.I
)
_NOT_PLAYED_HERE = re.compile(r"^units can['’]t be played here\.?$", re.I)
_OPPONENTS_ONLY_TO_BASE = re.compile(r"^opponents can only play units to their base\.?$", re.I)
# Tianna Crownguard (errata): "While I'm at a battlefield, opponents can't gain points."
_OPPONENTS_NO_POINTS = re.compile(r"^opponents can['’]t (?:gain|score) points\.?$", re.I)
# Any other sentence that forbids or limits: named, not checked.
_FORBIDS = re.compile(r"\bcan['’]t\b|\bcan only\b|\bonly (?:play|to)\b", re.I)
# Read elsewhere: "can't be chosen by enemy spells and abilities" (keywords.py), conditions
# on using an ability (377.2.b), and what a trigger sets up once it resolves.
_READ_ELSEWHERE = re.compile(
    r"can['’]t be chosen|use (?:this ability |my abilities )?only|^when|^whenever|^at the", re.I
)

# Vex, Apathetic: "They can't move it this turn." - what its trigger sets up on the unit.
CANT_MOVE_IT_THIS_TURN = re.compile(
    r"^(?P<who>they|its controller) can['’]t move (?:it|that unit) this turn\.?$", re.I
)
CANT_MOVE_IT_THIS_TURN_SAID = "They can't move it this turn."

# What a resolved spell or ability forbids for the rest of the turn.
CANT_PLAY_THIS_TURN = re.compile(
    r"^(?P<who>its controller|opponents|you) can['’]t play (?P<what>spells|cards) this turn\.?$",
    re.I,
)


@dataclass(frozen=True)
class Passive:
    """One sentence of a permanent's passive ability, and the permanent it is on."""

    source: RbObject
    sentence: str

    @property
    def quoted(self) -> str:
        """The sentence in quotes, without its full stop: “Units can't be played here”."""
        return f"“{self.sentence.rstrip('.')}”"


def _sentences(text: str) -> list[str]:
    plain = _REMINDER.sub("", text)
    return [s.strip() for s in _SENTENCE.split(plain) if s.strip()]


def _active(state: RbState) -> list[tuple[Passive, str]]:
    """Each passive sentence on the board whose condition holds now, with the sentence its
    condition is stripped from ("While I'm at a battlefield, ...")."""
    found = []
    for source, text in passive_board(state):
        for sentence in _sentences(text):
            body = sentence
            condition = _WHILE_AT_BATTLEFIELD.match(sentence)
            if condition is not None:
                if not source.at_battlefield:
                    continue
                body = sentence[condition.end() :]
            found.append((Passive(source, sentence), body))
    return found


def _here(source: RbObject) -> str:
    """The location "here" names: a battlefield's name, or ``BASE``."""
    if source.kind is RbKind.BATTLEFIELD:
        return source.name
    return source.location if source.zone is RbZone.BATTLEFIELD else BASE


def move_forbidden_by(
    state: RbState, unit: RbObject, destination: str, mover: str | None = None
) -> Passive | None:
    """The ability that forbids ``unit`` to move to ``destination`` (a battlefield's name or
    ``BASE``), or None (054.1).  ``mover`` is the player moving it (a spell's controller; its
    own controller for a standard move when None): Vex, Apathetic's "They can't move it this
    turn." forbids that player any move of it."""
    if unit.kind is not RbKind.UNIT:
        return None
    moved_by = mover or unit.controller
    for player, card in unit.cant_move:
        if player == moved_by:
            source = next((o for o in state.on_board() if o.name == card), unit)
            return Passive(replace(source, name=card), CANT_MOVE_IT_THIS_TURN_SAID)
    if destination != BASE:
        return None
    for passive, body in _active(state):
        match = _NO_MOVE_TO_BASE.match(body)
        if match is None:
            continue
        if match.group("who").lower() == "i" and passive.source.id != unit.id:
            continue
        if match.group("here") and not (
            unit.zone is RbZone.BATTLEFIELD and unit.location == _here(passive.source)
        ):
            continue
        return passive
    return None


def ready_forbidden_by(state: RbState, obj: RbObject) -> Passive | None:
    """The passive ability that forbids a spell or ability to ready ``obj``, or None."""
    for passive, body in _active(state):
        if _CANT_BE_READIED.match(body) and passive.source.id == obj.id:
            return passive
        if (
            _CANT_READY_ENEMIES.match(body)
            and obj.kind in (RbKind.UNIT, RbKind.GEAR)
            and obj.controller != passive.source.controller
        ):
            return passive
    return None


def play_location_forbidden_by(state: RbState, player: str, where: str) -> Passive | None:
    """The passive ability that forbids ``player`` to play a unit to ``where`` (a
    battlefield's name or ``BASE``), or None."""
    for passive, body in _active(state):
        if _NOT_PLAYED_HERE.match(body) and where != BASE and _here(passive.source) == where:
            return passive
        if (
            _OPPONENTS_ONLY_TO_BASE.match(body)
            and where != BASE
            and player != passive.source.controller
        ):
            return passive
    return None


def points_forbidden_by(state: RbState, player: str) -> Passive | None:
    """The passive ability that forbids ``player`` to gain points, or None: Tianna
    Crownguard's "While I'm at a battlefield, opponents can't gain points" (054.1)."""
    for passive, body in _active(state):
        if _OPPONENTS_NO_POINTS.match(body) and player != passive.source.controller:
            return passive
    return None


def play_forbidden_by(state: RbState, player: str, kind: RbKind) -> tuple[str, str] | None:
    """(what is forbidden, the card that forbade it) when a spell or ability resolved this
    turn says ``player`` can't play cards, or spells and ``kind`` is a spell; else None."""
    for who, what, source in state.cant_play:
        if who == player and (what == "cards" or kind is RbKind.SPELL):
            return what, source
    return None


def forbidden_players(
    who: str, controller: str, players: Sequence[str], it: Sequence[RbObject]
) -> list[str]:
    """The players "its controller", "opponents" or "you" names: ``it`` are the objects the
    instruction before acted on (the countered spell)."""
    word = who.lower()
    if word == "you":
        return [controller]
    if word == "opponents":
        return [p for p in players if p != controller]
    return list(dict.fromkeys(o.controller for o in it))


def unchecked_restrictions(state: RbState) -> list[Passive]:
    """The "can't"/"only" passive sentences on the board that the bot doesn't evaluate
    (Forgotten Monument's scoring).  Tianna Crownguard's "opponents can't gain points" is
    checked for a conquer or hold and for "score N points" a spell or ability gives (QA 55 W1)."""
    known = (
        _OPPONENTS_NO_POINTS,
        _NO_MOVE_TO_BASE,
        _CANT_BE_READIED,
        _CANT_READY_ENEMIES,
        _NOT_PLAYED_HERE,
        _OPPONENTS_ONLY_TO_BASE,
    )
    found = []
    for source, text in passive_board(state):
        for sentence in _sentences(text):
            body = _WHILE_AT_BATTLEFIELD.sub("", sentence)
            if (
                _FORBIDS.search(body)
                and not _READ_ELSEWHERE.search(body)
                # "They can't move it this turn." (Vex, Apathetic) is what a trigger does.
                and "this turn" not in body.lower()
                and not any(pattern.match(body) for pattern in known)
            ):
                found.append(Passive(source, sentence))
    return found


def unchecked_note(state: RbState) -> tuple[str, ...]:
    """A note naming each restriction on the board the bot doesn't check; () when none."""
    found = unchecked_restrictions(state)
    if not found:
        return ()
    named = "; ".join(f"{p.source.name}'s {p.quoted}" for p in found)
    return (f"Not checked by the bot: {named}. If it applies here, the answer may differ.",)
