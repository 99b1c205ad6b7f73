"""``game`` with a Riftbound game, and ``scenario game:riftbound``, over the real data."""

from __future__ import annotations

import json
import zlib
from dataclasses import replace
from pathlib import Path

import pytest

from bot.commands.context import Caller, CommandContext, Services
from bot.commands.dispatch import run_command
from bot.commands.game_autocomplete import game_card_autocomplete
from bot.commands.game_calls import game_codec
from bot.commands.reply import Reply
from bot.errors import PermissionDeniedError, UserError
from bot.games.model import GameScope
from bot.games.riftbound_reducer import RiftboundTable
from bot.reference.store import Reference
from bot.settings import Settings

SETUP = (
    "Alice controls Blazing Scorcher at her base. "
    "Bob controls Blazing Scorcher and a 1 Might Recruit unit token at Targon's Peak."
)


async def ask(services: Services, line: str, *, user: str = "Alice", channel: str = "c1") -> Reply:
    ctx = CommandContext(Caller(user=user, channel=channel, name=user), services)
    return await run_command(ctx, line)


def units(reply: Reply) -> dict[str, list[tuple[str, int | None]]]:
    return {
        where: [(o["name"], o["might"]) for o in objects]
        for where, objects in reply.data["locations"].items()
    }


async def test_statements_across_calls_and_state(services: Services) -> None:
    reply = await ask(services, "game new riftbound")
    assert reply.data["kind"] == "riftbound" and "game play" in reply.body
    reply = await ask(services, "game " + SETUP)
    assert [s["verdict"] for s in reply.data["steps"]] == ["ok", "ok"]
    reply = await ask(
        services,
        "game Bob's Blazing Scorcher has 4 Might. "
        "Alice plays Void Seeker targeting Bob's Blazing Scorcher. "
        "Alice plays Void Seeker targeting Alice's Blazing Scorcher.",
    )
    assert [s["verdict"] for s in reply.data["steps"]] == ["ok", "legal", "illegal"]
    assert "Saved 2 changes" in reply.footer
    await ask(services, "game Bob's Blazing Scorcher moves to his base.")
    state = await ask(services, "game state")
    assert units(state) == {
        "Alice's base": [("Blazing Scorcher", 5)],
        "Bob's base": [("Blazing Scorcher", 4)],
        "Targon's Peak": [("Recruit", 1)],
    }
    [item] = state.data["chain"]
    assert item["name"] == "Void Seeker" and item["targets"][0]["legal"] is False
    assert "Chain (newest first)" in [s.heading for s in state.sections]
    reply = await ask(services, "game resolve")
    step = reply.data["steps"][0]
    assert step["verdict"] == "partial" and "359.3.e.1" in step["rules"]
    history = (await ask(services, "game history")).data["history"]
    assert len(history) == 4  # the illegal play was not stored


async def test_undo_redo_and_export_round_trip(services: Services) -> None:
    await ask(services, "game new riftbound")
    await ask(services, "game join Alice")
    await ask(services, "game seat Bob Bob")
    await ask(services, "game " + SETUP)
    await ask(services, "game Alice plays Hidden Blade targeting Recruit.")
    await ask(services, "game Bob's Blazing Scorcher is exhausted.")
    undone = await ask(services, "game undo")
    assert "exhausted" in undone.body
    state = await ask(services, "game state")
    assert not any(o["exhausted"] for objs in state.data["locations"].values() for o in objs)
    await ask(services, "game redo")
    exported = await ask(services, "game export")
    script = exported.data["script"]
    assert "Alice plays Hidden Blade" in script and exported.data["kind"] == "riftbound"
    await ask(services, "game new riftbound", channel="c2")
    await ask(services, "game join Alice", channel="c2")
    await ask(services, "game seat Bob Bob", channel="c2")
    replayed = await ask(services, "game " + script, channel="c2")
    assert all(s["verdict"] != "error" for s in replayed.data["steps"])
    first = await ask(services, "game state")
    second = await ask(services, "game state", channel="c2")
    assert first.data["locations"] == second.data["locations"]
    assert first.data["chain"] == second.data["chain"]


async def export_and_replay(services: Services, *statements: str) -> tuple[str, Reply, Reply]:
    """Play ``statements`` as the seated Alice in channel c1, replay its export in c2 as an
    unseated user; the script and both states."""
    await ask(services, "game new riftbound")
    await ask(services, "game join Alice")
    for statement in statements:
        reply = await ask(services, "game " + statement)
        assert all(s["verdict"] != "error" for s in reply.data["steps"]), reply.body
    script = (await ask(services, "game export")).data["script"]
    replay = CommandContext(Caller(user="carol", channel="c2", name="Carol"), services)
    await run_command(replay, "game new riftbound")
    replayed = await run_command(replay, "game " + script)
    assert all(s["verdict"] not in ("error", "illegal") for s in replayed.data["steps"]), (
        replayed.body
    )
    return script, await ask(services, "game state"), await run_command(replay, "game state")


async def test_export_of_first_person_plays_replays_the_same_game(services: Services) -> None:
    """QA 65 P1: the export rewrote "I play ... with Accelerate/with Repeat" without the cost,
    "from hiding" as "from the hiding", "Cruel Patron," with two commas, and kept "I move".
    Accelerate: "You may pay [A] as you play me to have me enter ready" (805.1.a), so the
    replayed Blazing Scorcher must be ready too; Repeat pays a second execution (820.1.d)."""
    script, first, second = await export_and_replay(
        services,
        "Alice controls Targon's Peak. Alice controls Stalwart Poro and Recruit at her base. "
        "Bob controls Stalwart Poro at Targon's Peak. "
        "Alice hides Back Off at Targon's Peak on an earlier turn.",
        "I play Blazing Scorcher with Accelerate to my base.",
        "I move Recruit to Targon's Peak.",
        "I play Cruel Patron, killing Alice's Stalwart Poro.",
        "I play Back Off from hiding targeting Bob's Stalwart Poro.",
        "I play Hard Bargain with Repeat targeting Back Off.",
    )
    lines = script.splitlines()
    assert "Alice plays Blazing Scorcher at Alice's base with Accelerate." in lines
    assert "Alice moves Recruit to Targon's Peak." in lines
    assert "Alice plays Cruel Patron, killing Alice's Stalwart Poro." in lines
    assert "Alice plays Back Off from hiding targeting Bob's Stalwart Poro." in lines
    assert "Alice plays Hard Bargain with Repeat targeting Back Off." in lines
    assert not any(line.startswith("I ") or ",," in line for line in lines)
    assert first.data["locations"] == second.data["locations"]
    assert first.data["chain"] == second.data["chain"]
    scorcher = [
        o for o in second.data["locations"]["Alice's base"] if o["name"] == "Blazing Scorcher"
    ]
    assert [o["exhausted"] for o in scorcher] == [False]


async def test_step_through_play_with_choices_and_back(services: Services) -> None:
    await ask(services, "game new riftbound")
    await ask(services, "game join Alice")
    await ask(services, "game seat Bob Bob")
    await ask(services, "game " + SETUP)
    reply = await ask(services, "game play Void Seker")  # fuzzy name
    assert reply.title == "Playing Void Seeker"
    assert [c.label for c in reply.choices][:2] == [
        "1. Bob's Blazing Scorcher at Targon's Peak",
        "2. Bob's Recruit at Targon's Peak",
    ]
    assert reply.choices[0].command.startswith("game choose 1 @v")
    assert reply.data["pending"]["rule"] == "355.9"
    with pytest.raises(UserError, match="Playing Void Seeker is in progress"):
        await ask(services, "game Bob's Recruit dies.")
    with pytest.raises(PermissionDeniedError):  # no seat: rights first (QA 14 #8)
        await ask(services, "game Bob's Recruit dies.", user="carol")
    reply = await ask(services, "game choose 2")
    assert reply.data["steps"][0]["verdict"] == "legal"
    assert "Void Seeker" in (await ask(services, "game export")).data["script"]
    # A unit: the location is a choice (355.2); Alice controls no battlefield. Void Seeker
    # resolves first: a unit has no [Reaction], so it can't be played onto the chain (309.1.a).
    await ask(services, "game resolve")
    reply = await ask(services, "game play Blazing Scorcher")
    assert [c.label for c in reply.choices][:1] == ["1. Alice's base"]
    with pytest.raises(UserError, match="first choice"):
        await ask(services, "game back")
    reply = await ask(services, "game choose 1")
    assert reply.data["steps"][0]["verdict"] == "legal"
    state = await ask(services, "game state")
    assert [n for n, _ in units(state)["Alice's base"]] == ["Blazing Scorcher", "Blazing Scorcher"]
    exported = (await ask(services, "game export")).data["statements"]
    assert exported[-1] == "Alice plays Blazing Scorcher at their base."


async def test_resolving_a_group_that_no_longer_fits_offers_its_subsets(services: Services) -> None:
    await ask(services, "game new riftbound")
    await ask(services, "game join Alice")
    await ask(services, "game seat Bob Bob")
    await ask(
        services,
        "game Bob controls four Recruit at Targon's Peak. "
        "Alice plays Fox-Fire targeting #2, #3, #4 and #5. "
        "#2 has 2 Might. #3 has 2 Might.",
    )
    reply = await ask(services, "game resolve")
    assert reply.data["steps"][0]["verdict"] == "error" and "355.11.b" in reply.sections[0].text
    assert "Nothing changed" in reply.footer
    labels = [c.label for c in reply.choices]
    assert labels[:3] == [
        "The top of the chain resolves affecting #2, #4 and #5",
        "The top of the chain resolves affecting #3, #4 and #5",
        "The top of the chain resolves affecting #2 and #3",
    ]
    click = reply.choices[2].command
    assert click.startswith("game The top of the chain resolves affecting #2 and #3. @v")
    reply = await ask(services, click)
    assert reply.data["steps"][0]["verdict"] == "partial"
    assert units(await ask(services, "game state"))["Targon's Peak"] == [("Recruit", 1)] * 2
    with pytest.raises(UserError, match="earlier step"):  # the same button, clicked again
        await ask(services, click)


async def test_resolve_keeps_the_words_after_it(services: Services) -> None:
    # QA 34 U4: `game resolve affecting #4` resolved the top with no subset, the words dropped.
    await ask(services, "game new riftbound")
    await ask(
        services,
        "game Bob controls four Recruit at Targon's Peak. "
        "Alice plays Fox-Fire targeting #2, #3, #4 and #5. "
        "#2 has 2 Might. #3 has 2 Might.",
    )
    reply = await ask(services, "game resolve affecting #2 and #3")
    step = reply.data["steps"][0]
    assert step["statement"] == "The top of the chain resolves affecting #2 and #3."
    assert step["verdict"] == "partial"
    reply = await ask(services, "game resolve affecting banana")
    assert reply.data["steps"][0]["verdict"] == "error"


async def test_a_game_reloads_from_storage(reference_db: Path, tmp_path: Path) -> None:
    from bot.app import close_services

    settings = Settings(data_dir=reference_db.parent, db_path=tmp_path / "games.sqlite")
    first = Services(settings=settings, reference=Reference(reference_db))
    await ask(first, "game new riftbound")
    await ask(first, "game join Alice")
    await ask(first, "game seat Bob Bob")
    await ask(first, "game " + SETUP)
    await ask(first, "game play Hidden Blade")
    before = await ask(first, "game state")
    await close_services(first)
    second = Services(settings=settings, reference=Reference(reference_db))
    try:
        after = await ask(second, "game state")
        assert after.data["locations"] == before.data["locations"]
        assert after.sections[-1].heading == "Playing Hidden Blade"
        reply = await ask(second, "game choose Recruit")
        assert reply.data["steps"][0]["verdict"] == "legal"
    finally:
        await close_services(second)


async def test_snapshot_codec_is_json_and_round_trips(services: Services) -> None:
    await ask(services, "game new riftbound")
    await ask(services, "game join Alice")
    await ask(services, "game seat Bob Bob")
    await ask(services, "game " + SETUP + " Alice plays Hidden Blade targeting Recruit.")
    await ask(services, "game play Stupefy")  # a [Reaction]: it may go onto the chain
    state: RiftboundTable = await (await services.games.service()).state(GameScope("console", "c1"))
    assert state.pending is not None
    codec = game_codec()
    blob = codec.serialize(state)
    assert blob.startswith(b"rb:z:")  # compressed JSON (never pickle: a snapshot is data)
    assert zlib.decompress(blob.removeprefix(b"rb:z:")).startswith(b"{")
    again = codec.deserialize(blob)
    assert again.game == state.game and again.transcript == state.transcript
    assert again.pending is not None and again.pending.next_choice() == state.pending.next_choice()


async def test_one_shot_riftbound_scenarios(services: Services) -> None:
    reply = await ask(services, "scenario game:riftbound " + SETUP + " Does Fox-Fire target?")
    assert reply.title.startswith("Riftbound scenario")
    assert [s["verdict"] for s in reply.data["steps"]] == ["ok", "ok", "yes"]
    reply = await ask(
        services, 'scenario game: riftbound\nDoes "Kill all units at a battlefield" target?'
    )
    assert (
        reply.data["steps"][0]["verdict"] == "yes" and "355.10.b" in reply.data["steps"][0]["rules"]
    )
    magic = await ask(services, 'scenario Does "Kill all units at a battlefield" target?')
    assert magic.data["steps"][0]["verdict"] == "no"  # MTG: no word "target" (115.10)


async def test_magic_games_still_work_beside_riftbound(services: Services) -> None:
    await ask(services, "game new riftbound", channel="rb")
    await ask(services, "game join Alice", channel="rb")
    await ask(services, "game seat Bob Bob", channel="rb")
    await ask(services, "game new mtg", channel="mtg")
    await ask(services, "game join Alice", channel="mtg")
    await ask(services, "game seat Bob Bob", channel="mtg")
    reply = await ask(services, "game Alice controls Runeclaw Bear.", channel="mtg")
    assert reply.data["steps"][0]["verdict"] == "ok"
    reply = await ask(services, "game Alice controls Runeclaw Bear.", channel="rb")
    assert reply.data["steps"][0]["verdict"] == "error"  # not a Riftbound card
    with pytest.raises(UserError):
        await ask(services, "game choose 1", channel="rb")


async def test_a_game_stepped_through_with_abilities_on_the_chain(services: Services) -> None:
    await ask(services, "game new riftbound")
    await ask(services, "game join Alice")
    await ask(services, "game seat Bob Bob")
    reply = await ask(
        services,
        "game Alice controls Iron Ballista at her base. "
        "Bob controls Volibear, Furious at Targon's Peak. "
        "Alice controls Blazing Scorcher and a 1 Might Recruit unit token at "
        "Targon's Peak.",
    )
    assert [s["verdict"] for s in reply.data["steps"]] == ["ok", "ok", "ok"]
    # Only the controller of its source activates an ability (188.4.a); Deflect 2 taxes Alice.
    # (Each player's user says what their player does: Bob's user can't make Alice act.)
    bobs = await ask(
        services, "game Bob activates Iron Ballista targeting Volibear, Furious.", user="Bob"
    )
    alices = await ask(services, "game Alice activates Iron Ballista targeting Volibear, Furious.")
    steps = [*bobs.data["steps"], *alices.data["steps"]]
    assert [s["verdict"] for s in steps] == ["illegal", "legal"]
    assert "188.4.a" in steps[0]["rules"] and "809.1.c" in steps[1]["rules"]
    reply = await ask(services, "game Volibear, Furious's trigger targets #4 and #5.")
    assert reply.data["steps"][0]["verdict"] == "legal"
    state = await ask(services, "game state")
    trigger, activated = state.data["chain"]
    assert (trigger["kind"], trigger["source"]["name"]) == ("triggered", "Volibear, Furious")
    assert (activated["kind"], activated["source"]["name"]) == ("activated", "Iron Ballista")
    assert "triggered ability of Bob's Volibear, Furious" in state.sections[-1].text
    # Split damage is divided as it resolves (355.14.e): the bot offers the ways to divide it.
    reply = await ask(services, "game resolve")
    assert reply.data["steps"][0]["verdict"] == "error" and "Nothing changed" in reply.footer
    click = next(c.command for c in reply.choices if "dividing 4 and 1" in c.label)
    reply = await ask(services, click)
    assert reply.data["steps"][0]["verdict"] == "resolved"
    # Iron Ballista leaves; its ability is a separate object and still resolves (355.9.c).
    await ask(services, "game Iron Ballista is killed.")
    reply = await ask(services, "game resolve")
    step = reply.data["steps"][0]
    assert step["verdict"] == "resolved" and "355.9.c" in step["rules"]
    state = await ask(services, "game state")
    assert not state.data["chain"]
    volibear = next(
        o for o in state.data["locations"]["Targon's Peak"] if o["name"] == "Volibear, Furious"
    )
    assert volibear["damage"] == 2
    # The export replays to the same game (statements only, deterministic).
    script = (await ask(services, "game export")).data["script"]
    assert "Alice activates Iron Ballista targeting Volibear, Furious." in script
    assert "The top of the chain resolves dividing 4 and 1." in script
    assert "Bob activates" not in script  # illegal, not stored
    await ask(services, "game new riftbound", channel="c2")
    await ask(services, "game join Alice", channel="c2")
    await ask(services, "game seat Bob Bob", channel="c2")
    replayed = await ask(services, "game " + script, channel="c2")
    assert all(s["verdict"] != "error" for s in replayed.data["steps"])
    again = await ask(services, "game state", channel="c2")
    assert again.data["locations"] == state.data["locations"]
    assert again.data["zones"] == state.data["zones"]


async def test_picks_read_as_in_mtg_games_and_a_shared_name_asks(services: Services) -> None:
    """Riftbound picks are read by the same reader as MTG's (scenario/stepping.read_options):
    numbers or names; a name two options share asks which (it used to take the first one)."""
    await ask(services, "game new riftbound")
    await ask(services, "game join Alice")
    await ask(services, "game " + SETUP)
    await ask(services, "game Bob controls Recruit at Targon's Peak.")
    reply = await ask(services, "game play Void Seeker")
    labels = [c.label for c in reply.choices]
    assert "2. Bob's Recruit at Targon's Peak" in labels
    assert "3. Bob's Recruit at Targon's Peak" in labels
    with pytest.raises(UserError, match="More than one option is called “Recruit”"):
        await ask(services, "game choose Recruit")
    with pytest.raises(UserError, match="There is no option 9; pick 1 to"):
        await ask(services, "game choose 9")
    with pytest.raises(UserError, match="“Ornithopter” is not one of the options"):
        await ask(services, "game choose Ornithopter")
    reply = await ask(services, "game choose Blazing Scorcher")  # one option by that name
    assert reply.data["steps"][0]["verdict"] == "legal"


async def test_a_caller_without_a_seat_cant_say_i(services: Services) -> None:
    """Issue 10, for Riftbound as for Magic: "I" from a user who holds no seat would invent a
    player named after them; it is refused, and naming the player works."""
    from bot.errors import StateError

    await ask(services, "game new riftbound")
    await ask(services, "game " + SETUP)
    with pytest.raises(StateError, match="don't hold a seat"):
        await ask(services, "game I play Void Seeker targeting Recruit.")
    assert (await ask(services, "game state")).data["chain"] == []  # nothing was played
    await ask(services, "game join Alice")
    reply = await ask(services, "game I play Void Seeker targeting Recruit.")
    assert [s["verdict"] for s in reply.data["steps"]] == ["legal"]


async def test_choose_n_picks_the_option_shown_as_n(services: Services) -> None:
    """QA 12, #6: `game choose N` read N as an object's id before its option number, so at
    Defiant Dance's "another unit" step `game choose 3` picked object #3 (Blazing Scorcher)
    while the list showed 3 = Mystic Poro.  The unit already chosen for "a unit" is left out
    of the "another unit" list (355.9.b: "another" means other than that choice)."""
    await ask(services, "game new riftbound")
    await ask(services, "game join Alice")
    await ask(
        services,
        "game Alice controls Volibear, Furious at Targon's Peak. Bob controls Blazing Scorcher "
        "at Targon's Peak. Bob controls Mystic Poro at Targon's Peak.",
    )
    await ask(services, "game play Defiant Dance")
    reply = await ask(services, "game choose 1")
    labels = [c.label for c in reply.choices if c.command.startswith("game choose ")]
    assert labels == [
        "1. Bob's Blazing Scorcher at Targon's Peak",
        "2. Bob's Mystic Poro at Targon's Peak",
    ]
    reply = await ask(services, "game choose 2")
    [step] = reply.data["steps"]
    assert step["verdict"] == "legal"
    assert "targeting Volibear, Furious and Mystic Poro" in step["statement"]


async def test_a_statement_not_understood_suggests_a_riftbound_one(services: Services) -> None:
    """QA 14 #13: a Riftbound game answered "This would work: Alice casts Lightning Bolt"."""
    await ask(services, "game new riftbound")
    await ask(services, "game join Alice")
    reply = await ask(services, "game xyzzy 💥")
    text = "".join(section.text for section in reply.sections)
    assert "This would work: Alice plays Void Seeker targeting Blazing Scorcher." in text
    assert "Lightning Bolt" not in text


async def test_a_modal_spell_asks_for_its_mode_first(services: Services) -> None:
    """QA 15 #2 in a game: Riftbound 355.3, "For Spells and Abilities with a bulleted list of
    modes to choose from, make the appropriate choices now": the mode is chosen first, then
    only that mode's targets (Rocket Barrage asked for "a unit in a base" and then "a gear")."""
    await ask(services, "game new riftbound")
    await ask(services, "game join Alice")
    await ask(
        services,
        "game Alice controls Recruit at Targon's Peak. Bob controls Navori Scout at his base. "
        "Bob controls Iron Ballista.",
    )
    reply = await ask(services, "game play Rocket Barrage")
    assert reply.data["pending"]["rule"] == "355.3"
    labels = [c.label for c in reply.choices if c.command.startswith("game choose ")]
    assert labels == ["1. Deal 4 to a unit in a base", "2. Kill a gear"]
    reply = await ask(services, "game choose 2")
    labels = [c.label for c in reply.choices if c.command.startswith("game choose ")]
    assert labels == ["1. Bob's Iron Ballista at base"]
    shown = reply.body + "".join(section.text for section in reply.sections)
    assert "Mode: “Kill a gear”" in shown  # the chosen mode is shown
    reply = await ask(services, "game back")  # back to the mode
    assert reply.data["pending"]["rule"] == "355.3"
    reply = await ask(services, "game choose deal 4 to a unit in a base")
    labels = [c.label for c in reply.choices if c.command.startswith("game choose ")]
    assert labels == ["1. Bob's Navori Scout at base"]
    reply = await ask(services, "game choose 1")
    [step] = reply.data["steps"]
    assert step["verdict"] == "legal", step
    assert "Deflect" in step["explanation"]  # Navori Scout's Deflect costs 1 more (809.1.c)
    exported = (await ask(services, "game export")).data["statements"]
    assert exported[-1] == (
        "Alice plays Rocket Barrage choosing deal 4 to a unit in a base, targeting Navori Scout."
    )
    # A mode with no target is played with no choices (Flurry of Feathers' Birds); its
    # "Counter a spell" mode has no spell to choose, so it isn't offered (355.8).
    await ask(services, "game resolve")
    reply = await ask(services, "game play Flurry of Feathers")
    labels = [c.label for c in reply.choices if c.command.startswith("game choose ")]
    assert labels == ["1. Play four 1 [M] Bird unit tokens with [Deflect]"]
    assert "Not available" in reply.body and "Counter a spell" in reply.body
    reply = await ask(services, "game choose bird")  # a word of the mode's text
    [step] = reply.data["steps"]
    assert step["verdict"] == "legal", step


async def test_a_modal_play_in_progress_round_trips(services: Services) -> None:
    await ask(services, "game new riftbound")
    await ask(services, "game join Alice")
    await ask(services, "game Alice controls Recruit at Targon's Peak. Bob controls Iron Ballista.")
    await ask(services, "game play Rocket Barrage")
    await ask(services, "game choose kill a gear")
    state: RiftboundTable = await (await services.games.service()).state(GameScope("console", "c1"))
    assert state.pending is not None and state.pending.mode == 1
    codec = game_codec()
    again = codec.deserialize(codec.serialize(state))
    assert again.pending is not None and again.pending.mode == 1
    assert again.pending.next_choice() == state.pending.next_choice()


async def test_back_to_back_asks_for_two_units_and_says_exactly_two(services: Services) -> None:
    """QA 15 #10: the prompt was "Choose two friendly units each +2 [M]." and one pick said
    "Choose from 2 to 2 for ..."; 355.8: valid choices must be made for all targets."""
    await ask(services, "game new riftbound")
    await ask(services, "game join Alice")
    await ask(
        services,
        "game Alice controls Recruit at Targon's Peak. Alice controls Blazing Scorcher at "
        "Targon's Peak.",
    )
    reply = await ask(services, "game play Back to Back")
    assert reply.body.startswith("Choose two friendly units. (rule 355.9)")
    with pytest.raises(UserError) as refused:
        await ask(services, "game choose 1")
    assert "“two friendly units” needs exactly 2 targets; 1 chosen." in str(refused.value)
    assert "from 2 to 2" not in str(refused.value)
    reply = await ask(services, "game choose 1 2")
    assert reply.data["steps"][0]["verdict"] == "legal"


async def test_game_activate_points_to_the_one_statement_form(services: Services) -> None:
    """`game activate X` in a Riftbound game was read as a statement: "“activate” is not a
    verb I know". Step by step only plays are offered; the statement form names targets."""
    await ask(services, "game new riftbound")
    await ask(services, "game join Alice")
    with pytest.raises(UserError) as refused:
        await ask(services, "game activate Serrated Dirk")
    said = str(refused.value)
    assert "Serrated Dirk's ability is activated in one statement" in said
    assert "game Alice activates Serrated Dirk targeting" in said
    assert "not a verb I know" not in said


async def test_game_activate_an_ability_with_no_target_activates_it(services: Services) -> None:
    """QA 27 U2: `game activate Gold` was refused with a hint to name targets Gold's "Kill
    this, [E]: [Reaction] - [Add] [A]" doesn't have. It is now activated at once, as by the
    one statement: its cost kills the token (428.1.a.1, 183.1)."""
    await ask(services, "game new riftbound", channel="c-gold")
    await ask(services, "game join Alice", channel="c-gold")
    await ask(
        services,
        "game Alice controls Gold. Bob controls Stalwart Poro at Targon's Peak.",
        channel="c-gold",
    )
    reply = await ask(services, "game activate Gold", channel="c-gold")
    [step] = reply.data["steps"]
    assert step["statement"] == "Alice activates Gold."
    assert step["verdict"] == "legal" and "428.1.a.1" in step["rules"]
    state = await ask(services, "game state", channel="c-gold")
    assert units(state)["Alice's base"] == []


async def test_game_activate_with_no_seat_uses_the_sources_controller(services: Services) -> None:
    """With no seat and no player named, the ability's controller is its source's (378: the
    controller of an ability's source activates it)."""
    await ask(services, "game new riftbound", channel="c-gold2")
    await ask(services, "game Bob controls Gold.", channel="c-gold2")
    reply = await ask(services, "game activate Gold", channel="c-gold2")
    [step] = reply.data["steps"]
    assert step["statement"] == "Bob activates Gold." and step["verdict"] == "legal"


async def test_game_activate_a_legend_with_no_seat_uses_its_controller(
    services: Services,
) -> None:
    """QA 32 U1: `game activate Hand of Noxus` with no seat was refused while `game activate
    Gold` worked: a legend is in its legend zone, not on the board, and its controller
    activates its ability as Gold's does (378)."""
    await ask(services, "game new riftbound", channel="c-legend")
    await ask(services, "game Alice controls Hand of Noxus.", channel="c-legend")
    reply = await ask(services, "game activate Hand of Noxus", channel="c-legend")
    [step] = reply.data["steps"]
    assert step["statement"] == "Alice activates Hand of Noxus."
    assert step["verdict"] == "legal", step


async def test_a_magic_only_subcommand_says_so_in_a_riftbound_game(services: Services) -> None:
    # "game retarget X" in a Riftbound channel was read as a statement: "“retarget” is not a
    # verb I know" (QA 24 U6); it is a Magic game's subcommand.
    await ask(services, "game new riftbound", channel="c-retarget")
    with pytest.raises(UserError) as caught:
        await ask(services, "game retarget Caitlyn, Patrolling", channel="c-retarget")
    assert "`game retarget` is for Magic games" in caught.value.message
    assert "`game play`" in caught.value.message


async def test_a_unit_played_step_by_step_enters_exhausted(services: Services) -> None:
    """QA 24 W8, 359.2.c: "If it is a Unit, it enters the Board exhausted at the Location that
    was chosen"; a unit the game was set up with ("Alice controls ...") stays ready, and
    Arena Kingpin's "I enter ready." overrides the rule (002)."""
    await ask(services, "game new riftbound")
    await ask(services, "game join Alice")
    await ask(services, "game Alice controls Recruit at Targon's Peak.")
    await ask(services, "game play Caitlyn, Patrolling")
    reply = await ask(services, "game choose Targon's Peak")
    [step] = reply.data["steps"]
    assert step["verdict"] == "legal" and "359.2.c" in step["rules"]
    await ask(services, "game play Arena Kingpin")
    await ask(services, "game choose 1")
    state = await ask(services, "game state")
    exhausted = {
        o["name"]: o["exhausted"] for objs in state.data["locations"].values() for o in objs
    }
    assert exhausted == {"Recruit": False, "Caitlyn, Patrolling": True, "Arena Kingpin": False}
    reply = await ask(services, "game Can Alice activate Caitlyn, Patrolling targeting Recruit?")
    assert reply.data["steps"][0]["verdict"] == "no"


async def test_a_move_spell_asks_where_the_unit_moves(services: Services) -> None:
    """QA 24 W11: 355.4, "choose a valid Location as the Move Destination for each Move";
    Origins FAQ (Charm): "you have to say not only what unit you're moving but where you're
    moving it to".  `game choose` used to finish the play without it, and the move never
    happened.  Only valid locations are offered (355.4.a: not where the unit is)."""
    await ask(services, "game new riftbound")
    await ask(services, "game join Alice")
    await ask(
        services,
        "game Alice controls Blazing Scorcher at Targon's Peak. Bob controls Recruit at his "
        "base. Bob controls Stalwart Poro at Targon's Peak. Bob controls Mystic Poro at "
        "Rockfall Path.",
    )
    await ask(services, "game play Charm")
    reply = await ask(services, "game choose Stalwart Poro")
    assert reply.data["pending"]["rule"] == "355.4"
    labels = [c.label for c in reply.choices if c.command.startswith("game choose ")]
    assert labels == ["1. Bob's base", "2. Rockfall Path"]
    with pytest.raises(UserError, match="“Targon's Peak” is not one of the options"):
        await ask(services, "game choose Targon's Peak")
    reply = await ask(services, "game back")  # back to the unit
    assert reply.data["pending"]["rule"] == "355.9"
    await ask(services, "game choose Stalwart Poro")
    reply = await ask(services, "game choose 2")
    [step] = reply.data["steps"]
    assert step["verdict"] == "legal" and "355.4" in step["rules"]
    assert (
        step["statement"]
        == "Alice plays Charm targeting Stalwart Poro, moving it to Rockfall Path."
    )
    reply = await ask(services, "game resolve")
    assert reply.data["steps"][0]["verdict"] == "resolved"
    # Tricksy Tentacles: the group goes to one location; Dragon's Rage: the unit in base.
    await ask(services, "game play Tricksy Tentacles")
    reply = await ask(services, "game choose Stalwart Poro and Mystic Poro")
    labels = [c.label for c in reply.choices if c.command.startswith("game choose ")]
    assert labels == ["1. Bob's base", "2. Targon's Peak"]
    reply = await ask(services, "game choose Bob's base")
    assert reply.data["steps"][0]["verdict"] == "legal"
    await ask(services, "game resolve")
    await ask(services, "game play Dragon's Rage")
    reply = await ask(services, "game choose Stalwart Poro")
    labels = [c.label for c in reply.choices if c.command.startswith("game choose ")]
    assert labels == ["1. Targon's Peak", "2. Rockfall Path"]
    await ask(services, "game choose 1")
    await ask(services, "game resolve")
    state = await ask(services, "game state")
    assert units(state) == {
        "Alice's base": [],
        "Bob's base": [("Recruit", 1), ("Mystic Poro", 2)],
        "Targon's Peak": [("Blazing Scorcher", 5), ("Stalwart Poro", 2)],
        "Rockfall Path": [],
    }
    script = (await ask(services, "game export")).data["script"]
    assert (
        "Alice plays Tricksy Tentacles targeting Stalwart Poro and Mystic Poro, moving them to Bob's base."
        in script
    )
    await ask(services, "game new riftbound", channel="c2")
    await ask(services, "game join Alice", channel="c2")
    replayed = await ask(services, "game " + script, channel="c2")
    assert all(s["verdict"] != "error" for s in replayed.data["steps"])
    again = await ask(services, "game state", channel="c2")
    assert again.data["locations"] == state.data["locations"]


async def test_a_group_move_checks_its_targets_before_asking_where(services: Services) -> None:
    """QA 24 W11, p46: Tricksy Tentacles' total Might is refused at the pick that breaks it;
    units with nowhere to go together are refused there too (355.4.a: Mystic Poro is in the
    base, Stalwart Poro at the only battlefield; 355.16: no choice forcing an illegal one)."""
    await ask(services, "game new riftbound")
    await ask(services, "game join Alice")
    await ask(
        services,
        "game Alice controls Recruit at Targon's Peak. Bob controls Stalwart Poro at Targon's "
        "Peak. Bob controls Mystic Poro at his base. Bob controls Blazing Scorcher at Targon's "
        "Peak.",
    )
    await ask(services, "game play Tricksy Tentacles")
    with pytest.raises(UserError, match="total Might must be 8 or less; together they have 9"):
        await ask(services, "game choose 1 2 3")
    with pytest.raises(UserError, match="would have nowhere to move") as refused:
        await ask(services, "game choose 1 2")
    assert "Mystic Poro at base is already at its base" in str(refused.value)
    reply = await ask(services, "game choose 1 3")
    labels = [c.label for c in reply.choices if c.command.startswith("game choose ")]
    assert labels == ["1. Bob's base"]


async def test_game_new_takes_the_game_option_and_export_names_its_game(
    services: Services,
) -> None:
    """QA 25 M3/M4: `game new game:riftbound` is how every other command names the game, and
    an exported Riftbound script opens with `game: riftbound`, so `scenario` reads it as
    Riftbound; pasted into a Riftbound game the line is skipped, into a Magic game refused."""
    started = await ask(services, "game new game:riftbound")
    assert started.title == "New Riftbound game"
    await ask(services, "game join Alice")
    await ask(services, "game Alice controls Recruit at Targon's Peak.")
    script = (await ask(services, "game export")).data["script"]
    assert script.splitlines() == ["game: riftbound", "Alice controls Recruit at Targon's Peak."]
    replayed = await ask(services, "scenario " + script)
    assert [s["verdict"] for s in replayed.data["steps"]] == ["ok"]
    await ask(services, "game new riftbound", channel="c2")
    await ask(services, "game join Alice", channel="c2")
    again = await ask(services, "game " + script, channel="c2")
    assert [s["verdict"] for s in again.data["steps"]] == ["ok"]
    await ask(services, "game new mtg", channel="c3")
    await ask(services, "game join Alice", channel="c3")
    with pytest.raises(UserError) as refused:
        await ask(services, "game " + script, channel="c3")
    assert "for a Riftbound game; this channel plays Magic" in str(refused.value)


async def test_a_card_played_in_a_saved_game_leaves_the_hand(services: Services) -> None:
    """QA 25 W2 (g4), 354: "Remove the card from the zone you are playing it from and put it
    onto the Chain": Stalwart Poro played step by step from Bob's hand is at his base only."""
    await ask(services, "game new riftbound")
    await ask(services, "game join Alice")
    await ask(services, "game seat Bob Bob")
    await ask(
        services, "game Alice controls Recruit at Targon's Peak. Bob's hand has Stalwart Poro."
    )
    await ask(services, "game play Stalwart Poro", user="Bob")
    reply = await ask(services, "game choose 1", user="Bob")
    [step] = reply.data["steps"]
    assert step["verdict"] == "legal" and "354" in step["rules"]
    state = await ask(services, "game state")
    assert units(state)["Bob's base"] == [("Stalwart Poro", 2)]
    assert state.data["zones"] == []  # not in Bob's hand as well


def test_a_snapshot_saved_before_kill_costs_were_paid_still_loads() -> None:
    """A v8 snapshot (the JSON form is unchanged) of a game where Gold's ability was
    activated and Gold stayed on the board still loads; its tag is no longer the current one,
    so the store replays the game's actions instead of trusting that board (replayed, "Alice
    activates Gold." kills Gold: 428.1.a.1)."""
    from bot.engine.riftbound.model import RbKind, RbObject, RbZone
    from bot.engine.riftbound.state import RbCard, RbState
    from bot.games.riftbound_reducer import RiftboundTableCodec

    gold = RbCard("Gold", RbKind.GEAR, "Kill this, [E]: [Reaction] - [Add] [A].")
    left = RbObject(1, "Gold", RbKind.GEAR, "Alice", "Alice", RbZone.BASE, token=True)
    old_game = RbState(
        players=("Alice",), objects={1: replace(left, exhausted=True)}, cards={1: gold}, next_id=2
    )
    v8_blob = json.dumps(
        {
            "kind": "riftbound",
            "game": old_game.to_dict(),
            "transcript": ["Alice controls Gold.", "Alice activates Gold."],
            "pending": None,
        }
    ).encode()
    codec = RiftboundTableCodec()
    table = codec.deserialize(v8_blob)
    assert table.game == old_game and table.transcript[-1] == "Alice activates Gold."
    assert codec.tag != "riftbound-json-v8"


def test_a_snapshot_saved_before_plays_left_the_hand_still_loads() -> None:
    """A v6 snapshot (the JSON form is unchanged) still loads; its tag is no longer the
    current one, so the store replays the game's actions instead of trusting a board where a
    played card also stayed in the hand."""
    from bot.engine.riftbound.model import RbKind, RbObject, RbZone
    from bot.engine.riftbound.state import RbCard, RbState
    from bot.games.riftbound_reducer import RiftboundTableCodec

    poro = RbCard("Stalwart Poro", RbKind.UNIT, "[Shield]", 2)
    in_hand = RbObject(1, "Stalwart Poro", RbKind.UNIT, "Bob", "Bob", RbZone.HAND, "", 2)
    played = RbObject(2, "Stalwart Poro", RbKind.UNIT, "Bob", "Bob", RbZone.BASE, "", 2)
    old_game = RbState(
        players=("Alice", "Bob"),
        objects={1: in_hand, 2: played},
        cards={1: poro, 2: poro},
        next_id=3,
        played={"Bob": (2,)},
    )
    v6_blob = json.dumps(
        {
            "kind": "riftbound",
            "game": old_game.to_dict(),
            "transcript": ["Bob's hand has Stalwart Poro.", "Bob plays Stalwart Poro at his base."],
            "pending": None,
        }
    ).encode()
    codec = RiftboundTableCodec()
    table = codec.deserialize(v6_blob)
    assert table.game == old_game and table.transcript[-1] == "Bob plays Stalwart Poro at his base."
    assert codec.tag != "riftbound-json-v6"


async def test_a_same_battlefield_step_offers_only_units_there(services: Services) -> None:
    # QA 30 M1: Facebreaker's "a friendly unit and an enemy unit at the same battlefield"
    # offered Bob's Poro at Rockfall Path after Recruit at Targon's Peak, then refused it.
    await ask(services, "game new game:riftbound")
    await ask(services, "game join Alice")
    await ask(
        services,
        "game Alice controls Recruit at Targon's Peak. Bob controls Stalwart Poro at Rockfall "
        "Path. Bob controls Sunlit Guardian at Targon's Peak. Alice controls Rockfall Path.",
    )
    await ask(services, "game play Facebreaker")
    offered = await ask(services, "game choose 1")
    labels = [c.label for c in offered.choices]
    assert any("Sunlit Guardian at Targon's Peak" in label for label in labels)
    assert not any("Stalwart Poro" in label for label in labels)


async def test_a_there_step_offers_only_units_at_the_chosen_battlefield(
    services: Services,
) -> None:
    # QA 38 M1: Crescent Strike's "Choose a battlefield and an enemy unit there" offered Bob's
    # unit at the other battlefield, then refused it.  QA 38 M2: the history and undo named
    # the picks by object id ("choose [3]").
    await ask(services, "game new game:riftbound")
    await ask(services, "game join Alice")
    await ask(
        services,
        "game Alice controls Jinx, Demolitionist at Targon's Peak. Bob controls Mutated Mouser "
        "at Targon's Peak. Bob controls Towering Combatant at Zaun Warrens.",
    )
    await ask(services, "game play Crescent Strike")
    offered = await ask(services, "game choose Targon's Peak")
    labels = [c.label for c in offered.choices]
    assert any("Mutated Mouser at Targon's Peak" in label for label in labels)
    assert not any("Towering Combatant" in label for label in labels)
    await ask(services, "game choose Mutated Mouser")
    history = await ask(services, "game history")
    assert "choose Targon's Peak" in history.body
    assert "choose Bob's Mutated Mouser at Targon's Peak" in history.body
    assert "[" not in history.body
    undone = await ask(services, "game undo")
    assert "Took back: choose Bob's Mutated Mouser at Targon's Peak" in undone.body


async def test_play_with_repeat_and_accelerate_step_by_step(services: Services) -> None:
    """``game play X with Repeat``: the repeat's targets are asked after the first's (820.2);
    ``with Accelerate``: the unit enters ready (805.1.a); both are exported as said."""
    await ask(services, "game new riftbound")
    await ask(services, "game join Alice")
    await ask(services, "game " + SETUP)
    reply = await ask(services, "game play Hidden Blade with Repeat")
    assert reply.title == "Playing Hidden Blade"
    reply = await ask(services, "game choose 2")
    assert reply.data["pending"]["rule"] == "820.2"
    assert "for the repeat" in reply.body
    reply = await ask(services, "game choose 1")
    [step] = reply.data["steps"]
    assert step["verdict"] == "legal" and "the repeat targeting" in step["explanation"]
    [item] = (await ask(services, "game state")).data["chain"]
    assert item["repeats"] == 1
    assert [t["requirement"] for t in item["targets"]] == [
        "a unit at a battlefield",
        "a unit at a battlefield (repeat)",
    ]
    reply = await ask(services, "game resolve")
    assert reply.data["steps"][0]["verdict"] == "resolved"
    reply = await ask(services, "game play Blazing Scorcher with Accelerate")
    reply = await ask(services, "game choose 1")
    assert "enters ready" in reply.data["steps"][0]["explanation"]
    exported = (await ask(services, "game export")).data["statements"]
    assert exported[-3].startswith("Alice plays Hidden Blade with Repeat targeting")
    assert exported[-1] == "Alice plays Blazing Scorcher at their base with Accelerate."
    with pytest.raises(UserError, match="isn't a number of Repeat costs"):
        await ask(services, "game play Hidden Blade with Repeat often")


async def test_repeat_on_a_unit_is_refused_in_a_game(services: Services) -> None:
    await ask(services, "game new riftbound")
    await ask(services, "game join Alice")
    with pytest.raises(UserError, match=r"820\.1\.a"):
        await ask(services, "game play Blazing Scorcher with Repeat")


async def test_deathknells_that_trigger_together_offer_their_order(services: Services) -> None:
    """383.3.d: Alice orders her triggers that triggered at the same time; the bot's order is
    the default, and the statement choosing another is offered as a next step."""
    await ask(services, "game new riftbound")
    await ask(services, "game join Alice")
    await ask(services, "game seat Bob Bob")
    await ask(
        services,
        "game Alice controls Watchful Sentry at Targon's Peak. Alice controls Kog'Maw, Caustic "
        "at Targon's Peak. Bob controls Sunlit Guardian at Targon's Peak. "
        "Bob plays Flurry of Blades.",
    )
    reply = await ask(services, "game resolve")
    assert "chooses the order they go on the chain (383.3.d)" in reply.sections[0].text
    [offered] = reply.choices
    assert offered.label == "Alice puts Kog'Maw, Caustic's trigger on the chain first"
    reply = await ask(services, offered.command)
    assert reply.data["steps"][0]["verdict"] == "ok" and "Saved 1 change" in reply.footer
    chain = (await ask(services, "game state")).data["chain"]
    assert chain[0]["name"] == "Watchful Sentry's Deathknell ability"  # newest first
    with pytest.raises(PermissionDeniedError):  # Bob's user can't order Alice's triggers
        await ask(
            services, "game Alice puts Watchful Sentry's trigger on the chain first.", user="Bob"
        )


async def test_shakedown_offers_its_unless_choice_to_be_made(services: Services) -> None:
    """Shakedown's "unless its controller has you draw 2": the resolution asks, offering both
    statements; choosing one carries it out."""
    await ask(services, "game new riftbound")
    await ask(
        services,
        "game Alice controls Recruit at Targon's Peak. Bob controls Stalwart Poro at "
        "Targon's Peak. Alice plays Shakedown targeting Stalwart Poro.",
    )
    reply = await ask(services, "game resolve")
    assert reply.data["steps"][0]["verdict"] == "error" and "Nothing changed" in reply.footer
    assert [c.label for c in reply.choices] == [
        "Shakedown resolves and Bob has Alice draw 2",
        "Shakedown resolves and Bob doesn't have Alice draw 2",
    ]
    reply = await ask(services, reply.choices[1].command)
    assert reply.data["steps"][0]["verdict"] == "resolved"
    assert units(await ask(services, "game state"))["Targon's Peak"] == [("Recruit", 1)]


async def test_a_quick_draw_granted_by_jax_offers_the_unit_to_attach_to(services: Services) -> None:
    """Jax, Unmatched: "Your Equipment everywhere have [Quick-Draw]" (819.1.d: "When you play
    this, attach it to a Unit you control"): playing Doran's Blade step by step offers each of
    Alice's units; picking one puts the trigger on the chain, and resolving it attaches."""
    await ask(services, "game new riftbound")
    await ask(services, "game join Alice")
    await ask(
        services,
        "game Alice controls Recruit at Targon's Peak. Alice controls Jax, Unmatched at her "
        "base. Bob controls Recruit at Targon's Peak.",
    )
    reply = await ask(services, "game play Doran's Blade")
    assert [c.label for c in reply.choices] == [
        "Doran's Blade's trigger targets Alice's Recruit",
        "Doran's Blade's trigger targets Jax, Unmatched",
    ]
    reply = await ask(services, reply.choices[0].command)
    assert reply.data["steps"][0]["verdict"] == "legal"
    reply = await ask(services, "game resolve")
    assert reply.data["steps"][0]["verdict"] == "resolved"
    state = await ask(services, "game state")
    [blade] = [
        o
        for objects in state.data["locations"].values()
        for o in objects
        if o["name"] == "Doran's Blade"
    ]
    assert blade["attached_to_name"] == "Recruit"


async def test_a_card_hidden_in_a_saved_game_is_played_from_hiding(services: Services) -> None:
    # [Hidden] (811.1.b, 811.6): hidden by a statement, played later with [Reaction] (QA 34 U1).
    await ask(services, "game new riftbound", channel="hide")
    reply = await ask(
        services,
        "game Alice controls Targon's Peak. Bob controls Stalwart Poro at Targon's Peak. "
        "Alice hides Back Off at Targon's Peak on an earlier turn. "
        "Bob plays Void Seeker targeting Stalwart Poro. "
        "Alice plays Back Off from hiding targeting Stalwart Poro.",
        channel="hide",
    )
    assert [s["verdict"] for s in reply.data["steps"]] == ["ok", "ok", "ok", "legal", "legal"]
    exported = (await ask(services, "game export", channel="hide")).body
    assert "Alice hides Back Off at Targon's Peak on an earlier turn." in exported


async def test_a_hidden_card_is_played_step_by_step_on_a_later_turn(services: Services) -> None:
    """811.1.b: "Beginning on the next turn ... you may play this": hidden this turn, it can't
    be played yet; "on a later turn" it can, its target offered only at its battlefield
    (811.1.d.2), and the export says the later turn first."""
    await ask(services, "game new riftbound", channel="hide2")
    await ask(
        services,
        "game Alice controls Targon's Peak. Bob controls Stalwart Poro at Targon's Peak. "
        "Bob controls Watchful Sentry at his base. Alice hides Back Off at Targon's Peak.",
        channel="hide2",
    )
    with pytest.raises(UserError, match="only beginning on the next turn"):
        await ask(services, "game play Back Off from hiding by Alice", channel="hide2")
    reply = await ask(
        services, "game play Back Off from hiding on a later turn by Alice", channel="hide2"
    )
    assert "Stalwart Poro" in reply.body and "Watchful Sentry" not in reply.body
    assert "at Targon's Peak (played from hiding there)" in reply.body
    reply = await ask(services, "game choose 1", channel="hide2")
    [step] = reply.data["steps"]
    assert step["verdict"] == "legal"
    exported = (await ask(services, "game export", channel="hide2")).body
    assert (
        "It is a later turn.\nAlice plays Back Off from hiding targeting Stalwart Poro." in exported
    )


async def test_play_with_a_kill_cost_asks_which_unit_first(services: Services) -> None:
    """QA 36 W1: Sacrifice's "As an additional cost to play this, kill a friendly [Mighty]
    unit" is asked first, offering only Mighty units (356.6, 708); the unit is killed as the
    cost is paid (357.2) and the export names it.  With no Mighty unit it can't be played."""
    await ask(services, "game new riftbound")
    await ask(services, "game join Alice")
    with pytest.raises(UserError, match="Alice controls none"):
        await ask(services, "game play Sacrifice")
    await ask(services, "game Alice controls Stalwart Poro. Alice controls Blazing Scorcher.")
    reply = await ask(services, "game play Sacrifice")
    assert reply.data["pending"]["rule"] == "356.6"
    assert "to kill" in reply.body and "Stalwart Poro" not in reply.body
    reply = await ask(services, "game choose 1")
    [step] = reply.data["steps"]
    assert step["verdict"] == "legal"
    assert "killed Alice's Blazing Scorcher" in " ".join(step["notes"])
    exported = (await ask(services, "game export")).data["statements"]
    assert exported[-1] == "Alice plays Sacrifice, killing Blazing Scorcher."


async def test_xp_and_a_stated_conquer_are_kept_by_a_saved_game(services: Services) -> None:
    """QA 36 U2, U6: "Alice has 6 XP." and "Alice conquers Targon's Peak." in a saved game:
    the XP, the score (once a turn, 466.2.c) and its triggers survive the snapshot."""
    await ask(services, "game new riftbound")
    await ask(services, "game join Alice")
    reply = await ask(
        services,
        "game Alice controls Wuju Master. Alice has 6 XP. "
        "Alice controls Kai'Sa, Survivor at Targon's Peak.",
    )
    assert [s["verdict"] for s in reply.data["steps"]] == ["ok", "ok", "ok"]
    reply = await ask(services, "game Alice conquers Targon's Peak.")
    assert reply.data["steps"][0]["verdict"] == "ok"
    assert "Kai'Sa, Survivor's triggered ability" in " ".join(reply.data["steps"][0]["notes"])
    state: RiftboundTable = await (await services.games.service()).state(GameScope("console", "c1"))
    again = game_codec().deserialize(game_codec().serialize(state))
    assert again.game == state.game and again.game.xp == {"Alice": 6}
    assert again.game.scored == (("Alice", "Targon's Peak"),)
    shown = await ask(services, "game state")
    assert units(shown)["Targon's Peak"] == [("Kai'Sa, Survivor", 5)]
    reply = await ask(services, "game Alice conquers Targon's Peak.")
    assert reply.data["steps"][0]["verdict"] == "illegal"


async def test_game_card_autocomplete_offers_the_running_games_cards(services: Services) -> None:
    """QA 65 U1: `/game cast` suggested Magic names (Void Snare) in a Riftbound game, which
    `game cast` then refused; it offers the running game's cards."""

    magic = CommandContext(Caller(user="Alice", channel="c1", name="Alice"), services)
    await run_command(magic, "game new mtg")
    assert "Void Snare" in await game_card_autocomplete(magic, "Void S")
    rift = CommandContext(Caller(user="Alice", channel="c2", name="Alice"), services)
    await run_command(rift, "game new riftbound")
    offered = await game_card_autocomplete(rift, "Void See")
    assert "Void Seeker" in offered and "Void Snare" not in offered
    # No game running: the channel's game as the front end knows it.
    idle = CommandContext(
        Caller(user="Alice", channel="c3", name="Alice", game_hint="riftbound"), services
    )
    assert "Void Seeker" in await game_card_autocomplete(idle, "Void See")
