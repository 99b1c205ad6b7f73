"""Warstorm Surge's "Whenever a creature you control enters, it deals damage equal to its power
to any target" and Terror of the Peaks's "this creature deals damage equal to that creature's
power": the creature that entered is remembered with the trigger, and its power is read as the
ability resolves, or as it last existed if it has left (CR 608.2h); for Warstorm Surge it is
the source of the damage, so its lifelink and deathtouch count (702.15b, 702.2b)."""

from __future__ import annotations

from bot.scenario.executor import MtgScenarioExecutor


def _said(executor: MtgScenarioExecutor, *lines: str) -> list[str]:
    """What each statement's answer says, its notes included."""
    steps = executor.run("\n".join(lines) + "\n", speaker="Alice").steps
    return ["\n".join((step.explanation, *step.notes)) for step in steps]


def test_warstorm_surge_deals_the_entering_creatures_power(
    executor: MtgScenarioExecutor,
) -> None:
    steps = _said(
        executor,
        "Alice controls Warstorm Surge. Bob controls Grizzly Bears.",
        "Alice casts Hill Giant.",
        "Hill Giant resolves.",
        "Warstorm Surge's trigger targets Grizzly Bears.",
        "Resolve the stack.",
        "Where is Grizzly Bears?",
    )
    assert "3 damage to Grizzly Bears by Hill Giant (its power, 608.2h)" in steps[5]
    assert "graveyard" in steps[6]


def test_warstorm_surge_uses_last_known_power(executor: MtgScenarioExecutor) -> None:
    steps = _said(
        executor,
        "Alice controls Warstorm Surge.",
        "Alice casts Hill Giant.",
        "Hill Giant resolves.",
        "Warstorm Surge's trigger targets Bob.",
        "Bob casts Lightning Bolt targeting Hill Giant.",
        "Lightning Bolt resolves.",
        "Resolve the stack.",
        "What is Bob's life total?",
    )
    assert "3 damage to Bob by Hill Giant" in steps[6]
    assert "Bob has 17 life" in steps[7]


def test_each_token_deals_its_own_damage(executor: MtgScenarioExecutor) -> None:
    steps = _said(
        executor,
        "Alice controls Warstorm Surge.",
        "Alice casts Raise the Alarm.",
        "Raise the Alarm resolves.",
        "Warstorm Surge's trigger targets Bob.",
        "Warstorm Surge's trigger targets Bob.",
        "Resolve the stack.",
        "What is Bob's life total?",
    )
    assert "Bob has 18 life" in steps[6]


def test_the_entering_creatures_lifelink_and_deathtouch_count(
    executor: MtgScenarioExecutor,
) -> None:
    steps = _said(
        executor,
        "Alice controls Warstorm Surge. Bob controls Serra Angel.",
        "Alice casts Vampire Nighthawk.",
        "Vampire Nighthawk resolves.",
        "Warstorm Surge's trigger targets Serra Angel.",
        "Resolve the stack.",
        "Where is Serra Angel?",
        "What is Alice's life total?",
    )
    assert "Alice gains 2 life (Vampire Nighthawk's lifelink, 702.15b)" in steps[5]
    assert "Vampire Nighthawk's deathtouch, 704.5h" in steps[5]
    assert "graveyard" in steps[6]
    assert "Alice has 22 life" in steps[7]


def test_terror_of_the_peaks_deals_the_damage_itself(executor: MtgScenarioExecutor) -> None:
    steps = _said(
        executor,
        "Alice controls Terror of the Peaks and Vampire Nighthawk. Bob controls Serra Angel.",
        "Alice casts Hill Giant.",
        "Hill Giant resolves.",
        "Terror of the Peaks's trigger targets Serra Angel.",
        "Resolve the stack.",
        "What is Alice's life total?",
    )
    assert "3 damage to Serra Angel (Hill Giant's power, 608.2h)" in steps[5]
    assert "survives" in steps[5]
    assert "Alice has 20 life" in steps[6]


def test_it_in_an_enters_trigger_is_the_creature_that_entered(
    executor: MtgScenarioExecutor,
) -> None:
    steps = _said(
        executor,
        "Alice controls Enduring Courage and Grizzly Bears.",
        "Alice casts Raise the Alarm.",
        "Raise the Alarm resolves.",
        "Resolve the stack.",
        "Show the board.",
    )
    assert steps[4].count("Soldier Token 3/1 — token, haste") == 2
    assert "Grizzly Bears 2/2" in steps[4]


def test_destroy_it_and_its_controller(executor: MtgScenarioExecutor) -> None:
    steps = _said(
        executor,
        "Alice controls Lethal Vapors and Poisonbelly Ogre.",
        "Bob casts Grizzly Bears.",
        "Grizzly Bears resolves.",
        "Resolve the stack.",
        "Where is Grizzly Bears?",
        "What is Bob's life total?",
    )
    assert "graveyard" in steps[4]
    assert "Bob has 19 life" in steps[5]


def test_a_counter_on_the_creature_that_entered(executor: MtgScenarioExecutor) -> None:
    steps = _said(
        executor,
        "Alice controls The Great Henge and Grizzly Bears.",
        "Alice casts Hill Giant.",
        "Hill Giant resolves.",
        "Resolve the stack.",
        "Where is Hill Giant?",
        "Where is Grizzly Bears?",
    )
    assert "1 +1/+1 counter" in steps[4]
    assert "counter" not in steps[5]


def test_the_creature_that_entered_fights(executor: MtgScenarioExecutor) -> None:
    steps = _said(
        executor,
        "Alice controls Boxing Ring. Bob controls Runeclaw Bear.",
        "Alice casts Grizzly Bears.",
        "Grizzly Bears resolves.",
        "Boxing Ring's trigger targets Runeclaw Bear.",
        "Resolve the stack.",
    )
    assert "Grizzly Bears and Runeclaw Bear fight" in steps[5]


def test_a_death_watcher_reads_the_creature_that_died(executor: MtgScenarioExecutor) -> None:
    steps = _said(
        executor,
        "Alice controls Proper Burial, Dingus Staff and Hill Giant.",
        "Hill Giant dies.",
        "Resolve the stack.",
        "What is Alice's life total?",
    )
    assert "Alice gains 3 life (Hill Giant's toughness, 608.2h)" in steps[2]
    assert "Alice has 21 life" in steps[3]


def test_with_no_entering_seen_the_damage_is_left_to_the_user(
    executor: MtgScenarioExecutor,
) -> None:
    steps = executor.run(
        "Alice controls Warstorm Surge and Hill Giant.\n"
        "Warstorm Surge's trigger targets Bob.\n"
        "Resolve the stack.\n",
        speaker="Alice",
    ).steps
    (effect,) = steps[-1].effects
    assert not effect.tracked
    assert "didn't see which creature's entering triggered it" in (effect.why or "")
