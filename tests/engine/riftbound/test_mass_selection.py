"""Mass instructions: what "all"/"each" text selects (355.10.d), read as it is carried out
(359.3.f.2), and carried out on the board (QA 36 U4)."""

from __future__ import annotations

import pytest

from bot.engine.riftbound.model import RbKind, RbObject, RbZone
from bot.engine.riftbound.selection import read_selected_clause
from bot.engine.riftbound.state import ChainItem, RbState
from bot.scenario.riftbound_executor import RiftboundScenarioExecutor

from .scripts import last, run


@pytest.mark.parametrize(
    ("text", "verb", "amount", "floor"),
    [
        ("return all units with 2 [M] or less to their owners' hands", "return", 0, None),
        ("Return all units and gear to their owners' hands.", "return", 0, None),
        (
            "Move all enemy units at that battlefield with less Might than the chosen unit to "
            "their base",
            "move to base",
            0,
            None,
        ),
        ("give enemy units -3 [M] this turn, to a minimum of 1 [M]", "give", -3, 1),
        ("Then give enemy units there -2 [M] this turn", "give", -2, None),
        ("give your other units +2 [M] this turn", "give", 2, None),
        ("Then buff all friendly units", "buff", 0, None),
        ("[Buff] all units here", "buff", 0, None),
        ("Kill all gear", "kill", 0, None),
        ("deal 3 to all enemy units here", "deal", 3, None),
        ("Deal 1 to each unit here", "deal", 1, None),
    ],
)
def test_the_family_of_mass_wordings_is_read(
    text: str, verb: str, amount: int, floor: int | None
) -> None:
    said = read_selected_clause(text)
    assert said is not None
    assert (said.verb, said.amount, said.floor) == (verb, amount, floor)


@pytest.mark.parametrize(
    "text",
    [
        "buff a friendly unit",  # a choice, not a selection
        "return a unit to its owner's hand",
        "give units +1 [M] this turn",  # no side, no "all"
        "deal 2 to all enemy units in combat",  # combat isn't modelled
        "give your other units here [Assault] this turn",  # a keyword, not Might
    ],
)
def test_choices_and_wordings_the_bot_doesnt_follow_are_not_selections(text: str) -> None:
    assert read_selected_clause(text) is None


def _board() -> RbState:
    state = RbState(players=("Alice", "Bob"))
    for obj in (
        RbObject(0, "Targon's Peak", RbKind.BATTLEFIELD, "Alice", "Alice", RbZone.BATTLEFIELD),
        RbObject(0, "Stalwart Poro", RbKind.UNIT, "Alice", "Alice", might=2),
        RbObject(
            0,
            "Blazing Scorcher",
            RbKind.UNIT,
            "Alice",
            "Alice",
            RbZone.BATTLEFIELD,
            "Targon's Peak",
            5,
        ),
        RbObject(
            0, "Stalwart Poro", RbKind.UNIT, "Bob", "Bob", RbZone.BATTLEFIELD, "Targon's Peak", 2
        ),
        RbObject(
            0, "Ruined Rex", RbKind.UNIT, "Bob", "Bob", RbZone.BATTLEFIELD, "Targon's Peak", 6
        ),
        RbObject(0, "Long Sword", RbKind.GEAR, "Bob", "Bob"),
    ):
        state, _ = state.add(obj)
    return state


def test_a_selection_filters_the_board_by_side_place_kind_and_might() -> None:
    state = _board()
    item = ChainItem(99, "Stare Down", "Alice", "")
    chosen = [state.objects[1], state.objects[3]]  # Targon's Peak, Alice's Scorcher

    def picked(text: str) -> list[int]:
        said = read_selected_clause(text)
        assert said is not None
        found = said.selection.pick(state, item, chosen)
        assert found is not None
        return [o.id for o in found]

    assert picked("return all units with 2 [M] or less to their owners' hands") == [2, 4]
    assert picked(
        "move all enemy units at that battlefield with less Might than the chosen unit to their "
        "base"
    ) == [4]
    assert picked("give enemy units there -2 [M] this turn") == [4, 5]
    assert picked("buff all friendly units") == [2, 3]
    assert picked("return all units and gear to their owners' hands") == [2, 3, 4, 5, 6]
    assert picked("kill all gear") == [6]


def test_the_chosen_unit_gone_makes_its_might_null_and_nothing_is_selected() -> None:
    # 359.3.e.12: "A unit that is no longer on the board is treated as having null Might".
    state = _board()
    item = ChainItem(99, "Stare Down", "Alice", "")
    scorcher = state.objects[3]
    gone = state.without(3, "returned to its owner's hand", None)
    said = read_selected_clause(
        "Move all enemy units at that battlefield with less Might than the chosen unit to their "
        "base"
    )
    assert said is not None
    assert said.selection.pick(gone, item, [state.objects[1], scorcher]) == []


def test_angler_beast_returns_low_might_units_and_the_token_ceases(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(
        rb,
        "Alice controls Stalwart Poro. Alice controls a Recruit token. Bob controls Blazing "
        "Scorcher at Targon's Peak.\nAlice plays Angler Beast.\nResolve the chain.\nShow the board.",
    )
    resolved = result.steps[-2]
    assert resolved.verdict == "resolved"
    assert "183.1" in resolved.rules and "355.10.d" in resolved.rules
    board = last(result).explanation
    assert "Stalwart Poro — Alice's hand" in board
    assert "Recruit" not in board and "Blazing Scorcher 5 Might (Bob)" in board


def test_thousand_tailed_watcher_floor_and_the_kill_that_follows(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(
        rb,
        "Bob controls Blazing Scorcher at Targon's Peak. Bob's Blazing Scorcher has 2 damage. "
        "Bob controls Stalwart Poro.\nAlice plays Thousand-Tailed Watcher.\nResolve the chain.\n"
        "Show the board.",
    )
    resolved = result.steps[-2]
    said = " ".join(resolved.notes)
    assert "Bob's Stalwart Poro at base: -1 Might this turn" in said  # 2 -> 1, not below 1
    assert "at least its Might 2: it is killed" in said  # 323.5 with its lowered Might
    assert {"472.3.b", "323.5"} <= set(resolved.rules)
    assert "Blazing Scorcher — Bob's trash" in last(result).explanation


def test_moonfall_lowers_to_0_without_killing_an_undamaged_unit(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(
        rb,
        "Alice controls Blazing Scorcher at Targon's Peak. Bob controls Stalwart Poro at Targon's "
        "Peak. Bob controls Zaunite Bouncer.\nAlice plays Moonfall targeting Targon's Peak and "
        "Zaunite Bouncer.\nMoonfall resolves.\nShow the board.",
    )
    board = last(result).explanation
    assert "Stalwart Poro 0 Might (Bob)" in board and "Zaunite Bouncer 0 Might (Bob)" in board
    assert "323.5" in result.steps[-2].rules


def test_keepers_verdict_and_sprite_fountain_are_carried_out(
    rb: RiftboundScenarioExecutor,
) -> None:
    verdict = run(
        rb,
        "Bob controls Watchful Sentry at Targon's Peak.\nAlice plays Keeper's Verdict targeting "
        "Watchful Sentry.\nKeeper's Verdict resolves.\nShow the board.",
    )
    assert "Watchful Sentry — Bob's main deck" in last(verdict).explanation
    fountain = run(rb, "Alice plays Sprite Fountain.\nResolve the chain.\nShow the board.")
    assert "Sprite 3 Might — token" in last(fountain).explanation
    assert "exhausted" not in last(fountain).explanation


def test_a_trash_selection_is_the_controllers_trash(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Alice's trash has Stalwart Poro. Bob's trash has Ruined Rex.\nAlice plays Cursed "
        "Sarcophagus.\nResolve the chain.\nShow the board.",
    )
    board = last(result).explanation
    assert "Stalwart Poro — Alice's banishment" in board and "Ruined Rex — Bob's trash" in board


def test_each_player_kills_forced_choices_only(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Alice controls Stalwart Poro. Bob controls Ruined Rex. Bob controls Zaunite Bouncer.\n"
        "Alice plays Cull the Weak.\nCull the Weak resolves.\nShow the board.",
    )
    said = " ".join(result.steps[-2].notes)
    assert "Alice's only one, Alice's Stalwart Poro at base, is killed" in said
    assert "say “Bob's Ruined Rex dies.”" in said
    board = last(result).explanation
    assert "Stalwart Poro — Alice's trash" in board and "Ruined Rex 6 Might" in board
    empty = run(
        rb, "Alice controls Stalwart Poro.\nAlice plays Acceptable Losses.\nResolve the chain."
    )
    assert "Alice controls no gear, so kills nothing" in " ".join(last(empty).notes)


def test_peak_guardian_buffs_itself_and_checks_where_it_is(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Alice controls Targon's Peak. Alice controls Stalwart Poro at Targon's Peak.\nAlice plays "
        "Peak Guardian at Targon's Peak.\nResolve the chain.\nShow the board.",
    )
    assert result.steps[-2].verdict == "resolved"
    board = last(result).explanation
    assert "Peak Guardian 6 Might (Alice) — exhausted, buffed" in board  # 5, +1
    assert "Stalwart Poro 3 Might (Alice) — buffed" in board


def test_safety_inspectors_own_kill_waits_on_its_unfollowed_cost(
    rb: RiftboundScenarioExecutor,
) -> None:
    # "If you paid my additional cost, you don't kill a unit this way": the XP cost isn't
    # followed, so Alice's kill is left to her; Bob's only unit is killed.
    result = run(rb, "Bob controls Ruined Rex.\nAlice plays Safety Inspector.\nResolve the chain.")
    said = " ".join(last(result).notes)
    assert "Bob's only one, Bob's Ruined Rex at base, is killed" in said
    assert "Alice kills one only if Alice didn't pay Safety Inspector's additional cost" in said
