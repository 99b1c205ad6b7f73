"""Conditions that open a part of a resolving spell or ability: "If you control three or more
artifacts, exile that creature" (Dispatch's metalcraft), "If target creature has toughness 5 or
greater, it gets +4/-4" (Blood Lust), and the "Otherwise, ..." after one.

CR 608.2c: the controller follows the instructions in order, so such a condition is checked as
the part is reached. The bot checks what the board shows (what its controller controls, what
the target is now); a condition about something it doesn't keep (the turn, the graveyard's
contents, mana spent, a coin flip) is neither applied nor said to have happened: the judge
states the result. Conditions tied to a choice ("If you do"), a replacement set up for later
("If that creature would die this turn, exile it instead") and kicker (settled as the spell is
cast, 702.33e) are not conditions to check here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.engine.cards import names_itself
from bot.engine.model import STARTING_LIFE, GameObject, Zone
from bot.engine.mtg.filters import TargetDescription
from bot.engine.mtg.legality import targeting_for_entry
from bot.engine.mtg.phrase_target import description_from
from bot.engine.mtg.phrase_vocab import (
    ABILITY_WORD_PREFIX,
    CARDS_IN_GRAVEYARD_CONDITION,
    NUMBER_WORDS,
    YOU_CONTROL_CONDITION,
)
from bot.engine.mtg.state import GameState, StackEntry, TargetRef
from bot.engine.mtg.statics import as_seen, loses_all_abilities
from bot.engine.patterns import remembered
from bot.engine.verdict import EffectReport

# "Then if you have more life than an opponent, draw a card" (Survival Cache) opens with one
# too, after the part before it.
_LEADING_IF = remembered(
    re.compile(
        rf"^(?:{ABILITY_WORD_PREFIX})?(?:then )?if (?P<condition>[^,]+), (?P<rest>.+)$", re.I
    )
)
# "Exile target creature if it has any abilities other than keywords" (TL;DR), "Draw a card if
# an opponent has cast a blue or black spell this turn" (Veil of Summer): the condition after
# the effect ("as if", "even if", "only if" are not conditions on the part; a quoted ability's
# "if" is that ability's).
_TRAILING_IF = remembered(
    re.compile(
        r"^(?P<effect>[^\"“”]+?)(?<!\bas)(?<!\beven)(?<!\bonly),? if (?P<condition>[^\"“”]+?)\.?$",
        re.I,
    )
)
_ABLE = re.compile(r"^(?:able|possible)$", re.I)
_EACH_OBJECT = re.compile(r"\b(?:each|all)\b", re.I)
_ABOUT_IT = re.compile(r"^(?:it|its|they|their)\b", re.I)
# Amalia Benavides Aguirre: "destroy all other creatures if its power is exactly 20": "other"
# leaves the source out, and "its" is the source's, not each creature's.
_OTHERS_AND_ITS = re.compile(r"\b(?:all|each) other\b.* if its\b", re.I)
_INSTEAD_ANYWHERE = re.compile(r"\binstead\b", re.I)
# Not a condition on the board: a replacement for later, kicker. ("If it doesn't, scry 1",
# after Weatherlight Compleated's "Then draw a card if it has seven or more phyresis counters on
# it", is checked like any other: the bot can't tell, so it is not applied.)
_NOT_CHECKED_HERE = remembered(re.compile(r"\bwould\b|\bkicked\b", re.I))
# "If X is 6 or more, ... instead" (Shatterskull Smashing) is read by the part's own handling
# (``x_instead``); "If X is 10 or more, ..." without "instead" (Finale of Devastation) and
# "If X is 4 or more, draw a card" (Shantotto) are checked here.
_X_FIRST = re.compile(r"^x\b", re.I)
_X_IS = re.compile(r"^x is (?P<n>\d+)(?: or (?P<dir>more|greater|less|fewer))?$", re.I)
# "If you do" / "If they don't": the choice the "you may" part before it offered.
_CHOICE_MADE = remembered(
    re.compile(
        r"^(?:you|they|that player|the player|its controller|an opponent|a player|no one)\s+"
        r"(?P<verb>do|does|did|don't|doesn't|didn't)$",
        re.I,
    )
)
_OTHERWISE = remembered(re.compile(r"^otherwise\b", re.I))
_MAY = remembered(re.compile(r"\bmay\b", re.I))
# Another player's payment as the statement gave it (resolution's ``_others_payment``): "Bob
# may pay {2}{U}: Bob pays", or "Bob may pay {2}{U}" with "Bob chose not to pay (608.2d)".
_STATED_PAYMENT = re.compile(r"\bmay pay\b.*(?:: \w+ pays$|\w+ chose not to pay \(608\.2d\)$)")
_YOU_MAY = re.compile(rf"^(?:{ABILITY_WORD_PREFIX})?(?:then )?you may\b", re.I)
_INSTEAD = remembered(re.compile(r"^instead\b|\binstead\.?$", re.I))
_INSTEAD_WORD = re.compile(r"^instead\s+|\s+instead(?=\.?$)", re.I)
# Disintegrate's "If it's a creature, it can't be regenerated this turn, and if it would die
# this turn, exile it instead": that "instead" is the inner replacement's (614.1a), not one of
# the part before the sentence.
_INNER_WOULD_INSTEAD = re.compile(r"\bif [^,]*\bwould\b[^,]*, [^,]*\binstead\.?$", re.I)
_INSTEAD_IF = remembered(re.compile(r"\s*\binstead if (?P<condition>[^.]+)\.?$", re.I))
# "if you control an artifact and an enchantment" (Kami of Terrible Secrets): each half holds.
_YOU_CONTROL_BOTH = re.compile(
    r"^you control (?P<first>(?:an?|another) [^,]+?) and (?P<second>(?:an?|another) [^,]+)$", re.I
)
# "if all nonland permanents you control are white" (Zealots en-Dal).
_ALL_YOU_CONTROL_ARE = re.compile(
    r"^all (?P<kind>[a-z -]+?) you control are (?P<not>not )?(?P<what>[a-z][\w /-]*)$", re.I
)
# "if Katara is tapped" (Katara, Bending Prodigy): the source by its own name (201.5c).
_NAMED_IS = re.compile(r"^(?P<name>[^,]+?) is (?P<not>not )?(?P<what>tapped|untapped)$", re.I)
# Lithomantic Barrage: "... 5 damage instead if that target is white and/or blue" ("and/or"
# is "or" for a quality: either colour, or both, CR 105.2).
_IT_IS = re.compile(
    r"^(?:it|that creature|that permanent|that target|target creature|target permanent)"
    r"(?: is|'s) (?P<not>not )?(?P<what>(?:an? )?[a-z][\w /-]*)$",
    re.I,
)
# "You gain 3 life if this creature is untapped": the ability's source.
_THIS_IS = re.compile(
    r"^this (?:creature|permanent|artifact|enchantment|land|vehicle)"
    r"(?: is|'s) (?P<not>not )?(?P<what>(?:an? )?[a-z][\w /-]*)$",
    re.I,
)
# Akoum Hellkite: "If that land is a Mountain, ...": the permanent whose entering triggered it.
_THAT_ENTERED_IS = re.compile(
    r"^that (?P<kind>land|creature|artifact|enchantment|permanent) is (?P<not>not )?"
    r"(?P<what>(?:an? )?[a-z][\w /-]*)$",
    re.I,
)
_IT_HAS = re.compile(
    r"^(?:it|that creature|that permanent|target creature|target permanent) "
    r"(?P<verb>has|doesn't have|does not have) "
    r"(?P<what>(?:power|toughness|mana value) .+|flying|trample|haste|deathtouch|lifelink|"
    r"reach|vigilance|first strike|double strike|defender|menace|hexproof|indestructible)$",
    re.I,
)


# Suspend: "If it doesn't have suspend, it gains suspend": the card it exiled (702.62a).
_HAS_SUSPEND = re.compile(r"^it (?P<not>doesn't |does not )?ha(?:s|ve) suspend$", re.I)
_SUSPEND_LINE = re.compile(r"^suspend \d+\s*[—-]", re.I | re.M)


# "If its mana value was 3 or less, scry 1" (Fading Hope): the target as it last existed, even
# once it has left the battlefield (608.2h).
_ITS_NUMBER_WAS = re.compile(
    r"^(?:its|that creature's|that permanent's) (?P<what>mana value|power|toughness) "
    r"(?:is|was) (?P<n>\d+) or (?P<dir>less|greater)$",
    re.I,
)


# TL;DR: "if it has any abilities other than keywords" (CR 702.1: keyword abilities are those
# CR 702 lists; an ability word, 207.2c, starts an ability that is not one).
_ABILITIES_OTHER_THAN_KEYWORDS = re.compile(
    r"^(?:it|that creature|that permanent) has (?:any )?abilities other than keywords$", re.I
)
_REMINDER = re.compile(r"\s*\([^)]*\)")
# Wretched Banquet: "if it has the least power or is tied for least power among creatures on
# the battlefield".
_LEAST_POWER = re.compile(
    r"^it has the least power or is tied for least power among creatures on the battlefield$",
    re.I,
)
# Survival Cache: "if you have more life than an opponent".
_MORE_LIFE = re.compile(
    r"^you have (?P<which>more|less) life than (?P<who>an|each) opponent$", re.I
)
# "You gain 4 life if an opponent has more life than you": you have less than that opponent.
_OPPONENT_MORE_LIFE = re.compile(r"^an opponent has more life than you$", re.I)
# Linvala, the Preserver: "if an opponent controls more creatures than you".
_OPPONENT_CONTROLS_MORE = re.compile(
    r"^an opponent controls more (?P<what>creatures|lands|artifacts|enchantments|permanents) "
    r"than you$",
    re.I,
)

# Idle Thoughts: "if you have no cards in hand"; Scroll of Origins: "if you have seven or more
# cards in hand". Known only when the hand was stated (``Player.hand_stated``).
_CARDS_IN_HAND = re.compile(
    r"^you have (?:(?P<n>no|\w+)(?: or (?P<dir>more|fewer))?|(?P<fewer>fewer) than (?P<limit>\w+)) "
    r"cards? in (?:your )?hand$",
    re.I,
)
# Cosmos Elixir: "if your life total is greater than your starting life total"; Resolute
# Archangel: "less than"; Angel of Destiny: "if you have at least 15 life more than your
# starting life total" (CR 103.4).
_STARTING_LIFE = re.compile(
    r"^(?:your life total is (?P<cmp>(?:greater|less) than(?: or equal to)?) your starting "
    r"life total|you have at least (?P<n>\w+) life more than your starting life total)$",
    re.I,
)
# Convalescence: "if you have 10 or less life".
_LIFE_OR = re.compile(r"^you have (?P<n>\w+) or (?P<dir>less|fewer|more|greater) life$", re.I)
# Tsabo's Assassin: "if it shares a color with the most common color among all permanents or a
# color tied for most common".
_MOST_COMMON_COLOUR = re.compile(
    r"^it shares a colou?r with the most common colou?r among all permanents or a colou?r "
    r"tied for most common$",
    re.I,
)

_FROM_A_GRAVEYARD = re.compile(r"^this spell was cast from (?:a|your) graveyard$", re.I)
# Trickbind: "If it's an ability of an artifact, creature, or land, ...".
_ABILITY_OF = re.compile(r"^it's an ability of (?:an? )?(?P<types>[a-z, ]+)$", re.I)
# Tishana's Tidebinder: "If an ability of an artifact, creature, or planeswalker is countered
# this way, ..." (its commas are the condition's own, not the end of it).
_COUNTERED_ABILITY_OF = remembered(
    re.compile(
        r"^if (?P<condition>an ability of (?:an? )?(?P<types>[a-z, ]+?) is countered this way), "
        r"(?P<rest>.+)$",
        re.I,
    )
)
# Trickbind's Oracle wording: "If a permanent's ability is countered this way, ...".
_PERMANENTS_ABILITY_COUNTERED = re.compile(r"^a permanent's ability is countered this way$", re.I)


@dataclass(frozen=True)
class Condition:
    """A part's opening condition: its words, and whether it holds now (None: the bot can't
    tell from the board)."""

    text: str
    holds: bool | None
    replaces_previous: bool  # "If ..., instead ...": a replacement of the part before it
    unmet: str = ""  # what the board shows instead, when it doesn't hold
    effect: str = ""  # the part's words without the condition ("destroy the creature")
    unknown: str = ""  # what would let the bot check it, when it can't ("state the hand")

    def why_not(self) -> str:
        """Why the part isn't applied (``holds`` is not True)."""
        if self.holds is False:
            unmet = self.unmet or f"“if {self.text}” isn't true now"
            return f"{unmet} (608.2c)"
        unknown = f" ({self.unknown})" if self.unknown else ""
        return f"the bot doesn't check “if {self.text}”{unknown}: if it holds, state the result"

    def skipped(self, text: str) -> EffectReport:
        """The report of a part not applied because ``holds`` is not True: untracked when the
        bot can't tell (so an "If you do" after it isn't settled either)."""
        return EffectReport(text, False, why=self.why_not(), tracked=self.holds is not None)

    def why_not_otherwise(self) -> str:
        """Why the "Otherwise, ..." after it isn't applied (``holds`` is not False)."""
        if self.holds:
            return f"“if {self.text}” is true, so this doesn't happen (608.2c)"
        return (
            f"the bot doesn't check “if {self.text}”: if it doesn't hold, this happens "
            "instead; state the result"
        )


def opening_condition(
    state: GameState,
    entry: StackEntry,
    affected: list[tuple[TargetRef, int | None]],
    text: str,
    before: EffectReport | None = None,
    *,
    first: bool = False,
) -> Condition | None:
    """The condition a part opens with and whether it holds, or None if it opens with none
    (or with one of the forms checked elsewhere: a later replacement, kicker). ``before``:
    the part before it, whose "you may" an "If you do" follows; ``first``: the ability's first
    part, where a trigger's "it" is still its subject (an intervening "if", 603.4)."""
    found = _COUNTERED_ABILITY_OF.match(text) or _LEADING_IF.match(text)
    if found is None or _NOT_CHECKED_HERE.search(found["condition"]):
        return None
    if _X_FIRST.match(found["condition"]) and _INSTEAD_ANYWHERE.search(found["rest"]):
        return None
    condition = found["condition"].strip()
    if (choice := _CHOICE_MADE.match(condition)) is not None:
        holds = _choice_made(before, negated="n't" in choice["verb"])
    elif "types" in found.groupdict():
        holds = _ability_of(state, affected, found["types"])
    else:
        holds = _holds(state, entry, affected, condition, first=first)
    control = YOU_CONTROL_CONDITION.match(condition)
    unsettled = ""
    if (
        holds is not None
        and (control or _YOU_CONTROL_BOTH.match(condition))
        and before is not None
        and before.happens
        and not before.tracked
        and _CHANGES_WHAT_YOU_CONTROL.search(before.text)
    ):
        # Ogre Chitterlord: "create two 1/1 black Rat creature tokens with "..." Then if you
        # control five or more Rats, ...": the part before happened but isn't on the bot's
        # board, so what "you control" now can't be counted from it (608.2c).
        holds = None
        unsettled = "the part before it happened but isn't on the bot's board, so it can't count"
    unmet = (
        f"{entry.controller} controls no {control['what']}"
        if holds is False
        and control
        and not control["negated"]
        and not control["more"]
        and control["count"].lower() != "no"
        and not _YOU_CONTROL_BOTH.match(condition)
        else ""
    )
    rest = found["rest"]
    inner = _INNER_WOULD_INSTEAD.search(rest) is not None
    return Condition(
        condition,
        holds,
        replaces_previous=_INSTEAD.search(rest) is not None and not inner,
        unmet=unmet,
        effect=rest.strip() if inner else _INSTEAD_WORD.sub("", rest).strip(),
        unknown=unsettled or (_what_would_settle(state, entry, condition) if holds is None else ""),
    )


def trailing_condition(
    state: GameState, entry: StackEntry, affected: list[tuple[TargetRef, int | None]], text: str
) -> Condition | None:
    """ "Galvanic Blast deals 4 damage instead if you control three or more artifacts"
    (metalcraft), "Unholy Heat deals 6 damage instead if ...": a replacement of the part before
    it, under the condition after "instead if"; None for a part without one."""
    found = _INSTEAD_IF.search(text)
    if found is None:
        return None
    condition = found["condition"].strip()
    effect = text[: found.start()].strip()
    effect = re.sub(rf"^{ABILITY_WORD_PREFIX}", "", effect)
    return Condition(condition, _holds(state, entry, affected, condition), True, effect=effect)


def trailing_if_condition(
    state: GameState,
    entry: StackEntry,
    affected: list[tuple[TargetRef, int | None]],
    text: str,
    *,
    first: bool = False,
) -> Condition | None:
    """ "Exile target creature if it has any abilities other than keywords" (TL;DR): the part
    happens only if the condition after it holds as the part is reached (CR 608.2c); None for a
    part without one, or one whose "if" is read elsewhere (an opening "If ...", "instead if",
    "if able", "If you do", a replacement with "would")."""
    if _INSTEAD_ANYWHERE.search(text) or _LEADING_IF.match(text):
        return None
    found = _TRAILING_IF.match(text.strip())
    if found is None:
        return None
    condition = found["condition"].strip()
    if (
        _NOT_CHECKED_HERE.search(condition)
        or _ABLE.match(condition)
        or _CHOICE_MADE.match(condition)
    ):
        return None
    if re.search(r"\bif\b", condition):
        # Akroma, Vision of Ixidor: "gets +1/+1 if it has flying, +1/+1 if it has first strike,
        # and so on ...": several conditions; the first is named.
        condition = condition.split(", ")[0]
    if (
        _EACH_OBJECT.search(found["effect"])
        and _ABOUT_IT.search(condition)
        and not _OTHERS_AND_ITS.search(f"{found['effect']} if {condition}")
    ):
        # "Each other creature you control gets +1/+1 if it has flying": checked for each
        # creature, which the bot doesn't do, not for the first target.
        holds: bool | None = None
        unknown = "it is checked for each object the part names, which the bot doesn't do"
    else:
        holds = _holds(state, entry, affected, condition, first=first)
        unknown = _what_would_settle(state, entry, condition) if holds is None else ""
    unmet = ""
    target = _first_object(state, affected)
    if holds is False and target is not None and _ABILITIES_OTHER_THAN_KEYWORDS.match(condition):
        unmet = f"{target.name} has no abilities other than keywords, so this doesn't happen"
    effect = re.sub(rf"^{ABILITY_WORD_PREFIX}", "", found["effect"]).strip()
    return Condition(
        condition,
        holds,
        replaces_previous=False,
        unmet=unmet,
        effect=effect,
        unknown=unknown,
    )


# A part that can change what a player controls (tokens, a permanent put or returned onto the
# battlefield, control gained, something leaving): not one that only draws (Artificer's
# Epiphany's "Draw two cards. If you control no artifacts, ...").
_CHANGES_WHAT_YOU_CONTROL = re.compile(
    r"\b(?:creates?|conjures?|onto the battlefield|to the battlefield|gains? control|"
    r"sacrifices?|destroys?|exiles?|returns?)\b",
    re.I,
)


# Akroma, Vision of Ixidor: "+1/+1 if it has flying, +1/+1 if it has first strike, and so on
# for double strike, deathtouch, ..., and partner": one bonus for each keyword it has.
_AND_SO_ON_FOR = re.compile(r",? and so on for (?P<rest>.+)$", re.I)
_IT_HAS_KEYWORD = re.compile(
    r"(?:^|, [+-]\d+/[+-]\d+ if )it has (?P<keyword>[a-z ]+?)(?=,|$)", re.I
)


def per_object_bonuses(
    state: GameState, entry: StackEntry, obj_id: int, condition: str
) -> int | None:
    """How many times a per-object condition after "each ... gets +1/+1 if it ..." holds for
    ``obj_id`` (CR 608.2c: checked for each object as the part is applied): 0 or 1 for one
    condition ("if it has flying"), the number of listed keywords it has for Akroma, Vision of
    Ixidor's "and so on for ..."; None when the bot can't tell."""
    listed = _AND_SO_ON_FOR.search(condition)
    if listed is None:
        holds = _holds(state, entry, [(obj_id, None)], condition)
        return None if holds is None else int(holds)
    keywords = [found["keyword"].strip().lower() for found in _IT_HAS_KEYWORD.finditer(condition)]
    rest = re.sub(r"^and ", "", listed["rest"].strip().rstrip("."))
    keywords += [k.strip().lower() for k in re.split(r", (?:and )?| and ", rest) if k.strip()]
    obj = state.objects.get(obj_id)
    if obj is None:
        return None
    has = {k.lower() for k in as_seen(state, obj).keywords | state.keywords_of(obj_id)}
    # "protection" counts any protection from a quality (702.16a), "hexproof" any hexproof.
    return sum(1 for k in keywords if any(h == k or h.startswith(f"{k} ") for h in has))


def _what_would_settle(state: GameState, entry: StackEntry, condition: str) -> str:
    """What the user can state so the bot checks a condition it couldn't ("" if nothing)."""
    if _CARDS_IN_HAND.match(condition):
        who = entry.controller
        return f"{who}'s hand isn't stated: say “{who}'s hand is empty.”, then the cards in it"
    return ""


def replacement_condition(
    state: GameState, entry: StackEntry, affected: list[tuple[TargetRef, int | None]], text: str
) -> Condition | None:
    """The condition under which a part replaces the part before it ("If ..., ... instead",
    "... instead if ..."), or None when it replaces nothing."""
    opening = opening_condition(state, entry, affected, text)
    if opening is not None:
        return opening if opening.replaces_previous else None
    return trailing_condition(state, entry, affected, text)


def _choice_made(before: EffectReport | None, *, negated: bool) -> bool | None:
    """Whether "If you do" holds: the optional part before it ("You may sacrifice a Food")
    was carried out (True) or not (False); None when the bot didn't carry it out on the board
    (it doesn't know what the player chose) or nothing before it was optional."""
    if before is None or not _MAY.search(before.text) or not before.tracked:
        return None
    if not _YOU_MAY.match(before.text):
        # "Then that creature's controller may pay {2}{U}. If the player does, ..." (Chain
        # Stasis), "Each player may ante ... If a player does, ..." (Rebirth): another player's
        # choice, which the bot doesn't make; known only when the statement said whether they
        # paid (the payment's report is tracked then).
        return (
            before.happens != negated if _STATED_PAYMENT.search(before.text + before.why) else None
        )
    return before.happens != negated


def is_otherwise(text: str) -> bool:
    """Whether a part is the "Otherwise, ..." of the condition before it."""
    return _OTHERWISE.match(text) is not None


def _holds(
    state: GameState,
    entry: StackEntry,
    affected: list[tuple[TargetRef, int | None]],
    text: str,
    *,
    first: bool = False,
) -> bool | None:
    """Whether ``text`` holds on the board now, None when the bot can't tell.  ``first``: the
    ability's first part, where an untargeted trigger's "it" is its subject; a later part's
    "it" may be what an earlier one revealed ("reveal the top card of your library. If it's a
    creature card, ...", Llanowar Empath)."""
    if (both := _YOU_CONTROL_BOTH.match(text)) is not None:
        halves = [
            YOU_CONTROL_CONDITION.match(f"you control {both[half]}") for half in ("first", "second")
        ]
        held = [_you_control(state, entry, half) for half in halves if half is not None]
        if len(held) == 2 and None not in held:
            return all(held)
    if (control := YOU_CONTROL_CONDITION.match(text)) is not None:
        return _you_control(state, entry, control)
    if (every := _ALL_YOU_CONTROL_ARE.match(text)) is not None:
        return _all_you_control_are(state, entry, every)
    if (named := _NAMED_IS.match(text)) is not None:
        source = state.objects.get(entry.source_id) if entry.source_id is not None else None
        if (
            source is not None
            and source.zone is Zone.BATTLEFIELD
            and names_itself(named["name"], source.name)
        ):
            return _is_quality(state, entry, source, named)
    if (x_is := _X_IS.match(text)) is not None:
        # CR 107.3: X is the value chosen (or, for a text-defined X, said) for it.
        if entry.x is None:
            return None
        limit = int(x_is["n"])
        if x_is["dir"] is None:
            return entry.x == limit  # Multiple Choice: "If X is 1, ..."
        more = x_is["dir"].lower() in ("more", "greater")
        return entry.x >= limit if more else entry.x <= limit
    if (cards := CARDS_IN_GRAVEYARD_CONDITION.match(text)) is not None:
        return _graveyard_has(state, entry.controller, cards)
    if _FROM_A_GRAVEYARD.match(text):
        return entry.flashback or entry.jump_start  # 702.34a, 702.133a
    if (kinds := _ABILITY_OF.match(text)) is not None:
        return _ability_of(state, affected, kinds["types"])
    if _PERMANENTS_ABILITY_COUNTERED.match(text):
        return _ability_of(state, affected, "permanent")
    if (number := _ITS_NUMBER_WAS.match(text)) is not None:
        return _number_was(state, affected, number)
    if (that := _THAT_ENTERED_IS.match(text)) is not None:
        return _entered_is(state, entry, that)
    if (life := _MORE_LIFE.match(text)) is not None:
        return _life_compared(state, entry.controller, life["which"], life["who"])
    if _OPPONENT_MORE_LIFE.match(text):
        return _life_compared(state, entry.controller, "less", "an")
    if (outnumbered := _OPPONENT_CONTROLS_MORE.match(text)) is not None:
        kind = outnumbered["what"].lower()[:-1]  # "creatures": creature
        return _opponent_controls_more(state, entry.controller, kind)
    if (hand := _CARDS_IN_HAND.match(text)) is not None:
        return _hand_has(state, entry.controller, hand)
    if (start := _STARTING_LIFE.match(text)) is not None:
        return _against_starting_life(state, entry.controller, start)
    if (life_or := _LIFE_OR.match(text)) is not None:
        bound = _number(life_or["n"].lower())
        if bound is None or not state.has_player(entry.controller):
            return None
        total = state.player(entry.controller).life
        return total <= bound if life_or["dir"].lower() in ("less", "fewer") else total >= bound
    if (itself := _THIS_IS.match(text)) is not None:
        source = state.objects.get(entry.source_id) if entry.source_id is not None else None
        if source is None or source.zone is not Zone.BATTLEFIELD:
            return None
        return _is_quality(state, entry, source, itself)
    if (suspend := _HAS_SUSPEND.match(text)) is not None:
        return _has_suspend(state, affected, negated=bool(suspend["not"]))
    target = _first_object(state, affected) or (
        _trigger_subject(state, entry) if first and not affected else None
    )
    if target is None:
        return None
    if _MOST_COMMON_COLOUR.match(text):
        return _shares_most_common_colour(state, target)
    if _ABILITIES_OTHER_THAN_KEYWORDS.match(text):
        return _has_non_keyword_ability(state, target)
    if _LEAST_POWER.match(text):
        return _least_power(state, target)
    if (quality := _IT_HAS.match(text)) is not None:
        has = _fits(state, entry, target, f"target permanent with {quality['what']}")
        # Suspend: "If it doesn't have suspend, it gains suspend".
        return has if has is None or quality["verb"].lower() == "has" else not has
    if (kind := _IT_IS.match(text)) is not None:
        return _is_quality(state, entry, target, kind)
    return None


def _is_quality(
    state: GameState, entry: StackEntry, obj: GameObject, kind: re.Match[str]
) -> bool | None:
    """ "it is white and/or blue", "this creature is untapped": whether ``obj`` is that now."""
    what = re.sub(r"^an? ", "", kind["what"].strip()).replace(" and/or ", " or ")
    fits = _fits(state, entry, obj, f"target {what}")
    if fits is None:
        fits = _fits(state, entry, obj, f"target {what} permanent")
    return fits if fits is None or not kind["not"] else not fits


def _entered_is(state: GameState, entry: StackEntry, that: re.Match[str]) -> bool | None:
    """ "If that land is a Mountain" (Akoum Hellkite): the permanent whose entering triggered
    the ability, checked as it resolves, or as it last existed on the battlefield if it has
    left (the landfall rulings, 2015-08-25; 608.2h); None when the bot didn't see it enter."""
    if entry.triggered_by is None:
        return None
    entered = state.objects.get(entry.triggered_by)
    if entered is None or entered.zone is not Zone.BATTLEFIELD:
        entered = state.last_known(entry.triggered_by)
    if entered is None or that["kind"].lower() not in entered.card_types:
        return None
    what = re.sub(r"^an? ", "", that["what"].strip())
    seen = as_seen(state, entered) if entered.zone is Zone.BATTLEFIELD else entered
    description = _description(f"target {what}")
    if description is None:
        description = _description(f"target {what} permanent")
    if description is None:
        return None
    fits = description.matches(seen, targeting_for_entry(state, entry).context(state))
    return fits if fits is None or not that["not"] else not fits


def _number_was(
    state: GameState, affected: list[tuple[TargetRef, int | None]], number: re.Match[str]
) -> bool | None:
    """ "its mana value was 3 or less": the first object target, as it is now or as it last
    existed (608.2h); None when there is none or the number isn't known."""
    for ref, _ in affected:
        known = state.last_known(ref) if isinstance(ref, int) else None
        if known is None:
            continue
        what = number["what"].lower()
        if what == "mana value":
            value: int | None = known.mana_value
        else:
            seen = as_seen(state, known) if known.zone is Zone.BATTLEFIELD else known
            value = seen.current_power if what == "power" else seen.current_toughness
        if value is None:
            return None
        limit = int(number["n"])
        return value <= limit if number["dir"].lower() == "less" else value >= limit
    return None


def _you_control(state: GameState, entry: StackEntry, control: re.Match[str]) -> bool | None:
    """ "If you control three or more artifacts", "If you don't control a Human"."""
    what = control["what"].strip()
    description = _description(f"target {what}")
    if description is None:
        description = _description(f"target {what} permanent")
    if description is None:
        return None
    word = control["count"].lower()
    needed = 1 if word in ("a", "an", "another", "no") else NUMBER_WORDS.get(word) or int(word)
    context = targeting_for_entry(state, entry).context(state)
    count = sum(
        1
        for obj in state.zone_objects(Zone.BATTLEFIELD)
        if obj.controller.casefold() == entry.controller.casefold()
        and not obj.phased_out
        and not (word == "another" and obj.id == entry.source_id)
        and description.matches(as_seen(state, obj), context)
    )
    more = (control["more"] or "").strip().lower()
    if more in ("or fewer", "or less"):
        met = count <= needed
    else:
        met = count >= needed if (more or needed == 1) else count == needed
    return not met if bool(control["negated"]) != (word == "no") else met


def _has_suspend(
    state: GameState, affected: list[tuple[TargetRef, int | None]], *, negated: bool
) -> bool | None:
    """Whether the card a part before exiled has suspend (Suspend: "Exile target creature and put
    two time counters on it. If it doesn't have suspend, it gains suspend."): its printed
    abilities, as the card is in exile now (702.62a: suspend is a keyword ability that
    functions in the hand); None when the bot doesn't know where the card went."""
    for ref, _ in affected:
        departure = state.departures.get(ref) if isinstance(ref, int) else None
        if departure is None or departure.to_zone is not Zone.EXILE or departure.new_id is None:
            continue
        card = state.objects.get(departure.new_id)  # the new object in exile (400.7)
        if card is None or card.zone is not Zone.EXILE:
            continue
        has = any(keyword.startswith("suspend") for keyword in card.keywords) or (
            _SUSPEND_LINE.search(card.oracle_text) is not None
        )
        return not has if negated else has
    return None


def _all_you_control_are(state: GameState, entry: StackEntry, every: re.Match[str]) -> bool | None:
    """ "If all nonland permanents you control are white" (Zealots en-Dal): each permanent of
    that kind its controller controls now has the quality (608.2c); None if unreadable."""
    kind = _description(f"target {every['kind']}")
    if kind is None:
        singular = re.sub(r"s$", "", every["kind"].strip())
        kind = _description(f"target {singular}")
    if kind is None:
        return None
    context = targeting_for_entry(state, entry).context(state)
    checked: list[bool | None] = [
        _is_quality(state, entry, obj, every)
        for obj in state.zone_objects(Zone.BATTLEFIELD)
        if obj.controller.casefold() == entry.controller.casefold()
        and not obj.phased_out
        and kind.matches(as_seen(state, obj), context)
    ]
    if None in checked:
        return None
    return all(checked)


def _first_object(
    state: GameState, affected: list[tuple[TargetRef, int | None]]
) -> GameObject | None:
    for ref, _ in affected:
        obj = state.objects.get(ref) if isinstance(ref, int) else None
        if obj is not None and obj.zone is Zone.BATTLEFIELD:
            return obj
    return None


def _fits(state: GameState, entry: StackEntry, obj: GameObject, phrase: str) -> bool | None:
    description = _description(phrase)
    if description is None:
        return None
    return description.matches(
        as_seen(state, obj), targeting_for_entry(state, entry).context(state)
    )


def _description(phrase: str) -> TargetDescription | None:
    """The description of the whole phrase, or None when the reader took only part of it or
    left a word it can't check."""
    description = description_from(phrase)
    if description is None or description.unchecked:
        return None
    if description.text.casefold() != phrase.casefold():
        return None  # read only in part ("target artifact, creature"): don't guess
    return description


def _ability_of(
    state: GameState, affected: list[tuple[TargetRef, int | None]], types: str
) -> bool | None:
    """Whether the targeted ability's source, as it last existed, has one of ``types``."""
    wanted = {word for word in re.split(r",\s*(?:or\s+)?|\s+or\s+", types.lower()) if word}
    for ref, _ in affected:
        ability = state.last_known(ref) if isinstance(ref, int) else None
        if ability is None or ability.source_id is None:
            continue
        source = state.objects.get(ability.source_id) or state.last_known(ability.source_id)
        if source is None:
            return None
        if wanted == {"permanent"}:
            return source.zone is Zone.BATTLEFIELD  # a permanent's, not a card's in a graveyard
        return bool(wanted & set(as_seen(state, source).card_types))
    return None


def _graveyard_has(state: GameState, player: str, wanted: re.Match[str]) -> bool | None:
    """Whether ``player``'s graveyard, as stated, has that many cards (or card types); None
    when it has fewer: the bot knows only the cards a statement put there."""
    word = wanted["n"].lower()
    needed = NUMBER_WORDS.get(word) or (int(word) if word.isdigit() else 0)
    cards = [o for o in state.zone_objects(Zone.GRAVEYARD) if o.owner == player]
    if wanted["what"].lower() == "cards":
        count = len(cards)
    else:
        count = len(set().union(*(o.card_types for o in cards))) if cards else 0
    return True if needed and count >= needed else None


def _has_non_keyword_ability(state: GameState, obj: GameObject) -> bool | None:
    """Whether ``obj`` has an ability that isn't a keyword ability (TL;DR): a paragraph of its
    Oracle text other than a line of keywords (CR 702.1; "Flying, vigilance", "Ward—Pay 3
    life"); an ability word's paragraph ("Landfall — Whenever ...", 207.2c) is not one.  None
    for a face-down permanent's card (its text is hidden, 708.2) or one whose abilities an
    effect may have added to (the bot keeps gained keywords only)."""
    seen = as_seen(state, obj) if obj.zone is Zone.BATTLEFIELD else obj
    if obj.zone is Zone.BATTLEFIELD and loses_all_abilities(state, obj):
        return False  # layer 6 (613.1f): only keywords gained since can remain
    if seen.face_down:
        return False  # a face-down permanent has no abilities (708.2a)
    keywords = {keyword.lower() for keyword in obj.keywords}
    for paragraph in seen.oracle_text.splitlines():
        line = _REMINDER.sub("", paragraph).strip()
        if not line:
            continue
        pieces = [piece.strip() for piece in re.split(r"[,;] ", line)]
        if " — " in line or not all(
            any(
                re.match(rf"{re.escape(keyword)}(?:$|[ —{{\d])", piece, re.I)
                for keyword in keywords
            )
            for piece in pieces
        ):
            return True
    return False


def _least_power(state: GameState, obj: GameObject) -> bool | None:
    """Whether ``obj`` has the least power among creatures on the battlefield, or is tied for
    it (Wretched Banquet); None when a creature's power isn't known."""
    powers = [
        as_seen(state, other).current_power
        for other in state.zone_objects(Zone.BATTLEFIELD)
        if not other.phased_out and "creature" in as_seen(state, other).card_types
    ]
    own = as_seen(state, obj).current_power
    if own is None or any(power is None for power in powers):
        return None
    return own <= min(power for power in powers if power is not None)


def _life_compared(state: GameState, player: str, which: str, who: str) -> bool | None:
    """ "If you have more life than an opponent" (Survival Cache): the life totals now;
    ``which`` is "more" or "less", ``who`` "an" or "each" (opponent)."""
    if not state.has_player(player):
        return None
    own = state.player(player).life
    others = [
        state.player(name).life
        for name in state.players_in_game
        if name.casefold() != player.casefold()
    ]
    if not others:
        return None
    more = which.lower() == "more"
    compared = [own > other if more else own < other for other in others]
    return any(compared) if who.lower() == "an" else all(compared)


def _against_starting_life(state: GameState, player: str, start: re.Match[str]) -> bool | None:
    """ "If your life total is greater than your starting life total" (Cosmos Elixir), "if you
    have at least 15 life more than ..." (Angel of Destiny): the life total now against 20
    (CR 103.4; the bot plays two-player games)."""
    if not state.has_player(player):
        return None
    life = state.player(player).life
    if start["n"] is not None:
        more = _number(start["n"].lower())
        return None if more is None else life >= STARTING_LIFE + more
    compared = start["cmp"].lower()
    if compared.startswith("greater"):
        return life >= STARTING_LIFE if "equal" in compared else life > STARTING_LIFE
    return life <= STARTING_LIFE if "equal" in compared else life < STARTING_LIFE


def _hand_has(state: GameState, player: str, hand: re.Match[str]) -> bool | None:
    """ "If you have no cards in hand" (Idle Thoughts): counted when the hand was stated
    ("Alice's hand is empty."); a hand only said to have some cards ("Alice's hand has
    Lightning Bolt.") has at least those, which settles "no cards" and "N or more" when
    enough are known (QA 56 M5); else None (it may hold any cards)."""
    if not state.has_player(player):
        return None
    word = (hand["limit"] or hand["n"]).lower()
    needed = 0 if word == "no" else _number(word)
    if needed is None:
        return None
    count = sum(1 for card in state.zone_objects(Zone.HAND) if card.owner == player)
    if not state.player(player).hand_stated:
        # At least ``count`` cards: only what that lower bound decides.
        more = hand["dir"] is not None and hand["dir"].lower() == "more"
        if more:
            return True if count >= needed else None
        exceeds = count >= needed if hand["fewer"] else count > needed
        return False if exceeds else None
    if hand["fewer"]:
        return count < needed  # Damia: "if you have fewer than seven cards in hand"
    if hand["dir"] is None:
        return count == needed
    return count >= needed if hand["dir"].lower() == "more" else count <= needed


def _shares_most_common_colour(state: GameState, obj: GameObject) -> bool | None:
    """Whether ``obj`` shares a colour with the most common colour among all permanents, or
    one tied for it (Tsabo's Assassin): the colours as they are now."""
    tally: dict[str, int] = {}
    for permanent in state.zone_objects(Zone.BATTLEFIELD):
        if permanent.phased_out:
            continue  # CR 702.26b: treated as though it doesn't exist
        for colour in as_seen(state, permanent).colors:
            tally[colour] = tally.get(colour, 0) + 1
    if not tally:
        return False
    most = max(tally.values())
    return bool(as_seen(state, obj).colors & {c for c, n in tally.items() if n == most})


# "Whenever this creature attacks, if it doesn't have first strike, ..." (Momentum Rumbler).
_ABOUT_ITSELF = re.compile(
    r"^(?:when|whenever|at)\s+(?:this (?:creature|permanent|artifact|enchantment|land|vehicle)|~)"
    r"\s",
    re.I,
)


def _trigger_subject(state: GameState, entry: StackEntry) -> GameObject | None:
    """What "it" means in an untargeted triggered ability: the object whose event triggered it
    ("Whenever a Vehicle you control enters, draw a card if it has flying", 608.2h), or its
    source when the trigger is about the source itself ("Whenever this creature attacks, if it
    doesn't have first strike, ..."); None otherwise."""
    if entry.triggered_by is not None:
        subject = state.objects.get(entry.triggered_by)
        return subject if subject is not None and subject.zone is Zone.BATTLEFIELD else None
    if entry.source_id is None or not _ABOUT_ITSELF.match(entry.spec.trigger):
        return None
    source = state.objects.get(entry.source_id)
    return source if source is not None and source.zone is Zone.BATTLEFIELD else None


def _opponent_controls_more(state: GameState, player: str, card_type: str) -> bool:
    """ "If an opponent controls more creatures than you" (Linvala, the Preserver): counted on
    the battlefield as it is now (phased-out permanents don't exist, 702.26b)."""

    def count(controller: str) -> int:
        return sum(
            1
            for obj in state.zone_objects(Zone.BATTLEFIELD)
            if obj.controller.casefold() == controller.casefold()
            and not obj.phased_out
            and (card_type == "permanent" or card_type in as_seen(state, obj).card_types)
        )

    own = count(player)
    return any(
        count(name) > own for name in state.players_in_game if name.casefold() != player.casefold()
    )


def _number(word: str) -> int | None:
    """ "seven" or "7" as a number; None for a word that isn't one."""
    if word.isdigit():
        return int(word)
    return NUMBER_WORDS.get(word)
