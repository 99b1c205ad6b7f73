"""Casting methods after a card name (QA 13 #8): "Alice casts Fury with evoke targeting Bob."
reads the card "Fury" and the method, with or without the card index, in any order with the
other clauses; the rendered statement reads back the same; methods this bot doesn't model
name the card and give the statement without them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.errors import ScenarioError
from bot.scenario.ast import Activate, Cast
from bot.scenario.ast_text import render_statement
from bot.scenario.parser import parse_script, parse_statement
from tests.scenario.card_names import is_known_name

NAMES = [
    "Fury",
    "Saw It Coming",
    "Play with Fire",
    "Sword of Fire and Ice",
    "Ashiok, Dream Render",
    "Return to Nature",
    "Fire // Ice",
]
# (what is typed, the method it records, the zone it records)
METHODS = [
    ("with evoke", "evoke", ""),
    ("for its evoke cost", "evoke", ""),
    ("evoked", "evoke", ""),
    ("for its foretell cost", "foretell", ""),
    ("with foretell", "foretell", ""),
    ("with plot", "plot", ""),
    ("with suspend", "suspend", ""),
    ("with escape", "escape", ""),
    ("using its escape ability", "escape", ""),
    ("with jump-start", "jump-start", ""),
    ("with offspring", "offspring", ""),
    ("paying its offspring cost", "offspring", ""),
    ("with convoke", "convoke", ""),
    ("with delve", "delve", ""),
    ("without paying its mana cost", "free", ""),
    ("by exiling a blue card", "pitch", ""),
    ("by paying 1 life and exiling a blue card", "pitch", ""),
    ("from exile", "", "exile"),
    ("from her graveyard", "", "graveyard"),
    ("from Alice's graveyard", "", "graveyard"),
]
TARGETS = ["", " targeting Bob", " targeting Runeclaw Bear and Bob"]


def _one(text: str, *, index: bool) -> Cast | ScenarioError:
    (result,) = parse_script(text, speaker="Alice", is_known_name=is_known_name if index else None)
    assert isinstance(result, Cast | ScenarioError)
    return result


@settings(max_examples=300, deadline=None)
@given(
    name=st.sampled_from(NAMES),
    methods=st.lists(
        st.sampled_from(METHODS), min_size=1, max_size=2, unique_by=lambda m: m[1] or "zone"
    ),
    targets=st.sampled_from(TARGETS),
    before=st.booleans(),
    index=st.booleans(),
)
def test_methods_are_read_apart_from_the_name(name, methods, targets, before, index):
    if any(m[0].startswith("by ") for m in methods) and not index and "," in name:
        return  # without the index a comma in the name is a list; not this test's business
    said = " ".join(m[0] for m in methods)
    text = (
        f"Alice casts {name}{targets} {said}." if before else f"Alice casts {name} {said}{targets}."
    )
    cast = _one(text, index=index)
    assert isinstance(cast, Cast), text
    assert cast.card == name
    assert cast.choices.methods == tuple(m[1] for m in methods if m[1])
    assert cast.choices.from_zone == next((m[2] for m in methods if m[2]), "")
    assert (
        len(cast.choices.targets) == len(targets.split(" and "))
        if targets
        else not cast.choices.targets
    )
    again = _one(render_statement(cast), index=index)
    assert isinstance(again, Cast)
    assert again.choices == cast.choices
    assert again.card == cast.card


@pytest.mark.parametrize("index", [True, False])
def test_convoke_and_delve_say_what_pays(index):
    cast = _one(
        "Alice casts Fury with convoke, tapping Runeclaw Bear and Llanowar Elves, targeting Bob.",
        index=index,
    )
    assert isinstance(cast, Cast)
    assert cast.choices.methods == ("convoke",)
    assert cast.choices.cost_text == "tapping Runeclaw Bear and Llanowar Elves"
    assert len(cast.choices.targets) == 1


@pytest.mark.parametrize("index", [True, False])
def test_an_unmodelled_method_names_the_card_and_what_works(index):
    error = _one("Alice casts Fury with madness targeting Bob.", index=index)
    assert isinstance(error, ScenarioError)
    assert "“Fury” is found" in error.message
    assert "madness" in error.message
    assert error.hint == "Alice casts Fury targeting Bob."


@pytest.mark.parametrize("index", [True, False])
def test_replicate_is_refused_with_the_spell_and_its_own_target_only(index):
    # CR 702.56a: replicate copies the spell once per payment; the copies aren't modelled, so
    # the targets named after the first (the copies') are left out of what would work (QA 19).
    error = _one(
        "Alice casts Fury with replicate paid twice targeting Bob, Bob and Bob.", index=index
    )
    assert isinstance(error, ScenarioError)
    assert "nothing was cast" in error.message and "702.56a" in error.message
    assert "checked as usual" not in error.message
    assert error.hint == "Alice casts Fury targeting Bob."


def test_a_method_given_twice_is_refused():
    error = _one("Alice casts Fury with evoke for its evoke cost.", index=True)
    assert isinstance(error, ScenarioError)
    assert "given twice" in error.message


def test_by_sacrificing_is_still_a_sacrifice():
    cast = _one("Alice casts Fury by sacrificing Runeclaw Bear targeting Bob.", index=True)
    assert isinstance(cast, Cast)
    assert len(cast.choices.sacrificed) == 1
    assert not cast.choices.methods


@pytest.mark.parametrize(
    "text",
    [
        "Bob casts Giant Growth in response targeting Grizzly Bears.",
        "Bob casts Giant Growth in response to Lightning Bolt, targeting Grizzly Bears.",
        "Bob casts Giant Growth targeting Grizzly Bears in response.",
        "Bob casts Giant Growth, in response to it, targeting Grizzly Bears.",
    ],
)
def test_in_response_says_nothing_more_than_casting(text: str) -> None:
    # Responding is casting while the stack isn't empty (CR 117.1a): the words were read as
    # part of the card's name ("No card is named like “Giant Growth in response”").
    parsed = parse_statement(text, speaker="Alice")
    assert isinstance(parsed, Cast)
    assert parsed.card == "Giant Growth"
    assert [t.name for t in parsed.choices.targets] == ["Grizzly Bears"]


def test_in_response_is_dropped_from_an_activation() -> None:
    parsed = parse_statement(
        "Bob activates Spellskite in response targeting Lightning Bolt.", speaker="Alice"
    )
    assert isinstance(parsed, Activate)
    assert parsed.ability.source.name == "Spellskite"


def test_responds_with_is_casting() -> None:
    # "Bob responds with Giant Growth" is how a response is told: casting it (117.1a).
    parsed = parse_statement(
        "Bob responds with Giant Growth on Grizzly Bears.", speaker="A", is_known_name=is_known_name
    )
    assert isinstance(parsed, Cast)
    assert (parsed.player.name, parsed.card) == ("Bob", "Giant Growth")
    assert [t.name for t in parsed.choices.targets] == ["Grizzly Bears"]


@pytest.mark.parametrize("index", [True, False])
def test_a_mode_written_out_in_full_keeps_its_from_your_graveyard(index):
    # CR 700.2 (QA 28 U2): "from your graveyard" inside a mode's own words (Kolaghan's
    # Command) is part of the mode, not where the spell is cast from; said after the modes
    # with nothing after it, it still is.
    cast = _one(
        "Alice casts Kolaghan's Command choosing target player discards a card and return "
        "target creature card from your graveyard to your hand targeting Alice and Grizzly "
        "Bears.",
        index=index,
    )
    assert isinstance(cast, Cast)
    assert cast.choices.modes == (
        "target player discards a card",
        "return target creature card from your graveyard to your hand",
    )
    assert cast.choices.from_zone == "" and len(cast.choices.targets) == 2
    cast = _one(
        "Alice casts Kolaghan's Command choosing discard and damage from her graveyard "
        "targeting Bob and Bob.",
        index=index,
    )
    assert isinstance(cast, Cast)
    assert cast.choices.modes == ("discard", "damage")
    assert cast.choices.from_zone == "graveyard"


@pytest.mark.parametrize("index", [True, False])
def test_exiling_names_the_graveyard_cards_a_cost_exiles(index):
    """Haunting Misery's "exile X creature cards from your graveyard" (QA 40 U3), read apart
    from delve's "exiling ..." (which stays its cost words)."""
    cast = _one(
        "Alice casts Haunting Misery with X=2, exiling Grizzly Bears and Hill Giant, "
        "targeting Bob.",
        index=index,
    )
    assert isinstance(cast, Cast)
    assert cast.choices.x == 2
    assert [getattr(t, "name", "") for t in cast.choices.exiled] == ["Grizzly Bears", "Hill Giant"]
    again = _one(render_statement(cast), index=index)
    assert isinstance(again, Cast) and again.choices == cast.choices
    delve = _one("Alice casts Treasure Cruise with delve, exiling Grizzly Bears.", index=index)
    assert isinstance(delve, Cast)
    assert delve.choices.exiled == () and delve.choices.cost_text == "exiling Grizzly Bears"
