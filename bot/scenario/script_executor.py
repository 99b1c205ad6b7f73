"""What both games' executors do alike, written once: read a script, execute it statement by
statement into steps, and find the player or object a statement names.

A game's executor (``MtgScenarioExecutor``, ``RiftboundScenarioExecutor``) brings only what
differs: its parser dialect, how its own statements become engine calls (``_act``), how it
finds objects by name and groups them by zone, and how a finished verdict reads.  Illegal
actions change nothing and the script carries on (CR 732.1; Riftbound likewise); a later
statement that names something a failed statement should have made says so instead of a bare
"not found".
"""

from __future__ import annotations

import contextlib
import dataclasses
import difflib
import functools
import re
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from bot.engine.errors import EngineError
from bot.engine.frozen import evolve
from bot.engine.game_engine import GameEngine
from bot.engine.mtg.keyword_abilities import keyword_rule
from bot.engine.verdict import EffectReport, Verdict, VerdictKind, merge_rules
from bot.engine.wording import and_list, counted, zone_words
from bot.errors import NotFoundError, ScenarioError, UserError
from bot.scenario import ast, lexicon
from bot.scenario.ast_text import render_statement, stack_item_text
from bot.scenario.cards import CardLookup, full_name
from bot.scenario.lexer import CardNameGuard
from bot.scenario.object_refs import (
    display_name,
    named_objects,
    only_opponent,
    pick_named,
    player_name,
)
from bot.scenario.parser import Dialect, parse_script
from bot.scenario.steps import ScriptResult, Step

# "The ETB trigger targets ...": a trigger named by its kind, not its source (QA 47 U1).
_SOURCELESS_TRIGGER = re.compile(
    # "The first trigger targets ..." (QA 56 U5): one source's instances are taken in turn.
    r"^(?:the|its|that)\s+(?:(?:first|1st|second|2nd|other|next|last)\s+)?"
    r"(?:(?P<kind>etb|death|dies)\s+)?trigger(?:ed\s+ability)?"
    r"(?P<rest>\s+(?:targets?|goes)\b.*)$",
    re.I,
)


class SceneObject(Protocol):
    """What the shared lookups read of a game object."""

    @property
    def id(self) -> int: ...

    @property
    def name(self) -> str: ...

    @property
    def controller(self) -> str: ...


ObjT = TypeVar("ObjT", bound=SceneObject)
ObjT_co = TypeVar("ObjT_co", bound=SceneObject, covariant=True)
ZoneT = TypeVar("ZoneT", bound=Enum)


class SceneState(Protocol[ObjT_co]):
    """What the shared lookups read of a game state."""

    @property
    def objects(self) -> Mapping[int, ObjT_co]: ...

    @property
    def player_names(self) -> tuple[str, ...]: ...

    def obj(self, object_id: int) -> ObjT_co:
        """The object with that id; raises, saying what became of it, when it is gone."""
        ...


StateT = TypeVar("StateT", bound=SceneState[Any])


@dataclass
class ScriptRun:
    """What one run remembers between statements: who speaks ("I"), and the names the failed
    statements should have put in the game (name -> statement number)."""

    speaker: str
    failed: dict[str, int] = field(default_factory=dict)
    # Spells cast with evoke or offspring (stack object id -> methods): what they also
    # trigger as they enter is said when they resolve (CR 702.74a, 702.175a).
    cast_methods: dict[int, tuple[str, ...]] = field(default_factory=dict)
    # The statements after the one being executed, in a script read whole; None when they
    # aren't known (a saved game's statements come one at a time). A lone blocker of a
    # creature with menace is judged once the blocks are seen to be complete (CR 509.1b).
    following: tuple[Parsed, ...] | None = None
    # Combat damage dealt by statements whose state-based actions wait for the rest of their
    # combat damage step (CR 510.2, 704.3): what was dealt damage, and what deathtouch reached.
    held_hurt: list[int | str] = field(default_factory=list)
    held_deathtouched: list[int] = field(default_factory=list)
    held_assigned: dict[int, int] = field(default_factory=dict)  # source -> damage said
    damage_held: bool = False
    held_first_step: bool = False  # the first-strike combat damage step's (510.4)
    # A saved game's message, whose statements come one message at a time: combat damage said
    # at its end stays held in the game until a later message says something else (CR 510.2).
    saved: bool = False
    # Said by a user who may not change the saved game: nothing they say is stored, so their
    # statements are judged on the game as it stands, its held combat damage step not ended.
    watching: bool = False

    @property
    def upcoming(self) -> ast.Statement | None:
        """The next statement of the script that changes the game, when it is known and was
        read: stated combat damage of one combat damage step is dealt all at once (CR 510.2),
        and a question asked between two of its statements changes nothing, so it doesn't
        end the step (game-combat's left-over)."""
        for first in self.following or ():
            if not isinstance(first, ast.Statement):
                return None
            if not ast.is_question(first):
                return first
        return None


Parsed = ast.Statement | ScenarioError


@dataclass(frozen=True)
class ObjectFacts:
    """One object as a question about it is answered (``ScriptExecutor._about``)."""

    name: str  # as the answer names it: "Alice's Runeclaw Bear (#1)"
    line: str  # as the board shows it: "2/2, tapped, hexproof, on Alice's battlefield"
    controller: str
    owner: str
    tapped: bool
    tapped_words: tuple[str, str]  # (untapped, tapped): ("untapped", "tapped"), ("ready", ...)
    control_rules: tuple[str, ...]
    status_rules: tuple[str, ...]
    rules: tuple[str, ...] = ()
    # Why an object has no controller ("controller" is ""): a card in a graveyard (CR 108.4a).
    no_controller: str = ""
    # Its type line now, where the game has one (MTG): "What is Emeria's Call?" says it.
    type_line: str = ""
    # The damage marked on it and its counters, where the game keeps them this way (MTG):
    # "How much damage is marked on Hill Giant?", "How many loyalty counters are on Jace?".
    damage: int | None = None
    counters: tuple[tuple[str, int], ...] = ()
    counter_rules: tuple[tuple[str, str], ...] = ()  # (kind, rule): loyalty 306.5c
    # Whether it is attacking and whether it is blocking, where the game keeps combat (MTG).
    combat: tuple[bool, bool] | None = None
    # Whether an attacking creature is blocked (True), unblocked (False) or not said (MTG).
    blocked: bool | None = None
    # Whether it is stunned, where the game has Stun (Riftbound 417: a stunned unit).
    stunned: bool | None = None
    stun_rules: tuple[str, ...] = ()
    # Riftbound: whether a unit has a Buff counter (426.1; 701), where the game has buffs.
    buffed: bool | None = None
    buff_rules: tuple[str, ...] = ()
    # The zone it is in, as the game names it ("battlefield", "graveyard"; Riftbound "base",
    # "trash"), and the zones "on the board" means (MTG: the battlefield; Riftbound 106: bases
    # and battlefields), with the rule that defines zones.
    zone: str = ""
    board_zones: tuple[str, ...] = ()
    zone_rules: tuple[str, ...] = ()
    # What is attached to it (Auras, Equipment; Riftbound gear), named as answers name objects,
    # with the rule that says what attaching is.
    attached: tuple[str, ...] = ()
    attach_rules: tuple[str, ...] = ()
    # The keywords it has now, where the game keeps them (MTG): "Does X have trample?".
    keywords: frozenset[str] | None = None
    # Keywords granted only while a condition the bot can't check holds: keyword -> condition.
    keywords_if: tuple[tuple[str, str], ...] = ()


# "Llanowar Elves and Grizzly Bears", "A, B and C": several subjects in one statement.
_SEVERAL = re.compile(r",\s*and\s+|\s+and\s+|,\s*")


def _blocked_answer(
    asked: str, facts: ObjectFacts, rules: tuple[str, ...]
) -> tuple[VerdictKind, str, tuple[str, ...]]:
    """ "Is Grizzly Bears blocked?" / "... unblocked?": CR 509.1h, only an attacking creature
    is blocked or unblocked, and it stays so until removed from combat."""
    attacking = facts.combat is not None and facts.combat[0]
    rules = ("509.1h", *rules)
    if not attacking:
        return VerdictKind.NO, f"No: {facts.name} is not attacking, so it isn't {asked}", rules
    if facts.blocked is None:
        return (
            VerdictKind.OK,
            f"{facts.name} is attacking, and whether it is blocked isn't said: say "
            f"“{facts.name} is blocked by ...” or “... is attacking and unblocked.”",
            rules,
        )
    word = "blocked" if facts.blocked else "unblocked"
    yes = word == asked
    return (
        VerdictKind.YES if yes else VerdictKind.NO,
        f"{'Yes' if yes else 'No'}: {facts.name} is attacking and {word}",
        rules,
    )


def _with_players(value: Any, named: Any) -> Any:
    """``value`` (a parsed statement or a part of one) with each player reference replaced by
    ``named(ref)``."""
    if isinstance(value, ast.PlayerRef):
        return named(value)
    if isinstance(value, tuple):
        return tuple(_with_players(item, named) for item in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {}
        for spec in dataclasses.fields(value):
            if not spec.init:
                continue
            old = getattr(value, spec.name)
            new = _with_players(old, named)
            if new is not old:
                changes[spec.name] = new
        return dataclasses.replace(value, **changes) if changes else value
    return value


def _names_relative_player(statement: ast.Statement) -> bool:
    """Whether ``statement`` says "I"/"me" or "opponent" anywhere (what ``_portable`` rewrites)."""
    found = False

    def spot(ref: ast.PlayerRef) -> ast.PlayerRef:
        nonlocal found
        found = found or ref.is_speaker or ref.is_opponent
        return ref

    _with_players(statement, spot)
    return found


class ScriptExecutor(ABC, Generic[StateT, ObjT, ZoneT]):
    """Runs scenario statements against one game's engine and card lookup."""

    dialect: ClassVar[Dialect]
    stack_word: ClassVar[str]  # the board view's heading for the stack ("Stack", "Chain")

    opponent_rule: ClassVar[str] = ""  # cited when "opponent" is unclear
    board_zones: ClassVar[tuple[Any, ...]]  # where a statement's object is by default
    described_zones: ClassVar[tuple[Any, ...]]  # where a question about one object looks
    death_zone: ClassVar[Any]  # where a permanent that dies goes (graveyard, trash)
    PARSED_LIMIT = 4096  # statements remembered parsed

    def __init__(self, cards: CardLookup[Any], engine: GameEngine[StateT]) -> None:
        self.cards = cards
        self.engine = engine
        # A game replays its statements on every load and undo: each is parsed once per
        # process.  Parsed statements are frozen values; scripts with an error are not kept.
        self._parsed: dict[tuple[str, str, tuple[str, ...]], tuple[ast.Statement, ...]] = {}
        # The parsed statements that name players only plainly ("Alice"), by id: their portable
        # text is their own, so ``_portable`` needn't walk them on every replay.  Each is kept
        # with its id, so an id here is never another (later) object's.
        self._plain: dict[int, ast.Statement] = {}

    # ---- public -----------------------------------------------------------------------------
    def is_known_name(self, text: str) -> bool:
        return self.cards.exact(text) is not None

    @functools.cached_property
    def card_names(self) -> CardNameGuard:
        """This game's card names holding ``.?!;``, which statements are not cut inside
        ("Alice casts TL;DR targeting Bob.", "Bob targets X with Get Excited!")."""
        return CardNameGuard(self.cards.names())

    def parse(self, text: str, *, speaker: str, players: Iterable[str] = ()) -> list[Parsed]:
        """Every statement of ``text`` read with this game's wordings, or its error."""
        key = (text, speaker, tuple(players))
        found = self._parsed.get(key)
        if found is not None:
            return list(found)
        parsed = parse_script(
            text,
            speaker=speaker,
            is_known_name=self.is_known_name,
            players=key[2],
            dialect=self.dialect,
            card_names=self.card_names,
        )
        statements = [item for item in parsed if not isinstance(item, ScenarioError)]
        if len(statements) == len(parsed):
            if len(self._parsed) >= self.PARSED_LIMIT:
                self._parsed.clear()
                self._plain.clear()
            self._parsed[key] = tuple(statements)
            self._plain.update((id(s), s) for s in statements if not _names_relative_player(s))
        return list(parsed)

    def run(
        self,
        text: str,
        state: StateT | None = None,
        *,
        speaker: str,
        saved: bool = False,
        watching: bool = False,
    ) -> ScriptResult[StateT]:
        """Parse and execute ``text`` from ``state`` (a new empty game when None); ``saved``:
        ``text`` is one message of a saved game, which later messages carry on; ``watching``:
        said by a user who may not change that game (their statements store nothing)."""
        state = state if state is not None else self.engine.new_game()
        run = ScriptRun(speaker, saved=saved, watching=watching)
        state = self._begin_run(state, run)
        steps: list[Step] = []
        items = self.parse(text, speaker=speaker, players=state.player_names)
        for index, parsed in enumerate(items):
            run.following = tuple(items[index + 1 :])
            item = self._named_waiting_trigger(state, parsed, speaker) or parsed
            if isinstance(item, ScenarioError):
                position = item.position or len(steps) + 1
                step = Step.from_error(position, _fragment_text(item), item)
            else:
                state, before = self._before_statement(state, item, run)
                state, step = self._execute(state, item, run)
                step = _said_without_failures(step, item, steps)
                if before is not None:
                    step = before(step)
                    # Stored only because it ended the held step (a refused statement): it is
                    # kept as the players it meant, as a statement that changed the game is.
                    if step.changed and not step.portable:
                        step = evolve(step, portable=self._portable(state, item, run))
            state, step = self._after_step(state, step, run)
            steps.append(step)
        state, steps = self._end_run(state, steps, run)
        return ScriptResult(state, tuple(steps))

    def _begin_run(self, state: StateT, run: ScriptRun) -> StateT:
        """What a run takes over from the game it starts on (MTG: the combat damage a saved
        game's earlier message left held, CR 510.2); nothing by default."""
        return state

    def _before_statement(
        self, state: StateT, statement: ast.Statement, run: ScriptRun
    ) -> tuple[StateT, Callable[[Step], Step] | None]:
        """What a game does before a statement of a saved game's message, and how that changes
        the statement's step (MTG: the held combat damage step ends, CR 510.2, 704.3);
        nothing by default."""
        return state, None

    def _after_step(self, state: StateT, step: Step, run: ScriptRun) -> tuple[StateT, Step]:
        """What a game does between two statements of a script (MTG: the state-based actions
        of combat damage dealt together, CR 510.2); nothing by default."""
        return state, step

    def _end_run(
        self, state: StateT, steps: list[Step], run: ScriptRun
    ) -> tuple[StateT, list[Step]]:
        """What a game keeps once a run's last statement is done (MTG: a saved game's combat
        damage held for the next message, CR 510.2); nothing by default."""
        return state, steps

    def _named_waiting_trigger(
        self, state: StateT, item: Parsed, speaker: str
    ) -> ast.Statement | None:
        """ "The ETB trigger targets Llanowar Elves." (QA 47 U1), which names no source: read
        as the trigger of the one source whose triggers wait for their targets (603.3d), or
        None (the statement's own error stands)."""
        if not isinstance(item, ScenarioError) or not item.statement or self.dialect == "riftbound":
            return None  # (Riftbound's waiting triggers are kept by source id, not name)
        said = _SOURCELESS_TRIGGER.match(item.statement.strip())
        sources = {w.name for w in getattr(state, "waiting_triggers", ())}
        if said is None or len(sources) != 1:
            return None
        kind = f"{said['kind']} " if said["kind"] else ""
        text = f"{sources.pop()}'s {kind}trigger{said['rest']}"
        parsed = parse_script(
            text,
            speaker=speaker,
            is_known_name=self.is_known_name,
            players=state.player_names,
            dialect=self.dialect,
            card_names=self.card_names,
        )
        only = parsed[0] if len(parsed) == 1 else None
        if only is None or isinstance(only, ScenarioError):
            return None
        return replace(only, text=item.statement, position=item.position or only.position)

    def execute(
        self, state: StateT, statement: ast.Statement, *, speaker: str
    ) -> tuple[StateT, Step]:
        """Execute one parsed statement."""
        return self._execute(state, statement, ScriptRun(speaker))

    # ---- dispatch ---------------------------------------------------------------------------
    def _zone_contents(
        self, state: StateT, question: ast.ShowQuestion, run: ScriptRun
    ) -> tuple[StateT, Verdict]:
        """``What is in Alice's graveyard?``: the cards the board shows there (its "Other
        zones" lines), or that none are; only what was stated or happened is known."""
        whose = ""
        if question.owner is not None:
            state, owner = self._player(state, question.owner, run)
            whose = f"{owner}'s "
        lines = [
            line
            for _, body in self._board_text(state)
            for line in body.splitlines()
            if "— " in line
            and (place := line.rsplit("— ", 1)[1]).split(" (", 1)[0].endswith(question.zone)
            and (not whose or whose.removesuffix("'s ") in place)
        ]
        # "exile", not "the exile" (CR 406: the zone is called exile); the board names each
        # card's owner's part of it ("Alice's exile"), as it does graveyards.
        article = "" if question.zone == "exile" else "the "
        where = f"{whose or article}{question.zone}"
        if not lines and whose and self._known_empty(state, whose[:-3], question.zone):
            return state, Verdict(VerdictKind.OK, f"{where[0].upper()}{where[1:]} is empty.")
        if not lines:
            return state, Verdict(
                VerdictKind.OK,
                f"Nothing the bot knows of is in {where}: only cards stated there or put there "
                "in this game are tracked.",
            )
        return state, Verdict(VerdictKind.OK, f"In {where}:\n" + "\n".join(lines))

    def _hand_said_whole(self, state: StateT, owner: str) -> StateT:
        """``state`` with ``owner``'s hand known to hold only the cards stated from now on
        (the parser marks a whole hand only for a game that keeps that)."""
        return state

    def _known_empty(self, state: StateT, owner: str, zone: str) -> bool:
        """Whether ``owner``'s ``zone`` is known to hold only the cards the board shows ("Bob's
        hand is empty.", then the cards put there); by default no zone is."""
        return False

    def _each_subject(
        self, state: StateT, statement: ast.Statement, run: ScriptRun
    ) -> tuple[StateT, Verdict] | None:
        """``Llanowar Elves and Grizzly Bears gain hexproof.`` (QA 43 U3): a change said of
        several permanents is said of each in turn, when no one object has the whole name;
        None when the statement names one subject."""
        if not isinstance(statement, ast.Gains | ast.Loses | ast.Pump | ast.SetStatus):
            return None
        subject = statement.subject
        if not isinstance(subject, ast.ObjectRef) or not _SEVERAL.search(subject.name):
            return None
        if self._find(state, subject, self.board_zones, run, required=False) is not None:
            return None
        refs = self._several(state, subject, run)
        if refs is None or len(refs) < 2:
            return None
        return self._each_in_turn(state, [replace(statement, subject=ref) for ref in refs], run)

    def _several(
        self, state: StateT, subject: ast.ObjectRef, run: ScriptRun
    ) -> list[ast.ObjectRef] | None:
        """The permanents a list names ("Llanowar Elves and Grizzly Bears"), each the longest
        run of its pieces that names one, so a name with a comma ("Thrasta, Tempest's Roar")
        stays whole; None when a piece names none."""
        pieces = _SEVERAL.split(subject.name)
        separators = _SEVERAL.findall(subject.name)
        refs: list[ast.ObjectRef] = []
        start = 0
        while start < len(pieces):
            for end in range(len(pieces), start, -1):
                name = pieces[start] + "".join(
                    separators[k] + pieces[k + 1] for k in range(start, end - 1)
                )
                ref = replace(subject, name=name.strip())
                if name.strip() and (
                    self._find(state, ref, self.board_zones, run, required=False) is not None
                ):
                    refs.append(ref)
                    start = end
                    break
            else:
                return None
        return refs

    def _each_in_turn(
        self, state: StateT, statements: Iterable[ast.Statement], run: ScriptRun
    ) -> tuple[StateT, Verdict]:
        """Several statements said as one, each in the order said, with one answer; nothing
        changes when one of them can't be done (its answer is the answer)."""
        verdicts: list[Verdict] = []
        after = state
        for statement in statements:
            after, verdict = self._dispatch(after, statement, run)
            if verdict.kind is not VerdictKind.OK:
                return state, verdict
            verdicts.append(verdict)
        return after, Verdict(
            VerdictKind.OK,
            " ".join(v.reason for v in verdicts),
            merge_rules(*(v.rules for v in verdicts)),
            notes=tuple(dict.fromkeys(n for v in verdicts for n in v.notes)),
            object_ids=tuple(i for v in verdicts for i in v.object_ids),
        )

    def _dispatch(
        self, state: StateT, statement: ast.Statement, run: ScriptRun
    ) -> tuple[StateT, Verdict]:
        """The statements both games read alike (questions, the board, cards put in a zone,
        resolving everything); the rest is the game's own ``_act``."""
        if (each := self._each_subject(state, statement, run)) is not None:
            return each
        match statement:
            case ast.Controls():
                return self._controls(state, statement, run)
            case ast.ZoneContents():
                state, owner = self._player(state, statement.player, run)
                zone = self._card_zone(statement.zone)
                if not statement.exact:
                    return self._put_cards(state, owner, statement.cards, zone)
                state, put = self._put_cards(
                    self._hand_said_whole(state, owner), owner, statement.cards, zone
                )
                if put.kind is not VerdictKind.OK:
                    return state, put
                whole = f"; that is all of {owner}'s hand (402.1)."
                return state, replace(put, reason=put.reason.rstrip(".") + whole)
            case ast.ResolveAll():
                return self._resolve_all(state, saved=run.saved)
            case ast.ShowQuestion(what="zone"):
                return self._zone_contents(state, statement, run)
            case ast.ShowQuestion():
                return state, shown(self._board_text(state), statement.what, self.stack_word)
            case ast.CanQuestion():
                return state, self._can(state, statement, run)
            case ast.IsLegalTargetQuestion():
                return state, self._is_legal_target(state, statement, run)
            case ast.LegalTargetsQuestion():
                return self._legal_targets(state, statement, run)
            case ast.DoesTargetQuestion():
                return state, self._does_target(state, statement, run)
            case ast.FizzleQuestion():
                return state, self._fizzles(state, statement, run)
            case ast.RespondQuestion():
                return state, self._can_respond(state, statement, run)
            case ast.ResolveQuestion():
                return state, self._what_happens(state, statement, run)
            case ast.WhatIfQuestion():
                return state, self._what_if(state, statement, run)
            case ast.TargetingQuestion():
                return self._targeting(state, statement, run)
            case ast.SurvivesQuestion():
                return state, self._survives(state, statement, run)
            case ast.AfterResolvingQuestion():
                return state, self._after_resolving(state, statement, run)
            case ast.ObjectQuestion():
                return state, self._about(state, statement, run)
            case ast.CostQuestion():
                return state, self._cost(state, statement.card)
        return self._act(state, statement, run)

    def _controls(
        self, state: StateT, statement: ast.Controls, run: ScriptRun
    ) -> tuple[StateT, Verdict]:
        """``Alice controls Runeclaw Bear and a 2/2 Zombie token.``: each permanent, as a new
        object on the board (where the statement says, in Riftbound)."""
        state, controller = self._player(state, statement.player, run)
        place = self._entry_place(state, statement, controller, run)
        verdicts: list[Verdict] = []
        for permanent in statement.permanents:
            for _ in range(permanent.count):
                if isinstance(permanent, ast.CardSpec):
                    card = self._face_up(self.cards.resolve(permanent.name), permanent.name)
                    state, verdict = self._enter(state, controller, card, place)
                else:
                    state, verdict = self._enter_token(state, controller, permanent, place)
                verdicts.append(verdict)
        return state, _all_done(verdicts)

    def _put_cards(
        self, state: StateT, owner: str, cards: Sequence[ast.CardSpec], zone: ZoneT
    ) -> tuple[StateT, Verdict]:
        """``Alice's graveyard has Lightning Bolt and 2 Opt.``: each card, as a new object
        in that zone."""
        verdicts: list[Verdict] = []
        for spec in cards:
            card = self.cards.resolve(spec.name)
            for _ in range(spec.count):
                state, verdict = self.engine.add_card(state, owner, card, zone)
                verdicts.append(verdict)
        return state, _all_done(verdicts)

    # ---- what each game brings --------------------------------------------------------------
    @abstractmethod
    def _act(
        self, state: StateT, statement: ast.Statement, run: ScriptRun
    ) -> tuple[StateT, Verdict]:
        """A statement that sets up or changes the game, as engine calls: the new state and the
        verdict explaining it."""

    @abstractmethod
    def _cost(self, state: StateT, name: str) -> Verdict:
        """ "How much does Lightning Bolt cost?": the card's printed cost, from its card data."""

    def _entry_place(
        self, state: StateT, statement: ast.Controls, controller: str, run: ScriptRun
    ) -> Any:
        """Where the permanents of a ``controls`` statement enter (None: the board)."""
        return None

    def _face_up(self, card: Any, said: str) -> Any:
        """The card a ``controls`` statement puts on the board, as the name it was called by
        makes it (the face that's up, in MTG; the card itself by default)."""
        return card

    @abstractmethod
    def _enter(
        self, state: StateT, controller: str, card: Any, place: Any
    ) -> tuple[StateT, Verdict]:
        """``card`` enters the board under ``controller``'s control, at ``place``."""

    @abstractmethod
    def _enter_token(
        self, state: StateT, controller: str, token: ast.TokenSpec, place: Any
    ) -> tuple[StateT, Verdict]:
        """A token as the statement describes it enters the board."""

    @abstractmethod
    def _card_zone(self, word: str) -> ZoneT:
        """The zone a statement's word names for cards ("graveyard"); raises when the game
        has none (or cards can't be put there by a statement)."""

    @abstractmethod
    def _board_text(self, state: StateT) -> list[tuple[str, str]]:
        """The board view's (heading, text) blocks."""

    @abstractmethod
    def _resolve_all(self, state: StateT, *, saved: bool = False) -> tuple[StateT, Verdict]:
        """“Resolve the stack.”: everything on it resolves, newest first; ``saved``: in a saved
        game, which can't resolve an item again, a choice made as it resolves is asked first."""

    @abstractmethod
    def _can(self, state: StateT, question: ast.CanQuestion, run: ScriptRun) -> Verdict:
        """“Can Alice cast/play/activate …?”: the action's legality, nothing changed."""

    @abstractmethod
    def _is_legal_target(
        self, state: StateT, question: ast.IsLegalTargetQuestion, run: ScriptRun
    ) -> Verdict:
        """“Is X a legal target for Y?”"""

    def _legal_targets(
        self, state: StateT, question: ast.LegalTargetsQuestion, run: ScriptRun
    ) -> tuple[StateT, Verdict]:
        """“What can X target?”: every legal choice for each of its targets."""
        state, source, player = self._question_source(state, question.source, run)
        return state, self.engine.legal_targets(state, player, source)

    @abstractmethod
    def _question_source(
        self, state: StateT, source: ast.ObjectRef | ast.AbilityRef, run: ScriptRun
    ) -> tuple[StateT, Any, str]:
        """The spell or ability a question is about, and who would control it."""

    @abstractmethod
    def _does_target(
        self, state: StateT, question: ast.DoesTargetQuestion, run: ScriptRun
    ) -> Verdict:
        """“Does X target?” (CR 115.10; Riftbound 355.6)."""

    def _can_respond(self, state: StateT, question: ast.RespondQuestion, run: ScriptRun) -> Verdict:
        """“Can Bob respond (to Lightning Bolt)?”: yes while the item waits on the stack, each
        player getting priority before it resolves (CR 117.4, 117.7); what a player may do then
        is each game's own (``_response_rule``).  Nothing there: nothing to respond to."""
        stack = self.stack_word.lower()
        ids = self._stack_ids(state)
        if question.item is None:
            item_id = ids[-1] if ids else None
        else:
            item_id = self._stack_item_id(state, question.item)
            if item_id is None and ids:
                # "Lotus Cobra's trigger", "the landfall trigger", "the Bolt" (QA 49 W0): as
                # a statement about that item finds it.
                asked: ast.StackItem = question.item
                if isinstance(asked, ast.ObjectRef) and (
                    kind := re.fullmatch(r"(?:the\s+)?([\w-]+)\s+trigger", asked.name, re.I)
                ):
                    asked = ast.KeywordTrigger(keyword=kind[1].lower())
                with contextlib.suppress(UserError, EngineError):
                    item_id = self._item_on_stack(state, asked, run)
                if item_id is None:
                    item_id = self._trigger_said_loosely(state, question.item)
        if item_id is None:
            if question.item is not None and (
                isinstance(question.item, ast.ObjectRef)
                and (why := self._not_on_stack(state, question.item)) is not None
            ):
                reason, rules = why
                return Verdict(VerdictKind.NO, f"No: {reason}", rules)
            named = (
                f"{stack_item_text(question.item, stack=stack)} isn't on the {stack}"
                if question.item is not None
                else f"the {stack} is empty"
            )
            return Verdict(
                VerdictKind.NO,
                f"No: {named}, so there is nothing to respond to; a response is a spell or "
                f"ability put on the {stack} while another waits there "
                f"({self._responding_rule(state)}).",
                (self._responding_rule(state),),
            )
        item_name = self._item_name(state, item_id)
        if question.player is None:
            return self._anyone_responds(state, item_name)
        _, player = self._player(state, question.player, run)
        return self._responds(state, player, item_name)

    def _responds(self, state: StateT, player: str, item_name: str) -> Verdict:
        """Whether ``player`` may respond to ``item_name`` waiting on the stack."""
        if (limited := self._response_limit(state, player, item_name)) is not None:
            return limited
        said, rules = self._response_rule(state, player, item_name)
        return Verdict(VerdictKind.YES, f"Yes: {said}", rules)

    def _anyone_responds(self, state: StateT, item_name: str) -> Verdict:
        """ "Can anyone respond?": each player gets priority in turn before the item resolves
        (CR 117.3d, 117.4), so each one's answer, said once when they agree (QA 57 M10)."""
        names = state.player_names
        answers = [(name, self._responds(state, name, item_name)) for name in names]
        if not answers:
            return Verdict(VerdictKind.NO, f"No one is in the game to respond to {item_name}.", ())
        if len(answers) == 1:
            return answers[0][1]  # one player so far: that player's answer
        kind = (
            VerdictKind.YES
            if any(v.kind is VerdictKind.YES for _, v in answers)
            else VerdictKind.NO
        )
        head = "Yes" if kind is VerdictKind.YES else "No"
        bodies = [
            re.sub(rf"\b{re.escape(name)}\b", "each player", v.reason.split(": ", 1)[-1])
            for name, v in answers
        ]
        rules = merge_rules(("117.3d", "117.4"), *(v.rules for _, v in answers))
        turns = f"{head}: {and_list(names)} each get priority in turn before {item_name} resolves (117.3d)."
        if len(set(bodies)) == 1:
            body = re.sub(r"(^|\. )each player", r"\1Each player", bodies[0])
            return Verdict(kind, f"{turns} {body[:1].upper()}{body[1:]}", rules)
        each = " ".join(f"{name}: {v.reason}" for name, v in answers)
        return Verdict(kind, f"{turns} {each}", rules)

    def _response_limit(self, state: StateT, player: str, item: str) -> Verdict | None:
        """The answer when an effect limits how ``player`` may respond to ``item`` (MTG: split
        second, Teferi, Time Raveler); None when nothing does."""
        return None

    def _item_on_stack(self, state: StateT, item: ast.StackItem, run: ScriptRun) -> int | None:
        """The id of the item on the stack ``item`` names as this game's statements find it
        (an ability by its source, a keyword's trigger, a nickname); an error or None if none."""
        if isinstance(item, ast.KeywordTrigger):
            named = [
                i
                for i in self._stack_ids(state)
                if item.keyword in self._item_name(state, i).lower()
            ]
            return named[-1] if named else None
        return None

    def _trigger_said_loosely(self, state: StateT, item: ast.StackItem) -> int | None:
        """The triggered ability on the stack a question names loosely (QA 50 W7): "the
        trigger" / "the Vision trigger" (the topmost trigger), "Sai Scout's Vision" (its
        source's topmost); None if nothing on the stack fits."""
        ids = self._stack_ids(state)
        source = ""
        if isinstance(item, ast.AbilityRef) and item.source.name:
            source = item.source.name.casefold()
        elif isinstance(item, ast.ObjectRef) and (
            owned := re.fullmatch(r"(.+?)['’]s\s+\S.*", item.name)
        ):
            source = owned[1].casefold()  # "Sai Scout's Vision": its keyword's trigger
        if source:
            said = [
                i for i in ids if self._item_name(state, i).casefold().startswith(f"{source}'s")
            ]
            return said[-1] if said else None
        loose = isinstance(item, ast.KeywordTrigger) or (
            isinstance(item, ast.ObjectRef)
            and re.fullmatch(r"(?:the|that|this)\s+(?:[\w-]+\s+)?trigger", item.name, re.I)
        )
        if not loose:
            return None
        triggers = [
            i for i in ids if re.search(r"\b(?:trigger|ability)\b", self._item_name(state, i), re.I)
        ]
        if isinstance(item, ast.KeywordTrigger) and len(triggers) != 1:
            return None  # "the ward trigger" is no other one of several
        return triggers[-1] if triggers else None

    def _item_name(self, state: StateT, item_id: int) -> str:
        """How the stack names an item ("Lotus Cobra's trigger")."""
        return state.obj(item_id).name

    def _responding_rule(self, state: StateT) -> str:
        """The rule that says what responding is (CR 117.7)."""
        return "117.7"

    def _response_rule(self, state: StateT, player: str, item: str) -> tuple[str, tuple[str, ...]]:
        """What ``player`` may do while ``item`` waits on the stack, and the rules."""
        return (
            f"{item} waits on the stack until all players pass in succession (117.4), so "
            f"{player} gets priority before it resolves and may respond: cast an instant or a spell with "
            "flash, or activate an ability (117.1a, 117.1b); what they add resolves first "
            "(117.7).",
            ("117.4", "117.1a", "117.1b", "117.7"),
        )

    def _not_on_stack(
        self, state: StateT, ref: ast.ObjectRef
    ) -> tuple[str, tuple[str, ...]] | None:
        """Why an object named in “Can Bob respond to X?” can't be responded to, when its kind
        says so (a land played: a special action, CR 305.1); None to say it plainly."""
        return None

    def _fizzles(self, state: StateT, question: ast.FizzleQuestion, run: ScriptRun) -> Verdict:
        """“Does Lightning Bolt fizzle?”: it resolves on a copy of the game; the game is kept
        as it was."""
        resolve = ast.Resolve(item=question.item, text=question.text, position=question.position)
        ways = self._resolved_each_way(state, resolve, run)
        if len(ways) == 1:
            return self._fizzle_answer(state, ways[0][1])
        # QA 57 M14: whether a player pays (118.12a) is asked as it resolves, after its
        # targets are checked; it doesn't decide whether it fizzles.
        (choice, _), (_, first), *_ = ways
        answer = self._fizzle_answer(state, first)
        if answer.kind is not VerdictKind.NO:
            return answer
        return dataclasses.replace(
            answer,
            reason="No: not all of its targets are illegal, so it resolves (608.2b). As it "
            f"does, a player chooses: {choice}",
        )

    def _resolved_each_way(
        self, state: StateT, resolve: ast.Resolve, run: ScriptRun
    ) -> list[tuple[str, Verdict]]:
        """``resolve`` played on a copy: ``[("", verdict)]``; when it needs a player's choice
        as it resolves (whether they pay, 118.12a), the question first and then each choice
        the engine offers played out (at most three)."""
        try:
            _, verdict = self._act(state, resolve, run)
        except EngineError as error:
            offered = error.statements
            if not offered:
                raise
            ways: list[tuple[str, Verdict]] = [(error.message, Verdict(VerdictKind.ERROR, ""))]
            for said in (*offered[:2], offered[-1]) if len(offered) > 3 else offered:
                parsed = self.parse(said, speaker=run.speaker, players=state.player_names)
                if len(parsed) != 1 or isinstance(parsed[0], ScenarioError):
                    raise error from None
                _, way = self._dispatch(state, parsed[0], run)
                ways.append((said, way))
            return ways
        return [("", verdict)]

    def _about(self, state: StateT, question: ast.ObjectQuestion, run: ScriptRun) -> Verdict:
        """“Who controls Runeclaw Bear?”, “Is it tapped?”, “What is its power?”: the object as
        the board shows it, headed by what was asked."""
        if several := self._plural_subject(state, question.subject, run):
            # "What is the power of the Soldier tokens?" (QA 56 U2): each of them.
            answers = [
                self._about(
                    state, replace(question, subject=ast.ObjectRef(name="", object_id=i)), run
                )
                for i in several
            ]
            kinds = {answer.kind for answer in answers}
            return Verdict(
                kinds.pop() if len(kinds) == 1 else VerdictKind.OK,
                " ".join(answer.reason for answer in answers),
                merge_rules(*(answer.rules for answer in answers)),
            )
        object_id = self._object(state, question.subject, run, zones=self.described_zones)
        facts = self._facts(state, object_id)
        rules = facts.rules
        if question.aspect == "controller" and not facts.controller:
            head = f"No one controls {facts.name}: {facts.no_controller}; {facts.owner} owns it"
            kind, rules = VerdictKind.OK, (*facts.control_rules, *rules)
        elif question.aspect == "controller":
            head = f"{facts.controller} controls {facts.name}" + (
                f" (owned by {facts.owner})" if facts.owner != facts.controller else ""
            )
            kind, rules = VerdictKind.OK, (*facts.control_rules, *rules)
        elif question.aspect == "owner":
            head = f"{facts.owner} owns {facts.name}" + (
                f" ({facts.controller} controls it)" if facts.owner != facts.controller else ""
            )
            kind, rules = VerdictKind.OK, (*facts.control_rules, *rules)
        elif question.aspect == "tapped":
            word = facts.tapped_words[facts.tapped]
            asked_untapped = any(w in question.text.lower() for w in ("untapped", "ready"))
            yes = facts.tapped != asked_untapped
            head = f"{'Yes' if yes else 'No'}: {facts.name} is {word}"
            kind = VerdictKind.YES if yes else VerdictKind.NO
            rules = (*facts.status_rules, *rules)
        elif question.aspect == "stunned" and facts.stunned is not None:
            yes = facts.stunned
            head = f"{'Yes' if yes else 'No'}: {facts.name} is {'' if yes else 'not '}stunned"
            kind = VerdictKind.YES if yes else VerdictKind.NO
            rules = (*facts.stun_rules, *rules)
        elif question.aspect == "buffed" and facts.buffed is not None:
            # "Is Stalwart Poro buffed?" (rb-qa55 left-over).
            yes = facts.buffed
            head = f"{'Yes' if yes else 'No'}: {facts.name} is {'' if yes else 'not '}buffed"
            kind = VerdictKind.YES if yes else VerdictKind.NO
            rules = (*facts.buff_rules, *rules)
        elif question.aspect == "stunned" and facts.stun_rules and not facts.controller:
            # Off the board (banished, in a trash): only a unit on the board is stunned, and
            # one that left is a new object without it (QA 41 M2).
            head = f"No: {facts.name} is not stunned: {facts.no_controller}"
            kind = VerdictKind.NO
            rules = (*facts.stun_rules, *rules)
        elif question.aspect in ("attacking", "blocking") and facts.combat is not None:
            attacking, blocking = facts.combat
            yes = attacking if question.aspect == "attacking" else blocking
            head = f"{'Yes' if yes else 'No'}: {facts.name} is {'' if yes else 'not '}"
            head += question.aspect
            if not yes and (attacking or blocking):
                head += f" (it is {'attacking' if attacking else 'blocking'})"
            kind = VerdictKind.YES if yes else VerdictKind.NO
            # CR 508.1k, 509.1g: it stays so until removed from combat (506.4).
            rules = ("508.1k" if question.aspect == "attacking" else "509.1g", "506.4", *rules)
        elif question.aspect in ("blocked", "unblocked") and facts.combat is not None:
            kind, head, rules = _blocked_answer(question.aspect, facts, rules)
        elif question.aspect == "attachments":
            # "What is attached to Grizzly Bears?" (QA 43 U3).
            head = (
                f"{and_list(facts.attached)} {'is' if len(facts.attached) == 1 else 'are'} "
                f"attached to {facts.name}"
                if facts.attached
                else f"Nothing is attached to {facts.name}"
            )
            kind, rules = VerdictKind.OK, (*facts.attach_rules, *rules)
        elif question.aspect == "damage" and facts.damage is not None:
            # CR 120.6: damage marked on a creature stays until the cleanup step.
            marked = f"{facts.damage} damage" if facts.damage else "no damage"
            head, kind = f"{facts.name} has {marked} marked on it (120.6)", VerdictKind.OK
            rules = ("120.6", *rules)
        elif question.aspect.startswith("counters ") and facts.damage is not None:
            counter = question.aspect.removeprefix("counters ")
            count = dict(facts.counters).get(counter, 0)
            rule = dict(facts.counter_rules).get(counter, "122.1")
            head = f"{facts.name} has {counted(count or 'no', f'{counter} counter')} ({rule})"
            kind, rules = VerdictKind.OK, (rule, *rules)
        elif question.aspect.startswith("keyword ") and facts.keywords is not None:
            # "Does Grizzly Bears have trample?": its keywords as they are now, the ones other
            # permanents grant included (702, 613.1f).
            asked = question.aspect.removeprefix("keyword ")
            yes = any(_keyword_covers(k, asked) for k in facts.keywords)
            has = "has" if yes else "doesn't have"
            head = f"{'Yes' if yes else 'No'}: {facts.name} {has} {asked}"
            kind = VerdictKind.YES if yes else VerdictKind.NO
            maybe = [c for k, c in facts.keywords_if if _keyword_covers(k, asked)]
            if not yes and maybe:
                # Granted only while a condition the bot can't check holds: never a plain no.
                head = (
                    f"{facts.name} has {asked} only as long as {maybe[0]}, which the bot can't "
                    "tell from this board: say what decides it"
                )
                kind = VerdictKind.OK
            rules = tuple(r for r in (keyword_rule(asked.split(" from ")[0]),) if r) + rules
        elif question.aspect.startswith("type ") and facts.type_line:
            # "Is Forest a creature?": its types as they are now (205, 613.1d; QA 62 U1).
            asked = question.aspect.removeprefix("type ")
            words = {w.lower(): w for w in re.findall(r"[A-Za-z][A-Za-z'-]*", facts.type_line)}
            yes = asked in words
            # A subtype is said as printed ("an Elf"), a card type in lower case.
            said = words.get(asked, asked if asked in _CARD_TYPE_WORDS else asked.capitalize())
            article = (
                ""  # "legendary", "basic": an adjective (205.4a)
                if asked in _SUPERTYPE_WORDS
                else "an "
                if said[0].lower() in "aeiou"
                else "a "
            )
            head = (
                f"{'Yes' if yes else 'No'}: {facts.name} is {'' if yes else 'not '}{article}"
                f"{said.lower() if asked in _CARD_TYPE_WORDS else said} (its type line now: "
                f"{facts.type_line})"
            )
            kind = VerdictKind.YES if yes else VerdictKind.NO
            rules = ("205.1", *rules)
        elif question.aspect.startswith("in ") and facts.zone:
            # "Is Pacifism on the battlefield?" (QA 43 U3): where it is now.
            asked = question.aspect.removeprefix("in ")
            wanted = facts.board_zones if asked == "board" else (asked,)
            yes = facts.zone in wanted
            on = asked in ("board", "battlefield", "stack", "chain", "base")
            where = f"{'on' if on else 'in'} {zone_words(asked)}"
            head = f"{'Yes' if yes else 'No'}: {facts.name} is {'' if yes else 'not '}{where}"
            kind = VerdictKind.YES if yes else VerdictKind.NO
            rules = (*facts.zone_rules, *rules)
        else:
            # "What is Emeria's Call?": what kind of object it is first (QA 59 M5).
            typed = ""
            if question.aspect == "what" and facts.type_line:
                typed = facts.type_line + (" " if facts.line.startswith("(") else ", ")
            return Verdict(
                VerdictKind.OK, f"{facts.name} now: {typed}{facts.line}.", merge_rules(rules)
            )
        return Verdict(kind, f"{head}. Now: {facts.line}.", merge_rules(rules))

    def _plural_subject(self, state: StateT, subject: ast.ObjectRef, run: ScriptRun) -> list[int]:
        """The objects a plural name stands for ("the Soldier tokens": every Soldier Token on
        the board), when no object has the name as said; empty otherwise."""
        name = re.sub(r"^the\s+", "", subject.name.strip(), flags=re.I)
        if subject.object_id is not None or not re.search(r"[a-z]s$", name, re.I):
            return []
        if self._find(state, subject, self.described_zones, run, required=False) is not None:
            return []
        singular = name[:-3] + "y" if name.lower().endswith("ies") else name[:-1]
        found = [
            o for o in self._named(state, singular) if getattr(o, "zone", None) in self.board_zones
        ]
        return [o.id for o in found] if len(found) > 1 else []

    @abstractmethod
    def _facts(self, state: StateT, object_id: int) -> ObjectFacts:
        """What an answer about one object says: its line on the board, who controls and owns
        it, whether it is tapped (exhausted), and the rules behind each."""

    def _what_happens(
        self, state: StateT, question: ast.ResolveQuestion, run: ScriptRun
    ) -> Verdict:
        """“What happens when Lightning Bolt resolves?”: it resolves on a copy of the game, and
        the answer says what it would do; the game is kept as it was.  A spell under others
        is reached by resolving those above it first (CR 405.5)."""
        stack = self.stack_word.lower()
        rule = self._newest_first_rule(state)
        ids = self._stack_ids(state)
        if question.whole:
            if not ids and (pending := self._pending_off_stack(state)) is not None:
                # QA 58 W1: a move into an opponent's battlefield left a combat to come.
                said, rules = pending
                return Verdict(
                    VerdictKind.OK,
                    f"Nothing is on the {stack} to resolve ({rule}), but {said}",
                    (rule, *rules),
                )
            if not ids:
                return Verdict(
                    VerdictKind.OK,
                    f"Nothing happens: the {stack} is empty, so nothing resolves ({rule}).",
                    (rule,),
                )
            verdict = self._play_out(state, None, [], (rule,), run)[1]
            return dataclasses.replace(
                verdict,
                reason=f"If the {stack} resolved now, newest first ({rule}): "
                + verdict.reason.removesuffix(" (Nothing is changed.)")
                + f" (Nothing is changed; say “Resolve the {stack}.” to play it out.)",
            )
        asked_about = self._stack_item_id(state, question.item)
        if asked_about is not None and ids and ids[-1] != asked_about:
            named = stack_item_text(question.item, stack=stack)
            first = f"{named[:1].upper() + named[1:]} isn't on top, so what is above it resolves first ({rule})."
            return self._play_out(state, asked_about, [first], (rule,), run)[1]
        resolve = ast.Resolve(item=question.item, text=question.text, position=question.position)
        ways = self._resolved_each_way(state, resolve, run)
        if len(ways) > 1:
            # "What happens if Mana Leak resolves?" (QA 57 M14): each choice its resolution
            # asks for, played out.
            choice, _ = ways[0]
            each = " ".join(f"With “{said}”: {way.reason}" for said, way in ways[1:])
            return Verdict(
                VerdictKind.OK,
                f"It depends on a choice made as it resolves: {choice} {each} (Nothing is "
                "changed.)",
                merge_rules(*(way.rules for _, way in ways[1:])),
            )
        _, verdict = ways[0]
        if verdict.kind in (VerdictKind.ERROR, VerdictKind.ILLEGAL):
            return verdict  # it can't resolve now: nothing on the stack
        # "the top of the stack", of the chain in Riftbound
        said = stack_item_text(question.item, capital=True, stack=stack)
        named = stack_item_text(question.item, stack=stack)
        return dataclasses.replace(
            verdict,
            reason=f"If {named} resolved now: {verdict.reason} (Nothing is changed; say “{said} "
            "resolves.” to resolve it.)",
        )

    def _what_if(self, state: StateT, question: ast.WhatIfQuestion, run: ScriptRun) -> Verdict:
        """“What happens if Grizzly Bears dies first?”: the event happens on a copy of the
        game, then the stack resolves, newest first (CR 405.5), down to the item asked about
        (“What happens to Lightning Bolt if ...”), or all of it; the game is kept as it was.
        "the target" is the top item's only target."""
        resolve = ast.Resolve(item=question.item, text=question.text, position=question.position)
        event, asked = self._with_the_target(state, question, resolve, run)
        after, happened = self._dispatch(state, event, run)
        if happened.kind in (VerdictKind.ERROR, VerdictKind.ILLEGAL):
            return dataclasses.replace(happened, reason=f"That can't happen now: {happened.reason}")
        named_item = not isinstance(question.item, ast.TopOfStack)
        asked_about = self._stack_item_id(state, question.item) if named_item else None
        if not self._stack_ids(after):
            stack = self.stack_word.lower()
            return dataclasses.replace(
                happened,
                reason=f"If {asked}: {happened.reason} (Nothing is on the {stack} to resolve.) "
                "(Nothing is changed.)",
            )
        verdict = self._play_out(
            after, asked_about, [f"If {asked}: {happened.reason}"], happened.rules, run
        )[1]
        statement = asked[:1].upper() + asked[1:]
        return dataclasses.replace(
            verdict,
            reason=verdict.reason.removesuffix(" (Nothing is changed.)")
            + f" (Nothing is changed; say “{statement}.” and then resolve to play it out.)",
            notes=(*happened.notes, *verdict.notes),
        )

    def _play_out(
        self,
        state: StateT,
        until: int | None,
        said: list[str],
        rules: tuple[str, ...],
        run: ScriptRun,
    ) -> tuple[StateT, Verdict]:
        """Resolve the stack's items, newest first, until the item ``until`` has resolved or
        left the stack (countered), or all of them (``until`` None): the state it leaves, and
        the last resolution's verdict with each resolution said in order.  ``state`` is a
        copy."""
        stack = self.stack_word.lower()
        top = ast.Resolve(item=ast.TopOfStack())
        last: Verdict | None = None
        waiting = set(self._stack_ids(state))
        names = {i: state.obj(i).name for i in waiting}
        # Until the stack is empty (405.5): what resolving adds (a copy, a trigger) resolves
        # too, before what was under it (QA 54 W2); bounded like "Resolve the stack.".
        for _ in range(_MOST_RESOLUTIONS):
            ids = self._stack_ids(state)
            if not ids:
                break
            resolving = ids[-1]
            state, last = self._act(state, top, run)
            if last.kind in (VerdictKind.ERROR, VerdictKind.ILLEGAL):
                # A choice it needs as it resolves (new targets, a division): asked for then.
                return state, dataclasses.replace(
                    last, reason=" ".join([*said, f"Then the top of the {stack}: {last.reason}"])
                )
            said.append(f"Then {last.reason}" if said else last.reason)
            rules = (*rules, *last.rules)
            waiting.discard(resolving)
            if until is not None and resolving == until:
                break
            left = sorted(waiting - set(self._stack_ids(state)))
            for gone in left:
                # Countered (or otherwise gone) before its turn to resolve: it never does.
                said.append(f"So {names[gone]} is no longer on the {stack} and doesn't resolve.")
                waiting.discard(gone)
            if until is not None and until in left:
                break
        assert last is not None
        return state, dataclasses.replace(
            last, reason=" ".join(said) + " (Nothing is changed.)", rules=merge_rules(rules)
        )

    def _pending_off_stack(self, state: StateT) -> tuple[str, tuple[str, ...]] | None:
        """What still happens with nothing on the stack (Riftbound: a combat at a battlefield
        where two players' units are), and its rules; None when nothing does."""
        return None

    def _newest_first_rule(self, state: StateT) -> str:
        """The rule that the newest item on the stack resolves first (CR 405.5)."""
        return "405.5"

    @abstractmethod
    def _stack_ids(self, state: StateT) -> tuple[int, ...]:
        """The ids of the items on the stack (Riftbound: the chain), bottom first."""

    def _stack_depth(self, state: StateT) -> int:
        return len(self._stack_ids(state))

    def _stack_item_id(self, state: StateT, item: ast.StackItem) -> int | None:
        """The id of the item on the stack ``item`` names, when plain: the top, or a spell by
        name or id (the topmost of that name); None otherwise."""
        ids = self._stack_ids(state)
        if isinstance(item, ast.TopOfStack):
            return ids[-1] if ids else None
        if isinstance(item, ast.ObjectRef):
            named = self._on_stack_named(state, item)
            return named[-1] if named else None
        return None

    def _on_stack_named(self, state: StateT, ref: ast.ObjectRef) -> list[int]:
        """The items on the stack ``ref`` names (by id, or by name as the game finds names:
        "the copy of Lightning Bolt" too), bottom first."""
        named = {o.id for o in self._named(state, ref.name)} if ref.name else set()
        return [i for i in self._stack_ids(state) if i == ref.object_id or i in named]

    def _after_resolving(
        self, state: StateT, question: ast.AfterResolvingQuestion, run: ScriptRun
    ) -> Verdict:
        """“What is Alice's life total after it resolves?”: the question answered on a copy of
        the game once everything on the stack has resolved (405.5); nothing is changed."""
        stack = self.stack_word.lower()
        if not self._stack_ids(state):
            _, answer = self._dispatch(state, question.question, run)
            return replace(answer, reason=f"The {stack} is empty, so as it is now: {answer.reason}")
        if question.item is not None:
            return self._after_item_resolves(state, question, question.item, run)
        after, resolved = self._resolve_all(state)
        _, answer = self._dispatch(after, question.question, run)
        return replace(
            answer,
            reason=f"Once the {stack} resolves: {answer.reason} (Played out on a copy: "
            f"{resolved.reason} Nothing is changed; say “Resolve the {stack}.” to play it out.)",
            rules=merge_rules(answer.rules, resolved.rules),
            notes=(*answer.notes, *resolved.notes),
        )

    def _after_item_resolves(
        self,
        state: StateT,
        question: ast.AfterResolvingQuestion,
        item: ast.StackItem,
        run: ScriptRun,
    ) -> Verdict:
        """“What is Grizzly Bears' power after Giant Growth resolves?” / “... after it
        resolves?” (the top item): asked on a copy once that item has resolved, what is over it
        resolving first, newest first (405.5; QA 56 U4); nothing is changed."""
        stack = self.stack_word.lower()
        item_id = (
            self._stack_item_id(state, item)
            or self._item_on_stack(state, item, run)
            or self._trigger_said_loosely(state, item)
        )
        if item_id is None:
            return Verdict(
                VerdictKind.ERROR,
                f"That isn't on the {stack}, so it won't resolve: ask “What is on the {stack}?” "
                f"to see what is, or ask after “the {stack}” resolves.",
            )
        name = self._item_name(state, item_id)
        after, played = self._play_out(state, item_id, [], (), run)
        if played.kind in (VerdictKind.ERROR, VerdictKind.ILLEGAL):
            return played
        _, answer = self._dispatch(after, question.question, run)
        how = played.reason.removesuffix(" (Nothing is changed.)")
        say = (
            f"“{name} resolves.”"
            if item_id == self._stack_ids(state)[-1]
            else f"“The top of the {stack} resolves.” until it has"
        )
        return replace(
            answer,
            reason=f"Once {name} resolves: {answer.reason} (Played out on a copy: {how} Nothing "
            f"is changed; say {say} to play it out.)",
            rules=merge_rules(answer.rules, played.rules),
            notes=(*answer.notes, *played.notes),
        )

    def _survives(self, state: StateT, question: ast.SurvivesQuestion, run: ScriptRun) -> Verdict:
        """“Does Grizzly Bears die?”: everything on the stack resolves on a copy of the game,
        and the answer says whether it is still on the board, and what became of it."""
        stack = self.stack_word.lower()
        asked = question.subject
        player = next(
            (p for p in state.player_names if p.casefold() == asked.name.casefold()), None
        )
        if player is not None and asked.controller is None and asked.object_id is None:
            # "Does Alice lose?" asks it as it is; "Does Alice die?" gets why players don't.
            loses = "lose" in question.text.casefold()
            return self._player_survives(state, player, question.survive, loses_asked=loses)
        if self._find(state, question.subject, self.board_zones, run, required=False) is None:
            # It already left the board (QA 38 U4): say where it went, not that it is missing.
            gone = self._find(state, question.subject, self.described_zones, run, required=False)
            if gone is not None:
                return self._already_left(state, gone, question.survive)
        object_id = self._object(state, question.subject, run)
        name = state.obj(object_id).name
        if not self._stack_ids(state):
            kind = VerdictKind.YES if question.survive else VerdictKind.NO
            return Verdict(
                kind,
                f"{'Yes' if question.survive else 'No'}: the {stack} is empty, so nothing is "
                f"about to happen to {name}. (To ask about an event: “What happens if {name} "
                "is dealt 3 damage?” or cast the spell first.)",
                object_ids=(object_id,),
            )
        after, resolved = self._resolve_all(state)
        fate, died = self._fate(after, object_id)
        gone = fate is not None
        if question.survive:
            kind, word = (VerdictKind.NO, "No") if gone else (VerdictKind.YES, "Yes")
        else:
            kind, word = (VerdictKind.YES, "Yes") if died else (VerdictKind.NO, "No")
        outcome = f"{name} {_present(fate)}" if fate else f"{name} is still on the board"
        if died and fate != "died":
            outcome = f"{name} dies: it {_present(fate or '')}"  # destroyed, sacrificed (700.4)
        return Verdict(
            kind,
            f"{word}: once the {stack} resolves, {outcome}. {resolved.reason} (Nothing is "
            f"changed; say “Resolve the {stack}.” to play it out.)",
            resolved.rules,
            notes=resolved.notes,
            object_ids=(object_id,),
        )

    def _already_left(self, state: StateT, object_id: int, survive: bool) -> Verdict:
        """“Does X die?” about an object no longer on the board: where it is now, and whether
        it got there by dying (put into a graveyard or trash, CR 700.4)."""
        facts = self._facts(state, object_id)
        died = state.obj(object_id).zone == self.death_zone
        if survive:
            kind, word = VerdictKind.NO, "No"
        else:
            kind, word = (VerdictKind.YES, "Yes") if died else (VerdictKind.NO, "No")
        how = "it already died" if died else "it already left the board without dying"
        return Verdict(
            kind,
            f"{word}: {how}: {facts.name} now: {facts.line}.",
            merge_rules(facts.rules),
            object_ids=(object_id,),
        )

    def _player_survives(
        self, state: StateT, player: str, survive: bool, *, loses_asked: bool = False
    ) -> Verdict:
        """“Does Bob die?”: a player doesn't die; what decides is whether they lose the game
        once the stack resolves (a game's own executor says how)."""
        raise EngineError(
            f"{player} is a player: only units and permanents die.",
            hint=f"Ask “What happens when the top of the {self.stack_word.lower()} resolves?”",
        )

    @abstractmethod
    def _fate(self, state: StateT, object_id: int) -> tuple[str | None, bool]:
        """What became of an object that left the board ("died", "was destroyed", "was
        exiled"; None while it is still there), and whether that is dying: put into a
        graveyard (trash) from the board (CR 700.4)."""

    def _targets_chosen_rules(self, state: StateT) -> tuple[str, ...]:
        """The rules that say targets are chosen as a spell is cast and checked as it
        resolves (CR 601.2c, 608.2b)."""
        return ("601.2c", "608.2b")

    def _targeting(
        self, state: StateT, question: ast.TargetingQuestion, run: ScriptRun
    ) -> tuple[StateT, Verdict]:
        """“What is Lightning Bolt targeting?”: the item's chosen targets, each as legal or not
        now, as the stack shows them; a card not on the stack: what it could target."""
        stack = self.stack_word.lower()
        ids = self._stack_ids(state)
        item = question.item
        if isinstance(item, ast.TopOfStack):
            if not ids:
                raise EngineError(f"The {stack} is empty: nothing on it is targeting anything.")
            wanted = ids[-1]
        elif isinstance(item, ast.ObjectRef):
            matches = self._on_stack_named(state, item)
            if not matches:
                question_source = ast.LegalTargetsQuestion(
                    source=item, text=question.text, position=question.position
                )
                state, could = self._legal_targets(state, question_source, run)
                return state, dataclasses.replace(
                    could,
                    reason=f"{item.name or 'It'} isn't on the {stack}, so it targets nothing "
                    f"yet. {could.reason}",
                )
            if len(matches) > 1 and item.object_id is None:
                listed = ", ".join(f"#{i}" for i in matches)
                raise EngineError(
                    f"There are {len(matches)} called {item.name} on the {stack} ({listed}); "
                    "say which.",
                    hint=f"e.g. “What is #{matches[-1]} targeting?”",
                )
            wanted = matches[-1]
        else:
            raise EngineError(
                f"Name the spell or ability on the {stack}, or ask about the top of it.",
                hint=f"e.g. “What is the top of the {stack} targeting?”",
            )
        head, lines = _stack_block(self._board_text(state), wanted)
        if not lines:
            return state, Verdict(
                VerdictKind.OK,
                f"{head} has no targets.",
                self._targets_chosen_rules(state)[:1],
                object_ids=(wanted,),
            )
        # The rules each target's line cites (702.11b for hexproof) decided it, too.
        cited = re.findall(r"\b\d{3}\.\d+(?:\.[a-z0-9]+)*[a-z]?\b", " ".join(lines))
        return state, Verdict(
            VerdictKind.OK,
            f"{head} targets: " + "; ".join(lines) + ".",
            merge_rules(self._targets_chosen_rules(state), cited),
            object_ids=(wanted,),
        )

    def _with_the_target(
        self, state: StateT, question: ast.WhatIfQuestion, resolve: ast.Resolve, run: ScriptRun
    ) -> tuple[ast.Statement, str]:
        """The what-if's event with "the target" read as the resolving item's only target, and
        the event as the answer says it (the target named)."""
        event = question.event
        asked = event.text or ""
        said = {
            f.name: value
            for f in dataclasses.fields(event)
            if isinstance(value := getattr(event, f.name), ast.ObjectRef)
            and value.name.casefold() in ast.THE_TARGET
        }
        if not said:
            return event, asked
        try:
            _, now = self._act(state, resolve, run)
        except UserError as error:
            raise EngineError(error.message, hint=error.hint) from None
        if now.kind in (VerdictKind.ERROR, VerdictKind.ILLEGAL):
            raise EngineError(now.reason, hint="Name the object: “What happens if X dies?”")
        chosen = list(dict.fromkeys(s.chosen_id for s in now.slots if s.chosen_id is not None))
        named = stack_item_text(question.item, stack=self.stack_word.lower())
        if len(chosen) != 1:
            names = [state.obj(i).name for i in chosen if i in state.objects]
            players = [s.chosen for s in now.slots if s.chosen_id is None and s.chosen]
            if names:
                hint = f"Name the one you mean: “What happens if {names[0]} dies?”"
            elif players:
                # A player doesn't die or leave the battlefield; their life decides (704.5a).
                hint = (
                    f"Its target is {players[0]}, a player, who doesn't die (a player at 0 life "
                    f"loses the game, 704.5a): ask “What happens when {named} resolves?”"
                )
            else:
                hint = f"Ask “What happens when {named} resolves?”"
            raise EngineError(
                f"{named[:1].upper() + named[1:]} has "
                + (f"{len(chosen)} targets ({', '.join(names)})" if chosen else "no object target")
                + ", so “the target” doesn't say which.",
                hint=hint,
            )
        object_ref = ast.ObjectRef(name="", object_id=chosen[0])
        name = state.obj(chosen[0]).name
        for ref in said.values():
            asked = re.sub(re.escape(ref.name), name, asked, count=1, flags=re.IGNORECASE)
        fields: dict[str, Any] = dict.fromkeys(said, object_ref)
        return dataclasses.replace(event, **fields), asked

    @abstractmethod
    def _fizzle_answer(self, state: StateT, resolved: Verdict) -> Verdict:
        """The answer to “Does X fizzle?” from how X would resolve now."""

    @abstractmethod
    def _named(self, state: StateT, name: str) -> list[ObjT]:
        """Every object in the game called ``name``, in any zone."""

    @abstractmethod
    def _zone_groups(
        self, matches: Sequence[ObjT], zones: Sequence[ZoneT]
    ) -> Iterable[tuple[str, Sequence[ObjT]]]:
        """``matches`` zone by zone in the order ``zones`` allows, each group with how an
        answer names its zone ("" for none)."""

    @abstractmethod
    def _describe_each(self, state: StateT, group: list[ObjT]) -> list[str]:
        """Each object as an ambiguous answer lists it, ending in `` (#id)``."""

    @abstractmethod
    def _joined(self, state: StateT, name: str) -> StateT:
        """The state with a new player called ``name``."""

    def _finish(self, state: StateT, statement: ast.Statement, verdict: Verdict) -> Verdict:
        """The verdict as the answer shows it (a game may add what its players need)."""
        return verdict

    def _card_names(self, card: Any) -> list[str]:
        """The names a statement may use for ``card`` (MTG adds its faces)."""
        return [card.name]

    # ---- executing --------------------------------------------------------------------------
    def _execute(
        self, state: StateT, statement: ast.Statement, run: ScriptRun
    ) -> tuple[StateT, Step]:
        text = statement.text or ""
        try:
            new_state, verdict = self._dispatch(state, statement, run)
        except UserError as error:
            self._remember_failure(statement, run)
            return state, Step.from_error(statement.position, text, error)
        if verdict.kind in (VerdictKind.ILLEGAL, VerdictKind.ERROR):
            self._remember_failure(statement, run)
            new_state = state  # CR 732.1: an illegal action changes nothing
        verdict = self._finish(state, statement, verdict)
        changed = new_state is not state
        step = Step.from_verdict(statement.position, text, verdict, changed=changed)
        if changed and (portable := self._portable(new_state, statement, run)):
            step = evolve(step, portable=portable)
        return new_state, step

    def _portable(self, state: StateT, statement: ast.Statement, run: ScriptRun) -> str:
        """``statement`` with "I"/"me" and "opponent" written as the players they meant, so an
        exported game replays the same whoever replays it; "" if it names players plainly."""
        if self._plain.get(id(statement)) is statement:
            return ""
        changed = False

        def named(ref: ast.PlayerRef) -> ast.PlayerRef:
            nonlocal changed
            if ref.is_speaker:
                changed = True
                return ast.PlayerRef(name=display_name(player_name(ref, run.speaker)))
            if ref.is_opponent:
                with contextlib.suppress(UserError):
                    name = self._opponent(state, ref)
                    changed = True
                    return ast.PlayerRef(name=name)
            return ref

        portable = _with_players(statement, named)
        if not changed:
            return ""
        try:
            return render_statement(portable)
        except (TypeError, ValueError):  # a statement the renderer doesn't write: keep it
            return ""

    def _remember_failure(self, statement: ast.Statement, run: ScriptRun) -> None:
        names: list[str] = []
        if isinstance(statement, ast.Cast):
            names = [statement.card, statement.choices.face or ""]
            with contextlib.suppress(UserError):  # a card that doesn't exist adds no name
                names += self._card_names(self.cards.resolve(statement.card))
        elif isinstance(statement, ast.Controls):
            names = [p.name for p in statement.permanents if isinstance(p, ast.CardSpec)]
        for name in names:
            if name:
                run.failed.setdefault(name.casefold(), statement.position)

    # ---- players ----------------------------------------------------------------------------
    def _player(self, state: StateT, ref: ast.PlayerRef, run: ScriptRun) -> tuple[StateT, str]:
        """The player's name in the game; a player first named joins the game."""
        if ref.is_opponent:
            return state, self._opponent(state, ref)
        if ref.is_speaker and not run.speaker.strip():
            raise _no_speaker(state.player_names)
        name = player_name(ref, run.speaker)
        known = _player_called(state.player_names, name)
        if known is not None:
            return state, known
        display = display_name(name)
        return self._joined(state, display), display

    def _opponent(self, state: StateT, ref: ast.PlayerRef) -> str:
        return only_opponent(state.player_names, ref, self.opponent_rule)

    # ---- objects ----------------------------------------------------------------------------
    def _object(
        self,
        state: StateT,
        ref: ast.ObjectRef,
        run: ScriptRun,
        *,
        zones: Sequence[ZoneT] | None = None,
    ) -> int:
        """The id of the object ``ref`` names (on the board unless ``zones`` says where);
        raises, saying what is there instead, when there is none."""
        found = self._find(state, ref, zones or self.board_zones, run, required=True)
        assert found is not None
        return found

    def _find(
        self,
        state: StateT,
        ref: ast.ObjectRef,
        zones: Sequence[ZoneT],
        run: ScriptRun,
        *,
        required: bool,
    ) -> int | None:
        """The object ``ref`` names, looking in ``zones`` in order."""
        if ref.object_id is not None:
            state.obj(ref.object_id)  # raises, saying what became of it (CR 400.7)
            return ref.object_id
        matches = named_objects(
            ref,
            run.speaker,
            lambda name: self._named(state, name),
            lambda name: full_name(self.cards, name),
            lambda player: self._opponent(state, player),
            lambda: {o.name for o in state.objects.values()},
        )
        picked = pick_named(
            self._zone_groups(matches, zones),
            ref.name,
            ref.ordinal,
            lambda group: self._describe_each(state, group),
        )
        if picked is not None or not required:
            return picked
        raise self._not_found(state, ref, zones, matches, run)

    def _not_found(
        self,
        state: StateT,
        ref: ast.ObjectRef,
        zones: Sequence[ZoneT],
        matches: Sequence[ObjT],
        run: ScriptRun,
    ) -> NotFoundError:
        """Why nothing answers to ``ref``: a failed statement should have made it, or there is
        no such object (with the closest names in the game)."""
        where = zone_list([zone.value for zone in zones])
        failed = self._depends_on_failure(ref, run)
        if failed is not None:
            return NotFoundError(
                f"{ref.name} is not {zone_place(where)}: it depends on statement {failed}, which "
                "failed, so this statement is skipped.",
                hint="Fix that statement and this one will work.",
            )
        names = sorted({o.name for o in state.objects.values()})
        # "the ward trigger": "There is no ward trigger", not "no the ward trigger".
        named = re.sub(r"^(?:[Tt]he|an?)\s+", "", ref.name)  # "a mana ability" (QA 57 M12)
        elsewhere = [o for o in state.objects.values() if o.name.casefold() == named.casefold()]
        stack = self.stack_word.lower()
        if elsewhere and not ref.controller and where == stack:
            # "Long Sword resolves." of a gear played straight to the board (QA 44 M4): say
            # where it is, not "Did you mean: Long Sword?".
            return NotFoundError(
                f"There is no {named} {zone_place(where)}: "
                + ", ".join(self._describe_each(state, elsewhere))
                + f" {'is' if len(elsewhere) == 1 else 'are'} elsewhere in the game.",
                hint=(
                    "Only spells and abilities go on the chain; a permanent goes straight to the "
                    "board as it is played (359.2)."
                    if stack == "chain"
                    else f"Only what is on the {stack} resolves or can be chosen there."
                ),
            )
        if elsewhere and not ref.controller and where != stack:
            # "Sunlit Guardian dies." once it already has (QA 58 M1): say where it is now,
            # not "Did you mean: Sunlit Guardian?".
            return NotFoundError(
                f"There is no {named} {zone_place(where)}; the game has "
                + ", ".join(self._describe_each(state, elsewhere))
                + ".",
                hint="Objects in the game: " + (", ".join(names) or "none") + ".",
            )
        if (gone := self._ceased_to_exist(state, named)) is not None:
            # "Where is Zombie?" after the token died (QA 45 U4).
            return NotFoundError(
                gone, hint="Objects in the game: " + (", ".join(names) or "none") + "."
            )
        return NotFoundError(
            f"There is no {named} {zone_place(where)}"
            + (f" controlled by {ref.controller.name}" if ref.controller else "")
            + ".",
            suggestions=difflib.get_close_matches(ref.name, names, n=3, cutoff=0.5),
            hint="Objects in the game: " + (", ".join(names) or "none") + ".",
        )

    def _ceased_to_exist(self, state: StateT, name: str) -> str | None:
        """What became of a token called ``name`` that left the board and ceased to exist, as
        the game says it; None when the game has no such record."""
        return None

    def _depends_on_failure(self, ref: ast.ObjectRef, run: ScriptRun) -> int | None:
        """The failed statement that should have made what ``ref`` names, if any."""
        failed = run.failed.get(ref.name.casefold())
        if failed is None and (canonical := full_name(self.cards, ref.name)):
            failed = run.failed.get(canonical.casefold())
        return failed


def _all_done(verdicts: Sequence[Verdict]) -> Verdict:
    """One OK verdict for several objects made: what each became, and every new id."""
    return Verdict(
        VerdictKind.OK,
        "; ".join(v.reason.rstrip(".") for v in verdicts) + ".",
        merge_rules(*(v.rules for v in verdicts)),
        object_ids=tuple(i for v in verdicts for i in v.object_ids),
        offers=verdicts[-1].offers,  # a later resolution's choices supersede an earlier one's
    )


def shown(blocks: Sequence[tuple[str, str]], what: str, stack_word: str) -> Verdict:
    """The answer to "What is on the stack?" (the stack or chain block) or "Show the board."
    (every block), from a board view's (heading, text) blocks."""
    if what == "stack":
        # Riftbound's "Waiting to go on the chain" too (QA 59 M7): a waiting trigger is the
        # next thing on it.
        blocks = [
            b
            for b in blocks
            if b[0].startswith(stack_word) or b[0].endswith(f" the {stack_word.lower()}")
        ]
    text = "\n".join(f"{heading}:\n{body}" for heading, body in blocks)
    return Verdict(VerdictKind.OK, text)


def combine(verdicts: Sequence[Verdict]) -> Verdict:
    """One verdict for several resolutions (“Resolve the stack”)."""
    if len(verdicts) == 1:
        return verdicts[0]
    effects: list[EffectReport] = []
    for verdict in verdicts:
        effects.extend(verdict.effects)
    # The last to resolve is the bottom of what was asked about, usually the spell the question
    # is about (Lightning Bolt after the Snakeskin Veil cast in response): its outcome is the
    # statement's verdict; each one's own outcome is in the explanation.
    kind = verdicts[-1].kind
    reasons: list[str] = []
    for n, verdict in enumerate(verdicts):
        same = n and verdict.reason == verdicts[n - 1].reason
        # Three Shocks at one Bear: the second and third fizzle alike; say it once.
        reasons.append("the next one does the same." if same else verdict.reason)
    outcomes = Counter(v.kind.value for v in verdicts)
    summary = ""
    if len(outcomes) > 1:
        # The headline is the last one's (the spell asked about); say what the others did.
        counted_kinds = ", ".join(f"{count} {kind}" for kind, count in outcomes.items())
        summary = f"{len(verdicts)} resolutions: {counted_kinds}. "
    return Verdict(
        kind,
        summary + " Then ".join(reasons),
        merge_rules(*(v.rules for v in verdicts)),
        slots=tuple(s for v in verdicts for s in v.slots),
        effects=tuple(effects),
        notes=tuple(n for v in verdicts for n in v.notes),
        object_ids=tuple(i for v in verdicts for i in v.object_ids),
    )


def zone_place(where: str) -> str:
    """ "on the battlefield", "on the battlefield or stack", "in the graveyard", "in the game"."""
    on = where.split(" or ")[0] in ("battlefield", "stack", "base", "chain")
    return f"{'on' if on else 'in'} the {where}"


def zone_list(zones: Sequence[str]) -> str:
    """``battlefield``, ``battlefield or stack``; looked for everywhere: ``game``."""
    return " or ".join(zones) if len(zones) <= 2 else "game"


def _player_called(players: Sequence[str], name: str) -> str | None:
    wanted = name.casefold()
    return next((player for player in players if player.casefold() == wanted), None)


def _present(event: str) -> str:
    """A departure's event as happening: "died" -> "dies", "was exiled" -> "is exiled"."""
    if event.startswith("was "):
        return "is " + event.removeprefix("was ")
    verb, _, rest = event.partition(" ")
    said = {"died": "dies", "left": "leaves", "returned": "returns"}.get(verb, verb)
    return f"{said} {rest}".strip()


def _stack_block(board: Sequence[tuple[str, str]], object_id: int) -> tuple[str, list[str]]:
    """The stack's (chain's) entry for ``object_id`` as the board shows it: its line, without
    the [top] marker, and its target lines."""
    text = next((body for title, body in board if title.startswith(("Stack", "Chain"))), "")
    head, lines, inside = f"#{object_id}", [], False
    for line in text.splitlines():
        entry = re.match(r"^(?:\[[^\]]*\]\s*)?#(\d+)\s+(.*)$", line.strip())
        if entry and not line.startswith(" "):
            inside = int(entry.group(1)) == object_id
            if inside:
                # "Arc Trail (Bob)" -> "Arc Trail (#3, Bob's)"
                shown = re.fullmatch(r"(.+?) \(([^()]+)\)", entry.group(2))
                head = (
                    f"{shown.group(1)} (#{object_id}, {shown.group(2)}'s)"
                    if shown
                    else f"{entry.group(2)} (#{object_id})"
                )
            continue
        if inside and line.startswith(" ") and line.strip():
            lines.append(line.strip().rstrip("."))
    return head, lines


def _keyword_covers(has: str, asked: str) -> bool:
    """Whether the keyword ``has`` answers "does it have ``asked``?": "ward {2}" is ward,
    "protection from all colors" covers "protection from red" (702.16a, 702.16j)."""
    if has == asked or has.startswith(asked + " "):
        return True
    colour = asked.removeprefix("protection from ")
    return colour != asked and (
        has == "protection from everything"
        or (
            has in ("protection from all colors", "protection from each color")
            and colour in _COLOUR_WORDS
        )
    )


_COLOUR_WORDS = lexicon.COLORS
# Card types and supertypes (205.2a, 205.4a) are said in lower case; subtypes as printed.
_SUPERTYPE_WORDS = lexicon.SUPERTYPES
_CARD_TYPE_WORDS = lexicon.CARD_TYPES | lexicon.SUPERTYPES

# How many resolutions "What happens?" plays out at most (a loop of triggers stops there).
_MOST_RESOLUTIONS = 100

# What answers about the game as the script made it: a statement that failed before it is
# left out of that game, which the answer says (QA 49 W4).
_ANSWERS_ABOUT_THE_GAME = (
    ast.ResolveQuestion,
    ast.WhatIfQuestion,
    ast.SurvivesQuestion,
    ast.FizzleQuestion,
    ast.RespondQuestion,
    ast.ObjectQuestion,
    ast.LifeQuestion,
    ast.PlayerCountQuestion,
    ast.ShowQuestion,
    ast.TargetingQuestion,
    ast.Resolve,
    ast.ResolveAll,
)


def _said_without_failures(step: Step, item: Any, before: list[Step]) -> Step:
    """``step`` with a note naming the earlier statements that failed (not understood or
    refused: the game doesn't have them), when it answers about the game as it is now."""
    # A question never changes the game, even one that failed (QA 62 M2: the note was
    # repeated on every later answer after a misunderstood question).
    failed = [
        s.position
        for s in before
        if s.verdict in ("error", "illegal") and not s.statement.rstrip().endswith("?")
    ]
    if not failed or not isinstance(item, _ANSWERS_ABOUT_THE_GAME) or step.verdict == "error":
        return step
    which = and_list(str(p) for p in failed)
    note = (
        f"Statement{'s' if len(failed) > 1 else ''} {which} didn't change the game (see "
        f"{'their answers' if len(failed) > 1 else 'its answer'}), so this answer leaves "
        f"{'them' if len(failed) > 1 else 'it'} out."
    )
    return dataclasses.replace(step, notes=(*step.notes, note))


def _fragment_text(error: ScenarioError) -> str:
    """What a step for a statement that was not understood shows as its statement."""
    return error.statement or error.fragment


def _no_speaker(players: Sequence[str]) -> UserError:
    """ "I" said where no one speaks as a player (the console without ``--user``): an error
    saying who the players are, rather than a new player."""
    who = f" ({' and '.join(players)} {'is' if len(players) == 1 else 'are'})" if players else ""
    example = players[0] if players else "Alice"
    return EngineError(
        f"“I” (“me”, “my”) names no player here: you aren't speaking as one of the players{who}.",
        hint=f"Name the player instead (“{example} casts …”), or say who you are: in the "
        f"console, `--user {example}` makes “I” {example}.",
    )
