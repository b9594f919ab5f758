"""Shared by every test: a real PostgreSQL server, started once for the session from the system's package
(narrator/online/pglocal.py), and a new database on it for each test that asks for one."""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator

import pytest

from narrator.online.pglocal import cluster, database
from narrator.system import postgres_bin


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """A PostgreSQL server of the tests' own; without PostgreSQL a skip here, a failure in CI (CI=true)."""
    if postgres_bin() is None or importlib.util.find_spec("psycopg") is None:
        message = ("PostgreSQL or psycopg is not installed (make test installs both: narrator/system.py, "
                   "pyproject's dev extra)")
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    with cluster() as server:
        yield server


@pytest.fixture
def pg_address(pg_server: str) -> Iterator[str]:
    """The address of a new, empty database, dropped after the test."""
    with database(pg_server) as address:
        yield address
