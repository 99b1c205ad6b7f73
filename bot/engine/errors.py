"""The engine's own errors: every failure the engine raises on purpose is one of these."""

from __future__ import annotations

from bot.errors import UserError


class EngineError(UserError):
    """A game action that can't be carried out as asked (unknown object, wrong step...).

    ``statements``: scenario statements that would work instead, when the engine can list
    them (a front end offers them as choices).
    """

    statements: tuple[str, ...] = ()


class IllegalActionError(EngineError):
    """The action breaks a rule; ``rules`` names the rules and the message explains why.

    Illegal actions are reported and not applied: the state stays as it was (CR 733).
    """

    def __init__(self, message: str, *, rules: tuple[str, ...] = (), hint: str = "") -> None:
        super().__init__(message, hint=hint)
        self.rules = rules
