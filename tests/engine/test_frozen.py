"""``evolve`` is ``dataclasses.replace`` made faster: the same value, the same errors, and no
cached property carried over from the old value; ``quick_init`` is a frozen dataclass's
``__init__`` made faster."""

from __future__ import annotations

import dataclasses
import inspect
from dataclasses import dataclass, field
from functools import cached_property
from typing import Generic, TypeVar

import pytest

from bot.engine.frozen import cached_value, evolve, quick_init
from bot.engine.model import GameObject, Player, Zone
from bot.engine.mtg.state import GameState

T = TypeVar("T")


@dataclass(frozen=True)
class Plain:
    name: str
    count: int = 0
    tags: tuple[str, ...] = field(default_factory=tuple)

    @cached_property
    def shout(self) -> str:
        return self.name.upper()


@dataclass(frozen=True)
class Checked:
    count: int

    def __post_init__(self) -> None:
        if self.count < 0:
            raise ValueError("negative")


@dataclass(frozen=True)
class Derived:
    count: int
    double: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "double", self.count * 2)


@dataclass(frozen=True)
class Boxed(Generic[T]):
    item: T


@dataclass(frozen=True, slots=True)
class Slotted:
    count: int


def test_same_value_as_replace() -> None:
    old = Plain("bear", 2, ("a",))
    assert evolve(old, count=3) == dataclasses.replace(old, count=3) == Plain("bear", 3, ("a",))
    assert evolve(old) == old and evolve(old) is not old
    assert evolve(Boxed(1), item=2) == Boxed(2)


def test_cached_property_is_not_carried_over() -> None:
    old = Plain("bear")
    assert old.shout == "BEAR"
    new = evolve(old, name="elf")
    assert "shout" not in new.__dict__
    assert new.shout == "ELF"
    assert list(new.__dict__) == ["name", "count", "tags", "shout"]


def test_frozen_and_hashable() -> None:
    new = evolve(Plain("bear"), count=1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        new.count = 2  # type: ignore[misc]
    assert hash(new) == hash(Plain("bear", 1))


def test_unknown_field_is_refused_as_replace_does() -> None:
    with pytest.raises(TypeError):
        evolve(Plain("bear"), colour="green")


def test_post_init_and_slots_go_through_init() -> None:
    with pytest.raises(ValueError, match="negative"):
        evolve(Checked(1), count=-1)
    assert evolve(Derived(2), count=3).double == 6
    assert evolve(Slotted(1), count=2) == Slotted(2)


def test_game_state_keeps_no_derived_lookups() -> None:
    state = GameState(players=(Player("Alice"),))
    assert state.player_names == ("Alice",)
    bear = GameObject(id=1, name="Bear", owner="Alice", controller="Alice", zone=Zone.BATTLEFIELD)
    new = evolve(state, players=(Player("Alice"), Player("Bob")), objects={1: bear})
    assert new.player_names == ("Alice", "Bob")
    assert new.zone_objects(Zone.BATTLEFIELD) == (bear,)
    assert new == dataclasses.replace(state, players=new.players, objects={1: bear})


@dataclass(frozen=True)
class Reference:
    name: str
    count: int = 0
    tags: list[str] = field(default_factory=list)
    note: str = field(default="", kw_only=True)


@quick_init
@dataclass(frozen=True)
class Quick:
    name: str
    count: int = 0
    tags: list[str] = field(default_factory=list)
    note: str = field(default="", kw_only=True)


def test_quick_init_takes_the_same_arguments_and_makes_the_same_value() -> None:
    assert str(inspect.signature(Quick)) == str(inspect.signature(Reference))
    for args, kwargs in (
        (("bear",), {}),
        (("bear", 2), {"note": "x"}),
        ((), {"name": "bear", "tags": ["a"], "count": 3}),
    ):
        quick, plain = Quick(*args, **kwargs), Reference(*args, **kwargs)
        assert list(quick.__dict__.items()) == list(plain.__dict__.items())
    assert Quick("a").tags is not Quick("a").tags  # a new list each time
    assert Quick("bear", 1) == Quick("bear", 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        Quick("bear").count = 1  # type: ignore[misc]
    with pytest.raises(TypeError):
        Quick()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Quick("bear", 1, [], "note")  # type: ignore[misc]


def test_quick_init_leaves_classes_it_cannot_copy() -> None:
    init = Checked.__init__
    assert quick_init(Checked).__init__ is init
    assert quick_init(Slotted) is Slotted
    with pytest.raises(ValueError, match="negative"):
        Checked(-1)


class Counted:
    reads = 0

    @cached_value
    def value(self) -> int:
        Counted.reads += 1
        return Counted.reads


def test_cached_value_is_worked_out_once_per_instance() -> None:
    first, second = Counted(), Counted()
    assert (first.value, first.value, second.value) == (1, 1, 2)
    assert first.__dict__ == {"value": 1}
    assert isinstance(Counted.__dict__["value"], cached_property)
