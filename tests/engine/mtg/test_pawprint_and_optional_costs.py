"""QA 37: pawprint modes read as modes with a {P} budget (CR 700.2i), tiered modes' names
(702.183a), and the text a spell has as cast with its gift promised or not (702.174m),
bargained or not (702.166d)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.engine.cards import CardData
from bot.engine.errors import IllegalActionError
from bot.engine.mtg.game import _with_optional_costs, gift_of
from bot.engine.mtg.oracle_blocks import mode_names, pawprint_budget, pawprint_costs
from bot.engine.mtg.oracle_targets import read_face


def test_season_of_the_burrow_has_three_pawprint_modes(
    scryfall_cards: dict[str, dict],
) -> None:
    season = scryfall_cards["Season of the Burrow"]
    reading = read_face(season["name"], season["type_line"], season["oracle_text"], [])
    spell = next(a for a in reading.abilities if a.modes)
    assert len(spell.modes) == 3
    assert spell.choose == (0, 5)
    assert spell.modes[1].text.startswith("Exile target nonland permanent")
    assert [len(m.slots) for m in spell.modes] == [0, 1, 1]


def test_pawprint_budget_and_costs(card: Callable[[str], CardData]) -> None:
    text = card("Season of Loss").oracle_text
    assert pawprint_budget(text) == 5
    assert pawprint_costs(text) == (1, 2, 3)
    assert pawprint_budget(card("Fiery Confluence").oracle_text) == 0


def test_tiered_mode_names(card: Callable[[str], CardData]) -> None:
    assert mode_names(card("Fire Magic").oracle_text) == ("Fire", "Fira", "Firaga")


def test_gift_text_as_cast(card: Callable[[str], CardData]) -> None:
    pull = card("Long River's Pull")
    assert gift_of(pull) == "a card"
    plain = _with_optional_costs(pull, gift_to=None, bargained=False, additional_paid=False)
    assert plain.oracle_text == "Counter target creature spell."
    gifted = _with_optional_costs(pull, gift_to="Bob", bargained=False, additional_paid=False)
    assert gifted.oracle_text == "Bob draws a card.\nCounter target spell."


def test_parting_gust_returns_only_without_the_gift(card: Callable[[str], CardData]) -> None:
    gust = card("Parting Gust")
    plain = _with_optional_costs(gust, gift_to=None, bargained=False, additional_paid=False)
    assert "Return that card" in plain.oracle_text
    gifted = _with_optional_costs(gust, gift_to="Bob", bargained=False, additional_paid=False)
    assert "return" not in gifted.oracle_text.lower()
    assert "Bob creates a tapped 1/1 blue Fish creature token." in gifted.oracle_text


def test_torch_the_tower_bargained(card: Callable[[str], CardData]) -> None:
    torch = card("Torch the Tower")
    bargained = _with_optional_costs(torch, gift_to=None, bargained=True, additional_paid=False)
    assert "deals 3 damage to target creature or planeswalker" in bargained.oracle_text
    assert "sacrifice an artifact or enchantment or token" in bargained.oracle_text
    plain = _with_optional_costs(torch, gift_to=None, bargained=False, additional_paid=False)
    assert "3 damage" not in plain.oracle_text


def test_choices_refused_on_cards_without_them(card: Callable[[str], CardData]) -> None:
    bolt = card("Lightning Bolt")
    for kwargs in (
        {"gift_to": "Bob", "bargained": False, "additional_paid": False},
        {"gift_to": None, "bargained": True, "additional_paid": False},
        {"gift_to": None, "bargained": False, "additional_paid": True},
    ):
        with pytest.raises(IllegalActionError):
            _with_optional_costs(bolt, **kwargs)  # type: ignore[arg-type]
