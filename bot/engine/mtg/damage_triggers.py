"""What triggers when a creature deals damage to a player: "Whenever this creature deals
combat damage to a player, ..." (Ninja of the Deep Hours), "Whenever equipped creature deals
combat damage to a player, ..." (the Swords), "Whenever one or more creatures you control deal
combat damage to a player, ..." (Coastal Piracy).

CR 603.2: an ability triggers when its trigger event happens; 603.3: it is put on the stack the
next time a player would receive priority.  The bot doesn't put these on the stack by itself
(their targets and "you may" choices are the user's): it says what triggered and how to go on,
as it does for dies triggers (``died_triggers``).
"""

from __future__ import annotations

import re

from bot.engine.model import GameObject, Zone
from bot.engine.mtg.state import GameState
from bot.engine.mtg.statics import loses_all_abilities
from bot.engine.mtg.waiting_triggers import wait_for_targets

# "Whenever this creature deals combat damage to a player or battle, ..." and the like: who
# deals it (``who``), whether it must be combat damage, and to whom.
_DAMAGE_TRIGGER = re.compile(
    r"^(?:when|whenever) (?P<who>this creature|~|equipped creature|enchanted creature"
    r"|(?:a|another) creature you control|one or more creatures you control|[^,]*?) "
    r"deals? (?P<combat>combat )?damage to (?P<whom>a player|an opponent|one or more players"
    r"|a player or (?:a )?(?:planeswalker|battle)|an opponent or (?:a )?(?:planeswalker|battle)"
    r"|a player, planeswalker, or battle)\b[^,]*,",
    re.IGNORECASE,
)
_REMINDER = re.compile(r"\([^)]*\)")


def damage_trigger_notes(
    state: GameState, source_id: int, player: str, *, combat: bool
) -> tuple[GameState, tuple[str, ...], tuple[str, ...]]:
    """The abilities that trigger because ``source_id`` dealt damage to ``player`` (combat
    damage when ``combat``), each with what the user says next, and the rules cited (CR
    603.2, 603.3); ``state`` with those that target waiting for their targets (603.3d)."""
    source = state.obj(source_id)
    opponent = player != source.controller
    notes = []
    rules: tuple[str, ...] = ()
    for holder in _holders(state, source):
        if loses_all_abilities(state, holder):
            continue  # Humility, Lignify: no abilities to trigger (613.1f)
        for line in holder.oracle_text.splitlines():
            found = _DAMAGE_TRIGGER.match(_REMINDER.sub("", line).strip())
            if found is None or not _deals_it(found["who"], holder, source):
                continue
            if found["whom"].lower().startswith("an opponent") and not opponent:
                continue
            name = state.label(holder.id)
            if found["combat"] and not combat:
                # "combat damage": the statement didn't say combat (510.2).
                notes.append(
                    f"{name}'s “deals combat damage” ability triggers only on combat damage: "
                    "if this is, say “... deals N combat damage to ...”"
                )
                continue
            rules = ("603.2", "603.3")
            sentence = _REMINDER.sub("", line).strip()
            if re.search(r"\btargets?\b", sentence.split(",", 1)[-1], re.IGNORECASE):
                state = wait_for_targets(state, holder, sentence, f"{source.name} dealt damage")
            notes.append(
                f"{name}'s ability triggers (603.2): “{line.strip()}” It goes on the stack the "
                f"next time a player would receive priority (603.3): say “{name}'s trigger "
                "goes on the stack.” (with its targets, if it has any)"
            )
    return state, tuple(notes), rules


def _holders(state: GameState, source: GameObject) -> list[GameObject]:
    """The source, what is attached to it, and the other permanents its controller controls
    (for "a creature you control deals ..."), phased in on the battlefield."""
    return [
        obj
        for obj in state.zone_objects(Zone.BATTLEFIELD)
        if not obj.phased_out
        and (
            obj.id == source.id
            or obj.attached_to == source.id
            or obj.controller == source.controller
        )
    ]


def _deals_it(who: str, holder: GameObject, source: GameObject) -> bool:
    """Whether "who" in the holder's trigger is the source that dealt the damage."""
    who = who.lower()
    if who in ("this creature", "~") or who == holder.name.lower():
        return holder.id == source.id
    if who in ("equipped creature", "enchanted creature"):
        return holder.attached_to == source.id
    if who == "another creature you control":
        return holder.id != source.id and holder.controller == source.controller
    if who in ("a creature you control", "one or more creatures you control"):
        return holder.controller == source.controller
    return False
