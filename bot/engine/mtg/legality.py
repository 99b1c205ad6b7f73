"""Is this object or player a legal target for this slot of this spell or ability?

Each check cites the rule it implements, in a comment and in the reason it returns.  The
description after "target" is the reader's ``TargetFilter``; everything that stops targeting
whatever the description says (hexproof, shroud, protection, phasing, 115.5...) is here.
Ward is not a targeting restriction: it is reported as the trigger it causes (CR 702.21a).
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from bot.engine.cards import CARD_TYPES
from bot.engine.frozen import evolve, quick_init
from bot.engine.model import Attachment, GameObject, ObjectKind, TargetContext, Zone
from bot.engine.mtg.counts import counted_objects, read_count
from bot.engine.mtg.damage_history import dealt_damage_problem
from bot.engine.mtg.filters import (
    ATTACHED_WORDS,
    BLOCKED_WORDS,
    blocks_decided,
    counted_key,
    decided_words,
)
from bot.engine.mtg.hexproof_bypass import hexproof_ignored, ward_suppressed
from bot.engine.mtg.oracle_subtypes import has_subtype, type_singular
from bot.engine.mtg.phrase_vocab import COLORS
from bot.engine.mtg.spell_targets import targets_clause, targets_clause_problem
from bot.engine.mtg.state import (
    ChosenTargets,
    GameState,
    StackEntry,
    TargetRef,
    TargetRestriction,
    object_from_card,
)
from bot.engine.mtg.statics import (
    abilities_kept,
    as_seen,
    humbled_by,
    loses_all_abilities,
    rules_text_loss,
    statics_in_play,
)
from bot.engine.mtg.ward import pays_phrase, ward_costs, ward_name
from bot.engine.patterns import remembered
from bot.engine.requirements import AbilityKind, AbilitySpec, RetargetSpec, TargetSlot
from bot.engine.wording import zone_words

_CONTEXTS: dict[tuple[object, ...], TargetContext] = {}


@quick_init
@dataclass(frozen=True)
class Targeting:
    """Who is choosing targets and with what: the spell or ability doing the targeting.

    ``spell_id`` is the spell or ability on the stack (an illegal target for itself, 115.5);
    ``source`` the characteristics protection and "hexproof from" look at: the spell itself,
    or the ability's source (its last known information if it has left, 608.2b).
    """

    controller: str
    is_spell: bool
    source: GameObject | None
    spell_id: int | None = None
    source_id: int | None = None
    spec: AbilitySpec | None = None
    name: str = ""
    # Targets already chosen for earlier slots: "another target creature that player
    # controls" is decided by them (Breaking of the Fellowship).
    chosen: tuple[ChosenTargets, ...] = ()

    def context(self, state: GameState) -> TargetContext:
        stats = self._source_stats(state) + self._counts(state)
        combat = self._source_combat(state)
        attachments = board_attachments(state)
        key = (
            self.controller,
            self.source_id,
            self.spell_id,
            state.player_names,
            stats,
            combat,
            attachments,
        )
        cached = _CONTEXTS.get(key)
        if cached is not None:
            return cached
        made = TargetContext(
            controller=self.controller,
            players=state.player_names,
            source_id=self.source_id,
            spell_id=self.spell_id,
            source_stats=stats,
            source_combat=combat,
            attachments=attachments,
        )
        if len(_CONTEXTS) > 1024:
            _CONTEXTS.clear()
        _CONTEXTS[key] = made
        return made

    def _source_combat(self, state: GameState) -> tuple[bool, tuple[int, ...]]:
        """Whether the ability's source is blocking, and what (CR 509.1g), for "target
        creature blocked by this creature"."""
        if self.is_spell or self.source_id is None:
            return (False, ())
        source = state.objects.get(self.source_id)
        if source is None or source.zone is not Zone.BATTLEFIELD or not source.blocking:
            return (False, ())
        return (True, source.blocking_ids)

    def _counts(self, state: GameState) -> tuple[tuple[str, int | None], ...]:
        """What each "less than or equal to the number of Plains you control" (Lay Down Arms)
        of its target descriptions counts now, for its controller (QA 61 W4)."""
        if self.spec is None:
            return ()
        found: list[tuple[str, int | None]] = []
        for mode in self.spec.modes:
            for slot in mode.slots:
                # (A Riftbound-shaped filter has no comparisons: nothing to count.)
                for test in getattr(slot.filter, "comparisons", ()):
                    count = read_count(test.counted) if test.counted else None
                    if count is None:
                        continue
                    counted = counted_objects(state, self.controller, count)
                    found.append(
                        (counted_key(test.counted), None if counted is None else len(counted))
                    )
        return tuple(found)

    def _source_stats(self, state: GameState) -> tuple[tuple[str, int | None], ...]:
        """The source's power, toughness and mana value now (or as it last existed, 608.2h),
        for "less than or equal to this creature's power" (Dreadhorde Arcanist)."""
        if self.is_spell or self.source_id is None:
            return ()
        source = state.last_known(self.source_id)
        if source is None:
            return ()
        seen = as_seen(state, source)
        return (
            ("power", seen.current_power),
            ("toughness", seen.current_toughness),
            ("mana value", seen.mana_value),
        )

    @property
    def what(self) -> str:
        """'spells' or 'abilities', as the hexproof and protection rules word it."""
        return "spell" if self.is_spell else "ability"


_ATTACHMENT_KINDS = ("aura", "equipment", "fortification")


# The attachments of the last states read, by identity: a state's targets are checked many
# times over (each candidate of each slot), and a state never changes.
_ATTACHMENTS: dict[int, tuple[GameState, tuple[Attachment, ...]]] = {}


def board_attachments(state: GameState) -> tuple[Attachment, ...]:
    """The Auras, Equipment and Fortifications on the battlefield and what each is attached
    to, as the board says (CR 301.5a, 303.4b), for "target enchanted creature"."""
    cached = _ATTACHMENTS.get(id(state))
    if cached is not None and cached[0] is state:
        return cached[1]
    found = _read_attachments(state)
    if len(_ATTACHMENTS) > 256:
        _ATTACHMENTS.clear()
    _ATTACHMENTS[id(state)] = (state, found)
    return found


def _read_attachments(state: GameState) -> tuple[Attachment, ...]:
    found = []
    for obj in state.zone_objects(Zone.BATTLEFIELD):
        kind = next((k for k in _ATTACHMENT_KINDS if k in obj.subtypes), "")
        if not kind and obj.attached_to is None:
            continue
        host = state.objects.get(obj.attached_to) if obj.attached_to is not None else None
        if host is not None and host.zone is not Zone.BATTLEFIELD:
            host = None  # CR 303.4c: it no longer enchants an object that left
        found.append(
            Attachment(
                id=obj.id,
                name=obj.name,
                controller=obj.controller,
                kind=kind or "other",
                host=host.id if host is not None else None,
                host_name=host.name if host is not None else "",
                host_types=as_seen(state, host).card_types if host is not None else frozenset(),
                host_controller=host.controller if host is not None else "",
                on_player=obj.enchanted_player is not None,
            )
        )
    return tuple(found)


def targeting_for_entry(state: GameState, entry: StackEntry) -> Targeting:
    """The targeting context of a spell or ability already on the stack."""
    is_spell = entry.spec.kind is AbilityKind.SPELL
    source_id = entry.object_id if is_spell else entry.source_id
    source = state.last_known(source_id) if source_id is not None else None
    return Targeting(
        controller=entry.controller,
        is_spell=is_spell,
        source=source,
        spell_id=entry.object_id,
        source_id=source_id,
        spec=entry.spec,
        name=entry.name,
        chosen=entry.targets,
    )


@quick_init
@dataclass(frozen=True)
class TargetCheck:
    """The answer for one candidate: legal or not, why (one sentence), and the rules."""

    legal: bool
    reason: str
    rules: tuple[str, ...]
    notes: tuple[str, ...] = ()
    # A "can't be the target of" text refused it: a telling reason although it cites 115.1.
    by_restriction: bool = False
    # What the user left unsaid that could change the answer (a choice made as it entered).
    hints: tuple[str, ...] = ()


def with_granted_keywords(state: GameState, seen: GameObject) -> GameObject:
    """The object as a target description reads it: anthems and lords already applied by
    ``as_seen`` (CR 613.4c: "power 2 or less"), and the keywords other permanents grant it
    (Levitation's flying for Plummet's "target creature with flying", 613.1f)."""
    if seen.zone is not Zone.BATTLEFIELD or loses_all_abilities(state, seen):
        return seen  # Humility takes granted abilities too (613.1f, 613.7)
    granted = state.granted_keywords.get(seen.id, frozenset())
    return evolve(seen, keywords=seen.keywords | granted) if granted - seen.keywords else seen


# ---- qualities (protection, hexproof from, "can't be the target of [quality] spells") -------
def _quality_adjective(quality: str) -> str:
    """A quality as the word before "spells": "instants" -> "instant", "artifacts and
    enchantments" -> "artifact or enchantment", "each color" -> "colored" (CR 702.11d)."""
    lowered = quality.strip().lower()
    if lowered in ("each color", "all colors"):
        return "colored"
    parts = [part for part in re.split(r",? and |,? or |, ", lowered) if part]
    return " or ".join(
        part if part in COLORS or part.endswith("colored") else type_singular(part)
        for part in parts
    )


def has_quality(obj: GameObject | None, quality: str, players: tuple[str, ...] = ()) -> bool:
    """Does ``obj`` have the stated quality (CR 702.16a): a colour, type, or controller."""
    if obj is None:
        return False
    quality = quality.strip().lower()
    if quality in ("everything", "all"):
        return True
    spells = re.fullmatch(r"spells that are (?P<q>.+)|(?P<q2>.+?) spells", quality)
    if spells is not None:
        # "protection from spells that are one or more colors" (Emrakul, the Aeons Torn),
        # "protection from multicolored spells": only spells have it (CR 702.16a).
        inner = (spells["q"] or spells["q2"]).replace("one or more colors", "colored")
        return obj.kind is ObjectKind.SPELL and has_quality(obj, inner, players)
    value = re.fullmatch(r"mana value (\d+) or (greater|less)", quality)
    if value is not None:
        # "protection from mana value 3 or greater" (Mistmeadow Skulk).
        limit = int(value.group(1))
        return obj.mana_value >= limit if value.group(2) == "greater" else obj.mana_value <= limit
    if " or " in quality or " and " in quality:
        parts = re.split(r" or | and |, ", quality)
        return any(has_quality(obj, part, players) for part in parts if part)
    if quality in COLORS:
        return quality in obj.colors
    if quality in ("all colors", "each color", "colored"):
        return bool(obj.colors)
    if quality == "multicolored":
        return len(obj.colors) >= 2
    if quality == "monocolored":
        return len(obj.colors) == 1
    if quality == "colorless":
        return not obj.colors
    lowered = {name.lower(): name for name in players}
    if quality in lowered:
        return obj.controller == lowered[quality]  # CR 702.16k
    word = type_singular(quality.removeprefix("non"))
    if word in COLORS:  # "nongreen": a colour, never a type (Gaea's Revenge)
        matched = word in obj.colors
    else:
        matched = (
            word in obj.card_types
            or has_subtype(obj.subtypes, obj.keywords, word)
            or word in obj.supertypes
        )
    if quality.startswith("non") and (word in CARD_TYPES or word in COLORS):
        return not matched
    return matched


def _protections(keywords: frozenset[str], prefix: str) -> list[str]:
    return [k[len(prefix) :] for k in keywords if k.startswith(prefix)]


def protections_of(keywords: frozenset[str]) -> list[str]:
    """The qualities of every "protection from [quality]" among ``keywords`` (CR 702.16a)."""
    return _protections(keywords, "protection from ")


# "protection from each of your opponents" (Courageous Resolve, Absolute Virtue): "your" is
# the protected permanent's controller, or the player named when the effect was applied.
_FROM_OPPONENTS = re.compile(r"(?:each of )?(?:(?P<player>[^']+)'s|your) opponents|each opponent")


def _protection_against(
    quality: str, who: Targeting, controller: str, players: tuple[str, ...]
) -> tuple[str, tuple[str, ...]] | None:
    """How protection from ``quality`` stops ``who`` targeting: (the quality as a judge reads
    it, the rules that decide), or ``None`` when it doesn't apply."""
    proper = {p.lower(): p for p in players}
    opponents = _FROM_OPPONENTS.fullmatch(quality.lower())
    if opponents is not None:
        protected = proper.get(opponents.group("player") or "", controller)
        if who.controller.lower() == protected.lower():
            return None
        # CR 702.16i: protection from each opponent is protection from each of them (702.16k).
        return f"each of {protected}'s opponents", ("702.16i", "702.16k")
    if not has_quality(who.source, quality, players):
        return None
    if quality == "everything":
        return quality, ("702.16j",)
    if quality.lower() in proper:
        return proper[quality.lower()], ("702.16k",)
    return quality, ("702.16b",)


_CANT_BE_TARGETED = re.compile(r"can't be the target of (.+?)\.?$", re.IGNORECASE)


# Thrun, Breaker of Silence: "nongreen spells your opponents control or abilities from
# nongreen sources your opponents control": the same quality and the same players twice.
_SPELLS_THEN_ABILITIES = re.compile(
    r"\bspells (your opponents|you) control or abilities from (.+?) sources \1 control$"
)


def parse_restriction(text: str, opponents_of: str | None = None) -> TargetRestriction:
    """Read "spells or abilities your opponents control", "blue spells", "Aura spells"..."""
    lowered = text.lower().strip().rstrip(".")
    lowered = _SPELLS_THEN_ABILITIES.sub(r"spells or abilities \1 control", lowered)
    match = re.search(
        r"\b(spells or abilities|spells|abilities)(?: (your opponents|you) control)?", lowered
    )
    if not match:
        return TargetRestriction(text=text)
    what, whose = match.groups()
    quality = lowered[: match.start()].strip()
    return TargetRestriction(
        text=text,
        spells="spells" in what,
        abilities="abilities" in what,
        quality=quality or "",
        opponents_of=opponents_of if whose == "your opponents" else None,
    )


@functools.lru_cache(maxsize=4096)
def _printed_restriction_texts(oracle_text: str, name: str) -> tuple[tuple[str, bool], ...]:
    """ "This creature can't be the target of ..." lines: (the clause, says "your opponents")."""
    found = []
    # A legendary's short name: "Thrun can't be the target of ..." (CR 201.5).
    short = name.lower().split(",")[0]
    for line in oracle_text.splitlines():
        line = re.sub(r"\([^)]*\)", "", line).strip()
        lowered = line.lower()
        if not lowered.startswith(("this ", name.lower(), f"{short} can't be the target")):
            continue
        match = _CANT_BE_TARGETED.search(line)
        if match:
            found.append((match.group(1), "your opponents" in match.group(1).lower()))
    return tuple(found)


def _printed_restrictions(obj: GameObject) -> list[TargetRestriction]:
    if "target of" not in obj.oracle_text:
        return []
    return [
        parse_restriction(clause, obj.controller if whose else None)
        for clause, whose in _printed_restriction_texts(obj.oracle_text, obj.name)
    ]


# Canopy Cover: "Enchanted creature can't be the target of spells or abilities your opponents
# control."; the Equipment form too.
_ATTACHED_CANT_BE_TARGETED = re.compile(
    r"^(?:enchanted|equipped) (?:creature|permanent|land|artifact|planeswalker) "
    r"can't be the target of (.+?)\.?$",
    re.IGNORECASE,
)


def _attached_restrictions(
    state: GameState,
) -> dict[int, tuple[tuple[TargetRestriction, str], ...]]:
    """What the Auras and Equipment on the battlefield say their permanent can't be the target
    of, by that permanent's id, each with the attachment's name (CR 115.1, 604.2): "your
    opponents" are the attachment's controller's (Canopy Cover). An attachment with no
    abilities left says nothing (613.1f)."""
    found: dict[int, list[tuple[TargetRestriction, str]]] = {}
    for source in state.zone_objects(Zone.BATTLEFIELD):
        if source.attached_to is None or source.phased_out or "target of" not in source.oracle_text:
            continue
        if loses_all_abilities(state, source):
            continue
        for line in source.oracle_text.replace("’", "'").splitlines():
            match = _ATTACHED_CANT_BE_TARGETED.match(re.sub(r"\([^)]*\)", "", line).strip())
            if match is None:
                continue
            clause = match.group(1)
            whose = source.controller if "your opponents" in clause.lower() else None
            restriction = parse_restriction(clause, whose)
            found.setdefault(source.attached_to, []).append((restriction, source.name))
    return {ref: tuple(pairs) for ref, pairs in found.items()}


def attached_restrictions_on(
    state: GameState, ref: TargetRef
) -> tuple[tuple[TargetRestriction, str], ...]:
    """The "can't be the target of" restrictions ``ref``'s Auras and Equipment give it."""
    if not isinstance(ref, int):
        return ()
    return state.of_battlefield(_attached_restrictions).get(ref, ())


# ---- the checks ------------------------------------------------------------------------
@functools.lru_cache(maxsize=4096)
def _says(pattern: re.Pattern[str], text: str) -> bool:
    """Whether ``pattern`` is found in a slot's text: each target check asks the same few
    questions of the same few texts (issue 14)."""
    return pattern.search(text) is not None


def check_target(state: GameState, who: Targeting, slot: TargetSlot, ref: TargetRef) -> TargetCheck:
    """Every rule that decides whether ``ref`` may be chosen for ``slot`` right now."""
    if isinstance(ref, str):
        return _check_player(state, who, slot, ref)
    obj = state.objects.get(ref)
    if obj is None:
        departure = state.departures.get(ref)
        name = departure.snapshot.name if departure else f"#{ref}"
        event = departure.event if departure else "is gone"
        tail = (
            f"; it is a new object #{departure.new_id}, no longer the target"
            if departure and departure.new_id is not None
            else ""
        )
        # CR 608.2b: a target no longer in its zone is illegal; CR 400.7: it's a new object.
        return TargetCheck(
            False,
            f"{name} {event}{tail} (400.7, 608.2b).",
            ("400.7", "608.2b"),
        )
    if obj.phased_out:
        # CR 702.26b: a phased-out permanent is treated as though it doesn't exist.
        return TargetCheck(
            False,
            f"{obj.name} is phased out, so it is treated as though it doesn't exist (702.26b).",
            ("702.26b",),
        )
    if who.spell_id is not None and obj.id == who.spell_id:
        # CR 115.5: a spell or ability on the stack is an illegal target for itself.
        return TargetCheck(False, f"{obj.name} can't target itself (115.5).", ("115.5",))
    if not slot.filter.zones and slot.filter.allows_players:
        # "target player", "target opponent": an object never fits (115.1).
        return TargetCheck(
            False,
            f"{obj.name} isn't a player, and “{slot.text}” can choose only a player (115.1).",
            ("115.1",),
        )
    if obj.zone not in slot.filter.zones:
        # CR 115.2: only permanents unless the text says another zone (or a spell/ability).
        where = "a permanent" if obj.zone is Zone.BATTLEFIELD else f"in {zone_words(obj.zone)}"
        return TargetCheck(
            False,
            f"{obj.name} is {where}, but “{slot.text}” can't choose it there (115.2).",
            ("115.2",),
        )
    obj = with_granted_keywords(state, as_seen(state, obj))
    if not slot.filter.matches(obj, who.context(state)):
        why = slot.filter.mismatch(obj, who.context(state))
        return _description_mismatch(slot, obj.name, _as_cast(obj, why))
    that_player = _that_player_problem(state, who, slot, obj)
    if that_player is not None:
        return that_player
    single = _single_target_problem(state, who, slot, obj) or _targets_only_problem(
        state, slot, obj
    )
    if single is not None:
        return single
    # CR 115.9b: "target spell that targets a creature" checks the spell's current targets.
    clause_problem = targets_clause_problem(state, who.context(state), slot.text, obj)
    if clause_problem is not None:
        return TargetCheck(False, clause_problem, ("115.9b", "115.1"))
    undamaged = dealt_damage_problem(slot.text, obj)
    if undamaged is not None:
        return _description_mismatch(slot, obj.name, undamaged)
    checked = _protections_check(state, who, obj.id, obj.name, obj.controller, obj)
    return _with_unsettled_grants(state, who, obj, checked)


def _with_unsettled_grants(
    state: GameState, who: Targeting, obj: GameObject, checked: TargetCheck
) -> TargetCheck:
    """A legal target that has hexproof, shroud or protection only "as long as" a condition
    the bot can't check (Mystic Familiar's threshold with no graveyard stated): the answer says
    what would make it illegal instead of a silent "legal" (CR 604.2, 611.3a)."""
    if not checked.legal or obj.id not in state.unsettled_grants:
        return checked
    hints = _unsettled_grant_hints(state, who, obj)
    return replace(checked, hints=(*checked.hints, *hints)) if hints else checked


def unsettled_grant_hints(state: GameState, who: Targeting, ref: TargetRef) -> tuple[str, ...]:
    """What ``_with_unsettled_grants`` says of a listed target (``legal_options`` decides only
    legal or not): "What can Doom Blade target?" names Mystic Familiar with the same note."""
    if isinstance(ref, str) or ref not in state.unsettled_grants:
        return ()
    obj = with_granted_keywords(state, as_seen(state, state.obj(ref)))
    return _unsettled_grant_hints(state, who, obj, listed=True)


def _third_person(player: str) -> Callable[[re.Match[str]], str]:
    """ "you control" -> "Bob controls", "you haven't" -> "Bob hasn't"."""
    verbs = {"control": "controls", "have": "has", "haven't": "hasn't"}
    return lambda found: f"{player} {verbs[found[1]]}"


def _unsettled_grant_hints(
    state: GameState, who: Targeting, obj: GameObject, *, listed: bool = False
) -> tuple[str, ...]:
    hints: list[str] = []
    for grant in state.unsettled_grants.get(obj.id, ()):
        shielded = frozenset(k for k in grant.keywords if _may_stop_targeting(frozenset({k})))
        if not shielded:
            continue
        assumed = _protections_check(
            state, who, obj.id, obj.name, obj.controller, obj, assumed=shielded
        )
        if assumed.legal:
            continue
        source = state.objects.get(grant.source_id)
        whose = f"{source.name}'s" if source is not None and source.id != obj.id else "its"
        owner = source.controller if source is not None else obj.controller
        condition = re.sub(r"\byour\b", f"{owner}'s", grant.condition)
        condition = re.sub(r"\byou (control|have|haven't)\b", _third_person(owner), condition)
        condition = re.sub(r"\byou\b", owner, condition)
        outcome = (
            f"it can't be chosen ({', '.join(assumed.rules)})."
            if listed
            else f"the target is illegal: {assumed.reason}"
        )
        hints.append(
            f"{obj.name} has {' and '.join(sorted(shielded))} only as long as {condition} "
            f"({whose} ability), which the bot can't tell from the board, so it checked the "
            f"target without it; if that holds, {outcome}"
        )
    return tuple(hints)


_TARGETS_ONLY_A_SINGLE = re.compile(r"\bthat targets only a single ([a-z ]+)", re.IGNORECASE)


def _targets_only_problem(
    state: GameState, slot: TargetSlot, obj: GameObject
) -> TargetCheck | None:
    """ "Target spell that targets only a single permanent or player" (Radiate): CR 115.9c
    counts the different objects and players chosen as its targets, and that one must be of
    the kind named."""
    if obj.zone is not Zone.STACK or not _says(_TARGETS_ONLY_A_SINGLE, slot.text):
        return None
    wanted = _TARGETS_ONLY_A_SINGLE.search(slot.text)
    assert wanted is not None
    entry = state.stack_entry_or_none(obj.id)
    chosen = list(dict.fromkeys(ref for c in entry.targets for ref in c.refs)) if entry else []
    kind = wanted.group(1).strip().lower()
    if len(chosen) != 1:
        return TargetCheck(
            False,
            f"{obj.name} targets {len(chosen)} different objects or players, not a single "
            f"{kind} (115.9c).",
            ("115.9c",),
        )
    ref = chosen[0]
    found = None if isinstance(ref, str) else state.objects.get(ref)
    fits = (isinstance(ref, str) and "player" in kind) or (
        found is not None
        and found.zone is Zone.BATTLEFIELD
        and ("permanent" in kind or any(t in kind for t in found.card_types))
    )
    if fits:
        return None
    return TargetCheck(
        False,
        f"{obj.name}'s only target, {state.label(ref)}, isn't a {kind} (115.9c).",
        ("115.9c",),
    )


_ANY_TARGET = remembered(
    re.compile(r"\b(?:any (?:other )?|another )target\b(?! [a-z])", re.IGNORECASE)
)


def is_any_target(text: str) -> bool:
    """CR 115.4: "any target" (and Arc Trail's "another target"), not "another target
    creature", which names what it may be."""
    return _ANY_TARGET.search(text) is not None


def _as_cast(obj: GameObject, why: str | None) -> str | None:
    """``why`` a spell isn't a creature, with the rule that made it so when it was cast as an
    Adventure (715.3b) or bestowed (702.103b) (QA 57 M3)."""
    if why != "it isn't a creature" or obj.kind is not ObjectKind.SPELL:
        return why
    if "adventure" in obj.subtypes:
        return f"{why} — as an Adventure on the stack it has only the Adventure's characteristics (715.3b)"
    if "aura" in obj.subtypes and any(
        line.lower().startswith("bestow") for line in obj.oracle_text.splitlines()
    ):
        return f"{why} — cast bestowed, it is an Aura enchantment spell (702.103b)"
    return why


def _description_mismatch(slot: TargetSlot, name: str, why: str | None = None) -> TargetCheck:
    if is_any_target(slot.text):
        # CR 115.4: any target means a creature, player, planeswalker or battle.
        return TargetCheck(
            False,
            f"{name} isn't a creature, player, planeswalker or battle, so it can't be chosen "
            f"for “{slot.text}” (115.4).",
            ("115.4",),
        )
    # A reason that cites its own rule ("... (509.1h)") has it joined to 115.1's parenthesis.
    cited = _CITED_AT_END.search(why or "")
    rules = (*cited[1].split(", "), "115.1") if cited else ("115.1",)
    if cited and why:
        why = why[: cited.start()]
    return TargetCheck(
        False,
        f"{name} doesn't match “{slot.text}”{f': {why}' if why else ''} ({', '.join(rules)}).",
        rules,
    )


_CITED_AT_END = re.compile(r" \((\d{3}\.\d+[a-z]?(?:, \d{3}\.\d+[a-z]?)*)\)$")


_THAT_PLAYER_CONTROLS = re.compile(
    r"\b(?:that player controls|they control|that planeswalker's controller controls)\b",
    re.IGNORECASE,
)


def _that_player_problem(
    state: GameState, who: Targeting, slot: TargetSlot, obj: GameObject
) -> TargetCheck | None:
    """ "... target creature that player controls": "that player" is the player chosen for
    an earlier target, or the controller of the object chosen for it (CR 115.1)."""
    if not _says(_THAT_PLAYER_CONTROLS, slot.text):
        return None
    earlier = [c for c in who.chosen if c.slot_index < slot.index and c.refs]
    if not earlier:
        return None
    ref = earlier[-1].refs[0]
    found = ref if isinstance(ref, str) else state.last_known(ref)
    player = found if isinstance(found, str) else (found.controller if found else None)
    if player is None or obj.controller.casefold() == player.casefold():
        return None
    return TargetCheck(
        False,
        f"{obj.name} doesn't match “{slot.text}”: {obj.controller} controls it, but “that "
        f"player” is {player}, from the earlier target {state.label(ref)} (115.1).",
        ("115.1",),
    )


_WITH_A_SINGLE_TARGET = re.compile(r"\bwith a single target\b", re.IGNORECASE)


def _single_target_problem(
    state: GameState, who: Targeting, slot: TargetSlot, obj: GameObject
) -> TargetCheck | None:
    """ "Target spell with a single target" counts target instances (CR 115.9a).  The slot's
    own words say so too: Return the Favor cast with both modes retargets by its copy mode,
    and its other slot still asks for a spell or ability with a single target."""
    retarget = who.spec.retarget if who.spec is not None else None
    single = (retarget is not None and retarget.single_target_only) or _says(
        _WITH_A_SINGLE_TARGET, slot.text
    )
    if not single or obj.zone is not Zone.STACK:
        return None
    entry = state.stack_entry_or_none(obj.id)
    count = entry.target_instances if entry else 0
    if count == 1:
        return None
    return TargetCheck(
        False,
        f"{obj.name} was put on the stack with {count} target"
        f"{'' if count == 1 else 's'}, not a single target (115.9a).",
        ("115.9a",),
    )


def _check_player(state: GameState, who: Targeting, slot: TargetSlot, name: str) -> TargetCheck:
    if not state.has_player(name):
        return TargetCheck(False, f"{name} is not in the game (115.9b).", ("115.9b",))
    if state.player(name).left_game:
        # CR 104.5; in a multiplayer game the others play on without them (800.4a).
        rules = ("104.5", "800.4a") if len(state.players) > 2 else ("104.5",)
        return TargetCheck(
            False, f"{name} has left the game, so can't be targeted ({', '.join(rules)}).", rules
        )
    if not slot.filter.allows_players:
        return TargetCheck(
            False,
            f"{name} is a player, but “{slot.text}” can only choose objects (115.2).",
            ("115.2",),
        )
    player = state.player(name)
    if not slot.filter.matches(player, who.context(state)):
        return _description_mismatch(slot, name, slot.filter.mismatch(player, who.context(state)))
    return _protections_check(state, who, name, name, name, None)


def _by(who: Targeting) -> str:
    """Who targets, as a refusal says it: "Bob's Arc Trail", "a spell Bob controls"."""
    return (
        f"{who.controller}'s {who.name}" if who.name else f"a {who.what} {who.controller} controls"
    )


def _plainly_legal(
    state: GameState, ref: TargetRef, name: str, obj: GameObject | None
) -> TargetCheck | None:
    """The answer for a target with no keyword abilities (so no hexproof, shroud, protection or
    ward, lost or not), no "can't be the target" effect or text and no protection choice left
    unstated: legal, and nothing to add.  Most targets in a game are such (issue 14: the whole
    check below ran for each); None for any other, which the check below decides."""
    if state.restrictions_on(ref) or attached_restrictions_on(state, ref):
        return None
    if obj is not None and ("target of" in obj.oracle_text or "the chosen" in obj.oracle_text):
        return None  # its own "can't be the target" text, or a protection chosen as it entered
    return TargetCheck(True, f"{name} is a legal target.", ("115.1",))


def _protections_check(
    state: GameState,
    who: Targeting,
    ref: TargetRef,
    name: str,
    controller: str,
    obj: GameObject | None,
    *,
    assumed: frozenset[str] = frozenset(),
) -> TargetCheck:
    """``assumed``: keywords to check as though it had them (a grant the bot can't settle)."""
    keywords = state.keywords_of(ref) | assumed
    if who.source is not None and who.source.zone is not Zone.BATTLEFIELD:
        # The spell's colour as statics set it (Celestial Dawn: "spells you control are
        # white"; 613.1e), for protection and "hexproof from" (702.16b).
        seen = as_seen(state, who.source)
        if seen.colors != who.source.colors:
            who = replace(who, source=seen)
    humbled: tuple[str, ...] = ()
    stripped = obj is not None and loses_all_abilities(state, obj)
    # Song of the Dryads, Blood Moon: only the abilities of its rules text are gone (305.7).
    rewritten = rules_text_loss(state, obj, name) if obj is not None and not stripped else ""
    if obj is not None and obj.abilities_lost and obj.zone is Zone.BATTLEFIELD:
        # Turn to Frog: its printed hexproof, shroud, protection and ward are gone; what it
        # gained since still counts (613.1f; Turn to Frog ruling: "If the affected creature
        # gains an ability after Turn to Frog resolves, it will keep that ability").
        lost = [k for k in _printed_targeting_keywords(state, obj) if k not in keywords]
        if lost:
            humbled = (
                f"{name} has lost all its abilities (layer 6, 613.1f), so its "
                f"{' and '.join(lost)} no longer applies",
            )
    if not keywords and not humbled and (obj is None or obj.zone is Zone.BATTLEFIELD):
        plain = _plainly_legal(state, ref, name, obj)
        if plain is not None:
            return plain
    if obj is not None and stripped and not obj.abilities_lost:
        # Humility, Lignify: no hexproof, shroud or protection while it has no abilities
        # (613.1f), but for what it gained after (Ranger's Guile resolved after Humility,
        # 613.7) and what the Aura gives (Darksteel Mutation's indestructible).
        kept = abilities_kept(state, obj)
        lost = sorted(
            k for k in keywords - kept if k.startswith(("hexproof", "shroud", "protection"))
        )
        keywords = kept
        if lost:
            taker = humbled_by(state, obj)
            by = f"{taker}'s static ability" if taker else "a static ability such as Humility's"
            humbled = (
                f"{name} has lost all its abilities to {by} (layer 6, 613.1f), so its "
                f"{', '.join(lost)} doesn't stop this",
            )
    if obj is not None and rewritten:
        # What effects gave it stays: a resolved Ranger's Guile, Shalai's grant (305.7).
        kept = abilities_kept(state, obj) | state.granted_keywords.get(ref, frozenset())
        lost = sorted(
            k for k in keywords - kept if k.startswith(("hexproof", "shroud", "protection"))
        )
        keywords = kept
        if lost:
            humbled = (f"{rewritten}: its {', '.join(lost)} doesn't stop this",)
        stripped = True  # nor does its text's “can't be the target of …”
    opponent = who.controller != controller
    if obj is not None and obj.zone is not Zone.BATTLEFIELD:
        return _off_the_battlefield(state, who, obj, keywords)
    if "shroud" in keywords:
        # CR 702.18a: shroud means no spell or ability can target it.
        return TargetCheck(
            False,
            f"{name} has shroud: it can't be the target of any spell or ability (702.18a).",
            ("702.18a",),
        )
    # What lets its hexproof be ignored matters only to a target with some hexproof (a
    # thousand target checks a game ask, most of a target without any: issue 14).
    hexproof = any(k.startswith("hexproof") for k in keywords)
    bypass = hexproof_ignored(state, who.controller, ref) if opponent and hexproof else ""
    if opponent and "hexproof" in keywords and not bypass:
        rule = "702.11c" if obj is None else "702.11b"
        return TargetCheck(
            False,
            f"{name} has hexproof: {'it' if obj is not None else name} can't be the target of "
            "spells or abilities "
            f"{controller}'s opponents control, such as {_by(who)} ({rule}).",
            (rule,),
        )
    players = state.player_names
    if opponent and not bypass:
        for quality in _protections(keywords, "hexproof from "):
            if has_quality(who.source, quality, players):
                # CR 702.11d: [quality] spells or abilities from [quality] sources.
                adjective = _quality_adjective(quality)
                return TargetCheck(
                    False,
                    f"{name} has hexproof from {quality}: it can't be the target of {adjective} "
                    f"spells or abilities from {adjective} sources {controller}'s opponents "
                    f"control, such as {_by(who)} (702.11d).",
                    ("702.11d",),
                )
    for quality in _protections(keywords, "protection from "):
        found = _protection_against(quality, who, controller, players)
        if found is not None:
            shown, rules = found
            subject = "spells" if who.is_spell else "abilities from sources"
            pronoun = "it" if obj is not None else "they"  # a player (QA 60 M5)
            return TargetCheck(
                False,
                f"{name} has protection from {shown}: {pronoun} can't be targeted by {subject} "
                f"with that quality, such as {_by(who)} ({', '.join(rules)}).",
                rules,
            )
    restrictions = list(state.restrictions_on(ref))
    printed = _printed_restrictions(obj) if obj is not None and not stripped else []
    sayers = [(r, "an effect says so") for r in restrictions]
    sayers += [(r, "its own text says so") for r in printed]
    sayers += [(r, f"{aura} says so") for r, aura in attached_restrictions_on(state, ref)]
    for restriction, sayer in sayers:
        if _restriction_applies(restriction, who, controller, players):
            said = " ".join(restriction.text.split())
            if restriction.opponents_of:
                # Vines of Vastwood: "your" is the player who cast it, fixed when it resolved.
                said = said.replace("your opponents", f"{restriction.opponents_of}'s opponents")
            return TargetCheck(
                False,
                f"{name} can't be the target of {said} ({sayer}; 115.1).",
                ("115.1",),
                by_restriction=True,
            )
    notes: tuple[str, ...] = ()
    hints = _unstated_choice(obj, keywords, players)
    wards = ward_costs(keywords)
    if opponent and wards and obj is not None and not ward_suppressed(state, obj):
        # CR 702.21a: ward doesn't stop targeting; it triggers (see ward.py).
        notes = (
            f"{name} has {ward_name(wards[0])}: becoming the target of {_by(who)} triggers ward, which "
            f"counters it unless {pays_phrase(who.controller, wards[0])} (702.21a).",
        )
    # Abilities that were checked and did not apply are cited too: a judge quotes them.
    checked: list[tuple[str, str]] = []
    if bypass and any(k == "hexproof" or k.startswith("hexproof from") for k in keywords):
        checked.append(
            ("702.11e", f"{bypass} lets {who.controller} target it as though it had no hexproof")
        )
    silenced = ward_suppressed(state, obj) if opponent and wards and obj is not None else ""
    if silenced:
        checked.append(("702.21a", f"its ward doesn't trigger, because {silenced} says so"))
    if not opponent and "hexproof" in keywords:
        # CR 702.11b for a permanent, 702.11c for a player (found by QA).
        checked.append(
            (
                "702.11b" if obj is not None else "702.11c",
                f"{'its' if obj is not None else 'their'} hexproof only stops "
                f"{controller}'s opponents",
            )
        )
    if not opponent and obj is not None:
        # CR 702.11d: "hexproof from [quality]" stops only opponents' [quality] spells and
        # abilities too (QA 60 M2: Alice's own Fatal Push at her Knight of Grace).
        for quality in _protections(keywords, "hexproof from "):
            if has_quality(who.source, quality, players):
                checked.append(
                    ("702.11d", f"its hexproof from {quality} only stops {controller}'s opponents")
                )
    if not opponent and wards and obj is not None:
        checked.append(("702.21a", f"its ward triggers only for {controller}'s opponents"))
    if checked:
        why = "; ".join(f"{text} ({rule})" for rule, text in checked)
        return TargetCheck(
            True,
            f"{name} is a legal target: {why}.",
            ("115.1", *(rule for rule, _ in checked)),
            notes,
            hints=hints,
        )
    return TargetCheck(
        True,
        f"{name} is a legal target.",
        ("115.1", "305.7" if rewritten else "613.1f") if humbled else ("115.1",),
        notes,
        hints=(*hints, *humbled),
    )


_TARGETING_ABILITIES = ("hexproof", "shroud", "protection", "ward")


def _printed_targeting_keywords(state: GameState, obj: GameObject) -> list[str]:
    """The hexproof, shroud, protection and ward ``obj``'s card prints."""
    card = state.cards.get(obj.id)
    if card is None:
        return []
    printed = object_from_card(
        obj.id, card.outside_stack(), owner=obj.owner, controller=obj.controller, zone=obj.zone
    )
    found = sorted(k for k in printed.keywords if k.startswith(_TARGETING_ABILITIES))
    # "ward" beside "ward—discard a card" is the same ability, said once.
    return [
        k for k in found if k != "ward" or not any(o.startswith("ward") and o != k for o in found)
    ]


_CHOSEN_PROTECTION = re.compile(r"has protection from the chosen (player|color|colou?r)")


def _unstated_choice(
    obj: GameObject | None, keywords: frozenset[str], players: tuple[str, ...]
) -> tuple[str, ...]:
    """True-Name Nemesis, Voice of All: protection from a player or colour chosen as it entered
    (702.16k, 702.16a). The choice isn't part of the board until the user states it, so the
    answer says how instead of quietly treating the creature as unprotected."""
    if obj is None or "the chosen" not in obj.oracle_text:
        return ()
    match = _CHOSEN_PROTECTION.search(obj.oracle_text.lower())
    if match is None:
        return ()
    qualities = _protections(keywords, "protection from ")
    if match.group(1) == "player":
        # Any protection from a player stated for it is the choice, even a player not (yet)
        # in the game (found by QA: the note asked for the very statement just made).
        stated = [q for q in qualities if "chosen" not in q and q not in COLORS]
        if stated or any(q.lower() in {p.lower() for p in players} for q in qualities):
            return ()
        others = [p for p in players if p != obj.controller]
        example = others[0] if others else "Bob"
    else:
        if any(q in COLORS for q in qualities):
            return ()
        example = "red"
    return (
        f"{obj.name} has protection from the chosen {match.group(1)}, and no choice was stated: "
        f"say it, e.g. “{obj.name} gains protection from {example}.” (702.16).",
    )


def _off_the_battlefield(
    state: GameState, who: Targeting, obj: GameObject, keywords: frozenset[str]
) -> TargetCheck:
    """A card on the stack, in a graveyard, hand or exile: its hexproof, shroud, protection and
    ward, and its own "can't be the target" text, work only on the battlefield (CR 113.6).
    Effects that say so still apply to it."""
    players = state.player_names
    for restriction in state.restrictions_on(obj.id):
        if _restriction_applies(restriction, who, obj.controller, players):
            return TargetCheck(
                False,
                f"{obj.name} can't be the target of {restriction.text} (an effect says so; 115.1).",
                ("115.1",),
                by_restriction=True,
            )
    idle = sorted(k for k in keywords if k.startswith(_TARGETING_ABILITIES))
    if idle:
        where = "a spell on the stack" if obj.zone is Zone.STACK else f"in {zone_words(obj.zone)}"
        return TargetCheck(
            True,
            f"{obj.name} is a legal target: its {idle[0]} works only on the battlefield, and it "
            f"is {where} (113.6).",
            ("115.1", "113.6"),
        )
    return TargetCheck(True, f"{obj.name} is a legal target.", ("115.1",))


def _restriction_applies(
    restriction: TargetRestriction, who: Targeting, controller: str, players: tuple[str, ...]
) -> bool:
    if who.is_spell and not restriction.spells:
        return False
    if not who.is_spell and not restriction.abilities:
        return False
    if restriction.opponents_of is not None and who.controller == restriction.opponents_of:
        return False
    return not (restriction.quality and not has_quality(who.source, restriction.quality, players))


# ---- whole choices ---------------------------------------------------------------------
def candidates(state: GameState, slot: TargetSlot) -> list[TargetRef]:
    """Everything the description could possibly accept, cheapest first (players, objects)."""
    refs: list[TargetRef] = []
    if slot.filter.allows_players:
        refs.extend(state.player_names)
    refs.extend(obj.id for obj in state.objects_in(slot.filter.zones))
    return refs


def _likeness(state: GameState, who: Targeting, obj: GameObject) -> tuple[object, ...]:
    """Everything legality can see of an object except its id: two objects with the same
    likeness get the same answer (copies, tokens, basic lands on a big board)."""
    return (
        obj.name, obj.controller, obj.owner, obj.kind, obj.zone, obj.card_types, obj.subtypes,
        obj.supertypes, obj.colors, obj.keywords, obj.tapped, obj.attacking, obj.blocking,
        obj.phased_out, obj.face_down, obj.power, obj.toughness, obj.loyalty, obj.defense,
        obj.mana_value, tuple(sorted(obj.counters.items())), obj.source_id, obj.oracle_text,
        state.restrictions.get(obj.id), state.granted_keywords.get(obj.id),
        attached_restrictions_on(state, obj.id),
        obj.id in (who.source_id, who.spell_id), state.stack_entry_or_none(obj.id) is not None,
    )  # fmt: skip


@functools.lru_cache(maxsize=4096)
def _may_stop_targeting(keywords: frozenset[str]) -> bool:
    """Could one of these keywords make a matching object illegal (702.11, 702.16, 702.18)?"""
    return any(k == "shroud" or k.startswith(("hexproof", "protection from ")) for k in keywords)


def _nothing_stops_targeting(state: GameState, obj: GameObject) -> bool:
    """True when ``_protections_check`` can only say "legal" for ``obj``: no shroud, hexproof
    or protection (printed or granted), no "can't be the target" effect or printed line.
    Ward doesn't stop targeting (702.21a)."""
    if _may_stop_targeting(obj.keywords):
        return False
    granted = state.granted_keywords.get(obj.id)
    if granted and _may_stop_targeting(granted):
        return False
    return (
        not state.restrictions.get(obj.id)
        and "target of" not in obj.oracle_text
        and not attached_restrictions_on(state, obj.id)
    )


def legal_options(state: GameState, who: Targeting, slot: TargetSlot) -> list[TargetRef]:
    """Every object and player that is a legal choice for ``slot`` now (CR 601.2c).

    The same answers as ``check_target(...).legal`` for every candidate, in the same order,
    without writing a reason per candidate: an object the description rejects, or one nothing
    protects, is decided here; the others (protected, restricted, on the stack) go through
    ``check_target``, once per likeness.
    """
    found: list[TargetRef] = []
    description = slot.filter
    if description.allows_players:
        found.extend(
            name for name in state.player_names if check_target(state, who, slot, name).legal
        )
    zones, matches, spell_id = description.zones, description.matches, who.spell_id
    ctx = who.context(state)
    seen: dict[tuple[object, ...], bool] = {}
    statics = statics_in_play(state)
    for raw in state.objects_in(zones):  # only these are candidates (115.2)
        ref = raw.id
        # Always seen: a characteristic-defining P/T (Tarmogoyf, CR 604.3) with no static in
        # play is still counted, as ``check_target`` counts it (QA 61 W3).
        obj = with_granted_keywords(state, as_seen(state, raw, statics))
        if obj.phased_out or obj.id == spell_id or not matches(obj, ctx):
            continue  # check_target: 702.26b, 115.5, 115.1 (115.2 is in ``matches``)
        if dealt_damage_problem(slot.text, obj) is not None:
            continue  # check_target: no damage marked (120.3e), before the likeness cache
        if obj.zone is Zone.STACK:
            legal = check_target(state, who, slot, ref).legal  # 115.9a looks at the stack entry
        elif _nothing_stops_targeting(state, obj):
            legal = True
        else:
            key = _likeness(state, who, obj)
            legal = seen.get(key)  # type: ignore[assignment]
            if legal is None:
                legal = seen[key] = check_target(state, who, slot, ref).legal
        if legal:
            found.append(ref)
    return found


def slots_satisfiable(
    state: GameState, who: Targeting, slots: tuple[TargetSlot, ...]
) -> tuple[bool, TargetSlot | None]:
    """Can every required instance of "target" get a legal choice at once (CR 601.2c)?

    Returns (True, None) or (False, the first slot that can't be filled).  Considers "another
    target" and "two target creatures" (different objects, 115.3).
    """
    total = sum(slot.min_count for slot in slots) or 1
    options: dict[int, list[TargetRef]] = {}
    for slot in slots:
        if slot.min_count == 0:
            options[slot.index] = []
            continue
        found: list[TargetRef] = []
        together = getattr(slot.filter, "controllers", "")
        for ref in candidates(state, slot):
            if check_target(state, who, slot, ref).legal:
                found.append(ref)
                if len(found) >= total and not together:  # more can never be needed (below)
                    break
        if together:
            # "two target creatures controlled by the same player" (Barrin's Spite): enough of
            # them under one player (or, "by different players", under as many players).
            found = _fitting_together(state, found, together, slot.min_count)
        if len(found) < slot.min_count:
            return False, slot
        options[slot.index] = found

    # Only "another target" links slots; with at most ``total`` options per slot, a choice
    # exists if one exists at all, so a small search suffices.
    def search(position: int, chosen: dict[int, tuple[TargetRef, ...]]) -> bool:
        if position == len(slots):
            return True
        slot = slots[position]
        taken = {ref for index in slot.distinct_from for ref in chosen.get(index, ())}
        usable = [ref for ref in options[slot.index] if ref not in taken]
        for combo in itertools.combinations(usable, slot.min_count):
            if search(position + 1, {**chosen, slot.index: combo}):
                return True
        return False

    if search(0, {}):
        return True, None
    return False, next((s for s in slots if s.distinct_from), slots[-1] if slots else None)


def object_kind_word(obj: GameObject) -> str:
    if obj.kind is ObjectKind.SPELL:
        return "spell"
    if obj.is_ability:
        return "ability"
    return "permanent" if obj.zone is Zone.BATTLEFIELD else "card"


def unchecked_caveat(
    slot: TargetSlot,
    retarget: RetargetSpec | None,
    seen: Sequence[GameObject] = (),
    ctx: TargetContext | None = None,
) -> str:
    """What the bot says when a target passes but some words of ``slot`` weren't checked
    ("blocked" in "target blocked creature" while the board doesn't say how the attacker
    was blocked); "" when every word was.  ``seen``: the objects chosen or listed, ``ctx``
    who chose them."""
    decided = decided_words(slot.filter, seen, ctx)
    unchecked = really_unchecked(slot.filter.unchecked, retarget, decided)
    if not unchecked:
        return ""
    words = "”, “".join(unchecked)
    caveat = (
        f"Not checked by the bot: “{words}” in “{slot.text}” depends on something it isn't "
        "told (combat, an earlier choice); check that part yourself (115.1)."
    )
    if BLOCKED_WORDS.intersection(unchecked):
        # How to tell the bot how an attacker was blocked (CR 509.1g-h).
        name = next((obj.name for obj in seen if not blocks_decided(obj)), "the attacker")
        caveat += (
            f" Say how {name} was blocked to have it checked: “{name} is blocked by ...” or "
            f"“{name} is attacking and unblocked.”"
        )
    elif any("blocking" in word or "blocked by" in word for word in unchecked):
        name = seen[0].name if seen else "the blocker"
        caveat += f" Say what blocks what to have it checked: “{name} is blocking ...”"
    elif (
        ctx is not None
        and ctx.hosts_unsaid("aura")
        and any(word in ATTACHED_WORDS or word.startswith("attached to") for word in unchecked)
    ):
        # An Aura stated without its host may enchant the target (CR 303.4b).
        aura = next(a for a in ctx.attachments or () if a.kind == "aura" and a.host is None)
        caveat += (
            f" Say what {aura.name} is attached to to have it checked: “{aura.controller} "
            f"controls {aura.name} attached to ...”"
        )
    return caveat


def chosen_objects(state: GameState, refs: Iterable[object]) -> list[GameObject]:
    """The objects among chosen or listed targets (players left out)."""
    return [obj for ref in refs if isinstance(ref, int) and (obj := state.objects.get(ref))]


def really_unchecked(
    words: Sequence[str], retarget: RetargetSpec | None, decided: frozenset[str] = frozenset()
) -> list[str]:
    """A description's words the bot can't check, less those a retargeting spell (its
    ``retarget``) checks itself: "with a single target" (115.9a, Deflection) and "that
    targets only" (115.9c), and those the board ``decided`` for the targets (``decided_words``:
    "blocked", CR 509.1h)."""
    words = [w for w in words if w not in decided]
    # "that targets only a single permanent or player" is checked as a target (115.9c).
    words = [w for w in words if "targets only a single" not in w]
    # "that targets a creature" (Confound) is checked against the spell's targets (115.9b).
    words = [w for w in words if targets_clause(w) is None]
    # "with a single target" in a slot's own words is checked as a target (115.9a).
    words = [w for w in words if not _WITH_A_SINGLE_TARGET.search(w)]
    if retarget is None:
        return list(words)
    return [
        word
        for word in words
        if not (retarget.single_target_only and re.search(r"single target|only one target", word))
        and not (retarget.must_target and "targets only" in word)
    ]


def controllers_problem(
    state: GameState, slot: TargetSlot, refs: Sequence[TargetRef], *, rule: str
) -> TargetCheck | None:
    """Why the slot's targets don't fit "controlled by the same player" (Barrin's Spite) or
    "controlled by different players" (Run Away Together) together, or None: the condition is
    on the targets as a group, checked on casting (601.2c) and again on resolving (608.2b;
    Run Away Together's ruling: both are illegal if one player controls them by then)."""
    together = getattr(slot.filter, "controllers", "")
    held = [
        (obj.name, obj.controller)
        for ref in refs
        if isinstance(ref, int) and (obj := state.objects.get(ref)) is not None
    ]
    controllers = [controller for _, controller in held]
    if together == "same" and len(set(controllers)) > 1:
        (first, owner), *rest = held
        whose = " and ".join(
            [f"{first} is controlled by {owner}", *(f"{name} by {who}" for name, who in rest)]
        )
        return TargetCheck(
            False,
            f"“{slot.text}” must all be controlled by one player, but {whose} ({rule}).",
            ("115.1", rule),
        )
    if together == "different" and len(set(controllers)) < len(controllers):
        return TargetCheck(
            False,
            f"“{slot.text}” must be controlled by different players, but "
            f"{' and '.join(name for name, _ in held)} are all controlled by {controllers[0]} "
            f"({rule}).",
            ("115.1", rule),
        )
    return None


def _fitting_together(
    state: GameState, found: list[TargetRef], together: str, wanted: int
) -> list[TargetRef]:
    """Of the legal choices, ``wanted`` that meet the slot's condition on their controllers
    together (``controllers_problem``), or fewer if none do."""
    by_controller: dict[str, list[TargetRef]] = {}
    for ref in found:
        controller = state.objects[ref].controller if isinstance(ref, int) else ""
        by_controller.setdefault(controller, []).append(ref)
    if together == "same":
        return max(by_controller.values(), key=len, default=[])[:wanted]
    return [refs[0] for refs in by_controller.values()][:wanted]
