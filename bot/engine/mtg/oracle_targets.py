"""Read what a card face's Oracle text asks to target (CR 115).

Entry points:

- ``read_face(name, type_line, oracle_text, keywords)``: every ability of one face;
- ``read_text(text, type_line="Instant")``: arbitrary text, for questions such as
  'Does "Each opponent sacrifices a creature" target?' (CR 115.10).

Decisions the game side should know:

- Slot ``index`` values are unique within an ability and follow the text, across modes too
  (Cryptic Command: "target spell" is slot 0, "target permanent" slot 1), so an index names
  one instance of the word "target" (CR 115.3).
- The spell ability of an instant or sorcery is every paragraph that is not a keyword, an
  activated or a triggered ability, read as one ability (CR 113.3a, 115.1a).
- A quoted ability ('gains "{T}: This creature deals 1 damage to any target"') belongs to
  the object that gains it (CR 113.1c); its slots are not the spell's.  It is read separately
  and returned in ``FaceTargeting.granted``.
- "another target"/"any other target" after an earlier slot of the same mode must differ from
  those slots (``distinct_from``); with no earlier slot it means "not this object"
  (``TargetDescription.not_source``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.engine.frozen import evolve
from bot.engine.mtg.filters import TargetDescription
from bot.engine.mtg.oracle_blocks import Block, paragraphs, read_block, strip_reminder
from bot.engine.mtg.oracle_effects import (
    effect_parts,
    untargeted_phrases,
    without_use_restrictions,
)
from bot.engine.mtg.oracle_keywords import (
    KeywordTargeting,
    keyword_without_line,
    read_keyword_line,
    spell_out_keyword_actions,
)
from bot.engine.mtg.oracle_retarget import read_retarget
from bot.engine.mtg.phrase_target import (
    TARGET_WORD,
    Mention,
    SlotPhrase,
    Unknown,
    description_from,
    lower_same_length,
    read_target_word,
)
from bot.engine.requirements import (
    AbilityKind,
    AbilitySpec,
    EffectPart,
    FaceTargeting,
    Mode,
    TargetSlot,
)

_DIVIDED = re.compile(r"\bdivided (?:as you choose|evenly)|\bdistribute\b|\bdivide\b")
_EVENLY = re.compile(r"\bdivided evenly\b")
_SPELL_TYPES = ("instant", "sorcery")
_CLEAVE_WORDS = re.compile(r"\[([^\]]*)\]")
_CLEAVE_REMOVED = re.compile(r" ?\[[^\]]*\]")


def read_face(
    name: str, type_line: str, oracle_text: str, keywords: Sequence[str] = ()
) -> FaceTargeting:
    """Every ability of one card face, with its target slots, modes and retargeting."""
    spell_face = any(word in type_line.lower() for word in _SPELL_TYPES)
    keyword_set = frozenset(k.lower() for k in keywords)
    abilities: list[AbilitySpec] = []
    granted: list[AbilitySpec] = []
    spell_blocks: list[Block] = []
    seen_keywords: set[str] = set()
    for said in paragraphs(oracle_text or ""):
        if "cleave" in keyword_set:
            # CR 702.148a: cast for its cleave cost the words in square brackets are removed
            # (a way of casting the bot doesn't model); cast as usual they are read as written:
            # "Destroy target [attacking] creature." targets an attacking creature.
            said = _CLEAVE_WORDS.sub(r"\1", said)
        paragraph = spell_out_keyword_actions(said, spell_face=spell_face)
        keyword_readings = read_keyword_line(paragraph, keyword_set)
        if keyword_readings is not None:
            for reading in keyword_readings:
                abilities.append(_keyword_ability(reading, name))
                seen_keywords.add(reading.keyword)
            continue
        if spell_face and _casting_keyword_line(paragraph, keyword_set):
            continue  # "Overload {3}{R}{R}{R}", "Kicker {2}": how it is cast, not its effect
        block = read_block(paragraph, spell_face=spell_face)
        granted.extend(_granted(block, name))
        if block.kind is AbilityKind.SPELL and block.choose is None:
            spell_blocks.append(block)
            continue
        abilities.append(_ability(block, name))
    if spell_blocks:
        abilities.insert(0, _spell_ability(spell_blocks, name))
    if spell_face and "cleave" in keyword_set:
        abilities.extend(_cleaved_spell(name, type_line, oracle_text or "", keywords))
    for keyword in sorted(keyword_set - seen_keywords):
        implied = keyword_without_line(keyword)
        if implied is not None and implied.keyword not in seen_keywords:
            abilities.append(_keyword_ability(implied, name))
    return FaceTargeting(name=name, abilities=tuple(abilities), granted=tuple(granted))


# A keyword's non-mana cost follows its dash directly ("Flashback—Tap three untapped white
# creatures you control."); an ability word is set off by a spaced dash ("Converge — Radiant
# Flames deals X damage ..."), and the card data lists ability words as keywords too.
_COST_AFTER_KEYWORD = re.compile(r"^(?:\s*(?:\{[^}]*\})+|\s+\d+|[—-](?! ).*|)\s*$")


def _casting_keyword_line(paragraph: str, keywords: frozenset[str]) -> bool:
    """A paragraph that is only a keyword the card data lists, with its cost or number.

    Not a paragraph that starts with an ability word: CR 207.2c, an ability word has no rules
    meaning, so what follows its dash is the ability itself (the spell's effect on an instant
    or sorcery, CR 113.3a)."""
    lowered = paragraph.lower()
    return any(
        lowered.startswith(keyword) and _COST_AFTER_KEYWORD.match(paragraph[len(keyword) :])
        for keyword in keywords
    )


def read_text(text: str, *, type_line: str = "Instant") -> FaceTargeting:
    """Read arbitrary rules text as if it were a card face of the given type."""
    return read_face("", type_line, text)


def cleave_texts(oracle_text: str) -> tuple[str, str]:
    """A cleave card's rules text without its cleave line, as cast normally (the words in
    square brackets kept) and for its cleave cost (those words removed), CR 702.148a."""
    lines = [line for line in oracle_text.splitlines() if not line.lower().startswith("cleave")]
    return (
        "\n".join(_CLEAVE_WORDS.sub(r"\1", line) for line in lines),
        "\n".join(_CLEAVE_REMOVED.sub("", line) for line in lines),
    )


def _cleaved_spell(
    name: str, type_line: str, oracle_text: str, keywords: Sequence[str]
) -> list[AbilitySpec]:
    """The spell ability cast for its cleave cost (CR 702.148a): "remove all text found within
    square brackets" ("Destroy target creature."), kept apart as bestow's is, for when the
    player casts it that way."""
    text = cleave_texts(oracle_text)[1]
    others = [k for k in keywords if k.lower() != "cleave"]
    return [
        evolve(ability, keyword="cleave", rule="702.148a")
        for ability in read_face(name, type_line, text, others).abilities
        if ability.kind is AbilityKind.SPELL
    ][:1]


def _spell_ability(blocks: list[Block], name: str) -> AbilitySpec:
    if len(blocks) == 1:
        return _ability(blocks[0], name)
    joined = "\n".join(block.text for block in blocks)
    return _ability(read_block_joined(joined), name)


def read_block_joined(text: str) -> Block:
    """Several spell paragraphs read as one spell ability (CR 113.3a)."""
    single = read_block(text.replace("\n", " "), spell_face=True)
    return Block(
        text=text,
        masked=single.masked,
        kind=AbilityKind.SPELL,
        cost="",
        trigger="",
        body_start=0,
        modes=((0, len(text)),),
        choose=None,
        quoted=single.quoted,
    )


def _ability(block: Block, name: str) -> AbilitySpec:
    unknown: list[str] = []
    mentions: list[str] = []
    header_end = block.modes[0][0] if block.choose is not None else block.body_start
    header_phrases, header_unknown, header_mentions = _readings(block.masked, 0, header_end, name)
    unknown.extend(header_unknown)
    mentions.extend(header_mentions)
    common: list[TargetSlot] = []
    if block.choose is not None:
        # "Choose one. Destroy target creature, then -" / "Target opponent chooses one -": a
        # target before the modes belongs to every mode (CR 700.2).
        for index, phrase in enumerate(header_phrases):
            common.append(_slot(index, phrase, common, block.masked))
    else:
        unknown.extend(f"target in a cost or condition: {p.text}" for p in header_phrases)
    modes: list[Mode] = []
    next_index = len(common)
    for mode_index, (start, end) in enumerate(block.modes):
        mode, mode_unknown, mode_mentions = _mode(
            block, mode_index, (start, end), common, next_index, name
        )
        next_index += len(mode.slots) - len(common)
        modes.append(mode)
        unknown.extend(mode_unknown)
        mentions.extend(mode_mentions)
    retarget = next((mode.retarget for mode in modes if mode.retarget), None)
    return AbilitySpec(
        kind=block.kind,
        text=block.text,
        modes=tuple(modes),
        choose=block.choose,
        cost=block.cost,
        trigger=block.trigger,
        retarget=retarget,
        unknown=tuple(unknown),
        mentions=tuple(mentions),
        untargeted=untargeted_phrases(block.masked),
    )


def _mode(
    block: Block,
    mode_index: int,
    span: tuple[int, int],
    common: list[TargetSlot],
    first_index: int,
    name: str,
) -> tuple[Mode, list[str], list[str]]:
    start, end = span
    masked = block.masked
    if block.choose is None and block.body_start > start:
        start = block.body_start
    phrases, unknown, mentions = _readings(masked, start, end, name)
    slots: list[TargetSlot] = list(common)
    for offset, phrase in enumerate(phrases):
        slots.append(_slot(first_index + offset, phrase, slots, masked))
    text = block.text[start:end].strip()
    spans = [(phrase.start, phrase.end) for phrase in phrases]
    effects = effect_parts(block.text, masked, start, end, spans, first_index)
    if common:
        header = block.text[: block.modes[0][0]].strip()
        effects.insert(0, (header, tuple(slot.index for slot in common)))
    retarget = read_retarget(masked[start:end]) if "target" in masked[start:end] else None
    mode = Mode(
        index=mode_index,
        text=text,
        slots=tuple(slots),
        effects=tuple(EffectPart(part, indexes) for part, indexes in effects),
        retarget=retarget,
    )
    return mode, unknown, mentions


def _readings(
    masked: str, start: int, end: int, name: str
) -> tuple[list[SlotPhrase], list[str], list[str]]:
    phrases: list[SlotPhrase] = []
    unknown: list[str] = []
    mentions: list[str] = []
    for match in TARGET_WORD.finditer(masked, start, end):
        reading = read_target_word(masked[:end], match.start(), source_name=name)
        if isinstance(reading, SlotPhrase):
            phrases.append(reading)
        elif isinstance(reading, Mention):
            mentions.append(reading.text)
        elif isinstance(reading, Unknown):
            unknown.append(reading.text)
    return phrases, unknown, mentions


_SLOT_TAIL = re.compile(r"['’]s$| without paying (?:its|their) mana costs?$")


def _slot(index: int, phrase: SlotPhrase, earlier: list[TargetSlot], masked: str) -> TargetSlot:
    description = phrase.description
    distinct: tuple[int, ...] = ()
    if phrase.other:
        if earlier:
            distinct = tuple(slot.index for slot in earlier)
        else:
            description = _not_source(description)
    sentence = _sentence_around(masked, phrase.start, phrase.end)
    divided = bool(_DIVIDED.search(sentence)) and phrase.max_count != 1
    # "the top three cards of target opponent's library": the target is the opponent.
    text = _SLOT_TAIL.sub("", phrase.text)
    if phrase.count_is_x:
        text = re.sub(r"\bx\b", "X", text)  # as printed: "X target artifacts"
    return TargetSlot(
        index=index,
        text=text,
        filter=description,
        min_count=phrase.min_count,
        max_count=phrase.max_count,
        divided=divided,
        distinct_from=distinct,
        divided_evenly=divided and bool(_EVENLY.search(sentence)),
        count_is_x=phrase.count_is_x,
    )


def _not_source(description: TargetDescription) -> TargetDescription:
    from dataclasses import replace

    return replace(description, not_source=True)


def _sentence_around(text: str, start: int, end: int) -> str:
    left = max(text.rfind(". ", 0, start), text.rfind("\n", 0, start))
    right = text.find(". ", end)
    return text[left + 1 : len(text) if right < 0 else right]


def _keyword_ability(reading: KeywordTargeting, name: str) -> AbilitySpec:
    description = (
        description_from(reading.target_phrase, source_name=name) if reading.target_phrase else None
    )
    unknown: tuple[str, ...] = ()
    slots: tuple[TargetSlot, ...] = ()
    if description is None and reading.target_phrase:
        unknown = (reading.target_phrase,)
    elif description is not None:
        if reading.target_phrase.lower().startswith(("another ", "other ")):
            # Reconfigure: "another target creature you control" is never this permanent
            # (702.151a; an Equipment can't equip itself, 301.5c).
            description = _not_source(description)
        slots = (TargetSlot(0, reading.target_phrase.lower(), description),)
    # The effect is what follows the cost ("{4}{G}{G}, Exile this card ...: Put ..."), so an
    # answer doesn't repeat the cost as if it happened on resolution.
    said = reading.text
    if reading.cost and said.startswith(f"{reading.cost}: "):
        said = said[len(reading.cost) + 2 :]
    # Equip's "Activate only as a sorcery" is when it may be activated (602.5d), not an effect.
    effect = EffectPart(without_use_restrictions(said), (0,) if slots else ())
    mode = Mode(0, reading.text, slots, (effect,))
    return AbilitySpec(
        kind=reading.kind,
        text=reading.text,
        modes=(mode,),
        cost=reading.cost,
        trigger=reading.trigger,
        keyword=reading.keyword,
        unknown=unknown,
        rule=reading.rule,
    )


def _granted(block: Block, name: str) -> list[AbilitySpec]:
    """Abilities in quotes that another object gains (CR 113.1c): read on their own."""
    result: list[AbilitySpec] = []
    for quoted in block.quoted:
        if "target" not in quoted.lower():
            continue
        face = read_face(name, "Creature", strip_reminder(quoted))
        result.extend(face.abilities)
        result.extend(face.granted)
    return result


def words_target(text: str) -> bool:
    """Does the text use the word "target" at all (outside reminder text)?"""
    return bool(TARGET_WORD.search(lower_same_length(strip_reminder(text))))
