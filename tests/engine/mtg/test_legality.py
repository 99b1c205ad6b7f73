"""Legality of single targets: 115.2-115.5, hexproof, shroud, protection, ward, phasing."""

from __future__ import annotations

import pytest

from bot.engine.cards import CardData, parse_type_line
from bot.engine.errors import EngineError
from bot.engine.model import Zone
from bot.engine.mtg.game import MtgGame
from bot.engine.verdict import VerdictKind
from tests.engine.mtg.board import board
from tests.engine.mtg.specs import instant


def test_type_line_parsing() -> None:
    parsed = parse_type_line("Legendary Artifact Creature — Phyrexian Horror")
    assert parsed.card_types == {"artifact", "creature"}
    assert parsed.supertypes == {"legendary"}
    assert parsed.subtypes == {"phyrexian", "horror"}


def test_hexproof_stops_opponent_not_controller(engine: MtgGame) -> None:
    b = board(engine)
    growth = instant("Giant Growth", ("G",))
    no = engine.is_legal_target(b.state, "Alice", growth, b.troll)
    assert no.kind is VerdictKind.ILLEGAL and no.rules == ("702.11b",)
    assert "Troll Ascetic has hexproof" in no.reason
    yes = engine.is_legal_target(b.state, "Bob", growth, b.troll)
    assert yes.kind is VerdictKind.LEGAL


def test_shroud_stops_everyone(engine: MtgGame) -> None:
    b = board(engine)
    s, _ = engine.gain_ability(b.state, b.bear, "shroud")
    verdict = engine.is_legal_target(s, "Alice", instant("Giant Growth", ("G",)), b.bear)
    assert verdict.kind is VerdictKind.ILLEGAL and "702.18a" in verdict.rules


def test_protection_from_red_stops_red_spell_only(engine: MtgGame) -> None:
    b = board(engine)
    s, _ = engine.gain_ability(b.state, b.bear, "protection from red")
    assert engine.is_legal_target(s, "Bob", instant("Lightning Bolt"), b.bear).rules == ("702.16b",)
    assert engine.is_legal_target(s, "Bob", instant("Giant Growth", ("G",)), b.bear).kind is (
        VerdictKind.LEGAL
    )


def test_protection_from_player_and_everything(engine: MtgGame) -> None:
    b = board(engine)
    s, _ = engine.gain_ability(b.state, b.bear, "protection from Bob")
    assert engine.is_legal_target(s, "Bob", instant("Giant Growth", ("G",)), b.bear).rules == (
        "702.16k",
    )
    assert engine.is_legal_target(s, "Alice", instant("Giant Growth", ("G",)), b.bear).kind is (
        VerdictKind.LEGAL
    )
    s, _ = engine.gain_ability(b.state, "Alice", "protection from everything")
    assert engine.is_legal_target(s, "Alice", instant("Lightning Bolt"), "Alice").rules == (
        "702.16j",
    )


def test_hexproof_from_quality(engine: MtgGame) -> None:
    b = board(engine)
    s, _ = engine.gain_ability(b.state, b.bear, "hexproof from red")
    assert engine.is_legal_target(s, "Bob", instant("Lightning Bolt"), b.bear).rules == ("702.11d",)
    assert engine.is_legal_target(s, "Alice", instant("Lightning Bolt"), b.bear).kind is (
        VerdictKind.LEGAL
    )
    s, verdict = engine.lose_ability(s, b.bear, "hexproof")  # CR 702.11e
    assert "702.11e" in verdict.rules
    assert engine.is_legal_target(s, "Bob", instant("Lightning Bolt"), b.bear).kind is (
        VerdictKind.LEGAL
    )


def test_player_hexproof(engine: MtgGame) -> None:
    b = board(engine)
    s, _ = engine.player_gains(b.state, "Alice", "hexproof")
    assert engine.is_legal_target(s, "Bob", instant("Lightning Bolt"), "Alice").rules == (
        "702.11c",
    )
    assert engine.is_legal_target(s, "Alice", instant("Lightning Bolt"), "Alice").ok


def test_ward_is_a_trigger_not_illegality(engine: MtgGame) -> None:
    b = board(engine)
    s, _ = engine.gain_ability(b.state, b.bear, "ward 2")
    verdict = engine.is_legal_target(s, "Bob", instant("Lightning Bolt"), b.bear)
    assert verdict.kind is VerdictKind.LEGAL
    assert "702.21a" in verdict.rules and "ward {2}" in verdict.notes[0]


def test_phased_out_is_not_there(engine: MtgGame) -> None:
    b = board(engine)
    s, _ = engine.phase(b.state, b.bear)
    verdict = engine.is_legal_target(s, "Bob", instant("Lightning Bolt"), b.bear)
    assert verdict.rules == ("702.26b",)


def test_only_permanents_unless_stated(engine: MtgGame) -> None:
    b = board(engine)
    s, v = engine.add_card(
        b.state, "Alice", CardData("Grizzly Bears", "Creature — Bear"), Zone.GRAVEYARD
    )
    verdict = engine.is_legal_target(s, "Bob", instant("Lightning Bolt"), v.object_ids[0])
    assert verdict.rules == ("115.2",)


def test_any_target_excludes_noncreature_artifacts(engine: MtgGame) -> None:
    b = board(engine)
    s, v = engine.add_permanent(b.state, "Bob", CardData("Sol Ring", "Artifact"))
    verdict = engine.is_legal_target(s, "Alice", instant("Lightning Bolt"), v.object_ids[0])
    assert verdict.rules == ("115.4",)


def test_spell_cant_target_itself(engine: MtgGame) -> None:
    b = board(engine)
    s, v = engine.cast(b.state, "Bob", instant("Lightning Bolt"), targets=["Alice"])
    bolt = v.object_ids[0]
    s, v = engine.cast(s, "Alice", instant("Redirect", ("U",)), targets=[bolt])
    redirect = v.object_ids[0]
    verdict = engine.is_legal_target(s, "Alice", redirect, redirect)
    assert verdict.rules == ("115.5",)


def test_vines_restriction_uses_granting_players_opponents(engine: MtgGame) -> None:
    b = board(engine)
    s, _ = engine.gain_ability(
        b.state,
        b.troll,
        "can't be the target of spells or abilities your opponents control",
        granted_by="Alice",
    )
    # Bob controls the Troll, but "your opponents" are Alice's: Bob can't target it.
    assert engine.is_legal_target(s, "Bob", instant("Giant Growth", ("G",)), b.troll).kind is (
        VerdictKind.ILLEGAL
    )


def test_static_you_have_hexproof(engine: MtgGame) -> None:
    b = board(engine)
    leyline = CardData("Leyline of Sanctity", "Enchantment", "You have hexproof.")
    s, _ = engine.add_permanent(b.state, "Alice", leyline)
    assert engine.is_legal_target(s, "Bob", instant("Lightning Bolt"), "Alice").rules == (
        "702.11c",
    )


def test_unknown_object_raises_engine_error(engine: MtgGame) -> None:
    b = board(engine)
    with pytest.raises(EngineError):
        engine.is_legal_target(b.state, "Bob", instant("Lightning Bolt"), 999)
    with pytest.raises(EngineError):
        engine.is_legal_target(b.state, "Zed", instant("Lightning Bolt"), b.bear)


def test_any_target_means_only_the_bare_phrase():
    """CR 115.4: "any target" (and Arc Trail's "another target") can be a creature, player,
    planeswalker or battle; "another target creature that player controls" names a creature."""
    from bot.engine.mtg.legality import is_any_target

    assert is_any_target("any target")
    assert is_any_target("any other target")
    assert is_any_target("another target")
    assert not is_any_target("another target creature that player controls")
    assert not is_any_target("target creature")
