"""The Riftbound engine facade: a board, the chain, and the calls the scenario language makes.

Riftbound is not MTG with other words.  What is a target is decided by rule 355.10 (352.10 in
v1.2) from the text (``analysis.analyse``), not by the word "target"; a unit is played to a
location chosen as it is played (355.2) and goes straight to the board (359.2); a spell lingers
on the chain (359.3) and, when it resolves, does what it can even if some or all of its targets
are illegal (359.3.e.1: no fizzle; 055: do as much as you can).  Nothing here uses
``bot.engine.mtg``.

Every change returns ``(new_state, Verdict)``; an illegal action returns the same state with an
``illegal`` verdict.  Malformed calls (an unknown id) raise ``EngineError``.  States are
immutable values with a JSON form (``RbState.to_dict``/``from_dict``) for snapshots.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bot.engine.errors import EngineError, IllegalActionError
from bot.engine.grouping import split_in_text_order
from bot.engine.riftbound.abilities import RbAbility, read_abilities
from bot.engine.riftbound.analysis import Mention, TargetAnalysis, analyse
from bot.engine.riftbound.keywords import choosing_abilities
from bot.engine.riftbound.model import RbContext, RbKind, RbObject, RbZone
from bot.engine.riftbound.rules import CURRENT, cite_if, rule
from bot.engine.riftbound.targeting import (
    SplitChoiceNeeded,
    check_choice,
    check_split,
    check_target,
    split_options,
)
from bot.engine.riftbound.targeting import resolve as resolve_targets
from bot.engine.verdict import (
    EffectReport,
    SlotReport,
    TargetOption,
    Verdict,
    VerdictKind,
    merge_rules,
)
from bot.engine.wording import counted

BASE = "base"  # the location value for a player's base; battlefields go by their names
_BOARD = (RbZone.BASE, RbZone.BATTLEFIELD)
_KIND_BY_TYPE = {
    "unit": RbKind.UNIT,
    "gear": RbKind.GEAR,
    "spell": RbKind.SPELL,
    "legend": RbKind.LEGEND,
    "battlefield": RbKind.BATTLEFIELD,
    "rune": RbKind.RUNE,
}


@dataclass(frozen=True)
class RbCard:
    """The engine's view of a Riftbound card: its kind, text and Might."""

    name: str
    kind: RbKind
    text: str = ""
    might: int | None = None
    tags: tuple[str, ...] = ()
    super_types: tuple[str, ...] = ()

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
    ) -> RbCard:
        kinds = [_KIND_BY_TYPE[t.lower()] for t in card_types if t.lower() in _KIND_BY_TYPE]
        if not kinds:
            raise EngineError(f"{name} has no Riftbound card type the bot knows ({card_types}).")
        return cls(name, kinds[0], text, might, tuple(tags), tuple(super_types))

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind.value,
            "text": self.text,
            "might": self.might,
            "tags": list(self.tags),
            "super_types": list(self.super_types),
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

    @property
    def is_ability(self) -> bool:
        return self.ability in ("activated", "triggered")


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

    # ---- reading ----------------------------------------------------------------------------
    def obj(self, object_id: int) -> RbObject:
        found = self.objects.get(object_id)
        if found is not None:
            return found
        if object_id in self.departed:
            event, new_id = self.departed[object_id]
            now = f"; it is now #{new_id}, a new object" if new_id is not None else ""
            raise EngineError(
                f"#{object_id} {event}{now} (rule {rule('new_object', self.version)})."
            )
        raise EngineError(f"There is no object #{object_id}.")

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
                if o.zone in _BOARD and o.kind is not RbKind.BATTLEFIELD
            ),
            key=lambda o: o.id,
        )

    def item(self, object_id: int) -> ChainItem | None:
        return next((i for i in self.chain if i.id == object_id), None)

    def label(self, object_id: int) -> str:
        return label(self.obj(object_id))

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
                }
                for i in self.chain
            ],
            "departed": {str(k): [e, n] for k, (e, n) in self.departed.items()},
            "next_id": self.next_id,
            "version": self.version,
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
    )


def label(obj: RbObject) -> str:
    """``Bob's Blazing Scorcher at Targon's Peak``, ``Alice's Recruit at her base``,
    ``Targon's Peak`` for a battlefield, ``Void Seeker (on the chain)``."""
    if obj.kind is RbKind.BATTLEFIELD:
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


def chain_choices(state: RbState) -> tuple[tuple[int, tuple[RbObject, ...]], ...]:
    """What each spell and ability on the chain chose ("a spell that chooses a friendly unit")."""
    return tuple((i.id, tuple(o for group in i.chosen for o in group)) for i in state.chain)


def new_context(state: RbState, controller: str, source: RbObject | None = None) -> RbContext:
    """The context of a spell or ability about to go on the chain (it will be ``next_id``)."""
    return RbContext(
        controller,
        state.players,
        spell_id=state.next_id,
        source_id=source.id if source is not None else None,
        here=source.place if source is not None else None,
        chain_choices=chain_choices(state),
    )


def chain_context(state: RbState, item: ChainItem) -> RbContext:
    """The context of an item on the chain.  For an ability, "here" is where its source is
    now (359.3.f.2), and nowhere once it has left the board (no location: 359.3.e.12)."""
    here: str | None = None
    if item.is_ability and item.source_id is not None:
        source = state.objects.get(item.source_id)
        here = source.place if source is not None else ""
    return RbContext(
        item.controller,
        state.players,
        spell_id=item.id,
        source_id=item.source_id,
        here=here,
        chain_choices=chain_choices(state),
    )


@dataclass(frozen=True)
class AbilitySource:
    """An activated or triggered ability that is not on the chain, for questions ("What can
    Iron Ballista's ability target?"): of the object ``source_id`` in the game, or of a card
    not in the game when ``source_id`` is None."""

    card_name: str
    ability: RbAbility
    source_id: int | None = None

    @property
    def name(self) -> str:
        return f"{self.card_name}'s {self.ability.title}"


def ability_kind(card: RbCard) -> str:
    """How a card's text is read: a spell's text is its spell ability; a unit's or gear's
    text is its abilities (units and gear never target themselves, 352.9.c in v1.2)."""
    if card.kind is RbKind.SPELL:
        return "spell"
    return (
        "triggered"
        if re.search(r"\b(?:when|whenever|at the start)\b", card.text, re.I)
        else "activated"
    )


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")
# Conditions on using activated abilities (377.2.b).
_USE_WHILE_AT_BATTLEFIELD = re.compile(
    r"Use (?:this ability )?only while I'm at a battlefield", re.I
)
_USE_MY_ABILITIES = re.compile(r"Use my abilities only while I'm at a battlefield", re.I)


def _ability_statement(name: str, ordinal: str, kind: str | None, who: str) -> str:
    """A statement naming one ability, for hints."""
    ability = f"{name}'s {ordinal} ability"
    if kind == "activated":
        return f"“{who or 'Alice'} activates {ability} targeting …”"
    if kind == "triggered":
        return f"“{ability} targets …”"
    return f"“What can {ability} target?”"


def pick_ability(
    name: str,
    every: Sequence[RbAbility],
    kind: str | None,
    index: int | None,
    *,
    keyword: str | None = None,
    version: str = CURRENT,
    who: str = "",
) -> RbAbility:
    """The ability of ``name`` a statement means (see ``RiftboundGame.find_ability``);
    ``who`` controls it, for the statements the errors suggest."""
    wanted = [a for a in every if kind is None or a.kind == kind]
    if keyword:
        word = keyword.casefold()
        wanted = [a for a in wanted if a.keyword.casefold() == word or word in a.text.casefold()]
    what = f"{keyword + ' ' if keyword else ''}{kind + ' ' if kind else ''}ability"
    listed = "; ".join(
        f"{_ORDINALS[a.index] if a.index < len(_ORDINALS) else a.index + 1}: “{a.text}” ({a.kind})"
        for a in every
    )
    if not wanted:
        hint = (
            f"Activated abilities are written “cost: effect” ({rule('activated', version)}); "
            f"triggered ones start with “When …” or “At …” ({rule('triggered', version)})."
        )
        if kind == "activated" and any(a.kind == "triggered" for a in every):
            hint = (
                f"Its triggered ability goes on the chain when its condition is met: "
                f"“{name}'s trigger targets …” ({rule('trigger_to_chain', version)})."
            )
        elif kind == "triggered" and any(a.kind == "activated" for a in every):
            hint = (
                f"Its controller activates it: “{who or 'Alice'} activates {name} targeting "
                f"…” ({rule('activated_chain', version)})."
            )
        raise EngineError(
            f"{name} has no {what} the bot can find"
            + (
                f" (its abilities: {listed})."
                if every
                else " (it has no activated or triggered abilities; reminder text in parentheses "
                "is not an ability)."
            ),
            hint=hint,
        )
    if index is not None:
        if 0 <= index < len(every) and every[index] in wanted:
            return every[index]
        if -len(wanted) <= index < len(wanted):
            return wanted[index]
        raise EngineError(
            f"{name} has only {counted(len(wanted), what)} (its abilities: {listed}).",
            hint="e.g. " + _ability_statement(name, "first", kind, who) + ".",
        )
    if len(wanted) == 1:
        return wanted[0]
    targeting = [a for a in wanted if analyse(a.text, version=version, ability=a.kind).targets]
    if len(targeting) == 1:
        return targeting[0]
    first = _ORDINALS[wanted[0].index] if wanted[0].index < len(_ORDINALS) else "first"
    raise EngineError(
        f"{name} has {len(wanted)} {what.replace('ability', 'abilities')}; say which ({listed}).",
        hint="e.g. " + _ability_statement(name, first, kind, who) + ".",
    )


def group_refs(targets: Sequence[Mention], refs: Sequence[int]) -> list[list[int]]:
    """Targets given in text order, split among the target mentions that ask for them: each
    takes as many as it may while leaving enough for the ones after it (355.8)."""
    groups, rest = split_in_text_order([(m.min_count, m.max_count) for m in targets], refs)
    if rest and groups:
        groups[-1].extend(rest)  # too many: check_choice reports the count (355.13)
    elif rest:
        groups.append(rest)
    return groups


def _ok(state: RbState, reason: str, rules: Iterable[str] = (), ids: Iterable[int] = ()):
    return state, Verdict(VerdictKind.OK, reason, tuple(rules), object_ids=tuple(ids))


# ---- playing one choice at a time ------------------------------------------------------------
@dataclass(frozen=True)
class RbChoice:
    """The next choice while playing a card: a location (355.2) or one target mention's
    objects (355.8, 355.9).  ``options`` are (label, value) pairs."""

    kind: str  # "location", "targets" or "done"
    prompt: str
    rule: str
    options: tuple[tuple[str, int | str], ...] = ()
    min_count: int = 1
    max_count: int | None = 1


@dataclass(frozen=True)
class PlayInProgress:
    """A card being played (355): the location for a unit, then each target mention in
    text order.  ``back()`` undoes the last choice; ``finish`` is ``RiftboundGame.finish``."""

    state: RbState
    player: str
    card: RbCard
    location: str | None = None
    picks: tuple[tuple[int, ...], ...] = ()
    destination: str | None = None  # where a spell's move goes (355.4)

    @property
    def analysis(self) -> TargetAnalysis:
        return _analysis(self.card, self.state.version)

    @property
    def needs_location(self) -> bool:
        return self.card.kind is RbKind.UNIT

    def context(self) -> RbContext:
        return new_context(self.state, self.player)

    def next_choice(self) -> RbChoice:
        version = self.state.version
        if self.needs_location and self.location is None:
            options: list[tuple[str, int | str]] = [(f"{self.player}'s base", BASE)]
            options += [
                (b.name, b.name) for b in self.state.battlefields() if b.controller == self.player
            ]
            return RbChoice(
                "location",
                f"Where is {self.card.name} played?",
                rule("choose_location", version),
                tuple(options),
            )
        targets = self.analysis.targets if self.card.kind is RbKind.SPELL else ()
        if len(self.picks) < len(targets):
            mention = targets[len(self.picks)]
            ctx = self.context()
            found: list[tuple[str, int | str]] = [
                (label(o), o.id)
                for o in sorted(self.state.objects.values(), key=lambda o: o.id)
                if check_target(o, mention, ctx, version=version).ok
            ]
            wording = mention.phrase + (f" {mention.restriction}" if mention.restriction else "")
            return RbChoice(
                "targets",
                f"Choose {wording}.",
                rule("valid_target", version),
                tuple(found),
                mention.min_count,
                mention.max_count,
            )
        return RbChoice("done", "Every choice is made.", rule("check_targets", version))

    def choose(self, value: int | str | Sequence[int]) -> PlayInProgress:
        choice = self.next_choice()
        if choice.kind == "location":
            wanted = str(value[0] if isinstance(value, (list, tuple)) and value else value)
            for text, option in choice.options:
                if (
                    str(option).casefold() == wanted.casefold()
                    or text.casefold() == wanted.casefold()
                ):
                    return replace(self, location=str(option))
            battlefield = self.state.battlefield(wanted)
            held = (
                f" ({battlefield.name} is controlled by {battlefield.controller or 'nobody'})"
                if battlefield is not None
                else ""
            )
            raise IllegalActionError(
                f"{wanted} is not a valid location for {self.card.name}: only {self.player}'s base "
                f"or a battlefield {self.player} controls{held}.",
                rules=(rule("valid_location", self.state.version),),
            )
        if choice.kind != "targets":
            raise EngineError("Every choice is already made.")
        picked = tuple(value) if isinstance(value, (list, tuple)) else (value,)
        allowed = {option for _, option in choice.options}
        for ref in picked:
            if ref not in allowed:
                raise IllegalActionError(
                    f"{ref} is not a valid choice for “{choice.prompt[7:-1]}”.",
                    rules=(rule("valid_target", self.state.version),),
                )
        if len(picked) < choice.min_count or (
            choice.max_count is not None and len(picked) > choice.max_count
        ):
            most = "any number" if choice.max_count is None else str(choice.max_count)
            raise IllegalActionError(
                f"Choose from {choice.min_count} to {most} for “{choice.prompt[7:-1]}”.",
                rules=(rule("up_to", self.state.version),),
            )
        return replace(self, picks=(*self.picks, tuple(int(r) for r in picked)))

    def back(self) -> PlayInProgress:
        if self.picks:
            return replace(self, picks=self.picks[:-1])
        if self.location is not None and self.needs_location:
            return replace(self, location=None)
        raise EngineError("This is the first choice; there is nothing to go back to.")


def _analysis(card: RbCard, version: str) -> TargetAnalysis:
    return analyse(card.text, version=version, ability=ability_kind(card))


# ---- the facade ---------------------------------------------------------------------------------
class RiftboundGame:
    """Stateless facade over Riftbound's targeting rules and a simple board."""

    def __init__(self, version: str = CURRENT) -> None:
        self.version = version

    def new_game(self, players: Sequence[str] = ()) -> RbState:
        return RbState(players=tuple(players), version=self.version)

    # ---- setting up ---------------------------------------------------------------------------
    @staticmethod
    def add_player(state: RbState, name: str) -> tuple[RbState, Verdict]:
        if state.has_player(name):
            return _ok(state, f"{state.player(name)} is already in the game.")
        return _ok(state.with_player(name), f"{name} joins the game.")

    @staticmethod
    def ensure_battlefield(
        state: RbState, card: RbCard, controller: str = ""
    ) -> tuple[RbState, int]:
        """The battlefield named by ``card``, created the first time it is named."""
        found = state.battlefield(card.name)
        if found is not None:
            if controller and not found.controller:
                state = state.with_object(replace(found, controller=controller, owner=controller))
            return state, found.id
        obj = RbObject(
            0, card.name, RbKind.BATTLEFIELD, controller, controller, RbZone.BATTLEFIELD, card.name
        )
        return state.add(obj, card)

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
            return _ok(
                state,
                f"{card.name} is a battlefield in play, controlled by {controller} (#{new_id}).",
                ids=(new_id,),
            )
        if card.kind is RbKind.SPELL:
            raise EngineError(
                f"{card.name} is a spell: it is played, not controlled.",
                hint=f"e.g. “{controller} plays {card.name} targeting …”.",
            )
        zone, where = RbZone.BASE, ""
        if card.kind is RbKind.LEGEND:
            zone = RbZone.LEGEND_ZONE
        elif battlefield is not None:
            state, _ = self.ensure_battlefield(state, battlefield, controller)
            zone, where = RbZone.BATTLEFIELD, battlefield.name
        printed = choosing_abilities(card.text)
        obj = RbObject(
            0,
            card.name,
            card.kind,
            controller,
            controller,
            zone,
            where,
            card.might,
            frozenset(t.lower() for t in card.tags),
            champion="Champion" in card.super_types,
            deflect=printed.deflect,
            enemies_cant_choose=printed.enemies_cant_choose,
        )
        state, new_id = state.add(obj, card)
        place = {RbZone.LEGEND_ZONE: "in the legend zone", RbZone.BASE: "at base"}.get(
            zone, f"at {where}"
        )
        return _ok(state, f"{controller} controls {card.name} {place} (#{new_id}).", ids=(new_id,))

    def add_token(
        self,
        state: RbState,
        controller: str,
        name: str,
        might: int | None,
        battlefield: RbCard | None = None,
        *,
        kind: RbKind = RbKind.UNIT,
    ) -> tuple[RbState, Verdict]:
        state = state.with_player(controller)
        zone, where = RbZone.BASE, ""
        if battlefield is not None:
            state, _ = self.ensure_battlefield(state, battlefield, controller)
            zone, where = RbZone.BATTLEFIELD, battlefield.name
        obj = RbObject(0, name, kind, controller, controller, zone, where, might, token=True)
        state, new_id = state.add(obj)
        place = f"at {where}" if where else "at base"
        return _ok(
            state,
            f"{controller} controls a {might if might is not None else ''} Might "
            f"{name} token {place} (#{new_id}).".replace("a  Might", "a"),
            ids=(new_id,),
        )

    @staticmethod
    def add_card(state: RbState, owner: str, card: RbCard, zone: RbZone) -> tuple[RbState, Verdict]:
        """A card in a trash, hand, deck or banishment (for "a unit in your trash")."""
        state = state.with_player(owner)
        obj = RbObject(0, card.name, card.kind, owner, owner, zone, "", card.might)
        state, new_id = state.add(obj, card)
        return _ok(state, f"{card.name} is in {owner}'s {zone.value} (#{new_id}).", ids=(new_id,))

    # ---- changes ------------------------------------------------------------------------------
    @staticmethod
    def set_might(state: RbState, object_id: int, might: int) -> tuple[RbState, Verdict]:
        obj = state.obj(object_id)
        if obj.kind is not RbKind.UNIT:
            raise EngineError(f"{obj.name} is a {obj.kind.value}; only units have Might.")
        return _ok(
            state.with_object(replace(obj, might=might)),
            f"{label(obj)} has {might} Might.",
            ids=(object_id,),
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
        new = replace(
            obj,
            exhausted=obj.exhausted if exhausted is None else exhausted,
            stunned=obj.stunned if stunned is None else stunned,
        )
        words = [
            w
            for w, on in (
                ("exhausted", new.exhausted),
                ("ready", not new.exhausted),
                ("stunned", new.stunned),
            )
            if on
        ]
        return _ok(
            state.with_object(new),
            f"{label(obj)} is {' and '.join(words)}.",
            (rule("stun", state.version),) if stunned else (),
            (object_id,),
        )

    def move(
        self,
        state: RbState,
        object_id: int,
        *,
        to_base: bool = False,
        battlefield: RbCard | None = None,
    ) -> tuple[RbState, Verdict]:
        """A move between locations on the board: the same object, now elsewhere (441.1)."""
        obj = state.obj(object_id)
        if obj.zone not in _BOARD or obj.kind is RbKind.BATTLEFIELD:
            raise EngineError(f"{label(obj)} is not on the board, so it can't move.")
        if battlefield is not None:
            state, _ = self.ensure_battlefield(state, battlefield)
            new = replace(obj, zone=RbZone.BATTLEFIELD, location=battlefield.name)
        elif to_base:
            new = replace(obj, zone=RbZone.BASE, location="")
        else:
            raise EngineError("Say where it moves: a base or a battlefield.")
        return _ok(
            state.with_object(new),
            f"{obj.name} moves to {new.location or obj.controller + chr(39) + 's base'}; "
            "it is the same object, "
            "so spells that chose it still do.",
            (rule("move", state.version),),
            (object_id,),
        )

    @staticmethod
    def leave(
        state: RbState, object_id: int, zone: RbZone, *, event: str = ""
    ) -> tuple[RbState, Verdict]:
        """Dies (trash), returns to hand, is banished: a new object, or a token that ceases
        to exist; spells that chose it no longer can affect it (359.3.e.4)."""
        obj = state.obj(object_id)
        event = event or {
            RbZone.TRASH: "died",
            RbZone.HAND: "returned to its owner's hand",
            RbZone.BANISHMENT: "was banished",
        }.get(zone, f"went to the {zone.value}")
        state, new_id = _to_zone(state, obj, zone, event)
        tail = (
            f"; it is a new object #{new_id}"
            if new_id is not None
            else "; a token in a non-board zone ceases to exist"
        )
        cited = [rule("new_object", state.version)]
        if zone is RbZone.TRASH:
            cited.insert(0, rule("kill", state.version))
        if zone is RbZone.BANISHMENT:
            cited.insert(0, rule("banish", state.version))
        return _ok(state, f"{label(obj)} {event}{tail}.", cited, (new_id,) if new_id else ())

    # ---- playing ------------------------------------------------------------------------------
    def start_play(self, state: RbState, player: str, card: RbCard) -> PlayInProgress:
        player = state.player(player)
        if card.kind in (RbKind.LEGEND, RbKind.BATTLEFIELD, RbKind.RUNE):
            raise IllegalActionError(
                f"{card.name} is a {card.kind.value}; it isn't played from a hand.",
                hint=f"Put it in the game with “{player} controls {card.name}.”",
            )
        return PlayInProgress(
            state, player, card, location=None if card.kind is RbKind.UNIT else BASE
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
    ) -> tuple[RbState, Verdict]:
        """Play a card with all its choices: a unit to ``location`` (default its controller's
        base), a spell with its targets, one group per target mention in text order, and the
        ``destination`` of a unit it moves (``BASE`` or a battlefield's name, 355.4)."""
        state = state.with_player(player)
        try:
            progress = self.start_play(state, player, card)
            if progress.needs_location:
                progress = progress.choose(location or BASE)
            elif destination is not None:
                progress = replace(progress, destination=destination)
        except IllegalActionError as error:
            return state, _illegal(error, state.version)
        analysis = progress.analysis
        if card.kind is not RbKind.SPELL:
            if any(targets):
                return state, Verdict(
                    VerdictKind.ILLEGAL,
                    f"{card.name} is a {card.kind.value}: units and gear never have targets, "
                    "although their abilities may.",
                    ("352.9.c",),
                )
            return self.finish(progress)
        if not analysis.targets and any(targets):
            verdict = analysis.verdict()
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{card.name} doesn't target anything, so nothing can be chosen: "
                + verdict.reason[0].lower()
                + verdict.reason[1:],
                verdict.rules,
                verdict.slots,
            )
        return self.finish(replace(progress, picks=tuple(tuple(g) for g in targets)))

    def finish(self, progress: PlayInProgress) -> tuple[RbState, Verdict]:
        """Check every choice (358.1) and carry the play out: a permanent goes to the board
        (359.2), a spell onto the chain (359.3) with its targets."""
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
            if where != BASE:
                battlefield = state.battlefield(where)
                if battlefield is None or battlefield.controller != player:
                    return state, Verdict(
                        VerdictKind.ILLEGAL,
                        f"{card.name} can only be played to {player}'s base or a battlefield "
                        f"{player} controls; {player} doesn't control {where}.",
                        (r("choose_location"), r("valid_location")),
                    )
            new_state, verdict = self.add_permanent(
                state,
                player,
                card,
                battlefield=state.cards.get(battlefield.id) if battlefield else None,
            )
            if battlefield is not None and verdict.ok:
                obj = new_state.obj(verdict.object_ids[0])
                new_state = new_state.with_object(
                    replace(obj, zone=RbZone.BATTLEFIELD, location=where)
                )
            place = "base" if where == BASE else where
            rules = (r("choose_location"), r("valid_location"), r("permanent_to_board"))
            return new_state, Verdict(
                VerdictKind.LEGAL,
                f"{player} plays {card.name} to {player + chr(39) + 's ' if where == BASE else ''}{place}; "
                "a permanent goes straight to the board (no targets: units and gear never target).",
                rules,
                object_ids=verdict.object_ids,
            )
        analysis = progress.analysis
        targets = analysis.targets
        ctx = new_context(state, player)
        if len(progress.picks) > len(targets):
            raise EngineError(
                f"{card.name} has {counted(len(targets), 'target choice')}; "
                f"{len(progress.picks)} groups were given."
            )
        picks = list(progress.picks) + [()] * (len(targets) - len(progress.picks))
        chosen = [[state.obj(i) for i in group] for group in picks]
        checked = check_choice(analysis, chosen, ctx)
        if checked.kind is VerdictKind.ILLEGAL:
            return state, replace(checked, rules=merge_rules(checked.rules, (r("check_targets"),)))
        destination = progress.destination or ""
        if destination:
            refused = _destination_problem(state, card.text, chosen, destination)
            if refused is not None:
                return state, refused
        spell = RbObject(0, card.name, RbKind.SPELL, player, player, RbZone.CHAIN)
        state, spell_id = state.add(spell, card)
        item = ChainItem(
            spell_id,
            card.name,
            player,
            card.text,
            "spell",
            tuple(tuple(group) for group in chosen),
            destination=destination,
        )
        state = replace(state, chain=(*state.chain, item))
        names = [label(o) for group in chosen for o in group]
        what = (
            (" targeting " + ", ".join(names))
            if names
            else (" with no targets" if not targets else " choosing no targets")
        )
        if destination:
            place = "its base" if destination == BASE else destination
            what += f", moving it to {place} (a chosen destination is a target too, {r('move_destination')})"
        cited = merge_rules(
            checked.rules if targets else (r("mentioned_is_target"),), (r("spell_lingers"),)
        )
        extra, notes, deflect_rules = _deflect_cost(chosen, ctx, version)
        return state, Verdict(
            VerdictKind.LEGAL,
            f"{player} plays {card.name}{what}; it is on the chain (#{spell_id}).{extra}",
            merge_rules(cited, deflect_rules, (r("move_destination"),) if destination else ()),
            checked.slots,
            notes=notes,
            object_ids=(spell_id,),
        )

    # ---- abilities ----------------------------------------------------------------------------
    @staticmethod
    def abilities_of(state: RbState, source_id: int) -> tuple[RbAbility, ...]:
        """The activated and triggered abilities printed on the object ``source_id``."""
        card = state.cards.get(source_id)
        if card is None or card.kind is RbKind.SPELL:
            return ()
        return read_abilities(card.text)

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
        return pick_ability(
            obj.name,
            self.abilities_of(state, source_id),
            kind,
            index,
            keyword=keyword,
            version=state.version,
            who=obj.controller,
        )

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
    ) -> tuple[RbState, Verdict]:
        """``player`` activates an activated ability of the permanent ``source_id`` (377):
        the ability goes on the chain as a separate object (355.9.c) controlled by the
        controller of its source (188.4.a), with its targets, one group per target mention in
        text order; its cost (before the ":") is not a target (355.10.c)."""
        version = state.version
        r = lambda concept: rule(concept, version)  # noqa: E731 - short local alias
        state = state.with_player(player)
        player = state.player(player)
        source = state.obj(source_id)
        ability = self.find_ability(state, source_id, "activated", ability_index, keyword=keyword)
        name = f"{source.name}'s {ability.title}"
        if source.zone not in (*_BOARD, RbZone.LEGEND_ZONE):
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
        card = state.cards.get(source_id)
        condition = _USE_WHILE_AT_BATTLEFIELD.search(ability.text) or (
            _USE_MY_ABILITIES.search(card.text) if card is not None else None
        )
        if condition and not source.at_battlefield:
            return state, Verdict(
                VerdictKind.ILLEGAL,
                f"{source.name} says “{condition.group(0)}”, and {source.name} is not at a "
                "battlefield.",
                cite_if("use_condition", version) or (r("card_text_wins"),),
            )
        return self._to_chain(state, source, ability, player, targets)

    def trigger(
        self,
        state: RbState,
        source_id: int,
        ability_index: int | None = None,
        *,
        targets: Sequence[Sequence[int]] = (),
        keyword: str | None = None,
    ) -> tuple[RbState, Verdict]:
        """A triggered ability of ``source_id`` goes on the chain with its targets (383.3),
        controlled by the controller of its source (188.4.a).  The bot takes the judge's word
        that its condition was met; the condition is not a target (355.10.c).  If nothing is a
        valid choice for a target it needs, it is removed and never becomes a chain item
        (402.3)."""
        source = state.obj(source_id)
        ability = self.find_ability(state, source_id, "triggered", ability_index, keyword=keyword)
        controller = source.controller or (source.owner if source.zone not in _BOARD else "")
        if not controller:
            raise EngineError(
                f"Nobody controls {source.name}, so the bot can't tell who controls its "
                f"ability (an uncontrolled battlefield's abilities are the turn player's, "
                f"{rule('uncontrolled_battlefield', state.version)}).",
                hint=f"Say who controls it first, e.g. “Alice controls {source.name}.”",
            )
        return self._to_chain(state, source, ability, controller, targets)

    def can_activate(
        self,
        state: RbState,
        player: str,
        source_id: int,
        ability_index: int | None = None,
        *,
        targets: Sequence[Sequence[int]] = (),
        keyword: str | None = None,
    ) -> Verdict:
        """A question: could ``player`` activate it now with these targets?  Nothing changes."""
        _, verdict = self.activate(
            state, player, source_id, ability_index, targets=targets, keyword=keyword
        )
        if verdict.kind is VerdictKind.ILLEGAL:
            return replace(verdict, kind=VerdictKind.NO, reason="No: " + verdict.reason)
        return replace(
            verdict,
            kind=VerdictKind.YES,
            object_ids=(),
            reason="Yes: " + verdict.reason.replace(" activates ", " can activate ", 1),
        )

    def _to_chain(
        self,
        state: RbState,
        source: RbObject,
        ability: RbAbility,
        controller: str,
        targets: Sequence[Sequence[int]],
    ) -> tuple[RbState, Verdict]:
        """Make the choices (402.1) and put the ability on the chain as a chain item (400.1)."""
        version = state.version
        r = lambda concept: rule(concept, version)  # noqa: E731 - short local alias
        kind = ability.kind
        name = f"{source.name}'s {ability.title}"
        analysis = analyse(ability.text, version=version, ability=kind)
        mentions = analysis.targets
        ctx = new_context(state, controller, source)
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
            and not any(check_target(o, m, ctx, version=version).ok for o in state.objects.values())
        ]
        if empty:
            phrase = empty[0].phrase + (f" {empty[0].restriction}" if empty[0].restriction else "")
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
        if checked.kind is VerdictKind.ILLEGAL:
            more: tuple[str, ...] = (r("ability_choices"), r("check_targets"))
            if kind == "triggered":
                more += (r("trigger_must_choose"),)
            return state, replace(checked, rules=merge_rules(checked.rules, more))
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
                f"Its cost “{ability.cost}” is paid as it is activated "
                f"({r('ability_cost')}); nothing in a cost is a target "
                f"({r('cost_trigger_replacement')})."
            )
            cited.append(r("ability_cost"))
        if kind == "triggered" and any(
            i.part == "trigger condition" for i in analysis.instructions
        ):
            notes.append(
                f"Nothing in its trigger condition is a target ({r('cost_trigger_replacement')})."
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
            merge_rules(cited_rules, deflect_rules),
            checked.slots,
            notes=(*notes, *deflect_notes),
            object_ids=(item_id,),
        )

    # ---- resolving ----------------------------------------------------------------------------
    def resolve_top(
        self,
        state: RbState,
        *,
        affecting: Collection[int] | None = None,
        division: Sequence[int] | None = None,
    ) -> tuple[RbState, Verdict]:
        """The newest item on the chain resolves (340.1), doing what it can (359.3.e).

        ``affecting``: the original group targets its controller chooses to affect when the
        group no longer meets its restriction (355.11.b; see ``targeting.resolve``).
        ``division``: how split damage is divided among the split targets still legal, in the
        order they were chosen; it is decided only now (355.14.e).
        """
        if not state.chain:
            raise EngineError("The chain is empty: there is nothing to resolve.")
        return self._resolve(state, state.chain[-1], affecting, division)

    def resolve(
        self,
        state: RbState,
        item_id: int,
        *,
        affecting: Collection[int] | None = None,
        division: Sequence[int] | None = None,
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
        return self._resolve(state, item, affecting, division)

    def resolve_all(self, state: RbState, *, limit: int = 100) -> tuple[RbState, list[Verdict]]:
        verdicts: list[Verdict] = []
        while state.chain and len(verdicts) < limit:
            state, verdict = self.resolve_top(state)
            verdicts.append(verdict)
        return state, verdicts

    def _resolve(
        self,
        state: RbState,
        item: ChainItem,
        affecting: Collection[int] | None = None,
        division: Sequence[int] | None = None,
    ) -> tuple[RbState, Verdict]:
        version = state.version
        analysis = analyse(item.text, version=version, ability=item.ability)
        ctx = chain_context(state, item)
        now = {o.id: _current(state, o) for group in item.chosen for o in group}
        verdict = resolve_targets(analysis, item.chosen, now, ctx, affecting=affecting)
        state, notes, rules, ids = _carry_out(state, analysis, item, verdict, division)
        spell = state.objects.get(item.id)
        state = replace(state, chain=tuple(i for i in state.chain if i.id != item.id))
        first: list[str] = []
        extra: list[str] = []
        if item.is_ability:
            # An ability has no card: once it resolves it is cleared from the chain (406.5).
            if spell is not None:
                state = state.without(item.id, "resolved and was cleared from the chain", None)
            extra.append(rule("ability_resolves", version))
            if item.source_id is not None and item.source_id not in state.objects:
                first.append(
                    f"{item.source_name} has left the board, but its ability is a "
                    f"separate object and still resolves ({rule('not_itself', version)})."
                )
                extra.append(rule("not_itself", version))
            if ctx.here is not None and any(
                "here" in (m.phrase + " " + m.restriction).split() for m in analysis.targets
            ):
                extra += cite_if("here_on_execution", version)
        elif spell is not None:  # a resolved spell goes to its owner's trash
            state = state.with_object(replace(spell, zone=RbZone.TRASH))
        reason = f"{item.name} resolves. " + verdict.reason
        return state, replace(
            verdict,
            reason=reason,
            rules=merge_rules((rule("newest_resolves", version),), verdict.rules, rules, extra),
            notes=(*first, *verdict.notes, *notes),
            object_ids=(item.id, *ids),
        )

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
        return source.name, _analysis(source, state.version), new_context(state, player)

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
        for n, mention in mentions:
            check = check_target(obj, mention, ctx, version=state.version)
            report = SlotReport(
                n,
                mention.phrase + (f" {mention.restriction}" if mention.restriction else ""),
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
                for o in sorted(state.objects.values(), key=lambda o: o.id)
                if check_target(o, mention, ctx, version=state.version).ok
            ]
            # Deflect doesn't make a choice invalid; it makes it cost more (809.1.c).
            deflected = [o for o in valid if o.deflect and ctx.is_enemy(o.controller)]
            taxed = taxed or bool(deflected)
            options = tuple(
                TargetOption(
                    label(o)
                    + (
                        f" (Deflect {o.deflect}: costs {o.deflect} more Power)"
                        if o in deflected
                        else ""
                    ),
                    o.id,
                )
                for o in valid
            )
            requirement = mention.phrase + (
                f" {mention.restriction}" if mention.restriction else ""
            )
            reports.append(SlotReport(n, requirement, options=options))
        summary = "; ".join(
            f"“{r.requirement}”: " + (", ".join(o.label for o in r.options) or "nothing")
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
    ) -> Verdict:
        """A question: could this card be played now with these choices?  Nothing changes."""
        if not any(targets) and card.kind is RbKind.SPELL:
            analysis = _analysis(card, state.version)
            ctx = new_context(state, state.player(player))
            empty = [
                m
                for m in analysis.targets
                if m.min_count > 0
                and not any(
                    check_target(o, m, ctx, version=state.version).ok
                    for o in state.objects.values()
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
        _, verdict = self.play(state, player, card, targets=targets, location=location)
        if verdict.kind is VerdictKind.ILLEGAL:
            return replace(verdict, kind=VerdictKind.NO, reason="No: " + verdict.reason)
        return replace(
            verdict,
            kind=VerdictKind.YES,
            object_ids=(),
            reason="Yes: " + verdict.reason.replace(" plays ", " can play ", 1),
        )


class RiftboundRules:
    """The Riftbound ``RuleSet`` (bot/engine/ruleset.py): no fizzle, targets by 355.10."""

    game = "riftbound"
    has_fizzle = False  # 359.3.e.1: the spell resolves even if all its targets are illegal

    def __init__(self, engine: RiftboundGame | None = None) -> None:
        self.engine = engine or RiftboundGame()

    def is_legal_target(
        self, state: Any, player: str, source: Any, candidate: int | str, *, slot: int = 0
    ) -> Verdict:
        if isinstance(candidate, str):
            raise EngineError("Riftbound targets here are objects (by id), not players.")
        return self.engine.is_legal_target(state, player, source, candidate, slot=slot)

    def legal_targets(self, state: Any, player: str, source: Any) -> Verdict:
        return self.engine.legal_targets(state, player, source)

    def can_cast(self, state: Any, player: str, card: Any) -> Verdict:
        return self.engine.can_play(state, player, card)

    def resolve(self, state: Any) -> tuple[Any, Verdict]:
        return self.engine.resolve_top(state)

    def does_target(self, text: str) -> Verdict:
        return self.engine.does_target(text)


def _deflect_cost(
    chosen: Sequence[Sequence[RbObject]], ctx: RbContext, version: str
) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """Deflect on the chosen permanents of an opponent: the Power added to the cost, once for
    each time each is chosen (809.1.c), as a mandatory additional cost (809.1.d)."""
    deflecting = [o for group in chosen for o in group if o.deflect and ctx.is_enemy(o.controller)]
    if not deflecting:
        return "", (), ()
    total = sum(o.deflect for o in deflecting)
    each = ", ".join(f"{label(o)} (Deflect {o.deflect})" for o in deflecting)
    r = lambda concept: rule(concept, version)  # noqa: E731 - short local alias
    extra = (
        f" Deflect makes it cost {total} more Power of any Domain, a mandatory additional "
        f"cost {ctx.controller} must pay to choose {each} ({r('deflect')}, {r('deflect_cost')})."
    )
    notes = [
        f"Deflect is not a restriction: the choice is legal, it just costs more "
        f"({r('deflect_any_domain')}, {r('mandatory_cost')})."
    ]
    ids = [o.id for o in deflecting]
    if version == "1.2" and len(set(ids)) < len(ids):
        # v1.2 as printed charged once per spell; the Spiritforged FAQ (2026-01-14) revised
        # 735.1.c to charge for each time the permanent is chosen.
        notes.append(
            "Rule 735.1.c as revised by the Spiritforged FAQ (2026-01-14): Deflect is "
            "paid for each time the permanent is chosen."
        )
    return (
        extra,
        tuple(notes),
        (r("deflect"), r("deflect_any_domain"), r("deflect_cost"), r("mandatory_cost")),
    )


# ---- resolution helpers -------------------------------------------------------------------------
def _illegal(error: IllegalActionError, version: str) -> Verdict:
    return Verdict(VerdictKind.ILLEGAL, error.message, error.rules)


def _current(state: RbState, original: RbObject) -> RbObject | None:
    """The chosen object as it is now, or None if it left its zone (a new object, 359.3.e.4)."""
    found = state.objects.get(original.id)
    if found is None:
        return None
    if (found.zone in _BOARD) != (original.zone in _BOARD) or (
        found.zone not in _BOARD and found.zone is not original.zone
    ):
        return None
    return found


def _to_zone(state: RbState, obj: RbObject, zone: RbZone, event: str) -> tuple[RbState, int | None]:
    """Move ``obj`` to a non-board zone: a new object there, or nothing for a token."""
    if obj.token:
        return state.without(obj.id, event, None), None
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
    )
    card = state.cards.get(obj.id)
    state, new_id = state.add(moved, card)
    return state.without(obj.id, event, new_id), new_id


_DEAL = re.compile(r"\bdeal (?P<n>\d+)\b", re.I)
_DEAL_MY_MIGHT = re.compile(r"\bdeal damage equal to my Might\b", re.I)
_GIVE_MIGHT = re.compile(r"^give\b.*?\+(?P<n>\d+) \[M\]", re.I)
_ALL_AT = re.compile(r"\ball (?:enemy |friendly )?units at\b", re.I)


def _split_shares(
    state: RbState,
    mention: Mention,
    ids: Sequence[int],
    division: Sequence[int] | None,
) -> dict[int, int]:
    """How split damage is divided among the split targets still legal (355.14.e-g): all of
    it to a single one, else as ``division`` says, in the order they were chosen."""
    version = state.version
    amount = mention.split_amount or 0
    if not ids:
        return {}
    if division is None:
        if len(ids) == 1:
            return {ids[0]: amount}
        labels = ", ".join(f"#{i} {label(state.objects[i])}" for i in ids)
        options = split_options(amount, len(ids))
        example = " and ".join(str(n) for n in options[0])
        raise SplitChoiceNeeded(
            f"{amount} damage is split among {len(ids)} targets still legal ({labels}); how it "
            f"is divided is decided now, as it resolves, and each gets at least 1 "
            f"({rule('split_on_resolution', version)}, {rule('split_each', version)}, "
            f"{rule('split_min', version)}).",
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
            hint=f"The amounts must add up to {amount}, at least 1 each.",
        )
    return shares


def _damage(
    state: RbState, obj: RbObject, amount: int, notes: list[str], rules: list[str]
) -> tuple[RbState, int | None]:
    """Mark ``amount`` damage on ``obj``; a unit with lethal damage is killed (323.5)."""
    version = state.version
    hurt = replace(obj, damage=obj.damage + amount)
    state = state.with_object(hurt)
    if hurt.might is not None and hurt.damage >= max(hurt.might, 1):
        state, new_id = _to_zone(state, hurt, RbZone.TRASH, "was killed by lethal damage")
        notes.append(
            f"{label(obj)} has {hurt.damage} damage, at least its Might "
            f"{hurt.might}: it is killed ({rule('lethal_damage', version)})."
        )
        rules.append(rule("lethal_damage", version))
        return state, new_id
    return state, None


def _destination_problem(
    state: RbState, text: str, chosen: Sequence[Sequence[RbObject]], destination: str
) -> Verdict | None:
    """A move destination must be a valid location other than where the unit is (355.4.a),
    and match what the text allows ("to a battlefield")."""
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
            f"{destination} isn't a battlefield in this game.",
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


def _carry_out(
    state: RbState,
    analysis: TargetAnalysis,
    item: ChainItem,
    verdict: Verdict,
    division: Sequence[int] | None = None,
) -> tuple[RbState, list[str], list[str], list[int]]:
    """Do the instructions that happen to the targets still legal: kill, deal damage (split
    as ``division`` says), stun, exhaust, ready, banish, return to hand, recall, counter.
    Others are reported, not simulated."""
    version = state.version
    split_mentions = [m for m in analysis.targets if m.split_amount]
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
    instructions = [i for i in analysis.instructions if i.part == "effect"]
    notes: list[str] = []
    rules: list[str] = []
    new_ids: list[int] = []
    last: list[int] = []
    for instruction, effect in zip(instructions, verdict.effects, strict=False):
        if not effect.happens:
            last = []
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
        text = instruction.text.lower()
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
        split = next((analysis.targets[n] for n in own if analysis.targets[n].split_amount), None)
        if text.startswith("counter"):
            countered = {o.id for o in units if o.zone is RbZone.CHAIN}
            state = replace(state, chain=tuple(i for i in state.chain if i.id not in countered))
            for object_id in countered:
                if state.obj(object_id).kind is RbKind.ABILITY:  # no card: it just ceases to exist
                    state = state.without(object_id, "was countered", None)
                else:
                    state = state.with_object(replace(state.obj(object_id), zone=RbZone.TRASH))
            done = "countered: removed from the chain without resolving"
        elif split is not None and _DEAL.search(text):
            shares = _split_shares(state, split, [o.id for o in units], division)
            for obj in units:
                state, new_id = _damage(state, obj, shares[obj.id], notes, rules)
                new_ids += [new_id] if new_id else []
            done = "dealt " + ", ".join(f"{shares[o.id]} to {o.name} (#{o.id})" for o in units)
            rules = [*rules, rule("deal", version), rule("split_on_resolution", version)]
        elif text.startswith("kill"):
            for obj in units:
                state, new_id = _to_zone(state, obj, RbZone.TRASH, "was killed")
                new_ids += [new_id] if new_id else []
            done, rules = "killed", [*rules, rule("kill", version)]
        elif (deal := _DEAL.search(text)) and units:
            amount = int(deal.group("n"))
            for obj in units:
                state, new_id = _damage(state, obj, amount, notes, rules)
                new_ids += [new_id] if new_id else []
            done, rules = f"dealt {amount}", [*rules, rule("deal", version)]
        elif _DEAL_MY_MIGHT.search(text) and units and item.source_id is not None:
            source = state.objects.get(item.source_id)
            if source is None or source.zone not in _BOARD or source.might is None:
                # Its Might is no longer available: null, and no damage (359.3.e.12).
                notes.append(
                    f"{item.source_name} is no longer on the board, so its Might is "
                    f"null and no damage is dealt ({rule('null_information', version)})."
                )
                rules = [*rules, rule("null_information", version)]
                done = "dealt no damage"
            else:
                for obj in units:
                    state, new_id = _damage(state, obj, max(source.might, 0), notes, rules)
                    new_ids += [new_id] if new_id else []
                done = f"dealt {max(source.might, 0)} (its source's Might now)"
                rules = [*rules, rule("deal", version), *cite_if("source_info", version)]
        elif (buff := _GIVE_MIGHT.search(text)) and units:
            for obj in units:
                if obj.might is not None:
                    state = state.with_object(replace(obj, might=obj.might + int(buff.group("n"))))
            done = f"+{buff.group('n')} Might"
        elif text.startswith("stun"):
            for obj in units:
                state = state.with_object(replace(obj, stunned=True))
            done, rules = "stunned", [*rules, rule("stun", version)]
        elif text.startswith(("exhaust", "ready")):
            for obj in units:
                state = state.with_object(replace(obj, exhausted=text.startswith("exhaust")))
            done = "exhausted" if text.startswith("exhaust") else "readied"
        elif text.startswith("banish"):
            for obj in units:
                state, new_id = _to_zone(state, obj, RbZone.BANISHMENT, "was banished")
                new_ids += [new_id] if new_id else []
            done, rules = "banished", [*rules, rule("banish", version)]
        elif text.startswith("return") and "hand" in text:
            for obj in [state.objects[o.id] for o in units if o.id in state.objects]:
                state, new_id = _to_zone(state, obj, RbZone.HAND, "returned to its owner's hand")
                new_ids += [new_id] if new_id else []
            done = "returned to hand"
        elif text.startswith("move") and item.destination and units:
            # The destination chosen as it was played (355.4): a battlefield or the base.
            for obj in units:
                if item.destination == BASE:
                    state = state.with_object(replace(obj, zone=RbZone.BASE, location=""))
                else:
                    state = state.with_object(
                        replace(obj, zone=RbZone.BATTLEFIELD, location=item.destination)
                    )
            gone_to = "its base" if item.destination == BASE else item.destination
            done, rules = f"moved to {gone_to}", [*rules, rule("move", version)]
        elif text.startswith("move") and re.search(r"\bto (?:its|their|your|base)\b", text):
            # "Move a unit from a battlefield to its base" (Fight or Flight): a move, carried
            # out; a move to a chosen battlefield needs a destination the bot doesn't read yet.
            for obj in units:
                state = state.with_object(replace(obj, zone=RbZone.BASE, location=""))
            done, rules = "moved to its base", [*rules, rule("move", version)]
        elif text.startswith("recall"):
            for obj in units:
                state = state.with_object(replace(obj, zone=RbZone.BASE, location=""))
            done = "recalled to base"
        if done and units:
            notes.append(f"{', '.join(label(o) for o in units)}: {done}.")
        elif not done:
            notes.append(
                f"“{instruction.text}” happens; the bot reports it but doesn't carry it "
                "out on the board."
            )
        last = [o.id for o in units]
    return state, notes, rules, new_ids


__all__ = [
    "BASE",
    "ChainItem",
    "EffectReport",
    "PlayInProgress",
    "RbCard",
    "RbChoice",
    "RbState",
    "RiftboundGame",
    "RiftboundRules",
    "ability_kind",
    "group_refs",
    "label",
]
