"""The tests' and the bench's throwaway PostgreSQL ends with whoever started it, however that ends: `pg_ctl` makes the
server a daemon, so before, a test run killed by a timeout left its cluster running (two were found after a day's
runs); its watchdog now stops it when the starter's pipe closes."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest

from narrator.system import postgres_bin

from ..processes import STOPS, children, stop, watched

STARTER = """
import sys
from narrator.online.pglocal import cluster
with cluster() as url:
    print(url, flush=True)
    sys.stdin.read()  # held until the test stops this process
"""


@pytest.mark.parametrize("how", STOPS)
def test_a_cluster_ends_with_the_process_that_started_it(how: str) -> None:
    if postgres_bin() is None:
        pytest.skip("PostgreSQL is not installed")
    starter = subprocess.Popen([sys.executable, "-c", STARTER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               text=True, start_new_session=True)
    try:
        assert starter.stdout is not None
        url = starter.stdout.readline().strip()
        top = Path(url.split("host=", 1)[1]).parent
        postmaster = int((top / "data" / "postmaster.pid").read_text().split()[0])
        watchdogs = [pid for pid, line in children(starter.pid).items() if "shutil" in line or "-c" in line]
        with watched([postmaster, *watchdogs]) as watch:
            stop(starter, how)
            assert watch.left() == [], f"left running after {how}"
        assert not top.exists(), "its folder is removed too"
    finally:
        if starter.poll() is None:
            starter.send_signal(signal.SIGKILL)
        starter.wait()


# a starter that dies (SIGKILL: no cleanup of its own) the moment `pg_ctl start` has returned, before `cluster()`
# yields: it prints the server's pid and its own children's (the watchdog, if one is running by then) first
DYING = """
import os, signal, subprocess
from pathlib import Path
real = subprocess.run
def run(argv, *args, **kwargs):
    done = real(argv, *args, **kwargs)
    if "start" in argv:
        data = Path(argv[argv.index("-D") + 1])
        pids = [data.joinpath("postmaster.pid").read_text().split()[0]]
        for entry in Path("/proc").iterdir():
            try:
                stat = (entry / "stat").read_text() if entry.name.isdigit() else ""
                if stat and int(stat.rsplit(")", 1)[1].split()[1]) == os.getpid():
                    pids.append(entry.name)
            except OSError:
                continue
        print(data.parent, *pids, flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
    return done
subprocess.run = run
from narrator.online.pglocal import cluster
with cluster():
    pass
"""


def test_a_starter_killed_while_the_server_starts_leaves_nothing() -> None:
    # before, the watchdog was started only once the server was up: a starter that died in between (a loaded suite
    # run's crashed worker, 12-07) left a PostgreSQL running with nothing to stop it
    if postgres_bin() is None:
        pytest.skip("PostgreSQL is not installed")
    starter = subprocess.Popen([sys.executable, "-c", DYING], stdout=subprocess.PIPE, text=True,
                               start_new_session=True)
    assert starter.stdout is not None
    top, *pids = starter.stdout.readline().split()
    starter.wait()
    assert starter.returncode == -signal.SIGKILL, "the starter died at the moment the test means"
    with watched([int(pid) for pid in pids]) as watch:
        assert watch.left() == [], "left running after the starter died while the server started"
    assert not Path(top).exists(), "its folder is removed too"
