"""Word diffs."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.reference.rule_history_diff import render_diff, same_words, word_diff


def test_reworded_rule_marks_removed_and_added_words() -> None:
    old = "If the target can't be changed, the original target is unchanged."
    new = "If a target can’t be changed, the original target is unchanged, even if illegal."
    text = render_diff(word_diff(old, new))
    assert text == (
        "If ~~the~~ __a__ target can’t be changed, the original target is "
        "~~unchanged.~~ __unchanged, even if illegal.__"
    )


def test_quotes_alone_are_not_a_change() -> None:
    assert same_words('"target" isn\'t', "“target” isn’t")
    assert all(p.kind == "same" for p in word_diff("it's", "it’s"))


def test_marks_never_span_a_line_break() -> None:
    text = render_diff(word_diff("Rule one.", "Rule one.\nExample: new line here."))
    assert text == "Rule one.\n__Example: new line here.__"


_words = st.lists(st.sampled_from(["the", "target", "spell", "can't", "is", "legal", "a"]))


@given(_words, _words)
def test_pieces_rebuild_both_texts(old: list[str], new: list[str]) -> None:
    pieces = word_diff(" ".join(old), " ".join(new))
    rebuilt_old = " ".join(p.text for p in pieces if p.kind != "added" and p.text)
    rebuilt_new = " ".join(p.text for p in pieces if p.kind != "removed" and p.text)
    assert rebuilt_old.split() == old
    assert rebuilt_new.split() == new
