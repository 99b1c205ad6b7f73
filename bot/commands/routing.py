"""Route ``rule``, ``card`` and friends to the right game and language.

The game comes from an explicit option (``game:riftbound`` or ``--game riftbound`` in the
command, or the front end's option), else the channel's game, else the guild's default — never
by guessing from the query, so ``rule 355.6`` in an MTG context does not silently answer with
Riftbound.  French rules queries are recognised and answered with the English official text.
"""

from __future__ import annotations

import re
from dataclasses import replace

from bot.commands import cards, docs, riftbound, riftbound_tournament, rules
from bot.commands.context import CommandContext
from bot.commands.reply import Reply
from bot.errors import DataMissingError, NotFoundError, UsageError, UserError
from bot.records.names import normalize_name
from bot.records.riftbound_rule_numbers import typed_rule_id
from bot.records.rule_numbers import normalize_rule_number
from bot.reference.french import (
    FrenchMatch,
    french_card_name_hint,
    is_probably_french,
    translate_query,
)
from bot.reference.rules import RuleAnswer, RuleResult, SectionAnswer, TermAnswer

MTG, RIFTBOUND = "mtg", "riftbound"
GAME_NAMES = {"mtg": MTG, "magic": MTG, "riftbound": RIFTBOUND, "rb": RIFTBOUND}
_GAME_OPTION = re.compile(r"(?:^|\s)(?:--game[\s=]+|game:\s*)(\w+)", re.IGNORECASE)
_RIFTBOUND_ID = re.compile(r"^\s*\d{3}(?:\.\d+)?(?:\.[a-z](?:\.\d+)?)?\.?\s*$", re.IGNORECASE)


def choose_game(ctx: CommandContext, argument: str) -> tuple[str, str]:
    """Split a ``game:`` option off the argument; fall back to the caller's context."""
    match = _GAME_OPTION.search(argument)
    if match is None:
        return ctx.caller.game_hint or MTG, argument.strip()
    name = match.group(1).lower()
    if name not in GAME_NAMES:
        raise UsageError(
            f"There is no game called `{name[:30]}`.", hint="Use game:mtg or game:riftbound."
        )
    rest = (argument[: match.start()] + " " + argument[match.end() :]).strip()
    return GAME_NAMES[name], rest


def _need(argument: str, usage: str) -> str:
    if not argument:
        raise UsageError("Nothing to look up.", hint=f"Usage: {usage}")
    return argument


async def rule(ctx: CommandContext, argument: str) -> Reply:
    game, query = choose_game(ctx, argument)
    _need(query, "rule QUERY [game:riftbound]")
    if game == RIFTBOUND:
        return await riftbound.riftbound_rule(ctx, query)
    french = translate_query(query)
    if french is not None and is_probably_french(query):
        return _french_answer(ctx, french)
    try:
        reply = await rules.rule(ctx, query)
    except NotFoundError as error:
        if french is not None:
            return _french_answer(ctx, french)
        if _is_riftbound_rule(ctx, query):
            raise NotFoundError(
                error.message,
                suggestions=error.suggestions,
                hint=f"Riftbound has a rule {query.strip()}: ask `rule {query.strip()} "
                "game:riftbound` for it.",
            ) from error
        raise
    if (
        french is not None
        and reply.data.get("kind") == "search"
        and _french_rather_than_english(ctx, french)
    ):
        return _french_answer(ctx, french)
    return reply


def _french_rather_than_english(ctx: CommandContext, match: FrenchMatch) -> bool:
    """For a query that does not read as French but holds French terms, and that the English
    lookup answered only by free-text search: whether the French reading is the better one.

    Some French terms are English words too ("main", "pile", "sort", "creature"): inside an
    English sentence ("second main phase", "separate cards into two piles") they are English.
    A query that is nothing but French terms is French when the English rules never use one of
    its words ("regard", "lancer"); "main" alone is the English main phase.
    """
    if not match.whole_query:
        return False
    return any(not ctx.reference.rules.uses_word(word) for word in match.typed_words)


def _is_riftbound_rule(ctx: CommandContext, query: str) -> bool:
    """Whether the query names a Riftbound rule id, to point the user there (never to answer)."""
    if not _RIFTBOUND_ID.match(query):
        return False
    try:
        ctx.reference.riftbound.lookup(query.strip())
    except (UserError, DataMissingError):
        return False
    return True


async def mtr(ctx: CommandContext, argument: str) -> Reply:
    """The Magic Tournament Rules, or with ``game:riftbound`` the Riftbound Tournament Rules."""
    game, query = choose_game(ctx, argument)
    _need(query, "mtr QUERY [game:riftbound]")
    if game == RIFTBOUND:
        return await riftbound_tournament.riftbound_mtr(ctx, query)
    return await _magic_document(ctx, "mtr", query)


async def ipg(ctx: CommandContext, argument: str) -> Reply:
    """The Infraction Procedure Guide, or with ``game:riftbound`` Riftbound's penalties (its
    Tournament Rules' chapter 700: Riftbound has no separate IPG)."""
    game, query = choose_game(ctx, argument)
    _need(query, "ipg QUERY [game:riftbound]")
    if game == RIFTBOUND:
        return await riftbound_tournament.riftbound_ipg(ctx, query)
    return await _magic_document(ctx, "ipg", query)


async def _magic_document(ctx: CommandContext, doc: docs.DocName, query: str) -> Reply:
    try:
        return docs.doc_reply(ctx.reference.docs, doc, query)
    except NotFoundError as error:
        number = typed_rule_id(query.strip())
        if number is None or not _is_riftbound_tournament_rule(ctx, number):
            raise
        raise NotFoundError(
            error.message,
            suggestions=error.suggestions,
            hint=f"The Riftbound Tournament Rules have a rule {number}: ask `{doc} {number} "
            "game:riftbound` for it.",
        ) from error


def _is_riftbound_tournament_rule(ctx: CommandContext, number: str) -> bool:
    """Whether the Riftbound Tournament Rules have this number, to point the user there."""
    try:
        return number in riftbound_tournament.tournament_rules(ctx).rules.by_id
    except (UserError, DataMissingError):
        return False


def _french_answer(ctx: CommandContext, match: FrenchMatch) -> Reply:
    """The English rules for a French term, naming the French term matched."""
    index = ctx.reference.rules
    found = (index.lookup(number) for number in match.rule_numbers)
    result: RuleResult = next(
        (r for r in found if isinstance(r, RuleAnswer | SectionAnswer | TermAnswer)),
        None,
    ) or index.search(match.english_query)
    reply = rules.render(result)
    note = f"{match.note} — the official text is in English."
    data = dict(reply.data) | {"french_term": match.french, "english_term": match.english}
    return replace(reply, body=f"{note}\n{reply.body}".strip(), data=data)


async def search(ctx: CommandContext, argument: str) -> Reply:
    game, text = choose_game(ctx, argument)
    _need(text, "search TEXT [game:riftbound]")
    if game == RIFTBOUND:
        return await riftbound.riftbound_rule(ctx, text)
    return await rules.search(ctx, text)


async def card(ctx: CommandContext, argument: str) -> Reply:
    game, name = choose_game(ctx, argument)
    _need(name, "card NAME [game:riftbound]")
    if game == RIFTBOUND:
        return await riftbound.riftbound_card(ctx, name)
    try:
        reply = await cards.card(ctx, name)
    except NotFoundError as error:
        if riftbound_named := _riftbound_cards_named(ctx, name):
            # "card Jinx, Demolitionist" without game:riftbound (QA 58 U8).
            raise NotFoundError(
                error.message,
                suggestions=tuple(f"card {n} game:riftbound" for n in riftbound_named[:3]),
                hint=f"{_listed(riftbound_named)} {'is a Riftbound card' if len(riftbound_named) == 1 else 'are Riftbound cards'}: "
                f"ask `card {riftbound_named[0]} game:riftbound`.",
            ) from error
        rule_meant = _rule_meant(ctx, name)
        if rule_meant is not None:
            # "card hexproof", "card 702.11": a rules lookup under the wrong command.
            raise NotFoundError(
                error.message,
                suggestions=(f"rule {rule_meant}",),
                hint=f"“{rule_meant}” is in the Comprehensive Rules: ask `rule {rule_meant}`.",
            ) from error
        # No source of printed French names yet: say so instead of only "not found".
        french_hint = french_card_name_hint(name)
        if french_hint is None:
            raise
        raise NotFoundError(
            error.message, suggestions=error.suggestions, hint=french_hint
        ) from error
    if normalize_name(reply.title) != normalize_name(name) and (
        riftbound_named := _riftbound_cards_named(ctx, name)
    ):
        # "card stupefy" finds Stupefying Touch, the closest Magic card; Riftbound has a
        # Stupefy (QA 58 U8).
        also = (
            f"Riftbound has {_listed(riftbound_named)}: ask `card {riftbound_named[0]} "
            "game:riftbound`."
        )
        return replace(reply, body=f"{reply.body}\n{also}" if reply.body else also)
    return reply


def _riftbound_cards_named(ctx: CommandContext, name: str) -> list[str]:
    """The Riftbound cards a typed name is exactly (case and accents aside), or whose champion
    name it is ("jinx": Jinx, Rebel and Jinx, Demolitionist); empty without Riftbound data."""
    index = getattr(ctx.reference, "riftbound", None)
    if index is None:
        return []
    wanted = normalize_name(name)
    exact = [n for n in index.card_names() if normalize_name(n) == wanted]
    if exact:
        return exact
    return [n for n in index.card_names() if normalize_name(n.split(",")[0]) == wanted]


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" and {names[-1]}"


def _rule_meant(ctx: CommandContext, name: str) -> str | None:
    """The rule number or rules term a card name that matched no card stands for."""
    text = " ".join(name.split())
    number = normalize_rule_number(text)
    if number is not None:
        return number if ctx.reference.rules.rule(number) is not None else None
    try:
        return text if ctx.reference.rules.term(text) is not None else None
    except UserError:
        return None


async def rulings(ctx: CommandContext, argument: str) -> Reply:
    game, name = choose_game(ctx, argument)
    _need(name, "rulings NAME")
    if game == RIFTBOUND:
        # Riftbound's errata and FAQ answers are shown with the card itself.
        return await riftbound.riftbound_card(ctx, name)
    return await cards.rulings(ctx, name)
