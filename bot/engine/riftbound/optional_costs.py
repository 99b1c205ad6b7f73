"""Riftbound's optional additional costs paid as a card is played: [Accelerate] on units (805)
and [Repeat] on spells (820).

Accelerate is "As you play me, you may pay [1] and 1 Power as an additional cost. If you do, I
enter ready." (805.1.a); the Power is of the unit's domain, or any Power when it has none or
several (805.1.a.1-2).  Repeat is "You may pay [Cost] as an additional cost as you play this
spell. If you do, execute the instructions of this spell one additional time." (820.1.d): the
repeat's choices are made as the spell is played, and may differ (820.2, 820.2.a); each
instance is paid at most once (820.1.c.2-3); "as you play me" instructions were executed as
the card was played and are not repeated (135.2.b.3).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.engine.errors import IllegalActionError
from bot.engine.riftbound.keywords import printed_keywords
from bot.engine.riftbound.model import RbKind
from bot.engine.riftbound.rules import cite_if, rule
from bot.engine.riftbound.state import RbCard
from bot.engine.wording import and_list

# "[Repeat] [2][C] (You may ...)", "[Repeat] - Discard 1 (...)", "[Repeat] - [1] / [A] /
# [1][A]" (Curtain Call: three instances, 820.1.c.2).
_REPEAT_LINE = re.compile(r"^\s*\[Repeat\]\s*(?:-\s*)?(?P<cost>[^(\n]*?)\s*(?:\(|$)", re.I | re.M)
_ACCELERATE = re.compile(r"\[Accelerate\]", re.I)
# An instruction executed as the card is played (135.2.b.3): "As you play this, you may spend
# a buff as an additional cost. If you do, ignore this spell's cost." (Wallop), a line of its own.
_AS_YOU_PLAY = re.compile(r"^\s*As you play (?:me|this)\b.*$", re.I | re.M)
_COST_SYMBOL = re.compile(r"\[([^\]]+)\]")


@dataclass(frozen=True)
class OptionalCosts:
    """What a play pays beyond its cost: Accelerate (805) and how many Repeat costs (820)."""

    accelerated: bool = False
    repeats: int = 0


NO_OPTIONAL_COSTS = OptionalCosts()


def has_accelerate(card: RbCard) -> bool:
    return card.kind is RbKind.UNIT and bool(_ACCELERATE.search(card.text))


def repeat_costs(card: RbCard) -> tuple[str, ...]:
    """The printed Repeat costs of a spell, one per instance ("[2][C]", "Discard 1")."""
    if card.kind is not RbKind.SPELL:
        return ()
    costs: list[str] = []
    for found in _REPEAT_LINE.finditer(card.text):
        costs += [c.strip() for c in found.group("cost").split(" / ") if c.strip()] or [""]
    return tuple(costs)


def power_words(symbols: str, card: RbCard) -> str:
    """A cost in symbols said in words: "[1][C]" on a Fury unit -> "[1] and 1 Fury Power";
    [C] is the card's domain, or any Power when it has none or several (135.2.e.6.b)."""
    energy = 0
    powers: list[str] = []
    for symbol in _COST_SYMBOL.findall(symbols):
        if symbol.isdigit():
            energy += int(symbol)
        elif symbol == "C":
            powers.append(
                card.domains[0]
                if len(card.domains) == 1 and card.domains[0] != "Colorless"
                else "any-domain"
            )
        elif symbol == "A":
            powers.append("any-domain")
        else:
            powers.append(symbol)
    if not energy and not powers:
        return symbols
    parts = [f"[{energy}]"] if energy else []
    for kind in dict.fromkeys(powers):
        count = powers.count(kind)
        parts.append(f"{count} {kind} Power")
    return and_list(parts)


def accelerate_cost(card: RbCard, version: str) -> tuple[str, tuple[str, ...]]:
    """Accelerate's cost in words and the rules that price it (805.1.a, 805.1.a.1-2)."""
    single = len(card.domains) == 1 and card.domains[0] != "Colorless"
    if single:
        return f"[1] and 1 {card.domains[0]} Power", (
            rule("accelerate", version),
            rule("accelerate_domain_power", version),
        )
    return "[1] and 1 Power of any domain ([A])", (
        rule("accelerate", version),
        rule("accelerate_any_power", version),
    )


def refusal(
    card: RbCard, costs: OptionalCosts, version: str, *, accelerate_granted: bool = False
) -> IllegalActionError | None:
    """Why ``card`` can't be played paying ``costs``: Accelerate on a unit without it (a spell
    or gear never has it, 805.1), Repeat on a card that isn't a spell (820.1.a), or more Repeat
    costs than it has instances (820.1.c.3).  None when nothing forbids it.
    ``accelerate_granted``: another permanent gives the unit [Accelerate] as it is played
    (Rek'Sai, Breacher)."""
    if costs.accelerated and not has_accelerate(card) and not accelerate_granted:
        keywords = printed_keywords(card.text)
        has = f"its keywords: {and_list(keywords)}" if keywords else "it has no keywords"
        what = "" if card.kind is RbKind.UNIT else f"it is a {card.kind.value}; "
        return IllegalActionError(
            f"{card.name} has no [Accelerate] ({what}{has}), so there is no Accelerate cost to "
            f"pay: [Accelerate] is a unit's optional additional cost to enter ready "
            f"({rule('accelerate_unit', version)}, {rule('accelerate', version)}).",
            rules=(rule("accelerate_unit", version), rule("accelerate", version)),
            hint=f"Play it without “with Accelerate”: “Alice plays {card.name}.”",
        )
    if costs.repeats and card.kind is not RbKind.SPELL:
        on_spells = cite_if("repeat_on_spells", version) or (rule("repeat", version),)
        return IllegalActionError(
            f"{card.name} is a {card.kind.value}: [Repeat] is an optional additional cost of "
            f"spells ({on_spells[0]}), so a {card.kind.value} can't be played with it.",
            rules=on_spells,
            hint=f"Play it without “with Repeat”: “Alice plays {card.name}.”",
        )
    instances = max(len(repeat_costs(card)), 1)
    if costs.repeats > instances:
        return IllegalActionError(
            f"{card.name} has {'one [Repeat] cost' if instances == 1 else f'{instances} [Repeat] costs'}, "
            f"and each Repeat cost can be paid only once ({rule('repeat_once_each', version)}), "
            f"so it can't be repeated {costs.repeats} times.",
            rules=(rule("repeat_once_each", version), rule("repeat_instances", version)),
            hint=f"“Alice plays {card.name} with Repeat …”",
        )
    return None


def repeated_text(text: str) -> str:
    """The instructions executed again by Repeat: the spell's text without its "as you play"
    instructions, which were executed as it was played (135.2.b.3)."""
    return _AS_YOU_PLAY.sub("", text).strip("\n")


def has_as_you_play(text: str) -> bool:
    return bool(_AS_YOU_PLAY.search(text))


def repeat_notes(
    card: RbCard, repeats: int, version: str
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What an answer says of a spell played with Repeat: the cost paid, and how it resolves."""
    costs = repeat_costs(card)
    times = "one additional time" if repeats == 1 else f"{repeats} additional times"
    cited = [rule("repeat", version), rule("repeat_executes_again", version)]
    if costs:
        paid = costs[:repeats]
        said = and_list(f"[Repeat] {power_words(c, card)}" for c in paid if c)
        cost = f"Its Repeat cost{'s' if len(paid) > 1 else ''} ({said}) {'is' if len(paid) == 1 else 'are'} paid"
        if len(costs) > 1:
            cited += [rule("repeat_instances", version), rule("repeat_once_each", version)]
    else:
        cost = (
            f"{card.name} has no printed [Repeat]; the bot takes it as given by an effect "
            "(Temporal Portal or The Academy: Repeat equal to its cost; Syndra, Transcendent) "
            "and doesn't check that effect. Its Repeat cost is paid"
        )
    notes = [
        f"{cost} as an additional cost, so its instructions are executed {times} as it resolves "
        f"({rule('repeat', version)}, {rule('repeat_executes_again', version)})."
    ]
    if has_as_you_play(card.text):
        notes.append(
            "Its “as you play” instruction was executed as it was played, and isn't repeated"
            + "".join(f" ({n})" for n in cite_if("as_you_play_not_repeated", version))
            + "."
        )
        cited += cite_if("as_you_play_not_repeated", version)
    return tuple(notes), tuple(cited)
