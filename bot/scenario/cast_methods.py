"""Ways of casting a spell named in a statement: evoke, foretell, plot, suspend, escape,
jump-start, offspring, convoke, delve, "without paying its mana cost" and pitch costs such as
"by exiling a blue card" (QA 13 #8).

None of them changes what the spell can target: the targets are chosen before the costs are
paid (CR 601.2b, 601.2c, 601.2h), and an alternative cost changes only what is paid (118.9,
118.9c).  The bot checks that the card has the keyword, that at most one alternative cost is
applied (118.9a), says how the spell was cast, and is plain about what it doesn't model (the
cards exiled or tapped to pay, evoke's sacrifice trigger, offspring's token).  A spell cast
with jump-start is exiled whenever it leaves the stack, as flashback's is (702.133a).
"""

from __future__ import annotations

import re
from dataclasses import replace

from bot.engine.cards import CardData
from bot.engine.model import Zone
from bot.engine.mtg.casting import additional_cost_choice
from bot.engine.mtg.state import printed_keywords
from bot.engine.verdict import Verdict, VerdictKind, merge_rules
from bot.scenario.ast import CAST_METHODS, Choices

# How each method is said after the spell's name ("Alice casts Fury for its evoke cost").
_SAID = {
    "evoke": "for its evoke cost",
    "foretell": "from exile for its foretell cost",
    "plot": "from exile as a plotted card, without paying its mana cost",
    "suspend": "from exile with suspend, without paying its mana cost",
    "escape": "from a graveyard for its escape cost",
    "jump-start": "from a graveyard with jump-start, discarding a card as an additional cost",
    "offspring": "with its offspring cost paid",
    "convoke": "with convoke",
    "delve": "with delve",
    "free": "without paying its mana cost",
}
# Methods that are an alternative cost (118.9); plot and suspend cast it "without paying its
# mana cost", the same cost as "free" said alongside them.
_ALTERNATIVE = {"evoke": "evoke", "foretell": "foretell", "escape": "escape", "pitch": "pitch"}
_FREE = {"free", "plot", "suspend"}
# What the bot leaves out, said plainly.
_NOT_MODELLED = {
    "escape": "The bot doesn't model “escapes with” counters (702.138c).",
}


# Pitch costs the bot pays itself: life (CR 119.4) and the permanents sacrificed (701.21a).
_PAID_BY_THE_BOT = re.compile(r"paying \d+ life|sacrificing .+", re.IGNORECASE)


def said(method: str, choices: Choices) -> str:
    if method == "additional choice":
        return f"by {choices.cost_text} as its additional cost"
    if method == "pitch":
        if not choices.cost_text:
            return "for its alternative cost, rather than paying its mana cost"
        return f"by {choices.cost_text} rather than paying its mana cost"
    text = _SAID[method]
    if choices.cost_text and method in ("convoke", "delve") and "pitch" not in choices.methods:
        text += f", {choices.cost_text}"
    return text


def _has_keyword(card: CardData, keyword: str) -> bool:
    cards = [card, *card.faces]
    return any(
        any(k.startswith(keyword) for k in printed_keywords(c))
        or any(k.lower().startswith(keyword) for k in c.keywords)
        for c in cards
    )


def _has_alternative_cost(card: CardData) -> bool:
    text = " ".join(c.oracle_text for c in (card, *card.faces)).lower()
    return "rather than pay" in text or "without paying" in text


def as_additional_choice(card: CardData, choices: Choices) -> Choices:
    """``choices`` with "by paying 5 life" read as the choice an additional cost offers (Final
    Payment: "pay 5 life or sacrifice a creature or enchantment", CR 601.2f) when the card has
    no alternative cost for it to be."""
    if (
        "pitch" not in choices.methods
        or _has_alternative_cost(card)
        or additional_cost_choice(card.oracle_text) is None
    ):
        return choices
    methods = tuple("additional choice" if m == "pitch" else m for m in choices.methods)
    return replace(choices, methods=methods)


def refusal(card: CardData, choices: Choices) -> Verdict | None:
    """Why ``card`` can't be cast the way ``choices`` say, or None."""
    for method in choices.methods:
        rule = CAST_METHODS[method]
        if method == "pitch":
            if not _has_alternative_cost(card):
                return Verdict(
                    VerdictKind.ILLEGAL,
                    f"{card.name} has no alternative cost, so it can't be cast "
                    f"{said(method, choices)} (118.9, 601.2b).",
                    ("118.9", "601.2b"),
                )
        elif method in _SAID and method != "free" and not _has_keyword(card, method):
            return Verdict(
                VerdictKind.ILLEGAL,
                f"{card.name} has no {method}, so it can't be cast {_SAID[method]} ({rule}).",
                (rule,),
            )
    costs = [_ALTERNATIVE[m] for m in choices.methods if m in _ALTERNATIVE]
    if any(m in _FREE for m in choices.methods):
        costs.append("without paying its mana cost")
    if choices.flashback:
        costs.append("flashback")
    if choices.overload:
        costs.append("overload")
    if choices.alternative:
        costs.append(choices.alternative)
    if len(costs) > 1:
        return Verdict(
            VerdictKind.ILLEGAL,
            f"Only one alternative cost can be applied to a spell: {card.name} can't be cast "
            f"both with {costs[0]} and {costs[1]} (118.9a, 601.2b).",
            ("118.9a", "601.2b"),
        )
    return None


def explained(verdict: Verdict, name: str, choices: Choices) -> Verdict:
    """A legal cast's verdict with how it was cast (said right after the spell's name, as
    kicker is), and what the bot doesn't model of that."""
    if not verdict.ok or not (choices.methods or (choices.from_zone and not choices.flashback)):
        return verdict
    methods = [
        m for m in choices.methods if not (m == "free" and _FREE & set(choices.methods) - {"free"})
    ]
    rules = tuple(CAST_METHODS[m] for m in methods)
    if methods:
        how = " and ".join(said(m, choices) for m in methods) + f" ({', '.join(rules)})"
    else:
        how = f"from {_zone(choices.from_zone)}"
    reason = verdict.reason
    said_at = reason.find(f"casts {name}")
    if said_at >= 0:
        at = said_at + len(f"casts {name}")
        reason = f"{reason[:at]} {how}{reason[at:]}"
        how = ""
    notes = [
        (f"{name} is cast {how}: h" if how else "H")
        + "ow a spell is paid for doesn't change what it can target, so its targets are "
        "checked as usual (601.2b, 601.2c)."
    ]
    if (
        choices.from_zone
        and choices.from_zone != "hand"
        and not choices.flashback
        and not (_FROM_GRAVEYARD | _FROM_EXILE) & set(methods)
    ):
        notes.append(
            f"The bot doesn't check what lets it be cast from {_zone(choices.from_zone)}, "
            "nor pay the costs themselves (cards exiled, tapped or discarded)."
        )
    elif any(m in ("delve", "evoke", "escape", "jump-start") for m in methods) or (
        ("convoke" in methods and not choices.tapped)
        or ("pitch" in methods and not _PAID_BY_THE_BOT.fullmatch(choices.cost_text))
    ):
        notes.append("The bot doesn't pay the cost itself (the cards exiled, tapped or discarded).")
    notes.extend(_NOT_MODELLED[m] for m in methods if m in _NOT_MODELLED)
    return replace(
        verdict,
        reason=reason,
        rules=merge_rules(verdict.rules, rules, ("601.2b",)),
        notes=(*verdict.notes, *notes),
    )


def on_entering(name: str, controller: str, methods: tuple[str, ...]) -> tuple[str, ...]:
    """What a permanent cast with evoke or offspring also triggers as it enters, which the bot
    doesn't put on the stack (702.74a, 702.175a)."""
    notes: list[str] = []
    if "evoke" in methods:
        notes.append(
            f"Its evoke cost was paid, so its evoke trigger also triggers: “When this permanent "
            f"enters, if its evoke cost was paid, its controller sacrifices it.” (702.74a). "
            f"{controller} puts it on the stack with {name}'s other enters triggers in any order "
            f"(603.3b). The bot doesn't put the sacrifice trigger on the stack: say “{controller} "
            f"sacrifices {name}.” when it resolves."
        )
    if "offspring" in methods:
        notes.append(
            f"Its offspring cost was paid, so it also triggers: “create a token that's a copy of "
            f"it, except it's 1/1” (702.175a). The bot doesn't create the offspring token: say "
            f"“{controller} controls a 1/1 {name} token.” if it matters."
        )
    return tuple(notes)


_FROM_GRAVEYARD = {"escape", "jump-start"}
_FROM_EXILE = {"foretell", "plot", "suspend"}


def zone_cast_from(choices: Choices) -> Zone | None:
    """The zone the card is cast from, when not the hand: said ("from exile") or implied by
    the method (escape and jump-start: a graveyard; foretell, plot, suspend: exile)."""
    if choices.from_zone == "graveyard" or _FROM_GRAVEYARD & set(choices.methods):
        return Zone.GRAVEYARD
    if choices.from_zone == "exile" or _FROM_EXILE & set(choices.methods):
        return Zone.EXILE
    return None


def _zone(zone: str) -> str:
    return "exile" if zone == "exile" else f"a {zone}"
