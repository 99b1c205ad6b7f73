"""How much of the real Oracle text the target reader understands.

Usage: ``python bench/coverage.py [--unread] [ORACLE_CARDS_JSON_GZ]`` (default
``../shared/data/mtg-cards/oracle-cards.json.gz`` beside the repository); ``--unread`` also
lists every card not fully understood, with the phrases the reader did not understand.

Runs ``read_face`` on every card face whose text (outside reminder text) uses the word
"target" and prints: the share of those cards whose every use was understood (target: >= 97%),
the number of cards, the time taken, and the 40 most frequent phrases not understood.

A card counts as understood when no ability (granted ones included) has an ``unknown`` and
the reader recognised something for the word: a target slot, a retargeting effect or a
mention that makes no target (CR 115.9, 115.10).
"""

from __future__ import annotations

import gzip
import json
import re
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bot.engine.mtg.oracle_targets import read_face, words_target  # noqa: E402
from bot.engine.requirements import FaceTargeting  # noqa: E402

DEFAULT = REPO.parent / "shared" / "data" / "mtg-cards" / "oracle-cards.json.gz"
TARGET = 0.97


def faces(card: dict) -> Iterator[tuple[str, str, str, list[str]]]:
    keywords = card.get("keywords") or []
    for face in card.get("card_faces") or [card]:
        yield (
            face.get("name") or card["name"],
            face.get("type_line") or card.get("type_line") or "",
            face.get("oracle_text") or "",
            keywords,
        )


def understood(reading: FaceTargeting) -> tuple[bool, list[str]]:
    abilities = reading.abilities + reading.granted
    unknown = [phrase for ability in abilities for phrase in ability.unknown]
    recognised = any(
        ability.is_targeted or ability.retarget or ability.mentions for ability in abilities
    )
    return (not unknown and recognised), unknown


def _shape(phrase: str) -> str:
    """Group unknown phrases by their first words, numbers folded."""
    words = re.sub(r"\d+", "N", phrase).split()
    return " ".join(words[:7])


def main(path: Path, *, list_unread: bool = False) -> int:
    cards = json.loads(gzip.decompress(path.read_bytes()))
    started = time.perf_counter()
    total = good = 0
    shapes: Counter[str] = Counter()
    examples: dict[str, str] = {}
    unread: list[tuple[str, list[str]]] = []
    for card in cards:
        readings = [
            (name, read_face(name, type_line, text, keywords))
            for name, type_line, text, keywords in faces(card)
            if words_target(text)
        ]
        if not readings:
            continue
        total += 1
        card_ok = True
        for name, reading in readings:
            ok, unknown = understood(reading)
            card_ok &= ok
            if not ok and not unknown:
                unknown = ["(no slot, retarget or mention recognised)"]
            for phrase in unknown:
                shapes[_shape(phrase)] += 1
                examples.setdefault(_shape(phrase), name)
            if not ok:
                unread.append((name, unknown))
        good += card_ok
    elapsed = time.perf_counter() - started
    share = good / total if total else 0.0
    print(f"cards using 'target': {total}")
    print(f"fully understood:      {good} ({share:.2%}; target >= {TARGET:.0%})")
    print(f"time:                  {elapsed:.2f} s ({1000 * elapsed / max(total, 1):.2f} ms/card)")
    print("top unknown phrases:")
    for shape, count in shapes.most_common(40):
        print(f"  {count:5d}  {shape}   [{examples[shape]}]")
    if list_unread:
        print("cards not fully understood:")
        for name, unknown in unread:
            print(f"  {name}: {' | '.join(unknown)}")
    return 0 if share >= TARGET else 1


if __name__ == "__main__":
    arguments = [arg for arg in sys.argv[1:] if arg != "--unread"]
    sys.exit(
        main(
            Path(arguments[0]) if arguments else DEFAULT,
            list_unread="--unread" in sys.argv[1:],
        )
    )
