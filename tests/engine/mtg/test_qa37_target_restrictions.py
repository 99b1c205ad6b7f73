"""QA 37 W5: "can't be the target of ... your opponents control" from a legendary's own text
under its short name (Thrun, Breaker of Silence) and from an Aura (Canopy Cover) (CR 115.1)."""

from __future__ import annotations

from bot.engine.mtg.legality import attached_restrictions_on, parse_restriction


def test_thrun_wording_reads_as_spells_or_abilities_of_one_quality() -> None:
    restriction = parse_restriction(
        "nongreen spells your opponents control or abilities from nongreen sources your "
        "opponents control",
        "Bob",
    )
    assert restriction.spells and restriction.abilities
    assert restriction.quality == "nongreen"
    assert restriction.opponents_of == "Bob"


def test_a_player_has_no_attached_restrictions(engine) -> None:  # type: ignore[no-untyped-def]
    state = engine.new_game(("Alice", "Bob"))
    assert attached_restrictions_on(state, "Alice") == ()
