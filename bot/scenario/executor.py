"""Run scenario statements against the MTG engine: statements -> engine calls -> steps.

``MtgScenarioExecutor.run`` parses a script (card names checked with the card lookup's exact
matcher), then executes each statement in order on an immutable ``GameState``.  Each
statement gives one ``Step``.  Illegal actions come back from the engine with the state
unchanged (CR 732.1) and the script carries on; a later statement that names something a failed
statement should have made says so instead of a bare "not found".
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import replace

from bot.engine.cards import CardData, type_line_of
from bot.engine.errors import EngineError, IllegalActionError
from bot.engine.frozen import evolve
from bot.engine.grouping import split_in_text_order
from bot.engine.model import GameObject, ObjectKind, Player, Zone, removed_from_combat
from bot.engine.mtg.alternative_casts import FUSED
from bot.engine.mtg.battles import counted_stat
from bot.engine.mtg.casting import (
    CastInProgress,
    division_total,
    is_divided_now,
    sacrifices_for_alternative_cost,
    sorcery_speed_limiter,
)
from bot.engine.mtg.combat import blocked_alone_with_menace, blockers_of
from bot.engine.mtg.copies import become_copy, copy_choice, refuse_copy_choice
from bot.engine.mtg.counts import counted_objects, player_count_caveat, read_count
from bot.engine.mtg.death_watchers import with_death_triggers
from bot.engine.mtg.died_triggers import is_dies_trigger
from bot.engine.mtg.entering_counters import enters_with
from bot.engine.mtg.game import MtgGame, gift_of, is_mana_ability, split_second_spell
from bot.engine.mtg.legend_rule import (
    LEGEND_RULE,
    choose_legend_first,
    legend_groups,
    legend_rule_note,
)
from bot.engine.mtg.oracle_blocks import mode_names
from bot.engine.mtg.oracle_keywords import KeywordTargeting, keyword_reading
from bot.engine.mtg.oracle_subtypes import type_singular
from bot.engine.mtg.predefined_tokens import PredefinedToken, predefined_token
from bot.engine.mtg.resolution import (
    ResolveChoices,
    asks_for_colour,
    enchants_player,
    may_pay_choice,
    uncounterable_because,
)
from bot.engine.mtg.state import (
    Departure,
    GameState,
    HeldCombatDamage,
    OwedSacrifice,
    StackEntry,
    TargetRef,
    printed_keywords,
)
from bot.engine.mtg.statics import as_seen, counted_pt_words, pt_caveats
from bot.engine.mtg.trigger_order import latest_order_notes, put_together_notes
from bot.engine.mtg.usual_combat_damage import UsualDamage, still_to_deal, usual_combat_damage
from bot.engine.mtg.waiting_triggers import stop_waiting
from bot.engine.mtg.ward import stack_name, would_trigger
from bot.engine.requirements import AbilityKind as EngineAbilityKind
from bot.engine.requirements import AbilitySpec, TargetSlot
from bot.engine.requirements import RetargetKind as EngineRetargetKind
from bot.engine.verdict import SlotReport, Verdict, VerdictKind, could_happen, merge_rules
from bot.engine.wording import and_list, counted, ordinal, with_article, zone_words
from bot.errors import AmbiguousError, NotFoundError, ScenarioError, UserError
from bot.scenario import ast, cast_methods
from bot.scenario.ast_text import render_statement
from bot.scenario.board_view import board_text, current_keywords, object_words
from bot.scenario.cards import MtgCardLookup
from bot.scenario.lexicon import NUMBER_WORDS
from bot.scenario.object_refs import display_name, new_player_refusal, one_called_in_part
from bot.scenario.script_executor import (
    ObjectFacts,
    ScriptExecutor,
    ScriptRun,
    combine,
    zone_list,
    zone_place,
)
from bot.scenario.steps import Step

# Where to look for an object named in a statement, most likely first.
_TARGET_ZONES = (
    Zone.BATTLEFIELD,
    Zone.STACK,
    Zone.GRAVEYARD,
    Zone.EXILE,
    Zone.HAND,
    Zone.LIBRARY,
    Zone.COMMAND,
)
_ACTIVATION_ZONES = (Zone.BATTLEFIELD, Zone.GRAVEYARD, Zone.HAND)
# Each zone's word, read once: an enum's ``value`` is a Python-level property, and naming an
# object looks through seven zones (issue 14).
_ZONE_WORDS = {zone: zone.value for zone in Zone}
_RETURN_ZONES = (Zone.GRAVEYARD, Zone.EXILE, Zone.HAND, Zone.LIBRARY, Zone.COMMAND)
_MOVABLE_ZONES = (Zone.BATTLEFIELD, Zone.GRAVEYARD, Zone.HAND, Zone.LIBRARY)
_ACTIONS = (ast.Cast, ast.Activate, ast.Trigger)
# Counters that go on players (CR 122.1f poison, 122.1i rad; energy and experience counters
# and tickets are a player's too).
_PLAYER_COUNTERS = frozenset({"poison", "rad", "energy", "experience", "ticket"})
_ZONE_BY_WORD = {zone.value: zone for zone in Zone}
_RETARGET_KIND = {
    ast.RetargetKind.CHANGE_THE_TARGET: EngineRetargetKind.CHANGE_THE_TARGETS,
    ast.RetargetKind.CHOOSE_NEW_TARGETS: EngineRetargetKind.CHOOSE_NEW_TARGETS,
}


def _unseen_trigger_note(state: GameState, source_id: int, spec: AbilitySpec) -> str:
    """What a trigger statement says when the bot saw nothing trigger that ability (QA 42
    W1): the statement is the way to put a trigger the bot doesn't notice on the stack, so it
    is taken at its word, and the answer says so rather than pass it off as seen."""
    name = state.obj(source_id).name
    earlier = [e for e in state.stack[:-1] if e.source_id == source_id and e.spec.text == spec.text]
    besides = (
        f" besides the {'one' if len(earlier) == 1 else 'ones'} already on the stack"
        if earlier
        else ""
    )
    return (
        f"No trigger of {name}'s ability (“{spec.text}”) was waiting to go on the stack: the "
        f"bot saw no event in this game that triggers it{besides}, so it takes your word that "
        "it triggered (603.2)."
    )


def _needs_priority(statement: ast.Statement) -> str:
    """What ``statement`` has a player do that happens only once state-based actions are done
    and a player has priority (CR 704.3, 117.1): cast, activate, put a trigger on the stack,
    resolve (a stated change of targets is a resolving effect's); "" for anything else (the
    board described, a question, the legend rule's own choice)."""
    match statement:
        case ast.Cast():
            return f"cast {statement.card}"
        case ast.Activate():
            return "activate an ability"
        case ast.Trigger():
            return "put a triggered ability on the stack"
        case ast.Resolve() | ast.ResolveAll() | ast.ChangeTargets():
            return "let the stack resolve"
    return ""


class MtgScenarioExecutor(ScriptExecutor[GameState, GameObject, Zone]):
    """Executes parsed statements with an MTG engine and a card lookup."""

    dialect = "mtg"
    stack_word = "Stack"
    opponent_rule = "102.2"
    board_zones = (Zone.BATTLEFIELD,)
    described_zones = _TARGET_ZONES
    death_zone = Zone.GRAVEYARD
    cards: MtgCardLookup
    engine: MtgGame

    def __init__(self, cards: MtgCardLookup, engine: MtgGame | None = None) -> None:
        super().__init__(cards, engine or MtgGame())

    # ---- the statements' own lookups, for step-by-step commands ----------------------------
    def find_activated_ability(
        self, state: GameState, ref: ast.AbilityRef, *, speaker: str
    ) -> tuple[int, int | None]:
        """The object and its activated ability (0-based; None for "its targeted one") that
        ``Spellskite's first ability`` names, exactly as a statement would find them."""
        source_id = self._object(state, ref.source, ScriptRun(speaker))
        return source_id, self._ability_index(state, source_id, ref, EngineAbilityKind.ACTIVATED)

    def find_stack_object(self, state: GameState, item: ast.StackItem, *, speaker: str) -> int:
        """The id of the spell or ability on the stack that ``item`` names."""
        return self._stack_item(state, item, ScriptRun(speaker))

    # ---- dispatch ---------------------------------------------------------------------------
    def _each_in_turn(
        self, state: GameState, statements: Iterable[ast.Statement], run: ScriptRun
    ) -> tuple[GameState, Verdict]:
        """Several statements said as one (``Alice declares Hero of Bladehold and Signal Pest as
        attackers.``): the last attacker's trigger-order note covers every attacker's (603.3b),
        so the earlier ones it restates are left out (QA 56 M10)."""
        state, verdict = super()._each_in_turn(state, statements, run)
        return state, evolve(verdict, notes=latest_order_notes(verdict.notes))

    def _execute(
        self, state: GameState, statement: ast.Statement, run: ScriptRun
    ) -> tuple[GameState, Step]:
        """A statement that put two or more of one player's triggered abilities on the stack
        says that player chooses their order (CR 603.3b; QA 56 M2)."""
        after, step = super()._execute(state, statement, run)
        if after is state or ast.is_question(statement):
            return after, step
        if ordered := put_together_notes(state, after, step.notes):
            step = evolve(
                step, notes=(*step.notes, *ordered), rules=merge_rules(step.rules, ("603.3b",))
            )
        return after, step

    def _response_limit(self, state: GameState, player: str, item: str) -> Verdict | None:
        """“Can Alice respond to Krosan Grip?” (QA 57 W1): under split second no spell can be
        cast and no ability but a mana ability activated (702.61a), so no; under an opponent's
        Teferi, Time Raveler only abilities respond (307.5)."""
        if (fast := split_second_spell(state)) is not None:
            return Verdict(
                VerdictKind.NO,
                f"No: {fast.name} has split second: while it is on the stack, players can't cast "
                f"spells or activate abilities that aren't mana abilities (702.61a). {player} "
                "still gets priority and may activate mana abilities or take special actions "
                "(702.61b), which don't use the stack, so nothing responds to it; triggered "
                "abilities still trigger and go on the stack (702.61b).",
                ("702.61a", "702.61b"),
            )
        if (limiter := sorcery_speed_limiter(state, player)) is not None:
            return Verdict(
                VerdictKind.YES,
                f"Yes, but only by activating an ability (117.1b): {limiter.name} "
                f"({limiter.controller}'s) lets {player} cast spells only any time they could "
                f"cast a sorcery, so not while {item} is on the stack (307.5).",
                ("117.1b", "307.5"),
            )
        return None

    def _finish(self, state: GameState, statement: ast.Statement, verdict: Verdict) -> Verdict:
        verdict = _with_unmodelled_notes(state, statement, verdict)
        if isinstance(statement, _ACTIONS) and verdict.kind is VerdictKind.OK:
            # Every choice was legal: the spell or ability is on the stack (CR 601.2c, 115.1).
            rules = merge_rules(("115.1",) if verdict.slots else (), verdict.rules)
            return evolve(verdict, kind=VerdictKind.LEGAL, rules=rules)
        return verdict

    def _begin_run(self, state: GameState, run: ScriptRun) -> GameState:
        """A saved game's earlier message left combat damage held (CR 510.2): this run carries
        on its combat damage step."""
        held = state.held_combat_damage
        if held is not None:
            run.damage_held = True
            run.held_hurt[:] = held.hurt
            run.held_deathtouched[:] = held.deathtouched
            run.held_assigned.update(held.assigned)
            run.held_first_step = held.first_step
        return state

    def _before_statement(
        self, state: GameState, statement: ast.Statement, run: ScriptRun
    ) -> tuple[GameState, Callable[[Step], Step] | None]:
        """In a saved game, combat damage stays held until a statement says something other
        than more of its combat damage step's damage (CR 510.2); a question changes nothing,
        so it sees the damage marked and held. Before any other statement the step's damage is
        all dealt and the state-based actions are checked (704.3): that statement's step says
        so and counts as a change, so what is stored replays the same."""
        damage: ast.Statement = statement
        if isinstance(statement, ast.CombatDamageTogether) and statement.parts:
            damage = statement.parts[0]  # "X deals 2 ... and Y deals 2 ...": one step's
        if (
            not run.saved
            or not run.damage_held
            or run.watching  # a user who can't change the game doesn't end its step
            or ast.is_question(statement)
            or self._same_damage_step(state, None, damage, run)
        ):
            return state, None
        state, said, rules = self._deal_held_damage(state, run)
        note = (
            f"Before it, the combat damage held for this combat damage step was all dealt: {said}."
            if said
            else "Before it, the combat damage held for this combat damage step was all dealt "
            "at once (510.2); no state-based action followed (704.3)."
        )

        def ended(step: Step) -> Step:
            return evolve(
                step,
                changed=True,
                notes=(note, *step.notes),
                rules=merge_rules(step.rules, rules or ("510.2", "704.3")),
            )

        return state, ended

    def _end_run(
        self, state: GameState, steps: list[Step], run: ScriptRun
    ) -> tuple[GameState, list[Step]]:
        """A saved game's message that ends with combat damage leaves it held in the game
        (CR 510.2), for a later message to add the rest of its combat damage step; the last
        step says what the state-based actions will do once it ends (704.3)."""
        if not run.saved:
            return state, steps
        held = (
            HeldCombatDamage(
                hurt=tuple(run.held_hurt),
                deathtouched=tuple(run.held_deathtouched),
                assigned=tuple(run.held_assigned.items()),
                first_step=run.held_first_step,
            )
            if run.damage_held
            else None
        )
        if held != state.held_combat_damage:
            state = evolve(state, held_combat_damage=held)
        if held is None or not steps:
            return state, steps
        if not still_to_deal(state, frozenset(run.held_assigned), first_step=run.held_first_step):
            # Every creature of the step has dealt its damage: the step's damage is dealt and
            # the state-based actions are checked before anyone could act or ask (510.2, 704.3,
            # 117.5; QA 62 W6: "Is White Knight on the battlefield?" said yes with 3 damage).
            state, said, rules = self._deal_held_damage(state, run)
            note = "Every creature in this combat damage step has dealt its damage: " + (
                f"{said}."
                if said
                else "all of it dealt at once (510.2); no state-based action followed (704.3)."
            )
            last = steps[-1]
            steps[-1] = evolve(
                last,
                changed=True,
                notes=(*last.notes, note),
                rules=merge_rules(last.rules, ("510.2", "704.3"), rules),
            )
            return state, steps
        ahead, rules, left = self._held_outlook(state, run)
        # CR 510.4: first strike and double strike deal theirs in a step of their own.
        step, rest = (
            ("this first-strike combat damage step's", "other first or double strikers' damage")
            if run.held_first_step
            else ("this combat damage step's", "a blocker's damage too")
        )
        if left:
            rest = f"the damage of {and_list(state.label(i) for i in left)}"
        more = (
            f": say the rest of it ({rest}) in a later message"
            if left is None or left
            else "; every creature in it has dealt its damage"
        )
        note = (
            f"Combat damage is dealt simultaneously (510.2), so {step} damage stays marked and "
            f"held in the game{more}. The next statement that changes anything else (not a "
            "question) ends the step, and the state-based actions are checked then (704.3): "
            f"{ahead}."
        )
        last = steps[-1]
        steps[-1] = evolve(
            last,
            notes=(*last.notes, note),
            rules=merge_rules(last.rules, ("510.2", "704.3"), rules),
        )
        return state, steps

    def _held_outlook(
        self, state: GameState, run: ScriptRun
    ) -> tuple[str, tuple[str, ...], tuple[int, ...] | None]:
        """What the held combat damage step leads to (CR 510.2, 704.3): "as it stands, ..."
        for the damage said so far, or, when creatures of the step have yet to deal theirs,
        "once it ends, ..." with their damage dealt as the rules assign it (510.1), on a copy
        (QA 62 M1); the rules it cites, and the creatures still to deal damage (None: unknown)."""
        _, fallout, rules = self.engine.combat_damage_fallout(
            state, run.held_deathtouched, run.held_hurt
        )
        ahead = f"as it stands, {fallout}" if fallout else "as it stands, none applies"
        # Only a step with damage still to deal asks for the rest of it (QA 59 M4).
        left = still_to_deal(state, frozenset(run.held_assigned), first_step=run.held_first_step)
        if left:
            _, said, rules = self._deal_held_damage(state, _held_copy(run))
            ahead = f"once it ends, {said}" if said else ahead
        return ahead, rules, left

    def held_damage_outlook(self, state: GameState) -> str:
        """A saved game's held combat damage step, as its board shows it: what it leads to once
        it ends (``_held_outlook``); "" when nothing is held. The game is not changed."""
        if state.held_combat_damage is None:
            return ""
        run = ScriptRun("", saved=True)
        state = self._begin_run(state, run)
        ahead, _, _ = self._held_outlook(state, run)
        return ahead

    def deal_held_combat_damage(self, state: GameState) -> tuple[GameState, str]:
        """A saved game's held combat damage step ends before a step-by-step action (a cast,
        an activation, a resolution), as it would before a statement (CR 510.2, 704.3): the
        state and what it says ("" when nothing was held)."""
        if state.held_combat_damage is None:
            return state, ""
        run = ScriptRun("", saved=True)
        state = self._begin_run(state, run)
        state, said, _ = self._deal_held_damage(state, run)
        return state, said or (
            "all of it dealt at once (510.2); no state-based action followed (704.3)"
        )

    def _after_held_damage(
        self, state: GameState, statement: ast.Statement, run: ScriptRun
    ) -> Verdict:
        """ "Does Runeclaw Bear die?" / "What happens now?" while a saved game holds combat
        damage: answered on the board as it will be once the step's damage is all dealt and
        the state-based actions are checked (CR 510.2, 704.3), before anything resolves
        (117.5); the game itself changes nothing. Creatures of the step whose damage wasn't
        said yet deal theirs as the rules assign it (510.1), on a copy (QA 59 W1)."""
        # On a copy of what is held: the game keeps holding it (the state is not changed).
        ended, said, rules = self._deal_held_damage(state, _held_copy(run))
        first = (
            f"Once this combat damage step's held damage is all dealt: {said}"
            if said
            else "Once this combat damage step's held damage is all dealt (510.2), no "
            "state-based action applies (704.3)"
        )
        if isinstance(statement, ast.SurvivesQuestion):
            found = self._find(state, statement.subject, self.board_zones, run, required=False)
            if found is not None and found not in ended.objects:
                _, died = self._fate(ended, found)
                survive = statement.survive
                kind = VerdictKind.NO if survive or not died else VerdictKind.YES
                word = "No" if kind is VerdictKind.NO else "Yes"
                return Verdict(kind, f"{word}: {first[0].lower()}{first[1:]}.", rules)
        held = run.damage_held
        run.damage_held = False  # asked of the board after the step: nothing is held there
        try:
            _, verdict = self._dispatch(ended, statement, run)
        finally:
            run.damage_held = held
        return evolve(
            verdict,
            reason=f"{first}. Then: {verdict.reason}",
            rules=merge_rules(rules or ("510.2", "704.3"), verdict.rules),
        )

    def _combat_ends(
        self, state: GameState, s: ast.CombatEnds, run: ScriptRun
    ) -> tuple[GameState, Verdict]:
        """ "The combat damage step ends.": its held combat damage is all dealt and the
        state-based actions follow (510.2, 704.3); "Combat ends.": and then every creature is
        removed from combat (511.3)."""
        parts: list[str] = []
        rules: list[str] = ["510.2"]
        if run.damage_held:
            state, said, dealt_rules = self._deal_held_damage(state, run)
            parts.append(said or "its damage was dealt, and no state-based action applies (704.3)")
            rules.extend(dealt_rules)
        else:
            parts.append("the combat damage step is over: its damage has all been dealt")
        if s.whole:
            fighting = [
                obj for obj in state.zone_objects(Zone.BATTLEFIELD) if obj.attacking or obj.blocking
            ]
            for obj in fighting:
                state = state.with_object(removed_from_combat(obj))
            names = and_list(state.label(o.id) for o in fighting)
            parts.append(
                f"combat ends: {names} left combat (511.3)" if fighting else "combat ends (511.3)"
            )
            rules.append("511.3")
        said = "; ".join(parts)
        return state, Verdict(
            VerdictKind.OK, f"{said[0].upper()}{said[1:]}.", merge_rules(tuple(rules))
        )

    def _deal_held_damage(
        self, state: GameState, run: ScriptRun
    ) -> tuple[GameState, str, tuple[str, ...]]:
        """The combat damage step's held damage is all dealt (CR 510.2): the state-based
        actions for all of it (704.3), and nothing is held any more. A creature of the step
        whose damage wasn't said deals it too, as the rules assign it (510.1: every attacking
        and blocking creature deals its combat damage; QA 59 W1)."""
        state, rest = self._deal_the_rest(state, run)
        state, said, rules = self.engine.combat_damage_step_dealt(
            state, run.held_deathtouched, run.held_hurt
        )
        if rest:
            said = "; ".join(part for part in (rest, said) if part)
            rules = merge_rules(("510.1",), rules)
        if run.held_first_step and run.held_assigned:
            # CR 510.4: the first-strike step is over; a double striker deals again in the
            # regular one.
            state = evolve(state, struck_first=state.struck_first | set(run.held_assigned))
        if state.held_combat_damage is not None:
            state = evolve(state, held_combat_damage=None)
        run.damage_held = False
        run.held_hurt.clear()
        run.held_deathtouched.clear()
        run.held_assigned.clear()
        return state, said, rules

    def _deal_the_rest(self, state: GameState, run: ScriptRun) -> tuple[GameState, str]:
        """The held step's creatures whose combat damage wasn't said deal it as the rules
        assign it (510.1), held with the rest; what is said of it ("" when none is left, or
        when a player must still divide some: that is asked by “Combat damage is dealt.”)."""
        left = still_to_deal(state, frozenset(run.held_assigned), first_step=run.held_first_step)
        if not left:
            return state, ""
        usual = usual_combat_damage(state, frozenset(run.held_assigned))
        said = ast.UsualCombatDamage(text="Combat damage is dealt.")
        # Held with what was said before it, as "Combat damage is dealt." holds it (510.2).
        after, verdict = self._combat_damage_together(
            state, _as_said(state, usual, said), run, whole_step=True, hold=True
        )
        if verdict.kind is not VerdictKind.OK:
            return state, ""
        return (
            after,
            "with it, the damage not said, as the rules assign it: " + verdict.reason.rstrip("."),
        )

    def _after_step(self, state: GameState, step: Step, run: ScriptRun) -> tuple[GameState, Step]:
        """Once the last of the combat damage stated together is dealt (CR 510.2), the
        state-based actions are checked for all of it (704.3): said after the last of them.
        (A saved game's message holds it until a later statement: ``_before_statement``.)"""
        if (
            run.saved
            or not run.damage_held
            or self._same_damage_step(state, None, run.upcoming, run)
        ):
            return state, step
        state, said, rules = self._deal_held_damage(state, run)
        if not said:
            return state, step
        if step.error is None and step.verdict == "ok":
            explanation = f"{step.explanation.rstrip('.')}; {said}."
            return state, evolve(
                step, explanation=explanation, rules=merge_rules(step.rules, rules)
            )
        return state, evolve(step, notes=(*step.notes, f"The combat damage dealt before: {said}."))

    def _usual_combat_damage(
        self, state: GameState, s: ast.UsualCombatDamage, run: ScriptRun
    ) -> tuple[GameState, Verdict]:
        """“Combat damage is dealt.” (QA 56 U3): the step's damage as the rules assign it
        where no player chooses (CR 510.1), dealt at once as if each part were said (510.2);
        the first-strike step's first when there is one (510.4)."""
        usual = usual_combat_damage(state, frozenset(run.held_assigned))
        step = "first-strike combat damage step" if usual.first_strike else "combat damage step"
        if usual.over and run.damage_held:
            # Everything of this step was said before it (a saved game held it): the step
            # ends now, with its state-based actions (510.2, 704.3).
            state, fallout, settled = self._deal_held_damage(state, run)
            return state, Verdict(
                VerdictKind.OK,
                f"All of this {step}'s damage was said already; it is dealt at once (510.2)"
                + (f": {fallout}." if fallout else ", and no state-based action follows (704.3)."),
                merge_rules(("510.2", "704.3"), settled),
            )
        if usual.over:
            # QA 59 W2: one regular combat damage step a combat (510.4).
            return state, Verdict(
                VerdictKind.ERROR,
                f"This combat's {step} is over: its creatures have dealt their combat damage, "
                "and there is a second combat damage step only for first strike or double "
                "strike (510.4).",
                ("510.4",),
            )
        if not usual.assignments:
            return state, Verdict(
                VerdictKind.OK,
                f"No creature assigns damage in this {step}: those that would have 0 power or "
                "nothing left to hit (510.1a, 510.1c).",
                ("510.1a", "510.1c"),
            )
        together = _as_said(state, usual, s)
        # The damage stated before it in this step (QA 59 W1) is dealt with it: one check of
        # the state-based actions for all of it (510.2, 704.3).
        joined = not run.saved and run.damage_held
        after, verdict = self._combat_damage_together(
            state, together, run, whole_step=True, hold=joined
        )
        if verdict.kind is not VerdictKind.OK:
            return after, verdict
        if joined:
            after, fallout, settled = self._deal_held_damage(after, run)
            verdict = evolve(
                verdict,
                reason=f"{verdict.reason.rstrip('.')}; with the damage said before it, "
                + (fallout or "all of it dealt at once (510.2), no state-based action follows")
                + ".",
                rules=merge_rules(verdict.rules, ("510.2", "704.3"), settled),
            )
        said = f"The {step}'s damage, as the rules assign it (510.1): {verdict.reason}"
        rules = ("510.1", "510.4") if usual.first_strike else ("510.1",)
        if usual.first_strike:
            # CR 510.4: the regular step follows; these creatures' first strike is spent.
            after = evolve(after, struck_first=after.struck_first | usual.strikers)
            said += " Then the regular combat damage step: say “Combat damage is dealt.” again."
        else:
            dealt = {a.source_id for a in usual.assignments} | set(run.held_assigned)
            after = evolve(after, struck_regular=after.struck_regular | dealt)
        return after, evolve(
            verdict,
            reason=said,
            rules=merge_rules(rules, verdict.rules, usual.rules),
            notes=(*verdict.notes, *usual.notes),
        )

    def _combat_damage_together(
        self,
        state: GameState,
        s: ast.CombatDamageTogether,
        run: ScriptRun,
        *,
        whole_step: bool = False,
        hold: bool = False,
    ) -> tuple[GameState, Verdict]:
        """One combat damage step's damage said in one sentence, dealt at once (CR 510.2),
        each part checked as it is assigned (510.1, 702.19b), then the state-based actions
        (704.3); refused whole when a part is illegal (732.1).  A question ("Can X assign
        ...?") answers Yes or No and changes nothing.  A saved game holds it with the rest of
        its step's damage, as it holds one creature's (``_end_run``)."""
        before = state
        # A stated division followed by "Combat damage is dealt.", by another creature's damage
        # of the same step, or by a question about the step's outcome is held for the rest of
        # its step (510.2; QA 59 W1), as a saved game holds it.
        more = not whole_step and (
            isinstance(run.upcoming, ast.UsualCombatDamage)
            or self._same_damage_step(state, s.parts[0], run.upcoming, run)
            # Others of its step still deal theirs, as the rules assign it (510.1a), when the
            # step ends (``_deal_held_damage``; QA 62 W1).
            or bool(self._left_to_deal(state, s.parts[0], s.parts, run))
        )
        holding = (run.saved or more or hold) and not s.question
        assigned: dict[int, int] = dict(run.held_assigned) if holding else {}
        deathtouched: list[int] = list(run.held_deathtouched) if holding else []
        hurt: list[int | str] = []
        said: list[str] = []
        rules: list[str] = []
        for part in s.parts:
            source_id = self._object(state, part.source, run)
            state, target = self._combat_target(state, source_id, part.target, run)
            state, verdict, reached = self.engine.deal_combat_damage_held(
                state,
                source_id,
                target,
                part.amount,
                last=True,
                assigned_before=assigned.get(source_id, 0),
                deathtouched=deathtouched,
            )
            if verdict.kind is not VerdictKind.OK:
                if s.question:
                    return before, Verdict(VerdictKind.NO, f"No: {verdict.reason}", verdict.rules)
                return before, verdict
            assigned[source_id] = assigned.get(source_id, 0) + part.amount
            deathtouched.extend(reached)
            hurt.append(target)
            said.append(verdict.reason.rstrip("."))
            rules.extend(verdict.rules)
        if s.question:
            each = [
                f"{part.amount} to {before.label(target)}"
                for part, target in zip(s.parts, hurt, strict=True)
            ]
            return before, Verdict(
                VerdictKind.YES,
                f"Yes: {', '.join(each)} — nothing the bot sees forbids that assignment "
                "(510.1, 702.19b).",
                ("510.1", "702.19b"),
            )
        if holding:
            run.held_first_step = self._in_first_step(before, s.parts[0], run)
            run.damage_held = True
            run.held_hurt.extend(hurt)
            run.held_deathtouched[:] = deathtouched
            run.held_assigned.update(assigned)
            return state, Verdict(
                VerdictKind.OK, "; ".join(said) + ".", merge_rules(tuple(rules), ("510.2",))
            )
        state, fallout, settled = self.engine.combat_damage_step_dealt(state, deathtouched, hurt)
        text = "; ".join(said) + (f"; {fallout}" if fallout else "") + "."
        return state, Verdict(VerdictKind.OK, text, merge_rules(tuple(rules), ("510.2",), settled))

    def _left_to_deal(
        self,
        state: GameState,
        said: ast.DealsDamage,
        parts: tuple[ast.DealsDamage, ...],
        run: ScriptRun,
    ) -> tuple[int, ...]:
        """The creatures of ``said``'s combat damage step with damage still to deal once
        ``parts`` are dealt (CR 510.2); empty when none is, or when a player must still divide
        some (that is asked for by “Combat damage is dealt.”)."""
        already = set(run.held_assigned)
        for part in parts:
            found = self._find(state, part.source, self.board_zones, run, required=False)
            if found is not None:
                already.add(found)
        first = self._in_first_step(state, said, run)
        return still_to_deal(state, frozenset(already), first_step=first) or ()

    def _same_damage_step(
        self,
        state: GameState,
        said: ast.DealsDamage | None,
        upcoming: ast.Statement | None,
        run: ScriptRun,
    ) -> bool:
        """Whether ``upcoming`` states combat damage of the same combat damage step as
        ``said`` (None: as the combat damage held so far): creatures with first strike or
        double strike deal theirs in a step of their own, before the others (CR 510.4)."""
        if isinstance(upcoming, ast.UsualCombatDamage):
            # "Combat damage is dealt." after stated damage deals the rest of that step
            # (510.2; QA 59 W1).
            return said is not None or run.damage_held
        if not isinstance(upcoming, ast.DealsDamage) or not upcoming.combat:
            return False
        striker = self._find(state, upcoming.source, self.board_zones, run, required=False)
        if striker is not None and "double strike" in state.keywords_of(striker):
            # A double striker deals damage in both steps (510.4): what it is said to deal
            # again is taken as the second step's.
            if said is None:
                again = striker in run.held_assigned
            else:
                again = striker == self._find(
                    state, said.source, self.board_zones, run, required=False
                )
            if again:
                return False
        first = run.held_first_step if said is None else self._in_first_step(state, said, run)
        return first == self._in_first_step(state, upcoming, run)

    def _in_first_step(self, state: GameState, said: ast.DealsDamage, run: ScriptRun) -> bool:
        """CR 510.4: damage said to be first-strike damage, or dealt by a creature with first
        strike or double strike, is the first combat damage step's."""
        if said.first_strike:
            return True
        found = self._find(state, said.source, self.board_zones, run, required=False)
        if found is None:
            return False
        keywords = state.keywords_of(found)
        if "double strike" in keywords and found in state.struck_first:
            return False  # it dealt its first-strike damage already: this is the regular step's
        return bool({"first strike", "double strike"} & keywords)

    def _card_names(self, card: CardData) -> list[str]:
        return [card.name, *(face.name for face in card.faces)]

    def _dispatch(
        self, state: GameState, statement: ast.Statement, run: ScriptRun
    ) -> tuple[GameState, Verdict]:
        if run.damage_held and isinstance(statement, _ASKS_WHAT_HAPPENS):
            return state, self._after_held_damage(state, statement, run)
        over = len(state.players) > 1 and len(state.players_in_game) == 1
        if isinstance(statement, ast.Controls | ast.ZoneContents):
            _, holder = self._player(state, statement.player, run)
            if state.has_player(holder) and state.player(holder).left_game:
                # CR 800.4a: all they owned left with them; 800.4b: nothing comes under
                # their control any more.
                return state, Verdict(
                    VerdictKind.ILLEGAL,
                    f"{holder} has left the game: everything {holder} owned left with "
                    f"{holder}, and nothing comes under {holder}'s control any more "
                    "(800.4a, 800.4b).",
                    ("800.4a", "800.4b", "732.1"),
                )
        if (doing := _needs_priority(statement)) and (owing := _sacrifice_owed(state)):
            # CR 608.2, 117.3b: a sacrifice left to a player's choice is part of the resolving
            # spell or ability, so no one gets priority before it is said (QA 56 W6: Bob's
            # Lightning Bolt was cast while Korvold's "sacrifice another permanent" waited).
            player, owed = owing
            first = state.obj(owed.candidates[0]).name
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{owed.source} is still resolving: {player} chooses which {owed.wanted} to "
                f"sacrifice as it resolves, before anyone can {doing} (608.2, 117.3b). Say "
                f"“{player} sacrifices {first}.” (or another) first.",
                ("608.2", "117.3b", "701.21a"),
            )
        if doing and (waiting := choose_legend_first(state, doing)):
            # CR 704.3: the legend rule's choice (704.5j) is made before anyone gets priority,
            # so a cast, an activation, a trigger or a resolution stated before it is refused,
            # saying how to choose; it isn't applied as if both legends stayed.
            return state, Verdict(
                VerdictKind.ILLEGAL, f"{waiting.message} {waiting.hint}", waiting.rules
            )
        if (
            isinstance(statement, ast.Resolve | ast.ResolveAll | ast.Cast | ast.Activate)
            and not over
            and (refused := self.engine.waiting_refusal(state, _needs_priority(statement)))
        ):
            # CR 603.3, 603.3d, 117.5: a triggered ability goes on the stack with its targets
            # before any player gets priority, so before anything is cast or resolves; the bot
            # can't choose them (QA 42 W2).
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{refused.message} {refused.hint}",
                refused.rules,
                offers=refused.statements,
            )
        after, verdict = super()._dispatch(state, statement, run)
        if isinstance(statement, ast.CanQuestion) and verdict.kind is VerdictKind.YES:
            # "Can Alice cast ...?" while the legend rule's choice is pending: yes, but only
            # once it is made (704.3), which the answer says rather than a bare yes.
            doing = _needs_priority(statement.action)
            opening = "Only once the legend rule's choice is made"
            waiting = choose_legend_first(state, doing, opening=opening)
            if waiting is None:
                # Likewise once the triggers waiting for their targets are on the stack
                # (117.5, 603.3d): the message says "no one can cast ... until it is stated".
                waiting = self.engine.waiting_refusal(state, doing)
            if waiting is not None:
                verdict = replace(
                    verdict,
                    notes=(*verdict.notes, f"{waiting.message} {waiting.hint}"),
                    rules=merge_rules(verdict.rules, waiting.rules),
                )
        if (
            isinstance(statement, ast.ResolveQuestion | ast.WhatIfQuestion)
            and verdict.kind is not VerdictKind.ERROR
            and (waiting := self.engine.waiting_refusal(state, "let the stack resolve"))
        ):
            # "What happens?" with a trigger still waiting for its targets: it goes on the
            # stack first, on top, so it resolves before what the answer played out (603.3d).
            verdict = replace(
                verdict,
                notes=(*verdict.notes, f"{waiting.message} {waiting.hint}"),
                rules=merge_rules(verdict.rules, waiting.rules),
                offers=verdict.offers or waiting.statements,
            )
        if after is state or verdict.kind in (VerdictKind.ILLEGAL, VerdictKind.ERROR):
            return after, verdict
        if over:
            # CR 104.2a: once every opponent has left, the last player has won; the game is
            # over, so nothing more happens in it (questions about it are still answered).
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"The game is over: {state.players_in_game[0]} won when every opponent left "
                "it (104.2a), so nothing more happens in it; questions about the board are "
                "still answered.",
                ("104.2a", "732.1"),
            )
        # CR 603.6c, 603.10a: a permanent that died triggers its own leaves abilities, and
        # those of the permanents that saw it die (Massacre Wurm) go on the stack ("Resolve
        # the stack." put them there after each item it resolved).
        if not isinstance(statement, ast.ResolveAll):
            after, verdict = with_death_triggers(state, after, verdict, self.engine.put_own_trigger)
        if groups := legend_groups(after):
            # CR 704.5j: the legend rule waits for its controller's choice, which the bot
            # can't make; never two legends of a name silently (QA 28 W7).
            verdict = replace(
                verdict,
                notes=(*verdict.notes, *(legend_rule_note(after, group) for group in groups)),
                rules=merge_rules(verdict.rules, (LEGEND_RULE,)),
            )
        if len(after.waiting_triggers) > len(state.waiting_triggers):
            # CR 603.3d: one with no legal choice for its targets is removed as it would be put
            # on the stack, so it doesn't wait; a saved game offers the statements that put
            # the others there.
            pending = after.waiting_triggers
            after, removed = self.engine.without_untargetable_waiting(after)
            # Its "say its targets" request is then moot (QA 54 M5: Anafenza with no other
            # tapped creature got both notes).
            still = {waiting.name for waiting in after.waiting_triggers}
            gone = {waiting.name for waiting in pending if waiting.name not in still}
            kept = tuple(
                note
                for note in verdict.notes
                if not any(f"say “{name}'s trigger targets" in note for name in gone)
            )
            verdict = replace(verdict, notes=(*kept, *removed))
            if not verdict.offers:
                verdict = replace(verdict, offers=self.engine.waiting_offers(after))
        return after, verdict

    def _act(self, state: GameState, s: ast.Statement, run: ScriptRun) -> tuple[GameState, Verdict]:
        match s:
            case ast.SetLife():
                state, name = self._player(state, s.player, run)
                return self.engine.set_life(state, name, s.life)
            case ast.Draws():
                state, name = self._player(state, s.player, run)
                return self.engine.draw(state, name, s.count, draw_step=s.draw_step)
            case ast.ChangeLife():
                state, name = self._player(state, s.player, run)
                return self.engine.change_life(state, name, s.amount)
            case ast.LifeQuestion():
                return state, self._life(state, s, run)
            case ast.PlayerCountQuestion():
                return state, self._player_count(state, s, run)
            case ast.CounterQuestion():
                return state, self._can_counter(state, s, run)
            case ast.EmptyHand():
                state, name = self._player(state, s.player, run)
                return _settled_unless_counted(self.engine, *self.engine.empty_hand(state, name))
            case ast.EmptyGraveyard():
                state, name = self._player(state, s.player, run)
                return _settled_unless_counted(
                    self.engine, *self.engine.empty_graveyard(state, name)
                )
            case ast.Gains(this_turn=True):
                state, ref = self._subject(state, s.subject, run)
                return self.engine.gain_ability(state, ref, s.ability, this_turn=True)
            case ast.HasAbility() | ast.Gains():
                state, ref = self._subject(state, s.subject, run)
                return self.engine.gain_ability(state, ref, s.ability)
            case ast.Loses():
                state, ref = self._subject(state, s.subject, run)
                return self.engine.lose_ability(state, ref, s.ability)
            case ast.SetStatus():
                return self._status(state, s, run)
            case ast.SetProtector():
                state, name = self._player(state, s.player, run)
                return self.engine.protect(state, self._object(state, s.battle, run), name)
            case ast.Attach():
                return self._attach(state, s, run)
            case ast.CanAttackQuestion(attacks=None):
                return state, self.engine.can_attack(state, self._object(state, s.attacker, run))
            case ast.CanAttackQuestion(attacks=attacks) if attacks is not None:
                attacker = self._object(state, s.attacker, run)
                state, attacked = self._target(state, attacks, run)
                return state, self.engine.can_attack(state, attacker, attacked)
            case ast.CanBlockQuestion(attacker=None):
                return state, self.engine.can_block_at_all(
                    state, self._object(state, s.blocker, run)
                )
            case ast.CanBlockQuestion(attacker=ast.ObjectRef() as attacking):
                blocker = self._object(state, s.blocker, run)
                attacker = self._object(state, attacking, run)
                if s.others:
                    together = [blocker, *(self._object(state, o, run) for o in s.others)]
                    return state, self._can_block_together(state, together, attacker)
                return state, self.engine.can_block(state, blocker, attacker)
            case ast.SetCounters():
                return self._counters(state, s, run)
            case ast.SetDamage():
                hurt = self._object(state, s.subject, run)
                marked = s.damage + (state.obj(hurt).damage if s.added else 0)
                return self.engine.set_damage(state, hurt, marked, deathtouch=s.deathtouch)
            case ast.LaterTurn():
                if state.stack:
                    # A turn ends only once the stack is empty (500.2, 514).
                    raise EngineError(
                        "The stack isn't empty: a turn can't end while spells or abilities wait "
                        "to resolve (500.2).",
                        hint="Say “Resolve the stack.” first, then “It is a later turn.”",
                    )
                if s.player is not None:
                    state, player = self._player(state, s.player, run)
                    return self.engine.players_turn(state, player)
                return self.engine.later_turn(state)
            case ast.DealsDamage(combat=True) if (
                run.saved
                or run.damage_held
                or self._same_damage_step(state, s, run.upcoming, run)
                # Others of its step still deal theirs, as the rules assign it (510.1, 510.2).
                or bool(self._left_to_deal(state, s, (s,), run))
            ):
                # CR 510.2: this step's other stated combat damage is dealt with it, and only
                # then are the state-based actions checked (704.3; ``_after_step``). A saved
                # game holds it until a later statement says something else (``_end_run``).
                source_id = self._object(state, s.source, run)
                state, target = self._combat_target(state, source_id, s.target, run)
                last = not self._same_damage_step(state, s, run.upcoming, run)
                first_step = self._in_first_step(state, s, run)
                after, verdict, deathtouched = self.engine.deal_combat_damage_held(
                    state,
                    source_id,
                    target,
                    s.amount,
                    last=last,
                    assigned_before=run.held_assigned.get(source_id, 0),
                    deathtouched=run.held_deathtouched,
                )
                if verdict.kind is VerdictKind.OK:
                    run.held_first_step = first_step
                    run.damage_held = True
                    run.held_hurt.append(target)
                    run.held_deathtouched.extend(deathtouched)
                    run.held_assigned[source_id] = run.held_assigned.get(source_id, 0) + s.amount
                return after, verdict
            case ast.AssignableQuestion():
                source_id = self._object(state, s.source, run)
                state, target = self._combat_target(state, source_id, s.target, run)
                return state, self.engine.assignable(state, source_id, target)
            case ast.CombatDamageTogether():
                return self._combat_damage_together(state, s, run)
            case ast.DealsDamage():
                source_id = self._object(state, s.source, run)
                state, target = (
                    self._combat_target(state, source_id, s.target, run)
                    if s.combat
                    else self._target(state, s.target, run)
                )
                first_step = s.combat and self._in_first_step(state, s, run)
                after, verdict = self.engine.deal_damage(
                    state, source_id, target, s.amount, combat=s.combat
                )
                if first_step and verdict.kind is VerdictKind.OK:
                    # CR 510.4: its first-strike damage is dealt; a double striker's next is
                    # the regular step's (QA 56 W5).
                    after = evolve(after, struck_first=after.struck_first | {source_id})
                return after, verdict
            case ast.SetMight():
                raise EngineError(
                    "Might is Riftbound's; this is a Magic game (use power and toughness).",
                    hint="Start a Riftbound game with `game new riftbound`.",
                )
            case ast.Pump(might=None):
                object_id = self._object(state, s.subject, run)
                return self.engine.pump(
                    state, object_id, s.power, s.toughness, this_turn=s.this_turn
                )
            case ast.Pump():
                raise EngineError(
                    "Might is Riftbound's; this is a Magic game.",
                    hint="Say “Runeclaw Bear gets +2/+2.”",
                )
            case ast.Cast():
                return self._cast_reading_it(state, s, run)
            case ast.CombatEnds():
                return self._combat_ends(state, s, run)
            case ast.UsualCombatDamage():
                return self._usual_combat_damage(state, s, run)
            case ast.WhoseTurn():
                state, player = self._player(state, s.player, run)
                return self.engine.whose_turn(state, player, s.step)
            case ast.OrderStackTriggers():
                state, player = self._player(state, s.player, run)
                item_id = self._stack_item(state, s.item, run)
                return self.engine.order_triggers(state, player, item_id, last=s.last)
            case ast.Activate():
                return self._activate(state, s, run)
            case ast.Trigger():
                return self._trigger(state, s, run)
            case ast.Becomes():
                return self._becomes(state, s, run)
            case ast.GainControl():
                state, name = self._player(state, s.player, run)
                # A permanent, or a spell on the stack (Commandeer).
                zones = (Zone.BATTLEFIELD, Zone.STACK)
                return self.engine.gain_control(
                    state, name, self._object(state, s.subject, run, zones=zones)
                )
            case ast.MovesZone():
                return self._moves(state, s, run)
            case ast.PutsOntoBattlefield():
                return self._puts_onto_battlefield(state, s, run)
            case ast.Sacrifice():
                return self._sacrifice(state, s, run)
            case ast.RegenerationShields():
                shielded = self._object(state, s.subject, run)
                return self.engine.set_regeneration_shields(state, shielded, s.count)
            case ast.Discards():
                state, name = self._player(state, s.player, run)
                cards = [self._object(state, c, run, zones=(Zone.HAND,)) for c in s.cards]
                return self.engine.discard(state, name, cards)
            case ast.KeepsLegend():
                state, name = self._player(state, s.player, run)
                kept = _kept_by_age(state, name, s.subject)
                if kept is None:
                    kept = self._object(state, s.subject, run)
                return self.engine.keep_legend(state, name, kept)
            case ast.LeavesGame():
                state, name = self._player(state, s.player, run)
                return self.engine.concede(state, name, s.how)
            case ast.Phases():
                object_id = self._object(state, s.subject, run)
                return self.engine.phase(state, object_id, out=s.phased_out)
            case ast.Resolve():
                return self._resolve(state, s, run)
            case ast.ChangeTargets():
                return self._change_targets(state, s, run)
        raise EngineError(f"Statements like “{s.text}” can't be played yet.")

    def _counters(
        self, state: GameState, s: ast.SetCounters, run: ScriptRun
    ) -> tuple[GameState, Verdict]:
        """``Bob's Zombie has 2 +1/+1 counters.`` / ``Alice has 3 poison counters.``"""
        ref = s.subject
        if isinstance(ref, ast.ObjectRef) and _counters_of_a_player(state, s.counter, ref):
            ref = ast.PlayerRef(ref.name)
        if isinstance(ref, ast.ObjectRef):
            return self._counters_on(state, self._object(state, ref, run), s)
        if (named := self._named_in_part(state, ref)) is not None:
            return self._counters_on(state, named, s)  # "Atraxa has 2 +1/+1 counters."
        if s.counter not in _PLAYER_COUNTERS:
            raise EngineError(
                f"{ref.name} is a player; {s.counter} counters go on permanents and cards (122.1).",
                hint="Players have poison, energy, experience or rad counters: “Alice has 3 "
                "poison counters.”",
            )
        state, name = self._player(state, ref, run)
        count = s.count + state.player(name).counters.get(s.counter, 0) if s.added else s.count
        return self.engine.set_player_counters(state, name, s.counter, count)

    def _controls(
        self, state: GameState, statement: ast.Controls, run: ScriptRun
    ) -> tuple[GameState, Verdict]:
        # What the new permanents bring about happens at once (CR 704.3): Mox Pearl under
        # March of the Machines is a 0/0 and dies (found by QA 8).
        host: int | str | None = None
        named_here = self._named_in_statement(statement)
        if statement.attached_to is not None and named_here is None:
            last = statement.permanents[-1]
            worn = self._known_card(last.name) if isinstance(last, ast.CardSpec) else None
            curse = worn is not None and enchants_player(worn.oracle_text)
            state, host = self._host(state, statement.attached_to, run, curse=curse)
        state, verdict = super()._controls(state, statement, run)
        if named_here is not None:
            # "Alice controls Grizzly Bears and Rancor attached to Grizzly Bears.": the
            # Grizzly Bears this statement puts there (QA 33 U4).
            host = next(
                (
                    i
                    for i in verdict.object_ids[:-1]
                    if i in state.objects and state.obj(i).name.casefold() == named_here.casefold()
                ),
                None,
            )
            if host is None and statement.attached_to is not None:
                host = self._object(state, statement.attached_to, run)
        state, verdict = self._with_counters(state, statement, verdict)
        state, verdict = self._as_copies(state, statement, verdict, run)
        if host is None and not statement.attached_to_first:
            verdict = _note_auras_attached_to_nothing(state, statement, verdict)
        if choices := enters_choice_notes(state.obj(i) for i in verdict.object_ids):
            verdict = replace(verdict, notes=(*verdict.notes, *dict.fromkeys(choices)))
        if statement.attached_to_first:
            host = verdict.object_ids[0]  # the first permanent named wears the last
        if host is not None:
            state, attached = self.engine.attach(state, verdict.object_ids[-1], host)
            verdict = replace(
                verdict,
                reason=verdict.reason.rstrip(".") + "; " + attached.reason + ".",
                rules=merge_rules(verdict.rules, attached.rules),
            )
        return _settled_unless_counted(self.engine, state, verdict)

    def _attach(
        self, state: GameState, statement: ast.Attach, run: ScriptRun
    ) -> tuple[GameState, Verdict]:
        """``Pacifism is attached to Runeclaw Bear.``: an Aura or Equipment already on the
        battlefield, attached to another permanent (or a Curse to a player) as stated; what
        its enchant ability or protection forbids is refused (301.5, 303.4, 704.5m-n). One not
        on the battlefield needs its controller said (QA 16, QA 17 #11)."""
        attachment = self._find(state, statement.attachment, self.board_zones, run, required=False)
        host_ref = statement.host
        if attachment is None:
            said = f"{statement.attachment.name} attached to {host_ref.name}"
            raise EngineError(
                f"{statement.attachment.name} isn't on the battlefield here: say who controls "
                f"{statement.attachment.name} and what it is attached to.",
                hint=f"{run.speaker or 'Alice'} controls {said}.",
            )
        curse = enchants_player(state.obj(attachment).oracle_text)
        state, host = self._host(state, host_ref, run, curse=curse)
        state, verdict = self.engine.attach(state, attachment, host)
        return self.engine.settle(state, replace(verdict, reason=verdict.reason + "."))

    def _known_card(self, name: str) -> CardData | None:
        """The card ``name`` resolves to; None when it doesn't resolve to one (the statement's
        own step says why)."""
        try:
            return self.cards.resolve(name)
        except (NotFoundError, AmbiguousError):
            return None

    def _host(
        self, state: GameState, ref: ast.ObjectRef, run: ScriptRun, *, curse: bool
    ) -> tuple[GameState, int | str]:
        """What an attachment is stated attached to: a permanent, or a player — for a
        ``curse`` (an Aura with "Enchant player", 702.5a, 303.4) a player first named here joins the
        game; otherwise an unknown name is a permanent not found (a misspelling)."""
        if state.has_player(ref.name):
            return state, state.player(ref.name).name
        found = self._find(state, ref, self.board_zones, run, required=False)
        if found is None and curse and ref.could_be_player:
            return self._player(state, ast.PlayerRef(name=ref.name), run)
        if found is None:
            self._refuse_unstated_host(state, ref, run)
        return state, self._object(state, ref, run)

    def _refuse_unstated_host(self, state: GameState, ref: ast.ObjectRef, run: ScriptRun) -> None:
        """ "Alice controls Control Magic enchanting Bob's Grizzly Bears." before any Grizzly
        Bears is stated: say how to put it there first, rather than only that it isn't there
        (QA 50 M2's setup, said in one statement)."""
        if ref.object_id is not None or self._depends_on_failure(ref, run) is not None:
            return
        try:
            card = self.cards.resolve(ref.name).name
        except (NotFoundError, AmbiguousError):
            return  # a misspelling: the usual "no such object" with the closest names
        if card.casefold() != ref.name.casefold() or self._named(state, card):
            return
        owner = ref.controller
        if owner is None or owner.is_opponent or (owner.is_speaker and not run.speaker.strip()):
            said = "Say who controls it first"
            example = f"Bob controls {card}."
        else:
            name = display_name(run.speaker if owner.is_speaker else owner.name)
            said = f"Say that {name} controls it first"
            example = f"{name} controls {card}."
        raise EngineError(
            f"There is no {card} on the battlefield to be attached to: a permanent named after "
            "“attached to” (or “enchanting”) is one already stated.",
            hint=f"{said}: “{example}”, then this statement.",
        )

    def _play_land(
        self, state: GameState, player: str, card: CardData
    ) -> tuple[GameState, Verdict]:
        """A land played from its owner's hand: the card stated there, if it was (a hand
        stated without it has none to play, 305.1, 601.2a's kin)."""
        in_hand = card_in_zone(state, Zone.HAND, card, player)
        if not isinstance(in_hand, int) and state.player(player).hand_stated:
            name = card.outside_stack().name
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{player}'s hand was stated without {name}, so there is no {name} to play: a "
                f"land is played from its owner's hand (305.1). Say “{player}'s hand has "
                f"{name}.” first.",
                ("305.1",),
            )
        state, verdict = self.engine.play_land(
            state, player, card, in_hand if isinstance(in_hand, int) else None
        )
        return self.engine.settle(state, verdict)

    def _named_in_statement(self, statement: ast.Controls) -> str | None:
        """The card name of what the last permanent is "attached to", when the same statement
        puts a permanent of that name on the board before it (it is that one)."""
        ref = statement.attached_to
        if ref is None or ref.controller or ref.ordinal or ref.object_id or not ref.name:
            return None
        try:
            wanted = self.cards.resolve(ref.name).name
        except (NotFoundError, AmbiguousError):
            return None
        for spec in statement.permanents[:-1]:
            if isinstance(spec, ast.CardSpec) and self.cards.resolve(spec.name).name == wanted:
                return wanted
        return None

    def _with_counters(
        self, state: GameState, statement: ast.Controls, verdict: Verdict
    ) -> tuple[GameState, Verdict]:
        """The counters "Walking Ballista with 2 +1/+1 counters" says it has, put on before
        state-based actions are checked (CR 122.1, 704.3)."""
        ids = list(verdict.object_ids)
        said: list[str] = []
        for spec in statement.permanents:
            count = spec.count if isinstance(spec, ast.CardSpec) else getattr(spec, "count", 1)
            made, ids = ids[:count], ids[count:]
            if not isinstance(spec, ast.CardSpec) or not spec.counters:
                continue
            for object_id in made:
                for kind, number in spec.counters:
                    state, _ = self.engine.add_counters(state, object_id, kind, number)
                    said.append(
                        f"{state.label(object_id)} has {counted(number, kind + ' counter')}"
                    )
        if not said:
            return state, verdict
        return state, replace(
            verdict, reason=verdict.reason.rstrip(".") + "; " + "; ".join(said) + "."
        )

    def _as_copies(
        self, state: GameState, statement: ast.Controls, verdict: Verdict, run: ScriptRun
    ) -> tuple[GameState, Verdict]:
        """``Alice controls Clone copying Troll Ascetic.``: it entered as a copy of that
        creature (CR 707.2), with the copy's exceptions (707.9b), before state-based actions
        are checked (a Clone copying nothing is a 0/0)."""
        ids = list(verdict.object_ids)
        said: list[str] = []
        wanted: list[tuple[list[int], int]] = []
        for spec in statement.permanents:
            count = spec.count
            made, ids = ids[:count], ids[count:]
            if isinstance(spec, ast.CardSpec) and spec.copy_of is not None:
                # Each original is found before any copy takes its name.
                wanted.append((made, self._object(state, spec.copy_of, run)))
        for made, original in wanted:
            for object_id in made:
                obj = state.obj(object_id)
                choice = copy_choice(obj.oracle_text)
                if choice is None:
                    raise EngineError(
                        f"{obj.name} doesn't enter as a copy of anything (only a card such as "
                        "Clone, “You may have this creature enter as a copy of …”, does).",
                        hint=f"{obj.controller} controls {obj.name}.",
                    )
                refuse_copy_choice(state, choice, original, obj.controller, obj.name)
                state, notes = become_copy(state, object_id, original, exceptions=choice.exceptions)
                copied = state.obj(object_id)
                counters = enters_with(evolve(copied, counters={}))
                for kind, number in copied.counters.items():
                    counters[kind] = counters.get(kind, 0) + number
                state = state.with_object(evolve(copied, counters=counters))
                said.append(
                    f"{obj.name} (#{object_id}) entered as a copy of {state.label(original)}: "
                    f"its printed values and copy effects, not its counters or other effects "
                    f"(707.2)" + "".join(f"; {note}" for note in notes)
                )
        if not said:
            return state, verdict
        return state, replace(
            verdict,
            reason=verdict.reason.rstrip(".") + "; " + "; ".join(said) + ".",
            rules=merge_rules(verdict.rules, ("707.2",)),
        )

    def _face_up(self, card: CardData, said: str) -> CardData:
        """A double-faced card called by its back face's name is that face (Tergrid's Lantern,
        Shatterskull, the Hammer Pass): "it has only the characteristics of the face that's
        up" (CR 712.8f, 712.8e); an Adventure or split half isn't a permanent face."""
        up = card.face_up_as(said)
        return up if up.elsewhere is not None else card

    def _enter(
        self, state: GameState, controller: str, card: CardData, place: None
    ) -> tuple[GameState, Verdict]:
        state, verdict = self.engine.add_permanent(state, controller, card)
        whole = card.elsewhere
        if verdict.ok and whole is not None and whole.spell_only_front:
            # QA 56 M9: "Alice controls Emeria's Call." names a sorcery face, which can't be a
            # permanent (110.4a): the card is on the battlefield with its permanent face up.
            front = whole.faces[0]
            kind = " and ".join(sorted(front.types.card_types)) or "nonpermanent"
            verdict = evolve(
                verdict,
                reason=f"{verdict.reason.rstrip('.')}, the face up of {whole.name}: its other "
                f"face, {front.name}, is {with_article(kind)} (110.4a), and a modal double-faced permanent "
                "has only the characteristics of the face that's up (712.8f).",
                rules=merge_rules(verdict.rules, ("110.4a", "712.8f")),
            )
        return state, verdict

    def _enter_token(
        self, state: GameState, controller: str, token: ast.TokenSpec, place: None
    ) -> tuple[GameState, Verdict]:
        predefined = _predefined(token)
        if predefined is not None:
            # CR 111.10: "a Treasure token" is a colorless Treasure artifact, not a creature.
            state, verdict = self.engine.add_token(
                state,
                controller,
                name=predefined.name,
                power=predefined.power,
                toughness=predefined.toughness,
                colors=predefined.colors,
                card_types=predefined.card_types,
                subtypes=predefined.subtypes,
                keywords=token.keywords,
                oracle_text=predefined.oracle_text,
            )
            kind = " ".join((*predefined.subtypes, *predefined.card_types))
            if not predefined.key:  # "Treasure artifact", not "Treasure Treasure artifact"
                kind = " ".join(predefined.card_types)
            return state, replace(
                verdict,
                reason=f"{verdict.reason.removesuffix('.')}: a predefined {predefined.name} "
                f"{kind} token ({predefined.rule}).",
                rules=(*verdict.rules, predefined.rule),
            )
        card_types = list(token.card_types)
        if token.is_creature and "creature" not in card_types:
            card_types.append("creature")
        card_types = [t for t in card_types if t != "unit"] or ["creature"]
        name = " ".join(word.capitalize() for word in token.subtypes) or "Token"
        return self.engine.add_token(
            state,
            controller,
            name=name,
            power=token.power,
            toughness=token.toughness,
            colors=token.colors,
            card_types=card_types,
            subtypes=token.subtypes,
            keywords=token.keywords,
        )

    def _card_zone(self, word: str) -> Zone:
        zone = _ZONE_BY_WORD.get(word)
        if zone is None or zone in (Zone.BATTLEFIELD, Zone.STACK):
            raise EngineError(f"Cards can't be put into “{word}” this way.")
        return zone

    def _hand_said_whole(self, state: GameState, owner: str) -> GameState:
        # "Bob's hand is Shock." (CR 402.1): as "Bob's hand is empty." and then Shock; the
        # cards already known there are said again, not a second copy.
        held = [o for o in state.zone_objects(Zone.HAND) if o.owner == owner]
        for obj in held:
            state, _ = state.move(obj.id, None, "was said again as the whole hand")
        return self.engine.empty_hand(state, owner)[0]

    def _known_empty(self, state: GameState, owner: str, zone: str) -> bool:
        # CR 402.1, 404.1: a hand or graveyard stated ("Bob's hand is empty.", "Alice's
        # graveyard is empty.", or the cards in it) holds only what the board shows.
        if not state.has_player(owner):
            return False
        player = state.player(owner)
        return (zone == "hand" and player.hand_stated) or (
            zone == "graveyard" and player.graveyard_stated
        )

    def _cost(self, state: GameState, name: str) -> Verdict:
        """Its mana cost and mana value (CR 202.1, 202.3); X counts as 0 off the stack
        (202.3e); a split card's halves are added up (202.3d). A spell of that name on the
        stack is answered as it is there first (QA 56 W2)."""
        off_stack = self._cost_off_stack(name)
        card = self.cards.resolve(name)
        names = {card.name.casefold(), *(face.name.casefold() for face in card.faces)}
        spell = next(
            (
                state.obj(entry.object_id)
                for entry in reversed(state.stack)
                if state.obj(entry.object_id).kind is ObjectKind.SPELL
                and (entry.name.casefold() in names or entry.name.casefold() == name.casefold())
            ),
            None,
        )
        if spell is None:
            # A double-faced permanent with its back face up (Tibalt, Cosmic Impostor; Sea
            # Gate, Reborn; Insectile Aberration): its mana value there (712.8e-f; QA 56 W4).
            face_up = next(
                (
                    obj
                    for obj in state.zone_objects(Zone.BATTLEFIELD)
                    if obj.name.casefold() == name.casefold()
                    and obj.name.casefold() != card.name.casefold()
                ),
                None,
            )
            if face_up is None:
                return off_stack
            rule = "712.8e" if "712.8e" in off_stack.rules else "712.8f"
            said = (
                f"On the battlefield, {state.label(face_up.id)} has mana value "
                f"{face_up.mana_value} ({rule}). Off it: {off_stack.reason}"
            )
            return Verdict(VerdictKind.OK, said, merge_rules((rule,), off_stack.rules))
        entry = state.entry(spell.id)
        why, rule = "", "202.3"
        if entry.x is not None:
            why, rule = f", with X = {entry.x} as chosen for it (202.3e)", "202.3e"
        elif spell.name.casefold() != card.name.casefold() and len(card.faces) > 1:
            adventure = "adventure" in " ".join(f.type_line.lower() for f in card.faces[1:])
            why, rule = (
                (", cast as an Adventure (715.3b)", "715.3b")
                if adventure
                else (", the half being cast only (709.3b)", "709.3b")
            )
        said = (
            f"On the stack, {state.label(spell.id)} has mana value {spell.mana_value}{why}. "
            f"Off the stack: {off_stack.reason}"
        )
        return Verdict(VerdictKind.OK, said, merge_rules((rule,), off_stack.rules))

    def _cost_off_stack(self, name: str) -> Verdict:
        card = self.cards.resolve(name)
        faces = card.faces
        adventure = next((f for f in faces[1:] if "adventure" in f.type_line.lower()), None)
        # A double-faced card off the battlefield and stack has only its front face (712.8a);
        # an adventurer card only its normal characteristics (715.4): the front's cost.
        front_only = bool(faces) and (adventure is not None or not card.mana_cost)
        cost = faces[0].mana_cost if front_only else card.mana_cost
        if not cost:
            return Verdict(
                VerdictKind.OK,
                f"{card.name} has no mana cost, so its mana value is 0 (202.3a).",
                ("202.3a",),
            )
        rules = ["202.1", "202.3"]
        said = f"{card.name} costs {cost}: its mana value is {card.mana_value}"
        if "{X}" in cost:
            said += ", with X counted as 0 (X is the number chosen only while it is on the stack)"
            rules.append("202.3e")
        if adventure is not None:
            said += (
                f", its creature half's alone (off the stack an adventurer card has only its "
                f"normal characteristics, 715.4); {adventure.name}, the Adventure, costs "
                f"{adventure.mana_cost}, which counts only while it is cast as an Adventure "
                "(715.3b)"
            )
            rules.extend(("715.4", "715.3b"))
        elif front_only and (back := _back_face_named(faces, name)) is not None:
            if _TRANSFORMS.search(" ".join(f.oracle_text for f in faces)):
                # "What is the mana value of Insectile Aberration?": a transformed permanent's
                # mana value is its front face's (712.8e; QA 56 M7).
                said += (
                    f", its front face's, and so is {back.name}'s when transformed on the "
                    "battlefield: a nonmodal double-faced card's back face uses its front "
                    "face's mana cost (712.8e)"
                )
                rules.append("712.8e")
            else:
                # A modal double-faced card's back face up has only its own (712.8f).
                own = (
                    f"costs {back.mana_cost} (mana value {back.mana_value})"
                    if back.mana_cost
                    else "has no mana cost (mana value 0)"
                )
                said += (
                    f" off the battlefield and stack (712.8a); {back.name}, its back face, "
                    f"{own} while it is the face up on the battlefield or stack (712.8f)"
                )
                rules.extend(("712.8a", "712.8f"))
        elif front_only:
            said += ", its front face's (a double-faced card has only its front face's "
            said += "characteristics off the battlefield and stack, 712.8a)"
            rules.append("712.8a")
        elif " // " in cost:
            said += " (both halves added up, as a split card off the stack)"
            rules.append("202.3d")
        return Verdict(VerdictKind.OK, f"{said}.", tuple(rules))

    def _can_block_together(self, state: GameState, blockers: list[int], attacker: int) -> Verdict:
        """ "Can Llanowar Elves and Raging Goblin block Grizzly Bears?": the block declared on a
        copy of the game (509.1a-c; two or more satisfy menace, 702.111b), nothing changed."""
        try:
            _, verdict = self.engine.block(state, blockers, [attacker], declared=True)
        except IllegalActionError as refused:
            return Verdict(VerdictKind.NO, f"No: {refused}", refused.rules)
        named = and_list(state.label(i) for i in blockers)
        return Verdict(
            VerdictKind.YES,
            f"Yes: {named} can block {state.label(attacker)} together: nothing the bot sees "
            "forbids that block (509.1a-c).",
            merge_rules(("509.1a", "509.1b", "509.1c"), verdict.rules),
        )

    def _seated_player(self, state: GameState, ref: ast.PlayerRef, run: ScriptRun) -> str:
        """The name of a player a question asks about, who must be in the game already: asking
        doesn't seat them."""
        asked, name = self._player(state, ref, run)
        if asked is not state:
            players = ", ".join(state.player_names) or "none yet"
            raise EngineError(
                f"{name} is not in this game (players: {players}).",
                hint=f"Name one of them, or set it: “{name} has 20 life.”",
            )
        return name

    def _life(self, state: GameState, question: ast.LifeQuestion, run: ScriptRun) -> Verdict:
        """“What is Bob's life total?”: as it is now (CR 119.1: 20 at the start, unless stated)."""
        player = state.player(self._seated_player(state, question.player, run))
        said = f"{player.name} has {player.life} life"
        if player.left_game:
            # CR 104.5: a player who lost left the game; nothing changes their life any more.
            return Verdict(
                VerdictKind.OK,
                f"{player.name} has left the game (104.5), with {player.life} life as "
                f"{player.name} left it.",
                ("104.5", "119.1"),
            )
        if player.life <= 0:
            return Verdict(
                VerdictKind.OK,
                f"{said}: 0 or less, so {player.name} loses the game (704.5a).",
                ("119.1", "704.5a"),
            )
        if player.life == 20:
            return Verdict(
                VerdictKind.OK, f"{said} (each player starts with 20, 119.1).", ("119.1",)
            )
        # CR 119.3: gains and losses change it from the starting 20 (119.1).
        return Verdict(VerdictKind.OK, f"{said}.", ("119.1", "119.3"))

    def _player_count(
        self, state: GameState, question: ast.PlayerCountQuestion, run: ScriptRun
    ) -> Verdict:
        """“How many creatures does Alice control?”, “How many cards are in Bob's hand?”:
        counted as a card's “for each ...” counts them (QA 59 U6), with their names."""
        name = self._seated_player(state, question.player, run)
        count = read_count(question.count_words)
        if count is None:
            raise EngineError(
                f"The bot counts card types, subtypes, supertypes and colours (“creatures”, "
                f"“artifact lands”, “Goblins”), not “{question.what}”.",
                hint=f"How many creatures does {name} control?",
            )
        # CR 110.2: a permanent's controller; 402.1, 404.1: a player's hand and graveyard.
        rule = {"battlefield": "110.2", "hand": "402.1", "graveyard": "404.1"}[question.zone]
        objects = counted_objects(state, name, count)
        caveat = player_count_caveat(state, name, count)
        if objects is None:
            return Verdict(VerdictKind.OK, f"Not known: {caveat}.", (rule,))
        if question.zone == "battlefield":
            owner, verb = name, "controls"
        else:
            owner, verb = f"{name}'s {question.zone}", "has"
        *words, last = question.what.split()
        one = " ".join((*words, type_singular(last)))
        many = counted(len(objects), one, question.what) if objects else f"no {question.what}"
        said = f"{owner} {verb} {many}"
        listed = f": {and_list([state.label(obj.id) for obj in objects])}" if objects else ""
        note = f" Note: {caveat}." if caveat else ""
        return Verdict(VerdictKind.OK, f"{said}{listed}.{note}", (rule,))

    def _player_survives(
        self, state: GameState, player: str, survive: bool, *, loses_asked: bool = False
    ) -> Verdict:
        """“Does Bob die?”: players don't die (700.4 is about permanents); a player at 0 or
        less life loses the game (704.5a), so the answer is about that, the stack played out."""
        after, resolved = self._resolve_all(state) if state.stack else (state, None)
        life = after.player(player).life
        lost = after.player(player).left_game or life <= 0
        kind = (
            (VerdictKind.NO if lost else VerdictKind.YES)
            if survive
            else (VerdictKind.YES if lost else VerdictKind.NO)
        )
        word = "Yes" if kind is VerdictKind.YES else "No"
        outcome = (
            f"{player} loses the game at {life} life (704.5a)"
            if lost
            else f"{player} is still in the game at {life} life"
        )
        played = (
            "once the stack resolves, " if resolved is not None else "nothing is on the stack: "
        )
        why = "" if loses_asked else "a player doesn't die, but loses at 0 life; "
        said = f"{word}: {why}{played}{outcome}."
        if resolved is not None:
            said += f" {resolved.reason} (Nothing is changed.)"
        rules = merge_rules(("704.5a",), resolved.rules if resolved is not None else ())
        return Verdict(kind, said, rules)

    def _fate(self, state: GameState, object_id: int) -> tuple[str | None, bool]:
        found = state.objects.get(object_id)
        if found is not None and found.zone is Zone.BATTLEFIELD:
            return None, False
        departure = state.departures.get(object_id)
        if departure is None:
            return "left the battlefield", False
        # CR 700.4: "dies" means is put into a graveyard from the battlefield (destroyed,
        # sacrificed, 0 toughness alike); a token does too, before it ceases to exist.
        return departure.event, departure.to_zone is Zone.GRAVEYARD

    def _not_on_stack(
        self, state: GameState, ref: ast.ObjectRef
    ) -> tuple[str, tuple[str, ...]] | None:
        """A land that was played (a special action, CR 305.1, 116.2a) or any other
        permanent on the battlefield: nothing on the stack to respond to."""
        found = [obj for obj in self._named(state, ref.name) if obj.zone is Zone.BATTLEFIELD]
        if not found:
            return None
        obj = found[-1]
        if "land" in obj.card_types:
            return (
                f"{obj.name} is a land: playing it is a special action that doesn't use the "
                "stack, so no player can respond to it (305.1, 116.2a).",
                ("305.1", "116.2a"),
            )
        return (
            f"{obj.name} is on the battlefield, not on the stack, so there is nothing to "
            "respond to (117.7): a permanent spell can be responded to only while it waits on "
            "the stack, before it resolves and enters (608.3a).",
            ("117.7", "608.3a"),
        )

    def _stack_ids(self, state: GameState) -> tuple[int, ...]:
        return tuple(entry.object_id for entry in state.stack)

    def _board_text(self, state: GameState) -> list[tuple[str, str]]:
        return board_text(state)

    def _ceased_to_exist(self, state: GameState, name: str) -> str | None:
        """A token that left the battlefield ceased to exist (CR 111.7, 704.5d): "Zombie (#1),
        a token, died and ceased to exist"."""
        gone = next(
            (
                d
                for d in reversed(list(state.departures.values()))
                if d.new_id is None
                and d.snapshot.kind is ObjectKind.TOKEN
                and d.snapshot.name.casefold() == name.casefold()
            ),
            None,
        )
        if gone is None:
            return None
        return (
            f"{gone.snapshot.name} (#{gone.old_id}) was a token: it {gone.event} and then ceased "
            "to exist, so it is in no zone now (111.7, 704.5d)."
        )

    def _facts(self, state: GameState, object_id: int) -> ObjectFacts:
        obj = as_seen(state, state.obj(object_id))
        on_stack = obj.zone is Zone.STACK
        controlled = obj.zone is Zone.BATTLEFIELD or on_stack
        return ObjectFacts(
            name=f"{obj.name} (#{object_id})",
            line=object_words(state, obj),
            type_line=type_line_of(obj.supertypes, obj.card_types, obj.subtypes),
            keywords=current_keywords(state, obj) if obj.zone is Zone.BATTLEFIELD else None,
            keywords_if=tuple(
                (keyword, grant.condition)
                for grant in state.unsettled_grants.get(object_id, ())
                for keyword in grant.keywords
            ),
            damage=obj.damage,
            # CR 306.5c, 310.4c: loyalty and defense are those counters; 122.2: a card that
            # left the battlefield keeps none.
            counters=(
                *obj.counters.items(),
                *((("loyalty", obj.loyalty),) if obj.loyalty is not None else ()),
                *((("defense", obj.defense),) if obj.defense is not None else ()),
            )
            if obj.zone is Zone.BATTLEFIELD
            else (),
            counter_rules=(("loyalty", "306.5c"), ("defense", "310.4c")),
            controller=obj.controller if controlled else "",
            owner=obj.owner,
            tapped=obj.tapped,
            tapped_words=("untapped", "tapped"),
            # CR 112.2 / 113.8: a spell's or ability's controller; 110.2: a permanent's.
            control_rules=(
                ("108.3", "112.2")
                if on_stack
                else ("108.3", "110.2")
                if controlled
                else ("108.4", "108.4a")
            ),
            status_rules=("110.5",),
            combat=(obj.attacking, obj.blocking),
            blocked=obj.blocked,
            zone=obj.zone.value,
            board_zones=(Zone.BATTLEFIELD.value,),
            zone_rules=("400.1",),
            attached=tuple(f"{a.name} (#{a.id})" for a in state.attached_to(object_id)),
            attach_rules=("701.3a",),
            no_controller=f"it is a card {object_words(state, obj)}, and a card has a "
            "controller only as a permanent or a spell (108.4); anything asking for its "
            "controller uses its owner instead (108.4a)",
        )

    def _status(
        self, state: GameState, s: ast.SetStatus, run: ScriptRun
    ) -> tuple[GameState, Verdict]:
        status = s.status.lower()
        if status == "blocking" and s.others:
            # "Grizzly Bears is blocking Grizzly Bears." with one on each side: the blocker
            # is the defending player's (509.1a; QA 62 U3), once the attacker is known.
            attackers = [self._attacker(state, ref, run) for ref in s.others]
            object_id = self._blocker(state, s.subject, attackers, run)
        else:
            object_id = (
                self._attacker(state, s.subject, run)
                if status == "blocked" and s.others
                else self._attacking_player(state, s, run)
            )
        if s.attacks is not None and status != "attacking":
            # "Grizzly Bears is attacking Bob and unblocked." (CR 508.1b, 509.1h): whom it
            # attacks, then how it was blocked.
            state, attacked = self._target(state, s.attacks, run)
            state, attacking = self.engine.attack(state, object_id, attacked)
            if attacking.kind is not VerdictKind.OK:
                return state, attacking
            state, blocked = self._status(state, replace(s, attacks=None), run)
            return state, evolve(
                blocked,
                reason=f"{attacking.reason.rstrip('.')}; {blocked.reason}",
                rules=merge_rules(attacking.rules, blocked.rules),
            )
        if status in ("tapped", "untapped"):
            return self.engine.set_status(state, object_id, tapped=status == "tapped")
        if status in ("removed from combat", "not attacking", "no longer attacking"):
            # CR 506.4: "target attacking creature" (Condemn) no longer fits it, nor "target
            # blocked creature" (Smite).
            obj = state.obj(object_id)
            after = state.with_object(removed_from_combat(obj))
            return after, Verdict(
                VerdictKind.OK,
                f"{state.label(object_id)} is {status}: it is no longer an attacking, "
                "blocking, blocked or unblocked creature (506.4).",
                ("506.4",),
                object_ids=(object_id,),
            )
        if status in ("not blocking", "no longer blocking"):
            obj = state.obj(object_id)
            return state.with_object(replace(obj, blocking=False, blocking_ids=())), Verdict(
                VerdictKind.OK,
                f"{state.label(object_id)} is {status} (506.4).",
                ("506.4",),
                object_ids=(object_id,),
            )
        # "Alice attacks Bob with Grizzly Bears." / "Alice declares ... as an attacker." declare
        # it now, so it must be untapped (508.1a); "... is attacking" says what is so.
        declaring = _DECLARES_ATTACK.search(s.text or "") is not None
        if status == "attacking" and s.attacks is not None:
            # "Grizzly Bears is attacking Bob." (CR 508.1b)
            state, attacked = self._target(state, s.attacks, run)
            return self.engine.attack(state, object_id, attacked, declared=declaring)
        if status == "attacking":
            return self.engine.attack(state, object_id, declared=declaring)
        if status == "blocking" and s.others:
            # "Llanowar Elves is blocking Grizzly Bears." (CR 509.1g); "Llanowar Elves blocks
            # Grizzly Bears." declares it now (509.1a).
            declared = _DECLARES_BLOCK.search(s.text or "") is not None
            try:
                after, verdict = self.engine.block(state, [object_id], attackers, declared=declared)
            except IllegalActionError as refused:
                if not declared:
                    raise
                # A block declared now that the rules forbid is an illegal action (509.1b-c,
                # 732.1; QA 56 M4: it was answered as an error).
                return state, Verdict(
                    VerdictKind.ILLEGAL, refused.message, merge_rules(refused.rules, ("732.1",))
                )
            if declared:
                self._require_menace_blockers(after, attackers, run)
            return after, verdict
        if status == "blocking":
            return self.engine.set_status(state, object_id, blocking=True)
        if status == "blocked" and s.others:
            # "Grizzly Bears is blocked by Llanowar Elves." (CR 509.1h)
            blockers = [self._blocker(state, ref, [object_id], run) for ref in s.others]
            return self.engine.block(state, blockers, [object_id])
        if status in ("blocked", "unblocked"):
            return self.engine.set_blocked(state, object_id, blocked=status == "blocked")
        if status == "phased out":
            return self.engine.phase(state, object_id, out=True)
        if status in ("face down", "face up") and s.by is not None:
            return self._turned_by(state, object_id, s, run)
        if status in ("face down", "face up"):
            return self.engine.turn_face(state, object_id, down=status == "face down")
        if status in ("disguised", "cloaked"):
            return self.engine.turn_face(state, object_id, down=True, how=status)
        raise EngineError(f"“{s.status}” is not a status this bot knows.")

    def _turned_by(
        self, state: GameState, object_id: int, s: ast.SetStatus, run: ScriptRun
    ) -> tuple[GameState, Verdict]:
        """“Alice turns Den Protector face up.” (QA 57 M13): a special action its controller
        takes any time they have priority (CR 116.2b, 702.37e), so a spell with split second
        on the stack doesn't stop it (702.61b); “face down” is said as the board change."""
        assert s.by is not None
        state, player = self._player(state, s.by, run)
        obj = state.obj(object_id)
        if s.status == "face down":
            return self.engine.turn_face(state, object_id, down=True)
        if obj.face_down and obj.controller.casefold() != player.casefold():
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{obj.controller} controls {state.label(object_id)}: only its controller may "
                "turn a face-down permanent face up (702.37e, 116.2b).",
                ("702.37e", "116.2b", "732.1"),
            )
        after, verdict = self.engine.turn_face(state, object_id, down=False)
        said = (
            f"{player} turns it face up: a special action, which a player may take any time "
            "they have priority (116.2b)"
        )
        rules: tuple[str, ...] = ("116.2b",)
        if (fast := split_second_spell(state)) is not None:
            said += f"; {fast.name}'s split second doesn't stop special actions (702.61b)"
            rules = ("116.2b", "702.61b")
        return after, evolve(
            verdict,
            reason=f"{said}. {verdict.reason}",
            rules=merge_rules(rules, verdict.rules),
        )

    def _found_or_none(self, state: GameState, ref: ast.ObjectRef, run: ScriptRun) -> int | None:
        """The object ``ref`` names on the board, or None (none, or several) without an error."""
        try:
            return self._find(state, ref, self.board_zones, run, required=False)
        except UserError:
            return None

    def _require_menace_blockers(
        self, state: GameState, attacker_ids: Sequence[int], run: ScriptRun
    ) -> None:
        """Refuse a declared block that leaves a creature with menace blocked by one creature
        once the script shows the blocks complete: the next statement that isn't a question
        declares no other blocker for it (CR 702.111b, 509.1b). Blocks the bot can't see the
        end of (the script's last, or a saved game's) keep the block's note instead."""
        alone = [i for i in attacker_ids if blocked_alone_with_menace(state, i)]
        if not alone or run.following is None:
            return
        ended_by = None
        for item in run.following:
            if isinstance(item, ScenarioError):
                return  # not understood: whether it adds a blocker isn't known
            if type(item).__name__.endswith("Question"):
                continue  # a question changes nothing (the blocks may still go on)
            if (
                isinstance(item, ast.SetStatus)
                and item.status.lower() in ("blocking", "blocked")
                and item.others
            ):
                named = item.others if item.status.lower() == "blocking" else (item.subject,)
                joined = {self._found_or_none(state, ref, run) for ref in named}
                alone = [i for i in alone if i not in joined]
                if not alone:
                    return
                continue
            ended_by = item
            break
        if ended_by is None:
            return
        attacker = state.obj(alone[0])
        (blocker,) = blockers_of(state, attacker.id)
        raise IllegalActionError(
            f"{state.label(blocker.id)} can't block {state.label(attacker.id)} alone: "
            f"{attacker.name} has menace, so it can't be blocked except by two or more creatures "
            f"(702.111b), and no other blocker is declared for it before “{ended_by.text}”, so "
            "this declaration of blockers is illegal (509.1b).",
            rules=("702.111b", "509.1b"),
            hint=f"Declare both blockers: “{blocker.name} and … block {attacker.name}.”, or "
            f"another “… blocks {attacker.name}.” right after this one.",
        )

    # ---- casting, activating, triggering ----------------------------------------------------
    def _has_flashback(self, state: GameState, card: CardData, card_id: int) -> bool:
        """Whether the card in the graveyard has flashback, printed or given (CR 702.34a)."""
        printed = any(k.startswith("flashback") for k in printed_keywords(card))
        return printed or self.engine.has_granted_flashback(state, card_id)

    @staticmethod
    def not_in_stated_hand(state: GameState, player: str, name: str) -> Verdict:
        """A card cast from a hand stated without it (CR 601.2a): refused, with what works."""
        held = [obj.name for obj in state.zone_objects(Zone.HAND) if obj.owner == player]
        has = f"has only {and_list(held)}" if held else "is empty"
        return Verdict(
            VerdictKind.ILLEGAL,
            f"{player}'s hand {has} (as stated), so there is no {name} in it to cast: a spell "
            f"is cast from where its card is (601.2a). Say “{player}'s hand has {name}.” "
            f"first, or where it is cast from (“{player} casts {name} from exile.”, "
            "“... with flashback.”).",
            ("601.2a",),
        )

    def _implied_cast_zone(
        self, state: GameState, card: CardData, player: str, face: str | None
    ) -> str:
        """“graveyard” or “exile” when ``player`` casts ``card`` without saying from where and
        it isn't in their hand but in a zone it may be cast from, else ""."""
        in_graveyard = card_in_zone(state, Zone.GRAVEYARD, card, player)
        if isinstance(in_graveyard, int) and self._has_flashback(state, card, in_graveyard):
            return "graveyard"
        creature = card.outside_stack().name
        # CR 715.3d: only the creature, not the Adventure again, is cast from that exile.
        adventurer = creature != card.name and face in (None, creature)
        if adventurer and isinstance(card_in_zone(state, Zone.EXILE, card, player), int):
            return "exile"
        return ""

    def _cast_reading_it(
        self, state: GameState, s: ast.Cast, run: ScriptRun
    ) -> tuple[GameState, Verdict]:
        """ "Alice casts Giant Growth targeting it." (QA 49 U5): "it" is what the stack shows
        it can mean: the only object the top spell or ability targets, else that spell or
        ability itself ("Alice casts Counterspell targeting it."), whichever the new spell can
        legally target (601.2c); the answer says how "it" was read."""

        def is_it(target: ast.Target) -> bool:
            return (
                isinstance(target, ast.ObjectRef)
                and target.name == ast.PRONOUN_IT
                and target.object_id is None
            )

        if s.choices.dealt:
            s = self._dealt_as_the_card_says(s)
        if not any(is_it(t) for t in s.choices.targets):
            return self._cast_or_say_gift(state, s, run)
        candidates = _what_it_means(state)
        if not candidates:
            raise EngineError(
                "“it” does not say which object: nothing on the stack targets one object for "
                "it to mean; name it (or use its #id).",
                hint=render_statement(replace(s, text="")).replace(" it.", " Grizzly Bears."),
            )
        first: tuple[GameState, Verdict] | None = None
        failure: EngineError | None = None
        why_not: str = ""
        for object_id in candidates:
            named = replace(
                s,
                choices=replace(
                    s.choices,
                    targets=tuple(
                        ast.ObjectRef(name="", object_id=object_id) if is_it(t) else t
                        for t in s.choices.targets
                    ),
                ),
            )
            try:
                after, verdict = self._cast_or_say_gift(state, named, run)
            except EngineError as error:
                failure = failure or error
                why_not = error.message
                continue
            read = f"“it” read as {state.label(object_id)}"
            verdict = replace(verdict, notes=(f"{read} (601.2c)", *verdict.notes))
            if verdict.kind not in (VerdictKind.ILLEGAL, VerdictKind.ERROR):
                return after, verdict
            first = first or (after, verdict)
            why_not = verdict.reason
        if first is not None or failure is not None:
            # Nothing "it" could mean is a legal target: the pronoun, not the spell, is the
            # doubt (QA 56 M8), so ask rather than call the cast illegal.
            meant = " or ".join(state.label(i) for i in candidates)
            # QA 56 M11: why the spell or ability on top can't be the target, not a hint that
            # names an illegal one.
            raise EngineError(
                f"“it” would be {meant}, and {s.card} can't target "
                f"{'that' if len(candidates) == 1 else 'either'} (for "
                f"{state.label(candidates[-1])}: {why_not.rstrip('.')}): name what it targets "
                "(601.2c).",
            )
        raise EngineError("“it” does not say which object; name it (or use its #id).")

    def _dealt_as_the_card_says(self, s: ast.Cast) -> ast.Cast:
        """ "Alice casts Arc Trail dealing 1 to Bob and 2 to Grizzly Bears.": a spell with a
        fixed amount for each target (Arc Trail: "2 damage to any target and 1 damage to
        another target") takes its targets in the order of its text, so the amounts said
        order them (601.2c); a divided spell (Forked Bolt) takes them as its division (601.2d)."""
        card = self.cards.resolve(s.card)
        fixed = [int(n) for n in _FIXED_DAMAGE.findall(card.oracle_text)]
        said = list(s.choices.division)
        if not fixed:
            return replace(s, choices=replace(s.choices, dealt=False))
        targets = list(s.choices.targets)
        if (
            said != fixed
            and len(said) == len(fixed) == len(targets)
            and sorted(said) == sorted(fixed)
        ):
            # The amounts said in another order: each target goes where its amount is.
            pairs = sorted(zip(said, targets, strict=True), key=lambda pair: fixed.index(pair[0]))
            targets = [target for _, target in pairs]
            said = [amount for amount, _ in pairs]
        if said != fixed:
            raise EngineError(
                f"{card.name} deals {' and '.join(map(str, fixed))} damage to its targets in the "
                f"order of its text (“{card.oracle_text.strip()}”), so "
                f"{' and '.join(map(str, s.choices.division))} can't be chosen (601.2c-d).",
                hint="Name the targets in the card's order: “… targeting Grizzly Bears and Bob.”",
            )
        return replace(
            s, choices=replace(s.choices, targets=tuple(targets), division=(), dealt=False)
        )

    def _cast_or_say_gift(
        self, state: GameState, s: ast.Cast, run: ScriptRun
    ) -> tuple[GameState, Verdict]:
        """The cast; refused without its gift where the gift promised would allow it (Long
        River's Pull at a Lightning Bolt), it says so (CR 702.174m: the gift's target is
        chosen only if the gift is promised)."""
        try:
            after, verdict = self._cast(state, s, run)
        except IllegalActionError as error:
            if self._legal_with_gift(state, s, run):
                error.hint = error.hint or self._gift_hint(s)
            raise
        if verdict.kind is VerdictKind.ILLEGAL and self._legal_with_gift(state, s, run):
            verdict = replace(verdict, notes=(*verdict.notes, self._gift_hint(s)))
        if (
            verdict.kind is VerdictKind.ILLEGAL
            and not s.choices.targets
            and ", not 0 (601.2c)" in verdict.reason
        ):
            # "Alice responds with Giant Growth." (QA 49 W3): a target left unsaid, not a
            # cast without one; the game is kept as it was and the answer asks for it.
            said, first = self._legal_targets_said(state, s, run)
            raise EngineError(
                f"Say what {s.card} targets as it is cast (601.2c): {verdict.reason}{said}",
                hint=f"{render_statement(replace(s, text='')).rstrip('.')} targeting {first}."
                if first
                else "",
            )
        return after, verdict

    def _legal_targets_said(self, state: GameState, s: ast.Cast, run: ScriptRun) -> tuple[str, str]:
        """(" Legal targets now: ...", the first one's name) for the card cast; ("", "") if
        the bot can't list them."""
        question = ast.LegalTargetsQuestion(source=ast.ObjectRef(s.card))
        try:
            _, listed = self._legal_targets(state, question, run)
        except (UserError, EngineError):
            return "", ""
        options = [option for slot in listed.slots for option in slot.options]
        if not options or not listed.reason.startswith("Legal"):
            return "", ""
        first = options[0]
        name = state.obj(first.object_id).name if first.object_id is not None else first.player
        return f" Legal targets now: {listed.reason.split(': ', 1)[-1]}", name or ""

    def _legal_with_gift(self, state: GameState, s: ast.Cast, run: ScriptRun) -> bool:
        if s.choices.gift_to is not None or not s.choices.targets:
            return False
        if gift_of(self.cards.resolve(s.card)) is None:
            return False
        try:
            _, verdict = self._cast(state, replace(s, choices=replace(s.choices, gift_to="")), run)
        except EngineError:
            return False
        return verdict.ok

    @staticmethod
    def _gift_hint(s: ast.Cast) -> str:
        return (
            "With its gift promised it could (702.174m): “… casts "
            f"{s.card} promising the gift targeting …”."
        )

    def _cast(self, state: GameState, s: ast.Cast, run: ScriptRun) -> tuple[GameState, Verdict]:
        if s.choices.destination is not None:
            raise EngineError(
                "“moving it to …” chooses where a Riftbound spell moves a unit; a Magic spell "
                "has no such choice.",
                hint="Leave it out, or start a Riftbound game (game:riftbound).",
            )
        if s.choices.accelerate or s.choices.repeats:
            keyword = "Accelerate" if s.choices.accelerate else "Repeat"
            raise EngineError(
                f"{keyword} is a Riftbound keyword (an optional additional cost as a card is "
                "played); a Magic spell has no such cost.",
                hint="Leave it out, or start a Riftbound game (game:riftbound).",
            )
        state, player = self._player(state, s.player, run)
        card = self.cards.resolve(s.card)
        if s.verb == "play" and "land" in card.outside_stack().types.card_types:
            # "Alice plays Forest.": a land is played, not cast (305.1).
            return self._play_land(state, player, card)
        state, sacrificed = self._sacrificed(state, player, s.choices.sacrificed, run)
        exiled = self._exiled_from_graveyard(state, s.choices.exiled, run)
        if (
            sacrificed
            and "pitch" not in s.choices.methods
            and sacrifices_for_alternative_cost(card.oracle_text)
        ):
            # "Fireblast by sacrificing two Mountains": its alternative cost (CR 118.9).
            said = and_list(
                item.name if isinstance(item, ast.ObjectRef) and item.name else str(item)
                for item in s.choices.sacrificed
            )
            s = replace(
                s,
                choices=replace(
                    s.choices,
                    methods=(*s.choices.methods, "pitch"),
                    cost_text=s.choices.cost_text or f"sacrificing {said}",
                ),
            )
        s = replace(s, choices=cast_methods.as_additional_choice(card, s.choices))
        face = self._face_cast(card, s.card, s.choices.face)
        if (refused := _aftermath_refusal(state, player, card, face)) is not None:
            return state, refused
        if (refused := cast_methods.refusal(card, s.choices)) is not None:
            return state, refused
        state, convoked = self._convoked(state, player, s.choices, run)
        if isinstance(convoked, Verdict):
            return state, convoked
        # Targets named for Boon Satyr mean it is cast bestowed (CR 702.103b).
        alternative = s.choices.alternative or (
            self.engine.alternative_for_targets(state, card, face) if s.choices.targets else ""
        )
        # An alternative cost in its text ("by paying 4 life"): the engine pays its life.
        pitch = (
            (s.choices.cost_text or "alternative cost")
            if {"pitch", "additional choice"} & set(s.choices.methods)
            else ""
        )
        # Flashback: the card in the caster's graveyard, if the board has it there (702.34a).
        cast_card: CardData | int = card
        # Likewise a card cast from a graveyard or exile another way (escape, jump-start,
        # foretell, plot, suspend: QA 13 #8).
        if (
            cast_methods.zone_cast_from(s.choices) is None
            and not s.choices.flashback
            and not isinstance(card_in_zone(state, Zone.HAND, card, player), int)
        ):
            # Not in the caster's hand but where it may be cast from: an adventurer card
            # exiled by its own Adventure (715.3d), or a flashback card in the graveyard
            # (702.34a): that is the card cast, as if "from exile" or "from her graveyard"
            # were said (QA 33).
            implied = self._implied_cast_zone(state, card, player, face)
            if implied:
                s = replace(s, choices=replace(s.choices, from_zone=implied))
        zone = cast_methods.zone_cast_from(s.choices)
        if zone is not None:
            cast_card = card_in_zone(state, zone, card, player)
            adventurer = card.outside_stack().name != card.name
            # (Another copy may be anywhere else; a card in the other zone a spell is cast from
            # is this one.)
            there = (
                _owned_elsewhere(state, card, player, {Zone.GRAVEYARD, Zone.EXILE} - {zone})
                if isinstance(cast_card, CardData) and adventurer and not s.choices.flashback
                else None
            )
            if there is not None:
                # CR 601.2a: a spell is cast from where its card is; the board has this
                # adventurer somewhere else (a countered Stomp's Giant is in the graveyard,
                # 715.4; QA 31 W2: "from exile" made a second card).  Other cards may well be
                # another copy (a second Rift Bolt), so only the Adventure mix-up is refused.
                said = "exile" if zone is Zone.EXILE else f"{player}'s {zone.value}"
                return state, Verdict(
                    VerdictKind.ILLEGAL,
                    f"{card.outside_stack().name} is in {player}'s {there.zone.value}, not in "
                    f"{said}: a card is cast from where it is (601.2a).",
                    ("601.2a",),
                )
        else:
            # CR 601.2a: the card moves from where it is to the stack; a card stated in the
            # caster's hand is that one (QA 33: it stayed in the hand beside its spell).
            cast_card = card_in_zone(state, Zone.HAND, card, player)
            if (
                isinstance(cast_card, CardData)
                and state.has_player(player)
                and state.player(player).hand_stated
            ):
                # CR 601.2a: the card moves from where it is to the stack; the hand was stated
                # ("Bob's hand is empty.", then the cards put in it) without this card, so
                # there is none to cast from it (QA 33: an Opt was cast from nowhere).
                return state, self.not_in_stated_hand(state, player, card.name)
        flashback_said = s.choices.flashback
        if (
            zone is Zone.GRAVEYARD
            and not s.choices.flashback
            and not s.choices.methods
            and isinstance(cast_card, int)
            and self._has_flashback(state, card, cast_card)
        ):
            # "Casts Lightning Bolt from her graveyard" after Snapcaster Mage (or a card with
            # its own flashback): cast that way, it is exiled as it leaves the stack (702.34a;
            # QA 29 W6: it went back to the graveyard, ready to be cast again).
            s = replace(s, choices=replace(s.choices, flashback=True))
        if s.choices.flashback:
            cast_card = card_in_zone(state, Zone.GRAVEYARD, card, player)
            there = (
                _owned_elsewhere(state, card, player, {Zone.HAND, Zone.EXILE, Zone.LIBRARY})
                if isinstance(cast_card, CardData)
                else None
            )
            if there is not None:
                # CR 702.34a: flashback casts the card from its owner's graveyard only; the
                # board has it somewhere else (a hand) and not there.
                where = there.zone.value
                return state, Verdict(
                    VerdictKind.ILLEGAL,
                    f"{card.name} is in {player}'s {where}, not their graveyard: flashback "
                    "casts a card only from its owner's graveyard (702.34a).",
                    ("702.34a",),
                )

        itself = next(
            (
                t
                for t in s.choices.targets
                if isinstance(t, ast.ObjectRef)
                and t.object_id is None
                and t.name.casefold() in {card.name.casefold(), (face or "").casefold()}
                and not state.objects_named(t.name)
            ),
            None,
        )
        if itself is not None:
            # "Bob casts Counterspell targeting Counterspell": the spell itself, which can't
            # be its own target (115.5); no other object has that name.
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{itself.name} can't target itself: a spell or ability on the stack is an "
                "illegal target for itself (115.5), and there is no other "
                f"{itself.name} to target.",
                ("115.5",),
            )
        # The targets are named first: naming one may add a player ("targeting Bob and
        # Grizzly Bears"), whom "target opponent" can choose only then (QA 19); the modes and
        # slots are read on the game as it is once they are named.
        state, targets = self._targets(state, s.choices.targets, run)
        modes, slots, progress = self._modes_and_slots(
            lambda: self.engine.start_cast(
                state,
                player,
                cast_card,
                face=face,
                overload=s.choices.overload,
                kicked=s.choices.kicked,
                entwined=s.choices.entwined,
                sacrificed=sacrificed,
                alternative=alternative,
                any_time=s.choices.any_time,
                flashback=s.choices.flashback,
                jump_start="jump-start" in s.choices.methods,
                pitch=pitch,
                gift_to=s.choices.gift_to,
                bargained=s.choices.bargained,
                additional_paid=s.choices.additional_paid,
                exiled=exiled,
            ),
            s.choices,
            targets,
        )
        grouped = group_targets(slots, targets)
        after, verdict = self.engine.cast(
            state,
            player,
            cast_card,
            face=face,
            modes=modes,
            x=s.choices.x,
            targets=grouped,
            division=forced_division(progress, slots, grouped, s.choices),
            overload=s.choices.overload,
            kicked=s.choices.kicked,
            entwined=s.choices.entwined,
            sacrificed=sacrificed,
            alternative=alternative,
            alternative_implied=alternative != s.choices.alternative,
            started=progress,
            any_time=s.choices.any_time,
            flashback=s.choices.flashback,
            jump_start="jump-start" in s.choices.methods,
            pitch=pitch,
            gift_to=s.choices.gift_to,
            bargained=s.choices.bargained,
            additional_paid=s.choices.additional_paid,
            exiled=exiled,
        )
        verdict = cast_methods.explained(verdict, card.name, s.choices)
        verdict = with_inferred_mode_note(verdict, progress, modes, s.choices)
        if verdict.ok and s.choices.flashback and not flashback_said:
            verdict = replace(
                verdict,
                notes=(
                    *verdict.notes,
                    f"{card.name} has flashback and is cast from {player}'s graveyard, so it is "
                    "cast with flashback: it is exiled instead of going anywhere else as it "
                    "leaves the stack (702.34a).",
                ),
            )
        elsewhere = (
            _owned_elsewhere(state, card, player, {Zone.GRAVEYARD, Zone.EXILE})
            if verdict.ok and zone is None and isinstance(cast_card, CardData)
            else None
        )
        if elsewhere is not None:
            # CR 601.2a: a spell is cast from where its card is; nothing said lets this one be
            # cast from there, so the bot takes another copy from the hand.
            where = "exile" if elsewhere.zone is Zone.EXILE else f"{player}'s graveyard"
            verdict = replace(
                verdict,
                notes=(
                    *verdict.notes,
                    f"{state.label(elsewhere.id)} stays in {player}'s {elsewhere.zone.value}: "
                    f"this is another {card.name} from {player}'s hand. To cast that one, say "
                    f"“{player} casts {card.name} from {where}.” (601.2a).",
                ),
            )
        if verdict.ok and after.stack and {"evoke", "offspring"} & set(s.choices.methods):
            run.cast_methods[after.stack[-1].object_id] = s.choices.methods
        if verdict.ok and s.choices.counters_paid is not None:
            after, verdict = self._counters_paid(after, player, verdict, s.choices, run)
        if verdict.ok and convoked:
            # Convoke's creatures are tapped as the cost is paid, after targets (601.2h).
            for object_id in convoked:
                after, _ = self.engine.set_status(after, object_id, tapped=True)
            tapped = and_list(after.label(i) for i in convoked)
            verdict = replace(
                verdict,
                notes=(
                    *verdict.notes,
                    f"{tapped} {'is' if len(convoked) == 1 else 'are'} tapped to pay for it "
                    "(702.51a, 601.2h).",
                ),
            )
        return after, verdict

    def _convoked(
        self, state: GameState, player: str, choices: ast.Choices, run: ScriptRun
    ) -> tuple[GameState, tuple[int, ...] | Verdict]:
        """The creatures tapped for convoke: untapped creatures the caster controls (702.51a)."""
        state, refs = self._targets(state, choices.tapped, run)
        ids: list[int] = []
        for ref in refs:
            if not isinstance(ref, int):
                return state, Verdict(
                    VerdictKind.ILLEGAL,
                    f"{ref} is a player; convoke taps creatures (702.51a).",
                    ("702.51a",),
                )
            obj = as_seen(state, state.obj(ref))
            why = (
                "isn't a creature"
                if "creature" not in obj.card_types or obj.zone is not Zone.BATTLEFIELD
                else f"is controlled by {obj.controller}, not {player}"
                if obj.controller.casefold() != player.casefold()
                else "is already tapped"
                if obj.tapped or ref in ids
                else ""
            )
            if why:
                return state, Verdict(
                    VerdictKind.ILLEGAL,
                    f"{state.label(ref)} {why}: convoke taps untapped creatures the caster "
                    f"controls, so it can't help pay for this spell (702.51a, 601.2h).",
                    ("702.51a", "601.2h"),
                )
            ids.append(ref)
        return state, tuple(ids)

    def _activate(
        self, state: GameState, s: ast.Activate, run: ScriptRun
    ) -> tuple[GameState, Verdict]:
        state, player = self._player(state, s.player, run)
        source = s.ability.source
        if source.controller is None and source.object_id is None and source.ordinal is None:
            # "Alice activates Viscera Seer" while Bob has one too: only its controller
            # activates a permanent's ability (602.2), so Alice's is meant.
            named = [o for o in state.objects_named(source.name) if o.zone is Zone.BATTLEFIELD]
            mine = [o for o in named if o.controller.casefold() == player.casefold()]
            if len(mine) == 1 and len(named) > 1:
                source = replace(source, object_id=mine[0].id)
        # A graveyard card's abilities that work there (scavenge, unearth; CR 113.6m).
        source_id = self._object(state, source, run, zones=_ACTIVATION_ZONES)
        index = self._ability_index(state, source_id, s.ability, EngineAbilityKind.ACTIVATED)
        # "Bob activates Viscera Seer, sacrificing Llanowar Elves." (CR 602.2b, 601.2h).
        state, sacrificed = self._sacrificed(state, player, s.choices.sacrificed, run)
        # The targets first, then the slots on that game (see ``_cast``).
        state, targets = self._targets(state, s.choices.targets, run)
        modes, slots, progress = self._modes_and_slots(
            lambda: self.engine.start_activation(state, player, source_id, ability=index),
            s.choices,
            targets,
        )
        after, verdict = self.engine.activate(
            state,
            player,
            source_id,
            ability=index,
            modes=modes,
            x=s.choices.x,
            targets=(grouped := group_targets(slots, targets)),
            division=forced_division(progress, slots, grouped, s.choices),
            started=progress,
            sacrificed=sacrificed,
        )
        return after, with_inferred_mode_note(verdict, progress, modes, s.choices)

    def _trigger(
        self, state: GameState, s: ast.Trigger, run: ScriptRun
    ) -> tuple[GameState, Verdict]:
        source_id = self._object(state, s.ability.source, run, zones=_TARGET_ZONES)
        keyword = (s.ability.keyword or "").lower()
        already = next(
            (e for e in state.stack if e.source_id == source_id and keyword
             and e.spec.keyword.lower() == keyword and e.refers_to is not None),
            None,
        )  # fmt: skip
        if already is not None:
            # Storm and cascade trigger as the spell is cast and are put on the stack by the
            # bot then (702.40a, 702.85a): say so rather than "has no storm ability" (QA 9, M5).
            raise EngineError(
                f"{already.name} is already on the stack (#{already.object_id}): it triggered "
                f"when {state.label(source_id)} was cast.",
                hint="Name it to respond to it, e.g. “… targeting "
                f"#{already.object_id}.”, or say “The top of the stack resolves.”",
            )
        index = self._ability_index(state, source_id, s.ability, EngineAbilityKind.TRIGGERED)
        already_put = None
        if not s.choices.targets and not any(
            w.source_id == source_id for w in state.waiting_triggers
        ):
            # Korvold's "Whenever you sacrifice a permanent" was put on the stack by the bot as
            # it triggered (603.3): said again, it isn't a second trigger (603.2c).
            try:
                said = self.engine.ability_spec(
                    state, source_id, EngineAbilityKind.TRIGGERED, index
                )
                condition = said.text.split(",")[0].casefold()
            except EngineError:
                condition = ""  # prowess and the like: the engine's own answer follows
            # "Korvold's trigger" names no ability: any of its triggers the bot put there.
            unnamed = s.ability.index is None and not s.ability.keyword
            put = next(
                (
                    e
                    for e in state.stack
                    if e.source_id == source_id
                    and e.spec.kind is EngineAbilityKind.TRIGGERED
                    and (unnamed or e.spec.text.split(",")[0].casefold() == condition)
                ),
                None,
            )
            already_put = put
        if index is None and already_put is None:
            index = self._unsaid_trigger(state, source_id, s)
        if not s.ability.keyword and (not_yet := self._not_left_yet(state, source_id, index)):
            return state, not_yet
        # The targets first, then the slots on that game (see ``_cast``).
        state, targets = self._targets(state, s.choices.targets, run)
        modes, slots, progress = self._modes_and_slots(
            lambda: self.engine.start_trigger(state, source_id, ability=index),
            s.choices,
            targets,
        )
        after, verdict = self.engine.trigger(
            state,
            source_id,
            ability=index,
            modes=modes,
            targets=(grouped := group_targets(slots, targets)),
            division=forced_division(progress, slots, grouped, s.choices),
        )
        if verdict.kind not in (VerdictKind.OK, VerdictKind.FIZZLED):
            return after, with_inferred_mode_note(verdict, progress, modes, s.choices)
        if already_put is not None and s.stated_there:
            # "Korvold's trigger is on the stack.": true, and nothing changes.
            return state, Verdict(
                VerdictKind.OK,
                f"Yes: {already_put.name} is on the stack (#{already_put.object_id}); the bot put "
                "it there when it triggered (603.3). Say “The top of the stack resolves.” or "
                "respond to it.",
                ("603.3",),
            )
        if already_put is not None:
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{already_put.name} is already on the stack (#{already_put.object_id}): the bot "
                "put it there when it triggered (603.3), and saying it again doesn't make it "
                "trigger again (603.2c). Say “The top of the stack resolves.” or respond to it.",
                ("603.2c", "603.3"),
            )
        # CR 603.3d: put on the stack (or removed, with no legal choice), it waits no more.
        spec = (
            progress.spec
            if progress is not None
            else self.engine.ability_spec(state, source_id, EngineAbilityKind.TRIGGERED, index)
        )
        after, waited = stop_waiting(after, source_id, spec.text)
        if waited is None and verdict.kind is VerdictKind.OK and slots:
            verdict = replace(
                verdict,
                notes=(*verdict.notes, _unseen_trigger_note(after, source_id, spec)),
                rules=merge_rules(verdict.rules, ("603.2",)),
            )
        return after, with_inferred_mode_note(verdict, progress, modes, s.choices)

    def _modes_and_slots(
        self, start: object, choices: ast.Choices, targets: Sequence[TargetRef] = ()
    ) -> tuple[tuple[int, ...], tuple[TargetSlot, ...], CastInProgress | None]:
        """The chosen mode numbers and the target slots they ask for, in text order.

        With no mode named, ``targets`` that fit only one mode of a "Choose one" choose it
        (``inferred_mode_note`` says so). If the action can't even start, no slots are
        returned: the engine call that follows reports why it is illegal.
        """
        assert callable(start)
        try:
            progress = start()
        except IllegalActionError:
            return (), (), None
        modes: tuple[int, ...] = ()
        if progress.spec.choose is not None:
            unnamed = not _modes_named(choices) and not choices.entwined
            fitting = progress.modes_fitting(targets) if unnamed else []
            if unnamed and not fitting:
                # Red Elemental Blast at a red spell: illegal in either mode, and only the
                # counter mode targets a spell, so that is the mode the answer judges.
                fitting = progress.modes_fitting(targets, loosely=True)
            if choices.entwined and not choices.modes:
                # CR 702.42a: entwined, every mode is chosen; nothing needs naming.
                modes = tuple(m.index for m in progress.spec.modes)
            elif len(fitting) == 1:
                # CR 700.2a, 601.2c: the mode is chosen before the targets, so targets only
                # one mode can take show which was chosen (Blue Elemental Blast at a spell).
                modes = (fitting[0],)
            else:
                modes = match_modes(
                    [m.text for m in progress.spec.modes],
                    choices,
                    _modes_example(progress),
                    names=mode_names(progress.spec.text),
                )
            try:
                progress = progress.choose(modes)
            except IllegalActionError:
                return modes, (), None
        elif choices.modes_text:
            name = progress.stack_object.name
            colour = re.fullmatch(
                r"(?:the\s+colou?r\s+)?(white|blue|black|red|green)",
                choices.modes_text.strip(),
                re.I,
            )
            if colour and asks_for_colour(progress.spec.text):
                # Mother of Runes: "the color of your choice" is chosen as it resolves.
                raise EngineError(
                    f"{name} chooses its colour as it resolves, not as it is put on the stack "
                    "(608.2d).",
                    hint=f"Say “{name} resolves choosing {colour[1].lower()}.” when it resolves.",
                )
            # "choosing ..." names modes, and this has none to choose (CR 700.2).
            raise EngineError(
                f"{name} has no modes to choose, so “choosing {choices.modes_text}” can't be "
                "applied (700.2).",
                hint="Leave “choosing …” out.",
            )
        return modes, progress.slots, progress

    def _not_left_yet(self, state: GameState, source_id: int, index: int | None) -> Verdict | None:
        """Thragtusk's "When this creature leaves the battlefield" said to go on the stack while
        Thragtusk is still on the battlefield: it hasn't triggered (CR 603.6c; QA 57 M4). A
        keyword's ("the modular trigger") is left as the setup it is said as."""
        obj = state.objects.get(source_id)
        card = state.cards.get(source_id)
        if index is None or obj is None or card is None or obj.zone is not Zone.BATTLEFIELD:
            return None
        printed = [
            a for a in self.engine.read(card).abilities if a.kind is EngineAbilityKind.TRIGGERED
        ]
        if not 0 <= index < len(printed):
            return None
        text = printed[index].text
        leaving = _LEAVES_ITSELF.match(text)
        if leaving is None or (
            leaving["name"] and leaving["name"].casefold() != obj.name.casefold()
        ):
            return None
        return Verdict(
            VerdictKind.ILLEGAL,
            f"{state.label(source_id)} is still on the battlefield, so its “{text.split(',')[0]}” "
            "ability hasn't triggered: a leaves-the-battlefield ability triggers when the "
            f"permanent moves from the battlefield to another zone (603.6c). Say how it "
            f"leaves first, e.g. “{obj.name} dies.”",
            ("603.6c",),
        )

    def _unsaid_trigger(self, state: GameState, source_id: int, s: ast.Trigger) -> int | None:
        """ "Thragtusk's trigger goes on the stack." when Thragtusk has two triggered abilities
        the statement could mean: an error naming each (QA 57 M4), as for two objects of one
        name, rather than silently the first. Targets said narrow it to the targeted ones; a
        card in a graveyard to what triggered as it died (603.10a); a trigger waiting for its
        targets is the one meant (603.3d). Returns the number of the one ability meant when the
        game shows which (Thragtusk in the graveyard: its leaves-the-battlefield one), else
        None (the engine's own choice)."""
        card = state.cards.get(source_id)
        if s.ability.keyword or card is None:
            return None
        if any(w.source_id == source_id for w in state.waiting_triggers):
            return None
        printed = [
            a for a in self.engine.read(card).abilities if a.kind is EngineAbilityKind.TRIGGERED
        ]
        meant = list(enumerate(printed))
        if s.choices.targets:
            meant = [(n, a) for n, a in meant if a.is_targeted]
        obj = state.objects.get(source_id)
        if obj is not None and obj.zone is Zone.GRAVEYARD:
            meant = [
                (n, a) for n, a in meant if is_dies_trigger(a.text) or _LEAVES_ITSELF.match(a.text)
            ] or meant
        if len(meant) == 1 and obj is not None and obj.zone is Zone.GRAVEYARD:
            return meant[0][0]
        if len(meant) < 2:
            return None
        ordinals = ("first", "second", "third", "fourth", "fifth")
        name = state.name_of(source_id)
        which = [
            f"{name}'s {ordinals[n]} trigger (“{a.text}”)" for n, a in meant if n < len(ordinals)
        ]
        error = EngineError(
            f"{state.label(source_id)} has {len(printed)} triggered abilities, and “{name}'s "
            f"trigger” doesn't say which one: {' or '.join(which)} (603.2).",
            hint=f"Say “{name}'s {ordinals[meant[0][0]]} trigger goes on the stack.”",
        )
        if not s.choices.targets:
            # A saved game offers each as a button.
            error.statements = tuple(
                f"{name}'s {ordinals[n]} trigger goes on the stack."
                for n, _ in meant
                if n < len(ordinals)
            )
        raise error

    def _ability_index(
        self,
        state: GameState,
        source_id: int,
        ref: ast.AbilityRef,
        kind: EngineAbilityKind,
    ) -> int | None:
        if ref.index is not None:
            return ref.index - 1 if ref.index > 0 else ref.index
        if ref.keyword:
            card = state.cards.get(source_id)
            if card is not None:
                abilities = [a for a in self.engine.read(card).abilities if a.kind is kind]
                named = [
                    number
                    for number, ability in enumerate(abilities)
                    if _names_ability(ref.keyword, ability.keyword, ability.text)
                ]
                if len(named) > 1 and ref.keyword.startswith("loyalty "):
                    # Chandra, Torch of Defiance has two [+1] abilities (QA 31 U1): say which.
                    ordinals = ("first", "second", "third", "fourth", "fifth")
                    which = [
                        f"its {ordinals[n]} ability (“{abilities[n].text}”)"
                        for n in named
                        if n < len(ordinals)
                    ]
                    raise EngineError(
                        f"{state.label(source_id)} has {len(named)} "
                        f"{ref.keyword.removeprefix('loyalty ')} abilities: "
                        + " or ".join(which)
                        + ".",
                        hint=f"Say “{state.label(source_id)}'s {ordinals[named[0]]} ability”.",
                    )
                if named:
                    return named[0]
            raise EngineError(
                f"{state.label(source_id)} has no {ref.keyword} {kind.value} ability."
            )
        return None

    @classmethod
    def _face_cast(cls, card: CardData, typed: str, face: str | None) -> str | None:
        """The face a cast names: "as Expansion", else the face the card was called by
        ("Alice casts Stomp", "Can Alice cast Fire ...?": that face, CR 715.3, 709.3)."""
        named = cls._face_name(card, face)
        if named is not None:
            return named
        return next(
            (f.name for f in card.faces if f.name.casefold() == typed.strip().casefold()), None
        )

    @staticmethod
    def _face_name(card: CardData, face: str | None) -> str | None:
        if face is None:
            return None
        if face == FUSED:
            return face  # both halves of a split card with fuse (CR 702.102)
        for candidate in card.faces:
            if candidate.name.casefold() == face.strip().casefold():
                return candidate.name
        names = [f.name for f in card.faces] or [card.name]
        close = difflib.get_close_matches(face, names, n=1, cutoff=0.6)
        if close:
            return close[0]
        raise NotFoundError(f"{card.name} has no half or face called “{face}”.", suggestions=names)

    # ---- changes ----------------------------------------------------------------------------
    def _becomes(
        self, state: GameState, s: ast.Becomes, run: ScriptRun
    ) -> tuple[GameState, Verdict]:
        if s.copy_of is not None:
            # A copy effect (CR 707.2, layer 1): the copiable values of the original; the
            # effects that already applied to it still do (Cytoshape's ruling).
            subject = self._object(state, s.subject, run)
            original = self._object(state, s.copy_of, run)
            was = state.label(subject)
            state, notes = become_copy(state, subject, original, keep_effects=True)
            said = "".join(f"; {note}" for note in notes)
            return self.engine.settle(
                state,
                Verdict(
                    VerdictKind.OK,
                    f"{was} becomes a copy of {state.label(original)}: its printed values and "
                    f"copy effects, not its counters or other effects; effects that already "
                    f"applied to {was} still do (707.2){said}.",
                    ("707.2",),
                    object_ids=(subject,),
                ),
            )
        # A spell's colour can change too ("Lightning Bolt becomes blue", as Blind Seer does;
        # CR 105.3): protection and "hexproof from" look at it (QA 22 U2).
        colour_only = (s.colors or s.colorless) and not (
            s.card_types or s.subtypes or s.removed_types or s.power is not None
        )
        zones = (Zone.BATTLEFIELD, Zone.STACK) if colour_only else (Zone.BATTLEFIELD,)
        object_id = self._object(state, s.subject, run, zones=zones)
        before = state.obj(object_id)
        reasons: list[str] = []
        rules: list[str] = []
        if s.colors or s.colorless:
            colors = list(s.colors)
            if s.additive:
                colors += sorted(state.obj(object_id).colors)
            state, verdict = self.engine.become_colors(state, object_id, colors)
            reasons.append(verdict.reason.rstrip("."))
            rules.append("105.3")
        if s.card_types or s.subtypes:
            obj = state.obj(object_id)
            card_types = frozenset(t.lower() for t in s.card_types)
            subtypes = frozenset(t.lower() for t in s.subtypes)
            if card_types:
                card_types = obj.card_types | card_types if s.additive else card_types
            if subtypes:
                # "becomes an Island": its old land types are gone (305.7); "in addition to its
                # other types" keeps them (205.1b).
                subtypes = obj.subtypes | subtypes if s.additive else subtypes
            state = state.with_object(
                replace(
                    obj,
                    card_types=card_types or obj.card_types,
                    subtypes=subtypes or obj.subtypes,
                )
            )
            named = " ".join((*s.card_types, *s.subtypes))
            reasons.append(
                f"{obj.name} becomes {with_article(named)}"
                + (" in addition to its other types" if s.additive else "")
            )
            rules.append("205.1b" if s.additive else "205.1a")
            if subtypes and not s.additive and "land" in obj.card_types:
                rules.append("305.7")
        if s.power is not None and s.toughness is not None:
            obj = state.obj(object_id)
            state = state.with_object(replace(obj, power=s.power, toughness=s.toughness))
            reasons[-1] = reasons[-1].replace(
                f"becomes {with_article(' '.join((*s.card_types, *s.subtypes)))}",
                f"becomes a {s.power}/{s.toughness} {' '.join((*s.card_types, *s.subtypes))}",
            )
            rules.append("613.4b")
        # "becomes a nonland artifact" said of what isn't a land: nothing to remove.
        if (
            s.removed_types
            and (s.card_types or s.subtypes)
            and not before.card_types & set(s.removed_types)
        ):
            s = replace(s, removed_types=())
        if s.removed_types:
            obj = state.obj(object_id)
            left = obj.card_types - frozenset(s.removed_types)
            if not before.card_types & frozenset(s.removed_types):
                raise EngineError(
                    f"{obj.name} isn't {with_article(' or '.join(s.removed_types))} now, so it "
                    "can't stop being one."
                )
            creature_gone = "creature" in s.removed_types
            changed = replace(
                obj,
                card_types=left,
                power=None if creature_gone else obj.power,
                toughness=None if creature_gone else obj.toughness,
            )
            in_combat = creature_gone and (obj.attacking or obj.blocking)
            # CR 506.4: an attacking or blocking creature that stops being a creature is
            # removed from combat.
            state = state.with_object(removed_from_combat(changed) if in_combat else changed)
            reasons.append(
                f"{obj.name} is no longer {with_article(' or '.join(s.removed_types))}"
                + (
                    " (a noncreature permanent has no power or toughness, 208.3)"
                    if creature_gone
                    else ""
                )
                + (", and it is removed from combat (506.4)" if in_combat else "")
            )
            rules.extend(("205.1a", "506.4") if in_combat else ("205.1a",))
        if not reasons:
            raise EngineError(f"Nothing to change in “{s.text}”.")
        # What the change brings about: an Aura that can't enchant it any more, an Equipment
        # that can't equip it (704.5m-n), a creature whose toughness is now 0.
        return self.engine.settle(
            state,
            Verdict(
                VerdictKind.OK, "; ".join(reasons) + ".", tuple(rules), object_ids=(object_id,)
            ),
        )

    def _moves(
        self, state: GameState, s: ast.MovesZone, run: ScriptRun
    ) -> tuple[GameState, Verdict]:
        copy_of = self._object(state, s.copy_of, run) if s.copy_of is not None else None
        if s.to_zone == ast.FLICKER:
            return self._flicker(
                state,
                self._object(state, s.subject, run),
                copy_of=copy_of,
                copy_nothing=s.copy_nothing,
            )
        if s.to_zone == "battlefield":
            object_id = self._object(
                state, s.subject, run, zones=(*_RETURN_ZONES, Zone.BATTLEFIELD)
            )
            host = self._entering_host(state, s.attached_to, run)
            back, returned = self.engine.return_to_battlefield(
                state, object_id, attached_to=host, copy_of=copy_of, copy_nothing=s.copy_nothing
            )
            return self._seen_entering(back, returned)
        leaves_battlefield = s.wording.lower() in ("dies", "leaves the battlefield")
        # "Grizzly Bears is exiled." also moves a card from a graveyard or a hand (Unearth's
        # target exiled in response: CR 400.7, 608.2b); dying means leaving the battlefield.
        zones = (Zone.BATTLEFIELD,) if leaves_battlefield else _MOVABLE_ZONES
        if s.wording.lower() == "is countered":
            zones = (Zone.STACK,)  # CR 701.6a: only a spell or ability on the stack is
        try:
            object_id = self._object(state, s.subject, run, zones=zones)
            moving = state.obj(object_id)
            if leaves_battlefield and moving.zone is not Zone.BATTLEFIELD:
                # "the target dies" for a spell's target that is itself a spell (CR 700.4:
                # only a permanent dies).
                raise EngineError(
                    f"{moving.name} is not on the battlefield ({moving.zone.value}), so it can't "
                    f"{'die' if s.wording.lower() == 'dies' else 'leave the battlefield'} "
                    "(700.4: dying is going from the battlefield to a graveyard).",
                    hint=f"Say “{moving.name} is exiled.”, or ask about the spell that counters it.",
                )
            if s.wording.lower() == "is destroyed":
                return self.engine.destroy(state, object_id)
        except NotFoundError as error:
            if not s.wording.lower().startswith("is in "):
                raise
            # "Lightning Bolt is in exile." with no Lightning Bolt in the game: a card added
            # to a zone needs its owner (CR 400.3: each player has their own).
            player = state.player_names[0] if state.player_names else (run.speaker or "Alice")
            raise NotFoundError(
                error.message,
                hint=f"{error.hint} To add a card to a zone, say whose it is: “{s.subject.name} "
                f"is in {display_name(player)}'s {s.to_zone}.”".strip(),
                suggestions=error.suggestions,
            ) from error
        zone = _ZONE_BY_WORD.get(s.to_zone) if s.to_zone else None
        event = {
            "dies": "died",
            "is exiled": "was exiled",
            "leaves the battlefield": "left the battlefield",
            "is countered": "was countered",
        }.get(s.wording.lower(), "")

        unsaid = (
            zone is None and s.to_zone is None and state.obj(object_id).kind is not ObjectKind.TOKEN
        )
        if unsaid:
            # Destination unsaid: it goes somewhere else, as a new object all the same (400.7).
            zone = Zone.EXILE
            event = event or "left the battlefield"
        after, verdict = self.engine.move(state, object_id, zone, event=event)
        if event == "was countered":
            verdict = replace(verdict, rules=merge_rules(("701.6a",), verdict.rules))
        if unsaid and verdict.kind is VerdictKind.OK:
            verdict = replace(
                verdict,
                notes=(
                    *verdict.notes,
                    "Where it went wasn't said, so the board shows it in exile; say “… dies”, "
                    "“… is exiled” or “… returns to its owner's hand” if that matters.",
                ),
            )
        return after, verdict

    def _flicker(
        self,
        state: GameState,
        object_id: int,
        *,
        copy_of: int | None = None,
        copy_nothing: bool = False,
    ) -> tuple[GameState, Verdict]:
        """“Grizzly Bears is flickered.”: exiled, then returned to the battlefield under its
        owner's control: each move makes a new object (CR 400.7), so spells and abilities that
        targeted it lose track of it (608.2b)."""
        exiled, gone = self.engine.move(state, object_id, Zone.EXILE, event="was exiled")
        if gone.kind is not VerdictKind.OK or not gone.object_ids:
            return exiled, gone
        back, returned = self.engine.return_to_battlefield(
            exiled, gone.object_ids[0], copy_of=copy_of, copy_nothing=copy_nothing
        )
        if returned.kind is not VerdictKind.OK:
            return back, returned
        return self._seen_entering(
            back,
            replace(
                returned,
                reason=f"Flickered: {gone.reason.rstrip('.')}. Then {returned.reason}",
                rules=merge_rules(gone.rules, returned.rules),
                notes=(*gone.notes, *returned.notes),
            ),
        )

    def _puts_onto_battlefield(
        self, state: GameState, s: ast.PutsOntoBattlefield, run: ScriptRun
    ) -> tuple[GameState, Verdict]:
        """ "Alice puts Forest onto the battlefield.": the card of hers stated in a hand,
        graveyard or exile, else one from her library (a search), enters under her control as a
        new object (CR 400.7) that landfall and other "enters" abilities see (603.6a)."""
        state, name = self._player(state, s.player, run)
        card = self.cards.resolve(s.card)
        if not card.is_permanent_card:
            raise EngineError(
                f"{card.name} isn't a permanent card, so it can't be put onto the battlefield "
                "(110.1, 110.4).",
                hint="Name a land, creature, artifact, enchantment, planeswalker or battle card.",
            )
        stated = (card_in_zone(state, zone, card, name) for zone in _PUT_FROM_ZONES)
        found = next((at for at in stated if isinstance(at, int)), None)
        where = f"from {zone_words(state.obj(found).zone)}" if found is not None else ""
        if found is None:
            # From the library, which the bot doesn't keep (a search, a ramp spell's "put").
            state, added = self.engine.add_card(state, name, card, Zone.LIBRARY)
            found, where = int(added.object_ids[0]), f"from {name}'s library"
        host = self._entering_host(state, s.attached_to, run)
        if host is None and "aura" in card.types.subtypes:
            # CR 303.4f: its controller chooses what it enchants as it enters.
            raise EngineError(
                f"{card.name} is an Aura: say what it enters attached to (303.4f).",
                hint=f"e.g. “{name} puts {card.name} onto the battlefield attached to Grizzly "
                "Bears.”",
            )
        back, returned = self.engine.return_to_battlefield(
            state, found, controller=name, attached_to=host
        )
        if returned.kind is not VerdictKind.OK or not returned.object_ids:
            return back, returned
        new_id = returned.object_ids[0]
        if back.obj(new_id).zone is not Zone.BATTLEFIELD:
            # An Aura that can't enchant what was named stays where it was (303.4g, 303.4i).
            return back, returned
        if s.tapped:
            back = back.with_object(replace(back.obj(new_id), tapped=True))
        said = (
            f"{name} puts {back.label(new_id)} onto the battlefield{' tapped' if s.tapped else ''} "
            f"{where}: a new object under {name}'s control (400.7, 110.2)."
        )
        if host is not None:
            # CR 303.4f, 115.10a: chosen as it enters, not targeted.
            said += (
                f" It enters attached to {back.label(host) if isinstance(host, int) else host}: "
                "an Aura put onto the battlefield without being cast doesn't target, so "
                "hexproof and shroud don't stop it; only its enchant ability and protection "
                "decide what it may enchant (303.4f, 115.10a, 702.16c)."
            )
        return self._seen_entering(
            back,
            replace(
                returned,
                reason=said,
                rules=merge_rules(
                    ("110.2",), returned.rules, ("303.4f", "115.10a") if host is not None else ()
                ),
            ),
        )

    def _entering_host(
        self, state: GameState, attached_to: ast.ObjectRef | None, run: ScriptRun
    ) -> int | str | None:
        """What an Aura entering the battlefield without being cast is attached to, as said:
        an object, or a player for a Curse (CR 303.4f)."""
        if attached_to is None:
            return None
        if state.has_player(attached_to.name):
            return state.player(attached_to.name).name
        return self._object(state, attached_to, run)

    def _seen_entering(self, state: GameState, verdict: Verdict) -> tuple[GameState, Verdict]:
        """A permanent the statement put onto the battlefield: what the other permanents'
        "Whenever a creature enters" abilities do (603.6a; QA 42 W5)."""
        entered = [
            i
            for i in verdict.object_ids
            if i in state.objects and state.obj(i).zone is Zone.BATTLEFIELD
        ]
        if verdict.kind is not VerdictKind.OK or not entered:
            return state, verdict
        return self.engine.seen_entering(state, verdict, entered[-1])

    def _sacrifice(
        self, state: GameState, s: ast.Sacrifice, run: ScriptRun
    ) -> tuple[GameState, Verdict]:
        # CR 701.21a: "A player can't sacrifice something that isn't a permanent, or something
        # that's a permanent they don't control."
        state, player = self._player(state, s.player, run)
        subject = s.subject
        if subject.controller is None and subject.object_id is None and subject.ordinal is None:
            # "Bob sacrifices Llanowar Elves" while Carol has one too: only Bob's can be meant.
            named = [o for o in state.objects_named(subject.name) if o.zone is Zone.BATTLEFIELD]
            mine = [o for o in named if o.controller.casefold() == player.casefold()]
            if len(mine) == 1 and len(named) > 1:
                subject = replace(subject, object_id=mine[0].id)
        object_id = self._object(state, subject, run)  # on the battlefield: a permanent
        obj = state.obj(object_id)
        if obj.controller.casefold() != player.casefold():
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{player} can't sacrifice {obj.name}: {obj.controller} controls it, and a "
                "player can sacrifice only a permanent they control (701.21a).",
                ("701.21a",),
            )
        owed = state.owed_sacrifice(player)
        if owed is not None and object_id not in owed.candidates:
            # CR 701.21a: the player chooses among what the spell asked for, nothing else.
            names = and_list(f"{state.obj(i).name} (#{i})" for i in owed.candidates)
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{owed.source} makes {player} choose a {owed.wanted} to sacrifice: one "
                f"of {names}; {obj.name} isn't one of them (701.21a).",
                ("701.21a",),
            )
        if owed is not None:
            left = tuple(i for i in owed.candidates if i != object_id)
            more = replace(owed, count=owed.count - 1, candidates=left)
            state = state.owing_sacrifice(player, more if more.count and left else None)
        after, verdict = self.engine.move(state, object_id, Zone.GRAVEYARD, event="was sacrificed")
        if owed is not None:
            chose = f"{player}'s choice for {owed.source}'s sacrifice (701.21a)."
            verdict = replace(verdict, notes=(chose, *verdict.notes))
        elif (cost := _sacrifice_itself_cost(obj)) is not None:
            # QA 47 M8: Sakura-Tribe Elder sacrificed bare, when a player usually means its
            # ability, whose cost is the sacrifice (602.2, 118.3).
            verdict = replace(
                verdict,
                notes=(
                    *verdict.notes,
                    f"{obj.name} has an ability with a sacrifice in its cost (“{cost} ...”): "
                    f"if {player} sacrificed it for that ability, say “{player} activates "
                    f"{obj.name}.” instead: the sacrifice is paid as its cost and the ability goes on "
                    "the stack (602.2).",
                ),
            )
        return after, replace(verdict, rules=merge_rules(("701.21a",), verdict.rules))

    # ---- retargeting and resolving -------------------------------------------------------------
    def _resolve(
        self, state: GameState, s: ast.Resolve, run: ScriptRun
    ) -> tuple[GameState, Verdict]:
        if not state.stack and isinstance(s.item, ast.TopOfStack):
            raise EngineError(
                "The stack is empty: there is nothing to resolve.",
                hint="Cast a spell first, e.g. “Alice casts Lightning Bolt targeting Bob.”",
            )
        if s.affecting:
            # Only Riftbound's group targets (355.11.b) let a controller pick what a resolving
            # spell affects; in Magic every target still legal is affected (CR 608.2b).
            raise EngineError(
                "In Magic a resolving spell affects every target that is still legal; its "
                "controller doesn't choose which (CR 608.2b).",
                hint="Say “Arc Trail resolves.”, or change its targets first (CR 115.7).",
            )
        stack_id = self._stack_item(state, s.item, run)
        if not state.stack:  # "#3" named something not on the stack (fuzzing found this)
            raise EngineError(
                f"{state.label(stack_id)} isn't on the stack: the stack is empty, so nothing "
                "resolves (608.1).",
                hint="Cast a spell first, e.g. “Alice casts Lightning Bolt targeting Bob.”",
            )
        choices = None
        if s.retarget is not None:
            state, refs = self._targets(state, s.retarget.targets, run)
            choices = (
                ResolveChoices(copy_targets=list(refs))
                if s.retarget.for_copy
                else ResolveChoices(new_targets=list(refs))
            )
        if s.payment is not None:
            # Who pays for an "unless ... pays" trigger such as ward (CR 118.12a, 702.21a); the
            # engine checks it is that trigger's player and cost.  Naming a payer never adds a
            # player to the game.
            _, payer = self._player(state, s.payment.player, run)
            state, sacrificed = self._paid_with(state, s.payment.sacrificed, run)
            state, discarded = self._paid_with(state, s.payment.discarded, run, discarder=payer)
            choices = replace(
                choices or ResolveChoices(),
                pays=s.payment.pays,
                payer=payer,
                cost=s.payment.cost,
                sacrificed=sacrificed,
                discarded=discarded,
            )
        if s.on_top is not None:
            choices = ResolveChoices(on_top=s.on_top)
        if s.colour:
            choices = ResolveChoices(colour=s.colour)
        if s.copy_nothing:
            choices = ResolveChoices(copy_nothing=True, copier=s.copier)
        if s.copy_of is not None:
            choices = ResolveChoices(copy_of=self._object(state, s.copy_of, run), copier=s.copier)
        if stack_id == state.stack[-1].object_id:
            after, verdict = self.engine.resolve_top(state, choices)
        else:
            after, verdict = self.engine.resolve(state, stack_id, choices)
        if (
            run.saved
            and s.payment is None
            and verdict.kind in (VerdictKind.RESOLVED, VerdictKind.PARTIAL)
            and (asked := may_pay_choice(state)) is not None
        ):
            # A saved game's spell that resolved can't resolve again with the payment said:
            # the payer is asked first, as for Mana Leak's "unless" (608.2d, 118.12a).
            raise asked
        methods = run.cast_methods.pop(stack_id, ())
        # The permanent it becomes (a new object, CR 400.7): on the battlefield now, not before.
        there = {o.id for o in state.zone_objects(Zone.BATTLEFIELD)}
        entered = next(
            (
                o
                for o in after.zone_objects(Zone.BATTLEFIELD)
                if o.id not in there and o.name == state.obj(stack_id).name
            ),
            None,
        )
        if methods and verdict.ok and entered is not None:
            notes = cast_methods.on_entering(entered.name, entered.controller, methods)
            verdict = replace(verdict, notes=(*verdict.notes, *notes))
        return after, verdict

    def _paid_with(
        self,
        state: GameState,
        named: Sequence[ast.Target],
        run: ScriptRun,
        *,
        discarder: str | None = None,
    ) -> tuple[GameState, tuple[int, ...]]:
        """The permanents or cards a ward cost is paid with (CR 701.21a, 701.9a); the engine
        checks they can pay it.  ``discarder``: the cards are discarded from their hand."""
        try:
            state, refs = self._targets(state, named, run)
        except NotFoundError:
            if discarder is None or not state.has_player(discarder):
                raise
            card = next((t.name for t in named if isinstance(t, ast.ObjectRef) and t.name), "")
            raise self._not_in_hand(state, discarder, card) from None
        for ref in refs:
            if not isinstance(ref, int):
                raise EngineError(
                    f"{ref} is a player; a cost is paid with a permanent or a card.",
                    hint="Say, e.g., “The ward trigger resolves and Bob pays, sacrificing "
                    "Runeclaw Bear.”",
                )
        return state, tuple(ref for ref in refs if isinstance(ref, int))

    @staticmethod
    def _not_in_hand(state: GameState, player: str, card: str) -> EngineError:
        """A card named as discarded that the game doesn't have (QA 33 U10): a card is
        discarded from its owner's hand (701.9a), so say how to put it there, or that an
        empty hand can't pay (118.3)."""
        held = [o for o in state.zone_objects(Zone.HAND) if o.owner == player]
        if state.player(player).hand_stated and not held:
            return EngineError(
                f"{player}'s hand is empty, so {player} can't discard {card or 'a card'}: a "
                "cost can't be paid without the resources (118.3), and the ward trigger then "
                "counters what it targets (702.21a).",
                hint="Say “The ward trigger resolves and "
                f"{player} doesn't pay.”, or state the card first: “{player}'s hand has "
                f"{card or 'Shock'}.”",
            )
        return EngineError(
            f"{card or 'That card'} isn't in {player}'s hand in this game: a card is "
            "discarded from its owner's hand (701.9a), and the bot knows only the cards "
            "stated there.",
            hint=f"Add “{player}'s hand has {card or 'Shock'}.” before this statement.",
        )

    def _resolve_all(self, state: GameState, *, saved: bool = False) -> tuple[GameState, Verdict]:
        if not state.stack:
            raise EngineError("The stack is empty: there is nothing to resolve.")
        state, verdicts = self.engine.resolve_all(state, ask_payments=saved)
        return state, combine(verdicts)

    def _change_targets(
        self, state: GameState, s: ast.ChangeTargets, run: ScriptRun
    ) -> tuple[GameState, Verdict]:
        state, actor = self._player(state, s.player, run)
        stack_id = self._stack_item(state, s.item, run)
        state, refs = self._targets(state, s.retarget.targets, run)
        return self.engine.retarget(
            state, actor, stack_id, list(refs), kind=_RETARGET_KIND[s.retarget.kind]
        )

    # ---- questions ---------------------------------------------------------------------------
    def _can(self, state: GameState, s: ast.CanQuestion, run: ScriptRun) -> Verdict:
        action = s.action
        if isinstance(action, ast.Cast) and (
            action.choices.gift_to is not None
            or action.choices.bargained
            or action.choices.additional_paid
        ):
            # "Can Alice cast Long River's Pull promising the gift targeting …?": the cast with
            # that choice made (702.174k, 702.166b, 601.2b), answered yes or no.
            try:
                _, verdict = self._cast(state, action, run)
            except IllegalActionError as refused:
                return Verdict(VerdictKind.NO, f"No: {refused.message}", refused.rules)
            return could_happen(verdict, "casts", "can cast")
        if isinstance(action, ast.Cast):
            answer = self._can_cast(state, action, run)
            if answer.kind is VerdictKind.NO and self._legal_with_gift(state, action, run):
                answer = replace(answer, notes=(*answer.notes, self._gift_hint(action)))
            return answer
        return self._can_activate(state, action, run)

    def _can_counter(self, state: GameState, s: ast.CounterQuestion, run: ScriptRun) -> Verdict:
        """ "Can Carnage Tyrant be countered?" / "Can Alice counter Lightning Bolt with
        Counterspell?" (QA 57 U4): a spell that can't be countered, from its text (CR 101.2);
        otherwise the cast named, asked as "Can Alice cast Counterspell targeting ...?"."""
        try:
            found = self._stack_item(state, s.item, run)
        except (UserError, EngineError):
            if not isinstance(s.item, ast.ObjectRef):
                raise
            if (answer := self._counter_off_the_stack(state, s, s.item, run)) is None:
                raise
            return answer
        name = state.label(found)
        if why := uncounterable_because(state, found):
            # CR 101.2: "can't" beats "counter"; a spell that counters still may target it.
            said = f" with {s.counter.card}" if s.counter is not None else ""
            if why == "can't be countered" and re.search(
                r"this spell can['’]t be countered\.", state.obj(found).oracle_text, re.I
            ):
                why += " (its text: “This spell can't be countered.”)"
            return Verdict(
                VerdictKind.NO,
                f"No: {name} {why}, so no one can counter it{said}; the “can't” effect takes "
                "precedence (101.2). A spell that counters can still target it, but does "
                "nothing to it.",
                ("101.2",),
            )
        if s.counter is None:
            example = f"“Can {s.player.name if s.player else 'Alice'} cast Counterspell targeting "
            return Verdict(
                VerdictKind.YES,
                f"Yes: {name} can be countered: a spell or ability that counters it removes it "
                "from the stack, and it doesn't resolve (701.6a). Whether a given one can now: "
                f"ask {example}{name}?”.",
                ("701.6a",),
            )
        cast = s.counter
        waiting = [
            i for i in self._on_stack_named(state, ast.ObjectRef(name=cast.card)) if i != found
        ]
        if s.player is None and len(waiting) == 1:
            # "Will Counterspell counter Lightning Bolt?" with that Counterspell already on the
            # stack: how it would resolve now (608.2b), not a new cast.
            resolving = ast.ResolveQuestion(
                item=ast.ObjectRef(name=cast.card, object_id=waiting[0]),
                text=s.text,
                position=s.position,
            )
            answer = self._what_happens(state, resolving, run)
            return replace(
                answer, reason=f"{state.label(waiting[0])} is already on the stack. {answer.reason}"
            )
        if s.player is None:
            # No one named: an opponent of the spell's controller counters it.
            controller = state.entry(found).controller
            others = [p.name for p in state.players if p.name != controller]
            cast = replace(cast, player=ast.PlayerRef(name=others[0] if others else controller))
        return self._can(state, ast.CanQuestion(action=cast, text=s.text, position=s.position), run)

    def _counter_off_the_stack(
        self, state: GameState, s: ast.CounterQuestion, ref: ast.ObjectRef, run: ScriptRun
    ) -> Verdict | None:
        """ "Can Carnage Tyrant be countered?" with no Carnage Tyrant on the stack: a permanent
        isn't countered; a card, as its text says once cast (CR 101.2, 701.6a). None when a
        given counter was named for a card not cast yet (the statement's error stands)."""
        permanent = self._find(state, ref, (Zone.BATTLEFIELD,), run, required=False)
        if permanent is not None:
            return Verdict(
                VerdictKind.NO,
                f"No: {state.label(permanent)} is a permanent on the battlefield, not a spell: "
                "only a spell or ability on the stack can be countered (701.6a).",
                ("701.6a",),
            )
        card = self.cards.resolve(ref.name)
        if re.search(r"this spell can['’]t be countered\.", card.oracle_text, re.I):
            return Verdict(
                VerdictKind.NO,
                f"No: {card.name}'s text says “This spell can't be countered.”: once cast, no "
                "spell or ability can counter it; the “can't” effect takes precedence (101.2).",
                ("101.2",),
            )
        if s.counter is not None:
            return None
        return Verdict(
            VerdictKind.YES,
            f"Yes: once cast, {card.name} is a spell on the stack, and a spell or ability that "
            "counters it removes it from the stack, so it doesn't resolve (701.6a). To ask about "
            f"a given counter, say it is cast first, e.g. “Bob casts {card.name}.”",
            ("701.6a",),
        )

    def _can_cast(self, state: GameState, action: ast.Cast, run: ScriptRun) -> Verdict:
        state, player = self._player(state, action.player, run)
        card = self.cards.resolve(action.card)
        face = self._face_cast(card, action.card, action.choices.face)
        if (refused := _aftermath_refusal(state, player, card, face)) is not None:
            return replace(refused, kind=VerdictKind.NO, reason="No: " + refused.reason)
        # The targets first, then the slots on that game (see ``_cast``).
        state, targets = self._targets(state, action.choices.targets, run)
        modes, slots, progress = self._modes_and_slots(
            lambda: self.engine.start_cast(state, player, card, face=face),
            action.choices,
            targets,
        )
        return self.engine.can_play(
            state,
            player,
            card,
            face=face,
            modes=modes,
            x=action.choices.x,
            targets=(grouped := group_targets(slots, targets)),
            division=forced_division(progress, slots, grouped, action.choices),
        )

    def _can_activate(self, state: GameState, action: ast.Activate, run: ScriptRun) -> Verdict:
        try:
            _, verdict = self._activate(state, action, run)
        except IllegalActionError as refused:
            # An ability the permanent doesn't have now (Mishra's Factory under Blood Moon,
            # 305.7; QA 31 M1): the question's answer is no, with why.
            return Verdict(VerdictKind.NO, f"No: {refused.message}", refused.rules)
        if verdict.kind is VerdictKind.ILLEGAL:
            return replace(verdict, kind=VerdictKind.NO, reason="No: " + verdict.reason)
        return replace(
            verdict,
            kind=VerdictKind.YES,
            reason=would_trigger("Yes: " + verdict.reason),
            notes=tuple(would_trigger(note) for note in verdict.notes),
            object_ids=(),
        )

    def _question_source(
        self, state: GameState, source: ast.ObjectRef | ast.AbilityRef, run: ScriptRun
    ) -> tuple[GameState, CardData | int, str]:
        """The spell, ability or card a question is about, and who would control it."""
        if isinstance(source, ast.AbilityRef):
            # A trigger no card prints, only on the stack ("Runeclaw Bear's ward trigger").
            unprinted = self._unprinted_trigger(state, source, run)
            if unprinted is not None:
                return state, unprinted.object_id, unprinted.controller
        ref = source.source if isinstance(source, ast.AbilityRef) else source
        found = self._find(state, ref, (Zone.STACK, Zone.BATTLEFIELD), run, required=False)
        if (
            found is not None
            and isinstance(source, ast.ObjectRef)
            and state.obj(found).name.casefold() != ref.name.casefold()
            and self.cards.exact(ref.name) is not None
        ):
            # "What can Terror target?" beside Tolarian Terror (QA 66 W4): a card's own full
            # name means that card, not a permanent it is only part of the name of.
            found = None
        if found is not None:
            entry = state.stack_entry_or_none(found)
            if entry is not None:
                return state, found, entry.controller
            controller = state.obj(found).controller
            if isinstance(source, ast.AbilityRef):
                return state, found, controller
            # A permanent named as a source means its ability; a card name means the card.
            printed = state.cards.get(found)
            if printed is not None and any(
                a.kind is not EngineAbilityKind.SPELL for a in self.engine.read(printed).abilities
            ):
                return state, found, controller
        card = self.cards.resolve(ref.name)
        card = _asked_as(card, self._face_cast(card, ref.name, None))
        if ref.controller is not None:
            # "Bob's Lightning Bolt", not on the stack: the card as Bob would cast it.
            state, caster = self._player(state, ref.controller, run)
            return state, card, caster
        state, asker = self._asker(state)
        return state, card, asker

    def _unprinted_trigger(
        self, state: GameState, source: ast.AbilityRef, run: ScriptRun
    ) -> StackEntry | None:
        """The ward trigger (or another "unless ... pays" trigger) ``source`` names, if it is
        on the stack (CR 702.21a)."""
        try:
            found = self._ability_on_stack(state, source, run)
        except UserError:
            return None
        entry = state.entry(found)
        return entry if entry.refers_to is not None else None

    def _asker(self, state: GameState) -> tuple[GameState, str]:
        if state.players:
            return state, state.players[0].name
        return self.engine.add_player(state, "You")[0], "You"

    def _is_legal_target(
        self, state: GameState, s: ast.IsLegalTargetQuestion, run: ScriptRun
    ) -> Verdict:
        state, source, player = self._question_source(state, s.source, run)
        state, candidates = self._targets(state, (s.candidate,), run)
        candidate = candidates[0]
        if candidate == source and isinstance(s.source, ast.ObjectRef):
            # "Is Counterspell a legal target for Counterspell?" with one Counterspell on the
            # stack (QA 57 U2): the card, cast now, not the spell targeting itself (115.5).
            card = self.cards.resolve(s.source.name)
            if card.name == state.obj(candidate).name:
                state, asker = self._asker(state)
                verdict = self._legal_for(state, asker, card, candidate)
                return _with_split_second_caveat(
                    state,
                    evolve(
                        verdict,
                        reason=f"{verdict.reason} (Another {card.name}, cast now; the one on the "
                        "stack can't target itself, 115.5.)",
                        rules=merge_rules(verdict.rules, ("115.5",)),
                    ),
                )
        return _with_split_second_caveat(
            state, self._is_legal_target_for(state, s, source, player, candidate, run)
        )

    def _is_legal_target_for(
        self,
        state: GameState,
        s: ast.IsLegalTargetQuestion,
        source: CardData | int,
        player: str,
        candidate: TargetRef,
        run: ScriptRun,
    ) -> Verdict:
        if _caster_named(s.source):
            return self._legal_for(state, player, source, candidate)
        if isinstance(source, CardData) and state.players and candidate in state.player_names:
            # Asked about a card in hand: the caster is someone, not necessarily the target.
            player = next((p for p in state.player_names if p != candidate), player)
        if isinstance(source, CardData):
            state = _with_a_possible_opponent(state)
        if isinstance(source, CardData) and len(state.players) > 1:
            # Nobody was named as the caster, and who casts it can decide the answer (hexproof
            # and ward care about opponents, CR 702.11b): answer for every player, and say so
            # when the answers differ.
            answers = {p: self._legal_for(state, p, source, candidate) for p in state.player_names}
            kinds = {verdict.kind for verdict in answers.values()}
            if len(kinds) > 1:
                return _depends_on_caster(source.name, answers, _speaking_player(state, run))
            return answers[player]
        return self._legal_for(state, player, source, candidate)

    def _legal_targets(
        self, state: GameState, s: ast.LegalTargetsQuestion, run: ScriptRun
    ) -> tuple[GameState, Verdict]:
        state, source, player = self._question_source(state, s.source, run)
        ability: int | None = None
        if (
            isinstance(s.source, ast.AbilityRef)
            and isinstance(source, int)
            and s.source.kind is not ast.AbilityKind.TRIGGERED
            and state.stack_entry_or_none(source) is None
        ):
            # "What can Portent Tracker's second ability target?": that ability, not the first.
            ability = self._ability_index(state, source, s.source, EngineAbilityKind.ACTIVATED)
        if isinstance(source, int) and not isinstance(s.source, ast.AbilityRef):
            on_board = state.objects.get(source)
            card = state.cards.get(source)
            if on_board is not None and on_board.zone is Zone.BATTLEFIELD and card is not None:
                try:
                    return state, self.engine.legal_targets(state, player, source)
                except EngineError:
                    # Pacifism on the battlefield: no ability of it targets; as a spell it
                    # does (an Aura, 115.1b, 303.4a), which is what the question is after.
                    if "aura" not in on_board.subtypes:
                        raise
                    as_spell = self.engine.legal_targets(state, on_board.controller, card)
                    return state, replace(
                        as_spell,
                        reason=f"{on_board.name} is on the battlefield, where an Aura targets "
                        f"nothing (115.1b, 303.4a); cast as a spell: {as_spell.reason}",
                        rules=merge_rules(("115.1b", "303.4a"), as_spell.rules),
                    )
        if isinstance(source, CardData) and not _caster_named(s.source):
            asked = _with_a_possible_opponent(state)
        else:
            asked = state
        if not isinstance(source, CardData) or _caster_named(s.source) or len(asked.players) < 2:
            return state, self.engine.legal_targets(state, player, source, ability=ability)
        # A card nobody was named to cast: hexproof and ward care about who casts it (CR
        # 702.11b), so when the lists differ, each caster's list is given.
        answers = {p: self.engine.legal_targets(asked, p, source) for p in asked.player_names}
        answer = answers[player]
        # Said apart from the caster's name ("say “Alice controls Goblin Burrows.”"), the
        # answers may still be one answer: then it isn't split by caster.
        if (
            len({v.reason.replace(p, "") for p, v in answers.items()}) == 1
            or not any(v.slots for v in answers.values())
            # The same choices whoever casts it ("any target": both players, every creature).
            or len({(v.slots, v.notes) for v in answers.values()}) == 1
        ):
            if asked is not state:
                # The same for the opponent only a question supposed: the board's own answer,
                # without that opponent among the choices.
                answer = self.engine.legal_targets(state, player, source)
            return state, answer
        suffix = " (115.1, 601.2c)."
        # "Bonecrusher Giant has no targets cast as itself ..., but its Adventure, Stomp, does
        # (715.3). Legal targets for Stomp: ...": what leads to the list is said once.
        parts = [
            f"if {caster} casts it, "
            + v.reason.removeprefix(v.lead)
            .removeprefix(f"Legal targets for {v.face or source.name}: ")
            .removesuffix(suffix)
            for caster, v in answers.items()
        ]
        return state, replace(
            answer,
            reason=f"{answer.lead}It depends on who casts {source.name}: "
            + "; ".join(parts)
            + suffix,
        )

    def _legal_for(
        self, state: GameState, player: str, source: CardData | int, candidate: int | str
    ) -> Verdict:
        options = self.engine.legal_targets(state, player, source)
        if isinstance(source, CardData) and options.face:
            # Bonecrusher Giant: no targets cast as itself, its Adventure Stomp's instead
            # (115.10a, 715.3): the answer is Stomp's, said as such.
            as_face = self._legal_for(state, player, source.face(options.face), candidate)
            return replace(
                as_face,
                reason=options.lead + as_face.reason,
                rules=merge_rules(options.rules[:2], as_face.rules),
                lead=options.lead,
            )
        first: Verdict | None = None
        for slot in range(len(options.slots)):
            verdict = self.engine.is_legal_target(state, player, source, candidate, slot=slot)
            first = first or verdict
            if verdict.kind is VerdictKind.LEGAL:
                return replace(verdict, kind=VerdictKind.YES)
        if first is None:
            return replace(options, kind=VerdictKind.NO, reason="No: " + options.reason)
        return replace(first, kind=VerdictKind.NO)

    def _fizzles(self, state: GameState, question: ast.FizzleQuestion, run: ScriptRun) -> Verdict:
        """“Does Mana Leak fizzle?” about a spell that has left the stack already: what became
        of it (QA 59 M3); otherwise resolved on a copy of the game, as ever."""
        if question.countered:
            return self._countered(state, question)
        return self._left_the_stack(state, question.item) or super()._fizzles(state, question, run)

    def _countered(self, state: GameState, question: ast.FizzleQuestion) -> Verdict:
        """“Was Mana Leak countered?” (QA 62 U1): countered by a spell or ability (701.6a), or
        else what became of it: still on the stack, fizzled (608.2b: not countered), resolved."""
        item = question.item
        name = item.name.strip() if isinstance(item, ast.ObjectRef) else ""
        left = self._left_the_stack(state, item)
        if left is not None and "was countered (701.6a)" in left.reason:
            return evolve(left, kind=VerdictKind.YES, reason="Yes" + left.reason.removeprefix("No"))
        if left is not None:
            said = left.reason.removeprefix("Yes: ").removeprefix("No: ")
            return Verdict(
                VerdictKind.NO,
                f"No: nothing countered it (701.6a). {said[:1].upper()}{said[1:]}",
                merge_rules(("701.6a",), left.rules),
            )
        wanted = name.casefold()
        if any(state.obj(e.object_id).name.casefold() == wanted for e in state.stack):
            return Verdict(
                VerdictKind.NO,
                f"No: {name} is still on the stack; it hasn't been countered (701.6a).",
                ("701.6a",),
            )
        raise ScenarioError(
            f"{name or 'That'} was never on the stack in this game, so it can't have been "
            "countered. Say its cast first (“Alice casts Mana Leak targeting ...”).",
            hint="Was Mana Leak countered?",
        )

    @staticmethod
    def _left_the_stack(state: GameState, item: ast.StackItem) -> Verdict | None:
        """How the spell ``item`` names left the stack, when none of that name is on it now:
        countered (701.6a, not a fizzle), removed with all its targets illegal (608.2b: it
        fizzled) or resolved; None when it is on the stack, or never was there."""
        if not isinstance(item, ast.ObjectRef) or not item.name:
            return None
        wanted = item.name.strip().casefold()
        if any(state.obj(entry.object_id).name.casefold() == wanted for entry in state.stack):
            return None
        gone = [
            d
            for d in state.departures.values()
            if d.snapshot.zone is Zone.STACK and d.snapshot.name.casefold() == wanted
        ]
        if not gone:
            return None
        last = max(gone, key=lambda d: d.old_id)
        name = last.snapshot.name
        if last.event.startswith("was countered"):
            return Verdict(
                VerdictKind.NO,
                f"No: {name} was countered (701.6a): removed from the stack, it doesn't resolve "
                "and none of its effects happen. That isn't fizzling, which is a spell or "
                "ability not resolving because all of its targets became illegal (608.2b).",
                ("701.6a", "608.2b"),
            )
        if last.event.startswith("was removed from the stack"):
            return Verdict(
                VerdictKind.YES,
                f"Yes: {name} already fizzled: all of its targets were illegal as it tried to "
                "resolve, so it was removed from the stack without resolving (608.2b).",
                ("608.2b",),
            )
        if last.event == "resolved":
            return Verdict(
                VerdictKind.NO,
                f"No: {name} has already resolved (608.2), so it didn't fizzle.",
                ("608.2", "608.2b"),
            )
        return None

    def _fizzle_answer(self, state: GameState, resolved: Verdict) -> Verdict:
        """Yes when every target would be illegal and it would not resolve (CR 608.2b)."""
        rules = merge_rules(("608.2b",), resolved.rules)
        if resolved.kind is VerdictKind.FIZZLED:
            return Verdict(VerdictKind.YES, "Yes: " + resolved.reason, rules, resolved.slots)
        return Verdict(
            VerdictKind.NO,
            "No: not all of its targets are illegal, so it resolves (608.2b). "
            f"If it resolved now: {resolved.reason}",
            rules,
            resolved.slots,
        )

    def _does_target(self, state: GameState, s: ast.DoesTargetQuestion, run: ScriptRun) -> Verdict:
        if s.about is not None:
            return self._does_target_about(state, s, s.about, run)
        if s.quoted:
            return self.engine.does_target(s.subject)
        on_stack = _stack_entry_named(state, s.subject)
        if on_stack is not None:
            return _entry_targets(state, on_stack)
        keyword = keyword_reading(s.subject)
        if keyword is not None and self.cards.exact(s.subject) is None:
            return _keyword_targets(keyword)
        card = self.cards.resolve(s.subject)
        faces = card.faces or (card,)
        verdicts = [self.engine.does_target(f.oracle_text, type_line=f.type_line) for f in faces]
        yes = [v for v in verdicts if v.kind is VerdictKind.YES]
        chosen = yes[0] if yes else verdicts[0]
        spell = _spell_on_stack_named(state, s.subject, card.name)
        if spell is not None and chosen.kind is VerdictKind.YES:
            return _cast_spell_targets(state, spell, chosen)
        return replace(chosen, reason=f"{card.name}: {chosen.reason}")

    def _does_target_about(
        self, state: GameState, s: ast.DoesTargetQuestion, about: ast.Target, run: ScriptRun
    ) -> Verdict:
        """“Does Settle the Wreckage target Grizzly Bears?” (QA 33 U2): what it targets, and
        whether that can be the one asked about; "each" and "all" affect without targeting
        (115.10a), so hexproof and shroud don't stop them."""
        base = self._does_target(state, replace(s, about=None), run)
        state, (whom,) = self._targets(state, (about,), run)
        named = state.label(whom)
        on_stack = _stack_entry_named(state, s.subject)
        card = on_stack.name if on_stack is not None else self.cards.resolve(s.subject).name
        if on_stack is None:
            on_stack = _spell_on_stack_named(state, s.subject, card)
        text = on_stack.spec.text if on_stack is not None else self.cards.resolve(card).oracle_text
        untargeted = (
            f" Its “{found[0]}” affects what it says without targeting it (115.10a): hexproof "
            "and shroud don't stop that."
            if (found := _EACH_OR_ALL.search(text))
            else ""
        )
        if on_stack is not None and on_stack.slots:
            chosen = [ref for group in on_stack.targets for ref in group.refs]
            listed = and_list(state.label(ref) for ref in chosen) or "nothing"
            yes = whom in chosen
            return Verdict(
                VerdictKind.YES if yes else VerdictKind.NO,
                f"{'Yes' if yes else 'No'}: {on_stack.name} targets {listed} (115.1)."
                + ("" if yes else untargeted),
                ("115.1", "115.10a") if untargeted and not yes else ("115.1",),
            )
        if base.kind is not VerdictKind.YES:
            return Verdict(
                VerdictKind.NO,
                f"No: {card} has no targets, so it doesn't target {named}: it affects what its "
                "text says without targeting (115.10a), so hexproof, shroud and protection's "
                "“can't be targeted” don't stop it (702.11b, 702.18a, 702.16b).",
                merge_rules(base.rules, ("115.10a",)),
            )
        source = ast.ObjectRef(name=s.subject)
        legal = self._is_legal_target(
            state, ast.IsLegalTargetQuestion(candidate=about, source=source), run
        )
        if legal.kind is VerdictKind.YES:
            return replace(
                legal,
                reason=f"It can: {card} targets only what its caster chooses as it is cast "
                f"(601.2c), and {named} may be chosen. " + legal.reason.removeprefix("Yes: "),
                rules=merge_rules(legal.rules, ("601.2c",)),
            )
        return replace(
            legal,
            kind=VerdictKind.NO,
            reason=f"No: {card} can't target {named}: "
            + legal.reason.removeprefix("No: ")
            + untargeted,
            rules=merge_rules(legal.rules, ("115.10a",)),
        )

    # ---- references -------------------------------------------------------------------------
    def _subject(
        self, state: GameState, ref: ast.PlayerRef | ast.ObjectRef, run: ScriptRun
    ) -> tuple[GameState, TargetRef]:
        if isinstance(ref, ast.PlayerRef):
            if (found := self._named_in_part(state, ref)) is not None:
                return state, found
            return self._player(state, ref, run)
        if ref.could_be_player:
            # "Bob has hexproof." as Bob's first mention: one word that is no object here and
            # no card's exact name is a player joining (as for targets); "Bob" is only a
            # nickname of Dark Confidant.
            return self._target(state, ref, run)
        return state, self._object(state, ref, run)

    def _targets(
        self, state: GameState, targets: Sequence[ast.Target], run: ScriptRun
    ) -> tuple[GameState, tuple[TargetRef, ...]]:
        refs: list[TargetRef] = []
        for target in targets:
            state, ref = self._target(state, target, run)
            refs.append(ref)
        return state, tuple(refs)

    def _counters_paid(
        self,
        state: GameState,
        player: str,
        verdict: Verdict,
        choices: ast.Choices,
        run: ScriptRun,
    ) -> tuple[GameState, Verdict]:
        """An optional additional cost paid with counters ("you may blight 1": "putting a
        -1/-1 counter on Hill Giant"), put on as the cost is paid, after targets (601.2h):
        only on a creature the caster controls."""
        assert choices.counters_paid is not None
        kind, count, target = choices.counters_paid
        if not isinstance(target, ast.ObjectRef):
            raise EngineError("The counters of a cost go on a creature: name it.")
        object_id = self._object(state, target, run)
        obj = state.obj(object_id)
        if obj.controller != player or "creature" not in obj.card_types:
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"The cost puts its counter on a creature {player} controls, and "
                f"{state.label(object_id)} isn't one (601.2h, 118.3).",
                ("601.2h", "118.3"),
            )
        after, _ = self.engine.add_counters(state, object_id, kind, count)
        return after, replace(
            verdict,
            notes=(
                *verdict.notes,
                f"{'a' if count == 1 else count} {kind} counter{'' if count == 1 else 's'} put "
                f"on {state.label(object_id)} to pay its cost (601.2h).",
            ),
            rules=merge_rules(verdict.rules, ("601.2h",)),
        )

    def _exiled_from_graveyard(
        self, state: GameState, items: Sequence[ast.Target], run: ScriptRun
    ) -> list[int]:
        """The graveyard cards named to pay a cost that exiles them ("exiling Grizzly Bears
        and Hill Giant": Haunting Misery, CR 601.2h)."""
        exiled: list[int] = []
        for item in items:
            if not isinstance(item, ast.ObjectRef):
                raise EngineError(
                    f"“exiling {item}” names a player; the cost exiles cards from a graveyard "
                    "(601.2h).",
                    hint="Name the cards: “…, exiling Grizzly Bears and Hill Giant, …”.",
                )
            exiled.append(self._object(state, item, run, zones=(Zone.GRAVEYARD,)))
        return exiled

    def _sacrificed(
        self, state: GameState, player: str, items: Sequence[ast.Target], run: ScriptRun
    ) -> tuple[GameState, list[int]]:
        """What a spell's cost sacrifices (a permanent on the battlefield, CR 701.21a).  "two
        Mountains" or "Mountain and Mountain" are that many of the caster's permanents with
        that name, untapped ones first: which of them is sacrificed doesn't change the cast."""
        wanted: Counter[str] = Counter()
        named: dict[int, str] = {}  # position of a plain name -> the name it counts under
        for position, item in enumerate(items):
            if not (
                isinstance(item, ast.ObjectRef)
                and item.name
                and item.controller is None
                and item.ordinal is None
                and item.object_id is None
            ):
                continue
            count, _, rest = item.name.partition(" ")
            number = NUMBER_WORDS.get(count.lower()) or (int(count) if count.isdigit() else 0)
            if number > 1 and rest and not state.objects_named(item.name):
                named[position] = _singular_name(state, rest)
                wanted[named[position]] += number
            else:
                named[position] = item.name
                wanted[item.name] += 1
        mine = {
            name: sorted(
                (
                    o
                    for o in state.zone_objects(Zone.BATTLEFIELD)
                    if o.name.casefold() == name.casefold() and o.controller == player
                ),
                key=lambda o: (o.tapped, o.id),
            )
            for name, number in wanted.items()
            if number > 1
        }
        sacrificed: list[int] = []
        for position, item in enumerate(items):
            if named.get(position) in mine:
                continue
            kind = _ANY_ONE_KIND.fullmatch(named.get(position, ""))
            if kind is not None and not state.objects_named(named[position]):
                # "by sacrificing an enchantment": the caster's one permanent of that kind
                # (several: say which; none: the cost can't be paid, CR 118.3, 701.21a).
                sacrificed.append(_one_of_kind(state, player, kind.group("kind").lower()))
                continue
            state, ref = self._target(state, item, run)
            if not isinstance(ref, int):
                raise EngineError(f"{ref} is a player; only a permanent can be sacrificed.")
            sacrificed.append(ref)
        for name, objects in mine.items():
            if len(objects) < wanted[name]:
                have = f"only {len(objects)}" if objects else "no"
                raise EngineError(
                    f"{player} controls {have} {name} on the battlefield, so can't sacrifice "
                    f"{wanted[name]} (701.21a, 118.3)."
                )
            sacrificed.extend(o.id for o in objects[: wanted[name]])
        return state, sacrificed

    def _attacking_player(self, state: GameState, s: ast.SetStatus, run: ScriptRun) -> int:
        """The creature "Grizzly Bears is attacking Bob." names: a name both players' creatures
        have, said without whose it is, is the one Bob doesn't control (508.1a: the active
        player's creatures attack; QA 62 U3)."""
        ref, attacked = s.subject, s.attacks
        if (
            s.status.lower() == "attacking"
            and isinstance(attacked, ast.PlayerRef | ast.ObjectRef)
            and attacked.name
            and ref.name
            and not (ref.controller or ref.object_id or ref.ordinal)
        ):
            defender = next(
                (p for p in state.player_names if p.casefold() == attacked.name.casefold()), None
            )
            named = self._named(state, ref.name)
            theirs = [obj.id for obj in named if obj.controller != defender]
            if defender is not None and len(named) > 1 and len(theirs) == 1:
                return theirs[0]
        return self._object(state, ref, run)

    def _attacker(self, state: GameState, ref: ast.ObjectRef, run: ScriptRun) -> int:
        """The attacking creature a block names: a name several objects have, said without
        whose it is, is the one attacking (509.1a: blockers block attacking creatures; QA 59
        U1: a Hill Giant on each side)."""
        if ref.name and not (ref.controller or ref.object_id or ref.ordinal):
            named = self._named(state, ref.name)
            attacking = [obj.id for obj in named if obj.attacking]
            if len(named) > 1 and len(attacking) == 1:
                return attacking[0]
        return self._object(state, ref, run)

    def _blocker(
        self, state: GameState, ref: ast.ObjectRef, attackers: list[int], run: ScriptRun
    ) -> int:
        """The blocking creature a block names: a name several objects have, said without whose
        it is, is the one an opponent of the attackers' controllers controls, not attacking
        (509.1a: the defending player blocks with their own creatures; QA 62 U3)."""
        if ref.name and not (ref.controller or ref.object_id or ref.ordinal):
            named = self._named(state, ref.name)
            attacking_sides = {state.obj(a).controller for a in attackers if a in state.objects}
            theirs = [
                obj.id
                for obj in named
                if obj.zone is Zone.BATTLEFIELD
                and obj.controller not in attacking_sides
                and not obj.attacking
            ]
            if len(named) > 1 and len(theirs) == 1:
                return theirs[0]
        return self._object(state, ref, run)

    def _combat_target(
        self, state: GameState, source_id: int, target: ast.Target, run: ScriptRun
    ) -> tuple[GameState, TargetRef]:
        """What ``source_id`` deals combat damage to: a name several objects have, said without
        whose it is, is the creature fighting it, its blocker or the attacker it blocks (510.1c-d;
        QA 59 U1: a Grizzly Bears on each side)."""
        if (
            isinstance(target, ast.ObjectRef)
            and target.name
            and not (target.controller or target.object_id or target.ordinal)
            and len(self._named(state, target.name)) > 1
        ):
            source = state.obj(source_id)
            fighting = [
                *blockers_of(state, source_id),
                *(state.obj(i) for i in source.blocking_ids if i in state.objects),
            ]
            wanted = target.name.casefold()
            same = [obj.id for obj in fighting if obj.name.casefold() == wanted]
            if len(same) == 1:
                return state, same[0]
        return self._target(state, target, run)

    def _target(
        self, state: GameState, target: ast.Target, run: ScriptRun
    ) -> tuple[GameState, TargetRef]:
        if isinstance(target, ast.PlayerRef):
            if _plain_new_name(state, target):
                # "targeting Bear": read as a player's name, but no player has it.
                found = self._part_named(state, target.name)
                if found is not None:
                    return state, found
                _refuse_new_player(state, target.name, run.speaker)
            return self._player(state, target, run)
        if isinstance(target, ast.AbilityRef):
            return state, self._ability_on_stack(state, target, run)
        if target.could_be_player:
            if state.has_player(target.name):
                return state, state.player(target.name).name
            found = self._find(state, target, _TARGET_ZONES, run, required=False)
            if found is not None:
                return state, found
            # Nothing of that name is in the game, so a one-word name is a player joining it
            # (even when it is also a card's nickname, such as "Bob") - but never the exact
            # name of a card: "targeting Forest" with no Forest in play is a missing object,
            # not a new player called Forest.
            card = self.cards.exact(target.name)
            named = card is not None and target.name.casefold() in {
                n.casefold() for n in (card.name, *(face.name for face in card.faces))
            }
            gone = _departed_named(state, target.name)
            if gone is not None:
                # A token that was exiled or died is not a new player called "Zombie".
                raise NotFoundError(_departure_text(gone))
            if not named:
                # "targeting Bear" with Runeclaw Bear on the battlefield means it, not a new
                # player called Bear; a nickname ("Bob" for Dark Confidant) may still be one.
                found = self._part_named(state, target.name)
                if found is not None:
                    return state, found
                _refuse_new_player(state, target.name, run.speaker)
                if card is not None:
                    _refuse_nickname_as_third_player(state, target.name, card.name)
                return self._player(state, ast.PlayerRef(target.name), run)
        return state, self._object(state, target, run, zones=_TARGET_ZONES)

    def _counters_on(
        self, state: GameState, object_id: int, s: ast.SetCounters
    ) -> tuple[GameState, Verdict]:
        obj = state.obj(object_id)
        if counted_stat(obj, s.counter) is None:
            have = obj.counters.get(s.counter, 0)
        else:
            # Loyalty and defense are those counters (CR 306.5c, 310.4c).
            have = getattr(obj, s.counter)
            if have is None and s.added:
                label = state.label(object_id)
                return state, Verdict(
                    VerdictKind.ERROR,
                    f"{label}'s {s.counter} isn't known (the bot's card data has no printed "
                    f"defense for battles), so the bot can't add to it: say “{label} has N "
                    f"{s.counter} counters.” (310.4b, 310.4c).",
                    ("310.4b", "310.4c"),
                )
        more = s.count if s.added else s.count - (have or 0)
        return self.engine.add_counters(state, object_id, s.counter, more)

    def _named_in_part(self, state: GameState, ref: ast.PlayerRef) -> int | None:
        """The permanent a plain word that no player has names in part ("Jaheira loses
        hexproof." with Jaheira, Insightful Harper on the battlefield: Commander players call
        legends by their first names), instead of a new player called that (QA 33 W2)."""
        return self._part_named(state, ref.name) if _plain_new_name(state, ref) else None

    @staticmethod
    def _part_named(state: GameState, word: str) -> int | None:
        """The one object on the battlefield or the stack that ``word`` is one word of the
        name of ("Bear": Runeclaw Bear), instead of a new player called that; an error if
        several are; None if none is."""
        found = one_called_in_part(
            word, state.objects_in((Zone.BATTLEFIELD, Zone.STACK)), lambda o: o.name
        )
        return found.id if found is not None else None

    def _item_on_stack(self, state: GameState, item: ast.StackItem, run: ScriptRun) -> int | None:
        try:
            return self._stack_item(state, item, run)
        except (UserError, EngineError):
            if not isinstance(item, ast.KeywordTrigger):
                raise
        # "the landfall trigger": an ability word or keyword in the ability's text (207.2c).
        said = [
            entry.object_id
            for entry in state.stack
            if re.search(rf"\b{re.escape(item.keyword)}\b", entry.spec.text, re.IGNORECASE)
            or item.keyword in (entry.spec.keyword or "").lower()
        ]
        return said[-1] if said else None

    def _stack_item(self, state: GameState, item: ast.StackItem, run: ScriptRun) -> int:
        if isinstance(item, ast.TopOfStack):
            if not state.stack:
                raise EngineError("The stack is empty.")
            return state.stack[-1].object_id
        if isinstance(item, ast.AbilityRef):
            return self._ability_on_stack(state, item, run)
        if isinstance(item, ast.KeywordTrigger):
            return _keyword_trigger_on_stack(state, item.keyword)
        top = state.stack[-1] if state.stack else None
        if (
            top is not None
            and isinstance(item, ast.ObjectRef)
            and item.object_id is None
            and item.ordinal is None
            and item.controller is None
            and state.obj(top.object_id).name.casefold() == item.name.casefold()
        ):
            # "Cloudshift resolves." with two Cloudshifts on the stack: only the top object
            # resolves (CR 608.1, 405.5), so the bare name means the top one.
            return top.object_id
        return self._object(state, item, run, zones=(Zone.STACK,))

    def _ability_on_stack(self, state: GameState, ref: ast.AbilityRef, run: ScriptRun) -> int:
        wanted = {
            ast.AbilityKind.ACTIVATED: (ObjectKind.ACTIVATED_ABILITY,),
            ast.AbilityKind.TRIGGERED: (ObjectKind.TRIGGERED_ABILITY,),
        }.get(ref.kind, (ObjectKind.ACTIVATED_ABILITY, ObjectKind.TRIGGERED_ABILITY))
        # CR 113.7a: an ability on the stack exists independently of its source, which may
        # have left the battlefield since (Spellskite died): find it by its source's name then.
        orphans = [
            e
            for e in state.stack
            if state.obj(e.object_id).kind in wanted
            and ref.source.name
            and ref.source.object_id is None
            and e.name.casefold().startswith(f"{ref.source.name.casefold()}'s")
            and (
                e.source_id is None
                or e.source_id not in state.objects
                or state.obj(e.source_id).zone is not Zone.BATTLEFIELD
            )
        ]
        found = self._find(state, ref.source, _TARGET_ZONES, run, required=not orphans)
        if found is None:
            return orphans[-1].object_id
        source_id = found
        entries = [
            e
            for e in state.stack
            if e.source_id == source_id and state.obj(e.object_id).kind in wanted
        ] or orphans
        if ref.keyword:
            # "Runeclaw Bear's ward trigger": that keyword's ability when one is there.
            keyed = [e for e in entries if e.spec.keyword.lower() == ref.keyword.lower()]
            entries = keyed or entries
        if ref.index is not None and ref.index > 0 and (card := state.cards.get(source_id)):
            # "Thragtusk's first trigger resolves.": that printed ability's (QA 57 M4).
            kind = (
                EngineAbilityKind.ACTIVATED
                if ref.kind is ast.AbilityKind.ACTIVATED
                else EngineAbilityKind.TRIGGERED
            )
            printed = [a for a in self.engine.read(card).abilities if a.kind is kind]
            if ref.index <= len(printed):
                said = printed[ref.index - 1].text
                # Its source may have left since (a new object, 400.7): that one's by name.
                own = f"{state.name_of(source_id).casefold()}'s"
                entries = (
                    [e for e in entries if e.spec.text == said]
                    or [
                        e
                        for e in state.stack
                        if e.spec.text == said and e.name.casefold().startswith(own)
                    ]
                    or entries
                )
        if not entries:
            card = state.cards.get(source_id)
            abilities = self.engine.read(card).abilities if card is not None else ()
            activated = [a for a in abilities if a.kind is EngineAbilityKind.ACTIVATED]
            why = (
                " Its mana ability doesn't use the stack: it resolves at once, so nothing can "
                "target or respond to it (605.3b)."
                if activated and all(is_mana_ability(a) for a in activated)
                else ""
            )
            raise NotFoundError(
                f"No ability of {state.label(source_id)} is on the stack.{why}",
                hint="Stack now: " + (", ".join(e.name for e in state.stack) or "empty") + ".",
            )
        if len({e.spec.text for e in entries}) > 1:
            # Two different abilities of one source (Frost Titan's own and the one Kira grants
            # it): picking the newest silently chose for the user (found by QA 9, M4).
            listed = "; ".join(f"#{e.object_id}: {e.spec.text}" for e in reversed(entries))
            raise AmbiguousError(
                f"{state.label(source_id)} has {len(entries)} different abilities on the stack "
                f"({listed}).",
                hint=f"Name the one you mean by its id, e.g. “#{entries[-1].object_id}”.",
            )
        return entries[-1].object_id

    # ---- finding objects (``ScriptExecutor._find`` with MTG's zones) -------------------------
    def _named(self, state: GameState, name: str) -> list[GameObject]:
        found = state.objects_named(name)
        if state.copies:
            # A Clone that entered as a copy of Troll Ascetic is named Troll Ascetic (707.2),
            # but a judge still calls it "Clone": its card's name finds it too (QA 28 U1).
            wanted = name.casefold()
            found = [
                *found,
                *(
                    obj
                    for obj in state.zone_objects(Zone.BATTLEFIELD)
                    if obj.id in state.copies
                    and (card := state.cards.get(obj.id)) is not None
                    and card.name.casefold() == wanted
                    and obj.name.casefold() != wanted
                ),
            ]
        if not found and "//" in name:
            # "Fire // Ice" on the stack is the half cast, named as that half (CR 709.3b).
            found = [o for half in name.split("//") for o in state.objects_named(half.strip())]
        copy_of = name.casefold().removeprefix("the ")
        if not found and copy_of == "copy":
            # "Alice keeps the copy.", "Bob casts Murder targeting the copy.": the permanents
            # that are copies (a Clone that entered as a copy, 707.2) and the copies of spells
            # on the stack (707.10); several are ambiguous, and the answer lists them by id.
            found = [
                *(o for o in state.zone_objects(Zone.BATTLEFIELD) if o.id in state.copies),
                *(state.obj(entry.object_id) for entry in state.stack if entry.is_copy),
            ]
        if not found and copy_of.startswith("copy of "):
            # "(the) copy of Lightning Bolt", as the stack shows a copy (707.10): the copy
            # itself carries the original's name.
            found = [
                state.obj(entry.object_id)
                for entry in state.stack
                if entry.is_copy and entry.name.casefold() == copy_of
            ]
        if not found and (keyed := _KEYWORD_TRIGGER.fullmatch(name.strip())):
            # "Alice casts Stifle targeting the ward trigger": the trigger of that keyword on
            # the stack (its full name, "Waterfall Aerialist's ward trigger", works as well).
            keyword = keyed["keyword"].casefold()
            found = [
                state.obj(entry.object_id)
                for entry in state.stack
                if entry.spec.keyword.casefold() == keyword
            ]
        return found

    def _zone_groups(
        self, matches: Sequence[GameObject], zones: Sequence[Zone]
    ) -> Iterable[tuple[str, Sequence[GameObject]]]:
        # Zone by zone, as ``pick_named`` asks for them: it stops at the first zone holding one
        # (nearly always the first, the battlefield), so a long game's graveyards, which may
        # hold dozens of objects of the name, are rarely sorted out (issue 14).
        return ((_ZONE_WORDS[zone], [obj for obj in matches if obj.zone is zone]) for zone in zones)

    def _describe_each(self, state: GameState, group: list[GameObject]) -> list[str]:
        """``Alice's second Runeclaw Bear (#7)`` for each object, counted per controller and
        name in order; ``Alice's Runeclaw Bear (#1)`` when she has one of that name (found by
        QA 11: with "Alice's bear" meaning Runeclaw Bear or Grizzly Bears, "Alice's second
        Grizzly Bears" was suggested, and refused); ``the copy of Lightning Bolt (#4)`` for a
        copy on the stack (QA 19). Keys only, no object comparisons: a long game can hold many
        of one name."""
        copies = {entry.object_id for entry in state.stack if entry.is_copy}
        totals = Counter((obj.controller, obj.name) for obj in group)
        counts: dict[tuple[str, str], int] = {}
        described = []
        for obj in group:
            key = (obj.controller, obj.name)
            # A copy is counted too: "Alice's second Lightning Bolt" counts every one of hers.
            count = counts[key] = counts.get(key, 0) + 1
            if obj.id in copies:
                described.append(f"the copy of {obj.name} (#{obj.id})")
                continue
            which = f"{ordinal(count)} " if totals[key] > 1 else ""
            described.append(f"{obj.controller}'s {which}{obj.name} (#{obj.id})")
        return described

    def _joined(self, state: GameState, name: str) -> GameState:
        return state.with_player(Player(name))

    def _not_found(
        self,
        state: GameState,
        ref: ast.ObjectRef,
        zones: Sequence[Zone],
        matches: Sequence[GameObject],
        run: ScriptRun,
    ) -> NotFoundError:
        elsewhere = [o for o in matches if o.zone not in zones]
        if not elsewhere or self._depends_on_failure(ref, run):
            return super()._not_found(state, ref, zones, matches, run)
        # Not "did you mean Grizzly Bears?": say where the object it names is instead.
        found = elsewhere[0]
        where = zone_list([z.value for z in zones])
        place = zone_place(where)
        hint = (
            "Only what is on the stack resolves or can be retargeted; “What is on the "
            "stack?” lists it."
            if where == "stack"
            else "Say where it is first (for example “… returns to the battlefield.”), "
            f"or name an object {place}."
        )
        # "on the battlefield", "in the graveyard", "in exile".
        now = (
            zone_place(found.zone.value)
            if found.zone in (Zone.BATTLEFIELD, Zone.STACK)
            else f"in {zone_words(found.zone)}"
        )
        return NotFoundError(
            f"{found.name} (#{found.id}) is {now}, not {place}, so this statement can't use it.",
            hint=hint,
        )


# ---- helpers --------------------------------------------------------------------------------
# "As Painter's Servant enters, choose a color." (CR 614.12c-style "as enters" choices): the
# bot doesn't record the choice, so whatever depends on it isn't applied.
_ENTERS_CHOICE = re.compile(
    r"^As (?:this \w+|[^,\n]+) enters(?: the battlefield)?, choose (?P<what>an? [^.,\n]+?)"
    r"(?:\.|,| other| for| from|$)",
    re.MULTILINE,
)


def _sacrifice_itself_cost(obj: GameObject) -> str | None:
    """The cost of ``obj``'s activated ability paid by sacrificing it ("Sacrifice this
    creature:", "{1}, Sacrifice Sakura-Tribe Elder:"), or None."""
    itself = rf"(?:this (?:creature|artifact|enchantment|land|permanent)|{re.escape(obj.name)})"
    found = re.search(rf"^([^:\n]*\bSacrifice {itself}[^:\n]*):", obj.oracle_text, re.M | re.I)
    return found[1] if found else None


# "Llanowar Elves blocks Grizzly Bears." declares a block now (CR 509.1a); "... is blocking
# ..." and "... is blocked by ..." say what is so, which a blocker tapped since still is.
_DECLARES_BLOCK = re.compile(r"\bblocks?\b", re.IGNORECASE)
_DECLARES_ATTACK = re.compile(r"\battacks?\b|\bdeclares?\b", re.IGNORECASE)
# "When this creature leaves the battlefield / dies / is put into a graveyard from the
# battlefield": an ability of the permanent that triggers as it leaves (CR 603.6c).
_LEAVES_ITSELF = re.compile(
    r"(?:when|whenever) (?:this [a-z]+|~|(?P<name>[^,]+?)) (?:dies|leaves the battlefield|"
    r"is put into (?:a|your|its owner's) graveyard from the battlefield)\s*,",
    re.IGNORECASE,
)


# Questions about what happens next, or what a player may do once they get priority (117.5):
# asked while a saved game holds a combat damage step's damage, they are answered once its
# state-based actions are done (CR 510.2, 704.3).
def _as_said(state: GameState, usual: UsualDamage, s: ast.Statement) -> ast.CombatDamageTogether:
    """The step's usual combat damage (CR 510.1) as if each part were said in one sentence."""
    parts = tuple(
        ast.DealsDamage(
            source=ast.ObjectRef(name=state.obj(a.source_id).name, object_id=a.source_id),
            target=ast.PlayerRef(name=a.target)
            if isinstance(a.target, str)
            else ast.ObjectRef(name=state.obj(a.target).name, object_id=a.target),
            amount=a.amount,
            combat=True,
            first_strike=usual.first_strike,
            text=s.text,
            position=s.position,
        )
        for a in usual.assignments
    )
    return ast.CombatDamageTogether(parts=parts, text=s.text, position=s.position)


_ASKS_WHAT_HAPPENS = (
    ast.SurvivesQuestion,
    ast.ResolveQuestion,
    ast.WhatIfQuestion,
    ast.AfterResolvingQuestion,
    ast.CanQuestion,
)
_QUESTIONS = (
    ast.CanQuestion,
    ast.IsLegalTargetQuestion,
    ast.LegalTargetsQuestion,
    ast.TargetingQuestion,
    ast.ResolveQuestion,
    ast.WhatIfQuestion,
)


# Arc Trail: "2 damage to any target and 1 damage to another target": a fixed amount for each
# target, in order (not a division, 601.2d).
_FIXED_DAMAGE = re.compile(
    r"\b(\d+) damage to (?:any (?:other )?target|another target|target\b|up to one (?:other )?target)",
    re.IGNORECASE,
)


# A nonmodal double-faced card (its back face is reached by transforming; 712.8e).
_TRANSFORMS = re.compile(r"\btransform|\bdaybound\b|\bnightbound\b|\bdisturb\b|\bconvert", re.I)


def _back_face_named(faces: Sequence[CardData], name: str) -> CardData | None:
    """The back face a question names ("Insectile Aberration"), or None."""
    return next((f for f in faces[1:] if f.name.casefold() == name.casefold()), None)


def _sacrifice_owed(state: GameState) -> tuple[str, OwedSacrifice] | None:
    """A player and the sacrifice a resolved spell or ability left to their choice, still
    unsaid (CR 701.21a), or None."""
    for player in state.owed_sacrifices:
        owed = state.owed_sacrifice(player)
        if owed is not None and owed.candidates:
            return player, owed
    return None


def _what_it_means(state: GameState) -> list[int]:
    """What "it" can stand for as a spell is cast in response: the only object the top of
    the stack targets, then that spell or ability itself."""
    if not state.stack:
        return []
    top = state.stack[-1]
    targeted = [ref for chosen in top.targets for ref in chosen.refs if isinstance(ref, int)]
    single = list(dict.fromkeys(targeted))
    return [*single[:1], top.object_id] if len(single) == 1 else [top.object_id]


def enters_choice_notes(objects: Iterable[GameObject]) -> list[str]:
    """A note for each permanent whose "as it enters, choose ..." choice the bot can't apply."""
    notes = []
    for obj in objects:
        if obj.abilities_lost:
            continue
        if found := _ENTERS_CHOICE.search(obj.oracle_text):
            what = found["what"]
            example = "an Elf" if "type" in what else "blue" if "colo" in what else "…"
            spells = (
                "; spells' colour can't be stated, so an answer that depends on it "
                "(protection from that colour) needs a judge's check"
                if re.search(r"\bspells\b", obj.oracle_text, re.I)
                else ""
            )
            notes.append(
                f"{obj.name}'s choice as it entered ({what}) isn't modelled, so the bot "
                f"doesn't apply it; state what it changes instead (“Grizzly Bears becomes "
                f"{example}.”){spells}"
            )
    return notes


def _with_unmodelled_notes(state: GameState, statement: ast.Statement, verdict: Verdict) -> Verdict:
    """Notes on what the answer leaves out (QA 26 W10, U4): a choice made as a permanent
    enters, which the bot doesn't apply; a card cast from the hand while its copy waits in the
    caster's command zone (commander casting, 903.8, isn't modelled)."""
    notes: list[str] = []
    if isinstance(statement, _QUESTIONS) and verdict.kind is not VerdictKind.ERROR:
        notes.extend(enters_choice_notes(state.zone_objects(Zone.BATTLEFIELD)))
    if isinstance(statement, ast.Cast) and verdict.kind is not VerdictKind.ERROR:
        waiting = [
            obj
            for obj in state.zone_objects(Zone.COMMAND)
            if obj.name.casefold() == statement.card.casefold()
            and obj.owner.casefold() == statement.player.name.casefold()
        ]
        if waiting:
            notes.append(
                f"{waiting[0].name} in {waiting[0].owner}'s command zone stays there: casting a "
                "commander from the command zone (903.8, the commander tax) isn't modelled, so "
                "this is a cast of another copy from the hand"
            )
    if not notes:
        return verdict
    return replace(verdict, notes=(*verdict.notes, *dict.fromkeys(notes)))


# "Exile all attacking creatures", "each creature": words that affect without targeting.
_EACH_OR_ALL = re.compile(r"\b(?:each|all)\b[^.,;]*", re.IGNORECASE)


def _stack_entry_named(state: GameState, text: str) -> StackEntry | None:
    """The topmost ability on the stack called ``text`` ("Runeclaw Bear's ward trigger"), or
    the topmost trigger of a keyword ("the ward trigger"), if any.  (Spells are answered from
    their card.)"""
    wanted = text.strip().casefold()
    for entry in reversed(state.stack):
        obj = state.objects.get(entry.object_id)
        if obj is not None and obj.is_ability and entry.name.casefold() == wanted:
            return entry
    keyword = wanted.removeprefix("the ").removesuffix(" trigger")
    if wanted.endswith(" trigger") and " " not in keyword:
        try:
            return state.entry(_keyword_trigger_on_stack(state, keyword))
        except NotFoundError:
            return None
    return None


def _spell_on_stack_named(state: GameState, typed: str, card_name: str) -> StackEntry | None:
    """The topmost spell on the stack cast from that card (or with that face's name)."""
    wanted = {typed.strip().casefold(), card_name.casefold()}
    for entry in reversed(state.stack):
        obj = state.objects.get(entry.object_id)
        if obj is None or obj.is_ability:
            continue
        card = state.cards.get(entry.object_id)
        names = {entry.name.casefold(), *(() if card is None else (card.name.casefold(),))}
        if names & wanted:
            return entry
    return None


def _cast_spell_targets(state: GameState, entry: StackEntry, card_answer: Verdict) -> Verdict:
    """Whether the spell as it was cast targets: a card that can target may have been cast
    with no target (CR 115.6, "up to one") or with modes that don't target (700.2c)."""
    label = f"{entry.name} on the stack (#{entry.object_id})"
    chosen = [(slot, ref) for slot in entry.slots for ref in entry.chosen(slot.index).refs]
    if chosen:
        listed = ", ".join(f"{state.label(ref)} (“{slot.text}”)" for slot, ref in chosen)
        return Verdict(
            VerdictKind.YES,
            f"Yes: {label} targets {listed} (115.1).",
            ("115.1",),
            slots=tuple(SlotReport(slot.index, slot.text) for slot in entry.slots),
        )
    if entry.slots:
        why, rules = "no target was chosen for it, so it isn't targeted (115.6)", ("115.6",)
    else:
        why = "its chosen modes don't target, so it is treated as having no targets (700.2c)"
        rules = ("700.2c",)
    could = ", ".join(f"“{slot.requirement}”" for slot in card_answer.slots)
    return Verdict(
        VerdictKind.NO,
        f"No: {label} has no targets: {why}."
        + (f" Cast otherwise, it could target: {could}." if could else ""),
        rules,
    )


def _entry_targets(state: GameState, entry: StackEntry) -> Verdict:
    """CR 115.10: does this spell or ability on the stack target?  Its chosen targets, if any."""
    slots = entry.slots
    if slots:
        listed = ", ".join(f"“{slot.text}”" for slot in slots)
        return Verdict(
            VerdictKind.YES,
            f"Yes: {entry.name} targets: {listed} (115.1).",
            ("115.1",),
            slots=tuple(SlotReport(slot.index, slot.text) for slot in slots),
        )
    if entry.refers_to is not None:
        what = stack_name(state, entry.refers_to)
        return Verdict(
            VerdictKind.NO,
            f"No: {entry.name} has no targets; its “that spell or ability” is {what}, which it "
            "refers to without targeting it (115.10a, 702.21a).",
            ("115.10a", "702.21a"),
        )
    return Verdict(
        VerdictKind.NO, f"No: {entry.name} has no targets (115.10a).", ("115.10", "115.10a")
    )


_CHAPTER_LABEL = re.compile(r"(?P<numbers>[IVX]+(?:, [IVX]+)*) — ")


def _keyword_targets(reading: KeywordTargeting) -> Verdict:
    """ "Does equip target?": the keyword's own rule says (115.1e for a targeting keyword)."""
    name = reading.keyword.capitalize()
    reading = replace(reading, text=reading.text.replace("{1}", "[Cost]"))  # a sample cost
    if reading.target_phrase:
        return Verdict(
            VerdictKind.YES,
            f"{name}: Yes: it stands for “{reading.text}”, which targets "
            f"“{reading.target_phrase}” ({reading.rule}, 115.1e).",
            (reading.rule, "115.1e"),
        )
    return Verdict(
        VerdictKind.NO,
        f"{name}: No: it stands for “{reading.text}”, which doesn't use the word “target” "
        f"({reading.rule}, 115.10a).",
        (reading.rule, "115.10a"),
    )


_LOYALTY_COST = re.compile(r"^\s*\[?([+-]?(?:\d+|x))\]?\s*:", re.I)


_ENTERS_EVENT = re.compile(r"^[^,]*\benters?\b", re.I)


def _names_ability(wanted: str, keyword: str, text: str) -> bool:
    """Whether "the ward trigger" / "the chapter II trigger" names this ability."""
    wanted = " ".join(wanted.lower().split())
    if wanted.startswith("loyalty "):
        # "Jace's -1": the loyalty ability whose cost is [-1] (CR 606.4), Oracle's "−1:".
        cost = _LOYALTY_COST.match(text.replace("−", "-"))
        return cost is not None and cost.group(1).lower() == wanted.removeprefix("loyalty ")
    if wanted.startswith("chapter "):
        # CR 714.2b: a chapter ability is triggered; "I, II — ..." is both chapters I and II.
        label = _CHAPTER_LABEL.match(text)
        numeral = wanted.removeprefix("chapter ").upper()
        return label is not None and numeral in label.group("numbers").split(", ")
    if wanted == "etb":
        # "Flametongue Kavu's ETB": its enters-the-battlefield ability (CR 603.6a; QA 47 U1).
        return _ENTERS_EVENT.search(text) is not None
    if keyword == "cycling" and wanted.endswith("cycling"):
        # "swampcycling", "basic landcycling": typecycling is a cycling ability (702.29e).
        return True
    if wanted in ("regeneration", "regen"):
        # "River Boa's regeneration ability": its "Regenerate this creature" (701.19; QA 56 U9).
        wanted = "regenerate"
    return wanted in (keyword or text).lower()


def _keyword_trigger_on_stack(state: GameState, keyword: str) -> int:
    """ "the ward trigger": the topmost triggered ability of that keyword on the stack."""
    for entry in reversed(state.stack):
        obj = state.objects.get(entry.object_id)
        is_trigger = obj is not None and obj.kind is ObjectKind.TRIGGERED_ABILITY
        if is_trigger and entry.spec.keyword.lower() == keyword.lower():
            return entry.object_id
    raise NotFoundError(
        f"No {keyword} trigger is on the stack.",
        hint="Stack now: " + (", ".join(e.name for e in state.stack) or "empty") + ".",
    )


def _counters_of_a_player(state: GameState, kind: str, ref: ast.ObjectRef) -> bool:
    """Whether a bare word the parser couldn't place ("Bob") means a player here: one already
    in the game, or counters only players have (poison, 122.1f; rad, 122.1i; energy,
    experience, tickets) on a word that names no object."""
    if not ref.could_be_player:
        return False
    return state.has_player(ref.name) or (
        kind in _PLAYER_COUNTERS and not state.objects_named(ref.name)
    )


def _owned_elsewhere(
    state: GameState, card: CardData, player: str, zones: Collection[Zone]
) -> GameObject | None:
    """The first object ``player`` owns in one of ``zones`` that is ``card`` by its name (an
    adventurer's outside the stack too, CR 715.4): where a cast from another zone finds it."""
    names = dict.fromkeys((card.name, card.outside_stack().name, card.off_battlefield().name))
    return next(
        (
            obj
            for name in names
            for obj in state.objects_named(name)
            if obj.owner.casefold() == player.casefold() and obj.zone in zones
        ),
        None,
    )


# Where a card put onto the battlefield by a statement is found when it was stated there.
_PUT_FROM_ZONES = (Zone.HAND, Zone.GRAVEYARD, Zone.EXILE)


def card_in_zone(state: GameState, zone: Zone, card: CardData, player: str) -> CardData | int:
    """The card ``player`` owns in ``zone`` with ``card``'s name, to be cast from there (a
    flashback card from the graveyard, 702.34a; escape, foretell ...), else ``card`` itself."""
    # Outside the stack an adventurer card has only its creature's name (CR 715.4), which
    # is not the card's full "Bonecrusher Giant // Stomp" (QA 29 W10: cast from exile, the
    # exiled card stayed and a new one went on the stack).
    # A modal double-faced card there has only its front face's name (712.8a).
    names = {card.name, card.outside_stack().name, card.off_battlefield().name}
    return next(
        (
            o.id
            for o in state.zone_objects(zone)
            if o.name in names and o.owner.casefold() == player.casefold()
        ),
        card,
    )


def group_targets(slots: Sequence[TargetSlot], refs: Sequence[TargetRef]) -> list[list[TargetRef]]:
    """Split targets given in text order among the slots that ask for them (CR 601.2c).

    Each slot takes as many as it may while leaving enough for the slots after it; targets
    left over stay in a final group so the engine reports them.
    """
    groups, rest = split_in_text_order([(s.min_count, s.max_count) for s in slots], refs)
    return [*groups, rest] if rest else groups


def forced_division(
    progress: CastInProgress | None,
    slots: Sequence[TargetSlot],
    grouped: Sequence[Sequence[TargetRef]],
    choices: ast.Choices,
) -> tuple[int, ...]:
    """The division as announced, or the only one possible: with as many targets as the amount,
    each gets 1 (CR 601.2d: at least 1 each), so Fire's 2 damage on two targets needs no words."""
    if choices.division or progress is None:
        return tuple(choices.division)
    divided = [i for i, slot in enumerate(slots) if is_divided_now(slot, progress.spec)]
    count = sum(len(grouped[i]) for i in divided if i < len(grouped))
    total = division_total(progress.spec, choices.x)
    if count > 1 and total == count:
        return (1,) * count
    return ()


def _modes_named(choices: ast.Choices) -> bool:
    """Whether the statement names modes ("choosing ...")."""
    return bool(choices.modes_text.strip()) or any(m.strip() for m in choices.modes)


def with_inferred_mode_note(
    verdict: Verdict,
    progress: CastInProgress | None,
    modes: Sequence[int],
    choices: ast.Choices,
) -> Verdict:
    """The verdict, saying which mode the targets chose when none was named (700.2a)."""
    if (
        progress is None
        or progress.spec.choose is None
        or len(modes) != 1
        or choices.entwined
        or _modes_named(choices)
    ):
        return verdict
    text = progress.spec.modes[modes[0]].text.rstrip(".")
    name = progress.stack_object.name
    note = (
        f"No mode was named; “{text}” is the only mode of {name} these targets fit, so it is "
        "the one chosen (the mode is chosen before the targets, 700.2a, 601.2c)."
        if verdict.ok
        else f"No mode was named; “{text}” is the only mode of {name} that looks for targets "
        "where these are, so it is the one judged (700.2a, 601.2c)."
    )
    return replace(verdict, notes=(note, *verdict.notes))


def _modes_example(progress: CastInProgress) -> str:
    """How to say the modes for this action: a trigger's differs from a spell's (QA 22 U3)."""
    name = progress.stack_object.name
    targeted = [m for m in progress.spec.modes if m.slots] or list(progress.spec.modes)
    first = targeted[0].text.split(".")[0].lower() if targeted else "…"
    if progress.action == "trigger":
        source = name.removesuffix("'s ability").removesuffix("'s trigger")
        return f"e.g. “{source}'s trigger targets … choosing {first}.”"
    if progress.action == "activate":
        return f"e.g. “{progress.player} activates {name} targeting … choosing {first}.”"
    return f"e.g. “{progress.player} casts {name} choosing {first}, targeting …”"


def match_modes(
    mode_texts: Sequence[str],
    choices: ast.Choices,
    example: str = "e.g. “… choosing counter target spell and draw a card, targeting …”",
    names: Sequence[str] = (),
) -> tuple[int, ...]:
    """The mode numbers the typed mode texts mean (CR 700.2), best match for each; a mode
    may also be called by its name (``names``, tiered's "Fira", 702.183a)."""
    typed = [m for m in choices.modes if m.strip()]
    if not typed:
        raise ScenarioError(
            "It is modal: say which mode(s) are chosen (700.2).",
            hint=example,
            suggestions=tuple(mode_texts),
        )
    said = (choices.modes_text or " ".join(typed)).strip().lower()
    if _EVERY_MODE.fullmatch(said) and (len(mode_texts) == 2 or not said.startswith("both")):
        # "choosing both modes" (Return the Favor's spree), "all modes": how many may be
        # chosen is checked with the modes (700.2).
        return tuple(range(len(mode_texts)))
    lowered = [m.lower().rstrip(".") for m in mode_texts]
    whole = _modes_by_text(choices.modes_text, lowered)
    if whole is not None:
        return whole
    chosen: list[int] = []
    for text in _rejoin_modes(typed, lowered):
        wanted = text.lower().strip().rstrip(".")
        if wanted.isdigit() and 1 <= int(wanted) <= len(mode_texts):
            chosen.append(int(wanted) - 1)
            continue
        named = [
            i
            for i, name in enumerate(names)
            if name.lower() == wanted and len(names) == len(lowered)
        ]
        if named:
            chosen.append(named[0])
            continue
        # A mode is a candidate only if it shares a word that says what it does: "bounce
        # target permanent" has nothing of "counter target spell" but the word "target".
        words = _mode_words(wanted)
        scores = [
            (
                difflib.SequenceMatcher(None, wanted, mode).ratio()
                + (0.5 if wanted in mode else 0),
                i,
            )
            for i, mode in enumerate(lowered)
            if wanted in mode or words & _mode_words(mode)
        ]
        score, best = max(scores, default=(0.0, -1))
        if score < 0.5:
            raise ScenarioError(
                f"“{text}” is not one of the modes.",
                fragment=text,
                hint="Choose among: " + "; ".join(mode_texts),
            )
        chosen.append(best)
    return tuple(chosen)


_EVERY_MODE = re.compile(
    r"(?:both|all(?: three| four| five)?)(?: (?:of )?(?:the )?modes| of them)?"
)
_MODE_GLUE = re.compile(r"\s*(?:,\s*and\s+|,\s*|;\s*|\s+and\s+)", re.I)


def _modes_by_text(text: str, lowered: Sequence[str]) -> tuple[int, ...] | None:
    """The modes read off the typed text when it is made of whole mode texts only, joined by
    commas or "and": a mode's own text may hold a comma ("Draw two cards, then discard a card",
    "Copy target instant spell, sorcery spell, ..."), so it is matched before splitting."""
    rest = text.strip().replace('"', "").lower()
    modes = sorted(((m, i) for i, m in enumerate(lowered) if m), key=lambda p: -len(p[0]))
    chosen: list[int] = []
    while rest:
        for mode, index in modes:
            if rest.startswith(mode):
                after = rest[len(mode) :].lstrip(".")
                glue = _MODE_GLUE.match(after)
                if not after or glue is not None:
                    chosen.append(index)
                    rest = after[glue.end() :] if glue else ""
                    break
        else:
            return None
    return tuple(chosen) or None


def _rejoin_modes(typed: Sequence[str], lowered: Sequence[str]) -> list[str]:
    """The typed modes, with pieces cut at a comma inside one mode's text joined again."""
    pieces: list[str] = []
    for text in typed:
        if pieces:
            joined = f"{pieces[-1]}, {text}"
            if any(joined.lower().strip().rstrip(".") in mode for mode in lowered):
                pieces[-1] = joined
                continue
        pieces.append(text)
    return pieces


# Words every mode may share, which say nothing about which mode is meant.
_MODE_FILLER = frozenset(
    [
        "a",
        "an",
        "the",
        "to",
        "of",
        "its",
        "it",
        "your",
        "you",
        "target",
        "targets",
        "each",
        "all",
        "and",
        "or",
        "up",
        "one",
        "this",
        "that",
    ]
)
# Judges' words for a mode's effect ("bounce" is returning a permanent to its owner's hand).
_MODE_SLANG = {"bounce": "return", "kill": "destroy", "tapdown": "tap", "cantrip": "draw"}


def _mode_words(text: str) -> set[str]:
    """The words of a mode's text that say what it does, singular, slang read as the rules'."""
    found = set()
    for word in re.findall(r"[a-z]+", text.lower()):
        if word in _MODE_FILLER:
            continue
        word = _MODE_SLANG.get(word, word)
        found.add(word[:-1] if word.endswith("s") and len(word) > 3 else word)
    return found


def _plain_new_name(state: GameState, ref: ast.PlayerRef) -> bool:
    """A player named by a plain word that no player in the game has."""
    return (
        not ref.is_speaker
        and ref.opponent_of is None
        and ref.mention_id is None
        and not state.has_player(ref.name)
    )


def _predefined(token: ast.TokenSpec) -> PredefinedToken | None:
    """The predefined token (CR 111.10) a token named only by its subtype is, when nothing said
    contradicts it ("a Treasure token", "a Treasure artifact token"; not "a 1/1 Treasure
    creature token")."""
    if token.power is not None or token.colors or not token.subtypes:
        return None
    # One subtype ("Treasure"), or a Role's name and "Role" ("Young Hero Role", 111.10j-r).
    predefined = predefined_token(" ".join(token.subtypes))
    if predefined is None or not set(token.card_types) <= set(predefined.card_types):
        return None
    return predefined


def _note_auras_attached_to_nothing(state: GameState, s: ast.Controls, verdict: Verdict) -> Verdict:
    """``Bob controls Pacifism.``: kept on the board as said (often just an enchantment to
    target), with a note that in a game an Aura attached to nothing is put into its owner's
    graveyard (CR 704.5m) and how to say what it enchants (QA 17 #18).  Read off the objects
    the statement made, not by looking the cards up again."""
    auras = [
        obj.name
        for object_id in verdict.object_ids
        if (obj := state.objects.get(object_id)) is not None
        and obj.kind is not ObjectKind.TOKEN
        and "aura" in obj.subtypes
    ]
    if not auras or verdict.kind is not VerdictKind.OK:
        return verdict
    name = auras[0]
    note = (
        f"{name} is an Aura attached to nothing here; in a game it would be put into its "
        f"owner's graveyard (303.4, 704.5m). If what it enchants matters, say “"
        f"{display_name(s.player.name)} controls {name} attached to …”."
    )
    return replace(verdict, notes=(*verdict.notes, note))


def _refuse_new_player(state: GameState, word: str, speaker: str) -> None:
    """Raise when ``word``, naming nothing in the game, shouldn't make up a new player."""
    objects = [o.name for o in state.objects_in((Zone.BATTLEFIELD, Zone.STACK))]
    refusal = new_player_refusal(word, state.player_names, objects, speaker=speaker)
    if refusal is not None:
        raise refusal


def _refuse_nickname_as_third_player(state: GameState, word: str, card_name: str) -> None:
    """A card's nickname ("Goyf") naming nothing in a game that has its two players already
    means the card, not a third player joining: the answer would otherwise be "legal" against
    someone who isn't playing.  (The usual opening, "Alice casts Lightning Bolt targeting Bob",
    still seats Bob, though "Bob" is Dark Confidant's nickname too.)"""
    if len(state.player_names) < 2:
        return
    controller = state.player_names[-1]
    raise NotFoundError(
        f"“{word}” is {card_name}, which is not in the game.",
        hint=(
            f"Say who controls it first, e.g. “{controller} controls {card_name}.” A third "
            f"player is named first too, e.g. “{word} has 20 life.”"
        ),
    )


def _departed_named(state: GameState, name: str) -> Departure | None:
    """The last object of that name that left the game's zones with no new object."""
    wanted = name.casefold()
    found = [d for d in state.departures.values() if d.snapshot.name.casefold() == wanted]
    return found[-1] if found and found[-1].new_id is None else None


def _departure_text(gone: Departure) -> str:
    if gone.snapshot.kind is ObjectKind.TOKEN:
        # CR 111.7, 111.8: a token that has left the battlefield ceases to exist.
        return (
            f"{gone.snapshot.name} (#{gone.old_id}) {gone.event}; a token that leaves the "
            "battlefield ceases to exist, so it can't be chosen now (111.7, 111.8)."
        )
    return f"{gone.snapshot.name} (#{gone.old_id}) {gone.event} and is no longer in the game."


_KEYWORD_TRIGGER = re.compile(r"(?:the\s+)?(?P<keyword>[a-z]+)\s+trigger", re.IGNORECASE)


def _caster_named(source: ast.ObjectRef | ast.AbilityRef) -> bool:
    """Whether a question names who controls the spell it asks about ("Bob's Lightning
    Bolt"): then hexproof and ward are decided for that player alone (CR 702.11b)."""
    ref = source.source if isinstance(source, ast.AbilityRef) else source
    return ref.controller is not None


# The caster asked about when a scenario names one player and nobody to cast: "Bob controls
# Grizzly Bears. Is Grizzly Bears a legal target for Sink into Stupor?" is mostly asked about
# an opponent casting it (QA 60 M11), so both are answered when they differ.
POSSIBLE_OPPONENT = "an opponent of"


def _held_copy(run: ScriptRun) -> ScriptRun:
    """``run`` with its own copy of the held combat damage step, to end on a copy of the game
    while the game keeps holding it (510.2)."""
    return replace(
        run,
        held_hurt=list(run.held_hurt),
        held_deathtouched=list(run.held_deathtouched),
        held_assigned=dict(run.held_assigned),
    )


def _with_a_possible_opponent(state: GameState) -> GameState:
    """``state`` with a second player when it has only one: the question's caster may be that
    player's opponent (CR 102.2). Only questions see it; the board keeps its players."""
    if len(state.players) != 1:
        return state
    return state.with_player(Player(f"{POSSIBLE_OPPONENT} {state.players[0].name}"))


def _speaking_player(state: GameState, run: ScriptRun) -> str | None:
    """The player the speaker is in the game, if any ("bob" asking is Bob)."""
    wanted = run.speaker.strip().removeprefix("@").casefold()
    return next((p for p in state.player_names if p.casefold() == wanted), None)


def _depends_on_caster(
    spell: str, answers: dict[str, Verdict], speaker: str | None = None
) -> Verdict:
    """One answer per possible caster, when they differ, and the sentence says for whom: the
    verdict is the asking player's when a player asks (Bob asking about Troll Ascetic gets
    "no", found by QA 10), else "yes" (some caster may target it)."""
    headline = answers[speaker].kind if speaker in answers else VerdictKind.YES
    # The cases that give the verdict first, so the sentence starts with what the verdict says.
    ordered = sorted(answers.items(), key=lambda item: item[1].kind is not headline)
    parts = [
        f"{'yes' if v.kind is VerdictKind.YES else 'no'} if {player} casts {spell}"
        for player, v in ordered
    ]
    # What leads to each answer's "Yes: "/"No: " ("Brazen Borrower has no targets cast as
    # itself ..., but its Adventure, Petty Theft, does") is said once, first.
    leads = {v.lead for _, v in ordered}
    intro = leads.pop() if len(leads) == 1 else ""
    reasons = [
        (v.reason.removeprefix(intro) if intro else v.reason)
        .removeprefix("Yes: ")
        .removeprefix("No: ")
        for _, v in ordered
    ]
    rules = merge_rules(*(v.rules for v in answers.values()))
    lead = parts[0][:1].upper() + parts[0][1:]
    return Verdict(
        headline,
        intro
        + "; ".join([lead, *parts[1:]])
        + " (it depends on who casts it). "
        + " ".join(reasons),
        rules,
        # The slots shown agree with the verdict.
        slots=next((v.slots for v in answers.values() if v.kind is headline), ()),
    )


def _singular_name(state: GameState, said: str) -> str:
    """The name of the objects "Mountains" means: the name itself when objects have it, else
    without its plural ending."""
    if state.objects_named(said):
        return said
    for single in (said.removesuffix("es"), said.removesuffix("s")):
        if single != said and state.objects_named(single):
            return single
    return said.removesuffix("s")


def _aftermath_refusal(
    state: GameState, player: str, card: CardData, face: str | None
) -> Verdict | None:
    """CR 702.127a: an aftermath half "can't be cast from any zone other than a graveyard":
    the player's graveyard must hold the card (say so first: "Alice's graveyard has Cut //
    Ribbons."). None when it may be cast."""
    if face is None or face == FUSED:
        return None
    half = card.face(face)
    if not re.match(r"aftermath\b", half.oracle_text.strip(), re.IGNORECASE):
        return None
    if any(
        o.name == card.name and o.owner.casefold() == player.casefold()
        for o in state.zone_objects(Zone.GRAVEYARD)
    ):
        return None
    return Verdict(
        VerdictKind.ILLEGAL,
        f"{half.name} has aftermath: it can be cast only from its owner's graveyard, and "
        f"{card.name} isn't in {player}'s graveyard (702.127a).",
        ("702.127a",),
        notes=(f"Say “{player}'s graveyard has {card.name}.” first if it is there.",),
    )


# "an enchantment", "a creature", "one artifact": a cost's permanent said by its kind.
_ANY_ONE_KIND = re.compile(r"(?:a|an|one)\s+(?P<kind>[a-z]+)", re.IGNORECASE)


def _one_of_kind(state: GameState, player: str, kind: str) -> int:
    """The one permanent of ``kind`` (a card type or subtype) ``player`` controls."""
    found = [
        o
        for o in state.zone_objects(Zone.BATTLEFIELD)
        if o.controller == player
        and not o.phased_out
        and kind in {t.lower() for t in (*as_seen(state, o).card_types, *o.subtypes)}
    ]
    if len(found) == 1:
        return found[0].id
    if not found:
        raise IllegalActionError(
            f"{player} controls no {kind}, so can't sacrifice one (118.3, 701.21a).",
            rules=("601.2h", "118.3", "701.21a"),
        )
    article = "an" if kind[0] in "aeiou" else "a"
    raise EngineError(
        f"{player} controls {len(found)} permanents that are {article} {kind}: say which one "
        "is sacrificed.",
        hint="Name it: " + ", ".join(state.label(o.id) for o in found) + ".",
    )


# "Alice keeps the original." / "... the new one.": the judges' words for the legend rule's
# choice (CR 704.5j; QA 35 U1), by when each permanent came under her control.
_OLDER = re.compile(r"^(?:the )?(?:original|old one|older one|first one|old|older)$", re.I)
_NEWER = re.compile(r"^(?:the )?(?:new one|newer one|newest one|new|newer|last one)$", re.I)


def _kept_by_age(state: GameState, player: str, subject: ast.ObjectRef) -> int | None:
    """The permanent "the original" or "the new one" names in ``player``'s one legend-rule
    group (the oldest object or the newest: ids grow as objects are made, 400.7), or None."""
    words = subject.name.strip()
    older, newer = _OLDER.match(words), _NEWER.match(words)
    if subject.controller is not None or subject.ordinal is not None or not (older or newer):
        return None
    groups = [group for group in legend_groups(state) if group.controller == player]
    if len(groups) != 1:
        return None
    ids = groups[0].ids
    if older:
        originals = [object_id for object_id in ids if object_id not in state.copies]
        return (originals or list(ids))[0]
    return ids[-1]


def _settled_unless_counted(
    engine: MtgGame, state: GameState, verdict: Verdict
) -> tuple[GameState, Verdict]:
    """A setup's state-based actions (CR 704.3), except for permanents whose toughness counts
    what the script may say next: Death's Shadow's "-X/-X, where X is your life total" at the
    20 life a player starts with (103.4), Dungrove Elder's Forests.  A setup describes a
    board, so they aren't put into the graveyard before the script says what they count: they
    stay, with a note, until something happens in the game (704.5f)."""
    settled, said = engine.settle(state, verdict)
    gone = [
        obj.id
        for obj in state.zone_objects(Zone.BATTLEFIELD)
        if (now := settled.objects.get(obj.id)) is None or now.zone is not Zone.BATTLEFIELD
    ]
    counts = {i: counted_pt_words(state.obj(i).oracle_text, state.obj(i).name) for i in gone}
    if not gone or not all(counts.values()):
        return settled, said
    notes = []
    # Each said once, as it is stated ("Alice controls Death's Shadow."), or as what it
    # counts is ("Alice's hand is empty." for Maro).
    said_now = [i for i in gone if i in verdict.object_ids] if verdict.object_ids else gone
    for i in said_now:
        seen = as_seen(state, state.obj(i))
        life = state.player(seen.controller).life
        at = f" at {life} life" if counts[i].lower() == "your life total" else ""
        notes.append(
            f"{seen.name} is {seen.current_power}/{seen.current_toughness}{at} (it counts "
            f"“{counts[i]}”): it is put into its owner's graveyard as the state-based "
            "actions are checked after the next action (704.5f) unless what it counts is said "
            "first"
            + (f" (“{seen.controller} has 10 life.”)" if at else "")
            + "".join(f"; {caveat}" for caveat in pt_caveats(state, seen))
        )
    return state, replace(verdict, notes=(*verdict.notes, *notes))


def _with_split_second_caveat(state: GameState, verdict: Verdict) -> Verdict:
    """A "legal target" answer while a spell with split second is on the stack says that
    nothing can be cast or activated now anyway (702.61a; QA 57 U1: "Is Krosan Grip a legal
    target for Counterspell?" answered a bare yes)."""
    fast = split_second_spell(state)
    if fast is None or verdict.kind is not VerdictKind.YES:
        return verdict
    return evolve(
        verdict,
        notes=(
            *verdict.notes,
            f"Targeting aside, while {fast.name} (split second) is on the stack no spell can be "
            "cast and no ability but a mana ability activated (702.61a).",
        ),
        rules=merge_rules(verdict.rules, ("702.61a",)),
    )


def _asked_as(card: CardData, face: str | None) -> CardData:
    """``card`` as a question about the face it was called by (``_face_cast``: "Stomp" of
    Bonecrusher Giant, "Ice" of Fire // Ice) means it: that face as it is cast (CR 715.3,
    709.3); the card itself for its own name or its front face's."""
    if face is None or (face == card.faces[0].name and card.is_permanent_card):
        # "Bonecrusher Giant": the card, cast as itself by default, its Adventure known too.
        return card
    return card.face(face)
