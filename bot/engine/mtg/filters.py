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
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from bot.engine.model import Candidate, GameObject, ObjectKind, Player, TargetContext, Zone


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

    stat: str  # power, toughness, mana value, loyalty, defense
    op: str
    value: int | None

    def holds(self, obj: GameObject, x: int | None) -> bool:
        target = self.value if self.value is not None else x
        if target is None:
            return True
        actual = _stat(obj, self.stat)
        # An object without the characteristic (a noncreature's power) fails every test.
        return actual is not None and _OPS[self.op](actual, target)


def _stat(obj: GameObject, stat: str) -> int | None:
    if stat == "mana value":
        return obj.mana_value
    if stat == "power":
        return obj.power
    if stat == "toughness":
        return obj.toughness
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

    def matches_player(self, player: Player, ctx: TargetContext) -> bool:
        return self.noun is Noun.PLAYER and _relation_holds(self.relation, player.name, ctx)

    def matches_object(self, obj: GameObject) -> bool:
        if self.noun is Noun.PLAYER or not _noun_fits(self.noun, self.ability_kinds, obj):
            return False
        return self._characteristics_fit(obj)

    def _characteristics_fit(self, obj: GameObject) -> bool:
        if not self.card_types <= obj.card_types or self.not_types & obj.card_types:
            return False
        if self.subtypes_any and not self.subtypes_any & obj.subtypes:
            return False
        if self.not_subtypes & obj.subtypes:
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
    token: bool | None = None
    face_down: bool | None = None
    keywords_all: frozenset[str] = frozenset()
    keywords_none: frozenset[str] = frozenset()
    keywords_any: frozenset[str] = frozenset()
    comparisons: tuple[Comparison, ...] = ()
    counters_any: bool = False  # "with a counter on it"
    counter_kinds: frozenset[str] = frozenset()  # "with a +1/+1 counter on it"
    not_source: bool = False
    any_target: bool = False
    unchecked: tuple[str, ...] = ()

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
        if not self._keywords_fit(obj.keywords):
            return False
        if not self._counters_fit(obj):
            return False
        return all(test.holds(obj, x) for test in self.comparisons)

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
        return not self.attacking_or_blocking or obj.attacking or obj.blocking

    def _keywords_fit(self, keywords: frozenset[str]) -> bool:
        if not self.keywords_all <= keywords or self.keywords_none & keywords:
            return False
        return not self.keywords_any or bool(self.keywords_any & keywords)

    def _counters_fit(self, obj: GameObject) -> bool:
        present = {kind for kind, number in obj.counters.items() if number > 0}
        if self.counters_any and not present:
            return False
        return self.counter_kinds <= present
