"""Replies drawn for a terminal with rich: headings, bold, struck and underlined words, links,
and rule numbers highlighted, instead of Discord's Markdown marks shown raw.

Only the marks the bot writes are read (bold, italics, strike, underline, inline code, links,
headings, quotes); anything else is shown as written.  Without a terminal (a pipe, a file)
rich writes the same text without colours.
"""

from __future__ import annotations

import re

from rich.text import Text

from bot.commands.reply import Reply

TITLE_STYLE = "bold magenta"
HEADING_STYLE = "bold"
RULE_STYLE = "bold cyan"
CODE_STYLE = "cyan"
FOOTER_STYLE = "dim italic"

_INLINE = re.compile(
    r"\*\*(?P<bold>.+?)\*\*"
    r"|__(?P<under>.+?)__"
    r"|~~(?P<strike>.+?)~~"
    r"|`(?P<code>[^`\n]+)`"
    r"|\[(?P<label>[^\]\n]+)\]\((?P<url>https?://[^)\s]+)\)"
    # *italic*, but not the stars of a P/T such as Tarmogoyf's "*/1+*"
    r"|(?<![\w*])\*(?P<italic>[\w(\"'“‘][^*\n]*?)\*(?![\w*])"
    # rule numbers: 115.7d, 608.2b, 702.11 (CR) and 355.6.b (Riftbound)
    r"|(?P<rule>(?<![\w.])\d{3}\.\d+(?:\.?[a-z])?(?![\w]))"
)
_STYLES = {"bold": "bold", "under": "underline", "strike": "strike", "italic": "italic"}
_HEADING = re.compile(r"^#{1,6}\s+")


def inline(markdown: str, style: str = "") -> Text:
    """One line of Markdown as styled text."""
    text = Text(style=style)
    position = 0
    for match in _INLINE.finditer(markdown):
        text.append(markdown[position : match.start()])
        kind = match.lastgroup
        if kind in _STYLES:
            inner = inline(match.group(kind))
            inner.stylize(_STYLES[kind])
            text.append_text(inner)
        elif kind == "code":
            text.append(match.group("code"), style=CODE_STYLE)
        elif kind in ("label", "url"):
            text.append(match.group("label"), style=f"underline link {match.group('url')}")
        elif kind == "rule":
            text.append(match.group("rule"), style=RULE_STYLE)
        position = match.end()
    text.append(markdown[position:])
    return text


def block(markdown: str) -> Text:
    """Several lines of Markdown: headings bold, quotes indented behind a bar."""
    lines = []
    for line in markdown.split("\n"):
        if _HEADING.match(line):
            lines.append(inline(_HEADING.sub("", line), style=HEADING_STYLE))
        elif line.startswith(">"):
            lines.append(Text("│ ", style="dim") + inline(line[1:].lstrip()))
        else:
            lines.append(inline(line))
    return Text("\n").join(lines)


def render_rich(reply: Reply) -> Text:
    """The whole reply, laid out as ``render_text`` lays it out, with styles instead of marks."""
    parts = [Text(reply.title, style=TITLE_STYLE)]
    if reply.body:
        parts.append(block(reply.body))
    for field in reply.fields:
        parts.append(Text(f"{field.heading}: ", style=HEADING_STYLE) + inline(field.text))
    for section in reply.sections:
        parts.append(Text(""))
        if section.heading:
            parts.append(inline(section.heading, style=HEADING_STYLE + " underline"))
        parts.append(block(section.text))
    if reply.choices:
        parts += [Text(""), Text("Next:", style=HEADING_STYLE)]
        for choice in reply.choices:
            line = Text("  ") + Text(choice.command, style=CODE_STYLE) + Text(f"  {choice.label}")
            if choice.description:
                line.append(f" — {choice.description}", style="dim")
            parts.append(line)
    if reply.footer:
        parts += [Text(""), inline(reply.footer, style=FOOTER_STYLE)]
    return Text("\n").join(parts)
