"""The search for the tiles that make the most words: reports as it improves, and its result."""

from __future__ import annotations

import time
from collections.abc import Generator, Iterable
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from ..lexicon import Lexicon
from .bound import upper_bound
from .greedy import _greedy_ids
from .problem import Problem, Tileset, TilesetError, _problem, check_seconds, check_tiles, parse_tiles
from .search import _Search

REPORT_EVERY = 0.5
"""Seconds between the :class:`Progress` reports :func:`optimise` yields when nothing improved."""


class Progress(NamedTuple):
    """A report from :func:`optimise`: the best tiles so far (sorted), the words they make,
    the search step reached, seconds since the start, and the proven upper bound (or None)."""

    best_tiles: tuple[str, ...]
    best_words: int
    step: int
    elapsed: float
    bound: int | None


@dataclass(frozen=True, slots=True)
class Solution:
    """The result of :func:`solve`: the best tiles found, the words they make (in lexicon
    order), the published greedy's answer for comparison, the proven upper bound (None when
    none was computed), the seconds and search steps spent, and how it was asked for."""

    tiles: tuple[str, ...]
    words: int
    formable: tuple[str, ...]
    greedy: Tileset
    bound: int | None
    seconds: float
    steps: int
    seed: int
    size: int
    odd: str
    lexicon: str

    @property
    def optimal(self) -> bool:
        """True when the bound proves no set of tiles does better."""
        return self.bound is not None and self.words >= self.bound

    def to_json(self) -> dict:
        return {
            "tiles": list(self.tiles),
            "words": self.words,
            "formable": list(self.formable),
            "greedy": self.greedy.to_json(),
            "bound": self.bound,
            "seconds": round(self.seconds, 3),
            "steps": self.steps,
            "seed": self.seed,
            "size": self.size,
            "odd": self.odd,
            "lexicon": self.lexicon,
        }


_NEG = np.iinfo(np.int64).min // 4


def optimise(
    source: Lexicon | Problem,
    tiles: int = 20,
    size: int | None = None,
    odd: str | None = None,
    *,
    seconds: float | None = 10.0,
    steps: int | None = None,
    seed: int = 0,
    start: Iterable[str] | str | None = None,
    report_every: float = REPORT_EVERY,
) -> Generator[Progress, None, Solution]:
    """Search for the tiles that make the most words; yields :class:`Progress` reports and
    returns (``StopIteration.value``; :func:`solve` does this for you) a :class:`Solution`.

    It yields the greedy answer first (step 0, ``bound`` None: the bound and the search's
    set-up take a moment on big lists), then the start with its bound (step 0), then every
    new best, and at least every ``report_every`` seconds while nothing improves. It stops
    when ``seconds`` have passed (counted from the call, set-up included), after ``steps``
    swaps, or when the best reaches the upper bound (proven optimal).

    The search: start from :func:`greedy`, or from ``start`` (N tiles, e.g. a best known
    answer to improve) when that makes at least as many words; then a tabu search over swaps (one tile out, one
    in), each step taking the best swap by exact gain (see ``_Search``), even a losing one,
    except that a tile just taken out may not come back for a few steps and a tile just put
    in may not leave (unless the swap beats the best so far); ties are broken at random.
    After a stretch of steps without a new best, it goes back to the best set and perturbs
    it with a few random swaps of tiles that would make words. Randomness comes only from
    ``seed``, so with a step budget (``steps=``, ``seconds=None``) the result is the same on
    every run; with a time budget, runs differ only by how far they got.
    """
    started = time.perf_counter()
    problem = _problem(source, size, odd)
    n = check_tiles(tiles, problem.size, problem.odd)
    seconds, steps = check_seconds(seconds, steps)
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise TilesetError(f"The seed is a whole number, 0 or more, not {str(seed)[:20]!r}.")
    if start is not None:
        start_ids = parse_tiles(start, problem)
        if len(start_ids) != n:
            raise TilesetError(f"A starting tileset has exactly {n} tiles, not {len(start_ids)}.")

    def report(step: int) -> Progress:
        return Progress(best_tiles, best_words, step, time.perf_counter() - started, bound)

    greedy_ids = _greedy_ids(problem, n)
    baseline = Tileset(tuple(problem.tiles[i] for i in greedy_ids), len(problem.words_of(greedy_ids)))
    best_tiles, best_words, bound = baseline.tiles, baseline.words, None
    yield report(0)  # the greedy answer first: the bound and the search's set-up take a moment
    search = _Search(problem, n)

    def tiles_of(compact_members: Iterable[int]) -> tuple[str, ...]:
        ids = set(search.tile_ids[list(compact_members)].tolist())
        for filler in range(len(problem.tiles)):  # tiles no counted word needs, first in string order
            if len(ids) >= n:
                break
            ids.add(filler)
        return tuple(problem.tiles[i] for i in sorted(ids))

    if search.u <= n:  # every tile any word needs fits: that is the optimum
        best_tiles = tiles_of(range(search.u))
        best_words = bound = len(problem.words_of(parse_tiles(best_tiles, problem)))
        yield report(0)
        return _solution(problem, best_tiles, best_words, baseline, bound, started, 0, seed)

    bound = upper_bound(problem, n)
    members = [int(c) for c in search.compact[greedy_ids] if c >= 0]
    members += [c for c in range(search.u) if c not in set(members)][: n - len(members)]
    search.start(members)
    if start is not None:  # a best known answer to improve on: start there if it is no worse
        greedy_members = members
        members = [int(c) for c in search.compact[start_ids] if c >= 0]
        members += [c for c in range(search.u) if c not in set(members)][: n - len(members)]
        search.start(members)
        if search.value < baseline.words:
            members = greedy_members
            search.start(members)
    best_members, best_words = sorted(members), search.value
    best_tiles = tiles_of(best_members)
    yield report(0)

    rng = np.random.default_rng(seed)
    u = search.u
    tabu_in = np.zeros(u, dtype=np.int64)  # step until which a tile that left may not come back
    tabu_out = np.zeros(u, dtype=np.int64)  # step until which a tile that came may not leave
    patience = 150 + 20 * n
    step = last_best = 0
    last_report = time.perf_counter()
    while True:
        if steps is not None and step >= steps:
            break
        if seconds is not None and time.perf_counter() - started >= seconds:
            break
        if bound is not None and best_words >= bound:
            break
        step += 1
        if step - last_best > patience:  # back to the best, shaken
            search.start(best_members)
            tabu_in[:] = tabu_out[:] = 0
            near = np.argsort(-search.A, kind="stable")[: 3 * n]
            near = near[~search.in_s[near]]
            for _ in range(int(rng.integers(2, 5))):
                if near.size == 0:
                    break
                t = int(near[rng.integers(near.size)])
                r = int(search.members[rng.integers(n)])
                search.swap(r, t)
                tabu_in[r] = step + n
                near = near[near != t]
            last_best = step
        gain = search.gains()
        gain[:, search.in_s] = _NEG
        allowed = (tabu_in[None, :] <= step) & (tabu_out[search.members][:, None] <= step)
        allowed |= search.value + gain > best_words
        masked = np.where(allowed, gain, _NEG)
        top = masked.max()
        if top == _NEG:
            masked, top = gain, gain.max()
        ties = np.flatnonzero(masked == top)
        s, t = divmod(int(ties[rng.integers(ties.size)] if ties.size > 1 else ties[0]), u)
        r = int(search.members[s])
        search.swap(r, t)
        tabu_in[r] = step + 3 + int(rng.integers(0, max(2, n // 2)))
        tabu_out[t] = step + 1 + int(rng.integers(0, max(2, n // 4)))
        if search.value > best_words:
            best_members, best_words = sorted(search.members.tolist()), search.value
            best_tiles = tiles_of(best_members)
            last_best = step
            last_report = time.perf_counter()
            yield report(step)
        elif time.perf_counter() - last_report >= report_every:
            last_report = time.perf_counter()
            yield report(step)
    yield report(step)
    return _solution(problem, best_tiles, best_words, baseline, bound, started, step, seed)


def _solution(problem: Problem, tiles: tuple[str, ...], words: int, start: Tileset, bound: int | None,
              started: float, steps: int, seed: int) -> Solution:
    made = tuple(problem.words[i] for i in problem.words_of(parse_tiles(tiles, problem)))
    assert len(made) == words, (len(made), words)
    return Solution(tiles, words, made, start, bound, time.perf_counter() - started, steps, int(seed),
                    problem.size, problem.odd, problem.lexicon)


def solve(
    source: Lexicon | Problem,
    tiles: int = 20,
    size: int | None = None,
    odd: str | None = None,
    *,
    seconds: float | None = 10.0,
    steps: int | None = None,
    seed: int = 0,
    start: Iterable[str] | str | None = None,
) -> Solution:
    """Run :func:`optimise` to its end and return its :class:`Solution`."""
    run = optimise(source, tiles, size, odd, seconds=seconds, steps=steps, seed=seed, start=start)
    while True:
        try:
            next(run)
        except StopIteration as done:
            return done.value
