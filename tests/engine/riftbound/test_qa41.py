"""Answers QA report 41 found wrong, checked against the real cards and Core Rules v1.3:
[Ambush] units in timing questions (822.1.b), the end of a turn (317.2), two players'
simultaneous triggers (383.3.d.1), Mirror Image's Reflection."""

from __future__ import annotations

from bot.data.riftbound_cards import RiftboundCardData
from bot.scenario.riftbound_executor import RbScriptResult, RiftboundScenarioExecutor
from tests.engine.riftbound.scripts import run, text_of, verdicts


def _said(result: RbScriptResult, step: int = -1) -> str:
    said = result.steps[step]
    effects = (f"{e.text} ({e.why})" for e in said.effects)
    return " ".join((said.explanation, *effects, *said.notes))


def test_ambush_unit_in_a_showdown_names_the_battlefield(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    assert "[Ambush]" in text_of(card_data, "Chakram Dancer")
    result = run(
        rb,
        "Alice controls Stalwart Poro at Targon's Peak.\n"
        "Can Alice play Chakram Dancer during a showdown?\n",
    )
    assert verdicts(result)[-1] == "yes"
    assert "Yes, to Targon's Peak" in _said(result)
    assert "822.1.b" in result.steps[-1].rules


def test_ambush_unit_in_a_showdown_is_no_only_without_such_a_battlefield(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(rb, "Can Bob play Rengar, Trophy Hunter during a showdown?\n")
    assert verdicts(result)[-1] == "no"
    said = _said(result)
    assert "where there are enemy units" in said
    assert "Once there is one" in said


def test_ambush_unit_in_response_goes_to_the_battlefield_with_units(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(
        rb,
        "Alice controls Stalwart Poro at Targon's Peak.\n"
        "Bob plays Vengeance targeting Stalwart Poro.\n"
        "Can Alice play Chakram Dancer in response?\n",
    )
    assert verdicts(result)[-1] == "yes"
    assert "to Targon's Peak" in _said(result)
    alone = run(
        rb,
        "Bob controls Stalwart Poro at his base.\n"
        "Bob plays Vengeance targeting Stalwart Poro.\n"
        "Can Alice play Chakram Dancer in response?\n",
    )
    assert verdicts(alone)[-1] == "no"


def test_a_later_turn_heals_units_and_ends_this_turn_delayed_triggers(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    assert "When it dies this turn" in text_of(card_data, "Deadly Flourish")
    result = run(
        rb,
        "Alice controls Targon's Peak.\n"
        "Alice controls Xerath, Freed at Targon's Peak.\n"
        "Bob controls Galio, Indefatigable at Targon's Peak.\n"
        "Alice plays Deadly Flourish targeting Galio, Indefatigable.\n"
        "Deadly Flourish resolves.\n"
        "It is a later turn.\n"
        "Alice activates Xerath, Freed targeting Galio, Indefatigable.\n"
        "The top of the chain resolves.\n",
    )
    ended = _said(result, 5)
    assert "heals 3 damage" in ended
    assert "delayed trigger ends" in ended
    assert {"317.2.b", "317.2.c"} <= set(result.steps[5].rules)
    assert "survives: 3 damage" in _said(result)
    assert not any(o.name == "Gold" for o in result.state.objects.values())
    galio = next(o for o in result.state.objects.values() if o.name.startswith("Galio"))
    assert galio.damage == 3


def test_the_turn_players_waiting_trigger_goes_under_the_other_players(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    assert "When you play a unit" in text_of(card_data, "Pridestalker")
    result = run(
        rb,
        "Bob controls Targon's Peak.\n"
        "Bob controls Vex, Apathetic at Targon's Peak.\n"
        "Alice controls Pridestalker.\n"
        "Alice plays Stalwart Poro.\n"
        "Pridestalker's trigger targets Stalwart Poro.\n",
    )
    assert [i.source_name for i in result.state.chain] == ["Pridestalker", "Vex, Apathetic"]
    assert "383.3.d.1" in result.steps[-1].rules
    assert "resolves first" in _said(result)


def test_mirror_images_reflection_is_a_copy_with_temporary(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    assert "It becomes a copy of that unit. Give it [Temporary]." in text_of(
        card_data, "Mirror Image"
    )
    result = run(
        rb,
        "Bob controls Vex, Mocking at Targon's Peak.\n"
        "Alice plays Mirror Image targeting Vex, Mocking.\n"
        "Mirror Image resolves.\n"
        "Alice plays Shadow's Call targeting Reflection.\n",
    )
    reflection = next(o for o in result.state.objects.values() if o.played_as == "Reflection")
    assert reflection.might == 5
    assert "Temporary" in reflection.keywords
    assert "becomes a copy of Vex, Mocking" in _said(result, 2)
    assert verdicts(result)[-1] == "illegal"


def test_a_later_turn_with_the_chain_open_ends_nothing(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Alice controls Targon's Peak.\n"
        "Bob controls Galio, Indefatigable at Targon's Peak.\n"
        "Alice plays Deadly Flourish targeting Galio, Indefatigable.\n"
        "Deadly Flourish resolves.\n"
        "Alice plays Deadly Flourish targeting Galio, Indefatigable.\n"
        "It is a later turn.\n",
    )
    galio = next(o for o in result.state.objects.values() if o.name.startswith("Galio"))
    assert galio.damage == 3
    assert "heals" not in _said(result)
