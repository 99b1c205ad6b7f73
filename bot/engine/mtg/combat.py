"""What the board says about blocks: which creature blocks which attacker (CR 509.1g), and
which attackers are blocked or unblocked (509.1h).  The bot keeps no turn or combat steps:
these are statements about where a combat stands ("Llanowar Elves is blocking Grizzly
Bears."), kept until a creature is removed from combat (506.4, ``removed_from_combat``)."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import replace

from bot.engine.errors import IllegalActionError
from bot.engine.frozen import evolve
from bot.engine.model import GameObject, Zone
from bot.engine.mtg.legality import has_quality, protections_of, with_granted_keywords
from bot.engine.mtg.oracle_blocks import refers_to_itself, strip_reminder
from bot.engine.mtg.state import GameState
from bot.engine.mtg.statics import as_seen, loses_all_abilities, rules_text_lost_to
from bot.engine.verdict import Verdict, VerdictKind, ok_result
from bot.engine.wording import and_list


def combat_keywords(state: GameState, object_id: int) -> frozenset[str]:
    """The keywords a creature has for combat: as the layers see it (Humility takes its
    printed flying and defender, 613.1f) with what other permanents grant it."""
    return with_granted_keywords(state, as_seen(state, state.obj(object_id))).keywords


def _require_creature(state: GameState, obj: GameObject, doing: str) -> None:
    """CR 506.3: "Only a creature can attack or block." (on the battlefield, phased in)."""
    label = state.label(obj.id)
    if obj.zone is not Zone.BATTLEFIELD or obj.phased_out:
        raise IllegalActionError(
            f"{label} isn't on the battlefield, so it can't be {doing} (506.3, 506.4).",
            rules=("506.3", "506.4"),
        )
    if "creature" not in as_seen(state, obj).card_types:
        raise IllegalActionError(
            f"{label} isn't a creature: only a creature can attack or block (506.3).",
            rules=("506.3",),
        )


def require_can_attack(state: GameState, obj: GameObject) -> None:
    """Refuse a creature stated as attacking that couldn't have been declared an attacker: a
    creature with defender, or one whose text or Aura says it can't attack (CR 508.1c,
    702.3b). Whether it came under its controller's control this turn (302.6) the bot isn't
    told."""
    _require_creature(state, obj, "attacking")
    label = state.label(obj.id)
    if "defender" in combat_keywords(state, obj.id) and not _attacks_despite_defender(state, obj):
        raise IllegalActionError(
            f"{label} has defender, so it can't attack (702.3b, 508.1c).",
            rules=("702.3b", "508.1c"),
        )
    if (source := restriction_on(state, obj, "attack")) is not None:
        said = "its text says" if source == obj.name else f"{source} says"
        raise IllegalActionError(f"{label} can't attack: {said} so (508.1c).", rules=("508.1c",))


# Arcades, the Strategist: "Each creature you control with defender ... can attack as though it
# didn't have defender."; Rolling Stones: "Wall creatures can attack as though they didn't have
# defender." (702.3b's restriction lifted by an effect).
_DESPITE_DEFENDER = re.compile(r"can attack as though (?:it|they) didn['’]t have defender", re.I)


def _attacks_despite_defender(state: GameState, obj: GameObject) -> bool:
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


def block(
    state: GameState, blocker_ids: Sequence[int], attacker_ids: Sequence[int]
) -> tuple[GameState, Verdict]:
    """``Llanowar Elves is blocking Grizzly Bears.`` / ``Grizzly Bears is blocked by Llanowar
    Elves and Elvish Mystic.``: each blocker blocks each attacker (CR 509.1g), and each
    attacker, attacking, is a blocked creature (509.1h)."""
    for object_id in (*blocker_ids, *attacker_ids):
        doing = "blocking" if object_id in blocker_ids else "attacking"
        _require_creature(state, state.obj(object_id), doing)
    for blocker_id in blocker_ids:
        blocker = state.obj(blocker_id)
        for attacker_id in attacker_ids:
            if blocker_id == attacker_id or blocker.controller == state.obj(attacker_id).controller:
                # CR 509.1a: the defending player's creatures block creatures attacking them.
                raise IllegalActionError(
                    f"{state.label(blocker_id)} and {state.label(attacker_id)} have the same "
                    "controller: a creature blocks only a creature attacking its controller "
                    "(509.1a, 506.2).",
                    rules=("509.1a", "506.2"),
                )
            if (why := cant_block_because(state, blocker_id, attacker_id)) is not None:
                # CR 509.1b: a block that disobeys a restriction is illegal.
                text, rules = why
                raise IllegalActionError(
                    f"{state.label(blocker_id)} can't block {state.label(attacker_id)}: {text} "
                    f"({', '.join((*rules, '509.1b'))}).",
                    rules=(*rules, "509.1b"),
                )
    for attacker_id in attacker_ids:
        state = state.with_object(evolve(state.obj(attacker_id), attacking=True, blocked=True))
    for blocker_id in blocker_ids:
        blocker = state.obj(blocker_id)
        blocked = tuple(dict.fromkeys((*blocker.blocking_ids, *attacker_ids)))
        state = state.with_object(evolve(blocker, blocking=True, blocking_ids=blocked))
    blockers = and_list(state.label(i) for i in blocker_ids)
    attackers = and_list(state.label(i) for i in attacker_ids)
    verb = "is" if len(blocker_ids) == 1 else "are"
    said = (
        f"{blockers} {verb} blocking {attackers} (509.1g); {attackers} "
        f"{'is' if len(attacker_ids) == 1 else 'are'} attacking and blocked, and "
        f"{'stays' if len(attacker_ids) == 1 else 'stay'} blocked even if "
        f"{'its blocker leaves' if len(blocker_ids) == 1 else 'its blockers leave'} combat "
        "(509.1h)."
    )
    state, verdict = ok_result(state, said, ("509.1g", "509.1h"), (*blocker_ids, *attacker_ids))
    alone = [
        state.label(i)
        for i in attacker_ids
        if _has_menace(state, i) and len(blockers_of(state, i)) == 1
    ]
    if alone:
        note = (
            f"{and_list(alone)} {'has' if len(alone) == 1 else 'have'} menace: this block is "
            "legal only if another creature blocks it too (702.111b); say the other blocker."
        )
        verdict = replace(verdict, notes=(*verdict.notes, note))
    return state, verdict


def _has_menace(state: GameState, object_id: int) -> bool:
    return "menace" in combat_keywords(state, object_id)


def _could_block(state: GameState, blocker: GameObject, attacker_id: int) -> bool:
    """Whether ``blocker`` could be declared a blocker of the attacker now (CR 509.1a-b)."""
    return (
        blocker.id != attacker_id
        and not blocker.tapped
        and not blocker.phased_out
        and "creature" in as_seen(state, blocker).card_types
        and blocker.controller != state.obj(attacker_id).controller
        and cant_block_because(state, blocker.id, attacker_id) is None
    )


def can_attack(state: GameState, attacker_id: int) -> Verdict:
    """``Can Grizzly Bears attack?``: whether it could be declared an attacker now (CR 508.1a:
    an untapped creature; 508.1c: restrictions; 302.6: since its controller's turn began),
    the game unchanged."""
    obj = state.obj(attacker_id)
    label = state.label(attacker_id)
    if obj.tapped:
        return Verdict(
            VerdictKind.NO,
            f"No: {label} is tapped, and the creatures chosen to attack must be untapped (508.1a).",
            ("508.1a",),
        )
    try:
        require_can_attack(state, obj)
    except IllegalActionError as error:
        return Verdict(VerdictKind.NO, f"No: {error}", error.rules)
    if obj.id in state.new_to_control and "haste" not in combat_keywords(state, attacker_id):
        # It entered (or changed control) during the scenario: summoning sick (302.6).
        return Verdict(
            VerdictKind.NO,
            f"No: {label} came under {obj.controller}'s control during this scenario, and a "
            "creature can't attack unless its controller has controlled it continuously since "
            "their most recent turn began (302.6); haste would allow it (702.10b).",
            ("302.6",),
        )
    if "haste" in combat_keywords(state, attacker_id):
        said = "it has haste, so it can attack even the turn it came under its controller's control (702.10b)"
        rules: tuple[str, ...] = ("508.1a", "702.10b")
    else:
        said = (
            f"as long as {obj.controller} has controlled it continuously since their most "
            "recent turn began (302.6): the bot isn't told when it entered"
        )
        rules = ("508.1a", "302.6")
    unread = _unread_texts(state, (attacker_id,), _ATTACK_WORDS)
    return Verdict(
        VerdictKind.YES,
        f"Yes: {label} can attack: nothing the bot sees stops it, {said}.",
        rules,
        notes=tuple(f"Not checked by the bot: {text} — check that yourself." for text in unread),
    )


def can_block(state: GameState, blocker_id: int, attacker_id: int) -> Verdict:
    """``Can Grizzly Bears block Serra Angel?``: whether declaring the block now would be
    legal (CR 509.1a-b), the game unchanged."""
    blocker, attacker = state.label(blocker_id), state.label(attacker_id)
    if state.obj(blocker_id).tapped:
        # CR 509.1a: "The chosen creatures must be untapped." (A blocker tapped after it
        # blocked still blocks, so the statement form doesn't check this.)
        return Verdict(
            VerdictKind.NO,
            f"No: {blocker} is tapped, and the creatures chosen to block must be untapped "
            "(509.1a).",
            ("509.1a",),
        )
    try:
        block(state, [blocker_id], [attacker_id])
    except IllegalActionError as error:
        rules = tuple(dict.fromkeys((*error.rules, "509.1b")))
        return Verdict(VerdictKind.NO, f"No: {error}", rules)
    if _has_menace(state, attacker_id):
        # CR 702.111b: "can't be blocked except by two or more creatures".
        defender = state.obj(blocker_id).controller
        others = [
            state.label(obj.id)
            for obj in state.zone_objects(Zone.BATTLEFIELD)
            if obj.id != blocker_id
            and obj.controller == defender
            and _could_block(state, obj, attacker_id)
        ]
        if not others:
            return Verdict(
                VerdictKind.NO,
                f"No: {attacker} has menace, so it can't be blocked except by two or more "
                f"creatures, and {defender} has no other creature that could block it "
                "(702.111b, 509.1b).",
                ("702.111b", "509.1b"),
            )
        return Verdict(
            VerdictKind.YES,
            f"Yes, but not alone: {attacker} has menace, so {blocker} can block it only "
            f"together with another creature, such as {others[0]} "
            "(702.111b, 509.1b).",
            ("702.111b", "509.1b"),
        )
    unread = _unread_block_texts(state, blocker_id, attacker_id)
    return Verdict(
        VerdictKind.YES,
        f"Yes: {blocker} can block {attacker}: nothing the bot sees restricts the block "
        "(509.1a, 509.1b).",
        ("509.1a", "509.1b"),
        notes=tuple(f"Not checked by the bot: {text} — check that yourself." for text in unread),
    )


# Static words about blocking the bot doesn't read itself: "can't be blocked except by
# Walls", "can block only creatures with flying" (Cloud Sprite), "can't be blocked by more than
# one creature" (509.1b restrictions, 509.1c requirements).
_BLOCK_WORDS = re.compile(r"\bcan(?:['’]t)? (?:be )?block|\bblocks? each combat\b", re.I)


def _unread_block_texts(state: GameState, blocker_id: int, attacker_id: int) -> list[str]:
    """The blocker's and attacker's (and their attachments') static sentences about blocking
    that ``cant_block_because`` doesn't read, quoted with their permanent's name."""
    return _unread_texts(state, (blocker_id, attacker_id), _BLOCK_WORDS)


# Static words about attacking the bot doesn't read itself: "can't attack unless defending
# player controls an Island" (Sea Serpent), "attacks each combat if able" (508.1c-d).
_ATTACK_WORDS = re.compile(r"\bcan(?:['’]t)? attack\b|\battacks? each combat\b", re.I)


def _unread_texts(state: GameState, object_ids: Sequence[int], words: re.Pattern[str]) -> list[str]:
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


def _power_limit(state: GameState, obj: GameObject) -> int | None:
    """The power from which ``obj``'s own text says it can't block ("This creature can't block
    creatures with power 2 or greater." Ironclaw Orcs); None when its text says no such thing."""
    if loses_all_abilities(state, obj) or rules_text_lost_to(state, obj):
        return None
    for line in strip_reminder(obj.oracle_text).splitlines():
        match = _POWER_LIMIT.match(line.strip())
        if match and refers_to_itself(match["who"], obj.name):
            return int(match["n"])
    return None


def _blocks_only_with(state: GameState, obj: GameObject) -> str | None:
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
        return "an effect this turn"
    return next((source for can_not, source in _restrictions(state, obj) if can_not == what), None)


def cant_block_because(
    state: GameState, blocker_id: int, attacker_id: int
) -> tuple[str, tuple[str, ...]] | None:
    """Why ``blocker_id`` can't block ``attacker_id`` (the attacker's evasion or protection,
    with the rules), or None when nothing the bot sees forbids it (CR 509.1b)."""
    blocker = as_seen(state, state.obj(blocker_id))
    attacker = as_seen(state, state.obj(attacker_id))
    blocks_with = combat_keywords(state, blocker_id)
    evades_with = combat_keywords(state, attacker_id)
    blocker_name, attacker_name = blocker.name, attacker.name
    if (source := restriction_on(state, state.obj(blocker_id), "block")) is not None:
        said = "its text says" if source == blocker_name else f"{source} says"
        return f"{said} it can't block", ()
    if (limit := _power_limit(state, state.obj(blocker_id))) is not None and (
        attacker.current_power or 0
    ) >= limit:
        # Ironclaw Orcs: "This creature can't block creatures with power 2 or greater."
        return (
            f"{blocker_name} can't block creatures with power {limit} or greater, and "
            f"{attacker_name}'s power is {attacker.current_power}",
            (),
        )
    if (only := _blocks_only_with(state, state.obj(blocker_id))) and only not in evades_with:
        # Cloud Sprite: "This creature can block only creatures with flying." (509.1b)
        return f"{blocker_name} can block only creatures with {only}", ()
    if (source := restriction_on(state, state.obj(attacker_id), "be blocked")) is not None:
        said = "its text says" if source == attacker_name else f"{source} says"
        return f"{attacker_name} can't be blocked ({said} so)", ()
    if "flying" in evades_with and not blocks_with & {"flying", "reach"}:
        return (
            f"{attacker_name} has flying, and a creature with flying can't be blocked except "
            f"by creatures with flying and/or reach; {blocker_name} has neither",
            ("702.9b", "702.17b"),
        )
    if ("shadow" in evades_with) != ("shadow" in blocks_with):
        return (
            "a creature with shadow can't be blocked by creatures without shadow, and a "
            "creature without shadow can't be blocked by creatures with shadow",
            ("702.28b",),
        )
    is_artifact = "artifact" in blocker.card_types
    if "fear" in evades_with and not (is_artifact or "black" in blocker.colors):
        return (
            f"{attacker_name} has fear: it can't be blocked except by artifact creatures "
            f"and/or black creatures, and {blocker_name} is neither",
            ("702.36b",),
        )
    if "intimidate" in evades_with and not (is_artifact or blocker.colors & attacker.colors):
        return (
            f"{attacker_name} has intimidate: it can't be blocked except by artifact creatures "
            f"and/or creatures that share a color with it, and {blocker_name} is neither",
            ("702.13b",),
        )
    if "horsemanship" in evades_with and "horsemanship" not in blocks_with:
        return (
            f"{attacker_name} has horsemanship, and {blocker_name} doesn't: a creature with "
            "horsemanship can't be blocked by creatures without horsemanship",
            ("702.31b",),
        )
    if "skulk" in evades_with and (blocker.current_power or 0) > (attacker.current_power or 0):
        return (
            f"{attacker_name} has skulk: it can't be blocked by creatures with greater power, "
            f"and {blocker_name}'s power is greater",
            ("702.118b",),
        )
    for walk in sorted(evades_with):
        if (land := _walked_land(state, walk, blocker.controller)) is not None:
            # The blocker's controller is the defending player (509.1a).
            return (
                f"{attacker_name} has {walk}, and {blocker.controller} controls {land}: it "
                "can't be blocked",
                ("702.14c",),
            )
    for quality in protections_of(evades_with):
        if has_quality(blocker, quality, state.player_names):
            return (
                f"{attacker_name} has protection from {quality}, and attacking creatures with "
                "protection can't be blocked by creatures that have the stated quality",
                ("702.16f",),
            )
    return None


# Landwalk (CR 702.14a): "islandwalk", "snow swampwalk", "nonbasic landwalk", "legendary landwalk".
_LANDWALK = re.compile(
    r"^(?P<snow>snow )?(?:(?P<non>non)?(?P<kind>[a-z]+) land|(?P<subtype>[a-z]+))walk$"
)


def _walked_land(state: GameState, walk: str, defender: str) -> str | None:
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


def set_blocked(state: GameState, attacker_id: int, *, blocked: bool) -> tuple[GameState, Verdict]:
    """``Grizzly Bears is blocked.`` / ``... is attacking and unblocked.`` (CR 509.1h): an
    attacking creature, blocked by creatures not said, or with none declared as its blockers."""
    attacker = state.obj(attacker_id)
    if not attacker.attacking:
        require_can_attack(state, attacker)
    state = state.with_object(evolve(attacker, attacking=True, blocked=blocked))
    label = state.label(attacker_id)
    if blocked:
        said = f"{label} is attacking and blocked (509.1h)."
        return ok_result(state, said, ("509.1h",), (attacker_id,))
    # No creature was declared as its blocker: any said to block it doesn't (509.1h).
    freed = []
    for obj in blockers_of(state, attacker_id):
        rest = tuple(i for i in obj.blocking_ids if i != attacker_id)
        state = state.with_object(evolve(obj, blocking_ids=rest, blocking=bool(rest)))
        freed.append(state.label(obj.id))
    said = f"{label} is attacking and unblocked (509.1h)"
    if freed:
        said += f"; {and_list(freed)} {'is' if len(freed) == 1 else 'are'} no longer blocking it"
    return ok_result(state, said + ".", ("509.1h",), (attacker_id,))


def blockers_of(state: GameState, attacker_id: int) -> list[GameObject]:
    """The creatures said to be blocking the attacker now (CR 509.1g; 510.1c: those removed
    from combat no longer are)."""
    return [
        obj
        for obj in state.zone_objects(Zone.BATTLEFIELD)
        if obj.blocking and attacker_id in obj.blocking_ids and not obj.phased_out
    ]


def combat_words(state: GameState, obj: GameObject) -> list[str]:
    """How the board shows an object's part in combat: "attacking", "blocked by Llanowar
    Elves (#2)"; "blocking Grizzly Bears (#1)" (CR 509.1g-h)."""
    words = []
    if obj.attacking:
        words.append("attacking")
        if blockers := blockers_of(state, obj.id):
            words.append("blocked by " + and_list(state.label(b.id) for b in blockers))
        elif obj.blocked is not None:
            words.append("blocked" if obj.blocked else "unblocked")
    if obj.blocking:
        # An attacker removed from combat is no longer blocked by it (506.4), though it
        # stays a blocking creature (509.1g).
        attackers = [
            state.label(i)
            for i in obj.blocking_ids
            if (seen := state.objects.get(i)) is not None
            and seen.zone is Zone.BATTLEFIELD
            and seen.attacking
        ]
        words.append("blocking " + and_list(attackers) if attackers else "blocking")
    return words
