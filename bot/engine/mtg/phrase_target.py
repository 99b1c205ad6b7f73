"""Read one use of the word "target" in Oracle text.

Each use is one of three things:

- a target slot (CR 115.3): an optional count ("up to two", "any number of", "X"), an optional
  "another"/"other"/"any", the word, then a description ("nonblack creature you control");
- a mention that makes no target (CR 115.9, 115.10): "becomes the target of", "new targets",
  "a spell that targets", "with a single target";
- something this reader does not understand, reported as unknown rather than guessed.

The reader works on lowercased text of the same length as the original, so offsets map back.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from bot.engine.cards import CARD_TYPES
from bot.engine.model import ObjectKind, Zone
from bot.engine.mtg.counts import read_count
from bot.engine.mtg.filters import (
    ATTACHED_WORDS,
    BLOCKED_BY_SOURCE,
    BLOCKING_OR_BLOCKED_BY_SOURCE,
    BLOCKING_SOURCE,
    Alternative,
    Comparison,
    Noun,
    Relation,
    TargetDescription,
)
from bot.engine.mtg.phrase_vocab import (
    COLORS,
    KEYWORDS,
    OUTLAW_TYPES,
    SUBTYPES,
    SUPERTYPES,
    number_value,
    singular,
)

TARGET_WORD = re.compile(r"\btargets?\b")


def lower_same_length(text: str) -> str:
    """Lowercase without changing any offset; curly apostrophes become straight ones."""
    out = []
    for char in text:
        low = char.lower()
        out.append(low if len(low) == 1 else char)
    return "".join(out).replace("\u2019", "'")


@dataclass(frozen=True)
class SlotPhrase:
    """A target slot found in the text: its span, counts and description."""

    start: int
    end: int
    text: str
    description: TargetDescription
    min_count: int = 1
    max_count: int | None = 1
    count_is_x: bool = False
    other: bool = False  # "another"/"other": distinct from earlier slots, or not the source


@dataclass(frozen=True)
class Mention:
    """The word "target" used without making a target (CR 115.9, 115.10)."""

    start: int
    end: int
    text: str


@dataclass(frozen=True)
class Unknown:
    start: int
    end: int
    text: str


Reading = SlotPhrase | Mention | Unknown

# ---------------------------------------------------------------------------------------------
# Counts before the word (CR 115.6 "up to", 601.2c "any number of")

_NUM = r"(?:\d+|x|one|two|three|four|five|six|seven|eight|nine|ten)"
_COUNT_BEFORE = re.compile(
    r"(?:(?P<each>each of )?"
    r"(?P<count>up to (?:" + _NUM + r")|any number of|one or more|one or two|one, two, or three"
    r"|two or three|one or both|" + _NUM + r") )?"
    r"(?P<other>another |other |any other |any |a second |a third |a fourth )?$"
)

# A count that describes another spell's targets ("with one or more targets", CR 115.9a).
_COUNTED_MENTION_BEFORE = re.compile(
    r"\b(?:with|has|had|than|only|exactly|of its|for the|for|any of its|all of its"
    r"|(?P<verb>chooses|choose|chose|choosing|have))"
    r" (?:a single|only one|exactly one|one or more|two or more|one|two|three|x|no|any|"
    r"a|an|new|more|fewer) $"
)
# After a choosing verb (or "have"), "target" naming what is chosen makes slots ("Choose two
# target creatures controlled by the same player", Barrin's Spite; "you may have two target
# players exchange life totals", Axis of Mortality; CR 115.1a), while the noun "targets" is
# a mention ("Whenever a player chooses one or more targets", CR 115.9).
_SLOT_AFTER_CHOOSE = re.compile(
    r"target (?!(?:and|or|unless|to|if|is|that|with|for|of|as|but)\b)[a-z{]"
)
# Words right before the word that make it a mention, not a slot.
_MENTION_BEFORE = re.compile(
    r"(?:\b(?:the|its|their|that|new|each|single|same|chosen|no|more|additional|those|this|"
    r"his|her|your|first|second|original|legal|illegal|an|only)|'s|\bonly one|\bexactly one"
    r"|\bwith one|\bwith two|\bhas one|\bhave one|\bmore than one|\btwo or more|\bone or more"
    r"|\ba|\bmust|\bcan|\bcould|\bwould|\bcannot|\bcan't|\bdoesn't|\bdon't|\bnot"
    r"|, ) $"
)
_MENTION_AFTER = re.compile(r"^(?:\s+of\b|s? for\b|'s\b|ed\b|ing\b)")


def read_target_word(text: str, match_start: int, *, source_name: str = "") -> Reading:
    """Classify the use of "target"/"targets" starting at ``match_start`` in lowercased text."""
    word_end = match_start + (7 if text.startswith("targets", match_start) else 6)
    plural = word_end - match_start == 7
    before = text[max(0, match_start - 40) : match_start]
    after = text[word_end:]
    count = _COUNT_BEFORE.search(before)
    has_count = bool(count and (count.group("count") or count.group("other")))
    if (
        (counted := _COUNTED_MENTION_BEFORE.search(before))
        and not before.endswith(("any ", "up to "))
        and not (counted["verb"] and _SLOT_AFTER_CHOOSE.match(text, match_start))
    ):
        return Mention(match_start, word_end, _around(text, match_start, word_end))
    if not has_count and (_MENTION_BEFORE.search(before) or _MENTION_AFTER.match(after)):
        return Mention(match_start, word_end, _around(text, match_start, word_end))
    if plural and not has_count:
        # "a spell that targets you", "whenever ~ targets": the verb, CR 115.9b.
        return Mention(match_start, word_end, _around(text, match_start, word_end))
    assert count is not None  # the pattern can match the empty string
    start = match_start - (len(before) - count.start())
    return _read_slot(text, start, match_start, word_end, count, plural, source_name)


def _around(text: str, start: int, end: int) -> str:
    left = text.rfind(" ", 0, max(0, start - 1))
    left = text.rfind(" ", 0, max(0, left)) if left > 0 else 0
    right = text.find(" ", end + 1)
    right = len(text) if right < 0 else right
    return text[max(0, left) : right].strip(" .,")


def _read_slot(
    text: str,
    start: int,
    word_start: int,
    word_end: int,
    count: re.Match[str],
    plural: bool,
    source_name: str,
) -> Reading:
    low, high, is_x = _count_bounds(count.group("count"), plural)
    other_word = (count.group("other") or "").strip()
    other = other_word in ("another", "other", "any other") or other_word.startswith("a ")
    head, head_end = _read_head(text, word_end)
    builder = _Builder()
    if head is None:
        if other_word.startswith(("any", "a ")) or other_word == "another" or plural:
            description = any_target_description()  # CR 115.4
            end = word_end
            phrase = text[start:end].strip()
            return SlotPhrase(
                start,
                end,
                phrase,
                replace(description, text=phrase),
                low,
                high,
                is_x,
                other,
            )
        return Unknown(start, min(len(text), word_end + 30), _snippet(text, start, word_end))
    end = _read_qualifiers(text, head_end, builder, source_name)
    stop = _RESTRICTIVE_NEXT.match(text, end)
    if stop:
        return Unknown(start, end, _snippet(text, start, stop.end() + 25))
    phrase = text[start:end].strip()
    if builder.zone is None and any(g.noun is Noun.CARD for g in head.groups):
        _zone_later_in_sentence(text, end, builder)
    built = builder.build(phrase, head)
    if built is None:
        return Unknown(start, end, phrase)
    return SlotPhrase(start, end, phrase, built, low, high, is_x, other)


def _zone_later_in_sentence(text: str, end: int, builder: _Builder) -> None:
    """ "up to one target creature card and up to one target land card from your graveyard":
    the zone named later in the sentence is where both cards are."""
    stop = text.find(".", end)
    sentence = text[end : len(text) if stop < 0 else stop]
    for match in re.finditer(r" (?:in|from)\b", sentence):
        for pattern, handler in _QUALIFIERS:
            if handler in (_zone, _exile, _exiled_among):
                found = pattern.match(sentence, match.start())
                if found:
                    handler(found, builder)
                    return


def _snippet(text: str, start: int, end: int) -> str:
    return text[start : min(len(text), end)].split(".")[0].strip()


def _count_bounds(count: str | None, plural: bool) -> tuple[int, int | None, bool]:
    """(min, max, is X) for a count phrase; "up to" may choose zero (CR 115.6)."""
    if not count:
        return 1, 1, False
    if count == "any number of":
        return 0, None, False
    if count == "one or more":
        return 1, None, False
    if count in ("one or two", "one or both"):
        return 1, 2, False
    if count == "one, two, or three":
        return 1, 3, False
    if count == "two or three":
        return 2, 3, False
    if count.startswith("up to "):
        bound = count.removeprefix("up to ")
        if bound == "x":
            return 0, None, True
        return 0, number_value(bound) or 1, False
    if count == "x":
        return 0, None, True
    exact = number_value(count) or 1
    return exact, exact, False


# ---------------------------------------------------------------------------------------------
# The head: adjectives, types and nouns joined by "or" and commas

_TOKEN = re.compile(r"\s*(,|and/or\b|[a-z0-9~+/'\-]+)")


@dataclass
class _Group:
    """One alternative of the head while it is being read."""

    noun: Noun | None = None
    types: set[str] = field(default_factory=set)
    subtypes: set[str] = field(default_factory=set)
    supertypes: set[str] = field(default_factory=set)
    colors: set[str] = field(default_factory=set)
    not_types: set[str] = field(default_factory=set)
    not_subtypes: set[str] = field(default_factory=set)
    not_supertypes: set[str] = field(default_factory=set)
    not_colors: set[str] = field(default_factory=set)
    colour_count: dict[str, bool] = field(default_factory=dict)
    ability_kinds: set[ObjectKind] = field(default_factory=set)
    relation: Relation = Relation.ANY
    status: dict[str, bool] = field(default_factory=dict)
    unchecked: list[str] = field(default_factory=list)
    # "enchanted" / "equipped" (``ATTACHED_WORDS``): this noun phrase's alone ("target
    # enchanted creature or enchantment creature", Feast of Dreams).
    attached: list[tuple[str, bool]] = field(default_factory=list)
    zone: Zone | None = None
    # "blocking this creature" / "blocked by ..." / "blocking or blocked by ..." (CR 509.1g).
    source_combat: str = ""

    @property
    def names_a_thing(self) -> bool:
        return bool(self.noun or self.types or self.subtypes)


@dataclass
class _Head:
    groups: list[_Group]


_STATUS_WORDS = {
    "tapped": ("tapped", True),
    "untapped": ("tapped", False),
    "attacking": ("attacking", True),
    "nonattacking": ("attacking", False),
    "blocking": ("blocking", True),
    "nonblocking": ("blocking", False),
    "attacking-or-blocking": ("attacking_or_blocking", True),
    "face-down": ("face_down", True),
    "face-up": ("face_down", False),
    "nontoken": ("token", False),
}
# Words that restrict but can't be read from a snapshot; kept as unchecked conditions.
_UNCHECKED_WORDS = frozenset(
    {
        "enchanted",
        "equipped",
        "modified",
        "historic",
        "unblocked",
        "blocked",
        "suspected",
        "saddled",
        "exhausted",
        "commander",
        "noncommander",  # Shield Broker (the bot keeps no command zone status)
        "nonhistoric",
        "unenchanted",
        "unequipped",
        "nonartifact-creature",
        "monstrous",
        "renowned",
        "paired",
        "goaded",
        "nonattacking-nonblocking",
        "white-and-black",
        "party",
    }
)


_SIZE = re.compile(r"(\d+)/(\d+)")  # "2/2" in "a 2/2 creature token"


def _classify(word: str, group: _Group) -> bool:
    """Add one head word to the group; False when the word is not part of a head."""
    if word in _SOURCE_COMBAT_WORDS:
        # "target creature blocking this creature" (Knight of Dusk): checked against what
        # the source blocks or is blocked by (CR 509.1g), unchecked while the board doesn't say.
        group.source_combat = _SOURCE_COMBAT_WORDS[word]
        group.unchecked.append(group.source_combat)
        return True
    if word in _STATUS_WORDS:
        key, value = _STATUS_WORDS[word]
        group.status[key] = value
        return True
    if word == "permanent-spell":
        # CR 110.4b: an artifact, battle, creature, enchantment or planeswalker spell: every
        # spell but an instant or sorcery (a kindred one too).
        group.not_types |= {"instant", "sorcery"}
        return True
    if word in _UNCHECKED_WORDS:
        group.unchecked.append(word)
        if word in ATTACHED_WORDS:
            # CR 303.4b, 301.5a: checked against what the board says is attached to it; the
            # word stays unchecked for an object the board can't decide (an Aura whose host
            # isn't said).
            group.attached.append(ATTACHED_WORDS[word])
        if word in ("blocked", "unblocked"):
            # CR 509.1h: only an attacking creature is blocked or unblocked; that part is
            # checked (Smite's "target blocked creature"), and which of the two it is when
            # the board says so (kept unchecked when it doesn't).
            group.status["attacking"] = True
            group.status["blocked"] = word == "blocked"
        return True
    if word in ("token", "tokens"):
        group.status["token"] = True
        return True
    if word in ("exiled",):
        group.zone = Zone.EXILE
        return True
    if word == "loyalty":
        # "Counter target loyalty ability of a planeswalker" (Verdant Command): an activated
        # ability (CR 606.3) whose cost has a loyalty symbol, which the bot doesn't check.
        group.ability_kinds.add(ObjectKind.ACTIVATED_ABILITY)
        group.unchecked.append(word)
        return True
    if word in ("activated", "triggered"):
        kind = ObjectKind.ACTIVATED_ABILITY if word == "activated" else ObjectKind.TRIGGERED_ABILITY
        group.ability_kinds.add(kind)
        return True
    if word in ("colorless", "multicolored", "monocolored"):
        group.colour_count[word] = True
        return True
    size = _SIZE.fullmatch(word)
    if size:
        group.unchecked.append(word)
        return True
    if word == "outlaw":
        group.subtypes |= OUTLAW_TYPES
        return True
    noun = _NOUNS.get(word)
    if noun is not None:
        if word in ("opponent", "opponents"):
            group.relation = Relation.OPPONENT
        group.noun = noun
        return True
    base = singular(word)
    if word in COLORS:
        group.colors.add(word)
        return True
    if word in SUPERTYPES:
        group.supertypes.add(word)
        return True
    if word in CARD_TYPES or base in CARD_TYPES:
        group.types.add("kindred" if base == "tribal" else base)
        return True
    if word in SUBTYPES or base in SUBTYPES:
        group.subtypes.add(word if word in SUBTYPES else base)
        return True
    if word.startswith("non"):
        rest = word[3:].lstrip("-")
        rest_base = singular(rest)
        if rest in COLORS:
            group.not_colors.add(rest)
        elif rest in SUPERTYPES:
            group.not_supertypes.add(rest)
        elif rest_base in CARD_TYPES:
            group.not_types.add(rest_base)
        elif rest_base in SUBTYPES:
            group.not_subtypes.add(rest_base)
        elif rest_base == "outlaw":
            # "each non-outlaw creature" (Caught in the Crossfire): none of the outlaw types
            # (Assassin, Mercenary, Pirate, Rogue, Warlock: CR 700.12).
            group.not_subtypes |= OUTLAW_TYPES
        else:
            return False
        return True
    return False


_NOUNS = {
    "permanent": Noun.PERMANENT,
    "permanents": Noun.PERMANENT,
    "card": Noun.CARD,
    "cards": Noun.CARD,
    "spell": Noun.SPELL,
    "spells": Noun.SPELL,
    "ability": Noun.ABILITY,
    "abilities": Noun.ABILITY,
    "player": Noun.PLAYER,
    "players": Noun.PLAYER,
    "player's": Noun.PLAYER,
    "opponent": Noun.PLAYER,
    "opponents": Noun.PLAYER,
    "opponent's": Noun.PLAYER,
}


def _read_head(text: str, pos: int) -> tuple[_Head | None, int]:
    """Read adjectives, types and nouns after the word; None if none are there."""
    groups = [_Group()]
    end = pos
    cursor = pos
    pending_comma = False
    while True:
        token = _TOKEN.match(text, cursor)
        if not token:
            break
        word, raw_end = _rewrite_word(text, token)
        if word == ",":
            pending_comma = True
            cursor = raw_end
            continue
        if word in ("or", "and/or"):
            following = _TOKEN.match(text, raw_end)
            if not following or not _classify(_rewrite_word(text, following)[0], _Group()):
                break
            groups.append(_Group())
            pending_comma = False
            cursor = raw_end
            continue
        possessive = word.endswith(("'s", "s'"))
        if possessive:
            # "target creature's power": the slot is the creature; "target players'
            # graveyards" (Thraben Charm): the players.
            word = word[:-2] if word.endswith("'s") else word[:-1]
            raw_end -= 0 if token.group(1).endswith("'s") else 1
        # "artifact, creature, or land": a comma between nouns starts an alternative, as one
        # between statuses does ("attacking, blocking, or tapped creature", Sonar Strike).
        opened = pending_comma and (
            groups[-1].names_a_thing or (bool(groups[-1].status) and word in _STATUS_WORDS)
        )
        if opened:
            groups.append(_Group())
        if not _classify(word, groups[-1]):
            if opened:
                groups.pop()
            break
        pending_comma = False
        cursor = end = raw_end
        if possessive:
            break
    groups = [g for g in groups if g.names_a_thing or _has_adjective(g)]
    if not groups:
        return None, pos
    return _Head(groups), end


# Head words for a creature's part in a combat with the ability's source (CR 509.1g): "target
# creature blocking it" (Flowstone Salamander), "blocking or blocked by this creature"
# (Steadfast Armasaur), and the relation each stands for (``TargetDescription.source_combat``).
_SOURCE_COMBAT_WORDS = {
    "blocking-source": BLOCKING_SOURCE,
    "blocked-by-source": BLOCKED_BY_SOURCE,
    "blocking-or-blocked-by-source": BLOCKING_OR_BLOCKED_BY_SOURCE,
}
_THIS = ("this creature", "it", "~")
_HEAD_REWRITES = (
    *(
        (f"{words} {this}", word)
        for this in _THIS
        for words, word in (
            ("blocking or being blocked by", "blocking-or-blocked-by-source"),
            ("blocking or blocked by", "blocking-or-blocked-by-source"),
            ("blocked by", "blocked-by-source"),
            ("blocking", "blocking-source"),
        )
    ),
    ("attacking or blocking", "attacking-or-blocking"),
    ("permanent spell", "permanent-spell"),
    ("white and black", "white-and-black"),
    # A subtype of two words (CR 205.3m): "target Time Lord you control".
    *((subtype, subtype) for subtype in SUBTYPES if " " in subtype),
)


def _rewrite_word(text: str, token: re.Match[str]) -> tuple[str, int]:
    """The token as a head word, and where it ends; some two-word phrases are one word."""
    start = token.start(1)
    for phrase, word in _HEAD_REWRITES:
        if (
            text.startswith(phrase, start)
            and not text[start + len(phrase) : start + len(phrase) + 1].isalnum()
        ):
            # "permanent spell": keep "spell" as the noun that follows.
            length = len("permanent") if word == "permanent-spell" else len(phrase)
            return word, start + length
    return token.group(1), token.end()


def _has_adjective(group: _Group) -> bool:
    return bool(
        group.colors
        or group.not_types
        or group.not_colors
        or group.not_subtypes
        or group.not_supertypes
        or group.supertypes
        or group.status
        or group.unchecked
        or group.colour_count
        or group.ability_kinds
    )


# ---------------------------------------------------------------------------------------------
# Qualifiers after the head


@dataclass
class _Builder:
    controller: Relation = Relation.ANY
    owner: Relation = Relation.ANY
    zone: Zone | None = None
    keywords_all: set[str] = field(default_factory=set)
    keywords_none: set[str] = field(default_factory=set)
    keywords_any: set[str] = field(default_factory=set)
    comparisons: list[Comparison] = field(default_factory=list)
    counters_any: bool = False
    counter_kinds: set[str] = field(default_factory=set)
    counters_none: bool = False
    status: dict[str, bool] = field(default_factory=dict)
    not_source: bool = False
    unchecked: list[str] = field(default_factory=list)
    coloured: bool = False  # "that's one or more colors" (Ugin's −X): not colorless (105.2)
    # "that's white or blue" (Fry), "that's red or green" (Aether Gust): any of these colours,
    # for every alternative of the phrase ("creature or planeswalker that's ...").
    colours_any: set[str] = field(default_factory=set)
    controllers: str = ""  # "controlled by the same player" / "by different players"
    source_combat: str = ""  # "that's blocking it" (Arc Spitter's grant; CR 509.1g)
    host_types: set[str] = field(default_factory=set)  # "attached to a creature"
    attached: list[tuple[str, bool]] = field(default_factory=list)  # "that isn't enchanted"
    host_controller: Relation = Relation.ANY
    host_words: str = ""

    def build(self, phrase: str, head: _Head) -> TargetDescription | None:
        groups = _distribute(head.groups)
        if self.coloured:
            for group in groups:
                group.colour_count["colorless"] = False
        for group in groups:
            group.colors |= self.colours_any
        zone = self.zone
        alternatives = []
        status: dict[str, bool] = dict(self.status)
        unchecked = list(self.unchecked)
        source_combat = self.source_combat
        # "artifact, enchantment, or tapped creature" (Banishing Slash), "attacking, blocking,
        # or tapped creature" (Sonar Strike): a status said of one noun phrase only is that
        # phrase's, not the whole description's (115.1: each is read as written).
        own_status = len({frozenset(group.status.items()) for group in groups}) > 1
        for group in groups:
            group.attached.extend(self.attached)
            if not own_status:
                status.update(group.status)
            unchecked.extend(group.unchecked)
            zone = zone or group.zone
            source_combat = source_combat or group.source_combat
        for group in groups:
            noun = group.noun or (Noun.CARD if zone and zone is not Zone.BATTLEFIELD else None)
            alternative = _alternative(group, noun or Noun.PERMANENT)
            if own_status:
                alternative = replace(alternative, statuses=tuple(sorted(group.status.items())))
            alternatives.append(alternative)
        keywords_all = self.keywords_all
        if _creature_keywords_only(alternatives, keywords_all):
            # "target artifact, enchantment, or creature with flying" (Broken Wings): a
            # creature's keyword after the list is the creature's, not the artifact's.
            alternatives = [
                replace(alt, keywords_all=frozenset(keywords_all))
                if alt.card_types == {"creature"}
                else alt
                for alt in alternatives
            ]
            keywords_all = set()
        zones = _zones_for(alternatives, zone)
        if zones is None:
            return None
        return TargetDescription(
            text=phrase,
            zones=zones,
            alternatives=tuple(alternatives),
            controller=self.controller,
            owner=self.owner,
            tapped=status.get("tapped"),
            attacking=status.get("attacking"),
            blocking=status.get("blocking"),
            attacking_or_blocking=status.get("attacking_or_blocking", False),
            blocked=status.get("blocked"),
            token=status.get("token"),
            face_down=status.get("face_down"),
            keywords_all=frozenset(keywords_all),
            keywords_none=frozenset(self.keywords_none),
            keywords_any=frozenset(self.keywords_any),
            comparisons=tuple(self.comparisons),
            counters_any=self.counters_any,
            counter_kinds=frozenset(self.counter_kinds),
            counters_none=self.counters_none,
            host_types=frozenset(self.host_types),
            host_controller=self.host_controller,
            host_words=self.host_words,
            not_source=self.not_source,
            unchecked=tuple(dict.fromkeys(unchecked)),
            controllers=self.controllers,
            source_combat=source_combat,
        )


def _creature_keywords_only(alternatives: list[Alternative], keywords: set[str]) -> bool:
    """Whether "with flying" after a list of noun phrases ends with a creature and the others
    name noncreature types only ("artifact, enchantment, or creature with flying")."""
    if not keywords or len(alternatives) < 2 or alternatives[-1].card_types != {"creature"}:
        return False
    return all(
        alt.card_types and "creature" not in alt.card_types and not alt.subtypes_any
        for alt in alternatives[:-1]
    )


def _distribute(groups: list[_Group]) -> list[_Group]:
    """Share the last alternative's noun and types with bare ones ("instant or sorcery spell")."""
    last = groups[-1]
    for group in groups[:-1]:
        if group.noun is None and last.noun is not None and last.noun is not Noun.PLAYER:
            group.noun = last.noun
        if not group.types and not group.subtypes and group.noun in (None, last.noun):
            # "white or blue creature", "nonblack or nonred creature": adjectives only.
            group.types |= last.types
            group.subtypes |= last.subtypes
    return groups


def _alternative(group: _Group, noun: Noun) -> Alternative:
    return Alternative(
        noun=noun,
        card_types=frozenset(group.types),
        subtypes_any=frozenset(group.subtypes),
        supertypes=frozenset(group.supertypes),
        colors_any=frozenset(group.colors),
        not_types=frozenset(group.not_types),
        not_subtypes=frozenset(group.not_subtypes),
        not_supertypes=frozenset(group.not_supertypes),
        not_colors=frozenset(group.not_colors),
        colorless=group.colour_count.get("colorless"),
        multicolored=group.colour_count.get("multicolored"),
        monocolored=group.colour_count.get("monocolored"),
        ability_kinds=frozenset(group.ability_kinds),
        relation=group.relation,
        attached=tuple(group.attached),
    )


def _zones_for(alternatives: list[Alternative], zone: Zone | None) -> frozenset[Zone] | None:
    zones: set[Zone] = set()
    for alt in alternatives:
        if alt.noun is Noun.PERMANENT:
            zones.add(Zone.BATTLEFIELD)
        elif alt.noun in (Noun.SPELL, Noun.ABILITY):
            zones.add(Zone.STACK)
        elif alt.noun is Noun.CARD:
            if zone is None:
                return None  # "target card" with no zone: not understood
            zones.add(zone)
    return frozenset(zones)


_KW = "|".join(sorted((re.escape(k) for k in KEYWORDS), key=len, reverse=True))
_STAT = r"(power|toughness|mana value|loyalty|defense|total power)"
_QUALIFIERS: list[tuple[re.Pattern[str], Callable[[re.Match[str], _Builder], None]]] = []
# "with power less than or equal to 2", "... to this creature's power": the words as operators.
_COMPARISON_OPS = {
    "less than or equal to": "<=",
    "greater than or equal to": ">=",
    "less than": "<",
    "greater than": ">",
    "equal to": "==",
    "exactly": "==",
}


_Handler = Callable[[re.Match[str], "_Builder"], None]


def _qualifier(pattern: str) -> Callable[[_Handler], _Handler]:
    def register(handler: _Handler) -> _Handler:
        _QUALIFIERS.append((re.compile(pattern), handler))
        return handler

    return register


def _set(**values: object) -> Callable[[re.Match[str], _Builder], None]:
    def handler(_match: re.Match[str], builder: _Builder) -> None:
        for key, value in values.items():
            setattr(builder, key, value)

    return handler


def _note(_match: re.Match[str], builder: _Builder) -> None:
    builder.unchecked.append(_match.group(0).strip())


_QUALIFIERS.extend(
    (re.compile(pattern), handler)
    for pattern, handler in (
        (r" that's one or more colou?rs(?=[.,;]|$| and )", _set(coloured=True)),
        (r" you both own and control", _set(controller=Relation.YOU, owner=Relation.YOU)),
        (r" you own and control", _set(controller=Relation.YOU, owner=Relation.YOU)),
        (r" you control but don't own", _set(controller=Relation.YOU, owner=Relation.NOT_YOU)),
        (r" you control", _set(controller=Relation.YOU)),
        (r" you (?:don't|do not) control", _set(controller=Relation.NOT_YOU)),
        (
            r" (?:an opponent|your opponents|opponents) controls?",
            _set(controller=Relation.OPPONENT),
        ),
        (r" you own", _set(owner=Relation.YOU)),
        (r" (?:an opponent owns|your opponents own)", _set(owner=Relation.OPPONENT)),
        (r" you (?:don't|do not) own", _set(owner=Relation.NOT_YOU)),
    )
)


_COLOUR_WORD = r"(?:white|blue|black|red|green)"


@_qualifier(rf" that's {_COLOUR_WORD}(?:(?:,| or|, or) {_COLOUR_WORD})*(?=[.,;]|$| and )")
def _thats_colours(match: re.Match[str], builder: _Builder) -> None:
    # "target creature or planeswalker that's white or blue" (Fry), "target spell or
    # permanent that's red or green" (Aether Gust): a colour the object has (CR 105.2, 115.1).
    builder.colours_any |= set(re.findall(_COLOUR_WORD, match.group(0)))


@_qualifier(r" controlled by (?:the same (player|opponent)|(different) players)(?=[.,;]| and |$)")
def _controlled_together(match: re.Match[str], builder: _Builder) -> None:
    # "Choose two target creatures controlled by the same player" (Barrin's Spite), "... by
    # different players" (Run Away Together): a condition on the slot's targets together,
    # checked on casting (601.2c) and again as it resolves (608.2b).
    builder.controllers = "different" if match.group(2) else "same"
    if match.group(1) == "opponent":
        builder.controller = Relation.OPPONENT  # (Retribution, Trial of Agony)


# "That player" checked against the earlier target (Searing Blaze: "target player or
# planeswalker and ... target creature that player or that planeswalker's controller controls").
_CHECKED_THAT_PLAYER = (
    "that player controls",
    "they control",
    "that player or that planeswalker's controller controls",
)


@_qualifier(
    r" (?:defending player|that player or that planeswalker's controller|that player|that opponent|the chosen player|the chosen opponent"
    r"|its controller|their controller|that creature's controller|the defending player"
    r"|its owner|enchanted player|that spell's controller|each player) (?:controls|owns)"
    r"| they control(?= |[.,;]|$)"
)
def _other_player_controls(match: re.Match[str], builder: _Builder) -> None:
    # Decided by another choice or by combat, not by the snapshot (CR 506.2 defending player).
    builder.controller = Relation.NOT_YOU if "defending" in match.group(0) else builder.controller
    # Legality checks these against the earlier target (115.1): "Choose target opponent and
    # target creature they control" (Mouth to Mouth).
    if match.group(0).strip() not in _CHECKED_THAT_PLAYER:
        builder.unchecked.append(match.group(0).strip())


_ZONE_OWNER = {
    "your": Relation.YOU,
    "an opponent's": Relation.OPPONENT,
    "your opponents'": Relation.OPPONENT,
    "a": Relation.ANY,
    "a player's": Relation.ANY,  # Lodestone Bauble
    "any": Relation.ANY,
    "a single": Relation.ANY,
    "each": Relation.ANY,
    "one": Relation.ANY,
}


@_qualifier(
    r" (?:in|from) (your|a|a player's|an opponent's|your opponents'|that player's|that|"
    r"target player's|their|"
    r"its owner's|his or her|each|any|one|a single|target opponent's|defending player's|"
    r"that opponent's|the chosen player's|an opponent's|enchanted player's)"
    r" (graveyards?|hands?|librar(?:y|ies))"
    # "from your graveyard and/or hand": the zone list goes on; "from your graveyard and put
    # a +1/+1 counter on ..." (Patchwork Crawler): the sentence does.
    r"(?! and(?:/or)? (?:your |their |its owner's |a |an )?(?:graveyards?|hands?|librar))"
    r"|(?: in| from| among) (graveyards)"
)
def _zone(match: re.Match[str], builder: _Builder) -> None:
    # A card in a graveyard, hand or library is in its owner's zone (CR 404.2, 402.1, 401.1).
    place = match.group(2) or match.group(3)
    builder.zone = {"g": Zone.GRAVEYARD, "h": Zone.HAND, "l": Zone.LIBRARY}[place[0]]
    whose = match.group(1) or "any"
    if whose in _ZONE_OWNER:
        builder.owner = _ZONE_OWNER[whose]
    else:
        builder.unchecked.append(f"in {whose} {match.group(2)}")


@_qualifier(r" (?:in|from) (?:exile|exile face up|the command zone)")
def _exile(match: re.Match[str], builder: _Builder) -> None:
    builder.zone = Zone.COMMAND if "command" in match.group(0) else Zone.EXILE


@_qualifier(
    r" (?:you own )?(?:exiled|in exile) with (?:this [a-z]+|it|that [a-z]+|~|[a-z' ,-]+?)(?=[.,;]| and | to | into | onto |$)"
)
def _exiled_with(match: re.Match[str], builder: _Builder) -> None:
    builder.zone = Zone.EXILE
    builder.unchecked.append(match.group(0).strip())


@_qualifier(
    r" from among (?:the )?cards exiled with (?:this [a-z]+|it|~|[a-z' ,-]+?)(?=[.,;]| and |$)"
)
def _exiled_among(match: re.Match[str], builder: _Builder) -> None:
    # Viconia, Disciple of Arcana: "up to one target creature card and up to one target
    # instant or sorcery card from among cards exiled with this creature".
    builder.zone = Zone.EXILE
    builder.unchecked.append(match.group(0).strip())


@_qualifier(r" on the stack")
def _on_stack(_match: re.Match[str], builder: _Builder) -> None:
    return None


@_qualifier(r" with power or toughness (\d+|x) or (less|greater|more)")
def _power_or_toughness(match: re.Match[str], builder: _Builder) -> None:
    # Stern Scolding: "creature spell with power or toughness 2 or less": either will do.
    op = "<=" if match.group(2) == "less" else ">="
    builder.comparisons.append(Comparison("power or toughness", op, number_value(match.group(1))))


@_qualifier(r" with total power and toughness (\d+|x) or (less|greater|more)")
def _total_power_and_toughness(match: re.Match[str], builder: _Builder) -> None:
    # Cut Down: "target creature with total power and toughness 5 or less": power plus
    # toughness as they are now, checked on casting (601.2c) and again on resolving (608.2b).
    op = "<=" if match.group(2) == "less" else ">="
    builder.comparisons.append(
        Comparison("total power and toughness", op, number_value(match.group(1)))
    )


@_qualifier(
    r" with (?:base )?" + _STAT + r" (\d+|x) or (less|greater|more)"
    r"(?: and (?:base )?" + _STAT + r" (\d+|x) or (less|greater|more))?"
)
def _stat_or_more(match: re.Match[str], builder: _Builder) -> None:
    for stat, value, way in (
        (match.group(1), match.group(2), match.group(3)),
        (match.group(4), match.group(5), match.group(6)),
    ):
        if stat is None:
            continue
        op = "<=" if way == "less" else ">="
        if "base" in match.group(0) or stat == "total power":
            builder.unchecked.append(match.group(0).strip())
        builder.comparisons.append(Comparison(stat, op, number_value(value)))


@_qualifier(
    r" with (?:base )?" + _STAT + r" (less than or equal to|greater than or equal to|less than|"
    r"greater than|equal to|exactly) (\d+|x)\b(?! (?:plus|minus|times))"
)
def _stat_compared(match: re.Match[str], builder: _Builder) -> None:
    builder.comparisons.append(
        Comparison(match.group(1), _COMPARISON_OPS[match.group(2)], number_value(match.group(3)))
    )


@_qualifier(r" with (?:base )?" + _STAT + r" (\d+|x)(?= |[.,;]|$)(?! or)")
def _stat_exact(match: re.Match[str], builder: _Builder) -> None:
    builder.comparisons.append(Comparison(match.group(1), "==", number_value(match.group(2))))


@_qualifier(
    r" with (?:base )?(?:power|toughness|mana value|total power|power and toughness|"
    r"power or toughness)(?: [a-z0-9+/' ]+?)?"
    r" (?:less than|greater than|equal to|less than or equal to|greater than or equal to|"
    r"or less|or greater|that's? (?:less|greater)|than)[a-z0-9+/' ]*?"
    r"(?=[.,;]| and (?:put|return|you|it|that|draw|create|exile|gain|destroy|deal|sacrifice|"
    r"tap|untap|its controller|target)\b| gets | gains | deals | fights | can't | has "
    r"| into | onto | until | from (?:your|a|their|an) |$)"
)
def _stat_relative(match: re.Match[str], builder: _Builder) -> None:
    # Compared with another object's number ("less than this creature's power"): unchecked.
    builder.unchecked.append(match.group(0).strip())


@_qualifier(
    r" with (?:a|one or more|an?|two or more|no) ([+\-]\d+/[+\-]\d+|[a-z]+) counters? on (?:it|them)"
)
def _counter(match: re.Match[str], builder: _Builder) -> None:
    if match.group(0).startswith(" with no"):
        builder.unchecked.append(match.group(0).strip())
        return
    builder.counter_kinds.add(match.group(1))


@_qualifier(r" with no counters on (?:it|them)")
def _no_counters(_match: re.Match[str], builder: _Builder) -> None:
    # Heartless Act: "target creature with no counters on it" (counters are on the board).
    builder.counters_none = True


@_qualifier(r" with (?:a counter|one or more counters|counters) on (?:it|them)")
def _any_counter(_match: re.Match[str], builder: _Builder) -> None:
    builder.counters_any = True


@_qualifier(
    r" with(out)? (" + _KW + r")((?:(?:,|, and| and|, or| or| and/or) (?:" + _KW + r"))*)"
    r"(?! counters?\b)"
)
def _keywords(match: re.Match[str], builder: _Builder) -> None:
    words = [match.group(2), *re.findall(_KW, match.group(3))]
    if match.group(1):
        builder.keywords_none.update(words)
    elif " or " in match.group(3):
        builder.keywords_any.update(words)
    else:
        builder.keywords_all.update(words)


@_qualifier(
    r" that(?:'s| is| are|'re)( not)? (attacking or blocking|attacking|blocking|tapped|untapped)(?= |[.,;]|$)"
    # "that's attacking that player" (Echoing Assault) is read by ``_attacking_whom``, "that's
    # blocking it" (Arc Spitter) by ``_blocking_this``.
    r"(?! (?:you|that player|a planeswalker|it|this creature|~)(?![\w']))"
)
def _status_clause(match: re.Match[str], builder: _Builder) -> None:
    word = match.group(2)
    key, value = _STATUS_WORDS.get(word.replace(" or ", "-or-"), ("attacking", True))
    builder.status[key] = value if not match.group(1) else not value


@_qualifier(
    r" (?:that(?:'s| is| was| were| are)? )?(?:blocking or blocked by|blocked by|blocking)"
    r" (?:this creature|~|it|that creature|enchanted creature|equipped creature|[a-z ,']+?)"
    r"(?=[.,;]| this turn|$| and )"
)
def _blocking_this(match: re.Match[str], builder: _Builder) -> None:
    said = match.group(0).strip()
    relation = re.fullmatch(
        r"(?:that(?:'s| is| was| were| are)? )?(blocking or blocked by|blocked by|blocking)"
        r" (?:this creature|~|it)",
        said,
    )
    if relation is None:
        # "blocking enchanted creature": whom the other creature blocks isn't checked.
        builder.unchecked.append(said)
        return
    # CR 509.1g: checked against what the source blocks or is blocked by.
    builder.source_combat = f"{relation.group(1)} this creature"
    builder.unchecked.append(builder.source_combat)


@_qualifier(
    r" (?:that's |that is )?attacking (?:you|a planeswalker you control|you or a planeswalker you control|that player|[a-z' ]+? you control)(?=[.,; ]|$)"
)
def _attacking_whom(match: re.Match[str], builder: _Builder) -> None:
    builder.status["attacking"] = True
    builder.unchecked.append(match.group(0).strip())


@_qualifier(r" that(?:'s| is)( not|n't)? (enchanted|equipped)(?=[.,;]|$| and )")
def _attached_clause(match: re.Match[str], builder: _Builder) -> None:
    # "Destroy target creature that isn't enchanted" (Brainspoil): what is attached to it,
    # checked as the head words "unenchanted" / "enchanted" are (CR 303.4b, 301.5a).
    word = ("un" if match.group(1) else "") + match.group(2)
    builder.attached.append(ATTACHED_WORDS[word])
    builder.unchecked.append(word)


@_qualifier(
    r" attached to (?:a|an) (artifact|creature|enchantment|land|permanent|planeswalker)"
    r"(?:(?:,| or|, or) (?:a |an )?(artifact|creature|enchantment|land|planeswalker))?"
    r"( you control| an opponent controls| you don't control)?(?=[.,;]|$| and | to )"
)
def _attached_to(match: re.Match[str], builder: _Builder) -> None:
    # "target Aura attached to a creature" (Piety Charm, Crown of the Ages), "... you
    # control" (Miracle Worker): checked against what the board says it is attached to (CR
    # 303.4b, 301.5a); unchecked while an Aura's host isn't said.
    words = match.group(0).strip()
    kinds = {kind for kind in (match.group(1), match.group(2)) if kind}
    if "permanent" in kinds:
        kinds = {"artifact", "creature", "enchantment", "land", "planeswalker", "battle"}
    builder.host_types |= kinds
    builder.host_controller = {
        " you control": Relation.YOU,
        " an opponent controls": Relation.OPPONENT,
        " you don't control": Relation.NOT_YOU,
    }.get(match.group(3) or "", Relation.ANY)
    builder.host_words = words
    builder.unchecked.append(words)


@_qualifier(r" other than (?:this [a-z]+|~|it)(?=[.,; ]|$)")
def _other_than_this(_match: re.Match[str], builder: _Builder) -> None:
    builder.not_source = True


# Relative clauses that depend on history or on other choices: recognised, kept unchecked.
_HISTORY_CLAUSES = (
    r" that (?:was|were) dealt (?:combat )?damage this turn",
    r" that (?:was|were) dealt damage by [a-z ~']+? this turn",
    r" dealt damage (?:by [a-z ~']+? )?this turn",
    r" that (?:dealt|has dealt) (?:combat )?damage(?: to (?:you|a player|an opponent|it|"
    r"this creature|a creature you control|[a-z ]+?))?(?: this turn)?",
    r" that (?:entered|came under your control|attacked|blocked|attacked or blocked|"
    r"was cast|was put into [a-z ]+? from [a-z ]+?|died|was turned face up|was exiled)"
    r"(?: the battlefield)?(?: or blocked)?(?: [a-z ~]+?)? this turn",
    r" that (?:entered|attacked|blocked) (?:the battlefield )?since [a-z ' ]+?(?=[.,;]|$)",
    r" that (?:shares|share) (?:a|an|at least one) [a-z ]+? with [a-z ~' ]+?(?=[.,;]| and |$)",
    r" that (?:targets|targeted) (?:only )?(?:you|a player|a creature|a permanent|~|it|"
    r"this [a-z]+|one or more [a-z ]+?|a [a-z ]+? you control|you or a [a-z ]+? you control|"
    r"[a-z ]+?)(?=[.,;]| or (?:ability|spell)|$)",
    r" that was put (?:into|onto) [a-z ']+? (?:from [a-z ']+? )?this turn",
    r" that (?:was|were) (?:put into|discarded|milled|exiled|cast|blocked|sacrificed)[a-z ']*? this turn",
    # "that doesn't have a +1/+1 counter on it" (Coiling Stalker), "that has an activated
    # ability with {T} in its cost" (Magewright's Stone).
    r" that (?:isn't|is not|wasn't|aren't|doesn't|didn't|has not|hasn't|can't|wasn't) [a-z0-9 ~',+/{}\-]+?(?=[.,;]|$| and )",
    r" that (?:has|had|have|each have) (?:a|an|one or more|no|the|[a-z0-9+/\-]+) [a-z0-9 ~'+/{}\-]+?(?=[.,;]|$| and )",
    r" that (?:crewed|saddled|was crewed|mutated|explored|fought|became|becomes|died|attacked|blocked)[a-z ~']*?(?=[.,;]|$| and )",
    r" that (?:share|shares) (?:a|an|no|at least one|all|the same) [a-z ]+?(?=[.,;]|$| and | with )",
    r" that's (?:one or more|two or more|all|exactly)[a-z ]+?(?=[.,;]|$| and )",
    r" (?:that was |that were )?put there from [a-z ]+? this turn",
    r" who (?:has|have|had|controls|cast|was dealt|attacked|is|isn't|was|lost|gained|drew)[a-z0-9 ~',]+?(?=[.,;]|$)",
    r" whose [a-z0-9 ~',]+?(?=[.,;]|$)",
    r" other than (?:that player|that creature|a|an|the chosen|enchanted|equipped)[a-z ~']*?(?=[.,;]|$| each | and )",
    r" with total (?:mana value|power|toughness) [a-z0-9 ]+? or (?:less|more|greater)",
    r" with [a-z0-9 ]+ or more legs",
    r" with (?:cycling|flashback|kicker|[a-z]+) abilities",
    r" that (?:could|can) [a-z ~' ]+?(?=[.,;]|$)",
    r" that (?:you|an opponent|a player) (?:cast|played|controlled|control|own|discarded|"
    r"sacrificed)[a-z ]*?(?: this turn)?(?=[.,;]|$| and )",
    r" that's (?:a|an|the|not a|not an|enchanted|equipped|legendary|green|white|blue|black|red)"
    r"[a-z ~,'-]*?(?=[.,;]|$| and )",
    r" that (?:is|are) (?:a|an|the|not|enchanted|equipped)[a-z ~,'-]*?(?=[.,;]|$| and )",
    r" that (?:player|opponent) (?:controls|owns)",
    r" of the chosen (?:color|type|creature type|name)",
    r" of (?:that|the chosen|your choice of) (?:color|type|creature type)",
    r" of the creature type of your choice",
    r" named [a-z0-9 ,'\-]+?(?=[.,;]|$| and | to | from | into | onto | in )",
    r" with (?:that name|the chosen name|the same name as [a-z ~' ]+?)(?=[.,;]|$| and )",
    r" with (?:the )?(?:greatest|highest|least|lowest|most) [a-z ~']+?(?=[.,;]|$)",
    r" with (?:a|an|the same|the chosen|that) (?:mana value|name|creature type|color|"
    r"power|toughness) [a-z ~']*?(?=[.,;]|$| and )",
    r" with (?:an? )?(?:aura|equipment|fortification|counter|counters|ability|abilities|"
    r"mana ability|activated ability|triggered ability|[a-z]+ counters?)"
    r"(?: attached to it| on it| on them)?[a-z ~']*?(?=[.,;]|$| and )",
    r" with (?:a|an|one or more|no) [a-z ~'+/\-]+? counters? on it",
    r" with (?:x|\d+) or (?:more|fewer) [a-z ~'+/\-]+? counters? on it",
    r" with (?:an )?(?:odd|even) mana value",
    # Compared with another object ("with lesser mana value", Riveteers Ascendancy; "with
    # equal or lesser mana value", Puca's Mischief; "with greater power", Eowyn).
    r" with (?:equal or )?(?:lesser|greater)(?: or equal)? (?:mana value|power|toughness)",
    r" with (?:different|the same) [a-z ]+",
    r" with (?:mana value|power|toughness) (?:less|greater) than [a-z0-9 ~']+?(?=[.,;]|$| and )",
    r" without (?:a|an) [a-z ~'+/\-]+? (?:counter|ability|abilities)(?: on it)?",
    r" attached to (?:a|an|it|this [a-z]+|that [a-z]+|~|target [a-z]+|[a-z ]+?)(?=[.,;]|$| and )",
    r" you cast (?:this turn|[a-z ]+?)(?=[.,;]|$)",
    r" (?:cast|activated) (?:by|from) (?:an opponent|a [a-z]+|your hand|[a-z ']+?)(?=[.,;]|$| and )",
    r" among them",
    # "target host card or card with augment" (Labro Bot): augment is an Un-set keyword the
    # bot doesn't know, on the second alternative only.
    r" with augment",
    r" of an? (?:planeswalker|creature|artifact|permanent)(?= |[.,;]|$)",  # Verdant Command
    # CR 115.9a: "[spell] with a single target" counts the targets chosen for it.
    r" with (?:a single|only one|one or more|two or more|exactly one|one|two) targets?",
    r" that targets only [a-z ~']+?(?=[.,;]|$)",
    r" you've? (?:cast|played|exiled)[a-z ]*? this turn",
    r" put there from [a-z ]+? this turn",
    r" that (?:entered|attacked|blocked)(?: the battlefield)?(?: under your control)? this turn",
)
# A clause before the zone ends where the zone begins: "target card that's an instant or
# sorcery from your graveyard" (Mizzix's Mastery), "two target creature cards that share a
# creature type from your graveyard" (Raise the Draugr); the zone is then read on its own.
_ZONE_NEXT = r" (?:from|in) (?:your|a|an|their|target|that|its owner's) "
for _pattern in _HISTORY_CLAUSES:
    _pattern = _pattern.replace("(?=[.,;]|$| and )", f"(?=[.,;]|$| and |{_ZONE_NEXT})")
    _pattern = _pattern.replace(
        "(?=[.,;]|$| and | with )", f"(?=[.,;]|$| and | with |{_ZONE_NEXT})"
    )
    _pattern = _pattern.replace(
        "(?=[.,;]|$| each | and )", f"(?=[.,;]|$| each | and |{_ZONE_NEXT})"
    )
    _QUALIFIERS.append((re.compile(_pattern), _note))


def _stat_versus_count(match: re.Match[str], builder: _Builder) -> None:
    count = read_count(match.group(3))
    if count is None or count.zone != "battlefield" or count.whose != "you":
        builder.unchecked.append(match.group(0).strip())
        return
    builder.comparisons.append(
        Comparison(match.group(1), _COMPARISON_OPS[match.group(2)], None, counted=match.group(3))
    )


def _stat_versus_source(match: re.Match[str], builder: _Builder) -> None:
    builder.comparisons.append(
        Comparison(
            match.group(1), _COMPARISON_OPS[match.group(2)], None, source_stat=match.group(3)
        )
    )


# "target creature with a morph ability" (Backslide): a keyword said as an ability (CR 702.37a).
_QUALIFIERS.insert(
    0,
    (
        re.compile(r" with (?:a|an) (" + _KW + r") abilit(?:y|ies)(?= |[.,;]|$)"),
        lambda match, builder: builder.keywords_all.add(match.group(1)),
    ),
)
# "with mana value less than or equal to the number of Plains you control" (Lay Down Arms):
# a count of the caster's permanents, checked on the board (``counts``); one the bot doesn't
# count stays unchecked.
_QUALIFIERS.insert(
    0,
    (
        re.compile(
            r" with " + _STAT + r" (less than or equal to|greater than or equal to|less than|"
            r"greater than|equal to) (the number of [a-z' -]+? you control)(?=[.,;]|$| and )"
        ),
        _stat_versus_count,
    ),
)
# "with mana value less than or equal to this creature's power" (Dreadhorde Arcanist): read
# before the generic relative comparison, which can't be checked.
_QUALIFIERS.insert(
    0,
    (
        re.compile(
            r" with " + _STAT + r" (less than or equal to|greater than or equal to|less than|"
            r"greater than|equal to) (?:this creature's|~'s|its|this permanent's) "
            r"(power|toughness|mana value)"
        ),
        _stat_versus_source,
    ),
)
# "... without paying its mana cost" is how the card is cast, not what it may be.
_QUALIFIERS.append(
    (re.compile(r" without paying (?:its|their) mana costs?"), lambda _match, _builder: None)
)


def _read_qualifiers(text: str, pos: int, builder: _Builder, source_name: str) -> int:
    """Consume qualifiers after the head for as long as one matches; return the new end."""
    # "other than Rosie Cotton" on Rosie Cotton of South Lane: its name, whole or shortened
    # (CR 201.5c).
    low = source_name.lower()
    short = re.split(r",| of ", low, maxsplit=1)[0] if low else ""
    name = "|".join(re.escape(n) for n in dict.fromkeys((low, short)) if n) or None
    guard = 0
    while guard < 12:
        guard += 1
        for pattern, handler in _QUALIFIERS:
            match = pattern.match(text, pos)
            if match and match.end() > pos:
                handler(match, builder)
                pos = match.end()
                break
        else:
            if name:
                other = re.compile(r" other than (?:" + name + r")\b").match(text, pos)
                if other:
                    builder.not_source = True
                    pos = other.end()
                    continue
            break
    return pos


# After a description, these words start a restriction this reader did not understand.
_RESTRICTIVE_NEXT = re.compile(
    r"\s*\b(?:that|with|without|who|whose|which|named|other than)\b(?! (?:you|it|they|those|the) )"
)


def any_target_description() -> TargetDescription:
    """CR 115.4: "any target" is a creature, player, planeswalker or battle."""
    alternatives = (
        Alternative(Noun.PERMANENT, card_types=frozenset({"creature"})),
        Alternative(Noun.PLAYER),
        Alternative(Noun.PERMANENT, card_types=frozenset({"planeswalker"})),
        Alternative(Noun.PERMANENT, card_types=frozenset({"battle"})),
    )
    return TargetDescription(
        text="any target",
        zones=frozenset({Zone.BATTLEFIELD}),
        alternatives=alternatives,
        any_target=True,
    )


def description_from(phrase: str, *, source_name: str = "") -> TargetDescription | None:
    """Parse a whole "target ..." phrase (used for keyword rules such as enchant and equip)."""
    low = lower_same_length(phrase)
    match = TARGET_WORD.search(low)
    if not match:
        return None
    reading = read_target_word(low, match.start(), source_name=source_name)
    return reading.description if isinstance(reading, SlotPhrase) else None
