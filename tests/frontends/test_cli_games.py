"""``rulesbot ask`` in separate processes builds a channel's game that a later process shows."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

STATEMENTS = [
    "Alice controls Runeclaw Bear and Llanowar Elves. Bob controls Spellskite.",
    "Bob casts Arc Trail targeting Runeclaw Bear and Llanowar Elves.",
    "Alice casts Redirect targeting Arc Trail.",
]


@pytest.fixture
def env(reference_db: Path, tmp_path: Path) -> dict[str, str]:
    return {
        **os.environ,
        "RULESBOT_DATA_DIR": str(reference_db.parent),
        "RULESBOT_DB": str(tmp_path / "games.sqlite"),
    }


def ask(
    env: dict[str, str], *args: str, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", "ask", "--channel", "c1", "--user", "alice", *args],
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_a_game_built_by_several_processes(env: dict[str, str]) -> None:
    assert ask(env, "game new").returncode == 0
    verdicts = []
    for statement in STATEMENTS:
        done = ask(env, "--json", f"game {statement}")
        assert done.returncode == 0, done.stdout + done.stderr
        verdicts += [step["verdict"] for step in json.loads(done.stdout)]
    assert verdicts == ["ok", "ok", "legal", "legal"]
    swap = json.loads(
        ask(
            env,
            "--json",
            "game Redirect resolves choosing new targets Llanowar Elves and Runeclaw Bear.",
        ).stdout
    )
    assert swap[0]["verdict"] == "changed" and {"115.7d", "115.7e"} <= set(swap[0]["rules"])
    shown = ask(env, "game state")
    assert shown.returncode == 0
    assert "#3 Spellskite" in shown.stdout and "Arc Trail" in shown.stdout
    assert "Llanowar Elves — legal" in shown.stdout
    resolved = json.loads(ask(env, "--json", "game resolve").stdout)
    assert [e["text"] for e in resolved[0]["effects"]] == [
        "2 damage to Llanowar Elves",
        "1 damage to Runeclaw Bear",
    ]


def test_scenario_reads_stdin_and_prints_steps(env: dict[str, str]) -> None:
    script = "\n".join(STATEMENTS) + "\nAlice casts Lightnig Blot targeting Bob.\n"
    done = ask(env, "--json", "scenario -", stdin=script)
    assert done.returncode == 0, done.stderr
    steps = json.loads(done.stdout)
    assert [s["verdict"] for s in steps] == ["ok", "ok", "legal", "legal", "error"]
    assert "Lightning Bolt" in steps[-1]["error"]["suggestions"]


def test_the_stdin_dash_may_come_before_options(env: dict[str, str]) -> None:
    """Found by QA: ``scenario - game:riftbound`` answered "The script has no statements"."""
    done = ask(env, "--json", "scenario - game:riftbound", stdin="Bob controls a Recruit token.\n")
    assert done.returncode == 0, done.stderr
    assert [s["verdict"] for s in json.loads(done.stdout)] == ["ok"]


def ask_as(env: dict[str, str], user: str | None, *args: str) -> subprocess.CompletedProcess[str]:
    who = ["--user", user] if user else []
    return subprocess.run(
        [sys.executable, "-m", "bot", "ask", "--channel", "seats", *who, *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_console_user_is_no_player_and_seats_decide_who_changes(env: dict[str, str]) -> None:
    """Issue 10: a phantom player "Console" took 20 life and was offered as a target."""
    assert ask_as(env, None, "game new").returncode == 0
    assert (
        ask_as(env, None, "game Alice controls Runeclaw Bear. Bob controls Spellskite.").returncode
        == 0
    )
    no_seat = ask_as(env, None, "game cast Lightning Bolt")
    assert no_seat.returncode == 1 and "by Alice" in no_seat.stderr
    casting = ask_as(env, None, "--json", "game cast Lightning Bolt by Alice")
    options = [o["label"] for o in json.loads(casting.stdout)["data"]["pending"]["options"]]
    assert options == ["Alice", "Bob", "Runeclaw Bear (#1)", "Spellskite (#2)"]
    assert ask_as(env, None, "game cancel").returncode == 0
    state = json.loads(ask_as(env, None, "--json", "game state").stdout)
    assert [p["name"] for p in state["data"]["players"]] == ["Alice", "Bob"]

    # --user is who asks: a stranger may look but not change; a seat gives the right.
    refused = ask_as(env, "bob", "game Spellskite is tapped.")
    assert refused.returncode == 1 and "seat" in refused.stderr
    assert ask_as(env, "bob", "game state").returncode == 0
    assert ask_as(env, "bob", "game join Bob").returncode == 0
    done = ask_as(env, "bob", "game I cast Lightning Bolt targeting Runeclaw Bear.")
    assert done.returncode == 0 and "legal" in done.stdout
    seats = ask_as(env, None, "game state").stdout
    assert "Bob: bob" in seats


def test_exit_2_only_for_a_malformed_command_line(env: dict[str, str]) -> None:
    """Found by QA: answers that simply couldn't be given exited 2, "the command line itself
    was wrong"; they are 1, and 2 is kept for a command line that was malformed."""
    assert ask_as(env, None, "game new").returncode == 0
    setup = ask_as(env, None, "game Alice controls Runeclaw Bear. Bob controls Spellskite.")
    assert setup.returncode == 0
    could_not = {
        "game choose 99": "Nothing is in progress",  # nothing in progress
        "game cast Lightning Bolt": "don't hold a seat",  # the console holds no seat
        "game new": "already has",  # a game is running
    }
    for line, said in could_not.items():
        done = ask_as(env, None, line)
        assert (done.returncode, said in done.stderr) == (1, True), (line, done.stderr)
    assert ask_as(env, None, "game cast Arc Trail by Bob").returncode == 0
    first = ask_as(env, None, "game back")  # at the first choice
    assert (first.returncode, "first choice" in first.stderr) == (1, True), first.stderr
    for malformed in ("game", "game choose", "gaem new"):
        done = ask_as(env, None, malformed)
        assert done.returncode == 2, (malformed, done.stderr)
