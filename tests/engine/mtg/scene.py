"""A tiny test helper: a board built from real cards, with names instead of ids."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.engine.cards import CardData
from bot.engine.model import Zone
from bot.engine.mtg.game import MtgGame
from bot.engine.mtg.resolution import ResolveChoices
from bot.engine.mtg.state import GameState
from bot.engine.verdict import Verdict


class Scene:
    def __init__(
        self,
        engine: MtgGame,
        card: Callable[[str], CardData],
        players: tuple[str, ...] = ("Alice", "Bob"),
    ) -> None:
        self.engine = engine
        self.card = card
        self.state: GameState = engine.new_game(players)
        self.ids: dict[str, int] = {}
        self.last: Verdict | None = None

    def _ref(self, ref: Any) -> Any:
        if isinstance(ref, str) and ref in self.ids:
            return self.ids[ref]
        if isinstance(ref, (list, tuple)):
            return [self._ref(r) for r in ref]
        return ref

    def put(self, controller: str, name: str, alias: str = "") -> Scene:
        self.state, v = self.engine.add_permanent(self.state, controller, self.card(name))
        self.ids[alias or name] = v.object_ids[0]
        return self

    def token(self, controller: str, alias: str, **kw: Any) -> Scene:
        self.state, v = self.engine.add_token(self.state, controller, name=alias, **kw)
        self.ids[alias] = v.object_ids[0]
        return self

    def in_zone(self, owner: str, name: str, zone: Zone) -> Scene:
        self.state, v = self.engine.add_card(self.state, owner, self.card(name), zone)
        self.ids[name] = v.object_ids[0]
        return self

    def cast(self, player: str, name: str, *targets: Any, alias: str = "", **kw: Any) -> Verdict:
        card = self.card(name)
        new_state, v = self.engine.cast(
            self.state, player, card, targets=[self._ref(t) for t in targets], **kw
        )
        self.state = new_state
        if v.object_ids:
            self.ids[alias or kw.get("face") or name] = v.object_ids[0]
        self.last = v
        return v

    def activate(
        self, player: str, source: str, *targets: Any, alias: str = "", **kw: Any
    ) -> Verdict:
        self.state, v = self.engine.activate(
            self.state, player, self.ids[source], targets=[self._ref(t) for t in targets], **kw
        )
        if v.object_ids:
            self.ids[alias or f"{source}'s ability"] = v.object_ids[0]
        return v

    def trigger(self, source: str, *targets: Any, **kw: Any) -> Verdict:
        self.state, v = self.engine.trigger(
            self.state, self.ids[source], targets=[self._ref(t) for t in targets], **kw
        )
        if v.object_ids:
            self.ids[f"{source}'s trigger"] = v.object_ids[0]
        return v

    def do(self, method: str, name: str, *args: Any, **kw: Any) -> Verdict:
        self.state, v = getattr(self.engine, method)(self.state, self._ref(name), *args, **kw)
        return v

    def resolve(
        self,
        new_targets: Any = (),
        copy_targets: Any = (),
        position: int | None = None,
        pays: bool | None = None,
    ) -> Verdict:
        choices = ResolveChoices(
            new_targets=[self._ref(t) for t in new_targets],
            copy_targets=[self._ref(t) for t in copy_targets],
            position=position,
            pays=pays,
        )
        self.state, v = self.engine.resolve_top(self.state, choices)
        return v

    def retarget(self, actor: str, name: str, new: Any, **kw: Any) -> Verdict:
        new_refs = (
            {k: self._ref(v) for k, v in new.items()}
            if isinstance(new, dict)
            else [None if t is None else self._ref(t) for t in new]
        )
        self.state, v = self.engine.retarget(self.state, actor, self.ids[name], new_refs, **kw)
        return v

    def legal(self, player: str, name: str, candidate: Any, **kw: Any) -> Verdict:
        source = (
            self.ids.get(name)
            if name in self.ids and self.state.stack_entry_or_none(self.ids[name])
            else self.card(name)
        )
        return self.engine.is_legal_target(self.state, player, source, self._ref(candidate), **kw)

    def options(self, player: str, name: str, slot: int = 0, **kw: Any) -> set[str]:
        v = self.engine.legal_targets(self.state, player, self.card(name), **kw)
        return {o.label for o in v.slots[slot].options}
