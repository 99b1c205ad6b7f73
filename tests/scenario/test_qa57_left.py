"""QA 57's items left open after the lead's fixes, as statements (report
/work/notes/qa_report57.md)."""

from __future__ import annotations

from bot.scenario import ast
from bot.scenario.ast_text import render_statement
from bot.scenario.executor import MtgScenarioExecutor
from bot.scenario.parser import parse_statement
from tests.scenario.card_names import CARD_NAMES

_NAMES = CARD_NAMES | {"counterspell", "carnage tyrant"}


def is_known_name(name: str) -> bool:
    return name.casefold() in _NAMES


def _run(executor: MtgScenarioExecutor, *lines: str):  # type: ignore[no-untyped-def]
    return executor.run("\n".join(lines) + "\n", speaker="Alice").steps


def _said(step) -> str:  # type: ignore[no-untyped-def]
    return "\n".join((step.explanation, *step.notes, *(e.why or "" for e in step.effects)))


def test_a_spell_that_cant_be_countered_says_so(executor: MtgScenarioExecutor) -> None:
    # Carnage Tyrant: "This spell can't be countered."; CR 101.2: the "can't" wins (QA 57 U4).
    steps = _run(
        executor,
        "Bob casts Carnage Tyrant.",
        "Can Carnage Tyrant be countered?",
        "Does Counterspell counter Carnage Tyrant?",
        "Can Alice counter Carnage Tyrant with Counterspell?",
    )
    for step in steps[1:]:
        assert step.verdict == "no", _said(step)
        assert "can't be countered" in step.explanation
        assert "101.2" in step.rules


def test_counter_questions_are_read_as_the_cast(executor: MtgScenarioExecutor) -> None:
    # CR 701.6a; Counterspell "Counter target spell.", Stifle "... target activated or
    # triggered ability." (QA 57 U4).
    steps = _run(
        executor,
        "Alice controls Grizzly Bears.",
        "Bob casts Lightning Bolt targeting Grizzly Bears.",
        "Can Lightning Bolt be countered?",
        "Can Alice counter Lightning Bolt with Counterspell?",
        "Does Counterspell counter Lightning Bolt?",
        "Can Alice Stifle Lightning Bolt?",
        "Can Alice Counterspell Lightning Bolt?",
    )
    assert steps[2].verdict == "yes" and "701.6a" in steps[2].rules
    assert steps[3].verdict == "yes" and "Alice can cast Counterspell" in steps[3].explanation
    # No one named: an opponent of Lightning Bolt's controller counters it.
    assert steps[4].verdict == "yes" and "Alice can cast Counterspell" in steps[4].explanation
    assert steps[5].verdict == "no" and "115.1" in steps[5].rules
    assert steps[6].verdict == "yes"


def test_counter_questions_parse_and_read_back() -> None:
    for line, text in (
        ("Can Carnage Tyrant be countered?", "Can Carnage Tyrant be countered?"),
        ("Does Counterspell counter Lightning Bolt?", "Does Counterspell counter Lightning Bolt?"),
        (
            "Can Bob counter Lightning Bolt with Counterspell?",
            "Can Bob counter Lightning Bolt with Counterspell?",
        ),
    ):
        statement = parse_statement(
            line, speaker="Alice", is_known_name=is_known_name, players=("Bob",)
        )
        assert isinstance(statement, ast.CounterQuestion)
        assert render_statement(statement) == text


def test_a_source_with_two_triggers_is_asked_which(executor: MtgScenarioExecutor) -> None:
    # Thragtusk: "When this creature enters, you gain 5 life." and "When this creature leaves
    # the battlefield, create a 3/3 green Beast creature token." (QA 57 M4; CR 603.2).
    steps = _run(
        executor,
        "Bob controls Thragtusk.",
        "Thragtusk's trigger goes on the stack.",
        "Thragtusk's first trigger goes on the stack.",
        "Thragtusk dies.",
        "Thragtusk's second trigger goes on the stack.",
        "What is on the stack?",
        "Thragtusk's first trigger resolves.",
        "The top of the stack resolves.",
        "Thragtusk's first trigger resolves.",
        "What is Bob's life total?",
    )
    assert steps[1].verdict == "error"
    assert "Thragtusk's first trigger (“When this creature enters" in _said(steps[1])
    assert "Thragtusk's second trigger (“When this creature leaves" in _said(steps[1])
    assert steps[4].verdict == "legal", _said(steps[4])
    assert "“When this creature leaves the battlefield, …”" in steps[5].explanation
    assert steps[6].verdict == "illegal" and "resolves first" in steps[6].explanation
    assert "Beast" in steps[7].explanation
    assert "gain 5 life" in steps[8].explanation
    assert "25 life" in steps[9].explanation


def test_one_triggered_ability_needs_no_ordinal(executor: MtgScenarioExecutor) -> None:
    steps = _run(
        executor, "Bob controls Kitchen Finks.", "Kitchen Finks's trigger goes on the stack."
    )
    assert steps[1].verdict == "legal", _said(steps[1])


def test_a_mode_said_n_times_is_that_many_modes(executor: MtgScenarioExecutor) -> None:
    # Mystic Confluence: "Choose three. You may choose the same mode more than once."
    # (QA 57 U3; CR 700.2d). Cryptic Command has no such permission.
    steps = _run(
        executor,
        "Bob controls Grizzly Bears.",
        "Alice casts Mystic Confluence choosing return target creature to its owner's hand "
        "three times, targeting Grizzly Bears, Grizzly Bears and Grizzly Bears.",
        "Can Alice cast Cryptic Command choosing draw a card twice?",
    )
    assert steps[1].verdict == "legal", _said(steps[1])
    assert steps[2].verdict == "no" and "700.2d" in steps[2].rules


def test_n_times_after_a_mode_parses_as_copies() -> None:
    statement = parse_statement(
        "Alice casts Cryptic Command choosing draw a card twice and tap all creatures "
        "your opponents control.",
        speaker="Alice",
        is_known_name=is_known_name,
    )
    assert isinstance(statement, ast.Cast)
    assert statement.choices.modes == (
        "draw a card",
        "draw a card",
        "tap all creatures your opponents control",
    )


def test_anyone_responding_is_every_player(executor: MtgScenarioExecutor) -> None:
    # CR 117.3d, 117.4: each player gets priority before the spell resolves (QA 57 M10).
    steps = _run(
        executor,
        "Alice controls Grizzly Bears.",
        "Bob casts Sudden Shock targeting Grizzly Bears.",
        "Can anyone respond to Sudden Shock?",
        "What is on the battlefield?",
    )
    assert steps[2].verdict == "no" and "702.61a" in steps[2].rules
    assert "Alice and Bob each get priority" in steps[2].explanation
    assert "Anyone" not in _said(steps[2]) + _said(steps[3])


def test_anyone_parses_as_no_single_player() -> None:
    statement = parse_statement(
        "Can any player respond to Lightning Bolt?", speaker="Alice", is_known_name=is_known_name
    )
    assert isinstance(statement, ast.RespondQuestion) and statement.player is None
    assert render_statement(statement) == "Can anyone respond to Lightning Bolt?"


def test_the_example_of_no_legal_target_is_the_named_one(executor: MtgScenarioExecutor) -> None:
    # Chandra's −3: "target creature"; Liliana of the Veil isn't one (115.1; QA 57 M5).
    steps = _run(
        executor,
        "Alice controls Chandra, Torch of Defiance.",
        "Bob controls Grizzly Bears and Liliana of the Veil.",
        "Grizzly Bears has protection from red.",
        "Can Alice activate Chandra, Torch of Defiance's -3 ability targeting Liliana of the Veil?",
    )
    assert steps[3].verdict == "no"
    assert "for example: Liliana of the Veil doesn't match" in steps[3].explanation
    assert "702.16b" not in steps[3].rules


def test_adventure_and_bestowed_spells_cite_why_they_arent_creatures(
    executor: MtgScenarioExecutor,
) -> None:
    # CR 715.3b (Stomp), 702.103b (Boon Satyr bestowed); Tale's End wants a legendary spell
    # (QA 57 M3).
    steps = _run(
        executor,
        "Alice controls Grizzly Bears.",
        "Bob casts Bonecrusher Giant as Stomp targeting Grizzly Bears.",
        "Can Alice cast Essence Scatter targeting Bonecrusher Giant?",
        "Can Alice cast Tale's End targeting Bonecrusher Giant?",
        "Bob casts Boon Satyr with bestow targeting Grizzly Bears.",
        "Can Alice cast Essence Scatter targeting Boon Satyr?",
    )
    assert steps[2].verdict == "no" and "715.3b" in steps[2].rules
    assert "it is a spell that isn't legendary" in steps[3].explanation
    assert steps[5].verdict == "no" and "702.103b" in steps[5].rules


def test_a_leaves_the_battlefield_trigger_waits_for_its_source_to_leave(
    executor: MtgScenarioExecutor,
) -> None:
    # CR 603.6c: it triggers as Thragtusk moves from the battlefield (QA 57 M4); once
    # Thragtusk is in the graveyard, "Thragtusk's trigger" can only be that one.
    steps = _run(
        executor,
        "Bob controls Thragtusk.",
        "Thragtusk's second trigger goes on the stack.",
        "Thragtusk dies.",
        "Thragtusk's trigger goes on the stack.",
        "The top of the stack resolves.",
    )
    assert steps[1].verdict == "illegal" and "603.6c" in steps[1].rules
    assert steps[3].verdict == "legal", _said(steps[3])
    assert "Beast" in steps[4].explanation


def test_counter_questions_without_the_spell_on_the_stack(executor: MtgScenarioExecutor) -> None:
    # The card's own "This spell can't be countered." (101.2); a permanent isn't on the stack
    # (701.6a) (QA 57 U4).
    steps = _run(
        executor,
        "Can Carnage Tyrant be countered?",
        "Can Lightning Bolt be countered?",
        "Alice controls Grizzly Bears.",
        "Can Bob counter Grizzly Bears?",
        "Can Bob counter Blorp Blorp?",
    )
    assert steps[0].verdict == "no" and "101.2" in steps[0].rules
    assert steps[1].verdict == "yes" and "701.6a" in steps[1].rules
    assert steps[3].verdict == "no" and "permanent on the battlefield" in steps[3].explanation
    assert steps[4].verdict == "error"


def test_a_counter_already_on_the_stack_is_resolved_on_a_copy(
    executor: MtgScenarioExecutor,
) -> None:
    # "Will Counterspell counter Lightning Bolt?" about the Counterspell cast (608.2b).
    steps = _run(
        executor,
        "Alice controls Grizzly Bears.",
        "Bob casts Lightning Bolt targeting Grizzly Bears.",
        "Alice casts Counterspell targeting Lightning Bolt.",
        "Will Counterspell counter Lightning Bolt?",
        "What is on the stack?",
    )
    assert "already on the stack" in steps[3].explanation
    assert "Counterspell" in steps[4].explanation  # nothing changed


def test_cycles_is_the_cycling_ability(executor: MtgScenarioExecutor) -> None:
    # CR 702.29a; Street Wraith "Cycling—Pay 2 life." (QA 57 U4).
    steps = _run(
        executor,
        "Alice's hand has Street Wraith.",
        "Can Alice cycle Street Wraith?",
        "Alice cycles Street Wraith.",
        "What is Alice's life total?",
    )
    assert steps[1].verdict == "yes", _said(steps[1])
    assert steps[2].verdict == "legal", _said(steps[2])
    assert "18 life" in steps[3].explanation
