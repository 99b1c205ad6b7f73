"""Answers QA report 38 found wrong, checked against the real cards and Core Rules v1.3:
delayed triggers on a unit's death (390.2), Elder Dragon's play trigger, [Temporary] on tokens
and cards (184.2), Rengar's play permission (355.2.b), doubled Might (432.1), ready tokens."""

from __future__ import annotations

from bot.data.riftbound_cards import RiftboundCardData
from bot.engine.riftbound.model import RbKind
from bot.scenario.riftbound_executor import RbScriptResult, RiftboundScenarioExecutor
from tests.engine.riftbound.scripts import run, text_of, verdicts


def _notes(result: RbScriptResult, step: int = -1) -> str:
    said = result.steps[step]
    effects = (f"{e.text} ({e.why})" for e in said.effects)
    return " ".join((said.explanation, *effects, *said.notes))


def _golds(result: RbScriptResult) -> int:
    return sum(
        1 for obj in result.state.objects.values() if obj.name == "Gold" and obj.kind is RbKind.GEAR
    )


def test_deadly_flourish_gold_only_when_the_unit_dies(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    assert "When it dies this turn, play a Gold gear token" in text_of(card_data, "Deadly Flourish")
    survives = run(
        rb,
        "Bob controls Galio, Indefatigable at his base.\n"
        "Alice plays Deadly Flourish targeting Galio, Indefatigable.\nDeadly Flourish resolves.\n",
    )
    assert "survives" in _notes(survives)
    assert _golds(survives) == 0
    later = run(
        rb,
        "Bob controls Galio, Indefatigable at his base.\n"
        "Alice plays Deadly Flourish targeting Galio, Indefatigable.\nDeadly Flourish resolves.\n"
        "Galio, Indefatigable dies.\n",
    )
    assert "the delayed trigger Deadly Flourish set up triggers" in _notes(later)
    assert _golds(later) == 1
    killed = run(
        rb,
        "Bob controls Towering Combatant at Targon's Peak.\n"
        "Alice plays Deadly Flourish targeting Towering Combatant.\nDeadly Flourish resolves.\n",
    )
    assert _golds(killed) == 1


def test_deadly_flourish_on_a_banished_target_never_plays_gold(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(
        rb,
        "Bob controls Towering Combatant at Targon's Peak.\n"
        "Alice plays Deadly Flourish targeting Towering Combatant.\n"
        "Towering Combatant is banished.\nDeadly Flourish resolves.\n",
    )
    assert verdicts(result)[-1] == "partial"
    assert "can't trigger" in _notes(result)
    assert _golds(result) == 0


def test_elder_dragon_play_trigger_deals_1_to_them_and_it_is_lethal(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    assert "Deal 1 to them." in text_of(card_data, "Elder Dragon")
    result = run(
        rb,
        "Bob controls Towering Combatant at his base.\nAlice plays Elder Dragon.\n"
        "Elder Dragon's trigger targets Towering Combatant.\nThe top of the chain resolves.\n",
    )
    said = _notes(result)
    assert "Towering Combatant at base: dealt 1" in said
    assert "doesn't carry it out" not in said
    assert not any(o.name == "Towering Combatant" for o in result.state.on_board())


def test_shadows_call_needs_a_unit_without_temporary(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    assert "Choose a friendly unit without [Temporary]" in text_of(card_data, "Shadow's Call")
    result = run(
        rb,
        "Alice controls a Sprite token at her base.\nAlice controls Keeper of Masks.\n"
        "Alice controls Towering Combatant.\n"
        "Alice plays Shadow's Call targeting Sprite.\n"
        "Alice plays Shadow's Call targeting Keeper of Masks.\n"
        "Alice plays Shadow's Call targeting Towering Combatant.\nShadow's Call resolves.\n"
        "Alice plays Shadow's Call targeting Towering Combatant.\n",
    )
    assert verdicts(result)[3:] == ["illegal", "illegal", "legal", "resolved", "illegal"]
    combatant = next(o for o in result.state.on_board() if o.name == "Towering Combatant")
    assert combatant.keywords == ("Temporary",)


def test_petal_pixie_counts_temporary_units_at_its_battlefield(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(
        rb,
        "Alice controls Petal Pixie at Targon's Peak.\n"
        "Alice controls Keeper of Masks at Targon's Peak.\n"
        "Alice controls a Sprite token at her base.\nWhat is Petal Pixie's Might?\n",
    )
    assert "3 Might (2, +1 from Petal Pixie)" in _notes(result)


def test_rengar_trophy_hunter_ambushes_to_a_battlefield_with_enemy_units(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    assert "where there are enemy units" in text_of(card_data, "Rengar, Trophy Hunter")
    result = run(
        rb,
        "Bob controls Zaun Warrens.\nBob controls Vex, Mocking at Zaun Warrens.\n"
        "Alice plays Rengar, Trophy Hunter at Zaun Warrens.\n",
    )
    assert verdicts(result)[-1] == "legal"
    empty = run(
        rb, "Bob controls Zaun Warrens.\nAlice plays Rengar, Trophy Hunter at Zaun Warrens.\n"
    )
    assert verdicts(empty)[-1] == "illegal"


def test_ready_tokens_with_temporary_are_played(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    assert "Play two ready 3 [M] Sprite unit tokens with [Temporary]" in text_of(
        card_data, "Sprite Burst"
    )
    result = run(rb, "Alice plays Sprite Burst.\nSprite Burst resolves.\n")
    sprites = [o for o in result.state.on_board() if o.name == "Sprite"]
    assert len(sprites) == 2
    assert all(s.might == 3 and not s.exhausted and s.keywords == ("Temporary",) for s in sprites)
    mirror = run(
        rb,
        "Bob controls Vex, Mocking at Targon's Peak.\n"
        "Alice plays Mirror Image targeting Vex, Mocking.\nMirror Image resolves.\n",
    )
    reflection = next(o for o in mirror.state.on_board() if o.token)
    assert reflection.played_as == "Reflection"  # named Vex, Mocking as its copy (472.1.b.1)
    assert not reflection.exhausted


def test_vi_hotheaded_doubles_her_own_might(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    assert "Double my Might this turn." in text_of(card_data, "Vi, Hotheaded")
    result = run(
        rb,
        "Alice controls Vi, Hotheaded at Targon's Peak.\nAlice activates Vi, Hotheaded.\n"
        "The top of the chain resolves.\n",
    )
    vi = next(o for o in result.state.on_board() if o.name == "Vi, Hotheaded")
    assert vi.might == 6


def test_questions_about_a_unit_that_left_the_board_say_where_it_went(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(
        rb,
        "Bob controls Towering Combatant at his base.\nTowering Combatant is banished.\n"
        "Does Towering Combatant die?\nWhere is Towering Combatant?\n",
    )
    assert verdicts(result)[2:] == ["no", "ok"]
    assert "in Bob's banishment" in _notes(result)


def test_zilean_time_mage_adds_one_token_copy_once_each_turn(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    assert "an additional copy of it instead" in text_of(card_data, "Zilean, Time Mage")
    flurry = (
        "Alice plays Flurry of Feathers choosing Play four 1 Might Bird unit tokens with "
        "Deflect.\nFlurry of Feathers resolves.\n"
    )
    result = run(rb, "Alice controls Zilean, Time Mage at Targon's Peak.\n" + flurry * 2)
    birds = [o for o in result.state.on_board() if o.name == "Bird"]
    assert len(birds) == 9
    at_base = run(rb, "Alice controls Zilean, Time Mage.\n" + flurry)
    assert len([o for o in at_base.state.on_board() if o.name == "Bird"]) == 4


def test_the_board_shows_given_keywords_and_delayed_death_triggers(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(
        rb,
        "Bob controls Galio, Indefatigable.\nAlice plays Sprite Burst.\nSprite Burst resolves.\n"
        "Alice plays Deadly Flourish targeting Galio, Indefatigable.\n"
        "Deadly Flourish resolves.\nShow the board.\n",
    )
    board = _notes(result)
    assert "token, [Temporary]" in board
    assert "Deadly Flourish's delayed trigger if it dies this turn" in board
