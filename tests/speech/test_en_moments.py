"""The English lines in the moments they are said (issue 35): each test takes the variants that fit a moment that
used to go wrong (the first card revealed, a lone wolf, a later night, a card just revealed, a way of playing, ...),
renders them as the table hears them, and checks what a native table must or must not hear. Each fails on the
English scripts as they were before this issue (but the one that says no winner line tells everyone "you won":
the English lines never did)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from narrator.speech.lines import Lines, RoleName, Seat, Seats
from narrator.speech.lint import lint_paths
from narrator.speech.moment import Moment, contexts
from narrator.speech.picker import Picker
from narrator.speech.scenes import catalogue
from narrator.speech.script import SHIPPED, load
from narrator.ui.web.strings import strings

from ..narration import answers, captions, narrate, own_card

SCRIPT = load(SHIPPED)
EN = SCRIPT.scenes["en"]
LINES = Lines(SCRIPT, "en", Picker(0), ("Ana", "Ben", "Carla"), ("f", "m", ""))
SPECS = catalogue()
# the night steps someone answers on a device (sisters, brothers, lovers and the charmed only open their eyes)
ASKED = ("thief", "wolf_dog", "wild_child", "cupid", "guard", "raven", "werewolves", "wolf_father", "big_bad_wolf",
         "white_werewolf", "seer", "fox", "dog_handler", "witch", "pied_piper")
VALUES = {"player": Seat(1), "players": Seats((1, 2)), "role": RoleName("hunter"), "night": 2, "minutes": 5}


def said(scene: str, moment: Moment) -> list[str]:
    """Every variant of `scene` the narrator may pick at `moment`, filled in as the table hears it."""
    variants = EN[scene].variants
    values = {**VALUES, **own_card(scene)}
    return [LINES.render(variants[i].text, values)[0] for i in LINES.fitting(scene, moment)]


def moments(scene: str, **fixed: str) -> Iterator[Moment]:
    """The moments `scene` is said in (its ways of playing, whether a person narrates, its nights, a lone wolf or
    a pack), with the `fixed` facts."""
    spec = SPECS[scene]
    for moment in contexts(("mode", "narrator", "night", "pack"), spec.domains()):
        if all(moment.fact(k) in (v, None) for k, v in fixed.items()):
            yield moment.but(**fixed)


def heard(scene: str, **fixed: str) -> list[str]:
    return [line for moment in moments(scene, **fixed) for line in said(scene, moment)]


def matching(lines: list[str], pattern: str) -> list[str]:
    return [line for line in lines if re.search(pattern, line, re.IGNORECASE)]


def missing(lines: list[str], pattern: str) -> list[str]:
    return [line for line in lines if not re.search(pattern, line, re.IGNORECASE)]


# -- position: the first of a sequence is said as the first -----------------------------------------------------

LEAD_IN = r"^(and|next|then|on to|as for|finally|last|over to)\b|^now,? ana\b"
HANDED_ON = r"\b(goes to|moves on|pass (it|the device)|hand the device|over to|next|here it comes|and now|now)\b"


def test_the_first_card_revealed_comes_without_a_lead_in() -> None:
    # it follows the winner's line: "And Ana was a werewolf" answers nothing
    assert matching(heard("end.reveal", position="first"), LEAD_IN) == []


def test_the_first_player_of_the_deal_is_handed_nothing() -> None:
    lines = heard("deal.pass", position="first")
    assert lines and matching(lines, HANDED_ON) == []


def test_the_last_player_of_the_deal_puts_the_device_in_the_middle() -> None:
    assert missing(heard("deal.pass", position="last", narrator="no"), r"\bmiddle\b") == []


def test_the_first_turn_of_a_night_round_the_table_takes_the_device_from_the_middle() -> None:
    lines = heard("round.turn", position="first")
    assert lines and matching(lines, HANDED_ON) == []


# -- count: a lone wolf ----------------------------------------------------------------------------------------

PLURAL_PACK = r"\bwerewolves\b|\bwolves\b|each other|one of you|together|all of you|your phones|your picks|\bpack\b"


@pytest.mark.parametrize("scene", ["night.werewolves.wake", "night.werewolves.sleep"])
def test_a_lone_wolf_is_spoken_to_in_the_singular(scene: str) -> None:
    lines = heard(scene, pack="one")
    assert lines and matching(lines, r"\bwerewolves\b|each other|one of you|together|all of you|your phones") == []


@pytest.mark.parametrize("scene", ["end.wolves.number", "end.wolves.villagers", "end.wolves.specials"])
def test_a_lone_wolf_wins_in_the_singular(scene: str) -> None:
    assert matching(heard(scene, pack="one"), PLURAL_PACK) == []


def test_lines_any_deal_hears_do_not_count_the_wolves() -> None:
    # a game with one wolf card hears these too: "the wolves are listening" counts them
    scenes = ("game.welcome", "day.debate", "day.vote.start", "day.vote.nobody", "day.timer.start", "end.village",
              "end.draw", "captain.election", "night.guard.wake", "night.little_girl.wake")
    assert [line for scene in scenes for line in heard(scene, pack="one")
            if re.search(r"\b(the )?wolves (are|have)\b|\bthe wolves\b|every wolf|every werewolf", line,
                         re.IGNORECASE)] == []


# -- night: the first night's lines only on the first night ----------------------------------------------------

MEETING = r"find (each other|one another|your pack)|recogni[sz]e|meet your|first time|learn each other|" \
          r"this is your pack|who hunts beside you|who your sister is|your family is"


@pytest.mark.parametrize("scene", ["night.werewolves.wake", "night.sisters.wake", "night.brothers.wake"])
def test_nobody_meets_again_on_a_later_night(scene: str) -> None:
    fixed = {"pack": "many"} if scene == "night.werewolves.wake" else {}
    assert matching(heard(scene, night="later", **fixed), MEETING) == []


def test_the_pack_sees_itself_on_the_first_night() -> None:
    assert missing(heard("night.werewolves.wake", night="first", pack="many"), MEETING + r"|look at each other") == []


# -- what was just said ----------------------------------------------------------------------------------------

def test_the_hunter_is_not_told_the_card_just_revealed() -> None:
    assert matching(heard("hunter.wake", revealed="yes"), r"\bhunter") == []


def test_a_hunter_whose_card_was_not_said_is_named_the_hunter() -> None:
    # at dawn (and after a classic verdict) nobody knows yet why this player may shoot
    assert missing(heard("hunter.wake", revealed="no"), r"\bhunter") == []


def test_a_spared_verdict_says_no_farewell() -> None:
    # the village idiot is pardoned in the very next line
    farewell = r"\b(leave|out|expelled|banished|go|away|farewell|goodbye|cast|gone|must)\b"
    lines = heard("day.vote.out", spared="yes")
    assert lines and matching(lines, farewell) == []


def test_a_revealed_card_is_not_followed_by_a_question() -> None:
    assert matching(heard("day.vote.reveal"), r"\?$") == []


def test_no_winner_line_tells_everyone_they_won() -> None:
    banners = [s for s in EN if s.startswith("end.") and not s.startswith(("end.reveal", "end.story"))]
    assert [line for s in banners for line in heard(s)
            if re.search(r"\byou('ve| have)? (won|win)\b|congratulations", line, re.IGNORECASE)] == []


def test_a_piper_left_alone_charms_nobody() -> None:
    # the pied piper wins as the last one alive: nobody is left to dance to the flute
    lines = heard("end.all_charmed", alone="yes")
    assert lines and matching(lines, r"spellbound|charmed|under the spell|follows? the|dances? to|whole village") == []


def test_grief_is_said_to_be_grief() -> None:
    lines = heard("death.also", cause="grief")
    assert missing(lines, r"grief|broken heart|broken-hearted|heartbroken|lost love") == []
    assert matching(heard("death.also", cause="other"), r"grief|heart") == []


def test_a_card_shown_at_the_end_is_not_said_to_have_been_held_all_along() -> None:
    # a thief's swap, a servant's take: the card shown is not always the one dealt
    assert matching(heard("end.reveal") + heard("day.vote.reveal"), r"all along|from the start") == []


def test_the_deal_does_not_say_every_card_was_seen() -> None:
    # with a thief two cards stay face down
    assert matching(heard("deal.done"), r"all cards|every card|last card") == []


CLAIMS = r"choice is made|decision is made|work is done|arrows have flown|found their mark|hearts are bound|" \
         r"in place|has its orders|watch is set|made your choice|tune is played|spell is cast|seen enough|" \
         r"what you saw|what you smelled|plan is made|deed is done|is chosen|die is cast|has chosen"


def test_no_sleep_line_says_the_role_did_anything() -> None:
    # a step is heard the same when its role is dead, holds no card or passes
    sleeps = [s for s in EN if s.startswith("night.") and s.endswith(".sleep")]
    assert [line for s in sleeps for line in heard(s) if re.search(CLAIMS, line, re.IGNORECASE)] == []


# -- the way to play -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("step", ASKED)
def test_one_device_wake_lines_hand_the_device_to_the_called_role(step: str) -> None:
    lines = heard(f"night.{step}.wake", mode="one_device", narrator="no")
    assert lines and missing(lines, r"\bdevice\b") == []


@pytest.mark.parametrize("step", ASKED)
def test_own_phone_wake_lines_do_not_send_anyone_to_the_middle(step: str) -> None:
    assert matching(heard(f"night.{step}.wake", mode="own_devices"), r"\bdevice\b|from the middle|put it back") == []


# a person narrating the classic rules on one device keeps the phone: the called role points, the narrator taps
CLASSIC_CALLS = ("guard", "werewolves", "witch", "seer")
TO_THE_DEVICE = r"\bdevice\b|\bphones?\b|\bmiddle\b|\btake it\b|put it (back|down)|\btaps?\b|\breach for\b"


@pytest.mark.parametrize("step", CLASSIC_CALLS)
def test_a_narrated_call_asks_the_role_to_point_not_to_take_the_device(step: str) -> None:
    # later nights the witch knows how to answer: her call is short
    lines = heard(f"night.{step}.wake", narrator="yes", **({"night": "first"} if step == "witch" else {}))
    assert lines and matching(lines, TO_THE_DEVICE) == []
    assert missing(lines, r"\bpoint") == []


def test_a_narrated_lone_wolf_points_alone() -> None:
    lines = heard("night.werewolves.wake", narrator="yes", pack="one")
    assert lines and matching(lines, TO_THE_DEVICE + r"|\bheads\b|together|all of you|every finger") == []


def test_the_narrated_witch_heals_the_victim_shown_and_poisons_by_pointing_one_potion_a_night() -> None:
    lines = heard("night.witch.wake", narrator="yes", night="first")  # the whole explanation, once
    assert missing(lines, r"\bnod|thumbs? up") == [] and missing(lines, r"narrator|you're shown|you are shown") == []
    assert missing(lines, r"\bone\b|not both|never both") == []
    # she is shown nobody once the heal is spent, and nobody on a night the wolves spare
    assert matching(lines, r"(?<!if )the narrator (will )?shows? you (a|the|tonight's) victim") == []


def test_a_narrated_deal_hands_the_device_from_the_narrator_and_back() -> None:
    assert missing(heard("deal.pass", narrator="yes", position="first"), r"\bnarrator") == []
    last = heard("deal.pass", narrator="yes", position="last")
    assert missing(last, r"\bnarrator") == [] and matching(last, r"\bmiddle\b") == []
    assert matching(heard("deal.done", narrator="yes"), r"\bmiddle\b") == []


def test_the_screens_a_narrator_reads_holding_the_device_do_not_put_it_in_the_middle() -> None:
    # the deal's last screen (above "I'm the narrator") and the way to play chosen at setup
    screen = strings("en")
    assert [k for k in ("deal.narrator", "setup.mode.one_device") if re.search(r"\bmiddle\b", screen[k])] == []


def test_a_narrated_table_hears_no_voice_that_claims_to_be_its_narrator() -> None:
    scenes = [scene for scene in EN if scene in SPECS and SPECS[scene].allowed <= set(VALUES)]
    lines = [line for scene in scenes for line in heard(scene, narrator="yes")]
    assert matching(lines, r"\bI('ll| will)? (be|am) your narrator\b|\bI'm your narrator\b") == []


def test_a_classic_game_calls_its_roles_to_point() -> None:
    # the narrator fact reaches the calls of a real classic game: one device, a person narrating
    n = narrate(answers(("guard:2", 2.0), ("werewolves:6", 2.0), ("witch:pass", 2.0), ("seer:1", 2.0)),
                roles=["werewolf", "guard", "seer", "witch", "hunter", "werewolf", "villager"])
    calls = [c.text for c in captions(n) if c.scene.endswith(".wake")]
    assert len(calls) == 4 and matching(calls, TO_THE_DEVICE) == [] and missing(calls, r"\bpoint") == []


def test_round_the_table_open_eyes_are_not_special_to_tonight() -> None:
    # nobody ever closes their eyes at this table: later nights do not bring it up at all
    lines = [line for two in ("yes", "no") for m in moments("round.start", night="later", two=two)
             for line in said("round.start", m)]
    assert lines and matching(lines, r"\beyes?\b|\bsleep") == []


@pytest.mark.parametrize("scene", ["round.dawn", "dawn.quiet", "dawn.death", "dawn.deaths", "night.reminder"])
def test_nobody_wakes_after_a_night_round_the_table(scene: str) -> None:
    lines = heard(scene, mode="round_table")
    assert matching(lines, r"\bwak|\bwoke\b|open your eyes|asleep|sleeps on") == []


def test_the_little_girl_peeks_before_the_wolves_are_up() -> None:
    # own phones: her step comes before the wolves wake
    lines = heard("night.little_girl.wake", mode="own_devices")
    assert matching(lines, r"wolves are (busy|awake|up)|happening outside|(peek|spy) (at|on) the wolves") == []
    assert missing(lines, r"\bhold|finger") == []


@pytest.mark.parametrize(("scene", "how"), [
    ("night.lovers.wake", r"touch|shoulder"), ("night.charmed.wake", r"touch|shoulder|hand"),
    ("night.cupid.sleep", r"shoulder"), ("night.pied_piper.sleep", r"shoulder|touch")])
def test_one_device_tells_the_chosen_with_a_touch(scene: str, how: str) -> None:
    assert missing(heard(scene, mode="one_device"), how) == []


@pytest.mark.parametrize("scene", ["night.lovers.wake", "night.charmed.wake"])
def test_own_phones_tell_the_chosen(scene: str) -> None:
    assert missing(heard(scene, mode="own_devices"), r"\bphones?\b|\bwhose phone\b") == []


# -- the task and its number -----------------------------------------------------------------------------------

@pytest.mark.parametrize("step", ["cupid", "pied_piper"])
def test_cupid_and_the_pied_piper_choose_two(step: str) -> None:
    assert missing(heard(f"night.{step}.wake"), r"\btwo\b") == []


def test_the_witch_hears_both_potions() -> None:
    lines = heard("night.witch.wake")
    assert missing(lines, r"\bheal|\bsaves?\b|\blife\b") == [] and missing(lines, r"poison|\bkill|\bdeath\b") == []


ONE = r"\b(one|a|an|the|your|which|whose|tonight's|same)\s+(\w+\s+)?(player|victim|model|prey|target|wolf|gap|" \
      r"spot|name|house|door|letter|side|werewolves)\b|\bsomeone\b|\bone more\b|\bsecond\b|\bone\b|" \
      r"\btwo (neighbours|players)\b"


@pytest.mark.parametrize("step", ["guard", "seer", "raven", "fox", "dog_handler", "wild_child", "werewolves",
                                  "big_bad_wolf", "white_werewolf"])
def test_a_wake_line_says_how_many_to_choose(step: str) -> None:
    assert missing(heard(f"night.{step}.wake"), ONE) == []


def test_no_night_line_asks_for_noise_or_movement() -> None:
    # but pointing where a person narrates: the called role points, the narrator taps
    night = [s for s in EN if s.startswith("night.")]
    movement = r"whistl|turn (round|around)|\bhug\b|tiptoe|\bclap|stand up|get up|\bknock|\bhum\b|stamp|\bwave\b|" \
               r"pull (the|your)|lie down|curl up|snuggle"
    assert [line for s in night for line in heard(s) if re.search(movement, line, re.IGNORECASE)] == []
    assert [line for s in night for line in heard(s, narrator="no") if re.search(r"\bpoint", line, re.IGNORECASE)] == []


# -- the end: what the cards do not show -----------------------------------------------------------------------

@pytest.mark.parametrize(("scene", "what"), [
    ("end.story.lovers", r"love|lovers|Cupid|hearts"), ("end.story.infected", r"infect|bit|wolf father"),
    ("end.story.charmed", r"charm|spell|piper|flute|tune|music|enchant"),
    ("end.story.wild_child", r"wild child|role model"), ("end.story.wolf_dog", r"wolf-dog")])
def test_the_end_tells_what_the_cards_hide(scene: str, what: str) -> None:
    assert scene in EN, f"{scene} is missing"
    lines = heard(scene)
    assert len(lines) >= 20 * len(list(moments(scene)))
    named = "Ana and Ben" if "{players}" in EN[scene].variants[0].text else "Ana"
    assert missing(lines, re.escape(named)) == [] and missing(lines, what) == []
    assert matching(lines, r"\b(he|she|him|her|his)\b|\byou\b") == []


# -- the screens and the lint -----------------------------------------------------------------------------------

def test_the_screens_agree_with_nobody() -> None:
    # a woman or a man may hold any card: no "he", "she", "himself", "herself" (but where a player chooses how the
    # narrator speaks of them: "she", "he")
    screen = {k: v for k, v in strings("en").items() if "gender" not in k}
    assert [k for k, v in screen.items() if re.search(r"\b(he|she|him|his|her|herself|himself)\b", v)] == []


def test_the_screens_give_the_rulesets_one_name() -> None:
    # "Classic" and "All 28 roles", as the setup names them: never "the extended rules"
    screen = strings("en")
    assert [k for k, v in screen.items() if re.search(r"\bextended\b", v, re.IGNORECASE)] == []


def test_the_witch_screen_does_not_say_nobody_was_attacked() -> None:
    # the wolf father's infected victim was attacked, and the witch is shown none
    screen = strings("en")
    assert [k for k in ("night.attacked_nobody", "refusal.witch.no_victim") if "attacked" in screen[k]] == []


def test_the_english_scripts_have_enough_lines_for_every_moment() -> None:
    assert [p.relative() for p in lint_paths([SHIPPED / "en"])] == []


# -- the facts the native reads of German and Spanish asked for (read_de 1, 3, 6, 8, 24; read_es 9, 14, 20, 23, 24) --

COUNTED = r"together|all of you|each other|one another|one of you|each of you|your phones|your picks|\bagree|" \
          r"\bpack\b|\bwolves\b|\bbeds\b|bellies|villagers again|\bheads\b"


@pytest.mark.parametrize("scene", ["night.werewolves.wake", "night.werewolves.sleep"])
def test_a_pack_the_table_cannot_count_is_never_counted(scene: str) -> None:
    # pack: some, one wolf or none known but a card that can join was dealt: maybe a lone wolf hears it
    lines = heard(scene, pack="some")
    assert lines and matching(lines, COUNTED) == []


HURRY = r"nearly|almost|running (short|out)|time is|not much longer|no longer|only just|burning|sinking|won't wait|" \
        r"\blast\b|\bleft\b|ready or not|getting on|not so far"


@pytest.mark.parametrize("task", ["yes", "no"])
def test_a_steps_first_reminder_is_calm_and_a_recognition_is_never_hurried(task: str) -> None:
    assert matching(heard("night.reminder", again="no", task=task), HURRY) == []
    # a recognition (the lovers only look) is never hurried
    assert (matching(heard("night.reminder", again="yes", task=task), HURRY) != []) == (task == "yes")


@pytest.mark.parametrize("again", ["yes", "no"])
def test_a_recognition_is_not_reminded_of_a_choice(again: str) -> None:
    # the lovers, the sisters, the brothers and the charmed only open their eyes (the English reminders never asked
    # for a choice: this keeps it so)
    decide = r"decid|decision|choice|choos|\bpick|make up|\btap\b|\bvote"
    assert matching(heard("night.reminder", again=again, task="no"), decide) == []


GONE = sorted(s for s, spec in SPECS.items() if "gone" in spec.facts)
TASK = r"choos|\bpick|\btaps?\b|device|phone|point|decid|heal|poison|potion|\bwho\b|which|whose|\?|charm|protect|" \
       r"infect|sniff|peek|hold (the|your)\b|model|side|letter|spare|victim|prey|hunt"


@pytest.mark.parametrize("scene", GONE)
def test_a_gone_card_is_called_without_a_task(scene: str) -> None:
    # every player holding it is dead and the card was said: the pause keeps the rhythm, asks nothing and calls
    # nobody (read_de_A6, A: "eyes open" to a card lying face up)
    lines = heard(scene, gone="yes")
    call = r"open your eyes|wake up|eyes open" if scene.endswith(".wake") else \
        r"close your eyes|eyes closed|back to sleep"
    assert lines and matching(lines, TASK) == [] and matching(lines, call) == []


def test_a_rematch_is_not_welcomed_as_the_evening_s_start() -> None:
    lines = heard("game.welcome", game="later")
    opening = r"welcome|good evening|gather round|take your seats|pull up|settle in|come in"
    assert lines and matching(lines, opening) == []
    assert missing(lines, r"again|another|\bnew\b|rematch|once more|one more|next|second|\bback\b") == []


def test_the_welcome_raises_no_moon_before_the_night_sets_the_sun() -> None:
    assert matching(heard("game.welcome", game="first"), r"moon") == []


def test_a_piper_who_lost_is_not_praised() -> None:
    lines = heard("end.story.charmed", won="no")
    assert lines and matching(lines, r"\bwell\b|master|triumph|perfect|brilliant|beautiful|lovely") == []
    fell_short = r"short|enough|too (few|soon)|unfinished|no further|never|needed more|ran out|without an ending|" \
                 r"half a spell|before its work|not every|game ended"
    assert missing(lines, fell_short) == []


def test_round_the_table_the_reminder_says_nothing_of_the_dark() -> None:
    assert matching(heard("night.reminder", mode="round_table"), r"\bdark|asleep|sleeps") == []


def test_a_reminder_never_brings_the_dawn_in_the_middle_of_the_night() -> None:
    """A reminder is said at any step, the third of ten too: "Dawn is not so far off now" comes far too early."""
    assert [v.text for v in EN["night.reminder"].variants
            if re.search(r"not so far off|moon is sinking|dawn is (near|close|coming)", v.text, re.I)] == []


def test_cupid_in_the_pair_is_not_told_as_someone_else() -> None:
    """Cupid linked themself (own: yes): "Cupid had chosen Ana and Ben" makes Cupid a third person."""
    own = said("end.story.lovers", Moment(own="yes"))
    assert len(own) >= 20 and all("Cupid" in line for line in own)
    third = r"Cupid's (lovers|work)|Cupid had chosen|arrows found|couple Cupid made"
    assert [t for t in own if re.search(third, t)] == []
