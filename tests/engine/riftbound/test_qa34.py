"""Answers QA report 34 found wrong, checked against the real cards and Core Rules v1.3:
Equipment Effect Text on the unit's death (718.3), prevention and doubling of damage (437),
Deflect from conditional and tag grants (809), buffs and Might doubling carried out."""

from __future__ import annotations

import json

from bot.data.riftbound_cards import RiftboundCardData
from bot.data.riftbound_rules import RiftboundRules
from bot.engine.riftbound.keywords import deflect_while_mighty, grants, tags_said
from bot.engine.riftbound.state import RbState
from bot.scenario.riftbound_executor import RbScriptResult, RiftboundScenarioExecutor
from tests.engine.riftbound.scripts import run, text_of, verdicts


def _notes(result: RbScriptResult) -> str:
    return "\n".join(" ".join((step.explanation, *step.notes)) for step in result.steps)


def test_guardian_angel_dies_instead_of_its_unit_and_no_deathknell(
    card_data: RiftboundCardData, rules_v13: RiftboundRules, rb: RiftboundScenarioExecutor
) -> None:
    assert "kill Guardian Angel instead" in text_of(card_data, "Guardian Angel")
    assert "appended to the Rules Text" in rules_v13.by_id()["718.3"].text
    result = run(
        rb,
        "Alice controls Watchful Sentry at Targon's Peak. Alice controls Guardian Angel attached "
        "to Watchful Sentry.\nBob plays Vengeance targeting Watchful Sentry.\nVengeance resolves.\n"
        "What is on the chain?\n",
    )
    said = _notes(result)
    assert "Guardian Angel is killed instead" in said
    assert "its [Deathknell] doesn't trigger" in said
    assert "Deathknell ability" not in result.steps[-1].explanation


def test_sacred_shears_deathknell_triggers_from_the_dead_unit(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    assert "[Deathknell] - Draw 1" in text_of(card_data, "Sacred Shears")
    result = run(
        rb,
        "Alice controls Stalwart Poro at Targon's Peak. Alice controls Sacred Shears attached to "
        "Stalwart Poro.\nBob plays Vengeance targeting Stalwart Poro.\nVengeance resolves.\n",
    )
    assert "Stalwart Poro's [Deathknell] (“When I die, draw 1.”) triggers" in _notes(result)


def test_counter_strike_prevents_the_next_damage_only(
    rules_v13: RiftboundRules, rb: RiftboundScenarioExecutor
) -> None:
    assert "not considered to have been dealt" in rules_v13.by_id()["437.4"].text
    result = run(
        rb,
        "Alice controls Stalwart Poro at Targon's Peak.\n"
        "Alice plays Counter Strike targeting Stalwart Poro.\nCounter Strike resolves.\n"
        "Bob plays Hextech Ray targeting Stalwart Poro.\nHextech Ray resolves.\n"
        "Bob plays Hextech Ray targeting Stalwart Poro.\nHextech Ray resolves.\n",
    )
    first = " ".join(result.steps[4].notes)
    assert "none is dealt" in first and "killed" not in first
    assert "it is killed" in " ".join(result.steps[6].notes)


def test_unyielding_spirit_and_lotus_trap(rb: RiftboundScenarioExecutor) -> None:
    spirit = run(
        rb,
        "Alice controls Stalwart Poro at Targon's Peak.\nBob plays Hextech Ray targeting Stalwart "
        "Poro.\nAlice plays Unyielding Spirit.\nResolve the chain.\n",
    )
    assert "is prevented, so none is dealt" in _notes(spirit)
    assert "killed" not in _notes(spirit)
    trap = run(
        rb,
        "Bob controls Taric, Protector at Targon's Peak.\nAlice plays Lotus Trap targeting Taric, "
        "Protector.\nLotus Trap resolves.\nAlice plays Incinerate targeting Taric, Protector.\n"
        "Incinerate resolves.\n",
    )
    assert verdicts(trap)[-1] == "resolved"
    assert "it is dealt 4, not 2" in _notes(trap)
    assert "it is killed" in _notes(trap)


def test_saves_without_the_new_fields_still_load() -> None:
    state = RbState(players=("Alice", "Bob"))
    data = json.loads(json.dumps(state.to_dict()))
    for key in ("spell_damage_prevented", "unapplied"):
        data.pop(key)
    assert RbState.from_dict(data).spell_damage_prevented == ()


def test_deflect_while_mighty_and_said_tags() -> None:
    fiora = "While I'm [Mighty], I have [Deflect], [Ganking], and [Shield]. (I'm Mighty while I have 5+ [M].)"
    assert deflect_while_mighty(fiora) == 1
    assert deflect_while_mighty("[Deflect] (Opponents must pay.)") == 0
    assert tags_said("I am a Mech.") == frozenset({"mech"})
    assert tags_said("Your Mechs have [Deflect].") == frozenset()


def test_fiora_gets_deflect_only_at_five_might(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Alice controls Fiora, Victorious at Targon's Peak.\nBob plays Hextech Ray targeting "
        "Fiora, Victorious.\nHextech Ray resolves.\nAlice plays Discipline targeting Fiora, "
        "Victorious.\nDiscipline resolves.\nBob plays Hextech Ray targeting Fiora, Victorious.\n",
    )
    assert "Deflect" not in result.steps[1].explanation
    assert "cost 1 more Power" in result.steps[5].explanation


def test_a_mech_token_gets_breakneck_mechs_deflect(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Alice controls Breakneck Mech at her base.\nAlice plays Production Surge.\n"
        "Production Surge resolves.\nBob plays Vengeance targeting Mech.\n",
    )
    assert "cost 1 more Power" in result.steps[-1].explanation


def test_buff_is_once_and_adds_one_might(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Alice controls Stalwart Poro at her base.\nAlice plays Pit Rookie at her base.\n"
        "Pit Rookie's trigger targets Stalwart Poro.\nResolve the chain.\n"
        "Alice plays Kinkou Monk at her base.\nKinkou Monk's trigger targets Stalwart Poro.\n"
        "Resolve the chain.\nShow the board.\n",
    )
    assert "buffed, +1 Might" in " ".join(result.steps[3].notes)
    assert "already has a buff" in " ".join(result.steps[6].notes)
    assert "Stalwart Poro 3 Might — buffed" in result.steps[-1].explanation


def test_last_stand_doubles_the_current_might(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Alice controls Taric, Protector at Targon's Peak.\nAlice plays Last Stand targeting "
        "Taric, Protector.\nLast Stand resolves.\nBob plays Falling Comet targeting Taric, "
        "Protector.\nFalling Comet resolves.\n",
    )
    assert "less than its Might 8" in " ".join(result.steps[-1].notes)


def test_a_might_change_not_carried_out_is_said_on_the_kill(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        # Danger Zone's "Give your Mechs +1 [M] this turn" isn't carried out (Switcheroo's
        # swap was the example until QA 55 W6 carried it out).
        "Alice controls Stalwart Poro at Targon's Peak.\nBob controls Volibear, Imposing at "
        "Targon's Peak.\nAlice plays Danger Zone.\n"
        "Danger Zone resolves.\nBob plays Hextech Ray targeting Stalwart Poro.\n"
        "Hextech Ray resolves.\n",
    )
    assert "Caution: earlier this turn" in " ".join(result.steps[-1].notes)


def test_elder_dragon_makes_its_controllers_damage_lethal(rb: RiftboundScenarioExecutor) -> None:
    script = (
        "{who} controls Elder Dragon at {whose} base. Bob controls Volibear, Imposing at "
        "Targon's Peak.\nAlice plays Hextech Ray targeting Volibear, Imposing.\n"
        "Hextech Ray resolves.\n"
    )
    alices = run(rb, script.format(who="Alice", whose="her"))
    assert "it is killed" in " ".join(alices.steps[-1].notes)
    bobs = run(rb, script.format(who="Bob", whose="his"))
    assert "survives" in " ".join(bobs.steps[-1].notes)


def test_soraka_saves_a_weaker_unit_in_base_not_at_a_battlefield(
    rb: RiftboundScenarioExecutor,
) -> None:
    script = (
        "Alice controls Soraka, Wanderer at {where}. Alice controls Stalwart Poro at {where}.\n"
        "Bob plays Vengeance targeting Stalwart Poro.\nVengeance resolves.\n"
    )
    base = " ".join(run(rb, script.format(where="her base")).steps[-1].notes)
    assert "Soraka, Wanderer's replacement heals it" in base
    field = " ".join(run(rb, script.format(where="Targon's Peak")).steps[-1].notes)
    assert "unit is not saved" in field and "killed" in field


def test_a_grant_if_they_didnt_already_is_read() -> None:
    [refuge] = grants(
        "Friendly buffed units have [Deflect] if they didn't already. (Opponents must pay [A].)"
    )
    assert refuge.who == "Friendly buffed units" and refuge.unless_already
