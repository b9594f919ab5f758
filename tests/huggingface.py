"""Hugging Face's Piper voices as urllib sees them, for the tests of a voice's download (no internet here), and a
data folder of a test's own."""

from __future__ import annotations

import io
import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from narrator.audio import offer as offer_module

MODEL = bytes(range(256)) * 12_000  # 3 MB of "model"
CONFIG = json.dumps({"audio": {"sample_rate": 16000}, "num_speakers": 1}).encode()


class Response:
    def __init__(self, body: bytes, on_read: Any = None) -> None:
        self.body = io.BytesIO(body)
        self.headers = {"Content-Length": str(len(body))}
        self.on_read = on_read
        self.reads = 0

    def read(self, size: int = -1) -> bytes:
        self.reads += 1
        if self.on_read is not None:
            self.on_read(self.reads)
        return self.body.read(size)

    def __enter__(self) -> Response:
        return self

    def __exit__(self, *exc: object) -> None:
        pass


class Server:
    """Hugging Face as urlopen sees it: a HEAD answers with the size, a GET with the bytes."""

    def __init__(self, on_read: Any = None) -> None:
        self.requests: list[tuple[str, str]] = []
        self.on_read = on_read

    def __call__(self, request: str | urllib.request.Request, timeout: float = 0) -> Response:
        url = request if isinstance(request, str) else request.full_url
        method = "GET" if isinstance(request, str) else request.get_method()
        self.requests.append((method, url))
        assert url.startswith("https://huggingface.co/rhasspy/piper-voices/resolve/main/")
        if method == "HEAD":
            return _head(len(MODEL))
        body = CONFIG if ".onnx.json" in url else MODEL
        return Response(body, self.on_read if body is MODEL else None)


def _head(size: int) -> Response:
    response = Response(b"")
    response.headers = {"Content-Length": str(size)}
    return response


def offline(request: object, timeout: float = 0) -> None:
    raise urllib.error.URLError("Temporary failure in name resolution")


def own_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder of its own (where Piper models and the kept answer go) and no packs."""
    monkeypatch.setenv("WOLFCALL_DATA", str(tmp_path / "data"))
    monkeypatch.setattr(offer_module, "PACKS", tmp_path / "packs")
    return tmp_path / "data"
