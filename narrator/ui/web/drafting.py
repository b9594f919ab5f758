"""The setup screen: the host's choices of rules, cards, names, language and voice, before the deal.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine import (
    Refused,
    Setup,
    recommended,
    ruleset,
)
from engine.house import RULES_OF
from narrator.ui.web.connections import Connections
from narrator.ui.web.draft import MODES
from narrator.ui.web.strings import strings


class Drafting(Connections):
    """The setup's changes, checked and shown to every page."""

    def _draft_from_options(self, lang: str | None, names: list[str] | None, voice: str | None = None,
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
            from narrator.audio.table import DEFAULTS

            if self.voices_by_name().get(d.voice) != d.lang:
                d.voice = DEFAULTS[d.lang][0]  # --voice in another language than --lang: the language wins

    def _level(self, m: dict[str, Any]) -> None:
        """`levels`: one layer's volume (voice, bed, cues: 0 to 100), for the next game's mix; at home also kept in
        config.yaml, as the speaker's volume is (an online room keeps it with the room)."""
        from narrator.audio.mixer import LAYERS
        from narrator.config import volume_level

        layer = m.get("layer")
        if layer not in LAYERS:
            raise TypeError("levels: no such layer")  # a malformed message, ignored
        self.draft.levels[str(layer)] = volume_level(m.get("volume"))
        if self.hooks.keeps_config:
            try:
                self.outputs.keep_levels(self.draft.levels)
            finally:
                self.show({"screen": "setup"})

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

    def _look_for_voice(self) -> None:
        if self.voice_download is not None:
            with self.lock:
                self.voice_download.look(self.draft.lang, self.draft.voice)

    def _names(self, m: dict[str, Any]) -> None:
        """The players' names as typed, and how the narrator speaks of each (she, he, or neither)."""
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

    def change_setup(self, kind: str, m: dict[str, Any]) -> None:
        d = self.draft
        rules = ruleset(d.ruleset)
        if kind == "ruleset" and m.get("ruleset") in ("classic", "extended") and m["ruleset"] != d.ruleset:
            new = ruleset(str(m["ruleset"]))
            d.ruleset = new.id
            d.players = min(max(d.players, new.min_players), new.max_players)
            d.counts = recommended(new, d.players)
            shared = {k: getattr(d.house, k) for k in RULES_OF[new.id] if k in RULES_OF[rules.id]}
            d.house = replace(new.defaults, **shared)
            d.names, d.genders = d.names[: d.players], d.genders[: d.players]
        elif kind == "players":
            n = int(m["players"])
            Setup.recommended(rules, n)
            d.players, d.counts = n, recommended(rules, n)
            d.names, d.genders = d.names[:n], d.genders[:n]
        elif kind == "adjust":
            d.counts = dict(Setup(rules, d.players, d.counts).adjusted(str(m["role"]), int(m["delta"])).counts)
        elif kind == "house":
            from engine import HouseError, parse_house

            try:
                d.house = parse_house(rules.id, {k: v for k, v in m.items() if k != "t"}, d.house)
            except HouseError as exc:
                raise Refused(f"house.{exc.key}", str(exc)) from None
        elif kind == "names":
            self._names(m)
            return  # the page already shows what was typed; redrawing would lose the cursor
        elif kind == "lang" and m.get("lang") in ("en", "de", "es"):
            d.lang = str(m["lang"])
            from narrator.audio.table import DEFAULTS

            if self.voices_by_name().get(d.voice) != d.lang:  # the language's own narrator, as it will speak
                d.voice = DEFAULTS[d.lang][0]
            self.broadcast({"t": "ui", "lang": d.lang, "strings": strings(d.lang)})
        elif kind == "voice":
            d.voice = str(m["voice"])
        elif kind == "sound" and m.get("sound") in ("server", "browser"):
            d.sound = str(m["sound"])
        elif kind == "levels":
            self._level(m)
        elif kind == "mode" and m.get("mode") in MODES:
            d.mode = str(m["mode"])
        elif kind == "move":
            self._move(m)
        elif kind == "remove":
            self._remove(m)
        self.show({"screen": "setup"})
