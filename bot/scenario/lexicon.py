"""Word lists the scenario parser reads: colours, types, keywords, zones, numbers, verbs.

Everything here is lowercase.  The lists are deliberately plain data so a reader can see at a
glance which words a judge may type; the parser decides what they mean in context.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from bot.engine.mtg.keyword_abilities import KEYWORD_NAMES
from bot.engine.mtg.phrase_vocab import COLORS as PHRASE_COLORS
from bot.engine.mtg.phrase_vocab import NUMBER_WORDS as ORACLE_NUMBER_WORDS
from bot.engine.mtg.phrase_vocab import SUBTYPES

COLORS = PHRASE_COLORS

# CR 205.2a card types, plus Riftbound's (unit, gear, rune, spell, battlefield, legend).
CARD_TYPES: frozenset[str] = frozenset(
    {
        "artifact",
        "battle",
        "creature",
        "enchantment",
        "instant",
        "kindred",
        "land",
        "planeswalker",
        "sorcery",
        "tribal",
        "unit",
        "gear",
        "rune",
        "spell",
        "legend",
    }
)

# The card types only Riftbound has (a Magic type question never asks them).
RIFTBOUND_CARD_TYPES: frozenset[str] = frozenset({"unit", "gear", "rune", "spell", "legend"})

# CR 205.4a supertypes.
SUPERTYPES: frozenset[str] = frozenset({"basic", "legendary", "ongoing", "snow", "world"})

# Keyword abilities a judge may give or take away: every one of CR 702 (the engine's list), what
# a judge says of a spell ("can't be countered") or of an ability loss ("all abilities"), and
# Riftbound's keywords.  Parameterised keywords ("ward 2", "protection from red") are matched by
# their first words below.
KEYWORDS: frozenset[str] = KEYWORD_NAMES | frozenset(
    {
        "can't be countered",
        "all abilities",
        # Riftbound keywords
        "accelerate",
        "action",
        "assault",
        "deathknell",
        "deflect",
        "ganking",
        "hidden",
        "legion",
        "reaction",
        "shield",
        "tank",
        "temporary",
        "vision",
    }
)

# Keywords followed by a quality or a number: "protection from red", "ward 2", "ward {2}",
# "hexproof from black", "toxic 1", "modular 2" (CR 702.11d, 702.16, 702.21).
PARAMETERISED_KEYWORDS: frozenset[str] = frozenset(
    {
        "protection from",
        "hexproof from",
        "ward",
        "toxic",
        "annihilator",
        "afflict",
        "bushido",
        "rampage",
        "modular",
        "fading",
        "vanishing",
        "absorb",
        "crew",
        "equip",
        "bloodthirst",
        "graft",
        "dredge",
        "amplify",
        "tribute",
        "renown",
        "fabricate",
        "poisonous",
        "frenzy",
        "cycling",
        "kicker",
        "flashback",
        "madness",
        "morph",
        "ninjutsu",
        "buyback",
        "echo",
        "cumulative upkeep",
        "affinity for",
        "landwalk",
        "deflect",
        "shield",
        "assault",
    }
)

# Zones by the words judges use; Riftbound's trash is its graveyard (CR 400.1, Riftbound 150).
ZONE_WORDS: Mapping[str, str] = MappingProxyType(
    {
        "graveyard": "graveyard",
        "trash": "graveyard",
        "discard pile": "graveyard",
        "hand": "hand",
        "library": "library",
        "deck": "library",
        "main deck": "library",
        "exile": "exile",
        "banishment": "exile",
        "command zone": "command",
        # Riftbound's Champion Zone (108.3), where the Chosen Champion starts (QA 55 U3).
        "champion zone": "command",
    }
)

# The stack, and Riftbound's name for it.
STACK_WORDS: frozenset[str] = frozenset({"stack", "chain"})

# Statuses a permanent can have (CR 110.5); "is tapped", "becomes tapped".
STATUSES: frozenset[str] = frozenset(
    {
        "tapped",
        "untapped",
        "attacking",
        "blocking",
        # CR 509.1h: an attacking creature is blocked or unblocked once blockers are declared.
        "blocked",
        "unblocked",
        "face down",
        "face up",
        # Face down with ward {2} (CR 702.168a disguise, 701.58a cloak).
        "disguised",
        "cloaked",
        "phased out",
        # CR 506.4: a permanent removed from combat stops being an attacking or blocking one.
        "removed from combat",
        "not attacking",
        "no longer attacking",
        "not blocking",
        "no longer blocking",
    }
)

# The engine's number words (as Oracle text writes them), plus what people type in chat.
NUMBER_WORDS: Mapping[str, int] = MappingProxyType(
    {**ORACLE_NUMBER_WORDS, "no": 0, "fourteen": 14, "fifteen": 15}
)

ORDINAL_WORDS: Mapping[str, int] = MappingProxyType(
    {
        "first": 1,
        "second": 2,
        "third": 3,
        "fourth": 4,
        "fifth": 5,
        "sixth": 6,
        "seventh": 7,
        "eighth": 8,
        "ninth": 9,
        "tenth": 10,
        "last": -1,
    }
)

# Words that mean the speaker, and the speaker's only opponent in a two-player game.
SPEAKER_WORDS: frozenset[str] = frozenset({"i", "me", "my", "myself", "mine"})
OPPONENT_WORDS: frozenset[str] = frozenset(
    {
        "opponent",
        "my opponent",
        "the opponent",
        "your opponent",
        "an opponent",
        "opp",
        "his opponent",
        "her opponent",
        "their opponent",
    }
)
# Words for the player doing what the statement says ("Bob casts Lightning Bolt targeting
# himself"): they mean that player.
REFLEXIVE_WORDS: frozenset[str] = frozenset({"himself", "herself", "themselves", "themself"})

# Abbreviations whose full stop does not end a statement ("Mr. Orfeo, the Boulder").
ABBREVIATIONS: frozenset[str] = frozenset({"mr", "mrs", "ms", "dr", "st", "jr", "sr", "vs"})

# Every verb a statement can turn on, for spotting typos ("cats" -> "casts").  The parser's own
# patterns accept both "casts" and "cast"; this list is only for suggestions.
VERBS: tuple[str, ...] = (
    "controls",
    "casts",
    "plays",
    "activates",
    "has",
    "is",
    "gains",
    "loses",
    "becomes",
    "sacrifices",
    "leaves",
    "dies",
    "returns",
    "phases",
    "resolves",
    "targets",
    "changes",
    "chooses",
    "resolve",
    "protects",
)


# Words a quality of protection or "hexproof from" may be made of (CR 702.16a, 702.11d):
# colours, types, and the words that combine them ("protection from multicolored spells").
QUALITY_WORDS: frozenset[str] = frozenset(
    {*PHRASE_COLORS, *CARD_TYPES, *SUBTYPES, *SUPERTYPES}
    | {
        "everything",
        "all",
        "each",
        "color",
        "colors",
        "colored",
        "multicolored",
        "monocolored",
        "colorless",
        "mana",
        "value",
        "spell",
        "spells",
        "permanent",
        "permanents",
        "source",
        "sources",
        "ability",
        "abilities",
        "player",
        "players",
        "opponent",
        "opponents",
        "chosen",
        "the",
        "of",
        "your",
        "you",
        "control",
        "power",
        "toughness",
        "greater",
        "less",
        "or",
        "more",
        "than",
        "with",
    }
)
