"""Resolution with illegal targets (CR 608.2b) and new objects (400.7)."""

from __future__ import annotations

from bot.engine.game_engine import GameEngine
from bot.engine.model import Zone
from bot.engine.mtg.game import MtgGame
from bot.engine.mtg.state import GameState
from bot.engine.verdict import VerdictKind
from tests.engine.mtg.board import board
from tests.engine.mtg.specs import creature, instant


def test_all_targets_illegal_fizzles(engine: MtgGame) -> None:
    b = board(engine)
    s, v = engine.cast(b.state, "Bob", instant("Sorin's Thirst", ("B",)), targets=[b.bear])
    s, _ = engine.gain_ability(s, b.bear, "protection from black")
    s, v = engine.resolve_top(s)
    assert v.kind is VerdictKind.FIZZLED and "608.2b" in v.rules
    assert not any(e.happens for e in v.effects)
    assert s.player("Bob").life == 20 and not s.stack


def test_through_the_game_seam_magic_has_fizzle(engine: MtgGame) -> None:
    # CR 608.2b: "If all its targets ... are now illegal, the spell or ability doesn't resolve."
    rules: GameEngine[GameState] = engine  # the seam the executors are written over
    assert rules.game == "mtg" and rules.has_fizzle is True
    b = board(engine)
    sorins_thirst = instant("Sorin's Thirst", ("B",))
    assert rules.can_play(b.state, "Bob", sorins_thirst).kind is VerdictKind.YES
    assert rules.is_legal_target(b.state, "Bob", sorins_thirst, b.bear).kind is VerdictKind.LEGAL
    s, _ = engine.cast(b.state, "Bob", sorins_thirst, targets=[b.bear])
    s, _ = engine.gain_ability(s, b.bear, "protection from black")
    _, verdict = rules.resolve_top(s)
    assert verdict.kind is VerdictKind.FIZZLED and "608.2b" in verdict.rules


def test_partial_resolution_reports_parts(engine: MtgGame) -> None:
    b = board(engine)
    s, v = engine.cast(b.state, "Bob", instant("Arc Trail"), targets=[b.bear, b.elves])
    s, _ = engine.move(s, b.elves, Zone.GRAVEYARD, event="died")
    s, v = engine.resolve_top(s)
    assert v.kind is VerdictKind.PARTIAL
    assert [e.happens for e in v.effects] == [True, False]
    assert v.effects[0].text == "2 damage to Runeclaw Bear"
    assert "400.7" in v.rules


def test_returned_object_is_new(engine: MtgGame) -> None:
    b = board(engine)
    s, v = engine.cast(b.state, "Alice", instant("Lightning Bolt"), targets=[b.skite])
    s, _ = engine.move(s, b.skite, Zone.EXILE)
    s, v = engine.return_to_battlefield(s, b.skite)
    assert "it was #" in v.reason and v.object_ids[0] != b.skite
    s, v = engine.resolve_top(s)
    assert v.kind is VerdictKind.FIZZLED and "new object" in v.slots[0].why


def test_damage_kills_and_player_loses_life(engine: MtgGame) -> None:
    b = board(engine)
    s, _ = engine.cast(b.state, "Bob", instant("Arc Trail"), targets=[b.bear, "Alice"])
    s, _v = engine.resolve_top(s)
    assert b.bear not in s.objects and s.departures[b.bear].event == "died"
    assert s.player("Alice").life == 19


def test_only_top_resolves(engine: MtgGame) -> None:
    b = board(engine)
    s, v = engine.cast(b.state, "Bob", instant("Lightning Bolt"), targets=["Alice"])
    bolt = v.object_ids[0]
    s, v = engine.cast(s, "Alice", instant("Giant Growth", ("G",)), targets=[b.bear])
    s2, v = engine.resolve(s, bolt)
    assert v.kind is VerdictKind.ILLEGAL and s2 is s
    _s3, verdicts = engine.resolve_all(s)
    assert [x.kind for x in verdicts] == [VerdictKind.RESOLVED, VerdictKind.RESOLVED]


def test_countered_target_spell(engine: MtgGame) -> None:
    b = board(engine)
    s, v = engine.cast(b.state, "Bob", instant("Lightning Bolt"), targets=["Alice"])
    bolt = v.object_ids[0]
    s, v = engine.cast(s, "Alice", instant("Cancel", ("U",)), targets=[bolt])
    s, v = engine.resolve_top(s)
    assert v.kind is VerdictKind.RESOLVED and not s.stack
    assert s.departures[bolt].event == "was countered"


def test_creature_spell_becomes_permanent(engine: MtgGame) -> None:
    s = engine.new_game(["Alice"])
    s, _ = engine.cast(s, "Alice", creature("Grizzly Bears"))
    s, _v = engine.resolve_top(s)
    assert [o.name for o in s.zone_objects(Zone.BATTLEFIELD)] == ["Grizzly Bears"]
