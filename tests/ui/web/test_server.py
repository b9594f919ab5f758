"""`wolfcall play` with the page (narrator/ui/web/server.py): where it listens, or why it cannot."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

WOLFCALL = str(Path(sys.executable).parent / "wolfcall")


def test_a_port_in_use_is_said_in_one_german_line_with_another_port(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([WOLFCALL, "play", "--fast", "--audio", "none", "--lang", "de", "--port", str(port),
                               "--data", str(tmp_path)], stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              timeout=120, check=False)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "http://" not in done.stderr and "Traceback" not in done.stderr
    line = done.stderr.strip()
    assert line.startswith(f"wolfcall: Port {port} ist schon belegt") and "wolfcall play --port " in line
    free = int(line.rsplit(" ", 1)[1])
    assert free != port
    with socket.socket() as s:
        s.bind(("127.0.0.1", free))  # the port it suggests is free
