"""Divert in the scenario language: "Change the target of target spell with a single target
unless that spell's controller pays {2}" needs who pays and the new target in one statement
(CR 118.12a, 115.7a): "... resolves and Bob doesn't pay, changing the target to ...", parsed
and written back."""

from __future__ import annotations

from bot.scenario.ast import ObjectRef, Payment, PlayerRef, Resolve, Retarget, RetargetKind
from bot.scenario.ast_text import render_statement
from bot.scenario.parser import parse_statement
from tests.scenario.card_names import is_known_name

DIVERT_NOT_PAID = "Divert resolves and Bob doesn't pay, changing the target to Grizzly Bears."


def read(text: str, *, index: bool = True):
    return parse_statement(
        text,
        speaker="Alice",
        players=("Alice", "Bob"),
        is_known_name=is_known_name if index else None,
    )


def test_a_refused_payment_and_the_new_target_parse_together() -> None:
    expected = Resolve(
        item=ObjectRef("Divert"),
        payment=Payment(PlayerRef("Bob"), pays=False),
        retarget=Retarget(RetargetKind.CHANGE_THE_TARGET, (ObjectRef("Grizzly Bears"),)),
    )
    assert read(DIVERT_NOT_PAID) == expected
    assert read(DIVERT_NOT_PAID, index=False) == expected
    assert render_statement(expected) == DIVERT_NOT_PAID
