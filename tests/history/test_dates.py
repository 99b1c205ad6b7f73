"""Dates as people write them."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.errors import UsageError
from bot.reference.rule_history_dates import parse_date

D = datetime.date


@pytest.mark.parametrize(
    ("text", "first", "last"),
    [
        ("2009-10-01", D(2009, 10, 1), D(2009, 10, 1)),
        ("2009/10/1", D(2009, 10, 1), D(2009, 10, 1)),
        ("2009-10", D(2009, 10, 1), D(2009, 10, 31)),
        ("Oct 2009", D(2009, 10, 1), D(2009, 10, 31)),
        ("October, 2009", D(2009, 10, 1), D(2009, 10, 31)),
        ("October 1, 2009", D(2009, 10, 1), D(2009, 10, 1)),
        ("Oct. 1 2009", D(2009, 10, 1), D(2009, 10, 1)),
        ("1 Oct 2009", D(2009, 10, 1), D(2009, 10, 1)),
        ("1st October 2009", D(2009, 10, 1), D(2009, 10, 1)),
        ("sept 2010", D(2010, 9, 1), D(2010, 9, 30)),
        ("2009", D(2009, 1, 1), D(2009, 12, 31)),
        ("2024-02", D(2024, 2, 1), D(2024, 2, 29)),
    ],
)
def test_date_forms(text: str, first: datetime.date, last: datetime.date) -> None:
    period = parse_date(text)
    assert (period.first, period.last) == (first, last)


@pytest.mark.parametrize(
    "text", ["", "yesterday", "2009-13-01", "2009-02-30", "Octember 2009", "10/2009x", "9" * 80]
)
def test_malformed_dates_say_which_forms_work(text: str) -> None:
    with pytest.raises(UsageError) as caught:
        parse_date(text)
    assert "2009-10-01" in caught.value.hint


@given(st.dates(min_value=D(1000, 1, 1), max_value=D(9999, 12, 31)))
def test_every_day_reads_back_in_every_day_form(day: datetime.date) -> None:
    month = day.strftime("%B")
    for text in (
        day.isoformat(),
        f"{month} {day.day}, {day.year}",
        f"{day.day} {month[:3]} {day.year}",
    ):
        period = parse_date(text)
        assert period.first == period.last == day


@given(st.text(max_size=60))
def test_any_text_either_parses_or_raises_usage_error(text: str) -> None:
    try:
        period = parse_date(text)
    except UsageError:
        return
    assert period.first <= period.last
