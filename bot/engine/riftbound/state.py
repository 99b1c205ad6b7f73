"""Riftbound game state: cards as the engine reads them, objects on the board, the chain
(359), and the contexts targeting rules are checked in.

States are immutable values with a JSON form (``RbState.to_dict``/``from_dict``) for
snapshots.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from bot.engine.errors import EngineError
from bot.engine.riftbound.keywords import (
    ChoosingAbilities,
    MightNow,
    bonus_damage,
    choosing_abilities,
    conditional_self_keywords,
    deflect_value,
    deflect_while_mighty,
    granted_deflect,
    granted_keywords,
    granted_protection,
    grants_accelerate_not_from_hand,
    grants_quick_draw,
    passive_might,
    printed_keywords,
    said_keywords,
    tags_said,
)
from bot.engine.riftbound.model import RbContext, RbKind, RbObject, RbZone, told_apart
from bot.engine.riftbound.rules import CURRENT, cite_if, rule

BASE = "base"  # the location value for a player's base; battlefields go by their names
BOARD_ZONES = (RbZone.BASE, RbZone.BATTLEFIELD)
_KIND_BY_TYPE = {
    "unit": RbKind.UNIT,
    "gear": RbKind.GEAR,
    "spell": RbKind.SPELL,
    "legend": RbKind.LEGEND,
    "battlefield": RbKind.BATTLEFIELD,
    "rune": RbKind.RUNE,
}


# The blank line between a card's Rules Text and its Effect Text (136.1).
_BOXES = re.compile(r"\n\s*\n")


@dataclass(frozen=True)
class RbCard:
    """The engine's view of a Riftbound card: its kind, text, Might and printed cost
    (``energy``, and ``power``: how many Power symbols; 131.4 uses the printed cost)."""

    name: str
    kind: RbKind
    text: str = ""
    might: int | None = None
    tags: tuple[str, ...] = ()
    super_types: tuple[str, ...] = ()
    energy: int | None = None
    power: int | None = None
    # Its domains (134): which Power pays a [C] cost such as Accelerate's (805.1.a.1-2).
    domains: tuple[str, ...] = ()

    @property
    def has_effect_text(self) -> bool:
        """An Equipment's text has a Rules Text box and, below it, an Effect Text box (136.1);
        the card gallery separates them with a blank line."""
        return (
            self.kind is RbKind.GEAR
            and any(t.casefold() == "equipment" for t in self.tags)
            and bool(_BOXES.search(self.text))
        )

    @property
    def rules_text(self) -> str:
        """The text that is the card's own abilities: all of it, except an Equipment's Effect
        Text, which is inactive unless it is attached (136.2.b) and is then the abilities of
        the unit it is attached to (718.3)."""
        return _BOXES.split(self.text, 1)[0] if self.has_effect_text else self.text

    @property
    def effect_text(self) -> str:
        """An Equipment's Effect Text ("" for any other card)."""
        return _BOXES.split(self.text, 1)[1].strip() if self.has_effect_text else ""

    @classmethod
    def from_types(
        cls,
        name: str,
        card_types: Sequence[str],
        text: str = "",
        *,
        might: int | None = None,
        tags: Sequence[str] = (),
        super_types: Sequence[str] = (),
        energy: int | None = None,
        power: int | None = None,
        domains: Sequence[str] = (),
    ) -> RbCard:
        kinds = [_KIND_BY_TYPE[t.lower()] for t in card_types if t.lower() in _KIND_BY_TYPE]
        if not kinds:
            raise EngineError(f"{name} has no Riftbound card type the bot knows ({card_types}).")
        return cls(
            name,
            kinds[0],
            text,
            might,
            tuple(tags),
            tuple(super_types),
            energy,
            power,
            tuple(domains),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind.value,
            "text": self.text,
            "might": self.might,
            "tags": list(self.tags),
            "super_types": list(self.super_types),
            "energy": self.energy,
            "power": self.power,
            "domains": list(self.domains),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RbCard:
        return cls(
            data["name"],
            RbKind(data["kind"]),
            data["text"],
            data["might"],
            tuple(data["tags"]),
            tuple(data["super_types"]),
            data.get("energy"),
            data.get("power"),
            # Cards saved before domains were kept have none.
            tuple(data.get("domains", ())),
        )


@dataclass(frozen=True)
class ChainItem:
    """A spell or an ability on the chain and the objects chosen for each target mention, as
    they were when chosen (the current ones are looked up again on resolution).

    ``ability`` is ``spell``, ``activated`` or ``triggered``.  An ability is a separate object
    from its source (355.9.c): ``source_id`` and ``source_name`` say where it came from, and it
    stays on the chain if its source leaves the board; ``index`` is which of the source's
    abilities it is (printed order, 0-based) and ``keyword`` the keyword that wrote it (Equip).
    """

    id: int
    name: str
    controller: str
    text: str
    ability: str = "spell"
    chosen: tuple[tuple[RbObject, ...], ...] = ()
    source_id: int | None = None
    source_name: str = ""
    index: int | None = None
    keyword: str = ""
    destination: str = ""  # where its move goes, chosen as it was played (355.4)
    # A reflexive trigger's (387): what "it" and "they" of the spell that made it were, as
    # that spell resolved (Dragon's Rage's moved unit, for "another enemy unit at its
    # destination" and "They deal damage ... to each other").
    referents: tuple[RbObject, ...] = ()
    # How many times its Repeat cost was paid: its instructions are executed that many more
    # times, each with its own targets in ``chosen`` after the first execution's (820.1.d).
    repeats: int = 0
    # Triggered abilities one controller put on the chain at once, because they triggered at
    # the same time, share a number (the first one's id), 0 for none: their order is that
    # player's choice (383.3.d), which can still be said while they are the top of the chain.
    batch: int = 0
    # A spell played from hiding (811.1.b), not from a hand: "If you played this from your
    # hand" (Back Off) doesn't hold.
    from_hidden: bool = False

    @property
    def is_ability(self) -> bool:
        return self.ability in ("activated", "triggered")


class WaitingTrigger(NamedTuple):
    """A triggered ability waiting to be put on the chain with its targets (383.3): its
    source, which of the source's abilities, and the ``ChainItem.batch`` of the abilities that
    triggered with it (0 for none), so its controller still orders it among them (383.3.d)."""

    source_id: int
    ability_index: int
    batch: int = 0

    @property
    def key(self) -> tuple[int, int]:
        return (self.source_id, self.ability_index)


@dataclass(frozen=True)
class RbState:
    """A Riftbound game: players, every object by id (board, chain, trash...), the chain
    (oldest first) and what became of objects that left (id -> (event, new id))."""

    players: tuple[str, ...] = ()
    objects: Mapping[int, RbObject] = field(default_factory=dict)
    cards: Mapping[int, RbCard] = field(default_factory=dict)
    chain: tuple[ChainItem, ...] = ()
    departed: Mapping[int, tuple[str, int | None]] = field(default_factory=dict)
    next_id: int = 1
    version: str = CURRENT
    # The cards each player has played (finalized), by object id, oldest first: the bot keeps
    # no turns, so a scenario or saved game is taken as one turn, as Magic's "this turn" is;
    # [Legion] asks whether another card was played this turn (812.1.c).
    played: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    # Resolved spells whose reflexive trigger (387: "Then do this: Choose ...") is waiting to
    # be put on the chain with its choices: spell id -> the ids of what it refers to.
    reflexive: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    # How many times each object on the board has moved (441.1) this turn, taken as above:
    # Kayn, Unleashed's "If I have moved twice this turn, I don't take damage."  A recall is
    # not a move (451), and an object that leaves the board is a new one with none.
    moved: Mapping[int, int] = field(default_factory=dict)
    # What resolved spells and abilities forbid for the rest of the turn, taken as above:
    # (player, "spells" or "cards", the card that forbade it) - Lilting Lullaby's "Its
    # controller can't play spells this turn".
    cant_play: tuple[tuple[str, str, str], ...] = ()
    # Resolved spells that prevent all spell and ability damage for the rest of the turn, taken
    # as above (Unyielding Spirit; 437).
    spell_damage_prevented: tuple[str, ...] = ()
    # Instructions of resolved spells this turn the bot reported but didn't carry out and that
    # could change Might or damage ("Buffs give an additional +1 [M]..."), as (card, text): a
    # later kill or survive verdict says it may be off by them.
    unapplied: tuple[tuple[str, str], ...] = ()
    # The units (object ids) whose Might was stated ("Blazing Scorcher has 5 Might.") after the
    # last of ``unapplied``: the user's number already counts those instructions, so their
    # Might answers carry no caution (QA 55 W6 left-over).  Emptied with ``unapplied``.
    might_stated: tuple[int, ...] = ()
    # The permanents (object ids) whose "Once each turn" ability was used this turn, taken as
    # above: Zilean, Time Mage's extra token copy.
    used_this_turn: tuple[int, ...] = ()
    # The modes chosen this turn of abilities that say "Choose one you've not chosen this turn"
    # (Udyr, Wildman; Aphelios, Exalted), as (source object id, ability index, mode index):
    # the restriction applies separately to each instance of the ability (Spiritforged FAQ on
    # Aphelios), and ends with the turn.
    modes_chosen: tuple[tuple[int, int, int], ...] = ()
    # Each player's XP (728-733: a resource gained and spent, public information), as stated
    # ("Alice has 6 XP."): [Level N] abilities are active while their controller has N or
    # more (824.1.c).  A player not named has none.
    xp: Mapping[str, int] = field(default_factory=dict)
    # Each player's points as stated ("Alice has 7 points.", 466.1), counted up as they score:
    # the Winning Point at the Victory Score less one is restricted (466.1.b).  A player not
    # named has no known score.
    points: Mapping[str, int] = field(default_factory=dict)
    # The battlefields each player scored (conquered or held) this turn, taken as above, as
    # (player, battlefield): a battlefield is scored once a turn (464.1, 466.2.c).
    scored: tuple[tuple[str, str], ...] = ()
    # Triggered abilities whose condition was met and that wait to be put on the chain with
    # the targets their controller chooses (383.3): Pridestalker's "When you play a unit, give
    # a unit +1 [M] this turn."  The chain can't resolve until each is stated (QA 39 U1).
    waiting_triggers: tuple[WaitingTrigger, ...] = ()
    # Resolved effects that make a player's next unit played this turn enter ready, as
    # (player, the card it came from): Sun Disc's "The next unit you play this turn enters
    # ready." (QA 44 W3).  The next unit that player plays uses it up.
    next_unit_ready: tuple[tuple[str, str], ...] = ()
    # Resolved effects that give a player's next spell this turn Bonus Damage, as (player, the
    # card it came from, the amount, the spell's object id once played, 0 before): Ravenborn
    # Tome's "The next spell you play this turn deals 1 Bonus Damage." (QA 44 U6).
    next_spell_bonus: tuple[tuple[str, str, int, int], ...] = ()

    # ---- reading ----------------------------------------------------------------------------
    @property
    def player_names(self) -> tuple[str, ...]:
        """The players' names, as MTG's state names them (the seam's shared lookups)."""
        return self.players

    def obj(self, object_id: int) -> RbObject:
        found = self.objects.get(object_id)
        if found is not None:
            return found
        if -len(self.players) <= object_id < 0:
            return player_object(self.players[-object_id - 1], object_id)
        if object_id in self.departed:
            event, new_id = self.departed[object_id]
            now = f"; it is now #{new_id}, a new object" if new_id is not None else ""
            raise EngineError(
                f"#{object_id} {event}{now} (rule {rule('new_object', self.version)})."
            )
        raise EngineError(f"There is no object #{object_id}.")

    def player_id(self, name: str) -> int:
        """The id a player has as a target: players are chosen as objects are (355.9.a), under
        ids below zero (-1 for the first player) that no object has."""
        return -1 - self.players.index(self.player(name))

    def choosable(self) -> list[RbObject]:
        """Everything a spell or ability could choose: objects by id, then the players."""
        objects = sorted(self.objects.values(), key=lambda o: o.id)
        return objects + [self.obj(-1 - n) for n in range(len(self.players))]

    def has_player(self, name: str) -> bool:
        return any(p.casefold() == name.casefold() for p in self.players)

    def player(self, name: str) -> str:
        for player in self.players:
            if player.casefold() == name.casefold():
                return player
        raise EngineError(
            f"There is no player {name} in this game.",
            hint="Players: " + (", ".join(self.players) or "none yet") + ".",
        )

    def battlefield(self, name: str) -> RbObject | None:
        return next(
            (
                o
                for o in self.objects.values()
                if o.kind is RbKind.BATTLEFIELD and o.name.casefold() == name.casefold()
            ),
            None,
        )

    def battlefields(self) -> list[RbObject]:
        return sorted(
            (o for o in self.objects.values() if o.kind is RbKind.BATTLEFIELD), key=lambda o: o.id
        )

    def on_board(self) -> list[RbObject]:
        return sorted(
            (
                o
                for o in self.objects.values()
                if o.zone in BOARD_ZONES and o.kind is not RbKind.BATTLEFIELD
            ),
            key=lambda o: o.id,
        )

    def item(self, object_id: int) -> ChainItem | None:
        return next((i for i in self.chain if i.id == object_id), None)

    def label(self, object_id: int) -> str:
        """How an answer names the object, with its id when another object has its name
        ("Alice's Blazing Scorcher at base (#2)"): two units of one name are told apart."""
        obj = self.obj(object_id)
        return told_apart(label(obj), obj, shared_names(self))

    # ---- writing (new values) ----------------------------------------------------------------
    def with_player(self, name: str) -> RbState:
        return self if self.has_player(name) else replace(self, players=(*self.players, name))

    def with_object(self, obj: RbObject) -> RbState:
        return replace(self, objects={**self.objects, obj.id: obj})

    def add(self, obj: RbObject, card: RbCard | None = None) -> tuple[RbState, int]:
        new = replace(obj, id=self.next_id)
        cards = {**self.cards, new.id: card} if card is not None else self.cards
        return replace(
            self, objects={**self.objects, new.id: new}, cards=cards, next_id=self.next_id + 1
        ), new.id

    def with_played(self, player: str, object_id: int) -> RbState:
        """``player`` played (finalized) the card ``object_id``; a unit uses up what made
        "the next unit you play" enter ready (Sun Disc)."""
        played = self.objects.get(object_id)
        ready_next = self.next_unit_ready
        if played is not None and played.kind is RbKind.UNIT:
            ready_next = tuple(e for e in ready_next if e[0] != player)
        spell_bonus = self.next_spell_bonus
        if played is not None and played.kind is RbKind.SPELL:
            # "The next spell you play this turn": this one, from now on.
            spell_bonus = tuple(
                (who, source, n, object_id) if who == player and not spell_id else entry
                for entry in spell_bonus
                for who, source, n, spell_id in (entry,)
            )
        return replace(
            self,
            played={**self.played, player: (*self.played.get(player, ()), object_id)},
            next_unit_ready=ready_next,
            next_spell_bonus=spell_bonus,
        )

    def with_next_spell_bonus(self, player: str, source: str, amount: int) -> RbState:
        """The next spell ``player`` plays this turn deals ``amount`` Bonus Damage."""
        return replace(self, next_spell_bonus=(*self.next_spell_bonus, (player, source, amount, 0)))

    def spell_bonus(self, spell_id: int) -> tuple[tuple[str, int], ...]:
        """The Bonus Damage effects bound to the spell ``spell_id``: (what says it, amount)."""
        return tuple(
            (f"{source}'s “The next spell you play this turn deals {n} Bonus Damage”", n)
            for _, source, n, bound in self.next_spell_bonus
            if bound == spell_id
        )

    def with_next_unit_ready(self, player: str, source: str) -> RbState:
        """The next unit ``player`` plays this turn enters ready (Sun Disc)."""
        return replace(self, next_unit_ready=(*self.next_unit_ready, (player, source)))

    def with_cant_play(self, player: str, what: str, source: str) -> RbState:
        """``player`` can't play ``what`` ("spells" or "cards") for the rest of the turn."""
        return replace(self, cant_play=(*self.cant_play, (player, what, source)))

    def with_move(self, object_id: int) -> RbState:
        """``object_id`` moved once more this turn."""
        return replace(self, moved={**self.moved, object_id: self.moved.get(object_id, 0) + 1})

    def without(self, object_id: int, event: str, new_id: int | None) -> RbState:
        objects = {k: v for k, v in self.objects.items() if k != object_id}
        return replace(
            self, objects=objects, departed={**self.departed, object_id: (event, new_id)}
        )

    # ---- JSON form (snapshots) ----------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "objects": [_object_dict(o) for o in self.objects.values()],
            "cards": {str(k): c.to_dict() for k, c in self.cards.items()},
            "chain": [
                {
                    "id": i.id,
                    "name": i.name,
                    "controller": i.controller,
                    "text": i.text,
                    "ability": i.ability,
                    "chosen": [[_object_dict(o) for o in group] for group in i.chosen],
                    "source_id": i.source_id,
                    "source_name": i.source_name,
                    "index": i.index,
                    "keyword": i.keyword,
                    "destination": i.destination,
                    "referents": [_object_dict(o) for o in i.referents],
                    "repeats": i.repeats,
                    "batch": i.batch,
                    "from_hidden": i.from_hidden,
                }
                for i in self.chain
            ],
            "departed": {str(k): [e, n] for k, (e, n) in self.departed.items()},
            "next_id": self.next_id,
            "version": self.version,
            "played": {player: list(ids) for player, ids in self.played.items()},
            "reflexive": {str(k): list(ids) for k, ids in self.reflexive.items()},
            "moved": {str(k): n for k, n in self.moved.items()},
            "cant_play": [list(entry) for entry in self.cant_play],
            "spell_damage_prevented": list(self.spell_damage_prevented),
            "unapplied": [list(entry) for entry in self.unapplied],
            "might_stated": list(self.might_stated),
            "used_this_turn": list(self.used_this_turn),
            "modes_chosen": [list(entry) for entry in self.modes_chosen],
            "xp": dict(self.xp),
            "points": dict(self.points),
            "scored": [list(entry) for entry in self.scored],
            "waiting_triggers": [list(entry) for entry in self.waiting_triggers],
            "next_unit_ready": [list(entry) for entry in self.next_unit_ready],
            "next_spell_bonus": [list(entry) for entry in self.next_spell_bonus],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RbState:
        objects = {o["id"]: _object_from(o) for o in data["objects"]}
        chain = tuple(
            ChainItem(
                i["id"],
                i["name"],
                i["controller"],
                i["text"],
                i["ability"],
                tuple(tuple(_object_from(o) for o in g) for g in i["chosen"]),
                i.get("source_id"),
                i.get("source_name", ""),
                i.get("index"),
                i.get("keyword", ""),
                i.get("destination", ""),
                tuple(_object_from(o) for o in i.get("referents", ())),
                # Games saved before Repeat was modelled have no repeats.
                i.get("repeats", 0),
                i.get("batch", 0),
                # Games saved before Hidden was modelled played nothing from hiding.
                i.get("from_hidden", False),
            )
            for i in data["chain"]
        )
        return cls(
            players=tuple(data["players"]),
            objects=objects,
            cards={int(k): RbCard.from_dict(c) for k, c in data["cards"].items()},
            chain=chain,
            departed={int(k): (v[0], v[1]) for k, v in data["departed"].items()},
            next_id=data["next_id"],
            version=data["version"],
            # Games saved before plays were recorded have none.
            played={p: tuple(ids) for p, ids in data.get("played", {}).items()},
            # Games saved before reflexive triggers could be stated have none waiting.
            reflexive={int(k): tuple(v) for k, v in data.get("reflexive", {}).items()},
            # Games saved before moves were counted have none.
            moved={int(k): n for k, n in data.get("moved", {}).items()},
            # Games saved before these were kept have none.
            cant_play=tuple((e[0], e[1], e[2]) for e in data.get("cant_play", ())),
            spell_damage_prevented=tuple(data.get("spell_damage_prevented", ())),
            unapplied=tuple((e[0], e[1]) for e in data.get("unapplied", ())),
            might_stated=tuple(data.get("might_stated", ())),
            used_this_turn=tuple(data.get("used_this_turn", ())),
            # Saves before QA 55's left-overs kept no modes chosen: none.
            modes_chosen=tuple((e[0], e[1], e[2]) for e in data.get("modes_chosen", ())),
            # Saves before QA 36 U2/U6 have no XP and no scores: none.
            xp={str(k): int(v) for k, v in data.get("xp", {}).items()},
            # Saves before QA 48 U4 kept no points: none known.
            points={str(k): int(v) for k, v in data.get("points", {}).items()},
            scored=tuple((e[0], e[1]) for e in data.get("scored", ())),
            # Saved before their event's batch was kept: none.
            waiting_triggers=tuple(
                WaitingTrigger(int(e[0]), int(e[1]), int(e[2]) if len(e) > 2 else 0)
                for e in data.get("waiting_triggers", ())
            ),
            # Saves before QA 44 W3 have no "next unit enters ready" effect.
            next_unit_ready=tuple((e[0], e[1]) for e in data.get("next_unit_ready", ())),
            next_spell_bonus=tuple(
                (e[0], e[1], int(e[2]), int(e[3])) for e in data.get("next_spell_bonus", ())
            ),
        )


def _object_dict(obj: RbObject) -> dict[str, Any]:
    return {
        "id": obj.id,
        "name": obj.name,
        "kind": obj.kind.value,
        "owner": obj.owner,
        "controller": obj.controller,
        "zone": obj.zone.value,
        "location": obj.location,
        "might": obj.might,
        "tags": sorted(obj.tags),
        "exhausted": obj.exhausted,
        "token": obj.token,
        "champion": obj.champion,
        "source_id": obj.source_id,
        "damage": obj.damage,
        "stunned": obj.stunned,
        "deflect": obj.deflect,
        "enemies_cant_choose": obj.enemies_cant_choose,
        "energy": obj.energy,
        "power": obj.power,
        "dies_instead": [[kind, by] for kind, by in obj.dies_instead],
        "left_from": obj.left_from,
        "dies_when_damaged": list(obj.dies_when_damaged),
        "attached_to": obj.attached_to,
        "might_bonus": obj.might_bonus,
        "control_stated": obj.control_stated,
        "died_with": obj.died_with,
        "buffed": obj.buffed,
        "damage_by": list(obj.damage_by),
        "damage_shields": [[kind, by] for kind, by in obj.damage_shields],
        "played_from_hiding": obj.played_from_hiding,
        "hidden_this_turn": obj.hidden_this_turn,
        "when_dies": [list(entry) for entry in obj.when_dies],
        "keywords": list(obj.keywords),
        "might_this_turn": obj.might_this_turn,
        "cant_move": [list(entry) for entry in obj.cant_move],
        "played_as": obj.played_as,
        "keywords_this_turn": list(obj.keywords_this_turn),
        "played_from_hiding_at": obj.played_from_hiding_at,
    }


def _object_from(data: Mapping[str, Any]) -> RbObject:
    return RbObject(
        data["id"],
        data["name"],
        RbKind(data["kind"]),
        data["owner"],
        data["controller"],
        RbZone(data["zone"]),
        data["location"],
        data["might"],
        frozenset(data["tags"]),
        data["exhausted"],
        data["token"],
        data["champion"],
        data["source_id"],
        data["damage"],
        data["stunned"],
        data.get("deflect", 0),
        data.get("enemies_cant_choose", False),
        data.get("energy"),
        data.get("power"),
        _replacements_from(data),
        # Saved before these were kept: none.
        data.get("left_from", ""),
        tuple(data.get("dies_when_damaged", ())),
        # Games saved before attachments were modelled have none.
        data.get("attached_to"),
        data.get("might_bonus"),
        # Saved before it was kept: control as the bot took it then, not stated.
        data.get("control_stated", False),
        # Saved before these were kept: none.
        data.get("died_with", ""),
        data.get("buffed", False),
        tuple(data.get("damage_by", ())),
        tuple((kind, by) for kind, by in data.get("damage_shields", ())),
        # Saved before Hidden was modelled: nothing was played from hiding.
        data.get("played_from_hiding", False),
        # Saved before turns of hidden cards were kept: taken as hidden on an earlier turn.
        data.get("hidden_this_turn", False),
        # Saved before these were kept: none.
        tuple((card, player, text) for card, player, text in data.get("when_dies", ())),
        tuple(data.get("keywords", ())),
        # Saved before "this turn" Might was kept apart: none (its Might stays as it was).
        data.get("might_this_turn", 0),
        tuple((player, card) for player, card in data.get("cant_move", ())),
        data.get("played_as", ""),
        # Saved before keywords given "this turn" were kept: none.
        tuple(data.get("keywords_this_turn", ())),
        # Saved before it was kept: the location it has now.
        data.get("played_from_hiding_at", ""),
    )


def _replacements_from(data: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    """The death replacements set up on an object; a game saved when a unit kept only one
    has it as a kind and the card that set it up."""
    saved = data.get("dies_instead", ())
    if isinstance(saved, str):
        return ((saved, data.get("dies_instead_by", "")),) if saved else ()
    return tuple((kind, by) for kind, by in saved)


def player_object(name: str, object_id: int) -> RbObject:
    """A player as a chosen target (not a game object: it has no zone of its own)."""
    return RbObject(object_id, name, RbKind.PLAYER, name, name)


def label(obj: RbObject) -> str:
    """``Bob's Blazing Scorcher at Targon's Peak``, ``Alice's Recruit at her base``,
    ``Targon's Peak`` for a battlefield, ``Void Seeker (on the chain)``."""
    if obj.kind in (RbKind.BATTLEFIELD, RbKind.PLAYER):
        return obj.name
    if obj.kind is RbKind.ABILITY:
        return f"{obj.controller}'s {obj.name} (on the chain)"
    if obj.zone is RbZone.BASE:
        return f"{obj.controller}'s {obj.name} at base"
    if obj.zone is RbZone.CHAIN:
        return f"{obj.controller}'s {obj.name} (on the chain)"
    if obj.zone is RbZone.BATTLEFIELD:
        return f"{obj.controller}'s {obj.name} at {obj.location}"
    return f"{obj.name} in {obj.owner}'s {obj.zone.value}"


def shared_names(state: RbState) -> frozenset[str]:
    """The names (case-folded) more than one object has."""
    seen: set[str] = set()
    shared: set[str] = set()
    for obj in state.objects.values():
        key = obj.name.casefold()
        (shared if key in seen else seen).add(key)
    return frozenset(shared)


def current_object(state: RbState, original: RbObject) -> RbObject | None:
    """The chosen object as it is now, or None if it left its zone (a new object, 359.3.e.4);
    a chosen player is still that player."""
    if original.kind is RbKind.PLAYER:
        return original
    found = state.objects.get(original.id)
    if found is None:
        return None
    if (found.zone in BOARD_ZONES) != (original.zone in BOARD_ZONES) or (
        found.zone not in BOARD_ZONES and found.zone is not original.zone
    ):
        return None
    return found


def chain_choices(state: RbState) -> tuple[tuple[int, tuple[RbObject, ...]], ...]:
    """What each spell and ability on the chain chooses now ("a spell that chooses a friendly
    unit"): each chosen object as it is now, with its controller now (359.3.e.2: Not So Fast's
    target is checked again as it resolves), even where it no longer meets the restrictions
    it was chosen with; one that changed to or from a non-board zone is no longer chosen
    (359.3.e.4; Unleashed FAQ, Alpha Strike: "any relationship between them and the spell
    that targets them is severed")."""
    return tuple(
        (
            item.id,
            tuple(
                now
                for group in item.chosen
                for original in group
                if (now := current_object(state, original)) is not None
            ),
        )
        for item in state.chain
    )


def attachments(state: RbState, unit_id: int) -> list[RbObject]:
    """The cards attached to ``unit_id`` (its Top-Most Card, 719), oldest first."""
    return sorted(
        (o for o in state.objects.values() if o.attached_to == unit_id), key=lambda o: o.id
    )


def appended_effect_texts(state: RbState, unit_id: int) -> list[tuple[RbObject, str]]:
    """Each attached card with its Effect Text, which is appended to the unit's Rules Text
    while it is attached (434.1.c, 718.3)."""
    return [
        (gear, card.effect_text)
        for gear in attachments(state, unit_id)
        if (card := state.cards.get(gear.id)) is not None and card.effect_text
    ]


def others_units_at(state: RbState, battlefield: str, player: str) -> list[RbObject]:
    """The units of players other than ``player`` at the battlefield called ``battlefield``
    (a combat follows a move there, 316.4.a; a third player's can't be joined, 144.4.a.1)."""
    return [
        o
        for o in state.on_board()
        if o.kind is RbKind.UNIT
        and o.zone is RbZone.BATTLEFIELD
        and o.location.casefold() == battlefield.casefold()
        and o.controller != player
    ]


def crowded_by(state: RbState, unit: RbObject, battlefield: str) -> list[str]:
    """The two or more other players whose units are at ``battlefield``, which ``unit`` may
    then not move to by any means (144.4.a.1, 444.2); [] when it may."""
    others = sorted({o.controller for o in others_units_at(state, battlefield, unit.controller)})
    return others if unit.kind is RbKind.UNIT and len(others) >= 2 else []


def units_at_battlefields(state: RbState) -> frozenset[tuple[str, str]]:
    """(controller, battlefield) for each battlefield where a player has units (a unit at a
    battlefield is at its location, 106.5)."""
    return frozenset(
        (o.controller, o.place)
        for o in state.on_board()
        if o.kind is RbKind.UNIT and o.at_battlefield and o.controller
    )


def equipped_units(state: RbState) -> frozenset[int]:
    """The units an Equipment is attached to: "Equipped" (818.3.b)."""
    return frozenset(
        o.attached_to
        for o in state.objects.values()
        if o.attached_to is not None and "equipment" in o.tags
    )


def keywords_of(state: RbState, obj: RbObject) -> tuple[str, ...]:
    """The keywords ``obj`` has now: those its active text's lines open with ("[Temporary]"
    on Keeper of Masks or the Sprite token card, 184.2), those it says it has ("I have +1
    [M] and [Ganking]", a [Level] one only while its controller has the XP, 824.1.b.1) and
    those it has beyond its card (a token played "with [Temporary]", one given by a spell)."""
    text = levelled(state, obj, active_text(state, obj))
    said = [keyword for keyword, _ in said_keywords(text)]
    return tuple(
        dict.fromkeys(
            (
                *printed_keywords(text),
                *said,
                *_while_keywords(state, obj, text),
                *_granted_keywords(state, obj),
                *obj.keywords,
                *obj.keywords_this_turn,
            )
        )
    )


def _while_keywords(state: RbState, obj: RbObject, text: str) -> list[str]:
    """The keywords ``obj``'s text gives itself while it is Mighty (708: Fiora, Victorious)
    or buffed (Bilgewater Bully), when it is."""
    said = conditional_self_keywords(text)
    if not said:
        return []
    held = {
        "mighty": obj.zone in BOARD_ZONES and (might_now(state, obj) or 0) >= 5,  # 708
        "buffed": obj.buffed,
    }
    return [k for kind, k, _ in said if held.get(kind, False)]


def _granted_keywords(state: RbState, obj: RbObject) -> list[str]:
    """The keywords passive abilities on the board give ``obj`` (Windswept Hillock's "Units
    here have [Ganking]."; 365.1)."""
    if obj.zone not in BOARD_ZONES:
        return []
    return [keyword for keyword, _ in granted_keywords(passive_board(state), obj)]


def unchecked_keyword_condition(state: RbState, obj: RbObject, keyword: str) -> str:
    """The line of ``obj``'s text giving it ``keyword`` under a condition the bot doesn't keep
    ("If you've gained XP this turn, I have +1 [M] and [Ganking]."), or ""."""
    text = levelled(state, obj, active_text(state, obj))
    return next(
        (
            line
            for kind, k, line in conditional_self_keywords(text)
            if kind == "unchecked" and k.casefold() == keyword.casefold()
        ),
        "",
    )


def added_keywords(state: RbState, obj: RbObject) -> tuple[str, ...]:
    """The keywords ``obj`` has beyond those its card's lines open with, as the board shows
    them: those its text says it has ("I have +1 [M] and [Ganking]", a [Level] one only with
    the XP, 824.1.b.1), and those given to it for good (a token's "with [Temporary]", 184.2;
    those given "this turn" are ``obj.keywords_this_turn``)."""
    text = levelled(state, obj, active_text(state, obj))
    said = [keyword for keyword, _ in said_keywords(text)]
    return tuple(dict.fromkeys((*said, *obj.keywords)))


def _level_choosing(state: RbState, obj: RbObject) -> list[tuple[str, ChoosingAbilities]]:
    """What ``obj``'s active [Level N] lines say about being chosen, written plainly
    ("[Level 16][>] I can't be chosen by enemy spells and abilities.": 824.1.b.1), with each
    line as printed; none while its controller has less than N XP (824.1.d)."""
    found: list[tuple[str, ChoosingAbilities]] = []
    for raw_line in active_text(state, obj).splitlines():
        if level_of(raw_line) is None:
            continue
        said = choosing_abilities(levelled(state, obj, raw_line))
        if said.deflect or said.enemies_cant_choose:
            found.append((re.sub(r"\s*\([^()]*\)", "", raw_line).strip(), said))
    return found


def self_said_deflect(state: RbState, obj: RbObject) -> tuple[int, str]:
    """The Deflect ``obj``'s own text says it has in a sentence, active now (Mosstomper's
    "[Level 3][>] I have +1 [M] and [Deflect]." while its controller has 3 XP, 824.1.c), with
    the line that says it; (0, "") when none does."""
    for raw_line in active_text(state, obj).splitlines():
        for keyword, _ in said_keywords(levelled(state, obj, raw_line)):
            value = deflect_value(keyword)
            if value:
                return value, re.sub(r"\s*\([^()]*\)", "", raw_line).strip()
    return 0, ""


def board_keywords(state: RbState) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """The keywords of each object that has any, for "a friendly unit without [Temporary]"
    (Shadow's Call; 355.9.b) and "cards with [Hidden] from your trash" (Guerilla Warfare)."""
    return tuple(
        (obj.id, found) for obj in state.objects.values() if (found := keywords_of(state, obj))
    )


def active_text(state: RbState, obj: RbObject) -> str:
    """The text whose abilities ``obj`` has now: its printed Rules Text (an Equipment's
    Effect Text is inactive unless attached, 136.2.b), none of it while it is attached to
    another card (718.2), and the Effect Text of each card attached to it (718.3)."""
    card = state.cards.get(obj.id)
    own = card.rules_text if card is not None and obj.attached_to is None else ""
    return "\n".join([own, *(text for _, text in appended_effect_texts(state, obj.id))]).strip()


def quick_draw_granter(state: RbState, player: str, card: RbCard) -> tuple[RbObject, str] | None:
    """The permanent on the board, controlled by ``player``, whose passive ability (365.1)
    gives ``card``, an Equipment of ``player``'s, [Quick-Draw] (Jax, Unmatched: "Your
    Equipment everywhere have [Quick-Draw]"), with that ability's text; None if none does."""
    if card.kind is not RbKind.GEAR or not any(t.casefold() == "equipment" for t in card.tags):
        return None
    for obj in state.on_board():
        if obj.controller != player:
            continue
        line = grants_quick_draw(active_text(state, obj))
        if line:
            return obj, line
    return None


def accelerate_granter(state: RbState, player: str, card: RbCard) -> tuple[RbObject, str] | None:
    """The permanent on the board, controlled by ``player``, whose passive ability gives
    ``card``, a unit ``player`` plays from anywhere other than a hand, [Accelerate] (Rek'Sai,
    Breacher), with that ability's text; None if none does (QA 55 W4)."""
    if card.kind is not RbKind.UNIT:
        return None
    for obj in state.on_board():
        if obj.controller != player:
            continue
        line = grants_accelerate_not_from_hand(active_text(state, obj))
        if line:
            return obj, line
    return None


# How a Bonus Damage ability written in an attached Equipment's Effect Text is named: after
# the card that says it, and the unit whose ability it is while attached (718.3).
ATTACHED_BONUS = " (its Effect Text, attached to "


def bonus_damage_to(state: RbState, dealer: str, unit: RbObject) -> tuple[tuple[str, int], ...]:
    """The Bonus Damage passive abilities on the board add to damage a spell or ability
    controlled by ``dealer`` deals to ``unit`` (417.5), each as (the card that says it, with
    the ability's text, the amount); their sum is added once (714), to each unit separately
    (715.2)."""
    found: list[tuple[str, int]] = []
    # Battlefields have passive abilities too (169.8: Void Gate).
    for source in (*state.on_board(), *state.battlefields()):
        card = state.cards.get(source.id)
        own = card.rules_text if card is not None and source.attached_to is None else ""
        # An attached Equipment's Effect Text is appended to its unit's Rules Text (718.3:
        # Rabadon's Deathcrown), so its "your" is the unit's controller and its "here" where
        # the unit is; the bonus is still credited to the card that says it.
        texts = [
            (own, source.name, ""),
            *(
                (text, gear.name, f"{ATTACHED_BONUS}{source.name})")
                for gear, text in appended_effect_texts(state, source.id)
            ),
        ]
        for text, name, attached in texts:
            for grant in bonus_damage(text):
                if grant.yours and source.controller != dealer:
                    continue
                if grant.here and unit.place != source.place:
                    continue
                found.append((f"{name}'s “{grant.text.rstrip('.')}”{attached}", grant.amount))
    return tuple(found)


def board_grants(
    state: RbState,
) -> tuple[tuple[tuple[int, int, str], ...], tuple[tuple[int, str], ...]]:
    """What permanents on the board grant others, as ``RbContext`` keeps it: Deflect (809.2)
    and "can't be chosen by enemy spells and abilities"; and what an attached Equipment's
    Effect Text gives the unit it is attached to (Hexdrinker's [Deflect], 718.3)."""
    board = [(with_said_tags(state, o), active_text(state, o)) for o in state.on_board()]
    deflect = list(granted_deflect(board))
    protected = list(granted_protection(board))
    for unit, text in board:
        # Fiora, Victorious: "While I'm [Mighty], I have [Deflect]" - Might 5 or more now (708).
        own = deflect_while_mighty(text)
        if own and (might_now(state, unit) or 0) >= 5:
            deflect.append(
                (
                    unit.id,
                    own,
                    "its own “While I'm [Mighty], I have [Deflect]”, as its Might is 5 or more (708)",
                )
            )
    for unit in state.on_board():
        # Mosstomper: "[Level 3][>] I have +1 [M] and [Deflect]." - its own while its
        # controller has the XP (824.1.b.1, 824.1.c).
        for line, chosen in _level_choosing(state, unit):
            # Master Yi, Unstoppable: "[Level 16][>] I can't be chosen by enemy spells and
            # abilities." - its own while its controller has the XP (824.1.c).
            if chosen.enemies_cant_choose:
                protected.append((unit.id, f"its own “{line}”"))
            if chosen.deflect:
                deflect.append((unit.id, chosen.deflect, f"its own “{line}”"))
        said, line = self_said_deflect(state, unit)
        if said:
            xp = state.xp.get(unit.controller or unit.owner, 0)
            cited = "".join(f" ({n})" for n in cite_if("level_active", state.version))
            active = f", active as {unit.controller} has {xp} XP{cited}" if level_of(line) else ""
            deflect.append((unit.id, said, f"its own “{line}”{active}"))
        for gear, text in appended_effect_texts(state, unit.id):
            appended = choosing_abilities(text)
            if appended.deflect:
                deflect.append((unit.id, appended.deflect, gear.name))
            if appended.enemies_cant_choose:
                protected.append((unit.id, gear.name))
    return tuple(deflect), tuple(protected)


def with_said_tags(state: RbState, obj: RbObject) -> RbObject:
    """``obj`` with the tags an attached Equipment's Effect Text gives it (718.3: Experimental
    Hexplate's "I am a Mech."), for grants that name a tag ("Your Mechs have [Deflect]")."""
    said = frozenset().union(*(tags_said(text) for _, text in appended_effect_texts(state, obj.id)))
    return replace(obj, tags=obj.tags | said) if said - obj.tags else obj


def referents_now(state: RbState, referents: Sequence[RbObject]) -> tuple[RbObject, ...]:
    """What a reflexive trigger refers to, as it is now: those still on the board."""
    return tuple(now for o in referents if (now := current_object(state, o)) is not None)


def passive_board(state: RbState) -> list[tuple[RbObject, str]]:
    """The permanents on the board, the battlefields and the Legends, each with the text whose
    passive abilities apply (365.1: a permanent's only while it is on the board; 169.8:
    battlefields have them too; a Legend is a Game Object in its zone, 107.4.c: Wuju Master's
    "[Level 6][>] Your units have +1 [M]").  An unattached Equipment's Effect Text is inactive
    (136.2.b); a [Level N] ability is active only while its controller has N or more XP
    (824.1.c, 824.1.d)."""
    legends = sorted(
        (o for o in state.objects.values() if o.zone is RbZone.LEGEND_ZONE), key=lambda o: o.id
    )
    return [
        (
            o,
            _with_points(state, o, levelled(state, o, card.rules_text))
            if (card := state.cards.get(o.id))
            else "",
        )
        for o in (*state.on_board(), *state.battlefields(), *legends)
    ]


# Draven, Showboat: "My Might is increased by your points." - a passive Might increase (472.3)
# of as many as its controller's points, read as "I have +N [M]." once they are stated.
_MIGHT_BY_POINTS = re.compile(r"\bMy Might is increased by your points\.", re.IGNORECASE)


def unknown_points_might_note(state: RbState, obj: RbObject) -> str:
    """What a Might answer about ``obj`` leaves out when its Might is increased by its
    controller's points and no statement gave them (Draven, Showboat); "" otherwise."""
    card = state.cards.get(obj.id)
    player = obj.controller or obj.owner
    if card is None or obj.zone not in BOARD_ZONES or player in state.points:
        return ""
    if not _MIGHT_BY_POINTS.search(card.rules_text):
        return ""
    return (
        f"its Might is increased by {player}'s points, which no statement gave, so they "
        f"aren't counted; say them (“{player} has 3 points.”)"
    )


def _with_points(state: RbState, obj: RbObject, text: str) -> str:
    """``text`` with "My Might is increased by your points." as the Might it gives now, while
    the controller's points are known (stated or counted, 466.1); as printed otherwise."""
    points = state.points.get(obj.controller or obj.owner)
    if points is None or not _MIGHT_BY_POINTS.search(text):
        return text
    return _MIGHT_BY_POINTS.sub(f"I have +{points} [M].", text)


# "[Level 6][>] Your units have +1 [M]. (While you have 6+ XP, get the effect.)" (824.1.a).
_LEVEL = re.compile(r"^\s*\[Level\s*(?P<n>\d+)\]\s*(?:\[>\]|>|-)?\s*", re.IGNORECASE)


def levelled(state: RbState, obj: RbObject, text: str) -> str:
    """``text`` with each [Level N] ability as its controller's XP makes it: its Dependent
    Ability written plainly while they have N or more XP (824.1.b.1, 824.1.c), gone while
    they have less (824.1.d)."""
    return levelled_for(state, obj.controller or obj.owner, text)


def levelled_for(state: RbState, player: str, text: str) -> str:
    """``text`` of a card ``player`` controls (or is playing) with its [Level N] abilities as
    ``player``'s XP makes them (824.1.b.1, 824.1.c, 824.1.d)."""
    if "[level" not in text.lower():
        return text
    xp = state.xp.get(player, 0)
    lines = []
    for line in text.splitlines():
        level = _LEVEL.match(line)
        if level is None:
            lines.append(line)
        elif xp >= int(level.group("n")):
            lines.append(line[level.end() :])
    return "\n".join(lines)


def level_of(line: str) -> int | None:
    """N for a "[Level N][>] ..." line, None for any other."""
    level = _LEVEL.match(line)
    return int(level.group("n")) if level else None


def might_changes(state: RbState) -> tuple[MightNow, ...]:
    """The units whose Might passive abilities on the board change now (472.3)."""
    return passive_might(passive_board(state))


def might_now(state: RbState, obj: RbObject) -> int | None:
    """``obj``'s Might now: its own, changed by passive abilities on the board (472.3), as
    every lethal-damage check and Might restriction reads it."""
    if obj.might is None or obj.zone not in BOARD_ZONES:
        return obj.might
    return next((m.might for m in might_changes(state) if m.object_id == obj.id), obj.might)


def might_text(state: RbState, obj: RbObject, unit: str = "") -> str:
    """``obj``'s Might now, with what changed it: "4 (2, +1 from Garen, Commander, +1 from
    Trusty Ramhound)"; just "4" when no passive ability changes it.  ``unit`` follows the
    number ("4 Might (2, ...)")."""
    found = next((m for m in might_changes(state) if m.object_id == obj.id), None)
    if found is None or obj.zone not in BOARD_ZONES:
        return f"{obj.might}{unit}"
    return f"{found.might}{unit} ({obj.might}, {might_changes_text(found)})"


def might_changes_text(found: MightNow) -> str:
    """What the passive abilities did to a unit's Might: "+1 from Garen, Commander, -8 from
    Leona, Zealot, to a minimum of 1" (a decrease its minimum held back is said as printed,
    with the minimum: 472.3.d.2.b; QA 44 M3)."""
    held = {name: (printed, floor) for name, printed, floor in found.floored}
    return ", ".join(
        f"{held[name][0]:+d} from {name}, to a minimum of {held[name][1]}"
        if name in held
        else f"{change:+d} from {name}"
        for name, change in found.changes
    )


def _might_pairs(state: RbState) -> tuple[tuple[int, int], ...]:
    return tuple((m.object_id, m.might) for m in might_changes(state))


def new_context(state: RbState, controller: str, source: RbObject | None = None) -> RbContext:
    """The context of a spell or ability about to go on the chain (it will be ``next_id``)."""
    deflect, protected = board_grants(state)
    return RbContext(
        controller,
        state.players,
        spell_id=state.next_id,
        source_id=source.id if source is not None else None,
        here=source.place if source is not None else None,
        chain_choices=chain_choices(state),
        shared_names=shared_names(state),
        granted_deflect=deflect,
        protected_by=protected,
        equipped=equipped_units(state),
        keywords=board_keywords(state),
        might_now=_might_pairs(state),
        units_at=units_at_battlefields(state),
    )


def chain_context(state: RbState, item: ChainItem) -> RbContext:
    """The context of an item on the chain.  For an ability, "here" is where its source is
    now (359.3.f.2), and nowhere once it has left the board (no location: 359.3.e.12)."""
    here: str | None = None
    if item.is_ability and item.source_id is not None:
        source = state.objects.get(item.source_id)
        here = source.place if source is not None else ""
    deflect, protected = board_grants(state)
    return RbContext(
        item.controller,
        state.players,
        spell_id=item.id,
        source_id=item.source_id,
        here=here,
        chain_choices=chain_choices(state),
        shared_names=shared_names(state),
        granted_deflect=deflect,
        protected_by=protected,
        referents=referents_now(state, item.referents),
        equipped=equipped_units(state),
        keywords=board_keywords(state),
        might_now=_might_pairs(state),
        units_at=units_at_battlefields(state),
    )


def unknown_control(state: RbState, battlefield: RbObject) -> str:
    """Why nobody is known to control ``battlefield``: units of several players are there and
    no statement said who controls it (QA 25 M2); "" when that isn't so."""
    if battlefield.controller or battlefield.kind is not RbKind.BATTLEFIELD:
        return ""
    players = sorted(
        {
            o.controller
            for o in state.on_board()
            if o.kind is RbKind.UNIT
            and o.zone is RbZone.BATTLEFIELD
            and o.location == battlefield.name
        }
    )
    if len(players) < 2:
        return ""
    return (
        f"no statement said who controls {battlefield.name}: {' and '.join(players)} both have "
        "units there, a combat, during which control doesn't change"
    )
