"""How verdicts and statements list and count things in English."""

from __future__ import annotations

from collections.abc import Iterable


def and_list(items: Iterable[str]) -> str:
    """``A``, ``A and B``, ``A, B and C`` (empty for nothing)."""
    parts = list(items)
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


_ORDINAL_WORDS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", -1: "last"}


def ordinal(n: int) -> str:
    """``first`` ... ``fifth``, ``last`` for -1, then ``6th``, ``21st``, ``112th``."""
    word = _ORDINAL_WORDS.get(n)
    if word is not None:
        return word
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def counted(count: int | str | None, noun: str, plural: str | None = None) -> str:
    """``counted(1, "target")`` -> "1 target", 2 -> "2 targets" (never "target(s)")."""
    many = plural or noun + "s"
    if isinstance(count, int):
        return f"{count} {noun if count == 1 else many}"
    return f"{count} {many}" if count else many


def noun_for(count: int | None, noun: str, plural: str | None = None) -> str:
    """The noun alone, for a count said elsewhere in the sentence."""
    return noun if count == 1 else (plural or noun + "s")


def with_article(noun: str) -> str:
    """ "a creature", "an artifact"."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"  # "an Elf" too


def zone_words(zone: object) -> str:
    """ "the graveyard", "the stack", but "exile" (CR 406: the exile zone is called exile) and
    "the command zone" (CR 408)."""
    value = str(getattr(zone, "value", zone))
    return "exile" if value == "exile" else f"the {zone_name(zone)}"


def zone_name(zone: object) -> str:
    """A zone's name after a possessive: "Alice's graveyard", "Alice's command zone" (408)."""
    value = str(getattr(zone, "value", zone))
    return "command zone" if value == "command" else value


def inside_sentence(clause: str, name: str) -> str:
    """``clause`` placed inside a sentence: its first letter lowered ("Destroy target artifact"
    -> "destroy target artifact") unless it opens with ``name``, a card name that keeps its
    capital ("Kolaghan's Command deals 2 damage ...", QA 20 M2)."""
    if name and clause.casefold().startswith(name.casefold()):
        return clause
    return clause[:1].lower() + clause[1:]
