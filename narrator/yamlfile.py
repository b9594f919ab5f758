"""YAML with line marks: every list, mapping and string remembers the line it came from, so an
error can name the file, the line and the key.

Bad input costs bounded time and memory: a file is read only up to MAX_BYTES (and only a regular
file), a document whose aliases would repeat more than MAX_ALIASED values ("billion laughs"), that
refers to itself or nests deeper than MAX_DEPTH is refused before anything is built from it, and an
integer literal longer than MAX_NUMBER characters is refused before it is converted.
"""

from __future__ import annotations

import gc
import os
import stat
from gettext import gettext as _
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import ConstructorError

_Base: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

MAX_BYTES = 1 << 20  # 1 MB: far above any scenario, config or script file
MAX_ALIASED = 10_000  # values that aliases (*name) may add to a document, all aliases together
MAX_DEPTH = 50  # lists and mappings inside each other
MAX_NUMBER = 100  # characters of an integer literal (2**63 has 19 digits)


class YamlError(Exception):
    """A file that is not valid YAML, or not of the expected shape: `file:line: message`."""

    def __init__(self, path: str | Path, line: int | None, message: str, column: int | None = None) -> None:
        self.path, self.line, self.column, self.reason = str(path), line, column, message
        where = self.path
        if line is not None:
            where += f":{line}"
            if column is not None:
                where += f":{column}"
        super().__init__(f"{where}: {message}")


class MarkedList(list[Any]):
    line: int = 0


class MarkedDict(dict[Any, Any]):
    line: int = 0
    lines: dict[Any, int]

    def line_of(self, key: Any) -> int:
        return self.lines.get(key, self.line)


class MarkedStr(str):
    line: int = 0


class _Loader(_Base):  # type: ignore[misc, valid-type]
    def construct_document(self, node: yaml.Node) -> Any:
        _check_expansion(node)
        return super().construct_document(node)


def _kids(node: yaml.Node) -> tuple[list[tuple[yaml.Node, yaml.Node | None]], int]:
    """A node's lists and mappings, each with the mapping key it is the value of (None in a list, or
    for a key), and how many plain values (scalars) it holds besides."""
    if isinstance(node, yaml.SequenceNode):
        kids: list[tuple[yaml.Node, yaml.Node | None]] = [(c, None) for c in node.value
                                                           if not isinstance(c, yaml.ScalarNode)]
        return kids, len(node.value) - len(kids)
    kids, scalars = [], 0
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode):
                scalars += 1
            else:
                kids.append((k, None))
            if isinstance(v, yaml.ScalarNode):
                scalars += 1
            else:
                kids.append((v, k))
    return kids, scalars


def _refuse(node: yaml.Node, key: yaml.Node | None, message: str) -> ConstructorError:
    if isinstance(key, yaml.ScalarNode):
        message = f"{cut(str(key.value), 40)}: {message}"
    return ConstructorError(None, None, message, (key or node).start_mark)


def _check_expansion(root: yaml.Node) -> None:
    """Refuse a document whose aliases repeat more than MAX_ALIASED values, that contains itself, or
    that nests deeper than MAX_DEPTH: one walk over the nodes as written, never over the expansion.

    An alias of a plain value adds one value and costs one in the file; only aliases of lists and
    mappings can multiply, so only those are counted.
    """
    size: dict[int, int] = {}  # a finished list or mapping: how many values it stands for, expanded
    open_: set[int] = {id(root)}  # the nodes on the current path (an alias to one of them is a loop)
    repeated = 0
    kids, scalars = _kids(root)
    # each frame: [node, its key, its lists and mappings, the next of them, its size so far]
    stack: list[list[Any]] = [[root, None, kids, 0, 1 + scalars]]
    while stack:
        frame = stack[-1]
        node, key, kids, index, _ = frame
        if index == len(kids):
            stack.pop()
            open_.discard(id(node))
            size[id(node)] = frame[4]
            if stack:
                stack[-1][4] += frame[4]
            continue
        frame[3] += 1
        child, child_key = kids[index]
        child_key = child_key or key
        ident = id(child)
        if ident in size:  # seen before: this is an alias, and it repeats the whole value
            repeated += size[ident]
            if repeated > MAX_ALIASED:
                raise _refuse(child, child_key, f"aliases (*name) repeat more than {MAX_ALIASED} values in "
                                                "this file; write the values out instead")
            frame[4] += size[ident]
            continue
        if ident in open_:
            raise _refuse(child, child_key, "an alias refers to a value that contains it")
        if len(stack) >= MAX_DEPTH:
            raise _refuse(child, child_key, f"lists and mappings nested more than {MAX_DEPTH} deep")
        grandkids, scalars = _kids(child)
        if not grandkids:  # only plain values inside (a step, a list of names): done at once
            size[ident] = 1 + scalars
            frame[4] += 1 + scalars
            continue
        open_.add(ident)
        stack.append([child, child_key, grandkids, 0, 1 + scalars])


def _seq(loader: Any, node: yaml.SequenceNode) -> MarkedList:
    out = MarkedList(loader.construct_sequence(node, deep=True))
    out.line = node.start_mark.line + 1
    return out


def _map(loader: Any, node: yaml.MappingNode) -> MarkedDict:
    try:
        out = MarkedDict(loader.construct_mapping(node, deep=True))
    except ConstructorError as exc:  # name the key whose value was refused (the innermost one)
        mark = exc.problem_mark
        if mark is not None and exc.problem and not getattr(exc, "keyed", False):
            for k, v in node.value:
                if isinstance(k, yaml.ScalarNode) and v.start_mark.index <= mark.index <= v.end_mark.index:
                    exc.problem = f"{cut(str(k.value), 40)}: {exc.problem}"
                    exc.keyed = True  # type: ignore[attr-defined]
                    break
        raise
    out.line = node.start_mark.line + 1
    out.lines = {loader.construct_object(k, deep=True): k.start_mark.line + 1 for k, _ in node.value}
    return out


def _str(loader: Any, node: yaml.ScalarNode) -> MarkedStr:
    out = MarkedStr(loader.construct_scalar(node))
    out.line = node.start_mark.line + 1
    return out


def _int(loader: Any, node: yaml.ScalarNode) -> int:
    if len(node.value) > MAX_NUMBER:  # converting it would cost time quadratic in its length
        raise ConstructorError(None, None, f"a number of {len(node.value)} characters is too long "
                                           f"(at most {MAX_NUMBER})", node.start_mark)
    return int(loader.construct_yaml_int(node))


_Loader.add_constructor("tag:yaml.org,2002:int", _int)
_Loader.add_constructor("tag:yaml.org,2002:seq", _seq)
_Loader.add_constructor("tag:yaml.org,2002:map", _map)
_Loader.add_constructor("tag:yaml.org,2002:str", _str)


def loads(text: str, path: str | Path = "<text>") -> Any:
    """Parse YAML text into marked values; YamlError with file, line and column on bad YAML."""
    collecting = gc.isenabled()
    gc.disable()  # the loader makes many objects and no garbage: collecting meanwhile only slows it down
    try:
        return yaml.load(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        column = mark.column + 1 if mark else None
        raise YamlError(path, line, f"{exc.problem or exc.context or 'not valid YAML'}", column) from None
    except yaml.YAMLError as exc:
        raise YamlError(path, None, cut(str(exc).splitlines()[0], 200)) from None
    finally:
        if collecting:
            gc.enable()


def os_reason(exc: OSError) -> str:
    """Why a file could not be read, in the command line's language (gettext; the system's own strerror is English
    whatever the table speaks): the common reasons by their kind, the rest (our own refusals among them) as said."""
    for kind, reason in ((FileNotFoundError, "no such file or folder"),
                         (IsADirectoryError, "it is a folder, not a file"), (PermissionError, "permission denied"),
                         (NotADirectoryError, "a part of the path is not a folder")):
        if isinstance(exc, kind):
            return _(reason)
    return _(exc.strerror) if exc.strerror else str(exc)


def read_bounded(path: str | Path, max_bytes: int) -> bytes:
    """A regular file's bytes, refused (OSError with a plain strerror) past `max_bytes`, without
    reading more than that: /dev/zero, a pipe or a folder cannot make this wait or fill the memory."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # a FIFO does not block the open
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise OSError(0, "it is a folder, not a file")
        if not stat.S_ISREG(mode):
            raise OSError(0, "not a regular file (a device, a pipe or a socket)")
        chunks: list[bytes] = []
        left = max_bytes + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
    finally:
        os.close(fd)
    if len(data) > max_bytes:
        size = f"{max_bytes >> 20} MB" if max_bytes % (1 << 20) == 0 else f"{max_bytes} bytes"
        raise OSError(0, f"the file is larger than {size}, the most accepted")
    return data


def load(path: str | Path, max_bytes: int = MAX_BYTES) -> Any:
    """Read and parse a YAML file of at most `max_bytes`; a missing, unreadable, oversized or
    non-regular file is a YamlError too."""
    try:
        text = read_bounded(path, max_bytes).decode("utf-8")
    except OSError as exc:
        raise YamlError(path, None, _("cannot read: %s") % os_reason(exc)) from None
    except UnicodeDecodeError:
        raise YamlError(path, None, "not UTF-8 text") from None
    return loads(text, path)


def cut(text: str, limit: int = 60) -> str:
    """Text as it may appear inside an error message: at most about `limit` characters, and no
    control character left raw (an ESC would drive the terminal)."""
    short = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text[:limit])
    return short if len(text) <= limit else short + "..."


def cut_path(path: str | Path, limit: int = 160) -> str:
    """A path as it may appear inside an error message: whole up to `limit` characters, else its start
    and its end (the file's own name) around "...", with no control character left raw."""
    text = str(path)
    if len(text) <= limit:
        return cut(text, limit)
    half = (limit - 3) // 2
    return cut(text[:half], half) + "..." + cut(text[-half:], half)


def shown(value: Any, limit: int = 60) -> str:
    """`value` quoted for an error message: its repr, cut to about `limit` characters.

    The work is bounded by `limit`, not by the value's size: a long string is cut before it is
    quoted, a list or mapping is walked only as far as the quote reaches.
    """
    parts: list[str] = []
    budget = limit + 1

    def put(text: str) -> None:
        nonlocal budget
        parts.append(text)
        budget -= len(text)

    def walk(v: Any) -> None:
        if budget <= 0:
            return
        if isinstance(v, str | bytes):
            put(repr(v[:budget] if isinstance(v, bytes) else str(v[:budget])))
        elif isinstance(v, int) and not isinstance(v, bool) and v.bit_length() > 256:
            put("<a number of more than 77 digits>")
        elif isinstance(v, dict | list | tuple | set | frozenset):
            mapping = isinstance(v, dict)
            put("{" if mapping or isinstance(v, set | frozenset) else "(" if isinstance(v, tuple) else "[")
            for i, item in enumerate(v.items() if isinstance(v, dict) else v):
                if budget <= 0:
                    return
                if i:
                    put(", ")
                if mapping:
                    walk(item[0])
                    put(": ")
                    walk(item[1])
                else:
                    walk(item)
            put("}" if mapping or isinstance(v, set | frozenset) else ")" if isinstance(v, tuple) else "]")
        else:
            put(repr(v)[:budget])

    walk(value)
    text = "".join(parts)
    return text if len(text) <= limit else text[:max(limit - 3, 1)] + "..."


def line_of(value: Any, default: int = 0) -> int:
    return int(getattr(value, "line", default))
