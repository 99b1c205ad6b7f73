"""The legend rule's choice (CR 704.5j) and what a returning Clone copies (CR 707.5), as
statements, and their canonical text read back to the same value (saved games' transcripts)."""

from __future__ import annotations

import pytest

from bot.errors import ScenarioError
from bot.scenario.ast import (
    FLICKER,
    KeepsLegend,
    MovesZone,
    ObjectRef,
    PlayerRef,
    Resolve,
    TopOfStack,
)
from bot.scenario.ast_text import render_statement
from bot.scenario.parser import parse_statement


def parse(text: str):
    return parse_statement(text, speaker="Alice", players=("Alice", "Bob"))


def test_keeping_a_legend_names_the_player_and_the_permanent():
    assert parse("Alice keeps #3.") == KeepsLegend(
        player=PlayerRef("Alice"), subject=ObjectRef("", object_id=3)
    )
    kept = parse("Bob keeps Bob's second Kalamax, the Stormsire.")
    assert isinstance(kept, KeepsLegend) and kept.player == PlayerRef("Bob")
    assert kept.subject.name == "Kalamax, the Stormsire" and kept.subject.ordinal == 2
    with pytest.raises(ScenarioError, match="which permanent is kept"):
        parse("Alice keeps.")


def test_a_resolving_flicker_says_what_the_returning_clone_copies():
    said = parse("Ephemerate resolves, Clone copying Grizzly Bears.")
    assert isinstance(said, Resolve) and said.copier == "Clone"
    assert said.copy_of == ObjectRef("Grizzly Bears") and not said.copy_nothing
    nothing = parse("Cloudshift resolves and Clone returns copying nothing.")
    assert isinstance(nothing, Resolve) and nothing.copy_nothing and nothing.copier == "Clone"
    # Without a name, the copy is the resolving spell's own (Clone) or what it returns.
    plain = parse("The top of the stack resolves copying Grizzly Bears.")
    assert isinstance(plain, Resolve) and plain.item == TopOfStack() and plain.copier == ""


def test_a_stated_return_or_flicker_says_what_it_copies():
    back = parse("Clone returns to the battlefield copying Grizzly Bears.")
    assert isinstance(back, MovesZone) and back.to_zone == "battlefield"
    assert back.copy_of == ObjectRef("Grizzly Bears")
    flicker = parse("Alice's Troll Ascetic is flickered, copying nothing.")
    assert isinstance(flicker, MovesZone) and flicker.to_zone == FLICKER and flicker.copy_nothing
    with pytest.raises(ScenarioError, match="copying"):
        parse("Clone returns to its owner's hand copying Grizzly Bears.")


@pytest.mark.parametrize(
    "text",
    [
        "Alice keeps #3.",
        "Ephemerate resolves, Clone copying Grizzly Bears.",
        "Cloudshift resolves, Clone copying nothing.",
        "Clone returns to the battlefield copying Grizzly Bears.",
        "Alice's Troll Ascetic is flickered, copying Grizzly Bears.",
    ],
)
def test_canonical_text_reads_back_to_the_same_value(text):
    parsed = parse(text)
    assert parse(render_statement(parsed)) == parsed
