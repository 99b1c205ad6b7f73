"""QA 33 items left after the first pass: effects that were ticked but not applied (Summary
Dismissal, Settle the Wreckage, Rancor: CR 406.2, 115.10a, 400.7e), a card cast from a hand
stated without it (601.2a), X in resolution lines (107.3a), removal from combat (506.4),
hexproof-from wording (702.11d) and board keywords."""

from __future__ import annotations

from bot.scenario.executor import MtgScenarioExecutor


def _steps(executor: MtgScenarioExecutor, *lines: str):  # type: ignore[no-untyped-def]
    return executor.run("\n".join(lines) + "\n", speaker="Alice").steps


def _board(executor: MtgScenarioExecutor, *lines: str) -> str:
    return _steps(executor, *lines, "Show the board.")[-1].explanation


def test_summary_dismissal_exiles_a_spell_that_cant_be_countered(
    executor: MtgScenarioExecutor,
) -> None:
    board = _board(
        executor,
        "Bob controls Bonesplitter.",
        "Alice casts Abrupt Decay targeting Bonesplitter.",
        "Bob casts Summary Dismissal.",
        "Summary Dismissal resolves.",
    )
    assert "Abrupt Decay — Alice's exile" in board
    assert "Stack:\nEmpty." in board


def test_summary_dismissal_counters_abilities(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        "Alice controls Grizzly Bears. Bob controls Viscera Seer and Llanowar Elves.",
        "Bob activates Viscera Seer, sacrificing Llanowar Elves.",
        "Alice casts Summary Dismissal.",
        "Summary Dismissal resolves.",
        "What is on the stack?",
    )
    assert "Viscera Seer's ability is countered" in steps[-2].explanation
    assert "Empty." in steps[-1].explanation


def test_settle_the_wreckage_exiles_only_attackers(executor: MtgScenarioExecutor) -> None:
    board = _board(
        executor,
        "Alice controls Grizzly Bears and Serra Angel.",
        "Grizzly Bears is attacking.",
        "Bob casts Settle the Wreckage targeting Alice.",
        "Settle the Wreckage resolves.",
    )
    assert "Grizzly Bears — Alice's exile" in board
    assert "Serra Angel 4/4" in board


def test_rancor_returns_to_its_owners_hand(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        "Alice controls Grizzly Bears.",
        "Alice controls Rancor attached to Grizzly Bears.",
        "Grizzly Bears gains protection from green.",
        "Rancor's trigger goes on the stack.",
        "Rancor's trigger resolves.",
        "Show the board.",
    )
    assert "400.7e" in steps[-2].rules
    assert "Rancor — Alice's hand" in steps[-1].explanation


def test_a_card_is_not_cast_from_a_hand_stated_without_it(
    executor: MtgScenarioExecutor,
) -> None:
    steps = _steps(executor, "Bob's hand is empty.", "Bob casts Opt.", "Show the board.")
    assert steps[1].verdict == "illegal"
    assert "601.2a" in steps[1].rules
    assert "Opt" not in steps[2].explanation


def test_a_hand_stated_with_the_card_casts_it(executor: MtgScenarioExecutor) -> None:
    steps = _steps(executor, "Bob's hand is empty.", "Bob's hand has Opt.", "Bob casts Opt.")
    assert steps[-1].verdict == "legal"


def test_exsanguinate_says_how_much_life_is_lost(executor: MtgScenarioExecutor) -> None:
    resolved = _steps(
        executor, "Bob has 20 life.", "Alice casts Exsanguinate with X=3.", "Exsanguinate resolves."
    )[-1]
    assert "Each opponent loses 3 life" in resolved.explanation
    assert "loses X life" not in resolved.explanation


def test_condemn_after_phasing_cites_removal_from_combat(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        "Alice controls Grizzly Bears.",
        "Grizzly Bears is attacking.",
        "Bob casts Condemn targeting Grizzly Bears.",
        "Grizzly Bears phases out.",
        "Grizzly Bears phases in.",
        "Condemn resolves.",
    )
    assert steps[-1].verdict == "fizzled"
    assert "506.4" in steps[-1].rules
    assert "removed from combat" in steps[-1].explanation


def test_hexproof_from_instants_reads_as_english(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        "Alice controls Elenda, Saint of Dusk.",
        "Can Bob cast Lightning Bolt targeting Elenda, Saint of Dusk?",
    )
    assert "instant spells or abilities from instant sources" in steps[-1].explanation


def test_board_shows_deathtouch_and_lifelink(executor: MtgScenarioExecutor) -> None:
    board = _board(executor, "Alice controls Atraxa, Praetors' Voice.")
    assert "deathtouch, flying, lifelink, vigilance" in board
