"""The answer to one scenario statement: a step with its verdict, targets, effects and rules.

A step is a plain value; ``to_dict`` gives the JSON shape ``rulesbot ask --json`` prints
(``statement``, ``verdict``, ``targets``, ``effects``, ``rules``, ``explanation`` and
``error`` when there is one).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from bot.engine.errors import EngineError
from bot.engine.frozen import quick_init
from bot.engine.verdict import EffectReport, SlotReport, Verdict, VerdictKind
from bot.errors import AmbiguousError, ScenarioError, UserError, suggestions_text

# Each verdict's word, read once (an enum's ``value`` is a Python-level property).
_VERDICT_WORDS = {kind: kind.value for kind in VerdictKind}


@dataclass(frozen=True)
class StepError:
    """What was not understood, where, and what would work."""

    message: str
    kind: str
    position: int | None = None
    fragment: str = ""
    hint: str = ""
    suggestions: tuple[str, ...] = ()
    statements: tuple[str, ...] = ()  # statements that would work, offered as choices

    @classmethod
    def from_error(cls, error: UserError, position: int | None) -> StepError:
        if isinstance(error, ScenarioError):
            return cls(
                error.message,
                "ScenarioError",
                error.position if error.position is not None else position,
                error.fragment,
                error.hint,
                error.suggestions,
            )
        statements = error.statements if isinstance(error, EngineError) else ()
        return cls(
            error.message,
            type(error).__name__,
            position,
            "",
            error.hint,
            error.suggestions,
            statements,
        )

    def text(self) -> str:
        parts = [self.message]
        if self.suggestions:
            label = "Which one" if self.kind == AmbiguousError.__name__ else "Did you mean"
            parts.append(suggestions_text(label, self.suggestions, one_line=True))
        if self.hint:
            parts.append(
                self.hint
                if self.kind != "ScenarioError" or self.hint.lower().startswith(("try", "split"))
                else f"This would work: {self.hint}"
            )
        return " ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        return {
            "message": self.message,
            "kind": self.kind,
            "position": self.position,
            "fragment": self.fragment,
            "hint": self.hint,
            "suggestions": list(self.suggestions),
            "statements": list(self.statements),
        }


@quick_init
@dataclass(frozen=True)
class Step:
    """One statement and its answer.  ``changed`` says whether the game state changed."""

    position: int
    statement: str
    verdict: str
    explanation: str
    rules: tuple[str, ...] = ()
    targets: tuple[SlotReport, ...] = ()
    effects: tuple[EffectReport, ...] = ()
    notes: tuple[str, ...] = ()
    object_ids: tuple[int, ...] = ()
    error: StepError | None = None
    changed: bool = False
    # The statement as a script replayed by anyone means the same: "I" and "opponent" written
    # as the players they were ("" when the statement already says it that way).
    portable: str = ""
    # Statements that would make a choice this step left to its default (``Verdict.offers``).
    offers: tuple[str, ...] = ()

    @property
    def script_line(self) -> str:
        """The statement as a game's transcript keeps it (``game export``)."""
        return self.portable or self.statement

    @classmethod
    def from_verdict(
        cls, position: int, statement: str, verdict: Verdict, *, changed: bool
    ) -> Step:
        return cls(
            position=position,
            statement=statement,
            verdict=_VERDICT_WORDS[verdict.kind],
            explanation=verdict.reason,
            rules=verdict.rules,
            targets=verdict.slots,
            effects=verdict.effects,
            # A note the explanation already says (the life paid, a player losing, as a
            # spell is cast) is not said again below it (QA 16: said twice).
            notes=tuple(n for n in verdict.notes if n.rstrip(".") not in verdict.reason),
            object_ids=verdict.object_ids,
            changed=changed,
            offers=verdict.offers,
        )

    @classmethod
    def from_error(cls, position: int, statement: str, error: UserError) -> Step:
        problem = StepError.from_error(error, position)
        return cls(
            position=position,
            statement=statement,
            verdict="error",
            explanation=problem.text(),
            error=problem,
        )

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "position": self.position,
            "statement": self.statement,
            "verdict": self.verdict,
            "targets": [slot.to_dict() for slot in self.targets],
            "effects": [effect.to_dict() for effect in self.effects],
            "rules": list(self.rules),
            "explanation": self.explanation,
            "notes": list(self.notes),
            "object_ids": list(self.object_ids),
            "changed": self.changed,
        }
        if self.error is not None:
            data["error"] = self.error.to_dict()
        if self.offers:
            data["offers"] = list(self.offers)
        return data


S = TypeVar("S")


@dataclass(frozen=True)
class ScriptResult(Generic[S]):
    """The game state after a script, and one step per statement (either game)."""

    state: S
    steps: tuple[Step, ...]

    @property
    def changed(self) -> bool:
        return any(step.changed for step in self.steps)
