"""An online room in real Chromium, end to end: six players, each in their own browser with their own fake
microphone (a tone), sign up on the front page, one opens a room, the others join with the code it shows, and
they play a classic game on the room's real pages against the real app (`create_online_app`, served by
uvicorn in a thread, built as `wolfcall serve --online --proxy --fast` builds it) through a real nginx in front
of it (tests/online/proxied.py): the pages only ever talk to nginx's port.

The app runs in this process so that the test can (a) give `Rooms` a clock that it moves on 31 minutes, to
close a room for idleness without waiting for it, and (b) cross-check what the pages show against the game
(`room.hub.state`). What the players know comes from their own pages: each player's card is read from the
card screen they press and hold, and deaths come from the game the test plays (the wolves' pick, the ballots).

The voice chat is read from WebRTC's own counters (getStats inbound-rtp bytes, `window.wolfcallVoice
.inboundBytes()`): by day the living hear the living and the dead (the "beyond") hear only the dead; at night
only the wolves hear each other (and the dead the dead). A reloaded page comes back to its seat, its screen and
its voice peers. Every frame each page receives is recorded (Playwright's `framereceived`): no page is sent a
card word but its own, and an intruder (signed up, never joined) gets nothing but a refusal.

Every wait is for a condition (a frame, a screen, a count in a page, the server's state); the bounds only
guard against a hang. That a count does NOT grow is shown around a positive control, as in
tests/online/test_voice_browser.py.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from narrator.cli.serve import PROXY_HOST, server_config
from narrator.config import Config
from narrator.online.accounts import Accounts
from narrator.online.room import Room
from narrator.online.rooms import IDLE_SECONDS, Rooms
from narrator.online.site import create_online_app
from narrator.online.store import SqliteStore

from ..browser import ARGS, CHROMIUM, GUARD_MS, in_process
from ..ui.web.ways.test_ways import SECRET_KEYS, keys_in, role_words, words_in
from .proxied import proxied
from .roomtable import SCRIPT
from .test_voice_browser import GROW, tone
from .test_voice_browser import stays as voice_stays

pytestmark = pytest.mark.skipif(shutil.which(CHROMIUM) is None and not Path(CHROMIUM).exists(),
                                reason="Debian's chromium is not installed (.ci/run installs it)")
TEST_GUARD_S = 300  # only against a hang
GUARD_S = GUARD_MS / 1000
NAMES = ["Ana", "Ben", "Carla", "Dario", "Eva", "Fede"]
PASSWORD = "wolfcall-secret-"
LANG = "en"
WORDS = role_words(LANG)  # role id -> its card word
ROLE_OF_WORD = {w: r for r, w in WORDS.items()}
MEDIA = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
         "--autoplay-policy=no-user-gesture-required", "--mute-audio", "--allow-loopback-in-peer-connection",
         "--disable-features=WebRtcHideLocalIpsWithMdns"]
# In every page before its own scripts: the voice chat's inbound bytes per peer, refreshed from getStats.
BYTES = """
window.__bytes = {};
window.__cards = [];  // every card word the page drew in #secret (it is there only while the finger is down)
new MutationObserver(() => {
  const role = document.querySelector("#secret .role");
  if (role && role.textContent !== window.__cards.at(-1)) window.__cards.push(role.textContent);
}).observe(document, {childList: true, subtree: true, characterData: true});
(function poll() {
  const chat = window.wolfcallVoice;
  const again = () => setTimeout(poll, 50);
  if (chat) chat.inboundBytes().then((b) => { window.__bytes = b; }, () => {}).finally(again); else again();
})();
"""
CHAT = "window.wolfcallVoice"


# -- the server -------------------------------------------------------------------------------------------
class Clock:
    """The rooms' clock: the wall clock, plus however far the test has moved it on."""

    def __init__(self) -> None:
        self.skew = 0.0

    def __call__(self) -> float:
        return time.time() + self.skew


@dataclass
class Server:
    url: str  # nginx's: the only address the pages open
    rooms: Rooms
    clock: Clock


@contextmanager
def serve(data: Path, tls: bool = False, trusted: bool = True) -> Iterator[Server]:
    """The online app as `wolfcall serve --online --proxy --fast` makes it (no ticking thread: nothing here waits
    for the server's own clock) on a free port of 127.0.0.1, behind a real nginx (tests/online/proxied.py; HTTPS
    with `tls`); both listen before this yields. `trusted=False`: as if without `--proxy` (nginx's X-Forwarded-*
    not read)."""
    clock = Clock()
    accounts = Accounts(SqliteStore(data / "accounts.sqlite"))
    rooms = Rooms(Config(), SCRIPT, data, fast=True, now=clock)
    app = create_online_app(accounts, rooms, secure=True, ice=lambda user: [])
    assert PROXY_HOST == "127.0.0.1"  # where in_process listens
    try:
        with in_process(app, lambda app: server_config(app, proxy=trusted)) as port, \
                proxied(data / "nginx", [port], tls) as url:
            yield Server(url, rooms, clock)
    finally:
        rooms.close()


async def until(condition: Callable[[], bool], what: str) -> None:
    """Until `condition()` (about the server's state) holds; the bound only guards against a hang."""
    deadline = time.monotonic() + GUARD_S
    while not condition():
        assert time.monotonic() < deadline, f"never: {what}"
        await asyncio.sleep(0.01)


# -- a player: one browser, one context, one page, every frame it received ------------------------------
@dataclass
class Player:
    name: str
    browser: Any
    page: Any
    changed: asyncio.Event
    frames: list[dict[str, Any]] = field(default_factory=list)
    sockets: list[str] = field(default_factory=list)  # the address of every socket the page opened
    seat: int = 0
    role: str = ""
    acted: set[int] = field(default_factory=set)
    errors: list[str] = field(default_factory=list)

    def record(self, ws: Any) -> None:
        self.sockets.append(ws.url)

        def received(payload: str | bytes) -> None:
            self.frames.append(json.loads(payload))
            self.changed.set()
        ws.on("framereceived", received)

    def last_screen(self) -> tuple[int, dict[str, Any]]:
        for i in range(len(self.frames) - 1, -1, -1):
            if self.frames[i]["t"] == "screen":
                return i, self.frames[i]
        return -1, {}

    async def send(self, message: dict[str, Any]) -> None:
        """A message the page itself could send, over the page's own socket."""
        await self.page.evaluate("(m) => window.wolfcall.send(m)", message)


async def open_player(p: Any, name: str, wav: Path | None, changed: asyncio.Event, browser: Any = None) -> Player:
    if browser is None:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=[
            *ARGS, *MEDIA, *([f"--use-file-for-fake-audio-capture={wav}"] if wav else [])])
    context = await browser.new_context()
    context.set_default_timeout(GUARD_MS)
    await context.add_init_script(BYTES)
    page = await context.new_page()
    player = Player(name, browser, page, changed)
    page.on("websocket", player.record)
    page.on("pageerror", lambda e: player.errors.append(str(e)))
    page.on("console", lambda m: print(f"{name}: {m.text}") if m.type == "warning" else None)  # voice.js warns
    return player


# -- the front page ---------------------------------------------------------------------------------------
async def sign_up(player: Player, url: str) -> None:
    page = player.page
    await page.goto(url + "/")
    await page.click("#to-signup")
    await page.fill("#name", player.name)
    await page.fill("#password", PASSWORD + player.name)
    await page.click("#signup")
    await page.wait_for_selector("#me", state="visible")
    assert player.name in await page.inner_text("#me")


async def refused(page: Any, rule: str) -> None:
    await page.wait_for_selector(f'#error[data-rule="{rule}"]', state="visible")


async def join(player: Player, code: str) -> None:
    """Type the code on the front page and join: the room's page opens at this player's seat."""
    page = player.page
    await page.fill("#code", code)
    await page.click("#join-room")
    await page.wait_for_url(f"**/r/{code}")
    await page.wait_for_function(f"window.wolfcall.me().room === {json.dumps(code)}")
    player.seat = int(await page.evaluate("window.wolfcall.me().seat"))


async def open_and_join(players: list[Player]) -> str:
    """The first player opens a room (at seat 1), the others join with the code its page shows; the code."""
    opener = players[0]
    await opener.page.click("#open-room")
    await opener.page.wait_for_url("**/r/*")
    code = (await opener.page.locator("#room-code").inner_text()).strip()
    await opener.page.wait_for_function("window.wolfcall.me().seat === 1")
    opener.seat = 1
    for player in players[1:]:
        await join(player, code)
    return code


# -- the game, driven through the pages ------------------------------------------------------------------
async def see_card(player: Player) -> None:
    """Press and hold 'see your card' on the real page; the card's word is this player's role."""
    page = player.page
    await page.wait_for_selector("#hold-card")
    # the finger goes down on the button itself (not at a point on the screen: the voice bar and the other
    # players' progress may move the layout between aiming and pressing), and stays down until the card shows
    await page.evaluate("""() => document.getElementById("hold-card").dispatchEvent(
        new PointerEvent("pointerdown", {pointerId: 1, bubbles: true, isPrimary: true}))""")
    await page.wait_for_function("window.__cards.length > 0")
    cards = list(await page.evaluate("window.__cards"))
    await page.evaluate("""() => (document.getElementById("hold-card") || window).dispatchEvent(
        new PointerEvent("pointerup", {pointerId: 1, bubbles: true, isPrimary: true}))""")  # redrawn: the window's
    await page.wait_for_selector("#secret", state="hidden")
    # the server took it as seen (the last one to look moves the game on: no card screen any more)
    await page.wait_for_function("document.getElementById('seen') !== null || "
                                 "document.getElementById('screen').dataset.screen !== 'card'")
    assert len(set(cards)) == 1, f"{player.name} was shown several cards: {cards}"
    word = cards[0]
    assert word in ROLE_OF_WORD, word
    player.role = ROLE_OF_WORD[word]


@dataclass
class Plan:
    """What the test decides in the game, and where the drive stops to look at the voice chat."""

    victim: int = 0  # the wolves' pick on night 1
    expelled: int = 0  # the day's vote
    to_vote: bool = False  # the host may call the vote
    nights_open: set[int] = field(default_factory=set)  # the nights whose wolves' step may be answered


def answer(player: Player, s: dict[str, Any], plan: Plan) -> dict[str, Any] | None:
    """What this player's page sends for the screen `s` (None: nothing to do, or not yet)."""
    kind, q = s.get("screen"), s.get("q")
    host = player.seat == 1
    if kind == "narrator" and host:
        return {"t": "start", "q": q}
    if kind == "day" and host and not s.get("watch"):
        return {"t": "vote", "q": q} if plan.to_vote else None
    if kind in ("vote", "ballot") and not s.get("done") and not s.get("silent") and s.get("choices"):
        value = next(c["value"] for c in s["choices"] if c.get("target") == plan.expelled)
        return {"t": "tap", "q": q, "value": value}
    if kind not in ("night", "step", "hunter", "tiebreak") or s.get("done"):
        return None
    choices = [c for c in s.get("choices", []) if not c.get("off") and c.get("value")]
    if s.get("picks") is not None:  # the wolves' own step: held until the test has listened to the night
        if s.get("night") not in plan.nights_open:
            return None
        return {"t": "tap", "q": q, "value": next(c["value"] for c in choices if c.get("target") == plan.victim)}
    prefix = "decoy" if s.get("decoy") else s.get("step")
    if s.get("shape") == "potions":
        return {"t": "tap", "q": q, "value": f"{prefix}:pass"}
    if s.get("pick"):
        seats = [x["seat"] for x in s["pick"]["seats"]][: s["pick"]["count"]]
        value = f"{prefix}:" + ",".join(map(str, seats)) + ("," if len(seats) == 1 else "")
        return {"t": "tap", "q": q, "value": value}
    if s.get("shape") == "seconds":
        return {"t": "tap", "q": q, "value": f"{prefix}:held:2"}
    targets = [c for c in choices if c.get("kind") != "none"] or choices
    return {"t": "tap", "q": q, "value": targets[0]["value"]} if targets else None


async def drive(players: list[Player], plan: Plan, changed: asyncio.Event, done: Callable[[], bool],
                what: str) -> None:
    """Every page answers its newest screen (once) until `done()`; waits for the next frame in between."""
    deadline = time.monotonic() + GUARD_S * 2
    while not done():
        changed.clear()
        acted = False
        for player in players:
            index, s = player.last_screen()
            if index < 0 or index in player.acted:
                continue
            message = answer(player, s, plan)
            if message is not None:
                player.acted.add(index)
                await player.send(message)
                acted = True
        if done():
            return
        if not acted:
            left = deadline - time.monotonic()
            assert left > 0, f"the game never got to {what}: {[(p.name, p.last_screen()[1]) for p in players]}"
            try:
                await asyncio.wait_for(changed.wait(), left)
            except TimeoutError:
                raise AssertionError(f"the game never got to {what}: "
                                     f"{[(p.name, p.last_screen()[1]) for p in players]}") from None


def wolves_asked(player: Player, night: int) -> bool:
    _, s = player.last_screen()
    return s.get("screen") == "night" and s.get("picks") is not None and s.get("night") == night and not s.get("done")


# -- the voice chat, read in the pages -------------------------------------------------------------------
async def peers(page: Any) -> list[int]:
    return list(await page.evaluate(f"{CHAT} ? [...{CHAT}.peers.keys()].sort((a, b) => a - b) : []"))


async def byte_count(page: Any, peer: int) -> int | None:
    """Bytes `page` received from `peer` (None: no connection to it)."""
    value = await page.evaluate(f"{CHAT} && {CHAT}.peers.has({peer}) ? (window.__bytes[{peer}] ?? 0) : null")
    return None if value is None else int(value)


async def wait_connected(player: Player, want: set[int]) -> None:
    """Until the page has exactly these voice peers, each connected."""
    try:
        await player.page.wait_for_function(
            f"""(() => {{
              const chat = {CHAT};
              const want = {json.dumps(sorted(want))};
              const have = chat ? [...chat.peers.keys()].sort((a, b) => a - b) : [];
              return JSON.stringify(have) === JSON.stringify(want)
                && (!chat || [...chat.peers.values()].every((p) => p.pc.connectionState === "connected"));
            }})()""", timeout=GUARD_MS)
    except Exception:
        states = await player.page.evaluate(f"{CHAT} ? [...{CHAT}.peers.entries()].map(([s, p]) => "
                                            "[s, p.pc.connectionState, p.pc.signalingState, p.offerer]) : null")
        raise AssertionError(f"{player.name} (seat {player.seat}) never had exactly the voice peers {sorted(want)}: "
                             f"{states}") from None


async def wait_grown(page: Any, peer: int, by: int = GROW) -> int:
    start = await byte_count(page, peer)
    assert start is not None, f"no connection to seat {peer}"
    await page.wait_for_function(f"{CHAT}.peers.has({peer}) && (window.__bytes[{peer}] ?? 0) >= {start + by}",
                                 timeout=GUARD_MS)
    return int(await page.evaluate(f"window.__bytes[{peer}]"))


async def stays(listener: Any, peer: int, control: Any, control_peer: int) -> None:
    """The bytes `listener` received from `peer` do not grow while `control`'s from `control_peer` grow twice."""
    await voice_stays(listener, peer, control, control_peer, wait_grown, byte_count)


async def hold(player: Player) -> None:
    """Press and hold the room page's push-to-talk button with the mouse (a seer first puts away the answer
    the night gave them: 'Got it')."""
    if await player.page.is_visible("#secret #cover"):
        await player.page.click("#secret #cover")
        await player.page.wait_for_selector("#secret", state="hidden")
    await player.page.hover("#talk")
    await player.page.mouse.down()
    await player.page.wait_for_function(f"{CHAT}.talking === true", timeout=GUARD_MS)


async def release(player: Player) -> None:
    await player.page.mouse.up()
    await player.page.wait_for_function(f"!{CHAT}.talking && [...{CHAT}.peers.values()]"
                                        ".every((p) => !p.sender || p.sender.track === null)", timeout=GUARD_MS)


async def no_talk_button(player: Player) -> None:
    """The page says it is on no channel and offers no button to talk."""
    await player.page.wait_for_function("!document.getElementById('talk') && "
                                        "document.getElementById('channel') !== null", timeout=GUARD_MS)


# -- what each page was sent -------------------------------------------------------------------------------
def check_frames(player: Player) -> None:
    """A seat's page: its own card, its own night's secrets, no other card's word (narration and the room's
    setup aside, as in tests/ui/web/ways/test_ways.py)."""
    mine = WORDS[player.role]
    others = set(WORDS.values()) - {mine}
    for m in player.frames:
        kind = m.get("t")
        if kind in ("ui", "caption") or (kind == "screen" and m.get("screen") == "setup"):
            continue
        if kind == "screen" and m.get("screen") == "end":
            break
        if kind == "private":
            if m["kind"] == "card":
                assert m["role"] == mine, f"{player.name} ({mine}) was shown the card {m['role']}"
            else:
                assert player.role == "seer", f"{player.name} ({mine}) was sent an answer: {m}"
            continue
        if kind == "rtc":  # signalling relayed from another page: its SDP is no game's word
            assert set(m) <= {"t", "kind", "peer", "offer", "data"}, m
            continue
        allowed = {"picks"} if player.role == "werewolf" else {"attacked"} if player.role == "witch" else set()
        leaked = keys_in(m) & (SECRET_KEYS - allowed)
        assert not leaked, f"{player.name} ({mine}) was sent {leaked}: {m}"
        found = words_in(json.dumps(m, ensure_ascii=False), others)
        assert not found, f"{player.name} ({mine}) was sent the card word(s) {found}: {m}"


# -- the test ---------------------------------------------------------------------------------------------
async def scenario(server: Server, tmp_path: Path) -> None:
    from playwright.async_api import async_playwright

    url = server.url
    changed = asyncio.Event()
    async with async_playwright() as p:
        players: list[Player] = []
        try:
            for i, name in enumerate(NAMES):  # one browser each: the fake microphone is a whole browser's
                players.append(await open_player(p, name, tone(tmp_path / f"{name}.wav", 300 + 110 * i), changed))
            intruder = await open_player(p, "Mallory", None, changed, browser=players[0].browser)

            # -- 1. accounts on the front page ----------------------------------------------------------------
            await asyncio.gather(*(sign_up(x, url) for x in [*players, intruder]))
            ben = players[1].page
            await ben.click("#signout")
            await ben.wait_for_selector("#signin", state="visible")
            await ben.fill("#name", "Ben")
            await ben.fill("#password", "not-bens-password")
            await ben.click("#signin")
            await refused(ben, "signin.wrong")
            await ben.fill("#password", PASSWORD + "Ben")
            await ben.click("#signin")
            await ben.wait_for_selector("#me", state="visible")
            await ben.reload()  # the session is a cookie: still signed in
            await ben.wait_for_selector("#me", state="visible")
            # A wrong code, and the code of a room that closed (idle 30 minutes; the rooms' clock moves on).
            carla = players[2].page
            await carla.fill("#code", "BCDFGHJK")
            await carla.click("#join-room")
            await refused(carla, "room.unknown")
            await ben.click("#open-room")
            await ben.wait_for_url("**/r/*")
            closed = (await ben.locator("#room-code").inner_text()).strip()
            assert server.rooms.find(closed) is not None
            await ben.goto(url + "/")
            await ben.wait_for_selector("#me", state="visible")
            room_b = server.rooms.find(closed)
            assert room_b is not None
            await until(lambda: not room_b.clients, "Ben's page left his room")
            server.clock.skew += IDLE_SECONDS + 60
            await carla.fill("#code", closed)
            await carla.click("#join-room")
            await refused(carla, "room.unknown")
            assert server.rooms.find(closed) is None

            # -- 2. a room: opened, joined with the code it shows, dealt ---------------------------------------
            ana = players[0]
            await ana.page.select_option("#ruleset", "classic")
            code = await open_and_join(players)
            assert [x.seat for x in players] == [1, 2, 3, 4, 5, 6]
            room: Room | None = server.rooms.find(code)
            assert room is not None
            await ana.page.wait_for_function("document.querySelectorAll('#seats li').length === 6 && "
                                             "!document.getElementById('deal').disabled")
            for player in players:  # before the deal everyone hears everyone
                await wait_connected(player, {x.seat for x in players} - {player.seat})

            # -- 5. the intruder: signed in, never joined ------------------------------------------------------
            await intruder.page.goto(f"{url}/r/{code}")
            await intruder.page.wait_for_selector("#me", state="visible")
            assert intruder.page.url.endswith(f"/#code={code}"), intruder.page.url
            assert await intruder.page.locator("#screen").count() == 0
            await intruder.page.evaluate("""(code) => new Promise((done) => {
              const ws = new WebSocket(`ws://${location.host}/r/${code}/ws`);
              ws.onopen = () => ws.send(JSON.stringify({t: "hello", token: null}));
              ws.onclose = () => done();
            })""", code)
            assert intruder.sockets == [f"{url.replace('http', 'ws')}/r/{code}/ws"], intruder.sockets
            assert [m["t"] for m in intruder.frames] == ["refused", "gone"], intruder.frames
            assert intruder.frames[0]["rule"] == "room.not_member", intruder.frames

            await ana.page.click("#deal")
            await asyncio.gather(*(see_card(x) for x in players))
            roles = {x.seat: x.role for x in players}
            with room.lock:
                state = room.hub.state
                assert state is not None
                assert roles == {s: state.role_of(s) for s in roles}, "a card screen showed another card"
            wolves = {s for s, r in roles.items() if r == "werewolf"}
            assert len(wolves) == 2, roles
            by_seat = {x.seat: x for x in players}
            villagers = sorted(set(roles) - wolves)
            plan = Plan()
            plan.victim = next(s for s in villagers if s != 1)  # the host stays alive: it calls the vote
            plan.expelled = max(wolves - {1})  # two wolves against three: the game goes on

            # -- 3. night 1: only the wolves hear each other --------------------------------------------------
            w1, w2 = (by_seat[s] for s in sorted(wolves))
            await drive(players, plan, changed, lambda: wolves_asked(w1, 1) and wolves_asked(w2, 1), "night 1")
            await wait_connected(w1, {w2.seat})
            await wait_connected(w2, {w1.seat})
            for s in villagers:
                await wait_connected(by_seat[s], set())
                await no_talk_button(by_seat[s])
            await hold(w1)
            await wait_grown(w2.page, w1.seat)
            await stays(w1.page, w2.seat, w2.page, w1.seat)  # w2 does not hold its button: w1 hears nothing
            await release(w1)
            for s in villagers:
                assert await peers(by_seat[s].page) == []
            plan.nights_open.add(1)

            # -- 3. day 1: the living hear the living; the night's victim hears nobody -------------------------
            host = ana
            await drive(players, plan, changed,
                        lambda: host.last_screen()[1].get("screen") == "day" and "q" in host.last_screen()[1], "day 1")
            with room.lock:
                state = room.hub.state
                assert state is not None
                assert set(state.alive) == set(roles) - {plan.victim}, state.alive
            alive = set(roles) - {plan.victim}
            dead = by_seat[plan.victim]
            for s in alive:
                await wait_connected(by_seat[s], alive - {s})
            await wait_connected(dead, set())
            speaker, listener = (by_seat[s] for s in sorted(alive - {1})[:2])
            await hold(speaker)
            await hold(dead)  # the dead player holds the button too: nobody living has a connection to them
            await wait_grown(listener.page, speaker.seat)
            await wait_grown(host.page, speaker.seat)
            quiet = next(s for s in sorted(alive) if s not in (speaker.seat, listener.seat))
            await stays(listener.page, quiet, host.page, speaker.seat)
            for s in alive:
                assert await byte_count(by_seat[s].page, dead.seat) is None, "a dead player's voice reached the living"
            assert await peers(dead.page) == []
            await release(speaker)
            await release(dead)
            await hold(by_seat[quiet])  # letting go stops the sound: the listener's count from the speaker stays
            await stays(listener.page, speaker.seat, listener.page, quiet)
            await release(by_seat[quiet])

            # -- 4. a page reloads: its seat, its screen, its voice peers come back ---------------------------
            before = listener.last_screen()[1]
            listener.acted.clear()
            count = len(listener.frames)
            await listener.page.reload()
            await listener.page.wait_for_function(f"window.wolfcall.me().seat === {listener.seat}")
            await listener.page.wait_for_function("document.getElementById('screen').dataset.screen === 'day'")
            again = listener.last_screen()[1]
            assert len(listener.frames) > count
            assert (again["screen"], again.get("day")) == (before["screen"], before.get("day")), (before, again)
            you = [m for m in listener.frames[count:] if m["t"] == "you"]
            assert you and all(m["seat"] == listener.seat and m["as"] == "seat" for m in you), you
            await wait_connected(listener, alive - {listener.seat})
            for s in alive - {listener.seat}:
                await wait_connected(by_seat[s], alive - {s})
            await hold(speaker)
            await wait_grown(listener.page, speaker.seat)
            await release(speaker)
            await hold(listener)
            await wait_grown(host.page, listener.seat)
            await release(listener)

            # -- the vote: a wolf leaves; night 2 -----------------------------------------------------------------
            plan.to_vote = True
            survivor = by_seat[min(wolves - {plan.expelled})]
            await drive(players, plan, changed, lambda: wolves_asked(survivor, 2), "night 2")
            with room.lock:
                state = room.hub.state
                assert state is not None
                assert not state.over
                assert set(state.alive) == alive - {plan.expelled}, state.alive
            alive -= {plan.expelled}
            gone = {plan.victim, plan.expelled}

            # -- 3. night 2: the dead hear the dead; the living hear nobody (a lone wolf has nobody) ------------
            for s in alive:
                await wait_connected(by_seat[s], set())
            d1, d2 = by_seat[plan.victim], by_seat[plan.expelled]
            await wait_connected(d1, {d2.seat})
            await wait_connected(d2, {d1.seat})
            await no_talk_button(by_seat[min(alive - wolves)])
            await hold(d1)
            await wait_grown(d2.page, d1.seat)
            await stays(d1.page, d2.seat, d2.page, d1.seat)
            for s in alive:
                assert await peers(by_seat[s].page) == [], f"seat {s} is connected at night"
            assert gone == {d1.seat, d2.seat}
            await release(d1)

            # -- 5. what every page was sent --------------------------------------------------------------------
            for player in players:
                check_frames(player)
                assert not player.errors, (player.name, player.errors)
            assert [m["t"] for m in intruder.frames] == ["refused", "gone"], intruder.frames
        finally:
            for player in players:
                await player.browser.close()


def test_an_online_room_in_real_chromium(tmp_path: Path) -> None:
    with serve(tmp_path) as server:
        asyncio.run(asyncio.wait_for(scenario(server, tmp_path), TEST_GUARD_S))
