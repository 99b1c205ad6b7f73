"""The seam between games: what a rules variant (MTG, Riftbound) must answer.

The scenario layer talks to a ``RuleSet``; MTG's lives in ``bot/engine/mtg/rules.py``.  The
variants differ in substance, not just wording: Riftbound decides what a target is by rule
355.6 and has no fizzle (a spell with an illegal target still does what it can), so
``has_fizzle`` and ``resolve`` are part of the contract.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from bot.engine.verdict import Verdict


@runtime_checkable
class RuleSet(Protocol):
    """Rules predicates over a game's own state type (``state`` is that game's value)."""

    @property
    def game(self) -> str:
        """A short name: ``mtg`` or ``riftbound``."""
        ...

    @property
    def has_fizzle(self) -> bool:
        """True when a spell whose targets are all illegal doesn't resolve (MTG 608.2b)."""
        ...

    def is_legal_target(
        self, state: Any, player: str, source: Any, candidate: int | str, *, slot: int = 0
    ) -> Verdict: ...

    def legal_targets(self, state: Any, player: str, source: Any) -> Verdict: ...

    def can_cast(self, state: Any, player: str, card: Any) -> Verdict: ...

    def resolve(self, state: Any) -> tuple[Any, Verdict]: ...

    def does_target(self, text: str) -> Verdict: ...
