"""What a command needs to run: who is asking, where, and the services it may use."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.reference.store import Reference
    from bot.settings import Settings


@dataclass(frozen=True)
class Caller:
    """Who is asking and where.  ``guild``/``channel`` scope games: one per (guild, channel)."""

    user: str
    channel: str
    guild: str = "console"
    is_judge: bool = False
    game_hint: str | None = None  # "mtg" or "riftbound" when the front end knows the context
    name: str = ""  # a display name for messages and player matching; ``user`` is the stable id


@dataclass
class Services:
    """Long-lived services shared by every command (opened once at start)."""

    settings: Settings
    reference: Reference
    games: Any = None  # bot.games service, once opened
    scenario_executor: Any = None  # the scenario executor over ``reference``, built on first use
    riftbound_executor: Any = None  # the Riftbound scenario executor, built on first use


@dataclass(frozen=True)
class CommandContext:
    caller: Caller
    services: Services

    @property
    def reference(self) -> Reference:
        return self.services.reference
