"""Cutting scripts into statements."""

from __future__ import annotations

import pytest

from bot.scenario.lexer import split_statements, tidy


def texts(script: str) -> list[str]:
    return [s.clean for s in split_statements(script)]


# (test_splitter_names.py checks these split the same with the game's card names known.)
CASES = [
    ("Alice has 12 life. Bob has 3 life.", ["Alice has 12 life", "Bob has 3 life"]),
    ("Alice has 12 life; Bob has 3 life", ["Alice has 12 life", "Bob has 3 life"]),
    ("Alice has 12 life\n\nBob has 3 life", ["Alice has 12 life", "Bob has 3 life"]),
    ("alice has 12 life. bob has 3 life.", ["alice has 12 life", "bob has 3 life"]),
    (
        "Alice casts Fireball with X=4 targeting Bob. Arc Trail resolves.",
        ["Alice casts Fireball with X=4 targeting Bob", "Arc Trail resolves"],
    ),
    ("Bob's Zombie has 2 +1/+1 counters.", ["Bob's Zombie has 2 +1/+1 counters"]),
    ("Alice casts Fire // Ice as Fire.", ["Alice casts Fire // Ice as Fire"]),
    ("Alice has 2.5 life.", ["Alice has 2.5 life"]),
    ("Bob controls Mr. Orfeo, the Boulder.", ["Bob controls Mr. Orfeo, the Boulder"]),
    ("Bob controls B.F.M. (Big Furry Monster).", ["Bob controls B.F.M. (Big Furry Monster)"]),
    (
        'Does "Each opponent sacrifices a creature. Then draw a card." target? Arc Trail resolves.',
        [
            'Does "Each opponent sacrifices a creature. Then draw a card." target',
            "Arc Trail resolves",
        ],
    ),
    ('Does "a; b" target?', ['Does "a; b" target']),
    (
        "Can Alice cast Giant Growth? Resolve the stack!",
        ["Can Alice cast Giant Growth", "Resolve the stack"],
    ),
    (
        "Alice casts Kaboom! targeting Bob. Kaboom! resolves. Wow! Bob has 3 life.",
        ["Alice casts Kaboom! targeting Bob", "Kaboom! resolves", "Wow", "Bob has 3 life"],
    ),
    ("```\nArc Trail resolves.\n```", ["Arc Trail resolves"]),
    ("...\n;;\n", []),
]


@pytest.mark.parametrize(("script", "expected"), CASES)
def test_split_statements(script, expected):
    assert texts(script) == expected


def test_questions_are_marked_and_original_text_is_kept():
    statements = split_statements("  Can Alice cast Giant Growth?   Arc Trail resolves.")
    assert [s.text for s in statements] == ["Can Alice cast Giant Growth?", "Arc Trail resolves."]
    assert [s.is_question for s in statements] == [True, False]


def test_tidy_straightens_quotes_and_spaces():
    assert tidy("Bob’s  Zombie\u00a0has “hexproof”.") == 'Bob\'s Zombie has "hexproof"'
