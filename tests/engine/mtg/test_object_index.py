"""A state's object index (by zone, by name) is derived change by change; it must always
equal the index built afresh from the state's objects, in the order objects entered the game."""

from __future__ import annotations

from bot.commands.scenario import IndexCardLookup
from bot.engine.model import Zone
from bot.engine.mtg.object_index import ObjectIndex
from bot.engine.mtg.state import GameState
from bot.engine.mtg.statics import as_seen, statics_in_play
from bot.reference.store import Reference
from bot.scenario.executor import MtgScenarioExecutor

# Objects enter, change, move between zones, leave as tokens, return as new objects (CR 400.7)
# and change control: every way a state's objects change.
GAME = (
    "Bob controls Spellskite and Troll Ascetic.",
    "Alice controls Runeclaw Bear and Llanowar Elves.",
    "Bob controls a 2/2 black Zombie token.",
    "Alice's hand has Fire // Ice and Opt.",
    "Bob casts Arc Trail targeting Runeclaw Bear and Llanowar Elves.",
    "Alice casts Redirect targeting Arc Trail.",
    "Redirect resolves choosing new targets Llanowar Elves and Runeclaw Bear.",
    "Arc Trail resolves.",
    "Runeclaw Bear returns to the battlefield.",
    "Runeclaw Bear is tapped.",
    "Bob gains control of Runeclaw Bear.",
    "The Zombie token dies.",
    "Spellskite dies.",
    "Bob has 17 life.",
)


def _same_as_fresh(state: GameState) -> None:
    fresh = ObjectIndex.of(state.objects.values())
    derived = state.__dict__["_index"]
    assert derived.by_zone == fresh.by_zone
    assert derived.by_name == fresh.by_name
    for zone in Zone:  # in the order the objects entered the game (their ids)
        ids = [obj.id for obj in state.zone_objects(zone)]
        assert ids == sorted(obj.id for obj in state.objects.values() if obj.zone is zone)


def test_the_index_follows_every_change(cards_reference: Reference) -> None:
    executor = MtgScenarioExecutor(IndexCardLookup(cards_reference.cards))
    state = executor.engine.new_game()
    derived = changed = 0
    for statement in GAME * 3:  # graveyards grow, names repeat (some later ones are ambiguous)
        state.zone_objects(Zone.BATTLEFIELD)  # the index exists, so the next state derives it
        result = executor.run(statement, state, speaker="Alice")
        changed += result.changed
        state = result.state
        derived += "_index" in state.__dict__
        state.zone_objects(Zone.BATTLEFIELD)
        _same_as_fresh(state)
    assert changed > len(GAME)  # the game really changed, round after round
    assert derived >= changed  # and each changed state got its index from the state before


def test_objects_named_as_statements_name_them(cards_reference: Reference) -> None:
    executor = MtgScenarioExecutor(IndexCardLookup(cards_reference.cards))
    state = executor.run("\n".join(GAME[:4]), speaker="Alice").state
    names = {
        text: [obj.name for obj in state.objects_named(text)]
        for text in ("runeclaw bear", "Zombie", "the zombie token", "Fire", "ice", "Opt ")
    }
    assert names == {
        "runeclaw bear": ["Runeclaw Bear"],
        "Zombie": ["Zombie"],  # a token by its name (or subtype)
        "the zombie token": [],  # "the" is the statement reader's to drop, not the index's
        "Fire": ["Fire // Ice"],  # a split card by either half
        "ice": ["Fire // Ice"],
        "Opt ": ["Opt"],
    }
    assert [o.name for o in state.objects_named("zombie token")] == ["Zombie"]


# An anthem (P/T statics) and a Leyline (a granted keyword) come and go while spells move
# between the hand, the stack and the graveyard around an unchanged battlefield.
BATTLEFIELD_GAME = (
    "Bob controls Spellskite and Troll Ascetic.",
    "Alice controls Glorious Anthem and Runeclaw Bear.",
    "Bob casts Arc Trail targeting Runeclaw Bear and Spellskite.",
    "Alice casts Redirect targeting Arc Trail.",
    "Redirect resolves.",
    "Arc Trail resolves.",
    "Alice controls Leyline of Sanctity.",
    "Glorious Anthem is exiled.",
    "Bob casts Arc Trail targeting Runeclaw Bear and Troll Ascetic.",
    "Arc Trail resolves.",
    "Leyline of Sanctity is exiled.",
)


def test_what_the_battlefield_says_is_shared_only_while_it_is_the_same(
    cards_reference: Reference,
) -> None:
    """The statics and granted keywords kept with the index (``GameState.of_battlefield``)
    are those read afresh from every state, and states with one battlefield share them."""
    executor = MtgScenarioExecutor(IndexCardLookup(cards_reference.cards))
    state = executor.engine.new_game()
    shared = 0
    for statement in BATTLEFIELD_GAME:
        before = state
        state = executor.run(statement, state, speaker="Alice").state
        fresh = GameState(**{name: getattr(state, name) for name in GameState.__dataclass_fields__})
        assert statics_in_play(state) == statics_in_play(fresh)
        assert state.granted_keywords == fresh.granted_keywords
        assert [as_seen(state, o) for o in state.zone_objects(Zone.BATTLEFIELD)] == [
            as_seen(fresh, o) for o in fresh.zone_objects(Zone.BATTLEFIELD)
        ]
        same = state.zone_objects(Zone.BATTLEFIELD) is before.zone_objects(Zone.BATTLEFIELD)
        shared += same
        assert (state._index.of_battlefield is before._index.of_battlefield) == same
    assert shared  # a cast moves a card to the stack and leaves the battlefield as it was
