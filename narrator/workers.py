"""Worker processes (the setup screen's odds, a voice pack's clips) that end with the process that started them,
however it ends. A clean stop shuts their pool down; a killed parent cannot, and a worker blocked on its pool's
queue would wait for ever, as it holds that pipe's write end itself. So each worker also watches the pipe that
multiprocessing keeps from its parent to it (`parent_process()`'s sentinel): only the parent holds its write end,
the kernel closes it when the parent ends, and the worker ends at once. Once the parent and its workers are gone,
multiprocessing's resource tracker reads the end of its own pipe and ends too."""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.context import BaseContext
from multiprocessing.process import BaseProcess
from typing import Any


def worker_pool(workers: int, context: BaseContext | None = None, initializer: Callable[..., object] | None = None,
                initargs: tuple[Any, ...] = ()) -> ProcessPoolExecutor:
    """A pool of `workers` processes, each ending with this process; `initializer(*initargs)` starts each."""
    return ProcessPoolExecutor(workers, mp_context=context, initializer=follow_parent,
                               initargs=(initializer, *initargs))


def follow_parent(initializer: Callable[..., object] | None = None, *initargs: Any) -> None:
    """A worker's start (in the worker): it ends when its parent does, and leaves Ctrl-C to its parent, which
    stops its pool (the whole foreground group gets it: a worker would print its own KeyboardInterrupt)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_end_with, args=(parent,), name="wolfcall-parent", daemon=True).start()
    if initializer is not None:
        initializer(*initargs)


def _end_with(parent: BaseProcess) -> None:
    parent.join()  # returns once the parent has ended: its end of the pipe is closed
    os._exit(0)  # at once: the work under way is for nobody now, and nothing of the worker's needs saving
