"""`wolfcall serve --online`: rooms on the internet, with accounts and voice chat.

A browser gives a page its microphone only on a secure origin, so players reach this server over HTTPS:
give it a certificate (`--cert`, `--key`), or run it behind a reverse proxy that holds one (`--proxy`:
then it listens on 127.0.0.1 and trusts the proxy's X-Forwarded-* headers). The voice chat needs a TURN
server for players behind strict NATs (`--turn`, `--turn-secret-file`: coturn's shared secret); see the README.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
import time
from gettext import gettext as _
from pathlib import Path
from typing import Any

from narrator.config import CONFIG_HELP, OptionError, port_number, speed_factor
from narrator.yamlfile import cut_path

PROXY_HOST = "127.0.0.1"  # with --proxy: where the server listens, and the one address whose X-Forwarded-* it reads


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--online", action="store_true", required=True, help=_("serve online rooms (the only way for now)"))
    p.add_argument("--port", type=port_number, default=8443, help=_("the port to listen on (default 8443)"))
    p.add_argument("--host", default=None, help=_("the address to listen on (default 0.0.0.0; 127.0.0.1 with --proxy)"))
    p.add_argument("--cert", type=Path, help=_("the TLS certificate (PEM), for HTTPS without a proxy"))
    p.add_argument("--key", type=Path, help=_("the certificate's private key (PEM)"))
    p.add_argument("--proxy", action="store_true", help=_("behind a reverse proxy that serves HTTPS (nginx, Caddy)"))
    p.add_argument("--public-url", metavar=_("URL"),
                   help=_("the address players open (e.g. https://wolf.example.org): only pages from it may change "
                        "anything (default: the scheme and Host header each request arrives with)"))
    p.add_argument("--insecure", action="store_true",
                   help=_("plain HTTP on purpose, to try it on this machine (a microphone only at http://localhost)"))
    p.add_argument("--stun", action="append", default=[], metavar=_("URL"),
                   help=_("a STUN server, e.g. stun:turn.example.org"))
    p.add_argument("--turn", action="append", default=[], metavar=_("URL"),
                   help=_("a TURN server, e.g. turn:turn.example.org"))
    p.add_argument("--turn-secret-file", type=Path, help=_("a file holding coturn's static-auth-secret"))
    p.add_argument("--code-prefix", default="", metavar=_("LETTER"),
                   help=_("the first letter of this server's room codes, when a router sends each letter to its "
                          "server"))
    p.add_argument("--data", type=Path, help=_("where accounts and room journals are kept (default: the data folder)"))
    p.add_argument("--store", metavar=_("URL"), help=_("keep accounts, tries and the room registry in PostgreSQL, "
                   "postgresql://user@host/database (default: accounts.sqlite in the data folder)"))
    p.add_argument("--lease", type=lease_seconds, default=None, metavar=_("SECONDS"),
                   help=_("how long a room stays this process's without a renewal, when several processes share "
                        "--store and --data: a dead process's rooms move to another this much later (default 5)"))
    p.add_argument("--config", type=Path, help=_(CONFIG_HELP))
    p.add_argument("--scripts", type=Path, help=_("a folder of your own scenes laid over the shipped ones"))
    p.add_argument("--fast", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--speed", type=speed_factor, default=1.0, help=argparse.SUPPRESS)
    p.add_argument("--captions-only", action="store_true", help=argparse.SUPPRESS)  # the bench: no voice


def lease_seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = 0.0
    if not 0.5 <= seconds <= 600:
        raise argparse.ArgumentTypeError("a number of seconds from 0.5 to 600")
    return seconds


def check(args: argparse.Namespace) -> str | None:
    """The TLS files and the secret, checked before anything listens; the TURN secret read from its file."""
    from narrator.ui.web.guard import CODE_LETTERS

    if args.code_prefix and (len(args.code_prefix) != 1 or args.code_prefix.upper() not in CODE_LETTERS):
        raise OptionError(f"--code-prefix: one letter of {CODE_LETTERS}")
    args.code_prefix = args.code_prefix.upper()
    if args.public_url is not None:
        from narrator.ui.web.origin import public_origin

        try:
            args.public_url = public_origin(args.public_url)
        except ValueError as exc:
            raise OptionError(str(exc)) from None
    if (args.cert is None) != (args.key is None):
        raise OptionError("--cert and --key go together")
    if args.cert is None and not args.proxy and not args.insecure:
        raise OptionError("players' browsers give the voice chat a microphone only over HTTPS: give --cert and "
                          "--key, or --proxy behind a reverse proxy with a certificate, or --insecure to try it here")
    for option, path in (("--cert", args.cert), ("--key", args.key), ("--turn-secret-file", args.turn_secret_file)):
        if path is not None and not path.is_file():
            raise OptionError(f"{option} {cut_path(path)}: no such file")
    if args.turn_secret_file is None:
        if args.turn:
            raise OptionError("--turn needs --turn-secret-file (coturn's static-auth-secret)")
        return None
    secret: str = args.turn_secret_file.read_text(encoding="utf-8", errors="replace").strip()
    if not secret:
        raise OptionError(f"--turn-secret-file {cut_path(args.turn_secret_file)}: the file is empty")
    return secret


def reopened_rooms(args: argparse.Namespace, cfg: Any, script: Any, data: Path, store: Any,
                   history: Any = None) -> Any:
    """The server's rooms, with every room that was open when it last stopped, or was killed, reopened.
    `history`: where their finished games go (the store's PostgreSQL with `--store`, else the data folder)."""
    from narrator.online.holding import LEASE_S, Holding, holder_name
    from narrator.online.rooms import Rooms
    from narrator.online.speech import room_voice

    holding = Holding(store, holder_name(args.port), args.lease or LEASE_S)
    rooms = Rooms(cfg, script, data, fast=args.fast, speed=args.speed, prefix=args.code_prefix,
                  speaker_factory=None if args.fast or args.captions_only else room_voice, store=store,
                  holding=holding, history=history)
    reopened = rooms.reopen()
    if reopened:
        print(f"wolfcall: {len(reopened)} rooms reopened", file=sys.stderr)
    return rooms


def run(args: argparse.Namespace) -> int:
    from narrator.config import load_config
    from narrator.online.accounts import Accounts
    from narrator.online.pgstore import open_store
    from narrator.online.room import start_ticking
    from narrator.online.site import create_online_app
    from narrator.online.store import StoreError
    from narrator.online.voice import ice_servers
    from narrator.paths import data_dir
    from narrator.speech.lint import load_checked
    from narrator.ui.web.server import listening, taken
    from narrator.ui.web.strings import strings

    secret = check(args)
    cfg = load_config(args.config)
    host = args.host or (PROXY_HOST if args.proxy else "0.0.0.0")
    try:
        sock = listening(host, args.port)  # bound before anything else starts: a port in use is one line
    except OSError as exc:
        print(f"wolfcall: {taken(strings(cfg.language), host, args.port, exc, 'wolfcall serve --online')}",
              file=sys.stderr)
        return 1
    script = load_checked(args.scripts or cfg.scripts)
    data = args.data or data_dir()
    data.mkdir(parents=True, exist_ok=True)
    try:
        store = open_store(args.store, data)
        history = store.open_history()
    except StoreError as exc:
        print(f"wolfcall: {exc}", file=sys.stderr)
        sock.close()
        return 1
    accounts = Accounts(store)
    rooms = reopened_rooms(args, cfg, script, data, store, history)
    stun = args.stun or []

    def ice(user: str) -> list[dict[str, object]]:
        return ice_servers(stun, args.turn, secret, user, time.time())

    secure = not args.insecure
    app = create_online_app(accounts, rooms, secure=secure, ice=ice, public=args.public_url)
    stop = start_ticking(rooms.all)
    threading.Thread(target=rooms.watch, args=(stop,), daemon=True, name="wolfcall-leases").start()
    sock.listen(2048)  # from this line on a page's socket waits in the queue until the server takes it
    scheme = "https" if args.cert else "http"
    print(f"wolfcall: online rooms on {scheme}://{host}:{args.port}/", file=sys.stderr)
    server = restartable(rooms, server_config(app, args.proxy, args.cert, args.key))
    try:
        with sock:
            server.run(sockets=[sock])
    finally:
        stop.set()
        rooms.suspend()  # kept for the next start (after the signal, already done: nothing is left to do)
        history.close()
        store.close()
        print(f"wolfcall: stopped; {len(rooms.fences)} rooms left for the next start or another process",
              file=sys.stderr, flush=True)
    server.end_as_signalled()
    return 0


def server_config(app: Any, proxy: bool, cert: Path | None = None, key: Path | None = None) -> Any:
    """uvicorn's config for the online app (also the tests' own, tests/online/test_rooms_browser.py), as every
    server of pages has it (server.socket_config: uncompressed frames up to 64 KB); TLS with `cert` and `key`; with
    `proxy` (`--proxy`) the proxy's `X-Forwarded-For` and `X-Forwarded-Proto` trusted, from PROXY_HOST only (the
    players' addresses and scheme), without it never read."""
    from narrator.ui.web.server import socket_config

    return socket_config(app, ssl_certfile=str(cert) if cert else None, ssl_keyfile=str(key) if key else None,
                         proxy_headers=proxy, forwarded_allow_ips=PROXY_HOST if proxy else None)


def restartable(rooms: Any, config: Any) -> Any:
    """uvicorn's server, which on SIGTERM (or Ctrl-C) first suspends every room (Rooms.suspend: no new rooms,
    every page told, every answer journaled, every lease released), then stops as uvicorn does; a second signal
    stops it at once. uvicorn would end the process by raising the signal again as soon as it has stopped, before
    the caller's `finally` (the stores closed); here the caller does, with `end_as_signalled`."""
    import uvicorn

    class Restartable(uvicorn.Server):
        caught: tuple[int, ...] = ()  # the signals that stopped it, in order

        def handle_exit(self, sig: int, frame: Any) -> None:
            self.caught = (*self.caught, sig)
            if rooms.closing:
                self._stop(sig)
                return

            def suspend() -> None:  # off the signal handler: the loop's thread may hold a room's lock
                rooms.suspend()
                self._stop(sig)

            threading.Thread(target=suspend, name="wolfcall-restart").start()

        def _stop(self, sig: int) -> None:
            """uvicorn's own handle_exit, but for the signal it would raise again on its way out."""
            if self.should_exit and sig == signal.SIGINT:
                self.force_exit = True
            else:
                self.should_exit = True

        def end_as_signalled(self) -> None:
            """End the process by the first signal that stopped it (its default action), as a supervisor expects
            of a process stopped by SIGTERM; nothing when none did."""
            if self.caught:
                signal.signal(self.caught[0], signal.SIG_DFL)
                signal.raise_signal(self.caught[0])

    return Restartable(config)
