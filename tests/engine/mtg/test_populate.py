"""Populate (CR 701.36): the copy takes the token's copiable values (707.2), and with no
creature token or several the bot creates nothing (701.36b) or leaves the choice to be said."""

from __future__ import annotations

from bot.engine.frozen import evolve
from bot.engine.model import ObjectKind
from bot.engine.mtg.game import MtgGame
from bot.engine.mtg.populate import populate
from bot.engine.mtg.state import make_token


def test_the_copy_has_the_tokens_created_values_not_its_changes(engine: MtgGame) -> None:
    state = engine.new_game(["Alice", "Bob"])
    bird = make_token("Bird Token", "Alice", subtypes=["bird"], power=1, toughness=1,
                      keywords=["flying"], colors=frozenset({"white"}))  # fmt: skip
    state, bird_id = state.created_token(bird)
    # Since created: +2/+2 until end of turn (a resolved pump), haste gained, 1 damage, tapped,
    # a +1/+1 counter. None of it is a copiable value (707.2).
    changed = evolve(
        state.obj(bird_id),
        power=3,
        toughness=3,
        pt_boost=(2, 2),
        keywords=frozenset({"flying", "haste"}),
        gained_at={"haste": 1},
        damage=1,
        tapped=True,
        counters={"+1/+1": 1},
    )
    state = state.with_object(changed)
    done = populate(state, "Alice")
    assert done.chosen and "701.36a" in done.said
    copies = [o for o in done.state.objects.values() if o.id not in state.objects]
    assert len(copies) == 1
    copy = copies[0]
    assert copy.kind is ObjectKind.TOKEN and copy.controller == "Alice"
    assert (copy.power, copy.toughness) == (1, 1)
    assert copy.keywords == {"flying"} and copy.subtypes == {"bird"}
    assert copy.damage == 0 and not copy.tapped and not copy.counters


def test_no_creature_token_creates_nothing_and_several_ask_which(engine: MtgGame) -> None:
    state = engine.new_game(["Alice", "Bob"])
    none = populate(state, "Alice")
    assert none.state is state and "701.36b" in none.said
    # Bob's token isn't Alice's to copy (701.36a: "a creature token you control").
    state, _ = state.created_token(make_token("Soldier Token", "Bob", power=1, toughness=1))
    assert "701.36b" in populate(state, "Alice").said
    for name in ("Soldier Token", "Bird Token"):
        state, _ = state.created_token(make_token(name, "Alice", power=1, toughness=1))
    several = populate(state, "Alice")
    assert not several.chosen and several.state is state
    assert "Alice chooses which creature token to copy" in several.said
