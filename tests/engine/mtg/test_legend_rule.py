"""The legend rule (CR 704.5j): which groups it applies to, and the choice that settles one."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.engine.cards import CardData
from bot.engine.errors import EngineError
from bot.engine.model import Zone
from bot.engine.mtg.copies import become_copy, copy_choice
from bot.engine.mtg.died_triggers import died_triggers
from bot.engine.mtg.game import MtgGame
from bot.engine.mtg.legend_rule import (
    choose_legend_first,
    keep_legend,
    legend_groups,
    legend_rule_note,
)


def test_only_same_name_legends_of_one_controller_form_a_group(
    card: Callable[[str], CardData], engine: MtgGame
) -> None:
    kalamax = card("Kalamax, the Stormsire")
    state = engine.new_game(["Alice", "Bob"])
    state, first = engine.add_permanent(state, "Alice", kalamax)
    state, _ = engine.add_permanent(state, "Bob", kalamax)
    state, _ = engine.add_permanent(state, "Alice", card("Grizzly Bears"))
    state, _ = engine.add_permanent(state, "Alice", card("Grizzly Bears"))
    assert legend_groups(state) == ()  # Bob's doesn't count; Bears aren't legendary
    state, second = engine.add_permanent(state, "Alice", kalamax)
    (group,) = legend_groups(state)
    assert group.controller == "Alice" and group.name == kalamax.name
    assert group.ids == (first.object_ids[0], second.object_ids[0])
    note = legend_rule_note(state, group)
    assert "704.5j" in note and f"Alice keeps #{second.object_ids[0]}." in note


def test_spark_doubles_copy_of_a_legend_is_not_legendary(
    card: Callable[[str], CardData], engine: MtgGame
) -> None:
    # Spark Double's ruling: "If you control two or more permanents with the same name but
    # only one is legendary, the 'legend rule' doesn't apply."
    state = engine.new_game(["Alice"])
    state, legend = engine.add_permanent(state, "Alice", card("Kalamax, the Stormsire"))
    state, double = engine.add_permanent(state, "Alice", card("Spark Double"))
    spark = copy_choice(card("Spark Double").oracle_text)
    assert spark is not None
    state, _ = become_copy(
        state, double.object_ids[0], legend.object_ids[0], exceptions=spark.exceptions
    )
    assert state.obj(double.object_ids[0]).name == "Kalamax, the Stormsire"
    assert legend_groups(state) == ()


def test_keeping_one_puts_the_rest_into_their_owners_graveyards(
    card: Callable[[str], CardData], engine: MtgGame
) -> None:
    kalamax = card("Kalamax, the Stormsire")
    state = engine.new_game(["Alice", "Bob"])
    state, first = engine.add_permanent(state, "Alice", kalamax)
    state, second = engine.add_permanent(state, "Alice", kalamax)
    old, new = first.object_ids[0], second.object_ids[0]
    with pytest.raises(EngineError, match="Alice chooses"):
        keep_legend(state, "Bob", new)
    after, group = keep_legend(state, "Alice", new)
    assert group.ids == (old, new)
    assert after.obj(new).zone is Zone.BATTLEFIELD and old not in after.objects
    assert after.departures[old].to_zone is Zone.GRAVEYARD and legend_groups(after) == ()
    with pytest.raises(EngineError, match="no other legendary permanent"):
        keep_legend(after, "Alice", new)


def test_nothing_needing_priority_goes_ahead_while_the_choice_is_pending(
    card: Callable[[str], CardData], engine: MtgGame
) -> None:
    # CR 704.3: state-based actions are performed before a player would receive priority.
    kalamax = card("Kalamax, the Stormsire")
    state = engine.new_game(["Alice", "Bob"])
    state, first = engine.add_permanent(state, "Alice", kalamax)
    assert choose_legend_first(state, "cast Lightning Bolt") is None
    state, second = engine.add_permanent(state, "Alice", kalamax)
    old, new = first.object_ids[0], second.object_ids[0]
    waiting = choose_legend_first(state, "cast Lightning Bolt")
    assert waiting is not None and waiting.rules == ("704.3", "704.5j")
    assert "no one can cast Lightning Bolt until Alice says which one stays" in waiting.message
    assert waiting.statements == (f"Alice keeps #{old}.", f"Alice keeps #{new}.")
    after, _ = keep_legend(state, "Alice", old)
    assert choose_legend_first(after, "cast Lightning Bolt") is None


def test_a_legend_put_into_the_graveyard_triggers_its_dies_ability_by_its_short_name(
    card: Callable[[str], CardData], engine: MtgGame
) -> None:
    # Kokusho's text says "When Kokusho dies" (its short name, CR 201.5c); the legend rule
    # puts it into its owner's graveyard from the battlefield, so it dies (700.4, 603.10a).
    kokusho = card("Kokusho, the Evening Star")
    state = engine.new_game(["Alice", "Bob"])
    state, _ = engine.add_permanent(state, "Alice", kokusho)
    state, second = engine.add_permanent(state, "Alice", kokusho)
    after, _ = keep_legend(state, "Alice", second.object_ids[0])
    (note,) = died_triggers(state, after).notes
    assert note.startswith("Kokusho, the Evening Star's ability triggers as it dies")
    assert "When Kokusho dies, each opponent loses 5 life." in note
