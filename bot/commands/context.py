"""What a command needs to run: who is asking, where, and the services it may use."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.commands.games import GameHub
    from bot.reference.store import Reference
    from bot.scenario.executor import MtgScenarioExecutor
    from bot.scenario.riftbound_executor import RiftboundScenarioExecutor
    from bot.settings import Settings


@dataclass(frozen=True)
class Caller:
    """Who is asking and where.  ``guild``/``channel`` scope games: one per (guild, channel)."""

    user: str
    channel: str
    guild: str = "console"
    is_judge: bool = False
    game_hint: str | None = None  # "mtg" or "riftbound" when the front end knows the context
    name: str = ""  # a display name for messages only; ``user`` is the stable id
    # The console without ``--user``: someone looking on, who is no player, so "I" and "me"
    # in a scenario name no one (they must not make up a player called "Console").
    onlooker: bool = False

    @property
    def on_discord(self) -> bool:
        return self.guild.isdigit()

    def user_mention(self, user_id: str) -> str:
        """How to name a user in an answer: a Discord mention there, the id elsewhere."""
        return f"<@{user_id}>" if self.on_discord and user_id.isdigit() else user_id

    def channel_mention(self) -> str:
        return (
            f"<#{self.channel}>"
            if self.on_discord and self.channel.isdigit()
            else f"#{self.channel}"
        )


@dataclass
class Services:
    """Long-lived services shared by every command.

    The reference store is opened at start (``app.open_services``).  What only some commands
    need is built on first use, so a card lookup never pays for loading the rules engine:
    ``games`` by the ``game`` command (``commands.games``), the executors by the statement
    commands (``commands.scenario.executor_for``, ``commands.riftbound_game``); ``app``
    closes them.
    """

    settings: Settings
    reference: Reference
    games: GameHub | None = None
    scenario_executor: MtgScenarioExecutor | None = None
    riftbound_executor: RiftboundScenarioExecutor | None = None


@dataclass(frozen=True)
class CommandContext:
    caller: Caller
    services: Services

    @property
    def reference(self) -> Reference:
        return self.services.reference
