"""The online browser tests' way in, as players reach a hosted server: a real nginx (Debian's package,
narrator/online/nginxlocal.py, the README's config) in front of the server or servers, so that the pages only
ever talk to nginx's port. The servers behind it are configured as `wolfcall serve --online --proxy` is: they
listen on 127.0.0.1, trust nginx's X-Forwarded-For and X-Forwarded-Proto (narrator/cli/serve.py
`server_config`) and mark the session cookie Secure (Chromium keeps a Secure cookie of http://127.0.0.1, a
trustworthy origin, as it does one of an HTTPS site). With `tls` nginx holds a certificate of its own and serves
HTTPS, as a hosted server's proxy does. Without nginx (or openssl, for the certificate) the test is skipped; in CI,
which installs them, it fails instead (tests/conftest.py `lacking`)."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from narrator.online.nginxlocal import Certificate, proxy
from narrator.system import nginx_path

from ..browser import free_port
from ..conftest import lacking


@contextmanager
def proxied(folder: Path, upstreams: Sequence[int], tls: bool = False) -> Iterator[str]:
    """nginx on a free port of 127.0.0.1 in front of the servers on `upstreams` (their ports on 127.0.0.1, up or
    not yet), its files in `folder`, listening before this yields the address the pages open (https:// with
    `tls`); stopped after."""
    if nginx_path() is None:
        lacking("nginx is not installed (make test installs it: narrator/system.py)")
    front = free_port()
    with proxy(folder, front, upstreams, certificate(folder / "tls") if tls else None):
        yield f"{'https' if tls else 'http'}://127.0.0.1:{front}"


def certificate(folder: Path) -> Certificate:
    """A self-signed certificate for 127.0.0.1, valid for a day, made by openssl in `folder`."""
    openssl = shutil.which("openssl")
    if openssl is None:
        lacking("openssl is not installed (Debian's ca-certificates package brings it)")
    folder.mkdir(parents=True, exist_ok=True)
    made = Certificate(folder / "cert.pem", folder / "key.pem")
    subprocess.run([openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                    "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(made.key), "-out", str(made.cert)], check=True, capture_output=True, timeout=60)
    return made
