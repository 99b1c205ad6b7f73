"""Errors the whole bot shares.

``UserError`` and its kinds are safe to show: they say what was wrong and what would work, and
every front end turns them into a short friendly message through one handler.  Anything else is
a bug, logged with its traceback.
"""

from __future__ import annotations

from collections.abc import Sequence


class RulesbotError(Exception):
    """Base of every error the project raises on purpose."""


class UserError(RulesbotError):
    """Something the user asked for can't be done; the message says why and what works."""

    def __init__(self, message: str, *, hint: str = "", suggestions: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint
        self.suggestions = tuple(suggestions)

    def __str__(self) -> str:
        parts = [self.message]
        if self.suggestions:
            parts.append("Did you mean: " + ", ".join(self.suggestions) + "?")
        if self.hint:
            parts.append(self.hint)
        return " ".join(parts)


class UsageError(UserError):
    """A command was typed in the wrong form; the hint shows the expected form."""


class StateError(UserError):
    """The command was well formed, but can't be done as things stand: nothing in progress to
    choose for, a game already running, no seat to act for.  Not a usage error: the same
    command works at another moment (``rulesbot ask`` exits 1 for it, not 2)."""


class NotFoundError(UserError):
    """Nothing matched; ``suggestions`` holds the closest things that exist."""


class AmbiguousError(UserError):
    """Several things matched equally well; ``suggestions`` holds the candidates."""


def suggestions_text(label: str, suggestions: Sequence[str], *, one_line: bool = False) -> str:
    """ "Which one: A, B?" for an error's suggestions.  When a name has a comma of its own
    ("Volibear, Furious", "Jace, the Mind Sculptor"), a comma-separated list can't be read
    (QA 15 #11): each name goes on its own line, or on one line each is quoted."""
    if not any("," in s for s in suggestions):
        return f"{label}: " + ", ".join(suggestions) + "?"
    if one_line:
        quoted = [f"“{s}”" for s in suggestions]
        listed = quoted[0] if len(quoted) == 1 else "; ".join(quoted[:-1]) + " or " + quoted[-1]
        return f"{label}: {listed}?"
    return f"{label}:\n" + "\n".join(f"• {s}" for s in suggestions)


class ScenarioError(UserError):
    """A scenario statement was not understood.

    ``position`` is the 1-based statement number, ``fragment`` the text that was not understood,
    ``statement`` the whole statement as typed (when known), and ``hint`` a statement of the
    same kind that would work.
    """

    def __init__(
        self,
        message: str,
        *,
        position: int | None = None,
        fragment: str = "",
        hint: str = "",
        suggestions: Sequence[str] = (),
        statement: str = "",
    ) -> None:
        super().__init__(message, hint=hint, suggestions=suggestions)
        self.position = position
        self.fragment = fragment
        self.statement = statement


class PermissionDeniedError(UserError):
    """The user may look but not change this (a game, a guild setting)."""


class StorageError(UserError):
    """The database could not be written (locked, read-only, full); nothing was changed."""


class ConflictError(StorageError):
    """Someone else changed the game first (optimistic version check); nothing was changed."""


class DataError(RulesbotError):
    """Reference data is missing or invalid (a failed sync, a malformed source file)."""


class DataMissingError(UserError):
    """No reference data has been imported yet; the hint says how to import it."""
