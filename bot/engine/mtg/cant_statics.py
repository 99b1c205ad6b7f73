"""Static abilities of permanents whose "can't" beats an effect that says to do it (CR 101.2).

- "Spells you control can't be countered." (Hexing Squelcher), "Creature and enchantment spells
  you control can't be countered." (Destiny Spinner), "Green spells you control can't be
  countered." (Allosaurus Shepherd), "Creature spells can't be countered." (Gaea's Herald): a
  counterspell still targets the spell and resolves, and the spell stays on the stack
  (Destiny Spinner ruling, 2020-01-24).
- "Spells and abilities your opponents control can't cause you to sacrifice permanents."
  (Sigarda, Host of Herons): "if it would force you to sacrifice a permanent, you just don't.
  That part of the effect does nothing." (ruling, 2018-12-07).
- "Players can't gain life." (Sunspine Lynx), "Your opponents can't gain life." (Erebos, God of
  the Dead), "You can't gain life." (Witch Hunt): a life gain they bar doesn't happen (101.2,
  119.7); Skullcrack's "Players can't gain life this turn" is kept on the players instead.

They work while their source is on the battlefield (CR 113.6; Destiny Spinner ruling: "While
it's a spell, it can be countered"), not phased out (702.26b), and not once it has lost its
abilities (Humility, 613.1f) or its rules text (Song of the Dryads, 305.7).  Those that last
"this turn" come from a resolving spell (Veil of Summer) and are kept on the player instead
(``group_grants``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from bot.engine.cards import CARD_TYPES
from bot.engine.model import COLOR_NAMES, GameObject, Zone
from bot.engine.mtg.state import GameState
from bot.engine.mtg.statics import as_seen, loses_all_abilities, rules_text_lost_to

# "[Green | Creature and enchantment | Instant, sorcery, and Dragon] spells [you control]
# can't be countered." A line with more to it ("this turn", "with power 5 or greater", "by
# blue or black spells") isn't one of these.
# "Creature spells you control with power 5 or greater can't be countered." (Spellbreaker
# Behemoth) narrows it by a number the spell has on the stack.
# "Spells you cast with mana value 5 or greater cost {1} less to cast and can't be countered."
# (Thryx, the Sudden Storm), "Spells with flash you cast ..." (Cunning Nightbonder): only spells
# cast, not copies (their rulings); "Spells and abilities can't be countered." (Spider-Punk).
_SPELLS_CANT_BE_COUNTERED = re.compile(
    r"^(?P<what>[a-z, ]+? )?spells(?P<flash> with flash)?(?P<abilities> and abilities)?"
    r"(?P<yours> you control| you cast)?"
    r"(?: with (?P<stat>power|mana value) (?P<least>\d+) or greater)?"
    r"(?: cost \{\d+\} less to cast and)? can't be countered\.$",
    re.IGNORECASE,
)
_SACRIFICE_SHIELD = re.compile(
    r"^spells and abilities your opponents control can't cause you to sacrifice permanents\.$",
    re.IGNORECASE,
)
# "Players can't gain life." / "Your opponents can't gain life." / "You can't gain life."
_LIFE_GAIN_BAR = re.compile(
    r"^(?P<who>players|your opponents|you|each opponent) can't gain life\.$", re.IGNORECASE
)
# Skullcrack's "Players can't gain life this turn", kept on each player it reaches (the bot's
# "this turn" is the rest of the scenario), like Veil of Summer's line (group_grants).
CANT_GAIN_LIFE = "can't gain life"
_COLOURS = frozenset(COLOR_NAMES.values())


def counter_shield(state: GameState, spell: GameObject) -> tuple[GameObject, str] | None:
    """The permanent whose static ability says ``spell`` can't be countered, with that line
    of its text (CR 101.2); None if no permanent says so."""
    seen: GameObject | None = None
    for source, line in _working_lines(state, "can't be countered"):
        found = _SPELLS_CANT_BE_COUNTERED.match(line)
        if found is None:
            continue
        if found["yours"] and source.controller.casefold() != spell.controller.casefold():
            continue
        if found["yours"] == " you cast" and _is_copy(state, spell):
            continue  # "Spells ... that you control but didn't cast ... can be countered"
        words = _quality_words(found["what"] or "")
        if words is None:
            continue  # a quality the bot can't read: not said to protect
        seen = seen or as_seen(state, spell)
        if words and not any(_has_quality(seen, word) for word in words):
            continue
        if found["flash"] and "flash" not in {k.casefold() for k in seen.keywords}:
            continue
        if found["stat"]:
            number = seen.mana_value if found["stat"].lower() == "mana value" else seen.power
            if number is None or number < int(found["least"]):
                continue
        return source, line
    return None


def ability_counter_shield(state: GameState) -> tuple[GameObject, str] | None:
    """The permanent whose static ability says abilities can't be countered ("Spells and
    abilities can't be countered.", Spider-Punk), with that line; None if none does (101.2)."""
    for source, line in _working_lines(state, "can't be countered"):
        found = _SPELLS_CANT_BE_COUNTERED.match(line)
        if (
            found
            and found["abilities"]
            and not any(found[group] for group in ("what", "flash", "yours", "stat"))
        ):
            return source, line
    return None


def _is_copy(state: GameState, spell: GameObject) -> bool:
    """Whether ``spell`` is a copy on the stack, which no one cast (CR 707.10)."""
    entry = state.stack_entry_or_none(spell.id)
    return entry is not None and entry.is_copy


def sacrifice_shield(
    state: GameState, player: str, caused_by: str
) -> tuple[GameObject, str] | None:
    """The permanent ``player`` controls that says spells and abilities their opponents
    control can't cause them to sacrifice permanents (Sigarda, Host of Herons), with that
    line, when ``caused_by`` (the controller of the spell or ability) is an opponent; None
    otherwise.  Every other player is an opponent here (the bot has no teams, CR 102.3)."""
    if player.casefold() == caused_by.casefold():
        return None
    for source, line in _working_lines(state, "can't cause you to sacrifice"):
        if source.controller.casefold() == player.casefold() and _SACRIFICE_SHIELD.match(line):
            return source, line
    return None


def life_gain_bar(state: GameState, player: str) -> str | None:
    """Why ``player`` can't gain life now (CR 101.2: the "can't" wins over the gain), or None:
    a permanent's "Players / Your opponents / You can't gain life." or a resolved "Players
    can't gain life this turn" (Skullcrack) kept on the player."""
    if not state.has_player(player):
        return None
    if CANT_GAIN_LIFE in state.player(player).keywords:
        return "a resolved “can't gain life this turn” effect"
    for source, line in _working_lines(state, CANT_GAIN_LIFE):
        found = _LIFE_GAIN_BAR.match(line)
        if found is None:
            continue
        who = found["who"].lower()
        yours = source.controller.casefold() == player.casefold()
        if who == "players" or (who == "you" and yours) or (who != "you" and not yours):
            return f"{state.label(source.id)}: “{line.rstrip('.')}”"
    return None


# Sunspine Lynx, Leyline of Punishment: "Damage can't be prevented." (a static ability).
_DAMAGE_UNPREVENTABLE = re.compile(r"^damage can't be prevented\.$", re.IGNORECASE)


def unpreventable_damage(state: GameState) -> str | None:
    """Why damage can't be prevented now (CR 615.12: prevention effects still apply but
    prevent nothing), or None: a resolved "Damage can't be prevented this turn" (Skullcrack,
    Stomp) or a permanent's "Damage can't be prevented." (Sunspine Lynx)."""
    if state.damage_unpreventable:
        return f"{state.damage_unpreventable}'s “Damage can't be prevented this turn”"
    for source, line in _working_lines(state, "Damage can't be prevented"):
        if _DAMAGE_UNPREVENTABLE.match(line):
            return f"{state.label(source.id)}: “{line.rstrip('.')}”"
    return None


def _working_lines(state: GameState, words: str) -> Iterator[tuple[GameObject, str]]:
    """Each line with ``words`` of a permanent's text whose abilities work now."""
    for source in state.zone_objects(Zone.BATTLEFIELD):
        if source.phased_out or words not in source.oracle_text.replace("’", "'"):
            continue
        if loses_all_abilities(state, source) or rules_text_lost_to(state, source):
            continue  # no abilities, or none of its rules text (613.1f, 305.7)
        for line in _lines(source.oracle_text):
            if words in line:
                yield source, line


@functools.lru_cache(maxsize=256)
def _lines(oracle_text: str) -> tuple[str, ...]:
    return tuple(line.strip() for line in oracle_text.replace("’", "'").splitlines())


def _quality_words(what: str) -> tuple[str, ...] | None:
    """ "Creature and enchantment " -> ("creature", "enchantment"); "" -> () (every spell);
    None when a word isn't a colour, a card type, a "non-" type or a single subtype word."""
    words = tuple(
        word for word in re.split(r",? and |,? or |, ", what.strip().lower()) if word.strip()
    )
    if any(" " in word or "-" in word for word in words):
        return None
    return words


def _has_quality(spell: GameObject, word: str) -> bool:
    """Whether the spell is ``word``: a colour, a card type, "noncreature", or a subtype."""
    if word in _COLOURS:
        return word in spell.colors
    if word.startswith("non") and word[3:] in CARD_TYPES:
        return word[3:] not in spell.card_types
    if word in CARD_TYPES:
        return word in spell.card_types
    return word in spell.subtypes
