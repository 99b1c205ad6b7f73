"""Left-overs of QA report 55, checked against the real cards and Core Rules v1.3: a stated
Might clears the caution of a Might change the bot didn't carry out (708)."""

from __future__ import annotations

from bot.scenario.riftbound_executor import RbScriptResult, RiftboundScenarioExecutor
from tests.engine.riftbound.scripts import run, verdicts


def _said(result: RbScriptResult, step: int = -1) -> str:
    said = result.steps[step]
    effects = (f"{e.text} ({e.why})" for e in said.effects)
    return " ".join((said.explanation, *effects, *said.notes))


DANGER_ZONE_RESOLVED = (
    "Alice controls Stalwart Poro and Blazing Scorcher at Targon's Peak.\n"
    "Alice plays Danger Zone.\n"
    "Danger Zone resolves.\n"
)


def test_a_stated_might_clears_the_caution_of_an_unapplied_might_change(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Danger Zone's "Give your Mechs +1 [M] this turn" isn't carried out; once the user says
    # Blazing Scorcher's real Might, that number counts it: no caution on it, still one on
    # the unit whose Might wasn't said.
    result = run(
        rb,
        DANGER_ZONE_RESOLVED + "Blazing Scorcher has 5 Might.\n"
        "What is Blazing Scorcher's Might?\n"
        "Is Blazing Scorcher Mighty?\n"
        "Is Stalwart Poro Mighty?\n"
        "Bob plays Piercing Light targeting Blazing Scorcher.\n"
        "Piercing Light resolves.\n",
    )
    assert "may differ" not in _said(result, 4)
    assert verdicts(result)[5] == "yes"
    assert "may differ" not in _said(result, 5)
    assert "may differ" in _said(result, 6)
    assert "survives" in _said(result, 8)
    assert "Caution" not in _said(result, 8)


def test_a_might_change_not_carried_out_after_the_statement_cautions_again(
    rb: RiftboundScenarioExecutor,
) -> None:
    # A second unapplied change after the stated Might isn't in the user's number.
    result = run(
        rb,
        DANGER_ZONE_RESOLVED + "Blazing Scorcher has 5 Might.\n"
        "Alice plays Danger Zone.\n"
        "Danger Zone resolves.\n"
        "Is Blazing Scorcher Mighty?\n",
    )
    assert "may differ" in _said(result, -1)


def test_a_changed_might_keeps_the_caution(rb: RiftboundScenarioExecutor) -> None:
    # "gets +1 Might" changes the bot's number; it doesn't say what the unit really has.
    result = run(
        rb,
        DANGER_ZONE_RESOLVED + "Blazing Scorcher gets +1 Might this turn.\n"
        "Is Blazing Scorcher Mighty?\n",
    )
    assert "may differ" in _said(result, -1)
