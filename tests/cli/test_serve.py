"""`wolfcall serve --online` (narrator/cli/serve.py): a port in use is one line in the server's language."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

WOLFCALL = str(Path(sys.executable).parent / "wolfcall")


def test_a_port_in_use_is_said_in_one_spanish_line_with_another_port(tmp_path: Path) -> None:
    config = tmp_path / "config.yaml"
    config.write_text("language: es\n", encoding="utf-8")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([WOLFCALL, "serve", "--online", "--insecure", "--fast", "--host", "127.0.0.1", "--port",
                               str(port), "--config", str(config), "--data", str(tmp_path / "data")],
                              stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr and "ERROR" not in done.stderr, done.stderr
    line = done.stderr.strip()
    assert line.startswith(f"wolfcall: El puerto {port} ya está en uso"), line
    assert " wolfcall serve --online --port " in line, line
    free = int(line.rsplit(" ", 1)[1])
    assert free != port
    with socket.socket() as s:
        s.bind(("127.0.0.1", free))  # the port it suggests is free
