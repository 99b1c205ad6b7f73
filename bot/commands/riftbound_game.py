"""Riftbound in ``game``: the step commands of a channel whose game is Riftbound (``game play``,
``game choose``, ``game back``, ``game cancel``, ``game resolve``) and its statements, played
on the saved board.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.commands.game_calls import GameCall
from bot.commands.game_statements import (
    offered_choices,
    play_statements,
    refuse_statements_in_progress,
    refuse_what_the_caller_may_not_say,
)
from bot.commands.game_variant import GameVariant
from bot.commands.game_views import choice_reply
from bot.commands.reply import Reply
from bot.commands.riftbound_cards import riftbound_executor_for
from bot.engine.riftbound.model import RbZone
from bot.engine.riftbound.playing import activated_target_phrases
from bot.engine.wording import and_list
from bot.errors import StateError, UsageError
from bot.games.riftbound_reducer import (
    RIFTBOUND_START_HINT,
    RiftboundTable,
    play_title,
    require_pending,
)
from bot.scenario.parser import times_kicked
from bot.scenario.riftbound_board_view import board_data, board_text
from bot.scenario.riftbound_stepping import pick_label, prompt_of, read_pick
from bot.scenario.stepping import Prompt
from bot.scenario.steps import Step

# "game play Blazing Scorcher with Accelerate", "game play Hidden Blade with Repeat [twice]":
# the optional additional costs paid as it is played (805, 820).
_WITH_COST = re.compile(
    r"\s+with\s+(?:(?P<accelerate>accelerate)|repeat(?:\s+(?P<times>.+?))?)\s*$", re.I
)


# "game play Back Off from hiding [on a later turn]": [Hidden] (811.1.b), its choices made at
# the battlefield where it was hidden (811.1.d); "on a later turn" when it was hidden this turn.
_FROM_HIDING = re.compile(
    r"\s+from\s+(?:hiding|hidden|face-?down)"
    r"(?P<later>,?\s+(?:on\s+)?(?:an?\s+later|the\s+next|next)\s+turn)?(?P<rest>.*)$",
    re.I,
)


def _without_costs(text: str) -> str:
    """The card's name without the optional costs said after it."""
    while (said := _WITH_COST.search(text)) is not None:
        text = text[: said.start()].strip()
    return text


async def _play(call: GameCall) -> Reply:
    hiding = _FROM_HIDING.search(call.rest)
    hidden: dict[str, object] = {}
    if hiding is not None:
        # "game play Back Off from hiding [by Alice]": its player is said after it.
        call = replace(call, rest=(call.rest[: hiding.start()] + hiding["rest"]).strip())
        hidden = {"from_hidden": True, "later_turn": bool(hiding["later"])}
    card_text, named = await call.split_player(
        riftbound_executor_for(call.ctx).cards, bare=_without_costs
    )
    costs: dict[str, object] = {}
    while card_text and (said := _WITH_COST.search(card_text)) is not None:
        card_text = card_text[: said.start()].strip()
        if said["accelerate"]:
            costs["accelerate"] = True
            continue
        times = times_kicked(said["times"] or "")
        if times is None:
            raise UsageError(
                f"“{said['times']}” isn't a number of Repeat costs.",
                hint="game play Hidden Blade with Repeat (or: with Repeat twice)",
            )
        costs["repeats"] = times
    if not card_text:
        raise UsageError(
            "Say which card to play.",
            hint="game play Void Seeker [by Alice] [with Accelerate | with Repeat]",
        )
    card = riftbound_executor_for(call.ctx).cards.resolve(card_text)
    player = await call.acting_player(named, f"game play {card.name}")
    action = {"play_start": {"player": player, "card": card.name, **costs, **hidden}}
    return progress_reply(await call.step(lambda _current: action))


async def _activate(call: GameCall) -> Reply:
    """``game activate Gold``: Riftbound abilities aren't activated step by step, so an ability
    that chooses nothing (Gold's "Kill this, [E]: [Reaction] - [Add] [A]") is activated at once
    by the one statement (QA 27 U2); one with targets is pointed to that statement, with them
    named."""
    card_text, named = await call.split_player(riftbound_executor_for(call.ctx).cards)
    if not card_text:
        raise UsageError(
            "Say which card's ability to activate.",
            hint="game Alice activates Serrated Dirk targeting Recruit.",
        )
    card = riftbound_executor_for(call.ctx).cards.resolve(card_text)
    targeting = activated_target_phrases(card)
    try:
        player = await call.acting_player(named, f"game activate {card.name}")
    except StateError:
        if targeting:
            player = "Alice"  # no seat and none named: the example names a player
        else:
            player = await _controller_of(call, card.name) or ""
            if not player:
                raise
    if not targeting:
        return await _statements(replace(call, rest=f"{player} activates {card.name}."))
    raise UsageError(
        f"In a Riftbound game, {card.name}'s ability is activated in one statement, with its "
        f"targets named ({and_list(f'“{p}”' for p in targeting)}); step by step only playing "
        "cards is offered.",
        hint=f"game {player} activates {card.name} targeting … (e.g. a unit's name)",
    )


async def _controller_of(call: GameCall, name: str) -> str | None:
    """Who controls the only permanent or legend called ``name`` in this channel's game (the
    one whose ability is activated, 378; a legend's abilities are used from the legend zone,
    Hand of Noxus), or None when none or several players do."""
    game = (await (await call.service()).state(call.scope)).game
    legends = [o for o in game.objects.values() if o.zone is RbZone.LEGEND_ZONE]
    controllers = {
        o.controller for o in (*game.on_board(), *legends) if o.name == name and o.controller
    }
    return controllers.pop() if len(controllers) == 1 else None


async def _resolve(call: GameCall) -> Reply:
    rest = call.rest.strip(" .")
    if rest.lower() in ("all", "the chain", "everything"):
        return await _statements(replace(call, rest="Resolve the chain."))
    # `game resolve affecting #4`: a group's subset (355.11.b). Whatever is said after it is
    # read as the statement says it, so it is applied or refused, never dropped (QA 34 U4).
    text = f"The top of the chain resolves {rest}." if rest else "The top of the chain resolves."
    return await _statements(replace(call, rest=text))


async def _statements(call: GameCall) -> Reply:
    speaker, seated = await call.speaker()
    seating = await (await call.service()).seating(call.scope)
    executor = riftbound_executor_for(call.ctx)

    def run(current: RiftboundTable) -> Sequence[Step]:
        if current.pending is not None:
            refuse_statements_in_progress(call.actor, seating, play_title(current.pending))
        refuse_what_the_caller_may_not_say(
            call,
            executor,
            seating,
            speaker,
            seated,
            current.game.player_names,
            current.game.chain[-1].controller if current.game.chain else None,
        )
        return executor.run(call.rest, current.game, speaker=speaker, saved=True).steps

    # A group's subsets (355.11.b) or a split's divisions (355.14.e) come back as choices.
    return await play_statements(
        await call.service(),
        call.scope,
        call.actor,
        speaker,
        run,
        footer_note=" Riftbound Core Rules numbers.",
        expected_version=call.stamp,
    )


def progress_reply(state: RiftboundTable) -> Reply:
    from bot.commands.scenario import steps_reply

    if state.pending is None:
        reply = steps_reply(
            "Play", state.last_steps, footer="Every choice is made (358.1): the card is played."
        )
        # A trigger of the card played that needs a choice (Quick-Draw's unit, 819.1.d), or
        # the order of triggers that triggered together (383.3.d): offered as next steps.
        offered = offered_choices(state.last_steps)
        return replace(reply, choices=offered) if offered else reply
    progress = state.pending
    chosen = []
    if progress.killed is not None:
        chosen.append(
            f"Killed for its additional cost: {progress.state.label(progress.killed)} (356.6)"
        )
    if progress.location is not None and progress.needs_location:
        chosen.append(f"Location: {progress.location}")
    if progress.accelerated:
        chosen.append("Paying its Accelerate cost: it enters ready (805.1.a)")
    if progress.repeats:
        chosen.append(
            f"Paying {'its Repeat cost' if progress.repeats == 1 else f'{progress.repeats} Repeat costs'}"
            ": the repeat's targets are chosen after the first's (820.2)"
        )
    modal = progress.modal
    if modal is not None and progress.mode is not None:
        chosen.append(f"Mode: “{modal.label(progress.mode)}”")
    targets = progress.analysis.targets
    for mention, group in zip(targets, progress.picks, strict=False):
        chosen.append(
            f"“{mention.phrase}”: " + (", ".join(progress.state.label(i) for i in group) or "none")
        )
    if progress.destination is not None:
        chosen.append(f"Destination: {progress.destination}")
    return choice_reply(
        play_title(progress),
        progress.card.name,
        prompt_of(progress.next_choice()),
        chosen,
        rule_prefix="rule ",
    )


def _in_progress(state: RiftboundTable) -> tuple[str, Prompt] | None:
    pending = state.pending
    return None if pending is None else (play_title(pending), prompt_of(pending.next_choice()))


def _choose(current: RiftboundTable, text: str) -> Mapping[str, Any]:
    """``game choose``'s action: the value picked, and what it means for the history and undo
    ("picked": the options' labels, not object ids; QA 38 M2)."""
    pending = require_pending(current)
    value = read_pick(pending, text)
    return {"choose": value, "picked": pick_label(pending, value)}


RIFTBOUND_GAME = GameVariant(
    kind="riftbound",
    title="Riftbound",
    first_statements=(
        "`game Alice controls Blazing Scorcher at her base.` or `game Bob controls Blazing "
        "Scorcher at Targon's Peak.`; play cards with `game play Void Seeker`."
    ),
    step_commands={
        "play": _play,
        "cast": _play,
        "activate": _activate,
        "resolve": _resolve,
    },
    statements=_statements,
    board_text=lambda _call, game: board_text(game),
    board_data=board_data,
    players=lambda game: tuple(game.players),
    in_progress=_in_progress,
    start_hint=RIFTBOUND_START_HINT,
    choose=_choose,
    progress_reply=progress_reply,
)
