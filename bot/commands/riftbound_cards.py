"""Riftbound cards for ``game`` and ``scenario``: the card lookup over the Riftbound index (the
same fuzzy matcher as ``card game:riftbound``) and the executor built over it.
"""

from __future__ import annotations

import re
from functools import lru_cache

from bot.commands.context import CommandContext
from bot.engine.riftbound.state import RbCard
from bot.errors import DataMissingError
from bot.reference.riftbound import RiftboundCardEntry, RiftboundIndex
from bot.reference.store import IMPORT_HINT
from bot.scenario.riftbound_executor import RiftboundScenarioExecutor

_CACHE_SIZE = 2048


def current_text(entry: RiftboundCardEntry) -> str:
    """The card's text, as its newest erratum words it when the gallery still shows the wording
    that erratum replaced (Relentless Pursuit's "an Equipment", now "up to one Equipment")."""
    gallery = entry.card.text
    if not entry.errata:
        return gallery
    newest = entry.errata[0]
    if _words(newest.get("old_text", "")) != _words(gallery) or not newest.get("new_text"):
        return gallery  # the gallery already has it (or differs in a way we can't tell)
    text = re.sub(r"\n\s*\n", "\n", newest["new_text"].strip())
    # The errata write a power of the card's domain as [C]; the gallery names the domain.
    domains = entry.card.domains
    return text.replace("[C]", f"[{domains[0].title()}]") if len(domains) == 1 else text


def _words(text: str) -> str:
    """A card text without symbols, spacing or case, to compare two wordings."""
    return " ".join(re.sub(r"\[[^\]]*\]", " ", text).lower().split())


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
