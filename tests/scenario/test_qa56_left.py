"""QA 56's items left open at stop 48, as statements (report /work/notes/qa_report56.md)."""

from __future__ import annotations

from bot.scenario.executor import MtgScenarioExecutor


def _run(executor: MtgScenarioExecutor, *lines: str):  # type: ignore[no-untyped-def]
    return executor.run("\n".join(lines) + "\n", speaker="Alice").steps


def _said(step) -> str:  # type: ignore[no-untyped-def]
    return "\n".join((step.explanation, *step.notes, *(e.why or "" for e in step.effects)))


def test_one_event_s_triggers_of_one_player_say_who_orders_them(
    executor: MtgScenarioExecutor,
) -> None:
    # CR 603.3b: each player "puts each triggered ability they control ... on the stack in any
    # order they choose" (QA 56 M2).
    steps = _run(
        executor,
        "Alice controls Korvold, Fae-Cursed King and Kitchen Finks.",
        "Alice sacrifices Kitchen Finks.",
        "Alice puts Korvold, Fae-Cursed King's trigger on the stack last.",
        "The top of the stack resolves.",
        "What is Korvold's power?",
    )
    assert "Alice chooses the order of these 2 triggers" in _said(steps[1])
    assert "603.3b" in steps[1].rules
    assert steps[2].verdict == "ok", _said(steps[2])
    assert "5/5" in _said(steps[4])  # Korvold's counter first: 4/4 + 1


def test_a_single_trigger_needs_no_order(executor: MtgScenarioExecutor) -> None:
    steps = _run(
        executor,
        "Alice controls Korvold, Fae-Cursed King and Grizzly Bears.",
        "Alice sacrifices Grizzly Bears.",
    )
    assert "chooses the order" not in _said(steps[1])


def test_a_question_after_a_named_spell_resolves_plays_out_only_down_to_it(
    executor: MtgScenarioExecutor,
) -> None:
    # CR 405.5: the top (last-added) spell resolves first (QA 56 U4).
    steps = _run(
        executor,
        "Alice controls Grizzly Bears.",
        "Bob casts Disfigure targeting Grizzly Bears.",
        "Alice casts Giant Growth targeting Grizzly Bears.",
        "What is Grizzly Bears' power after Giant Growth resolves?",
        "What is Grizzly Bears' power after Disfigure resolves?",
        "What is Grizzly Bears' power after Shock resolves?",
        "What is on the stack?",
    )
    assert "5/5" in steps[3].explanation and "say “Giant Growth resolves.”" in steps[3].explanation
    assert "3/3" in steps[4].explanation
    assert "“The top of the stack resolves.” until it has" in steps[4].explanation
    assert steps[5].verdict == "error" and "Shock" in steps[5].explanation
    # Nothing changed: both spells still wait.
    assert "Giant Growth" in _said(steps[6]) and "Disfigure" in _said(steps[6])


def test_the_first_trigger_names_the_one_source_s_waiting_trigger(
    executor: MtgScenarioExecutor,
) -> None:
    # CR 603.2d / 603.3d: each instance of Panharmonicon's extra trigger has its own target
    # (QA 56 U5).
    steps = _run(
        executor,
        "Alice controls Panharmonicon.",
        "Bob controls Grizzly Bears and Hill Giant.",
        "Alice casts Flametongue Kavu.",
        "Flametongue Kavu resolves.",
        "The first trigger targets Grizzly Bears.",
        "The second trigger targets Hill Giant.",
    )
    assert [s.verdict for s in steps[4:]] == ["legal", "legal"]
    assert "Grizzly Bears" in steps[4].explanation and "Hill Giant" in steps[5].explanation


def test_cards_said_in_a_hand_are_a_lower_bound_for_hand_conditions(
    executor: MtgScenarioExecutor,
) -> None:
    # Plan the Heist: "Surveil 3 if you have no cards in hand." (QA 56 M5)
    steps = _run(
        executor,
        "Alice's hand has Lightning Bolt.",
        "Alice casts Plan the Heist.",
        "Plan the Heist resolves.",
    )
    said = _said(steps[2])
    assert "isn't true now" in said and "hand isn't stated" not in said
    # Nothing said of the hand: still unknown, and said so.
    steps = _run(executor, "Alice casts Plan the Heist.", "Plan the Heist resolves.")
    assert "hand isn't stated" in _said(steps[1])
