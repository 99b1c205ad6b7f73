"""The MTG card index: names in memory, cards fetched from the reference store on demand.

Start-up loads only (name, normalized name, card id) rows into a ``FuzzyNameMatcher``; a card's
full record is read from SQLite (and cached) the first time it is asked for.
"""

from __future__ import annotations

import json
import math
import sqlite3
import tomllib
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path

from bot.errors import DataError, NotFoundError
from bot.records.cards import Card, Ruling, card_from_dict
from bot.records.names import NORMALIZER_VERSION
from bot.reference.fuzzy import FuzzyNameMatcher, NameMatch
from bot.reference.store import imported_rows

NICKNAMES_FILE = Path(__file__).resolve().parents[2] / "rules_data" / "nicknames.toml"
CARD_CACHE_SIZE = 2048


def load_nicknames(path: Path = NICKNAMES_FILE) -> dict[str, str]:
    """The ``[cards]`` table of the nicknames file: nickname -> real card name."""
    if not path.is_file():
        return {}
    with path.open("rb") as handle:
        table = tomllib.load(handle).get("cards", {})
    return {str(nick): str(name) for nick, name in table.items()}


def load_nickname_groups(path: Path = NICKNAMES_FILE) -> dict[str, tuple[str, ...]]:
    """The ``[several]`` table: a nickname for several cards -> their real names."""
    if not path.is_file():
        return {}
    with path.open("rb") as handle:
        table = tomllib.load(handle).get("several", {})
    return {str(nick): tuple(str(name) for name in names) for nick, names in table.items()}


# A card with this many rulings (or more) is as asked-about as the rulings make it.
RULINGS_FOR_FULL_PRIOR = 20
RULINGS_PRIOR = 0.4
NICKNAME_PRIOR = 0.6


def card_priors(
    conn: sqlite3.Connection, nicknames: Mapping[str, str], matcher: FuzzyNameMatcher[int]
) -> dict[int, float]:
    """How likely judges are to be asked about each card, 0 to 1, from what the data says:
    its number of official rulings (cards people ask about get rulings) and whether players
    gave it a nickname (``bolt``, ``wog``).  Orders candidates that match a query equally well
    ("wrath" lists Wrath of God first); it never picks an answer by itself."""
    try:
        rows = conn.execute("SELECT card_id, rulings FROM card_ruling_counts").fetchall()
    except sqlite3.OperationalError:
        rows = []  # a store imported before the counts were kept: order by the text alone
    scale = math.log1p(RULINGS_FOR_FULL_PRIOR)
    priors = {
        int(card_id): RULINGS_PRIOR * min(1.0, math.log1p(count) / scale) for card_id, count in rows
    }
    for real_name in nicknames.values():
        card_id = matcher.exact(real_name)
        if card_id is not None:
            priors[card_id] = priors.get(card_id, 0.0) + NICKNAME_PRIOR
    return priors


class CardIndex:
    """Find MTG cards by (possibly misspelled or nicknamed) name."""

    def __init__(self, conn: sqlite3.Connection, matcher: FuzzyNameMatcher[int]) -> None:
        self._conn = conn
        self._matcher = matcher
        self._load = lru_cache(maxsize=CARD_CACHE_SIZE)(self._load_card)

    @classmethod
    def from_connection(
        cls,
        conn: sqlite3.Connection,
        nicknames: Mapping[str, str] | None = None,
        nickname_groups: Mapping[str, tuple[str, ...]] | None = None,
    ) -> CardIndex:
        """Load the names (not the cards) from an imported reference store."""
        rows = imported_rows(
            conn,
            "SELECT name, normalized, card_id FROM card_names WHERE lang = 'en'"
            " ORDER BY priority, card_id, face_index",
            "No card data has been imported yet.",
        )
        try:
            version = conn.execute(
                "SELECT value FROM meta WHERE key = 'card_names_normalizer'"
            ).fetchone()
        except sqlite3.OperationalError:
            version = None  # no meta table: normalize the names again below
        aliases = load_nicknames() if nicknames is None else nicknames
        if version is not None and version[0] == NORMALIZER_VERSION:
            matcher = FuzzyNameMatcher.prenormalized(
                ((row[0], row[1], row[2]) for row in rows), aliases
            )
        else:
            # The store was built by an older normalizer: normalize again rather than miss.
            matcher = FuzzyNameMatcher(((row[0], row[2]) for row in rows), aliases)
        matcher.set_nickname_groups(
            load_nickname_groups() if nickname_groups is None else nickname_groups
        )
        matcher.set_priors(card_priors(conn, aliases, matcher))
        return cls(conn, matcher)

    @property
    def matcher(self) -> FuzzyNameMatcher[int]:
        return self._matcher

    def _load_card(self, card_id: int) -> Card:
        row = self._conn.execute("SELECT data FROM cards WHERE id = ?", (card_id,)).fetchone()
        if row is None:
            raise DataError(f"Card #{card_id} is named in card_names but missing from cards.")
        return card_from_dict(json.loads(row[0]))

    def get(self, card_id: int) -> Card:
        """The card with this id (``card_id`` comes from ``resolve_id`` or ``match``)."""
        return self._load(card_id)

    def resolve_id(self, query: str) -> int:
        return self._matcher.resolve(query, what="card")

    def resolve(self, query: str) -> Card:
        """The card ``query`` means, by name, face name, nickname or close misspelling.

        Raises ``UsageError``, ``NotFoundError`` or ``AmbiguousError`` (with suggestions).
        """
        return self.get(self.resolve_id(query))

    def match(self, query: str, limit: int = 5) -> list[NameMatch[int]]:
        return self._matcher.match(query, limit)

    def exact(self, name: str) -> Card | None:
        """The card named exactly ``name`` (case, accents, punctuation and nicknames aside)."""
        card_id = self._matcher.exact(name)
        return None if card_id is None else self.get(card_id)

    def rulings(self, card: Card) -> list[Ruling]:
        """The card's official rulings, oldest first (in the file's order within a day)."""
        rows = self._conn.execute(
            "SELECT oracle_id, source, published_at, comment FROM card_rulings"
            " WHERE oracle_id = ? ORDER BY published_at, rowid",
            (card.oracle_id,),
        ).fetchall()
        return [Ruling(row[0], row[1], row[2], row[3]) for row in rows]

    def autocomplete(self, prefix: str, limit: int = 25) -> list[str]:
        return self._matcher.autocomplete(prefix, limit)

    def all_names(self) -> list[str]:
        """Every name a card can be found by (full names and face names), preferred first."""
        return self._matcher.names

    def card_by_name(self, name: str) -> Card:
        """Like ``exact`` but raising ``NotFoundError`` (for callers that need the card)."""
        card = self.exact(name)
        if card is None:
            raise NotFoundError(f"No card is named “{name}”.")
        return card

    def __len__(self) -> int:
        return len(self._matcher)


__all__ = ["CardIndex", "load_nickname_groups", "load_nicknames"]
