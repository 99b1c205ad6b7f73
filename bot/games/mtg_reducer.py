"""The reducer for per-channel games: a game's state is the replay of its action log.

Actions are JSON objects:

- ``{"statement": "Alice controls Runeclaw Bear.", "speaker": "alice"}`` — scenario statements
  (only statements that changed the game are stored; illegal ones change nothing, CR 732.1);
- ``{"cast_start": {"player": "Alice", "card": "Arc Trail", "face": null}}`` — start casting
  one choice at a time (CR 601.2);
- ``{"choose": VALUE}`` — answer the pending choice (mode numbers, target ids or player names,
  X, or the division), ``{"back": true}`` and ``{"cancel": true}``.

A rejected action (the engine raises a ``UserError``: an illegal choice, an unknown card) is not
stored by the service.  States are immutable values, so replay is deterministic.
"""

from __future__ import annotations

import io
import pickle
from collections.abc import Mapping, Set
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from bot.engine.errors import EngineError
from bot.engine.model import Player
from bot.engine.mtg.casting import CastInProgress, ChoiceKind
from bot.engine.mtg.state import GameState
from bot.engine.verdict import VerdictKind, merge_rules
from bot.errors import UsageError
from bot.scenario.executor import ScenarioExecutor
from bot.scenario.stepping import cast_statement
from bot.scenario.steps import Step


@dataclass(frozen=True)
class PendingCast:
    """A spell being cast one choice at a time, and how to write it back as a statement."""

    progress: CastInProgress
    card_name: str
    face: str | None = None


@dataclass(frozen=True)
class TableState:
    """A channel's game: the engine state, a cast in progress, and the rebuilding script.

    ``transcript`` holds the statements that rebuild the game (for ``game export``);
    ``last_steps`` the answers to the last action, for the reply.
    """

    kind: str
    game: GameState
    pending: PendingCast | None = None
    transcript: tuple[str, ...] = ()
    last_steps: tuple[Step, ...] = ()


class ScenarioReducer:
    """Builds ``TableState`` values from actions with the scenario executor (MTG)."""

    def __init__(self, executor: ScenarioExecutor) -> None:
        self.executor = executor

    def initial(self, kind: str) -> TableState:
        return TableState(kind=kind, game=self.executor.engine.new_game())

    def participants(self, state: TableState) -> Set[str]:
        return frozenset(state.game.player_names)

    def apply(self, state: TableState, action: Mapping[str, Any]) -> TableState:
        if state.kind != "mtg":
            raise UsageError(
                "Riftbound games keep only their log for now; statements are answered with "
                "`scenario` in the meantime.",
                hint="Start an MTG game with `game new mtg` to play statements on a board.",
            )
        if "statement" in action:
            return self._statement(state, str(action["statement"]), str(action.get("speaker", "")))
        if "cast_start" in action:
            return self._cast_start(state, action["cast_start"])
        if "choose" in action:
            return self._choose(state, action["choose"])
        if action.get("back"):
            pending = self._pending(state)
            if pending.progress.previous is None:
                raise UsageError(
                    "This is the first choice; there is nothing to go back to.",
                    hint="`game cancel` stops casting the spell.",
                )
            return replace(
                state, pending=replace(pending, progress=pending.progress.back()), last_steps=()
            )
        if action.get("cancel"):
            self._pending(state)
            return replace(state, pending=None, last_steps=())
        raise UsageError(f"Unknown game action {sorted(action)!r}.")

    # ---- actions ----------------------------------------------------------------------------
    def _statement(self, state: TableState, text: str, speaker: str) -> TableState:
        if state.pending is not None:
            raise UsageError(
                f"{state.pending.card_name} is being cast: finish its choices first.",
                hint="Use `game choose …`, `game back` or `game cancel`.",
            )
        result = self.executor.run(text, state.game, speaker=speaker)
        made = tuple(step.statement for step in result.steps if step.changed)
        return replace(
            state,
            game=result.state,
            transcript=state.transcript + made,
            last_steps=result.steps,
        )

    def _cast_start(self, state: TableState, spec: Mapping[str, Any]) -> TableState:
        if state.pending is not None:
            raise UsageError(
                f"{state.pending.card_name} is already being cast.",
                hint="Finish it with `game choose …` or stop with `game cancel`.",
            )
        game = state.game
        player = str(spec["player"])
        if not game.has_player(player):
            display = player[:1].upper() + player[1:] if player.islower() else player
            game = game.with_player(Player(display))
        card = self.executor.cards.resolve(str(spec["card"]))
        face = spec.get("face")
        progress = self.executor.engine.start_cast(
            game, game.player(player).name, card, face=str(face) if face else None
        )
        return self._advance(state, PendingCast(progress, card.name, face))

    def _choose(self, state: TableState, value: Any) -> TableState:
        pending = self._pending(state)
        picked = tuple(value) if isinstance(value, list) else value
        progress = pending.progress.choose(picked)
        return self._advance(state, replace(pending, progress=progress))

    def _advance(self, state: TableState, pending: PendingCast) -> TableState:
        """Skip choices with only one answer; put the spell on the stack once all are made."""
        progress = pending.progress
        if progress.next_choice().kind is ChoiceKind.DIVISION:
            progress = progress.auto_divide()
        if progress.next_choice().kind is not ChoiceKind.DONE:
            return replace(state, pending=replace(pending, progress=progress), last_steps=())
        before = progress.state
        game, verdict = self.executor.engine.finish(progress)
        if verdict.kind is VerdictKind.ILLEGAL:
            raise EngineError(verdict.reason)
        entry = game.entry(verdict.object_ids[0])
        statement = cast_statement(before, entry, pending.card_name, pending.face)
        verdict = replace(
            verdict,
            kind=VerdictKind.LEGAL,
            rules=merge_rules(("115.1",) if verdict.slots else (), verdict.rules),
        )
        step = Step.from_verdict(1, statement, verdict, changed=True)
        return replace(
            state,
            game=game,
            pending=None,
            transcript=(*state.transcript, statement),
            last_steps=(step,),
        )

    @staticmethod
    def _pending(state: TableState) -> PendingCast:
        if state.pending is None:
            raise UsageError(
                "Nothing is being cast right now.",
                hint="Start with `game cast Arc Trail`.",
            )
        return state.pending


# ---- snapshots --------------------------------------------------------------------------------
class _Pickler(pickle.Pickler):
    """Pickles read-only mappings (the engine's empty defaults) as plain dicts wrapped again."""

    def reducer_override(self, obj: Any) -> Any:
        if type(obj) is MappingProxyType:
            return _read_only, (dict(obj),)
        return NotImplemented


def _read_only(mapping: dict[Any, Any]) -> MappingProxyType[Any, Any]:
    return MappingProxyType(mapping)


class TableCodec:
    """Snapshots of ``TableState`` so a long game loads without replaying every statement.

    The blobs are written and read only by this bot in its own database (never user input).
    """

    tag = "table-pickle-v1"

    def serialize(self, state: TableState) -> bytes:
        buffer = io.BytesIO()
        _Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(replace(state, last_steps=()))
        return buffer.getvalue()

    def deserialize(self, data: bytes) -> TableState:
        # Our own snapshot, read back from our own database (never user input).
        state = pickle.loads(data)
        if not isinstance(state, TableState):
            raise TypeError("not a game snapshot")
        return state
