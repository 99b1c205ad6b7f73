"""Stop 44's open MTG items as statements: a "Choose one" spell's mode shown by its target
(Blue Elemental Blast, QA 40 U4; CR 700.2a, 601.2c)."""

from __future__ import annotations

from bot.scenario.executor import MtgScenarioExecutor


def _run(executor: MtgScenarioExecutor, *lines: str):  # type: ignore[no-untyped-def]
    return executor.run("\n".join(lines) + "\n", speaker="Alice").steps


def _said(step) -> str:  # type: ignore[no-untyped-def]
    return "\n".join((step.explanation, *step.notes, *(e.why or "" for e in step.effects)))


def test_the_target_of_an_elemental_blast_shows_its_mode(executor: MtgScenarioExecutor) -> None:
    steps = _run(
        executor,
        "Alice controls Mogg Fanatic.",
        "Bob casts Lightning Bolt targeting Alice.",
        "Alice casts Blue Elemental Blast targeting Lightning Bolt.",
        "Blue Elemental Blast resolves.",
        "Alice casts Blue Elemental Blast targeting Mogg Fanatic.",
    )
    assert steps[2].verdict == "legal"
    assert "“Counter target red spell” is the only mode" in _said(steps[2])
    assert steps[3].verdict == "resolved"
    assert steps[4].verdict == "legal"
    assert "“Destroy target red permanent” is the only mode" in _said(steps[4])


def test_a_target_no_mode_accepts_is_judged_by_the_mode_that_looks_there(
    executor: MtgScenarioExecutor,
) -> None:
    """Red Elemental Blast at a red creature: only its destroy mode targets a permanent."""
    steps = _run(
        executor,
        "Alice controls Mogg Fanatic and Man-o'-War.",
        "Bob casts Red Elemental Blast targeting Mogg Fanatic.",
    )
    assert steps[1].verdict == "illegal"
    assert "isn't blue" in _said(steps[1])
    assert "“Destroy target blue permanent” is the only mode" in _said(steps[1])


def test_a_named_mode_is_kept_and_several_fitting_modes_still_ask(
    executor: MtgScenarioExecutor,
) -> None:
    steps = _run(
        executor,
        "Bob controls Grizzly Bears.",
        "Alice casts Blue Elemental Blast choosing destroy target red permanent, "
        "targeting Grizzly Bears.",
        # Dromoka's Command chooses two modes: not inferred from one target.
        "Alice casts Dromoka's Command targeting Grizzly Bears.",
    )
    assert steps[1].verdict == "illegal"
    assert "only mode" not in _said(steps[1])
    assert steps[2].verdict == "error"
    assert "say which mode" in _said(steps[2])


def test_mirror_strike_redirects_only_the_attackers_combat_damage_to_its_controller(
    executor: MtgScenarioExecutor,
) -> None:
    """Mirror Strike (QA 40 W3): "All combat damage that would be dealt to you this turn by
    target unblocked creature is dealt to its controller instead" (CR 614.9)."""
    steps = _run(
        executor,
        "Alice controls Grizzly Bears and Hill Giant. Bob controls Llanowar Elves.",
        "Grizzly Bears is attacking and unblocked. Hill Giant is attacking and unblocked.",
        "Bob casts Mirror Strike targeting Grizzly Bears.",
        "Mirror Strike resolves.",
        "Grizzly Bears deals 2 combat damage to Bob.",
        "Hill Giant deals 3 combat damage to Bob.",
        "Grizzly Bears deals 1 damage to Bob.",
        "What is Bob's life total?",
        "What is Alice's life total?",
    )
    assert "Mirror Strike's effect deals it to Alice instead" in _said(steps[6])
    assert "instead" not in _said(steps[7])  # another attacker: not its target
    assert "redirects only combat damage" in _said(steps[8])
    assert "Bob has 16 life" in _said(steps[9])
    assert "Alice has 18 life" in _said(steps[10])


def test_a_redirect_to_its_controller_follows_a_change_of_control(
    executor: MtgScenarioExecutor,
) -> None:
    """Mirror Strike's "its controller" is read as the damage is dealt: a stolen attacker's
    damage goes to the player who controls it then."""
    steps = _run(
        executor,
        "Alice controls Grizzly Bears. Carol controls Llanowar Elves.",
        "Grizzly Bears is attacking and unblocked.",
        "Bob casts Mirror Strike targeting Grizzly Bears.",
        "Mirror Strike resolves.",
        "Carol gains control of Grizzly Bears.",
        "Grizzly Bears deals 2 combat damage to Bob.",
    )
    assert steps[4].verdict == "resolved"
    assert "deals it to Carol instead" in _said(steps[6])


def test_a_graveyard_cost_with_no_graveyard_stated_is_noted_not_refused(
    executor: MtgScenarioExecutor,
) -> None:
    """Haunting Misery (QA 40 W5) with nothing said of Alice's graveyard: the bot can't know
    what is there, so it says the cost wasn't checked (CR 118.3, 601.2h)."""
    steps = _run(executor, "Alice casts Haunting Misery with X=2 targeting Bob.")
    assert steps[0].verdict == "legal"
    assert "Not checked: its cost “exile X creature cards from your graveyard”" in _said(steps[0])


def test_graveyard_exile_costs_are_read_with_their_count_and_types() -> None:
    from bot.engine.mtg.casting import graveyard_exile

    misery = graveyard_exile(
        "As an additional cost to cast this spell, exile X creature cards from your "
        "graveyard.\nHaunting Misery deals X damage to target player or planeswalker.",
        3,
    )
    assert misery is not None and (misery.count, misery.types) == (3, frozenset({"creature"}))
    oculus = graveyard_exile(
        "As an additional cost to cast this spell, exile six cards from your graveyard.", None
    )
    assert oculus is not None and (oculus.count, oculus.types) == (6, frozenset())
    intervention = graveyard_exile(
        "As an additional cost to cast this spell, exile an instant or sorcery card from your "
        "graveyard.",
        None,
    )
    assert intervention is not None
    assert (intervention.count, intervention.types) == (1, frozenset({"instant", "sorcery"}))
