"""One real server for the service tests of a session (tests that must restart or kill a server
start their own with ``servicekit.running``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from servicekit import Server, running


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    data: Path = tmp_path_factory.mktemp("service-data")
    with running(data) as live:
        yield live
