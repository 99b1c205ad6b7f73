"""A game state as a player reads it: players, permanents with what matters for targeting, and
the stack with each target and whether it is still legal (CR 608.2b checks them again)."""

from __future__ import annotations

from typing import Any

from bot.engine.cards import CardData
from bot.engine.model import GameObject, ObjectKind, Zone
from bot.engine.mtg.battles import battle_words
from bot.engine.mtg.block_bans import block_ban_on
from bot.engine.mtg.cast_copy_triggers import COPY_ON_CAST
from bot.engine.mtg.combat import combat_words
from bot.engine.mtg.game import MtgGame
from bot.engine.mtg.granted_abilities import granted_ability_text, is_granted_ability
from bot.engine.mtg.legality import check_target, targeting_for_entry
from bot.engine.mtg.legend_rule import legend_groups, legend_rule_note
from bot.engine.mtg.state import ALL_DAMAGE, GameState, HeldCombatDamage
from bot.engine.mtg.statics import (
    abilities_kept,
    as_seen,
    loses_all_abilities,
    pt_caveats,
    rules_text_lost_to,
)
from bot.engine.mtg.waiting_triggers import say_to_put
from bot.engine.mtg.ward import pays_phrase, stack_name
from bot.engine.wording import and_list, counted, with_article, zone_name

# Keywords that decide targeting (CR 702.11 hexproof, 702.18 shroud, 702.16 protection,
# 702.21 ward) and those that matter to the questions judges ask: what dies, what a source's
# damage does (deathtouch, lifelink, infect, wither: 702.2b, 702.15b, 702.90b, 702.80b) and
# combat (QA 33 M2: Atraxa showed only flying).
_TARGETING_WORDS = (
    "hexproof",
    "shroud",
    "protection",
    "ward",
    "flying",
    "indestructible",
    "deathtouch",
    "lifelink",
    "infect",
    "wither",
    "first strike",
    "double strike",
    "trample",
    "vigilance",
    "reach",
    "menace",
    "haste",
    "defender",
)


def qualities(state: GameState, obj: GameObject) -> list[str]:
    words = []
    for flag, word in (
        (obj.kind is ObjectKind.TOKEN, "token"),  # a copy of a permanent spell too (608.3f)
        (obj.tapped, "tapped"),
    ):
        if flag:
            words.append(word)
    # CR 509.1g-h: whom it blocks, and whether an attacker is blocked and by what.
    words.extend(combat_words(state, obj))
    if "battle" in obj.card_types and obj.zone is Zone.BATTLEFIELD:
        words.extend(battle_words(state, obj))
    for flag, word in (
        (obj.phased_out, "phased out"),
        (obj.face_down, "face down"),
    ):
        if flag:
            words.append(word)
    # Layer 6 (CR 613.1f): under Humility or Lignify only what it gained since, or what the
    # Aura gives (Darksteel Mutation's indestructible).
    keywords = current_keywords(state, obj)
    shown = sorted(k for k in keywords if k.startswith(_TARGETING_WORDS))
    if "ward" in shown and any(k.startswith("ward") and k != "ward" for k in shown):
        # The card data's bare "ward" next to the ward with its cost is one ability, not two
        # (as ward_costs reads it; CR 702.21a).
        shown.remove("ward")
    words.extend(shown)
    # Brawl's "{T}: This creature deals damage ..." (113.1a): a granted ability, quoted.
    words.extend(
        f"has “{granted_ability_text(k)}”" for k in sorted(keywords) if is_granted_ability(k)
    )
    changed = _changed_by_statics(state, obj)
    if changed:
        words.append(changed)
    words.extend(
        f"{count} {kind} counter{'s' if count != 1 else ''}"
        for kind, count in sorted(obj.counters.items())
    )
    if obj.attached_to is not None and obj.attached_to in state.objects:
        words.append(f"attached to {state.name_of(obj.attached_to)} (#{obj.attached_to})")
    if obj.enchanted_player is not None:
        words.append(f"attached to {obj.enchanted_player}")
    if shield := state.shields.get(obj.id):
        words.append(_shield_words(shield))
    if regeneration := state.regeneration_shields.get(obj.id):
        # CR 701.19a: used the next time it would be destroyed this turn.
        words.append(
            "a regeneration shield" if regeneration == 1 else f"{regeneration} regeneration shields"
        )
    if obj.id in state.unregenerable:
        words.append("can't be regenerated this turn")
    if spell := state.exiled_if_it_dies.get(obj.id):
        # Magma Spray: "If that creature would die this turn, exile it instead" (614.1a).
        words.append(f"exiled instead if it would die this turn ({spell})")
    banned_by = (
        block_ban_on(state, obj, state.keywords_of(obj.id))
        if state.block_bans and obj.zone is Zone.BATTLEFIELD
        else None
    )
    if banned_by:
        words.append(f"can't block this turn ({banned_by})")  # Falter (611.2c)
    return words


# Card types in the order a type line gives them (CR 205.2a: "artifact creature").
_TYPE_ORDER = ("tribal", "kindred", "legendary", "enchantment", "artifact", "land", "creature")


def _changed_by_statics(state: GameState, obj: GameObject) -> str:
    """What static abilities make a permanent that it isn't printed as (layers 4 and 5, CR
    613.1d-e): "now an Insect artifact creature" (Darksteel Mutation), "now a Mountain"
    (Blood Moon), "now a colorless Forest land" (Song of the Dryads), so a judge reading the
    board sees them (QA 26 M8)."""
    raw = state.objects.get(obj.id, obj)
    if raw.zone is not Zone.BATTLEFIELD:
        return ""
    seen = as_seen(state, raw)
    retyped = seen.card_types != raw.card_types or seen.subtypes != raw.subtypes
    recoloured = seen.colors != raw.colors
    if not retyped and not recoloured:
        return ""
    words = []
    if recoloured:
        words.append(" and ".join(sorted(seen.colors)) if seen.colors else "colorless")
    if retyped:
        words.extend(t.capitalize() for t in sorted(seen.subtypes) if t.isalpha())
        order = {kind: n for n, kind in enumerate(_TYPE_ORDER)}
        types = sorted(seen.card_types, key=lambda t: (order.get(t, -1), t))
        if "land" not in seen.card_types or seen.card_types != raw.card_types:
            words.extend(types)
    return "now " + with_article(" ".join(words))


def _shield_words(shield: int) -> str:
    """A prevention shield still waiting (CR 615.7)."""
    return (
        "all damage to it prevented" if shield == ALL_DAMAGE else f"next {shield} damage prevented"
    )


def _stats(obj: GameObject, card: CardData | None = None) -> str:
    """Power/toughness as they are now (counters included); a characteristic-defining "*"
    is shown as printed too ("0/1 (*/1+*)"), or alone when the bot can't count it."""
    power, toughness = obj.current_power, obj.current_toughness  # ``obj`` as seen (statics)
    printed = card.outside_stack().pt_text if card is not None else ""
    counters = "".join(
        f" ({word} {value})"
        for kind, word, value in (
            ("planeswalker", "loyalty", obj.loyalty),  # CR 306.5b, 120.3c
            ("battle", "defense", obj.defense),  # CR 310.4b, 120.3h
        )
        if kind in obj.card_types and value is not None
    )
    if obj.zone is Zone.BATTLEFIELD and "creature" not in obj.card_types:
        # CR 208.3: a noncreature permanent has no power or toughness, even a Vehicle (QA 22 M3).
        return counters
    if power is None or toughness is None:
        return (f" {printed}" if printed else "") + counters
    extras = [part for part in (printed, f"{obj.damage} damage" if obj.damage else "") if part]
    return f" {power}/{toughness}" + (f" ({', '.join(extras)})" if extras else "")


def current_keywords(state: GameState, obj: GameObject) -> frozenset[str]:
    """The keywords ``obj`` has now: under Humility or Lignify only what it gained since, or
    what the Aura gives (layer 6, CR 613.1f); Song of the Dryads: what effects gave it, not
    its rules text's (305.7)."""
    humbled = loses_all_abilities(state, obj)
    keywords = abilities_kept(state, obj) if humbled else state.keywords_of(obj.id)
    if not humbled and rules_text_lost_to(state, obj):
        keywords = abilities_kept(state, obj) | state.granted_keywords.get(obj.id, frozenset())
    return keywords


def object_words(state: GameState, obj: GameObject) -> str:
    """One object as a question about it is answered: "2/2, tapped, hexproof, on Alice's
    battlefield" (``obj`` as seen, statics applied)."""
    if obj.zone is not Zone.BATTLEFIELD:
        return (
            "on the stack" if obj.zone is Zone.STACK else f"in {obj.owner}'s {zone_name(obj.zone)}"
        )
    words = [_stats(obj, state.cards.get(obj.id)).strip(), *qualities(state, obj)]
    words.append("untapped" if not obj.tapped else "")
    line = ", ".join(w for w in words if w) + f", on {obj.controller}'s battlefield"
    # A counted power or toughness (CR 604.3, 613.4c) says what the board can't tell.
    caveats = pt_caveats(state, obj) if "creature" in obj.card_types else ()
    return line + "".join(f"; {caveat}" for caveat in caveats)


def board_data(state: GameState) -> dict[str, Any]:
    """The state as JSON-able data."""
    players = [
        {
            "name": p.name,
            "life": p.life,
            "left_game": p.left_game,
            "keywords": sorted(state.keywords_of(p.name)),
            "counters": dict(sorted(p.counters.items())),
        }
        for p in state.players
    ]
    permanents = [
        {
            "id": o.id,
            "name": o.name,
            "controller": o.controller,
            "owner": o.owner,
            "types": sorted(o.card_types),
            "colors": sorted(o.colors),
            "power": as_seen(state, o).current_power,
            "toughness": as_seen(state, o).current_toughness,
            "loyalty": o.loyalty if "planeswalker" in o.card_types else None,
            "defense": o.defense if "battle" in o.card_types else None,
            "qualities": qualities(state, o),
            "attached_to": o.attached_to,  # an Aura's or Equipment's host (CR 301.5, 303.4)
        }
        for o in sorted(state.zone_objects(Zone.BATTLEFIELD), key=lambda o: o.id)
    ]
    stack = []
    for entry in reversed(state.stack):
        who = targeting_for_entry(state, entry)
        targets = []
        for slot in entry.slots:
            chosen = entry.chosen(slot.index)
            for position, ref in enumerate(chosen.refs):
                check = check_target(state, who, slot, ref)
                targets.append(
                    {
                        "requirement": slot.text,
                        "chosen": state.label(ref),
                        "id": ref if isinstance(ref, int) else None,
                        "legal": check.legal,
                        "why": check.reason,
                        "rules": list(check.rules),
                        "amount": chosen.amounts[position] if chosen.amounts else None,
                    }
                )
        previous = []
        for before in entry.previous_targets:
            now = entry.chosen(before.slot_index).refs
            for position, ref in enumerate(before.refs):
                if position >= len(now) or now[position] != ref:
                    previous.append(
                        {"chosen": state.label(ref), "id": ref if isinstance(ref, int) else None}
                    )
        item: dict[str, Any] = {"id": entry.object_id, "name": entry.name,
                                "controller": entry.controller, "targets": targets}  # fmt: skip
        if entry.refers_to is not None:
            # Ward: the spell it counters unless its controller pays (CR 702.21a, 118.12a).
            item["refers_to"] = entry.refers_to
            what = stack_name(state, entry.refers_to)
            if not what.endswith(f"(#{entry.refers_to})"):  # gone: already said with its id
                what += f" (#{entry.refers_to})"
            if entry.spec.keyword in ("storm", COPY_ON_CAST):  # CR 702.40a, 707.10
                countered = f"copies {what} {counted(entry.x or 0, 'time')}"
            elif entry.spec.keyword == "cascade":
                # CR 702.85a: it exiles cards until a cheaper nonland one, which may be cast.
                countered = (
                    "exiles cards until a nonland card with lesser mana value than "
                    f"{what}, which may be cast"
                )
            else:
                countered = f"counters {what}"
            # Kira's granted trigger counters outright: no one can pay (CR 701.6a).
            item["unless"] = (
                f"{countered} unless {pays_phrase(entry.unless_payer, entry.unless_cost)}; "
                "it has no targets"
                if entry.unless_payer
                else f"{countered}; it has no targets"
            )
        if previous:
            item["previous_targets"] = previous  # before the last change (115.7)
        stack.append(item)
    elsewhere = [
        {"id": o.id, "name": o.name, "owner": o.owner, "zone": o.zone.value}
        for o in sorted(state.objects.values(), key=lambda o: o.id)
        if o.zone not in (Zone.BATTLEFIELD, Zone.STACK)
    ]
    return {"players": players, "permanents": permanents, "stack": stack, "zones": elsewhere}


def board_text(state: GameState, held_outlook: str = "") -> list[tuple[str, str]]:
    """(heading, text) blocks: players, each player's permanents, the stack, other zones;
    ``held_outlook``: what a held combat damage step leads to once it ends (CR 510.1, 510.2),
    as ``MtgScenarioExecutor.held_damage_outlook`` projects it."""
    data = board_data(state)
    blocks: list[tuple[str, str]] = []
    shields = {p.name: state.shields.get(p.name) for p in state.players}
    # "Bob's hand is empty." stated, and no card put there since (a discard can't be paid).
    held = {o.owner for o in state.zone_objects(Zone.HAND)}
    empty_hands = {p.name for p in state.players if p.hand_stated and p.name not in held}
    # "Alice's graveyard is empty." stated, and no card put there since (404.1).
    buried = {o.owner for o in state.zone_objects(Zone.GRAVEYARD)}
    empty_graveyards = {
        p.name for p in state.players if p.graveyard_stated and p.name not in buried
    }
    players = [
        f"{p['name']}: {p['life']} life"
        + (" — left the game" if p["left_game"] else "")
        + (", no cards in hand" if p["name"] in empty_hands else "")
        + (", no cards in graveyard" if p["name"] in empty_graveyards else "")
        + "".join(f", {counted(n, f'{kind} counter')}" for kind, n in p["counters"].items())
        + (f" ({', '.join(p['keywords'])})" if p["keywords"] else "")
        + (f" ({_shield_words(shield)})" if (shield := shields.get(p["name"])) else "")
        for p in data["players"]
    ]
    blocks.append(("Players", "\n".join(players) or "No players yet."))
    by_id = {o.id: o for o in state.objects.values()}
    for player in state.player_names:
        lines = []
        for item in data["permanents"]:
            if item["controller"] != player:
                continue
            extra = ", ".join(item["qualities"])
            owner = f", owned by {item['owner']}" if item["owner"] != player else ""
            stats = _stats(as_seen(state, by_id[item["id"]]), state.cards.get(item["id"]))
            lines.append(
                f"#{item['id']} {item['name']}{stats}" + (f" — {extra}" if extra else "") + owner
            )
        if lines:
            blocks.append((f"{player}'s battlefield", "\n".join(lines)))
    if data["stack"]:
        lines = []
        said = _told_apart(state)
        for number, item in enumerate(data["stack"]):
            where = "top" if number == 0 else f"{number + 1}"
            lines.append(
                f"[{where}] #{item['id']} {item['name']}{said.get(item['id'], '')} "
                f"({item['controller']})"
            )
            if "unless" in item:
                lines.append(f"    {item['unless']}")
            for target in item["targets"]:
                legal = "legal" if target["legal"] else f"illegal: {target['why']}"
                amount = f" ({target['amount']})" if target["amount"] is not None else ""
                lines.append(f"    “{target['requirement']}”: {target['chosen']}{amount} — {legal}")
        blocks.append(("Stack (top first)", "\n".join(lines)))
    else:
        blocks.append(("Stack", "Empty."))
    if state.waiting_triggers:
        # CR 603.3d: triggered, and waiting for the targets its controller names as it goes on
        # the stack; nothing resolves before (QA 42 W2: they were invisible on the board).
        lines = [
            f"{w.name}'s trigger ({w.controller}), triggered when {w.event}: “{w.text}” — say "
            f"{say_to_put(w.name, w.text)}"
            for w in state.waiting_triggers
        ]
        blocks.append(("Stack: triggered, waiting for targets (603.3d)", "\n".join(lines)))
    if data["zones"]:
        lines = [
            f"#{o['id']} {o['name']} — {o['owner']}'s {zone_name(o['zone'])}" for o in data["zones"]
        ]
        blocks.append(("Other zones", "\n".join(lines)))
    if groups := legend_groups(state):
        # CR 704.5j waits for its controller's choice: the board says so (QA 28 W7).
        notes = [legend_rule_note(state, group) for group in groups]
        blocks.append(("Legend rule", "\n".join(notes)))
    if (step_damage := state.held_combat_damage) is not None:
        held_words = _held_damage_words(state, step_damage, held_outlook)
        blocks.append(("Combat damage held (510.2)", held_words))
    return blocks


def _held_damage_words(state: GameState, held: HeldCombatDamage, outlook: str = "") -> str:
    """A saved game's combat damage step said so far: dealt, its state-based actions waiting
    for the rest of the step's damage or another statement (CR 510.2, 704.3); ``outlook``: what
    the step leads to once it ends, the damage not said dealt as the rules assign it (510.1),
    as the executor projects it for the statements' notes ("" for the damage said so far)."""
    hurt = [
        ref if isinstance(ref, str) else state.label(ref)
        for ref in dict.fromkeys(held.hurt)
        if isinstance(ref, str) or ref in state.objects
    ]
    if not outlook:
        _, fallout, _ = MtgGame.combat_damage_fallout(state, held.deathtouched, held.hurt)
        outlook = f"as it stands, {fallout or 'none applies'}"
    return (
        f"Dealt to {and_list(hurt) or 'nothing still here'}; the state-based actions wait for "
        "the rest of this combat damage step's damage or the next statement that changes "
        f"anything else (704.3): {outlook}."
    )


def _told_apart(state: GameState) -> dict[int, str]:
    """For abilities on the stack that share a name but not a text (Thragtusk's two triggers,
    QA 57 M4): each one's condition, as " “When this creature enters, …”" by its id."""
    texts: dict[str, set[str]] = {}
    for entry in state.stack:
        texts.setdefault(entry.name, set()).add(entry.spec.text)
    return {
        entry.object_id: f" “{entry.spec.text.split(',')[0]}, …”"
        for entry in state.stack
        if len(texts[entry.name]) > 1 and entry.spec.text
    }
