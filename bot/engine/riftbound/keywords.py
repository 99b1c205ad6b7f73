"""What a permanent's printed text says about being chosen: Deflect (rule 809 in v1.3, 735 in
v1.2) and "I can't be chosen by enemy spells and abilities".

Only abilities the permanent always has count as its own: a keyword granted under a condition
("[Level 6][>] I have [Deflect]", "While I'm [Mighty], I have [Deflect]") is not read.  Deflect
it grants to other permanents ("your other units here have [Deflect]") is read by ``grants``
and applied to the board by ``granted_deflect`` (809.2: "or has been granted Deflect").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine.riftbound.model import BOARD_ZONES, RbKind, RbObject, RbZone

# Reminder text in parentheses says what a keyword does; it is not an ability of its own.
_REMINDER = re.compile(r"\([^()]*\)")
# The keywords a card opens with: "[Accelerate] [Assault 2] [Deflect] [Ganking]".
# "[Assault 2] [Deflect]" and "[Assault 2], [Shield 2]" (Garen, Rugged; QA 58 U6).
_LEADING_KEYWORDS = re.compile(r"^(?:\s*,?\s*\[[^\]]+\])+")
_KEYWORD = re.compile(r"\[([^\]]+)\]")
_DEFLECT = re.compile(r"deflect(?:\s+(?P<value>\d+))?", re.IGNORECASE)
_UNCHOOSABLE = re.compile(
    r"(?:^|[.\]]\s*)I can[’']t be chosen by enemy spells and abilities", re.IGNORECASE
)
# Keywords that make what follows conditional.
_CONDITIONS = ("level", ">")


@dataclass(frozen=True)
class ChoosingAbilities:
    """``deflect``: the Deflect value (0 without it; "[Deflect]" alone is 1, 809.1.b.3).
    ``enemies_cant_choose``: "I can't be chosen by enemy spells and abilities"."""

    deflect: int = 0
    enemies_cant_choose: bool = False


def _unconditional_keywords(line: str) -> list[str]:
    """The keywords a line (reminder text removed) opens with, up to a condition such as
    "[Level 6][>]" (what follows a condition applies only when it holds)."""
    leading = _LEADING_KEYWORDS.match(line)
    found: list[str] = []
    for keyword in _KEYWORD.findall(leading.group(0)) if leading else ():
        if keyword.strip().lower().startswith(_CONDITIONS):
            break
        found.append(keyword.strip())
    return found


# Fiora, Victorious: "While I'm [Mighty], I have [Deflect], [Ganking], and [Shield]." - her own
# Deflect while her Might is 5 or more (708; 471.3's example walks through this card).
_DEFLECT_WHILE_MIGHTY = re.compile(
    r"^while I'm \[?mighty\]?,\s*I have\s+(?:\[[^\]]+\](?:,\s*|\s+and\s+|,\s+and\s+))*"
    r"\[Deflect(?:\s+(?P<value>\d+))?\]",
    re.IGNORECASE,
)
# Experimental Hexplate's Effect Text, the unit's while attached (718.3): "I am a Mech."
_I_AM_A = re.compile(r"^I am an? (?P<tag>[A-Za-z]+)\.?$", re.IGNORECASE)


def deflect_while_mighty(text: str) -> int:
    """The Deflect a permanent's text gives itself while it is Mighty (708: Might 5 or more);
    0 when it says none."""
    total = 0
    for raw_line in text.replace("’", "'").splitlines():
        found = _DEFLECT_WHILE_MIGHTY.match(_REMINDER.sub("", raw_line).strip())
        if found:
            total += int(found.group("value") or 1)
    return total


def tags_said(text: str) -> frozenset[str]:
    """The tags a text says its object has ("I am a Mech."), lower-cased as objects keep them."""
    return frozenset(
        found.group("tag").lower()
        for raw_line in text.replace("’", "'").splitlines()
        if (found := _I_AM_A.match(_REMINDER.sub("", raw_line).strip()))
    )


# A permanent's passive ability giving itself keywords: Mosstomper's "[Level 3][>] I have +1
# [M] and [Deflect].", Gustwalker's "... I have +1 [M] and [Ganking]." (with the [Level]
# already read: 824.1.b.1, "this card gains '[Text]'").  "While I'm [Mighty], I have ..." and
# other conditions don't match.
_SAID_KEYWORDS = re.compile(
    r"^I have\s+(?:[+\-−]\d+ \[M\](?:,\s*|\s+and\s+|,\s+and\s+))?"
    r"(?P<keywords>\[[^\]]+\](?:(?:,\s*|\s+and\s+|,\s+and\s+)\[[^\]]+\])*)\s*\.?$",
    re.IGNORECASE,
)


def said_keywords(text: str) -> list[tuple[str, str]]:
    """The keywords a permanent's text says it has in a sentence ("I have +1 [M] and
    [Ganking]."), each with the line that says it; a line opening with a condition
    ("[Level 3][>]") is left out: read it once its condition holds (``state.levelled``)."""
    found: list[tuple[str, str]] = []
    for raw_line in text.replace("’", "'").splitlines():
        line = _REMINDER.sub("", raw_line).strip()
        said = _SAID_KEYWORDS.match(line)
        if said is None:
            continue
        for keyword in _KEYWORD.findall(said.group("keywords")):
            if keyword.strip().upper() != "M":
                found.append((keyword.strip(), line))
    return found


def deflect_value(keyword: str) -> int:
    """The Deflect value of a keyword ("Deflect" 1, "Deflect 2" 2, 809.1.b.3); 0 for any other."""
    found = _DEFLECT.fullmatch(keyword.strip())
    return int(found.group("value") or 1) if found else 0


def printed_keywords(text: str) -> list[str]:
    """The keywords a card's lines open with, in printed order, each once ("Hidden", "Action"
    for Hidden Blade), for answers that name them."""
    found: list[str] = []
    for raw_line in text.splitlines():
        leading = _LEADING_KEYWORDS.match(_REMINDER.sub("", raw_line).strip())
        for keyword in _KEYWORD.findall(leading.group(0)) if leading else ():
            word = keyword.strip()
            if word != ">" and word not in found and not word[:1].isdigit() and len(word) > 1:
                found.append(word)
    return found


def choosing_abilities(text: str) -> ChoosingAbilities:
    """Read a permanent's unconditional Deflect and "can't be chosen" from its text."""
    deflect = 0
    unchoosable = False
    for raw_line in text.splitlines():
        line = _REMINDER.sub("", raw_line).strip()
        leading = _LEADING_KEYWORDS.match(line)
        for keyword in _unconditional_keywords(line):
            found = _DEFLECT.fullmatch(keyword)
            if found:
                deflect += int(found.group("value") or 1)  # 809.2: values add up
        unconditional = line if not leading else line[leading.end() :]
        if leading and any(
            k.strip().lower().startswith(_CONDITIONS) for k in _KEYWORD.findall(leading.group(0))
        ):
            continue
        if _UNCHOOSABLE.search(unconditional.strip()) and not re.match(
            r"\s*(?:while|if|as long as)\b", unconditional, re.IGNORECASE
        ):
            unchoosable = True
    return ChoosingAbilities(deflect, unchoosable)


# A passive ability that gives permanents on the board Deflect: Petricite Monument's "Friendly
# units have [Deflect].", Allay's "While I'm at a battlefield, your other units here have
# [Deflect].", Breakneck Mech's "Your Mechs have [Deflect] and [Ganking]."
_GRANTS_DEFLECT = re.compile(
    r"^(?P<condition>while I'm at a battlefield,\s*)?(?P<who>.+?)\s+(?:each\s+)?ha(?:ve|s)\s+"
    r"(?:\[[^\]]+\](?:,\s*|\s+and\s+|,\s+and\s+))*\[Deflect(?:\s+(?P<value>\d+))?\]",
    re.IGNORECASE,
)
# Alpha Wildclaw's "Your units here with less Might than me can't be chosen by enemy spells and
# abilities": the same protection as "I can't be chosen ...", given to others.
_GRANTS_PROTECTION = re.compile(
    r"^(?P<condition>while I'm at a battlefield,\s*)?(?P<who>.+?)\s+can't be chosen by enemy "
    r"spells and abilities",
    re.IGNORECASE,
)
# Who such an ability covers: "Friendly units", "your other units here", "Your Mechs" (a tag),
# "Your units here with less Might than me", "Stunned enemy units here" (Leona, Zealot),
# "Units here" (a battlefield's: Trifarian War Camp), "Friendly buffed units" (Spirit's
# Refuge; buffs are kept, 426.1.b), "Other buffed friendly units at my battlefield" (Lee Sin,
# Centered: only while its source is at a battlefield, 359.3.f.2).  Words the board can't check ("Bird, Cat, ... units")
# don't match, so that grant is not applied.
_WHO = re.compile(
    r"^(?P<words>(?:(?:your|friendly|enemy|other|stunned|buffed|token)\s+)*)(?P<noun>[a-z]+?)s?"
    r"(?:\s+with \[(?P<keyword>[a-z-]+)\])?(?P<here>\s+here)?(?P<mine>\s+at my battlefield)?(?P<weaker>\s+with less Might than me)?$",
    re.IGNORECASE,
)
# A passive ability that changes Might (472.3: the Arithmetic layer): Darius, Executioner's
# "Other friendly units have +1 [M] here.", Leona, Zealot's "Stunned enemy units here have
# -8 [M], to a minimum of 1 [M].", Trusty Ramhound's "While you have another unit here, I
# have +1 [M].", Ornn, Forge God's "I have +1 [M] for each friendly gear.", Trifarian War
# Camp's "Units here have +1 [M].", Lee Sin, Centered's "Other buffed friendly units at my
# battlefield have +2 [M].", Sett, Kingpin's "I get +1 [M] for each buffed friendly unit at my
# battlefield."  Any other condition ("While you have 8+ runes, I have
# +4 [M]") is left in ``who``, which then covers nothing.
_GRANTS_MIGHT = re.compile(
    r"^(?P<another>while you have another unit here,\s*)?(?P<who>.+?)\s+(?:ha(?:ve|s)|gets?)\s+"
    r"(?P<sign>[+\-−])(?P<value>\d+) \[M\](?P<here>\s+here)?"
    r"(?:\s+for each (?:of )?(?P<each>[a-z \[\]]+?))?(?:,\s*to a minimum of (?P<floor>\d+) \[M\])?"
    # Scorchclaw's "I have +1 [M] and enter ready.", Mosstomper's "I have +1 [M] and
    # [Deflect].": the Might, whatever else follows (the keyword is read by ``said_keywords``).
    r"(?:\s+and\s+(?P<also>[^.]+?))?\s*\.?$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Grant:
    """What one passive ability of ``source`` gives other permanents: ``deflect`` (its value,
    0 for none) or ``enemies_cant_choose`` ("can't be chosen by enemy spells and abilities"),
    for the permanents ``who`` names, only while ``source`` is at a battlefield when
    ``while_at_battlefield``."""

    who: str
    deflect: int = 0
    while_at_battlefield: bool = False
    enemies_cant_choose: bool = False
    # A Might change (472.3): ``might`` (+1, -8), down to no less than ``might_floor`` ("to a
    # minimum of 1 [M]"), once per object ``for_each`` names ("friendly gear"), only while
    # its source's controller has another unit at its location when ``while_another_here``.
    might: int = 0
    might_floor: int | None = None
    for_each: str = ""
    while_another_here: bool = False
    # Spirit's Refuge: "... have [Deflect] if they didn't already" - none more for a unit
    # that has Deflect of its own.
    unless_already: bool = False


def grants(text: str) -> tuple[Grant, ...]:
    """The unconditional passive abilities in a permanent's text that give others Deflect or
    "can't be chosen by enemy spells and abilities", and those that change Might (its own
    too: ``who`` is "I")."""
    found: list[Grant] = []
    for line in _unconditional_lines(text):
        deflect = _GRANTS_DEFLECT.match(line)
        if deflect and deflect.group("who").lower() not in ("i", "we"):
            found.append(
                Grant(
                    deflect.group("who"),
                    deflect=int(deflect.group("value") or 1),
                    while_at_battlefield=bool(deflect.group("condition")),
                    unless_already="if they didn't already" in line.lower(),
                )
            )
        protection = _GRANTS_PROTECTION.match(line)
        if protection and protection.group("who").lower() not in ("i", "we"):
            found.append(
                Grant(
                    protection.group("who"),
                    while_at_battlefield=bool(protection.group("condition")),
                    enemies_cant_choose=True,
                )
            )
        might = _GRANTS_MIGHT.match(line)
        if might:
            sign = -1 if might.group("sign") in "-−" else 1
            found.append(
                Grant(
                    might.group("who") + (" here" if might.group("here") else ""),
                    might=sign * int(might.group("value")),
                    might_floor=int(might.group("floor")) if might.group("floor") else None,
                    for_each=might.group("each") or "",
                    while_another_here=bool(might.group("another")),
                )
            )
    return tuple(found)


def covers(grant: Grant, source: RbObject, candidate: RbObject) -> bool:
    """Does ``grant``, a passive ability of ``source``, apply to ``candidate`` now?"""
    # A Legend's passive abilities apply from its Legend Zone (107.4.c; Wuju Master).
    if source.zone not in (*BOARD_ZONES, RbZone.LEGEND_ZONE) or candidate.zone not in BOARD_ZONES:
        return False
    if grant.while_at_battlefield and not source.at_battlefield:
        return False
    if grant.who.strip().lower() == "i":
        return candidate.id == source.id
    return _named(grant.who, source, candidate)


def _named(who_text: str, source: RbObject, candidate: RbObject, text: str = "") -> bool:
    """Is ``candidate`` one of the permanents ``who_text`` names ("Other friendly units
    here", "Your Mechs", "friendly gear", "your units with [Temporary] at my battlefield")
    from ``source``'s point of view?  ``text``: ``candidate``'s active text, for the keywords
    it prints."""
    who = _WHO.match(who_text.strip())
    if who is None or candidate.zone not in BOARD_ZONES:
        return False
    keyword = who.group("keyword")
    if keyword and keyword.casefold() not in {
        k.casefold() for k in (*printed_keywords(text), *candidate.keywords)
    }:
        return False  # Petal Pixie: "each of your units with [Temporary]" (184.2)
    words = who.group("words").lower().split()
    friendly = "your" in words or "friendly" in words
    if friendly and candidate.controller != source.controller:
        return False
    if "enemy" in words and candidate.controller in ("", source.controller):
        return False
    if "stunned" in words and not candidate.stunned:
        return False
    if "buffed" in words and not candidate.buffed:
        return False  # Spirit's Refuge: "Your buffed units have [Deflect]" (702.2.a)
    if "token" in words and not candidate.token:
        return False
    noun = who.group("noun").lower()
    if noun in ("unit", "gear"):
        if candidate.kind is not RbKind(noun):
            return False
    elif candidate.kind is not RbKind.UNIT or noun not in candidate.tags:
        return False  # "Your Mechs": units with that tag
    if "other" in words and candidate.id == source.id:
        return False
    if who.group("here") and candidate.place != source.place:
        return False
    if who.group("mine") and not (source.at_battlefield and candidate.place == source.place):
        return False
    if who.group("weaker"):
        return (candidate.might or 0) < (source.might or 0) and candidate.id != source.id
    return True


def granted_deflect(board: Sequence[tuple[RbObject, str]]) -> tuple[tuple[int, int, str], ...]:
    """Deflect granted by passive abilities of permanents on the board (``board``: each
    permanent with its text): (receiving id, value, granting permanent's name) per grant; an
    object's values are summed with its own (809.2)."""
    granted: list[tuple[int, int, str]] = []
    for source, text in board:
        for grant in grants(text):
            granted += [
                (candidate.id, grant.deflect, source.name)
                for candidate, _ in board
                if grant.deflect
                and covers(grant, source, candidate)
                and not (grant.unless_already and candidate.deflect)
            ]
    return tuple(granted)


def granted_protection(board: Sequence[tuple[RbObject, str]]) -> tuple[tuple[int, str], ...]:
    """ "Can't be chosen by enemy spells and abilities" granted by passive abilities of
    permanents on the board: (protected id, protecting permanent's name) per grant."""
    return tuple(
        (candidate.id, source.name)
        for source, text in board
        for grant in grants(text)
        if grant.enemies_cant_choose
        for candidate, _ in board
        if covers(grant, source, candidate)
    )


# A passive ability giving permanents keywords: Windswept Hillock's "Units here have
# [Ganking].", Breakneck Mech's "Your Mechs have [Deflect] and [Ganking].", Gemcraft Seer's
# "Other friendly units have [Vision]." (each such ability another instance, 817.2), Taric,
# Protector's "Other friendly units here have [Shield]."  Who it covers is read as
# ``covers`` reads a Might grant; a condition ("If you've ...", "While I'm buffed") is left in
# ``who``, which then covers nothing.
_GRANTS_KEYWORDS = re.compile(
    r"^(?P<condition>while I'm at a battlefield,\s*)?(?P<who>[^\[]+?)\s+(?:each\s+)?ha(?:ve|s)\s+"
    r"(?P<keywords>\[[^\]]+\](?:(?:,\s*|\s+and\s+|,\s+and\s+)\[[^\]]+\])*)\s*\.?$",
    re.IGNORECASE,
)


def _unconditional_lines(text: str) -> list[str]:
    """A permanent's lines without reminder text or the keywords they open with, leaving out
    those opening with a condition ("[Level 6][>]")."""
    lines: list[str] = []
    for raw_line in text.replace("’", "'").splitlines():
        line = _REMINDER.sub("", raw_line).strip()
        leading = _LEADING_KEYWORDS.match(line)
        if leading:
            if any(
                k.strip().lower().startswith(_CONDITIONS)
                for k in _KEYWORD.findall(leading.group(0))
            ):
                continue
            line = line[leading.end() :].strip()
        lines.append(line)
    return lines


def granted_keywords(
    board: Sequence[tuple[RbObject, str]], candidate: RbObject
) -> list[tuple[str, str]]:
    """The keywords passive abilities of the permanents and battlefields on the board
    (``board``: each with its text) give ``candidate``, each as (keyword, the granting
    permanent's name), once for each ability."""
    found: list[tuple[str, str]] = []
    for source, text in board:
        for line in _unconditional_lines(text):
            grant = _GRANTS_KEYWORDS.match(line)
            if grant is None or grant.group("who").strip().lower() in ("i", "we"):
                continue
            covered = covers(
                Grant(grant.group("who"), while_at_battlefield=bool(grant.group("condition"))),
                source,
                candidate,
            )
            if covered:
                found += [
                    (k.strip(), source.name) for k in _KEYWORD.findall(grant.group("keywords"))
                ]
    return found


def vision_granters(board: Sequence[tuple[RbObject, str]], candidate: RbObject) -> list[str]:
    """The permanents whose passive ability gives ``candidate`` [Vision] (Gemcraft Seer),
    once for each such ability (817.2)."""
    return [name for keyword, name in granted_keywords(board, candidate) if keyword == "Vision"]


# A permanent's keywords while a state of its own holds: Fiora, Victorious's "While I'm
# [Mighty], I have [Deflect], [Ganking], and [Shield].", Bilgewater Bully's "While I'm buffed,
# I have [Ganking]."  Other conditions ("If you've gained XP this turn, I have +1 [M] and
# [Ganking].") are ones the bot doesn't keep: ``unchecked_keyword_conditions`` reads them.
_SELF_KEYWORDS_IF = re.compile(
    r"^(?P<condition>(?:while|if) [^,]+),\s*I have\s+(?:[+\-−]\d+ \[M\](?:,\s*|\s+and\s+|,\s+and\s+))?"
    r"(?P<keywords>\[[^\]]+\](?:(?:,\s*|\s+and\s+|,\s+and\s+)\[[^\]]+\])*)\s*\.?$",
    re.IGNORECASE,
)
_MIGHTY_CONDITION = re.compile(r"^while I'm \[?mighty\]?$", re.IGNORECASE)
_BUFFED_CONDITION = re.compile(r"^while I'm buffed$", re.IGNORECASE)


def conditional_self_keywords(text: str) -> list[tuple[str, str, str]]:
    """(condition kind, keyword, line) for each keyword a permanent's text gives itself under
    a condition: kind ``mighty`` (708), ``buffed`` (702.2.a) or ``unchecked`` (a condition the
    bot doesn't keep, with the line for the answer)."""
    found: list[tuple[str, str, str]] = []
    for line in _unconditional_lines(text):
        said = _SELF_KEYWORDS_IF.match(line)
        if said is None:
            continue
        condition = said.group("condition").strip()
        kind = (
            "mighty"
            if _MIGHTY_CONDITION.match(condition)
            else "buffed"
            if _BUFFED_CONDITION.match(condition)
            else "unchecked"
        )
        found += [(kind, k.strip(), line) for k in _KEYWORD.findall(said.group("keywords"))]
    return found


# Jax, Unmatched: "Your Equipment everywhere have [Quick-Draw]. (Each gains [Reaction]. When
# you play it, attach it to a unit you control.)" - Origins FAQ: it "grants Quick-Draw to
# Equipment in your hand"; the revised text also attaches them as they are played.
_GRANTS_QUICK_DRAW = re.compile(
    r"^your equipment everywhere (?:each )?ha(?:ve|s)\s+(?:\[[^\]]+\](?:,\s*|\s+and\s+))*"
    r"\[Quick-Draw\]",
    re.IGNORECASE,
)


# Rek'Sai, Breacher: "Friendly units played from anywhere other than a player's hand have
# [Accelerate]." (QA 55 W4)
_GRANTS_ACCELERATE_NOT_FROM_HAND = re.compile(
    r"^friendly units played from anywhere other than a player's hand have \[Accelerate\]",
    re.IGNORECASE,
)


def _granting_line(text: str, pattern: re.Pattern[str]) -> str:
    """The line of a permanent's text (reminders and leading keywords left out) that
    ``pattern`` matches, or ""."""
    for raw_line in text.replace("’", "'").splitlines():
        line = _REMINDER.sub("", raw_line).strip()
        leading = _LEADING_KEYWORDS.match(line)
        if leading:
            line = line[leading.end() :].strip()
        if pattern.match(line):
            return line
    return ""


def grants_quick_draw(text: str) -> str:
    """The line of a permanent's text that gives its controller's Equipment, wherever they
    are, [Quick-Draw] (Jax, Unmatched), or ""."""
    return _granting_line(text, _GRANTS_QUICK_DRAW)


def grants_accelerate_not_from_hand(text: str) -> str:
    """The line of a permanent's text that gives its controller's units played from anywhere
    but a hand [Accelerate] (Rek'Sai, Breacher), or ""."""
    return _granting_line(text, _GRANTS_ACCELERATE_NOT_FROM_HAND)


# A passive ability that adds Bonus Damage to what spells and abilities deal (417.5): Void
# Gate's "Spells and abilities deal 1 Bonus Damage to units here.", Annie, Fiery's "Your
# spells and abilities deal 1 Bonus Damage.", Rabadon's Deathcrown's (the unit's while it is
# attached, 718.3).  Origins FAQ, Void Gate: it is "only for damage being dealt to units at
# Void Gate".
_BONUS_DAMAGE = re.compile(
    r"^(?P<yours>your )?spells and abilities deal (?P<amount>\d+) bonus damage"
    r"(?P<here> to units here)?\s*\.?$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class BonusDamage:
    """One passive Bonus Damage ability (417.5): ``amount``, for its controller's spells and
    abilities only when ``yours``, to units at its source's location only when ``here``;
    ``text`` as printed."""

    amount: int
    yours: bool
    here: bool
    text: str


def bonus_damage(text: str) -> tuple[BonusDamage, ...]:
    """The unconditional passive Bonus Damage abilities in a permanent's text."""
    found: list[BonusDamage] = []
    for raw_line in text.replace("’", "'").splitlines():
        line = _REMINDER.sub("", raw_line).strip()
        leading = _LEADING_KEYWORDS.match(line)
        if leading:
            line = line[leading.end() :].strip()
        match = _BONUS_DAMAGE.match(line)
        if match:
            found.append(
                BonusDamage(
                    int(match.group("amount")),
                    bool(match.group("yours")),
                    bool(match.group("here")),
                    re.sub(r"\s+\.$", ".", line),
                )
            )
    return tuple(found)


def has_reaction(text: str) -> bool:
    """Whether a card's text, or one ability's text, has [Reaction] (813): as a keyword the
    card opens a line with ("[Reaction] (Play any time ...)"), before any condition like
    "[Level 6][>]", or on an ability ("[Exhaust]: [Reaction] - [Add] ...", "[Reaction][>]",
    813.1.d).  813.1.c.1-2: it can be played or activated during Closed States."""
    for raw_line in text.splitlines():
        line = _REMINDER.sub("", raw_line).strip()
        # [Quick-Draw]: "This has [Reaction]" (its reminder text; Long Sword).
        if any(k.lower() in ("reaction", "quick-draw") for k in _unconditional_keywords(line)):
            return True
        # An activated ability's "[Reaction]" right after its cost's ":".
        if re.search(r":\s*\[Reaction\]", line, re.IGNORECASE):
            return True
    return False


@dataclass(frozen=True)
class MightNow:
    """A unit's Might with the passive abilities on the board applied (472.3): ``might``, and
    each change as (the permanent whose ability it is, the change)."""

    object_id: int
    might: int
    changes: tuple[tuple[str, int], ...]
    # The decreases a "to a minimum of" held back, as (the permanent, the printed change, the
    # minimum): Leona, Zealot's "-8 [M], to a minimum of 1 [M]" on a 5-Might unit changes it
    # by -4, and the answer says why (QA 44 M3).
    floored: tuple[tuple[str, int, int], ...] = ()


def passive_might(board: Sequence[tuple[RbObject, str]]) -> tuple[MightNow, ...]:
    """The units whose Might passive abilities of permanents on the board (``board``: each
    permanent, battlefields too, with its text) change now (365.1: only while on the board).
    Increases apply first, then decreases, each decrease limited by its "to a minimum of"
    (472.3.d)."""
    increases: dict[int, list[tuple[str, int]]] = {}
    decreases: dict[int, list[tuple[str, int, int | None]]] = {}
    for source, text in board:
        for grant in grants(text):
            if not grant.might:
                continue
            if grant.while_another_here and not any(
                other.id != source.id
                and other.kind is RbKind.UNIT
                and other.controller == source.controller
                and other.place == source.place
                for other, _ in board
            ):
                continue
            times = (
                sum(
                    1
                    for other, other_text in board
                    if _named(grant.for_each, source, other, other_text)
                )
                if grant.for_each
                else 1
            )
            for candidate, _ in board:
                if candidate.might is None or not times or not covers(grant, source, candidate):
                    continue
                if grant.might > 0:
                    increases.setdefault(candidate.id, []).append(
                        (source.name, grant.might * times)
                    )
                else:
                    decreases.setdefault(candidate.id, []).append(
                        (source.name, grant.might * times, grant.might_floor)
                    )
    found: list[MightNow] = []
    for candidate, _ in board:
        if candidate.id not in increases and candidate.id not in decreases:
            continue
        might = candidate.might or 0
        changes: list[tuple[str, int]] = []
        floored: list[tuple[str, int, int]] = []
        for name, change in increases.get(candidate.id, ()):
            might += change
            changes.append((name, change))
        for name, change, floor in decreases.get(candidate.id, ()):
            lowered = might + change
            if floor is not None:
                # "to a minimum of 1 [M]": never below it, and never raising it (472.3.d.2.b).
                lowered = max(lowered, min(floor, might))
                if lowered != might + change:
                    floored.append((name, change, floor))
            changes.append((name, lowered - might))
            might = lowered
        found.append(MightNow(candidate.id, might, tuple(changes), tuple(floored)))
    return tuple(found)
