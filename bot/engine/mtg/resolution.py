"""Resolving the top of the stack (CR 608.2b), reporting which parts of the effect happen.

Only what explanations need is modelled: the target check on resolution, the parts of the
effect that do or don't happen, and cheap outcomes (damage that kills, destroy, bounce, exile,
counter, life, tap, gaining an ability, and target changes and copies).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from bot.engine.cards import CARD_TYPES, names_itself
from bot.engine.errors import EngineError
from bot.engine.frozen import evolve, quick_init
from bot.engine.model import GameObject, ObjectKind, TargetContext, Zone, removed_from_combat
from bot.engine.mtg.alternative_casts import (
    BESTOW,
    MUTATE,
    as_bestowed,
    is_alternative_cast,
    is_bestowed,
    unbestowed,
)
from bot.engine.mtg.amass import RULE as AMASS_RULE
from bot.engine.mtg.amass import amass
from bot.engine.mtg.battles import (
    SIEGE_DEFEATED,
    entering_battle,
    resolve_siege_defeat,
    siege_triggers,
    waits_for_its_siege_ability,
)
from bot.engine.mtg.block_bans import with_block_ban
from bot.engine.mtg.cant_statics import (
    ability_counter_shield,
    counter_shield,
    life_gain_bar,
    sacrifice_shield,
    unpreventable_damage,
)
from bot.engine.mtg.cascade import CASCADE, resolve_cascade
from bot.engine.mtg.cast_copy_triggers import (
    COPIED_SPELL,
    COPY_ON_CAST,
    resolve_copied_spell_trigger,
)
from bot.engine.mtg.cast_copy_triggers import GONE_SOURCE as COPY_GONE_SOURCE
from bot.engine.mtg.casting import (
    ENTERS_THE_BATTLEFIELD,
    GRANTED_FLASH,
    division_total,
    x_instead,
)
from bot.engine.mtg.combat import block, blockers_of, cant_block_because
from bot.engine.mtg.conditions import (
    Condition,
    is_otherwise,
    opening_condition,
    per_object_bonuses,
    replacement_condition,
    trailing_condition,
    trailing_if_condition,
)
from bot.engine.mtg.copies import CopyChoice, become_copy, copy_choice, refuse_copy_choice
from bot.engine.mtg.damage import (
    counters_lost,
    damage_from,
    dealt_damage,
    deathtouch_destroys,
    source_keywords,
    unprevented_note,
)
from bot.engine.mtg.delayed_deaths import DELAYED_DEATH, delayed_death_watch
from bot.engine.mtg.entering_counters import enters_with
from bot.engine.mtg.exiled_until import (
    LINKED_RETURN,
    exiles_until_it_leaves,
    is_linked_return,
    linked_return,
)
from bot.engine.mtg.filters import decided_words
from bot.engine.mtg.granted_abilities import group_grants_quoted
from bot.engine.mtg.graveyard_replacements import replaced_graveyard_words
from bot.engine.mtg.group_grants import (
    group_grants,
    spells_protected,
    with_life_gain_barred,
    with_spells_protected,
)
from bot.engine.mtg.hexproof_bypass import AS_THOUGH, IGNORES_HEXPROOF
from bot.engine.mtg.leaving_game import leave_game, losers
from bot.engine.mtg.legality import (
    TargetCheck,
    check_target,
    chosen_objects,
    controllers_problem,
    has_quality,
    parse_restriction,
    protections_of,
    really_unchecked,
    targeting_for_entry,
)
from bot.engine.mtg.oracle_subtypes import ALL_CREATURE_TYPES
from bot.engine.mtg.phrase_target import description_from
from bot.engine.mtg.phrase_vocab import ABILITY_WORD_PREFIX, COLORS, NUMBER_WORDS
from bot.engine.mtg.populate import POPULATE, THEN_POPULATE, populate
from bot.engine.mtg.predefined_tokens import PredefinedToken, predefined_token
from bot.engine.mtg.regeneration import RULES as REGENERATION_RULES
from bot.engine.mtg.regeneration import (
    barred_shield_note,
    bars_regeneration,
    bars_regeneration_this_turn,
    regenerated_instead,
    regenerated_objects,
    regenerates,
    with_regeneration_barred,
    with_shield,
)
from bot.engine.mtg.retarget import Position, copy_spell, positions, retarget
from bot.engine.mtg.state import (
    ALL_DAMAGE,
    DamageRedirect,
    GameState,
    OwedSacrifice,
    StackEntry,
    TargetRef,
    make_token,
    split_keyword_text,
    turned_face_down,
)
from bot.engine.mtg.statics import (
    as_seen,
    gaining,
    pumped,
    statics_in_play,
    with_base,
)
from bot.engine.mtg.storm import STORM, resolve_copies, resolve_storm
from bot.engine.mtg.this_turn import gaining_this_turn, lasts_this_turn, pumped_this_turn
from bot.engine.mtg.trigger_doublers import Extra, extra_triggers
from bot.engine.mtg.waiting_triggers import is_modal_trigger, say_to_put, wait_for_targets
from bot.engine.mtg.ward import (
    cost_text,
    declines_phrase,
    pays_phrase,
    same_cost,
    stack_name,
)
from bot.engine.mtg.ward_payment import (
    Unpayable,
    pay_unless_cost,
    payment_statements,
    why_unpayable,
)
from bot.engine.patterns import remembered
from bot.engine.requirements import AbilityKind, EffectPart, RetargetKind, RetargetSpec
from bot.engine.verdict import (
    NOT_TRACKED,
    EffectReport,
    SlotReport,
    Verdict,
    VerdictKind,
    merge_rules,
)
from bot.engine.wording import and_list, counted, with_article


@quick_init
@dataclass(frozen=True)
class ResolveChoices:
    """Choices made as a spell or ability resolves (new targets for Redirect, Spellskite...).

    ``new_targets``: for the targeted spell, by position; ``copy_targets``: for a copy
    (707.10c); ``position``: which target "change a target" changes (Spellskite ruling).
    """

    new_targets: Sequence[TargetRef | None] | Mapping[int, TargetRef] = ()
    copy_targets: Sequence[TargetRef | None] | Mapping[int, TargetRef] = ()
    position: int | None = None
    # An "unless [player] pays [cost]" trigger such as ward (CR 702.21a, 118.12a): whether the
    # player pays; ``payer`` and ``cost``, when given, are checked against the trigger's.
    pays: bool | None = None
    payer: str = ""
    cost: str = ""
    # What pays a ward cost that sacrifices or discards ("... and Bob pays, sacrificing
    # Runeclaw Bear", "... and Bob discards Shock"; CR 701.21a, 701.9a).
    sacrificed: tuple[int, ...] = ()
    discarded: tuple[int, ...] = ()
    # A mutating creature spell: whether it goes on top of the creature it merges with or
    # under it, its controller's choice (CR 702.140c).
    on_top: bool | None = None
    # "The color of your choice", chosen as it resolves (Mother of Runes, CR 608.2d).
    colour: str = ""
    # What a permanent spell that "may enter as a copy of" a creature copies (Clone, CR 707.2;
    # chosen as it enters, not targeted), or ``copy_nothing``: it enters as itself.
    copy_of: int | None = None
    copy_nothing: bool = False
    # The permanent that chooses, as the user named it, when the resolving spell returns it
    # to the battlefield (a flickered Clone, CR 707.5); "" for the spell itself.
    copier: str = ""


_DAMAGE = remembered(re.compile(r"(\d+|x) damage", re.IGNORECASE))
_BOOST = remembered(re.compile(r"\bgets? ([+-]\d+)/([+-]\d+)"))
# A colour chosen as the effect resolves (Gods Willing), which the user states (CR 608.2d).
_CHOSEN_COLOUR = r"the colou?r of your choice|the chosen colou?r"
# "protection from the color of your choice", also "from artifacts or from the color of your
# choice" (Apostle's Blessing): the choice is made as it resolves (CR 608.2d).
_PROTECTION_OF_CHOICE = remembered(
    re.compile(rf"protection from (?:(?P<alt>[a-z]+) or from )?(?:{_CHOSEN_COLOUR})", re.I)
)
_COLOUR_WORDS = frozenset({"white", "blue", "black", "red", "green"})


def _with_chosen_quality(text: str, chosen: str, name: str) -> str:
    """``text`` with the choice made as it resolves (CR 608.2d): "protection from colorless or
    from the color of your choice" becomes "protection from colorless" or "protection from
    red"; a choice the text doesn't offer is refused."""
    either = _PROTECTION_OF_CHOICE.search(text)
    offered = {either["alt"].lower()} if either is not None and either["alt"] else set()
    if chosen not in _COLOUR_WORDS and chosen not in offered:
        raise EngineError(
            f"{name} gives protection from "
            + (f"{' or '.join(sorted(offered))} or from " if offered else "")
            + f"a colour of its controller's choice; {chosen} isn't one (105.1, 608.2d).",
            hint=f"Say “{name} resolves choosing red.” or another colour.",
        )
    if either is not None and either["alt"]:
        return text[: either.start()] + f"protection from {chosen}" + text[either.end() :]
    chosen_text = re.sub(_CHOSEN_COLOUR, chosen, text, flags=re.I)
    # "becomes the color of your choice and gains hexproof from that color" (Mondo Gecko):
    # the same colour, not hexproof from everything.
    return re.sub(r"\bfrom that colou?r\b", f"from {chosen}", chosen_text, flags=re.I)


def asks_for_colour(text: str) -> bool:
    """Whether an ability's text has a colour chosen as it resolves ("the color of your
    choice", Mother of Runes; CR 608.2d)."""
    return re.search(_CHOSEN_COLOUR, text, re.IGNORECASE) is not None


_RETURN_TO_BATTLEFIELD = remembered(
    re.compile(r"\breturn .* to the battlefield|\bput .* onto the battlefield")
)
# "Its controller may search their library for a basic land card, put that card onto the
# battlefield" (Path to Exile, Assassin's Trophy): what goes onto the battlefield is the card
# found, not the object the sentence names (found by QA 26: the exiled creature came back).
_SEARCHES = remembered(
    re.compile(r"\bsearch(?:es)? (?:their|your|his or her|its owner's)|\btop card of", re.I)
)
_YOU_LOSE_ITS_MANA_VALUE = remembered(
    re.compile(
        r"\byou lose life equal to (?:that card's|its|that creature's|that permanent's|"
        r"that spell's) mana value",
        re.IGNORECASE,
    )
)
_LIFE = remembered(re.compile(r"(?:you )?gain (\d+) life", re.IGNORECASE))


# "When you do, ..." / "When they do, ...": a reflexive triggered ability (603.12).
REFLEXIVE_PART = re.compile(r"^when (?:you|they) do, ", re.IGNORECASE)


def reflexive_slots(entry: StackEntry) -> frozenset[int]:
    """The target slots of ``entry`` that belong to a reflexive trigger of its effect ("When
    you do, tap target creature ...", 603.12): chosen as that trigger goes on the stack."""
    return frozenset(
        index
        for part in _effects(entry)
        if REFLEXIVE_PART.match(part.text)
        for index in part.slot_indexes
    )


def _effects(entry: StackEntry) -> list[EffectPart]:
    parts: list[EffectPart] = []
    # CR 608.2c: instructions are followed in the order written, so chosen modes happen in
    # the order they are printed, whatever order they were chosen in (the Commands' ruling).
    # sorted() is stable: a mode chosen twice keeps the order its copies were chosen in.
    for index in sorted(entry.modes):
        mode = entry.spec.modes[index]
        if mode.effects:
            parts.extend(part for part in mode.effects if not _ALTERNATIVE_COST.search(part.text))
        elif mode.text:  # the reader gave no parts: the whole mode is one part over all its slots
            parts.append(EffectPart(mode.text, tuple(s.index for s in mode.slots)))
    return parts


# "If you control a commander, you may cast this spell without paying its mana cost"
# (Deflecting Swat), "You may exile a blue card from your hand rather than pay this spell's
# mana cost" (Misdirection): ways to cast the spell (CR 601.2b, 118.9), not part of what it
# does as it resolves (found by QA: shown as effects that happened).
# "Counter target spell" (Cancel), "counter up to one target activated or triggered ability"
# (Tishana's Tidebinder), and the "instead" part that names the same target again ("If you
# control a Bird, counter that spell unless its controller pays {4} instead.", Dazzling
# Denial; CR 608.2c): each counters the object it refers to (701.6a).
_COUNTER_TARGET = remembered(
    re.compile(
        r"counter (?:(?:up to )?(?:one|two|three|\d+) )?target\b|"
        r"counter that (?:spell or ability|spell|ability)\b",
        re.IGNORECASE,
    )
)
_ALTERNATIVE_COST = remembered(
    re.compile(
        r"\byou may cast this spell without paying|rather than pay this spell's mana cost",
        re.IGNORECASE,
    )
)


# Patterns each resolution asks of every part of its text, compiled once (issue 14: a
# pattern written in the call is looked up in ``re``'s cache, flags and all, every time).
_IF_X_IS = remembered(re.compile(r"if x is", re.IGNORECASE))
_THAT_PLAYER = remembered(re.compile(r"that player\b", re.IGNORECASE))
_SHIELDS_YOUR_CREATURES = remembered(
    re.compile(r"creatures you control can't be the targets? of (.+?)(?: this turn)?(?:\.|$)")
)
_TARGET_PLAYER_GAINS = remembered(re.compile(r"(?<!\byou )\bgains? (\d+) life"))


# A rule number cited in a note ("704.5g"); one closing a parenthesis, as notes end.
RULE_NUMBER = re.compile(r"\b\d{3}\.\d+[a-z]?\b")
_RULE_CLOSING = re.compile(r"(\d{3}\.\d+[a-z]?)\)")
_ATTACH_THIS = re.compile(r"\battach (?:this|to)\b")
_ATTACH_TARGET_TO_TARGET = re.compile(
    r"^attach target (?:equipment|aura)[^.]*? to target (?:creature|permanent)[^.]*?\.?$",
    re.IGNORECASE,
)


def resolve_top(
    state: GameState, choices: ResolveChoices | None = None
) -> tuple[GameState, Verdict]:
    """Resolve the topmost spell or ability (CR 608.2)."""
    if not state.stack:
        raise EngineError("The stack is empty: there is nothing to resolve.")
    entry = state.stack[-1]
    choices = choices or ResolveChoices()
    if entry.refers_to is not None and entry.unless_payer:
        after, verdict = _resolve_unless(state, entry, choices)
        # CR 704.3: state-based actions after it resolves: life paid down to 0 loses the game
        # at once (704.5a), before the spell it let stay resolves (found by QA 11).
        after, fallout = state_based_actions(after)
        if fallout:
            verdict = evolve(
                verdict,
                notes=(*verdict.notes, *fallout),
                rules=merge_rules(
                    verdict.rules,
                    ("704.3",),
                    [r for note in fallout for r in RULE_NUMBER.findall(note)],
                ),
            )
        return after, verdict
    if entry.refers_to is not None and entry.spec.keyword == STORM:
        for_copies = choices.new_targets if isinstance(choices.new_targets, Sequence) else ()
        return resolve_storm(
            _leave_stack(state, entry, "resolved"), entry, for_copies, before=state
        )
    if entry.refers_to is not None and entry.spec.keyword == COPY_ON_CAST:
        # CR 707.10, 707.10c: "copy that spell" (Kalamax, Double Vision), as storm copies.
        for_copies = choices.new_targets if isinstance(choices.new_targets, Sequence) else ()
        return resolve_copies(
            _leave_stack(state, entry, "resolved"),
            entry,
            for_copies,
            before=state,
            rule="707.10",
            gone_source=COPY_GONE_SOURCE,
        )
    if entry.spec.keyword == COPIED_SPELL:
        # Kalamax's "Whenever you copy an instant spell, put a +1/+1 counter on Kalamax."
        return resolve_copied_spell_trigger(_leave_stack(state, entry, "resolved"), entry)
    if entry.refers_to is not None and entry.spec.keyword == CASCADE:
        return resolve_cascade(_leave_stack(state, entry, "resolved"), entry)
    if entry.spec.keyword == SIEGE_DEFEATED:
        return resolve_siege_defeat(_leave_stack(state, entry, "resolved"), entry.source_id)
    if entry.refers_to is not None:
        return _resolve_counter_that(state, entry)
    if choices.pays is not None and not any(
        _UNLESS_PAYS.search(p.text)
        or _YOU_MAY_ACT.match(p.text)
        or _UNLESS_THEY.search(p.text)
        or _OTHERS_MAY_PAY.match(p.text)
        or _OWN_MAY_PAY.match(p.text)
        for p in _effects(entry)
    ):
        raise EngineError(
            f"{entry.name} doesn't ask anyone to pay: only an “unless … pays” effect such as "
            "Mana Leak's or ward does (118.12a, 702.21a).",
            hint="Say “The top of the stack resolves.” without who pays.",
        )
    if choices.colour and not any(asks_for_colour(p.text) for p in _effects(entry)):
        # CR 608.2d: a colour is chosen as it resolves only when its text says so ("the
        # color of your choice"); a "choosing red" it can't use isn't dropped silently.
        raise EngineError(
            f"{entry.name} has no colour to choose as it resolves: only an effect such as "
            "“the color of your choice” (Mother of Runes) asks for one (608.2d).",
            hint=f"Say “{entry.name} resolves.” without a colour.",
        )
    if (choices.new_targets or choices.copy_targets) and entry.spec.retarget is None:
        # CR 115.7: targets change only when an effect says so (Redirect, Twincast's copy).
        raise EngineError(
            f"{entry.name} has no effect that changes targets or copies a spell, so nothing "
            "chooses new targets as it resolves (115.7).",
            hint=f"Say “{entry.name} resolves.”, or change its targets with a spell or ability "
            f"that can, e.g. “Bob casts Redirect targeting {entry.name}.”",
        )
    copying = _copy_to_make(state, entry, choices)
    who = targeting_for_entry(state, entry)
    checks: dict[int, TargetCheck] = {}
    places = positions(entry)
    slot_reports = []
    for number, place in enumerate(places):
        check = check_target(state, who, place.slot, place.ref)
        if check.legal and (together := _controlled_together(state, entry, place.slot.index)):
            check = together  # "controlled by the same player", checked again (608.2b)
        elif not check.legal:
            check = _removed_from_combat(state, place.ref, check)
        checks[number] = check
        amounts = entry.chosen(place.slot.index).amounts
        slot_reports.append(
            SlotReport(
                slot_index=place.slot.index,
                requirement=place.slot.text,
                chosen=state.label(place.ref),
                chosen_id=place.ref if isinstance(place.ref, int) else None,
                legal=check.legal,
                why=check.reason,
                rules=check.rules,
                amount=amounts[place.index_in_slot] if amounts else None,
            )
        )
    illegal_rules = merge_rules(*(c.rules for c in checks.values() if not c.legal))
    # CR 603.12: a "When you do, ... target ..." sentence is a reflexive triggered ability; its
    # target is that trigger's, not the spell's, so it never makes the spell fizzle (608.2b;
    # QA 62 W3: Faebloom Trick "doesn't resolve" when the creature to tap died).
    reflexive = reflexive_slots(entry)
    spell_places = [n for n, place in enumerate(places) if place.slot.index not in reflexive]
    all_illegal = bool(spell_places) and not any(checks[n].legal for n in spell_places)
    if all_illegal and is_alternative_cast(entry.spec):
        first = next(c for c in checks.values() if not c.legal)
        return _resolve_as_creature(state, entry, first, tuple(slot_reports), illegal_rules)
    if all_illegal:
        # CR 608.2b: every target illegal -> it doesn't resolve and none of it happens.
        after = _leave_stack(state, entry, "was removed from the stack")
        first = next(c for c in checks.values() if not c.legal)
        effects = tuple(
            EffectReport(part.text, False, why="doesn't resolve: all its targets are illegal")
            for part in _effects(entry)
        )
        aura = _is_aura_spell(entry)
        return after, Verdict(
            VerdictKind.FIZZLED,
            f"{entry.name} doesn't resolve: all its targets are illegal, so none of its effect "
            f"happens ({first.reason.rstrip('.')}; 608.2b)"
            + ("; it is put into its owner's graveyard (608.3b)." if aura else "."),
            merge_rules(("608.2b",), ("608.3b",) if aura else (), illegal_rules),
            slots=tuple(slot_reports),
            effects=effects,
            object_ids=(entry.object_id,),
        )

    if entry.spec.keyword == MUTATE and places:
        return _resolve_mutating(state, entry, places[0].ref, choices, tuple(slot_reports))

    legal_by_slot: dict[int, list[tuple[TargetRef, int | None]]] = {}
    for number, place in enumerate(places):
        if checks[number].legal:
            amounts = entry.chosen(place.slot.index).amounts
            amount = amounts[place.index_in_slot] if amounts else None
            legal_by_slot.setdefault(place.slot.index, []).append((place.ref, amount))
    evenly = _divide_evenly(entry, legal_by_slot)

    reports: list[EffectReport] = []
    after = state
    notes: list[str] = list(evenly)
    extra_rules: list[str] = []  # rules behind the notes (702.16e, 111.8)
    if entry.source_id is not None and entry.source_id in state.departures:
        # CR 113.7a: "Once activated or triggered, an ability exists on the stack independently
        # of its source": it resolves though its source has left (QA 17 #19).
        gone_from = state.departures[entry.source_id].snapshot.zone.value
        notes.append(
            f"its source {state.label(entry.source_id)} has left the {gone_from}, but the ability "
            "exists on the stack independently of it (113.7a)"
        )
        extra_rules.append("113.7a")
    untargeted_hit: list[TargetRef] = []  # dealt damage without being targeted (each, follow-on)
    excess_why: str | None = None  # what became of a bite's trample excess (Ram Through)
    paid_off_retarget = False  # Divert's "unless that spell's controller pays {2}" was paid
    slots_seen: set[int] = set()  # target slots the parts before this one used
    revealed_by = ""  # whose unknown top card a part revealed (Chaos Warp)
    unchosen_by = ""  # a shielded "chooses and sacrifices one of them": no "other" (Sigarda)
    moved_before: int | None = None  # how many objects the part before moved ("that many")
    previous_condition: Condition | None = None  # the condition the part before opened with
    if entry.x is None and (counted_x := _x_counted_on_board(state, entry)) is not None:
        # Lantern Flare's "[X is the number of creatures you control.]": X is what the text
        # defines (107.3c), counted once as it resolves (608.2h), not 0.
        x_value, x_said = counted_x
        entry = evolve(entry, x=x_value)
        notes.append(x_said)
        extra_rules.extend(("107.3c", "608.2h"))
    parts = _effects(entry)
    # An opening condition that didn't hold, and its paragraph: "If X is 2, you may choose a
    # player. They return a creature ..." (Multiple Choice) - the rest of that paragraph is
    # under it too (608.2c).
    unmet: tuple[Condition, int] | None = None
    for number, part in enumerate(parts):
        if _X_IS_THE_NUMBER_ALONE.match(part.text.strip()):
            continue  # "[X is the number of ...]" defines X (said above); it does nothing
        if (vanished := _returning_card_gone(state, entry)) is not None:
            # QA 56 M3: persist's card exiled from the graveyard first.
            reports.append(EffectReport(part.text.rstrip("."), False, why=vanished))
            extra_rules.append("400.7")
            continue
        if (
            unmet is not None
            and _paragraph_of(entry, part.text) == unmet[1]
            and _REFERS_BACK.match(part.text.strip())
        ):
            reports.append(unmet[0].skipped(part.text))
            continue
        opened_by, previous_condition = previous_condition, None
        moved_by_previous, moved_before = moved_before, None
        affected = [pair for index in part.slot_indexes for pair in legal_by_slot.get(index, [])]
        # A part about the same target slot as an earlier one follows it ("Exile target
        # creature. Its controller gains life ...": last known information, 608.2h); another
        # slot's part finds the object gone.
        follows = bool(slots_seen & set(part.slot_indexes))
        slots_seen.update(part.slot_indexes)
        left = [] if follows else [ref for ref, _ in affected if _left_during(state, after, ref)]
        if left:
            # CR 608.2c, 400.7: the parts happen in order; a target an earlier part already
            # destroyed or moved is a new object this part can't find (Kolaghan's Command
            # destroying an Ornithopter, then 2 damage to it; found by QA 13).
            affected = [pair for pair in affected if pair[0] not in left]
            if not affected:
                names = and_list(state.label(ref) for ref in left)
                # QA 60 M7: not a failure of the spell; the object is gone already, often by
                # this spell's own earlier part (Decimate's creature and land, Dryad Arbor).
                why = (
                    f"{names} already left its zone earlier as it resolved, so nothing is left "
                    "for this part to do (608.2c, 400.7)"
                )
                reports.append(EffectReport(part.text, False, why=why))
                continue
        if follows and affected and _DAMAGE_TO_ITS_CONTROLLER.search(part.text):
            # "Destroy target creature. Consign to the Pit deals 2 damage to that creature's
            # controller.": the damage is dealt to the player who controlled the target as it
            # last existed (608.2h), not to the creature.
            affected = [
                (player, None)
                for player in dict.fromkeys(
                    _controller_of(state, ref) or "" for ref, _ in affected if isinstance(ref, int)
                )
                if state.has_player(player)
            ]
        if _BECOMES_A_COPY.search(part.text):
            after, report = _becomes_copy_part(after, part.text, affected, copying, choices)
            reports.append(report)
            continue
        if (
            copying is not None
            and not part.slot_indexes
            and re.match(r"choose an? .+ on the battlefield", part.text, re.I)
            and choices.copy_of is not None
        ):
            # Cytoshape's choice, made as it resolves (not a target).
            reports.append(
                EffectReport(part.text.rstrip("."), True, (state.label(choices.copy_of),))
            )
            continue
        if affected and _REVEALS_TOP_CARD.search(part.text):
            # Chaos Warp: the library was just shuffled (no player knows its order, 701.24a),
            # so the card revealed is unknown, not the one shuffled in; what it was is stated.
            revealed_by = _revealer(after, affected[0][0])
            reports.append(
                EffectReport(
                    part.text.rstrip("."),
                    True,
                    tracked=False,
                    why=f"the bot doesn't know which card is on top of {revealed_by}'s "
                    "library (after a shuffle no player does, 701.24a)",
                )
            )
            extra_rules.append("701.20a")
            continue
        if revealed_by and _ABOUT_THE_REVEALED_CARD.match(part.text):
            # "If it's a permanent card, they put it onto the battlefield": it depends on the
            # unknown card, so the board can't show it; the judge states it.
            why = (
                "it depends on the revealed card, which the bot doesn't know: if a permanent "
                f"card was put onto the battlefield, say so, e.g. “{revealed_by} controls "
                "Llanowar Elves.”"
            )
            reports.append(EffectReport(part.text.rstrip("."), True, tracked=False, why=why))
            continue
        if choices.colour and asks_for_colour(part.text):
            # CR 608.2d: the colour chosen as it resolves ("choosing red").  Giver of Runes'
            # "protection from colorless or from the color of your choice" is one protection:
            # from colorless, or from the colour chosen (QA 31 W1: it gave both).
            part = evolve(part, text=_with_chosen_quality(part.text, choices.colour, entry.name))
        elif affected and _PROTECTION_OF_CHOICE.search(part.text):
            # CR 608.2d: the colour is chosen as it resolves and nobody said which; resolving
            # it as a no-op would let the removal it answers go on (QA 29 W2), so ask.
            alternative = _PROTECTION_OF_CHOICE.search(part.text)
            raise colour_needed(entry.name, alternative["alt"] if alternative else None)
        elif _BECOMES_CHOSEN_COLOUR.search(part.text) and (
            affected or _changes_itself(after, entry, part.text)
        ):
            # "Target creature becomes the color of your choice" (Distorting Lens), "This
            # creature ... becomes the color of your choice" (Wild Mongrel): chosen as it
            # resolves (608.2d); a later colour question depends on it, so ask.
            raise colour_needed(
                entry.name, what="changes a colour to one of its controller's choice"
            )
        if _CAST_FROM_GRAVEYARD.match(part.text) and not (entry.flashback or entry.jump_start):
            # Increasing Vengeance: only a spell cast from a graveyard (flashback, 702.34a).
            why = "it wasn't cast from a graveyard (say “… with flashback” if it was)"
            reports.append(EffectReport(part.text, False, why=why))
            continue
        if is_otherwise(part.text) and opened_by is not None:
            # "Otherwise, it gets +4/-X" (Blood Lust): only when the condition before failed.
            previous_condition = opened_by
            if opened_by.holds is not False:
                reports.append(EffectReport(part.text, False, why=opened_by.why_not_otherwise()))
                continue
        if entry.x is None and (stat := _X_IS_ITS_STAT.search(part.text)) and affected:
            # Blood Lust's "+4/-X ..., where X is its toughness minus 1": read off the target as
            # it is now (107.3c), so the part is applied with that number.
            value = _stat_of(after, affected[0][0], stat)
            if value is not None:
                said = _X_IS_ITS_STAT.sub("", part.text)
                part = evolve(part, text=re.sub(r"\bX\b", str(value), said))
                extra_rules.append("107.3c")
        if entry.x is None and _X_DEFINED_BY_TEXT_SEEN.search(part.text):
            # CR 107.3c: X is what the text says ("the number of colors of mana spent to cast
            # this spell", converge), which the bot doesn't keep: the user states it.
            why = (
                f"X is defined by its text, which the bot doesn't track: say “{entry.controller} "
                f"casts {entry.name} with X=2.” with the real value (107.3c)"
            )
            reports.append(EffectReport(part.text.rstrip("."), True, tracked=False, why=why))
            extra_rules.append("107.3c")
            continue
        if by_slot := _damage_by_slot(part.text, part.slot_indexes):
            # "1 damage to any target, 2 damage to another target" (Cone of Flame): each
            # target its own amount.
            affected = [
                (ref, by_slot[index] if amount is None else amount)
                for index in part.slot_indexes
                for ref, amount in legal_by_slot.get(index, [])
            ]
        if _IF_X_IS.match(part.text) and (bigger := x_instead(part.text)):
            # "If X is 6 or more, it deals twice X damage ... instead" (Shatterskull Smashing):
            # a replacement of the part before, only when X is that big (CR 608.2c).
            threshold, doubles_division = bigger
            if entry.x is None or entry.x < threshold:
                reports.append(
                    EffectReport(part.text, False, why=f"X is {entry.x}, less than {threshold}")
                )
            elif doubles_division:
                # The division announced was of twice X (``division_total``), and the part
                # before dealt it: this sentence is how much, not more damage.
                reports.append(
                    EffectReport(part.text, True, why=f"X is {entry.x}: twice X was divided")
                )
            else:
                reports.append(EffectReport(part.text, True, tracked=False, why=NOT_TRACKED))
            continue
        if not part.slot_indexes and (sacrificed := _sacrificed_source(after, entry, part.text)):
            # CR 701.21a: its controller puts the permanent into its owner's graveyard.
            after, _ = after.move(sacrificed, Zone.GRAVEYARD, "was sacrificed")
            reports.append(EffectReport(part.text.rstrip("."), True, (state.label(sacrificed),)))
            continue
        if not part.slot_indexes and _LIFE_LOST_THIS_WAY.search(part.text.lower()):
            # Debt to the Deathless, Blood Tithe: the life the opponents lost as this resolved.
            lost = sum(
                max(0, state.player(name).life - after.player(name).life)
                for name in after.player_names
                if name.lower() != entry.controller.lower()
            )
            if after.has_player(entry.controller):
                after = _change_life(after, entry.controller, lost)
            reports.append(
                EffectReport(f"{entry.controller} gains {lost} life", True, (entry.controller,))
            )
            continue
        if not part.slot_indexes and (granted := GRANTED_FLASH.search(part.text)):
            # Teferi, Time Raveler's +1: the permission lasts until its controller's next turn,
            # past this scenario's one turn (702.8a, 608.2g).
            kind = (granted["kind"] or "").lower()
            after = after.with_flash_permission(entry.controller, kind)
            reports.append(EffectReport(part.text.rstrip("."), True, (entry.controller,)))
            continue
        if not part.slot_indexes and _LEAVES_LATER.match(part.text):
            # "When this Aura leaves the battlefield, that creature's controller sacrifices
            # it": an ability for later, not something that happens now (603.6c).
            why = "it triggers later, when the Aura leaves the battlefield (603.6c)"
            reports.append(EffectReport(part.text.rstrip("."), True, why=why))
            continue
        if entry.spec.keyword == LINKED_RETURN and is_linked_return(part.text):
            # Oblivion Ring's "When this enchantment leaves the battlefield, return the exiled
            # card to the battlefield under its owner's control" (603.6c, 607.2a).
            after, returned = _return_linked(after, entry)
            why = "" if returned else "nothing it exiled is still in exile (607.2a)"
            said = part.text.rstrip(".") + (f" → {and_list(returned)}" if returned else "")
            reports.append(EffectReport(said, bool(returned), returned, why=why))
            extra_rules.extend(("603.6c", "607.2a", "610.3c"))
            continue
        if not part.slot_indexes and (back := _RETURN_ENCHANTED_CARD.search(part.text)):
            # Animate Dead's trigger: the card it enchants returns under its controller's
            # control, a new object, and the Aura is attached to it (400.7; its rulings);
            # Dance of the Dead's, tapped.
            after, what = _return_enchanted_card(after, entry, tapped=bool(back["tapped"]))
            why = what or "the Aura isn't on the battlefield, or the card it enchants is gone"
            reports.append(EffectReport(part.text.rstrip("."), bool(what), why=why))
            continue
        if not part.slot_indexes and (host := _enchanted_or_equipped(after, entry, part.text)):
            # "When this Aura enters, enchanted creature gains hexproof until end of turn"
            # (Aquitect's Defenses): the permanent its source is attached to, untargeted.
            affected = [(host, None)]
        if not part.slot_indexes and (itself := _changes_itself(after, entry, part.text)):
            # "This creature gets +1/+1 and becomes the color of your choice until end of
            # turn" (Wild Mongrel), "Until end of turn, Mondo Gecko becomes ...": its source,
            # untargeted; a colour of choice is stated ("... resolves choosing red", 608.2d).
            affected = [(itself, None)]
        if not part.slot_indexes and (moved := _source_where_it_went(after, entry, part.text)):
            # Rancor: "When this Aura is put into a graveyard from the battlefield, return it
            # to its owner's hand": the ability finds the card in the zone it went to (400.7e).
            affected = [(moved, None)]
            extra_rules.append("400.7e")
        if not part.slot_indexes and (own := _own_counters(after, entry, part.text)):
            # "Put a +1/+1 counter on this creature" (valiant): its source, untargeted.
            affected = [(own, None)]
        if not part.slot_indexes and (about := _about_the_entered(after, entry, part.text)):
            # "Whenever another creature you control enters, it gets +2/+0 and gains haste"
            # (Enduring Courage), "... this creature deals 2 damage to it" (Marauding Raptor),
            # "its controller loses 1 life" (Poisonbelly Ogre): the creature that entered, or
            # its controller as it last existed (608.2h), untargeted.
            affected = about
        if (
            not part.slot_indexes
            and entry.triggered_by is not None
            and (life := _YOU_GAIN_ITS_STAT.match(part.text.strip()))
            and (subject := _as_it_is_or_was(after, entry.triggered_by)) is not None
        ):
            # Angelic Chorus: "you gain life equal to its toughness", Trostani: "... that
            # creature's toughness": the creature that entered, as it is or last was (608.2h).
            value = subject.current_power if life["stat"] == "power" else subject.current_toughness
            gained = max(0, value or 0)
            outcome = _Outcome()
            after = _change_life(after, entry.controller, gained, outcome)
            said = (
                f"{entry.controller} gains {gained} life ({subject.name}'s {life['stat']}, 608.2h)"
            )
            reports.append(
                EffectReport(
                    said, not outcome.prevented, (entry.controller,), why=outcome.prevented
                )
            )
            extra_rules.extend(("608.2h", *outcome.rules))
            continue
        if not part.slot_indexes and (named := _named_player(after, part.text)):
            # An untargeted effect on a player the trigger named when it triggered ("that
            # spell's controller", Bonecrusher Giant): it happens to that player (CR 608.2c).
            affected = [(named, None)]
        if not part.slot_indexes and (bypass := _hexproof_effect(after, entry, part.text)):
            # Detection Tower (CR 702.11e), or "creatures your opponents control lose hexproof"
            # (Shadowspear, CR 613.1f): applied now, for the rest of the turn.
            after, what = bypass
            reports.append(EffectReport(part.text.rstrip("."), True, why=what))
            notes.append(what)
            extra_rules.append("702.11e" if "as though" in what else "613.1f")
            continue
        if not part.slot_indexes and (group := _GROUP_GETS.match(part.text)):
            # "All creatures get -X/-X until end of turn" (Toxic Deluge, Languish), "creatures
            # your opponents control get -2/-2" (Massacre Wurm): each creature the words
            # describe now, none targeted (115.10), in layer 7c (613.4c); a toughness of 0 or
            # less then puts it into its owner's graveyard (704.5f), indestructible or not.
            described = group["what"] or re.sub(r"\bcreature\b", "creatures", group["each"])
            # "other": every one but the ability's source (battle cry, 702.91a).
            others = re.match(r"other ", described, re.IGNORECASE) is not None
            described = described[len("other ") :] if others else described
            reached = _each_affected(after, entry, f"destroy all {described}")
            if reached is not None and others:
                reached = ([pair for pair in reached[0] if pair[0] != entry.source_id], reached[1])
            if reached is not None:
                power, toughness = (_amount(n.lstrip("+-"), entry) for n in group.group(3, 4))
                power *= -1 if group.group(3).startswith("-") else 1
                toughness *= -1 if group.group(4).startswith("-") else 1
                shrunk = [one for one, _ in reached[0] if isinstance(one, int)]
                for one in shrunk:
                    if lasts_this_turn(part.text):  # ends with the turn (CR 514.2)
                        after = pumped_this_turn(after, one, power, toughness)
                    else:
                        after = after.with_object(pumped(after.obj(one), power, toughness))
                untargeted_hit.extend(shrunk)
                said = re.sub(
                    r"[+-]x/[+-]x", f"{power:+d}/{toughness:+d}", part.text.rstrip("."), flags=re.I
                )
                labels = tuple(state.label(one) for one in shrunk)
                reports.append(
                    EffectReport(said + (f" → {and_list(labels)}" if labels else ""), True, labels)
                )
                continue
        if (
            not part.slot_indexes
            and (each_if := _GROUP_GETS_IF.match(part.text))
            and (checked := _group_gets_per_object(after, entry, part.text, each_if))
        ):
            # Akroma, Vision of Ixidor: "each other creature you control gets +1/+1 if it has
            # flying, +1/+1 if it has first strike, and so on ...": checked for each creature
            # as it is applied (608.2c); one the bot can't check leaves it unchecked below.
            after, group_report, pumped_ids = checked
            reports.append(group_report)
            untargeted_hit.extend(pumped_ids)
            extra_rules.append("608.2c")
            continue
        if not part.slot_indexes and (cant := _GROUP_CANT_BLOCK.match(part.text)):
            # Falter: "Creatures without flying can't block this turn.": each creature the words
            # describe now (115.10) keeps "can't block", which the block checks read (509.1b).
            reached = _each_affected(after, entry, f"destroy all {cant['what']}")
            if reached is not None:
                hindered = [one for one, _ in reached[0] if isinstance(one, int)]
                # It changes no characteristics, so creatures arriving later this turn are
                # covered too (611.2c): one ban, read by the block checks, for all of them
                # (not a mark on each, which "It is a later turn." would list again).
                after = with_block_ban(after, cant["what"], entry.controller, entry.name)
                labels = tuple(after.label(one) for one in hindered)
                said = part.text.rstrip(".") + (f" → {and_list(labels)}" if labels else "")
                reports.append(EffectReport(said, True, labels))
                continue
        if not part.slot_indexes and (mass := _RETURN_ALL_FROM_GRAVEYARD.match(part.text)):
            # Splendid Reclamation: "Return all land cards from your graveyard to the
            # battlefield tapped": each is a new permanent (400.7) whose entering is seen by
            # landfall and other "enters" abilities (603.6a).
            after, returned, auras_left = _return_all_from_graveyard(after, entry, mass)
            said = part.text.rstrip(".") + (f" → {and_list(returned)}" if returned else "")
            why = (
                ""
                if returned or auras_left
                else f"no such card was stated in {entry.controller}'s graveyard (“"
                f"{entry.controller}'s graveyard has …”), so the bot returned none"
            )
            reports.append(EffectReport(said, True, returned, tracked=bool(returned), why=why))
            notes.extend(auras_left)
            extra_rules.extend(("400.7", "303.4f") if auras_left else ("400.7",))
            continue
        if not part.slot_indexes and _STACK_SWEEP.match(part.text):
            # Summary Dismissal: "Exile all other spells and counter all abilities" (no
            # target, 115.10): each of them now on the stack; exiling isn't countering, so a
            # spell that can't be countered is exiled too (101.2 stops only "counter").
            after, said, sweep_rules = _sweep_stack(after, entry, part.text)
            reports.append(EffectReport(part.text.rstrip("."), True, why=said))
            notes.append(said)
            extra_rules.extend(sweep_rules)
            continue
        if not part.slot_indexes and (
            each := _each_affected(after, entry, part.text, made_since=state.next_id)
        ):
            # "... to each creature you don't control" (an overloaded spell, CR 702.96a-b):
            # every object the words describe now, none of them targeted (115.10).
            affected, prevented = each
            untargeted_hit.extend(ref for ref, _ in affected)
            notes.extend(prevented)
            extra_rules.extend(rule for note in prevented for rule in RULE_NUMBER.findall(note))
        if part.slot_indexes and affected and (kind := _each_of_target_player(part.text)):
            # "1 damage to each creature target player controls" (Aggravate): the player is the
            # target, the creatures are not (115.10), so hexproof ones are dealt damage too.
            players = {ref for ref, _ in affected if isinstance(ref, str)}
            affected = [
                (obj.id, None)
                for obj in after.zone_objects(Zone.BATTLEFIELD)
                if obj.controller in players and _described_by(obj, kind) and not obj.phased_out
            ]
            untargeted_hit.extend(ref for ref, _ in affected)
            if not affected:
                reports.append(EffectReport(part.text, True, why=f"that player controls no {kind}"))
                continue
        if part.slot_indexes and affected and (same := _SAME_NAME.search(part.text)):
            # "Target creature and all other creatures with the same name as that creature"
            # (Bile Blight): one target; the others are affected without being targeted, so
            # hexproof doesn't stop it (the card's rulings; CR 115.10).
            same_controller = bool(same.group(1))
            for ref, amount in list(affected):
                chosen = after.objects.get(ref) if isinstance(ref, int) else None
                if chosen is None:
                    continue
                for other in after.zone_objects(Zone.BATTLEFIELD):
                    if (
                        other.id != chosen.id
                        and other.name == chosen.name
                        and "creature" in other.card_types
                        and not other.phased_out
                        and (not same_controller or other.controller == chosen.controller)
                        and all(other.id != seen for seen, _ in affected)
                    ):
                        affected.append((other.id, amount))
                        untargeted_hit.append(other.id)
        if affected and _COUNTER_TARGET.match(part.text):
            countering = after.objects.get(entry.object_id)
            stubborn = {
                ref: why
                for ref, _ in affected
                if isinstance(ref, int)
                and (why := uncounterable_because(after, ref, by=countering))
            }
            if stubborn:
                # CR 101.2: the spell is a legal target, but "can't be countered" wins: it
                # stays on the stack (Carnage Tyrant, Abrupt Decay, Hexing Squelcher's).
                for ref, why in stubborn.items():
                    notes.append(f"{after.label(ref)} {why}, so it stays on the stack (101.2)")
                extra_rules.append("101.2")
                affected = [pair for pair in affected if pair[0] not in stubborn]
                if not affected:
                    reports.append(EffectReport(part.text, False, why="it can't be countered"))
                    continue
        if affected and _REVOLT.search(part.text) and not _revolt_met(after, entry.controller):
            # Fatal Push's "Revolt — ... instead if a permanent left the battlefield under your
            # control this turn" (the scenario is one turn): checked on resolution, not taken
            # as met (found by QA 29 W3).
            why = (
                f"no permanent left the battlefield under {entry.controller}'s control this "
                "turn, so revolt isn't met (608.2c)"
            )
            reports.append(EffectReport(part.text, False, why=why))
            extra_rules.append("608.2c")
            continue
        if affected and _COUNTERED_THIS_WAY.search(part.text):
            # Remand, Memory Lapse: the replacement puts only a spell this countered there
            # (Remand's ruling: one that can't be countered "won't be countered or returned to
            # its owner's hand"), and flashback's exile wins over it (Memory Lapse's ruling;
            # 702.34a): the line says what happened to it.
            by = after.objects.get(entry.object_id)
            done, why = _countered_this_way(state, after, affected, by)
            said = _phrase(part.text, entry, done, state) if done else part.text.rstrip(".")
            labels = tuple(state.label(ref) for ref, _ in done)
            reports.append(EffectReport(said, bool(done), labels, why=why))
            extra_rules.extend(RULE_NUMBER.findall(why))
            continue
        if affected and (condition := _IF_IT_HAS.search(part.text)):
            # "Destroy target creature if it has mana value 2 or less" (Fatal Push), "Counter
            # target spell if its mana value is 2 or less" (Prohibit): the target is legal
            # whatever its mana value; the condition is checked as it resolves (the card's
            # rulings; CR 608.2c).
            kept, failed = _meeting(after, affected, condition)
            notes.extend(failed)
            extra_rules.extend(("608.2c",) if failed else ())
            affected = kept
            if not affected:
                reports.append(EffectReport(part.text, False, why="its condition isn't met"))
                continue
        if affected and (quality := _IF_ITS.search(part.text)):
            # "Counter target spell if it's blue" (Pyroblast): any spell is a legal target;
            # the colour is checked only as it resolves (the card's rulings; CR 608.2c).
            kept, failed = _having(after, affected, quality["what"].lower())
            notes.extend(failed)
            extra_rules.extend(("608.2c",) if failed else ())
            affected = kept
            if not affected:
                why = f"its target isn't {quality['what'].lower()} (608.2c)"
                reports.append(EffectReport(part.text, False, why=why))
                continue
        chosen_slots = {place.slot.index for place in places}
        if _FIGHT.search(part.text) and any(
            index in chosen_slots and index not in legal_by_slot for index in part.slot_indexes
        ):
            # Temur Charm's rulings: if either creature is an illegal target, neither deals or
            # is dealt damage (CR 608.2b; 701.14b).
            why = "a creature in the fight is an illegal target now, so no damage is dealt"
            reports.append(EffectReport(part.text, False, why=f"{why} (608.2b, 701.14b)"))
            notes.append(f"No fight: {why} (701.14b)")
            extra_rules.append("701.14b")
            continue
        if (equal := _EQUAL_TO_THAT.search(part.text)) and len(part.slot_indexes) >= 2:
            # Kicked Orim's Thunder: "damage equal to that permanent's mana value to target
            # creature": the amount is the first target's, as it last existed (608.2h); the
            # damage goes to the second. If the first is illegal, that information can't be
            # found, so that part doesn't happen (608.2b).
            info_slot, hit_slot = part.slot_indexes[0], part.slot_indexes[-1]
            sources = legal_by_slot.get(info_slot, [])
            receivers = legal_by_slot.get(hit_slot, [])
            if not sources or not receivers:
                why = (
                    "it needs information about an illegal target, which it can't find, so "
                    "this part doesn't happen (608.2b)"
                    if not sources
                    else "its target is illegal now (608.2b)"
                )
                reports.append(EffectReport(part.text, False, why=why))
                if not sources:
                    notes.append(f"No damage: {why}")
                continue
            last = after.last_known(sources[0][0]) if isinstance(sources[0][0], int) else None
            seen = as_seen(after, last) if last is not None else None
            value = {
                "mana value": seen.mana_value if seen else 0,
                "power": (seen.current_power or 0) if seen else 0,
                "toughness": (seen.current_toughness or 0) if seen else 0,
            }[equal.group(1).lower()]
            after, report = _deal_equal_to(
                after,
                entry,
                receivers,
                value,
                f" ({state.label(sources[0][0])}'s {equal.group(1)}, 608.2h)",
            )
            reports.append(report)
            untargeted_hit.extend(ref for ref, _ in receivers)
            extra_rules.append("608.2h")
            continue
        if affected and _SACRIFICED_POWER.search(part.text):
            # Fling: "damage equal to the sacrificed creature's power", as it last existed on
            # the battlefield (CR 608.2h); unknown if the statement named no sacrifice.
            snapshot = after.last_known(entry.sacrificed[0]) if entry.sacrificed else None
            if snapshot is None:
                notes.append(
                    f"say what {entry.controller} sacrificed to cast it (“{entry.controller} "
                    f"casts {entry.name} sacrificing …”) to know how much damage it deals "
                    "(601.2h, 608.2h)"
                )
            else:
                sacrificed_power = as_seen(after, snapshot).current_power
                after, report = _deal_equal_to(after, entry, affected, sacrificed_power)
                reports.append(report)
                untargeted_hit.extend(ref for ref, _ in affected)
                extra_rules.append("608.2h")
                continue
        if _BITE.search(part.text) and len(part.slot_indexes) >= 2:
            # "Target creature you control deals damage equal to its power to target creature
            # you don't control" (Rabid Bite): one-sided, and nothing if either target is
            # illegal (the card's rulings; CR 608.2b).
            if any(i in chosen_slots and i not in legal_by_slot for i in part.slot_indexes):
                why = "one of its two targets is illegal now, so no damage is dealt (608.2b)"
                reports.append(EffectReport(part.text, False, why=why))
                notes.append(f"No damage: {why}")
                excess_why = "no damage was dealt, so there is no excess (608.2b)"
                continue
            if len(affected) == 2:
                tramples = any(_TRAMPLE_EXCESS.match(p.text) for p in _effects(entry))
                after, bitten, excess_why, bite_rules = _bite(
                    after, affected[0][0], affected[1][0], trample_excess=tramples
                )
                if bitten:
                    extra_rules.extend(bite_rules)
                    reports.append(
                        EffectReport(bitten, True, tuple(after.label(r) for r, _ in affected))
                    )
                    untargeted_hit.extend(ref for ref, _ in affected)
                    continue
        if affected and (unblocking := _BECOME_UNBLOCKED.match(part.text)):
            # Balduvian Warlord, after "Remove target blocking creature from combat" (506.4).
            after, combat_notes, asked = _unblock_then_block(
                state, after, affected, bool(unblocking["then"])
            )
            labels = tuple(after.label(ref) for ref, _ in affected)
            reports.append(
                EffectReport(part.text.rstrip("."), True, labels, tracked=not asked, why=asked)
            )
            notes.extend(combat_notes)
            extra_rules.extend(("506.4", "509.1h"))
            continue
        if (
            _ENTERED_DEALS_ITS_POWER.match(part.text)
            and affected
            and entry.triggered_by is None
            and len(part.slot_indexes) == 1
        ):
            # Stated with no entering the bot saw: it can't tell whose power (608.2h).
            why = (
                "the bot didn't see which creature's entering triggered it, so it can't tell "
                "whose power: say what that creature dealt, e.g. “Hill Giant deals 3 damage to "
                f"{after.label(affected[0][0])}.”"
            )
            reports.append(EffectReport(part.text.rstrip("."), True, tracked=False, why=why))
            continue
        if (
            (entering := _ENTERED_DEALS_ITS_POWER.match(part.text))
            and affected
            and entry.triggered_by is not None
            and len(part.slot_indexes) == 1
        ):
            # Warstorm Surge: "Whenever a creature you control enters, it deals damage equal to
            # its power to any target": that creature deals it; Terror of the Peaks: "this
            # creature deals damage equal to that creature's power". The power as it is now,
            # or as it last existed if it has left (608.2h).
            subject = _as_it_is_or_was(after, entry.triggered_by)
            dealer = subject if entering["who"] else _as_it_is_or_was(after, entry.source_id)
            if subject is not None and dealer is not None:
                power = max(0, subject.current_power or 0)
                whose = (
                    f" by {subject.name} (its power, 608.2h)"
                    if dealer.id == subject.id
                    else f" ({subject.name}'s power, 608.2h)"
                )
                undamaged = after
                after, report = _deal_equal_to(after, entry, affected, power, whose)
                after, riders, rider_rules = _dealer_keywords(
                    undamaged, after, dealer, affected, power
                )
                reports.append(report)
                notes.extend(riders)
                untargeted_hit.extend(ref for ref, _ in affected)
                extra_rules.extend(("608.2h", *rider_rules))
                continue
        if (
            (its_stat := _SOURCE_DEALS_ITS_STAT.match(part.text))
            and affected
            and entry.source_id is not None
            and len(part.slot_indexes) == 1
        ):
            # "This creature deals damage equal to its toughness to target creature ..."
            # (Steadfast Armasaur): its source's number as it is now, or as it last existed
            # if it has left (608.2h).
            source = after.objects.get(entry.source_id) or state.last_known(entry.source_id)
            if source is not None:
                seen = as_seen(after, source) if source.zone is Zone.BATTLEFIELD else source
                its_value = (
                    seen.current_power if its_stat["stat"] == "power" else seen.current_toughness
                )
                after, report = _deal_equal_to(after, entry, affected, its_value)
                reports.append(report)
                untargeted_hit.extend(ref for ref, _ in affected)
                extra_rules.append("608.2h")
                continue
        if _TRAMPLE_EXCESS.match(part.text) and excess_why is not None:
            # Ram Through's trample clause: done with the damage above (``_bite``), or not.
            happened = excess_why.startswith("excess")
            reports.append(EffectReport(part.text, happened, why=excess_why))
            continue
        if (
            len(affected) == 1
            and entry.triggered_by is not None
            and re.match(r"(?:it|that creature) fights\b", part.text, re.IGNORECASE)
            and entry.triggered_by in after.objects
        ):
            # Boxing Ring: "Whenever a creature you control enters, it fights up to one target
            # creature ...": the creature that entered fights the target (701.14a).
            pair = [(entry.triggered_by, None), *affected]
            after, fought, fight_rules = _fight(after, entry.triggered_by, affected[0][0])
            if fought:
                reports.append(EffectReport(fought, True, tuple(after.label(r) for r, _ in pair)))
                untargeted_hit.extend(ref for ref, _ in pair)
                extra_rules.extend(("701.14a", *fight_rules))
                continue
        if _FIGHT.search(part.text) and len(affected) == 2:
            # CR 701.14a: each deals damage equal to its power to the other (Prey Upon). Back
            # for More's "it" is the card it returned: the new permanent (400.7).
            fighter = _returned_as(after, state, affected[0][0])
            after, fought, fight_rules = _fight(after, fighter, affected[1][0])
            if fought:
                extra_rules.extend(fight_rules)
                reports.append(
                    EffectReport(fought, True, tuple(after.label(r) for r, _ in affected))
                )
                untargeted_hit.extend(ref for ref, _ in affected)
                extra_rules.append("701.14a")
                continue
        if part.slot_indexes and not affected:
            chosen_any = any(place.slot.index in part.slot_indexes for place in places)
            why = (
                # CR 603.12, 603.3d: a reflexive trigger with no legal target is removed as it
                # would be put on the stack; the spell itself still resolved.
                "its reflexive trigger has no legal target now, so it is removed from the "
                "stack as it would be put there (603.12, 603.3d)"
                if chosen_any and REFLEXIVE_PART.match(part.text)
                else "its target is illegal now (608.2b)"
                if chosen_any
                else "no target was chosen for it (115.6)"
            )
            # "2 damage to another target" for Comet Storm cast with X=2, not "X damage".
            said = re.sub(r"\bX\b", str(entry.x), part.text) if entry.x is not None else part.text
            reports.append(EffectReport(said, False, why=why))
            continue
        if part.text.lower().startswith("exchange control"):
            after, report, note = _exchange_control(after, part, affected, len(places))
            reports.append(report)
            if note:
                notes.append(note)
                extra_rules.append("701.12a")
            continue
        if _EXCHANGE_LIFE_TOTALS.search(part.text):
            # Axis of Mortality, Soul Conduit: "two target players exchange life totals"
            # (701.12c); if one of them is no longer a legal target, the entire exchange can't
            # be completed, so none of it happens (701.12a).
            exchangers = [
                ref for ref, _ in affected if isinstance(ref, str) and after.has_player(ref)
            ]
            life_by_name = {name: after.player(name).life for name in exchangers}
            higher = max(life_by_name.values(), default=0)
            gainer = next((n for n, life in life_by_name.items() if life < higher), None)
            if len(exchangers) == 2 and gainer and (bar := life_gain_bar(after, gainer)):
                # CR 119.7: a player who can't gain life can't make an exchange such that
                # their life total would become higher; the exchange won't happen.
                why = f"{gainer} can't gain life ({bar}), so the exchange won't happen (119.7)"
                reports.append(EffectReport(part.text.rstrip("."), False, why=why))
                extra_rules.extend(("101.2", "119.7"))
                continue
            if len(exchangers) == 2:
                life_before, other_before = (after.player(name).life for name in exchangers)
                after = _change_life(after, exchangers[0], other_before - life_before)
                after = _change_life(after, exchangers[1], life_before - other_before)
                said = (
                    f"{exchangers[0]} now has {other_before} life and {exchangers[1]} "
                    f"{life_before} (701.12c)"
                )
                if "may" in part.text.lower():
                    said += "; it is optional (“you may”): if it wasn't done, say so"
                reports.append(EffectReport(part.text.rstrip("."), True, tuple(exchangers)))
                notes.append(said)
                extra_rules.append("701.12c")
            else:
                why = "an exchange happens only if both players are still legal targets (701.12a)"
                reports.append(EffectReport(part.text.rstrip("."), False, why=why))
                extra_rules.append("701.12a")
            continue
        if not part.slot_indexes and _THIS_CARD_FROM_GRAVEYARD.match(part.text):
            # Unearth, Reassembling Skeleton: "Return this card from your graveyard to the
            # battlefield" means its source, still in the graveyard (CR 113.6m, 702.84a).
            card = _this_card_in_graveyard(after, entry)
            if card is None:
                why = "the card is no longer in the graveyard: a new object if it came back (400.7)"
                reports.append(EffectReport(part.text, False, why=why))
                notes.append(f"{entry.name} does nothing: {why}")
                extra_rules.append("400.7")
                continue
            affected = [(card, None)]
        if (
            affected
            and _RETURN_TO_BATTLEFIELD.search(part.text.lower())
            and not _SEARCHES.search(_text_so_far(entry, part.text))
            and all(_ceased_token(after, ref) for ref, _ in affected)
        ):
            # CR 111.8: a token that has left the battlefield can't come back (Cloudshift).
            why = "a token that has left the battlefield can't come back (111.8)"
            reports.append(EffectReport(part.text, False, why=why))
            notes.append(f"{state.label(affected[0][0])} doesn't return: {why}")
            extra_rules.append("111.8")
            continue
        before = reports[-1] if reports else None
        if (
            opening := opening_condition(
                after, entry, affected, part.text, before, first=number == 0
            )
        ) is not None:
            # "If you control a Liliana planeswalker, ..." (Liliana's Triumph), "Metalcraft —
            # If you control three or more artifacts, ..." (Dispatch), "If target creature has
            # toughness 5 or greater, ..." (Blood Lust): checked as the part is reached (CR
            # 608.2c); one the board can't settle is neither applied nor ticked.
            previous_condition = opening
            if opening.holds is not True:
                reports.append(opening.skipped(part.text))
                extra_rules.extend(("608.2c",) if opening.holds is False else ())
                if (paragraph := _paragraph_of(entry, part.text)) is not None:
                    unmet = (opening, paragraph)
                continue
            if opening.replaces_previous:
                # "If you control a black permanent, destroy the creature instead" (Dark
                # Temper): it happens in place of the part before, which was skipped for it.
                part, affected = _in_place_of(parts, number, opening.effect, legal_by_slot)
                extra_rules.append("608.2c")
        elif not _REVOLT.search(part.text) and (
            trailing := trailing_condition(after, entry, affected, part.text)
        ):
            # "Galvanic Blast deals 4 damage instead if you control three or more artifacts":
            # in place of the part before when it holds (skipped for it), else nothing.
            if trailing.holds is not True:
                reports.append(trailing.skipped(part.text))
                extra_rules.extend(("608.2c",) if trailing.holds is False else ())
                continue
            part, affected = _in_place_of(parts, number, trailing.effect, legal_by_slot)
            extra_rules.append("608.2c")
        elif not (affected and (_IF_IT_HAS.search(part.text) or _IF_ITS.search(part.text))) and (
            plain := trailing_if_condition(after, entry, affected, part.text, first=number == 0)
        ):
            # "Exile target creature if it has any abilities other than keywords" (TL;DR): the
            # part happens only if its condition holds as it is reached (CR 608.2c); one the
            # board can't settle is neither applied nor ticked (Fatal Push's mana value and
            # Pyroblast's colour were checked per target above).
            previous_condition = plain
            if plain.holds is not True:
                reports.append(plain.skipped(part.text))
                extra_rules.extend(("608.2c",) if plain.holds is False else ())
                continue
            extra_rules.append("608.2c")
        if (
            replaced_by := _replaced_by_next(after, entry, parts, number, legal_by_slot)
        ) is not None:
            # CR 608.2c: the part after this one happens instead of it ("... If you control a
            # black permanent, destroy the creature instead"), so this one doesn't.
            why = f"“if {replaced_by.text}” is true, so the part after it happens instead (608.2c)"
            reports.append(EffectReport(part.text, False, why=why))
            continue
        if (
            not affected
            and not part.slot_indexes
            and _EXILE_IF_DEALT_DAMAGE_THIS_WAY.search(part.text)
        ):
            # Anger of the Gods: "If a creature dealt damage this way would die this turn,
            # exile it instead": each creature an earlier part of this spell dealt damage to.
            affected = [(ref, None) for ref in _dealt_damage_this_way(state, after, untargeted_hit)]
        elif affected and _EXILE_IF_DEALT_DAMAGE_THIS_WAY.search(part.text):
            # Pillar of Flame: "If a creature dealt damage this way would die this turn, exile it
            # instead": a target its damage didn't reach (prevented) isn't covered (ruling
            # 2017-11-17).
            damaged = _damaged_by_earlier_parts(state, after, legal_by_slot, untargeted_hit)
            spared = [ref for ref, _ in affected if ref not in damaged]
            affected = [(ref, slot) for ref, slot in affected if ref in damaged]
            if not affected:
                reports.append(
                    EffectReport(
                        part.text,
                        False,
                        why=f"{and_list(after.label(ref) for ref in spared)} was dealt no "
                        "damage this way, so the replacement doesn't cover it (614.1a)",
                    )
                )
                extra_rules.append("614.1a")
                continue
        if not affected and not part.slot_indexes and _BARRED_IF_DEALT_DAMAGE.search(part.text):
            # Incinerate: "A creature dealt damage this way can't be regenerated this turn."
            # (701.19c): what an earlier part of it dealt damage to, targeted or not.
            damaged = _damaged_by_earlier_parts(state, after, legal_by_slot, untargeted_hit)
            affected = [(ref, None) for ref in damaged]
        if affected and _EXILE_IF_IT_WOULD_DIE.search(part.text):
            # Torch the Tower, Lava Coil: "If that creature would die this turn, exile it
            # instead" replaces only a death (CR 614.1a): one its damage killed (704.5g) is
            # exiled instead of dying; a survivor stays on the battlefield.
            dying = [(ref, slot) for ref, slot in affected if _would_die_now(after, ref)]
            survivors = [ref for ref, _ in affected if (ref, _) not in dying]
            # Dying now or later this turn, for any reason, they are exiled instead (Magma
            # Spray, Anger of the Gods rulings): kept until the turn ends (514.2). One the part
            # doesn't exile itself (Disintegrate's "it can't be regenerated this turn, and if it
            # would die ...") is exiled as the state-based actions would make it die.
            spell = _delayed_source(state, entry)
            covering = spell.name if spell else entry.name
            after = _exiled_if_it_dies(after, covering, [ref for ref, _ in affected])
            if survivors:
                if bars_regeneration_this_turn(part.text):
                    # Disintegrate: "it can't be regenerated this turn, and if it would die
                    # this turn, exile it instead" (701.19c).
                    for ref in survivors:
                        if isinstance(ref, int) and ref in after.objects:
                            after = with_regeneration_barred(after, ref)
                    extra_rules.append("701.19c")
                why = _survives_its_damage(after, survivors)
                covered = [ref for ref in survivors if ref in after.exiled_if_it_dies]
                if dying or covered:
                    notes.append(why)
                extra_rules.extend(("614.1a", "704.5g"))
            if not dying:
                # The replacement is made for the survivors (✓), or covers nothing (✗).
                labels = tuple(after.label(ref) for ref in covered)
                said = "" if covered else why
                phrased = _phrase(part.text, entry, [(ref, None) for ref in covered], after)
                reports.append(EffectReport(phrased, bool(covered), labels, why=said))
                continue
            affected = dying
            exiled = and_list(after.label(ref) for ref, _ in dying)
            notes.append(
                f"{exiled} would die, so {'it is' if len(dying) == 1 else 'they are'} exiled "
                "instead: the death never happens, so nothing that triggers on dying (persist, "
                "undying, “whenever … dies”) triggers (614.1a, 614.6, 700.4)"
            )
            extra_rules.extend(("614.1a", "614.6"))
        top_or_bottom = _OWNER_CHOOSES_TOP_OR_BOTTOM.search(part.text) is not None
        # "Its owner puts it on ... their library" moves the object, not its owner (QA 60 W4).
        shown = (not top_or_bottom and _controllers_named(state, part.text, affected)) or affected
        labels = tuple(state.label(ref) for ref, _ in shown)
        reports.append(EffectReport(_phrase(part.text, entry, shown, state), True, labels))
        own_report = len(reports) - 1
        if top_or_bottom and affected:
            notes.append(_top_or_bottom_note(state, affected, choices.on_top))
            extra_rules.extend(("400.7", "608.2d"))
        if affected and _CHANGES_TEXT.match(part.text):
            # Alter Reality, Trait Doctoring: a text-changing effect (612.1) the bot doesn't
            # apply; never a bare check mark.
            reports[own_report] = evolve(
                reports[own_report],
                tracked=False,
                why="the bot doesn't apply text-changing effects (612.1): state the result if "
                "a later question depends on it",
            )
            extra_rules.append("612.1")
            continue
        if (own_offer := _OWN_MAY_PAY.match(part.text)) is not None:
            # "You may pay {2}. If you do, ..." (Vanguard of the Restless): the controller's
            # choice as it resolves (608.2d), not ticked unless the statement said it.
            reports[own_report] = _own_payment(entry, own_offer["cost"], choices)
            extra_rules.append("608.2d")
            continue
        if (offer := _OTHERS_MAY_PAY.match(part.text)) is not None:
            # "Then that creature's controller may pay {2}{U}. If the player does, ..." (Chain
            # Stasis), "that player may pay {2}" (Smothering Tithe): another player's choice,
            # made as it resolves (608.2d), which the bot doesn't make for them: never ticked,
            # unless the statement said it ("... resolves and Bob pays {2}{U}.").
            reports[own_report] = _others_payment(after, entry, offer, affected, choices)
            extra_rules.append("608.2d")
            continue
        if (
            affected
            and _ONE_OF_THE_TARGETS.search(part.text)
            and _SACRIFICE_WORD_ANY.search(part.text)
            and (shielded := _sacrifice_shielded(after, entry, affected))
        ):
            # Barrin's Spite: "Their controller chooses and sacrifices one of them" under
            # Sigarda, Host of Herons: "if it would force you to sacrifice a permanent, you
            # just don't. That part of the effect does nothing." (its ruling 2018-12-07; 101.2)
            reports[own_report] = evolve(reports[own_report], happens=False, why=shielded)
            notes.append(shielded)
            extra_rules.append("101.2")
            ref = affected[0][0]
            player = _controller_of(after, ref) if isinstance(ref, int) else None
            unchosen_by = player or "their controller"
            continue
        if choices.pays is not None and (act := _YOU_MAY_ACT.match(part.text)):
            # "You may sacrifice a Food. If you do, ..." (Insatiable Appetite) with the choice
            # stated: "... resolves and Alice sacrifices a Food." / "... doesn't sacrifice ...":
            # carried out, so the "If you do" after it is settled (608.2d, 608.2c).
            after, acted = _optional_act(after, entry, act, choices)
            reports[own_report] = evolve(reports[own_report], happens=acted is not None, why=acted)
            if acted is None:
                reports[own_report] = evolve(
                    reports[own_report], why=f"{entry.controller} chose not to (608.2d)"
                )
            extra_rules.append("608.2d")
            continue
        if (
            choices.pays is not None
            and (unless_they := _UNLESS_THEY.search(part.text))
            and (times := _repetitions(entry, part.text)) > 1
            and (loss := _EACH_LOSES_LIFE.search(part.text.lower()))
            and (payers := _unless_payers(after, entry, part.text, affected))
        ):
            # Torment of Hailfire: "Repeat the following process X times. Each opponent loses
            # 3 life unless that player sacrifices a nonland permanent of their choice or
            # discards a card": a choice each time (its ruling 2017-07-14; 118.12).
            after, torments, neither = _repeated_choices(
                after, entry, payers[0], unless_they, choices, times
            )
            lost = _amount(loss.group(2), entry)
            after = _change_life(after, payers[0], -lost * neither)
            if neither:
                torments.append(
                    f"{payers[0]} did neither {_times_said(neither)}, losing {lost} life "
                    f"each time ({lost * neither} in all)"
                )
            # Said as a note: a part that happens shows no reason beside its check mark.
            notes.append(
                f"{entry.name} is done {times} times: " + "; ".join(torments) + " (118.12)"
            )
            if choices.pays and neither:
                notes.append(
                    f"only {times - neither} of the {times} choices {'was' if times - neither == 1 else 'were'} "
                    f"stated: if {payers[0]} sacrificed or discarded again, name each, for "
                    f"example “{entry.name} resolves and {payers[0]} sacrifices Grizzly Bears "
                    "and Sol Ring.”"
                )
            reports[own_report] = evolve(
                reports[own_report], happens=bool(neither), why="; ".join(torments) + " (118.12)"
            )
            extra_rules.append("118.12")
            continue
        if (
            choices.pays is not None
            and (unless_they := _UNLESS_THEY.search(part.text))
            and (payers := _unless_payers(after, entry, part.text, affected))
        ):
            # "Target player loses 3 life unless they sacrifice a nonland permanent or discard
            # a card" with the player's choice stated (118.12).
            after, instead = _unless_they_chose(after, entry, payers[0], unless_they, choices)
            if instead:
                reports[own_report] = evolve(reports[own_report], happens=False, why=instead)
                extra_rules.append("118.12")
                continue
            part = evolve(part, text=part.text[: unless_they.start()].rstrip())
            reports[own_report] = evolve(
                reports[own_report], why=f"{payers[0]} chose not to (118.12)"
            )
        if unchosen_by and _THE_OTHER.search(part.text):
            # Barrin's Spite's "Return the other to its owner's hand": the part before did
            # nothing (Sigarda: "That part of the effect does nothing"), so none of the targets
            # was chosen and none is "the other" (608.2c).
            why = (
                f"{unchosen_by} chose and sacrificed none of them, so none is “the other” (608.2c)"
            )
            reports[own_report] = evolve(reports[own_report], happens=False, why=why)
            extra_rules.append("608.2c")
            continue
        if affected and _ONE_OF_THE_TARGETS.search(part.text):
            # Cannibalize: "Exile one of those creatures and put two +1/+1 counters on the
            # other": which is which is chosen as it resolves (608.2d; its ruling), so neither
            # is done to both; the user states the result.
            reports[own_report] = evolve(
                reports[own_report],
                tracked=False,
                why=_which_target_is_which(state, part.text, affected),
            )
            extra_rules.append("608.2d")
            continue
        if _PROTECTION_OF_CHOICE.search(part.text) and affected:
            # CR 608.2d: the colour is chosen as the effect is applied; the bot can't guess it.
            notes.append(
                f"the colour is chosen as it resolves: say which, for example “{entry.name} "
                "resolves choosing red.” (608.2d)"
            )
            extra_rules.append("608.2d")
        if _COUNTER_TARGET.match(part.text) and any(isinstance(ref, int) for ref, _ in affected):
            # CR 701.6a: a countered spell or ability is removed from the stack; it doesn't
            # resolve and none of its effects occur.
            extra_rules.append("701.6a")
        if _DESTROY.match(part.text):
            for ref, _ in affected:
                survivor = after.objects.get(ref) if isinstance(ref, int) else None
                if survivor is not None and "indestructible" in after.keywords_of(ref):
                    # CR 702.12b: "destroy" does nothing to it; the rest of the spell happens.
                    notes.append(
                        f"{survivor.name} has indestructible, so it isn't destroyed (702.12b)"
                    )
                    extra_rules.append("702.12b")
        follow_on = _follow_on_damage(after, part.text, affected)
        if (loss := _CONTROLLER_LOSES.search(part.text)) and affected:
            # "... and that creature's controller loses 1 life" (Rakdos Ickspitter): the
            # controller of the legal target, fixed now (CR 608.2c).
            losers = [_controller_of(after, r) for r, _ in affected if isinstance(r, int)]
            for loser in dict.fromkeys(name for name in losers if name):
                if after.has_player(loser):
                    amount = int(loss.group(1))
                    after = _change_life(after, loser, -amount)
                    reports.append(EffectReport(f"{loser} loses {amount} life", True, (loser,)))
        if affected and (unless := _UNLESS_PAYS.search(part.text)):
            retargets = unless["what"].lower() != "counter"
            paid = _paid_instead(
                after, entry, affected, unless.group(2), choices, retargets=retargets
            )
            if paid is not None:
                # CR 118.12a: "[do something] unless [a player does something else]": the
                # player did, so it isn't done.
                reports[-1] = evolve(reports[-1], happens=False, why=paid)
                notes.append(paid)
                extra_rules.append("118.12a")
                paid_off_retarget = paid_off_retarget or retargets
                continue
            ref = affected[0][0]
            target_entry = after.stack_entry_or_none(ref) if isinstance(ref, int) else None
            if retargets and choices.pays is None and target_entry is not None:
                # The new target was named, so its controller didn't pay (``_paid_instead``).
                payer, cost = target_entry.controller, unless.group(2)
                notes.append(
                    f"{payer} doesn't pay {cost} (say “{entry.name} resolves and {payer} pays "
                    f"{cost}.” if they did; 118.12a)"
                )
            extra_rules.append("118.12a")
        outcome = _Outcome(before=state)
        before_applying = after
        if not _LATER_TRIGGER.match(part.text):
            after = _apply(after, entry, part, affected, outcome)
        delayed = _DELAYED_TRIGGER.search(part.text) or _LATER_TRIGGER.match(part.text)
        damaged_so_far = (
            _damaged_by_earlier_parts(state, after, legal_by_slot, untargeted_hit)
            if delayed and _DEALT_DAMAGE_THIS_WAY.search(part.text)
            else None
        )
        if (
            delayed
            and after is before_applying
            and (spell := _delayed_source(state, entry)) is not None
            and (
                watching := delayed_death_watch(
                    after,
                    spell,
                    part.text,
                    [ref for ref, _ in affected if isinstance(ref, int)],
                    damaged_so_far,
                )
            )
            is not None
        ):
            # Death Frenzy's "Whenever a creature dies this turn, you gain 1 life.": made as
            # it resolves, it triggers on the deaths that follow, these SBAs' too (603.7a-c).
            after = watching
            extra_rules.append("603.7a")
            lasts = (
                "for the rest of the turn"
                if watching.delayed_deaths[-1].this_turn
                else ("until it triggers")
            )
            outcome.notes.append(
                f"“{part.text.strip().rstrip('.')}” is a delayed triggered ability (603.7a), kept "
                f"{lasts}: the bot puts it on the stack when its event happens (603.7b)"
                + _watched_damaged(after, damaged_so_far)
            )
        elif delayed and after is before_applying:
            # "Until end of turn, whenever a player casts an instant or sorcery spell, that
            # player copies it" (Bonus Round): a delayed triggered ability (CR 603.7a) the bot
            # doesn't create, so it never triggers here: never a bare ✓.
            outcome.untracked = (
                "it creates a delayed triggered ability (603.7a), which the bot doesn't track: "
                "it triggers when its event next happens (each time, for one that lasts "
                "“this turn”), even right after this resolves (603.7b), and the bot doesn't "
                "apply it, so take it into account yourself"
            )
            extra_rules.extend(("603.7a", "603.7b"))
        if (
            _RETURNS_ITSELF_AND.search(part.text)
            and entry.source_id is not None
            and (source := after.objects.get(entry.source_id)) is not None
            and source.zone is Zone.BATTLEFIELD
        ):
            # Thopter Assembly: "return this creature to its owner's hand and create five ...
            # Thopter ... tokens": the tokens are made but the bot left the creature where it
            # was, so the part is not a bare ✓.
            outcome.untracked = outcome.untracked or (
                f"{source.name} returns to its owner's hand, which the bot didn't apply: say "
                f"“{source.name} returns to its owner's hand.” if it matters"
            )
        extra_rules.extend(outcome.rules)
        notes.extend(outcome.notes)
        if outcome.prevented and not outcome.untracked and after is before_applying:
            # A "can't" stopped it and nobody else was affected: the part does nothing.
            reports[own_report] = evolve(reports[own_report], happens=False, why=outcome.prevented)
        elif after is before_applying and _YOU_MAY.match(part.text):
            # "You may discard a card. If you do, draw a card." (Incinerating Blast), "You may
            # sacrifice a Food. If you do, ..." (Insatiable Appetite): the controller chooses as
            # it resolves (608.2d), which the bot doesn't know, so it is not said to have been
            # done, nor is what depends on it ("If you do").
            reports[own_report] = evolve(
                reports[own_report],
                tracked=False,
                why=f"optional: {entry.controller} chooses as it resolves (608.2d); say what "
                "was done if it matters",
            )
        elif outcome.untracked or (
            after is before_applying
            and not outcome.nothing_to_do
            and _changes_the_board(after, part.text, affected)
            and not _exiles_itself(part.text, entry.name)  # done as it leaves the stack
        ):
            # Never a silent ✓ for a change the board doesn't show.
            unchecked = _INSTEAD_IF.search(part.text)
            if unchecked is not None and not outcome.untracked:
                # Unholy Heat's "Delirium — ... 6 damage instead if there are four or more card
                # types ...": a condition the bot doesn't evaluate is not said to have happened
                # (QA 29 M3).
                reports[own_report] = evolve(
                    reports[own_report],
                    happens=False,
                    why=f"the bot doesn't check “if {unchecked['condition']}”: if it holds, "
                    "state the result",
                )
            else:
                why = outcome.untracked or NOT_TRACKED
                if moved_by_previous is not None and _THAT_MANY.search(part.text):
                    # Settle the Wreckage: "search ... for that many basic land cards": as many
                    # as the part before moved (608.2c), said so the judge needn't count.
                    why = f"“that many” is {moved_by_previous}; {why}"
                reports[own_report] = evolve(reports[own_report], tracked=False, why=why)
        elif after is before_applying and _OWN_PAYMENT_WITHIN.search(part.text):
            # Harnessed Lightning: "You get {E}{E}{E}, then you may pay any amount of {E}":
            # the energy isn't kept on the board and how much is paid is the controller's
            # choice as it resolves (608.2d): never a bare ✓.
            reports[own_report] = evolve(
                reports[own_report],
                tracked=False,
                why=f"optional: {entry.controller} chooses as it resolves what to pay (608.2d), "
                "which the bot doesn't keep; say what was paid if it matters",
            )
            extra_rules.append("608.2d")
        elif after is before_applying and _OTHERS_MAY.search(part.text):
            # Chain Stasis's "If the player does, they may copy this spell ...": the other
            # player's choice as it resolves (608.2d), which the bot doesn't make or carry out.
            reports[own_report] = evolve(
                reports[own_report],
                tracked=False,
                why="optional: that player chooses as it resolves (608.2d), and the bot doesn't "
                "carry it out; state the result if it matters",
            )
            extra_rules.append("608.2d")
        moved_before = (
            sum(1 for ref, _ in affected if _left_during(before_applying, after, ref))
            if affected
            else None
        )
        if affected and not _LATER_TRIGGER.match(part.text):
            # Not "When the permanent you don't control dies this turn, you gain 2 life."
            # (Devouring Tendrils): a delayed ability's effect waits for its event (603.7a).
            after, yours = _controller_clauses(after, entry, part.text, affected)
            reports.extend(yours)
            if any(not said.happens for said in yours):
                extra_rules.extend(("101.2", "119.7"))  # a life gain barred (Sunspine Lynx)
        if follow_on is not None:
            # "... and 2 damage to that creature's controller" (Chandra's Outrage), "... and 1
            # damage to each creature that player controls" (Radiating Lightning): the same
            # part deals damage to those too, once its target is legal (608.2b, 608.2c).
            damage, hit = follow_on
            untargeted_hit.extend(ref for ref, _ in hit)
            reports.append(
                EffectReport(
                    _phrase(damage.text, entry, hit, state),
                    True,
                    tuple(state.label(ref) for ref, _ in hit),
                )
            )
            after = _apply(after, entry, damage, hit)
    rule_notes: tuple[str, ...] = ()
    change: Verdict | None = None
    if paid_off_retarget:
        # CR 118.12a: the controller paid, so the target isn't changed.
        change = Verdict(VerdictKind.UNCHANGED, "its controller paid (118.12a)", ("118.12a",))
    elif entry.spec.retarget is not None:
        retargets = _chosen_retargets(entry)
        for retarget_spec, slot_indexes in retargets:
            after, extra, more_rules, made = _apply_retarget(
                after,
                entry,
                legal_by_slot,
                choices,
                retarget_spec,
                slot_indexes,
                followed=retarget_spec is not retargets[-1][0],
            )
            notes.extend(extra)
            rule_notes = (*rule_notes, *more_rules)
            change = made if made is not None else change
            if change is not None and change.kind is VerdictKind.ILLEGAL:
                break
        if change is not None and change.kind is VerdictKind.ILLEGAL:
            # CR 115.7d, 732.1: the new targets named can't be chosen; nothing happens yet.
            copies = any(spec.kind in _COPY_KINDS for spec, _ in retargets)
            no_copy = "no copy was made, and " if copies else ""
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"As {entry.name} resolves, the new targets named can't be chosen: "
                f"{change.reason.rstrip('.')}. So this statement isn't applied ({no_copy}"
                f"{entry.name} waits on the stack): name legal new targets, or say "
                f"“{entry.name} resolves.” to have it resolve leaving the targets as they are.",
                merge_rules(change.rules, ("608.2b",)),
                slots=change.slots,
                object_ids=(entry.object_id,),
            )
    touched = [ref for pairs in legal_by_slot.values() for ref, _ in pairs]
    after = _leave_stack(after, entry, "resolved")
    after, copied = _enter_as_copy(after, entry, copying, choices)
    after, returned_notes = _returned_copies(state, after, entry, choices, copying, copied)
    if returned_notes:
        notes.extend(returned_notes)
        extra_rules.extend(("400.7", "707.5"))
    aura_target = touched[0] if _is_aura_spell(entry) and touched else None
    if aura_target is not None:
        # CR 608.3c: an Aura spell enters attached to what it targeted (a player for a Curse).
        new_id = after.departures[entry.object_id].new_id
        if entry.spec.keyword == BESTOW and new_id is not None:
            # CR 702.103b: the permanent it becomes is a bestowed Aura, not a creature.
            after = after.with_object(as_bestowed(after.obj(new_id)))
        after = _attach(after, new_id, aura_target)
    after, sba_notes = state_based_actions(after, [*touched, *untargeted_hit])
    if sba_notes:
        notes.extend(sba_notes)
        # CR 704.3, and the state-based action each note names (704.5g, 704.5m...).
        extra_rules.extend(["704.3", *_RULE_CLOSING.findall(" ".join(sba_notes))])
    entered: Verdict | None = None
    if [part.text for part in _effects(entry)] == [ENTERS_THE_BATTLEFIELD]:
        entered = _permanent_entered(state, entry, copied=copied)
    elif aura_target is not None:
        entered = _permanent_entered(state, entry, attached_to=state.label(aura_target))
    if entered is not None:
        if sba_notes:
            # What entering brought about: a Curse's -1/-1 killing a 1/1 (704.5f).
            entered = evolve(
                entered,
                reason=entered.reason[:-1] + "; " + "; ".join(sba_notes) + ".",
                rules=merge_rules(entered.rules, tuple(extra_rules)),
            )
        return after, entered
    partial = any(not c.legal for n, c in checks.items() if n in spell_places)
    happening = "; ".join(r.text for r in reports if r.happens) or (
        "nothing else" if partial else "none of its effects do anything"
    )
    if not partial and any(not c.legal for c in checks.values()):
        # Only a reflexive trigger's target is gone (603.12): the spell resolved in full, its
        # trigger was removed (603.3d), as the effect's line says.
        reason = f"{entry.name} resolves: {happening} (608.2b)."
        kind = VerdictKind.RESOLVED
    elif partial:
        gone = [state.label(places[n].ref) for n, c in checks.items() if not c.legal]
        bad = and_list(gone)
        no_longer = (
            "is no longer a legal target" if len(gone) == 1 else "are no longer legal targets"
        )
        reason = (
            f"{entry.name} resolves, but {bad} {no_longer}, so only the parts for legal targets "
            f"happen: {happening} (608.2b)."
        )
        kind = VerdictKind.PARTIAL
    elif not any(r.happens for r in reports) and notes:
        # Nothing happened, for the reason the notes give (Mana Leak's cost was paid).
        reason = f"{entry.name} resolves (608.2b): " + "; ".join(n.rstrip(".") for n in notes) + "."
        notes = []
        kind = VerdictKind.RESOLVED
    else:
        reason = f"{entry.name} resolves: {happening} (608.2b)."
        kind = VerdictKind.RESOLVED
    if change is not None:
        # CR 115.7: the outcome a judge asks about is whether any target changed.
        kind = VerdictKind.CHANGED if change.kind is VerdictKind.CHANGED else VerdictKind.UNCHANGED
    if notes:
        reason = reason[:-1] + "; " + "; ".join(n.rstrip(".") for n in notes) + "."
    return after, Verdict(
        kind,
        reason,
        merge_rules(
            ("608.2b",),
            illegal_rules if partial else (),
            rule_notes,
            tuple(extra_rules),
            # Rules checked that didn't make a target illegal are cited too (a judge quotes
            # them): hexproof of the spell's own controller's creature (702.11b), a bypass
            # (702.11e) (QA 22 M1).
            tuple(
                number
                for check in checks.values()
                if check.legal
                for number in check.rules
                if number not in ("115.1", "115.4", "613.1f")
            ),
        ),
        slots=tuple(slot_reports),
        effects=tuple(reports),
        notes=_unchecked_on_resolution(state, entry, legal_by_slot),
        object_ids=(entry.object_id,),
    )


_OUT_OF_COMBAT = re.compile(r"\bit is not (attacking|blocking)\b")


def _removed_from_combat(state: GameState, ref: TargetRef, check: TargetCheck) -> TargetCheck:
    """A target chosen as an attacking (or blocking) creature that still exists but isn't one
    now was removed from combat: its controller changed or it phased out (CR 506.4); the
    scenario keeps one combat, so nothing else ends its attack."""
    found = _OUT_OF_COMBAT.search(check.reason)
    obj = state.objects.get(ref) if isinstance(ref, int) else None
    if found is None or obj is None or obj.zone is not Zone.BATTLEFIELD:
        return check
    said = (
        f"it is not {found.group(1)}: it was removed from combat, as a permanent is when its "
        "controller changes or it phases out"
    )
    rest = check.reason[found.end() :]
    cited = rest.replace("(115.1)", "(506.4, 115.1)", 1)
    return evolve(
        check,
        reason=check.reason[: found.start()]
        + said
        + (cited if cited != rest else f" (506.4){rest}"),
        rules=merge_rules(("506.4",), check.rules),
    )


def _unchecked_on_resolution(
    state: GameState,
    entry: StackEntry,
    legal_by_slot: Mapping[int, Sequence[tuple[object, object]]],
) -> tuple[str, ...]:
    """CR 608.2b: targets are checked again as it resolves; a condition the bot can't check
    was treated as met, which the answer says again rather than stay silent (QA 13)."""
    caveats = []
    for slot in entry.slots:
        seen = chosen_objects(state, (ref for ref, _ in legal_by_slot.get(slot.index, ())))
        ctx = targeting_for_entry(state, entry).context(state)
        decided = decided_words(slot.filter, seen, ctx)
        unchecked = really_unchecked(slot.filter.unchecked, entry.spec.retarget, decided)
        if unchecked and legal_by_slot.get(slot.index):
            words = "”, “".join(unchecked)
            caveats.append(
                f"Not checked by the bot as it resolves: “{words}” in “{slot.text}”; it was "
                "taken as still true, so check that part yourself (608.2b)."
            )
    return tuple(caveats)


# Where an untargeted enters trigger's note says how it gets on the stack; the game, which can
# read the card's abilities, puts it there and fills this in (``MtgGame._enters_triggers``).
UNTARGETED_ENTERS_PUT = ": say “its trigger goes on the stack.”"


def targeted_enters_say(name: str) -> str:
    """What a resolving permanent's targeted "when this enters" trigger asks the user for
    (CR 603.3d: its targets are chosen as it goes on the stack).  The engine replaces it when
    no legal choice exists (the trigger is then simply removed from the stack)."""
    return (
        f"Its targets are chosen as it goes on the stack: say “{name}'s trigger targets …” (603.3d)"
    )


_INSTEAD_IF = re.compile(r"\binstead if (?P<condition>[^.]+)", re.I)
_YOU_MAY = re.compile(r"^(?:then )?you may\b", re.I)
# "..., then you may pay any amount of {E}" (Harnessed Lightning), "Rather than pay ..., you may
# pay life equal to ..." (Marshland Bloodcaster): the controller's own payment, inside a part.
_OWN_PAYMENT_WITHIN = re.compile(r"(?:,|\bthen) you may pay\b", re.I)
# "they may copy this spell" (Chain Stasis), "that player may draw a card": another player's.
_OTHERS_MAY = re.compile(
    r"(?:^|, )(?:then )?(?:they|that player|the player|its controller|each player|each opponent|"
    r"that creature's controller|that permanent's controller|any player) may\b",
    re.I,
)
_ABILITY_WORD = re.compile(rf"^{ABILITY_WORD_PREFIX}(?=when\b|whenever\b)", re.I)
_ENTERS_TRIGGER = remembered(
    re.compile(
        r"^(?:when|whenever) (?:this [a-z]+|~|(?P<name>[^,]+?))(?: or [^,]+?)? enters"
        r"(?: the battlefield)?(?: or [^,]+?)?, (?P<effect>.+)$",
        re.IGNORECASE,
    )
)


def _is_aura_spell(entry: StackEntry) -> bool:
    """An Aura spell, whose only target is what its enchant ability allows (CR 303.4a), or a
    spell cast bestowed (702.103b)."""
    return entry.spec.keyword == BESTOW or any(
        part.text.startswith("Aura spell:") for part in _effects(entry)
    )


def _resolve_mutating(
    state: GameState,
    entry: StackEntry,
    target: TargetRef,
    choices: ResolveChoices,
    slots: tuple[SlotReport, ...],
) -> tuple[GameState, Verdict]:
    """CR 702.140c: a mutating creature spell whose target is legal doesn't enter the
    battlefield; it merges with that creature, on top or under as its controller chooses."""
    name = entry.name
    host = state.label(target)
    if choices.on_top is None:
        raise EngineError(
            f"{name} merges with {host} as it resolves, and {entry.controller} chooses whether "
            "it goes on top (the merged creature has its characteristics) or under (it keeps "
            f"{host}'s); either way it has both cards' abilities (702.140c, 702.140e).",
            hint=f"Say “{name} resolves on top.” or “{name} resolves under.”",
        )
    card = state.cards.get(entry.object_id)
    if card is None or not isinstance(target, int):
        raise EngineError(f"{name} has no card to merge with {host}.")
    after, _ = state.move(entry.object_id, None, f"merged with {host} (702.140c)")
    after = after.merge(target, card, on_top=choices.on_top)
    merged = after.obj(target)
    where = "on top of" if choices.on_top else "under"
    shape = f" {merged.power}/{merged.toughness}" if merged.power is not None else ""
    reason = (
        f"{name} merges with {host}, {where} it: the mutated creature is {merged.name}{shape} "
        "with the abilities of every card in it (702.140c, 702.140e, 729.2a). It is the same "
        "object as before, so it didn't just enter the battlefield: its enters abilities don't "
        "trigger and it keeps its counters, damage and the effects on it (729.2b, 729.2c)"
    )
    rules: tuple[str, ...] = ("702.140c", "702.140e", "729.2a", "729.2b", "729.2c")
    mutates = [
        line
        for line in card.oracle_text.splitlines()
        if re.match(r"whenever this creature mutates\b", line, re.IGNORECASE)
    ]
    if mutates:
        reason += (
            f"; its ability triggers: “{mutates[0]}” Its targets are chosen as it goes on the "
            f"stack: say “{merged.name}'s trigger targets …” (702.140d, 603.3d)"
        )
        rules = (*rules, "702.140d", "603.3d")
        if re.search(r"\btargets?\b", mutates[0], re.IGNORECASE):
            after = wait_for_targets(after, merged, mutates[0], f"{merged.name} mutated")
    return after, Verdict(
        VerdictKind.RESOLVED,
        reason + ".",
        rules,
        slots=slots,
        effects=(EffectReport(f"{name} merges with {host} ({where} it)", True, (host,)),),
        object_ids=(entry.object_id, target),
    )


def _resolve_as_creature(
    state: GameState,
    entry: StackEntry,
    illegal: TargetCheck,
    slots: tuple[SlotReport, ...],
    illegal_rules: tuple[str, ...],
) -> tuple[GameState, Verdict]:
    """CR 608.3b, 702.103e, 702.140b: a bestowed Aura spell or a mutating creature spell whose
    target is illegal isn't removed from the stack: it becomes a creature spell and resolves
    as one, entering the battlefield (608.3a)."""
    rule = "702.103e" if entry.spec.keyword == BESTOW else "702.140b"
    ceases = (
        "it ceases to be bestowed and the effect making it an Aura spell ends"
        if entry.spec.keyword == BESTOW
        else "it ceases to be a mutating creature spell"
    )
    after = _leave_stack(state, entry, "resolved")
    after, sba_notes = state_based_actions(after)
    entered = _permanent_entered(state, entry)
    reason = (
        f"{entry.name}'s target is illegal ({illegal.reason.rstrip('.')}), so {ceases}: it "
        f"resolves as a creature spell instead of leaving the stack ({rule}, 608.3b). "
        + entered.reason
    )
    if sba_notes:
        reason = reason[:-1] + "; " + "; ".join(n.rstrip(".") for n in sba_notes) + "."
    effects = (
        *(EffectReport(part.text, False, why="its target is illegal") for part in _effects(entry)),
        *entered.effects,
    )
    return after, evolve(
        entered,
        reason=reason,
        rules=merge_rules((rule, "608.3b", "608.3a"), illegal_rules, entered.rules[1:]),
        slots=slots,
        effects=effects,
    )


# Cytoshape's first sentence and the effect that uses it (CR 707.2).
_CHOOSE_TO_COPY = re.compile(
    r"choose (?P<what>an? [^.]+? on the battlefield)\. target \w+ becomes a copy of "
    r"(?:that|the chosen) \w+",
    re.IGNORECASE,
)
_BECOMES_A_COPY = re.compile(r"\bbecomes? a copy of\b", re.IGNORECASE)


@dataclass(frozen=True)
class _Copied:
    """A permanent that entered as a copy (Clone): what it became, of what, and notes."""

    permanent: GameObject
    original: str
    notes: tuple[str, ...]


def _copy_to_make(
    state: GameState, entry: StackEntry, choices: ResolveChoices
) -> CopyChoice | None:
    """The "enter as a copy" choice of a resolving permanent spell, checked against what was
    chosen (CR 707.2; Clone's ruling: chosen as it enters, among what is on the battlefield,
    and not targeted); an error when the choice wasn't said, since nothing can be guessed."""
    spell = state.objects.get(entry.object_id)
    choice = None
    if spell is not None and spell.card_types & PERMANENT_SPELL_TYPES:
        choice = copy_choice(spell.oracle_text)
    elif found := _CHOOSE_TO_COPY.search(entry.spec.text):
        # Cytoshape: "Choose a nonlegendary creature on the battlefield. Target creature
        # becomes a copy of that creature": chosen as it resolves (its ruling), not targeted.
        choice = copy_choice(f"You may have this enter as a copy of {found['what']}.")
        if choice is not None and choices.copy_nothing:
            raise EngineError(
                f"{entry.name} must choose {found['what']} as it resolves; it can't copy nothing.",
                hint=f"{entry.name} resolves copying Grizzly Bears.",
            )
    if choice is None:
        if (choices.copy_of is not None or choices.copy_nothing) and _RETURN_TO_BATTLEFIELD.search(
            entry.spec.text.lower()
        ):
            return None  # a Clone it returns to the battlefield chooses (``_returned_copies``)
        if choices.copy_of is not None or choices.copy_nothing:
            raise _not_a_copy(entry)
        return None
    if choices.copy_nothing:
        return choice
    if choices.copy_of is None:
        example = next(
            (
                o.name
                for o in state.zone_objects(Zone.BATTLEFIELD)
                if choice.allows(state, o, entry.controller) is None
            ),
            "Grizzly Bears",
        )
        asked = (
            f"may enter as a copy of {choice.what}: its controller chooses as it resolves "
            f"(707.2), so say which, or that it copies nothing (then it enters as itself"
            f"{_zero_said(spell)})"
            if spell is not None and spell.card_types & PERMANENT_SPELL_TYPES
            else f"has its controller choose {choice.what} as it resolves, for its target to "
            "become a copy of (707.2; it isn't a target): say which"
        )
        raise EngineError(
            f"{entry.name} {asked}.",
            hint=f"{entry.name} resolves copying {example}. (In a saved game: `game resolve "
            f"copying {example}`.)",
        )
    refuse_copy_choice(state, choice, choices.copy_of, entry.controller, entry.name)
    return choice


def _not_a_copy(entry: StackEntry) -> EngineError:
    return EngineError(
        f"{entry.name} doesn't enter as a copy of anything, so it copies nothing as it resolves.",
        hint=f"Say “{entry.name} resolves.”",
    )


def _returned_copies(
    before: GameState,
    state: GameState,
    entry: StackEntry,
    choices: ResolveChoices,
    copying: CopyChoice | None,
    copied: _Copied | None,
) -> tuple[GameState, list[str]]:
    """A card the resolving spell returned to the battlefield that "may enter as a copy" (a
    flickered Clone: Ephemerate, Cloudshift) is a new object (400.7) and chooses again as it
    enters (707.5; Clone's ruling: copying nothing, a 0/0, is a choice too): the copy stated
    with "… resolves, Clone copying Grizzly Bears", else an error asking for it, never a
    silent 0/0 (QA 28 W10)."""
    said = choices.copy_of is not None or choices.copy_nothing
    returned = [
        obj
        for obj in state.zone_objects(Zone.BATTLEFIELD)
        if obj.id >= before.next_id
        and obj.kind is ObjectKind.CARD
        and (copied is None or obj.id != copied.permanent.id)
        and copy_choice(obj.oracle_text) is not None
    ]
    if not returned:
        if said and copying is None:
            raise _not_a_copy(entry)  # nothing it returned enters as a copy
        return state, []
    if len(returned) > 1 and said:
        raise EngineError(
            f"{entry.name} returns {len(returned)} permanents that each choose what to copy as "
            "they enter (707.5); the bot takes one choice per statement.",
            hint="Say what each entered as afterwards, e.g. “#7 becomes a copy of Grizzly Bears.”",
        )
    notes: list[str] = []
    for obj in returned:
        choice = copy_choice(obj.oracle_text)
        assert choice is not None
        name = obj.name
        if choices.copier and choices.copier.casefold().removeprefix("the ") not in (
            name.casefold(),
            "it",
        ):
            raise EngineError(
                f"{entry.name} returns {name}, not {choices.copier}: {name} is "
                "what chooses a creature to copy as it enters (707.5).",
                hint=f"{entry.name} resolves, {name} copying Grizzly Bears.",
            )
        if choices.copy_nothing:
            notes.append(f"{name} (#{obj.id}) enters as itself, copying nothing (707.5)")
            continue
        if choices.copy_of is None:
            example = next(
                (
                    o.name
                    for o in state.zone_objects(Zone.BATTLEFIELD)
                    if o.id != obj.id and choice.allows(state, o, obj.controller) is None
                ),
                "Grizzly Bears",
            )
            raise EngineError(
                f"{entry.name} returns {name} to the battlefield as a new object (400.7), and "
                f"{name} may enter as a copy of {choice.what}: {obj.controller} chooses again as "
                f"it enters (707.5), so say which, or that it copies nothing (then it enters as "
                f"itself{_zero_said(obj)}).",
                hint=f"{entry.name} resolves, {name} copying {example}. (In a saved game: "
                f"`game {entry.name} resolves, {name} copying {example}.`)",
            )
        state, said_copy = returned_as_copy(state, obj.id, choices.copy_of)
        notes.append(f"{name} returned to the battlefield as a new object (400.7)")
        notes.extend(said_copy)
    return state, notes


def returned_as_copy(state: GameState, object_id: int, copy_of: int) -> tuple[GameState, list[str]]:
    """The permanent that just returned to the battlefield (``object_id``, a new object) enters
    as a copy of ``copy_of``, as its "may enter as a copy" text lets its controller choose (CR
    707.5), with the copy's exceptions (707.9b) and the copied "enters with" counters (Clone's
    ruling). Returns the state and notes saying what it became."""
    obj = state.obj(object_id)
    choice = copy_choice(obj.oracle_text)
    assert choice is not None
    if copy_of not in state.objects:
        # The flickered permanent itself, say: it left, and what returns is a new object.
        raise EngineError(
            f"{obj.name} can't copy #{copy_of}: that object left the battlefield, and a copy is "
            f"chosen among what is on the battlefield as {obj.name} enters (400.7, 707.5; "
            "Clone's ruling).",
            hint="Name a creature still on the battlefield: “… copying Grizzly Bears”.",
        )
    refuse_copy_choice(state, choice, copy_of, obj.controller, obj.name)
    original = state.label(copy_of)
    state, left = become_copy(state, object_id, copy_of, exceptions=choice.exceptions)
    permanent = state.obj(object_id)
    counters = enters_with(evolve(permanent, counters={}))
    for kind, count in permanent.counters.items():
        counters[kind] = counters.get(kind, 0) + count
    now = evolve(permanent, counters=counters)
    state = state.with_object(now)
    said = (
        f"{obj.name} (#{object_id}) enters as a copy of {original}: {now.name}"
        + (f" {now.power}/{now.toughness}" if now.power is not None else "")
        + (f" with {', '.join(sorted(now.keywords))}" if now.keywords else "")
        + (f" and {_counters_said(counters)}" if counters else "")
        + " (its printed values and copy effects only, 707.2, 707.5)"
    )
    return state, [said, *left]


def _counters_said(counters: Mapping[str, int]) -> str:
    return " and ".join(
        f"{count} {kind} counter{'s' if count != 1 else ''}" for kind, count in counters.items()
    )


def _becomes_copy_part(
    state: GameState,
    text: str,
    affected: Sequence[tuple[TargetRef, int | None]],
    copying: CopyChoice | None,
    choices: ResolveChoices,
) -> tuple[GameState, EffectReport]:
    """ "Target creature becomes a copy of that creature until end of turn." (Cytoshape): each
    target becomes a copy of the creature chosen, keeping the effects that already applied to
    it (CR 707.2; Cytoshape's rulings). Another copy effect is said plainly not to be applied."""
    if copying is None or choices.copy_of is None:
        why = (
            "the bot doesn't apply this copy effect; state it instead: “Grizzly Bears becomes a "
            "copy of Troll Ascetic.”"
        )
        return state, EffectReport(text.rstrip("."), True, tracked=False, why=why)
    done: list[str] = []
    for ref, _ in affected:
        if not isinstance(ref, int) or ref not in state.objects:
            continue
        state, _ = become_copy(state, ref, choices.copy_of, keep_effects=True)
        done.append(state.label(ref))
    why = (
        f"a copy of {state.label(choices.copy_of)}: its printed values and copy effects; "
        "effects that already applied to it still do (707.2); the bot keeps no turn, so it "
        "lasts until stated otherwise"
    )
    return state, EffectReport(text.rstrip("."), bool(done), tuple(done), why=why)


def _zero_said(spell: GameObject | None) -> str:
    if spell is None or spell.power is None or (spell.power, spell.toughness) != (0, 0):
        return ""
    return ", a 0/0 that dies at once (704.5f)"


def _enter_as_copy(
    state: GameState, entry: StackEntry, choice: CopyChoice | None, choices: ResolveChoices
) -> tuple[GameState, _Copied | None]:
    """The resolved permanent spell enters as a copy of the creature chosen (CR 707.2,
    614.1c: as it enters), with the copy's exceptions (707.9b)."""
    if choice is None or choices.copy_of is None:
        return state, None
    gone = state.departures.get(entry.object_id)
    if gone is None or gone.new_id is None or gone.to_zone is not Zone.BATTLEFIELD:
        return state, None  # Cytoshape itself goes to the graveyard, a copy of nothing
    original = state.label(choices.copy_of)
    state, notes = become_copy(state, gone.new_id, choices.copy_of, exceptions=choice.exceptions)
    permanent = state.obj(gone.new_id)
    # The copied "enters with" counters apply too (Clone's ruling), with the exception's.
    counters = enters_with(evolve(permanent, counters={}))
    for kind, count in permanent.counters.items():
        counters[kind] = counters.get(kind, 0) + count
    state = state.with_object(evolve(permanent, counters=counters))
    return state, _Copied(state.obj(gone.new_id), original, tuple(notes))


def enters_trigger_notes(permanent: GameObject, state: GameState | None = None) -> list[str]:
    """What each "when this enters" ability of ``permanent`` asks as it enters (603.6a): one
    that targets needs its targets named as it goes on the stack (603.3d), which the user
    states next; with ``state``, how many more times Panharmonicon makes it trigger (603.2d)."""
    notes: list[str] = []
    extra = extra_triggers(state, permanent, entering=permanent) if state else Extra()
    if extra.times and _enters_triggers(permanent):
        notes.append(extra.note(f"{permanent.name}'s ability"))
    for sentence, targeted in _enters_triggers(permanent):
        if targeted:
            notes.append(
                f"its ability triggers: “{sentence}” {targeted_enters_say(permanent.name)}"
            )
        elif is_modal_trigger(sentence):
            # CR 700.2b, 603.3c: its mode is chosen as it goes on the stack (Charming Prince).
            notes.append(
                f"its ability triggers: “{sentence}” Its mode is chosen as it goes on the "
                f"stack: say {say_to_put(permanent.name, sentence)} (700.2b, 603.3c)"
            )
        else:
            notes.append(
                f"its ability triggers: “{sentence}” It goes on the stack the next time a "
                f"player would receive priority{UNTARGETED_ENTERS_PUT} (603.3)"
            )
    return notes


def with_targeted_enters_waiting(state: GameState, permanent: GameObject, event: str) -> GameState:
    """``state`` with the "when this enters" abilities of ``permanent`` that target waiting for
    their targets (603.3d), which ``event`` ("Grizzly Bears returned to the battlefield")
    triggered: nothing on the stack resolves before they are put there (603.3)."""
    extra = extra_triggers(state, permanent, entering=permanent)  # Panharmonicon (603.2d)
    for sentence, targeted in _enters_triggers(permanent):
        # A modal one waits for its mode too (700.2b, 603.3c).
        waits = targeted or is_modal_trigger(sentence)
        for _ in range(1 + extra.times if waits else 0):
            state = wait_for_targets(state, permanent, sentence, event)
    return state


def _enters_triggers(permanent: GameObject) -> list[tuple[str, bool]]:
    """The "when this enters" abilities of ``permanent`` (603.6a), each with whether it
    targets."""
    found: list[tuple[str, bool]] = []
    for line in permanent.oracle_text.splitlines():
        sentence = re.sub(r"\([^)]*\)", "", line).strip()
        # "Undergrowth — When this creature enters, ...": an ability word has no rules meaning
        # (207.2c), so the trigger is read without it (QA 29 M2: Kraul Harpooner went unsaid).
        match = _ENTERS_TRIGGER.match(_ABILITY_WORD.sub("", sentence))
        if match is None or (match["name"] and not names_itself(match["name"], permanent.name)):
            continue
        # (A "target" in quotes is an ability it gives: "create a 1/1 Wizard token with
        # "{1}, Sacrifice this token: Counter target noncreature spell ..."" (Mage's Attendant).)
        own_words = re.sub(r'"[^"]*"', "", match["effect"])
        found.append((sentence, re.search(r"\btargets?\b", own_words, re.IGNORECASE) is not None))
    return found


def _permanent_entered(
    state: GameState,
    entry: StackEntry,
    *,
    attached_to: str | None = None,
    copied: _Copied | None = None,
) -> Verdict:
    """A permanent spell resolving (CR 608.3): it enters (an Aura attached to its target,
    608.3c), and each of its "when this enters" abilities triggers (603.6a); one that targets
    needs its targets named as it goes on the stack (603.3d), which the user states next."""
    spell = state.obj(entry.object_id) if copied is None else copied.permanent
    notes = enters_trigger_notes(spell)
    entering = "608.3c" if attached_to else "608.3"
    reason = f"{entry.name} resolves and enters the battlefield under {entry.controller}'s control"
    rules: tuple[str, ...] = (entering,)
    if copied is not None:
        # CR 707.2: it copies the printed values (and copy effects), not counters or effects.
        reason += (
            f" as a copy of {copied.original}: {spell.name}"
            + (f" {spell.power}/{spell.toughness}" if spell.power is not None else "")
            + (f" with {', '.join(sorted(spell.keywords))}" if spell.keywords else "")
            + " (its printed values and copy effects only, 707.2)"
        )
        rules = (*rules, "707.2")
        notes = [*copied.notes, *notes]
    if entry.is_copy:
        reason = (
            f"{entry.name} resolves and becomes a token on the battlefield under "
            f"{entry.controller}'s control"
        )
        rules = (*rules, "608.3f", "707.10f")
    if attached_to:
        reason += f", attached to {attached_to}"
    counters = enters_with(evolve(spell, counters={})) if copied is None else spell.counters
    if counters:
        # CR 614.1c: "enters with" counters are there as it enters (Gnarlid Pack's kicks).
        said = and_list([counted(n, f"{kind} counter") for kind, n in counters.items()])
        reason += f" with {said} on it"
        rules = (*rules, "614.1c")
    if "battle" in spell.card_types:
        said, battle_rules = entering_battle(state, spell)
        reason += f"; {said}"
        rules = (*rules, *battle_rules)
    if notes:
        reason += (" (614.1c)" if counters else "") + "; " + "; ".join(notes)
        rules = (*rules, "603.6a", "603.3d" if "603.3d" in reason else "603.3")
    return Verdict(
        VerdictKind.RESOLVED,
        reason + ("." if notes else f" ({', '.join(rules)})."),
        rules,
        effects=(EffectReport(f"{entry.name} enters the battlefield", True),),
        object_ids=(entry.object_id,),
    )


_EACH = remembered(
    re.compile(
        r"(?:damage to|destroy|exile|return|tap|untap) (?P<det>each|all) "
        # (a list of types, "all artifacts, creatures, and enchantments": see _TYPE_LIST)
        r"(?P<what>(?:(?:artifact|creature|enchantment|land|planeswalker|battle)s, )*"
        r"(?!player|opponent)[^.,]+?)(?: to (?:its|their) owners?'s? hands?)?\.?$",
        re.IGNORECASE,
    )
)
# "All creatures get -X/-X until end of turn" (Toxic Deluge), "creatures your opponents
# control get -2/-2 until end of turn" (Massacre Wurm): no target (115.10).
# Falter, Magmatic Chasm: "Creatures without flying can't block this turn."
_GROUP_CANT_BLOCK = remembered(
    re.compile(
        r"^(?:all )?(?P<what>(?:other |non[a-z]+ |[a-z]+ )?creatures(?: without [a-z]+| with "
        r"[a-z]+| you control| your opponents control| you don't control| an opponent controls)?)"
        r" can't block this turn\.?$",
        re.IGNORECASE,
    )
)
# Battle cry (702.91a): "each other attacking creature gets +1/+0 until end of turn"; up to
# two words before "creature(s)", not one that names a single creature ("enchanted creature").
_GROUP_WORDS = (
    r"(?:(?!(?:enchanted|equipped|target|that|this|the) )(?:other|non[a-z]+|[a-z]+) ){0,2}"
)
_GROUP_CONTROLLERS = (
    r"(?: you control| your opponents control| you don't control| an opponent controls)?"
)
_GROUP_GETS = remembered(
    re.compile(
        rf"^(?:(?:all )?(?P<what>{_GROUP_WORDS}creatures{_GROUP_CONTROLLERS}) get"
        rf"|each (?P<each>{_GROUP_WORDS}creature{_GROUP_CONTROLLERS}) gets) "
        r"([+-](?:\d+|x))/([+-](?:\d+|x))(?: until end of turn)?\.?$",
        re.IGNORECASE,
    )
)
# "each other creature you control gets +1/+1 if it has flying, ..." (Akroma, Vision of
# Ixidor), "each creature you control gets +1/+1 until end of turn if it ..." (Liara).
_GROUP_GETS_IF = remembered(
    re.compile(
        rf"^(?:until end of turn, )?each (?P<each>{_GROUP_WORDS}creature{_GROUP_CONTROLLERS}) gets "
        r"(?P<power>[+-]\d+)/(?P<toughness>[+-]\d+)(?: until end of turn)? if (?P<condition>.+?)\.?$",
        re.IGNORECASE,
    )
)


def _group_gets_per_object(
    state: GameState, entry: StackEntry, text: str, each_if: re.Match[str]
) -> tuple[GameState, EffectReport, list[int]] | None:
    """Each creature the words describe gets the bonus once for each time the condition holds
    for it (608.2c), until end of turn (514.2); None when a creature's condition can't be
    checked on the board (the part is then said unchecked, never ticked)."""
    described = re.sub(r"\bcreature\b", "creatures", each_if["each"])
    others = re.match(r"other ", described, re.IGNORECASE) is not None
    described = described[len("other ") :] if others else described
    reached = _each_affected(state, entry, f"destroy all {described}")
    if reached is None:
        return None
    creatures = [
        ref
        for ref, _ in reached[0]
        if isinstance(ref, int) and not (others and ref == entry.source_id)
    ]
    times = {ref: per_object_bonuses(state, entry, ref, each_if["condition"]) for ref in creatures}
    if None in times.values():
        return None
    power, toughness = int(each_if["power"]), int(each_if["toughness"])
    said: list[str] = []
    hit: list[int] = []
    for ref in creatures:
        count = times[ref] or 0
        if not count:
            continue
        if lasts_this_turn(text):
            state = pumped_this_turn(state, ref, power * count, toughness * count)
        else:
            state = state.with_object(pumped(state.obj(ref), power * count, toughness * count))
        said.append(f"{state.label(ref)} gets {power * count:+d}/{toughness * count:+d}")
        hit.append(ref)
    text = text.rstrip(".")
    if not said:
        why = "none of the creatures it names meets the condition now (608.2c)"
        return state, EffectReport(text, False, why=why), []
    labels = tuple(state.label(ref) for ref in hit)
    return state, EffectReport(f"{text} → {and_list(said)}", True, labels), hit


_RETURNS_ITSELF_AND = re.compile(
    r"\breturn this (?:creature|permanent|artifact|enchantment) to its owner's hand and\b", re.I
)
_PHASES_OUT = remembered(
    re.compile(r"^(?:it|that creature|that permanent|target [^.]*?) phases? out\b", re.I)
)
_EQUAL_TO_THAT = remembered(
    re.compile(
        r"damage equal to (?:that|the) (?:permanent|creature|artifact|enchantment|card)'s "
        r"(mana value|power|toughness) to\b",
        re.IGNORECASE,
    )
)
_COPY_COLOUR = remembered(
    re.compile(r"except (?:that )?the copy is (white|blue|black|red|green)\b")
)
# "..., where X is the number of colors of mana spent to cast this spell" (converge): the
# value of X the text defines (CR 107.3c), given with the spell as "with X=N".
_X_DEFINED_BY_TEXT = re.compile(r",? where x is\b[^.]*", re.IGNORECASE)
_X_DEFINED_BY_TEXT_SEEN = remembered(_X_DEFINED_BY_TEXT)
# "..., where X is its toughness minus 1" (Blood Lust): a number the target's current stat gives.
_X_IS_ITS_STAT = re.compile(
    r",? where x is (?:its|that creature's) (?P<stat>power|toughness)"
    r"(?: (?P<sign>minus|plus) (?P<n>\d+))?",
    re.IGNORECASE,
)  # asked of every part that resolves
_AND_EACH_PLAYER = remembered(re.compile(r"\s+and each (player|opponent)\b", re.IGNORECASE))
# (Delayed Blast Fireball's "... and each creature they control": the players here, their
# creatures as the sentence's follow-on damage, _follow_on_damage; Creeping Chill's "... and
# you gain 3 life": the controller's clause, _controller_clauses.)
_EACH_PLAYER = remembered(
    re.compile(
        r"damage to each (?P<who>opponent|player)"
        r"(?: and each creature (?:they|that player) controls?| and you gain (?:\d+|x) life)?\.?$",
        re.IGNORECASE,
    )
)
_EACH_PLAYER_FIRST = remembered(
    re.compile(
        r"(?P<amount>\d+|x) damage to each (?P<who>player|opponent) and (?P<then>\d+|x) damage to "
        r"(?=each )",
        re.IGNORECASE,
    )
)
# Lantern Flare's "[X is the number of creatures you control.]" (read without its brackets when
# cast normally, 702.148a), "..., where X is the number of lands you control": a count of
# permanents on the battlefield (CR 107.3c).
_X_IS_THE_NUMBER = remembered(
    re.compile(
        r"(?:\bwhere |\[|^|(?<=\. ))x is the number of (?P<what>[a-z ,]+?)"
        r"(?: on the battlefield)?\s*(?:\.|\]|$)",
        re.IGNORECASE,
    )
)
_X_IS_THE_NUMBER_ALONE = remembered(
    re.compile(r"^\[?x is the number of [^\]]+?\]?\.?$", re.IGNORECASE)
)


def _x_counted_on_board(state: GameState, entry: StackEntry) -> tuple[int, str] | None:
    """X as its text defines it when that is a count of permanents the board shows ("the
    number of creatures you control"), with a note saying so; None for any other X."""
    text = " ".join(part.text for part in _effects(entry))
    if (found := _X_IS_THE_NUMBER.search(text)) is None:
        return None
    what = found["what"].strip().lower()
    phrase = _TYPE_LIST.sub(r"\1 or \2", _PLURAL_TYPES.sub(r"\1", what))
    description = description_from(f"target {phrase}")
    if (
        description is None
        or description.unchecked
        or description.zones != {Zone.BATTLEFIELD}
        or description.text.lower() != f"target {phrase}"
    ):
        # Not a kind of permanent the board shows, read whole: "cards in your hand", "basic
        # land types among lands you control", "creatures in your party".
        return None
    context = targeting_for_entry(state, entry).context(state)
    counted_ids = [
        obj.id
        for obj in state.zone_objects(Zone.BATTLEFIELD)
        if not obj.phased_out and description.matches(as_seen(state, obj), context)
    ]
    whose = re.sub(r"\byou control\b", f"{entry.controller} controls", what)
    said = f"X is {len(counted_ids)}: the number of {whose} as it resolves (107.3c, 608.2h)"
    return len(counted_ids), said


_PLURAL_TYPES = re.compile(
    r"\b(creature|artifact|enchantment|land|permanent|planeswalker|battle)s\b", re.IGNORECASE
)
# "Destroy all artifacts, creatures, and enchantments" (Akroma's Vengeance): every permanent
# of any of those types, read as the description "artifact, creature, or enchantment".
_TYPE_LIST = re.compile(
    r"^((?:creature|artifact|enchantment|land|planeswalker|battle)(?:, (?:creature|artifact|"
    r"enchantment|land|planeswalker|battle))*,?) and ((?:creature|artifact|enchantment|land|"
    r"planeswalker|battle))$",
    re.IGNORECASE,
)


# Splendid Reclamation, Replenish, Angel of Glory's Rise: "Return all [kind] cards from your
# graveyard to the battlefield [tapped]" ("artifact and enchantment": each card of either).
_RETURN_ALL_FROM_GRAVEYARD = remembered(
    re.compile(
        r"^(?:then )?return all (?P<what>[a-z ]+?) cards from your graveyard to the battlefield"
        r"(?P<tapped> tapped)?(?: under your control)?(?:\.|,|$)",
        re.IGNORECASE,
    )
)


def _return_all_from_graveyard(
    state: GameState, entry: StackEntry, mass: re.Match[str]
) -> tuple[GameState, tuple[str, ...], list[str]]:
    """Each card of the kinds ``mass`` names in the controller's graveyard put onto the
    battlefield under their control (tapped if it says so): the state, what returned, and a
    note for the Auras left where they are (the player chooses what each enchants, 303.4f)."""
    kinds = [kind.split() for kind in re.split(r" and | or ", mass["what"].lower())]
    returned: list[str] = []
    left: list[str] = []
    for card in state.zone_objects(Zone.GRAVEYARD):
        if card.owner != entry.controller:
            continue
        words = {w.lower() for w in card.card_types | card.subtypes | card.supertypes}
        if card.card_types & (PERMANENT_SPELL_TYPES | {"land"}):
            words.add("permanent")  # CR 110.4: the permanent card types
        if not any(all(word in words for word in kind) for kind in kinds):
            continue
        if "aura" in words:
            left.append(
                f"{card.name} is an Aura: {entry.controller} chooses what it enchants as it "
                "enters (303.4f), which the bot doesn't do: say what it enchants if it matters"
            )
            continue
        state, new_id = state.move(card.id, Zone.BATTLEFIELD, "returned to the battlefield")
        if new_id is None:
            continue
        back = evolve(state.obj(new_id), controller=entry.controller, tapped=bool(mass["tapped"]))
        state = state.with_object(back)
        returned.append(state.label(new_id))
    return state, tuple(returned), left


def _each_affected(
    state: GameState, entry: StackEntry, text: str, *, made_since: int | None = None
) -> tuple[list[tuple[TargetRef, int | None]], list[str]] | None:
    """The permanents an untargeted "each [description]" effect reaches (what it affects, and
    a note for each whose protection prevents the damage, CR 702.16e), or None."""
    players = _EACH_PLAYER.search(text)
    if players is not None:
        # "2 damage to each opponent" (Fiery Confluence): each of them, none targeted.
        everyone = players["who"].lower() == "player"
        # A player who left the game is no longer one of them (104.5, 800.4a).
        return [
            (name, None)
            for name in state.players_in_game
            if everyone or name.lower() != entry.controller.lower()
        ], []
    # "X damage to each creature without flying and each player" (Earthquake): the players
    # too, none of them targeted (115.10).
    text = _X_DEFINED_BY_TEXT.sub("", text)  # X was stated with the spell (107.3c)
    also = _AND_EACH_PLAYER.search(text)
    if also is not None:
        text = text[: also.start()] + text[also.end() :]
    players_amount: int | None = None
    if also is None and (first := _EACH_PLAYER_FIRST.search(text)):
        # "1 damage to each opponent and 1 damage to each creature your opponents control"
        # (Dagger Caster): the players, then the creatures; each amount to its own (115.10).
        also = first
        if first["then"].lower() != first["amount"].lower():
            players_amount = _amount(first["amount"].lower(), entry)
        text = text[: first.start()] + f"{first['then']} damage to " + text[first.end() :]
    match = _EACH.search(text)
    what = _TYPE_LIST.sub(r"\1 or \2", _PLURAL_TYPES.sub(r"\1", match["what"]) if match else "")
    # "Destroy all other creatures" (Martial Coup): all but the spell's own objects — its
    # source and what it made as it resolved (the Soldiers just created).
    others = made_since is not None and what.lower().startswith("other ")
    if others:
        what = what[len("other ") :]
    if entry.x is not None:
        # "each permanent with mana value X or less" (Ugin's −X): the X chosen (107.3).
        what = re.sub(r"\bx\b", str(entry.x), what, flags=re.IGNORECASE)
    description = description_from(f"target {what}") if match else None
    if description is None or description.unchecked:
        # "Exile each permanent with the most votes" (Council's Judgment): who is reached
        # depends on something the board doesn't show (a vote, CR 701.38), so it isn't applied.
        return None
    who = targeting_for_entry(state, entry)
    context = who.context(state)
    damage = _DAMAGE.search(text) is not None
    unpreventable = unpreventable_damage(state) if damage else None
    affected: list[tuple[TargetRef, int | None]] = []
    prevented: list[str] = []
    reached = also.group("who" if "who" in also.groupdict() else 1).lower() if also else ""
    for name in state.players_in_game if reached else ():  # not one who left (104.5)
        if reached == "opponent" and name.lower() == entry.controller.lower():
            continue
        quality = next(
            (
                q
                for q in protections_of(state.keywords_of(name))
                if has_quality(who.source, q, state.player_names)
            ),
            None,
        )
        if damage and quality is not None:
            if unpreventable is None:
                prevented.append(
                    f"{name} has protection from {quality}: the damage to them is prevented "
                    "(702.16e)"
                )
                continue
            prevented.append(unprevented_note(name, quality, unpreventable))
        affected.append((name, players_amount))
    for obj in state.zone_objects(Zone.BATTLEFIELD):
        if obj.phased_out or not description.matches(as_seen(state, obj), context):
            continue
        if others and (
            obj.id == entry.source_id or (made_since is not None and obj.id >= made_since)
        ):
            continue
        shield = next(
            (
                quality
                for quality in protections_of(state.keywords_of(obj.id))
                if has_quality(who.source, quality, state.player_names)
            ),
            None,
        )
        if damage and shield is not None:
            if unpreventable is None:
                prevented.append(
                    f"{obj.name} has protection from {shield}: it isn't targeted, but the "
                    "damage to it is prevented (702.16e)"
                )
                continue
            prevented.append(unprevented_note(obj.name, shield, unpreventable))
        affected.append((obj.id, None))
    return affected, prevented


# "Exile all other spells and counter all abilities" (Summary Dismissal), "Counter all
# spells" (Mass Nullification's kin): every spell or ability on the stack, none targeted.
_STACK_SWEEP = remembered(
    re.compile(
        r"^(?:(?:exile|counter) all (?:other )?(?:spells|abilities)(?:,? and |\.?$))+",
        re.IGNORECASE,
    )
)
_SWEEP_CLAUSE = re.compile(r"\b(exile|counter) all (other )?(spells|abilities)\b", re.IGNORECASE)


def _sweep_stack(
    state: GameState, entry: StackEntry, text: str
) -> tuple[GameState, str, tuple[str, ...]]:
    """Exile or counter every other spell or ability on the stack, as the text says; what
    happened and the rules behind it."""
    said: list[str] = []
    rules: list[str] = []
    for verb, _, what in _SWEEP_CLAUSE.findall(text):
        verb, spells = verb.lower(), what.lower() == "spells"
        hit: list[str] = []
        for other in list(state.stack):
            if other.object_id == entry.object_id or other.object_id not in state.objects:
                continue
            if (state.obj(other.object_id).kind is ObjectKind.SPELL) != spells:
                continue
            label = state.label(other.object_id)
            if verb == "counter":
                if why := uncounterable_because(state, other.object_id):
                    said.append(f"{label} {why}, so it stays on the stack (101.2)")
                    rules.append("101.2")
                    continue
                # CR 701.6a: countered, it is removed from the stack (an ability ceases to
                # exist; a spell goes to its owner's graveyard).
                state = _leave_stack(state, other, "was countered")
                hit.append(label)
                rules.append("701.6a")
            elif other.is_copy or state.obj(other.object_id).kind is not ObjectKind.SPELL:
                state, _ = state.move(other.object_id, None, "was exiled")  # 707.10a
                hit.append(label)
            else:
                if why := uncounterable_because(state, other.object_id):
                    # CR 701.6a, 406.2: exiling a spell isn't countering it.
                    said.append(f"{label} {why}, but exiling it isn't countering it (701.6a)")
                    rules.append("701.6a")
                state, _ = state.move(other.object_id, Zone.EXILE, "was exiled")
                hit.append(label)
                rules.append("406.2")
        done = "exiled" if verb == "exile" else "countered"
        said.append(
            f"{and_list(hit)} {'is' if len(hit) == 1 else 'are'} {done}"
            if hit
            else f"no {'other ' if spells else ''}{what.lower()} on the stack to be {done}"
        )
    return state, "; ".join(said), tuple(dict.fromkeys(rules))


def _exchange_control(
    state: GameState,
    part: EffectPart,
    affected: list[tuple[TargetRef, int | None]],
    chosen: int,
) -> tuple[GameState, EffectReport, str | None]:
    """Switcheroo: "exchange control of two target creatures" (CR 701.12)."""
    objects = [state.objects.get(ref) for ref, _ in affected if isinstance(ref, int)]
    present = [obj for obj in objects if obj is not None and obj.zone is Zone.BATTLEFIELD]
    if len(present) < 2 or len(present) < chosen:
        # CR 701.12a: if the whole exchange can't happen, none of it does.
        why = "an exchange of control happens only if both targets are still legal (701.12a)"
        return state, EffectReport(part.text, False, why=why), f"nothing is exchanged: {why}"
    first, second = present[0], present[1]
    # CR 701.12b: each player gains control of the permanent the other controlled.
    state = state.with_object(evolve(first, controller=second.controller))
    state = state.with_object(evolve(second, controller=first.controller))
    labels = (first.name, second.name)
    return (
        state,
        EffectReport(part.text.rstrip(".") + f" → {', '.join(labels)}", True, labels),
        None,
    )


_RECONFIGURE = remembered(re.compile(r"^reconfigure\b", re.IGNORECASE | re.MULTILINE))
_YOU_CONTROL_ENCHANTED = remembered(
    re.compile(
        r"\byou control enchanted (?:creature|permanent|artifact|land|planeswalker)\b",
        re.IGNORECASE,
    )
)
_WHILE_SOURCE_REMAINS = remembered(
    re.compile(
        r"for as long as (?:this [a-z]+|~|[a-z' ,-]+?) remains on the battlefield", re.IGNORECASE
    )
)


def gives_control_of_enchanted(aura: GameObject) -> bool:
    """Control Magic, Mind Control: "You control enchanted creature" (613.1b)."""
    return bool(_YOU_CONTROL_ENCHANTED.search(aura.oracle_text))


def with_enchanted_control(state: GameState, aura: GameObject) -> GameState:
    """``aura``'s controller controls what it is attached to (Control Magic: layer 2, CR
    613.1b), for as long as the Aura stays on the battlefield (611.2b)."""
    if aura.attached_to is None or aura.attached_to not in state.objects:
        return state
    return state.with_control_while(aura.attached_to, aura.controller, aura.id)


def _attach(state: GameState, attachment_id: int | None, host: TargetRef) -> GameState:
    """Attach an Aura or Equipment to a permanent (CR 701.3a); an Equipment with reconfigure
    stops being a creature while attached (702.151b)."""
    attachment = state.objects.get(attachment_id) if attachment_id is not None else None
    if attachment is not None and isinstance(host, str) and state.has_player(host):
        # A Curse: an Aura with "Enchant player" is attached to that player (303.4).
        return state.with_object(evolve(attachment, enchanted_player=host))
    if attachment is None or not isinstance(host, int) or host not in state.objects:
        return state
    attached = evolve(attachment, attached_to=host)
    if gives_control_of_enchanted(attachment):
        return with_enchanted_control(state.with_object(attached), attached)
    if _RECONFIGURE.search(attachment.oracle_text) and "creature" in attached.card_types:
        attached = evolve(
            attached,
            card_types=attached.card_types - {"creature"},
            subtypes=attached.subtypes & {"equipment"},
            power=None,
            toughness=None,
        )
    return state.with_object(attached)


def _unattached(state: GameState, attachment: GameObject) -> GameObject:
    """An Equipment that becomes unattached; one with reconfigure is a creature again, as
    printed (702.151b)."""
    loose = evolve(attachment, attached_to=None)
    card = state.cards.get(attachment.id)
    if card is None or not _RECONFIGURE.search(attachment.oracle_text):
        return loose
    printed = card.outside_stack()
    types = printed.types
    return evolve(
        loose,
        card_types=types.card_types,
        subtypes=types.subtypes,
        power=printed.power,
        toughness=printed.toughness,
    )


# Torch the Tower: "If a permanent dealt damage by Torch the Tower would die this turn, exile
# it instead"; Lava Coil: "If that creature would die this turn, exile it instead."
_EXILE_IF_IT_WOULD_DIE = remembered(
    re.compile(r"\bwould die this turn, exile (?:it|that creature|them) instead\b", re.I)
)


# Anger of the Gods, Scald the Hive's kin: "If a creature dealt damage this way would die
# this turn, exile it instead" (the damage was dealt to "each creature", untargeted).
_EXILE_IF_DEALT_DAMAGE_THIS_WAY = remembered(
    re.compile(r"\bdealt damage this way would die this turn, exile it instead\b", re.I)
)


_RETURNS_WITH_COUNTER = re.compile(
    r"\bwith an? (?P<kind>[+-]\d+/[+-]\d+|[a-z]+) counter on it\b", re.IGNORECASE
)
_BARRED_IF_DEALT_DAMAGE = re.compile(
    r"\bdealt damage this way can't be regenerated this turn\b", re.IGNORECASE
)


# A sentence that goes on about what the sentence before chose ("They return a creature they
# control ..." after "If X is 2, you may choose a player."): under the same condition.
_REFERS_BACK = re.compile(r"^(?:they|them|that player|those players|the chosen)\b", re.I)


def _paragraph_of(entry: StackEntry, part: str) -> int | None:
    """The paragraph (line) of the spell's or ability's text that ``part`` is in, or None when
    it can't be found there (a rewritten part)."""
    text = entry.spec.text.lower()
    found = text.find(part.strip().rstrip(".").lower())
    return None if found < 0 else text.count("\n", 0, found)


def _dealt_damage_this_way(
    before: GameState, after: GameState, hit: Sequence[TargetRef]
) -> list[int]:
    """The permanents in ``hit`` (reached by the resolving spell's untargeted parts) that it
    dealt damage to: more damage marked, or more -1/-1 counters (wither, infect: 120.3d), than
    before it resolved.  One whose protection prevented the damage was dealt none (702.16e)."""
    dealt: list[int] = []
    for ref in dict.fromkeys(hit):
        if not isinstance(ref, int) or ref not in after.objects or ref not in before.objects:
            continue
        now, then = after.obj(ref), before.obj(ref)
        if now.damage > then.damage or now.counters.get("-1/-1", 0) > then.counters.get("-1/-1", 0):
            dealt.append(ref)
    return dealt


# "When a creature dealt damage this way dies this turn, ..." (Skeletonize): the objects the
# resolving spell's earlier parts dealt damage to.
_DEALT_DAMAGE_THIS_WAY = re.compile(r"\bdealt damage this way\b", re.I)


def _damaged_by_earlier_parts(
    before: GameState,
    after: GameState,
    legal_by_slot: Mapping[int, Sequence[tuple[TargetRef, int | None]]],
    untargeted_hit: Sequence[TargetRef],
) -> list[int]:
    """What the resolving spell has dealt damage to so far, targeted or not (603.7c: a delayed
    ability that says "dealt damage this way" refers to those objects)."""
    targeted = [ref for pairs in legal_by_slot.values() for ref, _ in pairs]
    return _dealt_damage_this_way(before, after, [*targeted, *untargeted_hit])


def _watched_damaged(state: GameState, damaged: Sequence[int] | None) -> str:
    """The words for which creatures a "dealt damage this way" delayed ability watches."""
    if damaged is None:
        return ""
    if not damaged:
        return "; this dealt damage to nothing, so it refers to no creature (603.7c)"
    return (
        f"; it refers only to {and_list(state.label(ref) for ref in damaged)}, what this dealt "
        "damage to (603.7c): one that leaves and comes back is a new object (400.7)"
    )


def _would_die_now(state: GameState, ref: TargetRef) -> bool:
    """Whether the creature ``ref`` dies in the next state-based action check: toughness 0
    or less (704.5f) or lethal damage marked and not indestructible (704.5g, 702.12b)."""
    if not isinstance(ref, int) or ref not in state.objects:
        return False
    obj = state.obj(ref)
    if obj.zone is not Zone.BATTLEFIELD:
        return False
    toughness = as_seen(state, obj).current_toughness
    if toughness is None:
        return False
    if toughness <= 0:
        return True
    lethal = obj.damage >= toughness and obj.damage > 0
    return lethal and "indestructible" not in state.keywords_of(ref)


# Malicious Malfunction: "If a creature would die this turn, exile it instead."; Malicious
# Eclipse: "If a creature an opponent controls would die this turn, exile it instead."
_EVERY_CREATURE_EXILED_IF_IT_DIES = re.compile(
    r"^if a creature(?P<theirs> an opponent controls)? would die this turn, exile it instead\.?$"
)


def _exile_deaths_this_turn(
    state: GameState, entry: StackEntry, theirs: bool, outcome: _Outcome
) -> GameState:
    """Every creature (or every one an opponent of the spell's controller controls) that would
    die this turn is exiled instead (CR 614.1a, 614.6), those that die to this spell's own
    state-based actions too; a replacement changes no characteristics, so it covers creatures
    that arrive later as well (unlike 611.2c's), until the turn ends (514.2)."""
    spell = _delayed_source(state, entry)
    name = spell.name if spell else entry.name
    covered = (name, entry.controller if theirs else "")
    state = evolve(
        state, creatures_exiled_if_they_die=(*state.creatures_exiled_if_they_die, covered)
    )
    whose = f"a creature an opponent of {entry.controller} controls" if theirs else "a creature"
    outcome.notes.append(
        f"for the rest of this turn, {whose} that would die is exiled instead (614.1a, 614.6): "
        "its death never happens, so nothing that triggers on dying triggers (700.4)"
    )
    outcome.rules.extend(("614.1a", "614.6"))
    return state


def _exiled_if_it_dies(state: GameState, spell: str, covered: Sequence[TargetRef]) -> GameState:
    """``state`` with ``spell``'s "would die this turn, exile it instead" kept for the permanents
    in ``covered`` still on the battlefield, until the turn ends (CR 614.1a, 514.2)."""
    kept = dict(state.exiled_if_it_dies)
    for ref in covered:
        if (
            isinstance(ref, int)
            and ref in state.objects
            and state.obj(ref).zone is Zone.BATTLEFIELD
        ):
            kept[ref] = spell
    return evolve(state, exiled_if_it_dies=kept)


def _survives_its_damage(state: GameState, survivors: Sequence[TargetRef]) -> str:
    """Why a "would die this turn, exile it instead" replacement doesn't exile ``survivors``
    now (CR 614.1a: it applies only to a death), and that it waits for the rest of the turn."""
    parts = []
    for ref in survivors:
        obj = state.objects.get(ref) if isinstance(ref, int) else None
        if obj is None or obj.zone is not Zone.BATTLEFIELD:
            parts.append(f"{state.label(ref)} isn't on the battlefield")
            continue
        toughness = as_seen(state, obj).current_toughness
        parts.append(
            f"{state.label(ref)} doesn't die ({obj.damage} damage marked, toughness "
            f"{toughness}), so it stays on the battlefield"
        )
    return (
        "; ".join(parts) + ": the replacement applies only if it would die (614.1a, 704.5g); "
        "if it would die later this turn, for any reason, it is exiled instead (614.6): the "
        "bot keeps that until the turn ends (514.2)"
    )


def _ceased_token(state: GameState, ref: TargetRef) -> bool:
    """A token this resolution already moved off the battlefield (it ceases to exist)."""
    departure = state.departures.get(ref) if isinstance(ref, int) else None
    return departure is not None and departure.snapshot.kind is ObjectKind.TOKEN


def state_based_actions(
    state: GameState, touched: Sequence[TargetRef] = ()
) -> tuple[GameState, list[str]]:
    """CR 704.3: after a spell or ability resolves, creatures with toughness 0 or less
    (704.5f) or lethal damage marked (704.5g, unless indestructible) die, all at once.
    Returns the state and a note for each creature in ``touched`` that died or survived
    damage, saying why."""
    dying: list[tuple[int, str]] = []
    notes: list[str] = []
    losing = losers(state)
    for index, (name, why) in enumerate(losing):
        # All at once (704.3): who won is said once every loser has left (QA 51 M1).
        state, left = leave_game(state, name, why, last=index == len(losing) - 1)
        notes.extend(left)
    statics = statics_in_play(state)  # once, not once per creature
    # Statics that make noncreatures creatures (March of the Machines, Ensoul Artifact).
    animating = bool(statics) and any(
        static.adds_type or static.becomes_creature for _, static in statics
    )
    for obj in state.zone_objects(Zone.BATTLEFIELD):
        if obj.phased_out:
            continue
        both = min(obj.counters.get("+1/+1", 0), obj.counters.get("-1/-1", 0))
        if both:
            # CR 704.5q: N +1/+1 and N -1/-1 counters on a permanent are removed in pairs.
            counters = {
                k: v - both if k in ("+1/+1", "-1/-1") else v for k, v in obj.counters.items()
            }
            obj = evolve(obj, counters={k: v for k, v in counters.items() if v})
            state = state.with_object(obj)
            notes.append(
                f"{state.label(obj.id)} loses {both} +1/+1 and {both} -1/-1 counter"
                f"{'s' if both != 1 else ''}: they cancel out (704.5q)"
            )
        mentioned = obj.id in touched
        # One pass, one death each: a creature that is also a planeswalker dies once.
        if "planeswalker" in obj.card_types and obj.loyalty == 0:
            # CR 704.5i: a planeswalker with loyalty 0 is put into its owner's graveyard.
            dying.append((obj.id, "was put into its owner's graveyard (704.5i)"))
            if mentioned:
                notes.append(
                    f"{state.label(obj.id)} has no loyalty left and goes to its owner's "
                    "graveyard (704.5i)"
                )
            continue
        if "battle" in obj.card_types and obj.defense == 0:
            if (defeated := siege_triggers(state, obj)) is not None:
                state, note = defeated
                notes.append(note)
                continue
            if waits_for_its_siege_ability(state, obj):
                continue  # CR 704.5v: "and it isn't the source of an ability that has triggered"
            # CR 704.5v: a battle with defense 0 is put into its owner's graveyard, said
            # even when nothing here touched it (a Siege whose ability was countered).
            dying.append((obj.id, "was put into its owner's graveyard (704.5v)"))
            notes.append(
                f"{state.label(obj.id)} has no defense left and goes to its owner's graveyard "
                "(704.5v)"
            )
            continue
        if "creature" not in obj.card_types and not animating:
            continue
        # With no statics in play a creature with printed P/T is seen as it is (``as_seen``).
        plain = not statics and obj.power is not None and obj.toughness is not None
        seen = obj if plain else as_seen(state, obj, statics)
        if "creature" not in seen.card_types:
            continue  # (an artifact Ensoul Artifact enchants is one: 613.1d)
        toughness = seen.current_toughness
        if toughness is None:
            continue
        if toughness <= 0:
            # Said even when nothing here touched it: a creature never dies silently.
            dying.append((obj.id, "died (toughness 0 or less)"))
            notes.append(f"{state.label(obj.id)} dies: its toughness is {toughness} (704.5f)")
        elif obj.damage >= toughness and obj.damage > 0:
            if "indestructible" in state.keywords_of(obj.id):
                # CR 702.12b: lethal damage destroys it (704.5g), and it can't be destroyed.
                if mentioned:
                    notes.append(
                        f"{state.label(obj.id)} survives: {obj.damage} damage marked is lethal "
                        f"(toughness {toughness}, 704.5g), but it is indestructible, so it "
                        "isn't destroyed (702.12b)"
                    )
                continue
            lethal = f"({obj.damage} damage marked, toughness {toughness}, 704.5g)"
            if saved := regenerated_instead(state, obj.id, lethal):
                # CR 701.19a: lethal damage destroys it (704.5g), which the shield replaces;
                # said even when nothing here touched it.
                state, said = saved
                notes.append(said)
                continue
            if barred := barred_shield_note(state, obj.id, barred=False):
                notes.append(barred)  # Incinerate (701.19c)
            dying.append((obj.id, "died"))
            if mentioned:
                notes.append(
                    f"{state.label(obj.id)} dies: {obj.damage} damage marked, "
                    f"toughness {toughness} (704.5g)"
                )
        elif mentioned and obj.damage > 0:
            notes.append(
                f"{state.label(obj.id)} survives: {obj.damage} damage marked, but its "
                f"toughness is {'now ' if toughness != obj.toughness else ''}{toughness} (704.5g)"
            )
    leaving = {object_id for object_id, _ in dying}
    for curse in state.zone_objects(Zone.BATTLEFIELD):
        if curse.enchanted_player is None or not state.has_player(curse.enchanted_player):
            continue
        player = state.player(curse.enchanted_player)
        quality = next(
            (
                q
                for q in protections_of(state.keywords_of(player.name))
                if has_quality(curse, q, state.player_names)
            ),
            None,
        )
        why = (
            f"{player.name} has left the game"
            if player.left_game
            else f"{player.name} has protection from {quality}, so can't be enchanted by it "
            "(702.16c)"
            if quality is not None
            else ""
        )
        if why:
            # CR 704.5m: an Aura attached to an illegal player goes to the graveyard.
            dying.append((curse.id, "was put into its owner's graveyard (704.5m)"))
            notes.append(f"{curse.name} goes to its owner's graveyard: {why} (704.5m)")
    loosened: list[int] = []
    for attachment in state.zone_objects(Zone.BATTLEFIELD):
        if attachment.attached_to is None:
            continue
        host = state.objects.get(attachment.attached_to)
        if (
            host is not None
            and host.id not in leaving
            and _enchants_a_graveyard_card(attachment, host)
        ):
            continue  # Animate Dead on the card it is returning (303.4; 704.5m doesn't apply)
        gone = host is None or host.zone is not Zone.BATTLEFIELD or host.id in leaving
        retyped = _no_longer_attaches(state, attachment)
        if retyped:
            # CR 704.5p: a noncreature permanent that's neither an Aura, an Equipment nor a
            # Fortification becomes unattached and stays on the battlefield (Song of the
            # Dryads ruling: "If the permanent was an Aura or an Equipment, it becomes
            # unattached from whatever it was attached to").
            state = state.with_object(evolve(attachment, attached_to=None))
            notes.append(
                f"{attachment.name} becomes unattached and stays on the battlefield: {retyped} "
                "(704.5p)"
            )
            continue
        if is_bestowed(attachment) and attachment.id in state.cards:
            unattached_why: str | None = (
                "what it enchanted is gone" if host is None or gone else None
            )
            if host is not None and not gone:
                quality = protection_from(state, host, attachment)
                if "creature" not in as_seen(state, host).card_types:
                    # It has enchant creature (702.103b).
                    unattached_why = f"{host.name} is no longer a creature"
                elif quality is not None:
                    unattached_why = f"{host.name} has protection from {quality} (702.16c)"
            if unattached_why:
                # CR 702.103f, an exception to 704.5m: it becomes unattached, ceases to be
                # bestowed and stays on the battlefield as a creature.
                state = state.with_object(unbestowed(attachment, state.cards[attachment.id]))
                notes.append(
                    f"{attachment.name} becomes unattached: {unattached_why}, so it ceases to be bestowed "
                    "and stays on the battlefield as a creature (702.103f)"
                )
            continue
        if "aura" in attachment.subtypes and "creature" in as_seen(state, attachment).card_types:
            # CR 303.4d: "An Aura that's also a creature can't enchant anything. If this occurs
            # somehow, the Aura becomes unattached, then is put into its owner's graveyard."
            dying.append((attachment.id, "was put into its owner's graveyard (303.4d, 704.5m)"))
            notes.append(
                f"{attachment.name} goes to its owner's graveyard: it is a creature, and an Aura "
                "that's also a creature can't enchant anything, so it becomes unattached, then "
                "is put into its owner's graveyard (303.4d, 704.5p, 704.5m)"
            )
            continue
        if host is not None and not gone:
            unfit = _enchant_unfit(state, attachment, host)
            if unfit is not None:
                # CR 303.4c: an Aura enchanting what its enchant ability doesn't allow is put
                # into its owner's graveyard (704.5m).
                dying.append((attachment.id, "was put into its owner's graveyard (704.5m)"))
                notes.append(
                    f"{attachment.name} goes to its owner's graveyard: {unfit} (303.4c, 704.5m)"
                )
                continue
            misfit = _equipment_misfit(state, attachment, host)
            if misfit is not None:
                # CR 704.5n: an Equipment or Fortification attached to an illegal permanent
                # becomes unattached and stays on the battlefield.
                state = state.with_object(_unattached(state, attachment))
                notes.append(
                    f"{attachment.name} becomes unattached and stays on the battlefield: {misfit}"
                )
                continue
            quality = protection_from(state, host, attachment)
            if quality is None:
                continue
            quality = next((p for p in state.player_names if p.lower() == quality), quality)
            if "aura" in attachment.subtypes:
                # CR 702.16c: "Such Auras attached to the permanent ... with protection will
                # be put into their owners' graveyards as a state-based action" (704.5m).
                dying.append((attachment.id, "was put into its owner's graveyard (704.5m)"))
                notes.append(
                    f"{attachment.name} goes to its owner's graveyard: {host.name} has "
                    f"protection from {quality}, so it can't be enchanted by it (702.16c, 704.5m)"
                )
            elif "equipment" in attachment.subtypes or "fortification" in attachment.subtypes:
                # CR 702.16d, 704.5n: it becomes unattached and stays on the battlefield.
                state = state.with_object(_unattached(state, attachment))
                notes.append(
                    f"{attachment.name} becomes unattached and stays on the battlefield: "
                    f"{host.name} has protection from {quality} (702.16d, 704.5n)"
                )
            continue
        if "aura" in attachment.subtypes:
            # CR 704.5m: an Aura attached to nothing goes to its owner's graveyard.
            dying.append((attachment.id, "was put into its owner's graveyard (704.5m)"))
            notes.append(
                f"{attachment.name} goes to its owner's graveyard: what it enchanted is gone "
                "(704.5m)"
            )
        elif host is not None and host.id in leaving:
            # Unattached once its host has left (704.5n, below), so the departure records
            # it as attached just before (Skullclamp's "equipped creature dies", 603.10a).
            loosened.append(attachment.id)
        else:
            # CR 704.5n: Equipment attached to nothing stays on the battlefield, unattached.
            state = state.with_object(_unattached(state, attachment))
    for role, host_name, controller in _older_roles(state, {i for i, _ in dying}):
        # CR 704.5y: of the Roles one player controls on a permanent, only the newest stays.
        dying.append((role.id, "was put into its owner's graveyard (704.5y)"))
        notes.append(
            f"{role.name} goes to its owner's graveyard: {host_name} has a newer Role "
            f"{controller} controls, and only that one stays (704.5y)"
        )
    for object_id, event in dying:
        label = state.label(object_id)
        state, _ = state.move(object_id, Zone.GRAVEYARD, event)
        departure = state.departures[object_id]
        if departure.to_zone is not Zone.GRAVEYARD:
            # Rest in Peace, Anafenza, Progenitus: sent elsewhere instead, so it never went to
            # a graveyard (614.6, 700.4).
            notes = [n.replace(f"{label} dies:", f"{label} would die:", 1) for n in notes]
            done, by, rest = replaced_graveyard_words(departure.event) or ("exiled", "", "")
            notes.append(
                f"{label} is {done} instead of going to the graveyard"
                + (f" ({by}, 614.6)" if by else " (614.6)")
                + ", so it doesn't die (700.4)"
                + (f"; {rest}" if rest else "")
            )
    for attachment_id in loosened:
        # CR 704.5n: Equipment attached to nothing stays on the battlefield, unattached.
        if (loose := state.objects.get(attachment_id)) is not None:
            state = state.with_object(_unattached(state, loose))
    return state, notes


_ENCHANT = remembered(
    re.compile(
        r"^enchant (creature|land|artifact|enchantment|planeswalker|permanent)"
        r"( you control| an opponent controls| you don't control)?\s*$",
        re.IGNORECASE | re.MULTILINE,
    )
)


def _older_roles(state: GameState, leaving: set[int]) -> list[tuple[GameObject, str, str]]:
    """CR 704.5y: each Role attached to a permanent that isn't the newest of the Roles its
    controller controls there, with that permanent's name and the controller.  An Aura's
    timestamp is when it became attached (613.7e); the bot keeps no timestamps, and a Role is
    a token created attached, so the later object (the higher id) is the newer one."""
    newest: dict[tuple[int, str], GameObject] = {}
    older: list[tuple[GameObject, str, str]] = []
    roles = sorted(
        (
            o
            for o in state.zone_objects(Zone.BATTLEFIELD)
            if "role" in o.subtypes and o.attached_to is not None and o.id not in leaving
        ),
        key=lambda o: o.id,
    )
    for role in roles:
        assert role.attached_to is not None
        host = state.objects.get(role.attached_to)
        if host is None or host.zone is not Zone.BATTLEFIELD or host.id in leaving:
            continue  # 704.5m puts it into the graveyard anyway
        key = (host.id, role.controller)
        if key in newest:
            older.append((newest[key], host.name, role.controller))
        newest[key] = role
    return older


_ATTACHING_SUBTYPES = frozenset({"aura", "equipment", "fortification"})


def _no_longer_attaches(state: GameState, attachment: GameObject) -> str:
    """Why an Aura, Equipment or Fortification that an effect made something else (Song of
    the Dryads: "a colorless Forest land") can't stay attached (CR 704.5p); "" while it is
    still one of them (a bestowed Aura that stopped being one is 702.103f's)."""
    printed = attachment.subtypes & _ATTACHING_SUBTYPES
    if not printed or is_bestowed(attachment):
        return ""
    seen = as_seen(state, attachment)
    if seen.subtypes & _ATTACHING_SUBTYPES or "creature" in seen.card_types:
        return ""  # (an Equipment made a creature is 301.5c's, below)
    was = " or ".join(with_article(kind.title()) for kind in sorted(printed))
    now = " ".join(sorted(seen.subtypes)).title()
    kinds = " ".join(sorted(seen.card_types))
    return f"it is now {with_article(f'{now} {kinds}'.strip())}, not {was}"


def _equipment_misfit(state: GameState, attachment: GameObject, host: GameObject) -> str | None:
    """Why an Equipment can no longer equip ``host`` (it isn't a creature, 301.5c and 704.5n,
    or the Equipment is a creature itself without reconfigure, 301.5c and 704.5p) or a
    Fortification fortify it (it isn't a land: 301.6, 704.5n), rules cited; None when it still
    can."""
    seen = as_seen(state, host)
    if "equipment" in attachment.subtypes:
        if "creature" in as_seen(state, attachment).card_types and (
            "reconfigure" not in attachment.oracle_text.lower()
        ):
            return (
                f"{attachment.name} is a creature, and an Equipment that's also a creature "
                "can't equip a creature (301.5c, 704.5p)"
            )
        if "creature" not in seen.card_types:
            return f"{host.name} is no longer a creature (301.5c, 704.5n)"
    if "fortification" in attachment.subtypes and "land" not in seen.card_types:
        return f"{host.name} is no longer a land (301.6, 704.5n)"
    return None


def _enchants_a_graveyard_card(aura: GameObject, host: GameObject) -> bool:
    """An Aura with "Enchant creature card in a graveyard" (Animate Dead, Dance of the Dead)
    legally attached to such a card: it is attached to something its enchant ability allows."""
    return (
        host.zone is Zone.GRAVEYARD
        and "creature" in host.card_types
        and "enchant creature card in a graveyard" in aura.oracle_text.lower()
    )


_THAT_MANY = re.compile(r"\bthat many\b", re.IGNORECASE)


def _left_during(before: GameState, after: GameState, ref: TargetRef) -> bool:
    """Whether the object ``ref`` left the zone it was in while this spell resolved."""
    if not isinstance(ref, int) or ref not in before.objects:
        return False
    now = after.objects.get(ref)
    return now is None or now.zone is not before.objects[ref].zone


# A Curse's enchant ability: it enchants a player (702.5a, 303.4).
_ENCHANT_PLAYER = re.compile(r"^enchant (player|opponent)\b", re.I | re.M)


def enchants_player(oracle_text: str) -> bool:
    """Whether an Aura with this text can enchant a player ("Enchant player/opponent")."""
    return _ENCHANT_PLAYER.search(oracle_text) is not None


def enchant_refusal(state: GameState, aura: GameObject, host_ref: TargetRef) -> str | None:
    """Why ``aura`` can't be attached to ``host_ref`` (not on the battlefield, not what its
    enchant ability allows, 303.4a; protected from it, 702.16c); None when it can.  A player
    takes only an Aura with "Enchant player" or "Enchant opponent" (a Curse)."""
    if isinstance(host_ref, str):
        enchant = _ENCHANT_PLAYER.search(aura.oracle_text)
        if enchant is None:
            return f"{aura.name} doesn't have “Enchant player”, so it can't enchant a player"
        if enchant[1].lower() == "opponent" and host_ref.casefold() == aura.controller.casefold():
            return f"it has “Enchant opponent”, and {host_ref} controls it"
        quality = next(
            (
                q
                for q in protections_of(state.keywords_of(host_ref))
                if has_quality(aura, q, state.player_names)
            ),
            None,
        )
        return f"{host_ref} has protection from {quality} (702.16c)" if quality else None
    host = state.obj(host_ref)
    if host.zone is not Zone.BATTLEFIELD:
        return f"{host.name} isn't on the battlefield"
    unfit = _enchant_unfit(state, aura, host)
    if unfit is not None:
        return unfit
    quality = protection_from(state, host, aura)
    return f"{host.name} has protection from {quality} (702.16c)" if quality else None


def _enchant_unfit(state: GameState, aura: GameObject, host: GameObject) -> str | None:
    """Why ``host`` is no longer something ``aura``'s enchant ability allows (CR 303.4c,
    702.5a), for the plain "Enchant creature [you control]" forms; None if it still is."""
    if "aura" not in aura.subtypes:
        return None
    found = _ENCHANT.search(aura.oracle_text)
    if found is None:
        return _enchant_described_unfit(state, aura, host)
    kind, whose = found.group(1).lower(), (found.group(2) or "").strip().lower()
    seen = as_seen(state, host)
    if kind != "permanent" and kind not in seen.card_types:
        return f"{host.name} is no longer {with_article(kind)}, and it has “Enchant {kind}{' ' + whose if whose else ''}”"
    mine = seen.controller == aura.controller
    if (whose == "you control" and not mine) or (
        whose in ("an opponent controls", "you don't control") and mine
    ):
        return (
            f"{aura.controller} controls {aura.name}, {seen.controller} controls {host.name}, "
            f"and it has “Enchant {kind} {whose}”"
        )
    return None


# Any other enchant ability: "Enchant creature or planeswalker" (Nahiri's Binding), "Enchant
# Forest" (Utopia Sprawl), "Enchant artifact or creature".  Players and graveyard cards have
# their own checks.
_ENCHANT_ANY = remembered(re.compile(r"^enchant (?P<what>[^.:(\n]+?)\s*$", re.I | re.M))


def _enchant_described_unfit(state: GameState, aura: GameObject, host: GameObject) -> str | None:
    """Why ``host`` isn't what ``aura``'s enchant ability describes (CR 303.4c, 702.5a), read
    as its Aura spell's "target ..." phrase is; None if it is, or if the bot can't read it."""
    found = _ENCHANT_ANY.search(aura.oracle_text)
    if found is None:
        return None
    what = found["what"].strip()
    if re.match(r"(?:player|opponent)\b|.*\bcard in a graveyard\b", what, re.I):
        return None
    description = description_from("target " + what, source_name=aura.name)
    if description is None or description.unchecked:
        return None
    seen = as_seen(state, host)
    context = TargetContext(
        controller=aura.controller, players=state.player_names, source_id=aura.id
    )
    if description.matches(seen, context):
        return None
    why = description.mismatch(seen, context) or f"it isn't {with_article(what)} now"
    # "Forest (#1) isn't a Forest now": the name told apart from the type it names.
    name = f"{host.name} (#{host.id})" if host.name.lower() in what.lower() else host.name
    why = re.sub(r"^it\b", name, why)
    return f"{why}, and {aura.name} has “Enchant {what}”"


def protection_from(state: GameState, host: GameObject, attachment: GameObject) -> str | None:
    """The quality of ``host``'s protection that ``attachment`` has, if any: a permanent
    with protection can't be enchanted, equipped or fortified by what has that quality (CR
    702.16c-d)."""
    direct = protections_of(host.keywords)  # printed, or gained by an effect
    granted = [
        quality
        for quality in protections_of(state.granted_keywords.get(host.id, frozenset()))
        if quality not in direct
    ]
    if granted and _spared(state, host, attachment):
        granted = []
    if not direct and not granted:
        return None
    seen = as_seen(state, attachment)
    players = state.player_names
    return next((q for q in (*direct, *granted) if has_quality(seen, q, players)), None)


def _spared(state: GameState, host: GameObject, attachment: GameObject) -> bool:
    """CR 702.16n: an Aura that gives protection and says "this effect doesn't remove this
    Aura" (White Ward) or "... Auras" (Spectra Ward) keeps those Auras on; another instance of
    the same protection still removes them.  (Which permanent grants which instance is not
    tracked: a granted protection is taken to be the sparing Aura's.)"""
    if "doesn't remove this aura" in attachment.oracle_text.lower():
        return True
    is_aura = "aura" in attachment.subtypes
    for other in state.zone_objects(Zone.BATTLEFIELD):
        if other.attached_to != host.id or "aura" not in other.subtypes:
            continue
        text = other.oracle_text.lower()
        # Benevolent Blessing: "doesn't remove Auras and Equipment you control that are
        # already attached to it" (702.16p, taken as sparing them).
        if "doesn't remove auras" in text and (is_aura or "auras and equipment" in text):
            return True
    return False


# The parts of a targeted sentence that happen to the spell's controller ("you", CR 109.5,
# 115.10b): Lightning Helix's "and you gain 3 life", Psionic Blast's "and 2 damage to you",
# Vendetta's "You lose life equal to that creature's toughness".
_YOU_GAIN = remembered(re.compile(r"\byou gain (\d+|x) life\b", re.IGNORECASE))
_NAMED_PLAYER_LOSES = remembered(re.compile(r"^(?P<who>[^ ,.]+) loses (?P<n>\d+) life\.?$"))
# Decode Transmissions' "You draw two cards and lose 2 life": "you" is said once for both.
_YOU_LOSE = remembered(
    re.compile(
        r"\byou (?:draw (?:a|one|two|three|four|\d+|x) cards? and )?lose (\d+|x) life\b",
        re.IGNORECASE,
    )
)
_DAMAGE_TO_YOU = remembered(re.compile(r"\b(\d+|x) damage to you\b", re.IGNORECASE))
_YOU_LOSE_TOUGHNESS = remembered(
    re.compile(r"\byou lose life equal to (?:that creature's|its) toughness\b", re.IGNORECASE)
)


_PUT_COUNTERS = remembered(
    re.compile(
        r"\b(?:put|distribute) (a|an|one|two|three|four|five|\d+|x) ([+-]1/[+-]1) counters?\b",
        re.IGNORECASE,
    )
)


def _count_word(word: str, entry: StackEntry) -> int:
    word = word.lower()
    return NUMBER_WORDS[word] if word in NUMBER_WORDS else _amount(word, entry)


DAMAGEABLE = frozenset({"creature", "planeswalker", "battle"})


def _controller_clauses(
    state: GameState, entry: StackEntry, text: str, affected: list[tuple[TargetRef, int | None]]
) -> tuple[GameState, list[EffectReport]]:
    """What a part whose target is legal does to its controller besides (608.2b: the part
    happens, all of it)."""
    you = entry.controller
    if not state.has_player(you):
        return state, []
    change = 0
    said: list[str] = []
    barred: list[EffectReport] = []
    if gain := _YOU_GAIN.search(text):
        amount = _amount(gain.group(1), entry)
        if (bar := life_gain_bar(state, you)) is not None:
            # Lightning Helix under Sunspine Lynx: the gain doesn't happen (101.2, 119.7).
            barred.append(
                EffectReport(f"{you} gains {amount} life", False, (you,), _no_life_gained(you, bar))
            )
        else:
            change += amount
            said.append(f"{you} gains {amount} life")
    if loss := _YOU_LOSE.search(text):
        amount = _amount(loss.group(1), entry)
        change -= amount
        said.append(f"{you} loses {amount} life")
    if damage := _DAMAGE_TO_YOU.search(text):
        amount = _amount(damage.group(1), entry)
        change -= amount  # CR 120.3a: damage to a player makes them lose that much life
        said.append(f"{amount} damage to {you}")
    if _YOU_LOSE_ITS_MANA_VALUE.search(text):
        for ref, _ in affected:
            # Reanimate: "that card's mana value", the card as it last was (it has just moved:
            # a new object, CR 400.7, 608.2h). Imp's Mischief: "that spell's", X included on
            # the stack (202.3e), lost even if the target wasn't changed (ruling 2007-02-01).
            found = state.last_known(ref) if isinstance(ref, int) else None
            if found is not None:
                change -= found.mana_value
                said.append(f"{you} loses {found.mana_value} life")
    if _YOU_LOSE_TOUGHNESS.search(text):
        for ref, _ in affected:
            # Its toughness as it last existed if it is gone (CR 608.2h).
            found = state.last_known(ref) if isinstance(ref, int) else None
            toughness = as_seen(state, found).current_toughness if found is not None else None
            if toughness is not None:
                change -= toughness
                said.append(f"{you} loses {toughness} life")
    if not said:
        return state, barred
    state = _change_life(state, you, change)
    return state, [*barred, *(EffectReport(text, True, (you,)) for text in said)]


def _divide_evenly(
    entry: StackEntry, legal_by_slot: dict[int, list[tuple[TargetRef, int | None]]]
) -> list[str]:
    """Fireball: "X damage divided evenly, rounded down, among any number of targets" is
    divided as it resolves, among the targets still legal (the card's rulings, 2017-11-17);
    each legal target's amount is set in ``legal_by_slot``.  Returns a note saying so."""
    notes = []
    for slot in entry.slots:
        legal = legal_by_slot.get(slot.index)
        if not legal or not getattr(slot, "divided_evenly", False):
            continue
        total = division_total(entry.spec, entry.x)
        if total is None:
            continue
        each = total // len(legal)
        legal_by_slot[slot.index] = [(ref, each) for ref, _ in legal]
        notes.append(
            f"{entry.name}'s {total} is divided evenly, rounded down, among its "
            f"{counted(len(legal), 'legal target')} as it resolves: {each} each"
        )
    return notes


_THIS_CARD_FROM_GRAVEYARD = remembered(
    re.compile(r"return this card from your graveyard\b", re.IGNORECASE)
)


def _this_card_in_graveyard(state: GameState, entry: StackEntry) -> int | None:
    """The ability's source card if it is still in the graveyard (it is a new object if it
    left and came back, CR 400.7)."""
    source = state.objects.get(entry.source_id) if entry.source_id is not None else None
    return source.id if source is not None and source.zone is Zone.GRAVEYARD else None


def _sacrificed_source(state: GameState, entry: StackEntry, text: str) -> int | None:
    """The ability's own source, when its effect is "sacrifice [it]" and it is still there."""
    match = re.match(r"sacrifice (.+?)\.?$", text, re.IGNORECASE)
    source = state.objects.get(entry.source_id) if entry.source_id is not None else None
    if (
        match
        and source is not None
        and source.zone is Zone.BATTLEFIELD
        and (match.group(1).lower() == source.name.lower())
    ):
        return source.id
    return None


_FOLLOW_ON_DAMAGE = remembered(
    re.compile(
        r"(?:(\d+) damage to [^.]*?\band (?:(\d+) damage to )?|damage to [^.]*?\band (\d+) damage to )"
        r"(?P<whom>that creature's controller|that permanent's controller|its controller|each creature "
        r"(?:that player|they|that player or that planeswalker's controller) controls?)",
        re.IGNORECASE,
    )
)


def _follow_on_damage(
    state: GameState, text: str, affected: list[tuple[TargetRef, int | None]]
) -> tuple[EffectPart, list[tuple[TargetRef, int | None]]] | None:
    """A second amount of damage in the same sentence, to something its target decides: the
    damage as its own part and what it hits, or None when there is none or it hits nothing.
    "6 damage to target player or planeswalker and each creature that player or that
    planeswalker's controller controls" (Chandra, Pyrogenius) deals the same 6 to each."""
    match = _FOLLOW_ON_DAMAGE.search(text)
    if match is None:
        return None
    first, second, only = match.group(1), match.group(2), match.group(3)
    if first is not None and second is None and not match["whom"].lower().startswith("each"):
        return None  # "4 damage to target creature and its controller": one amount, one part
    amount, whom = int(second or only or first), match["whom"].lower()
    hit: list[TargetRef] = []
    for ref, _ in affected:
        if whom.startswith("each creature"):
            # The creatures aren't targets: hexproof ones are dealt damage too (rulings).
            player = ref if isinstance(ref, str) else _controller_of(state, ref)
            hit.extend(
                obj.id
                for obj in state.zone_objects(Zone.BATTLEFIELD)
                if player is not None
                and obj.controller == player
                and "creature" in obj.card_types
                and obj.id not in hit
                and obj.id != ref
            )
        elif isinstance(ref, int) and ref in state.objects:
            controller = state.objects[ref].controller
            if state.has_player(controller) and controller not in hit:
                hit.append(controller)
    if not hit:
        return None
    return EffectPart(f"{amount} damage"), [(ref, amount) for ref in hit]


_LOSE_ABILITIES = remembered(
    re.compile(
        r"^(?:until end of turn, )?(?P<who>creatures|permanents) your opponents control lose "
        r"(?P<what>[a-z, ]+?)(?: and can't have [^.]+?)?(?: until end of turn)?\.?$",
        re.IGNORECASE,
    )
)


def _hexproof_effect(
    state: GameState, entry: StackEntry, text: str
) -> tuple[GameState, str] | None:
    """Apply "until end of turn, ... as though they didn't have hexproof" (to the controller)
    or "creatures your opponents control lose hexproof ..." (to those permanents now)."""
    clean = text.replace("’", "'")
    bypass = AS_THOUGH.match(clean)
    if bypass and bypass["until"] and state.has_player(entry.controller):
        player = state.player(entry.controller)
        state = state.with_player(evolve(player, keywords=player.keywords | {IGNORES_HEXPROOF}))
        return state, (
            f"until end of turn, {entry.controller}'s spells and abilities may target their "
            "opponents and their creatures as though they didn't have hexproof (702.11e)"
        )
    lose = _LOSE_ABILITIES.match(clean)
    if lose is None:
        return None
    lost = [w.strip() for w in re.split(r",|\band\b", lose["what"].lower()) if w.strip()]
    creatures_only = lose["who"].lower() == "creatures"
    touched: list[str] = []
    for obj in state.zone_objects(Zone.BATTLEFIELD):
        if obj.controller == entry.controller or (
            creatures_only and "creature" not in obj.card_types
        ):
            continue
        kept = frozenset(
            k for k in obj.keywords if not any(k == w or k.startswith(w + " ") for w in lost)
        )
        if kept != obj.keywords:
            state = state.with_object(evolve(obj, keywords=kept))
            touched.append(obj.name)
    who = ", ".join(touched) or "nothing"
    return state, f"{who} lost {' and '.join(lost)} until end of turn (613.1f)"


_FIGHT = remembered(re.compile(r"\bfights?\b", re.IGNORECASE))
_CONTROLLER_LOSES = remembered(
    re.compile(
        r"\band (?:that creature's|that permanent's|its) controller loses (\d+) life", re.IGNORECASE
    )
)
_IF_IT_HAS = remembered(
    re.compile(
        r"\bif (?:(?:it|that creature) has|its) (?P<what>mana value|power|toughness) "
        r"(?:is )?(?P<n>\d+) or (?P<dir>less|greater)\b",
        re.IGNORECASE,
    )
)


def _meeting(
    state: GameState, affected: list[tuple[TargetRef, int | None]], condition: re.Match[str]
) -> tuple[list[tuple[TargetRef, int | None]], list[str]]:
    """The affected objects that meet an "if it has [quality] N or less/greater" condition now,
    and a note for each that doesn't."""
    what, limit, less = condition["what"].lower(), int(condition["n"]), condition["dir"] == "less"

    def unmet(obj: GameObject, seen: GameObject) -> str | None:
        value = {
            "mana value": obj.mana_value,
            "power": seen.current_power,
            "toughness": seen.current_toughness,
        }[what]
        if value is not None and (value <= limit if less else value >= limit):
            return None
        return (
            f"{obj.name}'s {what} is {value}, not {limit} or {condition['dir']}, so "
            f"“{condition.group(0)}” isn't met and nothing happens to it (608.2c)"
        )

    return _meeting_now(state, affected, unmet)


def _meeting_now(
    state: GameState,
    affected: list[tuple[TargetRef, int | None]],
    unmet: Callable[[GameObject, GameObject], str | None],
) -> tuple[list[tuple[TargetRef, int | None]], list[str]]:
    """The affected objects a condition checked as the effect happens keeps (CR 608.2c), seen
    with the effects that apply now, and ``unmet``'s note for each it doesn't (players are
    kept)."""
    kept: list[tuple[TargetRef, int | None]] = []
    notes: list[str] = []
    statics = statics_in_play(state)
    for ref, amount in affected:
        obj = state.objects.get(ref) if isinstance(ref, int) else None
        why = None if obj is None else unmet(obj, as_seen(state, obj, statics))
        if why is None:
            kept.append((ref, amount))
        else:
            notes.append(why)
    return kept, notes


_IF_ITS = remembered(
    re.compile(r"\bif it's (?P<what>white|blue|black|red|green|legendary|tapped)\b", re.IGNORECASE)
)


def _having(
    state: GameState, affected: list[tuple[TargetRef, int | None]], quality: str
) -> tuple[list[tuple[TargetRef, int | None]], list[str]]:
    """The affected objects that are ``quality`` (a colour, "legendary" or "tapped") now, with
    the effects that change colours applied, and a note for each that isn't (CR 608.2c)."""

    def unmet(obj: GameObject, seen: GameObject) -> str | None:
        if seen.tapped if quality == "tapped" else has_quality(seen, quality):
            return None
        now = (
            "untapped"
            if quality == "tapped"
            else " and ".join(sorted(seen.colors)) or "colorless"
            if quality in COLORS
            else "not legendary"
        )
        return (
            f"{obj.name} isn't {quality} ({now} now), so “if it's {quality}” isn't met and "
            "nothing happens to it (608.2c)"
        )

    return _meeting_now(state, affected, unmet)


_SACRIFICED_POWER = remembered(
    re.compile(
        r"\bdamage equal to the sacrificed (?:creature|artifact|permanent)'s power\b", re.IGNORECASE
    )
)


def _deal_equal_to(
    state: GameState,
    entry: StackEntry,
    receivers: list[tuple[TargetRef, int | None]],
    amount: int | None,
    whose: str = "",
) -> tuple[GameState, EffectReport]:
    """Damage "equal to" a number the effect reads (a power, a mana value: 608.2h), dealt to
    each receiver as any damage is, and the line that says so (``whose``: where it came from)."""
    dealt = max(0, amount or 0)
    state = _apply(state, entry, EffectPart(f"deals {dealt} damage"), receivers)
    names = tuple(state.label(ref) for ref, _ in receivers)
    said = ", ".join(f"{dealt} damage to {name}" for name in names) + whose
    return state, EffectReport(said, True, names)


_BITE = remembered(re.compile(r"\bdeals damage equal to its power to\b", re.IGNORECASE))
_SOURCE_DEALS_ITS_STAT = remembered(
    re.compile(
        r"^(?:this creature|this permanent|~) deals damage equal to its (?P<stat>power|toughness) "
        r"to target\b",
        re.IGNORECASE,
    )
)
# Balduvian Warlord: "Creatures it was blocking that hadn't become blocked by another creature
# this combat become unblocked, then it blocks an attacking creature of your choice."
_BECOME_UNBLOCKED = remembered(
    re.compile(
        r"^creatures it was blocking that hadn't become blocked by another creature this combat "
        r"become unblocked(?P<then>, then it blocks an attacking creature of your choice)?",
        re.IGNORECASE,
    )
)


def _unblock_then_block(
    before: GameState,
    state: GameState,
    affected: list[tuple[TargetRef, int | None]],
    blocks_again: bool,
) -> tuple[GameState, list[str], str]:
    """The attackers each creature in ``affected`` was blocking (as ``before`` shows, ahead of
    its removal from combat) become unblocked unless another creature blocks them (509.1h);
    then, with ``blocks_again``, it blocks an attacking creature its controller chooses: done
    when there is one it can block, else asked. The state, notes, and what is left to say."""
    notes: list[str] = []
    asked = ""
    for ref, _ in affected:
        was = before.objects.get(ref) if isinstance(ref, int) else None
        if was is None:
            continue
        for attacker_id in was.blocking_ids:
            attacker = state.objects.get(attacker_id)
            if attacker is None or not attacker.attacking:
                continue
            if [other for other in blockers_of(state, attacker_id) if other.id != ref]:
                notes.append(
                    f"{state.label(attacker_id)} stays blocked: another creature blocks it (509.1h)"
                )
                continue
            state = state.with_object(evolve(attacker, blocked=False))
            notes.append(
                f"{state.label(attacker_id)} becomes unblocked (509.1h), unless another "
                "creature blocked it earlier this combat (the card's ruling): say "
                f"“{attacker.name} is blocked.” if one did"
            )
        blocker = state.objects.get(ref) if isinstance(ref, int) else None
        if not blocks_again or blocker is None or blocker.zone is not Zone.BATTLEFIELD:
            continue
        choices = [
            obj.id
            for obj in state.zone_objects(Zone.BATTLEFIELD)
            if obj.attacking and obj.controller != blocker.controller and not obj.phased_out
        ]
        if len(choices) == 1 and cant_block_because(state, blocker.id, choices[0]) is None:
            # The only attacking creature, one nothing the bot sees keeps it from blocking.
            state, _ = block(state, [blocker.id], choices)
            notes.append(
                f"{state.label(blocker.id)} blocks {state.label(choices[0])}, the only attacking "
                "creature (509.1g)"
            )
        elif choices:
            asked = (
                f"{blocker.controller} chooses which attacking creature {blocker.name} blocks "
                f"({and_list(state.label(i) for i in choices)}): say “{blocker.name} is "
                "blocking …”"
            )
        else:
            notes.append(f"{state.label(blocker.id)} has no attacking creature to block")
    return state, notes, asked


# Warstorm Surge's "it deals damage equal to its power to any target", Terror of the Peaks's
# "this creature deals damage equal to that creature's power to any target": the creature that
# entered (``StackEntry.triggered_by``) deals the damage or lends its power.
# "it deals damage equal to its power" (Warstorm Surge), "this creature deals damage equal to
# that creature's power" (Terror of the Peaks): the triggering creature's power. Not "this
# creature deals damage equal to its power" (Brawl's granted ability): its own, as
# ``_SOURCE_DEALS_ITS_STAT`` reads it.
_ENTERED_DEALS_ITS_POWER = remembered(
    re.compile(
        r"^(?:(?P<who>it|that creature) deals damage equal to (?:its|that creature's) power|"
        r"(?:this creature|this permanent|~) deals damage equal to that creature's power) to\b",
        re.IGNORECASE,
    )
)


# What a trigger of an "enters" watcher says about the creature that entered
# (``StackEntry.triggered_by``): "it gets ...", "that creature gains ...", "... damage to it",
# "destroy it", "its controller loses 1 life", "... damage to that creature's controller", "put a
# +1/+1 counter on it" (The Great Henge, Good-Fortune Unicorn).
_ABOUT_THE_ENTERED = remembered(
    re.compile(
        r"^(?:(?P<subject>it|that creature) (?:gets|gains|perpetually)\b|"
        r"(?P<owner>its|that creature's) controller (?:loses|gains)\b|"
        r".*\bdamage to (?:(?P<object>it|that creature)|(?P<player>its|that creature's) "
        r"controller)\.?$|(?P<verb>destroy|exile|tap|untap) (?P<thing>it|that creature)\.?$|"
        r"put (?:a|an|one|two|three|\d+) [+-]1/[+-]1 counters? on (?:it|that creature)"
        r"(?: and draw a card)?\.?$)",
        re.IGNORECASE,
    )
)
_YOU_GAIN_ITS_STAT = remembered(
    re.compile(
        r"^you gain life equal to (?:its|that creature's) (?P<stat>power|toughness)\.?$",
        re.IGNORECASE,
    )
)


def _about_the_entered(
    state: GameState, entry: StackEntry, text: str
) -> list[tuple[TargetRef, int | None]] | None:
    """What an "enters" watcher's trigger part means by "it" or "that creature": the creature
    whose entering triggered it, while on the battlefield, or its controller as it last existed
    for "its controller" (608.2h); None for other parts or triggers."""
    if entry.triggered_by is None or (found := _ABOUT_THE_ENTERED.match(text.strip())) is None:
        return None
    subject = _as_it_is_or_was(state, entry.triggered_by)
    if subject is None:
        return None
    if found["owner"]:
        return [(subject.id, None)]  # "its controller ..." reads it as it last existed
    if found["player"]:
        return [(subject.controller, None)] if state.has_player(subject.controller) else None
    now = state.objects.get(entry.triggered_by)
    if now is None or now.zone is not Zone.BATTLEFIELD:
        return None  # it left: the part can't find it (400.7)
    return [(now.id, None)]


def _returned_as(after: GameState, before: GameState, ref: TargetRef) -> TargetRef:
    """``ref``, or the permanent the card ``ref`` became as this resolution returned it to the
    battlefield (a new object, CR 400.7: "Return target creature card ... When you do, it
    fights ...", Back for More)."""
    if not isinstance(ref, int) or ref in after.objects:
        return ref
    old = before.objects.get(ref)
    if old is None:
        return ref
    new = [
        obj.id
        for obj in after.zone_objects(Zone.BATTLEFIELD)
        if obj.id >= before.next_id and obj.name == old.name and obj.owner == old.owner
    ]
    return new[0] if len(new) == 1 else ref


def _as_it_is_or_was(state: GameState, object_id: int | None) -> GameObject | None:
    """``object_id`` as it is on the battlefield now, its continuous effects applied, or as it
    last existed there if it has left (608.2h); None if the bot never saw it."""
    if object_id is None:
        return None
    obj = state.objects.get(object_id)
    if obj is not None and obj.zone is Zone.BATTLEFIELD:
        return as_seen(state, obj)
    return state.last_known(object_id)


def _dealer_keywords(
    before: GameState,
    after: GameState,
    dealer: GameObject,
    receivers: list[tuple[TargetRef, int | None]],
    amount: int,
) -> tuple[GameState, list[str], list[str]]:
    """What the damage ``dealer`` dealt (``amount`` to each receiver, from ``before``) does
    besides, by its abilities: lifelink makes its controller gain that much life (702.15b),
    deathtouch destroys a creature dealt any of it (702.2b, 704.5h). The state, notes, rules."""
    notes: list[str] = []
    rules: list[str] = []
    dealt = {ref: before.dealt_after_shield(ref, amount)[1] for ref, _ in receivers}
    total = sum(dealt.values())
    if total and "lifelink" in dealer.keywords and after.has_player(dealer.controller):
        if (bar := life_gain_bar(after, dealer.controller)) is not None:
            notes.append(f"{dealer.controller} can't gain life ({bar}), so lifelink gains none")
            rules.extend(("101.2", "119.7"))
        else:
            after = _change_life(after, dealer.controller, total)
            notes.append(
                f"{dealer.controller} gains {total} life ({dealer.name}'s lifelink, 702.15b)"
            )
            rules.append("702.15b")
    if "deathtouch" not in dealer.keywords:
        return after, notes, rules
    for ref, hit in dealt.items():
        hurt = after.objects.get(ref) if isinstance(ref, int) and hit else None
        if hurt is None or hurt.zone is not Zone.BATTLEFIELD:
            continue
        if "creature" not in as_seen(after, hurt).card_types:
            continue
        rules.extend(("702.2b", "704.5h"))
        if "indestructible" in after.keywords_of(ref):
            notes.append(
                f"{after.label(ref)} was dealt damage by a source with deathtouch, but it has "
                "indestructible, so it isn't destroyed (704.5h, 702.12b)"
            )
            continue
        label = after.label(ref)
        # CR 701.19a: a regeneration shield replaces the destruction.
        if saved := regenerated_instead(
            after, hurt.id, "by damage from a source with deathtouch (704.5h)"
        ):
            after, said = saved
            notes.append(said)
            rules.extend(REGENERATION_RULES)
            continue
        after, _ = after.move(hurt.id, Zone.GRAVEYARD, "was destroyed")
        notes.append(
            f"{label} is destroyed: any damage from a source with deathtouch is lethal "
            f"({dealer.name}'s deathtouch, 704.5h)"
        )
    return after, notes, rules


_TRAMPLE_EXCESS = remembered(
    re.compile(r"^if the creature you control has trample, excess damage is dealt", re.IGNORECASE)
)


def _bite(
    state: GameState,
    source: TargetRef,
    victim: TargetRef,
    *,
    trample_excess: bool = False,
) -> tuple[GameState, str, str, list[str]]:
    """``source`` deals damage equal to its power to ``victim`` (a creature or a player):
    the source's own damage, dealt as any damage it deals is (``damage_from``: protection,
    deathtouch, lifelink, infect); "" when either is gone.  With ``trample_excess`` (Ram
    Through: "If the creature you control has trample, excess damage is dealt to that
    creature's controller instead"), a trampler deals the victim lethal damage and its
    controller the rest (CR 702.19c's lethal damage, 702.2c with deathtouch); the third value
    says what became of the excess, the fourth the rules behind the line."""
    no_excess = "no damage was dealt, so there is no excess (608.2b)"
    biter = state.objects.get(source) if isinstance(source, int) else None
    if biter is None or biter.zone is not Zone.BATTLEFIELD:
        return state, "", no_excess, []
    target: GameObject | None = None
    if isinstance(victim, str):
        if not state.has_player(victim):
            return state, "", no_excess, []
    else:
        target = state.objects.get(victim)
        if target is None or target.zone is not Zone.BATTLEFIELD:
            return state, "", no_excess, []
    seen = as_seen(state, biter)
    power = max(0, seen.current_power or 0)
    excess, excess_why = 0, f"{biter.name} doesn't have trample"
    if "trample" in seen.keywords and target is not None:
        toughness = as_seen(state, target).current_toughness or 0
        lethal = max(0, toughness - target.damage)
        if "deathtouch" in seen.keywords:
            lethal = min(lethal, 1)
        excess = max(0, power - lethal)
        excess_why = "excess damage: none" if not excess else ""
    dealt = power - excess
    said = f"{biter.name} deals {dealt} damage to {state.label(victim)}"
    hits = [(victim, dealt)]
    if excess and target is not None and state.has_player(target.controller):
        hits.append((target.controller, excess))
        said += f" and {excess} excess damage to {target.controller}"
        excess_why = f"excess damage: {excess} to {target.controller}"
    state, notes, rules = _deal_at_once(state, [(seen, ref, amount) for ref, amount in hits])
    said += "".join(f"; {note}" for note in notes)
    return state, said, excess_why if trample_excess else "", rules


def _deal_at_once(
    state: GameState, damages: Sequence[tuple[GameObject, TargetRef, int]]
) -> tuple[GameState, list[str], list[str]]:
    """Each (source, receiver, amount) damage of one event, dealt at once (a fight's two,
    CR 701.14a; a bite and its trample excess): each through ``damage_from``, the sources'
    keywords read before any of it is dealt, then the creatures dealt damage by a source with
    deathtouch are destroyed (704.5h).  The state, the notes and the rules."""
    keywords = [source_keywords(state, source) for source, _, _ in damages]
    notes: list[str] = []
    rules: list[str] = []
    deathtouched: list[int] = []
    for (source, receiver, amount), its_keywords in zip(damages, keywords, strict=True):
        done = damage_from(state, source, receiver, amount, its_keywords)
        state = done.state
        notes.extend(done.notes)
        rules.extend(done.rules)
        if done.deathtouched and isinstance(receiver, int):
            deathtouched.append(receiver)
    state, destroyed, deathtouch_rules = deathtouch_destroys(state, deathtouched)
    return state, [*notes, *destroyed], [*rules, *deathtouch_rules]


def _fight(
    state: GameState, first: TargetRef, second: TargetRef
) -> tuple[GameState, str, list[str]]:
    """Two creatures fight (CR 701.14a: each deals damage equal to its power to the other,
    dealt as any damage it deals is); returns the state, what happened and the rules, or ""
    when one isn't a creature on the battlefield (no damage is dealt, 701.14b)."""
    one = state.objects.get(first) if isinstance(first, int) else None
    two = state.objects.get(second) if isinstance(second, int) else None
    if one is None or two is None or one.zone is not Zone.BATTLEFIELD:
        return state, "", []
    if two.zone is not Zone.BATTLEFIELD or one.id == two.id:
        return state, "", []
    statics = statics_in_play(state)
    seen_one, seen_two = as_seen(state, one, statics), as_seen(state, two, statics)
    power_one = max(0, seen_one.current_power or 0)
    power_two = max(0, seen_two.current_power or 0)
    state, notes, rules = _deal_at_once(
        state, [(seen_one, two.id, power_one), (seen_two, one.id, power_two)]
    )
    said = (
        f"{one.name} and {two.name} fight: {power_one} damage to {two.name}, {power_two} "
        f"damage to {one.name}"
    )
    return state, said + "".join(f"; {note}" for note in notes), rules


_SAME_NAME = remembered(
    re.compile(
        r"\b(?:all|each) other creatures?( its controller controls)? with the same name as that "
        r"creature\b",
        re.IGNORECASE,
    )
)
_EACH_OF_TARGET_PLAYER = remembered(
    re.compile(
        # "each creature target player controls" (Aggravate), "all attacking creatures
        # target player controls" (Settle the Wreckage).
        r"\b(?:each|all) (?:(?P<status>attacking|blocking|tapped|untapped|nonland) )?"
        r"(?P<kind>creature|artifact|land|planeswalker|enchantment|permanent)s? target "
        r"(?:player|opponent) controls\b",
        re.IGNORECASE,
    )
)


def _each_of_target_player(text: str) -> str:
    """The card type in "each creature target player controls" (with its status word,
    "attacking creature"), or "" when the text says no such thing."""
    match = _EACH_OF_TARGET_PLAYER.search(text)
    if match is None:
        return ""
    return " ".join(word.lower() for word in (match["status"], match["kind"]) if word)


def _described_by(obj: GameObject, kind: str) -> bool:
    """Whether a permanent is what ``_each_of_target_player`` named ("attacking creature")."""
    *status, card_type = kind.split()
    if card_type != "permanent" and card_type not in obj.card_types:
        return False
    return all(
        {
            "attacking": obj.attacking,
            "blocking": obj.blocking,
            "tapped": obj.tapped,
            "untapped": not obj.tapped,
            "nonland": "land" not in obj.card_types,
        }[word]
        for word in status
    )


# A sentence of its own whose only damage goes to the controller of the target an earlier
# sentence named (Consign to the Pit, Unlicensed Disintegration, Burn the Impure).
_DAMAGE_TO_ITS_CONTROLLER = remembered(
    re.compile(
        r"^(?:if [^,]+, )?[^,]*?\bdeals (?:\d+|x) damage to (?:that creature's|that permanent's|its) "
        r"controller\.?$",
        re.IGNORECASE,
    )
)


def _controller_of(state: GameState, ref: int) -> str | None:
    found = state.objects.get(ref)
    return found.controller if found is not None else None


def _named_player(state: GameState, text: str) -> str | None:
    """The player a slotless "deals N damage to PLAYER" effect names, if any."""
    match = re.search(r"damage to (\w+)\.?$", text)
    if match and state.has_player(match.group(1)):
        return match.group(1)
    return None


_CONTROLLER_OF_TARGET = remembered(
    re.compile(
        r"^(?:its|their|that (?:creature|permanent|artifact|enchantment|land|planeswalker)'s) "
        r"controllers?\b",
        re.IGNORECASE,
    )
)


# "Its owner gains 4 life" (Path of Peace, Misfortune's Gain): the target's owner (CR 108.3).
_OWNER_OF_TARGET = remembered(
    re.compile(r"^(?:its|that (?:creature|permanent|card)'s) owner\b", re.IGNORECASE)
)


def _top_or_bottom_note(
    state: GameState, affected: list[tuple[TargetRef, int | None]], on_top: bool | None
) -> str:
    """Where Aether Gust's "on their choice of the top or bottom of their library" put each
    object: the owner's choice as it resolves (CR 608.2d), said in the statement or asked for.
    The bot keeps no library order, so either way it is a new object in the library (400.7)."""
    moved = and_list(
        state.label(ref)
        for ref, _ in affected
        if isinstance(ref, int)
        and not (state.obj(ref).zone is Zone.STACK and _stays_off_library(state, ref))
    )
    if not moved:
        return (
            "it never reaches the library: a copy of a spell ceases to exist (707.10a), a "
            "flashback card is exiled instead (702.34a)"
        )
    if on_top is not None:
        return (
            f"{moved} goes on the {'top' if on_top else 'bottom'} of its owner's library, as "
            "said: a new object there (400.7)"
        )
    return (
        f"{moved} goes into its owner's library, a new object there (400.7); its owner chooses "
        "the top or the bottom as it resolves (608.2d), which wasn't said and the bot doesn't "
        "keep the library's order: say “… resolves and it goes on the bottom.” if it matters"
    )


def _stays_off_library(state: GameState, ref: int) -> bool:
    """Whether the spell ``ref`` never reaches its owner's library when put there: a copy
    ceases to exist (707.10a), a flashback or jump-start card is exiled (702.34a, 702.133a)."""
    leaving = state.entry(ref)
    return leaving.is_copy or leaving.flashback or leaving.jump_start


def _controllers_named(
    state: GameState, text: str, affected: list[tuple[TargetRef, int | None]]
) -> list[tuple[TargetRef, int | None]]:
    """ "Its controller creates a 3/3 Beast" (Beast Within) happens to the target's controller,
    as it last existed if it has left (CR 608.2h), not to the target itself; "Its owner gains
    4 life" (Path of Peace) to its owner."""
    objects_only = all(isinstance(ref, int) for ref, _ in affected)
    owner = objects_only and _OWNER_OF_TARGET.match(text) is not None
    if not (
        owner
        or _CONTROLLER_OF_TARGET.search(text)
        # "That player investigates ..." after "its controller" (Declaration in Stone).
        or (objects_only and _THAT_PLAYER.match(text))
    ):
        return []
    players: list[tuple[TargetRef, int | None]] = []
    for ref, _ in affected:
        known = state.last_known(ref) if isinstance(ref, int) else None
        player = (known.owner if owner else known.controller) if known is not None else None
        if player is not None and all(player != seen for seen, _ in players):
            players.append((player, None))
    return players


def _phrase(
    text: str, entry: StackEntry, affected: list[tuple[TargetRef, int | None]], state: GameState
) -> str:
    """ "2 damage to Llanowar Elves" rather than the raw Oracle sentence, when possible."""
    if entry.x is not None and not _X_DEFINED_BY_TEXT_SEEN.search(text):
        # CR 107.3a: X is the value announced for it ("Each opponent loses 3 life" for
        # Exsanguinate with X=3, not "loses X life": QA 33 M4).
        text = re.sub(r"\bX\b", str(entry.x), text)
    if not affected:
        return text.rstrip(".")
    damage = _DAMAGE.search(text)
    if damage and text.lower().startswith("prevent"):
        # A prevention shield, not damage (CR 615.7).
        names = ", ".join(state.label(ref) for ref, _ in affected)
        return f"a shield prevents the next {damage.group(0)} that would be dealt to {names}"
    if damage:
        base = damage.group(1)
        amount_text = str(entry.x) if base.lower() == "x" and entry.x is not None else base
        pieces = [
            f"{amount if amount is not None else amount_text} damage to {state.label(ref)}"
            for ref, amount in affected
        ]
        return ", ".join(pieces)
    gains = _TARGET_GAINS_LIFE.match(text)
    if gains and all(isinstance(ref, str) for ref, _ in affected):
        # "Target opponent gains 5 life" (Fiery Justice): life gain, not damage (CR 119.3).
        amount = _amount(gains.group(1), entry)
        return ", ".join(f"{state.label(ref)} gains {amount} life" for ref, _ in affected)
    names = ", ".join(state.label(ref) for ref, _ in affected)
    return f"{text.rstrip('.')} → {names}"


_TARGET_GAINS_LIFE = remembered(
    re.compile(r"target (?:player|opponent) gains (\d+|x) life\.?$", re.I)
)


@dataclass
class _Outcome:
    """What applying one part leaves to say: notes for the answer, and why a part that
    happens isn't applied to the board (a choice the user states next), if it isn't."""

    notes: list[str] = field(default_factory=list)
    untracked: str = ""
    rules: list[str] = field(default_factory=list)
    # The state before the spell began resolving: last known information (608.2h).
    before: GameState | None = None
    # Applied, and there was nothing to change (a player with nothing to sacrifice).
    nothing_to_do: bool = False
    # Why a "can't" stopped the part for a player (Sigarda, Host of Herons: CR 101.2): the
    # part doesn't happen unless it did something for someone else.
    prevented: str = ""


# Trickbind's rider: "If a permanent's ability is countered this way,
# activated abilities of that permanent can't be activated this turn."
_LOCKS_ACTIVATION = remembered(
    re.compile(r"activated abilities of that permanent can't be activated this turn", re.IGNORECASE)
)


def _lock_activations(state: GameState, affected: list[tuple[TargetRef, int | None]]) -> GameState:
    """The countered abilities' sources, if they are still the same permanents, can't have
    their activated abilities activated this turn, mana abilities included (Trickbind ruling
    2006-09-25)."""
    for ref, _ in affected:
        ability = state.last_known(ref) if isinstance(ref, int) else None
        source = (
            state.objects.get(ability.source_id)
            if ability is not None and ability.source_id is not None
            else None
        )
        if source is not None and source.zone is Zone.BATTLEFIELD:
            state = state.with_activation_locked(source.id)
    return state


_COUNTERED_THIS_WAY = remembered(
    re.compile(r"\bif (?:that|the) spell is countered this way, (?P<what>[^.]*?) instead\b", re.I)
)


def _countered_this_way(
    before: GameState,
    after: GameState,
    affected: Sequence[tuple[TargetRef, int | None]],
    by: GameObject | None,
) -> tuple[list[tuple[TargetRef, int | None]], str]:
    """For "If that spell is countered this way, put it ... instead": the spells it put there
    (those the part before countered: CR 614.1a, 701.6a), and what happened to the others."""
    done: list[tuple[TargetRef, int | None]] = []
    instead: list[str] = []
    for ref, amount in affected:
        if not isinstance(ref, int):
            continue
        name = before.label(ref)
        countered = before.stack_entry_or_none(ref)
        if countered is None or ref not in after.departures:
            stays = uncounterable_because(after, ref, by=by)
            how = f"it {stays} (101.2)" if stays else ""
            instead.append(f"{name} wasn't countered: {how}" if how else f"{name} wasn't countered")
        elif countered.is_copy:
            instead.append(f"{name} is a copy, so it ceased to exist (707.10a)")
        elif countered.flashback or countered.jump_start:
            rule = "702.34a" if countered.flashback else "702.133a"
            way = "flashback" if countered.flashback else "jump-start"
            instead.append(f"{name} was cast with {way}, so it is exiled instead ({rule})")
        else:
            done.append((ref, amount))
    return done, "; ".join(instead)


def _countered_destination(text: str) -> tuple[Zone, str] | None:
    """Where "If that spell is countered this way, ... instead" puts the countered card, with
    the words that say so; None when the ability has no such rider (it goes to the graveyard)."""
    rider = _COUNTERED_THIS_WAY.search(text)
    if rider is None:
        return None
    what = rider["what"].lower()
    if "hand" in what:
        return Zone.HAND, "was put into its owner's hand"
    if "library" in what:
        return Zone.LIBRARY, "was put into its owner's library"
    if what.startswith("exile"):
        return Zone.EXILE, "was exiled"
    return None


def _apply(
    state: GameState,
    entry: StackEntry,
    part: EffectPart,
    affected: list[tuple[TargetRef, int | None]],
    outcome: _Outcome | None = None,
) -> GameState:
    text = part.text.lower()
    outcome = outcome if outcome is not None else _Outcome()
    if reflexive := REFLEXIVE_PART.match(part.text):
        # CR 603.12: the reflexive trigger goes on the stack as the spell finishes resolving
        # and, with no player acting in between in a scenario, resolves: what it does is
        # applied here, to its target as it is now (603.3d, 608.2b).
        outcome.rules.append("603.12")
        done = EffectPart(part.text[reflexive.end() :], part.slot_indexes)
        return _apply(state, entry, done, affected, outcome)
    if entry.spec.keyword == DELAYED_DEATH and (returning := _RETURN_IT.match(text)):
        # Earthbend's "return it to the battlefield tapped under your control" (701.66a): the
        # card the land became where it went (its graveyard or exile), if it is still there.
        return _return_the_watched(state, entry, returning, outcome)
    if every := _EVERY_CREATURE_EXILED_IF_IT_DIES.match(text):
        return _exile_deaths_this_turn(state, entry, bool(every["theirs"]), outcome)
    if _AT_NEXT_STEP.match(text) or _RETURN_AT_NEXT_STEP.match(text):
        # Otherworldly Journey, Flicker of Fate's kin: "At the beginning of the next end step,
        # return that card ...", or Flickerwisp's, Mistmeadow Witch's, Turn to Mist's "Return
        # that card to the battlefield ... at the beginning of the next end step": a delayed
        # triggered ability (CR 603.7a) that
        # does nothing now.
        # The bot keeps no turns, so it never triggers: the card stays where it went.
        last = (
            state.last_known(affected[0][0])
            if affected and isinstance(affected[0][0], int)
            else None
        )
        example = ""
        if last is not None:
            example = f" (e.g. “{last.name} returns to the battlefield.”"
            if counter := re.search(r"with an? ([+-]\d+/[+-]\d+) counter", text):
                # Otherworldly Journey's "with a +1/+1 counter on it" (QA 28 W2).
                example += f" then “{last.name} has a {counter.group(1)} counter.”"
            example += ")"
        outcome.untracked = (
            "it sets up a delayed triggered ability (603.7a) for a later step, which the bot "
            "keeps no turn for: until then the card stays where it is; say what happens then "
            f"with a statement{example}"
        )
        outcome.rules.append("603.7a")
        return state
    if _COUNTERED_THIS_WAY.match(text) and _countered_destination(text) is not None:
        # Done as the spell was countered ("counter target spell" above): the rider says where
        # it went instead of the graveyard.
        outcome.nothing_to_do = True
        return state
    if text.startswith("prevent"):
        return _prevent(state, entry, text, affected, outcome)
    if regenerates(text):
        return _regenerate(state, entry, text, affected, outcome)
    if bars_regeneration_this_turn(text) and affected:
        # Incinerate: "A creature dealt damage this way can't be regenerated this turn."
        # (701.19c), kept until a later turn.
        for ref, _ in affected:
            if isinstance(ref, int) and ref in state.objects:
                state = with_regeneration_barred(state, ref)
        return state
    if found := _REDIRECT_FROM_TARGET.match(text):
        return _redirect(state, entry, found, affected, outcome)
    if _LOCKS_ACTIVATION.search(text):
        return _lock_activations(state, affected)
    if (
        (life := _YOU_LIFE_THEN_CREATE.match(text))
        and not affected
        and state.has_player(entry.controller)
    ):
        # "you lose 1 life and create a Treasure token" (Namazu Trader): the life first, then
        # the tokens below (CR 119.3, 608.2c).
        life_change = _amount(life["n"], entry) * (1 if life["how"] == "gain" else -1)
        state = _change_life(state, entry.controller, life_change, outcome)
    if state.has_player(entry.controller) and (amassed := amass(state, entry.controller, text)):
        # "Then amass Orcs 1" (Orcish Bowmasters): CR 701.47a.
        outcome.notes.append(amassed.said)
        outcome.rules.append(AMASS_RULE)
        if not amassed.chosen:
            outcome.untracked = amassed.said
        return amassed.state
    if (made := _CREATES_PREDEFINED.search(text)) and (
        predefined := predefined_token("Clue" if made["investigates"] else made["name"])
    ):
        # "Its controller creates two Treasure tokens" (An Offer You Can't Refuse), "Its
        # controller investigates" (Fateful Absence; 701.16a: create a Clue token): 111.10.
        return _create_predefined(state, entry, text, made, predefined, affected, outcome)
    if entry.x is not None and _CREATE_X.search(text):
        # Martial Coup: "Create X 1/1 white Soldier creature tokens": the X chosen (107.3).
        text = _CREATE_X.sub(f"create {entry.x} ", text)
    if POPULATE.match(text) and state.has_player(entry.controller):
        return _populate(state, entry.controller, outcome)
    if made := _CREATES.search(text):
        state = _create_tokens(state, entry, text, made, affected, outcome)
        if THEN_POPULATE.search(text) and state.has_player(entry.controller):
            # Eyes in the Skies: "Create a 1/1 white Bird ... token with flying, then
            # populate": the new Bird is among the tokens to copy (608.2c).
            state = _populate(state, entry.controller, outcome)
        if (life := _CREATE_THEN_YOU_LIFE.search(text)) and state.has_player(entry.controller):
            # "Create three tapped 2/2 black Zombie creature tokens and you gain 3 life" (From
            # Under the Floorboards, Omen of the Sun): the tokens, then the life (608.2c).
            life_change = _amount(life["n"], entry) * (1 if life["how"] == "gain" else -1)
            state = _change_life(state, entry.controller, life_change, outcome)
        return state
    loss = _LOSES_LIFE.search(text)
    gain = None if loss else _GAINS_LIFE.search(text)
    if _DOUBLE_LIFE.match(text):
        # "Double target player's life total" (Beacon of Immortality): the player gains or loses
        # life so that it becomes twice its current value (CR 701.10d).
        players = [ref for ref, _ in affected if isinstance(ref, str)] or (
            [entry.controller] if text.startswith("double your") else []
        )
        for name in players:
            if state.has_player(name):
                state = _change_life(state, name, state.player(name).life, outcome)
        return state
    owner = _OWNER_OF_TARGET.match(text)
    if affected and (owner or _CONTROLLER_OF_TARGET.match(text)) and (loss or gain):
        # "Its controller loses 2 life" (Countersquall), "Its controller gains 3 life" (Oust):
        # the controller of the target as it last existed, even once countered or gone (CR
        # 608.2h); it happens even if the spell couldn't be countered (Abrupt Decay ruling
        # 2021-03-19). "Its owner gains 4 life" (Path of Peace): its owner.
        delta = -_amount(loss.group(1), entry) if loss else int(gain.group(1)) if gain else 0
        for ref, _ in affected:
            last = state.last_known(ref) if isinstance(ref, int) else None
            player = (last.owner if owner else last.controller) if last is not None else None
            if player is not None and state.has_player(player):
                state = _change_life(state, player, delta, outcome)
        return state
    if not affected and (losing := _EACH_LOSES_LIFE.search(text)):
        # "Each opponent loses 3 life" (Siege Rhino), no target (115.10).
        word = losing.group(2)
        lost = 2 * (entry.x or 0) if word == "two times x" else _amount(word, entry)
        for name in state.player_names:
            reached = losing.group(1) == "player" or name.lower() != entry.controller.lower()
            if reached and not state.player(name).left_game:
                # Torment of Hailfire: its process is repeated X times (its ruling).
                times = _repetitions(entry, text)
                if _UNLESS_THEY.search(text) and not _unless_forced(
                    state, name, entry, text, outcome
                ):
                    if times > 1:
                        outcome.untracked += f", each of the {times} times"
                    continue  # "... unless that player sacrifices ...": their choice
                state = _change_life(state, name, -lost * times)
        if (gain := _LIFE.search(text)) and state.has_player(entry.controller):
            state = _change_life(state, entry.controller, int(gain.group(1)), outcome)
        return state
    if not affected and (each_gain := _EACH_GAINS_LIFE.match(text)):
        # "Each player gains 3 life" (Fall to Earth), no target (115.10, 119.3).
        life_gained = _amount(each_gain.group(2), entry)
        for name in state.player_names:
            reached = each_gain.group(1) == "player" or name.lower() != entry.controller.lower()
            if reached and not state.player(name).left_game:
                state = _change_life(state, name, life_gained, outcome)
        return state
    if (
        not affected
        and _YOU_SACRIFICE.match(text)
        and state.has_player(entry.controller)
        and entry.source_id is not None
    ):
        # Korvold, Fae-Cursed King's trigger: "Sacrifice another permanent." Its controller
        # chooses (701.21a); a forced choice is carried out.
        return _player_sacrifices(state, entry.controller, entry, text, outcome)
    if not affected and (each := _EACH_SACRIFICES.match(text)):
        # "Each opponent sacrifices a creature ..." (Crackling Doom): no target (115.10).
        for name in state.players_in_game:
            if each.group(1) == "player" or name.lower() != entry.controller.lower():
                state = _player_sacrifices(state, name, entry, text, outcome)
        return state
    if (whose := _EXILES_GRAVEYARD.match(text)) is not None and (
        owners := _graveyard_owners(state, entry, whose["whose"].lower(), affected)
    ):
        # "Exile target player's graveyard." (Bojuka Bog), "exile its controller's graveyard"
        # (Burn Away's delayed trigger: the dead creature's controller, 608.2h), "Exile all
        # graveyards.": every card there, each a new object in exile (400.7).
        for name in owners:
            for card in [o for o in state.zone_objects(Zone.GRAVEYARD) if o.owner == name]:
                state, _ = state.move(card.id, Zone.EXILE, "was exiled")
        return state
    if not affected and _exiles_itself(text, entry.name):
        return state  # the spell goes to exile as it leaves the stack (_leave_stack)
    if not affected and (given := group_grants_quoted(state, entry.controller, part.text)):
        # Brawl: "Until end of turn, all creatures gain "{T}: ..."" (113.1a, 611.2c).
        return given
    if not affected and (granted := group_grants(state, entry.controller, text)) is not None:
        # Heroic Intervention, Veil of Summer, Teferi's Protection: no target (115.10).
        if "life total can't change" in text:
            outcome.notes.append(
                f"“{entry.controller}'s life total can't change” isn't applied by the bot: "
                "say what their life is if it matters"
            )
        return granted
    if not affected and entry.source_id is not None and _ANIMATE.search(text):
        # "This land becomes a 2/2 creature" (Mutavault): the ability's own source.
        source = state.objects.get(entry.source_id)
        if source is not None and source.zone is Zone.BATTLEFIELD:
            return state.with_object(_animated(source, text, state.next_id))
    if not affected:
        life = _LIFE.search(text)
        if life and state.has_player(entry.controller):
            state = _change_life(state, entry.controller, int(life.group(1)), outcome)
        if (named := _NAMED_PLAYER_LOSES.match(part.text)) and state.has_player(named["who"]):
            # Massacre Wurm's "that player loses 2 life", put on the stack with the player
            # named (``death_watch_triggers``, 608.2h).
            state = _change_life(state, named["who"], -int(named["n"]))
        you_lose = _YOU_LOSE.search(text)
        if you_lose and state.has_player(entry.controller):
            # "Destroy target creature. You lose 2 life." (Infernal Grasp, Anguished
            # Unmaking): a sentence of its own, so it happens once the spell resolves (119.3;
            # QA 35 W8: it was ticked but not applied).
            state = _change_life(state, entry.controller, -_amount(you_lose.group(1), entry))
        state = with_spells_protected(state, entry.controller, text)
        state = with_life_gain_barred(state, entry.controller, text)
        if _DAMAGE_UNPREVENTABLE_THIS_TURN.search(text):
            # Skullcrack, Stomp: until the turn ends, no damage is prevented (CR 615.12).
            state = evolve(state, damage_unpreventable=entry.name)
        shielded = _SHIELDS_YOUR_CREATURES.search(text)
        if shielded:
            # Autumn's Veil: the creatures its controller controls now (a creature arriving
            # later isn't covered here: the bot keeps no turn).
            restriction = parse_restriction(shielded.group(1), entry.controller)
            for creature in state.zone_objects(Zone.BATTLEFIELD):
                if creature.controller == entry.controller and "creature" in creature.card_types:
                    state = state.with_restriction(creature.id, restriction)
        return state
    abilities = [
        known
        for ref, _ in affected
        if isinstance(ref, int)
        and (known := state.last_known(ref)) is not None
        and known.source_id is not None
    ]
    if abilities and _THAT_PERMANENT_LOSES_ALL.search(text):
        # Tishana's Tidebinder: "that permanent loses all abilities for as long as this
        # creature remains on the battlefield": the countered ability's source (613.1f); the
        # bot keeps it so while the game goes on.
        for ability in abilities:
            source = state.objects.get(ability.source_id) if ability.source_id else None
            if source is not None and source.zone is Zone.BATTLEFIELD:
                state = state.with_object(_stripped(source, text, state.next_id))
        return state
    if _ATTACH_TARGET_TO_TARGET.match(text):
        # "Attach target Equipment you control to target creature you control" (Brass Squire,
        # CR 701.3a): both targets still legal, the first moves onto the second; with either
        # gone, nothing moves (608.2b: an illegal target isn't affected).
        moved = [ref for ref, _ in affected if isinstance(ref, int) and ref in state.objects]
        if len(moved) == 2 and state.objects[moved[0]].zone is Zone.BATTLEFIELD:
            return _attach(state, moved[0], moved[1])
        return state
    # "Destroy all creatures" destroys them at once: which are indestructible is read before
    # any leaves (a creature granting indestructible to others doesn't take it away midway,
    # 702.12b).
    unbreakable = {
        ref
        for ref, _ in affected
        if isinstance(ref, int)
        and ref in state.objects
        and "indestructible" in state.keywords_of(ref)
    }
    for ref, amount in affected:
        if isinstance(ref, str):
            # "Target player gains 3 life", not "you gain 3 life" (its controller: see
            # ``_controller_clauses``).
            gains = _TARGET_PLAYER_GAINS.search(text)
            if gains and state.has_player(ref):
                state = _change_life(state, ref, int(gains.group(1)), outcome)
                continue
            if not state.has_player(ref):
                continue
            if unless_they := _UNLESS_THEY.search(text):
                # "... to target opponent unless that player sacrifices a creature" (Demanding
                # Dragon): one or the other, never both (118.12).
                if not _unless_forced(state, ref, entry, text, outcome):
                    continue
                text = text[: unless_they.start()]
            damage = _DAMAGE.search(text)
            if damage:
                n = amount if amount is not None else _amount(damage.group(1), entry)
                if (source := _permanent_dealing(state, entry)) is not None:
                    state = _dealt_by_permanent(state, source, ref, n, outcome)
                else:
                    state, n = _shielded(state, ref, n, outcome)
                    state = _change_life(state, ref, -n)  # CR 120.3a
            if loss := _TARGET_LOSES_LIFE.search(text):
                # "Target player draws two cards and loses 2 life" (Sign in Blood, 119.3).
                state = _change_life(state, ref, -_amount(loss.group(1), entry))
            if _SACRIFICE_WORD.search(text):
                # "Target player sacrifices a creature" (Diabolic Edict, 701.21a).
                state = _player_sacrifices(state, ref, entry, text, outcome)
            if discarding := _TARGET_DISCARDS.search(text):
                # "Target player discards two cards." (Mind Rot, 701.9a; QA 50 W9).
                state = _player_discards(state, ref, discarding, entry, outcome)
            continue
        if _YOU_LOSE_ITS_MANA_VALUE.search(text):
            continue  # the life is lost in ``_controller_clauses``
        obj = state.objects.get(ref)
        if (
            obj is None
            and _RETURN_TO_BATTLEFIELD.search(text)
            and not _SEARCHES.search(_text_so_far(entry, text))
        ):
            # Flicker (Cloudshift, Ephemerate): "return that card" finds the card the same
            # effect just exiled, though it is a new object (CR 400.7, 610.3).  A searched
            # card put onto the battlefield (Path to Exile's basic land) is another card.
            departure = state.departures.get(ref)
            if departure is not None and departure.new_id is not None:
                ref, obj = departure.new_id, state.objects.get(departure.new_id)
        if obj is None and (stat := _LIFE_EQUAL_TO_STAT.search(text)):
            state = _gain_life_from_last_known(state, ref, stat.group(1), outcome.before)
            continue
        if obj is None:
            continue
        if _GAINS_FLASHBACK.search(text) and obj.zone is Zone.GRAVEYARD:
            # Snapcaster Mage: the card gains flashback (CR 702.34a), so it may be cast from
            # the graveyard "with flashback" and is exiled as it leaves the stack. The bot
            # keeps no turn, so "until end of turn" lasts while the card stays there.
            state = state.with_object(gaining(obj, {FLASHBACK}, state.next_id))
            continue
        if (
            (removed := _REMOVE_UP_TO_COUNTERS.search(text))
            and obj.zone is Zone.BATTLEFIELD
            and obj.loyalty is None  # (loyalty is kept apart from counters: said untracked)
            and removed.group(1).lower() != "x"
        ):
            # Heartless Act: "Remove up to three counters from target creature" (QA 31 M2): the
            # caster chooses how many; the bot removes as many as it may, and says so.
            most = _count_word(removed.group(1), entry)
            counters = dict(obj.counters)
            taken = 0
            for kind in list(counters):
                while counters[kind] > 0 and taken < most:
                    counters[kind] -= 1
                    taken += 1
            state = state.with_object(
                evolve(obj, counters={k: n for k, n in counters.items() if n > 0})
            )
            outcome.notes.append(
                f"{counted(taken, 'counter')} removed from {obj.name}, as many as it allows "
                f"(up to {most}): if fewer were chosen, say how many it still has"
            )
            continue
        if (placed := _PUT_COUNTERS.search(text)) and obj.zone is Zone.BATTLEFIELD:
            # "Put a +1/+1 counter on each of up to two target creatures" (Travel
            # Preparations); a divided "distribute" gives each its own amount (601.2d).
            number = amount if amount is not None else _count_word(placed.group(1), entry)
            kind = placed.group(2)
            counters = dict(obj.counters)
            counters[kind] = counters.get(kind, 0) + number
            state = state.with_object(evolve(obj, counters=counters))
            continue
        boost = _BOOST.search(text)
        if boost and (
            (obj.power is not None and obj.toughness is not None) or obj.zone is Zone.BATTLEFIELD
        ):
            # Layer 7c (CR 613.4c): "gets +3/+3 until end of turn" changes what later target
            # restrictions see ("power 4 or greater"), until "It is a later turn." (514.2).
            power, toughness = int(boost.group(1)), int(boost.group(2))
            if lasts_this_turn(text):
                state = pumped_this_turn(state, ref, power, toughness)
            else:
                state = state.with_object(pumped(obj, power, toughness))
            obj = state.obj(ref)
        if _PHASES_OUT.search(text) and obj.zone is Zone.BATTLEFIELD:
            # "Put a +1/+1 counter on target creature. It phases out" (Slip Out the Back): it
            # is treated as though it doesn't exist (702.26b), so spells targeting it lose
            # that target (QA 35 W3: it was ticked but not applied).
            if not obj.phased_out:
                state = state.with_phased(ref, out=True)
            continue
        if _ATTACH_THIS.search(text) and obj.zone is Zone.BATTLEFIELD:
            # Equip (CR 702.6a): "Attach this permanent to target creature you control."
            state = _attach(state, entry.source_id, ref)
            continue
        if _LOSES_ALL_ABILITIES.search(text) and obj.zone is Zone.BATTLEFIELD:
            state = state.with_object(_stripped(obj, text, state.next_id))
            continue
        if _ANIMATE.search(text) and obj.zone is Zone.BATTLEFIELD:
            state = state.with_object(_animated(obj, text, state.next_id))
            continue
        if _TURN_FACE_DOWN.search(text) and obj.zone is Zone.BATTLEFIELD:
            # Backslide: a face-down 2/2 with no text (708.2a); already face down, nothing
            # happens (708.2b).
            if not obj.face_down:
                state = state.with_object(turned_face_down(obj))
                outcome.notes.append(
                    f"{obj.name} is face down: a 2/2 creature with no text, name, subtypes or "
                    "mana cost (708.2a)"
                )
                outcome.rules.append("708.2a")
            continue
        if (painted := _BECOMES_COLOUR.search(text)) and obj.zone in (Zone.BATTLEFIELD, Zone.STACK):
            # CR 105.3: "Target creature becomes blue until end of turn" (Cerulean Wisps), or
            # the colour chosen as it resolves (Distorting Lens, 608.2d); the new colour
            # replaces the old ones (layer 5, 613.1e). The bot keeps no turn, so it lasts.
            colours = re.findall(r"white|blue|black|red|green", painted["colours"])
            obj = evolve(obj, colors=frozenset(colours))
            state = state.with_object(obj)
            if not painted["gains"]:
                continue  # (else the keywords it gains are given below)
        if _BECOMES_CHOSEN_COLOUR.search(text) and obj.zone is Zone.BATTLEFIELD:
            # The colour is chosen as it resolves and nobody said which (CR 608.2d).
            outcome.untracked = (
                f"the colour is chosen as it resolves: say which, for example “{entry.name} "
                "resolves choosing black.” (608.2d)"
            )
            continue
        if text.startswith("gain control of") and obj.zone in (Zone.BATTLEFIELD, Zone.STACK):
            # Act of Treason, Threaten: a control-changing effect (CR 613.1b, layer 2); the
            # bot keeps no turn, so "until end of turn" lasts until said otherwise. Commandeer:
            # a spell whose controller changes is that player's spell from now on.
            holder = entry.source_id
            if (
                _WHILE_SOURCE_REMAINS.search(text)
                and holder is not None
                and holder in state.objects
            ):
                # "... for as long as this Saga remains on the battlefield" (The Akroan War):
                # it ends when that permanent leaves (611.2b).
                state = state.with_control_while(ref, entry.controller, holder)
            else:
                state = state.with_controller(ref, entry.controller)
            continue
        if _COUNTER_TARGET.match(text) and obj.zone is Zone.STACK:
            countered = state.entry(ref)
            where = _countered_destination(entry.spec.text)
            if where is None or countered.is_copy or countered.flashback or countered.jump_start:
                # (A copy ceases to exist, 707.10a; a flashback card is exiled, 702.34a.)
                state = _leave_stack(state, countered, "was countered")
            else:
                # Remand, Memory Lapse, Dissipate: "If that spell is countered this way, put it
                # into its owner's hand / on top of its owner's library / exile it instead of
                # putting it into its owner's graveyard" (a replacement, CR 614.1a, 701.6a).
                zone, said = where
                state, _ = state.move(ref, zone, f"was countered and {said}")
        elif (
            "destroy" in text
            # Its own or given by a permanent (Darksteel Forge, Darksteel Plate: 702.12b).
            and ref not in unbreakable
            and not text.startswith("return")
        ):
            # CR 701.19a: a regeneration shield replaces the destruction, unless the spell
            # says it can't be regenerated (Wrath of God, Terminate: 701.19c).
            barred = bars_regeneration(entry.spec.text)
            if saved := regenerated_instead(state, ref, f"by {entry.name}", barred=barred):
                state, said = saved
                outcome.notes.append(said)
                outcome.rules.extend(REGENERATION_RULES)
                continue
            if note := barred_shield_note(state, ref, barred=barred):
                outcome.notes.append(note)
                outcome.rules.append("701.19c")
            state, _ = state.move(ref, Zone.GRAVEYARD, "was destroyed")
        elif "exile" in text and not text.startswith("return"):
            # (Unearth's "Return this card ... Exile it at the beginning of the next end step"
            # returns it now; the exile is a later, delayed event.)
            holder = _exiler(state, entry, text)
            if holder is False:
                # CR 610.3b: the exiler left after the ability triggered, before it exiled:
                # "the object doesn't move" (Banishing Light's rulings).
                gone = state.last_known(entry.source_id) if entry.source_id else None
                outcome.prevented = (
                    f"{obj.name} isn't exiled: {gone.name if gone else 'its source'} already left "
                    "the battlefield, and it exiles only until then, so the card doesn't move "
                    "(610.3b)"
                )
                outcome.rules.append("610.3b")
                continue
            state, exiled = state.move(ref, Zone.EXILE, "was exiled")
            if holder is not None and exiled is not None:
                state = state.with_exiled_until(exiled, holder)
        elif _TO_LIBRARY.search(text) and obj.zone is not Zone.LIBRARY:
            # Condemn, Griptide ("on the bottom/top of its owner's library"), Chaos Warp
            # ("shuffles it into their library"): a new object in the library (400.7).
            leaving = state.entry(ref) if obj.zone is Zone.STACK else None
            if leaving is not None and (leaving.is_copy or leaving.flashback or leaving.jump_start):
                # Commit or Aether Gust on a copy: it ceases to exist (707.10a); a flashback
                # card is exiled instead (702.34a).
                state = _leave_stack(state, leaving, "was put into its owner's library")
                continue
            state, _ = state.move(ref, Zone.LIBRARY, "was put into its owner's library")
            _token_ceases(obj, "library", outcome)
        elif _RETURN_TO_HAND.search(text) or (
            text.startswith("return") and _RETURN_TO_HAND.search(_whole_sentence(entry, text))
        ):
            state, _ = state.move(ref, Zone.HAND, "was returned to its owner's hand")
            _token_ceases(obj, "hand", outcome)
        elif _RETURN_TO_BATTLEFIELD.search(text) and obj.zone is not Zone.BATTLEFIELD:
            # Unearth, Cloudshift: the card becomes a new permanent (CR 400.7) under the control
            # of the spell's controller, who put it there (CR 110.2a), or of its owner if the
            # text says so (Ephemerate).
            state, new_id = state.move(ref, Zone.BATTLEFIELD, "returned to the battlefield")
            if new_id is not None:
                controller = obj.owner if "owner's control" in text else entry.controller
                back = evolve(state.obj(new_id), controller=controller)
                if counter := _RETURNS_WITH_COUNTER.search(text):
                    # Persist, undying: "with a -1/-1 counter on it" (702.79a, 702.93a; it
                    # enters with it, 614.1c).
                    kind = counter["kind"].lower()
                    back = evolve(
                        back, counters={**back.counters, kind: back.counters.get(kind, 0) + 1}
                    )
                state = state.with_object(back)
                # A new object entering: its "when this enters" abilities trigger (603.6a;
                # QA 31 W3: a flickered Flametongue Kavu's went unsaid).
                back = state.obj(new_id)
                triggered = enters_trigger_notes(back, state)
                state = with_targeted_enters_waiting(
                    state, back, f"{back.name} returned to the battlefield"
                )
                outcome.notes.extend(f"{back.name} returned: {note}" for note in triggered)
                if triggered:
                    outcome.rules.append("603.6a")
        elif (damage := _DAMAGE.search(text)) and (
            kinds := as_seen(state, obj).card_types  # March of the Machines, Ensoul Artifact
        ) & DAMAGEABLE:
            n = amount if amount is not None else _amount(damage.group(1), entry)
            if (source := _permanent_dealing(state, entry)) is not None:
                state = _dealt_by_permanent(state, source, ref, n, outcome)
            else:
                state, n = _shielded(state, ref, n, outcome)
                hurt = state.obj(ref)
                state = state.with_object(dealt_damage(hurt, n, kinds))
                if n:
                    counted_notes, counted_rules = counters_lost(
                        state.label(ref), hurt, state.obj(ref), kinds, n
                    )
                    outcome.notes.extend(counted_notes)
                    outcome.rules.extend(counted_rules)
        elif text.startswith("untap"):
            state = state.with_object(evolve(obj, tapped=False))
            if _AND_GAIN_CONTROL.search(text) and obj.zone is Zone.BATTLEFIELD:
                # Threaten, Ray of Command: "Untap target creature and gain control of it
                # until end of turn" (CR 613.1b, layer 2; found by QA 29 W1: the control part
                # was dropped).
                state = state.with_controller(ref, entry.controller)
        elif text.startswith("tap"):
            state = state.with_object(evolve(obj, tapped=True))
        elif re.search(r"\bbecomes blocked\b", text) and obj.attacking:
            # CR 509.1h: it stays unblocked until "an effect says that it becomes blocked"
            # (Curtain of Light, Trap Runner).
            state = state.with_object(evolve(obj, blocked=True))
        elif text.startswith("remove") and "from combat" in text:
            # CR 506.4: "if an effect specifically removes it from combat" (Balduvian Warlord).
            state = state.with_object(removed_from_combat(obj))
        elif re.search(r"\bcan't (?:attack or )?block this turn\b", text):
            # Goblin Shortcutter: "target creature can't block this turn" - kept on it as the
            # words "can't block", which the block checks read (509.1b; QA 45 W6).
            words = (
                {"can't attack", "can't block"} if "attack or block" in text else {"can't block"}
            )
            state = gaining_this_turn(state, ref, words)  # until a later turn (514.2)
        elif "can't be the target of" in text:
            # Vines of Vastwood: "your opponents" are the spell controller's opponents.
            clause = text.split("can't be the target of", 1)[1].split(" this turn")[0]
            state = state.with_restriction(ref, parse_restriction(clause, entry.controller))
        else:
            gained = _GAINED_KEYWORDS.search(text)
            protection = _GAINED_PROTECTION.search(text)
            if gained:
                words = {w.strip() for w in re.split(r",? and |, ", gained.group(1))}
                keywords: set[str] = set()
                for word in words:
                    keywords.update(split_keyword_text(word))
                # With its timestamp: a Humility older than it leaves it (CR 613.7).
                state = _gaining_for(state, ref, keywords, text)
            elif protection:
                # "your opponents" are the opponents of the spell's controller (Courageous
                # Resolve), fixed as it resolves (CR 608.2h).
                quality = protection.group(1).replace(
                    "your opponents", f"{entry.controller}'s opponents"
                )
                # "protection from colorless or from red" (Giver of Runes, the colour chosen)
                # is protection from each quality (CR 702.16a).
                added = frozenset(
                    keyword
                    for each in quality.split(" or from ")
                    for keyword in split_keyword_text(f"protection from {each}")
                )
                state = _gaining_for(state, ref, added, text)
    return state


def _token_ceases(obj: GameObject, zone: str, outcome: _Outcome) -> None:
    """A token bounced (Unsummon) or put into a library "ceases to exist the next time
    state-based actions are checked" (CR 111.8, 704.5d): said, as judges are asked it."""
    if obj.kind is ObjectKind.TOKEN and obj.zone is Zone.BATTLEFIELD:
        outcome.notes.append(
            f"{obj.name} is a token: it goes to its owner's {zone}, then ceases to exist when "
            "state-based actions are checked (111.8, 704.5d)"
        )
        outcome.rules.extend(("111.8", "704.5d"))


def _regenerate(
    state: GameState,
    entry: StackEntry,
    text: str,
    affected: list[tuple[TargetRef, int | None]],
    outcome: _Outcome,
) -> GameState:
    """ "Regenerate this creature" / "Regenerate target creature": a shield on each permanent
    it names, used the next time that permanent would be destroyed this turn (CR 701.19a)."""
    targets = [ref for ref, _ in affected if isinstance(ref, int)]
    shielded = regenerated_objects(state, text, entry.source_id, entry.controller, targets)
    if not shielded:
        outcome.untracked = (
            "the bot can't tell which permanent gets the regeneration shield: say it "
            "(“Grizzly Bears has a regeneration shield.”) (701.19a)"
        )
        return state
    for ref in shielded:
        state = with_shield(state, ref)
    names = and_list(state.label(ref) for ref in shielded)
    outcome.notes.append(
        f"{names} {'has' if len(shielded) == 1 else 'each have'} a regeneration shield: the "
        "next time it would be destroyed this turn, instead all damage is removed from it, it "
        "is tapped and removed from combat (701.19a); it doesn't help against sacrifice, "
        "exile or toughness 0 (704.5f)"
    )
    outcome.rules.extend(REGENERATION_RULES)
    return state


def _gaining_for(state: GameState, object_id: int, keywords: Iterable[str], text: str) -> GameState:
    """``state`` after the object gains ``keywords`` from a resolved ``text``: until "It is a
    later turn." when the text says "until end of turn" (CR 514.2), else for good."""
    if lasts_this_turn(text):
        return gaining_this_turn(state, object_id, keywords)
    return state.with_object(gaining(state.obj(object_id), keywords, state.next_id))


# Keywords a resolving part may grant ("It gains haste until end of turn", Act of Treason;
# "gains flying and lifelink"): those targeting and activation checks read (302.6, 702.9b...).
# "Target instant or sorcery card in your graveyard gains flashback until end of turn"
# (Snapcaster Mage, Mission Briefing's kin): a keyword the card has while in the graveyard.
_GAINS_FLASHBACK = remembered(re.compile(r"\bgains? flashback\b"))
FLASHBACK = "flashback"

_GRANTABLE = (
    # "hexproof from red" (Mondo Gecko's chosen colour, 702.11d) before bare hexproof.
    r"(?:hexproof from (?:white|blue|black|red|green|monocolored|multicolored)|hexproof|shroud|indestructible|haste|flying|trample|first strike|double strike|"
    r"deathtouch|lifelink|vigilance|reach|menace)"
)
_GAINED_KEYWORDS = remembered(
    re.compile(rf"gains? ({_GRANTABLE}(?:(?:,| and|, and) {_GRANTABLE})*)")
)


_TO_LIBRARY = remembered(
    re.compile(
        r"\bon (?:the )?(?:top|bottom) of (?:its|their) owners?'?s? library|"
        # Oust: "Put target creature into its owner's library second from the top".
        r"\binto (?:its|their) owners?'?s? library|"
        r"\bshuffles? (?:it|them|target [^.]*?|that [a-z]+) into (?:its|their)(?: owners?'?s?)? library|"
        # Aether Gust: "Its owner puts it on their choice of the top or bottom of their library".
        r"\btop or bottom of (?:its|their)(?: owners?'?s?)? library"
    )
)
# The owner's choice of top or bottom (Aether Gust), made as it resolves (CR 608.2d).
_OWNER_CHOOSES_TOP_OR_BOTTOM = remembered(re.compile(r"\btop or bottom of [^.]*library", re.I))
_EACH_LOSES_LIFE = remembered(
    re.compile(r"\beach (opponent|player) loses (\d+|x|two times x) life")
)
_DOUBLE_LIFE = remembered(
    re.compile(r"^double (?:target player's|your) life total\.?$", re.IGNORECASE)
)
_YOU_LIFE_THEN_CREATE = remembered(
    re.compile(r"^you (?P<how>gain|lose) (?P<n>\d+|x) life(?:,| and|, then) (?:create|investigate)")
)
_CREATE_THEN_YOU_LIFE = remembered(
    re.compile(r"\btokens? (?:and|, then) you (?P<how>gain|lose) (?P<n>\d+|x) life\.?$")
)
_EACH_GAINS_LIFE = remembered(re.compile(r"^each (opponent|player) gains (\d+|x) life\.?$", re.I))
_LIFE_LOST_THIS_WAY = remembered(re.compile(r"\byou gain life equal to the life lost this way\b"))
_LOSES_LIFE = remembered(re.compile(r"\bloses? (\d+|x) life\b"))
_GAINS_LIFE = remembered(re.compile(r"\bgains (\d+) life\b"))
_TARGET_LOSES_LIFE = remembered(re.compile(r"(?<!\byou )\bloses? (\d+|x) life\b"))
# "Target player discards two cards" (Mind Rot), "... discards a card" (Raven's Crime); at
# random or a chosen card (Thoughtseize's "You choose") are the player's or caster's choice.
_TARGET_DISCARDS = remembered(
    re.compile(r"\bdiscards? (?P<n>a|an|one|two|three|four|\d+|x) cards?(?P<random> at random)?")
)
_SACRIFICE_WORD = remembered(re.compile(r"\bsacrifices? (?:a|an|one|two|three)\b"))
# "Each other player sacrifices a creature" (Grave Pact): every player but its controller.
_YOU_SACRIFICE = remembered(
    re.compile(
        r"^sacrifice (?:a|an|one|two|three|another) (?:(?:attacking|nontoken|untapped|tapped) )?"
        r"(?:creature|artifact|enchantment|land|planeswalker|permanent)s?\.?$"
    )
)
_EACH_SACRIFICES = remembered(re.compile(r"^each (opponent|player|other player) sacrifices\b"))
_PLAYER_SACRIFICE = remembered(
    re.compile(
        r"\bsacrifices? (a|an|one|two|three|another) (?:(attacking|nontoken|untapped|tapped) )?"
        r"(creature|artifact|enchantment|land|planeswalker|permanent)s?(?P<rest>[^.]*)"
    )
)
_RETURN_TO_HAND = remembered(
    re.compile(r"\breturn\b.*\bto (?:its|their) owners?'?s? hands?|\breturn\b.*\bto your hand")
)
_PREVENT_NEXT = remembered(re.compile(r"^prevent the next (\d+|x) damage that would be dealt to\b"))
_PREVENT_ALL_TO = remembered(
    re.compile(r"^prevent all(?: combat)? damage that would be dealt to\b")
)


# Words of a part that changes what the board shows (life, zones, damage, counters, control).
_BOARD_CHANGE = remembered(
    re.compile(
        r"\bdeals? [^.]*?damage\b|\b(?:\d+|x) damage to\b|"
        r"\b(?:destroys?|exiles?|sacrifices?|loses? (?:\d+|x|two times x|that much) life|returns?|"
        r"gains? (?:\d+|x|that much) life|"
        r"counter (?:up to \w+ )?target|counter that spell|shuffles?|gets? [+-]\d|gains? control|counters? on|taps?|creates?|"
        r"gain life equal|gains? (?:protection|hexproof|shroud|indestructible|haste|flying|"
        r"trample|first strike|double strike|deathtouch|lifelink|vigilance|reach|menace|suspend)|"
        r"attach(?:es)?|conjures?|explores?|populates?)\b|"
        r"\bputs? [^.]*?onto the battlefield\b|"  # Chaos Warp's revealed card
        r"\bon (?:the )?(?:top|bottom) of [^.]*library|\btop or bottom of [^.]*library|"
        r"\bremoves? [^.]*?\bcounters? from\b|"  # Hex Parasite (found by QA 9, M6)
        r"(?<!don't )(?<!doesn't )\buntaps?\b(?! step)",
        re.IGNORECASE,
    )
)
# "Its controller creates a 3/3 green Beast creature token" (Beast Within), "Create two 1/1
# white Soldier creature tokens" (Raise the Alarm).
# A delayed triggered ability a resolving spell creates (CR 603.7a): "Until end of turn,
# whenever ...", "When that creature dies this turn, ...".
_AT_NEXT_STEP = remembered(
    re.compile(
        r"^at the beginning of (?:the |your |that player's )?next (?:end step|upkeep|turn|"
        r"combat|main phase|draw step)\b",
        re.I,
    )
)
_REVOLT = remembered(
    re.compile(r"\bif a permanent left the battlefield under your control this turn\b", re.I)
)


def _exiler(state: GameState, entry: StackEntry, text: str) -> int | bool | None:
    """The permanent whose leaving brings back what this exile part exiles: its source, for
    "exile ... until this enchantment leaves the battlefield" (Banishing Light, CR 610.3) or
    when the source has a linked "return the exiled card" ability (Oblivion Ring, 607.2a);
    False if that source has left already ("until": the card doesn't move, 610.3b); None
    when nothing brings it back."""
    if entry.source_id is None:
        return None
    source = state.objects.get(entry.source_id)
    if source is None:
        departure = state.departures.get(entry.source_id)
        if departure is None:
            return None
        return False if exiles_until_it_leaves(text, departure.snapshot) else None
    if source.zone is not Zone.BATTLEFIELD:
        return None
    if exiles_until_it_leaves(text, source) or linked_return(source):
        return source.id
    return None


def _return_linked(state: GameState, entry: StackEntry) -> tuple[GameState, tuple[str, ...]]:
    """Oblivion Ring's leaves trigger resolving: the cards its source exiled return to the
    battlefield under their owners' control (607.2a; new objects, 400.7)."""
    state, held = state.released_by(entry.source_id) if entry.source_id is not None else (state, [])
    names: list[str] = []
    for card in held:
        names.append(state.label(card))
        state, _ = state.move(card, Zone.BATTLEFIELD, "returned to the battlefield")
    return state, tuple(names)


def _revolt_met(state: GameState, player: str) -> bool:
    """Whether a permanent left the battlefield under ``player``'s control in the scenario,
    taken as one turn (revolt, Fatal Push)."""
    return any(
        departure.snapshot.zone is Zone.BATTLEFIELD and departure.snapshot.controller == player
        for departure in state.departures.values()
    )


_REMOVE_UP_TO_COUNTERS = remembered(re.compile(r"^remove up to (\w+) counters from target\b", re.I))
_AND_GAIN_CONTROL = remembered(re.compile(r"\band gain control of (?:it|that creature)\b", re.I))
_RETURN_AT_NEXT_STEP = remembered(
    re.compile(
        r"^return (?:that card|those cards|it|them|the exiled card)\b[^.]*\bat the beginning "
        r"of (?:the |your |that player's )?next (?:end step|upkeep|turn)\b[^.]*\.?$",
        re.I,
    )
)
_DELAYED_TRIGGER = remembered(
    re.compile(r"^until end of turn, whenever\b|\bwhen[^.]*\bthis turn,", re.I)
)
# "When that land dies or is put into exile, return it to the battlefield ..." (earthbend,
# 701.66a): a sentence of a resolving effect that starts with "when" makes a delayed triggered
# ability (603.7a); what it says happens only when its event does, so it is never applied as
# the spell resolves. Not "When you do, ...": a reflexive trigger (603.12) follows at once.
_LATER_TRIGGER = remembered(
    re.compile(
        r"^(?:when|whenever)\b(?! (?:you|they|that player|a player|an opponent|he or she) do(?:es)?\b)",
        re.I,
    )
)
_CREATES = remembered(
    re.compile(
        r"\bcreates? (a|an|one|two|three|four|five|\d+) (tapped )?(\d+)/(\d+) ([a-z ]+?) "
        r"creature tokens?(?: with ([a-z, ]+?)| with \"(?P<ability>[^\"]+)\")?"
        r"(?=\.|$|,| and | that | for each)"
    )
)
# "creates two Treasure tokens", "creates a tapped Treasure token", "investigates" (a Clue).
_CREATES_PREDEFINED = remembered(
    re.compile(
        r"\bcreates? (?P<n>a|an|one|two|three|four|five|\d+) (?P<tapped>tapped )?"
        r"(?P<name>[A-Za-z]+) tokens?(?=\.|$|,| and )|\b(?P<investigates>investigates?)\b",
        re.IGNORECASE,
    )
)
_TOKEN_COLOURS = frozenset({"white", "blue", "black", "red", "green", "colorless"})


def _populate(state: GameState, player: str, outcome: _Outcome) -> GameState:
    """``player`` populates (CR 701.36a); a choice among several tokens is left to be said."""
    populated = populate(state, player)
    outcome.notes.append(populated.said)
    outcome.rules.append("701.36a")
    if not populated.chosen:
        outcome.untracked = populated.said
    return populated.state


def _token_maker(
    state: GameState,
    entry: StackEntry,
    text: str,
    made: re.Match[str],
    affected: list[tuple[TargetRef, int | None]],
) -> str | None:
    """Who creates the tokens the text names (CR 111.2): its controller, the target's
    controller as it last existed ("Its controller creates ..."), or a targeted player; None
    when the bot can't tell."""
    subject = text[: made.start()].strip()
    player: str | None = None
    if _CONTROLLER_OF_TARGET.match(text) and affected:
        last = state.last_known(affected[0][0]) if isinstance(affected[0][0], int) else None
        player = last.controller if last is not None else None
    elif subject in ("", "you") or subject.endswith(("then", "and")):
        player = entry.controller
    elif affected and isinstance(affected[0][0], str):
        player = affected[0][0]
    elif state.has_player(subject):
        # A promised gift's "Bob creates a tapped 1/1 blue Fish" (CR 702.174f): the player named.
        player = state.player(subject).name
    return player if player is not None and state.has_player(player) else None


def _create_predefined(
    state: GameState,
    entry: StackEntry,
    text: str,
    made: re.Match[str],
    token: PredefinedToken,
    affected: list[tuple[TargetRef, int | None]],
    outcome: _Outcome,
) -> GameState:
    """Treasure, Clue, Food ... tokens with the characteristics CR 111.10 defines."""
    player = _token_maker(state, entry, text, made, affected)
    if player is None:
        outcome.untracked = NOT_TRACKED
        return state
    word = (made["n"] or "a").lower()
    count = NUMBER_WORDS.get(word) or (int(word) if word.isdigit() else 1)
    made_token = make_token(
        f"{token.name} Token",
        player,
        card_types=token.card_types,
        subtypes=token.subtypes,
        colors=frozenset(token.colors),
        power=token.power,
        toughness=token.toughness,
        oracle_text=token.oracle_text,
        tapped=bool(made["tapped"]),
    )
    times, doublers = _token_doubling(state, player, creature=False)
    count *= times
    for _ in range(count):
        state, _ = state.created_token(made_token)
    outcome.notes.append(
        f"{player} creates {counted(count, f'{token.name} token')}{doublers} ({token.rule})"
    )
    outcome.rules.append(token.rule)
    return state


def _create_tokens(
    state: GameState,
    entry: StackEntry,
    text: str,
    made: re.Match[str],
    affected: list[tuple[TargetRef, int | None]],
    outcome: _Outcome,
) -> GameState:
    """CR 111.1, 111.2, 111.4: tokens are created under the control of the player the text
    names (its controller: the target's, as it last existed), owned by that player, named for
    their subtypes ("Beast Token")."""
    player = _token_maker(state, entry, text, made, affected)
    if player is None:
        outcome.untracked = NOT_TRACKED
        return state
    said: list[str] = []
    found: re.Match[str] | None = made
    while found is not None:
        # "... tokens that are tapped and attacking" (Hero of Bladehold): put onto the
        # battlefield attacking, never declared as attackers (CR 508.4).
        attacking = _TAPPED_AND_ATTACKING.match(text, found.end()) is not None
        ability = _as_written(entry.spec.text, found["ability"])
        state, one = _make_tokens(state, player, found, attacking=attacking, ability=ability)
        said.append(one)
        # "Create a 2/1 ... Inkling creature token with flying, a 3/2 ... Spirit creature
        # token, and a 4/4 ... Elemental creature token" (Mascot Exhibition): each of them.
        found = _MORE_TOKENS.match(text, found.end())
    outcome.notes.append(f"{player} creates {and_list(said)} (111.1)")
    outcome.rules.append("111.1")
    return state


_CREATE_X = re.compile(r"\bcreates? x (?=(?:tapped )?\d+/\d+ )", re.IGNORECASE)
_MORE_TOKENS = re.compile(
    r",?(?: and)? (a|an|one|two|three|four|five|\d+) (tapped )?(\d+)/(\d+) ([a-z ]+?) "
    r"creature tokens?(?: with ([a-z, ]+?)| with \"(?P<ability>[^\"]+)\")?"
    r"(?=\.|$|,| and | that | for each)"
)  # matched at a position, after the first token's words


_TAPPED_AND_ATTACKING = re.compile(r" (?:that are |that's |that is )?tapped and attacking\b")


def _as_written(text: str, lowered: str | None) -> str:
    """``lowered`` (a piece of the lower-cased effect) as ``text`` writes it: a token's quoted
    ability keeps its mana symbols' case ("{B}: Regenerate this token.")."""
    if not lowered:
        return ""
    found = re.search(re.escape(lowered), text, re.IGNORECASE)
    return found.group(0) if found else ""


def _make_tokens(
    state: GameState,
    player: str,
    made: re.Match[str],
    *,
    attacking: bool = False,
    ability: str = "",
) -> tuple[GameState, str]:
    """The creature tokens one "N P/T [colours] [types] creature token(s) [with ...]" names,
    on the battlefield under ``player``'s control, and how the answer says them; ``ability``:
    the ability in quotation marks it has ('with "{B}: Regenerate this token."', 111.3)."""
    words = made.group(5).split()
    colours = [w for w in words if w in _TOKEN_COLOURS and w != "colorless"]
    types = ["artifact", "creature"] if "artifact" in words else ["creature"]
    subtypes = [w for w in words if w not in _TOKEN_COLOURS and w not in ("artifact", "and")]
    keywords = [k.strip() for k in (made.group(6) or "").replace(" and ", ", ").split(",")]
    name = " ".join(s.title() for s in subtypes) + " Token" if subtypes else "Token"
    count = NUMBER_WORDS.get(made.group(1)) or int(made.group(1))
    times, doublers = _token_doubling(state, player, creature=True)
    count *= times
    token = make_token(
        name,
        player,
        card_types=types,
        subtypes=subtypes,
        colors=frozenset(colours),
        power=int(made.group(3)),
        toughness=int(made.group(4)),
        keywords=[k for k in keywords if k],
        oracle_text=ability,
        tapped=bool(made.group(2)) or attacking,
    )
    if attacking:
        token = evolve(token, attacking=True)
    for _ in range(count):
        state, _ = state.created_token(token)
    how = ", tapped and attacking (508.4)" if attacking else ""
    return state, f"{counted(count, name)} ({made.group(3)}/{made.group(4)}){doublers}{how}"


# Anointed Procession, Doubling Season ("If an effect would create one or more tokens under
# your control, it creates twice that many of those tokens instead"), Parallel Lives ("...
# creature tokens ..."), Primal Vigor ("If one or more tokens would be created, twice that
# many of those tokens are created instead").
_DOUBLES_TOKENS = remembered(
    re.compile(
        r"if (?:an effect would create one or more (?P<creature>creature )?tokens under your "
        r"control, it creates |one or more (?P<any_creature>creature )?tokens would be created, )"
        r"twice that many of those tokens",
        re.IGNORECASE,
    )
)


def _token_doubling(state: GameState, player: str, *, creature: bool) -> tuple[int, str]:
    """How many times over ``player``'s tokens are made by the replacement effects that double
    them (each applies once, so two double twice: 616.1, 614.1a), and the words naming them."""
    times, names = 1, []
    for source in state.zone_objects(Zone.BATTLEFIELD):
        found = _DOUBLES_TOKENS.search(source.oracle_text)
        if found is None or source.phased_out or source.abilities_lost:
            continue
        if (found["creature"] or found["any_creature"]) and not creature:
            continue
        if "under your control" in found[0] and source.controller != player:
            continue  # (Primal Vigor's doubles anyone's)
        times *= 2
        names.append(source.name)
    if not names:
        return 1, ""
    return times, f", doubled by {and_list(names)} (614.1a, 616.1)"


_SHUFFLE_SOMETHING = remembered(
    re.compile(r"shuffle (?!it\b|them\b)[^.]*? into its owner's library", re.IGNORECASE)
)
_DESTROY = remembered(re.compile(r"destroy\b", re.IGNORECASE))


def _stat_of(state: GameState, ref: TargetRef, stat: re.Match[str]) -> int | None:
    """The number "its toughness minus 1" is for ``ref`` now (with the effects that apply)."""
    obj = state.objects.get(ref) if isinstance(ref, int) else None
    if obj is None or obj.zone is not Zone.BATTLEFIELD:
        return None
    seen = as_seen(state, obj)
    value = seen.current_power if stat["stat"].lower() == "power" else seen.current_toughness
    if value is None:
        return None
    change = int(stat["n"] or 0)
    return value - change if (stat["sign"] or "").lower() == "minus" else value + change


def _in_place_of(
    parts: Sequence[EffectPart],
    number: int,
    effect: str,
    legal_by_slot: Mapping[int, list[tuple[TargetRef, int | None]]],
) -> tuple[EffectPart, list[tuple[TargetRef, int | None]]]:
    """A replacing part as its effect alone, about the targets of the part it replaces when it
    names none itself ("Galvanic Blast deals 4 damage instead if ...": to the same target)."""
    part = parts[number]
    slots = part.slot_indexes or (parts[number - 1].slot_indexes if number else ())
    replacing = evolve(part, text=effect, slot_indexes=slots)
    return replacing, [pair for index in slots for pair in legal_by_slot.get(index, [])]


def _replaced_by_next(
    state: GameState,
    entry: StackEntry,
    parts: Sequence[EffectPart],
    number: int,
    legal_by_slot: Mapping[int, list[tuple[TargetRef, int | None]]],
) -> Condition | None:
    """The condition, true now, under which the part after ``parts[number]`` replaces it
    ("If ..., ... instead", "... instead if ..."); None when nothing replaces it."""
    if number + 1 >= len(parts):
        return None
    following = parts[number + 1]
    if _REVOLT.search(following.text):
        return None  # Fatal Push's revolt: checked on its own, after the part before
    affected = [pair for index in following.slot_indexes for pair in legal_by_slot.get(index, [])]
    replacing = replacement_condition(state, entry, affected, following.text)
    return replacing if replacing is not None and replacing.holds is True else None


def _changes_the_board(
    state: GameState, text: str, affected: list[tuple[TargetRef, int | None]]
) -> bool:
    """Whether a part that left the state as it was should have changed it: it says so, and
    isn't a "destroy" that indestructible stopped (702.12b, said in its own note)."""
    if not _BOARD_CHANGE.search(text):
        return False
    gain = _YOU_GAIN.search(text)
    if affected and gain and not _BOARD_CHANGE.search(text[: gain.start()] + text[gain.end() :]):
        # Extinguish the Light's "If its mana value was 3 or less, you gain 3 life": the gain is
        # applied after the part, with the target's controller clauses (``_controller_clauses``).
        return False
    if _SHUFFLE_SOMETHING.match(text):
        return False  # the spell's own card, moved as it leaves the stack (``_leave_stack``)
    if _DESTROY.match(text) and affected:
        return not all(
            isinstance(ref, int)
            and ref in state.objects
            and "indestructible" in state.keywords_of(ref)
            for ref, _ in affected
        )
    return True


# Korvold, Fae-Cursed King: "put a +1/+1 counter on Korvold and draw a card": its own name,
# whole or shortened, is "this object" (201.4c); the card drawn is said, not tracked.
_OWN_COUNTERS = remembered(
    re.compile(
        r"^put (?:a|an|one|two|three|\d+) [+-]1/[+-]1 counters? on "
        r"(?:this (?:creature|permanent)|(?P<name>[^,.]+?))(?: and draw (?:a card|two cards))?\.?$",
        re.IGNORECASE,
    )
)


_CHANGES_TEXT = remembered(re.compile(r"change the text of target\b", re.IGNORECASE))
_EXCHANGE_LIFE_TOTALS = remembered(
    re.compile(
        r"\btwo target players exchange life totals\b"
        r"|\bexchange life totals of two target players\b",  # (older wording)
        re.IGNORECASE,
    )
)
_TURN_FACE_DOWN = remembered(re.compile(r"^turn target [a-z ]+? face down\b", re.IGNORECASE))
# One of a spell's targets is singled out as it resolves ("Exile one of those creatures and
# put two +1/+1 counters on the other", Cannibalize; "sacrifices one of them", Barrin's Spite).
_SACRIFICE_WORD_ANY = remembered(re.compile(r"\bsacrifices?\b", re.IGNORECASE))


def _sacrifice_shielded(
    state: GameState, entry: StackEntry, affected: list[tuple[TargetRef, int | None]]
) -> str:
    """Why the controller of ``affected`` sacrifices none of them (Sigarda, Host of Herons,
    against an opponent's spell: 101.2), "" if nothing stops it."""
    controllers = {_controller_of(state, ref) for ref, _ in affected if isinstance(ref, int)}
    if len(controllers) != 1 or (player := controllers.pop()) is None:
        return ""
    shield = sacrifice_shield(state, player, entry.controller)
    if shield is None:
        return ""
    source, line = shield
    return (
        f"{player} sacrifices nothing: {entry.controller} is an opponent, and "
        f"{state.label(source.id)} says “{line.rstrip('.')}” (101.2)"
    )


_THE_OTHER = remembered(re.compile(r"\bthe other\b", re.IGNORECASE))
_ONE_OF_THE_TARGETS = remembered(
    re.compile(r"\bone of (?:them|those [a-z]+|the targets?)\b|\bthe other\b", re.IGNORECASE)
)
# How the user states what happened to the chosen one, by the effect's verb.
_STATED_RESULTS = (
    ("exile", "is exiled"),
    ("sacrifice", "is sacrificed"),
    ("destroy", "is destroyed"),
    ("return", "is returned to its owner's hand"),
)


def _which_target_is_which(
    state: GameState, text: str, affected: list[tuple[TargetRef, int | None]]
) -> str:
    """What to say when the effect picks one of its targets as it resolves (608.2d)."""
    names = [state.label(ref) for ref, _ in affected]
    low = text.lower()
    result = next((said for verb, said in _STATED_RESULTS if verb in low), "")
    example = f": state the result, e.g. “{names[0]} {result}.”" if result else ": state the result"
    if len(names) == 1:
        return f"{names[0]} is the only legal target left, so it is the one chosen{example}"
    if "at random" in low:
        # Wild Swing: "Destroy one of them at random."
        return f"one of {and_list(names)} is chosen at random as it resolves (608.2d){example}"
    if "the other" not in low:
        # Incriminate: "That player sacrifices one of them of their choice."
        return f"which one of {and_list(names)} is chosen as it resolves (608.2d){example}"
    return f"which of {and_list(names)} is which is chosen as it resolves (608.2d){example}"


def _controlled_together(
    state: GameState, entry: StackEntry, slot_index: int
) -> TargetCheck | None:
    """Whether a slot's targets still fit "controlled by the same player" (or "by different
    players") together as it resolves (608.2b): if not, each of them is illegal."""
    slot = next((s for s in entry.slots if s.index == slot_index), None)
    if slot is None or not getattr(slot.filter, "controllers", ""):
        return None
    return controllers_problem(state, slot, entry.chosen(slot_index).refs, rule="608.2b")


# An ability that changes its own source: "This creature gets +1/+0 until end of turn"
# (firebreathing), "becomes the color of your choice" (Wild Mongrel), "gains flying".
_CHANGES_ITSELF = remembered(
    re.compile(
        r"^(?:until end of turn, )?(?P<who>this creature|this permanent|[a-z0-9 ,'-]+?) "
        r"(?:gets [+-](?:\d+|x)/[+-](?:\d+|x)|becomes (?:the colou?r of your choice|"
        r"white|blue|black|red|green|colorless)|gains [a-z]+)",
        re.IGNORECASE,
    )
)


def _changes_itself(state: GameState, entry: StackEntry, text: str) -> int | None:
    """The source of an ability whose effect is on itself, if it is still on the battlefield
    (CR 400.7); "this creature" or its own name (201.5)."""
    found = _CHANGES_ITSELF.match(text.strip())
    source = state.objects.get(entry.source_id) if entry.source_id is not None else None
    if found is None or source is None or source.zone is not Zone.BATTLEFIELD:
        return None
    who = found["who"].lower()
    if who not in ("this creature", "this permanent") and not names_itself(who, source.name):
        return None
    return source.id


_RETURN_ITSELF = remembered(
    re.compile(
        r"^return (?:it|this card|this aura|this creature|this artifact|this enchantment|"
        r"(?P<name>[^,.]+?)) (?:from [a-z' ]+ )?to (?:its owner's hand|your hand|the battlefield)\b",
        re.IGNORECASE,
    )
)


def _source_where_it_went(state: GameState, entry: StackEntry, text: str) -> int | None:
    """The card a trigger's "return it to its owner's hand" means: its source, which left the
    battlefield and is still in the public zone it went to (CR 400.7e), else None."""
    found = _RETURN_ITSELF.match(text.strip())
    if found is None or entry.source_id is None:
        return None
    if found["name"] and not names_itself(found["name"], state.label(entry.source_id)):
        return None
    source = state.objects.get(entry.source_id)
    if source is None:
        departure = state.departures.get(entry.source_id)
        if departure is None or departure.snapshot.zone is not Zone.BATTLEFIELD:
            return None
        source = state.objects.get(departure.new_id) if departure.new_id is not None else None
    if source is None or source.zone not in (Zone.GRAVEYARD, Zone.EXILE):
        return None
    return source.id


def _own_counters(state: GameState, entry: StackEntry, text: str) -> int | None:
    """The source of an ability that puts counters "on this creature" (valiant, Heartfire
    Hero) or on itself by name (Korvold), if it is still on the battlefield (CR 122.1, 400.7)."""
    # Only the whole sentence: "for each ..." or a condition would change how many.
    if not (found := _OWN_COUNTERS.search(text.strip())):
        return None
    source = state.objects.get(entry.source_id) if entry.source_id is not None else None
    if source is None or source.zone is not Zone.BATTLEFIELD:
        return None
    if found["name"] and not names_itself(found["name"], source.name):
        return None  # another permanent's name
    return source.id


def _enchanted_or_equipped(state: GameState, entry: StackEntry, text: str) -> int | None:
    """The permanent "enchanted creature" / "equipped creature" means in an ability of an Aura
    or Equipment: the one its source is attached to now (CR 301.5, 303.4)."""
    if not re.match(r"(?:enchanted|equipped) (?:creature|permanent)\b", text, re.IGNORECASE):
        return None
    source = state.objects.get(entry.source_id) if entry.source_id is not None else None
    if source is None or source.attached_to not in state.objects:
        return None
    return source.attached_to


_LEAVES_LATER = remembered(
    re.compile(r"when (?:this aura|this enchantment) leaves the battlefield,", re.IGNORECASE)
)
_RETURN_ENCHANTED_CARD = remembered(
    re.compile(
        r"\b(?:return enchanted creature card to|put enchanted creature card onto) the battlefield"
        r"(?P<tapped> tapped)? under your control and attach (?:this aura|~) to it\b",
        re.IGNORECASE,
    )
)


def _return_enchanted_card(
    state: GameState, entry: StackEntry, *, tapped: bool = False
) -> tuple[GameState, str]:
    """Return the creature card the trigger's Aura enchants to the battlefield under the
    trigger's controller and attach the Aura to it; "" when the Aura or the card is gone."""
    aura = state.objects.get(entry.source_id) if entry.source_id is not None else None
    card = state.objects.get(aura.attached_to) if aura and aura.attached_to else None
    if aura is None or aura.zone is not Zone.BATTLEFIELD or card is None:
        return state, ""
    if card.zone is not Zone.GRAVEYARD:
        return state, ""
    state, new_id = state.move(card.id, Zone.BATTLEFIELD, "was returned to the battlefield")
    if new_id is None:
        return state, ""
    state = state.with_controller(new_id, entry.controller)
    if tapped:
        state = state.with_object(evolve(state.obj(new_id), tapped=True))
    state = state.with_object(evolve(state.obj(aura.id), attached_to=new_id))
    return state, (
        f"{card.name} returns to the battlefield under {entry.controller}'s control as a new "
        f"object (#{new_id}, 400.7), and {aura.name} is attached to it"
    )


# Chaos Warp: "... then reveals the top card of their library. If it's a permanent card, they
# put it onto the battlefield."
_REVEALS_TOP_CARD = remembered(
    re.compile(
        r"\breveals? the top card of (?:their|your|his or her|that player's|its owner's) "
        r"library\b",
        re.IGNORECASE,
    )
)
_ABOUT_THE_REVEALED_CARD = remembered(
    re.compile(r"^(?:if (?:it's|it is|that card is)\b|(?:they |you )?put (?:it|that card)\b)", re.I)
)


def _revealer(state: GameState, ref: TargetRef) -> str:
    """The player whose library "their library" is: the target player, or the owner of the
    target permanent (Chaos Warp)."""
    if isinstance(ref, str):
        return ref
    obj = state.objects.get(ref) or state.last_known(ref)
    return obj.owner if obj is not None else "its owner"


def _text_so_far(entry: StackEntry, part: str) -> str:
    """The ability's text up to the end of ``part``: Chaos Warp's "If it's a permanent card,
    they put it onto the battlefield" is about the card an earlier sentence revealed."""
    whole = entry.spec.text.lower()
    start = whole.find(part.lower().rstrip("."))
    return part if start < 0 else whole[: start + len(part)]


def _whole_sentence(entry: StackEntry, part: str) -> str:
    """The sentence of the ability's text that ``part`` was cut from: "Return target permanent
    you control and target permanent you don't control to their owners' hands" (Aether
    Tradewinds) gives each target its own part, and only the whole says where they go."""
    whole = entry.spec.text.lower()
    start = whole.find(part.rstrip("."))
    if start < 0:
        return part
    end = whole.find(".", start)
    return whole[start : end if end >= 0 else len(whole)]


def _change_life(
    state: GameState, name: str, delta: int, outcome: _Outcome | None = None
) -> GameState:
    """A player gains (``delta`` > 0) or loses life (CR 119.3; damage, 120.3a). A gain the
    player can't have (Sunspine Lynx, Skullcrack) doesn't happen (101.2, 119.7): said in
    ``outcome`` when given."""
    if delta > 0 and (barred := life_gain_bar(state, name)) is not None:
        if outcome is not None:
            outcome.prevented = _no_life_gained(name, barred)
            outcome.rules.extend(("101.2", "119.7"))
        return state
    player = state.player(name)
    return state.with_player(evolve(player, life=player.life + delta))


def _no_life_gained(name: str, barred: str) -> str:
    return f"{name} can't gain life ({barred}), so no life is gained (101.2, 119.7)"


def _permanent_dealing(state: GameState, entry: StackEntry) -> GameObject | None:
    """The permanent an ability's text says deals its damage ("This creature deals 1 damage
    to any target", Prodigal Pyromancer; "Pestilence deals 1 damage to each creature"): the
    ability's source, as it is now or as it last existed (CR 113.7a), so its deathtouch and
    lifelink apply (Basilisk Collar). None for a spell, whose own damage has neither."""
    if entry.source_id is None:
        return None
    source = state.last_known(entry.source_id)
    if source is None:
        return None
    text = entry.spec.text.lower().replace("’", "'")
    names = ("this creature", "this permanent", "this artifact", "this enchantment", "~")
    if not any(f"{name} deals" in text for name in (*names, source.name.lower())):
        return None
    return as_seen(state, source) if source.zone is Zone.BATTLEFIELD else source


def _dealt_by_permanent(
    state: GameState, source: GameObject, ref: TargetRef, amount: int, outcome: _Outcome
) -> GameState:
    """``source``'s damage to ``ref``, dealt as any damage a permanent deals (``damage_from``:
    prevention, infect, wither, lifelink), then destroyed if its deathtouch reached a creature
    (702.2b, 704.5h)."""
    done = damage_from(state, source, ref, amount)
    state = done.state
    # (A player's life loss goes without saying: the report says the damage, 120.3a.)
    outcome.notes.extend(
        note for note in done.notes if isinstance(ref, int) or not note.endswith("(120.3a)")
    )
    outcome.rules.extend(rule for rule in done.rules if rule != "120.3")
    if done.deathtouched and isinstance(ref, int):
        state, destroyed, rules = deathtouch_destroys(state, [ref])
        outcome.notes.extend(destroyed)
        outcome.rules.extend(rules)
    return state


_DAMAGE_UNPREVENTABLE_THIS_TURN = remembered(
    re.compile(r"\bdamage can't be prevented this turn\b", re.IGNORECASE)
)


def _shielded(
    state: GameState, ref: TargetRef, amount: int, outcome: _Outcome
) -> tuple[GameState, int]:
    """The damage dealt to ``ref`` after its prevention shield (CR 615.7), with a note."""
    if amount > 0 and state.shields.get(ref) and (why := unpreventable_damage(state)):
        # CR 615.12: the shield prevents nothing and isn't used up.
        outcome.notes.append(unprevented_note(state.label(ref), None, why))
        outcome.rules.append("615.12")
        return state, amount
    after, dealt = state.dealt_after_shield(ref, amount)
    if dealt < amount:
        prevented = "all of it" if dealt == 0 else f"{amount - dealt} of it"
        outcome.notes.append(
            f"a prevention shield on {state.label(ref)} prevents {prevented}, so "
            f"{dealt} damage is dealt (615.7)"
        )
        outcome.rules.append("615.7")
    return after, dealt


def _prevent(
    state: GameState,
    entry: StackEntry,
    text: str,
    affected: list[tuple[TargetRef, int | None]],
    outcome: _Outcome,
) -> GameState:
    """CR 615.7: "Prevent the next N damage that would be dealt to any target this turn"
    (Bandage) puts a shield on the target, used by the next damage to it; nothing is dealt
    now. Other prevention (damage a creature would deal, combat damage) isn't tracked."""
    amount: int | None = None
    if found := _PREVENT_NEXT.match(text):
        amount = _amount(found.group(1), entry)
    elif _PREVENT_ALL_TO.match(text) and "combat" not in text:
        amount = ALL_DAMAGE
    if amount is None or not affected:
        outcome.untracked = NOT_TRACKED
        return state
    for ref, _ in affected:
        state = state.with_shield(ref, amount)
    outcome.rules.append("615.7")
    return state


# Mirror Strike: "All combat damage that would be dealt to you this turn by target unblocked
# creature is dealt to its controller instead."; Shimian Night Stalker: "... by target
# attacking creature is dealt to this creature instead."
_REDIRECT_FROM_TARGET = remembered(
    re.compile(
        r"^all (?P<combat>combat )?damage that would be dealt to you this turn by target "
        r"[a-z ]*?creature is dealt to (?P<to>its controller|this creature|~) instead\b"
    )
)


def _redirect(
    state: GameState,
    entry: StackEntry,
    found: re.Match[str],
    affected: list[tuple[TargetRef, int | None]],
    outcome: _Outcome,
) -> GameState:
    """A redirection effect (CR 614.9) kept for the damage the target deals later, stated
    ("Grizzly Bears deals 2 combat damage to Bob."): "its controller" is whoever controls it
    then; "this creature" the ability's source."""
    to = None if found["to"] == "its controller" else entry.source_id
    if to is not None and to not in state.objects:
        outcome.untracked = NOT_TRACKED
        return state
    name = entry.name.removesuffix("'s ability").removesuffix("'s trigger")
    for ref, _ in affected:
        if isinstance(ref, int) and ref in state.objects:
            redirect = DamageRedirect(
                source_id=ref,
                protected=entry.controller,
                by=name,
                to=to,
                combat_only=bool(found["combat"]),
            )
            state = state.with_damage_redirect(redirect)
    outcome.rules.append("614.9")
    return state


# "... unless they sacrifice a nonland permanent or discard a card" (Tergrid's Lantern),
# "... unless that player sacrifices a creature of their choice" (Demanding Dragon).
_UNLESS_THEY = remembered(
    re.compile(
        r"\bunless (?:they|that player) (?P<choice>(?:sacrifices?|discards?)\b[^.]*)",
        re.IGNORECASE,
    )
)


def _unless_forced(
    state: GameState, player: str, entry: StackEntry, text: str, outcome: _Outcome
) -> bool:
    """Whether the part before "unless [player] sacrifices ... or discards ..." happens to
    ``player`` for sure: they can do none of what would stop it (CR 118.12: "[do something]
    unless [a player does something else]").  Sigarda, Host of Herons forbids choosing to
    sacrifice for an opponent's spell or ability (its ruling, 2018-12-07; 101.2).  When the
    player still has a choice, the part isn't applied and ``outcome`` says whose it is."""
    found = _UNLESS_THEY.search(text)
    assert found is not None
    choice = found["choice"].lower()
    options: list[str] = []
    if "sacrifice" in choice:
        if shield := sacrifice_shield(state, player, entry.controller):
            outcome.notes.append(
                f"{player} can't choose to sacrifice a permanent: {entry.controller} is an "
                f"opponent, and {state.label(shield[0].id)} says “{shield[1].rstrip('.')}” "
                "(101.2; its ruling: “you can't choose to sacrifice a permanent”)"
            )
            outcome.rules.append("101.2")
        elif _could_sacrifice(state, player, choice):
            options.append("sacrifice")
    if "discard" in choice:
        you = state.player(player)
        in_hand = any(o.owner == you.name for o in state.zone_objects(Zone.HAND))
        if in_hand or not you.hand_stated:
            options.append("discard a card")
    if not options:
        return True
    outcome.untracked = (
        f"{player} chooses as it resolves whether to {' or '.join(options)} instead (118.12, "
        "608.2d); state what they did"
    )
    outcome.rules.append("118.12")
    return False


# Another player's optional payment: "that creature's controller may pay {2}{U}" (Chain Stasis),
# "defending player may pay {4}" (Shrouded Serpent), "each player may pay any amount of mana"
# (Alliance of Arms); "you may pay" is the controller's own choice (``_YOU_MAY``).
_OTHERS_MAY_PAY = remembered(
    re.compile(
        r"^(?:then |starting with you, |(?P<each>for each [^,]+, ))?(?P<who>(?!(?:then )?you\b)[^,.]+?) may pay "
        r"(?P<cost>[^.]+?)\.?$",
        re.I,
    )
)


# "You may pay {2}." / "Then you may pay {W}{U}{B}{R}{G}." as a part of its own.
_OWN_MAY_PAY = remembered(re.compile(r"^(?:then )?you may pay (?P<cost>[^.,]+?)\.?$", re.I))


def _own_payment(entry: StackEntry, cost: str, choices: ResolveChoices) -> EffectReport:
    """The report for the controller's own "You may pay {2}" (608.2d): paid or not when the
    statement said so (tracked, so "If you do" after it is settled), else their choice, which
    the bot doesn't make: never ticked."""
    you = entry.controller
    text = f"{you} may pay {cost}"
    if choices.pays is not None and choices.payer.casefold() in ("", you.casefold()):
        if choices.pays:
            return EffectReport(f"{text}: {you} pays", True, (you,))
        return EffectReport(text, False, (you,), why=f"{you} chose not to pay (608.2d)")
    return EffectReport(
        text,
        False,
        (you,),
        why=f"{you} chooses as it resolves, which the bot doesn't do for them (608.2d): say "
        f"whether {you} pays: “{entry.name} resolves and {you} pays {cost}.” or "
        f"“{entry.name} resolves and {you} doesn't pay.”",
        tracked=False,
    )


def _others_payment(
    state: GameState,
    entry: StackEntry,
    offer: re.Match[str],
    affected: list[tuple[TargetRef, int | None]],
    choices: ResolveChoices,
) -> EffectReport:
    """The report for another player's "may pay" (CR 608.2d: they choose as it resolves): said
    as a choice the bot doesn't make, or as paid / not paid when the statement said so (a stated
    choice is tracked so the "If the player does" after it is settled)."""
    cost = offer["cost"]
    who = "that player" if offer["who"].lower() == "they" else offer["who"].lower()
    payer = _payer_named(state, who, affected)
    if (
        payer is None
        and choices.pays is not None
        and state.has_player(choices.payer)
        and not re.match(r"(?:each|any|every)\b", who)
    ):
        # Smothering Tithe's "that player may pay {2}": the player whose draw triggered it,
        # which the bot doesn't keep; the statement names them.
        payer = choices.payer
    text = f"{offer['each'] or ''}{payer or who} may pay {cost}"
    text = text[0].upper() + text[1:]
    if (
        payer
        and choices.pays is not None
        and choices.payer.casefold() not in ("", payer.casefold())
    ):
        raise EngineError(
            f"{payer} decides whether to pay for {entry.name}, not {choices.payer}: “{who}” is "
            f"{payer} (608.2d).",
            hint=f"Say “{entry.name} resolves and {payer} pays {cost}.” or “{entry.name} "
            f"resolves and {payer} doesn't pay.”",
        )
    if payer and choices.pays is not None:
        if choices.pays:
            return EffectReport(f"{text}: {payer} pays", True, (payer,))
        return EffectReport(text, False, (payer,), why=f"{payer} chose not to pay (608.2d)")
    if payer:
        says = (
            f"say whether {payer} pays: “{entry.name} resolves and {payer} pays {cost}.” or "
            f"“{entry.name} resolves and {payer} doesn't pay.”"
        )
    else:
        says = "say who paid and what happened if it matters"
    return EffectReport(
        text,
        False,
        (payer,) if payer else (),
        why=f"{payer or who} chooses as it resolves, which the bot doesn't do for them "
        f"(608.2d): {says}",
        tracked=False,
    )


def _payer_named(
    state: GameState, who: str, affected: list[tuple[TargetRef, int | None]]
) -> str | None:
    """The player "that creature's controller" / "its controller" / "that player" names: the
    target's controller as it last existed (608.2h), or the player targeted; None otherwise."""
    if state.has_player(who):
        return who
    for ref, _ in affected:
        # Chain Lightning: "that player or that permanent's controller".
        if isinstance(ref, str) and state.has_player(ref) and _THAT_PLAYER_WORDS.search(who):
            return ref
        if isinstance(ref, int) and _CONTROLLER_WORD.search(who):
            known = state.last_known(ref)
            return known.controller if known is not None else None
    return None


_THAT_PLAYER_WORDS = re.compile(r"\b(?:that|target) player\b", re.I)
_CONTROLLER_WORD = re.compile(
    r"\b(?:its|that (?:creature|permanent|artifact|enchantment|land|planeswalker)'s) controller\b",
    re.I,
)


_YOU_MAY_ACT = remembered(
    re.compile(r"^(?:then )?you may (?P<verb>sacrifice|discard) (?P<what>[^.]+?)\.?$", re.I)
)


def _optional_act(
    state: GameState, entry: StackEntry, act: re.Match[str], choices: ResolveChoices
) -> tuple[GameState, str | None]:
    """Carry out a "You may sacrifice a Food" its controller chose to (``choices.pays``), with
    what they named or the only permanent that fits; returns what was done, None if they
    chose not to.  Raises EngineError when the choice can't be made as said."""
    player = entry.controller
    if choices.payer and choices.payer.casefold() != player.casefold():
        raise EngineError(
            f"{player} chooses whether to {act['verb']} for {entry.name}, not {choices.payer} "
            "(608.2d).",
            hint=f"Say “{entry.name} resolves and {player} {act['verb']}s {act['what']}.”",
        )
    if not choices.pays:
        return state, None
    if act["verb"].lower() == "discard":
        named = choices.discarded
        for card in named:
            state, _ = state.move(card, Zone.GRAVEYARD, "was discarded")
        what = and_list(state.label(c) for c in named) if named else act["what"]
        return state, f"{player} discards {what} (701.9a)"
    kind = re.sub(r"^(?:a|an|one) ", "", act["what"].lower()).strip()
    fits = [
        obj.id
        for obj in state.zone_objects(Zone.BATTLEFIELD)
        if obj.controller == player
        and not obj.phased_out
        and (kind in obj.subtypes or kind in obj.card_types or kind == "permanent")
    ]
    chosen = list(choices.sacrificed) or fits
    if not chosen or any(c not in fits for c in chosen):
        raise EngineError(
            f"{player} controls no {kind} to sacrifice for {entry.name}"
            + (" of those named" if choices.sacrificed else "")
            + " (701.21a).",
            hint=f"Say “{entry.name} resolves and {player} doesn't sacrifice {act['what']}.”",
        )
    if len(chosen) > 1:
        raise EngineError(
            f"{player} controls several: which {kind} is sacrificed? (701.21a)",
            hint=f"Say “{entry.name} resolves and {player} sacrifices {state.label(chosen[0])}.”",
        )
    state, _ = state.move(chosen[0], Zone.GRAVEYARD, "was sacrificed")
    return state, f"{player} sacrifices {state.label(chosen[0])} (701.21a)"


def _unless_payers(
    state: GameState,
    entry: StackEntry,
    text: str,
    affected: list[tuple[TargetRef, int | None]],
) -> list[str]:
    """The players an "unless they sacrifice ..." part asks: its target players, or for
    "Each opponent loses 3 life unless that player ..." (Torment of Hailfire) the one opponent
    there is; with several, one stated choice can't speak for all (raises EngineError)."""
    targeted = [ref for ref, _ in affected if isinstance(ref, str)]
    if targeted or affected or not _EACH_OPPONENT.match(text):
        return targeted
    opponents = [
        name
        for name in state.player_names
        if name.casefold() != entry.controller.casefold() and not state.player(name).left_game
    ]
    if len(opponents) > 1:
        raise EngineError(
            f"Each opponent chooses for {entry.name} (118.12); one stated choice can't say "
            "what each of them did.",
            hint=f"Say “{entry.name} resolves.” and then state what each player did.",
        )
    return opponents


# Earthbend's delayed trigger: "Return it to the battlefield tapped under your control."
_RETURN_IT = remembered(
    re.compile(
        r"^return (?:it|that card) to the battlefield(?P<tapped> tapped)?"
        r"(?: under (?P<whose>your|its owner's) control)?\.?$",
        re.I,
    )
)


def _delayed_source(state: GameState, entry: StackEntry) -> GameObject | None:
    """The source of a delayed triggered ability ``entry`` creates as it resolves: the
    source of the ability that created it (603.7d: Badgermole Cub for its trigger's
    earthbend), or the spell itself."""
    if entry.source_id is not None and entry.spec.kind in (
        AbilityKind.TRIGGERED,
        AbilityKind.ACTIVATED,
    ):
        return state.objects.get(entry.source_id) or state.last_known(entry.source_id)
    return state.objects.get(entry.object_id)


def _return_the_watched(
    state: GameState, entry: StackEntry, found: re.Match[str], outcome: _Outcome
) -> GameState:
    """The card a delayed "when that land dies or is put into exile" ability watched, back
    onto the battlefield from where it went (701.66a): a new object (400.7); nothing when it
    has left that zone since, or was a token that ceased to exist (111.8)."""
    gone = state.departures.get(entry.triggered_by) if entry.triggered_by is not None else None
    card_id = gone.new_id if gone is not None else None
    card = state.objects.get(card_id) if card_id is not None else None
    if gone is None or card is None or card.zone is not gone.to_zone:
        outcome.nothing_to_do = True
        outcome.prevented = (
            "the card it would return has left the zone it went to, so it is a new object the "
            "ability can't find (400.7)"
        )
        return state
    after, new_id = state.move(card.id, Zone.BATTLEFIELD, "returned to the battlefield")
    if new_id is None:
        return state
    controller = entry.controller if (found["whose"] or "your") == "your" else card.owner
    returned = evolve(after.obj(new_id), controller=controller, tapped=bool(found["tapped"]))
    outcome.rules.append("400.7")
    return after.with_object(returned)


# A whole graveyard exiled: "Exile target player's graveyard.", "exile its controller's
# graveyard", "Exile each opponent's graveyard.", "Exile all graveyards." / "all cards from all
# graveyards".
_EXILES_GRAVEYARD = remembered(
    re.compile(
        r"^exile (?:all cards from )?(?P<whose>target player's|target opponent's|its "
        r"controller's|its owner's|that player's|each opponent's|each player's|your|all) "
        r"graveyards?\.?$",
        re.I,
    )
)


def _graveyard_owners(
    state: GameState,
    entry: StackEntry,
    whose: str,
    affected: list[tuple[TargetRef, int | None]],
) -> tuple[str, ...]:
    """The players whose graveyards ``whose`` ("target player's", "its controller's", "all")
    names as ``entry`` resolves; () when the bot can't tell."""
    if whose.startswith("target"):
        return tuple(ref for ref, _ in affected if isinstance(ref, str) and state.has_player(ref))
    if whose in ("all", "each player's"):
        return state.players_in_game
    if whose == "each opponent's":
        return tuple(p for p in state.players_in_game if p != entry.controller)
    if whose == "your":
        return (entry.controller,)
    # "its controller's": the object the ability is about as it last existed (608.2h): the
    # dead creature of a "when that creature dies" trigger, or the part's target.
    about = entry.triggered_by
    if about is None and affected and isinstance(affected[0][0], int):
        about = affected[0][0]
    if about is None or whose == "that player's":
        return ()
    seen = state.last_known(about)
    if seen is None:
        return ()
    return (seen.owner if whose == "its owner's" else seen.controller,)


_EACH_OPPONENT = remembered(re.compile(r"^each opponent\b", re.I))


def _unless_they_chose(
    state: GameState,
    entry: StackEntry,
    player: str,
    unless: re.Match[str],
    choices: ResolveChoices,
) -> tuple[GameState, str]:
    """The stated choice of the player an "unless they sacrifice ... or discard ..." asks: what
    they did instead ("" when they chose not to, so the part before happens; 118.12).  Under
    Sigarda they can't choose to sacrifice for an opponent's spell or ability (its ruling)."""
    if choices.payer and choices.payer.casefold() != player.casefold():
        raise EngineError(
            f"{player} chooses for {entry.name}, not {choices.payer} (118.12).",
            hint=f"Say “{entry.name} resolves and {player} doesn't pay.”",
        )
    if not choices.pays:
        return state, ""
    choice = unless["choice"].lower()
    discards = bool(choices.discarded) or choices.cost.lower().startswith("discard")
    if discards and "discard" in choice:
        for card in choices.discarded:
            state, _ = state.move(card, Zone.GRAVEYARD, "was discarded")
        what = and_list(state.label(c) for c in choices.discarded) or "a card"
        return state, f"{player} discarded {what} instead (118.12, 701.9a)"
    if "sacrifice" not in choice:
        raise EngineError(f"{entry.name} doesn't let {player} sacrifice anything (118.12).")
    if shield := sacrifice_shield(state, player, entry.controller):
        raise EngineError(
            f"{player} can't choose to sacrifice a permanent: {entry.controller} is an "
            f"opponent, and {state.label(shield[0].id)} says “{shield[1].rstrip('.')}” (101.2; "
            "Sigarda's ruling).",
            hint=f"Say “{entry.name} resolves and {player} doesn't pay.”"
            + (f" or “... and {player} discards a card.”" if "discard" in choice else ""),
        )
    if len(choices.sacrificed) != 1:
        raise EngineError(
            f"Which permanent does {player} sacrifice for {entry.name}? (701.21a)",
            hint=f"Name it: “{entry.name} resolves and {player} sacrifices Grizzly Bears.”",
        )
    victim = choices.sacrificed[0]
    if state.obj(victim).controller != player or state.obj(victim).zone is not Zone.BATTLEFIELD:
        raise EngineError(f"{player} doesn't control {state.label(victim)} (701.21a).")
    state, _ = state.move(victim, Zone.GRAVEYARD, "was sacrificed")
    return state, f"{player} sacrificed {state.label(victim)} instead (118.12, 701.21a)"


# Torment of Hailfire: "Repeat the following process X times." before the process itself.
_REPEAT_PROCESS = remembered(
    re.compile(r"\brepeat the following process (x|\d+) times?\b", re.IGNORECASE)
)


def _repetitions(entry: StackEntry, text: str) -> int:
    """How many times the part ``text`` happens: X for the process after "Repeat the
    following process X times" (Torment of Hailfire's ruling 2017-07-14: "... then repeats
    this process if it hasn't been done X times yet"), once otherwise."""
    found = _REPEAT_PROCESS.search(_text_so_far(entry, text))
    return _amount(found.group(1), entry) if found else 1


def _times_said(count: int) -> str:
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


def _repeated_choices(
    state: GameState,
    entry: StackEntry,
    player: str,
    unless: re.Match[str],
    choices: ResolveChoices,
    times: int,
) -> tuple[GameState, list[str], int]:
    """The stated choices of the player a repeated "... unless that player sacrifices a
    nonland permanent of their choice or discards a card" asks (Torment of Hailfire): one a
    repetition, each permanent named sacrificed and each card named discarded, the other
    repetitions doing neither (its ruling 2017-07-14: "Your opponent can always choose to
    lose 3 life").  Returns the state, what was done instead, and how many times neither
    was done."""
    if choices.payer and choices.payer.casefold() != player.casefold():
        raise EngineError(
            f"{player} chooses for {entry.name}, not {choices.payer} (118.12).",
            hint=f"Say “{entry.name} resolves and {player} doesn't pay.”",
        )
    if not choices.pays:
        return state, [], times
    choice = unless["choice"].lower()
    discards: list[int | None] = list(choices.discarded)
    if not discards and choices.cost.lower().startswith("discard"):
        discards = [None]  # "... and Bob discards a card."
    if discards and "discard" not in choice:
        raise EngineError(f"{entry.name} doesn't let {player} discard anything (118.12).")
    if choices.sacrificed and "sacrifice" not in choice:
        raise EngineError(f"{entry.name} doesn't let {player} sacrifice anything (118.12).")
    if not choices.sacrificed and not discards:
        raise EngineError(
            f"Which permanent does {player} sacrifice for {entry.name}? (701.21a)",
            hint=f"Name it: “{entry.name} resolves and {player} sacrifices Grizzly Bears.”",
        )
    if len(choices.sacrificed) + len(discards) > times:
        raise EngineError(
            f"{entry.name} repeats its process {times} times, so {player} makes {times} "
            f"choices, not {len(choices.sacrificed) + len(discards)} (118.12).",
            hint=f"Name at most {times}: “{entry.name} resolves and {player} sacrifices "
            "Grizzly Bears.”",
        )
    if choices.sacrificed and (shield := sacrifice_shield(state, player, entry.controller)):
        raise EngineError(
            f"{player} can't choose to sacrifice a permanent: {entry.controller} is an "
            f"opponent, and {state.label(shield[0].id)} says “{shield[1].rstrip('.')}” (101.2; "
            "Sigarda's ruling).",
            hint=f"Say “{entry.name} resolves and {player} doesn't pay.”"
            + (f" or “... and {player} discards a card.”" if "discard" in choice else ""),
        )
    done: list[str] = []
    for victim in choices.sacrificed:
        seen = as_seen(state, state.obj(victim))
        if seen.controller != player or seen.zone is not Zone.BATTLEFIELD:
            raise EngineError(f"{player} doesn't control {state.label(victim)} (701.21a).")
        if "nonland permanent" in choice and "land" in seen.card_types:
            raise EngineError(
                f"{state.label(victim)} is a land: {player} sacrifices a nonland permanent for "
                f"{entry.name} (701.21a)."
            )
        done.append(f"{player} sacrificed {state.label(victim)} (701.21a)")
        state, _ = state.move(victim, Zone.GRAVEYARD, "was sacrificed")
    for card in discards:
        done.append(f"{player} discarded {state.label(card) if card else 'a card'} (701.9a)")
        if card is not None:
            state, _ = state.move(card, Zone.GRAVEYARD, "was discarded")
    return state, done, times - len(done)


def _could_sacrifice(state: GameState, player: str, choice: str) -> bool:
    """Whether ``player`` controls a permanent "sacrifices a creature" / "a nonland
    permanent" / "a permanent" could take (another kind: assumed so)."""
    wanted = re.search(
        r"\bsacrifices? (?:a|an|another) (nontoken )?(nonland permanent|creature)", choice
    )
    for obj in state.zone_objects(Zone.BATTLEFIELD):
        if as_seen(state, obj).controller != player or obj.phased_out:
            continue
        if wanted is None:
            return True
        if wanted.group(1) and obj.kind is ObjectKind.TOKEN:
            continue
        kind = wanted.group(2)
        if kind == "creature" and "creature" in as_seen(state, obj).card_types:
            return True
        if kind == "nonland permanent" and "land" not in as_seen(state, obj).card_types:
            return True
    return False


def _player_discards(
    state: GameState, player: str, found: re.Match[str], entry: StackEntry, outcome: _Outcome
) -> GameState:
    """The player discards N cards (CR 701.9a): done when the choice is forced (the hand is
    known, as stated, and holds no more than N cards: all of them); otherwise the player
    chooses, which the answer asks for, and nothing is moved."""
    word = found["n"].lower()
    count = _amount(word, entry) if word == "x" or word.isdigit() else NUMBER_WORDS[word]
    stated = state.player(player).hand_stated
    hand = [obj.id for obj in state.zone_objects(Zone.HAND) if obj.owner == player]
    if stated and not hand:
        outcome.nothing_to_do = True
        outcome.notes.append(f"{player}'s hand is empty, so {player} discards nothing (701.9a)")
        return state
    if stated and len(hand) <= count:
        said = and_list(state.label(i) for i in hand)
        for card_id in hand:
            state, _ = state.move(card_id, Zone.GRAVEYARD, "was discarded")
        outcome.notes.append(f"{player} discards {said}, the whole hand (701.9a)")
        outcome.rules.append("701.9a")
        return state
    who = "at random" if found["random"] else f"of {player}'s choice"
    known = "" if stated else f" (the bot knows only the cards stated in {player}'s hand)"
    outcome.untracked = (
        f"{player} discards {found['n']} card{'' if count == 1 else 's'} {who}{known} "
        "(701.9a): say which with "
        f"“{player} discards …”"
    )
    outcome.rules.append("701.9a")
    return state


def _player_sacrifices(
    state: GameState, player: str, entry: StackEntry, text: str, outcome: _Outcome
) -> GameState:
    """CR 701.21a: the player chooses which of their permanents to sacrifice; when the choice
    is forced (as many or fewer than asked for), they are sacrificed now, else the user says
    which."""
    match = _PLAYER_SACRIFICE.search(text)
    if match is None or not state.has_player(player):
        outcome.untracked = NOT_TRACKED
        return state
    if shield := sacrifice_shield(state, player, entry.controller):
        # CR 101.2, Sigarda, Host of Herons ruling (2018-12-07): "if it would force you to
        # sacrifice a permanent, you just don't. That part of the effect does nothing."
        source, line = shield
        outcome.notes.append(
            f"{player} sacrifices nothing: {entry.controller} is an opponent, and "
            f"{state.label(source.id)} says “{line.rstrip('.')}” (101.2)"
        )
        outcome.rules.append("101.2")
        outcome.prevented = f"{state.label(source.id)} stops it (101.2)"
        return state
    # "another": not the ability's own source (Korvold, Fae-Cursed King).
    others = match.group(1) == "another"
    count = 1 if others else NUMBER_WORDS[match.group(1)]
    quality, kind = match.group(2), match.group(3)
    candidates = []
    for obj in state.zone_objects(Zone.BATTLEFIELD):
        seen = as_seen(state, obj)
        if seen.controller != player or obj.phased_out:
            continue
        if others and obj.id == entry.source_id:
            continue
        if kind != "permanent" and kind not in seen.card_types:
            continue
        if (quality == "attacking" and not obj.attacking) or (
            quality == "nontoken" and obj.kind is ObjectKind.TOKEN
        ):
            continue
        candidates.append(seen)
    if "greatest power" in match.group("rest") and candidates:
        # Crackling Doom: "a creature with the greatest power among creatures they control".
        top = max(c.current_power or 0 for c in candidates)
        candidates = [c for c in candidates if (c.current_power or 0) == top]
    wanted = f"{quality} {kind}" if quality else kind
    if not candidates:
        outcome.notes.append(f"{player} controls no {wanted}, so nothing is sacrificed (701.21a)")
        outcome.nothing_to_do = True
        return state
    if len(candidates) <= count:
        for chosen in candidates:
            state, _ = state.move(chosen.id, Zone.GRAVEYARD, "was sacrificed")
            outcome.notes.append(
                f"{player} sacrifices {chosen.name}, the only {wanted} they could (701.21a)"
            )
            outcome.rules.append("701.21a")
        return state
    choice = (
        f"{player} chooses which {wanted} to sacrifice (701.21a): say “{player} sacrifices "
        f"{candidates[0].name}.” or another"
    )
    # Innocent Blood: each player who has a choice is named, not only the last.
    outcome.untracked = f"{outcome.untracked}; {choice}" if outcome.untracked else choice
    # Only one of these will do when the user says which (a tie for greatest power counts).
    if "greatest power" in match.group("rest"):
        wanted += " with the greatest power"
    owed = OwedSacrifice(entry.name, count, wanted, tuple(c.id for c in candidates))
    return state.owing_sacrifice(player, owed)


# A protection the text names ("from each of your opponents", "from red"), not one chosen as it
# resolves ("the color of your choice"), which the user states instead.
_GAINED_PROTECTION = remembered(
    re.compile(rf"gains? protection from (?!{_CHOSEN_COLOUR})(.+?)(?: until end of turn|\.|$)")
)


# "This land becomes a 2/2 creature with all creature types" (Mutavault), "target land becomes
# a 3/3 creature that's still a land" (CR 613.6 example), "becomes a 4/4 white and blue
# Elemental creature with flying and vigilance" (Celestial Colonnade).
_ANIMATE = remembered(
    re.compile(
        r"becomes an? (?P<p>\d+)/(?P<t>\d+) (?P<desc>[a-z ]*?)creature"
        r"(?: with all creature types)?(?: with (?P<with>[a-z ,]+?))?(?:\.| until| that|$)"
    )
)


_COLOUR_WORD = r"(?:white|blue|black|red|green|colorless)"
_BECOMES_COLOUR = remembered(
    re.compile(
        rf"\bbecomes? (?P<colours>{_COLOUR_WORD}(?:(?:,| and|, and) {_COLOUR_WORD})*)"
        # "becomes red and gains haste until end of turn" (Crimson Wisps): both happen.
        r"(?P<gains> and gains? [^.]+?)?(?: until end of turn)?(?:\.|$)"
    )
)
_BECOMES_CHOSEN_COLOUR = remembered(re.compile(rf"\bbecomes? (?:{_CHOSEN_COLOUR})"))


# Turn to Frog: "target creature loses all abilities and becomes a blue Frog with base power
# and toughness 1/1"; Ovinize: "... loses all abilities and has base power and toughness 0/1".
_LOSES_ALL_ABILITIES = remembered(re.compile(r"\bloses all abilities\b"))
_THAT_PERMANENT_LOSES_ALL = remembered(
    re.compile(r"\bthat permanent loses all abilities\b", re.IGNORECASE)
)
_BECOMES_BASE = remembered(
    re.compile(
        r"\bbecomes an? (?P<desc>[a-z ]+?) with base power and toughness (?P<p>\d+)/(?P<t>\d+)"
    )
)
_HAS_BASE = remembered(re.compile(r"\bhas base power and toughness (?P<p>\d+)/(?P<t>\d+)"))


def _stripped(obj: GameObject, text: str, stamp: int) -> GameObject:
    """The creature after "loses all abilities" (layer 6, CR 613.1f), and what it "becomes":
    its colour and creature type replace the old ones and its base power and toughness is set
    (layers 4, 5, 7b; Turn to Frog rulings: "The creature will lose all other colors and
    creature types, but it will retain any other card types")."""
    obj = evolve(obj, keywords=frozenset(), abilities_lost=True)
    becomes = _BECOMES_BASE.search(text)
    base = becomes or _HAS_BASE.search(text)
    if becomes is not None:
        words = becomes["desc"].split()
        colors = frozenset(w for w in words if w in COLORS)
        kinds = frozenset(w for w in words if w not in colors and w not in CARD_TYPES)
        obj = evolve(obj, colors=colors or obj.colors, subtypes=kinds or obj.subtypes)
    if base is not None:
        # Layer 7b at this timestamp; the resolved +N/+N stay on top (613.4b-c, 613.7).
        obj = with_base(obj, int(base["p"]), int(base["t"]), stamp)
    return obj


def _animated(obj: GameObject, text: str, stamp: int) -> GameObject:
    """The permanent as the animating effect makes it: a creature with that power and
    toughness, keeping its other types (CR 205.1b); colours named replace its own (layer 5)."""
    match = _ANIMATE.search(text)
    assert match is not None
    words = match["desc"].split()
    colors = frozenset(w for w in words if w in COLORS)
    types = frozenset(w for w in words if w in CARD_TYPES) | {"creature"}
    subtypes = frozenset(w for w in words if w not in colors | types and w != "and")
    if "with all creature types" in text:
        subtypes |= {ALL_CREATURE_TYPES}  # Mutavault (702.73a's "every creature type")
    keywords = frozenset(
        k.strip() for k in re.split(r",? and |, ", match["with"] or "") if k.strip()
    )
    obj = with_base(obj, int(match["p"]), int(match["t"]), stamp)  # layer 7b (613.4b)
    return gaining(
        evolve(
            obj,
            card_types=obj.card_types | types,
            subtypes=obj.subtypes | subtypes,
            colors=colors or obj.colors,
        ),
        keywords,
        stamp,
    )


_LIFE_EQUAL_TO_STAT = remembered(
    re.compile(
        r"\b(?:its|that creature's|that permanent's) controller gains life equal to its "
        r"(power|toughness)\b"
    )
)


def _gain_life_from_last_known(
    state: GameState, ref: TargetRef, stat: str, before: GameState | None
) -> GameState:
    """Swords to Plowshares (power), Condemn (toughness): the creature's controller gains life
    equal to it as the creature last existed on the battlefield (CR 608.2h), with what applied
    to it then, such as a bestowed Aura's bonus (Condemn ruling 2010-08-15); none for a
    negative value."""
    departure = state.departures.get(ref) if isinstance(ref, int) else None
    if departure is None or not state.has_player(departure.snapshot.controller):
        return state
    if before is not None and isinstance(ref, int) and ref in before.objects:
        seen = as_seen(before, before.obj(ref))
    else:
        seen = as_seen(state, departure.snapshot)
    value = (seen.current_power if stat == "power" else seen.current_toughness) or 0
    if value <= 0:
        return state
    return _change_life(state, departure.snapshot.controller, value)


def _amount(word: str, entry: StackEntry) -> int:
    if word.lower() == "x":
        return entry.x or 0
    return int(word)


# The retargeting effects that copy a spell (CR 707.10).
_COPY_KINDS = frozenset(
    {RetargetKind.COPY, RetargetKind.COPY_MAY_CHOOSE_NEW, RetargetKind.COPY_FOR_EACH}
)


def _chosen_retargets(entry: StackEntry) -> list[tuple[RetargetSpec, frozenset[int] | None]]:
    """The retargeting effects the spell does, each with the target slots it acts on (None:
    all of them): its own, or each chosen mode's in the order written (CR 700.2, 608.2c:
    Return the Favor with both modes copies the spell, then changes its target)."""
    assert entry.spec.retarget is not None
    if entry.spec.choose is None:
        return [(entry.spec.retarget, None)]
    modes = [
        entry.spec.modes[i]
        for i in sorted(entry.modes)
        if 0 <= i < len(entry.spec.modes) and entry.spec.modes[i].retarget is not None
    ]
    if len(modes) < 2:
        return [(entry.spec.retarget, None)]
    return [
        (mode.retarget, frozenset(slot.index for slot in mode.slots))
        for mode in modes
        if mode.retarget is not None
    ]


def _apply_retarget(
    state: GameState,
    entry: StackEntry,
    legal_by_slot: dict[int, list[tuple[TargetRef, int | None]]],
    choices: ResolveChoices,
    spec: RetargetSpec,
    slot_indexes: frozenset[int] | None = None,
    *,
    followed: bool = False,
) -> tuple[GameState, list[str], tuple[str, ...], Verdict | None]:
    """Redirect, Deflection, Spellskite, Twincast...: change the targeted spell's targets.
    ``slot_indexes``: the slots this effect acts on (one mode of several); ``followed``:
    another retargeting mode comes after this one, and the new targets named are its.

    Returns the state, notes, rules, and the target change's own verdict (``None`` for a
    copy, whose outcome is the copy)."""
    targets = [
        ref
        for index, pairs in legal_by_slot.items()
        if slot_indexes is None or index in slot_indexes
        for ref, _ in pairs
    ]
    target_id = next((ref for ref in targets if isinstance(ref, int)), None)
    if target_id is None or state.stack_entry_or_none(target_id) is None:
        return state, [], (), None
    notes: list[str] = []
    rules: list[str] = []
    text = entry.spec.text.lower()
    if spec.kind is RetargetKind.COPY_FOR_EACH:
        return _copy_for_each(state, entry, target_id)
    if spec.kind is RetargetKind.COPY:
        if choices.new_targets or choices.copy_targets:
            raise EngineError(
                f"{entry.name} copies the spell with its targets: nothing lets new ones be "
                "chosen for the copy (707.10).",
                hint=f"Say “{entry.name} resolves.”",
            )
        state, verdict = copy_spell(state, target_id, entry.controller)
        if verdict.kind is VerdictKind.ILLEGAL:
            return state, [verdict.reason], verdict.rules, verdict
        return state, [verdict.reason], verdict.rules, None
    if spec.kind is RetargetKind.COPY_MAY_CHOOSE_NEW:
        # "Reverberate resolves choosing new targets Bob": for a copy-only effect the new
        # targets named are the copy's (707.10c); they were ignored before.
        # With a mode that changes targets after it, the new targets named are that mode's
        # (CR 707.10c: the copy's own new targets are said with "for the copy").
        wanted = choices.copy_targets or (() if followed else choices.new_targets)
        coloured = _COPY_COLOUR.search(text)
        twice = entry.flashback and "copy that spell twice instead" in text
        second_wanted = wanted
        count = state.entry(target_id).target_instances
        if twice and isinstance(wanted, Sequence) and count and len(wanted) == 2 * count:
            # Increasing Vengeance's ruling: "If there are two copies, you may change the
            # targets of each of them to different legal targets" (707.10c): the first copy's
            # new targets, then the second's.
            wanted, second_wanted = list(wanted[:count]), list(wanted[count:])
        state, verdict = copy_spell(
            state, target_id, entry.controller, wanted, colour=coloured[1] if coloured else ""
        )
        if twice:
            # Increasing Vengeance cast from a graveyard: two copies instead of one.
            state, second = copy_spell(state, target_id, entry.controller, second_wanted)
            verdict = evolve(
                verdict,
                reason=verdict.reason.rstrip(".") + "; and a second copy: " + second.reason,
            )
        if coloured:
            verdict = evolve(
                verdict,
                reason=verdict.reason.rstrip(".")
                + f"; the copy is {coloured[1]} (707.9b), which its targets' protection sees.",
                rules=merge_rules(verdict.rules, ("707.9b",)),
            )
        if verdict.kind is VerdictKind.ILLEGAL:
            return state, [verdict.reason], verdict.rules, verdict
        return state, [verdict.reason], verdict.rules, None
    new_targets = choices.new_targets
    copy_targets = choices.copy_targets
    count = state.entry(target_id).target_instances
    if (
        "copy that spell" in text
        and not copy_targets
        and isinstance(new_targets, Sequence)
        and count
        and len(new_targets) == 2 * count
    ):
        # Wild Ricochet "choosing new targets Bob and Llanowar Elves": the spell's new
        # targets, then the copy's (707.10c): two choices, in the order the text makes them.
        new_targets, copy_targets = list(new_targets[:count]), list(new_targets[count:])
    named = bool(new_targets) or choices.position is not None
    change: Verdict | None = None
    which: list[str] = []  # which target a fixed new target took, when no one said
    fixed = spec.new_target_text.lower().strip()
    if fixed:
        ref: TargetRef | None = None
        if fixed.startswith(("to this", "to ~", "this")) and entry.source_id is not None:
            ref = entry.source_id
        elif fixed in ("to you", "you"):
            ref = entry.controller
        target_entry = state.entry(target_id)
        count = target_entry.target_instances
        if ref is not None:
            if choices.position is not None:
                new_targets = {choices.position: ref}
            elif _is_stated_set(new_targets, count):
                # "Spellskite's ability resolves choosing new targets Runeclaw Bear and
                # Spellskite": the targets as they will be, so the one that changes is the
                # one the player chose (Spellskite ruling 2020-08-07, CR 115.7b).
                assert isinstance(new_targets, Sequence)
                stated = _change_to_fixed(state, entry, target_entry, ref, new_targets)
                if isinstance(stated, Verdict):
                    notes.append(stated.reason)
                    return state, notes, stated.rules, stated
                new_targets = stated
            else:
                # The first target it can legally replace (the controller's pick).
                possible = _replaceable(state, target_entry, ref)
                new_targets = {possible[0]: ref} if possible else ({0: ref} if count else {})
                which = _which_position_note(state, entry, target_entry, ref, possible)
    if new_targets or spec.kind is not RetargetKind.CHOOSE_NEW_TARGETS:
        state, verdict = retarget(
            state,
            target_id,
            spec.kind,
            new_targets,
            actor=entry.controller,
            single_target_only=spec.single_target_only,
            must_target=spec.must_target,
            named=named,
        )
        change = verdict
        notes.append(verdict.reason)
        if verdict.kind is VerdictKind.CHANGED:
            notes.extend(which)
        rules.extend(verdict.rules)
    else:
        # "You may choose new targets" and none were named: the targets stay (115.7d).
        change = Verdict(VerdictKind.UNCHANGED, "no new targets were chosen (115.7d)", ("115.7d",))
        notes.append(
            f"{state.entry(target_id).name}'s targets stay as they were: no new "
            "targets were chosen (115.7d)"
        )
        rules.append("115.7d")
    if "copy that spell" in text:
        state, verdict = copy_spell(state, target_id, entry.controller, copy_targets)
        notes.append(verdict.reason)
        rules.extend(verdict.rules)
    return state, notes, tuple(rules), change


def _copy_for_each(
    state: GameState, entry: StackEntry, target_id: int
) -> tuple[GameState, list[str], tuple[str, ...], Verdict | None]:
    """CR 707.10d (Radiate): a copy of the spell for each other permanent or player it could
    target, each copy targeting a different one; the copies are controlled by this effect's
    controller, and "could target" is checked as that player's copy (hexproof counts)."""
    original = state.entry(target_id)
    current = {ref for c in original.targets for ref in c.refs}
    candidates: list[TargetRef] = [
        *state.players_in_game,
        *(o.id for o in state.zone_objects(Zone.BATTLEFIELD) if not o.phased_out),
    ]
    made: list[str] = []
    for ref in candidates:
        if ref in current:
            continue
        after, verdict = copy_spell(state, target_id, entry.controller, [ref])
        if verdict.kind is VerdictKind.ILLEGAL:
            continue  # not a target the spell could have (115.1, 707.10d)
        state = after
        made.append(state.label(ref))
    if not made:
        note = f"{original.name} could target nothing else, so no copy is made (707.10d)"
    else:
        note = (
            f"{entry.controller} puts {counted(len(made), 'copy', 'copies')} of "
            f"{original.name} on the stack, targeting {', '.join(made)} (707.10d)"
        )
    return state, [note], ("707.10d",), None


def _is_stated_set(
    new_targets: Sequence[TargetRef | None] | Mapping[int, TargetRef], count: int
) -> bool:
    """Whether the new targets named are the whole set of targets as it will be (one per
    target instance), rather than just the fixed new target (``choosing new targets
    Spellskite``, which says nothing about which target it replaces)."""
    return not isinstance(new_targets, Mapping) and count > 1 and len(new_targets) == count


def _change_to_fixed(
    state: GameState,
    entry: StackEntry,
    target_entry: StackEntry,
    ref: TargetRef,
    stated: Sequence[TargetRef | None],
) -> dict[int, TargetRef] | Verdict:
    """The target changes a stated final set asks of an effect that can only change targets
    to ``ref`` ("change the target of target spell or ability to Spellskite"), or the
    ``illegal`` verdict of a set that effect can't make."""
    places = positions(target_entry)
    changes = {
        number: new
        for number, (place, new) in enumerate(zip(places, stated, strict=True))
        if new is not None and new != place.ref
    }
    wrong = [new for new in changes.values() if new != ref]
    if not wrong:
        return changes  # retarget() checks that exactly one changes, legally (115.7b)
    fixed = state.label(ref)
    example = _with_replaced(state, places, _replaceable(state, target_entry, ref)[:1], ref)
    return Verdict(
        VerdictKind.ILLEGAL,
        f"{entry.name} can change a target of {target_entry.name} to {fixed} only, not to "
        f"{state.label(wrong[0])}: name the targets as they will be, with one of them replaced "
        f"by {fixed}, e.g. “{example}” (115.7b).",
        ("115.7b",),
        object_ids=(entry.object_id,),
    )


def _replaceable(state: GameState, target_entry: StackEntry, ref: TargetRef) -> list[int]:
    """The positions of ``target_entry``'s targets that ``ref`` could legally replace."""
    who = targeting_for_entry(state, target_entry)
    return [
        number
        for number, place in enumerate(positions(target_entry))
        if place.ref != ref and check_target(state, who, place.slot, ref).legal
    ]


def _with_replaced(
    state: GameState, places: Sequence[Position], numbers: Sequence[int], ref: TargetRef
) -> str:
    """The targets named in order, those at ``numbers`` replaced by ``ref``."""
    return " and ".join(
        state.label(ref if number in numbers else place.ref) for number, place in enumerate(places)
    )


def _which_position_note(
    state: GameState,
    entry: StackEntry,
    target_entry: StackEntry,
    ref: TargetRef,
    possible: Sequence[int],
) -> list[str]:
    """When the player didn't say which target a "change a target to [this]" effect replaces
    and it could replace another of the ``possible`` ones, say which one was taken (the first)
    and how to choose another."""
    if len(possible) < 2:
        return []
    places = positions(target_entry)
    taken, other = possible[0], possible[1]
    example = _with_replaced(state, places, (other,), ref)
    return [
        f"{entry.controller} chooses which target of {target_entry.name} becomes "
        f"{state.label(ref)}, and none was named, so it took {state.label(places[taken].ref)}'s "
        f"place (say “{entry.name} resolves choosing new targets {example}” to choose another)"
    ]


_KICKER = re.compile(r"^(?:multi)?kicker\b", re.IGNORECASE | re.MULTILINE)


# CR 110.4b: the spells that become permanents as they resolve.
PERMANENT_SPELL_TYPES = frozenset({"artifact", "battle", "creature", "enchantment", "planeswalker"})


def _copy_becomes_token(
    state: GameState, entry: StackEntry, copy: GameObject, event: str
) -> GameState:
    """CR 608.3f, 707.10f: a copy of a permanent spell becomes a token as it resolves, under
    its controller's control, with its "enters with" counters (614.1c)."""
    token = evolve(copy, controller=entry.controller, owner=entry.controller)
    return state.becomes_token(entry.object_id, evolve(token, counters=enters_with(token)), event)


def _leave_stack(state: GameState, entry: StackEntry, event: str) -> GameState:
    """A resolved or removed spell goes to its owner's graveyard (608.2n), a permanent spell
    to the battlefield (608.3); abilities and copies just cease to exist (707.10a)."""
    obj = state.objects.get(entry.object_id)
    if obj is None:
        return state
    # (A land on the stack, as a statement may put one, enters too, as it did before.)
    permanent = bool(obj.card_types & (PERMANENT_SPELL_TYPES | {"land"}))
    if event == "resolved" and entry.is_copy and obj.kind is ObjectKind.SPELL and permanent:
        return _copy_becomes_token(state, entry, obj, event)
    if obj.kind is not ObjectKind.SPELL or entry.is_copy:
        state, _ = state.move(entry.object_id, None, event)
        return state
    if entry.flashback or entry.jump_start:
        # CR 702.34a: "If the flashback cost was paid, exile this card instead of putting it
        # anywhere else any time it would leave the stack."  702.133a: jump-start likewise.
        rule = "702.34a" if entry.flashback else "702.133a"
        state, _ = state.move(entry.object_id, Zone.EXILE, f"{event} and was exiled ({rule})")
        return state
    if event == "resolved" and permanent:
        state, new_id = state.move(entry.object_id, Zone.BATTLEFIELD, "resolved")
        if new_id is not None:
            entered = state.obj(new_id)
            if _KICKER.search(entered.oracle_text):
                # Its "if it was kicked" parts as cast (CR 702.33e: linked to the kicker paid
                # or not): unkicked, Goblin Ruinblaster has no trigger to put on the stack.
                entered = evolve(entered, oracle_text=obj.oracle_text)
            # CR 614.1c: "enters with N counters" (and modular, 702.43a) as it enters.
            state = state.with_object(
                evolve(entered, controller=entry.controller, counters=enters_with(entered))
            )
        return state
    if event == "resolved" and _shuffles_itself(entry.spec.text, obj.name):
        # Beacon of Destruction, Black Sun's Zenith: the card goes into its owner's library.
        state, _ = state.move(
            entry.object_id, Zone.LIBRARY, "was shuffled into its owner's library"
        )
        return state
    if event == "resolved" and (
        _exiles_itself(entry.spec.text, obj.name) or "rebound" in obj.keywords
    ):
        # Teferi's Protection: "Exile Teferi's Protection." (608.2n: its instructions say
        # where it goes); rebound: a spell cast from the hand (the bot's default) is exiled
        # instead of put into the graveyard (702.88a).
        how = "rebound, 702.88a" if "rebound" in obj.keywords else "608.2n"
        state, _ = state.move(entry.object_id, Zone.EXILE, f"was exiled as it resolved ({how})")
        return state
    if event == "resolved" and "adventure" in obj.subtypes:
        # CR 715.3d: a spell cast as an Adventure is exiled as it resolves (its controller may
        # cast the creature later); one that leaves the stack otherwise goes to the graveyard.
        state, _ = state.move(entry.object_id, Zone.EXILE, "was exiled as it resolved (715.3d)")
        return state
    state, _ = state.move(entry.object_id, Zone.GRAVEYARD, event)
    return state


_CAST_FROM_GRAVEYARD = remembered(
    re.compile(r"^if this spell was cast from (?:a|your) graveyard\b", re.I)
)
_DAMAGE_TO_A_TARGET = re.compile(
    r"\b(\d+) damage to (?:any|another|a second|a third|target)\b[^,;]*?\btarget\b", re.I
)


@functools.lru_cache(maxsize=1024)
def _amounts_to_targets(text: str) -> tuple[int, ...]:
    """The damage amounts a sentence deals to its targets, in order (asked of every part that
    resolves: issue 14)."""
    return tuple(int(found) for found in _DAMAGE_TO_A_TARGET.findall(text))


def _damage_by_slot(text: str, slots: Sequence[int]) -> dict[int, int]:
    """Each target slot's own damage when one sentence names several ("1 damage to any
    target, 2 damage to another target"); empty when it names one amount."""
    amounts = _amounts_to_targets(text)
    if len(slots) < 2 or len(amounts) != len(slots):
        return {}
    return dict(zip(slots, amounts, strict=True))


# Asked of every spell that resolves (issue 14): each pattern is made from the spell's name.
@functools.lru_cache(maxsize=1024)
def _shuffles_itself(text: str, name: str) -> bool:
    """Whether a spell's text shuffles the spell itself into its owner's library."""
    if "shuffle" not in text.casefold():
        return False  # most spells: no pattern made from the name (compiled per name)
    return (
        re.search(
            rf"\bshuffle (?:{re.escape(name)}|this card|~) into its owner's library",
            text,
            re.IGNORECASE,
        )
        is not None
    )


@functools.lru_cache(maxsize=1024)
def _exiles_itself(text: str, name: str) -> bool:
    """Whether a spell's text ends by exiling the spell itself ("Exile Teferi's Protection.")."""
    if "exile" not in text.casefold():
        return False  # most spells: no pattern made from the name (compiled per name)
    return (
        re.search(rf"(?:^|\.\s+)exile (?:{re.escape(name)}|this spell)\.", text, re.I) is not None
    )


def _resolve_counter_that(state: GameState, entry: StackEntry) -> tuple[GameState, Verdict]:
    """Kira's granted trigger: "counter that spell or ability" (CR 701.6a), with no target:
    it counters the spell or ability that made it trigger, if that is still on the stack."""
    assert entry.refers_to is not None
    what = stack_name(state, entry.refers_to)
    target = state.stack_entry_or_none(entry.refers_to)
    after = _leave_stack(state, entry, "resolved")
    if target is None:
        return after, Verdict(
            VerdictKind.RESOLVED,
            f"{entry.name} resolves and does nothing: {what} is no longer on the stack "
            "(608.2, 603.2).",
            ("608.2", "603.2"),
            object_ids=(entry.object_id,),
        )
    after = _leave_stack(after, target, "was countered")
    return after, Verdict(
        VerdictKind.RESOLVED,
        f"{entry.name} resolves: {what} is countered and none of its effects happen "
        "(603.2, 701.6a).",
        ("603.2", "701.6a"),
        effects=(EffectReport(f"counter {what}", True, (what,)),),
        object_ids=(entry.object_id,),
    )


def _resolve_unless(
    state: GameState, entry: StackEntry, choices: ResolveChoices
) -> tuple[GameState, Verdict]:
    """Ward's "counter that spell or ability unless that player pays [cost]" (CR 702.21a):
    "unless" means the player may pay, and if they don't, it is countered (CR 118.12a)."""
    # Ward (702.21a) or a printed "counter that spell unless ..." trigger (Frost Titan, 603.2).
    basis = entry.spec.rule or "702.21a"
    assert entry.refers_to is not None
    payer, cost = entry.unless_payer, entry.unless_cost
    what = stack_name(state, entry.refers_to)
    action = pays_phrase(payer, cost)
    target = state.stack_entry_or_none(entry.refers_to)
    if target is None:
        # CR 608.2, 702.21a: "that spell or ability" is gone, so there is nothing to counter.
        after = _leave_stack(state, entry, "resolved")
        return after, Verdict(
            VerdictKind.RESOLVED,
            f"{entry.name} resolves and does nothing: {what} is no longer on the stack, so "
            f"there is nothing to counter and {payer} isn't asked to pay (608.2, {basis}).",
            ("608.2", basis),
            effects=(
                EffectReport(
                    f"counter {what} unless {action}",
                    False,
                    why=f"{what} is no longer on the stack",
                ),
            ),
            object_ids=(entry.object_id,),
        )
    if choices.pays is None:
        raise _payment_needed(
            state,
            entry,
            f"{entry.name} counters {what} unless {action}: say whether {payer} pays "
            f"({basis}, 118.12a).",
        )
    if choices.payer and choices.payer.casefold() != payer.casefold():
        raise _payment_needed(
            state,
            entry,
            f"{payer} decides whether to pay for {entry.name}, not {choices.payer}: “that "
            f"player” is {payer}, who controls {what} ({basis}, 118.12a).",
        )
    if choices.cost and not same_cost(choices.cost, cost):
        raise _payment_needed(
            state, entry, f"{entry.name} asks for {cost_text(cost)}, not {choices.cost} ({basis})."
        )
    effect = f"counter {what} unless {action}"
    if choices.pays:
        paid = pay_unless_cost(
            state, entry, sacrificed=choices.sacrificed, discarded=choices.discarded
        )
        if isinstance(paid, Unpayable):
            # CR 118.3: the payment can't be made; the trigger waits for "doesn't pay".
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{paid.reason.rstrip('.')}; say that {payer} doesn't pay, and {what} is "
                "countered.",
                paid.rules,
                object_ids=(entry.object_id,),
            )
        rules: tuple[str, ...] = ("608.2", basis, "118.12a", *paid.rules)
        after = _leave_stack(paid.state, entry, "resolved")
        return after, Verdict(
            VerdictKind.RESOLVED,
            f"{entry.name} resolves: {paid.done}, so {what} isn't countered and stays on the "
            f"stack ({', '.join(rules[1:])}).",
            rules,
            effects=(EffectReport(effect, False, (what,), why=paid.done),),
            object_ids=(entry.object_id,),
        )
    if stays := uncounterable_because(state, target.object_id):
        # CR 101.2: "can't be countered" wins over "counter"; the trigger still resolved.
        after = _leave_stack(state, entry, "resolved")
        return after, Verdict(
            VerdictKind.RESOLVED,
            f"{entry.name} resolves: {declines_phrase(payer, cost)}, but {what} {stays}, so "
            f"it stays on the stack and will resolve ({basis}, 101.2).",
            ("608.2", basis, "101.2"),
            effects=(EffectReport(effect, False, (what,), why=f"{what} can't be countered"),),
            object_ids=(entry.object_id,),
        )
    # CR 701.6a: countered, it leaves the stack without resolving; a spell goes to its owner's
    # graveyard, an ability (or a copy) ceases to exist.
    obj = state.obj(target.object_id)
    spell = obj.kind is ObjectKind.SPELL and not target.is_copy
    after = _leave_stack(state, target, "was countered")
    after = _leave_stack(after, entry, "resolved")
    where = f"it is put into {obj.owner}'s graveyard" if spell else "it is removed from the stack"
    return after, Verdict(
        VerdictKind.RESOLVED,
        f"{entry.name} resolves: {declines_phrase(payer, cost)}, so {what} is countered: "
        f"{where} and none of its effects happen ({basis}, 118.12a, 701.6a).",
        ("608.2", basis, "118.12a", "701.6a"),
        effects=(EffectReport(effect, True, (what,), why=f"{payer} didn't pay"),),
        object_ids=(entry.object_id, target.object_id),
    )


_CANT_BE_COUNTERED = remembered(
    re.compile(r"^this spell can't be countered\.", re.IGNORECASE | re.MULTILINE)
)


def uncounterable_because(state: GameState, object_id: int, *, by: GameObject | None = None) -> str:
    """Why the spell ``object_id`` can't be countered, as a clause after its name ("can't be
    countered (Hexing Squelcher: ...)"); "" when it can be (CR 101.2).  A spell whose own text
    says "This spell can't be countered." (Abrupt Decay, Carnage Tyrant), or Banefire's "If X is
    5 or more" with such an X, or whose controller's spells can't be countered now (Veil of
    Summer; Autumn's Veil only by blue or black spells: ``by`` is what tries to counter it), or
    that a permanent's static ability protects (Hexing Squelcher, Destiny Spinner)."""
    obj = state.objects.get(object_id)
    if obj is not None and obj.kind in (
        ObjectKind.ACTIVATED_ABILITY,
        ObjectKind.TRIGGERED_ABILITY,
    ):
        # "Spells and abilities can't be countered." (Spider-Punk): Stifle does nothing.
        if shield := ability_counter_shield(state):
            return f"can't be countered ({state.label(shield[0].id)}: “{shield[1].rstrip('.')}”)"
        return ""
    if obj is None or obj.kind is not ObjectKind.SPELL:
        return ""
    text = obj.oracle_text.replace("’", "'")
    if _CANT_BE_COUNTERED.search(text):
        return "can't be countered"
    if state.has_player(obj.controller) and spells_protected(state.player(obj.controller), by):
        return "can't be countered"  # said where Veil of Summer resolved
    # Banefire: "If X is 5 or more, this spell can't be countered ..."
    big_x = re.search(r"\bIf X is (\d+) or more, this spell can't be countered", text)
    entry = state.stack_entry_or_none(object_id)
    if big_x and entry and entry.x is not None and entry.x >= int(big_x.group(1)):
        return f"can't be countered (X is {entry.x})"
    if shield := counter_shield(state, obj):
        source, line = shield
        return f"can't be countered ({state.label(source.id)}: “{line.rstrip('.')}”)"
    return ""


# Mana Leak: "Counter target spell unless its controller pays {3}." (CR 118.12a)
# "Counter target spell unless its controller pays {3}" (Mana Leak); "Change the target of
# target spell with a single target unless that spell's controller pays {2}" (Divert).
_UNLESS_PAYS = remembered(
    re.compile(
        r"\b(?P<what>counter|change the target of) (?:target|that spell) [^.]*?\bunless "
        r"(?:its|that spell's) "
        r"controller pays ((?:\{[^}]+\})+|\d+ life|x)",
        re.IGNORECASE,
    )
)


_X_IN_COST = re.compile(r"\{x\}", re.IGNORECASE)


def _paid_instead(
    state: GameState,
    entry: StackEntry,
    affected: list[tuple[TargetRef, int | None]],
    cost: str,
    choices: ResolveChoices,
    *,
    retargets: bool = False,
) -> str | None:
    """Whether the targeted spell's controller pays to keep it (CR 118.12a): the reason it
    isn't countered (or, ``retargets``, its target isn't changed), None if they don't pay; an
    error naming the statements if nobody said."""
    ref = affected[0][0]
    target = state.stack_entry_or_none(ref) if isinstance(ref, int) else None
    if target is None:
        return None
    printed = cost
    if entry.x is not None and _X_IN_COST.search(cost):
        # Syncopate cast with X=2 asks for {2}: X is the value announced as it was cast
        # (107.3a, 601.2b); "pays {X}" is still understood.
        cost = _X_IN_COST.sub(f"{{{entry.x}}}", cost)
    payer, what = target.controller, state.label(ref)
    priced = f" {cost}" if cost.startswith("{") else ""
    statements = (
        f"{entry.name} resolves and {payer} pays{priced}.",
        f"{entry.name} resolves and {payer} doesn't pay.",
    )
    refused = statements[1].rstrip(".") + ", changing the target to …" if retargets else ""
    if choices.pays is None and retargets and choices.new_targets:
        # Divert "resolves changing the target to Grizzly Bears": the target changes only if
        # the controller doesn't pay, so naming the new target says they didn't.
        return None
    if choices.pays is None:
        doing = f"changes {what}'s target" if retargets else f"counters {what}"
        error = EngineError(
            f"{entry.name} {doing} unless {payer} pays {cost}: say whether {payer} pays (118.12a).",
            hint=f"Say “{statements[0]}” or “{refused or statements[1]}”",
        )
        error.statements = statements
        raise error
    if choices.payer and choices.payer.casefold() != payer.casefold():
        raise EngineError(
            f"{payer} decides whether to pay for {entry.name}, not {choices.payer}: “its "
            f"controller” is {payer}, who controls {what} (118.12a).",
            hint=f"Say “{statements[0]}” or “{statements[1]}”",
        )
    if choices.cost and not same_cost(choices.cost, cost) and not same_cost(choices.cost, printed):
        x_is = f" ({printed} with X={entry.x}, 107.3a)" if printed != cost else ""
        raise EngineError(
            f"{entry.name} asks for {cost}{x_is}, not {choices.cost} (118.12a).",
            hint=f"Say “{statements[0]}” or “{statements[1]}”",
        )
    if not choices.pays:
        return None
    if retargets:
        return f"{payer} pays {cost}, so {what}'s target isn't changed (118.12a)"
    return f"{payer} pays {cost}, so {what} isn't countered (118.12a)"


_COLOURS = ("white", "blue", "black", "red", "green")


def colour_needed(
    name: str,
    alternative: str | None = None,
    *,
    what: str = "gives protection from the color of its controller's choice",
) -> EngineError:
    """The choice the engine can't make, the colour chosen as ``name`` resolves ("protection
    from the color of your choice", Mother of Runes; CR 608.2d), with a statement per colour
    (and per ``alternative``: Giver of Runes' "from colorless or from the color ...")."""
    options = (*_COLOURS, *((alternative.lower(),) if alternative else ()))
    statements = tuple(f"{name} resolves choosing {colour}." for colour in options)
    error = EngineError(
        f"{name} {what}, chosen as it resolves: say which colour (608.2d).",
        hint=f"Say “{statements[3]}” or another colour.",
    )
    error.statements = statements
    return error


def _payment_needed(state: GameState, entry: StackEntry, message: str) -> EngineError:
    """The choice the engine can't make, whether the player pays (CR 118.12a), with the
    statements that make it (the trigger is on top of the stack when it resolves): paying is
    offered only when the player can pay (CR 118.3), once for each creature they could
    sacrifice or card they could discard."""
    declines = f"The top of the stack resolves and {entry.unless_payer} doesn't pay."
    pays = payment_statements(state, entry)
    if pays:
        hint = f"Say “{pays[0]}” or “{declines}”"
    elif (unpayable := why_unpayable(state, entry)) is not None:
        hint = f"{unpayable.reason[:1].upper()}{unpayable.reason[1:]}: say “{declines}”"
    else:
        hint = f"Say “{declines}”"
    error = EngineError(message, hint=hint)
    error.statements = (*pays, declines)
    return error


def resolve_entry(
    state: GameState, entry_id: int, choices: ResolveChoices | None = None
) -> tuple[GameState, Verdict]:
    """Resolve a named spell or ability: only the top one can resolve (CR 608.1)."""
    entry = state.entry(entry_id)
    if state.stack[-1].object_id != entry_id:
        top = state.stack[-1]
        named, above = entry.name, top.name
        if named == above:
            # Thragtusk's two triggers (QA 57 M4): told apart by id.
            named, above = f"{named} (#{entry_id})", f"{above} (#{top.object_id})"
        return state, Verdict(
            VerdictKind.ILLEGAL,
            f"{named} isn't on top of the stack; {above} resolves first (405.5, 608.1).",
            ("405.5", "608.1"),
            object_ids=(entry_id,),
        )
    return resolve_top(state, choices)


def unless_they_choice(state: GameState) -> EngineError | None:
    """The choice the top of the stack waits for as it resolves when one player may sacrifice
    or discard instead (Demanding Dragon's "... unless that player sacrifices a creature of
    their choice", Torment of Hailfire; CR 118.12, 608.2d): an error naming the statements
    that make it, offered as next steps in a saved game as Dazzling Denial's "unless pays" is.
    None when nothing is asked: no such part, several players choosing, or a player who can
    do none of it (then the part just happens, ``_unless_forced``)."""
    if not state.stack:
        return None
    entry = state.stack[-1]
    for part in _effects(entry):
        unless = _UNLESS_THEY.search(part.text)
        if unless is None:
            continue
        targeted = [
            ref
            for chosen in entry.targets
            if not part.slot_indexes or chosen.slot_index in part.slot_indexes
            for ref in chosen.refs
            if isinstance(ref, str)
        ]
        try:
            players = targeted or _unless_payers(state, entry, part.text, [])
        except EngineError:
            return None  # several opponents choose: each is stated (the hint says so)
        if len(players) != 1 or not state.has_player(players[0]):
            return None
        player = players[0]
        if _unless_forced(state, player, entry, part.text, _Outcome()):
            return None
        choice = unless["choice"].lower()
        resolves = f"{entry.name} resolves and {player}"
        statements = [f"{resolves} doesn't."]
        if "sacrifice" in choice and not sacrifice_shield(state, player, entry.controller):
            wanted = "creature" if "creature" in choice.split(" or ")[0] else ""
            for obj in state.zone_objects(Zone.BATTLEFIELD):
                seen = as_seen(state, obj)
                if seen.controller != player or obj.phased_out:
                    continue
                if wanted and wanted not in seen.card_types:
                    continue
                if "nonland" in choice and "land" in seen.card_types:
                    continue
                statements.append(f"{resolves} sacrifices {state.label(obj.id)}.")
        if "discard" in choice:
            statements.append(f"{resolves} discards a card.")
        times = _repetitions(entry, part.text)
        repeated = (
            f" It is done {times} times, a choice each time: name each permanent or card, for "
            f"example “{resolves} sacrifices … and …”."
            if times > 1
            else ""
        )
        error = EngineError(
            f"{entry.name}: {part.text.rstrip('.')}. Say what {player} does (118.12, 608.2d)."
            + repeated,
            hint=f"Say “{statements[-1]}” or “{statements[0]}”",
        )
        error.statements = tuple(statements)
        return error
    return None


def may_pay_choice(state: GameState) -> EngineError | None:
    """The payment the top of the stack offers a player as it resolves ("Then that creature's
    controller may pay {2}{U}", Chain Stasis; "You may pay {2}"; CR 608.2d), asked before it
    resolves in a saved game, where it can't be resolved again once the choice is said: an
    error naming the statements that make it (pays, doesn't pay). None when nothing is
    offered, or the payer isn't one player the bot can name (Smothering Tithe's "that player")."""
    if not state.stack:
        return None
    entry = state.stack[-1]
    affected: list[tuple[TargetRef, int | None]] = [
        (ref, None) for chosen in entry.targets for ref in chosen.refs
    ]
    for part in _effects(entry):
        if own := _OWN_MAY_PAY.match(part.text):
            payer, cost = entry.controller, own["cost"]
        elif (offer := _OTHERS_MAY_PAY.match(part.text)) and not offer["each"]:
            who = "that player" if offer["who"].lower() == "they" else offer["who"].lower()
            payer, cost = _payer_named(state, who, affected) or "", offer["cost"]
        else:
            continue
        if not state.has_player(payer):
            return None
        statements = (
            f"{entry.name} resolves and {payer} pays {cost}.",
            f"{entry.name} resolves and {payer} doesn't pay.",
        )
        error = EngineError(
            f"As {entry.name} resolves, {payer} may pay {cost}: {payer}'s choice, made as it "
            f"resolves (608.2d). Say whether {payer} pays; nothing changed until then.",
            hint=f"Say “{statements[0]}” or “{statements[1]}”",
        )
        error.statements = statements
        return error
    return None


def _returning_card_gone(state: GameState, entry: StackEntry) -> str | None:
    """Why persist's or undying's trigger returns nothing, when the card it returns left the
    graveyard before it resolved: there it became a new object the ability can't find (CR
    400.7; 702.79a, 702.93a); None when the card is still there (or isn't known)."""
    if entry.spec.keyword not in ("persist", "undying") or entry.source_id is None:
        return None
    died = state.departures.get(entry.source_id)
    if died is None or died.new_id is None or died.to_zone is not Zone.GRAVEYARD:
        return None
    card = state.objects.get(died.new_id)
    if card is not None and card.zone is Zone.GRAVEYARD:
        return None
    moved = state.departures.get(died.new_id)
    where = f" (it is now in {moved.to_zone.value})" if moved and moved.to_zone else ""
    return (
        f"{died.snapshot.name} left the graveyard before this resolved{where}: it is a new "
        "object the ability can't find, so nothing returns (400.7)"
    )
