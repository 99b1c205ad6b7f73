"""Another player's optional payment as a spell or ability resolves ("Then that creature's
controller may pay {2}{U}", Chain Stasis): their choice as it resolves (CR 608.2d), never made
by the bot nor ticked; a stated choice settles the "If the player does" after it (608.2c)."""

from __future__ import annotations

from tests.engine.mtg.scene import Scene


def _effect(scene: Scene, start: str) -> tuple[bool, bool, str]:
    assert scene.last is not None
    found = next(e for e in scene.last.effects if e.text.startswith(start))
    return found.happens, found.tracked, found.why or ""


def test_chain_stasis_unstated_payment_is_not_ticked(scene: Scene) -> None:
    scene.put("Bob", "Craw Wurm")
    scene.cast("Alice", "Chain Stasis", "Craw Wurm")
    scene.last = scene.resolve()
    happens, tracked, why = _effect(scene, "Bob may pay {2}{U}")
    assert (happens, tracked) == (False, False)
    assert "Bob chooses as it resolves" in why
    assert "“Chain Stasis resolves and Bob pays {2}{U}.”" in why
    happens, _, _ = _effect(scene, "If the player does")
    assert not happens


def test_chain_stasis_declined_payment_skips_the_copy(scene: Scene) -> None:
    scene.put("Bob", "Craw Wurm")
    scene.cast("Alice", "Chain Stasis", "Craw Wurm")
    scene.last = scene.resolve(pays=False)
    happens, tracked, why = _effect(scene, "Bob may pay {2}{U}")
    assert (happens, tracked) == (False, True)
    assert "Bob chose not to pay" in why
    happens, _, why = _effect(scene, "If the player does")
    assert not happens
    assert "isn't true now" in why


def test_chain_stasis_paid_copy_is_bobs_choice_not_carried_out(scene: Scene) -> None:
    scene.put("Bob", "Craw Wurm")
    scene.cast("Alice", "Chain Stasis", "Craw Wurm")
    scene.last = scene.resolve(pays=True)
    happens, tracked, _ = _effect(scene, "Bob may pay {2}{U}: Bob pays")
    assert (happens, tracked) == (True, True)
    happens, tracked, why = _effect(scene, "If the player does")
    assert (happens, tracked) == (True, False)
    assert "that player chooses as it resolves" in why


def test_chain_lightning_at_a_player_asks_that_player(scene: Scene) -> None:
    # "Then that player or that permanent's controller may pay {R}{R}."
    scene.put("Alice", "Grizzly Bears")
    scene.cast("Alice", "Chain Lightning", "Bob")
    scene.last = scene.resolve()
    happens, tracked, why = _effect(scene, "Bob may pay {R}{R}")
    assert (happens, tracked) == (False, False)
    assert "Bob chooses as it resolves" in why


def test_each_player_may_pay_is_not_ticked(scene: Scene) -> None:
    # Minds Aglow: "Join forces — Starting with you, each player may pay any amount of mana."
    scene.put("Alice", "Grizzly Bears")
    scene.cast("Alice", "Minds Aglow")
    scene.last = scene.resolve()
    happens, tracked, why = _effect(scene, "Each player may pay any amount of mana")
    assert (happens, tracked) == (False, False)
    assert "each player chooses as it resolves" in why


def test_if_you_do_after_an_unstated_own_payment_stays_unchecked(scene: Scene) -> None:
    # Roalesk, Prime Specimen: "... you may pay {X}. If you do, if X is 1 or more, conjure ...":
    # only a payment the statement gave settles "If you do" (608.2c).
    scene.put("Alice", "Roalesk, Prime Specimen")
    scene.trigger("Roalesk, Prime Specimen")
    scene.last = scene.resolve()
    happens, _, why = _effect(scene, "If you do")
    assert not happens
    assert "doesn't check “if you do”" in why


def test_own_energy_payment_inside_a_part_is_not_ticked(scene: Scene) -> None:
    # Harnessed Lightning: "You get {E}{E}{E}, then you may pay any amount of {E}."
    scene.put("Bob", "Runeclaw Bear")
    scene.cast("Alice", "Harnessed Lightning", "Runeclaw Bear")
    scene.last = scene.resolve()
    happens, tracked, why = _effect(scene, "You get {E}{E}{E}, then you may pay")
    assert (happens, tracked) == (True, False)
    assert "Alice chooses as it resolves what to pay" in why


def test_then_you_may_pay_is_the_controllers_own(scene: Scene) -> None:
    # Widespread Thieving: "Then you may pay {W}{U}{B}{R}{G}." is not another player's.
    scene.put("Alice", "Widespread Thieving")
    scene.trigger("Widespread Thieving")
    scene.last = scene.resolve()
    assert scene.last is not None
    pays = [e for e in scene.last.effects if "may pay {W}{U}{B}{R}{G}" in e.text]
    assert pays
    assert all("then you chooses" not in e.why for e in pays)


def test_own_may_pay_is_a_choice_until_stated(scene: Scene) -> None:
    # Urza's Chalice: "you may pay {1}. If you do, you gain 1 life."
    scene.put("Alice", "Urza's Chalice")
    scene.trigger("Urza's Chalice")
    scene.last = scene.resolve()
    happens, tracked, why = _effect(scene, "Alice may pay {1}")
    assert (happens, tracked) == (False, False)
    assert "“Urza's Chalice's trigger resolves and Alice pays {1}.”" in why
    assert scene.state.player("Alice").life == 20
    scene.trigger("Urza's Chalice")
    scene.last = scene.resolve(pays=True)
    assert scene.state.player("Alice").life == 21
