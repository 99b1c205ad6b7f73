"""Riftbound items left open after QA 36, checked against the real cards and Core Rules v1.3:
an Equipment's [Deathknell] on a token unit (808.1.d, 183.1), Heedless Resurrection's target
(355.9.a, 355.10.a, 355.10.c) and The Boss's optional death replacement (369, 372)."""

from __future__ import annotations

from bot.data.riftbound_cards import RiftboundCardData
from bot.data.riftbound_rules import RiftboundRules
from bot.scenario.riftbound_executor import RbScriptResult, RiftboundScenarioExecutor
from tests.engine.riftbound.scripts import run, text_of, verdicts


def _notes(result: RbScriptResult, step: int) -> str:
    found = result.steps[step - 1]
    effects = (f"{e.text} {e.why}" for e in found.effects)
    return " ".join((found.explanation, *found.notes, *effects))


def test_an_equipment_deathknell_triggers_on_a_token_unit(
    card_data: RiftboundCardData, rules_v13: RiftboundRules, rb: RiftboundScenarioExecutor
) -> None:
    # 808.1.d: "The Trigger for this effect is the Permanent being Killed and sent to the
    # Trash"; 183.1: a token put in a non-board zone "ceases to exist immediately after moving
    # to its new zone" - it was sent there, so the Deathknell Sacred Shears gave it triggers.
    assert "[Deathknell] - Draw 1" in text_of(card_data, "Sacred Shears")
    assert "immediately after moving" in rules_v13.by_id()["183.1"].text
    result = run(
        rb,
        "Alice controls Recruit at Targon's Peak. Alice controls Sacred Shears attached to "
        "Recruit.\nBob plays Vengeance targeting Recruit.\nVengeance resolves.\n"
        "The top of the chain resolves.\nShow the board.\n",
    )
    assert verdicts(result)[3:5] == ["resolved", "resolved"]
    said = _notes(result, 4)
    assert "Recruit's [Deathknell] (“When I die, draw 1.”) triggers" in said
    assert "then it ceased to exist (183.1)" in said
    assert "draw 1" in _notes(result, 5)
    assert "Recruit" not in result.steps[5].explanation.split("Other zones")[-1]


def test_a_token_banished_by_its_own_deathknell_is_already_gone(
    rb: RiftboundScenarioExecutor,
) -> None:
    # The Zero Drive's "[Deathknell] - Banish me." on a token: nothing left to banish (183.1).
    result = run(
        rb,
        "Alice controls Recruit at Targon's Peak. Alice controls The Zero Drive attached to "
        "Recruit.\nBob plays Vengeance targeting Recruit.\nVengeance resolves.\n"
        "The top of the chain resolves.\n",
    )
    banish = next(e for e in result.steps[4].effects if e.text.startswith("banish me"))
    assert not banish.happens and "nothing to banish" in banish.why


def test_heedless_resurrection_targets_a_unit_in_the_trash_not_the_killed_unit(
    card_data: RiftboundCardData, rules_v13: RiftboundRules, rb: RiftboundScenarioExecutor
) -> None:
    # 355.9.a: "Recycle a unit from your trash" targets a unit card in your trash; 355.10.c:
    # "As an additional cost to play me, kill a friendly unit" doesn't target anything.
    text = text_of(card_data, "Heedless Resurrection")
    assert "Play a unit from your trash that costs no more Energy" in text
    assert "targets a unit card in your trash" in rules_v13.by_id()["355.9.a"].text
    result = run(
        rb,
        "Alice controls Stalwart Poro at her base. Alice's trash has Watchful Sentry and "
        "Blazing Scorcher.\nDoes Heedless Resurrection target?\n"
        "Alice plays Heedless Resurrection, killing Stalwart Poro.\n"
        "Alice plays Heedless Resurrection targeting Blazing Scorcher, killing Stalwart Poro.\n"
        "Alice plays Heedless Resurrection targeting Watchful Sentry, killing Stalwart Poro.\n",
    )
    assert verdicts(result)[2:] == ["yes", "illegal", "illegal", "legal"]
    said = _notes(result, 3)
    assert "It targets a unit from your trash." in said and "isn't a target (355.10.c)" in said
    assert "“a unit from your trash” needs 1 target" in _notes(result, 4)
    assert "costs 5 Energy (the killed Stalwart Poro: 2)" in _notes(result, 5)


def test_the_boss_saves_a_buffed_unit_only_when_its_controller_says_so(
    card_data: RiftboundCardData, rules_v13: RiftboundRules, rb: RiftboundScenarioExecutor
) -> None:
    # The Boss: "If a buffed unit you control would die, you may pay [A], exhaust me, and spend
    # its buff to heal it, exhaust it, and recall it instead." 369.1: a replacement effect;
    # 702.2.b: "Spending a Buff removes a single Buff counter from a Unit."
    assert "you may pay" in text_of(card_data, "The Boss")
    assert "removes a single Buff counter" in rules_v13.by_id()["702.2.b"].text
    unsaid = run(
        rb,
        "Alice controls The Boss. Alice controls Stalwart Poro at Targon's Peak. Stalwart Poro "
        "has a buff.\nBob plays Vengeance targeting Stalwart Poro.\nVengeance resolves.\n",
    )
    said = _notes(unsaid, 5)
    assert "that is Alice's choice" in said and "“Alice uses The Boss for Stalwart Poro.”" in said
    assert "killed" in said
    used = run(
        rb,
        "Alice controls The Boss. Alice controls Stalwart Poro at Targon's Peak. Stalwart Poro "
        "has a buff.\nBob plays Vengeance targeting Stalwart Poro.\n"
        "Alice uses The Boss for Stalwart Poro.\nVengeance resolves.\n"
        "Alice controls Watchful Sentry. Watchful Sentry is buffed.\n"
        "Alice uses The Boss for Watchful Sentry.\n",
    )
    assert verdicts(used)[4:6] == ["ok", "resolved"]
    assert "exhausts The Boss and spends Stalwart Poro's buff (702.2.b)" in _notes(used, 6)
    poro = next(o for o in used.state.objects.values() if o.name == "Stalwart Poro")
    boss = next(o for o in used.state.objects.values() if o.name == "The Boss")
    assert (poro.location, poro.exhausted, poro.buffed, poro.damage) == ("", True, False, 0)
    assert boss.exhausted
    # Exhausted, The Boss can't pay its cost again.
    assert verdicts(used)[-1] == "illegal" and "The Boss is exhausted" in _notes(used, 9)


def test_the_boss_needs_a_buff_to_spend(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Alice controls The Boss. Alice controls Stalwart Poro at Targon's Peak.\n"
        "Alice uses The Boss for Stalwart Poro.\nBob uses The Boss for Stalwart Poro.\n",
    )
    assert verdicts(result)[2:] == ["illegal", "illegal"]
    assert "no buff to spend (702.2.b.1)" in _notes(result, 3)
    assert "only its controller chooses" in _notes(result, 4)


def test_using_a_permanent_without_that_replacement_points_to_activating_it(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(
        rb,
        "Alice controls Blind Monk. Alice controls Stalwart Poro at Targon's Peak.\n"
        "Alice uses Blind Monk on Stalwart Poro.\n",
    )
    assert verdicts(result)[-1] == "illegal"
    assert "“Alice activates Blind Monk targeting Stalwart Poro.”" in _notes(result, 3)
