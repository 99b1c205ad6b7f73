"""The MTG engine facade: the calls the scenario language makes.

Every call takes a ``GameState`` and returns ``(new_state, Verdict)`` (questions return just a
``Verdict``).  An illegal action changes nothing: the same state comes back with an
``illegal`` verdict (CR 732.1).  A malformed call (an unknown object id or player) raises
``EngineError``.  Targets are given by object id or player name, slot by slot in the order the
card's text asks for them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from bot.engine.cards import CardData, names_itself, normalize_colors, type_line_of
from bot.engine.errors import EngineError, IllegalActionError
from bot.engine.frozen import evolve
from bot.engine.model import GameObject, ObjectKind, Player, Zone, removed_from_combat
from bot.engine.mtg import combat
from bot.engine.mtg.alternative_casts import (
    BESTOW,
    CAST_AS,
    CLEAVE,
    FUSED,
    as_bestowed,
    fused,
    is_alternative_cast,
)
from bot.engine.mtg.alternative_casts import RULES as ALTERNATIVE_CAST_RULES
from bot.engine.mtg.apnap import RULE as APNAP_RULE
from bot.engine.mtg.attack_triggers import RULES as ATTACK_RULES
from bot.engine.mtg.attack_triggers import attack_triggers
from bot.engine.mtg.battles import counted_stat, with_protector
from bot.engine.mtg.cant_statics import CANT_GAIN_LIFE
from bot.engine.mtg.cascade import cascade_triggers
from bot.engine.mtg.cast_copy_triggers import cast_copy_triggers
from bot.engine.mtg.cast_triggers import KEYWORD as CAST_TRIGGER
from bot.engine.mtg.cast_triggers import cast_triggers, is_cast_trigger
from bot.engine.mtg.casting import (
    ESCALATE,
    ActionKind,
    CastInProgress,
    ChoiceKind,
    SacrificeCost,
    additional_cost_choice,
    alternative_condition,
    alternative_costs,
    division_total,
    graveyard_exile,
    life_in_cost,
    sacrifices_for_alternative_cost,
    sacrifices_its_source,
    start_ability,
    start_cast,
    summoning_sickness_refusal,
    taps_its_source,
)
from bot.engine.mtg.casting import permanent_spell_spec as _permanent_spell_spec
from bot.engine.mtg.combat_damage import (
    assignable_damage,
    combat_damage_caveat,
    combat_damage_refusal,
)
from bot.engine.mtg.combat_text import combat_keywords
from bot.engine.mtg.copies import copy_choice
from bot.engine.mtg.damage import damage_from, deathtouch_destroys
from bot.engine.mtg.damage_triggers import damage_trigger_notes
from bot.engine.mtg.death_watchers import with_death_triggers
from bot.engine.mtg.died_triggers import is_dies_trigger
from bot.engine.mtg.draw_triggers import (
    Draw,
    cards_said,
    draw_triggers,
    draw_watchers,
    with_draw_triggers,
)
from bot.engine.mtg.entering_counters import enters_with
from bot.engine.mtg.granted_abilities import granted_ability_text, is_granted_ability
from bot.engine.mtg.graveyard_replacements import replaced_graveyard_words
from bot.engine.mtg.leaving_game import leave_game
from bot.engine.mtg.legality import (
    check_target,
    chosen_objects,
    is_any_target,
    legal_options,
    parse_restriction,
    targeting_for_entry,
    unchecked_caveat,
    unsettled_grant_hints,
)
from bot.engine.mtg.legend_rule import LEGEND_RULE, keep_legend
from bot.engine.mtg.oracle_targets import cleave_texts, read_face, read_text, words_target
from bot.engine.mtg.phrase_vocab import ABILITY_WORD_PREFIX, number_value
from bot.engine.mtg.regeneration import RULES as REGENERATION_RULES
from bot.engine.mtg.regeneration import regenerated_instead
from bot.engine.mtg.resolution import (
    DAMAGEABLE,
    FLASHBACK,
    PERMANENT_SPELL_TYPES,
    RULE_NUMBER,
    UNTARGETED_ENTERS_PUT,
    ResolveChoices,
    enchant_refusal,
    enters_trigger_notes,
    gives_control_of_enchanted,
    may_pay_choice,
    protection_from,
    resolve_entry,
    resolve_top,
    returned_as_copy,
    state_based_actions,
    targeted_enters_say,
    with_enchanted_control,
    with_targeted_enters_waiting,
)
from bot.engine.mtg.retarget import copy_spell, retarget
from bot.engine.mtg.state import (
    FACE_DOWN_WARD,
    GameState,
    StackEntry,
    TargetRef,
    WaitingTrigger,
    make_token,
    object_from_card,
    printed_keywords,
    split_keyword_text,
    turned_face_down,
)
from bot.engine.mtg.statics import (
    as_seen,
    gaining,
    loses_all_abilities,
    pt_caveats,
    pumped,
    rules_text_loss,
)
from bot.engine.mtg.storm import storm_trigger
from bot.engine.mtg.target_order import in_slot_order
from bot.engine.mtg.targeted_triggers import RULES as TARGETED_TRIGGER_RULES
from bot.engine.mtg.targeted_triggers import targeted_triggers
from bot.engine.mtg.targeting_taxes import targeting_taxes
from bot.engine.mtg.this_turn import (
    end_turn_changes,
    gaining_this_turn,
    player_gaining_this_turn,
    pumped_this_turn,
)
from bot.engine.mtg.trigger_doublers import Extra, extra_triggers
from bot.engine.mtg.trigger_order import ORDER_NOTE
from bot.engine.mtg.waiting_triggers import (
    chosen_then,
    current_id,
    say_to_put,
    wait_for_targets,
    waiting_refusal,
)
from bot.engine.mtg.ward import WARD_RULES, ward_notes, ward_triggers, would_trigger
from bot.engine.mtg.watching_triggers import entering_subject, triggers_on
from bot.engine.patterns import remembered
from bot.engine.requirements import (
    AbilityKind,
    AbilitySpec,
    FaceTargeting,
    RetargetKind,
    TargetSlot,
)
from bot.engine.values import given
from bot.engine.verdict import (
    SlotReport,
    TargetOption,
    Verdict,
    VerdictKind,
    could_happen,
    merge_rules,
    ok_result,
)
from bot.engine.wording import and_list, counted, with_article, zone_name, zone_words

Reader = Callable[[CardData], FaceTargeting]
_X_DEFINED_BY_TEXT = re.compile(r"\bwhere x is\b", re.IGNORECASE)
TargetsArg = Sequence["TargetRef | Sequence[TargetRef]"]


def _refuse_nonpermanent(card: CardData, controller: str) -> None:
    """CR 110.4, 304.4, 307.4: an instant or sorcery card (every face of it, like Fire // Ice)
    can't enter the battlefield, so no player controls it as a permanent."""
    types = set().union(*(face.types.card_types for face in card.faces or (card,)))
    kind = next((t for t in ("instant", "sorcery") if t in types), None)
    if kind is None or card.is_permanent_card:
        return
    rule = "304.4" if kind == "instant" else "307.4"
    error = EngineError(
        f"{card.name} is {with_article(kind)} card: instants and sorceries can't be permanents, "
        f"so nobody controls one on the battlefield (110.4, {rule}).",
        hint=f"Say “{controller}'s hand has {card.name}.” for the card in a hand, or "
        f"“{controller} casts {card.name} …” to cast it.",
    )
    error.statements = (f"{controller}'s hand has {card.name}.",)
    raise error


def default_reader(card: CardData) -> FaceTargeting:
    """Read a face with the Oracle-text reader (``oracle_targets``; tests inject their own).

    The reader is imported with this module, not on the first cast: its patterns are compiled
    while the bot starts rather than inside the first answer (issue 14)."""
    return read_face(card.name, card.type_line, card.oracle_text, tuple(card.keywords))


# Words a quality after "from" is written with in lower case (colours, card types, and the
# words around them); any other word there is a name: a player's or a creature type's.
_LOWER_AFTER_FROM = frozenset(
    {"white", "blue", "black", "red", "green", "colorless", "colourless", "multicolored",
     "monocolored", "everything", "all", "each", "the", "and", "or", "a", "an", "of", "from",
     "your", "you", "opponent", "opponents", "player", "players", "chosen", "color", "colors",
     "colour", "colours", "mana", "value", "power", "toughness", "less", "greater", "more",
     "with", "that", "this", "other", "spells", "abilities", "ability", "spell", "sources",
     "source", "permanents", "permanent", "creatures", "creature", "artifacts", "artifact",
     "enchantments", "enchantment", "instants", "instant", "sorceries", "sorcery", "lands",
     "land", "planeswalkers", "planeswalker", "battles", "battle", "legendary", "nonland",
     "noncreature", "monocolor"}
)  # fmt: skip


def _echo(state: GameState, ability: str) -> str:
    """The ability as the answer repeats it: lower case, but a name after "from" keeps its
    capital ("protection from Bob", "from Humans"): the parser lowers the whole ability, and
    a player named in it may not be in the game yet."""
    head, sep, quality = ability.strip().lower().partition(" from ")
    words = (
        word if word in _LOWER_AFTER_FROM or not word[:1].isalpha() else word.capitalize()
        for word in quality.split(" ")
    )
    shown = head + sep + " ".join(words)
    for name in state.player_names:
        shown = re.sub(rf"\b{re.escape(name.lower())}\b", name, shown)
    return shown


# "loses all abilities", "loses all its abilities" (Turn to Frog, Ovinize).
_ALL_ABILITIES = re.compile(r"^all (?:its |of its |their )?abilities$", re.IGNORECASE)


def _card_from_values(obj: GameObject) -> CardData:
    """The card an object without a printed card of its own is read as (a token, or a copy's
    copiable values, CR 707.2): its name, type line and rules text."""
    type_line = type_line_of(obj.supertypes, obj.card_types, obj.subtypes)
    return CardData(name=obj.name, type_line=type_line, oracle_text=obj.oracle_text)


# "You may play an additional land on each of your turns." (Exploration, Dryad of the Ilysian
# Grove), "... two additional lands ..." (Azusa): more land plays a turn (305.2).
_ADDITIONAL_LANDS = re.compile(
    r"you may play (an|two|three) additional lands? on each of your turns", re.IGNORECASE
)


def _land_plays_allowed(state: GameState, player: str) -> tuple[int, str]:
    """How many lands ``player`` may play this turn (CR 305.2: one, and what the permanents
    they control add), and the names of those permanents."""
    allowed, names = 1, []
    for source in state.zone_objects(Zone.BATTLEFIELD):
        if source.controller != player or source.phased_out or source.abilities_lost:
            continue
        if found := _ADDITIONAL_LANDS.search(source.oracle_text):
            allowed += {"an": 1, "two": 2, "three": 3}[found.group(1).lower()]
            names.append(source.name)
    return allowed, and_list(names)


class MtgGame:
    """Stateless facade over the MTG targeting engine (the reader is injected for tests):
    Magic's ``GameEngine`` (``bot/engine/game_engine.py``)."""

    game = "mtg"
    has_fizzle = True  # CR 608.2b

    def __init__(self, reader: Reader | None = None) -> None:
        self._reader = reader or default_reader
        self._cache: dict[tuple[str, str, str], FaceTargeting] = {}
        # The spell ability ``spell_spec`` picked from a reading, by the reading's key and the
        # way of casting: the same reading always gives the same spec (issue 14: Redirect's
        # missing slot was read again on every cast).
        self._spell_specs: dict[tuple[str, str, str, str], AbilitySpec] = {}

    # ---- reading cards ------------------------------------------------------------------
    def read(self, card: CardData) -> FaceTargeting:
        key = (card.name, card.type_line, card.oracle_text)
        found = self._cache.get(key)
        if found is None:
            found = self._reader(card)
            self._cache[key] = found
        return found

    def _card_of(self, state: GameState, object_id: int) -> CardData:
        card = state.cards.get(object_id)
        on_battlefield = state.objects.get(object_id)
        if on_battlefield is not None and on_battlefield.face_down:
            # CR 708.2a: no text, so no abilities to activate or trigger.
            return CardData(name=on_battlefield.name, type_line="Creature", oracle_text="")
        if on_battlefield is not None and object_id in state.copies:
            # CR 707.2a: a copy has the abilities of what it copies, from the copiable rules
            # text it took (a Clone of Spellskite can redirect, one of Prodigal Pyromancer
            # can ping), not the ones printed on its own card.
            return _card_from_values(state.copies[object_id])
        if card is not None:
            if (
                on_battlefield is not None
                and on_battlefield.oracle_text != card.oracle_text
                and any(_KICKER_LINE.match(line) for line in card.oracle_text.splitlines())
            ):
                # CR 702.33e: its "if it was kicked" abilities as it was cast (an unkicked
                # Goblin Ruinblaster has no enters trigger, 603.4).
                return evolve(card, oracle_text=on_battlefield.oracle_text)
            return card
        obj = state.last_known(object_id)
        if obj is None:
            state.obj(object_id)
            raise EngineError(f"There is no object #{object_id}.")
        return _card_from_values(obj)

    def spell_spec(self, card: CardData, alternative: str = "") -> AbilitySpec:
        """The spell ability of a face, or an untargeted one for a permanent spell.

        ``alternative`` names a way of casting it that gives it its own spell ability (bestow,
        mutate); without it, those abilities aren't the spell's (CR 702.103a, 702.140a)."""
        # Keyed as ``read`` is: a spec picked from a reading depends on nothing else (a
        # permanent's untargeted spec, which reads the card's faces, isn't kept).
        key = (card.name, card.type_line, card.oracle_text, alternative)
        found = self._spell_specs.get(key)
        if found is not None:
            return found
        every = [a for a in self.read(card).abilities if a.kind is AbilityKind.SPELL]
        if alternative:
            chosen = next((a for a in every if a.keyword == alternative), None)
            if chosen is None:
                rule = ALTERNATIVE_CAST_RULES[alternative]
                raise IllegalActionError(
                    f"{card.name} has no {alternative}, so it can't be "
                    f"{CAST_AS[alternative]} ({rule[:-1]}).",
                    rules=(rule[:-1],),
                )
            self._spell_specs[key] = chosen
            return chosen
        spells = [a for a in every if not is_alternative_cast(a)]
        # Keyword lines (escalate, kicker) may come back as separate spell abilities; the one
        # that targets or is modal is the spell's real ability.
        spells.sort(key=lambda a: (not a.is_targeted and a.choose is None, not a.retarget))
        if spells:
            spec = self._spell_specs[key] = _with_retarget_slot(spells[0])
            return spec
        return _permanent_spell_spec(card)

    def alternative_for_targets(
        self, state: GameState, card: CardData | int, face: str | None
    ) -> str:
        """The way of casting ``card`` that its named targets imply (``targeting_alternative``)."""
        printed = self._card_of(state, card) if isinstance(card, int) else card
        if face == FUSED:
            return ""
        return self.targeting_alternative(printed.face(face) if face else _default_face(printed))

    def targeting_alternative(self, card: CardData) -> str:
        """The way of casting ``card`` that targets, when cast normally it doesn't but cast
        bestowed or for its mutate cost it does (CR 702.103b, 702.140a); else ""."""
        if any(slot for mode in self.spell_spec(card).modes for slot in mode.slots):
            return ""
        ways = [
            a.keyword
            for a in self.read(card).abilities
            if a.kind is AbilityKind.SPELL and is_alternative_cast(a) and a.is_targeted
        ]
        return ways[0] if len(ways) == 1 else ""

    def ability_spec(
        self, state: GameState, source_id: int, kind: AbilityKind, index: int | None = None
    ) -> AbilitySpec:
        """The ``index``-th activated or triggered ability of an object (default: the first
        targeted one, else the first that isn't a mana ability, else the first)."""
        abilities = [
            a for a in self.read(self._card_of(state, source_id)).abilities if a.kind is kind
        ]
        name = state.label(source_id)
        on_battlefield = state.objects.get(source_id)
        if on_battlefield is not None and on_battlefield.zone is Zone.BATTLEFIELD:
            abilities = self._abilities_on_the_battlefield(state, on_battlefield, kind, abilities)
        if not abilities and on_battlefield is not None and on_battlefield.face_down:
            raise IllegalActionError(
                f"{name} is face down: a face-down permanent has no text, so it has no "
                f"{kind.value} ability (708.2a).",
                rules=("708.2a",),
                hint=f"Say “{on_battlefield.name} is turned face up.” first if it was.",
            )
        if not abilities:
            printed = state.cards.get(source_id)
            if (
                kind is AbilityKind.TRIGGERED
                and printed is not None
                and any(_KICKED_TRIGGER.match(line) for line in printed.oracle_text.splitlines())
            ):
                raise IllegalActionError(
                    f"{name} wasn't kicked, so its “if it was kicked” ability doesn't trigger: "
                    "the condition is checked as the event happens (603.4, 702.33e).",
                    rules=("603.4", "702.33e"),
                    hint=f"Say “… casts {name.split(' (#')[0]} kicked” if its kicker was paid.",
                )
            if kind is AbilityKind.TRIGGERED:
                raise _no_triggered_ability(name, self._card_of(state, source_id))
            raise EngineError(f"{name} has no {kind.value} ability.")
        source = state.objects.get(source_id)
        in_graveyard = source is not None and source.zone is Zone.GRAVEYARD
        if index is None and kind is AbilityKind.TRIGGERED and in_graveyard:
            # A card in the graveyard: the ability it triggered as it died (CR 603.10a).
            abilities = [a for a in abilities if is_dies_trigger(a.text)] or abilities
        if index is None:
            return next(
                (a for a in abilities if a.is_targeted),
                next((a for a in abilities if not is_mana_ability(a)), abilities[0]),
            )
        if not 0 <= index < len(abilities):
            lost = (
                rules_text_loss(state, on_battlefield, name) if on_battlefield is not None else ""
            )
            if lost:
                # Mishra's Factory under Blood Moon (QA 31 M1): the ability asked about is one
                # of its rules text, which the land type took away (305.7).
                raise IllegalActionError(
                    f"{name} has only {len(abilities)} {kind.value} "
                    f"abilit{'y' if len(abilities) == 1 else 'ies'} now: {lost}.",
                    rules=("305.7",),
                )
            raise EngineError(
                f"{name} has {len(abilities)} {kind.value} abilit{'y' if len(abilities) == 1 else 'ies'}; "
                f"there is no number {index + 1}."
            )
        return abilities[index]

    def _abilities_on_the_battlefield(
        self, state: GameState, obj: GameObject, kind: AbilityKind, printed: list[AbilitySpec]
    ) -> list[AbilitySpec]:
        """The ``kind`` abilities of a permanent as its land types make them: one that an
        effect made a land of a basic land type (Song of the Dryads, Blood Moon) has lost those
        of its rules text and has only that type's mana ability (CR 305.7); a basic land type
        gives its mana ability besides (305.6: a Forest's "{T}: Add {G}", which its card shows
        only as reminder text)."""
        rewritten = rules_text_loss(state, obj, state.label(obj.id))
        # Brawl's "{T}: This creature deals damage ..." given in quotation marks (113.1a).
        granted = [
            a
            for keyword in sorted(state.keywords_of(obj.id))
            if is_granted_ability(keyword)
            for a in self.read(
                CardData(
                    name=obj.name,
                    type_line=" ".join(sorted(obj.card_types)).title() or "Creature",
                    oracle_text=granted_ability_text(keyword),
                )
            ).abilities
            if a.kind is kind
        ]
        printed = [*printed, *granted]
        if not rewritten and (kind is not AbilityKind.ACTIVATED or printed):
            return printed
        intrinsic = []
        if kind is AbilityKind.ACTIVATED:
            types = as_seen(state, obj).subtypes
            text = " ".join(
                f"{{T}}: Add {{{symbol}}}."
                for land, symbol in _BASIC_LAND_MANA.items()
                if land in types
            )
            if text:
                card = CardData(name=obj.name, type_line="Land", oracle_text=text)
                intrinsic = [a for a in self.read(card).abilities if a.kind is kind]
        if rewritten and not intrinsic:
            raise IllegalActionError(
                f"{rewritten}, so it has no {kind.value} ability.", rules=("305.7",)
            )
        return intrinsic if rewritten else printed + intrinsic

    # ---- setting up a board ---------------------------------------------------------------
    @staticmethod
    def new_game(players: Sequence[str] = ()) -> GameState:
        return GameState(players=tuple(Player(name) for name in players))

    @staticmethod
    def add_player(state: GameState, name: str, *, life: int = 20) -> tuple[GameState, Verdict]:
        if state.has_player(name):
            return ok_result(state, f"{name} is already in the game.")
        return ok_result(state.with_player(Player(name, life=life)), f"{name} joins the game.")

    def _ensure_player(self, state: GameState, name: str) -> tuple[GameState, str]:
        if not state.has_player(name):
            state = state.with_player(Player(name))
        return state, state.player(name).name

    @staticmethod
    def set_life(state: GameState, name: str, life: int) -> tuple[GameState, Verdict]:
        """ "Alice has 12 life.": the life total as stated."""
        player = state.player(name)
        return _with_life(state, player.name, life, f"{player.name} has {life} life", ())

    @staticmethod
    def change_life(state: GameState, name: str, amount: int) -> tuple[GameState, Verdict]:
        """ "Bob gains 3 life." / "Alice loses 2 life.": the life total is adjusted (CR 119.3)."""
        player = state.player(name)
        life = player.life + amount
        verb = "gains" if amount > 0 else "loses"
        said = f"{player.name} {verb} {abs(amount)} life and has {life} now (119.3)"
        return _with_life(state, player.name, life, said, ("119.3",))

    @staticmethod
    def draw(
        state: GameState, name: str, count: int, *, draw_step: bool = False
    ) -> tuple[GameState, Verdict]:
        """ "Alice draws two cards.": each card a draw of its own (CR 121.2) that "whenever a
        player draws a card" abilities see (603.2); the bot keeps no library, so the hand now
        holds a card it doesn't know (121.1) and a discard from it can't be refused."""
        player = state.player(name)
        _refuse_departed_holder(state, player.name, "draw a card")
        state = state.with_player(evolve(player, hand_stated=False))
        step = " for the turn (the draw step's draw, 504.1, 121.1)"
        said = (
            f"{player.name} draws {cards_said(count)}"
            + (step if draw_step else " (121.1, 121.2)")
            + "; the bot keeps no library, so which card is unknown: say "
            f"“{player.name}'s hand has …” if it matters"
        )
        drawn = Draw(player.name, count, draw_step)
        active = player.name if draw_step else None
        state, notes, rules = draw_triggers(state, [drawn], active=active)
        own_rules = ("504.1", "121.1", "121.2") if draw_step else ("121.1", "121.2")
        state, verdict = ok_result(state, said + ".", own_rules)
        return state, evolve(verdict, notes=tuple(notes), rules=merge_rules(own_rules, rules))

    @staticmethod
    def discard(state: GameState, name: str, card_ids: Sequence[int]) -> tuple[GameState, Verdict]:
        """ "Alice discards Progenitus.": each card, in her hand, goes to her graveyard (CR
        701.9a), or where a replacement sends it (Progenitus, Anafenza, Rest in Peace: 614.6)."""
        player = state.player(name)
        before = state
        for card_id in card_ids:
            card = state.obj(card_id)
            if card.owner.casefold() != player.name.casefold():
                raise EngineError(
                    f"{card.name} is in {card.owner}'s hand, not {player.name}'s: a player "
                    "discards only cards from their own hand (701.9a)."
                )
            state, _ = state.move(card_id, Zone.GRAVEYARD, "was discarded")
        discarded = and_list(before.label(card_id) for card_id in card_ids)
        state, verdict = ok_result(
            state, f"{player.name} discards {discarded} (701.9a).", ("701.9a",)
        )
        return state, with_replaced_departures(before, state, verdict)

    @staticmethod
    def set_damage(
        state: GameState, object_id: int, damage: int, *, deathtouch: bool = False
    ) -> tuple[GameState, Verdict]:
        """ "Runeclaw Bear has 1 damage.": damage marked on it this turn (CR 120.6); lethal
        damage kills it as a state-based action (704.5g). ``deathtouch``: "... is dealt 1
        damage by a source with deathtouch.", which destroys it (704.5h)."""
        obj = state.obj(object_id)
        if "creature" not in as_seen(state, obj).card_types:
            raise EngineError(
                f"{obj.name} isn't a creature: damage stays marked only on creatures; "
                "planeswalkers and battles lose counters instead (120.3, 120.6)."
            )
        said = f"{state.label(object_id)} has {damage} damage marked on it (120.6)"
        state = state.with_object(evolve(obj, damage=damage))
        if not (deathtouch and damage > obj.damage):
            return _settled(state, said, (object_id,))
        state, destroyed, rules = deathtouch_destroys(state, [object_id])
        said += "".join(f"; {note}" for note in destroyed)
        state, verdict = _settled(state, said, (object_id,))
        found = tuple(RULE_NUMBER.findall(said))
        return state, evolve(verdict, rules=merge_rules(tuple(rules), found, verdict.rules))

    @staticmethod
    def deal_damage(
        state: GameState, source_id: int, target: TargetRef, amount: int, *, combat: bool = False
    ) -> tuple[GameState, Verdict]:
        """ "White Knight deals 2 damage to Hill Giant.": a source dealing damage outside a
        spell's resolution (first-strike combat damage). CR 120.3: what the damage does
        depends on what it is dealt to and on the source's abilities (deathtouch, lifelink,
        infect, wither); protection prevents it (702.16e), a shield too (615.7)."""
        if combat and (refusal := combat_damage_refusal(state, source_id, target, amount)):
            return state, _illegal(refusal)
        dealt = _stated_damage(state, source_id, target, amount, combat=combat)
        state, notes, rules = dealt.state, list(dealt.notes), list(dealt.rules)
        target = dealt.target
        ids: tuple[int | str, ...] = (target,)
        if dealt.deathtouched:
            state, destroyed, deathtouch_rules = deathtouch_destroys(state, dealt.deathtouched)
            notes.extend(destroyed)
            rules.extend(deathtouch_rules)
            if target not in state.objects:
                ids = ()
        text = dealt.said + "".join(f"; {note}" for note in notes)
        after, verdict = _settled(state, text, ids)
        caveat = combat_damage_caveat(state, source_id, target, amount) if combat else ""
        return after, evolve(
            verdict,
            rules=merge_rules(tuple(rules), verdict.rules),
            notes=(*verdict.notes, caveat) if caveat else verdict.notes,
        )

    @staticmethod
    def deal_combat_damage_held(
        state: GameState,
        source_id: int,
        target: TargetRef,
        amount: int,
        *,
        last: bool,
        assigned_before: int = 0,
        deathtouched: Sequence[int] = (),
    ) -> tuple[GameState, Verdict, tuple[int, ...]]:
        """One of several stated combat damages of one combat damage step: "all combat damage
        that's been assigned is dealt simultaneously" (CR 510.2), so the state-based actions
        (704.3) wait until the step's ``last`` one is dealt (``combat_damage_step_dealt``).
        The state, the verdict and the creatures its deathtouch reached (destroyed then,
        704.5h). ``assigned_before``: what the source was said to deal earlier in the step;
        ``deathtouched``: what deathtouch reached earlier in it (lethal for trample, 702.19b)."""
        refusal = combat_damage_refusal(
            state,
            source_id,
            target,
            amount,
            assigned_before=assigned_before,
            deathtouched=deathtouched,
        )
        if refusal is not None:
            return state, _illegal(refusal), ()
        dealt = _stated_damage(state, source_id, target, amount, combat=True)
        text = dealt.said + "".join(f"; {note}" for note in dealt.notes)
        if not last:
            text += (
                "; combat damage is dealt simultaneously, so state-based actions wait until "
                "the combat damage stated after it is dealt too (510.2, 704.3)"
            )
        ids = [dealt.target] if isinstance(dealt.target, int) else []
        rules = merge_rules(dealt.rules, ("510.2",))
        after, verdict = ok_result(dealt.state, f"{text}.", rules, ids=ids)
        caveat = combat_damage_caveat(
            state, source_id, target, amount, assigned_before=assigned_before
        )
        if caveat:
            verdict = evolve(verdict, notes=(*verdict.notes, caveat))
        return after, verdict, dealt.deathtouched

    @staticmethod
    def assignable(state: GameState, source_id: int, target: TargetRef) -> Verdict:
        """ "How much damage can Colossal Dreadmaw assign to Bob?" (CR 510.1, 702.19b)."""
        return assignable_damage(state, source_id, target)

    @staticmethod
    def combat_damage_step_dealt(
        state: GameState, deathtouched: Sequence[int], hurt: Sequence[TargetRef]
    ) -> tuple[GameState, str, tuple[str, ...]]:
        """All of a combat damage step's stated damage is dealt (CR 510.2): now the
        state-based actions are checked once, for all of it (704.3): deathtouch (704.5h),
        lethal damage (704.5g), a player at 0 life (704.5a). The state, what happened
        ("" for nothing) and the rules."""
        after, said, rules = MtgGame.combat_damage_fallout(state, deathtouched, hurt)
        if not said:
            return after, "", ()
        text = "all of it dealt at once (510.2), state-based actions follow (704.3): " + said
        return after, text, merge_rules(("510.2", "704.3"), rules)

    @staticmethod
    def combat_damage_fallout(
        state: GameState, deathtouched: Sequence[int], hurt: Sequence[TargetRef]
    ) -> tuple[GameState, str, tuple[str, ...]]:
        """What the state-based actions do once a combat damage step's damage is all dealt
        (CR 704.3): the state, what happened ("" for nothing: "Runeclaw Bear dies: ...") and
        the rules it cites. A saved game says it ahead for the damage it holds (510.2)."""
        state, destroyed, rules = deathtouch_destroys(state, list(dict.fromkeys(deathtouched)))
        after, fallout = state_based_actions(state, list(dict.fromkeys(hurt)))
        said = "; ".join([*destroyed, *fallout])
        return after, said, tuple(merge_rules(tuple(rules), tuple(RULE_NUMBER.findall(said))))

    @staticmethod
    def later_turn(state: GameState) -> tuple[GameState, Verdict]:
        """ "It is a later turn.": the turn the scenario was in has ended. In its cleanup step
        "all damage marked on permanents ... is removed and all “until end of turn” and “this
        turn” effects end" (CR 514.2): the damage, and the "this turn" effects the bot keeps on
        the game (Skullcrack's "Damage can't be prevented this turn", 615.12, and "Players
        can't gain life this turn"; prevention shields; Mirror Strike's redirection, 614.9; the
        turn's land plays and spells; the +N/+N, keywords and "can't block" that resolved
        spells and abilities gave "until end of turn", ``this_turn``); combat is over too
        (511.3). Other "until end of turn" changes (stated ones, control changes) aren't kept
        apart, so the answer says to restate them."""
        # "Until end of turn" pumps, keywords and "can't block" from resolved effects.
        state, ended = end_turn_changes(state)
        if state.block_bans:
            # Falter's "Creatures without flying can't block this turn" (611.2c).
            ended.extend(f"{ban.source}'s “{ban.what} can't block”" for ban in state.block_bans)
            state = evolve(state, block_bans=())
        if this_turn := [watch for watch in state.delayed_deaths if watch.this_turn]:
            # Death Frenzy's "Whenever a creature dies this turn, ..." (603.7a); earthbend's
            # return has no end, and stays.
            ended.extend(f"{watch.source.name}'s “{watch.line.rstrip('.')}”" for watch in this_turn)
            state = evolve(
                state, delayed_deaths=tuple(w for w in state.delayed_deaths if not w.this_turn)
            )
        if state.damage_unpreventable:
            ended.append(f"{state.damage_unpreventable}'s “Damage can't be prevented this turn”")
        barred = [p.name for p in state.players if CANT_GAIN_LIFE in p.keywords]
        for name in barred:
            player = state.player(name)
            state = state.with_player(evolve(player, keywords=player.keywords - {CANT_GAIN_LIFE}))
        if barred:
            ended.append(f"“can't gain life this turn” for {and_list(barred)}")
        if state.shields:
            ended.append("prevention shields “this turn”")
        if state.regeneration_shields:
            # CR 701.19a: "the next time [it] would be destroyed this turn".
            ended.append("regeneration shields")
        if state.unregenerable:
            ended.append("“can't be regenerated this turn”")
        if state.exiled_if_it_dies or state.creatures_exiled_if_they_die:
            # Magma Spray's "If that creature would die this turn, exile it instead", Malicious
            # Malfunction's "If a creature would die this turn, ..." (614.1a).
            spells = dict.fromkeys(
                [
                    *state.exiled_if_it_dies.values(),
                    *(spell for spell, _ in state.creatures_exiled_if_they_die),
                ]
            )
            ended.append(
                and_list(f"{spell}'s “would die this turn, exile it instead”" for spell in spells)
            )
        if state.damage_redirects:
            # Mirror Strike's "this turn" (CR 614.9).
            ended.append(
                and_list(f"{effect.by}'s redirection" for effect in state.damage_redirects)
            )
        fighting = [
            obj for obj in state.zone_objects(Zone.BATTLEFIELD) if obj.attacking or obj.blocking
        ]
        for obj in fighting:
            # CR 511.3: as the end of combat step ends, all are removed from combat.
            state = state.with_object(removed_from_combat(obj))
        healed = [obj for obj in state.zone_objects(Zone.BATTLEFIELD) if obj.damage]
        for obj in healed:
            state = state.with_object(evolve(obj, damage=0))
        if healed:
            ended.append(f"the damage marked on {and_list(state.label(o.id) for o in healed)}")
        state = evolve(
            state,
            damage_unpreventable="",
            damage_redirects=(),
            shields={},
            regeneration_shields={},
            unregenerable=frozenset(),
            exiled_if_it_dies={},
            creatures_exiled_if_they_die=(),
            struck_first=frozenset(),
            struck_regular=frozenset(),
            active_player="",  # a later turn: whose isn't said
            turn_step="",
            lands_played=(),
            spells_cast=0,
            instants_sorceries_cast={},
            loyalty_activated=frozenset(),
            activation_locked=frozenset(),
        )
        said = "A later turn: the turn before it has ended"
        said += f"; its cleanup step ended {and_list(ended)} (514.2)" if ended else " (514.2)"
        if fighting:
            names = and_list(state.label(o.id) for o in fighting)
            said += f"; its combat ended too, so {names} left combat (511.3)"
        return ok_result(
            state,
            f"{said}. Changes stated without “until end of turn” (“Grizzly Bears gets +3/+3.”, "
            "“… gains flying.”) and control changes aren't ended by the bot: state their end "
            "now if they matter (“Grizzly Bears gets -3/-3.” undoes a +3/+3, “Grizzly Bears "
            "loses flying.” a gained flying).",
            ("514.2", *(("511.3",) if fighting else ())),
        )

    @staticmethod
    def players_turn(state: GameState, player: str) -> tuple[GameState, Verdict]:
        """ "It is Alice's next turn.": a later turn (514.2) that is Alice's. In her untap step
        she untaps her permanents (502.3), and what she controls has been under her control
        continuously since her turn began, so it isn't summoning sick (302.6). Other players'
        new creatures stay so: their most recent turn began before these arrived."""
        state, ended = MtgGame.later_turn(state)
        untapped = []
        for obj in state.zone_objects(Zone.BATTLEFIELD):
            if obj.controller != player or not obj.tapped or obj.phased_out:
                continue
            if _DOESNT_UNTAP.search(obj.oracle_text):
                continue  # "doesn't untap during your untap step" (502.3: effects can keep it)
            state = state.with_object(evolve(obj, tapped=False))
            untapped.append(obj.id)
        settled = frozenset(
            object_id
            for object_id in state.new_to_control
            if (held := state.objects.get(object_id)) is not None and held.controller == player
        )
        state = evolve(
            state,
            new_to_control=state.new_to_control - settled,
            active_player=player,
            turn_step="",
        )
        first, _, rest = ended.reason.partition(". ")
        said = first.replace("A later turn:", f"It is {player}'s turn:", 1) + "."
        if untapped:
            said += (
                f" {player}'s untap step untapped "
                f"{and_list(state.label(i) for i in untapped)} (502.3)."
            )
        if settled:
            said += (
                f" {and_list(state.label(i) for i in sorted(settled))} "
                f"{'has' if len(settled) == 1 else 'have'} been under {player}'s control since "
                f"{player}'s turn began, so summoning sickness no longer applies (302.6)."
            )
        said += f" {rest}" if rest else ""
        rules = (*(("502.3",) if untapped else ()), *(("302.6",) if settled else ()))
        if watchers := draw_watchers(state):
            # The draw step isn't played out by the bot; Sheoldred would see its draw (504.1).
            said += (
                f" The draw step's draw isn't made by the bot: say “{player} draws for the "
                f"turn.” so that {and_list(watchers)} can see it (504.1)."
            )
            rules = (*rules, "504.1")
        return state, evolve(ended, reason=said, rules=merge_rules(ended.rules, rules))

    @staticmethod
    def whose_turn(state: GameState, player: str, step: str = "") -> tuple[GameState, Verdict]:
        """ "It is Bob's turn." / "It is Bob's end step.": whose turn it is and the step, the
        turn not ending (CR 500.1): only the active player casts noninstant spells and
        activates sorcery-speed abilities, in a main phase with the stack empty (117.1a,
        307.5)."""
        when = f"{player}'s {step}" if step else f"{player}'s turn"
        outside = (
            "; it isn't a main phase, so no one casts a sorcery-speed spell or activates a "
            "sorcery-speed ability now (117.1a, 307.5)"
            if step
            else f": only {player} casts sorcery-speed spells and activates sorcery-speed "
            "abilities, in a main phase (117.1a, 307.5)"
        )
        return ok_result(
            evolve(state, active_player=player, turn_step=step),
            f"It is {when}{outside}. Nothing ends: “It is {player}'s next turn.” starts a later "
            "turn (514.2).",
            ("117.1a", "307.5", "500.1"),
        )

    @staticmethod
    def empty_hand(state: GameState, name: str) -> tuple[GameState, Verdict]:
        """ "Bob's hand is empty.": no card is in it but those stated later, so a cost that
        discards can't be paid from it (CR 118.3, 701.9a)."""
        # A setup: the scenario checks the state-based actions it brings about (Maro, 0/0 with
        # no cards in hand, 704.5f), after the cards stated in it next if it counts them.
        return _said_empty(state, name, Zone.HAND)

    @staticmethod
    def empty_graveyard(state: GameState, name: str) -> tuple[GameState, Verdict]:
        """ "Alice's graveyard is empty.": no card is in it but those put there later, so what
        counts it (threshold, delirium, Tarmogoyf) counts what the game shows (CR 404.1)."""
        return _said_empty(state, name, Zone.GRAVEYARD)

    @staticmethod
    def protect(state: GameState, battle_id: int, player: str) -> tuple[GameState, Verdict]:
        """ "Bob protects Invasion of Zendikar." (CR 310.8a, 310.11a)"""
        return with_protector(state, battle_id, player)

    @staticmethod
    def concede(state: GameState, name: str, how: str = "concedes") -> tuple[GameState, Verdict]:
        """CR 104.3a: a player may concede at any time, and leaves the game (104.5, 800.4a)."""
        player = state.player(name)
        if player.left_game:
            raise EngineError(f"{player.name} has already left the game (104.5).")
        if len(state.players_in_game) < 2:
            raise EngineError("The game is already over: only one player is left in it (104.2a).")
        why = {
            "concedes": f"{player.name} concedes (104.3a)",
            "loses the game": "as stated (104.3)",
        }.get(
            how,
            "a player leaves by losing, conceding or a draw; say “"
            + player.name
            + " concedes.” or “"
            + player.name
            + " loses the game.” to say which (104.3, 104.4, 104.5)",
        )
        loses = how in ("concedes", "loses the game")
        after, notes = leave_game(state, player.name, why, loses=loses)
        # A Curse on them falls off (704.5m), and the like: state-based actions.
        after, fallout = state_based_actions(after)
        notes.extend(fallout)
        return ok_result(
            after,
            "; ".join(notes) + ".",
            (
                *(("104.3a",) if how == "concedes" else ()),
                "104.5",
                *(("800.4a",) if len(state.players) > 2 else ()),
            ),
        )

    @staticmethod
    def keep_legend(state: GameState, player: str, kept: int) -> tuple[GameState, Verdict]:
        """ "Alice keeps #3.": the legend rule's choice (CR 704.5j); the other legendary
        permanents of that name Alice controls go to their owners' graveyards."""
        after, group = keep_legend(state, player, kept)
        others = [state.label(object_id) for object_id in group.ids if object_id != kept]
        where = (
            "goes to its owner's graveyard"
            if len(others) == 1
            else "go to their owners' graveyards"
        )
        notes = [
            f"{group.controller} keeps {state.label(kept)} for the legend rule; "
            f"{', '.join(others)} {where} ({LEGEND_RULE})"
        ]
        after, fallout = state_based_actions(after)
        notes.extend(fallout)
        return ok_result(after, "; ".join(notes) + ".", (LEGEND_RULE,))

    @staticmethod
    def player_gains(
        state: GameState, name: str, ability: str, *, this_turn: bool = False
    ) -> tuple[GameState, Verdict]:
        """ "Alice has hexproof." / "gains protection from everything" (702.11c, 702.16j);
        ``this_turn``: "until end of turn", which a later turn ends (CR 514.2)."""
        player = state.player(name)
        words = frozenset(split_keyword_text(ability))
        changed = (
            player_gaining_this_turn(state, name, words)
            if this_turn
            else state.with_player(evolve(player, keywords=player.keywords | words))
        )
        # A Curse the player now has protection from falls off (702.16c, 704.5m).
        return _settled(
            changed,
            f"{player.name} has {_echo(state, ability)}",
            (),
        )

    @staticmethod
    def player_loses(state: GameState, name: str, ability: str) -> tuple[GameState, Verdict]:
        player = state.player(name)
        lost = _matching(player.keywords, ability)
        return ok_result(
            state.with_player(evolve(player, keywords=player.keywords - lost)),
            f"{player.name} loses {_echo(state, ability)}.",
        )

    def add_permanent(
        self,
        state: GameState,
        controller: str,
        card: CardData,
        *,
        owner: str | None = None,
        tapped: bool = False,
        attacking: bool = False,
    ) -> tuple[GameState, Verdict]:
        _refuse_nonpermanent(card, controller)
        state, controller = self._ensure_player(state, controller)
        state, owner = self._ensure_player(state, owner or controller)
        _refuse_departed_holder(state, controller, f"control {card.name}")
        _refuse_departed_holder(state, owner, f"own {card.name}")
        face = card.outside_stack()  # Bonecrusher Giant, not "Bonecrusher Giant // Stomp"
        obj = object_from_card(0, face, owner=owner, controller=controller, zone=Zone.BATTLEFIELD)
        obj = evolve(obj, tapped=tapped, attacking=attacking, counters=enters_with(obj))
        state, new_id = state.add_object(obj, card)
        return ok_result(state, f"{controller} controls {face.name} (#{new_id}).", ids=(new_id,))

    def add_token(
        self,
        state: GameState,
        controller: str,
        *,
        name: str,
        power: int | None = None,
        toughness: int | None = None,
        colors: Sequence[str] = (),
        card_types: Sequence[str] = ("creature",),
        subtypes: Sequence[str] = (),
        keywords: Sequence[str] = (),
        oracle_text: str = "",
    ) -> tuple[GameState, Verdict]:
        state, controller = self._ensure_player(state, controller)
        _refuse_departed_holder(state, controller, "control a token")
        obj = make_token(
            name,
            controller,
            card_types=card_types,
            subtypes=subtypes,
            colors=normalize_colors(tuple(colors)),
            power=power,
            toughness=toughness,
            keywords=keywords,
            oracle_text=oracle_text,
        )
        state, new_id = state.add_object(obj)
        return ok_result(state, f"{controller} controls a {name} token (#{new_id}).", ids=(new_id,))

    def add_card(
        self, state: GameState, owner: str, card: CardData, zone: Zone
    ) -> tuple[GameState, Verdict]:
        """A card in a graveyard, hand, exile or library (for "target card in a graveyard")."""
        state, owner = self._ensure_player(state, owner)
        _refuse_departed_holder(state, owner, f"have {card.name} in a zone")
        face = card.off_battlefield()  # CR 712.8a, 715.4: only the normal/front characteristics
        obj = object_from_card(0, face, owner=owner, controller=owner, zone=zone)
        state, new_id = state.add_object(obj, card)
        return ok_result(
            state, f"{face.name} is in {owner}'s {zone_name(zone)} (#{new_id}).", ids=(new_id,)
        )

    # ---- casting, activating, triggering -------------------------------------------------
    def start_cast(
        self,
        state: GameState,
        player: str,
        card: CardData | int,
        *,
        face: str | None = None,
        overload: bool = False,
        kicked: int = 0,
        entwined: bool = False,
        sacrificed: Sequence[int] = (),
        alternative: str = "",
        any_time: bool = False,
        flashback: bool = False,
        jump_start: bool = False,
        pitch: str = "",
        gift_to: str | None = None,
        bargained: bool = False,
        additional_paid: bool = False,
        exiled: Sequence[int] = (),
    ) -> CastInProgress:
        """The step machine for casting (CR 601.2a-d); raises IllegalActionError if the spell
        can't be cast at all (601.2c).  ``alternative``: cast bestowed or for its mutate cost
        (702.103a, 702.140a); ``any_time``: an effect lets it be cast now whatever its type
        (flash granted, 608.2g), so 117.1a's empty stack isn't required."""
        player = state.player(player).name
        _refuse_out_of_game(state, player, "cast a spell")
        card_id: int | None = None
        if isinstance(card, int):
            card_id = card
            state.obj(card_id)
            card = self._card_of(state, card_id)
        chosen = _face_to_cast(card, face)
        _refuse_under_split_second(state, f"casting {chosen.name}")
        chosen = _with_kicker_choice(chosen, kicked)
        if gift_to is not None:
            gift_to = _gift_receiver(state, player, chosen.name, gift_to)
        chosen = _with_optional_costs(
            chosen, gift_to=gift_to, bargained=bargained, additional_paid=additional_paid
        )
        if overload:
            chosen = _overloaded(chosen)
        if entwined:
            chosen = _entwined(chosen)
        progress = start_cast(
            state,
            player,
            chosen,
            self.spell_spec(chosen, alternative),
            card_id=card_id,
            printed=card,
            as_spell=as_bestowed if alternative == BESTOW else None,
        )
        if any_time:
            progress = evolve(progress, any_time=True)
        if flashback:
            if not any(
                k.startswith("flashback") for k in printed_keywords(chosen)
            ) and not _granted_flashback(state, card_id):
                raise IllegalActionError(
                    f"{chosen.name} has no flashback, so it can't be cast with flashback "
                    "(702.34a).",
                    rules=("702.34a",),
                )
            progress = evolve(progress, flashback=True)
        if jump_start:
            # CR 702.133a: exiled instead of put anywhere else whenever it leaves the stack.
            progress = evolve(progress, jump_start=True)
        if exiled:
            # "..., exiling Grizzly Bears and Hill Giant" (Haunting Misery): checked against
            # its cost once X is known (601.2h).
            progress = evolve(progress, exiled=tuple(exiled))
        if sacrificed:
            _check_sacrifice(state, player, chosen, sacrificed, flashback=flashback)
            progress = evolve(progress, sacrificed=tuple(sacrificed))
        else:
            _refuse_unpayable_sacrifice(state, player, chosen, flashback=flashback)
        if pitch:
            # Cast for an alternative cost in its text (CR 118.9): its life is paid (119.4).
            kind = alternative_condition(chosen.oracle_text, pitch)
            if kind and not any(
                o.controller == player and (kind in o.card_types or kind in o.subtypes)
                for o in state.zone_objects(Zone.BATTLEFIELD)
                if not o.phased_out
            ):
                # "If you control a Swamp, you may pay 4 life rather than pay this spell's
                # mana cost" (Snuff Out): without one, that cost can't be chosen (601.2b).
                raise IllegalActionError(
                    f"{player} controls no {kind.title()}, so can't cast {chosen.name} for its "
                    f"alternative cost: it may be paid only “if you control a {kind.title()}” "
                    "(118.9, 601.2b).",
                    rules=("118.9", "601.2b"),
                )
            progress = evolve(progress, pitch=pitch)
        return progress

    @staticmethod
    def gift_receiver(state: GameState, player: str, name: str, named: str) -> str:
        """The opponent ``name``'s gift is promised to: ``named``, or the only opponent."""
        return _gift_receiver(state, player, name, named)

    def has_granted_flashback(self, state: GameState, card_id: int) -> bool:
        """Whether the card in a graveyard gained flashback (Snapcaster Mage, 702.34a)."""
        return _granted_flashback(state, card_id)

    def start_activation(
        self, state: GameState, player: str, source_id: int, *, ability: int | None = None
    ) -> CastInProgress:
        """CR 602.2: only the controller may activate (unless stated; not modelled)."""
        source = state.obj(source_id)
        player = state.player(player).name
        _refuse_out_of_game(state, player, "activate an ability")
        if loses_all_abilities(state, source):
            raise IllegalActionError(
                f"{source.name} has no abilities to activate: a static ability such as "
                "Humility's takes them all away (layer 6, 613.1f).",
                rules=("613.1f",),
            )
        if source.controller != player:
            raise IllegalActionError(
                f"{player} doesn't control {source.name}, so can't activate its abilities (602.2).",
                rules=("602.2",),
            )
        if source_id in state.activation_locked:
            raise IllegalActionError(
                f"{source.name}'s activated abilities can't be activated this turn: an ability "
                "of it was countered by an effect that says so (Trickbind; its ruling of "
                "2006-09-25: mana abilities included).",
                rules=("602.5",),
            )
        spec = self._ability_from_zone(state, source_id, ability)
        if not is_mana_ability(spec):
            _refuse_under_split_second(state, f"activating {source.name}'s ability")
        if _DISCARDS_A_CARD.search(spec.cost) and state.player(player).hand_stated:
            # CR 118.3: "Discard a card" can't be paid from a hand stated empty (Blood token,
            # Zombie Infestation; found by QA 11). An unstated hand may hold cards.
            hand = [o for o in state.zone_objects(Zone.HAND) if o.owner == player]
            if not hand:
                raise IllegalActionError(
                    f"{player}'s hand is empty, so the cost “{spec.cost}” of {source.name}'s "
                    "ability can't be paid (118.3, 701.9a).",
                    rules=("118.3", "701.9a"),
                )
        if (life := life_in_cost(spec.cost)) > state.player(player).life:
            # CR 118.3, 119.4: a player can't pay more life than they have.
            raise IllegalActionError(
                f"{player} has {state.player(player).life} life, so can't pay the {life} life "
                f"in the cost “{spec.cost}” of {source.name}'s ability (118.3, 119.4).",
                rules=("118.3", "119.4"),
            )
        if taps_its_source(spec.cost) and source.tapped:
            raise IllegalActionError(
                f"{source.name} is tapped, so its ability with {{T}} in its cost can't be "
                "activated: a tapped permanent can't be tapped again to pay it (107.5, 602.2b).",
                rules=("107.5", "602.2b"),
            )
        if source.zone is Zone.GRAVEYARD and _EXILE_FROM_GRAVEYARD.search(spec.cost):
            # Its cost exiles it (scavenge): paid as it is activated (CR 602.2b, 601.2h); the ability
            # exists on its own on the stack (CR 113.7a).
            state, _ = state.move(source_id, Zone.EXILE, "was exiled to pay its ability's cost")
        return start_ability(state, source_id, spec)

    def _ability_from_zone(
        self, state: GameState, source_id: int, ability: int | None
    ) -> AbilitySpec:
        """The activated ability to use, checked against where its source is (CR 113.6,
        113.6m): a graveyard card's "exile this card from your graveyard" or unearth ability
        works only there, a permanent's other abilities only on the battlefield."""
        source = state.obj(source_id)
        if ability is None and source.zone is not Zone.BATTLEFIELD:
            every = [
                a
                for a in self.read(self._card_of(state, source_id)).abilities
                if a.kind is AbilityKind.ACTIVATED
            ]
            here = [a for a in every if _ability_zone(a) is source.zone]
            if here:
                return next((a for a in here if a.is_targeted), here[0])
        spec = self.ability_spec(state, source_id, AbilityKind.ACTIVATED, ability)
        works_in = _ability_zone(spec)
        if works_in is not source.zone:
            where = {Zone.GRAVEYARD: "a graveyard", Zone.HAND: "a hand"}.get(
                works_in, "the battlefield"
            )
            now = (
                "the battlefield"
                if source.zone is Zone.BATTLEFIELD
                else f"its owner's {source.zone.value}"
            )
            raise IllegalActionError(
                f"{source.name}'s ability “{spec.text}” works only while it is in {where}, and "
                f"{source.name} is on {now} (113.6, 113.6m)."
                if source.zone is Zone.BATTLEFIELD
                else f"{source.name}'s ability “{spec.text}” works only while it is "
                f"{'on' if works_in is Zone.BATTLEFIELD else 'in'} {where}, "
                f"and {source.name} is in {now} (113.6, 113.6m).",
                rules=("113.6", "113.6m"),
            )
        return spec

    def start_trigger(
        self,
        state: GameState,
        source_id: int,
        *,
        ability: int | None = None,
        controller: str | None = None,
    ) -> CastInProgress:
        spec = self.ability_spec(state, source_id, AbilityKind.TRIGGERED, ability)
        source = state.objects.get(source_id)
        if (
            source is not None
            and source.is_spell
            and source.card_types & PERMANENT_SPELL_TYPES
            and not _CAST_TRIGGER.match(spec.text)
        ):
            # CR 113.6: a permanent card's abilities function only on the battlefield, so
            # Journey to Nowhere's "When this enchantment enters" hasn't triggered while it is
            # a spell (603.2, 603.6a); countered, it never does (found by QA 28).
            condition = spec.text.split(",", 1)[0]
            raise IllegalActionError(
                f"{source.name} is still a spell on the stack: its ability “{condition}, …” "
                "works only once it is on the battlefield, so it hasn't triggered "
                "(113.6, 603.2).",
                rules=("113.6", "603.2"),
                hint=f"Say “{source.name} resolves.” first, then its trigger.",
            )
        if _SELF_ENTERS_TRIGGER.match(spec.text):
            put = [e for e in state.stack if e.source_id == source_id and e.spec.text == spec.text]
            # CR 603.2d: Panharmonicon makes it trigger once more for each.
            now = current_id(state, source_id)  # the permanent the spell became (400.7)
            entered = state.objects.get(now) if now is not None else None
            extra = (
                extra_triggers(state, entered, entering=entered) if entered is not None else Extra()
            )
            if len(put) > extra.times:
                # CR 603.2: it triggers once when its source enters; that object can't enter
                # again (it would be a new object, 400.7).
                waiting = put[0]
                raise IllegalActionError(
                    f"{waiting.name} is already on the stack (#{waiting.object_id}): "
                    f"{state.name_of(source_id)} entered once, so its ability triggered "
                    f"{counted(1 + extra.times, 'time') if extra.times else 'once'} (603.2, 400.7"
                    + (f", {extra.note('it')})." if extra.times else ")."),
                    rules=("603.2", "400.7", *(("603.2d",) if extra.times else ())),
                )
        if is_cast_trigger(spec.text) and (
            put := [
                e
                for e in state.stack
                if e.source_id == source_id and e.spec.keyword == CAST_TRIGGER
            ]
        ):
            # CR 601.2i, 603.2: the bot put it on the stack as the spell was cast; stating it
            # again would make a second one that nothing triggered.
            raise IllegalActionError(
                f"{put[-1].name} is already on the stack (#{put[-1].object_id}): the bot put it "
                "there as the spell that triggered it was cast, once for each cast "
                "(601.2i, 603.2).",
                rules=("601.2i", "603.2"),
                hint="Say “Resolve the stack.” or “The top of the stack resolves.”",
            )
        if is_dies_trigger(spec.text) and _ONCE_ON_LEAVING.match(spec.text):
            already = [
                e for e in state.stack if e.source_id == source_id and e.spec.text == spec.text
            ]
            # CR 603.2d: Teysa Karlov makes a creature's own dies trigger trigger again.
            dead = state.last_known(source_id) or state.objects.get(source_id)
            extra = (
                extra_triggers(state, dead, dying=dead)
                if dead is not None and "creature" in dead.card_types
                else Extra()
            )
            if len(already) > extra.times:
                # CR 603.3: the bot put it on the stack as its source died (Rancor's return);
                # the card in the graveyard came from that one death (400.7).
                first = already[0]
                raise IllegalActionError(
                    f"{first.name} is already on the stack (#{first.object_id}): the bot put it "
                    f"there as {state.name_of(source_id)} left the battlefield, and that "
                    "happened once (603.3, 400.7).",
                    rules=("603.3", "400.7"),
                    hint="Say “The top of the stack resolves.” to have it resolve.",
                )
        progress = start_ability(state, source_id, spec, controller=controller)
        watcher = state.objects.get(source_id)
        # "It deals damage equal to its power" (Warstorm Surge): the creature whose entering
        # triggered it, kept with the trigger for its resolution (608.2h).
        subject = entering_subject(state, watcher, spec.text) if watcher is not None else None
        return progress if subject is None else evolve(progress, triggered_by=subject)

    def cast(
        self,
        state: GameState,
        player: str,
        card: CardData | int,
        *,
        face: str | None = None,
        modes: Sequence[int] = (),
        x: int | None = None,
        targets: TargetsArg = (),
        division: Sequence[int] = (),
        overload: bool = False,
        kicked: int = 0,
        entwined: bool = False,
        sacrificed: Sequence[int] = (),
        alternative: str = "",
        alternative_implied: bool = False,
        started: CastInProgress | None = None,
        any_time: bool = False,
        flashback: bool = False,
        jump_start: bool = False,
        pitch: str = "",
        gift_to: str | None = None,
        bargained: bool = False,
        additional_paid: bool = False,
        exiled: Sequence[int] = (),
    ) -> tuple[GameState, Verdict]:
        """Cast a spell with all its choices (one-shot over the step machine).

        ``started`` is this very cast, already begun on ``state`` by ``start_cast`` with the
        same arguments (a caller that looked at its modes and slots first), and continued
        from there instead of begun again.  Targets named for a card that targets only when
        cast bestowed or for its mutate cost mean it is cast that way (``alternative_implied``:
        the caller worked that out).
        """
        inferred = alternative_implied
        if not alternative and targets and started is None:
            alternative = self.alternative_for_targets(state, card, face)
            inferred = bool(alternative)
        try:
            progress = started or self.start_cast(
                state,
                player,
                card,
                face=face,
                overload=overload,
                kicked=kicked,
                entwined=entwined,
                sacrificed=sacrificed,
                alternative=alternative,
                any_time=any_time,
                flashback=flashback,
                jump_start=jump_start,
                pitch=pitch,
                gift_to=gift_to,
                bargained=bargained,
                additional_paid=additional_paid,
                exiled=exiled,
            )
        except IllegalActionError as error:
            explained = _with_named_zone(state, error, card, targets)
            if explained is error:
                explained = _with_named_target(error, targets)
            return state, _illegal(explained)
        if progress.spec.choose is None:
            # Decimate's targets named in a natural order, not the card's (QA 60 U1): taken in
            # the one order that fits the slots, or asked for when several do (601.2c).
            targets = in_slot_order(
                state, progress.targeting, progress.slots, targets, progress.stack_object.name
            )
        try:
            after, verdict = self._run(state, progress, modes, x, targets, division)
        except EngineError as error:
            printed = progress.printed or progress.card
            given = sum(1 if isinstance(t, TargetRef) else len(t) for t in targets)
            if printed is not None and given != len(progress.slots) and _kicks_add_targets(printed):
                # Comet Storm kicked once with three targets, or twice with two: each kick adds
                # a target (702.33c).
                name = progress.stack_object.name
                raise EngineError(
                    f"{name} has one target and another for each time it was kicked: "
                    f"{f'kicked {_times_word(kicked)}' if kicked else 'unkicked'} it has "
                    f"{counted(len(progress.slots), 'target')} (702.33c, 601.2c).",
                    hint=f"Say how many times it was kicked: “… casts {name} kicked "
                    f"{_times_word(given - 1)} targeting …” for {given} targets.",
                ) from error
            if (
                kicked
                or printed is None
                or "extra target" not in error.message
                or not _kicker_adds_a_target(printed)
            ):
                raise
            # Orim's Thunder cast unkicked with two targets: the second is the kicked one's.
            raise EngineError(
                f"{progress.stack_object.name} has "
                f"{counted(len(progress.slots), 'target')} unless it is kicked: its other "
                "target is only for the kicked spell (601.2c, 702.33d).",
                hint=f"Say “… casts {progress.stack_object.name} with kicker targeting …”.",
            ) from error
        if verdict.kind is VerdictKind.OK:
            # How it was cast, said right after its name ("casts Orim's Thunder with its
            # kicker paid (702.33d)"); the last said comes first.
            said: list[tuple[str, tuple[str, ...]]] = []
            if flashback:
                said.append((" from a graveyard with flashback (702.34a)", ("702.34a",)))
            if gift_to is not None:
                receiver = _gift_receiver(state, player, progress.stack_object.name, gift_to)
                said.append((f" with its gift promised to {receiver} (702.174k)", ("702.174k",)))
            printed_card = progress.printed or progress.card
            optional = (
                _OPTIONAL_ADDITIONAL_COST.search(printed_card.oracle_text)
                if printed_card is not None
                else None
            )
            if additional_paid and optional is not None:
                said.append(
                    (
                        f" with its additional cost “{optional['cost'].strip()}” paid (601.2b)",
                        ("601.2b",),
                    )
                )
            if kicked == 1:
                said.append((" with its kicker paid (702.33d)", ("702.33d",)))
            elif kicked:
                said.append((f" kicked {kicked} times (702.33c, 702.33d)", ("702.33c", "702.33d")))
            if face == FUSED:
                said.append(
                    (
                        " fused: both halves as one spell with their combined characteristics "
                        "(702.102a, 702.102b)",
                        ("702.102a", "702.102b"),
                    )
                )
            if progress.spec.keyword in ALTERNATIVE_CAST_RULES:
                way = progress.spec.keyword
                rule = ALTERNATIVE_CAST_RULES[way]
                how = f" {CAST_AS[way].removeprefix('cast ')} ({rule}"
                how += (
                    ": cast normally it has no target, so naming one means casting it that way)"
                    if inferred
                    else ")"
                )
                said.append((how, (rule,)))
            if sacrificed:
                said.append((sacrifice_words(state, sacrificed), ("601.2h",)))
            if bargained:
                said.append((" bargained (702.166b)", ("702.166b",)))
            if said:
                name = progress.stack_object.name
                words = "".join(words for words, _ in reversed(said))
                verdict = evolve(
                    verdict,
                    reason=verdict.reason.replace(f"casts {name}", f"casts {name}{words}", 1),
                    rules=merge_rules(verdict.rules, *(rules for _, rules in said)),
                )
        if verdict.kind is VerdictKind.OK and not sacrificed:
            unnamed = _unnamed_sacrifice(
                state,
                player,
                # Bargained, its cost is in the text as cast (702.166a).
                progress.card if bargained else progress.printed or progress.card,
                flashback,
            )
            if unnamed:
                verdict = evolve(verdict, notes=(*verdict.notes, unnamed))
        if verdict.kind is VerdictKind.OK:
            verdict = _with_graveyard_exile_words(state, after, progress, x, verdict)
        if entwined and verdict.kind is VerdictKind.OK:
            name = progress.stack_object.name
            verdict = evolve(
                verdict,
                reason=verdict.reason.replace(
                    f"casts {name}",
                    f"casts {name} with its entwine cost paid: all its modes (702.42a)",
                    1,
                ),
                rules=merge_rules(verdict.rules, ("702.42a",)),
            )
        if overload and verdict.kind is VerdictKind.OK:
            verdict = evolve(
                verdict,
                reason=(
                    f"{progress.player} casts {progress.stack_object.name} for its overload "
                    "cost: its text says “each” wherever it said “target” (702.96a), so it has "
                    "no targets and may affect what hexproof, shroud or protection would keep "
                    "it from targeting (702.96b, 115.10); protection still prevents its damage "
                    "(702.16e)."
                ),
                rules=merge_rules(("702.96a", "702.96b", "115.10"), verdict.rules),
            )
        return after, verdict

    def activate(
        self,
        state: GameState,
        player: str,
        source_id: int,
        *,
        ability: int | None = None,
        modes: Sequence[int] = (),
        x: int | None = None,
        targets: TargetsArg = (),
        division: Sequence[int] = (),
        started: CastInProgress | None = None,
        sacrificed: Sequence[int] = (),
    ) -> tuple[GameState, Verdict]:
        """Activate an ability with all its choices; ``started`` as for ``cast``;
        ``sacrificed``: what pays a cost that sacrifices other permanents (Viscera Seer)."""
        spec = self.ability_spec(state, source_id, AbilityKind.ACTIVATED, ability)
        source = state.obj(source_id)
        if sacrificed:
            try:
                _check_activation_sacrifice(state, player, source_id, spec, sacrificed)
            except IllegalActionError as error:
                return state, _illegal(error)
        rewritten = ""
        if is_mana_ability(spec) and source.zone is Zone.BATTLEFIELD:
            rewritten = rules_text_loss(state, source, state.label(source_id))
            if rewritten and targets:
                # Song of the Dryads on Prodigal Pyromancer: no "{T}: ... any target" left.
                return state, _illegal(
                    IllegalActionError(
                        f"{rewritten}: its only activated ability is “{spec.text}”, a mana "
                        "ability with no target (305.6, 605.1a).",
                        rules=("305.7", "305.6"),
                    )
                )
        if is_mana_ability(spec) and not targets:
            # CR 605.3a-b: a mana ability doesn't go on the stack; it resolves at once.
            if (sick := summoning_sickness_refusal(state, source_id, spec.cost)) is not None:
                return state, _illegal(sick)
            try:  # who controls it, Humility, a tapped source (107.5): as for any ability
                self.start_activation(state, player, source_id, ability=ability)
            except IllegalActionError as error:
                return state, _illegal(error)
            name = state.label(source_id)
            paid, how = _mana_ability_paid(state, source_id, spec)
            for object_id in sacrificed:
                # Ashnod's Altar: "Sacrifice a creature" is paid as it is activated (605.3a).
                paid, _ = paid.move(object_id, Zone.GRAVEYARD, "was sacrificed to pay a cost")
            if sacrificed:
                how += f"; {and_list(state.label(i) for i in sacrificed)} sacrificed to pay it"
            # CR 117.3c, 704.3: the player then receives priority, so state-based actions are
            # checked: life paid down to 0 loses the game (704.5a; found by QA 16).
            paid, fallout = state_based_actions(paid, [])
            fast = split_second_spell(state)
            # CR 702.61b: split second doesn't stop a mana ability (QA 57 M6).
            allowed = (
                f" {state.label(fast.object_id)}'s split second doesn't stop it: players may "
                "activate mana abilities while a spell with split second is on the stack "
                "(702.61b)."
                if fast is not None
                else ""
            )
            return paid, Verdict(
                VerdictKind.OK,
                f"{name}'s ability is a mana ability ({spec.text.rstrip('.')}): it doesn't use "
                f"the stack and resolves immediately, so no one can respond to it{how} "
                f"(605.3a, 605.3b).{allowed}",
                merge_rules(
                    ("605.3a", "605.3b"),
                    ("702.61b",) if fast is not None else (),
                    ("305.7", "305.6") if rewritten else (),
                    ("119.4",) if life_in_cost(spec.cost) else (),
                    ("704.5a",) if fallout else (),
                ),
                notes=(
                    *self._which_ability_note(state, source_id, spec, ability),
                    *(
                        (f"{rewritten}; this is its land type's mana ability (305.6)",)
                        if rewritten
                        else ()
                    ),
                    *fallout,
                ),
            )
        try:
            progress = started or self.start_activation(state, player, source_id, ability=ability)
        except IllegalActionError as error:
            refused = _illegal(_with_named_target(error, targets))
            which = self._which_ability_note(state, source_id, spec, ability)
            return state, evolve(refused, notes=(*which, *refused.notes))
        if sacrificed:
            # CR 602.2b, 601.2h: paid once its targets are chosen, so a creature may be
            # targeted and then sacrificed; the stack entry keeps what was sacrificed.
            progress = evolve(progress, sacrificed=tuple(sacrificed))
        after, verdict = self._run(state, progress, modes, x, targets, division)
        if verdict.kind is VerdictKind.OK and sacrificed:
            verdict = with_activation_sacrifice(verdict, state, sacrificed)
        elif verdict.kind is VerdictKind.OK and (
            unnamed := _unnamed_activation_sacrifice(state, player, source_id, spec)
        ):
            verdict = evolve(verdict, notes=(*verdict.notes, unnamed))
        # Said whether or not it was legal: "illegal" for an ability the statement didn't mean
        # explains nothing (found by QA 16: Jace, Mishra's Factory).
        which = self._which_ability_note(state, source_id, spec, ability)
        verdict = evolve(verdict, notes=(*which, *verdict.notes))
        source = state.obj(source_id)
        if verdict.kind is VerdictKind.OK and sacrifices_its_source(spec.cost, source.name):
            departure = after.departures.get(source_id)
            where = (
                f"{source.owner}'s {departure.to_zone.value}"
                if departure is not None and departure.to_zone is not None
                else f"{source.owner}'s graveyard"
            )
            verdict = evolve(
                verdict,
                reason=verdict.reason.rstrip(".")
                + f"; {state.label(source_id)} is sacrificed to pay its cost, so it is in "
                f"{where} now and the ability resolves on its own "
                "(602.2b, 601.2h, 113.7a).",
                rules=merge_rules(verdict.rules, ("602.2b", "113.7a")),
            )
        return after, verdict

    def _which_ability_note(
        self, state: GameState, source_id: int, spec: AbilitySpec, ability: int | None
    ) -> tuple[str, ...]:
        """When a source has several activated abilities and the statement didn't say which,
        the one assumed and how to name another (Horizon Canopy's mana ability or its draw)."""
        if ability is not None:
            return ()
        abilities = [
            a
            for a in self.read(self._card_of(state, source_id)).abilities
            if a.kind is AbilityKind.ACTIVATED
        ]
        if len(abilities) < 2 or not any(a is spec for a in abilities):
            return ()  # (not one of its text's: a Forest's "{T}: Add {G}", 305.6-305.7)
        name = state.label(source_id)
        position = next(n for n, a in enumerate(abilities) if a is spec)
        others = " or ".join(
            f"“{name}'s {_ORDINALS[n]} ability” ({a.cost})"
            for n, a in enumerate(abilities)
            if a is not spec and n < len(_ORDINALS)
        )
        return (
            f"{name} has {len(abilities)} activated abilities; this is its "
            f"{_ORDINALS[position]} ({spec.cost}). For another, say {others}.",
        )

    def trigger(
        self,
        state: GameState,
        source_id: int,
        *,
        ability: int | None = None,
        controller: str | None = None,
        modes: Sequence[int] = (),
        targets: TargetsArg = (),
        division: Sequence[int] = (),
    ) -> tuple[GameState, Verdict]:
        """Put a triggered ability on the stack.  With no legal target it is simply removed
        (CR 603.3d), reported as ``fizzled``; a named target that can't be chosen is
        ``illegal``, and the explanation says what happens then."""
        try:
            progress = self.start_trigger(state, source_id, ability=ability, controller=controller)
        except IllegalActionError as error:
            if "603.3d" in error.rules:
                removed = error.message.replace(
                    "can't be put on the stack", "is removed from the stack"
                )
                named = _named_refs(targets)
                if named:
                    # The design: an illegal choice for a trigger is "illegal"; with no legal
                    # choice at all, what happens is that the trigger leaves the stack.
                    labels = ", ".join(state.label(ref) for ref in named)
                    why = _why_named_fails(error, named)
                    lead, rules = why if why else (f"{labels} can't be chosen as a target.", ())
                    return state, Verdict(
                        VerdictKind.ILLEGAL,
                        f"{lead} {removed}",
                        merge_rules(error.rules, rules),
                        object_ids=(source_id,),
                    )
                return state, Verdict(
                    VerdictKind.FIZZLED, removed, error.rules, object_ids=(source_id,)
                )
            return state, _illegal(error)
        after, verdict = self._run(state, progress, modes, None, targets, division)
        if verdict.kind is VerdictKind.ILLEGAL and targets:
            # CR 603.3d, 601.2c: the trigger still goes on the stack; a legal target must be
            # chosen for it instead (say which can be).
            choice = progress.next_choice()
            options = ", ".join(option.label for option in choice.options)
            if choice.kind is ChoiceKind.TARGETS and options:
                name = progress.stack_object.name
                first = choice.options[0].label.split(" (#")[0]
                slot = choice.slot
                if slot is not None and slot.min_count == 0:
                    # CR 115.6: an "up to" target may be left unchosen.
                    return after, evolve(
                        verdict,
                        reason=f"{verdict.reason.rstrip('.')}. {name} still triggered; its "
                        "target is “up to”, so it may have none (115.6), or a legal one "
                        f"chosen as it goes on the stack (603.3d, 601.2c): {options}. Say "
                        f"which, e.g. “{name} targets {first}.”, or “{name} goes on the stack "
                        "with no targets.”",
                        rules=merge_rules(verdict.rules, ("603.3d", "115.6")),
                    )
                verdict = evolve(
                    verdict,
                    reason=f"{verdict.reason.rstrip('.')}. {name} still triggered, and a legal "
                    f"target exists, so it must target one of these as it goes on the stack "
                    f"(603.3d, 601.2c): {options}. Say which, e.g. “{name} targets {first}.”",
                    rules=merge_rules(verdict.rules, ("603.3d",)),
                )
        return after, verdict

    def finish(self, progress: CastInProgress) -> tuple[GameState, Verdict]:
        """Put a finished step machine on the stack, with a report of every target slot."""
        after, verdict = self._finish(progress)
        if verdict.kind is VerdictKind.OK and (escalated := _escalate_words(after, progress)):
            # Said here, so a spell cast step by step (`game cast`) says it too.
            name = progress.stack_object.name
            verdict = evolve(
                verdict,
                reason=verdict.reason.replace(f"casts {name}", f"casts {name}{escalated}", 1),
                rules=merge_rules(verdict.rules, ("702.120a",)),
            )
        # A card sacrificed to pay a cost may have gone elsewhere (Darksteel Colossus).
        return after, with_replaced_departures(progress.state, after, verdict)

    def _finish(self, progress: CastInProgress) -> tuple[GameState, Verdict]:
        try:
            state, entry = progress.finish()
        except IllegalActionError as error:
            return progress.state, _illegal(error)
        who = targeting_for_entry(state, entry)
        reports = []
        hints: list[str] = []
        rules: list[str] = [_ACTION_RULE[progress.action]]  # a StrEnum: its own key
        for slot in entry.slots:
            chosen = entry.chosen(slot.index)
            for position, ref in enumerate(chosen.refs):
                check = check_target(state, who, slot, ref)
                hints.extend(h for h in check.hints if h not in hints)
                rules.extend(r for r in check.rules if r != "115.1")
                if is_any_target(slot.text):
                    rules.append("115.4")
                reports.append(
                    SlotReport(
                        slot.index,
                        slot.text,
                        state.label(ref),
                        ref if isinstance(ref, int) else None,
                        check.legal,
                        check.reason,
                        check.rules,
                        chosen.amounts[position] if chosen.amounts else None,
                    )
                )
            if not chosen.refs:
                reports.append(
                    SlotReport(
                        slot.index,
                        slot.text,
                        "",
                        None,
                        None,
                        "no target chosen (115.6)",
                        ("115.6",),
                    )
                )
                rules.append("115.6")
        for slot in entry.slots:
            refs = entry.chosen(slot.index).refs
            seen = chosen_objects(state, refs)
            caveat = unchecked_caveat(slot, entry.spec.retarget, seen, who.context(state))
            if caveat and refs:
                hints.append(caveat)
        # CR 702.21a, 603.3: permanents with ward an opponent controls that became targets
        # trigger; the triggers go on the stack above this spell or ability.
        targeted = [ref for chosen in entry.targets for ref in chosen.refs]
        if len(set(targeted)) < len(targeted):
            # CR 115.3: the same object or player may be chosen once for each instance of the
            # word "target" (Seeds of Strength on one creature three times); 700.2d: for a mode
            # chosen more than once, once for each time (Mystic Confluence; QA 13).
            mode_texts = [m.text for m in entry.spec.modes if m.index in entry.modes]
            repeated_mode = len(set(mode_texts)) < len(mode_texts)  # a mode chosen twice
            rules.append("700.2d" if repeated_mode else "115.3")
        state, wards = ward_triggers(state, entry, targeted)
        notes = ward_notes(state, wards)
        if notes:
            rules.extend(WARD_RULES)
        # CR 603.2, 603.3: "whenever this becomes the target of ..." abilities (Bonecrusher
        # Giant) trigger too, and go on the stack above it.
        state, _, targeted_notes = targeted_triggers(state, entry, targeted)
        if targeted_notes:
            notes = (*notes, *targeted_notes)
            rules.extend(TARGETED_TRIGGER_RULES)
        taxes = targeting_taxes(state, entry)
        if taxes:
            # CR 601.2f: Kopala's "cost {2} more" is added to the total cost.
            notes = (*notes, *taxes)
            rules.append("601.2f")
        if progress.action is ActionKind.CAST:
            # CR 702.40a: storm triggers as the spell is cast, counting those cast before it.
            if progress.cascading is not None:
                state = state.with_cascade_cast(progress.player, None)  # that cast is made
                notes = (*notes, "cast from the cascade, without paying its mana cost (702.85a)")
            state, storm_note = storm_trigger(state, entry)
            # CR 603.2: "Whenever you cast ..., copy that spell" (Kalamax, Double Vision).
            state, copy_notes = cast_copy_triggers(state, entry)
            # CR 601.2i, 603.2: "Whenever you cast ..." (Guttersnipe, Niv-Mizzet) and prowess.
            state, cast_notes = cast_triggers(state, entry)
            copy_notes = [*copy_notes, *cast_notes]
            state = state.with_spell_cast()
            state = state.with_instant_or_sorcery_cast(
                progress.player, progress.stack_object.card_types
            )
            if storm_note:
                notes = (*notes, storm_note)
            if copy_notes:
                notes = (*notes, *copy_notes)
                if any(APNAP_RULE in note for note in cast_notes):
                    rules.append(APNAP_RULE)  # several players' cast triggers at once
            state, cascade_note = cascade_triggers(state, entry)
            if cascade_note:
                notes = (*notes, cascade_note)
        life = (
            life_in_cost(entry.spec.cost)
            if progress.action is ActionKind.ACTIVATE
            else progress.life_to_pay
        )
        if life:
            # CR 119.4: the life in its cost is paid; at 0 life the player loses before anyone
            # has priority (704.5a).
            left = state.player(progress.player).life
            notes = (*notes, f"{progress.player} pays {life} life ({left} left) (119.4)")
            rules.append("119.4")
            state, fallout = state_based_actions(state, [])
            notes = (*notes, *fallout)
        if progress.is_loyalty and progress.from_id is not None:
            # CR 606.4 paid the cost in counters; a planeswalker left with loyalty 0 goes to
            # its owner's graveyard before anyone has priority (704.5i); its ability resolves.
            state, fallout = state_based_actions(state, [progress.from_id])
            notes = (*notes, *fallout)
        verb = _ACTION_VERB[progress.action]
        described = ", ".join(f"{r.chosen} ({r.requirement})" for r in reports if r.chosen)
        # A target may be legal when chosen and not a moment later: Fling's sacrifice is paid
        # after targets are chosen (601.2c, 601.2h), so say so rather than "every target is
        # legal" beside a target marked illegal (found by QA).
        gone = [r for r in reports if r.chosen and r.legal is False]
        verdict_words = (
            "nothing to check"
            if not described
            else "every target is legal"
            if not gone
            else "every target was legal when chosen, but "
            + re.sub(r"\s*\([\d., a-z]+\)\.?$", "", gone[0].why)
        )
        reason = (
            f"{progress.player} {verb} {entry.name}"
            + (f" targeting {described}" if described else " with no targets")
            + f"; {verdict_words} ({', '.join(merge_rules(rules))})."
        )
        if notes:
            reason = reason[:-1] + "; " + "; ".join(n.rstrip(".") for n in notes) + "."
            # The rules the notes cite (704.5i, 702.40a, 702.85a), after the reason's own.
            rules.extend(
                re.findall(
                    r"\b(?:704\.5[a-z]|702\.40a|702\.85a|601\.2i|603\.[24]|707\.10c?)\b",
                    " ".join(notes),
                )
            )
        notes = (*notes, *hints)  # shown as notes, not repeated in the reason
        return state, Verdict(
            VerdictKind.OK,
            reason,
            merge_rules(rules),
            slots=tuple(reports),
            notes=notes,
            object_ids=(entry.object_id, *(ward.object_id for ward in wards)),
        )

    def _run(
        self,
        state: GameState,
        progress: CastInProgress,
        modes: Sequence[int],
        x: int | None,
        targets: TargetsArg,
        division: Sequence[int],
    ) -> tuple[GameState, Verdict]:
        remaining = list(targets)
        ignored_x = ""
        if x is not None and not progress.needs_x and _X_DEFINED_BY_TEXT.search(progress.spec.text):
            # CR 107.3c: X isn't announced, the text defines it ("the number of colors of mana
            # spent to cast this spell"); the bot doesn't keep that, so the user states it.
            progress = evolve(progress, x=x)
        elif x is not None and not progress.needs_x:
            # Lantern Flare's "[X is the number of creatures you control.]": nothing announces
            # X (601.2b announces only an X in a cost), so a stated X isn't used (QA 45 M1).
            name = progress.stack_object.name
            ignored_x = f"{name} has no X in its costs, so X={x} isn't announced (601.2b): " + (
                "its text defines X, counted as it resolves (107.3c)."
                if re.search(r"\bx is\b", progress.spec.text, re.IGNORECASE)
                else "the stated X is ignored."
            )
        try:
            while True:
                choice = progress.pending()
                if choice.kind is ChoiceKind.MODES:
                    progress = progress.choose(tuple(modes))
                elif choice.kind is ChoiceKind.X:
                    if x is None:
                        # Left out of the statement, not an illegal choice: ask for it (as a
                        # missing division is, _division_missing).
                        name = progress.stack_object.name
                        raise EngineError(
                            f"{name} has X in its cost: say the value of X, announced as it is "
                            f"cast (601.2b), e.g. “… casts {name} with X=3 …”."
                        )
                    progress = progress.choose(x)
                elif choice.kind is ChoiceKind.TARGETS and choice.slot is not None:
                    if remaining:
                        given = remaining.pop(0)
                        refs = (given,) if isinstance(given, (int, str)) else tuple(given)
                    else:
                        refs = ()
                    progress = progress.choose(tuple(_canonical(state, r) for r in refs))
                elif choice.kind is ChoiceKind.DIVISION:
                    if remaining:
                        # Arc Lightning given four targets: too many is the real problem, said
                        # before the division that can't match them (QA 60 M3).
                        raise _too_many_targets(progress, remaining, division)
                    progress = (
                        progress.choose(tuple(division)) if division else progress.auto_divide()
                    )
                    if progress.pending().kind is ChoiceKind.DIVISION:
                        if remaining:  # too many targets is the real problem (QA 13 #15)
                            raise _too_many_targets(progress, remaining)
                        # Left out of the statement, not an illegal division: ask for it.
                        raise _division_missing(progress)
                else:
                    break
        except IllegalActionError as error:
            if error.why_not is not None and progress.modes is None:
                # A mode refused for want of a legal target (700.2a): say first why the target
                # named isn't one.
                error = _with_named_target(error, targets)
            return state, _illegal(error)
        if remaining:
            problem = _too_many_targets(progress, remaining)
            if isinstance(problem, IllegalActionError):
                return state, _illegal(problem)
            raise problem
        if division and not progress.divided:
            _check_unchosen_division(progress, division)
        after, verdict = self.finish(progress)
        if ignored_x:
            verdict = evolve(verdict, notes=(*verdict.notes, ignored_x))
        return after, verdict

    # ---- changes before resolution ---------------------------------------------------------
    def gain_ability(
        self,
        state: GameState,
        ref: TargetRef,
        ability: str,
        *,
        granted_by: str | None = None,
        this_turn: bool = False,
    ) -> tuple[GameState, Verdict]:
        """ "gains hexproof / shroud / protection from red / ward {2}", or a "can't be the
        target of ..." effect whose "your opponents" means ``granted_by``'s (Vines ruling).
        ``this_turn``: "until end of turn", which "It is a later turn." ends (CR 514.2)."""
        text = ability.strip()
        lowered = text.lower()
        if lowered.startswith("can't be the target of"):
            restriction = parse_restriction(
                text[len("can't be the target of") :].strip(), granted_by
            )
            label = state.label(ref)
            if isinstance(ref, int):
                state.obj(ref)
            else:
                state.player(ref)
            return ok_result(
                state.with_restriction(ref, restriction), f"{label} {_echo(state, text)}."
            )
        if isinstance(ref, str):
            return self.player_gains(state, ref, text, this_turn=this_turn)
        obj = state.obj(ref)
        words = frozenset(split_keyword_text(_ward_form(lowered)))
        # Protection gained drops the Auras (and unattaches the Equipment) it now forbids
        # (702.16c-d, 704.5m-n).
        gained = (
            gaining_this_turn(state, ref, words)
            if this_turn
            else state.with_object(gaining(obj, words, state.next_id))  # timestamp: 613.7
        )
        until = " until end of turn" if this_turn else ""
        if lowered.startswith("can't "):
            # "Llanowar Elves can't block this turn." (508.1c, 509.1b): said as a restriction.
            rule = "509.1b" if "block" in lowered else "508.1c"  # (be blocked too: 509.1b)
            return _settled(gained, f"{state.label(obj.id)} {lowered}{until} ({rule})", (ref,))
        return _settled(gained, f"{state.label(obj.id)} gains {_echo(state, text)}{until}", (ref,))

    def lose_ability(
        self, state: GameState, ref: TargetRef, ability: str
    ) -> tuple[GameState, Verdict]:
        """Losing hexproof also loses every "hexproof from" (CR 702.11e)."""
        if isinstance(ref, str):
            return self.player_loses(state, ref, ability)
        obj = state.obj(ref)
        if _ALL_ABILITIES.match(ability.strip()):
            # Layer 6 (CR 613.1f): printed and granted abilities alike, hexproof, ward and
            # protection included; abilities it gains later are kept.
            after, said = _settled(
                state.with_object(evolve(obj, keywords=frozenset(), abilities_lost=True)),
                f"{state.label(obj.id)} loses all abilities (613.1f)",
                (ref,),
            )
            return after, evolve(said, rules=merge_rules(("613.1f",), said.rules))
        lost = _matching(obj.keywords, ability)
        rules = ("702.11e",) if ability.lower().strip() == "hexproof" else ()
        return ok_result(
            state.with_object(evolve(obj, keywords=obj.keywords - lost)),
            f"{state.label(obj.id)} loses {_echo(state, ability)}"
            + (" (and every hexproof from a quality, 702.11e)." if rules else "."),
            rules,
            (ref,),
        )

    @staticmethod
    def become_colors(
        state: GameState, object_id: int, colors: Sequence[str]
    ) -> tuple[GameState, Verdict]:
        obj = state.obj(object_id)
        new = normalize_colors(tuple(colors))
        text = " and ".join(sorted(new)) or "colorless"
        return _settled(
            state.with_object(evolve(obj, colors=new)),
            f"{state.label(obj.id)} becomes {text}",
            (object_id,),
        )

    @staticmethod
    def become_types(
        state: GameState, object_id: int, card_types: Sequence[str], *, in_addition: bool = True
    ) -> tuple[GameState, Verdict]:
        obj = state.obj(object_id)
        new = frozenset(t.lower() for t in card_types)
        merged = obj.card_types | new if in_addition else new
        return _settled(
            state.with_object(evolve(obj, card_types=merged)),
            f"{state.label(obj.id)} becomes {' '.join(sorted(new))}",
            (object_id,),
        )

    @staticmethod
    def gain_control(state: GameState, player: str, object_id: int) -> tuple[GameState, Verdict]:
        obj = state.obj(object_id)
        name = state.player(player).name
        if state.player(name).left_game:
            # CR 800.4b: an object that would change to their control doesn't.
            return state, _illegal(
                IllegalActionError(
                    f"{name} has left the game, so {state.label(obj.id)} doesn't come under "
                    f"{name}'s control (800.4b).",
                    rules=("800.4b",),
                )
            )
        return _settled(
            state.with_controller(object_id, name),
            f"{name} gains control of {state.label(obj.id)}",
            (object_id,),
        )

    @staticmethod
    def settle(state: GameState, verdict: Verdict) -> tuple[GameState, Verdict]:
        """A setup, then the state-based actions it brings about (CR 704.3): March of the
        Machines makes Mox Pearl a 0/0 artifact creature, which dies (704.5f)."""
        after, fallout = state_based_actions(state, [])
        if not fallout:
            return state, verdict
        rules = RULE_NUMBER.findall(" ".join(fallout))
        return after, evolve(
            verdict,
            reason=verdict.reason.rstrip(".") + "; " + "; ".join(fallout) + ".",
            rules=merge_rules(verdict.rules, ("704.3", *rules)),
        )

    @staticmethod
    def turn_face(
        state: GameState, object_id: int, *, down: bool, how: str = ""
    ) -> tuple[GameState, Verdict]:
        """CR 708.2a: a face-down permanent is a 2/2 creature with no text, no name, no
        subtypes and no mana cost (the bot keeps its name, so users can still say which one
        they mean); turned face up it has its card's characteristics again and is the same
        object (708.8), still the target of what targeted it.  ``how`` "disguised" or
        "cloaked": face down with ward {2} too (702.168a, 701.58a)."""
        obj = state.obj(object_id)
        card = state.cards.get(object_id)
        if down and obj.face_down:
            # CR 708.2b: turning a face-down permanent face down again does nothing.
            return ok_result(
                state, f"{obj.name} is already face down; nothing happens (708.2b).", ("708.2b",)
            )
        if down:
            turned = turned_face_down(obj, with_ward=bool(how))
            said = (
                f"{obj.name} is face down: a 2/2 creature with no text, name, subtypes or mana "
                "cost (708.2a)."
            )
            rules: tuple[str, ...] = ("708.2a",)
            if how:
                # CR 702.168a (disguise), 701.58a (cloak): a 2/2 face-down creature with ward
                # {2}; the ward works while it is face down.
                rule = "702.168a" if how == "disguised" else "701.58a"
                said = (
                    f"{obj.name} is {how}: face down, a 2/2 creature with ward {{2}} and no "
                    f"name, subtypes or mana cost ({rule}, 708.2a)."
                )
                rules = (rule, "708.2a")
        else:
            printed = (
                object_from_card(
                    obj.id, card, owner=obj.owner, controller=obj.controller, zone=obj.zone
                )
                if card is not None
                else obj
            )
            if not obj.face_down:
                raise EngineError(
                    f"{obj.name} isn't face down, so it can't be turned face up (708.8).",
                    hint=f"Say “{obj.name} is face down.” first if it is.",
                )
            # CR 708.8: effects applied to it while face down still apply; a face-down 2/2
            # with no abilities, so what differs from that was given by effects.
            turned = evolve(
                obj,
                face_down=False,
                name=printed.name,
                card_types=printed.card_types | (obj.card_types - {"creature"}),
                subtypes=printed.subtypes | obj.subtypes,
                supertypes=printed.supertypes,
                colors=printed.colors | obj.colors,
                mana_value=printed.mana_value,
                power=_shifted(printed.power, (obj.power or 2) - 2),
                toughness=_shifted(printed.toughness, (obj.toughness or 2) - 2),
                loyalty=printed.loyalty,
                defense=printed.defense,
                # A disguised or cloaked permanent's ward {2} ends as it is turned face up
                # (701.58a, 702.168a).
                keywords=printed.keywords | (obj.keywords - FACE_DOWN_WARD),
                oracle_text=printed.oracle_text,
            )
            said = (
                f"{turned.name} is turned face up: it has its card's characteristics again and "
                "is the same object, so what targeted it still does (708.8)."
            )
            rules = ("708.8",)
        return ok_result(state.with_object(turned), said, rules, (object_id,))

    @staticmethod
    def set_status(
        state: GameState,
        object_id: int,
        *,
        tapped: bool | None = None,
        attacking: bool | None = None,
        blocking: bool | None = None,
    ) -> tuple[GameState, Verdict]:
        obj = state.obj(object_id)
        new = evolve(obj, **given(tapped=tapped, attacking=attacking, blocking=blocking))
        words = [
            w
            for w, v in (
                ("tapped", new.tapped),
                ("attacking", new.attacking),
                ("blocking", new.blocking),
            )
            if v
        ]
        return ok_result(
            state.with_object(new),
            f"{state.label(obj.id)} is {', '.join(words) or 'untapped'}.",
            ids=(object_id,),
        )

    @staticmethod
    def block(
        state: GameState,
        blocker_ids: Sequence[int],
        attacker_ids: Sequence[int],
        *,
        declared: bool = False,
    ) -> tuple[GameState, Verdict]:
        """``Llanowar Elves is blocking Grizzly Bears.`` (CR 509.1g-h); ``declared`` for
        ``Llanowar Elves blocks Grizzly Bears.``, a declaration now (509.1a)."""
        return combat.block(state, blocker_ids, attacker_ids, declared=declared)

    @staticmethod
    def attack(
        state: GameState,
        attacker_id: int,
        attacked: TargetRef | None = None,
        *,
        declared: bool = False,
    ) -> tuple[GameState, Verdict]:
        """``Grizzly Bears is attacking.``: refused for what couldn't have been declared an
        attacker (CR 506.3, 508.1c, 702.3b); ``Grizzly Bears is attacking Bob.``: what it
        attacks, a player, planeswalker or battle (508.1b), is kept for blocks (509.1a) and
        its combat damage (510.1b). ``declared``: it is being declared an attacker now
        ("Alice attacks Bob with Grizzly Bears."), so it must be untapped (508.1a)."""
        combat.require_can_attack(state, state.obj(attacker_id))
        attacker = state.obj(attacker_id)
        if declared and not attacker.attacking:
            # CR 508.1a: untapped, and with haste or controlled since the turn began (302.6;
            # QA 56 W1): what "Can Grizzly Bears attack?" answers, on a declaration.
            could = combat.can_attack(state, attacker_id)
            if could.kind is VerdictKind.NO:
                return state, _illegal(
                    IllegalActionError(could.reason.removeprefix("No: "), rules=could.rules)
                )
        if attacked is not None and (
            refusal := combat.attack_target_refusal(state, state.obj(attacker_id), attacked)
        ):
            return state, _illegal(refusal)
        newly = not state.obj(attacker_id).attacking
        # CR 508.1f: declaring it an attacker taps it, unless it has vigilance (702.20b).
        vigilant = "vigilance" in combat_keywords(state, attacker_id)
        state, verdict = MtgGame.set_status(
            state, attacker_id, attacking=True, tapped=None if vigilant else True
        )
        if attacked is not None:
            state = state.with_object(evolve(state.obj(attacker_id), attacked=attacked))
            reason, whom = verdict.reason.rstrip("."), state.label(attacked)
            said = (
                f"{reason} {whom} (508.1b)."
                if reason.endswith("attacking")
                else f"{reason}; it attacks {whom} (508.1b)."
            )
            verdict = evolve(verdict, reason=said, rules=merge_rules(verdict.rules, ("508.1b",)))
        if not newly:
            return state, verdict  # said again: it was declared, and triggered, before
        # CR 508.3a: "Whenever [a creature] attacks" abilities trigger as it is declared.
        state, triggered = attack_triggers(state, attacker_id, attacked)
        if not triggered:
            return state, verdict
        ordered = ("603.3b",) if any(ORDER_NOTE in note for note in triggered) else ()
        return state, evolve(
            verdict,
            notes=(*verdict.notes, *triggered),
            rules=merge_rules(verdict.rules, ATTACK_RULES, ordered),
        )

    @staticmethod
    def can_attack(
        state: GameState, attacker_id: int, attacked: TargetRef | None = None
    ) -> Verdict:
        """``Can Grizzly Bears attack?`` / ``... attack Bob?`` (CR 506.2, 508.1a-c), nothing
        changed."""
        if attacked is not None and (
            refusal := combat.attack_target_refusal(state, state.obj(attacker_id), attacked)
        ):
            return Verdict(VerdictKind.NO, f"No: {refusal.message}", refusal.rules)
        verdict = combat.can_attack(state, attacker_id)
        if attacked is None or verdict.kind is not VerdictKind.YES:
            return verdict
        # CR 508.1b: the attack it could declare is at ``attacked``.
        whom = state.label(attacked)
        said = verdict.reason.replace(" can attack", f" can attack {whom}", 1)
        return evolve(verdict, reason=said, rules=merge_rules(verdict.rules, ("508.1b",)))

    @staticmethod
    def can_block_at_all(state: GameState, blocker_id: int) -> Verdict:
        """``Can Cloud Sprite block?`` (CR 509.1a-b), nothing changed."""
        return combat.can_block_at_all(state, blocker_id)

    @staticmethod
    def can_block(state: GameState, blocker_id: int, attacker_id: int) -> Verdict:
        """``Can Grizzly Bears block Serra Angel?`` (CR 509.1a-b), nothing changed."""
        return combat.can_block(state, blocker_id, attacker_id)

    @staticmethod
    def set_blocked(
        state: GameState, attacker_id: int, *, blocked: bool
    ) -> tuple[GameState, Verdict]:
        """``Grizzly Bears is blocked.`` / ``... is attacking and unblocked.`` (CR 509.1h)."""
        return combat.set_blocked(state, attacker_id, blocked=blocked)

    @staticmethod
    def add_counters(
        state: GameState, object_id: int, kind: str, count: int
    ) -> tuple[GameState, Verdict]:
        obj = state.obj(object_id)
        if (stat := counted_stat(obj, kind)) is not None:
            # CR 306.5c, 310.4c: a planeswalker's loyalty and a battle's defense are the number
            # of those counters on it, so "has 2 loyalty counters" says what its loyalty is.
            total = max(0, (getattr(obj, kind) or 0) + count)
            after, verdict = _settled(
                state.with_object(evolve(obj, **{kind: total})),
                f"{state.label(obj.id)} has {counted(total, f'{kind} counter')}: its {kind} is "
                f"{total} ({stat})",
                (object_id,),
            )
            return after, evolve(verdict, rules=merge_rules((stat,), verdict.rules))
        counters = dict(obj.counters)
        counters[kind] = counters.get(kind, 0) + count
        # -1/-1 counters can leave a 0-toughness creature: it dies now (704.5f).
        return _settled(
            state.with_object(evolve(obj, counters=counters)),
            f"{state.label(obj.id)} has {counted(counters[kind], f'{kind} counter')}",
            (object_id,),
        )

    @staticmethod
    def set_player_counters(
        state: GameState, name: str, kind: str, count: int
    ) -> tuple[GameState, Verdict]:
        """``Alice has 3 poison counters.`` (CR 122.1: players can have counters too)."""
        player = state.player(name)
        counters = {**player.counters, kind: count}
        if not count:
            del counters[kind]
        reason = f"{player.name} has {counted(count, f'{kind} counter')}"
        # CR 704.5c: ten or more poison counters: the player loses the game (a state-based
        # action, checked now).
        after, verdict = _settled(state.with_player(evolve(player, counters=counters)), reason, ())
        rules = ("122.1f",) if kind == "poison" and count >= 10 else ("122.1",)
        return after, evolve(verdict, rules=merge_rules(rules, verdict.rules))

    @staticmethod
    def pump(
        state: GameState, object_id: int, power: int, toughness: int, *, this_turn: bool = False
    ) -> tuple[GameState, Verdict]:
        """ "gets +2/+2": the creature's power and toughness change (CR 613.4c); said "until
        end of turn" (``this_turn``), "It is a later turn." ends it (514.2), else it stays until
        stated otherwise."""
        obj = state.obj(object_id)
        if as_seen(state, obj).power is None:  # (Ensoul Artifact's Sol Ring has them: 613.4b)
            # A "*/*" the bot can't count says why (Aeon Chronicler: a hand not stated).
            why = "; ".join(pt_caveats(state, obj))
            raise EngineError(
                f"{obj.name} has no power and toughness to change" + (f": {why}." if why else ".")
            )
        changed = (
            pumped_this_turn(state, object_id, power, toughness)
            if this_turn
            else state.with_object(pumped(obj, power, toughness))  # apart from its base
        )
        bigger = as_seen(changed, changed.obj(object_id))
        caveats = "".join(f"; {caveat}" for caveat in pt_caveats(changed, bigger))
        # A creature made 0/0 dies as a state-based action (704.5f), before anyone acts.
        after, verdict = _settled(
            changed,
            f"{state.label(obj.id)} gets {power:+d}/{toughness:+d}"
            f"{' until end of turn' if this_turn else ''}: it is now "
            f"{bigger.current_power}/{bigger.current_toughness} (613.4c){caveats}",
            (object_id,),
        )
        return after, evolve(verdict, rules=merge_rules(("613.4c",), verdict.rules))

    @staticmethod
    def phase(state: GameState, object_id: int, *, out: bool = True) -> tuple[GameState, Verdict]:
        obj = state.obj(object_id)
        # CR 506.4, 702.26g: removed from combat; its Auras and Equipment phase with it.
        attached = state.attached_to(object_id)
        state = state.with_phased(object_id, out=out)
        rule = "702.26b" if out else "702.26c"
        said = (
            f"{state.label(obj.id)} phases "
            f"{'out: it is treated as though it doesn’t exist' if out else 'in'} ({rule})"
        )
        if attached:
            names = ", ".join(state.label(a.id) for a in attached)
            said += f"; {names}, attached to it, phase{'s' if len(attached) == 1 else ''} " + (
                "out with it (702.26g)" if out else "in with it (702.26g)"
            )
        return ok_result(
            state,
            said + ".",
            (rule, "702.26g") if attached else (rule,),
            (object_id,),
        )

    def play_land(
        self, state: GameState, player: str, card: CardData, from_hand: int | None = None
    ) -> tuple[GameState, Verdict]:
        """``player`` plays the land ``card`` (the card in their hand ``from_hand``, if it was
        stated there): a special action that doesn't use the stack (CR 116.2a, 305.1); it
        enters the battlefield at once, and what sees it enter triggers (landfall, 603.6a). A
        player plays one land a turn (305.2)."""
        closed = state.not_main_phase_of(player)
        if state.stack or closed:
            # CR 305.1, 116.2a: in a main phase of their own turn, with the stack empty.
            when = (
                f"not while {state.stack[-1].name} is on the stack"
                if state.stack
                else f"not in {closed}"
            )
            return state, _illegal(
                IllegalActionError(
                    f"{player} can play a land only in a main phase of their own turn with the "
                    f"stack empty, {when} (305.1, 116.2a).",
                    rules=("305.1", "116.2a"),
                )
            )
        played = state.lands_played.count(player)
        allowed, allowed_by = _land_plays_allowed(state, player)
        if played >= allowed:
            extra = f" ({allowed} with {allowed_by})" if allowed_by else ""
            raise IllegalActionError(
                f"{player} has already played {counted(played, 'land')} this turn: a player may "
                f"play one land each turn{extra} (305.2), and the bot takes a scenario or saved "
                "game as one turn.",
                rules=("305.2",),
                hint=f"If an effect lets {player} play more, say “{player} controls "
                f"{card.outside_stack().name}.” to put it onto the battlefield.",
            )
        if from_hand is not None:
            state, new_id = state.move(from_hand, Zone.BATTLEFIELD, "was played as a land")
            if new_id is None:
                return state, Verdict(VerdictKind.ERROR, f"{card.name} couldn't be played.")
            state, verdict = ok_result(state, "", ids=(new_id,))
        else:
            state, verdict = self.add_permanent(state, player, card)
            new_id = verdict.object_ids[0]
        # It came under its player's control this turn (302.6: a land animated later is
        # summoning sick), and what sees it enter knows which land entered (Akoum Hellkite's
        # "If that land is a Mountain", QA 47 W5).
        state = evolve(
            state,
            lands_played=(*state.lands_played, player),
            new_to_control=state.new_to_control | {new_id},
        )
        name = state.obj(new_id).name
        verdict = evolve(
            verdict,
            reason=f"{player} plays {name} (#{new_id}): playing a land is a special action that "
            "doesn't use the stack, so it enters the battlefield at once and can't be responded "
            "to (116.2a, 305.1).",
            rules=("116.2a", "305.1"),
        )
        return self._observers_of_entering(state, verdict, new_id, player)  # 305.1: own turn

    @staticmethod
    def move(
        state: GameState, object_id: int, to_zone: Zone | None, *, event: str = ""
    ) -> tuple[GameState, Verdict]:
        """Leaves / dies / is exiled / is returned to hand: a new object (CR 400.7)."""
        obj = state.obj(object_id)
        words = {
            Zone.GRAVEYARD: "was put into a graveyard",
            Zone.EXILE: "was exiled",
            Zone.HAND: "was returned to its owner's hand",
            Zone.BATTLEFIELD: "entered the battlefield",
            Zone.LIBRARY: "was put into a library",
        }
        event = event or (words.get(to_zone, "left its zone") if to_zone else "ceased to exist")
        after, new_id = state.move(object_id, to_zone, event)
        tail = (
            f"; it is a new object #{new_id} with no memory of its previous existence (400.7)"
            if new_id is not None
            else "; it no longer exists (400.7)"
        )
        token_gone = new_id is None and obj.kind is ObjectKind.TOKEN
        if token_gone:
            # CR 111.7, 704.5d: a token in a zone other than the battlefield ceases to exist.
            tail = "; a token outside the battlefield ceases to exist (111.7, 704.5d)"
        # The event as it happened: Rest in Peace may have exiled it instead (614.6).
        happened = after.departures[object_id].event
        for held, (source, before) in state.control_changes.items():
            if (
                source == object_id
                and held in after.objects
                and held in state.objects
                and after.obj(held).controller != state.obj(held).controller
            ):
                # CR 611.2b: "for as long as" it was on the battlefield has ended.
                tail += (
                    f"; {state.label(held)} goes back to {before}'s control: the control "
                    f"change lasted only while {obj.name} was on the battlefield (611.2b)"
                )
        # CR 704.3: an Aura left enchanting nothing goes to the graveyard (704.5m).
        after, fallout = state_based_actions(after)
        more = "".join(f"; {note}" for note in fallout)
        return ok_result(
            after,
            f"{state.label(obj.id)} {happened}{tail}{more}.",
            (
                *(("111.7", "704.5d") if token_gone else ("400.7",)),
                *(("614.6",) if happened != event else ()),
                *RULE_NUMBER.findall(more),
                *(("611.2b",) if "(611.2b)" in tail else ()),
            ),
            (new_id,) if new_id is not None else (),
        )

    @staticmethod
    def order_triggers(
        state: GameState, player: str, item_id: int, *, last: bool = False
    ) -> tuple[GameState, Verdict]:
        """``player`` puts the triggered ability ``item_id`` on the stack first of their
        triggers put there together (under the others, so it resolves after them), or
        ``last`` (over them, resolving first): CR 603.3b, "in any order they choose". The bot
        keeps no record of which triggered together, so it takes the run of ``player``'s
        triggered abilities at the top of the stack, ``item_id`` among them."""
        top = len(state.stack)
        at = next((n for n, e in enumerate(state.stack) if e.object_id == item_id), None)
        entry = state.stack[at] if at is not None else None
        if entry is None or entry.spec.kind is not AbilityKind.TRIGGERED:
            raise EngineError(
                f"#{item_id} is not a triggered ability on the stack: only triggered abilities "
                "put on the stack together are ordered by their controller (603.3b).",
                hint="Say “Alice puts Hero of Bladehold's trigger on the stack last.”",
            )
        if entry.controller.casefold() != player.casefold():
            return state, _illegal(
                IllegalActionError(
                    f"{entry.name} (#{item_id}) is {entry.controller}'s: each player orders the "
                    f"triggers they control (603.3b), not {player}.",
                    rules=("603.3b",),
                )
            )
        start = top
        while start > 0 and (
            state.stack[start - 1].spec.kind is AbilityKind.TRIGGERED
            and state.stack[start - 1].controller.casefold() == player.casefold()
        ):
            start -= 1
        assert at is not None
        if at < start or top - start < 2:
            return state, _illegal(
                IllegalActionError(
                    f"{entry.name} (#{item_id}) isn't among {player}'s triggers at the top of the "
                    "stack with another, so there is no order left to choose (603.3b): their "
                    "order is chosen as they go on the stack.",
                    rules=("603.3b",),
                )
            )
        group = [e for e in state.stack[start:] if e.object_id != item_id]
        ordered = [*group, entry] if last else [entry, *group]
        state = evolve(state, stack=(*state.stack[:start], *ordered))
        others = and_list(state.label(e.object_id) for e in group)
        said = (
            f"{player} puts {state.label(item_id)} on the stack "
            + (
                f"last, over {others}, so it resolves first"
                if last
                else f"first, under {others}, so they resolve before it"
            )
            + " (603.3b)."
        )
        return ok_result(state, said, ("603.3b",), ids=[item_id])

    @staticmethod
    def set_regeneration_shields(
        state: GameState, object_id: int, count: int
    ) -> tuple[GameState, Verdict]:
        """ "River Boa has a regeneration shield.": ``count`` shields on the permanent, as a
        resolved "Regenerate" effect leaves (CR 701.19a); each replaces one destruction this
        turn, and "It is a later turn." ends them (514.2)."""
        obj = state.obj(object_id)
        if obj.zone is not Zone.BATTLEFIELD:
            raise EngineError(
                f"{state.label(object_id)} isn't on the battlefield: only a permanent can have a "
                "regeneration shield (701.19a).",
            )
        before = state.regeneration_shields.get(object_id, 0)
        shields = {k: v for k, v in state.regeneration_shields.items() if k != object_id}
        if count > 0:
            shields[object_id] = count
        said = "a regeneration shield" if count == 1 else f"{count} regeneration shields"
        after, verdict = ok_result(
            evolve(state, regeneration_shields=shields),
            f"{state.label(object_id)} has {said}: the next time it would be destroyed this turn, "
            "instead all damage is removed from it, it is tapped and removed from combat "
            "(701.19a).",
            REGENERATION_RULES,
            ids=[object_id],
        )
        if before and before >= count:
            # QA 56 M1: said again, it states how many there are, not one more.
            more = "two" if before + 1 == 2 else str(before + 1)
            verdict = evolve(
                verdict,
                notes=(
                    *verdict.notes,
                    f"It had {counted(before, 'regeneration shield')} already: this says how "
                    f"many it has; for one more say “{state.name_of(object_id)} has {more} "
                    "regeneration shields.”",
                ),
            )
        return after, verdict

    @staticmethod
    def destroy(state: GameState, object_id: int) -> tuple[GameState, Verdict]:
        """ "Grizzly Bears is destroyed.": put into its owner's graveyard, unless it has
        indestructible, its own or given by a permanent (CR 702.12b)."""
        if "indestructible" in state.keywords_of(object_id):
            return state, Verdict(
                VerdictKind.OK,
                f"{state.label(object_id)} has indestructible, so it isn't destroyed (702.12b).",
                ("702.12b",),
            )
        # CR 701.19a: a regeneration shield replaces the destruction.
        if saved := regenerated_instead(state, object_id, "as stated"):
            after, said = saved
            return ok_result(after, f"{said}.", REGENERATION_RULES, ids=[object_id])
        return MtgGame.move(state, object_id, Zone.GRAVEYARD)

    @staticmethod
    def return_to_battlefield(
        state: GameState,
        object_id: int,
        *,
        controller: str | None = None,
        attached_to: int | str | None = None,
        copy_of: int | None = None,
        copy_nothing: bool = False,
    ) -> tuple[GameState, Verdict]:
        """Bring a card (or, given an old id, the card it became) back: a new object (400.7).
        An Aura is put onto the battlefield ``attached_to`` what its controller chooses (303.4f);
        a Clone enters as a copy of ``copy_of``, or of nothing with ``copy_nothing`` (707.5)."""
        current = object_id
        while current not in state.objects and current in state.departures:
            new_id = state.departures[current].new_id
            if new_id is None:
                break
            current = new_id
        obj = state.obj(current)
        if obj.zone is Zone.BATTLEFIELD:
            return ok_result(
                state, f"{obj.name} is already on the battlefield (#{current}).", ids=(current,)
            )
        is_aura = "aura" in obj.subtypes
        if attached_to is not None and not is_aura:
            raise EngineError(
                f"{obj.name} isn't an Aura, so it doesn't enter attached to anything.",
                hint=f"Say “{obj.name} returns to the battlefield.”",
            )
        if is_aura and attached_to is None:
            # CR 303.4f: its controller chooses what it enchants as it enters.
            raise EngineError(
                f"{obj.name} is an Aura: say what it enters attached to (303.4f).",
                hint=f"e.g. “{obj.name} returns to the battlefield attached to Grizzly Bears.”",
            )
        owner = controller or obj.owner
        if attached_to is not None:
            # CR 303.4f: an Aura put onto the battlefield without being cast doesn't target,
            # so hexproof and shroud don't stop it; what it enchants must still be legal for
            # its enchant ability and not protected from it (702.16c). 303.4g: otherwise it
            # stays in the zone it was in.
            entering = evolve(obj, zone=Zone.BATTLEFIELD, controller=owner)
            why = enchant_refusal(state, entering, attached_to)
            if why is not None:
                where = obj.zone.value
                return ok_result(
                    state,
                    f"{obj.name} can't enter attached to {state.label(attached_to)}: {why}; it stays "
                    f"in the {where} (303.4f, 303.4g).",
                    ("303.4f", "303.4g"),
                    (current,),
                )
        after, new_id = state.move(current, Zone.BATTLEFIELD, "entered the battlefield")
        assert new_id is not None
        if controller:
            after = after.with_object(
                evolve(after.obj(new_id), controller=state.player(controller).name)
            )
        old = f" (it was #{object_id})" if object_id != new_id else ""
        said = (
            f"{obj.name} returned to the battlefield as a new object #{new_id}{old}; spells and "
            "abilities that targeted it no longer do (400.7)"
        )
        rules: tuple[str, ...] = ("400.7",)
        if attached_to is not None:
            entered = after.obj(new_id)
            after = after.with_object(
                evolve(entered, enchanted_player=attached_to)
                if isinstance(attached_to, str)
                else evolve(entered, attached_to=attached_to)
            )
            said += (
                f". It enters attached to {state.label(attached_to)}: it isn't cast, so it "
                "doesn't target, and hexproof or shroud don't stop it (303.4f, 115.1)"
            )
            rules = ("400.7", "303.4f")
        choice = copy_choice(after.obj(new_id).oracle_text)
        if choice is None and (copy_of is not None or copy_nothing):
            raise EngineError(
                f"{obj.name} doesn't enter as a copy of anything, so it copies nothing as it "
                "returns.",
                hint=f"Say “{obj.name} returns to the battlefield.”",
            )
        if choice is not None and copy_nothing:
            said += "; it enters as itself, copying nothing (707.5)"
            rules = (*rules, "707.5")
        elif choice is not None and copy_of is not None:
            after, copied = returned_as_copy(after, new_id, copy_of)
            said = f"{said}; " + "; ".join(copied)
            rules = (*rules, "707.2", "707.5")
        elif choice is not None:
            # CR 707.5, Clone's ruling: its controller chooses again as the new object enters;
            # copying nothing (a 0/0 Clone) is a choice too, never a silent default (QA 28 W10).
            example = next(
                (
                    o.name
                    for o in after.zone_objects(Zone.BATTLEFIELD)
                    if o.id != new_id
                    and choice.allows(after, o, after.obj(new_id).controller) is None
                ),
                "Grizzly Bears",
            )
            raise EngineError(
                f"{obj.name} returns to the battlefield as a new object (400.7) and may enter as "
                f"a copy of {choice.what}: its controller chooses again as it enters (707.5), "
                "so say which, or that it copies nothing (then it enters as itself).",
                hint=f"Add “, copying {example}” (or “, copying nothing”) to the statement, "
                f"e.g. “{obj.name} returns to the battlefield copying {example}.”",
            )
        # CR 603.6a: a new object entering triggers its "when this enters" abilities, as when
        # Ephemerate returns it (QA 33 U3: "is flickered" said nothing of Man-o'-War's).
        if triggered := enters_trigger_notes(after.obj(new_id), after):
            said += "".join(f"; {note}" for note in triggered)
            rules = (*rules, "603.6a")
            back = after.obj(new_id)
            after = with_targeted_enters_waiting(
                after, back, f"{back.name} returned to the battlefield"
            )
        return ok_result(after, said + ".", rules, (new_id,))

    @staticmethod
    def attach(state: GameState, object_id: int, host: int | str) -> tuple[GameState, Verdict]:
        """ "Alice controls Rancor attached to Runeclaw Bear.": an Aura, Equipment or
        Fortification stated as already attached to ``host`` (a Curse: a player). A board that
        couldn't be (what its enchant ability doesn't allow, protection) is refused: the state-
        based actions would not leave it so (303.4, 301.5c, 702.16c-d, 704.5m-n)."""
        obj = state.obj(object_id)
        name = state.label(object_id)
        if "aura" in obj.subtypes:
            why = enchant_refusal(state, obj, host)
            if why is not None:  # it never was attached: "isn't", not "is no longer" (QA 16)
                why = why.replace("is no longer", "isn't")
            rules: tuple[str, ...] = ("303.4", "704.5m")
        elif "equipment" in obj.subtypes or "fortification" in obj.subtypes:
            kind = "creature" if "equipment" in obj.subtypes else "land"
            rules = ("301.5", "301.6", "704.5n")
            if isinstance(host, str):
                why = f"{obj.name} can be attached only to a {kind}, not to a player"
            elif kind not in as_seen(state, state.obj(host)).card_types:
                why = f"{state.label(host)} isn't a {kind}"
            else:
                quality = protection_from(state, state.obj(host), obj)
                why = (
                    f"{state.label(host)} has protection from {quality} (702.16d)"
                    if quality
                    else None
                )
        else:
            raise EngineError(
                f"{obj.name} isn't an Aura, Equipment or Fortification, so it isn't attached to "
                "anything (301.5, 303.4).",
                hint="Name the Aura or Equipment last, just before “attached to”.",
            )
        if why is not None:
            raise EngineError(
                f"{obj.name} can't be attached to {host if isinstance(host, str) else state.label(host)}: "
                f"{why} ({', '.join(rules)}).",
            )
        attached = (
            evolve(obj, enchanted_player=host)
            if isinstance(host, str)
            else evolve(obj, attached_to=host)
        )
        where = host if isinstance(host, str) else state.label(host)
        after = state.with_object(attached)
        said = f"{name} is attached to {where}"
        cited = rules[:1]
        if not isinstance(host, str) and gives_control_of_enchanted(attached):
            # Control Magic stated on the board gives control as casting it does (QA 47 W9).
            before = state.obj(host).controller
            after = with_enchanted_control(after, attached)
            if host not in state.new_to_control:
                # A stated board is an established one (QA 50 M2): nothing said when Control
                # Magic took it, so it isn't known to be summoning sick (302.6), just as a
                # plain "Alice controls Grizzly Bears." isn't. Cast and resolved, it is.
                after = evolve(after, new_to_control=after.new_to_control - {host})
            if before.casefold() != obj.controller.casefold():
                said += (
                    f"; {obj.controller} controls {where} (“You control enchanted creature”, "
                    f"613.1b) for as long as {obj.name} stays on the battlefield (611.2b)"
                )
                cited = (*cited, "613.1b", "611.2b")
        return ok_result(after, said, cited, (object_id,))

    # ---- retargeting and copies -------------------------------------------------------------
    def retarget(
        self,
        state: GameState,
        actor: str,
        stack_id: int,
        new_targets: Sequence[TargetRef | None] | Mapping[int, TargetRef],
        *,
        kind: RetargetKind = RetargetKind.CHANGE_THE_TARGETS,
    ) -> tuple[GameState, Verdict]:
        """A direct statement: "Bob changes the target of Lightning Bolt to Alice"."""
        actor = state.player(actor).name
        if isinstance(new_targets, Mapping):
            canonical: Sequence[TargetRef | None] | Mapping[int, TargetRef] = {
                k: _canonical(state, v) for k, v in new_targets.items()
            }
        else:
            canonical = [None if r is None else _canonical(state, r) for r in new_targets]
        return retarget(state, stack_id, kind, canonical, actor=actor)

    def copy(
        self,
        state: GameState,
        controller: str,
        stack_id: int,
        new_targets: Sequence[TargetRef | None] | Mapping[int, TargetRef] = (),
    ) -> tuple[GameState, Verdict]:
        return copy_spell(state, stack_id, state.player(controller).name, new_targets)

    # ---- resolving ------------------------------------------------------------------------------
    def resolve_top(
        self, state: GameState, choices: ResolveChoices | None = None
    ) -> tuple[GameState, Verdict]:
        top = state.stack[-1].object_id if state.stack else None
        resolving = state.stack[-1] if state.stack else None
        after, verdict = resolve_top(state, choices)
        if resolving is not None:  # CR 121.2, 603.2
            after, verdict = with_draw_triggers(after, verdict, resolving.controller, resolving.x)
        after, verdict = self._enters_triggers(after, verdict, top)
        after, verdict = self._others_entered(state, after, verdict, top)
        return after, with_replaced_departures(state, after, verdict)

    def resolve(
        self, state: GameState, stack_id: int, choices: ResolveChoices | None = None
    ) -> tuple[GameState, Verdict]:
        resolving = state.stack_entry_or_none(stack_id)
        after, verdict = resolve_entry(state, stack_id, choices)
        if resolving is not None:  # CR 121.2, 603.2
            after, verdict = with_draw_triggers(after, verdict, resolving.controller, resolving.x)
        after, verdict = self._enters_triggers(after, verdict, stack_id)
        after, verdict = self._others_entered(state, after, verdict, stack_id)
        return after, with_replaced_departures(state, after, verdict)

    def _others_entered(
        self, before: GameState, after: GameState, verdict: Verdict, resolved: int | None
    ) -> tuple[GameState, Verdict]:
        """The other permanents the resolution put onto the battlefield (tokens it created,
        cards it returned) are seen entering too (Impact Tremors and a Raise the Alarm: two
        triggers; CR 603.2, 603.6a). The resolved permanent spell's own are done."""
        departure = after.departures.get(resolved) if resolved is not None else None
        itself = departure.new_id if departure is not None else None
        entered = [
            obj.id
            for obj in after.zone_objects(Zone.BATTLEFIELD)
            if obj.id not in before.objects and obj.id != itself
        ]
        # A sorcery resolves in its controller's turn (307.1): its controller is active.
        active = (
            departure.snapshot.controller
            if departure is not None and "sorcery" in departure.snapshot.card_types
            else None
        )
        for object_id in sorted(entered):
            after, verdict = self._returned_enters_triggers(after, verdict, object_id)
            after, verdict = self._observers_of_entering(after, verdict, object_id, active)
        return after, verdict

    def _returned_enters_triggers(
        self, state: GameState, verdict: Verdict, permanent: int
    ) -> tuple[GameState, Verdict]:
        """A card a resolving spell or ability returned to the battlefield (Ephemerate,
        Restoration Angel) triggers its "when this enters" abilities (603.6a): those with no
        target are put on the stack now, as a resolved permanent spell's are (QA 42 p14:
        Mulldrifter's "draw two cards" was left unsaid while the stack resolved past it); one
        with targets waits for them (603.3d)."""
        said = UNTARGETED_ENTERS_PUT
        name = state.obj(permanent).name
        at = verdict.reason.find(f"{name} returned: its ability triggers")
        if at < 0:
            return state, verdict
        abilities = [
            a
            for a in self.read(self._card_of(state, permanent)).abilities
            if a.kind is AbilityKind.TRIGGERED
        ]
        reason = verdict.reason
        put: list[int] = []
        # CR 603.2d: Panharmonicon makes each trigger an additional time here too (QA 56 W3:
        # persist's and Zombify's returns put Kitchen Finks's once).
        entering = state.obj(permanent)
        extra = extra_triggers(state, entering, entering=entering)
        for index, spec in enumerate(abilities):
            if not _is_own_enters_trigger(spec.text, name) or spec.choose or spec.is_targeted:
                continue
            made: list[int] = []
            for _ in range(1 + extra.times):
                after, answer = self.trigger(state, permanent, ability=index)
                if answer.kind is not VerdictKind.OK or not answer.object_ids:
                    break
                state = after
                made.append(answer.object_ids[0])
            where = reason.find(said, at)
            if made and where >= 0:
                put.extend(made)
                there = f": the bot has put it there ({', '.join(f'#{i}' for i in made)})"
                reason = reason[:where] + there + reason[where + len(said) :]
        if not put:
            return state, verdict
        return state, evolve(verdict, reason=reason, object_ids=(*verdict.object_ids, *put))

    def _enters_triggers(
        self, state: GameState, verdict: Verdict, resolved: int | None
    ) -> tuple[GameState, Verdict]:
        """CR 603.2, 603.3: a permanent spell that entered triggers its "when this enters"
        abilities, put on the stack the next time a player would receive priority: the ones
        with no target are put there now (one with targets waits for the user to name them,
        603.3d)."""
        departure = state.departures.get(resolved) if resolved is not None else None
        said = UNTARGETED_ENTERS_PUT
        if (
            departure is None
            or departure.to_zone is not Zone.BATTLEFIELD
            or departure.new_id is None
        ):
            return state, verdict
        permanent = departure.new_id
        abilities = [
            a
            for a in self.read(self._card_of(state, permanent)).abilities
            if a.kind is AbilityKind.TRIGGERED
        ]
        put: list[int] = []
        # CR 603.2d: Panharmonicon makes each of them trigger an additional time.
        # It may have died entering (a 0/0, 704.5f): as it last existed (113.7a).
        entering = state.objects.get(permanent) or state.last_known(permanent)
        extra = (
            extra_triggers(state, entering, entering=entering) if entering is not None else Extra()
        )
        for index, spec in enumerate(abilities):
            if not _is_own_enters_trigger(spec.text, state.name_of(permanent)):
                continue
            verdict = _with_extra_note(verdict, extra, f"{state.name_of(permanent)}'s ability")
            if spec.choose:
                # CR 700.2b, 603.3c: a modal trigger's mode is chosen as it goes on the stack;
                # it waits for its controller to say it (Charming Prince; QA 60 M13).
                event = f"{state.obj(permanent).name} entered"
                for _ in range(1 + extra.times):
                    state = wait_for_targets(state, state.obj(permanent), spec.text, event)
                continue
            if spec.is_targeted:
                verdict = self._targeted_enters_note(state, verdict, permanent, index, spec)
                event = f"{state.obj(permanent).name} entered"
                for _ in range(1 + extra.times):
                    state = self._wait_for_targets(state, permanent, index, spec, event)
                continue
            asked = targeted_enters_say(self._card_of(state, permanent).name)
            if (at := verdict.reason.find(spec.text)) >= 0 and asked in verdict.reason[at:]:
                # Its text says "target" in words the bot reads as no target of its own (an
                # unknown kind of card): it goes on the stack with the others (603.3).
                untargeted = f"It goes on the stack the next time a player would receive priority{said} (603.3)"
                verdict = evolve(
                    verdict,
                    reason=verdict.reason[:at] + verdict.reason[at:].replace(asked, untargeted, 1),
                )
            for _ in range(1 + extra.times):
                after, answer = self.trigger(state, permanent, ability=index)
                if answer.kind is VerdictKind.OK:
                    state = after
                    put.extend(answer.object_ids[:1])
        if put and said in verdict.reason:
            where = ", ".join(f"#{i}" for i in put)
            verdict = evolve(
                verdict,
                reason=verdict.reason.replace(said, f": the bot has put it there ({where})", 1),
                object_ids=(*verdict.object_ids, *put),
            )
        # A permanent spell is cast in its controller's turn unless it has flash (307.1's kin,
        # 117.1a): its controller is then the active player.
        entered = state.objects.get(permanent)
        active = (
            entered.controller
            if entered is not None and "flash" not in state.keywords_of(permanent)
            else None
        )
        return self._observers_of_entering(state, verdict, permanent, active)

    def seen_entering(
        self, state: GameState, verdict: Verdict, permanent: int
    ) -> tuple[GameState, Verdict]:
        """What a permanent a statement put onto the battlefield ("Grizzly Bears returns to the
        battlefield.", a flicker) triggers among the other permanents (603.6a)."""
        return self._observers_of_entering(state, verdict, permanent)

    def _observers_of_entering(
        self, state: GameState, verdict: Verdict, permanent: int, active: str | None = None
    ) -> tuple[GameState, Verdict]:
        """Other permanents' "Whenever [another] creature enters" abilities (Soul Warden) that
        the permanent's entering triggered (CR 603.2, 603.6a): the ones with no target are put
        on the stack now, as its own are; one with targets waits for the user (603.3d).
        ``active``: the active player, when the bot can tell (a permanent spell or a land is
        played in its controller's turn): their triggers go on the stack first, so the other
        players' resolve first (603.3b)."""
        entered = state.objects.get(permanent)
        if entered is None:
            return state, verdict
        found: list[tuple[GameObject, int, AbilitySpec]] = []
        for observer in state.zone_objects(Zone.BATTLEFIELD):
            if observer.phased_out:
                continue
            abilities = [
                a
                for a in self.read(self._card_of(state, observer.id)).abilities
                if a.kind is AbilityKind.TRIGGERED
            ]
            found.extend(
                (observer, index, spec)
                for index, spec in enumerate(abilities)
                if not spec.choose and triggers_on(state, observer, spec.text, entered, "enters")
            )
        if active is not None:
            # CR 603.3b: APNAP order; a stable sort keeps each player's in board order.
            found.sort(key=lambda one: one[0].controller != active)
        said: list[str] = []
        put: list[int] = []
        for observer, index, spec in found:
            lead = (
                f"{observer.controller}'s {observer.name}'s ability triggers as "
                f"{entered.name} enters: “{spec.text}”"
            )
            # CR 603.2d: Panharmonicon makes it trigger an additional time.
            extra = extra_triggers(state, observer, entering=entered)
            verdict = _with_extra_note(verdict, extra, f"{observer.name}'s ability")
            if spec.is_targeted:
                said.append(
                    f"{lead}; its targets are chosen as it goes on the stack: say "
                    f"“{observer.name}'s trigger targets …” (603.3d)"
                )
                event = f"{entered.name} entered"
                for _ in range(1 + extra.times):
                    state = self._wait_for_targets(state, observer.id, index, spec, event)
                continue
            for _ in range(1 + extra.times):
                after, answer = self.trigger(state, observer.id, ability=index)
                if answer.kind is VerdictKind.OK and answer.object_ids:
                    state = after
                    put.append(answer.object_ids[0])
                    said.append(
                        f"{lead}; the bot has put it on the stack (#{answer.object_ids[0]})"
                    )
        if not said:
            return state, verdict
        rules: tuple[str, ...] = ("603.2", "603.6a")
        if len({observer.controller for observer, _, _ in found}) > 1:
            rules = (*rules, "603.3b")
            order = (
                f"the bot took {active} as the active player"
                if active
                else "the bot doesn't know whose turn it is and put them in board order; in the "
                "other player's turn the order is the other way round"
            )
            said.append(
                "The active player's triggers go on the stack first, so the others' resolve "
                f"first (603.3b): {order}"
            )
        return state, evolve(
            verdict,
            reason=f"{verdict.reason.rstrip('.')}. " + ". ".join(said) + f" ({', '.join(rules)}).",
            rules=tuple(dict.fromkeys((*verdict.rules, *rules))),
            object_ids=(*verdict.object_ids, *put),
        )

    def _wait_for_targets(
        self, state: GameState, source_id: int, index: int, spec: AbilitySpec, event: str
    ) -> GameState:
        """``state`` with ``source_id``'s triggered ability ``index`` waiting for the targets
        its controller chooses as it goes on the stack (CR 603.3d), unless no legal choice
        exists for them: then it is simply removed from the stack and nothing waits."""
        try:
            self.start_trigger(state, source_id, ability=index)
        except IllegalActionError as error:
            if "603.3d" in error.rules:
                return state
        return wait_for_targets(state, state.obj(source_id), spec.text, event)

    def without_untargetable_waiting(self, state: GameState) -> tuple[GameState, list[str]]:
        """``state`` without the waiting triggers no legal choice of targets exists for: each
        is simply removed from the stack as it would be put there (CR 603.3d), and a note says
        so."""
        kept: list[WaitingTrigger] = []
        notes: list[str] = []
        for waiting in state.waiting_triggers:
            source_id = current_id(state, waiting.source_id)
            index = self._triggered_index(state, source_id, waiting.text)
            try:
                if source_id is not None:
                    self.start_trigger(state, source_id, ability=index)
            except IllegalActionError as error:
                if "603.3d" in error.rules:
                    notes.append(
                        f"{waiting.name}'s ability triggered when {waiting.event}, but no legal "
                        "choice exists for its targets, so it is removed from the stack as it "
                        "would be put there (603.3d)"
                    )
                    continue
            except EngineError:
                pass
            kept.append(waiting)
        if len(kept) == len(state.waiting_triggers):
            return state, notes
        return evolve(state, waiting_triggers=tuple(kept)), notes

    def put_own_trigger(
        self, state: GameState, last_seen: GameObject, text: str
    ) -> tuple[GameState, int | None]:
        """``state`` with the triggered ability ``text`` of ``last_seen`` (a permanent that
        left the battlefield, followed to the card it became) put on the stack with no targets
        (CR 603.3: Rancor's "return it to its owner's hand"), and its id there; the state
        unchanged and None when that card is gone (a token) or the ability can't be put there
        by the bot, which the note asking for it then still says."""
        source_id = current_id(state, last_seen.id)
        index = self._triggered_index(state, source_id, text)
        if source_id is None or index is None:
            return state, None
        try:
            after, verdict = self.trigger(state, source_id, ability=index)
        except EngineError:
            return state, None
        if verdict.kind is not VerdictKind.OK or not verdict.object_ids:
            return state, None
        return after, verdict.object_ids[0]

    def _triggered_index(self, state: GameState, source_id: int | None, text: str) -> int | None:
        """The number (as ``start_trigger`` counts) of ``source_id``'s triggered ability with
        ``text``, or None (its default one)."""
        if source_id is None:
            return None
        abilities = [
            a
            for a in self.read(self._card_of(state, source_id)).abilities
            if a.kind is AbilityKind.TRIGGERED
        ]
        return next((i for i, a in enumerate(abilities) if a.text == text), None)

    def waiting_offers(self, state: GameState, limit: int = 6) -> tuple[str, ...]:
        """Statements that put the first waiting trigger on the stack, one for each legal
        choice of its first target (CR 603.3d), a few at most: a saved game offers them."""
        if not state.waiting_triggers:
            return ()
        first = state.waiting_triggers[0]
        source_id = current_id(state, first.source_id)
        if source_id is None:
            return ()
        index = self._triggered_index(state, source_id, first.text)
        try:
            progress = self.start_trigger(state, source_id, ability=index)
            choice = progress.next_choice()
        except EngineError:
            return ()
        if choice.kind is not ChoiceKind.TARGETS:
            return ()
        said = [
            f"{first.name}'s trigger targets {o.label.split(' (#')[0]}." for o in choice.options
        ]
        return tuple(dict.fromkeys(said))[:limit]

    def waiting_refusal(self, state: GameState, doing: str) -> IllegalActionError | None:
        """Why ``doing`` ("let the stack resolve") waits for a triggered ability that waits
        for its targets (CR 603.3, 603.3d; QA 42 W2), or None when none waits."""
        if not state.waiting_triggers:
            return None
        return waiting_refusal(state, doing, self.waiting_offers(state))

    def targeted_enters_triggers(self, state: GameState, object_id: int) -> list[int]:
        """The numbers (among its triggered abilities, as ``start_trigger`` counts them) of the
        "when this enters" abilities with targets of ``object_id``'s card (Journey to Nowhere,
        Flametongue Kavu): its controller chooses their targets as they go on the stack, the
        next time a player would receive priority (CR 603.3, 603.3d)."""
        abilities = [
            a
            for a in self.read(self._card_of(state, object_id)).abilities
            if a.kind is AbilityKind.TRIGGERED
        ]
        return [
            index
            for index, spec in enumerate(abilities)
            if _is_own_enters_trigger(spec.text, state.name_of(object_id))
            and not spec.choose
            and spec.is_targeted
        ]

    def enters_with_targets(self, state: GameState, stack_id: int) -> bool:
        """Whether the spell ``stack_id`` is a permanent spell that, once resolved, has a
        "when this enters" trigger whose targets are chosen as it goes on the stack (603.3d)."""
        spell = state.objects.get(stack_id)
        if spell is None or not spell.is_spell or not spell.card_types & PERMANENT_SPELL_TYPES:
            return False
        entry = state.stack_entry_or_none(stack_id)
        if entry is None or entry.is_copy:
            return False
        return bool(self.targeted_enters_triggers(state, stack_id))

    def default_trigger(self, state: GameState, object_id: int) -> int | None:
        """The number of the triggered ability that "X's trigger" names (its first targeted
        one, as ``ability_spec`` picks when no number is given), or None."""
        abilities = [
            a
            for a in self.read(self._card_of(state, object_id)).abilities
            if a.kind is AbilityKind.TRIGGERED
        ]
        return next((i for i, a in enumerate(abilities) if a.is_targeted), None)

    def _only_choice(
        self, state: GameState, permanent: int, index: int, slots: Sequence[TargetSlot]
    ) -> str | None:
        """The one legal choice of a trigger's one required target, named as the user would
        say it; None when there are others, several slots, or it may have none."""
        if len(slots) != 1 or slots[0].min_count != 1 or slots[0].max_count != 1:
            return None
        controller = state.obj(permanent).controller
        listed = self.legal_targets(state, controller, permanent, ability=index)
        if len(listed.slots) != 1 or len(options := listed.slots[0].options) != 1:
            return None
        option = options[0]
        if option.player is not None:
            return option.player
        return state.obj(option.object_id).name if option.object_id is not None else None

    def _targeted_enters_note(
        self, state: GameState, verdict: Verdict, permanent: int, index: int, spec: AbilitySpec
    ) -> Verdict:
        """How the user goes on with a targeted "when this enters" trigger: name its targets
        (CR 603.3d), or none when each is "up to" (115.6); with no legal choice at all, it is
        simply removed from the stack (603.3d) and there is nothing to name."""
        name = state.obj(permanent).name
        say = targeted_enters_say(name)
        at = verdict.reason.find(spec.text)
        at = verdict.reason.find(say, max(at, 0))
        if at < 0:
            return verdict
        slots = [slot for mode in spec.modes for slot in mode.slots]
        try:
            self.start_trigger(state, permanent, ability=index)
        except IllegalActionError as error:
            if "603.3d" not in error.rules:
                return verdict
            # CR 603.3d: "no legal choices can be made for it ... the ability is simply
            # removed from the stack".
            instead = error.message.replace(
                "can't be put on the stack", "is removed from the stack as it would be put there"
            ).rstrip(".")
            rules = error.rules
        else:
            only = self._only_choice(state, permanent, index, slots)
            if only is not None:
                # Flametongue Kavu alone on the battlefield: the one legal choice must be
                # chosen, its own creature included (603.3d, 115.1; QA 60 M6).
                instead = (
                    f"Its target is chosen as it goes on the stack, and the only legal choice is "
                    f"{only}, so it must be that: say “{name}'s trigger targets {only}.” (603.3d)"
                )
                rules = ("603.3d",)
                return evolve(
                    verdict,
                    reason=verdict.reason[:at] + instead + verdict.reason[at + len(say) :],
                    rules=merge_rules(verdict.rules, rules),
                )
            if not slots or any(slot.min_count > 0 for slot in slots):
                return verdict
            instead = (
                "Its targets are chosen as it goes on the stack, and it may have none (115.6): "
                f"say “{name}'s trigger targets …” or “{name}'s trigger goes on the stack with "
                "no targets.” (603.3d)"
            )
            rules = ("115.6",)
        return evolve(
            verdict,
            reason=verdict.reason[:at] + instead + verdict.reason[at + len(say) :],
            rules=merge_rules(verdict.rules, rules),
        )

    def resolve_all(
        self, state: GameState, *, limit: int = 100, ask_payments: bool = False
    ) -> tuple[GameState, list[Verdict]]:
        """Resolve until the stack is empty (copies and retargets may add objects), or until
        an item needs a choice the user hasn't stated (ward's "unless ... pays"; with
        ``ask_payments``, a saved game's, also a "may pay" it offers, 608.2d): what resolved
        before it stands, and the last answer says which choice is needed.

        After each item, what its deaths triggered goes on the stack (603.10a, 603.3) before
        the next resolves; one that waits for its targets stops it there (603.3d: they are
        chosen as it goes on the stack, before anything else resolves; QA 42 W2). So does the
        end of the game (104.2a: once one player is left, nothing more happens in it)."""
        verdicts: list[Verdict] = []
        while state.stack and len(verdicts) < limit:
            try:
                # A saved game can't resolve an item again once its payer's choice is said, so
                # the choice is asked before it resolves (608.2d), as `game resolve` does.
                if ask_payments and (asked := may_pay_choice(state)) is not None:
                    raise asked
                after, verdict = self.resolve_top(state)
            except EngineError as pending:
                if not verdicts:
                    raise
                waiting = state.stack[-1].name
                verdicts[-1] = evolve(
                    _stopped_at(
                        verdicts[-1],
                        f"The stack stops at {waiting}, which needs a choice.",
                        f"The stack stops at {waiting}: {pending}",
                        getattr(pending, "rules", ()),
                    ),
                    offers=(*verdicts[-1].offers, *pending.statements),
                )
                break
            state, verdict = with_death_triggers(state, after, verdict, self.put_own_trigger)
            verdicts.append(verdict)
            if not state.stack:
                break
            if _game_over(state):
                verdicts[-1] = _stopped_at(
                    verdicts[-1],
                    "The game is over, so nothing else on the stack resolves (104.2a).",
                    "",
                    ("104.2a",),
                )
                break
            if state.waiting_triggers:
                first = state.waiting_triggers[0]
                verdicts[-1] = _stopped_at(
                    verdicts[-1],
                    f"The stack stops here: {first.name}'s ability triggered and goes on the "
                    f"stack with {chosen_then(first.text)} {first.controller} chooses before "
                    f"anything else resolves (603.3, 603.3d); say "
                    f"{say_to_put(first.name, first.text)}.",
                    "",
                    ("603.3", "603.3d"),
                )
                break
        return state, verdicts

    # ---- questions ---------------------------------------------------------------------------
    def _source_targeting(
        self,
        state: GameState,
        player: str,
        source: CardData | int,
        face: str | None,
        ability: int | None,
    ):
        """A Targeting and the slots for a card about to be cast, an ability, or a stack object."""
        from bot.engine.mtg.legality import Targeting

        if isinstance(source, int):
            entry = state.stack_entry_or_none(source)
            if entry is not None:
                return targeting_for_entry(state, entry), entry.slots, entry.spec
            obj = state.obj(source)
            if obj.zone is Zone.BATTLEFIELD:
                spec = (
                    self.ability_spec(state, source, AbilityKind.ACTIVATED, ability)
                    if any(
                        a.kind is AbilityKind.ACTIVATED
                        for a in self.read(self._card_of(state, source)).abilities
                    )
                    else self.ability_spec(state, source, AbilityKind.TRIGGERED, ability)
                )
                who = Targeting(
                    state.player(player).name if player else obj.controller,
                    False,
                    obj,
                    None,
                    source,
                    spec,
                    f"{obj.name}'s ability",
                )
                return who, tuple(s for m in spec.modes for s in m.slots), spec
            source = self._card_of(state, source)
        card = source.face(face) if face else (source.faces[0] if source.faces else source)
        alternative = self.targeting_alternative(card)
        spec = self.spell_spec(card, alternative)
        player = state.player(player).name
        spell = object_from_card(
            state.next_id,
            card,
            owner=player,
            controller=player,
            zone=Zone.STACK,
            kind=ObjectKind.SPELL,
        )
        if alternative == BESTOW:
            spell = as_bestowed(spell)
        who = Targeting(player, True, spell, state.next_id, state.next_id, spec, card.name)
        return who, tuple(s for m in spec.modes for s in m.slots), spec

    def is_legal_target(
        self,
        state: GameState,
        player: str,
        source: CardData | int,
        candidate: TargetRef,
        *,
        slot: int = 0,
        face: str | None = None,
        ability: int | None = None,
    ) -> Verdict:
        """Is ``candidate`` a legal choice for slot ``slot`` (index in text order) now?"""
        who, slots, spec = self._source_targeting(state, player, source, face, ability)
        candidate = _canonical(state, candidate)
        if not slots:
            return Verdict(
                VerdictKind.NO, f"{who.name} doesn't target anything (115.10a).", ("115.10a",)
            )
        if not 0 <= slot < len(slots):
            raise EngineError(
                f"{who.name} has {counted(len(slots), 'target slot')}; no slot {slot + 1}."
            )
        target_slot = slots[slot]
        check = check_target(state, who, target_slot, candidate)
        report = SlotReport(
            target_slot.index,
            target_slot.text,
            state.label(candidate),
            candidate if isinstance(candidate, int) else None,
            check.legal,
            check.reason,
            check.rules,
        )
        rules = check.rules
        if check.legal and ("any target" in target_slot.text.lower()):
            rules = ("115.4",)
        reason = (
            f"Yes: {state.label(candidate)} is a legal choice for “{target_slot.text}” of "
            f"{who.name} ({', '.join(rules)})."
            if check.legal
            else f"No: {check.reason}"
        )
        if check.notes:
            reason = reason[:-1] + "; " + check.notes[0].rstrip(".") + "."
        # "blocked" in Smite's "target blocked creature": said, as casting it says (QA 33 W6).
        seen = chosen_objects(state, (candidate,))
        caveat = (
            unchecked_caveat(target_slot, spec.retarget, seen, who.context(state))
            if check.legal
            else ""
        )
        return Verdict(
            VerdictKind.LEGAL if check.legal else VerdictKind.ILLEGAL,
            reason,
            merge_rules(rules, ("702.21a",) if check.notes else ()),
            slots=(report,),
            notes=(*check.notes, *check.hints, *((caveat,) if caveat else ())),
        )

    def _other_face_targeting(
        self, state: GameState, player: str, card: CardData, cast_as: str
    ) -> Verdict | None:
        """Bonecrusher Giant cast as a creature has no targets, but its Adventure Stomp does
        (CR 715.3: the player chooses how it is cast): say so, with that face's legal targets
        (QA 62 M4); None when no other face of ``card`` targets as a spell."""
        for other in card.faces:
            if other.name == cast_as or not other.mana_cost:
                continue  # a transforming card's back face isn't cast (712.11)
            reading = self.read(card.face(other.name))
            if any(a.kind is AbilityKind.SPELL and a.is_targeted for a in reading.abilities):
                adventure = "adventure" in other.type_line.lower()
                how = f"its Adventure, {other.name}" if adventure else f"its face {other.name}"
                split = all(f.mana_cost for f in card.faces) and not card.is_permanent_card
                rule = "715.3" if adventure else "709.3" if split else "712.11"
                listed = self.legal_targets(state, player, card, face=other.name)
                lead = (
                    f"{cast_as} has no targets cast as itself (115.10a), but {how}, does ({rule}). "
                )
                return evolve(
                    listed,
                    reason=lead + listed.reason,
                    rules=merge_rules(("115.10a", rule), listed.rules),
                    lead=lead,
                    face=other.name,
                )
        return None

    def legal_targets(
        self,
        state: GameState,
        player: str,
        source: CardData | int,
        *,
        face: str | None = None,
        ability: int | None = None,
    ) -> Verdict:
        """Every legal choice for every target slot (modes: every slot of every mode)."""
        if isinstance(source, CardData) and face is None and ability is None:
            plain = _with_optional_costs(
                source, gift_to=None, bargained=False, additional_paid=False
            )
            if plain.oracle_text != source.oracle_text and gift_of(source):
                # CR 702.174m: a gift-only target is chosen only if the gift is promised, so
                # the spell has its targets as cast without it, and the others with it.
                without = self.legal_targets(state, player, plain)
                promised = _with_optional_costs(
                    source, gift_to="", bargained=False, additional_paid=False
                )
                with_gift = self.legal_targets(state, player, promised)
                prefix = f"Legal targets for {source.name}: "
                listed = with_gift.reason.removeprefix(prefix).removesuffix(" (115.1, 601.2c).")
                return evolve(
                    without,
                    reason=without.reason.removesuffix(" (115.1, 601.2c).")
                    + f"; with its gift promised (702.174m), instead: {listed} (115.1, 601.2c).",
                    rules=merge_rules(without.rules, ("702.174m",)),
                )
        if (
            isinstance(source, CardData)
            and face is None
            and ability is None
            and any(k.lower() == CLEAVE for k in source.keywords)
        ):
            # CR 702.148a: cast normally the bracketed words count; cast for its cleave cost
            # they don't (Fierce Retribution: an attacking creature, or any creature).
            others = tuple(k for k in source.keywords if k.lower() != CLEAVE)
            normal, cleaved = (
                self.legal_targets(state, player, evolve(source, oracle_text=t, keywords=others))
                for t in cleave_texts(source.oracle_text)
            )
            listed = cleaved.reason.removeprefix(f"Legal targets for {source.name}: ")
            if not any(note.startswith(_NO_LEGAL_CHOICE) for note in cleaved.notes):
                # Cast for its cleave cost it may still have a legal target (702.148a).
                normal = evolve(
                    normal,
                    notes=tuple(n for n in normal.notes if not n.startswith(_NO_LEGAL_CHOICE)),
                )
            return evolve(
                normal,
                reason=normal.reason.removesuffix(" (115.1, 601.2c).")
                + f"; cast for its cleave cost (702.148a), instead: {listed}",
                rules=merge_rules(normal.rules, ("702.148a",)),
            )
        who, slots, spec = self._source_targeting(state, player, source, face, ability)
        if not slots and isinstance(source, CardData):
            targeted = [
                a
                for a in self.read(source).abilities
                if a.is_targeted and a.kind in (AbilityKind.ACTIVATED, AbilityKind.TRIGGERED)
            ]
            if targeted:
                # Prodigal Pyromancer: the spell doesn't target, its ability does, once the
                # permanent is on the battlefield (CR 115.10a, 602.2, 603.3d).
                text = targeted[0].text
                return Verdict(
                    VerdictKind.OK,
                    f"{who.name} doesn't target as it is cast (115.10a), but its "
                    f"{targeted[0].kind.value} ability does: “{text}” It isn't on the "
                    f"battlefield: say “{player} controls {source.name}.” and ask again to "
                    "list that ability's legal targets.",
                    ("115.10a",),
                )
        if not slots:
            if isinstance(source, CardData) and face is None:
                other = self._other_face_targeting(state, player, source, who.name)
                if other is not None:
                    return other
            return Verdict(VerdictKind.OK, f"{who.name} has no targets (115.10a).", ("115.10a",))
        reports = []
        for slot in slots:
            options = legal_options(state, who, slot)
            reports.append(
                SlotReport(
                    slot.index,
                    slot.text,
                    options=tuple(
                        TargetOption(
                            state.label(ref),
                            ref if isinstance(ref, int) else None,
                            ref if isinstance(ref, str) else None,
                        )
                        for ref in options
                    ),
                )
            )
        summary = "; ".join(
            f"“{r.requirement}”: " + (", ".join(o.label for o in r.options) or "nothing")
            for r in reports
        )
        # "blocked" in Smite's "target blocked creature": listed, but said (QA 33 W6).
        caveats = tuple(
            caveat
            for slot, report in zip(slots, reports, strict=True)
            if report.options
            and (
                caveat := unchecked_caveat(
                    slot,
                    spec.retarget,
                    chosen_objects(state, (o.object_id for o in report.options)),
                    who.context(state),
                )
            )
        )
        # Mystic Familiar's threshold protection with no graveyard stated: listed, but said
        # (QA 61 W1), as the yes/no answer says it.
        unsettled = tuple(
            hint
            for report in reports
            for option in report.options
            if option.object_id is not None
            for hint in unsettled_grant_hints(state, who, option.object_id)
        )
        stuck = _no_legal_choice_note(who.name, spec, slots, reports)
        return Verdict(
            VerdictKind.OK,
            f"Legal targets for {who.name}: {summary} (115.1, 601.2c).",
            ("115.1", "601.2c"),
            slots=tuple(reports),
            notes=(*caveats, *dict.fromkeys(unsettled), *stuck),
        )

    def can_play(
        self,
        state: GameState,
        player: str,
        card: CardData | int,
        *,
        face: str | None = None,
        modes: Sequence[int] = (),
        x: int | None = None,
        targets: TargetsArg = (),
        division: Sequence[int] = (),
    ) -> Verdict:
        """A question: could this cast happen now (playing a spell is casting it, CR 601.1)?
        The state is not changed."""
        named = _named_refs(targets)
        if not named:
            # No targets named: can it be cast at all, with these modes (CR 601.2c, 700.2a)?
            try:
                progress = self.start_cast(state, player, card, face=face)
                if modes:
                    progress = progress.choose(tuple(modes))
                progress.check_timing()  # CR 117.1a, as casting it would
            except IllegalActionError as error:
                return Verdict(VerdictKind.NO, "No: " + error.message, error.rules)
            rules = ("601.2c", "700.2a") if modes else ("601.2c",)
            chosen = " with those modes" if modes else ""
            return Verdict(
                VerdictKind.YES,
                f"Yes: {progress.stack_object.name}{chosen} has a legal choice for every "
                f"required target ({', '.join(rules)}).",
                rules,
            )
        _, verdict = self.cast(
            state, player, card, face=face, modes=modes, x=x, targets=targets, division=division
        )
        answer = could_happen(verdict, "casts", "can cast")
        if answer.kind is VerdictKind.NO:
            return answer
        return evolve(
            answer,
            reason=would_trigger(answer.reason),
            notes=tuple(would_trigger(note) for note in answer.notes),
        )

    @staticmethod
    def does_target(text: str, *, type_line: str = "Instant") -> Verdict:
        """CR 115.10: only the word "target" (or a targeting keyword) makes a target."""
        face = read_text(text, type_line=type_line)
        slots = [s for a in face.abilities for m in a.modes for s in m.slots]
        spell_slots = [
            s
            for a in face.abilities
            if a.kind is AbilityKind.SPELL and not is_alternative_cast(a)
            for m in a.modes
            for s in m.slots
        ]
        lowered = type_line.lower()
        if slots and not spell_slots and not any(w in lowered for w in ("instant", "sorcery")):
            # A permanent spell has no targets (only an Aura's does, 115.1b); cast bestowed or
            # for its mutate cost it has one (702.103b, 702.140a); its abilities may (115.1c
            # activated, 115.1d triggered): say which, so "does it target?" is exact.
            parts, rules = [], ["115.1"]
            for ability in face.abilities:
                targets = [s.text for m in ability.modes for s in m.slots]
                if not targets:
                    continue
                listed = ", ".join(f"“{t}”" for t in targets)
                if ability.kind is AbilityKind.SPELL:
                    rule = ALTERNATIVE_CAST_RULES[ability.keyword]
                    rules.append(rule)
                    parts.append(f"{CAST_AS[ability.keyword]}, the spell targets {listed} ({rule})")
                    continue
                rule = "115.1c" if ability.kind is AbilityKind.ACTIVATED else "115.1d"
                if ability.keyword:
                    # Equip, modular...: keywords that stand for targeted abilities (115.1e).
                    rule = f"{rule}, 115.1e"
                rules.extend(rule.split(", "))
                what = "activated" if ability.kind is AbilityKind.ACTIVATED else "triggered"
                parts.append(f"its {what} ability “{ability.text}” targets {listed} ({rule})")
            lead = (
                "Yes, but not when cast normally: cast normally, it targets nothing"
                if any(r in ALTERNATIVE_CAST_RULES.values() for r in rules)
                else "Yes, but not as a spell: casting it targets nothing"
            )
            return Verdict(
                VerdictKind.YES,
                lead + " (a permanent spell has no targets, 115.1); " + "; ".join(parts) + ".",
                tuple(dict.fromkeys(rules)),
                slots=tuple(SlotReport(s.index, s.text) for s in slots),
            )
        if slots:
            listed = ", ".join(f"“{s.text}”" for s in slots)
            if "aura" in lowered:
                # CR 115.1b: an Aura spell targets what its enchant ability says; the Aura
                # permanent then targets nothing.
                return Verdict(
                    VerdictKind.YES,
                    f"Yes: as a spell it targets {listed}, from its enchant ability; once on "
                    "the battlefield the Aura targets nothing (115.1b, 303.4a).",
                    ("115.1b", "303.4a"),
                    slots=tuple(SlotReport(s.index, s.text) for s in slots),
                )
            rule = "115.1a" if any(w in lowered for w in ("instant", "sorcery")) else "115.1"
            reason = f"Yes: it targets: {listed} ({rule})."
            cited = ["115.1", rule]
            if _HAS_GIFT.search(text) and not any(
                s
                for a in read_text(
                    "\n".join(
                        _conditional_sentences(line, _GIFT_PROMISED, False, "")
                        for line in text.splitlines()
                    ),
                    type_line=type_line,
                ).abilities
                for m in a.modes
                for s in m.slots
            ):
                # Valley Rally: its only "target" is in "If the gift was promised, ..." (QA 62
                # M5): a target chosen only when the gift is promised (702.174m).
                reason = (
                    f"Yes, only if its gift is promised: then it targets {listed}; cast without "
                    f"the gift it targets nothing (702.174m, {rule})."
                )
                cited.append("702.174m")
            if re.search(r"^overload\b", text, re.IGNORECASE | re.MULTILINE):
                # Cast for its overload cost, "target" reads "each": no targets (702.96b).
                reason = reason[:-1] + (
                    "; but cast for its overload cost it has no targets: its text says “each” "
                    "instead (702.96b)."
                )
                cited.append("702.96b")
            spell_modes = [
                m for a in face.abilities if a.kind is AbilityKind.SPELL for m in a.modes
            ]
            untargeted = [m for m in spell_modes if not m.slots]
            if len(spell_modes) > 1 and untargeted:
                # A modal spell targets only through the modes chosen (700.2, 601.2b-c): Cryptic
                # Command choosing "tap all creatures" and "draw a card" targets nothing.
                reason = reason[:-1] + (
                    f"; only through the modes chosen: {counted(len(untargeted), 'mode')} of "
                    f"its {len(spell_modes)} target nothing, and a choice of only those makes "
                    "it target nothing (700.2, 601.2c)."
                )
                cited += ["700.2", "601.2c"]
            return Verdict(
                VerdictKind.YES,
                reason,
                tuple(dict.fromkeys(cited)),
                slots=tuple(SlotReport(s.index, s.text) for s in slots),
            )
        return Verdict(
            VerdictKind.NO,
            "No: it affects things without using the word “target”, so it doesn't target "
            "(115.10a).",
            ("115.10", "115.10a"),
        )


_ACTION_RULE = {"cast": "601.2c", "activate": "602.2b", "trigger": "603.3d"}
_ACTION_VERB = {"cast": "casts", "activate": "activates", "trigger": "puts on the stack"}


_OTHER_ZONES = ("graveyard", "hand", "exile", "library")


def _with_named_zone(
    state: GameState, error: IllegalActionError, card: CardData | int, targets: TargetsArg
) -> IllegalActionError:
    """When no legal choice exists, say why a named target in another zone isn't one: only
    permanents and objects on the stack can be targets unless the text names the zone (115.2)."""
    if "601.2c" not in error.rules:
        return error
    text = card.oracle_text.lower() if isinstance(card, CardData) else ""
    named = _named_refs(targets)
    if "target spell" in text and "abilit" not in text:
        for ref in named:
            obj = state.objects.get(ref) if isinstance(ref, int) else None
            if obj is not None and obj.kind in (
                ObjectKind.ACTIVATED_ABILITY,
                ObjectKind.TRIGGERED_ABILITY,
            ):
                # Counterspell at Prodigal Sorcerer's ability: a judge quotes 113.9.
                return IllegalActionError(
                    f"{obj.name} is {with_article(obj.kind.value)} on the stack, not a spell: "
                    "abilities on the stack aren't spells (113.9), so “target spell” can't "
                    f"choose it. {error.message}",
                    rules=merge_rules(("113.9",), error.rules),
                )
    if any(zone in text for zone in _OTHER_ZONES):
        return error
    for ref in named:
        obj = state.objects.get(ref) if isinstance(ref, int) else None
        if obj is not None and obj.zone not in (Zone.BATTLEFIELD, Zone.STACK):
            return IllegalActionError(
                f"{obj.name} is in {zone_words(obj.zone)}: only permanents, and spells and "
                "abilities on the stack, can be targets unless the text says another zone "
                f"(115.2). {error.message}",
                rules=merge_rules(("115.2",), error.rules),
            )
    return error


def _with_named_target(error: IllegalActionError, targets: TargetsArg) -> IllegalActionError:
    """When no legal choice exists, say first why the target the user named isn't one
    (Bonesplitter's equip at an opponent's creature: "target creature you control")."""
    found = _why_named_fails(error, _named_refs(targets))
    if found is None:
        return error
    reason, rules = found
    if reason in error.message:
        return error
    if error.without_example is not None:
        # The example is the target named, not another object (QA 57 M5).
        plain, plain_rules = error.without_example
        return IllegalActionError(
            f"{plain}; for example: {reason}", rules=merge_rules(plain_rules, rules)
        )
    return IllegalActionError(f"{reason} {error.message}", rules=merge_rules(error.rules, rules))


def _why_named_fails(
    error: IllegalActionError, named: Sequence[TargetRef]
) -> tuple[str, tuple[str, ...]] | None:
    """Why the first named target that can't be chosen can't be (reason, rules)."""
    if error.why_not is None:
        return None
    for ref in named:
        found = error.why_not(ref)
        if found is not None:
            return found
    return None


def _division_missing(progress: CastInProgress) -> EngineError:
    """CR 601.2d: the division is announced as the spell is cast; a statement that leaves it
    out is asked for it, with the form that says it (found by QA 13: it was "illegal") —
    unless no division can exist: each target gets at least 1 (Conflagrate with X=2 and three
    targets; its ruling of 2021-03-19: "You can't choose more than X targets")."""
    names = [progress.state.label(r) for c in progress.targets for r in c.refs]
    total = division_total(progress.spec, progress.x)
    if total is not None and total < len(names):
        raise IllegalActionError(
            f"{progress.stack_object.name} divides {total} among {len(names)} targets, but each "
            f"target must get at least 1, so it can have at most {total} (601.2d).",
            rules=("601.2d",),
        )
    example = _example_division(total, len(names)) if total is not None else "2 and 1"
    amount = f"its {total}" if total is not None else "the amount"
    return EngineError(
        f"{progress.stack_object.name} divides {amount} among {and_list(names)}: say how as it "
        f"is cast, at least 1 each (601.2d), e.g. “..., dividing {example}.”"
    )


def _example_division(total: int, count: int) -> str:
    """A division of ``total`` among ``count`` targets, at least 1 each: "2 and 1"."""
    if count <= 0 or total < count:
        return "1"
    shares = [1] * count
    shares[0] += total - count
    return and_list(str(n) for n in shares)


def _too_many_targets(
    progress: CastInProgress, remaining: TargetsArg, division: Sequence[int] = ()
) -> IllegalActionError | EngineError:
    """More targets named than the slots take, counted one by one (not in the groups they
    came in).  A slot of a variable number ("one, two, or three targets", "up to two")
    given more than its most is a rules violation (CR 601.2c: the player announces how many
    targets, within what the text allows); with fixed counts only, it is taken for a
    phrasing slip (Lightning Bolt named three targets)."""
    name = progress.stack_object.name
    extra = len(_named_refs(remaining))
    given = sum(len(chosen.refs) for chosen in progress.targets) + extra
    slots = progress.slots
    most = sum(slot.max_count or 0 for slot in slots)
    if any(slot.min_count != slot.max_count for slot in slots):
        texts = "; ".join(f"“{slot.text}”" for slot in slots)
        # A share of 0 in the division announced is a second problem, said too (601.2d).
        nothing = (
            "; and each target must get at least 1 of what is divided, so a share of 0 isn't "
            "allowed (601.2d)"
            if any(amount < 1 for amount in division)
            else ""
        )
        return IllegalActionError(
            f"{name} can have at most {counted(most, 'target')} ({texts}); {given} were given "
            f"(601.2c){nothing}.",
            rules=("601.2c", "601.2d") if nothing else ("601.2c",),
        )
    if progress.spec.unknown and not slots:
        # A target phrase the reader doesn't understand ("target creature with reminder
        # text"): say so, rather than that the ability has no target.
        unread = "; ".join(f"“{text}”" for text in progress.spec.unknown)
        return EngineError(
            f"The bot can't read the target phrase {unread} of {name}, so it can't check "
            f"targets for it.",
            hint="A judge has to check this one by hand; the rules are 115.1 and 601.2c.",
        )
    modal = " for the chosen modes" if progress.spec.choose is not None else ""
    if most == 0 and (condition := _target_only_if(progress)):
        # Valley Rally: "If the gift was promised, target creature you control gains first
        # strike": that target is chosen only if the choice was made (CR 702.174m, 601.2c).
        return EngineError(
            f"{name} has no target as cast this way: its target is chosen only when {condition} "
            f"(601.2c), so {counted(given, 'target')} {'was' if given == 1 else 'were'} more "
            "than it takes.",
            hint="Say the choice with the cast (“… promising the gift …”, “… kicked …”), or "
            "cast it with no targets.",
        )
    if most == 0 and progress.spec.choose is None:
        # Brawl, Showstopper, Hunting Triad: "target" is printed only in an ability the card
        # grants or in another of its abilities (reinforce, a cycling trigger), so the spell
        # itself has no target to choose (CR 115.1, 601.2c).
        return EngineError(
            f"{name} doesn't target anything as it is cast: the “target” in its text belongs "
            f"to another ability (one it grants, or one that works later), so "
            f"{counted(given, 'target')} {'was' if given == 1 else 'were'} more than it takes "
            "(115.1, 601.2c).",
            hint=f"Say “{progress.stack_object.controller} casts {name}.” with no targets.",
        )
    return EngineError(
        f"{name} has {counted(most, 'target')}{modal}; {given} were given, so "
        f"{counted(extra, 'extra target')}.",
        hint="Give targets in the order the card's text asks for them.",
    )


_IF_SENTENCE = re.compile(r"(?:^|(?<=\. ))If (?P<condition>[^,.]+), [^.]*\.")


def _target_only_if(progress: CastInProgress) -> str:
    """The condition ("the gift was promised") of a sentence of the printed spell that
    targets but was left out of the text as cast (a choice not made: gift, kicker, bargain);
    "" when there is none."""
    cast, printed = progress.card, progress.printed
    if cast is None or printed is None or cast.oracle_text == printed.oracle_text:
        return ""
    for found in _IF_SENTENCE.finditer(printed.oracle_text):
        if words_target(found.group(0)) and found.group(0) not in cast.oracle_text:
            return found["condition"]
    return ""


def _named_refs(targets: TargetsArg) -> list[TargetRef]:
    """Every target the user named, slot after slot, as one list."""
    return [r for item in targets for r in ((item,) if isinstance(item, int | str) else item)]


def _check_unchosen_division(progress: CastInProgress, division: Sequence[int]) -> None:
    """A division was announced for a spell whose division isn't chosen as it is cast
    (CR 601.2d is "divided as you choose"): Fireball divides evenly as it resolves, so only
    that even split may be stated; a spell that divides nothing takes none."""
    name = progress.stack_object.name
    evenly = [slot for slot in progress.slots if getattr(slot, "divided_evenly", False)]
    total = division_total(progress.spec, progress.x)
    if not evenly or total is None:
        raise EngineError(
            f"{name} doesn't divide anything among its targets, so “dividing …” has no meaning "
            "for it (601.2d).",
            hint="Leave out “dividing …”.",
        )
    count = sum(len(chosen.refs) for chosen in progress.targets)
    even = [total // count] * count if count else []
    if list(division) != even:
        raise EngineError(
            f"{name} divides its {total} evenly, rounded down, among the targets still legal as "
            f"it resolves: the division isn't chosen (its text; 601.2d is “divided as you "
            f"choose”). With {counted(count, 'target')} that is "
            f"{' and '.join(map(str, even)) or 'nothing'}.",
            hint="Leave out “dividing …”: the bot divides it as it resolves.",
        )


# "When this creature enters" (Flametongue Kavu), "When ~ enters the battlefield": it triggers
# once per object, unlike resolution's _ENTERS_TRIGGER, which also reads "Whenever this or
# another creature enters" (one trigger per creature entering).
# Triggers of a permanent spell that work while it is on the stack (CR 113.6k: "When you cast
# this spell" can't trigger from the battlefield; cascade and storm are put on the stack by the
# bot as the spell is cast).
_CAST_TRIGGER = re.compile(r"(?:when|whenever) you cast (?:this spell|~)\b", re.IGNORECASE)
_SELF_ENTERS_TRIGGER = re.compile(
    # (An ability word before it, "Undergrowth — When ...", has no rules meaning, 207.2c.)
    rf"(?:{ABILITY_WORD_PREFIX})?when (?:this [a-z]+|~|[^,]*?) enters(?: the battlefield)?\s*,",
    re.IGNORECASE,
)
# "When this Aura is put into a graveyard from the battlefield, ..." (Rancor): its own leaving
# alone, which happens once for the card it became ("Whenever this creature or another creature
# dies", Blood Artist, triggers again and again).
_ONCE_ON_LEAVING = re.compile(r"when (?!.*\bor another\b)", re.IGNORECASE)
# "Whenever Korvold enters or attacks, ...": its own entering among other events; "whenever"
# also starts other permanents' watches ("Whenever another creature enters"), so the name must
# be its own.
_NAMED_ENTERS_OR = re.compile(
    r"whenever (?P<name>this [a-z]+|~|[^,]+?) enters(?: the battlefield)? or [^,]+,", re.IGNORECASE
)


def _is_own_enters_trigger(text: str, name: str) -> bool:
    """Whether the triggered ability ``text`` of the permanent ``name`` triggers as that
    permanent enters (CR 603.6a)."""
    if _SELF_ENTERS_TRIGGER.match(text):
        return True
    named = _NAMED_ENTERS_OR.match(text)
    return named is not None and (
        named["name"].lower().startswith("this ")
        or named["name"] == "~"
        or names_itself(named["name"], name)
    )


@dataclass(frozen=True)
class _StatedDamage:
    """What a stated "X deals N damage to Y" did, before the state-based actions."""

    state: GameState
    target: TargetRef  # where it went, after a redirection (614.9)
    said: str
    notes: tuple[str, ...]
    rules: tuple[str, ...]
    deathtouched: tuple[int, ...]


def _stated_damage(
    state: GameState, source_id: int, target: TargetRef, amount: int, *, combat: bool
) -> _StatedDamage:
    """``source_id`` deals ``amount`` damage to ``target`` as a statement says (CR 120.3):
    redirected first (614.9), then protection, shields, infect, wither, lifelink applied
    (``damage_from``); a "deals combat damage to a player" trigger is named (603.2)."""
    source = as_seen(state, state.obj(source_id))
    said = f"{state.label(source_id)} deals {amount} damage to {state.label(target)}"
    redirected = state.redirected(source_id, target, combat=combat)
    if redirected is not None:
        # CR 614.9: a redirection effect (Mirror Strike) replaces the damage to ``target``
        # with the same damage to another player or permanent.
        target, effect = redirected
        said += f"; {effect.by}'s effect deals it to {state.label(target)} instead (614.9)"
    elif not combat and (would := state.redirected(source_id, target, combat=True)):
        said += (
            f"; {would[1].by}'s effect redirects only combat damage, so it doesn't apply: "
            f"if this is combat damage, say “{state.label(source_id)} deals {amount} "
            f"combat damage to {state.label(target)}.” (614.9)"
        )
    if isinstance(target, int):
        hurt = as_seen(state, state.obj(target))
        if hurt.zone is not Zone.BATTLEFIELD or not DAMAGEABLE & set(hurt.card_types):
            raise EngineError(
                f"{hurt.name} isn't a creature, planeswalker or battle on the battlefield: "
                "damage is dealt only to those and to players (120.1).",
                hint="Say which creature or player it deals damage to.",
            )
    done = damage_from(state, source, target, amount)
    state, dealt = done.state, done.dealt
    notes, rules = list(done.notes), list(done.rules)
    if redirected is not None:
        rules.append("614.9")
    if dealt and isinstance(target, str):
        # CR 603.2: "Whenever this creature deals combat damage to a player" (Ninja of the
        # Deep Hours, the Swords) triggers; the user puts it on the stack (603.3).
        state, triggered, trigger_rules = damage_trigger_notes(
            state, source_id, target, combat=combat
        )
        notes.extend(triggered)
        rules.extend(trigger_rules)
    deathtouched = (target,) if done.deathtouched and isinstance(target, int) else ()
    return _StatedDamage(state, target, said, tuple(notes), tuple(rules), deathtouched)


def _settled(state: GameState, said: str, ids: Sequence[int | str]) -> tuple[GameState, Verdict]:
    """A change stated by the user, then the state-based actions it brings about (CR 704.3):
    an Aura whose enchanted permanent gained protection from it or stopped being what it may
    enchant (702.16c, 303.4c), a creature whose toughness fell to 0."""
    after, fallout = state_based_actions(state, list(ids))
    more = "".join(f"; {note}" for note in fallout)
    rules = ("704.3", *RULE_NUMBER.findall(more)) if fallout else ()
    return ok_result(after, f"{said}{more}.", rules, ids=[i for i in ids if isinstance(i, int)])


def _illegal(error: IllegalActionError) -> Verdict:
    rules = merge_rules(error.rules, ("732.1",))
    return Verdict(VerdictKind.ILLEGAL, error.message, rules)


def _canonical(state: GameState, ref: TargetRef) -> TargetRef:
    if isinstance(ref, str):
        return state.player(ref).name
    state.obj(ref) if ref not in state.departures else None
    return ref


def _matching(keywords: frozenset[str], ability: str) -> frozenset[str]:
    wanted = ability.lower().strip()
    if wanted == "hexproof":  # CR 702.11e
        return frozenset(k for k in keywords if k == "hexproof" or k.startswith("hexproof from"))
    if wanted in ("protection", "all protection"):
        return frozenset(k for k in keywords if k.startswith("protection"))
    if wanted == "ward":  # every ward ability, whatever its cost (702.21a)
        return frozenset(k for k in keywords if re.match(r"ward\b", k))
    return frozenset(k for k in keywords if k == wanted or k.startswith(wanted + " "))


def _ward_form(text: str) -> str:
    """ "ward 2" -> "ward {2}" as Oracle writes it."""
    parts = text.split()
    if len(parts) == 2 and parts[0] == "ward" and parts[1].isdigit():
        return f"ward {{{parts[1]}}}"
    return text


_RETARGET_OBJECT = re.compile(
    r"target (spell or ability|instant or sorcery spell|activated ability|spell)", re.I
)


def _with_retarget_slot(spec: AbilitySpec) -> AbilitySpec:
    """Work around the reader giving "choose new targets for target spell" no slot
    (Redirect, Deflecting Swat, Wild Ricochet): add the "target spell" slot it names."""
    if spec.retarget is None or spec.is_targeted or len(spec.modes) != 1:
        return spec
    match = _RETARGET_OBJECT.search(spec.text)
    if match is None:
        return spec
    probe = read_text(f"Counter {match.group(0)}.")
    slots = [s for a in probe.abilities for m in a.modes for s in m.slots]
    if not slots:
        return spec
    mode = spec.modes[0]
    effects = tuple(
        evolve(e, slot_indexes=e.slot_indexes or (0,)) if "target" in e.text.lower() else e
        for e in mode.effects
    )
    new_mode = evolve(mode, slots=(evolve(slots[0], index=0),), effects=effects)
    return evolve(spec, modes=(new_mode,))


# The keyword lines themselves: "Kicker {R}", "Overload {3}{R}{R}{R}" (not the lines they change).
_KICKER_LINE = remembered(re.compile(r"^(?:kicker|multikicker)\b", re.IGNORECASE))
_OVERLOAD_LINE = re.compile(r"^overload\b", re.IGNORECASE)
_KICKED_SENTENCE = re.compile(
    r"(?:(?<=^)|(?<=[.]\s))If (?:this spell|it) was kicked(?: with its [^,]+ kicker)?, ([^.]*\.)"
)
_KICKED_EXTRA_TARGET = re.compile(
    r"^Choose any target, then choose another target for each time this spell was kicked\. "
    r"(?P<name>.+?) deals (?P<amount>X|\d+) damage to each of them\.$",
    re.IGNORECASE,
)
# Strength of the Tajuru: "Choose target creature, then choose another target creature for each
# time this spell was kicked. Put X +1/+1 counters on each of them."
_KICKED_EXTRA_CHOICE = re.compile(
    r"^Choose (?P<first>[^,.]+), then choose another (?P<other>[^,.]+?) for each time this "
    r"spell was kicked\. (?P<rest>.+)$",
    re.IGNORECASE,
)
_KICKED_TRIGGER = re.compile(
    r"^(?P<event>When(?:ever)? [^,]+), if (?:it|this spell) was kicked(?: (?P<times>twice|"
    r"[a-z]+ times))?, (?P<effect>.+)$",
    re.IGNORECASE,
)
_X_IS_KICKS = re.compile(
    r",? where X is the number of times (?:this [a-z]+|it|he|she|they) was kicked", re.IGNORECASE
)
_ONE_PER_KICK = re.compile(
    r"\ban? (?P<noun>card|creature|land|permanent|token) for each time (?:it|this spell|this "
    r"creature) was kicked",
    re.IGNORECASE,
)
_COUNTER_PER_KICK = re.compile(
    r"enters with an? (?P<kind>[+-]\d+/[+-]\d+|[a-z]+) counter on (?P<on>it|him|her|them) for "
    r"each time (?:it|he|she|they) was kicked",
    re.IGNORECASE,
)
# "it deals 4 damage instead" (Burst Lightning), "instead it deals 10 damage to that permanent or
# player and the damage can't be prevented" (Urza's Rage): a new amount for the same target.
_DAMAGE_INSTEAD = re.compile(
    r"^(?:it deals (?P<amount>\d+|X) damage instead|instead it deals (?P<amount_first>\d+|X) "
    r"damage to that (?:permanent or player|creature or player|creature|player|permanent))"
    r"(?: and (?P<also>[^.]+))?\.$",
    re.IGNORECASE,
)


def _shifted(printed: int | None, change: int) -> int | None:
    """A printed power or toughness with what effects changed while it was face down."""
    return None if printed is None else printed + change


def _kicker_adds_a_target(card: CardData) -> bool:
    """Whether "if this spell was kicked, ..." asks for a target of its own (Orim's Thunder)."""
    return any(
        re.search(r"\btargets?\b", m.group(1)) for m in _KICKED_SENTENCE.finditer(card.oracle_text)
    )


def _kicks_add_targets(card: CardData) -> bool:
    """Whether each kick adds a target (Comet Storm: "another target for each time ...")."""
    return any(
        _KICKED_EXTRA_TARGET.match(line) or _KICKED_EXTRA_CHOICE.match(line)
        for line in card.oracle_text.splitlines()
    )


def _times_word(times: int) -> str:
    return {1: "once", 2: "twice"}.get(times, f"{times} times")


def _with_kicker_choice(card: CardData, kicked: int) -> CardData:
    """The spell's text as cast: with its kicker paid (``kicked`` times), its "if this spell
    was kicked" parts apply (CR 702.33d-e); without, they don't, and a target only they ask
    for isn't required (CR 601.2c: "the spell is cast as though it did not require those
    targets")."""
    lines = card.oracle_text.splitlines()
    kickers = [line for line in lines if _KICKER_LINE.match(line)]
    if not kickers:
        if kicked:
            raise IllegalActionError(
                f"{card.name} has no kicker, so it can't be kicked (702.33a).",
                rules=("702.33a",),
            )
        return card
    most = _most_kicks(kickers)
    if most is not None and kicked > most:
        # CR 702.33d: only a spell with two kicker costs or multikicker is kicked more than once.
        raise IllegalActionError(
            f"{card.name} has {counted(most, 'kicker cost')}, so it can be kicked at most "
            f"{_times_word(most)}; only multikicker can be paid any number of "
            "times (702.33c, 702.33d).",
            rules=("702.33c", "702.33d"),
        )
    text = "\n".join(_kicked_line(line, kicked, card.name) for line in lines)
    return evolve(card, oracle_text=re.sub(r"\n{2,}", "\n", text).strip())


# Gift, bargain and optional additional costs (Requiting Hex's "you may blight 1"): each a
# choice made as the spell is cast (CR 601.2b) that turns on the sentences which say so.
_GIFT_LINE = re.compile(r"^Gift (?P<what>an? [^(]+?)\s*(?:\(.*\))?$", re.IGNORECASE)
_BARGAIN_LINE = re.compile(r"^Bargain\b", re.IGNORECASE)
_MANA_SYMBOL = re.compile(r"\{([^}]+)\}")


def _escalate_words(after: GameState, progress: CastInProgress) -> str:
    """How a spell cast with several modes paid its escalate cost (CR 702.120a: "For each mode
    you choose beyond the first as you cast this spell, you pay an additional [cost]"), said
    after its name; "" when it has no escalate or one mode."""
    card = progress.printed or progress.card
    if card is None:
        return ""
    escalate = ESCALATE.search(card.oracle_text)
    entry = next((e for e in after.stack if e.object_id == progress.stack_object.id), None)
    if escalate is None or entry is None or len(entry.modes) < 2:
        return ""
    cost, beyond = escalate["cost"].strip(), len(entry.modes) - 1
    symbols = _MANA_SYMBOL.findall(card.mana_cost + cost * beyond)
    if _MANA_SYMBOL.sub("", cost) or not symbols:
        # Collective Brutality's "Discard a card": said beside the mana cost.
        cost = f"“{cost[:1].lower()}{cost[1:]}”"
        total = f"{card.mana_cost} and {cost[1:-1]}" + (
            f", {_times_word(beyond)}" if beyond > 1 else ""
        )
    else:
        generic = sum(int(s) for s in symbols if s.isdigit())
        coloured = "".join(f"{{{s}}}" for s in symbols if not s.isdigit())
        total = (f"{{{generic}}}" if generic or not coloured else "") + coloured
    each = "for the mode" if beyond == 1 else "once for each mode"
    in_all = " in all" if total.endswith("}") else ""
    return (
        f" with its escalate cost {cost} paid {_times_word(beyond)}, {each} beyond the first "
        f"({total}{in_all}, 702.120a)"
    )


_OPTIONAL_ADDITIONAL_COST = re.compile(
    r"^As an additional cost to cast this spell, you may (?P<cost>[^.(]+)",
    re.IGNORECASE | re.MULTILINE,
)
# CR 702.174d-i: the effect each gift stands for, done by the chosen opponent.
_GIFT_EFFECTS = {
    "a food": "creates a Food token",
    "a card": "draws a card",
    "a tapped fish": "creates a tapped 1/1 blue Fish creature token",
    "an extra turn": "takes an extra turn after this one",
    "a treasure": "creates a Treasure token",
    "an octopus": "creates an 8/8 blue Octopus creature token",
}


def _if_sentence(condition: str) -> re.Pattern[str]:
    return re.compile(r"(?:(?<=^)|(?<=[.]\s))If " + condition + r", ([^.]*\.)", re.IGNORECASE)


_GIFT_PROMISED = _if_sentence(r"the gift was promised")
_GIFT_NOT_PROMISED = _if_sentence(r"the gift (?:wasn't|was not) promised")
_BARGAINED = _if_sentence(r"this spell was bargained")
_ADDITIONAL_COST_PAID = _if_sentence(r"this spell's additional cost was paid")


def _gift_receiver(state: GameState, player: str, name: str, named: str) -> str:
    """The opponent a gift is promised to (CR 702.174a: "you may choose an opponent"):
    the one named, or the only opponent when none is named."""
    opponents = [p for p in state.players_in_game if p != player]
    if named:
        if not state.has_player(named) or state.player(named).name == player:
            raise IllegalActionError(
                f"A gift is promised to an opponent of {player} (702.174a), and {named} isn't one.",
                rules=("702.174a",),
            )
        return state.player(named).name
    if len(opponents) != 1:
        raise IllegalActionError(
            f"{player} has {len(opponents)} opponents: say which one {name}'s gift is "
            "promised to (702.174a).",
            rules=("702.174a",),
            hint=f"Say “… casts {name} promising the gift to Bob …”.",
        )
    return opponents[0]


# A card with a gift keyword line (702.174a).
_HAS_GIFT = re.compile(r"^Gift\b", re.MULTILINE)


def gift_of(card: CardData) -> str | None:
    """What a card's gift gives ("a card", "a tapped Fish"), or None without gift."""
    return next(
        (m["what"] for line in card.oracle_text.splitlines() if (m := _GIFT_LINE.match(line))),
        None,
    )


def _with_optional_costs(
    card: CardData, *, gift_to: str | None, bargained: bool, additional_paid: bool
) -> CardData:
    """The spell's text as cast with its gift promised to ``gift_to`` (None: not promised),
    bargained or not, its optional additional cost paid or not: the sentences that depend
    on the choice apply or go (CR 702.174m, 702.166d: their targets are chosen only if the
    choice was made; 601.2c), and a promised gift's effect comes first (702.174j)."""
    lines = card.oracle_text.splitlines()
    gift = gift_of(card)
    if gift_to is not None and gift is None:
        raise IllegalActionError(
            f"{card.name} has no gift, so no gift can be promised (702.174a).", rules=("702.174a",)
        )
    if bargained and not any(_BARGAIN_LINE.match(line) for line in lines):
        raise IllegalActionError(
            f"{card.name} has no bargain, so it can't be bargained (702.166a).",
            rules=("702.166a",),
        )
    if additional_paid and not any(_OPTIONAL_ADDITIONAL_COST.match(line) for line in lines):
        raise IllegalActionError(
            f"{card.name} has no optional additional cost (“As an additional cost to cast this "
            "spell, you may …”) to pay (601.2b).",
            rules=("601.2b",),
        )
    if gift is None and not any(
        p.search(card.oracle_text) for p in (_BARGAINED, _ADDITIONAL_COST_PAID)
    ):
        return card
    settled: list[str] = []
    for line in lines:
        if bargained and _BARGAIN_LINE.match(line):
            # CR 702.166a: its cost, now paid, read the way the sacrifice check reads costs.
            settled.append(
                "As an additional cost to cast this spell, sacrifice an artifact or enchantment "
                "or token."
            )
            continue
        if _GIFT_LINE.match(line):
            if not card.types.card_types & {"instant", "sorcery"}:
                # A permanent's gift is a triggered ability as it enters (702.174b): kept.
                settled.append(line)
                continue
            # An instant's or sorcery's keyword line says no more than its two abilities,
            # settled here: the gift's effect first, when promised (CR 702.174b, 702.174j).
            effect = _GIFT_EFFECTS.get(gift.lower()) if gift else None
            if gift_to and effect:
                settled.append(f"{gift_to} {effect}.")
            continue
        line = _conditional_sentences(line, _GIFT_PROMISED, gift_to is not None, card.name)
        line = _conditional_sentences(line, _GIFT_NOT_PROMISED, gift_to is None, card.name)
        line = _conditional_sentences(line, _BARGAINED, bargained, card.name)
        line = _conditional_sentences(line, _ADDITIONAL_COST_PAID, additional_paid, card.name)
        if line:
            settled.append(line)
    return evolve(card, oracle_text="\n".join(settled))


def _most_kicks(kickers: list[str]) -> int | None:
    """How many times a spell with these kicker lines can be kicked; None for any number
    (multikicker, CR 702.33c); two for "Kicker {A} and/or {B}" (702.33b)."""
    if any(line.lower().startswith("multikicker") for line in kickers):
        return None
    return sum(1 + line.lower().count(" and/or ") for line in kickers)


def _kicked_line(line: str, kicked: int, name: str) -> str:
    if _KICKER_LINE.match(line):
        return line
    if x_kicks := _X_IS_KICKS.search(line):
        # Marshal's Anthem: "up to X target creature cards ..., where X is the number of
        # times this enchantment was kicked": X is the kicks paid (CR 702.33c, 107.3).
        line = re.sub(r"\bX\b", str(kicked), line[: x_kicks.start()] + line[x_kicks.end() :])
    if per_kick := _ONE_PER_KICK.search(line):
        # Bloodhusk Ritualist: "discards a card for each time it was kicked" -> "discards 2
        # cards" (CR 702.33c: the number of kicks paid).
        line = line.replace(per_kick.group(0), counted(kicked, per_kick["noun"]))
    if counters := _COUNTER_PER_KICK.search(line):
        # Gnarlid Pack, Everflowing Chalice: "enters with a +1/+1 (charge) counter on it for
        # each time it was kicked" reads as the number of kicks (CR 702.33c), which
        # printed_enters_with counts on entering.
        if not kicked:
            return ""
        kind = counters["kind"]
        return line.replace(
            counters.group(0), f"enters with {kicked} {kind} counters on {counters['on']}"
        )
    if trigger := _KICKED_TRIGGER.match(line):
        # Goblin Ruinblaster: "When this creature enters, if it was kicked, ..." is an
        # intervening "if" (CR 603.4): unkicked, the ability doesn't trigger at all; Archangel
        # of Wrath's "if it was kicked twice" needs both kicker costs paid (702.33d).
        times = trigger["times"]
        needed = 1 if not times else 2 if times == "twice" else number_value(times.split()[0]) or 1
        return f"{trigger['event']}, {trigger['effect']}" if kicked >= needed else ""
    if extra := _KICKED_EXTRA_TARGET.match(line):
        # Comet Storm: one target, and another for each time it was kicked, each dealt X
        # (CR 601.2c: targets it requires only if kicked aren't required otherwise).
        name, amount = extra["name"], extra["amount"]
        more = "".join(f" and {amount} damage to another target" for _ in range(kicked))
        return f"{name} deals {amount} damage to any target{more}."
    if extra := _KICKED_EXTRA_CHOICE.match(line):
        # Strength of the Tajuru: one more target creature for each kick (CR 601.2c).
        more = "".join(f", then choose another {extra['other']}" for _ in range(kicked))
        return f"Choose {extra['first']}{more}. {extra['rest']}"
    return _conditional_sentences(line, _KICKED_SENTENCE, bool(kicked), name)


def _conditional_sentences(line: str, sentence: re.Pattern[str], paid: bool, name: str) -> str:
    """``line`` with its sentences "If [an optional cost was paid], [effect]" (``sentence``,
    the effect its first group) settled as cast: paid, the effect applies (replacing what it
    says it replaces "instead"); unpaid, the sentence goes, targets and all (CR 601.2c:
    "the spell is cast as though it did not require those targets"; 702.33d kicker, 702.166d
    bargain, 702.174m gift)."""
    kicked = paid
    for match in reversed(list(sentence.finditer(line))):
        effect = match.group(1)
        before, after = line[: match.start()], line[match.end() :]
        instead = _DAMAGE_INSTEAD.match(effect)
        if not kicked:
            line = before.rstrip() + (" " if before.strip() and after.strip() else "") + after
        elif instead:
            # Burst Lightning: "it deals 4 damage instead" changes the amount before it (a
            # replacement: one amount, not both, CR 614.1a).
            amount = instead["amount"] or instead["amount_first"]
            amended = re.sub(r"deals (\d+|X) damage", f"deals {amount} damage", before)
            also = (
                f" {instead['also'][:1].upper()}{instead['also'][1:]}." if instead["also"] else ""
            )
            line = amended.rstrip() + also + (" " + after.lstrip() if after.strip() else "")
        elif replaced := _instead_of_last(before, effect, name):
            # "If this spell was kicked, [effect] instead": the kicked effect replaces the
            # sentence before it, targets and all (CR 614.1a; Bog Down's ruling: "The player
            # discards 2 cards or 3 cards, not 5 cards"; Fight with Fire, Blood Beckoning
            # ask for other targets when kicked, 702.33d).
            line = replaced + (" " + after.lstrip() if after.strip() else "")
        else:
            effect = _the_spell_deals(effect, name)
            line = before + effect[:1].upper() + effect[1:] + after
    return line.strip()


def _the_spell_deals(effect: str, name: str) -> str:
    """A kicked "it deals ..." is the spell dealing it, not the object the sentence before
    named (Jilt: "it deals 2 damage to another target creature"; Breath of Darigaaz)."""
    return name + effect[len("it") :] if effect.lower().startswith("it deals ") else effect


_INSTEAD = re.compile(r"^(?:instead,? (?P<first>.+)|(?P<last>.+) instead)\.$", re.IGNORECASE)
# The opening of a triggered ability, kept when its effect is replaced ("When this creature
# enters, destroy all lands you control" -> "..., destroy all lands").
_TRIGGER_OPENING = re.compile(r"^(?:When|Whenever|At)\b[^,]*,\s*")
# "that creature" in a kicked effect: the object the replaced sentence targeted.
_THAT_OBJECT = re.compile(r"\bthat (creature|spell|player|permanent|land|artifact)\b")


def _instead_of_last(before: str, effect: str, name: str) -> str | None:
    """``before`` with its last sentence replaced by the kicked ``effect`` ("that creature
    gets -6/-6 until end of turn instead."), or None if ``effect`` replaces nothing."""
    instead = _INSTEAD.match(effect.strip())
    sentences = re.split(r"(?<=\.)\s+", before.strip())
    if instead is None or not sentences[-1]:
        return None
    replaced = sentences[-1]
    text = instead["first"] or instead["last"]
    if text.lower().startswith("it deals "):
        text = _the_spell_deals(text, name)
    elif re.match(r"(?i)it\b", replaced):
        text = _THAT_OBJECT.sub("it", text, count=1)  # Gift of Growth: "It gets +2/+2 ..."
    elif replaced.lower().count("target ") == 1:
        # Final Flourish: "Target creature gets -2/-2 ... that creature gets -6/-6 instead."
        text = _THAT_OBJECT.sub(r"target \1", text, count=1)
    opening = _TRIGGER_OPENING.match(replaced)
    text = opening.group(0) + text if opening else text[:1].upper() + text[1:]
    return " ".join([*sentences[:-1], text + "."])


def split_second_spell(state: GameState) -> StackEntry | None:
    """The spell with split second on the stack, if any (CR 702.61a)."""
    return next(
        (
            entry
            for entry in state.stack
            if entry.spec.kind is AbilityKind.SPELL
            and "split second" in state.keywords_of(entry.object_id)
        ),
        None,
    )


def _refuse_under_split_second(state: GameState, action: str) -> None:
    """CR 702.61a: while a spell with split second is on the stack, players can't cast spells
    or activate abilities that aren't mana abilities (triggered abilities still trigger)."""
    if (entry := split_second_spell(state)) is not None:
        raise IllegalActionError(
            f"{entry.name} has split second: while it is on the stack, players can't cast "
            f"spells or activate abilities that aren't mana abilities, so {action} isn't "
            "possible now (702.61a).",
            rules=("702.61a",),
        )


_EXILE_FROM_GRAVEYARD = re.compile(r"\bexile this card from your graveyard\b", re.IGNORECASE)


def _ability_zone(spec: AbilitySpec) -> Zone:
    """Where an activated ability works (CR 113.6m): one whose cost or effect moves its card
    out of a graveyard or a hand works only there; others on the battlefield."""
    text = spec.text.lower()
    if "this card from your graveyard" in text:
        return Zone.GRAVEYARD
    if "discard this card" in spec.cost.lower():
        return Zone.HAND
    return Zone.BATTLEFIELD


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")
_DISCARDS_A_CARD = re.compile(r"\bdiscard (?:a|one|two|\d+) cards?\b", re.IGNORECASE)


def is_mana_ability(spec: AbilitySpec) -> bool:
    """CR 605.1a: an activated ability without a target that could add mana, and not a
    loyalty ability ("Add {G}", "Add one mana of any color", "Add X mana ...")."""
    if spec.is_targeted or re.match(r"^\[?[+−-]?(?:\d+|X)\]?:", spec.text):
        return False
    return bool(_ADDS_MANA.search(spec.text))


# CR 305.6: the intrinsic mana ability of each basic land type.
_BASIC_LAND_MANA = {"plains": "W", "island": "U", "swamp": "B", "mountain": "R", "forest": "G"}
_ADDS_MANA = re.compile(r"\badd (?:\{|(?:\w+ )?(?:mana|amount of))", re.IGNORECASE)


def _mana_ability_paid(
    state: GameState, source_id: int, spec: AbilitySpec
) -> tuple[GameState, str]:
    """The state after a mana ability's cost is paid ({T} taps its source, "Sacrifice this
    artifact" sacrifices it; 602.2b, 605.3a), and what the answer says about it."""
    source = state.obj(source_id)
    paid_life = ""
    if life := life_in_cost(spec.cost):
        # CR 119.4: Horizon Canopy's "Pay 1 life" is lost as the mana ability is activated.
        payer = state.player(source.controller)
        state = state.with_player(evolve(payer, life=payer.life - life))
        paid_life = f"; {payer.name} pays {life} life ({payer.life - life} left)"
    if taps_its_source(spec.cost):
        state = state.with_object(evolve(source, tapped=True))
    if source.zone is Zone.BATTLEFIELD and sacrifices_its_source(spec.cost, source.name):
        state, _ = state.move(source_id, Zone.GRAVEYARD, "was sacrificed to pay a cost")
        return state, f"; {source.name} is sacrificed to pay its cost{paid_life}"
    tapped = "; its source is tapped to pay its cost" if taps_its_source(spec.cost) else ""
    return state, tapped + paid_life


def _overloaded(card: CardData) -> CardData:
    """CR 702.96a: cast for its overload cost, the spell's text says "each" wherever it said
    "target" (Mizzium Mortars: "... to each creature you don't control")."""
    lines = card.oracle_text.splitlines()
    if not any(_OVERLOAD_LINE.match(line) for line in lines):
        raise IllegalActionError(
            f"{card.name} has no overload, so it can't be cast for an overload cost (702.96a).",
            rules=("702.96a",),
        )

    def each(match: re.Match[str]) -> str:
        return "Each" if match.group(0)[0] == "T" else "each"

    text = "\n".join(
        line if _OVERLOAD_LINE.match(line) else re.sub(r"\b[Tt]arget\b", each, line)
        for line in lines
    )
    return evolve(card, oracle_text=text)


# "... sacrifice a creature." (Fling); "... pay 5 life or sacrifice a creature or enchantment."
# (Final Payment: sacrificing is one of its choices).
_SACRIFICE_COST = re.compile(
    r"as an additional cost to cast this spell, (?:pay \d+ life or )?(?P<cost>sacrifice [^.]+)",
    re.IGNORECASE,
)
_FLASHBACK_COST = re.compile(r"^flashback\s*[—-]\s*(?P<cost>[^(\n]*)", re.IGNORECASE | re.M)
_SACRIFICE_WHAT = re.compile(
    r"\bsacrifice (?:(?P<more>one or more) |(?P<n>an?|one|two|three|four|five|six|\d+) )?"
    r"(?P<what>[a-z ]+)",
    re.IGNORECASE,
)
_SACRIFICE_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def _sacrifice_cost(card: CardData, flashback: bool) -> re.Match[str] | None:
    """The "Sacrifice ..." part of the cost paid to cast ``card``: its flashback cost when cast
    with flashback (CR 702.34a: paid rather than its mana cost; Lava Dart "Flashback—Sacrifice
    a Mountain"), else an additional cost (Fling, CR 118.8)."""
    if flashback:
        line = _FLASHBACK_COST.search(card.oracle_text)
        if line is not None and (found := _SACRIFICE_WHAT.search(line["cost"])) is not None:
            return found
    cost = _SACRIFICE_COST.search(card.oracle_text)
    if cost is None and sacrifices_for_alternative_cost(card.oracle_text):
        # CR 118.9: "You may sacrifice two Mountains rather than pay this spell's mana cost"
        # (Fireblast): an alternative cost that sacrifices.
        return next(
            found
            for alternative in alternative_costs(card.oracle_text)
            if (found := _SACRIFICE_WHAT.search(alternative)) is not None
        )
    return _SACRIFICE_WHAT.search(cost["cost"]) if cost is not None else None


def _check_sacrifice(
    state: GameState,
    player: str,
    card: CardData,
    sacrificed: Sequence[int],
    *,
    flashback: bool = False,
) -> None:
    """CR 601.2h, 118.3: only a spell whose cost says to sacrifice can be paid that way, and
    only with as many permanents of the kind it names as it says, which its caster controls."""
    cost = _sacrifice_cost(card, flashback)
    if cost is None:
        raise IllegalActionError(
            f"{card.name} has no cost that sacrifices a permanent, so nothing is sacrificed to "
            "cast it (601.2h).",
            rules=("601.2h",),
        )
    words = cost["what"].split()
    kind = words[0].lower() if words else "permanent"
    number = cost["n"]
    if number is not None and not cost["more"]:
        wanted = int(number) if number.isdigit() else _SACRIFICE_NUMBERS.get(number.lower(), 0)
        if wanted and len(sacrificed) != wanted:
            # CR 601.2h, 118.3: the cost is paid in full, no more and no less.
            raise IllegalActionError(
                f"{card.name}'s cost is “{cost[0].strip()}”: {wanted} to sacrifice, "
                f"{len(sacrificed)} named (601.2h).",
                rules=("601.2h", "118.3"),
            )
    singular = kind[:-1] if kind.endswith("s") and kind != "permanents" else kind
    # "a creature or enchantment" (Final Payment): any of the kinds it names.
    kinds = {singular, *(w.lower() for w in re.findall(r"\bor (\w+)", cost["what"]))}
    for object_id in sacrificed:
        obj = _sacrificable(state, player, object_id)
        if kind not in ("permanent", "permanents") and not any(
            k in obj.card_types
            or k in obj.subtypes
            or (k == "token" and obj.kind is ObjectKind.TOKEN)  # bargain (702.166a)
            for k in kinds
        ):
            wanted_kind = cost["what"].strip() if len(kinds) > 1 else singular
            raise IllegalActionError(
                f"{card.name}'s cost sacrifices a {wanted_kind}, and {obj.name} isn't one "
                "(601.2h).",
                rules=("601.2h",),
            )


def _sacrificable(state: GameState, player: str, object_id: int) -> GameObject:
    """The permanent ``player`` sacrifices to pay a cost; raises if it isn't one they control
    on the battlefield (CR 701.21a, 118.3)."""
    obj = state.obj(object_id)
    if obj.zone is not Zone.BATTLEFIELD or obj.controller != player:
        raise IllegalActionError(
            f"{player} can sacrifice only a permanent {player} controls on the battlefield, "
            f"and {obj.name} isn't one (701.21a, 118.3).",
            rules=("701.21a", "118.3"),
        )
    return obj


def _with_life(
    state: GameState, name: str, life: int, said: str, rules: tuple[str, ...]
) -> tuple[GameState, Verdict]:
    """``name``'s life total set to ``life``; at 0 or less the player loses (704.5a), checked
    as a state-based action.  A player who left the game has no life total to change (104.5)."""
    _refuse_out_of_game(state, name, "gain or lose life")
    player = state.player(name)
    after, verdict = _settled(state.with_player(evolve(player, life=life)), said, ())
    return after, evolve(verdict, rules=merge_rules(rules, verdict.rules))


_CARD_TYPE_WORDS = frozenset(
    {"artifact", "creature", "enchantment", "land", "planeswalker", "battle"}
)


def sacrifice_words(state: GameState, sacrificed: Sequence[int]) -> str:
    """What a cast's answer says, after the spell's name, of what its cost sacrificed."""
    paid = ", ".join(state.label(i) for i in sacrificed)
    return f", sacrificing {paid} to pay its cost after choosing targets (601.2c, 601.2h),"


def _owed_sacrifice(card: CardData, flashback: bool) -> re.Match[str] | None:
    """The "Sacrifice ..." a cast of ``card`` must pay, whatever the statement says: Fling's
    additional cost, Lava Dart's flashback cost (601.2h); None when there is none, or when
    sacrificing is one choice among others (Final Payment: paying life is the other)."""
    if _SACRIFICE_COST.search(card.oracle_text) is None and not flashback:
        return None
    if additional_cost_choice(card.oracle_text) is not None:
        return None
    cost = _sacrifice_cost(card, flashback)
    if cost is None or (flashback and _FLASHBACK_COST.search(card.oracle_text) is None):
        return None
    return cost


def _with_graveyard_exile_words(
    before: GameState,
    after: GameState,
    progress: CastInProgress,
    x: int | None,
    verdict: Verdict,
) -> Verdict:
    """The cast's answer with what its cost exiled from the graveyard (Haunting Misery's "exile
    X creature cards from your graveyard", CR 601.2h), or a note saying why nothing was: which
    cards wasn't said, or the graveyard wasn't stated."""
    card = progress.card
    cost = graveyard_exile(card.oracle_text, x if x is not None else progress.x) if card else None
    if cost is None or not cost.count:
        return verdict
    player = progress.player
    have = cost.candidates(before, player)
    gone = [o for o in have if o.id in after.departures]
    name = progress.stack_object.name
    if gone:
        words = f" exiling {and_list(o.name for o in gone)} from {player}'s graveyard (601.2h)"
        return evolve(
            verdict,
            reason=verdict.reason.replace(f"casts {name}", f"casts {name}{words}", 1),
            rules=merge_rules(verdict.rules, ("601.2h",)),
        )
    if have:
        note = (
            f"Its cost “{cost.text}” exiles {cost.count} of {and_list(o.name for o in have)}, "
            "and which wasn't said, so they stay in the graveyard: say “…, exiling "
            f"{and_list(o.name for o in have[: cost.count])}.” (601.2h)"
        )
    else:
        note = (
            f"Not checked: its cost “{cost.text}” needs {cost.count} in {player}'s graveyard, "
            "which no statement describes; state it (“"
            f"{player}'s graveyard has …”) to have the cost checked and paid (118.3, 601.2h)."
        )
    return evolve(verdict, notes=(*verdict.notes, note))


def _unnamed_sacrifice(
    state: GameState, player: str, card: CardData | None, flashback: bool
) -> str:
    """A cast whose cost sacrifices (Fling) said without what: the cost is paid, so name it
    (601.2b, 601.2h) — with an example of what the caster controls; "" when none is owed."""
    cost = _owed_sacrifice(card, flashback) if card is not None else None
    if card is None or cost is None:
        return ""
    kind = (cost["what"].split() or ["permanent"])[0].lower().rstrip("s")
    example = next(
        (
            o.name
            for o in state.zone_objects(Zone.BATTLEFIELD)
            if o.controller == player
            and (kind == "permanent" or kind in as_seen(state, o).card_types)
        ),
        kind,
    )
    return (
        f"Its cost includes “{cost[0].strip().rstrip('.')}”, paid as it is cast (601.2b, "
        f"601.2h): say which, e.g. “{player} casts {card.name} sacrificing {example} "
        "targeting …”, for what depends on it."
    )


def sacrifice_requirement(card: CardData, flashback: bool) -> SacrificeCost | None:
    """What a cast of ``card`` must sacrifice, when the bot can tell which permanents fit:
    "a creature", "an artifact or creature", "two Mountains" (card types and subtypes only;
    anything else, "X lands", "a creature with power 3 or greater", gives None, as does a
    cast that owes no sacrifice, 601.2h)."""
    cost = _owed_sacrifice(card, flashback)
    return None if cost is None else _requirement(cost)


def _requirement(cost: re.Match[str]) -> SacrificeCost | None:
    """A "Sacrifice ..." cost as the kinds and number of permanents it takes, or None when
    the bot can't tell which permanents fit."""
    number = (cost["n"] or "a").lower()
    wanted = int(number) if number.isdigit() else _SACRIFICE_NUMBERS.get(number, 0)
    alternatives = [w.strip() for w in re.split(r",\s*|\s+or\s+", cost["what"].strip())]
    kinds = [w[:-1] if wanted > 1 and w.endswith("s") else w for w in alternatives]
    if not wanted or not all(
        " " not in k and (k.lower() in _CARD_TYPE_WORDS | {"token"} or k[:1].isupper())
        for k in kinds
    ):
        return None
    return SacrificeCost(cost[0].strip().rstrip("."), wanted, tuple(k.lower() for k in kinds if k))


def _refuse_unpayable_sacrifice(
    state: GameState, player: str, card: CardData, *, flashback: bool
) -> None:
    """CR 601.2h, 118.3: a cost that sacrifices (Fling's additional cost, Lava Dart's flashback
    cost) can't be paid by a player who controls nothing of that kind, so the spell can't be
    cast.  Checked when the statement doesn't name what is sacrificed; an alternative cost
    that sacrifices (Fireblast) is only chosen by naming it, so it isn't checked here."""
    cost = sacrifice_requirement(card, flashback)
    if cost is None:
        return
    controlled = cost.candidates(state, player)
    if len(controlled) >= cost.count:
        return
    has = f"controls only {len(controlled)}" if controlled else "controls none"
    raise IllegalActionError(
        f"{card.name} can't be cast: its cost includes “{cost.text}”, and {player} {has}, so "
        "it can't be paid (601.2h, 118.3).",
        rules=("601.2h", "118.3"),
        hint=f"Say what {player} controls first, e.g. “{player} controls Grizzly Bears.”",
    )


# "Sacrifice another creature" (Carrion Feeder's kin): any but the ability's own source.
_SACRIFICE_ANOTHER = re.compile(r"\bsacrifice another\b", re.IGNORECASE)


def activation_sacrifice(spec: AbilitySpec, source_name: str) -> SacrificeCost | None:
    """What an activated ability's cost sacrifices besides its own source: Viscera Seer's
    "Sacrifice a creature", Ashnod's Altar's, Goblin Bombardment's (CR 602.2b, 601.2h); None
    when it sacrifices nothing else or the bot can't tell which permanents fit."""
    if sacrifices_its_source(spec.cost, source_name):
        return None
    found = _SACRIFICE_WHAT.search(_SACRIFICE_ANOTHER.sub("sacrifice a", spec.cost))
    cost = None if found is None else _requirement(found)
    printed = re.search(r"sacrifice [^,.:]+", spec.cost, re.IGNORECASE)
    return evolve(cost, text=printed[0].strip()) if cost and printed else cost


def _check_activation_sacrifice(
    state: GameState, player: str, source_id: int, spec: AbilitySpec, sacrificed: Sequence[int]
) -> None:
    """CR 602.2b, 601.2h, 118.3: what a statement says was sacrificed to activate an ability
    pays its cost in full: permanents of its kind that the player controls."""
    source = state.obj(source_id)
    name = state.label(source_id)
    cost = activation_sacrifice(spec, source.name)
    if cost is None:
        raise IllegalActionError(
            f"{name}'s ability costs “{spec.cost}”: it sacrifices no other permanent, so nothing "
            "is sacrificed to activate it (602.2b, 601.2h).",
            rules=("602.2b", "601.2h"),
        )
    if len(sacrificed) != cost.count or len(set(sacrificed)) != len(sacrificed):
        raise IllegalActionError(
            f"{name}'s cost is “{cost.text}”: {cost.count} to sacrifice, {len(sacrificed)} "
            "named (601.2h).",
            rules=("601.2h", "118.3"),
        )
    for object_id in sacrificed:
        obj = _sacrificable(state, player, object_id)
        if object_id == source_id and _SACRIFICE_ANOTHER.search(spec.cost):
            raise IllegalActionError(
                f"{name}'s cost is “{cost.text}”: another one, not {name} itself (601.2h).",
                rules=("601.2h",),
            )
        if not cost.fits(state, obj):
            raise IllegalActionError(
                f"{name}'s cost sacrifices {with_article(' or '.join(cost.kinds))}, and "
                f"{state.label(object_id)} isn't one (601.2h).",
                rules=("601.2h",),
            )


def with_activation_sacrifice(
    verdict: Verdict, state: GameState, sacrificed: Sequence[int]
) -> Verdict:
    """An activation's answer, saying what its cost sacrificed (602.2b, 601.2h)."""
    return evolve(
        verdict,
        reason=verdict.reason.rstrip(".")
        + f"; {and_list(state.label(i) for i in sacrificed)} sacrificed to pay its cost "
        "(602.2b, 601.2h).",
        rules=merge_rules(verdict.rules, ("601.2h",)),
    )


def _unnamed_activation_sacrifice(
    state: GameState, player: str, source_id: int, spec: AbilitySpec
) -> str:
    """An activation whose cost sacrifices another permanent, said without what: "" when none
    is owed, else how to name it (the cost is paid as it is activated, 602.2b, 601.2h)."""
    cost = activation_sacrifice(spec, state.obj(source_id).name)
    if cost is None:
        return ""
    others = [o for o in cost.candidates(state, player) if o.id != source_id]
    example = others[0].name if others else cost.kinds[0]
    return (
        f"Its cost includes “{cost.text}”, paid as it is activated (602.2b, 601.2h): say which, "
        f"e.g. “{player} activates {state.label(source_id)}, sacrificing {example}.”, for what "
        "depends on it."
    )


def with_sacrifice_step(progress: CastInProgress) -> CastInProgress:
    """The cast or activation asks which permanents its cost sacrifices, as a step of its own
    after its targets (CR 601.2b announces the cost, 601.2h pays it; targets come first,
    601.2c; 602.2b for abilities), when its cost sacrifices and nothing was named to pay it."""
    if progress.sacrificed:
        return progress
    if progress.action is ActionKind.ACTIVATE and progress.from_id is not None:
        # Viscera Seer's "Sacrifice a creature" (602.2b, 601.2h).
        source = progress.state.objects.get(progress.from_id)
        cost = activation_sacrifice(progress.spec, source.name) if source is not None else None
        return progress if cost is None else evolve(progress, sacrifice_cost=cost)
    if progress.action is not ActionKind.CAST or progress.card is None:
        return progress
    cost = sacrifice_requirement(progress.card, progress.flashback)
    return progress if cost is None else evolve(progress, sacrifice_cost=cost)


_ENTWINE_LINE = re.compile(r"^entwine\b", re.IGNORECASE)
_CHOOSE_ONE = re.compile(r"\bChoose one —", re.IGNORECASE)
_MODE_COUNT_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}


def _entwined(card: CardData) -> CardData:
    """CR 702.42a: with its entwine cost paid, every mode is chosen ("Choose one" reads as
    "choose all of them")."""
    lines = card.oracle_text.splitlines()
    if not any(_ENTWINE_LINE.match(line) for line in lines):
        raise IllegalActionError(
            f"{card.name} has no entwine, so its entwine cost can't be paid (702.42a).",
            rules=("702.42a",),
        )
    modes = sum(1 for line in lines if line.lstrip().startswith("•"))
    word = _MODE_COUNT_WORDS.get(modes, "one")
    return evolve(card, oracle_text=_CHOOSE_ONE.sub(f"Choose {word} —", card.oracle_text, 1))


def _no_triggered_ability(name: str, card: CardData) -> EngineError:
    """A trigger statement for a card with no triggered ability (QA 42 W1): what abilities it
    has, so the user sees which permanent they meant."""
    lines = [line.strip() for line in card.oracle_text.splitlines() if line.strip()]
    if any(line.lower().startswith("prowess") for line in lines):
        # CR 702.108a: prowess is a triggered ability, put on the stack as a spell is cast.
        return IllegalActionError(
            f"{name}'s prowess is a triggered ability (“Whenever you cast a noncreature spell, "
            "this creature gets +1/+1 until end of turn.”, 702.108a): the bot puts it on the "
            "stack itself as its controller casts a noncreature spell, so it isn't stated.",
            rules=("702.108a", "601.2i"),
            hint="Say “Resolve the stack.” to have it resolve.",
        )
    has = (
        "its abilities are " + "; ".join(f"“{line}”" for line in lines)
        if lines
        else "it has no abilities at all."
    )
    return IllegalActionError(
        f"{name} has no triggered ability, so nothing of it can go on the stack as a trigger "
        f"(a triggered ability begins with “when”, “whenever” or “at”, 603.1): {has}",
        rules=("603.1",),
        hint="Name the permanent whose ability triggered, e.g. “Blood Artist's trigger "
        "targets Bob.”",
    )


def _game_over(state: GameState) -> bool:
    """Whether one player is left of several, so the game is over (CR 104.2a)."""
    return len(state.players) > 1 and len(state.players_in_game) < 2


def _said_empty(state: GameState, name: str, zone: Zone) -> tuple[GameState, Verdict]:
    """A player's hand or graveyard said to be empty: known to hold only the cards put there
    from now on (``Player.hand_stated``, ``graveyard_stated``); refused while it holds some."""
    player = state.player(name)
    where = zone.value
    held = [obj.id for obj in state.zone_objects(zone) if obj.owner == player.name]
    if held:
        raise EngineError(
            f"{player.name}'s {where} has {and_list(state.label(i) for i in held)}, so it "
            "isn't empty.",
            hint=f"Say where those cards went first, or state {player.name}'s {where} is empty "
            "before naming cards in it.",
        )
    known = {"hand_stated": True} if zone is Zone.HAND else {"graveyard_stated": True}
    after = state.with_player(evolve(player, **known))
    return ok_result(after, f"{player.name}'s {where} is empty.")


def _stopped_at(verdict: Verdict, said: str, note: str, rules: Sequence[str]) -> Verdict:
    """``verdict`` of the last item ``Resolve the stack.`` resolved, saying why it stopped."""
    return evolve(
        verdict,
        reason=f"{verdict.reason} {said}",
        notes=(*verdict.notes, note) if note else verdict.notes,
        rules=merge_rules(verdict.rules, tuple(rules)),
    )


def _refuse_out_of_game(state: GameState, player: str, doing: str) -> None:
    """A player who has left the game does nothing more (104.5), and once one player is left
    the game is over (104.2a)."""
    if state.player(player).left_game:
        raise IllegalActionError(
            f"{player} has left the game, so can't {doing} (104.5).", rules=("104.5",)
        )
    still_in = state.players_in_game
    if len(still_in) == 1 and len(state.players) > 1:
        raise IllegalActionError(
            f"The game is over: {still_in[0]} won when every opponent left it (104.2a).",
            rules=("104.2a",),
        )


def _refuse_departed_holder(state: GameState, player: str, doing: str) -> None:
    """Nothing a player who has left owns stays in the game (CR 800.4a), and nothing comes
    under their control afterwards (800.4b), so a statement giving them a card is refused."""
    if state.player(player).left_game:
        raise IllegalActionError(
            f"{player} has left the game, so can't {doing}: everything {player} owned left "
            f"with {player}, and nothing comes under {player}'s control any more (800.4a, "
            "800.4b).",
            rules=("800.4a", "800.4b"),
        )


def _face_to_cast(card: CardData, face: str | None) -> CardData:
    """The face named, both halves of a split card with fuse (702.102), or the default."""
    if face == FUSED:
        return fused(card)
    return card.face(face) if face else _default_face(card)


def _default_face(card: CardData) -> CardData:
    """A split card's halves must be named (CR 709.3); others are cast as their first face."""
    if not card.faces:
        return card
    halves = [f for f in card.faces if f.mana_cost]
    permanent = {"creature", "artifact", "enchantment", "planeswalker", "land", "battle"}
    if len(halves) > 1 and not any(f.types.card_types & permanent for f in halves):
        fuse = any(re.search(r"^fuse\b", h.oracle_text, re.I | re.M) for h in halves)
        raise EngineError(
            f"{card.name} has two halves; say which one is cast"
            + (", or that both are, fused (702.102)." if fuse else "."),
            hint=f"e.g. cast {card.name} as {halves[0].name}"
            + (f", or cast {card.name} fused." if fuse else "."),
        )
    return card.faces[0]


def _granted_flashback(state: GameState, card_id: int | None) -> bool:
    """Whether the card ``card_id`` is in a graveyard with flashback an effect gave it
    (Snapcaster Mage: "gains flashback until end of turn", CR 702.34a)."""
    obj = state.objects.get(card_id) if card_id is not None else None
    return obj is not None and obj.zone is Zone.GRAVEYARD and FLASHBACK in obj.keywords


def _with_extra_note(verdict: Verdict, extra: Extra, ability: str) -> Verdict:
    """``verdict`` noting that ``ability`` triggers more than once (CR 603.2d), once."""
    note = extra.note(ability)
    if not note or note in verdict.notes:
        return verdict
    return evolve(
        verdict,
        notes=(*verdict.notes, note),
        rules=tuple(dict.fromkeys((*verdict.rules, "603.2d"))),
    )


# "Mana Vault doesn't untap during your untap step.", "... don't untap during their
# controllers' untap steps" (502.3: effects can keep permanents from untapping).
_DOESNT_UNTAP = re.compile(
    r"\b(?:this [a-z]+|~|it) doesn't untap during (?:your|its controller's) untap step\b",
    re.IGNORECASE,
)


def with_replaced_departures(before: GameState, after: GameState, verdict: Verdict) -> Verdict:
    """``verdict`` with a note for each card that went elsewhere instead of a graveyard during
    it (Progenitus destroyed, Darksteel Colossus sacrificed: 614.6), unless it says so already."""
    notes: list[str] = []
    said = " ".join((verdict.reason, *verdict.notes))
    for object_id, departure in after.departures.items():
        if object_id in before.departures or object_id not in before.objects:
            continue
        replaced = replaced_graveyard_words(departure.event)
        label = before.label(object_id)
        if replaced is None or f"{label} is {replaced[0]} instead" in said:
            continue
        done, by, rest = replaced
        dies = departure.snapshot.zone is Zone.BATTLEFIELD and departure.snapshot.card_types & {
            "creature",
            "planeswalker",
        }
        notes.append(
            f"{label} is {done} instead of going to the graveyard ({by}, 614.6)"
            + (", so it doesn't die (700.4)" if dies else "")
            + (f"; {rest}" if rest else "")
        )
    if not notes:
        return verdict
    rules = ("614.6", "700.4") if any("(700.4)" in n for n in notes) else ("614.6",)
    if any("(616.1)" in n for n in notes):
        rules = (*rules, "616.1")  # several replacements: the owner's choice
    return evolve(verdict, notes=(*verdict.notes, *notes), rules=merge_rules(verdict.rules, rules))


_NO_LEGAL_CHOICE = "No legal choice for"


def _no_legal_choice_note(
    name: str, spec: AbilitySpec, slots: Sequence[TargetSlot], reports: Sequence[SlotReport]
) -> tuple[str, ...]:
    """The note that a spell or ability with one mode can't be cast or activated: a target it
    requires has no legal choice (CR 601.2c, 602.2b).  A modal one may choose another mode."""
    if len(spec.modes) != 1:
        return ()
    empty = [
        slot.text
        for slot, report in zip(slots, reports, strict=True)
        if slot.min_count >= 1 and not report.options
    ]
    if not empty:
        return ()
    if spec.kind is AbilityKind.SPELL:
        doing = "it can't be cast (601.2c)"
    elif spec.kind is AbilityKind.ACTIVATED:
        doing = "it can't be activated (602.2b, 601.2c)"
    else:
        doing = "it is removed from the stack when it triggers (603.3d)"
    wanted = "”, “".join(empty)
    return (f"{_NO_LEGAL_CHOICE} “{wanted}”: {name} has no legal target now, so {doing}.",)
