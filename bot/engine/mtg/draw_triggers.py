"""Triggers on a card being drawn: "Whenever an opponent draws a card, they lose 2 life."
(Sheoldred, the Apocalypse), "Whenever you draw a card, Niv-Mizzet deals 1 damage to any
target." (Niv-Mizzet, Parun), "... whenever an opponent draws a card except the first one they
draw in each of their draw steps, ..." (Orcish Bowmasters).

Each card is drawn on its own (CR 121.2: "If a player is instructed to draw multiple cards,
that player performs that many individual card draws"), so such an ability triggers once per
card (603.2c) and goes on the stack the next time a player would receive priority (603.3):
Divination under Sheoldred makes two triggers.  One whose effect targets waits for its targets
(603.3d).  The bot keeps no libraries, so which card was drawn is never known; and it keeps no
steps, so a draw is taken to be outside its player's draw step unless said ("draws for the
turn").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.engine.frozen import evolve
from bot.engine.model import GameObject, Zone
from bot.engine.mtg.apnap import RULE as APNAP_RULE
from bot.engine.mtg.apnap import apnap_note
from bot.engine.mtg.cast_triggers import effect_for_event
from bot.engine.mtg.phrase_vocab import NUMBER_WORDS, number_value
from bot.engine.mtg.state import GameState, push_line_trigger
from bot.engine.mtg.statics import loses_all_abilities, rules_text_lost_to
from bot.engine.mtg.waiting_triggers import wait_for_targets
from bot.engine.verdict import Verdict, merge_rules
from bot.engine.wording import and_list

KEYWORD = "draw trigger"
RULES = ("121.2", "603.2", "603.3")

_REMINDER = re.compile(r"\s*\([^)]*\)")
_LINE = re.compile(
    r"^(?:[a-z' ]+ — )?(?:when this creature enters and )?whenever (?P<who>you|a player|an "
    r"opponent) draws? (?:a card|(?P<nth>(?:their|your) (?:first|second|third) card each turn))"
    r"(?P<except> except the first one (?:they|you) draws? in each of (?:their|your) draw steps)?"
    r"(?:, (?P<condition>if [^,]+))?, (?P<effect>.+?)\.?$",
    re.IGNORECASE,
)
# What a resolving effect's part draws: "Draw two cards", "you draw a card", "Target player
# draws two cards and loses 2 life", "Each player ... draws seven cards" (Wheel of Fortune).
_DRAWS = re.compile(
    r"(?:^|\bthen |, |\band )(?:(?P<who>you|target player|target opponent|each player|each "
    r"opponent|that player|they|(?-i:[A-Z][\w'-]+)) )?draws? (?P<count>a|one|two|three|four|five|six|"
    r"seven|eight|nine|ten|\d+|x) cards?\b(?P<rest>[^.]*)",
    re.IGNORECASE,
)
_SUBJECTS = r"you|target player|target opponent|each player|each opponent|that player|they"
# The subject a "then draws" leans on: "Each player discards their hand, then draws seven".
_SENTENCE_SUBJECT = re.compile(rf"^(?P<who>{_SUBJECTS}) ", re.IGNORECASE)
# Sheoldred's "they lose 2 life": the drawer, with the verb agreeing.
_COUNT_WORDS = {
    number: word for word, number in NUMBER_WORDS.items() if word not in ("a", "an", "one", "zero")
}
_THEY_DO = re.compile(r"\bthey (lose|gain|discard|sacrifice|mill|draw|create|pay)\b", re.I)


@dataclass(frozen=True)
class Draw:
    """``count`` cards drawn one at a time by ``player`` (CR 121.2); ``draw_step``: the first
    of them is their draw step's draw (504.1)."""

    player: str
    count: int
    draw_step: bool = False


def is_draw_trigger(text: str) -> bool:
    """Whether an ability's text is one this module puts on the stack as a card is drawn."""
    return _LINE.match(_REMINDER.sub("", text).strip()) is not None


def draws_in_part(
    text: str,
    controller: str,
    affected: Sequence[str],
    players: Sequence[str],
    x: int | None = None,
) -> list[Draw] | None:
    """The draws a resolving effect's part makes, ``controller``'s for "draw"/"you draw",
    ``affected`` for "target player draws" (``x``: the X chosen, 107.3); None when it draws but
    the bot can't tell who or how many ("draws cards equal to ...", "if ..."), [] when it
    draws nothing."""
    text = text.strip().removeprefix("•").strip()  # a mode's bullet (700.2)
    found = _DRAWS.search(text)
    if found is None:
        return None if re.search(r"\bdraws? .*cards?\b", text, re.IGNORECASE) else []
    if found["rest"].strip().lower().startswith(("if ", "for each", "equal")):
        return None  # Veil of Summer's "Draw a card if an opponent has cast ...": unknown
    if found["count"].lower() == "x" and x is None:
        return None
    count = x if found["count"].lower() == "x" and x is not None else _count(found["count"])
    leading = _SENTENCE_SUBJECT.match(text) if found.start() > 0 else None
    who = (found["who"] or (leading["who"] if leading else "you")).lower()
    if who == "you":
        drawers = [controller]
    elif who == "each player":
        drawers = list(players)
    elif who == "each opponent":
        drawers = [p for p in players if p.lower() != controller.lower()]
    elif who in ("target player", "target opponent", "that player", "they"):
        drawers = [p for p in affected if p.lower() in {q.lower() for q in players}]
        if len(drawers) != 1:
            return None
    else:
        drawers = [p for p in players if p.lower() == who]
        if not drawers:
            return None
    return [Draw(player, count) for player in drawers]


def _count(word: str) -> int:
    counted = number_value(word.lower())
    assert counted is not None  # _DRAWS allows only number words and digits
    return counted


def draw_triggers(
    state: GameState, draws: Iterable[Draw], *, active: str | None = None
) -> tuple[GameState, list[str], tuple[str, ...]]:
    """``state`` with the abilities the ``draws`` trigger put on the stack (untargeted) or
    waiting for their targets (603.3d), once per card drawn (121.2, 603.2c), a note for each
    ability, and the rules cited. ``active``: the player whose triggers go first (603.3b)."""
    notes: list[str] = []
    triggered: list[str] = []  # whose abilities triggered, for the APNAP note (603.3b)
    draws = list(draws)
    waiting_before = len(state.waiting_triggers)
    # The active player's first (603.3b); unknown, the first drawer is taken for it.
    likely_active = active or (draws[0].player if draws else None)
    sources = sorted(
        state.zone_objects(Zone.BATTLEFIELD),
        key=lambda obj: likely_active is not None and obj.controller != likely_active,
    )
    # All of one player's triggers go on the stack before the next player's (603.3b), so the
    # sources come first and the draws inside.
    for source in sources:
        if source.phased_out or loses_all_abilities(state, source):
            continue  # no abilities, so nothing triggers (613.1f, 702.26b)
        if rules_text_lost_to(state, source):
            continue
        for draw in draws:
            for raw in source.oracle_text.splitlines():
                line = _REMINDER.sub("", raw).strip()
                if (found := _LINE.match(line)) is not None:
                    put_before = len(state.stack) + len(state.waiting_triggers)
                    state, note = _triggered(state, draw, source, line, found)
                    if note:
                        notes.append(note)
                    if len(state.stack) + len(state.waiting_triggers) > put_before:
                        triggered.append(source.controller)
    if likely_active and (order := apnap_note(triggered, likely_active)):
        notes.append(order)
    waits = len(state.waiting_triggers) > waiting_before
    rules = (*RULES, "603.3d") if waits else RULES if notes else ()
    return state, notes, (*rules, APNAP_RULE) if len(set(triggered)) > 1 else rules


def _triggered(
    state: GameState, draw: Draw, source: GameObject, line: str, found: re.Match[str]
) -> tuple[GameState, str]:
    who = found["who"].lower()
    drawer, controller = draw.player, source.controller
    if (who == "you" and drawer.lower() != controller.lower()) or (
        who == "an opponent" and drawer.lower() == controller.lower()
    ):
        return state, ""
    cards = cards_said(draw.count)
    if found["nth"] or found["condition"]:
        return state, (
            f"{source.name}'s “{line}” may trigger as {drawer} draws {cards} (121.2, 603.2); the "
            "bot keeps no count of the cards drawn each turn nor its condition, so it puts no "
            "trigger on the stack: say what it does"
        )
    times = draw.count - (1 if draw.draw_step and found["except"] else 0)
    skipped = (
        f" (not for the first card, {drawer}'s draw step draw, as its text says)"
        if times < draw.count
        else ""
    )
    if times <= 0:
        return state, (
            f"{source.name}'s ability doesn't trigger: {drawer}'s draw was the first one in "
            f"{drawer}'s draw step (“{line}”)"
        )
    effect = effect_for_event(found["effect"], source, drawer, controller)
    effect = _THEY_DO.sub(lambda verb: f"{drawer} {verb[1].lower()}s", effect)
    event = f"{drawer} drew a card"
    twice = "" if times == 1 else f" {_times(times)}"
    if re.search(r"\btargets?\b", effect, re.IGNORECASE):
        for _ in range(times):
            state = wait_for_targets(state, source, line, event)
        return state, (
            f"{source.name}'s ability triggers{twice} as {drawer} draws {cards}{skipped} "
            f"(“{line}”; each card is drawn on its own, 121.2); its targets are chosen as it goes "
            f"on the stack: say “{source.name}'s trigger targets …” (603.2, 603.3d)"
        )
    name = f"{source.name}'s trigger"
    ids = []
    for _ in range(times):
        state, pushed = push_line_trigger(
            state, source, line, effect, keyword=KEYWORD, rule="603.2"
        )
        ids.append(f"#{pushed.object_id}")
    return state, (
        f"{source.name}'s ability triggers{twice} as {drawer} draws {cards}{skipped} (each card "
        f"is drawn on its own, 121.2): {name} ({and_list(ids)}) on the stack: “{effect}” "
        "(603.2, 603.3)"
    )


def cards_said(count: int) -> str:
    """ "a card", "two cards", "12 cards"."""
    return "a card" if count == 1 else f"{_COUNT_WORDS.get(count, count)} cards"


def _times(count: int) -> str:
    return {2: "twice", 3: "three times"}.get(count, f"{count} times")


def with_draw_triggers(
    after: GameState, verdict: Verdict, controller: str | None, x: int | None = None
) -> tuple[GameState, Verdict]:
    """``after`` with what the draws of the effect that just resolved (``verdict``'s effect
    parts that happened; ``controller`` its controller) triggered, noted on ``verdict``;
    a part whose draws the bot can't count is noted instead (121.2, 603.2)."""
    if controller is None or not verdict.effects:
        return after, verdict
    players = after.players_in_game
    draws: list[Draw] = []
    unknown: list[str] = []
    for report in verdict.effects:
        if not report.happens:
            continue
        found = draws_in_part(report.text, controller, report.affected, players, x)
        if found is None:
            unknown.append(report.text)
        else:
            draws.extend(found)
    if not draws and not unknown:
        return after, verdict
    if unknown and draw_watchers(after):
        verdict = _noted(
            verdict,
            f"“{unknown[0]}” may draw cards; the bot can't tell who or how many, so no draw "
            f"trigger is put on the stack for it: say “{controller} draws a card.” (or whoever "
            "drew) for each card drawn",
            (),
        )
    after, notes, rules = draw_triggers(after, draws, active=controller)
    for note in notes:
        verdict = _noted(verdict, note, rules)
    return after, verdict


def draw_watchers(state: GameState) -> list[str]:
    """The names of the permanents on the battlefield with a draw trigger (Sheoldred), sorted."""
    return sorted(
        {
            obj.name
            for obj in state.zone_objects(Zone.BATTLEFIELD)
            if any(is_draw_trigger(line) for line in obj.oracle_text.splitlines())
        }
    )


def _noted(verdict: Verdict, note: str, rules: tuple[str, ...]) -> Verdict:
    return evolve(verdict, notes=(*verdict.notes, note), rules=merge_rules(verdict.rules, rules))
