"""What resolving a Riftbound spell or ability does on the board: each instruction carried out
as far as it can be (359.3.e.1: no fizzle; 055: do as much as you can), damage shares, moves.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from bot.engine.errors import EngineError, IllegalActionError
from bot.engine.riftbound.abilities import read_abilities
from bot.engine.riftbound.analysis import (
    REFLEXIVE,
    WHEN_IT_DIES_THIS_TURN,
    Instruction,
    TargetAnalysis,
)
from bot.engine.riftbound.attachments import attach, detach
from bot.engine.riftbound.hidden import REMOVED_FROM
from bot.engine.riftbound.may_choice import (
    MayChoice,
    chosen_note,
    chosen_rules,
    declined_note,
    may_choice,
    unsaid_choice,
)
from bot.engine.riftbound.model import RbKind, RbObject, RbZone
from bot.engine.riftbound.restrictions import (
    CANT_MOVE_IT_THIS_TURN,
    CANT_PLAY_THIS_TURN,
    Passive,
    forbidden_players,
    move_forbidden_by,
    points_forbidden_by,
    ready_forbidden_by,
)
from bot.engine.riftbound.rules import cite_if, rule
from bot.engine.riftbound.scoring import DUEL_VICTORY_SCORE
from bot.engine.riftbound.selection import SelectedClause, read_selected_clause
from bot.engine.riftbound.state import (
    ATTACHED_BONUS,
    BASE,
    BOARD_ZONES,
    ChainItem,
    RbCard,
    RbState,
    active_text,
    appended_effect_texts,
    bonus_damage_to,
    keywords_of,
    label,
    might_changes,
    might_now,
    might_text,
    referents_now,
)
from bot.engine.riftbound.targeting import (
    KILLS_CONDITION,
    MAX_OFFERED_SUBSETS,
    MIGHT_CONDITION,
    DiscardChoiceNeeded,
    SplitChoiceNeeded,
    UnlessChoiceNeeded,
    check_split,
    choosing_only,
    might_condition_holds,
    split_options,
)
from bot.engine.riftbound.triggers import death_triggers
from bot.engine.riftbound.zones import THEN_OWNER_PLAYS, play_ignoring_cost
from bot.engine.verdict import EffectReport, Verdict, VerdictKind
from bot.engine.wording import and_list, counted


def illegal_verdict(error: IllegalActionError, version: str) -> Verdict:
    return Verdict(VerdictKind.ILLEGAL, error.message, error.rules)


# The end of the event a token that went to the trash leaves in ``RbState.departed``: it was
# put there, so it died (its [Deathknell] triggers, 808.1.d), and then ceased to exist (183.1).
TOKEN_CEASED_IN_TRASH = ", and ceased to exist in the trash"


def move_to_zone(
    state: RbState, obj: RbObject, zone: RbZone, event: str
) -> tuple[RbState, int | None]:
    """Move ``obj`` to a non-board zone: a new object there, or nothing for a token."""
    if obj.token:
        ceased = TOKEN_CEASED_IN_TRASH if zone is RbZone.TRASH else ""
        return state.without(obj.id, event + ceased, None), None
    moved = RbObject(
        0,
        obj.name,
        obj.kind,
        obj.owner,
        obj.owner,
        zone,
        "",
        state.cards[obj.id].might if obj.id in state.cards else obj.might,
        obj.tags,
        energy=obj.energy,
        power=obj.power,
        left_from=obj.place,
        # 808.1.d.3: what it had as it died, for its Deathknell - the Effect Text its
        # Equipment appended to it (718.3; Sacred Shears' "[Deathknell] - Draw 1").
        died_with="\n".join(text for _, text in appended_effect_texts(state, obj.id))
        if zone is RbZone.TRASH
        else "",
    )
    card = state.cards.get(obj.id)
    state, new_id = state.add(moved, card)
    return state.without(obj.id, event, new_id), new_id


_DEAL = re.compile(r"\bdeal (?P<n>\d+)\b", re.I)
# Here to Help: "You may play a unit from hand ..." - its player's choice, stated after.
_MAY_PLAY_FROM_HAND = re.compile(
    r"^play a unit from (?:your )?hand(?: to (?P<where>a battlefield you control|your base))?"
    r"(?:, reducing its cost by (?P<less>\[\d+\]))?\.?$",
    re.I,
)
_PLAY_FROM_TRASH = re.compile(r"^play a unit from your trash\b.*\bignoring its cost\b", re.I)
# "Discard 1." (Get Excited!), "Discard 1, then draw 2." (Lunar Boon, Undercover Agent's
# Deathknell): the discard is carried out, a draw after it reported (cards drawn are unknown).
_DISCARD_N = re.compile(r"^discard (?P<n>\d+)(?:,?\s*then (?P<draw>draw \d+))?\.?$", re.I)
# Get Excited!: "Discard 1. Deal its Energy cost as damage to a unit at a battlefield. (Ignore
# its Power cost.)" - the discarded card's printed Energy.
_DEAL_ITS_ENERGY = re.compile(r"^deal its energy cost as damage to\b", re.I)
_DEAL_MY_MIGHT = re.compile(r"\bdeal damage equal to my Might\b", re.I)
# "They deal damage equal to their Mights to each other" (Challenge, Clash of Giants, Dragon's
# Rage): the two units chosen deal damage to each other, both at once.
_EACH_OTHER = re.compile(r"^they deal damage equal to their mights to each other\b", re.I)
# "It deals damage equal to its Might to an enemy unit" (Last Breath, Strike Down): the unit
# named before deals damage to the one this instruction names.
_ITS_MIGHT_TO = re.compile(r"^it deals damage equal to its might to\b", re.I)
# Stormbringer: "Choose a friendly unit in your base. Deal damage equal to its Might to all
# enemy units at a battlefield, then move your unit there." - "its" and "your unit" are the unit
# chosen first; "there" is the battlefield chosen.
_ITS_MIGHT_TO_ALL_THEN_MOVE = re.compile(
    r"^deal damage equal to its might to all (?:enemy )?units at a battlefield, then move your "
    r"unit there\.?$",
    re.I,
)
# Siphon Power: "Choose a battlefield. Give friendly units there +1 [M] this turn and enemy units
# there -1 [M] this turn, to a minimum of 1 [M]." - each side's change at the chosen battlefield.
_SIDE_THERE = re.compile(
    r"(?P<side>friendly|enemy) units there (?P<sign>[+\-−])(?P<n>\d+) \[M\] this turn", re.I
)
_SIDES_THERE = re.compile(
    r"^give (?:friendly|enemy) units there [+\-−]\d+ \[M\] this turn(?: and (?:friendly|enemy) "
    r"units there [+\-−]\d+ \[M\] this turn)?(?:, to a minimum of \d+ \[M\])?\.?$",
    re.I,
)
_GIVE_MIGHT = re.compile(r"^give\b.*?[+\-−]\d+ \[M\]", re.I)
# "+2 [M]" / "-1 [M]" (the gallery sometimes prints a real minus sign), and the floor a
# reduction may name: "-1 [M] this turn, to a minimum of 1 [M]" (Stupefy).
_MIGHT_CHANGE = re.compile(r"(?P<sign>[+\-−])(?P<n>\d+) \[M\]", re.I)
# En Garde: "..., then an additional +1 [M] this turn if it is the only unit you control there."
_ADDITIONAL_IF_ALONE = re.compile(
    r"\bthen an additional (?P<sign>[+\-])(?P<n>\d+) \[M\][^.]*?\bif it is the only unit you "
    r"control there\b",
    re.I,
)
_MINIMUM = re.compile(r"\bto a minimum of (?P<n>\d+)\b", re.I)
# Crescent Strike: "Choose a battlefield and an enemy unit there. Deal 4 to that unit and 1 to
# each other enemy unit there." - "there" is the battlefield chosen, as it resolves.
_THAT_AND_EACH_OTHER = re.compile(
    r"^deal (?P<n>\d+) to that unit and (?P<m>\d+) to each other (?P<who>enemy |friendly )?"
    r"units? there\b",
    re.I,
)
# "[Legion] - Kill it now instead": the prefix, up to the Dependent Ability (812.1.a).
_LEGION = re.compile(r"^\[legion\](?:\s*\[>\])?\s*[-–—]?\s*", re.I)
_INSTEAD = re.compile(r"\binstead\b", re.I)
# "Otherwise, stun it" (Solari Chief): the opposite of the "If" before it.
_OTHERWISE = re.compile(r"^otherwise,\s*", re.I)
# "Deal 6 to it unless its controller has you draw 2" (Shakedown): the instruction happens
# unless the player it names takes the alternative, which that player chooses as it is
# carried out.
_UNLESS = re.compile(
    r"^(?P<body>.+?),?\s+unless\s+(?P<who>its controller|its owner)\s+(?P<alternative>.+?)\.?$",
    re.I,
)
# Conditions the bot can check as the instruction is carried out (359.3.f.2).
_IF_YOU_DO = re.compile(r"^if you (?:do|did)$", re.I)
_IF_STUNNED = re.compile(r"^if (?:it|that unit) is stunned$", re.I)
# Existential Dread: "[Stun] an attacking enemy unit. If it's already stunned, return it to its
# owner's hand instead." - stunned before this spell stunned it.
_IF_ALREADY_STUNNED = re.compile(
    r"^if (?:it|that unit) is already stunned$|^if it['’]s already stunned$", re.I
)
_IF_WAS_SIDE = re.compile(r"^if (?:it|that unit) was an? (?P<side>enemy|friendly) unit$", re.I)
# Monster Harpoon: "If you control a facedown card" - a card hidden at a battlefield (811.1.b).
_IF_YOU_CONTROL_FACEDOWN = re.compile(r"^if you control a facedown card$", re.I)
# Back Off: "If you played this from your hand" - not when played from hiding (811.1.b).
_IF_PLAYED_FROM_HAND = re.compile(r"^if you played (?:this|me) from your hand$", re.I)
# Isolate: "Then, if there's an enemy unit alone at that battlefield" - the battlefield the
# unit moved from; alone: no other friendly units at its location (741.1).
_IF_ENEMY_ALONE_THERE = re.compile(r"^if there[’']s an enemy unit alone at that battlefield$", re.I)
_IF_I_AM_AT_A_BATTLEFIELD = re.compile(r"^if I(?: am|'m) at a battlefield$", re.I)
_IF_ONE_HAS = re.compile(r"^if at least one of them has \[(?P<keyword>[^\]]+)\]$", re.I)
# "Give it [Temporary]." (Shadow's Call, Mirror Image): a keyword for good, kept on the unit.
# Mirror Image: "It becomes a copy of that unit." - the token just played takes the chosen
# unit's card: its text, Might and tags (the bot keeps its name, so it can still be named).
_BECOMES_COPY = re.compile(r"^it becomes a copy of (?:that|the chosen) unit\.?$", re.I)
_THEN_DO_THIS = re.compile(r"^then do this:\s*", re.I)


def _keyword_holders(
    state: RbState, item: ChainItem, who: str, chosen: list[RbObject]
) -> list[RbObject]:
    """What "give <who> [Keyword]" gives it to: the chosen targets ("a unit", "it"), its
    source ("me"), or its controller's units at its source's location ("your other units
    here", 359.3.f.2: read as it is carried out); [] when none or the words aren't read."""
    if any(o.kind is RbKind.SPELL for o in chosen):
        return []
    if chosen:
        return chosen
    source = state.objects.get(item.source_id) if item.source_id is not None else None
    if source is None or source.zone not in BOARD_ZONES:
        return []
    if who.strip().lower() == "me":
        return [source]
    group = _GIVEN_GROUP.match(who.strip())
    if group is None:
        return []
    return [
        o
        for o in state.on_board()
        if o.kind is RbKind.UNIT
        and o.controller == item.controller
        and o.place == source.place
        and not (group.group("other") and o.id == source.id)
    ]


def _give_keywords(
    state: RbState, holders: list[RbObject], given: re.Match[str]
) -> tuple[RbState, list[str], list[str]]:
    """Give ``holders`` the keywords ``given`` names, for good or "this turn" (expiring as
    the turn ends, 317.2.c); returns the state, the notes and the rules cited.  Assault and
    Shield add Might only while an attacker or defender (807.1.c, 814.1.c): the bot keeps no
    combat, so the note says so rather than changing the Might."""
    version = state.version
    keywords = [k.strip() for k in re.findall(r"\[([^\]]+)\]", given.group("keywords"))]
    this_turn = bool(given.group("this_turn"))
    for obj in holders:
        obj = state.obj(obj.id)
        if this_turn:
            obj = replace(obj, keywords_this_turn=(*obj.keywords_this_turn, *keywords))
        else:
            obj = replace(
                obj, keywords=(*obj.keywords, *(k for k in keywords if k not in obj.keywords))
            )
        state = state.with_object(obj)
    named = and_list(f"[{k}]" for k in keywords)
    cited: list[str] = []
    if this_turn:
        cited.append(rule("this_turn_expires", version))
        notes = [
            f"{and_list(label(o) for o in holders)}: given {named} this turn (it ends as the "
            f"turn does, {rule('this_turn_expires', version)})."
        ]
    else:
        notes = [f"{and_list(label(o) for o in holders)}: given {named}."]
    combat = [
        (keyword, concept, role)
        for keyword in keywords
        for word, concept, role in (
            ("assault", "assault_attacker", "an attacker"),
            ("shield", "shield_defender", "a defender"),
        )
        if keyword.lower().startswith(word)
    ]
    for keyword, concept, role in combat:
        numbers = cite_if(concept, version)
        cited += numbers
        notes.append(
            f"[{keyword}] adds its Might only while the unit is {role}"
            f"{''.join(f' ({n})' for n in numbers)}; the bot keeps no combat, so the Might "
            "it shows doesn't include it: state the Might in combat if it matters."
        )
        word = keyword.lower().split()[0]
        for holder in holders:
            # 807.2 / 814.2: a unit that has it already adds the values (Block on Stalwart
            # Poro, which has [Shield]: Shield 4).
            values = [
                int(k.split()[-1]) if k.split()[-1].isdigit() else 1
                for k in keywords_of(state, state.obj(holder.id))
                if k.lower().split()[0] == word
            ]
            if len(values) > 1:
                summed = cite_if(f"{word}_sum", version)
                cited += summed
                notes.append(
                    f"{label(state.obj(holder.id))} has [{word.title()} {sum(values)}] now: the "
                    f"values of all its [{word.title()}] add up{''.join(f' ({n})' for n in summed)}."
                )
    if any(k.lower() == "temporary" for k in keywords):
        numbers = cite_if("temporary", version)
        cited += numbers
        attached = [o for o in holders if o.attached_to is not None]
        notes.append(
            "[Temporary]: each is killed at the start of its controller's next Beginning Phase, "
            f"before scoring{''.join(f' ({n})' for n in numbers)}"
            + (
                f"; {and_list(o.name for o in attached)} is attached, which makes only its "
                f"printed Rules Text inactive ({rule('attached_rules_inactive', version)}): the "
                "[Temporary] given to it is active "
                "(Unleashed FAQ, Turn to Dust)."
                if attached
                else "."
            )
        )
        if attached:
            cited.append(rule("attached_rules_inactive", version))
    if any(k.lower() == "ganking" for k in keywords):
        cited += cite_if("ganking", version)
    if any(k.lower() == "tank" for k in keywords):
        numbers = cite_if("tank", version)
        cited += numbers
        notes.append(
            f"[Tank] orders combat damage{''.join(f' ({n})' for n in numbers)}, which the "
            "bot doesn't assign: it is kept on the unit, not applied."
        )
    return state, notes, cited


def _become_copy(state: RbState, token: RbObject, original: RbObject) -> tuple[RbState, str]:
    """``token`` becomes a copy of ``original``: its printed card (name, text, Might, tags,
    cost: 472.1.b.1, 472.1.b.3's "three units named Honest Broker"), not the damage, buffs or
    statuses on it.  The answer says what it copied and how to name it now."""
    card = state.cards.get(original.id)
    if card is None:
        return state, f"{label(token)} becomes a copy of {label(original)}."
    copy = replace(
        token,
        name=card.name,
        played_as=token.played_as or token.name,
        might=card.might,
        tags=frozenset(card.tags),
        energy=card.energy,
        power=card.power,
    )
    state = replace(state.with_object(copy), cards={**state.cards, token.id: card})
    might = f", {card.might} Might" if card.might is not None else ""
    return state, (
        f"{label(token)} becomes a copy of {original.name}: it is named {card.name} and has "
        f"its text{might} ({rule('copy', state.version)}); “{token.name}” or "
        f"#{copy.id} still names it."
    )


# "Give it [Temporary]." (Shadow's Call), "Give a gear [Temporary]." (Turn to Dust), "Give a
# unit [Assault 2] and [Ganking] this turn." (Vault Breaker), "Give me [Ganking] this turn."
# (Udyr, Wildman), "give your other units here [Assault] this turn" (Lord Broadmane).  A Might
# change ("+3 [M] and [Tank]") is read by ``_GIVE_MIGHT`` instead.
_GIVE_KEYWORDS = re.compile(
    r"^give (?P<who>[^\[+\-−]+?) (?P<keywords>\[(?!M\])[^\]]+\]"
    r"(?:(?:,\s*|\s+and\s+|,\s+and\s+)\[(?!M\])[^\]]+\])*)"
    r"(?P<this_turn> this turn)?\.?$",
    re.I,
)
# A token's "Give it [Temporary]." as it is played (Mirror Image's Reflection).
_GIVE_KEYWORD = re.compile(r"^give (?:it|them) \[(?P<keyword>temporary)\]\.?$", re.I)
# Yuumi, Magical Cat: "give one of your other units here +3 [M] and [Tank] this turn".
_MIGHT_AND_KEYWORDS = re.compile(
    r"\[M\] and (?P<keywords>\[(?!M\])[^\]]+\](?:(?:,\s*|\s+and\s+|,\s+and\s+)\[(?!M\])[^\]]+\])*)"
    r"(?P<this_turn> this turn)?",
    re.I,
)
_GIVEN_GROUP = re.compile(r"^your (?P<other>other )?units here$", re.I)
_GIVE_ITS_MIGHT = re.compile(r"^give \+\[M\] equal to its Might\b", re.I)
_SWAP_PLACES = re.compile(r"^move each to the other[’']s location\b", re.I)
_SWAP_WITH_ME = re.compile(r"^move me to its location and it to my original location\b", re.I)
_NEXT_TIME_IT_TAKES_DAMAGE = re.compile(
    r"^kill (?:it|that unit|them) the next time (?:it|they) takes? damage\b", re.I
)
# An instruction about the object chosen before: "Take control of it, ..."
_IT = re.compile(r"^\w+(?: \w+)? (?:of |to )?(?:it|them)\b", re.I)
# The same with a keyword action: "[Stun] it" (Vex, Apathetic).
_KEYWORD_IT = re.compile(r"^(?:\[\w+\]|\w+)(?: \w+)? (?:of |to )?(?:it|them)\b", re.I)
# A triggered ability's "exhaust this to ..." (Blast Cone): paid as it went on the chain.
_TRIGGER_COST_PAID = re.compile(r"^(?:you may )?exhaust (?:this|me) to (?P<rest>\[stun\].*)$", re.I)
_ALL_AT = re.compile(r"\ball (?:enemy |friendly )?units at\b", re.I)
# "Play a Gold gear token exhausted" (Blood Money), "play two 1 [M] Recruit unit tokens here"
# (Vanguard Captain): tokens the resolving spell or ability makes (177); "for each ..." counts
# the bot doesn't follow don't match.
# Sprite Fountain's "play a ready 3 [M] Sprite unit token with [Temporary] to your base", Sprite
# Burst's "Play two ready 3 [M] Sprite unit tokens with [Temporary]" (184.2), Mirror Image's
# "Play a ready Reflection unit token to your base": how it enters may come first too (181.1),
# not part of the name, and the keyword it has is said after "with"; "[1] [M]" is Ultrasoft
# Poro's Might as the card data writes it.
_PLAY_TOKENS = re.compile(
    r"^play (?P<count>an?|one|two|three|four|\d+) (?:(?P<entry_first>exhausted|ready) )?"
    r"(?:\[?(?P<might>\d+)\]? \[M\] )?"
    r"(?P<name>\w+(?: \w+)?) (?P<kind>unit|gear) tokens?"
    r"(?: with \[(?:deflect(?: (?P<deflect>\d+))?|(?P<keyword>temporary))\])?"
    r"(?: (?P<entry>exhausted|ready))?"
    r"(?:(?P<here> here)| (?:to|into) your base)?\s*\.?$",
    re.I,
)
_COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4}
_STUN_BEFORE = re.compile(r"(?:\[stun\]|\bstun)\s*$", re.I)
# One instruction may say several actions on what it selects (Unchecked Power's "Exhaust all
# friendly units, then deal 12 to ALL units at battlefields"): ", then" and ", and" start the
# next.
_CLAUSES = re.compile(r",?\s+(?:then|and then)\s+|,\s+and\s+", re.I)
# Keeper's Verdict: "Its owner places it on the top or bottom of their Main Deck."
_TO_MAIN_DECK = re.compile(
    r"^(?:its owner |their owners? )?(?:places?|puts?) (?:it|them) on the top or bottom of "
    r"(?:their|its owner's|their owners') main decks?\.?$",
    re.I,
)
# Arcane Shift: "Banish this." - the spell itself.
# "gain 1 XP" (Keeper of the Hammer), "gain 2 XP" ([Hunt 2]'s reminder, 823.1.c.1).
_GAIN_XP = re.compile(r"^(?:then\s+)?(?:you\s+)?gains?\s+(?P<n>\d+)\s+XP\.?$", re.IGNORECASE)
# Convergent Mutation: "This turn, increase its Might to the Might of another friendly unit."
_INCREASE_MIGHT_TO = re.compile(
    r"^(?:this turn, )?increase its might to the might of another (?:friendly )?unit"
    r"(?: this turn)?\.?$",
    re.IGNORECASE,
)
# Switcheroo: "Swap the Might of two units at the same battlefield this turn."
_SWAP_MIGHT = re.compile(r"^swap the might of (?:two|2) units\b.*\bthis turn\.?$", re.IGNORECASE)
# "you score 1 point" (Ahri, Alluring), "score 1 point" (Trinity Force, Renata Glasc): points
# the resolving item's controller gains (463.1), not a conquer or hold (QA 55 W1).
_SCORE_POINTS = re.compile(
    r"^(?:then\s+)?(?:you\s+)?scores?\s+(?P<n>\d+)\s+points?\.?$", re.IGNORECASE
)
_BANISH_THIS = re.compile(r"^banish this\b", re.I)
# Ravenborn Tome: "The next spell you play this turn deals 1 Bonus Damage."
_NEXT_SPELL_BONUS = re.compile(
    r"^the next spell you play this turn deals (?P<n>\d+) bonus damage\.?$", re.I
)
# Sun Disc: "The next unit you play this turn enters ready."
_NEXT_UNIT_READY = re.compile(r"^the next unit you play this turn enters ready\.?$", re.I)


def _split_shares(
    state: RbState,
    amount: int,
    ids: Sequence[int],
    division: Sequence[int] | None,
) -> dict[int, int]:
    """How ``amount`` split damage is divided among the split targets still legal (355.14.e-g):
    all of it to a single one, else as ``division`` says, in the order they were chosen.  With
    more targets than damage (Alpha Strike's unit lost Might), its controller gives 0 to those
    that cease being targets (355.14.h)."""
    version = state.version
    if not ids or amount <= 0:
        return {}
    if division is None:
        if len(ids) == 1:
            return {ids[0]: amount}
        labels = ", ".join(f"#{i} {label(state.objects[i])}" for i in ids)
        options = split_options(amount, len(ids))
        example = " and ".join(str(n) for n in options[0])
        fewer = (
            " There are more targets than damage, so its controller chooses which cease being "
            f"targets ({rule('split_drop', version)}): give those 0 and the others 1 each."
            if amount < len(ids)
            else ""
        )
        raise SplitChoiceNeeded(
            f"{amount} damage is split among {len(ids)} targets still legal ({labels}); how it "
            f"is divided is decided now, as it resolves, and each gets at least 1 "
            f"({rule('split_on_resolution', version)}, {rule('split_each', version)}, "
            f"{rule('split_min', version)}).{fewer}",
            hint=f"Say the amounts in that order, e.g. “The top of the chain resolves dividing "
            f"{example}.”",
            options=options,
        )
    if len(division) != len(ids):
        raise EngineError(
            f"{counted(len(ids), 'split target')} {'is' if len(ids) == 1 else 'are'} still legal, so give {counted(len(ids), 'amount')}, in the "
            f"order they were chosen; {len(division)} were given.",
            hint="e.g. “The top of the chain resolves dividing "
            + " and ".join(str(n) for n in split_options(amount, len(ids))[0])
            + ".”",
        )
    shares = dict(zip(ids, division, strict=True))
    checked = check_split(amount, shares, version)
    if checked.kind is VerdictKind.ILLEGAL:
        raise IllegalActionError(
            f"{checked.reason} ({', '.join(checked.rules)})",
            rules=checked.rules,
            hint=f"The amounts must add up to {amount}, at least 1 each"
            + (" (0 for a target that ceases being one)." if amount < len(ids) else "."),
        )
    return shares


# Zilean, Time Mage: "Once each turn, if you would play a token unit while I'm at a
# battlefield, you may play that token and an additional copy of it instead." (369.1)
_EXTRA_TOKEN_COPY = re.compile(
    r"once each turn, if you would play a token unit while I['’]m at a battlefield, you may "
    r"play that token and an additional copy of it instead",
    re.IGNORECASE,
)


def _extra_copy_source(state: RbState, controller: str) -> RbObject | None:
    """The permanent of ``controller``'s at a battlefield whose "Once each turn" replacement
    adds a copy of a token unit played (Zilean, Time Mage), if not used this turn."""
    return next(
        (
            obj
            for obj in state.on_board()
            if obj.controller == controller
            and obj.at_battlefield
            and obj.id not in state.used_this_turn
            and _EXTRA_TOKEN_COPY.search(active_text(state, obj))
        ),
        None,
    )


def play_tokens(
    state: RbState,
    found: re.Match[str],
    controller: str,
    here: str,
    notes: list[str] | None = None,
    *,
    there: str = "",
) -> tuple[RbState, list[RbObject], list[str]]:
    """The tokens a "Play ... token(s) ..." instruction makes, on the board: controlled (and
    owned) by the controller of what made them (179, 180), a unit exhausted and a gear ready
    as played permanents enter (359.2.c-d, 182.1.d) unless the text says otherwise (181.1),
    at its controller's base, or "here" (``here``: a battlefield's name, or "" for the base).
    ``there``: the battlefield a spell played from hiding was hidden at, where the units it
    plays go (811.1.d.3).  Returns the new state, the tokens, and the rules applied."""
    version = state.version
    count = found.group("count").lower()
    kind = RbKind.UNIT if found.group("kind").lower() == "unit" else RbKind.GEAR
    entry = (found.group("entry") or found.group("entry_first") or "").lower()
    exhausted = entry == "exhausted" if entry else kind is RbKind.UNIT
    where = here if found.group("here") else ""
    if there and kind is RbKind.UNIT:
        where = there
    made: list[RbObject] = []
    copies = _COUNTS.get(count) or int(count)
    extra = _extra_copy_source(state, controller) if kind is RbKind.UNIT else None
    if extra is not None:
        # The replacement is optional ("you may"); the bot applies it and says so.
        copies += 1
        state = replace(state, used_this_turn=(*state.used_this_turn, extra.id))
        if notes is not None:
            notes.append(
                f"{label(extra)} is at a battlefield: its replacement (“Once each turn, if you "
                "would play a token unit ..., you may play that token and an additional copy of "
                f"it instead”) applies to the first token, so {controller} plays one more "
                f"({rule('replacement', version)}). It is {controller}'s choice: if they "
                "decline, or used it earlier this turn, there is one fewer."
            )
    for _ in range(copies):
        token = RbObject(
            0,
            found.group("name"),
            kind,
            controller,
            controller,
            RbZone.BATTLEFIELD if where else RbZone.BASE,
            where,
            int(found.group("might")) if found.group("might") else None,
            exhausted=exhausted,
            # "a 3 [M] Mech unit token": the word before "unit token" is its tag (Breakneck
            # Mech's "Your Mechs have [Deflect]").
            tags=frozenset({found.group("name").split()[-1].lower()}),
            token=True,
            # "[Deflect]" with no number is Deflect 1 (809.1.b).
            deflect=int(found.group("deflect") or 1) if "[deflect" in found.group(0).lower() else 0,
            keywords=(found.group("keyword").capitalize(),) if found.group("keyword") else (),
        )
        # "with [Temporary]": the keyword is the token's text, as a token card's is (184.1),
        # so what reads it ("If at least one of them has [Temporary]") finds it.
        keyword = found.group("keyword")
        card = (
            RbCard(found.group("name"), kind, f"[{keyword.title()}]", token.might)
            if keyword
            else None
        )
        state, new_id = state.add(token, card)
        made.append(state.objects[new_id])
    rules = [rule("token_controller", version)]
    if there and kind is RbKind.UNIT:
        rules += cite_if("hidden_unit_there", version)
    if extra is not None:
        rules.append(rule("replacement", version))
    if entry:
        rules.append(rule("token_enters", version))
    else:
        rules.append(
            rule("unit_enters_exhausted" if kind is RbKind.UNIT else "gear_enters_ready", version)
        )
    return state, made, rules


def _carry_out_selected(
    state: RbState,
    body: str,
    item: ChainItem,
    chosen: Sequence[RbObject],
    hurt_ids: list[int],
    bonus: _BonusDamage,
    notes: list[str],
    rules: list[str],
) -> tuple[RbState, list[RbObject], list[int]] | None:
    """An instruction whose every action is on what the text selects rather than chooses
    (355.10.d): "Exhaust all friendly units, then deal 12 to ALL units at battlefields"
    (Unchecked Power), "return all units with 2 [M] or less to their owners' hands" (Angler
    Beast), "give enemy units -3 [M] this turn" (Thousand-Tailed Watcher), carried out action by
    action, in order (157.1), each selecting as it is carried out (359.3.f.2).  ``chosen``: the
    spell's targets still legal ("that battlefield", "the chosen unit").  None when one of them
    isn't such an action, or the place it names is unknown (the instruction is then reported,
    not carried out)."""
    version = state.version
    clauses = [c.strip() for c in _CLAUSES.split(body.strip().rstrip(".")) if c.strip()]
    found = [read_selected_clause(c) for c in clauses]
    if not clauses or any(f is None for f in found):
        return None
    acted: list[RbObject] = []
    new_ids: list[int] = []
    for clause, said in zip(clauses, found, strict=True):
        assert said is not None
        selection = said.selection
        units = selection.pick(state, item, chosen)
        if units is None:
            return None
        source = state.objects.get(item.source_id) if item.source_id is not None else None
        if (
            selection.where in ("here", "at my battlefield")
            and source is not None
            and source.zone not in BOARD_ZONES
        ):
            notes.append(
                f"{item.source_name} has left the board; “{selection.where}” is "
                f"where it was as it left, {source.left_from}: its trigger condition was met "
                f"then{_cite(cite_if('trigger_condition_info', version))}."
            )
            rules += cite_if("trigger_condition_info", version)
        # What the clause did is said first, then what followed from it (a token ceasing).
        said_at = len(notes)
        state, units, done, killed_ids = _act_on_selected(
            state, said, units, item, hurt_ids, bonus, notes, rules
        )
        new_ids += killed_ids
        rules += cite_if("programmatic", version)
        if selection.where in ("there", "at that battlefield", "here") or (
            selection.less_than_chosen
            or selection.might_at_most is not None
            or selection.might_at_least is not None
        ):
            rules += cite_if("here_on_execution", version)
        notes.insert(
            said_at,
            f"“{clause[:1].upper() + clause[1:]}”: "
            + (
                f"{done}."
                if units
                # Thermo Beam's "Kill all gear" selects gear, not units (QA 39 M1).
                else f"no {_selected_noun(selection.kinds)} is selected, so nothing happens."
            ),
        )
        acted += [u for u in units if all(u.id != a.id for a in acted)]
    return state, acted, new_ids


def _selected_noun(kinds: frozenset[RbKind]) -> str:
    """What a selection picks, for "no ... is selected": "unit", "gear", "unit or gear"."""
    if kinds == {RbKind.GEAR}:
        return "gear"
    if RbKind.GEAR in kinds:
        return "unit or gear"
    return "unit"


def _act_on_selected(
    state: RbState,
    said: SelectedClause,
    units: list[RbObject],
    item: ChainItem,
    hurt_ids: list[int],
    bonus: _BonusDamage,
    notes: list[str],
    rules: list[str],
) -> tuple[RbState, list[RbObject], str, list[int]]:
    """Do one mass instruction's action to the objects it selected; returns the new state, the
    objects acted on, what the note says was done to them, and the ids of new objects."""
    version = state.version
    verb = said.verb
    new_ids: list[int] = []
    named = and_list(label(u) for u in units)
    if verb == "deal":
        for unit in units:
            state = _damage(state, unit, said.amount, hurt_ids, bonus)
        rules.append(rule("deal", version))
        return state, units, f"{named}: dealt {said.amount}", new_ids
    if verb == "kill":
        for unit in units:
            state, new_id, _ = die(state, unit, "was killed", notes, rules)
            new_ids += [new_id] if new_id else []
        rules.append(rule("kill", version))
        return state, units, f"{named}: killed", new_ids
    if verb == "stun":
        return _stun(state, units, notes, rules), units, f"{named}: stunned", new_ids
    if verb == "buff":
        state, done = _buff_units(state, units, rules)
        return state, units, done, new_ids
    if verb == "give":
        state, done = _give_might(state, units, said.amount, said.floor, rules)
        return state, units, done, new_ids
    if verb == "return":
        state, new_ids = _return_to_hand(state, units, notes, rules)
        return state, units, f"{named}: returned to {_owners_hands(units)}", new_ids
    if verb == "banish":
        for unit in units:
            state, new_id = move_to_zone(state, unit, RbZone.BANISHMENT, "was banished")
            new_ids += [new_id] if new_id else []
        if gone_tokens := [o for o in units if o.token]:
            notes.append(_tokens_cease(gone_tokens, version))
            rules.append(rule("token_ceases", version))
        rules.append(rule("banish", version))
        return state, units, f"{named}: banished", new_ids
    if verb == "recall":
        for unit in units:
            state = state.with_object(replace(unit, zone=RbZone.BASE, location=""))
        rules += [rule("recall", version), rule("recall_not_move", version)]
        return state, units, f"{named}: recalled to base (a recall, not a move)", new_ids
    if verb == "move to base":
        # Vilemaw's Lair's "Units can't move from here to base": can't beats can (054.1); a
        # unit already at its base can't move there (355.4.a).
        held = [(u, p) for u in units if (p := move_forbidden_by(state, u, BASE, item.controller))]
        notes.extend(
            f"{label(u)} isn't moved: {p.source.name} says {p.quoted} "
            f"({rule('cant_beats_can', version)})."
            for u, p in held
        )
        staying = [u for u, _ in held] + _already_there(units, BASE)
        state, moving, done = _move_others(state, units, staying, BASE)
        rules.append(rule("move", version))
        return state, moving, f"{and_list(label(u) for u in moving)}: {done}", new_ids
    # exhaust / ready
    if verb == "ready":
        # Maduli's "I can't be readied" (054.1): that unit is left exhausted.
        held_ready = [(u, p) for u in units if (p := ready_forbidden_by(state, u))]
        notes.extend(
            f"{label(u)} isn't readied: {p.source.name} says {p.quoted} "
            f"({rule('cant_beats_can', version)})."
            for u, p in held_ready
        )
        units = [u for u in units if all(u.id != h.id for h, _ in held_ready)]
    for unit in units:
        state = state.with_object(replace(unit, exhausted=verb == "exhaust"))
    done = "exhausted" if verb == "exhaust" else "readied"
    return state, units, f"{and_list(label(u) for u in units)}: {done}", new_ids


# Overt Operation: "For each friendly unit, you may spend its buff to ready it. Then buff all
# friendly units."
_SPEND_BUFF_TO_READY = re.compile(
    r"^for each friendly unit, you may spend its buff to ready it\.?$", re.I
)


def _spend_buff_choice(
    state: RbState, item: ChainItem, effect: EffectReport, notes: list[str], rules: list[str]
) -> EffectReport:
    """ "For each friendly unit, you may spend its buff to ready it": with no buffed friendly
    unit there is no buff to spend, so nothing happens; otherwise its controller chooses for
    each as it resolves (355.12), which the bot doesn't choose for them."""
    buffed = [
        o
        for o in state.on_board()
        if o.kind is RbKind.UNIT and o.controller == item.controller and o.buffed
    ]
    if not buffed:
        return replace(
            effect,
            happens=False,
            why=f"{item.controller} controls no buffed unit, so there is no buff to spend",
        )
    named = and_list(label(o) for o in buffed)
    notes.append(
        f"“{effect.text}”: {item.controller} chooses for {named} as it resolves whether to "
        f"spend its buff ({rule('may_perform', state.version)}); the bot doesn't choose for "
        f"{item.controller} and readies nothing. A unit whose buff is spent is buffed again by “Then buff all "
        "friendly units”, so only its readying differs: say “X is ready.” for each."
    )
    rules.append(rule("may_perform", state.version))
    return replace(
        effect, happens=False, why=f"optional: {item.controller} chooses for each buffed unit"
    )


# "Each player kills one of their units" (Cull the Weak), "each opponent must kill one of their
# units" (Shard of Undoing), "Each player kills one of their gear" (Acceptable Losses).
_EACH_PLAYER_KILLS = re.compile(
    r"^each (?P<who>player|opponent|other player) (?:must )?kills? one of their "
    r"(?P<what>units|gear)\.?$",
    re.I,
)


_UNLESS_PAID_COST = re.compile(
    r"\bif you paid (?:my|this|its) additional cost, you don['’]t kill\b", re.I
)


def _each_player_kills(
    state: RbState, found: re.Match[str], item: ChainItem, notes: list[str], rules: list[str]
) -> tuple[RbState, list[int], list[RbObject]]:
    """Each player named kills one permanent of theirs they choose as it resolves (355.10.e):
    the only one they control is killed; with none, nothing happens for them (055); with
    several the bot doesn't choose for them and says how to state it.  Returns the state, the
    new objects' ids, and the permanents killed."""
    version = state.version
    kind = RbKind.UNIT if found.group("what").lower() == "units" else RbKind.GEAR
    who = found.group("who").lower()
    players = [p for p in state.players if who == "player" or p != item.controller]
    killed: list[RbObject] = []
    new_ids: list[int] = []
    said = []
    for player in players:
        theirs = [o for o in state.on_board() if o.kind is kind and o.controller == player]
        if player == item.controller and _UNLESS_PAID_COST.search(item.text):
            # Safety Inspector's "If you paid my additional cost, you don't kill a unit this
            # way": a cost the bot doesn't follow (3 XP), so it doesn't decide for them.
            said.append(
                f"{player} kills one only if {player} didn't pay {item.source_name or item.name}'s "
                "additional cost, which the bot doesn't follow: if not, say "
                f"“{player}'s {theirs[0].name if theirs else 'X'} dies.”"
            )
            continue
        if not theirs:
            said.append(f"{player} controls no {found.group('what').lower()}, so kills nothing")
        elif len(theirs) == 1:
            state, new_id, died = die(state, theirs[0], "was killed", notes, rules)
            new_ids += [new_id] if new_id else []
            killed += [theirs[0]] if died else []
            said.append(f"{player}'s only one, {label(theirs[0])}, is killed")
        else:
            said.append(
                f"{player} chooses which of {and_list(label(o) for o in theirs)} to kill; the "
                f"bot doesn't choose for {player}: say “{player}'s {theirs[0].name} dies.”"
            )
    rules += [rule("other_players", version), rule("kill", version)]
    notes.append(
        f"“{found.group(0)[:1].upper() + found.group(0)[1:].rstrip('.')}”: each chooses as it "
        f"resolves ({rule('other_players', version)}): "
        + "; ".join(said)
        + ("" if said[-1].endswith("”") else ".")
    )
    return state, new_ids, killed


def _owners_hands(objects: Sequence[RbObject]) -> str:
    owners = list(dict.fromkeys(o.owner for o in objects))
    return f"{owners[0]}'s hand" if len(owners) == 1 else "their owners' hands"


def _return_to_hand(
    state: RbState, objects: Sequence[RbObject], notes: list[str], rules: list[str]
) -> tuple[RbState, list[int]]:
    """Return ``objects`` to their owners' hands: each a new object there, a token ceasing to
    exist instead (183.1)."""
    new_ids: list[int] = []
    returned = [state.objects[o.id] for o in objects if o.id in state.objects]
    for obj in returned:
        state, new_id = move_to_zone(state, obj, RbZone.HAND, "returned to its owner's hand")
        new_ids += [new_id] if new_id else []
    if gone_tokens := [o for o in returned if o.token]:
        notes.append(_tokens_cease(gone_tokens, state.version))
        rules.append(rule("token_ceases", state.version))
    return state, new_ids


def _set_might(
    state: RbState, text: str, units: Sequence[RbObject], chosen: Sequence[RbObject]
) -> tuple[RbState, str, list[str]]:
    """Convergent Mutation's "increase its Might to the Might of another friendly unit" (the
    unit chosen first up to the other's Might; never down) and Switcheroo's "Swap the Might
    of two units": Might this turn, the difference taken as it is applied (433.1.b,
    472.3.d.1.b; QA 55 W6).  ``units`` are what the instruction names ("another friendly
    unit"), ``chosen`` every unit still legal.  Returns the state, the note, the rules."""
    version = state.version
    if _SWAP_MIGHT.match(text):
        pair = [state.objects[o.id] for o in (units or chosen) if o.id in state.objects]
        if len(pair) != 2 or any(o.might is None for o in pair):
            return (
                state,
                "“Swap the Might of two units” needs two units still legal; "
                f"{and_list(label(o) for o in pair) or 'none is'}, so nothing is swapped "
                f"({rule('ignored', version)}).",
                [rule("ignored", version)],
            )
        first, second = pair
        first_might, second_might = might_now(state, first) or 0, might_now(state, second) or 0
        swap_rules = list(cite_if("swap", version))
        if first_might == second_might:
            return (
                state,
                f"{label(first)} and {label(second)} both have {first_might} Might, so swapping "
                f"has no effect{_cite(swap_rules)}.",
                swap_rules,
            )
        state = state.with_object(first.given_might_this_turn(second_might - first_might))
        state = state.with_object(second.given_might_this_turn(first_might - second_might))
        return (
            state,
            f"Might swapped this turn{_cite(swap_rules)}: {label(first)} {first_might} → "
            f"{second_might}, {label(second)} {second_might} → {first_might}.",
            swap_rules,
        )
    named = {o.id for o in units}
    raised = [state.objects[o.id] for o in chosen if o.id not in named and o.id in state.objects]
    other = [state.objects[o.id] for o in units if o.id in state.objects]
    if not raised or not other or raised[0].might is None or other[0].might is None:
        return (
            state,
            "“increase its Might to the Might of another friendly unit” needs both units still "
            f"legal, so nothing changes ({rule('ignored', version)}).",
            [rule("ignored", version)],
        )
    unit, model = raised[0], other[0]
    now, target = might_now(state, unit) or 0, might_now(state, model) or 0
    increase_rules = list(cite_if("increase_snapshotted", version))
    if target <= now:
        return (
            state,
            f"{label(unit)} has {now} Might, not less than {label(model)}'s {target}: an "
            f"increase never lowers it, so nothing changes{_cite(increase_rules)}.",
            increase_rules,
        )
    state = state.with_object(unit.given_might_this_turn(target - now))
    return (
        state,
        f"{label(unit)}: +{target - now} Might this turn, up to the {target} Might of "
        f"{model.name} (#{model.id}): {target} Might now (the increase is fixed as it is "
        f"applied{', ' + increase_rules[0] if increase_rules else ''}).",
        increase_rules,
    )


def _gain_points(state: RbState, item: ChainItem, amount: int) -> tuple[RbState, str, list[str]]:
    """``amount`` points its controller gains from a spell or ability's "score N points"
    (Ahri, Alluring): counted when their points were stated; not a score of a battlefield, so
    the Winning Point's restrictions don't apply (466.1.a.1); "can't gain points" (Tianna
    Crownguard) forbids it (054.1).  Returns the state, what to say and the rules cited."""
    version = state.version
    player = item.controller
    gain = [*cite_if("score_point", version), *cite_if("points_not_from_scoring", version)]
    points = f"{amount} point{'s' if amount != 1 else ''}"
    stopper = points_forbidden_by(state, player)
    if stopper is not None:
        cant = [*cite_if("cant_beats_can", version), *gain]
        return (
            state,
            f"{player} gains no point: {stopper.source.name}'s {stopper.quoted} forbids it"
            f"{_cite(cant)}.",
            cant,
        )
    if player not in state.points:
        return (
            state,
            f"{player} gains {points}{_cite(gain)}; the bot doesn't know {player}'s "
            f"score, so it isn't counted: say “{player} has 7 points.” first to count it.",
            gain,
        )
    total = state.points[player] + amount
    state = replace(state, points={**state.points, player: total})
    said = f"{player} gains {points}{_cite(gain)}: {total} points now"
    if total >= DUEL_VICTORY_SCORE:
        # A point not gained through a conquer or hold has no Winning Point restriction
        # (466.1.a.1): at the Victory Score the player wins in the next cleanup (467).
        won = cite_if("win_at_cleanup", version)
        rivals = [n for n, p in state.points.items() if n != player and p >= total]
        said += (
            f", the Victory Score of a 1v1 game; this point isn't scored through a conquer or "
            f"hold, so the Winning Point's restrictions don't apply, and {player} "
            + (
                f"wins the game at the next cleanup{_cite(won)} unless an opponent "
                "has as many points"
                if not rivals
                else f"doesn't win yet: {and_list(rivals)} has as many points{_cite(won)}"
            )
        )
        gain = [*gain, *cite_if("victory_score_duel", version), *won]
    return state, said + ".", gain


def _buff_units(state: RbState, units: Sequence[RbObject], rules: list[str]) -> tuple[RbState, str]:
    """Buff ``units``: a Buff counter on each that has none, +1 Might (426.1.b, 703); one that
    has a buff gets no other (426.1.b.1).  Returns what the note says."""
    version = state.version
    fresh = [o for o in units if o.kind is RbKind.UNIT and not o.buffed]
    for obj in fresh:
        state = state.with_object(replace(obj, buffed=True, might=(obj.might or 0) + 1))
    had = [o for o in units if o.buffed]
    rules += [rule("buff", version), rule("buff_might", version)]
    return state, "; ".join(
        [
            *(f"{label(o)}: buffed, +1 Might" for o in fresh),
            *(f"{label(o)} already has a buff: it gets no other" for o in had),
        ]
    ) + f" ({rule('buff', version)}, {rule('buff_might', version)})"


def _give_might(
    state: RbState, units: Sequence[RbObject], change: int, floor: int | None, rules: list[str]
) -> tuple[RbState, str]:
    """Give each of ``units`` ``change`` Might this turn; a reduction "to a minimum of N"
    doesn't take a unit below N or lower one already below it, and is snapshotted as it is
    applied (472.3.b).  Lowered Might alone kills nothing: only non-zero damage at least its
    Might does, in the cleanup after the spell (323.5).  Returns what the note says."""
    version = state.version
    changed = []
    for obj in units:
        if obj.might is None:
            continue
        amount = change
        if floor is not None and amount < 0:
            now = might_now(state, obj) or 0
            amount = max(amount, min(floor, now) - now)
        state = state.with_object(obj.given_might_this_turn(amount))
        changed.append(f"{label(obj)}: {amount:+d} Might this turn")
    said = "; ".join(changed)
    if floor is not None:
        said += f" ({rule('might_floor', version)})"
        rules.append(rule("might_floor", version))
    unhurt = [
        o
        for o in units
        if o.id in state.objects
        and not o.damage
        and (might_now(state, state.objects[o.id]) or 0) <= 0
    ]
    if unhurt:
        # 323.5: only non-zero damage at least its Might kills a unit, so a unit at 0 Might
        # with no damage stays on the board.
        one = len(unhurt) == 1
        said += (
            f"; {and_list(label(o) for o in unhurt)} {'has' if one else 'have'} no damage, and "
            "only non-zero damage at least a unit's Might kills it, so "
            f"{'it stays' if one else 'they stay'} on the board at "
            f"{'its' if one else 'their'} lowered Might ({rule('lethal_damage', version)})"
        )
        rules.append(rule("lethal_damage", version))
    return state, said


def _stun(state: RbState, units: Sequence[RbObject], notes: list[str], rules: list[str]) -> RbState:
    """Stun ``units`` (423.1); one already stunned can't be stunned again (423.1.a.1), so "when
    you stun" abilities don't trigger for it: said in a note."""
    version = state.version
    already = [u for u in units if u.stunned]
    for unit in units:
        state = state.with_object(replace(state.objects.get(unit.id, unit), stunned=True))
    rules.append(rule("stun", version))
    if already:
        notes.append(
            f"{and_list(label(u) for u in already)} {'was' if len(already) == 1 else 'were'} "
            "already stunned: a stunned unit can't be stunned again, so abilities that trigger "
            f"when a unit is stunned don't trigger for {'it' if len(already) == 1 else 'them'} "
            f"({rule('stunned_again', version)})."
        )
        rules.append(rule("stunned_again", version))
    return state


@dataclass
class _BonusDamage:
    """The Bonus Damage added to what one spell or ability, controlled by ``dealer``, deals
    (417.5: Void Gate, Annie, Fiery), and to whom, for the notes after its instructions;
    ``by_units``: units it says other units deal damage to, where Bonus Damage would have
    applied (417.6.b.3: that damage isn't the spell's)."""

    dealer: str
    added: list[tuple[str, int, int, tuple[str, ...]]] = field(default_factory=list)
    by_units: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    split_added: list[tuple[int, int, tuple[str, ...]]] = field(default_factory=list)
    # What prevention and doubling set up earlier did to this damage (437; Lotus Trap), said.
    modified: list[str] = field(default_factory=list)
    # Bonus Damage given to this spell alone, as (what says it, amount): Ravenborn Tome's
    # "The next spell you play this turn deals 1 Bonus Damage" (QA 44 U6).
    extra: tuple[tuple[str, int], ...] = ()

    def apply(self, state: RbState, unit: RbObject, amount: int, *, by_unit: bool) -> int:
        """``amount`` with the Bonus Damage for ``unit`` added: none when nothing is dealt
        (417.1.e: only a positive amount is dealt; 715.4) or a unit deals it."""
        found = (*bonus_damage_to(state, self.dealer, unit), *self.extra) if amount > 0 else ()
        if not found:
            return amount
        if by_unit:
            self.by_units.append((label(unit), tuple(s for s, _ in found)))
            return amount
        bonus = sum(n for _, n in found)  # 714: summed and applied once
        self.added.append((label(unit), amount, bonus, tuple(s for s, _ in found)))
        return amount + bonus

    def to_split(self, state: RbState, units: Sequence[RbObject], amount: int) -> int:
        """``amount`` split damage with its Bonus Damage added once, to the amount that will
        be split (715.3), not to each share: the grants that apply to every unit it is split
        among (a "here" grant only when they are all there)."""
        if amount <= 0 or not units:
            return amount
        each = [dict((*bonus_damage_to(state, self.dealer, unit), *self.extra)) for unit in units]
        found = [(s, n) for s, n in each[0].items() if all(s in other for other in each[1:])]
        if not found:
            return amount
        bonus = sum(n for _, n in found)  # 714: summed and applied once
        self.split_added.append((amount, bonus, tuple(s for s, _ in found)))
        return amount + bonus

    def notes(self, version: str) -> tuple[list[str], list[str]]:
        """What the Bonus Damage did (or why it didn't), and the rules cited."""
        notes: list[str] = [f"{said}." for said in self.modified]
        cited: list[str] = [rule("replacement", version)] if self.modified else []
        if any("prevented" in said for said in self.modified):
            cited += cite_if("prevented", version)
        if self.added:
            cited += [rule("bonus_damage", version), rule("bonus_each_target", version)]
            sources = list(dict.fromkeys(s for *_, sources in self.added for s in sources))
            if len(sources) > 1:
                cited.append(rule("bonus_summed", version))
            if any(ATTACHED_BONUS in s for s in sources):
                cited += cite_if("effect_text_appended", version)
            dealt = "; ".join(
                f"{unit} is dealt {amount + bonus}, not {amount}"
                for unit, amount, bonus, _ in self.added
            )
            notes.append(f"Bonus Damage from {and_list(sources)}: {dealt} ({', '.join(cited)}).")
        for amount, bonus, split_sources in self.split_added:
            split_rules = [rule("bonus_damage", version), *cite_if("bonus_split", version)]
            if len(split_sources) > 1:
                split_rules.append(rule("bonus_summed", version))
            if any(ATTACHED_BONUS in s for s in split_sources):
                split_rules += cite_if("effect_text_appended", version)
            notes.append(
                f"Bonus Damage from {and_list(split_sources)}: it is added to the damage being split, "
                f"so {amount + bonus} is split, not {amount} ({', '.join(split_rules)})."
            )
            cited += split_rules
        if self.by_units:
            unit_rule = rule("unit_deals", version)
            units = dict.fromkeys(unit for unit, _ in self.by_units)
            granting = dict.fromkeys(s for _, found in self.by_units for s in found)
            notes.append(
                f"No Bonus Damage for {and_list(units)}: that damage is dealt by a unit, not by "
                f"the spell or ability that says so ({unit_rule}), and {and_list(granting)} "
                "adds to damage spells and abilities deal."
            )
            cited.append(unit_rule)
        return notes, cited


def _damage(
    state: RbState,
    obj: RbObject,
    amount: int,
    hurt_ids: list[int],
    bonus: _BonusDamage,
    *,
    by_unit: bool = False,
    bonus_added: bool = False,
) -> RbState:
    """Mark ``amount`` damage on ``obj``, with ``bonus``'s Bonus Damage, unless the spell or
    ability says a unit deals it (``by_unit``, 417.6.b.3).  A unit isn't killed by it yet: no
    cleanup happens while a spell resolves (321), so lethal damage kills right after it
    (323.5; Origins FAQ, Disintegrate: "they're killed right after that spell resolves").  A
    unit that doesn't take damage now (``damage_immunity``) gets none, nor any Bonus Damage
    (715.4); the cleanup says why."""
    if damage_immunity(state, obj):
        hurt_ids.append(obj.id)
        return state
    prevented, obj = _prevented(state, obj, amount, by_unit=by_unit)
    if prevented:
        # 437.4: all of it prevented, it is not dealt at all - no Bonus Damage either
        # (417.1.e.1), and "when it takes damage" doesn't happen.
        bonus.modified.append(prevented)
        return state.with_object(obj)
    hurt_ids.append(obj.id)
    if not bonus_added:  # split damage has it in the amount split already (715.3)
        amount = bonus.apply(state, obj, amount, by_unit=by_unit)
    doublers = [by for kind, by in obj.damage_shields if kind == "double"]
    if doublers and amount > 0:
        # Lotus Trap: "Double all damage that would be dealt to it this turn" - a replacement
        # (369.2) on the damage, Bonus Damage included; each doubles it again.
        doubled = amount * 2 ** len(doublers)
        bonus.modified.append(
            f"{and_list(doublers)} {'doubles' if len(doublers) == 1 else 'double'} the damage "
            f"to {label(obj)}: it is dealt {doubled}, not {amount} "
            f"({rule('replacement', state.version)})"
        )
        amount = doubled
    dealers = obj.damage_by
    if amount > 0 and bonus.dealer and bonus.dealer not in dealers:
        dealers = (*dealers, bonus.dealer)
    return state.with_object(replace(obj, damage=obj.damage + amount, damage_by=dealers))


# Last Stand: "Double a friendly unit's Might this turn."
_DOUBLE_MY_MIGHT = re.compile(r"^double my might\b", re.IGNORECASE)
_DOUBLE_MIGHT = re.compile(
    r"^double (?:an? (?:friendly |enemy )?unit's|its|my|that unit's) might this turn\.?$",
    re.IGNORECASE,
)
# "Buff a friendly unit." (426.3), "Buff it.", "Buff me."
_BUFF = re.compile(
    r"^buff (?:(?:up to )?(?:an?|another|one|two|three|\d+) (?:(?:friendly|enemy|other) )*units?|it|me|"
    r"that unit)\.?$",
    re.IGNORECASE,
)
_BUFF_ME = re.compile(r"^buff me\.?$", re.I)
# Showstopper: "Buff a friendly unit in your base, then move it to a battlefield."
_BUFF_THEN_MOVE = re.compile(
    r"^(?P<buff>buff (?:an?|another) (?:friendly )?unit)(?: in your base)?,? then move it to "
    r"a battlefield\.?$",
    re.I,
)
# Stand United: "Buffs give an additional +1 [M] to friendly units this turn."
_BUFFS_GIVE_MORE = re.compile(
    r"^buffs give an additional \+(?P<n>\d+) \[M\] to friendly units this turn\.?$", re.IGNORECASE
)
# An instruction the bot reports but doesn't carry out that could change Might or damage: a
# later kill or survive verdict says it may be off by it.
_MIGHT_OR_DAMAGE = re.compile(r"\[M\]|\bmight\b|\bdamage\b|\bbuff|\bprevent", re.IGNORECASE)
# Units selected by being in a combat (Cannon Barrage), which the bot doesn't model.
_IN_COMBAT = re.compile(r"\bin (?:a )?combat\b", re.IGNORECASE)
# A cost that changes ("This spell's Energy cost is reduced by ...", "costs [2] less").
_ABOUT_COST = re.compile(r"\bcosts?\b.*\b(?:reduced|increased|less|more)\b", re.IGNORECASE)
# Unyielding Spirit: "Prevent all spell and ability damage this turn."
_PREVENT_ALL_SPELL_DAMAGE = re.compile(
    r"^prevent all spell and ability damage this turn\.?$", re.IGNORECASE
)
# Lotus Trap: "Choose a unit. Double all damage that would be dealt to it this turn."
_DOUBLE_DAMAGE_TO_IT = re.compile(
    r"^double all damage that would be dealt to (?:it|that unit) this turn\.?$", re.IGNORECASE
)
# Counter Strike: "The next time that unit would be dealt damage this turn, prevent it."
_NEXT_DAMAGE_TO_IT = re.compile(
    r"^the next time (?:that unit|it) would be dealt damage this turn$", re.IGNORECASE
)


def _prevents_next_damage(analysis: TargetAnalysis, instruction: Instruction) -> bool:
    """Whether "prevent it" is Counter Strike's: right after "The next time that unit would
    be dealt damage this turn"."""
    said = list(analysis.instructions)
    number = next((n for n, i in enumerate(said) if i is instruction), 0)
    return number > 0 and _NEXT_DAMAGE_TO_IT.match(said[number - 1].text) is not None


def _prevented(
    state: RbState, obj: RbObject, amount: int, *, by_unit: bool
) -> tuple[str, RbObject]:
    """Whether ``amount`` damage to ``obj`` is prevented (437): Counter Strike's "The next
    time that unit would be dealt damage this turn, prevent it" on it (used up once it
    applies, 437.3.a) or Unyielding Spirit's "Prevent all spell and ability damage this turn"
    (not damage a unit deals, 417.6.b.3).  Returns what to say ("" when not) and ``obj`` with
    a used-up prevention removed."""
    if amount <= 0:
        return "", obj
    cited = ", ".join((rule("replacement", state.version), *cite_if("prevented", state.version)))
    shield = next((by for kind, by in obj.damage_shields if kind == "prevent next"), None)
    if shield is not None:
        index = obj.damage_shields.index(("prevent next", shield))
        kept = obj.damage_shields[:index] + obj.damage_shields[index + 1 :]
        return (
            f"{shield}'s prevention: the {amount} damage that would be dealt to {label(obj)} is "
            f"prevented, so none is dealt ({cited})",
            replace(obj, damage_shields=kept),
        )
    if state.spell_damage_prevented and not by_unit:
        return (
            f"{and_list(state.spell_damage_prevented)}'s “Prevent all spell and ability damage "
            f"this turn”: the {amount} damage that would be dealt to {label(obj)} is prevented, "
            f"so none is dealt ({cited})",
            obj,
        )
    return "", obj


# Kayn, Unleashed: "If I have moved twice this turn, I don't take damage." (460.2.c.9 uses it
# as its example of a unit that can't be dealt damage).
_NO_DAMAGE_AFTER_MOVES = re.compile(
    r"\bIf I have moved twice this turn, I don[’']t take damage\b", re.IGNORECASE
)


def damage_immunity(state: RbState, obj: RbObject) -> str:
    """Why ``obj`` takes no damage now (its own passive ability, 364.3.a: a condition the
    board records), or ""."""
    card = state.cards.get(obj.id)
    found = _NO_DAMAGE_AFTER_MOVES.search(card.rules_text) if card is not None else None
    if found is None or obj.zone not in BOARD_ZONES:
        return ""
    moves = state.moved.get(obj.id, 0)
    if moves < 2:
        return ""
    return (
        f"{label(obj)} takes no damage: it says “{found.group(0)}.”, and it has moved "
        f"{'twice' if moves == 2 else f'{moves} times'} this turn (the bot takes a scenario or "
        "saved game as one turn)"
    )


# "If it would die this turn, banish it instead" (Smite); "The next time it would die this
# turn, heal it, exhaust it, and recall it instead" (Highlander, Tactical Retreat): a
# replacement the spell sets up on the unit it chose, for its death this turn (369.1).
# Unlicensed Armory: "The next time it would die this turn, you may pay [Fury] to heal it,
# exhaust it, and recall it instead" - its controller's choice as the unit would die, so it
# is set up as ``MAY_RECALL`` and applies only once they say they use it (QA 55 W10).
_DIES_INSTEAD = re.compile(
    r"^(?:the next time|if) it would die this turn, "
    r"(?:you may pay (?P<cost>\[[^\]]+\](?: ?\[[^\]]+\])*) to )?(?:(?P<banish>banish it)|"
    r"(?P<recall>heal it, exhaust it, and recall it)) instead\b",
    re.IGNORECASE,
)
# Reckoner's Arena: "activate the conquer effects of units here" - the units' conquer effects
# there check their conditions as if a conquer had occurred (Unleashed FAQ; QA 55 U4); the
# engine triggers them once the ability has resolved.
ACTIVATES_CONQUER_EFFECTS = re.compile(
    r"\bactivate the conquer effects of units here\b", re.IGNORECASE
)
# The kind of ``RbObject.dies_instead`` entry an optional replacement sets up until its
# controller chooses to use it ("Alice uses Unlicensed Armory for Stalwart Poro.").
MAY_RECALL = "may recall"


# Zhonya's Hourglass (369.1's example): "If a friendly unit would die, kill this instead. Heal
# that unit, exhaust it, and recall it." - a gear's own replacement, for as long as it is on
# the board, for each unit its controller controls.
_KILL_THIS_INSTEAD = re.compile(
    r"\b(?:if|the next time) a friendly unit would die, kill this instead\. heal that unit, "
    r"exhaust it, and recall it\b",
    re.IGNORECASE,
)


# Guardian Angel's Effect Text, the unit's while attached (718.3): "If I would die, kill
# Guardian Angel instead. Heal me, exhaust me, and recall me." - "I" is the unit.
_KILL_GEAR_INSTEAD_OF_ME = re.compile(
    r"\bif I would die, kill (?P<gear>[^.]+?) instead\. heal me, exhaust me, and recall me\b",
    re.IGNORECASE,
)


# Soraka, Wanderer: "If another unit you control here would die, if it has less Might than me,
# instead heal it, exhaust it, and recall it." - "here" is her location, a base too (Las Vegas
# RQ FAQ: "Soraka in base + unit in base: unit is saved").
_SAVES_WEAKER_HERE = re.compile(
    r"\bif another unit you control here would die, if it has less might than me, instead "
    r"heal it, exhaust it, and recall it\b",
    re.IGNORECASE,
)


# The Boss: "If a buffed unit you control would die, you may pay [A], exhaust me, and spend its
# buff to heal it, exhaust it, and recall it instead." - optional, so its controller says so
# ("Alice uses The Boss for Stalwart Poro."), which sets it up on the unit.
_SPEND_BUFF_INSTEAD = re.compile(
    r"\bif a buffed unit you control would die, you may pay (?P<cost>\[[^\]]+\](?: ?\[[^\]]+\])*),"
    r" exhaust me, and spend its buff to heal it, exhaust it, and recall it instead\b",
    re.IGNORECASE,
)
# The kind of ``RbObject.dies_instead`` entry its controller's choice sets up.
SPEND_BUFF_RECALL = "spend buff recall"


def buff_savers(state: RbState, unit: RbObject) -> list[tuple[RbObject, str]]:
    """The permanents and legend of ``unit``'s controller whose optional replacement could
    save it now (The Boss: it is buffed, and the saver is ready to be exhausted), with the
    cost it names."""
    if unit.kind is not RbKind.UNIT:
        return []
    found = []
    for saver in state.objects.values():
        if saver.controller != unit.controller or saver.id == unit.id:
            continue
        if saver.zone not in BOARD_ZONES and saver.zone is not RbZone.LEGEND_ZONE:
            continue
        said = _SPEND_BUFF_INSTEAD.search(active_text(state, saver))
        if said is not None:
            found.append((saver, said.group("cost")))
    return found


def buff_saver_problem(state: RbState, unit: RbObject, saver: RbObject | None) -> str:
    """Why The Boss's replacement can't be used on ``unit`` now ("" when it can): its cost
    exhausts the saver and spends the unit's buff (702.2.b.1)."""
    if saver is None:
        return f"{unit.controller} controls no permanent with that replacement"
    if saver.exhausted:
        return f"{saver.name} is exhausted, and exhausting it is part of the cost"
    if not unit.buffed:
        return f"{unit.name} has no buff to spend ({rule('no_buff_to_spend', state.version)})"
    return ""


def saver_name(saver: RbObject) -> str:
    """How a chosen saver is kept on the unit and named in answers: "Alice's The Boss"."""
    return f"{saver.controller}'s {saver.name}"


def _saver_named(state: RbState, unit: RbObject, by: str) -> RbObject | None:
    """The saver ``by`` names (``saver_name``) among those that cover ``unit`` now."""
    return next((s for s, _ in buff_savers(state, unit) if saver_name(s) == by), None)


def _optional_saver_note(state: RbState, unit: RbObject) -> str:
    """The Boss's optional replacement, when its controller could use it for ``unit`` but
    didn't say so: it is their choice, so the unit dies; the statement that uses it."""
    if any(kind == SPEND_BUFF_RECALL for kind, _ in unit.dies_instead):
        return ""
    for saver, cost in buff_savers(state, unit):
        if buff_saver_problem(state, unit, saver):
            continue
        player = unit.controller
        return (
            f"{player} may instead pay {cost}, exhaust {saver.name} and spend {unit.name}'s "
            f"buff to heal it, exhaust it and recall it ({saver.name}'s replacement, "
            f"{rule('replacement', state.version)}): that is {player}'s choice, and none was "
            f"said, so it dies. If {player} uses it, say so before it dies: “{player} uses "
            f"{saver.name} for {unit.name}.”"
        )
    return ""


def _may_recall_note(unit: RbObject) -> str:
    """Unlicensed Armory's optional replacement set up on ``unit`` and not chosen: its
    controller's choice, none said, so it dies; the statement that uses it (QA 55 W10)."""
    by = next((b for kind, b in unit.dies_instead if kind == MAY_RECALL), "")
    if not by:
        return ""
    player = unit.controller
    return (
        f"{player} may instead pay the cost of {by}'s replacement to heal {unit.name}, exhaust "
        f"it and recall it: that is {player}'s choice, and none was said, so it dies. If "
        f"{player} pays, say so before it dies: “{player} uses {by} for {unit.name}.”"
    )


def _without_first(
    entries: tuple[tuple[str, str], ...], entry: tuple[str, str]
) -> tuple[tuple[str, str], ...]:
    """``entries`` without the first one equal to ``entry`` (the replacement just applied)."""
    if entry not in entries:
        return entries[1:]
    at = entries.index(entry)
    return (*entries[:at], *entries[at + 1 :])


@dataclass(frozen=True)
class _DeathReplacement:
    """One replacement that would apply to a unit's death: ``kind`` is ``banish`` or
    ``recall`` (set up on the unit by a spell, ``by``) or ``gear`` (the permanent ``gear_id``
    is killed instead, Zhonya's Hourglass)."""

    kind: str
    by: str
    gear_id: int | None = None

    def outcome(self, unit: RbObject) -> str:
        """What it does to ``unit``'s death, said as a clause ("it is banished")."""
        if self.kind == "banish":
            return "it is banished instead"
        if self.kind == "gear":
            return (
                f"{self.by} is killed instead, and it is healed, exhausted and recalled to "
                f"{unit.controller}'s base"
            )
        return f"it is healed, exhausted and recalled to {unit.controller}'s base instead"


def death_replacements(state: RbState, unit: RbObject) -> list[_DeathReplacement]:
    """The replacements that would apply if ``unit`` died now, in the order the bot applies
    them: those spells set up on it, oldest first, then its controller's gear that dies in
    its place (369.1)."""
    found = [
        _DeathReplacement(kind, by)
        for kind, by in unit.dies_instead
        # The Boss's, chosen by its controller: only while its cost can still be paid.
        if (
            kind != SPEND_BUFF_RECALL
            or not buff_saver_problem(state, unit, _saver_named(state, unit, by))
        )
        # Unlicensed Armory's, until its controller says they use it.
        and kind != MAY_RECALL
    ]
    if unit.kind is RbKind.UNIT:
        # Its own replacement, from an attached Equipment's Effect Text (718.3, 434.1.c).
        for gear, text in appended_effect_texts(state, unit.id):
            own = _KILL_GEAR_INSTEAD_OF_ME.search(text)
            if own is not None and own.group("gear").casefold() == gear.name.casefold():
                found.append(_DeathReplacement("gear", f"{gear.controller}'s {gear.name}", gear.id))
        if unit.zone is RbZone.BASE:
            # At a battlefield the Las Vegas RQ FAQ rules the other way ("Soraka on battlefield
            # + unit on battlefield: unit is not saved"): ``_weaker_saver_note`` says so.
            found += [
                _DeathReplacement("passive recall", f"{other.controller}'s {other.name}")
                for other in _weaker_savers(state, unit)
            ]
        for gear in state.on_board():
            card = state.cards.get(gear.id)
            if (
                gear.id != unit.id
                and gear.controller == unit.controller
                and card is not None
                and _KILL_THIS_INSTEAD.search(card.text)
            ):
                found.append(_DeathReplacement("gear", f"{gear.controller}'s {gear.name}", gear.id))
    return found


def _weaker_savers(state: RbState, unit: RbObject) -> list[RbObject]:
    """The other permanents of its controller at its location whose "If another unit you
    control here would die, if it has less Might than me, instead ..." (Soraka, Wanderer)
    covers ``unit`` now."""
    weaker = might_now(state, unit)
    if unit.kind is not RbKind.UNIT or weaker is None:
        return []
    return [
        other
        for other in state.on_board()
        if other.id != unit.id
        and other.controller == unit.controller
        and other.place == unit.place
        and _SAVES_WEAKER_HERE.search(active_text(state, other))
        and weaker < (might_now(state, other) or 0)
    ]


def _weaker_saver_note(state: RbState, unit: RbObject) -> str:
    """Why Soraka, Wanderer doesn't save ``unit`` at a battlefield: the FAQ's ruling."""
    if unit.zone is not RbZone.BATTLEFIELD:
        return ""
    savers = _weaker_savers(state, unit)
    if not savers:
        return ""
    return (
        f"{and_list(o.name for o in savers)} reads “If another unit you control here would "
        "die, if it has less Might than me, instead heal it, exhaust it, and recall it”, but "
        "the Las Vegas 2026 RQ FAQ rules “Soraka on battlefield + unit on battlefield: unit is "
        "not saved” (only “Soraka in base + unit in base: unit is saved”); the bot follows the "
        f"FAQ. If your judge rules otherwise, say “{unit.name} is recalled.” instead."
    )


def die(
    state: RbState, unit: RbObject, event: str, notes: list[str], rules: list[str]
) -> tuple[RbState, int | None, bool]:
    """``unit`` dies (killed by an instruction, lethal damage or a statement), unless a
    replacement sends it elsewhere instead (369.1): banished (Smite), healed, exhausted and
    recalled (Highlander; a recall isn't a move, 450), or saved by a gear killed in its place
    (Zhonya's Hourglass).  With several, its owner orders them (372) and each applies once to
    the death or what replaced it (370.2): the first one applied leaves no death for the
    others.  Returns the new state, the new object's id, and whether it died."""
    version = state.version
    options = death_replacements(state, unit)
    optional = "" if options else _optional_saver_note(state, unit) or _may_recall_note(unit)
    if optional:
        notes.append(optional)
        rules.append(rule("replacement", version))
    if not options:
        faq_note = _weaker_saver_note(state, unit)
        if faq_note:
            notes.append(faq_note)
        state, new_id = move_to_zone(state, unit, RbZone.TRASH, event)
        if unit.token:
            notes.append(_tokens_cease([unit], version))
            rules.append(rule("token_ceases", version))
        state = when_it_dies(state, unit, notes, rules)
        return state, new_id, True
    applied, others = options[0], options[1:]
    if death_triggers(read_abilities(active_text(state, unit)), version):
        # 808.1.d.1: "If the Permanent with the effect is not sent to the Trash, for example
        # because its "killed" event was replaced with a recall, the Deathknell will not occur."
        notes.append(
            f"{unit.name} doesn't go to the trash, so its [Deathknell] doesn't trigger "
            f"({rule('deathknell_not_trash', version)})."
        )
        rules.append(rule("deathknell_not_trash", version))
    if others:
        # The bot can't ask the owner; it applies them in a fixed order and says so.
        alternatives = " ".join(
            f"If {unit.owner} applies the one from {o.by} first, {o.outcome(unit)}; if so, "
            "state what happened."
            for o in others
            if o.kind != applied.kind or o.kind == "gear"
        )
        notes.append(
            f"{label(unit)} would die, and replacements from {and_list(o.by for o in options)} "
            f"all apply to that death: its owner, {unit.owner}, chooses the order "
            f"({rule('replacement_order', version)}), and each applies only once to the death "
            f"or what replaced it{_cite(cite_if('replacement_once', version))}. The bot applies "
            f"the one from {applied.by} first (spells' in the order they were set up, then gear's); "
            "the others then "
            "have no death to replace." + (f" {alternatives}" if alternatives else "")
        )
        rules += [rule("replacement_order", version), *cite_if("replacement_once", version)]
    if applied.kind == "banish":
        notes.append(
            f"{label(unit)} would die; {applied.by}'s replacement banishes it "
            f"instead ({rule('replacement', version)})."
        )
        rules += [rule("replacement", version), rule("banish", version)]
        state, new_id = move_to_zone(
            state, unit, RbZone.BANISHMENT, "was banished instead of dying"
        )
        return state, new_id, False
    if applied.kind == "gear" and applied.gear_id is not None:
        gear = state.objects[applied.gear_id]
        notes.append(
            f"{label(unit)} would die; {applied.by} is killed instead, and {unit.name} is "
            f"healed, exhausted and recalled to {unit.controller}'s base "
            f"({rule('replacement', version)}, {rule('recall', version)})."
        )
        rules += [rule("replacement", version), rule("kill", version), rule("recall", version)]
        state, _ = move_to_zone(state, gear, RbZone.TRASH, f"was killed instead of {unit.name}")
        kept = unit.dies_instead
    elif applied.kind == SPEND_BUFF_RECALL:
        saver = _saver_named(state, unit, applied.by)
        cost = next((c for s, c in buff_savers(state, unit) if saver and s.id == saver.id), "")
        notes.append(
            f"{label(unit)} would die; {unit.controller} uses "
            f"{saver.name if saver is not None else applied.by}'s replacement: pays "
            f"{cost} (the bot doesn't track runes), exhausts "
            f"{saver.name if saver is not None else applied.by} and spends {unit.name}'s buff ({rule('spend_buff', version)}), so {unit.name} is "
            f"healed, exhausted and recalled to {unit.controller}'s base instead "
            f"({rule('replacement', version)}, {rule('recall', version)})."
        )
        rules += [
            rule("replacement", version),
            rule("spend_buff", version),
            rule("recall", version),
        ]
        if saver is not None:
            state = state.with_object(replace(saver, exhausted=True))
        kept = tuple(e for e in unit.dies_instead if e[0] != SPEND_BUFF_RECALL)
        unit = replace(unit, buffed=False, might=None if unit.might is None else unit.might - 1)
    else:
        notes.append(
            f"{label(unit)} would die; {applied.by}'s replacement heals it, exhausts "
            f"it and recalls it to {unit.controller}'s base instead "
            f"({rule('replacement', version)}, {rule('recall', version)})."
        )
        rules += [rule("replacement", version), rule("recall", version)]
        # "The next time it would die": used up once applied; the others stay for the turn.
        # A permanent's own (Soraka) stays with it.
        kept = (
            unit.dies_instead
            if applied.kind == "passive recall"
            else _without_first(unit.dies_instead, (applied.kind, applied.by))
        )
    saved = replace(
        unit,
        zone=RbZone.BASE,
        location="",
        damage=0,
        damage_by=(),
        exhausted=True,
        dies_instead=kept,
    )
    return state.with_object(saved), None, False


def when_it_dies(state: RbState, unit: RbObject, notes: list[str], rules: list[str]) -> RbState:
    """The delayed triggers set up on ``unit``'s death this turn (Deadly Flourish's "When it
    dies this turn, play a Gold gear token exhausted", 390.2) trigger now it has died; the bot
    resolves each at once, a token play on the board, anything else reported."""
    version = state.version
    for card, controller, text in unit.when_dies:
        tokens = _PLAY_TOKENS.match(text)
        notes.append(
            f"{label(unit)} died, so the delayed trigger {card} set up triggers: “When it dies "
            f"this turn, {text}”{_cite(cite_if('delayed_trigger', version))}. The bot resolves "
            "it at once (if a player responded to that trigger, say what happened)"
            + ("." if tokens else "; the bot reports it but doesn't carry it out on the board.")
        )
        rules += cite_if("delayed_trigger", version)
        if tokens is not None:
            state, made, token_rules = play_tokens(state, tokens, controller, "")
            rules += token_rules
            notes.append(_tokens_note(made))
    return state


def _tokens_note(made: Sequence[RbObject]) -> str:
    """What the answer says of tokens just played: where, and how they entered."""
    first = made[0]
    extras = [
        *([f"with Deflect {first.deflect}"] if first.deflect else []),
        *(f"with [{keyword}]" for keyword in first.keywords),
    ]
    return (
        f"{and_list(label(o) + f' (#{o.id})' for o in made)}: played as "
        f"{'a token' if len(made) == 1 else 'tokens'}, "
        f"{'exhausted' if first.exhausted else 'ready'}"
        f"{''.join(', ' + extra for extra in extras)}."
    )


def _tokens_cease(tokens: Sequence[RbObject], version: str) -> str:
    """The note for tokens put into a non-board zone: they cease to exist (183.1)."""
    names = and_list(label(o) for o in tokens)
    return (
        f"{names} {'is a token' if len(tokens) == 1 else 'are tokens'}: put into a non-board "
        f"zone, a token ceases to exist ({rule('token_ceases', version)})."
    )


def _cite(numbers: Sequence[str]) -> str:
    return f" ({', '.join(numbers)})" if numbers else ""


_WHERE_SAME_CONTROLLER = re.compile(
    r"\bto a location where there[’']s a unit with the same controller\b", re.IGNORECASE
)


_TO_BASE = re.compile(r"\bto (?:its|their|your|base)\b")


# Moonfall: "Choose a battlefield where you have units. You may move up to one enemy unit to
# that battlefield." - the battlefield chosen as it was played.
_TO_THAT_BATTLEFIELD = re.compile(r"\bto that battlefield\b", re.I)


_TO_HERE = re.compile(r"\bto here\b", re.I)


def _move_destination(
    item: ChainItem, text: str, chosen: Sequence[RbObject] = (), state: RbState | None = None
) -> str | None:
    """Where a move instruction goes: the destination chosen as it was played (355.4), the
    battlefield the spell chose for "to that battlefield" (``chosen``: its targets still
    legal), the battlefield its source is at for "to here" (Blitzcrank, Impassive, read as it
    is carried out, 359.3.f; QA 58 U7), or the base for "to its base" (Flash); None when the
    bot doesn't know."""
    if item.destination:
        return item.destination
    if _TO_THAT_BATTLEFIELD.search(text):
        field = next((o for o in chosen if o.kind is RbKind.BATTLEFIELD), None)
        return field.name if field is not None else None
    if _TO_HERE.search(text):
        source = (
            state.objects.get(item.source_id)
            if state is not None and item.source_id is not None
            else None
        )
        return source.location if source is not None and source.at_battlefield else None
    return BASE if _TO_BASE.search(text) else None


def _already_there(units: Sequence[RbObject], destination: str) -> list[RbObject]:
    """The units already at a move's destination, which they can't move to (355.4.a)."""
    return [
        o
        for o in units
        if (o.zone is RbZone.BASE if destination == BASE else o.location == destination)
    ]


_AND_READY_IT = re.compile(r"\band ready (?:it|them)\b", re.I)


def _ready_moved(
    state: RbState, units: Sequence[RbObject], notes: list[str], rules: list[str]
) -> str:
    """What "and ready it" did to the moved units: each is readied unless something says it
    can't be (Maduli's "I can't be readied": can't beats can, 054.1)."""
    stopped = []
    for obj in units:
        stopper = ready_forbidden_by(state, state.obj(obj.id))
        if stopper is not None:
            stopped.append(
                f"{obj.name} is not readied ({stopper.source.name} says {stopper.quoted})"
            )
    if stopped:
        notes.extend(f"{s}." for s in stopped)
        rules.append(rule("cant_beats_can", state.version))
    return " and readied" if len(stopped) < len(units) else ""


def _readied(state: RbState, units: Sequence[RbObject]) -> RbState:
    """``units`` readied, except those something forbids to ready (054.1)."""
    for obj in units:
        now = state.obj(obj.id)
        if ready_forbidden_by(state, now) is None:
            state = state.with_object(replace(now, exhausted=False))
    return state


def _move_others(
    state: RbState, units: Sequence[RbObject], staying: Sequence[RbObject], destination: str
) -> tuple[RbState, list[RbObject], str]:
    """Move the units not in ``staying`` to ``destination``; what the note says they did."""
    moving = [o for o in units if all(o.id != s.id for s in staying)]
    for obj in moving:
        if destination == BASE:
            state = state.with_object(replace(obj, zone=RbZone.BASE, location=""))
        else:
            state = state.with_object(replace(obj, zone=RbZone.BATTLEFIELD, location=destination))
        state = state.with_move(obj.id)
    return state, moving, f"moved to {'its base' if destination == BASE else destination}"


def _has_unit_of(state: RbState, controller: str, destination: str, moving: int) -> bool:
    """Has ``controller`` a unit other than ``moving`` at ``destination`` (a battlefield's
    name, or ``BASE``: their own base)?"""
    return any(
        o.kind is RbKind.UNIT
        and o.controller == controller
        and o.id != moving
        and (o.zone is RbZone.BASE if destination == BASE else o.location == destination)
        for o in state.on_board()
    )


def destination_problem(
    state: RbState,
    text: str,
    chosen: Sequence[Sequence[RbObject]],
    destination: str,
    base_of: str | None = None,
) -> Verdict | None:
    """A move destination must be a valid location other than where the unit is (355.4.a),
    and match what the text allows ("to a battlefield").  ``base_of``: the player whose base
    was named ("moving it to Alice's base"); a unit can only be at its controller's base."""
    version = state.version
    cited = (rule("move_destination", version), rule("move_destination_other", version))
    if not re.search(r"\bmove\b", text, re.IGNORECASE):
        return Verdict(
            VerdictKind.ILLEGAL,
            "This spell doesn't move anything, so it has no destination to choose.",
            cited[:1],
        )
    if destination != BASE and state.battlefield(destination) is None:
        return Verdict(
            VerdictKind.ILLEGAL,
            f"{destination} isn't a battlefield in this game; put it in first, e.g. “Alice "
            f"controls {destination}.”",
            cited[:1],
        )
    if destination == BASE and re.search(r"\bto a battlefield\b", text, re.IGNORECASE):
        return Verdict(
            VerdictKind.ILLEGAL,
            "The text moves it to a battlefield, so a base isn't a valid destination.",
            cited,
        )
    for group in chosen:
        for obj in group:
            if destination == BASE and base_of is not None and obj.controller != base_of:
                own = rule("own_base", version)
                return Verdict(
                    VerdictKind.ILLEGAL,
                    f"{base_of}'s base isn't a valid destination for {label(obj)}: a "
                    f"player's permanents reside in their own base ({own}), and a move's "
                    f"destination must be a location where the unit is allowed to be present "
                    f"({cited[1]}). It can move to {obj.controller}'s base.",
                    (*cited, own),
                )
            if _WHERE_SAME_CONTROLLER.search(text) and not _has_unit_of(
                state, obj.controller, destination, obj.id
            ):
                # Temptation: "Move an enemy unit to a location where there's a unit with the
                # same controller."
                place = f"{obj.controller}'s base" if destination == BASE else destination
                return Verdict(
                    VerdictKind.ILLEGAL,
                    f"{obj.controller} has no unit at {place}: the text moves "
                    f"{label(obj)} to “a location where there's a unit with the same "
                    "controller”.",
                    cited[:1],
                )
            here = BASE if obj.zone is RbZone.BASE else obj.location
            if here == destination:
                place = "its base" if here == BASE else here
                return Verdict(
                    VerdictKind.ILLEGAL,
                    f"{label(obj)} is already at {place}: a move's destination must be a "
                    f"location other than the unit's current one ({cited[1]}).",
                    cited,
                )
    return None


_TO_THAT_UNITS_BATTLEFIELD = re.compile(
    r"^move .* to that (?:enemy )?unit['’]s battlefield\.?$", re.I
)


def _play_from_hand_note(
    state: RbState, player: str, said: re.Match[str], field: RbObject | None
) -> str:
    """What a resolving "You may play a unit from hand ..." leaves to its player, and the
    statement that says they did (Here to Help)."""
    units = [
        o
        for o in state.objects.values()
        if o.zone is RbZone.HAND and o.owner == player and o.kind is RbKind.UNIT
    ]
    where = f" to {field.name}" if field is not None else ""
    less = f", its cost reduced by {said.group('less')}" if said.group("less") else ""
    example = units[0].name if units else "Lecturing Yordle"
    hand = f" (units stated in {player}'s hand: {and_list(o.name for o in units)})" if units else ""
    return (
        f"{player} chooses as it resolves whether to play a unit from their hand{where}{less}, "
        f"and which; their hand isn't public, so nothing in it was chosen as the spell was "
        f"played ({rule('may_perform', state.version)}, {rule('non_public', state.version)}). "
        f"The bot doesn't choose for them, so nothing was played{hand}. If {player} played "
        f"one, say so: “{player} plays {example}{where}.”"
    )


def _optional_move_note(
    state: RbState,
    instruction: Instruction,
    units: Sequence[RbObject],
    it_objects: Sequence[RbObject],
    item: ChainItem,
) -> str:
    """For a "you may move ... to that unit's battlefield" the bot doesn't decide: what to say
    if the player moves it ("" when it isn't one, or the place is unknown)."""
    if not instruction.optional or not _TO_THAT_UNITS_BATTLEFIELD.match(instruction.text):
        return ""
    that = [state.objects[o.id] for o in it_objects if o.id in state.objects]
    place = next((o.location for o in that if o.at_battlefield), "")
    moving = [state.objects[o.id] for o in units if o.id in state.objects and o.kind is RbKind.UNIT]
    if not place or not moving:
        return ""
    named = and_list(o.name for o in moving)
    return (
        f"“You may {instruction.text[:1].lower()}{instruction.text[1:]}”: {item.controller} "
        f"chooses as it resolves whether to move {named} "
        f"({rule('may_perform', state.version)}); the bot doesn't choose for them, so nothing "
        f"moved. If {item.controller} moves it, say “{moving[0].name} moves to {place}.”"
    )


def _chosen_move(
    state: RbState,
    instruction: Instruction,
    units: Sequence[RbObject],
    it_objects: Sequence[RbObject],
    item: ChainItem,
) -> tuple[RbState, str]:
    """Zenith Blade's "You may move a friendly unit to that enemy unit's battlefield", which its
    controller chose to do (355.12): the unit chosen for it moves there (441.1); ``state``
    unchanged and "" when it isn't such a move or the place is unknown."""
    if not _TO_THAT_UNITS_BATTLEFIELD.match(instruction.text):
        return state, ""
    that = [state.objects[o.id] for o in it_objects if o.id in state.objects]
    place = next((o.location for o in that if o.at_battlefield), "")
    moving = [state.objects[o.id] for o in units if o.id in state.objects and o.kind is RbKind.UNIT]
    if not place or not moving:
        return state, ""
    state, moved, done = _move_others(state, moving, [], place)
    return state, (
        f"“You may {instruction.text.rstrip('.')}”: {item.controller} chooses to "
        f"({rule('may_perform', state.version)}), so {and_list(label(o) for o in moved)}: {done}."
    )


# Stealthy Pursuer: "When a friendly unit moves from my location, I may be moved with it." -
# optional ("I may"), so its controller chooses as it resolves (355.12).
_MAY_BE_MOVED_WITH = re.compile(r"^I may be moved with (?:it|them)\.?$", re.I)


def _moved_with_note(state: RbState, instruction: Instruction, item: ChainItem) -> str:
    """For an "I may be moved with it" (Stealthy Pursuer) the bot doesn't decide: what to say,
    with where the unit that moved went ("" when it isn't one)."""
    if not _MAY_BE_MOVED_WITH.match(instruction.text.strip()):
        return ""
    me = state.objects.get(item.source_id) if item.source_id is not None else None
    moved = referents_now(state, item.referents) if item.referents else ()
    place = next((_place_name(o) for o in moved), "")
    name = me.name if me else item.source_name or item.name
    said = f"“{instruction.text.strip().rstrip('.')}”: {item.controller} chooses as it resolves "
    said += f"whether {name} moves with it ({rule('may_perform', state.version)}); "
    said += "the bot doesn't choose for them, so nothing moved."
    if place and me is not None and me.zone in BOARD_ZONES:
        said += f" If it moves, say “{name} moves to {place}.”"
    return said


def _place_name(obj: RbObject) -> str:
    """Where ``obj`` is, as a move statement names it: a battlefield, or its controller's base."""
    if obj.at_battlefield:
        return obj.location
    if obj.zone is RbZone.BASE:
        return f"{obj.controller}'s base"
    return ""


def _forbidden_units(
    state: RbState,
    text: str,
    units: Sequence[RbObject],
    item: ChainItem,
    chosen: Sequence[RbObject] = (),
) -> list[tuple[RbObject, Passive]]:
    """The units a move or ready instruction can't act on, each with the passive ability
    that forbids it: a move to a known destination (a recall is not a move, 451.3) or a
    ready ("ready me" included)."""
    if text.startswith("move"):
        goes_to = _move_destination(item, text, chosen, state)
        if goes_to is None:
            return []
        return [
            (o, found)
            for o in units
            if (found := move_forbidden_by(state, o, goes_to, item.controller))
        ]
    if text.startswith("ready"):
        if not units and _ME_WORD.match(text) and item.source_id in state.objects:
            units = [state.objects[item.source_id]] if item.source_id is not None else []
        return [(o, found) for o in units if (found := ready_forbidden_by(state, o))]
    return []


# Against the Odds: "+2 [M] this turn for each enemy unit there" - counted as it resolves
# (359.3.f.2), at the battlefield the unit is at.
_FOR_EACH = re.compile(r"\bfor each (?P<what>[^.,;]+)", re.I)
_FOR_EACH_UNIT_THERE = re.compile(
    r"^(?P<side>enemy |friendly |other )?units? (?:there|here)$", re.I
)


# Friendship: "Give it +1 [M] this turn for each of the following tags among your units -
# Bird, Cat, Dog, and Poro." - each listed tag counts once if any of the units has it.
_FOR_EACH_TAG = re.compile(
    r"\bfor each of the following tags among your units\s*[-–—]\s*(?P<tags>[^.]+)", re.I
)


def _discard(
    state: RbState, item: ChainItem, count: int, chosen: Sequence[int] = ()
) -> tuple[RbState, list[RbObject], str]:
    """``item``'s controller discards ``count`` cards as an effect (Get Excited!'s "Discard
    1"): the cards ``chosen`` as it resolves ("Get Excited! resolves discarding Blazing
    Scorcher"), each from their hand to their trash (422.1); unsaid, with no more cards stated
    in their hand than that there is no choice, and each goes (422.4: as many as possible).
    With more, the bot doesn't choose for them: ``DiscardChoiceNeeded`` asks which.  Returns
    the state, the cards discarded as they were in hand, and the note."""
    version = state.version
    player = item.controller
    hand = [o for o in state.objects.values() if o.zone is RbZone.HAND and o.owner == player]
    if chosen:
        picked = _chosen_discards(state, item, count, chosen, hand)
        for card in picked:
            state, _ = move_to_zone(state, card, RbZone.TRASH, "was discarded")
        done = (
            f"{player} discards {and_list(c.name for c in picked)}, chosen from their hand as "
            f"{item.name} resolves, to their trash ({rule('discard', version)}, "
            f"{rule('discard_chooses', version)})."
        )
        return state, picked, done
    if not hand:
        unknown = (
            f"“Discard {count}” happens; the bot knows no card in {player}'s hand, so it "
            f"discards nothing on the board. Say “{player}'s hand has …” first to have it "
            "carried out."
        )
        return state, [], unknown
    if len(hand) > count:
        statements = list(
            dict.fromkeys(
                f"{item.name} resolves discarding {and_list(c.name for c in cards)}."
                for cards in itertools.combinations(hand, count)
            )
        )[:MAX_OFFERED_SUBSETS]
        raise DiscardChoiceNeeded(
            f"{item.name} says “Discard {count}”: {player} chooses which "
            f"{counted(count, 'card')} of the {len(hand)} stated in their hand "
            f"({and_list(c.name for c in hand)}) as it resolves "
            f"({rule('discard_chooses', version)}); "
            f"the bot doesn't choose for them, so nothing was changed.",
            hint="Say which: " + " or ".join(f"“{said}”" for said in statements[:2]),
            statements=statements,
        )
    for card in hand:
        state, _ = move_to_zone(state, card, RbZone.TRASH, "was discarded")
    as_many = (
        f", as many as they can ({rule('discard_as_many', version)})" if len(hand) < count else ""
    )
    done = (
        f"{player} discards {and_list(c.name for c in hand)}, the only "
        f"{'card' if len(hand) == 1 else 'cards'} stated in their hand, to their trash"
        f"{as_many} ({rule('discard', version)})."
    )
    return state, hand, done


def named_discards(state: RbState, player: str, said: Sequence[int]) -> tuple[list[RbObject], str]:
    """The cards ``said`` to be discarded by ``player`` (a cost's "discarding Blazing
    Scorcher", an effect's "resolves discarding ..."), and what is wrong with them ("" when
    nothing): each must be in that player's hand (422.1: discarding moves a card from a
    player's hand)."""
    picked = [state.objects[i] for i in dict.fromkeys(said) if i in state.objects]
    elsewhere = [o for o in picked if o.zone is not RbZone.HAND or o.owner != player]
    if elsewhere:
        return picked, f"{label(elsewhere[0])} isn't in {player}'s hand"
    if len(picked) < len(said):
        return picked, "a card named isn't in the game"
    return picked, ""


def _chosen_discards(
    state: RbState, item: ChainItem, count: int, chosen: Sequence[int], hand: list[RbObject]
) -> list[RbObject]:
    """The cards said to be discarded, checked: each in the hand of ``item``'s controller
    (422.1: discarding moves a card from a player's hand), and as many as the instruction
    asks (or all of the hand, when it has fewer: 422.4)."""
    version = state.version
    player = item.controller
    picked, where = named_discards(state, player, chosen)
    if where:
        raise EngineError(
            f"{where}: {item.name}'s “Discard {count}” discards from its controller's hand "
            f"({rule('discard', version)}), so nothing was changed.",
            hint=f"Say the card first: “{player}'s hand has Blazing Scorcher.”",
        )
    wanted = min(count, len(hand))
    if len(picked) != wanted:
        raise EngineError(
            f"{item.name} says “Discard {count}”: {player} discards "
            f"{counted(wanted, 'card')} from the {len(hand)} stated in their hand, not "
            f"{len(picked)} ({rule('discard', version)}), so nothing was changed.",
            hint=f"Name {counted(wanted, 'card')}: “{item.name} resolves discarding "
            f"{and_list(c.name for c in hand[:wanted])}.”",
        )
    return picked


def _tags_among_units(state: RbState, controller: str, listed: str) -> list[str]:
    """The tags of ``listed`` ("Bird, Cat, Dog, and Poro") that at least one unit
    ``controller`` controls on the board has, in the order listed."""
    wanted = [t.strip() for t in re.split(r",\s*(?:and\s+)?|\s+and\s+", listed) if t.strip()]
    theirs = {
        tag.casefold()
        for o in state.on_board()
        if o.kind is RbKind.UNIT and o.controller == controller
        for tag in o.tags
    }
    return [tag for tag in wanted if tag.casefold() in theirs]


def _times(state: RbState, obj: RbObject, what: str, controller: str) -> int | None:
    """How many times a "for each ..." multiplier counts for ``obj``: the units of that side
    where ``obj`` is ("for each enemy unit there"); None when the bot doesn't read it."""
    found = _FOR_EACH_UNIT_THERE.match(what.strip())
    if found is None or obj.zone not in BOARD_ZONES:
        return None
    side = (found.group("side") or "").strip().lower()
    return sum(
        1
        for other in state.on_board()
        if other.kind is RbKind.UNIT
        and other.place == obj.place
        and (side != "enemy" or other.controller != controller)
        and (side != "friendly" or other.controller == controller)
        and (side != "other" or other.id != obj.id)
    )


def _might_changes(
    analysis: TargetAnalysis,
    instruction: Instruction,
    own: Sequence[int],
    legal_by_target: Mapping[int, Sequence[int]],
    state: RbState,
    controller: str,
    it_units: Sequence[RbObject] = (),
) -> list[tuple[RbObject, int, int | None, str]]:
    """Each legal target of a "give ... [+-]N [M]" instruction with the change written after
    its own mention (up to the next target's mention), the "to a minimum of N" floor, and how
    a "for each ..." multiplier was counted ("" without one); without a target of its own,
    ``it_units`` ("Give it ...": the unit chosen before) get the change.  A target whose
    multiplier the bot can't count is left out: the instruction is then reported, not
    carried out."""
    text = instruction.text.replace("−", "-")
    starts = sorted((analysis.targets[n].start, n) for n in dict.fromkeys(own))
    # (where its change is written, the objects it is given to): each target's own part of
    # the text, or all of it for "it" chosen before (Friendship's "Choose a unit. Give it").
    parts = [
        (
            start,
            text[start : starts[k + 1][0] if k + 1 < len(starts) else len(text)],
            [state.objects[i] for i in legal_by_target.get(n, []) if i in state.objects],
        )
        for k, (start, n) in enumerate(starts)
    ] or [(0, text, list(it_units))]
    result = []
    for start, segment, objects in parts:
        change = _MIGHT_CHANGE.search(segment)
        if change is None:
            continue
        amount = int(change.group("n")) * (-1 if change.group("sign") == "-" else 1)
        floor = _MINIMUM.search(text[start:])
        extra = _ADDITIONAL_IF_ALONE.search(segment)
        each = _FOR_EACH.search(segment, change.end())
        each_tag = _FOR_EACH_TAG.search(segment, change.end())
        for obj in objects:
            total = amount
            counted_as = ""
            if each_tag is not None:
                found = _tags_among_units(state, controller, each_tag.group("tags"))
                total = amount * len(found)
                counted_as = (
                    f"{amount:+d} for each of {each_tag.group('tags').strip()} among "
                    f"{controller}'s units: {len(found)}"
                    + (f" ({and_list(found)})" if found else "")
                )
            elif each is not None:
                times = _times(state, obj, each.group("what"), controller)
                if times is None:
                    continue  # a "for each ..." the bot doesn't count: reported only
                total = amount * times
                counted_as = f"{amount:+d} for each {each.group('what').strip()}: {times}"
            if extra and not _has_unit_of(
                state, controller, BASE if obj.zone is RbZone.BASE else obj.location, obj.id
            ):
                # "if it is the only unit you control there": checked as it resolves
                # (359.3.f.2), with the unit where it is now.
                total += int(extra.group("n")) * (-1 if extra.group("sign") == "-" else 1)
            result.append((obj, total, int(floor.group("n")) if floor else None, counted_as))
    return result


def _unless_choice(
    state: RbState,
    item: ChainItem,
    clause: re.Match[str],
    unit: RbObject,
    said: tuple[str, bool] | None,
) -> tuple[bool, str]:
    """Whether the player an "unless" instruction names took its alternative, and the note
    saying so: "its controller" is the chosen unit's controller as it is carried out (355.10.d:
    fixed by the game, not a target; 359.3.f.2).  Not said, or said by another player: the
    choices are asked for."""
    version = state.version
    owner = clause.group("who").lower().endswith("owner")
    chooser = unit.owner if owner else (unit.controller or unit.owner)
    alternative = _with_you(clause.group("alternative"), item.controller)
    take = f"{chooser} {alternative}"
    refuse = f"{chooser} doesn't {_base_form(alternative)}"
    body = clause.group("body")
    statements = (f"{item.name} resolves and {take}.", f"{item.name} resolves and {refuse}.")
    asked = (
        f"“{clause.group(0).rstrip('.')}”: {chooser} {'owns' if owner else 'controls'} "
        f"{unit.name} (#{unit.id}), so {chooser} "
        f"chooses as it is carried out whether to {_base_form(alternative)} "
        f"({', '.join((rule('programmatic', version), *cite_if('here_on_execution', version)))})"
    )
    if said is None:
        raise UnlessChoiceNeeded(
            f"{asked}; if not, “{body}” happens. The bot doesn't choose for {chooser}.",
            hint=f"Say which: “{statements[0]}” or “{statements[1]}”",
            statements=statements,
        )
    player, took = said
    if player.casefold() != chooser.casefold():
        raise UnlessChoiceNeeded(
            f"{asked}, not {player}.",
            hint=f"Say which: “{statements[0]}” or “{statements[1]}”",
            statements=statements,
        )
    if took:
        return True, (
            f"{take}, so “{body}” doesn't happen; the draw is reported, not carried out on the "
            "board."
            if "draw" in alternative
            else f"{take}, so “{body}” doesn't happen."
        )
    return False, f"{refuse}, so “{body}” happens."


def _with_you(alternative: str, controller: str) -> str:
    """ "has you draw 2" -> "has Alice draw 2": "you" is the resolving item's controller."""
    return re.sub(r"\byou\b", controller, alternative, flags=re.I)


def _base_form(alternative: str) -> str:
    """ "has Alice draw 2" -> "have Alice draw 2", "pays [1]" -> "pay [1]"."""
    verb, _, rest = alternative.partition(" ")
    base = {"has": "have", "is": "be"}.get(verb.lower())
    if base is None:
        base = (
            verb[:-2] if verb.lower().endswith(("ches", "shes", "sses")) else verb.removesuffix("s")
        )
    return f"{base} {rest}".strip()


# One action on the ability's source: "ready me", "exhaust me", "give me +2 [M] this turn";
# several joined by "and" (Darius, Trifarian: "give me +2 [M] this turn and ready me").
_ON_ME = re.compile(
    r"^(?:(?P<ready>ready|exhaust) me|give me (?P<change>[+\-−]\d+) \[M\](?P<this_turn> this turn)?)$",
    re.I,
)


def _on_me(text: str) -> list[re.Match[str]] | None:
    """The actions of an instruction that acts only on its source ("me"); None otherwise."""
    found = [_ON_ME.match(p.strip()) for p in re.split(r"\s+and\s+", text.strip().rstrip("."))]
    return [f for f in found if f is not None] if all(found) else None


def _carry_out_on_me(
    state: RbState,
    item: ChainItem,
    actions: Sequence[re.Match[str]],
    notes: list[str],
    rules: list[str],
) -> RbState:
    """Each of ``actions`` (see ``_on_me``) done to the ability's source, in order."""
    version = state.version
    source = state.objects.get(item.source_id) if item.source_id is not None else None
    # A Legend stays in its zone and readies and exhausts there (Battle Mistress's "ready me").
    if source is None or source.zone not in (*BOARD_ZONES, RbZone.LEGEND_ZONE):
        notes.append(
            f"{item.source_name or item.name} is no longer on the board, so what it would do to "
            f"itself does nothing ({rule('null_information', version)})."
        )
        rules.append(rule("null_information", version))
        return state
    done = []
    for action in actions:
        obj = state.obj(source.id)
        if action.group("ready"):
            exhaust = action.group("ready").lower() == "exhaust"
            stopper = None if exhaust else ready_forbidden_by(state, obj)
            if stopper is not None:
                # Maduli's "I can't be readied": can't beats can (054.1).
                done.append(f"not readied ({stopper.source.name} says {stopper.quoted})")
                rules.append(rule("cant_beats_can", version))
                continue
            state = state.with_object(replace(obj, exhausted=exhaust))
            done.append("exhausted" if exhaust else "readied")
        elif obj.might is not None:
            change = int(action.group("change").replace("−", "-"))
            # 317.2.c: a "this turn" change (Darius, Vi, Ember Monk) expires with the turn,
            # like a spell's, so it goes through the same tracked path.
            given = (
                obj.given_might_this_turn(change)
                if action.group("this_turn")
                else replace(obj, might=obj.might + change)
            )
            state = state.with_object(given)
            done.append(f"{change:+d} Might" + (" this turn" if action.group("this_turn") else ""))
    notes.append(f"{label(state.obj(source.id))}: {', '.join(done)}.")
    return state


def carry_out(
    state: RbState,
    analysis: TargetAnalysis,
    item: ChainItem,
    verdict: Verdict,
    division: Sequence[int] | None = None,
    unless: tuple[str, bool] | None = None,
    *,
    cleanup: bool = True,
    hurt: list[int] | None = None,
    discards: Sequence[int] = (),
) -> tuple[RbState, list[str], list[str], list[int], tuple[EffectReport, ...], list[str]]:
    """Do the instructions that happen to the targets still legal: kill, deal damage (split
    as ``division`` says), stun, exhaust, ready, banish, return to hand, recall, counter.
    ``unless``: the player who chose for an "unless" instruction, and whether they took its
    alternative (Shakedown); asked for (``UnlessChoiceNeeded``) when it isn't said.  Said of
    an item with no "unless", it is its controller's choice of its "you may" instructions
    (Zenith Blade's "You may move a friendly unit ...": done or not, 355.12; ``may_choice``).
    ``discards``: the cards its controller chose from hand for a "Discard N" (Get Excited!,
    422.1); asked for (``DiscardChoiceNeeded``) when it isn't said and the hand has more.
    Others are reported, not simulated.  Returns the effects too: a condition known only as
    the instructions are carried out ("If you do", "If it is stunned", "If this kills it") is
    settled here; and the conditions the bot can't check (see ``with_unchecked``).

    A repeated spell's executions (820.1.d) are carried out one after another with no cleanup
    between them (321): ``cleanup`` False for all but the last, and ``hurt`` the units dealt
    damage so far, kept for the cleanup after the last."""
    version = state.version
    split_mentions = [m for m in analysis.targets if m.splits_damage]
    if division is not None and not split_mentions:
        raise EngineError(
            f"{item.name} doesn't split damage, so there is nothing to divide.",
            hint="Say “The top of the chain resolves.”",
        )
    legal_by_target: dict[int, list[int]] = {}
    for slot in verdict.slots:
        if slot.legal and slot.chosen_id is not None:
            legal_by_target.setdefault(slot.slot_index, []).append(slot.chosen_id)
    target_number = {id(m): n for n, m in enumerate(analysis.targets)}
    # The same instructions as the verdict's effects: a "Choose ..." that only chose targets
    # is not one of them (targeting.resolve).
    instructions = [
        i for i in analysis.instructions if i.is_carried_out and not choosing_only(analysis, i)
    ]
    chose_first = any(choosing_only(analysis, i) for i in analysis.instructions)
    # A trigger's first "you may" was chosen as it went on the chain (383.3.a).
    may = unsaid_choice(item, instructions)
    if unless is not None and not re.search(r"\bunless\b", item.text, re.I):
        # "Zenith Blade resolves and Alice doesn't.": a choice said as it resolves, of its
        # "you may" instructions when it has no "unless" (355.12).
        may, unless = may_choice(item, instructions, unless, version), None
    notes: list[str] = []
    rules: list[str] = []
    new_ids: list[int] = []
    last: list[int] = []
    last_objects: list[RbObject] = []  # the objects ``last`` names, as they were acted on
    hurt_ids: list[int] = [] if hurt is None else hurt  # for the cleanup after the spell
    # Bonus Damage (417.5) to what the spell or ability itself deals, not what it says a unit
    # deals (417.6.b.3: Challenge, Alpha Strike).
    bonus = _BonusDamage(
        item.controller, extra=() if item.is_ability else state.spell_bonus(item.id)
    )
    # "If this kills it" instructions, with the units the instruction before acted on.
    after_cleanup: list[tuple[int, Instruction, list[int], list[RbObject]]] = []
    effects = list(verdict.effects)
    unchecked: list[str] = []  # conditions the bot doesn't follow
    it_objects: list[RbObject] = []  # what the latest instruction acting on objects acted on
    kills: dict[int, tuple[list[RbObject], list[RbObject]]] = {}  # units to kill, and killed
    branch: tuple[bool | None, str, list[int]] | None = None  # the last "If": held, what, ids
    chosen_now = [
        state.objects[i]
        for ids_of in legal_by_target.values()
        for i in ids_of
        if i in state.objects
    ]
    legion_card = _other_card_played(state, item)
    played_unit: int | None = None  # the one unit token the latest instruction played
    for number, (instruction, effect) in enumerate(
        zip(instructions, verdict.effects, strict=False)
    ):
        if last_objects:
            it_objects = list(last_objects)
        if effect.happens and played_unit is not None and played_unit in state.objects:
            # Mirror Image: "Play a ready Reflection unit token to your base. It becomes a
            # copy of that unit. Give it [Temporary]." - "it" is the token just played
            # (QA 41 W3, U1).
            token = state.objects[played_unit]
            wording = _THEN_DO_THIS.sub("", instruction.text.strip())
            copied = [o for o in chosen_now if o.kind is RbKind.UNIT]
            if _BECOMES_COPY.match(wording) and copied:
                state, said = _become_copy(state, token, copied[0])
                notes.append(said)
                rules = [*rules, rule("copy", version)]
                continue
            if (given := _GIVE_KEYWORD.match(wording)) is not None:
                keyword = given.group("keyword").capitalize()
                if keyword not in token.keywords:
                    state = state.with_object(replace(token, keywords=(*token.keywords, keyword)))
                notes.append(f"{label(token)}: given [{keyword}].")
                continue
        if effect.happens and KILLS_CONDITION.match(instruction.condition):
            # "If this kills it, do this: ..." (Disintegrate) is a reflexive trigger: lethal
            # damage kills only in the cleanup after the spell (321, 323.5; Origins FAQ), so
            # whether the unit the last instruction acted on died is settled after it.
            after_cleanup.append((number, instruction, last, last_objects))
            last, last_objects = [], []
            continue
        if effect.happens and _LEGION.match(instruction.text) and legion_card is None:
            # Legion: "If you have played another card this turn" (812.1.b.1); the bot takes
            # the scenario as one turn, and the controller played no other card in it.
            effects[number] = replace(
                effect,
                happens=False,
                why=f"only with Legion, and {item.controller} hasn't played "
                f"{'a' if item.ability == 'activated' else 'another'} card in this scenario, "
                "which the bot takes as one turn; "
                + (
                    "if they did earlier this turn, it happens instead of what comes before "
                    f"it: say what it did, for example “{_chosen_name(state, legal_by_target)} "
                    "dies.”"
                    if _INSTEAD.search(instruction.text)
                    else "if they did earlier this turn, state that play first"
                ),
            )
            rules += cite_if("legion", version)
            last, last_objects = [], []
            continue
        if effect.happens and _NEXT_TIME_IT_TAKES_DAMAGE.match(instruction.text):
            # Noxian Guillotine: a delayed trigger (390.2), not a kill now.
            replaced_by = next(
                (
                    i.text
                    for i in instructions[number + 1 :]
                    if _LEGION.match(i.text) and _INSTEAD.search(i.text)
                ),
                None,
            )
            if replaced_by is not None and legion_card is not None:
                # 157.2: "If the Legion condition is satisfied, the unit is killed immediately
                # and the instruction to kill it the next time it takes damage is ignored".
                effects[number] = replace(
                    effect,
                    happens=False,
                    why=f"“{replaced_by}” replaces it: {item.controller} played {legion_card} "
                    "this turn",
                )
                rules += cite_if("later_replaces_earlier", version)
            else:
                marked = [
                    state.objects[i]
                    for ids_of in legal_by_target.values()
                    for i in ids_of
                    if i in state.objects
                    and state.objects[i].kind is RbKind.UNIT
                    and state.objects[i].zone in BOARD_ZONES
                ]
                for unit in marked:
                    state = state.with_object(
                        replace(unit, dies_when_damaged=(*unit.dies_when_damaged, item.name))
                    )
                effects[number] = replace(
                    effect,
                    happens=False,
                    why="not now: it is a delayed trigger that kills the unit the next time it "
                    "takes damage this turn"
                    + (
                        f"; the bot keeps it on {and_list(label(u) for u in marked)} and kills "
                        "it when a spell or ability the bot carries out deals it damage"
                        if marked
                        else ""
                    ),
                )
                rules += cite_if("delayed_trigger", version)
            last, last_objects = [], []
            continue
        if effect.happens and WHEN_IT_DIES_THIS_TURN.match(instruction.condition):
            # Deadly Flourish: "When it dies this turn, ..." is a delayed trigger on what the
            # instruction before acted on (390.2), not something it does now; a unit it didn't
            # act on (an illegal target, one that left the board: a new object, 359.3.e.4) can
            # never set it off.
            watched = [
                state.objects[o.id]
                for o in it_objects
                if o.id in state.objects
                and state.objects[o.id].kind is RbKind.UNIT
                and state.objects[o.id].zone in BOARD_ZONES
            ]
            for unit in watched:
                state = state.with_object(
                    replace(
                        unit,
                        when_dies=(
                            *unit.when_dies,
                            (item.name, item.controller, instruction.text),
                        ),
                    )
                )
            effects[number] = replace(
                effect,
                text=f"{instruction.condition}, {instruction.text}",
                happens=False,
                why="not now: it is a delayed trigger on that unit's death this turn"
                + (
                    f"; the bot keeps it on {and_list(label(u) for u in watched)} and carries "
                    "it out if that unit dies"
                    if watched
                    else ", and the spell acted on no unit, so it can't trigger"
                ),
            )
            rules += cite_if("delayed_trigger", version)
            last, last_objects = [], []
            continue
        if not effect.happens:
            last, last_objects = [], []
            continue
        if may.declines(instruction):
            # "... and Alice doesn't.": the optional action isn't done (355.12), nor what
            # depends on it ("If you do").
            notes.append(declined_note(may, instruction, version))
            rules = [*rules, rule("may_perform", version)]
            effects[number] = replace(
                effect, happens=False, why=f"optional: {may.player} chose not to do it"
            )
            last, last_objects = [], []
            continue
        own = [
            target_number[id(analysis.mentions[i])]
            for i in instruction.mention_indexes
            if id(analysis.mentions[i]) in target_number
        ]
        ids = (
            [i for n in own for i in legal_by_target.get(n, [])]
            if own
            else (last if instruction.linked else [])
        )
        instead_later = _replaced_by_later(instructions, number, state, item)
        if instead_later is not None:
            # Monster Harpoon: "Deal 2 to a unit at a battlefield. If you control a facedown
            # card, deal 4 to it instead." - the later "instead" is carried out in place of
            # this part (157.2), so the 2 is never dealt; "it" is still this part's unit.
            later, why = instead_later
            effects[number] = replace(
                effect,
                happens=False,
                why=f"“{later.condition}, {later.text}” replaces it: {why}",
            )
            rules += cite_if("later_replaces_earlier", version)
            last, last_objects = list(ids), [state.objects[i] for i in ids if i in state.objects]
            continue
        otherwise = _OTHERWISE.match(instruction.text)
        legion = _LEGION.match(instruction.text)
        prefix = otherwise or legion
        body = instruction.text[prefix.end() :] if prefix else instruction.text
        if item.is_ability and (paid := _TRIGGER_COST_PAID.match(body)):
            # Blast Cone: "you may exhaust this to [Stun] it" - the cost was paid as the
            # ability went on the chain, not as it resolves (383.3.b.1-2): only the rest happens.
            body = paid.group("rest")
        if otherwise and branch is not None:
            ids = branch[2]  # "Otherwise, stun it": the unit the "If" before it is about
        if legion:
            # 812.1.c: another card was played this turn, so the Dependent Ability is active;
            # "it" is the unit chosen as the spell was played.
            if not ids and _IT.match(body) and chose_first:
                ids = [i for ids_of in legal_by_target.values() for i in ids_of]
            instead = _INSTEAD.search(body) is not None
            notes.append(
                f"[Legion]: {item.controller} played {legion_card} this turn (the bot takes the "
                f"scenario as one turn), so “{body}” happens"
                + (", instead of what comes before it." if instead else ".")
            )
            rules += cite_if("legion_active", version)
            if instead:
                rules += cite_if("later_replaces_earlier", version)
        if (
            not own
            and not ids
            and number == 0
            and _KEYWORD_IT.match(body)
            and item.is_ability
            and item.referents
            and not chose_first
        ):
            # Vex, Apathetic's "When an opponent plays a unit ..., [Stun] it.": "it" is what
            # met the trigger condition, as it is now (359.3.f.3; QA 39 U2).
            ids = [o.id for o in referents_now(state, item.referents)]
        if not own and not ids and number == 0 and _IT.match(body) and chose_first:
            # "Choose an enemy unit .... Take control of it, ..." (Conscription): "it" is the
            # unit chosen as the spell was played, if still legal.
            ids = [i for ids_of in legal_by_target.values() for i in ids_of]
        if (unless_clause := _UNLESS.match(body)) is not None:
            if not own and not ids and chose_first:
                ids = [i for ids_of in legal_by_target.values() for i in ids_of]
            chosen_unit = next((state.objects[i] for i in ids if i in state.objects), None)
            if chosen_unit is not None:
                took_alternative, done_note = _unless_choice(
                    state, item, unless_clause, chosen_unit, unless
                )
                unless = None  # answered
                notes.append(done_note)
                rules += [rule("programmatic", version), *cite_if("here_on_execution", version)]
                if took_alternative:
                    effects[number] = replace(
                        effect,
                        happens=False,
                        why=f"{chosen_unit.controller} took the alternative instead",
                    )
                    last, last_objects = [], []
                    continue
                body = unless_clause.group("body")
        if instruction.condition or otherwise:
            if otherwise:
                # "Otherwise" is the opposite of the "If" before it: known when that is.
                held, why = _otherwise(branch)
                said = instruction.text
            else:
                referents = [state.objects[i] for i in ids if i in state.objects] or [
                    state.objects.get(o.id, o) for o in it_objects
                ]
                held, why = _condition(
                    instruction.condition,
                    state,
                    item,
                    referents=referents or chosen_now,
                    it_was=it_objects or referents or chosen_now,
                    them=chosen_now if chose_first else referents,
                    did=_did_before(analysis, instructions, effects, kills, number, may),
                )
                branch = (held, instruction.condition, ids)
                said = f"{instruction.condition}, {instruction.text}"
            if held is not None:
                # Checked as the instruction is carried out (359.3.f.2); "If you do" asks
                # whether the instruction before it was done (359.3.e.14).
                rules += cite_if("here_on_execution", version)
                if _IF_YOU_DO.match(instruction.condition):
                    rules.append(rule("linked", version))
            if held is None:
                # "If you control a facedown card, deal 4 to it instead" (Monster Harpoon): a
                # condition the bot doesn't follow is not taken as met (QA 21: both amounts
                # were dealt); the instruction before it stands, and the user says if it
                # applied.
                condition = (
                    (branch[1] if branch is not None else instruction.text)
                    if otherwise
                    else instruction.condition
                )
                if condition not in unchecked:
                    unchecked.append(condition)
                effects[number] = replace(
                    effect,
                    text=said,
                    happens=False,
                    why=f"the bot doesn't check “{condition}”{': ' + why if why else ''}"
                    + (
                        ", so it doesn't know whether this, its opposite, happens; if it does, "
                        "say what happened"
                        if otherwise
                        else "; if it holds, say what happened"
                    ),
                )
                last, last_objects = [], []
                continue
            if not held:
                effects[number] = replace(
                    effect, text=said, happens=False, why=f"{why}, so it doesn't happen"
                )
                last, last_objects = [], []
                continue
            effects[number] = replace(effect, text=said, why=f"{why}, so it happens")
            notes.append(f"“{said.split(',')[0]}”: {why}.")
        text = body.lower()
        if _SPEND_BUFF_TO_READY.match(text):
            # Overt Operation: a choice for each buffed friendly unit, made as it resolves.
            effects[number] = _spend_buff_choice(state, item, effect, notes, rules)
            last, last_objects = [], []
            continue
        if (each_kills := _EACH_PLAYER_KILLS.match(text)) is not None:
            # Cull the Weak: each player chooses as it resolves (355.10.e); a player with one
            # such permanent has it as the only choice, one with none kills nothing (055).
            state, killed_ids, forced = _each_player_kills(state, each_kills, item, notes, rules)
            new_ids += killed_ids
            last, last_objects = [o.id for o in forced], forced
            continue
        if not own and not ids:
            done_all = _carry_out_selected(
                state, body, item, chosen_now, hurt_ids, bonus, notes, rules
            )
            if done_all is not None:
                state, acted, killed_ids = done_all
                new_ids += killed_ids
                last, last_objects = [o.id for o in acted], acted
                continue
        rules_before = list(rules)
        affected = [state.objects[i] for i in ids if i in state.objects]
        battlefields = [o for o in affected if o.kind is RbKind.BATTLEFIELD]
        if _ALL_AT.search(text) and battlefields:
            where = {b.name for b in battlefields}
            affected = [
                o
                for o in state.on_board()
                if o.kind is RbKind.UNIT
                and o.location in where
                and (("enemy" not in text) or o.controller != item.controller)
                and (("friendly" not in text) or o.controller == item.controller)
            ]
        units = [o for o in affected if o.kind is not RbKind.BATTLEFIELD]
        done = ""
        split_at = next((n for n in own if analysis.targets[n].splits_damage), None)
        split = None if split_at is None else analysis.targets[split_at]
        held_back = _forbidden_units(state, text, units, item, chosen_now)
        if held_back:
            # Vilemaw's Lair's "Units can't move from here to base", Maduli's "I can't be
            # readied": "can't" beats "can" (054.1), and an instruction that can't be followed
            # is ignored for those units (359.3.e.6, 359.3.e.11); the others are still acted on.
            units = [o for o in units if all(o.id != h.id for h, _ in held_back)]
            notes.append(
                "; ".join(
                    f"{label(o)} isn't {'moved' if text.startswith('move') else 'readied'}: "
                    f"{why.source.name} says {why.quoted}"
                    for o, why in held_back
                )
                + f" ({rule('cant_beats_can', version)}, {rule('ignored', version)})."
            )
            rules = [*rules, rule("cant_beats_can", version), rule("ignored", version)]
            kept = {o.name for o in units}
            effects[number] = replace(
                effect,
                happens=bool(units),
                affected=tuple(n for n in effect.affected if n in kept),
                why=f"{and_list(o.name for o, _ in held_back)} can't be "
                f"{'moved there' if text.startswith('move') else 'readied'}",
            )
            if not units:
                last, last_objects = [], []
                continue
        if both := _THAT_AND_EACH_OTHER.search(text):
            chosen_now = [
                state.objects[i]
                for ids_of in legal_by_target.values()
                for i in ids_of
                if i in state.objects
            ]
            field = next((o for o in chosen_now if o.kind is RbKind.BATTLEFIELD), None)
            that = [o for o in chosen_now if o.kind is RbKind.UNIT]
            others = [
                o
                for o in state.on_board()
                if field is not None
                and o.kind is RbKind.UNIT
                and o.at_battlefield
                and o.location == field.name
                and o.id not in {t.id for t in that}
                and (both.group("who") != "enemy " or o.controller != item.controller)
                and (both.group("who") != "friendly " or o.controller == item.controller)
            ]
            shared_out = [(o, int(both.group("n"))) for o in that] + [
                (o, int(both.group("m"))) for o in others
            ]
            for obj, amount in shared_out:
                state = _damage(state, obj, amount, hurt_ids, bonus)
            units = [o for o, _ in shared_out]
            done = "dealt " + ", ".join(
                f"{amount} to {o.name} (#{o.id})" for o, amount in shared_out
            )
            rules = [*rules, rule("deal", version)]
        elif (tokens := _PLAY_TOKENS.match(body)) is not None:
            source = state.objects.get(item.source_id) if item.source_id is not None else None
            here = source.location if source is not None and source.at_battlefield else ""
            if tokens.group("here") and (source is None or source.zone not in BOARD_ZONES):
                # "here" is the source's location, read as the instruction is carried out
                # (359.3.f.1-2); a source no longer on the board has no location (359.3.e.12),
                # so there is nowhere to play the tokens - never its controller's base.
                here_rules = [
                    *cite_if("here_on_execution", version),
                    rule("null_information", version),
                ]
                notes.append(
                    f"✗ {body.strip().rstrip('.')}: its source isn't on the board now, so it "
                    "has no location and “here” is nowhere: no tokens are played "
                    f"({', '.join(here_rules)})."
                )
                rules = [*rules, *here_rules]
                continue
            spell = state.objects.get(item.id) if not item.is_ability else None
            hidden_at = spell.location if spell is not None and item.from_hidden else ""
            zilean: list[str] = []
            state, made, token_rules = play_tokens(
                state, tokens, item.controller, here, zilean, there=hidden_at
            )
            new_ids += [o.id for o in made]
            if hidden_at and made[0].kind is RbKind.UNIT:
                notes.append(
                    f"{item.name} was played from hiding at {hidden_at}, so the unit it plays "
                    f"is played there ({', '.join(cite_if('hidden_unit_there', version))})."
                )
            notes += [*zilean, _tokens_note(made)]
            rules = [*rules, *token_rules]
            units_made = [o for o in made if o.kind is RbKind.UNIT]
            played_unit = units_made[0].id if len(made) == 1 and units_made else None
            # "it" after this still means what was acted on before (Blood Money's second "If
            # it was a friendly unit" is about the unit killed, not the Gold).
            last, last_objects = [], []
            continue
        elif (next_bonus := _NEXT_SPELL_BONUS.match(body.strip())) is not None:
            # Ravenborn Tome: "The next spell you play this turn deals 1 Bonus Damage." Kept on
            # the state, bound to that player's next spell as it is played (QA 44 U6).
            amount = int(next_bonus.group("n"))
            state = state.with_next_spell_bonus(
                item.controller, item.source_name or item.name, amount
            )
            notes.append(
                f"The next spell {item.controller} plays this turn deals {amount} Bonus Damage "
                f"({rule('bonus_damage', version)}); the bot keeps this until then."
            )
            rules = [*rules, rule("bonus_damage", version)]
            last, last_objects = [], []
            continue
        elif _NEXT_UNIT_READY.match(body.strip()):
            # Sun Disc: "[Legion] - The next unit you play this turn enters ready." Kept on the
            # state until that player plays a unit or the turn ends (QA 44 W3).
            state = state.with_next_unit_ready(item.controller, item.source_name or item.name)
            notes.append(
                f"The next unit {item.controller} plays this turn enters ready; the bot keeps "
                "this until then."
            )
            last, last_objects = [], []
            continue
        elif (forbids := CANT_PLAY_THIS_TURN.match(body.strip())) is not None:
            # Lilting Lullaby's "Its controller can't play spells this turn": kept on the
            # state, so later plays this turn are refused (054.1); "its controller" is the
            # controller of the spell the instruction before countered.
            what = forbids.group("what").lower()
            players = forbidden_players(
                forbids.group("who"), item.controller, state.players, it_objects
            )
            for player in players:
                state = state.with_cant_play(player, what, item.name)
            notes.append(
                f"{and_list(players)} can't play {what} for the rest of this turn; the bot takes "
                f"the scenario as one turn and refuses such plays ({rule('cant_beats_can', version)})."
                if players
                else f"“{instruction.text}”: the spell it refers to isn't known, so it "
                "restricts no one."
            )
            rules = [*rules, rule("cant_beats_can", version)]
            last, last_objects = [], []
            continue
        elif CANT_MOVE_IT_THIS_TURN.match(body.strip()) and it_objects:
            # Vex, Apathetic's "[Stun] it. They can't move it this turn.": "they" is the
            # player who played it (its controller); kept on the unit for the rest of the turn,
            # so their moves of it are refused (054.1) until the turn ends (317.2.c).
            unmovable = [state.objects[o.id] for o in it_objects if o.id in state.objects]
            for obj in unmovable:
                state = state.with_object(
                    replace(
                        obj,
                        cant_move=(*obj.cant_move, (obj.controller, item.source_name or item.name)),
                    )
                )
            notes.append(
                "; ".join(
                    f"{o.controller} can't move {o.name} (#{o.id}) for the rest of this turn"
                    for o in unmovable
                )
                + f" ({rule('cant_beats_can', version)})."
                if unmovable
                else f"“{instruction.text}”: the unit it refers to has left the board."
            )
            rules = [*rules, rule("cant_beats_can", version)]
            last, last_objects = [o.id for o in unmovable], unmovable
            continue
        elif not units and (on_me := _on_me(text)) is not None:
            # Darius, Trifarian's "give me +2 [M] this turn and ready me", Ember Monk's "give
            # me +2 [M] this turn": "me" is the ability's source (053.1), if still on the board
            # (359.3.e.12) (QA 44 W2, U1).
            state = _carry_out_on_me(state, item, on_me, notes, rules)
            effects[number] = replace(effect, affected=(item.source_name or item.name,))
            last_objects = [o for o in state.objects.values() if o.id == item.source_id]
            last = [o.id for o in last_objects]
            continue
        elif _DOUBLE_MIGHT.match(text) and (units or _DOUBLE_MY_MIGHT.match(text)):
            # Last Stand: "Double a friendly unit's Might this turn." - +its current Might, for
            # the turn (432.1.a: "Its current Might is 5, so it gets +5 Might this turn").
            # Vi, Hotheaded's "Double my Might this turn": its source, if still on the board
            # (359.3.e.12: one that left has nothing to double).
            if not units:
                me = state.objects.get(item.source_id) if item.source_id is not None else None
                units = [me] if me is not None and me.zone in BOARD_ZONES else []
            changed = []
            for obj in units:
                now = might_now(state, obj)
                if obj.might is None or now is None:
                    continue
                state = state.with_object(obj.given_might_this_turn(now))
                changed.append(f"{label(obj)}: Might doubled, {now:+d} Might this turn")
            if changed:
                notes.append("; ".join(changed) + f" ({rule('double', version)}).")
                rules = [*rules, rule("double", version)]
                last, last_objects = [o.id for o in units], units
                continue
        elif (
            (buff_then := _BUFF_THEN_MOVE.match(text))
            and _BUFF.match(buff_then.group("buff"))
            and units
            and item.destination
        ):
            # Showstopper: "Buff a friendly unit in your base, then move it to a battlefield":
            # the buff (426.1.b, 703), then the move to the destination chosen as it was
            # played (355.4), in order (QA 44 U2).
            state, buff_note = _buff_units(state, units, rules)
            state, units, done = _move_others(
                state, [state.obj(o.id) for o in units], [], item.destination
            )
            units = [state.obj(o.id) for o in units]
            notes.append(buff_note + f"; then {done}.")
            rules = [*rules, rule("move", version)]
            last, last_objects = [o.id for o in units], units
            continue
        elif _BUFF.match(text) and (units or _BUFF_ME.match(text)):
            # "Buff a friendly unit": a Buff counter if it has none (426.1.b, 702.3), +1 Might
            # (703).  "Buff me" (Peak Guardian): the ability's source, if still on the board.
            if not units:
                source = state.objects.get(item.source_id) if item.source_id is not None else None
                units = [source] if source is not None and source.zone in BOARD_ZONES else []
            if not units:
                notes.append(
                    f"{item.source_name} is no longer on the board, so “{instruction.text}” "
                    f"buffs nothing ({rule('null_information', version)})."
                )
                rules = [*rules, rule("null_information", version)]
                last, last_objects = [], []
                continue
            state, buff_note = _buff_units(state, units, rules)
            notes.append(buff_note + ".")
            last, last_objects = [o.id for o in units], units
            continue
        elif (buffs_more := _BUFFS_GIVE_MORE.match(text)) is not None:
            # Stand United: "Buffs give an additional +1 [M] to friendly units this turn" - the
            # controller's buffed units get it now; one buffed later this turn would too, which
            # the bot doesn't follow.
            amount = int(buffs_more.group("n"))
            buffed = [
                o
                for o in state.on_board()
                if o.kind is RbKind.UNIT and o.buffed and o.controller == item.controller
            ]
            for obj in buffed:
                state = state.with_object(obj.given_might_this_turn(amount))
            notes.append(
                (
                    f"{and_list(label(o) for o in buffed)}: buffed, so +{amount} Might this turn"
                    if buffed
                    else f"{item.controller} controls no buffed unit now"
                )
                + "; a unit buffed later this turn gets it too, which the bot doesn't carry out "
                f"(say “X has N Might.”) ({rule('buff_might', version)})."
            )
            rules = [*rules, rule("buff_might", version)]
            last, last_objects = [], []
            continue
        elif _PREVENT_ALL_SPELL_DAMAGE.match(text):
            # Unyielding Spirit: kept on the state for the rest of the turn (the bot takes the
            # scenario as one turn); later spell and ability damage is prevented (437).
            state = replace(
                state, spell_damage_prevented=(*state.spell_damage_prevented, item.name)
            )
            notes.append(
                "All spell and ability damage is prevented for the rest of this turn; the bot "
                "takes the scenario as one turn and deals none "
                f"({', '.join((rule('replacement', version), *cite_if('prevented', version)))})."
            )
            rules = [*rules, rule("replacement", version), *cite_if("prevented", version)]
            last, last_objects = [], []
            continue
        elif (text == "prevent it" and _prevents_next_damage(analysis, instruction)) or (
            _DOUBLE_DAMAGE_TO_IT.match(text)
        ):
            # Counter Strike, Lotus Trap: a replacement set up on the unit for this turn (369.2:
            # "Preventing Damage is a replacement effect"), applied when damage comes.  "that
            # unit" / "it" is the unit chosen as the spell was played, if still legal.
            kind = "prevent next" if text == "prevent it" else "double"
            units = units or [
                state.objects[i]
                for ids_of in legal_by_target.values()
                for i in ids_of
                if i in state.objects and state.objects[i].kind is RbKind.UNIT
            ]
            for obj in units:
                state = state.with_object(
                    replace(obj, damage_shields=(*obj.damage_shields, (kind, item.name)))
                )
            done = (
                "the next damage that would be dealt to it this turn is prevented"
                if kind == "prevent next"
                else "all damage that would be dealt to it this turn is doubled"
            ) + " (the bot applies it when damage comes)"
            rules = [*rules, rule("replacement", version)]
            if kind == "prevent next":
                rules += cite_if("prevented", version)
        elif text.startswith("counter"):
            countered = {o.id for o in units if o.zone is RbZone.CHAIN}
            state = replace(state, chain=tuple(i for i in state.chain if i.id not in countered))
            for object_id in countered:
                if state.obj(object_id).kind is RbKind.ABILITY:  # no card: it just ceases to exist
                    state = state.without(object_id, "was countered", None)
                else:
                    state = state.with_object(replace(state.obj(object_id), zone=RbZone.TRASH))
            done = "countered: removed from the chain without resolving"
        elif split is not None and split.split_might and split_at is not None:
            # Alpha Strike: "It deals damage equal to its Might split among enemy units ...":
            # the unit chosen before deals its Might as the instruction is carried out
            # (359.3.f.2), divided now (355.14.e).  If it is gone, the instruction was ignored.
            dealer = next(
                (
                    state.objects[i]
                    for n in reversed(range(split_at))
                    for i in legal_by_target.get(n, [])[:1]
                    if i in state.objects
                ),
                None,
            )
            amount = max(might_now(state, dealer) or 0, 0) if dealer is not None else 0
            shares = _split_shares(state, amount, [o.id for o in units], division)
            hit = [o for o in units if shares.get(o.id)]
            for obj in hit:
                state = _damage(state, obj, shares[obj.id], hurt_ids, bonus, by_unit=True)
            dropped = [o for o in units if not shares.get(o.id)]
            who = f"{dealer.name} (#{dealer.id})" if dealer is not None else "It"
            done = (
                "dealt "
                + ", ".join(f"{shares[o.id]} to {o.name} (#{o.id})" for o in hit)
                + f" by {who}, whose Might is {amount} as it resolves"
                if hit
                else f"dealt nothing: {who} has {amount} Might as it resolves"
            )
            if dropped and hit:
                notes.append(
                    ", ".join(label(o) for o in dropped)
                    + f" ceased being a target: there was less damage than targets "
                    f"({rule('split_drop', version)})."
                )
                rules.append(rule("split_drop", version))
            units = hit or units
            rules = [
                *rules,
                rule("deal", version),
                rule("split_on_resolution", version),
                *cite_if("here_on_execution", version),
            ]
        elif split is not None and _DEAL.search(text):
            total = bonus.to_split(state, units, split.split_amount or 0)
            shares = _split_shares(state, total, [o.id for o in units], division)
            for obj in units:
                state = _damage(state, obj, shares[obj.id], hurt_ids, bonus, bonus_added=True)
            done = "dealt " + ", ".join(f"{shares[o.id]} to {o.name} (#{o.id})" for o in units)
            rules = [*rules, rule("deal", version), rule("split_on_resolution", version)]
        elif text.startswith("kill") and units:
            # As they last were on the board, their Might with passive abilities (472.3), for
            # "if it had 3 [M] or less" and "+[M] equal to its Might" (359.3.e.13).
            as_they_were = [replace(o, might=might_now(state, o)) for o in units]
            killed_now = []
            for obj in units:
                state, new_id, died = die(state, obj, "was killed", notes, rules)
                new_ids += [new_id] if new_id else []
                killed_now += [obj] if died else []
            rules = [*rules, rule("kill", version)]
            kills[number] = (units, killed_now)
            if killed_now:
                notes.append(f"{', '.join(label(o) for o in killed_now)}: killed.")
            # A unit saved by a replacement was not killed (its note says what happened).
            last, last_objects = [o.id for o in units], as_they_were
            continue
        elif _EACH_OTHER.search(text) and split is None:
            # Both units were chosen in an earlier "Choose ..." (not an instruction of its
            # own): the spell's targets still legal are "they".
            # A reflexive trigger's "They" (Dragon's Rage): the unit its spell moved, and the
            # one it chose (387).
            pair = [state.objects[o.id] for o in referents_now(state, item.referents)] + [
                state.objects[i]
                for ids_of in legal_by_target.values()
                for i in ids_of
                if i in state.objects and state.objects[i].kind is RbKind.UNIT
            ]
            if len(pair) == 2 and all(o.might is not None for o in pair):
                units = pair
                first, second = pair
                # Each deals damage equal to its Might as the instruction is followed, at once.
                dealt = {
                    first.id: max(might_now(state, second) or 0, 0),
                    second.id: max(might_now(state, first) or 0, 0),
                }
                one, other = (f"{o.name} (#{o.id})" for o in pair)
                notes.append(
                    f"{one} deals {dealt[second.id]} to {other} and {other} deals "
                    f"{dealt[first.id]} to {one}, each its Might, at once."
                )
                for obj in pair:
                    state = _damage(
                        state, state.objects[obj.id], dealt[obj.id], hurt_ids, bonus, by_unit=True
                    )
                rules = [*rules, rule("deal", version)]
                last, last_objects = [o.id for o in pair], pair
                continue
        elif _ITS_MIGHT_TO_ALL_THEN_MOVE.match(text) and battlefields:
            # Stormbringer: the chosen unit's Might as it resolves (359.3.f.1) to each enemy
            # unit there, then it moves there; gone from the board, its Might is null and
            # neither happens (359.3.e.12).
            field = battlefields[0]
            dealer = next(
                (
                    state.objects[i]
                    for ids_of in legal_by_target.values()
                    for i in ids_of
                    if i in state.objects
                    and state.objects[i].kind is RbKind.UNIT
                    and state.objects[i].zone in BOARD_ZONES
                ),
                None,
            )
            if dealer is None:
                notes.append(
                    "The chosen unit is no longer on the board, so its Might is null: no damage "
                    f"is dealt and nothing moves ({rule('null_information', version)})."
                )
                rules = [*rules, rule("null_information", version)]
                effects[number] = replace(effect, happens=False, why="its unit is gone")
                last, last_objects = [], []
                continue
            amount = max(might_now(state, dealer) or 0, 0)
            for obj in units:
                state = _damage(state, state.objects[obj.id], amount, hurt_ids, bonus)
            # The spell deals it, an amount equal to the unit's Might (so its Bonus Damage
            # counts, unlike "It deals damage equal to its Might", 417.6.b.3; QA 32 M2).
            notes.append(
                f"{item.name} deals {amount} ({dealer.name} (#{dealer.id})'s Might) to "
                + (and_list([f"{o.name} (#{o.id})" for o in units]) or "no enemy unit")
                + f" at {field.name}."
            )
            blocked = move_forbidden_by(state, state.obj(dealer.id), field.name, item.controller)
            if blocked is None:
                state = state.with_object(
                    replace(state.obj(dealer.id), zone=RbZone.BATTLEFIELD, location=field.name)
                ).with_move(dealer.id)
                notes.append(f"{label(dealer)}: moved to {field.name}.")
            rules = [*rules, rule("deal", version), rule("move", version)]
            last, last_objects = [dealer.id], [state.obj(dealer.id)]
            continue
        elif _SIDES_THERE.match(text) and (
            field := next(
                (o for o in [*battlefields, *chosen_now] if o.kind is RbKind.BATTLEFIELD), None
            )
        ):
            # Siphon Power: each side's units at the chosen battlefield as it resolves
            # (359.3.f.2); a reduction "to a minimum of 1" doesn't take a unit below 1 or
            # raise one already below it (472.3.b).
            minimum = _MINIMUM.search(text)
            changed = []
            for part in _SIDE_THERE.finditer(text):
                amount = int(part.group("n")) * (-1 if part.group("sign") in "-−" else 1)
                friendly = part.group("side").lower() == "friendly"
                for obj in [
                    o
                    for o in state.on_board()
                    if o.kind is RbKind.UNIT
                    and o.location == field.name
                    and o.at_battlefield
                    and (o.controller == item.controller) == friendly
                    and o.might is not None
                ]:
                    change = amount
                    if minimum is not None and change < 0:
                        now = might_now(state, obj) or 0
                        change = max(change, min(int(minimum.group("n")), now) - now)
                    state = state.with_object(obj.given_might_this_turn(change))
                    changed.append(f"{label(obj)}: {change:+d} Might")
            notes.append(
                ("; ".join(changed) if changed else f"No unit is at {field.name}")
                + f", the units there as it resolves{_cite(cite_if('here_on_execution', version))}."
            )
            rules += cite_if("here_on_execution", version)
            last, last_objects = [], []
            continue
        elif _ITS_MIGHT_TO.search(text) and units and split is None:
            dealers = [
                state.objects[i]
                for i in (
                    last
                    or [i for ids_of in legal_by_target.values() for i in ids_of if i not in ids]
                )
                if i in state.objects
            ]
            if len(dealers) > 1:
                # Strike Down's "It deals damage equal to its Might" is said of its unit, not
                # of the Equipment it also chose: only a unit has Might.
                dealers = [d for d in dealers if d.kind is RbKind.UNIT] or dealers
            if len(dealers) == 1 and dealers[0].zone in BOARD_ZONES:
                dealer = dealers[0]
                amount = max(might_now(state, dealer) or 0, 0)
                notes.append(
                    f"{dealer.name} (#{dealer.id}) deals {amount} (its Might) to "
                    + ", ".join(f"{o.name} (#{o.id})" for o in units)
                    + "."
                )
                for obj in units:
                    state = _damage(
                        state, state.objects[obj.id], amount, hurt_ids, bonus, by_unit=True
                    )
                rules = [*rules, rule("deal", version)]
                last, last_objects = [o.id for o in units], units
                continue
            if not dealers:
                # The unit that would deal it left the board: its Might is null (359.3.e.12).
                notes.append(
                    "The unit that would deal the damage is no longer on the board, so its "
                    f"Might is null and no damage is dealt ({rule('null_information', version)})."
                )
                rules = [*rules, rule("null_information", version)]
                done = "dealt no damage"
        elif (deal := _DEAL.search(text)) and units:
            amount = int(deal.group("n"))
            spared = [o for o in units if damage_immunity(state, o)]
            shielded = len(bonus.modified)
            for obj in units:
                state = _damage(state, obj, amount, hurt_ids, bonus)
            done, rules = f"dealt {amount}", [*rules, rule("deal", version)]
            if any("is prevented" in said for said in bonus.modified[shielded:]):
                # 437.4: prevented damage is not dealt at all; the note below says whose.
                done = f"{amount} would be dealt, but prevention applies (see below)"
            if spared:
                done += f", but {and_list(o.name for o in spared)} {'take' if len(spared) > 1 else 'takes'} none (see below)"
        elif _DEAL_MY_MIGHT.search(text) and units and item.source_id is not None:
            source = state.objects.get(item.source_id)
            if source is None or source.zone not in BOARD_ZONES or source.might is None:
                # Its Might is no longer available: null, and no damage (359.3.e.12).
                notes.append(
                    f"{item.source_name} is no longer on the board, so its Might is "
                    f"null and no damage is dealt ({rule('null_information', version)})."
                )
                rules = [*rules, rule("null_information", version)]
                done = "dealt no damage"
            else:
                amount = max(might_now(state, source) or 0, 0)
                for obj in units:
                    state = _damage(state, obj, amount, hurt_ids, bonus)
                done = f"dealt {amount} (its source's Might now)"
                rules = [*rules, rule("deal", version), *cite_if("source_info", version)]
        elif (discard := _DISCARD_N.match(text.strip())) is not None:
            state, discarded, said = _discard(state, item, int(discard.group("n")), discards)
            notes.append(said)
            if discard.group("draw"):
                notes.append(
                    f"Then “{discard.group('draw')}” happens; the bot reports it but doesn't "
                    "carry it out on the board (it doesn't know the deck)."
                )
            if discarded:
                rules = [*rules, rule("discard", version)]
            if discards:
                rules = [*rules, rule("discard_chooses", version)]
            last, last_objects = [], discarded
            continue
        elif _DEAL_ITS_ENERGY.match(text) and units and it_objects:
            # The card the instruction before discarded: its printed Energy, not its Power.
            amount = it_objects[0].energy or 0
            for obj in units:
                state = _damage(state, obj, amount, hurt_ids, bonus)
            done = f"dealt {amount} ({it_objects[0].name}'s Energy cost)"
            rules = [*rules, rule("deal", version)]
        elif instruction.optional and (from_hand := _MAY_PLAY_FROM_HAND.match(text)):
            # Here to Help: "You may play a unit from hand to a battlefield you control,
            # reducing its cost by [3]." - whether, and which card of a hand that isn't public
            # (355.10.a), its player chooses as it resolves; the bot doesn't choose for them.
            field = next((o for o in chosen_now if o.kind is RbKind.BATTLEFIELD), None)
            notes.append(_play_from_hand_note(state, item.controller, from_hand, field))
            rules = [*rules, rule("may_perform", version), rule("non_public", version)]
            effects[number] = replace(
                effect,
                happens=False,
                why=f"optional: {item.controller} chooses as it resolves whether to play one",
            )
            last, last_objects = [], []
            continue
        elif _PLAY_FROM_TRASH.match(text) and units:
            # Heedless Resurrection: "Play a unit from your trash that costs no more ...,
            # ignoring its cost." - the unit chosen in the trash as it was played (a public
            # zone, 355.10.a.1), still there, is played by its owner (356.1.b.1).
            played_ids = []
            for obj in units:
                if obj.zone is not RbZone.TRASH:
                    notes.append(f"{label(obj)} is no longer in the trash, so it isn't played.")
                    continue
                played = play_ignoring_cost(state, obj, obj, None)
                state = played.state
                notes.append(played.note)
                rules = [*rules, *played.rules]
                played_ids += [played.new_id] if played.new_id is not None else []
            last = played_ids
            last_objects = [state.objects[i] for i in played_ids]
            continue
        elif _GIVE_ITS_MIGHT.search(text) and units and it_objects:
            # Deathgrip: "If you do, give +[M] equal to its Might to another friendly unit":
            # the killed unit's Might as it was before it left the board (359.3.e.13).
            source = it_objects[0]
            amount = max(source.might or 0, 0)
            for obj in units:
                state = state.with_object(obj.given_might_this_turn(amount))
            notes.append(
                ", ".join(f"{label(o)}: +{amount} Might" for o in units)
                + f" ({source.name}'s Might as it left the board, {rule('look_back', version)})."
            )
            rules = [*rules, rule("look_back", version)]
            last, last_objects = [o.id for o in units], units
            continue
        elif _SWAP_PLACES.search(text) or _SWAP_WITH_ME.match(text):
            # Smoke and Mirrors: "move each to the other's location" - the two units chosen,
            # each to where the other is, at once (441.1).  Tideturner: "Move me to its
            # location and it to my original location" - its source and the unit chosen
            # (QA 44 U5).
            pair = [o for o in chosen_now if o.kind is RbKind.UNIT and o.zone in BOARD_ZONES]
            if _SWAP_WITH_ME.match(text):
                me = state.objects.get(item.source_id) if item.source_id is not None else None
                pair = [me, *pair] if me is not None and me.zone in BOARD_ZONES else []
            if len(pair) == 2:
                first, second = pair
                state = state.with_object(
                    replace(first, zone=second.zone, location=second.location)
                ).with_move(first.id)
                state = state.with_object(
                    replace(second, zone=first.zone, location=first.location)
                ).with_move(second.id)
                notes.append(
                    f"{label(first)} moves to {second.place} and {label(second)} moves to "
                    f"{first.place}."
                )
                rules = [*rules, rule("move", version)]
                last, last_objects = [o.id for o in pair], pair
                continue
        elif (given := _GIVE_KEYWORDS.match(body.strip())) is not None and (
            holders := _keyword_holders(state, item, given.group("who"), units)
        ):
            # Shadow's Call, Mirror Image: "Give it [Temporary]." - kept on the unit, so a
            # later "without [Temporary]" or "each of your units with [Temporary]" sees it;
            # Vault Breaker's "[Ganking] this turn" until the turn ends (317.2.c).
            state, given_notes, given_rules = _give_keywords(state, holders, given)
            notes += given_notes
            rules = [*rules, *given_rules]
            last, last_objects = [o.id for o in holders], holders
            continue
        elif _GIVE_MIGHT.search(text) and units:
            # Each target gets the change written after it: Defiant Dance's "Give a unit +2
            # [M] this turn and another unit -2 [M] this turn" is +2 to the first and -2 to
            # the second (359.3.e: the instructions are followed as written).
            changed = []
            might_given = _might_changes(
                analysis, instruction, own, legal_by_target, state, item.controller, units
            )
            if any(counted_as for *_, counted_as in might_given):
                rules = [*rules, *cite_if("here_on_execution", version)]
            for obj, change, floor, counted_as in might_given:
                if obj.might is None:
                    continue
                if floor is not None and change < 0:
                    # "to a minimum of 1 [M]": it can't take the Might below 1, and doesn't
                    # raise a unit already below it; the limit is taken from its Might now,
                    # passive abilities included, and kept for the effect (472.3.b).
                    now = might_now(state, obj) or 0
                    change = max(change, min(floor, now) - now)
                state = state.with_object(obj.given_might_this_turn(change))
                changed.append(
                    f"{label(obj)}: {change:+d} Might"
                    + (
                        f" ({counted_as} as it resolves"
                        f"{''.join(', ' + n for n in cite_if('here_on_execution', version))})"
                        if counted_as
                        else ""
                    )
                )
            # "... and [Stun] an enemy unit at its location" (Heroic Charge): the targets the
            # same instruction stuns.
            stunned = [
                state.objects[i]
                for n in dict.fromkeys(own)
                if _STUN_BEFORE.search(instruction.text[: analysis.targets[n].start])
                for i in legal_by_target.get(n, [])
                if i in state.objects
            ]
            fresh = [o for o in stunned if not o.stunned]
            if stunned:
                state = _stun(state, stunned, notes, rules)
            if fresh:
                changed.append(f"{and_list(label(o) for o in fresh)}: stunned")
            # Yuumi, Magical Cat's "+3 [M] and [Tank] this turn": the keyword too.
            also = _MIGHT_AND_KEYWORDS.search(instruction.text)
            given_to = [state.objects[o.id] for o in units if o.id in state.objects]
            if also and given_to:
                state, given_notes, given_rules = _give_keywords(state, given_to, also)
                changed.append(
                    f"{and_list(label(o) for o in given_to)}: given "
                    + and_list(
                        f"[{k.strip()}]"
                        for k in re.findall(r"\[([^\]]+)\]", also.group("keywords"))
                    )
                    + (" this turn" if also.group("this_turn") else "")
                )
                changed += [n.rstrip(".") for n in given_notes[1:]]
                rules = [*rules, *given_rules]
            if changed:
                notes.append("; ".join(changed) + ".")
                last = [o.id for o in units]
                last_objects = units
                continue
        elif text.removeprefix("then ").startswith("attach") and (
            joined := _attach_pair(state, item, text, units, chosen_now)
        ):
            # Equip's "Attach this gear to a unit you control" (818.1.c.2), Weaponmaster's
            # "attach it to this unit" (821.1.c), Angle Shot's "Attach that Equipment to that
            # unit": the gear attaches to the unit (434.1) and is where it is (434.4).
            if " or detach" in text and joined[0].attached_to == joined[1].id:
                # Angle Shot's "Attach that Equipment to that unit or detach that Equipment
                # from that unit": already attached there, the player's choice decides.
                notes.append(
                    f"{joined[0].name} is already attached to {joined[1].name}: attaching it again "
                    f"changes nothing; if {item.controller} chose to detach it, say "
                    f"“{joined[0].name} is detached.”"
                )
                last, last_objects = [joined[1].id], [joined[1]]
                continue
            state, attached = attach(state, joined[0].id, joined[1].id)
            notes.append(attached.reason)
            if " or detach" in text:
                notes.append(
                    f"{item.controller} could choose to detach instead; {joined[0].name} isn't "
                    f"attached to {joined[1].name}, so that would do nothing "
                    f"({rule('detach_nothing', version)}), and the bot attached it."
                )
            rules = [*rules, *attached.rules]
            if item.keyword == "Weaponmaster":
                notes.append(_weaponmaster_cost(state, joined[0]))
                rules.append(rule("weaponmaster_text", version))
            last, last_objects = [joined[1].id], [state.obj(joined[1].id)]
            continue
        elif text.removeprefix("then ").startswith("detach") and (
            loose := [o for o in units if o.kind is RbKind.GEAR and o.attached_to is not None]
        ):
            # Strike Down's "Then detach an Equipment from it": it stays where its unit is
            # (435.4), and the unit loses its Might Bonus (137.3.a).
            for gear in loose:
                state, detached = detach(state, gear.id)
                notes.append(detached.reason)
                rules = [*rules, *detached.rules]
            last, last_objects = [o.id for o in loose], loose
            continue
        elif text.startswith(("stun", "[stun]")):
            state, done = _stun(state, units, notes, rules), "stunned"
        elif text.startswith(("exhaust", "ready")):
            source = state.objects.get(item.source_id) if item.source_id is not None else None
            if not units and _ME_WORD.match(text) and source is not None:
                # Darius, Executioner's "ready me": "me" is the ability's source (QA 27 W6).
                units = [source]
            for obj in units:
                state = state.with_object(replace(obj, exhausted=text.startswith("exhaust")))
            done = "exhausted" if text.startswith("exhaust") else "readied"
        elif gained := _GAIN_XP.match(text):
            # Keeper of the Hammer's "gain 1 XP", [Hunt]'s "my controller gains X XP"
            # (823.1.c.1): the resolving item's controller's XP goes up (730.1).
            amount = int(gained.group("n"))
            total = state.xp.get(item.controller, 0) + amount
            state = replace(state, xp={**state.xp, item.controller: total})
            notes.append(f"{item.controller} gains {amount} XP: {total} XP now.")
            rules = [*rules, *cite_if("gain_xp", version)]
            last, last_objects = [], []
            continue
        elif _INCREASE_MIGHT_TO.match(text) or _SWAP_MIGHT.match(text):
            chosen_units = [o for o in chosen_now if o.kind is RbKind.UNIT]
            state, said, might_rules = _set_might(state, text, units, chosen_units)
            notes.append(said)
            rules = [*rules, *might_rules]
            last, last_objects = [o.id for o in chosen_units], chosen_units
            continue
        elif ACTIVATES_CONQUER_EFFECTS.search(text):
            notes.append(
                "The conquer effects of units here check their conditions as if a conquer had "
                "occurred here (no conquer occurs, so no point is scored; Unleashed FAQ, "
                "Reckoner's Arena)."
            )
            last, last_objects = [], []
            continue
        elif scored := _SCORE_POINTS.match(text):
            state, said, score_rules = _gain_points(state, item, int(scored.group("n")))
            notes.append(said)
            rules = [*rules, *score_rules]
            last, last_objects = [], []
            continue
        elif _BANISH_THIS.match(text) and item.ability == "spell" and item.id in state.objects:
            # Arcane Shift's "Banish this": the spell goes to its owner's banishment as it
            # finishes resolving, not to the trash (359.3.d) (QA 25 W3).
            spell = state.objects[item.id]
            state = state.with_object(replace(spell, zone=RbZone.BANISHMENT))
            notes.append(
                f"{item.name} is banished as it resolves, so it goes to {spell.owner}'s "
                "banishment, not the trash."
            )
            rules = [*rules, rule("banish", version)]
            last, last_objects = [], []
            continue
        elif _BANISH_ME.match(text) and _ceased_token(state, item) is not None:
            # The Zero Drive's "[Deathknell] - Banish me." on a token: it ceased to exist in
            # the trash (183.1), so there is nothing to banish (and nothing for the gear).
            effects[number] = replace(
                effect,
                happens=False,
                why=f"{_ceased_token(state, item)} was a token: it ceased to exist once it was "
                f"in the trash ({rule('token_ceases', version)}), so there is nothing to banish",
            )
            rules = [*rules, rule("token_ceases", version)]
            last, last_objects = [], []
            continue
        elif text.startswith("banish"):
            replay = THEN_OWNER_PLAYS.search(text)
            for obj in units:
                state, new_id = move_to_zone(state, obj, RbZone.BANISHMENT, "was banished")
                new_ids += [new_id] if new_id else []
                if replay is None:
                    continue
                notes.append(f"{label(obj)}: banished.")
                # "..., then its owner plays it ..., ignoring its cost" (Portal Rescue, Arcane
                # Shift): the banished card is played again, a new object (QA 25 W3).
                if new_id is None:
                    notes.append(
                        f"{label(obj)} was a token: banished, it ceased to exist "
                        f"({rule('token_ceases', version)}), so its owner can't play it."
                    )
                    rules.append(rule("token_ceases", version))
                    effects[number] = replace(
                        effect, tracked=False, why="a token ceases to exist in banishment"
                    )
                    continue
                played = play_ignoring_cost(
                    state, state.objects[new_id], obj, replay.group("where")
                )
                state = played.state
                new_ids += [played.new_id] if played.new_id else []
                rules += played.rules
                notes.append(played.note)
                if played.not_done:
                    effects[number] = replace(
                        effect, tracked=False, why=f"banished; the play isn't: {played.not_done}"
                    )
            rules.append(rule("banish", version))
            if replay is not None and units:
                # Its notes are said: banished, then played (in that order).
                last, last_objects = [o.id for o in units], units
                continue
            if gone_tokens := [o for o in units if o.token]:
                notes.append(_tokens_cease(gone_tokens, version))
                rules.append(rule("token_ceases", version))
            done = "banished"
        elif _TO_MAIN_DECK.match(text) and (
            deck_bound := units
            or [
                o
                for o in chosen_now
                if o.kind in (RbKind.UNIT, RbKind.GEAR) and o.zone in BOARD_ZONES
            ]
        ):
            # Keeper's Verdict: "Choose an enemy unit at a battlefield. Its owner places it on
            # the top or bottom of their Main Deck." - a new object there, not a kill, so no
            # Deathknell (808.1.d: its trigger is being killed and sent to the trash).
            units = deck_bound
            for obj in units:
                state, new_id = move_to_zone(
                    state, obj, RbZone.MAIN_DECK, "was put into its owner's Main Deck"
                )
                new_ids += [new_id] if new_id else []
            if gone_tokens := [o for o in units if o.token]:
                notes.append(_tokens_cease(gone_tokens, version))
                rules.append(rule("token_ceases", version))
            done = (
                "put on the top or the bottom of its owner's Main Deck (its owner chooses which; "
                "the bot doesn't keep the deck's order)"
            )
            if any(death_triggers(read_abilities(active_text(state, o)), version) for o in units):
                done += (
                    "; it isn't killed, so its [Deathknell] doesn't trigger "
                    f"({rule('deathknell', version)})"
                )
                rules = [*rules, rule("deathknell", version)]
        elif text.startswith("return") and "hand" in text:
            if not units and _RETURN_ME_TO_HAND.match(text):
                # "me" is the ability's source (053.1), if still on the board: one that left
                # is a new object the ability can't follow (359.3.e.12).
                source = state.objects.get(item.source_id) if item.source_id is not None else None
                if source is None or source.zone not in BOARD_ZONES:
                    notes.append(
                        f"{item.source_name or item.name} is no longer on the board, so "
                        f"“{instruction.text}” does nothing ({rule('null_information', version)})."
                    )
                    rules = [*rules, rule("null_information", version)]
                    last, last_objects = [], []
                    continue
                units = [source]
            state, returned_ids = _return_to_hand(state, units, notes, rules)
            new_ids += returned_ids
            done = "returned to hand"
        elif (
            text.startswith("move")
            and (goes_to := _move_destination(item, text, chosen_now, state)) is not None
            and (staying := _already_there(units, goes_to))
        ):
            # Flash's unit already moved to base: a move's destination is another location
            # (355.4.a), so it can't move there and is unaffected; the others still move
            # (359.3.e.6, 359.3.e.11) (QA 24 M5).
            state, units, done = _move_others(state, units, staying, goes_to)
            notes.append(
                f"{and_list(o.controller + chr(39) + 's ' + o.name for o in staying)} "
                f"{'is' if len(staying) == 1 else 'are'} already at "
                f"{'its base' if goes_to == BASE else goes_to}: a "
                "move's destination must be another location, so "
                f"{'it is' if len(staying) == 1 else 'they are'} not moved "
                f"({rule('move_destination_other', version)})."
            )
            rules = [*rules, rule("move_destination_other", version), rule("ignored", version)]
            moved = {o.name for o in units}
            effects[number] = replace(
                effect,
                happens=bool(units),
                affected=tuple(n for n in effect.affected if n in moved),
                why=f"{and_list(o.name for o in staying)} can't move where "
                f"{'it is' if len(staying) == 1 else 'they are'} already",
            )
            if not units:
                last, last_objects = [], []
                continue
            rules.append(rule("move", version))
        elif text.startswith("move") and item.destination and units:
            # The destination chosen as it was played (355.4): a battlefield or the base.
            for obj in units:
                if item.destination == BASE:
                    state = state.with_object(replace(obj, zone=RbZone.BASE, location=""))
                else:
                    state = state.with_object(
                        replace(obj, zone=RbZone.BATTLEFIELD, location=item.destination)
                    )
                state = state.with_move(obj.id)
            gone_to = "its base" if item.destination == BASE else item.destination
            done, rules = f"moved to {gone_to}", [*rules, rule("move", version)]
            if _AND_READY_IT.search(text):
                # Ride the Wind: "Move a friendly unit and ready it." - the ready is part of
                # the same instruction, done once it has moved (QA 46 W1).
                done += _ready_moved(state, units, notes, rules)
                state = _readied(state, units)
        elif (
            text.startswith("move")
            and units
            and (field_name := _move_destination(item, text, chosen_now, state)) not in (None, BASE)
        ):
            # Moonfall's "You may move up to one enemy unit to that battlefield": to the
            # battlefield the spell chose (355.4).
            assert field_name is not None
            state, units, done = _move_others(state, units, [], field_name)
            rules = [*rules, rule("move", version)]
            if instruction.optional:
                # 355.12: the unit is chosen independently of the decision to move it; the
                # bot takes the choice of a unit for "up to one" as the decision.
                if re.search(r"\bup to\b", text, re.I):
                    nothing, cited = "choose no unit for it", rule("up_to", version)
                else:
                    # Blitzcrank, Impassive's "you may move an enemy unit to here": its
                    # controller chose to put it on the chain (383.3.a; QA 58 U7).
                    nothing = "don't put it on the chain"
                    cited = next(
                        iter(cite_if("trigger_may", version)), rule("may_perform", version)
                    )
                notes.append(
                    f"Moving {'it' if len(units) == 1 else 'them'} is {item.controller}'s "
                    f"choice as {item.name} resolves ({rule('may_perform', version)}); the bot "
                    f"moves what {item.controller} chose for it. To move nothing, {nothing} "
                    f"({cited})."
                )
                rules = [*rules, rule("may_perform", version), cited]
        elif text.startswith("move") and re.search(r"\bto (?:its|their|your|base)\b", text):
            # "Move a unit from a battlefield to its base" (Fight or Flight): a move, carried
            # out; a move to a chosen battlefield needs a destination the bot doesn't read yet.
            for obj in units:
                state = state.with_object(replace(obj, zone=RbZone.BASE, location="")).with_move(
                    obj.id
                )
            done, rules = "moved to its base", [*rules, rule("move", version)]
        elif text.startswith(("take control of", "gain control of")) and units:
            # Conscription's "Take control of it, exhaust it, and recall it", Mystic Reversal's
            # "Gain control of a spell": the new controller is the resolving item's (188.1).
            taken = []
            for obj in [state.objects[o.id] for o in units if o.id in state.objects]:
                new = replace(obj, controller=item.controller)
                if obj.zone is RbZone.CHAIN:
                    state = replace(
                        state,
                        chain=tuple(
                            replace(i, controller=item.controller) if i.id == obj.id else i
                            for i in state.chain
                        ),
                    )
                else:
                    if "exhaust it" in text:
                        new = replace(new, exhausted=True)
                    if "recall it" in text:
                        new = replace(new, zone=RbZone.BASE, location="")
                state = state.with_object(new)
                taken.append(new)
            extra = (", exhausted" if "exhaust it" in text else "") + (
                f" and recalled to {item.controller}'s base" if "recall it" in text else ""
            )
            done = f"now controlled by {item.controller}{extra}"
            rules = [*rules, rule("controller", version)]
            if "recall it" in text:
                rules.append(rule("recall", version))
        elif text.startswith("recall"):
            for obj in units:
                state = state.with_object(replace(obj, zone=RbZone.BASE, location=""))
            done = "recalled to base (a recall, not a move)"
            rules = [*rules, rule("recall", version), rule("recall_not_move", version)]
        if done and units:
            notes.append(f"{', '.join(label(o) for o in units)}: {done}.")
        else:
            # Nothing the bot follows was affected ("Kill those units" of units players choose
            # as it resolves): no rule for an action that didn't happen on the board.
            rules = rules_before
            optional_move = _optional_move_note(
                state, instruction, units, it_objects, item
            ) or _moved_with_note(state, instruction, item)
            if may.chose(instruction):
                # "... and Alice does.": she chose to (355.12); the bot doesn't carry it out.
                state, said = _chosen_move(state, instruction, units, it_objects, item)
                notes.append(said or chosen_note(may, instruction, version))
                rules = [*rules, *chosen_rules(may, instruction, version)]
                if said:
                    rules.append(rule("move", version))
                effects[number] = replace(
                    effect,
                    why=f"{may.player} chose to do it"
                    + ("" if said else "; reported, not carried out on the board"),
                )
                last, last_objects = [], []
                continue
            if optional_move or instruction.optional:
                # Zenith Blade's "You may move a friendly unit to that enemy unit's
                # battlefield" (the note says how to state the move), [Vision]'s "You may
                # recycle it." (817.2.a): its controller decides as it resolves (355.12); the
                # bot doesn't decide for them, nor say it happened.
                notes.append(
                    optional_move
                    or f"“You may {instruction.text}”: {item.controller} chooses as it "
                    f"resolves whether to do it ({rule('may_perform', version)}); the bot "
                    "doesn't choose for them or carry it out on the board."
                )
                rules = [*rules, rule("may_perform", version)]
                effects[number] = replace(
                    effect,
                    happens=False,
                    why=f"optional: {item.controller} chooses as it resolves whether to do it",
                )
                last, last_objects = [], []
                continue
            notes.append(
                f"“{instruction.text}” happens; the bot reports it but doesn't carry it "
                "out on the board"
                + (
                    # Cannon Barrage's "all enemy units in combat" (QA 44 M6).
                    ": the bot doesn't model combat, so it doesn't know which units are in "
                    "combat; say the damage each of them has (“Stalwart Poro has 2 damage.”)."
                    if _IN_COMBAT.search(instruction.text)
                    else "."
                )
            )
            if _MIGHT_OR_DAMAGE.search(instruction.text) and not _ABOUT_COST.search(
                instruction.text
            ):
                # Sky Splitter's "cost is reduced by the highest Might ..." changes no Might or
                # damage: no caution for it (QA 44 M2).
                # A Might stated before it no longer accounts for everything (might_stated).
                state = replace(
                    state,
                    unapplied=(*state.unapplied, (item.name, instruction.text)),
                    might_stated=(),
                )
        last = [o.id for o in units]
        last_objects = units
    if unless is not None and not re.search(r"\bunless\b", item.text, re.I):
        # "… and Bob has Alice draw 2" said of a spell that asks no such choice.  One whose
        # target is gone (Hard Bargain's repeat after the first countered the spell) simply
        # doesn't ask it.
        raise EngineError(
            f"{item.name} has no “unless …” instruction for {unless[0]} to choose, so nothing "
            "was changed.",
            hint=f"Say “{item.name} resolves.”",
        )
    if discards and not any(_DISCARD_N.match(i.text.strip()) for i in instructions):
        # "… resolves discarding Blazing Scorcher" said of a spell that discards nothing.
        raise EngineError(
            f"{item.name} has no “Discard …” instruction, so no card is chosen to discard and "
            "nothing was changed.",
            hint=f"Say “{item.name} resolves.”",
        )
    reflexive = [i.text for i in analysis.instructions if i.part == REFLEXIVE]
    if reflexive:
        # Dragon's Rage (Origins FAQ): "assuming Dragon's Rage resolves, you'll put a separate
        # triggered ability on the chain, choosing another enemy unit at its destination".
        waiting = [i for i in last if i in state.objects] if not item.is_ability else []
        notes.append(
            f"“{' '.join(t.rstrip('.') + '.' for t in reflexive)}” is a reflexive trigger: it goes "
            f"on the chain as {item.name} finishes resolving and makes its choices then, if "
            "what it refers to happened "
            f"({'387' if version == '1.3' else 'Origins FAQ'})"
            + (
                f". Say its choices, e.g. “{item.name}'s trigger targets …”."
                if waiting
                else "; what it refers to didn't happen, so it doesn't go on the chain."
            )
        )
        rules += cite_if("reflexive", version)
        if waiting:
            state = replace(state, reflexive={**state.reflexive, item.id: tuple(waiting)})
    bonus_notes, bonus_rules = bonus.notes(version)
    notes += bonus_notes
    rules += bonus_rules
    state = _set_up_replacements(state, analysis, item, legal_by_target, notes)
    if cleanup:
        state, killed_ids = _cleanup(state, hurt_ids, notes, rules)
        new_ids += killed_ids
    for number, instruction, acted_on, objects in after_cleanup:
        effect = effects[number]
        found = KILLS_CONDITION.match(instruction.condition)
        if found is not None and found.group("each"):
            # "Then for each unit this kills, do this: Gain 1 XP" (Alpha Strike): once for each
            # unit it dealt damage to that died in the cleanup right after it.
            killed = [o for o in objects if o.id not in state.objects]
            times = "once" if len(killed) == 1 else f"{len(killed)} times"
            effects[number] = replace(
                effect,
                happens=bool(killed),
                why=f"{', '.join(label(o) for o in killed)} {'was' if len(killed) == 1 else 'were'}"
                f" killed in the cleanup right after the spell, so it happens {times}"
                if killed
                else f"{', '.join(label(o) for o in objects) or 'Nothing'} wasn't killed, so it "
                "doesn't happen",
            )
            if killed:
                notes.append(
                    f"“{instruction.text}” happens {times}; the bot reports it but doesn't carry "
                    "it out."
                )
            rules += [rule("linked", version), *cite_if("no_cleanup_while_resolving", version)]
            continue
        if any(i in state.objects for i in acted_on) or not acted_on:
            names = ", ".join(label(o) for o in objects)
            effects[number] = replace(
                effect,
                happens=False,
                why=f"{names or 'Nothing'} wasn't killed, so it doesn't happen",
            )
            rules.append(rule("linked", version))
            continue
        effects[number] = replace(
            effect, why="it was killed in the cleanup right after the spell, so it happens"
        )
        notes.append(
            f"“{instruction.text}” happens; the bot reports it but doesn't carry it out on the "
            "board."
        )
        rules += [rule("linked", version), *cite_if("no_cleanup_while_resolving", version)]
    for own_trigger in (i for i in analysis.instructions if i.part == "triggered ability"):
        # Super Mega Death Rocket!'s "When you conquer, ... return this from your trash": the
        # card's triggered ability, not part of its resolution (383.1, 383.2.c.1).
        notes.append(
            f"“{own_trigger.text}” is a triggered ability of {item.name}, not part of what it does as "
            f"it resolves ({rule('trigger_recognised', version)}): it triggers later, from "
            f"where the card is then ({rule('trigger_in_zone', version)}), and isn't carried "
            "out now."
        )
        rules += [rule("trigger_recognised", version), rule("trigger_in_zone", version)]
    return state, notes, rules, new_ids, tuple(effects), unchecked


def with_unchecked(verdict: Verdict, unchecked: Sequence[str]) -> Verdict:
    """A spell or ability with a condition the bot doesn't check: ``resolved`` says all of it
    happened (scenario language: "resolved only when all of it happened"), which the bot can't
    say, so it is ``partial`` and the reason names the conditions."""
    if not unchecked:
        return verdict
    said = and_list(f"“{c.rstrip(',')}”" for c in unchecked)
    sentence = (
        f"The condition {said} wasn't checked (the bot doesn't follow it), so what depends on "
        "it isn't carried out here; if it held, say what happened."
        if len(unchecked) == 1
        else f"The conditions {said} weren't checked (the bot doesn't follow them), so what "
        "depends on them isn't carried out here; if they held, say what happened."
    )
    if verdict.kind is VerdictKind.RESOLVED:
        return replace(
            verdict,
            kind=VerdictKind.PARTIAL,
            reason=f"It resolves, but the bot can't say all of it happened. {sentence}",
        )
    return replace(verdict, reason=f"{verdict.reason} {sentence}")


# The keywords a line of card text opens with ("[Temporary] (Kill me at the start ...)").
_OPENING_KEYWORDS = re.compile(r"^(?:\s*\[[^\]]+\])+")


def _has_printed_keyword(state: RbState, obj: RbObject, keyword: str) -> bool:
    """Does ``obj``'s card have ``keyword`` (one a line of its text opens with: Sprite's
    "[Temporary]"), not only mention it?"""
    card = state.cards.get(obj.id)
    for line in card.text.splitlines() if card is not None else ():
        opening = _OPENING_KEYWORDS.match(line.strip())
        if opening and any(
            found.strip().casefold() == keyword.casefold()
            for found in re.findall(r"\[([^\]]+)\]", opening.group(0))
        ):
            return True
    return False


def _otherwise(branch: tuple[bool | None, str, list[int]] | None) -> tuple[bool | None, str]:
    """Whether an "Otherwise, ..." happens: exactly when the "If" before it didn't hold
    (Solari Chief: "If it is stunned, kill it. Otherwise, stun it.")."""
    if branch is None:
        return None, ""
    held, condition, _ = branch
    if held is None:
        return None, ""
    if held:
        return False, f"“{condition}” held"
    return True, f"“{condition}” didn't hold"


def _did_before(
    analysis: TargetAnalysis,
    instructions: Sequence[Instruction],
    effects: Sequence[EffectReport],
    kills: Mapping[int, tuple[list[RbObject], list[RbObject]]],
    number: int,
    may: MayChoice | None = None,
) -> tuple[bool | None, str]:
    """Did the instruction before instruction ``number`` get done ("If you do")?  Known when
    it is a kill the bot carried out (even an optional one: its controller chose its target),
    or it didn't happen; not when it was another optional action ("you may"), a cost, or an
    action the bot doesn't follow."""
    here = instructions[number]
    earlier = [
        i
        for i in analysis.instructions[: here.index]
        if i.part not in ("trigger condition", "use condition")
    ]
    previous = instructions[number - 1] if number > 0 else None
    if previous is None or not earlier or earlier[-1] is not previous:
        return None, "what “do” refers to is a choice or cost the bot doesn't follow"
    if not effects[number - 1].happens:
        return False, f"“{previous.text}” didn't happen"
    if number - 1 in kills:
        # Pickpocket's "you may kill a gear ... If you do": a kill the bot carried out on the
        # target its controller chose was done, optional or not (QA 44 U4).
        acted, killed = kills[number - 1]
        if killed:
            names = ", ".join(label(o) for o in killed)
            return True, f"{names} {'was' if len(killed) == 1 else 'were'} killed"
        names = ", ".join(label(o) for o in acted)
        return False, (
            f"{names} wasn't killed: its death was replaced (Spiritforged FAQ, Deathgrip)"
        )
    if previous.optional and may is not None and may.chose(previous):
        return True, f"{may.player} chose to “{previous.text}”"
    if previous.optional:
        return None, f"“{previous.text}” is optional (“you may”)"
    return None, f"it depends on whether “{previous.text}” was done"


_ALONE = "741.1: no other friendly units at its location"


_IF_I_WAS_MIGHTY = re.compile(r"^if I was \[?Mighty\]?,?$", re.IGNORECASE)


# Conditions settled by the board before the instruction they follow is carried out, so a
# later "If ..., ... instead" that holds replaces it before it happens (157.2) rather than
# after it: "If you control a facedown card" (Monster Harpoon).
_SETTLED_BEFORE = (_IF_YOU_CONTROL_FACEDOWN,)


def _replaced_by_later(
    instructions: Sequence[Instruction], number: int, state: RbState, item: ChainItem
) -> tuple[Instruction, str] | None:
    """The next instruction when it is an "If ..., ... instead" whose condition is settled now
    and holds, with why: it is carried out in place of instruction ``number`` (157.2)."""
    if instructions[number].condition or number + 1 >= len(instructions):
        return None
    later = instructions[number + 1]
    if not later.condition or _INSTEAD.search(later.text) is None:
        return None
    if not any(pattern.match(later.condition) for pattern in _SETTLED_BEFORE):
        return None
    held, why = _condition(
        later.condition, state, item, referents=(), it_was=(), them=(), did=(None, "")
    )
    return (later, why) if held else None


def _condition(
    condition: str,
    state: RbState,
    item: ChainItem,
    *,
    referents: Sequence[RbObject],
    it_was: Sequence[RbObject],
    them: Sequence[RbObject],
    did: tuple[bool | None, str],
) -> tuple[bool | None, str]:
    """Whether an instruction's "If ..." holds as it is carried out (359.3.f.2), and why;
    None for a condition the bot doesn't follow.  ``referents``: what "it" is now; ``it_was``:
    "it" as it was acted on (Blood Money's killed unit); ``them``: the units chosen."""
    if _IF_YOU_DO.match(condition):
        return did
    if _IF_I_WAS_MIGHTY.match(condition) and item.is_ability and item.referents:
        # Unsung Hero's Deathknell: the unit as it died, noted as it triggered (808.1.d.3).
        dead = item.referents[0]
        had = dead.might or 0
        return had >= 5, f"{dead.name} had {had} Might as it died (Mighty is 5 or more)"
    if _IF_STUNNED.match(condition) and referents:
        unit = referents[0]
        if unit.stunned:
            return True, f"{label(unit)} is stunned"
        return False, f"{label(unit)} isn't stunned"
    if _IF_ALREADY_STUNNED.match(condition) and it_was:
        unit = it_was[0]  # as the instruction before this one found it
        if unit.stunned:
            return True, f"{label(unit)} was already stunned"
        return False, f"{label(unit)} wasn't stunned before this"
    side = _IF_WAS_SIDE.match(condition)
    if side and it_was:
        unit = it_was[0]
        enemy = unit.controller != item.controller
        was = "an enemy unit" if enemy else "a friendly unit"
        return (side.group("side").lower() == "enemy") == enemy, (
            f"{label(unit)} was {was} to {item.controller}"
        )
    if _IF_YOU_CONTROL_FACEDOWN.match(condition):
        facedown = [
            o
            for o in state.objects.values()
            if o.zone is RbZone.FACEDOWN and o.controller == item.controller
        ]
        if facedown:
            # It holds; its "... instead" is carried out in place of the instruction before
            # it, which is skipped (157.2, _replaced_by_later).
            return True, f"{item.controller} has a card hidden at {facedown[0].location}"
        return False, (
            f"{item.controller} controls no facedown card (none was stated hidden: “"
            f"{item.controller} hides … at Targon's Peak.”)"
        )
    if _IF_PLAYED_FROM_HAND.match(condition) and not item.is_ability:
        if item.from_hidden:
            return False, f"{item.name} was played from hiding, not from a hand"
        return True, f"{item.name} was played from {item.controller}'s hand"
    if _IF_ENEMY_ALONE_THERE.match(condition) and it_was and it_was[0].at_battlefield:
        where = it_was[0].location
        enemies = [
            o
            for o in state.on_board()
            if o.kind is RbKind.UNIT
            and o.at_battlefield
            and o.location == where
            and o.controller != item.controller
        ]
        alone = [
            o
            for o in enemies
            if not any(e.controller == o.controller and e is not o for e in enemies)
        ]
        if alone:
            return True, f"{label(alone[0])} is alone at {where} ({_ALONE})"
        return False, f"no enemy unit is alone at {where} ({_ALONE})"
    might = MIGHT_CONDITION.match(condition)
    if might and it_was and it_was[0].might is not None:
        # Death from Below: "Then, if it had 3 [M] or less": the unit as it last was.
        unit, had = it_was[0], it_was[0].might
        return might_condition_holds(might, had), f"{label(unit)} had {had} Might"
    if _IF_I_AM_AT_A_BATTLEFIELD.match(condition) and item.source_id is not None:
        # Peak Guardian: "Then, if I am at a battlefield, ...": where its source is now
        # (359.3.f.1-2); off the board it is nowhere (359.3.e.12).
        source = state.objects.get(item.source_id)
        if source is None or source.zone not in BOARD_ZONES:
            return False, f"{item.source_name} is no longer on the board"
        if source.at_battlefield:
            return True, f"{label(source)} is at a battlefield"
        return False, f"{label(source)} is at its base, not at a battlefield"
    keyword = _IF_ONE_HAS.match(condition)
    if keyword and them:
        word = keyword.group("keyword")
        having = [o for o in them if _has_printed_keyword(state, o, word)]
        if having:
            return True, f"{and_list(label(o) for o in having)} has [{word}]"
        return False, f"Neither {' nor '.join(label(o) for o in them)} has [{word}]"
    return None, ""


def _other_card_played(state: RbState, item: ChainItem) -> str | None:
    """The latest card, other than the one resolving (or the source of a triggered ability),
    its controller played in the scenario, taken as one turn ([Legion], 812.1.c); None if none.
    An activated ability's source counts: "Sun Disc's activated ability is not Sun Disc"
    (Origins FAQ, Sun Disc: its Legion is on the turn it was played)."""
    if item.ability == "activated":
        return other_card_played(state, item.controller, (item.id,))
    return other_card_played(state, item.controller, (item.id, item.source_id))


def other_card_played(state: RbState, player: str, mine: Sequence[int | None]) -> str | None:
    """The name of the latest card ``player`` played in the scenario (taken as one turn) other
    than ``mine`` (the card with [Legion], 812.1.c); None if none."""
    others = [i for i in state.played.get(player, ()) if i not in mine]
    if not others:
        return None
    found = state.objects.get(others[-1])
    return found.name if found is not None else f"#{others[-1]}"


def _chosen_name(state: RbState, legal_by_target: Mapping[int, Sequence[int]]) -> str:
    """The name of the first target still legal, for a statement to suggest ("it")."""
    for ids in legal_by_target.values():
        for object_id in ids:
            if object_id in state.objects:
                return state.objects[object_id].name
    return "The unit"


_ATTACH_THIS = re.compile(r"^(?:then )?attach (?:this|me)\b")
_ATTACH_IT = re.compile(r"^(?:then )?attach it\b")
_TO_ME = re.compile(r"\bto (?:me|this unit)\b")
_ME_WORD = re.compile(r"^(?:exhaust|ready) me\b", re.I)
# Vayne, Hunter; Blitzcrank, Impassive: "return me to my owner's hand" - "me" is the
# ability's source (QA 55 W2).
_RETURN_ME_TO_HAND = re.compile(r"^return me to (?:my|its) owner['’]s hand\.?$", re.I)
_BANISH_ME = re.compile(r"^banish me\b", re.I)
# The event a token's Deathknell source leaves once its trigger is on the chain (183.1).
TOKEN_GONE_FROM_TRASH = "ceased to exist in the trash"


def _ceased_token(state: RbState, item: ChainItem) -> str | None:
    """The name of the token an ability came from, when that token died and ceased to exist
    in the trash (183.1); None otherwise."""
    if not item.is_ability or item.source_id is None or item.source_id in state.objects:
        return None
    event, _ = state.departed.get(item.source_id, ("", None))
    return item.source_name or item.name if event == TOKEN_GONE_FROM_TRASH else None


def _attach_pair(
    state: RbState,
    item: ChainItem,
    text: str,
    units: Sequence[RbObject],
    chosen: Sequence[RbObject],
) -> tuple[RbObject, RbObject] | None:
    """The gear and the unit an "attach" instruction joins: "this" gear is the ability's
    source (Equip), "to me" the source unit (Weaponmaster); otherwise the one gear and the one
    unit among the objects it acts on or the spell chose; None when that isn't clear."""
    source = state.objects.get(item.source_id) if item.source_id is not None else None
    pool = [
        state.objects[i]
        for i in dict.fromkeys(o.id for o in (*units, *chosen))
        if i in state.objects
    ]
    gear = [o for o in pool if o.kind is RbKind.GEAR and o.zone in BOARD_ZONES]
    unit = [o for o in pool if o.kind is RbKind.UNIT and o.zone in BOARD_ZONES]
    own_gear = source is not None and source.kind is RbKind.GEAR
    if _ATTACH_THIS.match(text) or (not gear and own_gear and _ATTACH_IT.match(text)):
        # "Attach this gear" (Equip); Quick-Draw's "When you play this, attach it to a unit
        # you control" (819.1.d): "it" is the gear whose ability it is.
        gear = [source] if source is not None and own_gear else []
    if _TO_ME.search(text):
        unit = [source] if source is not None and source.kind is RbKind.UNIT else []
    on_board = [o for o in (*gear, *unit) if o.zone in BOARD_ZONES]
    if len(gear) != 1 or len(unit) != 1 or len(on_board) != 2:
        return None
    return gear[0], unit[0]


def _weaponmaster_cost(state: RbState, gear: RbObject) -> str:
    """What Weaponmaster costs as it resolves: the chosen Equipment's Equip cost reduced by
    [A] (821.1.c), which the bot, keeping no Energy or Power, takes as paid."""
    card = state.cards.get(gear.id)
    equip = (
        next((a for a in read_abilities(card.text) if a.keyword == "Equip"), None)
        if card is not None
        else None
    )
    r = lambda concept: rule(concept, state.version)  # noqa: E731 - short local alias
    if equip is None:
        return (
            f"{gear.name} has no Equip cost, so Weaponmaster's cost can't be paid and it stays "
            f"where it was; the bot attached it as told ({r('weaponmaster_text')})."
        )
    cost = _EQUIP_KEYWORD.sub("", equip.cost).strip() or equip.cost
    # 821.1.c.3: "If the chosen card's Equip cost does not contain [A], it can still be paid,
    # but will not be reduced." (QA 48 M3: Long Sword's [Fury] is paid in full.)
    reduced = (
        ", reduced by [A],"
        if "[A]" in cost
        else f" (no [A] in it, so it isn't reduced{_cited_of('weaponmaster_no_a', state)})"
    )
    return (
        f"Weaponmaster: {gear.name}'s Equip cost “{cost}”{reduced} is paid as it "
        f"resolves; the bot doesn't track Energy or Power and takes it as paid; unpaid, "
        f"{gear.name} stays where it was ({r('weaponmaster_text')})."
    )


_EQUIP_KEYWORD = re.compile(r"\[Equip\]\s*", re.IGNORECASE)


def _cited_of(concept: str, state: RbState) -> str:
    numbers = cite_if(concept, state.version)
    return f", {', '.join(numbers)}" if numbers else ""


def _set_up_replacements(
    state: RbState,
    analysis: TargetAnalysis,
    item: ChainItem,
    legal_by_target: Mapping[int, Sequence[int]],
    notes: list[str],
) -> RbState:
    """Smite's "If it would die this turn, banish it instead" and Highlander's "The next time
    it would die this turn, heal it, exhaust it, and recall it instead" put a replacement on
    the unit the spell chose and still may affect (369.1), in time for the cleanup after it."""
    for instruction in analysis.instructions:
        found = _DIES_INSTEAD.match(instruction.text)
        if instruction.part != "replacement effect" or found is None:
            continue
        kind = "banish" if found.group("banish") else "recall"
        cost = found.group("cost")
        if cost and kind == "recall":
            kind = MAY_RECALL
        name = item.source_name if item.is_ability and item.source_name else item.name
        for object_id in [i for ids in legal_by_target.values() for i in ids]:
            unit = state.objects.get(object_id)
            if unit is None or unit.kind is not RbKind.UNIT or unit.zone not in BOARD_ZONES:
                continue
            state = state.with_object(
                replace(unit, dies_instead=(*unit.dies_instead, (kind, name)))
            )
            instead = (
                "banished" if kind == "banish" else "healed, exhausted and recalled to its base"
            )
            notes.append(
                f"{name}'s replacement is set up on {label(unit)}: if it would die this "
                + (
                    f"turn, {item.controller} may pay {cost} to have it {instead} instead "
                    f"({rule('replacement', state.version)}); that is {item.controller}'s "
                    f"choice as it would die: to use it, say so before it dies: "
                    f"“{item.controller} uses {name} for {unit.name}.”"
                    if kind == MAY_RECALL
                    else f"turn, it is {instead} instead ({rule('replacement', state.version)})."
                )
            )
    return state


def cleanup_after_spell(
    state: RbState, hurt_ids: Sequence[int], notes: list[str], rules: list[str]
) -> tuple[RbState, list[int]]:
    """The cleanup right after a spell whose last execution didn't run its own (a repeated
    spell that left the chain, see ``carry_out``'s ``cleanup``): as ``_cleanup``."""
    return _cleanup(state, hurt_ids, notes, rules)


def _cleanup(
    state: RbState, hurt_ids: Sequence[int], notes: list[str], rules: list[str]
) -> tuple[RbState, list[int]]:
    """The cleanup right after a spell resolves (321: none while it resolves): every unit whose
    non-zero damage equals or exceeds its Might is killed (323.5), Might lowered by the spell
    too (QA 21: Frigid Touch on a unit with 4 damage left it alive at 3 Might); the units the
    spell dealt damage to that survive are said so."""
    version = state.version
    new_ids: list[int] = []
    said_before = len(notes)
    # Every unit with lethal damage is killed at once, each against its Might as the cleanup
    # begins (passive abilities included, 472.3): one dying doesn't save another whose Might
    # it raised.
    state, new_ids = _kill_lethal(state, notes, rules)
    for object_id in dict.fromkeys(hurt_ids):
        hurt = state.objects.get(object_id)
        if hurt is not None and hurt.zone in BOARD_ZONES and hurt.dies_when_damaged:
            # Noxian Guillotine's "Kill it the next time it takes damage this turn": a delayed
            # trigger (390.2); it triggers now and kills the unit as it resolves.
            by = and_list(dict.fromkeys(hurt.dies_when_damaged))
            notes.append(
                f"{label(hurt)} took damage, so the delayed trigger {by} set up triggers: “Kill "
                f"it the next time it takes damage this turn”"
                f"{_cite(cite_if('delayed_trigger', version))}. The bot resolves it at once: "
                "it is killed (if a player responded to that trigger, say what happened)."
            )
            rules += [*cite_if("delayed_trigger", version), rule("kill", version)]
            cleared = replace(hurt, dies_when_damaged=())
            state = state.with_object(cleared)
            state, new_id, died = die(state, cleared, "was killed", notes, rules)
            new_ids += [new_id] if new_id else []
            if died:
                notes.append(f"{label(hurt)}: killed.")
            continue
        immune = damage_immunity(state, hurt) if hurt is not None else ""
        if immune:
            notes.append(f"{immune} ({rule('conditional_passive', version)}).")
            rules.append(rule("conditional_passive", version))
        if hurt is not None and hurt.zone in BOARD_ZONES and hurt.might is not None and hurt.damage:
            # Said as the Magic engine says it (QA 17 #17: a what-if left the survivor unsaid).
            might = might_text(state, hurt)
            cited = _lethal_rules(might, version)
            notes.append(
                f"{label(hurt)} survives: {hurt.damage} damage, less than its Might "
                f"{might} ({', '.join(cited)})."
            )
            rules += cited
    verdicts = [n for n in notes[said_before:] if "at least its Might" in n or " survives: " in n]
    # No caution when the user stated the Might of every unit dealt damage since then.
    stated = bool(hurt_ids) and all(i in state.might_stated for i in hurt_ids)
    if verdicts and state.unapplied and not stated:
        notes.append(unapplied_caveat(state))
    return state, new_ids


def unapplied_caveat(state: RbState) -> str:
    """What a kill or survive verdict may be off by: earlier instructions that could change
    Might or damage, reported but not carried out (QA 34 W6)."""
    said = and_list(dict.fromkeys(f"{card}'s “{text}”" for card, text in state.unapplied))
    return (
        f"Caution: earlier this turn the bot reported {said} without carrying "
        f"{'it' if len(state.unapplied) == 1 else 'them'} out on the board; if "
        f"{'it changes' if len(state.unapplied) == 1 else 'they change'} this unit's Might or "
        "the damage, the outcome above may differ: to check, state the Might it really has "
        "before the damage is dealt (“X has N Might.”)."
    )


def unapplied_might_note(state: RbState, object_id: int) -> str:
    """What a Might answer about ``object_id`` may be off by: earlier instructions that could
    change Might, reported but not carried out (QA 55 W6: "Is X Mighty?" answered as if they
    didn't happen); "" when there are none, or when its Might was stated since (the user's
    number counts them)."""
    if not state.unapplied or object_id in state.might_stated:
        return ""
    said = and_list(dict.fromkeys(f"{card}'s “{text}”" for card, text in state.unapplied))
    return (
        f"its Might may differ: {said} earlier this turn {'was' if len(state.unapplied) == 1 else 'were'}"
        " reported but not carried out; say the Might it really has (“X has N Might.”)"
    )


# A cleanup that kills something is followed by another (322); a replacement that leaves a
# unit on the board with its damage could repeat for ever, so the repeats are bounded.
_MOST_CLEANUPS = 8


def _kill_lethal(state: RbState, notes: list[str], rules: list[str]) -> tuple[RbState, list[int]]:
    """Every unit on the board with lethal damage killed (323.5), cleanup after cleanup while
    one kills something (322: a unit whose Might a dead unit raised dies in the next one)."""
    new_ids: list[int] = []
    for _ in range(_MOST_CLEANUPS):
        # The board's passive Might once a pass, not once a unit (it reads the whole board;
        # this runs after every stated move, death and control change).
        changed = {m.object_id: m.might for m in might_changes(state)}
        lethal = [
            (obj, might_text(state, obj))
            for obj in state.on_board()
            if obj.kind is RbKind.UNIT
            and (_lethal(obj, changed.get(obj.id, obj.might)) or _any_amount_kills(state, obj))
        ]
        if not lethal:
            break
        for obj, might in lethal:
            if obj.id in state.objects:
                state, new_id = _kill(state, state.objects[obj.id], might, notes, rules)
                new_ids += [new_id] if new_id else []
    # 323.7: "Recall all Unattached non-Unit Gear at Battlefields" (an Equipment whose unit
    # died or left stays where it was, 719.5, until this cleanup; QA 27 W2).
    left = [
        o
        for o in state.on_board()
        if o.kind is RbKind.GEAR and o.zone is RbZone.BATTLEFIELD and o.attached_to is None
    ]
    for gear in left:
        state = state.with_object(replace(gear, zone=RbZone.BASE, location=""))
        notes.append(
            f"{gear.name} is unattached at {gear.location}: the cleanup recalls it to "
            f"{gear.controller}'s base ({rule('unattached_gear_recalled', state.version)})."
        )
        rules.append(rule("unattached_gear_recalled", state.version))
    return remove_stranded_hidden(state, notes, rules), new_ids


def remove_stranded_hidden(state: RbState, notes: list[str], rules: list[str]) -> RbState:
    """323.7: "Remove all Hidden cards from all Battlefields that are not controlled by the
    same player and place them in their owner's Trash" - a player who lost control of a
    battlefield loses the card hidden there in the next cleanup (107.3.d; 811.1.b: hidden
    "for as long as you control that battlefield")."""
    version = state.version
    fields = {o.name: o for o in state.objects.values() if o.kind is RbKind.BATTLEFIELD}
    for card in [o for o in state.objects.values() if o.zone is RbZone.FACEDOWN]:
        held = fields.get(card.location)
        if held is None or held.controller == card.controller:
            continue
        state, _ = move_to_zone(
            state, card, RbZone.TRASH, f"{REMOVED_FROM}{card.location}'s facedown zone"
        )
        cited = [*cite_if("facedown_lost_battlefield", version)]
        cited += cite_if("hidden_removed_in_cleanup", version)
        notes.append(
            f"{card.controller} no longer controls {card.location} ("
            + (f"{held.controller} does" if held.controller else "nobody does")
            + f"), so the cleanup removes the card {card.controller} hid there, {card.name}, "
            f"and puts it in {card.owner}'s trash; it can't be played from hiding"
            + (f" ({', '.join(cited)})." if cited else ".")
        )
        rules += cited
    return state


def cleanup_after_statement(state: RbState) -> tuple[RbState, list[str], list[str]]:
    """The cleanup after a stated move, death or control change (319.8, 322): units whose
    damage is now lethal (a passive Might source left, moved or changed sides) are killed.
    Returns the state, what it says happened, and the rules cited."""
    notes: list[str] = []
    rules: list[str] = []
    state, _ = _kill_lethal(state, notes, rules)
    return state, notes, rules


def _lethal_rules(might: str, version: str) -> list[str]:
    """323.5, and 472.3 when passive abilities changed the Might (``might_text`` names them)."""
    changed = "(" in might
    return [
        rule("lethal_damage", version),
        *([rule("might_arithmetic", version)] if changed else []),
    ]


def _lethal(unit: RbObject, might: int | None) -> bool:
    """323.5: non-zero damage equalling or exceeding its Might (``might``: its Might now)."""
    return might is not None and unit.damage >= max(might, 1)


# Elder Dragon: "Any amount of your damage is enough to kill enemy units." - it changes what
# lethal damage is (323.5) for enemy units with its controller's damage marked (Unleashed FAQ,
# "Lethal Damage Modification").
_ANY_AMOUNT_KILLS = re.compile(
    r"\bany amount of your damage is enough to kill enemy units\b", re.IGNORECASE
)


def _any_amount_kills(state: RbState, unit: RbObject) -> RbObject | None:
    """The permanent whose "Any amount of your damage is enough to kill enemy units" makes
    ``unit``'s damage lethal, or None."""
    if unit.damage <= 0:
        return None
    return next(
        (
            source
            for source in state.on_board()
            if source.controller in unit.damage_by
            and source.controller != unit.controller
            and _ANY_AMOUNT_KILLS.search(active_text(state, source))
        ),
        None,
    )


def _kill(
    state: RbState, unit: RbObject, might: str, notes: list[str], rules: list[str]
) -> tuple[RbState, int | None]:
    """The unit killed by lethal damage (323.5), said with its damage and its Might
    (``might``, as ``might_text`` says it)."""
    version = state.version
    killed = "it would be killed" if death_replacements(state, unit) else "it is killed"
    cited = _lethal_rules(might, version)
    by = _any_amount_kills(state, unit)
    if by is not None and not _lethal(unit, might_now(state, unit)):
        notes.append(
            f"{label(unit)} has {unit.damage} damage, less than its Might {might}, but "
            f"{by.controller}'s damage is marked on it and {by.controller}'s {by.name} says “Any amount of your "
            "damage is enough to kill enemy units”, which makes it lethal (Unleashed FAQ, "
            "Elder Dragon: “Any reference to lethal damage, including in the cleanup tasks in "
            f"rule 323.5 ... will be altered in this way”): {killed} ({', '.join(cited)})."
        )
    else:
        notes.append(
            f"{label(unit)} has {unit.damage} damage, at least its Might {might}: {killed} "
            f"({', '.join(cited)})."
        )
    rules += cited
    state, new_id, _ = die(state, unit, "was killed by lethal damage", notes, rules)
    return state, new_id
