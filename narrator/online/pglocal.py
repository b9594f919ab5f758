"""A throwaway PostgreSQL server for the tests and the bench: Debian's `postgresql` package's programs, a cluster
in a temporary folder, listening only on a unix socket there, gone when stopped — and gone when whoever started it
ends however it ends (a killed test run, a bench stopped by SIGKILL): `pg_ctl` makes the server a daemon, so a
watchdog process of its own session holds a pipe from the starter and stops the cluster when the pipe closes.

PostgreSQL refuses to run as root, so as root (CI) the cluster belongs to the package's `postgres` user (or
`nobody`) and its programs run through `runuser`; as anyone else, as that user. Each caller makes and drops its
own database (`database`).
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import sys
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from narrator.system import postgres_bin

ADMIN = "wolfcall"  # the cluster's superuser

# the watchdog: waits for its stdin to close (the starter stopped, or died), then stops the cluster and removes it
WATCHDOG = """
import os, shutil, subprocess, sys, time
sys.stdin.buffer.read()
subprocess.run(sys.argv[3:], capture_output=True)
for _ in range(100):  # the server's last processes may still write a file as it goes: until the folder is gone
    shutil.rmtree(sys.argv[1], ignore_errors=True)
    if not os.path.exists(sys.argv[1]):
        break
    time.sleep(0.05)
"""


def _owner() -> str | None:
    """Whom the cluster runs as: None for this user, a system user when this is root."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            continue
    raise RuntimeError("PostgreSQL does not run as root, and there is no postgres or nobody user to run it as")


def _as(owner: str | None, argv: list[str]) -> list[str]:
    return argv if owner is None else ["runuser", "-u", owner, "--", *argv]


@contextmanager
def cluster() -> Iterator[str]:
    """A running server for as long as the block lasts; its address (a libpq URL to the `postgres` database)."""
    programs = postgres_bin()
    if programs is None:
        raise FileNotFoundError("PostgreSQL is not installed (Debian: apt-get install postgresql)")
    owner = _owner()
    top = Path(tempfile.mkdtemp(prefix="wolfcall-pg-"))
    data, sock = top / "data", top / "sock"
    sock.mkdir()
    if owner is not None:
        entry = pwd.getpwnam(owner)
        for path in (top, sock):
            os.chown(path, entry.pw_uid, entry.pw_gid)
    log = top / "log"
    stop = _as(owner, [str(programs / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"])
    # started before the server, in its own session: a signal to the starter's process group does not end it
    # before it has done its work, and a starter that dies while the server starts (a crash, a kill) leaves
    # nothing running (a crash in that window left a server behind, 12-07)
    watchdog = subprocess.Popen([sys.executable, "-c", WATCHDOG, str(top), "-", *stop], stdin=subprocess.PIPE,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    assert watchdog.stdin is not None
    try:
        subprocess.run(_as(owner, [str(programs / "initdb"), "-D", str(data), "-U", ADMIN, "-A", "trust",
                                   "-E", "UTF8", "--no-locale", "--no-sync"]), check=True, capture_output=True)
        options = f"-k {sock} -c listen_addresses= -c fsync=off -c full_page_writes=off -c max_connections=200"
        subprocess.run(_as(owner, [str(programs / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(log),
                                   "-w", "start"]), check=True, capture_output=True)
    except subprocess.CalledProcessError as exc:
        told = (exc.stderr or b"").decode(errors="replace") + (log.read_text(errors="replace") if log.exists() else "")
        watchdog.stdin.close()  # it stops what may have started, and removes the folder
        watchdog.wait()
        raise RuntimeError(f"PostgreSQL did not start: {told.strip()[-2000:]}") from None
    try:
        yield f"postgresql://{ADMIN}@/postgres?host={sock}"
    finally:
        subprocess.run(stop, capture_output=True)
        shutil.rmtree(top, ignore_errors=True)
        watchdog.stdin.close()  # nothing left to do for it: it ends
        watchdog.wait()


@contextmanager
def database(server: str) -> Iterator[str]:
    """A new, empty database on `server` (an address from `cluster`) for the block; dropped after it."""
    import psycopg

    name = f"wolfcall_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(server, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")  # type: ignore[arg-type]  # a name made here, not input
    try:
        yield server.replace("/postgres?", f"/{name}?")
    finally:
        with psycopg.connect(server, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")  # type: ignore[arg-type]
