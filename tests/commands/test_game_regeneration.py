"""A saved Magic game keeps a regeneration shield between messages (CR 701.19a; QA 54 W1): the
shield made by a resolved "Regenerate" saves the creature from a later Lightning Bolt, the board
shows it, and undo takes the destruction back with the shield restored."""

from __future__ import annotations

import pytest

from bot.commands.context import Services
from bot.commands.reply import Reply
from tests.commands.game_calls import ask


@pytest.fixture
def services(card_services: Services) -> Services:
    return card_services


def _text(reply: Reply) -> str:
    return "\n".join(section.text for section in reply.sections)


async def test_a_shield_made_in_one_message_saves_the_creature_in_another(
    services: Services,
) -> None:
    await ask(services, "game new")
    await ask(services, "game join Alice")
    await ask(services, "game seat Bob bob")
    await ask(services, "game Alice controls River Boa.")
    await ask(services, "game Alice activates River Boa.")
    made = await ask(services, "game resolve")
    assert "regeneration shield" in _text(made)
    board = await ask(services, "game state")
    assert "a regeneration shield" in _text(board)
    await ask(services, "game Bob casts Lightning Bolt targeting River Boa.")
    bolted = await ask(services, "game resolve")
    step = bolted.data["steps"][0]
    assert step["verdict"] == "resolved"
    assert "701.19a" in step["rules"]
    assert "regenerates instead" in _text(bolted)
    after = _text(await ask(services, "game state"))
    assert "River Boa" in after and "tapped" in after
    assert "a regeneration shield" not in after  # used up (701.19a: "the next time")
    await ask(services, "game undo")
    restored = _text(await ask(services, "game state"))
    assert "a regeneration shield" in restored
