"""QA 37: gift (CR 702.174), bargain (702.166) and an optional additional cost (Requiting
Hex's blight) said as a spell is cast, read like kicker; the targets only the choice asks
for are chosen only with it (601.2c, 702.174m)."""

from __future__ import annotations

import pytest

from bot.scenario.ast import Cast
from bot.scenario.executor import MtgScenarioExecutor
from bot.scenario.parser import parse_script


def _cast(line: str) -> Cast:
    (statement,) = parse_script(line, speaker="Alice")
    assert isinstance(statement, Cast)
    return statement


@pytest.mark.parametrize(
    ("wording", "receiver"),
    [
        ("promising the gift", ""),
        ("promising a gift", ""),
        ("with gift", ""),
        ("with the gift promised", ""),
        ("with its gift promised to Bob", "Bob"),
        ("promising the gift to Bob", "Bob"),
    ],
)
def test_gift_wordings(wording: str, receiver: str) -> None:
    cast = _cast(f"Alice casts Into the Flood Maw {wording} targeting Sol Ring.")
    assert cast.choices.gift_to == receiver
    assert cast.card == "Into the Flood Maw"


def test_no_gift_said_is_none() -> None:
    assert _cast("Alice casts Into the Flood Maw targeting Sol Ring.").choices.gift_to is None


def test_bargain_and_blight_wordings() -> None:
    torch = _cast("Alice casts Torch the Tower with bargain, sacrificing Sol Ring, targeting X.")
    assert torch.choices.bargained and torch.choices.sacrificed
    hex_ = _cast(
        "Alice casts Requiting Hex with blight, putting a -1/-1 counter on Hill Giant, "
        "targeting Grizzly Bears."
    )
    assert hex_.choices.additional_paid
    assert hex_.choices.counters_paid is not None
    assert hex_.choices.counters_paid[:2] == ("-1/-1", 1)


def _steps(executor: MtgScenarioExecutor, *lines: str):  # type: ignore[no-untyped-def]
    return executor.run("\n".join(lines) + "\n", speaker="Alice").steps


def test_gift_in_multiplayer_needs_the_opponent(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        "Bob controls Sol Ring.",
        "Carol controls Grizzly Bears.",
        "Alice casts Into the Flood Maw promising the gift targeting Sol Ring.",
        "Alice casts Into the Flood Maw promising the gift to Carol targeting Sol Ring.",
    )
    assert steps[2].verdict == "illegal"
    assert "which one" in steps[2].explanation
    assert steps[3].verdict == "legal"
    assert "promised to Carol" in steps[3].explanation


def test_gift_cant_go_to_the_caster(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        "Bob controls Sol Ring.",
        "Alice casts Into the Flood Maw promising the gift to Alice targeting Sol Ring.",
    )
    assert steps[1].verdict == "illegal"
    assert "702.174a" in steps[1].rules


def test_parting_gust_without_gift_returns_it_later(executor: MtgScenarioExecutor) -> None:
    # "If the gift wasn't promised, return that card ...": without the gift it applies.
    steps = _steps(
        executor,
        "Bob controls Grizzly Bears.",
        "Alice casts Parting Gust targeting Grizzly Bears.",
        "Parting Gust resolves.",
    )
    assert steps[1].verdict == "legal"
    assert "return" in steps[2].explanation.lower()
    gifted = _steps(
        executor,
        "Bob controls Grizzly Bears.",
        "Alice casts Parting Gust promising the gift targeting Grizzly Bears.",
        "Parting Gust resolves.",
    )
    assert "Fish" in gifted[2].explanation
    assert "beginning of the next end step" not in gifted[2].explanation


def test_blight_counter_goes_only_on_the_casters_creature(
    executor: MtgScenarioExecutor,
) -> None:
    steps = _steps(
        executor,
        "Bob controls Grizzly Bears and Llanowar Elves.",
        "Alice casts Requiting Hex with blight, putting a -1/-1 counter on Llanowar Elves, "
        "targeting Grizzly Bears.",
    )
    assert steps[1].verdict == "illegal"


def test_refused_without_gift_says_the_gift_would_allow_it(
    executor: MtgScenarioExecutor,
) -> None:
    steps = _steps(
        executor,
        "Bob controls Sol Ring.",
        "Alice casts Into the Flood Maw targeting Sol Ring.",
        "Alice casts Counterspell targeting Sol Ring.",
    )
    assert steps[1].verdict == "illegal"
    assert any("With its gift promised it could" in note for note in steps[1].notes)
    assert not any("gift" in note for note in steps[2].notes)  # Counterspell has no gift
