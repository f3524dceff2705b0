"""Whole archives as they are kept (folders, compressed files, standard input),
validated on every core (``-j``), reported in input order and the same, byte for byte, for every
``-j``; a damaged file mid-archive is reported and the rest still validated; Ctrl-C stops a
``-j 2`` run promptly and leaves no worker behind. Run through the console script."""

from __future__ import annotations

import bz2
import gzip
import io
import json
import lzma
import os
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
import zstandard
from tests.cli.consolekit import PINOCHLE, no_traceback, pinochle

from pinochle.adjudicator.rulesets import ruleset_from_tags
from pinochle.notation import dumps
from pinochle.simulator.simulate import Settings, simulate

COMPRESS = {".gz": gzip.compress, ".bz2": bz2.compress, ".xz": lzma.compress,
            ".zst": lambda data: zstandard.ZstdCompressor().compress(data)}


def games_text(games: int, seed: int, ruleset: str = "east-point") -> str:
    settings = Settings(ruleset=ruleset_from_tags({"Ruleset": ruleset}))
    return "\n".join(dumps(s.game) for s in simulate(games, seed, settings))


@pytest.fixture(scope="module")
def archive(tmp_path_factory) -> Path:
    """Nine files in nested folders, every compression, several chunks each in the big ones
    (a chunk is some 2,000 lines, a dozen games), and a file that is not a record."""
    root = tmp_path_factory.mktemp("archive")
    texts = {"a/one.pin": games_text(40, 1), "a/b/two.pin.gz": games_text(30, 2),
             "a/b/three.pin.bz2": games_text(3, 3, "old-time"),
             "c/four.pin.xz": games_text(25, 4, "double-pack"),
             "c/five.pin.zst": games_text(20, 5, "scarne"), "six.pin": games_text(1, 6),
             "c/d/seven.pin": games_text(35, 7, "25-steps"), "eight.pin.gz": "",
             "z.pin": games_text(2, 9)}
    for name, text in texts.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        data = text.encode("utf-8")
        suffix = path.suffix
        path.write_bytes(COMPRESS[suffix](data) if suffix in COMPRESS else data)
    (root / "c" / "notes.txt").write_text("not a record\n", encoding="utf-8")
    return root


def test_a_folder_is_every_record_file_under_it_in_path_order(archive):
    done = pinochle("validate", "-j", "1", "--format", "jsonl", str(archive))
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    files = list(dict.fromkeys(line["file"] for line in lines if "game" in line))
    names = ["a/b/three.pin.bz2", "a/b/two.pin.gz", "a/one.pin", "c/d/seven.pin",
             "c/five.pin.zst", "c/four.pin.xz", "six.pin", "z.pin"]
    assert files == [str(archive / name) for name in names]
    summary = lines[-1]
    assert summary["exit_status"] == 0 and summary["summary"]["files"] == 9
    assert summary["summary"]["games"] == 40 + 30 + 3 + 25 + 20 + 1 + 35 + 2
    assert sum(1 for line in lines if "game" in line) == summary["summary"]["games"]


@pytest.mark.parametrize("suffix", sorted(COMPRESS))
def test_a_compressed_file_reads_as_its_text(tmp_path, suffix):
    text = games_text(3, 11)
    plain, packed = tmp_path / "g.pin", tmp_path / f"g.pin{suffix}"
    plain.write_text(text, encoding="utf-8")
    packed.write_bytes(COMPRESS[suffix](text.encode("utf-8")))
    one, other = pinochle("validate", str(plain)), pinochle("validate", str(packed))
    assert one.returncode == other.returncode == 0
    assert other.stdout == one.stdout.replace(str(plain), str(packed))
    piped = pinochle("validate", "-", input=packed.read_bytes())
    assert piped.stdout == one.stdout.replace(str(plain), "<stdin>")


@pytest.mark.slow
@pytest.mark.parametrize("form", ["text", "json", "jsonl"])
def test_the_report_is_the_same_for_every_jobs(archive, form):
    outputs = {}
    for jobs in ("1", "2", "3"):
        done = pinochle("validate", "-j", jobs, "--format", form, str(archive), timeout=300)
        capped = int(jobs) > len(os.sched_getaffinity(0))     # said: one worker a core
        assert done.returncode == 0 and (done.stderr != "") == capped, done.stderr
        outputs[jobs] = done.stdout
    assert outputs["1"] == outputs["2"] == outputs["3"]
    assert len(outputs["1"]) > 10_000


@pytest.mark.parametrize("suffix", ["", ".gz"])
def test_a_named_pipe_is_read_as_it_comes(tmp_path, suffix):
    """``pinochle validate <(zcat night.pin.gz)``: a path that cannot be rewound is read
    (its first bytes are looked at, for compression, without being taken away)."""
    text = games_text(3, 12)
    plain = tmp_path / "g.pin"
    plain.write_text(text, encoding="utf-8")
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    data = COMPRESS[suffix](text.encode("utf-8")) if suffix else text.encode("utf-8")
    child = subprocess.Popen([PINOCHLE, "validate", str(pipe)], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
    with open(pipe, "wb") as writer:
        writer.write(data)
    out, err = child.communicate(timeout=120)
    assert child.returncode == 0, err
    assert out.decode("utf-8") == pinochle("validate", str(plain)).stdout.replace(
        str(plain), str(pipe))


@pytest.mark.slow
def test_files_cut_into_chunks_for_the_workers_report_as_one_process_does(tmp_path):
    """Files past the size a worker reads whole (``validate.WHOLE``) are cut by the command
    into chunks of whole games, sent to the workers and put back in order; one damaged in
    several places has its chunks read again together where a cut meets a syntax error. The
    report is the same, byte for byte, for ``-j 1`` and ``-j 2`` as for the files read whole
    (in one piece, in this process)."""
    from pinochle.batch.chunks import LINES, split
    from pinochle.batch.chunks import Settings as ChunkSettings
    from pinochle.cli.runner import Run
    from pinochle.cli.validate import WHOLE

    lines = games_text(110, 61).split("\n")
    assert len(lines) > 4 * LINES                      # several chunks a file
    (tmp_path / "clean.pin").write_text("\n".join(lines), encoding="utf-8")
    starts = [chunk.first_line - 1 for chunk in split([lines], "clean.pin")]
    assert len(starts) >= 4
    # A stray tag in the middle of a deal, past a chunk's first LINES lines: the cutter cuts
    # there, where the reader does not end a game cleanly (the deal's lines stand together),
    # so the two chunks must be read again together. (Inserted from the end, so the earlier
    # places stay where they were.)
    def deal(line: str) -> bool:
        return line.startswith("W: ")

    strays = [next(i for i in range(a + LINES, b) if deal(lines[i]))
              for a, b in zip(starts, starts[1:]) if any(map(deal, lines[a + LINES:b]))]
    assert len(strays) >= 2
    for at in reversed(strays[:2]):
        lines.insert(at, '[Event "stray"]')
    lines.insert(900, "garbage ###")
    (tmp_path / "damaged.pin").write_text("\n".join(lines), encoding="utf-8")
    assert all(path.stat().st_size > WHOLE for path in tmp_path.iterdir())
    for form in ("text", "json"):
        whole = io.StringIO()        # each file read whole, in one piece: the reference
        run = Run(whole, ChunkSettings(form))
        run.run(run.chunks([str(tmp_path)], size=10 ** 9))
        run.finish(strict=False)
        for jobs in ("1", "2"):
            done = pinochle("validate", "-j", jobs, "--format", form, str(tmp_path),
                            timeout=300)
            assert done.returncode == 2 and done.stderr == ""
            assert done.stdout == whole.getvalue()
    assert done.stdout.count('"syntax_errors":[{') == 1          # the damaged file's


def test_jsonl_is_one_json_object_a_line_summary_last(archive):
    done = pinochle("validate", "--format", "jsonl", str(archive / "a" / "one.pin"))
    lines = done.stdout.splitlines()
    assert len(lines) == 41
    games = [json.loads(line) for line in lines[:-1]]
    assert [g["game"] for g in games] == list(range(1, 41))
    assert json.loads(lines[-1])["summary"]["battles"] == sum(len(g["battles"]) for g in games)


def test_json_and_format_json_are_one_report(archive):
    path = str(archive / "six.pin")
    assert pinochle("validate", "--json", path).stdout == \
        pinochle("validate", "--format", "json", path).stdout
    done = pinochle("validate", "--json", "--format", "text", path)
    assert done.returncode == 4 and "--json and --format text" in done.stderr


def corrupt_archive(root: Path) -> list[Path]:
    """Three files; the middle one has a syntax error in its third game."""
    games = [dumps(s.game) for s in simulate(5, 21, Settings())]
    broken = games[2].replace("battle 2 dealer", "battle 2 dealr", 1)
    assert broken != games[2]
    paths = [root / "1.pin", root / "2.pin", root / "3.pin"]
    paths[0].write_text(games_text(4, 22), encoding="utf-8")
    paths[1].write_text("\n".join(games[:2] + [broken] + games[3:]), encoding="utf-8")
    paths[2].write_text(games_text(4, 23), encoding="utf-8")
    return paths


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_corrupt_file_mid_archive_is_positioned_and_the_rest_validated(tmp_path, jobs):
    paths = corrupt_archive(tmp_path)
    text = paths[1].read_text(encoding="utf-8")
    line = text[:text.index("battle 2 dealr")].count("\n") + 1
    done = pinochle("validate", "-j", jobs, str(tmp_path))
    no_traceback(done)
    assert done.returncode == 2
    assert f"{paths[1]}:{line}:10: syntax error:" in done.stdout
    assert f"{paths[2]}: game 4" in done.stdout          # the file after it is validated
    assert f"{paths[1]}: game 5" in done.stdout           # and the games after the error
    assert done.stdout.endswith("12 games, 48 battles: 0 errors, 0 warnings, 0 notices, "
                                "1 syntax error\n")


@pytest.mark.parametrize("suffix", sorted(COMPRESS))
def test_a_truncated_compressed_file_is_an_error_naming_it(tmp_path, suffix):
    (tmp_path / "1.pin").write_text(games_text(2, 31), encoding="utf-8")
    data = COMPRESS[suffix](games_text(40, 32).encode("utf-8"))
    cut = tmp_path / f"2.pin{suffix}"
    cut.write_bytes(data[:len(data) * 2 // 3])
    (tmp_path / "3.pin").write_text(games_text(2, 33), encoding="utf-8")
    done = pinochle("validate", "-j", "2", str(tmp_path))
    no_traceback(done)
    assert done.returncode == 2
    assert f"pinochle validate: error: {cut}: cannot read the file" in done.stderr
    assert "cut short" in done.stderr
    assert f"{tmp_path / '3.pin'}: game 2" in done.stdout
    assert "1 unreadable file" in done.stdout
    report = json.loads(pinochle("validate", "--json", str(tmp_path)).stdout)
    assert [f["error"] is not None for f in report["files"]] == [False, True, False]


def test_a_folder_without_records_and_a_missing_path_are_errors(tmp_path):
    (tmp_path / "empty").mkdir()
    done = pinochle("validate", str(tmp_path / "empty"), str(tmp_path / "missing.pin"))
    assert done.returncode == 2 and done.stdout.endswith("2 unreadable files\n")
    assert f"{tmp_path / 'empty'}: no record files (*.pin, *.pin.gz" in done.stderr
    assert f"{tmp_path / 'missing.pin'}: cannot read the file: No such file" in done.stderr


def test_the_closing_table_counts_findings_by_rule_and_severity():
    faulty = Path(__file__).resolve().parents[2] / "corpus" / "faulty"
    done = pinochle("validate", "--stats", str(faulty / "R9F-repeat.pin"),
                    str(faulty / "R8A-not-held.pin"))
    assert done.returncode == 1
    table = done.stderr.splitlines()
    assert table[0].startswith("2 files, 2 games, ") and "battles/s)" in table[0]
    assert table[1].split() == ["rule", "errors", "warnings", "notices"]
    rows = {row.split()[0]: row.split()[1:] for row in table[2:]}
    report = json.loads(pinochle("validate", "--json", str(faulty / "R9F-repeat.pin"),
                                 str(faulty / "R8A-not-held.pin")).stdout)
    expected: dict[str, list[int]] = {}
    for finding in (f for file in report["files"] for g in file["games"] for f in g["findings"]):
        counts = expected.setdefault(finding["rule"], [0, 0, 0])
        counts[["error", "warning", "info"].index(finding["severity"])] += 1
    assert {"R9F", "R8A"} <= set(rows)
    assert rows == {rule: [str(n) for n in counts] for rule, counts in expected.items()}
    assert pinochle("validate", str(faulty / "R9F-repeat.pin")).stderr == ""


def _on_a_terminal(*args: str) -> tuple[int, str, bytes]:
    """``pinochle ARGS`` with standard error a pseudo-terminal: status, stdout, what the
    terminal showed."""
    leader, follower = os.openpty()
    out = tempfile.TemporaryFile()
    child = subprocess.Popen([PINOCHLE, *args], stdout=out, stderr=follower,
                             stdin=subprocess.DEVNULL)
    os.close(follower)
    shown = b""
    while True:
        try:
            data = os.read(leader, 65536)
        except OSError:          # the child closed the terminal's last writer
            break
        if not data:
            break
        shown += data
    status = child.wait(120)
    os.close(leader)
    out.seek(0)
    return status, out.read().decode("utf-8"), shown


@pytest.mark.slow
def test_the_progress_line_is_drawn_on_a_terminal_only(archive):
    status, out, shown = _on_a_terminal("validate", "-j", "2", str(archive))
    assert status == 0
    assert b"\rvalidating: " in shown and b" files" in shown and b"battles/s" in shown
    assert b"9 files, 156 games" in shown                      # the closing table too
    piped = pinochle("validate", "-j", "2", str(archive))
    assert piped.stderr == "" and piped.stdout == out         # not in a pipe
    status, _, quiet = _on_a_terminal("validate", "--no-progress", "--no-stats", str(archive))
    assert status == 0 and quiet == b""


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found.update(int(p) for p in (task / "children").read_text().split())
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.slow
def test_ctrl_c_stops_a_two_job_run_promptly_without_workers_left(tmp_path):
    big = tmp_path / "big.pin"
    big.write_text(games_text(150, 41), encoding="utf-8")
    folder = tmp_path / "many"
    folder.mkdir()
    for i in range(12):
        (folder / f"{i:02d}.pin").write_bytes(big.read_bytes())
    child = subprocess.Popen([PINOCHLE, "validate", "-j", "2", str(folder)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             stdin=subprocess.DEVNULL, start_new_session=True)
    assert child.stdout.read(1)                      # reporting: the workers are at work
    workers = _children(child.pid)
    assert len(workers) >= 2
    os.killpg(child.pid, signal.SIGINT)              # Ctrl-C at a terminal: the whole group
    started = time.monotonic()
    _, err = child.communicate(timeout=60)
    assert child.returncode == 130
    assert time.monotonic() - started < 5
    assert b"Traceback" not in err and b"KeyboardInterrupt" not in err
    assert not [pid for pid in workers if _alive(pid)]
