"""The engine's own errors: every failure the engine raises on purpose is one of these."""

from __future__ import annotations

from collections.abc import Callable

from bot.errors import UserError


class EngineError(UserError):
    """A game action that can't be carried out as asked (unknown object, wrong step...).

    ``statements``: scenario statements that would work instead, when the engine can list
    them (a front end offers them as choices).
    """

    statements: tuple[str, ...] = ()


class IllegalActionError(EngineError):
    """The action breaks a rule; ``rules`` names the rules and the message explains why.

    Illegal actions are reported and not applied: the state stays as it was (CR 732).
    ``why_not``, when set, explains why a target the user named can't be chosen for the target
    that has no legal choice: (reason, rules), or None when that target isn't the problem.
    """

    def __init__(self, message: str, *, rules: tuple[str, ...] = (), hint: str = "") -> None:
        super().__init__(message, hint=hint)
        self.rules = rules
        self.why_not: Callable[[object], tuple[str, tuple[str, ...]] | None] | None = None
        # The message and rules without their "for example: …" about some other object, for
        # when the object the user named is the example to give (QA 57 M5).
        self.without_example: tuple[str, tuple[str, ...]] | None = None
