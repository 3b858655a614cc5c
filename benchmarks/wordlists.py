#!/usr/bin/env python3
"""A server's own word list, uploaded and ready: a 280,000-word file (two columns, as lists with
counts or definitions come) parsed in a worker process (``bot.jobs``, as /lists upload does),
stored in a fresh SQLite database in one transaction, and its lexicon built as the bot does
(``GuildLists(build_in_worker=True)``: a worker process writes the lexicon cache file, the bot
maps it), while the event loop's lateness is measured. Each run uploads a list of its own (one
word differs), so no run finds the cache file of another. The baseline, in the same run: building
the same lexicon in this process (``build_lexicon``, what the bot did in a thread before). Then
/anagram's solver on the uploaded list against ``full``, and the memory a cached list holds.
Goal: ready in < 5 s.

First, reading a word file given by path (``solvers.lexicon.read_word_lines``: the bytes read,
decoded and split once, the words of every line; what ``--lexicon PATH`` and five words read)
against ``open(path).read().split()`` (the least any Python reader does: no rule, no set of
different words) on dwyl's ``words_alpha.txt`` (``--alpha PATH``; without it, a stand-in of the
same shape: 370,105 words of ``huge`` sampled, sorted, CRLF line ends), the two in turns in the
same run, p50 and p99 of each and the ratio of the p50s. Goal: within 1.5x. ``--read-only``
stops there.

    .venv/bin/python benchmarks/wordlists.py [--runs 5] [--words 280000] [--alpha PATH] [--reads 41] [--read-only]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.timing import ms, timed  # noqa: E402
from bot.db import open_database  # noqa: E402
from bot.jobs import JobRunner  # noqa: E402
from bot.lexicons.guild_lists import GuildLists, lexicon_bytes  # noqa: E402
from bot.lists.upload import parse_in_worker, store_upload  # noqa: E402
from solvers import anagram  # noqa: E402
from solvers.lexicon import Lexicon, read_word_lines  # noqa: E402
from solvers.wordlist import build_lexicon  # noqa: E402

RACKS = ("AALNST?", "RETAINS", "QUIZ??E", "ETAOINS", "??STONE")
TICK = 0.005
LAGS: list[float] = []  # how late each 5 ms sleep of the event loop woke while a lexicon was built


async def tick(lags: list[float]) -> None:
    while True:
        asked = time.perf_counter()
        await asyncio.sleep(TICK)
        lags.append(time.perf_counter() - asked - TICK)


def upload_bytes(count: int) -> bytes:
    """``count`` words of ``huge`` (every k-th, so every length is there), each with a count column."""
    words = sorted(Lexicon.load("huge").words)
    step = len(words) / count
    chosen = [words[int(i * step)] for i in range(count)]
    return "".join(f"{word.upper()}\t{len(word) * 7}\n" for word in chosen).encode()


async def upload_once(jobs: JobRunner, data: bytes, folder: Path, run: int) -> tuple[float, float, float, Lexicon]:
    """(parse s, store s, build s, lexicon) of one upload into a fresh database."""
    db = await open_database(folder / f"w{run}.sqlite3")
    try:
        lists = GuildLists(db, cache_dir=folder / "cache", build_in_worker=True)
        started = time.perf_counter()
        upload = await jobs.run(jobs.reserve(1, "bench"), parse_in_worker, data + own_word(run))
        parsed = time.perf_counter()
        await store_upload(lists, 1, "club", upload, 1, warm=False)
        stored = time.perf_counter()
        lags: list[float] = []
        ticking = asyncio.create_task(tick(lags))
        lexicon = await lists.lexicon(1, "club")  # built in a worker process: the event loop goes on
        built = time.perf_counter()
        ticking.cancel()
        LAGS.extend(lags)
        return parsed - started, stored - parsed, built - stored, lexicon
    finally:
        await db.close()


def own_word(run: int) -> bytes:
    """A word no other run's list has (letters only: the parser skips lines with digits)."""
    return ("zz" + "".join(chr(ord("a") + int(d)) for d in f"{run}{time.time_ns()}") + "\n").encode()


def anagram_seconds(lexicon: Lexicon, repeats: int) -> list[float]:
    return timed(lambda: [anagram.anagram(lexicon, rack, mode="sub") for rack in RACKS], repeats)[1]


def p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def alpha_stand_in(folder: Path, count: int = 370_105) -> Path:
    """A file shaped as words_alpha.txt: ``count`` words of huge (seeded sample), sorted, CRLF."""
    words = sorted(random.Random(46).sample(sorted(Lexicon.load("huge").words), count))
    path = folder / "words_alpha_stand_in.txt"
    path.write_bytes("".join(f"{word}\r\n" for word in words).encode())
    return path


def reading(path: Path, reads: int) -> float:
    """Times ours and the baseline in turns; prints them; returns the ratio of the p50s."""
    def baseline() -> list[str]:
        with open(path) as file:
            return file.read().split()

    lines, words = read_word_lines(path), baseline()
    assert list(lines.words) == sorted(set(words)), "the reader and the baseline disagree on the words"
    ours, theirs = [], []
    for _ in range(reads):
        ours += timed(lambda: read_word_lines(path), 1)[1]
        theirs += timed(baseline, 1)[1]
    ratio = statistics.median(ours) / statistics.median(theirs)
    print(f"reading {path.name} ({path.stat().st_size / 2**20:.1f} MB, {lines.lines:,} lines, "
          f"{len(lines.words):,} words), {reads} reads each, in turns")
    print(f"  {'read_word_lines(path)':<34} p50 {ms(p(ours, 0.5)):>8}  p99 {ms(p(ours, 0.99)):>8}")
    print(f"  {'open(path).read().split()':<34} p50 {ms(p(theirs, 0.5)):>8}  p99 {ms(p(theirs, 0.99)):>8}")
    print(f"  ratio (p50) {ratio:.2f}x · goal within 1.5x: {'met' if ratio <= 1.5 else 'not met'}")
    return ratio


async def main(runs: int, count: int) -> None:
    data = upload_bytes(count)
    jobs = JobRunner(max_jobs=1, per_user=1)
    with tempfile.TemporaryDirectory() as directory:
        folder = Path(directory)
        await jobs.run(jobs.reserve(1, "warm"), len, b"")  # start the job server once, as a running bot has
        words = [line.split("\t")[0].lower() for line in data.decode().splitlines()]
        _, baseline = timed(lambda: build_lexicon("club", words), runs)
        results = [await upload_once(jobs, data, folder, run) for run in range(runs)]
    totals = [sum(r[:3]) for r in results]
    lexicon = results[-1][3]
    print(f"{len(lexicon):,} words uploaded ({len(data) / 2**20:.1f} MB), {runs} runs")
    for label, index in (("parse in a worker", 0), ("store (one transaction)", 1), ("build the lexicon", 2)):
        values = [r[index] for r in results]
        print(f"  {label:<26} p50 {ms(p(values, 0.5)):>8}  p99 {ms(p(values, 0.99)):>8}")
    print(f"  {'uploaded and ready':<26} p50 {ms(p(totals, 0.5)):>8}  p99 {ms(p(totals, 0.99)):>8}  (goal < 5 s)")
    print(f"  event loop while the lexicon is built: {len(LAGS)} ticks of 5 ms, late by p50 {ms(p(LAGS, 0.5))}, "
          f"p99 {ms(p(LAGS, 0.99))}, at most {ms(max(LAGS))}")
    print(f"  baseline: build_lexicon of the same words, in this process: p50 {ms(statistics.median(baseline))}; "
          f"ratio {statistics.median(totals) / statistics.median(baseline):.2f}x")
    ours, full = anagram_seconds(lexicon, runs), anagram_seconds(Lexicon.load("full"), runs)
    print(f"anagram ({len(RACKS)} racks, sub mode): uploaded p50 {ms(p(ours, 0.5))}, full "
          f"({len(Lexicon.load('full')):,} words) "
          f"p50 {ms(p(full, 0.5))}; ratio {statistics.median(ours) / statistics.median(full):.2f}x")
    print(f"memory of the cached list: {lexicon_bytes(lexicon) / 2**20:.1f} MB "
          f"(full, for comparison: {lexicon_bytes(Lexicon.load('full')) / 2**20:.1f} MB)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--words", type=int, default=280_000)
    parser.add_argument("--alpha", type=Path, default=None, help="dwyl's words_alpha.txt (default: a stand-in)")
    parser.add_argument("--reads", type=int, default=41, help="timed reads of the file, each way")
    parser.add_argument("--read-only", action="store_true", help="only time reading the file")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        reading(options.alpha or alpha_stand_in(Path(scratch)), options.reads)
    if not options.read_only:
        print()
        asyncio.run(main(options.runs, options.words))
