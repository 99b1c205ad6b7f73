"""Who may change a game (starter, seat holders by id, judges, everyone while open); anyone may
look; channels are apart."""

from __future__ import annotations

import pytest

from bot.errors import PermissionDeniedError
from bot.games.model import Actor, GameScope, Seating
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
        service.seat(HERE, "Alice", STRANGER.user, STRANGER),
        service.set_open(HERE, True, STRANGER),
    )
    for change in changes:
        with pytest.raises(PermissionDeniedError) as raised:
            await change
        assert "judge" in raised.value.hint or "judge" in raised.value.message
    assert await store.actions(HERE) == before
    assert (await service.seating(HERE)).seats == {}
    assert await service.state(HERE) == expected_state(
        "mtg", [add("setup", players=["Alice", "@Bob", "42"])]
    )
    assert len(await service.history(HERE)) == 1
    assert len(await service.export(HERE)) == 1


@pytest.mark.parametrize(
    "impostor",
    [
        Actor("7", "Alice"),  # a display name equal to a player in the game
        Actor("8", "@Bob"),  # ... written as a mention
        Actor("9", "42"),  # ... equal to a player named like a user id
        Actor("10", "100"),  # ... equal to the starter's user id
    ],
    ids=["name", "mention", "player-id-name", "starter-id-name"],
)
async def test_a_display_name_never_grants_a_seat(service: GameService, impostor: Actor):
    """Issue 10: a member nicknamed "Bob" in a game naming Bob could change and end it."""
    await started(service)
    with pytest.raises(PermissionDeniedError, match="don't hold a seat"):
        await service.apply(HERE, add("by-impostor"), impostor)
    # QA 16: ending is the starter's or a judge's, so that is what they are told, not to
    # take a seat (which wouldn't let them end it either).
    with pytest.raises(PermissionDeniedError, match="started this game or a judge can end it"):
        await service.end(HERE, impostor)
    assert (await service.state(HERE))["count"] == 1


@pytest.mark.parametrize(
    "actor",
    [Actor("100", "renamed"), JUDGE],  # the starter, whatever their name now; a judge
    ids=["starter", "judge"],
)
async def test_the_starter_and_judges_may_change_it(service: GameService, actor: Actor):
    await started(service)
    state = await service.apply(HERE, add("by-them", 2), actor)
    assert state["count"] == 2
    assert (await service.undo(HERE, actor)).action["token"] == "by-them"
    assert (await service.redo(HERE, actor)).action["token"] == "by-them"
    (last,) = (await service.history(HERE))[-1:]
    assert (last.user, last.name) == (actor.user, actor.name)


async def test_a_seat_is_taken_by_id_and_given_up(service: GameService):
    await started(service)
    carol = Actor("300", "Carol")
    with pytest.raises(PermissionDeniedError):
        await service.apply(HERE, add("too-early"), carol)
    seating = await service.join(HERE, "Carol", carol)
    assert seating.seats == {"Carol": "300"}
    assert (await service.apply(HERE, add("by-carol"), carol))["count"] == 2
    # A renamed impostor can't take a seat already held, whatever name they use.
    with pytest.raises(PermissionDeniedError, match="already taken"):
        await service.join(HERE, "carol", Actor("301", "Carol"))
    freed, seating = await service.leave(HERE, carol)
    assert (freed, seating.seats) == (["Carol"], {})
    with pytest.raises(PermissionDeniedError):
        await service.apply(HERE, add("gone"), carol)


async def test_the_starter_assigns_and_frees_seats_and_opens_the_game(service: GameService):
    await started(service)
    dave = Actor("400", "Dave")
    assert (await service.seat(HERE, "Bob", dave.user, STARTER)).holder("bob") == "400"
    assert (await service.apply(HERE, add("by-dave"), dave))["count"] == 2
    await service.seat(HERE, "Bob", None, JUDGE)
    with pytest.raises(PermissionDeniedError):
        await service.apply(HERE, add("freed"), dave)
    await service.set_open(HERE, True, STARTER)
    assert (await service.apply(HERE, add("open-class"), STRANGER))["count"] == 3
    await service.set_open(HERE, False, JUDGE)
    with pytest.raises(PermissionDeniedError):
        await service.apply(HERE, add("closed"), STRANGER)


async def test_a_judge_may_end_someone_elses_game(service: GameService):
    await started(service)
    assert (await service.end(HERE, JUDGE)).ended_by == "555"


def test_permissions_compare_user_ids_only():
    seating = Seating(started_by="9", seats={"Alice": "1"})
    assert may_change(Actor("1", "whatever"), seating)
    assert may_change(Actor("9", ""), seating)
    assert not may_change(Actor("2", "Alice"), seating)
    assert not may_change(Actor("2", "9"), seating)
    assert may_change(Actor("2", "", is_judge=True), seating)
    assert may_change(Actor("2", ""), Seating(started_by="9", open=True))


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


async def test_only_the_starter_or_a_judge_may_end_the_game(service: GameService):
    """Found by QA: any seated player could end the whole game (nothing to undo after)."""
    await started(service)
    dave = Actor("400", "Dave")
    await service.join(HERE, "Bob", dave)
    with pytest.raises(PermissionDeniedError, match="started this game or a judge") as raised:
        await service.end(HERE, dave)
    assert "can end it" in raised.value.message
    assert (await service.state(HERE))["count"] == 1  # still running
    assert (await service.end(HERE, STARTER)).ended_by == STARTER.user


async def test_a_player_may_undo_and_redo_only_their_own_actions(service: GameService):
    """Found by QA: one player's undo took back another player's action.  A player takes
    back their own; the starter and judges anyone's."""
    await started(service)
    dave, carol = Actor("400", "Dave"), Actor("300", "Carol")
    await service.join(HERE, "Bob", dave)
    await service.join(HERE, "Carol", carol)
    await service.apply(HERE, add("by-dave"), dave)
    with pytest.raises(PermissionDeniedError, match="your own") as raised:
        await service.undo(HERE, carol)
    assert "400" in raised.value.message and "judge" in raised.value.hint
    assert (await service.state(HERE))["count"] == 2
    assert (await service.undo(HERE, dave)).action["token"] == "by-dave"
    with pytest.raises(PermissionDeniedError, match="your own"):
        await service.redo(HERE, carol)
    assert (await service.redo(HERE, dave)).action["token"] == "by-dave"
    # The starter and judges may take back anyone's action.
    assert (await service.undo(HERE, STARTER)).action["token"] == "by-dave"
    assert (await service.redo(HERE, JUDGE)).action["token"] == "by-dave"
    assert (await service.undo(HERE, JUDGE)).action["token"] == "by-dave"
