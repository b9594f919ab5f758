"""Online rooms under load: one `wolfcall serve --online --fast` process, 50 rooms of 10 players, each player
a bot with its own account, its own address and its own WebSocket, all on this process's event loop.

Every player signs up (not measured: scrypt's work, done on a server of its own first, see rooms_under_load),
the first of each room opens it (half classic, half extended), the nine others join with its code, all ten open
the room's socket, and the opener deals. Then every bot answers its screens (tests/online/roomtable.py
`room_act`, tests/ui/tables.py `act`/`answer`, over the socket: a random legal choice) until the opener's page
shows the end. Measured: from a bot sending its answer to a screen until that bot reads its next screen frame
(every tap of every game), the server's CPU over the games' wall time, its resident memory at its peak while
the rooms play (and over what it held before the rooms were opened, per room), and how many games ended and
how long all took.

Each player comes from its own loopback address (127.1.<room>.<seat>): the server allows 10 joins a minute
from one address (narrator/online/rooms.py JOIN_TRIES), as it would for players in as many homes.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from narrator.ui.web.guard import BURST, RATE

from ._measure import metric, p95
from ._server import free_port as _port
from ._server import stop as stopped
from .runner import attempt, done

# WOLFCALL_BENCH_ROOMS: fewer rooms for a quick look (a bisect); make bench plays 50
ROOMS, PLAYERS = int(os.environ.get("WOLFCALL_BENCH_ROOMS", "50")), 10
PACED_SPEED = 20.0  # the paced games: the narrator's waits 20 times shorter than at a table
THINK_S = (0.3, 1.5)  # ... and a player looks at a new screen this long before tapping
GUARD_S = 600.0  # only against a hang: the games, all of them, end long before
STALL_S = 60.0  # a room whose pages read nothing for this long has stalled (a bug in the server)
LISTEN_S = 30.0  # only against a server that never answers
SIGNUPS_AT_ONCE = 16
PASSWORD = "bench-password"
HOST_SCREENS = ("narrator", "vote")  # the table's questions the opener's page answers as the host
# The hub refuses a connection's messages beyond RATE a second after a burst of BURST (narrator/ui/web/guard.py):
# each socket keeps to half of both, so that no message is refused for its rate (the pace is not measured).
PACE, PACE_BURST = RATE / 2, BURST / 2


def _address(room: int, seat: int) -> str:
    return f"127.1.{room}.{seat}"


def _cpu_s(pid: int) -> float:
    """The process's user + system CPU seconds, every thread of it."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS in /proc/{pid}/status")


@dataclass
class Bot:
    """One player's page: its socket, who it is, its latest screen, and its measured taps."""

    room: Game
    name: str
    address: str
    cookie: str = ""
    ws: Any = None
    who: str = "seat"
    seat: int | None = None
    screen: dict[str, Any] = field(default_factory=dict)
    shown: int = 0  # screen frames read
    answered: int = 0  # the screen frame last answered
    sent_at: float | None = None  # when the answer to a screen went out, until the next screen is read
    last_sent: dict[str, Any] | None = None
    refused: list[tuple[dict[str, Any], dict[str, Any] | None, str]] = field(default_factory=list)
    closed: str = ""  # how its socket closed, once it has (its code and reason)
    woken: asyncio.Event = field(default_factory=asyncio.Event)
    kinds: Counter[str] = field(default_factory=Counter)  # how many messages of each kind it was sent
    left: float = PACE_BURST
    at: float = field(default_factory=time.monotonic)

    def read(self, m: dict[str, Any], now: float) -> None:
        kind = m.get("t")
        self.kinds[str(kind)] += 1
        self.room.read_at = now
        if kind == "screen":
            if self.sent_at is not None:
                self.room.latencies.append((now - self.sent_at) * 1000)
                self.sent_at = None
            self.screen, self.shown = m, self.shown + 1
            if self.who == "host" and m.get("screen") == "end" and self.room.ended is None:
                self.room.ended = now
                self.room.over.set()
        elif kind == "you":
            self.who, self.seat = m["as"], m["seat"]
        elif kind == "refused":
            self.refused.append((self.screen, self.last_sent, f"{m.get('rule')}: {m.get('text')}"))
        self.woken.set()

    async def send(self, message: dict[str, Any], answer: bool = True) -> None:
        while True:  # this socket's pace (see PACE): the wait is before the clock starts
            now = time.monotonic()
            self.left, self.at = min(PACE_BURST, self.left + (now - self.at) * PACE), now
            if self.left >= 1:
                break
            await asyncio.sleep((1 - self.left) / PACE)
        self.left -= 1
        text = json.dumps(message)
        if answer and self.sent_at is None:
            self.sent_at = time.perf_counter()
        self.last_sent = message
        await self.ws.send(text)

    def describe(self) -> str:
        s = self.screen
        refused = self.refused[-1] if self.refused else None
        last = f" last refusal {refused[2]!r} after sending {refused[1]} on {_brief(refused[0])}" if refused else ""
        closed = f"; its socket {self.closed}" if self.closed else ""
        return (f"  {self.name} ({self.who}, seat {self.seat}): {_brief(s)}; last sent {self.last_sent}; "
                f"{len(self.refused)} refused{last}{closed}")


def _brief(s: dict[str, Any]) -> str:
    keep = ("screen", "q", "step", "done", "seen", "watch", "silent", "shape", "picks", "pick", "dead")
    return str({k: s[k] for k in keep if k in s} | {"choices": len(s.get("choices", []))})


@dataclass
class Game:
    number: int
    ruleset: str
    code: str = ""
    bots: list[Bot] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    over: asyncio.Event = field(default_factory=asyncio.Event)
    ended: float | None = None
    read_at: float = 0.0

    def describe(self) -> str:
        return f"room {self.number} ({self.ruleset}, {self.code}):\n" + "\n".join(b.describe() for b in self.bots)


# -- what a page does with its screen (tests/online/roomtable.py room_act, tests/ui/tables.py act/answer) ---------
def room_act(bot: Bot, s: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    """The messages that answer screen `s` (none when there is nothing to do); the opener answers the table's
    questions as the host, and everything else as its seat."""
    kind = s.get("screen")
    if bot.who == "host":
        if kind in HOST_SCREENS or (kind == "day" and not s.get("watch")):
            return _host_act(s, rng)
        if kind in ("step", "tiebreak") and "q" in s and s.get("captain_election"):
            return _host_act(s, rng)
    return _seat_act(bot, s, rng)


def _host_act(s: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    kind, q = s["screen"], s.get("q")
    if kind == "narrator":
        return [{"t": "start", "q": q}]
    if kind == "day" and not s.get("watch"):
        return [{"t": "vote", "q": q}]
    if kind == "vote":
        return [{"t": "tap", "q": q, "value": rng.choice(s["choices"])["value"]}] if s.get("choices") else []
    if kind in ("step", "tiebreak", "hunter", "night"):
        return step_answer("", s, rng)
    return []


def _seat_act(bot: Bot, s: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    kind, q = s.get("screen"), s.get("q")
    if kind == "card" and not s.get("seen"):
        return [{"t": "show"}, {"t": "cover"}]
    if kind == "ballot" and not s.get("done") and not s.get("silent"):
        return [{"t": "tap", "q": q, "value": rng.choice(s["choices"])["value"]}]
    if kind in ("night", "step", "hunter", "tiebreak") and not s.get("done"):
        return step_answer(bot.name, s, rng)
    return []


def step_answer(name: str, s: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    """A step's screen answered by its shape: a player, potions, seats picked one by one, seconds held."""
    q = s.get("q")
    choices = [c for c in s.get("choices", []) if not c.get("off") and c.get("value")]
    if s.get("picks") is not None:  # the pack: every wolf follows the first pick made, or makes one
        picked = [p["pick"] for p in s["picks"] if p["pick"]]
        same = [c for c in choices if (c.get("name") or c.get("label")) == picked[0]] if picked else []
        if same and any(p["pick"] == picked[0] and p["name"] != name for p in s["picks"]):
            return [{"t": "tap", "q": q, "value": same[0]["value"]}]
    prefix = "decoy" if s.get("decoy") else s.get("step")
    if s.get("shape") == "potions":
        return [{"t": "tap", "q": q, "value": f"{prefix}:pass"}]
    if s.get("pick"):
        seats = [p["seat"] for p in s["pick"]["seats"]][: s["pick"]["count"]]
        value = f"{prefix}:" + ",".join(map(str, seats)) + ("," if len(seats) == 1 else "")
        return [{"t": "tap", "q": q, "value": value}]
    if s.get("shape") == "seconds":
        return [{"t": "tap", "q": q, "value": f"{prefix}:held:2"}]
    if choices:
        return [{"t": "tap", "q": q, "value": rng.choice(choices)["value"]}]
    return []


# -- the bots over HTTP and the socket ------------------------------------------------------------------------
async def _post(base: str, bot: Bot, path: str, body: dict[str, Any]) -> dict[str, Any]:
    import httpx

    transport = httpx.AsyncHTTPTransport(local_address=bot.address)
    cookies = {"wolfcall_session": bot.cookie} if bot.cookie else None
    async with httpx.AsyncClient(transport=transport, trust_env=False, timeout=LISTEN_S, cookies=cookies) as http:
        response = await http.post(base + path, json=body)
        if response.status_code != 200:
            raise RuntimeError(f"POST {path} {body} from {bot.name}: {response.status_code} {response.text}")
        if path == "/api/signup":
            bot.cookie = response.cookies["wolfcall_session"]
        answer: dict[str, Any] = response.json()
        return answer


async def _connect(ws_base: str, bot: Bot) -> None:
    from websockets.asyncio.client import connect

    # no keepalive pings of the bots' own: a bot never reconnects, and 500 bots in one process on a loaded machine
    # missed a pong (1011 'keepalive ping timeout'), leaving a room without its host (a run at load 50, 12-07)
    bot.ws = await connect(f"{ws_base}/r/{bot.room.code}/ws", proxy=None, max_size=2**22,
                           additional_headers={"Cookie": f"wolfcall_session={bot.cookie}"},
                           local_addr=(bot.address, 0), ping_interval=None)


async def _read(bot: Bot) -> None:
    from websockets.exceptions import ConnectionClosed

    try:
        async for text in bot.ws:
            bot.read(json.loads(text), time.perf_counter())
    except ConnectionClosed:
        pass
    bot.closed = f"closed with {bot.ws.close_code} {bot.ws.close_reason!r}"
    bot.woken.set()


async def _play(bot: Bot, rng: random.Random, think: bool = False) -> None:
    """Answer each new screen once (the latest one: a screen already replaced is not answered), until the end;
    `think`: a player looks at a new screen for THINK_S seconds (a random span) before tapping."""
    game = bot.room
    while not game.over.is_set():
        await bot.woken.wait()
        bot.woken.clear()
        if bot.shown == bot.answered or game.over.is_set():
            continue
        if think:
            await asyncio.sleep(rng.uniform(*THINK_S))  # a person reading the screen: not measured
            if game.over.is_set():
                continue
        bot.answered = bot.shown
        for message in room_act(bot, bot.screen, rng):
            await bot.send(message)


async def _watch(games: list[Game], started: float) -> list[str]:
    """Wait for every game's end; a room whose pages read nothing for STALL_S, or the whole GUARD_S, ends the
    wait: what each stalled room's pages show is returned (for stderr)."""
    problems: list[str] = []
    while True:
        now = time.perf_counter()
        running = [g for g in games if not g.over.is_set()]
        if not running:
            return problems
        stalled = [g for g in running if now - g.read_at > STALL_S]
        if stalled or now - started > GUARD_S:
            why = f"{len(stalled)} rooms read nothing for {STALL_S:.0f} s" if stalled else f"{GUARD_S:.0f} s passed"
            problems.append(f"{len(running)} of {len(games)} games did not end ({why}):")
            problems.extend(g.describe() for g in (stalled or running)[:5])
            return problems
        await asyncio.sleep(0.5)


@dataclass
class Figures:
    latencies: list[float]
    completed: int
    wall_s: float
    cpu_cores: float
    rss_peak_mb: float
    rss_idle_mb: float
    bench_cpu_cores: float  # this process's, all the bots': the machine's cores are shared with the server
    refused: Counter[str]
    problems: list[str]


def _players(rooms: int, players: int) -> list[tuple[str, str]]:
    """Each player's account name and address, room by room, its opener first."""
    return [(f"r{room:02d}p{seat:02d}", _address(room, seat))
            for room in range(rooms) for seat in range(1, players + 1)]


async def _sign_ups(port: int, rooms: int, players: int) -> dict[str, str]:
    """Every player signs up, SIGNUPS_AT_ONCE at a time: each account's session cookie, by name."""
    base = f"http://127.0.0.1:{port}"
    at_once = asyncio.Semaphore(SIGNUPS_AT_ONCE)
    game = Game(-1, "")

    async def sign_up(name: str, address: str) -> tuple[str, str]:
        async with at_once:
            bot = Bot(game, name, address)
            await _post(base, bot, "/api/signup", {"name": name, "password": PASSWORD})
            return name, bot.cookie
    return dict(await asyncio.gather(*(sign_up(n, a) for n, a in _players(rooms, players))))


async def _bench(port: int, pid: int, rooms: int, players: int, seed: int, cookies: dict[str, str],
                 think: bool = False, first: int = 0) -> Figures:
    base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    rng = random.Random(seed)
    games = [Game(n, "classic" if n % 2 == 0 else "extended") for n in range(first, first + rooms)]
    everyone = iter(_players(first + rooms, players)[first * players:])
    for g in games:
        g.bots = [Bot(g, name, address, cookies[name]) for name, address in (next(everyone) for _ in range(players))]
    bots = [b for g in games for b in g.bots]
    rss_idle = _rss_mb(pid)

    async def open_room(g: Game) -> None:
        opener, *others = g.bots
        g.code = (await _post(base, opener, "/api/rooms", {"ruleset": g.ruleset, "lang": "en"}))["code"]
        for bot in others:
            await _post(base, bot, "/api/join", {"code": g.code})
        await asyncio.gather(*(_connect(ws_base, b) for b in g.bots))
    await asyncio.gather(*(open_room(g) for g in games))
    readers = [asyncio.create_task(_read(b)) for b in bots]

    async def seated(g: Game) -> None:  # the opener's page has the setup with every seat, the others the lobby
        opener, *others = g.bots
        while not (opener.who == "host" and len(opener.screen.get("room", {}).get("players", [])) == players
                   and all(b.screen.get("screen") == "lobby" and b.seat is not None for b in others)):
            await asyncio.sleep(0.02)  # before the games: not measured
    await asyncio.wait_for(asyncio.gather(*(seated(g) for g in games)), LISTEN_S)
    for b in bots:
        b.answered = b.shown  # the setup is the opener's to deal, not a question to answer

    peak = [_rss_mb(pid)]
    sampling = True

    async def sample() -> None:
        while sampling:
            peak.append(_rss_mb(pid))
            await asyncio.sleep(0.05)
    sampler = asyncio.create_task(sample())
    cpu0, mine0, started = _cpu_s(pid), time.process_time(), time.perf_counter()
    for g in games:
        g.read_at = started
    players_tasks = [asyncio.create_task(_play(b, random.Random(rng.random()), think)) for b in bots]
    await asyncio.gather(*(g.bots[0].send({"t": "deal"}, answer=False) for g in games))
    problems = await _watch(games, started)
    if problems:  # told now: the teardown below may fail on the stalled rooms' sockets
        sys.stderr.write("bench online: stalled\n" + "\n".join(problems) + "\n")
    ends = [g.ended for g in games if g.ended is not None]
    wall = (max(ends) if ends and not problems else time.perf_counter()) - started
    cpu, mine, span = _cpu_s(pid) - cpu0, time.process_time() - mine0, time.perf_counter() - started
    sampling = False
    await sampler
    for g in games:
        g.over.set()
    for b in bots:
        b.woken.set()
    await asyncio.gather(*players_tasks, return_exceptions=bool(problems))
    await asyncio.gather(*(b.ws.close() for b in bots))
    await asyncio.gather(*readers)
    refused = Counter(f"{why.split(':')[0]} ({s.get('screen')}, {(sent or {}).get('t')})"
                      for b in bots for s, sent, why in b.refused)
    return Figures([x for g in games for x in g.latencies], len(ends), wall, cpu / span, max(peak), rss_idle,
                   mine / span, refused, problems)


def stop(proc: subprocess.Popen[bytes]) -> None:
    """A server the bench started ends as a service manager stops it (its workers for the setup's odds with it)."""
    stopped(proc, LISTEN_S)


def _answering(base: str, proc: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + LISTEN_S
    while True:
        try:
            with urllib.request.build_opener(urllib.request.ProxyHandler({})).open(base + "/", timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"wolfcall serve did not answer on {base}: {log.read_text(errors='replace')}")
        time.sleep(0.05)


@contextlib.contextmanager
def _server(data: Path, speed: float | None = None, prefix: str = "", port: int = 0,
            options: Sequence[str] = ()) -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    """`wolfcall serve --online --insecure` on `data` (and `options`), in its own process, answering HTTP: with
    `--fast` (the narrator on a virtual clock), or on a real clock `speed` times faster than a table's (captions
    only)."""
    port = port or _port()
    wolfcall = str(Path(sys.executable).parent / "wolfcall")
    pace = ["--fast"] if speed is None else ["--speed", str(speed), "--captions-only"]
    command = [wolfcall, "serve", "--online", "--insecure", *pace, "--host", "127.0.0.1", "--port", str(port),
               "--data", str(data), *(["--code-prefix", prefix] if prefix else []), *options]
    log = data / "server.log"
    with log.open("ab") as out:
        proc = subprocess.Popen(command, env={**os.environ, "WOLFCALL_DATA": str(data)},
                                stdout=subprocess.DEVNULL, stderr=out)
    try:
        _answering(f"http://127.0.0.1:{port}", proc, log)
        yield port, proc
        if proc.poll() is not None and proc.returncode not in (-signal.SIGTERM, -signal.SIGKILL):  # restart.py's
            raise RuntimeError(f"the server exited ({proc.returncode}): {log.read_text(errors='replace')}")
    finally:
        stop(proc)
        text = log.read_text(errors="replace")
        if "Traceback" in text or "ERROR" in text:
            sys.stderr.write(f"bench online: the server's log:\n{text[-4000:]}\n")


def rooms_under_load(data: Path, rooms: int = ROOMS, players: int = PLAYERS, seed: int = 0,
                     speed: float | None = None, options: Sequence[str] = ()) -> Figures:
    """`rooms` rooms of `players` bots on one server.

    The accounts are made first on a server of their own on the same data folder (accounts and sessions are
    kept in its database): scrypt's buffers (16 MB a sign-up) stay in a process's heap after the work, and would
    be counted as the rooms' memory, or hide it. The server of the games then never signs anyone up."""
    data.mkdir(parents=True, exist_ok=True)
    with _server(data, options=options) as (port, _):
        cookies = asyncio.run(_sign_ups(port, rooms, players))
    with _server(data, speed, options=options) as (port, proc):
        return asyncio.run(_bench(port, proc.pid, rooms, players, seed, cookies, think=speed is not None))


def rooms_on_postgresql(data: Path, speed: float) -> Figures | None:
    """The paced games with the hosted store: accounts, sessions, the room registry and the join limits in a
    throwaway PostgreSQL cluster (narrator/online/pglocal.py) instead of the data folder's SQLite file. None, and
    stderr says why, where PostgreSQL is not installed."""
    from narrator.online.pglocal import cluster, database

    with contextlib.ExitStack() as stack:
        try:
            server = stack.enter_context(cluster())
        except (FileNotFoundError, RuntimeError) as exc:  # not installed, or did not start (the games raise their own)
            sys.stderr.write(f"bench online: online.paced_postgresql left out: {exc}\n")
            return None
        address = stack.enter_context(database(server))
        return rooms_under_load(data, speed=speed, options=["--store", address])


def rooms_on_two_servers(data: Path, rooms: int = ROOMS, players: int = PLAYERS, seed: int = 0) -> Figures:
    """The flat-out games split between two server processes on one data folder (one accounts file), each
    drawing its codes with its own first letter, as behind a router (README, "Running many rooms"): half the
    rooms each, played at once. CPU and memory are the two processes' together; the wall time is the last
    game's end."""
    data.mkdir(parents=True, exist_ok=True)
    with _server(data) as (port, _):
        cookies = asyncio.run(_sign_ups(port, rooms, players))
    half = rooms // 2
    with _server(data, prefix="K") as (port_a, proc_a), _server(data, prefix="M") as (port_b, proc_b):
        async def both() -> list[Figures]:
            return list(await asyncio.gather(
                _bench(port_a, proc_a.pid, half, players, seed, cookies),
                _bench(port_b, proc_b.pid, rooms - half, players, seed + 1, cookies, first=half)))
        a, b = asyncio.run(both())
    return Figures(a.latencies + b.latencies, a.completed + b.completed, max(a.wall_s, b.wall_s),
                   a.cpu_cores + b.cpu_cores, a.rss_peak_mb + b.rss_peak_mb, a.rss_idle_mb + b.rss_idle_mb,
                   a.bench_cpu_cores, a.refused + b.refused, a.problems + b.problems)


def run(only: Callable[[str], bool] = lambda name: True) -> Iterator[str]:
    """Runs side by side: paced games (a real clock, PACED_SPEED times a table's, players who look before
    they tap: what players feel), the same with the store in PostgreSQL, and flat-out games (the virtual clock,
    every answer at once: what one process can take), on one process and on two. A run that fails is told on
    stderr and the next one is made (bench/runner.py `attempt`)."""
    failed: list[str] = []
    for kind, speed in (("paced", PACED_SPEED), ("flat_out", None)):
        if not only(f"online.{kind}."):
            continue
        with attempt(f"online.{kind}", failed), tempfile.TemporaryDirectory() as tmp:
            yield from _figures(f"online.{kind}", rooms_under_load(Path(tmp) / "data", speed=speed))
    if only("online.paced_postgresql."):  # the same paced games, the store in PostgreSQL
        with attempt("online.paced_postgresql", failed), tempfile.TemporaryDirectory() as tmp:
            pg = rooms_on_postgresql(Path(tmp) / "data", PACED_SPEED)
            if pg is not None:
                yield from _figures("online.paced_postgresql", pg)
    if only("online.flat_out_two_servers."):
        with attempt("online.flat_out_two_servers", failed), tempfile.TemporaryDirectory() as tmp:
            yield from _figures("online.flat_out_two_servers", rooms_on_two_servers(Path(tmp) / "data"))
    done(failed)


def _figures(name: str, f: Figures) -> Iterator[str]:
    n = len(f.latencies)
    yield metric(f"{name}.tap_to_screen_ms_p50", statistics.median(f.latencies) if n else 0.0, "ms", "lower")
    yield metric(f"{name}.tap_to_screen_ms_p95", p95(f.latencies) if n else 0.0, "ms", "lower")
    yield metric(f"{name}.server_cpu_cores", f.cpu_cores, "cores", "lower")
    yield metric(f"{name}.server_rss_mb", f.rss_peak_mb, "MB", "lower")
    yield metric(f"{name}.server_rss_mb_per_room", (f.rss_peak_mb - f.rss_idle_mb) / ROOMS, "MB", "lower")
    yield metric(f"{name}.games_completed", f.completed, "games", "higher")
    yield metric(f"{name}.games_wall_s", f.wall_s, "s", "lower")
    refused = ", ".join(f"{k} x{v}" for k, v in f.refused.most_common())
    sys.stderr.write(f"bench online: {n} taps; refused (rule, screen, message): {refused or 'none'}; server rss "
                     f"before the rooms {f.rss_idle_mb:.1f} MB; the bots' own CPU {f.bench_cpu_cores:.2f} cores "
                     f"of {os.cpu_count()}\n")
    if f.problems:
        sys.stderr.write("bench online: FAILED\n" + "\n".join(f.problems) + "\n")
        raise RuntimeError(f"bench online: {ROOMS - f.completed} of {ROOMS} games did not end (see above)")


if __name__ == "__main__":
    for line in run():
        print(line)
