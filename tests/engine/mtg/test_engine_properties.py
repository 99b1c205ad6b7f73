"""Properties: random boards and choices raise only the engine's own errors, deterministically."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.engine.errors import EngineError
from bot.engine.model import Zone
from bot.engine.mtg.game import MtgGame
from bot.engine.mtg.resolution import ResolveChoices
from bot.engine.requirements import RetargetKind
from bot.engine.verdict import VerdictKind
from tests.engine.mtg.specs import SPECS, creature, fake_reader, instant

ENGINE = MtgGame(fake_reader)
SPELLS = sorted(name for name, specs in SPECS.items() if specs[0].kind.value == "spell")
KEYWORDS = [
    "hexproof",
    "shroud",
    "protection from red",
    "protection from Bob",
    "ward 2",
    "hexproof from green",
    "protection from everything",
]
REFS = st.one_of(st.integers(min_value=1, max_value=14), st.sampled_from(["Alice", "Bob"]))

action = st.one_of(
    st.tuples(
        st.just("cast"),
        st.sampled_from(["Alice", "Bob"]),
        st.sampled_from(SPELLS),
        st.lists(st.one_of(REFS, st.lists(REFS, max_size=3)), max_size=4),
        st.lists(st.integers(0, 3), max_size=2),
        st.lists(st.integers(-1, 3), max_size=3),
    ),
    st.tuples(st.just("gain"), REFS, st.sampled_from(KEYWORDS)),
    st.tuples(
        st.just("move"),
        st.integers(1, 14),
        st.sampled_from([Zone.GRAVEYARD, Zone.EXILE, Zone.HAND, None]),
    ),
    st.tuples(st.just("phase"), st.integers(1, 14)),
    st.tuples(
        st.just("retarget"),
        st.integers(1, 14),
        st.lists(st.one_of(REFS, st.none()), max_size=3),
        st.sampled_from(list(RetargetKind)),
    ),
    # pays: the choice a ward trigger asks (CR 702.21a, 118.12a); None asks nothing
    st.tuples(st.just("resolve"), st.lists(REFS, max_size=2), st.one_of(st.none(), st.booleans())),
    st.tuples(st.just("legal"), st.sampled_from(SPELLS), REFS),
)


def _setup(creatures: list[tuple[str, int, str]]):
    s = ENGINE.new_game(["Alice", "Bob"])
    for owner, toughness, colour in creatures:
        s, _ = ENGINE.add_permanent(
            s, owner, creature(f"C{toughness}{colour}", colors=(colour,), toughness=toughness)
        )
    return s


def _run(creatures, actions) -> list[str]:
    state = _setup(creatures)
    out: list[str] = []
    for act in actions:
        try:
            kind = act[0]
            if kind == "cast":
                _, player, name, targets, modes, division = act
                state, v = ENGINE.cast(
                    state,
                    player,
                    instant(name),
                    targets=targets,
                    modes=modes,
                    division=division,
                    x=2,
                )
            elif kind == "gain":
                state, v = ENGINE.gain_ability(state, act[1], act[2])
            elif kind == "move":
                state, v = ENGINE.move(state, act[1], act[2])
            elif kind == "phase":
                state, v = ENGINE.phase(state, act[1])
            elif kind == "retarget":
                state, v = ENGINE.retarget(state, "Alice", act[1], act[2], kind=act[3])
            elif kind == "resolve":
                choices = ResolveChoices(new_targets=act[1], pays=act[2])
                state, v = ENGINE.resolve_top(state, choices)
            else:
                v = ENGINE.is_legal_target(state, "Alice", instant(act[1]), act[2])
            assert v.reason and isinstance(v.kind, VerdictKind)
            v.to_dict()
            out.append(f"{v.kind}:{v.reason}:{v.rules}")
        except EngineError as error:  # the only errors allowed out of the engine
            out.append(f"error:{error}")
    return out


BOARD = st.lists(
    st.tuples(
        st.sampled_from(["Alice", "Bob"]),
        st.integers(1, 4),
        st.sampled_from(["R", "G", "B", "U", "W"]),
    ),
    min_size=0,
    max_size=6,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(BOARD, st.lists(action, max_size=8))
def test_random_play_only_raises_engine_errors_and_is_deterministic(creatures, actions) -> None:
    assert _run(creatures, actions) == _run(creatures, actions)


@settings(max_examples=60, deadline=None)
@given(BOARD, st.sampled_from(SPELLS))
def test_listed_options_are_exactly_the_legal_ones(creatures, name) -> None:
    state = _setup(creatures)
    listed = ENGINE.legal_targets(state, "Alice", instant(name))
    for report in listed.slots:
        labels = {o.ref for o in report.options}
        for ref in [*state.player_names, *state.objects]:
            verdict = ENGINE.is_legal_target(
                state, "Alice", instant(name), ref, slot=_position(name, report.slot_index)
            )
            assert (verdict.kind is VerdictKind.LEGAL) == (ref in labels)


def _position(name: str, slot_index: int) -> int:
    slots = [s.index for m in SPECS[name][0].modes for s in m.slots]
    return slots.index(slot_index)
