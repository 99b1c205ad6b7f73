"""The Riftbound engine facade: a board, the chain, and the calls the scenario language makes.

Riftbound is not MTG with other words.  What is a target is decided by rule 355.10 (352.10 in
v1.2) from the text (``analysis.analyse``), not by the word "target"; a unit is played to a
location chosen as it is played (355.2) and goes straight to the board (359.2); a spell lingers
on the chain (359.3) and, when it resolves, does what it can even if some or all of its targets
are illegal (359.3.e.1: no fizzle; 055: do as much as you can).  Nothing here uses
``bot.engine.mtg``.

The state lives in ``state.py``, playing a card one choice at a time in ``playing.py``, what
resolving does on the board in ``resolution.py``; this module is the facade over them.

Every change returns ``(new_state, Verdict)``; an illegal action returns the same state with an
``illegal`` verdict.  Malformed calls (an unknown id) raise ``EngineError``.  States are
immutable values with a JSON form (``RbState.to_dict``/``from_dict``) for snapshots.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import replace

from bot.engine.errors import EngineError, IllegalActionError
from bot.engine.riftbound.abilities import (
    QUICK_DRAW_TEXT,
    VISION_TEXT,
    RbAbility,
    read_abilities,
    vision_ability,
)
from bot.engine.riftbound.analysis import REFLEXIVE, Mention, TargetAnalysis, analyse
from bot.engine.riftbound.attachments import (
    attach,
    detach,
    set_might_bonus,
    unknown_bonus_note,
    unknown_might_bonuses,
)
from bot.engine.riftbound.entering import played_entry
from bot.engine.riftbound.hidden import (
    has_hidden,
    hidden_card,
    hidden_choice_refusal,
    hidden_reaction_note,
    leave_facedown,
    not_this_turn,
    refused_from_hidden,
)
from bot.engine.riftbound.hidden import hide as hide_card
from bot.engine.riftbound.hidden import later_turn as later_turn_for_hidden
from bot.engine.riftbound.keyword_questions import keyword_answer
from bot.engine.riftbound.keywords import (
    choosing_abilities,
    has_reaction,
    printed_keywords,
    vision_granters,
)
from bot.engine.riftbound.kill_costs import kill_cost, payers, why_not_payer
from bot.engine.riftbound.model import RbContext, RbKind, RbObject, RbZone
from bot.engine.riftbound.modes import Modes, modes_inline, modes_of
from bot.engine.riftbound.moved_referent import about_moved_enemy, moved_enemy_for
from bot.engine.riftbound.moving import (
    chosen_move,
    destination_label,
    destination_refusal,
    moving_objects,
    pronoun,
    valid_destinations,
    why_nowhere,
)
from bot.engine.riftbound.optional_costs import (
    NO_OPTIONAL_COSTS,
    OptionalCosts,
    has_accelerate,
    repeat_notes,
    repeated_text,
)
from bot.engine.riftbound.optional_costs import refusal as optional_cost_refusal
from bot.engine.riftbound.playing import (
    USE_MY_ABILITIES,
    USE_WHILE_AT_BATTLEFIELD,
    AbilitySource,
    PlayInProgress,
    ability_kind,
    ability_ordinal,
    ambush_battlefields,
    ambush_reaches_enemy_units,
    enemy_battlefield_permission,
    group_for_executions,
    has_ambush,
    location_refusal,
    open_battlefield_permission,
    pick_ability,
    target_analysis,
    whose_text,
)
from bot.engine.riftbound.resolution import (
    ACTIVATES_CONQUER_EFFECTS,
    MAY_RECALL,
    SPEND_BUFF_RECALL,
    TOKEN_CEASED_IN_TRASH,
    TOKEN_GONE_FROM_TRASH,
    buff_saver_problem,
    buff_savers,
    carry_out,
    cleanup_after_spell,
    cleanup_after_statement,
    death_replacements,
    destination_problem,
    die,
    illegal_verdict,
    move_to_zone,
    named_discards,
    other_card_played,
    remove_stranded_hidden,
    saver_name,
    unapplied_might_note,
    when_it_dies,
    with_unchecked,
)
from bot.engine.riftbound.restrictions import (
    move_forbidden_by,
    play_forbidden_by,
    points_forbidden_by,
    unchecked_note,
)
from bot.engine.riftbound.rules import CURRENT, cite_if, rule
from bot.engine.riftbound.scoring import (
    CONQUER,
    DUEL_VICTORY_SCORE,
    HOLD,
    HUNT_TEXT,
    adds_another_time,
    hunt_value,
    score_effects,
    unread_score_conditions,
)
from bot.engine.riftbound.standard_move import standard_move_problem
from bot.engine.riftbound.state import (
    BASE,
    BOARD_ZONES,
    ChainItem,
    RbCard,
    RbState,
    WaitingTrigger,
    accelerate_granter,
    active_text,
    appended_effect_texts,
    chain_context,
    crowded_by,
    current_object,
    keywords_of,
    label,
    level_of,
    might_now,
    new_context,
    others_units_at,
    passive_board,
    quick_draw_granter,
    unknown_control,
    unknown_points_might_note,
)
from bot.engine.riftbound.targeting import (
    UnlessChoiceNeeded,
    at_its_place_check,
    check_choice,
    check_target,
    combat_note,
)
from bot.engine.riftbound.targeting import resolve as resolve_targets
from bot.engine.riftbound.triggers import (
    CHOOSE_FRIENDLY_CONDITION,
    MIGHTY,
    AttachEvent,
    BuffEvent,
    ChooseEvent,
    DeathEvent,
    DiscardEvent,
    MightyEvent,
    MoveEvent,
    PlayEvent,
    StunEvent,
    Triggered,
    WatchedEvent,
    beginning_triggers,
    death_triggers,
    move_triggers,
    play_triggers,
    trigger_handling,
    watched_triggers,
)
from bot.engine.riftbound.zones import (
    is_token_card,
    leave_hand,
    new_permanent,
    stated_in_hand,
    stated_to_play,
)
from bot.engine.values import given
from bot.engine.verdict import (
    EffectReport,
    SlotReport,
    TargetOption,
    Verdict,
    VerdictKind,
    could_happen,
    merge_rules,
    ok_result,
)
from bot.engine.wording import and_list, counted


def _modes_rule(version: str) -> str:
    """ " (355.3)" where the Core Rules version has the rule on choosing modes (v1.3)."""
    found = cite_if("choose_modes", version)
    return f" ({found[0]})" if found else ""


# ---- the facade ---------------------------------------------------------------------------------
# "When I die", "[Deathknell]" (808.1.c: "When I die, ..."): triggers that need the source gone.
_DIES_TRIGGER = re.compile(r"^\s*(?:\[Deathknell\]|when I die)", re.IGNORECASE)


_DEATHKNELL_AGAIN = re.compile(
    r"your \[deathknell\] effects trigger an additional time", re.IGNORECASE
)


def _deathknell_doublers(state: RbState, controller: str) -> list[RbObject]:
    """``controller``'s permanents on the board that say "Your [Deathknell] effects trigger an
    additional time" (Karthus, Eternal)."""
    return [
        o
        for o in state.on_board()
        if o.controller == controller and _DEATHKNELL_AGAIN.search(active_text(state, o))
    ]


# Riftbound 414.5: in an ability's cost the Exhaust symbol [E] is "Exhaust this" / "Exhaust me".
_DO_THIS = re.compile(r"^then do this:\s*", re.IGNORECASE)
_EXHAUST_COST = re.compile(r"\[E\]|\bexhaust (?:me|this)\b", re.IGNORECASE)
# Riftbound 428.6: "Kill this, [2]: Draw 1." - the source killed as the cost is paid (Gold,
# Poro Snax, Scryer's Bloom, Divining Shells, Forge of the Future).
_KILL_COST = re.compile(r"\bkill (?:me|this)\b", re.IGNORECASE)
# Reminder text in parentheses says what a keyword does (“(While you have 6+ XP, get the
# effect.)”); it is no part of the ability.
_REMINDER_TEXT = re.compile(r"\s*\([^()]*\)")
# Riftbound 730.2: "Spend 3 XP, [E]: Draw 1." (Keeper of the Hammer): XP spent as a cost.
_XP_COST = re.compile(r"\bspend (?P<n>\d+) XP\b", re.IGNORECASE)
# "Spend my buff:" (Sett, Brawler; Udyr, Wildman): the source's buff is removed as the cost is
# paid (702.2.b); a unit without one can't pay it (702.2.b.1; QA 55 W3).
_SPEND_MY_BUFF_COST = re.compile(r"\bspend my buff\b", re.IGNORECASE)
# "Discard 1, [E]:" (Unlicensed Armory, Gutter Palace): cards from the activating player's hand
# go to their trash as the cost is paid (422.3, 403.1.a).
_DISCARD_COST = re.compile(r"\bdiscard (?P<n>\d+)\b", re.IGNORECASE)


# An ability with the [Add] action ("[E]: [Reaction] - [Add] [Fury]", Seal of Rage).
_ADD_ACTION = re.compile(r"\[Add\]", re.IGNORECASE)


def _from_hiding_timing(
    state: RbState, player: str, card: RbCard, where: str, caveat: str
) -> Verdict:
    """“Can Alice play Back Off from hiding during a showdown?”: her facedown copy, hidden on
    an earlier turn, has [Reaction] played from there (811.6), so yes; no facedown copy, or
    one hidden this turn (811.1.b), is a no saying why."""
    version = state.version
    try:
        facedown = refused_from_hidden(state, player, card)
    except IllegalActionError as refused:
        return Verdict(VerdictKind.NO, f"No: {refused}", refused.rules)
    too_soon = not_this_turn(facedown, version)
    if too_soon is not None:
        return Verdict(VerdictKind.NO, f"No: {too_soon}", too_soon.rules)
    cited = (
        rule("hidden_reaction", version),
        *cite_if("reaction_any_state", version),
        rule("reaction_card", version),
    )
    return Verdict(
        VerdictKind.YES,
        f"Yes: {player}'s {card.name} is hidden at {facedown.location} since an earlier turn, "
        f"and a hidden card played from facedown has [Reaction] ({cited[0]}), which isn't "
        f"restricted to Closed States or Showdowns, so {player} may play it from there during "
        f"{where}, even while the chain is open ({', '.join(cited[1:])})." + caveat,
        cited,
    )


# Bashful Bloom: "This ability costs [1] less for each friendly unit with [Temporary]."
_ABILITY_DISCOUNT = re.compile(
    r"\bthis ability costs \[(?P<n>\d+)\] less for each friendly unit with "
    r"\[(?P<keyword>\w+)\]",
    re.IGNORECASE,
)
_ENERGY_IN_COST = re.compile(r"^\s*\[(?P<n>\d+)\]")


def _ability_discount(state: RbState, ability: RbAbility, player: str) -> str:
    """What an activated ability's own discount takes off its Energy cost as it is
    activated (403.3), counted then: Bashful Bloom's "[1] less for each friendly unit with
    [Temporary]"; "" when it has none or it takes nothing off."""
    found = _ABILITY_DISCOUNT.search(ability.text)
    energy = _ENERGY_IN_COST.match(ability.cost_said)
    if found is None or energy is None:
        return ""
    keyword = found.group("keyword")
    counted = [
        o
        for o in state.on_board()
        if o.kind is RbKind.UNIT
        and o.controller == player
        and any(k.casefold() == keyword.casefold() for k in keywords_of(state, o))
    ]
    printed = int(energy.group("n"))
    paid = max(printed - int(found.group("n")) * len(counted), 0)
    rest = ability.cost_said[energy.end() :]
    return (
        f"“This ability costs [{found.group('n')}] less for each friendly unit with "
        f"[{keyword}]”: {player} has {len(counted)}"
        + (f" ({and_list(f'{o.name} (#{o.id})' for o in counted)})" if counted else "")
        + f", so the [{printed}] of its cost is [{paid}]: {player} pays “[{paid}]{rest}” "
        f"({rule('cost_changes', state.version)})."
    )


def _resolves_at_once(
    name: str, controller: str, ability: RbAbility, kind: str, version: str
) -> Verdict:
    """An ability with the [Add] action resolves as soon as it is finalized and never becomes
    a chain item (400.2, 337.1.c), so nothing can respond to it; the resources it adds are
    not tracked."""
    head = f"{controller} activates {name}" if kind == "activated" else f"{name} triggers"
    effect = (ability.effect or ability.text).strip()
    return Verdict(
        VerdictKind.LEGAL,
        f"{head}: it has the [Add] action, so it resolves at once as it is finalized and "
        f"never goes on the chain; no one can respond to it (“{effect}”).",
        (
            rule("add_resolves_immediately", version),
            rule("add_no_execute_step", version),
            *((rule("ability_cost", version),) if ability.cost else ()),
        ),
        notes=(
            "The bot keeps no resource pools, so what it adds is not recorded.",
            *(
                (
                    f"Its cost “{ability.cost_said}” is paid as it is activated "
                    f"({rule('ability_cost', version)}).",
                )
                if ability.cost
                else ()
            ),
        ),
    )


# Hand of Noxus's "[E]: [Reaction], [Legion] - [Add] [1]": from [Legion] to the end of the
# clause is the Legion Ability (812.1.b).
_LEGION_EFFECT = re.compile(r"\[Legion\](?:\s*\[>\])?\s*[-–—]?\s*[^.]*\.?", re.IGNORECASE)


def _legion_add(
    state: RbState, name: str, controller: str, ability: RbAbility, legion_text: str
) -> Verdict:
    """An activated [Add] ability written after [Legion] (Hand of Noxus): the resources are
    added only if its controller has played a card this turn (812.1.b.1, 812.1.c), the source
    itself included (Origins FAQ, Sun Disc: "Sun Disc's activated ability is not Sun Disc").
    Without one the ability can still be activated, its cost paid, and it adds nothing."""
    version = state.version
    legion_rules = merge_rules(cite_if("legion", version), cite_if("legion_active", version))
    played = other_card_played(state, controller, ())
    if played is not None:
        verdict = _resolves_at_once(name, controller, ability, "activated", version)
        return replace(
            verdict,
            notes=(
                f"[Legion]: {controller} played {played} this turn (the bot takes the scenario "
                f"as one turn), so “{legion_text.strip()}” is active"
                + "".join(f" ({n})" for n in cite_if("legion_active", version))
                + ".",
                *verdict.notes,
            ),
            rules=merge_rules(verdict.rules, legion_rules),
        )
    cost_rule = rule("ability_cost", version)
    return Verdict(
        VerdictKind.LEGAL,
        f"{controller} activates {name}, but it adds nothing: “{legion_text.strip()}” is "
        f"written after [Legion], so it is active only if {controller} has played a card this "
        f"turn, and {controller} hasn't played one in this scenario (the bot takes it as one "
        "turn). If a card was played earlier this turn, state that play first.",
        merge_rules(legion_rules, (cost_rule,) if ability.cost else ()),
        notes=(
            (f"Its cost “{ability.cost_said}” is still paid as it is activated ({cost_rule}).",)
            if ability.cost
            else ()
        ),
    )


def _nothing(mention: Mention) -> str:
    """What a target list says when nothing is valid: why, for "an attacking unit"."""
    why = combat_note(mention)
    return f"nothing ({why[0].lower()}{why[1:].rstrip('.')})" if why else "nothing"


class RiftboundGame:
    """Stateless facade over Riftbound's targeting rules and a simple board: Riftbound's
    ``GameEngine`` (``bot/engine/game_engine.py``)."""

    game = "riftbound"
    has_fizzle = False  # 359.3.e.1: the spell resolves even if all its targets are illegal

    def __init__(self, version: str = CURRENT) -> None:
        self.version = version

    def new_game(self, players: Sequence[str] = ()) -> RbState:
        return RbState(players=tuple(players), version=self.version)

    # ---- setting up ---------------------------------------------------------------------------
    @staticmethod
    def add_player(state: RbState, name: str) -> tuple[RbState, Verdict]:
        if state.has_player(name):
            return ok_result(state, f"{state.player(name)} is already in the game.")
        return ok_result(state.with_player(name), f"{name} joins the game.")

    @staticmethod
    def ensure_battlefield(
        state: RbState, card: RbCard, controller: str = ""
    ) -> tuple[RbState, int]:
        """The battlefield named by ``card``, created the first time it is named."""
        found = state.battlefield(card.name)
        if found is not None:
            if (
                controller
                and not found.controller
                and not others_units_at(state, found.name, controller)
            ):
                state = state.with_object(replace(found, controller=controller, owner=controller))
            return state, found.id
        obj = RbObject(
            0, card.name, RbKind.BATTLEFIELD, controller, controller, RbZone.BATTLEFIELD, card.name
        )
        return state.add(obj, card)

    def battlefield_uncontrolled(self, state: RbState, card: RbCard) -> tuple[RbState, Verdict]:
        """“Bandle Tree is uncontrolled.”: the battlefield in play with no controller
        (169.10.b); with no unit there it is open (169.10.c), where Sai Scout may be played
        (QA 48 W5).  A player whose units alone are there controls it (187.4.a)."""
        version = state.version
        state, field_id = self.ensure_battlefield(state, card)
        field = state.obj(field_id)
        units = [o for o in state.on_board() if o.kind is RbKind.UNIT and o.place == field.name]
        players = sorted({u.controller for u in units if u.controller})
        if len(players) == 1:
            keep = cite_if("units_keep_control", version)
            raise EngineError(
                f"{players[0]}'s units are at {field.name}, and a player with units at a "
                f"battlefield outside combat keeps control of it{_cited(keep)}, so it isn't "
                "uncontrolled.",
                hint=f"Move or kill them first (“… moves to {players[0]}'s base.”), or say "
                f"“{players[0]} controls {field.name}.”",
            )
        state = state.with_object(replace(field, controller="", control_stated=True))
        said = cite_if("battlefield_uncontrolled", version)
        open_rules = cite_if("open_battlefield", version)
        return ok_result(
            state,
            f"{field.name} is a battlefield in play that nobody controls{_cited(said)}"
            + (
                f"; with no unit there it is open{_cited(open_rules)}."
                if not units
                else f"; units of {and_list(players)} are there (a combat decides who controls it)."
            ),
            (*said, *(open_rules if not units else ())),
            ids=(field_id,),
        )

    def add_permanent(
        self,
        state: RbState,
        controller: str,
        card: RbCard,
        *,
        location: str | None = None,
        battlefield: RbCard | None = None,
    ) -> tuple[RbState, Verdict]:
        """A unit or gear at its controller's base (``location`` None or ``BASE``) or at the
        battlefield ``battlefield``; a legend in the legend zone; a battlefield card itself;
        a rune on the board."""
        state = state.with_player(controller)
        if card.kind is RbKind.BATTLEFIELD:
            state, new_id = self.ensure_battlefield(state, card, controller)
            # "Alice controls Targon's Peak." said after Bob's units made it his: the
            # statement sets who controls it (found by QA 12: it said ok and changed nothing).
            state, lost, cited = _take_control(state, state.obj(new_id), controller)
            return ok_result(
                state,
                " ".join(
                    (
                        f"{card.name} is a battlefield in play, controlled by {controller} "
                        f"(#{new_id}).",
                        *lost,
                    )
                ),
                tuple(cited),
                ids=(new_id,),
            )
        if card.kind is RbKind.SPELL:
            raise EngineError(
                f"{card.name} is a spell: it is played, not controlled.",
                hint=f"e.g. “{controller} plays {card.name} targeting …”.",
            )
        zone, where = RbZone.BASE, ""
        unknown: tuple[str, tuple[str, ...]] = ("", ())
        if card.kind is RbKind.LEGEND:
            zone = RbZone.LEGEND_ZONE
        elif battlefield is not None:
            state, field_id = self.ensure_battlefield(state, battlefield, controller)
            zone, where = RbZone.BATTLEFIELD, battlefield.name
            if card.kind is RbKind.UNIT:
                state, unknown = _control_unknown(state, field_id, controller)
        state, new_id = state.add(new_permanent(card, controller, zone, where), card)
        place = {RbZone.LEGEND_ZONE: "in the legend zone", RbZone.BASE: "at base"}.get(
            zone, f"at {where}"
        )
        # Recruit and Gold are token cards: "Alice controls Gold." is a token (QA 25 W5).
        token = " (a token)" if is_token_card(card) else ""
        return ok_result(
            state,
            f"{controller} controls {card.name}{token} {place} (#{new_id}).{unknown[0]}",
            unknown[1],
            ids=(new_id,),
        )

    def add_token(
        self,
        state: RbState,
        controller: str,
        name: str,
        might: int | None,
        battlefield: RbCard | None = None,
        *,
        kind: RbKind = RbKind.UNIT,
        card: RbCard | None = None,
    ) -> tuple[RbState, Verdict]:
        """A token as a statement describes it ("a 1 Might Recruit unit token").  ``card``:
        the token card of that name in the card data (Recruit, Gold), whose text the token
        has; its kind and Might are the caller's to take from it (184.1, 184.5)."""
        state = state.with_player(controller)
        zone, where = RbZone.BASE, ""
        unknown: tuple[str, tuple[str, ...]] = ("", ())
        if battlefield is not None:
            state, field_id = self.ensure_battlefield(state, battlefield, controller)
            zone, where = RbZone.BATTLEFIELD, battlefield.name
            if kind is RbKind.UNIT:
                state, unknown = _control_unknown(state, field_id, controller)
        if card is not None:
            card = replace(card, kind=kind, might=might)
            obj = replace(new_permanent(card, controller, zone, where), token=True)
        else:
            obj = RbObject(0, name, kind, controller, controller, zone, where, might, token=True)
        state, new_id = state.add(obj, card)
        place = f"at {where}" if where else "at base"
        return ok_result(
            state,
            f"{controller} controls a {might if might is not None else ''} Might "
            f"{name} token {place} (#{new_id}).".replace("a  Might", "a")
            + unknown[0],
            unknown[1],
            ids=(new_id,),
        )

    @staticmethod
    def add_card(state: RbState, owner: str, card: RbCard, zone: RbZone) -> tuple[RbState, Verdict]:
        """A card in a trash, hand, deck or banishment (for "a unit in your trash")."""
        if is_token_card(card):
            # 183.1: "If a token is put into any Non-Board Zone besides the chain, it ceases to
            # exist": no token is ever in a hand, trash, deck or banishment (QA 27 W4).
            raise IllegalActionError(
                f"{card.name} is a token, and a token can't be in {owner}'s {zone.value}: off "
                f"the board it ceases to exist ({rule('token_ceases', state.version)}).",
                rules=(rule("token_ceases", state.version),),
                hint=f"A token is only ever on the board: “{owner} controls {card.name}.”",
            )
        if zone is RbZone.CHAMPION_ZONE:
            _check_chosen_champion(state, owner, card)
            if (played := _champion_played(state, owner, card)) is not None:
                return played
        state = state.with_player(owner)
        obj = RbObject(
            0,
            card.name,
            card.kind,
            owner,
            owner,
            zone,
            "",
            card.might,
            energy=card.energy,
            power=card.power,
        )
        state, new_id = state.add(obj, card)
        said = f"{card.name} is in {owner}'s {zone.value} (#{new_id})."
        cited: tuple[str, ...] = ()
        if zone is RbZone.CHAMPION_ZONE:
            version = state.version
            cited = (
                rule("chosen_champion_start", version),
                rule("champion_zone_start", version),
                *cite_if("champion_zone_play", version),
            )
            said += (
                f" It is {owner}'s Chosen Champion, placed there at the start of the game "
                f"({cited[0]}, {cited[1]}); it can be played from there as normal "
                f"({', '.join(cite_if('champion_zone_play', version)) or cited[1]}: “{owner} "
                f"plays {card.name} from their champion zone.”)."
            )
        return ok_result(state, said, cited, ids=(new_id,))

    # ---- changes ------------------------------------------------------------------------------
    @staticmethod
    def attach(state: RbState, gear_id: int, unit_id: int) -> tuple[RbState, Verdict]:
        """Attach a gear to a unit (434.1): see ``attachments.attach``."""
        return attach(state, gear_id, unit_id)

    @staticmethod
    def detach(state: RbState, gear_id: int) -> tuple[RbState, Verdict]:
        """Detach a gear from its unit where it stands (435.4): see ``attachments.detach``."""
        return detach(state, gear_id)

    @staticmethod
    def set_might_bonus(state: RbState, object_id: int, bonus: int) -> tuple[RbState, Verdict]:
        """An Equipment's printed Might Bonus (137.3), which the card data lacks."""
        obj = state.obj(object_id)
        if obj.kind is not RbKind.GEAR:
            raise EngineError(
                f"{obj.name} is a {obj.kind.value}; a Might Bonus is printed on gear that is "
                f"attached to units ({rule('might_bonus', state.version)}).",
                hint=f"Say “{obj.name} has 3 Might.”" if obj.kind is RbKind.UNIT else "",
            )
        return set_might_bonus(state, object_id, bonus)

    def set_might(
        self,
        state: RbState,
        object_id: int,
        might: int,
        *,
        this_turn: int = 0,
        stated: bool = False,
    ) -> tuple[RbState, Verdict]:
        """A unit's Might stated or changed ("gets -3 Might"); damage it has that is now lethal
        kills it in the cleanup that follows (323.5).  ``this_turn``: the part of it given
        "this turn", which a later turn takes away (317.2.c).  ``stated``: the user said the
        whole Might ("X has 5 Might."), which counts any Might change the bot reported without
        carrying out, so later answers about it drop that caution."""
        obj = state.obj(object_id)
        if obj.kind is RbKind.GEAR:
            raise EngineError(
                f"{obj.name} is a gear; only units have Might. A gear attached to a unit "
                f"may have a Might Bonus ({rule('might_bonus', state.version)}).",
                hint=f"Say “{obj.name} has a +2 Might Bonus.”",
            )
        if obj.kind is not RbKind.UNIT:
            raise EngineError(f"{obj.name} is a {obj.kind.value}; only units have Might.")
        # The stated Might is its Might now: what passive abilities on the board add or take
        # away (472.3) is kept apart, so it goes when they do (365.1).
        passive = (might_now(state, obj) or 0) - (obj.might or 0) if obj.might is not None else 0
        said = f"{label(obj)} has {might} Might."
        if passive:
            said += f" (Of that, {passive:+d} comes from passive abilities on the board.)"
        # A stated Might is the unit's Might from now on: the bot can't tell which part of
        # it a "this turn" effect gave, so none of it expires with the turn, unless the
        # statement said ("gets -2 Might this turn": ``this_turn``).
        if this_turn:
            expires = rule("this_turn_expires", state.version)
            said += f" ({this_turn:+d} of it given this turn, {expires}.)"
        if stated and state.unapplied and object_id not in state.might_stated:
            state = replace(state, might_stated=(*state.might_stated, object_id))
        return self._deathknells(
            state,
            *_with_cleanup(
                *ok_result(
                    state.with_object(
                        replace(obj, might=might - passive, might_this_turn=this_turn)
                    ),
                    said,
                    ids=(object_id,),
                )
            ),
        )

    def score(
        self, state: RbState, player: str, battlefield: RbCard, how: str
    ) -> tuple[RbState, Verdict]:
        """“Alice conquers Targon's Peak.” / “Alice holds Targon's Peak.”: combat and the
        Beginning Phase aren't modelled, so the score is stated (464.1, 464.2).  The player
        controls the battlefield afterwards; the point is not counted (the bot keeps no
        score); the conquer or hold effects trigger (383.4.c, 383.4.d, 466.2) - see
        ``scoring``."""
        version = state.version
        before = state
        state = state.with_player(player)
        player = state.player(player)
        state, field_id = self.ensure_battlefield(state, battlefield)
        field = state.obj(field_id)
        verb = "conquers" if how == CONQUER else "holds"
        # Only v1.3 numbers these rules; under v1.2 the answers cite none.
        score_rules = cite_if("conquer" if how == CONQUER else "hold", version)
        control_rules = cite_if("establish_control", version)
        once_rules = cite_if("scored_once", version)
        point_rules = cite_if("score_point", version)
        units = [o for o in state.on_board() if o.kind is RbKind.UNIT and o.place == field.name]
        others = sorted({u.controller for u in units if u.controller != player})
        if others:
            return before, Verdict(
                VerdictKind.ILLEGAL,
                f"{and_list(others)} still {'has' if len(others) == 1 else 'have'} units at "
                f"{field.name}, so {player} doesn't establish control of it"
                f"{_cited(control_rules)}: a combat or showdown there decides "
                "who does, and the bot doesn't model combat or showdowns. Say where the units "
                f"are after it (“… is killed.”, “… is recalled.”), then “{player} {verb} "
                f"{field.name}.”",
                (*control_rules, *score_rules),
            )
        if how == CONQUER and not any(u.controller == player for u in units):
            return before, Verdict(
                VerdictKind.ILLEGAL,
                f"{player} has no units at {field.name}: a player conquers a battlefield by "
                f"establishing control of it with units there"
                f"{_cited((*control_rules, *score_rules))}. Say where they are first "
                f"(“{player} controls Stalwart Poro at {field.name}.”).",
                (*control_rules, *score_rules),
            )
        if (
            how != CONQUER
            and not field.controller
            and not any(u.controller == player for u in units)
        ):
            return before, Verdict(
                VerdictKind.ILLEGAL,
                f"No statement said that {player} controls {field.name}, and {player} has no units "
                f"there: a player holds a battlefield they control{_cited(score_rules)}. Say "
                f"“{player} controls {field.name}.” first.",
                score_rules,
            )
        if how != CONQUER and field.controller and field.controller != player:
            return before, Verdict(
                VerdictKind.ILLEGAL,
                f"{field.controller} controls {field.name}, not {player}: a player holds a "
                f"battlefield they control during their Beginning Phase{_cited(score_rules)}.",
                score_rules,
            )
        if (player, field.name) in state.scored:
            return before, Verdict(
                VerdictKind.ILLEGAL,
                f"{player} has already scored {field.name} this turn, and a battlefield is "
                f"scored once a turn, so its conquer and hold effects don't trigger again"
                f"{_cited(once_rules)}.",
                (*once_rules, *score_rules),
            )
        # Yone, Blademaster's "a battlefield that was uncontrolled" (169.10.b): nobody
        # controlled it, or only the conqueror's own units stated there made the bot take it
        # as theirs (no statement said anyone controlled it).
        was_uncontrolled = not field.controller or (
            field.controller == player and not field.control_stated
        )
        # A conquer is a change of control like "Bob controls Targon's Peak.": the card the
        # loser hid there goes in the next cleanup (107.3.d, 323.7; QA 44 W1).
        state, lost, lost_rules = _take_control(state, field, player)
        state = replace(state, scored=(*state.scored, (player, field.name)))
        stopper = points_forbidden_by(state, player)
        if stopper is not None:
            # Tianna Crownguard: the score and its conquer and hold effects still happen;
            # only the point is forbidden (054.1; Spiritforged FAQ, QA 44 W4).
            cant_rules = cite_if("cant_beats_can", version)
            point = (
                f"{player} gains no point: {stopper.source.name}'s {stopper.quoted} forbids it"
                f"{_cited((*cant_rules, *point_rules))}, though its {how} effects still trigger."
            )
            point_rules = (*point_rules, *cant_rules)
        else:
            state, point, counted_rules = _score_point(state, player, how)
            point_rules = (*point_rules, *counted_rules)
        empty_rules = cite_if("control_lost_without_units", version)
        empty_hold = (
            (
                f"No unit of {player}'s is at {field.name}: a player with no units at a "
                "battlefield loses control of it in the next cleanup of an Open State"
                f"{_cited(empty_rules)}, so it can be held only with {player}'s units there "
                f"at the start of the turn; say where they are (“{player} controls … at "
                f"{field.name}.”) if some are.",
            )
            if how != CONQUER and not any(u.controller == player for u in units)
            else ()
        )
        verdict = Verdict(
            VerdictKind.OK,
            " ".join(
                (
                    f"{player} {verb} {field.name}{_cited(score_rules)} and controls it.",
                    point,
                    *lost,
                )
            ),
            merge_rules(
                (*score_rules, *point_rules), tuple(lost_rules), empty_rules if empty_hold else ()
            ),
            notes=empty_hold,
            object_ids=(field.id,),
        )
        event_before = state
        when = f"as {player} {verb} {field.name}"
        unread: list[tuple[str, str, str]] = []
        for source in sorted(
            (
                o
                for o in state.objects.values()
                if o.zone in (*BOARD_ZONES, RbZone.LEGEND_ZONE)
                and (o.controller or o.owner) == player
            ),
            key=lambda o: o.id,
        ):
            present = source.kind is RbKind.UNIT and source.place == field.name
            abilities = self.abilities_of(state, source.id)
            unread += [
                (source.name, a.text.rstrip("."), ability_ordinal(a.index))
                for a in unread_score_conditions(abilities, how)
                # "When I conquer" is about the unit's own battlefield (383.4.c.2.a).
                if present or "I" not in a.text.partition(",")[0].split()
            ]
            for effect in score_effects(abilities, how):
                if effect.whose == "unit" and not present:
                    continue  # 383.4.c.2.a: units present at that battlefield
                if effect.needs_uncontrolled and not was_uncontrolled:
                    continue  # Yone: it was controlled before (169.10.b)
                if effect.whose == "here" and source.place != field.name:
                    continue  # 466.2.a: at the battlefield that was scored
                if effect.needs_mighty and not any(
                    u.controller == player and (might_now(state, u) or 0) >= MIGHTY for u in units
                ):
                    continue  # Sunken Temple: no Mighty unit of the player's there (708)
                doublers = [
                    o.name
                    for o in state.on_board()
                    if o.controller == player
                    and o.place == field.name
                    and adds_another_time(active_text(state, o), how)
                ]
                handling = trigger_handling(effect.ability, version)
                if needed := _UNITS_THERE.match(effect.ability.effect or ""):
                    # Might of Demacia: "if you have 4+ units at that battlefield" - the units
                    # stated there decide it (383.3.e; QA 58 M9).
                    mine = [u for u in units if u.controller == player]
                    least = int(needed.group("n"))
                    if len(mine) < least:
                        cited = next(iter(cite_if("trigger_if", version)), "383.3")
                        verdict = replace(
                            verdict,
                            notes=(
                                *verdict.notes,
                                f"{source.name}'s “{effect.ability.text}” doesn't go on the "
                                f"chain: {player} has {len(mine)} unit"
                                f"{'' if len(mine) == 1 else 's'} at {field.name} as stated, "
                                f"fewer than {least} ({cited}).",
                            ),
                            rules=merge_rules(verdict.rules, (cited,)),
                        )
                        continue
                    handling = "chain"
                found = (Triggered(effect.ability, handling),)
                state, verdict = self._triggered(state, source, found, verdict, when)
                if effect.ability.keyword == "Hunt":
                    # 823.1.c.1: Hunt X is "When I Conquer or Hold, my controller gains X
                    # XP"; Hunt from several sources is summed (823.2: Hunter's Machete).
                    summed = active_text(state, source).lower().count("[hunt") > 1
                    verdict = replace(
                        verdict,
                        rules=merge_rules(
                            verdict.rules,
                            cite_if("hunt", version),
                            cite_if("hunt_summed", version) if summed else (),
                        ),
                    )
                for doubler in doublers:
                    state, verdict = self._triggered(
                        state, source, found, verdict, f"once more ({doubler})", again=True
                    )
        if unread:
            verdict = replace(
                verdict,
                notes=(
                    *verdict.notes,
                    "Not checked by the bot: "
                    + "; ".join(f"{name}'s “{text}”" for name, text, _ in unread)
                    + f". If it triggers here, say so: “{unread[0][0]}'s {unread[0][2]} "
                    "ability goes on the chain with no targets.” (or “… ability targets …” "
                    "for one that chooses).",
                ),
            )
        return _order_together(event_before, state, verdict, "scored")

    @staticmethod
    def spend_xp(state: RbState, player: str, spent: int) -> tuple[RbState, Verdict]:
        """“Alice spends 2 XP.”: spending reduces the XP marked on the player (730.2); nobody
        spends more than they have, so XP never goes below 0."""
        version = state.version
        had = state.xp.get(player, 0)
        if spent > had:
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{player} has only {had} XP, so {player} can't spend {spent}: spending XP "
                "reduces the XP a player has, and it never goes below 0. If they have more, say "
                f"so first (“{player} has {spent} XP.”).",
                merge_rules(cite_if("spend_xp", version), cite_if("xp", version)),
            )
        return _set_xp(state, player, had - spent, spent=spent)

    @staticmethod
    def set_xp(state: RbState, player: str, xp: int, *, gained: int = 0) -> tuple[RbState, Verdict]:
        """“Alice has 6 XP.”: XP is a resource a player accrues and spends (728, 730), public
        information (729.2); [Level N] abilities of what the player controls are active while
        they have N or more (824.1.c) and inactive below (824.1.d)."""
        return _set_xp(state, player, xp, gained=gained)

    @staticmethod
    def set_points(state: RbState, player: str, points: int) -> tuple[RbState, Verdict]:
        """“Alice has 7 points.”: her score, which a conquer or hold adds to (466.1); at the
        Victory Score less one the Winning Point is restricted (466.1.b)."""
        version = state.version
        state = state.with_player(player)
        victory = cite_if("victory_score_duel", version)
        said = f"{player} has {points} point{'s' if points != 1 else ''}{_cited(cite_if('score_point', version))}."
        rules = (*cite_if("score_point", version), *victory)
        if points == DUEL_VICTORY_SCORE - 1:
            said += (
                f" That is 1 from the Victory Score of a 1v1 game ({DUEL_VICTORY_SCORE}"
                f"{', ' + victory[0] if victory else ''}): a hold gains the Winning Point; a "
                "conquer gains it only if every battlefield was scored this turn, and "
                f"otherwise {player} draws a card instead"
                f"{_cited(cite_if('winning_point', version))}."
            )
            rules = (*rules, *cite_if("winning_point", version))
        elif points >= DUEL_VICTORY_SCORE:
            said += (
                f" That is the Victory Score of a 1v1 game ({DUEL_VICTORY_SCORE}"
                f"{', ' + victory[0] if victory else ''}): {player} wins at the next cleanup "
                f"if no opponent has more{_cited(cite_if('win_at_cleanup', version))}."
            )
            rules = (*rules, *cite_if("win_at_cleanup", version))
        return ok_result(replace(state, points={**state.points, player: points}), said, rules)

    @staticmethod
    def points_of(state: RbState, player: str) -> Verdict:
        """“How many points does Alice have?”: as stated and counted since."""
        version = state.version
        if player not in state.points:
            return Verdict(
                VerdictKind.OK,
                f"No statement said how many points {player} has, so the bot doesn't know; "
                f"say “{player} has 7 points.” and scores are counted from there"
                f"{_cited(cite_if('score_point', version))}.",
                cite_if("score_point", version),
            )
        have = state.points[player]
        return Verdict(
            VerdictKind.OK,
            f"{player} has {have} point{'s' if have != 1 else ''}; the Victory Score of a 1v1 "
            f"game is {DUEL_VICTORY_SCORE}{_cited(cite_if('victory_score_duel', version))}.",
            (*cite_if("score_point", version), *cite_if("victory_score_duel", version)),
            notes=_points_not_counted(state, player),
        )

    @staticmethod
    def xp_of(state: RbState, player: str) -> Verdict:
        """“How much XP does Alice have?”: as stated and counted since (728, 730), with the
        [Level N] abilities of hers it turns on (824.1.c) or leaves off (824.1.d), and XP
        still waiting on the chain ([Hunt], 823.1.c.1) (QA 50 U5)."""
        version = state.version
        xp_rules = cite_if("xp", version)
        pending = [
            f"{item.name} (#{item.id})"
            for item in state.chain
            if item.controller == player and _GAINS_XP.search(item.text)
        ]
        waiting = (
            f" {and_list(pending)} on the chain {'gives' if len(pending) == 1 else 'give'} "
            "more once resolved (“The top of the chain resolves.”)."
            if pending
            else ""
        )
        if player not in state.xp:
            return Verdict(
                VerdictKind.OK,
                f"No statement said how much XP {player} has, so the bot doesn't know; say "
                f"“{player} has 2 XP.” and XP gained and spent is counted from there"
                f"{_cited(xp_rules)}.{waiting}",
                xp_rules,
            )
        have = state.xp[player]
        levels: list[str] = []
        for obj in sorted(state.objects.values(), key=lambda o: o.id):
            if (obj.controller or obj.owner) != player or obj.zone not in (
                *BOARD_ZONES,
                RbZone.LEGEND_ZONE,
            ):
                continue
            text = state.cards[obj.id].rules_text if obj.id in state.cards else ""
            for level in sorted({int(n) for n in _LEVEL_N.findall(text)}):
                levels.append(f"{obj.name}'s [Level {level}] is {'on' if have >= level else 'off'}")
        level_rules = cite_if("level_active", version) if levels else ()
        said = f"{player} has {have} XP{_cited(xp_rules)}."
        if levels:
            said += f" {'; '.join(levels)}{_cited(level_rules)}."
        return Verdict(
            VerdictKind.OK,
            said + waiting,
            merge_rules(xp_rules, level_rules, cite_if("hunt", version) if pending else ()),
        )

    @staticmethod
    def has_won(state: RbState, player: str) -> Verdict:
        """“Has Alice won?”: a player with points at or above the Victory Score (8 in a 1v1
        game, 480.3) and more than any opponent wins when a cleanup occurs (467); every
        statement ends with one.  The bot knows the points stated and counted since (466.1)
        (QA 50 U5)."""
        version = state.version
        victory = cite_if("victory_score_duel", version)
        win_rules = cite_if("win_at_cleanup", version)
        rules = merge_rules(cite_if("score_point", version), victory, win_rules)
        if player not in state.points:
            return Verdict(
                VerdictKind.OK,
                f"No statement said how many points {player} has, so the bot can't tell; a "
                f"player wins with {DUEL_VICTORY_SCORE} points in a 1v1 game{_cited(victory)} "
                f"and more than any opponent{_cited(win_rules)}. Say “{player} has 7 points.” "
                "and scores are counted from there.",
                rules,
            )
        have = state.points[player]
        # Points from events the bot doesn't keep (Draven, Audacious's combat wins) may be
        # missing from ``have``: said on every answer below.
        missing = _points_not_counted(state, player)
        if have < DUEL_VICTORY_SCORE:
            return Verdict(
                VerdictKind.NO,
                f"No: {player} has {have} point{'s' if have != 1 else ''}, and a player wins "
                f"with {DUEL_VICTORY_SCORE}, the Victory Score of a 1v1 game{_cited(victory)}.",
                rules,
                notes=missing,
            )
        rivals = {
            name: points
            for name, points in state.points.items()
            if name != player and points >= have
        }
        if rivals:
            return Verdict(
                VerdictKind.NO,
                f"No: {player} has {have} points, but a player wins only with more points than "
                f"any opponent{_cited(win_rules)}, and "
                + and_list(f"{name} has {points}" for name, points in sorted(rivals.items()))
                + ".",
                rules,
                notes=missing,
            )
        unknown = [name for name in state.players if name != player and name not in state.points]
        caveat = (
            f" No statement said how many points {and_list(unknown)} "
            f"{'has' if len(unknown) == 1 else 'have'}: taken as fewer."
            if unknown
            else ""
        )
        return Verdict(
            VerdictKind.YES,
            f"Yes: {player} has {have} points, the Victory Score of a 1v1 game "
            f"({DUEL_VICTORY_SCORE}{', ' + victory[0] if victory else ''}), and more than any "
            f"opponent, so {player} wins the game as the cleanup occurs"
            f"{_cited(win_rules)}.{caveat}",
            rules,
            notes=missing,
        )

    @staticmethod
    def has_keyword(state: RbState, object_id: int, keyword: str) -> Verdict:
        """“Does Pouty Poro have [Deflect]?”: whether it has the keyword now, which may be
        checked (809.3, 816.3 and the like)."""
        return keyword_answer(state, object_id, keyword)

    @staticmethod
    def is_mighty(state: RbState, object_id: int) -> Verdict:
        """“Is Blazing Scorcher Mighty?”: a unit is Mighty while its Might is 5 or more (708),
        on the board its Might now (710), elsewhere its printed Might (711)."""
        obj = state.obj(object_id)
        mighty = cite_if("mighty", state.version)
        if obj.kind is not RbKind.UNIT or obj.might is None:
            return Verdict(
                VerdictKind.NO,
                f"No: {label(obj)} is a {obj.kind.value}; only units are Mighty, with 5 or more "
                f"Might{_cited(mighty)}.",
                mighty,
            )
        might = might_now(state, obj) or 0
        where = "" if obj.zone in BOARD_ZONES else f" (printed, as it is in its {obj.zone.value})"
        yes = might >= 5
        unknown = unknown_bonus_note(unknown_might_bonuses(state, object_id))
        unapplied = unapplied_might_note(state, object_id) if obj.zone in BOARD_ZONES else ""
        unknown_points = unknown_points_might_note(state, obj)
        return Verdict(
            VerdictKind.YES if yes else VerdictKind.NO,
            f"{'Yes' if yes else 'No'}: {label(obj)} has {might} Might{where}; a unit is "
            f"Mighty while it has 5 or more{_cited(mighty)}.",
            merge_rules(mighty, cite_if("might_bonus", state.version) if unknown else ()),
            # An attached Equipment's Might Bonus the bot doesn't know may change it (137.3);
            # so may a Might change it reported without carrying it out.
            notes=tuple(
                f"Caution: {note[0].upper()}{note[1:]}."
                for note in (unknown, unapplied, unknown_points)
                if note
            ),
            object_ids=(object_id,),
        )

    def gain_control(self, state: RbState, object_id: int, player: str) -> tuple[RbState, Verdict]:
        """ "Bob gains control of Yasuo, Remorseful." (Hostile Takeover, Possession): the unit
        or gear is Bob's now, where it stands (a recall is said on its own: "... is recalled.");
        abilities it already put on the chain keep their controller (188.4.b)."""
        obj = state.obj(object_id)
        if obj.zone not in BOARD_ZONES or obj.kind not in (RbKind.UNIT, RbKind.GEAR):
            raise EngineError(f"{label(obj)} isn't a unit or gear on the board.")
        if obj.controller == player:
            return ok_result(state, f"{player} already controls {label(obj)}.", ids=(object_id,))
        state = state.with_player(player)
        new = replace(obj, controller=player)
        said = f"{player} gains control of {label(obj)}"
        if obj.attached_to is not None and obj.attached_to in state.objects:
            # 718.5.f: control of an attached card and of its unit are independent.
            said += (
                f"; it stays attached to {state.obj(obj.attached_to).name} "
                f"({rule('attached_control', state.version)})"
            )
        elif obj.zone is RbZone.BASE:
            said += f"; it is in {player}'s base now"
        on_chain = [i for i in state.chain if i.source_id == object_id]
        rules = [rule("controller", state.version)]
        if on_chain:
            said += (
                "; the abilities it put on the chain stay under their controller "
                f"({rule('ability_control', state.version)})"
            )
            rules.append(rule("ability_control", state.version))
        return self._deathknells(
            state,
            *_with_cleanup(
                *ok_result(state.with_object(new), said + ".", tuple(rules), (object_id,))
            ),
        )

    def set_damage(self, state: RbState, object_id: int, damage: int) -> tuple[RbState, Verdict]:
        """Damage already dealt to a unit this turn (a setup statement); lethal damage kills
        it in the cleanup that follows (323.5; Origins FAQ: a unit with -3 Might "would die if
        it was dealt 1 or more damage")."""
        obj = state.obj(object_id)
        if obj.kind is not RbKind.UNIT:
            raise EngineError(f"{obj.name} is a {obj.kind.value}; only units are dealt damage.")
        said = f"{label(obj)} has {damage} damage."
        if obj.dies_when_damaged:
            # Noxian Guillotine's delayed trigger (390.2) is about damage dealt from now on; a
            # statement of damage says how much it has, not that it was just dealt.
            said += (
                f" {and_list(dict.fromkeys(obj.dies_when_damaged))}'s delayed trigger kills it "
                "the next time it takes damage this turn: if this damage was just dealt, say "
                f"“{obj.name} dies.”"
            )
        # Whose damage it is isn't said, so none is taken as a player's (Elder Dragon's "your
        # damage" needs damage marked by a deal action that player was responsible for).
        return self._deathknells(
            state,
            *_with_cleanup(
                *ok_result(
                    state.with_object(replace(obj, damage=damage, damage_by=())),
                    said,
                    cite_if("delayed_trigger", state.version) if obj.dies_when_damaged else (),
                    ids=(object_id,),
                )
            ),
        )

    @staticmethod
    def buff(state: RbState, object_id: int) -> tuple[RbState, Verdict]:
        """A Buff counter put on a unit (426.1.b): +1 Might (703), none more if it has one
        (426.1.b.1)."""
        obj = state.obj(object_id)
        version = state.version
        cited = (rule("buff", version), rule("buff_might", version))
        if obj.kind is not RbKind.UNIT or obj.zone not in (RbZone.BASE, RbZone.BATTLEFIELD):
            raise EngineError(
                f"{label(obj)} isn't a unit on the board; only units are buffed ({cited[0]}).",
                hint="Name a unit: “Stalwart Poro has a buff.”",
            )
        if obj.buffed:
            return ok_result(
                state,
                f"{label(obj)} already has a buff, and a unit never gets a second one "
                f"({cited[0]}.1): it stays at {obj.might} Might.",
                cited,
                (object_id,),
            )
        might = (obj.might or 0) + 1
        return ok_result(
            state.with_object(replace(obj, buffed=True, might=might)),
            f"{label(obj)} has a buff (a Buff counter, {cited[0]}), which gives it +1 Might "
            f"({cited[1]}): {might} Might.",
            cited,
            (object_id,),
        )

    @staticmethod
    def set_status(
        state: RbState,
        object_id: int,
        *,
        exhausted: bool | None = None,
        stunned: bool | None = None,
    ) -> tuple[RbState, Verdict]:
        obj = state.obj(object_id)
        new = replace(obj, **given(exhausted=exhausted, stunned=stunned))
        words = [
            w
            for w, on in (
                ("exhausted", new.exhausted),
                ("ready", not new.exhausted),
                ("stunned", new.stunned),
            )
            if on
        ]
        return ok_result(
            state.with_object(new),
            f"{label(obj)} is {' and '.join(words)}.",
            (rule("stun", state.version),) if stunned else (),
            (object_id,),
        )

    def standard_move(
        self,
        state: RbState,
        player: str,
        object_id: int,
        *,
        battlefield: RbCard | None,
        base_of: str | None = None,
    ) -> tuple[RbState, Verdict]:
        """``Bob moves Blazing Scorcher to Targon's Peak.``: the unit's standard move, paid
        for by exhausting it (144.2), then the move itself (441.1); refused when the rules
        don't allow it (144.1.b, 144.4)."""
        unit = state.obj(object_id)
        destination = battlefield.name if battlefield else BASE
        if (
            unit.controller == player
            and base_of in (None, player)
            and move_forbidden_by(state, unit, destination, player)
        ):
            # Vex, Apathetic's "They can't move it this turn", Vilemaw's Lair: a card that
            # forbids the move answers first (054.1); ``move`` says so.
            return self.move(state, object_id, to_base=battlefield is None, battlefield=battlefield)
        problem = standard_move_problem(
            state, player, unit, battlefield.name if battlefield else None, base_of=base_of
        )
        if problem is not None:
            text, rules = problem
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{player} can't use {unit.name}'s standard move (#{object_id}): {text}.",
                rules,
            )
        version = state.version
        exhausted = state.with_object(replace(unit, exhausted=True))
        after, moved = self.move(
            exhausted, object_id, to_base=battlefield is None, battlefield=battlefield
        )
        if moved.kind is not VerdictKind.OK:
            return state, moved
        paid = (
            f"{player} exhausts {unit.name} to pay for its standard move "
            f"({rule('standard_move_cost', version)}); it can't be reacted to and doesn't use "
            f"the chain ({rule('move_no_chain', version)}). "
        )
        caveat = (
            " (Only in its controller's main phase and not during a showdown or combat "
            f"({rule('standard_move_showdown', version)}): the bot doesn't keep phases or "
            "showdowns.)"
        )
        rules = (rule("standard_move", version), *moved.rules)
        return after, replace(moved, reason=paid + moved.reason + caveat, rules=rules)

    def can_standard_move(
        self,
        state: RbState,
        player: str,
        object_id: int,
        *,
        battlefield: RbCard | None,
        base_of: str | None = None,
    ) -> Verdict:
        """``Can Bob move Blazing Scorcher to Targon's Peak?``: the standard move's answer,
        the game unchanged."""
        _, verdict = self.standard_move(
            state, player, object_id, battlefield=battlefield, base_of=base_of
        )
        if verdict.kind is not VerdictKind.OK:
            return replace(verdict, kind=VerdictKind.NO, reason="No: " + verdict.reason)
        name = state.obj(object_id).name
        where = battlefield.name if battlefield else f"{player}'s base"
        return replace(
            verdict,
            kind=VerdictKind.YES,
            reason=f"Yes: {player} may use {name}'s standard move to {where}. " + verdict.reason,
            notes=(),
        )

    def move(
        self,
        state: RbState,
        object_id: int,
        *,
        to_base: bool = False,
        battlefield: RbCard | None = None,
        base_of: str | None = None,
    ) -> tuple[RbState, Verdict]:
        """A move between locations on the board: the same object, now elsewhere (441.1).
        ``base_of``: whose base was named ("to Bob's base"); a unit's base is its controller's
        (107.1.c). Not onto a battlefield where two other players have units, by any means
        (444.2)."""
        obj = state.obj(object_id)
        if obj.zone not in BOARD_ZONES or obj.kind is RbKind.BATTLEFIELD:
            raise EngineError(f"{label(obj)} is not on the board, so it can't move.")
        version = state.version
        if to_base and base_of is not None and obj.controller and base_of != obj.controller:
            # QA 46 W6: "moves to Bob's base" of Alice's unit went to Alice's base silently.
            own_base = rule("own_base", version)
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{label(obj)} can't move to {base_of}'s base: a player's permanents are in "
                f"that player's own base ({own_base}), and {obj.name} is {obj.controller}'s.",
                (own_base,),
            )
        if battlefield is not None and (others := crowded_by(state, obj, battlefield.name)):
            # QA 46 W2: "by any means" (444.2), a spell's move too.
            any_means = rule("move_two_other_players_any", version)
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{label(obj)} can't move to {battlefield.name}: {and_list(others)} both have "
                f"units there, and a unit can't move to a battlefield with units of 2 other "
                f"players by any means ({any_means}).",
                (any_means,),
            )
        if obj.attached_to is not None and obj.attached_to in state.objects:
            unit = state.obj(obj.attached_to)
            raise EngineError(
                f"{obj.name} is attached to {label(unit)}: an attached card can't be moved "
                f"apart from the unit it is attached to, and is always where that unit is "
                f"({rule('attached_apart', state.version)}, "
                f"{rule('attached_move_together', state.version)}).",
                hint=f"Move the unit: “{unit.name} moves to …”.",
            )
        if battlefield is not None:
            state, _ = self.ensure_battlefield(state, battlefield)
            new = replace(obj, zone=RbZone.BATTLEFIELD, location=battlefield.name)
        elif to_base:
            new = replace(obj, zone=RbZone.BASE, location="")
        else:
            raise EngineError("Say where it moves: a base or a battlefield.")
        forbidden = move_forbidden_by(state, obj, new.location or BASE)
        if forbidden is not None:
            # Vilemaw's Lair's "Units can't move from here to base", Vex, Apathetic's "They
            # can't move it this turn" (054.1); a recall is not a move and isn't stopped
            # (451.3).
            where = new.location or "its base"
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{label(obj)} can't move to {where}: {forbidden.source.name} says "
                f"{forbidden.quoted}, and a card that forbids an action beats the rule "
                f"that allows it ({rule('cant_beats_can', state.version)}). A recall isn't "
                f"a move, so it isn't stopped ({rule('recall_not_stopped', state.version)}).",
                (rule("cant_beats_can", state.version), rule("move", state.version)),
            )
        after, verdict = self._deathknells(
            state,
            *_with_cleanup(
                *ok_result(
                    state.with_object(new).with_move(object_id),
                    f"{obj.name} moves to {new.location or obj.controller + chr(39) + 's base'}; "
                    "it is the same object, "
                    "so spells that chose it still do.",
                    (rule("move", state.version),),
                    (object_id,),
                )
            ),
        )
        if battlefield is not None and (note := _combat_follows(state, obj, battlefield.name)):
            verdict = replace(
                verdict,
                notes=(*verdict.notes, note),
                rules=merge_rules([*verdict.rules, rule("combat_occurs", state.version)]),
            )
        return self._moves_seen(state, after, verdict)

    def _moves_seen(
        self, before: RbState, state: RbState, verdict: Verdict, *, mover: str = ""
    ) -> tuple[RbState, Verdict]:
        """The moved units' own "The [Nth] time I move in a turn" triggers (383.1: Yasuo,
        Windrider's "The third time I move in a turn, you score 1 point."), for each move
        since ``before``, by a statement or a spell, counting the moves said since it was
        named; and other permanents' triggers on the move, made by ``mover`` (the resolving
        item's controller) or else by each unit's controller."""
        for object_id, moves in sorted(state.moved.items()):
            if object_id not in state.objects or state.obj(object_id).zone not in BOARD_ZONES:
                continue
            abilities = self.abilities_of(state, object_id)
            was = before.objects.get(object_id)
            for nth in range(before.moved.get(object_id, 0) + 1, moves + 1):
                unit = state.obj(object_id)
                found = move_triggers(
                    abilities,
                    nth,
                    state.version,
                    from_battlefield=was is not None and was.at_battlefield,
                    to_battlefield=unit.at_battlefield,
                )
                if found:
                    state, verdict = self._triggered(
                        state,
                        unit,
                        found,
                        verdict,
                        f"as {unit.name} moves"
                        + (
                            f" for the {_ORDINAL_WORDS.get(nth, f'{nth}th')} time this turn "
                            "(counting the moves said since it was named)"
                            if any(t.ability.text.lower().startswith("the ") for t in found)
                            else ""
                        ),
                    )
        # Other permanents see the move: Volibear, Imposing's "When an opponent moves to a
        # battlefield other than mine" (QA 58 W5), one event for each controller's units.
        moved = [
            state.obj(object_id)
            for object_id, moves in sorted(state.moved.items())
            if moves > before.moved.get(object_id, 0)
            and object_id in state.objects
            and state.obj(object_id).zone in BOARD_ZONES
        ]

        def came_from(units: Sequence[RbObject]) -> tuple[str, ...]:
            # Back-Alley Bar's "When a unit moves from here": where each was before.
            return tuple(
                before.objects[u.id].place if u.id in before.objects else "" for u in units
            )

        if mover and moved:
            # A spell or ability's controller moved them (Blitzcrank's "move an enemy unit").
            return self._others_see(
                state, verdict, MoveEvent(mover, tuple(moved), came_from(moved))
            )
        for controller in sorted({u.controller for u in moved if u.controller}):
            units = tuple(u for u in moved if u.controller == controller)
            state, verdict = self._others_see(
                state, verdict, MoveEvent(controller, units, came_from(units))
            )
        return state, verdict

    def discard(
        self, state: RbState, player: str, card_ids: Sequence[int]
    ) -> tuple[RbState, Verdict]:
        """“Alice discards Stupefy.”: each card stated in ``player``'s hand goes to their
        trash (422.1; QA 58 U5), and what watches discards triggers (Jinx, Rebel's "When you
        discard one or more cards", 383.3)."""
        version = state.version
        cited = rule("discard", version)
        before = state
        names: list[str] = []
        for card_id in card_ids:
            card = state.obj(card_id)
            if card.zone is not RbZone.HAND or card.owner.casefold() != player.casefold():
                raise EngineError(
                    f"{label(card)} is not in {player}'s hand, and discarding moves a card from "
                    f"a player's hand to their trash ({cited}).",
                    hint=f"Say “{player}'s hand has {card.name}.” first.",
                )
            state, _ = move_to_zone(state, card, RbZone.TRASH, "was discarded")
            names.append(card.name)
        verdict = Verdict(
            VerdictKind.OK,
            f"{player} discards {and_list(names)}: from their hand to their trash ({cited}).",
            (cited,),
        )
        state, verdict = self._discards_seen(before, state, verdict)
        return _order_together(before, state, verdict, "saw cards discarded")

    def recall(self, state: RbState, object_id: int) -> tuple[RbState, Verdict]:
        """A recall: the permanent goes to its controller's base without it being a move
        (450, 451; QA 25 M1), so it doesn't count as having moved; it is the same object."""
        obj = state.obj(object_id)
        version = state.version
        if obj.zone not in BOARD_ZONES or obj.kind is RbKind.BATTLEFIELD:
            raise EngineError(f"{label(obj)} is not on the board, so it can't be recalled.")
        if obj.attached_to is not None and obj.attached_to in state.objects:
            unit = state.obj(obj.attached_to)
            raise EngineError(
                f"{obj.name} is attached to {label(unit)} and is always where that unit is "
                f"({rule('attached_move_together', version)}).",
                hint=f"Recall the unit: “{unit.name} is recalled.”",
            )
        base = f"{obj.controller}'s base"
        if obj.zone is RbZone.BASE:
            return ok_result(state, f"{label(obj)} is already in {base}.", ids=(object_id,))
        recalled = replace(obj, zone=RbZone.BASE, location="")
        return self._deathknells(
            state,
            *_with_cleanup(
                *ok_result(
                    state.with_object(recalled),
                    f"{obj.name} is recalled to {base}. A recall is not a move "
                    f"({rule('recall', version)}, {rule('recall_not_move', version)}): it "
                    "doesn't count as moving, and what happens when a unit moves doesn't "
                    "happen. It is the same object, so spells that chose it still do.",
                    (rule("recall", version), rule("recall_not_move", version)),
                    (object_id,),
                )
            ),
        )

    def leave(
        self, state: RbState, object_id: int, zone: RbZone, *, event: str = ""
    ) -> tuple[RbState, Verdict]:
        """Dies (trash), returns to hand, is banished: a new object, or a token that ceases
        to exist; spells that chose it no longer can affect it (359.3.e.4)."""
        obj = state.obj(object_id)
        event = event or {
            RbZone.TRASH: "died",
            RbZone.HAND: "returned to its owner's hand",
            RbZone.BANISHMENT: "was banished",
        }.get(zone, f"went to the {zone.value}")
        if zone is RbZone.TRASH and death_replacements(state, obj):
            # Smite's or Highlander's replacement on it, or its controller's Zhonya's
            # Hourglass: it doesn't go to the trash (369.1).
            notes: list[str] = []
            rules: list[str] = []
            before = state
            state, new_id, _ = die(state, obj, event, notes, rules)
            return self._deathknells(
                before,
                *_with_cleanup(
                    *ok_result(
                        state, " ".join(notes), merge_rules(rules), (new_id,) if new_id else ()
                    )
                ),
            )
        before = state
        state, new_id = move_to_zone(state, obj, zone, event)
        tail = (
            f"; it is a new object #{new_id}"
            if new_id is not None
            else "; a token in a non-board zone ceases to exist"
        )
        cited = [rule("new_object", state.version)]
        triggered: list[str] = []
        if zone is RbZone.TRASH:
            cited.insert(0, rule("kill", state.version))
            # Deadly Flourish's "When it dies this turn, ..." set up on it (390.2).
            state = when_it_dies(state, obj, triggered, cited)
        if zone is RbZone.BANISHMENT:
            cited.insert(0, rule("banish", state.version))
        return self._deathknells(
            before,
            *_with_cleanup(
                *ok_result(
                    state,
                    " ".join([f"{label(obj)} {event}{tail}.", *triggered]),
                    merge_rules(cited),
                    (new_id,) if new_id else (),
                )
            ),
        )

    # ---- playing ------------------------------------------------------------------------------
    def start_play(
        self,
        state: RbState,
        player: str,
        card: RbCard,
        costs: OptionalCosts = NO_OPTIONAL_COSTS,
        *,
        from_hidden: bool = False,
    ) -> PlayInProgress:
        """Begin playing ``card``, paying the optional additional ``costs`` (805, 820): an
        ``IllegalActionError`` when it can't be played now or can't pay them.
        ``from_hidden``: played from facedown at a battlefield, where it was hidden (811.1.b):
        it has [Reaction] (811.6) and its choices are made there (811.1.d)."""
        player = state.player(player)
        if card.kind in (RbKind.LEGEND, RbKind.BATTLEFIELD, RbKind.RUNE):
            raise IllegalActionError(
                f"{card.name} is a {card.kind.value}; it isn't played from a hand.",
                hint=f"Put it in the game with “{player} controls {card.name}.”",
            )
        facedown = refused_from_hidden(state, player, card) if from_hidden else None
        hidden_at = facedown.location if facedown is not None else ""
        too_soon = not_this_turn(facedown, state.version) if facedown is not None else None
        if too_soon is not None:
            raise too_soon
        refused = _closed_state_refusal(
            state,
            card.name,
            card.text,
            ability=False,
            granted=bool(hidden_at) or _granted_reaction(state, player, card),
            hidden_note=hidden_reaction_note(card, state.version),
        ) or (_forbidden_play_refusal(state, player, card))
        # Rek'Sai, Breacher: a unit played from facedown isn't played from a hand (811.1.c.3),
        # nor is a Chosen Champion played from the Champion Zone (108.3.d).
        from_champion_zone = (
            not hidden_at
            and stated_in_hand(state, player, card.name) is None
            and stated_in_hand(state, player, card.name, RbZone.CHAMPION_ZONE) is not None
        )
        granted_accelerate = (bool(hidden_at) or from_champion_zone) and accelerate_granter(
            state, player, card
        ) is not None
        refused = refused or optional_cost_refusal(
            card, costs, state.version, accelerate_granted=granted_accelerate
        )
        refused = refused or _unpayable_kill_cost(state, player, card)
        if refused is None and costs.repeats and chosen_move(target_analysis(card, state.version)):
            # Temptation: each execution's move has its own destination (355.4, 820.2), and a
            # chain item keeps one.
            refused = IllegalActionError(
                f"{card.name} moves a unit to a destination chosen as it is played (355.4); "
                "played with Repeat, each execution chooses its own, which the bot doesn't "
                "model yet, so nothing was played.",
                rules=(rule("repeat_choices", state.version),),
                hint=f"Play it without Repeat: “{player} plays {card.name} targeting …”",
            )
        if refused is not None:
            raise refused
        return PlayInProgress(
            state,
            player,
            card,
            # A hidden gear is played to its battlefield too (811.1.d.1.a).
            location=None if card.kind is RbKind.UNIT else (hidden_at or BASE),
            accelerated=costs.accelerated,
            repeats=costs.repeats,
            hidden_at=hidden_at,
        )

    def hide(
        self,
        state: RbState,
        player: str,
        card: RbCard,
        battlefield: RbCard,
        *,
        earlier_turn: bool = False,
    ) -> tuple[RbState, Verdict]:
        """``player`` hides ``card`` facedown at ``battlefield`` (811.1.b, 421.1), which is
        put in the game the first time it is named; ``earlier_turn``: on an earlier turn."""
        before = state = state.with_player(player)
        state, field_id = self.ensure_battlefield(state, battlefield)
        try:
            return hide_card(state, player, card, state.obj(field_id), earlier_turn=earlier_turn)
        except IllegalActionError as error:
            return before, illegal_verdict(error, state.version)

    @staticmethod
    def use_saver(
        state: RbState, player: str, saver_id: int, unit_id: int
    ) -> tuple[RbState, Verdict]:
        """“Alice uses The Boss for Stalwart Poro.”: its controller chooses to apply The
        Boss's optional replacement (“If a buffed unit you control would die, you may pay [A],
        exhaust me, and spend its buff to heal it, exhaust it, and recall it instead”) when
        that unit would die (369.1); its cost is paid then, if it still can be."""
        version = state.version
        saver, unit = state.obj(saver_id), state.obj(unit_id)
        pending = (MAY_RECALL, saver.name)
        if pending in unit.dies_instead:
            # Unlicensed Armory's "you may pay [Fury] to heal it, exhaust it, and recall it
            # instead", set up on this unit this turn: chosen now, applied as it would die;
            # the cost is paid then (the bot keeps no runes) (QA 55 W10).
            at = unit.dies_instead.index(pending)
            chosen = replace(
                unit,
                dies_instead=(
                    *unit.dies_instead[:at],
                    ("recall", saver.name),
                    *unit.dies_instead[at + 1 :],
                ),
            )
            return ok_result(
                state.with_object(chosen),
                f"{player} will use {saver.name}'s replacement if {label(unit)} would die this "
                f"turn: pay its cost to heal it, exhaust it and recall it instead "
                f"({rule('replacement', version)}); the bot keeps no runes, so the payment "
                "isn't checked.",
                (rule("replacement", version),),
                (unit_id,),
            )
        offered = [s for s, _ in buff_savers(state, unit) if s.id == saver_id]
        if not offered:
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{label(saver)} has no “If a buffed unit you control would die, you may ... "
                f"instead” replacement that covers {label(unit)}"
                + (
                    f" (it is {unit.controller}'s, not {saver.controller}'s)"
                    if unit.controller != saver.controller
                    else ""
                )
                + f". To use one of its abilities, say “{player} activates {saver.name} "
                f"targeting {unit.name}.”",
                (rule("replacement", version),),
            )
        if saver.controller != state.player(player):
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{label(saver)} is {saver.controller}'s: only its controller chooses to use "
                f"its replacement ({rule('replacement', version)}).",
                (rule("replacement", version),),
            )
        problem = buff_saver_problem(state, unit, saver)
        if problem:
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{player} can't use {saver.name}'s replacement for {unit.name}: {problem}.",
                (
                    rule("replacement", version),
                    *(() if unit.buffed else (rule("no_buff_to_spend", version),)),
                ),
            )
        chosen = replace(
            unit, dies_instead=(*unit.dies_instead, (SPEND_BUFF_RECALL, saver_name(saver)))
        )
        return ok_result(
            state.with_object(chosen),
            f"{player} will use {saver.name}'s replacement if {label(unit)} would die: pay the "
            f"cost, exhaust {saver.name} and spend its buff to heal it, exhaust it and recall "
            f"it instead ({rule('replacement', version)}, {rule('spend_buff', version)}).",
            (rule("replacement", version), rule("spend_buff", version)),
            (unit_id,),
        )

    @staticmethod
    def showdown_timing(
        state: RbState, player: str, card: RbCard, window: str, *, from_hiding: bool = False
    ) -> Verdict:
        """“Can Bob play Vengeance during a showdown?”: showdowns and combat aren't modelled,
        but the card's timing keywords decide it.  In a Showdown State no card is played by
        default (343.1.a); [Action] may be played during showdowns on any player's turn
        (806.1.c.1); [Reaction] isn't restricted to Closed States or Showdowns (813.2); a
        hidden card played from facedown has [Reaction] (811.6): ``from_hiding``, "… from
        hiding during a showdown?", asks of the player's facedown card (QA 41 U3)."""
        version = state.version
        no_cards = cite_if("showdown_no_cards", version)
        where = "a showdown" if window == "showdown" else "combat (a Showdown State, 343.1)"
        caveat = (
            " Showdowns and combat themselves aren't modelled by the bot: this is the card's "
            "timing alone (its targets and the chain are checked when the play is stated)."
        )
        if from_hiding:
            return _from_hiding_timing(state, player, card, where, caveat)
        keywords = {k.casefold() for k in printed_keywords(card.text)}
        if has_ambush(card) and not has_reaction(card.text) and "action" not in keywords:
            return _ambush_timing(state, player, card, where, caveat)
        if has_reaction(card.text) or _granted_reaction(state, player, card):
            cited = (*cite_if("reaction_any_state", version), rule("reaction_card", version))
            return Verdict(
                VerdictKind.YES,
                f"Yes: {card.name} has [Reaction], which isn't restricted to Closed States or "
                f"Showdowns, so {player} may play it during {where}, on any player's turn, "
                f"even while the chain is open ({', '.join(cited)})." + caveat,
                cited,
            )
        if "action" in keywords:
            cited = (
                *cite_if("action_in_showdowns", version),
                rule("closed_reaction_only", version),
            )
            return Verdict(
                VerdictKind.YES,
                f"Yes: {card.name} has [Action]: “This can be played during showdowns on any "
                f"player's turn” ({cited[0]}), so {player} may play it during {where} when the "
                f"chain is empty; while a chain is open only [Reaction] plays ({cited[-1]})."
                + caveat,
                cited,
            )
        hidden = (
            f" {card.name} has [Hidden]: hidden at a battlefield on an earlier turn and played "
            f"from there, it has [Reaction] ({rule('hidden_reaction', version)}), so it could "
            "be played then."
            if has_hidden(card)
            else ""
        )
        return Verdict(
            VerdictKind.NO,
            f"No: {card.name} has neither [Action] nor [Reaction], and cards can't be played "
            f"during a Showdown State by default"
            + (f" ({no_cards[0]})" if no_cards else "")
            + f"; {player} plays it on their own turn, outside showdowns, with the chain empty."
            + hidden
            + caveat,
            (*no_cards, *((rule("hidden_reaction", version),) if hidden else ())),
        )

    def later_turn(self, state: RbState, player: str | None = None) -> tuple[RbState, Verdict]:
        """“It is a later turn.”: the turn the scenario was in has ended.  Its Expiration Step
        heals all units (317.2.b), ends every “this turn” effect the bot keeps (317.2.c) and
        stunned units recover (423.1.a.2); the cards hidden so far may be played from hiding
        (811.1.b), and Might given “this turn” is taken off again (317.2.c; QA 41 W4).
        ``player``: whose turn it is (“It is Alice's next turn.”): their permanents with
        [Temporary] are killed as its Beginning Phase starts (816.1.b); unsaid, the answer
        says which would be (QA 46 M4)."""
        version = state.version
        state, freed = later_turn_for_hidden(state)
        # A turn ends in its Ending Phase, with the chain empty: with items on it, the later
        # turn began before they were played (a play "from hiding on a later turn" in
        # response), so nothing of the board is the last turn's to expire.
        state, ended = _end_the_turn(state) if not state.chain else (state, [])
        freed_said = (
            f" {and_list(freed)} may now be played from hiding ({rule('hidden', version)})."
            if freed
            else ""
        )
        ended_said = (
            f" As the last turn ended: {'; '.join(ended)}"
            f" ({rule('end_heal', version)}, {rule('this_turn_expires', version)}"
            + (
                f", {rule('stun_ends', version)}"
                if any("no longer stunned" in e for e in ended)
                else ""
            )
            + ")."
            if ended
            else ""
        )
        turned = ok_result(
            state,
            (f"A later turn, {player}'s" if player else "A later turn")
            + ": the turn before it has ended."
            + ended_said
            + freed_said,
            (
                rule("end_heal", version),
                rule("this_turn_expires", version),
                *((rule("hidden", version),) if freed else ()),
            ),
        )
        state, verdict = self._temporary_at_beginning(*self._awaken(*turned, player), player)
        state, verdict = self._beginning_phase_triggers(state, verdict, player)
        return self._scoring_step(state, verdict, player)

    def _beginning_phase_triggers(
        self, state: RbState, verdict: Verdict, player: str | None
    ) -> tuple[RbState, Verdict]:
        """ "At the start of your Beginning Phase" triggers of ``player``'s permanents, Legend
        and battlefields, and "each player's" ones of everybody's, as ``player``'s turn
        begins (315.2.a, 383.3; QA 58 W7): on the chain, or named when a choice or a condition
        decides.  Loose Cannon's "draw 1 if you have one or fewer cards in your hand" is
        checked against the hand as stated.  With no player said, the answer names them."""
        zones = (*BOARD_ZONES, RbZone.LEGEND_ZONE)
        before = state
        sources = sorted(
            (o for o in state.objects.values() if o.zone in zones and o.controller),
            key=lambda o: o.id,
        )
        for source in sources:
            yours = player is not None and source.controller.casefold() == player.casefold()
            found = beginning_triggers(
                self.abilities_of(state, source.id), yours=yours, version=state.version
            )
            if player is None:
                found = beginning_triggers(
                    self.abilities_of(state, source.id), yours=True, version=state.version
                )
                if found:
                    waiting = (
                        f"{source.name}'s “{found[0].ability.text}” triggers as "
                        f"{source.controller}'s Beginning Phase starts "
                        f"({rule('trigger_to_chain', state.version)}); the bot doesn't know "
                        f"whose turn this is: say “It is {source.controller}'s next turn.”"
                    )
                    verdict = replace(verdict, notes=(*verdict.notes, waiting))
                continue
            for triggered in found:
                state, verdict = self._beginning_trigger(state, verdict, source, triggered, player)
        # Triggered together: each player orders theirs, the turn player's first (383.3.d).
        return _order_together(before, state, verdict, "were named")

    def _beginning_trigger(
        self,
        state: RbState,
        verdict: Verdict,
        source: RbObject,
        triggered: Triggered,
        player: str,
    ) -> tuple[RbState, Verdict]:
        """One trigger of ``source`` as ``player``'s Beginning Phase starts; a "... if you
        have N or fewer cards in your hand" effect (Loose Cannon) is checked against the hand
        as stated."""
        when = f"as {player}'s Beginning Phase starts"
        fewer = _FEWER_CARDS_IN_HAND.search(triggered.ability.effect or "")
        if fewer is None:
            return self._triggered(state, source, (triggered,), verdict, when)
        controller = source.controller
        n = fewer.group("n").lower()
        most = int(n) if n.isdigit() else _NUMBER_WORDS[n]
        hand = [
            o.name
            for o in state.objects.values()
            if o.zone is RbZone.HAND and o.owner == controller
        ]
        if not hand:
            note = (
                f"{source.name}'s “{triggered.ability.text}” triggers {when}; whether it draws "
                f"depends on {controller}'s hand, which isn't stated: say “{controller}'s hand "
                "has …” to have it checked."
            )
            return state, replace(verdict, notes=(*verdict.notes, note))
        if len(hand) > most:
            note = (
                f"{source.name}'s “{triggered.ability.text}” does nothing this turn: "
                f"{controller}'s hand as stated has {len(hand)} cards ({and_list(hand)}), more "
                f"than {fewer.group('n').lower()}."
            )
            return state, replace(verdict, notes=(*verdict.notes, note))
        return self._triggered(
            state,
            source,
            (triggered,),
            verdict,
            f"{when} ({controller}'s hand as stated has {len(hand)} card"
            f"{'' if len(hand) == 1 else 's'}: {and_list(hand)})",
        )

    @staticmethod
    def _awaken(state: RbState, verdict: Verdict, player: str | None) -> tuple[RbState, Verdict]:
        """ "The Turn Player readies all Game Objects they control" (315.1.b): a later turn
        said to be ``player``'s readies their exhausted permanents (QA 50 W5)."""
        if player is None:
            return state, verdict
        exhausted = [
            o
            for o in state.on_board()
            if o.exhausted and o.controller.casefold() == player.casefold()
        ]
        if not exhausted:
            return state, verdict
        for obj in exhausted:
            state = state.with_object(replace(obj, exhausted=False))
        cited = rule("awaken_ready", state.version)
        return state, replace(
            verdict,
            reason=f"{verdict.reason} {player}'s Awaken Phase readies "
            f"{and_list(label(o) for o in exhausted)} ({cited}).",
            rules=merge_rules(verdict.rules, (cited,)),
        )

    def _scoring_step(
        self, state: RbState, verdict: Verdict, player: str | None
    ) -> tuple[RbState, Verdict]:
        """ "The Turn Player Holds all Battlefields they Control." (315.2.b.2): each battlefield
        ``player`` controls is held as their turn begins, gaining its point (466.1, the Winning
        Point at the Victory Score less one, 466.1.b.1) and triggering its hold effects
        ([Hunt], 823.1.c.1), as “Alice holds Targon's Peak.” would (QA 50 W5).  The Channel
        and Draw Phases that follow (315.3.b, 315.4.b) need the Rune Deck and Main Deck,
        which the bot doesn't keep: the answer says they weren't carried out.  With no
        player said, nobody holds and the answer says who would."""
        version = state.version
        step = rule("scoring_step_holds", version)
        controlled = [b for b in state.battlefields() if b.controller]
        if player is None:
            if not controlled:
                return state, verdict
            holders = sorted({b.controller for b in controlled})
            waiting = (
                f"The turn player holds the battlefields they control as their turn begins "
                f"({step}); the bot doesn't know whose turn this is, so nobody scored: say "
                f"“It is {holders[0]}'s next turn.” to have it carried out."
            )
            return state, replace(
                verdict, notes=(*verdict.notes, waiting), rules=merge_rules(verdict.rules, (step,))
            )
        said: list[str] = []
        notes: list[str] = list(verdict.notes)
        rules: tuple[str, ...] = (step,)
        for field in controlled:
            if field.controller.casefold() != player.casefold():
                continue
            card = state.cards.get(field.id)
            if card is None:
                continue
            state, held = self.score(state, player, card, HOLD)
            said.append(held.reason)
            notes += held.notes
            rules = merge_rules(rules, held.rules)
        scoring = (
            f" Scoring Step ({step}): {' '.join(said)}"
            if said
            else f" Scoring Step ({step}): {player} controls no battlefield, so holds none."
        )
        channel, draw = rule("channel_phase", version), rule("draw_phase", version)
        notes.append(
            f"Not carried out by the bot: {player}'s Channel Phase (channels 2 runes, {channel}) "
            f"and Draw Phase (draws 1, {draw}), as it keeps no Rune Deck or Main Deck; say what "
            f"{player} drew if it matters (“{player}'s hand has …”)."
        )
        return state, replace(
            verdict,
            reason=verdict.reason + scoring,
            notes=tuple(notes),
            rules=merge_rules(verdict.rules, rules, (channel, draw)),
        )

    def _temporary_at_beginning(
        self, state: RbState, verdict: Verdict, player: str | None
    ) -> tuple[RbState, Verdict]:
        """[Temporary]: "At the start of this permanent's controller's Beginning Phase, before
        scoring, kill this." (816.1.b).  The permanents of ``player``, whose turn began, are
        killed; those of others wait for their controller's turn.  With no player said, the
        bot doesn't know whose turn it is and kills none, saying which would go."""
        version = state.version
        temporary = [
            o
            for o in state.on_board()
            if any(k.casefold() == "temporary" for k in keywords_of(state, o))
        ]
        if not temporary:
            return state, verdict
        cited = rule("temporary", version)
        if player is None:
            owners = sorted({o.controller for o in temporary})
            waiting = (
                f"{and_list(label(o) for o in temporary)} "
                f"{'has' if len(temporary) == 1 else 'have'} [Temporary]: "
                f"{'it is' if len(temporary) == 1 else 'they are'} killed at the start of "
                f"{'its' if len(temporary) == 1 else 'their'} controller's Beginning Phase, "
                f"before scoring ({cited}). The bot doesn't know whose turn this is, so "
                f"{'it stays' if len(temporary) == 1 else 'they stay'}: say "
                f"“It is {owners[0]}'s next turn.” to have it carried out."
            )
            return state, replace(
                verdict, notes=(*verdict.notes, waiting), rules=merge_rules(verdict.rules, (cited,))
            )
        theirs = [o for o in temporary if o.controller.casefold() == player.casefold()]
        said: list[str] = []
        rules: list[str] = [cited]
        for obj in theirs:
            if obj.id not in state.objects or state.objects[obj.id].zone not in BOARD_ZONES:
                continue
            state, killed = self.leave(
                state, obj.id, RbZone.TRASH, event="is killed by its [Temporary] trigger"
            )
            said.append(killed.reason)
            said += killed.notes
            rules += killed.rules
        others = [o for o in temporary if o not in theirs]
        if others:
            said.append(
                f"{and_list(label(o) for o in others)} "
                f"{'stays' if len(others) == 1 else 'stay'} until "
                f"{'its' if len(others) == 1 else 'their'} controller's Beginning Phase."
            )
        return state, replace(
            verdict,
            reason=f"{verdict.reason} As {player}'s Beginning Phase starts, before scoring "
            f"({cited}): {' '.join(said)}",
            rules=merge_rules(verdict.rules, tuple(rules)),
        )

    def play(
        self,
        state: RbState,
        player: str,
        card: RbCard,
        *,
        targets: Sequence[Sequence[int]] = (),
        location: str | None = None,
        destination: str | None = None,
        base_of: str | None = None,
        mode: int | None = None,
        costs: OptionalCosts = NO_OPTIONAL_COSTS,
        from_hidden: bool = False,
        killed: Sequence[int] = (),
    ) -> tuple[RbState, Verdict]:
        """Play a card with all its choices: a unit to ``location`` (default its controller's
        base), a spell with its targets, one group per target mention in text order, and the
        ``destination`` of a unit it moves (``BASE`` or a battlefield's name, 355.4);
        ``base_of`` is the player whose base was named as the destination, if one was;
        ``mode`` the chosen mode of a modal spell (0-based, 355.3); ``costs`` the optional
        additional costs paid: Accelerate (805) or Repeat (820), whose repeat's targets follow
        the first execution's in ``targets`` (820.2); ``from_hidden``: played from facedown
        (811.1.b), a permanent to the battlefield it was hidden at (811.1.d.1); ``killed`` the
        unit killed to pay a "kill a friendly unit" additional cost (356.6)."""
        state = state.with_player(player)
        if kill_cost(card) is not None and len(killed) == 1:
            # The unit named can't pay it: say why that one can't (356.6, 358.4).
            named = PlayInProgress(state, state.player(player), card, killed=killed[0])
            refused_kill = _kill_cost_refusal(named)
            if refused_kill is not None:
                return state, refused_kill
        try:
            progress = self.start_play(state, player, card, costs, from_hidden=from_hidden)
            progress = _with_killed(progress, killed)
            if progress.hidden_at and progress.needs_location:
                there = rule("hidden_permanent_there", state.version)
                if location not in (None, progress.hidden_at):
                    raise IllegalActionError(
                        f"{card.name} is played from hiding, so it is played to "
                        f"{progress.hidden_at}, where it was hidden ({there}), not to "
                        f"{'a base' if location == BASE else location}.",
                        rules=(there,),
                    )
                progress = progress.choose(progress.hidden_at)
            elif progress.needs_location:
                progress = progress.choose(location or BASE)
            elif destination is not None:
                progress = replace(progress, destination=destination)
        except IllegalActionError as error:
            return state, illegal_verdict(error, state.version)
        modal = modes_of(card.text) if card.kind is RbKind.SPELL else None
        if modal is not None:
            return self._play_modal(state, progress, modal, targets, mode, base_of)
        analysis = progress.analysis
        if progress.repeats and analysis.targets:
            # The repeat's targets are chosen as it is played, after the first's (820.2).
            flat = [i for group in targets for i in group]
            groups, copied = group_for_executions(analysis.targets, flat, progress.executions)
            new_state, verdict = self.finish(
                replace(progress, picks=tuple(tuple(g) for g in groups)), base_of=base_of
            )
            return new_state, _with_copied_choices(verdict, copied, progress)
        if card.kind is not RbKind.SPELL:
            if any(targets):
                version = state.version
                triggered = ability_kind(card) == "triggered"
                return state, Verdict(
                    VerdictKind.ILLEGAL,
                    f"{card.name} is a {card.kind.value}: units and gear never have targets, "
                    "although their abilities may"
                    + (
                        ": its triggered ability chooses its target when it triggers, not as "
                        f"{card.name} is played."
                        if triggered
                        else "."
                    ),
                    # v1.3: only spells, activated and triggered abilities target (355.10),
                    # and a permanent's trigger chooses later (355.5.b); v1.2 said it in 352.9.c.
                    merge_rules(
                        cite_if("units_gear", version),
                        (rule("mentioned_is_target", version),) if version != "1.2" else (),
                        cite_if("trigger_choices_later", version) if triggered else (),
                    ),
                )
            return self.finish(progress)
        if not analysis.targets and any(targets):
            verdict = analysis.verdict()
            # Why its mentions aren't targets (355.10.a-f), e.g. other players choose them.
            why = next((m.reason for m in analysis.mentions), "")
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{card.name} doesn't target anything, so nothing is chosen as it is played"
                + (f": {why[0].lower()}{why[1:]}" if why else "."),
                verdict.rules,
                verdict.slots,
            )
        return self.finish(
            replace(progress, picks=tuple(tuple(g) for g in targets)), base_of=base_of
        )

    def _play_modal(
        self,
        state: RbState,
        progress: PlayInProgress,
        modal: Modes,
        targets: Sequence[Sequence[int]],
        mode: int | None,
        base_of: str | None,
    ) -> tuple[RbState, Verdict]:
        """A modal spell (Riftbound 355.3: its mode is chosen as it is played, and only that
        mode's targets are chosen).  The targets were grouped for the whole text; they are
        grouped again for the chosen mode's target mentions.

        With no mode named, the targets decide it when exactly one mode can choose them: the
        mode is one of the choices made while playing (355.3) and the named targets are the
        others, so a gear named for Rocket Barrage can only mean "Kill a gear".  When several
        modes fit (no targets for Disposal Order: "up to 3" may choose none, 355.13, and "Draw
        1" chooses nothing), the bot asks which mode instead of choosing for the player; when
        none fits, the play is illegal."""
        flat = [i for group in targets for i in group]
        version = state.version

        def attempt(index: int) -> tuple[RbState, Verdict]:
            chosen = replace(progress, mode=index)
            # With Repeat, the same mode is chosen for the repeat (820.2.a allows another,
            # which a statement can't name yet); its targets follow the first's (820.2).
            picks, copied = (
                group_for_executions(chosen.analysis.targets, flat, progress.executions)
                if flat
                else ([], False)
            )
            if flat and not chosen.analysis.targets:
                return state, Verdict(
                    VerdictKind.ILLEGAL,
                    f"{progress.card.name}'s mode “{modal.label(index)}” doesn't target "
                    "anything, so nothing is chosen for it.",
                    (*cite_if("choose_modes", version), rule("mentioned_is_target", version)),
                )
            new_state, verdict = self.finish(
                replace(chosen, picks=tuple(tuple(g) for g in picks)), base_of=base_of
            )
            return new_state, _with_copied_choices(verdict, copied, progress)

        if progress.repeats and "already chosen" in modal.choose.casefold():
            # Curtain Call: "Choose one you haven't already chosen" - each execution needs a
            # different mode (820.2.a), which a statement can't name yet.
            raise EngineError(
                f"{progress.card.name} played with Repeat chooses a different mode for each "
                f"execution (“{modal.choose}”, {rule('repeat_different_choices', version)}), "
                "and a statement can't name a mode per execution yet, so nothing was played.",
                hint=f"Play it without Repeat: “{progress.player} plays {progress.card.name} "
                f"choosing {modal.label(0)}.”",
            )
        if mode is not None:
            return attempt(mode)
        tried = [(index, *attempt(index)) for index in range(len(modal.modes))]
        fits = [t for t in tried if t[2].kind is VerdictKind.LEGAL]
        name = progress.card.name
        listed = modal.listed()
        if len(fits) == 1:
            index, new_state, verdict = fits[0]
            return new_state, replace(
                verdict,
                notes=(
                    f"No mode was named; “{modal.label(index)}” is the only mode of {name} "
                    f"these choices fit, so it is the one chosen{_modes_rule(version)}.",
                    *verdict.notes,
                ),
            )
        if not fits:
            why = "; ".join(f"“{modal.label(i)}”: {v.reason.rstrip('.')}" for i, _, v in tried)
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{name} has modes (“{modal.choose}”: {listed}), and these choices fit none of "
                f"them: {why}.",
                merge_rules(cite_if("choose_modes", version), *(v.rules for _, _, v in tried)),
            )
        raise EngineError(
            f"{name} is modal (“{modal.choose}”: {listed}) and these choices fit more than one "
            f"mode; the mode is chosen as it is played{_modes_rule(version)}.",
            hint=f"Name the mode, e.g. “{progress.player} plays {name} choosing "
            f"{modal.label(fits[-1][0])}.”",
        )

    def finish(
        self, progress: PlayInProgress, *, base_of: str | None = None
    ) -> tuple[RbState, Verdict]:
        """Check every choice (358.1) and carry the play out: a permanent goes to the board
        (359.2), a spell onto the chain (359.3) with its targets.  ``base_of``: whose base was
        named as the move's destination (see ``play``).  The card played is recorded as its
        player's ([Legion], 812.1.c)."""
        refused = _kill_cost_refusal(progress) or _costs_more_than_killed(progress)
        if refused is not None:
            return progress.state, refused
        state, verdict = self._carry_out_play(progress, base_of=base_of)
        if verdict.kind is VerdictKind.LEGAL and progress.killed is not None:
            state, verdict = self._pay_kill_cost(state, progress, verdict)
        if verdict.kind is VerdictKind.LEGAL:
            # A "can't"/"only" the bot doesn't check is named, not silently passed (QA 30 W1).
            verdict = replace(verdict, notes=(*verdict.notes, *unchecked_note(progress.state)))
        if verdict.kind is VerdictKind.LEGAL and verdict.object_ids:
            played_id = verdict.object_ids[0]
            state = state.with_played(progress.player, played_id)
            # The card leaves the zone it is played from (354): the copy stated in the
            # player's hand, if there is one (QA 25 W2: it stayed there, duplicated).
            facedown = (
                hidden_card(progress.state, progress.player, progress.card.name)
                if progress.hidden_at
                else None
            )
            in_hand = (
                stated_to_play(progress.state, progress.player, progress.card.name)
                if facedown is None
                else None
            )
            if facedown is not None:
                state = leave_facedown(state, facedown)
                if progress.card.kind is not RbKind.SPELL:
                    state = state.with_object(
                        replace(
                            state.obj(played_id),
                            played_from_hiding=True,
                            played_from_hiding_at=progress.hidden_at,
                        )
                    )
                verdict = replace(verdict, notes=(*_from_hidden_notes(progress), *verdict.notes))
                verdict = replace(
                    verdict, rules=merge_rules(verdict.rules, _from_hidden_rules(state.version))
                )
            if in_hand is not None:
                state, note, cited = leave_hand(state, in_hand, played_id)
                verdict = replace(
                    verdict,
                    notes=(note, *verdict.notes),
                    rules=merge_rules(verdict.rules, cited),
                )
            event_before = state
            obj = state.obj(played_id)
            if progress.card.kind is not RbKind.SPELL:
                found = play_triggers(
                    self.abilities_of(state, played_id),
                    to_battlefield=obj.at_battlefield,
                    version=state.version,
                    from_facedown=facedown is not None,
                )
                verdict = _vision_note(state, obj, found, verdict)
                state, verdict = self._triggered(state, obj, found, verdict, "as it is played")
            # Other permanents' "When you play a unit / a spell ..." (QA 36 U1), and units the
            # play made Mighty (a passive "Your units have +1 [M]", 709).
            played = PlayEvent(
                progress.player,
                obj.name,
                progress.card.kind,
                progress.card.energy,
                might_now(state, obj) if progress.card.kind is RbKind.UNIT else None,
                obj.location if obj.at_battlefield else "",
                obj.id if progress.card.kind is not RbKind.SPELL else None,
                len(state.played.get(progress.player, ())),
                facedown is not None,
            )
            state, verdict = self._others_see(state, verdict, played, exclude=played_id)
            state, verdict = self._became_mighty(progress.state, state, verdict)
            state, verdict = _order_together(event_before, state, verdict, "was played")
            if progress.card.kind is RbKind.SPELL:
                state, verdict = self._choices_seen(state, verdict, played_id)
        return state, verdict

    def _others_see(
        self, state: RbState, verdict: Verdict, event: WatchedEvent, *, exclude: int = 0
    ) -> tuple[RbState, Verdict]:
        """The triggered abilities of every permanent, Legend and battlefield whose condition
        ``event`` met (Relentless Storm, Lady of Luminosity, Radiant Dawn, Grand Duelist: QA
        36 U1), each controlled by its source's controller (188.4.a) and put on the chain or
        named as its own are (383.3); ``exclude``: the played card, whose own play triggers
        are ``play_triggers``'."""
        version = state.version
        # Immortal Phoenix sees its owner's spell kill a unit from the trash (its text).
        zones: tuple[RbZone, ...] = (*BOARD_ZONES, RbZone.LEGEND_ZONE)
        if isinstance(event, DeathEvent | DiscardEvent):
            # Flame Chompers' "When you discard me", from the trash it went to.
            zones = (*zones, RbZone.TRASH)
        watchers = sorted(
            (o for o in state.objects.values() if o.zone in zones),
            key=lambda o: o.id,
        )
        for watcher in watchers:
            controller = watcher.controller or watcher.owner
            if not controller:
                continue
            for seen in watched_triggers(
                self.abilities_of(state, watcher.id),
                controller,
                event,
                version,
                watcher=watcher,
                # The played card itself sees only "your second card in a turn" (Darius,
                # Trifarian: it is on the board as the play's triggers are checked, FAQ).
                own_play=watcher.id == exclude,
            ):
                if _FIRST_TIME_EACH_TURN.match(seen.triggered.ability.text):
                    # Wraith of Echoes' "The first time ... each turn": once a turn (the bot
                    # counts from when the watcher was named; Origins FAQ: several at once
                    # trigger it once).
                    if watcher.id in state.used_this_turn:
                        continue
                    state = replace(state, used_this_turn=(*state.used_this_turn, watcher.id))
                when = (
                    f"as {event.player} plays {event.name} ({seen.why})"
                    if isinstance(event, PlayEvent)
                    else f"because {seen.why}"
                )
                for n in range(seen.times):
                    chain_before = len(state.chain)
                    state, verdict = self._triggered(
                        state,
                        state.obj(watcher.id),
                        (seen.triggered,),
                        verdict,
                        when if n == 0 else f"{when} (again: {n + 1} of {seen.times})",
                        again=n > 0,
                        # Blast Cone, once for each enemy unit moved: which one it is about.
                        moved=state.objects.get(seen.referents[n])
                        if isinstance(event, MoveEvent) and n < len(seen.referents) > 1
                        else None,
                    )
                    played_id = event.object_id if isinstance(event, PlayEvent) else None
                    if n < len(seen.referents):
                        # Back-Alley Bar's "give it +1 [M] this turn": the unit that moved.
                        played_id = seen.referents[n]
                    if isinstance(event, ChooseEvent) and not event.readied:
                        # Blade Dancer's "ready it": "it" is the friendly unit chosen, one for
                        # each time it triggers (359.3.f.3).
                        friendly = [
                            u
                            for u in event.units
                            if u.controller.casefold() == controller.casefold()
                        ]
                        played_id = friendly[n].id if n < len(friendly) else None
                    if played_id is not None and played_id in state.objects:
                        # "it" is the played unit (359.3.f.3: information from the trigger
                        # condition), for Vex, Apathetic's "[Stun] it" (QA 39 U2).
                        played = state.objects[played_id]
                        state = replace(
                            state,
                            chain=(
                                *state.chain[:chain_before],
                                *(
                                    replace(i, referents=(played,))
                                    if i.source_id == watcher.id and not i.referents
                                    else i
                                    for i in state.chain[chain_before:]
                                ),
                            ),
                        )
                cited = {
                    PlayEvent: ("printed_cost",) if "costs [" in seen.why else (),
                    StunEvent: ("stun",),
                    MightyEvent: (),
                    DeathEvent: (),
                    ChooseEvent: () if getattr(event, "readied", False) else ("targeted",),
                    AttachEvent: ("attach",),
                    MoveEvent: ("move",),
                    DiscardEvent: ("discard",),
                    BuffEvent: ("buff",),
                }[type(event)]
                verdict = replace(
                    verdict,
                    rules=merge_rules(
                        verdict.rules,
                        [rule(c, version) for c in cited],
                        cite_if("becomes_mighty", version)
                        if isinstance(event, MightyEvent)
                        else (),
                    ),
                )
        return state, verdict

    def _choices_seen(
        self, state: RbState, verdict: Verdict, item_id: int
    ) -> tuple[RbState, Verdict]:
        """Choosing is targeting (355.7): the units the chain item ``item_id`` chose as it was
        played or put on the chain trigger "When you choose me" (Irelia, Fervent; Jae Medarda:
        "... with a spell") and "When you choose a friendly unit" (Blade Dancer, Spirit
        Wheel) of its controller's permanents and Legend; they go on the chain above it
        (383.3; QA 55 W5)."""
        item = state.item(item_id)
        if item is None:
            return state, verdict
        units: dict[int, RbObject] = {}
        for group in item.chosen:
            for chosen in group:
                now = state.objects.get(chosen.id)
                if now is not None and now.kind is RbKind.UNIT and now.zone in BOARD_ZONES:
                    units.setdefault(now.id, now)
        if not units:
            return state, verdict
        by = f"{item.source_name}'s ability" if item.is_ability and item.source_name else item.name
        event = ChooseEvent(
            item.controller, tuple(units.values()), by, with_spell=not item.is_ability
        )
        before = state
        state, verdict = self._others_see(state, verdict, event)
        return _order_together(before, state, verdict, "saw units chosen")

    def _became_mighty(
        self, before: RbState, state: RbState, verdict: Verdict
    ) -> tuple[RbState, Verdict]:
        """Units on the board before and after whose Might went from less than 5 to 5 or more
        (709): Grand Duelist's "When one of your units becomes [Mighty]" sees them."""
        units = tuple(
            o
            for o in state.objects.values()
            if o.kind is RbKind.UNIT
            and o.zone in BOARD_ZONES
            and o.id in before.objects
            and before.objects[o.id].zone in BOARD_ZONES
            and (might_now(before, before.objects[o.id]) or 0) < MIGHTY
            and (might_now(state, o) or 0) >= MIGHTY
        )
        if not units:
            return state, verdict
        return self._others_see(state, verdict, MightyEvent(units))

    def _pay_kill_cost(
        self, state: RbState, progress: PlayInProgress, verdict: Verdict
    ) -> tuple[RbState, Verdict]:
        """Kill the unit chosen for the card's "kill a friendly unit" additional cost as the
        cost is paid (356.6, 357.2; an Active Kill, 428.1.a.1): it goes to the trash (or
        what replaces its death), and its [Deathknell] triggers."""
        version = state.version
        unit = state.obj(progress.killed or 0)
        notes: list[str] = [
            f"Paying {progress.card.name}'s additional cost killed {label(unit)}"
            f" ({_cited_all((*cite_if('kill_cost', version), *cite_if('pay_other_costs', version), rule('kill_as_cost', version)))})."
        ]
        rules: list[str] = [
            *cite_if("kill_cost", version),
            *cite_if("pay_other_costs", version),
            rule("kill", version),
            rule("kill_as_cost", version),
        ]
        before = state
        state, _, _ = die(state, unit, "was killed to pay a cost", notes, rules)
        state, cleanup_notes, cleanup_rules = cleanup_after_statement(state)
        if cleanup_notes:
            notes.append(f"Then the cleanup: {' '.join(cleanup_notes)}")
            rules += cleanup_rules
        verdict = replace(
            verdict, notes=(*verdict.notes, *notes), rules=merge_rules(verdict.rules, rules)
        )
        return self._deathknells(before, state, verdict)

    def _triggered(
        self,
        state: RbState,
        source: RbObject,
        found: Sequence[Triggered],
        verdict: Verdict,
        when: str,
        *,
        again: bool = False,
        last_known: RbObject | None = None,
        moved: RbObject | None = None,
    ) -> tuple[RbState, Verdict]:
        """The source's own triggers whose condition was just met (its play, its death; QA 27
        U1): one that needs nothing more goes on the chain now (383.3); for the others, the
        note says what statement puts it there.  [Legion] ones need another card played this
        turn (812.1.c).  ``last_known``: a dead unit as it died, its Might with passive
        abilities, which decides a Deathknell's "If I was [Mighty]" (808.1.d.3, 708).
        ``moved``: the one of several moved enemy units this instance of Blast Cone's "When
        you move an enemy unit" is about, which its statement names (359.3.f.3)."""
        version = state.version
        r = lambda concept: rule(concept, version)  # noqa: E731 - short local alias
        notes: list[str] = []
        cited: list[str] = []
        ids: list[int] = []
        offered: list[str] = []  # statements that put a waiting trigger on the chain
        name = source.name
        for triggered in found:
            ability = triggered.ability
            kind = f"[{ability.keyword}]" if ability.keyword else "triggered ability"
            said = f"{name}'s {kind} (“{modes_inline(ability.text)}”)"
            if (gear := _giving_equipment(state, source, ability)) is not None:
                # Eye of the Herald's "When I move": the unit's while attached (718.3).
                said = (
                    f"{name}'s {kind} from {gear.name} (“{modes_inline(ability.text)}”: its "
                    f"Effect Text is {name}'s while attached, "
                    f"{rule('effect_text_appended', version)})"
                )
                cited.append(rule("effect_text_appended", version))
            inactive = _inactive_level_note(state, source, ability, said)
            if inactive:
                notes.append(inactive)
                cited += _inactive_level_rules(version)
                continue
            if ability.legion and triggered.handling != "chain":
                controller = source.controller or source.owner
                if other_card_played(state, controller, (source.id,)) is None:
                    notes.append(
                        f"{said} is written after [Legion]: {controller} hasn't played another "
                        f"card in this scenario, so it doesn't trigger"
                        + "".join(f" ({n})" for n in cite_if("legion_active", version))
                        + "."
                    )
                    cited += cite_if("legion_active", version)
                    continue
            statement = (
                f"“{name}'s trigger targets …”."
                if triggered.handling == "targets"
                or analyse(ability.text, version=version, ability="triggered").targets
                else f"“{self._trigger_named(state, source, ability)} goes on the chain for "
                f"{moved.name}.”"
                if moved is not None and about_moved_enemy(ability)
                else f"“{self._trigger_named(state, source, ability)} goes on the chain with no "
                "targets.”"
            )
            handling = triggered.handling
            last_might = last_known.might if last_known is not None else None
            was_mighty = (
                handling == "if"
                and last_might is not None
                and bool(_WAS_MIGHTY.match(ability.effect or ""))
            )
            if was_mighty and last_might is not None:
                # Unsung Hero: "If I was [Mighty], draw 2" - its Might as it died is known
                # (808.1.d.3), so the condition is checked (383.3.e; QA 36 W7).
                if last_might < 5:
                    notes.append(
                        f"{said} triggers {when}, but {name} had {last_might} Might as it died, "
                        f"so it wasn't Mighty (5 or more) and it doesn't go on the chain"
                        f"{_cited((*cite_if('trigger_if', version), *cite_if('mighty', version)))}."
                    )
                    cited += [*cite_if("trigger_if", version), *cite_if("mighty", version)]
                    continue
                notes.append(
                    f"{name} had {last_might} Might as it died, so it was Mighty and "
                    f"“{ability.effect}” goes on the chain"
                    f"{_cited((*cite_if('trigger_if', version), *cite_if('mighty', version)))}."
                )
                cited += [*cite_if("trigger_if", version), *cite_if("mighty", version)]
                handling = "chain"
            if handling == "chain" and source.id not in state.objects:
                # Karthus, Eternal's extra Ekko, Recurrent Deathknell: the first instance's
                # "Recycle me to" cost took the card from the trash (416.3).
                done = _recycle_me_unpaid(f"{name}'s {ability.title}", source, version)
                notes.append(f"{said} triggers {when}. {done.reason}")
                cited += done.rules
            elif handling == "chain":
                state, done = self.trigger(state, source.id, ability.index, again=again)
                if done.kind is VerdictKind.LEGAL and was_mighty and last_known is not None:
                    # The unit as it died (808.1.d.3), for "If I was [Mighty]" as it resolves.
                    noted = replace(state.chain[-1], referents=(last_known,))
                    state = replace(state, chain=(*state.chain[:-1], noted))
                if done.kind is VerdictKind.LEGAL and not done.object_ids:
                    # An [Add] ability never becomes a chain item (400.2): it resolved at once.
                    notes.append(f"{said} triggers {when}. {done.reason}")
                elif done.kind is VerdictKind.LEGAL:
                    ids += list(done.object_ids)
                    notes += [
                        n for n in done.notes if n.startswith(("[Legion]", _RECYCLE_COST_SAID))
                    ]
                    notes.append(
                        f"{said} triggers {when}, so it is on the chain now "
                        f"(#{done.object_ids[0]}), controlled by {state.chain[-1].controller} "
                        f"({r('trigger_to_chain')}); it resolves when the chain does "
                        "(“The top of the chain resolves.”)."
                    )
                else:
                    notes.append(done.reason)
                cited += done.rules
            elif triggered.handling == "may":
                notes.append(
                    f"{said} triggers {when}; its effect starts with "
                    f"“{' '.join((ability.effect or '').split()[:2]).lower()}”, so "
                    f"{source.controller or source.owner} chooses whether to put it on the chain"
                    f"{_cited(cite_if('trigger_may', version))}: if so, say {statement}"
                )
                cited += [r("trigger_to_chain"), *cite_if("trigger_may", version)]
            elif triggered.handling == "if":
                notes.append(
                    f"{said} triggers {when}, and goes on the chain only if its condition is "
                    f"true{_cited(cite_if('trigger_if', version))}, which the bot doesn't "
                    f"check: if it is, say {statement}"
                )
                cited += [r("trigger_to_chain"), *cite_if("trigger_if", version)]
            elif _only_runes(ability, version):
                # Targon's Peak's "ready up to 2 runes at the end of this turn": runes aren't
                # kept on the board, so nothing is chosen now; it goes on the chain (383.3).
                state, done = self.trigger(state, source.id, ability.index, again=again)
                if done.kind is VerdictKind.LEGAL:
                    ids += list(done.object_ids)
                    notes.append(
                        f"{said} triggers {when}, so it is on the chain now "
                        f"(#{done.object_ids[0]}), controlled by {state.chain[-1].controller} "
                        f"({r('trigger_to_chain')}); the bot keeps no runes, so which runes it "
                        "readies is left to its controller."
                    )
                else:
                    notes.append(done.reason)
                cited += done.rules
            elif (modal := modes_of(ability.text)) is not None:
                # Aphelios, Exalted: "When you attach an Equipment to me, choose one that
                # hasn't been chosen this turn - ...": its mode, and that mode's targets, are
                # chosen as it goes on the chain (355.3, 383.3; QA 55 U5).
                notes.append(
                    f"{said} triggers {when}; its mode ({modal.listed()}) and that mode's "
                    f"targets are chosen as it goes on the chain ({r('trigger_to_chain')}"
                    f"{''.join(', ' + n for n in cite_if('choose_modes', version))}): say "
                    f"{_choosing_statement(state, source, ability, modal)} It must go on the "
                    "chain before the chain resolves."
                )
                cited += [r("trigger_to_chain"), *cite_if("choose_modes", version)]
                if again or _waiting(state, source.id, ability.index) is None:
                    waits = WaitingTrigger(source.id, ability.index)
                    state = replace(state, waiting_triggers=(*state.waiting_triggers, waits))
            elif not (offers := _waiting_offers(state, source, ability)) and _needs_a_target(
                ability, version
            ):
                # 402.3: with no valid choice for a target it needs, it is removed and never
                # becomes a chain item, so nothing waits.
                notes.append(
                    f"{said} triggers {when}, but nothing is a valid choice for its target, so "
                    f"it is removed and never goes on the chain ({r('trigger_no_options')})."
                )
                cited.append(r("trigger_no_options"))
            else:
                notes.append(
                    f"{said} triggers {when}, and its targets are chosen as it goes on the "
                    f"chain ({r('trigger_to_chain')}): say {statement} It must go on the "
                    "chain before the chain resolves"
                    + (f", e.g. “{offers[0].removesuffix('.')}”" if offers else "")
                    + "."
                )
                cited.append(r("trigger_to_chain"))
                offered += offers
                if again or _waiting(state, source.id, ability.index) is None:
                    waits = WaitingTrigger(source.id, ability.index)
                    state = replace(state, waiting_triggers=(*state.waiting_triggers, waits))
        if not notes:
            return state, verdict
        return state, replace(
            verdict,
            notes=(*verdict.notes, *notes),
            rules=merge_rules(verdict.rules, cited),
            object_ids=(*verdict.object_ids, *ids),
            offers=(*verdict.offers, *offered),
        )

    def _carry_out_play(
        self, progress: PlayInProgress, *, base_of: str | None = None
    ) -> tuple[RbState, Verdict]:
        state, card, player, version = (
            progress.state,
            progress.card,
            progress.player,
            progress.state.version,
        )
        r = lambda concept: rule(concept, version)  # noqa: E731 - short local alias
        if card.kind is not RbKind.SPELL:
            where = progress.location or BASE
            battlefield = None
            ambush = has_ambush(card) and where in {
                b.name for b in ambush_battlefields(state, player, card)
            }
            if progress.ambush_only and not ambush:
                # 822.1.b: its [Reaction] is only "as long as I'm being played to a
                # battlefield where you control Units".
                return state, Verdict(
                    VerdictKind.ILLEGAL,
                    f"{card.name} can be played while the chain is open only through [Ambush]: "
                    f"it has [Reaction] only as it is played to a battlefield where {player} "
                    "controls units, and "
                    + (
                        f"{player}'s base is not a battlefield."
                        if where == BASE
                        else f"{player} controls no unit at {where}."
                    ),
                    (*cite_if("ambush", version), rule("closed_reaction_only", version)),
                )
            # Arachnoid Horror, Rengar, Trophy Hunter: card text that makes a battlefield
            # the player doesn't control a valid location (355.2.b).
            permission = enemy_battlefield_permission(state, player, card, where)
            alone = permission is not None and where in permission.battlefields
            if where != BASE:
                battlefield = state.battlefield(where)
                if battlefield is None or (
                    battlefield.controller != player and not ambush and not alone
                ):
                    unknown = unknown_control(state, battlefield) if battlefield else ""
                    if unknown:
                        raise EngineError(
                            f"{card.name} can be played only to {player}'s base or a "
                            f"battlefield {player} controls ({r('valid_location')}), and "
                            f"{unknown} ({r('control_kept_in_combat')}).",
                            hint=f"Say who controls it first, e.g. “{player} controls {where}.”",
                        )
                    return state, Verdict(
                        VerdictKind.ILLEGAL,
                        f"{card.name} can only be played to {player}'s base or a battlefield "
                        f"{player} controls; {player} doesn't control {where}.",
                        (r("choose_location"), r("valid_location")),
                    )
            forbidden = location_refusal(state, player, card.name, where, permitted=alone)
            if forbidden is not None:
                return state, illegal_verdict(forbidden, version)
            ambush_notes: tuple[str, ...] = ()
            if (
                alone
                and permission is not None
                and not ambush
                and battlefield is not None
                and battlefield.controller != player
            ):
                ambush_notes = (
                    (
                        f"{card.name}'s own text lets it"
                        if permission.by == card.name
                        else f"{permission.by}'s text lets {card.name}"
                    )
                    + f" be played to {permission.allows}, as at {where}: such a location "
                    "becomes valid "
                    f"({_cited_all((*cite_if('play_permission', version), *permission.rules))}; "
                    f"card text overrides the rules, {r('card_text_wins')}).",
                )
            if ambush and (
                progress.ambush_only or battlefield is None or battlefield.controller != player
            ):
                own_units = where in {b.name for b in ambush_battlefields(state, player)}
                ambush_notes = (
                    f"{card.name}'s [Ambush] lets it be played to a battlefield where {player} "
                    "controls units"
                    + (
                        ""
                        if own_units
                        else f", and its text extends that to a battlefield where there are "
                        f"enemy units, as at {where} ({_cited_all(cite_if('play_permission', version))})"
                    )
                    + (", and gives it [Reaction] as it is" if progress.ambush_only else "")
                    + f" ({_cited_all(cite_if('ambush', version))}).",
                )
            new_state, verdict = self.add_permanent(
                state,
                player,
                card,
                battlefield=state.cards.get(battlefield.id) if battlefield else None,
            )
            # "Alice controls X" describes a ready permanent; played, a unit enters
            # exhausted unless its text says otherwise (359.2.c-d; QA 24 W8) or its
            # Accelerate cost was paid (805.1.a).
            entry = played_entry(state, player, card, accelerated=progress.accelerated)
            obj = new_state.obj(verdict.object_ids[0])
            if battlefield is not None:
                obj = replace(obj, zone=RbZone.BATTLEFIELD, location=where)
            new_state = new_state.with_object(replace(obj, exhausted=entry.exhausted))
            place = "base" if where == BASE else where
            granted_notes, granted_rules = _granted_quick_draw_notes(state, player, card)
            accelerate_notes, accelerate_rules = (
                _granted_accelerate_notes(state, player, card, bool(progress.hidden_at))
                if progress.accelerated and not has_accelerate(card)
                else ((), ())
            )
            legion_notes, legion_rules = _legion_cost_notes(state, player, card)
            rules = merge_rules(
                (r("choose_location"), r("valid_location"), r("permanent_to_board")),
                entry.rules,
                granted_rules,
                accelerate_rules,
                legion_rules,
                (
                    cite_if("ambush", version)
                    if ambush
                    else (
                        r("card_text_wins"),
                        *cite_if("play_permission", version),
                        *(permission.rules if permission else ()),
                    )
                )
                if ambush_notes
                else (),
            )
            offers = _quick_draw_offers(
                new_state, player, card, obj.name, quick_draw_granted=bool(granted_notes)
            )
            played = Verdict(
                VerdictKind.LEGAL,
                f"{player} plays {card.name}{' with Accelerate' if progress.accelerated else ''} "
                f"to {player + chr(39) + 's ' if where == BASE else ''}{place}; "
                "a permanent goes straight to the board (no targets: units and gear never target), "
                f"and it enters {'exhausted' if entry.exhausted else 'ready'}.",
                rules,
                notes=(
                    *ambush_notes,
                    *legion_notes,
                    *granted_notes,
                    *accelerate_notes,
                    *entry.notes,
                    *_attach_trigger_notes(
                        card,
                        obj.name,
                        version,
                        quick_draw_granted=bool(granted_notes),
                        player=player,
                        example=offers[0] if offers else "",
                    ),
                ),
                object_ids=verdict.object_ids,
                offers=offers,
            )
            if obj.kind is RbKind.GEAR and obj.zone is RbZone.BATTLEFIELD and not offers:
                # A gear played from hiding enters at its battlefield unattached: the cleanup
                # after it enters the board (319.6) recalls it to its controller's base
                # (452.1; QA 44 M8).  A [Quick-Draw] gear's attach trigger comes first.
                return _with_cleanup(new_state, played)
            return new_state, played
        analysis = progress.analysis
        targets = analysis.targets
        ctx = new_context(state, player)
        executions = progress.executions
        if len(progress.picks) > len(targets) * executions:
            raise EngineError(
                f"{card.name} has {counted(len(targets) * executions, 'target choice')}; "
                f"{len(progress.picks)} groups were given."
            )
        picks = list(progress.picks) + [()] * (len(targets) * executions - len(progress.picks))
        chosen = [[state.obj(i) for i in group] for group in picks]
        # Each execution's choices are checked as the first's are (820.2).
        by_execution = [
            chosen[k * len(targets) : (k + 1) * len(targets)] for k in range(executions)
        ]
        checked = _checked_executions(analysis, by_execution, ctx)
        if checked.kind is VerdictKind.ILLEGAL:
            return state, replace(checked, rules=merge_rules(checked.rules, (r("check_targets"),)))
        hidden_notes: tuple[str, ...] = ()
        if progress.hidden_at:
            refused, hidden_notes = hidden_choice_refusal(
                list(targets) * executions, chosen, progress.hidden_at, state, ctx, card.name
            )
            if refused is not None:
                return state, refused
        destination = progress.destination or ""
        move = progress.move
        moving = moving_objects(move, chosen) if move is not None else []
        if destination:
            refused = (
                destination_refusal(state, progress.text, moving, destination, player, base_of)
                if move is not None
                else destination_problem(state, progress.text, chosen, destination, base_of)
            )
            if refused is not None:
                return state, refused
        elif moving:
            return state, _destination_missing(progress, chosen, moving)
        spell = RbObject(
            0,
            card.name,
            RbKind.SPELL,
            player,
            player,
            RbZone.CHAIN,
            # Played from hiding: the battlefield it was hidden at, where a unit it plays goes
            # (811.1.d.3).
            progress.hidden_at,
            energy=card.energy,
            power=card.power,
        )
        state, spell_id = state.add(spell, card)
        item = ChainItem(
            spell_id,
            card.name,
            player,
            progress.text,
            "spell",
            tuple(tuple(group) for group in chosen),
            destination=destination,
            repeats=progress.repeats,
            from_hidden=bool(progress.hidden_at),
        )
        state = replace(state, chain=(*state.chain, item))
        names = [label(o) for group in by_execution[0] for o in group]
        what = (
            (" targeting " + ", ".join(names))
            if names
            else (" with no targets" if not targets else " choosing no targets")
        )
        repeat_notes_said: tuple[str, ...] = ()
        repeat_rules: tuple[str, ...] = ()
        repeated = ""
        if progress.repeats:
            for number, groups in enumerate(by_execution[1:], start=1):
                again = [label(o) for group in groups for o in group]
                which = "the repeat" if executions == 2 else f"repeat {number}"
                what += (
                    f"; {which} targeting {', '.join(again)}"
                    if again
                    else (f"; {which} choosing no targets" if targets else "")
                )
            repeated = " with Repeat" + (
                "" if progress.repeats == 1 else f" {progress.repeats} times"
            )
            repeat_notes_said, repeat_rules = repeat_notes(card, progress.repeats, version)
            if targets:
                repeat_rules = (*repeat_rules, rule("repeat_choices", version))
        if destination:
            moved = moving or [o for group in chosen for o in group]
            place = destination_label(destination, moved)
            what += f", moving {pronoun(moved)} to {place} ({_destination_wording(version)})"
        cited = merge_rules(
            checked.rules if targets else (r("mentioned_is_target"),), (r("spell_lingers"),)
        )
        modal = modes_of(card.text) if progress.mode is not None else None
        if modal is not None and progress.mode is not None:
            # Riftbound 355.3: the mode is chosen as it is played; only that mode's targets.
            what = f" choosing “{modal.label(progress.mode)}”," + (what or " with no targets")
            cited = merge_rules(cited, cite_if("choose_modes", version))
            if progress.repeats:
                # A statement names one mode; the repeat chooses it too (820.2.a allows another).
                repeat_notes_said = (
                    *repeat_notes_said,
                    f"The repeat chooses the same mode, “{modal.label(progress.mode)}”; it may "
                    f"choose another ({rule('repeat_different_choices', version)}), which a "
                    "statement can't name yet.",
                )
                repeat_rules = (*repeat_rules, rule("repeat_different_choices", version))
        what = repeated + ("," if repeated and not names else "") + what
        extra, notes, deflect_rules = _deflect_cost(chosen, ctx, version)
        inactive = _inactive_deflect(state, chosen, ctx)
        unattached = [o.name for o in inactive if o.attached_to is None]
        attached = [o for o in inactive if o.attached_to is not None]
        if unattached:
            notes += (
                f"{and_list(unattached)}'s [Deflect] is in its Effect Text, inactive while it "
                f"isn't attached ({r('effect_text_inactive')}), so choosing it costs nothing "
                "more.",
            )
            deflect_rules += (r("effect_text_inactive"),)
        for gear in attached:
            notes += (
                f"{gear.name}'s [Deflect] is in its Effect Text: attached, it is an ability of "
                f"{state.obj(gear.attached_to or 0).name} ({r('effect_text_appended')}), not "
                f"of {gear.name}, so choosing {gear.name} itself costs nothing more.",
            )
            deflect_rules += (r("effect_text_appended"),)
        level_notes, level_rules = _spell_level_notes(state, player, card)
        return state, Verdict(
            VerdictKind.LEGAL,
            f"{player} plays {card.name}"
            + (f" from hiding at {progress.hidden_at}" if progress.hidden_at else "")
            + f"{what}; it is on the chain (#{spell_id}).{extra}",
            merge_rules(
                cited,
                repeat_rules,
                deflect_rules,
                (r("move_destination"),) if destination else (),
                level_rules,
            ),
            checked.slots,
            notes=(*repeat_notes_said, *hidden_notes, *notes, *level_notes),
            object_ids=(spell_id,),
        )

    # ---- abilities ----------------------------------------------------------------------------
    @staticmethod
    def abilities_of(state: RbState, source_id: int) -> tuple[RbAbility, ...]:
        """The activated and triggered abilities printed on the object ``source_id``."""
        card = state.cards.get(source_id)
        if card is None or card.kind is RbKind.SPELL:
            return ()
        # An unattached Equipment's Effect Text is inactive (136.2.b); attached, its printed
        # Rules Text is (718.2) and its Effect Text is the unit's (718.3).
        obj = state.obj(source_id)
        # In the trash, the Effect Text its Equipment gave it as it died is noted for its
        # Deathknell (808.1.d.3, 718.3).
        printed = read_abilities(
            "\n".join(t for t in (active_text(state, obj), obj.died_with) if t)
        )
        if (
            obj.attached_to is None
            and quick_draw_granter(state, obj.controller, card) is not None
            and not any(a.keyword == "Quick-Draw" for a in printed)
        ):
            # Jax, Unmatched's "Your Equipment everywhere have [Quick-Draw]": its trigger,
            # "When you play this, attach it to a unit you control" (819.1.d), is the gear's.
            granted = RbAbility(
                len(printed),
                "triggered",
                QUICK_DRAW_TEXT,
                "",
                QUICK_DRAW_TEXT.partition(", ")[2],
                "Quick-Draw",
            )
            return (*printed, granted)
        hunt = hunt_value(active_text(state, obj)) if obj.kind is RbKind.UNIT else 0
        if hunt and not any(a.keyword == "Hunt" for a in printed):
            # [Hunt X] is short for "When I conquer or hold, my controller gains X XP"
            # (823.1.c.1); several are summed (823.2).
            text = HUNT_TEXT.format(n=hunt)
            printed = (
                *printed,
                RbAbility(len(printed), "triggered", text, "", text.partition(", ")[2], "Hunt"),
            )
        # Gemcraft Seer's "Other friendly units have [Vision]": one more instance for each
        # such ability, triggering separately (817.2).
        for _ in vision_granters(passive_board(state), obj) if obj.zone in BOARD_ZONES else ():
            printed = (*printed, vision_ability(len(printed)))
        return printed

    def _trigger_named(self, state: RbState, source: RbObject, ability: RbAbility) -> str:
        """How a statement names ``ability`` of ``source``: "Blast Cone's trigger", or "Blast
        Cone's second trigger" when "trigger" alone would name another of its triggered
        abilities (Blast Cone's "When you move an enemy unit" after its targeted "When you
        play this": stop 49 left open)."""
        if source.id not in state.objects:
            # Karthus's extra Ekko Deathknell: the card already left the trash (416.3).
            return f"{source.name}'s trigger"
        try:
            picked = self.find_ability(state, source.id, "triggered")
        except EngineError:
            picked = None
        if picked is not None and picked.index == ability.index:
            return f"{source.name}'s trigger"
        triggered = [a.index for a in self.abilities_of(state, source.id) if a.kind == "triggered"]
        nth = triggered.index(ability.index) + 1 if ability.index in triggered else 0
        if nth not in _ORDINAL_WORDS:
            return f"{source.name}'s trigger"
        return f"{source.name}'s {_ORDINAL_WORDS[nth]} trigger"

    def find_ability(
        self,
        state: RbState,
        source_id: int,
        kind: str | None = None,
        index: int | None = None,
        *,
        keyword: str | None = None,
    ) -> RbAbility:
        """One of the abilities of ``source_id``: ``kind`` ``activated``/``triggered`` (None:
        either); ``index`` 0-based in printed order (-1 the last), counted among that kind when
        the ability at that place is of another kind; None picks the only one, or the only one
        that targets."""
        obj = state.obj(source_id)
        reflexive = self.reflexive_ability(state, source_id)
        if reflexive is not None and kind in (None, "triggered") and index in (None, 0):
            return reflexive
        waiting = {w.ability_index for w in state.waiting_triggers if w.source_id == source_id}
        if index is None and kind in (None, "triggered") and len(waiting) == 1 and not keyword:
            # "Yone, Blademaster's trigger targets …" while one of its triggers waits for its
            # targets (383.3): that one, as the answer that announced it suggests (QA 44 U1).
            every = self.abilities_of(state, source_id)
            found = next((a for a in every if a.index in waiting), None)
            if found is not None:
                return found
        try:
            return pick_ability(
                obj.name,
                self.abilities_of(state, source_id),
                kind,
                index,
                keyword=keyword,
                version=state.version,
                who=obj.controller,
            )
        except EngineError as error:
            card = state.cards.get(source_id)
            r = lambda concept: rule(concept, state.version)  # noqa: E731 - short local alias
            unit = state.objects.get(obj.attached_to) if obj.attached_to is not None else None
            if card is not None and unit is not None:
                appended = read_abilities(card.effect_text)
                printed = read_abilities(card.rules_text)
                if appended and kind != "activated":
                    raise EngineError(
                        f"{obj.name} is attached to {label(unit)}, so “{appended[0].text}” in "
                        f"its Effect Text is an ability of {unit.name}, not of {obj.name} "
                        f"({r('effect_text_appended')}).",
                        hint=f"Name it by {unit.name}: “{unit.name}'s trigger …”.",
                    ) from error
                if printed:
                    # The ability asked about (its Equip, QA 48 M7), else the first of its kind.
                    asked = (
                        [
                            a
                            for a in printed
                            if keyword and a.keyword.casefold() == keyword.casefold()
                        ]
                        or [a for a in printed if kind in (None, a.kind)]
                        or printed
                    )
                    raise IllegalActionError(
                        f"{obj.name} is attached to {label(unit)}, so its printed Rules Text "
                        f"(“{asked[0].text}”) is inactive ({r('attached_rules_inactive')}), "
                        f"and inactive abilities can't be activated and don't trigger "
                        f"({r('inactive_abilities')}).",
                        rules=(r("attached_rules_inactive"), r("inactive_abilities")),
                    ) from error
            inactive = read_abilities(card.effect_text) if card is not None else ()
            if not inactive:
                raise
            raise EngineError(
                f"{obj.name}'s “{inactive[0].text}” is in its Effect Text, which is inactive "
                f"while it isn't attached ({r('effect_text_inactive')}); attached, it is an "
                f"ability of the unit it is attached to ({r('effect_text_appended')}).",
                hint=f"Attach it first (its Equip: “{obj.controller} activates {obj.name} "
                "targeting …”), then name the unit's trigger.",
            ) from error

    @staticmethod
    def reflexive_ability(state: RbState, source_id: int) -> RbAbility | None:
        """A spell's reflexive trigger (387: Dragon's Rage's "Then do this: Choose another
        enemy unit at its destination. They deal damage ...") as a triggered ability of the
        spell, whose choices are made as it goes on the chain; None for a spell without one."""
        card = state.cards.get(source_id)
        if card is None or card.kind is not RbKind.SPELL:
            return None
        analysis = analyse(card.text, version=state.version)
        parts = [i.text for i in analysis.instructions if i.part == REFLEXIVE]
        if not parts:
            return None
        text = " ".join(p.rstrip(".") + "." for p in parts)
        text = _DO_THIS.sub("", text)
        return RbAbility(0, "triggered", text, "", text, reflexive=True)

    def ability_source(
        self,
        state: RbState,
        source: int | RbCard,
        kind: str | None = None,
        index: int | None = None,
        *,
        keyword: str | None = None,
    ) -> AbilitySource:
        """An ability of an object in the game, or of a card, for questions about it."""
        if isinstance(source, RbCard):
            every = read_abilities(source.text) if source.kind is not RbKind.SPELL else ()
            found = pick_ability(
                source.name, every, kind, index, keyword=keyword, version=state.version
            )
            return AbilitySource(source.name, found)
        found = self.find_ability(state, source, kind, index, keyword=keyword)
        return AbilitySource(state.obj(source).name, found, source)

    def activate(
        self,
        state: RbState,
        player: str,
        source_id: int,
        ability_index: int | None = None,
        *,
        targets: Sequence[Sequence[int]] = (),
        keyword: str | None = None,
        mode: int | None = None,
        discards: Sequence[int] = (),
        any_discard: bool = False,
    ) -> tuple[RbState, Verdict]:
        """``player`` activates an activated ability of the permanent ``source_id`` (377):
        the ability goes on the chain as a separate object (355.9.c) controlled by the
        controller of its source (188.4.a), with its targets, one group per target mention in
        text order; its cost (before the ":") is not a target (355.10.c).  ``mode``: the mode
        chosen of a modal ability ("Choose one - ...", 355.3), 0-based.  ``discards``: the
        cards of ``player``'s hand discarded for a "Discard N" cost ("..., discarding Blazing
        Scorcher"); ``any_discard``: a question, which any N stated cards would answer."""
        version = state.version
        r = lambda concept: rule(concept, version)  # noqa: E731 - short local alias
        state = state.with_player(player)
        player = state.player(player)
        source = state.obj(source_id)
        ability = self.find_ability(state, source_id, "activated", ability_index, keyword=keyword)
        repeated = _repeated_mode(state, source, ability, mode, player)
        state = _mode_chosen(state, source_id, ability, mode) if repeated is None else state
        ability, mode_notes, mode_said = _chosen_mode(source, ability, mode, player, version)
        name = f"{source.name}'s {ability.title}"
        if source.zone not in (*BOARD_ZONES, RbZone.LEGEND_ZONE):
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{label(source)} is not on the board, so {name} can't be activated.",
                (r("activated_on_board"),),
            )
        if source.controller != player:
            owner = source.controller or "nobody"
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"Only the player who controls {source.name} ({owner}) can activate its "
                f"abilities: the controller of an ability's source controls the ability and "
                f"chooses whether to activate it, and {player} doesn't control {source.name}.",
                (r("ability_controller"), r("controller_activates")),
            )
        if ability.level and state.xp.get(player, 0) < ability.level:
            # 824.1.d: without N XP the card doesn't have its [Level N] ability; 727.1.c.3:
            # an activated one can be activated only once it is granted.
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{name} (“{ability.text}”) is written after [Level {ability.level}] and is "
                f"inactive: {player} has {state.xp.get(player, 0)} XP, less than "
                f"{ability.level}, so {source.name} doesn't have it. If {player} has the XP, "
                f"say it first, e.g. “{player} has {ability.level} XP.”",
                (*cite_if("level_inactive", version), *cite_if("dependent_activated", version)),
            )
        card = state.cards.get(source_id)
        condition = USE_WHILE_AT_BATTLEFIELD.search(ability.text) or (
            USE_MY_ABILITIES.search(card.text) if card is not None else None
        )
        if condition and not source.at_battlefield:
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{source.name} says “{condition.group(0)}”, and {source.name} is not at a "
                "battlefield.",
                cite_if("use_condition", version) or (r("card_text_wins"),),
            )
        if repeated is not None:
            return state, repeated
        refused = _closed_state_refusal(state, name, ability.text, ability=True)
        if refused is not None:
            return state, illegal_verdict(refused, version)
        exhausts = bool(_EXHAUST_COST.search(ability.cost))
        if exhausts and source.exhausted:
            # Riftbound 414.5: [E] is the cost "Exhaust this"; 414.4: an exhaust cost can be
            # paid only if the exhausting can be done; 414.1.b: an exhausted one can't be
            # exhausted again.  So an exhausted source can't use its [E] ability.
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{source.name} is exhausted, so {name} can't be activated: its cost "
                f"“{ability.cost}” includes exhausting {source.name} ([E] means “Exhaust me”), "
                "and something already exhausted can't be exhausted again to pay it.",
                (r("exhaust_cost"), r("exhaust_symbol"), r("exhausted_again"), r("ability_cost")),
            )
        xp_cost = _XP_COST.search(ability.cost)
        xp_had = state.xp.get(player, 0)
        if xp_cost and xp_had < int(xp_cost.group("n")):
            # Riftbound 730.2, 404.1, 405.2: spending XP reduces the XP a player has; with
            # less than the cost it can't be paid, so the activation is undone (416.3 says the
            # same of a Recycle cost with an empty trash).
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{name} can't be activated: its cost “{ability.cost_said}” spends "
                f"{xp_cost.group('n')} XP, and {player} has only {xp_had} XP, so the cost "
                f"can't be paid and the activation is undone. If {player} has more XP, say so "
                f"first (“{player} has {xp_cost.group('n')} XP.”).",
                (
                    *cite_if("spend_xp", version),
                    r("ability_cost"),
                    *cite_if("pay_costs", version),
                    *cite_if("activation_undone", version),
                ),
            )
        spends_buff = bool(_SPEND_MY_BUFF_COST.search(ability.cost))
        if spends_buff and not source.buffed:
            # Riftbound 702.2.b.1, 404.1, 405.2: no buff to spend, so the cost can't be paid
            # and the activation is undone.
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{name} can't be activated: its cost “{ability.cost_said}” spends "
                f"{source.name}'s buff, and {label(source)} has no buff, so the cost can't be "
                f"paid and the activation is undone. If it has one, say so first "
                f"(“{source.name} is buffed.”).",
                (
                    r("no_buff_to_spend"),
                    r("ability_cost"),
                    *cite_if("pay_costs", version),
                    *cite_if("activation_undone", version),
                ),
            )
        discarded = _discard_cost_cards(state, player, source, ability, discards, any_discard)
        if isinstance(discarded, Verdict):
            return state, discarded
        on_chain = {i.id for i in state.chain}
        state, verdict = self._to_chain(state, source, ability, player, targets)
        if verdict.kind is not VerdictKind.LEGAL:
            return state, verdict
        for new_item in [i for i in state.chain if i.id not in on_chain and i.chosen]:
            # Its choices are targets (355.7): "When you choose me" (QA 55 W5).
            state, verdict = self._choices_seen(state, verdict, new_item.id)
        if mode_said:
            activated = f"activates {name}"
            verdict = replace(
                verdict,
                reason=verdict.reason.replace(activated, f"{activated} choosing “{mode_said}”,", 1),
            )
        notes: list[str] = list(mode_notes)
        rules: list[str] = list(cite_if("choose_modes", version)) if mode_notes else []
        if spends_buff:
            # Riftbound 403.1.a, 702.2.b: the buff is spent as the cost is paid, so its +1
            # Might is gone before the ability resolves.
            buffed = state.obj(source.id)
            state = state.with_object(
                replace(
                    buffed,
                    buffed=False,
                    might=None if buffed.might is None else buffed.might - 1,
                )
            )
            notes.append(
                f"Paying “Spend my buff” removed {source.name}'s buff ({r('spend_buff')}): "
                f"{might_now(state, state.obj(source.id))} Might now."
            )
            rules.append(r("spend_buff"))
        if _DISCARD_COST.search(ability.cost):
            state, said = _pay_discard_cost(state, player, discarded, asked=any_discard)
            notes.append(said)
            rules += [r("discard_cost"), r("discard")]
        if xp_cost:
            # Riftbound 730.2: the XP is spent as the cost is paid (404.1), so [Level]
            # abilities read the lower value from now on (824.1.d).
            left = xp_had - int(xp_cost.group("n"))
            state = replace(state, xp={**state.xp, player: left})
            notes.append(
                f"Paying “Spend {xp_cost.group('n')} XP” took {xp_cost.group('n')} XP off "
                f"{player}: {left} XP now{_cited(cite_if('spend_xp', version))}."
            )
            rules += cite_if("spend_xp", version)
        discount = _ability_discount(state, ability, player)
        if discount:
            notes.append(discount)
            rules.append(r("cost_changes"))
        if exhausts:
            # Riftbound 403.1.a, 414.5: the [E] cost is paid as it is activated: the source is
            # now exhausted (so a second activation is refused, 414.4).
            state = state.with_object(replace(state.obj(source.id), exhausted=True))
            notes.append(f"Paying [E] exhausted {source.name} ({r('exhaust_symbol')}).")
            rules.append(r("exhaust_symbol"))
        if _KILL_COST.search(ability.cost):
            # Riftbound 428.1.a.1: "Kill this" in a cost is an Active Kill, done as the cost is
            # paid (404.1): Gold goes to the trash (a token ceases to exist, 183.1) before its
            # [Add] resolves, and what its passive abilities gave is gone (QA 27 W3).
            notes.append(
                f"Paying “Kill this” killed {label(source)} ({r('kill_as_cost')}); the ability "
                "is a separate object and still resolves without it."
            )
            rules += [r("kill"), r("kill_as_cost")]
            state, _, _ = die(
                state, state.obj(source.id), "was killed to pay its ability's cost", notes, rules
            )
            state, cleanup_notes, cleanup_rules = cleanup_after_statement(state)
            if cleanup_notes:
                notes.append(f"Then the cleanup: {' '.join(cleanup_notes)}")
                rules += cleanup_rules
        return state, replace(
            verdict, notes=(*verdict.notes, *notes), rules=merge_rules(verdict.rules, rules)
        )

    def trigger(
        self,
        state: RbState,
        source_id: int,
        ability_index: int | None = None,
        *,
        targets: Sequence[Sequence[int]] = (),
        keyword: str | None = None,
        again: bool = False,
        mode: int | None = None,
        about: int | None = None,
    ) -> tuple[RbState, Verdict]:
        """A triggered ability of ``source_id`` goes on the chain with its targets (383.3),
        controlled by the controller of its source (188.4.a).  The bot takes the judge's word
        that its condition was met; the condition is not a target (355.10.c).  If nothing is a
        valid choice for a target it needs, it is removed and never becomes a chain item
        (402.3).  Once it is on the chain (or removed), it no longer waits (QA 39 U1).
        ``about``: the moved enemy unit a "When you move an enemy unit" trigger is about, as
        the statement names it (Blast Cone; 359.3.f.3)."""
        ability = self.find_ability(state, source_id, "triggered", ability_index, keyword=keyword)
        waited = _waiting(state, source_id, ability.index)
        chain_before = state.chain
        source = state.obj(source_id)
        moved_it, moved_note = moved_enemy_for(
            state,
            source,
            ability,
            source.controller or source.owner,
            about,
            f"{self._trigger_named(state, source, ability)} goes on the chain",
        )
        repeated = _repeated_mode(state, source, ability, mode, source.controller or source.owner)
        if repeated is not None:
            return state, repeated
        state = _mode_chosen(state, source_id, ability, mode)
        ability, mode_notes, mode_said = _chosen_mode(
            source,
            ability,
            mode,
            source.controller or source.owner,
            state.version,
            when="as it goes on the chain",
            statement=f"{source.name}'s trigger goes on the chain",
        )
        state, verdict = self._trigger(
            state, source_id, ability, targets=targets, keyword=keyword, again=again
        )
        if mode_said and verdict.kind is VerdictKind.LEGAL:
            verdict = replace(
                verdict,
                notes=(*verdict.notes, *mode_notes),
                rules=merge_rules(verdict.rules, cite_if("choose_modes", state.version)),
            )
        if verdict.kind in (VerdictKind.LEGAL, VerdictKind.OK):
            state = _stop_waiting(state, source_id, ability.index)
            # A waiting trigger, or an optional one ("you may", 383.3.a: never waiting) of the
            # card just played (QA 46 M1), joins the other players' triggers of that play.
            state, verdict = _under_other_players_triggers(
                chain_before, state, verdict, waited=waited is not None
            )
            if waited is not None:
                state, verdict = _joins_its_event(chain_before, state, verdict, waited.batch)
            known = {i.id for i in chain_before}
            state = _chosen_unit_is_it(state, chain_before, ability)
            if moved_it is not None and (item := _new_item_without_referents(state, chain_before)):
                # Blast Cone's "[Stun] it": the enemy unit whose move it saw (359.3.f.3).
                state = _with_referent(state, item, moved_it)
                verdict = replace(
                    verdict,
                    notes=(*verdict.notes, moved_note),
                    rules=merge_rules(
                        verdict.rules, cite_if("trigger_condition_info", state.version)
                    ),
                )
            for new_item in [i for i in state.chain if i.id not in known and i.chosen]:
                # Its choices are targets too (355.7): "When you choose me" (QA 55 W5).
                state, verdict = self._choices_seen(state, verdict, new_item.id)
        return state, verdict

    def _trigger(
        self,
        state: RbState,
        source_id: int,
        ability: RbAbility,
        *,
        targets: Sequence[Sequence[int]] = (),
        keyword: str | None = None,
        again: bool = False,
    ) -> tuple[RbState, Verdict]:
        source = state.obj(source_id)
        if ability.reflexive:
            return self._reflexive_trigger(state, source, ability, targets)
        # ``again``: it triggers an additional time (Karthus, Eternal), so one already on the
        # chain is not this one.
        waiting = None if any(targets) or again else _already_triggered(state, source, ability)
        if waiting is not None:
            # The bot put it on the chain as its source was played or died (QA 27 U1): the
            # statement says what already happened, and a play or a death triggers it once.
            return state, Verdict(
                VerdictKind.LEGAL,
                f"{waiting.name} is already on the chain (#{waiting.id}), controlled by "
                f"{waiting.controller}: it went there as its condition was met, so nothing "
                "more is added.",
                (rule("trigger_to_chain", state.version),),
                object_ids=(waiting.id,),
            )
        controller = source.controller or (source.owner if source.zone not in BOARD_ZONES else "")
        if not controller:
            raise EngineError(
                f"Nobody controls {source.name}, so the bot can't tell who controls its "
                f"ability (an uncontrolled battlefield's abilities are the turn player's, "
                f"{rule('uncontrolled_battlefield', state.version)}).",
                hint=f"Say who controls it first, e.g. “Alice controls {source.name}.”",
            )
        inactive = _inactive_level_note(
            state,
            source,
            ability,
            f"{source.name}'s triggered ability (“{modes_inline(ability.text)}”)",
        )
        if inactive:
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{inactive} If {controller} has the XP, say it first, e.g. “{controller} has "
                f"{ability.level} XP.”",
                _inactive_level_rules(state.version),
            )
        legion_note = ""
        if ability.legion:
            version = state.version
            played = other_card_played(state, controller, (source_id,))
            if played is None:
                # 812.1.b.1: "[Legion] - When you play me, ..." is "If you have played another
                # card this turn, this card gains ..."; without one, it has no such ability.
                return state, Verdict(
                    VerdictKind.ILLEGAL,
                    f"{source.name}'s triggered ability is written after [Legion]: it has it "
                    f"only if {controller} has played another card this turn, and "
                    f"{controller} hasn't played another card in this scenario (the bot takes "
                    "it as one turn), so it doesn't trigger. If another card was played "
                    "earlier this turn, state that play first.",
                    merge_rules(cite_if("legion", version), cite_if("legion_active", version)),
                )
            legion_note = (
                f"[Legion]: {controller} played {played} this turn (the bot takes the scenario "
                f"as one turn), so {source.name} has this ability"
                + "".join(f" ({n})" for n in cite_if("legion_active", version))
                + "."
            )
        if source.played_from_hiding and _PLAY_EFFECT.match(ability.text) and any(targets):
            # 811.1.d.2: "If ... a play effect of a hidden permanent chooses any targets, those
            # targets must be chosen from among options at that battlefield" (Blastcone Fae).
            mentions = analyse(ability.text, version=state.version, ability="triggered").targets
            chosen = [[state.obj(i) for i in group] for group in targets]
            refused, _ = hidden_choice_refusal(
                mentions,
                chosen,
                # Edge of Night is recalled, unattached, before its attach trigger goes on
                # the chain; its choice is still made at the battlefield it was hidden at
                # (811.1.d.2; Spiritforged FAQ; QA 55 W8).
                source.played_from_hiding_at or source.location,
                state,
                new_context(state, controller),
                source.name,
                "its play effect's",
            )
            if refused is not None:
                return state, refused
        paid = _COST_WITHIN.match(ability.effect or "")
        cost_rules = (
            *cite_if("trigger_cost_to_chain", state.version),
            *cite_if("trigger_cost_not_on_resolution", state.version),
        )
        exhausts_me = paid is not None and bool(paid.group("exhaust"))
        if paid is not None and exhausts_me and source.exhausted:
            # Blade Dancer: "you may exhaust me and pay [A] to ready it" - an exhausted
            # source can't pay it, and an unpaid cost doesn't finalize the trigger (383.3.b.1,
            # 414.1.b).
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{source.name} is exhausted, so it can't pay “{paid.group('cost')}”, the cost "
                f"within its triggered ability, and the ability can't go on the chain"
                f"{_cited(cost_rules[:1])}.",
                (*cost_rules[:1], rule("exhausted_again", state.version)),
            )
        state, verdict = self._to_chain(state, source, ability, controller, targets)
        if paid is not None and verdict.kind is VerdictKind.LEGAL:
            # Vayne, Hunter: "When I conquer, you may pay [1] to return me to my owner's hand."
            if exhausts_me:
                state = state.with_object(replace(state.obj(source.id), exhausted=True))
            verdict = replace(
                verdict,
                notes=(
                    *verdict.notes,
                    f"“{paid.group('cost')} to” is a cost within the instruction: "
                    f"{controller} pays it as the ability goes on the chain, not as it resolves"
                    f"{_cited(cost_rules)}"
                    + (f": {source.name} is exhausted now" if exhausts_me else "")
                    + _unchecked_payment(paid.group("cost"))
                    + ".",
                ),
                rules=merge_rules(verdict.rules, cost_rules),
            )
        if legion_note and verdict.kind is VerdictKind.LEGAL:
            verdict = replace(
                verdict,
                notes=(legion_note, *verdict.notes),
                rules=merge_rules(verdict.rules, cite_if("legion_active", state.version)),
            )
        return state, verdict

    def _deathknells(
        self,
        before: RbState,
        state: RbState,
        verdict: Verdict,
        *,
        stunner: str | None = None,
        spell_of: str = "",
        resolved: str = "",
    ) -> tuple[RbState, Verdict]:
        """[Deathknell] ("When I die") of the units that died since ``before``: it triggers as
        the unit is killed and sent to the trash (808.1.d, 323.4, 428.1.a.1.b), where it died
        noted (359.3.f.3); a death a replacement prevented has none (808.1.d.1).  Units that
        died together trigger together: their controller orders them (383.3.d).  So do other
        permanents' triggers on units that became Mighty since ``before`` (709) and, with
        ``stunner`` (the controller of what resolved), on the units it stunned (423) and on
        the tokens it played (Sprite Fountain's Sprite: 350.2, 182.1.a)."""
        event_before = state
        if stunner is not None:
            # 350.2: "Tokens are not cards, but can still be Played"; 182.1.a: played by their
            # owner, following the steps for playing a card: Pridestalker's "When you play a
            # unit" and Vex's "When an opponent plays a unit" see them.
            for token in sorted(
                (
                    o
                    for o in state.objects.values()
                    if o.token and o.zone in BOARD_ZONES and o.id not in before.objects
                ),
                key=lambda o: o.id,
            ):
                played = PlayEvent(
                    token.controller,
                    token.name,
                    token.kind,
                    None,
                    might_now(state, token) if token.kind is RbKind.UNIT else None,
                    token.location if token.at_battlefield else "",
                    token.id,
                )
                state, verdict = self._others_see(state, verdict, played, exclude=token.id)
            state, verdict = self.stuns_seen(before, state, verdict, stunner=stunner)
            attached = tuple(
                (gear, state.objects[gear.attached_to])
                for gear in state.objects.values()
                if gear.attached_to is not None
                and gear.attached_to in state.objects
                and (
                    gear.id not in before.objects
                    or before.objects[gear.id].attached_to != gear.attached_to
                )
            )
            if attached:
                # Aphelios, Exalted: "When you attach an Equipment to me" (QA 55 U5).
                state, verdict = self._others_see(
                    state, verdict, AttachEvent(stunner, attached, resolved or "it")
                )
            state, verdict = self.buffs_and_readies_seen(
                before, state, verdict, by_player=stunner, by=resolved or "it"
            )
        state, verdict = self._discards_seen(before, state, verdict)
        state, verdict = self._became_mighty(before, state, verdict)
        for dead in _died(before, state):
            found = death_triggers(self.abilities_of(state, dead.id), state.version)
            if found:
                state, verdict = self._triggered(
                    state,
                    dead,
                    found,
                    verdict,
                    "as it dies",
                    last_known=_last_known(before, state, dead.id),
                )
                # Karthus, Eternal: "Your [Deathknell] effects trigger an additional time" -
                # once more for each such permanent its controller has on the board.
                for doubler in _deathknell_doublers(state, dead.controller):
                    state, verdict = self._triggered(
                        state, dead, found, verdict, f"once more ({doubler.name})", again=True
                    )
                verdict = replace(
                    verdict, rules=merge_rules(verdict.rules, (rule("deathknell", state.version),))
                )
        tokens = _tokens_died(before, state)
        for token in tokens:
            state, verdict = self._token_deathknells(before, state, token, verdict)
        # Other permanents' triggers on these deaths: Wraith of Echoes' "The first time
        # another friendly unit dies each turn"; Immortal Phoenix's "When you kill a unit with
        # a spell", ``spell_of`` the controller of the spell that resolved (QA 44 U1).
        units_died = tuple(
            replace(
                o,
                controller=o.controller or o.owner,
                # Vanguard Helm's "When a buffed friendly unit dies": as it was on the board.
                buffed=o.buffed
                or bool((known := _last_known(before, state, o.id)) and known.buffed),
            )
            for o in (*_died(before, state), *tokens)
            if o.kind is RbKind.UNIT
        )
        event = "died"
        if units_died:
            chain_seen = len(state.chain)
            state, verdict = self._others_see(state, verdict, DeathEvent(units_died, spell_of))
            if len(state.chain) > chain_seen:
                event = "died or saw units die"
        return _order_together(event_before, state, verdict, event)

    def stuns_seen(
        self, before: RbState, state: RbState, verdict: Verdict, *, stunner: str
    ) -> tuple[RbState, Verdict]:
        """Other permanents' triggers on the units ``stunner`` stunned since ``before``:
        Eclipse Herald's "When you stun an enemy unit", Radiant Dawn's "When you stun one or
        more enemy units" (423); a unit that was stunned already wasn't stunned again
        (423.1.a.1), so it triggers nothing."""
        stunned = tuple(
            o
            for o in state.objects.values()
            if o.stunned
            and o.zone in BOARD_ZONES
            and not (o.id in before.objects and before.objects[o.id].stunned)
        )
        if not stunned:
            again = [o for o in state.objects.values() if o.stunned and o.id in verdict.object_ids]
            if again:
                verdict = replace(
                    verdict,
                    notes=(
                        *verdict.notes,
                        f"{and_list(label(o) for o in again)} was already stunned: a stunned "
                        "unit can't be stunned again, so nothing that triggers on a stun does "
                        f"({rule('stunned_again', state.version)}).",
                    ),
                    rules=merge_rules(verdict.rules, (rule("stunned_again", state.version),)),
                )
            return state, verdict
        return self._others_see(state, verdict, StunEvent(stunner, stunned))

    def buffs_and_readies_seen(
        self,
        before: RbState,
        state: RbState,
        verdict: Verdict,
        *,
        by_player: str = "",
        by: str = "",
    ) -> tuple[RbState, Verdict]:
        """Other permanents' triggers on the units buffed or readied since ``before``: Simian
        Ancestor's "When you buff me", Mistfall's "When you buff a friendly unit" (426.1.b;
        QA 58 W6), Irelia, Fervent's "When you choose or ready me" (QA 55 W5).  ``by_player``
        and ``by``: the controller and name of the spell or ability that did it; a statement
        ("Simian Ancestor is buffed.") names neither, so each unit's controller is taken to
        have done it, one event for each controller (as a stated move is, ``_moves_seen``)."""

        def stays_unit(o: RbObject) -> bool:
            return o.kind is RbKind.UNIT and o.zone in BOARD_ZONES and o.id in before.objects

        units = [o for o in state.objects.values() if stays_unit(o)]
        buffed = [o for o in units if o.buffed and not before.objects[o.id].buffed]
        readied = [o for o in units if not o.exhausted and before.objects[o.id].exhausted]
        players = [by_player] if by_player else sorted({u.controller for u in buffed + readied})
        for player in players:
            if not player:
                continue
            mine = tuple(u for u in buffed if by_player or u.controller == player)
            if mine:
                state, verdict = self._others_see(state, verdict, BuffEvent(player, mine, by))
            mine = tuple(u for u in readied if by_player or u.controller == player)
            if mine:
                state, verdict = self._others_see(
                    state, verdict, ChooseEvent(player, mine, by, readied=True)
                )
        return state, verdict

    def _discards_seen(
        self, before: RbState, state: RbState, verdict: Verdict
    ) -> tuple[RbState, Verdict]:
        """The cards discarded since ``before`` (422.1), one event for each player: Jinx,
        Rebel's "When you discard one or more cards" sees them (383.3; QA 58 W2)."""
        discarded: dict[str, list[str]] = {}
        in_trash: dict[str, list[int]] = {}
        for old_id, (event, new_id) in state.departed.items():
            if old_id in before.departed or event != "was discarded":
                continue
            card = before.objects.get(old_id)
            if card is not None:
                player = card.owner or card.controller
                discarded.setdefault(player, []).append(card.name)
                if new_id is not None:
                    in_trash.setdefault(player, []).append(new_id)
        for player, cards in discarded.items():
            if player:
                seen = DiscardEvent(player, tuple(cards), tuple(in_trash.get(player, ())))
                state, verdict = self._others_see(state, verdict, seen)
        return state, verdict

    def _token_deathknells(
        self, before: RbState, state: RbState, token: RbObject, verdict: Verdict
    ) -> tuple[RbState, Verdict]:
        """A token's [Deathknell] (its own, or an attached Equipment's, 718.3: Sacred Shears'
        "Draw 1"): it was killed and sent to the trash, so it triggers (808.1.d), although
        the token then ceased to exist there (183.1).  The trigger is made from the token as
        it died (808.1.d.3), which is gone again once the trigger is on the chain."""
        card = before.cards.get(token.id) or RbCard(token.name, token.kind)
        died_with = "\n".join(text for _, text in appended_effect_texts(before, token.id))
        ghost = replace(
            token,
            zone=RbZone.TRASH,
            location="",
            left_from=token.place,
            died_with=died_with,
            attached_to=None,
            damage=0,
        )
        state, ghost_id = state.add(ghost, card)
        found = death_triggers(self.abilities_of(state, ghost_id), state.version)
        if found:
            dead = state.obj(ghost_id)
            last_known = replace(token, might=might_now(before, token))
            state, verdict = self._triggered(
                state, dead, found, verdict, "as it dies", last_known=last_known
            )
            for doubler in _deathknell_doublers(state, dead.controller):
                state, verdict = self._triggered(
                    state, dead, found, verdict, f"once more ({doubler.name})", again=True
                )
            ceased = rule("token_ceases", state.version)
            verdict = replace(
                verdict,
                notes=(
                    *verdict.notes,
                    f"{token.name} was a token: it was killed and put in the trash, so its "
                    f"[Deathknell] triggered ({rule('deathknell', state.version)}), and then it "
                    f"ceased to exist ({ceased}).",
                ),
                rules=merge_rules(verdict.rules, (rule("deathknell", state.version), ceased)),
            )
        return state.without(ghost_id, TOKEN_GONE_FROM_TRASH, None), verdict

    def _reflexive_trigger(
        self,
        state: RbState,
        spell: RbObject,
        ability: RbAbility,
        targets: Sequence[Sequence[int]],
    ) -> tuple[RbState, Verdict]:
        """A spell's reflexive trigger goes on the chain as the spell finishes resolving, if
        what it refers to happened, and makes its choices then (387; Origins FAQ, Dragon's
        Rage: "you'll put a separate triggered ability on the chain, choosing another enemy
        unit at its destination"), controlled by the spell's controller."""
        version = state.version
        waiting = state.reflexive.get(spell.id)
        if waiting is None:
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{spell.name}'s reflexive trigger (“{ability.text}”) goes on the chain only as "
                f"{spell.name} finishes resolving, if what it refers to happened; "
                + (
                    f"{spell.name} is still on the chain: resolve it first."
                    if spell.zone is RbZone.CHAIN
                    else f"no resolution of {spell.name} in this game left one waiting."
                ),
                cite_if("reflexive", version) or (rule("triggered", version),),
            )
        referents = tuple(state.objects[i] for i in waiting if i in state.objects)
        state, verdict = self._to_chain(
            state, spell, ability, spell.controller, targets, referents=referents
        )
        if verdict.kind is VerdictKind.LEGAL or (
            verdict.kind is VerdictKind.OK and "removed from the chain" in verdict.reason
        ):
            state = replace(
                state, reflexive={k: v for k, v in state.reflexive.items() if k != spell.id}
            )
        return state, replace(
            verdict, rules=merge_rules(verdict.rules, cite_if("reflexive", version))
        )

    def can_activate(
        self,
        state: RbState,
        player: str,
        source_id: int,
        ability_index: int | None = None,
        *,
        targets: Sequence[Sequence[int]] = (),
        keyword: str | None = None,
        mode: int | None = None,
        discards: Sequence[int] = (),
    ) -> Verdict:
        """A question: could ``player`` activate it now with these targets?  Nothing changes.
        A "Discard N" cost with no cards named is payable with any N cards stated in hand."""
        try:
            _, verdict = self.activate(
                state,
                player,
                source_id,
                ability_index,
                targets=targets,
                keyword=keyword,
                mode=mode,
                discards=discards,
                any_discard=not discards,
            )
        except IllegalActionError as refused:
            # An ability it doesn't have now (an attached Equipment's inactive Equip, 718.2):
            # a No, not an error (QA 48 M7).
            verdict = illegal_verdict(refused, state.version)
        return _as_question(could_happen(verdict, "activates", "can activate"), verdict)

    def _to_chain(
        self,
        state: RbState,
        source: RbObject,
        ability: RbAbility,
        controller: str,
        targets: Sequence[Sequence[int]],
        *,
        referents: tuple[RbObject, ...] = (),
    ) -> tuple[RbState, Verdict]:
        """Make the choices (402.1) and put the ability on the chain as a chain item (400.1).
        ``referents``: a reflexive trigger's (what "it" of its spell is)."""
        version = state.version
        r = lambda concept: rule(concept, version)  # noqa: E731 - short local alias
        kind = ability.kind
        name = f"{source.name}'s {ability.title}"
        ability = _play_effect_repeated(state, source, ability)
        analysis = analyse(ability.text, version=version, ability=kind)
        # The bot keeps no runes: which runes "Ready 2 runes" readies (Aphelios, Exalted's
        # mode) is left to its controller, as for Targon's Peak's (QA 55 U5 left-over).
        runes_only = not any(targets) and _only_runes(ability, version)
        mentions = analysis.targets
        ctx = replace(new_context(state, controller, source), referents=referents)
        if not mentions and any(targets):
            verdict = analysis.verdict()
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{name} doesn't target anything, so nothing can be chosen for it.",
                verdict.rules,
                verdict.slots,
            )
        if len(targets) > len(mentions):
            raise EngineError(
                f"{name} has {counted(len(mentions), 'target choice')}; {len(targets)} groups were given."
            )
        picks = list(targets) + [()] * (len(mentions) - len(targets))
        chosen = [[state.obj(i) for i in group] for group in picks]
        empty = [
            m
            for m, group in zip(mentions, chosen, strict=True)
            if not group
            and m.min_count > 0
            and not runes_only
            and not any(check_target(o, m, ctx, version=version).ok for o in state.choosable())
        ]
        if empty:
            phrase = empty[0].requirement
            if kind == "triggered":
                return state, Verdict(
                    VerdictKind.OK,
                    f"{name} triggers, but nothing is a valid choice for “{phrase}”, so it is "
                    "removed from the chain and never becomes a chain item (this is not "
                    "countering it).",
                    (r("trigger_no_options"), r("trigger_not_countered"), r("all_targets_needed")),
                )
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{name} can't be activated: nothing is a valid choice for “{phrase}”.",
                (r("activated_no_options"), r("all_targets_needed")),
            )
        checked = check_choice(analysis, chosen, ctx)
        if checked.kind is VerdictKind.ILLEGAL and not runes_only:
            more: tuple[str, ...] = (r("ability_choices"), r("check_targets"))
            if kind == "triggered":
                more += (r("trigger_must_choose"),)
            return state, replace(checked, rules=merge_rules(checked.rules, more))
        unpayable = _recycle_refusal(state, controller, name, ability.cost_said)
        if kind == "activated" and unpayable is not None:
            return state, unpayable
        if _ADD_ACTION.search(ability.effect or ability.text):
            legion = _LEGION_EFFECT.search(ability.effect) if kind == "activated" else None
            if legion is None:
                return state, _resolves_at_once(name, controller, ability, kind, version)
            return state, _legion_add(state, name, controller, ability, legion.group(0))
        cost_notes: tuple[str, ...] = ()
        cost_rules: tuple[str, ...] = ()
        if kind == "triggered" and _RECYCLE_ME_TO.match(ability.effect or ""):
            state, paid = _pay_recycle_me(state, source, name, version)
            if paid.kind is not VerdictKind.LEGAL:
                return state, paid
            cost_notes, cost_rules = paid.notes, paid.rules
        obj = RbObject(
            0,
            f"{source.name} ability",
            RbKind.ABILITY,
            controller,
            controller,
            RbZone.CHAIN,
            source_id=source.id,
        )
        state, item_id = state.add(obj)
        item = ChainItem(
            item_id,
            name,
            controller,
            ability.text,
            kind,
            tuple(tuple(group) for group in chosen),
            source.id,
            source.name,
            ability.index,
            ability.keyword,
            referents=referents,
        )
        state = replace(state, chain=(*state.chain, item))
        names = [label(o) for group in chosen for o in group]
        what = (
            (" targeting " + ", ".join(names))
            if names
            else (" with no targets" if not mentions else " choosing no targets")
        )
        head = f"{controller} activates {name}" if kind == "activated" else f"{name} triggers"
        cited = [
            r("ability_controller"),
            r("activated_chain") if kind == "activated" else r("trigger_to_chain"),
            r("ability_chain_item"),
        ]
        notes: list[str] = []
        if ability.cost:
            notes.append(
                f"Its cost “{ability.cost_said}” is paid as it is activated "
                f"({r('ability_cost')}); nothing in a cost is a target "
                f"({r('cost_trigger_replacement')})."
            )
            cited.append(r("ability_cost"))
            state, recycled = _recycle_cost(state, controller, ability.cost_said)
            if recycled:
                notes.append(recycled)
                cited += [r("recycle"), r("recycle_cost")]
        if kind == "triggered" and any(
            i.part == "trigger condition" for i in analysis.instructions
        ):
            notes.append(
                f"Nothing in its trigger condition is a target ({r('cost_trigger_replacement')})."
            )
            if source.zone in BOARD_ZONES and _DIES_TRIGGER.search(ability.text):
                # A "When I die" (Deathknell) trigger while its source is still on the board:
                # the bot takes the statement's word that it triggered (found by QA 12).
                notes.append(
                    f"{source.name} is still on the board, but this triggers when it dies: "
                    f"say “{source.name} dies.” first if that is what happened."
                )
        if ability.keyword == "Equip":
            cited += [r("equip"), r("equip_target")]
        if any(o.id == source.id for group in chosen for o in group):
            notes.append(
                f"An ability of a permanent can target that permanent: abilities and "
                f"their sources are separate objects ({r('not_itself')})."
            )
            cited.append(r("not_itself"))
        cited_rules = merge_rules(
            checked.rules if mentions else (r("mentioned_is_target"),), tuple(cited)
        )
        extra, deflect_notes, deflect_rules = _deflect_cost(chosen, ctx, version)
        return state, Verdict(
            VerdictKind.LEGAL,
            f"{head}{what}; it is on the chain (#{item_id}), controlled by {controller}.{extra}",
            merge_rules(cited_rules, cost_rules, deflect_rules),
            checked.slots,
            notes=(*cost_notes, *notes, *deflect_notes),
            object_ids=(item_id,),
        )

    def order_first(
        self, state: RbState, player: str, item_id: int, *, last: bool = False
    ) -> tuple[RbState, Verdict]:
        """``player`` puts the triggered ability ``item_id`` on the chain first of those that
        triggered with it (383.3.d): under the others, so it resolves after them; ``last``: on
        top of them, so it resolves first of them (QA 36 U8).  The order
        is its controller's, chosen as they go on the chain, so it can be said only while they
        are still the top of the chain, none resolved."""
        version = state.version
        order_rule = rule("trigger_order", version)
        item = state.item(item_id)
        if item is None or item.ability != "triggered":
            raise EngineError(
                f"#{item_id} is not a triggered ability on the chain; only triggered abilities "
                f"that triggered at the same time are put on it in an order of their "
                f"controller's choosing ({order_rule}).",
                hint="Say “Alice puts Kog'Maw, Caustic's trigger on the chain first.”",
            )
        event = [n for n, i in enumerate(state.chain) if item.batch and i.batch == item.batch]
        together = [state.chain[n] for n in event if state.chain[n].controller == item.controller]
        if len(together) < 2:
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{item.name} (#{item.id}) didn't trigger at the same time as another ability "
                f"still waiting on the chain, so there is no order to choose ({order_rule}).",
                (order_rule,),
            )
        if item.controller.casefold() != player.casefold():
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{item.name} (#{item.id}) is {item.controller}'s: the player who controls the "
                f"triggered abilities chooses the order they go on the chain ({order_rule}), "
                f"not {player}.",
                (order_rule,),
            )
        if any(i.batch != item.batch for i in state.chain[event[0] :]):
            # Only those that triggered with it (other players' too, 383.3.d.1) are above it.
            above = next(i for i in reversed(state.chain) if i.batch != item.batch)
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"The order of {item.name} (#{item.id}) and the abilities that triggered with it "
                f"was chosen as they went on the chain ({order_rule}); {above.name} "
                f"(#{above.id}) has gone on the chain above them since, so it stands.",
                (order_rule,),
            )
        others = [i for i in together if i.id != item.id]
        # "first": under the others that triggered with it, so it resolves after them;
        # "last": over them, so it resolves first of them (383.3.d).
        side = "last of them on the chain, over" if last else "first of them on the chain, under"
        if together[-1 if last else 0].id == item.id:
            resolves = "it resolves first" if last else "it resolves after them"
            return state, Verdict(
                VerdictKind.OK,
                f"{item.name} (#{item.id}) is already the {side} "
                f"{and_list(f'#{i.id}' for i in others)}: {resolves} ({order_rule}). "
                "Nothing changes.",
                (order_rule,),
                object_ids=(item.id,),
            )
        # A player's triggers went on the chain one after another (383.3.d.1): they are one
        # stretch of it, reordered in place.
        start = state.chain.index(together[0])
        chain = state.chain
        stretch = (*others, item) if last else (item, *others)
        state = replace(
            state,
            chain=(*chain[:start], *stretch, *chain[start + len(together) :]),
        )
        if last:
            put = "last, over"
            outcome = f"it resolves first of them, {others[0].name} (#{others[0].id}) last."
        else:
            put = "first, under"
            outcome = (
                f"{others[-1].name} (#{others[-1].id}) resolves first of them, {item.name} last."
            )
        return state, Verdict(
            VerdictKind.OK,
            f"{player} puts {item.name} (#{item.id}) on the chain {put} "
            f"{and_list(f'{i.name} (#{i.id})' for i in others)} ({order_rule}): {outcome}",
            (order_rule,),
            object_ids=(item.id,),
        )

    # ---- resolving ----------------------------------------------------------------------------
    @staticmethod
    def waiting_refusal(state: RbState) -> Verdict | None:
        """Why the chain can't resolve now: a triggered ability waits to be put on it with
        its targets (383.3; QA 39 U1); None when none does."""
        return _waiting_refusal(state)

    def resolve_top(
        self,
        state: RbState,
        *,
        affecting: Collection[int] | None = None,
        division: Sequence[int] | None = None,
        unless: tuple[str, bool] | None = None,
        unless_repeats: Sequence[bool] = (),
        discards: Sequence[int] = (),
    ) -> tuple[RbState, Verdict]:
        """The newest item on the chain resolves (340.1), doing what it can (359.3.e).

        ``affecting``: the original group targets its controller chooses to affect when the
        group no longer meets its restriction (355.11.b; see ``targeting.resolve``).
        ``division``: how split damage is divided among the split targets still legal, in the
        order they were chosen; it is decided only now (355.14.e).
        ``unless``: who chose for an "unless" instruction and whether they took its
        alternative (Shakedown's "unless its controller has you draw 2", 359.3.f.2);
        ``unless_repeats``: the same player's choice for each repeat of a spell played with
        Repeat, when it differs from the first's (Hard Bargain: 820.1.d executes "Counter a
        spell unless its controller pays [2]" again, asked again).
        ``discards``: the cards its controller chooses from hand for a "Discard N" as it is
        carried out (Get Excited!, 422.1).
        """
        refused = self.waiting_refusal(state)
        if refused is not None:
            return state, refused
        if not state.chain:
            raise EngineError("The chain is empty: there is nothing to resolve.")
        return self._resolve(
            state, state.chain[-1], affecting, division, unless, unless_repeats, discards
        )

    def resolve(
        self,
        state: RbState,
        item_id: int,
        *,
        affecting: Collection[int] | None = None,
        division: Sequence[int] | None = None,
        unless: tuple[str, bool] | None = None,
        unless_repeats: Sequence[bool] = (),
        discards: Sequence[int] = (),
    ) -> tuple[RbState, Verdict]:
        item = state.item(item_id)
        if item is None:
            raise EngineError(f"#{item_id} is not on the chain.")
        if item is not state.chain[-1]:
            top = state.chain[-1]
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"Only the newest item on the chain resolves: {top.name} (#{top.id}) is on top "
                f"of {item.name}.",
                (rule("newest_resolves", state.version),),
            )
        return self._resolve(state, item, affecting, division, unless, unless_repeats, discards)

    def resolve_all(self, state: RbState, *, limit: int = 100) -> tuple[RbState, list[Verdict]]:
        verdicts: list[Verdict] = []
        while state.chain and len(verdicts) < limit:
            state, verdict = self.resolve_top(state)
            verdicts.append(verdict)
            if not verdict.ok:
                break
        return state, verdicts

    def _resolve(
        self,
        state: RbState,
        item: ChainItem,
        affecting: Collection[int] | None = None,
        division: Sequence[int] | None = None,
        unless: tuple[str, bool] | None = None,
        unless_repeats: Sequence[bool] = (),
        discards: Sequence[int] = (),
    ) -> tuple[RbState, Verdict]:
        version = state.version
        before = state
        analysis = analyse(item.text, version=version, ability=item.ability)
        ctx = chain_context(state, item)
        if unless_repeats and not item.repeats:
            raise EngineError(
                f"{item.name} wasn't played with Repeat, so its instructions are executed once "
                "and there is one choice to say.",
                hint=f"Say “{item.name} resolves and {unless[0] if unless else 'Bob'} pays …” "
                "or “… doesn't pay …”.",
            )
        if item.repeats:
            state, verdict, notes, rules, ids, partly = _execute_repeated(
                state, item, analysis, affecting, division, unless, unless_repeats, discards
            )
        else:
            state, verdict, notes, rules, ids, partly = _execute(
                state, item, analysis, affecting, division, unless, discards=discards
            )
        untracked = [e for e in verdict.effects if e.happens and not e.tracked]
        if untracked and verdict.kind is VerdictKind.RESOLVED:
            # Part of an instruction happens that the bot can't carry out (Thrill of the
            # Hunt's play to a battlefield its owner chooses): not "resolves fully" (QA 25 W3).
            undone = untracked[0]
            verdict = replace(
                verdict,
                kind=VerdictKind.PARTIAL,
                reason=f"It resolves, but the bot can't carry all of it out: “{undone.text}”: "
                f"{undone.why}.",
            )
        spell = state.objects.get(item.id)
        state = replace(
            state,
            chain=tuple(
                # Once one of them resolved, the order of those that triggered with it is
                # past choosing (383.3.d: chosen as they go on the chain).
                replace(i, batch=0) if item.batch and i.batch == item.batch else i
                for i in state.chain
                if i.id != item.id
            ),
        )
        first: list[str] = []
        extra: list[str] = []
        if item.is_ability:
            # An ability has no card: once it resolves it is cleared from the chain (406.5).
            if spell is not None:
                state = state.without(item.id, "resolved and was cleared from the chain", None)
            extra.append(rule("ability_resolves", version))
            if item.source_id is not None and item.source_id not in before.objects:
                # Left before the ability resolved, not by it (Vayne, Hunter's "return me to
                # my owner's hand").
                first.append(
                    f"{item.source_name} has left the board, but its ability is a "
                    f"separate object and still resolves ({rule('not_itself', version)})."
                )
                extra.append(rule("not_itself", version))
            if ctx.here is not None and any(
                "here" in (m.phrase + " " + m.restriction).split() for m in analysis.targets
            ):
                extra += cite_if("here_on_execution", version)
        elif spell is not None and spell.zone is RbZone.CHAIN:
            # A resolved spell goes to its owner's trash (359.3.d), unless it put itself
            # elsewhere as it resolved (Arcane Shift's "Banish this").
            state = state.with_object(replace(spell, zone=RbZone.TRASH))
        reason = f"{item.name} resolves. " + verdict.reason
        if partly and reason.endswith("it resolves fully."):
            effect = partly[0]
            reason = reason.removesuffix("it resolves fully.") + (
                f"it resolves, but “{effect.text}” can be followed "
                f"{'only in part' if effect.happens else 'for none of them'}: {effect.why}."
            )
        state, verdict = self._deathknells(
            before,
            state,
            replace(
                verdict,
                reason=reason,
                rules=merge_rules((rule("newest_resolves", version),), verdict.rules, rules, extra),
                notes=(*first, *verdict.notes, *notes, *unchecked_note(state)),
                object_ids=(item.id, *ids),
            ),
            stunner=item.controller,
            spell_of="" if item.is_ability else item.controller,
            resolved=item.name,
        )
        state, verdict = self._moves_seen(before, state, verdict, mover=item.controller)
        return self._conquer_effects_activated(before, state, verdict, item)

    def _conquer_effects_activated(
        self, before: RbState, state: RbState, verdict: Verdict, item: ChainItem
    ) -> tuple[RbState, Verdict]:
        """Reckoner's Arena's "When you hold here, activate the conquer effects of units here":
        the units' own conquer effects there check their conditions as if a conquer had
        occurred (Unleashed FAQ; no conquer occurs, so a condition such as Yone, Blademaster's
        "a battlefield that was uncontrolled" isn't met) (QA 55 U4)."""
        if not item.is_ability or not ACTIVATES_CONQUER_EFFECTS.search(item.text):
            return state, verdict
        field = before.objects.get(item.source_id) if item.source_id is not None else None
        if field is None or field.kind is not RbKind.BATTLEFIELD:
            return state, verdict
        event_before = state
        when = f"as {field.name}'s effect activates the conquer effects of units there"
        for unit in sorted(
            (o for o in state.on_board() if o.kind is RbKind.UNIT and o.place == field.name),
            key=lambda o: o.id,
        ):
            for effect in score_effects(self.abilities_of(state, unit.id), CONQUER):
                if effect.whose != "unit" or effect.needs_uncontrolled:
                    continue
                found = (
                    Triggered(effect.ability, trigger_handling(effect.ability, state.version)),
                )
                state, verdict = self._triggered(state, state.obj(unit.id), found, verdict, when)
        return _order_together(event_before, state, verdict, "had their conquer effects activated")

    # ---- questions ----------------------------------------------------------------------------
    def does_target(self, text: str, *, ability: str = "spell", name: str = "") -> Verdict:
        """Rule 355.10: every mention is a target unless a-f says otherwise."""
        verdict = analyse(text, version=self.version, ability=ability).verdict()
        prefix = f"{name}: " if name else ""
        yes = "Yes" if verdict.kind is VerdictKind.YES else "No"
        return replace(verdict, reason=f"{prefix}{yes}: {verdict.reason}")

    def _source(
        self, state: RbState, player: str, source: RbCard | int | AbilitySource
    ) -> tuple[str, TargetAnalysis, RbContext]:
        if isinstance(source, int):
            item = state.item(source)
            if item is None:
                raise EngineError(f"#{source} is not on the chain.")
            analysis = analyse(item.text, version=state.version, ability=item.ability)
            return item.name, analysis, chain_context(state, item)
        if isinstance(source, AbilitySource):
            analysis = analyse(
                source.ability.text, version=state.version, ability=source.ability.kind
            )
            if source.source_id is None:
                return source.name, analysis, new_context(state, player)
            obj = state.obj(source.source_id)
            return source.name, analysis, new_context(state, obj.controller or player, obj)
        return source.name, target_analysis(source, state.version), new_context(state, player)

    def is_legal_target(
        self,
        state: RbState,
        player: str,
        source: RbCard | int | AbilitySource,
        candidate: int,
        *,
        slot: int | None = None,
    ) -> Verdict:
        """Is ``candidate`` a valid choice for one of the source's target mentions (355.9)?"""
        name, analysis, ctx = self._source(state, player, source)
        obj = state.obj(candidate)
        targets = analysis.targets
        if not targets:
            verdict = analysis.verdict()
            return replace(
                verdict,
                kind=VerdictKind.ILLEGAL,
                reason=f"No: {name} doesn't target anything. {verdict.reason}",
            )
        mentions = list(enumerate(targets)) if slot is None else [(slot, targets[slot])]
        first: SlotReport | None = None
        item = state.item(source) if isinstance(source, int) else None
        for n, mention in mentions:
            check = check_target(obj, mention, ctx, version=state.version)
            placed = None
            if check.ok and item is not None and len(item.chosen) == len(targets):
                # "an enemy unit at its location" (Heroic Charge): at the place of what the
                # item on the chain chose before it (355.9.b).
                placed = at_its_place_check(
                    obj, mention, targets, item.chosen, n, ctx, state.version
                )
                if placed is not None:
                    check = placed
            report = SlotReport(
                n,
                mention.requirement,
                label(obj),
                obj.id,
                check.ok,
                check.why,
                check.rules,
            )
            if check.ok:
                return Verdict(
                    VerdictKind.LEGAL,
                    f"Yes: {label(obj)} is a valid choice for “{report.requirement}” of {name}.",
                    merge_rules((rule("targeted", state.version),), check.rules),
                    (report,),
                )
            if placed is not None:
                # It meets all else but where it is: the answer worth giving.
                first = report
            first = first or report
        assert first is not None
        return Verdict(VerdictKind.ILLEGAL, f"No: {first.why}", first.rules, (first,))

    def legal_targets(
        self, state: RbState, player: str, source: RbCard | int | AbilitySource
    ) -> Verdict:
        name, analysis, ctx = self._source(state, player, source)
        if not analysis.targets:
            verdict = analysis.verdict()
            return replace(
                verdict, kind=VerdictKind.OK, reason=f"{name} has no targets: {verdict.reason}"
            )
        reports = []
        taxed = False
        for n, mention in enumerate(analysis.targets):
            valid = [
                o
                for o in state.choosable()
                if check_target(o, mention, ctx, version=state.version).ok
            ]
            # Deflect doesn't make a choice invalid; it makes it cost more (809.1.c).
            deflected = [o for o in valid if ctx.deflect_of(o) and ctx.is_enemy(o.controller)]
            taxed = taxed or bool(deflected)
            options = tuple(
                TargetOption(
                    label(o)
                    + (
                        f" (Deflect {ctx.deflect_of(o)}: costs {ctx.deflect_of(o)} more Power)"
                        if o in deflected
                        else ""
                    ),
                    o.id,
                )
                for o in valid
            )
            reports.append(SlotReport(n, mention.requirement, options=options))
        summary = "; ".join(
            f"“{r.requirement}”: "
            + (", ".join(o.label for o in r.options) or _nothing(analysis.targets[r.slot_index]))
            for r in reports
        )
        cited: tuple[str, ...] = (
            rule("valid_target", state.version),
            rule("targeted", state.version),
        )
        if taxed:
            cited += (rule("deflect", state.version),)
        return Verdict(
            VerdictKind.OK, f"Valid targets for {name}: {summary}.", cited, tuple(reports)
        )

    def can_play(
        self,
        state: RbState,
        player: str,
        card: RbCard,
        *,
        targets: Sequence[Sequence[int]] = (),
        location: str | None = None,
        mode: int | None = None,
        destination: str | None = None,
        base_of: str | None = None,
        costs: OptionalCosts = NO_OPTIONAL_COSTS,
        killed: Sequence[int] = (),
        from_hidden: bool = False,
    ) -> Verdict:
        """A question: could this card be played now with these choices, paying the optional
        additional ``costs`` (805, 820) and killing ``killed`` for its kill cost (356.6; with
        none named, any unit that can pay it)?  ``from_hidden``: from facedown, as the play
        would be (811.1.b, 811.1.d).  Nothing changes."""
        if location is None and card.kind is RbKind.UNIT and state.has_player(player):
            location = _ambush_location(PlayInProgress(state, state.player(player), card))
        open_permission = (
            open_battlefield_permission(state, state.player(player), card)
            if location is not None
            and location.casefold() != BASE
            and state.battlefield(location) is None
            and state.has_player(player)
            else None
        )
        if location is not None and open_permission is not None:
            # QA 50 M4: a battlefield no statement described may be open (169.10.c), where
            # Sai Scout's own text lets it go (355.2.b): the answer is the open case's, said
            # as such, not a No as if the battlefield were someone else's.
            supposed, _ = state.add(
                RbObject(
                    0,
                    location,
                    RbKind.BATTLEFIELD,
                    "",
                    "",
                    RbZone.BATTLEFIELD,
                    location,
                    control_stated=True,
                )
            )
            answer = self.can_play(
                supposed,
                player,
                card,
                targets=targets,
                location=location,
                mode=mode,
                destination=destination,
                base_of=base_of,
                costs=costs,
                killed=killed,
                from_hidden=from_hidden,
            )
            if answer.kind is not VerdictKind.YES:
                return answer
            version = state.version
            cited = (*cite_if("play_permission", version), *open_permission.rules)
            return replace(
                answer,
                reason=f"Yes if {location} is open: no statement said who controls it or which "
                f"units are there, and {whose_text(open_permission.by, card.name)} lets "
                f"{card.name} be played to {open_permission.allows} ({', '.join(cited)}); if {player} controls it, "
                f"yes too ({rule('valid_location', version)}). If it is open: "
                + answer.reason.removeprefix("Yes: "),
                rules=merge_rules(answer.rules, cited, (rule("valid_location", version),)),
            )
        if from_hidden:
            _, verdict = self.play(
                state,
                player,
                card,
                targets=targets,
                location=location,
                mode=mode,
                destination=destination,
                base_of=base_of,
                costs=costs,
                from_hidden=True,
                killed=killed,
            )
            return _as_question(could_happen(verdict, "plays", "can play"), verdict)
        refused = _closed_state_refusal(
            state,
            card.name,
            card.text,
            ability=False,
            granted=_granted_reaction(state, state.player(player), card),
        )
        if refused is None and state.has_player(player):
            refused = _forbidden_play_refusal(state, state.player(player), card)
        refused = refused or optional_cost_refusal(card, costs, state.version)
        cost = kill_cost(card)
        if refused is None and cost is not None and state.has_player(player):
            refused = _unpayable_kill_cost(state, state.player(player), card)
            if refused is None and not killed:
                # None named: any unit that can pay it will do; the answer names them all.
                able = payers(state, state.player(player), cost)
                answer = self.can_play(
                    state,
                    player,
                    card,
                    targets=targets,
                    location=location,
                    mode=mode,
                    destination=destination,
                    base_of=base_of,
                    costs=costs,
                    killed=(able[0].id,),
                )
                paid = f"Paying {card.name}'s additional cost killed"
                return replace(
                    answer,
                    notes=(
                        *(n for n in answer.notes if not n.startswith(paid)),
                        f"Its additional cost kills {cost.words} as it is played "
                        f"({_cited_all(cite_if('kill_cost', state.version))}); "
                        f"{player} could kill {and_list(label(o) for o in able)}.",
                    ),
                )
        if refused is not None:
            return Verdict(VerdictKind.NO, f"No: {refused.message}", refused.rules)
        modal = modes_of(card.text) if card.kind is RbKind.SPELL else None
        if modal is not None:
            if mode is None and not any(targets):
                # Riftbound 355.3: it can be played if some mode can be chosen now.
                playing = PlayInProgress(state, state.player(player), card)
                fits = [i for i in range(len(modal.modes)) if playing.mode_is_possible(i)]
                modes_rule = cite_if("choose_modes", state.version)
                if fits:
                    named = " or ".join(f"“{modal.label(i)}”" for i in fits)
                    return Verdict(
                        VerdictKind.YES,
                        f"Yes: {card.name} can be played choosing {named}: each of that "
                        "mode's targets has a valid choice.",
                        (*modes_rule, rule("all_targets_needed", state.version)),
                    )
                return Verdict(
                    VerdictKind.NO,
                    f"No: no mode of {card.name} can be chosen now ({modal.listed()}).",
                    (*modes_rule, rule("all_targets_needed", state.version)),
                )
            _, verdict = self.play(
                state,
                player,
                card,
                targets=targets,
                mode=mode,
                destination=destination,
                base_of=base_of,
                costs=costs,
                killed=killed,
            )
            return _as_question(could_happen(verdict, "plays", "can play"), verdict)
        if not any(targets) and card.kind is RbKind.SPELL and not costs.repeats:
            analysis = target_analysis(card, state.version)
            ctx = new_context(state, state.player(player))
            empty = [
                m
                for m in analysis.targets
                if m.min_count > 0
                and not any(
                    check_target(o, m, ctx, version=state.version).ok for o in state.choosable()
                )
            ]
            if empty:
                return Verdict(
                    VerdictKind.NO,
                    f"No: nothing is a valid choice for “{empty[0].phrase}”.",
                    (rule("all_targets_needed", state.version),),
                )
            if analysis.targets:
                return Verdict(
                    VerdictKind.YES,
                    f"Yes: {card.name} has a valid choice for every target.",
                    (
                        rule("all_targets_needed", state.version),
                        rule("valid_target", state.version),
                    ),
                )
        options = (
            self._destinations_to_weigh(state, player, card, targets) if destination is None else []
        )
        _, verdict = self.play(
            state,
            player,
            card,
            targets=targets,
            location=location,
            destination=options[0][1] if options else destination,
            base_of=base_of,
            costs=costs,
            killed=killed,
        )
        answer = _as_question(could_happen(verdict, "plays", "can play"), verdict)
        if options and answer.kind is VerdictKind.YES:
            # No destination named: the play is possible if one is valid; say which are
            # (355.4, 355.4.a) rather than the one it was checked with.
            first = f" to {options[0][0]} ("
            every = " or ".join(text for text, _ in options)
            answer = replace(
                answer,
                reason=answer.reason.replace(first, f" to {every} (", 1),
                notes=(
                    f"No destination was named: it is chosen as {card.name} is played, and "
                    f"{every} {'is' if len(options) == 1 else 'are'} valid.",
                    *answer.notes,
                ),
            )
        return answer

    @staticmethod
    def _destinations_to_weigh(
        state: RbState, player: str, card: RbCard, targets: Sequence[Sequence[int]]
    ) -> list[tuple[str, str]]:
        """The valid destinations of the units a "Can ... play ...?" question moves without
        naming where (355.4); empty when none is needed or none is valid."""
        if card.kind is not RbKind.SPELL or not any(targets):
            return []
        progress = replace(
            PlayInProgress(state, state.player(player), card),
            picks=tuple(tuple(group) for group in targets),
        )
        move = progress.move
        if move is None:
            return []
        known = [[state.objects[i] for i in group if i in state.objects] for group in targets]
        moving = moving_objects(move, known)
        if not moving:
            return []
        return valid_destinations(state, progress.text, moving, progress.player)


def _unpayable_kill_cost(state: RbState, player: str, card: RbCard) -> IllegalActionError | None:
    """Sacrifice with no friendly Mighty unit, Cruel Patron with no friendly unit: its
    mandatory additional cost can't be paid, so it can't be played (356.6, 358.4)."""
    cost = kill_cost(card)
    if cost is None or payers(state, player, cost):
        return None
    version = state.version
    return IllegalActionError(
        f"{card.name} can't be played: its additional cost is to kill {cost.words}, and "
        f"{player} controls none"
        + (" (Mighty is 5 or more Might)" if cost.mighty else "")
        + ", so the play would be undone.",
        rules=(
            *cite_if("kill_cost", version),
            *cite_if("play_undone", version),
            *(cite_if("mighty", version) if cost.mighty else ()),
        ),
    )


def _with_killed(progress: PlayInProgress, killed: Sequence[int]) -> PlayInProgress:
    """The play with the unit its statement kills for the card's additional cost; an error
    when the card has no such cost (nothing said is dropped silently) or one isn't named."""
    cost = progress.kill_cost
    name, player = progress.card.name, progress.player
    if cost is None:
        if killed:
            raise EngineError(
                f"{name} has no additional cost that kills a unit, so nothing is killed to play "
                "it; nothing was played.",
                hint=f"Leave the “killing …” part out: “{player} plays {name}.”",
            )
        return progress
    if not killed:
        example = payers(progress.state, player, cost)[0]
        raise EngineError(
            f"{name}'s additional cost is to kill {cost.words} "
            f"({_cited_all(cite_if('kill_cost', progress.state.version))}): say which, so "
            "nothing was played.",
            hint=f"“{player} plays {name}, killing {example.name} …”",
        )
    if len(killed) > 1:
        raise EngineError(
            f"{name}'s additional cost kills one unit ({cost.words}); {len(killed)} were named.",
            hint=f"“{player} plays {name}, killing {progress.state.obj(killed[0]).name} …”",
        )
    return replace(progress, killed=killed[0])


def _kill_cost_refusal(progress: PlayInProgress) -> Verdict | None:
    """Why the unit named for the card's kill cost can't pay it (358.4: the play is
    undone), or None."""
    cost = progress.kill_cost
    if cost is None or progress.killed is None:
        return None
    state, version = progress.state, progress.state.version
    why = why_not_payer(state, progress.player, cost, state.obj(progress.killed))
    if not why:
        return None
    return Verdict(
        VerdictKind.ILLEGAL,
        f"{progress.card.name}'s additional cost is to kill {cost.words}, and {why}: it "
        "can't pay it, so the play is undone.",
        (
            *cite_if("kill_cost", version),
            *cite_if("play_undone", version),
            *(cite_if("mighty", version) if cost.mighty else ()),
        ),
    )


# Heedless Resurrection: "Play a unit from your trash that costs no more Energy and no more
# Power than the killed unit" - a restriction on its target (355.9.b) that reads the unit its
# additional cost kills (356.6).
_NO_MORE_THAN_KILLED = re.compile(
    r"costs no more energy and no more power than the killed unit", re.I
)


def _costs_more_than_killed(progress: PlayInProgress) -> Verdict | None:
    """Why a target chosen from the trash costs more than the unit the kill cost kills
    (Heedless Resurrection), or None."""
    if progress.killed is None or not _NO_MORE_THAN_KILLED.search(progress.card.text):
        return None
    state, version = progress.state, progress.state.version
    killed = state.obj(progress.killed)
    for picked in (state.obj(i) for group in progress.picks for i in group):
        if picked.zone is not RbZone.TRASH:
            continue
        over = [
            f"{mine or 0} {what} (the killed {killed.name}: {theirs or 0})"
            for what, mine, theirs in (
                ("Energy", picked.energy, killed.energy),
                ("Power", picked.power, killed.power),
            )
            if (mine or 0) > (theirs or 0)
        ]
        if over:
            return Verdict(
                VerdictKind.ILLEGAL,
                f"{progress.card.name} plays “a unit from your trash that costs no more Energy "
                f"and no more Power than the killed unit”, and {label(picked)} costs "
                f"{and_list(over)}, so it isn't a valid target ({rule('restrictions', version)}).",
                (rule("restrictions", version), *cite_if("kill_cost", version)),
            )
    return None


def _cited_all(numbers: Sequence[str]) -> str:
    return ", ".join(numbers)


def _combat_follows(state: RbState, unit: RbObject, battlefield: str) -> str:
    """The note a move to ``battlefield`` gets where another player's units are: a combat
    follows there (316.4.a), which the bot doesn't model; "" where none are."""
    opponents = [other.name for other in others_units_at(state, battlefield, unit.controller)]
    if not opponents:
        return ""
    return (
        f"{and_list(opponents)} {'is' if len(opponents) == 1 else 'are'} at {battlefield} too, "
        f"so a combat follows there ({rule('combat_occurs', state.version)}); the bot doesn't "
        "model combat: state its outcome (Might, damage, kills)."
    )


def _with_cleanup(state: RbState, verdict: Verdict) -> tuple[RbState, Verdict]:
    """A stated move, death or control change followed by its cleanup (319.8, 322): a unit
    whose Might a passive source raised dies once that source is gone (QA 27 W1)."""
    after, notes, rules = cleanup_after_statement(state)
    if not notes:
        return state, verdict
    return after, replace(
        verdict,
        reason=f"{verdict.reason} Then the cleanup: {' '.join(notes)}",
        rules=merge_rules([*verdict.rules, *rules]),
    )


def _take_control(
    state: RbState, battlefield: RbObject, player: str
) -> tuple[RbState, list[str], list[str]]:
    """``player`` controls ``battlefield`` from now on, as stated or by a conquer; the card
    another player hid there is removed in the next cleanup (107.3.d, 323.7).  Returns the
    state, what the cleanup did and the rules it cites."""
    state = state.with_object(replace(battlefield, controller=player, control_stated=True))
    lost: list[str] = []
    cited: list[str] = []
    return remove_stranded_hidden(state, lost, cited), lost, cited


def _control_unknown(
    state: RbState, battlefield_id: int, player: str
) -> tuple[RbState, tuple[str, tuple[str, ...]]]:
    """``player``'s unit stated at a battlefield the bot took another player to control only
    because their units were stated there first (QA 25 M2): units of opposing players there
    make a combat (316.4.a), and control doesn't change during one (187.4.b), so whoever
    controlled it before still does, which the statements don't say.  The battlefield is left
    with no controller the bot knows until a statement names one.  Returns the state and what
    to add to the answer (text, rules)."""
    field = state.obj(battlefield_id)
    if not field.controller or field.controller == player or field.control_stated:
        return state, ("", ())
    version = state.version
    cited = (
        *cite_if("combat_occurs", version),
        rule("control_kept_in_combat", version),
    )
    other = field.controller
    text = (
        f" {other}'s and {player}'s units are both at {field.name}, so a combat is staged or "
        f"under way there, and control of a battlefield doesn't change during one "
        f"({', '.join(cited)}): whoever controlled it before still does, and no statement "
        f"said who. The bot no longer takes {other} to control {field.name}; say "
        f"“{other} controls {field.name}.” or “{player} controls {field.name}.” if it matters "
        "(playing a card there, its abilities)."
    )
    return state.with_object(replace(field, controller="")), (text, cited)


def _already_triggered(state: RbState, source: RbObject, ability: RbAbility) -> ChainItem | None:
    """The chain item of ``ability`` of ``source`` when it is a play or death trigger already
    waiting on the chain (each play or death triggers it once)."""
    once = (
        play_triggers((ability,), to_battlefield=True, version=state.version, from_facedown=True)
        or death_triggers((ability,), state.version)
        # Targon's Peak's rune trigger: the bot put it on the chain as it triggered.
        or _only_runes(ability, state.version)
    )
    if not once:
        return None
    return next(
        (
            item
            for item in reversed(state.chain)
            if item.ability == "triggered"
            and item.source_id == source.id
            and item.index == ability.index
        ),
        None,
    )


def _chosen_unit_is_it(
    state: RbState, chain_before: Sequence[ChainItem], ability: RbAbility
) -> RbState:
    """Blade Dancer's "When you choose a friendly unit, you may exhaust me and pay [A] to
    ready it", put on the chain by a statement (383.3.a): "it" is the friendly unit the spell
    or ability below it chose (359.3.f.3), the first one no other such trigger is about yet
    (QA 55 W5)."""
    if not CHOOSE_FRIENDLY_CONDITION.match(ability.text.partition(",")[0].strip()):
        return state
    item = _new_item_without_referents(state, chain_before)
    if item is None:
        return state
    taken = {r.id for i in state.chain if i.source_id == item.source_id for r in i.referents}
    for below in reversed(chain_before):
        if below.controller != item.controller:
            continue
        friendly = [
            state.objects[o.id]
            for group in below.chosen
            for o in group
            if o.id in state.objects
            and o.id not in taken
            and state.objects[o.id].kind is RbKind.UNIT
            and state.objects[o.id].controller == item.controller
        ]
        if friendly:
            return _with_referent(state, item, friendly[0])
    return state


def _new_item_without_referents(
    state: RbState, chain_before: Sequence[ChainItem]
) -> ChainItem | None:
    """The first chain item put on since ``chain_before`` whose "it" isn't known yet."""
    known = {i.id for i in chain_before}
    return next((i for i in state.chain if i.id not in known and not i.referents), None)


def _with_referent(state: RbState, item: ChainItem, it: RbObject) -> RbState:
    """``state`` with ``it`` as what the chain item's "it" means (359.3.f.3)."""
    return replace(
        state,
        chain=tuple(replace(i, referents=(it,)) if i.id == item.id else i for i in state.chain),
    )


def _order_together(
    before: RbState, state: RbState, verdict: Verdict, event: str
) -> tuple[RbState, Verdict]:
    """The triggered abilities put on the chain since ``before`` triggered at the same
    time (their sources ``event``, together): each player's are put on in an order that
    player chooses (383.3.d), and with several players the turn player's go first
    (383.3.d.1).  The bot keeps the order their sources were named in; the answer says so,
    marks each player's as chosen together (``ChainItem.batch``) and offers the statements
    that choose another order.  One still waiting for its targets (383.3) is marked too, so
    it joins them when stated."""
    version = state.version
    state = _waiting_joins_the_event(before, state)
    chain_before = {i.id for i in before.chain}
    new = [i for i in state.chain if i.id not in chain_before and i.ability == "triggered"]
    if len(new) < 2:
        return state, verdict
    order_rule = rule("trigger_order", version)
    by_player: dict[str, list[ChainItem]] = {}
    for item in new:
        by_player.setdefault(item.controller, []).append(item)
    notes: list[str] = []
    offers: list[str] = []
    cited = [order_rule]
    marked: dict[int, int] = {}
    for player, items in by_player.items():
        if len(items) < 2:
            continue
        for item in new:
            # Every trigger of the event is marked, so that another player's put on after
            # these (383.3.d.1) still counts as part of it.
            marked[item.id] = new[0].id
        named = [f"{i.name} (#{i.id})" for i in items]
        short = [f"{i.source_name}'s (#{i.id})" for i in items]
        choices = list(
            dict.fromkeys(
                _order_statement(player, i, items)
                for i in items[1:]
                # A copy of the first (Karthus's extra Deathknell) changes nothing under it.
                if (i.source_id, i.text) != (items[0].source_id, items[0].text)
            )
        )
        offers += choices
        notes.append(
            f"{and_list(named)} triggered at the same time, so {player}, who controls them, "
            f"chooses the order they go on the chain ({order_rule}). The bot put them on in "
            f"the order their sources {event}: {short[0]} first, {short[-1]} last, on top, so "
            f"{short[-1]} resolves first"
            + (
                f". To choose another order, say “{choices[-1]}”"
                + (
                    " (one such statement for each that goes under the others)."
                    if len(items) > 2
                    else ""
                )
                if choices
                else "; they are the same ability, so their order changes nothing."
            )
        )
    if len(by_player) > 1:
        players = list(by_player)
        cited += cite_if("trigger_order_players", version)
        notes.append(
            f"{and_list(players)} each have triggers from this at the same time: the turn "
            f"player's go on the chain first, then each other player's in turn order"
            f"{_cited(cite_if('trigger_order_players', version))}. The bot keeps no turns and "
            f"put {players[0]}'s on first, as if {players[0]} were the turn player."
        )
    if marked:
        state = replace(
            state,
            chain=tuple(
                replace(i, batch=marked[i.id]) if i.id in marked else i for i in state.chain
            ),
        )
    if not notes:
        return state, verdict
    return state, replace(
        verdict,
        notes=(*verdict.notes, *notes),
        rules=merge_rules(verdict.rules, tuple(cited)),
        offers=(*verdict.offers, *offers),
    )


def _waiting_joins_the_event(before: RbState, state: RbState) -> RbState:
    """``state`` with the triggers that began to wait for their targets since ``before``
    marked as triggered with the others of the event (``ChainItem.batch``, 383.3.d) when one
    of their controllers has another among them; the mark is the first new chain item's id,
    or a new id when none went on the chain yet."""
    chain_before = {i.id for i in before.chain}
    new = [i for i in state.chain if i.id not in chain_before and i.ability == "triggered"]
    waiting = [w for w in state.waiting_triggers if w not in before.waiting_triggers]
    if not waiting:
        return state
    controllers = [i.controller for i in new] + [
        _trigger_controller(state, w.source_id) for w in waiting
    ]
    if all(controllers.count(c) < 2 for c in controllers):
        return state
    if new:
        mark = new[0].id
    else:
        mark, state = state.next_id, replace(state, next_id=state.next_id + 1)
    waiting_now = tuple(
        w._replace(batch=mark) if w in waiting else w for w in state.waiting_triggers
    )
    chain = tuple(replace(i, batch=mark) if i in new else i for i in state.chain)
    return replace(state, waiting_triggers=waiting_now, chain=chain)


def _trigger_controller(state: RbState, source_id: int) -> str:
    """Who controls a trigger of ``source_id``: its source's controller, or the owner of a
    source that has left the board (a Deathknell, 188.4.a)."""
    source = state.objects.get(source_id)
    if source is None:
        return ""
    return source.controller or source.owner


def _order_statement(player: str, item: ChainItem, together: Sequence[ChainItem]) -> str:
    """The statement putting ``item`` on the chain first of ``together``: by its source's
    name, or by its id when its source has another, different ability among them."""
    other_ability = any(
        i.source_id == item.source_id and i.text != item.text for i in together if i is not item
    )
    named = f"#{item.id}" if other_ability else f"{item.source_name}'s trigger"
    return f"{player} puts {named} on the chain first."


# A Deathknell's condition on the unit's Might as it died (Unsung Hero).
# Ekko, Recurrent: "[Deathknell][>] Recycle me to ready your runes." - "Recycle me to" is a
# cost within the instruction (355.10.c.1) where the sequence puts a cost, so it is the
# ability's cost, paid as it goes on the chain (Unleashed FAQ, Ekko, Recurrent).
_RECYCLE_ME_TO = re.compile(r"^recycle (?:me|this) to\s+\S", re.IGNORECASE)
_RECYCLE_COST_SAID = "“Recycle me to”"


def _unchecked_payment(cost: str) -> str:
    """What the bot can't check of a cost within an instruction, each kind as 356.6 names it
    (Energy costs, Power costs, or non-standard costs): "[1]" is Energy and "[A]" or a
    domain's symbol Power, both paid from runes (162), which the bot doesn't keep; exhausting
    the source is checked (it was ready), so an exhaust alone leaves nothing unchecked."""
    symbols = re.findall(r"\[([^\]]+)\]", cost)
    kinds = [
        kind
        for kind, found in (
            ("Energy", any(s.strip().isdigit() for s in symbols)),
            ("Power", any(not s.strip().isdigit() for s in symbols)),
        )
        if found
    ]
    if not kinds:
        return ""
    return f"; the bot keeps no runes, so the {' and '.join(kinds)} payment isn't checked"


# A cost within a triggered ability's instruction (742.1): "you may pay [1] to return me ..."
# (Vayne, Hunter), "you may exhaust me and pay [A] to ready it" (Blade Dancer).
_COST_WITHIN = re.compile(
    # Blade Dancer: "exhaust me and pay [A] to"; Blast Cone: "exhaust this to [Stun] it".
    r"^(?:you may )?(?P<cost>(?P<exhaust>exhaust (?:me|this))(?:,? and pay (?:\[[^\]]+\])+)?"
    r"|pay (?:\[[^\]]+\])+) to\b",
    re.IGNORECASE,
)


def _pay_recycle_me(
    state: RbState, source: RbObject, name: str, version: str
) -> tuple[RbState, Verdict]:
    """Pay a triggered ability's "Recycle me to" cost as it goes on the chain: its source
    goes to its owner's Main Deck (416.1.a).  A cost must be able to be completed (416.3):
    if the card is gone (banished from the trash, a token that ceased to exist, or already
    recycled for an earlier instance), nothing is paid and the ability does nothing."""
    cost_rules = (rule("cost_within", version), rule("recycle_cost", version))
    now = state.objects.get(source.id)
    if now is None or now.token or now.zone is not RbZone.TRASH:
        return state, _recycle_me_unpaid(name, source, version)
    state, new_id = move_to_zone(
        state, now, RbZone.MAIN_DECK, "was recycled to pay its ability's cost"
    )
    return state, Verdict(
        VerdictKind.LEGAL,
        "",
        (*cost_rules, rule("recycle_to_main_deck", version)),
        notes=(
            f"{_RECYCLE_COST_SAID} is a cost within the instruction "
            f"({rule('cost_within', version)}), paid as the ability goes on the chain "
            f"(Unleashed FAQ, Ekko, Recurrent): {source.name} is recycled from the trash to "
            f"the bottom of {now.owner}'s Main Deck ({rule('recycle_to_main_deck', version)})"
            + (f", a new object #{new_id}" if new_id else "")
            + ".",
        ),
    )


def _recycle_me_unpaid(name: str, source: RbObject, version: str) -> Verdict:
    """A "Recycle me to" cost that can't be paid: the card is no longer there to recycle."""
    return Verdict(
        VerdictKind.OK,
        f"{name}'s cost “recycle me” can't be paid: {source.name} is not in the trash to be "
        "recycled (already recycled, banished, or still on the board), and a recycle that is "
        f"a cost must be completed to be paid "
        f"({rule('recycle_cost', version)}). It doesn't go on the chain, so its effect "
        "doesn't happen.",
        (rule("cost_within", version), rule("recycle_cost", version)),
    )


# Might of Demacia - Starter: "if you have 4+ units at that battlefield, draw 2."
_UNITS_THERE = re.compile(r"^if you have (?P<n>\d+)\+ units at that battlefield,", re.I)
_WAS_MIGHTY = re.compile(r"^if I was \[?Mighty\]?,", re.IGNORECASE)


def _last_known(before: RbState, after: RbState, new_id: int) -> RbObject | None:
    """The unit now in the trash as ``new_id`` as it was on the board just before it died,
    its Might with passive abilities (472.3; 808.1.d.3); None when unknown."""
    old_id = next((old for old, (_, new) in after.departed.items() if new == new_id), None)
    old = before.objects.get(old_id) if old_id is not None else None
    return replace(old, might=might_now(before, old)) if old is not None else None


def _tokens_died(before: RbState, after: RbState) -> list[RbObject]:
    """The tokens on the board in ``before`` that were put in the trash since (and ceased to
    exist there, 183.1), as they were before they died."""
    return [
        before.objects[old_id]
        for old_id, (event, new_id) in after.departed.items()
        if old_id not in before.departed
        and new_id is None
        and event.endswith(TOKEN_CEASED_IN_TRASH)
        and old_id in before.objects
        and before.objects[old_id].zone in BOARD_ZONES
    ]


# A point scored on an event the bot doesn't keep: combat (Draven, Audacious: "The first time I
# win a combat each turn, you score 1 point." / "When I die in combat, ... They score 1
# point."; Tryndamere, Barbarian's "When I conquer after an attack, if ...").
_SCORES_POINTS = re.compile(r"\bscores? \d+ points?\b", re.IGNORECASE)
_UNKEPT_EVENT = re.compile(r"\bcombat\b|\battack|\bdefend", re.IGNORECASE)
_IN_COMBAT_DEATH = re.compile(r"\bwhen I die in combat\b", re.IGNORECASE)
# A scoring trigger or ability on the chain: its point is added when it resolves.
_SCORE_ON_CHAIN = re.compile(r"\bscores? \d+ points?\b", re.IGNORECASE)


def _points_not_counted(state: RbState, player: str) -> tuple[str, ...]:
    """What a points answer for ``player`` may be missing: scoring abilities still on the
    chain, and cards whose points come from events the bot doesn't keep (combat: QA 55
    left-over), quoted, with how to state the real total."""
    notes: list[str] = []
    pending = [
        f"{item.name} (#{item.id})"
        for item in state.chain
        if item.controller == player and _SCORE_ON_CHAIN.search(item.text)
    ]
    if pending:
        notes.append(
            f"{and_list(pending)} on the chain {'scores' if len(pending) == 1 else 'score'} for "
            f"{player} once resolved (“The top of the chain resolves.”); not counted yet."
        )
    unkept: list[str] = []
    for obj in sorted(state.objects.values(), key=lambda o: o.id):
        on_board = obj.zone in (*BOARD_ZONES, RbZone.LEGEND_ZONE)
        card = state.cards.get(obj.id)
        if card is None or not (on_board or obj.zone is RbZone.TRASH):
            continue
        for line in card.rules_text.splitlines():
            line = line.strip()
            if not (_SCORES_POINTS.search(line) and _UNKEPT_EVENT.search(line)):
                continue
            if not on_board and not _IN_COMBAT_DEATH.search(line):
                continue  # in the trash only a death in combat may have scored
            owner = obj.controller or obj.owner
            # "you score" is its controller's point; "choose an opponent. They score" another's.
            for_opponent = bool(re.search(r"\bthey score\b", line, re.IGNORECASE))
            if (owner == player) == for_opponent:
                continue
            unkept.append(f"{obj.name}'s (#{obj.id}, {owner}'s) “{line}”")
    if unkept:
        notes.append(
            f"Not counted: {and_list(unkept)} - combat isn't modelled, so the bot doesn't "
            "know whether that scored; if it did, say the total (“"
            f"{player} has {state.points.get(player, 0) + 1} points.”)."
        )
    return tuple(notes)


_ORDINAL_WORDS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}
_FIRST_TIME_EACH_TURN = re.compile(r"^the first time\b.*\beach turn\b", re.I)
# Loose Cannon: "draw 1 if you have one or fewer cards in your hand."
_FEWER_CARDS_IN_HAND = re.compile(
    r"\bif you have (?P<n>zero|one|two|three|four|\d+) or fewer cards in your hand\b", re.I
)
_NUMBER_WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4}


def _died(before: RbState, after: RbState) -> list[RbObject]:
    """The permanents that went from the board to the trash between ``before`` and ``after``
    (as their new objects there, which know where they died: ``left_from``), oldest first."""
    return [
        after.objects[new_id]
        for old_id, (_, new_id) in after.departed.items()
        if old_id not in before.departed
        and new_id is not None
        and new_id in after.objects
        and after.objects[new_id].zone is RbZone.TRASH
        and after.objects[new_id].left_from
    ]


# Sprite Fountain's "[Deathknell][>] Repeat this gear's play effect.": the instructions of its
# "When you play this, ..." ability, executed again (383.4.a.1: a play effect).
_REPEAT_PLAY_EFFECT = re.compile(
    r"\brepeat (?:this gear's|this unit's|this card's|my) play effect\.?", re.IGNORECASE
)


def _play_effect_repeated(state: RbState, source: RbObject, ability: RbAbility) -> RbAbility:
    """``ability`` with "Repeat this gear's play effect" written out as that play effect's
    instructions, so they are carried out again (QA 39 U3); ``ability`` itself otherwise."""
    repeat = _REPEAT_PLAY_EFFECT.search(ability.text)
    card = state.cards.get(source.id)
    if repeat is None or card is None:
        return ability
    play = next(
        (a for a in read_abilities(card.text) if _PLAY_EFFECT.match(a.text) and a.effect),
        None,
    )
    if play is None:
        return ability
    effect = play.effect.strip()

    def written(found: re.Match[str]) -> str:
        # Capitalized where the sentence it replaces was ("Repeat ..."), not after "When I
        # die, ".
        return (effect[:1].upper() if found.group(0)[:1].isupper() else effect[:1]) + effect[1:]

    return replace(
        ability,
        text=_REPEAT_PLAY_EFFECT.sub(written, ability.text),
        effect=_REPEAT_PLAY_EFFECT.sub(written, ability.effect),
    )


_WHEN_YOU_PLAY = re.compile(r"^\s*when you play\b", re.IGNORECASE)


# Vi, Destructive's "Recycle 1 from your trash: ..." (416.3).
_RECYCLE_FROM_TRASH = re.compile(r"\brecycle (?P<n>\d+) from your trash\b", re.IGNORECASE)


def _recycle_refusal(state: RbState, player: str, name: str, cost: str) -> Verdict | None:
    """Why a cost that recycles N cards from the trash can't be paid: fewer than N are stated
    there, and none unknown (416.3); None when it can be, or when no card is stated there (the
    bot then doesn't know the trash, and ``_recycle_cost`` says so)."""
    found = _RECYCLE_FROM_TRASH.search(cost)
    if found is None:
        return None
    count = int(found.group("n"))
    trash = [o for o in state.objects.values() if o.zone is RbZone.TRASH and o.owner == player]
    if not trash or len(trash) >= count:
        return None
    version = state.version
    return Verdict(
        VerdictKind.ILLEGAL,
        f"{name} can't be activated: paying “Recycle {count} from your trash” needs "
        f"{counted(count, 'card')} in {player}'s trash, and "
        f"{counted(len(trash), 'card')} {'is' if len(trash) == 1 else 'are'} stated there "
        f"({and_list(o.name for o in trash)}), so the cost can't be paid "
        f"({rule('recycle_cost', version)}).",
        (rule("recycle_cost", version), rule("recycle", version)),
    )


def _recycle_cost(state: RbState, player: str, cost: str) -> tuple[RbState, str]:
    """A cost that recycles cards from the player's trash (416.3: "the action must be able to
    be completed for the cost to be paid"): with exactly that many cards stated in their
    trash, they go to the bottom of their Main Deck (416.1.a); with more, the player chooses
    which and the bot leaves them; with none stated, the answer says the cost needs them
    (QA 46 M9); fewer than that is ``_recycle_refusal``'s.  Returns the state and the note
    ("" for a cost that recycles nothing)."""
    found = _RECYCLE_FROM_TRASH.search(cost)
    if found is None:
        return state, ""
    version = state.version
    count = int(found.group("n"))
    trash = [o for o in state.objects.values() if o.zone is RbZone.TRASH and o.owner == player]
    cited = f"{rule('recycle_cost', version)}, {rule('recycle', version)}"
    if not trash:
        return state, (
            f"Paying “Recycle {count} from your trash” needs {counted(count, 'card')} in "
            f"{player}'s trash: the bot knows none there, so it takes the cost as paid; with "
            f"an empty trash it can't be paid and the ability can't be activated ({cited}). "
            f"Say “{player}'s trash has …” to have it checked."
        )
    if len(trash) > count:
        return state, (
            f"{player} recycles {count} of the {len(trash)} cards in their trash "
            f"({and_list(o.name for o in trash)}), their choice, to the bottom of their Main "
            f"Deck ({cited}); the bot doesn't choose for them and leaves the trash as it is."
        )
    for card in trash:
        state, _ = move_to_zone(state, card, RbZone.MAIN_DECK, "was recycled")
    return state, (
        f"{player} recycles {and_list(o.name for o in trash)} from their trash to the bottom "
        f"of their Main Deck to pay it ({cited})."
    )


def _under_other_players_triggers(
    chain_before: tuple[ChainItem, ...], state: RbState, verdict: Verdict, *, waited: bool
) -> tuple[RbState, Verdict]:
    """A “When you play …” trigger (Pridestalker) stated after other players' triggers of the
    same play went on the chain (Vex, Apathetic's): a waiting one (``waited``), or an optional
    one of the card just played (Tideturner's “you may”).  The turn player's triggers go on
    the chain first, then each other player's (383.3.d.1).  A unit is played on its
    controller's turn, outside showdowns, so the player who played is the turn player: it goes
    under them and they resolve first (QA 41 W2).  A card that may be played on another
    player's turn ([Reaction], [Action] in a showdown, or from hiding, 811.6) leaves whose
    turn it is open: the order stays as stated and the answer says both (QA 46 M1)."""
    added = [i for i in state.chain if i.id not in {c.id for c in chain_before}]
    if len(added) != 1 or state.chain[-1].id != added[0].id:
        return state, verdict
    item = added[0]
    played = state.played.get(item.controller, ())
    if not played or not _WHEN_YOU_PLAY.match(item.text):
        return state, verdict
    last_play = played[-1]
    if not waited and item.source_id != last_play:
        return state, verdict
    others: list[ChainItem] = []
    for below in reversed(chain_before):
        if below.ability != "triggered" or below.controller == item.controller:
            break
        if below.id < last_play:
            break
        others.append(below)
    if not others:
        return state, verdict
    order = cite_if("trigger_order_players", state.version)
    named = and_list(f"{o.source_name}'s (#{o.id}, {o.controller})" for o in reversed(others))
    them = "them" if len(others) > 1 else "it"
    source = state.objects.get(item.source_id) if item.source_id is not None else None
    if source is not None and _may_be_played_off_turn(state, source):
        how = "from hiding" if source.played_from_hiding else "with [Reaction] or [Action]"
        opponents = and_list(dict.fromkeys(o.controller for o in reversed(others)))
        return state, replace(
            verdict,
            notes=(
                *verdict.notes,
                f"It triggered on {item.controller}'s play together with {named}. The turn "
                f"player's triggers go on the chain first, then each other player's"
                f"{_cited(order)}, and {source.name} was played {how}, so it may be either "
                f"player's turn: on {opponents}'s turn (as stated) {item.source_name}'s goes "
                f"over {them} and resolves first; on {item.controller}'s turn it goes under "
                f"{them}, and {named} resolves first. The bot doesn't know whose turn it is and "
                "keeps the order as stated.",
            ),
            rules=merge_rules(verdict.rules, order),
        )
    at = len(chain_before) - len(others)
    state = replace(state, chain=(*chain_before[:at], item, *chain_before[at:]))
    return state, replace(
        verdict,
        notes=(
            *verdict.notes,
            f"It triggered on {item.controller}'s play together with {named}: "
            f"{item.controller}, who played the unit, is the turn player, and the turn "
            f"player's triggers go on the chain first, then each other player's"
            f"{_cited(order)}, so {item.source_name}'s goes under {them}, "
            f"and {named} resolves first.",
        ),
        rules=merge_rules(verdict.rules, order),
    )


def _may_be_played_off_turn(state: RbState, played: RbObject) -> bool:
    """Whether ``played`` may have been played on another player's turn: from hiding (it has
    [Reaction], 811.6), or with [Reaction] or [Action] of its own (a showdown may be on any
    player's turn, 806.1.c.1)."""
    return played.played_from_hiding or any(
        k.casefold() in ("reaction", "action") for k in keywords_of(state, played)
    )


def _waiting(state: RbState, source_id: int, index: int) -> WaitingTrigger | None:
    """The first waiting trigger of ``source_id``'s ability ``index``, or None."""
    return next((w for w in state.waiting_triggers if w.key == (source_id, index)), None)


def _stop_waiting(state: RbState, source_id: int, index: int) -> RbState:
    """``state`` with one waiting trigger of ``source_id`` (ability ``index``) stated."""
    waited = _waiting(state, source_id, index)
    if waited is None:
        return state
    at = state.waiting_triggers.index(waited)
    rest = state.waiting_triggers[:at] + state.waiting_triggers[at + 1 :]
    return replace(state, waiting_triggers=rest)


def _joins_its_event(
    chain_before: tuple[ChainItem, ...], state: RbState, verdict: Verdict, batch: int
) -> tuple[RbState, Verdict]:
    """A waiting trigger stated with its targets joins the abilities that triggered with it
    (``batch``): its controller orders it among their own (383.3.d), so the answer offers the
    statement that puts it under them, and “… on the chain first” can say so."""
    added = [i for i in state.chain if i.id not in {c.id for c in chain_before}]
    if not batch or len(added) != 1:
        return state, verdict
    item = replace(added[0], batch=batch)
    state = replace(state, chain=tuple(item if i.id == item.id else i for i in state.chain))
    together = [i for i in state.chain if i.batch == batch and i.controller == item.controller]
    if len(together) < 2 or together[-1].id != item.id:
        return state, verdict
    order_rule = rule("trigger_order", state.version)
    others = and_list(f"{i.source_name}'s (#{i.id})" for i in together if i.id != item.id)
    statement = _order_statement(item.controller, item, together)
    return state, replace(
        verdict,
        notes=(
            *verdict.notes,
            f"It triggered at the same time as {others}, so {item.controller} chooses the "
            f"order they go on the chain ({order_rule}): stated now, it goes over "
            f"{'them' if len(together) > 2 else 'it'}, so it resolves first. To put it under "
            f"instead, say “{statement}”",
        ),
        rules=merge_rules(verdict.rules, (order_rule,)),
        offers=(*verdict.offers, statement),
    )


def _only_runes(ability: RbAbility, version: str) -> bool:
    """Whether everything the ability would choose is a rune (Targon's Peak's "ready up to 2
    runes"): the bot keeps no runes, so there is nothing to state."""
    mentions = analyse(ability.text, version=version, ability="triggered").targets
    return bool(mentions) and all(m.noun.lower() in ("rune", "runes") for m in mentions)


def _needs_a_target(ability: RbAbility, version: str) -> bool:
    """Whether the ability's first target must be chosen (not "up to", 355.13)."""
    mentions = analyse(ability.text, version=version, ability="triggered").targets
    return bool(mentions) and mentions[0].min_count > 0


def _waiting_offers(state: RbState, source: RbObject, ability: RbAbility) -> tuple[str, ...]:
    """Statements that put ``source``'s waiting trigger on the chain, one for each valid
    choice of its first target (355.9), a few at most: a saved game offers them as next
    steps."""
    mentions = analyse(ability.text, version=state.version, ability="triggered").targets
    if not mentions:
        return ()
    ctx = new_context(state, source.controller or source.owner, source)
    everywhere = Counter(o.name for o in state.objects.values())
    found = []
    hidden_at = (
        (source.played_from_hiding_at or source.location)
        if source.played_from_hiding and _PLAY_EFFECT.match(ability.text)
        else ""
    )
    for candidate in state.choosable():
        # check_target knows which zones a choice may be in (355.10.a: public ones).
        if not check_target(candidate, mentions[0], ctx, version=state.version).ok:
            continue
        if (
            hidden_at
            and hidden_choice_refusal(
                mentions[:1], [[candidate]], hidden_at, state, ctx, source.name, "its play effect's"
            )[0]
        ):
            # Played from hiding: chosen at that battlefield (811.1.d.2; QA 55 W4's example
            # named a unit at the base).
            continue
        named = candidate.name if everywhere[candidate.name] == 1 else f"#{candidate.id}"
        found.append(f"{source.name}'s trigger targets {named}.")
    return tuple(found[:6])


def _waiting_refusal(state: RbState) -> Verdict | None:
    """The chain can't resolve while a triggered ability waits to be put on it with its
    targets (383.3: it goes on the chain as its condition is met, before anything resolves);
    None when none waits."""
    if not state.waiting_triggers:
        return None
    version = state.version
    source_id, index, _ = state.waiting_triggers[0]
    source = state.objects.get(source_id)
    ability = next(
        (a for a in RiftboundGame.abilities_of(state, source_id) if a.index == index), None
    )
    if source is None or ability is None:
        return None
    said = f"{source.name}'s triggered ability (“{modes_inline(ability.text)}”) triggered"
    if (modal := modes_of(ability.text)) is not None:
        # Aphelios, Exalted: its mode is chosen as it goes on the chain (355.3; QA 59 M7).
        return Verdict(
            VerdictKind.ILLEGAL,
            f"{said} and waits to go on the chain with the mode "
            f"{source.controller or source.owner} chooses ({rule('trigger_to_chain', version)}"
            f"{''.join(', ' + n for n in cite_if('choose_modes', version))}): it goes there "
            "before anything on the chain resolves. Say "
            f"{_choosing_statement(state, source, ability, modal)}",
            (rule("trigger_to_chain", version), *cite_if("choose_modes", version)),
        )
    offers = _waiting_offers(state, source, ability)
    return Verdict(
        VerdictKind.ILLEGAL,
        f"{said} and waits to go on the chain with the targets "
        f"{source.controller or source.owner} chooses "
        f"({rule('trigger_to_chain', version)}): it goes there before anything on the chain "
        f"resolves. Say “{source.name}'s trigger targets …” first"
        + (f", e.g. “{offers[0].removesuffix('.')}”" if offers else "")
        + ".",
        (rule("trigger_to_chain", version),),
        offers=offers,
    )


def _vision_note(
    state: RbState, obj: RbObject, found: Sequence[Triggered], verdict: Verdict
) -> Verdict:
    """Say what [Vision] is as it triggers (817.1.b), and where an instance is given by another
    permanent (Gemcraft Seer) that each instance triggers separately (817.2)."""
    visions = [t for t in found if t.ability.keyword == "Vision"]
    if not visions:
        return verdict
    version = state.version
    cited = cite_if("vision", version)
    granters = vision_granters(passive_board(state), obj)
    note = (
        f"[Vision] is short for “{VISION_TEXT}”{_cited(cited)}: it triggers as {obj.name} is "
        "played; the bot doesn't keep the Main Deck, so say what is recycled."
    )
    if len(visions) > 1:
        separately = cite_if("vision_separately", version)
        cited += separately
        given = f" ({and_list(granters)} gives it [Vision])" if granters else ""
        note += (
            f" {obj.name} has {len(visions)} instances of [Vision]{given}; each triggers "
            f"separately{_cited(separately)}."
        )
    return replace(verdict, notes=(*verdict.notes, note), rules=merge_rules(verdict.rules, cited))


def _inactive_level_note(state: RbState, source: RbObject, ability: RbAbility, said: str) -> str:
    """Why ``ability``, written after [Level N], doesn't trigger: its source's controller has
    less than N XP, so the card doesn't have it (824.1.d) and an inactive Dependent Ability's
    trigger isn't evaluated (727.1.c.1); "" when it is active or has no Level."""
    if not ability.level:
        return ""
    player = source.controller or source.owner
    xp = state.xp.get(player, 0)
    if xp >= ability.level:
        return ""
    return (
        f"{said} is written after [Level {ability.level}] and is inactive: {player} has {xp} "
        f"XP, less than {ability.level}, so it doesn't trigger"
        f"{_cited(_inactive_level_rules(state.version))}."
    )


def _inactive_level_rules(version: str) -> tuple[str, ...]:
    return (*cite_if("level_inactive", version), *cite_if("dependent_trigger_active", version))


def _spell_level_notes(
    state: RbState, player: str, card: RbCard
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Whether each [Level N] clause of a spell is part of it as it is played: only while its
    player has N or more XP (824.1.b.1, 824.1.c-d); an inactive one chooses no targets."""
    if card.kind is not RbKind.SPELL:
        return (), ()
    xp = state.xp.get(player, 0)
    notes: list[str] = []
    rules: list[str] = []
    for line in card.text.splitlines():
        level = level_of(line)
        if level is None:
            continue
        said = _REMINDER_TEXT.sub("", line).strip()
        if xp >= level:
            why = _cited(cite_if("level_active", state.version))
            notes.append(f"“{said}” is active: {player} has {xp} XP{why}.")
            rules += cite_if("level_active", state.version)
        else:
            why = _cited(cite_if("level_inactive", state.version))
            notes.append(
                f"“{said}” is inactive: {player} has {xp} XP, less than {level}{why}, so it "
                "is not part of the spell and chooses no targets."
            )
            rules += cite_if("level_inactive", state.version)
    return tuple(notes), tuple(rules)


def _set_xp(
    state: RbState, player: str, xp: int, *, gained: int = 0, spent: int = 0
) -> tuple[RbState, Verdict]:
    """``player`` now has ``xp`` XP, ``gained`` more (730.1) or ``spent`` less (730.2) than
    before, with the [Level] abilities that read it (824.1.c)."""
    version = state.version
    xp_rules = cite_if("xp", version)
    level_rules = cite_if("level_active", version)
    levels = [
        o.name
        for o in state.objects.values()
        if (o.controller or o.owner) == player
        and o.zone in (*BOARD_ZONES, RbZone.LEGEND_ZONE)
        and "[level" in (state.cards[o.id].rules_text if o.id in state.cards else "").lower()
    ]
    if gained:
        said = f"{player} gains {gained} XP{_cited(cite_if('gain_xp', version))}: {xp} XP now."
    elif spent:
        said = f"{player} spends {spent} XP{_cited(cite_if('spend_xp', version))}: {xp} XP now."
    else:
        said = f"{player} has {xp} XP{_cited(xp_rules)}."
    if levels:
        said += (
            f" The [Level] abilities of {and_list(sorted(set(levels)))} are active while "
            f"{player} has at least their Level in XP{_cited(level_rules)}."
        )
    return ok_result(
        replace(state, xp={**state.xp, player: xp}),
        said,
        merge_rules(
            xp_rules,
            cite_if("gain_xp", version) if gained else (),
            cite_if("spend_xp", version) if spent else (),
            level_rules if levels else (),
        ),
    )


# "gain 2 XP" in a chain item's text ([Hunt 2], 823.1.c.1): XP still to come.
_GAINS_XP = re.compile(r"\bgains? \d+ XP\b", re.I)
# "[Level 3]" in a card's text: active while its controller has that much XP (824.1.c).
_LEVEL_N = re.compile(r"\[Level (\d+)\]", re.I)


# Noxus Hopeful: "[Legion] - I cost [2] less." - a cost change applied as it is played
# (356.3), only with another card played this turn (812.1.c; QA 48 M10).
_LEGION_COST = re.compile(
    r"^\[Legion\](?:\s*\[>\])?\s*[-–—]?\s*(?P<text>I cost [^.]+ less\.?)", re.I | re.M
)


def _legion_cost_notes(
    state: RbState, player: str, card: RbCard
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The note on a [Legion] cost reduction as ``card`` is played: on or off."""
    found = _LEGION_COST.search(card.text)
    if found is None:
        return (), ()
    version = state.version
    legion = cite_if("legion_active", version)
    said = found.group("text").rstrip(".")
    played = other_card_played(state, player, ())
    if played is None:
        return (
            f"[Legion]: {player} hasn't played another card in this scenario (the bot takes it "
            f"as one turn), so {card.name}'s “{said}” doesn't apply{_cited(legion)}.",
        ), legion
    return (
        f"[Legion]: {player} played {played} this turn, so {card.name}'s “{said}” applies as "
        f"it is played{_cited(legion)}; the bot keeps no Energy, so the payment isn't checked.",
    ), legion


def _score_point(state: RbState, player: str, how: str) -> tuple[RbState, str, tuple[str, ...]]:
    """The point ``player`` gains by scoring (466.1), counted when their points were stated:
    at the Victory Score less one it is the Winning Point, which a hold gains (466.1.b.1) and
    a conquer gains only if every battlefield was scored this turn; otherwise the player
    draws a card instead (466.1.b.2).  Returns the state, what to say, and the rules cited."""
    version = state.version
    point_rules = cite_if("score_point", version)
    if player not in state.points:
        return (
            state,
            f"The bot doesn't know {player}'s score, so the point {player} gains"
            f"{_cited(point_rules)} isn't counted; say “{player} has 7 points.” first to "
            "count it and check the Winning Point"
            f"{_cited(cite_if('winning_point', version))}.",
            (),
        )
    have = state.points[player]
    victory_rules = cite_if("victory_score_duel", version)
    if have < DUEL_VICTORY_SCORE - 1:
        return (
            replace(state, points={**state.points, player: have + 1}),
            f"{player} gains a point{_cited(point_rules)}: {have + 1} points now.",
            (),
        )
    at = (
        f"{player} has {have} points, 1 from the Victory Score of a 1v1 game "
        f"({DUEL_VICTORY_SCORE}{', ' + victory_rules[0] if victory_rules else ''}), so this is "
        "the Winning Point"
    )
    win = (
        f"{player} has {have + 1} points and wins the game at the next cleanup"
        f"{_cited(cite_if('win_at_cleanup', version))}"
    )
    if how != CONQUER:
        rules = (*cite_if("winning_point_hold", version), *victory_rules)
        return (
            replace(state, points={**state.points, player: have + 1}),
            f"{at}: a hold gains it{_cited(cite_if('winning_point_hold', version))}. {win}.",
            (*rules, *cite_if("win_at_cleanup", version)),
        )
    conquer_rules = cite_if("winning_point_conquer", version)
    battlefields = [b.name for b in state.battlefields()]
    unscored = [name for name in battlefields if (player, name) not in state.scored]
    if unscored:
        return (
            state,
            f"{at}: a conquer gains it only if {player} has scored every battlefield this turn, "
            f"and {player} hasn't scored {and_list(unscored)}, so {player} draws a card "
            f"instead of gaining the point{_cited(conquer_rules)}; still {have} points.",
            (*conquer_rules, *victory_rules),
        )
    if len(battlefields) < 2:
        duel = cite_if("duel_battlefields", version)
        return (
            state,
            f"{at}: a conquer gains it only if {player} has scored every battlefield this turn"
            f"{_cited(conquer_rules)}. A 1v1 game has two battlefields{_cited(duel)} and only "
            f"{and_list(battlefields)} is in this scenario: unless {player} also scored the "
            f"other this turn, {player} draws a card instead of gaining the point. Points left "
            f"at {have}; say “{player} conquers …” or “{player} holds …” for the other first "
            "if it was scored.",
            (*conquer_rules, *victory_rules, *duel),
        )
    return (
        replace(state, points={**state.points, player: have + 1}),
        f"{at}: {player} has scored every battlefield this turn ({and_list(battlefields)}), "
        f"so the conquer gains it{_cited(conquer_rules)}. {win}.",
        (*conquer_rules, *victory_rules, *cite_if("win_at_cleanup", version)),
    )


def _cited(numbers: Sequence[str]) -> str:
    """ " (383.3.a)" for the rules a version has; "" when it has none."""
    return f" ({', '.join(numbers)})" if numbers else ""


# A play effect (383.4.a.1): "When you play me" (units), "When you play this" (gear).
_PLAY_EFFECT = re.compile(r"^\s*(?:\[[^\]]+\]\s*(?:-\s*)?)*when you play (?:me|this)\b", re.I)


def _from_hidden_notes(progress: PlayInProgress) -> tuple[str, ...]:
    """What a play from hiding says: where, its cost ignored (811.1.b), [Reaction] (811.6),
    a chain opened (811.1.c.3), choices made at that battlefield (811.1.d)."""
    version = progress.state.version
    where = progress.hidden_at
    return (
        f"{progress.card.name} is played from facedown at {where}, where "
        f"{progress.player} hid it: its cost is ignored ({rule('hidden', version)}), it has "
        f"[Reaction] ({rule('hidden_reaction', version)}), playing it opens a chain like any "
        f"play ({rule('hidden_play_opens_chain', version)}), and what it chooses is chosen at "
        f"{where} ({rule('hidden_choices', version)}); it was hidden on an earlier turn, as "
        "playing it from there needs.",
    )


def _from_hidden_rules(version: str) -> tuple[str, ...]:
    return (
        rule("hidden", version),
        rule("hidden_reaction", version),
        rule("hidden_play_opens_chain", version),
        rule("hidden_choices", version),
    )


def _closed_state_refusal(
    state: RbState,
    name: str,
    text: str,
    *,
    ability: bool,
    granted: bool = False,
    hidden_note: str = "",
) -> IllegalActionError | None:
    """Why ``name`` can't be played (or, for an ability, activated) now: a chain exists, so the
    turn is in a Closed State (309.1), where only cards and abilities with [Reaction] can be
    played or activated (309.1.a, 331.1.a, 358.3; 813.1.c.1-2).  Triggered abilities are not
    played or activated, so they still go on the chain (383.3).  ``granted``: another
    permanent gives it [Reaction] (``_granted_reaction``); ``hidden_note``: what [Hidden]
    would change (``hidden_reaction_note``).  None when it may be."""
    waiting = _waiting_source(state)
    if (not state.chain and waiting is None) or granted or has_reaction(text):
        return None
    version = state.version
    verb = "activated" if ability else "played"
    pending = cite_if("play_effect_pending", version) + cite_if("no_priority_pending", version)
    if state.chain:
        why = f"the chain isn't empty ({state.chain[-1].name} is on it)"
        hint = "Resolve the chain first (“The top of the chain resolves.”)"
    else:
        # A "When you play me" trigger is put on the chain as a pending item once its
        # permanent is finalized (383.4.a.2), and no player receives priority while a pending
        # item exists (335.3): the chain exists (QA 65 W1).
        why = f"{waiting}'s triggered ability is waiting to go on the chain as a pending item" + (
            f" ({', '.join(pending)})" if pending else ""
        )
        hint = f"Put it on the chain first (“{waiting}'s trigger targets …”)"
    return IllegalActionError(
        f"{name} can't be {verb} now: {why}, so the turn "
        f"is in a Closed State, and only cards and abilities with [Reaction] can be played or "
        f"activated then; {name} doesn't have [Reaction]."
        + (f"{hidden_note}." if hidden_note else ""),
        rules=(
            rule("closed_state", version),
            rule("closed_reaction_only", version),
            *(() if state.chain else pending),
            *(() if ability else cite_if("play_timing", version)),
            rule("reaction_ability" if ability else "reaction_card", version),
            *(
                (rule("hidden_reaction", version), rule("hidden_played_normally", version))
                if hidden_note
                else ()
            ),
        ),
        hint=f"{hint}, or respond with a [Reaction] card"
        + (f" (or, if it was hidden: “… plays {name} from hiding …”)." if hidden_note else "."),
    )


def _waiting_source(state: RbState) -> str | None:
    """The name of the source of a triggered ability waiting to go on the chain (383.3), or
    None when none waits."""
    for waiting in state.waiting_triggers:
        source = state.objects.get(waiting.source_id)
        if source is not None:
            return source.name
    return None


def _forbidden_play_refusal(state: RbState, player: str, card: RbCard) -> IllegalActionError | None:
    """Why ``player`` can't play ``card``: a spell or ability that resolved this turn forbids
    it (Lilting Lullaby's "Its controller can't play spells this turn"); "can't" beats "can"
    (054.1).  None when nothing forbids it."""
    found = play_forbidden_by(state, player, card.kind)
    if found is None:
        return None
    what, source = found
    version = state.version
    return IllegalActionError(
        f"{player} can't play {card.name}: {source} resolved this turn and said {player} "
        f"can't play {what} this turn, and a card that forbids an action beats the rule that "
        f"allows it ({rule('cant_beats_can', version)}).",
        rules=(rule("cant_beats_can", version),),
        hint="The bot takes the scenario as one turn; the restriction ends with the turn.",
    )


def _as_question(answer: Verdict, done: Verdict) -> Verdict:
    """A "Can …?" answer says nothing of a chain item the question only imagined: "; it is on
    the chain (#5)" of the play it was checked with becomes "; every choice is valid"; a unit
    its kill cost would kill (356.6) isn't said to be killed."""
    if not done.ok or not done.object_ids:
        return answer
    answer = replace(
        answer,
        notes=tuple(
            n.replace("additional cost killed", "additional cost would kill", 1)
            for n in answer.notes
        ),
    )
    on_chain = re.compile(
        rf"; it is on the chain \(#{done.object_ids[0]}\)(?:, controlled by [^.]+)?\."
    )
    return replace(answer, reason=on_chain.sub("; every choice is valid.", answer.reason, count=1))


def _end_the_turn(state: RbState) -> tuple[RbState, list[str]]:
    """The Expiration Step of the turn the scenario was in (317.2): units heal (317.2.b),
    stunned units recover (423.1.a.2), and the “this turn” effects the bot keeps expire
    (317.2.c): delayed “when it dies this turn” triggers (Deadly Flourish), death
    replacements (Smite), damage modifiers (Lotus Trap), what was played, moved, scored or
    forbidden this turn.  Returns the state and what changed, for the answer."""
    said: list[str] = []
    for obj in list(state.objects.values()):
        if obj.zone not in (RbZone.BASE, RbZone.BATTLEFIELD):
            continue
        changes: list[str] = []
        if obj.damage:
            changes.append(f"heals {obj.damage} damage")
        if obj.stunned:
            changes.append("is no longer stunned")
        if obj.might_this_turn and obj.might is not None:
            # 317.2.c: Might given "this turn" (Pridestalker, Last Stand) goes with the turn.
            changes.append(
                f"is back to {obj.might - obj.might_this_turn} Might (the "
                f"{obj.might_this_turn:+d} Might given this turn ends)"
            )
        delayed = [card for card, _, _ in obj.when_dies] + list(obj.dies_when_damaged)
        if delayed:
            changes.append(f"{and_list(dict.fromkeys(delayed))}'s delayed trigger ends")
        ended = (
            [card for _, card in obj.dies_instead]
            + [card for _, card in obj.damage_shields]
            + [card for _, card in obj.cant_move]
        )
        if ended:
            changes.append(f"{and_list(dict.fromkeys(ended))}'s “this turn” effect ends")
        if obj.keywords_this_turn:
            # Vault Breaker's "[Ganking] this turn" (317.2.c).
            given = and_list(f"[{k}]" for k in dict.fromkeys(obj.keywords_this_turn))
            changes.append(f"loses the {given} given this turn")
        if not changes:
            continue
        said.append(f"{label(obj)} {and_list(changes)}")
        state = state.with_object(
            replace(
                obj,
                damage=0,
                damage_by=(),
                stunned=False,
                when_dies=(),
                dies_when_damaged=(),
                dies_instead=(),
                damage_shields=(),
                might=None if obj.might is None else obj.might - obj.might_this_turn,
                might_this_turn=0,
                cant_move=(),
                keywords_this_turn=(),
            )
        )
    if (
        state.cant_play
        or state.spell_damage_prevented
        or state.next_unit_ready
        or state.next_spell_bonus
    ):
        ended = [c for _, _, c in state.cant_play] + list(state.spell_damage_prevented)
        ended += [c for _, c in state.next_unit_ready]
        ended += [c for _, c, _, bound in state.next_spell_bonus if not bound]
        said.append(f"{and_list(dict.fromkeys(ended))}'s “this turn” effect ends")
    state = replace(
        state,
        played={},
        moved={},
        cant_play=(),
        next_unit_ready=(),
        next_spell_bonus=(),
        spell_damage_prevented=(),
        unapplied=(),
        might_stated=(),
        used_this_turn=(),
        modes_chosen=(),
        scored=(),
    )
    return state, said


def _ambush_location(progress: PlayInProgress) -> str | None:
    """“Can Alice play Chakram Dancer in response?” names no place: with the chain open an
    [Ambush] unit can go only where its [Ambush] allows (822.1.b), so the question is asked of
    the first such battlefield, not of the base (QA 41 W1).  None when there is none (then
    the base's refusal says why)."""
    if progress.ambush_only:
        places = ambush_battlefields(progress.state, progress.player, progress.card)
        if places:
            return places[0].name
    return None


def _ambush_timing(state: RbState, player: str, card: RbCard, where: str, caveat: str) -> Verdict:
    """“Can Bob play Rengar during a showdown / in response?” for an [Ambush] unit: it has
    [Reaction] only as it is played to a battlefield where its player controls units (822.1.b;
    Rengar adds the ones with enemy units), so the answer names those battlefields, and is no
    only when there is none (QA 41 W1)."""
    version = state.version
    cited = (
        *cite_if("ambush", version),
        *cite_if("reaction_any_state", version),
        rule("reaction_card", version),
    )
    places = ambush_battlefields(state, player, card)
    condition = f"a battlefield where {player} controls units" + (
        " or where there are enemy units" if ambush_reaches_enemy_units(card) else ""
    )
    if places:
        names = [b.name for b in places]
        either = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
        return Verdict(
            VerdictKind.YES,
            f"Yes, to {either}: {card.name}'s [Ambush] lets it "
            f"be played to {condition}, and gives it [Reaction] as it is ({cited[0]}), so "
            f"{player} may play it there during {where}, even while the chain is open "
            f"({cited[-1]}); not to {player}'s base." + caveat,
            cited,
        )
    return Verdict(
        VerdictKind.NO,
        f"No, not on this board: {card.name} has no [Reaction] of its own; its [Ambush] gives "
        f"it [Reaction] only as it is played to {condition} ({cited[0]}), and there is no such "
        f"battlefield. Once there is one (say where {player}'s units are), {player} may play it "
        f"there during {where}, even while the chain is open ({cited[-1]})." + caveat,
        cited,
    )


def _granted_reaction(state: RbState, player: str, card: RbCard) -> bool:
    """Whether a permanent of ``player``'s gives ``card`` [Quick-Draw], and so [Reaction]
    (819.1.b): Jax, Unmatched's "Your Equipment everywhere have [Quick-Draw]" (QA 27 W7); or
    the card's [Ambush] does, when it can be played to a battlefield where ``player`` controls
    units (822.1.b; the location is checked as it is played)."""
    return quick_draw_granter(state, player, card) is not None or (
        has_ambush(card) and bool(ambush_battlefields(state, player, card))
    )


def _chosen_mode(
    source: RbObject,
    ability: RbAbility,
    mode: int | None,
    player: str,
    version: str,
    *,
    when: str = "as it is activated",
    statement: str = "",
) -> tuple[RbAbility, tuple[str, ...], str]:
    """A modal activated ability ("Spend my buff: Choose one you've not chosen this turn -
    ...", Udyr, Wildman) with the chosen mode only: its mode is chosen as it is activated and
    only that mode's targets are chosen (355.3; QA 55 W9); the notes that say so, and the
    mode as quoted ("" for an ability that isn't modal).  An ability
    that isn't modal is returned as it is; a modal one with no mode named is an error that
    lists its modes."""
    modal = modes_of(ability.text)
    if modal is None:
        if mode is not None:
            raise EngineError(
                f"{source.name}'s ability has no modes to choose, so nothing was changed.",
                hint=f"Say it without “choosing …”: “{statement or f'{player} activates {source.name}'}.”",
            )
        return ability, (), ""
    if mode is None:
        raise EngineError(
            f"{source.name}'s ability says “{modal.choose}”: say which mode {player} chooses "
            f"{when} ({modal.listed()}).",
            hint=f"“{statement or f'{player} activates {source.name}'} choosing "
            f"{modal.label(0)} …”",
        )
    chosen = replace(ability, text=modal.ability_text_of(mode), effect=modal.modes[mode].strip())
    notes = [
        f"{player} chooses “{modal.label(mode)}” {when}; only that mode's choices "
        f"are made ({', '.join(cite_if('choose_modes', version) or ('355.3',))})."
    ]
    if _not_chosen_this_turn(modal):
        # The repeat was refused before (_repeated_mode), so this one is new this turn.
        notes.append(
            f"“{modal.choose}”: “{modal.label(mode)}” wasn't chosen for this ability of "
            f"{source.name} earlier this turn, so it may be; it can't be chosen again this turn."
        )
    return chosen, tuple(notes), modal.label(mode)


def _discard_cost_cards(
    state: RbState,
    player: str,
    source: RbObject,
    ability: RbAbility,
    said: Sequence[int],
    any_discard: bool,
) -> list[RbObject] | Verdict:
    """The cards of ``player``'s stated hand a "Discard N" cost discards (Unlicensed Armory's
    "Discard 1, [E]:"): those ``said`` ("..., discarding Blazing Scorcher"), else the only N
    stated.  With no card stated in hand, none (the bot doesn't know the hand; the note asks
    for it); with fewer than N, the cost can't be paid (422.3) and the activation is refused
    (405.2).  A choice among more than N is the player's (422.1.a): asked for."""
    version = state.version
    found = _DISCARD_COST.search(ability.cost)
    name = f"{source.name}'s {ability.title}"
    if found is None:
        if said:
            raise EngineError(
                f"{name}'s cost “{ability.cost_said}” discards nothing, so nothing was changed.",
                hint="Say it without “discarding …”.",
            )
        return []
    count = int(found.group("n"))
    hand = [o for o in state.objects.values() if o.zone is RbZone.HAND and o.owner == player]
    picked, where = named_discards(state, player, said)
    if said:
        if where:
            raise EngineError(
                f"{where}: the cost “{ability.cost_said}” discards from {player}'s hand "
                f"({rule('discard', version)}), so nothing was changed.",
                hint=f"Say the card first: “{player}'s hand has {picked[0].name if picked else 'Blazing Scorcher'}.”",
            )
        if len(picked) != count and len(hand) >= count:
            raise EngineError(
                f"The cost “{ability.cost_said}” of {name} discards {counted(count, 'card')}, "
                f"not {len(picked)} ({rule('discard_cost', version)}), so nothing was changed.",
                hint=f"Name {counted(count, 'card')} after “discarding”.",
            )
    if not hand or (said and len(picked) == count) or len(hand) == count:
        return picked if said else hand
    if len(hand) < count:
        return Verdict(
            VerdictKind.ILLEGAL,
            f"{name} can't be activated: its cost “{ability.cost_said}” discards "
            f"{counted(count, 'card')}, and {player} has only {counted(len(hand), 'card')} stated "
            f"in hand ({and_list(c.name for c in hand)}), so the cost can't be paid and the "
            f"activation is undone. If {player} has more, say them first (“{player}'s hand "
            "has …”).",
            (
                rule("discard_cost", version),
                rule("ability_cost", version),
                *cite_if("pay_costs", version),
                *cite_if("activation_undone", version),
            ),
        )
    if any_discard:
        return hand[:count]
    options = [and_list(c.name for c in cards) for cards in itertools.combinations(hand, count)]
    raise EngineError(
        f"{name}'s cost “{ability.cost_said}” discards {counted(count, 'card')}: {player} "
        f"chooses which of the {len(hand)} stated in hand ({and_list(c.name for c in hand)}) as "
        f"it is activated ({rule('discard_chooses', version)}, {rule('ability_cost', version)}); "
        "the bot doesn't choose for them, so nothing was changed.",
        hint="Say which after the choices: “…, discarding "
        + "” or “…, discarding ".join(list(dict.fromkeys(options))[:2])
        + ".”",
    )


def _pay_discard_cost(
    state: RbState, player: str, cards: Sequence[RbObject], *, asked: bool = False
) -> tuple[RbState, str]:
    """``cards`` discarded from ``player``'s hand to their trash as a "Discard N" cost is paid
    (422.1, 422.3, 403.1.a), with the note saying so; none known: the note says how to say
    them.  ``asked``: a question, where any of the stated cards would do."""
    version = state.version
    hand = [o for o in state.objects.values() if o.zone is RbZone.HAND and o.owner == player]
    if asked and cards and len(hand) > len(cards):
        return state, (
            f"Its “Discard” cost can be paid: {player} would discard "
            f"{counted(len(cards), 'card')} of the {len(hand)} stated in hand "
            f"({and_list(c.name for c in hand)}), chosen as it is activated "
            f"({rule('discard_cost', version)}, {rule('discard_chooses', version)})."
        )
    if not cards:
        return state, (
            f"Paying the “Discard” cost discards from {player}'s hand, which the bot doesn't "
            f"know, so nothing is moved on the board ({rule('discard_cost', version)}): to "
            f"have it paid, say the hand first (“{player}'s hand has …”) and the card after "
            "the choices (“…, discarding Blazing Scorcher.”)."
        )
    for card in cards:
        state, _ = move_to_zone(state, card, RbZone.TRASH, "was discarded")
    return state, (
        f"Paying the “Discard” cost discarded {and_list(c.name for c in cards)} from "
        f"{player}'s hand to their trash ({rule('discard_cost', version)}, "
        f"{rule('discard', version)})."
    )


def _champion_played(state: RbState, owner: str, card: RbCard) -> tuple[RbState, Verdict] | None:
    """ "Alice's Chosen Champion is Jinx, Demolitionist." when her Jinx is already on the board:
    that one is taken as the Chosen Champion, played from the Champion Zone (108.3.d), so no
    second Jinx is added (QA 59 M8); None when none of hers is on the board."""
    on_board = next(
        (
            o
            for o in sorted(state.objects.values(), key=lambda o: o.id)
            if o.zone in BOARD_ZONES and o.owner == owner and o.name == card.name
        ),
        None,
    )
    if on_board is None:
        return None
    version = state.version
    play = cite_if("champion_zone_play", version)
    cited = (rule("chosen_champion_start", version), rule("champion_zone_start", version), *play)
    where = on_board.location if on_board.at_battlefield else f"{owner}'s base"
    return ok_result(
        state,
        f"{owner}'s {card.name} (#{on_board.id}) at {where} is taken as {owner}'s Chosen "
        f"Champion: it started the game in the Champion Zone ({cited[0]}, {cited[1]}) and was "
        f"played from there ({play[0] if play else cited[1]}), so that zone is empty now. If it "
        "is another copy and the Chosen Champion is still in the zone, say the Chosen Champion "
        f"before the board (“{owner}'s Chosen Champion is {card.name}.” first).",
        cited,
        (on_board.id,),
    )


def _check_chosen_champion(state: RbState, owner: str, card: RbCard) -> None:
    """A card stated in ``owner``'s Champion Zone is their Chosen Champion: a champion unit
    (103.2.a.2; a signature card can't be there, 103.2.d.3), and the zone holds one card
    (103.2.a: one Chosen Champion; 108.3.c.1).  Raises when it can't be."""
    version = state.version
    if card.kind is not RbKind.UNIT or not any(
        t.casefold() == "champion" for t in card.super_types
    ):
        raise EngineError(
            f"{card.name} isn't a champion unit, so it can't be {owner}'s Chosen Champion in "
            f"the Champion Zone ({rule('chosen_champion_unit', version)}), so nothing was "
            "changed.",
            hint=f"Put it elsewhere: “{owner}'s hand has {card.name}.”",
        )
    there = [
        o for o in state.objects.values() if o.zone is RbZone.CHAMPION_ZONE and o.owner == owner
    ]
    if there:
        raise EngineError(
            f"{owner}'s Champion Zone already holds {there[0].name} (#{there[0].id}), "
            f"{owner}'s one Chosen Champion ({rule('chosen_champion_start', version)}, "
            f"{rule('champion_zone_start', version)}), so nothing was changed.",
            hint=f"Say where {card.name} is instead: “{owner}'s hand has {card.name}.”",
        )


def _not_chosen_this_turn(modal: Modes) -> bool:
    """Whether ``modal`` says "Choose one you've not chosen this turn" (Udyr, Wildman) /
    "choose one that hasn't been chosen this turn" (Aphelios, Exalted)."""
    return bool(re.search(r"(?:\bnot|n't)(?: been| already)? chosen", modal.head, re.I))


def _repeated_mode(
    state: RbState, source: RbObject, ability: RbAbility, mode: int | None, player: str
) -> Verdict | None:
    """The refusal of a mode this instance of the ability already chose this turn, when its
    text says "Choose one you've not chosen this turn" (Udyr, Wildman; 002: the card's text
    decides), else None.  Each instance keeps its own (Spiritforged FAQ on Aphelios)."""
    modal = modes_of(ability.text)
    if modal is None or mode is None or not _not_chosen_this_turn(modal):
        return None
    chosen = [m for s, a, m in state.modes_chosen if (s, a) == (source.id, ability.index)]
    if mode not in chosen:
        return None
    left = [f"“{modal.label(i)}”" for i in range(len(modal.modes)) if i not in chosen]
    rest = (
        f"the modes not chosen yet this turn: {and_list(left)}"
        if left
        else "every mode has been chosen this turn, so none is left until a later turn"
    )
    return Verdict(
        VerdictKind.ILLEGAL,
        f"{source.name}'s ability says “{modal.choose}”, and “{modal.label(mode)}” was already "
        f"chosen for it this turn, so {player} can't choose it again until a later turn "
        f"({rest}).",
        merge_rules(
            cite_if("card_text_wins", state.version), cite_if("choose_modes", state.version)
        ),
        object_ids=(source.id,),
    )


def _giving_equipment(state: RbState, source: RbObject, ability: RbAbility) -> RbObject | None:
    """The attached Equipment whose Effect Text gave the unit ``ability``, which is the
    unit's while attached (718.3), so answers name the card the user sees it on; None when
    the unit's own card prints it."""
    wanted = " ".join(ability.text.split())

    def prints_it(object_id: int) -> bool:
        card = state.cards.get(object_id)
        return card is not None and wanted in " ".join(card.text.split())

    if prints_it(source.id):
        return None
    return next(
        (
            gear
            for gear in sorted(state.objects.values(), key=lambda o: o.id)
            if gear.attached_to == source.id and prints_it(gear.id)
        ),
        None,
    )


def _choosing_statement(state: RbState, source: RbObject, ability: RbAbility, modal: Modes) -> str:
    """The statement that puts a modal trigger on the chain with a mode it may still choose:
    “Aphelios, Exalted's trigger goes on the chain choosing Ready 2 runes.”"""
    mode = modal.label(_first_mode_left(state, source, ability, modal))
    return f"“{source.name}'s trigger goes on the chain choosing {mode}.”"


def _first_mode_left(state: RbState, source: RbObject, ability: RbAbility, modal: Modes) -> int:
    """The first mode of ``modal`` this instance may still choose this turn (see
    ``_repeated_mode``), for an example statement; the first mode when none is left."""
    chosen = {m for s, a, m in state.modes_chosen if (s, a) == (source.id, ability.index)}
    if not _not_chosen_this_turn(modal):
        return 0
    return next((i for i in range(len(modal.modes)) if i not in chosen), 0)


def _mode_chosen(state: RbState, source_id: int, ability: RbAbility, mode: int | None) -> RbState:
    """``state`` remembering that this instance of a "not chosen this turn" ability chose
    ``mode`` (see ``_repeated_mode``); unchanged for any other ability."""
    modal = modes_of(ability.text)
    if modal is None or mode is None or not _not_chosen_this_turn(modal):
        return state
    entry = (source_id, ability.index, mode)
    return replace(state, modes_chosen=(*state.modes_chosen, entry))


def _granted_accelerate_notes(
    state: RbState, player: str, card: RbCard, from_facedown: bool
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What a play from facedown (or a Chosen Champion's from the Champion Zone, 108.3.d)
    says when another permanent gives the unit [Accelerate] (Rek'Sai, Breacher; Unleashed
    FAQ): not played from a hand (811.1.c.3).  The notes and the rules cited."""
    found = accelerate_granter(state, player, card)
    if found is None:
        return (), ()
    granter, line = found
    version = state.version
    where = (
        cite_if("hidden_play_opens_chain", version)
        if from_facedown
        else cite_if("champion_zone_play", version)
    )
    place = "facedown" if from_facedown else f"{player}'s Champion Zone"
    return (
        f"{card.name} is played from {place}, not from a hand{_cited(where)}, and "
        f"{label(granter)} says “{line}”, so it has [Accelerate] as it is played.",
    ), (*where, rule("accelerate", version))


def _granted_quick_draw_notes(
    state: RbState, player: str, card: RbCard
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What a play says when another permanent gives the card played [Quick-Draw] (Jax,
    Unmatched): it has [Reaction] (819.1.b), so it may be played while the chain isn't empty;
    its attach trigger is ``_attach_trigger_notes``'s.  The notes and the rules cited."""
    found = quick_draw_granter(state, player, card)
    if found is None or any(a.keyword == "Quick-Draw" for a in read_abilities(card.text)):
        return (), ()
    granter, line = found
    version = state.version
    reaction = rule("quick_draw_reaction", version)
    return (
        f"{card.name} is {player}'s Equipment and {label(granter)} says “{line}”, so it has "
        f"[Quick-Draw] and with it [Reaction] ({reaction})"
        + (": it can be played while the chain isn't empty." if state.chain else "."),
    ), (rule("passive_on_board", version), reaction)


def _attach_trigger_notes(
    card: RbCard,
    name: str,
    version: str,
    *,
    quick_draw_granted: bool = False,
    player: str = "",
    example: str = "",
) -> tuple[str, ...]:
    """What to say next when a played permanent has a keyword that triggers as it is played
    to attach an Equipment: Quick-Draw (819.1.d, printed or ``quick_draw_granted``) or
    Weaponmaster (821.1.c); the bot puts triggers on the chain when a statement says so.
    ``example``: a statement choosing one of ``player``'s units for Quick-Draw."""
    keywords = {a.keyword for a in read_abilities(card.text)} & {"Quick-Draw", "Weaponmaster"}
    if quick_draw_granted:
        keywords.add("Quick-Draw")
    return tuple(
        f"{name}'s [{keyword}] triggers as it is played; "
        + (
            f"{player} chooses which of {player}'s units it attaches to: say “{example}”"
            if keyword == "Quick-Draw" and example
            else f"say “{name}'s trigger targets …”"
        )
        + " to put it on the chain "
        f"({rule('quick_draw_text' if keyword == 'Quick-Draw' else 'weaponmaster_text', version)})."
        for keyword in sorted(keywords)
    )


def _quick_draw_offers(
    state: RbState, player: str, card: RbCard, name: str, *, quick_draw_granted: bool
) -> tuple[str, ...]:
    """The statements that put a played Equipment's [Quick-Draw] trigger on the chain, one for
    each unit ``player`` controls ("attach it to a unit you control", 819.1.d): the choice is
    the player's, so a saved game offers each as a next step.  A unit is named as plainly as
    tells it apart: its name, its controller's, or its id."""
    printed = any(a.keyword == "Quick-Draw" for a in read_abilities(card.text))
    if not (printed or quick_draw_granted):
        return ()
    units = [o for o in state.on_board() if o.kind is RbKind.UNIT and o.controller == player]
    everywhere = Counter(o.name for o in state.on_board())
    theirs = Counter(o.name for o in units)
    return tuple(
        f"{name}'s trigger targets "
        + (
            unit.name
            if everywhere[unit.name] == 1
            else f"{player}'s {unit.name}"
            if theirs[unit.name] == 1
            else f"#{unit.id}"
        )
        + "."
        for unit in units
    )


def _inactive_deflect(
    state: RbState, chosen: Sequence[Sequence[RbObject]], ctx: RbContext
) -> list[RbObject]:
    """The opponents' chosen Equipment whose [Deflect] is in their Effect Text (Hexdrinker),
    inactive while unattached (136.2.b) and the unit's while attached (718.3)."""
    names: list[RbObject] = []
    for obj in dict.fromkeys(o for group in chosen for o in group):
        card = state.cards.get(obj.id)
        if card is None or not ctx.is_enemy(obj.controller):
            continue
        if choosing_abilities(card.effect_text).deflect and not ctx.deflect_of(obj):
            names.append(obj)
    return names


def _deflect_cost(
    chosen: Sequence[Sequence[RbObject]], ctx: RbContext, version: str
) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """Deflect on the chosen permanents of an opponent: the Power added to the cost, once for
    each time each is chosen (809.1.c), as a mandatory additional cost (809.1.d)."""
    deflecting = [
        o for group in chosen for o in group if ctx.deflect_of(o) and ctx.is_enemy(o.controller)
    ]
    if not deflecting:
        return "", (), ()
    total = sum(ctx.deflect_of(o) for o in deflecting)
    each = ", ".join(f"{label(o)} (Deflect {ctx.deflect_of(o)})" for o in deflecting)
    r = lambda concept: rule(concept, version)  # noqa: E731 - short local alias
    extra = (
        f" Deflect makes it cost {total} more Power of any Domain, a mandatory additional "
        f"cost {ctx.controller} must pay to choose {each} ({r('deflect')}, {r('deflect_cost')})."
    )
    notes = [
        f"Deflect is not a restriction: the choice is legal, it just costs more "
        f"({r('deflect_any_domain')}, {r('mandatory_cost')})."
    ]
    granted = [o for o in dict.fromkeys(deflecting) if ctx.deflect_granters(o)]
    for obj in granted:
        # 809.2: "If a Unit has Deflect, or has been granted Deflect, and is granted Deflect
        # by an additional source, the Deflect Value of all granted Deflect keywords is summed."
        sources = and_list(ctx.deflect_granters(obj))
        own = f" and has Deflect {obj.deflect} of its own" if obj.deflect else ""
        notes.append(
            f"{obj.name} is granted Deflect by {sources}{own}; the values are summed, so its "
            f"Deflect is {ctx.deflect_of(obj)} ({r('deflect_sum')})."
        )
    ids = [o.id for o in deflecting]
    if version == "1.2" and len(set(ids)) < len(ids):
        # v1.2 as printed charged once per spell; the Spiritforged FAQ (2026-01-14) revised
        # 735.1.c to charge for each time the permanent is chosen.
        notes.append(
            "Rule 735.1.c as revised by the Spiritforged FAQ (2026-01-14): Deflect is "
            "paid for each time the permanent is chosen."
        )
    cited = (r("deflect"), r("deflect_any_domain"), r("deflect_cost"), r("mandatory_cost"))
    return extra, tuple(notes), cited + ((r("deflect_sum"),) if granted else ())


__all__ = ["RiftboundGame"]


def _destination_missing(
    progress: PlayInProgress, chosen: Sequence[Sequence[RbObject]], moving: Sequence[RbObject]
) -> Verdict:
    """A play that names the units its move moves but not where (355.4: the destination is
    chosen as it is played; Origins FAQ on Charm: "you have to say not only what unit you're
    moving but where you're moving it to"): an error naming the form that says it, or an
    illegal play when the units have nowhere to go (355.4.a, 355.16)."""
    state, card, player = progress.state, progress.card, progress.player
    version = state.version
    cited = (rule("move_destination", version), rule("move_destination_other", version))
    names = and_list(label(o) for o in moving)
    options = valid_destinations(state, progress.text, moving, player)
    if not options:
        return Verdict(
            VerdictKind.ILLEGAL,
            f"{card.name} would move {names}, and no location in the game is a valid "
            f"destination for it: {why_nowhere(state, progress.text, moving, player)}.",
            cited,
        )
    targets = and_list(o.name for group in chosen for o in group)
    places = " or ".join(text for text, _ in options)
    return Verdict(
        VerdictKind.ERROR,
        f"{card.name} moves {names}, and where to is chosen as it is played ({cited[0]}): "
        f"say the destination ({places}), e.g. “{player} plays {card.name} targeting "
        f"{targets}, moving {pronoun(moving)} to {options[0][0]}.”",
        cited,
    )


def _destination_wording(version: str) -> str:
    """Whether a move's destination is a target: v1.2 352.10.b said "Move a unit to a
    battlefield" targets both; v1.3 only has it chosen (355.4), and the Origins FAQ (Making
    Choices) says destinations are "not considered targets"."""
    chosen = rule("move_destination", version)
    if version == "1.2":
        return f"a chosen destination, {chosen}, and a target too, 352.10.b"
    return f"a chosen destination, {chosen}, but not a target"


def _checked_executions(
    analysis: TargetAnalysis, by_execution: Sequence[Sequence[Sequence[RbObject]]], ctx: RbContext
) -> Verdict:
    """Every execution's choices checked as the first's are (355.8, 820.2): the first failure,
    said of the repeat when it is the repeat's, or all of them legal with every slot."""
    verdicts = [check_choice(analysis, groups, ctx) for groups in by_execution]
    width = len(analysis.targets)
    for number, verdict in enumerate(verdicts):
        if verdict.kind is VerdictKind.ILLEGAL:
            if number == 0:
                return verdict
            return replace(
                verdict,
                reason=f"For the repeat (its choices are made as it is played, "
                f"{rule('repeat_choices', analysis.version)}): {verdict.reason}",
                rules=merge_rules(verdict.rules, (rule("repeat_choices", analysis.version),)),
            )
    if len(verdicts) == 1:
        return verdicts[0]
    slots = tuple(
        _repeat_slot(slot, number, width)
        for number, verdict in enumerate(verdicts)
        for slot in verdict.slots
    )
    return replace(verdicts[0], slots=slots, rules=merge_rules(*(v.rules for v in verdicts)))


def _with_copied_choices(verdict: Verdict, copied: bool, progress: PlayInProgress) -> Verdict:
    """A repeated spell whose targets were named once: the repeat makes the same choices, and
    the answer says so and how to choose others (820.2, 820.2.a)."""
    if not copied or verdict.kind is not VerdictKind.LEGAL:
        return verdict
    version = progress.state.version
    return replace(
        verdict,
        notes=(
            *verdict.notes,
            "Targets were named for one execution, so the repeat chooses the same ones; its "
            f"choices are made as the spell is played and may differ "
            f"({rule('repeat_choices', version)}, {rule('repeat_different_choices', version)}): "
            f"name them after the first's (“{progress.player} plays {progress.card.name} with "
            "Repeat targeting A and B”).",
        ),
        rules=merge_rules(
            verdict.rules,
            (rule("repeat_choices", version), rule("repeat_different_choices", version)),
        ),
    )


_Executed = tuple[RbState, Verdict, list[str], list[str], list[int], list[EffectReport]]


def _execute(
    state: RbState,
    item: ChainItem,
    analysis: TargetAnalysis,
    affecting: Collection[int] | None,
    division: Sequence[int] | None,
    unless: tuple[str, bool] | None = None,
    *,
    cleanup: bool = True,
    hurt: list[int] | None = None,
    discards: Sequence[int] = (),
) -> _Executed:
    """Carry out a chain item's instructions once, with its targets as they are now (359.3.e):
    the state, the verdict, its notes, rules and new ids, and the instructions followed only
    in part (Flash's unit already in base, 355.4.a: followed as far as it can be, 359.3.e.11)."""
    ctx = chain_context(state, item)
    now = {o.id: current_object(state, o) for group in item.chosen for o in group}
    verdict = resolve_targets(analysis, item.chosen, now, ctx, affecting=affecting)
    state, notes, rules, ids, effects, unchecked = carry_out(
        state,
        analysis,
        item,
        verdict,
        division,
        unless,
        cleanup=cleanup,
        hurt=hurt,
        discards=discards,
    )
    partly = [
        after
        for before, after in zip(verdict.effects, effects, strict=False)
        if len(after.affected) < len(before.affected)
    ]
    verdict = with_unchecked(replace(verdict, effects=effects), unchecked)
    return state, verdict, notes, rules, ids, partly


def _unless_for_each_execution(needed: UnlessChoiceNeeded, version: str) -> UnlessChoiceNeeded:
    """An "unless" of a spell played with one Repeat: its player chooses for the first
    execution and again for the repeat (820.1.d.1, 355.10.d), so the statements say both."""
    if len(needed.statements) != 2:
        return needed
    take, refuse = (s.removesuffix(".") for s in needed.statements)
    head, _, took = take.partition(" resolves and ")
    refused = refuse.partition(" resolves and ")[2]
    if not took or not refused:
        return needed
    player = took.split(" ", 1)[0]
    took_verb = took.removeprefix(player + " ")
    refused_verb = refused.removeprefix(player + " ")
    statements = tuple(
        f"{head} resolves and {player} {first} for the first and {again} for the repeat."
        for first in (took_verb, refused_verb)
        for again in (took_verb, refused_verb)
    )
    return UnlessChoiceNeeded(
        f"{needed.message.rstrip('.')}. With Repeat the instructions are executed again "
        f"({rule('repeat_executes_again', version)}), and {player} chooses again for the "
        "repeat.",
        hint=f"Say both: “{statements[1]}” (or “… {took_verb} only once.”)",
        statements=statements,
    )


def _execute_repeated(
    state: RbState,
    item: ChainItem,
    analysis: TargetAnalysis,
    affecting: Collection[int] | None,
    division: Sequence[int] | None,
    unless: tuple[str, bool] | None = None,
    unless_repeats: Sequence[bool] = (),
    discards: Sequence[int] = (),
) -> _Executed:
    """A spell played with Repeat: its instructions executed once more for each Repeat cost
    paid (820.1.d, 820.1.d.1), one execution after another with its own targets (820.2), each
    checked as it is executed: a target the first execution killed is a new object, so the
    repeat's instruction on it is ignored (RQ Las Vegas 2026, Hidden Blade: "the repeated
    effect does not have a legal target, so no additional effect occurs").  No cleanup until
    the last is done (321); "as you play" instructions aren't executed again (135.2.b.3)."""
    version = state.version
    width = len(analysis.targets)
    hurt: list[int] = []
    verdicts: list[Verdict] = []
    notes: list[str] = []
    rules: list[str] = [rule("repeat", version), rule("repeat_executes_again", version)]
    ids: list[int] = []
    partly: list[EffectReport] = []
    for number in range(item.repeats + 1):
        spell = state.objects.get(item.id)
        if number and (spell is None or spell.zone is not RbZone.CHAIN):
            # Arcane Shift's "Banish this": "A repeated spell does not resolve again if it is
            # banished during execution. Only the first legal resolution applies." (RQ Las
            # Vegas 2026, Repeated Spell Resolution)
            notes.append(
                f"{item.name} left the chain as it was executed, so its repeat isn't executed "
                "(“A repeated spell does not resolve again if it is banished during "
                "execution”, RQ Las Vegas 2026 rulings)."
            )
            # The cleanup the skipped last execution would have run (321).
            state, killed = cleanup_after_spell(state, hurt, notes, rules)
            ids += killed
            break
        text = item.text if number == 0 else repeated_text(item.text)
        once = replace(
            item,
            text=text,
            chosen=item.chosen[number * width : (number + 1) * width],
            repeats=0,
        )
        # Each execution asks the "unless" again (820.1.d.1, 355.10.d): with one repeat, its
        # answer is a new choice and one answer doesn't settle both (QA 65 W2); with more, the
        # same answer unless one was said for the repeats.
        unless_now = unless
        if number and unless is not None and number <= len(unless_repeats):
            unless_now = (unless[0], unless_repeats[number - 1])
        elif number and item.repeats == 1:
            unless_now = None
        try:
            state, verdict, said, cited, new_ids, part = _execute(
                state,
                once,
                analysis if number == 0 else analyse(text, version=version, ability=item.ability),
                affecting if number == 0 else None,
                division if number == 0 else None,
                unless_now,
                cleanup=number == item.repeats,
                hurt=hurt,
                # The cards said are the first execution's; a repeat that discards asks again.
                discards=discards if number == 0 else (),
            )
        except UnlessChoiceNeeded as needed:
            if item.repeats != 1:
                raise
            raise _unless_for_each_execution(needed, version) from None
        verdicts.append(verdict)
        if number:
            which = "the repeat" if item.repeats == 1 else f"repeat {number}"
            said = [f"{which[:1].upper()}{which[1:]}: {note}" for note in said]
        notes += said
        rules += cited
        ids += new_ids
        partly += part
    first = verdicts[0]
    kinds = {v.kind for v in verdicts}
    reason = first.reason + "".join(
        f" Then {'the repeat' if item.repeats == 1 else f'repeat {n}'} executes its "
        f"instructions again ({rule('repeat_executes_again', version)}): "
        f"{v.reason[:1].lower()}{v.reason[1:]}"
        for n, v in enumerate(verdicts[1:], start=1)
    )
    combined = replace(
        first,
        kind=VerdictKind.RESOLVED if kinds == {VerdictKind.RESOLVED} else VerdictKind.PARTIAL,
        reason=reason,
        rules=merge_rules(*(v.rules for v in verdicts)),
        slots=tuple(
            _repeat_slot(slot, n, width) for n, v in enumerate(verdicts) for slot in v.slots
        ),
        effects=tuple(e for v in verdicts for e in v.effects),
        notes=tuple(note for v in verdicts for note in v.notes),
    )
    return state, combined, notes, rules, ids, partly


def _repeat_slot(slot: SlotReport, execution: int, width: int) -> SlotReport:
    """A target slot of a repeated spell's ``execution`` (0 the first), numbered after the
    earlier executions' and said to be the repeat's (820.2)."""
    if not execution:
        return slot
    return replace(
        slot,
        slot_index=slot.slot_index + execution * width,
        requirement=f"{slot.requirement} (repeat)",
    )
