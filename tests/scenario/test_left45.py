"""QA 45, left open, as statements: a lone declared blocker of a creature with menace is
refused once the script shows the blocks complete (CR 702.111b, 509.1b); a tapped creature
can't be declared a blocker (509.1a); "until end of turn" statements end on a later turn
(514.2)."""

from __future__ import annotations

from bot.scenario.executor import MtgScenarioExecutor

BRUTE_ATTACKS = (
    "Alice controls Boggart Brute.",
    "Bob controls Grizzly Bears and Runeclaw Bear.",
    "Boggart Brute is attacking.",
)


def _kinds(executor: MtgScenarioExecutor, *lines: str) -> list[str]:
    steps = executor.run("\n".join(lines) + "\n", speaker="Alice").steps
    return [step.verdict for step in steps]


def test_a_lone_menace_blocker_is_refused_once_the_blocks_end(
    executor: MtgScenarioExecutor,
) -> None:
    run = executor.run(
        "\n".join((*BRUTE_ATTACKS, "Grizzly Bears blocks Boggart Brute.", "It is a later turn."))
        + "\n",
        speaker="Alice",
    )
    step = run.steps[3]
    assert step.verdict == "error" and not step.changed  # refused, not applied (CR 732)
    assert "alone" in step.explanation and "702.111b" in step.explanation


def test_a_menace_block_completed_by_a_later_blocker_stands(
    executor: MtgScenarioExecutor,
) -> None:
    kinds = _kinds(
        executor,
        *BRUTE_ATTACKS,
        "Grizzly Bears blocks Boggart Brute.",
        "Can Runeclaw Bear block Boggart Brute?",
        "Runeclaw Bear blocks Boggart Brute.",
        "It is a later turn.",
    )
    assert kinds[3:] == ["ok", "yes", "ok", "ok"]


def test_a_lone_menace_blocker_at_the_end_keeps_its_note(executor: MtgScenarioExecutor) -> None:
    steps = executor.run(
        "\n".join((*BRUTE_ATTACKS, "Grizzly Bears blocks Boggart Brute.")) + "\n",
        speaker="Alice",
    ).steps
    assert steps[3].verdict == "ok"
    assert any("say the other blocker" in note for note in steps[3].notes)


def test_a_tapped_creature_is_refused_as_a_declared_blocker(
    executor: MtgScenarioExecutor,
) -> None:
    kinds = _kinds(
        executor,
        "Alice controls Grizzly Bears.",
        "Bob controls Runeclaw Bear.",
        "Runeclaw Bear is tapped.",
        "Grizzly Bears is attacking.",
        "Runeclaw Bear blocks Grizzly Bears.",
        "Runeclaw Bear is blocking Grizzly Bears.",  # tapped since it blocked: still blocks
    )
    assert kinds[4:] == ["illegal", "ok"]  # an illegal action (732.1; QA 56 M4)


def test_korvolds_enters_trigger_is_put_on_the_stack(executor: MtgScenarioExecutor) -> None:
    steps = executor.run(
        "Alice controls Forest and Grizzly Bears.\n"
        "Alice casts Korvold, Fae-Cursed King.\n"
        "Korvold, Fae-Cursed King resolves.\n"
        "The top of the stack resolves.\n",
        speaker="Alice",
    ).steps
    assert "the bot has put it there" in steps[2].explanation
    assert steps[3].verdict == "resolved"
    assert "sacrifice another permanent" in steps[3].explanation


def test_rancors_return_is_put_on_the_stack_before_what_was_under_it(
    executor: MtgScenarioExecutor,
) -> None:
    run = executor.run(
        "Bob controls Grizzly Bears.\n"
        "Bob controls Rancor attached to Grizzly Bears.\n"
        "Alice casts Feast of Dreams targeting Grizzly Bears.\n"
        "Bob casts Naturalize targeting Rancor.\n"
        "Naturalize resolves.\n"
        "Feast of Dreams resolves.\n"
        "The top of the stack resolves.\n"
        "Is Rancor in Bob's hand?\n",
        speaker="Alice",
    )
    steps = run.steps
    assert any("the bot has put it on the stack" in note for note in steps[4].notes)
    assert steps[5].verdict == "illegal"  # Rancor's trigger is on top (405.5)
    assert steps[6].verdict == "resolved" and steps[7].verdict == "yes"


def test_a_dies_trigger_the_bot_put_on_the_stack_is_not_put_there_twice(
    executor: MtgScenarioExecutor,
) -> None:
    run = executor.run(
        "Bob controls Grizzly Bears.\n"
        "Bob controls Rancor attached to Grizzly Bears.\n"
        "Bob casts Naturalize targeting Rancor.\n"
        "Naturalize resolves.\n"
        "Rancor's trigger goes on the stack.\n",
        speaker="Alice",
    )
    assert run.steps[4].verdict in ("illegal", "error")
    assert "already on the stack" in run.steps[4].explanation
    assert len(run.state.stack) == 1
