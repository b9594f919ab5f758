"""YAML with line marks: every list, mapping and string remembers the line it came from, so an
error can name the file, the line and the key."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

_Base: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


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
    pass


def _seq(loader: Any, node: yaml.SequenceNode) -> MarkedList:
    out = MarkedList(loader.construct_sequence(node, deep=True))
    out.line = node.start_mark.line + 1
    return out


def _map(loader: Any, node: yaml.MappingNode) -> MarkedDict:
    out = MarkedDict(loader.construct_mapping(node, deep=True))
    out.line = node.start_mark.line + 1
    out.lines = {loader.construct_object(k, deep=True): k.start_mark.line + 1 for k, _ in node.value}
    return out


def _str(loader: Any, node: yaml.ScalarNode) -> MarkedStr:
    out = MarkedStr(loader.construct_scalar(node))
    out.line = node.start_mark.line + 1
    return out


_Loader.add_constructor("tag:yaml.org,2002:seq", _seq)
_Loader.add_constructor("tag:yaml.org,2002:map", _map)
_Loader.add_constructor("tag:yaml.org,2002:str", _str)


def loads(text: str, path: str | Path = "<text>") -> Any:
    """Parse YAML text into marked values; YamlError with file, line and column on bad YAML."""
    try:
        return yaml.load(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        column = mark.column + 1 if mark else None
        raise YamlError(path, line, f"{exc.problem or exc.context or 'not valid YAML'}", column) from None
    except yaml.YAMLError as exc:
        raise YamlError(path, None, str(exc).splitlines()[0]) from None


def load(path: str | Path) -> Any:
    """Read and parse a YAML file; a missing or unreadable file is a YamlError too."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise YamlError(path, None, f"cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise YamlError(path, None, "not UTF-8 text") from None
    return loads(text, path)


def line_of(value: Any, default: int = 0) -> int:
    return int(getattr(value, "line", default))
