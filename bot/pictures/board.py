"""Draw a board view as a PNG: the table on the left, the stack (or chain) on the right, and an
arrow from every stack item to each of its targets; each item names its target slots by the
targets' numbers ("#1 any target; #2 any other target").

Readable on a phone in Discord: 1,200 px wide, Pillow's own scalable font (never fetched), an
opaque dark panel so the picture reads the same on Discord's dark and light themes.  Nothing
overlaps: pieces sit in a grid; an area with more than ``MAX_PIECES_PER_AREA`` pieces and a
stack longer than ``MAX_STACK_ITEMS`` are summarised ("+4 more").  The layout (every box by key,
every arrow's ends) is returned with the bytes, so tests can check what was drawn.
"""

from __future__ import annotations

import io
import itertools
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from bot.pictures.view import Area, BoardView, StackItem, Target

WIDTH = 1200
MARGIN = 16
LEFT_WIDTH = 760
RIGHT_X = 808
RIGHT_WIDTH = WIDTH - RIGHT_X - MARGIN
PIECE_W, PIECE_H, GAP = 178, 64, 8
PIECES_PER_ROW = 4
HEADER_H = 30
ITEM_H = 52
MAX_PIECES_PER_AREA = 24
MAX_STACK_ITEMS = 8

BACKGROUND = "#1E1F22"
PANEL = "#2B2D31"
PIECE = "#383A40"
STACK_FILL = "#3B3450"
TEXT = "#F2F3F5"
MUTED = "#B5BAC1"
BADGE = "#F0B232"
LEGAL = "#5DADE2"
ILLEGAL = "#ED4245"
FAINT = "#5C5F66"  # a target before the last change (115.7)
GROUP_EDGE = {
    "lands": "#8D6E63",
    "creatures": "#57A05A",
    "other": "#7E8FD4",
    "units": "#57A05A",
    "gone": "#6D6F78",
}

Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Arrow:
    source: str
    target: str
    start: tuple[int, int]
    end: tuple[int, int]
    legal: bool
    label: str
    rule: str = ""
    was: bool = False  # drawn faintly: a target before the last change


@dataclass
class Layout:
    width: int
    height: int
    boxes: dict[str, Box] = field(default_factory=dict)
    arrows: list[Arrow] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)  # every label drawn, in order
    summarised: int = 0  # pieces and stack items left out ("+N more")


@dataclass(frozen=True)
class Picture:
    png: bytes
    layout: Layout


@lru_cache(maxsize=8)
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def _fit(draw: ImageDraw.ImageDraw, text: str, size: int, width: int) -> str:
    """``text`` shortened with an ellipsis until it fits ``width`` pixels."""
    font = _font(size)
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _area_height(area: Area) -> int:
    height = HEADER_H
    shown = 0
    for _, pieces in area.groups:
        count = min(len(pieces), max(0, MAX_PIECES_PER_AREA - shown))
        shown += count
        if count:
            rows = -(-count // PIECES_PER_ROW)
            height += 18 + rows * (PIECE_H + GAP)
    return height + (22 if sum(len(p) for _, p in area.groups) > MAX_PIECES_PER_AREA else 0)


def _layout_height(view: BoardView) -> int:
    left = MARGIN + 40 + sum(_area_height(a) + 12 for a in view.areas)
    items = min(len(view.stack), MAX_STACK_ITEMS)
    right = (
        MARGIN + 40 + 26 + max(1, items) * (ITEM_H + 10) + (24 if len(view.stack) > items else 0)
    )
    return max(left, right, 240) + MARGIN


def render_board(view: BoardView) -> Picture:
    """The PNG of ``view`` and where everything was drawn."""
    height = _layout_height(view)
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    layout = Layout(WIDTH, height)
    draw.text(
        (MARGIN, MARGIN), _fit(draw, view.title, 22, WIDTH - 2 * MARGIN), fill=TEXT, font=_font(22)
    )
    y = MARGIN + 40
    for area in view.areas:
        y = _draw_area(draw, layout, area, y) + 12
    _draw_stack(draw, layout, view)
    lanes = itertools.count()  # each arrow its own lane in the gutter and above its row
    for item in view.stack[:MAX_STACK_ITEMS]:
        for number, target in enumerate(item.targets):
            _draw_arrow(draw, layout, item, target, number, next(lanes))
    buffer = io.BytesIO()
    # Fast compression: a flat-colour picture stays small, and drawing stays well under 50 ms.
    image.save(buffer, format="PNG", compress_level=1)
    return Picture(buffer.getvalue(), layout)


def _draw_area(draw: ImageDraw.ImageDraw, layout: Layout, area: Area, y: int) -> int:
    header: Box = (MARGIN, y, MARGIN + LEFT_WIDTH, y + HEADER_H)
    draw.rounded_rectangle(header, radius=6, fill=PANEL)
    title = _fit(draw, area.title, 16, LEFT_WIDTH - 20)
    draw.text((MARGIN + 10, y + 6), title, fill=TEXT, font=_font(16))
    layout.texts.append(title)
    if area.player:
        layout.boxes[f"player:{area.player}"] = header
    y += HEADER_H
    shown = 0
    total = sum(len(pieces) for _, pieces in area.groups)
    for group, pieces in area.groups:
        room = max(0, MAX_PIECES_PER_AREA - shown)
        visible = pieces[:room]
        if not visible:
            continue
        draw.text((MARGIN + 4, y + 2), group, fill=MUTED, font=_font(12))
        y += 18
        for index, piece in enumerate(visible):
            column, row = index % PIECES_PER_ROW, index // PIECES_PER_ROW
            x0 = MARGIN + column * (PIECE_W + GAP)
            y0 = y + row * (PIECE_H + GAP)
            _draw_piece(
                draw,
                layout,
                piece.key,
                piece.name,
                piece.stats,
                piece.badges,
                (x0, y0, x0 + PIECE_W, y0 + PIECE_H),
                GROUP_EDGE.get(group, MUTED),
            )
        shown += len(visible)
        y += -(-len(visible) // PIECES_PER_ROW) * (PIECE_H + GAP)
    if total > shown:
        more = f"+{total - shown} more (see the text answer)"
        draw.text((MARGIN + 4, y + 2), more, fill=MUTED, font=_font(13))
        layout.summarised += total - shown
        y += 22
    return y


def _draw_piece(
    draw: ImageDraw.ImageDraw,
    layout: Layout,
    key: str,
    name: str,
    stats: str,
    badges: tuple[str, ...],
    box: Box,
    edge: str,
) -> None:
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=6, fill=PIECE, outline=edge, width=2)
    head = _fit(draw, f"{key} {name}", 14, PIECE_W - 14)
    draw.text((x0 + 7, y0 + 6), head, fill=TEXT, font=_font(14))
    layout.texts.append(head)
    if stats:
        width = int(draw.textlength(stats, font=_font(14)))
        draw.text((x1 - 8 - width, y1 - 22), stats, fill=TEXT, font=_font(14))
        layout.texts.append(stats)
    if badges:
        room = PIECE_W - 16 - (int(draw.textlength(stats, font=_font(14))) + 8 if stats else 0)
        draw.text(
            (x0 + 7, y1 - 21), _fit(draw, " · ".join(badges), 12, room), fill=BADGE, font=_font(12)
        )
    layout.boxes[key] = box


def _draw_stack(draw: ImageDraw.ImageDraw, layout: Layout, view: BoardView) -> None:
    y = MARGIN + 40
    draw.text((RIGHT_X, y), f"{view.stack_title} (top first)", fill=TEXT, font=_font(16))
    y += 26
    if not view.stack:
        draw.text((RIGHT_X, y + 4), "Empty.", fill=MUTED, font=_font(14))
        return
    for item in view.stack[:MAX_STACK_ITEMS]:
        box: Box = (RIGHT_X, y, RIGHT_X + RIGHT_WIDTH, y + ITEM_H)
        draw.rounded_rectangle(box, radius=6, fill=STACK_FILL, outline="#8E7CC3", width=2)
        head = _fit(draw, f"{item.key} {item.name}", 14, RIGHT_WIDTH - 16)
        draw.text((RIGHT_X + 8, y + 6), head, fill=TEXT, font=_font(14))
        layout.texts.append(head)
        # Each target slot is named here, by the target's number, rather than beside its
        # arrow: a label there ran over the table's last column and over the other labels.
        aimed = "; ".join(f"{t.key} {t.label}".strip() for t in item.targets if not t.was)
        sub = (
            f"{item.controller}"
            + (f" · {aimed}" if aimed else "")
            + (f" · {item.note}" if item.note else "")
        )
        sub = _fit(draw, sub, 12, RIGHT_WIDTH - 16)
        draw.text((RIGHT_X + 8, y + 28), sub, fill=MUTED, font=_font(12))
        layout.texts.append(sub)
        layout.boxes[item.key] = box
        y += ITEM_H + 10
    hidden = len(view.stack) - MAX_STACK_ITEMS
    if hidden > 0:
        draw.text((RIGHT_X, y), f"+{hidden} more below", fill=MUTED, font=_font(13))
        layout.summarised += hidden


def _draw_arrow(
    draw: ImageDraw.ImageDraw,
    layout: Layout,
    item: StackItem,
    target: Target,
    number: int,
    lane: int = 0,
) -> None:
    source = layout.boxes.get(item.key)
    goal = layout.boxes.get(target.key)
    if source is None or goal is None:
        return  # a target summarised away (or gone): the text answer names it
    colour = FAINT if target.was else LEGAL if target.legal else ILLEGAL
    sy = source[1] + 16 + (number % 3) * 16
    if goal[0] >= RIGHT_X:  # another stack item: out to the right and back
        start = (source[2], sy)
        end = (goal[2] - 3, (goal[1] + goal[3]) // 2)
        elbow = WIDTH - 6 - 4 * (number % 2)
        points = [start, (elbow, sy), (elbow, end[1]), end]
    else:
        # Down the gutter between the table and the stack, then along the gap above the
        # target's row (or into its player's row), so no arrow crosses another piece.
        start = (source[0], sy)
        gutter = MARGIN + LEFT_WIDTH + 4 + 5 * (lane % 6)
        if target.key.startswith("player:"):
            end = (goal[2] - 3, (goal[1] + goal[3]) // 2)
            points = [start, (gutter, sy), (gutter, end[1]), end]
        else:
            row_y = goal[1] - 2 - 3 * (lane % 3)
            end = ((goal[0] + goal[2]) // 2 - 20 + 10 * (lane % 5), goal[1] + 10)
            points = [start, (gutter, sy), (gutter, row_y), (end[0], row_y), end]
    for a, b in itertools.pairwise(points):
        _line(draw, a, b, colour, dashed=not target.legal, width=2 if target.was else 3)
    _head(draw, points[-2], points[-1], colour)
    if not target.legal:
        mark = f"illegal ({target.rule})" if target.rule else "illegal"
        ex, ey = end
        draw.rectangle(
            (ex + 4, ey - 8, ex + 6 + draw.textlength(mark, font=_font(12)), ey + 8),
            fill=BACKGROUND,
        )
        draw.text((ex + 5, ey - 8), mark, fill=ILLEGAL, font=_font(12))
    layout.arrows.append(
        Arrow(item.key, target.key, start, end, target.legal, target.label, target.rule, target.was)
    )


def _line(
    draw: ImageDraw.ImageDraw,
    a: tuple[int, int],
    b: tuple[int, int],
    colour: str,
    *,
    dashed: bool,
    width: int = 3,
) -> None:
    if not dashed:
        draw.line([a, b], fill=colour, width=width)
        return
    (x0, y0), (x1, y1) = a, b
    length = max(1.0, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
    steps = int(length // 10)
    for i in range(0, steps, 2):
        t0, t1 = i * 10 / length, min(1.0, (i + 1) * 10 / length)
        draw.line(
            [
                (x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0),
                (x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1),
            ],
            fill=colour,
            width=3,
        )


def _head(draw: ImageDraw.ImageDraw, a: tuple[int, int], b: tuple[int, int], colour: str) -> None:
    (x0, y0), (x1, y1) = a, b
    length = max(1.0, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    left = (x1 - 12 * ux + 6 * uy, y1 - 12 * uy - 6 * ux)
    right = (x1 - 12 * ux - 6 * uy, y1 - 12 * uy + 6 * ux)
    draw.polygon([(x1, y1), left, right], fill=colour)
