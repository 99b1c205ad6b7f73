"""Copies of permanents (CR 707.2, 707.3, 707.9b): what Clone-like text lets be chosen, the
copy's exceptions, and the copiable values of a copy of a copy."""

from __future__ import annotations

from collections.abc import Callable

from bot.engine.cards import CardData
from bot.engine.mtg.copies import become_copy, copiable_values, copy_choice, with_exceptions
from bot.engine.mtg.game import MtgGame
from bot.engine.requirements import AbilityKind


def test_the_choice_each_card_offers_is_read_from_its_text(
    card: Callable[[str], CardData],
) -> None:
    clone = copy_choice(card("Clone").oracle_text)
    assert clone is not None and clone.types == {"creature"} and not clone.yours
    spark = copy_choice(card("Spark Double").oracle_text)
    assert spark is not None and spark.types == {"creature", "planeswalker"} and spark.yours
    assert "isn't legendary" in spark.exceptions
    assert copy_choice(card("Grizzly Bears").oracle_text) is None


def test_exceptions_become_part_of_the_copy(
    card: Callable[[str], CardData], engine: MtgGame
) -> None:
    # 707.9b: Phantasmal Image's Illusion type and trigger are copiable values of the copy.
    state = engine.new_game(["Alice", "Bob"])
    state, verdict = engine.add_permanent(state, "Bob", card("Troll Ascetic"))
    troll = verdict.object_ids[0]
    image = copy_choice(card("Phantasmal Image").oracle_text)
    assert image is not None
    values, counters, left = with_exceptions(copiable_values(state, troll), image.exceptions)
    assert "illusion" in values.subtypes and "troll" in values.subtypes
    assert "becomes the target of a spell or ability, sacrifice it" in values.oracle_text
    assert counters == {} and left == ""
    # Spark Double: a +1/+1 counter as it enters (a creature), and not legendary.
    spark = copy_choice(card("Spark Double").oracle_text)
    assert spark is not None
    _, counters, left = with_exceptions(copiable_values(state, troll), spark.exceptions)
    assert counters == {"+1/+1": 1} and left == ""


def test_a_copy_of_a_copy_copies_what_it_copied_not_its_counters(
    card: Callable[[str], CardData], engine: MtgGame
) -> None:
    state = engine.new_game(["Alice", "Bob"])
    state, verdict = engine.add_permanent(state, "Bob", card("Troll Ascetic"))
    troll = verdict.object_ids[0]
    state, verdict = engine.add_permanent(state, "Alice", card("Phantasmal Image"))
    image = verdict.object_ids[0]
    image_choice = copy_choice(card("Phantasmal Image").oracle_text)
    assert image_choice is not None
    state, _ = become_copy(state, image, troll, exceptions=image_choice.exceptions)
    state, _ = engine.add_counters(state, image, "+1/+1", 2)
    state, verdict = engine.add_permanent(state, "Alice", card("Clone"))
    clone = verdict.object_ids[0]
    state, _ = become_copy(state, clone, image)
    copied = state.obj(clone)
    # 707.3: the Image's copiable values (Troll Ascetic, plus its exception), no counters.
    assert copied.name == "Troll Ascetic" and "illusion" in copied.subtypes
    assert (copied.power, copied.toughness) == (3, 2) and not copied.counters
    assert "hexproof" in copied.keywords


def test_becoming_a_copy_keeps_the_effects_already_applied(
    card: Callable[[str], CardData], engine: MtgGame
) -> None:
    # Cytoshape's ruling: a Giant Growth'd creature becoming a copy of Grizzly Bears is 5/5.
    state = engine.new_game(["Alice", "Bob"])
    state, verdict = engine.add_permanent(state, "Alice", card("Runeclaw Bear"))
    bear = verdict.object_ids[0]
    state, verdict = engine.add_permanent(state, "Bob", card("Grizzly Bears"))
    grizzly = verdict.object_ids[0]
    state, _ = engine.pump(state, bear, 3, 3)
    state, _ = become_copy(state, bear, grizzly, keep_effects=True)
    assert state.obj(bear).name == "Grizzly Bears"
    assert (state.obj(bear).power, state.obj(bear).toughness) == (5, 5)


def test_a_copy_is_read_with_the_abilities_it_copied(
    card: Callable[[str], CardData], real_engine: MtgGame
) -> None:
    engine = real_engine
    # CR 707.2a: a Clone of Prodigal Pyromancer has its "{T}: ... deals 1 damage" ability.
    state = engine.new_game(["Alice", "Bob"])
    state, pyromancer = engine.add_permanent(state, "Bob", card("Prodigal Pyromancer"))
    state, clone = engine.add_permanent(state, "Alice", card("Clone"))
    state, _ = become_copy(state, clone.object_ids[0], pyromancer.object_ids[0])
    spec = engine.ability_spec(state, clone.object_ids[0], AbilityKind.ACTIVATED)
    assert "deals 1 damage to any target" in spec.text
