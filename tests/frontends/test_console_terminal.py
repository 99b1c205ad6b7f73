"""The console as a user meets it: a real pseudo-terminal (rich output, Ctrl-C, Ctrl-D), and
`rulesbot ask` piped into a script (plain text, errors on stderr, exit codes)."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

from tests.frontends.test_cli import run_rulesbot

PROMPT = "rulesbot> "
BOLD, UNDERLINE = "1", "4"


def _styled(shown: str, code: str) -> bool:
    """Whether the terminal output turns on SGR attribute ``code`` (bold 1, underline 4...)."""
    return any(code in m.split(";") for m in re.findall(r"\x1b\[([\d;]*)m", shown))


@pytest.fixture(scope="module")
def data_dir(reference_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("console-data")
    (folder / "reference.sqlite").symlink_to(reference_db)
    return folder


def _console(data_dir: Path, *args: str) -> pexpect.spawn:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env.update(
        RULESBOT_DATA_DIR=str(data_dir),
        RULESBOT_DB=str(data_dir / "games.sqlite"),
        TERM="xterm-256color",
        COLUMNS="100",
        LINES="40",
    )
    child = pexpect.spawn(
        sys.executable,
        ["-m", "bot", "console", *args],
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(40, 100),
    )
    child.expect_exact(PROMPT)
    return child


def test_console_draws_answers_with_styles_not_markdown_marks(data_dir: Path) -> None:
    child = _console(data_dir)
    try:
        child.sendline("rule 115.7d")
        child.expect_exact(PROMPT)
        shown = child.before
        assert "115.7d" in shown and "choose new targets" in shown
        assert _styled(shown, BOLD)  # the title and rule numbers are drawn bold, not marked up
        assert "## " not in shown and "**" not in shown
        child.sendline("rule diff 115.7d 2010-07-16 2026-01-16")
        child.expect_exact(PROMPT)
        diff = child.before
        # Words added in 2011 are underlined (SGR 4), never shown as raw "__" marks.
        assert _styled(diff, UNDERLINE) and "__" not in diff and "~~" not in diff
    finally:
        child.sendeof()
        child.expect(pexpect.EOF)


def test_ctrl_c_drops_the_line_and_ctrl_d_leaves_cleanly(data_dir: Path) -> None:
    child = _console(data_dir)
    child.send("card lightning bo")
    child.expect_exact("lightning bo")  # echoed: the console is reading the line (as a user sees)
    child.sendintr()  # Ctrl-C while typing: the line is dropped, a new prompt at once
    child.expect_exact(PROMPT, timeout=10)
    child.sendline("card opt")
    child.expect_exact(PROMPT)
    assert "Scry 1" in child.before and "Lightning Bolt" not in child.before
    child.sendeof()  # Ctrl-D: leave
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in (child.before or "")


def test_quit_leaves_with_status_0(data_dir: Path) -> None:
    child = _console(data_dir, "--user", "Alice")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_errors_in_the_console_are_friendly(data_dir: Path) -> None:
    child = _console(data_dir)
    child.sendline("card lightnig bolt zzz")
    child.expect_exact(PROMPT)
    assert "Traceback" not in child.before
    child.sendline("frobnicate")
    child.expect_exact(PROMPT)
    assert (
        "There is no command `frobnicate`" in child.before
        and "Commands: about, card" in child.before
    )
    child.sendeof()
    child.expect(pexpect.EOF)


def test_ask_prints_plain_text_when_piped(data_dir: Path) -> None:
    result = run_rulesbot(data_dir, "ask", "rule diff 115.7d 2010-07-16 2026-01-16")
    assert result.returncode == 0, result.stderr
    assert "**" not in result.stdout and "~~" not in result.stdout and "## " not in result.stdout
    # The added words stay visible as an addition in plain text.
    assert "{+legal and must not cause any unchanged targets to become illegal.+}" in result.stdout
    marked = run_rulesbot(data_dir, "ask", "--markdown", "rule diff 115.7d 2010-07-16 2026-01-16")
    assert "__legal and must not cause" in marked.stdout and "## " in marked.stdout


def test_errors_go_to_stderr_and_answers_to_stdout(data_dir: Path) -> None:
    missing = run_rulesbot(data_dir, "ask", "card qzxqzxqzx")
    assert missing.returncode == 1
    assert missing.stdout == "" and "Error:" in missing.stderr


def test_a_scenario_whose_statements_all_failed_exits_1(data_dir: Path) -> None:
    failed = run_rulesbot(data_dir, "ask", "scenario Bob casts Qzxqzx Bolt targeting Alice.")
    assert failed.returncode == 1
    assert "→ error" in failed.stdout
    worked = run_rulesbot(
        data_dir, "ask", "scenario Alice controls Runeclaw Bear. Bob casts Qzxqzx Bolt."
    )
    assert worked.returncode == 0  # one statement answered: the scenario answered


def test_an_unknown_option_shows_the_usage_of_its_command(data_dir: Path) -> None:
    result = run_rulesbot(data_dir, "ask", "--bogus", "card opt")
    assert result.returncode == 2
    assert "usage: rulesbot ask" in result.stderr and "--bogus" in result.stderr


def test_help_lists_commands_exit_codes_and_the_sync_folder(data_dir: Path) -> None:
    ask = run_rulesbot(data_dir, "ask", "--help")
    assert "exit status:" in ask.stdout and "scenario STATEMENTS" in ask.stdout
    for code in ("0  the answer was printed", "1  the command could not answer", "2  the command"):
        assert code in ask.stdout
    sync = run_rulesbot(data_dir, "sync", "--help")
    assert "DIR/mtg-cr/" in sync.stdout and "MagicCompRules-YYYYMMDD.txt" in sync.stdout
    assert "../shared" not in sync.stdout  # described in words, not by this repo's layout


def test_the_rule_diff_of_a_rewritten_rule_shows_both_wordings(data_dir: Path) -> None:
    result = run_rulesbot(data_dir, "ask", "rule diff 608.2b 2003-03-15 2026-01-16")
    assert result.returncode == 0, result.stderr
    assert "Most of the words changed, so both wordings are shown whole." in result.stdout
    assert (
        "Then: 413.2a (2003-03-15)" in result.stdout and "Now: 608.2b (2026-01-16)" in result.stdout
    )
    assert "A target that's removed from play" in result.stdout.replace("’", "'")
    assert "[-" not in result.stdout


def test_ask_image_writes_the_board_and_refuses_without_one(data_dir: Path, tmp_path: Path) -> None:
    image = tmp_path / "board.png"
    drawn = run_rulesbot(
        data_dir, "ask", "--image", str(image), "scenario Bob casts Lightning Bolt targeting Alice."
    )
    assert drawn.returncode == 0, drawn.stderr
    assert image.read_bytes().startswith(b"\x89PNG")
    none = run_rulesbot(data_dir, "ask", "--image", str(tmp_path / "x.png"), "card opt")
    assert none.returncode == 1 and "no board to draw" in none.stderr
    assert not (tmp_path / "x.png").exists()


def test_console_picture_draws_the_channels_game(data_dir: Path, tmp_path: Path) -> None:
    child = _console(data_dir)
    try:
        for line in ("game new", "game Alice controls Runeclaw Bear."):
            child.sendline(line)
            child.expect_exact(PROMPT)
        target = tmp_path / "console-board.png"
        child.sendline(f"picture {target}")
        child.expect_exact(PROMPT)
        assert "Drew the board to" in child.before
        assert target.read_bytes().startswith(b"\x89PNG")
    finally:
        child.sendeof()
        child.expect(pexpect.EOF)
