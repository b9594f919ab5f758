"""The setup screen's banner that offers a natural voice (narrator/audio/offer.py), through hub messages.

The server sends `{"t": "voice_download", "banner": {"text", "progress", "buttons"}}` (or banner null)
whenever it changes; the page draws exactly that and sends back `{"t": "voice_download", "action": a}`
with a button's action: download, refuse, cancel or dismiss. The page decides nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from narrator.audio.engines import EngineError
from narrator.audio.offer import Offer, consider, fetch, offered_voice, remember, render_in_background, say
from narrator.audio.voices import DownloadCancelled, Offline, Voice
from narrator.ui.web.ports import HubLike

Run = Callable[..., None]


def in_thread(work: Callable[..., None], *args: Any) -> None:
    threading.Thread(target=work, args=args, daemon=True, name="voice-download").start()


class VoiceDownload:
    def __init__(self, hub: HubLike, run: Run = in_thread,
                 start_render: Callable[[Voice, Path | None, Path], object] = render_in_background) -> None:
        self.hub = hub
        self.run = run  # how slow work starts: a thread (tests run it at once)
        self.start_render = start_render
        self.banners: dict[str, dict[str, Any] | None] = {}  # per language: what the setup screen shows
        self.offers: dict[str, Offer] = {}
        self.looked: dict[str, str | None] = {}  # language -> the narrator looked at for it in this run
        self.shown: str | None = None  # the language whose banner the pages have
        self.cancel = threading.Event()
        self.downloading: str | None = None
        self.step = -1  # the last progress step sent: one message per percent, not per block

    def message(self) -> dict[str, Any]:
        return {"t": "voice_download", "banner": self.banners.get(self.hub.draft.lang)}

    # -- called by the hub, with its lock held ---------------------------------------------------
    def look(self, lang: str, preferred: str | None) -> None:
        """The setup screen is shown in `lang`: look (in the background) whether to offer a voice, once per
        language and narrator, so that the voice offered is the one that will narrate."""
        if lang != self.shown:
            self.shown = lang
            self.hub.pages.to_host(self.message())
        voice = offered_voice(lang, preferred)
        name = voice.name if voice is not None else None
        if self.looked.get(lang, "") != name and self.downloading is None:
            self.looked[lang] = name
            self.run(self._consider, lang, preferred)

    def handle(self, action: str) -> None:
        lang = self.hub.draft.lang
        offer = self.offers.get(lang)
        if action == "download" and offer is not None and self.downloading is None:
            self.downloading, self.step = lang, -1
            self.cancel.clear()
            self._set(lang, offer.text("progress", done=0), 0.0, [("cancel", "cancel", False)])
            self.run(self._download, offer)
        elif action == "refuse" and offer is not None and self.downloading != lang:
            remember(self.hub.data, lang, "no")
            del self.offers[lang]
            self._set(lang, None)
        elif action == "cancel" and self.downloading is not None:
            self.cancel.set()
        elif action == "dismiss" and self.downloading != lang and lang not in self.offers:
            self._set(lang, None)

    # -- in the background -----------------------------------------------------------------------
    def _consider(self, lang: str, preferred: str | None) -> None:
        decision = consider(lang, preferred, self.hub.data)
        with self.hub.lock:
            if isinstance(decision, Offer):
                self.offers[lang] = decision
                self._set(lang, decision.text("offer"), None, [("download", "yes", True), ("refuse", "no", False)])
            elif isinstance(decision, str):  # offline: the one line, and a button to put it away
                self._set(lang, decision, None, [("dismiss", "ok", False)])

    def _download(self, offer: Offer) -> None:
        lang = offer.lang
        try:
            fetch(offer, progress=lambda done, total: self._progress(offer, done, total), cancelled=self.cancel.is_set)
        except DownloadCancelled:
            remember(self.hub.data, lang, "no")
            self._finish(offer, offer.text("cancelled"))
        except Offline:
            self._finish(offer, offer.text("offline"))
        except EngineError as exc:
            self._finish(offer, offer.text("failed", reason=exc))
        else:
            remember(self.hub.data, lang, "yes")
            self.start_render(offer.voice, self.hub.cfg.scripts, self.hub.data)
            self._finish(offer, offer.text("ready"))

    def _progress(self, offer: Offer, done: int, total: int) -> None:
        step = done * 100 // total if total else done // 1_000_000
        if step == self.step:
            return
        self.step = step
        with self.hub.lock:
            self._set(offer.lang, offer.text("progress", done=round(done / 1e6)),
                      min(1.0, done / total) if total else None, [("cancel", "cancel", False)])

    def _finish(self, offer: Offer, text: str) -> None:
        with self.hub.lock:
            self.downloading = None
            self.offers.pop(offer.lang, None)
            self._set(offer.lang, text, None, [("dismiss", "ok", False)])

    def _set(self, lang: str, text: str | None, progress: float | None = None,
             buttons: list[tuple[str, str, bool]] | None = None) -> None:
        self.banners[lang] = None if text is None else {
            "text": text, "progress": progress,
            "buttons": [{"action": action, "label": say(lang, word), "primary": primary}
                        for action, word, primary in buttons or []]}
        if lang == self.hub.draft.lang:
            self.hub.pages.to_host(self.message())
