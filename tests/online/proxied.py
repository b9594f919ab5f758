"""The online browser tests' way in, as players reach a hosted server: a real nginx (Debian's package,
narrator/online/nginxlocal.py, the README's config) in front of the server or servers, so that the pages only
ever talk to nginx's port. The servers behind it are configured as `wolfcall serve --online --proxy` is: they
listen on 127.0.0.1, trust nginx's X-Forwarded-For and X-Forwarded-Proto (narrator/cli/serve.py
`server_config`) and mark the session cookie Secure (Chromium keeps a Secure cookie of http://127.0.0.1, a
trustworthy origin, as it does one of an HTTPS site). Without nginx the test is skipped; in CI, which installs
it, it fails instead (tests/conftest.py `lacking`)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from narrator.online.nginxlocal import proxy
from narrator.system import nginx_path

from ..browser import free_port
from ..conftest import lacking


@contextmanager
def proxied(folder: Path, upstreams: Sequence[int]) -> Iterator[str]:
    """nginx on a free port of 127.0.0.1 in front of the servers on `upstreams` (their ports on 127.0.0.1, up or
    not yet), its files in `folder`, listening before this yields the address the pages open; stopped after."""
    if nginx_path() is None:
        lacking("nginx is not installed (make test installs it: narrator/system.py)")
    front = free_port()
    with proxy(folder, front, upstreams):
        yield f"http://127.0.0.1:{front}"
