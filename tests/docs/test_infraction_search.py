"""An IPG infraction is found by what happened, in the words a player or judge uses (issue 13).

Each expected infraction is the one whose definition or examples describe the incident, quoted
from the Infraction Procedure Guide (effective 2024-09-23).
"""

from __future__ import annotations

import pytest

from bot.reference.docs import DocsIndex


@pytest.mark.parametrize(
    ("incident", "number", "ipg_says"),
    [
        ("my opponent forgot their exalted trigger", "2.1",
         "Knight of Infamy (a 2/1 creature with exalted) attacks alone. Its controller says "
         "“Take two.”"),
        ("player forgot a trigger", "2.1", "Game Play Error — Missed Trigger"),
        ("player saw the bottom card of their deck", "2.2",
         "A player sees the bottom card of their deck when presenting it to their opponent"),
        ("looked at an extra card while shuffling", "2.2",
         "A player accidentally reveals (drops, flips over) a card while shuffling"),
        ("drew eight cards for the opening hand", "2.4",
         "A player draws eight cards at the start of the game (instead of seven)."),
        ("cast a spell without paying the right cost", "2.5",
         "A player casts Wrath of God for 3W (actual cost 2WW)."),
        ("spectator told a player what to play", "3.2",
         "A player, spectator, or other tournament participant seeks or gives advice about play"),
        ("player did not shuffle enough", "3.9",
         "A player unintentionally fails to sufficiently shuffle their deck"),
        ("player threatened their opponent", "4.5",
         "A player acts in a threatening manner towards others or their property."),
        ("my opponent ripped up my card", "4.5",
         "A player tears up a card belonging to another player."),
        ("player stole cards", "4.6", "Unsporting Conduct — Theft of Tournament Material"),
        ("player lied to a judge", "4.8", "lies to a tournament official"),
        ("player swore at their opponent", "4.1",
         "A player uses excessively vulgar and profane language."),
    ],
)  # fmt: skip
def test_an_incident_finds_its_infraction(
    docs: DocsIndex, incident: str, number: str, ipg_says: str
) -> None:
    assert docs.lookup("ipg", incident).section.number == number, ipg_says


def test_the_changelog_appendix_answers_no_incident(docs: DocsIndex) -> None:
    # IPG 3.5 Deck Problem, example B: "A player has a Pacifism in their deck from a previous
    # opponent."  Appendix B (Changes from Previous Versions) shares the words "previous" and
    # "deck" with every such question, but describes no incident.
    match = docs.lookup("ipg", "card from a previous opponent found in my deck")
    shown = [match.section, *match.also]
    assert "3.5" in [s.number for s in shown]
    assert not any("Previous Versions" in s.title for s in shown)
    # Asked for by name, it is still found.
    assert docs.lookup("ipg", "changes from previous versions").section.number == "B"


@pytest.mark.parametrize(
    "incident",
    [
        "drew an extra card",
        "drawing extra cards",
        "player drew too many cards",
        "drew 2 extra cards",
    ],
)
def test_drawing_extra_cards_is_a_hidden_card_error(docs: DocsIndex, incident: str) -> None:
    # IPG 2.3 Hidden Card Error, example A: "A player draws four cards after casting Ancestral
    # Recall."  A drawn card has joined the hand, another hidden set; 2.2 Looking at Extra Cards
    # says: "Once those cards have joined another hidden set, the infraction is Hidden Card
    # Error or Game Rule Violation."  2.2 is for cards seen, not drawn (its example B: "pulls up
    # an extra card while drawing").
    match = docs.lookup("ipg", incident)
    assert match.section.number == "2.3", [match.section.number, *(s.number for s in match.also)]


def test_seeing_an_extra_card_while_drawing_is_still_looking_at_extra_cards(
    docs: DocsIndex,
) -> None:
    # IPG 2.2, example B: "A player pulls up an extra card while drawing from their library."
    assert docs.lookup("ipg", "pulled up an extra card while drawing").section.number == "2.2"
