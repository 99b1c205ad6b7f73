"""The ``card`` and ``rulings`` commands answer from the real card data."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.commands.cards import card, card_autocomplete, legality_line, rulings
from bot.commands.context import Caller, CommandContext, Services
from bot.errors import AmbiguousError, NotFoundError, UsageError
from bot.frontends.text import render_text
from bot.reference.store import Reference
from bot.settings import Settings


@pytest.fixture(scope="module")
def ctx(cards_reference_path: Path) -> Iterator[CommandContext]:
    reference = Reference(cards_reference_path)
    settings = Settings(
        data_dir=cards_reference_path.parent, db_path=cards_reference_path.parent / "games.sqlite"
    )
    yield CommandContext(Caller(user="judge", channel="test"), Services(settings, reference))
    reference.close()


async def test_card_shows_cost_type_text_and_date(
    ctx: CommandContext, shared_cards_date: str
) -> None:
    reply = await card(ctx, "lightning bolt")
    assert reply.title == "Lightning Bolt"
    assert reply.kind == "card"
    (face,) = reply.sections
    assert face.heading == "Lightning Bolt {R}"
    assert "*Instant*" in face.text and "3 damage to any target" in face.text
    # The shared copy carries no Scryfall date, so the footer says when it was imported.
    assert reply.footer == f"Oracle text imported on {shared_cards_date} (Scryfall card data)"
    assert "Closest match" not in reply.body
    json.dumps(reply.data)  # JSON-able
    assert reply.data["card"]["name"] == "Lightning Bolt"
    assert reply.data["cards_date"] == shared_cards_date
    # The shared card data knows three formats: {"vintage": "legal", "legacy": "legal",
    # "modern": "legal"} for Lightning Bolt.
    assert [(f.heading, f.text) for f in reply.fields] == [
        (
            "Formats",
            "Legal: Modern, Legacy, Vintage · other formats not in the card data (see Scryfall)",
        )
    ]


async def test_card_formats_say_restricted_and_banned(ctx: CommandContext) -> None:
    # Black Lotus: banned in Legacy, restricted in Vintage (its legalities in the card data).
    lotus = await card(ctx, "black lotus")
    assert (
        lotus.fields[0].text
        == "Restricted: Vintage · Banned: Legacy · other formats not in the card data (see Scryfall)"
    )


async def test_card_formats_are_not_called_partial_when_every_format_is_known(
    ctx: CommandContext,
) -> None:
    # Scryfall's real file lists every format, "not_legal" included: then nothing is missing.
    bolt = ctx.reference.cards.resolve("Lightning Bolt")
    every = tuple((fmt, "not_legal") for fmt in ("standard", "pioneer", "commander", "pauper"))
    full = dataclasses.replace(bolt, legalities=(*bolt.legalities, *every))
    assert legality_line(full) == "Legal: Modern, Legacy, Vintage"


async def test_rulings_footer_names_rulings(ctx: CommandContext, shared_cards_date: str) -> None:
    reply = await rulings(ctx, "Lightning Bolt")
    assert reply.footer == f"Rulings imported on {shared_cards_date} (Scryfall card data)"


async def test_card_says_when_it_guessed(ctx: CommandContext) -> None:
    reply = await card(ctx, "arc trial")
    assert reply.title == "Arc Trail"
    assert "Closest match for “arc trial”" in reply.body


async def test_card_shows_power_toughness_and_loyalty(ctx: CommandContext) -> None:
    goyf = await card(ctx, "goyf")
    # Replies are Markdown: the stars are escaped, or Discord shows "/1+" in italics; the
    # console's plain text shows them as printed.
    assert "Power/toughness: \\*/1+\\*" in goyf.sections[0].text
    assert "Power/toughness: */1+*\n" in render_text(goyf)
    jace = await card(ctx, "jace the mind sculptor")
    assert "Loyalty: 3" in jace.sections[0].text
    assert "[+2]" in jace.sections[0].text


async def test_a_card_named_with_underscores_shows_them(ctx: CommandContext) -> None:
    # The console turned "_____" into "{+_+}" (read as __underlined__ text).
    reply = await card(ctx, "_____")
    assert reply.sections[0].heading == "\\_\\_\\_\\_\\_ {1}{U}"
    text = render_text(reply)
    assert text.startswith("_____\n") and "\n_____ {1}{U}\n" in text and "{+" not in text


async def test_card_shows_each_face(ctx: CommandContext) -> None:
    reply = await card(ctx, "ice")
    assert reply.title == "Fire // Ice"
    assert [s.heading for s in reply.sections] == ["Fire {1}{R}", "Ice {1}{U}"]
    assert "split card with 2 faces" in reply.body
    delver = await card(ctx, "Delver of Secrets")
    back = delver.sections[1]
    assert back.heading == "Insectile Aberration"
    assert "Power/toughness: 3/2" in back.text and "Flying" in back.text
    assert len(delver.data["card"]["faces"]) == 2


async def test_card_errors_are_friendly(ctx: CommandContext) -> None:
    with pytest.raises(UsageError):
        await card(ctx, "   ")
    with pytest.raises(AmbiguousError):
        await card(ctx, "herald of")
    with pytest.raises(NotFoundError):
        await card(ctx, "what happens when my creature dies")


async def test_rulings_are_dated_and_oldest_first(ctx: CommandContext) -> None:
    reply = await rulings(ctx, "fire ice")
    assert reply.title == "Rulings for Fire // Ice"
    assert reply.body.startswith("9 official rulings")
    dates = [s.heading for s in reply.sections]
    assert dates == sorted(dates) and all(len(d) == 10 for d in dates)
    assert len(reply.data["rulings"]) == 9
    pages = reply.pages(400)
    assert len(pages) > 1
    assert sum(len(p.sections) for p in pages) >= 9


async def test_rulings_say_when_there_are_none(ctx: CommandContext) -> None:
    reply = await rulings(ctx, "Lightning Bolt")
    assert reply.sections == ()
    assert "no official rulings" in reply.body
    assert reply.data["rulings"] == []


def test_card_autocomplete(ctx: CommandContext) -> None:
    names = card_autocomplete(ctx, "tarmo")
    assert names[0] == "Tarmogoyf"
    assert len(card_autocomplete(ctx, "a")) == 25
    assert card_autocomplete(ctx, "") == []


async def test_a_face_missing_from_the_card_data_is_said(ctx: CommandContext) -> None:
    # The shared card data holds Cease // Desist with only its Cease face; the name says there
    # are two, so the reply says Desist is missing instead of showing half a card (QA 23 U4).
    split = await card(ctx, "cease desist")
    assert "split card with 1 face · the card data is missing Desist" in split.body
    whole = await card(ctx, "fire ice")
    assert "split card with 2 faces · mana value" in whole.body
