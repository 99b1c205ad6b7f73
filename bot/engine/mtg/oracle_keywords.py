"""Keyword abilities that make targets although the word is not printed (CR 115.1e).

The target phrase comes from the keyword's rule in CR 702, so a card without reminder text
reads the same as one with it.  Keywords that don't target (crew, ninjutsu, outlast, saddle)
are not listed, except unearth: an ability that works from the graveyard (CR 113.6m).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from bot.engine.requirements import AbilityKind


@dataclass(frozen=True)
class KeywordTargeting:
    """What one keyword instance means, as the CR rule words it."""

    keyword: str
    kind: AbilityKind
    rule: str  # the rule number, for answers ("702.6a")
    text: str  # the ability the keyword stands for, with its "target ..." phrase
    target_phrase: str  # the "target ..." part, read by the target-phrase reader
    cost: str = ""
    trigger: str = ""


Builder = Callable[[re.Match[str]], KeywordTargeting | None]
_KEYWORDS: list[tuple[str, re.Pattern[str], Builder]] = []


def _keyword(name: str, pattern: str) -> Callable[[Builder], Builder]:
    def register(builder: Builder) -> Builder:
        _KEYWORDS.append((name, re.compile(pattern, re.IGNORECASE), builder))
        return builder

    return register


_DIES = "When this permanent is put into a graveyard from the battlefield"


@_keyword("enchant", r"^Enchant (?P<what>[^.:]+)$")
def _enchant(match: re.Match[str]) -> KeywordTargeting:
    # CR 115.1b, 702.5a, 303.4a: the Aura spell targets what its enchant ability allows.
    phrase = "target " + match.group("what")
    return KeywordTargeting(
        "enchant", AbilityKind.SPELL, "702.5a", f"Aura spell: {phrase}.", phrase
    )


@_keyword(
    "equip",
    r"^Equip(?: (?P<quality>(?!abilit)[A-Za-z][A-Za-z\- ]{0,30}?))? ?"
    r"(?P<cost>(?:\{[^}]+\})+|—.+|\d+)(?:\..*)?$",
)
def _equip(match: re.Match[str]) -> KeywordTargeting:
    # CR 702.6a/c/e: "[Cost]: Attach this permanent to target [quality] creature you control."
    quality = (match.group("quality") or "").strip().lower()
    if quality == "planeswalker":
        phrase = "target planeswalker you control"
    elif quality.endswith("creature"):
        phrase = f"target {quality} you control"
    elif quality:
        phrase = f"target {quality} creature you control"
    else:
        phrase = "target creature you control"
    cost = match.group("cost").lstrip("—")
    text = f"{cost}: Attach this permanent to {phrase}. Activate only as a sorcery."
    return KeywordTargeting("equip", AbilityKind.ACTIVATED, "702.6a", text, phrase, cost=cost)


@_keyword("fortify", r"^Fortify (?P<cost>(?:\{[^}]+\})+|—.+)$")
def _fortify(match: re.Match[str]) -> KeywordTargeting:
    cost = match.group("cost").lstrip("—")
    phrase = "target land you control"
    text = f"{cost}: Attach this Fortification to {phrase}. Activate only as a sorcery."
    return KeywordTargeting("fortify", AbilityKind.ACTIVATED, "702.67a", text, phrase, cost=cost)


@_keyword("reconfigure", r"^Reconfigure ?(?P<cost>(?:\{[^}]+\})+|—.+)$")
def _reconfigure(match: re.Match[str]) -> KeywordTargeting:
    cost = match.group("cost").lstrip("—")
    phrase = "another target creature you control"
    text = f"{cost}: Attach this permanent to {phrase}. Activate only as a sorcery."
    return KeywordTargeting(
        "reconfigure", AbilityKind.ACTIVATED, "702.151a", text, phrase, cost=cost
    )


@_keyword("modular", r"^Modular(?: (?P<n>\d+|X)|—Sunburst)$")
def _modular(_match: re.Match[str]) -> KeywordTargeting:
    phrase = "target artifact creature"
    text = (
        f"{_DIES}, you may put a +1/+1 counter on {phrase} "
        "for each +1/+1 counter on this permanent."
    )
    return KeywordTargeting(
        "modular", AbilityKind.TRIGGERED, "702.43a", text, phrase, trigger=_DIES
    )


@_keyword("soulshift", r"^Soulshift (?P<n>\d+)$")
def _soulshift(match: re.Match[str]) -> KeywordTargeting:
    phrase = f"target Spirit card with mana value {match.group('n')} or less from your graveyard"
    text = f"{_DIES}, you may return {phrase} to your hand."
    return KeywordTargeting(
        "soulshift", AbilityKind.TRIGGERED, "702.46a", text, phrase, trigger=_DIES
    )


@_keyword("haunt", r"^Haunt$")
def _haunt(_match: re.Match[str]) -> KeywordTargeting:
    phrase = "target creature"
    text = f"{_DIES}, exile it haunting {phrase}."
    return KeywordTargeting("haunt", AbilityKind.TRIGGERED, "702.55a", text, phrase, trigger=_DIES)


@_keyword("reinforce", r"^Reinforce (?P<n>\d+|X)—(?P<cost>.+)$")
def _reinforce(match: re.Match[str]) -> KeywordTargeting:
    cost = f"{match.group('cost')}, Discard this card"
    phrase = "target creature"
    text = f"{cost}: Put {match.group('n')} +1/+1 counters on {phrase}."
    return KeywordTargeting("reinforce", AbilityKind.ACTIVATED, "702.77a", text, phrase, cost=cost)


@_keyword("scavenge", r"^Scavenge ?(?P<cost>(?:\{[^}]+\})+|—.+)$")
def _scavenge(match: re.Match[str]) -> KeywordTargeting:
    cost = f"{match.group('cost').lstrip('—')}, Exile this card from your graveyard"
    phrase = "target creature"
    text = (
        f"{cost}: Put a number of +1/+1 counters equal to the power of the card you exiled "
        f"on {phrase}. Activate only as a sorcery."
    )
    return KeywordTargeting("scavenge", AbilityKind.ACTIVATED, "702.97a", text, phrase, cost=cost)


@_keyword("unearth", r"^Unearth ?(?P<cost>(?:\{[^}]+\})+|—.+)$")
def _unearth(match: re.Match[str]) -> KeywordTargeting:
    # CR 702.84a: it doesn't target, but it is an activated ability that works from the
    # graveyard (113.6m), so it is read for "activates X's unearth ability".
    cost = match.group("cost").lstrip("—")
    text = (
        f"{cost}: Return this card from your graveyard to the battlefield. It gains haste. "
        "Exile it at the beginning of the next end step or if it would leave the battlefield. "
        "Activate only as a sorcery."
    )
    return KeywordTargeting("unearth", AbilityKind.ACTIVATED, "702.84a", text, "", cost=cost)


@_keyword("cycling", r"^(?P<kind>[A-Za-z ]*?)cycling ?(?P<cost>(?:\{[^}]+\})+|—.+)$")
def _cycling(match: re.Match[str]) -> KeywordTargeting:
    # CR 702.29a: "[Cost], Discard this card: Draw a card." - an activated ability that works
    # from the hand (so Stifle or Trickbind can target it); 702.29e: typecycling searches.
    cost = f"{match.group('cost').lstrip('—')}, Discard this card"
    kind = match.group("kind").strip()
    if kind:
        what = "basic land" if kind.lower() == "basic land" else kind
        effect = (
            f"Search your library for a {what} card, reveal it, put it into your hand, then "
            "shuffle."
        )
        rule = "702.29e"
    else:
        effect, rule = "Draw a card.", "702.29a"
    return KeywordTargeting(
        "cycling", AbilityKind.ACTIVATED, rule, f"{cost}: {effect}", "", cost=cost
    )


@_keyword("annihilator", r"^Annihilator (?P<n>\d+)$")
def _annihilator(match: re.Match[str]) -> KeywordTargeting:
    # CR 702.86a: "Whenever this creature attacks, defending player sacrifices N permanents."
    # No target: the defending player is chosen by the attack (so Stifle can counter it, and
    # hexproof doesn't stop it).
    trigger = "Whenever this creature attacks"
    n = int(match.group("n"))
    things = "a permanent" if n == 1 else f"{n} permanents"
    text = f"{trigger}, defending player sacrifices {things}."
    return KeywordTargeting(
        "annihilator", AbilityKind.TRIGGERED, "702.86a", text, "", trigger=trigger
    )


@_keyword("bestow", r"^Bestow ?(?P<cost>(?:\{[^}]+\})+|—.+)$")
def _bestow(_match: re.Match[str]) -> KeywordTargeting:
    # CR 702.103b: cast bestowed, it is an Aura spell with enchant creature.
    phrase = "target creature"
    text = f"Aura spell cast bestowed, with enchant creature: {phrase}."
    return KeywordTargeting("bestow", AbilityKind.SPELL, "702.103b", text, phrase)


@_keyword("mutate", r"^Mutate ?(?P<cost>(?:\{[^}]+\})+|—.+)$")
def _mutate(_match: re.Match[str]) -> KeywordTargeting:
    # CR 702.140a: "a non-Human creature with the same owner as this spell" - the spell's owner
    # is the player casting it in every ordinary case, so "you own" (CR 108.3).
    phrase = "target non-Human creature you own"
    text = f"Cast for its mutate cost, this becomes a mutating creature spell that targets {phrase[7:]}."
    return KeywordTargeting("mutate", AbilityKind.SPELL, "702.140a", text, phrase)


@_keyword("awaken", r"^Awaken (?P<n>\d+)—(?P<cost>.+)$")
def _awaken(match: re.Match[str]) -> KeywordTargeting:
    phrase = "target land you control"
    text = (
        f"If this spell's awaken cost was paid, put {match.group('n')} +1/+1 counters on "
        f"{phrase}. That land becomes a 0/0 Elemental creature with haste."
    )
    return KeywordTargeting("awaken", AbilityKind.SPELL, "702.113a", text, phrase)


@_keyword("mentor", r"^Mentor$")
def _mentor(_match: re.Match[str]) -> KeywordTargeting:
    trigger = "Whenever this creature attacks"
    phrase = "target attacking creature with power less than this creature's power"
    text = f"{trigger}, put a +1/+1 counter on {phrase}."
    return KeywordTargeting(
        "mentor", AbilityKind.TRIGGERED, "702.134a", text, phrase, trigger=trigger
    )


@_keyword("provoke", r"^Provoke$")
def _provoke(_match: re.Match[str]) -> KeywordTargeting:
    trigger = "Whenever this creature attacks"
    phrase = "target creature defending player controls"
    text = (
        f"{trigger}, you may choose to have {phrase} block this creature this combat if able. "
        "If you do, untap that creature."
    )
    return KeywordTargeting(
        "provoke", AbilityKind.TRIGGERED, "702.39a", text, phrase, trigger=trigger
    )


@_keyword("backup", r"^Backup (?P<n>\d+)$")
def _backup(match: re.Match[str]) -> KeywordTargeting:
    trigger = "When this creature enters"
    phrase = "target creature"
    text = f"{trigger}, put {match.group('n')} +1/+1 counters on {phrase}."
    return KeywordTargeting(
        "backup", AbilityKind.TRIGGERED, "702.165a", text, phrase, trigger=trigger
    )


@_keyword("partner with", r"^Partner with (?P<name>[^.]+)$")
def _partner_with(match: re.Match[str]) -> KeywordTargeting:
    trigger = "When this permanent enters"
    phrase = "target player"
    text = (
        f"{trigger}, {phrase} may search their library for a card named "
        f"{match.group('name')}, reveal it, put it into their hand, then shuffle."
    )
    return KeywordTargeting(
        "partner with", AbilityKind.TRIGGERED, "702.124j", text, phrase, trigger=trigger
    )


# Keyword actions that target although their printed word doesn't say so; their reminder text
# is stripped with the rest, so each is spelled out as its rule defines it before the text's
# targets are read ("Lead by Example", "When this creature enters, support 2", "Earthbend 3").
# CR 701.41a: "Support N" on an instant or sorcery means "Put a +1/+1 counter on each of up to N
# target creatures", on a permanent "... each of up to N other target creatures".
_SUPPORT = re.compile(r"\bsupport (?P<n>\d+|X)\b", re.IGNORECASE)
# CR 701.66a: "Earthbend N" means "Target land you control becomes a 0/0 land creature with haste
# in addition to its other types. Put N +1/+1 counters on it. When that land dies or is put into
# exile, return it to the battlefield tapped under your control."
# Its reminder text's words ("becomes a 0/0 creature with haste that's still a land") are the
# ones the effect reader knows; "Earthbend 3, then earthbend 3" is two sentences, each with
# its own target and counters; its last sentence is a delayed trigger (603.7a), said as untracked.
_EARTHBEND = re.compile(
    r"(?P<then>, then )?\b(?:you )?earthbend (?P<n>\d+|X)\b(?P<where>, where X is [^.]+)?",
    re.IGNORECASE,
)


def spell_out_keyword_actions(paragraph: str, *, spell_face: bool) -> str:
    """``paragraph`` with each "support N" and "earthbend N" written out as CR 701.41a and
    701.66a define them."""
    other = "" if spell_face else "other "

    def support(found: re.Match[str]) -> str:
        put = "Put" if found.group(0)[0] == "S" else "put"
        return f"{put} a +1/+1 counter on each of up to {found['n']} {other}target creatures"

    def earthbend(found: re.Match[str]) -> str:
        if found["then"]:
            land = ". Then target"
        else:
            land = "Target" if found.group(0)[0] == "E" else "target"
        counters = "a +1/+1 counter" if found["n"] == "1" else f"{found['n']} +1/+1 counters"
        return (
            f"{land} land you control becomes a 0/0 creature with haste that's still a land. "
            f"Put {counters} on it{found['where'] or ''}. When that land dies or is put into exile, return it to the "
            "battlefield tapped under your control"
        )

    return _EARTHBEND.sub(earthbend, _SUPPORT.sub(support, paragraph))


def read_keyword_line(line: str, keywords: frozenset[str]) -> list[KeywordTargeting] | None:
    """The targeting keywords on a keyword line, or None if the line is not one.

    ``keywords`` (lowercase, from the card data) settles lines such as "Provoke the Trolls"
    that start like a keyword but are not one; an empty set trusts the line's form.
    """
    parts = [part.strip() for part in line.split(", ")] if ", " in line else [line.strip()]
    found: list[KeywordTargeting] = []
    for part in parts:
        reading = _read_one(part, keywords)
        if reading is None:
            return None
        found.append(reading)
    return found


def _read_one(part: str, keywords: frozenset[str]) -> KeywordTargeting | None:
    for name, pattern, builder in _KEYWORDS:
        match = pattern.match(part)
        # "swampcycling" is cycling's typecycling form (702.29e).
        listed = name in keywords or name.split()[0] in keywords
        if match and (not keywords or listed or any(k.endswith(name) for k in keywords)):
            return builder(match)
    return None


def keyword_without_line(keyword: str) -> KeywordTargeting | None:
    """The ability of a targeting keyword the card data lists but the text does not spell out."""
    defaults = {
        "modular": "Modular 1",
        "haunt": "Haunt",
        "mentor": "Mentor",
        "provoke": "Provoke",
        "backup": "Backup 1",
    }
    line = defaults.get(keyword)
    return _read_one(line, frozenset()) if line else None


# A line of each keyword above, so "Does equip target?" is answered from the keyword's rule,
# not from a card whose name starts like it (Equipoise).
_SAMPLE_LINES = {
    "enchant": "Enchant creature",
    "equip": "Equip {1}",
    "fortify": "Fortify {1}",
    "reconfigure": "Reconfigure {1}",
    "modular": "Modular 1",
    "soulshift": "Soulshift 1",
    "haunt": "Haunt",
    "reinforce": "Reinforce 1—{1}",
    "scavenge": "Scavenge {1}",
    "unearth": "Unearth {1}",
    "cycling": "Cycling {1}",
    "annihilator": "Annihilator 1",
    "bestow": "Bestow {1}",
    "mutate": "Mutate {1}",
    "awaken": "Awaken 1—{1}",
    "mentor": "Mentor",
    "provoke": "Provoke",
    "backup": "Backup 1",
}


def keyword_reading(keyword: str) -> KeywordTargeting | None:
    """What the keyword ``keyword`` ("equip", "Annihilator") stands for, or None when it isn't
    one of the keywords read here."""
    line = _SAMPLE_LINES.get(" ".join(keyword.lower().split()))
    return _read_one(line, frozenset()) if line else None
