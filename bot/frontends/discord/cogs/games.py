"""/scenario and /game: explain a scenario, or step through a game in this channel.

Both call the registry's commands (``SCENARIO``, ``GAME`` in ``bot.commands.dispatch``, which
import ``bot.commands.scenario`` / ``bot.commands.games`` on first use) with their options.
Games may be slow on first use, so they defer when an answer takes long (Discord's 3-second
deadline).  Anyone may look; only the game's players, judges (the judge role) and members with
Manage Channels may change it - the game service raises ``PermissionDeniedError`` for anyone
else, answered politely.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.commands.dispatch import GAME, SCENARIO
from bot.commands.game_autocomplete import game_card_autocomplete
from bot.frontends.discord.answers import answer, interaction_context
from bot.frontends.discord.errors import handle_error
from bot.frontends.discord.render import MODAL_TEXT_CHARS, autocomplete_choices

if TYPE_CHECKING:
    from bot.frontends.discord.client import RulesBot

Game = Literal["mtg", "riftbound"]


class ScenarioModal(discord.ui.Modal, title="Scenario"):
    """A multi-line scenario script (slash-command options are a single line)."""

    script: discord.ui.TextInput[ScenarioModal] = discord.ui.TextInput(
        label="Statements, one per line",
        style=discord.TextStyle.paragraph,
        placeholder="Alice controls Grizzly Bears.\nBob casts Arc Trail targeting Grizzly Bears and Alice.",
        max_length=MODAL_TEXT_CHARS,
    )

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await answer(interaction, SCENARIO.call(self.script.value), defer=True)

    async def on_error(  # type: ignore[override]  # Modal's handler has no item argument
        self, interaction: discord.Interaction[Any], error: Exception, /
    ) -> None:
        await handle_error(interaction, error)


class Games(commands.Cog):
    game = app_commands.Group(
        name="game", description="Step through a game in this channel", guild_only=True
    )

    def __init__(self, bot: RulesBot) -> None:
        self.bot = bot

    async def _play(self, interaction: discord.Interaction[Any], argument: str) -> None:
        await answer(interaction, GAME.call(argument), defer=True)

    @app_commands.command(name="scenario")
    @app_commands.describe(text="Statements separated by full stops; leave empty for a form")
    async def scenario(
        self, interaction: discord.Interaction[Any], text: str | None = None
    ) -> None:
        """Explain a scenario (who casts what, targeting what) with the rules it uses."""
        if not text:
            await interaction.response.send_modal(ScenarioModal())
            return
        await answer(interaction, SCENARIO.call(text), defer=True)

    @game.command(name="new")
    @app_commands.describe(game="Which game (default: this channel's game)")
    async def new(self, interaction: discord.Interaction[Any], game: Game | None = None) -> None:
        """Start a game in this channel."""
        # The game's kind belongs to the game: the channel's saved default stays as /settings
        # set it (changing that needs Manage Server; starting a game doesn't).
        kind = game or (await interaction_context(interaction)).caller.game_hint or "mtg"
        await answer(interaction, GAME.call(f"new {kind}"), game=kind, defer=True)

    @game.command(name="join")
    @app_commands.describe(player="The player's name in the game, e.g. Alice")
    async def join(self, interaction: discord.Interaction[Any], player: str) -> None:
        """Take a free seat: you play this player and may change the game."""
        await self._play(interaction, f"join {player}")

    @game.command(name="seat")
    @app_commands.describe(
        player="The player's name in the game",
        member="Who plays them; leave empty to free the seat",
    )
    async def seat(
        self,
        interaction: discord.Interaction[Any],
        player: str,
        member: discord.Member | None = None,
    ) -> None:
        """Give a player's seat to a member, or free it (the game's starter or a judge)."""
        who = f"<@{member.id}>" if member is not None else "none"
        await self._play(interaction, f"seat {player} {who}")

    @game.command(name="leave")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        """Give up your seat in this channel's game."""
        await self._play(interaction, "leave")

    @game.command(name="open")
    async def open_game(self, interaction: discord.Interaction[Any]) -> None:
        """Let everyone in this channel change the game (the starter or a judge)."""
        await self._play(interaction, "open")

    @game.command(name="close")
    async def close_game(self, interaction: discord.Interaction[Any]) -> None:
        """Only the starter, seated players and judges may change the game again."""
        await self._play(interaction, "close")

    @game.command(name="do")
    @app_commands.describe(
        statements="Scenario statements for this game, e.g. `Alice controls Runeclaw Bear.`"
    )
    async def do(self, interaction: discord.Interaction[Any], statements: str) -> None:
        """Apply scenario statements to this channel's game (setup, casts, changes, resolve)."""
        await self._play(interaction, f"do {statements}")

    @game.command(name="activate")
    @app_commands.describe(ability="e.g. `Spellskite` or `Spellskite's first ability`")
    async def activate(self, interaction: discord.Interaction[Any], ability: str) -> None:
        """Activate an ability; the bot then asks for each choice in turn."""
        await self._play(interaction, f"activate {ability}")

    @game.command(name="state")
    async def state(self, interaction: discord.Interaction[Any]) -> None:
        """Show the game's current state."""
        await self._play(interaction, "state")

    @game.command(name="cast")
    @app_commands.describe(spell="The spell to cast, optionally with its targets")
    async def cast(self, interaction: discord.Interaction[Any], spell: str) -> None:
        """Cast a spell; the bot then asks for each choice in turn."""
        await self._play(interaction, f"cast {spell}")

    @cast.autocomplete("spell")
    async def _spell(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        ctx = await interaction_context(interaction)
        try:
            # The running game's own cards (a Riftbound game's, QA 65 U1).
            return autocomplete_choices(await game_card_autocomplete(ctx, current))
        except Exception:
            return []

    @game.command(name="choose")
    @app_commands.describe(option="The number of the option")
    async def choose(
        self, interaction: discord.Interaction[Any], option: app_commands.Range[int, 1, 999]
    ) -> None:
        """Pick an option of the current choice."""
        await self._play(interaction, f"choose {option}")

    @game.command(name="back")
    async def back(self, interaction: discord.Interaction[Any]) -> None:
        """Go back to the previous choice."""
        await self._play(interaction, "back")

    @game.command(name="cancel")
    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        """Stop the cast, activation or retarget being stepped through."""
        await self._play(interaction, "cancel")

    @game.command(name="retarget")
    @app_commands.describe(
        spell="The spell or ability on the stack, e.g. `Arc Trail` (or "
        "`Arc Trail by Bob`); you then pick the new targets"
    )
    async def retarget(self, interaction: discord.Interaction[Any], spell: str) -> None:
        """Change the targets of a spell or ability on the stack, one choice at a time."""
        await self._play(interaction, f"retarget {spell}")

    @game.command(name="resolve")
    async def resolve(self, interaction: discord.Interaction[Any]) -> None:
        """Resolve the top of the stack."""
        await self._play(interaction, "resolve")

    @game.command(name="undo")
    async def undo(self, interaction: discord.Interaction[Any]) -> None:
        """Undo the last action."""
        await self._play(interaction, "undo")

    @game.command(name="redo")
    async def redo(self, interaction: discord.Interaction[Any]) -> None:
        """Redo the last undone action."""
        await self._play(interaction, "redo")

    @game.command(name="history")
    async def history(self, interaction: discord.Interaction[Any]) -> None:
        """The game's actions so far."""
        await self._play(interaction, "history")

    @game.command(name="export")
    async def export(self, interaction: discord.Interaction[Any]) -> None:
        """The game as a scenario script you can replay."""
        await self._play(interaction, "export")

    @game.command(name="end")
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        """End the game in this channel."""
        await self._play(interaction, "end")

    @game.command(name="reopen")
    @app_commands.describe(which="Which ended game: 1 the latest (the default), 2 the one before")
    async def reopen(
        self,
        interaction: discord.Interaction[Any],
        which: app_commands.Range[int, 1, 999] | None = None,
    ) -> None:
        """Bring back a game this channel ended, as it was (its starter or a judge)."""
        await self._play(interaction, f"reopen {which}" if which else "reopen")
