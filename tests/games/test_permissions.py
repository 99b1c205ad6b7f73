"""Who may change a game (starter, named players, judges), anyone may look, channels are apart."""

from __future__ import annotations

import pytest

from bot.errors import PermissionDeniedError
from bot.games.model import Actor, GameScope
from bot.games.permissions import may_change
from bot.games.service import GameService
from bot.games.store import GameStore
from tests.games.conftest import HERE, JUDGE, STARTER, STRANGER
from tests.games.tally import add, expected_state


async def started(service: GameService) -> None:
    await service.new(HERE, "mtg", STARTER)
    await service.apply(HERE, add("setup", players=["Alice", "@Bob", "42"]), STARTER)


async def test_strangers_may_look_but_not_change(service: GameService, store: GameStore):
    await started(service)
    before = await store.actions(HERE)
    changes = (
        service.apply(HERE, add("x"), STRANGER),
        service.undo(HERE, STRANGER),
        service.redo(HERE, STRANGER),
        service.end(HERE, STRANGER),
    )
    for change in changes:
        with pytest.raises(PermissionDeniedError, match="Stranger is not playing") as raised:
            await change
        assert "judges" in raised.value.hint
    assert await store.actions(HERE) == before
    assert await service.state(HERE) == expected_state(
        "mtg", [add("setup", players=["Alice", "@Bob", "42"])]
    )
    assert len(await service.history(HERE)) == 1
    assert len(await service.export(HERE)) == 1


@pytest.mark.parametrize(
    "actor",
    [
        Actor("7", "alice"),  # named by display name, any case
        Actor("8", "Bob"),  # named as a mention "@Bob"
        Actor("42", "Someone"),  # named by user id
        Actor("100", "renamed"),  # the starter, whatever their name now
        JUDGE,
    ],
    ids=["name", "mention", "user-id", "starter", "judge"],
)
async def test_players_named_in_the_game_and_judges_may_change_it(
    service: GameService, actor: Actor
):
    await started(service)
    state = await service.apply(HERE, add("by-them", 2), actor)
    assert state["count"] == 2
    assert (await service.undo(HERE, actor)).action["token"] == "by-them"
    assert (await service.redo(HERE, actor)).action["token"] == "by-them"
    (last,) = (await service.history(HERE))[-1:]
    assert (last.user, last.name) == (actor.user, actor.name)


async def test_a_player_becomes_allowed_once_named(service: GameService):
    await service.new(HERE, "mtg", STARTER)
    carol = Actor("300", "Carol")
    with pytest.raises(PermissionDeniedError):
        await service.apply(HERE, add("too-early"), carol)
    await service.apply(HERE, add("names-carol", players=["Carol"]), STARTER)
    assert (await service.apply(HERE, add("by-carol"), carol))["count"] == 2
    # ... and loses it again when the action naming her is undone.
    await service.undo(HERE, STARTER)
    await service.undo(HERE, STARTER)
    with pytest.raises(PermissionDeniedError):
        await service.apply(HERE, add("gone"), carol)


async def test_a_judge_may_end_someone_elses_game(service: GameService):
    await started(service)
    assert (await service.end(HERE, JUDGE)).ended_by == "555"


def test_matching_ignores_case_and_a_leading_at_but_not_other_differences():
    assert may_change(Actor("1", "ALICE"), "9", ["@alice"])
    assert not may_change(Actor("1", "Alicia"), "9", ["Alice"])
    assert not may_change(Actor("1", ""), "9", [""])


async def test_channels_and_guilds_are_kept_apart(service: GameService):
    same_guild_other_channel = GameScope("guild-1", "channel-2")
    other_guild_same_channel = GameScope("guild-2", "channel-1")
    scopes = (HERE, same_guild_other_channel, other_guild_same_channel)
    owners = (STARTER, Actor("201", "Owner2"), Actor("202", "Owner3"))
    for index, (scope, owner) in enumerate(zip(scopes, owners, strict=True)):
        await service.new(scope, ("mtg", "riftbound", "mtg")[index], owner)
        for n in range(index + 1):
            await service.apply(scope, add(f"{scope.guild}/{scope.channel}/{n}", n), owner)

    await service.undo(same_guild_other_channel, owners[1])
    await service.end(other_guild_same_channel, owners[2])

    assert [a["token"] for a in await service.export(HERE)] == ["guild-1/channel-1/0"]
    assert [a["token"] for a in await service.export(same_guild_other_channel)] == [
        "guild-1/channel-2/0"
    ]
    assert (await service.game(same_guild_other_channel)).kind == "riftbound"
    assert len(await service.history(same_guild_other_channel)) == 3
    # Ending the game in guild-2/channel-1 did not touch guild-1/channel-1.
    assert (await service.state(HERE))["count"] == 1
    # The starter of one channel's game is a stranger in another's.
    with pytest.raises(PermissionDeniedError):
        await service.apply(same_guild_other_channel, add("intruder"), STARTER)
