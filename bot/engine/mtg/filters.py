"""The description after the word "target", as a value that can test a candidate.

``TargetDescription`` implements the ``TargetFilter`` protocol of ``bot.engine.requirements``.
It is a disjunction of ``Alternative`` noun phrases ("artifact or enchantment", "creature or
player") with conditions every alternative shares ("you control", "with flying", "with power 2
or less").  It tests the description only: hexproof, shroud, protection, ward and CR 115.5
belong to the legality module.

Some conditions depend on history or on other choices ("that was dealt damage this turn",
"that player controls" where "that player" is another target).  A snapshot can't decide them,
so they are kept in ``unchecked`` and ``matches`` does not test them; the game side may report
them as assumed.  Comparisons with a variable ("mana value X or less") are tested only when a
value for X is passed to ``matches``.

``matches`` runs on every candidate of a board, so it runs a compiled form of the description:
the few checks its non-empty fields call for, built once per description
(``matches_uncompiled`` is the same test read field by field; tests hold the two equal).
"""

from __future__ import annotations

import functools
import operator
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cached_property
from typing import Any

from bot.engine.model import Candidate, GameObject, ObjectKind, Player, TargetContext, Zone
from bot.engine.mtg.damage_history import damage_decides, is_dealt_damage_word
from bot.engine.mtg.oracle_subtypes import CREATURE_TYPES, every_creature_type
from bot.engine.wording import with_article


class Relation(StrEnum):
    """Who controls or owns a candidate, relative to the spell's controller (CR 109.5)."""

    ANY = "any"
    YOU = "you"
    OPPONENT = "opponent"
    NOT_YOU = "not you"  # "you don't control": any other player, teammates included


class Noun(StrEnum):
    """What an alternative names; it decides the zone (CR 115.2)."""

    PERMANENT = "permanent"  # a permanent, or a card type on its own ("target creature")
    CARD = "card"  # a card in a zone other than the battlefield ("creature card in a graveyard")
    SPELL = "spell"
    ABILITY = "ability"
    PLAYER = "player"


_OPS: dict[str, Callable[[int, int], bool]] = {
    "<=": operator.le,
    ">=": operator.ge,
    "==": operator.eq,
    "<": operator.lt,
    ">": operator.gt,
    "!=": operator.ne,
}


@dataclass(frozen=True)
class Comparison:
    """A number test such as "with power 2 or less" (stat ``power``, op ``<=``, value 2).

    ``value`` is None for a variable ("X or less"); ``matches`` tests it only if X is given.
    """

    stat: str  # power, toughness, "power or toughness", mana value, loyalty, defense
    op: str
    value: int | None
    # "less than or equal to this creature's power" (Dreadhorde Arcanist): compared with the
    # source's stat now (its last known one if it left, CR 608.2h); see TargetContext.
    source_stat: str = ""
    # "less than or equal to the number of Plains you control" (Lay Down Arms): the count's
    # words, counted on the board for the spell's controller (``counts``; QA 61 W4).
    counted: str = ""

    def holds(self, obj: GameObject, x: int | None, ctx: TargetContext | None = None) -> bool:
        if self.source_stat or self.counted:
            key = counted_key(self.counted) if self.counted else self.source_stat
            target = ctx.source_stat(key) if ctx is not None else None
        else:
            target = self.value if self.value is not None else x
        if target is None:
            return True
        if self.stat == "power or toughness":
            both = (obj.current_power, obj.current_toughness)
            return any(value is not None and _OPS[self.op](value, target) for value in both)
        actual = _stat(obj, self.stat)
        # An object without the characteristic (a noncreature's power) fails every test.
        return actual is not None and _OPS[self.op](actual, target)


def counted_key(words: str) -> str:
    """Where ``TargetContext.source_stats`` keeps the count of a ``Comparison.counted``."""
    return f"count: {words}"


def _stat(obj: GameObject, stat: str) -> int | None:
    if stat == "mana value":
        return obj.mana_value
    if stat == "power":
        return obj.current_power  # with counters (CR 613.4c); statics: mtg/statics.as_seen
    if stat == "toughness":
        return obj.current_toughness
    if stat == "total power and toughness":
        power, toughness = obj.current_power, obj.current_toughness
        return None if power is None or toughness is None else power + toughness
    if stat == "loyalty":
        return obj.loyalty
    if stat == "defense":
        return obj.defense
    return None


@dataclass(frozen=True)
class Alternative:
    """One noun phrase of the description: "nonblack creature", "instant spell", "opponent".

    Sets of types are conjunctions ("artifact creature" needs both); ``subtypes_any`` and
    ``colors_any`` are disjunctions ("white or blue creature" is read as one alternative with
    two colours).  ``relation`` is used by player alternatives ("target opponent").
    """

    noun: Noun
    card_types: frozenset[str] = frozenset()
    subtypes_any: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
    colors_any: frozenset[str] = frozenset()
    not_types: frozenset[str] = frozenset()
    not_subtypes: frozenset[str] = frozenset()
    not_supertypes: frozenset[str] = frozenset()
    not_colors: frozenset[str] = frozenset()
    colorless: bool | None = None
    multicolored: bool | None = None
    monocolored: bool | None = None
    ability_kinds: frozenset[ObjectKind] = frozenset()
    relation: Relation = Relation.ANY
    # "enchanted creature" (Feast of Dreams), "equipped creature", "unenchanted": the kind of
    # attachment wanted on it, or wanted absent (CR 301.5a, 303.4b); see ``ATTACHED_WORDS``.
    attached: tuple[tuple[str, bool], ...] = ()
    # "or tapped creature" in a list whose other nouns aren't tapped (Banishing Slash): this
    # alternative's own statuses ("tapped", "attacking" ... and whether wanted); empty when
    # the whole description's (or none) apply.
    statuses: tuple[tuple[str, bool], ...] = ()
    # "or creature with flying" after noncreature nouns (Broken Wings): this alternative's own
    # keywords; empty when the whole description's (or none) apply.
    keywords_all: frozenset[str] = frozenset()

    def matches_player(self, player: Player, ctx: TargetContext) -> bool:
        return self.noun is Noun.PLAYER and _relation_holds(self.relation, player.name, ctx)

    def matches_object(self, obj: GameObject) -> bool:
        if self.noun is Noun.PLAYER or not _noun_fits(self.noun, self.ability_kinds, obj):
            return False
        return self._characteristics_fit(obj)

    def _characteristics_fit(self, obj: GameObject) -> bool:
        if not self.card_types <= obj.card_types or self.not_types & obj.card_types:
            return False
        if not all(status_holds(obj, key, wanted) for key, wanted in self.statuses):
            return False
        if self.keywords_all and not self.keywords_all <= keyword_names(obj.keywords):
            return False
        if self.subtypes_any or self.not_subtypes:
            subtypes = obj.subtypes
            if every_creature_type(obj.subtypes, obj.keywords):
                subtypes = subtypes | CREATURE_TYPES  # changeling, 702.73a
            if self.subtypes_any and not self.subtypes_any & subtypes:
                return False
            if self.not_subtypes & subtypes:
                return False
        if not self.supertypes <= obj.supertypes or self.not_supertypes & obj.supertypes:
            return False
        if self.colors_any and not self.colors_any & obj.colors:
            return False
        if self.not_colors & obj.colors:
            return False
        return self._colour_count_fits(len(obj.colors))

    def _colour_count_fits(self, count: int) -> bool:
        # CR 105.2: colorless has no colour; multicoloured two or more; monocoloured one.
        checks = (
            (self.colorless, count == 0),
            (self.multicolored, count >= 2),
            (self.monocolored, count == 1),
        )
        return all(wanted is None or wanted == actual for wanted, actual in checks)


_DURING_YOUR_TURN_CREATURE = re.compile(
    r"^during your turn, (?:~|this [a-z]+|[^,]+?) (?:is|are) (?:an? )?[^.]*\bcreature\b",
    re.IGNORECASE | re.MULTILINE,
)


def status_holds(obj: GameObject, key: str, wanted: bool) -> bool:
    """Whether ``obj`` is (``wanted``) or isn't in the combat or permanent status ``key``
    ("tapped", "attacking", "blocked" ...; CR 110.5, 506.4, 509.1h)."""
    if key == "blocked":
        return obj.blocked in (None, wanted)  # not said yet: it may be (509.1h)
    if key == "attacking_or_blocking":
        return (obj.attacking or obj.blocking) == wanted
    actual = obj.kind is ObjectKind.TOKEN if key == "token" else getattr(obj, key)
    return bool(actual) == wanted


# How a status is said: (when wanted, when wanted absent).
_STATUS_WORDS = {
    "tapped": ("tapped", "untapped"),
    "attacking": ("attacking", "not attacking"),
    "blocking": ("blocking", "not blocking"),
    "blocked": ("blocked", "unblocked"),
    "token": ("a token", "a nontoken"),
    "face_down": ("face down", "face up"),
    "attacking_or_blocking": ("attacking or blocking", "neither attacking nor blocking"),
}


def _kind_fits(alt: Alternative, obj: GameObject) -> bool:
    """Whether ``obj`` is the kind ``alt`` names, its statuses aside."""
    return replace(alt, statuses=()).matches_object(obj)


def _kind_mismatch(alternatives: Sequence[Alternative], obj: GameObject) -> str | None:
    """ "it isn't an artifact" / "it is black": said only when one noun phrase is asked for,
    where the missing type or the colour it mustn't have can be named."""
    objects = [alt for alt in alternatives if alt.noun is not Noun.PLAYER]
    nouns = {alt.noun for alt in objects}
    if len(nouns) == 1 and obj.kind is ObjectKind.SPELL and Noun.ABILITY in nouns:
        # Stifle's "target activated or triggered ability" at a spell.
        return _stack_kind_mismatch(objects[0], obj)
    if (
        len(objects) > 1
        and len(nouns) == 1
        and all(alt.card_types for alt in objects)
        and not any(alt.card_types <= obj.card_types for alt in objects)
    ):
        # "target instant or sorcery spell" at a creature spell: none of the types asked for.
        wanted = " or ".join(with_article(" ".join(sorted(alt.card_types))) for alt in objects)
        return f"it isn't {wanted}"
    spells = [alt for alt in objects if alt.noun is not Noun.ABILITY]
    if (
        len(spells) == 1
        and len(objects) > 1
        and obj.kind is ObjectKind.SPELL
        and (missing_super := sorted(spells[0].supertypes - obj.supertypes))
    ):
        # Tale's End: "target activated ability, triggered ability, or legendary spell" at a
        # nonlegendary spell (QA 57 M3): a spell, so only the legendary part could fit.
        return f"it is a spell that isn't {' '.join(missing_super)}"
    kinds = [alt for alt in objects if alt.statuses and _kind_fits(alt, obj)]
    if kinds:
        # Banishing Slash's "or tapped creature" at an untapped creature: its kind is asked
        # for only in a status it isn't in.
        unmet = [(k, w) for alt in kinds for k, w in alt.statuses if not status_holds(obj, k, w)]
        return "it isn't " + " or ".join(_STATUS_WORDS[k][not w] for k, w in unmet)
    lacking = [
        alt
        for alt in objects
        if alt.keywords_all and replace(alt, keywords_all=frozenset()).matches_object(obj)
    ]
    if lacking:
        # Broken Wings' "or creature with flying" at a creature without it.
        missing = sorted(lacking[0].keywords_all - keyword_names(obj.keywords))
        return f"it doesn't have {' or '.join(missing)}"
    colours = {alt.colors_any for alt in objects}
    if len(colours) == 1 and (asked := next(iter(colours))) and not asked & obj.colors:
        # Fry's "target creature or planeswalker that's white or blue" at a green creature:
        # every alternative asks for the same colours, and it has none of them.
        return f"it isn't {' or '.join(sorted(asked))}"
    if len(objects) != 1:
        return None
    alt = objects[0]
    on_stack = _stack_kind_mismatch(alt, obj)
    if on_stack is not None:
        return on_stack
    missing = sorted(alt.card_types - obj.card_types)
    if missing:
        word = " ".join(missing)
        said = f"it isn't {'an' if word[0] in 'aeiou' else 'a'} {word}"
        if "creature" in missing and _DURING_YOUR_TURN_CREATURE.search(obj.oracle_text):
            # Gideon Blackblade: "During your turn, ~ is a 4/4 ... creature"; the bot keeps
            # no turn, so the answer says what it is on its controller's turn (found by QA 7).
            said += (
                f" (it is one during {obj.controller}'s turn, which the bot doesn't keep: on "
                f"that turn, say “{obj.name} becomes a creature.” first)"
            )
        return said
    if alt.not_types & obj.card_types:
        # "noncreature spell": "it is a creature" (a card type takes an article).
        return f"it is {with_article(' and '.join(sorted(alt.not_types & obj.card_types)))}"
    if alt.not_colors & obj.colors:
        return f"it is {' and '.join(sorted(alt.not_colors & obj.colors))}"
    if alt.colors_any and not alt.colors_any & obj.colors:
        return f"it isn't {' or '.join(sorted(alt.colors_any))}"
    if not alt._colour_count_fits(len(obj.colors)):
        # "target monocolored creature" at a colourless or two-coloured one (105.2, QA 22 M5).
        if not obj.colors:
            return "it is colorless"
        shown = " and ".join(sorted(obj.colors))
        return f"it is {shown}" + (", so multicolored" if len(obj.colors) > 1 else "")
    missing_subtypes = _missing_subtypes(alt, obj)
    if missing_subtypes:
        return missing_subtypes
    return None


def _missing_subtypes(alt: Alternative, obj: GameObject) -> str | None:
    """ "it isn't a Goblin" / "it is an Angel" for a subtype asked for or ruled out."""
    subtypes = obj.subtypes
    if every_creature_type(obj.subtypes, obj.keywords):
        subtypes = subtypes | CREATURE_TYPES
    if alt.subtypes_any and not alt.subtypes_any & subtypes:
        wanted = " or ".join(with_article(t.capitalize()) for t in sorted(alt.subtypes_any))
        return f"it isn't {wanted}"
    if alt.not_subtypes & subtypes:
        return f"it is {with_article(sorted(alt.not_subtypes & subtypes)[0].capitalize())}"
    return None


# Checked when the board says whether the attacker is blocked ("Grizzly Bears is blocked by
# Llanowar Elves."), kept as unchecked words otherwise; each also means "attacking" (509.1h).
BLOCKED_WORDS = frozenset({"blocked", "unblocked"})


# A creature's part in a combat with the ability's source (CR 509.1g), as
# ``TargetDescription.source_combat`` and its unchecked word say it.
BLOCKING_SOURCE = "blocking this creature"
BLOCKED_BY_SOURCE = "blocked by this creature"
BLOCKING_OR_BLOCKED_BY_SOURCE = "blocking or blocked by this creature"


def blocks_source(obj: GameObject, ctx: TargetContext) -> bool | None:
    """Whether it blocks the source (CR 509.1g); None when it blocks attackers not said."""
    if not obj.blocking:
        return False
    return ctx.source_id in obj.blocking_ids if obj.blocking_ids else None


def blocked_by_source(obj: GameObject, ctx: TargetContext) -> bool | None:
    """Whether the source blocks it; None when the source blocks attackers not said."""
    source_blocking, source_blocks = ctx.source_combat
    if not obj.attacking or not source_blocking:
        return False
    return obj.id in source_blocks if source_blocks else None


def source_combat_holds(relation: str, obj: GameObject, ctx: TargetContext) -> bool | None:
    """Whether ``obj`` stands in ``relation`` to the source; None when the board doesn't say."""
    blocks = blocks_source(obj, ctx)
    if relation == BLOCKING_SOURCE:
        return blocks
    blocked = blocked_by_source(obj, ctx)
    if relation == BLOCKED_BY_SOURCE:
        return blocked
    if blocks or blocked:
        return True
    return None if None in (blocks, blocked) else False


def decided_words(
    d: object, seen: Sequence[GameObject], ctx: TargetContext | None
) -> frozenset[str]:
    """The unchecked words of description ``d`` that the board decides for every object in
    ``seen``: "blocked" when it says how each attacker was blocked (509.1h), "blocking this
    creature" when it says whom each blocks (509.1g)."""
    if not seen or not isinstance(d, TargetDescription):
        return frozenset()
    words: set[str] = set()
    if all(blocks_decided(obj) for obj in seen):
        words |= BLOCKED_WORDS
    if ctx is not None:
        for word in ATTACHED_WORDS:
            if word in d.unchecked and all(
                attachments_fit(d, obj, ctx) is not None for obj in seen
            ):
                words.add(word)
        if d.host_types and all(host_fits(d, obj, ctx) is not None for obj in seen):
            words.add(d.host_words)
    if damage_decides(seen):
        # Damage marked shows it was dealt damage this turn (120.3e, 514.2).
        words |= {word for word in d.unchecked if is_dealt_damage_word(word)}
    relation = d.source_combat
    if (
        relation
        and ctx is not None
        and all(source_combat_holds(relation, obj, ctx) is not None for obj in seen)
    ):
        words.add(relation)
    return frozenset(words)


def blocks_decided(obj: GameObject) -> bool:
    """Whether "blocked" / "unblocked" is decided for it: it isn't attacking, or the board says
    which it is (CR 509.1h)."""
    return not obj.attacking or obj.blocked is not None


# Head words that ask what is attached to the object: the attachment's subtype, and whether
# one is wanted (CR 303.4b "The object or player an Aura is attached to is called enchanted";
# 301.5a "The creature an Equipment is attached to is called the equipped creature").
ATTACHED_WORDS: dict[str, tuple[str, bool]] = {
    "enchanted": ("aura", True),
    "unenchanted": ("aura", False),
    "equipped": ("equipment", True),
    "unequipped": ("equipment", False),
}
_ATTACHMENT_NAMES = {"aura": "Aura", "equipment": "Equipment"}


def attachment_holds(kind: str, wanted: bool, obj: GameObject, ctx: TargetContext) -> bool | None:
    """Whether an attachment of ``kind`` is on ``obj`` as ``wanted`` says; None when the board
    doesn't say: not read, or an Aura on it whose host isn't said (an Equipment that isn't
    said to be attached is unattached, as it enters: CR 301.5b)."""
    kinds = ctx.attached_kinds(obj.id)
    if kinds is None:
        return None
    if kind in kinds:
        return wanted
    if kind == "aura" and ctx.hosts_unsaid(kind):
        return None
    return not wanted


def _attached_as_asked(alt: Alternative, obj: GameObject, ctx: TargetContext) -> bool | None:
    verdicts = [attachment_holds(kind, wanted, obj, ctx) for kind, wanted in alt.attached]
    if False in verdicts:
        return False
    return None if None in verdicts else True


def attachments_fit(d: TargetDescription, obj: GameObject, ctx: TargetContext) -> bool | None:
    """Whether a noun phrase ``obj`` fits also has what it asks attached ("target enchanted
    creature or enchantment creature": an enchantment creature needs no Aura); None when that
    turns on an attachment the board doesn't say."""
    verdicts = [
        _attached_as_asked(alt, obj, ctx)
        for alt in d.alternatives
        if alt.noun is not Noun.PLAYER and alt.matches_object(obj)
    ]
    if True in verdicts:
        return True
    return None if None in verdicts else False


def host_fits(d: TargetDescription, obj: GameObject, ctx: TargetContext) -> bool | None:
    """Whether ``obj`` is attached to what ``d.host_types`` names ("target Aura attached to a
    creature", Piety Charm; "... a creature you control", Miracle Worker); None when the
    board doesn't say (its host isn't said, or the board wasn't read)."""
    if ctx.attachments is None:
        return None
    found = ctx.attachment(obj.id)
    if found is None or found.on_player:
        return False
    if found.host is None:
        return None
    if d.host_types.isdisjoint(found.host_types):
        return False
    return _relation_holds(d.host_controller, found.host_controller, ctx)


def _attachment_mismatch(d: TargetDescription, obj: GameObject) -> str:
    """Why no noun phrase ``obj`` fits has the attachment it asks for."""
    for alt in d.alternatives:
        if alt.noun is Noun.PLAYER or not alt.matches_object(obj):
            continue
        for kind, wanted in alt.attached:
            name = _ATTACHMENT_NAMES.get(kind, kind)
            rule = "303.4b" if kind == "aura" else "301.5a"
            return (
                f"no {name} is attached to it ({rule})"
                if wanted
                else f"{with_article(name)} is attached to it ({rule})"
            )
    return "it doesn't have the attachment asked for"


def _host_mismatch(d: TargetDescription, obj: GameObject, ctx: TargetContext) -> str:
    """Why ``obj`` isn't attached to what ``d`` names (CR 301.5a, 303.4b)."""
    found = ctx.attachment(obj.id)
    wanted = " or ".join(with_article(kind) for kind in sorted(d.host_types))
    if found is None:
        return f"it isn't attached to anything, so not to {wanted}"
    if found.on_player:
        return f"it is attached to a player, not to {wanted}"
    if d.host_types.isdisjoint(found.host_types):
        return f"it is attached to {found.host_name}, which isn't {wanted}"
    return f"it is attached to {found.host_name}, which {found.host_controller} controls"


_ABILITY_WORDS = {
    ObjectKind.ACTIVATED_ABILITY: "an activated ability",
    ObjectKind.TRIGGERED_ABILITY: "a triggered ability",
}


def _source_combat_mismatch(relation: str, obj: GameObject) -> str:
    """Why it isn't "blocking this creature" / "blocked by this creature" (CR 509.1g)."""
    if relation == BLOCKING_SOURCE:
        if not obj.blocking:
            return "it is not blocking"
        return "it is blocking, but not the ability's source (509.1g)"
    if relation == BLOCKED_BY_SOURCE and not obj.attacking:
        return "it is not attacking, so the ability's source isn't blocking it (509.1g)"
    if relation == BLOCKED_BY_SOURCE:
        return "the ability's source isn't blocking it (509.1g)"
    return "it is neither blocking the ability's source nor blocked by it (509.1g)"


def _stack_kind_mismatch(alt: Alternative, obj: GameObject) -> str | None:
    """On the stack, a spell isn't an ability and an ability isn't a spell (CR 113.1, 112.1):
    Reroute's "target activated ability" at Lightning Bolt, "it is a spell, not an ability"."""
    if obj.zone is not Zone.STACK or _noun_fits(alt.noun, alt.ability_kinds, obj):
        return None
    if alt.noun is Noun.ABILITY and obj.kind is ObjectKind.SPELL:
        return "it is a spell, not an ability"
    if alt.noun is Noun.ABILITY and obj.kind in _ABILITY_WORDS:
        wanted = [_ABILITY_WORDS[kind] for kind in sorted(alt.ability_kinds)]
        return f"it is {_ABILITY_WORDS[obj.kind]}, not {' or '.join(wanted) or 'one'}"
    if alt.noun is Noun.SPELL and obj.kind in _ABILITY_WORDS:
        return f"it is {_ABILITY_WORDS[obj.kind]}, not a spell"
    return None


def _noun_fits(noun: Noun, kinds: frozenset[ObjectKind], obj: GameObject) -> bool:
    if noun is Noun.PERMANENT:
        return obj.zone is Zone.BATTLEFIELD
    if noun is Noun.CARD:
        return obj.zone not in (Zone.BATTLEFIELD, Zone.STACK) and obj.kind is ObjectKind.CARD
    if noun is Noun.SPELL:
        return obj.zone is Zone.STACK and obj.kind is ObjectKind.SPELL
    if noun is Noun.ABILITY:
        wanted = kinds or frozenset({ObjectKind.ACTIVATED_ABILITY, ObjectKind.TRIGGERED_ABILITY})
        return obj.zone is Zone.STACK and obj.kind in wanted
    return False


def _relation_holds(relation: Relation, player: str, ctx: TargetContext) -> bool:
    if relation is Relation.YOU:
        return player == ctx.controller
    if relation is Relation.OPPONENT:
        return ctx.is_opponent(player)
    if relation is Relation.NOT_YOU:
        return player != ctx.controller
    return True


@functools.lru_cache(maxsize=1024)
def keyword_names(keywords: frozenset[str]) -> frozenset[str]:
    """An object's keywords with the names of those that carry a cost or a quality: "morph
    {2}{w}{w}" (Exalted Angel) is a morph ability for "target creature with a morph ability"
    (Backslide), "cycling {2}" a cycling ability (CR 702.37a, 702.29a)."""
    names = {re.split(r"[ —{]", keyword, maxsplit=1)[0] for keyword in keywords}
    return keywords | frozenset(name for name in names if name)


@dataclass(frozen=True)
class TargetDescription:
    """A parsed "target [something]" (CR 115.1a), usable as a ``TargetFilter``.

    ``zones`` lists where objects may be (battlefield unless the text says otherwise, CR
    115.2); ``alternatives`` the noun phrases; the other fields are conditions every
    alternative shares.  ``any_target`` marks CR 115.4's "any target" (creature, player,
    planeswalker or battle).  ``not_source`` is "another"/"other" in an ability of a permanent
    (not the object the ability comes from).
    """

    text: str
    zones: frozenset[Zone]
    alternatives: tuple[Alternative, ...]
    controller: Relation = Relation.ANY
    owner: Relation = Relation.ANY
    tapped: bool | None = None
    attacking: bool | None = None
    blocking: bool | None = None
    attacking_or_blocking: bool = False
    # "blocked" / "unblocked" (CR 509.1h; Smite, Mirror Strike): an attacker said to be the
    # other fails; one not said either way passes, with the word left unchecked.
    blocked: bool | None = None
    # "blocking this creature" and the like (``BLOCKING_SOURCE``...): checked with the
    # context's ``source_combat``; passes while the board doesn't say (CR 509.1g).
    source_combat: str = ""
    token: bool | None = None
    face_down: bool | None = None
    keywords_all: frozenset[str] = frozenset()
    keywords_none: frozenset[str] = frozenset()
    keywords_any: frozenset[str] = frozenset()
    comparisons: tuple[Comparison, ...] = ()
    counters_any: bool = False  # "with a counter on it"
    counter_kinds: frozenset[str] = frozenset()  # "with a +1/+1 counter on it"
    counters_none: bool = False  # "with no counters on it" (Heartless Act)
    # "attached to a creature [you control]" (Piety Charm, Miracle Worker): the types of
    # what it is attached to, one of them, and who controls that; ``host_words`` the phrase.
    host_types: frozenset[str] = frozenset()
    host_controller: Relation = Relation.ANY
    host_words: str = ""
    not_source: bool = False
    any_target: bool = False
    unchecked: tuple[str, ...] = ()
    # The slot's targets together: "controlled by the same player" ("same", Barrin's Spite)
    # or "by different players" ("different", Run Away Together); see ``controllers_problem``.
    controllers: str = ""

    @property
    def allows_players(self) -> bool:
        return any(alt.noun is Noun.PLAYER for alt in self.alternatives)

    @property
    def allows_objects(self) -> bool:
        return any(alt.noun is not Noun.PLAYER for alt in self.alternatives)

    def matches(self, candidate: Candidate, ctx: TargetContext, x: int | None = None) -> bool:
        """Does the candidate fit the description?  ``x`` binds "X" in comparisons."""
        if isinstance(candidate, Player):
            return any(alt.matches_player(candidate, ctx) for alt in self.alternatives)
        return self._object_test(candidate, ctx, x)

    def mismatch(
        self, candidate: Candidate, ctx: TargetContext, x: int | None = None
    ) -> str | None:
        """The first part of the description the candidate fails, said plainly (CR 115.1)."""
        if isinstance(candidate, Player):
            relations = [alt.relation for alt in self.alternatives if alt.noun is Noun.PLAYER]
            if relations and all(r is Relation.OPPONENT for r in relations):
                return f"{candidate.name} isn't an opponent of {ctx.controller}"
            if relations and all(r is Relation.YOU for r in relations):
                return f"{candidate.name} isn't {ctx.controller}, who controls it"
            return None
        if candidate.zone not in self.zones:
            return None  # the zone has its own answer (CR 115.2)
        if not any(alt.matches_object(candidate) for alt in self.alternatives):
            return _kind_mismatch(self.alternatives, candidate)
        for relation, player, role in (
            (self.controller, candidate.controller, "controls"),
            (self.owner, candidate.owner, "owns"),
        ):
            if not _relation_holds(relation, player, ctx):
                whose = {
                    Relation.YOU: ctx.controller,
                    Relation.OPPONENT: f"an opponent of {ctx.controller}",
                    Relation.NOT_YOU: f"a player other than {ctx.controller}",
                }[relation]
                return f"{player} {role} it, not {whose}"
        if self.not_source and candidate.id in (ctx.source_id, ctx.spell_id):
            return "it is the object the ability comes from, and the text says another"
        if self._asks_attachments and attachments_fit(self, candidate, ctx) is False:
            return _attachment_mismatch(self, candidate)
        if self.host_types and host_fits(self, candidate, ctx) is False:
            return _host_mismatch(self, candidate, ctx)
        for wanted, actual, word in (
            (self.tapped, candidate.tapped, "tapped"),
            (self.attacking, candidate.attacking, "attacking"),
            (self.blocking, candidate.blocking, "blocking"),
            (self.token, candidate.kind is ObjectKind.TOKEN, "a token"),
        ):
            if wanted is not None and wanted != actual:
                if word == "attacking" and self.blocked is not None:
                    # CR 509.1h: only an attacking creature becomes blocked or unblocked.
                    what = "a blocked creature" if self.blocked else "an unblocked creature"
                    return f"it is not attacking, so it isn't {what} (509.1h)"
                return f"it is {'not ' if wanted else ''}{word}"
        if self.blocked is not None and candidate.blocked not in (None, self.blocked):
            said = "blocked" if candidate.blocked else "unblocked"
            kind = "a blocked" if self.blocked else "an unblocked"
            return f"it is attacking and {said}, so it isn't {kind} creature (509.1h)"
        if self.attacking_or_blocking and not (candidate.attacking or candidate.blocking):
            return "it is neither attacking nor blocking"
        if self.source_combat and source_combat_holds(self.source_combat, candidate, ctx) is False:
            return _source_combat_mismatch(self.source_combat, candidate)
        named = keyword_names(candidate.keywords)
        if not self.keywords_all <= named:
            return f"it doesn't have {', '.join(sorted(self.keywords_all - named))}"
        if self.keywords_none & named:
            return f"it has {', '.join(sorted(self.keywords_none & named))}"
        for test in self.comparisons:
            if not test.holds(candidate, x, ctx):
                if test.stat == "power or toughness":
                    p, t = candidate.current_power, candidate.current_toughness
                    return "it has no power or toughness" if p is None else f"it is {p}/{t}"
                value = _stat(candidate, test.stat)
                if value is not None and test.counted:
                    limit = ctx.source_stat(counted_key(test.counted))
                    counted = test.counted.replace("you control", f"{ctx.controller} controls")
                    return f"its {test.stat} is {value}, and {counted} is {limit}"
                if value is not None and test.source_stat:
                    limit = ctx.source_stat(test.source_stat)
                    return (
                        f"its {test.stat} is {value}, and the source's {test.source_stat} "
                        f"is {limit}"
                    )
                return f"it has no {test.stat}" if value is None else f"its {test.stat} is {value}"
        return None

    @property
    def _asks_attachments(self) -> bool:
        return any(alt.attached for alt in self.alternatives)

    @cached_property
    def _object_test(self) -> ObjectTest:
        return _compile(self)

    def __getstate__(self) -> dict[str, Any]:
        # Game snapshots pickle descriptions; the compiled test is a closure, rebuilt on use.
        state = dict(self.__dict__)
        state.pop("_object_test", None)
        return state

    def matches_uncompiled(
        self, candidate: Candidate, ctx: TargetContext, x: int | None = None
    ) -> bool:
        """``matches`` read field by field, without the compiled form (the reference)."""
        if isinstance(candidate, Player):
            return any(alt.matches_player(candidate, ctx) for alt in self.alternatives)
        if candidate.zone not in self.zones:
            return False
        if not any(alt.matches_object(candidate) for alt in self.alternatives):
            return False
        return self._shared_conditions_hold(candidate, ctx, x)

    def _shared_conditions_hold(self, obj: GameObject, ctx: TargetContext, x: int | None) -> bool:
        if not _relation_holds(self.controller, obj.controller, ctx):
            return False
        if not _relation_holds(self.owner, obj.owner, ctx):
            return False
        if self.not_source and obj.id in (ctx.source_id, ctx.spell_id):
            return False  # "another"/"other": not this object (CR 109.2 names it "this")
        if not self._status_fits(obj):
            return False
        if self.source_combat and source_combat_holds(self.source_combat, obj, ctx) is False:
            return False
        if self._asks_attachments and attachments_fit(self, obj, ctx) is False:
            return False
        if self.host_types and host_fits(self, obj, ctx) is False:
            return False
        if not self._keywords_fit(obj.keywords):
            return False
        if not self._counters_fit(obj):
            return False
        return all(test.holds(obj, x, ctx) for test in self.comparisons)

    def _status_fits(self, obj: GameObject) -> bool:
        checks = (
            (self.tapped, obj.tapped),
            (self.attacking, obj.attacking),
            (self.blocking, obj.blocking),
            (self.token, obj.kind is ObjectKind.TOKEN),
            (self.face_down, obj.face_down),
        )
        if any(wanted is not None and wanted != actual for wanted, actual in checks):
            return False
        if self.blocked is not None and obj.blocked not in (None, self.blocked):
            return False  # CR 509.1h
        return not self.attacking_or_blocking or obj.attacking or obj.blocking

    def _keywords_fit(self, printed: frozenset[str]) -> bool:
        keywords = keyword_names(printed)
        if not self.keywords_all <= keywords or self.keywords_none & keywords:
            return False
        return not self.keywords_any or bool(self.keywords_any & keywords)

    def _counters_fit(self, obj: GameObject) -> bool:
        present = {kind for kind, number in obj.counters.items() if number > 0}
        if (self.counters_any and not present) or (self.counters_none and present):
            return False
        return self.counter_kinds <= present


# ---- the compiled form ---------------------------------------------------------------------
ObjectTest = Callable[[GameObject, TargetContext, "int | None"], bool]
_Check = Callable[[GameObject], bool]
_SharedCheck = Callable[[GameObject, TargetContext, "int | None"], bool]


def _compile(description: TargetDescription) -> ObjectTest:
    """The object test of ``description`` as the checks its non-empty fields call for."""
    zones = description.zones
    alternatives = _alternative_checks(
        alt for alt in description.alternatives if alt.noun is not Noun.PLAYER
    )
    shared = _shared_checks(description)

    def test(obj: GameObject, ctx: TargetContext, x: int | None) -> bool:
        if obj.zone not in zones:
            return False
        for fits in alternatives:
            if fits(obj):
                break
        else:
            return False
        return not shared or all(holds(obj, ctx, x) for holds in shared)

    return test


def _alternative_checks(alternatives: Iterable[Alternative]) -> tuple[_Check, ...]:
    """One check per noun phrase, except that phrases naming one card type and nothing else
    ("creature, planeswalker or battle" of "any target") become one check per noun."""
    checks: list[_Check] = []
    one_type: dict[tuple[Noun, frozenset[ObjectKind]], set[str]] = {}
    for alt in alternatives:
        if len(alt.card_types) == 1 and replace(alt, card_types=frozenset()) == Alternative(
            alt.noun, ability_kinds=alt.ability_kinds
        ):
            one_type.setdefault((alt.noun, alt.ability_kinds), set()).update(alt.card_types)
        else:
            checks.append(_alternative_check(alt))
    for (noun, kinds), types in one_type.items():
        checks.append(_noun_and_a_type(noun, kinds, frozenset(types)))
    return tuple(checks)


def _noun_and_a_type(noun: Noun, kinds: frozenset[ObjectKind], types: frozenset[str]) -> _Check:
    if noun is Noun.PERMANENT:  # the usual case, "any target" among others: one call
        return lambda obj: obj.zone is Zone.BATTLEFIELD and not types.isdisjoint(obj.card_types)
    return _both(_noun_check(noun, kinds), _intersects("card_types", types))


def _alternative_check(alt: Alternative) -> _Check:
    checks = [_noun_check(alt.noun, alt.ability_kinds)]
    for wanted, attribute in (
        (alt.card_types, "card_types"),
        (alt.supertypes, "supertypes"),
    ):
        if wanted:
            checks.append(_contains_all(attribute, wanted))
    if alt.subtypes_any:
        checks.append(_has_a_subtype(alt.subtypes_any))
    if alt.colors_any:
        checks.append(_intersects("colors", alt.colors_any))
    if alt.not_subtypes:
        has_one = _has_a_subtype(alt.not_subtypes)
        checks.append(lambda obj: not has_one(obj))
    for unwanted, attribute in (
        (alt.not_types, "card_types"),
        (alt.not_supertypes, "supertypes"),
        (alt.not_colors, "colors"),
    ):
        if unwanted:
            checks.append(_misses(attribute, unwanted))
    if (alt.colorless, alt.multicolored, alt.monocolored) != (None, None, None):
        checks.append(lambda obj: alt._colour_count_fits(len(obj.colors)))
    if alt.statuses:
        checks.append(lambda obj: all(status_holds(obj, k, w) for k, w in alt.statuses))
    if alt.keywords_all:
        checks.append(lambda obj: alt.keywords_all <= keyword_names(obj.keywords))
    return _all_of(checks)


def _noun_check(noun: Noun, kinds: frozenset[ObjectKind]) -> _Check:
    if noun is Noun.PERMANENT:
        return lambda obj: obj.zone is Zone.BATTLEFIELD
    return lambda obj: _noun_fits(noun, kinds, obj)


def _contains_all(attribute: str, wanted: frozenset[str]) -> _Check:
    return lambda obj: wanted <= getattr(obj, attribute)


def _intersects(attribute: str, wanted: frozenset[str]) -> _Check:
    return lambda obj: not wanted.isdisjoint(getattr(obj, attribute))


def _has_a_subtype(wanted: frozenset[str]) -> _Check:
    """One of ``wanted`` among its subtypes; a creature type counts for changeling or "all
    creature types" (702.73a)."""
    creature_types = wanted & CREATURE_TYPES
    if not creature_types:
        return _intersects("subtypes", wanted)
    return lambda obj: (
        not wanted.isdisjoint(obj.subtypes) or every_creature_type(obj.subtypes, obj.keywords)
    )


def _misses(attribute: str, unwanted: frozenset[str]) -> _Check:
    return lambda obj: unwanted.isdisjoint(getattr(obj, attribute))


def _both(first: _Check, second: _Check) -> _Check:
    return lambda obj: first(obj) and second(obj)


def _all_of(checks: Sequence[_Check]) -> _Check:
    if len(checks) == 1:
        return checks[0]
    if len(checks) == 2:
        return _both(checks[0], checks[1])
    return lambda obj: all(check(obj) for check in checks)


def _shared_checks(d: TargetDescription) -> tuple[_SharedCheck, ...]:
    """The conditions every alternative shares, only those the description states."""
    checks: list[_SharedCheck] = []
    if d.controller is not Relation.ANY:
        checks.append(lambda obj, ctx, x: _relation_holds(d.controller, obj.controller, ctx))
    if d.owner is not Relation.ANY:
        checks.append(lambda obj, ctx, x: _relation_holds(d.owner, obj.owner, ctx))
    if d.not_source:
        checks.append(lambda obj, ctx, x: obj.id not in (ctx.source_id, ctx.spell_id))
    statuses = (d.tapped, d.attacking, d.blocking, d.blocked, d.token, d.face_down)
    if d.attacking_or_blocking or statuses != (None,) * len(statuses):
        checks.append(lambda obj, ctx, x: d._status_fits(obj))
    if d.source_combat:
        relation = d.source_combat
        checks.append(lambda obj, ctx, x: source_combat_holds(relation, obj, ctx) is not False)
    if d._asks_attachments:
        checks.append(lambda obj, ctx, x: attachments_fit(d, obj, ctx) is not False)
    if d.host_types:
        checks.append(lambda obj, ctx, x: host_fits(d, obj, ctx) is not False)
    if d.keywords_all or d.keywords_none or d.keywords_any:
        checks.append(lambda obj, ctx, x: d._keywords_fit(obj.keywords))
    if d.counters_any or d.counter_kinds or d.counters_none:
        checks.append(lambda obj, ctx, x: d._counters_fit(obj))
    checks.extend(_comparison_check(test) for test in d.comparisons)
    return tuple(checks)


def _comparison_check(test: Comparison) -> _SharedCheck:
    return lambda obj, ctx, x: test.holds(obj, x, ctx)
