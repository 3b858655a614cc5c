#!/usr/bin/env python3
"""The word ladder: building a day's ladder and checking a rung, ours against a plain BFS, in one run.

The baseline is the straightforward way: no graph, a word's neighbours found by trying every
letter at every position and looking the result up in a set (``tests.reference.plain_levels``).

- The graph: ours (words bucketed by wildcard pattern, ``solvers.ladder.graph_of``) against the
  baseline's adjacency made by trying every letter for every word, once for each length.
- A day's ladder: ``solvers.ladder.generate`` for each of DAYS dates (the graphs made once per
  process, as the bot makes them while it loads; the first call's cost is shown apart), against
  the same rule with plain breadth-first searches: the walks from the start over the accepted
  and the everyday words, the qualifying ends, and the published ladder picked from every
  shortest everyday ladder, found by walking back from the end trying every letter. The start
  order, the aimed par and the hash keys (the same few lines for both) are taken from ours. Both
  must make the same ladder every day.
- A rung checked: a player's next word on the day's ladder (a word one letter on, a non-word, a
  repeat, two letters changed, mixed) judged (``check_rung``) with how many rungs it leaves to
  the end: ours looks that up in a walk from the end made once a day, the baseline judges the
  rung by trying every letter of the word before it and walks from the rung to the end.

p50 and p99 for each, and the ratio of the baseline's to ours.

    .venv/bin/python benchmarks/ladder.py [--days 120] [--rungs 400]
"""

from __future__ import annotations

import argparse
import datetime as dt
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from solvers import ladder  # noqa: E402
from solvers.ladder import daily  # noqa: E402
from solvers.lexicon import Lexicon  # noqa: E402
from solvers.seeded import mix, seeded_key  # noqa: E402
from tests import reference  # noqa: E402

LETTERS = "abcdefghijklmnopqrstuvwxyz"
FIRST = dt.date(2027, 1, 1)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms" if seconds >= 1e-4 else f"{seconds * 1e6:.1f} µs"


def percentiles(times: list[float]) -> tuple[float, float]:
    return float(np.percentile(times, 50)), float(np.percentile(times, 99))


def plain_neighbours(words: set[str], word: str) -> list[str]:
    return [other for k in range(len(word)) for letter in LETTERS
            if (other := word[:k] + letter + word[k + 1:]) != word and other in words]


# ----------------------------------------------------------------------------- the baseline day


def plain_day(date: dt.date, everyday_words: dict[int, list[str]], accepted_words: dict[int, list[str]],
              salt: str = "") -> ladder.DailyLadder:
    """The day's ladder by the same rule, every search a plain try-every-letter BFS."""
    length = daily.length_of(date)
    pool = daily._pool(Lexicon.load("common"), Lexicon.load("full").without_vulgar(), length, salt)  # the start order
    everyday, accepted = everyday_words[length], accepted_words[length]
    position = {w: i for i, w in enumerate(everyday)}
    total, occurrence, aim = pool.starts.size, daily._occurrence(date, length), daily._aimed_par(date, salt)
    key = np.uint64(seeded_key(salt, f"end|{date.isoformat()}"))
    for start in [occurrence % total] + [(occurrence + total // 2 + j) % total for j in range(total)]:
        word = everyday[int(pool.starts[start])]
        near = reference.plain_levels(everyday, LETTERS, word, most=ladder.MAX_PAR)
        overall = reference.plain_levels(accepted, LETTERS, word, most=ladder.MAX_PAR)
        ends = {w: d for w, (d, ways) in near.items()
                if d >= ladder.MIN_PAR and overall[w][0] == d and ways >= ladder.MIN_LADDERS}
        if not ends:
            continue
        par = min(set(ends.values()), key=lambda p: (abs(p - aim), p))
        chosen = np.array(sorted(position[w] for w, d in ends.items() if d == par), dtype=np.uint64)
        end = everyday[int(chosen[np.argmin(mix(chosen ^ key))])]
        every = _plain_ladders(set(everyday), near, word, end)
        common = Lexicon.load("common")
        best = min(every, key=lambda w: (-min(math.floor(common.commonness(x) * 2) / 2 for x in w), w))
        return ladder.DailyLadder(date, word, end, par, best, overall[end][1], near[end][1])
    raise AssertionError("no ladder")


def _plain_ladders(words: set[str], near: dict[str, tuple[int, int]], start: str, end: str) -> list[tuple[str, ...]]:
    """Every shortest ladder, walking back from the end to words one level nearer the start."""
    found = []

    def back(path: list[str]) -> None:
        if path[-1] == start:
            found.append(tuple(reversed(path)))
            return
        level = near[path[-1]][0] - 1
        for other in plain_neighbours(words, path[-1]):
            if other in near and near[other][0] == level:
                back(path + [other])

    back([end])
    return found


# ------------------------------------------------------------------------------- the benchmarks


def bench_graph(accepted: Lexicon) -> None:
    for length in (4, 5):
        words = [w for w in accepted.words if len(w) == length]
        start = time.perf_counter()
        graph = ladder.Graph.of_words(words, length, LETTERS)
        ours = time.perf_counter() - start
        start = time.perf_counter()
        known = set(words)
        plain = {w: plain_neighbours(known, w) for w in words}
        base = time.perf_counter() - start
        assert all(set(graph.neighbours(w)) == set(plain[w]) for w in words)
        print(f"graph of {len(words):,} {length}-letter words ({graph.indices.size // 2:,} pairs one letter apart): "
              f"ours {ms(ours)}, trying every letter {ms(base)}: {base / ours:,.1f}x; the same edges")


def bench_days(days: int) -> list[ladder.DailyLadder]:
    common, accepted = Lexicon.load("common"), Lexicon.load("full").without_vulgar()
    start = time.perf_counter()
    ladder.prepare()  # once a process (the bot: while it loads): the graphs, the screened everyday words
    print(f"prepare, once a process (both lengths' graphs and screened everyday words): "
          f"{ms(time.perf_counter() - start)}")
    pools = {n: daily._pool(common, accepted, n, "") for n in (4, 5)}
    everyday = {n: list(pool.everyday.words) for n, pool in pools.items()}
    whole = {n: list(pool.accepted.words) for n, pool in pools.items()}
    dates = [FIRST + dt.timedelta(days=n) for n in range(days)]
    ours, base, made = [], [], []
    for date in dates:
        start = time.perf_counter()
        day = ladder.generate(date)
        ours.append(time.perf_counter() - start)
        start = time.perf_counter()
        plain = plain_day(date, everyday, whole)
        base.append(time.perf_counter() - start)
        assert plain == day, (plain, day)
        made.append(day)
    (o50, o99), (b50, b99) = percentiles(ours), percentiles(base)
    print(f"a day's ladder ({days} days from {FIRST.isoformat()}): ours p50 {ms(o50)}, p99 {ms(o99)}; "
          f"plain BFS p50 {ms(b50)}, p99 {ms(b99)}: {b50 / o50:,.1f}x at p50, {b99 / o99:,.1f}x at p99; "
          "the same ladder every day")
    return made


def rungs_to_check(day: ladder.DailyLadder, graph: ladder.Graph, rng: random.Random, count: int):
    """(ladder so far, next word) pairs on the day's ladder: a quarter each of words one letter on,
    non-words, repeats and words of the list two letters away."""
    words = graph.words
    cases = []
    while len(cases) < count:
        so_far = list(day.ladder[: rng.randint(1, day.par)])
        kind = len(cases) % 4
        if kind == 0:
            word = rng.choice(graph.neighbours(so_far[-1]))
        elif kind == 1:
            word = "".join(rng.choice(LETTERS) for _ in range(day.length))
        elif kind == 2:
            word = rng.choice(so_far)
        else:
            word = rng.choice(words)
        cases.append((tuple(so_far), word))
    return cases


def bench_rungs(made: list[ladder.DailyLadder], count: int) -> None:
    accepted = Lexicon.load("full").without_vulgar()
    rng = random.Random(45)
    times: dict[tuple[str, bool], list[float]] = {(who, ok): [] for who in ("ours", "plain") for ok in (True, False)}
    for day in made[:10]:
        graph = ladder.graph_of(accepted, day.length)
        to_end = ladder.levels(graph, graph.position[day.end]).distance  # once a day, with the day's ladder
        known = set(graph.words)
        cases = rungs_to_check(day, graph, rng, count // 10)
        ours = []
        for so_far, word in cases:  # each side's calls one after another, each with its own warm caches
            start = time.perf_counter()
            rung = ladder.check_rung(graph, so_far, word)
            left = int(to_end[graph.position[word]]) if rung.ok else None
            times["ours", rung.ok].append(time.perf_counter() - start)
            ours.append((rung.ok, left))
        plain = []
        for so_far, word in cases:
            start = time.perf_counter()
            fine = word in known and word not in so_far and word in plain_neighbours(known, so_far[-1])
            plain_left = reference.plain_levels(known, LETTERS, word)[day.end][0] if fine else None
            times["plain", fine].append(time.perf_counter() - start)
            plain.append((fine, plain_left))
        assert ours == plain, day
    print(f"a rung checked ({sum(map(len, times.values())) // 2:,} rungs on 10 days' ladders), with the rungs it "
          "leaves to the end when it is good:")
    for ok, what in ((True, "good rungs   "), (False, "refused rungs")):
        (o50, o99), (b50, b99) = percentiles(times["ours", ok]), percentiles(times["plain", ok])
        print(f"  {what} ({len(times['ours', ok]):,}): ours p50 {ms(o50)}, p99 {ms(o99)}; plain p50 {ms(b50)}, "
              f"p99 {ms(b99)}: {b50 / o50:,.1f}x at p50, {b99 / o99:,.1f}x at p99")
    print("  the same verdicts and rungs left")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=120, help="dates to make (default 120)")
    parser.add_argument("--rungs", type=int, default=400, help="rungs to check (default 400)")
    args = parser.parse_args()
    made = bench_days(args.days)
    bench_graph(Lexicon.load("full").without_vulgar())
    bench_rungs(made, args.rungs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
