"""The statement splitter and card names holding sentence marks (QA 50 U4, r04; stop 46 sweep).

"TL;DR", "Now You See Me . . .", "Where We're Going...", "Continue?" (Oracle) and "Get
Excited!" (Riftbound) were cut into two statements at their own marks.  The splitter now finds
the game's names first (``CardNameGuard``) and never cuts inside one.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.scenario import ast
from bot.scenario.executor import MtgScenarioExecutor
from bot.scenario.lexer import CardNameGuard, split_statements
from bot.scenario.riftbound_executor import RiftboundScenarioExecutor
from tests.scenario.test_lexer import CASES

# Real names (Oracle card data and the Riftbound gallery), enough for the unit cases.
NAMES = CardNameGuard(
    [
        "TL;DR",
        "Now You See Me . . .",
        "Where We're Going...",
        "Continue?",
        "Get Excited!",
        "Kaboom!",
        "Agents of S.H.I.E.L.D.",
        "Devil K. Nevil",
        "Mr. Orfeo, the Boulder",
        "B.F.M. (Big Furry Monster)",
        "Welcome to . . .",
        "Welcome to . . . // Jurassic Park",
        "Grizzly Bears",
    ]
)
_MARKS = re.compile(r"[.?!;]")


def cut(script: str, names: CardNameGuard | None = NAMES) -> list[str]:
    return [s.clean for s in split_statements(script, names)]


@pytest.mark.parametrize(
    ("script", "expected"),
    [
        ("Alice casts TL;DR targeting Bob.", ["Alice casts TL;DR targeting Bob"]),
        ("alice casts tl;dr targeting bob.", ["alice casts tl;dr targeting bob"]),
        ("TL;DR resolves. Bob has 3 life.", ["TL;DR resolves", "Bob has 3 life"]),
        # A full stop after "TL;DR" is not the abbreviation "Dr." (found by the property test).
        ("Bob casts TL;DR. Alice has 3 life.", ["Bob casts TL;DR", "Alice has 3 life"]),
        (
            "Alice casts Now You See Me . . . targeting Grizzly Bears. Bob passes.",
            ["Alice casts Now You See Me . . . targeting Grizzly Bears", "Bob passes"],
        ),
        # The ellipsis typed without its spaces, or as one character; a curly apostrophe.
        (
            "Alice casts Now You See Me... targeting Grizzly Bears.",
            ["Alice casts Now You See Me... targeting Grizzly Bears"],
        ),
        (
            "Alice casts Where We’re Going... targeting Grizzly Bears.",
            ["Alice casts Where We're Going... targeting Grizzly Bears"],
        ),
        # A name's own final mark stays in the clean text: it is part of the name.
        (
            "Bob targets Blazing Scorcher with Get Excited!",
            ["Bob targets Blazing Scorcher with Get Excited!"],
        ),
        ("Can Alice respond to Get Excited!?", ["Can Alice respond to Get Excited!"]),
        ("Alice casts Continue?", ["Alice casts Continue?"]),
        ("Alice casts Continue? Bob passes.", ["Alice casts Continue?", "Bob passes"]),
        ("Alice casts Welcome to . . .", ["Alice casts Welcome to . . ."]),
        (
            "Alice casts Welcome to . . . // Jurassic Park.",
            ["Alice casts Welcome to . . . // Jurassic Park"],
        ),
        # A name ending in a full stop ends the statement when a capital follows.
        (
            "Alice controls Agents of S.H.I.E.L.D. Bob controls Grizzly Bears.",
            ["Alice controls Agents of S.H.I.E.L.D.", "Bob controls Grizzly Bears"],
        ),
        (
            "Agents of S.H.I.E.L.D. attacks Bob.",
            ["Agents of S.H.I.E.L.D. attacks Bob"],
        ),
        (
            "Alice controls Devil K. Nevil. Bob has 3 life.",
            ["Alice controls Devil K. Nevil", "Bob has 3 life"],
        ),
        # A word only ending like a name is no name.
        ("Alice casts Okaboom! Bob has 3 life.", ["Alice casts Okaboom", "Bob has 3 life"]),
    ],
)
def test_names_with_marks_are_not_cut(script: str, expected: list[str]) -> None:
    assert cut(script) == expected


def test_a_lone_letter_ends_a_statement() -> None:
    """QA 50 r04: "at Battlefield A. Bob controls ..." was read as one battlefield's name."""
    script = (
        "Alice controls Blazing Scorcher at Battlefield A. Bob controls Sai Scout at Battlefield A."
    )
    expected = [
        "Alice controls Blazing Scorcher at Battlefield A",
        "Bob controls Sai Scout at Battlefield A",
    ]
    assert cut(script, None) == cut(script) == expected
    # Dotted initials still don't end one.
    assert cut("Bob controls B.F.M. (Big Furry Monster).", None) == [
        "Bob controls B.F.M. (Big Furry Monster)"
    ]


def test_a_question_mark_of_the_name_is_no_question() -> None:
    asked = split_statements("Alice casts Continue? Can Alice respond to Get Excited!?", NAMES)
    assert [s.is_question for s in asked] == [False, True]


@pytest.mark.parametrize(("script", "expected"), CASES)
def test_ordinary_statements_split_as_without_names(script: str, expected: list[str]) -> None:
    assert cut(script) == expected


def _marked_names(names: list[str]) -> list[str]:
    return sorted({n.strip('"') for n in names if _MARKS.search(n)})


@pytest.fixture(scope="module")
def mtg_names(executor: MtgScenarioExecutor) -> list[str]:
    names = _marked_names(list(executor.cards.names()))
    assert {"TL;DR", "Now You See Me . . .", "Where We're Going...", "Continue?"} <= set(names)
    return names


@pytest.fixture(scope="module")
def rb_names(rb: RiftboundScenarioExecutor) -> list[str]:
    names = _marked_names(list(rb.cards.names()))
    assert {"Get Excited!", "B.F. Sword", "Dr. Mundo, Expert"} <= set(names)
    return names


_PLAIN = ["Bob has 3 life", "Alice controls Grizzly Bears", "Can Bob respond?", "Both players pass"]


def _statements(data: st.DataObject, names: list[str]) -> list[tuple[str, str]]:
    """Statements as typed, each with the clean text it must give: real names with marks in
    several places ("X resolves.", "Alice casts X targeting Bob.", "Alice casts X.")."""
    said = []
    for _ in range(data.draw(st.integers(1, 4))):
        name = data.draw(st.sampled_from(names))
        place = data.draw(st.integers(0, 3))
        if place == 0:
            said.append((f"{name} resolves.", f"{name} resolves"))
            continue
        if data.draw(st.booleans()):
            # Typed in lower case inside a statement (a statement starting in lower case after
            # a name ending in a mark would go on from it: "Kaboom! kaboom! resolves").
            name = name.lower()
        if place == 1:
            said.append((f"Alice casts {name} targeting Bob.", f"Alice casts {name} targeting Bob"))
        elif place == 2:
            # Ends with the name: its own final mark is kept, a full stop added otherwise.
            ends = name[-1] in ".?!"
            said.append((f"Bob casts {name}{'' if ends else '.'}", f"Bob casts {name}"))
        else:
            plain = data.draw(st.sampled_from(_PLAIN))
            end = "" if plain.endswith("?") else "."
            said.append((plain + end, plain.rstrip("?")))
    return said


@settings(max_examples=300, deadline=None)
@given(data=st.data(), newlines=st.booleans())
def test_real_names_with_marks_are_never_cut(
    data: st.DataObject,
    newlines: bool,
    executor: MtgScenarioExecutor,
    rb: RiftboundScenarioExecutor,
    mtg_names: list[str],
    rb_names: list[str],
) -> None:
    game = data.draw(st.sampled_from(["mtg", "riftbound"]))
    names, guard = (mtg_names, executor.card_names) if game == "mtg" else (rb_names, rb.card_names)
    said = _statements(data, names)
    script = ("\n" if newlines else " ").join(typed for typed, _ in said)
    assert [s.clean for s in split_statements(script, guard)] == [clean for _, clean in said]


_WORDS = st.sampled_from(
    ["Alice", "Bob", "casts", "Shock", "A", "X", "Mr", "B.F.M.", "resolves", "tl", "me", "Wow", "3"]
)
_GLUE = st.sampled_from([" ", ". ", "? ", "! ", "; ", "...", " . . . ", "\n", ".", ";"])


@settings(max_examples=300, deadline=None)
@given(pieces=st.lists(st.tuples(_WORDS, _GLUE), max_size=12))
def test_text_without_names_splits_as_it_always_did(
    pieces: list[tuple[str, str]], executor: MtgScenarioExecutor
) -> None:
    script = "".join(word + glue for word, glue in pieces)
    if any(executor.card_names.spans(line) for line in script.splitlines()):
        return  # a real name was made ("Wow!"?): the cases above cover those
    assert split_statements(script, executor.card_names) == split_statements(script)


def test_a_names_own_question_mark_casts_and_a_second_one_asks(
    executor: MtgScenarioExecutor,
) -> None:
    """ "Alice casts Continue?" casts the card; "Alice casts Continue??" asks whether she can
    (QA 50 W3: a statement said with "?" changes nothing)."""
    cast, asked = executor.parse("Alice casts Continue?\nAlice casts Continue??", speaker="Alice")
    assert isinstance(cast, ast.Cast) and cast.card == "Continue?"
    assert isinstance(asked, ast.CanQuestion)


def test_a_cut_name_no_longer_leaves_a_verbless_statement(
    executor: MtgScenarioExecutor, rb: RiftboundScenarioExecutor
) -> None:
    mtg = executor.run(
        "Alice controls Grizzly Bears.\nAlice casts TL;DR targeting Grizzly Bears.", speaker="Alice"
    )
    assert [s.verdict for s in mtg.steps] == ["ok", "legal"]
    riftbound = rb.run(
        "Alice controls Blazing Scorcher at Targon's Peak.\n"
        "Bob targets Blazing Scorcher with Get Excited!",
        speaker="Bob",
    )
    assert [s.verdict for s in riftbound.steps] == ["ok", "legal"]
