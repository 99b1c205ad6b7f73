"""Riftbound stop 52 (rb-left), checked against the real cards and Core Rules v1.3: Stealthy
Pursuer's "I may be moved with it" is its controller's choice (355.12); Blast Cone's "exhaust this
to [Stun] it" is paid as it goes on the chain (383.3.b.1) and stuns the enemy unit moved."""

from __future__ import annotations

from bot.scenario.riftbound_executor import RbScriptResult, RiftboundScenarioExecutor
from tests.engine.riftbound.scripts import run, verdicts


def _said(result: RbScriptResult, step: int = -1) -> str:
    said = result.steps[step]
    effects = (f"{e.text} ({e.why})" for e in said.effects)
    return " ".join((said.explanation, *effects, *said.notes))


def test_stealthy_pursuer_is_not_said_to_move_when_nobody_chose(
    rb: RiftboundScenarioExecutor,
) -> None:
    # "I may be moved with it": optional, so the bot neither moves it nor says it moved.
    result = run(
        rb,
        "Alice controls Targon's Peak.\n"
        "Alice controls Stalwart Poro at Targon's Peak.\n"
        "Alice controls Stealthy Pursuer at Targon's Peak.\n"
        "Alice moves Stalwart Poro to her base.\n"
        "The top of the chain resolves.\n"
        "Where is Stealthy Pursuer?\n",
    )
    assert "doesn't choose for them, so nothing moved" in _said(result, 4)
    assert "happens" not in _said(result, 4)
    assert "at Targon's Peak" in _said(result)


def test_blast_cone_with_two_moved_enemy_units_asks_which(
    rb: RiftboundScenarioExecutor,
) -> None:
    # "it" is one of two moved units (359.3.f.3): unnamed, the bot asks which and changes
    # nothing; named ("for Recruit"), that instance stuns that unit only (stop 53).
    result = run(
        rb,
        "Alice controls Targon's Peak. Bob controls Stalwart Poro at Targon's Peak.\n"
        "Bob controls Recruit at Targon's Peak. Alice controls Blast Cone.\n"
        "Alice plays Isolate targeting Stalwart Poro.\nIsolate resolves.\n"
        "Alice plays Isolate targeting Recruit.\nIsolate resolves.\n"
        "Blast Cone's second trigger goes on the chain with no targets.\n"
        "Is Blast Cone exhausted?\n"
        "Blast Cone's second trigger goes on the chain for Recruit.\n"
        "The top of the chain resolves.\n"
        "Is Stalwart Poro stunned?\nIs Recruit stunned?\n",
    )
    assert verdicts(result)[-6:] == ["error", "no", "legal", "resolved", "no", "yes"]
    assert "goes on the chain for Stalwart Poro." in _said(result, -6)
    assert "Recruit at base: stunned" in _said(result, -3)
