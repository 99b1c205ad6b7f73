"""Blocks as statements (QA 35 U5; CR 509.1g-h): who blocks whom, blocked and unblocked."""

from __future__ import annotations

import pytest

from bot.errors import ScenarioError
from bot.scenario.ast import CanBlockQuestion, ObjectQuestion, ObjectRef, SetStatus
from bot.scenario.ast_text import render_statement
from bot.scenario.parser import parse_statement
from tests.scenario.card_names import is_known_name

BEARS, ELVES, BEAR = (
    ObjectRef("Grizzly Bears"),
    ObjectRef("Llanowar Elves"),
    ObjectRef("Runeclaw Bear"),
)


def parse(text: str) -> object:
    return parse_statement(text, speaker="Alice", is_known_name=is_known_name, players=("Bob",))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Llanowar Elves is blocking Grizzly Bears",
            SetStatus(subject=ELVES, status="blocking", others=(BEARS,)),
        ),
        (
            "Grizzly Bears is blocked by Llanowar Elves and Runeclaw Bear",
            SetStatus(subject=BEARS, status="blocked", others=(ELVES, BEAR)),
        ),
        (
            "Grizzly Bears is attacking and blocked by Llanowar Elves",
            SetStatus(subject=BEARS, status="blocked", others=(ELVES,)),
        ),
        (
            "Llanowar Elves and Runeclaw Bear are blocking Grizzly Bears",
            SetStatus(subject=BEARS, status="blocked", others=(ELVES, BEAR)),
        ),
        ("Grizzly Bears is attacking and unblocked", SetStatus(subject=BEARS, status="unblocked")),
        ("Grizzly Bears is unblocked", SetStatus(subject=BEARS, status="unblocked")),
        ("Grizzly Bears is not blocked", SetStatus(subject=BEARS, status="unblocked")),
        ("Grizzly Bears is blocked", SetStatus(subject=BEARS, status="blocked")),
        ("Grizzly Bears becomes blocked", SetStatus(subject=BEARS, status="blocked")),
        ("Is Grizzly Bears blocked?", ObjectQuestion(subject=BEARS, aspect="blocked")),
        ("Is Grizzly Bears unblocked?", ObjectQuestion(subject=BEARS, aspect="unblocked")),
        # QA 42 U4: whether a block would be legal (509.1a-b).
        (
            "Can Llanowar Elves block Grizzly Bears?",
            CanBlockQuestion(blocker=ELVES, attacker=BEARS),
        ),
    ],
)
def test_blocks_are_statements(text: str, expected: object) -> None:
    parsed = parse(text)
    assert parsed == expected
    assert parse(render_statement(parsed)) == expected  # the saved game's export reads back


def test_unblocked_by_is_refused_with_the_form_that_works() -> None:
    with pytest.raises(ScenarioError) as caught:
        parse("Grizzly Bears is unblocked by Llanowar Elves")
    assert "509.1h" in caught.value.message
    assert caught.value.hint == "Grizzly Bears is attacking and unblocked."


def test_combat_damage_is_kept_in_the_statement() -> None:
    parsed = parse("Grizzly Bears deals 2 combat damage to Bob")
    assert getattr(parsed, "combat", None) is True
    assert render_statement(parsed) == "Grizzly Bears deals 2 combat damage to Bob."
    assert getattr(parse("Grizzly Bears deals 2 damage to Bob"), "combat", None) is False
