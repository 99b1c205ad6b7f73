"""Statements played on a channel's saved game (MTG or Riftbound): the ones that changed it
are saved as one action, and the reply offers the statements that would answer a question the
last one raised (whether a player pays for ward, which group of targets a spell affects)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.commands.reply import Choice, Reply
from bot.commands.scenario import steps_reply
from bot.games.model import Actor, GameScope
from bot.games.service import GameService
from bot.scenario.steps import Step


async def save_and_answer(
    service: GameService[Any],
    scope: GameScope,
    actor: Actor,
    speaker: str,
    steps: Sequence[Step],
    *,
    footer_note: str = "",
) -> Reply:
    """Save the statements that changed the game (nothing if none did) and answer them."""
    effective = [step.statement for step in steps if step.changed]
    if effective:
        action: Mapping[str, Any] = {"statement": "\n".join(effective), "speaker": speaker}
        await service.apply(scope, action, actor)
        stored = f"Saved {len(effective)} change(s) to this channel's game."
    else:
        stored = "Nothing changed, so nothing was saved."
    reply = steps_reply("Game", steps, footer=stored + footer_note)
    last_error = steps[-1].error if steps else None
    if last_error is not None and last_error.statements:
        offered = tuple(
            Choice(text.removesuffix("."), f"game {text}") for text in last_error.statements
        )
        reply = replace(reply, choices=offered)
    return reply
