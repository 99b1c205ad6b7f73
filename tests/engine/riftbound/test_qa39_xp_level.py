"""QA 39: XP spent as a cost and by a statement (730.2, 404.1, 405.2; W1, U4), and [Level]
abilities that make units enter ready (824.1.b.1, 824.1.c-d; W2, W6).  Small hand-made cards."""

from __future__ import annotations

from bot.engine.riftbound.game import RiftboundGame
from bot.engine.riftbound.model import RbKind, RbZone
from bot.engine.riftbound.state import BASE, RbCard, RbState
from bot.engine.verdict import VerdictKind

GAME = RiftboundGame()
HAMMER = RbCard("Hammer", RbKind.LEGEND, "When you hold, gain 1 XP.\nSpend 3 XP, [E]: Draw 1.")
MASTER = RbCard(
    "Master",
    RbKind.LEGEND,
    "[Level 6][>] Your units have +1 [M].\n[Level 11][>] Your units enter ready.",
)
CLAW = RbCard("Claw", RbKind.UNIT, "[Level 3][>] I have +1 [M] and enter ready.", 3)
RECRUIT = RbCard("Recruit", RbKind.UNIT, "", 1)
PEAK = RbCard("Peak", RbKind.BATTLEFIELD, "")


def _with_xp(xp: int, *cards: RbCard) -> RbState:
    state = GAME.new_game(("Alice", "Bob"))
    for card in cards:
        state, _ = GAME.add_permanent(state, "Alice", card)
    state, _ = GAME.set_xp(state, "Alice", xp)
    return state


def _id(state: RbState, name: str) -> int:
    return next(o.id for o in state.objects.values() if o.name == name)


def test_an_xp_cost_needs_the_xp_and_spends_it() -> None:
    poor = _with_xp(2, HAMMER)
    after, refused = GAME.activate(poor, "Alice", _id(poor, "Hammer"))
    assert refused.kind is VerdictKind.ILLEGAL and "only 2 XP" in refused.reason
    assert {"730.2", "404.1"} <= set(refused.rules)
    assert after == poor  # nothing paid, nothing exhausted
    rich = _with_xp(4, HAMMER)
    after, paid = GAME.activate(rich, "Alice", _id(rich, "Hammer"))
    assert paid.kind is VerdictKind.LEGAL and after.xp["Alice"] == 1
    assert "730.2" in paid.rules and any("1 XP now" in n for n in paid.notes)


def test_spending_xp_stated_lowers_it_and_never_below_zero() -> None:
    state = _with_xp(6, MASTER)
    after, said = GAME.spend_xp(state, "Alice", 2)
    assert said.kind is VerdictKind.OK and after.xp["Alice"] == 4 and "730.2" in said.rules
    _, refused = GAME.spend_xp(state, "Alice", 7)
    assert refused.kind is VerdictKind.ILLEGAL and "only 6 XP" in refused.reason


def test_level_abilities_make_units_enter_ready_only_with_enough_xp() -> None:
    for xp, ready in ((10, False), (11, True)):
        state = _with_xp(xp, MASTER)
        state, played = GAME.play(state, "Alice", RECRUIT)
        assert state.obj(_id(state, "Recruit")).exhausted is not ready
        assert ("824.1.c" in played.rules) is ready
    for xp, ready in ((2, False), (3, True)):
        state = _with_xp(xp)
        state, played = GAME.play(state, "Alice", CLAW)
        assert state.obj(_id(state, "Claw")).exhausted is not ready
        notes = " ".join(played.notes)
        assert "doesn't check" not in notes
        assert ("active as Alice has 3 XP" in notes) is ready
        assert ("is inactive" in notes) is not ready


STRIKE = RbCard(
    "Strike",
    RbKind.SPELL,
    "Move an enemy unit.\n[Level 6][>] [Stun] an enemy unit. (While you have 6+ XP, get the "
    "effect.)",
    energy=2,
)


def test_a_spells_inactive_level_clause_needs_no_target_and_an_active_one_is_carried_out() -> None:
    for xp in (5, 6):
        state = _with_xp(xp)
        state, _ = GAME.add_permanent(state, "Bob", RECRUIT, battlefield=PEAK)
        recruit = _id(state, "Recruit")
        groups = [[recruit]] if xp == 5 else [[recruit], [recruit]]
        state, played = GAME.play(state, "Alice", STRIKE, targets=groups, destination=BASE)
        assert played.kind is VerdictKind.LEGAL, played.reason
        assert ("824.1.d" if xp == 5 else "824.1.c") in played.rules
        state, _ = GAME.resolve_top(state)
        assert state.obj(recruit).stunned is (xp == 6)


FALL = RbCard(
    "Fall",
    RbKind.SPELL,
    "Choose a battlefield where you have units. Then give enemy units there -2 [M] this turn.",
    energy=3,
)


def test_a_battlefield_where_you_have_units_is_checked() -> None:
    state = GAME.new_game(("Alice", "Bob"))
    state, _ = GAME.add_permanent(state, "Bob", RECRUIT, battlefield=PEAK)
    peak = next(o.id for o in state.battlefields())
    _, refused = GAME.play(state, "Alice", FALL, targets=[[peak]])
    assert refused.kind is VerdictKind.ILLEGAL and "where Alice has units" in refused.reason
    state, _ = GAME.add_permanent(state, "Alice", RECRUIT, battlefield=PEAK)
    _, played = GAME.play(state, "Alice", FALL, targets=[[peak]])
    assert played.kind is VerdictKind.LEGAL, played.reason


FOUNTAIN = RbCard(
    "Fountain",
    RbKind.GEAR,
    "When you play this, play a ready 3 [M] Sprite unit token to your base.",
    energy=2,
)
STALKER = RbCard("Stalker", RbKind.LEGEND, "When you play a unit, give a unit +1 [M] this turn.")


def test_a_played_token_is_a_play_for_when_you_play_a_unit() -> None:
    state = GAME.new_game(("Alice", "Bob"))
    state, _ = GAME.add_permanent(state, "Alice", STALKER)
    state, _ = GAME.play(state, "Alice", FOUNTAIN)
    state, resolved = GAME.resolve_top(state)
    notes = " ".join(resolved.notes)
    assert "Stalker's triggered ability" in notes and "as Alice plays Sprite" in notes


def test_a_targeted_trigger_waits_and_the_chain_cant_resolve_past_it() -> None:
    state = GAME.new_game(("Alice", "Bob"))
    state, _ = GAME.add_permanent(state, "Alice", STALKER)
    state, played = GAME.play(state, "Alice", RECRUIT)
    stalker = _id(state, "Stalker")
    assert [w.key for w in state.waiting_triggers] == [(stalker, 0)]
    assert "Stalker's trigger targets Recruit." in played.offers
    assert RbState.from_dict(state.to_dict()) == state
    same, refused = GAME.resolve_top(state)
    assert refused.kind is VerdictKind.ILLEGAL and same == state
    assert "waits to go on the chain" in refused.reason and refused.offers
    state, _ = GAME.trigger(state, stalker, targets=[[_id(state, "Recruit")]])
    assert state.waiting_triggers == () and len(state.chain) == 1
    _, resolved = GAME.resolve_top(state)
    assert resolved.ok


def test_a_rune_trigger_goes_on_the_chain_with_nothing_to_choose() -> None:
    peak = RbCard(
        "Peak",
        RbKind.BATTLEFIELD,
        "When you conquer here, ready up to 2 runes at the end of this turn.",
    )
    state = GAME.new_game(("Alice", "Bob"))
    state, _ = GAME.add_permanent(state, "Alice", RECRUIT, battlefield=peak)
    state, _ = GAME.score(state, "Alice", peak, "conquer")
    assert state.waiting_triggers == () and len(state.chain) == 1
    state, resolved = GAME.resolve_top(state)
    assert resolved.kind is VerdictKind.RESOLVED and "affects nothing" not in resolved.reason


def test_a_play_triggers_it_is_the_played_unit() -> None:
    vex = RbCard(
        "Vexer",
        RbKind.UNIT,
        "When an opponent plays a unit while I'm at a battlefield, [Stun] it.",
        4,
    )
    state = GAME.new_game(("Alice", "Bob"))
    state, _ = GAME.add_permanent(state, "Bob", vex, battlefield=PEAK)
    state, _ = GAME.play(state, "Alice", RECRUIT)
    recruit = _id(state, "Recruit")
    assert [o.id for o in state.chain[-1].referents] == [recruit]
    state, _ = GAME.resolve_top(state)
    assert state.obj(recruit).stunned


def test_a_deathknell_repeats_the_play_effect() -> None:
    fountain = RbCard(
        "Fountain",
        RbKind.GEAR,
        "When you play this, play a ready 3 [M] Sprite unit token to your base.\n"
        "[Deathknell][>] Repeat this gear's play effect.",
        energy=2,
    )
    state = GAME.new_game(("Alice", "Bob"))
    state, _ = GAME.add_permanent(state, "Alice", fountain)
    state, _ = GAME.leave(state, _id(state, "Fountain"), RbZone.TRASH, event="died")
    assert len(state.chain) == 1 and "play a ready 3 [M] Sprite" in state.chain[-1].text
    state, _ = GAME.resolve_top(state)
    assert [o.name for o in state.on_board()] == ["Sprite"]


def test_a_trigger_with_no_valid_target_doesnt_wait() -> None:
    rex = RbCard(
        "Rexy", RbKind.UNIT, "When you play me, deal 6 to an enemy unit at a battlefield.", 6
    )
    state = GAME.new_game(("Alice", "Bob"))
    state, played = GAME.play(state, "Alice", rex)
    assert state.waiting_triggers == () and "402.3" in played.rules
    assert GAME.waiting_refusal(state) is None
