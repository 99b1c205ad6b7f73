"""Modal Riftbound spells and abilities: "Choose one - <mode>. <mode>." (355.3).

Riftbound 355.3: "For Spells and Abilities with a bulleted list of modes to choose from, make the
appropriate choices now."  Only the chosen mode is played, so only its targets are chosen.

The card gallery runs the bulleted modes together after the "Choose one -" line, with no space
between one mode's last sentence and the next mode ("Deal 4 to a unit in a base.Kill a gear."),
while the sentences of one mode are separated by a space ("Choose up to 3 cards from opponents'
trashes. Their owners recycle them.").  That missing space is where one mode ends.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.engine.errors import EngineError

# "Choose one -", "Choose one you haven't already chosen -", "choose one that hasn't been
# chosen this turn -", followed by the modes: on the next lines in card text, on the same line
# in an ability's text ("Spend my buff: Choose one you've not chosen this turn - Deal 2 ...",
# Udyr, Wildman; QA 55 W9).
_CHOOSE_ONE = re.compile(
    r"(?P<head>\bchoose one\b[^\n.]*?-)(?:\s*\n+|\s+(?=[A-Z\[]))", re.IGNORECASE
)
# One mode ends at a period followed directly (no space) by the next mode's first letter.
_MODE_END = re.compile(r"(?<=\.)(?=[A-Z\[])")


@dataclass(frozen=True)
class Modes:
    """The modes of a modal text: ``before`` the text before "Choose one -" (keywords such as
    [Reaction] or [Repeat], or an activated ability's cost), ``head`` the "Choose one -" line and
    ``modes`` each mode's text."""

    before: str
    head: str
    modes: tuple[str, ...]

    @property
    def choose(self) -> str:
        """The "Choose one" words without the dash, for answers."""
        return self.head.rstrip(" -")

    def label(self, index: int) -> str:
        """Mode ``index`` as quoted in answers, without its final period."""
        return re.sub(r"\s*\([^)]*\)", "", self.modes[index]).strip().rstrip(". ")

    def listed(self) -> str:
        return "; ".join(f"“{self.label(i)}”" for i in range(len(self.modes)))

    def text_of(self, index: int) -> str:
        """The text played when mode ``index`` is chosen: only that mode (355.3)."""
        return f"{self.before}\n{self.modes[index]}".strip()

    def ability_text_of(self, index: int) -> str:
        """An activated or triggered ability's text with only mode ``index``: its cost or
        condition ("Spend my buff:") then that mode, on one line as abilities are read."""
        return f"{self.before} {self.modes[index]}".strip()


def modes_of(text: str) -> Modes | None:
    """The modes of ``text`` if it is modal ("Choose one - ..." with two or more modes)."""
    found = _CHOOSE_ONE.search(text)
    if found is None:
        return None
    listed = tuple(m.strip() for m in _MODE_END.split(text[found.end() :]) if m.strip())
    if len(listed) < 2:
        return None
    before = text[: found.start()].rstrip()
    # An activated ability's cost ("Spend my buff: Choose one ...") stays with every mode.
    return Modes(before, found.group("head"), listed)


def _split_for_display(text: str) -> tuple[str, list[str]] | None:
    """``text`` up to its "Choose one -" and its modes, or None when it isn't modal."""
    found = _CHOOSE_ONE.search(text)
    if found is None:
        return None
    listed = [m.strip() for m in _MODE_END.split(text[found.end() :]) if m.strip()]
    if len(listed) < 2:
        return None
    return text[: found.end()].rstrip(), listed


def modes_on_lines(text: str) -> str:
    """``text`` with each mode of a "Choose one -" on a line of its own ("• Ready me."), for
    display: the card gallery runs them together ("battlefield.Stun a unit", QA 55 M2); any
    other text is returned as it is."""
    split = _split_for_display(text)
    if split is None:
        return text
    head, listed = split
    return head + "\n" + "\n".join(f"• {mode}" for mode in listed)


def modes_inline(text: str) -> str:
    """``text`` with its modes apart on one line, as an answer quotes an ability ("... this
    turn - Ready 2 runes. • Channel 1 rune exhausted. • Buff a friendly unit."; QA 59 M7); any
    other text is returned as it is."""
    split = _split_for_display(text)
    if split is None:
        return text
    head, listed = split
    return f"{head} {' • '.join(listed)}"


def _words(text: str) -> list[str]:
    text = re.sub(r"\([^)]*\)", " ", text)  # reminder text
    text = text.replace("[M]", " might ").replace("’", "'")
    return re.findall(r"[a-z0-9']+", text.casefold())


def several_modes(modes: Modes, typed: str) -> list[int]:
    """The modes a ``choosing ...`` names when it is several modes' texts joined by "and"
    ("Deal 4 to a unit in a base and Kill a gear": one per execution of a Repeat, 820.2.a);
    [] when it isn't (then ``match_mode`` reads it as one)."""
    pieces = re.split(r"\s*(?:,\s*and|,|\band)\s+", typed.strip())
    texts = [_words(mode) for mode in modes.modes]

    def split(rest: list[str]) -> list[int] | None:
        if not rest:
            return []
        for cut in range(1, len(rest) + 1):
            words = _words(" and ".join(rest[:cut]))
            if words in texts:
                tail = split(rest[cut:])
                if tail is not None:
                    return [texts.index(words), *tail]
        return None

    found = split(pieces)
    return found if found is not None and len(found) > 1 else []


def match_mode(modes: Modes, typed: str, card_name: str) -> int:
    """Which of ``modes`` the statement's ``choosing ...`` names: its text as printed, the
    start of it, or most of its words (``Deflect`` for ``[Deflect]``, ``Might`` for ``[M]``)."""
    said = _words(typed)
    if not said:
        raise EngineError(f"Say which mode of {card_name} is chosen.")
    scores: list[float] = []
    for mode in modes.modes:
        words = _words(mode)
        if words[: len(said)] == said or said[: len(words)] == words:
            scores.append(2.0)
            continue
        common = len(set(words) & set(said))
        scores.append(common / max(len(set(words) | set(said)), 1))
    best = max(scores)
    if best >= 0.5 and scores.count(best) == 1:
        return scores.index(best)
    raise EngineError(
        f"“{typed}” is not one of {card_name}'s modes ({modes.listed()}).",
        hint=f"Name one of them, e.g. “... plays {card_name} choosing {modes.label(-1)}.”",
    )
