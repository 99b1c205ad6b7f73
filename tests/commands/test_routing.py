"""Game and language routing of lookups, on the full real data."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.commands.context import Caller, CommandContext, Services
from bot.commands.dispatch import run_command
from bot.errors import AmbiguousError, NotFoundError, UsageError
from bot.frontends.discord.render import user_error_text
from bot.frontends.text import error_text
from bot.reference.store import Reference
from bot.scenario.steps import StepError
from bot.settings import Settings


@pytest.fixture
def ctx(reference: Reference, tmp_path: Path) -> CommandContext:
    settings = Settings.from_env({"RULESBOT_DATA_DIR": str(tmp_path)})
    return CommandContext(Caller(user="alice", channel="c1"), Services(settings, reference))


async def test_a_riftbound_number_in_an_mtg_context_is_not_answered_with_riftbound(ctx) -> None:
    with pytest.raises(NotFoundError) as caught:
        await run_command(ctx, "rule 355.6")
    assert "game:riftbound" in caught.value.hint


async def test_the_game_option_chooses_riftbound(ctx) -> None:
    reply = await run_command(ctx, "rule 355.6 game:riftbound")
    assert "355.6" in reply.title
    assert "v1.3" in "\n".join(s.heading for s in reply.sections)


async def test_the_channel_game_hint_chooses_riftbound(ctx: CommandContext) -> None:
    riftbound_ctx = CommandContext(
        Caller(user="alice", channel="c1", game_hint="riftbound"), ctx.services
    )
    reply = await run_command(riftbound_ctx, "rule 355.6")
    assert "355.6" in reply.title


async def test_an_unknown_game_is_a_usage_error(ctx) -> None:
    with pytest.raises(UsageError):
        await run_command(ctx, "rule 115.7 game:chess")


@pytest.mark.parametrize(
    ("query", "rule", "french"),
    [
        ("changer la cible", "115.7", "changer la cible"),
        ("choisir de nouvelles cibles", "115.7d", "choisir de nouvelles cibles"),
        ("protection contre le rouge", "702.16", "protection contre le rouge"),
    ],
)
async def test_french_queries_quote_the_english_rule_and_name_the_term(
    ctx, query: str, rule: str, french: str
) -> None:
    reply = await run_command(ctx, f"rule {query}")
    assert any(s.heading.startswith(rule) for s in reply.sections)
    assert f"« {french} »" in reply.body
    assert reply.data["french_term"] == french


async def test_english_queries_are_not_treated_as_french(ctx) -> None:
    reply = await run_command(ctx, "rule hexproof")
    assert "french_term" not in reply.data
    assert reply.data["kind"] == "term"


@pytest.mark.parametrize(
    ("query", "answer"),
    [
        ("second main phase", "505"),
        ("can I cast a sorcery in my second main phase", "505"),
        ("separate cards into two piles", "700.3"),
        ("can I sort my graveyard", "404.2"),
        ("if I control two legendary creatures with the same name", "704.5j"),
        ("can creatures block planeswalkers", "509.1a"),
        ("do creatures untap during untap step", "502"),
    ],
)
async def test_english_sentences_holding_french_homographs_are_answered_in_english(
    ctx, query: str, answer: str
) -> None:
    # "main", "pile", "sort" and "creature" are French terms too (hand, stack, spell).
    reply = await run_command(ctx, f"rule {query}")
    assert "french_term" not in reply.data
    assert reply.data["kind"] == "search"
    assert reply.data["hits"][0]["key"].startswith(answer)


@pytest.mark.parametrize(
    ("query", "english"),
    [("regard", "scry"), ("lancer", "cast"), ("sort", "spell"), ("créature", "creature")],
)
async def test_a_query_of_only_a_french_word_the_rules_never_use_stays_french(
    ctx, query: str, english: str
) -> None:
    reply = await run_command(ctx, f"rule {query}")
    assert reply.data["english_term"] == english


async def test_main_alone_is_the_english_main_phase(ctx) -> None:
    reply = await run_command(ctx, "rule main")
    assert "french_term" not in reply.data
    assert reply.data["rules"][0]["number"] == "505"


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        ("lightning bolt", "card Lightning Bolt"),
        ("goyf", "card Tarmogoyf"),
        ("702.11", "rule 702.11"),
        ("hexproof", "rule hexproof"),
        # QA 58 M10: a Riftbound lookup typed without its command keeps game:riftbound.
        ("jinx game:riftbound", "card jinx game:riftbound"),
        ("355.6 game:riftbound", "rule 355.6 game:riftbound"),
    ],
)
async def test_a_lookup_typed_without_its_command_suggests_the_command(
    ctx, line: str, meant: str
) -> None:
    # "lightning bolt" only suggested `ipg` (a name close to "lightning").
    with pytest.raises(UsageError) as caught:
        await run_command(ctx, line)
    assert caught.value.suggestions[0] == meant


async def test_a_mistyped_command_is_not_taken_for_a_card(ctx) -> None:
    # "hepl" is one letter from the card Heal, and from help.
    with pytest.raises(UsageError) as caught:
        await run_command(ctx, "hepl")
    assert caught.value.suggestions == ("help",)


@pytest.mark.parametrize("name", ["hexproof", "702.11"])
async def test_card_with_a_rules_term_or_number_points_to_rule(ctx, name: str) -> None:
    with pytest.raises(NotFoundError) as caught:
        await run_command(ctx, f"card {name}")
    assert caught.value.suggestions == (f"rule {name}",)
    assert f"`rule {name}`" in caught.value.hint


async def test_card_with_a_number_no_rule_has_does_not_point_to_rule(ctx) -> None:
    with pytest.raises(NotFoundError) as caught:
        await run_command(ctx, "card 999.99")
    assert "rule" not in caught.value.hint


async def test_a_french_card_name_says_french_names_are_not_available_yet(ctx) -> None:
    with pytest.raises(NotFoundError) as caught:
        await run_command(ctx, "card Éclair de foudre céleste")
    assert "French card names aren't available yet" in caught.value.hint


async def test_the_commands_buttons_run_are_one_registry_with_the_consoles(ctx) -> None:
    # Inline [[Fox-Fire]] in a Riftbound channel and Riftbound rule buttons store these lines.
    card = await run_command(ctx, "riftbound-card Fox-Fire")
    assert card.title.startswith("Fox-Fire")
    rule = await run_command(ctx, "riftbound-rule 355.6")
    assert "355.6" in rule.title


async def test_ambiguous_champion_names_are_listed_one_per_line(ctx: CommandContext) -> None:
    """QA 15 #11: "Which one: Volibear, Furious, Volibear, Imposing?" can't be read, as the
    names have commas of their own; each is listed on its own line."""
    with pytest.raises(AmbiguousError) as caught:
        await run_command(ctx, "card volibear game:riftbound")
    assert set(caught.value.suggestions) >= {"Volibear, Furious", "Volibear, Imposing"}
    for text in (error_text(caught.value), user_error_text(caught.value)):
        assert "Which one:\n" in text
        assert "\n• Volibear, Furious\n" in text + "\n"
        assert "\n• Volibear, Imposing\n" in text + "\n"
    # One line (a statement's error): each name quoted.
    one_line = StepError.from_error(caught.value, None).text()
    assert "Which one: “Volibear, Furious” or “Volibear, Imposing”?" in one_line
    # Names without commas are still joined on one line.
    plain = AmbiguousError("Several cards match “bolt”.", suggestions=["Bolt", "Lightning Bolt"])
    assert "Which one: Bolt, Lightning Bolt?" in error_text(plain)


async def test_a_riftbound_card_name_without_the_game_points_to_riftbound(ctx) -> None:
    # QA 58 U8: "card Jinx, Demolitionist" found nothing and suggested Magic cards only.
    with pytest.raises(NotFoundError) as caught:
        await run_command(ctx, "card Jinx, Demolitionist")
    assert "Riftbound card" in caught.value.hint
    assert "card Jinx, Demolitionist game:riftbound" in caught.value.suggestions
    # "card stupefy" answers Magic's closest card and says Riftbound has Stupefy.
    reply = await run_command(ctx, "card stupefy")
    assert reply.title != "Stupefy" and "card Stupefy game:riftbound" in reply.body
    # An exact Magic name says nothing of Riftbound.
    reply = await run_command(ctx, "card lightning bolt")
    assert "Riftbound" not in reply.body


async def test_a_riftbound_situation_typed_as_a_command_gets_a_hint_that_works(ctx) -> None:
    # QA 59 U4: the hint had no game:riftbound and kept "I", which no scenario player is.
    with pytest.raises(UsageError) as caught:
        await run_command(ctx, "I play Jinx, Demolitionist to my base.")
    assert (
        caught.value.hint == "scenario Alice plays Jinx, Demolitionist to her base. game:riftbound"
    )
    reply = await run_command(ctx, caught.value.hint)
    assert reply.title == "Riftbound scenario: 1 statement"
    assert "→ legal" in reply.sections[0].heading
    # A Magic situation stays Magic's.
    with pytest.raises(UsageError) as caught:
        await run_command(ctx, "I cast Lightning Bolt targeting my Grizzly Bears.")
    assert caught.value.hint == "scenario Alice casts Lightning Bolt targeting her Grizzly Bears."
