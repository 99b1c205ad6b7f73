"""The Core Rules parser on the real v1.3 and v1.2 files, and on generated rows (hypothesis)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.data.riftbound_rules import RiftboundDocument, RiftboundRules, parse_document, parse_rules
from bot.errors import DataError
from bot.records.riftbound_rule_numbers import (
    is_rule_id,
    normalize_rule_id,
    parent_rule_id,
    typed_rule_id,
)


def test_v13_has_2088_numbered_rules_from_000_to_826_6(rules_v13: RiftboundRules) -> None:
    ids = [r.id for r in rules_v13.rules]
    assert len(ids) == 2088
    assert len(set(ids)) == 2088  # the repaired numbers are all distinct
    assert ids[0] == "000"
    assert ids[-1] == "826.6"
    assert rules_v13.version == "1.3"
    assert rules_v13.updated == "2026-03-30"


def test_v13_targeting_is_355_6(rules_v13: RiftboundRules) -> None:
    rules = rules_v13.by_id()
    assert rules["355.6"].text == "Targeting"
    assert rules["355.6"].kind == "heading"
    assert rules[["355.6", "a", "1"][0]].parent == "355"
    assert rules["355.10.a.1"].parent == "355.10.a"
    assert rules["355.10.a.1"].level == 3


def test_v12_352_matches_the_seed(rules_v12: RiftboundRules, shared_data: Path) -> None:
    seed = (shared_data.parent / "seeds" / "riftbound-352-choices-targeting.txt").read_text()
    rules = rules_v12.by_id()
    assert rules["352"].text == "2. Make necessary choices."
    assert rules["352.5"].text == "Targeting"
    # Every rule of 352 in the seed, number and text, is what the parser reads (the seed uses
    # curly apostrophes; the file straight ones).
    for line in seed.splitlines():
        match = re.match(r"^(352(?:\.\w+)*)\. (.*)$", line)
        if not match or match.group(1) == "352":
            continue
        rule_id, text = match.groups()
        assert _plain(rules[rule_id].text) == _plain(text), rule_id


def _plain(text: str) -> str:
    """Quotes and spacing differ between the seed and the converted PDF; words don't.  (The
    seed was copied with the conversion's space before punctuation, "For Units , choose".)"""
    for curly, straight in (("’", "'"), ("“", '"'), ("”", '"')):
        text = text.replace(curly, straight)
    text = re.sub(r"\s+(?=[.,:;!?)])", "", text)
    return " ".join(text.split())


def test_split_numbers_are_repaired_from_the_text(
    rules_v12: RiftboundRules, rules_v13: RiftboundRules
) -> None:
    v12, v13 = rules_v12.by_id(), rules_v13.by_id()
    assert v12["352.2.a"].text.startswith("By default, Valid locations")
    assert v12["135.2.a"].text == "Effect Text can be blank."
    assert v13["461.4"].text == "The following Task becomes Outstanding:"


def test_entities_decoded_and_spilled_words_joined(rules_v13: RiftboundRules) -> None:
    rules = rules_v13.by_id()
    assert rules["054"].text == '"Can\'t beats Can"'
    assert rules["146.1"].text.startswith("A Unit's Location is the Base or Battlefield")
    assert not any("&#x27;" in r.text or "&quot;" in r.text for r in rules_v13.rules)


def test_spaces_the_conversion_put_before_punctuation_are_removed(
    rules_v13: RiftboundRules,
) -> None:
    # The PDF conversion left a space after each glossary word ("Might : The combat statistic
    # of a Unit . Used ..."); the official text reads "Might: The combat statistic of a Unit."
    rules = rules_v13.by_id()
    assert rules["143.2"].text.startswith(
        "Might: The combat statistic of a Unit. Used to determine a Unit's contribution to "
        "Combat, as well as when it is Killed by damaging effects."
    )
    assert "non-Unit Gear" in rules["323.7"].text
    assert not any(re.search(r"\w\s+[.,:;)]", r.text) for r in rules_v13.rules), [
        r.id for r in rules_v13.rules if re.search(r"\w\s+[.,:;)]", r.text)
    ][:10]


def test_a_file_without_rows_is_a_data_error() -> None:
    with pytest.raises(DataError):
        parse_rules("# Riftbound Core Rules v9.9\n\nnothing here")
    with pytest.raises(DataError):
        parse_rules("<div>no title</div>")


_PART = st.one_of(st.integers(1, 30).map(str), st.sampled_from("abcdefgh"))
_IDS = st.builds(
    lambda top, parts: ".".join([f"{top:03d}", *parts]),
    st.integers(0, 999),
    st.lists(_PART, max_size=4),
)


@given(_IDS, st.booleans())
def test_normalize_accepts_numbers_with_or_without_the_dot(rule_id: str, dot: bool) -> None:
    typed = (rule_id + ("." if dot else "")).upper()
    assert normalize_rule_id(typed) == rule_id
    assert is_rule_id(typed)
    parent = parent_rule_id(rule_id)
    assert (parent is None) == ("." not in rule_id)


@given(
    _IDS,
    st.sampled_from(["", "§", "§ "]),
    st.sampled_from(["dots", "glued", "brackets"]),
    st.sampled_from([".", ","]),
)
def test_typed_rule_ids_read_magic_style_forms(
    rule_id: str, prefix: str, style: str, separator: str
) -> None:
    # "355.9b" (glued, as Magic writes 115.7a), "355.9(b)", "355,9.b", "§355.9.b": all 355.9.b.
    typed = rule_id
    if style == "glued":
        typed = re.sub(r"(?<=\d)\.(?=[a-z])", "", typed)
    elif style == "brackets":
        typed = re.sub(r"\.([a-z])", r"(\1)", typed)
    typed = prefix + typed.replace(".", separator).upper()
    assert typed_rule_id(typed) == rule_id, typed


@given(st.text(max_size=40))
def test_typed_rule_ids_never_accept_garbage_silently(text: str) -> None:
    result = typed_rule_id(text)
    assert result is None or re.fullmatch(r"\d{3}(\.(\d+|[a-z]))*", result)


@given(st.text(max_size=40))
def test_normalize_never_accepts_garbage_silently(text: str) -> None:
    try:
        result = normalize_rule_id(text)
    except ValueError:
        return
    assert re.fullmatch(r"\d{3}(\.(\d+|[a-z]))*", result)


_TEXT = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=60
).filter(
    lambda t: (
        t.strip()
        and not re.match(r"^([a-z]|\d{1,2}) ", t.strip())
        # Spacing the conversion damages is repaired, so generated text has none of it.
        and not re.search(r"\s[.,:;!?)]|\(\s|\bnon-\s", t)
    )
)


@given(st.lists(st.tuples(_IDS, _TEXT), min_size=1, max_size=12, unique_by=lambda p: p[0]))
def test_generated_rows_round_trip(rows: list[tuple[str, str]]) -> None:
    body = "\n\n".join(
        f'<div class="rule-row rule-plain level-{rid.count(".")}"><div class="rule-id">{rid}.</div>'
        f'<div class="rule-text">{html.escape(text)}</div></div>'
        for rid, text in rows
    )
    parsed = parse_rules(f"# Riftbound Core Rules v1.9\n\nLast Updated: 2030-01-02\n\n{body}")
    assert parsed.version == "1.9"
    assert parsed.updated == "2030-01-02"
    assert [r.id for r in parsed.rules] == [rid for rid, _ in rows]
    assert [r.text for r in parsed.rules] == [" ".join(text.split()) for _, text in rows]


# --- the Tournament Rules (same row layout) ----------------------------------------------------


@pytest.fixture(scope="module")
def tournament_rules(rb_dir: Path) -> RiftboundDocument:
    source = (rb_dir / "tournament-rules-2026-05-02.md").read_text(encoding="utf-8")
    return parse_document(source, min_rules=300)


def test_tournament_rules_are_read_with_their_own_date(
    tournament_rules: RiftboundDocument,
) -> None:
    assert tournament_rules.title == "Riftbound Tournament Rules"
    assert tournament_rules.updated == "2026-04-29"  # "Last Updated 4/29/2026"
    ids = [r.id for r in tournament_rules.rules]
    assert len(ids) == len(set(ids)) == 885
    assert ids[0] == "000" and ids[-1] == "704.8.d"


def test_tournament_rules_keep_headings_penalties_and_deep_numbers(
    tournament_rules: RiftboundDocument,
) -> None:
    rules = {r.id: r for r in tournament_rules.rules}
    assert (rules["204.8"].text, rules["204.8"].kind) == ("Spectator", "heading")
    assert rules["700"].kind == "chapter" and rules["700"].text == "Enforcement and Penalties"
    assert rules["702.2"].text.startswith("Missed Trigger [ No Penalty ]: The accountable")
    assert rules["204.5.a.1.b"].parent == "204.5.a.1"
    assert rules["417.1"].text == (
        "Players may use electronic devices during competitions, but can't use them during matches."
    )
    # A row the conversion split without a number is joined back onto its rule.
    assert rules["602.4.b.4.b.1"].text.endswith(
        "signature spells that are Fury/Order or Body/Order, but not signature spells that are "
        "Fury/Mind or Body/Chaos."
    )


def test_a_document_without_a_date_or_cut_short_is_a_data_error(rb_dir: Path) -> None:
    source = (rb_dir / "tournament-rules-2026-05-02.md").read_text(encoding="utf-8")
    with pytest.raises(DataError, match="last updated"):
        parse_document(source.replace("Last Updated 4/29/2026", ""), min_rules=300)
    with pytest.raises(DataError, match="truncated"):
        parse_document(source[: len(source) // 10], min_rules=300)
