"""The page's words: every card and every step of the engine has them, in every language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.flow import ALL_STEPS
from engine.roles import ROLES
from narrator.speech.scenes import LANGUAGES
from narrator.ui.web.screens import MARKS
from narrator.ui.web.strings import missing_keys, strings

CAUSES = ("wolves", "poison", "vote", "shot", "grief", "sword")  # engine/state.py Death.cause


def needed() -> set[str]:
    """The page strings the engine's cards, offices and steps need: names, help cards, step titles, options."""
    keys = {f"{kind}.{role}" for role in ROLES for kind in ("role", "help")}
    for step_id, step in ALL_STEPS.items():
        keys.add(f"step.{step_id}")
        keys |= {f"option.{option}" for option in step.options}
    keys |= {f"cause.{c}" for c in CAUSES} | {f"mark.{m}" for m in MARKS.values()}
    return keys


def test_every_language_has_the_same_keys() -> None:
    assert missing_keys() == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_and_step_has_its_page_strings(lang: str) -> None:
    missing = needed() - set(strings(lang))
    assert not missing, f"{lang} lacks {sorted(missing)}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_help_cards_are_short_and_fill_no_placeholder(lang: str) -> None:
    words = strings(lang)
    for role in ROLES:
        text = words[f"help.{role}"]
        sentences = len(re.findall(r"[.!?](?:\s|$)", text))
        assert 1 <= sentences <= 3 and len(text) <= 240, f"{lang} help.{role} is not a short card: {text!r}"
        assert "{" not in text


def test_german_help_speaks_to_the_player() -> None:
    de = strings("de")
    formal = [r for r in ROLES if re.search(r"\b(Sie|Ihnen)\b", de[f"help.{r}"])]  # "Ihr seid" is ihr
    informal = [r for r in ROLES if re.search(r"\b(du|dich|dir|dein\w*|ihr|euch)\b", de[f"help.{r}"], re.I)]
    assert not formal and set(informal) == set(ROLES)


def refusal_ids() -> set[str]:
    """Every refusal id the engine and the page can raise, templates expanded per role and rule."""
    from engine.flow import ALL_STEPS
    from engine.house import RULES_OF
    from engine.roles import ROLES

    root = Path(__file__).resolve().parents[3]
    source = "".join(p.read_text() for d in ("engine", "narrator") for p in (root / d).rglob("*.py"))
    ids = set(re.findall(r'Refused\(\s*"([a-z_.]+)"', source))
    ids |= {f"setup.{r.id}_copies" for r in ROLES.values() if r.copies}
    ids |= {f"setup.{r.id}_players" for r in ROLES.values() if r.min_players}
    ids |= {f"setup.{r.id}_mode" for r in ROLES.values() if r.modes is not None}  # dealt in some ways only
    ids |= {f"{s.id}.self" for s in ALL_STEPS.values() if getattr(s, "may_target_self", True) is False}
    ids |= {f"house.{key}" for keys in RULES_OF.values() for key in keys}
    return ids


@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_every_refusal_has_its_words(lang: str) -> None:
    words = strings(lang)
    missing = sorted(i for i in refusal_ids() if f"refusal.{i}" not in words)
    assert not missing, missing


@pytest.mark.parametrize("lang", ["de", "es"])
def test_no_player_stands_after_a_role_word_and_the_captain_is_one_word(lang: str) -> None:
    """ "Der Jäger Spieler 4 legt an", "El cazador Ana apunta" read as machine-made: a name never follows a
    card's word. Spanish calls the captain by the card's word (the alguacil), never by the office as a person
    ("la capitanía elige"), and says nothing of anyone with a masculine participle ("Atacado: {name}")."""
    words = strings(lang)
    nouns = "|".join(re.escape(words[f"role.{r}"]) for r in ROLES if f"role.{r}" in words)
    after = re.compile(r"\b(der|die|das|el|la)\s+(" + nouns + r")\s+\{(name|target|player)\}", re.I)
    wrong = [f"{key}: {text}" for key, text in words.items() if isinstance(text, str) and after.search(text)]
    if lang == "es":
        wrong += [f"{key}: {text}" for key, text in words.items() if isinstance(text, str)
                  and (re.search(r"capit", text, re.I) or re.match(r"^\w+ado\b[^:]*: \{name\}", text))]
        captain = words["role.captain"].lower()
        wrong += [f"{key}: {text}" for key, text in words.items()
                  if key.startswith(("step.captain", "mark.captain")) and captain not in text.lower()]
    assert not wrong, wrong


def test_a_card_inside_a_spanish_sentence_is_written_in_lower_case_as_the_voice_says_it() -> None:
    """Issue 35: the balance suggestion read «una carta de Hombre lobo en lugar de una de Aldeano» (labels, capital
    mid-sentence). A sentence takes `role_said.<id>`, the narrator's own word for the card: lower case but for a
    name."""
    es = strings("es")
    assert "{in_card}" in es["balance.suggest"] and "{out_card}" in es["balance.suggest"]
    said = (es["role_said.seer"], es["role_said.werewolf"], es["role_said.cupid"])
    assert said == ("una vidente", "un hombre lobo", "Cupido")
    names = {"cupid"}  # a name keeps its capital
    for role in ROLES:
        said = es[f"role_said.{role}"]
        assert said[:1].isupper() == (role in names), (role, said)
    for lang in LANGUAGES:  # the forms every language sends its pages
        assert {f"role_said.{role}" for role in ROLES} <= set(strings(lang))
