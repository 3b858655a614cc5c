#!/usr/bin/env python3
"""Build the bundled word lists in ``solvers/data/`` from Debian's ``scowl`` package and wordfreq.

Usage (after ``apt-get install scowl`` and ``pip install '.[build]'``)::

    python scripts/build_lexicons.py                 # writes solvers/data/{common,full,huge}.*
    python scripts/build_lexicons.py --scowl DIR --out DIR

Each lexicon is the union of SCOWL's ``english-words.N`` and ``american-words.N`` files for
every level N up to the lexicon's maximum (common 50, full 80, huge 95), keeping only
lowercase a-z words (no capitals, apostrophes or accents), less the slurs of
``solvers/data/slurs.txt``, sorted, one per line, gzip-compressed (``NAME.txt.gz``).

Beside each, ``NAME.meta.gz`` holds three bytes per word, in the same order: its commonness
(wordfreq's English Zipf frequency, times 10, rounded: 0 = not in wordfreq), its SCOWL level,
and flags (bit 0: vulgar, from ``solvers/data/vulgar.txt``). wordfreq is used here only; the
bot never imports it.

The gzip headers carry no timestamp or file name, so a rebuild is byte-identical. SCOWL's
copyright notice is copied beside the data, as its licence requires.
"""

from __future__ import annotations

import argparse
import gzip
import re
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from solvers.lexicon import expand_tier, read_tier  # noqa: E402  (the runtime reads the tiers the same way)

LEXICON_LEVELS = {"common": 50, "full": 80, "huge": 95}
SCOWL_PARTS = ("english-words", "american-words")
DEFAULT_SCOWL = Path("/usr/share/dict/scowl")
DEFAULT_COPYRIGHT = Path("/usr/share/doc/scowl/copyright")
DATA = Path(__file__).resolve().parent.parent / "solvers" / "data"
WORD = re.compile(r"[a-z]+")
VULGAR = 1


def scowl_levels(scowl_dir: Path, max_level: int) -> dict[str, int]:
    """Every lowercase a-z word of SCOWL levels <= max_level, with the lowest level it is in."""
    levels: dict[str, int] = {}
    for part in SCOWL_PARTS:
        for path in scowl_dir.glob(f"{part}.*"):
            level = path.suffix.lstrip(".")
            if not (level.isdigit() and int(level) <= max_level):
                continue
            for line in path.read_text(encoding="latin-1").splitlines():
                word = line.strip()
                if WORD.fullmatch(word) and levels.get(word, 999) > int(level):
                    levels[word] = int(level)
    return levels


def wordfreq_commonness(words: list[str]) -> list[int]:
    """Each word's Zipf frequency times 10 (0-255), from wordfreq."""
    try:
        from wordfreq import zipf_frequency
    except ImportError:
        raise SystemExit("wordfreq is needed to build the lists: pip install '.[build]'") from None
    return [min(255, round(zipf_frequency(word, "en") * 10)) for word in words]


def write_gzip(data: bytes, path: Path) -> None:
    with open(path, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=9, mtime=0) as out:
        out.write(data)


def build(scowl_dir: Path, out_dir: Path, copyright_file: Path | None, tiers_dir: Path = DATA,
          commonness: Callable[[list[str]], list[int]] = wordfreq_commonness) -> dict[str, int]:
    """Write every lexicon and its figures to out_dir; return the word count of each."""
    out_dir.mkdir(parents=True, exist_ok=True)
    everything = scowl_levels(scowl_dir, max(LEXICON_LEVELS.values()))
    if not everything:
        raise SystemExit(f"no SCOWL word files found in {scowl_dir} (apt-get install scowl)")
    vocabulary = set(everything)
    slurs = expand_tier(read_tier(tiers_dir / "slurs.txt"), vocabulary)
    vulgar = expand_tier(read_tier(tiers_dir / "vulgar.txt"), vocabulary) - slurs
    kept = sorted(vocabulary - slurs)
    figures = dict(zip(kept, commonness(kept)))
    counts = {}
    for name, max_level in LEXICON_LEVELS.items():
        words = [w for w in kept if everything[w] <= max_level]
        write_gzip("".join(w + "\n" for w in words).encode("ascii"), out_dir / f"{name}.txt.gz")
        meta = bytearray()
        for word in words:
            meta += bytes((figures[word], everything[word], VULGAR if word in vulgar else 0))
        write_gzip(bytes(meta), out_dir / f"{name}.meta.gz")
        counts[name] = len(words)
    if copyright_file is not None:
        shutil.copyfile(copyright_file, out_dir / "SCOWL-COPYRIGHT")
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scowl", type=Path, default=DEFAULT_SCOWL, help="SCOWL word-file folder")
    parser.add_argument("--copyright", type=Path, default=DEFAULT_COPYRIGHT, help="SCOWL copyright file")
    parser.add_argument("--out", type=Path, default=DATA, help="output folder")
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
