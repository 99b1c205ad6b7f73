"""MTG's rules in one place: the RuleSet object, and the rules the engine cites by number.

``RULES`` names every rule the MTG engine may cite, so a verdict's numbers can be shown with a
title and tests can check that each cited rule exists in the Comprehensive Rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from bot.engine.verdict import Verdict

if TYPE_CHECKING:
    from bot.engine.mtg.game import MtgGame

RULES: Mapping[str, str] = MappingProxyType(
    {
        "115.1": "Targets are chosen objects or players, named by the word target",
        "115.2": "Only permanents are legal targets unless stated otherwise",
        "115.3": "One instance of target can't choose the same thing twice",
        "115.4": "Any target: creature, player, planeswalker or battle",
        "115.5": "A spell or ability can't target itself",
        "115.6": "Up to N targets allows zero",
        "115.7a": "Change the target(s): all or none, only to legal targets",
        "115.7b": "Change a target: exactly one",
        "115.7c": "Change any targets",
        "115.7d": "Choose new targets: unchanged ones may stay even if illegal",
        "115.7e": "Only the final set of targets is checked",
        "115.7f": "The division can't be changed",
        "115.8": "Changing targets doesn't change the mode",
        "115.9a": "With a single target counts target instances",
        "115.9b": "That targets: current state of the targets",
        "115.9c": "That targets only: different objects chosen",
        "115.10": "Affected is not targeted",
        "400.7": "An object that changes zones becomes a new object",
        "405.5": "The top object of the stack resolves first",
        "601.2b": "Modes and X are announced",
        "601.2c": "Targets are announced; every required target needs a legal choice",
        "601.2d": "Division is announced; at least 1 each",
        "602.2b": "Activating follows the casting steps",
        "603.3d": "A trigger with no legal targets is removed from the stack",
        "608.1": "Only the top spell or ability resolves",
        "608.2b": "Illegal targets on resolution; all illegal means it doesn't resolve",
        "700.2": "Modal spells",
        "700.2a": "A mode without legal targets can't be chosen",
        "700.2d": "The same mode can't be chosen twice",
        "702.11b": "Hexproof on a permanent",
        "702.11c": "Hexproof on a player",
        "702.11d": "Hexproof from a quality",
        "702.16b": "Protection: can't be targeted by things with the quality",
        "702.16j": "Protection from everything",
        "702.16k": "Protection from a player",
        "702.18a": "Shroud",
        "702.21a": "Ward triggers when targeted by an opponent",
        "702.26b": "A phased-out permanent is treated as though it doesn't exist",
        "707.10": "Copies copy modes, targets, X and division",
        "707.10c": "A copy may get new targets; only new ones must be legal",
        "732.1": "An illegal action is reversed",
    }
)


def explain(rules: tuple[str, ...]) -> str:
    """ "115.4 (Any target: ...); 608.2b (...)" for a reply footer."""
    return "; ".join(f"{rule} ({RULES[rule]})" if rule in RULES else rule for rule in rules)


class MtgRules:
    """The MTG ``RuleSet``: predicates delegated to the MTG engine facade."""

    game = "mtg"
    has_fizzle = True  # CR 608.2b

    def __init__(self, engine: MtgGame | None = None) -> None:
        if engine is None:
            from bot.engine.mtg.game import MtgGame

            engine = MtgGame()
        self.engine = engine

    def is_legal_target(
        self, state: Any, player: str, source: Any, candidate: int | str, *, slot: int = 0
    ) -> Verdict:
        return self.engine.is_legal_target(state, player, source, candidate, slot=slot)

    def legal_targets(self, state: Any, player: str, source: Any) -> Verdict:
        return self.engine.legal_targets(state, player, source)

    def can_cast(self, state: Any, player: str, card: Any) -> Verdict:
        return self.engine.can_cast(state, player, card)

    def resolve(self, state: Any) -> tuple[Any, Verdict]:
        return self.engine.resolve_top(state)

    def does_target(self, text: str) -> Verdict:
        return self.engine.does_target(text)
