"""What the board says about blocks: which creature blocks which attacker (CR 509.1g), and
which attackers are blocked or unblocked (509.1h); whether a creature may attack or block
(508.1, 509.1: what its rules text says is read in ``combat_text``).  The bot keeps no turn or combat steps:
these are statements about where a combat stands ("Llanowar Elves is blocking Grizzly
Bears."), kept until a creature is removed from combat (506.4, ``removed_from_combat``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.engine.errors import EngineError, IllegalActionError
from bot.engine.frozen import evolve
from bot.engine.model import GameObject, Zone
from bot.engine.mtg.battles import protector_of
from bot.engine.mtg.combat_text import (
    ATTACK_WORDS,
    attacks_despite_defender,
    blocks_only_with,
    combat_keywords,
    power_limit,
    restriction_on,
    unread_block_texts,
    unread_group_attack_texts,
    unread_texts,
    walked_land,
)
from bot.engine.mtg.legality import has_quality, protections_of
from bot.engine.mtg.state import GameState, TargetRef
from bot.engine.mtg.statics import as_seen
from bot.engine.verdict import Verdict, VerdictKind, ok_result
from bot.engine.wording import and_list


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
    if "defender" in combat_keywords(state, obj.id) and not attacks_despite_defender(state, obj):
        raise IllegalActionError(
            f"{label} has defender, so it can't attack (702.3b, 508.1c).",
            rules=("702.3b", "508.1c"),
        )
    if (source := restriction_on(state, obj, "attack")) is not None:
        said = "its text says" if source == obj.name else f"{source} says"
        raise IllegalActionError(f"{label} can't attack: {said} so (508.1c).", rules=("508.1c",))


def block(
    state: GameState,
    blocker_ids: Sequence[int],
    attacker_ids: Sequence[int],
    *,
    declared: bool = False,
) -> tuple[GameState, Verdict]:
    """``Llanowar Elves is blocking Grizzly Bears.`` / ``Grizzly Bears is blocked by Llanowar
    Elves and Elvish Mystic.``: each blocker blocks each attacker (CR 509.1g), and each
    attacker, attacking, is a blocked creature (509.1h). ``declared``: the blockers are being
    declared now ("Llanowar Elves blocks Grizzly Bears."), so each must be untapped (509.1a);
    one that "is blocking" may have been tapped since it blocked, and still blocks."""
    before = state
    for object_id in (*blocker_ids, *attacker_ids):
        doing = "blocking" if object_id in blocker_ids else "attacking"
        _require_creature(state, state.obj(object_id), doing)
    tapped = [state.label(i) for i in blocker_ids if declared and state.obj(i).tapped]
    if tapped:
        # CR 509.1a: "The chosen creatures must be untapped." (QA 45 M7)
        raise IllegalActionError(
            f"{and_list(tapped)} {'is' if len(tapped) == 1 else 'are'} tapped, and the "
            "creatures chosen to block must be untapped (509.1a).",
            rules=("509.1a",),
        )
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
            if (refusal := _not_defending(state, blocker, state.obj(attacker_id))) is not None:
                raise refusal
            if (why := cant_block_because(state, blocker_id, attacker_id)) is not None:
                # CR 509.1b: a block that disobeys a restriction is illegal.
                text, rules = why
                raise IllegalActionError(
                    f"{state.label(blocker_id)} can't block {state.label(attacker_id)}: {text} "
                    f"({', '.join((*rules, '509.1b'))}).",
                    rules=(*rules, "509.1b"),
                )
    for attacker_id in attacker_ids:
        attacker = state.obj(attacker_id)
        # A block said of a creature no statement made attack implies its attack, which
        # tapped it unless it has vigilance (508.1f, 702.20b; QA 50 M6).
        taps = attacker.tapped or (
            not attacker.attacking and "vigilance" not in combat_keywords(state, attacker_id)
        )
        state = state.with_object(evolve(attacker, attacking=True, blocked=True, tapped=taps))
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
    alone_ids = [i for i in attacker_ids if blocked_alone_with_menace(state, i)]
    if declared and alone_ids:
        # CR 702.111b, 509.1c: no other creature of the defending player could join the block,
        # so no legal declaration has this creature blocking alone (QA 50 W6).
        lonely = [i for i in alone_ids if not _another_could_block(before, i, blocker_ids)]
        if lonely:
            raise IllegalActionError(
                f"{and_list(before.label(i) for i in lonely)} "
                f"{'has' if len(lonely) == 1 else 'have'} menace, so it can't be blocked except "
                "by two or more creatures, and no other creature of "
                f"{before.obj(blocker_ids[0]).controller}'s could block it too (702.111b, "
                "509.1a-c).",
                rules=("702.111b", "509.1c"),
            )
    state, verdict = ok_result(state, said, ("509.1g", "509.1h"), (*blocker_ids, *attacker_ids))
    alone = [state.label(i) for i in alone_ids]
    if alone:
        note = (
            f"{and_list(alone)} {'has' if len(alone) == 1 else 'have'} menace: this block is "
            "legal only if another creature blocks it too (702.111b); say the other blocker."
        )
        verdict = replace(verdict, notes=(*verdict.notes, note))
    return state, verdict


def _has_menace(state: GameState, object_id: int) -> bool:
    return "menace" in combat_keywords(state, object_id)


def blocked_alone_with_menace(state: GameState, attacker_id: int) -> bool:
    """Whether the attacker has menace and one creature blocks it: legal only if another
    blocker is declared with it (CR 702.111b, 509.1b)."""
    return _has_menace(state, attacker_id) and len(blockers_of(state, attacker_id)) == 1


def _another_could_block(state: GameState, attacker_id: int, blocker_ids: Sequence[int]) -> bool:
    """Whether a creature of the blockers' controller other than them could block the attacker
    too (untapped, able: 509.1a-b), as the block is declared."""
    controller = state.obj(blocker_ids[0]).controller
    return any(
        obj.controller == controller
        and obj.id not in blocker_ids
        and not obj.blocking
        and _could_block(state, obj, attacker_id)
        for obj in state.zone_objects(Zone.BATTLEFIELD)
    )


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
            "their most recent turn began (302.6); haste would allow it (702.10b). On "
            f"{obj.controller}'s next turn it can attack (say “It is {obj.controller}'s next "
            "turn.”).",
            ("302.6",),
        )
    if "haste" in combat_keywords(state, attacker_id):
        said = "it has haste, so it can attack even the turn it came under its controller's control (702.10b)"
        rules: tuple[str, ...] = ("508.1a", "702.10b")
    else:
        # Control Magic stated on the board: it is when control changed that matters (302.6).
        since = (
            f"came under {obj.controller}'s control"
            if attacker_id in state.control_changes
            else "entered"
        )
        said = (
            f"as long as {obj.controller} has controlled it continuously since their most "
            f"recent turn began (302.6): the bot isn't told when it {since}"
        )
        rules = ("508.1a", "302.6")
    unread = unread_texts(state, (attacker_id,), ATTACK_WORDS) + unread_group_attack_texts(
        state, attacker_id
    )
    return Verdict(
        VerdictKind.YES,
        f"Yes: {label} can attack: nothing the bot sees stops it, {said}.",
        rules,
        notes=tuple(f"Not checked by the bot: {text} — check that yourself." for text in unread),
    )


def can_block_at_all(state: GameState, blocker_id: int) -> Verdict:
    """``Can Cloud Sprite block?``: whether anything stops it blocking now (tapped, "can't
    block"; CR 509.1a-b), and which of the creatures attacking its controller it could block."""
    blocker = state.obj(blocker_id)
    label = state.label(blocker_id)
    _require_creature(state, blocker, "blocking")
    if blocker.tapped:
        return Verdict(
            VerdictKind.NO,
            f"No: {label} is tapped, and the creatures chosen to block must be untapped (509.1a).",
            ("509.1a",),
        )
    if (source := restriction_on(state, blocker, "block")) is not None:
        said = "its text says" if source == blocker.name else f"{source} says"
        rules = ("509.1b", "611.2c") if "611.2c" in source else ("509.1b",)
        return Verdict(VerdictKind.NO, f"No: {label} can't block: {said} so (509.1b).", rules)
    attackers = [
        obj
        for obj in state.zone_objects(Zone.BATTLEFIELD)
        if obj.attacking and not obj.phased_out and obj.controller != blocker.controller
    ]
    limits = [
        f"it can block only creatures with {only}"
        for only in [blocks_only_with(state, blocker)]
        if only
    ] + [
        f"it can't block creatures with power {limit} or greater"
        for limit in [power_limit(state, blocker)]
        if limit is not None
    ]
    if not attackers:
        said = f" ({'; '.join(limits)})" if limits else ""
        return Verdict(
            VerdictKind.YES,
            f"Yes: nothing the bot sees stops {label} from blocking{said}; no creature is "
            "stated as attacking, so say which one to ask about a block (“... is attacking.”) "
            "(509.1a, 509.1b).",
            ("509.1a", "509.1b"),
        )
    why_not = {a.id: cant_block_because(state, blocker_id, a.id) for a in attackers}
    can = [state.label(i) for i, why in why_not.items() if why is None]
    cannot = [f"{state.label(i)}: {why[0]}" for i, why in why_not.items() if why is not None]
    if not can:
        return Verdict(
            VerdictKind.NO,
            f"No: {label} can't block any attacking creature now: {'; '.join(cannot)} (509.1b).",
            ("509.1b",),
        )
    return Verdict(
        VerdictKind.YES,
        f"Yes: {label} can block {and_list(can)}"
        + (f", but not {'; '.join(cannot)}" if cannot else "")
        + " (509.1a, 509.1b).",
        ("509.1a", "509.1b"),
    )


def can_block(state: GameState, blocker_id: int, attacker_id: int) -> Verdict:
    """``Can Grizzly Bears block Serra Angel?``: whether declaring the block now would be
    legal (CR 509.1a-b), the game unchanged; when the attacker isn't stated as attacking,
    the answer says it is for when it attacks (QA 47 M12)."""
    verdict = _can_block_now(state, blocker_id, attacker_id)
    if verdict.kind is VerdictKind.YES and not state.obj(attacker_id).attacking:
        note = (
            f"{state.label(attacker_id)} isn't stated as attacking: the answer is for when it "
            "attacks, since only an attacking creature can be blocked (509.1a); say "
            f"“{state.obj(attacker_id).name} is attacking.” to make it so."
        )
        return replace(verdict, notes=(*verdict.notes, note))
    return verdict


def _can_block_now(state: GameState, blocker_id: int, attacker_id: int) -> Verdict:
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
    unread = unread_block_texts(state, blocker_id, attacker_id)
    return Verdict(
        VerdictKind.YES,
        f"Yes: {blocker} can block {attacker}: nothing the bot sees restricts the block "
        "(509.1a, 509.1b).",
        ("509.1a", "509.1b"),
        notes=tuple(f"Not checked by the bot: {text} — check that yourself." for text in unread),
    )


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
        return f"{said} it can't block", ("611.2c",) if "611.2c" in source else ()
    if (limit := power_limit(state, state.obj(blocker_id))) is not None and (
        attacker.current_power or 0
    ) >= limit:
        # Ironclaw Orcs: "This creature can't block creatures with power 2 or greater."
        return (
            f"{blocker_name} can't block creatures with power {limit} or greater, and "
            f"{attacker_name}'s power is {attacker.current_power}",
            (),
        )
    if (only := blocks_only_with(state, state.obj(blocker_id))) and only not in evades_with:
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
        if (land := walked_land(state, walk, blocker.controller)) is not None:
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
        # CR 508.1b: whom it attacks, when said.
        attacked = obj.attacked
        if attacked is not None and (isinstance(attacked, str) or attacked in state.objects):
            words.append(f"attacking {state.label(attacked)}")
        else:
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


def defending_player(state: GameState, attacker: GameObject) -> str | None:
    """The player an attacking creature attacks, or who controls the planeswalker or battle
    it attacks (CR 506.2, 508.1b); None while what it attacks isn't said."""
    return player_attacked(state, attacker.attacked)


def player_attacked(state: GameState, attacked: TargetRef | None) -> str | None:
    """The defending player of an attack at ``attacked``: that player, the controller of the
    planeswalker (CR 506.2), or the battle's protector (310.8d); None when unsaid."""
    if attacked is None or isinstance(attacked, str):
        return attacked
    target = state.last_known(attacked)
    if target is None:
        return None
    if "battle" in target.card_types:
        return protector_of(state, target)
    return target.controller


def _not_defending(
    state: GameState, blocker: GameObject, attacker: GameObject
) -> IllegalActionError | None:
    """CR 509.1a: a creature blocks only a creature attacking its controller, or a
    planeswalker or battle of theirs."""
    defender = defending_player(state, attacker)
    if defender is None or blocker.controller == defender:
        return None
    attacked = state.label(attacker.attacked) if attacker.attacked is not None else defender
    # CR 310.8c: a battle's attackers are blocked by its protector's creatures only.
    seen = state.last_known(attacker.attacked) if isinstance(attacker.attacked, int) else None
    battle = seen is not None and "battle" in seen.card_types
    protects = " (its protector, 310.8c)" if battle else ""
    return IllegalActionError(
        f"{state.label(attacker.id)} is attacking {attacked}, so only {defender}'s creatures"
        f"{protects} can block it, not {blocker.controller}'s {state.label(blocker.id)} "
        "(509.1a).",
        rules=("509.1a", "506.2", *(("310.8c",) if battle else ())),
    )


def attack_target_refusal(
    state: GameState, attacker: GameObject, attacked: TargetRef
) -> IllegalActionError | None:
    """Why ``attacker`` can't attack ``attacked``: only a player, a planeswalker or a battle
    can be attacked (CR 506.3), and only an opponent of its controller or a planeswalker of
    theirs (506.2, 508.1b); None when it can."""
    label, what = state.label(attacker.id), state.label(attacked)
    if isinstance(attacked, str):
        if state.has_player(attacked) and state.player(attacked).left_game:
            return IllegalActionError(
                f"{what} has left the game and can't be attacked (800.4a).", rules=("800.4a",)
            )
        if attacked == attacker.controller:
            return IllegalActionError(
                f"{label} is {what}'s: a creature attacks one of its controller's opponents, "
                "or a planeswalker or battle of theirs, never its own controller (506.2, "
                "508.1b).",
                rules=("506.2", "508.1b"),
            )
        return None
    target = state.obj(attacked)
    types = as_seen(state, target).card_types
    if target.zone is not Zone.BATTLEFIELD or not {"planeswalker", "battle"} & types:
        return IllegalActionError(
            f"{what} isn't a planeswalker or battle on the battlefield: only a player, a "
            "planeswalker or a battle can be attacked (506.3).",
            rules=("506.3",),
        )
    if "planeswalker" in types and target.controller == attacker.controller:
        return IllegalActionError(
            f"{what} is {attacker.controller}'s own planeswalker: a creature attacks only an "
            "opponent's (506.2, 508.1b).",
            rules=("506.2", "508.1b"),
        )
    if "battle" in types and (protector := protector_of(state, target)) is None:
        # CR 310.11a: with several opponents, its controller chose one; the bot can't guess.
        raise EngineError(
            f"Who protects {what} isn't said, and with more than one opponent of "
            f"{target.controller}'s it could be any of them (310.11a); its protector can't "
            "attack it (310.8b).",
            hint=f"Say who does first, e.g. “Bob protects {what}.”",
        )
    if "battle" in types and protector == attacker.controller:
        # CR 310.8b: "A battle's protector can never attack it." (A Siege's own controller
        # can: 310.8b, 310.11a.)
        return IllegalActionError(
            f"{attacker.controller} protects {what} (310.8a, 310.11a), and a battle's "
            f"protector can never attack it (310.8b): {label} can't attack it.",
            rules=("310.8b", "310.11a"),
        )
    return None
