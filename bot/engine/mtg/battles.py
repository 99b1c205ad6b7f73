"""Battles (CR 310): who protects one, and a Siege's defeat.

Every battle printed so far is a Siege (310.11): its controller chooses an opponent to protect
it (310.11a), that player can't attack it and is the only one who blocks its attackers (310.8b-d),
and when its last defense counter is removed it is exiled and may be cast transformed (310.11b).
The card data carries no printed defense (its source lacks it), so a battle's defense is known
only once a statement gives its counters ("Invasion of Zendikar has 4 defense counters.").
"""

from __future__ import annotations

from bot.engine.frozen import evolve
from bot.engine.model import GameObject, Zone
from bot.engine.mtg.state import GameState, one_effect_trigger, push_trigger
from bot.engine.verdict import Verdict, VerdictKind

SIEGE_DEFEATED = "siege defeated"
# CR 310.11b, the intrinsic ability every Siege has.
SIEGE_ABILITY = (
    "When the last defense counter is removed from this permanent, exile it, then you may cast "
    "it transformed without paying its mana cost."
)
# CR 205.3q: the battle types (only Siege so far).
BATTLE_TYPES = frozenset({"siege"})


def counted_stat(obj: GameObject, kind: str) -> str | None:
    """The rule that makes ``kind`` counters ``obj``'s loyalty or defense (CR 306.5c: a
    planeswalker's loyalty, 310.4c: a battle's defense, is the number of those counters on
    it); None for other counters, kept as counters."""
    if kind == "loyalty" and obj.loyalty is not None:
        return "306.5c"
    if kind == "defense" and "battle" in obj.card_types:
        return "310.4c"
    return None


def say_defense(label: str) -> str:
    """The statement that gives a battle's defense counters, which the card data lacks (CR
    310.4b, 310.4c)."""
    return f"say “{label} has N defense counters.”"


def is_siege(battle: GameObject) -> bool:
    return "battle" in battle.card_types and "siege" in battle.subtypes


def protector_of(state: GameState, battle: GameObject) -> str | None:
    """The battle's protector (CR 310.8): the player said, while they can be one; else the one
    its controller must choose (310.10): a Siege's is an opponent (310.11a), so in a two-player
    game the other player; a battle with no battle type is protected by its controller
    (310.8a).  None while several opponents could be and none was said."""
    if "battle" not in battle.card_types:
        return None
    controller, playing = battle.controller, state.players_in_game
    said = battle.protector
    if said is not None and said in playing and not (is_siege(battle) and said == controller):
        return said
    if not battle.subtypes & BATTLE_TYPES:
        return controller
    opponents = [name for name in playing if name != controller]
    return opponents[0] if len(opponents) == 1 else None


def battle_words(state: GameState, battle: GameObject) -> list[str]:
    """How the board shows a battle: its protector (CR 310.8), or that it isn't said yet, and
    that its defense is unknown while no statement gave its counters (310.4b)."""
    protector = protector_of(state, battle)
    words = [f"protected by {protector}" if protector else "protector not said"]
    if battle.defense is None:
        words.append("defense unknown (say “… has N defense counters.”)")
    return words


def entering_battle(state: GameState, battle: GameObject) -> tuple[str, tuple[str, ...]]:
    """What a battle entering brings (CR 310.4b, 310.8a, 310.11a): its defense counters (or
    that the card data doesn't give them) and its protector (or that it must be said)."""
    protector = protector_of(state, battle)
    if protector is None:
        protects = (
            f"{battle.controller} chooses an opponent to protect it (310.11a): say who, e.g. "
            f"“Bob protects {battle.name}.”"
        )
    elif protector == battle.controller:
        protects = f"{protector} protects it (310.8a)"
    else:
        protects = f"{protector} protects it, the opponent {battle.controller} chooses (310.11a)"
    defense = (
        f"it enters with {battle.defense} defense counters (310.4b)"
        if battle.defense is not None
        else "it enters with defense counters equal to its printed defense, which the bot's "
        f"card data doesn't give: {say_defense(battle.name)} (310.4b)"
    )
    return f"{defense}; {protects}", ("310.4b", "310.11a" if is_siege(battle) else "310.8a")


def with_protector(state: GameState, battle_id: int, player: str) -> tuple[GameState, Verdict]:
    """“Bob protects Invasion of Zendikar.”: the protector its controller chose (CR 310.8a),
    an opponent of theirs for a Siege (310.11a)."""
    battle = state.obj(battle_id)
    label = state.label(battle_id)
    if "battle" not in battle.card_types or battle.zone is not Zone.BATTLEFIELD:
        return state, Verdict(
            VerdictKind.ERROR,
            f"{label} isn't a battle on the battlefield: only a battle has a protector (310.8).",
            ("310.8",),
        )
    name = state.player(player).name
    if is_siege(battle) and name == battle.controller:
        return state, Verdict(
            VerdictKind.ERROR,
            f"{name} controls {label}, a Siege: only an opponent of a Siege's controller can "
            f"be its protector (310.11a). Say which opponent of {name}'s protects it.",
            ("310.11a",),
        )
    state = state.with_object(evolve(battle, protector=name))
    return state, Verdict(
        VerdictKind.OK,
        f"{name} protects {label} (310.8a, 310.11a): {name} can't attack it, and only "
        f"{name}'s creatures can block creatures attacking it (310.8b, 310.8c).",
        ("310.8a", "310.11a", "310.8b", "310.8c"),
        object_ids=(battle_id,),
    )


def defense_note(
    label: str, had: int | None, left: int | None, dealt: int
) -> tuple[str, tuple[str, ...]]:
    """What ``dealt`` damage did to a battle's defense counters (CR 120.3h), and the rules:
    how many are left, or, since the card data has no printed defense, how to say it (310.4b)."""
    if had is None or left is None:
        return (
            f"{label} loses {dealt} defense counters (120.3h); the bot's card data has no "
            "printed defense for battles, so how many are left is unknown: "
            f"{say_defense(label)} when it entered with N (310.4b)",
            ("120.3h", "310.4b"),
        )
    return f"{label} loses {dealt} defense counters (120.3h, {had} → {left} left)", ("120.3h",)


def waits_for_its_siege_ability(state: GameState, battle: GameObject) -> bool:
    """Whether the battle is the source of a Siege ability that has triggered but not yet left
    the stack, which keeps it on the battlefield with defense 0 (CR 704.5v)."""
    return any(
        entry.spec.keyword == SIEGE_DEFEATED and entry.source_id == battle.id
        for entry in state.stack
    )


def siege_triggers(state: GameState, battle: GameObject) -> tuple[GameState, str] | None:
    """A Siege whose last defense counter is gone: its ability (CR 310.11b) put on the stack,
    once, with a note; None when it isn't such a Siege or its ability already triggered.  (It
    triggered as the counter was removed; the bot notices at the state-based action check,
    before anyone gets priority, when triggered abilities go on the stack: 603.3, 117.5.)"""
    if not is_siege(battle) or battle.defense != 0 or battle.id in state.sieges_defeated:
        return None
    spec = one_effect_trigger(
        SIEGE_ABILITY, SIEGE_ABILITY, keyword=SIEGE_DEFEATED, rule="310.11b", trigger="defeated"
    )
    name = f"{battle.name}'s trigger"
    state, entry = push_trigger(state, battle, battle.controller, name, spec, SIEGE_ABILITY)
    state = evolve(state, sieges_defeated=state.sieges_defeated | {battle.id})
    label = state.label(battle.id)
    return state, (
        f"{label}'s last defense counter is gone: {label}'s Siege ability triggers (310.11b): "
        f"“{SIEGE_ABILITY}” It goes on the stack (#{entry.object_id}), controlled by "
        f"{battle.controller}; while it waits, the battle stays on the battlefield (704.5v)"
    )


def resolve_siege_defeat(state: GameState, source_id: int | None) -> tuple[GameState, Verdict]:
    """The Siege ability resolving (CR 310.11b), ``state`` with it already off the stack: the
    battle is exiled, then its controller may cast it transformed; the bot doesn't choose for
    them and says how to.  A battle that left the battlefield is a new object the ability
    can't find (400.7), so nothing happens."""
    battle = state.objects.get(source_id) if source_id is not None else None
    if battle is None or battle.zone is not Zone.BATTLEFIELD:
        name = state.name_of(source_id) if source_id is not None else "the battle"
        return state, Verdict(
            VerdictKind.RESOLVED,
            f"The Siege ability resolves, but {name} has left the battlefield, so nothing is "
            "exiled or cast (310.11b, 400.7).",
            ("310.11b", "400.7"),
        )
    card = state.cards.get(battle.id)
    back = card.faces[1].name if card is not None and len(card.faces) > 1 else ""
    label, player = state.label(battle.id), battle.controller
    state, exiled = state.move(battle.id, Zone.EXILE, "was exiled (310.11b)")
    cast = (
        f"{player} may now cast it transformed, as {back}, without paying its mana cost "
        f"(310.11b, 712.11a): to cast it, say “{player} casts {back} from exile.”"
        if back
        else f"{player} may now cast it transformed without paying its mana cost (310.11b)"
    )
    return state, Verdict(
        VerdictKind.RESOLVED,
        f"{battle.name}'s Siege ability resolves: {label} is exiled; {cast}"
        + ("" if cast.endswith("”") else "."),
        ("310.11b",),
        object_ids=tuple(i for i in (exiled,) if i is not None),
    )
