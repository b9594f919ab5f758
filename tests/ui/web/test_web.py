"""The page in a real browser (Debian's Chromium through Playwright), at phone size, on a virtual clock."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from ...browser import (
    CHROMIUM,
    GUARD_MS,
    free_port,
    gen,
    received,
    role_words,
    screen,
    sent,
    server,
    shot,
    wait_actionable,
    wait_change,
    wait_message,
)

pytestmark = pytest.mark.skipif(shutil.which(CHROMIUM) is None and not Path(CHROMIUM).exists(),
                                reason="Debian's chromium is not installed (.ci/run installs it)")
NAMES = ["Ana", "Ben", "Carla", "Dario", "Eva", "Fede", "Gala"]
ROLE_WORDS = role_words()


def role_words_in(text: str) -> list[str]:
    """The role words in `text`, as words: Spanish "guardad" or "aguarda" do not name the guard."""
    return [w for w in ROLE_WORDS if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text)]


def assert_no_roles(page: Any) -> None:
    # the page without the caption: the narration is said to everyone (it may name the cards in play)
    html = page.evaluate("(() => { const body = document.body.cloneNode(true);"
                         " body.querySelector('#caption').remove(); return body.innerHTML; })()")
    leaked = role_words_in(html)
    assert not leaked, f"{leaked} still in the page after the card was covered"
    # what the page's script keeps between messages: the last screen and the secret box's state
    kept = page.evaluate("JSON.stringify([screen, Object.assign({}, document.getElementById('secret').dataset),"
                         " history.length, history.state, location.href])")
    leaked = role_words_in(kept)
    assert not leaked, f"{leaked} still reachable by the page's script after the card was covered"


def new_game(page: Any, url: str, players: int = 7, names: list[str] | None = None) -> None:
    page.goto(url)
    page.wait_for_selector("#deal")
    before = gen(page)
    page.select_option("#players", str(players))
    # the server's new setup screen, drawn: no later redraw can wipe the names typed below
    page.wait_for_function(f"+document.getElementById('screen').dataset.gen > {before} && "
                           f"document.querySelectorAll('#screen .grid input').length === {players}")
    names = (names or NAMES)[:players]
    for i, name in enumerate(names):
        field = page.locator("#screen .grid input").nth(i)
        field.fill(name)
        field.dispatch_event("change")
    page.click("#deal")  # sent after the names, on the same socket: the server has them when it deals
    page.wait_for_function("document.getElementById('screen').dataset.screen === 'deal'")
    first = page.inner_text("#screen h1")
    assert names[0] in first, f"the deal does not begin with {names[0]}: {first!r}"


def act(page: Any, state: dict[str, Any]) -> str:
    """Do what the screen asks, as a table that wants the game to end; returns the screen's name."""
    name = wait_actionable(page)
    before = gen(page)
    tag = f"-{state['lang']}" if "lang" in state else ""  # the screenshots of a game in another language
    if name == "secret":
        kind = page.get_attribute("#secret", "data-kind")
        state.setdefault("shots", set())
        if kind not in state["shots"]:
            shot(page, f"secret-{kind}{tag}")
            state["shots"].add(kind)
        page.click("#cover")
        page.wait_for_selector("#secret", state="hidden")
        assert page.inner_html("#secret") == ""
        if kind == "card":
            state["covered"] = state.get("covered", 0) + 1
            assert_no_roles(page)
            wait_change(page, before)  # the cover reached the server: the next screen is on its way
        return name
    if name not in state.setdefault("seen", []):
        state["seen"].append(name)
        shot(page, f"screen-{name}{tag}")
    if name == "deal":
        page.click("#show")
        page.wait_for_selector("#secret", state="visible")
        return name
    if name == "narrator":
        page.click("#start")
    elif name in ("night", "step") and page.is_visible("#pick-confirm"):  # seats picked one by one (cupid)
        needed = page.evaluate("screen.pick.count")
        for button in page.query_selector_all("button[data-seat]")[:needed]:
            button.click()
        page.click("#pick-confirm")
    elif name in ("night", "step"):
        if page.is_visible("#pass"):
            page.click("#pass")
        else:
            targets = page.query_selector_all("button.choice[data-value]:not([data-value$=':none'])")
            (targets[0] if targets else page.query_selector("button.choice")).click()
    elif name == "hunter":
        page.query_selector_all("button.choice")[-1].click()
    elif name == "day":
        page.click("#to-vote")
    elif name == "vote" and page.is_visible("#count-confirm"):  # hands counted per player
        page.query_selector_all("#screen [data-seat] button")[1].click()  # one hand for the first living player
        page.click("#count-confirm")
        page.click("#confirm-yes")
    elif name == "tiebreak":  # the captain chooses one of the tied
        page.query_selector_all("button.choice")[0].click()
        page.click("#confirm-yes")
    elif name == "vote":
        page.query_selector_all("button.choice:not([data-value$=':none'])")[0].click()
        page.click("#confirm-yes")
    elif name == "end":
        return name
    wait_change(page, before)
    return name


def play_to_the_end(page: Any, state: dict[str, Any], limit: int = 300) -> None:
    for _ in range(limit):
        if act(page, state) == "end":
            return
    raise AssertionError("the game did not end")


def test_a_whole_seven_player_game_on_a_phone(page: Any, tmp_path: Path) -> None:
    port = free_port()
    with server(tmp_path, port):
        new_game(page, f"http://127.0.0.1:{port}/")
        state: dict[str, Any] = {}
        play_to_the_end(page, state)
        assert state["covered"] == 7
        assert {"deal", "narrator", "night", "day", "vote", "end"} <= set(state["seen"])
        page.wait_for_function("document.querySelectorAll('#cards li').length === 7")
        shot(page, "screen-end")
        banner = page.inner_text("#banner")
        assert banner in ("The village wins", "The werewolves win", "Nobody wins")
        assert page.query_selector_all("#timeline .log li"), "the night log is empty"
        assert page.query_selector_all("#timeline [data-period='night-1']"), "the timeline has no first night"
        page.click("#rematch")
        page.wait_for_selector("#show")
        assert screen(page) == "deal"


def test_a_whole_extended_game_with_twelve_players(page: Any, tmp_path: Path) -> None:
    port = free_port()
    names = [*NAMES, "Hugo", "Inés", "Juan", "Kira", "Luis"]
    with server(tmp_path, port):
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_selector("#deal")
        before = gen(page)
        page.select_option("#ruleset", "extended")
        page.wait_for_function(f"+document.getElementById('screen').dataset.gen > {before} && "
                               "document.querySelector('b[data-role=cupid]') !== null")
        before = gen(page)
        page.select_option("#players", "12")
        page.wait_for_function(f"+document.getElementById('screen').dataset.gen > {before} && "
                               "document.querySelector('b[data-role=wolf_father]').textContent === '1'")
        shot(page, "setup-extended")
        page.wait_for_function("document.querySelectorAll('#screen .grid input').length === 12")
        for i, name in enumerate(names):
            field = page.locator("#screen .grid input").nth(i)
            field.fill(name)
            field.dispatch_event("change")
        page.click("#deal")
        page.wait_for_function("document.getElementById('screen').dataset.screen === 'deal'")
        state: dict[str, Any] = {}
        play_to_the_end(page, state, limit=600)
        assert state["covered"] == 12
        page.wait_for_function("document.querySelectorAll('#cards li').length === 12")
        shot(page, "screen-end-extended")
        assert page.inner_text("#banner").strip(), "the end banner is empty"


def test_setup_in_three_languages_and_a_refused_adjustment(page: Any, tmp_path: Path) -> None:
    port = free_port()
    with server(tmp_path, port):
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_selector("#deal")
        for lang, word in (("de", "Neue Partie"), ("es", "Nueva partida"), ("en", "New game")):
            page.select_option("#lang", lang)
            page.wait_for_function(f"document.querySelector('h1').textContent === '{word}'")
            shot(page, f"setup-{lang}")
        page.select_option("#players", "6")
        page.wait_for_function("document.querySelector('b[data-role=werewolf]').textContent === '2'")
        page.click("#adjust")
        page.wait_for_selector("b[data-role=werewolf] + button")
        since = received(page)
        page.click("b[data-role=werewolf] + button")
        refusal = wait_message(page, since, "m.t === 'refused' || m.t === 'screen'")  # the server's answer
        assert refusal["t"] == "refused" and "fewer than half" in refusal["text"], refusal
        assert "fewer than half" in page.text_content("#toast")  # shown (for a few seconds; its text stays)
        assert page.inner_text("b[data-role=werewolf]") == "2"
        page.select_option("#players", "9")
        page.wait_for_function("document.querySelector('b[data-role=werewolf]').textContent === '3'")


def test_the_voice_picker_names_the_floor_that_speaks(page: Any, tmp_path: Path) -> None:
    """A German narrator not downloaded is named with its floor: MBROLA here (make test installs it); on a
    machine without mbrola on its PATH, plain espeak-ng and this system's line that installs MBROLA."""
    bare = tmp_path / "bin"
    bare.mkdir()
    (bare / "espeak-ng").symlink_to(shutil.which("espeak-ng") or "/usr/bin/espeak-ng")
    for path, label, note in ((None, "Leopold (vorerst MBROLA)", "spricht vorerst espeak-ng mit MBROLA."),
                              (str(bare), "Leopold (vorerst espeak-ng)", "spricht vorerst espeak-ng.")):
        port = free_port()
        data = tmp_path / f"data-{port}"
        data.mkdir()
        with server(data, port, path=path):
            page.goto(f"http://127.0.0.1:{port}/")
            page.wait_for_selector("#deal")
            page.select_option("#lang", "de")
            page.wait_for_function("document.querySelector('h1').textContent === 'Neue Partie'")
            assert page.inner_text("#voice option[value=leopold]") == label
            assert page.inner_text("#voice-floor") == f"Bis die Stimme von Leopold heruntergeladen ist, {note}"
            better = page.query_selector("#voice-better")
            if path is None:
                assert better is None
            else:
                assert better is not None and "mbrola mbrola-de6 mbrola-de7" in better.inner_text()
                assert better.inner_text().startswith("Ohne MBROLA ist espeak-ng schwer zu verstehen")
                shot(page, "setup-voice-floor-de")


def test_the_spanish_setup_shows_the_cards_counts_and_adjusts_them_under_ajustar(page: Any, tmp_path: Path) -> None:
    """Seed 000: «En "Ajustar" cambias lobos y roles especiales»: the − and + are not there until it is tapped."""
    port = free_port()
    with server(tmp_path, port):
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_selector("#deal")
        page.select_option("#lang", "es")
        page.wait_for_function("document.querySelector('h1').textContent === 'Nueva partida'")
        assert page.inner_text("#adjust") == "Ajustar"
        assert page.inner_text("b[data-role=werewolf]") == "3"
        assert not page.query_selector("[data-card] b + button"), "the − and + are shown before «Ajustar»"
        page.click("#adjust")
        page.wait_for_selector("b[data-role=werewolf] + button")
        assert page.inner_text("#adjust") == "Listo"
        before = gen(page)
        page.click("[data-card=werewolf] button:text-is('−')")
        page.wait_for_function(f"+document.getElementById('screen').dataset.gen > {before} && "
                               "document.querySelector('b[data-role=werewolf]').textContent === '2'")
        assert page.query_selector("[data-card=werewolf] b + button"), "«Ajustar» closed by the change it made"
        page.click("#adjust")
        page.wait_for_function("document.querySelector('#adjust').textContent === 'Ajustar'")
        assert not page.query_selector("[data-card] b + button")


def test_switching_away_covers_the_card(page: Any, tmp_path: Path) -> None:
    port = free_port()
    with server(tmp_path, port):
        new_game(page, f"http://127.0.0.1:{port}/")
        page.wait_for_selector("#show")
        page.click("#show")
        page.wait_for_selector("#secret", state="visible")
        page.evaluate("Object.defineProperty(document, 'hidden', {value: true, configurable: true});"
                      "document.dispatchEvent(new Event('visibilitychange'))")
        page.wait_for_selector("#secret", state="hidden")
        assert_no_roles(page)
        page.wait_for_function("document.querySelector('h1')?.textContent.includes('Ben')")


def test_a_reload_while_the_card_is_shown_has_not_seen_it(page: Any, tmp_path: Path) -> None:
    """Only the player's own cover counts: a reload drops the card, and the deal waits at the same player."""
    port = free_port()
    with server(tmp_path, port):
        new_game(page, f"http://127.0.0.1:{port}/")
        page.click("#show")
        page.wait_for_selector("#secret", state="visible")
        page.reload()
        page.wait_for_selector("#show")
        assert "Ana" in page.inner_text("#screen h1") and page.is_hidden("#secret")
        page.click("#show")  # shown again, and covered by the player: now the deal moves on
        page.wait_for_selector("#secret", state="visible")
        page.click("#cover")
        page.wait_for_function("document.querySelector('#screen h1')?.textContent.includes('Ben')")


def test_witch_double_potion_is_refused_with_the_reason_and_undo_and_confirm(page: Any, tmp_path: Path) -> None:
    port = free_port()
    with server(tmp_path, port):
        new_game(page, f"http://127.0.0.1:{port}/")
        state: dict[str, Any] = {}
        refused = undone = declined = False
        for _ in range(300):
            name = wait_actionable(page)
            if name == "night" and not refused and page.is_visible("button[data-kind=heal]"):
                page.click("button[data-kind=heal]")
                page.query_selector_all("button[data-kind=poison]")[0].click()
                since = received(page)
                page.click("#brew")
                refusal = wait_message(page, since, "m.t === 'refused' || m.t === 'screen'")
                assert refusal["t"] == "refused" and "only one potion a night" in refusal["text"], refusal
                assert "only one potion a night" in page.text_content("#toast")
                shot(page, "refusal-witch")
                refused = True
            if name == "vote" and not declined:
                before = gen(page)
                page.query_selector_all("button.choice:not([data-value$=':none'])")[0].click()
                page.wait_for_selector("#confirm", state="visible")
                shot(page, "confirm-expel")
                taps = len(sent(page))
                page.click("#confirm-no")
                # A probe on the same socket, after the decline: the server answers a tap it cannot read with
                # a refusal, but only while a question is open. Its answer proves the server has handled all
                # that came before, and the page has drawn all the server said before it.
                since = received(page)
                page.evaluate("send({t: 'tap', value: 'probe'})")
                reply = wait_message(page, since, "m.t === 'refused' || m.t === 'screen'")
                assert reply["t"] == "refused", f"the vote was closed by a declined expulsion: {reply}"
                assert sent(page, taps) == [{"t": "tap", "value": "probe"}], "the page sent the declined vote"
                assert gen(page) == before and screen(page) == "vote", "a declined expulsion was recorded"
                page.evaluate("document.getElementById('toast').hidden = true")  # the probe's toast, out of the way
                declined = True
            if name == "vote" and declined and not undone:
                page.query_selector_all("button.choice:not([data-value$=':none'])")[0].click()
                page.click("#confirm-yes")
                page.wait_for_function("document.getElementById('screen').dataset.screen !== 'vote'")
                wait_actionable(page)
                page.click("#undo")
                page.wait_for_function("document.getElementById('screen').dataset.screen === 'vote'")
                undone = True
            if act(page, state) == "end":
                break
        assert refused and declined and undone


def test_the_game_continues_after_the_server_restarts(page: Any, tmp_path: Path) -> None:
    port = free_port()
    state: dict[str, Any] = {}
    with server(tmp_path, port):
        new_game(page, f"http://127.0.0.1:{port}/")
        while wait_actionable(page) != "day":
            act(page, state)
        deaths_before = page.inner_text("#screen p")
    with server(tmp_path, port):
        page.reload()
        page.wait_for_selector("#continue")
        shot(page, "screen-resume")
        page.click("#continue")
        # the game replays to where it stopped: the day (a re-drawn resume screen on the way is not the answer)
        page.wait_for_function("document.getElementById('screen').dataset.screen === 'day'", timeout=GUARD_MS)
        assert page.inner_text("#screen p") == deaths_before
        play_to_the_end(page, state)


# -- the extended ruleset in German and Spanish: every new screen, the vote both ways, the end's timeline ----------
def words(lang: str) -> dict[str, str]:
    from narrator.ui.web.strings import strings

    return strings(lang)


def extended_setup(page: Any, url: str, lang: str, players: int, names: list[str], add: list[str]) -> None:
    """The setup screen in `lang`: all 28 roles, `players`, a captain, the cards in `add` added, the help card."""
    w = words(lang)
    page.goto(url)
    page.wait_for_selector("#deal")
    page.select_option("#lang", lang)
    page.wait_for_function(f"document.querySelector('h1').textContent === {w['setup.title']!r}")
    before = gen(page)
    page.select_option("#ruleset", "extended")
    page.wait_for_function(f"+document.getElementById('screen').dataset.gen > {before} && "
                           "document.querySelector('b[data-role=cupid]') !== null")
    players_now = int(page.input_value("#players"))
    under = page.evaluate(f"screen.draft.roles.filter((r) => r.min_players > {players_now}).map((r) => r.id)")
    for role in under:  # a card under its minimum is shown greyed, with the count it needs
        card = page.evaluate(f"screen.draft.roles.find((r) => r.id === '{role}')")
        assert page.inner_text(f"[data-card={role}].off .why") == w["setup.from_players"].format(n=card["min_players"])
        assert not page.query_selector(f"[data-card={role}] button:not(.link)"), f"{role} is offered under its minimum"
    assert page.inner_text("[data-card=judge].off .why") == w["setup.own_devices"]
    before = gen(page)
    page.select_option("#players", str(players))
    page.wait_for_function(f"+document.getElementById('screen').dataset.gen > {before} && "
                           f"document.querySelectorAll('#screen .grid input').length === {players}")
    before = gen(page)
    page.select_option("#captain", "yes")
    page.wait_for_function(f"+document.getElementById('screen').dataset.gen > {before} && "
                           "document.getElementById('captain').value === 'yes'")
    if add:
        page.click("#adjust")
        page.wait_for_selector("[data-card=werewolf] b + button")
    for role in add:
        before = gen(page)
        page.click(f"[data-card={role}] b + button")
        page.wait_for_function(f"+document.getElementById('screen').dataset.gen > {before}")
        assert page.inner_text(f"b[data-role={role}]") == "1", f"{role} was not added"
    assert page.inner_text("#credit") == w["setup.credit"]
    shot(page, f"setup-extended-{lang}", full=True)
    page.click("[data-help=wolf_father]")  # a role's name opens its help card
    page.wait_for_selector("#help[open]")
    assert page.inner_text("#help-text") == w["help.wolf_father"]
    assert page.query_selector("#help img.pic"), "the help card has no picture"
    shot(page, f"help-{lang}")
    page.click("#help-close")
    page.wait_for_selector("#help", state="hidden")
    page.click("[data-help=captain]")
    page.wait_for_selector("#help[open]")
    assert page.inner_text("#help-text") == w["help.captain"]
    page.click("#help-close")
    page.wait_for_selector("#help", state="hidden")
    for i, name in enumerate(names):
        field = page.locator("#screen .grid input").nth(i)
        field.fill(name)
        field.dispatch_event("change")
    page.click("#deal")
    page.wait_for_function("document.getElementById('screen').dataset.screen === 'deal'")


def tied_ballots(count: dict[str, Any]) -> dict[int, int | None] | None:
    """Ballots that tie the two players with the most votes already (a mark), every other voter abstaining."""
    extra = {p["seat"]: p["extra"] for p in count["seats"]}
    a, b = sorted(extra, key=lambda s: -extra[s])[:2]
    voters = count["voters"]

    def search(i: int, score_a: int, score_b: int) -> dict[int, int | None] | None:
        if i == len(voters):
            return {} if score_a == score_b > 0 else None
        weight = voters[i]["weight"]
        for target in (a, b, None):
            found = search(i + 1, score_a + weight * (target == a), score_b + weight * (target == b))
            if found is not None:
                return {voters[i]["seat"]: target, **found}
        return None

    return search(0, extra[a], extra[b])


def vote_by_ballots(page: Any, lang: str, state: dict[str, Any]) -> None:
    """The device goes round: each voter opens their own screen, taps a name or abstains; a tie is made on purpose."""
    count = page.evaluate("screen.count")
    for p in count["seats"]:  # the marks and the captain, shown on the player they concern
        if p["extra"]:
            assert page.query_selector(f"[data-seat='{p['seat']}'] [data-extra='{p['extra']}']"), "no mark shown"
        if p["captain"]:
            assert page.query_selector(f"[data-seat='{p['seat']}'] [data-captain]"), "the captain is not shown"
    shot(page, f"vote-hands-{lang}", full=True)
    page.click("#mode-ballots")
    ballots = tied_ballots(count) or {}
    for voter in count["voters"]:
        page.wait_for_selector(f"#ballot-open[data-voter='{voter['seat']}']")
        if voter is count["voters"][0]:
            shot(page, f"ballot-pass-{lang}")
        page.click("#ballot-open")
        page.wait_for_selector("#ballot-voter")
        assert not page.query_selector("#vote-body .on"), "a ballot screen shows an earlier ballot"
        if voter["weight"] > 1:
            shot(page, f"ballot-captain-{lang}")
        elif voter is next(v for v in count["voters"] if v["weight"] == 1):
            shot(page, f"ballot-voter-{lang}")
        target = ballots.get(voter["seat"])
        page.click(f"button[data-ballot='{'-' if target is None else target}']")
        page.click("#confirm-yes")  # each ballot is confirmed before the device goes on
    page.wait_for_selector("#ballots-confirm")
    shot(page, f"ballots-done-{lang}")
    before, taps = gen(page), len(sent(page))
    page.click("#ballots-confirm")
    wait_change(page, before)
    value = sent(page, taps)[-1]["value"]
    assert value.startswith("day_vote:ballots:") and value.count(">") == len(count["voters"]), value
    state["ballots"] = state.get("ballots", 0) + 1
    state["tie"] = bool(ballots)


def play_extended(page: Any, lang: str, state: dict[str, Any], limit: int = 800) -> None:
    """As `act`, with the first counted vote by secret ballots (tied, when a tie can be made) and a screenshot
    of each new screen once."""
    for _ in range(limit):
        name = wait_actionable(page)
        if name == "vote" and page.is_visible("#vote-modes") and not state.get("ballots"):
            vote_by_ballots(page, lang, state)
            continue
        if name == "day" and page.query_selector("#screen .note") and "day-news" not in state.setdefault("seen", []):
            state["seen"].append("day-news")
            shot(page, f"day-news-{lang}")
        if name == "night" and page.query_selector("#screen .card") and "cards" not in state["seen"]:
            state["seen"].append("cards")
            shot(page, f"thief-cards-{lang}")
        if act(page, state) == "end":
            return
    raise AssertionError("the game did not end")


def check_the_end(page: Any, lang: str, players: int) -> dict[str, Any]:
    """The end screen: every card with its picture and marks, the timeline night by night, who is alive."""
    w = words(lang)
    page.wait_for_function(f"document.querySelectorAll('#cards li').length === {players}")
    shot(page, f"end-{lang}", full=True)
    end = page.evaluate("screen")
    assert page.inner_text("#banner") == w[f"end.{end['winner']}"]
    assert len({c["role"] for c in end["cards"]}) >= 10, "fewer than ten different roles were dealt"
    assert len(page.query_selector_all("#cards li > img.pic")) == players, "a card has no picture"
    dead = [c for c in end["cards"] if not c["alive"]]
    assert len(page.query_selector_all("#timeline .death")) == len(dead), "a death is missing from the timeline"
    assert len(page.query_selector_all("#alive li")) == len(end["alive"]) == players - len(dead)
    periods = [p["period"] + "-" + str(p["n"]) for p in end["timeline"]]
    assert periods[:2] == ["night-1", "day-1"], periods
    assert page.query_selector("#timeline [data-period^='day'] .death[data-cause='vote']"), "no death by the vote"
    assert page.inner_text("#timeline [data-period='night-1'] h3") == w["night.title"].format(n=1)
    causes = {d["how"] for p in end["timeline"] for d in p["deaths"]}
    assert causes <= {w[f"cause.{c}"] for c in ("wolves", "poison", "vote", "shot", "grief", "sword")}, causes
    cards = page.inner_text("#cards")
    assert w["mark.captain"] in cards, "the captain is not marked"
    if any(c["role"] == w["role.cupid"] for c in end["cards"]):  # not when cupid was left over for the thief
        assert w["mark.lovers"] in cards, "the lovers are not marked"
    return end


def test_a_whole_extended_game_in_german_with_ballots_and_the_timeline(page: Any, tmp_path: Path) -> None:
    port = free_port()
    names = ["Jutta", "Leopold", "Konrad", "Mechthild", "Hedda", "Anton", "Berta", "Claus", "Doris", "Emil",
             "Frieda", "Gustav"]
    with server(tmp_path, port):
        extended_setup(page, f"http://127.0.0.1:{port}/", "de", 12, names, ["raven", "fox"])
        state: dict[str, Any] = {"lang": "de"}
        play_extended(page, "de", state)
        assert state["covered"] == 12 and state["ballots"] == 1
        assert {"step", "tiebreak", "vote", "day"} <= set(state["seen"]), state["seen"]
        check_the_end(page, "de", 12)


def test_a_whole_extended_game_in_spanish(page: Any, tmp_path: Path) -> None:
    port = free_port()
    names = ["Ana", "Bruno", "Carmen", "Diego", "Elena", "Fermín", "Gloria", "Héctor", "Inés", "Jorge", "Lucía",
             "Manuel", "Nuria", "Óscar"]
    with server(tmp_path, port):
        extended_setup(page, f"http://127.0.0.1:{port}/", "es", 14, names, ["dog_handler", "pied_piper", "thief"])
        state: dict[str, Any] = {"lang": "es"}
        play_extended(page, "es", state)
        assert state["covered"] == 14 and state["ballots"] == 1
        assert "cards" in state["seen"], "the thief never saw the two cards left over"
        check_the_end(page, "es", 14)


def test_the_play_options_set_the_setup_the_page_starts_from(page: Any, tmp_path: Path) -> None:
    port = free_port()
    with server(tmp_path, port, "--lang", "es", "--names", "Ana,Ben,Carla,Dario,Eva,Fede"):
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_selector("#deal")
        assert page.inner_text("h1") == "Nueva partida"
        assert page.input_value("#players") == "6" and page.input_value("#lang") == "es"
        assert [page.locator("#screen .grid input").nth(i).input_value() for i in range(6)] == NAMES[:6]


def test_a_phone_with_a_wrong_clock_and_back_to_setup_from_the_end(page: Any, tmp_path: Path) -> None:
    page.add_init_script("(() => { const real = Date.now; Date.now = () => real() + 7200000; })()")  # 2 h ahead
    port = free_port()
    with server(tmp_path, port):
        url = f"http://127.0.0.1:{port}/"
        page.goto(url)
        page.wait_for_selector("#deal")
        before = gen(page)
        page.select_option("#timer", "3")
        page.wait_for_function(f"+document.getElementById('screen').dataset.gen > {before}")
        new_game(page, url, players=6)
        state: dict[str, Any] = {}
        since = received(page)
        while wait_actionable(page) != "day":
            act(page, state)
        phases = page.evaluate(f"window.__wolfcall.received.slice({since}).filter((m) => m.screen === 'listen')"
                               ".map((m) => m.phase)")
        assert "deal" in phases and "night" in phases and "day" in phases, phases
        clock = page.inner_text("#timer")
        assert re.search(r"(3:00|2:5\d)$", clock), f"the day timer counts with the phone's clock: {clock!r}"
        play_to_the_end(page, state)
        assert page.is_visible("#rematch") and page.is_visible("#new-game")
        page.click("#new-game")
        page.wait_for_function("document.getElementById('screen').dataset.screen === 'setup'")
        assert page.inner_text("#caption") == ""
        assert page.inner_text("h1") == "New game"


def test_the_seers_answer_is_drawn_alone_with_nothing_to_tap_under_it(page: Any, tmp_path: Path) -> None:
    """One device: once the seer has tapped, her answer is the page; the step's buttons are not drawn under it (a
    second tap there would only show the same card again)."""
    port = free_port()
    with server(tmp_path, port):
        new_game(page, f"http://127.0.0.1:{port}/")
        state: dict[str, Any] = {}
        for _ in range(100):
            name = wait_actionable(page)
            if name == "secret" and page.get_attribute("#secret", "data-kind") != "card":
                break
            act(page, state)
        else:
            raise AssertionError("no seer's answer in the first night")
        assert page.is_hidden("#screen"), "the step's screen is drawn under the answer"
        assert not page.query_selector_all("#screen button.choice:visible")
        box = page.query_selector("#cover").bounding_box()
        hit = page.evaluate(f"document.elementFromPoint({box['x'] + 2}, {box['y'] + 2}).closest('#secret') !== null")
        assert hit
        page.click("#cover")
        page.wait_for_selector("#secret", state="hidden")
        page.wait_for_selector("#screen", state="visible")  # the next screen, drawn as the server sends it
