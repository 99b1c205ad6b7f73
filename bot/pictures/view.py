"""What a board picture shows, read from the board data both games' ``game state`` carry.

One place knows what the board holds (``bot/scenario/board_view.py`` and
``riftbound_board_view.py`` produce the data the text answer shows too); this module only
regroups it for drawing: areas (a player's permanents, or a Riftbound base or battlefield) of
pieces with badges, and the stack or chain with each target.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

# Qualities that matter for targeting, shown as badges (others stay in the text answer).
_BADGES = (
    "hexproof",
    "shroud",
    "ward",
    "protection",
    "tapped",
    "phased out",
    "indestructible",
    "flying",
    "face down",
    "attacking",
    "blocking",
)
_RULE = re.compile(r"\b(\d{3}\.\d+[a-z]?)\b")


@dataclass(frozen=True)
class Piece:
    """A permanent or unit: ``key`` is what arrows point at (``"#3"``)."""

    key: str
    name: str
    stats: str = ""
    badges: tuple[str, ...] = ()


@dataclass(frozen=True)
class Area:
    """A player's side of the table (``player`` set: arrows to that player end here) or a
    Riftbound location; ``groups`` are rows such as lands, creatures, other."""

    title: str
    groups: tuple[tuple[str, tuple[Piece, ...]], ...]
    player: str = ""


@dataclass(frozen=True)
class Target:
    key: str  # "#3" for an object or stack item, "player:Alice" for a player
    label: str  # the slot's text, e.g. "any target"
    legal: bool
    rule: str = ""  # why it is illegal, e.g. "608.2b"
    was: bool = False  # a target before the last change (115.7), drawn faintly


@dataclass(frozen=True)
class StackItem:
    key: str
    name: str
    controller: str
    targets: tuple[Target, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class BoardView:
    title: str
    areas: tuple[Area, ...]
    stack: tuple[StackItem, ...]
    stack_title: str = "Stack"


def _stats(item: Mapping[str, Any]) -> str:
    if item.get("power") is not None and item.get("toughness") is not None:
        return f"{item['power']}/{item['toughness']}"
    if item.get("might") is not None:
        return f"{item['might']} Might"
    # A planeswalker's loyalty and a battle's defense, as the text board shows them.
    if item.get("loyalty") is not None:
        return f"loyalty {item['loyalty']}"
    if item.get("defense") is not None:
        return f"defense {item['defense']}"
    return ""


def _badges(qualities: Sequence[str]) -> tuple[str, ...]:
    # "blocking Grizzly Bears (#1)" is the badge "blocking" (whom it blocks is in the text).
    return tuple(
        q.split(" ", 1)[0] if q.startswith("blocking ") else q
        for q in qualities
        if q.startswith(_BADGES)
    )


def _group_of(types: Sequence[str]) -> str:
    if "creature" in types:
        return "creatures"
    if "land" in types:
        return "lands"
    return "other"


def _rule_of(target: Mapping[str, Any]) -> str:
    rules = [r for r in target.get("rules", ()) if r not in ("115.1",)]
    if rules:
        return str(rules[-1])
    found = _RULE.findall(str(target.get("why", "")))
    return found[-1] if found else ""


def _target(target: Mapping[str, Any]) -> Target:
    key = f"#{target['id']}" if target.get("id") is not None else f"player:{target['chosen']}"
    legal = bool(target.get("legal", True))
    return Target(key, str(target.get("requirement", "")), legal, "" if legal else _rule_of(target))


def _was(target: Mapping[str, Any]) -> Target:
    key = f"#{target['id']}" if target.get("id") is not None else f"player:{target['chosen']}"
    return Target(key, "was", True, was=True)


def mtg_view(data: Mapping[str, Any], title: str = "Magic game") -> BoardView:
    """The MTG board data (``bot.scenario.board_view.board_data``) as a picture's view."""
    seats = dict(data.get("seats") or {})
    areas: list[Area] = []
    for player in data.get("players", ()):
        name = player["name"]
        rows: dict[str, list[Piece]] = {"lands": [], "creatures": [], "other": []}
        for item in data.get("permanents", ()):
            if item.get("controller") != name:
                continue
            rows[_group_of(item.get("types", ()))].append(
                Piece(
                    f"#{item['id']}", item["name"], _stats(item), _badges(item.get("qualities", ()))
                )
            )
        seat = f" · seat {seats[name]}" if name in seats else ""
        keywords = f" · {', '.join(player['keywords'])}" if player.get("keywords") else ""
        areas.append(
            Area(
                f"{name} · {player['life']} life{seat}{keywords}",
                tuple((group, tuple(pieces)) for group, pieces in rows.items() if pieces),
                player=name,
            )
        )
    stack = tuple(
        StackItem(
            f"#{item['id']}",
            item["name"],
            item["controller"],
            tuple(_target(t) for t in item.get("targets", ()))
            + tuple(_was(t) for t in item.get("previous_targets", ())),
            note=f"→ #{item['refers_to']} (no target)" if item.get("refers_to") else "",
        )
        for item in data.get("stack", ())
    )
    gone = _gone_targets(data.get("stack", ()), data)
    if gone:
        areas.append(Area("Targets no longer on the battlefield", (("gone", gone),)))
    return BoardView(title, tuple(areas), stack, "Stack")


def _gone_targets(stack: Sequence[Mapping[str, Any]], data: Mapping[str, Any]) -> tuple[Piece, ...]:
    """Targets that left since they were chosen (a new object now, 400.7): drawn apart, so
    the illegal arrow still has somewhere to point."""
    present = {item["id"] for item in data.get("permanents", ())}
    present |= {item["id"] for item in stack}
    pieces: dict[str, Piece] = {}
    for item in stack:
        for target in item.get("targets", ()):
            if target.get("id") is not None and target["id"] not in present:
                key = f"#{target['id']}"
                pieces.setdefault(key, Piece(key, str(target["chosen"]), "", ("gone",)))
    return tuple(pieces.values())


def riftbound_view(data: Mapping[str, Any], title: str = "Riftbound game") -> BoardView:
    """The Riftbound board data (bases, battlefields, the chain) as a picture's view."""
    areas = []
    for player in data.get("players", ()):
        areas.append(Area(str(player), (), player=str(player)))
    for location, units in (data.get("locations") or {}).items():
        at_base = location.endswith("'s base")
        pieces = tuple(
            Piece(
                f"#{u['id']}",
                u["name"],
                _stats(u),
                tuple(
                    b
                    for b, on in (
                        (str(u.get("controller", "")), not at_base),
                        ("exhausted", u.get("exhausted")),
                        ("stunned", u.get("stunned")),
                        (f"{u.get('damage')} damage", u.get("damage")),
                    )
                    if on
                ),
            )
            for u in units
        )
        areas.append(Area(location, (("units", pieces),) if pieces else ()))
    chain = tuple(
        StackItem(
            f"#{item['id']}",
            item["name"],
            item["controller"],
            tuple(_target(t) for t in item.get("targets", ())),
        )
        for item in data.get("chain", ())
    )
    return BoardView(title, tuple(areas), chain, "Chain")


def view_of(data: Mapping[str, Any], kind: str) -> BoardView:
    return riftbound_view(data) if kind == "riftbound" else mtg_view(data)
