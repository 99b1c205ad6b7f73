"""Costs that rise because of what a spell or ability targets (Kopala, Boreal Elemental).

"Spells your opponents cast that target a Merfolk you control cost {2} more to cast" is a cost
increase (CR 601.2f: "Some effects may increase or reduce the cost to pay"), not a rule about
targets: the target stays legal, and its caster pays more.  The bot doesn't track mana, so it
says what the total cost includes rather than checking that it was paid.
"""

from __future__ import annotations

import re

from bot.engine.model import ObjectKind, Zone
from bot.engine.mtg.state import GameState, StackEntry
from bot.engine.patterns import remembered
from bot.engine.requirements import AbilityKind

_TAX = remembered(
    re.compile(
        r"^(?P<what>spells|abilities) your opponents (?:cast|activate) that target "
        r"(?:(?P<self>this [a-z]+|~)|an? (?P<kind>[a-z]+) you control) "
        r"cost (?P<cost>(?:\{[^}]+\})+) more to (?P<verb>cast|activate)\.",
        re.IGNORECASE,
    )
)


def targeting_taxes(state: GameState, entry: StackEntry) -> tuple[str, ...]:
    """A note for each permanent whose "... that target ... cost {N} more" applies to
    ``entry``: a spell or an activated ability (not a triggered one: Kopala ruling
    2017-09-29) of an opponent of that permanent's controller.  Once per ability however many
    of its objects are targeted (ruling 2017-09-29: "cost only {2} more")."""
    spell = entry.spec.kind is AbilityKind.SPELL
    kind = state.obj(entry.object_id).kind
    if not spell and kind is not ObjectKind.ACTIVATED_ABILITY:
        return ()
    targeted = [
        state.objects[ref]
        for chosen in entry.targets
        for ref in chosen.refs
        if isinstance(ref, int) and ref in state.objects
    ]
    notes: list[str] = []
    for permanent in state.zone_objects(Zone.BATTLEFIELD):
        if permanent.controller == entry.controller:
            continue
        for line in permanent.oracle_text.splitlines():
            match = _TAX.match(line.strip())
            if match is None or (match["what"].lower() == "spells") != spell:
                continue
            hit = next(
                (
                    obj
                    for obj in targeted
                    if obj.zone is Zone.BATTLEFIELD
                    and (
                        obj.id == permanent.id
                        if match["self"]
                        else obj.controller == permanent.controller
                        and match["kind"].lower()
                        in {t.lower() for t in (*obj.card_types, *obj.subtypes)}
                    )
                ),
                None,
            )
            if hit is None:
                continue
            whose = "" if match["self"] else f", a {match['kind']} {permanent.controller} controls"
            notes.append(
                f"{permanent.name} makes {entry.name} cost {match['cost']} more to "
                f"{match['verb'].lower()}, because it targets {hit.name}{whose} "
                "(a cost increase, not a targeting rule: the target is legal; 601.2f)"
            )
    return tuple(notes)
