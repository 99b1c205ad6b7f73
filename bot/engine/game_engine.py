"""The seam between games: what each game's engine facade answers (``MtgGame``,
``RiftboundGame``), so the scenario executors, the board and the games layer are written once.

The games differ in substance, not just wording: Riftbound decides what a target is by rule
355.6 and has no fizzle (a spell with an illegal target still does what it can, 359.3.e.1), so
``has_fizzle`` is part of the contract.  Each facade takes its own state, card and target
values; the protocol names what they have in common.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from bot.engine.verdict import Verdict

StateT = TypeVar("StateT")


class GameEngine(Protocol[StateT]):
    """A game's rules over its own immutable state: every change returns a new state and the
    verdict explaining it; every question returns a verdict citing the rules that decided."""

    @property
    def game(self) -> str:
        """A short name: ``mtg`` or ``riftbound``."""
        ...

    @property
    def has_fizzle(self) -> bool:
        """True when a spell whose targets are all illegal doesn't resolve (CR 608.2b)."""
        ...

    def new_game(self, players: Sequence[str] = ()) -> StateT: ...

    def add_player(self, state: StateT, name: str) -> tuple[StateT, Verdict]: ...

    def add_permanent(self, state: StateT, controller: str, card: Any) -> tuple[StateT, Verdict]:
        """``card`` enters the board under ``controller``'s control (a new object)."""
        ...

    def add_card(self, state: StateT, owner: str, card: Any, zone: Any) -> tuple[StateT, Verdict]:
        """``card`` is in ``owner``'s ``zone`` (hand, graveyard or trash...) as a new object."""
        ...

    def is_legal_target(self, state: StateT, player: str, source: Any, candidate: Any) -> Verdict:
        """Could ``player``'s spell or ability ``source`` target ``candidate`` now?"""
        ...

    def legal_targets(self, state: StateT, player: str, source: Any) -> Verdict: ...

    def can_play(self, state: StateT, player: str, card: Any) -> Verdict:
        """Could ``player`` cast (MTG) or play (Riftbound) ``card`` now?  Nothing changes."""
        ...

    def resolve_top(self, state: StateT) -> tuple[StateT, Verdict]:
        """The newest spell or ability on the stack (MTG) or chain (Riftbound) resolves."""
        ...

    def does_target(self, text: str) -> Verdict:
        """Does an ability worded ``text`` target (CR 115.10; Riftbound 355.6)?"""
        ...
