"""Split an effect into parts and say which target slots each part affects (CR 608.2b).

When some targets have become illegal, the parts of the effect that affect only illegal
targets don't happen; the rest does.  Arc Trail: "deals 2 damage to any target" is slot 0,
"and 1 damage to any other target" slot 1.  A part without a target phrase that refers back
("that creature", "it", "its controller") follows the slots of the part before it.
"""

from __future__ import annotations

import re

_SENTENCE = re.compile(r"(?<=[.])\s+|\n")
# A clause boundary inside a sentence, used only when the next clause names a new target, or
# puts counters on the ability's own source ("Exile target creature card from your graveyard
# and put a +1/+1 counter on this creature", Patchwork Crawler): that part affects no target,
# so it happens whatever becomes of the target's part (CR 608.2b, 122.1).
_CLAUSE = re.compile(
    r",? and (?=[^.]*?\btargets?\b)|, then |; "
    r"|,? and (?=put (?:a|an|one|two|three|\d+) [+-]1/[+-]1 counters? on this "
    r"(?:creature|permanent)\.?$)"
)
_BACK_REFERENCE = re.compile(
    r"\b(?:it|its|it's|they|them|their|that (?:creature|player|permanent|spell|ability|card|"
    r"land|artifact|enchantment|planeswalker|opponent|token|battle|object)s?|those "
    r"[a-z]+|the (?:creature|player|permanent|spell|card)|each of them|he|she|his|her)\b"
)
_CHOOSE = re.compile(r"choose\b", re.IGNORECASE)
_ALL_OF_THEM = re.compile(r"\b(?:each of them|them|they|those [a-z]+)\b")
_BARE_TARGET = re.compile(
    r"\b(?:up to (?:one|two|three|\w+) |another |any number of )?targets?\b", re.I
)
_UNTARGETED = re.compile(
    r"\b(?:each (?:other )?(?:opponent|player|creature|permanent|nonland permanent|land|"
    r"artifact|enchantment|planeswalker|spell|card|creature and each player)s?"
    r"(?: you control| your opponents control| an opponent controls| you don't control)?"
    r"|all (?:other )?(?:[a-z]+ )?(?:creatures|permanents|lands|artifacts|enchantments|"
    r"planeswalkers|players|opponents|spells|cards)(?: you control| your opponents control)?"
    r"|choose (?:a|an|one|two|up to one|any number of) (?:[a-z]+ )?(?:creature|player|opponent|"
    r"permanent|card|land|artifact|color|creature type|number|mode)s?"
    r"|defending player|an opponent|your opponents|you)\b"
)

# Restrictions on when or how often an ability is activated (CR 602.5b, 602.5d-e: "Activate
# only as a sorcery", "Activate only once each turn"), or on when a spell is cast: rules for
# activating or casting it, not something it does as it resolves (608.2).
_USE_RESTRICTION = re.compile(
    r"^(?:activate (?:this ability )?only\b|activate (?:this ability )?no more than\b|"
    r"any player may activate this ability\b|cast this spell only\b)",
    re.IGNORECASE,
)


def is_use_restriction(sentence: str) -> bool:
    """Whether a sentence of an ability only restricts when or how often it is activated
    ("Activate only as a sorcery", CR 602.5d) rather than being part of its effect."""
    return _USE_RESTRICTION.match(sentence.strip()) is not None


def without_use_restrictions(text: str) -> str:
    """The effect text with its activation restrictions dropped (CR 602.5b, 602.5d)."""
    sentences = [s for s in _SENTENCE.split(text) if s.strip()]
    kept = [s for s in sentences if not is_use_restriction(s)]
    return " ".join(kept) if kept and len(kept) < len(sentences) else text


def effect_parts(
    text: str,
    masked: str,
    start: int,
    end: int,
    spans: list[tuple[int, int]],
    first_index: int,
) -> list[tuple[str, tuple[int, ...]]]:
    """(part text, slot indexes) for the effect text between ``start`` and ``end``."""
    parts: list[tuple[str, tuple[int, ...]]] = []
    previous: tuple[int, ...] = ()
    chosen: tuple[int, ...] = ()  # the slots of the "Choose target ..." parts just before
    previous_end = start
    for part_start, part_end in _part_spans(masked, start, end, text):
        piece = text[part_start:part_end].strip(" ,;\n")
        joined = text[previous_end:part_start]
        previous_end = part_end
        if not piece or is_use_restriction(piece):
            continue
        # (A sentence's span keeps its full stop, so "joined" is only the space after it.)
        new_sentence = "." in joined or "\n" in joined or bool(parts and parts[-1][0].endswith("."))
        if parts and _BARE_TARGET.match(piece) and not new_sentence:
            # "Destroy target nonblack creature and target land": the second clause shares the
            # verb, so it reads "Destroy target land" on its own (Plague Spores, CR 608.2b).
            verb = _BARE_TARGET.search(parts[-1][0])
            if verb is not None and verb.start() > 0:
                piece = parts[-1][0][: verb.start()] + piece
        own = tuple(
            first_index + i
            for i, (slot_start, slot_end) in enumerate(spans)
            if part_start <= slot_start < part_end or (slot_start < part_start < slot_end)
        )
        if own:
            indexes = own
            if _BACK_REFERENCE.search(_outside(masked, part_start, part_end, spans)):
                indexes = tuple(dict.fromkeys(own + previous))
            previous = own
            chosen = (*chosen, *own) if _CHOOSE.match(piece) else ()
        elif chosen and _ALL_OF_THEM.search(masked[part_start:part_end]):
            # Strength of the Tajuru: "Choose target creature, then choose another target
            # creature for each time this spell was kicked. Put X +1/+1 counters on each of
            # them": every creature chosen (CR 608.2c).
            indexes = chosen
        elif previous and _BACK_REFERENCE.search(
            # "Shuffle Beacon of Destruction into its owner's library": "its owner's" there is
            # the spell's own; "its controller" still refers back to the target.
            re.sub(r"\bits owner's\b", " ", masked[part_start:part_end])
        ):
            indexes = previous
        else:
            indexes = ()
        parts.append((piece, tuple(sorted(indexes))))
    return parts


# "its owner's hand" after a target is about that same target, not an earlier one; so is
# "their owners' hands" closing a list of targets (Aether Tradewinds).
_OWN_TARGET_WORDS = re.compile(
    r"\bits (?:owner|controller)'s\b|\bits (?:owner|controller)\b|"
    r"\btheir (?:owners|controllers)'(?:s)?(?=\s)"
)


def _outside(masked: str, start: int, end: int, spans: list[tuple[int, int]]) -> str:
    """The part's text with its own target phrases removed, to look for back references."""
    chunk = list(masked[start:end])
    for slot_start, slot_end in spans:
        for i in range(max(slot_start, start), min(slot_end, end)):
            chunk[i - start] = " "
    text = "".join(chunk)
    # "its owner's hand" after a target is about that same target, not an earlier one; so is
    # "their owners' hands" closing a list of targets (Aether Tradewinds).
    return _OWN_TARGET_WORDS.sub(" ", text)


# A quoted ability that ends its sentence: 'create two 1/1 black Rat creature tokens with "This
# token can't block." Then if you control five or more Rats, ...' (Ogre Chitterlord): the
# sentence after it is a part of its own, found in the original text (the mask hides the full
# stop inside the quotes).
_AFTER_QUOTED_SENTENCE = re.compile(r"(?<=\.[\"”])\s+(?=[A-Z])")


def _part_spans(masked: str, start: int, end: int, text: str = "") -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    cursor = start
    breaks = [(m.start(), m.end()) for m in _SENTENCE.finditer(masked, start, end)]
    if text:
        breaks += [(m.start(), m.end()) for m in _AFTER_QUOTED_SENTENCE.finditer(text, start, end)]
    for break_start, break_end in sorted(breaks):
        spans.extend(_clauses(masked, cursor, break_start))
        cursor = break_end
    spans.extend(_clauses(masked, cursor, end))
    return spans


def _clauses(masked: str, start: int, end: int) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    cursor = start
    for boundary in _CLAUSE.finditer(masked, start, end):
        before = masked[cursor : boundary.start()]
        if "target" not in before:
            continue  # only split off clauses once the first one has its own target
        spans.append((cursor, boundary.start()))
        cursor = boundary.end()
    spans.append((cursor, end))
    return spans


def untargeted_phrases(masked: str) -> tuple[str, ...]:
    """Phrases that affect objects or players without targeting them (CR 115.10)."""
    found = [m.group(0) for m in _UNTARGETED.finditer(masked)]
    return tuple(dict.fromkeys(found))
