"""The one object a statement means among those sharing its name, for either game.

An ordinal ("the second Runeclaw Bear", "the last Recruit") picks in game order (by id);
several objects without one are ambiguous, and the answer lists them and shows how to name one;
a zone holding none of them passes the question to the next zone the statement allows.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol, TypeVar

from rapidfuzz.distance import OSA

from bot.engine.errors import EngineError
from bot.errors import AmbiguousError, NotFoundError, UserError
from bot.scenario import ast

MAX_AMBIGUOUS_LISTED = 10  # the front ends show at most ten suggestions


class Identified(Protocol):
    @property
    def id(self) -> int: ...


Obj = TypeVar("Obj", bound=Identified)


class Controlled(Protocol):
    @property
    def controller(self) -> str: ...


Held = TypeVar("Held", bound=Controlled)


def player_name(ref: ast.PlayerRef, speaker: str) -> str:
    """The name a statement gives a player ("I" is the speaker), without a leading "@"."""
    if ref.is_speaker and not speaker.strip():
        # No one speaks as a player (the console without --user): "I" must not make one up.
        raise EngineError(
            "“I” (“me”, “my”) names no player here: you aren't speaking as one of the players.",
            hint="Name the player instead (“Alice's Runeclaw Bear”).",
        )
    raw = speaker if ref.is_speaker else ref.name
    return raw.strip().removeprefix("@") or raw


def display_name(name: str) -> str:
    """How a player first named in lower case is shown: "alice" -> "Alice"."""
    return name[:1].upper() + name[1:] if name.islower() else name


def new_player_refusal(
    word: str,
    players: Sequence[str],
    objects: Sequence[str],
    example: str = "Carol has 20 life.",
    speaker: str = "",
) -> UserError | None:
    """Why a one-word target or subject that names nothing in the game is not taken as a new
    player, or None when it may be one ("Carol").  A lower-case word ("bear", "face"), an
    abbreviation ("JTMS") or a slip of a player's name ("Bbo") made up a player silently, and
    the spell was then answered as legal against someone who isn't playing (found by QA 10).
    The ``speaker``'s own name always may."""
    if speaker and word.casefold() == speaker.strip().removeprefix("@").casefold():
        return None  # the speaker's own name ("alice" as a user) may always join
    close = [p for p in players if OSA.distance(word.casefold(), p.casefold()) <= 1]
    if close:
        return NotFoundError(
            f"There is no player or object called “{word}” in the game.",
            suggestions=close,
            hint=_new_player_hint(players, objects, example),
        )
    lower, capitals = word[:1].islower(), len(word) > 1 and word.isupper()
    if lower or capitals:
        why = "a name starts with a capital letter" if lower else "it reads as an abbreviation"
        return NotFoundError(
            f"Nothing in the game is called “{word}”, and it doesn't read as a new player's "
            f"name ({why}).",
            hint=_new_player_hint(players, objects, example),
        )
    return None


def _new_player_hint(players: Sequence[str], objects: Sequence[str], example: str) -> str:
    listed = list(dict.fromkeys(objects))[:MAX_AMBIGUOUS_LISTED]
    return (
        f"Players: {', '.join(players) or 'none yet'}. Objects: {', '.join(listed) or 'none'}. "
        f"To add a player, name them first, e.g. “{example}”"
    )


def only_opponent(players: Sequence[str], ref: ast.PlayerRef, rule: str = "") -> str:
    """ "opponent": the other player of a two-player game (CR 102.2, Riftbound likewise);
    ``rule`` is cited in the refusal when it is not clear ("" cites none). Whose opponent it is
    (``ref.opponent_of``: the speaker, or the player acting) decides: one not yet in the game,
    or whose opponent isn't named yet, is asked about, never guessed (QA 49 U6)."""
    whose = (ref.opponent_of or "").removeprefix("@")
    me = whose.casefold()
    others = [p for p in players if p.casefold() != me]
    if len(players) == 2 and len(others) == 1:
        return others[0]
    cite = f" ({rule})" if rule else ""
    if me in ("", "me"):
        # The parser's word for no speaker (the console without --user): no one's opponent.
        who = (
            f" ({' and '.join(players)} {'is' if len(players) == 1 else 'are'})" if players else ""
        )
        raise EngineError(
            f"“opponent” names no player here: it means your opponent, and you aren't speaking "
            f"as one of the players{who}.",
            hint=f"Name the player instead, e.g. “{_other_name(players, '')}”, or say who you "
            f"are: in the console, `--user {players[0] if players else 'Alice'}`.",
        )
    if len(others) == len(players) and players and len(players) <= 2:
        # The speaker (a judge describing a game) or the acting player isn't one of its
        # players: their opponent isn't one of those who are (QA 49 U6: don't guess).
        are = "is" if len(players) == 1 else "are"
        raise EngineError(
            f"“opponent” here means {whose}'s opponent, and {whose} isn't a player in this "
            f"game ({' and '.join(players)} {are}).",
            hint=f"Name the player instead, e.g. “{_other_name(players, whose)}”.",
        )
    if len(others) == 0:
        # Only the speaker (or acting player) is named, or no one: their opponent has no name
        # yet (QA 49 U6: "Name the player, e.g. Bob" said to Bob).
        example = _other_name((), whose)
        raise EngineError(
            f"“opponent” here means {whose}'s opponent, who isn't named in this game yet, so "
            "the bot doesn't know who that is.",
            hint=f"Name the player instead, e.g. “{example}”; once both players are named, "
            "“opponent” means the other one.",
        )
    raise EngineError(
        f"“opponent” is only clear in a two-player game{cite}: this one has "
        f"{len(players)} players ({', '.join(players)}).",
        hint=f"Name the player instead, e.g. “{_other_name(others, whose)}”.",
    )


def _other_name(players: Sequence[str], whose: str) -> str:
    """A player name for an example: one of ``players`` other than ``whose``, else Bob (Alice
    when ``whose`` is Bob)."""
    other = next((p for p in players if p.casefold() != whose.casefold()), None)
    return other or ("Alice" if whose.casefold() == "bob" else "Bob")


def named_objects(
    ref: ast.ObjectRef,
    speaker: str,
    named: Callable[[str], list[Held]],
    canonical: Callable[[str], str | None],
    opponent: Callable[[ast.PlayerRef], str],
    names_in_game: Callable[[], Iterable[str]] = tuple,
) -> list[Held]:
    """The objects ``ref`` names, in either game: those called its name (else without a
    leading "the", else the card's full name, for a shortened or misspelled one, else the
    one name in the game it is the first part of: "Teferi" for Teferi, Time Raveler), of the
    controller it names if any."""
    matches = named(ref.name)
    # "The Zombie token dies.", "targeting a Soldier": an article, unless a card's name starts
    # with it (The Ur-Dragon), which the exact name above has already found.
    bare = _without_article(ref.name)
    if not matches and bare != ref.name:
        matches = named(bare)
    if not matches:
        # "Teferi" for Teferi, Time Raveler: every name in the game it may stand for (two
        # Teferis, or Jace Beleren beside Jace, the Mind Sculptor, make it ambiguous).
        for titled in _titled_names(bare, names_in_game()):
            matches = [*matches, *named(titled)]
    if not matches and (full := canonical(bare)):
        matches = named(full)
    if not matches and " " not in bare.strip():
        # "the bear", "Alice's bear" (found by QA 10: bare "bear" found Runeclaw Bear, these
        # didn't): every name in the game with that word (or its plural) in it.
        for name in _names_with_word(bare, names_in_game()):
            matches = [*matches, *named(name)]
    if ref.controller is None:
        return matches
    if ref.controller.is_opponent:
        controller = opponent(ref.controller)
    else:
        controller = player_name(ref.controller, speaker)
    key = controller.removeprefix("@").casefold()
    return [o for o in matches if o.controller.casefold() == key]


_ARTICLE = re.compile(r"^(?:the|an?)\s+", re.IGNORECASE)


@functools.lru_cache(maxsize=1024)
def _without_article(name: str) -> str:
    """``name`` without a leading article (every object a statement names asks: issue 14)."""
    return _ARTICLE.sub("", name)


def _has_word(word: str, name: str) -> bool:
    """Whether ``word`` (or its plural) is one of the words of ``name`` ("Bear" in Runeclaw
    Bear and in Grizzly Bears, "Poro" in Stalwart Poro)."""
    forms = {word.casefold(), word.casefold() + "s", word.casefold() + "es"}
    return not forms.isdisjoint(re.findall(r"[\w'-]+", name.casefold()))


def _names_with_word(word: str, names: Iterable[str]) -> list[str]:
    """The names in the game that have ``word`` (or its plural) as one of their words."""
    return sorted({n for n in names if _has_word(word, n)})


class Named(Protocol):
    @property
    def id(self) -> int: ...

    @property
    def name(self) -> str: ...


NamedObj = TypeVar("NamedObj", bound=Named)


def one_called_in_part(
    word: str, objects: Iterable[NamedObj], describe: Callable[[NamedObj], str]
) -> NamedObj | None:
    """The one object among ``objects`` (a game's board and stack or chain) that ``word`` is
    one word of the name of, for a one-word reference that names nothing in full ("targeting
    Bear" with Runeclaw Bear, "targeting Poro" with Stalwart Poro), in either game; None if
    none is; an error listing them (``describe``) if several are."""
    partial = [obj for obj in objects if _has_word(word, obj.name)]
    if len(partial) > 1:
        # "Iymrith" with Iymrith, Desert Doom and its ward trigger on the stack: an ability is
        # named after its source ("Iymrith, Desert Doom's ward trigger"), so the word means the
        # source (QA 50 U2); the ability is named by "... 's trigger".
        names = {obj.name for obj in partial}
        partial = [
            obj
            for obj in partial
            if not any(obj.name.startswith(f"{other}'s") for other in names if other != obj.name)
        ]
    if len(partial) > 1:
        listed = ", ".join(f"{describe(o)} (#{o.id})" for o in partial[:5])
        raise NotFoundError(
            f"“{word}” could be any of {listed}.",
            hint="Name the one you mean in full, or by its #id.",
        )
    return partial[0] if partial else None


def _titled_names(short: str, names: Iterable[str]) -> list[str]:
    """The names in the game a judge may mean by the first part of a legendary card's name
    ("Teferi" for Teferi, Time Raveler): none unless one has that part before its comma; then
    also any other that starts with the word ("Jace Beleren" beside "Jace, the Mind
    Sculptor"), so the answer asks which."""
    key = short.strip().casefold()
    names = set(names)
    # An ability on the stack is named after its source ("Teferi, Time Raveler's ability").
    names = {n for n in names if not any(n.startswith(f"{m}'s") for m in names if m != n)}
    titled = [n for n in names if "," in n and n.split(",")[0].casefold() == key]
    if not titled:
        return []
    spaced = [n for n in names if n.casefold().startswith(key + " ") and n not in titled]
    return sorted({*titled, *spaced})


def pick_named(
    groups: Iterable[tuple[str, Sequence[Obj]]],
    name: str,
    ordinal: int | None,
    describe: Callable[[list[Obj]], list[str]],
) -> int | None:
    """The id of the object ``name`` (with ``ordinal``, 1-based, negative from the end) means.

    ``groups`` are the candidates zone by zone, in the order the statement allows them, each
    with how the answer names its zone ("battlefield"; "" to name none).  ``describe`` gives
    each candidate's description ending in `` (#id)``, for an ambiguous answer.  None when no
    group holds a candidate.
    """
    for where, members in groups:
        here = sorted(members, key=lambda o: o.id)
        if not here:
            continue
        place = _place(where)
        if ordinal is not None:
            index = ordinal - 1 if ordinal > 0 else ordinal
            if not -len(here) <= index < len(here):
                only = (
                    f"There is only one {name}"
                    if len(here) == 1
                    else f"There are only {len(here)} {_objects_called(name)}"
                )
                raise NotFoundError(
                    f"{only}{place}.",
                    suggestions=[f"#{o.id}" for o in here],
                )
            return here[index].id
        if len(here) > 1:
            described = describe(here)
            example = _example_wording(described, name)
            raise AmbiguousError(
                f"There are {len(here)} {_objects_called(name)}{place}; say which one.",
                suggestions=described[:MAX_AMBIGUOUS_LISTED],
                hint=f"Say “{example}” or use its id, #{here[1].id}.",
            )
        return here[0].id
    return None


def _example_wording(described: Sequence[str], name: str) -> str:
    """How a statement names the second of several objects, in words that pick it alone.

    The example is one of these objects, never a fixed "#3". A description is cut after the
    object's name, as statements name an object ("Alice's Recruit", not "Alice's Recruit at
    Targon's Peak", which no statement reads); when that wording fits another of them too (two
    Recruits of Alice's), an ordinal sets it apart ("Alice's second Recruit"), counted among
    those that share the wording, as the statement counts them (QA 48 M6)."""
    wordings = [_up_to_name(text.rpartition(" (#")[0], name) for text in described]
    example = wordings[1]
    sharing = wordings.count(example)
    if sharing == 1:
        return example
    at = example.casefold().rfind(_without_article(name).casefold())
    ordinal = "second" if wordings[0] == example else "first"
    return f"{example[:at]}{ordinal} {example[at:]}" if at >= 0 else f"the {ordinal} {name}"


def _up_to_name(text: str, name: str) -> str:
    at = text.casefold().find(_without_article(name).casefold())
    return text if at < 0 else text[: at + len(_without_article(name))]


def _objects_called(name: str) -> str:
    """How an ambiguous answer names what ``name`` matched: "copies" for "the copy" (Clone
    copies and spell copies, CR 707.2, 707.10), else "objects called NAME"."""
    return "copies" if _without_article(name).casefold() == "copy" else f"objects called {name}"


def _place(zone: str) -> str:
    """How an answer names ``zone``: on the battlefield or stack, in any other zone; nothing
    for no zone."""
    if not zone:
        return ""
    return f" on the {zone}" if zone in ("battlefield", "stack") else f" in the {zone}"
