"""Rule and card lookups over a store imported from the real files."""

from __future__ import annotations

import contextlib
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.commands.riftbound import (
    autocomplete_riftbound_cards,
    autocomplete_riftbound_rules,
    riftbound_card,
    riftbound_rule,
)
from bot.data.riftbound_cards import RiftboundCardData
from bot.data.riftbound_rules import RiftboundRules
from bot.errors import AmbiguousError, NotFoundError, UserError
from bot.reference.riftbound import WRITTEN_QUESTIONS_FILE, RiftboundIndex
from bot.reference.rules import load_written_questions
from bot.resources import rules_data_file


def test_import_metadata(rb_store: tuple[Path, dict[str, str]]) -> None:
    meta = rb_store[1]
    assert meta["riftbound_rules_versions"] == "1.2,1.3"
    assert meta["riftbound_rules_current"] == "1.3 (2026-03-30)"
    assert meta["riftbound_cards_count"] == "950"
    assert meta["riftbound_tournament_rules"] == "last updated 2026-04-29"


@pytest.mark.parametrize("typed", ["355.6", "355.6.", " 355.6 ", "355.6 Targeting"])
def test_rule_by_number_any_form(rb_index: RiftboundIndex, typed: str) -> None:
    answer = rb_index.lookup(typed)
    assert answer.how == "id" and answer.version == "1.3" and answer.is_current
    assert answer.rules[0].text == "Targeting"
    assert [r.id for r in answer.rules][1:3] == ["355.7", "355.8"]  # the heading's section
    assert answer.equivalents["355.10"] == ["v1.2 352.10"]


@pytest.mark.parametrize("typed", ["352 v1.2", "version=1.2 352", "352 version 1.2"])
def test_rule_in_an_older_version(rb_index: RiftboundIndex, typed: str) -> None:
    answer = rb_index.lookup(typed)
    assert answer.version == "1.2" and not answer.is_current
    assert answer.rules[0].text == "2. Make necessary choices."
    assert "older version" in answer.version_label


@pytest.mark.parametrize(
    "typed", ["355.9b", "355.9B", "355.9(b)", "355.9 (b)", "355,9b", "§355.9b", "§ 355.9.b"]
)
def test_rule_numbers_typed_like_magic_ones(rb_index: RiftboundIndex, typed: str) -> None:
    # Magic subrules glue their letter on ("115.7a"); Riftbound writes it as a part (355.9.b).
    answer = rb_index.lookup(typed)
    assert answer.how == "id"
    assert answer.rules[0].id == "355.9.b"
    assert answer.rules[0].text.startswith("It meets all targeting restrictions.")


def test_deep_rule_ids(rb_index: RiftboundIndex) -> None:
    assert (
        rb_index.lookup("355.10.a.1").rules[0].text.startswith("Public zones are Battlefield Zones")
    )
    assert rb_index.lookup("355.10.A").rules[0].id == "355.10.a"


@pytest.mark.parametrize(
    ("term", "first"),
    [("Might", "143.2"), ("Chain", "108.1"), ("Showdown", "316.5"), ("targeting", "355.6")],
)
def test_terms(rb_index: RiftboundIndex, term: str, first: str) -> None:
    answer = rb_index.lookup(term)
    assert answer.how == "term"
    assert answer.rules[0].id == first


@pytest.mark.parametrize(
    ("question", "first"),
    [
        ("what is a showdown", "316.5"),
        ("What is a Showdown?", "316.5"),
        ("how does a showdown work", "316.5"),
        ("what does might mean", "143.2"),
        ("define chain", "108.1"),
    ],
)
def test_a_question_about_a_term_is_answered_by_the_term(
    rb_index: RiftboundIndex, question: str, first: str
) -> None:
    # Question words ("what is a") are no part of the term: 316.5 is headed "Showdowns".
    answer = rb_index.lookup(question)
    assert answer.how == "term"
    assert answer.rules[0].id == first


@pytest.mark.parametrize("question", ["what is a showdown", "what are showdowns for"])
def test_free_text_search_drops_question_words(rb_index: RiftboundIndex, question: str) -> None:
    # With "what", "is" and "a" kept, no rule had every word, and the search for any of them
    # put "002. Card text supersedes rules text" first (QA 10).
    answer = rb_index.search(question)
    assert all("showdown" in r.text.casefold() for r in answer.rules[:3])


def test_free_text_search_finds_when_a_showdown_occurs(rb_index: RiftboundIndex) -> None:
    # 316.5.a: "A Showdown occurs when a Combat occurs."
    answer = rb_index.lookup("when does a showdown occur")
    assert answer.how == "search"
    assert "316.5.a" in [r.id for r in answer.rules[:3]]


@pytest.mark.parametrize(
    ("question", "first"),
    [
        # 480.3 "Victory Score: 8" (1v1), not only 2v2's "484.3. Victory Score: 11" (QA 48 U1).
        ("how many points to win", "480.3"),
        # 183.1 "If a token is put into any Non-Board Zone besides the chain, it ceases to exist
        # immediately after moving to its new zone." (QA 48 U7)
        ("what happens to a token when it dies", "183.1"),
        # 818.1.c.2 "Equip is functionally short for '[Cost]: Attach this gear to a unit you
        # control.'" - not 718.5.e on controllers, which reads as "yes" (QA 48 U7).
        ("can I attach equipment to an opponents unit", "818.1.c.2"),
    ],
)
def test_free_text_search_answers_qa48_questions_first(
    rb_index: RiftboundIndex, question: str, first: str
) -> None:
    assert rb_index.lookup(question).rules[0].id == first


async def test_a_modes_victory_score_says_which_mode_it_belongs_to(
    rb_index: RiftboundIndex,
) -> None:
    # "484.3. Victory Score: 11" alone read as every game's score; it is 2v2's (QA 48 U1).
    reply = await riftbound_rule(_ctx(rb_index), "how many points to win")  # type: ignore[arg-type]
    lines = reply.sections[0].text.splitlines()
    assert lines[0].startswith("**480.3.** Victory Score: 8")
    assert lines[0].endswith("(under 480. 1v1 (Duel))")
    by_number = await riftbound_rule(_ctx(rb_index), "484.3")  # type: ignore[arg-type]
    assert "(under 484. 2v2 (Magma Chamber))" in by_number.sections[0].text
    # A heading quoted with the rule it sits under needs no reminder.
    whole = await riftbound_rule(_ctx(rb_index), "484")  # type: ignore[arg-type]
    assert "(under" not in whole.sections[0].text


def test_free_text_search_keeps_might_as_a_word_of_the_game(rb_index: RiftboundIndex) -> None:
    # "might" is an English stop word, but Might is Riftbound's combat statistic (143.2).
    answer = rb_index.lookup("what happens to might in combat")
    assert answer.how == "search"
    assert all("might" in r.text.casefold() for r in answer.rules[:3])


@pytest.mark.parametrize(
    ("question", "settles_it"),
    [
        # Magic's words read as the Core Rules' (riftbound_search_synonyms.toml): the trash's
        # order (108.2.c), the standard move's cost of exhausting (144.2).
        ("graveyard order", "108.2.c"),
        ("does exhausting my unit for a move let them respond", "144.2"),
        # The heading that owns a rule titles it: 460.2.c sits under "Step 2: The Combat
        # Damage Step"; 149.3 recalls gear left at a battlefield.
        ("who assigns combat damage first", "460.2.c"),
        ("gear at a battlefield during cleanup", "149.3"),
        # A question's shape ("how much") and the written questions: 703 gives the +1.
        ("how much does a unit with a buff get", "703"),
    ],
)
def test_free_text_search_puts_the_rule_that_settles_it_first(
    rb_index: RiftboundIndex, question: str, settles_it: str
) -> None:
    answer = rb_index.lookup(question)
    assert answer.how == "search"
    assert answer.rules[0].id == settles_it


def test_free_text_search_reads_a_misspelt_keyword(rb_index: RiftboundIndex) -> None:
    # "deflcet" is read as Deflect, whose rule says what it costs (809.1.c).
    answer = rb_index.search("how much does deflcet cost")
    assert "809.1.c" in [r.id for r in answer.rules[:3]]


def test_a_heading_found_is_shown_with_its_opening_rule(rb_index: RiftboundIndex) -> None:
    # "414 Exhaust" says nothing by itself: 414.1 (what exhausting is) follows it.
    ids = [r.id for r in rb_index.search("can i tap my unit again").rules]
    assert ids[ids.index("414") + 1] == "414.1"


def test_free_text_search_in_an_older_version_uses_its_numbers(rb_index: RiftboundIndex) -> None:
    # v1.2 numbers Heal 405 (v1.3: 418); the written questions follow their rule's text there.
    answer = rb_index.lookup("when do units heal v1.2")
    assert answer.how == "search" and answer.version == "1.2"
    assert answer.rules[0].id.startswith("405.")


def test_every_written_question_names_a_rule_of_its_version(rb_index: RiftboundIndex) -> None:
    written = load_written_questions(rules_data_file(WRITTEN_QUESTIONS_FILE))
    rules = rb_index.rules_version(written.version)
    assert len(written.pairs) > 900
    assert [number for number, _ in written.pairs if number not in rules.by_id] == []


def test_free_text_search_ranks_targeting_rules(rb_index: RiftboundIndex) -> None:
    answer = rb_index.lookup("restriction for another choice")
    assert answer.how == "search"
    assert answer.rules[0].id == "355.10.b"


@pytest.mark.parametrize(
    "query",
    [
        '"unbalanced',
        "'; DROP TABLE rb_rules; --",
        "NEAR(unit battlefield)",
        "unit* OR",
        "😀🔥",
        "x" * 10_000,
        "   ",
        "v1.2",
        "\x00\x01",
    ],
)
def test_hostile_queries_raise_only_friendly_errors(rb_index: RiftboundIndex, query: str) -> None:
    try:
        answer = rb_index.lookup(query)
    except UserError as error:
        assert str(error)
        return
    assert answer.rules


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=200))
def test_any_text_is_answered_or_refused_kindly(rb_index: RiftboundIndex, query: str) -> None:
    with contextlib.suppress(UserError):
        rb_index.lookup(query)


def test_unknown_rule_suggests_nearest(rb_index: RiftboundIndex) -> None:
    with pytest.raises(NotFoundError) as caught:
        rb_index.lookup("355.99")
    assert "355" in caught.value.suggestions
    with pytest.raises(NotFoundError) as unknown_version:
        rb_index.lookup("355 v7.7")
    assert "v1.2" in unknown_version.value.suggestions


def test_rule_autocomplete(rb_index: RiftboundIndex) -> None:
    labels = rb_index.autocomplete_rules("355.1")
    assert 0 < len(labels) <= 25 and labels[0].startswith("355.1 ")
    assert all(len(label) <= 100 for label in labels)
    assert rb_index.autocomplete_rules("target")[0] == "355.6 Targeting"


def test_card_lookup_fuzzy_with_errata_and_faq(rb_index: RiftboundIndex) -> None:
    sigil = rb_index.card("sigil of the strom")
    assert sigil.name == "Sigil of the Storm"
    assert "must recycle" in sigil.errata[0]["new_text"]
    assert any("Does Sigil of the Storm target" in f["question"] for f in sigil.faqs)
    assert rb_index.card(
        "Dark Child, Starter"
    ).errata  # errata names written differently still attach
    with pytest.raises((NotFoundError, AmbiguousError)):
        rb_index.card("zzzzqqq")


@pytest.mark.parametrize(
    ("query", "name"),
    [
        ("kog maw", "Kog'Maw, Caustic"),  # a space for the apostrophe (QA 48 U2)
        ("kogmaw", "Kog'Maw, Caustic"),
        ("kog'maw", "Kog'Maw, Caustic"),
        ("rek sai swarm queen", "Rek'Sai, Swarm Queen"),
        ("kai sa survivor", "Kai'Sa, Survivor"),
        ("gold token", "Gold"),  # a token named with "token" after it (QA 48 U2)
        ("recruit token", "Recruit"),
        ("sprite token", "Sprite"),
        ("targons peak", "Targon's Peak"),
    ],
)
def test_card_names_as_players_type_them(rb_index: RiftboundIndex, query: str, name: str) -> None:
    assert rb_index.card(query).name == name


def test_a_spaced_champion_name_lists_that_champions_cards(rb_index: RiftboundIndex) -> None:
    with pytest.raises(AmbiguousError) as error:
        rb_index.card("kai sa")
    assert set(error.value.suggestions) == {"Kai'Sa, Survivor", "Kai'Sa, Evolutionary"}


def _ctx(index: RiftboundIndex) -> SimpleNamespace:
    return SimpleNamespace(
        reference=SimpleNamespace(riftbound=index, meta={"riftbound_cards_updated": "2026-03-28"})
    )


async def test_rule_command_says_which_version(rb_index: RiftboundIndex) -> None:
    reply = await riftbound_rule(_ctx(rb_index), "352.10.f v1.2")  # type: ignore[arg-type]
    assert reply.data["version"] == "1.2"
    assert "v1.2" in reply.footer
    assert "must" in reply.sections[0].text


@pytest.mark.parametrize(
    ("query", "title"),
    [("might", "Might"), ("showdown", "Showdowns"), ("what is a chain", "The Chain")],
)
async def test_a_term_answer_is_titled_with_the_term(
    rb_index: RiftboundIndex, query: str, title: str
) -> None:
    # 143.2 "Might: The combat statistic of a Unit. ..." was titled with its first 60
    # characters, cut mid-sentence (QA 10).
    reply = await riftbound_rule(_ctx(rb_index), query)  # type: ignore[arg-type]
    assert reply.title == f"Riftbound rules: {title}"


async def test_card_command_shows_errata_and_faq(rb_index: RiftboundIndex) -> None:
    reply = await riftbound_card(_ctx(rb_index), "fox fire")  # type: ignore[arg-type]
    assert reply.title == "Fox-Fire"
    assert any(s.heading.startswith("FAQ") for s in reply.sections)
    sigil = await riftbound_card(_ctx(rb_index), "Sigil of the Storm")  # type: ignore[arg-type]
    assert any(s.heading.startswith("Errata") for s in sigil.sections)
    assert (
        sigil.data["errata"][0]["old_text"] == "When you conquer here, recycle one of your runes."
    )


async def test_an_erratas_c_is_said_as_the_cards_own_domain(rb_index: RiftboundIndex) -> None:
    # QA 59 M6: Unlicensed Armory's errata writes [C], the gallery [Fury]: the same Power, one
    # of the card's own Domain (135.2.e.6).
    armory = await riftbound_card(_ctx(rb_index), "Unlicensed Armory")  # type: ignore[arg-type]
    errata = next(s for s in armory.sections if s.heading.startswith("Errata"))
    assert "[C] is one Power of the card's own Domain (135.2.e.6): here [Fury]." in errata.text


def test_a_card_name_line_in_the_spiritforged_faq_labels_the_questions_below_it(
    card_data: RiftboundCardData,
) -> None:
    # QA 48 M8: "Jax, Unmatched", a line over Jax's questions, was read as the last line of
    # Janna's revised text, so Janna's text showed under Jax and Janna's own question (which
    # says only "Janna's") was linked to no card.
    janna_text = next(f for f in card_data.faqs if f.question == "Janna, Savior (revised text)")
    assert "Jax" not in janna_text.answer and janna_text.card_names == ("Janna, Savior",)
    janna_question = next(f for f in card_data.faqs if "Can Janna's play effect" in f.question)
    assert janna_question.topic == "Janna, Savior"
    assert "Janna, Savior" in janna_question.card_names
    # No answer ends with a card's name standing alone on its line any more.
    names = {card.name for card in card_data.gallery.cards}
    assert not [f.question for f in card_data.faqs if f.answer.splitlines()[-1] in names]


def test_each_card_lists_its_own_faq_answers_before_those_that_only_mention_it(
    rb_index: RiftboundIndex,
) -> None:
    jax = rb_index.card("jax unmatched")
    assert [f["question"] for f in jax.faqs] == [
        "How does Jax, Unmatched work?",
        "Jax, Unmatched (revised text)",
    ]
    poro = rb_index.card("stalwart porro")
    assert [f["question"] for f in poro.faqs] == ["Volibear, Imposing"]
    assert not poro.faq_is_about(poro.faqs[0])
    for entry in (rb_index.card_by_name(name) for name in rb_index.card_names()):
        assert entry is not None
        about = [entry.faq_is_about(f) for f in entry.faqs]
        assert about == sorted(about, reverse=True), entry.name


async def test_another_cards_faq_says_it_only_mentions_the_card(rb_index: RiftboundIndex) -> None:
    # QA 48 M1: Volibear's answer names Stalwart Poro as an example; it is not Poro's ruling.
    reply = await riftbound_card(_ctx(rb_index), "stalwart porro")  # type: ignore[arg-type]
    faq = next(s for s in reply.sections if s.heading.startswith("FAQ"))
    assert faq.heading == "FAQ — Volibear, Imposing (names Stalwart Poro only in its answer)"
    assert reply.data["faqs"][0]["about_this_card"] is False
    jax = await riftbound_card(_ctx(rb_index), "jax unmatched")  # type: ignore[arg-type]
    assert not any("Janna" in s.heading for s in jax.sections)


async def test_a_tokens_art_variants_are_one_card(rb_index: RiftboundIndex) -> None:
    # The gallery lists the Recruit token three times, "Recruit (DE)", "(NX)" and "(ZN)", with
    # the same game text: players (and rule 355.11.b's own example) just say "Recruit".
    entry = rb_index.card("recruit")
    assert entry.name == "Recruit"
    assert [p.name for p in entry.printings] == ["Recruit (DE)", "Recruit (NX)", "Recruit (ZN)"]
    assert entry.card.might == 1 and "Token" in entry.card.super_types
    assert rb_index.card("Recruit (NX)").name == "Recruit"  # the gallery's name still works
    assert rb_index.card_by_name("Recruit (ZN)") is entry
    assert "Recruit (DE)" not in rb_index.card_names()
    reply = await riftbound_card(_ctx(rb_index), "recruit")  # type: ignore[arg-type]
    assert reply.title == "Recruit"
    assert "OGN-272/298 (Common, Recruit (NX))" in reply.body
    from bot.commands.riftbound_cards import RiftboundCardLookup

    lookup = RiftboundCardLookup(rb_index)  # what scenarios and games use
    assert lookup.resolve("recruit").name == "Recruit"
    found = lookup.exact("Recruit")
    assert found is not None and found.name == "Recruit"
    # Printings that share a name without a region code were always one card.
    assert [p.public_code for p in rb_index.card("Pouty Poro").printings] == [
        "OGN-013/298",
        "UNL-220/219",
    ]


def test_command_autocomplete(rb_index: RiftboundIndex) -> None:
    ctx = _ctx(rb_index)
    assert "Fox-Fire" in autocomplete_riftbound_cards(ctx, "fox")  # type: ignore[arg-type]
    assert len(autocomplete_riftbound_rules(ctx, "3")) == 25  # type: ignore[arg-type]


def test_an_older_rule_number_points_to_its_current_one(rb_index: RiftboundIndex) -> None:
    # v1.2 352.6 "When a card Chooses one or more specific Game Objects to affect, it is
    # Targeted." is v1.3 355.7 ("... it is Targeted unless indicated otherwise ...").
    with pytest.raises(NotFoundError) as caught:
        rb_index.lookup("352.6")
    assert "355.7" in str(caught.value) and "v1.2" in str(caught.value)
    assert caught.value.suggestions[0] == "355.7"
    # v1.2 352.9.a "Passive abilities never have targets." has no v1.3 counterpart.
    with pytest.raises(NotFoundError) as dropped:
        rb_index.lookup("352.9.a")
    assert "Passive abilities never have targets" in str(dropped.value)
    assert "352.9.a v1.2" in dropped.value.suggestions


def test_a_reworded_rule_names_its_older_number(rb_index: RiftboundIndex) -> None:
    # v1.2 352.12 "If a card specifies that a player may choose some number of Game Objects"
    # became v1.3 355.12 "If a spell specifies that a player may perform a Game Action ...".
    answer = rb_index.lookup("355.12")
    assert answer.reworded["355.12"] == ["v1.2 352.12"]
    assert "355.12" not in answer.equivalents


def test_a_sentence_several_keywords_share_maps_under_its_own_keyword(
    rb_index: RiftboundIndex, rules_v12: RiftboundRules
) -> None:
    """Found by QA 6: v1.3's Deflect 809.1.b.3 "If X is omitted, it is presumed to be 1." was
    shown as v1.2 733.1.b.3, which is Assault's; v1.2's Deflect is 735."""
    old = rules_v12.by_id()
    assert old["735"].text == "Deflect" and old["733"].text == "Assault"
    assert old["733.1.b.3"].text == old["735.1.b.3"].text
    answer = rb_index.lookup("809")
    assert answer.equivalents["809.1.b.3"] == ["v1.2 735.1.b.3"]
    assert answer.equivalents["809.1.b.1"] == ["v1.2 735.1.b.1"]
    assert answer.equivalents["809.1.a"] == ["v1.2 735.1.a"]


async def test_card_text_shown_first_is_the_errata_wording(rb_index: RiftboundIndex) -> None:
    # Guards!: the gallery (2026-03-28) still prints "You may pay [Order] to ready it."; the
    # Unleashed Errata Updates (2026-04-03) made it a reflexive trigger ("Then do this: ...").
    # The game uses the errata's wording, so the first text shown is that one (QA 23 U5).
    reply = await riftbound_card(_ctx(rb_index), "Guards!")  # type: ignore[arg-type]
    first = reply.sections[0]
    assert first.heading == "Text (with its errata of 2026-04-03)"
    assert "Then do this: You may pay [Order] to ready it." in first.text
    assert any(s.heading.startswith("Errata") and "Was:" in s.text for s in reply.sections)
    plain = await riftbound_card(_ctx(rb_index), "fox fire")  # type: ignore[arg-type]
    assert plain.sections[0].heading == "Text"


def test_magic_slang_fizzle_finds_the_rules_that_answer_it(rb_index: RiftboundIndex) -> None:
    # QA 23 M6: "rule fizzle game:riftbound" said no rule mentions it; 359.3.e.1: "The spell
    # resolves even if some or all of its targets are illegal." (356.3.e.1 in v1.2).
    assert [r.id for r in rb_index.lookup("fizzle").rules][:1] == ["359.3.e.1"]
    assert [r.id for r in rb_index.lookup("fizzle v1.2").rules][:1] == ["356.3.e.1"]


@pytest.mark.parametrize(("term", "first"), [("Focus", "313"), ("Priority", "312")])
def test_a_term_is_found_where_it_is_introduced_not_where_a_step_is_labelled(
    rb_index: RiftboundIndex, term: str, first: str
) -> None:
    # "652.5.b Focus" and "652.5.c Priority" label steps of removing a player; both terms are
    # introduced under "311 Priority and Focus" (312: up to one player has Priority).
    answer = rb_index.lookup(term)
    assert answer.rules[0].id == first
    assert not any(r.id.startswith("652.") for r in answer.rules[:3])


def test_the_words_that_ask_are_not_searched_for(rb_index: RiftboundIndex) -> None:
    # "define" is no word of the question: 478 says a Mode of Play "must define" variables.
    assert rb_index.lookup("define priority").rules[0].id == "312"


@pytest.mark.parametrize(
    ("question", "first"),
    [
        ("what is the difference between a spell and a permanent", "133.4.b"),
        ("how is a token different from a card", "182"),
    ],
)
def test_a_comparison_searches_for_the_two_things_compared(
    rb_index: RiftboundIndex, question: str, first: str
) -> None:
    # "the difference between" is 433.1.b's wording (Swap), no part of what is asked.
    answer = rb_index.lookup(question)
    assert answer.rules[0].id == first
    assert "433.1.b" not in [r.id for r in answer.rules[:3]]


@pytest.mark.parametrize(
    ("question", "first"),
    [
        # The third pass of written questions reached rules the first two left bare: 484.5.c
        # (2v2 turn order alternates teams), 107.3.e (facedown zones are not locations).
        ("is the turn order different in 2v2", "484.5.c"),
        ("is the facedown zone a location", "107.3.e"),
    ],
)
def test_written_questions_reach_rules_the_first_passes_left_bare(
    rb_index: RiftboundIndex, question: str, first: str
) -> None:
    answer = rb_index.lookup(question)
    assert answer.how == "search"
    assert answer.rules[0].id == first


@pytest.mark.parametrize(("term", "first"), [("define action", "806"), ("Reaction", "813")])
def test_a_keyword_is_defined_by_its_glossary_entry_first(
    rb_index: RiftboundIndex, term: str, first: str
) -> None:
    # 158.2.a/b head Action and Reaction as properties of spells and point to 806/813.
    answer = rb_index.lookup(term)
    assert answer.how == "term"
    assert answer.rules[0].id == first


async def test_card_command_shows_each_mode_on_its_own_line(rb_index: RiftboundIndex) -> None:
    # QA 55 M2: the gallery runs Udyr, Wildman's modes together ("battlefield.Stun").
    reply = await riftbound_card(_ctx(rb_index), "udyr wildman")  # type: ignore[arg-type]
    text = next(s.text for s in reply.sections if s.heading.startswith("Text"))
    assert "\n• Stun a unit at a battlefield.\n• Ready me." in text


@pytest.mark.parametrize("question", ["when does stun wear off", "how long does a stun last"])
def test_free_text_search_finds_when_a_stun_ends(rb_index: RiftboundIndex, question: str) -> None:
    # QA 55 U1: 423.1.a.2 "Stunned Units lose the Stunned status at the beginning of the next
    # Ending Step" answers it and was missing from the hits.
    answer = rb_index.lookup(question)
    assert "423.1.a.2" in [r.id for r in answer.rules[:3]]
