"""How a played permanent enters the board: a unit exhausted, a gear ready (359.2.c-d), unless
card text says otherwise (002: "Card text supersedes rules text"): a gear's "This enters
exhausted." (Iron Ballista) is followed.

Text that applies is followed: a unit's own "I enter ready." (Arena Kingpin) and a friendly
permanent's or Legend's "Other friendly units enter ready." (Magma Wurm), "Your units enter
ready." (Wuju Master); a [Level N] ability only while the player has N or more XP (824.1.c:
Scorchclaw's "[Level 3][>] I have +1 [M] and enter ready.").  Text that makes a unit enter
ready under a condition the bot doesn't track ("I enter ready if you control another Mech.")
is named in a note, and the unit enters exhausted.  [Accelerate] makes it
enter ready when its cost was paid (805.1.a), said "with Accelerate".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.engine.riftbound.model import RbKind
from bot.engine.riftbound.optional_costs import accelerate_cost, has_accelerate
from bot.engine.riftbound.rules import cite_if, rule
from bot.engine.riftbound.state import RbCard, RbState, level_of, levelled_for, passive_board

# Reminder text in parentheses says what a keyword does; it is not an ability of its own.
_REMINDER = re.compile(r"\s*\([^()]*\)")
_ENTERS_READY = re.compile(r"\benters? ready\b", re.I)
# A gear's own "This enters exhausted." (Iron Ballista, Honeyfruit, Scryer's Bloom).
_OWN_EXHAUSTED = re.compile(r"^(?:This|I) enters? exhausted\.?$", re.I)
# "I enter ready." (Arena Kingpin); Scorchclaw's "I have +1 [M] and enter ready." once its
# [Level 3] is active.
_OWN_READY = re.compile(r"^I (?:[^.]+ and )?enter ready\.?$", re.I)
# Magma Wurm's "Other friendly units enter ready.", Wuju Master's "[Level 11][>] Your units
# enter ready."
_OTHERS_READY = re.compile(r"^(?:Other friendly|Your|Friendly) units enter ready\.?$", re.I)
# A condition on the board the bot keeps (364.3.a: "if" makes a passive conditional): Vayne,
# Hunter's "If an opponent controls a battlefield, I enter ready.", Monch's "If an opponent
# controls a stunned unit, I cost [2] less and enter ready."
_IF_OPPONENT_CONTROLS = re.compile(
    r"^If an opponent controls an? (?P<stunned>stunned )?(?P<kind>battlefield|unit|gear), I "
    r"(?:.+ and )?enter ready\.?$",
    re.I,
)


@dataclass(frozen=True)
class Entry:
    """Whether the played permanent enters exhausted, and the notes and rules saying why."""

    exhausted: bool
    notes: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()


def _lines(text: str) -> list[str]:
    return [line for raw in text.splitlines() if (line := _REMINDER.sub("", raw).strip())]


def played_entry(state: RbState, player: str, card: RbCard, *, accelerated: bool = False) -> Entry:
    """How ``card``, played by ``player``, enters the board (359.2.c-d); ``accelerated``: its
    Accelerate cost was paid (805.1.a)."""
    version = state.version
    if card.kind is not RbKind.UNIT:
        if said := next((line for line in _lines(card.text) if _OWN_EXHAUSTED.match(line)), None):
            # 002: card text supersedes 359.2.d's "a gear enters ready".
            return Entry(
                True,
                (
                    f"{card.name} says “{said}”, so it enters exhausted: card text supersedes "
                    "the rules.",
                ),
                (rule("gear_enters_ready", version), rule("card_text_wins", version)),
            )
        return Entry(False, rules=(rule("gear_enters_ready", version),))
    entered = rule("unit_enters_exhausted", version)
    if accelerated:
        cost, priced = accelerate_cost(card, version)
        return Entry(
            False,
            (
                f"{player} pays {card.name}'s Accelerate cost, {cost}, as an additional cost "
                f"({', '.join(priced)}), so it enters ready "
                f"({rule('unit_enters_exhausted_altered', version)}): it doesn't enter exhausted "
                "and then become ready, so nothing that cares about a unit becoming ready "
                f"triggers ({rule('accelerate_enters_ready', version)}).",
            ),
            (
                *priced,
                rule("accelerate_enters_ready", version),
                rule("unit_enters_exhausted_altered", version),
            ),
        )
    overrides = (entered, rule("card_text_wins", version))
    if sources := [source for who, source in state.next_unit_ready if who == player]:
        # Sun Disc's "The next unit you play this turn enters ready." (Origins FAQ).
        return Entry(
            False,
            (
                f"{sources[0]}'s effect, “The next unit you play this turn enters ready”, "
                f"applies to this unit, {card.name}, so it enters ready: card text supersedes "
                "the rules.",
            ),
            (*overrides, rule("unit_enters_exhausted_altered", version)),
        )
    xp = state.xp.get(player, 0)
    # 824.1.c-d: a [Level N] ability is part of the card only while its controller (the
    # player playing it) has N or more XP.
    levels = [(line, n) for line in _lines(card.text) if (n := level_of(line)) is not None]
    own = _lines(levelled_for(state, player, card.text))
    if said := next((line for line in own if _OWN_READY.match(line)), None):
        levelled = next((line for line, _ in levels if line.endswith(said)), None)
        return _entering_ready(
            card.name, "it", levelled or said, bool(levelled), player, xp, version, overrides
        )
    for obj, text in passive_board(state):
        if obj.controller != player or obj.id not in state.cards:
            continue
        said = next((line for line in _lines(text) if _OTHERS_READY.match(line)), None)
        if said is None:
            continue
        raw = _lines(state.cards[obj.id].text)
        levelled = next((line for line in raw if line.endswith(said) and line != said), None)
        return _entering_ready(
            obj.name, card.name, levelled or said, bool(levelled), player, xp, version, overrides
        )
    inactive = [(line, n) for line, n in levels if n > xp and _ENTERS_READY.search(line)]
    if inactive:
        line, n = inactive[0]
        return Entry(
            True,
            (
                f"{card.name}'s “{line}” is inactive: {player} has {xp} XP, less than {n} "
                f"({', '.join(cite_if('level_inactive', version))}), so it enters exhausted.",
            ),
            (entered, *cite_if("level_inactive", version)),
        )
    conditional = [line for line in own if _ENTERS_READY.search(line)]
    for line in conditional:
        found = _IF_OPPONENT_CONTROLS.match(line)
        if found is None:
            continue
        what = _opponents_permanent(state, player, found)
        said = f"{card.name} says “{line}”"
        if what:
            return Entry(
                False,
                (f"{said}, and {what}, so it enters ready (card text supersedes the rules).",),
                (*overrides, rule("conditional_passive", version)),
            )
        kind = f"{found.group('stunned') or ''}{found.group('kind').lower()}"
        return Entry(
            True,
            (f"{said}, and no opponent of {player} controls a {kind}, so it enters exhausted.",),
            (entered, rule("conditional_passive", version)),
        )
    why = (
        f"it enters ready only when “{conditional[0]}” applies, which the bot doesn't check"
        if conditional
        else ""
    )
    if not why and has_accelerate(card):
        # Accelerate is optional (805.2): not said, not paid.
        return Entry(
            True,
            (
                f"{card.name} has [Accelerate], and its cost wasn't said to be paid, so it "
                f"enters exhausted ({entered}); paid as it is played (“{player} plays "
                f"{card.name} with Accelerate.”), it enters ready ({rule('accelerate', version)}).",
            ),
            (entered, rule("accelerate", version)),
        )
    if why:
        # The card text is not applied, so the rules decide (359.2.c); 002 would be cited only
        # where card text overrides them.
        return Entry(
            True,
            (
                f"{card.name}: {why}, so it enters exhausted here; if it entered ready, say "
                f"“{card.name} is ready.”",
            ),
            (entered, rule("conditional_passive", version)),
        )
    return Entry(True, rules=(entered,))


def _opponents_permanent(state: RbState, player: str, condition: re.Match[str]) -> str:
    """What an opponent of ``player`` controls that meets "an opponent controls a [stunned]
    battlefield/unit/gear" ("Targon's Peak is controlled by Bob"), or "" if nothing does."""
    kind = RbKind(condition.group("kind").lower())
    candidates = state.battlefields() if kind is RbKind.BATTLEFIELD else state.on_board()
    for obj in candidates:
        if obj.kind is not kind or obj.controller in ("", player):
            continue
        if condition.group("stunned") and not obj.stunned:
            continue
        stunned = "stunned " if condition.group("stunned") else ""
        return f"{obj.controller} controls the {stunned}{kind.value} {obj.name}"
    return ""


def _entering_ready(
    source: str,
    entering: str,
    line: str,
    levelled: bool,
    player: str,
    xp: int,
    version: str,
    overrides: tuple[str, ...],
) -> Entry:
    """A unit that enters ready because ``source``'s text ``line`` says so (card text
    supersedes the rules), a [Level] line only while its player has the XP (824.1.c)."""
    active = cite_if("level_active", version) if levelled else ()
    why = f", active as {player} has {xp} XP ({', '.join(active)})" if levelled else ""
    return Entry(
        False,
        (
            f"{source} says “{line}”{why}, so {entering} enters ready: card text supersedes the "
            "rules.",
        ),
        (*overrides, *active),
    )
