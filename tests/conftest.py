"""Shared by every test: a real PostgreSQL server, started once for the session from the system's package
(narrator/online/pglocal.py), and a new database on it for each test that asks for one; `lacking`, the skip of a
test whose system program is not installed (a failure in CI, which installs them all)."""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator
from typing import NoReturn

import pytest

from narrator.online.pglocal import cluster, database
from narrator.system import postgres_bin


def lacking(message: str) -> NoReturn:
    """A test whose system program is not here: skipped with `message`, or failed in CI (CI=true), where
    `make test` has installed every one (narrator/system.py)."""
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(scope="session", autouse=True)
def own_config_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """An empty config folder of the tests' own: no test reads the user's ~/.config/wolfcall/config.yaml, nor does
    a page's sound setting write there (narrator/config.py config_target), in this process or one it starts."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config")))
        yield


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """A PostgreSQL server of the tests' own; without PostgreSQL a skip here, a failure in CI (CI=true)."""
    if postgres_bin() is None or importlib.util.find_spec("psycopg") is None:
        lacking("PostgreSQL or psycopg is not installed (make test installs both: narrator/system.py, "
                "pyproject's dev extra)")
    with cluster() as server:
        yield server


@pytest.fixture
def pg_address(pg_server: str) -> Iterator[str]:
    """The address of a new, empty database, dropped after the test."""
    with database(pg_server) as address:
        yield address
