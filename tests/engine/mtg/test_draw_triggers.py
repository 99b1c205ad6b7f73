"""Draw triggers (Sheoldred, Orcish Bowmasters, Niv-Mizzet): once per card drawn, CR 121.2."""

from __future__ import annotations

import pytest

from bot.engine.mtg.draw_triggers import Draw, draws_in_part


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Draw two cards", [Draw("Alice", 2)]),
        ("Scry 1", []),
        ("Target player draws two cards and loses 2 life", [Draw("Bob", 2)]),
        ("Put a +1/+1 counter on Korvold and draw a card", [Draw("Alice", 1)]),
        (
            "Each player discards their hand, then draws seven cards",
            [Draw("Alice", 7), Draw("Bob", 7)],
        ),
        ("Each opponent draws a card", [Draw("Bob", 1)]),
    ],
)
def test_the_draws_a_resolving_part_makes(text: str, expected: list[Draw]) -> None:
    assert draws_in_part(text, "Alice", ("Bob",), ("Alice", "Bob")) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Draw a card if an opponent has cast a blue or black spell this turn",
        "You draw X cards",
        "Draw cards equal to the number of creatures you control",
    ],
)
def test_a_draw_the_bot_cannot_count_is_unknown_not_none(text: str) -> None:
    assert draws_in_part(text, "Alice", (), ("Alice", "Bob")) is None


def test_sheoldred_makes_one_trigger_per_card_and_they_resolve(scene) -> None:  # type: ignore[no-untyped-def]
    # Sheoldred, the Apocalypse: "Whenever an opponent draws a card, they lose 2 life."
    scene.put("Alice", "Sheoldred, the Apocalypse")
    scene.state, verdict = scene.engine.draw(scene.state, "Bob", 3)
    assert "121.2" in verdict.rules and "three times" in " ".join(verdict.notes)
    assert len(scene.state.stack) == 3
    scene.state, _ = scene.engine.resolve_all(scene.state)
    assert scene.state.player("Bob").life == 14
    assert not scene.state.player("Bob").hand_stated


def test_a_modes_bullet_and_x_are_read() -> None:
    assert draws_in_part("• Draw a card.", "Alice", (), ("Alice", "Bob")) == [Draw("Alice", 1)]
    players = ("Alice", "Bob")
    assert draws_in_part("Target player draws X cards", "Alice", ("Bob",), players, 3) == [
        Draw("Bob", 3)
    ]
    assert draws_in_part("Target player draws X cards", "Alice", ("Bob",), players) is None
