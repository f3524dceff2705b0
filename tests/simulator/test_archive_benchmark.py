"""benchmarks/archive.py, the archive benchmark: the archive it builds (nested folders,
every compression, the battles asked for, whole games of simulated legal records) and, run as a
person runs it on a tiny archive, every figure it must print: battles/s for ``-j 1``, ``-j 2``
and ``--cluster`` with their targets, peak memory of the whole archive and of a tenth for each,
and the cold start."""

from __future__ import annotations

import bz2
import gzip
import importlib.util
import lzma
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import IO

import pytest
import zstandard

from pinochle.notation import Game, iter_games

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "archive.py"


@pytest.fixture(scope="module")
def bench():
    folder = str(ROOT / "benchmarks")
    sys.path.insert(0, folder)          # for its benchkit
    try:
        spec = importlib.util.spec_from_file_location("archive_benchmark", SCRIPT)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module     # its dataclasses look their module up there
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(folder)
    return module


def _open(path: Path) -> IO[bytes]:
    if path.suffix == ".gz":
        return gzip.open(path, "rb")
    if path.suffix == ".bz2":
        return bz2.open(path, "rb")
    if path.suffix == ".xz":
        return lzma.open(path, "rb")
    if path.suffix == ".zst":
        return zstandard.open(path, "rb")
    return open(path, "rb")


def test_the_archive_is_nested_compressed_every_way_and_holds_the_battles_it_says(
        tmp_path: Path, bench) -> None:
    root = tmp_path / "archive"
    archive = bench.archive_in(root, 12, 400, "mixed", 3)
    found = sorted(p for p in root.rglob("*") if p.is_file() and p.name != "archive.json")
    assert [str(p.relative_to(root)) for p in found] == sorted(archive.files)
    assert all(len(p.relative_to(root).parts) == 3 for p in found)      # club/month/file
    assert Counter("".join(p.suffixes) for p in found) == {
        ".pin": 3, ".pin.gz": 3, ".pin.bz2": 2, ".pin.xz": 2, ".pin.zst": 2}
    rulesets: set[str] = set()
    for path in found:
        with _open(path) as raw:
            games = list(iter_games(raw, str(path)))
        assert games and all(isinstance(g, Game) for g in games), path
        assert sum(len(g.battles) for g in games) == archive.files[str(path.relative_to(root))]
        rulesets.update(g.tags.get("Ruleset", "east-point") for g in games)
    assert len(rulesets) > 1                                            # mixed
    assert archive.battles >= 400 and archive.seconds > 0
    folder, files, battles = archive.tenth()
    assert folder == root / "club-00" and (files, battles) == (
        2, sum(n for name, n in archive.files.items() if name.startswith("club-00/")))

    again = bench.archive_in(root, 12, 400, "mixed", 3)                 # reused, not rebuilt
    assert again.files == archive.files and again.seconds == 0
    with pytest.raises(SystemExit, match="made with"):
        bench.archive_in(root, 12, 401, "mixed", 3)
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "mine.txt").write_text("a person's file", encoding="utf-8")
    with pytest.raises(SystemExit, match="not empty"):
        bench.archive_in(tmp_path / "other", 12, 400, "mixed", 3)


NUMBER = r"(\d+(?:\.\d+)?)"


def test_a_tiny_run_prints_every_figure(tmp_path: Path) -> None:
    """Needs the archive runner (``validate -j N``, ``--cluster``, folders and compressed files):
    a command that fails makes the script exit 1 with the command's standard error."""
    done = subprocess.run([sys.executable, str(SCRIPT), "--files", "6", "--battles", "300",
                           "--repeat", "1", "--dir", str(tmp_path / "archive")],
                          capture_output=True, text=True, timeout=900, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert "Traceback" not in out + done.stderr
    assert re.search(r"^  6 files \(2 \.pin, 1 \.pin\.gz, 1 \.pin\.bz2, 1 \.pin\.xz, "
                     r"1 \.pin\.zst\), (\d+) battles", out, re.M)
    rates = {}
    for label in ("-j 1", "-j 2", "--cluster"):
        match = re.search(rf"^validate {label} DIR: +{NUMBER} battles/s +{NUMBER} s "
                          r"\(best of 1\)(.*)$", out, re.M)
        assert match, (label, out)
        rates[label] = float(match[1])
        assert rates[label] > 0 and float(match[2]) > 0
        if label == "-j 1":
            assert re.fullmatch(r"  target >= 2500 battles/s: (met|not met)", match[3])
        else:
            ratio = re.match(rf"  {NUMBER}x -j 1", match[3])
            assert ratio, match[0]
            assert float(ratio[1]) == pytest.approx(rates[label] / rates["-j 1"],  # rounded
                                                    rel=0.03, abs=0.006)
        if label == "-j 2":
            assert re.search(r", target >= 1\.8x: (met|not met)$", match[3])
        match = re.search(rf"^peak memory {label}: whole {NUMBER} MB, a tenth {NUMBER} MB: "
                          rf"{NUMBER}x, (flat|not flat) \(sum of each process's peak RSS: "
                          rf"{NUMBER} / {NUMBER} MB; (\d+) / (\d+) processes\)$", out, re.M)
        assert match, (label, out)
        whole, tenth = float(match[1]), float(match[2])
        # a Python process at least (since a text run imports no pydantic, one validating a
        # tiny input is about 9 MB: this floor was 10 MB before)
        assert whole > 5 and tenth > 5
        assert float(match[5]) >= whole and float(match[6]) >= tenth
        assert int(match[7]) >= 1 and int(match[8]) >= 1
    assert re.search(r"^cold start: .*\d", out, re.M), out
