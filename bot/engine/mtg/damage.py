"""Damage a named source deals (CR 120.3): the one path a stated "X deals 2 damage to Y", a
fight (701.14a) and a bite (Rabid Bite, Ram Through) go through, so each applies protection
(702.16e), prevention shields (615.7), infect and wither (120.3b, 120.3d), lifelink (702.15b)
and deathtouch (702.2b, 704.5h) the same way."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine.frozen import evolve
from bot.engine.model import GameObject, Zone
from bot.engine.mtg.battles import defense_note
from bot.engine.mtg.cant_statics import life_gain_bar, unpreventable_damage
from bot.engine.mtg.legality import has_quality, protections_of
from bot.engine.mtg.regeneration import RULES as REGENERATION_RULES
from bot.engine.mtg.regeneration import regenerated_instead
from bot.engine.mtg.state import GameState, TargetRef
from bot.engine.mtg.statics import as_seen
from bot.engine.wording import counted


@dataclass(frozen=True)
class DamageDone:
    """What one source's damage to one player or object did."""

    state: GameState
    dealt: int  # after prevention
    notes: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    # A creature dealt damage by a source with deathtouch (702.2b): destroyed as a state-based
    # action (704.5h), once every simultaneous damage is dealt (``deathtouch_destroys``).
    deathtouched: bool = False


def dealt_damage(
    obj: GameObject, amount: int, card_types: frozenset[str] | None = None
) -> GameObject:
    """``obj`` after being dealt ``amount`` damage (CR 120.3): a creature has it marked
    (120.3e; whether it is lethal is a state-based action, 704.5g, checked once the spell has
    finished resolving); a planeswalker loses that many loyalty counters (120.3c), a battle
    that many defense counters (120.3h). ``card_types``: its types now, if an effect changed
    them (an artifact Ensoul Artifact made a creature, 613.1d)."""
    card_types = obj.card_types if card_types is None else card_types
    if "creature" in card_types:
        obj = evolve(obj, damage=obj.damage + amount)
    if "planeswalker" in card_types and obj.loyalty is not None:
        obj = evolve(obj, loyalty=max(0, obj.loyalty - amount))
    if "battle" in card_types and obj.defense is not None:
        obj = evolve(obj, defense=max(0, obj.defense - amount))
    return obj


def counters_lost(
    label: str, hurt: GameObject, after: GameObject, card_types: frozenset[str], dealt: int
) -> tuple[list[str], list[str]]:
    """What ``dealt`` damage took from a planeswalker's loyalty (CR 120.3c) and a battle's
    defense counters (120.3h); how many are left is what the next question asks (QA 59 U2;
    306.5c, 310.4c).  The notes and their rules."""
    notes: list[str] = []
    rules: list[str] = []
    if "planeswalker" in card_types:
        had, left = hurt.loyalty, after.loyalty
        still = f", {had} → {left} left" if had is not None and left is not None else ""
        notes.append(f"{label} loses {dealt} loyalty counters (120.3c{still})")
        rules.append("120.3c")
    if "battle" in card_types:
        note, defense_rules = defense_note(label, hurt.defense, after.defense, dealt)
        notes.append(note)
        rules.extend(defense_rules)
    return notes, rules


def source_keywords(state: GameState, source: GameObject) -> frozenset[str]:
    """The source's keywords now, or as it last existed once it has left (CR 608.2h)."""
    return state.keywords_of(source.id) if source.id in state.objects else source.keywords


def damage_from(
    state: GameState,
    source: GameObject,
    target: TargetRef,
    amount: int,
    keywords: frozenset[str] | None = None,
) -> DamageDone:
    """``source`` (as seen now, or as it last existed) deals ``amount`` damage to ``target``
    (CR 120.3). ``keywords``: the source's, when read before an earlier part of the same event
    moved it (a fight's two damages are dealt at once, 701.14a)."""
    keywords = source_keywords(state, source) if keywords is None else keywords
    label = state.label(target)
    target_keywords = state.keywords_of(target)
    quality = next(
        (q for q in protections_of(target_keywords) if has_quality(source, q, state.player_names)),
        None,
    )
    unpreventable = unpreventable_damage(state)
    if quality is not None and amount > 0 and unpreventable is None:
        # CR 702.16e: damage from a source with the quality is prevented.
        return DamageDone(
            state,
            0,
            (f"{label} has protection from {quality}: all of it is prevented (702.16e)",),
            ("702.16e",),
        )
    notes: list[str] = []
    rules: list[str] = ["120.3"]
    if unpreventable is not None:
        dealt = amount
        if quality is not None or state.shields.get(target):
            notes.append(unprevented_note(label, quality, unpreventable))
            rules.append("615.12")
    else:
        state, dealt = state.dealt_after_shield(target, amount)
    if dealt != amount:
        notes.append(f"a prevention shield prevents {amount - dealt} (615.7)")
        rules.append("615.7")
    infect = "infect" in keywords
    deathtouched = False
    if dealt and isinstance(target, str):
        player = state.player(target)
        if infect:
            # CR 120.3b: damage from a source with infect gives poison counters.
            poison = player.counters.get("poison", 0) + dealt
            state = state.with_player(
                evolve(player, counters={**player.counters, "poison": poison})
            )
            notes.append(f"{target} gets {counted(dealt, 'poison counter')} (120.3b)")
        else:
            # CR 120.3a: damage to a player makes them lose that much life.
            state = state.with_player(evolve(player, life=player.life - dealt))
            notes.append(f"{target} loses {dealt} life (120.3a)")
    elif dealt and isinstance(target, int):
        hurt = state.obj(target)
        seen = as_seen(state, hurt)
        if "creature" in seen.card_types and (infect or "wither" in keywords):
            # CR 120.3d: -1/-1 counters instead of marked damage.
            minus = hurt.counters.get("-1/-1", 0) + dealt
            state = state.with_object(evolve(hurt, counters={**hurt.counters, "-1/-1": minus}))
            notes.append(f"{label} gets {counted(dealt, '-1/-1 counter')} (120.3d)")
        else:
            state = state.with_object(dealt_damage(hurt, dealt, seen.card_types))
            lost_notes, lost_rules = counters_lost(
                label, hurt, state.obj(target), seen.card_types, dealt
            )
            notes.extend(lost_notes)
            rules.extend(lost_rules)
        deathtouched = "deathtouch" in keywords and "creature" in seen.card_types
    if dealt and "lifelink" in keywords and state.has_player(source.controller):
        # CR 702.15b: its controller gains that much life as the damage is dealt.
        gainer = state.player(source.controller)
        if (bar := life_gain_bar(state, gainer.name)) is not None:
            # Sunspine Lynx: the "can't" wins (101.2, 119.7); the damage is still dealt.
            notes.append(f"{gainer.name} can't gain life ({bar}), so lifelink gains none")
            rules.extend(("101.2", "119.7"))
        else:
            state = state.with_player(evolve(gainer, life=gainer.life + dealt))
            notes.append(f"{gainer.name} gains {dealt} life (lifelink, 702.15b)")
        rules.append("702.15b")
    return DamageDone(state, dealt, tuple(notes), tuple(rules), deathtouched)


def unprevented_note(label: str, quality: str | None, unpreventable: str) -> str:
    """What would have prevented damage to ``label`` and why it doesn't (CR 615.12: "Those
    effects won't prevent any damage"; a shield isn't used up either)."""
    would = (
        f"{label} has protection from {quality}"
        if quality is not None
        else f"{label}'s prevention shield"
    )
    return (
        f"{would}, but damage can't be prevented ({unpreventable}), so all of it is dealt (615.12)"
    )


def deathtouch_destroys(
    state: GameState, hit: Sequence[int]
) -> tuple[GameState, list[str], list[str]]:
    """CR 704.5h: each creature in ``hit`` (dealt damage by a source with deathtouch, 702.2b:
    any nonzero damage is lethal) is destroyed, unless it has indestructible (702.12b); the
    state, a note for each and the rules."""
    notes: list[str] = []
    rules: list[str] = []
    for ref in hit:
        obj = state.objects.get(ref)
        if obj is None or obj.zone is not Zone.BATTLEFIELD:
            continue
        rules.extend(("702.2b", "704.5h"))
        label = state.label(ref)
        if "indestructible" in state.keywords_of(ref):
            notes.append(
                f"{label} was dealt damage by a source with deathtouch, but it has "
                "indestructible, so it isn't destroyed (704.5h, 702.12b)"
            )
            continue
        # CR 701.19a: a regeneration shield replaces the destruction.
        if saved := regenerated_instead(
            state, ref, "by damage from a source with deathtouch (704.5h)"
        ):
            state, said = saved
            notes.append(said)
            rules.extend(REGENERATION_RULES)
            continue
        state, _ = state.move(ref, Zone.GRAVEYARD, "was destroyed")
        notes.append(
            f"{label} is destroyed: any damage from a source with deathtouch is lethal "
            "(704.5h, 702.2b)"
        )
    return state, notes, rules
