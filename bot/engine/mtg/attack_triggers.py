"""What triggers when a creature is declared as an attacker: "Whenever Korvold enters or
attacks, sacrifice another permanent.", "Whenever Anafenza attacks, put a +1/+1 counter on
another target tapped creature you control.", "Whenever equipped creature attacks, ...",
"Whenever a creature you control attacks, ...", annihilator (702.86a).

CR 508.3a: "An ability that reads 'Whenever [a creature] attacks, ...' triggers if that creature
is declared as an attacker."  Each goes on the stack the next time a player would receive
priority (508.2, 603.3); one whose effect targets waits for its targets (603.3d).  Wordings the
bot doesn't follow ("attacks alone", "for the first time each turn", "Whenever you attack",
an "if" condition) are named in a note, never silently dropped.
"""

from __future__ import annotations

import re

from bot.engine.frozen import evolve
from bot.engine.model import GameObject, Zone
from bot.engine.mtg.cast_triggers import effect_for_event
from bot.engine.mtg.combat import player_attacked
from bot.engine.mtg.legality import with_granted_keywords
from bot.engine.mtg.oracle_blocks import refers_to_itself
from bot.engine.mtg.state import GameState, TargetRef, push_line_trigger
from bot.engine.mtg.statics import loses_all_abilities, rules_text_lost_to
from bot.engine.mtg.trigger_order import order_note
from bot.engine.mtg.waiting_triggers import wait_for_targets
from bot.engine.requirements import AbilityKind

KEYWORD = "attack trigger"
RULES = ("508.3a", "603.2", "603.3")

_REMINDER = re.compile(r"\s*\([^)]*\)")
_LINE = re.compile(
    r"^(?:[a-z' ]+ — )?(?:when|whenever) (?P<who>[^,]+?) (?:enters or attacks|attacks or "
    r"blocks|attacks)(?P<rest> [^,]+)?, (?P<effect>.+?)\.?$",
    re.IGNORECASE,
)
# "Whenever you attack" (once for the whole declaration) and "attacks alone": said, not put.
_UNFOLLOWED = re.compile(
    r"^(?:[a-z' ]+ — )?(?:when|whenever) (?:you attack|[^,]+? attacks? alone)\b", re.IGNORECASE
)
_ANNIHILATOR = re.compile(r"^annihilator (?P<n>\d+)$", re.IGNORECASE)


def attack_triggers(
    state: GameState, attacker_id: int, attacked: TargetRef | None
) -> tuple[GameState, list[str]]:
    """``state`` with the abilities that trigger because ``attacker_id`` was declared as an
    attacker (CR 508.3a) put on the stack (untargeted) or waiting for their targets (603.3d),
    and a note for each (and for each the bot can't follow)."""
    attacker = state.obj(attacker_id)
    notes: list[str] = []
    stacked_before = len(state.stack)
    for holder in state.zone_objects(Zone.BATTLEFIELD):
        if holder.phased_out or loses_all_abilities(state, holder):
            continue  # no abilities, so nothing triggers (613.1f, 702.26b)
        printed = [] if rules_text_lost_to(state, holder) else holder.oracle_text.splitlines()
        lines = [(line, KEYWORD) for line in printed]
        if holder.id == attacker.id:
            # Keyword triggers first, lower on the stack: Hero of Bladehold's tokens are made
            # before its battle cry resolves, the order players choose (603.3b). Each keeps
            # its keyword's name: "Hero of Bladehold's battle cry trigger" (QA 56 U1).
            lines = [*_keyword_lines(state, holder, attacked), *lines]
        for raw, keyword in lines:
            line = _REMINDER.sub("", raw).strip()
            if _UNFOLLOWED.match(line) and holder.controller == attacker.controller:
                notes.append(
                    f"{holder.name}'s “{line}” may trigger on this attack (508.3a); the bot "
                    "doesn't follow its wording, so it puts no trigger on the stack: say what it "
                    "does"
                )
                continue
            found = _LINE.match(line)
            if found is None or not _is_the_attacker(found["who"], holder, attacker):
                continue
            state, note = _triggered(state, holder, attacker, line, found, attacked, keyword)
            notes.append(note)
    state, order = _order_declared_together(state, stacked_before, attacker.controller)
    if order:
        notes.append(order)
    return state, notes


def _order_declared_together(
    state: GameState, stacked_before: int, attacking_player: str
) -> tuple[GameState, str]:
    """CR 603.3b: a player whose several abilities triggered at once puts them on the stack in
    any order they choose; the bot takes one and says which, and that it is the player's choice
    (QA 54 M6: Hero of Bladehold's two triggers). The attacking player's triggers from this
    declaration of attackers are ordered together, whichever attacker they came from (QA 56
    M10: Hero of Bladehold with Signal Pest): battle cry under the others, so it resolves last
    and pumps the tokens they make."""
    said = []
    pushed = state.stack[stacked_before:]
    for controller in dict.fromkeys(entry.controller for entry in pushed):
        start = stacked_before
        if controller == attacking_player and state.stack[-1].controller == controller:
            start = _declared_run_start(state, controller)
        own = [entry for entry in state.stack[start:] if entry.controller == controller]
        if len(own) < 2:
            continue
        if start < stacked_before:
            # Stable: battle cry first (lowest), the others as they triggered.
            own = sorted(own, key=lambda entry: entry.spec.keyword != "battle cry")
            state = evolve(state, stack=(*state.stack[:start], *own))
        said.append(order_note(state, controller, own))
    return state, "; ".join(said)


def _declared_run_start(state: GameState, controller: str) -> int:
    """Where the run of ``controller``'s attack triggers at the top of the stack begins: the
    triggers of the attackers declared so far in this declaration (CR 508.1, 508.3a)."""
    start = len(state.stack)
    while start > 0 and (
        (entry := state.stack[start - 1]).controller == controller
        and entry.spec.kind is AbilityKind.TRIGGERED
        and entry.spec.rule == "508.3a"
    ):
        start -= 1
    return start


def _keyword_lines(
    state: GameState, attacker: GameObject, attacked: TargetRef | None
) -> list[tuple[str, str]]:
    """Battle cry's and annihilator's triggers written out (CR 702.91a, 702.86a), "defending
    player" named when the attack says whom it attacks, each with its keyword."""
    lines = []
    keywords = with_granted_keywords(state, attacker).keywords
    if "battle cry" in keywords:
        # CR 702.91a.
        lines.append(
            (
                "Whenever this creature attacks, each other attacking creature gets +1/+0 until "
                "end of turn.",
                "battle cry",
            )
        )
    for keyword in keywords:
        if found := _ANNIHILATOR.match(keyword):
            n = int(found["n"])
            things = "a permanent" if n == 1 else f"{n} permanents"
            defender = player_attacked(state, attacked) or "defending player"
            lines.append(
                (f"Whenever this creature attacks, {defender} sacrifices {things}.", "annihilator")
            )
    return lines


def _is_the_attacker(who: str, holder: GameObject, attacker: GameObject) -> bool:
    """Whether the trigger's subject ("~", "this creature", "Korvold", "equipped creature",
    "a creature you control", "another creature you control") is the attacker."""
    words = who.strip().lower()
    if refers_to_itself(words, holder.name):
        return holder.id == attacker.id
    if words in ("equipped creature", "enchanted creature"):
        return holder.attached_to == attacker.id
    if words in ("a creature you control", "one of your creatures"):
        return holder.controller == attacker.controller
    if words == "another creature you control":
        return holder.controller == attacker.controller and holder.id != attacker.id
    return False


def _triggered(
    state: GameState,
    holder: GameObject,
    attacker: GameObject,
    line: str,
    found: re.Match[str],
    attacked: TargetRef | None,
    keyword: str = KEYWORD,
) -> tuple[GameState, str]:
    name = f"{holder.name}'s trigger"
    if found["rest"] or found["effect"].lower().startswith("if "):
        # "attacks for the first time each turn" (Aurelia), "attacks, if ..." conditions.
        return state, (
            f"{holder.name}'s “{line}” may trigger as {attacker.name} attacks (508.3a); the bot "
            "doesn't follow its condition, so it puts no trigger on the stack: say what it does"
        )
    defender = player_attacked(state, attacked)
    effect = effect_for_event(found["effect"], holder, defender or "", holder.controller)
    if defender:
        effect = re.sub(r"\bdefending player\b", defender, effect, flags=re.IGNORECASE)
    if re.search(r"\btargets?\b", effect, re.IGNORECASE):
        state = wait_for_targets(state, holder, line, f"{attacker.name} attacked")
        return state, (
            f"{holder.name}'s ability triggers as {attacker.name} attacks (“{line}”, 508.3a); its "
            f"targets are chosen as it goes on the stack: say “{name} targets …” (603.3d)"
        )
    state, pushed = push_line_trigger(state, holder, line, effect, keyword=keyword, rule="508.3a")
    return state, (
        f"{holder.name}'s ability triggers as {attacker.name} attacks (508.3a): {name} "
        f"(#{pushed.object_id}) is on the stack: “{effect}” (603.3)"
    )
