"""Whether onnxruntime (the engine under every Piper voice) can load on this machine, asked once in a child
process before this one imports it.

On some machines a bare `import onnxruntime` does not raise but kills the process with a segmentation fault
(under a plain qemu user-mode emulator it reads the host's x86 /proc/cpuinfo and crashes). A crash cannot be
caught in-process, so a child Python tries the import first; Piper is only loaded here when the child lived.
The answer holds for the life of this interpreter (the machine does not change under a running game).
"""

from __future__ import annotations

import signal
import subprocess
import sys
import threading

_ANSWERS: dict[tuple[str, ...], str | None] = {}
_LOCK = threading.Lock()


def onnxruntime_trouble(path: tuple[str, ...] | None = None) -> str | None:
    """Why onnxruntime cannot load here (one line a player can act on), or None when it loads.

    `path`: the sys.path the child imports with (this interpreter's by default); each path is asked once."""
    key = tuple(sys.path) if path is None else path
    with _LOCK:
        if key not in _ANSWERS:
            _ANSWERS[key] = _ask(key)
        return _ANSWERS[key]


def _ask(path: tuple[str, ...]) -> str | None:
    # -S and -I keep the child from site's own imports; the path is handed over whole instead.
    code = "import sys; sys.path[:] = sys.argv[1:]; import onnxruntime"
    try:
        done = subprocess.run([sys.executable, "-I", "-S", "-c", code, *path], capture_output=True,
                              text=True, check=False)
    except OSError as exc:
        return f"cannot start Python to try it ({exc})"
    if done.returncode < 0:
        return f"crashed Python with {_signal_name(-done.returncode)} when imported"
    # A Python exception (status 1: not installed, a library missing) raises in-process as well, where the
    # import says it as before; only a death the import cannot report is trouble here.
    return None if done.returncode in (0, 1) else f"stopped Python with exit status {done.returncode} when imported"


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"
