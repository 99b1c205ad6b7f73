from hypothesis import given, settings
from hypothesis import strategies as st

from bot.commands.reply import Reply, Section, split_text

texts = st.text(alphabet=st.sampled_from("ab \n"), max_size=3000)


@settings(max_examples=300, deadline=None)
@given(
    body=texts,
    sections=st.lists(st.tuples(st.text(max_size=80), texts), max_size=8),
    limit=st.integers(min_value=50, max_value=4096),
)
def test_pages_never_exceed_the_limit_and_lose_no_text(body, sections, limit) -> None:
    reply = Reply("title", body=body, sections=tuple(Section(h, t) for h, t in sections))
    pages = reply.pages(limit)
    assert pages
    for page in pages:
        assert len(page.body) + sum(len(s.heading) + len(s.text) for s in page.sections) <= limit
    kept = "".join(p.body + "".join(s.text for s in p.sections) for p in pages)
    original = body + "".join(t for _, t in sections)
    assert sorted(kept.replace(" ", "").replace("\n", "")) == sorted(
        original.replace(" ", "").replace("\n", "")
    )


def test_split_text_prefers_line_breaks() -> None:
    assert split_text("one\ntwo\nthree", 8) == ["one\ntwo", "three"]
    assert split_text("", 10) == [""]
