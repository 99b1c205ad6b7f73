"""Text that changes the targets of another spell or ability, or copies it (CR 115.7, 707.10c).

Read from the Oracle wording of the real cards: "Change the target of target spell with a
single target" (Deflection, Shunt, Swerve, Misdirection, Bolt Bend), "Change a target of target
spell or ability to this creature" (Spellskite), "You may choose new targets for target spell"
(Redirect, Deflecting Swat), "Copy target instant or sorcery spell. You may choose new targets
for the copy" (Twincast), "If target spell has only one target and that target is a creature,
change that spell's target to another creature" (Meddle).
"""

from __future__ import annotations

import re

from bot.engine.requirements import RetargetKind, RetargetSpec

_FORMS: tuple[tuple[re.Pattern[str], RetargetKind], ...] = (
    # CR 707.10d: "Copy that spell for each other permanent or player the spell could target.
    # Each copy targets a different one of those" (Radiate).
    (re.compile(r"\bcopy that spell for each other\b"), RetargetKind.COPY_FOR_EACH),
    # CR 115.7b: one target only.
    (re.compile(r"\bchange a target of\b"), RetargetKind.CHANGE_A_TARGET),
    # CR 115.7c: any number of them.
    (
        re.compile(r"\bchange any (?:number of )?(?:the )?targets? of\b"),
        RetargetKind.CHANGE_ANY_TARGETS,
    ),
    # CR 115.7a: all or none.
    (
        re.compile(
            r"\bchange the targets? of\b|\bchange (?:that|the) (?:spell|ability|spell or "
            r"ability)'s targets?\b|\bchange its targets?\b|\bchange the target(?:s)? of it\b"
        ),
        RetargetKind.CHANGE_THE_TARGETS,
    ),
    # CR 115.7d, unless it is the copy's new targets (707.10c, below).
    (
        re.compile(r"\bchoose new targets for (?!(?:the|that|those|each|any of the|them|it) ?cop)"),
        RetargetKind.CHOOSE_NEW_TARGETS,
    ),
    (
        re.compile(
            r"\bchoose new targets for (?:the|that|those|each|any of the|it)? ?cop(?:y|ies)\b"
        ),
        RetargetKind.COPY_MAY_CHOOSE_NEW,
    ),
)
# CR 707.10: a copy with nothing said of new targets keeps the original's ("Copy target
# permanent spell you control", Lithoform Engine; "Copy target creature spell you control",
# Double Major).
_PLAIN_COPY = re.compile(r"\bcopy target [^.]*?\b(?:spell|ability)\b")
_NEW_TARGET = re.compile(
    r"\bchange (?:a |the |any )?(?:number of )?targets? of [^.]*? to ([^.,]+)|"
    r"\bchange (?:that|the) (?:spell|ability|spell or ability)'s targets? to ([^.,]+)"
)
_SINGLE = re.compile(r"\bwith a single target\b|\bhas (?:only )?(?:one|a single) target\b")
_TARGETS_ONLY = re.compile(r"\bthat targets only ([^.,]+)|\bthat target is (?:a |an )?([^.,]+?),")


def read_retarget(text: str) -> RetargetSpec | None:
    """The retargeting effect in lowercased ability text, or None if there is none.

    When one ability both changes targets and copies (Wild Ricochet), the change comes first
    in the text and is the one reported; the copy is its second sentence.
    """
    found: list[tuple[int, RetargetKind]] = []
    for pattern, kind in _FORMS:
        match = pattern.search(text)
        if match:
            found.append((match.start(), kind))
    if not found and _PLAIN_COPY.search(text):
        return RetargetSpec(kind=RetargetKind.COPY)
    if not found:
        return None
    kind = min(found)[1]
    new_target = _NEW_TARGET.search(text)
    must = _TARGETS_ONLY.search(text)
    return RetargetSpec(
        kind=kind,
        new_target_text=(new_target.group(1) or new_target.group(2) or "").strip()
        if new_target
        else "",
        single_target_only=bool(_SINGLE.search(text)),
        must_target=(must.group(1) or must.group(2) or "").strip() if must else "",
    )
