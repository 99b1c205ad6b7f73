"""``game resolve`` over the real card data (QA 28 W9, M4): a storm or "copy that spell"
trigger asks new targets for each copy as Twincast does (CR 707.10c), a clause said with
`game resolve` is applied or refused, never dropped, and a resolved permanent's "when this
enters" trigger goes on the stack with its targets chosen step by step (603.3, 603.3d)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.commands.context import Caller, CommandContext, Services
from bot.commands.dispatch import run_command
from bot.commands.reply import Reply
from bot.errors import PermissionDeniedError, UserError


@pytest.fixture
def services(card_services: Services) -> Services:
    return card_services


async def ask(services: Services, line: str, user: str = "alice") -> Reply:
    caller = Caller(user=user, channel="c1", is_judge=False)
    return await run_command(CommandContext(caller, services), line)


async def stack(services: Services) -> list[tuple[str, list[str]]]:
    data: dict[str, Any] = (await ask(services, "game state")).data
    return [(e["name"], [t["chosen"] for t in e["targets"]]) for e in data["stack"]]


async def start(services: Services, setup: str) -> None:
    await ask(services, "game new")
    await ask(services, "game join Alice")
    await ask(services, "game seat Bob bob")
    await ask(services, "game " + setup)


DOUBLE_VISION = "Alice controls Double Vision. Bob controls Grizzly Bears and Llanowar Elves."


async def test_double_vision_trigger_offers_new_targets_for_its_copy(services: Services) -> None:
    await start(services, DOUBLE_VISION)
    await ask(services, "game Alice casts Lightning Bolt targeting Grizzly Bears.")
    which = await ask(services, "game resolve")
    assert which.title == "Resolving Double Vision's trigger: new targets for the copy of " + (
        "Lightning Bolt"
    )
    assert which.data["pending"]["rule"] == "707.10c"
    await ask(services, "game choose 1")
    await ask(services, "game choose Llanowar Elves")
    assert await stack(services) == [
        ("copy of Lightning Bolt", ["Llanowar Elves"]),
        ("Lightning Bolt", ["Grizzly Bears"]),
    ]
    script = (await ask(services, "game export")).data["script"]
    assert "resolves choosing new targets Llanowar Elves." in script
    # Undo takes the resolution back to the copy's last choice; redo makes the copy again.
    await ask(services, "game undo")
    assert [name for name, _ in await stack(services)] == [
        "Double Vision's trigger",
        "Lightning Bolt",
    ]
    await ask(services, "game redo")
    assert (await stack(services))[0] == ("copy of Lightning Bolt", ["Llanowar Elves"])


async def test_a_copy_that_keeps_its_targets(services: Services) -> None:
    await start(services, DOUBLE_VISION)
    await ask(services, "game Alice casts Lightning Bolt targeting Grizzly Bears.")
    await ask(services, "game resolve")
    done = await ask(services, "game choose none")
    assert done.data["steps"][0]["verdict"] == "resolved"
    assert (await stack(services))[0] == ("copy of Lightning Bolt", ["Grizzly Bears"])


async def test_resolve_choosing_new_targets_is_applied_or_refused(services: Services) -> None:
    await start(services, DOUBLE_VISION + " Bob controls Troll Ascetic.")
    await ask(services, "game Alice casts Lightning Bolt targeting Grizzly Bears.")
    refused = await ask(services, "game resolve choosing new targets Troll Ascetic")
    assert refused.data["steps"][0]["verdict"] == "illegal"
    assert "hexproof" in refused.sections[0].text
    assert [name for name, _ in await stack(services)] == [
        "Double Vision's trigger",
        "Lightning Bolt",
    ]
    unread = await ask(services, "game resolve banana")
    assert unread.kind == "error" and "“banana”" in unread.sections[0].text
    await ask(services, "game resolve choosing new targets Llanowar Elves")
    assert (await stack(services))[0] == ("copy of Lightning Bolt", ["Llanowar Elves"])


async def test_grapeshot_asks_each_copy_in_turn(services: Services) -> None:
    await start(services, "Bob controls Grizzly Bears and Llanowar Elves.")
    await ask(services, "game Alice casts Opt. Opt resolves.")
    await ask(services, "game Alice casts Shock targeting Bob. Shock resolves.")
    await ask(services, "game Alice casts Grapeshot targeting Grizzly Bears.")
    first = await ask(services, "game resolve")
    assert "copy 1 of 2 of Grapeshot" in first.title
    second = await ask(services, "game choose none")
    assert "copy 2 of 2 of Grapeshot" in second.title
    await ask(services, "game choose 1")
    await ask(services, "game choose Bob")
    assert await stack(services) == [
        ("copy of Grapeshot", ["Bob"]),
        ("copy of Grapeshot", ["Grizzly Bears"]),
        ("Grapeshot", ["Grizzly Bears"]),
    ]


async def test_journey_to_nowhere_trigger_is_put_on_the_stack_step_by_step(
    services: Services,
) -> None:
    await start(services, "Bob controls Grizzly Bears.")
    await ask(services, "game cast Journey to Nowhere")
    choice = await ask(services, "game resolve")
    assert choice.title == "Putting Journey to Nowhere's trigger on the stack"
    assert "Journey to Nowhere resolves and enters the battlefield" in choice.body
    assert [o["label"] for o in choice.data["pending"]["options"]] == ["Grizzly Bears (#1)"]
    done = await ask(services, "game choose Grizzly Bears")
    assert done.title == "Triggered"
    assert await stack(services) == [("Journey to Nowhere's trigger", ["Grizzly Bears"])]
    script = (await ask(services, "game export")).data["script"]
    assert script.splitlines()[-2:] == [
        "The top of the stack resolves.",
        "Journey to Nowhere's trigger goes on the stack targeting Grizzly Bears.",
    ]
    # Undo goes back to the choice; undo again to before the resolution; redo twice restores.
    await ask(services, "game undo")
    assert await stack(services) == []
    await ask(services, "game undo")
    assert await stack(services) == [("Journey to Nowhere", [])]
    await ask(services, "game redo")
    await ask(services, "game redo")
    assert await stack(services) == [("Journey to Nowhere's trigger", ["Grizzly Bears"])]
    await ask(services, "game resolve")
    board = (await ask(services, "game state")).data
    assert "Grizzly Bears" not in [p["name"] for p in board["permanents"]]


async def test_an_enters_trigger_with_no_legal_target_is_removed(services: Services) -> None:
    await start(services, "Alice controls Plains.")
    await ask(services, "game cast Journey to Nowhere")
    done = await ask(services, "game resolve")
    assert done.data["steps"][0]["verdict"] == "resolved"
    assert "is removed from the stack" in done.sections[0].text
    assert await stack(services) == []


async def test_cancelling_the_trigger_says_the_spell_stays_resolved(services: Services) -> None:
    await start(services, "Bob controls Grizzly Bears.")
    await ask(services, "game cast Ravenous Chupacabra")
    await ask(services, "game resolve")
    cancelled = await ask(services, "game cancel")
    assert "what resolved stays resolved" in cancelled.body
    assert "Ravenous Chupacabra's trigger targets" in cancelled.body
    await ask(services, "game Ravenous Chupacabra's trigger targets Grizzly Bears.")
    assert await stack(services) == [("Ravenous Chupacabra's trigger", ["Grizzly Bears"])]


async def test_only_the_controllers_user_chooses_the_triggers_targets(
    services: Services,
) -> None:
    await start(services, "Bob controls Llanowar Elves.")
    await ask(services, "game cast Flametongue Kavu")
    # Alice's trigger: its targets are hers to choose (603.3d), not Bob's user's.
    with pytest.raises(PermissionDeniedError):
        await ask(services, "game resolve", user="bob")
    choice = await ask(services, "game resolve")
    assert choice.title == "Putting Flametongue Kavu's trigger on the stack"


async def test_kalamax_gets_a_counter_for_each_copy_in_a_saved_game(services: Services) -> None:
    # Kalamax rulings: its last ability "resolves before the copy" and triggers once per copy.
    await start(services, "Alice controls Kalamax, the Stormsire. Bob controls Grizzly Bears.")
    await ask(services, "game Kalamax, the Stormsire is tapped.")
    await ask(services, "game Alice casts Lightning Bolt targeting Grizzly Bears.")
    which = await ask(services, "game resolve")
    assert which.title.startswith("Resolving Kalamax, the Stormsire's trigger: new targets")
    done = await ask(services, "game choose none")
    assert "puts a +1/+1 counter on Kalamax, the Stormsire" in done.sections[0].text
    assert [name for name, _ in await stack(services)] == [
        "Kalamax, the Stormsire's trigger",
        "copy of Lightning Bolt",
        "Lightning Bolt",
    ]
    await ask(services, "game resolve")
    board = (await ask(services, "game state")).data
    kalamax = next(p for p in board["permanents"] if p["name"] == "Kalamax, the Stormsire")
    assert (kalamax["power"], kalamax["toughness"]) == (5, 5)


def unstamped(command: str) -> str:
    """A choice's command without the game version it was offered at (`` @v3g1``)."""
    return command.split(" @v")[0]


async def test_a_legend_copied_by_clone_offers_which_one_to_keep(services: Services) -> None:
    # CR 704.5j: "that player chooses one of them, and the rest are put into their owners'
    # graveyards"; the choice is a step: one "keeps" choice per legend, the copy marked.
    await start(services, "Alice controls Kokusho, the Evening Star. Bob controls Grizzly Bears.")
    await ask(services, "game cast Clone")
    resolved = await ask(services, "game resolve copying Kokusho, the Evening Star")
    assert [(c.label, unstamped(c.command)) for c in resolved.choices] == [
        ("Alice keeps Kokusho, the Evening Star (#1)", "game Alice keeps #1."),
        ("Alice keeps Kokusho, the Evening Star (#4) (the copy)", "game Alice keeps #4."),
    ]
    # `game state` offers the same choice while it is pending.
    board = await ask(services, "game state")
    assert [c.label for c in board.choices] == [c.label for c in resolved.choices]
    kept = await ask(services, resolved.choices[0].command)
    assert kept.data["steps"][0]["verdict"] == "ok" and not kept.choices
    # The copy died (700.4): Kokusho's "When Kokusho dies" triggers from its last
    # existence (603.10a), its short name meaning itself (201.5c).
    assert "Kokusho, the Evening Star's ability triggers as it dies" in kept.sections[0].text
    after = await ask(services, "game state")
    assert not after.choices
    assert [p["id"] for p in after.data["permanents"] if p["name"].startswith("Kokusho")] == [1]


async def test_nothing_needing_priority_goes_ahead_before_the_legend_choice(
    services: Services,
) -> None:
    # CR 704.3: state-based actions are performed before a player would receive priority.
    await start(services, "Alice controls Kokusho, the Evening Star. Bob controls Grizzly Bears.")
    await ask(services, "game Alice casts Clone.")
    await ask(services, "game resolve copying Kokusho, the Evening Star")
    with pytest.raises(UserError, match=r"legend rule's choice comes first \(704\.5j\)") as step:
        await ask(services, "game cast Lightning Bolt")
    assert "`game Alice keeps #1.` or `game Alice keeps #4.`" in step.value.hint
    stated = await ask(services, "game Alice casts Lightning Bolt targeting Bob.")
    assert stated.data["steps"][0]["verdict"] == "illegal"
    assert stated.data["steps"][0]["rules"] == ["704.3", "704.5j"]
    assert [unstamped(c.command) for c in stated.choices] == [
        "game Alice keeps #1.",
        "game Alice keeps #4.",
    ]
    assert await stack(services) == []
    await ask(services, "game Alice keeps the copy.")
    await ask(services, "game Alice casts Lightning Bolt targeting Bob.")
    # The Kokusho the legend rule put into the graveyard died (700.4): its untargeted "When
    # Kokusho dies" trigger went on the stack before Alice had priority (603.3; QA 45 M5).
    assert await stack(services) == [  # top first
        ("Lightning Bolt", ["Bob"]),
        ("Kokusho, the Evening Star's trigger", []),
    ]


async def test_a_legends_enters_trigger_waits_for_the_legend_rule_choice(
    services: Services,
) -> None:
    # CR 704.3: state-based actions first (the legend rule, 704.5j), then triggered abilities
    # go on the stack: `game resolve` offers the choice, not the trigger's targets.
    await start(services, "Alice controls Vendilion Clique. Bob has 20 life.")
    await ask(services, "game cast Vendilion Clique")
    resolved = await ask(services, "game resolve")
    assert resolved.title == "Resolved"
    assert [unstamped(c.command) for c in resolved.choices] == [
        "game Alice keeps #1.",
        "game Alice keeps #3.",
    ]
    await ask(services, "game Alice keeps #3.")
    await ask(services, "game Vendilion Clique's trigger targets Bob.")
    assert await stack(services) == [("Vendilion Clique's trigger", ["Bob"])]
