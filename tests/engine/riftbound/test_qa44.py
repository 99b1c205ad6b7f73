"""Answers QA report 44 found wrong, checked against the real cards, Core Rules v1.3 and the
FAQs: a conquer removes the loser's hidden card (107.3.d), Tianna Crownguard's "opponents
can't gain points", other cards' triggers."""

from __future__ import annotations

from bot.data.riftbound_cards import RiftboundCardData
from bot.scenario.riftbound_executor import RbScriptResult, RiftboundScenarioExecutor
from tests.engine.riftbound.scripts import faq, run, text_of, verdicts


def _said(result: RbScriptResult, step: int = -1) -> str:
    said = result.steps[step]
    effects = (f"{e.text} ({e.why})" for e in said.effects)
    return " ".join((said.explanation, *effects, *said.notes))


def test_a_conquer_removes_the_losers_hidden_card_like_a_stated_control(
    rb: RiftboundScenarioExecutor,
) -> None:
    setup = (
        "Alice controls Targon's Peak.\n"
        "Alice hid Hidden Blade at Targon's Peak last turn.\n"
        "Bob controls Blazing Scorcher at Targon's Peak.\n"
    )
    play = "Alice plays Hidden Blade from hiding targeting Blazing Scorcher.\n"
    for change in ("Bob conquers Targon's Peak.\n", "Bob controls Targon's Peak.\n"):
        result = run(rb, setup + change + play)
        assert verdicts(result)[3:] == ["ok", "illegal"], change
        assert "removes the card Alice hid there, Hidden Blade" in _said(result, 3)
        assert "107.3.d" in result.steps[3].rules
        assert "can't be played from hiding" in _said(result)


def test_a_conquer_keeps_the_conquerors_own_hidden_card(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Alice controls Targon's Peak.\n"
        "Alice hid Hidden Blade at Targon's Peak last turn.\n"
        "Alice controls Stalwart Poro at Targon's Peak.\n"
        "Alice conquers Targon's Peak.\n"
        "Bob controls Blazing Scorcher at Targon's Peak.\n"
        "Alice plays Hidden Blade from hiding targeting Blazing Scorcher.\n",
    )
    assert verdicts(result)[3] == "ok"
    assert "removes the card" not in _said(result, 3)
    assert verdicts(result)[-1] == "legal"


def test_tianna_at_a_battlefield_stops_the_point_not_the_conquer(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    assert "opponents can't gain points" in text_of(card_data, "Tianna Crownguard")
    answer = faq(
        card_data, "Can I still conquer and hold battlefields while my opponent has Tianna"
    )
    assert "You can still conquer and hold battlefields" in answer
    result = run(
        rb,
        "Alice controls Targon's Peak.\n"
        "Alice controls Tianna Crownguard at Targon's Peak.\n"
        "Bob controls Stalwart Poro at Void Gate.\n"
        "Bob conquers Void Gate.\n",
    )
    assert verdicts(result)[-1] == "ok"
    said = _said(result)
    assert "Bob gains no point" in said
    assert "conquer effects still trigger" in said
    assert "054.1" in result.steps[-1].rules


def test_tianna_doesnt_stop_her_controllers_point_or_at_base(
    rb: RiftboundScenarioExecutor,
) -> None:
    own = run(
        rb,
        "Alice controls Tianna Crownguard at Targon's Peak.\nAlice conquers Targon's Peak.\n",
    )
    assert "the point Alice gains" in _said(own)
    at_base = run(
        rb,
        "Alice controls Tianna Crownguard.\n"
        "Bob controls Stalwart Poro at Void Gate.\n"
        "Bob conquers Void Gate.\n",
    )
    assert "the point Bob gains" in _said(at_base)
    assert "gains no point" not in _said(at_base)
