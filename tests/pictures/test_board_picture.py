"""The board picture, checked by what it contains (not a golden file): arrows end inside their
targets' boxes, every object is drawn once, illegal targets are marked, nothing overlaps."""

from __future__ import annotations

import io
import itertools
from pathlib import Path

import pytest
from PIL import Image

from bot.commands.context import Caller, CommandContext, Services
from bot.commands.dispatch import run_command
from bot.pictures import board_png
from bot.pictures.board import MAX_STACK_ITEMS, WIDTH, Layout, render_board
from bot.pictures.view import view_of
from bot.reference.store import Reference
from bot.settings import Settings

README_SCRIPT = """
Alice controls Runeclaw Bear and Llanowar Elves. Bob controls Spellskite.
Bob casts Arc Trail targeting Runeclaw Bear and Llanowar Elves.
Alice casts Redirect targeting Arc Trail.
"""


@pytest.fixture
def ctx(reference: Reference, tmp_path: Path) -> CommandContext:
    settings = Settings.from_env({"RULESBOT_DATA_DIR": str(tmp_path)})
    return CommandContext(Caller(user="alice", channel="c1"), Services(settings, reference))


async def _layout(ctx: CommandContext, script: str) -> tuple[Layout, bytes]:
    reply = await run_command(ctx, f"scenario {script}")
    assert reply.picture is not None
    picture = render_board(view_of(reply.picture, str(reply.picture["kind"])))
    return picture.layout, picture.png


def _inside(point: tuple[int, int], box: tuple[int, int, int, int]) -> bool:
    x, y = point
    return box[0] <= x <= box[2] and box[1] <= y <= box[3]


async def test_each_arrow_ends_inside_its_targets_box(ctx: CommandContext) -> None:
    layout, png = await _layout(ctx, README_SCRIPT)
    # Arc Trail (#4) points at Runeclaw Bear (#1) and Llanowar Elves (#2); Redirect at Arc Trail.
    pairs = {(arrow.source, arrow.target) for arrow in layout.arrows}
    assert pairs == {("#4", "#1"), ("#4", "#2"), ("#5", "#4")}
    for arrow in layout.arrows:
        assert _inside(arrow.end, layout.boxes[arrow.target]), arrow
        assert _inside(arrow.start, layout.boxes[arrow.source]) or arrow.start[0] in (
            layout.boxes[arrow.source][0],
            layout.boxes[arrow.source][2],
        )
    labels = {arrow.target: arrow.label for arrow in layout.arrows}
    assert labels["#1"] == "any target" and labels["#2"] == "any other target"
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.size == (WIDTH, layout.height)


async def test_every_object_is_drawn_once(ctx: CommandContext) -> None:
    layout, _ = await _layout(ctx, README_SCRIPT)
    for key in ("#1", "#2", "#3", "#4", "#5"):
        assert sum(text.startswith(f"{key} ") for text in layout.texts) == 1, key
    assert "player:Alice" in layout.boxes and "player:Bob" in layout.boxes


async def test_an_illegal_target_is_marked_with_its_rule(ctx: CommandContext) -> None:
    layout, _ = await _layout(ctx, README_SCRIPT + "Llanowar Elves dies.")
    gone = next(arrow for arrow in layout.arrows if arrow.target == "#2")
    assert not gone.legal and gone.rule == "608.2b"  # no longer in its zone (608.2b, 400.7)
    assert _inside(gone.end, layout.boxes["#2"])  # drawn apart, among targets that left
    assert all(arrow.legal for arrow in layout.arrows if arrow.target != "#2")


async def test_a_player_target_points_at_the_players_row(ctx: CommandContext) -> None:
    layout, _ = await _layout(ctx, "Bob casts Lightning Bolt targeting Alice.")
    (arrow,) = layout.arrows
    assert arrow.target == "player:Alice" and _inside(arrow.end, layout.boxes["player:Alice"])


async def test_a_crowded_board_stays_within_its_width_and_nothing_overlaps(
    ctx: CommandContext,
) -> None:
    creatures = " ".join(["Alice controls Runeclaw Bear."] * 14 + ["Bob controls Forest."] * 16)
    casts = " ".join(f"Bob casts Shock targeting #{n}." for n in range(1, 7))
    layout, png = await _layout(ctx, f"{creatures} {casts}")
    assert Image.open(io.BytesIO(png)).size[0] == WIDTH == layout.width
    boxes = list(layout.boxes.items())
    assert len([k for k, _ in boxes if k.startswith("#")]) == 36  # 30 permanents, 6 Shocks
    for (key_a, a), (key_b, b) in itertools.combinations(boxes, 2):
        overlap = a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
        assert not overlap, (key_a, key_b)
    for box in layout.boxes.values():
        assert box[0] >= 0 and box[2] <= WIDTH and box[3] <= layout.height
    assert len(layout.arrows) == 6 and layout.summarised == 0


async def test_a_long_stack_is_summarised(ctx: CommandContext) -> None:
    casts = " ".join(["Bob casts Lightning Bolt targeting Alice."] * (MAX_STACK_ITEMS + 3))
    layout, _ = await _layout(ctx, casts)
    assert layout.summarised == 3
    assert len([k for k in layout.boxes if k.startswith("#")]) == MAX_STACK_ITEMS


async def test_riftbound_units_by_location_and_the_chain(ctx: CommandContext) -> None:
    reply = await run_command(
        ctx,
        "scenario game:riftbound Bob controls Recruit at Targon's Peak. Alice controls Recruit. "
        "Alice plays Void Seeker targeting Bob's Recruit.",
    )
    assert reply.picture is not None and reply.picture["kind"] == "riftbound"
    layout = render_board(view_of(reply.picture, "riftbound")).layout
    (arrow,) = layout.arrows
    assert _inside(arrow.end, layout.boxes[arrow.target])
    assert any(text.startswith(f"{arrow.target} Recruit") for text in layout.texts)


def test_board_png_is_a_png() -> None:
    png = board_png(
        {
            "kind": "mtg",
            "players": [{"name": "Alice", "life": 20, "keywords": []}],
            "permanents": [],
            "stack": [],
            "zones": [],
        }
    )
    assert png.startswith(b"\x89PNG\r\n\x1a\n")


async def test_a_changed_target_shows_its_old_target_faintly(ctx: CommandContext) -> None:
    # Spellskite's ability changed Lightning Bolt's target from Llanowar Elves to Spellskite.
    layout, _ = await _layout(
        ctx,
        "Alice controls Llanowar Elves and Spellskite. "
        "Bob casts Lightning Bolt targeting Llanowar Elves. "
        "Alice activates Spellskite targeting Lightning Bolt. Spellskite's ability resolves.",
    )
    now = [arrow for arrow in layout.arrows if not arrow.was]
    was = [arrow for arrow in layout.arrows if arrow.was]
    assert [(a.source, a.target) for a in now] == [("#3", "#2")]
    assert [(a.source, a.target) for a in was] == [("#3", "#1")]
    assert _inside(was[0].end, layout.boxes["#1"])


async def test_slot_names_are_written_in_the_stack_item(ctx: CommandContext) -> None:
    """Stop 35's leftover: each arrow's slot label was drawn left of the stack, over the
    table's last column of pieces and over the other labels. The slots are named in the
    item's second line by their targets' numbers; the arrows keep their labels as data."""
    layout, _ = await _layout(ctx, README_SCRIPT)
    assert "Bob · #1 any target; #2 any other target" in layout.texts
    assert "Alice · #4 target spell" in layout.texts


async def test_a_planeswalker_shows_its_loyalty(ctx: CommandContext) -> None:
    # CR 306.5b: a planeswalker enters with its printed loyalty (Jace, the Mind Sculptor: 3);
    # the picture showed nothing in its corner.
    layout, _ = await _layout(ctx, "Alice controls Jace, the Mind Sculptor.\n")
    assert "loyalty 3" in layout.texts
