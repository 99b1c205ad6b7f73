"""The shapes of questions about one thing, shared by the Magic and Riftbound rule lookups.

"how does phasing work", "what does sacrifice mean", "what is a showdown": the words around the
thing asked about are no part of it, and a lookup by term or title needs the thing alone.
"""

from __future__ import annotations

import re

# A question about one named thing ("what happens in the upkeep step" too), answered by the
# rule titled with it or opening its section (matched against a lower-case, punctuation-free
# text).
ASKS_ABOUT = re.compile(
    r"(?:how (?:does|do|is) (.+?) (?:work|used)|what (?:does|do) (.+?) (?:mean|do)|"
    r"what (?:is|are) (?:an? |the )?(.+?)|what happens (?:in|during) (?:an? |the )?(.+?))\s*\??"
)
# Words that open a question about a term ("what is", "define"), in any case.
QUESTION_PREFIX = re.compile(
    r"^(?:what(?:'s| is| are| does)?|define|definition of|meaning of|explain|how does)\s+",
    re.IGNORECASE,
)
_ARTICLE = re.compile(r"^(?:an?|the)\s+")


def asked_subject(key: str) -> str | None:
    """The thing a question asks about, or ``None`` when ``key`` is no such question.

    ``key`` is lower case without punctuation: "how does a showdown work" -> "showdown".
    """
    asked = ASKS_ABOUT.fullmatch(key)
    if asked is not None:
        subject = next(group for group in asked.groups() if group)
    else:
        subject = QUESTION_PREFIX.sub("", key)
        if subject == key:
            return None
    return _ARTICLE.sub("", subject).strip() or None
