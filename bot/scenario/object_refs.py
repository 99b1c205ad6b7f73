"""The one object a statement means among those sharing its name, for either game.

An ordinal ("the second Runeclaw Bear", "the last Recruit") picks in game order (by id);
several objects without one are ambiguous, and the answer lists them and shows how to name one;
a zone holding none of them passes the question to the next zone the statement allows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Protocol, TypeVar

from bot.errors import AmbiguousError, NotFoundError

MAX_AMBIGUOUS_LISTED = 10  # the front ends show at most ten suggestions


class Identified(Protocol):
    @property
    def id(self) -> int: ...


Obj = TypeVar("Obj", bound=Identified)


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
                    else f"There are only {len(here)} objects called {name}"
                )
                raise NotFoundError(
                    f"{only}{place}.",
                    suggestions=[f"#{o.id}" for o in here],
                )
            return here[index].id
        if len(here) > 1:
            described = describe(here)
            # The hint's example is one of these objects, never a fixed "#3".
            example, _, _ = described[1].rpartition(" (#")
            raise AmbiguousError(
                f"There are {len(here)} objects called {name}{place}; say which one.",
                suggestions=described[:MAX_AMBIGUOUS_LISTED],
                hint=f"Say “{example}” or use its id, #{here[1].id}.",
            )
        return here[0].id
    return None


def _place(zone: str) -> str:
    """How an answer names ``zone``: on the battlefield or stack, in any other zone; nothing
    for no zone."""
    if not zone:
        return ""
    return f" on the {zone}" if zone in ("battlefield", "stack") else f" in the {zone}"
