"""The sound system's own chatter on stderr, kept quiet while miniaudio looks for a device.

ALSA prints pages of errors on a machine without a sound card; wolfcall says it once, plainly, instead.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """Nothing the C libraries write to stderr reaches the terminal inside this block."""
    try:
        fd = sys.stderr.fileno()
    except (AttributeError, OSError, ValueError):
        yield
        return
    saved = os.dup(fd)
    with open(os.devnull, "w") as null:
        os.dup2(null.fileno(), fd)
        try:
            yield
        finally:
            os.dup2(saved, fd)
            os.close(saved)
