"""``scenario`` through the command dispatcher, on the real card data."""

from __future__ import annotations

import json

from bot.commands.context import Caller, CommandContext, Services
from bot.commands.dispatch import run_command
from bot.frontends.text import render_json

EXAMPLE = """\
Alice controls Runeclaw Bear and Llanowar Elves. Bob controls Spellskite.
Bob casts Arc Trail targeting Runeclaw Bear and Llanowar Elves.
Alice casts Redirect targeting Arc Trail.
Redirect resolves choosing new targets Llanowar Elves and Runeclaw Bear.
Arc Trail resolves.
"""


async def test_the_document_example_end_to_end(services: Services) -> None:
    ctx = CommandContext(Caller(user="alice", channel="c"), services)
    reply = await run_command(ctx, "scenario " + EXAMPLE)
    steps = json.loads(render_json(reply))
    assert [s["verdict"] for s in steps] == ["ok", "ok", "legal", "legal", "changed", "resolved"]
    assert "115.4" in steps[2]["rules"]
    assert "115.1" in steps[3]["rules"] and steps[3]["targets"][0]["requirement"] == "target spell"
    assert {"115.7d", "115.7e"} <= set(steps[4]["rules"])
    assert [e["text"] for e in steps[5]["effects"]] == [
        "2 damage to Llanowar Elves",
        "1 damage to Runeclaw Bear",
    ]
    for step in steps:
        assert {"statement", "verdict", "targets", "effects", "rules", "explanation"} <= set(step)
    assert "Arc Trail resolves" in reply.sections[-1].heading


async def test_errors_keep_the_position_and_a_statement_that_works(services: Services) -> None:
    ctx = CommandContext(Caller(user="alice", channel="c"), services)
    reply = await run_command(
        ctx, "scenario Alice controls Runeclaw Bear.\nAlice cats Lightning Bolt targeting Bob."
    )
    steps = json.loads(render_json(reply))
    assert steps[1]["verdict"] == "error"
    assert steps[1]["error"]["position"] == 2 and steps[1]["error"]["hint"]


async def test_i_from_the_console_without_a_user_names_no_one(services: Services) -> None:
    """Found by QA: without --user, "I cast Shock" made a third player called "Console".
    The console's onlooker is no player: "I" is an error naming who the players are, and
    with --user, "I" is that user."""
    from bot.__main__ import console_caller

    script = (
        "Alice controls Runeclaw Bear. Bob controls Llanowar Elves.\n"
        "I cast Shock targeting Runeclaw Bear.\n"
        "Show the board."
    )
    onlooker = CommandContext(console_caller(None, channel="c"), services)
    steps = json.loads(render_json(await run_command(onlooker, "scenario " + script)))
    assert [s["verdict"] for s in steps] == ["ok", "ok", "error", "ok"]
    error = steps[2]["error"]
    assert "“I”" in error["message"] and "Alice and Bob" in error["message"]
    assert "--user" in error["hint"]
    assert "Console" not in json.dumps(steps)
    alice = CommandContext(console_caller("alice", channel="c"), services)
    steps = json.loads(render_json(await run_command(alice, "scenario " + script)))
    assert [s["verdict"] for s in steps] == ["ok", "ok", "legal", "ok"]
    assert "Alice casts Shock" in steps[2]["explanation"]


async def test_resolving_the_stack_says_what_each_did_and_names_each_target_once(
    services: Services,
) -> None:
    # Found by QA 10: three Shocks at one Bear were headed "fizzled" with no word that the
    # first resolved, the fizzle sentence was repeated, and the targets read "(#1) (#1)".
    ctx = CommandContext(Caller(user="alice", channel="c"), services)
    shock = "Bob casts Shock targeting Runeclaw Bear.\n"
    reply = await run_command(
        ctx, "scenario Alice controls Runeclaw Bear.\n" + shock * 3 + "Resolve the stack.\n"
    )
    body = reply.sections[-1].text
    assert "3 resolutions: 1 resolved, 2 fizzled." in body
    assert "the next one does the same" in body
    assert "(#1) (#1)" not in body and "Runeclaw Bear (#1) — illegal" in body


async def test_a_riftbound_player_chosen_twice_is_shown_without_an_id(services: Services) -> None:
    # Found by QA 12: "Resolve the chain." showed a player chosen by two triggers as "Bob (#-1)"
    # (players chosen as Riftbound targets have ids below zero inside the engine only).
    ctx = CommandContext(Caller(user="alice", channel="c"), services)
    reply = await run_command(
        ctx,
        "scenario game:riftbound Alice controls Mindsplitter at her base. Alice controls Scuttle "
        "Crab at her base.\nMindsplitter's trigger targets Bob.\nScuttle Crab dies.\n"
        "Scuttle Crab's trigger targets Bob.\nResolve the chain.\n",
    )
    body = reply.sections[-1].text
    assert "“an opponent”: Bob — legal" in body and "#-" not in body


def test_a_long_statement_keeps_its_verdict_in_the_heading() -> None:
    # QA 13 #12: the heading was cut at 240 characters after " → illegal" was added.
    from bot.commands.scenario import step_section
    from bot.scenario.steps import Step

    long = "Alice casts Cryptic Command choosing " + "counter target spell, " * 12 + "."
    step = Step(position=5, statement=long, verdict="illegal", explanation="why")
    heading = step_section(step).heading
    assert len(heading) <= 240
    assert heading.endswith("… → illegal")
