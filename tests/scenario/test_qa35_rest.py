"""QA 35 items left open, as statements: Massacre Wurm's "Whenever a creature an opponent
controls dies, that player loses 2 life" (CR 603.10a) and a modal double-faced card that
leaves the battlefield with its back face up (712.8a)."""

from __future__ import annotations

from bot.scenario.executor import MtgScenarioExecutor


def _said(executor: MtgScenarioExecutor, *lines: str) -> list[str]:
    """What each statement's answer says, its notes and effect lines included."""
    steps = executor.run("\n".join(lines) + "\n", speaker="Alice").steps
    return [
        "\n".join((step.explanation, *step.notes, *(e.why or "" for e in step.effects)))
        for step in steps
    ]


def test_massacre_wurm_makes_the_dead_creatures_controller_lose_2(
    executor: MtgScenarioExecutor,
) -> None:
    steps = _said(
        executor,
        "Bob controls Grizzly Bears, Llanowar Elves and Serra Angel.",
        "Alice controls Massacre Wurm and Runeclaw Bear.",
        "Bob casts Pyroclasm.",
        "Pyroclasm resolves.",
        "What is on the stack?",
        "The top of the stack resolves.",
        "The top of the stack resolves.",
        "What is Bob's life total?",
        "What is Alice's life total?",
    )
    # Two of Bob's creatures die (Alice's Runeclaw Bear is hers: no trigger for it).
    assert steps[3].count("Massacre Wurm's ability triggers as") == 2
    assert "Runeclaw Bear dies: “" not in steps[3]
    assert steps[4].count("Massacre Wurm's trigger") == 2
    assert "Bob has 16 life" in steps[7]
    assert "Alice has 20 life" in steps[8]


def test_massacre_wurm_dying_with_them_still_triggers(executor: MtgScenarioExecutor) -> None:
    # Massacre Wurm ruling (2020-06-23): "If a creature an opponent controls dies at the same
    # time as Massacre Wurm, Massacre Wurm's last ability triggers for that creature."
    steps = _said(
        executor,
        "Bob controls Grizzly Bears. Alice controls Massacre Wurm.",
        "Bob casts Wrath of God.",
        "Wrath of God resolves.",
        "The top of the stack resolves.",
        "What is Bob's life total?",
    )
    assert "Massacre Wurm's ability triggers as Grizzly Bears dies" in steps[3]
    assert "Bob has 18 life" in steps[5]


def test_a_watcher_under_humility_doesnt_trigger(executor: MtgScenarioExecutor) -> None:
    steps = _said(
        executor,
        "Bob controls Grizzly Bears. Alice controls Massacre Wurm and Humility.",
        "Alice casts Murder targeting Grizzly Bears.",
        "Murder resolves.",
        "What is on the stack?",
    )
    assert "triggers as" not in steps[3]
    assert "Empty." in steps[4]


def test_a_stated_optional_sacrifice_is_carried_out(executor: MtgScenarioExecutor) -> None:
    steps = _said(
        executor,
        "Alice controls Grizzly Bears and a Food token.",
        "Alice casts Insatiable Appetite targeting Grizzly Bears.",
        "Insatiable Appetite resolves and Alice sacrifices a Food.",
        "Show the board.",
    )
    assert "Grizzly Bears 7/7" in steps[3] and "Food" not in steps[3]


def test_a_sacrifice_stated_with_no_food_is_refused(executor: MtgScenarioExecutor) -> None:
    steps = _said(
        executor,
        "Alice controls Grizzly Bears.",
        "Alice casts Insatiable Appetite targeting Grizzly Bears.",
        "Insatiable Appetite resolves and Alice sacrifices a Food.",
    )
    assert "Alice controls no food to sacrifice" in steps[2]
    assert "doesn't sacrifice a Food" in steps[2]


def test_a_stated_sacrifice_instead_of_losing_life(executor: MtgScenarioExecutor) -> None:
    steps = _said(
        executor,
        "Alice controls Grizzly Bears. Bob controls Tergrid's Lantern.",
        "Bob activates Tergrid's Lantern targeting Alice.",
        "Tergrid's Lantern's ability resolves and Alice sacrifices Grizzly Bears.",
        "Show the board.",
    )
    assert "Alice sacrificed Grizzly Bears (#1) instead (118.12" in steps[3]
    assert "Grizzly Bears — Alice's graveyard" in steps[4]


def test_each_opponents_choice_needs_one_opponent(executor: MtgScenarioExecutor) -> None:
    steps = _said(
        executor,
        "Bob controls Grizzly Bears. Carol controls Llanowar Elves.",
        "Alice casts Torment of Hailfire with X=1.",
        "Torment of Hailfire resolves and Bob sacrifices Grizzly Bears.",
    )
    assert "one stated choice can't say what each of them did" in steps[3]
