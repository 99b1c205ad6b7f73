"""Words the target-phrase reader knows: supertypes, colours, keywords, numbers.

Card types are the engine's one list (``bot.engine.cards``), subtypes come from CR 205
(``oracle_subtypes``) and keywords from CR 702 (``keyword_abilities``): target descriptions test
them ("with flying", "without defender").
"""

from __future__ import annotations

import re

from bot.engine.cards import SUPERTYPES as CARD_SUPERTYPES
from bot.engine.model import COLOR_NAMES
from bot.engine.mtg.keyword_abilities import KEYWORD_NAMES
from bot.engine.mtg.oracle_subtypes import ALL_SUBTYPES

# The engine's one list (CR 205.4a, with the Un-sets' "host" of Labro Bot's "target host card").
SUPERTYPES: frozenset[str] = CARD_SUPERTYPES
COLORS: frozenset[str] = frozenset(COLOR_NAMES.values())

# "Outlaw" is a shorthand for five creature types (CR 700.12).
OUTLAW_TYPES: frozenset[str] = frozenset({"assassin", "mercenary", "pirate", "rogue", "warlock"})

SUBTYPES: frozenset[str] = ALL_SUBTYPES

# Keyword abilities that descriptions test with "with"/"without": every one of CR 702.
KEYWORDS: frozenset[str] = KEYWORD_NAMES

# An ability word before an ability, "Undergrowth — When ...", "Metalcraft — If ...", has no
# rules meaning (207.2c): abilities and conditions are read past it.
ABILITY_WORD_PREFIX = r"[A-Za-z][\w' -]{0,40} — "
NUMBER_WORDS: dict[str, int] = {
    "zero": 0,
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "twenty": 20,
}


def number_value(word: str) -> int | None:
    """'two' -> 2, '3' -> 3; None for anything else (including X)."""
    if word.isdigit():
        return int(word)
    return NUMBER_WORDS.get(word)


def singular(word: str) -> str:
    """The singular of a type or noun word as Oracle text spells it ("elves" -> "elf")."""
    irregular = {
        "abilities": "ability",
        "elves": "elf",
        "dwarves": "dwarf",
        "wolves": "wolf",
        "werewolves": "werewolf",
        "sorceries": "sorcery",
        "allies": "ally",
        "mercenaries": "mercenary",
        "fungi": "fungus",
        "octopi": "octopus",
        "sphinxes": "sphinx",
        "foxes": "fox",
        "harpies": "harpy",
        "faeries": "faerie",
        "zombies": "zombie",
        "mice": "mouse",
        "children": "child",
        "men": "man",
        "aurochs": "aurochs",
        "homunculi": "homunculus",
        "djinn": "djinn",
        "efreet": "efreet",
    }
    if word in irregular:
        return irregular[word]
    for suffix in ("ches", "shes", "sses", "xes"):
        if word.endswith(suffix):
            return word[:-2]
    if word.endswith("ies") and len(word) > 4:
        candidate = word[:-3] + "y"
        if candidate in SUBTYPES:
            return candidate
    if word.endswith("s") and not word.endswith("ss") and len(word) > 2:
        return word[:-1]
    return word


# Conditions on the board, read by a resolving part ("If you control three or more artifacts",
# conditions.py) and by a static ability ("as long as you control no untapped lands", state.py).
# "three or fewer lands" (Sheltered Valley), "no untapped lands" (Well of Life): 608.2c.
YOU_CONTROL_CONDITION = re.compile(
    r"^you (?P<negated>don't |do not )?control (?P<count>no|an?|another|one|two|three|four|five|"
    r"six|seven|\d+)(?P<more> or (?:more|fewer|less))? (?P<what>.+)$",
    re.I,
)
# Threshold ("seven or more cards in your graveyard"), delirium ("four or more card types
# among cards in your graveyard").
CARDS_IN_GRAVEYARD_CONDITION = re.compile(
    r"^there are (?P<n>\w+) or more (?P<what>cards|card types among cards) in your graveyard$",
    re.I,
)
