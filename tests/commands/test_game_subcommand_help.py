"""QA 10 #12, #6, #18, #22: `game` subcommand typos, help, the pick-several hint, undo N."""

from __future__ import annotations

import pytest

from bot.commands.context import Caller, CommandContext, Services
from bot.commands.dispatch import run_command
from bot.errors import UsageError, UserError

SETUP = "Alice controls Runeclaw Bear and Llanowar Elves. Bob controls Spellskite."
PICK_SEVERAL = "Pick several with their numbers, e.g. `game choose 1 3`."


async def ask(services: Services, line: str, user: str = "alice"):
    return await run_command(CommandContext(Caller(user=user, channel="c1"), services), line)


async def test_game_help_shows_the_help_for_game(services: Services) -> None:
    reply = await ask(services, "game help")
    assert reply.title == "help game"
    assert "game new" in reply.body


async def test_game_help_lists_every_subcommand(services: Services) -> None:
    # QA: join, seat, activate, retarget, cancel, open, close... were missing from `help game`.
    from bot.commands.games import _SUBCOMMANDS, VARIANTS

    reply = await ask(services, "help game")
    listed = next(s.text for s in reply.sections if s.heading == "Subcommands")
    words = {*_SUBCOMMANDS, *(w for v in VARIANTS.values() for w in v.step_commands), "help"}
    for word in words:
        assert f"game {word}" in listed, word


async def test_rule_and_card_help_name_their_options(services: Services) -> None:
    rule_help = await ask(services, "help rule")
    text = rule_help.body + "\n".join(s.text for s in rule_help.sections)
    assert "`rule 113.6 as of 2009-10-01`" in text
    assert "`rule diff 702.11 2011-06-17 2026-01-16`" in text
    card_help = await ask(services, "help card")
    assert "game:riftbound" in card_help.body
    assert "`card Jinx, Rebel game:riftbound`" in card_help.sections[0].text


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        ("game status", "game state"),
        ("game chose 2", "game choose 2"),
        ("game hist", "game history"),
        ("game udno", "game undo"),
        # QA 64 M2: a near-miss of a step command, with a card after it.
        ("game cats Lightning Bolt", "game cast Lightning Bolt"),
        ("game activte Prodigal Pyromancer", "game activate Prodigal Pyromancer"),
    ],
)
async def test_a_subcommand_typo_suggests_the_subcommand(
    services: Services, line: str, meant: str
) -> None:
    await ask(services, "game new")
    with pytest.raises(UsageError) as caught:
        await ask(services, line)
    assert f"Did you mean `{meant}`?" in caught.value.message


@pytest.mark.parametrize(
    ("word", "meant"),
    [("reset", "game end"), ("delete", "game end"), ("revert", "game undo")],
)
async def test_a_word_for_a_subcommand_names_the_real_ones(
    services: Services, word: str, meant: str
) -> None:
    """QA 14 #8: `game reset` / `game delete` were read as statements (and, during a cast,
    answered "Casting ... is in progress")."""
    await ask(services, "game new")
    with pytest.raises(UsageError, match=f"There is no `game {word}`") as caught:
        await ask(services, f"game {word}")
    assert f"`{meant}`" in caught.value.message + (caught.value.hint or "")
    assert "`game undo`" in caught.value.message + (caught.value.hint or "")


async def test_a_statement_is_not_taken_for_a_subcommand(services: Services) -> None:
    await ask(services, "game new")
    await ask(services, "game join Alice")
    await ask(services, "game Joan controls Runeclaw Bear.")
    state = (await ask(services, "game state")).data
    assert "Joan" in str(state["players"])


async def test_the_mode_step_says_several_can_be_picked(services: Services) -> None:
    await ask(services, "game new mtg")
    await ask(services, "game join Alice")
    await ask(services, "game " + SETUP)
    reply = await ask(services, "game cast Cryptic Command")
    assert PICK_SEVERAL in reply.body
    with pytest.raises(UserError) as caught:
        await ask(services, "game choose 1")
    assert "needs 2 modes, not 1" in caught.value.message
    assert PICK_SEVERAL in caught.value.hint
    reply = await ask(services, "game choose 1 2")
    assert "Cryptic Command" in reply.title + reply.body


async def test_nothing_to_pick_does_not_say_pick_several(services: Services) -> None:
    await ask(services, "game new riftbound")
    await ask(services, "game join Alice")
    await ask(services, "game Bob controls Recruit at his base.")
    reply = await ask(services, "game play Fox-Fire")
    assert "There is no legal choice." in reply.body
    assert "Pick several" not in reply.body


async def test_undo_takes_one_action_at_a_time(services: Services) -> None:
    await ask(services, "game new")
    await ask(services, "game join Alice")
    await ask(services, "game " + SETUP)
    with pytest.raises(UsageError) as caught:
        await ask(services, "game undo 3")
    assert "undo takes back one action at a time" in caught.value.message
    with pytest.raises(UsageError):
        await ask(services, "game redo 2")
    history = (await ask(services, "game history")).data["history"]
    assert all(entry["kind"] == "do" for entry in history)


async def test_one_unknown_word_is_neither_a_subcommand_nor_a_statement(services: Services) -> None:
    """QA 53 U3: `game frobnicate` answered "I found no verb I know" with a Lightning Bolt hint."""
    await ask(services, "game new")
    with pytest.raises(UsageError, match="There is no `game frobnicate`") as caught:
        await ask(services, "game frobnicate")
    assert "game resolve" in (caught.value.hint or "")


async def test_no_game_names_reopen_for_an_ended_one(services: Services) -> None:
    """QA 53 M4: after `game end`, `game undo` pointed only to `game new`."""
    await ask(services, "game new")
    await ask(services, "game end")
    with pytest.raises(UserError) as caught:
        await ask(services, "game undo")
    assert "`game reopen`" in (caught.value.hint or "")


async def test_a_misspelt_option_name_is_picked(services: Services) -> None:
    """QA 53 M5: `game choose Grizly Bears` was refused while card lookups forgive typos."""
    await ask(services, "game new mtg")
    await ask(services, "game join Alice")
    await ask(services, "game Alice controls Grizzly Bears.")
    await ask(services, "game cast Lightning Bolt")
    reply = await ask(services, "game choose Grizly Bears")
    assert "targeting Grizzly Bears" in reply.body + "\n".join(s.text for s in reply.sections)
