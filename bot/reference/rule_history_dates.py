"""Dates as people write them when asking for an old rule: ``2009-10-01``, ``2009-10``,
``Oct 2009``, ``October 1, 2009``, ``1 Oct 2009``, ``2009``.

A date names a period (a day, a month or a year); the history code picks the rules version in
force during it.  Pure functions, no I/O.
"""

from __future__ import annotations

import calendar
import datetime
import re
from dataclasses import dataclass

from bot.errors import UsageError

DATE_FORMS = "2009-10-01, 2009-10, Oct 2009, October 1, 2009, 1 Oct 2009 or 2009"
DATE_HINT = f"Write the date as {DATE_FORMS}."
_MAX_DATE_TEXT = 40

_MONTHS = {
    name: number
    for number in range(1, 13)
    for name in (calendar.month_name[number].lower(), calendar.month_abbr[number].lower())
}
_MONTHS["sept"] = 9
_MONTH = r"(?P<month>[A-Za-z]{3,9})\.?"
_FORMS = tuple(
    re.compile(pattern, re.IGNORECASE)
    for pattern in (
        r"^(?P<year>\d{4})[-/.](?P<mon>\d{1,2})[-/.](?P<day>\d{1,2})$",
        r"^(?P<year>\d{4})[-/.](?P<mon>\d{1,2})$",
        r"^(?P<year>\d{4})$",
        rf"^{_MONTH}\s+(?P<day>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?P<year>\d{{4}})$",
        rf"^(?P<day>\d{{1,2}})(?:st|nd|rd|th)?\s+{_MONTH},?\s+(?P<year>\d{{4}})$",
        rf"^{_MONTH},?\s+(?P<year>\d{{4}})$",
    )
)


@dataclass(frozen=True)
class DatePeriod:
    """The days a written date covers: one day, a month or a year."""

    text: str
    first: datetime.date
    last: datetime.date

    @property
    def is_day(self) -> bool:
        return self.first == self.last


def parse_date(text: str) -> DatePeriod:
    """``"Oct 2009"`` -> the days of October 2009; raises ``UsageError`` on any other form."""
    cleaned = " ".join(text.split()).strip(" ,")
    if not cleaned or len(cleaned) > _MAX_DATE_TEXT:
        raise UsageError(f"{cleaned[:_MAX_DATE_TEXT]!r} is not a date I can read.", hint=DATE_HINT)
    for form in _FORMS:
        match = form.match(cleaned)
        if match is not None:
            return _period(cleaned, match.groupdict())
    raise UsageError(f"{cleaned!r} is not a date I can read.", hint=DATE_HINT)


def looks_like_date(text: str) -> bool:
    try:
        parse_date(text)
    except UsageError:
        return False
    return True


def _period(text: str, parts: dict[str, str | None]) -> DatePeriod:
    year = int(parts["year"] or 0)
    month_name = parts.get("month")
    month: int | None
    if month_name is not None:
        month = _MONTHS.get(month_name.lower())
        if month is None:
            raise UsageError(f"{month_name!r} is not a month.", hint=DATE_HINT)
    else:
        month = int(mon) if (mon := parts.get("mon")) else None
    day = int(day_text) if (day_text := parts.get("day")) else None
    try:
        if month is None:
            return DatePeriod(text, datetime.date(year, 1, 1), datetime.date(year, 12, 31))
        if day is None:
            last_day = calendar.monthrange(year, month)[1]
            return DatePeriod(
                text, datetime.date(year, month, 1), datetime.date(year, month, last_day)
            )
        day_date = datetime.date(year, month, day)
    except ValueError as error:
        raise UsageError(f"{text!r} is not a real date ({error}).", hint=DATE_HINT) from error
    return DatePeriod(text, day_date, day_date)
