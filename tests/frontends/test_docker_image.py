"""The Docker image's steps, done here as the Dockerfile does them (no Docker engine on these
machines): copy only what the Dockerfile copies, install it (not editable) into a fresh venv,
then `sync --from` and a lookup from outside the repository, and the health check."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from bot.frontends.heartbeat import beat
from tests.conftest import REPO_ROOT

DOCKERFILE = REPO_ROOT / "Dockerfile"


def _copied_paths() -> list[str]:
    """What the build stage copies from the build context (``COPY a b ./dest``)."""
    paths: list[str] = []
    for line in DOCKERFILE.read_text(encoding="utf-8").splitlines():
        if line.startswith("COPY ") and "--from=" not in line:
            paths += line.split()[1:-1]
    return paths


def _ignored() -> set[str]:
    lines = (REPO_ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


def test_the_build_context_leaves_out_the_venv_and_git_but_not_what_is_copied() -> None:
    ignored = _ignored()
    assert {".venv", ".git", "tests"} <= ignored
    copied = _copied_paths()
    assert copied and not set(copied) & ignored
    assert re.search(
        r'^HEALTHCHECK .*CMD \["rulesbot", "health"\]',
        DOCKERFILE.read_text(),
        re.MULTILINE | re.DOTALL,
    )


@pytest.mark.slow
def test_the_image_steps_install_sync_and_answer(tmp_path: Path, shared_data: Path) -> None:
    source = tmp_path / "src"
    source.mkdir()
    for name in _copied_paths():
        origin = REPO_ROOT / name
        if origin.is_dir():
            shutil.copytree(origin, source / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(origin, source / name)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    # The dependencies come from this test's environment (the image downloads them from PyPI);
    # the project itself is installed from the copied tree only, not editable.
    python = venv / "bin" / "python"
    site = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    (Path(site) / "outer.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run(
        [python, "-m", "pip", "install", "--quiet", "--no-deps", str(source)],
        check=True,
        cwd=tmp_path,
    )
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "PYTHONPATH")}
    env["RULESBOT_DATA_DIR"] = str(tmp_path / "data")
    rulesbot = str(venv / "bin" / "rulesbot")

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [rulesbot, *args],
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp_path,
            timeout=600,
            check=False,
        )

    where = subprocess.run(
        [python, "-c", "import bot; print(bot.__file__)"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        check=True,
    ).stdout
    assert where.startswith(site), where  # the installed copy, not this checkout
    synced = run("sync", "--from", str(shared_data))
    assert synced.returncode == 0, synced.stderr
    card = run("ask", "card lightning bolt")
    assert card.returncode == 0 and "Lightning Bolt deals 3 damage to any target." in card.stdout
    rule = run("ask", "rule 115.7d")
    assert rule.returncode == 0 and "choose new targets" in rule.stdout
    unhealthy = run("health")
    assert unhealthy.returncode == 1 and "no heartbeat" in unhealthy.stderr
    beat(tmp_path / "data" / "heartbeat")
    assert run("health").returncode == 0
