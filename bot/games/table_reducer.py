"""What both games' reducers share: the actions a channel's game takes and the rules about an
action in progress.

A table is a game's state, the action being chosen step by step (``pending``: a cast, a
retarget, a Riftbound play), the statements that rebuild it (``transcript``) and the answers to
the last action (``last_steps``).  Statements run through the game's scenario executor; one
action may be in progress at a time, advanced with ``choose``, stepped back with ``back`` and
dropped with ``cancel``.  Each game brings only what differs: how its actions start, how a
choice advances them, and what its action in progress is called.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, Generic, Protocol, TypeVar

from bot.engine.frozen import evolve
from bot.errors import StateError, UsageError
from bot.scenario.steps import Step


class Table(Protocol):
    @property
    def game(self) -> Any: ...
    @property
    def pending(self) -> Any: ...
    @property
    def transcript(self) -> tuple[str, ...]: ...


class ScriptResult(Protocol):
    @property
    def state(self) -> Any: ...
    @property
    def steps(self) -> Sequence[Step]: ...


class StatementRunner(Protocol):
    def run(self, text: str, state: Any, *, speaker: str, saved: bool = ...) -> ScriptResult: ...


TableT = TypeVar("TableT", bound=Table)
PendingT = TypeVar("PendingT")


class TableReducer(Generic[TableT, PendingT]):
    """The shared action vocabulary; subclasses name their starts and how choices advance."""

    # What ``game choose`` says when nothing is in progress: how this game starts an action.
    nothing_in_progress_hint = ""

    @property
    def statements(self) -> StatementRunner:
        raise NotImplementedError

    def starts(self) -> Mapping[str, Callable[[TableT, Any], TableT]]:
        """Action key -> how it starts an action in progress ("cast_start", "play_start")."""
        raise NotImplementedError

    def in_progress(self, pending: PendingT) -> str:
        """What the action in progress is called: "Casting Arc Trail", "Playing Void Seeker"."""
        raise NotImplementedError

    def choose(self, state: TableT, pending: PendingT, value: Any) -> TableT:
        raise NotImplementedError

    def back(self, state: TableT, pending: PendingT) -> TableT:
        raise NotImplementedError

    # ---- shared -----------------------------------------------------------------------------
    def has_action_in_progress(self, state: TableT) -> bool:
        return state.pending is not None

    def starts_action(self, action: Mapping[str, Any]) -> bool:
        return any(key in action for key in self.starts())

    def cancels_action(self, action: Mapping[str, Any]) -> bool:
        return bool(action.get("cancel"))

    def continues_action(self, action: Mapping[str, Any]) -> bool:
        return "choose" in action or bool(action.get("back") or action.get("cancel"))

    def apply(self, state: TableT, action: Mapping[str, Any]) -> TableT:
        if "statement" in action:
            return self.statement(state, str(action["statement"]), str(action.get("speaker", "")))
        for key, start in self.starts().items():
            if key in action:
                if state.pending is not None:
                    raise StateError(
                        f"{self.in_progress(state.pending)} is still in progress.",
                        hint="Finish it with `game choose …` or stop with `game cancel`.",
                    )
                return self.start_action(state, start, action[key])
        if "choose" in action:
            return self.choose(state, self.require_pending(state), action["choose"])
        if action.get("back"):
            return self.back(state, self.require_pending(state))
        if action.get("cancel"):
            self.require_pending(state)
            return replace(state, pending=None, last_steps=())  # type: ignore[type-var]
        raise UsageError(f"Unknown game action {sorted(action)!r}.")

    def start_action(
        self, state: TableT, start: Callable[[TableT, Any], TableT], value: Any
    ) -> TableT:
        """Start an action stepped through (MTG: a saved game's held combat damage step ends
        first, CR 510.2, 704.3)."""
        return start(state, value)

    def statement(self, state: TableT, text: str, speaker: str) -> TableT:
        """Run statements on the board; what changed it joins the transcript."""
        self.refuse_while_in_progress(state)
        result = self.statements.run(text, state.game, speaker=speaker, saved=True)
        made = tuple(step.script_line for step in result.steps if step.changed)
        return evolve(
            state,
            game=result.state,
            transcript=state.transcript + made,
            last_steps=tuple(result.steps),
        )

    def refuse_while_in_progress(self, state: TableT) -> None:
        if state.pending is not None:
            refuse_while_in_progress(self.in_progress(state.pending))

    def require_pending(self, state: TableT) -> PendingT:
        pending: PendingT = pending_of(state, self.nothing_in_progress_hint)
        return pending


def pending_of(state: Table, hint: str) -> Any:
    """The action being stepped through; a clear error (with how to start one) when none is."""
    if state.pending is None:
        raise StateError("Nothing is in progress right now.", hint=hint)
    return state.pending


def refuse_while_in_progress(in_progress: str) -> None:
    """Statements wait while an action is being chosen step by step ("Casting Arc Trail")."""
    raise StateError(
        f"{in_progress} is in progress: finish its choices first.",
        hint="Use `game choose …`, `game back` or `game cancel`.",
    )
