"""Split a face's Oracle text into abilities: cost, trigger, modal header and modes.

One paragraph is one ability (CR 113.2c), except that the bullet lines of a modal ability
("• ...", spree's "+ {1} — ...") belong to the paragraph before them (CR 700.2).  Reminder
text in parentheses is dropped (it never adds to the rules, CR 207.2); quoted text is kept but
masked, because a quoted ability belongs to the object that gains it, not to this one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.engine.cards import names_itself
from bot.engine.mtg.phrase_target import lower_same_length
from bot.engine.requirements import AbilityKind

_REMINDER = re.compile(r"\s*\([^()]*\)")
_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”")
_MASK = "·"
# Bullets, spree's "+ {1} —" and the pawprint modes' "{P}{P} —" (CR 700.2, 702.172a, 700.2i).
_BULLET = re.compile(r"^(?:•|\+ (?:\{[^}]*\})+ —|(?:\{P\})+ —)")
_CHAPTER = re.compile(r"^(?:[IVX]+(?:, [IVX]+)*|\{TK\}+) — ")
_ABILITY_WORD = re.compile(r"^(?!Choose\b)[A-Z][A-Za-z0-9'’ ,\-]{0,38}? — (?=\S)")
_LOYALTY = re.compile(r"^\[?(?:[+−\-]?(?:\d+|X)|0)\]?: ", re.IGNORECASE)
_TRIGGER_START = re.compile(r"^(?:When|Whenever|At)\b")
_MODAL = re.compile(
    r"\bchoose (?P<how>one or both|one or more|any number(?: of them)?|up to (?:one|two|three|"
    r"four|five|x|that many)|one|two|three|four|five|x)\b[^—.\n]*?(?:—|\.|$)",
    re.IGNORECASE,
)
_SLOT_IN_CONDITION = re.compile(r"(?<!the )(?<!a )\btarget\b(?! of\b)")
# A trigger condition limited to this turn or to the next event: a delayed triggered ability
# created by the spell (CR 603.7a), not an ability of the card.
_DELAYED_CONDITION = re.compile(r"\bthis turn\b|^when you next\b|^the next time\b")
_WORD_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_PAWPRINT_BUDGET = re.compile(
    r"\bchoose up to (?P<n>one|two|three|four|five|\d+) \{p\} worth of modes", re.IGNORECASE
)
_PAWPRINT_MODE = re.compile(r"^(?P<paws>(?:\{P\})+) — ", re.MULTILINE)


def pawprint_budget(text: str) -> int:
    """How many {P} worth of modes may be chosen (CR 700.2i); 0 if not a pawprint spell."""
    found = _PAWPRINT_BUDGET.search(text)
    if found is None:
        return 0
    n = found["n"].lower()
    return int(n) if n.isdigit() else _WORD_NUMBERS[n]


_NAMED_MODE = re.compile(r"^•\s*(?P<name>[A-Z][A-Za-z' ,\-]{0,30}?) — ", re.MULTILINE)


def mode_names(text: str) -> tuple[str, ...]:
    """The names the modes have, in order: tiered's "• Fira — {2} — ..." (CR 702.183a); empty
    when they have none."""
    return tuple(m["name"] for m in _NAMED_MODE.finditer(text))


def pawprint_costs(text: str) -> tuple[int, ...]:
    """The pawprints of each mode, in order ("{P}{P} — Exile ..." costs 2; CR 700.2i)."""
    return tuple(m["paws"].count("{P}") for m in _PAWPRINT_MODE.finditer(text))


@dataclass(frozen=True)
class Block:
    """One ability's text, with the parts the reader needs.

    ``masked`` is the lowercased text with quoted abilities masked (same length, so offsets
    map to ``text``); ``body_start`` is where the effect begins after a cost or trigger;
    ``modes`` are (start, end) spans of the modes in ``text`` (one span if not modal).
    """

    text: str
    masked: str
    kind: AbilityKind
    cost: str
    trigger: str
    body_start: int
    modes: tuple[tuple[int, int], ...]
    choose: tuple[int, int] | None
    quoted: tuple[str, ...]


def strip_reminder(text: str) -> str:
    return _REMINDER.sub("", text)


def refers_to_itself(who: str, name: str) -> bool:
    """Words of an object's text that mean the object called ``name`` itself: "~", "it",
    "this creature", or its name, whole or a legend's short name ("Kalamax", 201.5c)."""
    words = who.strip().lower()
    return words in ("~", "it") or words.startswith("this ") or names_itself(words, name)


def paragraphs(oracle_text: str) -> list[str]:
    """Paragraphs of the text with reminder text removed and bullet lines joined on."""
    lines = [line.strip() for line in strip_reminder(oracle_text).split("\n")]
    result: list[str] = []
    for line in lines:
        if not line:
            continue
        if _BULLET.match(line) and result:
            result[-1] += "\n" + line
        else:
            result.append(line)
    return result


def mask_quotes(text: str) -> tuple[str, tuple[str, ...]]:
    """Lowercased text with quoted passages replaced by a filler of the same length."""
    quoted = tuple(m.group(0)[1:-1] for m in _QUOTED.finditer(text))
    masked = _QUOTED.sub(
        lambda m: m.group(0)[0] + _MASK * (len(m.group(0)) - 2) + m.group(0)[-1], text
    )
    return lower_same_length(masked), quoted


def read_block(paragraph: str, *, spell_face: bool) -> Block:
    """Decide the kind of one paragraph and find its cost, trigger and modes."""
    prefix = _leading_label(paragraph)
    masked, quoted = mask_quotes(paragraph)
    rest = masked[prefix:]
    kind, cost, trigger, body_start = _kind_and_parts(paragraph, rest, prefix, spell_face)
    modes, choose = _modes(paragraph, masked, body_start)
    return Block(paragraph, masked, kind, cost, trigger, body_start, modes, choose, quoted)


def _leading_label(paragraph: str) -> int:
    """Length of an ability word, a saga chapter or a spree cost label to skip."""
    first_line = paragraph.split("\n", 1)[0]
    chapter = _CHAPTER.match(first_line)
    if chapter:
        return chapter.end()
    word = _ABILITY_WORD.match(first_line)
    if word and ":" not in word.group(0):
        return word.end()
    return 0


def _kind_and_parts(
    paragraph: str, rest: str, prefix: int, spell_face: bool
) -> tuple[AbilityKind, str, str, int]:
    if _CHAPTER.match(paragraph):
        # CR 714.2b: chapter abilities are triggered abilities.
        return AbilityKind.TRIGGERED, "", paragraph[: prefix - 3], prefix
    loyalty = _LOYALTY.match(rest)
    if loyalty:
        # CR 606.4: a loyalty ability is an activated ability; its cost is the loyalty symbol.
        cost = paragraph[prefix : prefix + loyalty.end() - 2].strip("[]")
        return AbilityKind.ACTIVATED, cost, "", prefix + loyalty.end()
    if _TRIGGER_START.match(rest.capitalize()):
        comma = _trigger_comma(rest)
        condition = rest[: max(comma, 0)]
        if spell_face and (
            _SLOT_IN_CONDITION.search(condition) or _DELAYED_CONDITION.search(condition)
        ):
            # "When target creature dies this turn, ..." on an instant, "Whenever a Minotaur
            # attacks this turn, ..." on a sorcery: a delayed trigger the spell sets up as it
            # resolves (CR 603.7a), part of its effect, and its target is the spell's (603.7).
            return AbilityKind.SPELL, "", "", prefix
        trigger = paragraph[prefix : prefix + comma] if comma >= 0 else ""
        start = prefix + comma + 2 if comma >= 0 else prefix
        return AbilityKind.TRIGGERED, "", trigger, start
    colon = _cost_colon(rest)
    if colon >= 0:
        # CR 602.1a: "[Cost]: [Effect.]"
        return AbilityKind.ACTIVATED, paragraph[prefix : prefix + colon], "", prefix + colon + 2
    if spell_face and _SPELL_STATIC.match(rest):
        # "This spell costs {1} more to cast ...", "This spell can't be countered.": static
        # abilities that work while the spell is cast or on the stack (CR 601.2f, 113.6), not
        # part of what the spell does as it resolves (CR 608.2).
        return AbilityKind.STATIC, "", "", prefix
    reflexive = None if spell_face else _REFLEXIVE.search(rest)
    if reflexive is not None:
        # CR 603.12: "You may exert Glorybringer as it attacks. When you do, it deals 4 damage
        # to target ...": "When you do" is a reflexive triggered ability, and its targets are
        # chosen as it is put on the stack (found by QA 13: "Glorybringer has no triggered
        # ability").
        trigger = paragraph[prefix + reflexive.start("trigger") : prefix + reflexive.end("trigger")]
        return AbilityKind.TRIGGERED, "", trigger, prefix + reflexive.end()
    kind = AbilityKind.SPELL if spell_face else AbilityKind.STATIC
    return kind, "", "", prefix


_REFLEXIVE = re.compile(r"\.\s+(?P<trigger>when you do|when they do|when you don[’']t), ", re.I)


_SPELL_STATIC = re.compile(
    r"(?:this spell (?:costs|can[’']t be countered|can be cast|has)|"
    r"as an additional cost to cast this spell|spend only)\b",
    re.IGNORECASE,
)


def _trigger_comma(rest: str) -> int:
    """The comma that ends a trigger condition (CR 603.1), skipping "if"-less lists."""
    first_line = rest.split("\n", 1)[0]
    return first_line.find(", ")


def _cost_colon(rest: str) -> int:
    first_line = rest.split("\n", 1)[0]
    colon = first_line.find(": ")
    if colon < 0:
        return -1
    before = first_line[:colon]
    if "." in before or len(before) > 160 or before.startswith(("choose", "•")):
        return -1
    return colon


def _modes(
    paragraph: str, masked: str, body_start: int
) -> tuple[tuple[tuple[int, int], ...], tuple[int, int] | None]:
    lines = paragraph.split("\n")
    if len(lines) == 1:
        return ((body_start, len(paragraph)),), None
    spans: list[tuple[int, int]] = []
    offset = len(lines[0]) + 1
    for line in lines[1:]:
        start = offset + _mode_label_length(line)
        spans.append((start, offset + len(line)))
        offset += len(line) + 1
    header = masked[: len(lines[0])]
    return tuple(spans), _choose_range(header, len(spans))


def _mode_label_length(line: str) -> int:
    spree = re.match(r"^(?:\+ (?:\{[^}]*\})+|(?:\{P\})+) — ", line)
    if spree:
        return spree.end()
    bullet = re.match(r"^•\s*(?:[A-Z][A-Za-z' ,\-]{0,30}?(?: (?:\{[^}]*\})+)? — )?", line)
    return bullet.end() if bullet else 0


def _choose_range(header: str, mode_count: int) -> tuple[int, int]:
    """(min, max) modes from the header (CR 700.2); spree chooses one or more (702.172a)."""
    match = _MODAL.search(header)
    if not match:
        return (1, mode_count) if "spree" in header else (1, 1)
    how = match.group("how").lower()
    if budget := pawprint_budget(header):
        # CR 700.2i: "Choose up to five {P} worth of modes": any number of modes whose
        # pawprints total no more than that; each costs at least one, so at most that many.
        return 0, budget
    if how == "one or both":
        return 1, 2
    if how == "one or more":
        return 1, mode_count
    if how.startswith("any number"):
        return 0, mode_count
    if how.startswith("up to "):
        value = _WORD_NUMBERS.get(how.removeprefix("up to "), mode_count)
        return 0, min(value, mode_count)
    value = _WORD_NUMBERS.get(how, mode_count)
    return value, value
