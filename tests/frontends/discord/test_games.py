"""A whole game stepped through with slash commands and buttons, with a restart in the middle."""

from __future__ import annotations

import simcord

from bot.commands.context import Services
from tests.frontends.discord.conftest import RestartBot
from tests.frontends.discord.helpers import custom_ids, only_embed, response_of, setup_guild


def _button_for(message: simcord.ResponseMessage, label_part: str) -> str:
    """The custom_id of the button (or select option line) whose label mentions ``label_part``."""
    for row in message.components:
        for component in row.get("components", []):
            if label_part in component.get("label", ""):
                return str(component["custom_id"])
    raise AssertionError(f"no button mentions {label_part!r}: {message.components}")


async def _pick_first_option(
    actor: simcord.MemberActor, message: simcord.ResponseMessage
) -> simcord.ResponseMessage:
    """Pick the first offered option, whether shown as buttons or as a select menu."""
    for row in message.components:
        for component in row.get("components", []):
            if component.get("type") == 3:  # string select
                first = component["options"][0]["value"]
                result = await actor.select(message, [first], custom_id=component["custom_id"])
                return response_of(result)
            if str(component.get("custom_id", "")).startswith("rb:run:game choose"):
                result = await actor.click(message, custom_id=component["custom_id"])
                return response_of(result)
    raise AssertionError(f"no option offered: {message.components}")


async def test_cast_retarget_resolve_with_buttons_across_a_restart(
    simcord_env: simcord.Env, restart_bot: RestartBot
) -> None:
    guild, channel, alice = setup_guild(simcord_env)
    mallory = guild.add_member(simcord_env.create_user("mallory"))

    started = await alice.slash(channel, "game new", game="mtg")
    await alice.slash(channel, "game join", player="Alice")
    assert only_embed(response_of(started)).title == "New Magic game"
    setup = await alice.slash(
        channel,
        "game do",
        statements="Alice controls Runeclaw Bear and Llanowar Elves. Bob controls Spellskite.",
    )
    assert "Spellskite (#3)" in only_embed(response_of(setup)).description or "#3" in str(
        only_embed(response_of(setup)).to_dict()
    )

    # Bob casts Arc Trail; each target is a button (CR 601.2c).
    cast = await alice.slash(
        channel,
        "game do",
        statements="Bob casts Arc Trail targeting Runeclaw Bear and Llanowar Elves.",
    )
    assert "legal" in str(only_embed(response_of(cast)).to_dict()).lower()
    redirect = await alice.slash(channel, "game cast", spell="Redirect")
    message = response_of(redirect)
    assert "Arc Trail" in str(only_embed(message).to_dict())
    ids = custom_ids(message)
    assert any(i.startswith("rb:run:game choose") for i in ids), ids

    # The bot restarts; the buttons still work because they carry their command line.
    await restart_bot()

    # Someone who is not in the game may look but not change it: a polite ephemeral refusal.
    refused = await mallory.click(message, custom_id=_button_for(message, "Arc Trail"))
    assert any(f.ephemeral for f in refused.followups) or (
        refused.response is not None and refused.response.ephemeral
    )

    chosen = await alice.click(message, custom_id=_button_for(message, "Arc Trail"))
    assert "Redirect" in str(only_embed(response_of(chosen)).to_dict())
    state = await alice.slash(channel, "game state")
    shown = str(only_embed(response_of(state)).to_dict())
    assert "Redirect" in shown and "Arc Trail" in shown

    # Redirect resolves: choose new targets one step at a time (CR 115.7d), then Arc Trail.
    resolving = await alice.slash(channel, "game resolve")
    step = response_of(resolving)
    for _ in range(6):
        text = str(only_embed(step).to_dict())
        # Redirect's verdict is "changed" once its new targets are chosen (115.7).
        if "Targets changed" in text or "resolved" in text.lower():
            break
        step = await _pick_first_option(alice, step)
    final = await alice.slash(channel, "game resolve")
    verdict = str(only_embed(response_of(final)).to_dict()).lower()
    # Redirect's new first target (the first option offered, Alice) takes the 2 damage.
    assert "arc trail resolves" in verdict and "→ resolved" in verdict
    assert "2 damage to alice" in verdict
    history = await alice.slash(channel, "game history")
    assert "Redirect" in str(only_embed(response_of(history)).to_dict())


async def test_ward_is_paid_or_not_with_a_button(
    simcord_env: simcord.Env, services: Services
) -> None:
    """CR 702.21a: the ward trigger goes on the stack; resolving it offers "pays" and
    "doesn't pay" as buttons, and not paying counters the spell (701.6a)."""
    _guild, channel, alice = setup_guild(simcord_env)
    await alice.slash(channel, "game new", game="mtg")
    await alice.slash(
        channel,
        "game do",
        statements="Alice controls Runeclaw Bear. Runeclaw Bear gains ward 2. "
        "Bob casts Lightning Bolt targeting Runeclaw Bear.",
    )
    asked = response_of(await alice.slash(channel, "game resolve"))
    text = str(only_embed(asked).to_dict())
    assert "ward trigger" in text and "702.21a" in text
    decline = _button_for(asked, "doesn't pay")
    declined = await alice.click(asked, custom_id=decline)
    verdict = str(only_embed(response_of(declined)).to_dict())
    assert "Lightning Bolt is countered" in verdict and "701.6a" in verdict
    state = str(only_embed(response_of(await alice.slash(channel, "game state"))).to_dict())
    assert "Lightning Bolt" in state and "graveyard" in state  # countered, not resolved
    # The answered question's message no longer offers the choice (only the Picture button).
    labels = [c.get("label") for row in asked.components for c in row.get("components", [])]
    assert labels == ["Picture"]


async def test_turning_the_page_of_a_game_answer_does_not_apply_it_again(
    simcord_env: simcord.Env,
) -> None:
    # QA 14 #2: the page buttons ran the `game do` line again, so a batch of statements long
    # enough to have pages was stored (and applied) once more with every page turned.
    _guild, channel, alice = setup_guild(simcord_env)
    await alice.slash(channel, "game new", game="mtg")
    await alice.slash(channel, "game join", player="Alice")
    cards = ["Memnite", "Ornithopter", "Llanowar Elves", "Grizzly Bears", "Savannah Lions"]
    statements = " ".join(f"Alice controls {card}." for card in cards * 8)
    batch = await alice.slash(channel, "game do", statements=statements)
    message = response_of(batch)
    next_page = _button_for(message, "Next")
    turned = await alice.click(message, custom_id=next_page)
    page_two = str(only_embed(response_of(turned)).to_dict())
    assert "#40" in page_two or "Savannah Lions" in page_two  # the answer's later statements
    state = await alice.slash(channel, "game state")
    board = str(only_embed(response_of(state)).to_dict())
    assert "#40 " in board and "#41 " not in board  # forty permanents, not eighty


async def test_a_step_that_takes_several_options_is_one_multi_select(
    simcord_env: simcord.Env,
) -> None:
    """QA 20 W5: Kolaghan's Command asks for two modes (CR 700.2); its mode buttons each
    picked one alone and were refused. The step is one select taking exactly two, and
    picking two answers it with one `game choose 1 3`."""
    _guild, channel, alice = setup_guild(simcord_env)
    await alice.slash(channel, "game new", game="mtg")
    await alice.slash(channel, "game join", player="Alice")
    await alice.slash(channel, "game do", statements="Bob controls Ornithopter.")
    cast = response_of(await alice.slash(channel, "game cast", spell="Kolaghan's Command"))
    selects = [
        component
        for row in cast.components
        for component in row.get("components", [])
        if component.get("type") == 3
    ]
    assert len(selects) == 1, cast.components
    select = selects[0]
    assert (select["min_values"], select["max_values"]) == (2, 2)
    assert not any(i.startswith("rb:run:game choose 1") for i in custom_ids(cast))
    values = [option["value"] for option in select["options"]]
    picked = await alice.select(cast, [values[0], values[2]], custom_id=select["custom_id"])
    text = str(only_embed(response_of(picked)).to_dict())
    # With no creature card in a graveyard, the first mode offered is "Target player
    # discards a card" (700.2a), the third "deals 2 damage to any target": both were taken,
    # and the first one's target is asked for next.
    assert "“target player”" in text, text
    then = await alice.slash(channel, "game choose", option=1)  # Bob
    assert "“any target”" in str(only_embed(response_of(then)).to_dict())
