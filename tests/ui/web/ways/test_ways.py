"""The three ways to play, each a whole game in real Chromium pages that record every WebSocket frame.

Each game has its own browser contexts (separate storage): the host (the device on the table), two players,
and an intruder that never gets a token; with own devices, four more players are plain WebSocket bots. At the
end, every frame each of them received is checked for what it may not know (a card's word, a seer's answer,
the witch's victim, the pack's picks, a ballot), everything the intruder sent must have been refused without
changing the game, and a page reloaded during the game must have come back to its seat and its screen.

Every wait is for a frame or a screen, never for a time (the bounds only guard against a hang).
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import TimeoutError as PlaywrightTimeout

from narrator.ui.web.frames import CALLED
from narrator.ui.web.strings import strings

from ....browser import ARGS, ARTIFACTS, CHROMIUM, GUARD_MS, PHONE, RECORD_MESSAGES, free_port, server
from ..tables import Frame, Phone
from ..test_frames import same_shape

pytestmark = pytest.mark.skipif(shutil.which(CHROMIUM) is None and not Path(CHROMIUM).exists(),
                                reason="Debian's chromium is not installed (.ci/run installs it)")
GAME_GUARD_S = 300  # only against a hang: a whole game is a few seconds
# The screens a page that is not a seat's may ever be shown; the host of own devices also sees these of its own.
WATCHED = {"lobby", "listen", "day", "end"}
OWN_HOST = {"setup", "narrator", "deal_wait", "ballots"}
# Keys that carry a secret: a card's word, the cards in play, the pack's picks, the wolves' victim, ballots.
SECRET_KEYS = {"role", "roles", "cards", "picks", "attacked", "pack", "ballots"}
BALLOT_KEYS = {"t", "screen", "q", "day", "choices", "done", "double", "silent"}
# The last screen frame the page received, and the key of what it asks (as tables.act keys it).
LAST_SCREEN = "window.__wolfcall.received.filter((m) => m.t === 'screen').at(-1)"


# -- pages that record every frame ------------------------------------------------------------------------
class Ctx:
    """One browser context (its own storage) with one page; `frames` keeps every frame it received, across
    reloads (the page's own record starts again empty when it reloads)."""

    def __init__(self, name: str, context: Any, page: Any) -> None:
        self.name, self.context, self.page = name, context, page
        self.frames: list[dict[str, Any]] = []
        self.seat: int | None = None
        self.reloads = 0

    async def harvest(self) -> list[dict[str, Any]]:
        """Move what the page has recorded so far into `frames`; returns the new frames."""
        new = list(await self.page.evaluate("window.__wolfcall.received.splice(0)"))
        self.frames += new
        return new

    async def count(self) -> int:
        return int(await self.page.evaluate("window.__wolfcall.received.length"))

    async def wait(self, since: int, condition: str) -> dict[str, Any]:
        """The first frame received after the `since`-th for which JS `condition` (on `m`) holds."""
        find = f"window.__wolfcall.received.slice({since}).find((m) => {condition})"
        await self.page.wait_for_function(f"{find} !== undefined", timeout=GUARD_MS)
        return dict(await self.page.evaluate(find))

    async def last_screen(self) -> dict[str, Any]:
        return dict(await self.page.evaluate(LAST_SCREEN) or {})

    async def asked_screen(self) -> dict[str, Any]:
        """The page's latest screen once it names a question, as it was then (read in a second look, another
        page may already have moved the game on to a screen without one)."""
        shown = await self.page.wait_for_function(f"(() => {{ const s = {LAST_SCREEN}; "
                                                  "return s && s.q !== undefined ? s : null; })()")
        return dict(await shown.json_value())

    async def reload(self) -> dict[str, Any]:
        """Reload the page; returns the `you` frame it is sent back (it says hello with its stored token)."""
        await self.harvest()
        await self.page.reload()
        self.reloads += 1
        you = await self.wait(0, "m.t === 'you'")
        await self.wait(0, "m.t === 'screen'")
        return you


async def open_ctx(browser: Any, name: str, url: str) -> Ctx:
    context = await browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
    context.set_default_timeout(GUARD_MS)  # a guard against a hang; every wait is for an event
    await context.add_init_script(RECORD_MESSAGES)
    page = await context.new_page()
    await page.goto(url)
    ctx = Ctx(name, context, page)
    await ctx.wait(0, "m.t === 'screen'")
    return ctx


async def gen(page: Any) -> int:
    return int(await page.get_attribute("#screen", "data-gen") or 0)


async def screen_name(page: Any) -> str:
    return str(await page.get_attribute("#screen", "data-screen") or "")


async def wait_change(page: Any, before: int) -> None:
    try:
        await page.wait_for_function(f"+document.getElementById('screen').dataset.gen > {before} || "
                                     "!document.getElementById('secret').hidden", timeout=GUARD_MS)
    except PlaywrightTimeout:  # say what the page was sent last, and what it draws
        last = await page.evaluate("window.__wolfcall.received.slice(-12)")
        sent = await page.evaluate("window.__wolfcall.sent.slice(-6)")
        raise AssertionError(f"the page did not change from {await screen_name(page)!r} (gen {before}): "
                             f"its last frames {last}, the last it sent {sent}") from None


async def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


async def choose(page: Any, select: str, value: str, ready: str = "true") -> None:
    """Pick `value` in the setup's `select`; returns once the server's new setup screen is drawn."""
    before = await gen(page)
    await page.select_option(select, value)
    await page.wait_for_function(f"+document.getElementById('screen').dataset.gen > {before} && "
                                 f"document.getElementById('{select[1:]}').value === '{value}' && ({ready})",
                                 timeout=GUARD_MS)


# -- the intruder: a page without a token sends every kind of message ------------------------------------
RAW_SEND = "(text) => Object.getPrototypeOf(WebSocket.prototype).send.call(ws, text)"  # past the recorder's JSON


def intrusions(q: int, value: str) -> list[tuple[str, set[str]]]:
    """Every message kind a page could send, aimed at question `q` (a tap with a `value` the table could tap);
    each with the refusal expected."""
    messages: list[dict[str, Any]] = [
        {"t": "tap", "q": q, "value": value}, {"t": "tap", "q": q, "value": "day_vote:1"}, {"t": "show"},
        {"t": "cover", "q": q}, {"t": "start", "q": q}, {"t": "vote", "q": q}, {"t": "undo"}, {"t": "new"},
        {"t": "deal"}, {"t": "lang", "lang": "de"}, {"t": "rematch"}, {"t": "move", "seat": 1, "to": 2},
        {"t": "remove", "seat": 1}, {"t": "players", "players": 7}, {"t": "count", "q": q}, {"t": "open", "q": q},
        {"t": "continue"}, {"t": "mode", "mode": "one_device"},
    ]
    out = [(json.dumps(m), {"message.not_yours"}) for m in messages]
    # a wrong room code: closed (no table to join), or wrong (own devices: a phone may join its seat again)
    out.append((json.dumps({"t": "join", "code": "AAAAAA", "name": "Mallory"}), {"join.closed", "join.code"}))
    out.append((json.dumps({"t": "tap", "q": q, "value": "x" * 10_000}), {"message.size"}))  # 10 KB
    out.append(("{not json", {"message.form"}))
    out.append((json.dumps(["not", "a", "dict"]), {"message.form"}))
    out.append((json.dumps({"t": 5}), {"message.form"}))
    return out


async def intrude(intruder: Ctx, host: Ctx, value: str) -> int:
    """While the game waits for a human: the intruder sends everything; each is refused and the host's screen
    stays as it was. Returns how many messages were sent."""
    await host.harvest()
    before = await host.last_screen() or next(m for m in reversed(host.frames) if m["t"] == "screen")
    q = int(before.get("q") or 0)
    for text, rule in intrusions(q, value):
        since = await intruder.count()
        await intruder.page.evaluate(RAW_SEND, text)
        refused = await intruder.wait(since, "m.t === 'refused'")
        assert refused["rule"] in rule, f"the intruder's {text[:80]} was refused for {refused['rule']}, not {rule}"
    # A probe on the host's socket: its refusal comes after anything the intruder's messages made the host see.
    since = await host.count()
    await host.page.evaluate("send({t: 'tap', q: -1, value: 'probe:1'})")
    probe = await host.wait(since, "m.t === 'refused'")
    assert probe["rule"] == "stale", probe
    after = [m for m in await host.harvest() if m["t"] == "screen"]
    assert all(m == before for m in after), f"the host's screen changed after the intruder's messages: {after}"
    return len(intrusions(q, value))


# -- what each frame may hold -----------------------------------------------------------------------------
def role_words(lang: str) -> dict[str, str]:
    return {k[5:]: v for k, v in strings(lang).items() if k.startswith("role.") and k != "role.captain"}


def words_in(text: str, words: set[str]) -> set[str]:
    return {w for w in words if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text)}


def keys_in(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys_in(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys_in(v)}
    return set()


def before_the_end(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The frames up to the first end screen (which shows every card to everyone)."""
    out = []
    for m in frames:
        if m["t"] == "screen" and m["screen"] == "end":
            break
        out.append(m)
    return out


def check_watcher(name: str, frames: list[dict[str, Any]], lang: str, host: bool = False) -> None:
    """A page that is no seat's (a watcher, the intruder, the host of own devices): nothing secret, ever."""
    allowed = WATCHED | (OWN_HOST if host else set())
    words = set(role_words(lang).values())
    for m in before_the_end(frames):
        assert m["t"] != "private", (name, m)
        if not host:
            assert m["t"] != "token", (name, m)
            assert m["t"] != "you" or m["as"] == "spectator", (name, m)
        if m["t"] in ("ui", "caption") or (m["t"] == "screen" and m["screen"] == "setup"):
            continue  # the page's dictionary; the narration said to all; the host's setup
        if m["t"] == "screen":
            assert m["screen"] in allowed, (name, m)
            assert host or not m.get("choices") or m.get("watch"), (name, m)
        leaked = keys_in(m) & SECRET_KEYS
        assert not leaked, f"{name} was sent {leaked}: {m}"
        found = words_in(json.dumps(m, ensure_ascii=False), words)
        assert not found, f"{name} was sent the card word(s) {found}: {m}"


def check_seat(name: str, frames: list[dict[str, Any]], lang: str, role: str) -> None:
    """A seat's phone: its own card, its own night's secrets, nothing of anyone else's."""
    words = role_words(lang)
    mine = words[role]
    assert len([m for m in frames if m["t"] == "token"]) == 1, f"{name} was sent a token more than once"
    for m in before_the_end(frames):
        if m["t"] in ("ui", "caption"):
            continue
        if m["t"] == "private":
            if m["kind"] == "card":
                assert m["role"] == mine, f"{name} ({mine}) was shown the card {m['role']}"
            else:
                assert role == "seer", f"{name} ({mine}) was sent an answer: {m}"
            continue
        if m["t"] == "screen" and m["screen"] == "ballot":
            assert set(m) <= BALLOT_KEYS, (name, m)
        leaked = keys_in(m) & SECRET_KEYS - ({"picks"} if role == "werewolf" else set()) - \
            ({"attacked"} if role == "witch" else set())
        assert not leaked, f"{name} ({mine}) was sent {leaked}: {m}"
        found = words_in(json.dumps(m, ensure_ascii=False), set(words.values()))
        assert not found, f"{name} ({mine}) was sent the card word(s) {found}: {m}"


# the end screen once the voice has revealed every card (while it reveals them, `revealed` lists those said so far)
FINAL_END = f"(s => !!s && s.screen === 'end' && !('revealed' in s))({LAST_SCREEN})"


def the_end(frames: list[dict[str, Any]]) -> dict[str, Any]:
    """The last end screen among `frames`, its cards whole (`revealed`, the cards said so far, left out: a bot's log
    stops at the first end screen, while the voice still reveals the cards)."""
    ends = [m for m in frames if m["t"] == "screen" and m["screen"] == "end"]
    assert ends, "no end screen"
    return {k: v for k, v in ends[-1].items() if k != "revealed"}


def role_ids(end: dict[str, Any], lang: str) -> dict[str, str]:
    """Each player's card id, by name, read from the end screen's words."""
    by_word = {w: r for r, w in role_words(lang).items()}
    return {c["name"]: by_word[c["role"]] for c in end["cards"]}


# -- the device on the table (one device, round the table) ------------------------------------------------
async def wait_actionable(page: Any) -> str:
    await page.wait_for_function("(() => { const s = document.getElementById('screen').dataset.screen;"
                                 " return (s && s !== 'listen') || !document.getElementById('secret').hidden; })()",
                                 timeout=GUARD_MS)
    return "secret" if await page.is_visible("#secret") else await screen_name(page)


async def pick_any(page: Any, rng: random.Random, before: int) -> None:
    """Tap names of a turn's screen in a random order until one is taken (the screen moves on): the rules refuse
    some (the seer looking at their own card), and a refused tap leaves the screen as it was."""
    buttons = await page.query_selector_all("button.choice[data-value]")
    values = [str(await b.get_attribute("data-value")) for b in buttons]
    rng.shuffle(values)
    for value in values:
        since = await page.evaluate("window.__wolfcall.received.length")
        await page.click(f"button.choice[data-value='{value}']")
        outcome = await page.wait_for_function(
            f"+document.getElementById('screen').dataset.gen > {before} || "
            f"!document.getElementById('secret').hidden ? 'taken' : "
            f"window.__wolfcall.received.slice({since}).some((m) => m.t === 'refused') ? 'refused' : null",
            timeout=GUARD_MS)
        if await outcome.json_value() == "taken":
            return
    raise AssertionError(f"every name on the turn's screen was refused: {values}")


async def table_act(page: Any, state: dict[str, Any]) -> str:
    """Do what the table device's screen asks; returns the screen's name."""
    name = await wait_actionable(page)
    before = await gen(page)
    if name == "secret":
        kind = await page.get_attribute("#secret", "data-kind")
        state.setdefault("secrets", []).append(kind)
        await page.click("#cover")
        await page.wait_for_selector("#secret", state="hidden")
        if kind == "card":
            await wait_change(page, before)
        return name
    state.setdefault("seen", []).append(name)
    if name == "deal":
        await page.click("#show")
        await page.wait_for_selector("#secret", state="visible")
        return name
    if name == "turn":
        if "turn" not in state["seen"][:-1]:
            await shot(page, f"ways-turn-{state['lang']}")
        await page.click("#open")
    elif name == "narrator":
        await page.click("#start")
    elif name in ("night", "step"):
        if "task" not in state and await page.is_visible("#ask"):
            state["task"] = True
            await shot(page, f"ways-turn-task-{state['lang']}")
        if await page.is_visible("#pass"):
            await page.click("#pass")
        elif await page.is_visible("#part"):  # a turn picked one seat a screen: any; one the rules refuse, another
            await pick_any(page, state.setdefault("rng", random.Random(len(state["seen"]))), before)
            return name
        else:
            targets = await page.query_selector_all("button.choice[data-value]:not([data-value$=':none'])"
                                                    ":not([disabled])")
            await (targets[0] if targets else await page.query_selector("button.choice")).click()
    elif name == "hunter":
        await (await page.query_selector_all("button.choice"))[-1].click()
    elif name == "day":
        await page.click("#to-vote")
    elif name == "vote":
        await (await page.query_selector_all("button.choice:not([data-value$=':none'])"))[0].click()
        await page.click("#confirm-yes")
    elif name == "end":
        return name
    await wait_change(page, before)
    return name


async def table_game(browser: Any, url: str, mode: str, lang: str) -> None:
    """One device or round the table: the host plays every seat; the others only watch."""
    host = await open_ctx(browser, "host", url)
    try:
        await host.page.wait_for_selector("#deal")
    except PlaywrightTimeout:
        raise AssertionError(f"no deal button on {await screen_name(host.page)!r}: the page was sent "
                             f"{await host.page.evaluate('window.__wolfcall.received')}") from None
    if mode != "one_device":
        await choose(host.page, "#mode", mode)
    await choose(host.page, "#players", "6", "document.querySelectorAll('#screen .grid input').length === 6")
    await choose(host.page, "#lang", lang)
    watchers = [await open_ctx(browser, n, url) for n in ("player-1", "player-2", "intruder")]
    intruder = watchers[-1]
    await host.page.click("#deal")  # the setup stays drawn until the deal's first screen comes
    await host.page.wait_for_function("document.getElementById('screen').dataset.screen !== 'setup'")
    state: dict[str, Any] = {"lang": lang}
    intruded = reloaded = False
    for _ in range(1200):
        name = await wait_actionable(host.page)
        if not intruded and name in ("night", "turn") and not await host.page.is_visible("#secret"):
            shown = await host.last_screen()
            value = next((c["value"] for c in shown.get("choices", []) if c.get("value")), f"seer:{1}")
            await intrude(intruder, host, value)
            intruded = True
        # a reload at the first day; at the end, if the deal's random first night ended the game before any day
        if not reloaded and name in ("day", "end") and not await host.page.is_visible("#secret"):
            before = await host.last_screen()
            you = await host.reload()
            assert you == {"t": "you", "as": "host", "seat": None}, you
            again = await host.last_screen()
            assert (again["screen"], again.get("q")) == (before["screen"], before.get("q")), (before, again)
            watcher = watchers[0]
            you = await watcher.reload()
            assert you == {"t": "you", "as": "spectator", "seat": None}, you
            seen = await watcher.last_screen()
            assert seen["screen"] == name and (name == "end" or seen.get("watch")), seen
            reloaded = True
        if await table_act(host.page, state) == "end":
            break
    else:
        raise AssertionError("the game did not end")
    assert intruded and reloaded, state["seen"]
    assert state["secrets"].count("card") == 6
    if mode == "round_table":
        assert "turn" in state["seen"], state["seen"]
    for ctx in (host, *watchers):
        await ctx.page.wait_for_function(FINAL_END, timeout=GUARD_MS)
        await ctx.harvest()
    for w in watchers:
        check_watcher(w.name, w.frames, lang)
    assert not [m for m in intruder.frames if m["t"] in ("token", "peers", "private")]
    end = the_end(host.frames)
    assert all(the_end(w.frames) == end for w in watchers), "a watcher's end screen is not the table's"


async def run_table(mode: str, lang: str, tmp_path: Path) -> None:
    from playwright.async_api import async_playwright

    port = free_port()
    with server(tmp_path, port):
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            try:
                await asyncio.wait_for(table_game(browser, f"http://127.0.0.1:{port}/", mode, lang), GAME_GUARD_S)
            finally:
                await browser.close()


def test_one_device_in_german_others_only_watch(tmp_path: Path) -> None:
    asyncio.run(run_table("one_device", "de", tmp_path))


def test_round_the_table_in_spanish_others_only_watch(tmp_path: Path) -> None:
    asyncio.run(run_table("round_table", "es", tmp_path))


# -- own devices: two browser players, four bots, the host and the intruder -------------------------------
BROWSER_NAMES = ["Ana", "Ben"]
BOT_NAMES = ["Carla", "Dario", "Eva", "Fede"]


def pick_value(m: dict[str, Any], name: str) -> str | None:
    """What a seat taps on its night or ballot screen: the first enabled name (the pack follows the first
    pick shown), the last name on a ballot, the witch passes; None: nothing to do."""
    kind = m["screen"]
    if kind == "ballot":
        if m.get("done") or m.get("silent"):
            return None
        return [c for c in m["choices"] if c["kind"] == "target"][-1]["value"]
    if kind not in ("night", "step", "hunter", "tiebreak") or m.get("done"):
        return None
    choices = [c for c in m.get("choices", []) if c.get("value") and not c.get("off")]
    prefix = "decoy" if m.get("decoy") else m.get("step", "")
    if m.get("picks") is not None:
        picked = [p["pick"] for p in m["picks"] if p["pick"]]
        mine = next((p["pick"] for p in m["picks"] if p["name"] == name), None)
        if picked and mine != picked[0]:
            return next(c["value"] for c in choices if c.get("name") == picked[0])
        if picked:
            return None  # the pack agrees with this wolf's pick
    if m.get("shape") == "potions":
        return f"{prefix}:pass"
    if m.get("pick"):
        seats = [p["seat"] for p in m["pick"]["seats"]][: m["pick"]["count"]]
        return f"{prefix}:" + ",".join(map(str, seats)) + ("," if len(seats) == 1 else "")
    if m.get("shape") == "seconds":
        return f"{prefix}:held:2"
    targets = [c for c in choices if c.get("kind") == "target"]
    return (targets or choices)[0]["value"] if (targets or choices) else None


# the page's last screen frame, marked as handled (by its whole text: every frame that differs is new)
PAGE_KEY = "((s) => JSON.stringify(s))"
# a click on the screen that was taken, in one go in the page: not on a later screen, no wait for a gone one
TAP_IF_SHOWN = (f"([key, selector]) => {{ const s = {LAST_SCREEN}; const b = document.querySelector(selector);"
                f" if (JSON.stringify(s) !== key || !b) return false; b.click(); return true; }}")
TAKE_SCREEN = (f"(() => {{ const s = {LAST_SCREEN}; const key = {PAGE_KEY}(s); window.__handled.push(key);"
               " return [s, key]; })()")


async def bot(ws_url: str, code: str, name: str, log: list[dict[str, Any]], own: Own) -> None:
    """A player's phone without a browser: hello, join with the code, then answer its own screens; a night
    action only once the browsers have had their night screen for it (so theirs stays long enough to be used)."""
    from websockets.asyncio.client import connect

    async with connect(ws_url, max_size=None) as ws:
        await ws.send(json.dumps({"t": "hello", "token": None}))
        await ws.send(json.dumps({"t": "join", "code": code, "name": name}))
        acted: set[str] = set()
        async for text in ws:
            m = json.loads(text)
            log.append(m)
            if m["t"] != "screen":
                continue
            if m["screen"] == "end":
                return
            key = json.dumps(m, sort_keys=True)
            if key in acted:
                continue
            acted.add(key)
            if m["screen"] == "card" and not m.get("seen"):
                await ws.send(json.dumps({"t": "show"}))
                await ws.send(json.dumps({"t": "cover"}))
            value = pick_value(m, name)
            if value is not None and m["screen"] == "night" and not m.get("decoy") and m["q"] != CALLED:
                await own.browsers_had(m["q"])  # (a tap on the called step's question before it is asked closes
                # nothing: it waits for none, as the other phones may not tap their decoy before it is asked)
            if value is not None:
                await ws.send(json.dumps({"t": "tap", "q": m["q"], "value": value}))


class Own:
    """What the browser players and the host share during a game of own devices."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.intruded = asyncio.Event()
        self.shots: set[str] = set()
        self.ballot_reloaded = False
        self.reloads = 0
        self.changed = asyncio.Condition()
        self.handled: dict[str, set[int]] = {n: set() for n in BROWSER_NAMES}  # night questions seen
        self.dead: set[str] = set()

    async def tell(self, name: str, q: int | None = None, dead: bool = False) -> None:
        async with self.changed:
            if q is not None:
                self.handled[name].add(q)
            if dead:
                self.dead.add(name)
            self.changed.notify_all()

    async def browsers_had(self, q: int) -> None:
        """Until every living browser player has handled night question `q` (a decoy or its action)."""
        async with self.changed:
            await self.changed.wait_for(lambda: all(q in self.handled[n] or n in self.dead for n in BROWSER_NAMES))

    async def shot_once(self, page: Any, what: str) -> None:
        if what not in self.shots:
            self.shots.add(what)
            await shot(page, f"ways-own-{what}-{self.lang}")


PLAYER_WAITS = ("(() => { const s = " + LAST_SCREEN + "; if (!document.getElementById('secret').hidden &&"
                " document.getElementById('secret').dataset.kind !== 'card') return true;"
                " if (!s) return false; if (s.screen === 'end') return true;"
                " return !window.__handled.includes(" + PAGE_KEY + "(s)); })()")


async def player(ctx: Ctx, own: Own, reload_at_card: bool) -> None:
    """A player on their own phone, through the page's buttons: hold the card, tap the night, vote."""
    page, name = ctx.page, ctx.name
    cards = 0
    for _ in range(400):
        await page.evaluate("window.__handled = window.__handled || []")
        await page.wait_for_function(PLAYER_WAITS, timeout=GUARD_MS)
        if not await page.is_hidden("#secret"):  # a night's answer (the seer's): seen, then put away
            await own.shot_once(page, "answer")
            await page.click("#cover")
            await page.wait_for_selector("#secret", state="hidden")
            continue
        s, key = await page.evaluate(TAKE_SCREEN)
        kind = s["screen"]
        if kind == "end":
            return
        if s.get("dead"):
            await own.tell(name, dead=True)
        if kind == "card" and not s.get("seen"):
            await own.shot_once(page, "card-screen")
            await own.intruded.wait()  # the intruder acts while the deal waits for the browsers' cards
            if reload_at_card:
                reload_at_card = False
                you = await ctx.reload()
                assert you == {"t": "you", "as": "seat", "seat": ctx.seat}, you
                # the seat's own card screen, after its hello (the card between two seats' turns has no question)
                again = await ctx.asked_screen()
                # the deal asks seat by seat (the other browser may have moved it on): its card, not yet seen
                assert (again["screen"], again["seen"]) == ("card", False) and again["q"] >= s["q"], again
                own.reloads += 1
                continue
            await page.locator("#hold-card").hover()  # a redrawn card screen has its button at the same place
            await page.mouse.down()
            await page.wait_for_selector("#secret[data-hold]", state="visible")
            await own.shot_once(page, "card")
            cards += 1
            await page.mouse.up()
            await page.wait_for_selector("#secret", state="hidden")
            await page.wait_for_function(f"({LAST_SCREEN}).seen === true || ({LAST_SCREEN}).screen !== 'card'",
                                         timeout=GUARD_MS)
            continue
        value = pick_value(s, name)
        if kind == "night" and not s.get("done") and value is None:
            await own.tell(name, s["q"])  # a wolf that agrees with the pack
        if value is None:
            continue
        if s.get("decoy"):
            await own.shot_once(page, "decoy")
        if kind == "ballot":
            await own.shot_once(page, "ballot")
            if not own.ballot_reloaded:  # the vote waits for this phone: it reloads, and its ballot is back
                own.ballot_reloaded = True
                you = await ctx.reload()
                assert you == {"t": "you", "as": "seat", "seat": ctx.seat}, you
                # the seat's own card screen, after its hello (the card between two seats' turns has no question)
                again = await ctx.asked_screen()
                assert (again["screen"], again["q"], again.get("done")) == ("ballot", s["q"], False), again
                own.reloads += 1
                continue
            await page.click(f"button[data-value='{value}']")
            await page.click("#confirm-yes")
        else:  # a night tap, unless the screen has moved on (another phone's action closed the question)
            selector = "#pass" if value.endswith(":pass") else f"button[data-value='{value}']"
            await page.evaluate(TAP_IF_SHOWN, [key, selector])
        if kind == "night":
            await own.tell(name, s["q"])
    raise AssertionError(f"{name}'s game did not end")


async def own_host(host: Ctx, own: Own) -> None:
    """The speaking device: starts the night, calls the vote; the phones do the rest."""
    page = host.page
    for _ in range(400):
        name = await wait_actionable(page)
        if name == "ballots":
            await own.shot_once(page, "host-ballots")
        if name == "deal_wait":
            await own.shot_once(page, "host-deal")
        before = await gen(page)
        if name == "narrator":
            await page.click("#start")
        elif name == "day":
            await page.click("#to-vote")
        elif name == "end":
            return
        await wait_change(page, before)
    raise AssertionError("the host's game did not end")


async def own_intruder(intruder: Ctx, host: Ctx, own: Own) -> None:
    """Once the deal waits only for the two browsers' cards: the intruder sends everything, in vain."""
    await host.page.wait_for_function(f"(() => {{ const s = {LAST_SCREEN};"
                                      " return s && s.screen === 'deal_wait' && s.waiting.length === 2; })()",
                                      timeout=GUARD_MS)
    await intrude(intruder, host, "seer:1")
    own.intruded.set()


async def own_game(browser: Any, port: int, lang: str) -> None:
    url = f"http://127.0.0.1:{port}/"
    own = Own(lang)
    host = await open_ctx(browser, "host", url)
    try:
        await host.page.wait_for_selector("#deal")
    except PlaywrightTimeout:
        raise AssertionError(f"no deal button on {await screen_name(host.page)!r}: the page was sent "
                             f"{await host.page.evaluate('window.__wolfcall.received')}") from None
    await choose(host.page, "#mode", "own_devices", "document.getElementById('room-code') !== null")
    await choose(host.page, "#players", "6", "document.querySelectorAll('#seats li').length === 6")
    await choose(host.page, "#lang", lang)
    code = (await host.last_screen())["lobby"]["code"]
    assert await host.page.inner_text("#room-code") == code
    players = []
    for i, name in enumerate(BROWSER_NAMES):
        ctx = await open_ctx(browser, name, url)
        await ctx.page.fill("#join-code", code.lower())  # typed as it comes: the server takes any case
        await ctx.page.fill("#join-name", name)
        await ctx.page.click("#join-button")
        you = await ctx.wait(0, "m.t === 'you' && m.as === 'seat'")
        ctx.seat = you["seat"]
        assert ctx.seat == i + 1, you
        await ctx.page.wait_for_selector("#lobby-seat")
        players.append(ctx)
    await own.shot_once(players[0].page, "lobby")
    intruder = await open_ctx(browser, "intruder", url)
    assert (await intruder.last_screen())["join"] is True
    logs: dict[str, list[dict[str, Any]]] = {n: [] for n in BOT_NAMES}
    bots = []
    for n in BOT_NAMES:  # one after the other: each takes the next seat
        since = await host.count()
        bots.append(asyncio.create_task(bot(f"ws://127.0.0.1:{port}/ws", code, n, logs[n], own)))
        joined = f"m.lobby.seats.some((p) => p.name === '{n}' && p.joined)"
        await host.wait(since, f"m.t === 'screen' && m.lobby && {joined}")
    await host.page.wait_for_function("document.querySelectorAll('#seats li.joined').length === 6")
    await own.shot_once(host.page, "setup-code")
    await host.page.click("#deal")
    tasks = [own_host(host, own), own_intruder(intruder, host, own),
             player(players[0], own, False), player(players[1], own, True), *bots]
    await asyncio.gather(*tasks)
    for ctx in (host, intruder, *players):
        await ctx.page.wait_for_function(FINAL_END, timeout=GUARD_MS)
        await ctx.harvest()
    assert own.reloads == 2 and own.ballot_reloaded
    assert {"card", "card-screen", "decoy", "ballot", "host-ballots", "lobby", "setup-code"} <= own.shots, own.shots

    end = the_end(host.frames)
    roles = role_ids(end, lang)
    seats: dict[str, list[dict[str, Any]]] = {**{p.name: p.frames for p in players}, **logs}
    for name, frames in seats.items():
        assert [m for m in frames if m["t"] == "private" and m["kind"] == "card"], f"{name} never saw their card"
        check_seat(name, frames, lang, roles[name])
        assert the_end(frames) == end
    check_watcher("host", host.frames, lang, host=True)
    check_watcher("intruder", intruder.frames, lang)
    assert not [m for m in intruder.frames if m["t"] in ("token", "peers", "private")]
    for p in players:  # the reloaded page came back to its seat, from the token it kept
        yous = [m for m in p.frames if m["t"] == "you"]
        assert yous[0] == {"t": "you", "as": "spectator", "seat": None}, yous  # before it joined
        assert all(m == {"t": "you", "as": "seat", "seat": p.seat} for m in yous[1:]), yous
        assert len(yous) == 2 + p.reloads, (p.name, yous)
        cards = [m for m in p.frames if m["t"] == "private" and m["kind"] == "card"]
        assert cards, f"{p.name} never saw their card"
    # every living phone's night screen had one shape, whether it had something to do or not
    phones = [Phone(None, n, [Frame(m, True) for m in before_the_end(f)]) for n, f in seats.items()]
    same_shape(phones)
    assert any(m.get("decoy") for f in seats.values() for m in f), "no phone was shown a decoy"
    assert any("picks" in m for f in seats.values() for m in f), "no wolf saw the pack's picks"


async def run_own(lang: str, tmp_path: Path) -> None:
    from playwright.async_api import async_playwright

    port = free_port()
    with server(tmp_path, port):
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            try:
                await asyncio.wait_for(own_game(browser, port, lang), GAME_GUARD_S)
            finally:
                await browser.close()


@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_own_devices_each_phone_only_its_own(lang: str, tmp_path: Path) -> None:
    asyncio.run(run_own(lang, tmp_path))
