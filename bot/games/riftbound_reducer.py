"""The reducer for per-channel Riftbound games.

Riftbound actions are JSON objects, like MTG's:

- ``{"statement": "Alice controls Blazing Scorcher at her base.", "speaker": "alice"}`` —
  statements that changed the game (illegal ones change nothing and are not stored);
- ``{"play_start": {"player": "Alice", "card": "Void Seeker"}}`` — start playing a card one
  choice at a time (355: a unit's location, 355.2, then each target, 355.8-355.9); with
  ``"accelerate": true`` or ``"repeats": 1`` its optional additional costs are paid (805, 820);
  with ``"from_hidden": true`` it is played from hiding (811.1.b), and ``"later_turn": true``
  says a later turn began first (a card hidden this turn can't be played from there yet);
- ``{"choose": VALUE}`` (a location, a mode, object ids, or where a move goes: ``base`` or a
  battlefield's name, 355.4), ``{"back": true}``, ``{"cancel": true}``.

States are immutable and have a JSON form, so snapshots are JSON, not pickles.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from bot.engine.errors import IllegalActionError
from bot.engine.riftbound.game import RiftboundGame
from bot.engine.riftbound.optional_costs import OptionalCosts
from bot.engine.riftbound.playing import PlayInProgress
from bot.engine.riftbound.state import RbCard, RbState
from bot.engine.verdict import VerdictKind
from bot.errors import DataMissingError
from bot.games.table_reducer import TableReducer, pending_of
from bot.scenario.object_refs import display_name
from bot.scenario.riftbound_executor import RiftboundScenarioExecutor, play_statement
from bot.scenario.steps import Step

# What a saved game's export says before a play from hiding "on a later turn" (811.1.b).
LATER_TURN_STATEMENT = "It is a later turn."

RIFTBOUND = "riftbound"


# How a player starts a play that `game choose` then steps through.
RIFTBOUND_START_HINT = "Start with `game play Void Seeker`."


@dataclass(frozen=True)
class RiftboundTable:
    """A channel's Riftbound game: the board and chain, a play in progress, the statements
    that rebuild it (``game export``) and the answers to the last action."""

    kind: str
    game: RbState
    pending: PlayInProgress | None = None
    transcript: tuple[str, ...] = ()
    # The reply to the last action, not part of the game: snapshots drop it, so two loads of
    # one game (from a snapshot or by replay) are equal whatever reply they last produced.
    last_steps: tuple[Step, ...] = field(default=(), compare=False)


ExecutorSource = Callable[[], RiftboundScenarioExecutor]


class RiftboundReducer(TableReducer[RiftboundTable, PlayInProgress]):
    """Builds ``RiftboundTable`` values from actions with the Riftbound scenario executor.

    ``executor`` is a callable so the card data is opened only when a Riftbound game is used.
    """

    nothing_in_progress_hint = RIFTBOUND_START_HINT

    def __init__(self, executor: ExecutorSource | RiftboundScenarioExecutor | None = None) -> None:
        self._source = executor
        self._engine = RiftboundGame()

    @property
    def executor(self) -> RiftboundScenarioExecutor:
        source = self._source
        if source is None:
            raise DataMissingError(
                "Riftbound games need the Riftbound card data, which isn't loaded.",
                hint="Run `sync` to import the Riftbound data.",
            )
        if isinstance(source, RiftboundScenarioExecutor):
            return source
        self._source = source()
        return self._source

    def initial(self, kind: str) -> RiftboundTable:
        return RiftboundTable(kind=kind, game=self._engine.new_game())

    @property
    def statements(self) -> RiftboundScenarioExecutor:
        return self.executor

    def starts(self) -> Mapping[str, Callable[[RiftboundTable, Any], RiftboundTable]]:
        return {"play_start": self._play_start}

    def in_progress(self, pending: PlayInProgress) -> str:
        return play_title(pending)

    def choose(self, state: RiftboundTable, pending: PlayInProgress, value: Any) -> RiftboundTable:
        return self._advance(
            state, pending.choose(tuple(value) if isinstance(value, list) else value)
        )

    def back(self, state: RiftboundTable, pending: PlayInProgress) -> RiftboundTable:
        return replace(state, pending=pending.back(), last_steps=())

    def _play_start(self, state: RiftboundTable, spec: Mapping[str, Any]) -> RiftboundTable:
        player = str(spec["player"])
        game = state.game
        if not game.has_player(player):
            game = game.with_player(display_name(player))
        card = self.executor.cards.resolve(str(spec["card"]))
        # "game play Hidden Blade with Repeat": its optional additional costs (805, 820).
        costs = OptionalCosts(bool(spec.get("accelerate")), int(spec.get("repeats", 0)))
        transcript = state.transcript
        if spec.get("later_turn"):
            # "game play Back Off from hiding on a later turn" (811.1.b): said first, so the
            # export replays it.
            game, _ = self.executor.engine.later_turn(game)
            transcript = (*transcript, LATER_TURN_STATEMENT)
        progress = self.executor.engine.start_play(
            game, game.player(player), card, costs, from_hidden=bool(spec.get("from_hidden"))
        )
        if progress.hidden_at and progress.needs_location:
            progress = progress.choose(progress.hidden_at)  # 811.1.d.1: played there
        return self._advance(replace(state, game=game, transcript=transcript), progress)

    def _advance(self, state: RiftboundTable, progress: PlayInProgress) -> RiftboundTable:
        """Wait for the next choice, or carry the play out once every choice is made."""
        if progress.next_choice().kind != "done":
            return replace(state, game=progress.state, pending=progress, last_steps=())
        game, verdict = self.executor.engine.finish(progress)
        if verdict.kind is VerdictKind.ILLEGAL:
            raise IllegalActionError(
                verdict.reason, rules=verdict.rules, hint="`game back` changes the last choice."
            )
        statement = play_statement(
            progress.state,
            progress.player,
            progress.card,
            progress.location,
            progress.picks,
            mode=progress.mode,
            destination=progress.destination,
            costs=OptionalCosts(progress.accelerated, progress.repeats),
            killed=progress.killed,
            from_hidden=bool(progress.hidden_at),
        )
        step = Step.from_verdict(1, statement, verdict, changed=True)
        return replace(
            state,
            game=game,
            pending=None,
            transcript=(*state.transcript, statement),
            last_steps=(step,),
        )


def play_title(pending: PlayInProgress) -> str:
    """What a play in progress is called in answers: "Playing Void Seeker"."""
    return f"Playing {pending.card.name}"


def require_pending(state: RiftboundTable) -> PlayInProgress:
    """The play being stepped through; a clear error when none is."""
    pending: PlayInProgress = pending_of(state, RIFTBOUND_START_HINT)
    return pending


class RiftboundTableCodec:
    """JSON snapshots of ``RiftboundTable`` (the answers to the last action are not kept)."""

    # v2: objects carry Deflect and "can't be chosen by enemies"; older snapshots are replayed.
    # v3: objects carry their printed cost (Defy's restriction), and the rules changed
    # (channeled runes, choices by other players), so older snapshots are replayed instead.
    # v6: a played unit enters exhausted (359.2.c), and a move's destination is chosen as the
    # spell is played (355.4); older snapshots are replayed.
    # v7: effects carried out on the board (tokens, "all units" damage, stuns, Noxian
    # Guillotine's delayed kill, a reflexive trigger waiting); a v6 snapshot would lack what
    # its resolutions now leave, so older snapshots are replayed (a v6 state still loads:
    # every new field has a default).
    # v8: a card played from a hand leaves it (354), a banished unit Portal Rescue plays comes
    # back, and token cards (Recruit, Gold) are tokens; the JSON form is unchanged, but v7
    # snapshots hold boards the actions no longer make, so they are replayed.
    # v9: a "Kill this" cost kills its source (Gold), and Bonus Damage (Void Gate, Annie,
    # Fiery) is dealt; the JSON form is unchanged, but v8 snapshots hold boards the actions no
    # longer make (a Gold still there after its ability), so they are replayed.
    # v10: "can't" restrictions, play/Deathknell triggers on the chain (Karthus's extra one),
    # tokens played "to your base", split Bonus Damage (715.3): v9 snapshots may hold boards
    # their logs no longer make, so they are replayed.
    # v11 (stop 43): Accelerate and Repeat (ChainItem.repeats, cards' domains), triggers that
    # triggered together (ChainItem.batch, 383.3.d), Shakedown's "unless" asked: v10
    # snapshots lack the fields and may hold boards the log no longer makes, so are replayed.
    # Also (QA 34): Equipment text on its unit (Guardian Angel, Sacred Shears), prevention
    # (Counter Strike), buffs, Might this turn (Stand United, Last Stand), damage doubling
    # (Lotus Trap), Elder Dragon, Soraka (RbObject.died_with, damage_shields, buffed,
    # damage_by; RbState.spell_damage_prevented, unapplied); Hidden cards (facedown objects,
    # ChainItem.from_hidden, RbObject.played_from_hiding) and stated buffs; "kill a friendly
    # unit" costs (a play's ``killed``), [Ambush], Lee Sin's and Sett's buff statics.
    # v12 (stop 44): XP and scoring (RbState.xp, scored: conquer/hold, 464, 466.2.c), Level
    # statics, other permanents' "When you play ..."/"becomes Mighty"/"you stun" triggers: v11
    # snapshots lack the fields and may hold boards the log no longer makes, so are replayed.
    # Also (rb-mass): mass "all/each" effects carried out (Angler Beast, Downwell, Stare Down,
    # Moonfall, Thousand-Tailed Watcher, "buff all", Keeper's Verdict): the same statements
    # make other boards. And (rb-hidden): a card hidden this turn (RbObject.hidden_this_turn,
    # 811.1.b), a play in progress's ``hidden_at``, hidden cards lost with their battlefield
    # (107.3.d), The Boss's save, Monster Harpoon's 4, token Deathknells (183.1). And (rb-qa38):
    # delayed "when it dies this turn" triggers (RbObject.when_dies, 390.2), keywords a unit
    # has beyond its text (RbObject.keywords: a token's [Temporary]), once-a-turn choices
    # (RbState.used_this_turn: Zilean), Elder Dragon's damage, Vi's doubled Might. And
    # (rb-qa39): targeted triggers waiting for their targets (RbState.waiting_triggers), XP
    # costs and [Level] clauses (730.2, 824.1), played tokens count as plays. And (rb-qa41):
    # "It is a later turn." ends the turn before (317.2.b-c: healing, "this turn" effects).
    # v13 (stop 45, rb-left43): "this turn" Might kept apart and ended by a later turn
    # (RbObject.might_this_turn), Vex's "can't move it this turn" (RbObject.cant_move), copies
    # named as what they copy (RbObject.played_as), waiting triggers with their event's batch
    # (383.3.d); the standard move exhausts its unit (144.2); (rb-qa44) Sun Disc and Ravenborn
    # Tome's next-card effects (RbState.next_unit_ready, next_spell_bonus), a conquer's cleanup
    # removes the loser's hidden card: v12 snapshots may hold boards their logs no longer make.
    # v14 (stop 46): keywords given this turn (RbObject.keywords_this_turn: Vault Breaker's
    # [Ganking], Cleave; rb-qa48a), Level keywords and Might, [Vision] triggers, Level-gated
    # play triggers; (rb-left46) [Temporary] killed at its controller's next turn, Get
    # Excited!'s discard choice; (rb-qa48b) points (RbState.points), card-granted play
    # locations, Ekko's recycle cost: v13 snapshots are replayed.
    # v15 (stop 48, rb-qa55): where a unit was played from hiding (RbObject.played_from_hiding_
    # at: Edge of Night's attach), Unlicensed Armory's "may recall" replacement, points scored
    # by effects, "Spend my buff" paid, Might set or swapped this turn: v14 snapshots replayed.
    # v16 (stop 49, rb-left56): a stated Might clears the Might-change caution
    # (RbState.might_stated), Udyr's and Aphelios's modes chosen this turn (RbState.modes_chosen),
    # discard costs paid from the hand, Yasuo's third move and Draven, Showboat's Might;
    # (rb-qa58) "This enters exhausted." gear, discard / death / move / buff / Beginning Phase
    # triggers put on the chain: v15 snapshots are replayed.
    # v17 (stop 50, rb-left59): stated buffs and readies trigger, moves from Back-Alley Bar and
    # Blitzcrank's move, Might of Demacia's unit count, a Chosen Champion already on the board
    # taken as the champion: v16 snapshots are replayed.
    # v18 (stop 52): "Alice stuns X." triggers "When you stun", Blast Cone's exhaust is paid as
    # its trigger goes on the chain and stuns the moved unit: v17 snapshots are replayed.
    # v19 (stop 53, rb-left2): Blast Cone's "it" said or asked, "you may" parts chosen or
    # declined as they resolve, Draven, Vanquisher's paid "If you do": v18 snapshots replayed.
    # v20 (stop 53, rb-qa65): a card without [Reaction] refused while a play trigger waits
    # (Closed, 309.1.a), the Repeat's "unless" asked again: v19 snapshots replayed.
    tag = "riftbound-json-v20"

    def serialize(self, state: RiftboundTable) -> bytes:
        pending = state.pending
        data = {
            "kind": state.kind,
            "game": state.game.to_dict(),
            "transcript": list(state.transcript),
            "pending": None
            if pending is None
            else {
                "player": pending.player,
                "card": pending.card.to_dict(),
                "location": pending.location,
                "picks": [list(p) for p in pending.picks],
                "mode": pending.mode,
                "destination": pending.destination,
                "accelerated": pending.accelerated,
                "repeats": pending.repeats,
                "killed": pending.killed,
                "hidden_at": pending.hidden_at,
            },
        }
        return json.dumps(data, separators=(",", ":")).encode()

    def deserialize(self, data: bytes) -> RiftboundTable:
        raw = json.loads(data)
        game = RbState.from_dict(raw["game"])
        pending = None
        if raw["pending"] is not None:
            p = raw["pending"]
            pending = PlayInProgress(
                game,
                p["player"],
                RbCard.from_dict(p["card"]),
                p["location"],
                tuple(tuple(g) for g in p["picks"]),
                destination=p.get("destination"),
                mode=p.get("mode"),
                accelerated=p.get("accelerated", False),
                repeats=p.get("repeats", 0),
                killed=p.get("killed"),
                hidden_at=p.get("hidden_at", ""),
            )
        return RiftboundTable(raw["kind"], game, pending, tuple(raw["transcript"]))
