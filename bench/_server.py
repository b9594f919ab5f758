"""A server in its own process, for the suites that start one: a free port, and the wait until it listens."""

from __future__ import annotations

import socket
import subprocess
import time
from pathlib import Path
from typing import Any

LISTEN_GUARD_S = 20.0  # only against a server that never listens


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def listening(proc: subprocess.Popen[bytes], port: int, log: Path) -> None:
    """Return once `port` takes a connection; raise with the server's log if the process ends first."""
    deadline = time.monotonic() + LISTEN_GUARD_S
    while True:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        if proc.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"wolfcall play did not listen: {log.read_text()}")
        time.sleep(0.05)


def stop(proc: subprocess.Popen[Any], grace_s: float) -> None:
    """A process the bench started ends as a service manager stops it: SIGTERM, so that it ends what it started;
    SIGKILL only if it has not ended within `grace_s`."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(grace_s)
        except subprocess.TimeoutExpired:
            proc.kill()
    proc.wait()
