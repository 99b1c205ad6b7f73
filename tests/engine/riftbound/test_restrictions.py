"""Restrictions read from passive abilities on the board ("can't", "only") and the ones a
resolved spell sets up for the turn (QA 30 W1, W4): which ability forbids what, the location
choice of a unit played step by step, and saved games from before restrictions were kept."""

from __future__ import annotations

import json
from dataclasses import replace

from bot.engine.riftbound.game import RiftboundGame
from bot.engine.riftbound.model import RbKind, RbZone
from bot.engine.riftbound.restrictions import (
    forbidden_players,
    move_forbidden_by,
    play_forbidden_by,
    play_location_forbidden_by,
    ready_forbidden_by,
    unchecked_restrictions,
)
from bot.engine.riftbound.state import BASE, RbCard, RbState

GAME = RiftboundGame()
PEAK = RbCard("Targon's Peak", RbKind.BATTLEFIELD)
LAIR = RbCard("Vilemaw's Lair", RbKind.BATTLEFIELD, "Units can't move from here to base.")
ROCKFALL = RbCard("Rockfall Path", RbKind.BATTLEFIELD, "Units can't be played here.")
PORO = RbCard("Stalwart Poro", RbKind.UNIT, "[Shield]", 2)
SENTRY = RbCard("Determined Sentry", RbKind.UNIT, "I can't move to base.", 1)
MADULI = RbCard("Maduli the Gatekeeper", RbKind.UNIT, "I can't be readied.", 6)
WARDEN = RbCard(
    "Mageseeker Warden",
    RbKind.UNIT,
    "While I'm at a battlefield, opponents can only play units to their base.\n"
    "While I'm at a battlefield, spells and abilities can't ready enemy units and gear.",
    5,
)
TIANNA = RbCard(
    "Tianna Crownguard", RbKind.UNIT, "While I'm at a battlefield, opponents can't gain points.", 4
)
MONUMENT = RbCard(
    "Forgotten Monument", RbKind.BATTLEFIELD, "Players can't score here until their third turn."
)


def _game() -> RbState:
    return GAME.new_game(("Alice", "Bob"))


def _add(state: RbState, player: str, card: RbCard, at: RbCard | None) -> tuple[RbState, int]:
    state, verdict = GAME.add_permanent(state, player, card, battlefield=at)
    return state, verdict.object_ids[0]


def test_a_battlefields_can_t_move_from_here_stops_only_units_there() -> None:
    state, _ = GAME.ensure_battlefield(_game(), LAIR)
    state, there = _add(state, "Bob", PORO, LAIR)
    state, elsewhere = _add(state, "Bob", PORO, PEAK)
    found = move_forbidden_by(state, state.obj(there), BASE)
    assert found is not None and found.source.name == "Vilemaw's Lair"
    assert move_forbidden_by(state, state.obj(elsewhere), BASE) is None
    assert move_forbidden_by(state, state.obj(there), "Targon's Peak") is None


def test_i_can_t_move_to_base_is_only_about_the_unit_itself() -> None:
    state, sentry = _add(_game(), "Bob", SENTRY, PEAK)
    state, poro = _add(state, "Bob", PORO, PEAK)
    assert move_forbidden_by(state, state.obj(sentry), BASE) is not None
    assert move_forbidden_by(state, state.obj(poro), BASE) is None
    refused, verdict = GAME.move(state, sentry, to_base=True)
    assert verdict.kind.value == "illegal" and refused.obj(sentry).location == "Targon's Peak"


def test_warden_at_a_battlefield_stops_readying_enemies_and_plays_to_battlefields() -> None:
    state, _ = _add(_game(), "Alice", WARDEN, PEAK)
    state, bobs = _add(state, "Bob", PORO, None)
    state, alices = _add(state, "Alice", PORO, None)
    assert ready_forbidden_by(state, state.obj(bobs)) is not None
    assert ready_forbidden_by(state, state.obj(alices)) is None
    assert play_location_forbidden_by(state, "Bob", "Targon's Peak") is not None
    assert play_location_forbidden_by(state, "Bob", BASE) is None
    assert play_location_forbidden_by(state, "Alice", "Targon's Peak") is None


def test_warden_in_base_forbids_nothing() -> None:
    state, _ = _add(_game(), "Alice", WARDEN, None)
    state, bobs = _add(state, "Bob", PORO, None)
    assert ready_forbidden_by(state, state.obj(bobs)) is None
    assert play_location_forbidden_by(state, "Bob", "Targon's Peak") is None


def test_maduli_can_t_be_readied() -> None:
    state, maduli = _add(_game(), "Alice", MADULI, PEAK)
    found = ready_forbidden_by(state, state.obj(maduli))
    assert found is not None and found.quoted == "“I can't be readied”"


def test_step_by_step_location_leaves_out_a_battlefield_units_can_t_be_played_to() -> None:
    state, _ = _add(_game(), "Alice", PORO, ROCKFALL)
    state, _ = _add(state, "Alice", PORO, PEAK)
    state = GAME.ensure_battlefield(state, ROCKFALL)[0]
    rock = state.battlefield("Rockfall Path")
    peak = state.battlefield("Targon's Peak")
    assert rock is not None and peak is not None
    state = state.with_object(replace(rock, controller="Alice"))
    state = state.with_object(replace(peak, controller="Alice"))
    choice = GAME.start_play(state, "Alice", PORO).next_choice()
    assert [value for _, value in choice.options] == [BASE, "Targon's Peak"]
    assert "Rockfall Path" in choice.unavailable


def test_cant_play_spells_this_turn_refuses_spells_only_and_survives_a_save() -> None:
    state = _game().with_cant_play("Alice", "spells", "Lilting Lullaby")
    assert play_forbidden_by(state, "Alice", RbKind.SPELL) == ("spells", "Lilting Lullaby")
    assert play_forbidden_by(state, "Alice", RbKind.UNIT) is None
    assert play_forbidden_by(state, "Bob", RbKind.SPELL) is None
    again = RbState.from_dict(json.loads(json.dumps(state.to_dict())))
    assert again.cant_play == state.cant_play
    saved = state.to_dict()
    del saved["cant_play"]  # a game saved before restrictions were kept
    assert RbState.from_dict(saved).cant_play == ()


def test_forbidden_players_reads_its_controller_opponents_and_you() -> None:
    state, poro = _add(_game(), "Bob", PORO, None)
    it = [state.obj(poro)]
    assert forbidden_players("Its controller", "Alice", ("Alice", "Bob"), it) == ["Bob"]
    assert forbidden_players("opponents", "Alice", ("Alice", "Bob"), []) == ["Bob"]
    assert forbidden_players("you", "Alice", ("Alice", "Bob"), []) == ["Alice"]


def test_a_restriction_the_bot_doesn_t_check_is_named() -> None:
    # Tianna's "opponents can't gain points" is checked for every point the bot counts
    # (QA 55 W1); Forgotten Monument's scoring restriction isn't.
    state, _ = _add(_game(), "Alice", TIANNA, PEAK)
    state, _ = _add(state, "Alice", MADULI, PEAK)
    state, _ = _add(state, "Alice", MONUMENT, None)
    found = unchecked_restrictions(state)
    assert [p.source.name for p in found] == ["Forgotten Monument"]


def test_minotaur_reckoner_stops_every_units_move_to_base_while_it_is_on_the_board() -> None:
    reckoner = RbCard("Minotaur Reckoner", RbKind.UNIT, "Units can't move to base.", 5)
    state, own = _add(_game(), "Alice", reckoner, PEAK)
    state, enemy = _add(state, "Bob", PORO, PEAK)
    assert move_forbidden_by(state, state.obj(enemy), BASE) is not None
    assert move_forbidden_by(state, state.obj(own), BASE) is not None
    gone, _ = GAME.leave(state, own, RbZone.TRASH)
    assert move_forbidden_by(gone, gone.obj(enemy), BASE) is None
