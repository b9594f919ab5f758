"""Lines said where they do not fit, after the native reads of stop 44 (issue 35; read_es_A4.md, read_de_B4.md): each
test renders, on the shipped scripts, the lines the narrator may pick in the context that went wrong."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine import Mode
from narrator.speech.lines import Lines, Seat, Seats
from narrator.speech.moment import FACTS, Moment
from narrator.speech.picker import Picker
from narrator.speech.script import SHIPPED, load
from tests.narration import answers, captions, narrate

SCRIPT = load(SHIPPED)
NAMES = ("Pia", "Ben", "Kim")  # a woman, a man, a player who did not say
GENDERS = ("f", "m", "")
HUNTER = ["werewolf", "hunter", "villager", "villager", "villager", "villager"]  # Ben holds the hunter


def said(lang: str, scene: str, moment: Moment, seat: int = 3, **values: object) -> list[str]:
    """Every line `scene` may say at `moment` of the player in `seat`, as the table hears it."""
    lines = Lines(SCRIPT, lang, Picker(1), NAMES, GENDERS)
    filled = {"player": Seat(seat), "players": Seats((1, 2)), "roles": "zwei Werwölfe", **values}
    at = lines.moment_of(moment, filled)
    return [lines.render(SCRIPT.variants(lang, scene)[i], filled)[0] for i in lines.fitting(scene, at)]


@pytest.fixture
def spoken(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Moment, dict[str, Any]]]:
    """Every line said in a game: its scene, its moment and its values."""
    heard: list[tuple[str, Moment, dict[str, Any]]] = []
    original = Lines.say

    def spy(self: Lines, scene: str, moment: Moment | None = None, **values: Any) -> Any:
        heard.append((scene, self.moment_of(moment, values), values))
        return original(self, scene, moment, **values)

    monkeypatch.setattr(Lines, "say", spy)
    return heard


def test_the_hunters_card_named_at_dawn_is_not_news_at_the_end(spoken: list[tuple[str, Moment, dict[str, Any]]]
                                                              ) -> None:
    """Read es A4, 1 and 10: "Hugo era el cazador" at dawn, then "¿Y qué era Hugo? Pues el cazador." at the end; and on
    one device with nobody narrating, the call told the hunter neither to take the device nor to choose."""
    n = narrate(answers(("werewolves:2", 2.0), ("hunter:1", 2.0)), lang="es", roles=HUNTER, ruleset="extended")
    assert n.state.over and n.state.winner == "village"
    call = [m for s, m, _ in spoken if s == "hunter.wake"]
    assert [m.revealed for m in call] == ["no"]  # his card was not said before his call
    ends = [m.revealed for s, m, v in spoken if s == "end.reveal" and v["player"] == Seat(2)]
    assert ends == ["yes"]
    wake = next(c.text for c in captions(n) if c.scene == "hunter.wake")
    assert "móvil" in wake and "quién" in wake, wake


# the device taken, and whom he shoots
TASK = {"es": (r"móvil", r"quién|blanco|a un jugador|a nadie"), "de": (r"Gerät", r"\b[Ww]en\b|\b[Ww]em\b|Ziel|Spieler"),
        "en": (r"device", r"\b[Ww]ho\b|target|player|someone|nobody|your shot")}


@pytest.mark.parametrize("lang", ["es", "de", "en"])
@pytest.mark.parametrize("revealed", ["yes", "no"])
def test_the_hunter_on_one_device_takes_it_and_chooses(lang: str, revealed: str) -> None:
    """Read es A4, 10: every line there says whom he shoots and that he takes the device (nobody narrates)."""
    lines = said(lang, "hunter.wake", Moment(mode=Mode.ONE_DEVICE, narrator="no", revealed=revealed), seat=2)
    device, whom = TASK[lang]
    assert len(lines) >= 20 and [t for t in lines if not re.search(device, t) or not re.search(whom, t)] == []


@pytest.mark.parametrize("pack", FACTS["pack"])
def test_face_to_face_only_where_two_are_left(pack: str) -> None:
    """Read es A4, 5: "Cara a cara" with six or seven alive; the winner's line cannot know how many are left."""
    lines = said("es", "end.wolves.number", Moment(mode=Mode.ONE_DEVICE, narrator="no", pack=pack))
    assert [t for t in lines if "cara a cara" in t.lower()] == []


@pytest.mark.parametrize(("lang", "full"), [("es", "llena"), ("de", r"\bvoll\b"), ("en", r"\bfull\b")])
def test_a_full_square_is_not_said_of_a_later_day(lang: str, full: str) -> None:
    """Read es A4, 6: "La plaza está llena" on day 4 with half the village dead."""
    for pack in FACTS["pack"]:
        lines = said(lang, "day.debate", Moment(mode=Mode.ONE_DEVICE, narrator="no", night="later", pack=pack))
        assert [t for t in lines if re.search(full, t)] == []


AGAIN = {"es": r"[Ee]sta vez", "de": "[Dd]iesmal", "en": "this time"}


@pytest.mark.parametrize(("lang", "scene"), [("es", "deal.cards"), ("de", "deal.cards"), ("en", "deal.cards"),
                                             ("es", "deal.own"), ("en", "deal.own")])  # the German deal.own had none
def test_the_deal_of_an_evenings_first_game_says_no_this_time(lang: str, scene: str) -> None:
    """Read es A4, 7: "Esta vez entran en la partida…" in the first game of an evening: "this time" needs a last."""
    lines = said(lang, scene, Moment(mode=Mode.OWN_DEVICES if scene == "deal.own" else Mode.ONE_DEVICE,
                                      narrator="no", night="first"))
    assert [t for t in lines if re.search(AGAIN[lang], t)] == []


# on the first night: a bite that may already be spent ("still", "yet")
YET = {"es": r"\baún\b|todavía", "de": r"noch (frei|unbenutzt|unverbraucht|niemanden)|falls du noch|kannst du noch",
       "en": r"\bstill\b|\byet\b"}
# on a later night, a line that holds whether or not he has bitten: it says "if"
IF = {"es": r"\b[Ss]i\b|¿(Te queda|Aún)", "de": r"(?i)\bnoch\b", "en": r"\b[Ii]f\b|unused\?"}


@pytest.mark.parametrize("lang", ["es", "de", "en"])
@pytest.mark.parametrize("mode", [Mode.ONE_DEVICE, Mode.ROUND_TABLE, Mode.OWN_DEVICES])
def test_the_wolf_fathers_bite_is_offered_as_the_night_allows(lang: str, mode: Mode) -> None:
    """Read es A4, 8: "Si aún no has usado tu mordisco" on night 1; "¿Será esta noche?" on a later night, after the
    bite was spent (which the table may not learn from the line: it must hold either way)."""
    first = said(lang, "night.wolf_father.wake", Moment(mode=mode, narrator="no", night="first", gone="no"))
    assert [t for t in first if re.search(YET[lang], t)] == []
    later = said(lang, "night.wolf_father.wake", Moment(mode=mode, narrator="no", night="later", gone="no"))
    assert len(later) >= 20 and [t for t in later if not re.search(IF[lang], t)] == []


# the charmed of earlier nights, on the first
BEFORE = {"es": r"alguna noche|alguna vez|o antes|de otra|anteriores", "en": r"any night|before|earlier"}


@pytest.mark.parametrize("lang", ["es", "en"])  # the German had its first night's lines already
@pytest.mark.parametrize("mode", [Mode.ONE_DEVICE, Mode.ROUND_TABLE])
def test_the_charmed_of_the_first_night_have_no_earlier_nights(lang: str, mode: Mode) -> None:
    """Read es A4, 9: "los que el flautista ha tocado en el hombro alguna noche" on night 1."""
    lines = said(lang, "night.charmed.wake", Moment(mode=mode, narrator="no", night="first"))
    assert lines and [t for t in lines if re.search(BEFORE[lang], t)] == []


@pytest.mark.parametrize("lang", ["es", "de", "en"])
@pytest.mark.parametrize("where", ["middle", "last"])
def test_a_turn_round_the_table_after_the_first_night_is_short(lang: str, where: str) -> None:
    """Read de B4, C3.1: a 40-seat game heard each long turn line up to 23 times. After the first night the table
    knows what to do with the device: a turn is short, as a narrator at forty seats would say it (a whole sentence
    of up to six words with the name since read de s46: tests/speech/test_read_de46.py)."""
    lines = said(lang, "round.turn", Moment(mode=Mode.ROUND_TABLE, narrator="no", night="later", position=where))
    assert len(lines) >= 20
    assert [t for t in lines if len(re.findall(r"\w+", t.replace("Kim", ""))) > 5] == []
    first = said(lang, "round.turn", Moment(mode=Mode.ROUND_TABLE, narrator="no", night="first", position=where))
    assert any(len(t.split()) > 5 for t in first)  # the first night still says what to do
