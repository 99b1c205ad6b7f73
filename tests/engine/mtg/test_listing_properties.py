"""Properties of the fast paths of legal-target listing.

``legal_targets`` decides most candidates without ``check_target`` and ``TargetDescription``
runs a compiled form of itself; both must agree with the plain, one-candidate-at-a-time answers
on any board.
"""

from __future__ import annotations

import itertools
import pickle
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine.cards import CardData
from bot.engine.errors import EngineError
from bot.engine.model import GameObject, ObjectKind, Player, TargetContext, Zone
from bot.engine.mtg.filters import (
    Alternative,
    Comparison,
    Noun,
    Relation,
    TargetDescription,
)
from bot.engine.mtg.game import MtgGame
from bot.engine.mtg.state import GameState, TargetRef
from bot.engine.verdict import VerdictKind

PLAYERS = ("Alice", "Bob")
# Real cards with the things that stop targeting: hexproof, shroud, protection, ward, printed
# and granted "can't be the target", "You have hexproof"; and plain ones of every type.
PERMANENTS = (
    "Grizzly Bears",
    "Llanowar Elves",
    "Troll Ascetic",
    "Blastoderm",
    "White Knight",
    "Kappa Cannoneer",
    "Gaea's Revenge",
    "Leyline of Sanctity",
    "Shalai, Voice of Plenty",
    "Privileged Position",
    "Forest",
    "Jace Beleren",
    "Sol Ring",
    "Prodigal Sorcerer",
    "Spellskite",
    "Soldier of the Pantheon",
    "Progenitus",
    "Baneslayer Angel",
    "Kira, Great Glass-Spinner",
    "Isamaru, Hound of Konda",
    "Pacifism",
)
SPELLS = (
    "Lightning Bolt",
    "Doom Blade",
    "Naturalize",
    "Dive Down",
    "Counterspell",
    "Reanimate",
    "Beast Within",
    "Smother",
    "Go for the Throat",
    "Ultimate Price",
    "Deathmark",
    "Prey Upon",
    "Arc Trail",
    "Redirect",
    "Abrupt Decay",
    "Cast Down",
    "Divine Verdict",
    "Smite the Monstrous",
    "Righteousness",
    "Regrowth",
    "Negate",
    "Stifle",
    "Mizzium Mortars",
)
GAINED = (
    "hexproof",
    "shroud",
    "protection from red",
    "protection from Bob",
    "hexproof from blue",
    "ward {2}",
    "can't be the target of spells or abilities your opponents control",
    "can't be the target of red spells",
)
COLORS = ("W", "U", "B", "R", "G")

permanent = st.fixed_dictionaries(
    {
        "name": st.sampled_from(PERMANENTS),
        "controller": st.sampled_from(PLAYERS),
        "tapped": st.booleans(),
        "attacking": st.booleans(),
        "blocking": st.booleans(),
        "counters": st.integers(0, 2),
        "phased_out": st.integers(0, 9).map(lambda n: n == 0),
        "gains": st.none() | st.sampled_from(GAINED),
        "granted_by": st.sampled_from(PLAYERS),
        "colors": st.none() | st.lists(st.sampled_from(COLORS), max_size=2),
    }
)
token = st.fixed_dictionaries(
    {
        "controller": st.sampled_from(PLAYERS),
        "colors": st.lists(st.sampled_from(COLORS), max_size=2),
        "card_types": st.sampled_from([("creature",), ("artifact", "creature"), ("artifact",)]),
        "keywords": st.lists(st.sampled_from(("flying", *GAINED[:5])), max_size=2),
        "power": st.integers(0, 5),
    }
)
board = st.fixed_dictionaries(
    {
        "permanents": st.lists(permanent, min_size=1, max_size=14),
        "tokens": st.lists(token, max_size=6),
        "graveyard": st.lists(st.sampled_from(PERMANENTS), max_size=3),
        "stack": st.lists(st.sampled_from(("Lightning Bolt", "Shock")), max_size=2),
        "player_gains": st.none() | st.sampled_from(("hexproof", "protection from red")),
    }
)


def _build(engine: MtgGame, card: Callable[[str], CardData], spec: dict) -> GameState:
    state = engine.new_game(list(PLAYERS))
    for placed in spec["permanents"]:
        state, verdict = engine.add_permanent(state, placed["controller"], card(placed["name"]))
        ref = verdict.object_ids[0]
        state, _ = engine.set_status(
            state,
            ref,
            tapped=placed["tapped"],
            attacking=placed["attacking"],
            blocking=placed["blocking"],
        )
        if placed["counters"]:
            state, _ = engine.add_counters(state, ref, "+1/+1", placed["counters"])
        if placed["gains"]:
            state, _ = engine.gain_ability(
                state, ref, placed["gains"], granted_by=placed["granted_by"]
            )
        if placed["colors"] is not None:
            state, _ = engine.become_colors(state, ref, placed["colors"])
        if placed["phased_out"]:
            state, _ = engine.phase(state, ref)
    for made in spec["tokens"]:
        state, _ = engine.add_token(
            state,
            made["controller"],
            name="Token",
            power=made["power"],
            toughness=1,
            colors=made["colors"],
            card_types=made["card_types"],
            keywords=made["keywords"],
        )
    for name in spec["graveyard"]:
        state, _ = engine.add_card(state, "Bob", card(name), Zone.GRAVEYARD)
    if spec["player_gains"]:
        state, _ = engine.gain_ability(state, "Alice", spec["player_gains"])
    for caster, name in zip(PLAYERS, spec["stack"], strict=False):
        state, _ = engine.cast(state, caster, card(name), targets=["Bob"])
    return state


def _listed(verdict) -> list[list[TargetRef]]:
    return [
        [
            option.object_id if option.object_id is not None else option.player
            for option in slot.options
        ]
        for slot in verdict.slots
    ]


def _one_by_one(
    engine: MtgGame, state: GameState, player: str, source: CardData | int, slots: int
) -> list[list[TargetRef]]:
    refs: list[TargetRef] = [*state.player_names, *state.objects]
    return [
        [
            ref
            for ref in refs
            if engine.is_legal_target(state, player, source, ref, slot=index).kind
            is VerdictKind.LEGAL
        ]
        for index in range(slots)
    ]


@settings(max_examples=150, deadline=None)
@given(spec=board, spell=st.sampled_from(SPELLS), player=st.sampled_from(PLAYERS))
def test_listing_equals_one_by_one_checks(real_engine, card, spec, spell, player):
    state = _build(real_engine, card, spec)
    sources: list[CardData | int] = [card(spell)]
    sources += [
        ref
        for ref, obj in state.objects.items()
        if obj.name == "Prodigal Sorcerer" and obj.zone is Zone.BATTLEFIELD
    ][:1]
    for source in sources:
        try:
            listing = real_engine.legal_targets(state, player, source)
        except EngineError:
            continue
        expected = _one_by_one(real_engine, state, player, source, len(listing.slots))
        assert _listed(listing) == expected


# ---- the compiled description ---------------------------------------------------------
# Small vocabularies, so that random descriptions and objects often overlap.
WORDS = {
    "card_types": ("creature", "artifact", "planeswalker"),
    "subtypes": ("bear", "elf"),
    "supertypes": ("legendary", "basic"),
    "colors": ("white", "black", "red"),
    "keywords": ("flying", "hexproof"),
}


def _some(kind: str, size: int = 2) -> st.SearchStrategy[frozenset[str]]:
    return st.frozensets(st.sampled_from(WORDS[kind]), max_size=size)


def _mostly(default: object, other: st.SearchStrategy) -> st.SearchStrategy:
    """Usually the field's default, so that random descriptions still match things."""
    return st.one_of(st.just(default), st.just(default), st.just(default), other)


flag = _mostly(None, st.booleans())
alternative = st.builds(
    Alternative,
    noun=_mostly(Noun.PERMANENT, st.sampled_from(list(Noun))),
    card_types=_some("card_types", 1),
    subtypes_any=_mostly(frozenset(), _some("subtypes")),
    supertypes=_mostly(frozenset(), _some("supertypes", 1)),
    colors_any=_mostly(frozenset(), _some("colors")),
    not_types=_mostly(frozenset(), _some("card_types", 1)),
    not_subtypes=_mostly(frozenset(), _some("subtypes", 1)),
    not_supertypes=_mostly(frozenset(), _some("supertypes", 1)),
    not_colors=_mostly(frozenset(), _some("colors", 1)),
    colorless=flag,
    multicolored=flag,
    monocolored=flag,
    ability_kinds=st.frozensets(
        st.sampled_from([ObjectKind.ACTIVATED_ABILITY, ObjectKind.TRIGGERED_ABILITY]), max_size=1
    ),
    relation=st.sampled_from(list(Relation)),
)
# Bare one-type phrases ("creature", "planeswalker") are merged into one check; make them common.
one_type = st.builds(
    Alternative,
    noun=_mostly(Noun.PERMANENT, st.just(Noun.CARD)),
    card_types=st.sampled_from(WORDS["card_types"]).map(lambda word: frozenset({word})),
)
zones = _mostly(
    frozenset({Zone.BATTLEFIELD}), st.frozensets(st.sampled_from(list(Zone)), min_size=1)
)
alternatives = st.lists(st.one_of(alternative, one_type), min_size=1, max_size=3).map(tuple)
comparison = st.builds(
    Comparison,
    stat=st.sampled_from(["power", "toughness", "mana value", "loyalty", "defense"]),
    op=st.sampled_from(["<=", ">=", "==", "<", ">", "!="]),
    value=st.none() | st.integers(0, 4),
)
# Some descriptions state no shared condition: only zones and noun phrases are tested.
nouns_only = st.builds(
    TargetDescription, text=st.just("target thing"), zones=zones, alternatives=alternatives
)
with_conditions = st.builds(
    TargetDescription,
    text=st.just("target thing"),
    zones=zones,
    alternatives=alternatives,
    controller=_mostly(Relation.ANY, st.sampled_from(list(Relation))),
    owner=_mostly(Relation.ANY, st.sampled_from(list(Relation))),
    tapped=flag,
    attacking=flag,
    blocking=flag,
    attacking_or_blocking=_mostly(False, st.booleans()),
    token=flag,
    face_down=flag,
    keywords_all=_mostly(frozenset(), _some("keywords", 1)),
    keywords_none=_mostly(frozenset(), _some("keywords", 1)),
    keywords_any=_mostly(frozenset(), _some("keywords", 2)),
    comparisons=_mostly((), st.lists(comparison, max_size=2).map(tuple)),
    counters_any=_mostly(False, st.booleans()),
    counter_kinds=_mostly(frozenset(), st.frozensets(st.sampled_from(["+1/+1", "loyalty"]))),
    not_source=st.booleans(),
)
# "Creature, planeswalker or battle": several bare types, the case merged into one check.
types_only = st.builds(
    TargetDescription,
    text=st.just("any target"),
    zones=zones,
    alternatives=st.lists(one_type, min_size=2, max_size=3).map(tuple),
)
# "with power X or less" and the like on their own.
compared = st.builds(
    TargetDescription,
    text=st.just("target thing"),
    zones=zones,
    alternatives=alternatives,
    comparisons=st.lists(comparison, min_size=1, max_size=2).map(tuple),
)
description = st.one_of(nouns_only, with_conditions, types_only, compared)
game_object = st.builds(
    GameObject,
    id=st.integers(1, 4),
    name=st.just("Thing"),
    owner=st.sampled_from(PLAYERS),
    controller=st.sampled_from(PLAYERS),
    zone=_mostly(Zone.BATTLEFIELD, st.sampled_from(list(Zone))),
    kind=_mostly(ObjectKind.CARD, st.sampled_from(list(ObjectKind))),
    card_types=_some("card_types"),
    subtypes=_some("subtypes"),
    supertypes=_some("supertypes"),
    colors=_some("colors", 3),
    mana_value=st.integers(0, 5),
    power=st.none() | st.integers(0, 5),
    toughness=st.none() | st.integers(0, 5),
    loyalty=st.none() | st.integers(0, 5),
    keywords=_some("keywords"),
    tapped=st.booleans(),
    attacking=st.booleans(),
    blocking=st.booleans(),
    face_down=st.booleans(),
    counters=st.dictionaries(st.sampled_from(["+1/+1", "loyalty"]), st.integers(0, 2)),
)
context = st.builds(
    TargetContext,
    controller=st.sampled_from(PLAYERS),
    players=st.just(PLAYERS),
    source_id=st.none() | st.integers(1, 4),
    spell_id=st.none() | st.integers(1, 4),
)


def _subsets(words: tuple[str, ...]) -> list[frozenset[str]]:
    return [
        frozenset(chosen)
        for size in range(len(words) + 1)
        for chosen in itertools.combinations(words, size)
    ]


def _catalogue() -> tuple[GameObject, ...]:
    """Every mix of types, colours, subtypes and supertypes; the other fields cycle with
    co-prime periods so that they vary independently enough."""
    zones = [Zone.BATTLEFIELD, Zone.BATTLEFIELD, Zone.STACK, Zone.GRAVEYARD, Zone.EXILE]
    kinds = list(ObjectKind)
    keywords = _subsets(WORDS["keywords"])
    mixes = itertools.product(
        _subsets(WORDS["card_types"]),
        _subsets(WORDS["colors"]),
        _subsets(WORDS["subtypes"]),
        [frozenset(), frozenset({"legendary"}), frozenset({"basic"})],
    )
    return tuple(
        GameObject(
            id=1 + i % 4,
            name="Thing",
            owner=PLAYERS[i // 2 % 2],
            controller=PLAYERS[i % 2],
            zone=zones[i % 5],
            kind=kinds[i % 7 % len(kinds)],
            card_types=types,
            subtypes=subtypes,
            supertypes=supertypes,
            colors=colors,
            mana_value=i % 6,
            power=None if i % 11 == 0 else i % 5,
            toughness=i % 4,
            keywords=keywords[i % 3 % len(keywords)],
            tapped=i % 2 == 0,
            attacking=i % 3 == 0,
            blocking=i % 13 == 0,
            face_down=i % 17 == 0,
            counters={"+1/+1": i % 3},
        )
        for i, (types, colors, subtypes, supertypes) in enumerate(mixes)
    )


CATALOGUE = _catalogue()


@settings(max_examples=200, deadline=None)
@given(
    described=description,
    candidates=st.lists(
        st.one_of(game_object, st.sampled_from(PLAYERS).map(Player)), min_size=1, max_size=8
    ),
    ctx=context,
    x=st.none() | st.integers(0, 4),
)
def test_compiled_description_matches_like_the_field_by_field_reading(
    described, candidates, ctx, x
):
    for candidate in (*candidates, *CATALOGUE):
        assert described.matches(candidate, ctx, x) == described.matches_uncompiled(
            candidate, ctx, x
        ), candidate


@given(described=description, obj=game_object, ctx=context)
def test_a_used_description_still_pickles_and_compares_equal(described, obj, ctx):
    """Game snapshots pickle descriptions; the compiled test must not get in the way."""
    before = described.matches(obj, ctx)
    copy = pickle.loads(pickle.dumps(described))
    assert copy == described
    assert copy.matches(obj, ctx) == before
