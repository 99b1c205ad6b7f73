"""``game`` stepping over the real card data: retargeting (CR 115.7) and activating (602.2b) one
choice at a time, with back, cancel, history labels, export and permissions."""

from __future__ import annotations

from typing import Any

import pytest

from bot.commands.context import Caller, CommandContext, Services
from bot.commands.dispatch import run_command
from bot.commands.reply import Reply
from bot.engine.errors import IllegalActionError
from bot.errors import PermissionDeniedError, UserError
from bot.frontends.text import render_text

SETUP = "Alice controls Runeclaw Bear and Llanowar Elves. Bob controls Spellskite."


@pytest.fixture
def services(card_services: Services) -> Services:
    return card_services


async def ask(
    services: Services,
    line: str,
    user: str = "alice",
    channel: str = "c1",
    judge: bool = False,
) -> Reply:
    caller = Caller(user=user, channel=channel, is_judge=judge)
    return await run_command(CommandContext(caller, services), line)


async def board(services: Services, channel: str = "c1") -> dict[str, Any]:
    return (await ask(services, "game state", channel=channel)).data


def stack_targets(data: dict[str, Any]) -> dict[str, list[str]]:
    return {e["name"]: [t["chosen"] for t in e["targets"]] for e in data["stack"]}


async def history_lines(services: Services) -> list[str]:
    return (await ask(services, "game history")).body.splitlines()


async def start(services: Services, setup: str = SETUP) -> None:
    await ask(services, "game new")
    await ask(services, "game join Alice")
    await ask(services, "game seat Bob bob")
    await ask(services, "game " + setup)


async def test_cast_then_redirect_resolving_steps_new_targets_then_resolve(
    services: Services,
) -> None:
    await start(services)
    await ask(services, "game cast Arc Trail", user="bob")
    await ask(services, "game choose Runeclaw Bear", user="bob")
    done = await ask(services, "game choose Llanowar Elves", user="bob")
    assert done.data["steps"][0]["verdict"] == "legal"
    await ask(services, "game cast Redirect")
    await ask(services, "game choose Arc Trail")
    assert list(stack_targets(await board(services))) == ["Redirect", "Arc Trail"]

    # Redirect resolves: which targets of Arc Trail change (115.7d), then to what.
    which = await ask(services, "game resolve")
    pending = which.data["pending"]
    assert pending["choice"] == "positions" and pending["rule"] == "115.7d"
    assert [o["label"] for o in pending["options"]] == [
        "Runeclaw Bear (#1) for “any target”",
        "Llanowar Elves (#2) for “any other target”",
    ]
    commands = {c.command.rpartition(" @v")[0] for c in which.choices}  # without the version
    assert {"game choose 1", "game choose 2", "game choose none", "game back", "game cancel"} <= (
        commands
    )
    first = await ask(services, "game choose 1 2")
    labels = [o["label"] for o in first.data["pending"]["options"]]
    assert "Runeclaw Bear (#1)" not in labels  # a new target is another one (115.7a)
    assert "Llanowar Elves (#2)" in labels  # swapping is fine: only the final set counts
    back = await ask(services, "game back")
    assert back.data["pending"]["prompt"] == pending["prompt"]
    await ask(services, "game choose 1 2")

    # Both targets on Spellskite: each pick is legal alone, the final set is not (115.3, 115.7e).
    await ask(services, "game choose Spellskite")
    before = len(await history_lines(services))
    with pytest.raises(IllegalActionError) as refused:
        await ask(services, "game choose Spellskite")
    assert "115.3" in refused.value.rules and "115.7e" in refused.value.rules
    assert len(await history_lines(services)) == before  # refused, so not stored
    await ask(services, "game back")
    await ask(services, "game choose Llanowar Elves")
    resolved = await ask(services, "game choose Runeclaw Bear")
    step = resolved.data["steps"][0]
    assert step["verdict"] == "changed"
    assert {"608.2b", "115.7d", "115.7e"} <= set(step["rules"])
    state = await board(services)
    assert stack_targets(state) == {"Arc Trail": ["Llanowar Elves", "Runeclaw Bear"]}
    assert [t["amount"] for t in state["stack"][0]["targets"]] == [None, None]
    assert any(z["name"] == "Redirect" and z["zone"] == "graveyard" for z in state["zones"])

    # Arc Trail resolves as retargeted: 2 damage kills the Elves, 1 leaves the Bear alive.
    await ask(services, "game resolve")
    after = await board(services)
    assert sorted(p["name"] for p in after["permanents"]) == ["Runeclaw Bear", "Spellskite"]

    lines = await history_lines(services)
    assert any(line.endswith("choose Llanowar Elves (#2)") for line in lines)
    assert any("choose change Runeclaw Bear (#1)" in line for line in lines)
    assert any("start casting Redirect" in line for line in lines)

    # The export replays the same game through statements (the retarget included).
    script = (await ask(services, "game export")).data["script"]
    assert "Redirect resolves choosing new targets Llanowar Elves and Runeclaw Bear." in script
    await ask(services, "game new", channel="c2")
    await ask(services, "game join Alice", channel="c2")
    await ask(services, "game " + script, channel="c2")
    again = await board(services, channel="c2")
    for key in ("players", "permanents", "stack", "zones"):
        assert again[key] == after[key]


async def test_game_retarget_steps_by_kind_and_cancels(services: Services) -> None:
    await start(services)
    await ask(services, "game Bob casts Forked Bolt targeting Runeclaw Bear and Llanowar Elves")
    await ask(services, "game Bob casts Lightning Bolt targeting Runeclaw Bear.", user="bob")

    # "the targets of": all or none (115.7a), so no "which" question: straight to the new ones.
    direct = await ask(services, "game retarget the targets of Forked Bolt")
    assert direct.data["pending"]["choice"] == "new target"
    assert direct.data["pending"]["rule"] == "115.7a"
    cancelled = await ask(services, "game cancel")
    assert "Forked Bolt" in cancelled.body
    assert stack_targets(await board(services))["Forked Bolt"] == [
        "Runeclaw Bear",
        "Llanowar Elves",
    ]

    # "one target of": exactly one changes (115.7b); the division stays with it (115.7f).
    await ask(services, "game retarget one target of Forked Bolt")
    await ask(services, "game choose 2")
    changed = await ask(services, "game choose Bob")
    step = changed.data["steps"][0]
    assert step["verdict"] == "changed"
    assert {"115.7b", "115.7e", "115.7f"} <= set(step["rules"])
    targets = (await board(services))["stack"][1]["targets"]
    assert [(t["chosen"], t["amount"]) for t in targets] == [("Runeclaw Bear", 1), ("Bob", 1)]

    # A plain retarget of the top spell: choose new targets (115.7d).
    await ask(services, "game retarget Lightning Bolt")
    await ask(services, "game choose Runeclaw Bear")
    bolt = await ask(services, "game choose Alice")
    assert bolt.data["steps"][0]["verdict"] == "changed"
    assert stack_targets(await board(services))["Lightning Bolt"] == ["Alice"]
    history = await history_lines(services)
    assert any("start changing the targets of Lightning Bolt" in line for line in history)
    assert any(line.endswith("choose Alice") for line in history)
    script = (await ask(services, "game export")).data["script"]
    assert "Alice chooses new targets for Lightning Bolt: Alice." in script

    # Nothing to change: refused and not stored.
    await ask(services, "game Bob casts Giant Growth targeting Spellskite.", user="bob")
    with pytest.raises(UserError):
        await ask(services, "game retarget Redirect")


async def test_activation_steps_and_spellskite_changes_a_target(services: Services) -> None:
    await start(services)
    await ask(services, "game Alice casts Arc Trail targeting Runeclaw Bear and Llanowar Elves.")
    with pytest.raises(IllegalActionError) as refused:
        await ask(services, "game activate Spellskite")  # Alice doesn't control it (602.2)
    assert "602.2" in refused.value.rules

    first = await ask(services, "game activate Spellskite's first ability", user="bob")
    assert first.title == "Activating Spellskite's ability"
    assert [o["label"] for o in first.data["pending"]["options"]] == ["Arc Trail (#4)"]
    done = await ask(services, "game choose 1", user="bob")
    assert done.data["steps"][0]["verdict"] == "legal"
    assert "602.2b" in done.data["steps"][0]["rules"]

    # Spellskite's ability resolves: which one target of Arc Trail changes to it (115.7b).
    which = await ask(services, "game resolve", user="bob")
    assert which.data["pending"]["rule"] == "115.7b"
    assert "to Spellskite (#3)" in which.data["pending"]["prompt"]
    resolved = await ask(services, "game choose Llanowar Elves", user="bob")
    assert resolved.data["steps"][0]["verdict"] == "changed"
    assert stack_targets(await board(services)) == {"Arc Trail": ["Runeclaw Bear", "Spellskite"]}
    script = (await ask(services, "game export")).data["script"]
    assert "Bob activates Spellskite's first ability targeting Arc Trail." in script


async def test_deflection_and_twincast_resolving(services: Services) -> None:
    await start(services)
    await ask(services, "game Bob casts Lightning Bolt targeting Runeclaw Bear.")
    await ask(services, "game Alice casts Deflection targeting Lightning Bolt.")
    # "Change the target of target spell with a single target": nothing to pick but the new one.
    prompt = await ask(services, "game resolve")
    assert prompt.data["pending"]["choice"] == "new target"
    await ask(services, "game choose Bob")
    assert stack_targets(await board(services)) == {"Lightning Bolt": ["Bob"]}

    await ask(services, "game Alice casts Twincast targeting Lightning Bolt.")
    copy = await ask(services, "game resolve")
    assert copy.data["pending"]["rule"] == "707.10c"
    assert copy.title.startswith("Resolving Twincast: new targets for the copy")
    await ask(services, "game choose 1")
    await ask(services, "game choose Llanowar Elves")
    state = await board(services)
    assert [(e["name"], e["controller"]) for e in state["stack"]] == [
        ("copy of Lightning Bolt", "Alice"),
        ("Lightning Bolt", "Bob"),
    ]
    assert [e["targets"][0]["chosen"] for e in state["stack"]] == ["Llanowar Elves", "Bob"]
    script = (await ask(services, "game export")).data["script"]
    assert "Twincast resolves." in script and "Alice chooses new targets for #" in script


async def test_permissions_for_stepping(services: Services) -> None:
    await start(services)
    await ask(services, "game Bob casts Lightning Bolt targeting Runeclaw Bear.")
    with pytest.raises(PermissionDeniedError):
        await ask(services, "game retarget Lightning Bolt", user="carol")
    await ask(services, "game retarget Lightning Bolt", user="bob")
    with pytest.raises(PermissionDeniedError):
        await ask(services, "game choose 1", user="carol")
    with pytest.raises(PermissionDeniedError):
        await ask(services, "game cancel", user="carol")
    await ask(services, "game choose 1", user="carol", judge=True)
    done = await ask(services, "game choose Alice", user="carol", judge=True)
    assert done.data["steps"][0]["verdict"] == "changed"


async def test_a_choice_from_an_earlier_step_is_refused_not_applied(services: Services) -> None:
    """Buttons carry the game version they were offered at: an old "choose 2" must not pick
    option 2 of a different step."""
    from bot.errors import UserError

    await start(services, "Alice controls Runeclaw Bear. Bob controls Spellskite.")
    first = await ask(services, "game cast Arc Trail")
    stale = next(c.command for c in first.choices if c.command.startswith("game choose 2"))
    assert " @v" in stale
    second = await ask(services, stale)  # fresh: applies
    assert "any other target" in second.body + "".join(s.text for s in second.sections)
    with pytest.raises(UserError, match="earlier step"):
        await ask(services, stale)  # the same button again: the game has moved on
    typed = await ask(services, "game back")  # typed commands are never refused
    assert typed.choices


async def test_game_resolve_of_a_ward_trigger_offers_pay_or_not(services: Services) -> None:
    """Ward triggers above the spell (CR 702.21a, 603.3); resolving it needs the opponent's
    choice (118.12a), offered as two statements; the one picked is saved and replays."""
    await start(services, "Alice controls Waterfall Aerialist. Bob controls Spellskite.")
    cast = await ask(services, "game Bob casts Lightning Bolt targeting Waterfall Aerialist.")
    assert cast.data["steps"][0]["verdict"] == "legal"
    ward, bolt = (await board(services))["stack"]
    assert (ward["name"], ward["controller"], ward["targets"]) == (
        "Waterfall Aerialist's ward trigger",
        "Alice",
        [],
    )
    assert bolt["name"] == "Lightning Bolt" and ward["refers_to"] == bolt["id"]
    assert (
        ward["unless"].startswith("counters Lightning Bolt")
        and "unless Bob pays {2}" in (ward["unless"])
    )
    shown = await ask(services, "game state")
    assert any(ward["unless"] in section.text for section in shown.sections)
    asked = await ask(services, "game resolve")
    step = asked.data["steps"][0]
    assert step["verdict"] == "error" and "say whether Bob pays" in step["error"]["message"]
    assert [c.label for c in asked.choices] == [
        "The top of the stack resolves and Bob pays {2}",
        "The top of the stack resolves and Bob doesn't pay",
    ]
    assert len((await board(services))["stack"]) == 2  # nothing was decided, nothing changed
    declined = asked.choices[1].command
    assert declined.startswith("game The top of the stack resolves and Bob doesn't pay. @v")
    done = await ask(services, declined, user="bob")
    assert done.data["steps"][0]["verdict"] == "resolved"
    state = await board(services)
    assert state["stack"] == []
    assert [(z["name"], z["owner"], z["zone"]) for z in state["zones"]] == [
        ("Lightning Bolt", "Bob", "graveyard")
    ]
    # Typed with `game resolve` directly, on a second Bolt.
    await ask(services, "game Bob casts Lightning Bolt targeting Waterfall Aerialist.")
    paid = await ask(services, "game resolve and Bob pays {2}", user="bob")
    assert paid.data["steps"][0]["verdict"] == "resolved"
    assert [e["name"] for e in (await board(services))["stack"]] == ["Lightning Bolt"]
    await ask(services, "game resolve")
    state = await board(services)
    assert [p["name"] for p in state["permanents"]] == ["Spellskite"]  # 3 damage to a 3/1
    script = (await ask(services, "game export")).data["script"]
    assert "The top of the stack resolves and Bob doesn't pay." in script
    assert "The top of the stack resolves and Bob pays {2}." in script
    await ask(services, "game new", channel="c2")
    await ask(services, "game join Alice", channel="c2")
    await ask(services, "game " + script, channel="c2")
    again = await board(services, channel="c2")
    for key in ("players", "permanents", "stack", "zones"):
        assert again[key] == state[key]


async def test_game_resolve_of_mother_of_runes_asks_the_colour(services: Services) -> None:
    """QA 29 W2: "the color of your choice" is chosen as it resolves (CR 608.2d). `game
    resolve` stops and offers a statement per colour, and `game resolve choosing red` applies
    it, so the Bolt below fizzles (702.16b, 608.2b) instead of killing the Bears."""
    await start(services, "Alice controls Grizzly Bears and Mother of Runes.")
    await ask(services, "game Bob casts Lightning Bolt targeting Grizzly Bears.")
    await ask(services, "game Alice activates Mother of Runes targeting Grizzly Bears.")
    asked = await ask(services, "game resolve")
    step = asked.data["steps"][0]
    assert step["verdict"] == "error" and "say which colour (608.2d)" in step["error"]["message"]
    assert [c.label for c in asked.choices] == [
        f"Mother of Runes's ability resolves choosing {colour}"
        for colour in ("white", "blue", "black", "red", "green")
    ]
    assert len((await board(services))["stack"]) == 2  # nothing was decided, nothing changed
    chosen = await ask(services, "game resolve choosing red")
    assert chosen.data["steps"][0]["verdict"] == "resolved"
    fizzled = await ask(services, "game resolve")
    assert fizzled.data["steps"][0]["verdict"] == "fizzled"
    names = [p["name"] for p in (await board(services))["permanents"]]
    assert names == ["Grizzly Bears", "Mother of Runes"]


async def test_an_action_in_progress_is_stepped_only_by_who_started_it(
    services: Services,
) -> None:
    """Found by QA: alice's `game undo` took back Bob's target choice in the middle of bob's
    cast.  A cast in progress belongs to the user who started it: only they (or a judge)
    choose, go back or undo its steps, even the game's starter may not (the starter may
    cancel it: see the next test)."""
    await start(services)  # alice started the game and plays Alice; bob plays Bob
    await ask(services, "game cast Arc Trail", user="bob")
    await ask(services, "game choose Runeclaw Bear", user="bob")
    before = await history_lines(services)
    for line in ("game undo", "game back", "game choose Llanowar Elves"):
        with pytest.raises(PermissionDeniedError, match="in the middle of") as raised:
            await ask(services, line, user="alice")
        assert "bob" in raised.value.message and "judge" in raised.value.message
    assert await history_lines(services) == before
    # Bob's choice is still there: he goes on with his cast.
    await ask(services, "game back", user="bob")
    await ask(services, "game choose Runeclaw Bear", user="bob")
    await ask(services, "game undo", user="bob")  # his own step
    await ask(services, "game choose Runeclaw Bear", user="bob")
    await ask(services, "game back", user="carol", judge=True)  # a judge may
    await ask(services, "game choose Runeclaw Bear", user="bob")
    done = await ask(services, "game choose Llanowar Elves", user="bob")
    assert done.data["steps"][0]["verdict"] == "legal"
    # Once it is finished, the game's starter may take it back (bob may too).
    await ask(services, "game undo", user="alice")


async def test_the_starter_may_cancel_a_players_stuck_action(services: Services) -> None:
    """Left from QA: bob walked away in the middle of his cast and only a judge or `game end`
    could free the game.  The game's starter may cancel it (not make its choices); another
    player may not."""
    await start(services)  # alice started the game and plays Alice; bob plays Bob
    await ask(services, "game seat Carol carol")
    await ask(services, "game cast Arc Trail", user="bob")
    await ask(services, "game choose Runeclaw Bear", user="bob")
    with pytest.raises(PermissionDeniedError, match="in the middle of"):
        await ask(services, "game cancel", user="carol")
    cancelled = await ask(services, "game cancel", user="alice")
    assert "Arc Trail" in cancelled.body
    assert not (await board(services))["stack"]
    # Her cancel is her own action: undo reopens bob's cast, redo cancels it again (QA 5:
    # the redo was refused as a step of bob's action).
    await ask(services, "game undo", user="alice")
    with pytest.raises(PermissionDeniedError, match="bob is in the middle of"):
        await ask(services, "game cast Lightning Bolt", user="alice")
    await ask(services, "game redo", user="alice")
    # The game goes on: alice may start her own cast now.
    await ask(services, "game cast Lightning Bolt", user="alice")


async def test_the_starter_takes_back_a_players_finished_cast_as_a_whole(
    services: Services,
) -> None:
    """Left from QA 5: alice (the starter) undid bob's finished step-by-step cast and took back
    only its last choice, which reopened the cast as bob's: she could neither finish it nor
    undo further.  The starter takes another player's step-by-step action back (and does it
    again) as a whole; bob himself and judges still go step by step."""
    await start(services)  # alice started the game and plays Alice; bob plays Bob
    await ask(services, "game cast Arc Trail", user="bob")
    await ask(services, "game choose Runeclaw Bear", user="bob")
    await ask(services, "game choose Llanowar Elves", user="bob")
    assert stack_targets(await board(services)) == {
        "Arc Trail": ["Runeclaw Bear", "Llanowar Elves"]
    }
    undone = await ask(services, "game undo", user="alice")
    assert "whole action" in undone.body and "start casting Arc Trail" in undone.body
    state = await board(services)
    assert not state["stack"]
    # Nothing is left in progress: alice may cast at once.
    await ask(services, "game cast Lightning Bolt", user="alice")
    await ask(services, "game cancel", user="alice")
    # The redo stack was cleared by her new action; start again to check redo.
    await ask(services, "game cast Arc Trail", user="bob")
    await ask(services, "game choose Runeclaw Bear", user="bob")
    await ask(services, "game choose Llanowar Elves", user="bob")
    await ask(services, "game undo", user="alice")
    redone = await ask(services, "game redo", user="alice")
    assert "whole action" in redone.body
    assert stack_targets(await board(services)) == {
        "Arc Trail": ["Runeclaw Bear", "Llanowar Elves"]
    }
    # Bob's own undo still takes back one choice and reopens his cast.
    mine = await ask(services, "game undo", user="bob")
    assert "whole action" not in mine.body and "Llanowar Elves" in mine.body
    with pytest.raises(PermissionDeniedError, match="in the middle of"):
        await ask(services, "game undo", user="alice")
    # QA 8: bob cancels it himself; alice's undo takes the cancelled action back whole and
    # says that it had changed nothing.
    await ask(services, "game cancel", user="bob")
    cancelled = await ask(services, "game undo", user="alice")
    assert "whole action" in cancelled.body and "changed nothing" in cancelled.body


async def test_a_cast_taken_back_as_a_whole_is_redone_as_a_whole_by_its_player(
    services: Services,
) -> None:
    """QA 64 M1: the starter's undo took bob's finished cast back as a whole; bob's redo did
    only its first step again and left the game mid-cast. A redo mirrors the undo, whoever
    redoes it; the log keeps that the undo was whole (the undo reloads the game from it)."""
    await start(services)
    await ask(services, "game cast Arc Trail", user="bob")
    await ask(services, "game choose Runeclaw Bear", user="bob")
    await ask(services, "game choose Llanowar Elves", user="bob")
    await ask(services, "game undo", user="alice")
    redone = await ask(services, "game redo", user="bob")
    assert "whole action" in redone.body and "done again as one" in redone.body
    assert stack_targets(await board(services)) == {
        "Arc Trail": ["Runeclaw Bear", "Llanowar Elves"]
    }
    with pytest.raises(UserError, match="nothing to redo"):
        await ask(services, "game redo", user="bob")


async def test_only_the_starter_or_a_judge_ends_the_game(services: Services) -> None:
    """Found by QA: bob, seated but not the starter, ended alice's game."""
    await start(services)
    with pytest.raises(PermissionDeniedError, match="started this game") as raised:
        await ask(services, "game end", user="bob")
    assert "judge" in raised.value.message
    assert (await board(services))["permanents"]  # the game is still there
    await ask(services, "game end", user="alice")


async def test_spellskites_chosen_target_survives_export(services: Services) -> None:
    """Found by QA: Spellskite's slot chosen in a step-by-step `game resolve` was exported as
    "#5 resolves.", which replays by changing the first target instead (115.7b)."""
    await start(services)
    await ask(services, "game Bob casts Arc Trail targeting Runeclaw Bear and Llanowar Elves.")
    await ask(services, "game activate Spellskite", user="bob")
    await ask(services, "game choose 1", user="bob")
    await ask(services, "game resolve", user="bob")
    await ask(services, "game choose 2", user="bob")  # Llanowar Elves' slot changes
    assert stack_targets(await board(services)) == {"Arc Trail": ["Runeclaw Bear", "Spellskite"]}
    await ask(services, "game resolve", user="bob")
    script = (await ask(services, "game export")).data["script"]
    assert "resolves choosing new targets Runeclaw Bear and Spellskite." in script
    await ask(services, "game new", channel="c2")
    await ask(services, "game join Alice", channel="c2")
    await ask(services, "game " + script, channel="c2")
    one, two = await board(services), await board(services, channel="c2")
    for key in ("players", "permanents", "stack", "zones"):
        assert one[key] == two[key], key
    assert "Llanowar Elves" in {p["name"] for p in two["permanents"]}


async def test_step_by_step_cast_names_a_face_and_says_at_instant_speed(
    services: Services,
) -> None:
    """Found by QA 5: `game cast Stomp` cast Bonecrusher Giant (the creature), and the step-by-step
    cast couldn't say "at instant speed", which the 117.1a refusal itself suggests."""
    await start(services)
    await ask(services, "game Alice casts Lightning Bolt targeting Bob.")
    await ask(services, "game cast Stomp", user="bob")
    done = await ask(services, "game choose Alice", user="bob")
    assert done.data["steps"][0]["verdict"] == "legal"
    with pytest.raises(UserError, match=r"117\.1a"):
        await ask(services, "game cast Lava Axe", user="bob")
    await ask(services, "game cast Lava Axe at instant speed", user="bob")
    await ask(services, "game choose Alice", user="bob")
    script = (await ask(services, "game export")).data["script"]
    assert "Bob casts Bonecrusher Giant // Stomp as Stomp targeting Alice." in script
    assert "Bob casts Lava Axe at instant speed targeting Alice." in script


async def test_a_mana_ability_activated_step_by_step_does_not_use_the_stack(
    services: Services,
) -> None:
    """CR 605.3a-b: a mana ability resolves at once; found by QA 11, `game activate Treasure`
    put "Treasure's ability" on the stack, where Stifle could have targeted it."""
    await start(services, SETUP + " Alice controls a Treasure token.")
    done = await ask(services, "game activate Treasure")
    assert "605.3b" in done.data["steps"][0]["rules"]
    await ask(services, "game activate Llanowar Elves")
    data = await board(services)
    assert data["stack"] == []
    assert "Treasure" not in [p["name"] for p in data["permanents"]]
    shown = "\n".join(s.text for s in (await ask(services, "game state")).sections)
    assert "Llanowar Elves 1/1 — tapped" in shown
    script = (await ask(services, "game export")).data["script"]
    assert "Alice activates Treasure." in script


async def test_a_card_named_by_someone_is_cast_whole_unless_by_names_a_player(
    services: Services,
) -> None:
    """Found by QA 14: `game cast Bound by Moonsilver` was Moonsilver (a new player) casting
    "Bound", and `game cast Struck by Lightning` answered about Baron Strucker."""
    await start(services)
    whole = await ask(services, "game cast Bound by Moonsilver")
    assert whole.title == "Casting Bound by Moonsilver"  # Alice's (her seat), one target
    await ask(services, "game cancel")
    # Not a card, and "Lightning" plays no part: the card lookup says what was typed.
    with pytest.raises(UserError, match="Struck by Lightning"):
        await ask(services, "game cast Struck by Lightning")
    # "by" a player of the game (or a seat) still names who casts it.
    named = await ask(services, "game cast Lightning Bolt by Bob", user="carol", judge=True)
    assert "Bob" in named.body + "".join(s.text for s in named.sections)
    await ask(services, "game choose Alice", user="carol", judge=True)
    assert (
        "Bob casts Lightning Bolt targeting Alice."
        in ((await ask(services, "game export")).data["script"])
    )


async def test_a_stranger_during_a_cast_is_refused_for_rights_not_the_cast(
    services: Services,
) -> None:
    """QA 14 #8: carol (no seat) typing a statement during bob's cast was told to finish its
    choices with `game choose`, which then refused her for having no seat."""
    await start(services)
    await ask(services, "game cast Lightning Bolt", user="bob")
    with pytest.raises(PermissionDeniedError):
        await ask(services, "game Spellskite is tapped.", user="carol")
    # Someone who may change the game is still told about the cast in progress, and whose it
    # is (QA 20 U6: only bob or a judge can make its choices).
    with pytest.raises(UserError, match="bob is in the middle of an action"):
        await ask(services, "game Spellskite is tapped.", user="alice")


async def test_a_casting_method_step_by_step_names_the_card_and_what_works(
    services: Services,
) -> None:
    """QA 13 #8: `game cast Fury with evoke` was "No card is named like 'Fury with evoke'".
    A step-by-step cast doesn't track evoke, foretell, pitch costs ...: it names the card, says
    the method doesn't change the targets and how to go on."""
    from bot.errors import UsageError

    await start(services)
    with pytest.raises(UsageError, match="Fury is found") as raised:
        await ask(services, "game cast Fury with evoke")
    assert raised.value.hint == "game cast Fury"
    # The whole cast said as one statement works in the game itself (QA 16).
    assert "`game Alice casts Fury with evoke targeting …`" in raised.value.message
    # QA 20 U9: a card without the keyword isn't offered a statement that would be refused.
    with pytest.raises(UsageError, match="Lightning Bolt has no evoke"):
        await ask(services, "game cast Lightning Bolt with evoke")
    with pytest.raises(UsageError, match="Misdirection is found"):
        await ask(services, "game cast Misdirection by exiling a blue card")
    for method in ("for its alternative cost", "by paying 4 life", "by sacrificing two Mountains"):
        with pytest.raises(UsageError, match=f"doesn't track “{method}”"):
            await ask(services, f"game cast Snuff Out {method}")
    said = await ask(
        services,
        "game Bob casts Lightning Bolt targeting Alice. Alice casts Force of Will by exiling "
        "a blue card targeting Lightning Bolt.",
    )
    assert [step["verdict"] for step in said.data["steps"]] == ["legal", "legal"]


async def test_the_division_step_says_how_to_answer(services: Services) -> None:
    # QA 13 #13: every other prompt gave an example; the division prompt gave none.
    await start(services)
    offered = await ask(services, "game cast Arc Lightning")
    bear = next(c.command.split(" @")[0] for c in offered.choices if "Runeclaw Bear" in c.label)
    elves = next(c.command.split(" @")[0] for c in offered.choices if "Llanowar" in c.label)
    picks = f"{bear.split()[-1]} {elves.split()[-1]}"
    divide = await ask(services, f"game choose {picks}")
    assert "Divide 3" in divide.body
    assert "`game choose 2 1`" in divide.body
    done = await ask(services, "game choose 2 1")
    assert "dividing 2 and 1" in done.sections[0].heading or "(2)" in str(done.data)


async def test_a_seated_player_the_game_never_named_is_a_target_opponent(
    services: Services,
) -> None:
    """QA 20 W1: Alice and Bob took seats and only Alice's board was stated; step by step,
    Duress found no "target opponent" and Lightning Bolt offered only Alice. A seat holder is
    one of the game's players (CR 102.1; 601.2c: the targets are chosen among them)."""
    await ask(services, "game new")
    await ask(services, "game join Alice")
    await ask(services, "game join Bob", user="bob")
    await ask(services, "game I control Runeclaw Bear.")
    prompt = await ask(services, "game cast Duress")
    assert "Bob" in prompt.body
    done = await ask(services, "game choose Bob")
    assert done.data["steps"][0]["verdict"] == "legal"
    script = (await ask(services, "game export")).data["script"]
    assert "Alice casts Duress targeting Bob." in script


async def test_a_flashback_step_cast_takes_the_card_from_the_graveyard(
    services: Services,
) -> None:
    """QA 20 W3: `game cast Think Twice with flashback` put a new Think Twice on the stack and
    left the one in the graveyard; the card cast is the one there (CR 702.34a), as the
    statement `Alice casts Think Twice with flashback.` does."""
    await ask(services, "game new")
    await ask(services, "game join Alice")
    await ask(services, "game Alice's graveyard has Think Twice.")
    await ask(services, "game cast Think Twice with flashback")
    data = await board(services)
    assert [e["name"] for e in data["stack"]] == ["Think Twice"]
    assert not [o for o in data["zones"] if o["name"] == "Think Twice"]
    script = (await ask(services, "game export")).data["script"]
    assert "Alice casts Think Twice with flashback with no targets." in script


async def test_a_target_refused_while_stepping_says_why(services: Services) -> None:
    """QA 20 U1: choosing the hexproof Troll Ascetic for Shock said only "not one of the
    options"; the statement form says hexproof (702.11b), and so does the step now."""
    await ask(services, "game new")
    await ask(services, "game join Alice")
    await ask(services, "game Alice controls Runeclaw Bear. Bob controls Troll Ascetic.")
    await ask(services, "game cast Shock")
    with pytest.raises(UserError, match=r"not one of the options: Troll Ascetic has hexproof"):
        await ask(services, "game choose Troll Ascetic")


async def test_spellskite_with_no_legal_change_resolves_unchanged_step_by_step(
    services: Services,
) -> None:
    """QA 20 W2: Arc Trail targets Runeclaw Bear and Spellskite; Spellskite's ability can't
    change either target to itself ("another target" would be Spellskite twice, 115.3), so no
    target changes (Spellskite's ruling; 115.7b, 115.7d). Step by step the only option was
    refused and "none" too: the step now offers none, and it resolves unchanged."""
    await ask(services, "game new")
    await ask(
        services,
        "game Alice controls Runeclaw Bear. Bob controls Spellskite. Alice casts Arc Trail "
        "targeting Runeclaw Bear and Spellskite. Bob activates Spellskite targeting Arc Trail.",
    )
    prompt = await ask(services, "game resolve")
    assert "can change to Spellskite" in prompt.body and "legally" in prompt.body
    done = await ask(services, "game choose none")
    assert done.data["steps"][0]["verdict"] == "unchanged"
    assert stack_targets(await board(services)) == {"Arc Trail": ["Runeclaw Bear", "Spellskite"]}


async def test_x_is_said_as_statements_say_it_and_never_negative(services: Services) -> None:
    """QA 20 U3: `game choose X=4` was refused ("Give a number for X"), and -1 got the same
    answer; X is said as a statement says it, and a negative one is refused by the rule that
    forbids it (CR 107.1b: "You can't choose a negative number")."""
    await ask(services, "game new")
    await ask(services, "game join Alice")
    await ask(services, "game cast Fireball")
    with pytest.raises(UserError, match=r"107\.1b"):
        await ask(services, "game choose -1")
    with pytest.raises(UserError, match="too large"):
        await ask(services, "game choose 99999999999999999999999")
    asked = await ask(services, "game choose X=4")
    assert "target" in asked.body.lower()


async def test_options_say_whose_object_and_take_the_possessive(services: Services) -> None:
    # QA 20 U2: three Runeclaw Bears were listed "Runeclaw Bear (#1)", "(#2)", "(#3)", and
    # `game choose Bob's Runeclaw Bear` was "not one of the options".
    await start(
        services, "Alice controls Runeclaw Bear and Runeclaw Bear. Bob controls Runeclaw Bear."
    )
    asked = await ask(services, "game cast Shock")
    labels = [o["label"] for o in asked.data["pending"]["options"]]
    assert "Bob's Runeclaw Bear (#3)" in labels and "Alice's Runeclaw Bear (#1)" in labels
    done = await ask(services, "game choose Bob's Runeclaw Bear")
    assert done.data["steps"][0]["verdict"] == "legal"
    assert stack_targets(await board(services))["Shock"] == ["Runeclaw Bear (#3)"]


async def test_x_said_with_the_cast(services: Services) -> None:
    # QA 20 U3: "game cast Fireball with X=3" was read as a card named "Fireball with X=3".
    await start(services, "Alice controls Grizzly Bears. Bob controls Serra Angel.")
    asked = await ask(services, "game cast Fireball with X=3")
    assert asked.data["pending"]["choice"] == "targets"  # X is announced already (601.2b)
    await ask(services, "game choose Serra Angel")
    resolved = await ask(services, "game resolve")
    assert "3 damage to Serra Angel" in resolved.sections[0].text
    with pytest.raises(UserError, match=r"107\.1b"):
        await ask(services, "game cast Fireball with X=-1")
    with pytest.raises(UserError, match="has no X"):
        await ask(services, "game cast Lightning Bolt with X=2")


async def test_a_refused_first_ability_names_the_others(services: Services) -> None:
    # QA 20 U5: `game activate Lithoform Engine` with nothing on the stack refused its first
    # ability and never said how to pick another.
    await start(services, "Alice controls Lithoform Engine.")
    with pytest.raises(UserError) as caught:
        await ask(services, "game activate Lithoform Engine")
    assert "`game activate Lithoform Engine's second ability`" in (caught.value.hint or "")


async def test_modes_chosen_out_of_order_resolve_in_printed_order(services: Services) -> None:
    """QA 20 M2.  Kolaghan's Command ruling: "follow the instructions of the modes you chose in
    the order they are printed on the card" (CR 608.2c); the export keeps the card's name
    capitalised inside the sentence."""
    await start(services)
    await ask(services, "game cast Kolaghan's Command by Alice")
    await ask(services, "game choose 3 2")  # damage, then destroy artifact (printed 4th, 3rd)
    await ask(services, "game choose Runeclaw Bear")
    await ask(services, "game choose Spellskite")
    resolved = await ask(services, "game resolve")
    said = resolved.body + "\n" + "\n".join(section.text for section in resolved.sections)
    lines = [line for line in said.splitlines() if line.startswith("✓")]
    assert lines == ["✓ Destroy target artifact → Spellskite", "✓ 2 damage to Runeclaw Bear"]
    script = (await ask(services, "game export")).data["script"]
    assert "choosing Kolaghan's Command deals 2 damage to any target and destroy target" in script


async def test_a_sacrifice_cost_is_asked_after_the_targets_and_paid(services: Services) -> None:
    # QA 20 W6: step by step, Fling never asked what was sacrificed, so its damage was unknown.
    # CR 601.2h pays "As an additional cost to cast this spell, sacrifice a creature" once the
    # targets are chosen (601.2c); only a permanent its caster controls can be sacrificed
    # (701.21a); Fling deals "damage equal to the sacrificed creature's power" (Oracle text).
    await start(services, "Alice controls Serra Angel. Bob controls Grizzly Bears.")
    await ask(services, "game cast Fling")
    asked = await ask(services, "game choose Bob")
    pending = asked.data["pending"]
    assert pending["choice"] == "sacrifice" and pending["rule"] == "601.2h"
    assert [o["label"] for o in pending["options"]] == ["Serra Angel"]  # not Bob's Bears
    with pytest.raises(UserError, match=r"Bob controls it.*701\.21a"):
        await ask(services, "game choose Grizzly Bears")
    done = await ask(services, "game choose Serra Angel")
    step = done.data["steps"][0]
    assert step["verdict"] == "legal" and "sacrificing Serra Angel" in step["explanation"]
    state = await board(services)
    assert [p["name"] for p in state["permanents"]] == ["Grizzly Bears"]
    assert any(o["name"] == "Serra Angel" and o["zone"] == "graveyard" for o in state["zones"])
    await ask(services, "game resolve")
    lives = {p["name"]: p["life"] for p in (await board(services))["players"]}
    assert lives["Bob"] == 16  # Serra Angel's power, 4
    exported = (await ask(services, "game export")).body
    assert "Alice casts Fling sacrificing Serra Angel targeting Bob." in exported


async def test_undo_takes_a_sacrifice_back(services: Services) -> None:
    await start(services, "Alice controls Serra Angel and Perilous Myr.")
    await ask(services, "game cast Fling")
    await ask(services, "game choose Bob")
    done = await ask(services, "game choose Perilous Myr")
    # CR 603.6c, 603.10a: the sacrificed Myr died, and its own "When this creature dies" triggers.
    assert any("Perilous Myr's ability triggers" in n for n in done.data["steps"][0]["notes"])
    await ask(services, "game undo")
    state = await board(services)
    assert sorted(p["name"] for p in state["permanents"]) == ["Perilous Myr", "Serra Angel"]
    assert state["stack"] == []
    again = await ask(services, "game choose Serra Angel")  # the sacrifice is asked again
    assert "sacrificing Serra Angel" in again.data["steps"][0]["explanation"]


async def test_nothing_to_sacrifice_means_no_cast(services: Services) -> None:
    # CR 118.3: "A player can't pay a cost without having the necessary resources to pay it
    # fully"; the Altar's Reap cost sacrifices a creature, and Alice controls none.
    await start(services, "Alice controls Mountain. Bob controls Grizzly Bears.")
    with pytest.raises(UserError, match=r"controls none.*601\.2h, 118\.3"):
        await ask(services, "game cast Altar's Reap")


async def test_a_flashback_sacrifice_is_asked_too(services: Services) -> None:
    # Lava Dart: "Flashback—Sacrifice a Mountain" (CR 702.34a): only a Mountain will do.
    await start(
        services,
        "Alice controls Mountain and Forest and Grizzly Bears. Alice's graveyard has Lava Dart.",
    )
    await ask(services, "game cast Lava Dart with flashback")
    asked = await ask(services, "game choose Bob")
    assert [o["label"] for o in asked.data["pending"]["options"]] == ["Mountain"]
    with pytest.raises(UserError, match=r"sacrifices a mountain, and Forest isn't one"):
        await ask(services, "game choose Forest")
    done = await ask(services, "game choose Mountain")
    assert "sacrificing Mountain" in done.data["steps"][0]["explanation"]


async def test_two_damage_on_two_targets_needs_no_division_step(services: Services) -> None:
    # QA 29 M4: Electrolyze's 2 damage among two targets can only be 1 and 1 (601.2d: at least
    # 1 each), so no "Divide 2 among the targets" step is asked.
    await ask(services, "game new mtg")
    await ask(services, "game join Alice")
    await ask(services, "game Bob controls Grizzly Bears and Llanowar Elves.")
    offered = await ask(services, "game cast Electrolyze")
    picks = [c.command.split(" @")[0].split()[-1] for c in offered.choices if "#" in c.label]
    reply = await ask(services, f"game choose {' '.join(picks)}")
    assert "dividing 1 and 1" in reply.body + str(reply.data)
    assert not reply.choices or all("Divide" not in c.label for c in reply.choices)
    state = await ask(services, "game state")
    assert len(state.data["stack"]) == 1


async def test_activating_asks_what_its_cost_sacrifices(services: Services) -> None:
    """QA 33 W1: Viscera Seer's "Sacrifice a creature" is a step of its own (602.2b, 601.2h),
    and the creature sacrificed in response to removal makes the removal fizzle (608.2b)."""
    await ask(services, "game new")
    await ask(
        services, "game Alice controls Grizzly Bears. Bob controls Viscera Seer and Llanowar Elves."
    )
    await ask(services, "game Alice casts Lightning Bolt targeting Llanowar Elves.")
    started = await ask(services, "game activate Viscera Seer")
    assert "sacrifice" in render_text(started).lower()
    done = await ask(services, "game choose 2")
    assert "Llanowar Elves sacrificed to pay its cost" in render_text(done)
    exported = await ask(services, "game export")
    assert "Bob activates Viscera Seer sacrificing Llanowar Elves" in render_text(exported)
    await ask(services, "game resolve")
    bolt = await ask(services, "game resolve")
    assert "doesn't resolve" in render_text(bolt)


async def test_game_resolve_asks_an_unless_they_sacrifice_choice(services: Services) -> None:
    """Demanding Dragon's trigger: "... unless that player sacrifices a creature of their
    choice" is the targeted player's choice as it resolves (CR 118.12, 608.2d), asked with
    its statements as next steps like an "unless pays" (QA 40 U1: it resolved with neither
    applied); nothing changes until one is picked."""
    await start(services, "Alice controls Grizzly Bears. Bob controls Demanding Dragon.")
    await ask(services, "game Demanding Dragon's trigger goes on the stack targeting Alice.")
    asked = await ask(services, "game resolve")
    step = asked.data["steps"][0]
    assert step["verdict"] == "error" and "Say what Alice does" in step["error"]["message"]
    assert [c.label for c in asked.choices] == [
        "Demanding Dragon's trigger resolves and Alice doesn't",
        "Demanding Dragon's trigger resolves and Alice sacrifices Grizzly Bears",
    ]
    assert len((await board(services))["stack"]) == 1  # nothing was decided, nothing changed
    done = await ask(services, asked.choices[0].command)
    assert done.data["steps"][0]["verdict"] == "resolved"
    state = await board(services)
    assert state["stack"] == []
    assert {p["name"]: p["life"] for p in state["players"]}["Alice"] == 15


async def test_game_resolve_asks_torment_of_hailfires_choice(services: Services) -> None:
    """Torment of Hailfire asks its opponent, saying the process is repeated X times (its
    ruling 2017-07-14); "doesn't" loses 3 life each time."""
    await start(services, "Bob controls Grizzly Bears.")
    await ask(services, "game Alice casts Torment of Hailfire with X=2.")
    asked = await ask(services, "game resolve")
    assert "done 2 times" in asked.data["steps"][0]["error"]["message"]
    labels = [c.label for c in asked.choices]
    assert labels[:2] == [
        "Torment of Hailfire resolves and Bob doesn't",
        "Torment of Hailfire resolves and Bob sacrifices Grizzly Bears",
    ]
    await ask(services, asked.choices[0].command)
    state = await board(services)
    assert {p["name"]: p["life"] for p in state["players"]}["Bob"] == 14


async def test_resolve_the_stack_asks_a_may_pay_before_resolving_it(services: Services) -> None:
    """Urza's Chalice: "Whenever a player casts an artifact spell, you may pay {1}. If you do,
    you gain 1 life." Paying is Alice's choice as its trigger resolves (608.2d); a saved game
    can't resolve it again once she says, so "Resolve the stack." resolves what is above it and
    stops there, offering both choices, as `game resolve` does."""
    await start(services, "Alice controls Urza's Chalice. Bob controls Spellskite.")
    await ask(services, "game Bob casts Ornithopter.")
    await ask(services, "game Bob casts Shock targeting Alice.")
    stopped = await ask(services, "game Resolve the stack.")
    step = stopped.data["steps"][0]
    assert step["verdict"] == "resolved"
    assert "The stack stops at Urza's Chalice's trigger" in step["explanation"]
    assert [c.label for c in stopped.choices] == [
        "Urza's Chalice's trigger resolves and Alice pays {1}",
        "Urza's Chalice's trigger resolves and Alice doesn't pay",
    ]
    state = await board(services)
    assert [e["name"] for e in state["stack"]] == ["Urza's Chalice's trigger", "Ornithopter"]
    await ask(services, stopped.choices[0].command)
    assert (await board(services))["players"][0]["life"] == 18 + 1


async def test_game_cast_says_the_escalate_cost_of_each_extra_mode(services: Services) -> None:
    """Collective Brutality: "Escalate—Discard a card. (Pay this cost for each mode chosen
    beyond the first.)" (CR 702.120a): step by step, the mode choice says so, and the cast
    with two modes says the cost was paid once, as the one-line statement does."""
    await start(services, "Alice controls Swamp. Bob controls Grizzly Bears.")
    modes = await ask(services, "game cast Collective Brutality")
    assert "each mode beyond the first adds “discard a card” to the cost (702.120a)" in (modes.body)
    await ask(services, "game choose 2 3")
    await ask(services, "game choose Grizzly Bears")
    cast = await ask(services, "game choose Bob")
    step = cast.data["steps"][0]
    assert step["verdict"] == "legal"
    assert "with its escalate cost “discard a card” paid once" in step["explanation"]
    assert "702.120a" in step["rules"]


async def test_a_delayed_dies_this_turn_ability_is_kept_in_the_saved_game(
    services: Services,
) -> None:
    """Death Frenzy: "All creatures get -2/-2 until end of turn. Whenever a creature dies this
    turn, you gain 1 life." (CR 603.7a, 603.7b): the ability it creates outlives the statement
    that resolved it, so a creature killed by a later action of the saved game triggers it too.
    Giant Growth saved Grizzly Bears from the -2/-2 (5/5 -> 3/3); Runeclaw Bear died then, Grizzly
    Bears to the later Lightning Bolt: Bob gains 2."""
    await start(services, "Alice controls Grizzly Bears. Bob controls Runeclaw Bear.")
    await ask(services, "game Bob casts Death Frenzy.", user="bob")
    await ask(services, "game Alice casts Giant Growth targeting Grizzly Bears.")
    await ask(services, "game resolve")
    frenzy = await ask(services, "game resolve")
    assert "Death Frenzy's delayed ability triggers as Runeclaw Bear dies" in " ".join(
        frenzy.data["steps"][0]["notes"]
    )
    await ask(services, "game resolve")
    await ask(services, "game Bob casts Lightning Bolt targeting Grizzly Bears.", user="bob")
    bolt = await ask(services, "game resolve")
    assert "Death Frenzy's delayed ability triggers as Grizzly Bears dies" in " ".join(
        bolt.data["steps"][0]["notes"]
    )
    await ask(services, "game resolve")
    players = {p["name"]: p["life"] for p in (await board(services))["players"]}
    assert players["Bob"] == 22
