"""It installs on a Pi: every runtime dependency, and everything they pull in, has a wheel on the package
index for Raspberry Pi OS Bookworm 64-bit (Linux aarch64, glibc 2.36, CPython 3.11), so `make play`
compiles nothing.

The versions checked are the ones installed in this environment (importlib.metadata); the test asks the
index (PyPI's JSON API, or the PEP 691 simple API of PIP_INDEX_URL when that names another index) for
each one's files. Without the network it skips and says so: CI can reach the index."""

from __future__ import annotations

import json
import os
import re
import tomllib
import urllib.error
import urllib.request
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import pytest
from packaging.markers import Marker
from packaging.requirements import InvalidRequirement, Requirement
from packaging.tags import Tag, compatible_tags, cpython_tags
from packaging.utils import InvalidWheelFilename, NormalizedName, canonicalize_name, parse_wheel_filename
from packaging.version import Version

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"
PYPI = "https://pypi.org"
TIMEOUT = 20.0  # seconds per request

# Raspberry Pi OS Bookworm 64-bit: Debian 12's CPython 3.11.2 on glibc 2.36, aarch64.
# (musllinux wheels need musl libc, so they do not install there.)
GLIBC_MINOR = 36
PLATFORMS = [
    *(f"manylinux_2_{minor}_aarch64" for minor in range(GLIBC_MINOR, 16, -1)),
    "manylinux2014_aarch64",  # the old name of manylinux_2_17
    "linux_aarch64",  # piwheels' tag
]
PI_ENV = {
    "implementation_name": "cpython",
    "implementation_version": "3.11.2",
    "os_name": "posix",
    "platform_machine": "aarch64",
    "platform_python_implementation": "CPython",
    "platform_release": "",
    "platform_system": "Linux",
    "platform_version": "",
    "python_full_version": "3.11.2",
    "python_version": "3.11",
    "sys_platform": "linux",
}
PI_TAGS: frozenset[Tag] = frozenset(
    [
        *cpython_tags(python_version=(3, 11), abis=["cp311"], platforms=PLATFORMS),
        *compatible_tags(python_version=(3, 11), interpreter="cp311", platforms=PLATFORMS),
    ]
)


class Unreachable(Exception):
    """The index could not be asked (no network, timeout, server error)."""


@dataclass(frozen=True)
class Verdict:
    name: str
    version: str
    wheel: str | None  # a file that installs on the Pi, or None
    problem: str | None  # why there is none: sdist only, not on the index, ...


def runtime_requirements() -> list[Requirement]:
    """pyproject.toml's [project] dependencies (not the extras)."""
    project = tomllib.loads(PYPROJECT.read_text())["project"]
    return [Requirement(line) for line in project["dependencies"]]


def applies(req: Requirement, extras: Iterable[str]) -> bool:
    """Whether `req` is needed on the Pi, given the extras asked of the package that lists it."""
    if req.marker is None:
        return True
    marker: Marker = req.marker
    return any(marker.evaluate({**PI_ENV, "extra": extra}) for extra in ("", *extras))


def closure(roots: list[Requirement]) -> dict[NormalizedName, str]:
    """Every package the Pi installs for `roots`, with the version installed here."""
    found: dict[NormalizedName, str] = {}
    extras_seen: dict[NormalizedName, set[str]] = {}
    todo = [(req, frozenset[str]()) for req in roots]
    while todo:
        req, parent_extras = todo.pop()
        if not applies(req, parent_extras):
            continue
        name = canonicalize_name(req.name)
        asked = set(req.extras)
        if name in found and asked <= extras_seen[name]:
            continue
        try:
            dist = metadata.distribution(req.name)
        except metadata.PackageNotFoundError:
            pytest.fail(f"{req.name} is needed on a Pi but is not installed here; run `make` first")
        found[name] = dist.version
        extras_seen.setdefault(name, set()).update(asked)
        for line in dist.requires or []:
            try:
                child = Requirement(line)
            except InvalidRequirement:
                continue
            todo.append((child, frozenset(extras_seen[name])))
    return found


def index_url() -> str | None:
    """The index pip uses when PIP_INDEX_URL names one other than PyPI, else None (PyPI)."""
    url = os.environ.get("PIP_INDEX_URL", "").strip()
    if not url or "pypi.org" in url or not url.startswith(("http://", "https://")):
        return None
    return url.rstrip("/")


def fetch(url: str, accept: str) -> tuple[str, bytes]:
    request = urllib.request.Request(url, headers={"Accept": accept, "User-Agent": "wolfcall-wheel-check"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            return response.headers.get("Content-Type", ""), response.read()
    except urllib.error.HTTPError as err:
        if err.code == 404:
            raise LookupError(url) from err
        raise Unreachable(f"{url}: HTTP {err.code}") from err
    except (urllib.error.URLError, TimeoutError, OSError) as err:
        raise Unreachable(f"{url}: {getattr(err, 'reason', err)}") from err


def files_on_index(name: str, version: str) -> list[str]:
    """The file names of release `version` of `name` on the index (yanked files left out)."""
    base = index_url()
    if base is None:
        try:
            _, body = fetch(f"{PYPI}/pypi/{name}/{version}/json", "application/json")
            files = json.loads(body)["urls"]
        except LookupError:  # some mirrors of PyPI serve only the project's page, with every release
            _, body = fetch(f"{PYPI}/pypi/{name}/json", "application/json")
            releases = {str(Version(v)): fs for v, fs in json.loads(body)["releases"].items() if valid(v)}
            if str(Version(version)) not in releases:
                raise LookupError(name, version) from None
            files = releases[str(Version(version))]
        return [f["filename"] for f in files if not f.get("yanked")]
    kind, body = fetch(f"{base}/{name}/", "application/vnd.pypi.simple.v1+json, text/html;q=0.1")
    if "json" in kind:
        names = [f["filename"] for f in json.loads(body)["files"] if not f.get("yanked")]
    else:
        names = [m.split("#")[0].rsplit("/", 1)[-1] for m in re.findall(r'href="([^"]+)"', body.decode())]
    return [f for f in names if release_of(f, name) == Version(version)]


def valid(version: str) -> bool:
    try:
        Version(version)
    except ValueError:
        return False
    return True


def release_of(filename: str, name: str) -> Version | None:
    """The version in a wheel's or sdist's file name (simple API lists every release's files)."""
    if filename.endswith(".whl"):
        try:
            return parse_wheel_filename(filename)[1]
        except InvalidWheelFilename:
            return None
    stem = re.sub(r"\.(tar\.gz|zip|tar\.bz2)$", "", filename)
    prefix = re.sub(r"[-_.]+", "[-_.]+", name)  # a name has only letters, digits and - _ .
    match = re.fullmatch(rf"(?i){prefix}-(.+)", stem)
    try:
        return Version(match.group(1)) if match else None
    except ValueError:
        return None


def fits_pi(filename: str) -> bool:
    if not filename.endswith(".whl"):
        return False
    try:
        tags = parse_wheel_filename(filename)[3]
    except InvalidWheelFilename:
        return False
    return not tags.isdisjoint(PI_TAGS)


def verdict(name: str, version: str) -> Verdict:
    try:
        files = files_on_index(name, version)
    except LookupError:
        return Verdict(name, version, None, "this version is not on the package index")
    wheels = [f for f in files if fits_pi(f)]
    if wheels:
        return Verdict(name, version, sorted(wheels)[0], None)
    if any(not f.endswith(".whl") for f in files):
        return Verdict(name, version, None, "only an sdist: pip would compile it")
    return Verdict(name, version, None, "no file for Linux aarch64 / CPython 3.11 at all")


# Packages known to have no aarch64 wheel in any release, that pip builds on the Pi from their bundled C
# sources, with the apt line the README gives for it. Any other package that would compile fails the test.
COMPILED_ON_THE_PI = {"miniaudio": "sudo apt install build-essential python3-dev"}


def test_the_tags_are_the_pis() -> None:
    assert fits_pi("numpy-2.0.0-cp311-cp311-manylinux_2_17_aarch64.manylinux2014_aarch64.whl")
    assert fits_pi("onnxruntime-1.20.0-cp311-cp311-manylinux_2_27_aarch64.manylinux_2_28_aarch64.whl")
    assert fits_pi("piper_tts-1.3.0-cp39-abi3-manylinux_2_17_aarch64.manylinux2014_aarch64.whl")
    assert fits_pi("tqdm-4.66.0-py3-none-any.whl")
    assert not fits_pi("numpy-2.0.0-cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64.whl")
    assert not fits_pi("numpy-2.0.0-cp312-cp312-manylinux_2_17_aarch64.manylinux2014_aarch64.whl")
    assert not fits_pi("numpy-2.0.0-cp311-cp311-musllinux_1_1_aarch64.whl")
    assert not fits_pi("numpy-2.0.0-cp311-cp311-manylinux_2_39_aarch64.whl")  # newer glibc than Bookworm's
    assert not fits_pi("numpy-2.0.0.tar.gz")


def test_the_closure_follows_markers_for_the_pi() -> None:
    assert applies(Requirement("colorama; platform_system == 'Windows'"), ()) is False
    assert applies(Requirement("tomli; python_version < '3.11'"), ()) is False
    assert applies(Requirement("foo; platform_machine == 'aarch64'"), ()) is True
    assert applies(Requirement("pytest; extra == 'dev'"), ()) is False
    assert applies(Requirement("pytest; extra == 'dev'"), ("dev",)) is True


def test_every_runtime_dependency_has_a_wheel_for_the_pi() -> None:
    packages = closure(runtime_requirements())
    assert packages, "no runtime dependencies found in pyproject.toml"
    verdicts: list[Verdict] = []
    unreachable: list[str] = []
    with ThreadPoolExecutor(max_workers=16) as pool:
        futures = {pool.submit(verdict, name, version): name for name, version in packages.items()}
        for future, name in futures.items():
            try:
                verdicts.append(future.result())
            except Unreachable as err:
                unreachable.append(f"{name} ({err})")
    bad = sorted(f"{v.name}=={v.version}: {v.problem}" for v in verdicts
                 if v.problem and canonicalize_name(v.name) not in COMPILED_ON_THE_PI)
    compiled = {canonicalize_name(v.name) for v in verdicts if v.problem} & set(COMPILED_ON_THE_PI)
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    for name in compiled:  # a known exception is one the README's Pi steps prepare for
        needs = COMPILED_ON_THE_PI[name]
        assert needs in readme, f"{name} compiles on a Pi: the README's Pi steps must say `{needs}`"
    if bad:
        note = f"\n(could not ask the index about: {', '.join(sorted(unreachable))})" if unreachable else ""
        pytest.fail(
            "would need compiling on a Raspberry Pi (Bookworm 64-bit, aarch64, CPython 3.11):\n  "
            + "\n  ".join(bad)
            + note
        )
    if unreachable:
        pytest.skip(f"the package index cannot be reached from here: {'; '.join(sorted(unreachable)[:3])}")
