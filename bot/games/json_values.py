"""Frozen dataclasses to JSON and back, led by their type hints, for game snapshots.

A snapshot is data in a database file, so reading one must never run code: only the
dataclasses named when the codec is made can come back, built with their own constructors from
plain JSON values.  What the hints allow:

- ``None``, ``bool``, ``int``, ``float``, ``str``; enums (by value);
- ``tuple[X, ...]``, ``tuple[A, B]``, ``frozenset[X]`` (lists), ``Mapping[K, V]`` (a list of
  ``[key, value]`` pairs, so integer keys stay integers);
- unions (``int | str``, ``X | None``); a field typed by a protocol or a union of several
  dataclasses carries the class name (``"$t"``);
- the registered dataclasses, as objects of their fields; fields equal to their default are
  left out.

Objects of the ``shared`` classes that occur several times (the same game state in every step
of a cast in progress) are written once and referred to by number (``"$r"``).

The encoded form of each object of a ``memoized`` class is remembered by identity, so a
snapshot of a long game costs what changed since the last one, not the whole game again: game
states share their unchanged objects, which are frozen.  A memoized class must not hold shared
objects (their encoding depends on the snapshot being written).

The fields named ``first`` for a class are written first in its objects: a mapping of plain keys
to shared objects encoded before any shared object is numbered (a game's cards) has a text that
depends on it alone, which the next snapshot reuses for the items it still has.

A mapping whose values are of a ``lazy`` class is read as a ``LazyMapping``: each value is
decoded when it is first asked for, and written back as it was read if it never was.  The same
rule as for memoized classes applies.
"""

from __future__ import annotations

import dataclasses
import enum
import threading
import types
import typing
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

import orjson

Encoder = Callable[[Any, "_Context"], Any]
DefaultTest = Callable[[Any], bool]
Decoder = Callable[[Any, "_Context"], Any]

_MISSING = dataclasses.MISSING


class SnapshotFormatError(ValueError):
    """The JSON doesn't describe a value of the expected shape."""


class _Context:
    """Identity sharing within one ``dumps`` or ``loads`` call."""

    def __init__(self, pieces: list[bytes] | None = None) -> None:
        self.seen: dict[int, int] = {}
        self.table: list[Any] = []
        self.keep: list[Any] = []  # keeps encoded objects alive so ids stay unique
        # JSON text written ahead (a long game's mappings of memoized objects), which the
        # encoded tree names by placeholder; None: encode everything as a tree.
        self.pieces = pieces


class DataclassJson:
    """Encodes and decodes values of ``root`` built from the ``classes`` dataclasses."""

    MEMO_LIMIT = 200_000  # encoded objects remembered, across every game of the process

    def __init__(
        self,
        root: type,
        classes: Iterable[type],
        *,
        shared: Iterable[type] = (),
        memoized: Iterable[type] = (),
        lazy: Iterable[type] = (),
        first: Mapping[type, Iterable[str]] | None = None,
    ):
        self._classes: dict[str, type] = {}
        for cls in (root, *classes):
            if not dataclasses.is_dataclass(cls):
                raise TypeError(f"{cls!r} is not a dataclass")
            if self._classes.setdefault(cls.__name__, cls) is not cls:
                raise TypeError(f"two registered classes are called {cls.__name__}")
        self._shared = frozenset(shared)
        self._memoized = frozenset(memoized)
        self._lazy = frozenset(lazy)
        for cls in self._lazy:
            if cls in self._shared or self._holds_shared(cls):
                raise TypeError(f"{cls.__name__} holds shared objects, so it can't be lazy")
        # id -> [object, its encoded form, its JSON text or None, the key and the text of its
        # last ``[key, value]`` pair or None]; the object is kept so its id isn't reused.
        self._memo: dict[int, list[Any]] = {}
        self._texts: dict[type, Callable[[Any, Any, Callable[[Any], bytes]], bytes]] = {}
        self._root = root
        self._by_hint: dict[Any, tuple[Encoder, Decoder]] = {}
        self._fields: dict[type, _Fields] = {}
        self._first = {cls: tuple(names) for cls, names in (first or {}).items()}
        # The last few texts of mappings of shared values encoded before anything else was
        # numbered (a long game's cards), newest first: see ``_grown_pairs``.
        self._grown: list[_GrownPairs] = []
        self._grown_lock = threading.Lock()

    # ---- public ---------------------------------------------------------------------------
    def dumps(self, value: Any) -> bytes:
        """The compact JSON of ``value``; ``TypeError`` if it holds what JSON can't carry
        exactly (an integer beyond 64 bits, a lone surrogate)."""
        encode, _ = self._converter(self._root)
        pieces: list[bytes] = []
        tree = _json_bytes(encode(value, _Context(pieces)))
        parts: list[bytes] = []
        at = 0
        for number, piece in enumerate(pieces):
            mark = _json_bytes(_placeholder(number))
            found = tree.find(mark, at)
            if found < 0 or tree.find(mark, found + 1) >= 0 or tree.find(mark, 0, at) >= 0:
                # A string in the state looks like a placeholder (it would take a NUL typed
                # into a statement): encode the whole tree instead.
                return _json_bytes(encode(value, _Context()))
            parts.append(tree[at:found])
            parts.append(piece)
            at = found + len(mark)
        parts.append(tree[at:])
        return b"".join(parts)

    def loads(self, data: bytes) -> Any:
        _, decode = self._converter(self._root)
        try:
            raw = orjson.loads(data)
            return decode(raw, _Context())
        except SnapshotFormatError:
            raise
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as error:
            raise SnapshotFormatError(f"not a {self._root.__name__} snapshot: {error}") from error

    # ---- converters -----------------------------------------------------------------------
    def _converter(self, hint: Any) -> tuple[Encoder, Decoder]:
        found = self._by_hint.get(hint)
        if found is None:
            found = self._build(hint)
            self._by_hint[hint] = found
        return found

    def _build(self, hint: Any) -> tuple[Encoder, Decoder]:
        if hint in (int, str, bool, float, type(None)):
            return _plain(hint)
        if hint is Any or hint is object:
            return _json_native()
        origin = typing.get_origin(hint)
        args = typing.get_args(hint)
        if origin in (typing.Union, types.UnionType):
            return self._union(args)
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return self._sequence(args[0], tuple)
            return self._fixed_tuple(args)
        if origin in (frozenset, set):
            return self._sequence(args[0], frozenset, sort=True)
        if origin in (Mapping, dict, typing.Mapping, types.MappingProxyType) or (
            isinstance(origin, type) and issubclass(origin, Mapping)
        ):
            return self._mapping(args[0], args[1])
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return _enum(hint)
        if isinstance(hint, type) and dataclasses.is_dataclass(hint) and hint in self._known():
            return self._dataclass(hint)
        if isinstance(hint, type):
            # A protocol or base class (a target slot's filter): the value names its class.
            return self._tagged()
        raise TypeError(f"can't encode values of type {hint!r}")

    def _known(self) -> set[type]:
        return set(self._classes.values())

    def _union(self, members: tuple[Any, ...]) -> tuple[Encoder, Decoder]:
        has_none = type(None) in members
        rest = [m for m in members if m is not type(None)]
        if len(rest) == 1:
            inner_encode, inner_decode = self._converter(rest[0])

            def encode_optional(value: Any, ctx: _Context) -> Any:
                return None if value is None else inner_encode(value, ctx)

            def decode_optional(raw: Any, ctx: _Context) -> Any:
                return None if raw is None else inner_decode(raw, ctx)

            return encode_optional, decode_optional
        if all(m in (int, str, bool, float) for m in rest):
            allowed = tuple(rest) + ((type(None),) if has_none else ())

            def check(raw: Any, ctx: _Context) -> Any:
                if not isinstance(raw, allowed) or (isinstance(raw, bool) and bool not in rest):
                    raise SnapshotFormatError(f"expected one of {allowed}, got {raw!r}")
                return raw

            return check, check
        encode_tagged, decode_tagged = self._tagged()

        def encode_union(value: Any, ctx: _Context) -> Any:
            return None if value is None else encode_tagged(value, ctx)

        def decode_union(raw: Any, ctx: _Context) -> Any:
            return None if raw is None else decode_tagged(raw, ctx)

        return encode_union, decode_union

    def _tagged(self) -> tuple[Encoder, Decoder]:
        def encode(value: Any, ctx: _Context) -> Any:
            cls = type(value)
            if self._classes.get(cls.__name__) is not cls:
                raise TypeError(f"{cls.__name__} is not a registered snapshot class")
            encoded = self._converter(cls)[0](value, ctx)
            if isinstance(encoded, dict) and "$r" not in encoded:
                return {"$t": cls.__name__, **encoded}
            return {"$t": cls.__name__, "$v": encoded}

        def decode(raw: Any, ctx: _Context) -> Any:
            if not isinstance(raw, dict) or raw.get("$t") not in self._classes:
                raise SnapshotFormatError(f"expected a tagged object, got {raw!r}")
            cls = self._classes[raw["$t"]]
            body = raw["$v"] if "$v" in raw else {k: v for k, v in raw.items() if k != "$t"}
            return self._converter(cls)[1](body, ctx)

        return encode, decode

    def _sequence(self, item: Any, build: type, *, sort: bool = False) -> tuple[Encoder, Decoder]:
        item_encode, item_decode = self._converter(item)
        is_plain = item in (int, str)

        def encode(value: Any, ctx: _Context) -> Any:
            items = sorted(value, key=_sort_key) if sort else value
            if is_plain:
                return list(items)
            return [item_encode(v, ctx) for v in items]

        only_item = {item}

        def decode(raw: Any, ctx: _Context) -> Any:
            if type(raw) is not list:
                raise SnapshotFormatError(f"expected a list, got {raw!r}")
            if is_plain:
                if raw and not set(map(type, raw)) <= only_item:
                    raise SnapshotFormatError(f"expected {item.__name__} items in {raw!r}")
                return build(raw)
            return build([item_decode(v, ctx) for v in raw])

        return encode, decode

    def _fixed_tuple(self, items: tuple[Any, ...]) -> tuple[Encoder, Decoder]:
        converters = [self._converter(item) for item in items]

        def encode(value: Any, ctx: _Context) -> Any:
            return [enc(v, ctx) for (enc, _), v in zip(converters, value, strict=True)]

        def decode(raw: Any, ctx: _Context) -> Any:
            if not isinstance(raw, list) or len(raw) != len(converters):
                raise SnapshotFormatError(f"expected {len(converters)} items, got {raw!r}")
            return tuple(dec(v, ctx) for (_, dec), v in zip(converters, raw, strict=True))

        return encode, decode

    def _mapping(self, key: Any, value: Any) -> tuple[Encoder, Decoder]:
        key_encode, key_decode = self._converter(key)
        value_encode, value_decode = self._converter(value)
        lazy = value in self._lazy
        plain_keys = key in (int, str)
        shared_values = value in self._shared and value in self._known()

        pair_text = self._texts.get(value)

        def key_text(key: Any) -> bytes:
            return _json_bytes(key_encode(key, _Context()))

        def encode(mapping: Any, ctx: _Context) -> Any:
            if pair_text is not None and ctx.pieces is not None:
                # A mapping of memoized objects (a long game's objects, its departures): its
                # text is joined from each pair's remembered text, and only the rest of the
                # state is written as a tree (issue 14: this halves a long game's encode).
                pairs = self._pair_texts(mapping, pair_text, key_text)
                ctx.pieces.append(b"[" + b",".join(pairs) + b"]")
                return _placeholder(len(ctx.pieces) - 1)
            if isinstance(mapping, LazyMapping) and mapping.reader is self:
                # Values never asked for are written as they were read: the same codec.
                return [
                    [key_encode(k, ctx), raw if found is _UNREAD else value_encode(found, ctx)]
                    for k, raw, found in mapping.entries()
                ]
            if plain_keys and shared_values:
                # A long game's cards by object id: hundreds of items, a handful of cards,
                # each written once and then referred to by number ("$r").
                if not ctx.seen and ctx.pieces is not None:
                    ctx.pieces.append(self._grown_pairs(mapping, ctx, value_encode))
                    return _placeholder(len(ctx.pieces) - 1)
                seen = ctx.seen
                items: list[list[Any]] = []
                for k, v in mapping.items():
                    number = seen.get(id(v))
                    items.append(
                        [k, {"$r": number} if number is not None else value_encode(v, ctx)]
                    )
                return items
            return [[key_encode(k, ctx), value_encode(v, ctx)] for k, v in mapping.items()]

        def decode_value(raw: Any) -> Any:
            return value_decode(raw, _Context())  # a lazy class holds no shared objects

        def decode(raw: Any, ctx: _Context) -> Any:
            if not isinstance(raw, list):
                raise SnapshotFormatError(f"expected a list of pairs, got {raw!r}")
            if lazy:
                return LazyMapping({key_decode(k, ctx): v for k, v in raw}, {}, decode_value, self)
            if plain_keys and shared_values:
                return decode_shared(raw, ctx)
            return {key_decode(k, ctx): value_decode(v, ctx) for k, v in raw}

        def decode_shared(raw: list[Any], ctx: _Context) -> dict[Any, Any]:
            # A long game's cards: hundreds of references to a handful of cards, looked up
            # here rather than each through the class's decoder (issue 14).
            table = ctx.table
            decoded: dict[Any, Any] = {}
            for k, v in raw:
                if type(k) is not key:
                    raise SnapshotFormatError(f"expected a {key.__name__} key, got {k!r}")
                if type(v) is dict and len(v) == 1 and "$r" in v:
                    found = table[v["$r"]]
                    if type(found) is not value:
                        raise SnapshotFormatError(f"reference {v['$r']} is not a {value.__name__}")
                    decoded[k] = found
                else:
                    decoded[k] = value_decode(v, ctx)
            return decoded

        return encode, decode

    def _dataclass(self, cls: type) -> tuple[Encoder, Decoder]:
        is_shared = cls in self._shared
        name_of = cls.__name__
        if cls in self._memoized:
            if is_shared or self._holds_shared(cls):
                raise TypeError(f"{name_of} holds shared objects, so it can't be memoized")
            return self._memoizing(*self._dataclass_converters(cls, False), cls)
        return self._dataclass_converters(cls, is_shared)

    def _memoizing(self, encode: Encoder, decode: Decoder, cls: type) -> tuple[Encoder, Decoder]:
        memo = self._memo

        def entry(value: Any) -> list[Any]:
            found = memo.get(id(value))
            if found is not None and found[0] is value:
                return found
            # A memoized class holds no shared objects, so a fresh context encodes it alike.
            return self._remember(value, encode(value, _Context()))

        def encode_memoized(value: Any, ctx: _Context) -> Any:
            return entry(value)[1]

        def pair_text(key: Any, value: Any, key_text: Callable[[Any], bytes]) -> bytes:
            return _pair_of(entry(value), key, key_text)

        self._texts[cls] = pair_text
        return encode_memoized, decode

    def _remember(self, value: Any, encoded: Any) -> list[Any]:
        if len(self._memo) >= self.MEMO_LIMIT:
            self._memo.clear()  # a rare full re-encode beats unbounded memory
        found = [value, encoded, None, None, None]
        self._memo[id(value)] = found
        return found

    def _pair_texts(
        self,
        mapping: Mapping[Any, Any],
        pair_text: Callable[[Any, Any, Callable[[Any], bytes]], bytes],
        key_text: Callable[[Any], bytes],
    ) -> list[bytes]:
        """The ``[key, value]`` text of each item of a mapping of memoized values.  A long
        game's snapshot has hundreds of them, nearly all unchanged since the last snapshot:
        their remembered text is taken in this one loop, and only the others go through
        ``pair_text`` (issue 14: the calls per item were two thirds of a snapshot's encode)."""
        memo = self._memo
        texts: list[bytes] = []
        append = texts.append
        if isinstance(mapping, LazyMapping) and mapping.reader is self:
            raws, decoded = mapping.parts()
            for key, raw in raws.items():
                value = decoded.get(key, _UNREAD)
                if value is _UNREAD:
                    value = raw  # never decoded: written as it was read
                found = memo.get(id(value))
                if found is not None and found[0] is value and found[3] == key and found[4]:
                    append(found[4])
                elif value is raw:
                    append(self._raw_pair_text(key, raw, key_text))
                else:
                    append(pair_text(key, value, key_text))
            return texts
        for key, value in mapping.items():
            found = memo.get(id(value))
            if found is not None and found[0] is value and found[3] == key and found[4]:
                append(found[4])
            else:
                append(pair_text(key, value, key_text))
        return texts

    GROWN_KEPT = 16  # mappings of shared values remembered, across every game of the process

    def _grown_pairs(self, mapping: Mapping[Any, Any], ctx: _Context, encode: Encoder) -> bytes:
        """The text of a mapping of plain keys to shared values, encoded before any shared
        object was numbered (``ctx.seen`` is empty), so that its text depends on it alone.

        A long game's cards by object id grow by an item or two per action and are written
        at the start of every snapshot (``first``): the text of a mapping encoded before, of
        which this one is the same items and then more, is taken as it is, with the numbers
        its shared values got, and only the new items are encoded (issue 14: the walk over
        hundreds of cards was two fifths of a snapshot's encode)."""
        if not mapping:
            return b"[]"
        keys = list(mapping)
        values = list(mapping.values())
        ids = list(map(id, values))
        grown = None
        for candidate in tuple(self._grown):
            size = len(candidate.ids)
            if (
                size <= len(ids)
                and ids[size - 1] == candidate.ids[-1]
                and ids[:size] == candidate.ids
                and keys[:size] == candidate.keys
            ):
                grown = candidate  # its values are kept alive, so equal ids: the same objects
                break
        start = 0
        text = b""
        if grown is not None:
            start = len(grown.ids)
            ctx.seen.update(grown.seen)
            ctx.keep.append(grown)  # its objects keep their ids until this text is written
            text = grown.text
        seen = ctx.seen
        items: list[list[Any]] = []
        for k, v in zip(keys[start:], values[start:], strict=True):
            number = seen.get(id(v))
            items.append([k, {"$r": number} if number is not None else encode(v, ctx)])
        if items:
            more = _json_bytes(items)[1:-1]
            text = text + b"," + more if text else more
        if grown is None or items:
            remembered = _GrownPairs(keys, ids, values, text, dict(seen), list(ctx.keep))
            with self._grown_lock:
                self._grown.insert(0, remembered)
                del self._grown[self.GROWN_KEPT :]
        return b"[" + text + b"]"

    def _raw_pair_text(self, key: Any, raw: Any, key_text: Callable[[Any], bytes]) -> bytes:
        """The pair text of a value read but never decoded: written as it was read."""
        found = self._memo.get(id(raw))
        if found is None or found[0] is not raw:
            found = self._remember(raw, raw)
        return _pair_of(found, key, key_text)

    def _holds_shared(self, cls: type, seen: frozenset[type] = frozenset()) -> bool:
        """Whether a value of ``cls`` can contain an object of a shared class."""
        if cls in seen:
            return False
        for hint in typing.get_type_hints(cls).values():
            for part in _hint_classes(hint):
                if part in self._shared:
                    return True
                if (
                    isinstance(part, type)
                    and dataclasses.is_dataclass(part)
                    and self._holds_shared(part, seen | {cls})
                ):
                    return True
                if part not in self._known() and not _is_value_type(part):
                    return True  # a protocol: any registered class may turn up
        return False

    def _dataclass_converters(self, cls: type, is_shared: bool) -> tuple[Encoder, Decoder]:
        name_of = cls.__name__

        def fields() -> _Fields:
            found = self._fields.get(cls)
            if found is None:
                found = self._fields[cls] = self._read_fields(cls)
            return found

        def encode(value: Any, ctx: _Context) -> Any:
            if is_shared:
                number = ctx.seen.get(id(value))
                if number is not None:
                    return {"$r": number}
            out: dict[str, Any] = {}
            for name, is_default, field_encode, plain in fields().ordered:
                item = getattr(value, name)
                if is_default is not None and is_default(item):
                    continue
                out[name] = item if plain else field_encode(item, ctx)
            if is_shared:
                ctx.seen[id(value)] = len(ctx.seen)
                ctx.keep.append(value)
            return out

        def decode(raw: Any, ctx: _Context) -> Any:
            if type(raw) is not dict:
                raise SnapshotFormatError(f"expected an object for {name_of}, got {raw!r}")
            if "$r" in raw:
                if not is_shared:
                    raise SnapshotFormatError(f"{name_of} can't be shared")
                found = ctx.table[raw["$r"]]
                if type(found) is not cls:
                    raise SnapshotFormatError(f"reference {raw['$r']} is not a {name_of}")
                return found
            known = fields()
            by_name = known.by_name
            kwargs: dict[str, Any] = {}
            for name, item in raw.items():
                spec = by_name.get(name)
                if spec is None:
                    raise SnapshotFormatError(f"{name_of} has no field {name!r}")
                plain, field_decode = spec
                if plain:
                    if type(item) not in plain:
                        raise SnapshotFormatError(f"{name_of}.{name} can't be {item!r}")
                    kwargs[name] = item
                else:
                    kwargs[name] = field_decode(item, ctx)
            if known.direct:
                # A plain frozen dataclass: fill its fields directly; its generated __init__
                # would only set the same attributes, at ten times the cost.
                values = {**known.defaults, **kwargs}
                if len(values) != len(by_name):
                    missing = sorted(set(by_name) - set(values))
                    raise SnapshotFormatError(f"{name_of} lacks field(s) {missing}")
                value: Any = object.__new__(cls)
                value.__dict__.update(values)
            else:
                value = cls(**kwargs)
            if is_shared:
                ctx.table.append(value)
            return value

        return encode, decode

    def _read_fields(self, cls: type) -> _Fields:
        hints = typing.get_type_hints(cls)
        ordered: list[tuple[str, DefaultTest | None, Encoder, tuple[type, ...]]] = []
        defaults: dict[str, Any] = {}
        by_name: dict[str, tuple[tuple[type, ...], Decoder]] = {}
        for field in dataclasses.fields(cls):
            if not field.init:
                continue
            default = field.default
            if default is _MISSING and field.default_factory is not _MISSING:
                default = field.default_factory()
            encode, decode = self._converter(hints[field.name])
            plain = _plain_types(hints[field.name])
            is_default = None if default is _MISSING else _default_test(default)
            if default is not _MISSING:
                defaults[field.name] = default
            ordered.append((field.name, is_default, encode, plain))
            by_name[field.name] = (plain, decode)
        first = self._first.get(cls, ())
        if not set(first) <= set(by_name):
            raise TypeError(f"{cls.__name__} has no field(s) {sorted(set(first) - set(by_name))}")
        ordered.sort(key=lambda spec: first.index(spec[0]) if spec[0] in first else len(first))
        direct = (
            not hasattr(cls, "__post_init__")
            and "__slots__" not in vars(cls)
            and all(f.init for f in dataclasses.fields(cls))
        )
        return _Fields(ordered, by_name, defaults, direct)


_UNREAD: Any = object()  # a LazyMapping value not decoded yet


def _json_bytes(tree: Any) -> bytes:
    """Compact JSON, UTF-8.  orjson writes a long game's snapshot about ten times as fast as
    the json module, and reads it twice as fast (issue 14); what it can't write exactly (an
    integer beyond 64 bits, which it would read back as a float) raises ``TypeError``."""
    try:
        return orjson.dumps(tree)
    except orjson.JSONEncodeError as error:
        raise TypeError(f"can't write this state as JSON: {error}") from error


def _pair_of(found: list[Any], key: Any, key_text: Callable[[Any], bytes]) -> bytes:
    """The ``[key, value]`` text of a memo entry's value, remembered with the entry (the
    value's own text too) until it is asked for under another key."""
    if found[4] is None or found[3] != key:
        if found[2] is None:
            found[2] = _json_bytes(found[1])
        found[3], found[4] = key, b"[" + key_text(key) + b"," + found[2] + b"]"
    text: bytes = found[4]
    return text


def _placeholder(number: int) -> str:
    """Stands in the encoded tree for the ``number``th piece of text written ahead: JSON
    writes the NULs as ``\\u0000``, which no text of ours contains."""
    return f"\x00piece{number}\x00"


class LazyMapping(Mapping[Any, Any]):
    """A mapping read from a snapshot whose values are decoded when first asked for.

    A long game's record of departures (every object that ever left a zone, with its last
    known information, CR 608.2b) is about half of its snapshot, and a game looks at few of
    them: decoding them on demand makes a cold load of a long game that much cheaper (issue
    14).  It is a read-only value like the dicts it stands for; ``with_item`` adds an item
    without decoding the others (``bot.engine.values.with_item``).
    """

    __slots__ = ("_decode", "_decoded", "_raw", "reader")

    def __init__(
        self,
        raw: dict[Any, Any],
        decoded: dict[Any, Any],
        decode: Callable[[Any], Any],
        reader: DataclassJson,
    ) -> None:
        self._raw = raw  # key -> its value's JSON (``_UNREAD`` for an item added since)
        self._decoded = decoded  # key -> its value, once decoded or added
        self._decode = decode
        self.reader = reader  # the codec that read it, the only one that may write ``_raw``

    def __getitem__(self, key: Any) -> Any:
        found = self._decoded.get(key, _UNREAD)
        if found is _UNREAD:
            found = self._decode(self._raw[key])
            self._decoded[key] = found  # decoding is deterministic: any thread may store it
        return found

    def __contains__(self, key: object) -> bool:
        return key in self._raw

    def __iter__(self) -> Iterator[Any]:
        return iter(self._raw)

    def __len__(self) -> int:
        return len(self._raw)

    def __repr__(self) -> str:
        return repr(dict(self.items()))

    @property
    def unread(self) -> int:
        """How many values have not been decoded (nor added) yet."""
        return sum(1 for key in self._raw if key not in self._decoded)

    def with_item(self, key: Any, value: Any) -> LazyMapping:
        raw = dict(self._raw)
        raw[key] = _UNREAD
        decoded = dict(self._decoded)
        decoded[key] = value
        return LazyMapping(raw, decoded, self._decode, self.reader)

    def parts(self) -> tuple[Mapping[Any, Any], Mapping[Any, Any]]:
        """The values as read (``_UNREAD`` for one added since) and those decoded or added,
        by key: for the codec that writes it back."""
        return self._raw, self._decoded

    def entries(self) -> Iterator[tuple[Any, Any, Any]]:
        """(key, value as read, value or ``_UNREAD``) for each item, in order."""
        decoded = self._decoded
        for key, raw in self._raw.items():
            yield key, raw, decoded.get(key, _UNREAD)


def _hint_classes(hint: Any) -> Iterable[Any]:
    """The classes a type hint names, its arguments included (``Mapping[str, int]``: str, int)."""
    args = typing.get_args(hint)
    if not args:
        yield hint
        return
    for arg in args:
        if arg is not Ellipsis:
            yield from _hint_classes(arg)


def _is_value_type(hint: Any) -> bool:
    return hint in (int, str, bool, float, type(None)) or (
        isinstance(hint, type) and issubclass(hint, enum.Enum)
    )


@dataclasses.dataclass(frozen=True)
class _GrownPairs:
    """A mapping of shared values as ``_grown_pairs`` wrote it: its keys, the ids of its
    values (kept alive, so the ids stay theirs), the text of its pairs without brackets, and
    the numbers it gave to shared objects (and the objects numbered, kept alive too)."""

    keys: list[Any]
    ids: list[int]
    values: list[Any]
    text: bytes
    seen: dict[int, int]
    keep: list[Any]


@dataclasses.dataclass(frozen=True)
class _Fields:
    """A dataclass's fields in order (for encoding, with a test for "equal to its default",
    so such fields are left out) and by name (for decoding); ``plain`` holds the JSON types a
    field's value may have when it needs no conversion at all; ``defaults`` the values of
    fields left out."""

    ordered: list[tuple[str, DefaultTest | None, Encoder, tuple[type, ...]]]
    by_name: dict[str, tuple[tuple[type, ...], Decoder]]
    defaults: dict[str, Any]
    direct: bool  # no __post_init__ or slots: built without calling __init__


_PLAIN = (int, str, bool, type(None))


def _plain_types(hint: Any) -> tuple[type, ...]:
    """(int,) for ``int``, (int, NoneType) for ``int | None``; () when conversion is needed."""
    if hint in (int, str, bool):
        return (hint,)
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        members = typing.get_args(hint)
        if all(m in _PLAIN for m in members):
            return tuple(members)
    return ()


def _default_test(default: Any) -> DefaultTest:
    """A fast test of "``value`` is this default", as ``_same`` decides it: snapshots test
    every field of every object, so the common defaults get a test of their own."""
    if default is None:
        return lambda value: value is None
    if isinstance(default, enum.Enum):
        return lambda value: value is default
    kind = type(default)
    if kind in (bool, int, str, float):
        return lambda value: type(value) is kind and value == default
    if kind in (tuple, frozenset) and not default:
        return lambda value: type(value) is kind and not value
    if isinstance(default, Mapping) and not default:
        return lambda value: not value and isinstance(value, Mapping)
    return lambda value: _same(value, default)


def _same(value: Any, default: Any) -> bool:
    try:
        return (bool(value == default) and type(value) is type(default)) or (
            isinstance(value, Mapping)
            and isinstance(default, Mapping)
            and not value
            and not default
        )
    except Exception:
        return False


def _sort_key(value: Any) -> tuple[str, str]:
    return (type(value).__name__, str(value.value if isinstance(value, enum.Enum) else value))


def _plain(kind: type) -> tuple[Encoder, Decoder]:
    def encode(value: Any, ctx: _Context) -> Any:
        return value

    def decode(raw: Any, ctx: _Context) -> Any:
        if kind is float and isinstance(raw, int) and not isinstance(raw, bool):
            return float(raw)
        if type(raw) is not kind:
            raise SnapshotFormatError(f"expected {kind.__name__}, got {raw!r}")
        return raw

    return encode, decode


def _json_native() -> tuple[Encoder, Decoder]:
    def encode(value: Any, ctx: _Context) -> Any:
        if isinstance(value, tuple):
            return [encode(v, ctx) for v in value]
        if value is None or isinstance(value, (bool, int, float, str)):
            return value
        raise TypeError(f"can't encode {type(value).__name__} in an untyped field")

    def decode(raw: Any, ctx: _Context) -> Any:
        if isinstance(raw, list):
            return tuple(decode(v, ctx) for v in raw)
        if raw is None or isinstance(raw, (bool, int, float, str)):
            return raw
        raise SnapshotFormatError(f"unexpected {raw!r} in an untyped field")

    return encode, decode


def _enum(cls: type[enum.Enum]) -> tuple[Encoder, Decoder]:
    members = {member.value: member for member in cls}

    def encode(value: Any, ctx: _Context) -> Any:
        return value.value

    def decode(raw: Any, ctx: _Context) -> Any:
        try:
            return members[raw]
        except (KeyError, TypeError):
            raise SnapshotFormatError(f"{raw!r} is not a {cls.__name__}") from None

    return encode, decode
