"""French queries become English ones; accents and case are optional; nothing ever raises."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.reference.french import (
    FRENCH_CARD_NAMES_UNAVAILABLE,
    fold,
    french_card_name_hint,
    glossary,
    is_probably_french,
    translate_query,
)


@pytest.mark.parametrize(
    ("query", "english", "first_rule"),
    [
        ("changer la cible", "change the target", "115.7"),
        ("Changer la cible d'un sort", "change the target", "115.7"),
        ("choisir de nouvelles cibles", "choose new targets", "115.7d"),
        ("cible", "target", "115"),
        ("ciblé", "target", "115"),
        ("sort", "spell", "112"),
        ("capacité activée", "activated ability", "602"),
        ("capacite activee", "activated ability", "602"),
        ("CAPACITÉS DÉCLENCHÉES", "triggered ability", "603"),
        ("protection contre le rouge", "protection from red", "702.16"),
        ("défausser", "discard", "701.9"),
        ("defausse", "discard", "701.9"),
        ("la pile", "stack", "405"),
        ("cimetière", "graveyard", "404"),
        ("exil", "exile", "406"),
        ("bibliothèque", "library", "401"),
        ("champ de bataille", "battlefield", "403"),
        ("rituel", "sorcery", "307"),
        ("éphémère", "instant", "304"),
        ("défenseur", "defender", "702.3"),
        ("linceul", "shroud", "702.18"),
        ("défense talismanique", "hexproof", "702.11"),
        ("piétinement", "trample", "702.19"),
        ("vol", "flying", "702.9"),
        ("contrecarrer", "counter", "701.6"),
        ("arrive sur le champ de bataille", "enters the battlefield", "603.6a"),
        ("coût de mana converti", "mana value", "202.3"),
        ("valeur de mana", "mana value", "202.3"),
        ("engager", "tap", "701.26"),
        ("dégager", "untap", "701.26"),
        ("blessures", "damage", "120"),
        ("points de vie", "life", "119"),
        ("adversaire", "opponent", "102.2"),
        ("propriétaire", "owner", "108.3"),
        ("que faire en cas de mulligan", "mulligan", "103.5"),
        ("étape d'entretien", "upkeep step", "503"),
    ],
)
def test_french_terms_translate_with_their_rules(query: str, english: str, first_rule: str) -> None:
    match = translate_query(query)
    assert match is not None
    assert match.english == english
    assert match.rule_numbers[0] == first_rule
    assert english in match.english_query


def test_the_longest_phrase_wins() -> None:
    match = translate_query("que se passe-t-il si je change la cible ?")
    assert match is not None
    assert (match.french, match.rule_numbers[0]) == ("changer la cible", "115.7")
    assert translate_query("choisir de nouvelles cibles pour le sort").rule_numbers[0] == "115.7d"  # type: ignore[union-attr]


def _spelled_like_english(text: str, english: str) -> bool:
    return text.casefold().split() == english.casefold().split()


def test_every_spelling_in_the_table_matches_without_accents_or_case() -> None:
    for term in glossary().terms:
        for spelling in (term.french, *term.variants):
            for typed in (
                spelling,
                fold(spelling),
                spelling.upper(),
                f"  {fold(spelling).upper()} ?",
            ):
                if _spelled_like_english(typed.strip(" ?"), term.english):
                    continue  # typed exactly as the English word: left to the English lookup
                match = translate_query(typed)
                assert match is not None, typed
                assert match.english == term.english, typed


def test_several_terms_make_one_english_query_in_order() -> None:
    match = translate_query("piétinement et vol")
    assert match is not None
    assert match.english_query == "trample flying"
    assert set(match.rule_numbers) == {"702.19", "702.9"}
    assert "piétinement" in match.note


def test_english_queries_find_no_french_terms() -> None:
    for query in ("what is trample", "can a creature block twice", "hello", "flash", "Mulligan"):
        assert translate_query(query) is None


@pytest.mark.parametrize(
    "query",
    [
        "changer la cible",
        "defausse",
        "capacite activee",
        "que se passe-t-il si ma créature meurt ?",
        "la pile",
        "est-ce que le linceul empêche de cibler",
    ],
)
def test_french_queries_are_recognised(query: str) -> None:
    assert is_probably_french(query)


@pytest.mark.parametrize(
    "query",
    [
        "main phase",
        "what is trample",
        "protection from red",
        "sort the graveyard",
        "Lightning Bolt",
        "115.7a",
        "flash",
        "can I respond to a mulligan",
        "",
    ],
)
def test_english_queries_are_not_taken_for_french(query: str) -> None:
    assert not is_probably_french(query)


def test_the_card_command_can_say_french_names_are_not_available() -> None:
    assert french_card_name_hint("Éclair") == FRENCH_CARD_NAMES_UNAVAILABLE
    assert french_card_name_hint("la colère de dieu") == FRENCH_CARD_NAMES_UNAVAILABLE
    assert french_card_name_hint("lightnig bolt") is None
    assert "English" in FRENCH_CARD_NAMES_UNAVAILABLE


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=2000))
def test_any_text_never_raises(query: str) -> None:
    match = translate_query(query)
    if match is not None:
        assert match.english_query
        assert match.rule_numbers
        assert all(
            rule in {r for t in glossary().terms for r in t.rules} for rule in match.rule_numbers
        )
    assert isinstance(is_probably_french(query), bool)
    assert french_card_name_hint(query) in {None, FRENCH_CARD_NAMES_UNAVAILABLE}


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from([t.french for t in glossary().terms]),
    st.text(alphabet=st.sampled_from("abcxyz ,.?!'"), max_size=30),
    st.text(alphabet=st.sampled_from("abcxyz ,.?!'"), max_size=30),
)
def test_a_term_is_found_wherever_it_sits_in_a_sentence(term: str, before: str, after: str) -> None:
    match = translate_query(f"{before} {term} {after}")
    entry = next(t for t in glossary().terms if t.french == term)
    if _spelled_like_english(term, entry.english):
        return  # spelled as in English: the English lookup answers it
    assert match is not None
    found = {m.term.french for m in match.matches}
    # The term itself, or a longer table phrase that swallowed it (its words joined a neighbour).
    assert term in found or any(len(f) > len(term) for f in found)
