"""Verdicts: what the engine answers, with the rules that decided it (JSON-able values)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, TypeVar

from bot.engine.frozen import quick_init


class VerdictKind(StrEnum):
    OK = "ok"
    LEGAL = "legal"
    ILLEGAL = "illegal"
    RESOLVED = "resolved"
    FIZZLED = "fizzled"  # removed from the stack without resolving (CR 608.2b, 603.3d)
    PARTIAL = "partial"  # resolved; some targets were illegal (CR 608.2b)
    CHANGED = "changed"
    UNCHANGED = "unchanged"
    YES = "yes"
    NO = "no"
    ERROR = "error"


@dataclass(frozen=True)
class TargetOption:
    """One object or player that may be chosen, with its id (players have none)."""

    label: str
    object_id: int | None = None
    player: str | None = None

    @property
    def ref(self) -> int | str:
        return self.object_id if self.object_id is not None else str(self.player)

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "id": self.object_id, "player": self.player}


@quick_init
@dataclass(frozen=True)
class SlotReport:
    """One target slot: its requirement text, what was chosen, and whether it is legal now."""

    slot_index: int
    requirement: str
    chosen: str = ""
    chosen_id: int | None = None
    legal: bool | None = None
    why: str = ""
    rules: tuple[str, ...] = ()
    amount: int | None = None  # the share of a divided effect (CR 601.2d)
    options: tuple[TargetOption, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "slot": self.slot_index,
            "requirement": self.requirement,
            "chosen": self.chosen,
            "chosen_id": self.chosen_id,
            "legal": self.legal,
            "why": self.why,
            "rules": list(self.rules),
            "amount": self.amount,
            "options": [option.to_dict() for option in self.options],
        }


# Said of a part that happens but that the bot doesn't apply to its board.
NOT_TRACKED = (
    "it happens, but the bot doesn't apply it to the board: state the result if a later "
    "question depends on it"
)


@quick_init
@dataclass(frozen=True)
class EffectReport:
    """One part of a resolving effect and whether it happens (CR 608.2b)."""

    text: str
    happens: bool
    affected: tuple[str, ...] = ()
    why: str = ""
    # False: it happens in the game, but the bot doesn't apply it to its board (so a later
    # answer that depends on it needs it stated); never shown as done silently.
    tracked: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "happens": self.happens,
            "affected": list(self.affected),
            "why": self.why,
            "tracked": self.tracked,
        }


@quick_init
@dataclass(frozen=True)
class Verdict:
    """The answer to one engine call: a kind, the deciding rules and one sentence of why."""

    kind: VerdictKind
    reason: str
    rules: tuple[str, ...] = ()
    slots: tuple[SlotReport, ...] = ()
    effects: tuple[EffectReport, ...] = ()
    notes: tuple[str, ...] = ()  # things caused on the side, such as ward triggering (702.21a)
    object_ids: tuple[int, ...] = ()  # objects this call created or is about
    # Statements that make a choice the rules left to a player and the bot made by default
    # (the order of triggers that triggered together, Riftbound 383.3.d), or that it asks for
    # (a Quick-Draw's unit): a saved game offers them as next steps.
    offers: tuple[str, ...] = ()
    # The words the reason starts with before its answer proper, and the card face that answer
    # is about, when it is another face's: Bonecrusher Giant's "... has no targets cast as
    # itself (115.10a), but its Adventure, Stomp, does (715.3). " before Stomp's targets. A
    # caller that says the answer its own way keeps them apart without reading the reason.
    lead: str = ""
    face: str = ""

    @property
    def ok(self) -> bool:
        return self.kind not in (VerdictKind.ILLEGAL, VerdictKind.ERROR, VerdictKind.NO)

    def to_dict(self) -> dict[str, Any]:
        return {
            "verdict": self.kind.value,
            "reason": self.reason,
            "rules": list(self.rules),
            "slots": [slot.to_dict() for slot in self.slots],
            "effects": [effect.to_dict() for effect in self.effects],
            "notes": list(self.notes),
            "object_ids": list(self.object_ids),
            **({"offers": list(self.offers)} if self.offers else {}),
        }


def merge_rules(*groups: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """Concatenate rule numbers, first occurrence first, without repeats."""
    seen: dict[str, None] = {}
    for group in groups:
        for rule in group:
            seen.setdefault(rule, None)
    return tuple(seen)


__all__ = [
    "EffectReport",
    "SlotReport",
    "TargetOption",
    "Verdict",
    "VerdictKind",
    "merge_rules",
]


S = TypeVar("S")


def ok_result(
    state: S, reason: str, rules: Iterable[str] = (), ids: Iterable[int] = ()
) -> tuple[S, Verdict]:
    """A change that happened: the new state and an OK verdict saying what changed."""
    return state, Verdict(VerdictKind.OK, reason, tuple(rules), object_ids=tuple(ids))


def could_happen(verdict: Verdict, does: str, can_do: str) -> Verdict:
    """An action's verdict as the answer to "could it happen now?": an illegal action is a
    No; a legal one is a Yes worded "Alice can cast ..." (``does`` -> ``can_do``), with no
    objects made, since a question changes nothing."""
    if verdict.kind is VerdictKind.ILLEGAL:
        return replace(verdict, kind=VerdictKind.NO, reason="No: " + verdict.reason)
    return replace(
        verdict,
        kind=VerdictKind.YES,
        object_ids=(),
        reason="Yes: " + verdict.reason.replace(f" {does} ", f" {can_do} ", 1),
    )
