"""The reducer for per-channel games: a game's state is the replay of its action log.

Actions are JSON objects:

- ``{"statement": "Alice controls Runeclaw Bear.", "speaker": "alice"}`` — scenario statements
  (only statements that changed the game are stored; illegal ones change nothing, CR 732.1);
- ``{"cast_start": {"player": "Alice", "card": "Arc Trail", "face": null, "overload": false}}``
  — start casting, one choice at a time (CR 601.2); ``overload``: for its overload cost, so
  "target" reads "each" (CR 702.96a); ``kicked``: its kicker cost paid (CR 702.33d);
  ``asks_sacrifice``: a cost that sacrifices (Fling) is a choice of its own (CR 601.2h; casts
  stored without it were made before that step existed, and replay without it);
- ``{"activate_start": {"player": "Bob", "source": 3, "ability": null}}`` — start activating
  an ability of object #3 (its ``ability``-th activated ability, 0-based; CR 602.2b);
  ``asks_sacrifice`` as for casts (Viscera Seer's "Sacrifice a creature");
- ``{"retarget_start": {"player": "Bob", "stack_id": 5, "kind": "choose new targets"}}`` —
  start changing the targets of a spell or ability on the stack (CR 115.7a-d);
- ``{"resolve_start": {"player": "Alice"}}`` — resolve the top of the stack, stepping through
  the new targets it asks for (Redirect, Deflection, Spellskite, Twincast: CR 115.7, 707.10c);
- ``{"choose": VALUE, "picked": "Llanowar Elves (#2)"}`` — answer the pending choice (mode or
  option numbers, target ids or player names, X, or the division); ``picked`` only names the
  pick for the history; ``{"back": true}`` and ``{"cancel": true}``.

A rejected action (the engine raises a ``UserError``: an illegal choice, an unknown card) is not
stored by the service.  States are immutable values, so replay is deterministic.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from bot.engine.cards import CardData
from bot.engine.errors import EngineError, IllegalActionError
from bot.engine.model import GameObject, Player, Zone
from bot.engine.mtg.casting import ActionKind, CastInProgress, ChoiceKind, SacrificeCost
from bot.engine.mtg.death_watchers import with_death_triggers
from bot.engine.mtg.filters import Alternative, Comparison, TargetDescription
from bot.engine.mtg.game import (
    is_mana_ability,
    sacrifice_words,
    with_activation_sacrifice,
    with_sacrifice_step,
)
from bot.engine.mtg.legend_rule import legend_groups
from bot.engine.mtg.resolution import ResolveChoices
from bot.engine.mtg.state import (
    BlockBan,
    ChosenTargets,
    DelayedDeathWatch,
    Departure,
    GameState,
    HeldCombatDamage,
    OwedSacrifice,
    StackEntry,
    TargetRef,
    TargetRestriction,
    TurnChange,
    WaitingTrigger,
)
from bot.engine.mtg.waiting_triggers import stop_waiting
from bot.engine.requirements import (
    AbilitySpec,
    EffectPart,
    Mode,
    RetargetKind,
    RetargetSpec,
    TargetSlot,
)
from bot.engine.verdict import Verdict, VerdictKind, merge_rules
from bot.engine.wording import and_list
from bot.errors import StateError
from bot.games.json_values import DataclassJson
from bot.games.table_reducer import TableReducer, pending_of
from bot.scenario.executor import MtgScenarioExecutor, card_in_zone
from bot.scenario.object_refs import display_name
from bot.scenario.retarget_steps import (
    RetargetChoiceKind,
    RetargetInProgress,
    copy_stage,
    next_copy_stage,
    plan_resolution,
    start_retarget,
    why_unchangeable,
)
from bot.scenario.stepping import (
    activation_statement,
    cast_statement,
    change_statement,
    describe,
    mana_activation_statement,
    resolve_statement,
    trigger_statement,
)
from bot.scenario.steps import Step

# How a player starts an action that `game choose` then steps through.
MTG_START_HINT = (
    "Start with `game cast Arc Trail`, `game activate Spellskite` or `game retarget Arc Trail`."
)


@dataclass(frozen=True)
class PendingCast:
    """A spell being cast, or an ability activated, one choice at a time, and how to write it
    back as a statement (``ability`` is the activated ability's 0-based number, if named)."""

    progress: CastInProgress
    card_name: str
    face: str | None = None
    ability: int | None = None
    overload: bool = False  # cast for its overload cost (CR 702.96a)
    kicked: int = 0  # times its kicker cost was paid (CR 702.33c-d)
    # Its gift promised to this opponent (None: not promised, CR 702.174k); bargained (702.166b).
    gift_to: str | None = None
    bargained: bool = False
    alternative: str = ""  # cast bestowed or for its mutate cost (CR 702.103a, 702.140a)

    @property
    def title(self) -> str:
        if self.progress.action is ActionKind.CAST:
            return f"Casting {self.card_name}"
        if self.progress.action is ActionKind.TRIGGER:
            return f"Putting {self.card_name} on the stack"
        return f"Activating {self.card_name}"


@dataclass(frozen=True)
class PendingRetarget:
    """New targets being chosen for a spell or ability on the stack (CR 115.7).

    ``resolving_id`` is the retargeting spell or ability resolving (Redirect), or None for a
    direct change ("Bob changes the target of …").  With ``then_copy`` (Wild Ricochet) the
    copy's new targets are asked next; ``first`` then holds the finished first stage.  A storm
    or "copy that spell" trigger makes ``copies`` copies (Grapeshot, Double Vision), each with
    its own new targets (CR 707.10c): ``done`` holds the copies' finished stages before this one.
    """

    progress: RetargetInProgress
    card_name: str
    resolving_id: int | None = None
    resolving_name: str = ""
    then_copy: bool = False
    first: RetargetInProgress | None = None
    copies: int = 0
    done: tuple[RetargetInProgress, ...] = ()

    @property
    def title(self) -> str:
        if self.resolving_id is None:
            return f"Changing the targets of {self.card_name}"
        whose = f"the copy of {self.card_name}" if self.progress.is_copy else self.card_name
        if self.copies > 1:
            whose = f"copy {len(self.done) + 1} of {self.copies} of {self.card_name}"
        return f"Resolving {self.resolving_name}: new targets for {whose}"


Pending = PendingCast | PendingRetarget


@dataclass(frozen=True)
class MtgTable:
    """A channel's game: the engine state, an action in progress, and the rebuilding script.

    ``transcript`` holds the statements that rebuild the game (for ``game export``);
    ``last_steps`` the answers to the last action, for the reply.
    """

    kind: str
    game: GameState
    pending: PendingCast | PendingRetarget | None = None
    transcript: tuple[str, ...] = ()
    # The reply to the last action, not part of the game: snapshots drop it, so two loads of
    # one game (from a snapshot or by replay) are equal whatever reply they last produced.
    last_steps: tuple[Step, ...] = field(default=(), compare=False)


class MtgReducer(TableReducer[MtgTable, PendingCast | PendingRetarget]):
    """Builds ``MtgTable`` values from actions with the scenario executor (MTG)."""

    nothing_in_progress_hint = MTG_START_HINT

    def __init__(self, executor: MtgScenarioExecutor) -> None:
        self.executor = executor

    @property
    def statements(self) -> MtgScenarioExecutor:
        return self.executor

    def initial(self, kind: str) -> MtgTable:
        return MtgTable(kind=kind, game=self.executor.engine.new_game())

    def starts(self) -> Mapping[str, Callable[[MtgTable, Any], MtgTable]]:
        return {
            "cast_start": self._cast_start,
            "activate_start": self._activate_start,
            "retarget_start": self._retarget_start,
            "resolve_start": self._resolve_start,
        }

    def in_progress(self, pending: PendingCast | PendingRetarget) -> str:
        return pending.title

    def start_action(
        self, state: MtgTable, start: Callable[[MtgTable, Any], MtgTable], value: Any
    ) -> MtgTable:
        """Combat damage a saved game holds (CR 510.2) is all dealt before a cast, an
        activation or a resolution starts, and the state-based actions are checked (704.3):
        no player gets priority before them (117.5). The reply says so first."""
        game, said = self.executor.deal_held_combat_damage(state.game)
        if not said:
            return start(state, value)
        after = start(replace(state, game=game), value)
        note = (
            f"Before it, the combat damage held for this combat damage step was all dealt: {said}."
        )
        if after.last_steps:
            first, *rest = after.last_steps
            ended = replace(first, notes=(note, *first.notes))
            return replace(after, last_steps=(ended, *rest))
        step = Step(
            position=1,
            statement="The combat damage step's held damage is dealt.",
            verdict="ok",
            explanation=note,
            rules=("510.2", "704.3"),
        )
        return replace(after, last_steps=(step,))

    # ---- actions ----------------------------------------------------------------------------
    def _cast_start(self, state: MtgTable, spec: Mapping[str, Any]) -> MtgTable:
        game, player = _with_player(_with_seated(state.game, spec), str(spec["player"]))
        card = self.executor.cards.resolve(str(spec["card"]))
        face = spec.get("face")
        overload = bool(spec.get("overload", False))
        kicked = int(spec.get("kicked", 0))  # stored as true/false before multikicker
        alternative = str(spec.get("alternative") or "")
        flashback = bool(spec.get("flashback", False))
        gift_to = None if spec.get("gift_to") is None else str(spec["gift_to"])
        if gift_to is not None:
            # The opponent it is promised to, as the engine settles it (CR 702.174a).
            gift_to = self.executor.engine.gift_receiver(game, player, card.name, gift_to)
        bargained = bool(spec.get("bargained", False))
        # CR 702.34a: flashback casts the card in its owner's graveyard (QA 20: step by step a
        # new card went on the stack and the graveyard kept its own).
        # CR 601.2a: otherwise a card stated in the caster's hand is the one cast (QA 33: it
        # stayed in the hand beside its spell).
        cast_card = card_in_zone(game, Zone.GRAVEYARD if flashback else Zone.HAND, card, player)
        if not flashback and not isinstance(cast_card, int) and game.player(player).hand_stated:
            # CR 601.2a: the hand was stated without this card, so none is cast from it.
            refused = MtgScenarioExecutor.not_in_stated_hand(game, player, card.name)
            raise EngineError(refused.reason)
        progress = self.executor.engine.start_cast(
            game,
            player,
            cast_card,
            face=str(face) if face else None,
            overload=overload,
            kicked=kicked,
            alternative=alternative,
            any_time=bool(spec.get("any_time", False)),
            flashback=flashback,
            gift_to=gift_to,
            bargained=bargained,
        )
        if spec.get("asks_sacrifice"):
            # Fling's "sacrifice a creature" is asked once its targets are chosen (601.2h);
            # casts stored before this was asked replay as they were made (no such step).
            progress = with_sacrifice_step(progress)
        # Step by step, say at once that it can't be cast now (CR 117.1a), before any choice.
        progress.check_timing()
        if spec.get("x") is not None:
            # "game cast Fireball with X=3": X announced with it (601.2b).
            if progress.pending().kind is not ChoiceKind.X:
                raise EngineError(f"{card.name} has no X to announce.")
            progress = progress.choose(int(spec["x"]))
        pending = PendingCast(
            progress,
            card.name,
            face,
            overload=overload,
            kicked=kicked,
            gift_to=gift_to,
            bargained=bargained,
            alternative=alternative,
        )
        return self._advance(state, pending)

    def _activate_start(self, state: MtgTable, spec: Mapping[str, Any]) -> MtgTable:
        game, player = _with_player(_with_seated(state.game, spec), str(spec["player"]))
        source_id = int(spec["source"])
        ability = spec.get("ability")
        index = int(ability) if ability is not None else None
        progress = self.executor.engine.start_activation(game, player, source_id, ability=index)
        if spec.get("asks_sacrifice"):
            # Viscera Seer's "Sacrifice a creature" is asked once its targets are chosen
            # (602.2b, 601.2h); activations stored before this was asked replay as made.
            progress = with_sacrifice_step(progress)
            if progress.sacrifice_cost is not None and is_mana_ability(progress.spec):
                # Ashnod's Altar: a mana ability is done at once, so what it sacrifices is
                # said with it (605.3a).
                raise EngineError(
                    f"{progress.stack_object.name} is a mana ability whose cost is "
                    f"“{progress.sacrifice_cost.text}”: say it in one statement, e.g. "
                    f"`game {player} activates {game.name_of(source_id)}, sacrificing …`."
                )
        if is_mana_ability(progress.spec) and not progress.spec.is_targeted:
            # CR 605.3a-b: a mana ability doesn't use the stack; it is done at once (found by
            # QA 11: step by step, Treasure's ability went onto the stack).
            after, verdict = self.executor.engine.activate(game, player, source_id, ability=index)
            if not verdict.ok:
                raise EngineError(verdict.reason)
            statement = mana_activation_statement(game, player, source_id, index)
            return _done(state, after, (statement,), verdict)
        return self._advance(state, PendingCast(progress, progress.stack_object.name, None, index))

    def _retarget_start(self, state: MtgTable, spec: Mapping[str, Any]) -> MtgTable:
        game, player = _with_player(state.game, str(spec["player"]))
        stack_id = int(spec["stack_id"])
        kind = RetargetKind(str(spec.get("kind", RetargetKind.CHOOSE_NEW_TARGETS.value)))
        if kind is RetargetKind.COPY_MAY_CHOOSE_NEW:
            raise StateError("Copies get new targets as the spell that copies resolves.")
        machine = start_retarget(game, player, stack_id, kind)
        problem = why_unchangeable(machine)
        if problem is not None:
            reason, rules = problem
            raise IllegalActionError(reason, rules=rules)
        return self._advance_retarget(state, PendingRetarget(machine, machine.entry.name))

    def _resolve_start(self, state: MtgTable, spec: Mapping[str, Any]) -> MtgTable:
        # ``asks_copies``, ``asks_triggers``: stored by `game resolve` since QA 28 (W9, M4);
        # steps stored before replay as they were made, without these choices.
        plan = plan_resolution(state.game, copy_triggers=bool(spec.get("asks_copies")))
        if plan is None:
            speaker = str(spec.get("player", ""))
            top = state.game.stack[-1].object_id if state.game.stack else None
            after = self.statement(state, "The top of the stack resolves.", speaker)
            if spec.get("asks_triggers") and top is not None:
                return self._enters_trigger_step(after, top)
            return after
        resolving = state.game.stack[-1]
        pending = PendingRetarget(
            plan.machine,
            plan.machine.entry.name,
            resolving.object_id,
            resolving.name,
            plan.then_copy,
            copies=plan.copies,
        )
        return self._advance_retarget(state, pending)

    def _enters_trigger_step(self, state: MtgTable, resolved_id: int) -> MtgTable:
        """After a permanent spell resolved: its "when this enters" trigger with targets goes
        on the stack the next time a player would receive priority, its controller choosing
        the targets then (CR 603.3, 603.3d), one choice at a time as a cast is.  One with no
        legal target is removed (603.3d), as the resolution's answer already says."""
        game = state.game
        departure = game.departures.get(resolved_id)
        if departure is None or departure.to_zone is not Zone.BATTLEFIELD or legend_groups(game):
            # A legend rule choice pending: it is made first, and the trigger goes on the
            # stack after it (CR 704.3), as the resolution's answer says how.
            return state
        permanent = departure.new_id
        if permanent is None or permanent not in game.objects:
            return state
        engine = self.executor.engine
        default = engine.default_trigger(game, permanent)
        for index in engine.targeted_enters_triggers(game, permanent):
            try:
                progress = engine.start_trigger(game, permanent, ability=index)
            except IllegalActionError:
                continue  # no legal target: removed from the stack (603.3d)
            pending = PendingCast(
                progress,
                progress.stack_object.name,
                ability=None if index == default else index,
            )
            stepped = self._advance(state, pending)
            # The reply shows the resolution before the trigger's first choice.
            return replace(stepped, last_steps=state.last_steps + stepped.last_steps)
        return state

    def choose(
        self, state: MtgTable, pending: PendingCast | PendingRetarget, value: Any
    ) -> MtgTable:
        picked = _from_json(value)
        if isinstance(pending, PendingCast):
            return self._advance(state, replace(pending, progress=pending.progress.choose(picked)))
        return self._advance_retarget(
            state, replace(pending, progress=pending.progress.choose(picked))
        )

    def back(self, state: MtgTable, pending: PendingCast | PendingRetarget) -> MtgTable:
        first_step = pending.progress.previous is None
        if isinstance(pending, PendingRetarget) and first_step and pending.done:
            # Back from a copy's first choice: to the last choice for the copy before it.
            back = replace(pending, progress=pending.done[-1].back(), done=pending.done[:-1])
            return replace(state, pending=back, last_steps=())
        if isinstance(pending, PendingRetarget) and first_step and pending.first is not None:
            # Back from the copy's first choice: to the last choice of the first stage.
            back = replace(pending, progress=pending.first.back(), first=None)
            return replace(state, pending=back, last_steps=())
        if first_step:
            raise StateError(
                "This is the first choice; there is nothing to go back to.",
                hint="`game cancel` stops it.",
            )
        pending = replace(pending, progress=pending.progress.back())  # type: ignore[arg-type]
        return replace(state, pending=pending, last_steps=())

    # ---- finishing ------------------------------------------------------------------------------
    def _advance(self, state: MtgTable, pending: PendingCast) -> MtgTable:
        """Skip choices with only one answer; put the spell on the stack once all are made."""
        progress = pending.progress
        if progress.pending().kind is ChoiceKind.DIVISION:
            progress = progress.auto_divide()
        if progress.pending().kind is not ChoiceKind.DONE:
            return replace(state, pending=replace(pending, progress=progress), last_steps=())
        before = progress.state
        game, verdict = self.executor.engine.finish(progress)
        if verdict.kind is VerdictKind.ILLEGAL:
            raise EngineError(verdict.reason)
        entry = game.entry(verdict.object_ids[0])
        if progress.action is ActionKind.TRIGGER:
            statement = trigger_statement(before, entry, pending.ability)
            if entry.source_id is not None:
                # On the stack with its targets, it waits no more (CR 603.3d).
                game, _ = stop_waiting(game, entry.source_id, entry.spec.text)
        elif progress.action is ActionKind.CAST:
            statement = cast_statement(
                before,
                entry,
                pending.card_name,
                pending.face,
                overload=pending.overload,
                kicked=pending.kicked,
                gift_to=pending.gift_to,
                bargained=pending.bargained,
                alternative=pending.alternative,
                any_time=progress.any_time,
            )
        else:
            statement = activation_statement(before, entry, pending.ability)
        if entry.sacrificed and progress.action is ActionKind.ACTIVATE:
            verdict = with_activation_sacrifice(verdict, before, entry.sacrificed)
        elif entry.sacrificed:
            name = progress.stack_object.name
            verdict = replace(
                verdict,
                reason=verdict.reason.replace(
                    f"casts {name}", f"casts {name}{sacrifice_words(before, entry.sacrificed)}", 1
                ),
                rules=merge_rules(verdict.rules, ("601.2h",)),
            )
        # CR 603.6c, 603.10a: a creature sacrificed to pay the cost died: its own leaves
        # abilities and those of the permanents that saw it die (Massacre Wurm) trigger, as
        # when a statement casts it.
        game, verdict = with_death_triggers(
            before, game, verdict, self.executor.engine.put_own_trigger
        )
        verdict = replace(
            verdict,
            kind=VerdictKind.LEGAL,
            rules=merge_rules(("115.1",) if verdict.slots else (), verdict.rules),
        )
        return _done(state, game, (statement,), verdict)

    def _advance_retarget(self, state: MtgTable, pending: PendingRetarget) -> MtgTable:
        """Ask the next choice; once every choice is made, change the targets or resolve."""
        progress = pending.progress
        if progress.next_choice().kind is not RetargetChoiceKind.DONE:
            return replace(state, pending=pending, last_steps=())
        if pending.copies:
            # Each copy of a storm or "copy that spell" trigger gets its own new targets
            # (CR 707.10c; Grapeshot ruling: "You can choose differently for each copy").
            while len(pending.done) + 1 < pending.copies:
                pending = replace(
                    pending,
                    progress=next_copy_stage(pending.progress),
                    done=(*pending.done, pending.progress),
                )
                if pending.progress.next_choice().kind is not RetargetChoiceKind.DONE:
                    return replace(state, pending=pending, last_steps=())
            return self._resolve_copies_with(state, pending)
        if pending.then_copy and pending.first is None:
            second = copy_stage(progress)
            if second.next_choice().kind is not RetargetChoiceKind.DONE:
                staged = replace(pending, progress=second, first=progress)
                return replace(state, pending=staged, last_steps=())
            pending = replace(pending, progress=second, first=progress)
        if pending.resolving_id is None:
            game, verdict = self.executor.engine.retarget(
                progress.state, progress.actor, progress.entry_id, progress.changes,
                kind=progress.kind,
            )  # fmt: skip
            if verdict.kind is not VerdictKind.CHANGED:
                raise IllegalActionError(verdict.reason, rules=verdict.rules)
            return _done(state, game, (change_statement(progress),), verdict)
        return self._resolve_with(state, pending)

    def _resolve_copies_with(self, state: MtgTable, pending: PendingRetarget) -> MtgTable:
        """Resolve a storm or "copy that spell" trigger with each copy's targets (707.10c)."""
        before = state.game
        statement, named = _copy_targets_statement(before, pending)
        game, verdict = self.executor.engine.resolve_top(before, ResolveChoices(new_targets=named))
        if verdict.kind is VerdictKind.ILLEGAL:
            raise IllegalActionError(verdict.reason, rules=verdict.rules)
        return _done(state, game, (statement,), verdict)

    def _resolve_with(self, state: MtgTable, pending: PendingRetarget) -> MtgTable:
        """Resolve the retargeting spell or ability with the choices made (CR 608.2, 115.7)."""
        assert pending.resolving_id is not None
        before = state.game
        first = pending.first or pending.progress
        copy_machine = pending.progress if pending.progress.is_copy else None
        targets_machine = first if not first.is_copy else None
        choices = ResolveChoices()
        if targets_machine is not None and targets_machine.changes:
            if targets_machine.fixed is not None:
                choices = replace(choices, position=min(targets_machine.changes))
            else:
                choices = replace(choices, new_targets=targets_machine.changes)
        if copy_machine is not None:
            choices = replace(choices, copy_targets=copy_machine.changes)
        game, verdict = self.executor.engine.resolve_top(before, choices)
        statements = [resolve_statement(before, pending.resolving_id, targets_machine or first)]
        if copy_machine is not None and copy_machine.changes:
            copy_id = next((e.object_id for e in reversed(game.stack) if e.is_copy), None)
            if copy_id is not None:
                targets = ", ".join(describe(before, r) for r in copy_machine.final_targets())
                statements.append(
                    f"{copy_machine.actor} chooses new targets for #{copy_id}: {targets}."
                )
        return _done(state, game, tuple(statements), verdict)


def _copy_targets_statement(
    before: GameState, pending: PendingRetarget
) -> tuple[str, list[TargetRef]]:
    """ "#6 resolves choosing new targets Llanowar Elves and Bob." and the new targets in copy
    order (the spell's own for a copy that keeps them), up to the last copy that changed."""
    assert pending.resolving_id is not None
    stages = (*pending.done, pending.progress)
    last = max((n for n, stage in enumerate(stages) if stage.changes), default=-1)
    named = [ref for stage in stages[: last + 1] for ref in stage.final_targets()]
    item = describe(before, pending.resolving_id)
    if not named:
        return f"{item} resolves.", named
    said = and_list([describe(before, ref) for ref in named])
    return f"{item} resolves choosing new targets {said}.", named


def require_pending(state: MtgTable) -> PendingCast | PendingRetarget:
    """The cast, activation or retarget being stepped through; a clear error when none is."""
    pending: PendingCast | PendingRetarget = pending_of(state, MTG_START_HINT)
    return pending


def _with_seated(game: GameState, spec: Mapping[str, Any]) -> GameState:
    """The game with the players whose seats are held (``spec["seated"]``, as the step was
    asked for): they are players of the game, so "target opponent" can choose them (QA 20: a
    step cast by a seated Alice couldn't target the seated Bob the game didn't name yet)."""
    for name in spec.get("seated", ()):
        game, _ = _with_player(game, str(name))
    return game


def _with_player(game: GameState, player: str) -> tuple[GameState, str]:
    if not game.has_player(player):
        game = game.with_player(Player(display_name(player)))
    return game, game.player(player).name


def _done(
    state: MtgTable, game: GameState, statements: tuple[str, ...], verdict: Verdict
) -> MtgTable:
    step = Step.from_verdict(1, " ".join(statements), verdict, changed=True)
    return replace(
        state,
        game=game,
        pending=None,
        transcript=state.transcript + statements,
        last_steps=(step,),
    )


def _from_json(value: Any) -> Any:
    """A stored pick as the machines want it: JSON lists become tuples."""
    if isinstance(value, list):
        return tuple(_from_json(v) for v in value)
    return value


# ---- snapshots --------------------------------------------------------------------------------
_SNAPSHOT_CLASSES = (
    # the engine's game state
    GameState, Player, GameObject, CardData, StackEntry, ChosenTargets, Departure,
    TargetRestriction, OwedSacrifice, WaitingTrigger, TurnChange, BlockBan, HeldCombatDamage,
    DelayedDeathWatch,
    # what the Oracle reader made of a card (a stack entry's ability)
    AbilitySpec, Mode, TargetSlot, EffectPart, RetargetSpec, TargetDescription, Alternative,
    Comparison,
    # actions in progress
    PendingCast, PendingRetarget, CastInProgress, RetargetInProgress, SacrificeCost,
)  # fmt: skip


def table_json() -> DataclassJson:
    """A new converter for ``MtgTable`` snapshots (tests use a fresh one to compare with)."""
    return DataclassJson(
        MtgTable,
        _SNAPSHOT_CLASSES,
        shared=(GameState, AbilitySpec, CardData),
        # A long game's objects and departures outlive many snapshots unchanged.
        memoized=(GameObject, Departure),
        # ... and few departures are looked at again: they are decoded when asked for.
        lazy=(Departure,),
        # A game's cards are written before any shared object is numbered, so the text of
        # the cards of its last snapshot is reused for those it still has (``_grown_pairs``).
        first={GameState: ("cards",)},
    )


_process_table_json = functools.cache(table_json)


class MtgTableCodec:
    """JSON snapshots of ``MtgTable`` so a long game loads without replaying every action.

    A snapshot is data: reading one builds only the classes above, from plain JSON (never
    ``pickle``, which would run code from a tampered or shared database file).  Bump ``tag``
    when the state's shape or the reducer's behaviour changes: older snapshots are then
    ignored and the log is replayed instead.
    """

    # v2: ward triggers on the stack (StackEntry.refers_to, CR 702.21a); v3: the root class is
    # called MtgTable (was TableState); v4: written and read by orjson, which reads an integer
    # beyond 64 bits (that the json module may have written) as a float; v5: the reducer's
    # rules changed (2026-11-26: 'you' clauses, damage to planeswalkers, Aura state-based
    # actions, {T} costs, counters, Adventures exiled, a cast's printed card kept), so states
    # saved before would not equal a replay of their log; v6: merged permanents
    # (GameState.merged, mutate 702.140c) and bestow (a bestowed Aura enters attached); v7:
    # sacrifices of choice still to be said (GameState.owed_sacrifices, 701.21a); untargeted
    # grants and phasing applied (Heroic Intervention); face-down permanents are 2/2s with
    # no text (708.2a); rebound and "Exile <this spell>" exile the spell; v11 (stop 33): ward
    # costs paid (a stated hand, Player.hand_stated), Trickbind's lock
    # (GameState.activation_locked), mana abilities pay their costs; v12 (stop 35): a spell
    # cast with jump-start is exiled as it leaves the stack (StackEntry.jump_start, 702.133a);
    # v13 (QA 26): resolved pumps, base P/T timestamps and keyword timestamps kept on objects
    # (GameObject.pt_boost, base_stamp, gained_at: layers 7b/7c and 613.7), so an older
    # snapshot's objects lack them and its log is replayed instead.
    # v14 (QA 26): copies of permanents (GameState.copies, 707.2), leaving the game (800.4a,
    # 800.4b) and the game being over once one player is left (104.2a).
    # v15 (QA 28): a copy of an instant triggers Kalamax's "whenever you copy" (603.2), so a
    # replay of an older log may differ from its snapshot; copies' and enters triggers'
    # steps (PendingRetarget.copies/done).
    # v16 (QA 29): valiant triggers (GameObject.targeted_by), "the color of your choice" asks
    # as it resolves, Snapcaster's granted flashback exiles, legend rule choices (704.5j), so
    # a v15 snapshot may hold a board its log no longer makes: it is replayed.
    # v17 (stop 43): casts and resolutions wait for a pending legend rule choice (704.3),
    # opening conditions are checked (608.2c: Dispatch, Blood Lust), dies triggers look back
    # at Humility (603.10), "destroy all artifacts, creatures, and enchantments" is applied,
    # activations pay what their costs sacrifice (Viscera Seer), two-target spells check
    # "controlled by the same player" (TargetDescription.controllers), "can't be countered"
    # statics, Sigarda's protection from edicts and quoted ward grants are applied; a card
    # stated in a hand or graveyard leaves it when cast (601.2a); cards exiled "until" a
    # permanent leaves come back (GameState.exiled_until, 610.3), mass -X/-X, Summary
    # Dismissal, Settle the Wreckage, Rancor's return and predefined tokens are applied.
    # v18 (stop 44): a card's other face for the zones it isn't on the battlefield in
    # (CardData.elsewhere, 712.8a), "you may" choices and "unless they sacrifice" stated as the
    # spell resolves, death watchers put on the stack (Massacre Wurm, 603.10a), conditional
    # counters (Dazzling Denial), "can't gain life" (119.7), damage to "that creature's
    # controller" and life gains applied: v17 snapshots may hold boards their logs no longer
    # make, so they are replayed. Also (mtg-combat): blocks (GameObject.blocked,
    # blocking_ids; TargetDescription.blocked, source_combat; 509.1g-h, 506.4) and other
    # permanents' enters triggers put on the stack (603.6a). And (mtg-qa37b): a pending
    # cast's gift and bargain (PendingCast.gift_to, bargained; 702.174, 702.166), pawprint
    # modes (700.2i). And (mtg-qa42): what was attached to a permanent as it left
    # (Departure.attached: Skullclamp's trigger), "would die ... exile it instead" only on a
    # death, illegal blocks refused; lands played (GameState.lands_played, 305.2).
    # v19 (stop 45): attack and block restrictions in rules text and granted evasion
    # (508.1c, 509.1b, 702.14c, 702.111b), Auras attached by statement; (mtg-targets43) what a
    # target description says of attachments (TargetDescription.host_types, host_controller,
    # host_words; Alternative.attached), damage redirected later (GameState.damage_redirects:
    # Mirror Strike, 614.9), graveyard cards exiled as a cost (CastInProgress.exiled); and
    # (mtg-wait43) triggers waiting for their targets (GameState.waiting_triggers, 603.3d),
    # death triggers put on the stack between items of "Resolve the stack."; (mtg-power43)
    # the creature whose entering set a trigger off (StackEntry.triggered_by: Warstorm Surge),
    # lands returned by Splendid Reclamation, X counted on the board; (mtg-qa43b) counted P/T
    # (Tarmogoyf in layer 7a under pumps, Death's Shadow, split cards' types); (mtg-qa43a)
    # "damage can't be prevented" (GameState.damage_unpreventable, 615.12), fights and bites
    # through one damage function, "It is a later turn." (514.2): v18
    # snapshots may hold boards their logs no longer make, so they are replayed.
    # Stop 46 (mtg-left45): "until end of turn" changes recorded (GameState.turn_changes,
    # TurnChange) and ended by a later turn (514.2), attacking/blocking statics (Gruul War
    # Chant), a lone menace blocker and a tapped blocker refused, a dead permanent's own
    # untargeted trigger put on the stack (Rancor, Kokusho): v19 snapshots are replayed.
    # Stop 46 (mtg-qa47a): whom a creature attacks (GameObject.attacked), combat damage held
    # until the step's damage is all dealt (510.2) and checked against the board: v21.
    # Stop 47 (lead): a player's "until end of turn" keywords ended by a later turn
    # (TurnChange.player: Veil of Summer): v22.
    # Stop 47 (lead): "can't block this turn" from a resolved spell covers creatures that
    # arrive later (GameState.block_bans, 611.2c): v23.
    # Stop 48 (lead): regeneration shields (GameState.regeneration_shields, unregenerable;
    # 701.19a, 701.19c): v24.
    # Stop 48 (game-combat): combat damage said at the end of a message held until the rest
    # of its step is said (GameState.held_combat_damage, 510.2, 704.3): v25.
    # Stop 48 (QA 56 W5): double strikers that dealt their first-strike damage this combat
    # (GameState.struck_first, 510.4): v26.
    # Stop 49 (QA 57 W3): whose turn it is once said (GameState.active_player; 117.1a,
    # 307.5); (game-left) an Aura of control stated at setup no longer makes its creature
    # summoning sick (302.6), so older snapshots may differ from their logs: v27.
    # Stop 50: a combat damage step's unsaid damage is dealt when it ends (510.1a), support and
    # earthbend target, "When ..." sentences of a resolving spell wait (603.7a), Aether Gust is
    # applied, a saved "may pay" stops to ask, metalcraft/threshold grants and counted target
    # comparisons (Comparison.counted): the same statements make other boards: v28.
    # Stop 52 (lead): delayed "dies this turn" abilities of resolved spells
    # (GameState.delayed_deaths, 603.7a) and graveyards exiled: v30.
    # Stop 53: battles' protectors (GameObject.protector, 310.8), Sieges' defeat ability
    # (GameState.sieges_defeated, 310.11b), loyalty/defense counters added, not set: v31;
    # statuses of one noun phrase ("or tapped creature"), cleave's two readings: v32;
    # (mtg-damaged) "dealt damage this way" watches (DelayedDeathWatch.among), "exile it
    # instead if it would die this turn" (GameState.exiled_if_it_dies), populate: v33;
    # (mtg-phase) "that targets", "dealt damage this turn"; "or creature with flying": v34.
    tag = "table-json-v34"

    def __init__(self, json: DataclassJson | None = None) -> None:
        # One converter table per process by default: building it reads the type hints of
        # every snapshot class (about 10 ms), which the first load after a restart pays once,
        # not every game loaded after it.
        self._json = json or _process_table_json()

    def serialize(self, state: MtgTable) -> bytes:
        data: bytes = self._json.dumps(replace(state, last_steps=()))
        return data

    def deserialize(self, data: bytes) -> MtgTable:
        state = self._json.loads(data)
        if not isinstance(state, MtgTable):
            raise TypeError("not a game snapshot")
        return state
