"""Valid targets (355.9), group targets (355.11), splitting damage (355.14) and resolution with
illegal targets (359.3.e): in Riftbound a spell never fizzles, it does what it can.

MTG's resolution (CR 608.2b: a spell whose targets are all illegal doesn't resolve) does not
apply here, so nothing in this module shares code with ``bot.engine.mtg``.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations

from bot.engine.errors import EngineError
from bot.engine.riftbound.analysis import Instruction, Mention, TargetAnalysis
from bot.engine.riftbound.model import (
    BOARD_ZONES,
    PUBLIC_ZONES,
    RbContext,
    RbKind,
    RbObject,
    RbZone,
    told_apart,
)
from bot.engine.riftbound.rules import cite_if, rule
from bot.engine.verdict import EffectReport, SlotReport, Verdict, VerdictKind, merge_rules
from bot.engine.wording import and_list, counted

_KIND_BY_NOUN = {
    "unit": RbKind.UNIT,
    "gear": RbKind.GEAR,
    "equipment": RbKind.GEAR,
    "rune": RbKind.RUNE,
    "legend": RbKind.LEGEND,
    "battlefield": RbKind.BATTLEFIELD,
    "spell": RbKind.SPELL,
    "ability": RbKind.ABILITY,
    "champion": RbKind.UNIT,
}
_PLAYER_NOUNS = frozenset({"player", "opponent"})
_KINDS_BY_NOUN = {"spell or ability": frozenset({RbKind.SPELL, RbKind.ABILITY})}
# "... a spell or ability that chooses a friendly unit": the words after it are about what the
# candidate chose, not about the candidate.
_CHOOSES = re.compile(r"\bthat (?:chooses|chose|targets)\b", re.I)
_HERE = re.compile(r"\bhere\b", re.I)
# Moonfall's "Choose a battlefield where you have units" (also "where you control units").
_WHERE_YOU_HAVE_UNITS = re.compile(
    r"\bwhere you (?:have|control) (?:a |one or more )?units?\b", re.I
)
# "a unit you control at another location" (Tideturner), "another unit you control at a
# different location" (Smoke and Mirrors).
_AT_ITS_DESTINATION = re.compile(r"\bat its destination\b", re.I)
_ELSEWHERE = re.compile(r"\bat (?:another|a different) location\b", re.I)
# An instruction that checks an earlier target: "Might up to 1 more than the killed unit".
_THAT_NOUN = re.compile(r"\bthat (unit|gear|equipment|card|spell|battlefield)s?\b", re.I)


def _names_what_was_ignored(text: str, ignored: str) -> bool:
    """Whether a linked instruction's "that unit" can mean what the ignored instruction was
    about: Relentless Pursuit's "This turn, that unit has ..." is the moved unit, not the
    "up to one Equipment" left unchosen before it."""
    that = _THAT_NOUN.search(text)
    return that is None or that.group(1).lower() in ignored.lower()


# "Choose a friendly unit and an enemy unit." - an instruction that only chooses targets.
_CHOOSE = re.compile(r"^\s*choose\b", re.I)
# What refers back to the chosen targets, and Challenge's mutual "to each other".
# "each other" as a pronoun ("to each other"), not Crescent Strike's "each other enemy unit".
_THEY = re.compile(r"\b(?:they|them|their|each other(?! (?:enemy|friendly|units?|gear)\b))\b", re.I)
_EACH_OTHER = re.compile(r"\beach other\b(?! (?:enemy|friendly|units?|gear)\b)", re.I)
_BACK_REFERENCE = re.compile(
    r"\bthe (?:killed|chosen|exhausted|moved|damaged|stunned|returned|targeted) "
    r"(?:units?|gears?|cards?)\b",
    re.I,
)
# "costs no more than [4] and no more than [A]", "Energy cost no more than [2]" (355.9.b).
_COST_LIMIT = re.compile(
    r"\b(?:costs?|energy cost) no more than ((?:\[[^\]]+\])+)"
    r"(?: and no more than ((?:\[[^\]]+\])+))?",
    re.I,
)
# "without [Temporary]", "with [Deflect]": a keyword the chosen object must (not) have.
_WITH_KEYWORD = re.compile(r"\b(?P<with>with(?P<without>out)?) \[(?P<keyword>[A-Za-z-]+)\]", re.I)
_SYMBOL = re.compile(r"\[([^\]]+)\]")
# Combat words in a targeting phrase: "an attacking unit" (Thwonk!), "an enemy unit attacking
# here" (Shadow).
_IN_COMBAT = re.compile(r"\b(?:attacking|defending)\b", re.I)
NO_COMBAT = (
    "units attack and defend only in combat, which the bot doesn't model, so no unit is "
    "attacking or defending in a scenario or saved game"
)


def combat_note(mention: Mention) -> str:
    """Why nothing can be chosen for a mention that needs a unit in combat ("an attacking
    unit"), or "" for any other mention."""
    text = f"{mention.phrase} {mention.restriction}"
    return f"{NO_COMBAT[0].upper()}{NO_COMBAT[1:]}." if _IN_COMBAT.search(text) else ""


_MIGHT = re.compile(
    r"\bMight (?P<n>\d+) or (?P<dir>greater|more|less)\b|\b(?P<n2>\d+) \[M\] or (?P<dir2>less|more)\b",
    re.I,
)


@dataclass(frozen=True)
class Check:
    ok: bool
    why: str
    rules: tuple[str, ...]


def default_zones(mention: Mention) -> frozenset[RbZone]:
    """Where a mentioned object is looked for (355.9.a.1-5) unless the text says otherwise."""
    text = f"{mention.phrase} {mention.restriction}".lower()
    if "trash" in text:
        return frozenset({RbZone.TRASH})
    if "facedown" in text:
        return frozenset({RbZone.FACEDOWN})
    if "champion zone" in text:
        return frozenset({RbZone.CHAMPION_ZONE})
    kind = mention.kind
    if kind in ("spell", "ability", "spell or ability"):
        return frozenset({RbZone.CHAIN})
    if kind == "legend":
        return frozenset({RbZone.LEGEND_ZONE})
    return BOARD_ZONES


def check_target(
    candidate: RbObject,
    mention: Mention,
    ctx: RbContext,
    *,
    version: str = "1.3",
    battlefield: str | None = None,
) -> Check:
    """Is ``candidate`` a valid choice for ``mention`` (355.9)?  ``battlefield`` is the one a
    group target was chosen at, for "at a battlefield" shared by a group."""
    if mention.alternatives:
        return _check_alternatives(candidate, mention, ctx, version, battlefield)
    r = lambda concept: rule(concept, version)  # noqa: E731 - short local alias
    if candidate.kind is RbKind.PLAYER or mention.kind in _PLAYER_NOUNS:
        return _check_player(candidate, mention, ctx, version)
    # Its id too when another object has its name, as the answer's target lines name it.
    name = told_apart(candidate.name, candidate, ctx.shared_names)
    if candidate.zone not in PUBLIC_ZONES:
        # "Stalwart Poro is in Bob's hand": a card there is no unit on the board, and a
        # hand isn't public (355.9.a.1, 355.10.a) (QA 25 U5).
        return Check(
            False,
            f"{name} is in {candidate.owner}'s {candidate.zone}, not on the board, and a "
            f"{candidate.zone} isn't public.",
            (r("board_objects"), r("non_public"), r("public_zones")),
        )
    if ctx.spell_id is not None and candidate.id == ctx.spell_id:
        return Check(False, "A spell or ability can't target itself.", (r("not_itself"),))
    wanted = _KINDS_BY_NOUN.get(mention.kind) or (
        {_KIND_BY_NOUN[mention.kind]} if mention.kind in _KIND_BY_NOUN else None
    )
    if wanted is not None and candidate.kind not in wanted:
        return Check(
            False,
            f"{name} is {_a(candidate.kind)}, not {_a(mention.kind)}.",
            (r("restrictions"),),
        )
    equipment = re.search(r"\bequipment\b", mention.phrase, re.IGNORECASE)
    if equipment and not any(t.casefold() == "equipment" for t in candidate.tags):
        # An Equipment is a gear with the Equipment tag (Serrated Dirk); Iron Ballista isn't.
        return Check(False, f"{name} is a gear, but not an Equipment.", (r("restrictions"),))
    zones = default_zones(mention)
    if candidate.zone not in zones:
        where = ", ".join(sorted(z.value for z in zones))
        return Check(
            False,
            f"{name} is in the {candidate.zone}; a {mention.kind} here means one in: {where}.",
            (r("where_objects_are"),),
        )
    trash_problem = _whose_trash(candidate, mention, ctx) if candidate.zone is RbZone.TRASH else ""
    if trash_problem:
        # Riftbound 355.9.b: "your trash" / "opponents' trashes" restricts whose trash it is in.
        return Check(False, f"{name} is in {trash_problem}.", (r("restrictions"),))
    if candidate.enemies_cant_choose and ctx.is_enemy(candidate.controller):
        return Check(
            False,
            f"{name} says “I can't be chosen by enemy spells and "
            f"abilities”, and {ctx.controller} is {candidate.controller}'s opponent.",
            (r("valid_target"), r("restrictions")),
        )
    protectors = ctx.protectors(candidate)
    if protectors and ctx.is_enemy(candidate.controller):
        # Alpha Wildclaw: "Your units here with less Might than me can't be chosen by enemy
        # spells and abilities" (355.9.b; 054.1: a "can't" beats any permission).
        return Check(
            False,
            f"{name} can't be chosen by enemy spells and abilities ({and_list(protectors)} "
            f"gives it that), and {ctx.controller} is {candidate.controller}'s opponent.",
            (r("valid_target"), r("restrictions")),
        )
    text = f"{mention.phrase} {mention.restriction}".lower()
    costly = _cost_problem(candidate, f"{mention.phrase} {mention.restriction}")
    if costly:
        # 355.9.b: a cost limit is a targeting restriction; the cost is the printed one (131.4).
        return Check(False, f"{name} {costly}.", (r("restrictions"), r("printed_cost")))
    problems = _restriction_problems(candidate, text, ctx, battlefield)
    if problems:
        # Units gain the Attacker and Defender designations as combat begins (459.2.b.3-4).
        combat = (r("combat_roles"),) if problems[0].startswith(("attacking", "defending")) else ()
        return Check(False, f"{name} is not {problems[0]}.", (r("restrictions"), *combat))
    return Check(True, f"{name} meets every restriction.", (r("valid_target"),))


def _whose_trash(candidate: RbObject, mention: Mention, ctx: RbContext) -> str:
    """Why a card in a trash is in the wrong player's trash ("your trash", "an opponent's
    trash", "opponents' trashes"), or ""."""
    text = f"{mention.phrase} {mention.restriction}".lower().replace("’", "'")
    owner = candidate.owner
    if re.search(r"\byour trash", text) and owner != ctx.controller:
        return f"{owner}'s trash, not {ctx.controller}'s"
    if re.search(r"\bopponents?'s? trash", text) and not ctx.is_enemy(owner):
        return f"{owner}'s trash, not in the trash of one of {ctx.controller}'s opponents"
    return ""


def _check_player(candidate: RbObject, mention: Mention, ctx: RbContext, version: str) -> Check:
    """A player for “an opponent” or “a player”, or a player offered where an object is
    wanted (355.9.a: a player can be a target when the text mentions one)."""
    name = told_apart(candidate.name, candidate, ctx.shared_names)
    restrictions = (rule("restrictions", version), rule("where_objects_are", version))
    if mention.kind not in _PLAYER_NOUNS:
        return Check(False, f"{name} is a player, not {_a(mention.kind)}.", restrictions)
    if candidate.kind is not RbKind.PLAYER:
        return Check(
            False, f"{name} is {_a(candidate.kind)}, not {_a(mention.kind)}.", restrictions
        )
    if mention.kind == "opponent" and not ctx.is_enemy(candidate.name):
        return Check(False, f"{name} is not an opponent of {ctx.controller}.", restrictions)
    return Check(
        True,
        f"{name} meets every restriction.",
        (rule("valid_target", version), rule("where_objects_are", version)),
    )


def _check_alternatives(
    candidate: RbObject, mention: Mention, ctx: RbContext, version: str, battlefield: str | None
) -> Check:
    """One choice of either kind ("a unit at a battlefield or a gear"): valid when it meets
    one alternative (355.9.b); else why it fails the alternative of its own kind."""
    checks = [
        check_target(candidate, alternative, ctx, version=version, battlefield=battlefield)
        for alternative in mention.alternatives
    ]
    passed = next((check for check in checks if check.ok), None)
    if passed is not None:
        return passed
    same_kind = [
        check
        for check, alternative in zip(checks, mention.alternatives, strict=True)
        if _KIND_BY_NOUN.get(alternative.kind) is candidate.kind
    ]
    if same_kind:
        return same_kind[0]
    name = told_apart(candidate.name, candidate, ctx.shared_names)
    return Check(
        False,
        f"{name} is {_a(candidate.kind)}, not {_a(mention.kind)}.",
        (rule("restrictions", version),),
    )


def _a(noun: str) -> str:
    return ("an " if noun[:1].lower() in "aeio" else "a ") + noun


def _cost_problem(candidate: RbObject, text: str) -> str:
    """What is wrong with ``candidate``'s printed cost for a cost limit in ``text`` ("a spell
    that costs no more than [4] and no more than [A]": at most 4 Energy and at most one Power;
    "a gear with Energy cost no more than [1]"), or "" when it meets it or there is none."""
    limit = _COST_LIMIT.search(text)
    if limit is None:
        return ""
    symbols = _SYMBOL.findall(" ".join(g for g in limit.groups() if g))
    energy_limit = next((int(s) for s in symbols if s.isdigit()), None)
    power_limit = sum(1 for s in symbols if not s.isdigit()) or None
    energy, power = candidate.energy or 0, candidate.power or 0
    wanted = f"“{text.strip()}” allows at most"
    if energy_limit is not None and energy > energy_limit:
        return f"costs {energy} Energy; {wanted} {energy_limit} Energy"
    if power_limit is not None and power > power_limit:
        return f"costs {counted(power, 'Power', 'Power')}; {wanted} {power_limit} Power"
    return ""


def _restriction_problems(
    candidate: RbObject, text: str, ctx: RbContext, battlefield: str | None
) -> list[str]:
    problems: list[str] = []
    chooses = _CHOOSES.search(text)
    if chooses:
        about_choice = text[chooses.end() :]
        text = text[: chooses.start()]
        problem = _choice_problem(candidate, about_choice, ctx)
        if problem:
            problems.append(problem)
    if ctx.here is not None and _HERE.search(text) and candidate.place != ctx.here:
        problems.append(
            f"here (at {ctx.here}, where its source is)"
            if ctx.here
            # Its source has left the board: "here" refers to nothing (359.3.e.12).
            else "here: its source has left the board, so “here” refers to nothing"
        )
    if _ELSEWHERE.search(text) and ctx.here is not None and candidate.place == ctx.here:
        # Tideturner: "a unit you control at another location" is at a location other than
        # its source's (Origins FAQ: errata "to make sure that it can target a unit at another
        # location").
        problems.append(f"at another location than {ctx.here}, where its source is")
    if "enemy" in text and not ctx.is_enemy(candidate.controller):
        problems.append(f"an enemy {candidate.kind.value}")
    if ("friendly" in text or "you control" in text) and not ctx.is_friendly(candidate.controller):
        problems.append("friendly")
    if ("another" in text or "other" in text.split()) and candidate.id == ctx.source_id:
        problems.append("another object than the source")
    if ctx.referents:
        # A reflexive trigger (387): Dragon's Rage's "another enemy unit at its destination"
        # is another unit than the one moved, where that one is now.
        it = ctx.referents[0]
        if ("another" in text or "other" in text.split()) and candidate.id == it.id:
            problems.append(f"another unit than the one the spell acted on ({it.name})")
        if _AT_ITS_DESTINATION.search(text) and candidate.place != it.place:
            problems.append(f"at its destination ({it.place}, where {it.name} is)")
    if re.search(r"\b(?:at|from) (?:a|the same) battlefield\b|\bat battlefields\b", text):
        if not candidate.at_battlefield:
            problems.append("at a battlefield")
        elif battlefield is not None and candidate.location != battlefield:
            problems.append(f"at {battlefield}")
    if (
        _WHERE_YOU_HAVE_UNITS.search(text)
        and candidate.kind is RbKind.BATTLEFIELD
        and (ctx.controller, candidate.name) not in ctx.units_at
    ):
        # Moonfall's "Choose a battlefield where you have units": one where they have none
        # doesn't meet the choice's description (355.9, 358.4).
        problems.append(f"a battlefield where {ctx.controller} has units")
    if re.search(r"\b(?:at|in) (?:a|your|its) base\b", text) and candidate.zone is not RbZone.BASE:
        problems.append("at a base")
    if re.search(r"\bexhausted\b", text) and not candidate.exhausted:
        problems.append("exhausted")
    if re.search(r"\bready\b", text.split(" ", 1)[-1]) and "ready " in text and candidate.exhausted:
        problems.append("ready")
    for keyword in _WITH_KEYWORD.finditer(text):
        # Shadow's Call: "a friendly unit without [Temporary]"; a Sprite token has Temporary
        # (184.2), Keeper of Masks prints it (355.9.b: every restriction must be met).
        name = keyword.group("keyword").capitalize()
        has = ctx.has_keyword(candidate, name)
        if has == bool(keyword.group("without")):
            problems.append(
                f"{keyword.group('with').lower()} [{name}] (it "
                f"{'has' if has else 'does not have'} [{name}])"
            )
    if "token" in text and not candidate.token:
        problems.append("a token")
    if re.search(r"\bequipped\b", text) and candidate.id not in ctx.equipped:
        problems.append("equipped (no Equipment is attached to it)")
    if re.search(r"\b(?:detached|unattached)\b", text) and candidate.attached_to is not None:
        problems.append("unattached")
    if re.search(r"\battached\b", text) and candidate.attached_to is None:
        problems.append("attached")
    combat = _IN_COMBAT.search(text)
    if combat:
        # Thwonk!'s "an attacking unit": attackers and defenders exist only in combat (459.2.b),
        # which the bot doesn't model, so no unit in a scenario is attacking or defending.
        problems.append(f"{combat.group(0)}: {NO_COMBAT}")
    if re.search(r"\bstunned\b", text) and not candidate.stunned:
        problems.append("stunned")
    if re.search(r"\bdamaged\b", text) and not candidate.damage:
        problems.append("damaged (it has no damage)")
    if re.search(r"\bbuffed\b", text) and not candidate.buffed:
        # A Buff counter (426.1.b): given by spells ("Buff a friendly unit") or stated
        # ("Stalwart Poro has a buff.").
        problems.append("buffed")
    might = _MIGHT.search(text)
    if might:
        limit = int(might.group("n") or might.group("n2"))
        direction = (might.group("dir") or might.group("dir2")).lower()
        # Its Might now, passive abilities on the board included (472.3).
        value = ctx.might_of(candidate) or 0
        if (direction == "less" and value > limit) or (direction != "less" and value < limit):
            passive = (
                f" (it has {value} Might now, passive abilities on the board included)"
                if value != (candidate.might or 0)
                else ""
            )
            problems.append(f"Might {limit} or {direction}{passive}")
    return problems


# Repulse: "... that chooses it and no other friendly unit".
_IT_AND_NO_OTHER = re.compile(r"^it(?: and no other (?P<other>.+))?$", re.I)


def _choice_problem(candidate: RbObject, clause: str, ctx: RbContext) -> str:
    """What the spell or ability ``candidate`` isn't, when it doesn't choose what ``clause``
    describes ("a friendly unit or gear"; "it and no other friendly unit"), or ""."""
    clause = clause.strip()
    chose = ctx.chose(candidate.id)
    wanted = f"a spell or ability that chooses {clause}"
    it = _IT_AND_NO_OTHER.match(clause)
    if it is None:
        return "" if any(_described(obj, clause, ctx) for obj in chose) else wanted
    if not chose:
        return wanted
    # "It" is the object chosen for the target before (``chooses_it_check``); here, that it
    # chooses no more than one such object.  Unleashed FAQ (Alpha Strike): "Repulse cares
    # about the number of those arrows that point to friendly units", legal targets or not.
    other = it.group("other")
    matching = [obj for obj in chose if other and _described(obj, other, ctx)]
    if len(matching) > 1:
        names = and_list(told_apart(o.name, o, ctx.shared_names) for o in matching)
        name = told_apart(candidate.name, candidate, ctx.shared_names)
        return f"{wanted}; {name} chooses {counted(len(matching), other)} ({names})"
    return ""


def _described(obj: RbObject, clause: str, ctx: RbContext) -> bool:
    """Is ``obj`` something ``clause`` describes ("a friendly unit or gear"), as ``ctx``'s
    controller sees it?"""
    kinds = {
        _KIND_BY_NOUN[noun]
        for noun in re.findall(r"[a-z]+", clause.lower())
        if noun in _KIND_BY_NOUN
    }
    if kinds and obj.kind not in kinds:
        return False
    if "friendly" in clause and not ctx.is_friendly(obj.controller):
        return False
    return not ("enemy" in clause and not ctx.is_enemy(obj.controller))


_CHOOSES_IT = re.compile(r"\bthat (?:chooses|chose|targets) it\b", re.I)


def chooses_it_check(
    obj: RbObject,
    mention: Mention,
    targets: Sequence[Mention],
    chosen: Sequence[Sequence[RbObject]],
    n: int,
    ctx: RbContext,
    version: str,
) -> Check | None:
    """Repulse's "Counter an enemy spell or ability that chooses it ...": ``obj`` must have
    chosen the object chosen for the target before it (355.9.b).  None when it did, or
    ``mention`` has no such restriction."""
    if not _CHOOSES_IT.search(mention.restriction):
        return None
    it = next((objects[0] for objects in reversed(chosen[:n]) if objects), None)
    if it is None or any(o.id == it.id for o in ctx.chose(obj.id)):
        return None
    name = told_apart(obj.name, obj, ctx.shared_names)
    return Check(
        False,
        f"{name} doesn't choose {ctx.label(it)}: “{mention.phrase} {mention.restriction}” "
        "must have chosen it.",
        (rule("restrictions", version),),
    )


def label_now(ctx: RbContext, chosen: RbObject, now: RbObject | None) -> str:
    """A target as it is when the spell resolves: where it is now, and where it was chosen if
    it moved (found by QA 6: a unit moved to its base was still shown "at Targon's Peak")."""
    if now is None:
        return ctx.label(chosen)
    label = ctx.label(now)
    if now.place != chosen.place and chosen.place:
        label += f" (chosen at {chosen.place})"
    return label


def _total_might(objects: Sequence[RbObject], ctx: RbContext) -> int:
    """Their Mights now added up; a negative Might counts as 0 (143.2.b)."""
    return sum(max(0, ctx.might_of(o) or 0) for o in objects)


def _group_ok(objects: Sequence[RbObject], limit: tuple[str, int], ctx: RbContext) -> bool:
    total = _total_might(objects, ctx)
    return total <= limit[1] if limit[0] == "less" else total >= limit[1]


def check_choice(
    analysis: TargetAnalysis,
    chosen: Sequence[Sequence[RbObject]],
    ctx: RbContext,
) -> Verdict:
    """Can the spell or ability be put on the chain with these targets (355.8, 355.9)?

    ``chosen`` holds, for each target mention in order, the objects chosen for it.
    """
    version = analysis.version
    targets = analysis.targets
    if len(chosen) != len(targets):
        raise EngineError(
            f"This text has {counted(len(targets), 'target choice')} but {len(chosen)} were given.",
            hint="Give the targets in the order the text asks for them.",
        )
    slots: list[SlotReport] = []
    problems: list[tuple[str, tuple[str, ...]]] = []
    # Restrictions the chosen objects meet only together (355.11): when one fails, each of
    # them shows why instead of "legal" (QA 24 M10).
    group_failures: list[tuple[frozenset[int], str, tuple[str, ...]]] = []
    same_place = _same_place(targets, chosen)
    for n, (mention, objects) in enumerate(zip(targets, chosen, strict=True)):
        wrong_count = count_problem(
            mention,
            len(objects),
            version,
            split_amount=split_amount_as_played(targets, chosen, n, ctx),
        )
        if wrong_count and not objects:
            hint = _repeated_phrase_hint(targets, chosen, mention)
            wrong_count = (wrong_count[0] + hint, wrong_count[1])
        if wrong_count:
            problems.append(wrong_count)
        locations = {o.location for o in objects if o.at_battlefield}
        shared = (
            # None when no chosen unit is at a battlefield: each is then refused on its own.
            next(iter(locations), None)
            if "at a battlefield" in mention.restriction and mention.group_limit
            else None
        )
        if shared is not None and len(locations) > 1:
            problem: tuple[str, tuple[str, ...]] = (
                "The group must all be at one battlefield.",
                (rule("group_choose", version),),
            )
            problems.append(problem)
            group_failures.append((frozenset(o.id for o in objects), *problem))
        if len({o.id for o in objects}) < len(objects):
            # "Give two friendly units ..." chooses two different units (Origins FAQ, Back to
            # Back: "You must choose two different friendly units").
            problems.append(
                (
                    f"The same object can't be chosen twice for “{mention.phrase}”: choose "
                    "different ones.",
                    (rule("valid_target", version),),
                )
            )
        if mention.each_location:
            problems += _one_at_each_location(mention, objects, ctx, version)
        earlier = earlier_choices_it_must_differ_from(targets, chosen, n)
        seen_here: set[int] = set()
        for obj in objects:
            check = check_target(obj, mention, ctx, version=version, battlefield=shared)
            if check.ok and obj.id in seen_here:
                # The second pick of the same object is the illegal one (the refusal above).
                check = Check(
                    False,
                    f"already chosen for “{mention.phrase}”: choose a different one.",
                    (rule("valid_target", version),),
                )
            seen_here.add(obj.id)
            if check.ok and obj.id in earlier:
                # 355.9.b: "other"/"another" after an earlier choice of the same kind means
                # other than that choice (Piercing Light "a unit ..., then ... up to one other
                # unit"; Deathgrip "Kill a friendly unit ... another friendly unit").
                check = Check(
                    False,
                    f"{told_apart(obj.name, obj, ctx.shared_names)} is already chosen for "
                    f"“{earlier[obj.id]}”; “{mention.phrase}” must be a different one.",
                    (rule("restrictions", version),),
                )
            if check.ok and n in same_place.indexes:
                check = same_place.check(obj, ctx, version)
            if check.ok and _ELSEWHERE.search(mention.restriction):
                check = _elsewhere_check(obj, mention, targets, chosen, n, ctx, version)
            if check.ok:
                check = at_its_place_check(obj, mention, targets, chosen, n, ctx, version) or check
            if check.ok:
                check = chooses_it_check(obj, mention, targets, chosen, n, ctx, version) or check
            if check.ok and obj.zone is RbZone.BASE and _moves_it_to_base(analysis, mention):
                # Flash's "Move up to 2 friendly units to base": a unit already there can't
                # move there (355.4.a), and choosing it would force an illegal move (355.16).
                check = Check(
                    False,
                    f"{told_apart(obj.name, obj, ctx.shared_names)} is already at its base: a "
                    "move's destination must be a location other than the unit's current one.",
                    (rule("move_destination_other", version),),
                )
            slots.append(
                SlotReport(
                    n, mention.requirement, ctx.label(obj), obj.id, check.ok, check.why, check.rules
                )
            )
            if not check.ok:
                problems.append((check.why, check.rules))
        if mention.group_limit and not _group_ok(objects, mention.group_limit, ctx):
            direction, limit = mention.group_limit
            total = _total_might(objects, ctx)
            problem = (
                f"Their total Might must be {limit} or {direction}; together they have {total}.",
                (rule("group", version), rule("group_choose", version)),
            )
            problems.append(problem)
            group_failures.append((frozenset(o.id for o in objects), *problem))
    for ids, why, cited in _same_controller_problems(targets, chosen, ctx, version):
        problems.append((why, cited))
        group_failures.append((ids, why, cited))
    for ids, why, cited in group_failures:
        slots = [
            replace(slot, legal=False, why=why, rules=cited)
            if slot.legal and slot.chosen_id in ids
            else slot
            for slot in slots
        ]
    base = (rule("all_targets_needed", version), rule("valid_target", version))
    if problems:
        return Verdict(
            VerdictKind.ILLEGAL,
            problems[0][0],
            merge_rules(base, *(p[1] for p in problems)),
            tuple(slots),
        )
    return Verdict(VerdictKind.LEGAL, "Every target is a valid choice.", base, tuple(slots))


_SAME_CONTROLLER = re.compile(r"\bwith the same controller\b", re.I)


def _same_controller_problems(
    targets: Sequence[Mention],
    chosen: Sequence[Sequence[RbObject]],
    ctx: RbContext,
    version: str,
) -> list[tuple[frozenset[int], str, tuple[str, ...]]]:
    """ "Choose a unit and an Equipment with the same controller" (Angle Shot), "any number of
    enemy units with the same controller" (Tricksy Tentacles): everything chosen up to those
    words in the sentence has one controller (355.9.b).  Each problem comes with the ids of
    the objects chosen for the words it restricts."""
    for n, mention in enumerate(targets):
        if not _SAME_CONTROLLER.search(mention.restriction):
            continue
        together = [
            obj
            for i, other in enumerate(targets[: n + 1])
            if other.sentence == mention.sentence
            for obj in chosen[i]
        ]
        controllers = {o.controller for o in together}
        if len(controllers) > 1:
            said = and_list(
                f"{told_apart(o.name, o, ctx.shared_names)} ({o.controller})" for o in together
            )
            return [
                (
                    # The objects chosen for the words that carry the restriction: the group
                    # itself (Tricksy Tentacles), or the Equipment that must share the unit's
                    # controller (Angle Shot).
                    frozenset(o.id for o in chosen[n]),
                    f"{said} don't have the same controller: “{mention.phrase} "
                    f"{mention.restriction}” needs one.",
                    (rule("restrictions", version),),
                )
            ]
    return []


_TO_BASE = re.compile(r"^move\b.*\bto (?:its |their |your )?base\b", re.I)


def _moves_it_to_base(analysis: TargetAnalysis, mention: Mention) -> bool:
    """Is ``mention`` what a "Move ... to base" instruction moves?"""
    return any(
        _TO_BASE.match(instruction.text)
        and any(analysis.mentions[i] is mention for i in instruction.mention_indexes)
        for instruction in analysis.instructions
    )


_SAME_PLACE = re.compile(r"\bat the same (?P<place>battlefield|location)\b", re.I)


@dataclass(frozen=True)
class _SamePlace:
    """Targets that "at the same battlefield" (or location) covers together: Facebreaker's "a
    friendly unit and an enemy unit at the same battlefield", Switcheroo's "two units at the
    same battlefield".  ``where`` is the place of the first object chosen for them."""

    indexes: frozenset[int] = frozenset()
    place: str = "battlefield"
    words: str = ""
    first: RbObject | None = None

    def check(self, obj: RbObject, ctx: RbContext, version: str) -> Check:
        # 355.9.b: "at the same battlefield" is a restriction every one of them meets.
        name = told_apart(obj.name, obj, ctx.shared_names)
        cited = (rule("restrictions", version),)
        if self.place == "battlefield" and not obj.at_battlefield:
            return Check(False, f"{name} is not at a battlefield (“{self.words}”).", cited)
        first = self.first
        if first is not None and obj.place != first.place:
            other = told_apart(first.name, first, ctx.shared_names)
            return Check(
                False,
                f"{name} is at {obj.place or 'no location'}, not at {first.place} with "
                f"{other}: they must be “{self.words}”.",
                cited,
            )
        return Check(True, f"{name} meets every restriction.", (rule("valid_target", version),))


def fits_chosen_place(
    targets: Sequence[Mention],
    picked: Sequence[Sequence[RbObject]],
    obj: RbObject,
    ctx: RbContext,
    version: str,
) -> bool:
    """Whether ``obj``, chosen next (for target ``len(picked)``), can be "at the same
    battlefield" as the targets chosen before it, or "there" / "at its location" where the
    one before it is (355.9.b), so a step offers only what it would accept (QA 30 M1:
    Facebreaker offered an enemy unit elsewhere, then refused it; QA 38 M1: Crescent Strike's
    "an enemy unit there")."""
    n = len(picked)
    if n < len(targets) and at_its_place_check(obj, targets[n], targets, picked, n, ctx, version):
        return False
    padded = [*picked, *([()] * (len(targets) - n))]
    together = _same_place(targets, padded)
    if n not in together.indexes:
        return True
    return together.check(obj, ctx, version).ok


def _same_place(targets: Sequence[Mention], chosen: Sequence[Sequence[RbObject]]) -> _SamePlace:
    """The targets of one instruction that end with "at the same battlefield" share it: all of
    them up to those words, in the same sentence."""
    for n, mention in enumerate(targets):
        same = _SAME_PLACE.search(mention.restriction)
        if same is None:
            continue
        indexes = frozenset(
            i
            for i, other in enumerate(targets[: n + 1])
            if other.sentence == mention.sentence and other.start <= mention.start
        )
        objects = [obj for i in sorted(indexes) for obj in chosen[i]]
        first = next(
            (o for o in objects if o.at_battlefield or same.group("place") == "location"), None
        )
        return _SamePlace(indexes, same.group("place").lower(), same.group(0), first)
    return _SamePlace()


def _chosen_before_in_sentence(
    targets: Sequence[Mention], chosen: Sequence[Sequence[RbObject]], n: int
) -> list[tuple[Mention, Sequence[RbObject]]]:
    """The earlier targets of target ``n``'s sentence, each with what was chosen for it."""
    sentence = targets[n].sentence
    pairs = zip(targets[:n], chosen[:n], strict=True)
    return [(earlier, objects) for earlier, objects in pairs if earlier.sentence == sentence]


def _elsewhere_check(
    obj: RbObject,
    mention: Mention,
    targets: Sequence[Mention],
    chosen: Sequence[Sequence[RbObject]],
    n: int,
    ctx: RbContext,
    version: str,
) -> Check:
    """ "... and another unit you control at a different location" (Smoke and Mirrors): not at
    the location of what was chosen before it in the same instruction (355.9.b)."""
    name = told_apart(obj.name, obj, ctx.shared_names)
    for _, objects in _chosen_before_in_sentence(targets, chosen, n):
        for other in objects:
            if other.place and obj.place == other.place:
                other_name = told_apart(other.name, other, ctx.shared_names)
                return Check(
                    False,
                    f"{name} is at {obj.place}, where {other_name} is: “{mention.phrase} "
                    f"{mention.restriction}” must be at a different location.",
                    (rule("restrictions", version),),
                )
    return Check(True, f"{name} meets every restriction.", (rule("valid_target", version),))


# Heroic Charge's "an enemy unit at its location": "its" is the object chosen just before it in
# the same instruction.
_AT_ITS_PLACE = re.compile(r"\bat (?:its|that unit's) (?:location|battlefield)\b", re.I)


def _at_its_place(mention: Mention) -> bool:
    """ "an enemy unit at its location" (Heroic Charge), or "an enemy unit there" after
    "Choose a battlefield" (Crescent Strike): at the place of what was chosen before it."""
    restriction = mention.restriction.strip().lower()
    return bool(_AT_ITS_PLACE.search(restriction)) or restriction == "there"


def at_its_place_check(
    obj: RbObject,
    mention: Mention,
    targets: Sequence[Mention],
    chosen: Sequence[Sequence[RbObject]],
    n: int,
    ctx: RbContext,
    version: str,
) -> Check | None:
    """ "Give a friendly unit +1 [M] ... and [Stun] an enemy unit at its location": at the place
    of the object chosen for the target before it in the same sentence (355.9.b).  None when
    ``obj`` is there, or ``mention`` has no such restriction."""
    if not _at_its_place(mention):
        return None
    name = told_apart(obj.name, obj, ctx.shared_names)
    cited = (rule("restrictions", version),)
    for _, objects in reversed(_chosen_before_in_sentence(targets, chosen, n)):
        if not objects:
            continue
        other = objects[0]
        if not other.place or obj.place != other.place:
            where = _place_of(other, other.place, ctx)
            return Check(
                False,
                f"{name} is at {obj.place or 'no location'}, not at {where}: “{mention.phrase} "
                f"{mention.restriction}” means that location.",
                cited,
            )
        break
    return None


def _place_of(other: RbObject, place: str, ctx: RbContext) -> str:
    """Where "its location" / "there" is: "Targon's Peak, the battlefield chosen", or "Alice's
    base where Recruit is" (``place``: the chosen object's place, then or now)."""
    if other.kind is RbKind.BATTLEFIELD:
        return f"{other.name}, the battlefield chosen"
    return f"{place or 'any location'} where {told_apart(other.name, other, ctx.shared_names)} is"


_OTHER = re.compile(r"\b(?:an)?other\b", re.I)


def earlier_choices_it_must_differ_from(
    targets: Sequence[Mention], chosen: Sequence[Sequence[RbObject]], n: int
) -> dict[int, str]:
    """The objects chosen for earlier targets of the same kind, by id (with that target's
    words), when target ``n`` says "other" or "another": it must be a different object."""
    mention = targets[n]
    if not _OTHER.search(mention.phrase):
        return {}
    return {
        obj.id: earlier.phrase
        for earlier, objects in zip(targets[:n], chosen[:n], strict=True)
        if earlier.kind == mention.kind
        for obj in objects
    }


def _one_at_each_location(
    mention: Mention, objects: Sequence[RbObject], ctx: RbContext, version: str
) -> list[tuple[str, tuple[str, ...]]]:
    """Elder Dragon's "up to one enemy unit at each location" allows one unit per location
    (Unleashed FAQ: "Deal 1 to up to one enemy unit at battlefield A. Deal 1 to up to one
    enemy unit at battlefield B. ...")."""
    by_place: dict[str, list[RbObject]] = {}
    for obj in objects:
        by_place.setdefault(obj.place, []).append(obj)
    return [
        (
            f"{and_list(told_apart(o.name, o, ctx.shared_names) for o in there)} are "
            f"{'both' if len(there) == 2 else 'all'} at "
            f"{place}: “{mention.phrase} {mention.restriction}” chooses at most one at each "
            "location.",
            (rule("restrictions", version), rule("up_to", version)),
        )
        for place, there in by_place.items()
        if place and len(there) > 1
    ]


def split_amount_as_played(
    targets: Sequence[Mention], chosen: Sequence[Sequence[RbObject]], n: int, ctx: RbContext
) -> int | None:
    """The damage target ``n``'s split divides, as the spell is played (355.14.c): the number
    the text gives, or for Alpha Strike's "It deals damage equal to its Might split among ..."
    the Might of the unit chosen for the target before it (negative Might counts as 0, 143.2.b);
    None when it isn't split damage or that unit isn't chosen yet."""
    mention = targets[n]
    if not mention.split_might:
        return mention.split_amount
    dealer = next((objects[0] for objects in reversed(chosen[:n]) if objects), None)
    return None if dealer is None else max(0, ctx.might_of(dealer) or 0)


def _repeated_phrase_hint(
    targets: Sequence[Mention], chosen: Sequence[Sequence[RbObject]], mention: Mention
) -> str:
    """Falling Star's "Deal 3 to a unit. Deal 3 to a unit.": each phrase is a choice of its
    own, and one named target fills only the first (found by a sweep).  The same unit may be
    chosen for each ("You can choose different units", Origins FAQ errata to Falling Star)."""
    pairs = zip(targets, chosen, strict=True)
    same = [objects for other, objects in pairs if other.phrase == mention.phrase]
    named = next((objects[0].name for objects in same if objects), None)
    if len(same) < 2 or named is None:
        return ""
    return (
        f" The text says “{mention.phrase}” {len(same)} times, a choice each, and the same "
        f"object may be chosen for each: name one per choice (“targeting {named} twice”)."
    )


def count_problem(
    mention: Mention, count: int, version: str, *, split_amount: int | None = None
) -> tuple[str, tuple[str, ...]] | None:
    """What is wrong with choosing ``count`` objects for ``mention``, and the rules; None if
    nothing is (355.8, 355.13).  ``split_amount``: the damage split, when it depends on another
    choice (``split_amount_as_played``)."""
    amount = mention.split_amount if split_amount is None else split_amount
    if amount is not None and count > amount:
        return (
            f"Splitting {amount} damage allows at most {counted(amount, 'target')}.",
            (rule("split_max", version),),
        )
    if count < mention.min_count:
        exactly = "exactly " if mention.max_count == mention.min_count > 1 else ""
        return (
            f"“{mention.named}” needs {exactly}{counted(mention.min_count, 'target')}; "
            f"{count} chosen.",
            (rule("all_targets_needed", version),),
        )
    if mention.max_count is not None and count > mention.max_count:
        return (
            f"“{mention.phrase}” allows at most {counted(mention.max_count, 'target')}.",
            (rule("up_to", version),),
        )
    return None


def check_split(amount: int, shares: Mapping[int, int], version: str = "1.3") -> Verdict:
    """Damage divided on resolution: every target gets at least 1, the total is ``amount``
    (355.14.e-g).  With more targets than damage, a target given 0 ceases being one
    (355.14.h)."""
    cited = (rule("split_each", version), rule("split_min", version))
    more_targets = len(shares) > amount
    if any(share < (0 if more_targets else 1) for share in shares.values()):
        return Verdict(VerdictKind.ILLEGAL, "Each target must be dealt at least 1 damage.", cited)
    if sum(shares.values()) != amount:
        return Verdict(
            VerdictKind.ILLEGAL,
            f"The shares add up to {sum(shares.values())}, not {amount}.",
            cited,
        )
    return Verdict(VerdictKind.LEGAL, "A valid split of the damage.", cited)


def legal_group_subsets(
    original: Sequence[RbObject],
    now: Mapping[int, RbObject | None],
    mention: Mention,
    ctx: RbContext,
    battlefield: str,
    version: str = "1.3",
) -> list[tuple[int, ...]]:
    """The subsets of the original group targets the controller may affect on resolution,
    largest first (355.11.b).  v1.3 lets units that left the chosen battlefield count if the
    subset is all at one battlefield; v1.2 only allows units still at the chosen one."""
    alive = [now[o.id] for o in original if now.get(o.id) is not None]
    current = [o for o in alive if o is not None]
    at_one_battlefield = _AT_A_BATTLEFIELD.search(mention.restriction) is not None
    if version == "1.2" and at_one_battlefield:
        current = [o for o in current if o.at_battlefield and o.location == battlefield]
    subsets: list[tuple[int, ...]] = []
    # The subset must fulfil the whole requirement (355.11.b), its number too: "two units"
    # needs two, and "any number of" one or more (a subset of none affects nothing).
    most = len(current) if mention.max_count is None else min(len(current), mention.max_count)
    for size in range(most, max(mention.min_count, 1) - 1, -1):
        for combo in combinations(current, size):
            locations = {o.location for o in combo}
            if at_one_battlefield and (
                len(locations) != 1 or not all(o.at_battlefield for o in combo)
            ):
                continue
            where = next(iter(locations)) if at_one_battlefield else None
            if not all(
                check_target(o, mention, ctx, version=version, battlefield=where).ok for o in combo
            ):
                continue
            if mention.group_limit and not _group_ok(combo, mention.group_limit, ctx):
                continue
            subsets.append(tuple(o.id for o in combo))
    return subsets


_AT_A_BATTLEFIELD = re.compile(r"\bat a battlefield\b", re.I)

MAX_GROUP_SUBSETS_OF = 12  # 4,096 subsets at most; real groups are a handful of units
MAX_OFFERED_SUBSETS = 20  # as choices (Discord shows at most 25 in a menu)


class GroupChoiceNeeded(EngineError):
    """355.11.b: a group of targets no longer meets its restriction as the spell resolves, so
    its controller chooses which of the original targets it affects.  ``options`` holds the
    subsets allowed (object ids), largest first."""

    def __init__(self, message: str, *, hint: str, options: Sequence[tuple[int, ...]]) -> None:
        super().__init__(message, hint=hint)
        self.options = tuple(options)
        self.statements = tuple(
            f"The top of the chain resolves affecting {_ids_text(subset)}."
            for subset in self.options[:MAX_OFFERED_SUBSETS]
        )


class SplitChoiceNeeded(EngineError):
    """355.14.e: how split damage is divided is decided as the spell or ability resolves, so
    its controller says how when more than one of its split targets is still legal.
    ``options`` holds ways to divide it (amounts in the order the targets were chosen)."""

    def __init__(self, message: str, *, hint: str, options: Sequence[tuple[int, ...]]) -> None:
        super().__init__(message, hint=hint)
        self.options = tuple(options)
        self.statements = tuple(
            "The top of the chain resolves dividing " + " and ".join(str(n) for n in option) + "."
            for option in self.options[:MAX_OFFERED_SUBSETS]
        )


class UnlessChoiceNeeded(EngineError):
    """An instruction happens "unless" a player other than the resolving item's controller
    chooses its alternative (Shakedown: "Deal 6 to it unless its controller has you draw 2");
    that player decides as the instruction is carried out (359.3.f.2), and the bot doesn't
    decide for them.  ``statements`` say each choice."""

    def __init__(self, message: str, *, hint: str, statements: Sequence[str]) -> None:
        super().__init__(message, hint=hint)
        self.statements = tuple(statements)


class DiscardChoiceNeeded(EngineError):
    """A "Discard N" instruction while more than N cards are stated in its player's hand: the
    player chooses which as it is carried out (422.1, 359.3.f.2), and the bot doesn't choose
    for them.  ``statements`` say each choice (Get Excited! resolves discarding ...)."""

    def __init__(self, message: str, *, hint: str, statements: Sequence[str]) -> None:
        super().__init__(message, hint=hint)
        self.statements = tuple(statements)


def split_options(
    amount: int, count: int, limit: int = MAX_OFFERED_SUBSETS
) -> list[tuple[int, ...]]:
    """Ways to divide ``amount`` among ``count`` targets, at least 1 each (355.14.g): the most
    even first, then the others in order, at most ``limit``.  With fewer damage than targets,
    ``amount`` of them get 1 and the others 0, ceasing to be targets (355.14.h)."""
    if count < 1 or amount < 1:
        return []
    if amount < count:
        return [
            tuple(1 if n in kept else 0 for n in range(count))
            for kept in combinations(range(count), amount)
        ][:limit]
    found: list[tuple[int, ...]] = []

    def walk(left: int, slots: int, prefix: tuple[int, ...]) -> None:
        if len(found) >= limit * 4:
            return
        if slots == 1:
            found.append((*prefix, left))
            return
        for share in range(left - slots + 1, 0, -1):
            walk(left - share, slots - 1, (*prefix, share))

    walk(amount, count, ())
    even = tuple(amount // count + (1 if n < amount % count else 0) for n in range(count))
    ordered = [even, *(option for option in found if option != even)]
    return ordered[:limit]


def _ids_text(ids: Sequence[int]) -> str:
    return and_list(f"#{i}" for i in ids)


@dataclass(frozen=True)
class _GroupOutcome:
    """Which original group targets are left unaffected on resolution and why (355.11.b);
    ``chosen`` when that follows its controller's choice."""

    left_out: frozenset[int] = frozenset()
    why: str = ""
    chosen: bool = False


def _group_left_out(
    mention: Mention,
    objects: Sequence[RbObject],
    now: Mapping[int, RbObject | None],
    ctx: RbContext,
    version: str,
    affecting: Collection[int] | None,
) -> _GroupOutcome:
    """Nothing left out while the targets still legal meet the group's restriction together;
    else the subset its controller chose (355.11.b), asked for when not given."""
    if mention.group_limit is None or not objects:
        return _GroupOutcome()
    still = [
        c
        for o in objects
        if (c := now.get(o.id)) is not None and check_target(c, mention, ctx, version=version).ok
    ]
    chosen_at = objects[0].location
    places = {c.location for c in still}
    # v1.2 never affects units that left the chosen battlefield; v1.3 lets a group that moved
    # together count (355.11.b's last sentence differs between the versions).  Only a group
    # chosen "at a battlefield" (Fox-Fire) must be together; Tricksy Tentacles' "any number
    # of enemy units with the same controller and a total Might of 8 or less" needn't.
    in_place = _AT_A_BATTLEFIELD.search(mention.restriction) is None or (
        len(places) <= 1 and (version != "1.2" or places <= {chosen_at})
    )
    if _group_ok(still, mention.group_limit, ctx) and in_place:
        return _GroupOutcome()
    if len(objects) > MAX_GROUP_SUBSETS_OF:
        raise EngineError(
            f"{len(objects)} targets in one group are too many to weigh every subset of "
            f"({rule('group_subset', version)}); the bot handles up to {MAX_GROUP_SUBSETS_OF}."
        )
    everyone = frozenset(o.id for o in objects)
    subsets = legal_group_subsets(objects, now, mention, ctx, chosen_at, version)
    if not subsets:
        return _GroupOutcome(
            everyone, "No subset of the original targets meets the group's restriction now."
        )
    if affecting is not None:
        wanted = frozenset(affecting)
        if wanted in {frozenset(subset) for subset in subsets}:
            return _GroupOutcome(
                everyone - wanted, "Not in the subset its controller chose to affect.", True
            )
    direction, limit = mention.group_limit
    total = _total_might(still, ctx)
    shown = "; ".join(_ids_text(subset) for subset in subsets[:5])
    asked = "" if affecting is None else "That choice is not one of them. "
    broken = (
        f"The targets no longer have total Might {limit} or {direction} (they have {total} now)"
        if not _group_ok(still, mention.group_limit, ctx)
        # 355.11.b (v1.3): a subset counts "as long as those units are all located at the same
        # battlefield"; their total may still be fine (Fox-Fire's 4 Recruits, one moved away).
        else "The targets are no longer all at one battlefield (they are at "
        f"{and_list(sorted({c.place for c in still if c.place}))})"
        if len(places) > 1
        else f"The targets are no longer at {chosen_at}, where they were chosen"
    )
    raise GroupChoiceNeeded(
        f"{broken}, so the spell's controller chooses which of the original targets it affects "
        f"({rule('group_subset', version)}). {asked}Allowed: {shown}"
        + ("; …" if len(subsets) > 5 else "")
        + ".",
        hint=f"Say which: “The top of the chain resolves affecting {_ids_text(subsets[0])}.”",
        options=subsets,
    )


def _relation_now(
    current: RbObject,
    n: int,
    targets: Sequence[Mention],
    chosen: Sequence[Sequence[RbObject]],
    now: Mapping[int, RbObject | None],
    ctx: RbContext,
    version: str,
) -> Check | None:
    """A restriction relating target ``n`` to one chosen before it, checked again as the
    spell resolves with both as they are now (359.3.e.2; "its" is read on execution,
    359.3.f.2): Heroic Charge's "an enemy unit at its location", Crescent Strike's "an enemy
    unit there", Smoke and Mirrors' "at a different location".  None when it still holds."""
    mention = targets[n]
    cited = (rule("illegal_on_resolution", version), *cite_if("here_on_execution", version))
    name = told_apart(current.name, current, ctx.shared_names)
    if _at_its_place(mention):
        for _, objects in reversed(_chosen_before_in_sentence(targets, chosen, n)):
            if not objects:
                continue
            other = objects[0]
            other_now = now.get(other.id)
            other_name = told_apart(other.name, other, ctx.shared_names)
            if other_now is None or not other_now.place:
                return Check(
                    False,
                    f"{other_name} is no longer on the board, so “{mention.restriction}” has "
                    f"no location to check ({rule('null_information', version)}).",
                    (*cited, rule("null_information", version)),
                )
            if current.place != other_now.place:
                where = _place_of(other, other_now.place, ctx)
                return Check(
                    False,
                    f"{name} is at {current.place or 'no location'}, no longer at {where}: "
                    f"“{mention.phrase} {mention.restriction}” is checked as it resolves.",
                    cited,
                )
            return None
        return None
    if _CHOOSES_IT.search(mention.restriction):
        # Repulse: "it" is the unit chosen for its first target; once that unit has left the
        # board, it is a new object no spell chooses (359.3.e.4; Unleashed FAQ, Alpha Strike:
        # "any relationship between them and the spell that targets them is severed").
        it = next((objects[0] for objects in reversed(chosen[:n]) if objects), None)
        if it is not None and (
            now.get(it.id) is None or not any(o.id == it.id for o in ctx.chose(current.id))
        ):
            it_name = told_apart(it.name, it, ctx.shared_names)
            return Check(
                False,
                f"{name} no longer chooses {it_name}: “{mention.phrase} {mention.restriction}” "
                "is checked as it resolves.",
                (*cited, rule("new_object", version)),
            )
    if _ELSEWHERE.search(mention.restriction):
        current_chosen = [
            [c for o in objects if (c := now.get(o.id)) is not None] for objects in chosen
        ]
        check = _elsewhere_check(current, mention, targets, current_chosen, n, ctx, version)
        if not check.ok:
            return Check(False, check.why, (*cited, *check.rules))
    if _SAME_CONTROLLER.search(mention.restriction) and mention.max_count == 1:
        # Angle Shot's "an Equipment with the same controller": the same controller as the
        # unit chosen before it, as both are now (QA 24 W5).  A group's own "with the same
        # controller" (Tricksy Tentacles) is the group's restriction, not a relation.
        for _, objects in _chosen_before_in_sentence(targets, chosen, n):
            for other in objects:
                other_now = now.get(other.id)
                if other_now is None or other_now.controller == current.controller:
                    continue
                other_name = told_apart(other.name, other, ctx.shared_names)
                return Check(
                    False,
                    f"{name} ({current.controller}) and {other_name} "
                    f"({other_now.controller}) don't have the same controller now: "
                    f"“{mention.phrase} {mention.restriction}” is checked as it resolves.",
                    (rule("illegal_on_resolution", version), rule("restrictions", version)),
                )
    return None


def _same_place_left_out(
    targets: Sequence[Mention],
    chosen: Sequence[Sequence[RbObject]],
    now: Mapping[int, RbObject | None],
    ctx: RbContext,
    version: str,
    affecting: Collection[int] | None,
) -> _GroupOutcome:
    """Targets chosen "at the same battlefield" (or location) are a group that must meet that
    together (355.11): once they no longer do as it resolves (Bellows Breath's units, one
    moved to its base), its controller chooses a subset of them still together to affect
    (355.11.b), asked for when not given."""
    together = _same_place(targets, chosen)
    if not together.indexes:
        return _GroupOutcome()
    objects = [o for i in sorted(together.indexes) for o in chosen[i]]
    still = [
        c
        for o in objects
        if (c := now.get(o.id)) is not None
        and check_target(
            c, targets[_index_of(o, together.indexes, chosen)], ctx, version=version
        ).ok
    ]
    by_place: dict[str, list[int]] = {}
    for c in still:
        if c.at_battlefield or (together.place == "location" and c.place):
            by_place.setdefault(c.place, []).append(c.id)
    if len(by_place) <= 1 and len(still) == sum(len(ids) for ids in by_place.values()):
        return _GroupOutcome()
    everyone = frozenset(o.id for o in objects)
    slot_of = {o.id: _index_of(o, together.indexes, chosen) for o in objects}

    def enough(ids: Collection[int]) -> bool:
        # A subset fulfils the requirement only with as many as each target needs (355.11.b):
        # Switcheroo's "two units" needs both, Facebreaker's "a friendly unit and an enemy
        # unit" one of each; "up to three units" (Bellows Breath) any of them.
        return all(
            sum(1 for i in ids if slot_of[i] == n) >= targets[n].min_count for n in together.indexes
        )

    options = sorted(
        (tuple(ids) for ids in by_place.values() if enough(ids)),
        key=lambda ids: (-len(ids), ids),
    )
    if not options:
        # Origins FAQ (Fox-Fire): "You no longer have a valid subset of targets ... Fox-Fire
        # does nothing"; the instructions that needed them are ignored (359.3.e.6).
        why = (
            f"None of them is “{together.words}” any more, so none is affected."
            if not by_place
            else "No subset of them that is still together fulfils "
            f"“{_requirement_of(targets, together.indexes)}”, so none is affected."
        )
        if affecting is not None:
            raise EngineError(
                f"There is nothing to choose: {why[0].lower()}{why[1:-1]} "
                f"({rule('group_subset', version)}).",
                hint="Say “The top of the chain resolves.”",
            )
        return _GroupOutcome(everyone, why)
    if affecting is not None:
        wanted = frozenset(affecting)
        if wanted and enough(wanted) and any(wanted <= frozenset(ids) for ids in options):
            return _GroupOutcome(
                everyone - wanted, "Not in the subset its controller chose to affect.", True
            )
    where = and_list(sorted(by_place))
    asked = "" if affecting is None else "That choice is not one of them. "
    raise GroupChoiceNeeded(
        f"The targets chosen “{together.words}” no longer are (they are at {where} now), so "
        f"the spell's controller chooses which of them, still together, it affects "
        f"({rule('group', version)}, {rule('group_subset', version)}). {asked}Allowed: "
        + "; ".join(_ids_text(ids) for ids in options)
        + (
            " (or fewer of the same)."
            if any(
                len(ids) > sum(targets[n].min_count for n in together.indexes) for ids in options
            )
            else "."
        ),
        hint=f"Say which: “The top of the chain resolves affecting {_ids_text(options[0])}.”",
        options=options,
    )


def _requirement_of(targets: Sequence[Mention], indexes: Collection[int]) -> str:
    """The words of the targets a group covers, as the card says them ("two units at the same
    battlefield", "a friendly unit and an enemy unit at the same battlefield")."""
    return " and ".join(targets[n].requirement for n in sorted(indexes))


def _index_of(obj: RbObject, indexes: Collection[int], chosen: Sequence[Sequence[RbObject]]) -> int:
    """The target slot ``obj`` was chosen for, among ``indexes``."""
    return next(i for i in sorted(indexes) if any(o.id == obj.id for o in chosen[i]))


def resolve(
    analysis: TargetAnalysis,
    chosen: Sequence[Sequence[RbObject]],
    now: Mapping[int, RbObject | None],
    ctx: RbContext,
    *,
    affecting: Collection[int] | None = None,
) -> Verdict:
    """Resolve with the targets as they are now.  ``now`` maps each chosen object's id to its
    current state (None when it left the board: a new object, 359.3.e.4).

    The spell resolves even if every target is illegal (359.3.e.1); illegal targets are
    unaffected (359.3.e.5); an instruction whose targets are all illegal is ignored
    (359.3.e.7) and one that refers back to an ignored instruction is too (359.3.e.14.a);
    everything else still happens.

    A group of targets that no longer meets its restriction together (Fox-Fire's "total Might
    4 or less") affects only the subset of it its controller chooses (355.11.b): ``affecting``
    is that choice (object ids); without it, ``GroupChoiceNeeded`` names the subsets allowed.
    """
    version = analysis.version
    r = lambda concept: rule(concept, version)  # noqa: E731
    targets = analysis.targets
    legal_by_mention: dict[int, list[str]] = {}
    illegal_names: list[str] = []
    left_out_names: list[str] = []  # unaffected by its controller's choice (355.11.b)
    chose_subset = False
    slots: list[SlotReport] = []
    target_index = {id(m): n for n, m in enumerate(targets)}
    together = _same_place_left_out(targets, chosen, now, ctx, version, affecting)
    chose_subset = together.chosen
    for n, (mention, objects) in enumerate(zip(targets, chosen, strict=True)):
        legal: list[str] = []
        group = _group_left_out(mention, objects, now, ctx, version, affecting)
        if together.left_out:
            group = together
        chose_subset = chose_subset or group.chosen
        for original in objects:
            current = now.get(original.id)
            if current is None:
                check = Check(
                    False,
                    f"{original.name} changed zones: it is a new object.",
                    (r("illegal_on_resolution"), r("new_object")),
                )
            elif original.id in group.left_out:
                check = Check(False, group.why, (r("group"), r("group_subset")))
            elif mention.each_location and current.place != original.place:
                # Unleashed FAQ (Elder Dragon, Flash): "any units that are moved to a location
                # other than the one where they were targeted will no longer fulfill the
                # targeting restriction ... and will be unaffected".
                check = Check(
                    False,
                    f"{original.name} was chosen as the unit at {original.place}; it is now at "
                    f"{current.place or 'no location'}, so it no longer meets that restriction.",
                    (r("restrictions"), r("illegal_on_resolution")),
                )
            else:
                check = check_target(current, mention, ctx, version=version)
                if check.ok:
                    check = _relation_now(current, n, targets, chosen, now, ctx, version) or check
            slots.append(
                SlotReport(
                    n,
                    mention.requirement,
                    label_now(ctx, original, current),
                    original.id,
                    check.ok,
                    check.why,
                    check.rules,
                )
            )
            (legal if check.ok else illegal_names).append(original.name)
            if original.id in group.left_out and group.chosen:
                left_out_names.append(original.name)
        legal_by_mention[n] = legal
    if affecting is not None and not chose_subset:
        raise EngineError(
            "There is nothing to choose: its targets still meet their restriction together (or "
            "it has no group of targets), so it affects every target still legal "
            f"({rule('group_subset', version)} applies only when a group no longer does).",
            hint="Say “The top of the chain resolves.”",
        )
    effects: list[EffectReport] = []
    ignored_before = False
    ignored_text = ""  # the instruction last ignored (what a later "that unit" may refer to)
    ignored_targeted = False  # an instruction with targets was ignored (for 359.3.e.12)
    cited_linked = False
    cited_null = False
    cited_ignored = False  # an instruction that can't be followed was ignored (359.3.e.6)
    cited_all_chosen_gone = False  # what "it" refers to was chosen and is illegal (359.3.e.7)
    cited_condition = False  # a condition was checked as its instruction was carried out
    none_chosen = False  # "up to" targets with zero chosen (355.13): nothing to affect
    chosen_count = {n: len(objects) for n, objects in enumerate(chosen)}
    acted_on: list[RbObject] = []  # what the last instruction with targets acted on ("it")
    chose: list[int] = []  # the targets a "Choose ..." instruction chose ("they", "them")
    for instruction in analysis.instructions:
        if not instruction.is_carried_out:
            continue
        mine = [analysis.mentions[i] for i in instruction.mention_indexes]
        own = [target_index[id(m)] for m in mine if m.is_target and id(m) in target_index]
        if own:
            acted_on = [o for n in own for o in chosen[n] if o.name in legal_by_mention[n]]
        if own and choosing_only(analysis, instruction):
            # Challenge's "Choose a friendly unit and an enemy unit.": the choosing was done
            # as it was played (355.6); it is not something that happens now.  What follows
            # ("They deal damage ... to each other") acts on what was chosen.
            chose = own
            continue
        if not own and chose and _THEY.search(instruction.text):
            legal = [name for n in chose for name in legal_by_mention[n]]
            if _EACH_OTHER.search(instruction.text) and len(legal) < sum(
                chosen_count[n] for n in chose
            ):
                # Riftbound 359.3.e.5, 359.3.e.12: the target no longer legal is unaffected,
                # and its Might is null, so nothing is dealt either way.
                effects.append(
                    EffectReport(
                        instruction.text,
                        False,
                        (),
                        "One of them is no longer a legal target: it is unaffected, and "
                        "what it would deal is null, so it doesn't happen.",
                    )
                )
                cited_null = True
                ignored_before = True
                ignored_text = instruction.text
            elif legal:
                effects.append(EffectReport(instruction.text, True, tuple(legal)))
                ignored_before = False
            else:
                effects.append(
                    EffectReport(
                        instruction.text,
                        False,
                        (),
                        "Every target it needs is illegal, so it is ignored and doesn't happen.",
                    )
                )
                ignored_before = True
                ignored_text = instruction.text
            continue
        if (
            instruction.linked
            and not KILLS_CONDITION.match(instruction.condition)
            and _chosen_all_illegal(chose, chosen_count, legal_by_mention)
        ):
            # Stormbringer's "Choose a friendly unit in your base. Deal damage equal to its
            # Might ..., then move your unit there", Conscription's "Take control of it": the
            # unit chosen as it was played is what "it" means, and it is no longer legal.
            null = bool(_NEEDS_ITS_INFORMATION.search(instruction.text))
            effects.append(
                EffectReport(
                    instruction.text,
                    False,
                    (),
                    "What it refers to, chosen as the spell was played, is no longer a legal "
                    + (
                        "target: its Might is null, so nothing is dealt and the instruction is "
                        "ignored."
                        if null
                        else "target, so it is unaffected and the instruction is ignored."
                    ),
                )
            )
            cited_null = cited_null or null
            cited_ignored = cited_ignored or null
            cited_all_chosen_gone = True
            ignored_before = True
            ignored_text = instruction.text
            ignored_targeted = True
            continue
        gone = _that_targets_gone(instruction, chose, targets, chosen_count, legal_by_mention)
        if not own and instruction.linked and gone:
            # Angle Shot's "Attach that Equipment to that unit ...": with that Equipment no
            # longer a legal target, it is unaffected (359.3.e.5) and the attach can't be
            # followed (359.3.e.6), while "Draw 1" still happens (QA 24 W5).
            effects.append(
                EffectReport(
                    instruction.text,
                    False,
                    (),
                    f"It acts on {and_list(gone)}, no longer a legal target, so it can't be "
                    "followed and is ignored.",
                )
            )
            cited_ignored = True
            ignored_before = True
            ignored_text = instruction.text
            ignored_targeted = True
            continue
        if own and instruction.linked and ignored_before:
            # 359.3.e.14.a, 359.3.e.12: Last Breath's "It deals damage equal to its Might to an
            # enemy unit" after "Ready a friendly unit" was ignored: "it" is null, so nothing is
            # dealt even though the enemy unit is still legal.
            effects.append(
                EffectReport(
                    instruction.text,
                    False,
                    (),
                    "It refers to an instruction that was ignored, so what it refers to is "
                    "null and it is ignored too.",
                )
            )
            cited_linked = cited_null = True
        elif own:
            affected = [name for n in own for name in legal_by_mention[n]]
            missing = sum(chosen_count[n] for n in own) - len(affected)
            if affected and missing and _NEEDS_EVERY_TARGET.search(instruction.text):
                # Switcheroo's "Swap the Might of two units": with one of them no longer legal
                # (unaffected, 359.3.e.5) there is nothing to swap with, so the instruction
                # can't be followed (359.3.e.6).
                effects.append(
                    EffectReport(
                        instruction.text,
                        False,
                        (),
                        f"It needs every unit it chose, and {'one is' if missing == 1 else 'some are'} "
                        "no longer a legal target, so it can't be followed and is ignored.",
                    )
                )
                cited_ignored = True
                ignored_before = True
                ignored_text = instruction.text
                ignored_targeted = True
            elif affected:
                effects.append(EffectReport(instruction.text, True, tuple(affected)))
                ignored_before = False
            elif all(m.noun.lower() in ("rune", "runes") for m in mine if m.is_target):
                # Targon's Peak's "ready up to 2 runes at the end of this turn": the bot keeps
                # no runes, so it happens as its controller chooses, off the board (QA 39 U1).
                effects.append(
                    EffectReport(
                        instruction.text,
                        True,
                        (),
                        "the bot keeps no runes, so which runes it affects is left to its "
                        "controller",
                    )
                )
                ignored_before = False
            elif not any(chosen_count[n] for n in own):
                # 355.13: zero targets were chosen for it, so no target is illegal; it has
                # nothing to act on.
                effects.append(
                    EffectReport(
                        instruction.text,
                        False,
                        (),
                        "No targets were chosen for it, so it affects nothing.",
                    )
                )
                ignored_before = True
                ignored_text = instruction.text
                none_chosen = True
            else:
                effects.append(
                    EffectReport(
                        instruction.text,
                        False,
                        (),
                        "Every target it needs is illegal, so it is ignored.",
                    )
                )
                ignored_before = True
                ignored_text = instruction.text
                ignored_targeted = True
        elif (
            instruction.linked
            and ignored_before
            and _names_what_was_ignored(instruction.text, ignored_text)
        ):
            # 359.3.e.14.a: Deathgrip's "Draw 1" is not linked, so it still happens.
            effects.append(
                EffectReport(
                    instruction.text, False, (), "It refers to an instruction that was ignored."
                )
            )
            cited_linked = True
        elif ignored_targeted and _BACK_REFERENCE.search(instruction.text):
            # "... Might up to 1 more than the killed unit": that unit is no longer a legal
            # target, so the check returns null and what depends on it is ignored.
            effects.append(
                EffectReport(
                    instruction.text,
                    False,
                    (),
                    "It checks a target that is no longer legal: that "
                    "information is null, so it is ignored.",
                )
            )
            cited_null = True
        elif KILLS_CONDITION.match(instruction.condition):
            # Disintegrate's "If this kills it, do this: draw 1": whether the unit died is known
            # only once the earlier instruction is carried out (359.3.e.14.a), so it is checked
            # then (resolution.carry_out); if that instruction was ignored, nothing died.
            effects.append(
                EffectReport(
                    f"{instruction.condition}, {instruction.text}",
                    not ignored_before,
                    (),
                    ""
                    if not ignored_before
                    else "The instruction it refers to was ignored, "
                    "so nothing was killed and it doesn't happen.",
                )
            )
            cited_linked = True
        elif MIGHT_CONDITION.match(instruction.condition):
            held, why = _might_condition(instruction.condition, acted_on, now, ctx)
            effects.append(
                EffectReport(f"{instruction.condition}, {instruction.text}", held, (), why)
            )
            cited_condition = True
        else:
            effects.append(EffectReport(instruction.text, True))
            ignored_before = False
    cited = [r("resolves_anyway")]
    if cited_condition:
        cited += cite_if("here_on_execution", version)
    if cited_linked:
        cited.append(r("linked"))
    if cited_null:
        cited.append(r("null_information"))
    if cited_ignored:
        cited.append(r("ignored"))
    if cited_all_chosen_gone:
        cited += [r("unaffected"), r("all_invalid")]
    if illegal_names:
        cited += [rule_id for slot in slots if not slot.legal for rule_id in slot.rules]
        if len(illegal_names) > len(left_out_names):
            cited.append(r("illegal_on_resolution"))
        cited.append(r("unaffected"))
        if any(not e.happens for e in effects):
            cited += [r("all_invalid"), r("mistargeting")]
        if any(e.happens and e.affected for e in effects):
            cited.append(r("some_invalid"))
        if not any(e.happens for e in effects):
            cited.append(r("no_effect_still_played"))
        reason = _partial_reason(illegal_names, left_out_names)
        return Verdict(
            VerdictKind.PARTIAL, reason, merge_rules(cited), tuple(slots), tuple(effects)
        )
    if none_chosen:
        cited.append(r("up_to"))
        reason = (
            "No targets were chosen (it allows zero), so what needed them affects nothing."
            if not slots
            else "Every chosen target is still legal; where no targets were chosen (it "
            "allows zero), nothing is affected."
        )
    elif not targets:
        reason = "It has no targets; it resolves."
    else:
        reason = "Every target is still legal; it resolves fully."
    return Verdict(VerdictKind.RESOLVED, reason, merge_rules(cited), tuple(slots), tuple(effects))


# "If this kills it, do this: ..." (Disintegrate): it happens only if the unit the earlier
# instruction acted on died (359.3.e.14.a); "for each unit this kills" (Alpha Strike) once
# for each of them that died.
KILLS_CONDITION = re.compile(
    r"^if (?:this|that|it|the damage) kills? (?:it|them|that unit|the unit)$"
    r"|^(?P<each>for each unit (?:this|it) kills)$",
    re.I,
)

# Death from Below's erratum: "Then, if it had 3 [M] or less, do this: ..." - the unit the
# earlier instruction acted on, as it last was (it has just been killed).
MIGHT_CONDITION = re.compile(
    r"^if (?:it|that unit|the killed unit) (?:had|has) (?P<n>\d+) \[M\] or (?P<dir>less|more)$",
    re.I,
)


# An instruction that can only be followed with every target it chose (359.3.e.6): a swap.
_NEEDS_EVERY_TARGET = re.compile(r"^swap\b", re.I)
# What an instruction reads from the unit "it" refers to (359.3.e.12: null once it is illegal).
_NEEDS_ITS_INFORMATION = re.compile(r"\bequal to its\b|\bits (?:Might|cost)\b", re.I)


def _that_targets_gone(
    instruction: Instruction,
    chose: Sequence[int],
    targets: Sequence[Mention],
    chosen_count: Mapping[int, int],
    legal_by_mention: Mapping[int, Sequence[str]],
) -> list[str]:
    """What an instruction relating two or more chosen targets ("Attach that Equipment to
    that unit") names among the targets a "Choose ..." instruction chose, when that target was
    chosen and is no longer legal: without it the instruction can't be followed.  An
    instruction naming one of them ("Deal 4 to that unit and 1 to each other enemy unit
    there") is followed as far as it can be (359.3.e.11) elsewhere."""
    nouns = {m.group(1).lower() for m in _THAT_NOUN.finditer(instruction.text)}
    named = [n for n in chose if targets[n].noun.lower().rstrip("s") in nouns]
    if len(named) < 2:
        return []
    return [f"that {targets[n].noun}" for n in named if chosen_count[n] and not legal_by_mention[n]]


def _chosen_all_illegal(
    chose: Sequence[int],
    chosen_count: Mapping[int, int],
    legal_by_mention: Mapping[int, Sequence[str]],
) -> bool:
    """Were targets chosen by a "Choose ..." instruction (``chose``), and are they all
    illegal now?"""
    return (
        bool(chose)
        and any(chosen_count[n] for n in chose)
        and not any(legal_by_mention[n] for n in chose)
    )


def choosing_only(analysis: TargetAnalysis, instruction: Instruction) -> bool:
    """Is it an instruction that only chooses targets ("Choose a friendly unit and an enemy
    unit."), made as the spell is played (355.6) and not carried out when it resolves?"""
    return bool(_CHOOSE.match(instruction.text)) and any(
        analysis.mentions[i].is_target for i in instruction.mention_indexes
    )


def _might_condition(
    condition: str,
    acted_on: Sequence[RbObject],
    now: Mapping[int, RbObject | None],
    ctx: RbContext,
) -> tuple[bool, str]:
    """Does "if it had N [M] or less/more" hold, and why (359.3.f.2: checked as the instruction
    is carried out, with the unit as it last was)?"""
    match = MIGHT_CONDITION.match(condition)
    assert match is not None
    if not acted_on:
        return False, "What “it” refers to was not affected, so the condition can't hold."
    unit = now.get(acted_on[0].id) or acted_on[0]
    might = ctx.might_of(unit) or 0  # passive abilities on the board included (472.3)
    held = might_condition_holds(match, might)
    verb = "so it happens" if held else "so it doesn't happen"
    return held, f"{unit.name} had {might} Might, {verb}."


def might_condition_holds(match: re.Match[str], might: int) -> bool:
    """Whether ``might`` meets a matched "if it had N [M] or less/more" (MIGHT_CONDITION)."""
    limit = int(match.group("n"))
    return might <= limit if match.group("dir").lower() == "less" else might >= limit


def _partial_reason(illegal_names: Sequence[str], left_out_names: Sequence[str]) -> str:
    no_longer = list(illegal_names)
    for name in left_out_names:
        no_longer.remove(name)
    parts = []
    if no_longer:
        are = "is" if len(no_longer) == 1 else "are"
        parts.append(f"{', '.join(no_longer)} {are} no longer legal and unaffected")
    if left_out_names:
        parts.append(
            f"its controller chose to leave {', '.join(left_out_names)} out of the "
            "group, which together no longer met its restriction"
        )
    return "It resolves anyway (no fizzle): " + "; ".join(parts) + "."
