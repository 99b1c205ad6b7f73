"""Entry point: ``rulesbot`` runs Discord with a token, otherwise the console.

``rulesbot ask [--json|--markdown] [--channel NAME] [--user NAME] "COMMAND"`` runs one command
and exits 0 on success, 1 on a user error, 2 on a usage error.  ``rulesbot sync [--from DIR]``
updates the reference data.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.app import (
    close_services,
    ensure_data,
    open_services,
    sync_from_folder,
    sync_online,
    warm_up,
)
from bot.commands.context import Caller, CommandContext, Services
from bot.commands.dispatch import run_command
from bot.commands.reply import Reply
from bot.errors import DataError, UsageError, UserError
from bot.frontends.text import error_json, error_text, render_json, render_text
from bot.settings import Settings

log = logging.getLogger("rulesbot")

EXIT_OK, EXIT_USER_ERROR, EXIT_USAGE = 0, 1, 2


ASK_EPILOG = """\
commands (as in the console; `help COMMAND` tells more):
{commands}

A final "-" reads the rest from standard input: rulesbot ask "scenario -" < script.txt

exit status:
  0  the answer was printed (on standard output)
  1  the command could not answer: nothing found, an illegal or unreadable statement, every
     statement of a scenario failed, nothing in progress to choose for, no seat to act for,
     a game already running (errors are written to standard error)
  2  the command line itself was wrong: unknown command or option, missing argument
"""

SYNC_DESCRIPTION = """\
Update the data the bot answers from, then swap it in at once (a failed or interrupted sync
leaves the data in use unchanged).

Without --from, it downloads every official source: the Comprehensive Rules (Wizards' rules
page), Scryfall's card data and rulings, the Magic Tournament Rules and Infraction Procedure
Guide (the PDFs on Wizards' WPN rules documents page), and Riftbound's Core Rules (the PDF on
Riot's Rules Hub) and cards (the official card gallery).  It prints what each source did:
updated, unchanged, or unavailable (then the copy from the last sync is kept).  Older
Comprehensive Rules are kept in the rules history; --history-from DIR adds versions you have.
Riftbound's errata and FAQ articles are not downloaded: import them with --from.

With --from DIR, it imports a folder you prepared, with one subfolder per source:
  DIR/mtg-cr/        MagicCompRules-YYYYMMDD.txt (the Comprehensive Rules as a text file);
                     history/YYYY-MM-DD.txt for older versions (optional)
  DIR/mtg-cards/     oracle-cards.json(.gz) and rulings.json(.gz) (Scryfall bulk data)
  DIR/riftbound/     core-rules-vX.Y.pdf (or .md) and cards.json; errata.json, faqs.json
                     (optional folder)
  DIR/mtg-docs/      the Magic Tournament Rules and Infraction Procedure Guide PDFs as
                     Wizards names them (MTG_MTR_..._EN.pdf, MTG_IPG_..._EN.pdf) (optional)
Subfolders that are missing are left out and reported; the others are checked before use (a
cut or damaged file is refused, as is a sharp drop in rules or cards unless --force).
"""


def _command_lines() -> str:
    from bot.commands.dispatch import listed_commands

    return "\n".join(f"  {spec.usage:<34} {spec.summary}" for spec in listed_commands())


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rulesbot",
        description="Rules answers for Magic: The Gathering and Riftbound. With DISCORD_TOKEN "
        "set, runs the Discord bot; otherwise an interactive console.",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="log more")
    sub = parser.add_subparsers(dest="command")
    ask = sub.add_parser(
        "ask",
        help="run one console command and print its answer",
        description="Run one command, print its answer and exit.",
        epilog=ASK_EPILOG.format(commands=_command_lines()),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    output = ask.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print the answer as JSON")
    output.add_argument(
        "--markdown",
        action="store_true",
        help="keep the answer's Markdown marks (**bold**, ## headings)",
    )
    ask.add_argument("--channel", default="console", help="the channel whose game to use")
    ask.add_argument(
        "--user",
        default=None,
        metavar="NAME",
        help="who is asking (a user id or name; it plays only the seats it "
        "joins); without it you are 'console', an onlooker who may change any game",
    )
    ask.add_argument("--guild", default="console", help=argparse.SUPPRESS)
    ask.add_argument("--judge", action="store_true", help="act as a judge (may change any game)")
    ask.add_argument(
        "--image",
        type=Path,
        metavar="FILE",
        help="also draw the board (game state, scenario) as a PNG to FILE",
    )
    ask.add_argument(
        "line",
        metavar="COMMAND",
        nargs="+",
        help='e.g. card arc trail (quoting is optional); a final "-" reads stdin',
    )
    sync = sub.add_parser(
        "sync",
        help="download (or import) the rules and card data",
        description=SYNC_DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sync.add_argument(
        "--from",
        dest="source",
        type=Path,
        metavar="DIR",
        help="import this folder (laid out as described above) instead of downloading",
    )
    sync.add_argument(
        "--history-from",
        dest="history_from",
        type=Path,
        metavar="DIR",
        help="also keep the Comprehensive Rules versions in DIR (files named YYYY-MM-DD.txt) "
        "in the rules history",
    )
    sync.add_argument(
        "--force",
        action="store_true",
        help="accept new data even when it has far fewer rules or cards than the data in use",
    )
    sub.add_parser(
        "health",
        help="exit 0 when the Discord bot is connected (for container health checks)",
        description="Exit 0 when the running Discord bot wrote its heartbeat in the last "
        "95 seconds (it does every 30 s while connected), else print why and exit 1.",
    )
    console = sub.add_parser(
        "console", help="the interactive console (the default without a token)"
    )
    console.add_argument(
        "--user",
        default=None,
        metavar="NAME",
        help="who is asking in games (default: 'console', who may change any game)",
    )
    return parser


def configure_logging(verbose: bool) -> None:
    logging.basicConfig(
        level=logging.DEBUG if verbose else logging.WARNING,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )


def _read_stdin_argument(line: str) -> str:
    """``scenario -`` reads the command's argument (a multi-line script) from standard input;
    the "-" may come before options too (``scenario - game:riftbound``: found by QA, it used
    to answer "the script has no statements")."""
    words = line.split()
    if len(words) < 2 or "-" not in words[1:]:
        return line
    at = len(words) - 1 - words[::-1].index("-")
    options = words[at + 1 :]
    if not all(re.fullmatch(r"[a-z]+:\S+", word) for word in options):
        return line  # a "-" inside a script typed on the command line is just text
    return f"{' '.join(words[:at] + options)} {sys.stdin.read()}"


async def _ask(settings: Settings, args: argparse.Namespace) -> int:
    # The words of an unquoted command arrive one by one: "ask card arc trail" is one command.
    line = _read_stdin_argument(" ".join(args.line))
    caller = console_caller(args.user, channel=args.channel, guild=args.guild, judge=args.judge)
    services = None
    try:
        services = open_services(settings)
        reply = await run_command(CommandContext(caller=caller, services=services), line)
    except UserError as error:
        sys.stderr.write(error_json(error) + "\n" if args.json else error_text(error))
        return EXIT_USAGE if isinstance(error, UsageError) else EXIT_USER_ERROR
    except Exception:
        log.exception("command failed: %r", line[:200])
        sys.stderr.write("Sorry, something went wrong on our side; the details were logged.\n")
        return EXIT_USER_ERROR
    finally:
        if services is not None:
            await close_services(services)
    if args.json:
        sys.stdout.write(render_json(reply) + "\n")
    else:
        sys.stdout.write(render_text(reply, markdown=args.markdown))
    if args.image is not None and not _write_picture(reply, args.image):
        return EXIT_USER_ERROR
    # A scenario whose every statement failed answered nothing: an error for scripts too.
    return EXIT_USER_ERROR if reply.kind == "error" else EXIT_OK


def _write_picture(reply: Reply, path: Path) -> bool:
    """``--image FILE``: the reply's board as a PNG; False (said on stderr) when it has none."""
    if reply.picture is None:
        sys.stderr.write(
            "Error: this answer has no board to draw. --image works with `game state` and "
            "`scenario`.\n"
        )
        return False
    from bot.pictures import board_png

    try:
        path.write_bytes(board_png(reply.picture))
    except OSError as error:
        sys.stderr.write(f"Error: can't write {path}: {error.strerror}.\n")
        return False
    return True


def _sync(settings: Settings, args: argparse.Namespace) -> int:
    from bot.frontends.progress_bars import RichProgress

    with RichProgress() as progress:
        try:
            if args.source is not None:
                report = sync_from_folder(settings, args.source, progress, force=args.force)
            else:
                report = sync_online(
                    settings, progress, force=args.force, history_from=args.history_from
                )
        except (DataError, UserError) as error:
            reason = str(error).rstrip(". ")
            sys.stderr.write(f"Sync failed: {reason}. The previous data is unchanged.\n")
            return EXIT_USER_ERROR
    for source in report.sources:
        print(f"  {source.line()}")
    print(f"Imported {', '.join(report.imported)} into {report.path} in {report.seconds:.1f} s.")
    if report.skipped:
        print(f"Not found in the source (kept out): {', '.join(report.skipped)}.")
    for key in ("cr_effective_date", "cards_date"):
        if key in report.meta:
            print(f"  {key}: {report.meta[key]}")
    return EXIT_OK


def _health(settings: Settings) -> int:
    from bot.frontends.heartbeat import health, heartbeat_path

    healthy, why = health(heartbeat_path(settings.data_dir))
    (sys.stdout if healthy else sys.stderr).write(why + "\n")
    return EXIT_OK if healthy else EXIT_USER_ERROR


def console_caller(
    user: str | None, *, channel: str = "console", guild: str = "console", judge: bool = False
) -> Caller:
    """Who asks from the console.  Without ``--user`` it is "console": no player of any game
    (it never sits at the table, takes life or shows up as a target), but like a judge it may
    change any game of this machine.  With ``--user NAME`` it is that user, with the rights
    NAME's seats give (and a judge's with ``--judge``)."""
    if user is None:
        return Caller(user="console", channel=channel, guild=guild, is_judge=True, onlooker=True)
    return Caller(user=user, channel=channel, guild=guild, is_judge=judge)


def _run_interactive(settings: Settings, user: str | None = None) -> int:
    from bot.frontends.progress_bars import RichProgress

    try:
        with RichProgress() as progress:
            ensure_data(settings, progress)
        services = open_services(settings)
    except UserError as error:
        sys.stderr.write(error_text(error))
        return EXIT_USER_ERROR
    warm_up(services)
    if not settings.discord_token:
        from bot.frontends.console import run_console

        return run_console(services, console_caller(user))
    return asyncio.run(_run_discord(settings, services))


async def _run_discord(settings: Settings, services: Services) -> int:
    from bot.frontends.discord.client import run_discord

    try:
        await run_discord(settings, services)
    except UserError as error:
        sys.stderr.write(error_text(error))
        return EXIT_USER_ERROR
    finally:
        await close_services(services)
    return EXIT_OK


def _parse(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """Parse; an unknown option is reported with the usage of the command it was given to
    (``ask --bogus`` shows ``ask``'s usage, not the top-level one)."""
    args, unknown = parser.parse_known_args(argv)
    if unknown:
        subparsers = next(
            action for action in parser._actions if isinstance(action, argparse._SubParsersAction)
        )
        owner = subparsers.choices.get(args.command or "", parser)
        owner.error(f"unrecognized arguments: {' '.join(unknown)}")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse(build_parser(), argv)
    configure_logging(args.verbose)
    try:
        settings = Settings.from_env()
    except UserError as error:
        sys.stderr.write(error_text(error))
        return EXIT_USAGE
    if args.command == "ask":
        return asyncio.run(_ask(settings, args))
    if args.command == "sync":
        return _sync(settings, args)
    if args.command == "health":
        return _health(settings)
    return _run_interactive(settings, getattr(args, "user", None))


if __name__ == "__main__":
    sys.exit(main())
