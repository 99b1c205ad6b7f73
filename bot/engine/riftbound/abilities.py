"""A permanent's activated and triggered abilities, read from its printed text.

Activated abilities are written as a cost, a ":", then an effect (377.1; "[E]: Deal 2 to a unit
at a battlefield."); triggered abilities start with "when", "at the start of", "the first time"
... (383.1).  [Equip] is short for "[Cost]: Attach this gear to a unit you control." (818.1.c.2)
and [Deathknell] for "When I die, ..." .  Reminder text in parentheses says what a keyword does;
it is not an ability of its own, and abilities quoted as granted to other objects ("friendly
legends have "[E]: ..."") are not the card's own.  Passive abilities are left out: they never go
on the chain.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_REMINDER = re.compile(r"\s*\([^()]*\)")
_QUOTED = re.compile(r"[\"“][^\"”]*[\"”]")
_EQUIP = re.compile(r"^\[Equip\]\s*(?:-\s*)?(?P<cost>[^.]*?)\s*(?:\.\s*(?P<rest>.*))?$", re.I)
_DEATHKNELL = re.compile(r"^\[Deathknell\]\s*(?:\[>\]|-)\s*(?P<effect>.+)$", re.I)
_KEYWORDS_ONLY = re.compile(r"^(?:\[[^\]]+\]\s*)+$")
# Keywords written before an ability ("[Action][>] Kill this, [E]: ...", "[Legion] - ...").
_LEADING_TAGS = re.compile(r"^(?:\s*\[[^\]]+\](?:\s*\[>+\])?\s*(?:-\s*)?)+")
_TIMING_TAGS = re.compile(r"^(?:\s*\[(?:Action|Reaction)\](?:\s*\[>+\])?\s*(?:-\s*)?)+", re.I)
_LEGION_TAG = re.compile(r"\[Legion\]", re.I)
_LEVEL_TAG = re.compile(r"\[Level\s*(?P<n>\d+)\]", re.I)
_LEADING_LEVEL = re.compile(r"^\s*\[Level\s*(?P<n>\d+)\]\s*(?:\[>\]\s*)?", re.I)
_TRIGGER_START = re.compile(
    r"^(?:when|whenever|at (?:the )?(?:start|end) of|the (?:first|second|third|next) time)\b", re.I
)
_MAX_COST = 90  # longer "text:" heads are sentences, not costs

EQUIP_TEXT = "Attach this gear to a unit you control."
# [Weaponmaster] is a triggered ability keyword (821.1), short for "When you play me, you may
# choose a Card you control with the Equipment tag. ... Pay the cost of its Equip ability,
# reduced by [A], to attach it to this unit." (821.1.c): the Equipment is chosen, the unit
# isn't (821.1.c.6), and the Equip cost is paid as it resolves.
WEAPONMASTER_TEXT = "When you play me, you may choose an Equipment you control. Attach it to me."
_WEAPONMASTER = re.compile(r"^\[Weaponmaster\]", re.I)
# [Quick-Draw] is "functionally short for "[Reaction]" and "When you play this, attach it to a
# Unit you control."" (819.1.d): a triggered ability keyword (819.1).
QUICK_DRAW_TEXT = "When you play this, attach it to a unit you control."
_QUICK_DRAW = re.compile(r"^\[Quick-Draw\]", re.I)
# [Vision] is a triggered ability keyword (817.1), "functionally short for "When this is
# played, look at the top card of your Main Deck. You may recycle it."" (817.1.b).
VISION_TEXT = "When this is played, look at the top card of your Main Deck. You may recycle it."
_VISION = re.compile(r"^\[Vision\]", re.I)


@dataclass(frozen=True)
class RbAbility:
    """One activated or triggered ability: ``text`` is the whole ability as printed (for an
    activated one, cost and effect), ``cost`` the part before the ":" (not a target,
    355.10.c), ``effect`` what it does, ``index`` its place among the card's abilities
    (0-based, printed order), ``keyword`` ``Equip``, ``Quick-Draw``, ``Weaponmaster`` or ``Deathknell`` when a keyword
    wrote it."""

    index: int
    kind: str  # "activated" or "triggered"
    text: str
    cost: str = ""
    effect: str = ""
    keyword: str = ""
    # Written after [Legion] ("[Legion] - When you play me, ..."): a Dependent Ability the card
    # has only while its controller has played another card this turn (812.1.b.1, 812.1.c).
    legion: bool = False
    # Written after [Level N] ("[Level 6][>] When you play me, draw 1."): a Dependent Ability
    # the card has only while its controller has N or more XP (824.1.b.1, 824.1.c); 0 for none.
    level: int = 0
    # A spell's reflexive trigger ("Then do this: Choose ...", 387), not a printed ability.
    reflexive: bool = False

    @property
    def cost_said(self) -> str:
        """The cost as a player pays it: without the timing keywords printed before it
        (Divining Shells' "[Action][>] Kill this, [E]" costs "Kill this, [E]"; QA 32 M5)."""
        return _TIMING_TAGS.sub("", self.cost).strip() or self.cost

    @property
    def title(self) -> str:
        if self.reflexive:
            return "reflexive trigger"
        return f"{self.keyword} ability" if self.keyword else f"{self.kind} ability"


def vision_ability(index: int) -> RbAbility:
    """One instance of [Vision] (817.1.b), the ``index``-th of its permanent's abilities;
    each instance triggers separately (817.2)."""
    return RbAbility(index, "triggered", VISION_TEXT, "", VISION_TEXT.partition(", ")[2], "Vision")


def _lines(text: str) -> list[str]:
    """Printed lines with reminder and quoted text removed; a line ending in ":" or "-"
    ("Do one of the following based on its domain:") goes with the lines after it."""
    out: list[str] = []
    joining = False
    for raw in text.replace("’", "'").splitlines():
        line = _QUOTED.sub("", _REMINDER.sub("", raw)).strip()
        if not line:
            continue
        if joining and out:
            out[-1] = f"{out[-1]} {line}"
        else:
            out.append(line)
        joining = line.endswith((":", "-"))
    return out


def _activated_split(line: str) -> tuple[str, str] | None:
    """(cost, effect) when the line is "cost: effect" (377.1)."""
    depth = 0
    for position, char in enumerate(line):
        if char == "[":
            depth += 1
        elif char == "]":
            depth = max(0, depth - 1)
        elif char == ":" and depth == 0:
            head, tail = line[:position].strip(), line[position + 1 :].strip()
            bare = _LEADING_TAGS.sub("", head)
            if (
                not head
                or not tail
                or "." in head
                or len(head) > _MAX_COST
                or _TRIGGER_START.match(bare)
                or re.search(r"\b(?:do this|following)\b", head, re.I)
            ):
                return None
            return head, tail
    return None


def read_abilities(text: str) -> tuple[RbAbility, ...]:
    """The activated and triggered abilities in a permanent's printed text, in printed order."""
    found: list[RbAbility] = []
    for line in _lines(text):
        equip = _EQUIP.match(line)
        if equip and equip.group("cost"):
            cost = equip.group("cost").strip().rstrip(",")
            found.append(
                RbAbility(
                    len(found), "activated", f"{cost}: {EQUIP_TEXT}", cost, EQUIP_TEXT, "Equip"
                )
            )
            continue
        deathknell = _DEATHKNELL.match(line)
        if deathknell:
            effect = deathknell.group("effect").strip()
            if not re.match(r"I\b|\[", effect):
                effect = effect[:1].lower() + effect[1:]
            found.append(
                RbAbility(
                    len(found), "triggered", f"When I die, {effect}", "", effect, "Deathknell"
                )
            )
            continue
        if _QUICK_DRAW.match(line):
            found.append(
                RbAbility(
                    len(found),
                    "triggered",
                    QUICK_DRAW_TEXT,
                    "",
                    QUICK_DRAW_TEXT.partition(", ")[2],
                    "Quick-Draw",
                )
            )
            line = _QUICK_DRAW.sub("", line).strip()
            if not line:
                continue
        if _VISION.match(line):
            found.append(vision_ability(len(found)))
            line = _VISION.sub("", line).strip()
            if not line or _KEYWORDS_ONLY.match(line):
                continue
        if _WEAPONMASTER.match(line):
            found.append(
                RbAbility(
                    len(found),
                    "triggered",
                    WEAPONMASTER_TEXT,
                    "",
                    WEAPONMASTER_TEXT.partition(", ")[2],
                    "Weaponmaster",
                )
            )
            if _KEYWORDS_ONLY.match(line):
                continue
            line = _WEAPONMASTER.sub("", line).strip()
        if _KEYWORDS_ONLY.match(line):
            continue
        split = _activated_split(line)
        if split is not None:
            # Honeyfruit's "[Level 6][>] [>>][Reaction][>] [E]: [Add] [1][A]": the [Level] is
            # whether the card has the ability (824.1.b.1), not part of its cost.
            level = _LEADING_LEVEL.match(split[0])
            cost = split[0][level.end() :] if level else split[0]
            found.append(
                RbAbility(
                    len(found),
                    "activated",
                    line,
                    cost,
                    split[1],
                    level=int(level.group("n")) if level else 0,
                )
            )
            continue
        bare = _LEADING_TAGS.sub("", line)
        if _TRIGGER_START.match(bare):
            condition, _, effect = bare.partition(",")
            tags = line[: len(line) - len(bare)]
            found.append(
                RbAbility(
                    len(found),
                    "triggered",
                    bare,
                    "",
                    effect.strip() or condition,
                    legion=bool(_LEGION_TAG.search(tags)),
                    level=int(level.group("n")) if (level := _LEVEL_TAG.search(tags)) else 0,
                )
            )
    return tuple(found)


__all__ = [
    "EQUIP_TEXT",
    "QUICK_DRAW_TEXT",
    "VISION_TEXT",
    "WEAPONMASTER_TEXT",
    "RbAbility",
    "read_abilities",
    "vision_ability",
]
