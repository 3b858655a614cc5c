#!/usr/bin/env python3
"""Build the bundled word lists in ``solvers/data/`` from Debian's ``scowl`` package.

Usage (after ``apt-get install scowl``)::

    python scripts/build_lexicons.py                 # writes solvers/data/{common,full}.txt.gz
    python scripts/build_lexicons.py --scowl DIR --out DIR

Each lexicon is the union of SCOWL's ``english-words.N`` and ``american-words.N`` files
for every level N up to the lexicon's maximum, keeping only lowercase a-z words
(no capitals, apostrophes or accents), sorted, one per line, gzip-compressed.
The gzip header carries no timestamp or file name, so a rebuild is byte-identical.
SCOWL's copyright notice is copied beside the data, as its licence requires.
"""

from __future__ import annotations

import argparse
import gzip
import re
import shutil
import sys
from pathlib import Path

LEXICON_LEVELS = {"common": 50, "full": 80}
SCOWL_PARTS = ("english-words", "american-words")
DEFAULT_SCOWL = Path("/usr/share/dict/scowl")
DEFAULT_COPYRIGHT = Path("/usr/share/doc/scowl/copyright")
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "solvers" / "data"
WORD = re.compile(r"[a-z]+")


def scowl_files(scowl_dir: Path, max_level: int) -> list[Path]:
    """The SCOWL word files of levels <= max_level, in a stable order."""
    files = []
    for part in SCOWL_PARTS:
        for path in scowl_dir.glob(f"{part}.*"):
            level = path.suffix.lstrip(".")
            if level.isdigit() and int(level) <= max_level:
                files.append(path)
    return sorted(files, key=lambda p: (p.stem, int(p.suffix[1:])))


def collect_words(files: list[Path]) -> list[str]:
    """Sorted unique lowercase a-z words from SCOWL files (Latin-1 encoded)."""
    words: set[str] = set()
    for path in files:
        for line in path.read_text(encoding="latin-1").splitlines():
            word = line.strip()
            if WORD.fullmatch(word):
                words.add(word)
    return sorted(words)


def write_gzip(words: list[str], path: Path) -> None:
    data = "".join(word + "\n" for word in words).encode("ascii")
    with open(path, "wb") as raw, gzip.GzipFile(
        filename="", mode="wb", fileobj=raw, compresslevel=9, mtime=0
    ) as out:
        out.write(data)


def build(scowl_dir: Path, out_dir: Path, copyright_file: Path | None) -> dict[str, int]:
    """Write every lexicon to out_dir; return the word count of each."""
    out_dir.mkdir(parents=True, exist_ok=True)
    counts = {}
    for name, max_level in LEXICON_LEVELS.items():
        files = scowl_files(scowl_dir, max_level)
        if not files:
            raise SystemExit(f"no SCOWL word files found in {scowl_dir} (apt-get install scowl)")
        words = collect_words(files)
        write_gzip(words, out_dir / f"{name}.txt.gz")
        counts[name] = len(words)
    if copyright_file is not None:
        shutil.copyfile(copyright_file, out_dir / "SCOWL-COPYRIGHT")
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scowl", type=Path, default=DEFAULT_SCOWL, help="SCOWL word-file folder")
    parser.add_argument("--copyright", type=Path, default=DEFAULT_COPYRIGHT, help="SCOWL copyright file")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder")
    args = parser.parse_args(argv)
    if not args.scowl.is_dir():
        print(f"{args.scowl} not found: install Debian's scowl package (apt-get install scowl)", file=sys.stderr)
        return 2
    copyright_file = args.copyright if args.copyright.is_file() else None
    for name, count in build(args.scowl, args.out, copyright_file).items():
        print(f"{name}: {count} words (SCOWL levels <= {LEXICON_LEVELS[name]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
