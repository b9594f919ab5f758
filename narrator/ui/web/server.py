"""`wolfcall play` with the page: serve it, print the address (and a QR code with --lan), run games."""

from __future__ import annotations

import io
import socket
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from narrator.audio.clip import Clip, to_wav
from narrator.audio.table import build_speaker
from narrator.config import Config
from narrator.game.session import Table
from narrator.speech.lines import Lines
from narrator.speech.picker import Picker
from narrator.speech.script import Script
from narrator.ui.web.hub import Hub, PageCaptions


class BrowserSink:
    """Sound in the browser instead of the server's speaker: each clip is served once, by number."""

    name = "browser"

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.count = 0

    def play(self, clip: Clip, at: float) -> None:
        self.count += 1
        self.hub.clips[self.count] = to_wav(clip)
        for old in [n for n in self.hub.clips if n < self.count - 20]:
            del self.hub.clips[old]
        self.tell({"t": "audio", "url": f"{self.prefix}/audio/{self.count}"})

    prefix = ""  # where the clips are served: /audio/<n> on the table's page

    def tell(self, message: dict[str, object]) -> None:
        """The table's sound is the host's (the device on the table)."""
        self.hub.to_host(message)

    def stop(self) -> None:
        pass

    def close(self) -> None:
        pass


def table_voice(hub: Hub, lang: str, names: Sequence[str] = (), audio: str | None = None,
                no_card_out: Path | None = None) -> Any:
    """The table's voice as the setup chose it: the draft's narrator, in the browser or on the speaker (with
    config.yaml's output and volume); captions on every page either way."""
    captions = PageCaptions(hub)
    lines = Lines(hub.script, lang, Picker(0), names)
    if hub.draft.sound == "browser":
        return build_speaker(lang, hub.draft.voice, "none", None, captions, lines, extra=[BrowserSink(hub)])
    return build_speaker(lang, hub.draft.voice, audio or hub.audio, None, captions, lines, no_card_out=no_card_out,
                         device=hub.cfg.audio_device, volume=hub.cfg.volume)


def speaker_for(audio: str, data: Path) -> Any:
    def make(hub: Hub, table: Table) -> Any:
        return table_voice(hub, table.lang, table.players, audio, data / "last-game.wav")

    return make


def lan_address() -> str:
    """This machine's address on the local network, as a phone on the same Wi-Fi would reach it."""
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if not address.startswith("127."):
                return address
    except OSError:
        pass
    return "127.0.0.1"


def serve(cfg: Config, script: Script, data: Path, *, port: int, lan: bool, fast: bool, audio: str,
          speed: float = 1.0, resume: bool = False, lang: str | None = None, names: list[str] | None = None,
          voice: str | None = None) -> int:
    import segno
    import uvicorn

    from narrator.ui.web.app import create_app

    host = "0.0.0.0" if lan else "127.0.0.1"
    address = f"http://{lan_address() if lan else '127.0.0.1'}:{port}/"
    qr = segno.make(address)
    hub = Hub(cfg, script, data, fast=fast, audio=audio, speaker_factory=None if fast else speaker_for(audio, data),
              speed=speed, lang=lang, names=names, voice=voice)
    svg = io.BytesIO()
    qr.save(svg, kind="svg", scale=6, dark="#fff", light="#000")  # a whole SVG file (an <img> needs its xmlns)
    app = create_app(hub, svg.getvalue().decode() if lan else None)
    hub.lan_url = address if lan else None
    if resume and hub.screen.get("screen") == "resume":
        hub.handle(0, {"t": "continue"})  # `wolfcall play --resume`: the page opens on the game
    if lan:  # the device on the table says where to join once the network is up, and again when it changes
        from narrator.ui.web.address import watch

        watch(hub)
    print(f"wolfcall: open {address} on the device in the middle of the table", file=sys.stderr)
    if lan:
        qr.terminal(out=sys.stderr, compact=True)
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=65536)
    return 0
