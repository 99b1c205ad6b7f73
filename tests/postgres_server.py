"""A throwaway PostgreSQL server for tests: started in a temporary folder on a free loopback
port, stopped afterwards.  PostgreSQL refuses to run as root, so as root it runs as the
``postgres`` user.  Tests that need it are skipped (saying what is missing) without the
server binaries (``initdb``, ``pg_ctl``: PostgreSQL 15 on these machines)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

MISSING = "PostgreSQL tests need the server binaries initdb and pg_ctl on PATH (PostgreSQL 15)"


def binaries_available() -> bool:
    return bool(shutil.which("initdb") and shutil.which("pg_ctl"))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _run(*command: str) -> None:
    if os.geteuid() == 0:
        command = ("runuser", "-u", "postgres", "--", *command)
    subprocess.run(command, check=True, capture_output=True, timeout=120)


@contextmanager
def postgres_server() -> Iterator[str]:
    """Yields the server's admin URL (``postgresql://postgres@127.0.0.1:PORT/postgres``)."""
    folder = Path(tempfile.mkdtemp(prefix="rulesbot-pg-"))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
    data = folder / "data"
    port = _free_port()
    _run("initdb", "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync")
    _run(
        "pg_ctl", "-D", str(data), "-l", str(folder / "server.log"), "-w", "start", "-o",
        f"-p {port} -k {folder} -c listen_addresses=127.0.0.1",
    )  # fmt: skip
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        _run("pg_ctl", "-D", str(data), "-w", "stop", "-m", "fast")
        shutil.rmtree(folder, ignore_errors=True)
