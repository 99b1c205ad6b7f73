"""Ward, a triggered ability (CR 702.21a): "Whenever this permanent becomes the target of a spell
or ability an opponent controls, counter that spell or ability unless that player pays [cost]."

A permanent becomes a target when a spell is cast, an ability activated or put on the stack,
a copy put on the stack, or targets are changed (CR 601.2c, 115.7, 707.10c).  Each ward ability
of each such permanent triggers once (CR 603.2c) and is put on the stack the next time a player
would receive priority (CR 603.3), so above the spell or ability that targeted.  The trigger
doesn't target (CR 115.10): its "that spell or ability" is remembered in
``StackEntry.refers_to``, with the cost and the player who may pay it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from bot.engine.model import GameObject, Zone
from bot.engine.mtg.hexproof_bypass import ward_suppressed
from bot.engine.mtg.state import (
    GameState,
    StackEntry,
    TargetRef,
    one_effect_trigger,
    push_trigger,
)
from bot.engine.mtg.statics import abilities_kept, loses_all_abilities, rules_text_lost_to

WARD_RULES = ("702.21a", "603.3")
_TRIGGER_EVENT = (
    "Whenever this permanent becomes the target of a spell or ability an opponent controls"
)


def ward_costs(keywords: Iterable[str]) -> tuple[str, ...]:
    """The cost of each ward ability among ``keywords``, in a fixed order: "ward {2}" -> "{2}",
    "ward—pay 3 life" -> "pay 3 life".  A bare "ward" (a keyword the card data lists whose
    cost is on its own line) only counts when no ward with a cost is there."""
    if isinstance(keywords, frozenset):
        return _known_ward_costs(keywords)  # every target check asks (issue 14)
    return _ward_costs(keywords)


@functools.lru_cache(maxsize=1024)
def _known_ward_costs(keywords: frozenset[str]) -> tuple[str, ...]:
    return _ward_costs(keywords)


def _ward_costs(keywords: Iterable[str]) -> tuple[str, ...]:
    costs = sorted(
        keyword[len("ward") :].strip(" —-")
        for keyword in keywords
        if keyword == "ward" or keyword.startswith(("ward ", "ward—", "ward-"))
    )
    priced = tuple(cost for cost in costs if cost)
    return priced or tuple(costs)


def ward_name(cost: str) -> str:
    """ "ward {2}", "ward—pay 3 life", as Oracle writes the keyword."""
    if not cost:
        return "ward"
    mana_only = re.fullmatch(r"(?:\{[^}]+\})+|\d+", cost)  # "ward—{2}, pay 2 life" keeps its dash
    return f"ward {cost}" if mana_only else f"ward—{cost}"


# Where a cost of several parts splits: "{2}, Pay 2 life" (Captain Howler), but not the list
# in "Discard an enchantment, instant, or sorcery card".
_PART_BREAK = re.compile(r",\s*(?=pay\b|sacrifice\b|discard\b|\{|\d)", re.IGNORECASE)


def cost_parts(cost: str) -> tuple[str, ...]:
    """The parts of a cost, each paid in full (CR 118.3): "{2}, pay 2 life" -> "{2}",
    "pay 2 life"."""
    return tuple(part.strip().rstrip(".") for part in _PART_BREAK.split(cost) if part.strip())


def _is_mana(part: str) -> bool:
    return part.startswith("{") or part[:1].isdigit()


def _actions(cost: str) -> list[tuple[str, str]]:
    """Each part as (verb, what), parts with the same verb joined: "{2}, pay 2 life" ->
    [("pay", "{2} and 2 life")], "sacrifice a creature" -> [("sacrifice", "a creature")]."""
    actions: list[tuple[str, str]] = []
    for part in cost_parts(cost):
        part = re.sub(r"^you ", "", part, flags=re.IGNORECASE)  # "You get two poison counters"
        if part.lower().startswith("pay "):
            verb, what = "pay", part[4:]
        elif _is_mana(part):
            verb, what = "pay", part
        else:
            head, _, what = part.partition(" ")
            verb = head.lower()
        if actions and actions[-1][0] == verb:
            actions[-1] = (verb, f"{actions[-1][1]} and {what}")
        else:
            actions.append((verb, what))
    return actions


def pays_phrase(player: str, cost: str) -> str:
    """ "Bob pays {2}", "Bob pays {2} and 2 life", "Bob discards a card" (the ward cost as an
    action)."""
    if not cost:
        return f"{player} pays the ward cost"
    done = " and ".join(f"{verb}s {what}".rstrip() for verb, what in _actions(cost))
    return f"{player} {done}"


def declines_phrase(player: str, cost: str) -> str:
    """ "Bob doesn't pay {2}", "Bob doesn't pay 3 life", "Bob doesn't discard a card"."""
    if not cost:
        return f"{player} doesn't pay the ward cost"
    undone = " and ".join(f"{verb} {what}".rstrip() for verb, what in _actions(cost))
    return f"{player} doesn't {undone}"


def cost_text(cost: str) -> str:
    """The cost as a thing paid: "{2}", "3 life" (for "pay 3 life"), "discard a card"."""
    if not cost:
        return "the ward cost"
    return " and ".join(
        what if verb == "pay" else f"{verb} {what}" for verb, what in _actions(cost)
    )


def life_payment(cost: str) -> int | None:
    """The life a "pay N life" cost asks for (CR 119.4), if it is one."""
    match = re.fullmatch(r"pay (\d+) life\.?", cost.strip(), re.IGNORECASE)
    return int(match.group(1)) if match else None


def same_cost(said: str, cost: str) -> bool:
    """Whether the cost a player said they pay is the trigger's: "{2}", "2", "2 mana" and
    "pays 3 life" / "3 life" are read loosely."""

    def key(text: str) -> str:
        low = " ".join(text.lower().strip().rstrip(".").split())
        low = re.sub(r"^pays? ", "", low).removesuffix(" mana")
        if re.fullmatch(r"\d+", low):
            low = "{" + low + "}"
        return low.replace(" ", "")

    return key(said) in (key(cost), key(cost_text(cost)))


def ward_text(cost: str) -> str:
    return (
        f"Ward {cost or '[cost]'} ({_TRIGGER_EVENT}, counter that spell or ability unless that "
        f"player pays {cost or 'the ward cost'}.)"
    )


def ward_triggers(
    state: GameState, entry: StackEntry, refs: Iterable[TargetRef]
) -> tuple[GameState, tuple[StackEntry, ...]]:
    """Put ward triggers on the stack for the permanents in ``refs`` that just became targets
    of ``entry`` (CR 702.21a, 603.3): one per ward ability of each permanent an opponent of
    ``entry``'s controller controls, in target order.  (CR 603.3b orders triggers of different
    players by APNAP; the active player isn't modelled, so target order stands in for it.)"""
    made: list[StackEntry] = []
    seen: set[int] = set()
    for ref in refs:
        if not isinstance(ref, int) or ref in seen:
            continue
        seen.add(ref)  # CR 603.2c: becoming a target of one spell is one event
        obj = state.objects.get(ref)
        if obj is None or obj.zone is not Zone.BATTLEFIELD or obj.phased_out:
            continue
        if obj.controller == entry.controller:
            continue  # CR 702.21a: only a spell or ability an opponent controls
        if ward_suppressed(state, obj):
            continue  # Nowhere to Run: "Ward abilities of those creatures don't trigger."
        keywords = state.keywords_of(ref)
        if not obj.abilities_lost and loses_all_abilities(state, obj):
            # Humility, Lignify, Darksteel Mutation: its ward is gone with its other abilities
            # (layer 6, 613.1f) unless gained after them (613.7), as targeting reads it (QA 28).
            keywords = abilities_kept(state, obj)
        elif rules_text_lost_to(state, obj):
            # Song of the Dryads: only what effects gave it is left (305.7).
            keywords = abilities_kept(state, obj) | state.granted_keywords.get(ref, frozenset())
        for cost in ward_costs(keywords):
            state, trigger = _put_on_stack(state, obj, entry, cost)
            made.append(trigger)
    return state, tuple(made)


def _put_on_stack(
    state: GameState, source: GameObject, entry: StackEntry, cost: str
) -> tuple[GameState, StackEntry]:
    """CR 603.3, 603.3a: the trigger goes on top, controlled by the warded permanent's
    controller, with its source; it has no targets (CR 115.10)."""
    text = ward_text(cost)
    spec = one_effect_trigger(text, text, keyword="ward", rule="702.21a", trigger=_TRIGGER_EVENT)
    return push_trigger(
        state,
        source,
        source.controller,
        f"{source.name}'s ward trigger",
        spec,
        text,
        refers_to=entry.object_id,
        unless_cost=cost,
        unless_payer=entry.controller,
    )


def ward_note(state: GameState, trigger: StackEntry) -> str:
    """What triggered and what it will do, for the verdict of the action that targeted."""
    source = state.label(trigger.source_id) if trigger.source_id is not None else "A permanent"
    what = stack_name(state, trigger.refers_to) if trigger.refers_to is not None else "it"
    return (
        f"{source} has {ward_name(trigger.unless_cost)}, so ward triggered: {trigger.name} "
        f"(#{trigger.object_id}) is "
        f"now on the stack above {what} and counters it unless "
        f"{pays_phrase(trigger.unless_payer, trigger.unless_cost)} ({', '.join(WARD_RULES)})."
    )


def stack_name(state: GameState, object_id: int) -> str:
    """A spell or ability as the stack names it ("copy of Lightning Bolt"), else its label."""
    entry = state.stack_entry_or_none(object_id)
    return entry.name if entry is not None else state.label(object_id)


def ward_notes(state: GameState, triggers: Iterable[StackEntry]) -> tuple[str, ...]:
    return tuple(ward_note(state, trigger) for trigger in triggers)


def would_trigger(text: str) -> str:
    """A ward note of an action that is only asked about ("Can Bob cast ...?"): the trigger
    isn't on any stack, so it is said in the conditional."""
    return re.sub(
        r"so ward triggered: (.+?) \(#\d+\) is now on the stack above (.+?) and counters it",
        r"so ward would trigger: \1 would go on the stack above \2 and counter it",
        text,
    )
