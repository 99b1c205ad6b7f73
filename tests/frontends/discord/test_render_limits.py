"""The renderer never exceeds a Discord limit, whatever the reply (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.commands.reply import Reply, Section
from bot.frontends.discord.inline import find_references
from bot.frontends.discord.render import (
    autocomplete_choices,
    description_of,
    embeds_fit,
    paginate,
    render,
    render_page,
)

texts = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=3000)
sections = st.builds(Section, heading=st.text(max_size=400), text=texts)
replies = st.builds(
    Reply,
    title=st.text(max_size=400),
    body=texts,
    sections=st.lists(sections, max_size=30).map(tuple),
    footer=st.text(max_size=3000),
)


@settings(max_examples=150, deadline=None)
@given(replies)
def test_every_page_fits_an_embed_and_nothing_is_lost(reply: Reply) -> None:
    pages = paginate(reply)
    for number, page in enumerate(pages, start=1):
        assert embeds_fit([render_page(page, number, len(pages), "note")])
    # Every section's text reaches some page (paging never drops an answer).
    shown = "".join(description_of(page) for page in pages)
    for section in reply.sections:
        for word in section.text.split()[:3]:
            assert word in shown or len(word) > 100


@given(replies, st.integers(-5, 500))
@settings(max_examples=50, deadline=None)
def test_any_page_number_is_clamped(reply: Reply, page: int) -> None:
    rendered = render(reply, page)
    assert 1 <= rendered.number <= rendered.total
    assert embeds_fit([rendered.embed])


@given(
    st.lists(
        st.one_of(st.text(max_size=300), st.tuples(st.text(max_size=300), st.text(max_size=300)))
    )
)
def test_autocomplete_choices_fit(items: list[str | tuple[str, str]]) -> None:
    choices = autocomplete_choices(items)
    assert len(choices) <= 25
    assert all(1 <= len(c.name) <= 100 and 1 <= len(c.value) <= 100 for c in choices)
    assert len({c.value for c in choices}) == len(choices)


def _lines(text: str, game: str = "mtg") -> list[str]:
    return [call.line for call in find_references(text, game)]


def test_inline_references_found_in_order() -> None:
    text = "What about [[Arc Trail]] vs CR 115.7a, and [[Lightning Bolt|rulings]]? `[[Shock]]`"
    assert _lines(text) == ["card Arc Trail", "rule 115.7a", "rulings Lightning Bolt"]
    assert _lines("[[Fox-Fire]]", game="riftbound") == ["riftbound-card Fox-Fire"]
    assert _lines("cr702 and CR 702.19b.") == ["rule 702", "rule 702.19b"]
    assert _lines("no refs at 115.7a [not] [[ ]]") == []


@given(st.text(max_size=2000))
def test_inline_parser_never_fails(text: str) -> None:
    found = _lines(text)
    assert len(found) == len(set(found))
    assert all(line.split(" ", 1)[0] in {"card", "rulings", "rule"} for line in found)
