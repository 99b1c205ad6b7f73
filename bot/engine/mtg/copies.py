"""Copies of permanents (CR 707): Clone, Phantasmal Image and Spark Double entering as a copy
of a creature, and Cytoshape's "becomes a copy".

A copy takes the copiable values of what it copies (707.2): what is printed on it, changed only
by other copy effects (707.3: a copy of a Clone copying Troll Ascetic is a Troll Ascetic) and
by the exceptions of those copy effects (707.9b), but not its counters, its status, or other
effects that changed it (a Giant Growth, an Aura's grant). The values a copy has are kept in
``GameState.copies`` so that a copy of the copy sees them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from bot.engine.errors import EngineError
from bot.engine.frozen import evolve
from bot.engine.model import GameObject, Zone, removed_from_combat
from bot.engine.mtg.state import GameState, object_from_card
from bot.engine.mtg.statics import as_seen

# "You may have this creature enter as a copy of any creature on the battlefield, except ..."
# (Clone, Phantasmal Image, Spark Double; older wordings name the card or say "the battlefield").
ENTERS_AS_COPY = re.compile(
    r"you may have (?:this \w+|[^.\n]+?) enter(?: the battlefield)? as a copy of "
    r"(?P<what>[^,.\n]+?)(?:, except (?P<except>[^\n]+?))?\.?$",
    re.IGNORECASE | re.MULTILINE,
)

# The exceptions of a copy effect the bot applies (707.9b: they become copiable values too).
_ADDED_TYPE = re.compile(r"it's an? (?P<type>[A-Z][\w-]*) in addition to its other types")
_ADDED_ABILITY = re.compile(r'it has "(?P<ability>[^"]+)"')
_NAME_IS = re.compile(r"its name is (?P<name>[^,]+?)(?=,| and |$)")
_LEGENDARY = re.compile(r"it's legendary in addition to its other types")
_NOT_LEGENDARY = re.compile(r"it isn't legendary")
_EXTRA_COUNTER = re.compile(
    r"it enters with an additional (?P<kind>\+1/\+1|loyalty) counter on it if it's an? "
    r"(?P<type>creature|planeswalker)"
)
_CONNECTORS = re.compile(r"^[\s,.]*(?:and)?[\s,.]*$")


@dataclass(frozen=True)
class CopyChoice:
    """What a permanent entering as a copy may copy: its text's "any creature on the
    battlefield" read as card types, whether it must be its controller's, and nonlegendary."""

    what: str
    types: frozenset[str]
    yours: bool
    nonlegendary: bool
    exceptions: str

    def allows(self, state: GameState, candidate: GameObject, controller: str) -> str | None:
        """Why ``candidate`` can't be chosen (None when it can)."""
        if candidate.zone is not Zone.BATTLEFIELD:
            return f"{state.label(candidate.id)} isn't on the battlefield"
        # "Any creature on the battlefield" is one by its characteristics now (Opalescence's
        # Glorious Anthem is one); only its copiable values are then copied (707.2).
        candidate = as_seen(state, candidate)
        if self.types and not (candidate.card_types & self.types):
            return f"{state.label(candidate.id)} isn't {_a_or(self.types)}"
        if self.yours and candidate.controller != controller:
            return f"{controller} doesn't control {state.label(candidate.id)}"
        if self.nonlegendary and "legendary" in candidate.supertypes:
            return f"{state.label(candidate.id)} is legendary"
        return None


def _a_or(types: frozenset[str]) -> str:
    words = sorted(types)
    said = " or ".join(words)
    return ("an " if said[0] in "aeiou" else "a ") + said


def copy_choice(text: str) -> CopyChoice | None:
    """The "enter as a copy of ..." choice the text offers, or None."""
    found = ENTERS_AS_COPY.search(text)
    if found is None:
        return None
    what = found["what"].lower()
    types = frozenset(
        word
        for word in ("creature", "artifact", "enchantment", "land", "planeswalker")
        if re.search(rf"\b{word}s?\b", what)
    )
    return CopyChoice(
        what=found["what"],
        types=types,
        yours="you control" in what,
        nonlegendary="nonlegendary" in what,
        exceptions=found["except"] or "",
    )


def copiable_values(state: GameState, object_id: int) -> GameObject:
    """CR 707.2: the printed values of the object, as other copy effects changed them (707.3);
    a token's are those its creating effect gave it (111.3, Clone's ruling); a face-down
    permanent's are a nameless 2/2 creature with no text (708.2a, Cytoshape's ruling)."""
    if object_id in state.copies:
        return state.copies[object_id]
    obj = state.obj(object_id)
    if obj.face_down:
        return GameObject(
            id=0, name="", owner=obj.owner, controller=obj.controller,
            card_types=frozenset({"creature"}), power=2, toughness=2,
        )  # fmt: skip
    card = state.cards.get(object_id)
    if card is None:
        return removed_from_combat(evolve(obj, counters={}, damage=0, tapped=False))
    face = card.outside_stack()
    return object_from_card(0, face, owner=obj.owner, controller=obj.controller, zone=obj.zone)


def with_exceptions(values: GameObject, exceptions: str) -> tuple[GameObject, dict[str, int], str]:
    """The copiable values with a copy effect's exceptions (CR 707.9b), the counters it enters
    with because of them (Spark Double), and the part of the exceptions the bot didn't apply."""
    rest = exceptions
    counters: dict[str, int] = {}
    if found := _NAME_IS.search(exceptions):
        values = evolve(values, name=found["name"].strip())
        rest = rest.replace(found.group(0), "")
    for found in _ADDED_TYPE.finditer(exceptions):
        values = evolve(values, subtypes=values.subtypes | {found["type"].lower()})
        rest = rest.replace(found.group(0), "")
    for found in _ADDED_ABILITY.finditer(exceptions):
        text = "\n".join(filter(None, (values.oracle_text, found["ability"])))
        values = evolve(values, oracle_text=text)
        rest = rest.replace(found.group(0), "")
    if found := _LEGENDARY.search(exceptions):
        values = evolve(values, supertypes=values.supertypes | {"legendary"})
        rest = rest.replace(found.group(0), "")
    if found := _NOT_LEGENDARY.search(exceptions):
        values = evolve(values, supertypes=values.supertypes - {"legendary"})
        rest = rest.replace(found.group(0), "")
    for found in _EXTRA_COUNTER.finditer(exceptions):
        if found["type"] in values.card_types:
            counters[found["kind"]] = counters.get(found["kind"], 0) + 1
        rest = rest.replace(found.group(0), "")
    left = "" if _CONNECTORS.match(rest) else rest.strip(" ,.")
    return values, counters, left


def become_copy(
    state: GameState,
    object_id: int,
    original_id: int,
    *,
    exceptions: str = "",
    keep_effects: bool = False,
) -> tuple[GameState, list[str]]:
    """``object_id`` becomes a copy of ``original_id`` (CR 707.2, 613.2a: layer 1). Entering
    as a copy (Clone), nothing else applies to it yet; with ``keep_effects`` (Cytoshape), the
    effects that already applied to it still do (Cytoshape's ruling: a Giant Growth'd creature
    becoming a Grizzly Bears is a 5/5). Returns the state and notes on what wasn't applied."""
    target = state.obj(object_id)
    values, counters, left = with_exceptions(copiable_values(state, original_id), exceptions)
    notes: list[str] = []
    if left:
        notes.append(f"the copy's exception “{left}” isn't applied by the bot")
    power, toughness, keywords = values.power, values.toughness, values.keywords
    if keep_effects:
        base = copiable_values(state, object_id)
        if values.power is not None and target.power is not None and base.power is not None:
            power = values.power + target.power - base.power
        if (
            values.toughness is not None
            and target.toughness is not None
            and base.toughness is not None
        ):
            toughness = values.toughness + target.toughness - base.toughness
        keywords = keywords | (target.keywords - base.keywords)
    copied = evolve(
        target,
        name=values.name,
        card_types=values.card_types,
        subtypes=values.subtypes,
        supertypes=values.supertypes,
        colors=values.colors,
        mana_value=values.mana_value,
        power=power,
        toughness=toughness,
        loyalty=values.loyalty,
        defense=values.defense,
        keywords=keywords,
        oracle_text=values.oracle_text,
        counters=_added(target.counters, counters),
    )
    return state.with_object(copied).with_copy(object_id, values), notes


def _added(counters: Mapping[str, int], more: Mapping[str, int]) -> Mapping[str, int]:
    if not more:
        return counters
    total = dict(counters)
    for kind, count in more.items():
        total[kind] = total.get(kind, 0) + count
    return total


def refuse_copy_choice(
    state: GameState, choice: CopyChoice, copy_of: int, controller: str, name: str
) -> None:
    """The creature named to copy must be one the text allows (Clone's ruling: it is chosen
    as Clone enters, among what is already on the battlefield; it isn't targeted)."""
    candidate = state.objects.get(copy_of)
    if candidate is None:
        raise EngineError(f"There is no object #{copy_of} to copy.")
    why = choice.allows(state, candidate, controller)
    if why is not None:
        raise EngineError(
            f"{name} can enter as a copy of {choice.what} only, and {why} (707.2).",
            hint=f"Name one that is, or say “{name} resolves copying nothing.”",
        )
