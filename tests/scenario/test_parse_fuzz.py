"""Hypothesis feeds the parser >10,000 random and mutated scripts.

Whatever comes in, the parser returns statements or ``ScenarioError``s (never another
exception), every error is a clear message with its position and a hint, and the same text
always gives the same answer.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.errors import ScenarioError, UserError
from bot.scenario.ast import Statement
from bot.scenario.ast_text import render_statement
from bot.scenario.parser import parse_script
from tests.scenario.card_names import is_known_name
from tests.scenario.test_parse_document import EXAMPLES

SEEDS = [text for text, _ in EXAMPLES] + [
    "Alice cast Lightning Bolt at Bob.",
    "Bob controls Sword of Fire and Ice, Ashiok, Dream Render and Mr. Orfeo, the Boulder.",
    "Alice's second Runeclaw Bear gains protection from red.",
    "#3 loses hexproof.",
    "I cast Fireball with X=3 targeting opponent, dividing 1 and 2.",
    "<@42> activates Spellskite's first ability targeting Arc Trail's controller.",
    "Bob chooses new targets for Arc Trail: Llanowar Elves, Runeclaw Bear.",
    "Runeclaw Bear's ward trigger resolves and Bob doesn't pay.",
    "The ward trigger resolves and Bob pays {2}.",
]
PUNCTUATION = [*".,;:?!'\"/#@<>=+-()“”’&` \n\t", "//", "X=", "+1/+1", "...", "'s"]
WORDS = [
    "targeting",
    "with overload",
    "with kicker",
    "kicked",
    "kicked twice",
    "multikicked 3 times",
    "with bestow",
    "for its mutate cost",
    "with evoke",
    "for its foretell cost",
    "from exile",
    "without paying its mana cost",
    "by exiling a blue card",
    "with convoke, tapping",
    "with madness",
    "on top",
    "under it",
    "and",
    "with",
    "as",
    "choosing",
    "dividing",
    "at",
    "the",
    "of",
    "'s",
    "first",
    "trigger",
    "ability",
    "resolves",
    "pays",
    "doesn't pay",
    "casts",
    "controls",
    "has",
    "is",
    "gains",
    "token",
    "2/2",
    "X=4",
    "me",
    "opponent",
    "Bob",
    "Fire // Ice",
    "stack",
    "chain",
    "Might",
    "İ",
    "ß",
    "🂡",
    "\u200b",
    "ﬁ",
    "Ωmega",
    '"',
]


def mutate(words: list[str], operations: list[tuple[int, int, str]]) -> list[str]:
    words = list(words)
    for kind, where, extra in operations:
        if not words:
            words = [extra]
            continue
        index = where % len(words)
        if kind == 0:
            del words[index]
        elif kind == 1:
            other = (index * 7 + 3) % len(words)
            words[index], words[other] = words[other], words[index]
        elif kind == 2:
            words.insert(index, extra)
        elif kind == 3:
            words[index] = words[index] + extra
        elif kind == 4:
            words[index] = words[index].upper() if where % 2 else words[index].lower()
        else:
            words = words[:index]
    return words


EXTRAS = PUNCTUATION + WORDS


def random_statement(rng: random.Random) -> str:
    """A document statement with up to four random mutations (drawn from one seed)."""
    operations = [
        (rng.randint(0, 5), rng.randint(0, 1000), _extra(rng)) for _ in range(rng.randint(0, 4))
    ]
    return " ".join(mutate(rng.choice(SEEDS).split(" "), operations))


def _extra(rng: random.Random) -> str:
    if rng.random() < 0.8:
        return rng.choice(EXTRAS)
    return "".join(chr(rng.randint(32, 0x2FFF)) for _ in range(rng.randint(1, 5)))


SEPARATORS = [". ", "\n", "; ", ".", "? ", " ", "!\n", "...\n"]


def check(script: str, *, index: bool) -> None:
    known = is_known_name if index else None
    try:
        results = parse_script(script, speaker="Alice", is_known_name=known)
    except ScenarioError as error:
        assert error.message
        assert error.hint
        return
    except UserError as error:  # any other friendly error is acceptable, but must say something
        assert str(error)
        return
    for number, result in enumerate(results, start=1):
        if isinstance(result, ScenarioError):
            assert result.position == number
            assert f"Statement {number}" in result.message
            assert result.fragment
            assert result.hint
        else:
            assert isinstance(result, Statement)
            assert result.position == number
            assert result.text
            assert render_statement(result)
    # Deterministic: the same script gives the same values and the same messages.
    again = parse_script(script, speaker="Alice", is_known_name=known)
    assert [_comparable(r) for r in again] == [_comparable(r) for r in results]


def _comparable(result: object) -> object:
    if isinstance(result, ScenarioError):
        return (result.message, result.position, result.fragment, result.hint)
    assert isinstance(result, Statement)
    return (result, result.text, result.position)


def fuzz(examples: int) -> settings:
    return settings(
        max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )


# Mutations are drawn from one integer seed with ``random.Random``: much cheaper for
# hypothesis than composite strategies, so 10,000 examples stay fast; a failure prints its seed.
@fuzz(4500)
@given(seed=st.integers(0, 2**64), index=st.booleans())
def test_mutated_statements(seed, index):
    check(random_statement(random.Random(seed)), index=index)


@fuzz(3000)
@given(seed=st.integers(0, 2**64), index=st.booleans())
def test_mutated_scripts(seed, index):
    rng = random.Random(seed)
    script = "".join(
        random_statement(rng) + rng.choice(SEPARATORS) for _ in range(rng.randint(1, 6))
    )
    check(script, index=index)


@fuzz(1500)
@given(
    words=st.lists(
        st.one_of(st.sampled_from(WORDS), st.sampled_from(PUNCTUATION), st.text(max_size=8)),
        max_size=25,
    ),
    index=st.booleans(),
)
def test_random_word_salad(words, index):
    check(" ".join(words), index=index)


@fuzz(1000)
@given(text=st.text(max_size=300), index=st.booleans())
def test_random_unicode(text, index):
    check(text, index=index)


@fuzz(100)
@given(
    seed=st.sampled_from(SEEDS),
    repeat=st.integers(5, 150),
    joiner=st.sampled_from([" and ", ", ", " ", "; ", "\n", ". "]),
)
def test_very_long_input(seed, repeat, joiner):
    check(joiner.join([seed.rstrip(".?")] * repeat), index=True)


@given(times=st.integers(1, 40), form=st.sampled_from(["kicked {}", "with multikicker paid {}"]))
def test_times_kicked_round_trip(times, form):
    """However many times a multikicker is paid (CR 702.33c), the statement says so and reads
    back the same when written out again (``game export``)."""
    count = {1: "once", 2: "twice"}.get(times, f"{times} times")
    text = f"Alice casts Comet Storm {form.format(count)} targeting Bob."
    (statement,) = parse_script(text, speaker="Alice", is_known_name=is_known_name)
    assert isinstance(statement, Statement)
    assert statement.choices.kicked == times
    written = render_statement(statement)
    (again,) = parse_script(written, speaker="Alice", is_known_name=is_known_name)
    assert isinstance(again, Statement)
    assert again.choices == statement.choices
