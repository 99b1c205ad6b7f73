"""Wordings read since stop 48 (QA 49 U4, QA 50 U3/U5, QA 54): each parses to the statement the
corpus cases run, and renders back to a form that parses the same."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.scenario.ast import (
    AfterResolvingQuestion,
    CombatEnds,
    Gains,
    LifeQuestion,
    OrderStackTriggers,
    SetStatus,
    Trigger,
)
from bot.scenario.ast_text import render_statement
from bot.scenario.parser import parse_script

_NAMES = {"grizzly bears", "llanowar elves", "hill giant", "flametongue kavu"}


def _parse(text: str) -> list[object]:
    return list(
        parse_script(
            text,
            speaker="Alice",
            players=("Alice", "Bob"),
            is_known_name=lambda name: name.casefold() in _NAMES,
        )
    )


@given(
    st.sampled_from(["after it resolves", "once the stack resolves", "after everything resolves"])
)
def test_a_question_after_the_stack_resolves(suffix: str) -> None:
    [statement] = _parse(f"What is Bob's life total {suffix}?")
    assert isinstance(statement, AfterResolvingQuestion)
    assert isinstance(statement.question, LifeQuestion)
    [again] = _parse(render_statement(statement))
    assert again == statement


@given(st.sampled_from(["an attacker", "attackers"]), st.booleans())
def test_declares_as_an_attacker(role: str, whom: bool) -> None:
    said = " attacking Bob" if whom else ""
    [statement] = _parse(f"Alice declares Grizzly Bears as {role}{said}.")
    assert isinstance(statement, SetStatus)
    assert statement.status == "attacking"
    assert (statement.attacks is not None) == whom


@given(st.sampled_from(["block", "attack", "attack or block", "be blocked"]), st.booleans())
def test_cant_block_is_a_restriction(act: str, this_turn: bool) -> None:
    said = " this turn" if this_turn else ""
    [statement] = _parse(f"Llanowar Elves can't {act}{said}.")
    assert isinstance(statement, Gains)
    assert statement.ability == f"can't {act}"
    assert statement.this_turn == this_turn
    [again] = _parse(render_statement(statement))
    assert again == statement


def test_the_second_trigger_is_the_last_named_ability() -> None:
    first, second = _parse(
        "Flametongue Kavu's trigger targets Grizzly Bears.\n"
        "The second trigger targets Llanowar Elves.\n"
    )
    assert isinstance(first, Trigger) and isinstance(second, Trigger)
    assert second.ability == first.ability
    assert [t.name for t in second.choices.targets] == ["Llanowar Elves"]  # type: ignore[union-attr]


@given(st.sampled_from(["first", "last"]))
def test_a_trigger_put_on_the_stack_first_or_last(when: str) -> None:
    [statement] = _parse(f"Alice puts Flametongue Kavu's trigger on the stack {when}.")
    assert isinstance(statement, OrderStackTriggers)
    assert statement.last == (when == "last")
    [again] = _parse(render_statement(statement))
    assert again == statement


@given(
    st.sampled_from(
        [
            "The combat damage step ends.",
            "Combat ends.",
            "It is the end of combat.",
            "End of combat.",
        ]
    )
)
def test_combat_ends(said: str) -> None:
    [statement] = _parse(said)
    assert isinstance(statement, CombatEnds)
    assert statement.whole == ("step" not in said)
    [again] = _parse(render_statement(statement))
    assert again == statement
