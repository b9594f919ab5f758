"""A throwaway nginx for the tests and the bench: Debian's `nginx` package's program in front of several
`wolfcall serve --online` processes, configured as the README's failover section says (every upstream
`max_fails=0`, `proxy_next_upstream error timeout http_503 non_idempotent`, sockets upgraded); HTTPS with a
certificate given, plain HTTP without.

Everything it writes stays in one folder (`-p folder`): its config, pid file and temporary files; it logs to
stderr, runs in the foreground (`daemon off`) and listens on 127.0.0.1 only. As root, its worker runs as root
too (nginx would take `nobody`, who cannot write the folder).
"""

from __future__ import annotations

import os
import pwd
import queue
import subprocess
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from narrator.system import nginx_path

READY = "start worker processes"  # nginx's notice once its sockets listen (they queue until a worker takes them)
START_GUARD_S = 60.0  # only against an nginx that never says it started
TEMPS = ("body", "proxy", "fastcgi", "uwsgi", "scgi")

CONFIG = """daemon off;
worker_processes 1;
error_log stderr notice;
pid nginx.pid;
{user}
events {{ worker_connections 1024; }}
http {{
    access_log off;
{temps}
    upstream wolfcall {{
{servers}
    }}
    map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
    server {{
        listen 127.0.0.1:{port}{tls};
        location / {{
            proxy_pass http://wolfcall;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $remote_addr;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_next_upstream error timeout http_503 non_idempotent;
            proxy_read_timeout 1h;
        }}
    }}
}}
"""


@dataclass(frozen=True)
class Certificate:
    cert: Path  # PEM files
    key: Path


def config(port: int, upstreams: Sequence[int], root: bool | None = None, tls: Certificate | None = None) -> str:
    """nginx.conf for a proxy on `port` in front of the servers on `upstreams` (ports on 127.0.0.1); HTTPS with
    `tls` (as a hosted server's proxy holds the certificate)."""
    root = os.geteuid() == 0 if root is None else root
    user = f"user {pwd.getpwuid(os.geteuid()).pw_name};" if root else ""
    temps = "\n".join(f"    {name}_temp_path temp/{name};".replace("body_", "client_body_") for name in TEMPS)
    servers = "\n".join(f"        server 127.0.0.1:{p} max_fails=0;" for p in upstreams)
    certificate = f" ssl;\n        ssl_certificate {tls.cert};\n        ssl_certificate_key {tls.key}" if tls else ""
    return CONFIG.format(user=user, temps=temps, servers=servers, port=port, tls=certificate)


@dataclass
class Nginx:
    proc: subprocess.Popen[str]
    log: list[str]  # every line it wrote to stderr so far


@contextmanager
def proxy(folder: Path, port: int, upstreams: Sequence[int], tls: Certificate | None = None) -> Iterator[Nginx]:
    """nginx on 127.0.0.1:`port` in front of `upstreams`, from `folder` (HTTPS with `tls`), listening once this
    yields; stopped (SIGTERM, then killed if it lingers) after the block."""
    program = nginx_path()
    if program is None:
        raise FileNotFoundError("nginx is not installed (Debian: apt-get install nginx)")
    (folder / "temp").mkdir(parents=True, exist_ok=True)
    conf = folder / "nginx.conf"
    conf.write_text(config(port, upstreams, tls=tls), encoding="utf-8")
    proc = subprocess.Popen([program, "-p", f"{folder}/", "-c", str(conf), "-e", "stderr"],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    lines: queue.Queue[str] = queue.Queue()
    nginx = Nginx(proc, [])

    def read() -> None:
        assert proc.stderr is not None
        for line in proc.stderr:
            nginx.log.append(line)
            lines.put(line)
        lines.put("")

    threading.Thread(target=read, daemon=True, name="nginx-log").start()
    try:
        while True:
            try:
                line = lines.get(timeout=START_GUARD_S)
            except queue.Empty:
                raise RuntimeError(f"nginx never started: {''.join(nginx.log)}") from None
            if not line:
                raise RuntimeError(f"nginx exited ({proc.wait()}): {''.join(nginx.log)}")
            if READY in line:
                break
        yield nginx
    finally:
        if proc.poll() is None:
            proc.terminate()  # SIGTERM: nginx's fast shutdown
            try:
                proc.wait(START_GUARD_S)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
