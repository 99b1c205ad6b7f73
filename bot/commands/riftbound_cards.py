"""Riftbound cards for ``game`` and ``scenario``: the card lookup over the Riftbound index (the
same fuzzy matcher as ``card game:riftbound``) and the executor built over it.
"""

from __future__ import annotations

from functools import lru_cache

from bot.commands.context import CommandContext
from bot.engine.riftbound.state import RbCard
from bot.errors import DataMissingError
from bot.reference.riftbound import RiftboundCardEntry, RiftboundIndex, current_text
from bot.reference.store import IMPORT_HINT
from bot.scenario.riftbound_executor import RiftboundScenarioExecutor

_CACHE_SIZE = 2048


def rb_card(entry: RiftboundCardEntry) -> RbCard:
    card = entry.card
    return RbCard.from_types(
        entry.name,
        card.card_types,
        current_text(entry),
        might=card.might,
        tags=card.tags,
        super_types=card.super_types,
        energy=card.energy,
        power=card.power,
        domains=card.domains,
    )


class RiftboundCardLookup:
    """``RbCardLookup`` over the Riftbound index: the same fuzzy matcher as ``card game:riftbound``."""

    def __init__(self, index: RiftboundIndex) -> None:
        self._index = index
        self._names = {name.casefold(): name for name in index.card_names()}
        self.exact = lru_cache(maxsize=_CACHE_SIZE)(self._exact)  # type: ignore[method-assign]
        self.resolve = lru_cache(maxsize=_CACHE_SIZE)(self._resolve)  # type: ignore[method-assign]

    def _exact(self, name: str) -> RbCard | None:
        found = self._names.get(" ".join(name.replace("’", "'").split()).casefold())
        entry = self._index.card_by_name(found) if found else None
        return None if entry is None else rb_card(entry)

    def _resolve(self, name: str) -> RbCard:
        return rb_card(self._index.card(name.strip()))

    def exact(self, name: str) -> RbCard | None:
        return self._exact(name)

    def resolve(self, name: str) -> RbCard:
        return self._resolve(name)

    def names(self) -> list[str]:
        return self._index.card_names()


def riftbound_executor_for(ctx: CommandContext) -> RiftboundScenarioExecutor:
    """One Riftbound executor per set of services (built on first use)."""
    services = ctx.services
    executor = services.riftbound_executor
    if executor is None:
        index = getattr(ctx.reference, "riftbound", None)
        if index is None:
            raise DataMissingError("No Riftbound data has been imported yet.", hint=IMPORT_HINT)
        executor = RiftboundScenarioExecutor(RiftboundCardLookup(index))
        services.riftbound_executor = executor
    return executor
