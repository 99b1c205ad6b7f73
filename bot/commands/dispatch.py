"""Parse a command line (``card arc trial``) and run the matching command.

Every front end goes through here: the console and ``rulesbot ask`` directly, Discord's cogs
by calling the same command functions with their options.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.commands.context import CommandContext
from bot.commands.reply import Reply
from bot.errors import DataMissingError, UsageError

Handler = Callable[[CommandContext, str], Awaitable[Reply]]

MAX_COMMAND_CHARS = 20_000


@dataclass(frozen=True)
class CommandSpec:
    name: str
    usage: str
    summary: str
    handler: Handler
    needs_argument: bool = True
    # Shown by `help NAME`: a line holding `code` as written, any other line as code whole.
    examples: tuple[str, ...] = ()
    subcommands: tuple[str, ...] = ()  # "`usage`: what it does" lines, as written
    listed: bool = True  # False: run by buttons and inline references, not shown by `help`

    def call(self, argument: str = "") -> CommandCall:
        """This command with ``argument`` (a slash command's option, as typed)."""
        return CommandCall(self, argument.strip())


@dataclass(frozen=True)
class CommandCall:
    """One command to run, and its argument."""

    spec: CommandSpec
    argument: str = ""

    @property
    def line(self) -> str:
        """The call as a console line (``card Arc Trail``): how buttons store it."""
        return f"{self.spec.name} {self.argument}".strip()

    async def run(self, ctx: CommandContext) -> Reply:
        if len(self.argument) > MAX_COMMAND_CHARS:
            raise UsageError(
                f"That command is {len(self.argument):,} characters long; the limit is "
                f"{MAX_COMMAND_CHARS:,}."
            )
        if self.spec.needs_argument and not self.argument:
            raise UsageError(
                f"`{self.spec.name}` needs something to look up.",
                hint=f"Usage: {self.spec.usage}",
            )
        return await self.spec.handler(ctx, self.argument)


# The handlers import their module on first use: a card lookup must not pay for loading the
# rules engine (about 0.35 s).  Each is an ordinary typed call, visible to mypy, go-to-definition
# and the import contracts.
async def _card(ctx: CommandContext, argument: str) -> Reply:
    from bot.commands.routing import card

    return await card(ctx, argument)


async def _rulings(ctx: CommandContext, argument: str) -> Reply:
    from bot.commands.routing import rulings

    return await rulings(ctx, argument)


async def _rule(ctx: CommandContext, argument: str) -> Reply:
    from bot.commands.routing import rule

    return await rule(ctx, argument)


async def _search(ctx: CommandContext, argument: str) -> Reply:
    from bot.commands.routing import search

    return await search(ctx, argument)


async def _mtr(ctx: CommandContext, argument: str) -> Reply:
    from bot.commands.routing import mtr

    return await mtr(ctx, argument)


async def _ipg(ctx: CommandContext, argument: str) -> Reply:
    from bot.commands.routing import ipg

    return await ipg(ctx, argument)


async def _scenario(ctx: CommandContext, argument: str) -> Reply:
    from bot.commands.scenario import scenario

    return await scenario(ctx, argument)


async def _game(ctx: CommandContext, argument: str) -> Reply:
    from bot.commands.games import game

    return await game(ctx, argument)


async def _about(ctx: CommandContext, argument: str) -> Reply:
    from bot.commands.info import about

    return await about(ctx, argument)


async def _help(ctx: CommandContext, argument: str) -> Reply:
    from bot.commands.info import help_command

    return await help_command(ctx, argument)


async def _riftbound_rule(ctx: CommandContext, argument: str) -> Reply:
    from bot.commands.riftbound import riftbound_rule

    return await riftbound_rule(ctx, argument)


async def _riftbound_card(ctx: CommandContext, argument: str) -> Reply:
    from bot.commands.riftbound import riftbound_card

    return await riftbound_card(ctx, argument)


async def _riftbound_mtr(ctx: CommandContext, argument: str) -> Reply:
    from bot.commands.riftbound_tournament import riftbound_mtr

    return await riftbound_mtr(ctx, argument)


async def _riftbound_ipg(ctx: CommandContext, argument: str) -> Reply:
    from bot.commands.riftbound_tournament import riftbound_ipg

    return await riftbound_ipg(ctx, argument)


# What `help scenario` shows: one statement of each kind (the scenario language's document has
# the rest).  Riftbound lines need ``game:riftbound`` or a Riftbound game.
SCENARIO_EXAMPLES = (
    "Alice controls Runeclaw Bear and Llanowar Elves. Bob controls Spellskite.",
    "Bob controls a 2/2 black Zombie token. Alice has 12 life. Runeclaw Bear is tapped.",
    "Bob casts Arc Trail targeting Runeclaw Bear and Llanowar Elves.",
    "Alice casts Fireball with X=4 targeting Runeclaw Bear and Bob, dividing 2 and 2.",
    "Bob activates Spellskite targeting Arc Trail.",
    "Runeclaw Bear gains hexproof. Runeclaw Bear gets +2/+2. Runeclaw Bear dies.",
    "Redirect resolves choosing new targets Llanowar Elves and Runeclaw Bear.",
    "Alice casts Kolaghan's Command choosing target player discards a card and destroy "
    "target artifact, targeting Bob and Ornithopter.",
    "Runeclaw Bear's ward trigger resolves and Bob doesn't pay.",
    "Does Arc Trail fizzle? Arc Trail resolves. Resolve the stack.",
    "Can Alice cast Giant Growth targeting Troll Ascetic? What can Arc Trail target?",
    "Does Cryptic Command target? What is on the stack? Show the board.",
    "What happens if the target dies first? Does Runeclaw Bear die? What is Arc Trail targeting?",
    "Riftbound (game:riftbound): Bob controls Recruit at Targon's Peak. "
    "Alice plays Void Seeker targeting Recruit. Recruit gets +1 Might. "
    "The top of the chain resolves.",
)
# Every ``game`` subcommand (bot/commands/games.py and each game's step commands; a test checks
# that none is missing), as `help game` lists them.  Commands are in `code` (Discord shows them
# as slash commands); words only the console has ("game seats") are plain text.
GAME_SUBCOMMANDS = (
    "`game new` · `game new riftbound`: start this channel's game (also: game start)",
    "`game Alice controls Runeclaw Bear.`: add statements to the game (also: game do ...)",
    "`game cast CARD`: cast a spell step by step; add `as FACE` or `by PLAYER` after the card "
    "(Riftbound also says game play CARD)",
    "`game choose N`: pick an option of the step in progress (several: `game choose 1 3`)",
    "`game activate SOURCE`: activate an ability step by step (`game activate SOURCE's first "
    "ability` for one of several)",
    "`game retarget SPELL`: change the targets of a spell on the stack",
    "`game back` · `game cancel`: one step back · stop the action in progress",
    "`game resolve`: resolve the top of the stack",
    "`game state` · `game history` · `game export`: the game, its log, a script of it "
    "(also: game show)",
    "`game undo` · `game redo`: take back the last action · do it again",
    "`game join NAME` · `game leave`: take a player's seat · leave it (console: game seats "
    "lists who sits where)",
    "`game seat NAME @user`: seat someone, the starter or a judge (`game seat NAME none` frees "
    "the seat)",
    "`game open` · `game close`: let anyone in the channel play · only the starter, seated "
    "players and judges",
    "`game end` · `game reopen`: end the game · bring it back as it was",
    "game help: this help",
)
GAME_EXAMPLES = (
    "`game new` (or `game new riftbound`)",
    "`game Alice controls Runeclaw Bear. Bob controls Spellskite.`",
    "`game cast Arc Trail`, then `game choose 1` ... (`game back`, `game cancel`)",
    "`game activate Spellskite` · `game retarget Arc Trail` · `game resolve`",
    "`game state` · `game history` · `game undo` · `game redo` · `game export` · `game end`",
)
RULE_EXAMPLES = (
    "`rule 115.7a` · `rule hexproof` · `rule can I respond to a mana ability`",
    "`rule 113.6 as of 2009-10-01`: a rule as it was worded then (and its number today)",
    "`rule diff 702.11 2011-06-17 2026-01-16`: what changed in a rule between two dates "
    "(one date: compared with today's rules)",
    "`rule history 115.7d`: when a rule's words or number changed",
    "`rule 355.6 game:riftbound`: Riftbound's rules",
)
MTR_EXAMPLES = (
    "`mtr 4.2` · `mtr outside assistance` · `mtr can I use my phone for notes`",
    "`mtr 204.8 game:riftbound` · `mtr spectator game:riftbound`: the Riftbound Tournament "
    "Rules (their rules are numbered like 204.8 and 702.5.c)",
)
IPG_EXAMPLES = (
    "`ipg 2.5` · `ipg hidden card error` · `ipg player kept 8 cards`",
    "`ipg missed trigger game:riftbound` · `ipg 702.12 game:riftbound`: Riftbound's penalties, "
    "which are chapter 700 of its Tournament Rules (Riftbound has no separate IPG)",
)
CARD_EXAMPLES = (
    "`card Lightning Bolt` · `card lightnig bolt` · `card bolt`: misspellings and nicknames are "
    "fine",
    "`card Jinx, Rebel game:riftbound`: a Riftbound card",
)

CARD = CommandSpec(
    "card",
    "card NAME [game:riftbound]",
    "Show a card's Oracle text (misspellings are fine); game:riftbound for Riftbound cards.",
    _card,
    examples=CARD_EXAMPLES,
)
RULINGS = CommandSpec(
    "rulings", "rulings NAME", "List a card's official rulings with dates.", _rulings
)
RULE = CommandSpec(
    "rule",
    "rule QUERY",
    "A rule by number (115.7a), a glossary term, keyword, slang, a question "
    "(French too); game:riftbound for Riftbound's rules; `as of DATE`, `diff` and `history` "
    "for older wordings.",
    _rule,
    examples=RULE_EXAMPLES,
)
SEARCH = CommandSpec(
    "search", "search TEXT", "Free-text search of the Comprehensive Rules.", _search
)
MTR = CommandSpec(
    "mtr",
    "mtr QUERY [game:riftbound]",
    "A Magic Tournament Rules section by number, term or text; game:riftbound for the "
    "Riftbound Tournament Rules.",
    _mtr,
    examples=MTR_EXAMPLES,
)
IPG = CommandSpec(
    "ipg",
    "ipg QUERY [game:riftbound]",
    "An Infraction Procedure Guide section by number, term or text; game:riftbound for "
    "Riftbound's penalties (chapter 700 of its Tournament Rules).",
    _ipg,
    examples=IPG_EXAMPLES,
)
SCENARIO = CommandSpec(
    "scenario",
    "scenario STATEMENTS",
    "Answer a game situation in plain English, statement by statement. Retargeting "
    "answers changed, unchanged or illegal; modal spells name their modes.",
    _scenario,
    examples=SCENARIO_EXAMPLES,
)
GAME = CommandSpec(
    "game",
    "game new|state|history|undo|redo|export|end|cast|choose|back|resolve, or game STATEMENTS",
    "This channel's saved game: start one, add statements, cast step by step, undo, export "
    "(`help game` lists every subcommand).",
    _game,
    needs_argument=False,
    examples=GAME_EXAMPLES,
    subcommands=GAME_SUBCOMMANDS,
)
ABOUT = CommandSpec(
    "about", "about", "Data versions and how to update them.", _about, needs_argument=False
)
HELP = CommandSpec("help", "help [COMMAND]", "What each command does.", _help, needs_argument=False)
RIFTBOUND_RULE = CommandSpec(
    "riftbound-rule",
    "riftbound-rule NUMBER",
    "A Riftbound rule (as `rule NUMBER game:riftbound`).",
    _riftbound_rule,
    listed=False,
)
RIFTBOUND_CARD = CommandSpec(
    "riftbound-card",
    "riftbound-card NAME",
    "A Riftbound card (as `card NAME game:riftbound`).",
    _riftbound_card,
    listed=False,
)
RIFTBOUND_MTR = CommandSpec(
    "riftbound-mtr",
    "riftbound-mtr QUERY",
    "The Riftbound Tournament Rules (as `mtr QUERY game:riftbound`).",
    _riftbound_mtr,
    listed=False,
)
RIFTBOUND_IPG = CommandSpec(
    "riftbound-ipg",
    "riftbound-ipg QUERY",
    "Riftbound's penalties, chapter 700 of its Tournament Rules (as `ipg QUERY game:riftbound`).",
    _riftbound_ipg,
    listed=False,
)

COMMANDS: dict[str, CommandSpec] = {
    spec.name: spec
    for spec in (
        CARD,
        RULINGS,
        RULE,
        SEARCH,
        MTR,
        IPG,
        SCENARIO,
        GAME,
        ABOUT,
        HELP,
        RIFTBOUND_RULE,
        RIFTBOUND_CARD,
        RIFTBOUND_MTR,
        RIFTBOUND_IPG,
    )
}


def listed_commands() -> list[CommandSpec]:
    """The commands `help` shows (not those only buttons and inline references run)."""
    return [spec for spec in COMMANDS.values() if spec.listed]


def split_command(line: str) -> tuple[str, str]:
    """``"card  Arc Trail "`` -> ``("card", "Arc Trail")``; the name is case-insensitive."""
    stripped = line.strip()
    if not stripped:
        raise UsageError("The command is empty.", hint="Try `help` to see the commands.")
    if len(stripped) > MAX_COMMAND_CHARS:
        raise UsageError(
            f"That command is {len(stripped):,} characters long; the limit is "
            f"{MAX_COMMAND_CHARS:,}."
        )
    name, _, rest = stripped.partition(" ")
    return name.lower().lstrip("/!"), rest.strip()


# A line that starts like a question ("can I hide a card ...") is a rules question (QA 55 U2).
_QUESTION_STARTS = frozenset(
    {
        "can",
        "could",
        "does",
        "do",
        "what",
        "whats",
        "how",
        "when",
        "why",
        "is",
        "are",
        "who",
        "where",
        "will",
        "would",
        "if",
        "which",
        "should",
        "may",
    }
)


# A line that starts like a player telling a game situation ("I play Jinx ...", "my Garen is
# at 4 might ...", "opp has a Tarmogoyf"; QA 58 U2).
_SITUATION_STARTS = frozenset(
    {
        "i",
        "i'm",
        "im",
        "my",
        "me",
        "he",
        "she",
        "they",
        "we",
        "his",
        "her",
        "their",
        "our",
        "opp",
        "opponent",
        "opponent's",
        "so",
        "also",
        "and",
    }
)
# Words of a game action: such a line is a situation for `scenario`, else a question for `rule`.
_ACTION_WORDS = re.compile(
    r"\b(?:play(?:s|ed)?|cast(?:s|ed)?|attack(?:s|ed)?|block(?:s|ed)?|move(?:s|d)?|"
    r"react(?:s|ed)?|respond(?:s|ed)?|control(?:s|led)?|target(?:s|ing)?|bolt(?:s|ed)?)\b",
    re.IGNORECASE,
)


# "I play ...": the first person told as the player Alice, whose verbs take an -s.
_FIRST_PERSON = re.compile(
    r"\b(?:I(?:['’]m|\s+am)\b|I\s+(?P<adverb>(?:also|then|just|now|still)\s+)?(?P<verb>[a-z]+)\b"
    r"|(?P<possessive>my)\b|(?P<object>me|myself)\b)",
    re.IGNORECASE,
)
_IRREGULAR_VERBS = {"have": "has", "do": "does", "go": "goes", "am": "is", "was": "was"}


def told_by_alice(told: str) -> str:
    """``told`` with its first person ("I play Jinx to my base") said of Alice ("Alice plays
    Jinx to her base"): a scenario's statements name their players, and "I" names no one
    unless the user says who they are (QA 59 U4)."""

    def said_of_alice(match: re.Match[str]) -> str:
        if match["possessive"]:
            return "Alice's" if match.start() == 0 else "her"
        if match["object"]:
            return "her" if match["object"].lower() == "me" else "herself"
        verb = match["verb"]
        if verb is None:
            return "Alice is"
        low = verb.lower()
        if low in _IRREGULAR_VERBS:
            third = _IRREGULAR_VERBS[low]
        elif re.search(r"(?:s|sh|ch|x|z)$", low):
            third = low + "es"
        elif re.search(r"[^aeiou]y$", low):
            third = low[:-1] + "ies"
        else:
            third = low + "s"
        return f"Alice {match['adverb'] or ''}{third}"

    return _FIRST_PERSON.sub(said_of_alice, told)


def find_command(name: str, argument: str = "") -> CommandSpec:
    spec = COMMANDS.get(name)
    if spec is None and name.rstrip("?'’") in _QUESTION_STARTS:
        asked = f"{name} {argument}".strip()[:200]
        raise UsageError(
            f"There is no command `{name[:40]}`: a rules question is asked with `rule`, and a "
            "game situation with `scenario`.",
            suggestions=["rule", "scenario"],
            hint=f"rule {asked}",
        )
    if spec is None:
        from rapidfuzz import process

        listed = [spec.name for spec in listed_commands()]
        close = [match for match, score, _ in process.extract(name, listed, limit=3) if score >= 60]
        told = f"{name} {argument}".strip()
        if name.rstrip("?'’,") in _SITUATION_STARTS or (not close and told.endswith("?")):
            # "I play Jinx ..., what happens?" (QA 58 U2): not a misspelt command.
            asked = told[:200]
            situation = _ACTION_WORDS.search(told) is not None
            raise UsageError(
                f"There is no command `{name[:40]}`: a game situation is told with `scenario` "
                "(one statement per sentence: “Alice plays ...”, “Bob casts ... targeting "
                "...”), and a rules question is asked with `rule`.",
                suggestions=["scenario", "rule"] if situation else ["rule", "scenario"],
                # A scenario names its players: "I" is no one there (QA 59 U4).
                hint=f"scenario {told_by_alice(asked)}" if situation else f"rule {asked}",
            )
        raise UsageError(
            f"There is no command `{name[:40]}`.",
            suggestions=close,
            hint="Commands: " + ", ".join(sorted(listed)) + ".",
        )
    return spec


def read_line(line: str) -> CommandCall:
    """A typed line (``card arc trail``) as the call it names; a friendly error for an
    unknown command."""
    name, argument = split_command(line)
    return find_command(name, argument).call(argument)


async def run_command(ctx: CommandContext, line: str) -> Reply:
    """Run a typed (or stored) command line."""
    try:
        call = read_line(line)
    except UsageError as error:
        if error.hint.startswith("scenario ") and _names_a_riftbound_card(ctx, error.hint):
            # "I play Jinx, Demolitionist to my base.": a Riftbound situation (QA 59 U4).
            raise UsageError(
                error.message,
                suggestions=error.suggestions,
                hint=f"{error.hint} game:riftbound",
            ) from error
        name, _ = split_command(line)
        meant = None if name in COMMANDS else _lookup_meant(ctx, line)
        if meant is None:
            raise
        # "lightning bolt", "702.11": a lookup typed without its command.
        raise UsageError(
            error.message, suggestions=[meant, *error.suggestions], hint=error.hint
        ) from error
    return await call.run(ctx)


def _names_a_riftbound_card(ctx: CommandContext, text: str) -> bool:
    """Whether ``text`` names a Riftbound card that is no Magic card ("Jinx, Demolitionist",
    "Blazing Scorcher"); False without Riftbound data."""
    from bot.records.names import normalize_name

    index = getattr(ctx.reference, "riftbound", None)
    if index is None:
        return False
    said = f" {normalize_name(text)} "
    try:
        return any(
            f" {normalize_name(name)} " in said and ctx.reference.cards.exact(name) is None
            for name in index.card_names()
        )
    except DataMissingError:
        return False


_RIFTBOUND_OPTION = re.compile(r"(?:^|\s)(?:game:\s*riftbound|--game\s+riftbound)\b", re.I)


def _lookup_meant(ctx: CommandContext, line: str) -> str | None:
    """The lookup a line without a command stands for: ``rule 702.11`` for a rule number,
    ``card Lightning Bolt`` for a card's name or nickname, ``rule hexproof`` for a rules term,
    then a card's close misspelling; None when it is none of these (or the data is missing)."""
    from rapidfuzz.distance import OSA

    from bot.errors import UserError
    from bot.records.rule_numbers import normalize_rule_number

    text = " ".join(line.split())
    if (riftbound := _RIFTBOUND_OPTION.search(text)) is not None:
        # "jinx game:riftbound" (QA 58 M10): a Riftbound lookup typed without its command.
        asked = " ".join(_RIFTBOUND_OPTION.sub(" ", text).split())
        if not asked:
            return None
        command = "rule" if normalize_rule_number(asked) is not None else "card"
        return f"{command} {asked} {riftbound.group(0).strip()}"
    if normalize_rule_number(text) is not None:
        return f"rule {text}"
    cards = ctx.reference.cards
    try:
        exact = cards.exact(text)
        if exact is not None:
            return f"card {exact.name}"
        if ctx.reference.rules.term(text) is not None:
            return f"rule {text}"
        first = text.split(" ", 1)[0].lower()
        if any(OSA.distance(first, spec.name, score_cutoff=2) <= 2 for spec in listed_commands()):
            return None  # "hepl" is "help" mistyped, not the card Heal
        return f"card {cards.resolve(text).name}"
    except UserError:
        return None


# ``game`` subcommands that only look: their answer can be computed again for another page.
_LOOKING_GAME_WORDS = frozenset({"state", "show", "history", "export", "seats", "help"})


def runs_again_safely(line: str) -> bool:
    """Whether running ``line`` again only shows its answer again (lookups, scenarios, ``game
    state``), so a page button may run it again; a ``game`` line that may change the game must
    not be run twice (found by QA 14: turning a page applied a batch of statements again)."""
    try:
        name, argument = split_command(line)
    except UsageError:
        return True
    if name != "game":
        return True
    word = argument.split(" ", 1)[0].lower()
    return word in _LOOKING_GAME_WORDS
