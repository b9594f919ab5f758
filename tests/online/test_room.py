"""Online rooms without a browser: whole games of bots on a real Room (its opener host and seat at once).

Every frame to every member's page is checked against that seat's `view()` when it was sent, as for own
devices (tests/ui/web/test_frames.py); the voice chat's pairs are checked against the game at every moment; a
page that is not a member, or a member acting as the host, changes nothing.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from engine import State
from engine.roles.cupid import lovers as lovers_of
from narrator.game.journal import Journal
from narrator.online.rooms import CODE_LENGTH, IDLE_SECONDS, JOIN_TRIES
from narrator.ui.web.guard import CODE_LETTERS
from narrator.ui.web.refusals import Refusal
from tests.ui.web.tables import Frame, Phone, journal_of
from tests.ui.web.test_frames import same_shape, secrets_allowed

from .conftest import Clock
from .roomtable import NAMES, RoomPhone, open_room, play_room


def as_seat(phone: RoomPhone) -> Phone:
    """The opener's page is checked as its seat (the host's screens in a room hold nothing secret)."""
    return Phone(phone.table, phone.name, who="seat", seat=phone.seat)


def check_pairs(room: Any) -> None:
    """Who may hear whom now: never the dead and the living; at night only wolves (and the lovers)."""
    with room.lock:  # the pairs as the last change of screen left them, with the game they were made for
        state: State | None = room.hub.state
        if state is None or state.over:
            return
        phase, pairs = room.channels.phase(), room.channels.voice.pairs
        for pair in pairs:
            a, b = sorted(pair)
            alive = {a in state.alive, b in state.alive}
            assert len(alive) == 1, f"a dead and a living seat paired: {a}, {b}"
            if phase == "night" and a in state.alive:
                wolves = state.is_wolf(a) and state.is_wolf(b)
                assert wolves or (pair == frozenset(lovers_of(state) or ()) and state.night >= 2), (a, b)


@pytest.mark.parametrize(("players", "rules", "lang", "speaking"), [
    (6, "classic", "en", False), (8, "extended", "de", False), (10, "extended", "es", True)])
def test_a_room_tells_each_page_only_its_own(tmp_path: Path, players: int, rules: str, lang: str,
                                             speaking: bool) -> None:
    _rooms, room, table, phones = open_room(tmp_path, players, rules, lang, seed=players, speaking=speaking)
    assert phones[0].who == "host" and phones[0].seat == 1 and all(p.who == "seat" for p in phones[1:])
    rng = random.Random(players)
    with pytest.raises(Refusal) as refused:  # a signed-in account that never joined gets no page
        room.connect(99, lambda m: None)
    assert refused.value.rule == "room.not_member"
    phones[0].send(t="deal")
    tried: list[dict[str, Any]] = []

    def meddle() -> None:
        """A member that is not the host tries the host's messages; each is refused and changes nothing."""
        check_pairs(room)
        q = room.hub.question.number if room.hub.question is not None else 0
        message = rng.choice([{"t": "vote", "q": q}, {"t": "undo"}, {"t": "new"}, {"t": "deal"}, {"t": "count", "q": q},
                              {"t": "lang", "lang": "en"}, {"t": "remove", "seat": 2}, {"t": "next_speaker"},
                              {"t": "rtc", "kind": "sdp", "to": 1, "data": "x"}, {"t": "join", "code": room.code}])
        before = len(phones[1].refusals())
        phones[1].send(**message)
        if message["t"] != "rtc":  # a signalling message to an allowed peer is passed on, as it should
            assert len(phones[1].refusals()) == before + 1, message
        tried.append(message)

    play_room(room, table, phones, rng, each=meddle)
    assert len(tried) > 20
    for phone in phones:
        for frame in phone.frames:
            secrets_allowed(Frame(frame.message, frame.state), as_seat(phone), lang)
    same_shape([as_seat(p) for p in phones if p.who == "seat"])
    # the narrator speaks in every page: every member heard the same lines
    heard = [[f.message["text"] for f in p.frames if f.message["t"] == "caption" and f.message["text"]]
             for p in phones]
    assert heard[0] and all(h[-5:] == heard[0][-5:] for h in heard), "the last lines reach every page"


def test_codes_are_long_and_joins_are_limited(tmp_path: Path) -> None:
    clock = Clock()
    rooms, room, _table, _phones = open_room(tmp_path, 5, "extended", now=clock)
    assert len(room.code) == CODE_LENGTH and set(room.code) <= set(CODE_LETTERS)
    codes = {rooms.open(100 + i, f"P{i}", {"ruleset": "extended"}).code for i in range(50)}
    assert len(codes) == 50
    for _ in range(2):
        rooms.open(1, "Ana", {"ruleset": "classic"})
    with pytest.raises(Refusal) as many:  # a fourth room for one account
        rooms.open(1, "Ana", {"ruleset": "classic"})
    assert many.value.rule == "room.many"
    with pytest.raises(Refusal) as wrong:
        rooms.join("AAAAAAAA", 7, "Gala", "10.0.0.7")
    assert wrong.value.rule == "room.unknown"
    assert rooms.join(room.code.lower()[:4] + "-" + room.code.lower()[4:], 7, "Gala", "10.0.0.7") is room
    for _ in range(JOIN_TRIES - 1):  # one address's wrong codes in a minute (a right one is not counted): then
        # every code is refused, a right one too
        with pytest.raises(Refusal):
            rooms.join("AAAAAAAA", 8, "Hugo", "10.0.0.7")
    with pytest.raises(Refusal) as slow:
        rooms.join(room.code, 9, "Ines", "10.0.0.7")
    assert slow.value.rule == "room.slow"
    clock.t += 61
    assert rooms.join(room.code, 9, "Ines", "10.0.0.7") is room


def test_a_code_stops_working_when_its_room_has_been_idle(tmp_path: Path) -> None:
    clock = Clock()
    rooms, room, _table, phones = open_room(tmp_path, 5, "extended", now=clock)
    for phone in phones:
        room.disconnect(phone.client)
    clock.t += IDLE_SECONDS - 1
    assert rooms.find(room.code) is room
    clock.t += 2
    with pytest.raises(Refusal) as gone:
        rooms.join(room.code, 9, "Ines", "10.0.0.9")
    assert gone.value.rule == "room.unknown"
    assert not (tmp_path / "rooms" / room.code).exists()


def test_the_host_removes_a_player_before_the_start(tmp_path: Path) -> None:
    rooms, room, _table, phones = open_room(tmp_path, 7, "extended")
    carla = phones[2]
    phones[1].send(t="remove", seat=3)  # not the host: refused
    assert phones[1].refusals()[-1]["rule"] == "message.not_yours" and room.seat_of(3) == 3
    phones[0].send(t="remove", seat=3)
    assert carla.frames[-1].message["t"] == "gone" and carla.refusals()[-1]["rule"] == "room.removed"
    assert [m.name for m in room.members] == [n for n in NAMES[:7] if n != "Carla"]
    assert phones[3].seat == 3 and room.seat_of(4) == 3, "the seats after hers move up"
    setup = phones[0].screen()
    assert setup is not None and [p["name"] for p in setup["room"]["players"]] == [m.name for m in room.members]
    with pytest.raises(Refusal) as back:
        rooms.join(room.code, 3, "Carla", "10.0.0.3")
    assert back.value.rule == "room.removed"
    phones[0].send(t="deal")
    with pytest.raises(Refusal) as late:
        rooms.join(room.code, 20, "Late", "10.0.0.20")
    assert late.value.rule == "room.started"
    phones[0].send(t="remove", seat=2)
    assert phones[0].refusals()[-1]["rule"] == "room.started"


def test_a_room_is_full_at_fourteen_and_starts_from_five(tmp_path: Path) -> None:
    rooms, room, _table, phones = open_room(tmp_path, 4, "extended")
    phones[0].send(t="deal")
    assert phones[0].refusals()[-1]["rule"] == "room.too_few" and room.hub.table is None
    for user in range(5, 15):
        rooms.join(room.code, user, f"P{user}", f"10.0.1.{user}")
    with pytest.raises(Refusal) as full:
        rooms.join(room.code, 15, "P15", "10.0.1.15")
    assert full.value.rule == "room.full"


def test_the_voice_chat_opens_and_closes_pairs_as_the_game_goes(tmp_path: Path) -> None:
    _rooms, room, table, phones = open_room(tmp_path, 8, "extended", seed=3)
    phones[0].send(t="deal")
    nights: list[frozenset[frozenset[int]]] = []

    def watch() -> None:
        check_pairs(room)
        if room.channels.phase() == "night":
            nights.append(room.channels.voice.pairs)

    play_room(room, table, phones, random.Random(3), each=watch)
    assert nights, "the game had a night"
    rtc = [f.message for p in phones for f in p.frames if f.message["t"] == "rtc"]
    assert {m["kind"] for m in rtc} == {"open", "close"}, "pairs were opened and, at nightfall, closed"


def test_with_the_speaking_list_who_never_raised_a_hand_gets_a_vote_against(tmp_path: Path) -> None:
    _rooms, room, table, phones = open_room(tmp_path, 8, "classic", seed=5, speaking=True)
    phones[0].send(t="deal")
    seen: dict[str, Any] = {}
    dials: dict[int, list[tuple[bool, dict[str, Any]]]] = {}  # each debate's sundials, by day

    def hands() -> bool:
        with room.lock:
            q, state = room.hub.question, room.hub.state
            day = (phones[0].screen() or {}).get("day")
            if q is None or state is None or q.step != "vote" or day is None or day in dials:
                return False
            if "silent" not in seen:  # the first debate: two of the living raise a hand
                raising = sorted(state.alive)[:2]
                for phone in phones:
                    if phone.seat in raising:
                        phone.send(t="hand", up=True)
                assert room.channels.speaking is not None and room.channels.speaking.spoke == set(raising)
                seen["silent"] = {room.hub.stage.name(s) for s in state.alive if s not in raising}
                seen["alive"] = len(state.alive)
            room.hub.pages.refresh()
            # the debate's sundial is on every page, the dead's too (their screen is not the day's)
            dials[day] = [(p.seat in state.alive, (p.screen() or {}).get("debate") or p.screen() or {})
                          for p in phones]
            return True

    def debate(phone: RoomPhone) -> bool:  # the host waits for the hands, and the dials, before the vote
        screen = phone.screen() or {}
        return phone is phones[0] and screen.get("screen") == "day" and screen.get("day") not in dials

    play_room(room, table, phones, random.Random(5), each=hands, hold=debate)
    assert len(seen["silent"]) == seen["alive"] - 2
    shown = [entry for day in dials.values() for entry in day]
    dead_dials = [d for alive, d in shown if not alive]  # (the host's page shows the day's own)
    assert dead_dials and all((d.get("total") == 300 and d["ends"] > 0) or d.get("timer") == 5 for d in dead_dials)
    assert all("left" in d for alive, d in shown if alive), "the living see the day's own dial"
    tallies = [f.message["counts"] for f in phones[1].frames if f.message["t"] == "tally"]
    first = {c["name"]: c["votes"] for c in tallies[0]}
    if first:  # someone voted: every living player who never raised a hand has at least the penalty's vote
        assert all(first.get(name, 0) >= 1 for name in seen["silent"]), (first, seen["silent"])
        assert sum(first.values()) >= len(seen["silent"])
    later = [{c["name"]: c["votes"] for c in t} for t in tallies[1:]]
    assert all(sum(t.values()) <= 8 for t in later), "only the first vote carries the penalty"


def test_a_member_who_reconnects_is_back_in_their_seat_with_their_screen_and_voice(tmp_path: Path) -> None:
    _rooms, room, table, phones = open_room(tmp_path, 6, "classic", seed=2)
    phones[0].send(t="deal")
    table.wait(lambda: all((p.screen() or {}).get("screen") == "card" for p in phones[1:]))
    dario = phones[3]
    room.disconnect(dario.client)
    again = table.enter(4, "Dario")
    you = [f.message for f in again.frames if f.message["t"] == "you"]
    assert you == [{"t": "you", "as": "seat", "seat": 4, "room": room.code}]
    screen = again.screen()
    assert screen is not None and screen["screen"] == "card" and screen["name"] == "Dario"
    opened = {f.message["peer"] for f in again.frames if f.message["t"] == "rtc" and f.message["kind"] == "open"}
    assert opened == {1, 2, 3, 5, 6}, "the voice chat's pairs open again for the page that came back"
    again.send(t="show")
    card = [f.message for f in again.frames if f.message["t"] == "private"]
    assert card and card[-1]["kind"] == "card" and card[-1]["name"] == "Dario"


def test_a_second_device_of_one_account_takes_the_voice_chat_and_gives_it_back(tmp_path: Path) -> None:
    """Two pages of one seat would both answer its peers' offers: the voice chat is on the last one opened."""
    _rooms, room, table, phones = open_room(tmp_path, 5, "extended", seed=4)
    ben = phones[1]
    laptop = table.enter(2, "Ben")  # Ben opens the room on a second device

    def rtc(phone: RoomPhone, since: int = 0) -> list[dict[str, Any]]:
        return [f.message for f in phone.frames[since:] if f.message["t"] == "rtc"]

    assert {m["peer"] for m in rtc(laptop) if m["kind"] == "open"} == {1, 3, 4, 5}
    assert (laptop.screen() or {})["voice"] == "village" and (ben.screen() or {})["voice"] == "elsewhere"
    mark = len(ben.frames)
    phones[0].send(t="rtc", kind="sdp", to=2, data="v=0 an offer")
    assert rtc(laptop)[-1] == {"t": "rtc", "kind": "sdp", "peer": 1, "data": "v=0 an offer"}
    assert not rtc(ben, mark), "the phone whose voice moved to the laptop hears no more of it"
    ben.send(t="rtc", kind="sdp", to=1, data="v=0 from the phone")
    assert ben.refusals()[-1]["rule"] == "voice.elsewhere"
    room.disconnect(laptop.client)  # the laptop closes: the phone has the voice chat again
    assert {m["peer"] for m in rtc(ben, mark) if m["kind"] == "open"} == {1, 3, 4, 5}
    assert (ben.screen() or {})["voice"] == "village"


def test_the_hosts_rematch_is_a_choice_of_the_rooms_game_and_deals_the_next_one(tmp_path: Path) -> None:
    _rooms, room, table, phones = open_room(tmp_path, 6, "classic", seed=6, speaking=True)
    phones[0].send(t="deal")
    play_room(room, table, phones, random.Random(6))
    path, speaking = journal_of(room.hub), room.channels.speaking
    assert path is not None
    phones[1].send(t="rematch")  # a seat is not the host
    assert phones[1].refusals()[-1]["rule"] == "message.not_yours"
    phones[0].send(t="rematch")
    table.wait(lambda: all((p.screen() or {}).get("screen") == "card" for p in phones))  # the next game's cards
    assert journal_of(room.hub) == path and room.hub.state is not None and room.hub.state.game == 2
    answered = [r for r in Journal.read(path).records if r["kind"] == "answer"]
    assert (answered[-1]["step"], answered[-1]["value"]) == ("rematch", "rematch"), "the rematch is not journaled"
    assert room.channels.speaking is not speaking, "the second game's speaking list starts afresh"
    room.close()


def test_a_finished_rooms_game_is_kept_with_each_seats_account(tmp_path: Path) -> None:
    rooms, room, table, phones = open_room(tmp_path, 6, seed=3)
    phones[0].send(t="deal")
    assert rooms.history.games() == []
    play_room(room, table, phones, random.Random(3))
    (game,) = rooms.history.games()
    assert [(s.seat, s.account, s.name) for s in game.seats] == [(n, n, NAMES[n - 1]) for n in range(1, 7)]
    assert game.mode == "own_devices" and [g.key for g in rooms.history.games(4)] == [game.key]
    assert (tmp_path / "history.sqlite").is_file()  # the server's, not the room's folder (removed when it closes)


def test_with_a_postgresql_store_the_rooms_games_are_kept_there(tmp_path: Path, pg_address: str) -> None:
    """`serve --online --store postgresql://...`: every process keeps its rooms' games in the one database, so
    another process (another connection) sees each seat's account, and the data folder holds no history."""
    from narrator.online.pgstore import PostgresHistory, PostgresStore

    history = PostgresStore(pg_address).open_history()
    other = PostgresHistory(pg_address)
    try:
        _rooms, room, table, phones = open_room(tmp_path, 6, seed=3, history=history)
        phones[0].send(t="deal")
        play_room(room, table, phones, random.Random(3))
        (game,) = other.games()
        assert [(s.seat, s.account) for s in game.seats] == [(n, n) for n in range(1, 7)]
        assert other.overview(10, account=2)["count"] == 1 and not (tmp_path / "history.sqlite").exists()
    finally:
        history.close()
        other.close()


class AtTheDebate(Exception):
    """The opener's page shows the day's call to vote: the test takes over."""


def test_a_stale_refusal_sends_the_page_the_question_of_now(tmp_path: Path) -> None:
    """The host's call to vote naming an old question is refused, and the page is sent the question open now (it
    would otherwise wait for ever on a screen that asks nothing: bench online.flat_out, issue 23)."""
    _rooms, room, table, phones = open_room(tmp_path, 8, "classic", seed=2)
    host = phones[0]
    phones[0].send(t="deal")

    def at_the_debate(phone: RoomPhone) -> bool:
        screen = phone.screen() or {}
        return phone is host and screen.get("screen") == "day" and not screen.get("watch") and "q" in screen

    def stop() -> bool:
        if at_the_debate(host):
            raise AtTheDebate
        return False

    with pytest.raises(AtTheDebate):
        play_room(room, table, phones, random.Random(2), each=stop, hold=at_the_debate)
    q = room.hub.question
    assert q is not None and host.screen()["q"] == q.number  # type: ignore[index]
    with table.changed:
        before = len(host.frames)
    host.send(t="vote", q=q.number - 1)
    with table.changed:
        after = [f.message for f in host.frames[before:]]
    assert [m["rule"] for m in after if m["t"] == "refused"] == ["stale"]
    screens = [m for m in after if m["t"] == "screen"]
    assert screens and screens[-1]["screen"] == "day" and screens[-1]["q"] == q.number, after
    host.send(t="vote", q=screens[-1]["q"])  # the screen sent answers: the table goes to the vote
    table.wait(lambda: room.hub.question is not None and room.hub.question.step == "day_vote")
