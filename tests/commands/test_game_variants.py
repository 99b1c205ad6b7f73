"""The ``game`` command's seam between the two games (issue 12): one variant per game kind,
the same step vocabulary for both, and a reducer and codec keyed by the state's own kind."""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pytest

from bot.commands.games import VARIANTS
from bot.games import kinds
from bot.games.kinds import KindCodec, KindReducer
from bot.games.model import GAME_KINDS


def test_every_game_kind_has_a_variant_with_the_shared_step_words() -> None:
    assert set(VARIANTS) == set(GAME_KINDS)
    for kind, variant in VARIANTS.items():
        assert variant.kind == kind
        assert "resolve" in variant.step_commands, kind
        # A choice in progress is answered by the shared choose/back/cancel, not each game's.
        assert not {"choose", "back", "cancel"} & set(variant.step_commands), kind
    assert "cast" in VARIANTS["mtg"].step_commands
    assert "play" in VARIANTS["riftbound"].step_commands


@dataclass(frozen=True)
class _State:
    kind: str
    actions: tuple[str, ...] = ()


class _Recorder:
    def __init__(self, name: str) -> None:
        self.name = name

    def initial(self, kind: str) -> _State:
        return _State(kind)

    def apply(self, state: _State, action: Mapping[str, Any]) -> _State:
        return _State(state.kind, (*state.actions, f"{self.name}:{action['do']}"))


class _Codec:
    def __init__(self, tag: str) -> None:
        self.tag = tag

    def serialize(self, state: _State) -> bytes:
        return ",".join((state.kind, *state.actions)).encode()

    def deserialize(self, data: bytes) -> _State:
        kind, *actions = data.decode().split(",")
        return _State(kind, tuple(actions))


def test_each_state_goes_to_the_reducer_and_codec_of_its_kind() -> None:
    reducer = KindReducer({"mtg": _Recorder("m"), "riftbound": _Recorder("r")})
    mtg = reducer.apply(reducer.initial("mtg"), {"do": "cast"})
    riftbound = reducer.apply(reducer.initial("riftbound"), {"do": "play"})
    assert mtg.actions == ("m:cast",) and riftbound.actions == ("r:play",)

    codec = KindCodec({"mtg": (b"mtg:", _Codec("a")), "riftbound": (b"rb:", _Codec("b"))})
    assert codec.tag == "a+b"
    assert codec.serialize(riftbound).startswith(b"rb:")
    assert codec.deserialize(codec.serialize(mtg)) == mtg
    assert codec.deserialize(codec.serialize(riftbound)) == riftbound
    with pytest.raises(TypeError):
        codec.deserialize(b"chess:{}")


def test_snapshots_are_compressed_and_plain_ones_written_before_still_read() -> None:
    codec = KindCodec({"mtg": (b"mtg:", _Codec("a")), "riftbound": (b"rb:", _Codec("b"))})
    long_game = _State(
        "mtg", tuple("Alice casts Lightning Bolt targeting Bob." for _ in range(200))
    )
    blob = codec.serialize(long_game)
    assert blob.startswith(b"mtg:z:")
    assert len(blob) * 20 < len(_Codec("a").serialize(long_game))  # it repeats itself
    assert codec.deserialize(blob) == long_game
    # Snapshots stored before they were compressed are read as they are.
    assert codec.deserialize(b"mtg:" + _Codec("a").serialize(long_game)) == long_game


def test_a_damaged_or_oversized_compressed_snapshot_is_refused_not_inflated() -> None:
    codec = KindCodec({"mtg": (b"mtg:", _Codec("a"))})
    blob = codec.serialize(_State("mtg", ("cast",) * 50))
    with pytest.raises(ValueError, match="compressed snapshot"):
        codec.deserialize(blob[:-5])  # cut short
    with pytest.raises(ValueError, match="compressed snapshot"):
        codec.deserialize(b"mtg:z:not zlib at all")
    # A few kilobytes that would inflate to more than any game's state (a tampered file).
    bomb = zlib.compress(b"x" * (kinds.MAX_SNAPSHOT_BYTES + 1), 9)
    assert len(bomb) < 100_000
    with pytest.raises(ValueError, match="too large"):
        codec.deserialize(b"mtg:z:" + bomb)
