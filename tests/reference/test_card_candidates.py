"""Which card a judge most likely means, on the real card data (issue 13).

The ranking: how the query's words sit in the name (the whole name in another order; a
legendary name's title, "Thalia" of "Thalia, Guardian of Thraben"; the name's first words; any
whole words; a word cut short), then how much of the name the query covers, and among names
that match equally well, the card people ask about most (its rulings; a community nickname).
Popularity orders the candidates; it never turns a question into an answer on its own.
"""

from __future__ import annotations

import gc
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.app import YOUNG_COLLECTION_THRESHOLD, open_services, warm_up
from bot.errors import AmbiguousError, NotFoundError
from bot.reference.cards import CardIndex
from bot.reference.riftbound import RiftboundIndex
from bot.reference.store import Reference
from bot.settings import Settings


@pytest.fixture(scope="module")
def cards(reference: Reference) -> CardIndex:
    return reference.cards


def asked(cards: CardIndex, query: str) -> list[str]:
    """The candidates a query asks about (it must ask, not answer)."""
    with pytest.raises(AmbiguousError) as caught:
        cards.resolve(query)
    return list(caught.value.suggestions)


def test_a_legendary_title_lists_the_legends_first(cards: CardIndex) -> None:
    # Before: Thalia's Lancers, Thalia's Lieutenant, Thalia's Geistcaller, Thalia, Heretic
    # Cathar — and Thalia, Guardian of Thraben fifth.
    candidates = asked(cards, "thalia")
    assert set(candidates[:2]) == {"Thalia, Guardian of Thraben", "Thalia, Heretic Cathar"}
    assert "Thalia's Lancers" not in candidates[:3]


def test_names_that_start_with_the_word_come_before_names_that_end_with_it(
    cards: CardIndex,
) -> None:
    # Before: Kaya's Wrath first.  Wrath of God has a nickname (wog): the most asked about.
    candidates = asked(cards, "wrath")
    assert candidates[0] == "Wrath of God"
    assert all(name.startswith("Wrath of") for name in candidates)


def test_emrakul_means_an_emrakul_not_a_card_about_her(cards: CardIndex) -> None:
    # Before: Boon of Emrakul first.  The Emrakuls by their rulings: The Promised End has 18.
    candidates = asked(cards, "emrakul")
    assert candidates[:3] == [
        "Emrakul, the Promised End",
        "Emrakul, the Aeons Torn",
        "Emrakul, the World Anew",
    ]


def test_a_community_nickname_names_its_card(cards: CardIndex) -> None:
    # Before: Cryptic Coat.  Players say "Cryptic" for Cryptic Command (rules_data/nicknames).
    assert cards.resolve("cryptic").name == "Cryptic Command"


def test_a_shared_first_part_asks_instead_of_picking_the_shortest(cards: CardIndex) -> None:
    # Before: "Cartouche of" answered Cartouche of Zeal, the shortest of five.
    candidates = asked(cards, "Cartouche of")
    assert len(candidates) == 5 and all(c.startswith("Cartouche of ") for c in candidates)


@pytest.mark.parametrize(
    ("query", "card"),
    [
        ("jace mind sculpter", "Jace, the Mind Sculptor"),  # "the" left out and a typo
        ("mind sculptor jace", "Jace, the Mind Sculptor"),  # words swapped
        ("bolt lightning", "Lightning Bolt"),
        ("magamuake", "Magmaquake"),  # sounds alike; was "not found" after a 23 ms scan
        ("jugetron", "Juggletron"),
        ("swords to plowshare", "Swords to Plowshares"),  # not the Emeritus face
        ("lightnig bolt", "Lightning Bolt"),
    ],
)
def test_misspelled_reordered_and_shortened_names_find_the_card(
    cards: CardIndex, query: str, card: str
) -> None:
    assert cards.resolve(query).name == card


def test_sound_alikes_need_most_letters_in_common(cards: CardIndex) -> None:
    with pytest.raises(NotFoundError):
        cards.resolve("zzzzzzzz")


def test_autocomplete_puts_the_most_asked_about_first(cards: CardIndex) -> None:
    # Before: Lightning Bolt 10th of 25 for "light".
    assert cards.autocomplete("light")[0] == "Lightning Bolt"
    assert cards.autocomplete("opt")[0] == "Opt"  # the name typed so far comes first


@pytest.fixture(scope="module")
def riftbound(reference: Reference) -> RiftboundIndex:
    return reference.riftbound


@pytest.mark.parametrize(
    ("query", "champion"), [("volibare", "Volibear"), ("jinks", "Jinx"), ("jinx", "Jinx")]
)
def test_riftbound_sound_alikes_find_the_champion(
    riftbound: RiftboundIndex, query: str, champion: str
) -> None:
    # Both champions have two cards (Volibear, Furious / Imposing; Jinx, Rebel /
    # Demolitionist): the misspelled name asks which, offering both.
    with pytest.raises(AmbiguousError) as caught:
        riftbound.card(query)
    suggestions = caught.value.suggestions
    assert len(suggestions) == 2
    assert all(s.startswith(champion + ",") for s in suggestions)


def test_the_warm_up_imports_the_game_engine_before_the_first_game(
    reference_db: Path, tmp_path: Path
) -> None:
    """A fresh bot's first ``game`` command finds the rules engine and its Oracle-text reader
    imported (patterns compiled) by the warm-up, not imported inside its answer (issue 14).
    In a fresh interpreter: this test session has imported them long ago."""
    settings = f"Settings(data_dir=Path({str(reference_db.parent)!r}), db_path=Path({str(tmp_path / 'g.db')!r}))"
    code = "\n".join(
        (
            "import sys",
            "from pathlib import Path",
            "from bot.app import open_services, warm_up",
            "from bot.settings import Settings",
            f"services = open_services({settings})",
            "engine = 'bot.engine.mtg.oracle_targets'",
            "before = engine in sys.modules",
            "warm_up(services).join(timeout=120)",
            "print(before, engine in sys.modules, 'bot.commands.games' in sys.modules)",
        )
    )
    repo = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=repo
    )
    assert done.stdout.split() == ["False", "True", "True"]


def test_long_running_front_ends_build_the_misspelling_index_at_start(
    reference_db: Path, tmp_path: Path
) -> None:
    """The Discord bot and the console warm up: the first misspelled card is answered at once."""
    services = open_services(Settings(data_dir=reference_db.parent, db_path=tmp_path / "g.db"))
    default_thresholds = gc.get_threshold()
    try:
        warming = warm_up(services)
        assert warming is not None
        matcher = services.reference.cards.matcher
        deadline = time.monotonic() + 30
        while not matcher.index_built and time.monotonic() < deadline:
            time.sleep(0.05)
        assert matcher.index_built
        assert services.reference.cards.resolve("lightnig bolt").name == "Lightning Bolt"
        # Once warm, the long-lived data is out of the cyclic collector's reach (issue 14).
        warming.join(timeout=60)
        assert not warming.is_alive() and gc.get_freeze_count() > 100_000
        # ... and the young generation is collected less often (short-lived containers).
        assert gc.get_threshold()[0] == YOUNG_COLLECTION_THRESHOLD
    finally:
        gc.unfreeze()  # the rest of the test session collects as usual
        gc.set_threshold(*default_thresholds)
        services.reference.close()
