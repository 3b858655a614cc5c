#!/usr/bin/env python3
"""Five words of 25 letters: our solver on ``huge`` against a write-up's numpy method, in one run.

The puzzle: every set of five five-letter words using 25 different letters, anagrams counted
once (a set is a set of distinct letter masks; "with anagrams" multiplies out the words per
mask). Ours (``solvers.fivewords.five_words``) is given the list's *name* on every run, so each
run reads the wanted words from the bundled gzip list and builds its index anew (a str source is
never cached): times include loading the list. 5×5 and 4×6: p50 and p99 over repeats; 6×4 once,
counting only (``keep=0``: its ~21 million sets are not listed).

The baseline is the method of the Python write-up that reports 4 min 26 s on the 370k-word
``words_alpha.txt`` (blog.haondt.dev/five-letters.html): bitmasking, pruning of duplicate pair
masks, and vectorisation with numpy outer products, implemented as :func:`writeup_method`
describes. It must find exactly our sets (compared as sets of letter masks), and the ratio is
its time over our p50. Both read the words with the same reader (``words_of_length``).

With ``--list PATH`` (a word-per-line file, such as the famous puzzle's ``words_alpha.txt``)
it times instead whole processes of ``wordbot fivewords --lexicon PATH`` (start-up, reading the
list, the search, printing every set), and with ``--peer PATH/5words.py`` a copy of a
published script (one the user has: none ships here) run on the same file, side by side,
alternately, as ``python 5words.py`` in a scratch folder where ``words_alpha.txt`` is that list.
Every process runs with its modules' bytecode cached, as installed code runs (``installed_env``),
and finds our modules and numpy as an installed wordbot does (``timing.installed``).

    .venv/bin/python benchmarks/fivewords.py [--repeats 20] [--baseline-repeats 1] [--ours-only]
    .venv/bin/python benchmarks/fivewords.py --list PATH/words_alpha.txt [--peer PATH/5words.py] [--processes 7] \
        [--plain] [--stages]

``--plain`` (with ``--list``) also times ``benchmarks/fivewords_plain.py``, the same search in plain
Python (no numpy), as a yardstick: would leaving numpy out meet the goal?

``--stages`` (with ``--list``) says where a process's CPU time goes: Python's start, importing
numpy, importing the command's modules, reading the file's 5-letter words, indexing them, the
search, and printing, each the median of ``--processes`` fresh processes.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from solvers.fivewords import FiveWords, five_words, words_of_length  # noqa: E402
from solvers.lexicon import letter_mask  # noqa: E402

from timing import installed, ms, timed  # noqa: E402  (benchmarks/timing.py)

LIST = "huge"
TILE_ROWS, TILE_COLUMNS = 64, 32_768
"""The outer products are computed in tiles of this many rows x columns (8 MB of uint32)."""


def disjoint_tiles(left: np.ndarray, right: np.ndarray, upper: bool):
    """Every (i, j) with ``left[i] & right[j] == 0`` (and j > i when ``upper``, left and right
    being the same array), as index arrays per tile: ``left[:, None] & right[None, :] == 0``
    computed a tile at a time with preallocated buffers, so memory stays bounded."""
    and_buffer = np.empty(TILE_ROWS * TILE_COLUMNS, dtype=np.uint32)
    zero_buffer = np.empty(TILE_ROWS * TILE_COLUMNS, dtype=bool)
    for a in range(0, left.size, TILE_ROWS):
        rows = left[a:a + TILE_ROWS, None]
        for c in range(a + 1 if upper else 0, right.size, TILE_COLUMNS):
            columns = right[None, c:c + TILE_COLUMNS]
            size = rows.size * columns.size
            tile = and_buffer[:size].reshape(rows.size, columns.size)
            np.bitwise_and(rows, columns, out=tile)
            flat = np.flatnonzero(np.equal(tile, 0, out=zero_buffer[:size].reshape(tile.shape)))
            i, j = a + flat // columns.size, c + flat % columns.size
            if upper:
                i, j = i[j > i], j[j > i]
            yield i, j


def grouped(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The unique keys, and for each the positions holding it: positions[starts[k]:starts[k+1]]."""
    unique, inverse = np.unique(keys, return_inverse=True)
    order = np.argsort(inverse, kind="stable")
    return unique, order, np.searchsorted(inverse[order], np.arange(unique.size + 1))


def writeup_method(name: str) -> tuple[set[frozenset[int]], int, dict[str, float]]:
    """The write-up's method: words of 5 distinct letters as 26-bit masks, anagrams kept once;
    every pair of disjoint masks by an outer product (upper triangle); the pair masks (OR of
    the two) deduplicated, each unique pair mask keeping the pairs that make it; every pair of
    disjoint unique pair masks (i < j) by outer products in tiles, giving 20-letter masks,
    deduplicated; each 20-letter mask's fifth word by an outer product with the single masks;
    finally each (20-letter mask, fifth word) expanded back to its sets of five masks, which are
    deduplicated as frozensets (a set of four words is reached by up to three splittings into two
    pairs, a set of five from each of its five 20-letter subsets). No letter reordering, no
    candidate lists: only the numpy vectorisation the write-up describes.
    Returns the sets, the count with anagrams and the seconds per stage."""
    stages, started = {}, time.perf_counter()

    def stage(label: str) -> None:
        nonlocal started
        stages[label] = stages.get(label, 0.0) + time.perf_counter() - started
        started = time.perf_counter()

    anagrams: dict[int, int] = defaultdict(int)
    for word in words_of_length(name, 5):
        if len(set(word)) == 5:
            anagrams[letter_mask(word)] += 1
    masks = np.array(sorted(anagrams), dtype=np.uint32)
    stage("loading, masks")
    first, second = np.nonzero(np.triu((masks[:, None] & masks[None, :]) == 0, 1))
    pair_masks, pair_order, pair_starts = grouped(masks[first] | masks[second])
    stage(f"{first.size:,} pairs -> {pair_masks.size:,} pair masks")
    left, right = map(np.concatenate, zip(*disjoint_tiles(pair_masks, pair_masks, upper=True), strict=True))
    stage(f"{pair_masks.size:,}^2/2 pair-mask products -> {left.size:,} disjoint")
    quad_masks, quad_order, quad_starts = grouped(pair_masks[left] | pair_masks[right])
    stage(f"-> {quad_masks.size:,} 20-letter masks")
    quads, fifths = map(np.concatenate, zip(*disjoint_tiles(quad_masks, masks, upper=False), strict=True))
    stage(f"{quad_masks.size:,} x {masks.size:,} fifth-word products -> {quads.size:,}")

    def pairs_of(pair_mask: int) -> list[tuple[int, int]]:
        positions = pair_order[pair_starts[pair_mask]:pair_starts[pair_mask + 1]]
        return list(zip(masks[first[positions]].tolist(), masks[second[positions]].tolist(), strict=True))

    sets: set[frozenset[int]] = set()
    for quad, fifth in zip(quads.tolist(), masks[fifths].tolist(), strict=True):
        for k in quad_order[quad_starts[quad]:quad_starts[quad + 1]].tolist():
            for a, b in pairs_of(int(left[k])):
                for c, d in pairs_of(int(right[k])):
                    sets.add(frozenset((a, b, c, d, fifth)))
    stage("expanding and deduplicating the sets")
    with_anagrams = sum(np.prod([anagrams[m] for m in s]) for s in sets)
    return sets, int(with_anagrams), stages


def mask_sets(result: FiveWords) -> set[frozenset[int]]:
    return {frozenset(letter_mask(group[0]) for group in s.groups) for s in result.sets}


def installed_env(scratch: str) -> dict[str, str]:
    """The environment of a timed process, as installed code runs: its modules' bytecode cached
    (here under ``scratch``, not beside the sources). With PYTHONDONTWRITEBYTECODE set, as in
    this project's sandbox, every process would compile each of our modules again, which an
    installed bot never does (pip compiles them); the peer, one script, is compiled every run
    either way, as ``python 5words.py`` always is."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(Path(scratch) / "pycache")
    return env


def run_seconds(command: list[str], cwd: str | None = None, env: dict[str, str] | None = None) -> tuple[float, str]:
    """The wall time of a whole process, and its standard output."""
    started = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=True)
    return time.perf_counter() - started, done.stdout


def cpu_seconds(command: list[str], env: dict[str, str], cwd: str | None = None) -> float:
    """The CPU time (user and system) of a whole process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    run_seconds(command, cwd, env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


STAGES = """
import contextlib, io, os, sys, time
from pathlib import Path
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # as bot.cli sets it for a terminal command
marks = [time.process_time()]
import numpy
marks.append(time.process_time())
import bot.cli, bot.lab.fivewords.terminal
marks.append(time.process_time())
from solvers.fivewords import five_words
from solvers.fivewords.index import _build_index, words_of_length
words = words_of_length(Path(sys.argv[1]), 5)
marks.append(time.process_time())
_build_index(words, 5, sys.argv[1])
marks.append(time.process_time())
five_words(Path(sys.argv[1]))
marks.append(time.process_time())
with contextlib.redirect_stdout(io.StringIO()):
    bot.cli.main(["fivewords", "--lexicon", sys.argv[1], "--list", "0"])
marks.append(time.process_time())
with contextlib.redirect_stdout(io.StringIO()):
    bot.cli.main(["fivewords", "--lexicon", sys.argv[1]])
marks.append(time.process_time())
print(" ".join(str(b - a) for a, b in zip(marks, marks[1:])))
"""
STAGE_NAMES = ("import numpy", "import the command's modules", "read the 5-letter words", "index them",
               "the search (five_words less the two above)", "listing the sets (the command less --list 0)")


def time_stages(word_list: Path, processes: int) -> None:
    """The median of each stage over ``processes`` fresh processes (see STAGES), in CPU time: on a
    shared machine it is less disturbed than wall time."""
    rows, starts = [], []
    with tempfile.TemporaryDirectory() as scratch:
        env = installed_env(scratch)
        python, _ = installed(Path(scratch) / "installed")
        run_seconds([python, "-c", STAGES, str(word_list)], env=env)  # fills the bytecode cache
        for _ in range(processes):
            starts.append(cpu_seconds([python, "-c", "pass"], env))
            rows.append([float(x) for x in run_seconds([python, "-c", STAGES, str(word_list)],
                                                       env=env)[1].split()])
    read, index, whole = (np.median([row[k] for row in rows]) for k in (2, 3, 4))
    listing = np.median([row[6] - row[5] for row in rows])
    figures = [np.median(starts), np.median([row[0] for row in rows]), np.median([row[1] for row in rows]),
               read, index, whole - read - index, listing]
    print(f"where a process's time goes (CPU time, medians of {processes} processes):")
    for label, seconds in zip(("Python's start (python -c pass)", *STAGE_NAMES), figures, strict=True):
        print(f"  {label:<46} {ms(seconds):>9}")
    print(f"  {'in all':<46} {ms(sum(figures)):>9}")


PLAIN = Path(__file__).resolve().with_name("fivewords_plain.py")


def whole_processes(word_list: Path, peer: Path | None, processes: int, plain: bool = False) -> int:
    ours, theirs, ours_cpu, theirs_cpu, plains, plain_stages = [], [], [], [], [], []
    with tempfile.TemporaryDirectory() as scratch:
        env = installed_env(scratch)
        python, wordbot = installed(Path(scratch) / "installed")  # ours, the peer's and numpy's Python
        ours_command = [wordbot, "fivewords", "--lexicon", str(word_list)]
        plain_command = [python, str(PLAIN), str(word_list), "--stages"]
        counted = json.loads(run_seconds(ours_command + ["--json", "--list", "0"], env=env)[1])  # and caches
        print(f"Five words, whole processes, on {word_list} · {platform.python_implementation()} "
              f"{platform.python_version()}, numpy {np.__version__} · ours finds {counted['count']} sets, "
              f"{counted['count_with_anagrams']} with anagrams · bytecode cached, as installed")
        if plain:  # the same sets as ours, every one
            printed = run_seconds(plain_command, env=env)[1].splitlines()
            listed = json.loads(run_seconds(ours_command + ["--json"], env=env)[1])["sets"]
            assert printed[1].split() == [str(counted["count"]), str(counted["count_with_anagrams"])], printed[1]
            assert printed[2:] == sorted(" ".join("/".join(group) for group in s["groups"]) for s in listed)
        if peer is not None:
            (Path(scratch) / "words_alpha.txt").symlink_to(word_list.resolve())
            (Path(scratch) / peer.name).write_bytes(peer.read_bytes())
        for _ in range(processes):  # alternately, so a busy moment of the machine hits both
            ours.append(run_seconds(ours_command, env=env)[0])
            ours_cpu.append(cpu_seconds(ours_command, env))
            if peer is not None:
                theirs.append(run_seconds([python, peer.name], cwd=scratch, env=env)[0])
                theirs_cpu.append(cpu_seconds([python, peer.name], env, cwd=scratch))
            if plain:
                seconds, printed = run_seconds(plain_command, env=env)
                plains.append(seconds)
                plain_stages.append([float(x) / 1000 for x in printed.split("\n", 1)[0].split()])
        numpy_imports = [run_seconds([python, "-c", "import numpy"], env=env)[0] for _ in range(processes)]
    line = f"ours  wordbot fivewords --lexicon {word_list.name}: p50 {ms(np.percentile(ours, 50))}, p99 " \
           f"{ms(np.percentile(ours, 99))}"
    print(f"{line} over {processes} processes")
    if peer is not None:
        ratio = float(np.percentile(theirs, 50) / np.percentile(ours, 50))
        print(f"peer  python {peer.name}: p50 {ms(np.percentile(theirs, 50))}, p99 {ms(np.percentile(theirs, 99))}"
              f" · ours is {ratio:.2f}x as fast (p50; goal: 2x)")
        cpu_ratio = float(np.median(theirs_cpu) / np.median(ours_cpu))
        print(f"in CPU time (user and system, another run of each): ours p50 {ms(np.median(ours_cpu))}, peer p50 "
              f"{ms(np.median(theirs_cpu))} · ours is {cpu_ratio:.2f}x as fast")
    print(f"for scale: python -c 'import numpy' takes {ms(np.percentile(numpy_imports, 50))} (p50)")
    if plain:
        read, index, search = (np.median([row[k] for row in plain_stages]) for k in range(3))
        versus = f" · {float(np.percentile(theirs, 50) / np.percentile(plains, 50)):.2f}x the peer" if peer else ""
        print(f"plain python {PLAIN.name} (no numpy, the same search in Python ints, the same sets): p50 "
              f"{ms(np.percentile(plains, 50))}, p99 {ms(np.percentile(plains, 99))}{versus}; inside it, "
              f"reading {ms(read)}, indexing {ms(index)}, the search {ms(search)} (medians)")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", type=Path, default=None, dest="word_list",
                        help="time whole processes on this word-per-line file")
    parser.add_argument("--peer", type=Path, default=None, help="a copy of a published five-words script, "
                                                                "timed beside ours on --list")
    parser.add_argument("--processes", type=int, default=7, help="whole processes timed each (with --list)")
    parser.add_argument("--stages", action="store_true", help="with --list: where a process's time goes")
    parser.add_argument("--plain", action="store_true",
                        help="with --list: also time fivewords_plain.py, the search without numpy")
    parser.add_argument("--repeats", type=int, default=20, help="timed runs of ours, 5×5 and 4×6 (default 20)")
    parser.add_argument("--baseline-repeats", type=int, default=1,
                        help="timed runs of the write-up's method (minutes each)")
    parser.add_argument("--ours-only", action="store_true", help="skip the write-up's method")
    args = parser.parse_args()
    if args.peer is not None and args.word_list is None:
        parser.error("--peer needs --list PATH (the word list the peer script reads)")
    if args.word_list is not None:
        whole_processes(args.word_list, args.peer, args.processes, args.plain)
        if args.stages:
            time_stages(args.word_list, args.processes)
        return 0
    print(f"Five words benchmark · list {LIST!r}, each run of ours including loading the list · "
          f"{platform.python_implementation()} {platform.python_version()}, numpy {np.__version__} "
          f"on {platform.machine()} ({platform.processor() or platform.system()})")
    ours, times = timed(lambda: five_words(LIST, words=5, letters=5), args.repeats)
    p50 = float(np.percentile(times, 50))
    print(f"\nours 5×5: p50 {ms(p50)}, p99 {ms(np.percentile(times, 99))} over {len(times)} runs · "
          f"{ours.count} sets, {ours.count_with_anagrams} with anagrams")
    (six, ), six_times = timed(lambda: (five_words(LIST, words=6, letters=4, keep=0),), 1)
    print(f"ours 6×4: {six_times[0]:.1f} s (one run, counting only: keep=0) · "
          f"{six.count:,} sets, {six.count_with_anagrams:,} with anagrams")
    four, four_times = timed(lambda: five_words(LIST, words=4, letters=6), args.repeats)
    print(f"ours 4×6: p50 {ms(np.percentile(four_times, 50))}, p99 {ms(np.percentile(four_times, 99))} "
          f"over {len(four_times)} runs · {four.count} sets, {four.count_with_anagrams} with anagrams")
    ratio = None
    if not args.ours_only:
        (sets, with_anagrams, stages), base_times = timed(lambda: writeup_method(LIST), args.baseline_repeats)
        assert len(sets) == ours.count and sets == mask_sets(ours), (len(sets), ours.count)
        assert with_anagrams == ours.count_with_anagrams, (with_anagrams, ours.count_with_anagrams)
        base = float(np.percentile(base_times, 50))
        ratio = base / p50
        runs = f"p50 of {len(base_times)} runs" if len(base_times) > 1 else "one run"
        print(f"\nwrite-up's method 5×5: {base:.1f} s ({runs}) · {len(sets)} sets, {with_anagrams} with anagrams, "
              f"the same sets as ours · {ratio:,.0f}× ours (p50)")
        for label, seconds in stages.items():
            print(f"  {label:<58} {seconds:8.2f} s  {seconds / sum(stages.values()):6.1%}")
    shown = "baseline skipped" if ratio is None else f"{ratio:,.0f}×"
    print(f"\ngoal: under 0.25 s for 5×5 and more than 1000× the write-up's method · "
          f"now {ms(p50)} ({'met' if p50 < 0.25 else 'not met'}), {shown}"
          + ("" if ratio is None else f" ({'met' if ratio > 1000 else 'not met'})"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
