"""``pinochle validate --cluster ADDRESS`` validates an archive on a Dask
cluster's workers and reports it exactly as a run on this machine does. The cluster is a
``LocalCluster`` of two worker processes started by the test; the command is the console
script, connecting to its scheduler as it would to one on another machine."""

from __future__ import annotations

import json

import pytest
from tests.cli.consolekit import no_traceback, pinochle
from tests.cli.test_archive import corrupt_archive, games_text

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def cluster():
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None, silence_logs=50) as running:
        yield running


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    root = tmp_path_factory.mktemp("clustered")
    for i, (games, ruleset) in enumerate([(60, "east-point"), (5, "old-time"),
                                          (30, "double-pack"), (45, "scarne")]):
        (root / f"{i}.pin").write_text(games_text(games, 50 + i, ruleset), encoding="utf-8")
    return root


@pytest.mark.parametrize("form", ["text", "json", "jsonl"])
def test_a_cluster_reports_as_a_local_run_does(cluster, folder, form):
    here = pinochle("validate", "-j", "1", "--format", form, str(folder), timeout=300)
    there = pinochle("validate", "--cluster", cluster.scheduler_address, "--format", form,
                     str(folder), timeout=300)
    no_traceback(there)
    assert there.returncode == here.returncode == 0, there.stderr
    assert there.stdout == here.stdout and there.stderr == ""
    if form == "jsonl":
        assert json.loads(there.stdout.splitlines()[-1])["summary"]["games"] == 140


def test_the_cluster_did_the_work(cluster, folder):
    """The chunks ran on the cluster's workers, both of them (the scheduler's task stream)."""
    from distributed import Client, get_task_stream

    with Client(cluster.scheduler_address, set_as_default=False) as client:
        with get_task_stream(client) as stream:
            done = pinochle("validate", "--cluster", cluster.scheduler_address, str(folder))
        assert done.returncode == 0
    tasks = [task for task in stream.data if "validate_chunk" in str(task["key"])]
    assert len(tasks) >= 4
    assert {task["worker"] for task in tasks} == set(cluster.scheduler_info["workers"])


def test_a_corrupt_file_on_the_cluster_is_reported_as_here(cluster, tmp_path):
    corrupt_archive(tmp_path)
    here = pinochle("validate", "-j", "1", str(tmp_path))
    there = pinochle("validate", "--cluster", cluster.scheduler_address, str(tmp_path))
    assert there.returncode == here.returncode == 2
    assert there.stdout == here.stdout


def test_a_cluster_that_is_not_there_is_a_clear_error(tmp_path):
    record = tmp_path / "r.pin"
    record.write_text(games_text(1, 1), encoding="utf-8")
    done = pinochle("validate", "--cluster", "tcp://127.0.0.1:9", str(record), timeout=120)
    no_traceback(done)
    assert done.returncode == 2
    assert "cannot reach the cluster at tcp://127.0.0.1:9" in done.stderr
