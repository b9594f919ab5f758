"""`wolfcall serve --online` (narrator/cli/serve.py): a port in use is one line in the server's language."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from ..processes import GUARD_S, children, live_odds, watched

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


def _serve(tmp_path: Path, *store: str) -> subprocess.Popen[str]:
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    return subprocess.Popen([WOLFCALL, "serve", "--online", "--insecure", "--fast", "--host", "127.0.0.1", "--port",
                             str(port), "--data", str(tmp_path / "data"), *store],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _base(proc: subprocess.Popen[str]) -> str:
    """The server's address, from the line it says once it listens."""
    assert proc.stderr is not None
    line = proc.stderr.readline()
    assert "online rooms on http://127.0.0.1:" in line, line + proc.stderr.read()
    return line.strip().rsplit(" ", 1)[1].rstrip("/")


def test_a_store_it_cannot_use_is_one_line(tmp_path: Path) -> None:
    for address, said in (("mysql://db/wolf", "--store takes a PostgreSQL address"),
                          (f"postgresql://nobody@/none?host={tmp_path}", "cannot reach the PostgreSQL store")):
        proc = _serve(tmp_path, "--store", address)
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 1 and out == "", err
        assert err.count("\n") == 1 and "Traceback" not in err and err.startswith(f"wolfcall: {said}"), err


def test_accounts_go_to_the_postgresql_store(tmp_path: Path, pg_address: str) -> None:
    import httpx

    from narrator.online.pgstore import PostgresStore

    proc = _serve(tmp_path, "--store", pg_address)
    try:
        base = _base(proc)
        reply = httpx.post(f"{base}/api/signup", json={"name": "Begoña", "password": "correct horse"}, timeout=60)
        assert reply.status_code == 200, reply.text
    finally:
        proc.terminate()
        proc.communicate(timeout=60)
    store = PostgresStore(pg_address)
    assert store.user_by_name("begoña") is not None and not (tmp_path / "data" / "accounts.sqlite").exists()
    store.close()


def test_a_rooms_socket_is_never_compressed(tmp_path: Path) -> None:
    """permessage-deflate would squeeze a padded frame's spaces out: its size on the wire would be its content's
    (narrator/ui/web/shape.py). Offered by the client (as every browser does), it is declined."""
    from websockets.sync.client import connect

    proc = _serve(tmp_path)
    try:
        base = _base(proc)
        with connect(base.replace("http", "ws") + "/r/ABCD/ws", origin=base, open_timeout=60) as ws:  # type: ignore[arg-type]
            assert "permessage-deflate" in (ws.request.headers.get("Sec-WebSocket-Extensions") or "")
            assert ws.response.headers.get("Sec-WebSocket-Extensions") is None
    finally:
        proc.terminate()
        proc.communicate(timeout=60)


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_a_stopped_online_server_leaves_no_process_behind(tmp_path: Path, stop: signal.Signals) -> None:
    """Issue 38: a room's setup odds worker and multiprocessing's resource tracker outlived the server."""
    import httpx

    proc = _serve(tmp_path)
    try:
        base = _base(proc)
        ana = httpx.Client(base_url=base, timeout=GUARD_S)
        assert ana.post("/api/signup", json={"name": "Ana", "password": "correct horse"}).status_code == 200
        code = ana.post("/api/rooms", json={"ruleset": "classic"}).json()["code"]
        cookie = "; ".join(f"{k}={v}" for k, v in ana.cookies.items())
        odds = live_odds(base.replace("http", "ws") + f"/r/{code}/ws", origin=base,
                         additional_headers={"cookie": cookie})
        assert odds["games"] > 0  # estimated by the server's worker process
        started = children(proc.pid)
        assert any("spawn_main" in cmdline for cmdline in started.values()), started
        with watched(list(started)) as them:
            proc.send_signal(stop)
            proc.wait(timeout=GUARD_S)
            assert them.left() == []
        _, err = proc.communicate(timeout=GUARD_S)  # its stderr's end, once nothing of it holds the pipe
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert "Traceback" not in err and "Error" not in err, err


def test_sigterm_closes_the_stores_before_the_server_ends_by_it(tmp_path: Path) -> None:
    """uvicorn raises the signal it caught again as soon as it has stopped, which ended the process before
    serve's own `finally`: the rooms were suspended, but the stores never closed. Now the stores are closed (SQLite
    writes its log back into the file and removes it when its last connection closes), then the process ends by
    the signal, as a supervisor expects."""
    import httpx

    proc = _serve(tmp_path)
    try:
        base = _base(proc)
        ana = httpx.Client(base_url=base, timeout=GUARD_S)
        assert ana.post("/api/signup", json={"name": "Ana", "password": "correct horse"}).status_code == 200
        assert ana.post("/api/rooms", json={"ruleset": "classic"}).status_code == 200
        data = tmp_path / "data"
        assert (data / "accounts.sqlite-wal").exists()  # written, and open
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=GUARD_S)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == -signal.SIGTERM, err
    assert "wolfcall: stopped; 1 rooms left for the next start or another process" in err, err
    assert not list(data.glob("*.sqlite-wal")), list(data.iterdir())  # every store closed
    assert "Traceback" not in err, err
