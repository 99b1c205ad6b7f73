"""Deflect (809 in v1.3, 735 in v1.2) and "I can't be chosen by enemy spells and abilities",
read from the real cards' text and applied when a spell chooses targets."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.commands.riftbound_cards import RiftboundCardLookup
from bot.data.riftbound_cards import RiftboundCardData
from bot.data.riftbound_rules import RiftboundRules
from bot.engine.riftbound.analysis import analyse
from bot.engine.riftbound.game import RiftboundGame
from bot.engine.riftbound.keywords import (
    BonusDamage,
    ChoosingAbilities,
    bonus_damage,
    choosing_abilities,
    grants_quick_draw,
)
from bot.engine.riftbound.model import RbContext, RbKind, RbObject, RbZone
from bot.engine.riftbound.state import RbCard, RbState, bonus_damage_to, quick_draw_granter
from bot.engine.riftbound.targeting import check_choice
from bot.engine.verdict import VerdictKind
from bot.reference.riftbound import RiftboundIndex
from bot.scenario.riftbound_executor import RiftboundScenarioExecutor


def printed(data: RiftboundCardData, name: str) -> ChoosingAbilities:
    return choosing_abilities(next(c.text for c in data.gallery.cards if c.name == name))


def test_deflect_values_come_from_the_printed_keyword(
    card_data: RiftboundCardData, rules_v13: RiftboundRules
) -> None:
    assert rules_v13.by_id()["809.1.b.3"].text == "If X is omitted, it is presumed to be 1."
    assert printed(card_data, "Pouty Poro").deflect == 1
    assert printed(card_data, "Ornn, Forge God").deflect == 2
    assert printed(card_data, "Rengar, Unseen").deflect == 1  # after [Accelerate] [Assault 2]
    assert printed(card_data, "Hexdrinker").deflect == 1  # gear after [Equip]


@pytest.mark.parametrize(
    "name",
    [
        "Master Yi, Tempered",  # "[Level 6][>] I have [Deflect]"
        "Fiora, Victorious",  # "While I'm [Mighty], I have [Deflect]"
        "Breakneck Mech",  # "Your Mechs have [Deflect]"
        "Frisky Hunter",  # makes a Bird token with Deflect
    ],
)
def test_conditional_or_granted_deflect_is_not_the_permanents_own(
    card_data: RiftboundCardData, name: str
) -> None:
    assert printed(card_data, name) == ChoosingAbilities()


def test_cant_be_chosen_by_enemies_only_when_unconditional(card_data: RiftboundCardData) -> None:
    assert printed(card_data, "Ruin Runner").enemies_cant_choose
    assert printed(card_data, "Baron Nashor").enemies_cant_choose  # after other sentences
    assert not printed(card_data, "Alpha Wildclaw").enemies_cant_choose  # protects others


def test_deflect_is_paid_for_each_time_a_unit_is_chosen(card_data: RiftboundCardData) -> None:
    faq = next(f for f in card_data.faqs if "Deflect cost was paid once" in f.answer)
    assert "it was paid once for each time that target was chosen" in faq.answer
    game = RiftboundGame()
    state = game.new_game().with_player("Alice").with_player("Bob")
    poro = RbObject(
        0,
        "Pouty Poro",
        RbKind.UNIT,
        "Bob",
        "Bob",
        RbZone.BATTLEFIELD,
        "Targon's Peak",
        2,
        deflect=1,
    )
    state, poro_id = state.add(poro)
    from bot.engine.riftbound.state import RbCard

    twice = RbCard("Double Tap", RbKind.SPELL, "Deal 2 to a unit. Deal 2 to a unit.")
    _, verdict = game.play(state, "Alice", twice, targets=[[poro_id], [poro_id]])
    assert verdict.kind is VerdictKind.LEGAL
    assert "cost 2 more Power of any Domain" in verdict.reason
    assert {"809.1.c", "809.1.d", "356.2.a.2"} <= set(verdict.rules)
    # Bob choosing his own Poro pays nothing: Deflect taxes opponents only (809.1.c).
    _, own = game.play(state, "Bob", twice, targets=[[poro_id], [poro_id]])
    assert own.kind is VerdictKind.LEGAL and "Deflect" not in own.reason


def test_an_unchoosable_unit_is_not_a_valid_choice_for_an_enemy() -> None:
    runner = RbObject(
        1,
        "Ruin Runner",
        RbKind.UNIT,
        "Bob",
        "Bob",
        RbZone.BATTLEFIELD,
        "Targon's Peak",
        2,
        enemies_cant_choose=True,
    )
    analysis = analyse("Deal 4 to a unit at a battlefield.")
    enemy = check_choice(analysis, [[runner]], RbContext("Alice", ("Alice", "Bob"), spell_id=9))
    assert enemy.kind is VerdictKind.ILLEGAL and "355.9.b" in enemy.rules
    assert "can't be chosen by enemy spells and abilities" in enemy.reason
    own = check_choice(analysis, [[runner]], RbContext("Bob", ("Alice", "Bob"), spell_id=9))
    assert own.kind is VerdictKind.LEGAL


def test_scenarios_on_real_cards(rb_index: RiftboundIndex) -> None:
    rb = RiftboundScenarioExecutor(RiftboundCardLookup(rb_index))
    result = rb.run(
        "Bob controls Pouty Poro, Ornn, Forge God and Ruin Runner at Targon's Peak.\n"
        "Alice plays Void Seeker targeting Ornn, Forge God.\n"
        "Alice plays Void Seeker targeting Ruin Runner.\n"
        "What can Void Seeker target?\n",
        speaker="Alice",
    )
    ornn, runner, listing = result.steps[1:]
    assert ornn.verdict == "legal" and "cost 2 more Power" in ornn.explanation
    assert runner.verdict == "illegal"
    assert [o.label for o in listing.targets[0].options] == [  # Ruin Runner is not there
        "Bob's Pouty Poro at Targon's Peak (Deflect 1: costs 1 more Power)",
        "Bob's Ornn, Forge God at Targon's Peak (Deflect 2: costs 2 more Power)",
    ]
    assert "809.1.c" in listing.rules
    # The state a game stores keeps both qualities.
    from bot.engine.riftbound.state import RbState

    again = RbState.from_dict(result.state.to_dict())
    assert {o.name: (o.deflect, o.enemies_cant_choose) for o in again.on_board()} == {
        "Pouty Poro": (1, False),
        "Ornn, Forge God": (2, False),
        "Ruin Runner": (0, True),
    }


def test_only_jax_unmatched_grants_quick_draw_to_equipment_everywhere(
    card_data: RiftboundCardData,
) -> None:
    """Jax, Unmatched's "Your Equipment everywhere have [Quick-Draw]" is read from the real
    card; no other card in the gallery says it, and Quick-Draw printed on a gear (Long Sword)
    is the gear's own, not a grant."""
    granting = {c.name for c in card_data.gallery.cards if grants_quick_draw(c.text)}
    assert granting == {"Jax, Unmatched"}
    jax = next(c.text for c in card_data.gallery.cards if c.name == "Jax, Unmatched")
    assert grants_quick_draw(jax) == "Your Equipment everywhere have [Quick-Draw]."


def test_quick_draw_granter_is_the_players_own_permanent_on_the_board() -> None:
    """Only the player's own Jax on the board gives that player's Equipment Quick-Draw (365.1:
    passive abilities apply while on the board); a gear without the Equipment tag gets none."""
    jax = RbCard("Jax, Unmatched", RbKind.UNIT, "Your Equipment everywhere have [Quick-Draw].", 5)
    blade = RbCard("Doran's Blade", RbKind.GEAR, "[Equip] [Body]", tags=("Equipment",))
    gold = RbCard("Gold", RbKind.GEAR, "Kill this, [E]: [Reaction] - [Add] [A].")
    state = RbState(players=("Alice", "Bob"))
    assert quick_draw_granter(state, "Alice", blade) is None
    state, jax_id = state.add(
        RbObject(0, jax.name, RbKind.UNIT, "Alice", "Alice", RbZone.BASE), jax
    )
    found = quick_draw_granter(state, "Alice", blade)
    assert found is not None and found[0].id == jax_id
    assert quick_draw_granter(state, "Bob", blade) is None
    assert quick_draw_granter(state, "Alice", gold) is None
    in_trash = replace(state.obj(jax_id), zone=RbZone.TRASH)
    assert quick_draw_granter(state.with_object(in_trash), "Alice", blade) is None


def test_bonus_damage_is_read_from_the_real_cards(card_data: RiftboundCardData) -> None:
    """Void Gate's is for units there, Annie's and Rabadon's Deathcrown's for their
    controller's spells and abilities; Ravenborn Tome's "The next spell you play this turn
    deals 1 Bonus Damage" is an activated ability's effect, not a passive one."""
    text = {c.name: c.text for c in card_data.gallery.cards}
    assert bonus_damage(text["Void Gate"]) == (
        BonusDamage(1, False, True, "Spells and abilities deal 1 Bonus Damage to units here."),
    )
    [annie] = bonus_damage(text["Annie, Fiery"])
    assert (annie.amount, annie.yours, annie.here) == (1, True, False)
    [crown] = bonus_damage(text["Rabadon's Deathcrown"])
    assert (crown.amount, crown.yours) == (3, True)
    assert bonus_damage(text["Ravenborn Tome"]) == ()


def test_bonus_damage_to_a_unit_depends_on_where_it_is_and_who_deals() -> None:
    """Void Gate's Bonus Damage is only for units at Void Gate (Origins FAQ), for anyone's
    spells; Annie's only for her controller's spells, anywhere."""
    gate = RbCard(
        "Void Gate", RbKind.BATTLEFIELD, "Spells and abilities deal 1 Bonus Damage to units here."
    )
    annie = RbCard("Annie, Fiery", RbKind.UNIT, "Your spells and abilities deal 1 Bonus Damage.", 4)
    state = RbState(players=("Alice", "Bob"))
    state, _ = state.add(
        RbObject(0, gate.name, RbKind.BATTLEFIELD, "", "", RbZone.BATTLEFIELD, gate.name), gate
    )
    state, _ = state.add(RbObject(0, annie.name, RbKind.UNIT, "Alice", "Alice", RbZone.BASE), annie)
    there = RbObject(10, "Recruit", RbKind.UNIT, "Bob", "Bob", RbZone.BATTLEFIELD, "Void Gate", 1)
    elsewhere = replace(there, location="Targon's Peak")
    assert [n for _, n in bonus_damage_to(state, "Alice", there)] == [1, 1]
    assert [n for _, n in bonus_damage_to(state, "Bob", there)] == [1]
    assert [n for _, n in bonus_damage_to(state, "Alice", elsewhere)] == [1]
    assert bonus_damage_to(state, "Bob", elsewhere) == ()


def test_an_attached_equipments_bonus_damage_is_credited_to_the_equipment(
    card_data: RiftboundCardData,
) -> None:
    """Rabadon's Deathcrown's Effect Text is appended to its unit's Rules Text while attached
    (718.3): it adds to its controller's spells and abilities, and the bonus is named after
    the Deathcrown (the card that says it), with the unit it is attached to, not as the
    unit's own."""
    text = {c.name: c.text for c in card_data.gallery.cards}
    crown_card = RbCard(
        "Rabadon's Deathcrown", RbKind.GEAR, text["Rabadon's Deathcrown"], tags=("Equipment",)
    )
    recruit = RbCard("Recruit", RbKind.UNIT, "", 1)
    state = RbState(players=("Alice", "Bob"))
    state, unit_id = state.add(
        RbObject(0, "Recruit", RbKind.UNIT, "Alice", "Alice", RbZone.BASE), recruit
    )
    state, crown_id = state.add(
        RbObject(0, crown_card.name, RbKind.GEAR, "Alice", "Alice", RbZone.BASE), crown_card
    )
    poro = RbObject(50, "Stalwart Poro", RbKind.UNIT, "Bob", "Bob", RbZone.BASE, might=2)
    assert bonus_damage_to(state, "Alice", poro) == ()  # unattached: inactive (136.2.b)
    state = state.with_object(replace(state.obj(crown_id), attached_to=unit_id))
    [(source, amount)] = bonus_damage_to(state, "Alice", poro)
    assert amount == 3
    assert source.startswith("Rabadon's Deathcrown's “Your spells and abilities deal 3")
    assert source.endswith("(its Effect Text, attached to Recruit)")
    assert bonus_damage_to(state, "Bob", poro) == ()
