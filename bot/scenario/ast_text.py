"""Statement values written back as canonical scenario text.

Used for the hint of a corrected mistake (``Alice cast Lightning Bolt at Bob`` ->
``Alice casts Lightning Bolt targeting Bob.``) and by tests that read their own output back.
"""

from __future__ import annotations

from dataclasses import replace
from typing import cast

from bot.engine.wording import and_list, ordinal
from bot.scenario.ast import (
    AbilityKind,
    AbilityRef,
    Activate,
    AfterResolvingQuestion,
    AssignableQuestion,
    Becomes,
    CanAttackQuestion,
    CanBlockQuestion,
    CanQuestion,
    CardSpec,
    Cast,
    ChangeLife,
    ChangeTargets,
    Choices,
    CombatDamageTogether,
    CombatEnds,
    Controls,
    ControlsAtPlaces,
    CostQuestion,
    CounterQuestion,
    DealsDamage,
    Discards,
    DoesTargetQuestion,
    Draws,
    EmptyGraveyard,
    EmptyHand,
    FizzleQuestion,
    GainControl,
    Gains,
    HasAbility,
    IsLegalTargetQuestion,
    KeepsLegend,
    KeywordTrigger,
    LaterTurn,
    LeavesGame,
    LegalTargetsQuestion,
    LifeQuestion,
    Location,
    Loses,
    MovesZone,
    ObjectQuestion,
    ObjectRef,
    OrderStackTriggers,
    ParsedStatement,
    Payment,
    Permanent,
    Phases,
    PlayerCountQuestion,
    PlayerRef,
    Pump,
    PutsOntoBattlefield,
    RegenerationShields,
    Resolve,
    ResolveAll,
    ResolveQuestion,
    RespondQuestion,
    Retarget,
    RetargetKind,
    Sacrifice,
    SetCounters,
    SetDamage,
    SetLife,
    SetMight,
    SetProtector,
    SetStatus,
    ShowQuestion,
    StackItem,
    StandardMove,
    SurvivesQuestion,
    Target,
    TargetingQuestion,
    TokenSpec,
    TopOfStack,
    Trigger,
    UsualCombatDamage,
    WhatIfQuestion,
    WhoseTurn,
    ZoneContents,
)


def kicked_text(times: int) -> str:
    """How a statement says a kicker was paid ``times`` times ("with kicker", "kicked 3 times")."""
    return " with kicker" if times == 1 else f" kicked {times} times"


def render_statement(statement: ParsedStatement) -> str:
    """Canonical text of one statement, ending with ``.`` (or ``?`` for a question)."""
    match statement:
        case Controls(
            player=player,
            permanents=permanents,
            location=location,
            attached_to=host,
            attached_to_first=first,
        ):
            text = (
                f"{player_text(player)} controls {and_list(permanent_text(p) for p in permanents)}"
            )
            attached = f" attached to {target_text(host)}" if host is not None else ""
            if first:
                attached = " attached to it"
            return text + attached + _location_text(location) + "."
        case ControlsAtPlaces(parts=parts) if parts:
            # Riftbound: "Alice controls A at P and B at Q." (each part at its own place).
            placed = [
                and_list(permanent_text(p) for p in part.permanents) + _location_text(part.location)
                for part in parts
            ]
            return f"{player_text(parts[0].player)} controls {' and '.join(placed)}."
        case ZoneContents(player=player, zone=zone, cards=cards):
            return f"{_possessive(player)} {zone} has {and_list(_card_text(c) for c in cards)}."
        case EmptyHand(player=player):
            return f"{_possessive(player)} hand is empty."
        case EmptyGraveyard(player=player):
            return f"{_possessive(player)} graveyard is empty."
        case SetLife(player=player, life=life):
            return f"{player_text(player)} has {life} life."
        case ChangeLife(player=player, amount=amount):
            verb = "gains" if amount > 0 else "loses"
            return f"{player_text(player)} {verb} {abs(amount)} life."
        case Draws(player=player, count=count, draw_step=draw_step):
            drawn = "a card" if count == 1 else f"{count} cards"
            return f"{player_text(player)} draws {drawn}{' for the turn' if draw_step else ''}."
        case HasAbility(subject=subject, ability=ability):
            return f"{target_text(subject)} has {_ability_text(ability)}."
        case SetStatus(subject=subject, status=status, attacks=attacks) if attacks is not None:
            # "Grizzly Bears is attacking Bob." / "... is attacking Bob and unblocked." (CR
            # 508.1b, 509.1h)
            plain = render_statement(replace(statement, attacks=None)).rstrip(".")
            said = f"{target_text(subject)} is attacking {target_text(attacks)}"
            if status == "attacking":
                return f"{said}."
            how = plain.removeprefix(f"{target_text(subject)} is ")
            return f"{said}, {how}." if how.startswith("blocked by") else f"{said} and {how}."
        case SetStatus(subject=subject, status=status, others=others) if others:
            # "is blocking Grizzly Bears" / "is blocked by Llanowar Elves" (CR 509.1g-h)
            by = " by" if status == "blocked" else ""
            return f"{target_text(subject)} is {status}{by} {and_list(map(target_text, others))}."
        case SetStatus(subject=subject, status=status):
            return f"{target_text(subject)} is {status}."
        case SetProtector(battle=battle, player=player):
            return f"{player_text(player)} protects {target_text(battle)}."
        case SetCounters(subject=subject, counter=counter, count=count, added=added):
            plural = "counter" if count == 1 else "counters"
            verb = "gets" if added else "has"
            return f"{target_text(subject)} {verb} {count} {counter} {plural}."
        case SetMight(subject=subject, might=might):
            return f"{target_text(subject)} has {might} Might."
        case SetDamage(subject=subject, damage=damage, added=True, deathtouch=deathtouch):
            by = " by a source with deathtouch" if deathtouch else ""
            return f"{target_text(subject)} is dealt {damage} damage{by}."
        case SetDamage(subject=subject, damage=damage):
            return f"{target_text(subject)} has {damage} damage."
        case DealsDamage(source=source, target=target, amount=amount, combat=combat):
            kind = "combat damage" if combat else "damage"
            return f"{target_text(source)} deals {amount} {kind} to {target_text(target)}."
        case CombatDamageTogether(parts=parts, question=question):
            said = " and ".join(render_statement(part).rstrip(".") for part in parts)
            return f"{said}?" if question else f"{said}."
        case LaterTurn():
            return "It is a later turn."
        case Pump(subject=subject, power=power, toughness=toughness, might=might):
            size = f"{might:+d} Might" if might is not None else f"{power:+d}/{toughness:+d}"
            until = ""
            if statement.this_turn:
                until = " this turn" if might is not None else " until end of turn"
            return f"{target_text(subject)} gets {size}{until}."
        case Cast():
            return _cast_text(statement) + "."
        case StandardMove(question=False):
            return _standard_move_text(statement) + "."
        case Activate():
            return _activate_text(statement) + "."
        case Trigger(ability=ability, choices=choices, stated_there=True) if choices == Choices():
            return f"{target_text(ability)} is on the stack."
        case Trigger(ability=ability, choices=choices):
            about = f" for {target_text(statement.about)}" if statement.about else ""
            if choices.targets:
                rest = f" targets {and_list(target_text(t) for t in choices.targets)}"
                said = _choices_text(choices, skip_targets=True)
                return f"{target_text(ability)}{rest}{said}{about}."
            return f"{target_text(ability.source)} triggers{_choices_text(choices)}{about}."
        case Gains(subject=subject, ability=ability) if ability.startswith("can't "):
            until = " this turn" if statement.this_turn else ""
            return f"{target_text(subject)} {ability}{until}."
        case Gains(subject=subject, ability=ability):
            until = " until end of turn" if statement.this_turn else ""
            return f"{target_text(subject)} gains {_ability_text(ability)}{until}."
        case Loses(subject=subject, ability=ability):
            return f"{target_text(subject)} loses {_ability_text(ability)}."
        case Becomes():
            return _becomes_text(statement) + "."
        case GainControl(player=player, subject=subject):
            return f"{player_text(player)} gains control of {target_text(subject)}."
        case MovesZone(
            subject=subject,
            wording=wording,
            attached_to=host,
            copy_of=copy_of,
            copy_nothing=copy_nothing,
        ):
            attached = f" attached to {target_text(host)}" if host is not None else ""
            if copy_of is not None or copy_nothing:
                # What a returning Clone copies (CR 707.5).
                attached += ", copying " + (target_text(copy_of) if copy_of else "nothing")
            return f"{target_text(subject)} {wording}{attached}."
        case PutsOntoBattlefield(player=player, card=card, tapped=tapped, attached_to=host):
            how = " tapped" if tapped else ""
            how += f" attached to {target_text(host)}" if host is not None else ""
            return f"{player_text(player)} puts {card} onto the battlefield{how}."
        case UsualCombatDamage():
            return "Combat damage is dealt."
        case WhoseTurn(player=player, step=step):
            return f"It is {player.name}'s {step or 'turn'}."
        case CombatEnds(whole=whole):
            return "Combat ends." if whole else "The combat damage step ends."
        case OrderStackTriggers(player=player, item=item, last=last):
            when = "last" if last else "first"
            return f"{player_text(player)} puts {stack_item_text(item)} on the stack {when}."
        case AfterResolvingQuestion(question=question, item=item):
            # The parser wraps only its own questions (``Reader._parse``).
            asked = render_statement(cast("ParsedStatement", question)).rstrip("?.")
            if item is None:
                return f"{asked} after the stack resolves?"
            if isinstance(item, TopOfStack):
                return f"{asked} after it resolves?"
            return f"{asked} after {stack_item_text(item)} resolves?"
        case RegenerationShields(subject=subject, count=count):
            shields = "a regeneration shield" if count == 1 else f"{count} regeneration shields"
            return f"{target_text(subject)} has {shields}."
        case Discards(player=player, cards=cards):
            return f"{player_text(player)} discards {and_list(target_text(c) for c in cards)}."
        case Sacrifice(player=player, subject=subject):
            return f"{player_text(player)} sacrifices {target_text(subject)}."
        case KeepsLegend(player=player, subject=subject):
            return f"{player_text(player)} keeps {target_text(subject)}."
        case LeavesGame(player=player, how=how):
            return f"{player_text(player)} {how}."
        case Phases(subject=subject, phased_out=phased_out):
            return f"{target_text(subject)} phases {'out' if phased_out else 'in'}."
        case Resolve(
            item=item,
            retarget=retarget,
            affecting=affecting,
            payment=payment,
            on_top=on_top,
            colour=colour,
            copy_of=copy_of,
            copy_nothing=copy_nothing,
            copier=copier,
            discarding=discarding,
        ):
            chosen = (
                f" affecting {and_list(target_text(t) for t in affecting)}" if affecting else ""
            )
            if discarding:
                # Riftbound: the cards chosen for a "Discard N" as it resolves (422.1.a).
                chosen += f" discarding {and_list(target_text(t) for t in discarding)}"
            where = "" if on_top is None else (" on top" if on_top else " under")
            picked = f" choosing {colour}" if colour else ""
            if copy_of is not None or copy_nothing:
                # What Clone copies (CR 707.2).
                copying = " copying " + (target_text(copy_of) if copy_of else "nothing")
                picked += f", {copier}{copying}" if copier else copying
            if payment is not None and retarget is not None:
                # Divert: "... resolves and Bob doesn't pay, changing the target to ..."
                said = f"{_payment_text(payment)},{_retarget_text(retarget)}"
            else:
                said = f"{_retarget_text(retarget)}{chosen}{_payment_text(payment)}"
            return f"{stack_item_text(item, capital=True)} resolves{said}{where}{picked}."
        case ResolveAll():
            return "Resolve the stack."
        case ChangeTargets(player=player, item=item, retarget=retarget):
            return _change_targets_text(player, item, retarget) + "."
        case CanQuestion(action=action):
            body = _cast_text(action) if isinstance(action, Cast) else _activate_text(action)
            who = player_text(action.player)
            verb, _, tail = body.removeprefix(who + " ").partition(" ")
            base = {"casts": "cast", "plays": "play", "activates": "activate"}[verb]
            return f"Can {who} {base} {tail}?"
        case IsLegalTargetQuestion(candidate=candidate, source=source):
            return f"Is {target_text(candidate)} a legal target for {target_text(source)}?"
        case LegalTargetsQuestion(source=source):
            return f"What are the legal targets for {target_text(source)}?"
        case ShowQuestion(what="zone", zone=zone, owner=owner):
            whose = f"{player_text(owner)}'s" if owner is not None else "the"
            return f"What is in {whose} {zone}?"
        case ShowQuestion(what=what):
            return "What is on the stack?" if what == "stack" else "Show the board."
        case DoesTargetQuestion(subject=subject, quoted=False, about=about) if about:
            return f"Does {subject} target {target_text(about)}?"
        case DoesTargetQuestion(subject=subject, quoted=quoted):
            return f'Does "{subject}" target?' if quoted else f"Does {subject} target?"
        case RespondQuestion(player=player, item=item):
            who = player_text(player) if player is not None else "anyone"
            to = f" to {stack_item_text(item)}" if item is not None else ""
            return f"Can {who} respond{to}?"
        case CounterQuestion(item=item, player=player, counter=counter):
            if player is None and counter is None:
                return f"Can {stack_item_text(item)} be countered?"
            if player is None and counter is not None:
                return f"Does {counter.card} counter {stack_item_text(item)}?"
            using = f" with {counter.card}" if counter is not None else ""
            who = player_text(player) if player is not None else ""
            return f"Can {who} counter {stack_item_text(item)}{using}?"
        case FizzleQuestion(item=item):
            return f"Does {stack_item_text(item)} fizzle?"
        case ResolveQuestion(whole=True):
            return "What happens when everything resolves?"
        case ResolveQuestion(item=item):
            return f"What happens when {stack_item_text(item)} resolves?"
        case SurvivesQuestion(subject=subject, survive=survive):
            return f"Does {target_text(subject)} {'survive' if survive else 'die'}?"
        case TargetingQuestion(item=item):
            return f"What is {stack_item_text(item)} targeting?"
        case LifeQuestion(player=player):
            return f"What is {player_text(player)}'s life total?"
        case PlayerCountQuestion(player=player, what=what, zone="battlefield"):
            return f"How many {what} does {player_text(player)} control?"
        case PlayerCountQuestion(player=player, what=what, zone=zone):
            return f"How many {what} are in {player_text(player)}'s {zone}?"
        case AssignableQuestion(source=source, target=target):
            return f"How much damage can {target_text(source)} assign to {target_text(target)}?"
        case WhatIfQuestion(event=event, item=item):
            asked = (event.text or "").rstrip(".")
            if isinstance(item, TopOfStack):
                return f"What happens if {asked}?"
            return f"What happens to {stack_item_text(item)} if {asked}?"
        case CanBlockQuestion(blocker=blocker, attacker=None):
            return f"Can {target_text(blocker)} block?"
        case CanBlockQuestion(blocker=blocker, attacker=ObjectRef() as attacker, others=others):
            blockers = and_list(target_text(b) for b in (blocker, *others))
            return f"Can {blockers} block {target_text(attacker)}?"
        case CanAttackQuestion(attacker=attacker, attacks=attacks) if attacks is not None:
            return f"Can {target_text(attacker)} attack {target_text(attacks)}?"
        case CanAttackQuestion(attacker=attacker):
            return f"Can {target_text(attacker)} attack?"
        case CostQuestion(card=card):
            return f"How much does {card} cost?"
        case ObjectQuestion(subject=subject, aspect=aspect):
            return {
                "controller": f"Who controls {target_text(subject)}?",
                "owner": f"Who owns {target_text(subject)}?",
                "tapped": f"Is {target_text(subject)} tapped?",
                **{
                    word: f"Is {target_text(subject)} {word}?"
                    for word in ("attacking", "blocking", "blocked", "unblocked")
                },
                "what": f"What is {target_text(subject)}?",
                "mighty": f"Is {target_text(subject)} Mighty?",
                "stunned": f"Is {target_text(subject)} stunned?",
                "buffed": f"Is {target_text(subject)} buffed?",
            }.get(aspect, f"Tell me about {target_text(subject)}.")
    raise TypeError(f"not a statement: {statement!r}")


def player_text(player: PlayerRef) -> str:
    return player.name


def target_text(target: Target) -> str:
    match target:
        case PlayerRef():
            return player_text(target)
        case AbilityRef(source=source, kind=kind, index=index, keyword=keyword):
            words = [ordinal(index)] if index is not None else []
            if keyword:
                words.append(keyword)
            if kind is AbilityKind.TRIGGERED:
                words.append("trigger")
            elif kind is AbilityKind.ACTIVATED:
                words.append("activated ability")
            else:
                words.append("ability")
            return f"{_object_possessive(source)} {' '.join(words)}"
        case ObjectRef(
            name=name, controller=controller, ordinal=ordinal_number, object_id=object_id
        ):
            words = []
            if controller is not None:
                words.append(_possessive(controller))
            if ordinal_number is not None:
                if controller is None:
                    words.append("the")
                words.append(ordinal(ordinal_number))
            if name:
                words.append(name)
            if object_id is not None:
                words.append(f"#{object_id}")
            return " ".join(words)
    raise TypeError(f"not a target: {target!r}")


def stack_item_text(item: StackItem, *, capital: bool = False, stack: str = "stack") -> str:
    """How a statement names a stack item; ``stack`` is the game's word for it ("chain")."""
    if isinstance(item, TopOfStack):
        return f"{'The' if capital else 'the'} top of the {stack}"
    if isinstance(item, KeywordTrigger):
        return f"{'The' if capital else 'the'} {item.keyword} trigger"
    return target_text(item)


def permanent_text(permanent: Permanent) -> str:
    if isinstance(permanent, CardSpec):
        return _card_text(permanent)
    return _token_text(permanent)


def _card_text(card: CardSpec) -> str:
    said = card.name if card.count == 1 else f"{card.count} {card.name}"
    if card.copy_of is not None:
        said += f" copying {target_text(card.copy_of)}"
    return said


def _token_text(token: TokenSpec) -> str:
    words = [str(token.count) if token.count != 1 else "a"]
    if token.power is not None and token.toughness is not None:
        words.append(f"{token.power}/{token.toughness}")
    elif token.power is not None:
        words.append(f"{token.power} Might")
    words += [*token.colors, *token.supertypes]
    words += [s.capitalize() for s in token.subtypes]
    words += [*token.card_types, "token" if token.count == 1 else "tokens"]
    text = " ".join(words)
    if token.keywords:
        text += " with " + and_list(_ability_text(k) for k in token.keywords)
    return text


def _ability_text(ability: str) -> str:
    return ability if ability.islower() else f'"{ability}"'


def _location_text(location: Location | None) -> str:
    if location is None:
        return ""
    if location.is_base:
        if location.base_of is None:
            return " at their base"
        return f" at {_possessive(location.base_of)} base"
    return f" at {location.battlefield}"


def _possessive(player: PlayerRef) -> str:
    return f"{player.name}'" if player.name.endswith("s") else f"{player.name}'s"


def _object_possessive(source: ObjectRef) -> str:
    return f"{target_text(source)}'s"


def _choices_text(choices: Choices, *, skip_targets: bool = False, riftbound: bool = False) -> str:
    parts = []
    if choices.face == "fused":
        parts.append(" fused")  # both halves of a split card with fuse (CR 702.102)
    elif choices.face:
        parts.append(f" as {choices.face}")
    if choices.x is not None:
        parts.append(f" with X={choices.x}")
    if choices.overload:
        parts.append(" with overload")
    if choices.kicked:
        parts.append(kicked_text(choices.kicked))
    if choices.entwined:
        parts.append(" with entwine")
    if choices.alternative:
        parts.append(f" with {choices.alternative}")
    if choices.flashback:
        parts.append(" with flashback")
    if choices.any_time:
        parts.append(" at instant speed")
    if choices.accelerate:
        parts.append(" with Accelerate")  # Riftbound: its Accelerate cost paid (805.1.a)
    if choices.repeats:
        # Riftbound: how many Repeat costs are paid (820.1.c.2), as "kicked" counts kickers.
        times = "" if choices.repeats == 1 else f" {choices.repeats} times"
        parts.append(f" with Repeat{times}")
    if choices.from_zone == "hiding":
        parts.append(" from hiding")  # Riftbound: played from facedown (811.1.b)
    elif choices.from_zone:
        parts.append(
            f" from {'exile' if choices.from_zone == 'exile' else 'the ' + choices.from_zone}"
        )
    if choices.later_turn:
        parts.append(" on a later turn")  # hidden on an earlier turn (811.1.b)
    for method in choices.methods:
        if method == "free":
            parts.append(" without paying its mana cost")
        elif method in ("pitch", "additional choice"):
            parts.append(f" by {choices.cost_text}")
        elif (
            choices.cost_text and method in ("convoke", "delve") and "pitch" not in choices.methods
        ):
            parts.append(f" with {method}, {choices.cost_text},")
        else:
            parts.append(f" with {method}")
    if choices.modes_text:
        parts.append(f" choosing {choices.modes_text},")
    if choices.targets and not skip_targets:
        parts.append(f" targeting {and_list(target_text(t) for t in choices.targets)}")
    if choices.no_targets:
        parts.append(" with no targets")
    if choices.division:
        verb = "dealing" if choices.dealt else "dividing"
        parts.append(f", {verb} " + and_list(str(n) for n in choices.division))
    if choices.sacrificed:
        # Riftbound's "As an additional cost to play me, kill a friendly unit" (356.6) is said
        # "killing"; Magic's sacrifice "sacrificing" (CR 601.2h).
        verb = "killing" if riftbound else "sacrificing"
        parts.append(f", {verb} " + and_list(target_text(t) for t in choices.sacrificed))
    if choices.exiled:
        parts.append(", exiling " + and_list(target_text(t) for t in choices.exiled))
    if choices.discarded:
        parts.append(", discarding " + and_list(target_text(t) for t in choices.discarded))
    if choices.destination is not None:
        # "moving Stalwart Poro to Bob's base": the target moved, when it was named (QA 41 U2).
        moved = target_text(choices.moving) if choices.moving is not None else "it"
        parts.append(
            f", moving {moved} to" + _location_text(choices.destination).removeprefix(" at")
        )
    text = "".join(parts)
    return text.removesuffix(",")


def _cast_text(cast: Cast) -> str:
    riftbound = cast.verb == "play"
    verb = "plays" if riftbound else "casts"
    # "I play Cruel Patron, killing ...": the name as read may keep the comma before a clause.
    card = cast.card.rstrip(" ,")
    return (
        f"{player_text(cast.player)} {verb} {card}{_location_text(cast.location)}"
        f"{_choices_text(cast.choices, riftbound=riftbound)}"
    )


def _standard_move_text(move: StandardMove) -> str:
    """``Alice moves Stalwart Poro to Targon's Peak.`` (Riftbound 144)."""
    units = and_list(target_text(u) for u in (move.unit, *move.others))
    if move.battlefield is not None:
        where = move.battlefield
    elif move.base_of is not None:
        where = f"{_possessive(move.base_of)} base"
    else:
        where = "their base"
    return f"{player_text(move.player)} moves {units} to {where}"


def _activate_text(activate: Activate) -> str:
    ability = activate.ability
    if ability.kind is AbilityKind.ANY and ability.index is None and ability.keyword is None:
        what = target_text(ability.source)
    else:
        what = target_text(ability)
    return f"{player_text(activate.player)} activates {what}{_choices_text(activate.choices)}"


def _becomes_text(becomes: Becomes) -> str:
    if becomes.copy_of is not None:
        return f"{target_text(becomes.subject)} becomes a copy of {target_text(becomes.copy_of)}"
    words = [*becomes.colors]
    if becomes.colorless:
        words.append("colorless")
    types = [*becomes.supertypes, *becomes.card_types, *(s.capitalize() for s in becomes.subtypes)]
    if types:
        article = "an" if types[0][:1].lower() in "aeiou" else "a"
        words += [article, *types]
    text = f"{target_text(becomes.subject)} becomes {' '.join(words)}"
    if becomes.additive:
        text += " in addition to its other types"
    return text


def _retarget_text(retarget: Retarget | None) -> str:
    if retarget is None:
        return ""
    targets = and_list(target_text(t) for t in retarget.targets)
    if retarget.kind is RetargetKind.CHANGE_THE_TARGET:
        return f" changing the target to {targets}"
    return f" choosing new targets {targets}" + (" for the copy" if retarget.for_copy else "")


def _payment_text(payment: Payment | None) -> str:
    if payment is None:
        return ""
    who = player_text(payment.player)
    if payment.discarded:
        return f" and {who} discards {and_list(target_text(t) for t in payment.discarded)}"
    verb = "pays" if payment.pays else "doesn't pay"
    cost = f" {payment.cost}" if payment.cost else ""
    if payment.sacrificed:
        cost += f", sacrificing {and_list(target_text(t) for t in payment.sacrificed)}"
    return f" and {who} {verb}{cost}"


def _change_targets_text(player: PlayerRef, item: StackItem, retarget: Retarget) -> str:
    targets = and_list(target_text(t) for t in retarget.targets)
    if retarget.kind is RetargetKind.CHANGE_THE_TARGET:
        return f"{player_text(player)} changes the target of {stack_item_text(item)} to {targets}"
    return f"{player_text(player)} chooses new targets for {stack_item_text(item)}: {targets}"
