"""Every frame to every connection holds only what its receiver may know (without a browser).

Whole games with every player on their own phone (bots on real hub connections), a host, and an
intruder that never joined: each frame is checked against the receiver's `view()` at the moment
it was sent; each night's screens have one shape for the actor and the decoys; nothing the intruder
or a player acting out of turn sends is taken.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import answerer, view
from narrator.config import Config
from narrator.speech.script import SHIPPED, load
from narrator.ui.web.hub import Hub
from narrator.ui.web.strings import strings

from .tables import Frame, Phone, Table, act, journal_of

SCRIPT = load(SHIPPED)
NAMES = ["Ana", "Ben", "Carla", "Dario", "Eva", "Fede", "Gala", "Hugo", "Ines", "Jon", "Kira", "Lola"]
WATCHED = {"listen", "day", "end", "lobby"}  # all a watcher is ever shown


def role_words(lang: str) -> dict[str, str]:
    """Each role's word on the page, by role id (the captain is an office everyone knows)."""
    return {k[5:]: v for k, v in strings(lang).items() if k.startswith("role.") and k != "role.captain"}


def secrets_allowed(frame: Frame, phone: Phone, lang: str) -> None:
    """Raise when `frame` tells `phone` more than the game's view for its seat allows at that moment."""
    m, state = frame.message, frame.state
    if state is None or state.over:
        return
    seat = phone.seat if phone.who == "seat" else None
    if phone.who == "spectator":
        assert m["t"] != "private", (phone.name, m)
        if m["t"] == "screen":
            assert (m["screen"] in WATCHED and not m.get("choices")) or m.get("watch"), (phone.name, m)
    if m["t"] == "private":
        assert seat is not None, (phone.name, m)
        if m["kind"] == "card":
            known = view(state, seat)["cards"]
            assert m["role"] == strings(lang).get(f"role.{known[str(seat)]}"), m
        else:  # an answer: only to the actor of the step being answered
            assert state.current is not None and answerer(state).includes(seat), (phone.name, m)
    if m["t"] != "screen":
        return
    seen = view(state, seat) if seat is not None else view(state)
    if "told" in m:  # a recognition's news: only to those it calls, as their own view has it
        assert seen.get("lover") or seat in seen.get("charmed", ()), (phone.name, m)
    if m.get("attacked") is not None:
        assert "victims" in seen, (phone.name, m)
    if "picks" in m:
        assert seat in state.wolves, (phone.name, m)
    if "cards" in m and m["screen"] in ("night", "step"):
        assert "extra_cards" in seen, (phone.name, m)
    text = json.dumps(m, ensure_ascii=False)
    allowed = {role_words(lang)[c] for c in seen["cards"].values() if c in role_words(lang)}
    for role, word in role_words(lang).items():
        if word in text and word not in allowed and f'"{word}"' in text:
            raise AssertionError(f"{phone.name} was shown the card word {word!r} ({role}): {m}")


def same_shape(phones: list[Phone]) -> None:
    """At each night question, every living player's phone shows a screen of one shape."""
    by_q: dict[tuple[int, str, int], list[tuple[str, dict[str, Any]]]] = {}
    for phone in phones:
        for f in phone.frames:
            m = f.message
            # done or not: a decoy tapped during the wake line makes its phone's question "done" as it opens
            if m["t"] == "screen" and m["screen"] in ("night",) and f.state is not None:
                by_q.setdefault((m["q"], m["step"], m["night"]), []).append((phone.name, m))
    for q, shown in by_q.items():
        shapes = {(m["screen"], m.get("shape"), len(m.get("choices", [])) if m.get("shape") == "seat" else 0,
                   m.get("icon")) for _, m in shown if "picks" not in m}
        assert len(shapes) == 1, (q, shapes)


def play(hub: Hub, table: Table, phones: list[Phone], host: Phone, intruder: Phone | None, rng: random.Random,
         reconnect_at: int = -1) -> None:
    """Every bot answers its screen until the game is over; the intruder interferes at every step."""
    steps = 0
    while True:
        with table.changed:
            total = sum(len(p.frames) for p in table.phones)
        host_screen = host.screen()
        if host_screen is not None and host_screen["screen"] == "end":
            return
        acted = False
        for phone in [host, *phones]:
            acted = act(phone, rng) or acted
        if intruder is not None:
            intrude(intruder, hub, rng)
        steps += 1
        assert steps < 20_000, [(p.name, p.who, p.seat, p.screen(), p.refusals()[-1:]) for p in [host, *phones]]
        if steps == reconnect_at:
            i = rng.randrange(len(phones))
            phones[i] = table.reconnect(phones[i])
            assert phones[i].who == "seat", "a phone that reloads gets its seat back from its token"
            acted = True
        if not acted:
            table.wait(lambda total=total: sum(len(p.frames) for p in table.phones) > total)  # type: ignore[misc]


def intrude(intruder: Phone, hub: Hub, rng: random.Random) -> None:
    """Everything a page without a token can send, aimed at the question on screen."""
    q = hub.question.number if hub.question is not None else 0
    state = hub.state
    seat = rng.choice(sorted(state.alive)) if state is not None and state.alive else 1
    step = hub.question.step if hub.question is not None else "seer"
    before = len(intruder.refusals())
    message = rng.choice([
        {"t": "tap", "q": q, "value": f"{step}:{seat}"}, {"t": "show"}, {"t": "cover", "q": q},
        {"t": "start", "q": q}, {"t": "vote", "q": q}, {"t": "undo"}, {"t": "new"}, {"t": "deal"},
        {"t": "lang", "lang": "de"}, {"t": "rematch"}, {"t": "count", "q": q}, {"t": "open", "q": q},
        {"t": "join", "code": "AAAAAA", "name": "Mallory"}, {"t": "move", "seat": 1, "to": 2},
        {"t": "tap", "q": q, "value": "day_vote:" + str(seat)}, ["not", "a", "dict"], {"t": 5},
    ])
    intruder.send(**message) if isinstance(message, dict) else hub.handle(intruder.client, message)
    assert len(intruder.refusals()) == before + 1, f"the intruder's {message} was not refused"


def own_table(tmp_path: Path, players: int, rules: str, lang: str, seed: int,
              speaker: Any = None) -> tuple[Hub, Table, Phone, list[Phone]]:
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True, speaker_factory=speaker)
    table = Table(hub, seed)
    host = table.connect("host")
    assert host.who == "host" and host.token
    host.send(t="mode", mode="own_devices")
    host.send(t="ruleset", ruleset=rules)
    host.send(t="lang", lang=lang)
    host.send(t="players", players=players)
    if rules == "extended":
        host.send(t="house", captain=True)
    screen = host.screen()
    assert screen is not None
    code = screen["lobby"]["code"]
    phones = [table.connect(NAMES[i]) for i in range(players)]
    for i, phone in enumerate(phones):
        phone.send(t="join", code=code, name=NAMES[i])
        assert phone.who == "seat" and phone.seat == i + 1, phone.refusals()
    return hub, table, host, phones


@pytest.mark.parametrize(("rules", "lang", "players", "seed"), [
    ("classic", "en", 6, 1), ("classic", "es", 8, 2), ("extended", "de", 9, 3), ("extended", "en", 12, 4),
    ("extended", "es", 10, 5),
])
def test_own_devices_tell_each_phone_only_its_own(tmp_path: Path, rules: str, lang: str, players: int,
                                                   seed: int) -> None:
    rng = random.Random(seed)
    hub, table, host, phones = own_table(tmp_path, players, rules, lang, seed)
    intruder = table.connect("intruder")
    assert intruder.who == "spectator"
    host.send(t="deal")
    play(hub, table, phones, host, intruder, rng, reconnect_at=rng.randrange(5, 40))
    for phone in table.phones:
        for frame in phone.frames:
            secrets_allowed(frame, phone, lang)
    same_shape(phones)
    assert any(f.message["t"] == "private" and f.message["kind"] == "card" for p in phones for f in p.frames)
    assert not [f for f in intruder.frames if f.message["t"] in ("private", "token", "peers")]
    hub.stop_game()


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(6, 12), rules=st.sampled_from(["classic", "extended"]),
       lang=st.sampled_from(["en", "de", "es"]))
def test_random_games_frames_stay_within_each_view(tmp_path_factory: pytest.TempPathFactory, seed: int,
                                                    players: int, rules: str, lang: str) -> None:
    """The property: random own-device games; every frame to every seat within that seat's view."""
    rng = random.Random(seed)
    hub, table, host, phones = own_table(tmp_path_factory.mktemp("g"), players, rules, lang, seed)
    host.send(t="deal")
    play(hub, table, phones, host, None, rng)
    for phone in table.phones:
        for frame in phone.frames:
            secrets_allowed(frame, phone, lang)
    same_shape(phones)
    hub.stop_game()


@pytest.mark.parametrize(("rules", "lang"), [("classic", "de"), ("extended", "es")])
def test_one_device_shows_other_pages_only_what_the_table_hears(tmp_path: Path, rules: str, lang: str) -> None:
    """One device: the table device plays; two more pages and an intruder only ever watch."""
    rng = random.Random(3)
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    table = Table(hub, 3)
    host = table.connect("host")
    host.send(t="ruleset", ruleset=rules)
    host.send(t="lang", lang=lang)
    host.send(t="players", players=8)
    watchers = [table.connect(n) for n in ("Ana", "Ben")]
    intruder = table.connect("intruder")
    host.send(t="deal")
    play(hub, table, [], host, intruder, rng)
    for phone in [*watchers, intruder]:
        assert phone.who == "spectator"
        for frame in phone.frames:
            secrets_allowed(frame, phone, lang)
    hub.stop_game()


def test_a_seat_acts_only_for_itself(tmp_path: Path) -> None:
    hub, table, host, phones = own_table(tmp_path, 6, "classic", "en", 7)
    host.send(t="deal")
    table.wait(lambda: (phones[0].screen() or {}).get("screen") == "card")
    phones[0].send(t="show")
    card = [f.message for f in phones[0].frames if f.message["t"] == "private"]
    assert len(card) == 1 and not [f for p in phones[1:] for f in p.frames if f.message["t"] == "private"]
    phones[1].send(t="cover", q=hub.question.number if hub.question else 0)  # seat 2 covers: seat 1 is not done
    assert hub.question is not None and hub.question.seat == 1, "seat 2's cover answered for seat 1"
    host.send(t="cover", q=hub.question.number)
    assert host.refusals()[-1]["rule"] == "message.not_yours"
    hub.stop_game()


def one_device_deal(tmp_path: Path) -> tuple[Hub, Table, Phone]:
    """One device, six players, the deal going round."""
    hub = Hub(Config(), SCRIPT, tmp_path, fast=True)
    table = Table(hub)
    host = table.connect("host")
    host.send(t="players", players=6)
    host.send(t="deal")
    table.wait(lambda: (host.screen() or {}).get("screen") == "deal")
    return hub, table, host


def test_a_night_tap_during_the_deal_changes_nothing(tmp_path: Path) -> None:
    """One device: a choice tapped while the deal goes round is refused; the journal replays as if never sent."""
    from narrator.game.journal import Journal
    from narrator.game.session import open_journal

    hub, table, host = one_device_deal(tmp_path)
    q = hub.question.number if hub.question else -1
    host.send(t="tap", q=q, value="seer:3")
    host.send(t="tap", q=q, value="werewolves:2")
    assert [r["rule"] for r in host.refusals()] == ["stale", "stale"]
    host.send(t="show", q=q)
    host.send(t="cover", q=q)
    table.wait(lambda: (host.screen() or {}).get("seat") == 2)
    assert journal_of(hub) is not None
    answers = [r for r in Journal.read(journal_of(hub)).records if r["kind"] == "answer"]
    assert [a["step"] for a in answers] == ["reveal"], answers
    hub.stop_game()
    assert len(open_journal(journal_of(hub)).answers) == 1


def test_after_a_restart_a_player_takes_back_a_free_seat_by_name(tmp_path: Path) -> None:
    hub, table, host, phones = own_table(tmp_path, 6, "classic", "en", 8)
    code = hub.code
    host.send(t="deal")
    table.wait(lambda: (phones[2].screen() or {}).get("screen") == "card")
    hub.tokens.seats.pop(3)  # as after a restart: seat 3's phone is unknown
    thief = table.connect("thief")
    assert (thief.screen() or {}).get("join"), "a watcher of a continued game is offered to join"
    thief.send(t="join", code=code, name="Ana")  # seat 1's name: its phone still holds it
    assert thief.who == "spectator" and thief.refusals()[-1]["rule"] == "join.closed"
    back = table.connect("back")
    back.send(t="join", code=code, name="carla")
    assert back.who == "spectator", "a name alone gives no seat: the host is asked first (claims.py)"
    asks = [f.message for f in host.frames if f.message["t"] == "peers"][-1]["seats"]
    assert [p["seat"] for p in asks if p["asks"]] == [3]
    host.send(t="allow", seat=3)
    assert back.who == "seat" and back.seat == 3 and back.token
    assert (back.screen() or {}).get("screen") == "card"
    hub.stop_game()


def test_the_seer_who_reloads_sees_her_answer_again_and_nobody_else_does(tmp_path: Path) -> None:
    from .test_hub_resume import HeldLine

    held: list[HeldLine] = []

    def speaker(hub: Hub, _: Any) -> HeldLine:
        held.append(HeldLine(hub, "night.seer.sleep"))  # the seer's step stays called until the test is done
        return held[-1]

    hub, table, host, phones = own_table(tmp_path, 6, "classic", "en", 11, speaker)

    host.send(t="deal")
    rng = random.Random(11)
    while hub.question is None or hub.question.step != "seer":  # play on until the seer is asked
        with table.changed:
            total = sum(len(p.frames) for p in table.phones)
        acted = False
        for phone in [host, *phones]:
            screen = phone.screen() or {}
            if screen.get("step") == "seer" and not screen.get("decoy"):
                continue
            acted = act(phone, rng) or acted
        if hub.question is not None and hub.question.step == "seer":
            break
        if not acted:
            table.wait(lambda total=total: sum(len(p.frames) for p in table.phones) > total  # type: ignore[misc]
                       or (hub.question is not None and hub.question.step == "seer"))
    seer_seat = hub.state.current.seat if hub.state and hub.state.current else 0
    seer = next(p for p in phones if p.seat == seer_seat)
    target = next(s for s in sorted(hub.state.alive) if s != seer_seat) if hub.state else 1
    seer.send(t="tap", q=hub.question.number, value=f"seer:{target}")
    # told as her step closes on its beat (narrator/game/beats.py), on this clock at once: nobody else taps
    table.wait(lambda: [f for f in seer.frames if f.message["t"] == "private" and f.message["kind"] == "answer"])
    back = table.reconnect(seer)
    again = [f.message for f in back.frames if f.message["t"] == "private"]
    assert back.seat == seer_seat and len(again) == 1 and again[0]["kind"] == "answer"
    others = [f for p in phones if p is not seer for f in p.frames if f.message["t"] == "private"
              and f.message["kind"] == "answer"]
    assert not others
    held[0].done.set()
    hub.stop_game()


def test_the_host_stays_the_host_after_a_restart_while_a_game_waits(tmp_path: Path) -> None:
    hub, _, host = one_device_deal(tmp_path)
    hub.stop_game()
    kept = (tmp_path / "host.token").read_text()
    assert host.token and host.token not in kept and (tmp_path / "host.token").stat().st_mode & 0o077 == 0
    again = Hub(Config(), SCRIPT, tmp_path, fast=True)  # the server restarts: a game waits to be continued
    other = Table(again).connect("first to open")
    assert other.who == "spectator", "another page opening first after a restart took the host"
    back = Table(again).connect("host's browser", host.token)
    assert back.who == "host" and (back.screen() or {}).get("screen") == "resume"
    for path in (tmp_path / "games").glob("*.jsonl"):
        path.unlink()  # no game left to continue: whoever opens first is the host
    fresh = Table(Hub(Config(), SCRIPT, tmp_path, fast=True)).connect("new table")
    assert fresh.who == "host"
