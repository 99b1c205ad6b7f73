"""A Riftbound game as a player reads it: units by location with their Might, the chain with
each spell or ability (an ability with its source, 355.9.c), each target and whether it is still
legal, and the other zones (used by ``game state`` and the "What is on the chain?" question)."""

from __future__ import annotations

from typing import Any

from bot.engine.riftbound.analysis import analyse
from bot.engine.riftbound.game import RiftboundGame
from bot.engine.riftbound.model import RbZone
from bot.engine.riftbound.modes import modes_of
from bot.engine.riftbound.state import (
    ChainItem,
    RbState,
    added_keywords,
    chain_context,
    current_object,
    label,
    might_changes,
    might_changes_text,
)
from bot.engine.riftbound.targeting import check_target, label_now


def board_data(state: RbState) -> dict[str, Any]:
    """Units by location with Might, the chain with its targets and whether each is still
    legal (358.1 is checked again on resolution, 359.3.e), and the other zones."""
    locations: dict[str, list[dict[str, Any]]] = {}
    for player in state.players:
        locations[f"{player}'s base"] = []
    for battlefield in state.battlefields():
        locations[battlefield.name] = []
    changed = {m.object_id: m for m in might_changes(state)}
    for obj in state.on_board():
        passive = changed.get(obj.id)
        host = state.objects.get(obj.attached_to) if obj.attached_to is not None else None
        # An attached card in a base is in its unit's controller's base (107.1.c.1).
        keeper = host.controller if host is not None else obj.controller
        where = obj.location if obj.zone is RbZone.BATTLEFIELD else f"{keeper}'s base"
        locations.setdefault(where, []).append(
            {
                "id": obj.id,
                "name": obj.name,
                "kind": obj.kind.value,
                "controller": obj.controller,
                # Its Might now, passive abilities on the board included (472.3), and what
                # changed it: (the permanent, the change).
                "might": passive.might if passive is not None else obj.might,
                "own_might": obj.might,
                "might_changes": [list(c) for c in passive.changes] if passive else [],
                # The same, as said: a decrease held by its minimum as printed (QA 44 M3).
                "might_changes_text": might_changes_text(passive) if passive else "",
                "damage": obj.damage,
                "exhausted": obj.exhausted,
                "stunned": obj.stunned,
                "buffed": obj.buffed,  # a Buff counter, its +1 in the Might (426.1.b, 703)
                "token": obj.token,
                "dies_when_damaged": list(dict.fromkeys(obj.dies_when_damaged)),
                # Keywords it has beyond its card's opening ones (a token's or a given
                # [Temporary], 184.2; a [Level] "I have [Ganking]", 824.1.b.1), and delayed
                # triggers on its death (Deadly Flourish, 390.2).
                "keywords": list(added_keywords(state, obj)),
                # Given by a resolved spell "this turn" (Vault Breaker's [Ganking], 317.2.c).
                "keywords_this_turn": list(dict.fromkeys(obj.keywords_this_turn)),
                "when_dies": [card for card, _, _ in obj.when_dies],
                "attached_to": obj.attached_to,  # the unit a gear is attached to (434.1)
                "attached_to_name": host.name if host is not None else None,
                "might_bonus": obj.might_bonus,  # a gear's Might Bonus, when said (137.3)
            }
        )
    chain = []
    for item in reversed(state.chain):
        analysis = analyse(item.text, version=state.version, ability=item.ability)
        ctx = chain_context(state, item)
        targets = []
        # A repeated spell chooses each execution's targets after the first's (820.2).
        mentions = [
            (mention, " (repeat)" if number else "")
            for number in range(item.repeats + 1)
            for mention in analysis.targets
        ]
        for (mention, repeat), group in zip(mentions, item.chosen, strict=False):
            for original in group:
                # As it is now: where it moved to, still there or a new object (359.3.e.4).
                now = current_object(state, original)
                check = (
                    check_target(now, mention, ctx, version=state.version)
                    if now is not None
                    else None
                )
                targets.append(
                    {
                        "requirement": mention.requirement + repeat,
                        "chosen": label_now(ctx, original, now),
                        "id": original.id,
                        "legal": bool(check and check.ok),
                        "why": check.why if check else "it changed zones: a new object",
                    }
                )
        chain.append(
            {
                "id": item.id,
                "name": item.name,
                "controller": item.controller,
                "kind": item.ability,
                "source": _source(state, item),
                "targets": targets,
                "repeats": item.repeats,
            }
        )
    elsewhere = [
        {
            "id": o.id,
            "name": o.name,
            "owner": o.owner,
            # A hidden card's facedown zone is its battlefield's (107.3.a).
            # Hidden this turn, it may be played from there only on a later turn (811.1.b).
            "zone": f"facedown zone at {o.location}"
            + (" (hidden this turn)" if o.hidden_this_turn else "")
            if o.zone is RbZone.FACEDOWN and o.location
            else o.zone.value,
        }
        for o in sorted(state.objects.values(), key=lambda o: o.id)
        if o.zone not in (RbZone.BASE, RbZone.BATTLEFIELD, RbZone.CHAIN)
    ]
    # Triggered abilities that triggered and wait for their targets to go on the chain (383.3;
    # QA 41 M4: the chain showed empty while one waited and resolving was refused).
    waiting = [
        {
            "source_id": w.source_id,
            "source": state.objects[w.source_id].name,
            "controller": state.objects[w.source_id].controller or state.objects[w.source_id].owner,
            # Aphelios, Exalted's modes: one is chosen as it goes on the chain (355.3).
            "modes": (modes := _waiting_modes(state, w.source_id, w.ability_index)),
            # The first one this instance may still choose this turn (Aphelios's "that
            # hasn't been chosen this turn"), for the example.
            "mode_left": next(
                (
                    m
                    for i, m in enumerate(modes)
                    if (w.source_id, w.ability_index, i) not in state.modes_chosen
                ),
                modes[0] if modes else "",
            ),
        }
        for w in state.waiting_triggers
        if w.source_id in state.objects
    ]
    return {
        "players": list(state.players),
        "locations": locations,
        "chain": chain,
        "waiting": waiting,
        "zones": elsewhere,
    }


def _waiting_modes(state: RbState, source_id: int, index: int) -> list[str]:
    """The modes of a waiting triggered ability ("Ready 2 runes", ...), or none."""
    ability = next(
        (a for a in RiftboundGame.abilities_of(state, source_id) if a.index == index), None
    )
    modal = modes_of(ability.text) if ability is not None else None
    return [modal.label(i) for i in range(len(modal.modes))] if modal is not None else []


def _waiting_words(waiting: dict[str, Any]) -> str:
    """A waiting triggered ability as the board shows it: what its controller chooses as it
    goes on the chain, and the statement that puts it there (383.3; QA 59 M7)."""
    said = f"{waiting['source']}'s triggered ability ({waiting['controller']})"
    if waiting["modes"]:
        listed = "; ".join(f"“{m}”" for m in waiting["modes"])
        return (
            f"{said}: its mode ({listed}) is chosen as it goes on the chain "
            f"(“{waiting['source']}'s trigger goes on the chain choosing "
            f"{waiting['mode_left']}.”)"
        )
    return (
        f"{said}: its targets are chosen as it goes on the chain "
        f"(“{waiting['source']}'s trigger targets …”)"
    )


def _source(state: RbState, item: ChainItem) -> dict[str, Any] | None:
    """Where an ability on the chain came from, and whether that is still on the board (it
    needn't be: the ability is a separate object, 355.9.c)."""
    if not item.is_ability:
        return None
    now = state.objects.get(item.source_id) if item.source_id is not None else None
    return {
        "id": item.source_id,
        "name": item.source_name,
        "label": label(now) if now is not None else item.source_name,
        "left": now is None,
    }


def _battlefield_lines(state: RbState, where: str) -> list[str]:
    """Under a battlefield: who controls it, which decides hiding, playing units there and
    scoring (QA 58 M2), and the cards hidden facedown there (811.1.c.3, by whom)."""
    field = state.battlefield(where)
    if field is None:
        return []
    lines = [f"(controlled by {field.controller})" if field.controller else "(uncontrolled)"]
    hidden = sorted(
        (o for o in state.objects.values() if o.zone is RbZone.FACEDOWN and o.location == where),
        key=lambda o: o.id,
    )
    lines += [f"#{o.id} {o.name}, hidden facedown by {o.owner}" for o in hidden]
    return lines


def board_text(state: RbState) -> list[tuple[str, str]]:
    data = board_data(state)
    players = [f"{p} ({state.xp[p]} XP)" if state.xp.get(p) else p for p in data["players"]]
    blocks = [("Players", ", ".join(players) or "No players yet.")]
    for where, objects in data["locations"].items():
        lines = []
        for o in objects:
            might = f" {o['might']} Might" if o["might"] is not None else f" ({o['kind']})"
            changes = o["might_changes_text"]
            extra = [
                w
                for w, on in (
                    (f"Might {o['own_might']}, {changes}", bool(changes)),
                    ("exhausted", o["exhausted"]),
                    ("stunned", o["stunned"]),
                    ("buffed", o.get("buffed", False)),
                    (f"{o['damage']} damage", o["damage"]),
                    ("token", o["token"]),
                    (", ".join(f"[{k}]" for k in o.get("keywords", ())), o.get("keywords")),
                    (
                        ", ".join(f"[{k}]" for k in o.get("keywords_this_turn", ())) + " this turn",
                        o.get("keywords_this_turn"),
                    ),
                    (
                        ", ".join(o.get("when_dies", ()))
                        + "'s delayed trigger if it dies this turn",
                        o.get("when_dies"),
                    ),
                    (
                        "killed the next time it takes damage this turn ("
                        + ", ".join(o.get("dies_when_damaged", ()))
                        + ")",
                        o.get("dies_when_damaged"),
                    ),
                    (
                        f"attached to {o['attached_to_name']} (#{o['attached_to']})",
                        o["attached_to"],
                    ),
                    (f"Might Bonus {o['might_bonus'] or 0:+d}", o["might_bonus"] is not None),
                )
                if on
            ]
            owner = f" ({o['controller']})" if where != f"{o['controller']}'s base" else ""
            lines.append(
                f"#{o['id']} {o['name']}{might}{owner}"
                + (f" — {', '.join(extra)}" if extra else "")
            )
        blocks.append(
            (where, "\n".join([*(lines or ["Empty."]), *_battlefield_lines(state, where)]))
        )
    if data["chain"]:
        lines = []
        for number, item in enumerate(data["chain"]):
            where = "newest" if number == 0 else str(number + 1)
            repeated = item.get("repeats", 0)
            lines.append(
                f"[{where}] #{item['id']} {item['name']} ({item['controller']})"
                + (
                    f", with Repeat{'' if repeated == 1 else f' {repeated} times'}"
                    if repeated
                    else ""
                )
            )
            source = item["source"]
            if source is not None:
                whence = (
                    f"{source['name']} (#{source['id']}), which has left the board"
                    if source["left"]
                    else f"{source['label']} (#{source['id']})"
                )
                lines.append(f"    {item['kind']} ability of {whence}")
            for t in item["targets"]:
                legal = "legal" if t["legal"] else f"no longer legal: {t['why']}"
                lines.append(f"    “{t['requirement']}”: {t['chosen']} — {legal}")
        blocks.append(("Chain (newest first)", "\n".join(lines)))
    else:
        blocks.append(("Chain", "Empty."))
    if data["waiting"]:
        blocks.append(
            (
                "Waiting to go on the chain",
                "\n".join(_waiting_words(w) for w in data["waiting"]),
            )
        )
    if data["zones"]:
        blocks.append(
            (
                "Other zones",
                "\n".join(
                    f"#{o['id']} {o['name']} — {o['owner']}'s {o['zone']}" for o in data["zones"]
                ),
            )
        )
    return blocks
