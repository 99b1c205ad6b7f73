"""Other permanents' triggers (QA 36 U1): "When you play a [Mighty] unit / a unit / a spell that
costs [5] or more", "When you stun ...", "When one of your units becomes [Mighty]" (383.3, 709,
423, 131.4); conquer and hold stated (464.1, 464.2, 383.4.c-d, 466.2.c, 823.1.c.1; QA 36 U2);
XP and [Level] (728, 824.1.c-d; QA 36 U6); a trigger put on the chain last and "Is X Mighty?"
(383.3.d, 708; QA 36 U8).  Small hand-made cards."""

from __future__ import annotations

from bot.engine.riftbound.abilities import read_abilities
from bot.engine.riftbound.game import RiftboundGame
from bot.engine.riftbound.model import RbKind
from bot.engine.riftbound.scoring import CONQUER, HOLD, hunt_value, score_effects
from bot.engine.riftbound.state import RbCard, RbState, might_now
from bot.engine.riftbound.triggers import (
    MightyEvent,
    PlayEvent,
    StunEvent,
    watched_triggers,
)
from bot.engine.verdict import VerdictKind

GAME = RiftboundGame()
PEAK = RbCard("Targon's Peak", RbKind.BATTLEFIELD, "When you conquer here, draw 1.")
RECRUIT = RbCard("Recruit", RbKind.UNIT, "", 1)
GIANT = RbCard("Giant", RbKind.UNIT, "", 5)
STORM = RbCard(
    "Storm", RbKind.LEGEND, "When you play a [Mighty] unit, you may exhaust me to draw 1."
)
STALKER = RbCard("Stalker", RbKind.LEGEND, "When you play a unit, give a unit +1 [M] this turn.")
LADY = RbCard("Lady", RbKind.LEGEND, "When you play a spell that costs [5] or more, draw 1.")
DAWN = RbCard("Dawn", RbKind.LEGEND, "When you stun one or more enemy units, draw 1.")
HERALD = RbCard("Herald", RbKind.UNIT, "When you stun an enemy unit, draw 1.", 2)
DUELIST = RbCard(
    "Duelist", RbKind.LEGEND, "When one of your units becomes [Mighty], you may draw 1."
)
BIG_SPELL = RbCard("Big Spell", RbKind.SPELL, "Draw 2.", energy=7)
SMALL_SPELL = RbCard("Small Spell", RbKind.SPELL, "Draw 2.", energy=4)
DOUBLE_STUN = RbCard("Double Stun", RbKind.SPELL, "Stun up to two units.", energy=2)
GROW = RbCard("Grow", RbKind.SPELL, "Give a unit +2 [M] this turn.", energy=1)
CONQUEROR = RbCard("Conqueror", RbKind.UNIT, "When I conquer, draw 1.", 3)
HOLDER = RbCard("Holder", RbKind.UNIT, "When I hold, draw 1.", 3)
KEEPER = RbCard("Keeper", RbKind.LEGEND, "When you hold, gain 1 XP.")
DOUBLER = RbCard(
    "Doubler",
    RbKind.UNIT,
    "Your conquer effects for conquering here trigger an additional time.",
    4,
)
HUNTER = RbCard(
    "Hunter",
    RbKind.UNIT,
    "[Hunt 2] (When I conquer or hold, gain 2 XP.)\n[Level 3][>] I have +1 [M] and enter ready.",
    3,
)
MASTER = RbCard("Master", RbKind.LEGEND, "[Level 6][>] Your units have +1 [M].")


def _with(*cards: tuple[str, RbCard], at_peak: bool = False) -> RbState:
    state = GAME.new_game(("Alice", "Bob"))
    for player, card in cards:
        battlefield = PEAK if at_peak and card.kind is RbKind.UNIT else None
        state, _ = GAME.add_permanent(state, player, card, battlefield=battlefield)
    return state


def _notes(verdict: object) -> str:
    return " ".join(getattr(verdict, "notes", ()))


def test_play_conditions_are_checked() -> None:
    def names(card: RbCard, event: PlayEvent) -> list[str]:
        return [
            w.triggered.ability.text
            for w in watched_triggers(read_abilities(card.text), "Alice", event, "1.3")
        ]

    giant = PlayEvent("Alice", "Giant", RbKind.UNIT, 5, 5)
    recruit = PlayEvent("Alice", "Recruit", RbKind.UNIT, 1, 1)
    assert names(STORM, giant) and not names(STORM, recruit)
    assert names(STALKER, recruit) and not names(STALKER, PlayEvent("Bob", "Recruit", RbKind.UNIT))
    assert not names(STALKER, PlayEvent("Alice", "Big Spell", RbKind.SPELL, 7))
    assert names(LADY, PlayEvent("Alice", "Big Spell", RbKind.SPELL, 7))
    assert not names(LADY, PlayEvent("Alice", "Small Spell", RbKind.SPELL, 4))
    assert not names(LADY, giant)
    # A condition the bot can't check ("on an opponent's turn") isn't announced.
    turn = RbCard("Cask", RbKind.GEAR, "When you play a spell on an opponent's turn, draw 1.")
    assert not names(turn, PlayEvent("Alice", "Big Spell", RbKind.SPELL, 7))


def test_a_legend_sees_its_controllers_mighty_unit_played() -> None:
    state = _with(("Alice", STORM))
    _, verdict = GAME.play(state, "Alice", GIANT)
    assert "Storm's triggered ability" in _notes(verdict) and "383.3.a" in verdict.rules
    _, small = GAME.play(state, "Alice", RECRUIT)
    assert "Storm" not in _notes(small)


def test_a_legend_trigger_needing_nothing_goes_on_the_chain_above_the_spell() -> None:
    state, verdict = GAME.play(_with(("Alice", LADY)), "Alice", BIG_SPELL)
    assert [i.name for i in state.chain] == ["Big Spell", "Lady's triggered ability"]
    assert "131.4" in verdict.rules
    cheap, _ = GAME.play(_with(("Alice", LADY)), "Alice", SMALL_SPELL)
    assert [i.name for i in cheap.chain] == ["Small Spell"]


def test_stun_triggers_once_or_once_for_each() -> None:
    state = _with(("Alice", DAWN), ("Alice", HERALD), ("Bob", RECRUIT), ("Bob", GIANT))
    bobs = [o.id for o in state.on_board() if o.controller == "Bob"]
    state, _ = GAME.play(state, "Alice", DOUBLE_STUN, targets=[bobs])
    state, verdict = GAME.resolve_top(state)
    names = [i.name for i in state.chain]
    assert names.count("Dawn's triggered ability") == 1
    assert names.count("Herald's triggered ability") == 2
    assert "423" in verdict.rules
    events = StunEvent("Bob", tuple(state.obj(i) for i in bobs))
    # Bob stunning his own units stuns no enemy unit of his.
    assert not watched_triggers(read_abilities(DAWN.text), "Bob", events, "1.3")


def test_becoming_mighty_triggers_once_not_for_a_unit_already_mighty() -> None:
    state = _with(("Alice", DUELIST), ("Alice", CONQUEROR), ("Alice", GIANT))
    three = next(o.id for o in state.on_board() if o.name == "Conqueror")
    giant = next(o.id for o in state.on_board() if o.name == "Giant")
    grown, _ = GAME.play(state, "Alice", GROW, targets=[[three]])
    _, verdict = GAME.resolve_top(grown)
    assert "Conqueror became Mighty" in _notes(verdict) and "709" in verdict.rules
    big, _ = GAME.play(state, "Alice", GROW, targets=[[giant]])
    _, already = GAME.resolve_top(big)
    assert "Duelist" not in _notes(already)
    assert not watched_triggers(
        read_abilities(DUELIST.text), "Bob", MightyEvent((state.obj(three),)), "1.3"
    )


def test_conquer_and_hold_conditions() -> None:
    assert [e.whose for e in score_effects(read_abilities(PEAK.text), CONQUER)] == ["here"]
    assert not score_effects(read_abilities(PEAK.text), HOLD)
    assert [e.whose for e in score_effects(read_abilities(KEEPER.text), HOLD)] == ["player"]
    assert [e.whose for e in score_effects(read_abilities(CONQUEROR.text), CONQUER)] == ["unit"]
    assert hunt_value(HUNTER.text) == 2 and hunt_value("[Hunt]\n[Hunt 2]") == 3


def test_a_conquer_triggers_the_battlefield_and_the_units_there_once_a_turn() -> None:
    state = _with(("Alice", CONQUEROR), ("Alice", HOLDER), ("Alice", DOUBLER), at_peak=True)
    state, verdict = GAME.score(state, "Alice", PEAK, CONQUER)
    assert verdict.kind is VerdictKind.OK and "464.1" in verdict.rules
    names = [i.name for i in state.chain]
    # Doubler: "Your conquer effects for conquering here trigger an additional time".
    assert names.count("Conqueror's triggered ability") == 2
    assert names.count("Targon's Peak's triggered ability") == 2
    assert "Holder" not in " ".join(names)
    assert state.battlefield("Targon's Peak").controller == "Alice"  # type: ignore[union-attr]
    again, refused = GAME.score(state, "Alice", PEAK, CONQUER)
    assert refused.kind is VerdictKind.ILLEGAL and "466.2.c" in refused.rules
    assert again.chain == state.chain


def test_a_conquer_with_enemy_units_there_or_none_of_ones_own_is_refused() -> None:
    state = _with(("Alice", CONQUEROR), ("Bob", RECRUIT), at_peak=True)
    after, verdict = GAME.score(state, "Alice", PEAK, CONQUER)
    assert verdict.kind is VerdictKind.ILLEGAL and not after.chain
    assert "combat" in verdict.reason and "461.5" in verdict.rules
    empty = _with()
    after, nobody = GAME.score(empty, "Alice", PEAK, CONQUER)
    assert nobody.kind is VerdictKind.ILLEGAL and "no units at Targon's Peak" in nobody.reason
    assert after == empty  # refused: nothing changed (not even the battlefield put in play)
    _, unheld = GAME.score(empty, "Alice", PEAK, HOLD)
    assert unheld.kind is VerdictKind.ILLEGAL and "464.2" in unheld.rules


def test_hunt_and_a_legends_hold_effect_gain_xp_and_level_reads_it() -> None:
    state = _with(("Alice", KEEPER), ("Alice", HUNTER), at_peak=True)
    state, _ = GAME.set_xp(state, "Alice", 0)
    hunter = next(o for o in state.on_board() if o.name == "Hunter")
    assert might_now(state, hunter) == 3
    state, _ = GAME.score(state, "Alice", PEAK, HOLD)
    assert sorted(i.keyword for i in state.chain) == ["", "Hunt"]
    while state.chain:
        state, _ = GAME.resolve_top(state)
    assert state.xp["Alice"] == 3
    # 824.1.c: Level 3 is active with 3 XP: "I have +1 [M]".
    assert might_now(state, state.obj(hunter.id)) == 4


def test_a_legends_level_ability_is_active_only_with_enough_xp() -> None:
    state = _with(("Alice", MASTER), ("Alice", RECRUIT), ("Bob", RECRUIT))
    mine, bobs = (next(o for o in state.on_board() if o.controller == p) for p in ("Alice", "Bob"))
    five, _ = GAME.set_xp(state, "Alice", 5)
    assert might_now(five, mine) == 1
    six, said = GAME.set_xp(state, "Alice", 6)
    assert might_now(six, mine) == 2 and might_now(six, bobs) == 1
    assert {"728", "824.1.c"} <= set(said.rules)


def test_xp_and_scores_survive_a_snapshot_and_old_saves_load() -> None:
    state, _ = GAME.set_xp(_with(("Alice", CONQUEROR), at_peak=True), "Alice", 4)
    state, _ = GAME.score(state, "Alice", PEAK, CONQUER)
    assert RbState.from_dict(state.to_dict()) == state
    saved = state.to_dict()
    del saved["xp"], saved["scored"]
    loaded = RbState.from_dict(saved)
    assert loaded.xp == {} and loaded.scored == ()


def test_is_mighty() -> None:
    state = _with(("Alice", GIANT), ("Alice", RECRUIT))
    giant, recruit = (
        next(o.id for o in state.on_board() if o.name == n) for n in ("Giant", "Recruit")
    )
    assert GAME.is_mighty(state, giant).kind is VerdictKind.YES
    assert GAME.is_mighty(state, recruit).kind is VerdictKind.NO
    assert "708" in GAME.is_mighty(state, giant).rules


def test_a_battlefield_and_an_opponents_unit_watch_every_players_plays() -> None:
    valley = RbCard(
        "Valley", RbKind.BATTLEFIELD, "When a player plays a unit here, they may pay [1] to draw 1."
    )
    watcher = RbCard(
        "Watcher",
        RbKind.UNIT,
        "When an opponent plays a unit while I'm at a battlefield, draw 1.",
        2,
    )
    state = _with(("Alice", valley), ("Alice", RECRUIT))
    state, _ = GAME.add_permanent(state, "Bob", watcher, battlefield=PEAK)
    _, there = GAME.play(state, "Alice", GIANT, location="Valley")
    assert "Valley's triggered ability" in _notes(there) and "“they may”" in _notes(there)
    assert "Watcher's triggered ability" in _notes(there)
    _, at_base = GAME.play(state, "Alice", GIANT)
    assert "Valley" not in _notes(at_base) and "Watcher's triggered ability" in _notes(at_base)
    _, bobs = GAME.play(state, "Bob", GIANT)
    assert "Watcher" not in _notes(bobs)


def test_a_conquer_effect_that_needs_a_mighty_unit_there() -> None:
    temple = RbCard(
        "Temple",
        RbKind.BATTLEFIELD,
        "When you conquer here with one or more [Mighty] units, draw 1.",
    )

    def conquered_with(unit: RbCard) -> RbState:
        state, _ = GAME.add_permanent(GAME.new_game(("Alice",)), "Alice", unit, battlefield=temple)
        after, _ = GAME.score(state, "Alice", temple, CONQUER)
        return after

    assert not conquered_with(RECRUIT).chain
    assert [i.name for i in conquered_with(GIANT).chain] == ["Temple's triggered ability"]
