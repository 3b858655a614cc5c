"""A list given by path is read a piece at a time: its memory follows the words kept, not the
lines read. Measured in a child process (its own peak RSS), on 20 MB files: one-letter lines
(10 million lines, refused for their number, which it says) and "word,definition" lines under
the line limit (kept). Reading them whole once took about 1.2 GB."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHILD = """
import json, resource, sys
from solvers.lexicon import Lexicon, LexiconError
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
try:
    said = f"{len(Lexicon.load(sys.argv[1]))} words"
except LexiconError as error:
    said = str(error)
growth = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
print(json.dumps({"said": said, "growth_mb": growth / 1024}))
"""


def peak_growth(path: Path, cache: Path) -> dict:
    environment = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    done = subprocess.run([sys.executable, "-c", CHILD, str(path)], cwd=ROOT, env=environment,
                          capture_output=True, text=True, timeout=120, check=True)
    return json.loads(done.stdout)


@pytest.mark.skipif(sys.platform != "linux", reason="ru_maxrss is in kB on Linux")
@pytest.mark.parametrize(("line", "count", "said"), [
    (b"%c\n", 403 * 26_000, "has 10,478,000 lines; a word list may have at most 2,000,000."),
    (b"%c,a definition\n", 54 * 26_000, "26 words"),
], ids=["one-letter lines", "word,definition"])
def test_a_20_mb_file_takes_little_memory(tmp_path, line, count, said):
    path = tmp_path / "big.txt"
    with open(path, "wb") as file:
        block = b"".join(line % (97 + i % 26) for i in range(26 * 1000))
        for _ in range(count // 26_000):
            file.write(block)
    assert path.stat().st_size >= 19 * 2**20
    measured = peak_growth(path, tmp_path / "cache")
    assert measured["said"].endswith(said)
    assert measured["growth_mb"] < 150, measured
