"""The setup screen: the host's choices of rules, cards, names, language, voice and way to play, before the deal.

Each choice is its own message (a row of the hub's message table, narrator/ui/web/hub.py), taken by the method of
the same name here; every one is checked, and the setup screen is shown again to every page.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from engine import Refused, Setup, recommended, ruleset
from engine.house import RULES_OF
from narrator.audio.mixer import Levels
from narrator.config import Config
from narrator.ui.web.draft import Draft
from narrator.ui.web.soundsetup import SoundSetup
from narrator.ui.web.strings import strings
from narrator.ui.web.voicedownload import VoiceDownload

LANGS = ("en", "de", "es")


class Drafting:
    """The setup's choices (`draft`), each change checked and shown to every page."""

    def __init__(self, cfg: Config, *, modes: Callable[[], Iterable[str]], show: Callable[[dict[str, Any]], None],
                 at_setup: Callable[[], bool], broadcast: Callable[[dict[str, Any]], None],
                 lan: Callable[[], str | None], lock: threading.RLock, outputs: SoundSetup,
                 offer: Callable[[], VoiceDownload | None], keeps_config: bool) -> None:
        self.modes = modes  # the ways to play (ways/__init__.py)
        self.show, self.at_setup, self.broadcast, self.lan, self.lock = show, at_setup, broadcast, lan, lock
        self.outputs, self.offer = outputs, offer  # the Sound section; the natural voice offered (if any)
        self.keeps_config = keeps_config  # the sound levels are written to config.yaml (not an online room's)
        self.draft = Draft(cfg.players, [], recommended(ruleset(cfg.ruleset), cfg.players), cfg.house, cfg.language,
                           cfg.voice, ruleset=cfg.ruleset, levels=Levels.of(cfg.layers).to_json())
        self._voices: list[dict[str, Any]] | None = None  # read on first use (voices())

    def from_options(self, lang: str | None, names: list[str] | None, voice: str | None = None,
                     genders: list[str] | None = None) -> None:
        """`wolfcall play --lang/--names/--players/--voice`: the setup the page starts from (a voice without
        --lang brings its own language)."""
        d = self.draft
        if voice is not None:
            from narrator.config import OptionError

            known = self.voices_by_name()
            if voice not in known:
                raise OptionError(f"--voice: there is no voice '{voice}' (voices: {', '.join(sorted(known))})")
            d.voice = voice
            if lang is None:
                d.lang = known[voice]
        if names is not None:
            d.players, d.counts = len(names), recommended(ruleset(d.ruleset), len(names))
            d.names = list(names) if any(names) else []
            d.genders = list(genders or [])[: len(names)]
        if lang is not None:
            d.lang = lang
            self._narrator_of_lang()  # --voice in another language than --lang: the language wins

    # -- the screen ----------------------------------------------------------------------------------------
    def shown(self) -> None:
        """Every page is sent the setup's screen again."""
        self.show({"screen": "setup"})

    def screen(self) -> dict[str, Any]:
        """The setup screen: the draft (with the odds of its deal, when they are known), the narrators, the
        address phones open, the ways to play and the Sound section."""
        offer = self.offer()
        if offer is not None:
            offer.look(self.draft.lang, self.draft.voice)
        out = {"screen": "setup", "draft": self.draft.to_json(self.odds_ready), "voices": self.voices(),
               "lan": self.lan(), "modes": list(self.modes())}
        out.update(self.outputs.screen())  # outputs, device, volume (narrator/ui/web/soundsetup.py)
        return out

    def odds_ready(self) -> None:
        """The odds of a deal have been estimated (narrator/balance/live.py): the setup screen shows them (if the
        table is still being set up: once a game is dealt its screens are the way to play's)."""
        with self.lock:
            if self.at_setup():
                self.shown()

    def voices_by_name(self) -> dict[str, str]:
        """Each narrator's language, by voice name."""
        return {str(v["name"]): str(v["lang"]) for v in self.voices()}

    def voices(self) -> list[dict[str, Any]]:
        """The narrators, read from voices/*.yaml once (the setup screen is redrawn at every tap)."""
        if self._voices is None:
            from narrator.audio.floors import better_command, floor
            from narrator.audio.packs import pack_for
            from narrator.audio.voices import all_voices, installed

            # a voice not on this machine (no model, no pack) is listed as what speaks for it: espeak-ng, with
            # MBROLA where its voice is installed; `better`: this system's line that installs MBROLA's voice
            self._voices = [{"name": v.name, "persona": v.persona, "lang": v.language,
                             "installed": installed(v) or pack_for(v) is not None,
                             "floor": "mbrola" if floor(v).model.startswith("mb-") else "espeak",
                             "better": better_command(v)}
                            for v in all_voices().values()]
        return self._voices

    def _narrator_of_lang(self) -> None:
        """The draft's narrator speaks its language: the language's own, if the one chosen speaks another."""
        from narrator.audio.table import DEFAULTS

        d = self.draft
        if self.voices_by_name().get(d.voice) != d.lang:
            d.voice = DEFAULTS[d.lang][0]

    # -- the host's changes (each a message of its own) ---------------------------------------------------
    def ruleset(self, m: dict[str, Any]) -> None:
        """Other rules: the players kept within theirs, their recommended deal, the house rules both know kept."""
        d = self.draft
        rules = ruleset(d.ruleset)
        if m.get("ruleset") in ("classic", "extended") and m["ruleset"] != d.ruleset:
            new = ruleset(str(m["ruleset"]))
            d.ruleset = new.id
            d.players = min(max(d.players, new.min_players), new.max_players)
            d.counts = recommended(new, d.players)
            shared = {k: getattr(d.house, k) for k in RULES_OF[new.id] if k in RULES_OF[rules.id]}
            d.house = replace(new.defaults, **shared)
            d.names, d.genders = d.names[: d.players], d.genders[: d.players]
        self.shown()

    def players(self, m: dict[str, Any]) -> None:
        """Another number of players: the recommended deal for it."""
        d = self.draft
        rules = ruleset(d.ruleset)
        n = int(m["players"])
        Setup.recommended(rules, n)
        d.players, d.counts = n, recommended(rules, n)
        d.names, d.genders = d.names[:n], d.genders[:n]
        self.shown()

    def adjust(self, m: dict[str, Any]) -> None:
        """One card more or fewer, as the rules allow."""
        d = self.draft
        d.counts = dict(Setup(ruleset(d.ruleset), d.players, d.counts).adjusted(str(m["role"]), int(m["delta"])).counts)
        self.shown()

    def house(self, m: dict[str, Any]) -> None:
        """A house rule, within what the rules allow."""
        from engine import HouseError, parse_house

        d = self.draft
        try:
            d.house = parse_house(d.ruleset, {k: v for k, v in m.items() if k != "t"}, d.house)
        except HouseError as exc:
            raise Refused(f"house.{exc.key}", str(exc)) from None
        self.shown()

    def names(self, m: dict[str, Any]) -> None:
        """The players' names as typed, and how the narrator speaks of each (she, he, or neither). The page
        already shows what was typed: no redraw (it would lose the cursor)."""
        from narrator.names import NameProblem, clean_gender, clean_names, standing_names

        d = self.draft
        typed = m.get("names", [])
        said = m.get("genders", d.genders)
        if not isinstance(typed, list) or not isinstance(said, list):
            raise TypeError("names: not a list")  # a malformed message, ignored
        try:
            d.genders = [clean_gender(g, seat) for seat, g in enumerate(said[: d.players], 1)]
        except NameProblem as exc:
            raise Refused(f"setup.name_{exc.kind}", str(exc), detail=str(exc), **exc.params) from None
        try:
            d.names = clean_names(typed[: d.players], blank_ok=True)  # "" is an unnamed seat
        except NameProblem as exc:  # every other name stands; the page keeps what was typed (app.js)
            d.names = standing_names(typed[: d.players], d.names)
            raise Refused(f"setup.name_{exc.kind}", str(exc), detail=str(exc), **exc.params) from None

    def lang(self, m: dict[str, Any]) -> None:
        """The table's language (and the language's own narrator, as it will speak); every page speaks it."""
        d = self.draft
        if m.get("lang") in LANGS:
            d.lang = str(m["lang"])
            self._narrator_of_lang()
            self.broadcast({"t": "ui", "lang": d.lang, "strings": strings(d.lang)})
        self.shown()

    def voice(self, m: dict[str, Any]) -> None:
        self.draft.voice = str(m["voice"])
        self.shown()

    def sound(self, m: dict[str, Any]) -> None:
        """Where the sound comes from: the server's speaker, or the host's browser."""
        if m.get("sound") in ("server", "browser"):
            self.draft.sound = str(m["sound"])
        self.shown()

    def levels(self, m: dict[str, Any]) -> None:
        """One layer's volume (voice, bed, cues: 0 to 100), for the next game's mix; at home also kept in
        config.yaml, as the speaker's volume is (an online room keeps it with the room)."""
        from narrator.audio.mixer import LAYERS
        from narrator.config import volume_level

        layer = m.get("layer")
        if layer not in LAYERS:
            raise TypeError("levels: no such layer")  # a malformed message, ignored
        self.draft.levels[str(layer)] = volume_level(m.get("volume"))
        try:
            if self.keeps_config:
                self.outputs.keep_levels(self.draft.levels)
        finally:
            self.shown()

    def mode(self, m: dict[str, Any]) -> None:
        """The way to play: one of the ways the page knows (ways/__init__.py)."""
        if m.get("mode") in set(self.modes()):
            self.draft.mode = str(m["mode"])
        self.shown()
