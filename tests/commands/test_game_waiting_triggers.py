"""A saved Magic game's triggers waiting for their targets (CR 603.3, 603.3d; QA 42 W2, g1):
`game resolve` is refused while one waits, offering the statements that name its targets; the
board lists it and offers the same; undo takes a stated one back."""

from __future__ import annotations

import pytest

from bot.commands.context import Services
from bot.errors import UserError
from tests.commands.game_calls import ask


@pytest.fixture
def services(card_services: Services) -> Services:
    return card_services


def unstamped(command: str) -> str:
    """A choice's command without the game version it was offered at (`` @v3g1``)."""
    return command.split(" @v")[0]


OFFERED = [
    "game Blood Artist's trigger targets Alice.",
    "game Blood Artist's trigger targets Bob.",
]


async def test_game_resolve_waits_for_blood_artists_target(services: Services) -> None:
    await ask(services, "game new")
    await ask(services, "game join Alice")
    await ask(services, "game seat Bob bob")
    await ask(services, "game Alice controls Blood Artist. Bob controls Grizzly Bears.")
    await ask(services, "game Alice casts Lightning Bolt targeting Bob.")
    died = await ask(services, "game Grizzly Bears dies.")
    # The death offers the statements that name the trigger's target.
    assert [unstamped(c.command) for c in died.choices] == OFFERED
    board = await ask(services, "game state")
    assert any("waiting for targets" in section.heading for section in board.sections)
    assert [unstamped(c.command) for c in board.choices] == OFFERED
    # Nothing is cast before it goes on the stack either (117.5), step by step or stated.
    with pytest.raises(UserError, match=r"waits to go on the stack") as step_cast:
        await ask(services, "game cast Shock")
    assert "`game Blood Artist's trigger targets Alice.`" in step_cast.value.hint
    cast = await ask(services, "game Bob casts Shock targeting Alice.")
    assert cast.data["steps"][0]["verdict"] == "illegal"
    refused = await ask(services, "game resolve")
    step = refused.data["steps"][0]
    assert step["verdict"] == "illegal"
    assert step["rules"] == ["603.3", "603.3d"]
    assert [unstamped(c.command) for c in refused.choices] == OFFERED
    stated = await ask(services, "game Blood Artist's trigger targets Bob.")
    assert stated.data["steps"][0]["verdict"] == "legal"
    assert "takes your word" not in stated.sections[0].text
    resolved = await ask(services, "game resolve the stack")
    assert resolved.data["steps"][0]["verdict"] == "resolved"
    # Blood Artist's 1, then Lightning Bolt's 3.
    assert (await ask(services, "game state")).data["players"][1]["life"] == 16
    # Undo takes the resolution back, then the stated trigger: it waits again.
    await ask(services, "game undo")
    await ask(services, "game undo")
    again = await ask(services, "game resolve")
    assert again.data["steps"][0]["verdict"] == "illegal"
