"""The processes a process has started, read from /proc, and waiting for them to end: on the event itself (a
pidfd turns readable when its process ends), bounded only against a hang. And the setup screen's live odds asked for
over a page's socket, which starts a server's odds worker (narrator/balance/live.py)."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

GUARD_S = 60  # against a process that never ends; every end waited for here comes in well under a second

# the setup's 9 players without the hunter: a deal the committed odds table lacks, estimated by the worker
LIVE_DEAL = {"t": "adjust", "role": "hunter", "delta": -1}


# how a process is stopped: by a signal to it, or Ctrl-C at its terminal (to the whole foreground group, workers too;
# the process must lead its own group: start_new_session)
STOPS = ("SIGTERM", "SIGKILL", "Ctrl-C")


def stop(proc: subprocess.Popen[Any], how: str) -> None:
    if how == "Ctrl-C":
        os.killpg(proc.pid, signal.SIGINT)
    else:
        proc.send_signal(signal.Signals[how])


def children(parent: int) -> dict[int, str]:
    """The processes whose parent is `parent` now, with their command lines."""
    found = {}
    for entry in Path("/proc").iterdir():
        try:
            stat = (entry / "stat").read_text() if entry.name.isdigit() else ""
        except OSError:  # ended meanwhile
            continue
        if stat and int(stat.rsplit(")", 1)[1].split()[1]) == parent:  # the field after the name (which may hold ")")
            found[int(entry.name)] = _cmdline(int(entry.name))
    return found


class Watch:
    """Processes held by pidfd from now on (a pid reused later is not theirs)."""

    def __init__(self, pids: list[int]) -> None:
        self.fds: dict[int, int] = {}
        for pid in pids:
            try:
                self.fds[pid] = os.pidfd_open(pid)
            except ProcessLookupError:  # already ended and reaped
                continue
        self.cmdlines = {pid: _cmdline(pid) for pid in pids}

    def left(self) -> list[str]:
        """Waits for every one of them to end; those that did not (pid and command line)."""
        waiting = select.poll()
        for fd in self.fds.values():
            waiting.register(fd, select.POLLIN)
        ended: set[int] = set()
        while len(ended) < len(self.fds):
            ready = waiting.poll(GUARD_S * 1000)  # a process's end wakes it: the bound is only against a hang
            if not ready:
                break
            for fd, _ in ready:
                ended.add(fd)
                waiting.unregister(fd)
        return [f"{pid} {self.cmdlines[pid]}" for pid, fd in self.fds.items() if fd not in ended]


@contextmanager
def watched(pids: list[int]) -> Iterator[Watch]:
    watch = Watch(pids)
    try:
        yield watch
    finally:
        for fd in watch.fds.values():
            os.close(fd)


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return "?"


def live_odds(url: str, **connect: Any) -> dict[str, Any]:
    """As the setup page asks for the odds of a deal the table lacks (the host's page on the socket at `url`): the
    odds the worker estimated, once the setup screen shows them."""
    from websockets.sync.client import connect as open_socket

    with open_socket(url, open_timeout=GUARD_S, **connect) as ws:
        ws.send(json.dumps({"t": "hello", "token": None}))
        ws.send(json.dumps(LIVE_DEAL))
        while True:
            message = json.loads(ws.recv(timeout=GUARD_S))
            balance = (message.get("draft") or {}).get("balance") if message.get("t") == "screen" else None
            if balance and balance.get("source") == "live":
                return dict(balance)
