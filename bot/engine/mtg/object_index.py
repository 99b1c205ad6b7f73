"""A game state's objects by zone and by the names statements use, kept up to date change by
change instead of rebuilt for every new state.

A long game's graveyards hold hundreds of objects; every statement that names an object and
every question about the battlefield would otherwise walk all of them again for each new
state (issue 14: these walks were a fifth of the reducer's time in a 500-action game).  Each
change to a state's objects (``GameState.with_object``, ``add_object``, ``move``) derives the
new state's index from the old one's by the objects it removed and added.  Objects are listed
in id order, which is the order they entered the game.
"""

from __future__ import annotations

import functools
from bisect import bisect_left
from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

from bot.engine.model import GameObject, ObjectKind, Zone

Objects = tuple[GameObject, ...]
Key = TypeVar("Key")


def name_keys(obj: GameObject) -> frozenset[str]:
    """The words a statement may call ``obj`` by: its name (case aside), each half of a split
    card's name (``Fire`` of ``Fire // Ice``), and a token's subtypes (``Zombie``)."""
    return _name_keys(obj.name, obj.subtypes if obj.kind is ObjectKind.TOKEN else frozenset())


@functools.lru_cache(maxsize=4096)
def _name_keys(name: str, token_subtypes: frozenset[str]) -> frozenset[str]:
    # Read once per name: every object that changes is indexed out and in again (issue 14).
    own = name.casefold()
    keys = {own, *token_subtypes}
    if " // " in own:
        keys.update(own.split(" // "))
    return frozenset(keys)


class ObjectIndex:
    """Objects by zone and by name key, each group in id order (an immutable value).

    ``of_battlefield`` holds what was worked out from the battlefield's objects alone (the
    static abilities in play, say), by how: an index whose change left the battlefield's group
    as it was (the same tuple of the same frozen objects) shares it, so a spell moving from the
    stack to a graveyard doesn't read the battlefield's statics again (issue 14)."""

    __slots__ = ("by_name", "by_zone", "of_battlefield")

    def __init__(
        self,
        by_zone: Mapping[Zone, Objects],
        by_name: Mapping[str, Objects],
        of_battlefield: dict[object, object] | None = None,
    ) -> None:
        self.by_zone = by_zone
        self.by_name = by_name
        self.of_battlefield: dict[object, object] = {} if of_battlefield is None else of_battlefield

    @classmethod
    def of(cls, objects: Iterable[GameObject]) -> ObjectIndex:
        by_zone: dict[Zone, list[GameObject]] = {}
        by_name: dict[str, list[GameObject]] = {}
        for obj in sorted(objects, key=lambda o: o.id):
            by_zone.setdefault(obj.zone, []).append(obj)
            for key in name_keys(obj):
                by_name.setdefault(key, []).append(obj)
        return cls(
            {zone: tuple(group) for zone, group in by_zone.items()},
            {key: tuple(group) for key, group in by_name.items()},
        )

    def changed(self, removed: Sequence[GameObject], added: Sequence[GameObject]) -> ObjectIndex:
        """The index after ``removed`` left the objects and ``added`` joined them (an object
        that changed is removed in its old form and added in its new one)."""
        by_zone = dict(self.by_zone)
        by_name = dict(self.by_name)
        if len(removed) == 1 and len(added) == 1:
            old, new = removed[0], added[0]
            keys = name_keys(new)
            if old.id == new.id and old.zone is new.zone and name_keys(old) == keys:
                # An object changed where it is (damage, a counter, tapped): the same places
                # hold it, so each group swaps it in one step (issue 14: most changes).
                _swap(by_zone, new.zone, new)
                for key in keys:
                    _swap(by_name, key, new)
                battlefield = self.of_battlefield if new.zone is not Zone.BATTLEFIELD else None
                return ObjectIndex(by_zone, by_name, battlefield)
        for obj in removed:
            _drop(by_zone, obj.zone, obj.id)
            for key in name_keys(obj):
                _drop(by_name, key, obj.id)
        for obj in added:
            _insert(by_zone, obj.zone, obj)
            for key in name_keys(obj):
                _insert(by_name, key, obj)
        same_battlefield = by_zone.get(Zone.BATTLEFIELD) is self.by_zone.get(Zone.BATTLEFIELD)
        return ObjectIndex(by_zone, by_name, self.of_battlefield if same_battlefield else None)

    def called(self, name: str) -> Objects:
        """The objects ``name`` (already case-folded) is one of the keys of."""
        return self.by_name.get(name, ())


def _drop(groups: dict[Key, Objects], key: Key, object_id: int) -> None:
    group = groups.get(key, ())
    # Found by halving, not by a walk: a long game's graveyards make some groups long.
    at = bisect_left(group, object_id, key=_id)
    if at < len(group) and group[at].id == object_id:
        group = (*group[:at], *group[at + 1 :])
    if group:
        groups[key] = group
    else:
        groups.pop(key, None)


def _swap(groups: dict[Key, Objects], key: Key, obj: GameObject) -> None:
    """Put ``obj`` where the object with its id is in the group (added if it isn't there)."""
    group = groups.get(key, ())
    at = bisect_left(group, obj.id, key=_id)
    if at < len(group) and group[at].id == obj.id:
        groups[key] = (*group[:at], obj, *group[at + 1 :])
    else:
        _insert(groups, key, obj)


def _id(obj: GameObject) -> int:
    return obj.id


def _insert(groups: dict[Key, Objects], key: Key, obj: GameObject) -> None:
    group = groups.get(key, ())
    if not group or group[-1].id < obj.id:
        # The usual case: a new object has the highest id.  (A tuple's own concatenation:
        # a long game's graveyard group is copied once, not through a list.)
        groups[key] = group + (obj,)  # noqa: RUF005 (a third of the star form's time)
        return
    at = bisect_left(group, obj.id, key=_id)
    groups[key] = (*group[:at], obj, *group[at:])
