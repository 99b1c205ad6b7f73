"""Render replies as plain text, Markdown or JSON for the console and ``rulesbot ask``.

Replies are written in Discord's Markdown.  A terminal or a pipe gets plain text: the marks
are taken out (``[-removed-]``/``{+added+}`` keep a rule diff readable); ``--markdown`` keeps
them for scripts that render Markdown themselves.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict
from typing import Any

from bot.commands.reply import Reply
from bot.errors import AmbiguousError, ScenarioError, UserError, suggestions_text

_STRUCK = re.compile(r"~~(.+?)~~", re.DOTALL)
# __added words__, not a run of underscores (the card named "_____").
_UNDERLINED = re.compile(r"(?<!_)__(?=[^_\s])(.+?)(?<=[^_\s\\])__(?!_)", re.DOTALL)
_BOLD = re.compile(r"\*\*(.+?)\*\*", re.DOTALL)
# *word ...* but not a star in rules text such as Tarmogoyf's "*/1+*".
_ITALIC = re.compile(r"(?<![\w*])\*(?=[\w(\"'“‘])([^*\n]+?)(?<=[\w.)!?\"'”’])\*(?![\w*])")
_LINK = re.compile(r"\[([^\]\n]+)\]\((https?://[^)\s]+)\)")
_HEADING = re.compile(r"^#{1,6}\s+", re.MULTILINE)
_QUOTE = re.compile(r"^> ?", re.MULTILINE)
_ESCAPE = re.compile(r"\\([*_~`>#|\[\]()])")


def plain(markdown: str) -> str:
    """Discord Markdown as plain text: marks removed, strikes and underlines kept visible."""
    text = _STRUCK.sub(r"[-\1-]", markdown)
    text = _UNDERLINED.sub(r"{+\1+}", text)
    text = _BOLD.sub(r"\1", text)
    text = _ITALIC.sub(r"\1", text)
    text = _LINK.sub(r"\1 (\2)", text)
    text = _HEADING.sub("", text)
    text = _QUOTE.sub("  ", text)
    return _ESCAPE.sub(r"\1", text)


def render_text(reply: Reply, *, markdown: bool = False) -> str:
    """The reply as text; Markdown marks removed unless ``markdown``."""
    text = render_markdown(reply)
    return text if markdown else plain(text)


def render_markdown(reply: Reply) -> str:
    lines = [reply.title, "=" * min(len(reply.title), 72)]
    if reply.body:
        lines += [reply.body]
    lines += [f"{field.heading}: {field.text}" for field in reply.fields]
    for section in reply.sections:
        lines += (
            ["", f"## {section.heading}", section.text] if section.heading else ["", section.text]
        )
    if reply.choices:
        lines += ["", "Next:"] + [
            f"  [{choice.command}] {choice.label}"
            + (f" — {choice.description}" if choice.description else "")
            for choice in reply.choices
        ]
    if reply.footer:
        lines += ["", f"({reply.footer})"]
    return "\n".join(line for line in lines if line is not None).strip() + "\n"


def reply_to_json(reply: Reply) -> dict[str, Any]:
    data = asdict(reply)
    data["data"] = dict(reply.data)
    data.pop("picture", None)  # the same board as "data"; --image writes it as a PNG
    return data


def render_json(reply: Reply) -> str:
    """The reply as JSON; a scenario or game answer prints its list of steps."""
    steps = reply.data.get("steps")
    payload: Any = steps if isinstance(steps, list) else reply_to_json(reply)
    return json.dumps(payload, ensure_ascii=False, indent=2, default=str)


def error_text(error: UserError) -> str:
    lines = [f"Error: {error.message}"]
    if isinstance(error, ScenarioError) and error.position is not None:
        lines[0] = f"Error in statement {error.position}: {error.message}"
    if error.suggestions:
        label = "Did you mean" if not isinstance(error, AmbiguousError) else "Which one"
        lines.append(suggestions_text(label, error.suggestions))
    if error.hint:
        lines.append(error.hint)
    return "\n".join(lines) + "\n"


def error_json(error: UserError) -> str:
    payload: dict[str, Any] = {
        "error": error.message,
        "kind": type(error).__name__,
        "suggestions": list(error.suggestions),
        "hint": error.hint,
    }
    if isinstance(error, ScenarioError):
        payload["position"] = error.position
        payload["fragment"] = error.fragment
    return json.dumps(payload, ensure_ascii=False, indent=2)
