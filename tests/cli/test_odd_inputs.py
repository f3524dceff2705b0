"""``validate`` under odd inputs, through the console script. A folder that
cannot be listed, and a record file in a folder that is not a regular file (a named pipe would
block ``open`` forever), are unreadable inputs naming themselves (exit 2), never skipped in
silence; a file name that is not UTF-8 is reported with its bytes escaped; bytes after a
compressed file's data are reported after the games before them are judged."""

from __future__ import annotations

import bz2
import gzip
import json
import lzma
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import zstandard
from tests.cli.consolekit import PINOCHLE, ROOT, no_traceback, pinochle

CLUB = ROOT / "corpus" / "games" / "club-night.pin"
FAULTY = ROOT / "corpus" / "faulty" / "R8C3-winner-mark.pin"

COMPRESS = {".gz": gzip.compress, ".bz2": bz2.compress, ".xz": lzma.compress,
            ".zst": lambda data: zstandard.ZstdCompressor().compress(data)}


def unprivileged() -> list[str]:
    """What runs a command without the power to read what a file's mode forbids: nothing for
    an ordinary user; for root (as CI runs), ``setpriv`` taking away the capabilities that
    override file modes (root stays root otherwise, so it can still run the script)."""
    if os.geteuid() != 0:
        return []
    return ["setpriv", "--bounding-set", "-dac_override,-dac_read_search"]


def test_an_unreadable_sub_folder_is_an_unreadable_input_naming_it(tmp_path: Path) -> None:
    shutil.copy(CLUB, tmp_path / "club.pin")
    locked = tmp_path / "locked"
    locked.mkdir()
    shutil.copy(FAULTY, locked / "faulty.pin")
    locked.chmod(0)
    try:
        probe = subprocess.run([*unprivileged(), sys.executable, "-c",
                                "import os, sys; os.listdir(sys.argv[1])", str(locked)],
                               capture_output=True)
        assert probe.returncode != 0, "the test cannot take away the power to read the folder"
        done = subprocess.run([*unprivileged(), PINOCHLE, "validate", "-q", str(tmp_path)],
                              capture_output=True, text=True, timeout=120)
        alone = subprocess.run([*unprivileged(), PINOCHLE, "validate", "--json", str(locked)],
                               capture_output=True, text=True, timeout=120)
    finally:
        locked.chmod(0o755)
    assert done.returncode == 2, done.stdout + done.stderr       # before: 0, and nothing said
    assert f"{locked}: cannot read the folder: Permission denied" in done.stderr
    assert "1 game, 4 battles" in done.stdout and "1 unreadable file" in done.stdout
    report = json.loads(alone.stdout)                # the folder named itself is read the same
    assert alone.returncode == 2 and report["files"][0]["file"] == str(locked)
    assert report["files"][0]["error"] == "cannot read the folder: Permission denied"


def test_a_named_pipe_in_a_folder_is_named_not_opened(tmp_path: Path) -> None:
    shutil.copy(CLUB, tmp_path / "club.pin")
    os.mkfifo(tmp_path / "pipe.pin")
    os.symlink("/dev/zero", tmp_path / "zero.pin")
    done = pinochle("validate", "-q", str(tmp_path), timeout=60)   # before: blocked for ever
    assert done.returncode == 2, done.stderr
    assert f"{tmp_path / 'pipe.pin'}: not read: it is a named pipe, not a regular file" \
        in done.stderr
    assert f"{tmp_path / 'zero.pin'}: not read: it is a character device" in done.stderr
    assert "1 game, 4 battles" in done.stdout and "2 unreadable files" in done.stdout
    no_traceback(done)


def test_a_file_name_that_is_not_utf8_is_reported_escaped(tmp_path: Path) -> None:
    folder = os.fsencode(tmp_path)
    with open(os.path.join(folder, b"\xff\xfename.pin"), "wb") as out:
        out.write(FAULTY.read_bytes())
    for form in ("json", "jsonl", "text"):
        done = pinochle("validate", "--format", form, str(tmp_path))
        assert done.returncode == 1, done.stderr            # before: 3, the report cut short
        assert f"{tmp_path}/\\xff\\xfename.pin" in (done.stdout if form == "text" else
                                                     done.stdout.replace("\\\\", "\\"))
        no_traceback(done)
    report = json.loads(pinochle("validate", "--json", str(tmp_path)).stdout)
    assert report["files"][0]["file"] == f"{tmp_path}/\\xff\\xfename.pin"


@pytest.mark.parametrize("suffix", sorted(COMPRESS))
def test_bytes_after_compressed_data_are_reported_after_its_games(tmp_path: Path,
                                                                  suffix: str) -> None:
    text = CLUB.read_bytes() * 30                   # 30 games, several blocks decompressed
    path = tmp_path / f"x.pin{suffix}"
    path.write_bytes(COMPRESS[suffix](text) + b"garbage\n")
    for jobs in ("1", "2"):
        done = pinochle("validate", "-q", "-j", jobs, str(path))
        assert done.returncode == 2, done.stderr
        assert "30 games, 120 battles: 0 errors" in done.stdout    # before (gzip): 28, and a
        assert "syntax error" not in done.stdout + done.stderr     # false syntax error
        lines = text.count(b"\n")
        assert f"cannot read the file past line {lines}: what follows the" in done.stderr
        no_traceback(done)


@pytest.mark.parametrize("suffix", sorted(COMPRESS))
def test_frames_one_after_another_and_zero_padding_read_as_one_file(tmp_path: Path,
                                                                    suffix: str) -> None:
    text = CLUB.read_bytes()
    path = tmp_path / f"x.pin{suffix}"
    path.write_bytes(COMPRESS[suffix](text) + COMPRESS[suffix](text) + bytes(512))
    done = pinochle("validate", "-q", str(path))
    assert done.returncode == 0 and "2 games, 8 battles: 0 errors" in done.stdout, done.stderr


@pytest.mark.parametrize("target", ["/dev/zero", "pipe"])
def test_a_fixture_whose_record_is_no_regular_file_fails_its_case_at_once(tmp_path: Path,
                                                                          target: str) -> None:
    """Before: a record path of /dev/zero was read whole until the machine ran out of memory
    (and a named pipe blocked). A fixture and its record are read as ``validate`` reads: a
    file beside the fixture, a regular one."""
    fixture = json.loads((ROOT / "corpus" / "rulebook" / "R9A" / "R9A.A4.json").read_text())
    if target == "pipe":
        os.mkfifo(tmp_path / "pipe.pin")
    fixture["record"] = target if target == "/dev/zero" else "pipe.pin"
    (tmp_path / "case.json").write_text(json.dumps(fixture))
    os.symlink("/dev/zero", tmp_path / "zero.json")       # a fixture file that never ends
    done = pinochle("conformance", str(tmp_path), timeout=60)
    assert done.returncode == 1, done.stdout + done.stderr
    record = "/dev/zero" if target == "/dev/zero" else tmp_path / "pipe.pin"
    assert f"record: {record}: not a regular file; a fixture and its record are files" \
        in done.stdout
    assert f"{tmp_path / 'zero.json'}: not a regular file" in done.stdout
    assert done.stdout.endswith("0 passed, 2 failed\n")
    no_traceback(done)
