"""Load Riftbound cards from the official card gallery export, with errata and FAQ answers.

``cards.json`` holds one entry per printing (``{"cards": [{"id", "name", "set", "domains",
"cardTypes", "superTypes", "energy", "might", "power", "tags", "abilityText", ...}]}``);
numbers are strings, empty when the card has none.  ``errata.json`` and ``faqs.json`` hold the
official articles as Markdown; this module cuts them into one erratum per card and one entry per
question, and works out which cards each concerns by the card names they mention.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.errors import DataError
from bot.records.riftbound_cards import RiftboundCard

REQUIRED_CARD_KEYS = ("id", "name", "set", "cardTypes", "abilityText")


@dataclass(frozen=True)
class RiftboundErratum:
    card_name: str
    new_text: str
    old_text: str
    note: str
    source_title: str
    published: str
    url: str


@dataclass(frozen=True)
class RiftboundFaqEntry:
    """One question and answer (or one titled passage) of an official FAQ article."""

    source_id: str
    source_title: str
    published: str
    url: str
    topic: str
    question: str
    answer: str
    card_names: tuple[str, ...]


def _number(value: Any) -> int | None:
    if value in (None, ""):
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _strings(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list):
        return ()
    return tuple(str(item) for item in value)


def parse_card(entry: Mapping[str, Any]) -> RiftboundCard:
    missing = [key for key in REQUIRED_CARD_KEYS if key not in entry]
    if missing:
        raise DataError(f"Riftbound card {entry.get('name', '?')!r} lacks {', '.join(missing)}.")
    return RiftboundCard(
        id=str(entry["id"]),
        name=str(entry["name"]).strip(),
        public_code=str(entry.get("publicCode", "")),
        set_name=str(entry["set"]),
        set_id=str(entry.get("setId", "")),
        rarity=str(entry.get("rarity", "")),
        domains=_strings(entry.get("domains")),
        card_types=_strings(entry["cardTypes"]),
        super_types=_strings(entry.get("superTypes")),
        energy=_number(entry.get("energy")),
        might=_number(entry.get("might")),
        power=_number(entry.get("power")),
        tags=_strings(entry.get("tags")),
        ability_text=str(entry["abilityText"]),
        image_url=str(entry.get("imageUrl", "")),
    )


@dataclass(frozen=True)
class CardGallery:
    updated: str
    cards: tuple[RiftboundCard, ...]


def load_cards(path: Path) -> CardGallery:
    """Read ``cards.json``; raises ``DataError`` on a malformed or truncated file."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise DataError(f"Could not read Riftbound cards from {path}: {error}") from error
    if not isinstance(document, dict) or not isinstance(document.get("cards"), list):
        raise DataError(f"{path} is not a card gallery export (no 'cards' list).")
    cards = tuple(parse_card(entry) for entry in document["cards"])
    declared = document.get("count")
    if isinstance(declared, int) and declared != len(cards):
        raise DataError(f"{path} declares {declared} cards but holds {len(cards)}: incomplete.")
    return CardGallery(updated=str(document.get("updatedAt", "")), cards=cards)


def load_articles(path: Path) -> list[Mapping[str, Any]]:
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise DataError(f"Could not read {path}: {error}") from error
    if not isinstance(document, list) or not all(
        isinstance(article, dict) and "content" in article for article in document
    ):
        raise DataError(f"{path} is not a list of articles with 'content'.")
    return document


def _heading(line: str) -> tuple[int, str]:
    """``"### Q: Why?"`` -> (3, "Q: Why?"); (0, line) for a line that is not a heading."""
    match = re.match(r"^(#{1,6})\s*(.*?)\s*$", line)
    if not match:
        return 0, line.strip()
    return len(match.group(1)), match.group(2)


_NEW = "#### [NEW TEXT]"
_OLD = "#### [OLD TEXT]"


def parse_errata(articles: Iterable[Mapping[str, Any]]) -> list[RiftboundErratum]:
    """One erratum per ``[NEW TEXT]`` block; the card is the line just above it."""
    errata: list[RiftboundErratum] = []
    for article in articles:
        lines = str(article["content"]).splitlines()
        starts = [i for i, line in enumerate(lines) if line.strip() == _NEW]
        for n, start in enumerate(starts):
            name_at = _previous_text_line(lines, start)
            if name_at is None:
                continue
            end = len(lines)
            if n + 1 < len(starts):
                next_name = _previous_text_line(lines, starts[n + 1])
                end = next_name if next_name is not None else starts[n + 1]
            new, old, note = _split_erratum(lines[start + 1 : end])
            errata.append(
                RiftboundErratum(
                    card_name=_heading(lines[name_at])[1],
                    new_text=new,
                    old_text=old,
                    note=note,
                    source_title=str(article.get("title", "")),
                    published=str(article.get("publishedAt", ""))[:10],
                    url=str(article.get("originUrl", "")),
                )
            )
    return errata


def _previous_text_line(lines: Sequence[str], before: int) -> int | None:
    for i in range(before - 1, -1, -1):
        if lines[i].strip():
            return i
    return None


def _split_erratum(block: Sequence[str]) -> tuple[str, str, str]:
    new: list[str] = []
    old: list[str] = []
    note: list[str] = []
    target = new
    for line in block:
        stripped = line.strip()
        if stripped == _OLD:
            target = old
        elif stripped == "####":
            continue
        elif stripped.startswith("Note:"):
            note.append(stripped.removeprefix("Note:").strip())
        elif stripped.startswith("#"):
            continue  # a section heading such as "## Spiritforged Cards"
        else:
            target.append(stripped)

    def join(part: list[str]) -> str:
        return re.sub(r"\n{3,}", "\n\n", "\n".join(part)).strip()

    return join(new), join(old), " ".join(note)


class CardNameFinder:
    """Finds the card names a passage mentions, on word boundaries, longest names first.

    One-word names ("Block", "Charm", "Gold") are everyday words too, so they count only in
    headings and questions, where they name the card the entry is about.
    """

    def __init__(self, names: Iterable[str]) -> None:
        unique = sorted(set(names), key=len, reverse=True)
        long_names = [n for n in unique if " " in n or "," in n]
        short_names = [n for n in unique if n not in long_names]
        self._long = self._alternation(long_names)
        self._all = self._alternation(sorted([*long_names, *short_names], key=len, reverse=True))

    @staticmethod
    def _alternation(names: Sequence[str]) -> re.Pattern[str] | None:
        # One pattern, longest names first, so "Jinx, Rebel" wins over a shorter overlap.
        if not names:
            return None
        body = "|".join(re.escape(name) for name in names)
        return re.compile(r"(?<![\w'])(?:" + body + r")(?![\w'])")

    @staticmethod
    def _mentions(text: str, pattern: re.Pattern[str] | None) -> list[str]:
        if pattern is None:
            return []
        found: list[str] = []
        for match in pattern.finditer(_plain_quotes(text)):
            if match.group(0) not in found:
                found.append(match.group(0))
        return found

    def in_heading(self, text: str) -> list[str]:
        return self._mentions(text, self._all)

    def in_body(self, text: str) -> list[str]:
        return self._mentions(text, self._long)

    def is_name(self, text: str) -> bool:
        """Whether a whole passage is one card's name, as a label over that card's questions."""
        return self._all is not None and self._all.fullmatch(_plain_quotes(text)) is not None


def _plain_quotes(text: str) -> str:
    return text.replace("ʼ", "'").replace("’", "'")


_LABEL_MAX_CHARS = 40


def parse_faqs(
    articles: Iterable[Mapping[str, Any]], finder: CardNameFinder
) -> list[RiftboundFaqEntry]:
    """Cut FAQ articles into entries.

    An entry starts at each ``###`` heading (``### Q: ...`` or a card's revised text), or - in
    articles that write questions as plain paragraphs - at each short paragraph ending in "?".
    Text under a ``##`` heading before its first question is an entry titled by that heading.
    A paragraph that is only a card's name ("Jax, Unmatched"), or a short line right over a
    ``###`` heading ("Cards with Weaponmaster"), labels the questions below it like a ``##``
    heading: it was read as the last line of the answer above, which put Janna's revised text
    under Jax (QA 48 M8).
    """
    entries: list[RiftboundFaqEntry] = []
    for article in articles:
        topic = ""
        question = ""
        from_heading = False
        body: list[str] = []

        def flush() -> None:
            entry = _faq_entry(article, topic, question, body, finder)  # noqa: B023 - called in-loop
            if entry is not None:
                entries.append(entry)
            body.clear()  # noqa: B023

        paragraphs = [
            text
            for paragraph in re.split(r"\n\s*\n|\n(?=#)", str(article["content"]))
            if (text := paragraph.strip())
        ]
        for n, text in enumerate(paragraphs):
            level, heading = _heading(text.splitlines()[0])
            following = paragraphs[n + 1] if n + 1 < len(paragraphs) else ""
            if level == 0 and _is_section_label(text, following, finder):
                flush()
                topic, question, from_heading = text, "", False
            elif level in (1, 2):
                flush()
                topic, question, from_heading = heading, "", False
                body.extend(text.splitlines()[1:])
            elif level == 3:
                flush()
                question, from_heading = heading.removeprefix("Q:").strip(), True
                body.extend(text.splitlines()[1:])
            elif not from_heading and _is_plain_question(text):
                flush()
                question = text
            else:
                body.append(text)
        flush()
    return entries


def _faq_entry(
    article: Mapping[str, Any],
    topic: str,
    question: str,
    body: Sequence[str],
    finder: CardNameFinder,
) -> RiftboundFaqEntry | None:
    answer = _clean_markdown("\n".join(body))
    if not answer or not (question or topic):
        return None
    names = finder.in_heading(f"{topic}\n{question}")
    names += [n for n in finder.in_body(answer) if n not in names]
    return RiftboundFaqEntry(
        source_id=str(article.get("id", "")),
        source_title=str(article.get("title", "")),
        published=str(article.get("publishedAt", ""))[:10],
        url=str(article.get("originUrl", "")),
        topic=topic,
        question=question,
        answer=answer,
        card_names=tuple(names),
    )


def _is_section_label(text: str, following: str, finder: CardNameFinder) -> bool:
    if finder.is_name(text):
        return True
    return (
        _heading(following)[0] == 3
        and len(text) <= _LABEL_MAX_CHARS
        and "\n" not in text
        and not text.endswith((".", "?", "!", ":", ")"))
    )


def _is_plain_question(text: str) -> bool:
    return text.endswith("?") and len(text) <= 400 and "\n" not in text


def _clean_markdown(text: str) -> str:
    text = re.sub(r"<img[^>]*>", "", text)
    text = re.sub(r"\n{3,}", "\n\n", text)
    return text.strip()


@dataclass(frozen=True)
class RiftboundCardData:
    gallery: CardGallery
    errata: tuple[RiftboundErratum, ...]
    faqs: tuple[RiftboundFaqEntry, ...]


def load_card_data(folder: Path) -> RiftboundCardData:
    """Cards, errata and FAQ entries from a folder laid out like ``shared/data/riftbound``."""
    gallery = load_cards(folder / "cards.json")
    errata = tuple(parse_errata(load_articles(folder / "errata.json")))
    finder = CardNameFinder(card.name for card in gallery.cards)
    faqs = tuple(parse_faqs(load_articles(folder / "faqs.json"), finder))
    return RiftboundCardData(gallery=gallery, errata=errata, faqs=faqs)
