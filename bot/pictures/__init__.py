"""Pictures of the board (Pillow): the view they show and the renderer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def board_png(picture: Mapping[str, Any]) -> bytes:
    """The PNG of a reply's ``picture`` (board data with its game "kind")."""
    from bot.pictures.board import render_board
    from bot.pictures.view import view_of

    return render_board(view_of(picture, str(picture.get("kind", "mtg")))).png
