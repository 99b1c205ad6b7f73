"""Run scenario statements against the Riftbound engine: statements -> engine calls -> steps.

The same language as MTG's executor, with Riftbound's words: ``plays``, units ``at her base``
or at a named battlefield (``at Targon's Peak``, created when first named and checked against
the real battlefield cards), ``Might``, ``the chain``.  Targets are decided by rule 355.10 from
the card's text, and a resolving spell or ability does what it can (359.3.e: no fizzle), so
nothing here goes through the MTG engine.  Abilities go on the chain as the MTG statements
say it: ``Bob activates Iron Ballista targeting Recruit.`` / ``... Baited Hook's first ability
...``, ``Volibear, Furious's trigger targets #4 and #5.``, ``Alice plays Not So Fast targeting
Iron Ballista's ability.``, ``Iron Ballista's ability resolves.``.  The few statements only
Riftbound has (``X moves to Targon's Peak``, ``X is exhausted``, ``... resolves dividing 3 and
2.``) are read by the same parser (``dialect = "riftbound"``); reading, running and finding
objects by name are ``ScriptExecutor``'s, shared with MTG.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import replace

from bot.engine.errors import EngineError, IllegalActionError
from bot.engine.riftbound.abilities import read_abilities
from bot.engine.riftbound.analysis import analyse
from bot.engine.riftbound.attachments import (
    follow_attachments,
    unknown_bonus_note,
    unknown_might_bonuses,
)
from bot.engine.riftbound.game import RiftboundGame
from bot.engine.riftbound.keyword_questions import combat_keyword_value
from bot.engine.riftbound.model import RbKind, RbObject, RbZone
from bot.engine.riftbound.modes import Modes, match_mode, modes_of, several_modes
from bot.engine.riftbound.moving import (
    ChosenMove,
    chosen_move,
    destination_label,
    moving_objects,
    pronoun,
)
from bot.engine.riftbound.optional_costs import NO_OPTIONAL_COSTS, OptionalCosts
from bot.engine.riftbound.playing import (
    AbilitySource,
    PlayInProgress,
    ability_kind,
    group_refs,
    played_target_analysis,
)
from bot.engine.riftbound.resolution import cleanup_after_statement, unapplied_might_note
from bot.engine.riftbound.rules import cite_if, keyword_checked, older_numbers, rule
from bot.engine.riftbound.state import (
    BASE,
    ChainItem,
    RbCard,
    RbState,
    attachments,
    keywords_of,
    label,
    might_changes,
    might_text,
    units_at_battlefields,
    unknown_points_might_note,
)
from bot.engine.riftbound.targeting import (
    DiscardChoiceNeeded,
    GroupChoiceNeeded,
    SplitChoiceNeeded,
    UnlessChoiceNeeded,
)
from bot.engine.riftbound.zones import is_token_card
from bot.engine.verdict import Verdict, VerdictKind, merge_rules
from bot.engine.wording import and_list, inside_sentence, with_article
from bot.errors import AmbiguousError, NotFoundError, ScenarioError, UserError
from bot.scenario import ast
from bot.scenario.cards import CardLookup
from bot.scenario.object_refs import (
    display_name,
    new_player_refusal,
    one_called_in_part,
    player_name,
)
from bot.scenario.parser import parse_statement
from bot.scenario.riftbound_board_view import board_text as rb_board_text
from bot.scenario.script_executor import ObjectFacts, ScriptExecutor, ScriptRun, combine
from bot.scenario.steps import ScriptResult

RbCardLookup = CardLookup[RbCard]
_OLDER_NUMBERS = "Core Rules v1.2 numbers: "


_FRIENDLY = re.compile(r"\b(?:friendly|you control|your)\b", re.I)
_ENEMY = re.compile(r"\b(?:enemy|enemies|opponents?)\b", re.I)
_TRIGGER_TEXT = re.compile(r"^\s*(?:when|whenever|at the (?:start|end))\b", re.I)


RbScriptResult = ScriptResult[RbState]


_TARGET_ZONES = (
    RbZone.BATTLEFIELD,
    RbZone.BASE,
    RbZone.CHAIN,
    RbZone.LEGEND_ZONE,
    RbZone.CHAMPION_ZONE,
    RbZone.TRASH,
    RbZone.FACEDOWN,
)
_NAMED_TARGET_ZONES = (*_TARGET_ZONES, RbZone.HAND, RbZone.BANISHMENT, RbZone.MAIN_DECK)


_POSSESSIVE = re.compile(r"^(?P<player>\w+)['’]s (?P<name>.+)$")
# A spell named "on" a unit or gear: read as its target.
_READ_ON_NOTE = (
    "“on …” (or “at …”) was read as its target: a spell is played to no location, only a "
    "unit is (355.2); say “targeting …” next time."
)


class RiftboundScenarioExecutor(ScriptExecutor[RbState, RbObject, RbZone]):
    """Executes statements with the Riftbound engine and a Riftbound card lookup."""

    dialect = "riftbound"
    stack_word = "Chain"
    board_zones = (RbZone.BATTLEFIELD, RbZone.BASE)
    # A question about one object also finds it where it went off the board: "Where is
    # Towering Combatant?" after it was banished or returned to hand (QA 38 U4).
    described_zones = (*_TARGET_ZONES, RbZone.BANISHMENT, RbZone.HAND, RbZone.MAIN_DECK)
    death_zone = RbZone.TRASH
    cards: RbCardLookup
    engine: RiftboundGame

    def __init__(self, cards: RbCardLookup, engine: RiftboundGame | None = None) -> None:
        super().__init__(cards, engine or RiftboundGame())

    def _finish(self, state: RbState, statement: ast.Statement, verdict: Verdict) -> Verdict:
        older = older_numbers(verdict.rules) if state.version == "1.3" else []
        if not older:
            return verdict
        note = _OLDER_NUMBERS + ", ".join(f"{now} = {then}" for now, then in older)
        return replace(verdict, notes=(*verdict.notes, note + "."))

    def run(
        self,
        text: str,
        state: RbState | None = None,
        *,
        speaker: str,
        saved: bool = False,
        watching: bool = False,
    ) -> RbScriptResult:
        """A script's answer names the v1.2 numbers of the rules it cited once, after its last
        statement, instead of after every one (QA 30 M5: the line doubled the rule noise)."""
        result = super().run(text, state, speaker=speaker, saved=saved, watching=watching)
        if len(result.steps) < 2:
            return result
        pairs: dict[str, str] = {}
        steps = []
        for step in result.steps:
            kept = tuple(note for note in step.notes if not note.startswith(_OLDER_NUMBERS))
            if len(kept) < len(step.notes):
                # The note ``_finish`` wrote from the step's rules: named again from them.
                pairs.update(
                    (now, then) for now, then in older_numbers(step.rules) if now not in pairs
                )
                step = replace(step, notes=kept)
            steps.append(step)
        if pairs:
            said = ", ".join(f"{now} = {then}" for now, then in pairs.items())
            last = steps[-1]
            steps[-1] = replace(
                last, notes=(*last.notes, f"Core Rules v1.2 numbers of the rules above: {said}.")
            )
        return replace(result, steps=tuple(steps))

    # ---- dispatch ---------------------------------------------------------------------------
    def _act(self, state: RbState, s: ast.Statement, run: ScriptRun) -> tuple[RbState, Verdict]:
        engine = self.engine
        match s:
            case ast.ControlsAtPlaces():
                return self._controls_at_places(state, s, run)
            case ast.SetDamage():
                hurt = self._object(state, s.subject, run)
                marked = s.damage + (state.obj(hurt).damage if s.added else 0)
                return engine.set_damage(state, hurt, marked)
            case ast.SetMight(bonus=True):
                return engine.set_might_bonus(state, self._object(state, s.subject, run), s.might)
            case ast.SetMight():
                return engine.set_might(
                    state, self._object(state, s.subject, run), s.might, stated=True
                )
            case ast.Pump(might=None):
                raise EngineError(
                    "Riftbound units have Might, not power and toughness.",
                    hint="Say “Bob's Recruit gets +1 Might.”",
                )
            case ast.Pump(might=int(change)):
                object_id = self._object(state, s.subject, run)
                pumped = state.obj(object_id)
                # "gets -2 Might this turn" ends at a later turn (317.2.c); what was given
                # this turn before stays given this turn either way.
                this_turn = pumped.might_this_turn + (change if s.this_turn else 0)
                current = pumped.might or 0
                return engine.set_might(state, object_id, current + change, this_turn=this_turn)
            case ast.SetStatus():
                word = {"tapped": "exhausted", "untapped": "ready"}.get(s.status.lower(), s.status)
                zones = _READY_ZONES if word.lower() in ("exhausted", "ready") else None
                object_id = self._object(state, s.subject, run, zones=zones)
                return self._status(state, object_id, word)
            case ast.Attach():
                gear = self._object(state, s.attachment, run, zones=self.board_zones)
                unit = self._object(state, s.host, run, zones=self.board_zones)
                return engine.attach(state, gear, unit)
            case ast.RbStatus(by=ast.PlayerRef() as by):
                # "Alice stuns Stalwart Poro.": her "When you stun" abilities see it (423).
                state, stunner = self._player(state, by, run)
                object_id = self._object(state, s.subject, run)
                after, verdict = engine.set_status(state, object_id, stunned=True)
                return engine.stuns_seen(state, after, verdict, stunner=stunner)
            case ast.RbStatus():
                zones = (
                    _READY_ZONES if s.status.lower() in ("exhausted", "ready", "readied") else None
                )
                object_id = self._object(state, s.subject, run, zones=zones)
                return self._status(state, object_id, s.status)
            case ast.RbHide():
                state, player = self._player(state, s.player, run)
                return engine.hide(
                    state,
                    player,
                    self.cards.resolve(s.card),
                    self._battlefield_card(state, s.battlefield),
                    earlier_turn=s.earlier_turn,
                )
            case ast.RbUseSaver():
                state, player = self._player(state, s.player, run)
                saver = self._object(state, s.saver, run, zones=_ACTIVATE_ZONES)
                return engine.use_saver(state, player, saver, self._object(state, s.unit, run))
            case ast.RbLaterTurn():
                if state.chain:
                    # A turn ends only once the chain has resolved (QA 46 M3): what is on it
                    # would otherwise be carried into the next turn.
                    raise EngineError(
                        f"The chain isn't empty ({len(state.chain)} item"
                        f"{'s' if len(state.chain) != 1 else ''} on it): a turn can't end while "
                        "spells or abilities wait to resolve.",
                        hint="Say “Resolve the chain.” first, then “It is a later turn.”",
                    )
                whose = None
                if s.player is not None:
                    state, whose = self._player(state, s.player, run)
                return engine.later_turn(state, whose)
            case ast.RbUncontrolled():
                return engine.battlefield_uncontrolled(
                    state, self._battlefield_card(state, s.battlefield)
                )
            case ast.RbWonQuestion():
                state, player = self._player(state, s.player, run)
                return state, engine.has_won(state, player)
            case ast.RbPoints():
                state, player = self._player(state, s.player, run)
                if s.points is None:
                    return state, engine.points_of(state, player)
                return engine.set_points(state, player, s.points)
            case ast.RbKeywordQuestion():
                return state, engine.has_keyword(
                    state, self._object(state, s.subject, run), s.keyword
                )
            case ast.RbShowdownQuestion():
                state, player = self._player(state, s.player, run)
                return state, engine.showdown_timing(
                    state, player, self.cards.resolve(s.card), s.window, from_hiding=s.from_hiding
                )
            case ast.RbScores():
                state, player = self._player(state, s.player, run)
                return engine.score(
                    state, player, self._battlefield_card(state, s.battlefield), s.how
                )
            case ast.RbXp():
                state, player = self._player(state, s.player, run)
                if s.xp is None:
                    return state, engine.xp_of(state, player)
                if s.gained:
                    total = state.xp.get(player, 0) + s.xp
                    return engine.set_xp(state, player, total, gained=s.xp)
                if s.spent:
                    return engine.spend_xp(state, player, s.xp)
                return engine.set_xp(state, player, s.xp)
            case ast.OrderTriggers():
                state, player = self._player(state, s.player, run)
                item_id = self._ability_on_chain(state, s.first, run)
                return engine.order_first(state, player, item_id, last=s.last)
            case ast.MoveTo():
                object_id = self._object(state, s.subject, run)
                if s.battlefield is None:
                    owner = None
                    if s.base_of is not None:
                        state, owner = self._player(state, s.base_of, run)
                    return engine.move(state, object_id, to_base=True, base_of=owner)
                return engine.move(
                    state, object_id, battlefield=self._battlefield_card(state, s.battlefield)
                )
            case ast.StandardMove():
                state, player = self._player(state, s.player, run)
                unit = self._object(state, s.unit, run)
                goes_to = (
                    None if s.battlefield is None else self._battlefield_card(state, s.battlefield)
                )
                base_of = None
                if s.base_of is not None:
                    state, base_of = self._player(state, s.base_of, run)
                units = [unit, *(self._object(state, other, run) for other in s.others)]
                if s.question:
                    answers = [
                        engine.can_standard_move(
                            state, player, one, battlefield=goes_to, base_of=base_of
                        )
                        for one in units
                    ]
                    return state, _together(answers, state.version)
                # Several units moved at once (144.3, 144.3.b): each one's move, all or none.
                before, said = state, []
                for one in units:
                    state, moved = engine.standard_move(
                        state, player, one, battlefield=goes_to, base_of=base_of
                    )
                    if moved.kind is not VerdictKind.OK:
                        return before, moved
                    said.append(moved)
                return state, _together(said, state.version)
            case ast.MovesZone():
                return self._moves(state, s, run)
            case ast.GainControl():
                state, player = self._player(state, s.player, run)
                return engine.gain_control(state, self._object(state, s.subject, run), player)
            case ast.Cast():
                _no_division(s.choices)
                _no_magic_costs(s.choices)
                _no_cost_discards(s.choices, "playing a card")
                if s.choices.later_turn:
                    # "... from hiding on a later turn": cards hidden before may be played
                    # from hiding now (811.1.b).
                    state, _ = engine.later_turn(state)
                read_on = self._spell_on_object(state, s, run)
                s = read_on or s
                state, player, card, targets, location = self._play_args(state, s, run)
                state, destination, base_of = self._destination(state, s, run)
                # "..., killing Stalwart Poro": the unit its additional cost kills (356.6).
                state, killed = self._targets(state, s.choices.sacrificed, run)
                state, verdict = engine.play(
                    state,
                    player,
                    card,
                    targets=targets,
                    location=location,
                    destination=destination,
                    base_of=base_of,
                    mode=_mode(card, s.choices, state.version),
                    costs=OptionalCosts(s.choices.accelerate, s.choices.repeats),
                    from_hidden=s.choices.from_zone == "hiding",
                    killed=killed,
                )
                if read_on is not None:
                    verdict = replace(
                        verdict,
                        notes=(
                            _READ_ON_NOTE,
                            *verdict.notes,
                        ),
                    )
                return state, verdict
            case ast.Activate():
                state, player, source_id, index, targets, mode = self._activate_args(state, s, run)
                return engine.activate(
                    state,
                    player,
                    source_id,
                    index,
                    targets=targets,
                    mode=mode,
                    discards=self._discarded(state, s.choices, run, player),
                )
            case ast.Discards():
                # "Alice discards Stupefy." (422.1; QA 58 U5): a card stated in her hand.
                state, player = self._player(state, s.player, run)
                try:
                    cards = [self._object(state, c, run, zones=(RbZone.HAND,)) for c in s.cards]
                except NotFoundError as error:
                    raise NotFoundError(
                        str(error),
                        hint=f"Discarding moves a card from a player's hand (422.1): say "
                        f"“{player}'s hand has {s.cards[0].name}.” first.",
                    ) from error
                return engine.discard(state, player, cards)
            case ast.Trigger():
                return self._trigger(state, s, run)
            case ast.ResolveDividing():
                return self._resolve(state, s.resolve, run, s.division)
            case ast.Resolve():
                return self._resolve(state, s, run, None)
        raise EngineError(
            f"“{s.text}” is a Magic statement; this is a Riftbound game.",
            hint="Riftbound statements: controls … at her base / at Targon's Peak, has N Might, "
            "plays … targeting …, activates … targeting …, moves to …, dies, the top of "
            "the chain resolves.",
        )

    def _card_zone(self, word: str) -> RbZone:
        zone = _ZONE_BY_WORD.get(word)
        if zone is None:
            raise EngineError(
                f"Riftbound has no “{word}” for cards.",
                hint="Use trash, hand, main deck, banishment or champion zone.",
            )
        return zone

    def _fate(self, state: RbState, object_id: int) -> tuple[str | None, bool]:
        found = state.objects.get(object_id)
        if found is not None and found.zone in self.board_zones:
            return None, False
        event, _ = state.departed.get(object_id, ("left the board", None))
        # A unit killed (by damage or a kill effect) is what "dies" means in Riftbound (428.1).
        died = "killed" in event or event == "died"
        return ("died" if died else event), died

    def _item_on_stack(self, state: RbState, item: ast.StackItem, run: ScriptRun) -> int | None:
        if isinstance(item, ast.AbilityRef):
            return self._ability_on_chain(state, item, run)
        if isinstance(item, ast.ObjectRef):
            return self._chain_item(state, item, run)
        return super()._item_on_stack(state, item, run)

    def _item_name(self, state: RbState, item_id: int) -> str:
        item = state.item(item_id)  # "Sai Scout's Vision ability"
        return item.name if item is not None else state.obj(item_id).name

    def _responding_rule(self, state: RbState) -> str:
        return rule("closed_state", state.version)  # 309.1: a chain closes the state

    def _response_rule(self, state: RbState, player: str, item: str) -> tuple[str, tuple[str, ...]]:
        closed, reaction_only = (
            rule("closed_state", state.version),
            rule("closed_reaction_only", state.version),
        )
        cards, abilities = (
            rule("reaction_card", state.version),
            rule("reaction_ability", state.version),
        )
        return (
            f"{item} is on the chain, so the turn is in a Closed State ({closed}): when "
            f"{player} has priority, they may play a card with [Reaction] or activate an "
            f"ability with [Reaction] ({reaction_only}, {cards}, {abilities}); nothing "
            "else can be played until the chain resolves.",
            (closed, reaction_only, cards, abilities),
        )

    def _newest_first_rule(self, state: RbState) -> str:
        return rule("newest_resolves", state.version)  # 340.1: the newest item resolves

    def _pending_off_stack(self, state: RbState) -> tuple[str, tuple[str, ...]] | None:
        """“What happens?” after a move into a battlefield another player's units hold (QA 58
        W1): a combat follows there (316.4.a), which the bot doesn't model."""
        held: dict[str, set[str]] = {}
        for controller, place in units_at_battlefields(state):
            held.setdefault(place, set()).add(controller)
        contested = sorted(place for place, players in held.items() if len(players) > 1)
        if not contested:
            return None
        occurs = rule("combat_occurs", state.version)
        where = and_list(contested)
        return (
            f"{where} {'holds' if len(contested) == 1 else 'hold'} units of two players, so a "
            f"combat follows there ({occurs}); the bot doesn't model combat: state its outcome "
            "(Might, damage, kills).",
            (occurs,),
        )

    def _stack_ids(self, state: RbState) -> tuple[int, ...]:
        return tuple(item.id for item in state.chain)

    def _targets_chosen_rules(self, state: RbState) -> tuple[str, ...]:
        return (rule("targeting", state.version), rule("valid_target", state.version))

    def _board_text(self, state: RbState) -> list[tuple[str, str]]:
        return rb_board_text(state)

    def _facts(self, state: RbState, object_id: int) -> ObjectFacts:
        obj = state.obj(object_id)
        unknown = unknown_bonus_note(unknown_might_bonuses(state, object_id))
        if obj.kind is RbKind.UNIT and obj.zone in (RbZone.BASE, RbZone.BATTLEFIELD):
            unknown = "; ".join(
                n
                for n in (
                    unknown,
                    unapplied_might_note(state, object_id),
                    unknown_points_might_note(state, obj),
                )
                if n
            )
        words = [
            # A hidden card: a facedown card, not a unit with Might on the board (QA 55 M1).
            "a facedown card"
            if obj.zone is RbZone.FACEDOWN
            else (might_text(state, obj, " Might") + (f" ({unknown})" if unknown else ""))
            if obj.might is not None
            else obj.kind.value,
            ""
            if obj.kind is RbKind.BATTLEFIELD or obj.zone not in _READY_ZONES
            else "exhausted"
            if obj.exhausted
            else "ready",
            *(["stunned"] if obj.stunned else []),
            *([f"{obj.damage} damage"] if obj.damage else []),
            *(["a token"] if obj.token else []),
            # Vault Breaker's "[Assault 2] and [Ganking] this turn" (317.2.c); Assault and
            # Shield add Might only in combat, which the bot doesn't keep (807.1.c, 814.1.c).
            *(
                [f"{and_list(f'[{k}]' for k in given)} this turn{_combat_only(obj, given, state)}"]
                if (given := tuple(dict.fromkeys(obj.keywords_this_turn)))
                else []
            ),
            f"at {obj.place}"
            if obj.place
            else "on the chain"
            if obj.zone is RbZone.CHAIN
            # A hidden card: the facedown zone of the battlefield it was hidden at (107.3,
            # as the board shows it; QA 41 M6).
            else f"in {obj.owner}'s facedown zone at {obj.location}"
            if obj.zone is RbZone.FACEDOWN and obj.location
            else f"in {obj.owner}'s {obj.zone.value}",
        ]
        controlled = obj.zone in (RbZone.BATTLEFIELD, RbZone.BASE, RbZone.CHAIN)
        return ObjectFacts(
            name=f"{obj.name} (#{object_id})",
            line=", ".join(w for w in words if w),
            controller=obj.controller if controlled else "",
            no_controller=f"it is in {obj.owner}'s {obj.zone.value}, off the board",
            owner=obj.owner,
            tapped=obj.exhausted,
            tapped_words=("ready", "exhausted"),
            control_rules=("127.1", "188.1"),
            status_rules=("414",),
            stunned=obj.stunned if obj.kind is RbKind.UNIT and controlled else None,
            stun_rules=(rule("stun", state.version),),
            buffed=obj.buffed if obj.kind is RbKind.UNIT and controlled else None,
            buff_rules=(rule("buff", state.version),),
            zone=obj.zone.value,
            # The Board: bases, battlefields, the facedown zones and the Legend Zone (107).
            board_zones=(
                RbZone.BASE.value,
                RbZone.BATTLEFIELD.value,
                RbZone.FACEDOWN.value,
                RbZone.LEGEND_ZONE.value,
            ),
            zone_rules=(rule("board", state.version),),
            attached=tuple(f"{a.name} (#{a.id})" for a in attachments(state, object_id)),
            attach_rules=(rule("attach", state.version),),
        )

    def _cost(self, state: RbState, name: str) -> Verdict:
        """Its printed cost: Energy and Power symbols (131.4 in v1.3)."""
        card = self.cards.resolve(name)
        printed = rule("printed_cost", state.version)
        if card.energy is None and not card.power:
            return Verdict(
                VerdictKind.OK, f"{card.name} has no cost printed on it ({printed}).", (printed,)
            )
        parts = [f"{card.energy or 0} Energy"]
        if card.power:
            # The Power is of the card's domain (134), "1 Fury Power" for Void Seeker.
            domain = " or ".join(card.domains)
            parts.append(f"{card.power} {domain + ' ' if domain else ''}Power")
        return Verdict(
            VerdictKind.OK, f"{card.name} costs {' and '.join(parts)} ({printed}).", (printed,)
        )

    def _about(self, state: RbState, question: ast.ObjectQuestion, run: ScriptRun) -> Verdict:
        """“Is Blazing Scorcher Mighty?” is the engine's to answer (708); the other questions
        about an object are the shared ones."""
        if question.aspect == "name":
            return _name_answer(
                state, self._object(state, question.subject, run, zones=self.described_zones)
            )
        if question.aspect == "tapped":
            object_id = self._object(state, question.subject, run, zones=self.described_zones)
            hidden = state.obj(object_id)
            if hidden.zone is RbZone.FACEDOWN:
                # A hidden card isn't a permanent on the board: neither ready nor exhausted
                # (QA 55 M1).
                cited = (rule("facedown", state.version),)
                return Verdict(
                    VerdictKind.NO,
                    f"No: {hidden.name} (#{object_id}) is a facedown card in {hidden.owner}'s "
                    f"facedown zone at {hidden.location} ({cited[0]}), not a unit or gear on "
                    "the board, so it is neither ready nor exhausted"
                    + (
                        ". Played from there, it enters exhausted unless its Accelerate cost "
                        "is paid."
                        if hidden.kind is RbKind.UNIT
                        else "."
                    ),
                    cited,
                    object_ids=(object_id,),
                )
        if question.aspect.startswith("might as "):
            return self._might_in_combat(state, question, run)
        if question.aspect.startswith("combat damage"):
            return self._combat_damage(state, question, run)
        if question.aspect != "mighty":
            return super()._about(state, question, run)
        object_id = self._object(state, question.subject, run, zones=self.described_zones)
        return self.engine.is_mighty(state, object_id)

    def _might_in_combat(
        self, state: RbState, question: ast.ObjectQuestion, run: ScriptRun
    ) -> Verdict:
        """“What is the might of Garen, Rugged while attacking?” (QA 58 U6): its Might now and
        what its [Assault] (as an attacker, 807.1.c) or [Shield] (as a defender, 814.1.c) adds;
        the bot doesn't model combat, so it is said, not applied."""
        now = super()._about(state, replace(question, aspect=""), run)
        object_id = self._object(state, question.subject, run, zones=self.described_zones)
        obj = state.obj(object_id)
        side = question.aspect.removeprefix("might as ")
        name = "assault" if side == "attacker" else "shield"
        concept = "assault_attacker" if side == "attacker" else "shield_defender"
        cited = cite_if(concept, state.version) or keyword_checked(name, state.version)
        bonus = combat_keyword_value(state, obj, name)
        # Its Might now: buffs and passive changes included (might_changes), as the answer
        # below says it.
        found = next((m for m in might_changes(state) if m.object_id == obj.id), None)
        might = found.might if found is not None else obj.might
        role = with_article(side)
        if not bonus:
            said = f"{obj.name} has no [{name.title()}], so being {role} adds no Might ({cited[0]})"
        else:
            total = f": {might + bonus} Might" if might is not None else ""
            said = (
                f"As {role}, {obj.name}'s [{name.title()} {bonus}] gives it +{bonus} Might"
                f"{total} while it is one ({cited[0]})"
            )
        return replace(
            now,
            reason=f"{said}; the bot doesn't model combat, so state what happens in it. "
            f"{now.reason}",
            rules=merge_rules(cited, now.rules),
        )

    def _combat_damage(
        self, state: RbState, question: ast.ObjectQuestion, run: ScriptRun
    ) -> Verdict:
        """“How much damage does Garen, Rugged deal?” (QA 58 U4): in combat each side assigns
        damage equal to its units' summed Might (460.2.c), so the unit adds its Might (as an
        attacker or defender, with its [Assault] or [Shield]; none while stunned, 423.1.b)."""
        version = state.version
        side = question.aspect.removeprefix("combat damage").strip()
        if side:
            said = self._might_in_combat(state, replace(question, aspect=f"might as {side}"), run)
        else:
            said = super()._about(state, replace(question, aspect=""), run)
        object_id = self._object(state, question.subject, run, zones=self.described_zones)
        obj = state.obj(object_id)
        summed = rule("combat_damage_summed", version)
        lead = (
            f"In combat, {obj.name} adds its Might to the damage its side assigns: each player "
            f"assigns damage equal to the summed Might of their units there ({summed})"
        )
        cited = [summed]
        if obj.stunned:
            stunned = rule("stunned_no_combat_damage", version)
            lead += f"; {obj.name} is stunned, so it adds none ({stunned})"
            cited.append(stunned)
        if not side:
            bonuses = [
                (f"+{value} as {with_article(role)} ([{name.title()} {value}])", concept)
                for name, role, concept in (
                    ("assault", "attacker", "assault_attacker"),
                    ("shield", "defender", "shield_defender"),
                )
                if (value := combat_keyword_value(state, obj, name))
            ]
            if bonuses and not obj.stunned:
                lead += f", {' and '.join(b for b, _ in bonuses)}"
                cited += [n for _, concept in bonuses for n in cite_if(concept, version)]
            lead += "; the bot doesn't model combat, so state what happens in it"
        return replace(said, reason=f"{lead}. {said.reason}", rules=merge_rules(cited, said.rules))

    def _can(self, state: RbState, s: ast.CanQuestion, run: ScriptRun) -> Verdict:
        if isinstance(s.action, ast.Activate):
            try:
                state, player, source_id, index, targets, mode = self._activate_args(
                    state, s.action, run
                )
            except IllegalActionError as refused:
                # An ability it doesn't have now (an attached Equipment's inactive Equip,
                # 718.2): the answer is No, not an error (QA 48 M7).
                return Verdict(VerdictKind.NO, f"No: {refused}", refused.rules)
            return self.engine.can_activate(
                state,
                player,
                source_id,
                index,
                targets=targets,
                mode=mode,
                discards=self._discarded(state, s.action.choices, run, player),
            )
        _no_division(s.action.choices)
        _no_magic_costs(s.action.choices)
        _no_cost_discards(s.action.choices, "playing a card")
        if s.action.choices.later_turn:
            state, _ = self.engine.later_turn(state)  # asked of a later turn (811.1.b)
        # "Can Bob play Gust on Sunlit Guardian?": "on" names the spell's target, as in the
        # statement "Bob plays Gust on Sunlit Guardian." (a spell has no location, 355.2).
        read_on = self._spell_on_object(state, s.action, run)
        action = read_on or s.action
        state, player, card, targets, location = self._play_args(state, action, run)
        # "Can Alice play Charm targeting Mystic Poro, moving it to Bob's base?": the
        # destination is weighed as the play weighs it (355.4.a; QA 21 W12).
        state, destination, base_of = self._destination(state, action, run)
        state, killed = self._targets(state, action.choices.sacrificed, run)
        answer = self.engine.can_play(
            state,
            player,
            card,
            targets=targets,
            location=location,
            mode=_mode(card, action.choices, state.version),
            destination=destination,
            base_of=base_of,
            costs=OptionalCosts(action.choices.accelerate, action.choices.repeats),
            killed=killed,
            from_hidden=action.choices.from_zone == "hiding",
        )
        if read_on is not None:
            answer = replace(answer, notes=(_READ_ON_NOTE, *answer.notes))
        return answer

    def _resolve_all(self, state: RbState, *, saved: bool = False) -> tuple[RbState, Verdict]:
        """Resolve the chain, newest first, until it is empty or an item needs its
        controller's choice as it resolves (a group's subset, 355.11.b; how split damage is
        divided, 355.14.e): what resolved before it stays resolved, and the answer says what
        to say next."""
        if not state.chain and self.engine.waiting_refusal(state) is None:
            raise EngineError("The chain is empty: there is nothing to resolve.")
        verdicts: list[Verdict] = []
        while (state.chain or self.engine.waiting_refusal(state) is not None) and len(
            verdicts
        ) < _MAX_RESOLUTIONS:
            try:
                state, verdict = self.engine.resolve_top(state)
                if not verdict.ok and verdicts:
                    # A trigger waits to be put on the chain (383.3; QA 39 U1): what resolved
                    # before it stays resolved, and the answer says what to state next.
                    done = combine(verdicts)
                    return state, replace(
                        done,
                        reason=f"{done.reason} Then: {verdict.reason}",
                        offers=verdict.offers,
                    )
                if not verdict.ok:
                    return state, verdict
            except (
                GroupChoiceNeeded,
                SplitChoiceNeeded,
                UnlessChoiceNeeded,
                DiscardChoiceNeeded,
            ) as needed:
                if not verdicts:
                    raise
                top = state.chain[-1]
                done = combine(verdicts)
                return state, replace(
                    done,
                    reason=f"{done.reason} Then {top.name} (#{top.id}) waits for a choice: "
                    f"{needed.message} {needed.hint}",
                    offers=needed.statements,  # a saved game offers them as next steps
                )
            verdicts.append(verdict)
        return state, combine(verdicts)

    def _resolve(
        self, state: RbState, s: ast.Resolve, run: ScriptRun, division: Sequence[int] | None
    ) -> tuple[RbState, Verdict]:
        engine = self.engine
        if s.retarget is not None:
            raise EngineError(
                "Changing the targets of a spell or ability on the chain isn't modelled for "
                "Riftbound yet, so nothing was changed.",
                hint="Say “The top of the chain resolves.”",
            )
        unless = None
        unless_repeats: tuple[bool, ...] = ()
        discards = [self._target(state, t, run) for t in s.discarding]
        if s.payment is not None and s.payment.discarded:
            # "Get Excited! resolves and Alice discards Blazing Scorcher": the card its
            # controller chooses for "Discard 1" as it resolves (422.1).
            _, chooser = self._player(state, s.payment.player, run)
            self._check_discarder(state, s.item, chooser, run)
            discards = [self._target(state, t, run) for t in s.payment.discarded]
        elif s.payment is not None:
            # "Shakedown resolves and Bob has Alice draw 2": the choice of the player an
            # "unless" instruction names, made as it is carried out (359.3.f.2).
            _, chooser = self._player(state, s.payment.player, run)  # a new name joins no one
            self._check_may_words(state, s.item, s.payment.cost, chooser, run)
            unless = (chooser, s.payment.pays)
            unless_repeats = repeat_payments(s.payment.cost, s.payment.pays)
        affecting = [self._target(state, t, run) for t in s.affecting] if s.affecting else None
        if isinstance(s.item, ast.TopOfStack):
            return engine.resolve_top(
                state,
                affecting=affecting,
                division=division,
                unless=unless,
                unless_repeats=unless_repeats,
                discards=discards,
            )
        if isinstance(s.item, ast.KeywordTrigger):
            raise EngineError(
                f"Riftbound has no “{s.item.keyword} trigger” the bot puts on the chain by itself.",
                hint="Name the ability by its source: “Volibear, Furious's trigger resolves.” "
                "or say “The top of the chain resolves.”",
            )
        if isinstance(s.item, ast.AbilityRef):
            item_id = self._ability_on_chain(state, s.item, run)
        else:
            item_id = self._chain_item(state, s.item, run)
        return engine.resolve(
            state,
            item_id,
            affecting=affecting,
            division=division,
            unless=unless,
            unless_repeats=unless_repeats,
            discards=discards,
        )

    def _check_discarder(
        self, state: RbState, item: ast.StackItem, player: str, run: ScriptRun
    ) -> None:
        """A "Discard N" of a resolving spell or ability is its controller's (422.1: from
        their hand): "… and Bob discards …" said of Alice's Get Excited! is refused."""
        top = self._resolving(state, item, run)
        if top is None:
            return  # the engine says the chain is empty
        if top.controller.casefold() != player.casefold():
            raise EngineError(
                f"{top.name}'s “Discard …” is {top.controller}'s, from their own hand "
                f"({rule('discard', state.version)}), not {player}'s, so nothing was changed.",
                hint=f"Say “{top.name} resolves and {top.controller} discards …”.",
            )

    def _resolving(self, state: RbState, item: ast.StackItem, run: ScriptRun) -> ChainItem | None:
        """The chain item a "… resolves" statement names (None: the chain is empty)."""
        if not state.chain:
            return None
        if isinstance(item, ast.TopOfStack | ast.KeywordTrigger):
            return state.chain[-1]
        if isinstance(item, ast.AbilityRef):
            return state.item(self._ability_on_chain(state, item, run)) or state.chain[-1]
        return state.item(self._chain_item(state, item, run)) or state.chain[-1]

    def _check_may_words(
        self, state: RbState, item: ast.StackItem, said: str, player: str, run: ScriptRun
    ) -> None:
        """ "… and Alice chooses to move Sinister Poro": the words restate a "you may" part
        of the resolving item (355.12); an action it doesn't offer, or a unit it didn't choose,
        is refused rather than read as a plain "does"."""
        words = said.strip().rstrip(".")
        top = self._resolving(state, item, run)
        if not words or words.startswith("[") or top is None:
            return  # "pays [2]": a cost, the engine's to check
        if re.search(r"\bunless\b", top.text, re.I):
            return
        offered = [m.strip() for m in re.findall(r"\byou may ([^.]*)", top.text, re.I)]
        verb, _, rest = words.partition(" ")
        statements = (
            f"“{top.name} resolves and {player} does.” or “{top.name} resolves and {player} "
            "doesn't.”"
        )
        if offered and not any(o.lower().split()[:1] == [verb.lower()] for o in offered):
            raise EngineError(
                f"{top.name}'s “you may …” is “{'”, “'.join(offered)}”, not “{words}”, so "
                "nothing was changed.",
                hint=f"Say {statements}",
            )
        named = re.split(r"\s+(?:to|from|with)\s+", rest, maxsplit=1)[0].strip()
        if not named or named.lower() in {"it", "them", "so", "do so"}:
            return
        found = self._find(state, ast.ObjectRef(name=named), self.board_zones, run, required=False)
        if found is not None and found not in _chosen_for(top, verb, state.version):
            raise EngineError(
                f"{state.obj(found).name} (#{found}) isn't what {top.name} chose for its "
                f"“you may {verb.lower()} …” as it was played: its choices were made then, "
                "independently of the decision "
                f"({rule('may_perform', state.version)}), so nothing was changed.",
                hint=f"Say {statements}",
            )

    def _chain_item(self, state: RbState, ref: ast.ObjectRef, run: ScriptRun) -> int:
        """A spell on the chain by name, or else an ability of the object of that name
        (``Iron Ballista resolves.``)."""
        found = self._find(state, ref, (RbZone.CHAIN,), run, required=False)
        if found is not None:
            return found
        if ref.object_id is None and any(i.is_ability for i in state.chain):
            with contextlib.suppress(UserError):
                return self._ability_on_chain(state, ast.AbilityRef(source=ref), run)
        return self._object(state, ref, run, zones=(RbZone.CHAIN,))

    # ---- setup and changes ----------------------------------------------------------------
    def _dispatch(
        self, state: RbState, statement: ast.Statement, run: ScriptRun
    ) -> tuple[RbState, Verdict]:
        """Each statement, then what the rules do to attached cards because of it: they go
        with their unit (719.3.a) and detach where it was when it leaves the board (719.5)."""
        new_state, verdict = super()._dispatch(state, statement, run)
        if new_state is state or verdict.kind in (VerdictKind.ILLEGAL, VerdictKind.ERROR):
            return new_state, verdict
        new_state, notes, rules = follow_attachments(state, new_state)
        if notes:
            # A unit that lost a Might Bonus may now have lethal damage: the cleanup after
            # the statement kills it (322, 323.5; QA 27 W1).
            new_state, killed, killed_rules = cleanup_after_statement(new_state)
            notes += killed
            rules += killed_rules
            verdict = replace(
                verdict,
                notes=(*verdict.notes, *notes),
                rules=merge_rules(verdict.rules, tuple(rules)),
            )
        return new_state, verdict

    def _controls_at_places(
        self, state: RbState, statement: ast.ControlsAtPlaces, run: ScriptRun
    ) -> tuple[RbState, Verdict]:
        """``Alice controls Wraith of Echoes at Targon's Peak and Recruit at her base.``: each
        part in the order said, as its own ``controls`` statement would; nothing is put in
        when one part can't be (QA 44 M5)."""
        return self._each_in_turn(state, statement.parts, run)

    def _controls(
        self, state: RbState, statement: ast.Controls, run: ScriptRun
    ) -> tuple[RbState, Verdict]:
        """``Alice controls Long Sword attached to Recruit.``: the gear enters and is attached
        to the unit, where the unit is (434.1, 434.4); ``... Recruit equipped with Long
        Sword`` / ``Recruit with Long Sword attached`` puts the unit in first."""
        host: int | None = None
        if statement.attached_to is not None:
            host = self._object(state, statement.attached_to, run, zones=self.board_zones)
            unit = state.obj(host)
            place = self._location(state, statement.location, unit.controller, run)
            if statement.location is not None and (place.name if place else "") != unit.location:
                where = f"at {unit.location}" if unit.location else "in base"
                raise EngineError(
                    f"Nothing was put in the game: {label(unit)} is {where}, and a card "
                    f"attached to it is where it is ({rule('attach_location', state.version)}, "
                    f"{rule('attached_move_together', state.version)}).",
                    hint="Leave out where the gear is: “Alice controls Long Sword attached to "
                    f"{unit.name}.”",
                )
            # It enters where its unit is (434.4).
            at = ast.Location(battlefield=unit.location) if unit.at_battlefield else None
            statement = replace(statement, location=at)
        state, verdict = super()._controls(state, statement, run)
        entered = list(verdict.object_ids)
        if statement.attached_to_first:
            host, entered = entered[0], entered[1:]
        if host is None:
            return state, verdict
        said, rules = [verdict.reason.rstrip(".")], list(verdict.rules)
        try:
            for gear in entered:
                state, attached = self.engine.attach(state, gear, host)
                said.append(attached.reason.rstrip("."))
                rules += attached.rules
        except EngineError as error:
            # A unit "attached" to a unit: nothing is put in the game (an error changes nothing).
            raise EngineError(
                f"Nothing was put in the game: {error.message}", hint=error.hint
            ) from error
        return state, replace(verdict, reason="; ".join(said) + ".", rules=merge_rules(rules))

    def _entry_place(
        self, state: RbState, statement: ast.Controls, controller: str, run: ScriptRun
    ) -> RbCard | None:
        return self._location(state, statement.location, controller, run)

    def _enter(
        self, state: RbState, controller: str, card: RbCard, place: RbCard | None
    ) -> tuple[RbState, Verdict]:
        return self.engine.add_permanent(state, controller, card, battlefield=place)

    def _enter_token(
        self, state: RbState, controller: str, token: ast.TokenSpec, place: RbCard | None
    ) -> tuple[RbState, Verdict]:
        name = " ".join(w.capitalize() for w in token.subtypes) or "Token"
        card = self.cards.exact(name)
        if card is not None and is_token_card(card):
            # "a Recruit token", "a Gold token": the token card's kind, Might and text (184.1:
            # "A 1 [M] Recruit token is a domainless unit token with 1 Might"; 184.5: Gold is a
            # gear token), unless the statement says otherwise ("a 2 Might Recruit token").
            named = [t for t in token.card_types if t in ("unit", "gear")]
            kind = (RbKind.GEAR if named[0] == "gear" else RbKind.UNIT) if named else card.kind
            might = token.power if token.power is not None else card.might
            if kind is not RbKind.UNIT:
                might = None
            return self.engine.add_token(
                state, controller, card.name, might, place, kind=kind, card=card
            )
        kind = RbKind.GEAR if "gear" in token.card_types else RbKind.UNIT
        return self.engine.add_token(state, controller, name, token.power, place, kind=kind)

    def _location(
        self, state: RbState, location: ast.Location | None, controller: str, run: ScriptRun
    ) -> RbCard | None:
        """The battlefield a ``Location`` names, or None for a base (a unit is at its own
        controller's base)."""
        if location is None:
            return None
        if location.is_base:
            if location.base_of is not None:
                _, owner = self._player(state, location.base_of, run)
                if owner.casefold() != controller.casefold():
                    raise EngineError(
                        f"A unit {controller} controls can't be at {owner}'s base; "
                        "each player's base holds their own permanents."
                    )
            return None
        assert location.battlefield is not None
        return self._battlefield_card(state, location.battlefield)

    def _battlefield_card(self, state: RbState, name: str) -> RbCard:
        found = state.battlefield(name) or _battlefield_in_play_called(state, name)
        if found is not None and found.id in state.cards:
            return state.cards[found.id]
        try:
            card = self.cards.resolve(name)
        except NotFoundError as error:
            raise NotFoundError(
                f"“{name}” is not a Riftbound battlefield.",
                suggestions=error.suggestions,
                hint="Battlefields are named by their cards, e.g. Targon's Peak."
                + (
                    " One statement puts everything it names at one place: say “Alice controls "
                    "Recruit at Targon's Peak. Alice controls Blazing Scorcher at her base.”"
                    if " and " in name
                    else ""
                ),
            ) from error
        if card.kind is not RbKind.BATTLEFIELD:
            raise EngineError(
                f"{card.name} is a {card.kind.value}, not a battlefield.",
                hint="Name a battlefield card, e.g. Targon's Peak or The Grand Plaza.",
            )
        return card

    def _status(self, state: RbState, object_id: int, word: str) -> tuple[RbState, Verdict]:
        engine = self.engine
        word = word.lower()
        if word in ("exhausted", "ready"):
            return engine.set_status(state, object_id, exhausted=word == "exhausted")
        if word == "stunned":
            return engine.set_status(state, object_id, stunned=True)
        if word == "has a buff":
            return engine.buff(state, object_id)
        if word in ("buffed", "readied"):
            # Buffed or readied now, which other permanents see as a spell's buff or ready
            # (Simian Ancestor's "When you buff me", 383.3).
            changed = (
                engine.buff(state, object_id)
                if word == "buffed"
                else engine.set_status(state, object_id, exhausted=False)
            )
            return engine.buffs_and_readies_seen(state, *changed)
        if word == "killed":
            return engine.leave(state, object_id, RbZone.TRASH, event="was killed")
        if word == "banished":
            return engine.leave(state, object_id, RbZone.BANISHMENT)
        if word == "recalled":
            return engine.recall(state, object_id)
        if word == "detached":
            return engine.detach(state, object_id)
        raise EngineError(
            f"“{word}” is not a Riftbound status this bot knows.",
            hint="exhausted, ready, readied, stunned, buffed, killed, banished, recalled or "
            "detached.",
        )

    def _moves(self, state: RbState, s: ast.MovesZone, run: ScriptRun) -> tuple[RbState, Verdict]:
        object_id = self._object(state, s.subject, run)
        zone = {
            "graveyard": RbZone.TRASH,
            "hand": RbZone.HAND,
            "exile": RbZone.BANISHMENT,
            "library": RbZone.MAIN_DECK,
            None: RbZone.TRASH,
        }.get(s.to_zone)
        if zone is None:
            raise EngineError(
                f"“{s.wording}” has no Riftbound meaning here.",
                hint="dies, is killed, returns to its owner's hand, is banished.",
            )
        event = "died" if s.wording == "dies" else ("left the board" if s.to_zone is None else "")
        return self.engine.leave(state, object_id, zone, event=event)

    # ---- playing ----------------------------------------------------------------------------
    def _play_args(
        self, state: RbState, s: ast.Cast, run: ScriptRun
    ) -> tuple[RbState, str, RbCard, list[list[int]], str | None]:
        state, player = self._player(state, s.player, run)
        card = self.cards.resolve(s.card)
        state, refs = self._targets(state, s.choices.targets, run)
        analysis_targets = (
            played_target_analysis(state, player, card).targets if card.kind is RbKind.SPELL else ()
        )
        targets = (
            group_refs(analysis_targets, refs) if analysis_targets else ([refs] if refs else [])
        )
        if s.choices.moving is not None and card.kind is RbKind.SPELL:
            state, moved = self._targets(state, (s.choices.moving,), run)
            move = chosen_move(played_target_analysis(state, player, card))
            targets = _moved_in_its_slot(targets, moved[0], move, state.obj(moved[0]).name)
        location: str | None = None
        if s.location is not None:
            battlefield = self._location(state, s.location, player, run)
            location = BASE if battlefield is None else battlefield.name
        return state, player, card, targets, location

    def _spell_on_object(self, state: RbState, s: ast.Cast, run: ScriptRun) -> ast.Cast | None:
        """ "Alice plays Void Seeker on Blazing Scorcher.": a spell has no location (only a unit
        is played to one, Riftbound 355.2), so a unit, gear or battlefield named after "on" or
        "at" is its target ("Alice plays Firestorm at Targon's Peak": a battlefield is
        Firestorm's target, 355.10.b; "Can Bob play Gust on Targon's Peak?" is then answered
        for that target instead of dropping it, QA 32 M4); the statement with that target, or
        None when it isn't a spell."""
        where = s.location
        if where is None or where.battlefield is None or s.choices.targets:
            return None
        if self.cards.resolve(s.card).kind is not RbKind.SPELL:
            return None
        name = where.battlefield
        field = state.battlefield(name)
        if field is not None:
            target = ast.ObjectRef(field.name)
            return replace(s, location=None, choices=replace(s.choices, targets=(target,)))
        owned = _POSSESSIVE.match(name)
        if owned is not None and state.has_player(owned.group("player")):
            # "on Bob's Stalwart Poro": the object of that name Bob controls.
            if not self._named(state, owned.group("name")):
                return None
            target = ast.ObjectRef(owned.group("name"), ast.PlayerRef(owned.group("player")))
        elif self._named(state, name) or self._find(
            state, ast.ObjectRef(name), _TARGET_ZONES, run, required=False
        ):
            # "on Jinx": a shortened name found in the game first, as "targeting Jinx" is
            # (QA 58 U9), before the card list's several Jinxes.
            target = ast.ObjectRef(name)
        else:
            return None
        return replace(s, location=None, choices=replace(s.choices, targets=(target,)))

    def _destination(
        self, state: RbState, s: ast.Cast, run: ScriptRun
    ) -> tuple[RbState, str | None, str | None]:
        """Where the spell's move goes (355.4): ``BASE`` or a battlefield's name, and the
        player whose base was named ("moving it to Alice's base"), kept so the engine can
        check it instead of the answer silently naming another base."""
        where = s.choices.destination
        if where is None:
            return state, None, None
        if where.is_base:
            if where.base_of is None:
                return state, BASE, None
            state, owner = self._player(state, where.base_of, run)
            return state, BASE, owner
        assert where.battlefield is not None
        # A battlefield first named as the destination is put in the game, as one first named
        # by "controls ... at" is (QA 34 U5): nobody controls it until a statement says so.
        state, _ = self.engine.ensure_battlefield(
            state, self._battlefield_card(state, where.battlefield)
        )
        return state, self._battlefield_card(state, where.battlefield).name, None

    # ---- abilities --------------------------------------------------------------------------
    def _activate_args(
        self, state: RbState, s: ast.Activate, run: ScriptRun
    ) -> tuple[RbState, str, int, int, list[list[int]], int | None]:
        """The player, the source, which of its activated abilities, the targets in groups
        (one per target mention, in text order) and the mode chosen of a modal ability
        ("Choose one - ...", 355.3: only that mode's targets; QA 55 W9)."""
        _no_division(s.choices)
        state, player = self._player(state, s.player, run)
        source_id = self._object(state, s.ability.source, run, zones=_ACTIVATE_ZONES)
        ability = self.engine.find_ability(
            state, source_id, "activated", _index(s.ability), keyword=s.ability.keyword
        )
        text, mode = _ability_mode(ability.text, s.choices, state.obj(source_id).name)
        state, targets = self._grouped(state, text, "activated", s.choices, run)
        return state, player, source_id, ability.index, targets, mode

    def _discarded(
        self, state: RbState, choices: ast.Choices, run: ScriptRun, player: str
    ) -> list[int]:
        """The cards said discarded for an activated ability's "Discard N" cost ("...,
        discarding Blazing Scorcher", 422.3): their ids, in the order said."""
        ids: list[int] = []
        for said in choices.discarded:
            try:
                ids.append(self._target(state, said, run))
            except NotFoundError as missing:
                # A card discarded comes from its player's hand (422.1), which the bot knows
                # only as stated: say how to state it.
                named = getattr(said, "name", "") or "Blazing Scorcher"
                raise EngineError(
                    f"{missing} A card discarded to pay a cost comes from its player's hand "
                    "(422.1), and the bot knows only the cards stated there.",
                    hint=f"Say the hand first: “{player}'s hand has {named}.”",
                ) from missing
        return ids

    def _trigger(self, state: RbState, s: ast.Trigger, run: ScriptRun) -> tuple[RbState, Verdict]:
        _no_division(s.choices)
        _no_cost_discards(s.choices, "a triggered ability")
        source_id = self._object(state, s.ability.source, run, zones=_TRIGGER_ZONES)
        ability = self.engine.find_ability(
            state, source_id, "triggered", _index(s.ability), keyword=s.ability.keyword
        )
        text, mode = _ability_mode(ability.text, s.choices, state.obj(source_id).name)
        state, targets = self._grouped(state, text, "triggered", s.choices, run)
        # "... goes on the chain for Sinister Poro": the moved unit it is about (359.3.f.3).
        about = self._object(state, s.about, run) if s.about is not None else None
        return self.engine.trigger(
            state, source_id, ability.index, targets=targets, mode=mode, about=about
        )

    def _grouped(
        self, state: RbState, text: str, kind: str, choices: ast.Choices, run: ScriptRun
    ) -> tuple[RbState, list[list[int]]]:
        state, refs = self._targets(state, choices.targets, run)
        mentions = analyse(text, version=state.version, ability=kind).targets
        return state, group_refs(mentions, refs) if mentions else ([refs] if refs else [])

    def _ability_on_chain(self, state: RbState, ref: ast.AbilityRef, run: ScriptRun) -> int:
        """The id of the ability on the chain ``Iron Ballista's ability`` names: the newest
        one of that source (its source may have left the board since, 355.9.c)."""
        items = [i for i in state.chain if i.is_ability]
        wanted_kind = {
            ast.AbilityKind.ACTIVATED: "activated",
            ast.AbilityKind.TRIGGERED: "triggered",
        }.get(ref.kind)
        if wanted_kind is not None:
            items = [i for i in items if i.ability == wanted_kind]
        source = ref.source
        if source.object_id is not None:
            matches = [i for i in items if source.object_id in (i.source_id, i.id)]
            named = f"#{source.object_id}"
        else:
            names = {source.name.strip().casefold()}
            with contextlib.suppress(UserError):
                names.add(self.cards.resolve(source.name).name.casefold())
            matches = [i for i in items if i.source_name.casefold() in names]
            named = source.name
            controller = self._controller_name(state, source, run)
            if controller is not None:
                matches = [i for i in matches if i.controller.casefold() == controller]
        if ref.keyword:
            matches = [
                i for i in matches if i.keyword.casefold() == ref.keyword.casefold()
            ] or matches
        if ref.index is not None:
            matches = [i for i in matches if i.index == _index(ref)] or matches
        if not matches:
            chain = ", ".join(f"{i.name} (#{i.id})" for i in reversed(state.chain)) or "empty"
            raise NotFoundError(
                f"No {wanted_kind or ''} ability of {named} is on the chain.".replace("  ", " "),
                hint=f"Chain now, newest first: {chain}. An ability gets there with “Alice "
                f"activates {named} targeting …”, “{named}'s trigger targets …” or, when it "
                f"chooses nothing, “{named}'s trigger goes on the chain with no targets.”.",
            )
        return matches[-1].id

    def _controller_name(self, state: RbState, ref: ast.ObjectRef, run: ScriptRun) -> str | None:
        if ref.controller is None:
            return None
        if ref.controller.is_opponent:
            return self._opponent(state, ref.controller).casefold()
        return player_name(ref.controller, run.speaker).casefold()

    def _ability_question_source(
        self, state: RbState, ref: ast.AbilityRef, run: ScriptRun
    ) -> tuple[RbState, int | AbilitySource, str]:
        """An ability a question is about: on the chain if it is there, else the ability of
        the permanent in the game (its controller would control it, 188.4.a), else of the
        card."""
        if any(i.is_ability for i in state.chain):
            try:
                item_id = self._ability_on_chain(state, ref, run)
            except UserError:
                pass
            else:
                item = state.item(item_id)
                assert item is not None
                return state, item_id, item.controller
        kind = {ast.AbilityKind.ACTIVATED: "activated", ast.AbilityKind.TRIGGERED: "triggered"}.get(
            ref.kind
        )
        found = self._find(state, ref.source, _TRIGGER_ZONES, run, required=False)
        if found is not None:
            source = self.engine.ability_source(
                state, found, kind, _index(ref), keyword=ref.keyword
            )
            state, asker = self._asker(state, run)
            return state, source, state.obj(found).controller or asker
        card = self.cards.resolve(ref.source.name)
        source = self.engine.ability_source(state, card, kind, _index(ref), keyword=ref.keyword)
        state, asker = self._asker(state, run)
        return state, source, asker

    def _asker(self, state: RbState, run: ScriptRun) -> tuple[RbState, str]:
        if state.has_player(run.speaker):
            return state, state.player(run.speaker)
        if state.players:
            return state, state.players[0]
        return state.with_player("You"), "You"

    # ---- questions --------------------------------------------------------------------------
    def _fizzle_answer(self, state: RbState, resolved: Verdict) -> Verdict:
        """A Riftbound spell never fizzles: it resolves even if all its targets are illegal
        (359.3.e.1) and does as much as it can."""
        anyway = rule("resolves_anyway", state.version)
        return Verdict(
            VerdictKind.NO,
            "No: in Riftbound spells never fizzle; a spell resolves even if some or all of its "
            f"targets are illegal ({anyway}). If it resolved now: {resolved.reason}",
            merge_rules((anyway,), resolved.rules),
            resolved.slots,
        )

    def _does_target(self, state: RbState, s: ast.DoesTargetQuestion, run: ScriptRun) -> Verdict:
        if s.quoted:
            ability = "triggered" if _TRIGGER_TEXT.match(s.subject) else "spell"
            return self.engine.does_target(s.subject, ability=ability)
        ref = self._ability_ref(s.subject, run, state)
        if ref is not None:
            _, source, _ = self._ability_question_source(state, ref, run)
            if isinstance(source, int):
                item = state.item(source)
                assert item is not None
                return self.engine.does_target(item.text, ability=item.ability, name=item.name)
            return self.engine.does_target(
                source.ability.text, ability=source.ability.kind, name=source.name
            )
        card = self.cards.resolve(s.subject)
        verdict = self.engine.does_target(card.text, ability=ability_kind(card), name=card.name)
        modal = modes_of(card.text) if card.kind is RbKind.SPELL else None
        if modal is not None:
            return _by_mode(self.engine, card, modal, state.version)
        if card.kind is RbKind.SPELL:
            return verdict
        if verdict.kind is VerdictKind.NO and "[weaponmaster]" in card.text.lower():
            # Rule 821.1.b: Weaponmaster is a play effect that chooses an Equipment you control
            # (a target); the unit itself is not chosen (821.1.c.6).
            cited = (
                rule("weaponmaster", state.version),
                rule("weaponmaster_unit_not_chosen", state.version),
            )
            return Verdict(
                VerdictKind.YES,
                f"{card.name}: Yes, but not as a card: its Weaponmaster play effect chooses an "
                f"Equipment you control, and that choice is a target ({cited[0]}); "
                f"{card.name} itself is not chosen ({cited[1]}).",
                cited,
            )
        equip = next((a for a in read_abilities(card.text) if a.keyword == "Equip"), None)
        if equip is not None and verdict.kind is VerdictKind.NO:
            # Rule 818.1.b.1: Equip's choice of a unit is a target, though the keyword's text
            # is only reminder text ("[Cost]: Attach this gear to a unit you control").
            equip_rules = (rule("equip", state.version), rule("equip_target", state.version))
            return Verdict(
                VerdictKind.YES,
                f"{card.name}: Yes, but not as a card: its Equip ability (“{equip.text}”) "
                f"chooses a unit you control, and Equip's choice is a target "
                f"({equip_rules[1]}). Gear never has targets itself.",
                equip_rules,
            )
        permanent = card.kind in (RbKind.UNIT, RbKind.GEAR)
        if permanent and verdict.kind is VerdictKind.YES:
            why = "units and gear never have targets themselves; these are its abilities' targets"
        elif permanent:
            why = "units and gear never have targets, although their abilities may"
        else:
            why = "this is about its abilities"

        return replace(
            verdict, reason=f"{verdict.reason} ({card.name} is a {card.kind.value}: {why}.)"
        )

    def _ability_ref(self, words: str, run: ScriptRun, state: RbState) -> ast.AbilityRef | None:
        """``Iron Ballista's ability`` read as an ability reference, or None."""
        if self.is_known_name(words):
            return None
        try:
            parsed = parse_statement(
                f"What can {words} target?",
                speaker=run.speaker,
                is_known_name=self.is_known_name,
                players=state.players,
                position=0,
            )
        except ScenarioError:
            return None
        if isinstance(parsed, ast.LegalTargetsQuestion) and isinstance(
            parsed.source, ast.AbilityRef
        ):
            return parsed.source
        return None

    def _question_source(
        self, state: RbState, source: ast.ObjectRef | ast.AbilityRef, run: ScriptRun
    ) -> tuple[RbState, RbCard | int | AbilitySource, str]:
        if isinstance(source, ast.AbilityRef):
            return self._ability_question_source(state, source, run)
        found = self._find(state, source, (RbZone.CHAIN,), run, required=False)
        if found is not None:
            item = state.item(found)
            if item is not None:
                return state, found, item.controller
        printed = state.cards.get(source.object_id) if source.object_id is not None else None
        card = printed if printed is not None else self.cards.resolve(source.name)
        if card.kind is not RbKind.SPELL and self._abilities_targeting(card):
            # A permanent named as a source means its ability (units and gear never target).
            return self._ability_question_source(state, ast.AbilityRef(source=source), run)
        if source.controller is not None:
            # "What can Bob's Void Seeker target?": asked for Bob, whoever asks (QA 6).
            state, owner = self._player(state, source.controller, run)
            return state, card, owner
        state, asker = self._asker(state, run)
        return state, card, asker

    def _legal_targets(
        self, state: RbState, s: ast.LegalTargetsQuestion, run: ScriptRun
    ) -> tuple[RbState, Verdict]:
        """“What can Retreat target?”: when nobody was named to play the card, "friendly" and
        "enemy" depend on who plays it (740.1, 740.2), so each player's list is given when the
        lists differ."""
        state, source, player = self._question_source(state, s.source, run)
        answer = self.engine.legal_targets(state, player, source)
        named = isinstance(s.source, ast.ObjectRef) and s.source.controller is not None
        if not isinstance(source, RbCard) or named or len(state.players) < 2:
            return state, answer
        answers = {p: self.engine.legal_targets(state, p, source) for p in state.players}
        if len({v.reason for v in answers.values()}) == 1:
            return state, answer
        prefix = f"Valid targets for {source.name}: "
        parts = [
            f"if {p} plays it, {v.reason.removeprefix(prefix).removesuffix('.')}"
            for p, v in answers.items()
        ]
        return state, replace(
            answer,
            reason=f"It depends on who plays {source.name}: " + "; ".join(parts) + ".",
            rules=merge_rules(
                answer.rules,
                cite_if("friendly", state.version) if _FRIENDLY.search(source.text) else (),
                cite_if("enemy", state.version) if _ENEMY.search(source.text) else (),
            ),
        )

    def _abilities_targeting(self, card: RbCard) -> bool:
        """Has ``card`` exactly one activated or triggered ability that targets?"""
        abilities = read_abilities(card.text)
        targeting = [a for a in abilities if analyse(a.text, ability=a.kind).targets]
        return len(targeting) == 1

    def _is_legal_target(
        self, state: RbState, s: ast.IsLegalTargetQuestion, run: ScriptRun
    ) -> Verdict:
        state, source, player = self._question_source(state, s.source, run)
        state, (candidate,) = self._targets(state, (s.candidate,), run)
        verdict = self.engine.is_legal_target(state, player, source, candidate)
        kind = VerdictKind.YES if verdict.kind is VerdictKind.LEGAL else VerdictKind.NO
        named = isinstance(s.source, ast.ObjectRef) and s.source.controller is not None
        if isinstance(source, RbCard) and not named and len(state.players) > 1:
            # Nobody was named to play it: "friendly" and "enemy" depend on who does
            # (740.1, 740.2), so each player's answer is given when they differ (QA 46 M8).
            answers = {
                p: self.engine.is_legal_target(state, p, source, candidate) for p in state.players
            }
            if len({v.kind for v in answers.values()}) > 1:
                parts = [
                    f"if {p} plays it, {v.reason[:1].lower()}{v.reason[1:].rstrip('.')}"
                    for p, v in answers.items()
                ]
                return replace(
                    verdict,
                    kind=kind,
                    reason=f"It depends on who plays {source.name} (the verdict is for "
                    f"{player}): " + "; ".join(parts) + ".",
                    rules=merge_rules(*(v.rules for v in answers.values())),
                )
        return replace(verdict, kind=kind)

    # ---- references -------------------------------------------------------------------------
    def _targets(
        self, state: RbState, targets: Sequence[ast.Target], run: ScriptRun
    ) -> tuple[RbState, list[int]]:
        """The ids of the chosen objects and players; a one-word name that is no object, no
        player and no card is a player first named here, who joins the game (as in MTG)."""
        said = list(targets)
        for index, target in enumerate(targets):
            name = _new_player_name(target)
            if name and not state.has_player(name) and not self._named(state, name):
                # "targeting Poro" with Stalwart Poro on the board: one word of its name, as
                # in Magic ("targeting Bear"), not a new player called Poro (QA 49 W1).
                chained = [state.objects[i.id] for i in state.chain if i.id in state.objects]
                part = one_called_in_part(name, (*state.on_board(), *chained), label)
                if part is not None:
                    said[index] = ast.ObjectRef(part.name, object_id=part.id)
                    continue
            if (
                name
                and not state.has_player(name)
                and not self._named(state, name)
                and not self._names_a_card(name)
            ):
                objects = [o.name for o in state.on_board()]
                refusal = new_player_refusal(
                    name,
                    state.players,
                    objects,
                    "Carol controls Recruit at her base.",
                    speaker=run.speaker,
                )
                if refusal is not None:
                    raise refusal
                state = self._joined(state, display_name(name))
        return state, [self._target(state, t, run) for t in said]

    def _names_a_card(self, word: str) -> bool:
        """Is ``word`` a card's name or its short name ("Jinx" for Jinx, Rebel)?  Such a word
        names a missing object, never a new player."""
        if self.cards.exact(word) is not None:
            return True
        try:
            names = [self.cards.resolve(word).name]
        except AmbiguousError as several:
            names = list(several.suggestions)
        except UserError:
            return False
        return any(n.split(",")[0].strip().casefold() == word.casefold() for n in names)

    def _target(self, state: RbState, target: ast.Target, run: ScriptRun) -> int:
        if isinstance(target, ast.AbilityRef):
            return self._ability_on_chain(state, target, run)
        if isinstance(target, ast.PlayerRef):
            # A player can be chosen (355.9.a: "Choose an opponent"); whether this spell may
            # choose one is the targeting check's to say.
            if target.is_opponent:
                return state.player_id(self._opponent(state, target))
            if target.is_speaker or state.has_player(target.name):
                return state.player_id(player_name(target, run.speaker))
            target = ast.ObjectRef(target.name)
        named_player = target.could_be_player and state.has_player(target.name)
        if named_player and not self._named(state, target.name):
            return state.player_id(target.name)
        # A card named in a hand, deck or banishment is found too, so the targeting rules say
        # why it can't be chosen (it isn't on the board) rather than "there is no such object"
        # (QA 25 U5); objects in the zones targets come from are found first.
        return self._object(state, target, run, zones=_NAMED_TARGET_ZONES)

    # ---- finding objects (``ScriptExecutor._find`` with Riftbound's zones) -------------------
    def _named(self, state: RbState, name: str) -> list[RbObject]:
        wanted = name.strip().casefold()
        bare = wanted.removesuffix(" token").strip()
        named = [
            o
            for o in state.objects.values()
            if o.name.casefold() == wanted or (o.token and o.name.casefold() == bare)
        ]
        # A token that became a copy answers to the name it was played with too (Mirror
        # Image's "Reflection", now named like the unit it copies: 472.1.b.1).
        return named or [
            o
            for o in state.objects.values()
            if o.played_as.casefold() in (wanted, bare) and o.played_as
        ]

    def _zone_groups(
        self, matches: Sequence[RbObject], zones: Sequence[RbZone]
    ) -> Iterable[tuple[str, Sequence[RbObject]]]:
        # Base and battlefield are one board: look in both before other zones.
        board = (RbZone.BATTLEFIELD, RbZone.BASE)
        first_board_zone = next((z for z in zones if z in board), None)
        for zone in zones:
            if zone in board and zone is not first_board_zone:
                continue
            yield "", [o for o in matches if (o.zone in board if zone in board else o.zone is zone)]

    def _describe_each(self, state: RbState, group: list[RbObject]) -> list[str]:
        return [f"{label(o)} (#{o.id})" for o in group]

    def _joined(self, state: RbState, name: str) -> RbState:
        return state.with_player(name)


def _new_player_name(target: ast.Target) -> str:
    """The name a target gives when it could be a player nobody has named yet ("Bob")."""
    if isinstance(target, ast.PlayerRef):
        return "" if target.is_speaker or target.is_opponent else target.name
    if isinstance(target, ast.ObjectRef) and target.could_be_player:
        return target.name
    return ""


_MAX_RESOLUTIONS = 100
# The zones a statement's words name for cards ("Alice's graveyard has ...").
_ZONE_BY_WORD = {
    "graveyard": RbZone.TRASH,
    "hand": RbZone.HAND,
    "library": RbZone.MAIN_DECK,
    "exile": RbZone.BANISHMENT,
    # "Alice's champion zone has Teemo, Strategist." (108.3; QA 55 U3)
    "command": RbZone.CHAMPION_ZONE,
}
# Activated abilities are used from the board (380); a legend's from the legend zone.
# Exhausted or ready: permanents on the board and legends in the Legend Zone, whose [E]
# abilities depend on it (Riftbound 355.9.a.4, 414.2).
_READY_ZONES = (RbZone.BATTLEFIELD, RbZone.BASE, RbZone.LEGEND_ZONE)
_ACTIVATE_ZONES = (RbZone.BATTLEFIELD, RbZone.BASE, RbZone.LEGEND_ZONE, RbZone.TRASH)
# Triggered abilities: of permanents on the board, legends, and cards that say they trigger
# from another zone ("... return this from your trash", 385.2); a spell's reflexive trigger
# (387) is stated once the spell left the chain, and named while it is on it to say so.
_TRIGGER_ZONES = (
    RbZone.CHAIN,
    RbZone.BATTLEFIELD,
    RbZone.BASE,
    RbZone.LEGEND_ZONE,
    RbZone.CHAMPION_ZONE,
    RbZone.TRASH,
    RbZone.FACEDOWN,
)


def _by_mode(engine: RiftboundGame, card: RbCard, modal: Modes, version: str) -> Verdict:
    """ "Does it target?" for a modal spell, mode by mode: only the chosen mode's choices are
    made (Riftbound 355.3), so each mode targets what its own text says."""
    answers = [
        engine.does_target(modal.text_of(i), ability="spell") for i in range(len(modal.modes))
    ]
    parts = [
        f"“{modal.label(i)}”: "
        + (
            _lowered(a.reason.split(": ", 1)[-1]).rstrip(".")
            if a.kind is VerdictKind.YES
            else "no targets"
        )
        for i, a in enumerate(answers)
    ]
    rules = merge_rules(cite_if("choose_modes", version), *(a.rules for a in answers))
    any_yes = any(a.kind is VerdictKind.YES for a in answers)
    return Verdict(
        VerdictKind.YES if any_yes else VerdictKind.NO,
        f"{card.name}: {'Yes, depending on the mode' if any_yes else 'No'}. It is modal "
        f"(“{modal.choose}”); only the chosen mode's choices are made: " + "; ".join(parts) + ".",
        rules,
    )


def _lowered(text: str) -> str:
    return text[:1].lower() + text[1:]


def _moved_in_its_slot(
    targets: list[list[int]], moved: int, move: ChosenMove | None, name: str
) -> list[list[int]]:
    """The targets with ``moved`` ("moving Stalwart Poro to Bob's base") in the slot of the
    move whose destination is chosen, swapped with the target said there (Skyward Strike:
    "Move an enemy unit. [Level 6] Stun an enemy unit.", the units named in either order;
    QA 41 U2)."""
    if move is None or not move.moving:
        return targets
    slot = move.moving[0]
    if slot < len(targets) and moved in targets[slot]:
        return targets
    other = next((k for k, group in enumerate(targets) if moved in group), None)
    if other is None or slot >= len(targets):
        raise EngineError(
            f"{name} is said to be moved, but it isn't one of the targets named after “targeting”.",
            hint="Name it among the targets: “… targeting Stalwart Poro and Towering Combatant, "
            "moving Stalwart Poro to Bob's base.”",
        )
    swapped = list(targets)
    swapped[slot], swapped[other] = targets[other], targets[slot]
    return swapped


def _ability_mode(text: str, choices: ast.Choices, name: str) -> tuple[str, int | None]:
    """The text to group an ability's targets by, and the mode a statement's ``choosing ...``
    names of a modal ability ("Choose one - ...", 355.3: only that mode's targets; QA 55 W9,
    U5); the whole text and None when it isn't modal or names none."""
    modal = modes_of(text)
    typed = choices.modes_text or " and ".join(choices.modes)
    if modal is None or not typed.strip():
        return text, None
    mode = match_mode(modal, typed, name)
    return modal.ability_text_of(mode), mode


def _mode(card: RbCard, choices: ast.Choices, version: str) -> int | None:
    """The mode a statement names for a modal spell (``choosing Kill a gear``, Riftbound
    355.3), as for Magic's modal spells; None when none is named or the card isn't modal."""
    modal = modes_of(card.text) if card.kind is RbKind.SPELL else None
    if modal is None or not (choices.modes_text or choices.modes):
        return None
    typed = choices.modes_text or " and ".join(choices.modes)
    several = several_modes(modal, typed)
    if len(set(several)) == 1 and choices.repeats:
        return several[0]  # the same mode for the repeat (820.2.a)
    if several:
        # QA 36 W6: two modes named were read as the first alone, and the play called illegal
        # for a reason that wasn't true.
        named = " and ".join(f"“{modal.label(i)}”" for i in several)
        if choices.repeats:
            raise EngineError(
                f"{card.name} played with Repeat may choose another mode for the repeat "
                f"({named}, {rule('repeat_different_choices', version)}), but a statement can't "
                "name a mode per execution yet, so nothing was played.",
                hint=f"Name one mode for both executions, e.g. “... plays {card.name} with Repeat "
                f"choosing {modal.label(several[-1])}, targeting …”.",
            )
        raise EngineError(
            f"{card.name} says “{modal.choose}”: one mode is chosen as it is played "
            f"({', '.join(cite_if('choose_modes', version) or (rule('choices_now', version),))}), and {named} were named, so "
            "nothing was played.",
            hint=f"Name one of them, e.g. “... plays {card.name} choosing "
            f"{modal.label(several[-1])}.”",
        )
    return match_mode(modal, typed, card.name)


def _index(ref: ast.AbilityRef) -> int | None:
    """``first ability`` -> 0 (printed order); ``last`` stays negative."""
    if ref.index is None:
        return None
    return ref.index - 1 if ref.index > 0 else ref.index


def _no_division(choices: ast.Choices) -> None:
    """Riftbound divides split damage as the spell or ability resolves, not as it is played."""
    if choices.division:
        raise EngineError(
            "In Riftbound, how split damage is divided is decided as the spell or ability "
            "resolves, not when its targets are chosen (355.14.e), so nothing was done.",
            hint="Choose the targets now, then say “The top of the chain resolves dividing "
            + " and ".join(str(n) for n in choices.division)
            + ".”",
        )


# "Bob pays [2] only once" / "... for the first and doesn't pay for the repeat": a choice per
# execution of a spell played with Repeat (820.1.d asks its "unless" again each time).
_ONLY_ONCE = re.compile(
    r"^(?:\[\d+\]\s+)?(?:only\s+once|once(?:\s+only)?|(?:for|on)\s+the\s+first"
    r"(?:\s+(?:one|execution|time))?\s+only|only\s+(?:for|on)\s+the\s+first(?:\s+(?:one|"
    r"execution|time))?)\.?$",
    re.IGNORECASE,
)
_FIRST_THEN_REPEAT = re.compile(
    r"^(?:\[\d+\]\s+)?(?:for|on)\s+the\s+first(?:\s+(?:one|execution|time))?,?\s+(?:and|but)\s+"
    r"(?:(?P<no>doesn't|does\s+not|don't|do\s+not)\s+(?:pay|have|let)|pays?|has|lets)\b.*?"
    r"(?:for|on)\s+the\s+repeat\.?$",
    re.IGNORECASE,
)


def _chosen_for(item: ChainItem, verb: str, version: str) -> set[int]:
    """The objects ``item`` chose for its "you may <verb> ..." instructions (Zenith Blade's
    "a friendly unit", not its stunned enemy unit); all it chose when those name none."""
    analysis = analyse(item.text, version=version, ability=item.ability)
    slots = {id(m): n for n, m in enumerate(analysis.targets)}
    own = {
        slots[id(analysis.mentions[i])]
        for instruction in analysis.instructions
        if instruction.optional and instruction.text.lower().split()[:1] == [verb.lower()]
        for i in instruction.mention_indexes
        if id(analysis.mentions[i]) in slots
    }
    groups = [g for n, g in enumerate(item.chosen) if n in own] if own else list(item.chosen)
    return {o.id for group in groups for o in group}


def repeat_payments(said: str, first: bool) -> tuple[bool, ...]:
    """The choice for a Repeat's execution when a statement says it differs from the first's
    ("Bob pays [2] only once", "... for the first and doesn't pay for the repeat"); () when
    the statement says one choice for every execution."""
    said = " ".join(said.split())
    if _ONLY_ONCE.match(said):
        return (not first,)
    found = _FIRST_THEN_REPEAT.match(said)
    if found:
        return (found.group("no") is None,)
    if re.search(r"\b(?:repeat|first|once|twice|second)\b", said, re.IGNORECASE):
        raise EngineError(
            f"I can't tell which execution “{said}” is for, so nothing was changed.",
            hint="Say the first execution's choice, then the repeat's: “Hard Bargain resolves "
            "and Bob pays [2] for the first and doesn't pay for the repeat.” (or “... pays [2] "
            "only once.”)",
        )
    return ()


def _no_cost_discards(choices: ast.Choices, what: str) -> None:
    """ "discarding …" said of something whose discard the bot doesn't read from a statement:
    refused rather than played as if it weren't said."""
    if choices.discarded:
        raise EngineError(
            f"“discarding …” is read for an activated ability's “Discard N” cost (Unlicensed "
            f"Armory's “Discard 1, [E]:”, 422.3), not for {what}, so nothing was changed.",
            hint="Say it without “discarding …”; a “Discard N” a spell or ability carries out is "
            "said as it resolves: “Get Excited! resolves discarding Blazing Scorcher.”",
        )


def _no_magic_costs(choices: ast.Choices) -> None:
    """Magic's ways of casting ("with kicker", "with flashback", "with evoke") said of a
    Riftbound card: refused rather than played as if they weren't said.  Riftbound's own
    optional additional costs are Accelerate (805) and Repeat (820)."""
    said = (
        ("kicker", choices.kicked),
        ("overload", choices.overload),
        ("entwine", choices.entwined),
        (choices.alternative, choices.alternative),
        ("flashback", choices.flashback),
        *((method, True) for method in choices.methods),
    )
    named = next((word for word, given in said if given), None)
    if named is not None:
        raise EngineError(
            f"“{named}” is a Magic way of casting a spell; Riftbound has no such cost, so "
            "nothing was played.",
            hint="Riftbound's optional additional costs are said “with Accelerate” (a unit, "
            "805) and “with Repeat” (a spell, 820); or leave it out.",
        )


def describe(state: RbState, object_id: int) -> str:
    """A name the statement reader finds again: the name, or ``#id`` when names repeat."""
    obj = state.obj(object_id)
    same = [o for o in state.objects.values() if o.name.casefold() == obj.name.casefold()]
    return obj.name if len(same) <= 1 else f"#{object_id}"


def play_statement(
    before: RbState,
    player: str,
    card: RbCard,
    location: str | None,
    picks: Sequence[Sequence[int]],
    *,
    mode: int | None = None,
    destination: str | None = None,
    costs: OptionalCosts = NO_OPTIONAL_COSTS,
    killed: int | None = None,
    from_hidden: bool = False,
) -> str:
    """A statement that plays the same card with the same choices (for ``game export``);
    ``mode``: the chosen mode of a modal spell (355.3); ``destination``: where its move goes
    (355.4), ``BASE`` or a battlefield's name; ``killed``: the unit its additional cost
    killed (356.6)."""
    text = f"{player} plays {card.name}" + (" from hiding" if from_hidden else "")
    if card.kind is RbKind.UNIT:
        text += " at their base" if location in (None, BASE) else f" at {location}"
    if costs.accelerated:
        text += " with Accelerate"  # 805.1.a
    if costs.repeats:
        text += " with Repeat" + ("" if costs.repeats == 1 else f" {costs.repeats} times")
    modal = modes_of(card.text) if mode is not None and card.kind is RbKind.SPELL else None
    if modal is not None and mode is not None:
        chosen = modal.label(mode)
        text += f" choosing {inside_sentence(chosen, card.name)}" + (
            "," if picks and any(picks) else ""
        )
    refs = [describe(before, i) for group in picks for i in group]
    if refs:
        text += " targeting " + and_list(refs)
    if destination:
        objects = [[before.obj(i) for i in group] for group in picks]
        move = PlayInProgress(before, player, card, picks=tuple(map(tuple, picks)), mode=mode).move
        moved = moving_objects(move, objects) if move else [o for g in objects for o in g]
        text += f", moving {pronoun(moved)} to {destination_label(destination, moved)}"
    if killed is not None:
        text += f", killing {describe(before, killed)}"
    return text + "."


def _together(verdicts: list[Verdict], version: str) -> Verdict:
    """One answer for several units' standard moves made or asked about at once (144.3): the
    first that isn't a yes/ok decides the kind; the reasons and rules are joined."""
    if len(verdicts) == 1:
        return verdicts[0]
    kind = next(
        (v.kind for v in verdicts if v.kind not in (VerdictKind.OK, VerdictKind.YES)),
        verdicts[0].kind,
    )
    return Verdict(
        kind,
        " ".join(v.reason for v in verdicts),
        merge_rules(*(v.rules for v in verdicts), (rule("group_move", version),)),
        notes=tuple(n for v in verdicts for n in v.notes),
        object_ids=tuple(i for v in verdicts for i in v.object_ids),
    )


def _combat_only(obj: RbObject, given: tuple[str, ...], state: RbState) -> str:
    """What the Might shown leaves out for keywords given ``given``: Assault's +X only while
    an attacker (807.1.c), Shield's only while a defender (814.1.c); the bot keeps no combat.
    X is every instance's value summed, its own and those given (807.2, 814.2: Block on
    Stalwart Poro, which has [Shield], makes Shield 4)."""
    parts = []
    for word, role, concept, summed in (
        ("assault", "an attacker", "assault_attacker", "assault_sum"),
        ("shield", "a defender", "shield_defender", "shield_sum"),
    ):
        if not any(keyword.lower().startswith(word) for keyword in given):
            continue
        values = [
            int(keyword.split()[-1]) if keyword.split()[-1].isdigit() else 1
            for keyword in keywords_of(state, obj)
            if keyword.lower().split()[0] == word
        ]
        cited = cite_if(concept, state.version) + (
            cite_if(summed, state.version) if len(values) > 1 else ()
        )
        total = f"[{word.title()} {sum(values)}] in all: " if len(values) > 1 else ""
        parts.append(
            f"{total}{sum(values):+d} Might while {role}{''.join(f', {n}' for n in cited)}"
        )
    return (
        f" ({'; '.join(parts)}: not in the Might shown, the bot keeps no combat)" if parts else ""
    )


def _name_answer(state: RbState, object_id: int) -> Verdict:
    """“What is Reflection's name?”: the object's name now; a token that became a copy has
    the name of what it copies (472.1.b.1), and statements may still call it by the name it
    was played with."""
    obj = state.obj(object_id)
    if obj.played_as and obj.played_as.casefold() != obj.name.casefold():
        copy = rule("copy", state.version)
        return Verdict(
            VerdictKind.OK,
            f"{label(obj)} is named {obj.name}: it was played as a {obj.played_as} token and "
            f"became a copy of {obj.name}, taking its name ({copy}). Statements may still call "
            f"it “{obj.played_as}” or #{obj.id}.",
            (copy,),
            object_ids=(obj.id,),
        )
    return Verdict(VerdictKind.OK, f"{label(obj)} is named {obj.name}.", object_ids=(obj.id,))


def _battlefield_in_play_called(state: RbState, name: str) -> RbObject | None:
    """The one battlefield in play whose name holds every word of ``name``: players' "the
    Peak" is Targon's Peak when it is in play (QA 58 M11), before any card called "Peak
    Guardian"; None when no single one does."""
    said = re.findall(r"[\w']+", name.casefold().removeprefix("the "))
    if not said:
        return None
    called = [
        o
        for o in state.battlefields()
        if all(word in re.findall(r"[\w']+", o.name.casefold()) for word in said)
    ]
    return called[0] if len(called) == 1 else None
