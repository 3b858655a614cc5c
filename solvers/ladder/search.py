"""Shortest ladders, proven by breadth-first search.

:func:`levels` walks the graph from a word a level at a time (the whole level at once, in numpy):
level k is every word k rungs away, reached from level k - 1 and from nothing nearer, so k is the
fewest rungs. Beside each word's distance it counts the shortest ladders that reach it: the sum
of the counts of its neighbours one level nearer (each shortest ladder to it ends with one of
them). :func:`shortest` takes the two walks from both ends: a word lies on a shortest ladder
exactly when its two distances add up to the ladder's rungs, and the ladders are listed
through those words alone, in alphabetical order, without a dead end.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from .graph import Graph

UNREACHED = -1
_SAFE_COUNT = 1 << 55  # counts past this (times a degree) leave int64: they are then Python integers
_EXACT_FLOAT = 1 << 52  # sums below this are exact in a float64 (bincount's weights)


@dataclass(frozen=True, slots=True, eq=False)
class Levels:
    """A breadth-first walk from ``source`` (a word's index): ``distance[i]`` is the fewest rungs
    from the source to word i (UNREACHED when none), ``count[i]`` how many ladders of that many
    rungs there are (an object array of Python integers should they outgrow 64 bits)."""

    source: int
    distance: np.ndarray
    count: np.ndarray


@dataclass(frozen=True, slots=True)
class Shortest:
    """The shortest ladders from ``start`` to ``end``: ``rungs`` words after the start (the end
    among them; None when no ladder joins them), and how many there are."""

    start: str
    end: str
    rungs: int | None
    count: int


def levels(graph: Graph, source: int, within: int | None = None) -> Levels:
    """The walk from word ``source``, level by level (up to ``within`` rungs when given)."""
    n = len(graph)
    distance = np.full(n, UNREACHED, dtype=np.int64)
    count: np.ndarray = np.zeros(n, dtype=np.int64)
    distance[source], count[source] = 0, 1
    frontier, level = np.array([source], dtype=np.int64), 0
    most = int(graph.degrees.max()) if n else 0
    while frontier.size and (within is None or level < within):
        sources, targets = _out_edges(graph, frontier)
        fresh = distance[targets] == UNREACHED
        sources, targets = sources[fresh], targets[fresh]
        if not targets.size:
            break
        level += 1
        distance[targets] = level
        frontier = np.flatnonzero(distance == level)
        if count.dtype != object and int(count[sources].max()) > _SAFE_COUNT // max(most, 1):
            count = count.astype(object)
        if count.dtype != object and int(count[sources].max()) < _EXACT_FLOAT // max(most, 1):
            count += np.bincount(targets, weights=count[sources], minlength=n).astype(np.int64)  # exact: < 2**53
        else:
            np.add.at(count, targets, count[sources])
    for array in (distance, count):
        array.flags.writeable = False
    return Levels(source, distance, count)


def _out_edges(graph: Graph, frontier: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every edge (source, target) leaving the words of ``frontier``, all at once."""
    starts, stops = graph.indptr[frontier], graph.indptr[frontier + 1]
    sizes = stops - starts
    at = np.repeat(starts - (np.cumsum(sizes) - sizes), sizes) + np.arange(int(sizes.sum()))
    return np.repeat(frontier, sizes), graph.indices[at]


def shortest(graph: Graph, start: str, end: str) -> Shortest:
    """How many rungs the shortest ladders from ``start`` to ``end`` take, and how many there are
    (KeyError for a word not in the graph)."""
    walk = levels(graph, graph.position[start])
    rungs = int(walk.distance[graph.position[end]])
    if rungs == UNREACHED:
        return Shortest(start, end, None, 0)
    return Shortest(start, end, rungs, int(walk.count[graph.position[end]]))


def ladders(graph: Graph, start: str, end: str) -> Iterator[tuple[str, ...]]:
    """Every shortest ladder from ``start`` to ``end`` (each from start to end, both included), in
    alphabetical order of their words; none when no ladder joins them."""
    a, b = graph.position[start], graph.position[end]
    from_start = levels(graph, a).distance
    rungs = int(from_start[b])
    if rungs == UNREACHED:
        return
    from_end = levels(graph, b, within=rungs).distance
    on_a_ladder = (from_start >= 0) & (from_end >= 0) & (from_start + from_end == rungs)
    yield from _paths(graph, a, b, from_start, on_a_ladder)


def _paths(graph: Graph, a: int, b: int, from_start: np.ndarray, on_a_ladder: np.ndarray) -> Iterator[tuple[str, ...]]:
    """The ladders from a to b through the words ``on_a_ladder``, each a step further from a."""
    if a == b:
        yield (graph.words[a],)
        return
    path = [a]
    stack = [iter(_steps(graph, a, from_start, on_a_ladder))]
    while stack:
        step = next(stack[-1], None)
        if step is None:
            stack.pop()
            path.pop()
            continue
        path.append(step)
        if step == b:
            yield tuple(graph.words[i] for i in path)
            path.pop()
        else:
            stack.append(iter(_steps(graph, step, from_start, on_a_ladder)))


def _steps(graph: Graph, word: int, from_start: np.ndarray, on_a_ladder: np.ndarray) -> list[int]:
    row = graph.indices[graph.indptr[word]:graph.indptr[word + 1]]
    return row[on_a_ladder[row] & (from_start[row] == from_start[word] + 1)].tolist()
