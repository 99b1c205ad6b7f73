"""A saved game asks a "may pay" offer's payer before the spell or ability resolves (CR
608.2d): once it resolved it can't resolve again with the choice said, so nothing changes until
it is said. A one-shot scenario resolves it and says how to state the choice, as before."""

from __future__ import annotations

from bot.scenario.executor import MtgScenarioExecutor

_CHAIN_STASIS = (
    "Bob controls Craw Wurm.\nAlice casts Chain Stasis targeting Craw Wurm.\n",
    "The top of the stack resolves.\n",
)


def test_a_saved_game_asks_the_payer_first(executor: MtgScenarioExecutor) -> None:
    setup, resolve = _CHAIN_STASIS
    before = executor.run(setup, speaker="Alice").state
    step = executor.run(resolve, before, speaker="Alice", saved=True).steps[0]
    assert step.verdict == "error" and step.error is not None
    assert "608.2d" in step.error.message
    assert step.error.statements == (
        "Chain Stasis resolves and Bob pays {2}{U}.",
        "Chain Stasis resolves and Bob doesn't pay.",
    )
    paid = executor.run(step.error.statements[0], before, speaker="Alice", saved=True)
    assert paid.steps[0].verdict == "resolved" and not paid.state.stack


def test_a_one_shot_scenario_still_resolves_and_says_how(executor: MtgScenarioExecutor) -> None:
    setup, resolve = _CHAIN_STASIS
    step = executor.run(setup + resolve, speaker="Alice").steps[-1]
    assert step.verdict == "resolved"


def test_a_spell_that_fizzles_asks_nobody(executor: MtgScenarioExecutor) -> None:
    # CR 608.2b: all its targets illegal, it doesn't resolve: there is no payment to offer.
    setup, resolve = _CHAIN_STASIS
    before = executor.run(setup + "Craw Wurm dies.\n", speaker="Alice").state
    step = executor.run(resolve, before, speaker="Alice", saved=True).steps[0]
    assert step.verdict == "fizzled"


def test_the_controllers_own_payment_is_asked_too(executor: MtgScenarioExecutor) -> None:
    # Urza's Chalice: "Whenever a player casts an artifact spell, you may pay {1}. If you do,
    # you gain 1 life."
    before = executor.run(
        "Alice controls Urza's Chalice.\nUrza's Chalice's trigger goes on the stack.\n",
        speaker="Alice",
    ).state
    assert before.stack and before.stack[-1].name.startswith("Urza's Chalice")
    step = executor.run("The top of the stack resolves.", before, speaker="Alice", saved=True)
    error = step.steps[0].error
    assert error is not None and error.statements[0].endswith("and Alice pays {1}.")
    paid = executor.run(error.statements[0], before, speaker="Alice", saved=True)
    assert paid.steps[0].verdict == "resolved"
    assert paid.state.player("Alice").life == 21
