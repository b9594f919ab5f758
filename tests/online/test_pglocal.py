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
