"""QA 33 statements the bot didn't read or got wrong: casting a stated card moves it (CR
601.2a), a source dealing damage (120.3), "Does X target Y?" (115.10a), flicker triggers
(603.6a), one-sentence setups, "Is X attacking?", "the X trigger", "noncreature", and a
discarded card the hand doesn't hold (701.9a)."""

from __future__ import annotations

from bot.scenario.ast import DealsDamage, DoesTargetQuestion, ObjectQuestion, PlayerRef
from bot.scenario.executor import MtgScenarioExecutor
from bot.scenario.parser import parse_script


def _steps(executor: MtgScenarioExecutor, *lines: str):  # type: ignore[no-untyped-def]
    return executor.run("\n".join(lines) + "\n", speaker="Alice").steps


def _board(executor: MtgScenarioExecutor, *lines: str) -> str:
    return _steps(executor, *lines, "Show the board.")[-1].explanation


def test_cast_takes_the_card_from_the_hand(executor: MtgScenarioExecutor) -> None:
    board = _board(executor, "Alice's hand has Opt.", "Alice casts Opt.")
    assert "#2 Opt (Alice)" in board
    assert "Alice's hand" not in board


def test_cast_from_her_hand_said_takes_it_too(executor: MtgScenarioExecutor) -> None:
    board = _board(executor, "Alice's hand has Opt.", "Alice casts Opt from her hand.")
    assert "Alice's hand" not in board


def test_cast_of_a_flashback_card_in_the_graveyard(executor: MtgScenarioExecutor) -> None:
    steps = _steps(executor, "Alice's graveyard has Think Twice.", "Alice casts Think Twice.")
    assert steps[-1].verdict == "legal"
    assert "702.34a" in steps[-1].rules
    board = _board(executor, "Alice's graveyard has Think Twice.", "Alice casts Think Twice.")
    assert "Alice's graveyard" not in board


def test_cast_of_an_adventurer_exiled_on_its_adventure(executor: MtgScenarioExecutor) -> None:
    # CR 715.3d: the creature may be cast later from exile; it is that card.
    board = _board(
        executor,
        "Alice controls Grizzly Bears.",
        "Bob casts Stomp targeting Grizzly Bears.",
        "Stomp resolves.",
        "Bob casts Bonecrusher Giant.",
    )
    assert "Bob's exile" not in board


def test_parse_deals_damage() -> None:
    [statement] = parse_script(
        "White Knight deals 2 combat damage to Bob.",
        speaker="Alice",
        is_known_name=lambda name: name.casefold() == "white knight",
    )
    assert isinstance(statement, DealsDamage)
    assert statement.amount == 2 and statement.source.name == "White Knight"
    assert isinstance(statement.target, PlayerRef) and statement.target.name == "Bob"


def test_deathtouch_and_lifelink(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        "Alice controls Vampire Nighthawk. Bob controls Serra Angel.",
        "Vampire Nighthawk deals 1 damage to Serra Angel.",
        "Show the board.",
    )
    assert "704.5h" in steps[2].rules and "702.15b" in steps[2].rules
    assert "Alice: 21 life" in steps[-1].explanation
    assert "Serra Angel — Bob's graveyard" in steps[-1].explanation


def test_infect_damage_gives_counters(executor: MtgScenarioExecutor) -> None:
    # CR 120.3b, 120.3d: poison counters to a player, -1/-1 counters to a creature.
    steps = _steps(
        executor,
        "Alice controls Glistener Elf. Bob controls Hill Giant.",
        "Glistener Elf deals 1 damage to Bob.",
        "Glistener Elf deals 1 damage to Hill Giant.",
    )
    # One of each, said in the singular (QA 54 M3).
    assert "Bob gets 1 poison counter (120.3b)" in steps[2].explanation
    assert "Hill Giant gets 1 -1/-1 counter (120.3d)" in steps[3].explanation


def test_damage_to_a_non_creature_is_refused(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        "Alice controls Grizzly Bears. Bob controls Bonesplitter.",
        "Grizzly Bears deals 2 damage to Bonesplitter.",
    )
    assert steps[-1].verdict == "error"
    assert "120.1" in steps[-1].explanation


def test_parse_does_target_one_object() -> None:
    def known(name: str) -> bool:
        return name.casefold() in {"settle the wreckage", "grizzly bears"}

    [statement] = parse_script(
        "Does Settle the Wreckage target Grizzly Bears?", speaker="Alice", is_known_name=known
    )
    assert isinstance(statement, DoesTargetQuestion)
    assert statement.subject == "Settle the Wreckage" and statement.about is not None


def test_does_a_spell_on_the_stack_target_it(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        "Alice controls Grizzly Bears and Llanowar Elves.",
        "Bob casts Lightning Bolt targeting Grizzly Bears.",
        "Does Lightning Bolt target Grizzly Bears?",
        "Does Lightning Bolt target Llanowar Elves?",
    )
    assert [s.verdict for s in steps[-2:]] == ["yes", "no"]


def test_flicker_and_return_announce_enters_triggers(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        "Alice controls Man-o'-War and Journey to Nowhere.",
        "Bob flickers Journey to Nowhere.",
        "Man-o'-War dies.",
        "Man-o'-War returns to the battlefield.",
    )
    assert "Journey to Nowhere's trigger targets" in steps[1].explanation
    assert "Man-o'-War's trigger targets" in steps[-1].explanation
    assert "603.6a" in steps[-1].rules


def test_equipment_attached_in_the_same_sentence(executor: MtgScenarioExecutor) -> None:
    board = _board(
        executor,
        "Bob controls Hill Giant, Llanowar Elves and Bonesplitter attached to Llanowar Elves.",
    )
    assert "Bonesplitter — attached to Llanowar Elves" in board


def test_sacrifices_to_goblin_bombardment_targeting(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        "Bob controls Goblin Bombardment and Llanowar Elves.",
        "Bob sacrifices Llanowar Elves to Goblin Bombardment targeting Alice.",
    )
    assert steps[-1].verdict == "legal"
    assert "Llanowar Elves sacrificed" in steps[-1].explanation


def test_activates_possessive_ability_before_a_comma(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        "Alice controls Viscera Seer and Llanowar Elves.",
        "Alice activates Viscera Seer's ability, sacrificing Llanowar Elves.",
    )
    assert steps[-1].verdict == "legal"


def test_parse_is_it_blocking() -> None:
    [statement] = parse_script("Is Llanowar Elves blocking?", speaker="Alice")
    assert isinstance(statement, ObjectQuestion)
    assert statement.aspect == "blocking"


def test_becomes_a_nonland_artifact_of_a_creature(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor, "Alice controls Llanowar Elves.", "Llanowar Elves becomes a nonland artifact."
    )
    assert steps[-1].verdict == "ok"


def test_discard_from_a_hand_stated_empty(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        "Alice controls Forum Necroscribe.",
        "Bob casts Lightning Bolt targeting Forum Necroscribe.",
        # (Stated after the cast: a card isn't cast from a hand stated empty, 601.2a.)
        "Bob's hand is empty.",
        "The ward trigger resolves and Bob discards Shock.",
    )
    assert steps[-1].verdict == "error"
    assert "doesn't pay" in steps[-1].explanation and "118.3" in steps[-1].explanation


def test_damage_to_a_planeswalker_removes_loyalty(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        "Bob controls Grizzly Bears and Liliana of the Veil.",
        "Grizzly Bears deals 2 damage to Liliana of the Veil.",
    )
    assert "loses 2 loyalty counters" in steps[-1].explanation
    assert "120.3c" in steps[-1].rules
