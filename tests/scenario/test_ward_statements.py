"""Ward in the scenario language: the trigger on the stack, and "... resolves and Bob pays" /
"... and Bob doesn't pay" (CR 702.21a, 118.12a, 701.6a), parsed, written back and played on
the real card data."""

from __future__ import annotations

import pytest

from bot.engine.model import Zone
from bot.errors import ScenarioError
from bot.scenario.ast import (
    AbilityKind,
    AbilityRef,
    KeywordTrigger,
    ObjectRef,
    Payment,
    PlayerRef,
    Resolve,
    TopOfStack,
)
from bot.scenario.ast_text import render_statement
from bot.scenario.executor import MtgScenarioExecutor
from bot.scenario.parser import parse_statement
from tests.scenario.card_names import is_known_name

BOB = PlayerRef("Bob")
BEARS_WARD = AbilityRef(
    source=ObjectRef("Runeclaw Bear"), kind=AbilityKind.TRIGGERED, keyword="ward"
)
WARD = "Waterfall Aerialist"  # Flying, Ward {2}; a 3/1
BOARD = f"Alice controls {WARD} and Runeclaw Bear. Bob controls Spellskite.\n"

PAYMENTS = [
    (
        "Runeclaw Bear's ward trigger resolves and Bob pays.",
        Resolve(item=BEARS_WARD, payment=Payment(BOB, pays=True)),
    ),
    (
        "The ward trigger resolves and Bob doesn't pay.",
        Resolve(item=KeywordTrigger("ward"), payment=Payment(BOB, pays=False)),
    ),
    (
        "The top of the stack resolves and Bob pays {2}.",
        Resolve(item=TopOfStack(), payment=Payment(BOB, pays=True, cost="{2}")),
    ),
    (
        "The top of the stack resolves, Bob does not pay.",
        Resolve(item=TopOfStack(), payment=Payment(BOB, pays=False)),
    ),
    (
        "The ward trigger resolves and Bob declines to pay.",
        Resolve(item=KeywordTrigger("ward"), payment=Payment(BOB, pays=False)),
    ),
    (
        "The top of the stack resolves and Bob pays 3 life.",
        Resolve(item=TopOfStack(), payment=Payment(BOB, pays=True, cost="3 life")),
    ),
    (
        "The ward trigger resolves and Bob pays the ward cost.",
        Resolve(item=KeywordTrigger("ward"), payment=Payment(BOB, pays=True)),
    ),
    (
        "The top of the stack resolves and Bob doesn't pay {2}.",
        Resolve(item=TopOfStack(), payment=Payment(BOB, pays=False, cost="{2}")),
    ),
    ("The ward trigger resolves.", Resolve(item=KeywordTrigger("ward"))),
]


def read(text: str, *, index: bool = True):
    return parse_statement(
        text,
        speaker="Alice",
        players=("Alice", "Bob"),
        is_known_name=is_known_name if index else None,
    )


@pytest.mark.parametrize("with_index", [True, False], ids=["with-card-index", "without"])
@pytest.mark.parametrize(("text", "expected"), PAYMENTS, ids=[t for t, _ in PAYMENTS])
def test_payment_clauses_parse_to_their_meaning(text, expected, with_index) -> None:
    assert read(text, index=with_index) == expected


@pytest.mark.parametrize(("text", "expected"), PAYMENTS, ids=[t for t, _ in PAYMENTS])
def test_canonical_text_of_a_payment_reads_back_to_the_same_value(text, expected) -> None:
    rendered = render_statement(expected)
    assert read(rendered) == expected
    assert read(rendered, index=False) == expected


def test_the_speaker_pays_in_the_first_person() -> None:
    parsed = read("The top of the stack resolves and I pay {2}.")
    assert isinstance(parsed, Resolve) and parsed.payment is not None
    assert parsed.payment.player.name == "Alice" and parsed.payment.player.is_speaker
    assert render_statement(parsed) == "The top of the stack resolves and Alice pays {2}."


def test_a_payment_clause_without_a_player_is_a_clear_error() -> None:
    with pytest.raises(ScenarioError) as caught:
        read("The ward trigger resolves and pays.")
    assert "say who pays" in caught.value.message
    assert caught.value.hint == "Runeclaw Bear's ward trigger resolves and Bob doesn't pay."
    with pytest.raises(ScenarioError) as caught:
        read("The ward trigger resolves loudly.")
    assert "“and Bob pays”" in caught.value.message


# ---- played on the real cards ------------------------------------------------------------------
def run(executor: MtgScenarioExecutor, script: str):
    return executor.run(script, speaker="Alice")


def stack(result) -> list[str]:
    return [entry.name for entry in result.state.stack]


def test_bolt_at_a_ward_creature_ward_resolves_and_bob_does_not_pay(executor) -> None:
    result = run(
        executor,
        BOARD + f"Bob casts Lightning Bolt targeting {WARD}.\n"
        f"{WARD}'s ward trigger resolves and Bob doesn't pay.\n",
    )
    cast, ward = result.steps[2:]
    assert cast.verdict == "legal" and "702.21a" in cast.rules
    assert "ward triggered" in cast.explanation and "on the stack above Lightning Bolt" in (
        cast.explanation
    )
    assert ward.verdict == "resolved" and {"702.21a", "118.12a", "701.6a"} <= set(ward.rules)
    assert "Lightning Bolt is countered" in ward.explanation
    assert stack(result) == []
    graveyard = [(o.name, o.owner) for o in result.state.zone_objects(Zone.GRAVEYARD)]
    assert graveyard == [("Lightning Bolt", "Bob")]
    assert [o.name for o in result.state.zone_objects(Zone.BATTLEFIELD)].count(WARD) == 1


def test_bob_pays_and_bolt_then_resolves(executor) -> None:
    result = run(
        executor,
        BOARD + f"Bob casts Lightning Bolt targeting {WARD}.\n"
        "The ward trigger resolves and Bob pays {2}.\n"
        "Lightning Bolt resolves.\n",
    )
    ward, bolt = result.steps[3:]
    assert ward.verdict == "resolved" and "isn't countered" in ward.explanation
    assert bolt.verdict == "resolved" and [e.text for e in bolt.effects] == [f"3 damage to {WARD}"]
    assert {o.name for o in result.state.zone_objects(Zone.GRAVEYARD)} == {WARD, "Lightning Bolt"}


def test_resolving_the_ward_trigger_without_saying_asks_and_changes_nothing(executor) -> None:
    result = run(
        executor,
        BOARD + f"Bob casts Lightning Bolt targeting {WARD}.\n"
        "The top of the stack resolves.\nResolve the stack.\nLightning Bolt resolves.\n",
    )
    top, everything, bolt = result.steps[3:]
    for step in (top, everything):
        assert step.verdict == "error" and step.error is not None
        assert "say whether Bob pays" in step.error.message
        assert step.error.statements == (
            "The top of the stack resolves and Bob pays {2}.",
            "The top of the stack resolves and Bob doesn't pay.",
        )
    assert bolt.verdict == "illegal" and "ward trigger resolves first" in bolt.explanation
    assert stack(result) == ["Lightning Bolt", f"{WARD}'s ward trigger"]
    # The statements the error offers work as they are.
    assert top.error is not None
    outcomes = ("isn't countered", "is countered")
    for offered, verdict in zip(top.error.statements, outcomes, strict=True):
        again = executor.run(offered, result.state, speaker="Alice")
        assert again.steps[0].verdict == "resolved" and verdict in again.steps[0].explanation


def test_wrong_payer_wrong_cost_or_nothing_to_pay_are_errors(executor) -> None:
    result = run(
        executor,
        BOARD + f"Bob casts Lightning Bolt targeting {WARD}.\n"
        "The ward trigger resolves and Alice pays.\n"
        "The ward trigger resolves and Bob pays {3}.\n"
        "The ward trigger resolves and Carol pays.\n"
        "The ward trigger resolves and Bob pays.\n"
        "Lightning Bolt resolves and Bob pays.\n",
    )
    alice, three, carol, paid, bolt = result.steps[3:]
    assert alice.verdict == "error" and "Bob decides whether to pay" in alice.explanation
    assert three.verdict == "error" and "asks for {2}, not {3}" in three.explanation
    assert carol.verdict == "error" and "not Carol" in carol.explanation
    assert "Carol" not in result.state.player_names  # naming a payer adds no player
    assert paid.verdict == "resolved"
    assert bolt.verdict == "error" and "doesn't ask anyone to pay" in bolt.explanation
    assert stack(result) == ["Lightning Bolt"]


def test_no_ward_trigger_for_your_own_spell(executor) -> None:
    result = run(executor, BOARD + f"Alice casts Giant Growth targeting {WARD}.\n")
    assert result.steps[-1].verdict == "legal" and result.steps[-1].notes == ()
    assert stack(result) == ["Giant Growth"]


def test_retargeting_onto_a_ward_creature_triggers_it(executor) -> None:
    result = run(
        executor,
        BOARD + "Bob casts Lightning Bolt targeting Alice.\n"
        "Bob casts Deflection targeting Lightning Bolt.\n"
        f"Deflection resolves changing the target to {WARD}.\n"
        "The top of the stack resolves and Bob doesn't pay.\n",
    )
    bolt, deflection, change, ward = result.steps[2:]
    assert bolt.notes == () and deflection.verdict == "legal"
    assert change.verdict == "changed" and "ward triggered" in change.explanation
    assert ward.verdict == "resolved" and "Lightning Bolt is countered" in ward.explanation
    assert stack(result) == []


def test_a_direct_change_triggers_only_for_a_new_target(executor) -> None:
    result = run(
        executor,
        BOARD + f"Bob casts Arc Trail targeting {WARD} and Runeclaw Bear.\n"
        "The ward trigger resolves and Bob pays.\n"
        f"Bob chooses new targets for Arc Trail: Runeclaw Bear, {WARD}.\n"
        "Bob chooses new targets for Arc Trail: Runeclaw Bear, Alice.\n"
        f"Bob chooses new targets for Arc Trail: Runeclaw Bear, {WARD}.\n"
        "The ward trigger resolves and Bob doesn't pay.\n"
        "Bob casts Lightning Bolt targeting Alice.\n"
        f"Bob changes the target of Lightning Bolt to {WARD}.\n",
    )
    swap, away, back, countered, _, bolt = result.steps[4:]
    assert swap.verdict == "changed" and swap.notes == ()
    assert away.verdict == "changed" and away.notes == ()
    assert back.verdict == "changed" and "603.3" in back.rules
    # Said once, in the explanation, not again as a note (QA 16: said twice).
    assert "ward triggered" in back.explanation and back.notes == ()
    assert countered.verdict == "resolved" and "Arc Trail is countered" in countered.explanation
    assert bolt.verdict == "changed" and "ward triggered" in bolt.explanation
    assert stack(result) == ["Lightning Bolt", f"{WARD}'s ward trigger"]


def test_the_ward_trigger_targets_nothing(executor) -> None:
    result = run(
        executor,
        BOARD + f"Bob casts Lightning Bolt targeting {WARD}.\n"
        f"Does {WARD}'s ward trigger target?\n"
        "Does the ward trigger target?\n"
        f"What are the legal targets for {WARD}'s ward trigger?\n"
        f"Is Lightning Bolt a legal target for {WARD}'s ward trigger?\n",
    )
    named, keyword, listed, asked = result.steps[3:]
    for step in (named, keyword):
        assert step.verdict == "no" and step.targets == ()
        assert {"115.10a", "702.21a"} <= set(step.rules) and "Lightning Bolt" in step.explanation
    assert listed.verdict == "ok" and listed.targets == () and "no targets" in listed.explanation
    assert asked.verdict == "no" and "115.10a" in asked.rules
    assert stack(result) == ["Lightning Bolt", f"{WARD}'s ward trigger"]  # questions change nothing


def test_replaying_the_script_gives_the_same_game(executor) -> None:
    script = (
        BOARD + f"Bob casts Arc Trail targeting {WARD} and Alice.\n"
        "The ward trigger resolves and Bob pays {2}.\nArc Trail resolves.\n"
    )
    first, second = run(executor, script), run(executor, script)
    assert first.state == second.state
    assert [s.to_dict() for s in first.steps] == [s.to_dict() for s in second.steps]
    assert first.state.player("Alice").life == 19 and not first.state.stack


def test_can_questions_say_ward_would_trigger_and_change_nothing(executor) -> None:
    result = run(
        executor,
        BOARD + "Bob controls Prodigal Pyromancer.\n"
        f"Can Bob cast Lightning Bolt targeting {WARD}?\n"
        f"Can Bob activate Prodigal Pyromancer targeting {WARD}?\n",
    )
    for step in result.steps[-2:]:
        assert step.verdict == "yes" and "702.21a" in step.rules
        assert "ward would trigger" in step.explanation and "now on the stack" not in (
            step.explanation
        )
        assert "ward trigger would go on the stack" in step.explanation
        assert not any("would go on the stack" in note for note in step.notes)  # said once
    assert stack(result) == []
