"""What rules text says about attacking and blocking (CR 508.1c, 509.1b): restrictions
("Enchanted creature can't attack or block.", "Creatures can't block.", "This creature can't
be blocked."), evasion the board decides (landwalk, 702.14c), defender lifted by an effect
(Arcades), and the sentences about combat the bot doesn't read, named so a yes is never a
silent one.  ``combat`` asks these as it answers "Can X block Y?" and checks stated blocks."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from bot.engine.model import GameObject, Zone
from bot.engine.mtg.block_bans import block_ban_on
from bot.engine.mtg.legality import with_granted_keywords
from bot.engine.mtg.oracle_blocks import refers_to_itself, strip_reminder
from bot.engine.mtg.state import GameState
from bot.engine.mtg.statics import as_seen, loses_all_abilities, rules_text_lost_to


def combat_keywords(state: GameState, object_id: int) -> frozenset[str]:
    """The keywords a creature has for combat: as the layers see it (Humility takes its
    printed flying and defender, 613.1f) with what other permanents grant it."""
    return with_granted_keywords(state, as_seen(state, state.obj(object_id))).keywords


# Arcades, the Strategist: "Each creature you control with defender ... can attack as though it
# didn't have defender."; Rolling Stones: "Wall creatures can attack as though they didn't have
# defender." (702.3b's restriction lifted by an effect).
_DESPITE_DEFENDER = re.compile(r"can attack as though (?:it|they) didn['’]t have defender", re.I)


def attacks_despite_defender(state: GameState, obj: GameObject) -> bool:
    """Whether a permanent's text lets ``obj`` attack as though it didn't have defender."""
    for source in state.zone_objects(Zone.BATTLEFIELD):
        if source.phased_out or "defender" not in source.oracle_text:
            continue
        if loses_all_abilities(state, source) or rules_text_lost_to(state, source):
            continue
        for sentence in re.split(r"(?<=\.)\s+", strip_reminder(source.oracle_text)):
            if not _DESPITE_DEFENDER.search(sentence):
                continue
            lowered = sentence.lower()
            if "you control" in lowered and obj.controller != source.controller:
                continue
            if "wall" in lowered and "wall" not in as_seen(state, obj).subtypes:
                continue
            return True
    return False


# Static words about blocking the bot doesn't read itself: "can't be blocked except by
# Walls", "can block only creatures with flying" (Cloud Sprite), "can't be blocked by more than
# one creature" (509.1b restrictions, 509.1c requirements).
_BLOCK_WORDS = re.compile(r"\bcan(?:['’]t)? (?:be )?block|\bblocks? each combat\b", re.I)


def unread_block_texts(state: GameState, blocker_id: int, attacker_id: int) -> list[str]:
    """The blocker's and attacker's (and their attachments') static sentences about blocking
    that ``cant_block_because`` doesn't read, quoted with their permanent's name."""
    return unread_texts(state, (blocker_id, attacker_id), _BLOCK_WORDS)


# Static words about attacking the bot doesn't read itself: "can't attack unless defending
# player controls an Island" (Sea Serpent), "attacks each combat if able" (508.1c-d).
ATTACK_WORDS = re.compile(r"\bcan(?:['’]t)? attack\b|\battacks? each combat\b", re.I)


def unread_texts(state: GameState, object_ids: Sequence[int], words: re.Pattern[str]) -> list[str]:
    """The static sentences with ``words`` of these objects and their attachments that the
    combat checks don't read, quoted with their permanent's name."""
    found = []
    for object_id in object_ids:
        obj = state.obj(object_id)
        for source in (obj, *state.attached_to(object_id)):
            if loses_all_abilities(state, source) or rules_text_lost_to(state, source):
                continue
            for line in strip_reminder(source.oracle_text).splitlines():
                line = line.strip()
                read = _RESTRICTION.match(line)
                if (
                    words.search(line)
                    and not (read and _restriction_read(read["who"], source.name))
                    and not _BLOCKS_ONLY.match(line)
                    and not _POWER_LIMIT.match(line)
                    and not _DESPITE_DEFENDER.search(line)
                    and not line.startswith(("When", "At ", "{"))
                    and ":" not in line
                ):
                    found.append(f"{source.name}'s “{line}”")
    return found


# A combat restriction in rules text (CR 508.1c, 509.1b): "Pacifism": "Enchanted creature can't
# attack or block."; "Bloodghast can't block."; "Phantom Warrior can't be blocked."; "Equipped
# creature can't be blocked and has shroud." (Whispersilk Cloak); "Enchanted creature gets +2/+2
# and can't block."; "This creature can't block and can't be blocked.". Conditional ones ("... this turn", "except by ...", "unless ...")
# are not these: the full stop must follow.
_RESTRICTION = re.compile(
    r"^(?P<who>.+?)(?: gets? [+-]\d+/[+-]\d+ and)? can['’]t "
    r"(?P<what>attack or block|attack|block|be blocked)"
    r"(?: and can['’]t (?P<also>attack or block|attack|block|be blocked))?"
    r"(?:\.|,? and (?:has|gains?) .*)$",
    re.IGNORECASE,
)


def _restrictions(state: GameState, obj: GameObject) -> Iterator[tuple[str, str]]:
    """(what it can't do, the permanent whose text says so) for ``obj``: its own rules text,
    what its Auras and Equipment say of "enchanted/equipped creature", and what any permanent
    says of a group it is in ("Creatures can't block.", "Creatures your opponents control can't
    block."). A source that has lost its abilities (Humility, Blood Moon's kin) says nothing
    (613.1f, 305.7)."""
    for source in state.zone_objects(Zone.BATTLEFIELD):
        if source.phased_out or "can" not in source.oracle_text:
            continue
        if loses_all_abilities(state, source) or rules_text_lost_to(state, source):
            continue
        for line in strip_reminder(source.oracle_text).splitlines():
            match = _RESTRICTION.match(line.strip())
            if match is None or not _restriction_covers(state, source, match["who"], obj):
                continue
            said = f"{match['what']}|{match['also'] or ''}".lower()
            for what in said.replace("attack or block", "attack|block").split("|"):
                if what:
                    yield what, source.name


# The groups a restriction may name (CR 509.1b): every creature, or by whose they are.
_GROUPS = {
    "creatures": lambda source, obj: True,
    "all creatures": lambda source, obj: True,
    "creatures you control": lambda source, obj: obj.controller == source.controller,
    "other creatures you control": lambda source, obj: (
        obj.controller == source.controller and obj.id != source.id
    ),
    "creatures your opponents control": lambda source, obj: obj.controller != source.controller,
    "other creatures": lambda source, obj: obj.id != source.id,
}


def _restriction_covers(state: GameState, source: GameObject, who: str, obj: GameObject) -> bool:
    """Whether the restriction's subject ``who``, in ``source``'s text, names ``obj``: the
    source itself ("This creature"), the creature it is attached to ("enchanted/equipped
    creature"), or a group ``obj`` is in."""
    words = who.strip().lower()
    if source.id == obj.id and refers_to_itself(words, obj.name):
        return True
    if words in ("enchanted creature", "equipped creature"):
        return source.attached_to == obj.id
    group = _GROUPS.get(words)
    return group is not None and group(source, obj)


def _restriction_read(who: str, name: str) -> bool:
    """Whether the bot reads a restriction said of ``who`` in the text of the permanent called
    ``name`` (the others are noted as unread)."""
    words = who.strip().lower()
    return (
        words in _GROUPS
        or words in ("enchanted creature", "equipped creature")
        or refers_to_itself(words, name)
    )


_BLOCKS_ONLY = re.compile(
    r"^(?P<who>.+?) can block only creatures with (?P<keyword>[a-z]+)\.$", re.I
)


_POWER_LIMIT = re.compile(
    r"^(?P<who>.+?) can['’]t block creatures with power (?P<n>\d+) or greater\.$", re.I
)


def power_limit(state: GameState, obj: GameObject) -> int | None:
    """The power from which ``obj``'s own text says it can't block ("This creature can't block
    creatures with power 2 or greater." Ironclaw Orcs); None when its text says no such thing."""
    if loses_all_abilities(state, obj) or rules_text_lost_to(state, obj):
        return None
    for line in strip_reminder(obj.oracle_text).splitlines():
        match = _POWER_LIMIT.match(line.strip())
        if match and refers_to_itself(match["who"], obj.name):
            return int(match["n"])
    return None


def blocks_only_with(state: GameState, obj: GameObject) -> str | None:
    """The keyword ``obj``'s own text says the creatures it blocks must have ("This creature
    can block only creatures with flying."); None when its text says no such thing."""
    if loses_all_abilities(state, obj) or rules_text_lost_to(state, obj):
        return None
    for line in strip_reminder(obj.oracle_text).splitlines():
        match = _BLOCKS_ONLY.match(line.strip())
        if match and refers_to_itself(match["who"], obj.name):
            return match["keyword"].lower()
    return None


def restriction_on(state: GameState, obj: GameObject, what: str) -> str | None:
    """The name of the permanent whose text says ``obj`` can't ``what`` ("attack", "block",
    "be blocked"), or that a resolved effect said so this turn (Goblin Shortcutter's "can't
    block this turn", kept as a gained "can't block"); None when nothing the bot sees says so."""
    if f"can't {what}" in obj.keywords:
        # Said "this turn" only when it ends with the turn (QA 56 M12: "Grizzly Bears can't
        # block." has no duration).
        this_turn = any(
            change.object_id == obj.id and f"can't {what}" in change.keywords
            for change in state.turn_changes
        )
        return "an effect this turn" if this_turn else "an effect"
    if what == "block" and state.block_bans:
        # Falter's "can't block this turn" covers creatures that came later too (611.2c).
        banned_by = block_ban_on(state, obj, combat_keywords(state, obj.id))
        if banned_by is not None:
            return f"{banned_by} (this turn; 611.2c)"
    return next((source for can_not, source in _restrictions(state, obj) if can_not == what), None)


# Landwalk (CR 702.14a): "islandwalk", "snow swampwalk", "nonbasic landwalk", "legendary landwalk".
_LANDWALK = re.compile(
    r"^(?P<snow>snow )?(?:(?P<non>non)?(?P<kind>[a-z]+) land|(?P<subtype>[a-z]+))walk$"
)


def walked_land(state: GameState, walk: str, defender: str) -> str | None:
    """The defending player's land that ``walk`` (a landwalk keyword) names, whose presence
    makes the attacker unblockable (CR 702.14c); None when there is none or it isn't one."""
    match = _LANDWALK.match(walk)
    if match is None:
        return None
    for land in state.zone_objects(Zone.BATTLEFIELD):
        if land.controller != defender or land.phased_out:
            continue
        seen = as_seen(state, land)
        if "land" not in seen.card_types:
            continue
        if match["snow"] and "snow" not in seen.supertypes:
            continue
        if match["subtype"]:
            found = match["subtype"] in seen.subtypes
        else:
            kind = match["kind"]
            found = kind in seen.supertypes or kind in seen.card_types
            found = not found if match["non"] else found
        if found:
            return state.label(land.id)
    return None


# Propaganda, Ghostly Prison: "Creatures can't attack you unless their controller pays {2} for
# each creature they control that's attacking you." - a cost to attack (508.1d, 508.1h).
_GROUP_ATTACK_LIMIT = re.compile(
    r"^(?:creatures|each creature|creatures your opponents control)\b.*\bcan['’]t attack\b", re.I
)


def unread_group_attack_texts(state: GameState, attacker_id: int) -> list[str]:
    """Other permanents' sentences that limit or tax attacking ("Creatures can't attack you
    unless their controller pays {2} ..."), which the bot doesn't apply, quoted for a note."""
    attacker = state.obj(attacker_id)
    found = []
    for source in state.zone_objects(Zone.BATTLEFIELD):
        if source.id == attacker_id or source.phased_out or "attack" not in source.oracle_text:
            continue
        if loses_all_abilities(state, source) or rules_text_lost_to(state, source):
            continue
        for line in strip_reminder(source.oracle_text).splitlines():
            line = line.strip()
            read = _RESTRICTION.match(line)
            if _GROUP_ATTACK_LIMIT.match(line) and not (
                read and _restriction_covers(state, source, read["who"], attacker)
            ):
                found.append(f"{source.name}'s “{line}”")
    return found
