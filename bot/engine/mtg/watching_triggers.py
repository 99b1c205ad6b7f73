"""Abilities of permanents that trigger when another permanent enters or dies: "Whenever
another creature enters, you gain 1 life." (Soul Warden), "Whenever a creature you control
enters, ..." (Impact Tremors), "Whenever Blood Artist or another creature dies, ..." (Blood
Artist), "Whenever a creature an opponent controls dies, ..." (Massacre Wurm's kin),
"Whenever equipped creature dies, draw two cards." (Skullclamp).

A triggered ability triggers when its trigger event happens (CR 603.2). An "enters" ability
sees each permanent that enters, one entering at the same time as it included (603.6a); a
"dies" ability looks back in time: it is the permanents on the battlefield just before the
event, dying ones included, whose abilities trigger, each judged as it last existed there
(603.10a). "Another" leaves its own permanent out. Whether the permanent fits is read with
the description reader targets use.
"""

from __future__ import annotations

import re

from bot.engine.model import GameObject, Zone
from bot.engine.mtg.legality import Targeting
from bot.engine.mtg.phrase_target import description_from
from bot.engine.mtg.phrase_vocab import ABILITY_WORD_PREFIX
from bot.engine.mtg.state import GameState
from bot.engine.mtg.statics import as_seen

# "Whenever equipped creature dies, draw two cards." (Skullclamp) / "When enchanted creature
# dies, ..." (an Aura): the permanent it was attached to just before (603.10a).
_WATCHES = re.compile(
    rf"^(?:{ABILITY_WORD_PREFIX})?(?:whenever|when(?= (?:equipped|enchanted) creature dies)) "
    r"(?:(?P<itself>[^,]+?) or )?"
    r"(?P<what>(?:another|an?|one or more(?: other)?) [^,]+?|"
    r"(?P<attached>equipped|enchanted) creature) "
    r"(?P<event>enters?(?: the battlefield)?(?P<yours> under your control)?|dies|die|"
    r"(?:is|are) put into (?:a|your|an opponent's) graveyard from the battlefield)\s*,"
    r"(?P<rest>.*)$",
    re.IGNORECASE | re.DOTALL,
)
# "Whenever you sacrifice a permanent" (Korvold, Fae-Cursed King), "Whenever a player
# sacrifices a permanent" (Mayhem Devil): a player sacrifices only their own (701.21a).
_WATCHES_SACRIFICE = re.compile(
    rf"^(?:{ABILITY_WORD_PREFIX})?whenever (?P<who>you|a player|an opponent) sacrifices? "
    r"(?P<what>(?:another|an?|one or more(?: other)?) [^,]+?)\s*,(?P<rest>.*)$",
    re.IGNORECASE | re.DOTALL,
)
# An intervening "if" (603.4) the bot doesn't weigh: the ability isn't announced.
_INTERVENING_IF = re.compile(r"^\s*if\b", re.IGNORECASE)


def watched_effect(text: str) -> str | None:
    """The effect of a "Whenever [another] creature enters/dies, ..." ability ("that player
    loses 2 life"), or None if the text isn't one."""
    found = _WATCHES.match(text.strip()) or _WATCHES_SACRIFICE.match(text.strip())
    return found["rest"].strip().rstrip(".") if found is not None else None


def triggers_on(
    state: GameState, watcher: GameObject, text: str, subject: GameObject, event: str
) -> bool:
    """Whether ``watcher``'s ability ``text`` triggers because ``subject`` entered the
    battlefield (``event`` "enters") or died ("dies"), judged on ``state`` (for "dies", the
    state just before: 603.10a). False when it doesn't, or when the bot can't tell (an
    intervening "if", a description word it can't check): it is then not announced."""
    if event == "sacrificed":
        return _sees_sacrifice(state, watcher, text, subject)
    found = _WATCHES.match(text.strip())
    if found is None or _INTERVENING_IF.match(found["rest"]):
        return False
    happened = found["event"].lower()
    if (event == "enters") != happened.startswith("enter"):
        return False
    if found["attached"]:
        # Skullclamp: "equipped creature" is the one it was attached to just before the
        # death, as leaves-the-battlefield abilities look back in time (603.10a).
        return watcher.attached_to is not None and watcher.attached_to == subject.id
    if subject.id == watcher.id and found["itself"]:
        return True  # "Whenever Blood Artist or another creature dies"
    if found["yours"] and subject.controller != watcher.controller:
        return False
    return _described(state, watcher, found["what"], subject)


def entering_subject(state: GameState, watcher: GameObject, text: str) -> int | None:
    """The permanent whose entering triggered ``watcher``'s "Whenever a creature you control
    enters, it deals damage ..." ability ``text`` as it goes on the stack: the newest one that
    entered during the scenario and fits its words, leaving out those an instance of the same
    ability on the stack is already for (each entering triggers it once, 603.2c; all go on the
    stack before a player gets priority, 603.3). None if none is seen."""
    if not (found := _WATCHES.match(text.strip())) or not found["event"].lower().startswith("en"):
        return None
    claimed = {
        entry.triggered_by
        for entry in state.stack
        if entry.source_id == watcher.id and entry.spec.text == text
    }
    return max(
        (
            obj.id
            for obj in state.zone_objects(Zone.BATTLEFIELD)
            if obj.id in state.new_to_control
            and obj.id not in claimed
            and not obj.phased_out
            and triggers_on(state, watcher, text, obj, "enters")
        ),
        default=None,
    )


def _sees_sacrifice(
    state: GameState, watcher: GameObject, text: str, sacrificed: GameObject
) -> bool:
    """Whether ``watcher``'s "Whenever you/a player sacrifices ..." ability triggers for
    ``sacrificed`` (as it last existed), sacrificed by its controller (701.21a)."""
    found = _WATCHES_SACRIFICE.match(text.strip())
    if found is None or _INTERVENING_IF.match(found["rest"]):
        return False
    who = found["who"].lower()
    yours = sacrificed.controller == watcher.controller
    if (who == "you" and not yours) or (who == "an opponent" and yours):
        return False
    return _described(state, watcher, found["what"], sacrificed)


def _described(state: GameState, watcher: GameObject, what: str, subject: GameObject) -> bool:
    """Whether ``subject`` is what the watcher's words describe ("another creature you
    control", "a nontoken creature"): "another" leaves the watcher out, and "you" is its
    controller; False for words the description reader can't check."""
    what = what.lower()
    if what.startswith(("another", "one or more other")) and subject.id == watcher.id:
        return False
    phrase = re.sub(r"^(?:another|an?|one or more(?: other)?) ", "", what)
    description = description_from(f"target {phrase}")
    if description is None or description.unchecked:
        return False
    context = Targeting(
        controller=watcher.controller, is_spell=False, source=watcher, source_id=watcher.id
    ).context(state)
    return description.matches(as_seen(state, subject), context)
