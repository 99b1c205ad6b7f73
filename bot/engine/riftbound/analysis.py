"""What does a Riftbound ability target?  Decided by rule 355.10 (352.10 in v1.2), not by the
word "target": every object, player or zone the text mentions is a target unless

a. it is in a zone that is not public (hand, deck),
b. it is only part of a restriction on another choice ("a unit *at a battlefield*"),
c. it is only part of a cost, a trigger condition or a replacement effect (c.1: "X to Y"),
d. it is selected by the text rather than chosen ("all units", "your legend", "its controller"),
e. other players choose it ("Each player kills a unit they control"),
f. it is in an instruction a player "must" complete.

The reader works on one ability's text (a spell's text, or one triggered or activated ability),
sentence by sentence, and reports every mention with the rule that decided it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from bot.engine.riftbound.rules import CURRENT, cite_if, rule
from bot.engine.verdict import SlotReport, Verdict, VerdictKind, merge_rules

_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_NUMBER = r"(?:one|two|three|four|five|six|seven|\d+)"
_ADJECTIVES = (
    "other|another|friendly|enemy|exhausted|ready|buffed|damaged|token|facedown|stunned|"
    "attacking|defending|open|occupied|single|same|chosen|different|equipped|attached|detached|"
    "unattached"
)
_NOUNS = (
    "spells? or abilit(?:y|ies)|units?|gears?|runes?|legends?|battlefields?|spells?|abilit(?:y|ies)|cards?|equipment|"
    "locations?|bases?|trash(?:es)?|players?|opponents?|champions?|buffs?|controllers?|owners?"
)
_DETERMINER = (
    rf"up to {_NUMBER}|any number of|each of up to {_NUMBER}|one of your|each|all|an?|{_NUMBER}|"
    r"another|your|its|their|his|her|my|this|that|those|these|the"
)
_MENTION = re.compile(
    # Alpha Strike's "split among enemy units at battlefields" names its split targets with no
    # determiner (355.14.a: each unit chosen for the split is a target).
    rf"\b(?:(?P<det>{_DETERMINER})\s+|(?<=split among ))"
    rf"(?P<adj>(?:(?:{_ADJECTIVES})\s+)*)(?P<noun>{_NOUNS})\b",
    re.I,
)
_CHOSEN_DETERMINERS = re.compile(
    rf"^(?:an?|{_NUMBER}|up to {_NUMBER}|any number of|each of up to {_NUMBER}|another)$", re.I
)
_SELECTED_DETERMINERS = {
    "each",
    "all",
    "your",
    "its",
    "their",
    "his",
    "her",
    "my",
    "this",
    "that",
    "those",
    "these",
    "the",
    "one of your",
}
_RESTRICTING_PREPOSITIONS = re.compile(r"\b(?:at|in|on|from|among|with|here|there)\s*$", re.I)
_DESTINATION = re.compile(r"\bto\s*$", re.I)
# "then move it to a battlefield": the moved unit named by a pronoun, then its destination.
_MOVE_PRONOUN_TO = re.compile(r"\bmoves? (?:it|them|me)\s+to\s*$", re.I)
_VERBS = re.compile(
    r"\b(?:kill|deal|move|ready|exhaust|stun|buff|give|return|recycle|recall|draw|discard|play|"
    r"counter|destroy|banish|heal|channel|choose|spend|attach|score|reveal|look|split|gain)s?\b",
    re.I,
)
_NON_PUBLIC_AFTER = re.compile(
    r"^\s*(?:(?:\w+\s+){0,4}?)(?:from|in|of|into)\s+(?:(?:your|their|an opponent's|its owner's|"
    r"that player's)\s+)?(?:hand|main deck|deck|rune deck)\b|^\s*from among them",
    re.I,
)
_CHANNEL_BEFORE = re.compile(r"\bchannels?\s*$", re.I)
# Riftbound 355.10.a, 355.10.a.1: trashes are public, so cards chosen from one are targets:
# "from your trash", "from an opponent's trash", "from opponents' trashes" (Disposal Order).
_PUBLIC_ELSEWHERE = re.compile(
    r"^\s*(?:\w+\s+){0,3}?(?:from|in)\s+(?:your|a|any|their|an opponent's|opponents'|"
    r"each opponent's|your opponents')\s+trash(?:es)?\b",
    re.I,
)
_REMINDER = re.compile(r"\s*\([^()]*\)")
_KEYWORD_LINE = re.compile(r"^(?:\[[^\]]+\]\s*)+$")
_TRIGGER = re.compile(
    r"^(?P<cond>(?:when|whenever|at (?:the )?(?:start|end) of|after|the (?:first|second|third|next) "
    r"time)\b[^,]*),\s*(?P<rest>.*)$",
    re.I,
)
# A spell's own triggered ability (383.1), not set up by its resolution: "When you conquer,
# ... return this from your trash" - no "this turn", and not about what the spell acted on.
_OWN_TRIGGER_OF_SPELL = re.compile(
    r"^(?:when|whenever)\s+(?!it\b|they\b|that\b|those\b)(?!.*\bthis turn\b).*\bthis\b", re.I
)
# A spell's delayed trigger on the death of what it acted on (390.2): "When it dies this
# turn, play a Gold gear token exhausted" (Deadly Flourish).
WHEN_IT_DIES_THIS_TURN = re.compile(
    r"^when (?:it|that unit|they|those units) dies? this turn$", re.I
)
# "Use this ability only while I'm at a battlefield": a condition on using it (377.2.b).
_USE_CONDITION = re.compile(r"^use\b.*\bonly\b", re.I)
# "... a spell or ability that chooses a friendly unit": what it chose restricts it (355.10.b).
_CHOOSES_CLAUSE = re.compile(r"\bthat (?:chooses|chose|targets)\s*$", re.I)
# "... to a location where there's a unit with the same controller" (Temptation).
_WHERE_THERE = re.compile(r"\bwhere there(?:'s| is| are)\s*$", re.I)
_CONDITIONAL = re.compile(r"^(?P<cond>if\b[^,]*),\s*(?P<rest>.*)$", re.I)
# Alpha Strike: "Then for each unit this kills, do this: Gain 1 XP": it depends on what the
# instruction before it killed (359.3.e.14), as "If this kills it, do this: ..." does.
_FOR_EACH_KILLED = re.compile(
    r"^(?:then,?\s+)?(?P<cond>for each unit (?:this|it) kills),\s*(?P<rest>.*)$", re.I
)
# Errata write "Then, if it had 3 [M] or less, do this: You may play ..." (Death from Below).
# "Then do this: Choose another enemy unit at its destination." (Dragon's Rage)
_REFLEXIVE_CHOICE = re.compile(r"^then do this:\s*choose\b", re.I)
REFLEXIVE = "reflexive trigger"
_WIDER_CHOICE_INSTEAD = re.compile(r"^if\b[^,]*,\s*choose\b.*\binstead\.?$", re.I)
_DO_THIS = re.compile(r"^do this:\s*", re.I)
_ADDITIONAL_COST = re.compile(
    r"^(?:as an additional cost to play (?:me|this),\s*(?P<cost1>.*)|(?P<cost2>.*\bas an additional cost\b.*))$",
    re.I,
)
_ACTIVATED = re.compile(r"^(?P<cost>[^:.]{1,90}):\s+(?P<effect>.+)$")
# Production Surge's "This costs [2] less if you control a Mech.": a passive ability changing
# its cost as it is played (366.2), not an instruction carried out as it resolves.
# "I cost [2] less ...", Bashful Bloom's "This ability costs [1] less for each ...", Sky
# Splitter's "This spell's Energy cost is reduced by ...": discounts and increases applied as
# it is played or activated (356.3-356.4, 403.3), not instructions carried out as it resolves.
_COST_CHANGE = re.compile(
    r"^(?:(?:this(?: ability| spell)?|I)\s+costs?\s+.*\b(?:less|more)\b|"
    r"this (?:spell|ability)['’]s (?:energy |power )?cost is (?:reduced|increased)\b)",
    re.I,
)
_COST_WITHIN = re.compile(
    r"^(?P<may>you may\s+)?(?P<cost>(?:kill|exhaust|spend|discard|pay|recycle|banish|return|"
    r"recall)\b.+?)\s+to\s+(?P<effect>(?:draw|ready|move|play|deal|give|buff|kill|stun|return|"
    r"channel|heal|recall|score|gain|look|reveal|counter)\b.*|\[stun\].*)$",
    re.I,
)
_REPLACEMENT = re.compile(r"\bwould\b.*\binstead\b|\binstead\b.*\bwould\b", re.I)
_BACK_POINTER = re.compile(r"\b(?:it|its|they|them|their|that unit|those)\b", re.I)
# "If you do, ...", "If this kills it, ...": the rest happens only if the earlier instruction
# did (359.3.e.14.a); "If I am at a battlefield" is a plain condition.
_LINKED_IF = re.compile(r"^if (?:you do|you did|this|it|they|that)\b", re.I)
_LEADING_THEN = re.compile(r"^then,\s+(?=if\b)", re.I)
_NOT_DONE = re.compile(
    r"^(?:you|they|that player|each player) (?:don't|doesn't|do not|does not)\b.*\bthis way\b", re.I
)
_MUST = re.compile(r"\bmust\b", re.I)
# A sentence whose subject is the player an earlier instruction chose ("They move ...").
_CHOSEN_PLAYER_ACTS = re.compile(r"^(?:they|that player|that opponent)\b", re.I)
_OTHER_PLAYERS = re.compile(
    r"^(?:starting with [^,]+,\s*)?"  # "Starting with the next player, each player ..."
    r"(?:(?:each|every)\s+(?:other\s+)?(?:player|opponent)s?\b|(?:an|each)\s+opponent\b)",
    re.I,
)
_GROUP_TOTAL = re.compile(
    r"\b(?:with\s+)?(?:a\s+)?total Might(?: of)? (?P<limit>\d+) or (?P<dir>less|more|greater)\b",
    re.I,
)
_EACH_LOCATION = re.compile(r"^at each (?:location|battlefield)\b", re.I)
_SPLIT = re.compile(
    r"\b(?:deal\s+)?(?P<amount>\d+) damage split among\b|\bsplit (?P<amount2>\d+) damage\b"
    # Alpha Strike: "It deals damage equal to its Might split among enemy units at
    # battlefields": the amount is the Might of the unit chosen before.
    r"|\bdeals? damage equal to (?P<its>its) Might split among\b",
    re.I,
)


# The zone a card chosen off the board is in, as a restriction says it (355.9.a: "Recycle a
# unit from your trash" targets a unit card in your trash).
_FROM_ZONE = re.compile(r"^(?:from|in) (?:your|a|an opponent's|their|its owner's) trash\b", re.I)


@dataclass(frozen=True)
class Mention:
    """One object, player or zone the text mentions, and whether it is a target.

    ``role`` is ``target``, ``destination`` (a target too in v1.2 only), ``move destination``
    (v1.3: chosen, not a target), ``restriction``, ``cost``,
    ``trigger condition``, ``replacement effect``, ``non-public zone``, ``selected``,
    ``chosen by other players`` or ``must``.  ``min_count``/``max_count`` are how many may be
    chosen (355.13: "up to" and "any number of" allow zero).
    """

    phrase: str
    noun: str
    role: str
    rules: tuple[str, ...]
    reason: str
    sentence: int
    start: int
    restriction: str = ""
    min_count: int = 1
    max_count: int | None = 1
    group_limit: tuple[str, int] | None = None  # ("less", 4): total Might 4 or less (355.11)
    split_amount: int | None = None  # "split 5 damage" (355.14)
    # Alpha Strike's "It deals damage equal to its Might split among enemy units": the damage
    # split is the Might of the unit chosen for the target before it (355.14.c: as played).
    split_might: bool = False
    # "a unit at a battlefield or a gear" (Fading Memories) is one choice of either kind: a
    # candidate is valid when it meets one alternative's restrictions (355.9.b).
    alternatives: tuple[Mention, ...] = ()
    # Elder Dragon's "up to one enemy unit at each location": one target mention per location
    # (Unleashed FAQ: "the equivalent to saying 'Deal 1 to up to one enemy unit at battlefield
    # A. Deal 1 to up to one enemy unit at battlefield B. ...'"): at most one at each, and each
    # must still be where it was chosen as it resolves.
    each_location: bool = False

    @property
    def requirement(self) -> str:
        """What a choice for it must be, as the card says it ("a unit at a battlefield with 3
        [M] or less"): the phrase with its restriction."""
        return self.phrase + (f" {self.restriction}" if self.restriction else "")

    @property
    def named(self) -> str:
        """The phrase, with the zone it is chosen from when the restriction names one ("a unit
        from your trash": Heedless Resurrection's target is a card in the trash, 355.9.a)."""
        zone = _FROM_ZONE.search(self.restriction)
        return (
            f"{self.phrase} {zone.group(0)}" if zone and "trash" not in self.phrase else self.phrase
        )

    @property
    def splits_damage(self) -> bool:
        """Is it the targets of split damage (355.14.a)?"""
        return self.split_amount is not None or self.split_might

    @property
    def is_target(self) -> bool:
        return self.role in ("target", "destination")

    @property
    def kind(self) -> str:
        if self.alternatives:
            return " or ".join(a.kind for a in self.alternatives)
        noun = self.noun.lower()
        if " or " in noun:
            return "spell or ability"
        if noun.startswith("abilit"):
            return "ability"
        if noun in ("trashes", "bases", "equipment"):
            return {"trashes": "trash", "bases": "base", "equipment": "gear"}[noun]
        return noun[:-1] if noun.endswith("s") and noun not in ("gears",) else noun.rstrip("s")


@dataclass(frozen=True)
class Instruction:
    """One sentence of the effect and the mentions it contains (for resolution, 359.3.e)."""

    index: int
    text: str
    part: str  # "effect", "cost", "trigger condition", "replacement effect", "must", ...
    mention_indexes: tuple[int, ...] = ()
    linked: bool = False  # refers back to an earlier instruction ("it", "its controller")
    # "if it had 3 [M] or less" (Death from Below): it happens only if that holds as it
    # resolves; the text without it is ``text``.
    condition: str = ""
    # "you may ...": its controller chooses whether to do it as it resolves (355.12), so what
    # depends on it ("If you do") can't be known from the board.
    optional: bool = False

    @property
    def is_carried_out(self) -> bool:
        """Whether it is something the resolving spell does (its effect, including what other
        players choose as it resolves, 355.10.e-f), not a cost, condition or trigger wording."""
        return self.part in ("effect", "chosen by other players", "must")


@dataclass(frozen=True)
class TargetAnalysis:
    text: str
    version: str
    mentions: tuple[Mention, ...]
    instructions: tuple[Instruction, ...] = field(default=())

    @property
    def targets(self) -> tuple[Mention, ...]:
        return tuple(m for m in self.mentions if m.is_target)

    @property
    def targets_anything(self) -> bool:
        return bool(self.targets)

    def verdict(self) -> Verdict:
        """``yes``/``no``: does this text target, with every mention's rule."""
        slots = tuple(
            SlotReport(
                slot_index=n,
                requirement=m.requirement,
                legal=m.is_target,
                why=m.reason,
                rules=m.rules,
            )
            for n, m in enumerate(self.mentions)
        )
        cited = merge_rules(
            (rule("mentioned_is_target", self.version),), *(m.rules for m in self.mentions)
        )
        if self.targets:
            names = ", ".join(m.named for m in self.targets)
            # What a cost mentions is chosen, but not targeted (355.10.c: Heedless
            # Resurrection's "kill a friendly unit").
            costs = [m for m in self.mentions if m.role == "cost" and not m.is_target]
            unless = "".join(
                f" “{m.phrase}” is part of a cost, so it isn't a target ({m.rules[0]})."
                for m in costs
                if m.rules
            )
            return Verdict(VerdictKind.YES, f"It targets {names}.{unless}", cited, slots)
        return Verdict(VerdictKind.NO, "It doesn't target anything.", cited, slots)


def clean_ability_text(text: str) -> str:
    """Drop reminder text and lines that are only keywords (``[Action]``)."""
    text = text.replace("’", "'")
    lines = [_REMINDER.sub("", line).strip() for line in text.splitlines()]
    return " ".join(line for line in lines if line and not _KEYWORD_LINE.match(line))


def split_sentences(text: str) -> list[str]:
    parts = re.split(r"(?<=[.!])\s+(?=[A-Z\[])", text.strip())
    return [p.strip().rstrip(".").strip() for p in parts if p.strip().rstrip(".")]


def analyse(text: str, *, version: str = CURRENT, ability: str = "spell") -> TargetAnalysis:
    """Read one ability's text and decide, per rule 355.10, what it targets.

    ``ability`` is ``spell``, ``activated``, ``triggered`` or ``passive``; passive abilities
    never target (352.9.a in v1.2; 355.10 covers only spells, activated and triggered ones).
    """
    cleaned = clean_ability_text(text)
    reader = _Reader(version)
    if ability == "passive":
        for n, sentence in enumerate(split_sentences(cleaned)):
            if _ADDITIONAL_COST.match(sentence):
                # Cruel Patron's "As an additional cost to play me, kill a friendly unit" is a
                # cost of playing the card (355.10.c), not a passive ability.
                reader.read_sentence(sentence, n, first=n == 0, ability="spell")
                continue
            reader.mark_all(
                sentence,
                n,
                "selected",
                (rule("mentioned_is_target", version),),
                "Passive abilities never have targets.",
            )
        return reader.result(cleaned)
    sentences = split_sentences(cleaned)
    for n, sentence in enumerate(sentences):
        reader.read_sentence(sentence, n, first=n == 0, ability=ability)
    return reader.result(cleaned)


class _Reader:
    def __init__(self, version: str) -> None:
        self.version = version
        self.mentions: list[Mention] = []
        self.instructions: list[Instruction] = []
        self.offset = 0
        self.condition = ""  # the sentence's "If ..." condition, for its effect instruction
        self.optional = False  # the sentence's effect starts "you may"
        # After "Then do this: Choose ..." (Dragon's Rage): the rest is a reflexive trigger,
        # whose choices are made when it is put on the chain, after the spell (387).
        self.reflexive = False

    def r(self, concept: str) -> str:
        return rule(concept, self.version)

    def result(self, text: str) -> TargetAnalysis:
        return TargetAnalysis(text, self.version, tuple(self.mentions), tuple(self.instructions))

    def _add_instruction(
        self, n: int, text: str, part: str, first_mention: int, *, after_linked_if: bool = False
    ) -> None:
        indexes = tuple(range(first_mention, len(self.mentions)))
        own_starts = [self.mentions[i].start for i in indexes if self.mentions[i].is_target]
        back = _BACK_POINTER.search(text)
        # 359.3.e.14: an instruction refers back to an earlier one ("If you do, give ..."; Last
        # Breath's "It deals damage equal to its Might to an enemy unit") when it starts from
        # what the earlier one did; a pronoun after its own target ("Move a unit to its base")
        # is about that target.
        linked = after_linked_if or (
            back is not None and (not own_starts or back.start() < min(own_starts))
        )
        condition, self.condition = (
            (self.condition, "") if part == "effect" else ("", self.condition)
        )
        self.instructions.append(
            Instruction(
                len(self.instructions),
                text,
                part,
                indexes,
                linked,
                condition,
                optional=self.optional and part == "effect",
            )
        )

    def mark_all(self, text: str, n: int, role: str, rules: tuple[str, ...], reason: str) -> None:
        first = len(self.mentions)
        for match in _MENTION.finditer(text):
            self.mentions.append(
                Mention(match.group(0), match.group("noun"), role, rules, reason, n, match.start())
            )
        self._add_instruction(n, text, role, first)

    def read_sentence(self, sentence: str, n: int, *, first: bool, ability: str) -> None:
        text = sentence
        self.condition = ""
        self.optional = False
        if self.reflexive or (not first and _REFLEXIVE_CHOICE.match(text)):
            # Origins FAQ (Dragon's Rage): "As you start to play Dragon's Rage, you only need
            # to choose an enemy unit and a battlefield to move it to"; the other unit is
            # chosen by the reflexive trigger as it goes on the chain (387).
            self.reflexive = True
            self.mark_all(
                text,
                n,
                REFLEXIVE,
                cite_if("reflexive", self.version) or (self.r("mentioned_is_target"),),
                "It is part of a reflexive trigger (“Then do this:”), which makes its choices "
                "when it goes on the chain, after the spell resolves; nothing in it is chosen "
                "as the spell is played.",
            )
            return
        if ability in ("activated", "triggered") and _USE_CONDITION.match(text):
            self.mark_all(
                text,
                n,
                "use condition",
                cite_if("use_condition", self.version) or (self.r("mentioned_is_target"),),
                "It is a condition on using the ability, checked as it is used; "
                "nothing in it is chosen.",
            )
            return
        if ability in ("spell", "activated") and _COST_CHANGE.match(text):
            self.mark_all(
                text,
                n,
                "cost",
                (self.r("cost_trigger_replacement"),),
                f"It changes the {'spell' if ability == 'spell' else 'ability'}'s cost as it is "
                f"{'played' if ability == 'spell' else 'activated'}; costs don't target, and it "
                f"isn't carried out as the {ability if ability == 'spell' else 'ability'} "
                "resolves.",
            )
            return
        cost = _ADDITIONAL_COST.match(text)
        if cost:
            self.mark_all(
                text,
                n,
                "cost",
                (self.r("cost_trigger_replacement"),),
                "It is part of a cost, and costs don't target.",
            )
            return
        if first and ability in ("activated", "spell"):
            activated = _ACTIVATED.match(text)
            if activated and (ability == "activated" or "[" in activated.group("cost")):
                self.mark_all(
                    activated.group("cost"),
                    n,
                    "cost",
                    (self.r("cost_trigger_replacement"),),
                    "It is part of the ability's cost, and costs don't target.",
                )
                text = activated.group("effect")
        trigger = _TRIGGER.match(text)
        if (
            trigger
            and ability == "spell"
            and not _REPLACEMENT.search(text)
            and _OWN_TRIGGER_OF_SPELL.match(text)
        ):
            # Super Mega Death Rocket!'s "When you conquer, you may discard 1 to return this
            # from your trash to your hand": a triggered ability of the card (383.1), active
            # where it says (383.2.c.1), not an instruction the spell carries out as it
            # resolves.  "When it dies this turn, ..." (Deadly Flourish) is set up by the
            # resolving spell instead, and "When they do" is about what it just did.
            self.mark_all(
                text,
                n,
                "triggered ability",
                (self.r("trigger_recognised"), self.r("trigger_in_zone")),
                "It is a triggered ability of the card itself, which triggers later from where "
                "the card is (its trash); it isn't part of what the spell does as it resolves, "
                "and doesn't target.",
            )
            return
        # "The next time it would die this turn, ... instead" (Highlander) is a replacement
        # effect, not a trigger (369.1: "would" and "instead").
        if trigger and not _REPLACEMENT.search(text):
            self.mark_all(
                trigger.group("cond"),
                n,
                "trigger condition",
                (self.r("cost_trigger_replacement"),),
                "It is part of the trigger condition, which doesn't target.",
            )
            text = trigger.group("rest")
            if ability == "spell" and WHEN_IT_DIES_THIS_TURN.match(trigger.group("cond")):
                # Deadly Flourish: "When it dies this turn, ..." is a delayed trigger the
                # resolving spell sets up on what it acted on (390.2): kept as the condition
                # of its instruction, which resolution reads.
                self.condition = trigger.group("cond")
        # "Then, if I am at a battlefield, buff ..." (Peak Guardian): "then" orders the
        # instruction; the condition after it is still a condition (355.10.c).
        text = _LEADING_THEN.sub("", text)
        if _WIDER_CHOICE_INSTEAD.match(text):
            # Conscription: "If you paid the additional cost, choose any enemy unit at a
            # battlefield instead." - the same choice with a wider restriction, not another
            # target (355.9.b: restrictions limit a choice; this one lifts one).
            self.mark_all(
                text,
                n,
                "selected",
                (self.r("restrictions"),),
                "It only widens the choice made before it (when the additional cost was paid); "
                "it is the same choice, not another target.",
            )
            return
        for_each_killed = _FOR_EACH_KILLED.match(text)
        conditional = _CONDITIONAL.match(text) or for_each_killed
        after_linked_if = False
        if conditional and not _REPLACEMENT.search(text):
            after_linked_if = bool(for_each_killed or _LINKED_IF.match(conditional.group("cond")))
            self.mark_all(
                conditional.group("cond"),
                n,
                "trigger condition",
                (self.r("cost_trigger_replacement"),),
                "It is part of a condition, which doesn't target.",
            )
            text = _DO_THIS.sub("", conditional.group("rest"))
            self.condition = conditional.group("cond")
        if _REPLACEMENT.search(text):
            self.mark_all(
                text,
                n,
                "replacement effect",
                (self.r("cost_trigger_replacement"),),
                "It is part of a replacement effect, which doesn't target.",
            )
            return
        within = _COST_WITHIN.match(text)
        if within:
            self.mark_all(
                within.group("cost"),
                n,
                "cost",
                (self.r("cost_within"),),
                "It is a cost within the instruction (“do X to do Y”), so not a target.",
            )
            text = within.group("effect")
        self.optional = bool(re.match(r"^you may\s+", text, flags=re.I))
        text = re.sub(r"^you may\s+", "", text, flags=re.I)
        if _NOT_DONE.match(text):
            # "you don't kill a unit this way" (Safety Inspector): it only takes back part of
            # an earlier instruction, so nothing in it is chosen (355.7: only what a card
            # chooses is targeted).
            self.mark_all(
                text,
                n,
                "selected",
                (self.r("targeted"),),
                "It only says an earlier instruction isn't done; nothing in it is chosen.",
            )
            return
        if _MUST.search(text):
            self.mark_all(
                text,
                n,
                "must",
                (self.r("must"),),
                "It is in an instruction a player must complete: chosen on resolution.",
            )
            return
        chooser_acts = _CHOSEN_PLAYER_ACTS.match(text) and any(
            m.is_target and m.noun.lower().rstrip("s") in ("opponent", "player")
            for m in self.mentions
        )
        if _OTHER_PLAYERS.match(text) or chooser_acts:
            # Call to Battle: "... choose an opponent. They move a unit they control ...": the
            # chosen player picks that unit as it resolves (355.10.e), so it isn't a target.
            self.mark_all(
                text,
                n,
                "chosen by other players",
                (self.r("other_players"),),
                "Other players take part in choosing it, as it resolves (or the text selects "
                "it), so it isn't a target.",
            )
            return
        self.read_effect(text, n, after_linked_if=after_linked_if)

    def read_effect(self, text: str, n: int, *, after_linked_if: bool = False) -> None:
        first = len(self.mentions)
        split = _SPLIT.search(text)
        split_might = bool(split and split.group("its"))
        split_amount = (
            int(split.group("amount") or split.group("amount2"))
            if split and not split_might
            else None
        )
        group = _GROUP_TOTAL.search(text)
        group_limit = (
            (group.group("dir").lower().replace("greater", "more"), int(group.group("limit")))
            if group
            else None
        )
        previous: tuple[re.Match[str], str] | None = None  # the last mention and its role
        last_target: tuple[int, re.Match[str]] | None = None  # its index in self.mentions
        for match in _MENTION.finditer(text):
            role, rules, reason = self.classify(text, match, previous, split is not None)
            det = (match.group("det") or "").lower()
            # "split among enemy units" (no determiner): at least one (355.8), and no more
            # than the damage, which is known only once the unit dealing it is chosen.
            low, high = _counts(det) if det else (1, None)
            restriction = _restriction_after(text, match.end())
            splits = split is not None and role == "target" and match.start() > split.start()
            if splits and split_amount is not None:
                high = split_amount if high is None else min(high, split_amount)
                rules = (*rules, self.r("split_targets"), self.r("split_max"))
                reason = (
                    f"Each unit chosen for the split damage is a target; at most {split_amount}."
                )
            elif splits:
                rules = (*rules, self.r("split_targets"), self.r("split_max"))
                reason = (
                    "Each unit chosen for the split damage is a target; at most as many as the "
                    "damage (the Might of the unit dealing it, as the spell is played)."
                )
            mention = Mention(
                phrase=match.group(0),
                noun=match.group("noun"),
                role=role,
                rules=rules,
                reason=reason,
                sentence=n,
                start=match.start(),
                restriction=restriction,
                min_count=low,
                max_count=high,
                group_limit=group_limit if role == "target" and det == "any number of" else None,
                split_amount=split_amount if role == "target" and split_amount else None,
                split_might=splits and split_might,
            )
            if mention.group_limit:
                mention = _with_rules(mention, self.r("group"), self.r("group_choose"))
            if role == "target" and _EACH_LOCATION.match(restriction):
                mention = replace(
                    mention,
                    max_count=None,
                    each_location=True,
                    rules=(*rules, self.r("restrictions")),
                )
            if last_target is not None and _is_alternative(text, last_target, previous, match):
                self.mentions[last_target[0]] = _either(
                    text, self.mentions[last_target[0]], mention
                )
                previous = (match, role)
                continue
            if role == "target":
                last_target = (len(self.mentions), match)
            self.mentions.append(mention)
            previous = (match, role)
        self._add_instruction(n, text, "effect", first, after_linked_if=after_linked_if)

    def classify(
        self,
        text: str,
        match: re.Match[str],
        previous: tuple[re.Match[str], str] | None,
        split: bool,
    ) -> tuple[str, tuple[str, ...], str]:
        det = (match.group("det") or "").lower()
        noun = match.group("noun").lower()
        before = text[: match.start()]
        if not det:
            # Only "split among enemy units" is matched without a determiner (355.14.a).
            return ("target", (self.r("targeted"),), "Each unit chosen is a target.")
        after = text[match.end() :]
        if noun in ("controller", "controllers", "owner", "owners"):
            return (
                "selected",
                (self.r("programmatic"),),
                "Its controller or owner is fixed by the game, not chosen.",
            )
        if noun in ("rune", "runes") and _CHANNEL_BEFORE.search(before):
            # "Its owner channels 1 rune": channeling takes the top rune of the rune deck
            # (430.1), a zone that isn't public (355.10.a), and nobody chooses which.
            return (
                "non-public zone",
                (self.r("non_public"), self.r("channel")),
                "Channeled runes come from the top of the rune deck, which isn't public, so "
                "they aren't chosen or targeted.",
            )
        if _NON_PUBLIC_AFTER.match(after) or re.search(r"\b(?:hand|main deck)\b", noun):
            return (
                "non-public zone",
                (self.r("non_public"),),
                "It is in a zone that isn't public (a hand or a deck), so it isn't a target.",
            )
        if det in ("your", "my", "its", "their") and not noun.endswith("s"):
            return (
                "selected",
                (self.r("programmatic"),),
                "There is only one, so nothing is chosen.",
            )
        if noun in ("card", "cards") and not _PUBLIC_ELSEWHERE.match(after):
            return (
                "non-public zone",
                (self.r("non_public"),),
                "Cards not said to be in a public zone are in a hand or deck: not targets.",
            )
        if previous is not None and _WHERE_THERE.search(before):
            # Temptation's "to a location where there's a unit with the same controller": the
            # unit only says which locations may be chosen (355.10.b).
            return (
                "restriction",
                (self.r("restriction_only"),),
                "It only restricts where the move may go, so it isn't a target.",
            )
        if previous is not None and _CHOOSES_CLAUSE.search(before):
            return (
                "restriction",
                (self.r("restriction_only"),),
                "It only says what the other choice must have chosen, so it isn't a target.",
            )
        if (
            self.version != "1.2"
            and _MOVE_PRONOUN_TO.search(before)
            and det not in _SELECTED_DETERMINERS
        ):
            # Showstopper's "Buff a friendly unit in your base, then move it to a battlefield":
            # the destination of a move, chosen as it is played but not a target (355.4;
            # Origins FAQ: "move effects that don't mention a destination (like Charm) work
            # the same way as those that do (like Showstopper)"; QA 44 U2).
            return (
                "move destination",
                (self.r("move_destination"),),
                "It is the move's destination: chosen as it is played, but not a target.",
            )
        # A mention right after another one, joined only by a preposition, restricts it.
        if previous is not None:
            gap = text[previous[0].end() : match.start()]
            joined = not _VERBS.search(gap) and len(gap) < 60
            if joined and _RESTRICTING_PREPOSITIONS.search(gap):
                if previous[1] == "selected" and det in ("a", "an", "one"):
                    return (
                        "target",
                        (self.r("restriction_only"), self.r("programmatic")),
                        "The objects are selected by it, so this choice is the target.",
                    )
                return (
                    "restriction",
                    (self.r("restriction_only"),),
                    "It only restricts another choice, so it isn't a target itself.",
                )
            # "Attach this gear to a unit you control" (Equip) chooses a unit, a target
            # (818.1.b.1): only a move has a destination.
            moving = re.search(r"\bmoves?\b", before, re.I)
            if joined and _DESTINATION.search(gap) and det not in _SELECTED_DETERMINERS:
                if self.version == "1.2":
                    # v1.2 352.10.b: "Move a unit to a battlefield" targets both a unit and a
                    # battlefield.
                    return (
                        "destination",
                        (self.r("restriction_only"), self.r("targeted")),
                        "A chosen destination is a target too (v1.2).",
                    )
                if moving:
                    # v1.3 dropped that example; 355.4 has the destination chosen, and the
                    # Origins FAQ (Making Choices) says destinations are "not considered
                    # targets".
                    return (
                        "move destination",
                        (self.r("move_destination"),),
                        "It is the move's destination: chosen as it is played, but not a target.",
                    )
        if det in _SELECTED_DETERMINERS:
            if det == "one of your":
                return ("target", (self.r("targeted"),), "It is chosen as the ability is played.")
            why = (
                "There is only one, so nothing is chosen."
                if det in ("your", "my", "its", "their") and not noun.endswith("s")
                else "It is selected by the text, not chosen."
            )
            return ("selected", (self.r("programmatic"),), why)
        if _CHOSEN_DETERMINERS.match(det):
            rules = [self.r("targeted")]
            if det.startswith("up to") or det == "any number of":
                rules.append(self.r("up_to"))
            if _PUBLIC_ELSEWHERE.match(after):
                rules.append(self.r("where_objects_are"))
            return ("target", tuple(rules), "The controller chooses it, in a public zone.")
        if before.rstrip().endswith("each of"):
            return ("target", (self.r("targeted"),), "The controller chooses it.")
        return ("selected", (self.r("programmatic"),), "It is selected by the text, not chosen.")


_ALTERNATIVE_GAP = re.compile(r"^\s+or\s+$", re.I)


def _is_alternative(
    text: str,
    last_target: tuple[int, re.Match[str]],
    previous: tuple[re.Match[str], str] | None,
    match: re.Match[str],
) -> bool:
    """Is ``match`` ("a gear") the other half of one choice with the last target ("a unit at a
    battlefield or a gear"): joined to it, or to its restriction, by a bare "or"?"""
    if previous is None or (match.group("det") or "").lower() not in ("a", "an"):
        return False
    if not _ALTERNATIVE_GAP.match(text[previous[0].end() : match.start()]):
        return False
    between = text[last_target[1].end() : match.start()]
    return previous[0] is last_target[1] or (
        previous[1] == "restriction" and not _VERBS.search(between) and "," not in between
    )


def _either(text: str, first: Mention, second: Mention) -> Mention:
    """One target that is ``first`` or ``second``, each keeping only its own restriction."""
    alternatives = []
    for alternative in (*(first.alternatives or (first,)), second):
        own = re.split(r"\s+or\s+(?:an?)\s", alternative.restriction, maxsplit=1)[0]
        alternatives.append(replace(alternative, restriction=own.strip()))
    end = second.start + len(second.phrase)
    return replace(
        first,
        phrase=text[first.start : end],
        noun=f"{first.noun} or {second.noun}",
        restriction="",
        alternatives=tuple(alternatives),
    )


def _counts(det: str) -> tuple[int, int | None]:
    det = det.lower()
    if det == "any number of":
        return 0, None
    up_to = re.match(rf"^(?:each of )?up to ({_NUMBER})$", det)
    if up_to:
        return 0, _number(up_to.group(1))
    if det in _NUMBERS or det.isdigit():
        value = _number(det)
        return value, value
    return 1, 1


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBERS[word.lower()]


def _restriction_after(text: str, end: int) -> str:
    """The words that qualify a mention: ``at a battlefield``, ``with Might 4 or less``..."""
    tail = text[end:]
    # "... costs no more than [4] and no more than [A]" is one restriction (Defy).
    # "two friendly units each +2 [M]": "each" starts the effect (Back to Back, QA 15 #10),
    # while "at each battlefield" is a restriction.
    stop = re.search(
        # Repulse's "that chooses it and no other friendly unit" is one restriction too.
        r"\s(?:and(?! no (?:more|less) than| no other\b)|then|to|,)\s|,|\.|;|\bthis turn\b"
        r"|\seach\s(?!(?:location|battlefield)\b)",
        tail,
    )
    part = tail[: stop.start()] if stop else tail
    if re.match(r"['’]s?\s", part):
        # Last Stand's "Double a friendly unit's Might": what of the chosen unit the spell
        # changes, not a restriction on the choice, which is "a friendly unit" (QA 48 M2).
        return ""
    part = re.sub(r"\s*[+\-−]\d+ \[M\]$", "", part.strip())
    if part.startswith("["):
        # Vault Breaker's "Give a unit [Assault 2] and [Ganking] this turn", Yuumi's "give one
        # of your other units here +3 [M] and [Tank] this turn": what it is given, not which
        # units may be chosen ("a unit with [Temporary]" is a restriction).
        return ""
    return part.strip()


def _with_rules(mention: Mention, *rules: str) -> Mention:
    return replace(mention, rules=merge_rules(mention.rules, rules))
