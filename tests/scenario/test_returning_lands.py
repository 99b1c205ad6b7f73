"""Splendid Reclamation's "Return all land cards from your graveyard to the battlefield tapped":
the stated land cards return, tapped, as new permanents (CR 400.7) that landfall sees enter
(603.6a); an Aura returned that way is left for the player to attach (303.4f)."""

from __future__ import annotations

from bot.scenario.ast_text import render_statement
from bot.scenario.executor import MtgScenarioExecutor
from bot.scenario.parser import parse_statement


def _said(executor: MtgScenarioExecutor, *lines: str) -> list[str]:
    """What each statement's answer says, its notes included."""
    steps = executor.run("\n".join(lines) + "\n", speaker="Alice").steps
    return [
        "\n".join((step.explanation, *step.notes, *(e.why or "" for e in step.effects)))
        for step in steps
    ]


def test_splendid_reclamation_returns_the_lands_tapped(executor: MtgScenarioExecutor) -> None:
    steps = _said(
        executor,
        "Alice controls Lotus Cobra.",
        "Alice's graveyard has Forest, Mountain and Grizzly Bears.",
        "Bob's graveyard has Island.",
        "Alice casts Splendid Reclamation.",
        "Splendid Reclamation resolves.",
        "Is Forest tapped?",
        "Where is Island?",
        "What is on the stack?",
    )
    assert "→ Forest and Mountain" in steps[4]
    assert steps[4].count("Lotus Cobra's ability triggers as") == 2
    assert "Yes" in steps[5]
    assert "graveyard" in steps[6]
    assert steps[7].count("Lotus Cobra's trigger") == 2


def test_nothing_stated_in_the_graveyard_is_said(executor: MtgScenarioExecutor) -> None:
    steps = _said(
        executor,
        "Alice casts Splendid Reclamation.",
        "Splendid Reclamation resolves.",
    )
    assert "no such card was stated in Alice's graveyard" in steps[1]


def test_replenish_leaves_an_aura_to_the_player(executor: MtgScenarioExecutor) -> None:
    steps = _said(
        executor,
        "Alice's graveyard has Rancor and Glorious Anthem.",
        "Alice casts Replenish.",
        "Replenish resolves.",
        "Where is Rancor?",
    )
    assert "→ Glorious Anthem" in steps[2]
    assert "Rancor is an Aura" in steps[2]
    assert "graveyard" in steps[3]


def test_a_land_put_onto_the_battlefield_is_seen_entering(executor: MtgScenarioExecutor) -> None:
    steps = _said(
        executor,
        "Alice controls Lotus Cobra. Bob controls Lotus Cobra.",
        "Alice's graveyard has Forest.",
        "Alice puts Forest onto the battlefield.",
        "Where is Forest?",
        "Island enters the battlefield tapped under Alice's control.",
        "Is Island tapped?",
    )
    assert "Alice puts Forest onto the battlefield from the graveyard" in steps[3]
    assert steps[3].count("Lotus Cobra's ability triggers as Forest enters") == 1
    assert "Alice's battlefield" in steps[4]
    assert "from Alice's library" in steps[5]
    assert "Yes" in steps[6]


def test_an_aura_put_onto_the_battlefield_attached_to_a_hexproof_creature(
    executor: MtgScenarioExecutor,
) -> None:
    # CR 303.4f: chosen as it enters, not targeted (QA 60 U2).
    steps = _said(
        executor,
        "Alice controls Troll Ascetic.",
        "Bob puts Pacifism onto the battlefield attached to Troll Ascetic.",
        "What is attached to Troll Ascetic?",
    )
    assert "It enters attached to Troll Ascetic" in steps[1]
    assert "Pacifism" in steps[2]


def test_a_puts_statement_with_a_host_reads_back_the_same() -> None:
    said = "Bob puts Pacifism onto the battlefield attached to Troll Ascetic."
    assert render_statement(parse_statement(said, speaker="Alice")) == said
