"""Page figures: from a tap on the WebSocket to the next spoken line (pack voice), and the page's weight;
every player on their own phone (a host and twelve phones on real sockets): from a day vote cast at once to
the verdict on every screen, a reloaded phone getting its seat back, the server's memory (captions only, and
with the narrator speaking from a pack); the host's tap under a flood of 200 connections (bench/flood.py)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import miniaudio

from engine import HouseRules, Mode
from narrator.audio.packs import open_pack, render
from narrator.audio.sinks import MiniaudioSink
from narrator.audio.speaker import AudioSpeaker
from narrator.audio.voices import find_voice
from narrator.config import Config
from narrator.game.session import Table
from narrator.speech.lines import Lines
from narrator.speech.picker import Picker
from narrator.speech.script import SHIPPED, load
from narrator.ui.web.guard import BURST, RATE, proof
from narrator.ui.web.hub import Hub
from narrator.ui.web.tablevoice import PageCaptions

from ._measure import metric, p95
from ._server import free_port as _port
from ._server import listening as _listening
from .online import step_answer, stop
from .runner import attempt, done


def _serve(hub: Hub, port: int) -> Any:
    import uvicorn

    from narrator.ui.web.app import create_app

    server = uvicorn.Server(uvicorn.Config(create_app(hub), host="127.0.0.1", port=port, log_level="error"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.02)
    return server


def tap_to_voice(root: Path, data: Path, taps: int = 120) -> list[float]:
    script = load(SHIPPED)
    voice = find_voice("ruth")
    render(voice, script, root=root, progress=False)
    pack = open_pack(root / "ruth")
    sink = MiniaudioSink(backends=[miniaudio.Backend.NULL], buffer_ms=10)

    def speaker(hub: Hub, table: Table) -> AudioSpeaker:
        lines = Lines(script, table.lang, Picker(0), table.players)
        return AudioSpeaker(table.lang, [sink], PageCaptions(hub.stage), pack=pack, engine=None,
                            warn=lambda m: None, seat_words=lines.seat_words)

    cfg = Config(players=12, house=HouseRules(step_seconds=0))
    hub = Hub(cfg, script, data, speaker_factory=speaker, speed=40.0)
    port = _port()
    server = _serve(hub, port)
    from websockets.sync.client import connect

    latencies: list[float] = []
    kinds: list[str] = []
    try:
        with connect(f"ws://127.0.0.1:{port}/ws") as ws:
            ws.send(json.dumps({"t": "hello"}))  # the first page: the host, the table device
            ws.send(json.dumps({"t": "names", "names": [f"P{i}" for i in range(1, 13)]}))
            ws.send(json.dumps({"t": "deal"}))
            while len(latencies) < taps:
                message = json.loads(ws.recv(timeout=30))
                if message.get("t") != "screen":
                    continue
                tap = _reply(message)
                if tap is None:
                    continue
                if "q" in message:  # an answer names the question on screen, as the page sends it
                    tap["q"] = message["q"]
                if tap.get("t") == "show":
                    ws.send(json.dumps({"t": "show", "q": message.get("q")}))
                    tap = {"t": "cover", "q": message.get("q")}
                if tap.get("t") == "rematch":  # a new game, not a tap within one: not measured
                    ws.send(json.dumps(tap))
                    continue
                heard = len(sink.handoffs)
                start = time.perf_counter()
                ws.send(json.dumps(tap))
                while len(sink.handoffs) == heard and time.perf_counter() - start < 10:
                    time.sleep(0.0005)
                if len(sink.handoffs) > heard:
                    latencies.append((sink.handoffs[heard] - start) * 1000)
                    kinds.append(str(tap.get("t")) + ":" + str(message.get("screen")))
    finally:
        hub.stop_game()
        server.should_exit = True
        sink.close()
    if __name__ == "__main__":
        worst = sorted(zip(latencies, kinds, strict=True), reverse=True)[:8]
        print(worst)
    return latencies


def _reply(m: dict[str, Any]) -> dict[str, Any] | None:
    screen = m.get("screen")
    if screen == "deal":
        return {"t": "show"}
    if screen == "narrator":
        return {"t": "start"}
    if screen == "day":
        return {"t": "vote"}
    if screen in ("night", "vote", "hunter"):
        choices = m["choices"]
        acting = [c for c in choices if c["kind"] == "target"] or choices
        return {"t": "tap", "value": acting[0]["value"]}
    if screen == "end":
        return {"t": "rematch"}
    return None


def page_kb(data: Path) -> float:
    """Bytes a first visit loads: the page, its script and style, and the first WebSocket messages."""
    cfg = Config()
    hub = Hub(cfg, load(SHIPPED), data, fast=True)
    port = _port()
    server = _serve(hub, port)
    total = 0
    try:
        for path in ("/", "/static/app.js", "/static/style.css"):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}") as response:
                total += len(response.read())
        from websockets.sync.client import connect

        with connect(f"ws://127.0.0.1:{port}/ws") as ws:
            for _ in range(2):
                total += len(ws.recv(timeout=10))
    finally:
        server.should_exit = True
    return total / 1024


# -- every player on their own phone: a host and twelve phones on real sockets -------------------------
GUARD_S = 120.0  # only against a hang: every wait is for a message, never for a time (20 s was passed
# by a server starved on a machine at load 50, 12-07)
NAMES = ["Ana", "Ben", "Carla", "Dario", "Eva", "Fede", "Gala", "Hugo", "Ines", "Jon", "Kira", "Lola"]
OPEN_VOTE = ("ballot", "ballots")
# On a virtual clock a game runs as fast as the bots answer, far beyond a thumb's pace, and the server refuses
# a connection's messages beyond RATE a second after a burst of BURST (narrator/ui/web/guard.py): each bot
# keeps to half of both, so that no message is refused for its rate and no bot stalls.
PACE, PACE_BURST = RATE / 2, BURST / 2  # a phone's ballot, the host's count of ballots cast


class Room:
    """The connections of one table, on the bench's own event loop: every frame each receives is kept
    with the moment it was read (time.perf_counter)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.frames = 0
        self.changed = asyncio.Event()
        self.phones: list[Phone] = []

    def describe(self, since: dict[int, int]) -> str:
        """For the message of a hang: each connection's screen, the last message it sent, and the refusals it
        read while the room waited (`since`: how many frames each had read when the wait began)."""
        out = []
        for p in self.phones:
            refused = [m["rule"] for _, m in p.frames[since.get(id(p), 0):] if m["t"] == "refused"]
            s = p.screen
            out.append(f"{p.name}: {s.get('screen')} q={s.get('q')} done={s.get('done')}; last sent {p.last_sent}; "
                       f"refused while waiting: {refused or 'nothing'}")
        return "\n".join(out)

    def bump(self) -> None:
        self.frames += 1
        self.changed.set()

    async def until(self, what: Callable[[], bool], why: str) -> None:
        """Wait for the frames that make `what` true (the bound only guards against a hang)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + GUARD_S
        since = {id(p): len(p.frames) for p in self.phones}
        while not what():
            self.changed.clear()
            left = deadline - loop.time()
            if left <= 0:
                raise RuntimeError(f"waited {GUARD_S} s for {why}:\n{self.describe(since)}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)

    async def after(self, total: int, why: str) -> None:
        """Wait for a frame beyond the first `total` the room has read."""
        await self.until(lambda: self.frames > total, why)


class Phone:
    """One page's WebSocket: what it was sent, who it is, what it has already answered."""

    def __init__(self, room: Room, name: str) -> None:
        self.room, self.name = room, name
        self.frames: list[tuple[float, dict[str, Any]]] = []
        self.token: str | None = None
        self.nonce: str | None = None  # what this socket's hello answers with the token's proof
        self.who, self.seat = "spectator", None
        self.screen: dict[str, Any] = {}
        self.acted: set[str] = set()
        self.last_sent = "nothing"  # the last message, as the socket carried it (for the message of a hang)
        self.ws: Any = None
        self.reader: asyncio.Task[None] | None = None
        self.left, self.at = PACE_BURST, time.monotonic()  # this phone's own pace (see PACE)
        self.taps: list[float] = []  # when each tap went out (time.perf_counter)
        self.bytes = 0  # everything read, as the socket carried it
        room.phones.append(self)

    async def open(self, token: str | None = None) -> None:
        """A new socket, and its hello: with `token`, the proof that this page holds it, as the page sends it
        (static/seal.js: the token itself never goes out again), for the nonce this socket was given."""
        from websockets.asyncio.client import connect

        self.nonce = None
        self.ws = await connect(self.room.url, proxy=None, max_size=2**22)
        self.reader = asyncio.create_task(self._read(self.ws))
        await self.room.until(lambda: self.nonce is not None, f"{self.name}'s nonce")
        assert self.nonce is not None
        await self.send({"t": "hello"} if token is None else {"t": "hello", "proof": proof(token, self.nonce)})

    async def _read(self, ws: Any) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            async for text in ws:
                now = time.perf_counter()
                self.bytes += len(text.encode("utf-8"))
                m = json.loads(text)
                self.frames.append((now, m))
                if m["t"] == "token":
                    self.token = m["token"]
                elif m["t"] == "nonce":
                    self.nonce = m["nonce"]
                elif m["t"] == "you":
                    self.who, self.seat = m["as"], m["seat"]
                elif m["t"] == "screen":
                    self.screen = m
                self.room.bump()
        except ConnectionClosed:
            pass

    async def send(self, message: dict[str, Any]) -> None:
        await self.paced()
        self.left -= 1
        if message.get("t") == "tap":
            self.taps.append(time.perf_counter())
        self.last_sent = json.dumps(message)
        await self.ws.send(self.last_sent)

    async def paced(self) -> None:
        """Wait until this phone may send one more message at its pace (PACE); nothing is taken."""
        while True:
            now = time.monotonic()
            self.left, self.at = min(PACE_BURST, self.left + (now - self.at) * PACE), now
            if self.left >= 1:
                return
            await asyncio.sleep((1 - self.left) / PACE)

    async def close(self) -> None:
        await self.ws.close()
        if self.reader is not None:
            await self.reader


def act(phone: Phone, rng: random.Random, ballots: bool = True) -> list[dict[str, Any]]:
    """What a player does with the screen in front of them (tests/ui/tables.py `act`, over a socket):
    the messages to send, none when there is nothing to do. `ballots=False`: a ballot is left for later."""
    s = phone.screen
    if not s or (s["screen"] == "ballot" and not ballots):
        return []
    key = f"{s.get('q')}:{s['screen']}:{s.get('done')}:{s.get('seen')}:{s.get('picks')}"
    if s.get("picks") is not None:  # the pack's picks may come back to an earlier state: each frame is new
        key += f":{id(s)}"
    if key in phone.acted:
        return []
    phone.acted.add(key)
    kind, q = s["screen"], s.get("q")
    if phone.who == "host":
        if kind == "narrator":
            return [{"t": "start", "q": q}]
        if kind == "day" and not s.get("watch"):
            return [{"t": "vote", "q": q}]
        if kind in ("step", "vote", "tiebreak", "hunter", "night") and s.get("choices"):
            return [{"t": "tap", "q": q, "value": rng.choice([c for c in s["choices"] if not c.get("off")])["value"]}]
        return []
    if kind == "card" and not s.get("seen"):
        return [{"t": "show"}, {"t": "cover"}]
    if kind == "ballot" and not s.get("done") and not s.get("silent"):
        return [{"t": "tap", "q": q, "value": rng.choice(s["choices"])["value"]}]
    if kind not in ("night", "step", "hunter", "tiebreak") or s.get("done"):
        return []
    return step_answer(phone.name, s, rng)


async def open_host(url: str) -> tuple[Room, Phone]:
    """The first page to say hello: the host, on the setup screen."""
    room = Room(url)
    host = Phone(room, "host")
    await host.open()
    await room.until(lambda: host.who == "host" and host.screen.get("screen") == "setup", "the host's setup")
    return room, host


async def seat_phones(room: Room, host: Phone, players: int = 12, rules: str = "classic") -> list[Phone]:
    """The host sets up a table of own devices; `players` phones join it with the room code, one by one."""
    setup: list[dict[str, Any]] = [{"t": "mode", "mode": Mode.OWN_DEVICES.value}, {"t": "ruleset", "ruleset": rules},
                                   {"t": "players", "players": players}]
    if rules == "extended":
        setup.append({"t": "house", "captain": True})
    for message in setup:
        await host.send(message)

    def ready() -> bool:
        d = host.screen.get("draft", {})
        return "lobby" in host.screen and d.get("players") == players and d.get("ruleset") == rules
    await room.until(ready, "the own-devices setup")
    code = host.screen["lobby"]["code"]
    phones = [Phone(room, name) for name in NAMES[:players]]
    await asyncio.gather(*(p.open() for p in phones))
    for p in phones:
        await p.send({"t": "join", "code": code, "name": p.name})
        await room.until(lambda p=p: p.who == "seat", f"{p.name}'s seat")  # type: ignore[misc]
    return phones


def _voting(phones: list[Phone], q: int) -> bool:
    """Every phone shows question `q`'s ballot (a vote, or a silent one), or is dead and only watches: a dead
    seat's screen says `"dead": true` (frames.py); the day screen's `dead` ("Nobody died") is no such mark, and a
    living phone still on it has not been shown its ballot yet."""
    return all((p.screen.get("screen") == "ballot" and p.screen.get("q") == q) or p.screen.get("dead") is True
               for p in phones)


def _verdict_at(phone: Phone, mark: int, voting: bool) -> float | None:
    """When `phone` had the verdict, counting from its `mark`-th frame: the `tally` frame, and, for a
    connection that showed the vote (the host's count, a phone's ballot), the first screen after it."""
    frames = phone.frames[mark:]
    for i, (at, m) in enumerate(frames):
        if m["t"] == "tally":
            if not voting:
                return at
            return next((t for t, n in frames[i + 1:] if n["t"] == "screen"), None)
    return None


async def vote_at_once(room: Room, host: Phone, phones: list[Phone], q: int, rng: random.Random) -> float:
    """The day vote `q`: once every phone shows its ballot, all the living voters send theirs at once.

    Measured from the moment the first ballot is handed to its socket to the moment the last of the 13
    connections has the verdict: it has read the `tally` frame and, if its screen was the vote (the host's
    "ballots", a living phone's "ballot", voting or silent), the first screen frame after the tally. The dead
    phones' screen does not change with the verdict, so the tally is theirs. The ballots are built (JSON)
    before the first is sent; they are written together (asyncio.gather), as twelve thumbs would."""
    await room.until(lambda: _voting(phones, q), f"every ballot of vote {q}")
    voters = [p for p in phones if p.screen.get("screen") == "ballot" and not p.screen.get("silent")
              and not p.screen.get("done")]
    texts = [(p, json.dumps(act(p, rng)[0])) for p in voters]
    for p, text in texts:  # each may send its ballot now, before the clock starts
        await p.paced()
        p.left -= 1
        p.last_sent = text
    everyone = [host, *phones]
    marks = {id(c): (len(c.frames), c.screen.get("screen") in OPEN_VOTE) for c in everyone}

    def told() -> list[float | None]:
        return [_verdict_at(c, *marks[id(c)]) for c in everyone]
    start = time.perf_counter()
    await asyncio.gather(*(p.ws.send(text) for p, text in texts))
    await room.until(lambda: None not in told(), f"the verdict of vote {q}")
    return (max(t for t in told() if t is not None) - start) * 1000


async def reconnect(room: Room, phone: Phone) -> float:
    """A seat's page reloads: its socket closes, a new one opens and says hello with the seat's token.
    Measured from opening the new socket until it has read `{"t":"you","as":"seat"}` and then a screen."""
    await phone.close()
    mark = len(phone.frames)

    def back() -> float | None:
        you = False
        for at, m in phone.frames[mark:]:
            if m["t"] == "you":
                if m["as"] != "seat":
                    raise RuntimeError(f"{phone.name}'s token gave back {m} instead of its seat")
                you = True
            elif m["t"] == "screen" and you:
                return at
        return None
    start = time.perf_counter()
    await phone.open(phone.token)
    await room.until(lambda: back() is not None, f"{phone.name}'s seat after a reload")
    phone.acted.clear()  # a reloaded page does what its screen asks (a message sent just before may be lost)
    at = back()
    assert at is not None
    return (at - start) * 1000


async def play(room: Room, host: Phone, phones: list[Phone], rng: random.Random, done: Callable[[], bool], *,
               votes: list[float] | None = None, reconnects: list[float] | None = None, every: int = 3) -> None:
    """Every bot answers its screen until `done()`; a game over, the host deals a rematch. `votes`: each day
    vote is cast at once and its time kept (vote_at_once); `reconnects`: every `every` steps of a running
    game, a random phone reloads and the time it takes to get its seat back is kept."""
    game, measured, ended, steps = 0, set(), None, 0
    everyone = [host, *phones]
    while not done():
        total = room.frames
        if host.screen.get("screen") == "end":
            if host.screen is not ended:
                ended, game = host.screen, game + 1
                for c in everyone:  # a new game numbers its questions from the start again
                    c.acted.clear()
                await host.send({"t": "rematch"})
            await room.after(total, "a new game")
            continue
        if votes is not None:
            ballot = next((p.screen for p in phones if p.screen.get("screen") == "ballot"), None)
            if ballot is not None and (game, ballot["q"]) not in measured:
                measured.add((game, ballot["q"]))
                votes.append(await vote_at_once(room, host, phones, ballot["q"], rng))
                continue
        acted = False
        for c in everyone:
            for message in act(c, rng, ballots=votes is None):
                await c.send(message)
                acted = True
        steps += 1
        if reconnects is not None and steps % every == 0 and host.screen.get("screen") not in ("setup", "end"):
            reconnects.append(await reconnect(room, rng.choice(phones)))
            acted = True
        if not acted:
            await room.after(total, "the next frame")


async def _own_game(url: str, rules: str, seed: int, done: Callable[[], bool], *, votes: list[float] | None = None,
                    reconnects: list[float] | None = None) -> None:
    room, host = await open_host(url)
    phones = await seat_phones(room, host, 12, rules)
    try:
        await host.send({"t": "deal"})
        await play(room, host, phones, random.Random(seed), done, votes=votes, reconnects=reconnects)
    finally:
        for c in [host, *phones]:
            await c.close()


def tap_to_screen(phone: Phone) -> list[float]:
    """Each tap of `phone` to the next screen frame it read, in milliseconds (a refused tap: to the next screen)."""
    screens = [at for at, m in phone.frames if m["t"] == "screen"]
    return [(next(at for at in screens if at >= tap) - tap) * 1000 for tap in phone.taps
            if any(at >= tap for at in screens)]


def own_games(data: Path, games: int = 3) -> tuple[list[float], list[float]]:
    """Whole games of extended for 12 on own devices, over real sockets: every phone's taps to its next screen
    (ms), and what each phone was sent in its game, from joining to the end screen (KB)."""
    taps: list[float] = []
    sent: list[float] = []

    async def one(url: str, seed: int) -> None:
        room, host = await open_host(url)
        phones = await seat_phones(room, host, 12, "extended")
        try:
            await host.send({"t": "deal"})
            await play(room, host, phones, random.Random(seed), lambda: host.screen.get("screen") == "end")
        finally:
            for c in [host, *phones]:
                await c.close()
        for p in phones:
            taps.extend(tap_to_screen(p))
            sent.append(p.bytes / 1000)

    for seed in range(games):
        _in_thread(data / str(seed), lambda url, seed=seed: one(url, seed))  # type: ignore[misc]
    return taps, sent


def _in_thread(data: Path, measure: Callable[[str], Any]) -> None:
    """A real server (uvicorn, in a thread of this process) on a fast hub: a virtual clock, captions only."""
    hub = Hub(Config(), load(SHIPPED), data, fast=True)
    port = _port()
    server = _serve(hub, port)
    try:
        asyncio.run(measure(f"ws://127.0.0.1:{port}/ws"))
    finally:
        hub.stop_game()
        server.should_exit = True


def vote_to_verdict(data: Path, votes: int = 40) -> list[float]:
    """Twelve phones cast each day vote at once, over several games of classic for 12 (see vote_at_once)."""
    kept: list[float] = []
    _in_thread(data, lambda url: _own_game(url, "classic", 1, lambda: len(kept) >= votes, votes=kept))
    return kept


def reconnects(data: Path, count: int = 40) -> list[float]:
    """A seat's phone reloads during a running game of extended for 12 (see reconnect), `count` times."""
    kept: list[float] = []
    _in_thread(data, lambda url: _own_game(url, "extended", 2, lambda: len(kept) >= count, reconnects=kept))
    return kept


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS in /proc/{pid}/status")


def server_rss(data: Path, packs: Path | None = None) -> tuple[float, float]:
    """`wolfcall play` in its own process: its resident memory (MB) with only the host connected before a
    game, and with the host and twelve phones connected once a game is into night 2.

    Without `packs`: `--fast --audio none`, a virtual clock and captions only (no voice at all). With `packs`
    (a folder holding a rendered pack of ruth, passed as WOLFCALL_PACKS): the narrator speaks every line from
    that pack, on a real clock run 30 times faster (`--speed 30`). In `wolfcall play`'s page the host's
    setup chooses the voice and where the sound plays (`--voice` and `--out` are not read by the page), so
    the host picks ruth and the sound in the browser: each line is decoded from the pack and handed to the
    page as a WAV (narrator/ui/web/tablevoice.py BrowserSink), with `--audio none` so that no sound card is
    opened. Raises RuntimeError unless the lines came from the pack (see _spoke_from_pack). As for
    `play.rss_mb.pack` (bench/voice.py), `run` measures a first game (the twelve names are new: synthesized by
    espeak-ng, measured for loudness and kept beside the pack) and a second one on the same names."""
    data.mkdir(parents=True, exist_ok=True)
    port = _port()
    wolfcall = str(Path(sys.executable).parent / "wolfcall")
    command = [wolfcall, "play", "--audio", "none", "--port", str(port), "--data", str(data)]
    env = {**os.environ, "WOLFCALL_DATA": str(data)}
    if packs is None:
        command.insert(2, "--fast")
    else:
        command[2:2] = ["--speed", "30"]
        env["WOLFCALL_PACKS"] = str(packs)
    log = data / "server.log"
    with log.open("ab") as out:
        proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=out)
    try:
        _listening(proc, port, log)
        url = f"ws://127.0.0.1:{port}/ws"
        figures: list[float] = []
        heard: list[dict[str, Any]] = []

        async def measure() -> None:
            room, host = await open_host(url)
            figures.append(_rss_mb(proc.pid))
            if packs is not None:
                await host.send({"t": "voice", "voice": "ruth"})
                await host.send({"t": "sound", "sound": "browser"})
                await room.until(lambda: host.screen.get("draft", {}).get("voice") == "ruth"
                                 and host.screen.get("draft", {}).get("sound") == "browser", "ruth, in the browser")
            phones = await seat_phones(room, host, 12, "classic")
            try:
                await host.send({"t": "deal"})

                def night_two() -> bool:
                    return any(p.screen.get("screen") == "night" and p.screen.get("night", 0) >= 2 for p in phones)
                await play(room, host, phones, random.Random(3), night_two)
                figures.append(_rss_mb(proc.pid))
                heard.extend(m for _, m in host.frames if m["t"] == "audio")
            finally:
                for c in [host, *phones]:
                    await c.close()
        asyncio.run(measure())
        if packs is not None:
            _spoke_from_pack(packs / "ruth", heard, log)
        return figures[0], figures[1]
    finally:
        stop(proc)


def _spoke_from_pack(pack: Path, heard: list[dict[str, Any]], log: Path) -> None:
    """The server spoke (the host was handed lines' audio) with the pack open: only a speaker holding the pack
    keeps the players' names beside it (narrator/audio/speaker.py `name`), and a line the pack lacks would have
    been spoken live with a warning in the server's log."""
    said = sorted((pack / "names").glob("*.mp3")) if (pack / "names").is_dir() else []
    text = log.read_text(errors="replace")
    if not heard or not said or "voice pack has no clip" in text or "not installed" in text:
        raise RuntimeError(f"the narrated server did not speak from {pack}: {len(heard)} lines handed to the page, "
                           f"{len(said)} names kept beside the pack; its log:\n{text}")


def ruth_pack(root: Path) -> Path:
    """Ruth's pack (espeak-ng, every line of the shipped scripts) rendered into `root`; clips already there
    are kept."""
    render(find_voice("ruth"), load(SHIPPED), root=root, workers=os.cpu_count() or 2, progress=False)
    return root


def run(only: Callable[[str], bool] = lambda name: True) -> Iterator[str]:
    """Every figure of the page; `only(name)` false for all of a measurement's figures: it is not made. A
    measurement that fails is told on stderr and the next one is made (bench/runner.py `attempt`)."""
    failed: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        if only("web.tap_to_voice_ms_p95"):
            with attempt("web.tap_to_voice_ms_p95", failed):
                latencies = tap_to_voice(Path(tmp) / "packs", Path(tmp) / "data")
                yield metric("web.tap_to_voice_ms_p95", p95(latencies), "ms", "lower")
        if only("web.page_kb"):
            with attempt("web.page_kb", failed):
                yield metric("web.page_kb", page_kb(Path(tmp) / "data2"), "KB", "lower")
        if only("web.own_devices.vote_to_verdict_ms_p95") or only("web.own_devices.vote_to_verdict_ms_median"):
            with attempt("web.own_devices.vote_to_verdict", failed):
                verdicts = vote_to_verdict(Path(tmp) / "data3")
                yield metric("web.own_devices.vote_to_verdict_ms_p95", p95(verdicts), "ms", "lower")
                yield metric("web.own_devices.vote_to_verdict_ms_median", statistics.median(verdicts), "ms", "lower")
        if only("web.reconnect_ms_p95") or only("web.reconnect_ms_median"):
            with attempt("web.reconnect", failed):
                back = reconnects(Path(tmp) / "data4")
                yield metric("web.reconnect_ms_p95", p95(back), "ms", "lower")
                yield metric("web.reconnect_ms_median", statistics.median(back), "ms", "lower")
        yield from _own_figures(only, Path(tmp), failed)
    done(failed)


def _own_figures(only: Callable[[str], bool], tmp: Path, failed: list[str]) -> Iterator[str]:
    """The figures of whole games on own devices, and of the server's memory."""
    if only("web.own_devices.tap_to_screen_ms_p95") or only("web.own_devices.tap_to_screen_ms_median") \
            or only("web.own_devices.bytes_per_phone"):
        with attempt("web.own_devices.tap_to_screen", failed):
            taps, sent = own_games(tmp / "data8")
            yield metric("web.own_devices.tap_to_screen_ms_p95", p95(taps), "ms", "lower")
            yield metric("web.own_devices.tap_to_screen_ms_median", statistics.median(taps), "ms", "lower")
            yield metric("web.own_devices.bytes_per_phone", statistics.median(sent), "KB", "lower")
    if only("web.own_devices.server_rss_idle_mb") or only("web.own_devices.server_rss_mb"):
        with attempt("web.own_devices.server_rss", failed):
            idle, playing = server_rss(tmp / "data5")
            yield metric("web.own_devices.server_rss_idle_mb", idle, "MB", "lower")
            yield metric("web.own_devices.server_rss_mb", playing, "MB", "lower")
    if only("web.flood.host_tap_to_screen_ms_p95"):
        with attempt("web.flood.host_tap_to_screen", failed):
            from .flood import figures

            flooded = figures(tmp / "flood")
            yield metric("web.flood.host_tap_to_screen_ms_p95", max(flooded.values()), "ms", "lower")
            for source, value in flooded.items():
                yield metric(f"web.flood.host_tap_to_screen_ms_p95.{source}", value, "ms", "lower")
    if only("web.own_devices.server_rss_mb.pack"):
        with attempt("web.own_devices.server_rss_mb.pack", failed):
            packs = ruth_pack(tmp / "packs")
            _, first = server_rss(tmp / "data6", packs)  # new names: synthesized once, kept beside the pack
            _, narrated = server_rss(tmp / "data7", packs)  # the same table again: every name from the pack
            yield metric("web.own_devices.server_rss_mb.pack_new_names", first, "MB", "lower")
            yield metric("web.own_devices.server_rss_mb.pack", narrated, "MB", "lower")


if __name__ == "__main__":
    for line in run():
        print(line)
