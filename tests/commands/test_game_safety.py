"""What a game must survive (QA 14): free text that starts like a subcommand, stale buttons from
an earlier game, seats taken under any name, and one seated user acting as another's player."""

from __future__ import annotations

import pytest

from bot.commands.context import Caller, CommandContext, Services
from bot.commands.dispatch import run_command
from bot.commands.reply import Reply
from bot.errors import PermissionDeniedError, UsageError, UserError

SETUP = "Alice controls Runeclaw Bear. Bob controls Spellskite."


async def ask(services: Services, line: str, user: str = "alice", judge: bool = False) -> Reply:
    caller = Caller(user=user, channel="c1", is_judge=judge)
    return await run_command(CommandContext(caller, services), line)


async def _started(services: Services) -> None:
    await ask(services, "game new mtg")
    await ask(services, "game join Alice")
    await ask(services, "game " + SETUP)


@pytest.mark.parametrize("line", ["game End of turn.", "game end now please"])
async def test_words_after_game_end_do_not_end_the_game(services: Services, line: str) -> None:
    # QA 14 #1: "game End of turn." ended the game for good (the rest was ignored).
    await _started(services)
    with pytest.raises(UsageError, match="takes nothing after it"):
        await ask(services, line)
    state = await ask(services, "game state")
    assert "Runeclaw Bear" in state.body + str(state.data)


async def test_game_do_reads_every_line_as_statements(services: Services) -> None:
    # `/game do` and chat messages go through `game do`: "End of turn." is a statement there
    # (one the bot doesn't read), never the `end` subcommand.
    await _started(services)
    reply = await ask(services, "game do End of turn.")
    assert reply.data["steps"][0]["verdict"] == "error"
    assert "Runeclaw Bear" in str((await ask(services, "game state")).data)
    reply = await ask(services, "game do Bob controls Memnite.")
    assert reply.data["steps"][0]["verdict"] == "ok"


async def test_show_the_board_is_still_a_statement(services: Services) -> None:
    await _started(services)
    reply = await ask(services, "game Show the board.")
    assert reply.data["steps"][0]["verdict"] == "ok"


async def test_a_button_of_an_ended_game_is_refused_by_the_next_one(services: Services) -> None:
    # QA 14 #3: versions count from 0 in each new game, so an old message's `game choose 3 @vN`
    # picked option 3 of the next game's cast (Memnite instead of Runeclaw Bear).
    await _started(services)
    offered = await ask(services, "game cast Lightning Bolt")
    old_button = next(c.command for c in offered.choices if "Runeclaw Bear" in c.label)
    await ask(services, "game end")
    await ask(services, "game new mtg")
    await ask(services, "game join Alice")
    await ask(services, "game Alice controls Memnite. Bob controls Ornithopter.")
    await ask(services, "game cast Shock")
    with pytest.raises(UserError, match="belongs to another game"):
        await ask(services, old_button)
    state = await ask(services, "game state")
    assert state.data["stack"] == []  # Shock still waits for its target: nothing was chosen
    assert "Memnite" in str(state.data["permanents"])


async def test_a_button_of_another_channels_game_is_refused_and_says_so(
    services: Services,
) -> None:
    # QA 20 U7: a choice button copied from channel c1 into c2 was refused as a game "that has
    # ended in this channel", which c2 never had.
    await _started(services)
    offered = await ask(services, "game cast Lightning Bolt")
    button = next(c.command for c in offered.choices if "Runeclaw Bear" in c.label)
    elsewhere = Caller(user="alice", channel="c2", is_judge=False)
    await run_command(CommandContext(elsewhere, services), "game new mtg")
    with pytest.raises(UserError, match="another channel's") as refused:
        await run_command(CommandContext(elsewhere, services), button)
    assert "ended in this channel" not in str(refused.value)
    state = await ask(services, "game state")
    assert state.data["stack"] == []  # c1's Bolt still waits for its target


async def test_a_stamp_from_the_future_is_not_called_earlier(services: Services) -> None:
    # QA 14 #11.
    await _started(services)
    offered = await ask(services, "game cast Lightning Bolt")
    command = offered.choices[0].command
    future = command.replace("@v", "@v9999", 1)
    with pytest.raises(UserError, match=r"hasn.t reached"):
        await ask(services, future)


@pytest.mark.parametrize("name", ["Carol", "Spellskites"])
async def test_a_stranger_cannot_seat_themselves_as_a_new_player(
    services: Services, name: str
) -> None:
    # QA 14 #4: `game join ANY-NAME` gave anyone change rights.
    await _started(services)
    with pytest.raises(PermissionDeniedError, match="isn't a player in this game"):
        await ask(services, f"game join {name}", user="dave")
    with pytest.raises(PermissionDeniedError):
        await ask(services, "game Alice controls Serra Angel.", user="dave")


async def test_a_player_of_the_game_may_take_their_free_seat(services: Services) -> None:
    await _started(services)  # SETUP names Bob
    reply = await ask(services, "game join bob", user="bob")
    assert reply.data["seats"] == {"Alice": "alice", "Bob": "bob"}


async def test_the_starter_or_a_judge_adds_a_new_player(services: Services) -> None:
    await _started(services)
    await ask(services, "game join Carol", user="judy", judge=True)
    await ask(services, "game seat Dan dan")
    seats = (await ask(services, "game seats")).data["seats"]
    assert seats["Carol"] == "judy" and seats["Dan"] == "dan"


async def test_an_open_game_lets_anyone_join_under_a_new_name(services: Services) -> None:
    await _started(services)
    await ask(services, "game open")
    await ask(services, "game join Carol", user="carol")
    assert (await ask(services, "game seats")).data["seats"]["Carol"] == "carol"


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("me", "can't be a player's name"),
        ("@everyone", "can't be a player's name"),
        ("Al\u200bice", "invisible characters"),
        ("\u0410lice", "invisible characters"),  # a Cyrillic А
        ("A" * 40, "at most 32 characters"),
    ],
)
async def test_seat_names_that_are_refused_say_why(services: Services, name: str, why: str) -> None:
    # QA 14 #9: every refusal was "Say which player's seat, by the name used in the game."
    await _started(services)
    with pytest.raises(UsageError, match=why):
        await ask(services, f"game join {name}")


async def test_a_seated_user_cannot_act_as_another_users_player(services: Services) -> None:
    # QA 14 #5: Bob, seated as Bob, cast Shock "by Alice" while user alice held Alice's seat.
    await _started(services)
    await ask(services, "game join Bob", user="bob")
    with pytest.raises(PermissionDeniedError, match="Alice's seat is held by"):
        await ask(services, "game cast Shock by Alice", user="bob")
    # The starter may act for anyone (setting up a board, helping a player).
    reply = await ask(services, "game cast Shock by Bob")
    assert reply.choices


async def test_a_seated_user_cannot_make_another_users_player_act_in_statements(
    services: Services,
) -> None:
    # QA 14 #5: "game Alice casts Lightning Bolt targeting Alice." from user bob was stored.
    await _started(services)
    await ask(services, "game join Bob", user="bob")
    with pytest.raises(PermissionDeniedError, match="Alice's seat is held by"):
        await ask(services, "game Alice casts Lightning Bolt targeting Alice.", user="bob")
    with pytest.raises(PermissionDeniedError):
        await ask(services, "game Alice concedes.", user="bob")
    # Their own player acts, and the board may be described by anyone who may change it.
    reply = await ask(
        services, "game I cast Shock targeting Runeclaw Bear. Alice controls Memnite.", user="bob"
    )
    assert [s["verdict"] for s in reply.data["steps"]] == ["legal", "ok"]
    history = (await ask(services, "game history")).data["history"]
    assert not any("Alice casts Lightning Bolt" in str(e["action"]) for e in history)


async def test_an_ended_game_is_reopened_by_its_starter_as_it_was(services: Services) -> None:
    # "Nothing a user did may be lost": `game end` is no longer the end of a game's log.
    await _started(services)
    await ask(services, "game join Bob", user="bob")
    await ask(services, "game end")
    with pytest.raises(PermissionDeniedError):
        await ask(services, "game reopen", user="bob")  # a player, not its starter
    reopened = await ask(services, "game reopen")
    assert reopened.title == "Game reopened"
    state = await ask(services, "game state")
    assert "Runeclaw Bear" in str(state.data["permanents"])
    assert state.data["seats"] == {"Alice": "alice", "Bob": "bob"}
    await ask(services, "game Alice controls Memnite.")  # and it goes on


async def test_reopen_never_replaces_a_running_game(services: Services) -> None:
    await _started(services)
    await ask(services, "game end")
    await ask(services, "game new riftbound")
    with pytest.raises(UserError, match="already has a Riftbound game running"):
        await ask(services, "game reopen", user="judy", judge=True)


async def test_the_first_two_players_seat_themselves(services: Services) -> None:
    # QA 16 #8: after QA 14's fix, every player of a new game was refused until seated by hand.
    await ask(services, "game new", user="judy", judge=True)
    await ask(services, "game join Alice", user="alice")
    await ask(services, "game join Bob", user="bob")
    with pytest.raises(PermissionDeniedError, match="isn't a player in this game"):
        await ask(services, "game join Carol", user="carol")
    seats = (await ask(services, "game seats")).data["seats"]
    assert seats == {"Alice": "alice", "Bob": "bob"}


async def test_one_seat_each(services: Services) -> None:
    # QA 16 #3: bob stated "Eve controls ..." and then took Eve's seat too.
    await _started(services)
    await ask(services, "game join Bob", user="bob")
    await ask(services, "game Eve controls Grizzly Bears.", user="bob")
    with pytest.raises(PermissionDeniedError, match="one seat each"):
        await ask(services, "game join Eve", user="bob")


async def test_the_starter_cannot_give_a_user_a_second_seat(services: Services) -> None:
    # QA 20 W7: "game seat Alice @bob" gave bob Alice's seat beside his own Bob; "I" then
    # meant one of them.
    await _started(services)
    await ask(services, "game join Bob", user="bob")
    with pytest.raises(PermissionDeniedError, match="one seat each"):
        await ask(services, "game seat Alice bob")
    await ask(services, "game seat Bob none")
    await ask(services, "game seat Alice bob")  # bob now plays Alice only


async def test_a_look_alike_player_name_is_refused_in_statements(services: Services) -> None:
    # QA 16 #1: "Аlice" (a Cyrillic А) acted beside Alice; #13: "Zoë" could never be seated.
    await _started(services)
    await ask(services, "game join Bob", user="bob")
    with pytest.raises(UsageError, match="plain letters"):
        await ask(services, "game \u0410lice casts Lightning Bolt targeting Alice.", user="bob")
    with pytest.raises(UsageError, match="plain letters"):
        await ask(services, "game Zo\u00eb controls Grizzly Bears.")


async def test_an_opponent_cannot_make_the_choices_of_anothers_resolving_spell(
    services: Services,
) -> None:
    # QA 16 #2: Bob resolved Alice's Redirect choosing new targets for it (CR 608.2, 115.7).
    await _started(services)
    await ask(services, "game join Bob", user="bob")
    await ask(services, "game Bob casts Lightning Bolt targeting Runeclaw Bear.", user="bob")
    await ask(services, "game Alice casts Redirect targeting Lightning Bolt.")
    with pytest.raises(PermissionDeniedError, match="Alice's seat is held by"):
        await ask(services, "game Redirect resolves choosing new targets Bob.", user="bob")
    with pytest.raises(PermissionDeniedError, match="Alice's seat is held by"):
        await ask(services, "game resolve", user="bob")
    # QA 20 W4: resolving it with nothing said chooses too (no new targets), and so does
    # resolving the whole stack.
    with pytest.raises(PermissionDeniedError, match="Alice's seat is held by"):
        await ask(services, "game Redirect resolves.", user="bob")
    with pytest.raises(PermissionDeniedError, match="Alice's seat is held by"):
        await ask(services, "game Resolve the stack.", user="bob")
    reply = await ask(services, "game Redirect resolves choosing new targets Bob.")
    assert reply.data["steps"][0]["verdict"] == "changed"
    # Bob's own Lightning Bolt asks nothing as it resolves: he may resolve it.
    bolt = await ask(services, "game Lightning Bolt resolves.", user="bob")
    assert bolt.data["steps"][0]["verdict"] == "resolved"


async def test_leaving_a_seat_ends_ones_own_action_in_progress(services: Services) -> None:
    # QA 20 U4: bob left his seat mid-cast; his step-by-step cast stayed, no one seated could
    # end it, and bob, seatless, couldn't cancel it either.
    await _started(services)
    await ask(services, "game join Bob", user="bob")
    await ask(services, "game cast Lightning Bolt", user="bob")
    left = await ask(services, "game leave", user="bob")
    assert "Casting Lightning Bolt stopped" in left.body and "You left Bob's seat" in left.body
    await ask(services, "game join Bob", user="carol")
    cast = await ask(services, "game cast Shock", user="carol")
    assert cast.data.get("pending") is not None


async def test_a_user_who_cant_finish_a_step_is_told_who_can(services: Services) -> None:
    # QA 20 U6: bob, seated, was told "Casting Shock is in progress: finish its choices first.
    # Use `game choose …`" although only alice could make those choices.
    await ask(services, "game new")
    await ask(services, "game join Alice")
    await ask(services, "game join Bob", user="bob")
    await ask(services, "game Alice controls Grizzly Bears.")
    await ask(services, "game cast Shock")
    for line in ("game Bob controls Serra Angel.", "game resolve"):
        with pytest.raises(PermissionDeniedError) as caught:
            await ask(services, line, user="bob")
        assert "Wait until" in (caught.value.hint or "") and "only" in caught.value.message
    with pytest.raises(UserError, match="finish its choices first"):
        await ask(services, "game Alice controls Serra Angel.")  # alice herself: finish it


async def test_reopen_after_a_new_game_says_how(services: Services) -> None:
    # QA 20 U8: the hint must be one that brings the old game back; QA 63 P3: a stranger's
    # `game new` after `game end` made the ended game unreachable. The running game ends
    # first, then `game reopen 2` brings back the one before it.
    await _started(services)
    await ask(services, "game end")
    await ask(services, "game new", user="stranger")
    with pytest.raises(UserError) as caught:
        await ask(services, "game reopen")
    assert "comes back only when none is running" in caught.value.message
    assert "game reopen 2" in (caught.value.hint or "")
    await ask(services, "game end", user="stranger")
    with pytest.raises(PermissionDeniedError):
        await ask(services, "game reopen 2", user="stranger")  # not its starter
    reopened = await ask(services, "game reopen 2")
    assert "1 more ended game" in reopened.body
    state = await ask(services, "game state")
    assert "Runeclaw Bear" in state.body + str(state.data)


@pytest.mark.parametrize(
    ("line", "why"), [("game reopen 3", "no game 3"), ("game reopen now", "takes the number")]
)
async def test_reopen_names_an_ended_game_by_number(
    services: Services, line: str, why: str
) -> None:
    await _started(services)
    await ask(services, "game end")
    with pytest.raises(UserError, match=why):
        await ask(services, line)
    assert (await ask(services, "game reopen #1")).title == "Game reopened"


@pytest.mark.parametrize(
    "statement",
    [
        "My opponent casts Shock targeting Runeclaw Bear.",
        "Opponent activates Spellskite.",
        "Alice attacks Bob with Runeclaw Bear.",
        "Alice blocks Spellskite with Runeclaw Bear.",
        "Alice discards Opt.",
    ],
)
async def test_a_player_cannot_act_for_the_other_seat_by_any_wording(
    services: Services, statement: str
) -> None:
    # QA 63 P1: "My opponent casts ..." from Bob's user was stored as Alice's cast; P2:
    # declaring attackers or blockers is that player's action (CR 508.1, 509.1).
    await ask(services, "game new mtg", user="judgy")
    await ask(services, "game join Alice")
    await ask(services, "game join Bob", user="bob")
    await ask(services, "game " + SETUP, user="judgy")
    with pytest.raises(PermissionDeniedError, match="Alice's seat is held by"):
        await ask(services, "game " + statement, user="bob")


async def test_describing_combat_stays_open_to_the_seated(services: Services) -> None:
    # "Runeclaw Bear is attacking." describes the board (not a declaration): any seated player
    # may say it, as "Alice controls ..." (the board) is.
    await ask(services, "game new mtg", user="judgy")
    await ask(services, "game join Alice")
    await ask(services, "game join Bob", user="bob")
    await ask(services, "game " + SETUP, user="judgy")
    reply = await ask(services, "game Runeclaw Bear is attacking.", user="bob")
    assert "→ ok" in reply.sections[0].heading
    # The speaker's own "I" still acts for their own seat.
    reply = await ask(services, "game I cast Shock targeting Spellskite.", user="bob")
    assert "Bob casts Shock" in reply.sections[0].text


async def test_a_riftbound_standard_move_is_its_players_action(services: Services) -> None:
    # Riftbound 144: a standard move is the unit's controller's (QA 63 P2); asking stays open.
    await ask(services, "game new riftbound", user="judgy")
    await ask(services, "game join Alice")
    await ask(services, "game join Bob", user="bob")
    await ask(services, "game Bob controls Blazing Scorcher at his base.", user="judgy")
    with pytest.raises(PermissionDeniedError, match="Bob's seat is held by"):
        await ask(services, "game Bob moves Blazing Scorcher to Targon's Peak.")
    reply = await ask(services, "game Can Bob move Blazing Scorcher to Targon's Peak?")
    assert reply.sections


async def test_a_riftbound_stun_is_the_stunning_players_action(services: Services) -> None:
    # Stop 52: "Alice stuns Stalwart Poro." triggers Alice's "When you stun" abilities (423),
    # so it is her action: Bob's user can't say it while another user holds her seat.
    await ask(services, "game new riftbound", user="judgy")
    await ask(services, "game join Alice")
    await ask(services, "game join Bob", user="bob")
    await ask(services, "game Alice controls Eclipse Herald at her base.", user="judgy")
    await ask(services, "game Bob controls Stalwart Poro at his base.", user="judgy")
    with pytest.raises(PermissionDeniedError, match="Alice's seat is held by"):
        await ask(services, "game Alice stuns Stalwart Poro.", user="bob")
    stunned = await ask(services, "game Alice stuns Stalwart Poro.")
    assert "Eclipse Herald's triggered ability" in " ".join(stunned.data["steps"][0]["notes"])


async def test_reopen_counts_ended_games_by_when_they_ended(services: Services) -> None:
    # An older game reopened and ended again is the latest ended one: `game reopen` is it.
    await _started(services)  # game A, with Runeclaw Bear
    await ask(services, "game end")
    await ask(services, "game new")  # game B, empty
    await ask(services, "game end")
    await ask(services, "game reopen 2")  # A again
    await ask(services, "game end")
    await ask(services, "game reopen")
    state = await ask(services, "game state")
    assert "Runeclaw Bear" in state.body + str(state.data)


async def test_undo_after_a_refused_statement_says_what_it_took_back(services: Services) -> None:
    # QA 60 M10: the refused statement was never saved, so undo takes back the change before
    # it, and says so.
    await _started(services)
    await ask(services, "game Alice casts Shock targeting Mox Pearl.")  # refused: no Mox Pearl
    undone = await ask(services, "game undo")
    assert "Took back: Alice controls Runeclaw Bear." in undone.body
    assert "refused changed nothing" in undone.body
