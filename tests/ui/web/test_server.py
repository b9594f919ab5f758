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


def test_the_address_is_said_in_the_tables_language(tmp_path: Path) -> None:
    """A walk's German game said "wolfcall: open http://… on the device in the middle of the table" in English."""
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    proc = subprocess.Popen([WOLFCALL, "play", "--fast", "--audio", "none", "--lang", "de", "--port", str(port),
                             "--data", str(tmp_path)], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stderr is not None
        line = proc.stderr.readline()  # said once it listens
        assert line == f"wolfcall: Öffne http://127.0.0.1:{port}/ auf dem Gerät in der Mitte des Tisches.\n", line
    finally:
        proc.terminate()
        proc.communicate(timeout=60)


def test_the_pages_socket_is_never_compressed(tmp_path: Path) -> None:
    """permessage-deflate would squeeze a padded frame's spaces out: its size on the wire would be its content's
    (narrator/ui/web/shape.py), a wolf's frames told from a villager's. Offered (as every browser does), declined."""
    from websockets.sync.client import connect

    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    proc = subprocess.Popen([WOLFCALL, "play", "--fast", "--audio", "none", "--port", str(port), "--data",
                             str(tmp_path)], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stderr is not None
        line = proc.stderr.readline()  # said once it listens
        assert f"http://127.0.0.1:{port}/" in line, line + proc.stderr.read()
        base = f"http://127.0.0.1:{port}"
        with connect(f"ws://127.0.0.1:{port}/ws", origin=base, open_timeout=60) as ws:  # type: ignore[arg-type]
            assert "permessage-deflate" in (ws.request.headers.get("Sec-WebSocket-Extensions") or "")
            assert ws.response.headers.get("Sec-WebSocket-Extensions") is None
            assert '"t"' in str(ws.recv(timeout=60))  # the page's first frame comes, uncompressed
    finally:
        proc.terminate()
        proc.communicate(timeout=60)
