"""What a Riftbound mass instruction selects: "all units with 2 [M] or less", "enemy units
there", "all enemy units at that battlefield with less Might than the chosen unit", "all units
and gear", "each friendly unit here".  Such objects are selected by the text, not chosen, so
they are not targets (355.10.d), and which they are is read as the instruction is carried out
(359.3.f.2).  One reader for the whole family: a verb, then a filter over the board.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine.riftbound.model import RbKind, RbObject, RbZone
from bot.engine.riftbound.state import BOARD_ZONES, ChainItem, RbState, might_now

# "all units", "each other enemy unit", "friendly units", "your other units", "all gear",
# "all units and gear", "all damaged enemy units"; then where they are and how mighty.
_SELECTION = (
    r"(?:(?P<all>all|each) )?(?:(?P<damaged>damaged) )?"
    r"(?:(?P<side>other friendly|other enemy|your other|enemy|friendly|other|your) )?"
    r"(?P<noun>units and gear|units|unit|gear)"
    r"(?P<mods>(?: with \d+ \[M\] or (?:less|more)| with less might than the chosen unit"
    r"| at battlefields| at my battlefield| at that battlefield| here| there| from your trash)*)"
)
_MOD = re.compile(
    r" with (?P<n>\d+) \[M\] or (?P<cmp>less|more)| with (?P<than>less) might than the chosen "
    r"unit| (?P<where>at battlefields|at my battlefield|at that battlefield|here|there|from your "
    r"trash)",
    re.I,
)
_ACTS = r"exhaust|ready|stun|\[stun\]|kill|buff|\[buff\]|recall|banish"
_SIGN = r"(?P<sign>[+\-−])(?P<n>\d+) \[M\] this turn(?:, to a minimum of (?P<floor>\d+) \[M\])?"
# What a mass instruction does to what it selects, one pattern per verb shape.
_CLAUSES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (verb, re.compile(pattern, re.I))
    for verb, pattern in (
        ("act", rf"^(?P<verb>{_ACTS}) {_SELECTION}$"),
        ("deal", rf"^deal (?P<n>\d+) to {_SELECTION}$"),
        ("return", rf"^return {_SELECTION} to (?:their|its) owners?['’]? hands?$"),
        ("move to base", rf"^move {_SELECTION} to (?:their|its) bases?$"),
        ("give", rf"^give {_SELECTION} {_SIGN}$"),
    )
)
_THEN = re.compile(r"^then,?\s+", re.I)
# "At my battlefield" said by a source at its base: a place no object is at.
_NOWHERE = "\0"


@dataclass(frozen=True)
class Selection:
    """Which objects a mass instruction selects: ``side`` (enemy, friendly, other ...),
    ``kinds`` (units, gear or both), where they are, and a Might limit."""

    side: str
    kinds: frozenset[RbKind]
    damaged: bool = False
    # "at battlefields", "at my battlefield", "here", "there", "at that battlefield", "from your
    # trash"
    where: str = ""
    might_at_most: int | None = None
    might_at_least: int | None = None
    less_than_chosen: bool = False

    def pick(
        self, state: RbState, item: ChainItem, chosen: Sequence[RbObject]
    ) -> list[RbObject] | None:
        """The objects on the board it selects now (359.3.f.2), or None when the place or the
        unit it refers to is unknown (then the instruction is reported, not carried out).
        ``chosen``: the spell's targets still legal ("that battlefield", "the chosen unit")."""
        place = self._place(state, item, chosen)
        if place is None:
            return None
        than: int | None = None
        if self.less_than_chosen:
            unit = next((o for o in chosen if o.kind is RbKind.UNIT), None)
            if unit is None:
                return None
            now = state.objects.get(unit.id)
            if now is None or now.zone not in BOARD_ZONES:
                return []  # its Might is null: no comparison holds (359.3.e.12)
            than = might_now(state, now)
            if than is None:
                return []
        picked = []
        # Cursed Sarcophagus's "banish all units from your trash": the cards in the trash of
        # whoever controls it (a trash is public, 355.10.a.1); otherwise what is on the board.
        pool = (
            [
                o
                for o in state.objects.values()
                if o.zone is RbZone.TRASH and o.owner == item.controller
            ]
            if self.where == "from your trash"
            else state.on_board()
        )
        for obj in pool:
            if obj.kind not in self.kinds:
                continue
            if self.where == "at battlefields" and not obj.at_battlefield:
                continue
            if place and obj.place != place:
                continue
            if not self._on_side(obj, item):
                continue
            if self.damaged and not obj.damage:
                continue
            if not self._mighty_enough(state, obj, than):
                continue
            picked.append(obj)
        return picked

    def _place(self, state: RbState, item: ChainItem, chosen: Sequence[RbObject]) -> str | None:
        """The one place it is limited to ("" for none): the source's for "here" and "at my
        battlefield" (where it was as it left, for a Deathknell, 359.3.f.3), the battlefield
        chosen for "there" and "that battlefield" (the source's when none was chosen: Peak
        Guardian's "if I am at a battlefield, buff all other friendly units there")."""
        if self.where in ("", "at battlefields", "from your trash"):
            return ""
        if self.where in ("there", "at that battlefield"):
            field = next((o for o in chosen if o.kind is RbKind.BATTLEFIELD), None)
            if field is not None:
                return field.name if state.battlefield(field.name) is not None else None
            if self.where == "at that battlefield":
                return None
        source = state.objects.get(item.source_id) if item.source_id is not None else None
        if source is None:
            return None
        place = source.place if source.zone in BOARD_ZONES else source.left_from
        if not place:
            return None
        if self.where != "here" and state.battlefield(place) is None:
            return _NOWHERE  # at its base, it has no battlefield: nothing is selected
        return place

    def _on_side(self, obj: RbObject, item: ChainItem) -> bool:
        mine = obj.controller == item.controller
        itself = obj.id == item.source_id
        return {
            "enemy": not mine,
            "friendly": mine,
            "your": mine,
            "other": not itself,
            "other friendly": mine and not itself,
            "your other": mine and not itself,
            "other enemy": not mine,
        }.get(self.side, True)

    def _mighty_enough(self, state: RbState, obj: RbObject, than: int | None) -> bool:
        if self.might_at_most is None and self.might_at_least is None and than is None:
            return True
        might = might_now(state, obj)
        if might is None:
            return False
        if self.might_at_most is not None and might > self.might_at_most:
            return False
        if self.might_at_least is not None and might < self.might_at_least:
            return False
        return than is None or might < than


@dataclass(frozen=True)
class SelectedClause:
    """One mass instruction read: its ``verb`` ("exhaust", "deal", "return", "move to base",
    "give", ...), its amount (damage, or the Might change with its floor) and what it selects."""

    verb: str
    selection: Selection
    amount: int = 0
    floor: int | None = None


def read_selected_clause(text: str) -> SelectedClause | None:
    """The mass instruction ``text`` says, or None when it isn't one the bot reads."""
    text = _THEN.sub("", text.strip().rstrip("."))
    for shape, pattern in _CLAUSES:
        found = pattern.match(text)
        if found is None:
            continue
        selection = _selection(found)
        if selection is None:
            return None
        verb = found.group("verb").lower().strip("[]") if shape == "act" else shape
        amount = int(found.group("n")) if shape in ("deal", "give") else 0
        if shape == "give" and found.group("sign") in "-−":
            amount = -amount
        floor = found.group("floor") if shape == "give" else None
        return SelectedClause(verb, selection, amount, int(floor) if floor else None)
    return None


def _selection(found: re.Match[str]) -> Selection | None:
    noun = found.group("noun").lower()
    every = found.group("all")
    side = (found.group("side") or "").lower()
    if noun == "unit" and (every or "").lower() != "each":
        return None  # "a unit", "the unit": a choice, not a selection
    if noun == "gear" and not every:
        return None
    if noun == "units" and not every and not side:
        return None  # a bare "units" is not a wording the cards use for a selection
    kinds = {
        "units and gear": frozenset({RbKind.UNIT, RbKind.GEAR}),
        "gear": frozenset({RbKind.GEAR}),
    }.get(noun, frozenset({RbKind.UNIT}))
    at_most = at_least = None
    less_than_chosen = False
    where = ""
    for mod in _MOD.finditer(found.group("mods") or ""):
        if mod.group("where"):
            where = mod.group("where").lower()
        elif mod.group("than"):
            less_than_chosen = True
        elif mod.group("cmp").lower() == "less":
            at_most = int(mod.group("n"))
        else:
            at_least = int(mod.group("n"))
    return Selection(
        side,
        kinds,
        damaged=bool(found.group("damaged")),
        where=where,
        might_at_most=at_most,
        might_at_least=at_least,
        less_than_chosen=less_than_chosen,
    )


__all__ = ["SelectedClause", "Selection", "read_selected_clause"]
