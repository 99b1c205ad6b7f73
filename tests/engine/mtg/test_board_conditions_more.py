"""Conditions a resolving trigger checks from the board (CR 603.4, 608.2c): "three or fewer
lands", "no untapped lands", "an artifact and an enchantment", and the source by its own name
("if Katara is tapped", 201.5c)."""

from __future__ import annotations

from bot.engine.mtg.statics import as_seen
from tests.engine.mtg.scene import Scene


def _effect(scene: Scene, start: str) -> tuple[bool, bool, str]:
    assert scene.last is not None
    found = next(e for e in scene.last.effects if e.text.lower().startswith(start.lower()))
    return found.happens, found.tracked, found.why or ""


def _trigger_resolves(scene: Scene, source: str) -> None:
    scene.trigger(source)
    scene.last = scene.resolve()


def test_three_or_fewer_lands(scene: Scene) -> None:
    scene.put("Alice", "Sheltered Valley").put("Alice", "Forest")
    _trigger_resolves(scene, "Sheltered Valley")
    assert scene.state.player("Alice").life == 21
    for land in ("Island", "Swamp"):
        scene.put("Alice", land)
    _trigger_resolves(scene, "Sheltered Valley")
    assert scene.state.player("Alice").life == 21
    happens, _, why = _effect(scene, "if you control three or fewer lands")
    assert not happens
    assert "isn't true now" in why


def test_no_untapped_lands(scene: Scene) -> None:
    scene.put("Alice", "Well of Life").put("Alice", "Forest")
    _trigger_resolves(scene, "Well of Life")
    happens, _, why = _effect(scene, "if you control no untapped lands")
    assert not happens
    assert "controls no untapped" not in why  # she does control one
    scene.state, _ = scene.engine.set_status(scene.state, scene.ids["Forest"], tapped=True)
    _trigger_resolves(scene, "Well of Life")
    assert scene.state.player("Alice").life == 22


def test_an_artifact_and_an_enchantment(scene: Scene) -> None:
    scene.put("Alice", "Kami of Terrible Secrets").put("Alice", "Sol Ring")
    _trigger_resolves(scene, "Kami of Terrible Secrets")
    happens, _, _ = _effect(scene, "if you control an artifact and an enchantment")
    assert not happens
    scene.put("Alice", "Glorious Anthem")
    _trigger_resolves(scene, "Kami of Terrible Secrets")
    assert scene.state.player("Alice").life == 21


def test_the_source_by_its_own_name(scene: Scene) -> None:
    scene.put("Alice", "Katara, Bending Prodigy")
    _trigger_resolves(scene, "Katara, Bending Prodigy")
    happens, _, why = _effect(scene, "if Katara is tapped")
    assert not happens
    assert "isn't true now" in why


def test_suspend_checks_the_exiled_card(scene: Scene) -> None:
    # Suspend: "Exile target creature and put two time counters on it. If it doesn't have
    # suspend, it gains suspend."
    scene.put("Bob", "Deep-Sea Kraken")  # Suspend 9—{2}{U}
    scene.cast("Alice", "Suspend", "Deep-Sea Kraken")
    scene.last = scene.resolve()
    happens, _, why = _effect(scene, "If it doesn't have suspend")
    assert not happens
    assert "isn't true now" in why
    scene.put("Bob", "Craw Wurm")
    scene.cast("Alice", "Suspend", "Craw Wurm")
    scene.last = scene.resolve()
    happens, tracked, why = _effect(scene, "If it doesn't have suspend")
    assert (happens, tracked) == (True, False)  # gained in exile: said, not kept


def _power_toughness(scene: Scene, name: str) -> tuple[int | None, int | None]:
    seen = as_seen(scene.state, scene.state.objects[scene.ids[name]])
    return seen.current_power, seen.current_toughness


def test_akroma_counts_each_creatures_keywords(scene: Scene) -> None:
    # "each other creature you control gets +1/+1 if it has flying, +1/+1 if it has first
    # strike, and so on for double strike, ..., protection, ...": per creature (608.2c).
    scene.put("Alice", "Akroma, Vision of Ixidor").put("Alice", "Serra Angel")
    scene.put("Alice", "White Knight").put("Alice", "Grizzly Bears")
    _trigger_resolves(scene, "Akroma, Vision of Ixidor")
    assert _power_toughness(scene, "Serra Angel") == (6, 6)  # flying, vigilance
    assert _power_toughness(scene, "White Knight") == (4, 4)  # first strike, protection
    assert _power_toughness(scene, "Grizzly Bears") == (2, 2)
    assert _power_toughness(scene, "Akroma, Vision of Ixidor") == (6, 6)  # not "other"


def test_a_per_creature_condition_the_board_cant_settle_is_not_ticked(scene: Scene) -> None:
    # Liara of the Flaming Fist: "... if it has the same name as another creature you control
    # or a creature card in your graveyard."
    scene.put("Alice", "Liara of the Flaming Fist").put("Alice", "Grizzly Bears")
    _trigger_resolves(scene, "Liara of the Flaming Fist")
    happens, _, why = _effect(scene, "each creature you control gets +1/+1")
    assert not happens
    assert "the bot doesn't check" in why
    assert _power_toughness(scene, "Grizzly Bears") == (2, 2)


def test_no_other_thopters_returns_itself_said_not_ticked(scene: Scene) -> None:
    # Thopter Assembly: "if you control no Thopters other than this creature, return this
    # creature to its owner's hand and create five 1/1 colorless Thopter artifact creature
    # tokens with flying": the condition holds; the return isn't applied, so it is said.
    scene.put("Alice", "Thopter Assembly")
    _trigger_resolves(scene, "Thopter Assembly")
    happens, tracked, why = _effect(scene, "if you control no Thopters")
    assert (happens, tracked) == (True, False)
    assert "“Thopter Assembly returns to its owner's hand.”" in why
    scene.put("Alice", "Ornithopter")
    _trigger_resolves(scene, "Thopter Assembly")
    happens, _, why = _effect(scene, "if you control no Thopters")
    assert not happens
    assert "isn't true now" in why


def test_a_draw_before_a_you_control_condition_leaves_it_checked(scene: Scene) -> None:
    # Artificer's Epiphany: "Draw two cards. If you control no artifacts, discard a card.":
    # drawing doesn't change what Alice controls, so the condition is read from the board.
    scene.put("Alice", "Grizzly Bears")
    scene.cast("Alice", "Artificer's Epiphany")
    scene.last = scene.resolve()
    happens, _, _ = _effect(scene, "If you control no artifacts")
    assert happens


def test_amalias_its_power_is_hers_and_explore_is_not_ticked(scene: Scene) -> None:
    # Amalia Benavides Aguirre: "... explores. Then destroy all other creatures if its power is
    # exactly 20." (701.44a: the revealed card is unknown to the bot.)
    scene.put("Alice", "Amalia Benavides Aguirre").put("Alice", "Grizzly Bears")
    _trigger_resolves(scene, "Amalia Benavides Aguirre")
    happens, tracked, _ = _effect(scene, "Amalia Benavides Aguirre explores")
    assert (happens, tracked) == (True, False)
    happens, _, why = _effect(scene, "Then destroy all other creatures")
    assert not happens
    assert "checked for each object" not in why
    assert scene.state.objects[scene.ids["Grizzly Bears"]].zone.name == "BATTLEFIELD"


def test_all_nonland_permanents_you_control_are_white(scene: Scene) -> None:
    # Zealots en-Dal: "if all nonland permanents you control are white, you gain 1 life."
    scene.put("Alice", "Zealots en-Dal").put("Alice", "Savannah Lions").put("Alice", "Forest")
    _trigger_resolves(scene, "Zealots en-Dal")
    assert scene.state.player("Alice").life == 21
    scene.put("Alice", "Grizzly Bears")
    _trigger_resolves(scene, "Zealots en-Dal")
    assert scene.state.player("Alice").life == 21
    happens, _, why = _effect(scene, "if all nonland permanents you control are white")
    assert not happens
    assert "isn't true now" in why


def test_life_against_the_starting_life_total(scene: Scene, cr, card) -> None:
    # Cosmos Elixir: "draw a card if your life total is greater than your starting life total.
    # Otherwise, you gain 2 life."
    cr("Each player begins the game with a starting life total of 20.")
    assert "greater than your starting life total" in card("Cosmos Elixir").oracle_text
    scene.put("Alice", "Cosmos Elixir")
    _trigger_resolves(scene, "Cosmos Elixir")
    assert scene.state.player("Alice").life == 22  # 20 isn't greater than 20: the 2 life
    _trigger_resolves(scene, "Cosmos Elixir")
    assert scene.state.player("Alice").life == 22  # 22 is: the draw instead
    happens, _, _ = _effect(scene, "draw a card if your life total")
    assert happens
