"""The generic fuzzy name matcher, on the real MTG card names."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.errors import AmbiguousError, NotFoundError, UsageError, UserError
from bot.reference.fuzzy import FuzzyNameMatcher, normalize_name
from bot.reference.store import Reference


@pytest.fixture(scope="module")
def matcher(cards_reference: Reference) -> FuzzyNameMatcher[int]:
    """A matcher over every real card name (and face name), keyed by card id, no nicknames."""
    rows = cards_reference.conn.execute(
        "SELECT name, card_id FROM card_names ORDER BY priority, card_id, face_index"
    ).fetchall()
    return FuzzyNameMatcher((row[0], row[1]) for row in rows)


_NAME_CACHE: dict[int, dict[int, str]] = {}


def _names(matcher: FuzzyNameMatcher[int]) -> dict[int, str]:
    """card id -> the first (full) name listed for it."""
    cached = _NAME_CACHE.get(id(matcher))
    if cached is None:
        cached = {}
        for name in matcher.names:
            key = matcher.exact(name)
            assert key is not None
            cached.setdefault(key, name)
        _NAME_CACHE[id(matcher)] = cached
    return cached


def resolved(matcher: FuzzyNameMatcher[int], query: str) -> str:
    return _names(matcher)[matcher.resolve(query)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Lim-Dûl the Necromancer", "lim dul the necromancer"),
        ("Æther Vial", "aether vial"),
        ("Urza's Saga", "urzas saga"),
        ("Fire // Ice", "fire ice"),
        ("  JACE,   the Mind Sculptor ", "jace the mind sculptor"),
        ("Déjà Vu", "deja vu"),
        ("_____", "_____"),  # a name of punctuation only stays findable
    ],
)
def test_normalize_name(text: str, expected: str) -> None:
    assert normalize_name(text) == expected


@given(st.text(max_size=60))
def test_normalize_is_idempotent_and_casefolded(text: str) -> None:
    once = normalize_name(text)
    assert normalize_name(once) == once
    assert once == once.casefold()
    assert "  " not in once and once == once.strip()


@pytest.mark.parametrize("name", ["Opt", "Moat", "Fling", "Shock", "Duress"])
def test_exact_name_beats_longer_names_containing_it(
    matcher: FuzzyNameMatcher[int], name: str
) -> None:
    assert resolved(matcher, name.lower()) == name
    best = matcher.match(name.lower(), 3)[0]
    assert best.exact and best.score == 100.0


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("arc trial", "Arc Trail"),
        ("lightnig bolt", "Lightning Bolt"),
        ("jace mind sculptor", "Jace, the Mind Sculptor"),
        ("brainstrom", "Brainstorm"),
        ("counterspel", "Counterspell"),
        ("tarmogoyph", "Tarmogoyf"),
        ("spell skite", "Spellskite"),
        ("threatne", "Threaten"),
        ("katma", "Karma"),
        ("lightning bo", "Lightning Bolt"),
        ("SENSEI DIVINING TOP", "Sensei's Divining Top"),
    ],
)
def test_misspellings_and_partial_names_find_the_card(
    matcher: FuzzyNameMatcher[int], query: str, expected: str
) -> None:
    assert resolved(matcher, query) == expected


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("Lim-Dul the Necromancer", "Lim-Dûl the Necromancer"),
        ("limdul the necromancer", "Lim-Dûl the Necromancer"),
        ("Æther Vial", "Aether Vial"),
        ("aether vial", "Aether Vial"),
        ("deja vu", "Déjà Vu"),
        ("seance", "Séance"),
    ],
)
def test_accents_and_ligatures_are_ignored(
    matcher: FuzzyNameMatcher[int], query: str, expected: str
) -> None:
    assert resolved(matcher, query) == expected


def test_face_names_find_their_card(matcher: FuzzyNameMatcher[int]) -> None:
    fire_ice = matcher.resolve("Fire // Ice")
    assert matcher.resolve("fire") == fire_ice
    assert matcher.resolve("ice") == fire_ice
    assert resolved(matcher, "stomp") == "Bonecrusher Giant // Stomp"
    assert resolved(matcher, "insectile aberation") == "Delver of Secrets // Insectile Aberration"


def test_a_real_card_name_wins_over_another_cards_face(matcher: FuzzyNameMatcher[int]) -> None:
    # "Lightning Bolt" is also a face of Emeritus of Conflict; the real card comes first.
    assert resolved(matcher, "Lightning Bolt") == "Lightning Bolt"


@pytest.mark.parametrize("query", ["bolt", "goyf", "herald of", "cartouche of"])
def test_ambiguous_queries_ask_with_candidates(matcher: FuzzyNameMatcher[int], query: str) -> None:
    with pytest.raises(AmbiguousError) as caught:
        matcher.resolve(query)
    suggestions = caught.value.suggestions
    assert 2 <= len(suggestions) <= 5
    assert all(query.split()[0] in normalize_name(s) for s in suggestions)
    assert "Did you mean" in str(caught.value)


@pytest.mark.parametrize(
    "query",
    ["the stack", "what happens when my creature dies", "asdfghjkl", "'; DROP TABLE cards; --"],
)
def test_text_naming_no_card_is_not_found(matcher: FuzzyNameMatcher[int], query: str) -> None:
    with pytest.raises(NotFoundError) as caught:
        matcher.resolve(query)
    assert len(caught.value.suggestions) <= 5


@pytest.mark.parametrize("query", ["", "   ", "😀🔥", "''", "//"])
def test_blank_queries_are_usage_errors(matcher: FuzzyNameMatcher[int], query: str) -> None:
    with pytest.raises(UsageError) as caught:
        matcher.resolve(query)
    assert "name" in caught.value.message


def test_a_10kb_query_is_refused_politely(matcher: FuzzyNameMatcher[int]) -> None:
    with pytest.raises(UsageError, match="too long"):
        matcher.resolve("lightning bolt " * 700)
    assert matcher.match("x" * 10_000) is not None  # match() never raises


def test_match_is_best_first_one_per_key(matcher: FuzzyNameMatcher[int]) -> None:
    matches = matcher.match("fire", 10)
    assert matches[0].name == "Fire" and matches[0].exact
    scores = [m.score for m in matches]
    assert scores == sorted(scores, reverse=True)
    assert len({m.key for m in matches}) == len(matches)


def test_autocomplete_prefers_names_starting_with_the_text(matcher: FuzzyNameMatcher[int]) -> None:
    names = matcher.autocomplete("light")
    assert 0 < len(names) <= 25
    assert all(normalize_name(n).startswith("light") for n in names)
    assert "Lightning Bolt" in matcher.autocomplete("lightning b")
    assert matcher.autocomplete("fire")[0] == "Fire"
    assert matcher.autocomplete("") == []
    assert len(matcher.autocomplete("a", limit=10)) == 10


def test_autocomplete_falls_back_to_words_then_typos(matcher: FuzzyNameMatcher[int]) -> None:
    assert "Jace, the Mind Sculptor" in matcher.autocomplete("mind sculptor")
    assert "Arc Trail" in matcher.autocomplete("arc trial")
    assert all(len(n) <= 100 for n in matcher.autocomplete("our market research"))


def test_aliases_resolve_and_never_hide_real_names() -> None:
    small = FuzzyNameMatcher(
        [("Dark Confidant", 1), ("Bob", 2)],
        aliases={"bob": "Dark Confidant", "dc": "Dark Confidant", "x": "Nope"},
    )
    assert small.resolve("dc") == 1
    assert small.exact("bob") == 2  # a card really named Bob wins over the nickname
    assert small.unknown_aliases == ["x"]


def test_prenormalized_matches_like_the_normal_constructor() -> None:
    entries = [("Lim-Dûl the Necromancer", 1), ("Fire // Ice", 2)]
    plain = FuzzyNameMatcher(entries)
    stored = FuzzyNameMatcher.prenormalized((n, normalize_name(n), k) for n, k in entries)
    for query in ("lim dul the necromancer", "fire", "fire ice", "limdul"):
        assert plain.exact(query) == stored.exact(query)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.text(max_size=300) | st.sampled_from(["'); DROP TABLE cards;--", "\x00", "%", "_" * 300]))
def test_resolve_raises_only_user_errors(matcher: FuzzyNameMatcher[int], query: str) -> None:
    try:
        matcher.resolve(query)
    except UserError as error:
        assert error.message
        assert len(error.suggestions) <= 5
    assert len(matcher.autocomplete(query)) <= 25
