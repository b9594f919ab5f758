"""The German lines in the moments they used to get wrong (issue 35): each test takes the variants the narrator
may pick at that moment (`Lines.fitting`) on the shipped scripts, fills them in as the table hears them, and
checks a property a German table would hear break: a lead-in before the first card, a lone wolf spoken to in the
plural, "findet einander" on night six, a farewell before the idiot's pardon, a woman revealed as "ein
Dorfbewohner", a call that does not say to take the device from the middle, or that does when a person
narrates and holds it."""

from __future__ import annotations

import re

import pytest

from narrator.speech.lines import Lines, RoleName, Seat, Seats
from narrator.speech.moment import Moment
from narrator.speech.picker import Picker
from narrator.speech.scenes import catalogue
from narrator.speech.script import SHIPPED, load
from narrator.ui.web.strings import strings
from tests.narration import own_card

SCRIPT = load(SHIPPED)
CATALOGUE = catalogue()
DE = SCRIPT.scenes["de"]
NAMES = ("Ana", "Ben", "Carla")  # a woman, a man, a player who did not say
GENDERS = ("f", "m", "")
WAKES = sorted(s for s in DE if s.startswith("night.") and s.endswith(".wake"))
# the calls where a role answers on the device (the sisters, brothers, lovers and charmed only look)
ASKED = [s for s in WAKES if s.split(".")[1] not in ("sisters", "brothers", "lovers", "charmed", "little_girl")]
FIRST_NIGHT = ("cupid", "thief", "wild_child", "wolf_dog", "lovers")


def table() -> Lines:
    return Lines(SCRIPT, "de", Picker(1), NAMES, GENDERS)


def said(scene: str, moment: Moment, seat: int = 1, **values: object) -> list[str]:
    """Every line `scene` may say at `moment` of the player in `seat`, as the table hears it."""
    lines = table()
    filled = {"player": Seat(seat), "players": Seats((1, 2)), "minutes": 5, "night": 3, **own_card(scene),
              **values}
    at = lines.moment_of(moment, filled)
    return [lines.render(SCRIPT.variants("de", scene)[i], filled)[0] for i in lines.fitting(scene, at)]


def call(scene: str, **facts: str) -> list[str]:
    """A night call's lines at a moment: the first night for the roles called only then, else a later one."""
    role = scene.split(".")[1]
    night = "first" if role in FIRST_NIGHT else facts.pop("night", "later")
    return said(scene, Moment(pack=facts.pop("pack", "many"), night=night, **facts))


# -- position: the first of a sequence has nothing before it ---------------------------------------------------
LEAD_IN = re.compile(r"^(Und|Weiter|Als Nächstes|Dann|Daneben|Nun|Einen Platz weiter|Bleibt|Zuletzt|Zum Schluss)\b")


@pytest.mark.parametrize("seat", [1, 2, 3])
def test_the_first_card_revealed_comes_with_no_lead_in(seat: int) -> None:
    first = said("end.reveal", Moment(position="first"), seat, role=RoleName("villager", 2))
    assert first and [line for line in first if LEAD_IN.search(line)] == []


def test_the_first_player_of_the_deal_is_handed_nothing_yet() -> None:
    first = said("deal.pass", Moment(mode="one_device", position="first"))
    assert [line for line in first if re.search(r"\bweiter\b|Als Nächstes|Nun zu|\bJetzt\b|Reicht", line)] == []


def test_the_first_turn_round_the_table_takes_the_device_from_the_middle() -> None:
    first = said("round.turn", Moment(mode="round_table", position="first"))
    assert [line for line in first if re.search(r"\bweiter\b|Reicht|Gebt|Als Nächstes|Hier kommt", line)] == []
    assert [line for line in first if "Mitte" in line]


def test_a_later_lap_does_not_start_from_the_middle() -> None:
    # the second lap starts where the first ended: its first turn is a "middle" one, and the last turn of a lap
    # may be followed by another lap, so neither puts the device in the middle
    for where in ("middle", "last"):
        assert [line for line in said("round.turn", Moment(mode="round_table", position=where))
                if "Mitte" in line] == []


# -- count: a lone wolf is one wolf ---------------------------------------------------------------------------
PLURAL_PACK = re.compile(r"\b(Werwölfe|Wölfe|Wölfen|Werwölfen|(?<!Kein )Rudel|öffnet|schließt|schlaft|wählt|einigt|"
                         r"euer|eure|euch|ihr)\b")


@pytest.mark.parametrize("mode", ["one_device", "own_devices"])
@pytest.mark.parametrize("night", ["first", "later"])
def test_a_lone_wolf_is_called_in_the_singular(mode: str, night: str) -> None:
    for scene in ("night.werewolves.wake", "night.werewolves.sleep"):
        lines = said(scene, Moment(mode=mode, night=night, pack="one"))
        assert lines and [line for line in lines if PLURAL_PACK.search(line)] == [], scene


@pytest.mark.parametrize("scene", ["end.wolves.number", "end.wolves.side", "end.wolves.villagers",
                                   "end.wolves.specials", "end.village"])
def test_the_end_of_a_lone_wolf_is_told_in_the_singular(scene: str) -> None:
    lines = said(scene, Moment(pack="one"))
    assert [line for line in lines if re.search(r"\b(Werwölfe|Wölfe|Wölfen|Rudel)\b", line)] == []


@pytest.mark.parametrize("scene", ["night.guard.wake", "night.little_girl.wake", "night.little_girl.sleep",
                                   "night.brothers.wake", "night.brothers.sleep", "day.debate", "day.timer.start",
                                   "day.vote.nobody", "day.vote.tie", "game.welcome", "captain.election"])
def test_lines_said_with_any_deal_do_not_count_the_wolves(scene: str) -> None:
    lines = said(scene, Moment(mode="own_devices", night="later", pack="one"))
    assert [line for line in lines if re.search(r"\b(Werwölfe|Wölfe|Wölfen)\b", line)] == []


def test_the_pack_is_still_called_in_the_plural() -> None:
    # one wolf left of two keeps the plural: the number never tells who is dead
    lines = said("night.werewolves.wake", Moment(mode="one_device", night="later", pack="many"))
    assert lines and all(re.search(r"Werwölfe|Rudel|Wölfe", line) for line in lines)


# -- night: the first night's meeting only on the first night ---------------------------------------------------
MEETING = re.compile(r"findet einander|erkennt einander|seht, wer (mit euch jagt|eure Schwester ist)|"
                     r"Ihr seid Brüder|zum ersten Mal|wer zu euch gehört|Das ist euer Rudel", re.IGNORECASE)


@pytest.mark.parametrize("scene", ["night.werewolves.wake", "night.sisters.wake", "night.brothers.wake"])
def test_later_nights_do_not_meet_again(scene: str) -> None:
    for mode in ("one_device", "own_devices"):
        lines = said(scene, Moment(mode=mode, night="later", pack="many"))
        assert lines and [line for line in lines if MEETING.search(line)] == []


@pytest.mark.parametrize("scene", ["night.sisters.wake", "night.brothers.wake"])
def test_the_first_night_meets(scene: str) -> None:
    lines = said(scene, Moment(mode="one_device", night="first", pack="many"))
    assert lines and all(re.search(r"einander|eure Schwester|Brüder sind|Ihr seid Brüder|Familie|wer es noch|"
                                   r"dazugehört|findet|Findet|kennt einander|euch", line) for line in lines)


# -- what was just said ---------------------------------------------------------------------------------------
def test_the_hunter_is_not_told_his_card_right_after_it_was_shown() -> None:
    for seat in (1, 2, 3):
        lines = said("hunter.wake", Moment(revealed="yes"), seat)
        assert lines and [line for line in lines if re.search(r"Jäger", line)] == []


def test_the_hunter_whose_card_nobody_saw_is_named_as_a_hunter_who_agrees() -> None:
    woman = said("hunter.wake", Moment(revealed="no"), 1)
    assert [line for line in woman if re.search(r"du warst der Jäger|als Jäger\b|Der Jäger (stirbt|fällt)", line)] == []
    assert [line for line in woman if "Jägerin" in line]


def test_a_pardoned_idiot_hears_no_farewell_first() -> None:
    farewell = re.compile(r"Leb wohl|muss gehen|musst gehen|verlassen|verbannt|verstoßen|\bfort\b|vorbei|abgelaufen|"
                          r"will dich nicht mehr", re.IGNORECASE)
    lines = said("day.vote.out", Moment(spared="yes"))
    assert lines and [line for line in lines if farewell.search(line)] == []


def test_a_death_of_grief_says_it_was_grief() -> None:
    lines = said("death.also", Moment(cause="grief"))
    assert lines and all(re.search(r"Kummer|Liebe|Herz|Trauer|Amor|Schmerz|Verlust", line) for line in lines)
    other = said("death.also", Moment(cause="other"))
    assert [line for line in other if re.search(r"Kummer|Liebe|Herz", line)] == []


@pytest.mark.parametrize("scene", ["end.village", "end.wolves.number", "end.wolves.side", "end.wolves.villagers",
                                   "end.wolves.specials", "end.lovers", "end.angel", "end.all_charmed",
                                   "end.white_werewolf", "end.draw", "end.mutual_vote"])
def test_no_winner_line_tells_the_whole_table_it_won(scene: str) -> None:
    for pack in ("one", "many"):
        lines = said(scene, Moment(pack=pack))
        assert [line for line in lines if re.search(r"gehört euch|ihr habt (es geschafft|gewonnen)|ihr gewinnt|"
                                                    r"Ihr zwei habt", line, re.IGNORECASE)] == []


# -- the way to play -------------------------------------------------------------------------------------------
def test_round_the_table_nobody_is_said_to_close_their_eyes_today_or_to_wake_up() -> None:
    start = said("round.start", Moment(mode="round_table", night="later"), night=3)
    assert [line for line in start if re.search(r"\bHeute\b|schläft|schlaft", line)] == []
    quiet = said("dawn.quiet", Moment(mode="round_table"))
    assert [line for line in quiet if re.search(r"eingeschlafen|aufgewacht", line)] == []


def test_with_one_device_every_call_says_to_take_the_device() -> None:
    missing = [(scene, line) for scene in ASKED for line in call(scene, mode="one_device")
               if "Gerät" not in line]
    assert missing == []


MIDDLE = re.compile(r"aus der Mitte|(Gerät|liegt|wartet) in der Mitte|(Gerät|es) in die Mitte|zurück in die Mitte")


def test_own_phones_never_send_anyone_to_the_middle() -> None:
    wrong = [(scene, line) for scene in WAKES if "own_devices" in CATALOGUE[scene].modes
             for line in call(scene, mode="own_devices")
             if MIDDLE.search(line)]
    assert wrong == []


def test_the_lovers_and_the_charmed_are_told_how_they_know() -> None:
    for scene in ("night.lovers.wake", "night.charmed.wake"):
        middle = call(scene, mode="one_device")
        assert middle and all(re.search(r"Schulter|angetippt|berührt|Berührung|Hand", line) for line in middle), scene
        phones = call(scene, mode="own_devices")
        assert phones and all("Handy" in line for line in phones), scene
    touched = call("night.cupid.sleep", mode="one_device") + call("night.pied_piper.sleep", mode="one_device")
    assert all(re.search(r"Schulter|[Tt]ippe|Berührung", line) for line in touched)


@pytest.mark.parametrize("scene", ["night.lovers.wake", "night.charmed.wake"])
def test_own_phones_are_read_after_the_eyes_open(scene: str) -> None:
    # eyes still shut cannot read a phone: the line opens them before it sends anyone to the screen
    lines = call(scene, mode="own_devices")
    opened = re.compile(r"[Öö]ffnen?t?\b|Augen auf|schlagt die Augen")
    early = [line for line in lines if (eyes := opened.search(line)) is None or line.index("Handy") < eyes.start()]
    assert lines and early == []


def test_the_little_girl_does_not_peek_at_wolves_that_are_not_awake_yet() -> None:
    lines = call("night.little_girl.wake", mode="own_devices")
    assert lines and [line for line in lines if re.search(r"Wölfe|Wölfen", line)] == []
    assert all(re.search(r"Finger|gedrückt|drückst", line) for line in lines)


# -- a person narrates a classic table on one device (narrator: yes): the called role points, the narrator taps ---
CLASSIC_CALLS = ("night.guard.wake", "night.werewolves.wake", "night.witch.wake", "night.seer.wake")
HANDLES_THE_DEVICE = re.compile(r"Gerät|Handy|Bildschirm|\bMitte\b|\b[Tt]ipp")
# the role's own gesture, not the narrator showing her something ("die Spielleitung zeigt dir ...")
POINTS = re.compile(r"\b([Zz]eig|[Zz]eigt|zeigst|zeigen|[Dd]eute|[Dd]eutet|deutest)\b(?! dir)|[Ff]inger|Hand nach")


@pytest.mark.parametrize("scene", CLASSIC_CALLS)
@pytest.mark.parametrize("night", ["first", "later"])
@pytest.mark.parametrize("pack", ["one", "many"])
def test_a_narrated_call_asks_the_role_to_point_and_never_to_take_the_device(scene: str, night: str,
                                                                           pack: str) -> None:
    lines = call(scene, mode="one_device", narrator="yes", night=night, pack=pack)
    assert lines and [line for line in lines if HANDLES_THE_DEVICE.search(line)] == []
    if not (scene == "night.witch.wake" and night == "later"):  # later nights the witch knows how: a short call
        assert [line for line in lines if not POINTS.search(line)] == []
    if scene == "night.werewolves.wake" and pack == "one":
        assert [line for line in lines if PLURAL_PACK.search(line)] == []


def test_the_narrated_witch_and_seer_hear_what_the_narrator_answers() -> None:
    witch = call("night.witch.wake", mode="one_device", narrator="yes")
    assert [line for line in witch if not (re.search(r"[Hh]eil|[Rr]ett|Leben", line) and
                                           re.search(r"[Gg]ift|[Vv]ergift|Tod|tötet", line))] == []
    seer = call("night.seer.wake", mode="one_device", narrator="yes")
    assert len([line for line in seer if re.search(r"Spielleitung|Daumen|Antwort", line)]) > len(seer) / 2


def test_the_narrated_witch_is_told_she_is_shown_the_victim_while_she_can_heal() -> None:
    # RULES: shown the victim while the heal lasts, nothing after; a line that never says it leaves her guessing
    # (said on the first night: later nights call her short)
    witch = call("night.witch.wake", mode="one_device", narrator="yes", night="first")
    shown = re.compile(r"Spielleitung( zeigt dir)? (das|ein) Opfer|Spielleitung, wen es getroffen hat")
    condition = re.compile(r"Angriff|jemanden getroffen|\b(wenn|falls) es eines gibt|"
                           r"Zeigt dir die Spielleitung")
    assert witch and [line for line in witch if not (shown.search(line) and condition.search(line))] == []
    # read de B5, 14: on the first night she still has the heal; only the attack is uncertain
    assert [line for line in witch if re.search(r"heilen kannst|Heiltrank (noch|reicht)|noch (den )?Heiltrank|"
                                                r"noch heilen", line)] == []


def test_a_narrated_deal_starts_from_the_narrator_and_gives_the_device_back() -> None:
    lines = said("deal.done", Moment(mode="one_device", narrator="yes"))
    assert lines and [line for line in lines if "Mitte" in line] == []
    assert [line for line in lines if not re.search(r"Spielleitung|das Spiel leitet", line)] == []
    first = said("deal.pass", Moment(mode="one_device", narrator="yes", position="first"))
    assert first and [line for line in first if not re.search(r"Spielleitung|das Spiel leitet", line)] == []


@pytest.mark.parametrize("narrator", ["no", "yes"])
def test_the_first_deal_line_does_not_end_like_a_later_one(narrator: str) -> None:
    # the first player's line and the next players' lines are heard in the same minute
    def body(line: str) -> str:
        return re.split(r"(?<=[.:;!?]) ", line)[-1].lower()
    first = said("deal.pass", Moment(mode="one_device", narrator=narrator, position="first"))
    later = {body(line) for line in said("deal.pass", Moment(mode="one_device", narrator=narrator, position="middle"))}
    assert first and [line for line in first if body(line) in later] == []


def test_the_screens_of_a_narrated_deal_do_not_put_the_device_in_the_middle() -> None:
    # the narrator reads them holding the device: the deal's last screen and the way to play chosen at setup
    screen = strings("de")
    assert [k for k in ("deal.narrator", "setup.mode.one_device") if "Mitte" in screen[k]] == []


# -- the task, and its number ----------------------------------------------------------------------------------
def test_every_call_opens_the_eyes() -> None:
    eyes = re.compile(r"Augen auf|öffne|wach auf|wacht auf|die Augen auf", re.IGNORECASE)
    closed = [(scene, line) for scene in WAKES for mode in ("one_device", "own_devices")
              for line in call(scene, mode=mode) if not eyes.search(line)]
    assert closed == []


@pytest.mark.parametrize("scene", ["night.cupid.wake", "night.pied_piper.wake"])
def test_cupid_and_the_piper_are_told_to_choose_two(scene: str) -> None:
    for mode in ("one_device", "own_devices"):
        lines = call(scene, mode=mode)
        assert lines and [line for line in lines
                          if not re.search(r"\bzwei\b|\bbeiden\b|Liebespaar", line, re.IGNORECASE)] == []


def test_the_witch_hears_her_two_potions() -> None:
    for mode in ("one_device", "own_devices"):
        lines = call("night.witch.wake", mode=mode)
        poison = r"[Gg]ift|[Vv]ergift|Tod|tötet|nimmst du eines|eines nehmen"
        assert [line for line in lines if not (re.search(r"[Hh]eil|[Rr]ett|Leben", line) and
                                               re.search(poison, line))] == []


def test_no_call_points_at_a_player_it_taps() -> None:
    assert [line for scene in WAKES for mode in ("one_device", "own_devices") for line in call(scene, mode=mode)
            if re.search(r"\b[Zz]eig auf\b", line)] == []


def test_calls_do_not_all_open_the_same_way() -> None:
    opening = re.compile(r"^\w[\w ]*, (öffne|öffnet) (leise )?die Augen")
    lines = [line for scene in WAKES for line in call(scene, mode="one_device")]
    assert sum(1 for line in lines if opening.search(line)) < len(lines) / 3


# -- each player's own grammar ---------------------------------------------------------------------------------
# Ana said as a man would be; Carla, whose gender is not known, said as what she was (not her card's)
CARD_OF = r"(?<!von )(?<!gehört )(?<![Bb]ei )(?<!hatte )"
IDENTITY = {1: re.compile(CARD_OF + r"\bAna( war | ist |\? |: )([Ee]in|[Dd]er|[Ee]inen|[Dd]en)\b"),
            3: re.compile(CARD_OF + r"\bCarla( war | ist |\? |: )")}


@pytest.mark.parametrize(("scene", "position"), [("end.reveal", "first"), ("end.reveal", "middle"),
                                                 ("end.reveal", "last"), ("day.vote.reveal", None)])
def test_a_card_revealed_agrees_with_its_player_or_speaks_of_the_card(scene: str, position: str | None) -> None:
    for role, copies in (("villager", 2), ("werewolf", 3), ("hunter", 1), ("seer", 1), ("guard", 1)):
        for seat, wrong in IDENTITY.items():
            lines = said(scene, Moment(position=position), seat, role=RoleName(role, copies))
            assert lines and [line for line in lines if wrong.search(line)] == [], (role, seat)
    woman = said(scene, Moment(position=position), 1, role=RoleName("villager", 2))
    assert [line for line in woman if "eine Dorfbewohnerin" in line]
    man = said(scene, Moment(position=position), 2, role=RoleName("seer", 1))
    assert [line for line in man if "der Seher" in line]


def test_the_idiot_pardoned_agrees_with_the_player() -> None:
    woman = said("village_idiot.pardoned", Moment(), 1, role=RoleName("village_idiot", 1))
    assert [line for line in woman if re.search(r"Ana (ist|entpuppt sich als) (der|den) Dorfnarr", line)] == []
    assert [line for line in woman if "Dorfnärrin" in line]


def test_lines_about_a_hunter_or_a_condemned_do_not_assume_a_man() -> None:
    shots = [line for scene in ("hunter.shot", "hunter.no_shot") for line in said(scene, Moment(), 2)]
    assert [line for line in shots if re.search(r"\bDer Jäger\b|\bdes Jägers\b", line)] == []
    took = said("servant.took", Moment())
    assert [line for line in took if re.search(r"\bder Verurteilte\b|\bdes Verurteilten\b", line)] == []


def test_every_role_says_what_a_woman_or_a_man_held_it_as() -> None:
    forms = {("villager", "a.f"): "eine Dorfbewohnerin", ("werewolf", "a.f"): "eine Werwölfin",
             ("seer", "the.m"): "der Seher", ("hunter", "the.f"): "die Jägerin",
             ("guard", "the.f"): "die Leibwächterin", ("elder", "the.f"): "die Älteste",
             ("village_idiot", "the.f"): "die Dorfnärrin"}
    assert {key: SCRIPT.form("de", f"roles.{key[0]}", key[1]) for key in forms} == forms


# -- names the product text gives, and the end's stories -------------------------------------------------------
def test_the_roles_have_the_product_texts_names() -> None:
    assert SCRIPT.form("de", "roles.elder", "the") == "der Älteste"
    assert SCRIPT.form("de", "roles.little_girl", "the") == "das Mädchen"
    old = re.compile(r"Dorfältest|[Kk]leine[s]? Mädchen")
    assert [v.text for s in DE.values() for v in s.variants if old.search(v.text)] == []
    screen = strings("de")
    assert [k for k, v in screen.items() if old.search(v)] == []


STORY = {"end.story.lovers": r"[Ll]iebe|[Vv]erliebt|Amor|Paar|Herz|verbunden|Hand in Hand",
         "end.story.infected": r"Urwolf|infiziert|Biss",
         "end.story.charmed": r"Flöte|[Vv]erzauber|Zauber|Melodie", "end.story.wild_child": r"Vorbild|Findelkind|Kind",
         "end.story.wolf_dog": r"Rudel|Wölfe|Wolf|Wald"}


@pytest.mark.parametrize("scene", sorted(STORY))
def test_the_end_tells_what_the_cards_do_not_show(scene: str) -> None:
    lines = said(scene, Moment(), 1, players=Seats((1, 2)))
    assert len(lines) >= 20 and all("Ana" in line and re.search(STORY[scene], line) for line in lines)
    # agrees with nobody: no pronoun or ending chosen for the player
    assert [line for line in lines if re.search(r"Ana (hatte|verlor) (sein|seine|ihr|ihre)\b|als Grenzgänger\b|"
                                                r"Der Grenzgänger Ana|Das Findelkind Ana", line)] == []


# -- screens ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("won", ["yes", "no"])
def test_the_lovers_story_fits_after_an_end_that_already_told_it(won: str) -> None:
    # after the lovers' win or a death of grief the whole table knows the pair: no "you did not know yet"
    lines = said("end.story.lovers", Moment(won=won))
    told = re.compile(r"Geheimnis|wusstet ihr|nicht wissen|keiner ahnte|niemand wusste")
    assert lines and [line for line in lines if told.search(line)] == []


def test_the_screens_name_each_ruleset_side_and_way_to_play_once_and_agree_with_nobody() -> None:
    screen = strings("de")
    texts = list(screen.values())
    assert not [t for t in texts if "erweiterten Regeln" in t]  # the 28-role rules have one name
    assert screen["history.side.solo"] == screen["setup.side.solo"].split(":")[0] == "Einzelgänger"
    assert screen["setup.mode.own_devices"] == "Jeder sein Gerät"
    assert "reihum" in screen["setup.mode.round_table"]
    assert screen["deal.start"] != "Ich bin der Erzähler"  # a woman narrates too
    assert "als Grenzgänger" not in screen["log.side"] and "als Dorfnarr" not in screen["log.pardon"]
    assert "weiter" not in screen["deal.pass"]  # the first player is handed the device, not passed it on


def test_a_piper_alone_has_nobody_left_to_dance() -> None:
    alone = said("end.all_charmed", Moment(alone="yes"))
    assert len(alone) >= 20 and [line for line in alone if re.search(r"[Aa]lle anderen (Lebenden|, die)|tanzt nach|"
                                                                      r"folg(en|t) der Flöte|[Ii]hr habt", line)] == []


# -- the native read after the new facts (read_de.md) ----------------------------------------------------------
SOME_COUNTS = re.compile(r"[Ee]inig|\balle\b|[Gg]emeinsam|einander|Rudel|[Ee]iner von euch|[Ee]iner (nimmt|holt|tippt)|"
                         r"\b[Jj]eder\b|mit euch jagt")
END_COUNTS = re.compile(r"Rudel|[Aa]lle (Wölfe|Werwölfe)|[Vv]on den Wölfen ist keiner|so viele wie|zu zahlreich|"
                        r"[Zz]u viele Wölfe")


@pytest.mark.parametrize(("mode", "narrator"), [("one_device", "no"), ("round_table", "no"), ("own_devices", "no"),
                                                ("one_device", "yes")])
@pytest.mark.parametrize("night", ["first", "later"])
def test_a_pack_the_table_cannot_count_is_never_counted(mode: str, narrator: str, night: str) -> None:
    # pack: some: one wolf card or none left, but a card that can join the pack was dealt
    at = Moment(mode=mode, narrator=narrator, night=night, pack="some")
    for scene in ("night.werewolves.wake", "night.werewolves.sleep"):
        lines = said(scene, at)
        assert len(lines) >= 20 and [line for line in lines if SOME_COUNTS.search(line)] == [], scene
    for scene in ("end.village", "end.wolves.number", "end.wolves.side", "end.wolves.villagers", "end.wolves.specials"):
        lines = said(scene, Moment(pack="some"))
        assert len(lines) >= 20 and [line for line in lines if END_COUNTS.search(line)] == [], scene


HURRY = re.compile(r"Fast geschafft|zum Ende zu kommen|knapp|Nur noch einen Moment|zügig|Zeit (ist )?um|"
                   r"[Nn]icht mehr lange|Die Zeit läuft|rückt näher|eilt|\b[Bb]ald\b|[Ee]ntscheiden, bitte|Sekunden")
CHOICE = re.compile(r"[Ww]ahl|[Ww]ähl|[Ee]ntscheid|festzulegen")


@pytest.mark.parametrize("task", ["yes", "no"])
def test_a_steps_first_reminder_does_not_hurry_nor_does_a_recognitions(task: str) -> None:
    first = said("night.reminder", Moment(again="no", task=task))
    assert len(first) >= 20 and [line for line in first if HURRY.search(line)] == []
    hurried = [line for line in said("night.reminder", Moment(again="yes", task=task)) if HURRY.search(line)]
    assert bool(hurried) == (task == "yes")  # a recognition (the lovers only look) is never hurried


@pytest.mark.parametrize("again", ["yes", "no"])
def test_a_recognition_is_never_reminded_of_a_choice_and_a_choice_may_be(again: str) -> None:
    looking = said("night.reminder", Moment(again=again, task="no"))
    assert len(looking) >= 20 and [line for line in looking if CHOICE.search(line)] == []
    assert [line for line in said("night.reminder", Moment(again=again, task="yes")) if CHOICE.search(line)]


GONE = sorted(s for s, spec in CATALOGUE.items() if "gone" in spec.facts and "later" in spec.nights)
TASK = re.compile(r"[Ww]ähl|[Tt]ipp|Gerät|Handy|Bildschirm|\b[Zz]eig|[Dd]eut|\?|Opfer|[Hh]eil|[Gg]ift|[Ss]chütz|"
                  r"infizier|\bSpieler\b|[Vv]erzauber|[Ss]chick|[Aa]n wessen|[Ff]inger|[Kk]ann|darfst du|"
                  r"[Rr]eiß|verrat|morgen")


@pytest.mark.parametrize("scene", GONE)
def test_a_card_said_of_the_dead_is_called_without_a_task(scene: str) -> None:
    spec = CATALOGUE[scene]
    for mode in spec.modes:
        for narrator in spec.narrated:
            at = Moment(mode=mode, narrator=narrator, night="later", pack="many", gone="yes")
            if mode != "one_device" and narrator == "yes":
                continue
            lines = said(scene, at)
            assert len(lines) >= 20 and [line for line in lines if TASK.search(line)] == [], (mode, narrator)


def test_the_next_game_of_an_evening_is_not_welcomed_as_the_first() -> None:
    later = said("game.welcome", Moment(game="later"))
    opening = re.compile(r"Guten Abend|[Ww]illkommen(?! zurück)|Schön, dass ihr da seid|Da seid ihr ja|[Hh]eute Abend|"
                         r"Nehmt Platz|Setzt euch|Rückt zusammen|Macht es euch bequem")
    assert len(later) >= 20 and [line for line in later if opening.search(line)] == []
    assert all(re.search(r"[Nn]eu|[Nn]och (eine|einmal)|[Ww]ieder|Revanche|[Ww]eiter|nächste|[Zz]urück", line)
               for line in later)


@pytest.mark.parametrize("share", ["few", "many"])
@pytest.mark.parametrize("won", ["yes", "no"])
def test_the_charmed_are_named_last_and_a_lost_piper_is_not_praised(won: str, share: str) -> None:
    lines = said("end.story.charmed", Moment(won=won, share=share), players=Seats((1, 2, 3)))
    assert len(lines) >= 20 and [line for line in lines if not re.search(r"Carla[.?!]$", line)] == []
    if won == "no":
        assert [line for line in lines if re.search(r"gut gespielt|[Ss]ieg für|hatte gesiegt", line)] == []


def test_later_nights_round_the_table_do_not_explain_the_open_eyes_again() -> None:
    for two in ("yes", "no"):  # two players left, or more (the game always says which)
        later = said("round.start", Moment(mode="round_table", night="later", two=two))
        assert len(later) >= 20 and [line for line in later if re.search(r"Augen|wach", line)] == []
    first = said("round.start", Moment(mode="round_table", night="first", two="no"))
    assert [line for line in first if "Augen" in line]


def test_the_end_of_a_mutual_vote_gives_only_the_result() -> None:
    told = re.compile(r"gegenseitig|einander|[Bb]eiden|[Dd]uell|Stimme|verurteilt|gerichtet|\b[Zz]wei\b")
    assert [line for line in said("end.mutual_vote", Moment()) if told.search(line)] == []


def test_the_first_night_charmed_hear_of_nobody_charmed_before() -> None:
    first = said("night.charmed.wake", Moment(mode="one_device", night="first"))
    earlier = re.compile(r"früher|schon|\balte\b|länger|heute oder")
    assert len(first) >= 8 and [line for line in first if earlier.search(line)] == []


def test_every_wild_child_call_gives_its_task() -> None:
    task = re.compile(r"[Ww]ähl|[Tt]ipp|[Ss]uch dir|[Ww]em willst|[Ww]er soll|[Ww]er wird|[Zz]u wem|[Ww]em folgst|"
                      r"[Uu]nter wessen")
    for mode in ("one_device", "own_devices"):
        lines = said("night.wild_child.wake", Moment(mode=mode, night="first"))
        assert [line for line in lines if not task.search(line)] == [], mode


@pytest.mark.parametrize("card", ["fox", "wolf_father", "big_bad_wolf", "white_werewolf"])
def test_a_card_named_for_an_animal_is_not_made_a_woman(card: str) -> None:
    assert [form for form in ("a.f", "the.f") if SCRIPT.form("de", f"roles.{card}", form)] == []
    revealed = said("end.reveal", Moment(position="middle"), 1, role=RoleName(card))
    assert revealed and [line for line in revealed if re.search(r"Füchsin|[Ww]ölfin", line)] == []


@pytest.mark.parametrize("position", ["middle", "last"])
@pytest.mark.parametrize("seat", [1, 2])
def test_a_full_sentence_after_a_colon_starts_with_a_capital(position: str, seat: int) -> None:
    revealed = said("end.reveal", Moment(position=position), seat, role=RoleName("werewolf"))
    assert revealed and [line for line in revealed if re.search(r": (sie|er|es) [a-zäöü]", line)] == []


def test_small_lines_that_sounded_wrong_in_context() -> None:
    assert [line for line in said("round.done", Moment(mode="round_table")) if re.search(r"\bder Letzte\b", line)] == []
    assert [line for line in said("dawn.dog.growl", Moment()) if re.search(r"weckt|Heute Morgen", line)] == []
    assert [line for line in said("end.village", Moment(pack="many")) if "Heute Nacht" in line] == []
    # round.start is said from the second night on: on the second, "wie jede Nacht" claims a habit of one night
    later = said("round.start", Moment(mode="round_table", night="later"))
    assert later and [line for line in later if "jede Nacht" in line] == []
    deal = said("deal.pass", Moment(mode="one_device", position="middle"))
    assert [line for line in deal if "Rolle wartet" in line] == []
    screen = strings("de")
    assert "Hört" not in screen["night.waiting"] and "Hört" not in screen["listen.day"]


def test_the_listening_screens_address_nobody() -> None:
    """German read B (O6): on the device in the middle "Augen auf. Hör auf den Erzähler." (du) stood beside "Wartet,
    bis ihr aufgerufen werdet." (ihr); the same screens are read on the table's device and on one player's phone, so
    they address nobody."""
    screen = strings("de")
    for key in ("night.waiting", "listen.day", "listen.deal"):
        assert not re.search(r"\b(Hör|Hört|Wartet|Warte|du|dich|dir|ihr|euch)\b", screen[key]), (key, screen[key])


def test_a_reminder_never_brings_the_dawn_in_the_middle_of_the_night() -> None:
    """Eine Erinnerung kommt bei jedem Schritt, auch beim dritten von zehn: "Bald graut der Morgen" ist zu früh."""
    assert [v.text for v in DE["night.reminder"].variants
            if re.search(r"graut|Morgen rückt|Hahn|verblassen|Mond steht schon tief", v.text)] == []


def test_amor_im_eigenen_paar_ist_keine_dritte_person() -> None:
    """Amor hat sich selbst gewählt (own: yes): "Amor hatte Ana und Ben verkuppelt" macht Amor zu jemand anderem."""
    own = said("end.story.lovers", Moment(own="yes"))
    assert len(own) >= 20 and all("Amor" in line for line in own)
    assert [t for t in own if re.search(r"Amor hatte|Amors Wahl fiel|Amors Pfeile hatten", t)] == []
