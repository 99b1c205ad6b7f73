"""QA 59's MTG items left open after the lead's fixes, as statements (report
/work/notes/qa_report59.md)."""

from __future__ import annotations

from bot.scenario.executor import MtgScenarioExecutor


def _run(executor: MtgScenarioExecutor, *lines: str):  # type: ignore[no-untyped-def]
    return executor.run("\n".join(lines) + "\n", speaker="Alice").steps


def _said(step) -> str:  # type: ignore[no-untyped-def]
    return "\n".join((step.explanation, *step.notes, *(e.why or "" for e in step.effects)))


def test_a_list_of_attackers_and_blockers_is_their_players_own(
    executor: MtgScenarioExecutor,
) -> None:
    # CR 508.1a / 509.1a: the attacking / defending player's own creatures (QA 59 U1).
    steps = _run(
        executor,
        "Alice controls Grizzly Bears, Llanowar Elves and Hill Giant.",
        "Bob controls Grizzly Bears and Llanowar Elves.",
        "Alice attacks Bob with Grizzly Bears and Hill Giant.",
        "Bob blocks Hill Giant with Grizzly Bears and Llanowar Elves.",
        "Is Bob's Llanowar Elves blocking?",
        "Is Alice's Llanowar Elves attacking?",
    )
    assert steps[2].verdict == "ok", _said(steps[2])
    assert "Grizzly Bears (#1)" in steps[2].explanation
    assert steps[3].verdict == "ok", _said(steps[3])
    assert "Grizzly Bears (#4) and Llanowar Elves (#5)" in steps[3].explanation
    assert steps[4].verdict == "yes"
    assert steps[5].verdict == "no"


def test_a_named_owner_in_the_list_is_kept(executor: MtgScenarioExecutor) -> None:
    # A creature named by its id or whose it is isn't rewritten (QA 59 U1).
    steps = _run(
        executor,
        "Alice controls Grizzly Bears.",
        "Bob controls Grizzly Bears.",
        "Alice attacks Bob with #1.",
    )
    assert steps[2].verdict == "ok", _said(steps[2])
    assert "Grizzly Bears (#1)" in steps[2].explanation


def test_count_questions_are_answered(executor: MtgScenarioExecutor) -> None:
    # CR 306.5c, 120.6, 110.2, 402.1 (QA 59 U2, U6).
    steps = _run(
        executor,
        "Alice controls Grizzly Bears and Llanowar Elves.",
        "Bob controls Jace Beleren.",
        "Alice attacks Jace Beleren with Grizzly Bears.",
        "Combat damage is dealt.",
        "How many loyalty counters are on Jace Beleren?",
        "How many creatures does Alice control?",
        "How many Elves does Alice control?",
        "How many planeswalkers does Alice control?",
        "Bob's hand is empty. Bob's hand has Lightning Bolt.",
        "How many cards does Bob have in his hand?",
        "How many friends does Alice control?",
    )
    assert "3 → 1 left" in _said(steps[3])
    assert steps[4].explanation.startswith("Jace Beleren (#3) has 1 loyalty counter (306.5c)")
    assert steps[5].explanation.startswith("Alice controls 2 creatures: Grizzly Bears")
    assert steps[6].explanation == "Alice controls 1 Elf: Llanowar Elves."
    assert steps[7].explanation == "Alice controls no planeswalkers."
    assert steps[10].explanation == "Bob's hand has 1 card: Lightning Bolt.", _said(steps[10])
    assert steps[11].verdict == "error" and "friends" in steps[11].explanation


def test_count_question_parses_and_renders() -> None:
    from bot.scenario.ast_text import render_statement
    from bot.scenario.parser import parse_statement

    for said in ("How many creatures does Alice control?", "How many cards are in Bob's hand?"):
        parsed = parse_statement(said, speaker="Alice", players=["Alice", "Bob"])
        assert render_statement(parsed) == said


def test_a_cards_half_named_with_a_possessive_is_cast_as_that_half(
    executor: MtgScenarioExecutor,
) -> None:
    # CR 715.3 (Adventure), 709.3 (split card's half) (QA 59 U3); "Petty Theft" alone works too.
    steps = _run(
        executor,
        "Bob controls Grizzly Bears.",
        "Alice casts Brazen Borrower's Petty Theft targeting Grizzly Bears.",
        "Alice casts Petty Theft targeting Grizzly Bears.",
        "Alice casts Bonecrusher Giant's Stomp targeting Bob.",
    )
    for step in steps[1:]:
        assert step.verdict == "legal", _said(step)
    assert "Alice casts Petty Theft targeting Grizzly Bears" in steps[1].explanation
    assert "Alice casts Stomp targeting Bob" in steps[3].explanation


def test_a_spell_that_left_the_stack_is_asked_whether_it_fizzled(
    executor: MtgScenarioExecutor,
) -> None:
    # CR 701.6a: countered isn't fizzling; 608.2b: all targets illegal is (QA 59 M3).
    steps = _run(
        executor,
        "Alice casts Divination.",
        "Bob casts Mana Leak targeting Divination.",
        "Alice casts Counterspell targeting Mana Leak.",
        "Counterspell resolves.",
        "Does Mana Leak fizzle?",
        "Does Counterspell fizzle?",
    )
    assert steps[4].verdict == "no" and "was countered (701.6a)" in steps[4].explanation
    assert steps[5].verdict == "no" and "already resolved" in steps[5].explanation


def test_a_waiting_trigger_and_one_on_the_stack_get_the_order_note(
    executor: MtgScenarioExecutor,
) -> None:
    # CR 603.3b: one player's triggers from one event, in the order they choose (QA 59 M2).
    steps = _run(
        executor,
        "Alice controls Blood Artist and Zulaport Cutthroat.",
        "Alice controls Grizzly Bears.",
        "Bob casts Lightning Bolt targeting Grizzly Bears.",
        "Lightning Bolt resolves.",
    )
    said = _said(steps[3])
    assert "Alice chooses the order of these 2 triggers" in said
    assert "Alice puts Zulaport Cutthroat's trigger on the stack last." in said
    assert "603.3b" in steps[3].rules


def test_what_is_a_permanent_says_its_type_line(executor: MtgScenarioExecutor) -> None:
    # CR 205.1a, 712.8f (QA 59 M5): the type line as it is now, printed order kept.
    steps = _run(
        executor,
        "Alice controls Emeria's Call, Dryad Arbor and Grizzly Bears.",
        "What is Emeria's Call?",
        "What is Dryad Arbor?",
        "Does Grizzly Bears have trample?",
    )
    assert "now: Land, untapped" in steps[1].explanation
    assert "now: Land Creature — Dryad Forest, 1/1" in steps[2].explanation
    assert "Creature —" not in steps[3].explanation


def test_type_line_of_prints_types_in_order() -> None:
    from bot.engine.cards import parse_type_line, type_line_of

    for printed in ("Legendary Enchantment Artifact", "Artifact Land", "Land Creature — Forest"):
        parts = parse_type_line(printed)
        assert type_line_of(parts.supertypes, parts.card_types, parts.subtypes) == printed


def test_combat_damage_goes_to_the_creature_in_the_fight(executor: MtgScenarioExecutor) -> None:
    # CR 510.1c-d: an attacker's damage to its blockers, a blocker's to the attacker it blocks;
    # a name both players' creatures have means that one (QA 59 U1).
    steps = _run(
        executor,
        "Alice controls Hill Giant and Grizzly Bears.",
        "Bob controls Grizzly Bears and Hill Giant.",
        "Alice attacks Bob with Hill Giant.",
        "Bob blocks Alice's Hill Giant with Grizzly Bears.",
        "How much damage can Alice's Hill Giant assign to Grizzly Bears?",
        "Bob's Grizzly Bears deals 2 combat damage to Hill Giant.",
        "What is Alice's Hill Giant?",
    )
    assert steps[4].verdict == "ok", _said(steps[4])
    assert steps[5].verdict == "ok", _said(steps[5])
    assert "Hill Giant (#1)" in _said(steps[5])
    assert "2 damage" in steps[6].explanation


def test_a_block_names_the_attacking_creature(executor: MtgScenarioExecutor) -> None:
    # CR 509.1a: a blocker blocks an attacking creature (QA 59 U1).
    steps = _run(
        executor,
        "Alice controls Hill Giant.",
        "Bob controls Hill Giant and Llanowar Elves.",
        "Alice attacks Bob with Hill Giant.",
        "Bob's Hill Giant and Llanowar Elves block Hill Giant.",
    )
    assert steps[3].verdict == "ok", _said(steps[3])
    assert "blocking Hill Giant (#1)" in steps[3].explanation


def test_damage_and_counter_questions_say_the_number(executor: MtgScenarioExecutor) -> None:
    # CR 120.6, 122.1; 122.2: a card that left the battlefield keeps no counters (QA 59 U2).
    steps = _run(
        executor,
        "Alice controls Grizzly Bears and Hill Giant.",
        "Grizzly Bears has 2 +1/+1 counters.",
        "How many +1/+1 counters does Grizzly Bears have?",
        "How many -1/-1 counters are on Grizzly Bears?",
        "How much damage is marked on Hill Giant?",
        "Hill Giant is dealt 2 damage.",
        "How much damage has Hill Giant taken?",
        "Grizzly Bears dies.",
        "How many +1/+1 counters does Grizzly Bears have?",
    )
    assert steps[2].explanation.startswith("Grizzly Bears (#1) has 2 +1/+1 counters (122.1)")
    assert steps[3].explanation.startswith("Grizzly Bears (#1) has no -1/-1 counters")
    assert steps[4].explanation.startswith("Hill Giant (#2) has no damage marked on it (120.6)")
    assert steps[6].explanation.startswith("Hill Giant (#2) has 2 damage marked on it")
    assert "has no +1/+1 counters" in steps[8].explanation


def test_an_object_elsewhere_is_said_on_the_battlefield(executor: MtgScenarioExecutor) -> None:
    # "on the battlefield", not "in the battlefield" (wording; QA 59 M3's neighbour).
    steps = _run(executor, "Alice controls Jace Beleren.", "Does Jace Beleren fizzle?")
    assert "Jace Beleren (#1) is on the battlefield, not on the stack" in steps[1].explanation
