"""Triggers on a spell being cast: "Whenever you cast an instant or sorcery spell, ~ deals 2
damage to each opponent." (Guttersnipe), "Whenever a player casts ..." (Niv-Mizzet, Parun),
"Whenever an opponent casts ..." and prowess ("Whenever you cast a noncreature spell, this
creature gets +1/+1 until end of turn.", CR 702.108a).

Casting a spell is the event (CR 601.2i: "any abilities that trigger when a spell is cast ...
trigger"), so each such ability of a permanent on the battlefield whose spell the cast matches
triggers once (603.2) and goes on the stack above the spell the next time a player would
receive priority (603.3), so it resolves first.  One whose effect targets waits for its
targets like any other trigger the bot notices (603.3d, ``waiting_triggers``).  The "copy that
spell" ones (Kalamax, storm) and heroic ("a spell that targets ~") have their own modules.  A
cast trigger whose wording the bot can't follow is named in a note, never ignored.
"""

from __future__ import annotations

import re

from bot.engine.model import GameObject, Zone
from bot.engine.mtg.apnap import apnap_note
from bot.engine.mtg.legality import has_quality, with_granted_keywords
from bot.engine.mtg.oracle_blocks import refers_to_itself
from bot.engine.mtg.state import GameState, StackEntry, push_line_trigger
from bot.engine.mtg.statics import loses_all_abilities, rules_text_lost_to
from bot.engine.mtg.waiting_triggers import wait_for_targets

KEYWORD = "cast trigger"
RULES = ("601.2i", "603.2", "603.3")
PROWESS_TEXT = "Whenever you cast a noncreature spell, this creature gets +1/+1 until end of turn."

_REMINDER = re.compile(r"\s*\([^)]*\)")
_LINE = re.compile(
    # After an ability word, which has no rules meaning (CR 207.2c): "Magecraft — Whenever ...".
    r"^(?:[a-z' ]+ — )?(?:whenever|when) (?P<who>you|a player|an opponent) "
    r"(?:casts? or cop(?:y|ies)|casts?) (?P<what>[^,]+?), "
    r"(?:if (?P<condition>[^,]+), )?(?P<effect>.+?)\.?$",
    re.IGNORECASE,
)
# Handled elsewhere: copy triggers (cast_copy_triggers, storm) and heroic (targeted_triggers).
# "When you cast this spell" (Ulamog) triggers only as that card itself is cast (603.6 kin).
_OTHER_MODULE = re.compile(
    r"\bcopy (?:that spell|it)\b|\bspell that targets\b|\bcasts? this spell\b", re.IGNORECASE
)
# Magecraft: "Whenever you cast or copy an instant or sorcery spell, ...".
_CAST_OR_COPY = re.compile(r"\bcasts? or cop(?:y|ies)\b", re.IGNORECASE)
_WHAT = re.compile(r"^an? (?P<kinds>(?:[a-z-]+,? )*?)spell$", re.IGNORECASE)
_KIND_WORDS = frozenset(
    {
        "instant",
        "sorcery",
        "creature",
        "artifact",
        "enchantment",
        "planeswalker",
        "battle",
        "kindred",
        "legendary",
        "white",
        "blue",
        "black",
        "red",
        "green",
        "colorless",
        "multicolored",
        "monocolored",
    }
)
_SELF_SUBJECT = re.compile(r"^(?:this (?:creature|permanent|artifact|enchantment)|it)\b", re.I)


def cast_triggers(
    state: GameState, entry: StackEntry, *, copied: bool = False
) -> tuple[GameState, list[str]]:
    """The "whenever you / a player / an opponent cast(s) ..." abilities and prowess of the
    permanents on the battlefield that the spell just cast matches: untargeted ones put on the
    stack above it, targeted ones left waiting for their targets (603.3d), with a note for
    each and for one the bot can't follow (CR 601.2i, 603.2, 603.3). ``copied``: the spell is
    a copy just made, which only "cast or copy" abilities see (magecraft, 207.2c, 707.10)."""
    spell = state.objects.get(entry.object_id)
    if spell is None or (entry.is_copy and not copied):
        return state, []  # a copy isn't cast (707.10)
    notes: list[str] = []
    triggered: list[str] = []  # whose abilities triggered, for the APNAP note
    # CR 603.3b: the active player's triggers go on the stack first, then the others' (APNAP);
    # the bot keeps no turn, so it takes the caster for the active player.
    sources = sorted(
        state.zone_objects(Zone.BATTLEFIELD), key=lambda obj: obj.controller != entry.controller
    )
    for source in sources:
        if source.phased_out or loses_all_abilities(state, source):
            continue  # no abilities, so nothing triggers (613.1f, 702.26b)
        for line in _cast_lines(state, source):
            if copied and not _CAST_OR_COPY.search(line):
                continue
            put_before = len(state.stack) + len(state.waiting_triggers)
            state, note = _trigger(state, entry, spell, source, line, copied=copied)
            if note:
                notes.append(note)
            if len(state.stack) + len(state.waiting_triggers) > put_before:
                triggered.append(source.controller)
    if order := apnap_note(triggered, entry.controller):
        notes.append(order)
    return state, notes


def is_cast_trigger(text: str) -> bool:
    """Whether an ability's text is one this module puts on the stack as a spell is cast."""
    line = _REMINDER.sub("", text).strip()
    if line.lower().startswith("prowess"):
        return True
    return _LINE.match(line) is not None and not _OTHER_MODULE.search(line)


def _cast_lines(state: GameState, source: GameObject) -> list[str]:
    lines: list[str] = []
    if not rules_text_lost_to(state, source):
        for raw in source.oracle_text.splitlines():
            line = _REMINDER.sub("", raw).strip()
            if _LINE.match(line) and not _OTHER_MODULE.search(line):
                lines.append(line)
    if "prowess" in with_granted_keywords(state, source).keywords:
        # CR 702.108a: prowess is this triggered ability; each instance triggers (702.108b).
        lines.append(PROWESS_TEXT)
    return lines


def _matches(what: str, spell: GameObject) -> bool | None:
    """Does the cast ``spell`` fit "an instant or sorcery spell" / "a noncreature spell" / "a
    red spell"? None when the bot doesn't read the description."""
    found = _WHAT.match(what.strip())
    if found is None:
        return None
    words = found["kinds"].replace(",", " ").split()  # "an instant, sorcery, or Wizard spell"
    if not words:
        return True  # "a spell"
    alternatives = [w for w in words if w != "or"]
    if len(alternatives) > 1 and "or" not in words:
        return None  # "a legendary creature spell": both must hold; not read
    for word in alternatives:
        negated = word.startswith("non")
        kind = word.removeprefix("non").removeprefix("-") if negated else word
        if kind not in _KIND_WORDS:
            return None
        fits = _has_kind(spell, kind)
        if negated and len(alternatives) == 1:
            return not fits
        if negated:
            return None
        if fits:
            return True
    return False


def _has_kind(spell: GameObject, kind: str) -> bool:
    if kind == "multicolored":
        return len(spell.colors) > 1
    if kind == "monocolored":
        return len(spell.colors) == 1
    if kind == "colorless":
        return not spell.colors
    if kind == "legendary":
        return "legendary" in spell.supertypes
    return kind in spell.card_types or has_quality(spell, kind)


def _trigger(
    state: GameState,
    entry: StackEntry,
    spell: GameObject,
    source: GameObject,
    line: str,
    *,
    copied: bool = False,
) -> tuple[GameState, str]:
    found = _LINE.match(line)
    assert found is not None  # _cast_lines kept only matching lines
    who = found["who"].lower()
    caster, controller = entry.controller, source.controller
    if (who == "you" and caster != controller) or (who == "an opponent" and caster == controller):
        return state, ""
    fits = _matches(found["what"], spell)
    if fits is False:
        return state, ""
    if fits is None or found["condition"]:
        return state, (
            f"{source.name}'s “{line}” may trigger on this cast (601.2i, 603.2); the bot doesn't "
            "follow its wording, so it puts no trigger on the stack: say what it does"
        )
    effect = effect_for_event(found["effect"], source, caster, controller)
    event = f"{caster} {'copied' if copied else 'cast'} {spell.name}"
    # A copy made on the stack isn't cast (707.10); magecraft sees it all the same.
    done, rule = ("is copied", "707.10") if copied else ("is cast", "601.2i")
    if re.search(r"\btargets?\b", effect, re.IGNORECASE):
        state = wait_for_targets(state, source, line, event)
        return state, (
            f"{source.name}'s ability triggers as {spell.name} {done} (“{line}”); its targets "
            f"are chosen as it goes on the stack: say “{source.name}'s trigger targets …” "
            f"({rule}, 603.2, 603.3d)"
        )
    name = f"{source.name}'s trigger"
    state, pushed = push_line_trigger(state, source, line, effect, keyword=KEYWORD, rule="603.2")
    above = f"the copy of {spell.name}" if copied else spell.name
    return state, (
        f"{source.name}'s ability triggers as {spell.name} {done}: {name} "
        f"(#{pushed.object_id}) is on the stack above {above} and resolves first: “{effect}” "
        f"({rule}, 603.2, 603.3)"
    )


def effect_for_event(effect: str, source: GameObject, caster: str, controller: str) -> str:
    """The effect as the trigger will do it: "this creature" / "it" is its source, "that
    player" the player who did what triggered it (``caster``: Rhystic Study's caster, the
    drawer for a draw trigger)."""
    words = effect.strip().rstrip(".")
    subject = _SELF_SUBJECT.match(words)
    if subject is not None:
        words = source.name + words[subject.end() :]
    elif refers_to_itself(words.split(" ")[0], source.name):
        words = source.name + words[len(words.split(" ")[0]) :]
    words = re.sub(r"\bthat player\b", caster, words)
    # "you draw a card" (Niv-Mizzet): its controller, named so the answer says who.
    words = re.sub(r"^you draw\b", f"{controller} draws", words, flags=re.IGNORECASE)
    return words[0].upper() + words[1:] + "."
