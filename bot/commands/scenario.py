"""``scenario``: run a one-shot script of plain-English statements and answer each one.

Also home of ``IndexCardLookup``, which adapts the card index (reference layer) to the scenario
layer's ``CardLookup`` protocol, and of the reply rendering shared with ``game``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from bot.commands.context import CommandContext
from bot.commands.reply import Reply, Section
from bot.commands.riftbound_cards import riftbound_executor_for
from bot.engine.cards import CardData
from bot.engine.verdict import NOT_TRACKED
from bot.scenario.board_view import board_data
from bot.scenario.executor import MtgScenarioExecutor
from bot.scenario.riftbound_board_view import board_data as riftbound_board_data
from bot.scenario.steps import Step

if TYPE_CHECKING:
    from bot.records.cards import Card
    from bot.reference.cards import CardIndex

SCENARIO_HINT = (
    "Write one statement per line, e.g.\n"
    "Alice controls Runeclaw Bear and Llanowar Elves.\n"
    "Bob casts Arc Trail targeting Runeclaw Bear and Llanowar Elves.\n"
    "For Riftbound, add game:riftbound (or start with a line `game: riftbound`), e.g.\n"
    "game: riftbound\n"
    "Bob controls Blazing Scorcher at Targon's Peak.\n"
    "Alice plays Void Seeker targeting Blazing Scorcher."
)
# ``game:riftbound`` / ``--game riftbound`` anywhere, or a first line ``game: riftbound``.
_GAME_OPTION = re.compile(
    r"(?:^|\s)(?:--game[\s=]+|game:\s*)(?P<game>mtg|magic|riftbound|rb)\b[ \t]*[.;]?", re.I
)
_CACHE_SIZE = 4096


def card_data(card: Card) -> CardData:
    """The engine's view of a reference ``Card`` (faces included)."""
    shape: dict[str, Any] = {
        "name": card.name,
        "layout": card.layout,  # a modal back face's own mana value (712.8f)
        "type_line": card.type_line,
        "oracle_text": card.oracle_text if not card.faces or card.oracle_text else None,
        "mana_cost": card.mana_cost,
        "cmc": card.cmc,
        "power": card.power,
        "toughness": card.toughness,
        "loyalty": card.loyalty,
        "defense": card.defense,
        "colors": list(card.colors),
        "keywords": list(card.keywords),
        "card_faces": [
            {
                "name": face.name,
                "type_line": face.type_line,
                "oracle_text": face.oracle_text,
                "mana_cost": face.mana_cost,
                "power": face.power,
                "toughness": face.toughness,
                "loyalty": face.loyalty,
                "defense": face.defense,
                "colors": list(face.colors or card.colors),
            }
            for face in card.faces
        ],
    }
    if shape["oracle_text"] is None:
        del shape["oracle_text"]
    return CardData.from_scryfall(shape)


class IndexCardLookup:
    """``CardLookup`` over the card index: the same fuzzy matcher as the ``card`` command."""

    def __init__(self, index: CardIndex) -> None:
        self._index = index
        self._exact = lru_cache(maxsize=_CACHE_SIZE)(self._exact_uncached)
        self._resolve = lru_cache(maxsize=_CACHE_SIZE)(self._resolve_uncached)

    def _exact_uncached(self, name: str) -> CardData | None:
        card = self._index.exact(name)
        return None if card is None else card_data(card)

    def _resolve_uncached(self, name: str) -> CardData:
        return card_data(self._index.resolve(name))

    def exact(self, name: str) -> CardData | None:
        return self._exact(name.strip())

    def resolve(self, name: str) -> CardData:
        return self._resolve(name.strip())

    def names(self) -> list[str]:
        return self._index.all_names()


def executor_for(ctx: CommandContext) -> MtgScenarioExecutor:
    """One executor per reference store (its engine caches what it read of each card)."""
    services = ctx.services
    executor = services.scenario_executor
    if executor is None:
        executor = MtgScenarioExecutor(IndexCardLookup(ctx.reference.cards))
        services.scenario_executor = executor
    return executor


def speaker_of(ctx: CommandContext) -> str:
    return ctx.caller.name or ctx.caller.user


def scenario_speaker(ctx: CommandContext) -> str:
    """Whom "I" means in a one-shot scenario: the caller, or no one ("") for the console's
    onlooker (the executor then says "I" names no player, and who the players are)."""
    return "" if ctx.caller.onlooker else speaker_of(ctx)


def step_section(step: Step) -> Section:
    """One statement's answer as a titled block a player can read."""
    lines = [step.explanation]
    # Copies of one card share a name: their ids tell them apart ("Recruit (#3)").
    chosen_names = [slot.chosen for slot in step.targets if slot.chosen and not slot.options]
    repeated = {name for name in chosen_names if chosen_names.count(name) > 1}
    for slot in step.targets:
        if slot.options:
            names = ", ".join(option.label for option in slot.options) or "nothing"
            lines.append(f"• “{slot.requirement}”: {names}")
        elif slot.chosen:
            legal = {True: "legal", False: "illegal", None: "—"}[slot.legal]
            amount = f" ({slot.amount})" if slot.amount is not None else ""
            why = f": {slot.why}" if slot.legal is False and slot.why else ""
            which = (
                f" (#{slot.chosen_id})"
                if slot.chosen in repeated
                and slot.chosen_id is not None
                and slot.chosen_id > 0  # a Riftbound player chosen as a target has no #id
                and not slot.chosen.endswith(f"(#{slot.chosen_id})")  # already told apart
                else ""
            )
            lines.append(f"• “{slot.requirement}”: {slot.chosen}{which}{amount} — {legal}{why}")
    for effect in step.effects:
        mark = "✓" if effect.happens else "✗"
        why = f" ({effect.why})" if effect.why and not effect.happens else ""
        if effect.happens and not effect.tracked:
            why = f" ({effect.why or NOT_TRACKED})"
        lines.append(f"{mark} {effect.text}{why}")
    lines.extend(f"Note: {note}" for note in step.notes)
    if step.rules:
        lines.append("Rules: " + ", ".join(step.rules))
    # A heading holds 240 characters: a long statement is shortened, never its verdict (QA 13).
    verdict = f" → {step.verdict}"
    said = f"{step.position}. {step.statement}".strip()
    if len(said) + len(verdict) > _HEADING_CHARS:
        said = said[: _HEADING_CHARS - len(verdict) - 1].rstrip() + "…"
    return Section(said + verdict, "\n".join(lines))


_HEADING_CHARS = 240


def steps_reply(title: str, steps: Sequence[Step], *, footer: str = "", body: str = "") -> Reply:
    errors = sum(1 for step in steps if step.error is not None)
    return Reply(
        title=title,
        body=body,
        sections=tuple(step_section(step) for step in steps),
        footer=footer,
        kind="error" if steps and errors == len(steps) else "scenario",
        data={"steps": [step.to_dict() for step in steps]},
    )


async def scenario(ctx: CommandContext, text: str) -> Reply:
    """Run a one-shot scenario: every statement's verdict, target slots, effects and rules.

    ``game:riftbound`` (or a first line ``game: riftbound``) plays it as Riftbound: cards
    are ``play``ed, units stand at a base or a named battlefield, targets follow rule 355.10
    and spells resolve with illegal targets (no fizzle).
    """
    game, text = _scenario_game(ctx, text)
    one_shot = _ONE_SHOTS[game]
    result = one_shot.executor(ctx).run(text, speaker=scenario_speaker(ctx))
    count = len(result.steps)
    # The picture shows the final state (bot/pictures), drawn by the front ends.
    return replace(
        steps_reply(
            f"{one_shot.title}: {count} statement{'s' if count != 1 else ''}",
            result.steps,
            footer=one_shot.footer,
        ),
        picture={"kind": game, **one_shot.board(result.state)},
    )


@dataclass(frozen=True)
class _OneShot:
    """What a one-shot scenario needs of a game: its executor, board and wording."""

    title: str
    footer: str
    executor: Callable[[CommandContext], Any]
    board: Callable[[Any], dict[str, Any]]


_ONE_SHOTS = {
    "mtg": _OneShot(
        "Scenario",
        "Comprehensive Rules numbers; Oracle text from the card data",
        executor_for,
        board_data,
    ),
    "riftbound": _OneShot(
        "Riftbound scenario",
        "Riftbound Core Rules numbers; card text from the card gallery, with its errata",
        riftbound_executor_for,
        riftbound_board_data,
    ),
}


def _scenario_game(ctx: CommandContext, text: str) -> tuple[str, str]:
    """The game a scenario is played in, and the script without the option that said so."""
    match = _GAME_OPTION.search(text)
    if match is None:
        return ("riftbound" if ctx.caller.game_hint == "riftbound" else "mtg"), text
    name = match.group("game").lower()
    rest = text[: match.start()] + "\n" + text[match.end() :]
    return ("riftbound" if name in ("riftbound", "rb") else "mtg"), rest.strip()
