"""A small board most engine unit tests start from."""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.mtg.game import MtgGame
from bot.engine.mtg.state import GameState
from tests.engine.mtg.specs import creature


@dataclass
class Board:
    state: GameState
    bear: int
    elves: int
    skite: int
    troll: int


def board(engine: MtgGame) -> Board:
    s = engine.new_game(["Alice", "Bob"])
    s, v = engine.add_permanent(s, "Alice", creature("Runeclaw Bear"))
    bear = v.object_ids[0]
    s, v = engine.add_permanent(
        s,
        "Alice",
        creature("Llanowar Elves", power=1, toughness=1, type_line="Creature — Elf Druid"),
    )
    elves = v.object_ids[0]
    s, v = engine.add_permanent(
        s,
        "Bob",
        creature(
            "Spellskite",
            colors=(),
            power=0,
            toughness=4,
            type_line="Artifact Creature — Phyrexian Horror",
        ),
    )
    skite = v.object_ids[0]
    s, v = engine.add_permanent(
        s,
        "Bob",
        creature(
            "Troll Ascetic",
            power=3,
            toughness=2,
            keywords=("Hexproof",),
            text="Hexproof (This creature can't be the target of spells or "
            "abilities your opponents control.)",
            type_line="Creature — Troll",
        ),
    )
    troll = v.object_ids[0]
    return Board(s, bear, elves, skite, troll)
