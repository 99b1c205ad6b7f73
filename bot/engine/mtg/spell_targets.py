"""“Target spell that targets [something]” (Confound, Rebuff the Wicked): CR 115.9b.

"An object that looks for a “[spell or ability] that targets [something]” checks the current
state of that spell or ability's targets."  The stack entry knows the targets chosen for each
spell (601.2c), so the clause is decided here: a spell with no targets, or none of whose
current targets is what the clause names, is not a legal target (115.1).  Only what the
clause can be read as — "you", "a player", "an opponent" or a plain target phrase ("a
creature", "a permanent you control"), joined by "or" — is decided; anything else ("that
targets ~", "that targets only ...") is left to the callers that handle it or kept unchecked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.engine.model import GameObject, TargetContext, Zone
from bot.engine.mtg.phrase_target import description_from
from bot.engine.mtg.state import GameState
from bot.engine.patterns import remembered

_THAT_TARGETS = remembered(
    re.compile(
        r"\bthat targets (?!only\b)(?P<what>[a-z ']+?)(?=[.,;]| or (?:ability|spell)\b|$)",
        re.IGNORECASE,
    )
)
_PLAYERS = {"you": "you", "a player": "player", "an opponent": "opponent"}
_ARTICLE = re.compile(r"^(?:a|an|one or more) ", re.IGNORECASE)


@dataclass(frozen=True)
class TargetsClause:
    """The clause's words and the alternatives it names, each a player word or a phrase."""

    words: str
    alternatives: tuple[str, ...]


def targets_clause(text: str) -> TargetsClause | None:
    """The "that targets [X]" clause of a slot's ``text`` when every alternative of X can be
    checked against a target, else None."""
    found = _THAT_TARGETS.search(text)
    if found is None:
        return None
    what = found["what"].strip().lower()
    alternatives = tuple(part.strip() for part in re.split(r",? or |, ", what) if part.strip())
    if not alternatives or not all(_readable(part) for part in alternatives):
        return None
    return TargetsClause(found.group(0).strip(), alternatives)


def _readable(part: str) -> bool:
    if part in _PLAYERS:
        return True
    if not _ARTICLE.match(part):
        return False
    description = description_from(f"target {_ARTICLE.sub('', part)}")
    return description is not None and not description.unchecked


def targets_clause_problem(
    state: GameState, ctx: TargetContext, text: str, obj: GameObject
) -> str | None:
    """Why spell or ability ``obj`` on the stack doesn't fit the "that targets [X]" clause of
    ``text`` (its current targets, CR 115.9b), or None when it does or the clause isn't read."""
    clause = targets_clause(text)
    if clause is None or obj.zone is not Zone.STACK:
        return None
    entry = state.stack_entry_or_none(obj.id)
    refs = (
        list(dict.fromkeys(ref for chosen in entry.targets for ref in chosen.refs)) if entry else []
    )
    if not refs:
        return f"{obj.name} has no targets, so it isn't a spell “{clause.words}” (115.9b)."
    if any(_fits(state, ctx, part, ref) for part in clause.alternatives for ref in refs):
        return None
    named = ", ".join(state.label(ref) for ref in refs)
    return (
        f"{obj.name} targets {named}, not what “{clause.words}” names; it checks the "
        f"spell's current targets (115.9b)."
    )


def _fits(state: GameState, ctx: TargetContext, part: str, ref: object) -> bool:
    if isinstance(ref, str):
        kind = _PLAYERS.get(part)
        if kind is None or not state.has_player(ref):
            return False
        is_you = ref.casefold() == ctx.controller.casefold()
        return kind == "player" or (kind == "you") == is_you
    if part in _PLAYERS or not isinstance(ref, int):
        return False
    target = state.objects.get(ref)
    description = description_from(f"target {_ARTICLE.sub('', part)}")
    if target is None or target.phased_out or description is None:
        return False
    return target.zone in description.zones and description.matches(target, ctx)
