"""“Does Pouty Poro have [Deflect]?”: whether an object has a keyword now.  Each keyword
"and whether or not a permanent has it, is a characteristic ... and may be checked" (805-826,
e.g. 809.3 Deflect, 816.3 Temporary).  What it has: the keywords its active text opens with,
those its text or a [Level] gives it, those a spell gave it (``keywords_of``), and Deflect
other permanents grant (809.2)."""

from __future__ import annotations

import re

from bot.engine.riftbound.rules import cite_if, keyword_checked, rule
from bot.engine.riftbound.state import RbObject, RbState, keywords_of, label, new_context
from bot.engine.verdict import Verdict, VerdictKind

# "Deflect", "[Assault 3]", "quick-draw": a keyword and its value.
_KEYWORD = re.compile(r"^\[?\s*(?P<name>[a-z][a-z'-]*)(?:\s+(?P<value>\d+))?\s*\]?$", re.I)


def asked_keyword(text: str) -> tuple[str, int | None] | None:
    """("assault", 3) for "[Assault 3]"; None when ``text`` isn't a keyword and a value."""
    found = _KEYWORD.fullmatch(text.strip())
    if found is None:
        return None
    value = found.group("value")
    return found.group("name").lower(), int(value) if value else None


def keyword_answer(state: RbState, object_id: int, asked: str) -> Verdict:
    """Yes or No: does ``object_id`` have the keyword ``asked`` now (with its value, when one
    is asked: "Assault 3")?"""
    version = state.version
    read = asked_keyword(asked)
    if read is None:
        raise ValueError(f"not a keyword: {asked!r}")
    name, value = read
    obj = state.obj(object_id)
    cited = keyword_checked(name, version)
    said = f"[{name.title()}{f' {value}' if value is not None else ''}]"
    instances: list[tuple[str, int | None]] = []
    sources: list[str] = []
    given = {k.casefold() for k in obj.keywords}
    this_turn = {k.casefold() for k in obj.keywords_this_turn}
    for keyword in keywords_of(state, obj):
        mine = asked_keyword(keyword)
        if mine is not None and mine[0] == name and name != "deflect":
            instances.append(mine)
            sources.append(
                "given to it this turn"
                if keyword.casefold() in this_turn
                else "given to it"
                if keyword.casefold() in given
                else "its own text"
            )
    if name == "deflect":
        # 809.2: its own Deflect and any granted are summed.
        ctx = new_context(state, obj.controller or obj.owner)
        total = ctx.deflect_of(obj)
        if total:
            instances.append(("deflect", total))
            granters = ctx.deflect_granters(obj)
            own = total - sum(v for i, v, _ in ctx.granted_deflect if i == obj.id)
            sources = [
                *(["its own text"] if own else []),
                *(g if g.startswith("its own") else f"granted by {g}" for g in granters),
            ]
            if granters:
                cited = (*cited, rule("deflect_sum", version))
    if name in ("assault", "shield") and len(instances) > 1:
        # 807.2 / 814.2: its own and every granted value are summed (Stalwart Poro with Block:
        # Shield 4), one keyword, not several.
        instances = [(name, sum(v if v is not None else 1 for _, v in instances))]
        cited = (*cited, *cite_if(f"{name}_sum", version))
    # "[Deflect]" alone is Deflect 1 (809.1.b.3): said without its value.
    having = ", ".join(
        f"[{n.title()}{f' {v}' if v is not None and (n, v) != ('deflect', 1) else ''}]"
        for n, v in instances
    )
    sources = list(dict.fromkeys(sources))
    if not instances:
        others = keywords_of(state, obj)
        return Verdict(
            VerdictKind.NO,
            f"No: {label(obj)} doesn't have {said} now"
            + (
                f"; its keywords are {', '.join(f'[{k}]' for k in others)}"
                if others
                else "; it has no keywords"
            )
            + _cited(cited)
            + ".",
            cited,
            object_ids=(object_id,),
        )
    if value is not None:
        total = sum(v if v is not None else 1 for _, v in instances)
        if value != total and (
            name in ("assault", "shield") or all(v != value for _, v in instances)
        ):
            return Verdict(
                VerdictKind.NO,
                f"No: {label(obj)} has {having}, not {said}{_cited(cited)}.",
                cited,
                object_ids=(object_id,),
            )
    return Verdict(
        VerdictKind.YES,
        f"Yes: {label(obj)} has {having}"
        + (f" ({'; '.join(sources)})" if sources else "")
        + _cited(cited)
        + ".",
        cited,
        object_ids=(object_id,),
    )


def _cited(numbers: tuple[str, ...]) -> str:
    return f" ({', '.join(numbers)})" if numbers else ""


def combat_keyword_value(state: RbState, obj: RbObject, name: str) -> int:
    """The summed [Assault] or [Shield] value ``obj`` has now (807.2, 814.2): "While I am an
    attacker (a defender), I have +X [M]" (807.1.c, 814.1.c); 0 without it."""
    values = [read for keyword in keywords_of(state, obj) if (read := asked_keyword(keyword))]
    return sum(v if v is not None else 1 for n, v in values if n == name)
