"""Static "would die / would be put into a graveyard ... instead" replacements (CR 614.1a).

One reader for the wordings the card data uses for a permanent's standing replacement of a
trip to the graveyard: Rest in Peace and Leyline of the Void ("If a card [or token] would be
put into [an opponent's] graveyard from anywhere, exile it instead"), Anafenza, the Foremost
("If a nontoken creature an opponent owns would die or a creature card not on the battlefield
would be put into an opponent's graveyard, exile that card instead"), Gisa and Void Maw ("If a
creature an opponent controls / another creature would die, exile it instead"), and a card's
own ("If Progenitus would be put into a graveyard from anywhere, reveal Progenitus and shuffle
it into its owner's library instead"; Firestorm Phoenix "If this creature would die, return it
to its owner's hand instead").  The event is replaced: the card goes to the other zone and
never to a graveyard, so it doesn't die (614.6, 700.4).

One-shot replacements from a spell ("If that creature would die this turn, exile it instead")
are read where the spell resolves.  An exile with counters (Dauthi Voidwalker's void counter)
puts them on the exiled card; one that does more than move the card (Kalitas's "and create a
2/2 black Zombie creature token") moves it and says the rest isn't carried out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from bot.engine.model import GameObject, ObjectKind, Zone
from bot.engine.wording import and_list

# One subject of the condition: "a nontoken creature an opponent owns would die", "a card or
# token would be put into an opponent's graveyard from anywhere", "another creature would die",
# "this creature would die", "SELF would be put into a graveyard from anywhere" (SELF stands
# for the permanent's own name, written into the text before matching).
_SUBJECT = (
    r"(?:(?P<another>another creature)|(?P<self>this creature|this permanent|this aura|this "
    r"artifact|this enchantment|SELF)|(?:a|an) (?P<nontoken>nontoken )?(?P<what>card or token|"
    r"creature card|card|creature or planeswalker|creature|permanent)(?P<where> not on the "
    r"battlefield)?(?: (?P<rel>an opponent owns|an opponent controls|you control|you own|your "
    r"opponents control))?) would (?:(?P<die>die)|be put into (?P<whose>a|an opponent's|your) "
    r"graveyard(?: from (?P<from>anywhere|the battlefield))?)"
)
_CLAUSE = re.compile(_SUBJECT, re.IGNORECASE)
# A sentence "If SUBJECT would ... [or SUBJECT would ...], WHAT HAPPENS INSTEAD."; each subject
# must then be one ``_CLAUSE`` read whole ("would die this turn", "a Warlock you control" and
# reminder text about finality counters are not).
_SENTENCE = re.compile(
    r"(?:^|(?<=[.\n]) ?)if (?P<subjects>[^,.\n()]+? would (?:die|be put into [^,.\n()]+?))"
    r", (?P<instead>[^.\n]+?)\.",
    re.IGNORECASE,
)
# Where two subjects meet: "... would die or a creature card not on the battlefield would ...".
_NEXT_SUBJECT = re.compile(r" or (?=(?:a|an|another|this|SELF) )", re.IGNORECASE)
# Where it goes instead (the whole remainder of the sentence, so no extra part is dropped).
_DESTINATIONS: tuple[tuple[re.Pattern[str], Zone, str], ...] = (
    (
        re.compile(r"^(?:exile (?:it|that card) instead|instead exile (?:it|that card))$", re.I),
        Zone.EXILE,
        "exiled",
    ),
    (
        re.compile(
            r"^(?:reveal SELF and )?shuffle it into (?:its owner's|your) library instead$", re.I
        ),
        Zone.LIBRARY,
        "shuffled into its owner's library",
    ),
    (
        re.compile(r"^(?:return|put) it (?:in)?to its owner's hand instead$", re.I),
        Zone.HAND,
        "returned to its owner's hand",
    ),
    (
        re.compile(r"^put it on top of its owner's library instead$", re.I),
        Zone.LIBRARY,
        "put on top of its owner's library",
    ),
    (
        re.compile(r"^put it on the bottom of its owner's library instead$", re.I),
        Zone.LIBRARY,
        "put on the bottom of its owner's library",
    ),
)


# "instead exile it with a void counter on it" (Dauthi Voidwalker), "exile that card with an
# ice counter on it instead" (Draugr Necromancer), "instead exile it with three egg counters on
# it" (Darigaaz Reincarnated); "instead exile that card and create a 2/2 black Zombie creature
# token" (Kalitas), "instead exile it and you gain 2 life" (The Darkness Crystal).
_EXILE_AND_MORE = re.compile(
    r"^(?:instead )?exile (?:it|that card)(?: with (?P<n>an?|one|two|three|four|five) "
    r"(?P<kind>[a-z+/0-9-]+) counters? on it)?(?: and (?P<extra>.+?))?(?: instead)?$",
    re.IGNORECASE,
)
_COUNT_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


@dataclass(frozen=True)
class GraveyardReplacement:
    """Where a card goes instead of a graveyard, and whose ability sends it there."""

    source: str
    to_zone: Zone
    # How it is said: "exiled", "shuffled into its owner's library".
    done: str
    # Counters the card gets in exile (Dauthi Voidwalker: ("void", 1)).
    counters: tuple[tuple[str, int], ...] = ()
    # What else the replacement does, which the bot doesn't carry out ("create a 2/2 black
    # Zombie creature token").
    extra: str = ""


def _destination(words: str) -> tuple[Zone, str, tuple[tuple[str, int], ...], str] | None:
    """Where the words after the condition send the card, its counters and any extra part."""
    for pattern, zone, done in _DESTINATIONS:
        if pattern.match(words):
            return zone, done, (), ""
    more = _EXILE_AND_MORE.match(words)
    if more is None or not (more["kind"] or more["extra"]):
        return None
    if not more["kind"]:
        return Zone.EXILE, "exiled", (), more["extra"]
    count = _COUNT_WORDS[more["n"].lower()]
    kind = more["kind"].lower()
    done = f"exiled with {more['n'].lower()} {kind} counter{'s' if count > 1 else ''} on it"
    return Zone.EXILE, done, ((kind, count),), more["extra"] or ""


def _own_text(text: str, own_name: str) -> str:
    """``text`` with its card's own name (and a legend's short name) read as SELF."""
    for name in sorted({own_name, own_name.split(",")[0]}, key=len, reverse=True):
        if len(name) > 2:
            text = re.sub(rf"\b{re.escape(name)}\b", "SELF", text)
    return text


def _clause_applies(
    clause: re.Match[str], obj: GameObject, source: GameObject, from_zone: Zone
) -> bool:
    """Whether one subject of the condition describes ``obj`` leaving ``from_zone``."""
    if source.zone is not Zone.BATTLEFIELD and not (
        clause.group("self") and clause.group("from") == "anywhere"
    ):
        # CR 113.6b: off the battlefield only an ability that says "from anywhere" of its own
        # card functions (Progenitus in a hand); Rest in Peace in a hand does nothing.
        return False
    types = obj.card_types
    dies = clause.group("die") or clause.group("from") == "the battlefield"
    if dies and from_zone is not Zone.BATTLEFIELD:
        # CR 700.4: "dies" means put into a graveyard from the battlefield.
        return False
    if clause.group("self"):
        return obj.id == source.id
    if clause.group("another"):
        return obj.id != source.id and "creature" in types
    whose = (clause.group("whose") or "").casefold()
    if whose == "an opponent's" and obj.owner == source.controller:
        return False
    if whose == "your" and obj.owner != source.controller:
        return False
    rel = (clause.group("rel") or "").casefold()
    if rel == "an opponent owns" and obj.owner == source.controller:
        return False
    if rel in ("an opponent controls", "your opponents control") and (
        obj.controller == source.controller
    ):
        return False
    if rel == "you control" and obj.controller != source.controller:
        return False
    if rel == "you own" and obj.owner != source.controller:
        return False
    if clause.group("where") and from_zone is Zone.BATTLEFIELD:
        return False
    what = clause.group("what").casefold()
    if obj.kind is ObjectKind.TOKEN and (
        clause.group("nontoken") or ("card" in what and what != "card or token")
    ):
        # CR 111.1: a token isn't a card.
        return False
    if what == "permanent":
        return from_zone is Zone.BATTLEFIELD
    if what in ("creature", "creature card"):
        return "creature" in types
    if what == "creature or planeswalker":
        return bool({"creature", "planeswalker"} & types)
    return True


@lru_cache(maxsize=1024)
def _replacements_in(
    oracle_text: str, name: str
) -> tuple[tuple[tuple[re.Match[str], ...], GraveyardReplacement], ...]:
    """Each replacement sentence of a text: its subjects and what it does (read once per text:
    every move to a graveyard asks each permanent on the battlefield)."""
    if "instead" not in oracle_text or "would" not in oracle_text:
        return ()
    found: list[tuple[tuple[re.Match[str], ...], GraveyardReplacement]] = []
    for sentence in _SENTENCE.finditer(_own_text(oracle_text, name)):
        destination = _destination(sentence.group("instead"))
        if destination is None:
            continue
        clauses = [
            _CLAUSE.fullmatch(subject)
            for subject in _NEXT_SUBJECT.split(sentence.group("subjects"))
        ]
        read = tuple(clause for clause in clauses if clause is not None)
        if len(read) == len(clauses):
            found.append((read, GraveyardReplacement(name, *destination)))
    return tuple(found)


def replacement_of_ability(
    source: GameObject, obj: GameObject, from_zone: Zone
) -> GraveyardReplacement | None:
    """The replacement ``source``'s text makes of ``obj`` going from ``from_zone`` to a
    graveyard, if its text has one that applies."""
    for clauses, replacement in _replacements_in(source.oracle_text, source.name):
        if any(_clause_applies(clause, obj, source, from_zone) for clause in clauses):
            return replacement
    return None


def graveyard_replacement(
    obj: GameObject, from_zone: Zone, battlefield: Iterable[GameObject]
) -> GraveyardReplacement | None:
    """The replacement that sends ``obj`` elsewhere instead of into a graveyard, if any: of
    several, the object's own first (``graveyard_replacements``)."""
    found = graveyard_replacements(obj, from_zone, battlefield)
    return found[0] if found else None


def graveyard_replacements(
    obj: GameObject, from_zone: Zone, battlefield: Iterable[GameObject]
) -> list[GraveyardReplacement]:
    """Every replacement that would send ``obj`` elsewhere instead of into a graveyard.

    The object's own "from anywhere" replacement functions in every zone (CR 113.6b); other
    static abilities only while their permanent is on the battlefield (604.2, 611.3b).  Of
    several, the affected object's owner or controller chooses one (616.1); the bot takes the
    object's own first and says the choice was theirs.
    """
    if obj.kind not in (ObjectKind.CARD, ObjectKind.SPELL, ObjectKind.TOKEN):
        return []
    found: list[GraveyardReplacement] = []
    if not obj.abilities_lost and (own := replacement_of_ability(obj, obj, from_zone)):
        found.append(own)
    for source in battlefield:
        if source.id == obj.id or source.phased_out or source.abilities_lost:
            continue
        if other := replacement_of_ability(source, obj, from_zone):
            found.append(other)
    return found


def chosen_among(replacement: GraveyardReplacement, others: Iterable[str], chooser: str) -> str:
    """The ``by`` words of a replacement applied where others applied too: whose choice it was
    (CR 616.1), which the bot made for them."""
    names = [replacement.source, *(name for name in others if name != replacement.source)]
    if len(names) < 2:
        return replacement.source
    listed = and_list(f"{name}'s" for name in names)
    every = "both" if len(names) == 2 else "all"
    return (
        f"{replacement.source}; {listed} replacements {every} apply, and {chooser} chooses which "
        f"one does (616.1): the bot took {replacement.source}'s, say it if {chooser} chose the "
        "other"
    )


# How a replaced trip to the graveyard is recorded as the departure's event.
_REPLACED_EVENT = re.compile(
    r"^was (?P<done>.+?) instead of going to the graveyard, by (?P<by>.+?) \(614\.6\)"
    r"(?:; (?P<extra>.+))?$"
)


def replaced_graveyard_event(replacement: GraveyardReplacement, by: str = "") -> str:
    """The departure event of a card sent elsewhere instead of a graveyard (``by``: the words
    for whose replacement it was, when several applied)."""
    said = (
        f"was {replacement.done} instead of going to the graveyard, by "
        f"{by or replacement.source} (614.6)"
    )
    if replacement.extra:
        said += f"; {unmodelled_rest(replacement.extra)}"
    return said


def unmodelled_rest(extra: str) -> str:
    """What is said of the part of a replacement the bot doesn't carry out."""
    return f"the bot doesn't carry out the rest of it, “{extra}”: state it if it matters"


def replaced_graveyard_words(event: str) -> tuple[str, str, str] | None:
    """What happened instead, by whose ability, and what of it the bot doesn't carry out (a
    clause, "" when nothing), from a departure's event, if replaced."""
    found = _REPLACED_EVENT.match(event)
    if found is None:
        return None
    return found["done"], found["by"], found["extra"] or ""
