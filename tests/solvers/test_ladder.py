"""The word-ladder solver against brute force: the graph against comparing every pair of words, the
shortest ladders and their counts against every simple path found by depth-first search, on small
random lists in several alphabets; the rung checker against the graph."""

import itertools
import random

import numpy as np
import pytest

from solvers import ladder
from solvers.lexicon import Lexicon
from tests import reference

ALPHABETS = ["abc", "abcd", "aäöü", "nño"]


def random_words(rng: random.Random, letters: str, length: int, count: int) -> list[str]:
    every = ["".join(p) for p in itertools.product(letters, repeat=length)]
    return rng.sample(every, min(count, len(every)))


def small_lists(seeds=range(40)):
    for seed in seeds:
        rng = random.Random(seed)
        letters = rng.choice(ALPHABETS)
        length = rng.choice([2, 3, 3, 4])
        yield seed, letters, length, random_words(rng, letters, length, rng.randint(2, 16))


@pytest.mark.parametrize("seed, letters, length, words", list(small_lists()), ids=lambda v: str(v)[:12])
def test_the_graph_joins_exactly_the_words_one_letter_apart(seed, letters, length, words):
    graph = ladder.Graph.of_words(words, length, letters)
    assert graph.words == tuple(words)
    for word in words:
        assert set(graph.neighbours(word)) == {w for w in words if reference.one_letter_apart(word, w)}
        assert list(graph.neighbours(word)) == sorted(graph.neighbours(word), key=graph.position.__getitem__)


@pytest.mark.parametrize("seed, letters, length, words", list(small_lists()), ids=lambda v: str(v)[:12])
def test_shortest_ladders_are_the_shortest_simple_paths(seed, letters, length, words):
    graph = ladder.Graph.of_words(words, length, letters)
    rng = random.Random(seed)
    for start, end in rng.sample(list(itertools.product(words, repeat=2)), min(12, len(words) ** 2)):
        shortest = reference.shortest_simple_ladders(words, start, end)
        fewest = len(shortest[0]) - 1 if shortest else None
        got = ladder.shortest(graph, start, end)
        assert (got.rungs, got.count) == (fewest, len(shortest))
        order = graph.position.__getitem__
        assert list(ladder.ladders(graph, start, end)) == sorted(shortest, key=lambda p: [order(w) for w in p])
        walk = ladder.levels(graph, graph.position[start])
        plain = reference.plain_levels(words, letters, start)
        assert {w: (int(walk.distance[i]), int(walk.count[i])) for i, w in enumerate(words)
                if walk.distance[i] != ladder.UNREACHED} == plain


def test_a_walk_can_stop_after_some_levels():
    words = ["cold", "cord", "card", "ward", "warm", "word", "worm", "corm"]
    graph = ladder.Graph.of_words(words, 4, "abcdefghijklmnopqrstuvwxyz")
    near = ladder.levels(graph, graph.position["cold"], within=2).distance
    assert {w for w, d in zip(words, near.tolist(), strict=True) if d != ladder.UNREACHED} == \
        {"cold", "cord", "card", "word", "corm"}


def test_counts_outgrow_64_bits_exactly():
    """Twenty layers of ten words, each word joined to every word of the next layer: 10**20 shortest
    ladders from the first word to the last (a graph given as arrays: the count is the walk's)."""
    width, layers = 10, 20
    layer = [[0]] + [list(range(1 + width * k, 1 + width * (k + 1))) for k in range(layers)] + [[1 + width * layers]]
    n = 2 + width * layers
    edges = {i: set() for i in range(n)}
    for here, there in itertools.pairwise(layer):
        for a, b in itertools.product(here, there):
            edges[a].add(b)
            edges[b].add(a)
    indptr = np.cumsum([0] + [len(edges[i]) for i in range(n)])
    indices = np.array([j for i in range(n) for j in sorted(edges[i])])
    words = tuple(f"w{i}" for i in range(n))
    graph = ladder.Graph(words, 0, "", indptr, indices, {w: i for i, w in enumerate(words)})
    walk = ladder.levels(graph, 0)
    assert walk.count[n - 1] == width ** layers and int(walk.distance[n - 1]) == layers + 1


def test_no_ladder_between_words_apart():
    graph = ladder.Graph.of_words(["cat", "cot", "dog"], 3, "abcdefghijklmnopqrstuvwxyz")
    assert ladder.shortest(graph, "cat", "dog") == ladder.Shortest("cat", "dog", None, 0)
    assert list(ladder.ladders(graph, "cat", "dog")) == []
    assert ladder.shortest(graph, "cat", "cat").rungs == 0


def test_a_letter_outside_the_alphabet_is_refused():
    with pytest.raises(ladder.LadderError, match="outside the alphabet"):
        ladder.Graph.of_words(["año", "ano"], 3, "abcdefghijklmnopqrstuvwxyz")


def test_a_subgraph_keeps_the_edges_between_its_words():
    words = ["cold", "cord", "card", "ward", "warm", "word", "worm", "corm"]
    graph = ladder.Graph.of_words(words, 4, "abcdefghijklmnopqrstuvwxyz")
    keep = np.array([w != "cord" for w in words])
    sub = graph.subgraph(keep)
    assert sub.words == tuple(w for w in words if w != "cord")
    for word in sub.words:
        assert set(sub.neighbours(word)) == set(graph.neighbours(word)) - {"cord"}


def test_the_bundled_graph_is_the_lists_words_one_letter_apart():
    full = Lexicon.load("full")
    graph = ladder.graph_of(full, 3)
    assert graph is ladder.graph_of(full, 3)
    words = [w for w in full.words if len(w) == 3]
    assert graph.words == tuple(words)
    for word in random.Random(3).sample(words, 40):
        assert set(graph.neighbours(word)) == {w for w in words if reference.one_letter_apart(word, w)}
    assert ladder.shortest(ladder.graph_of(full, 4), "cold", "warm").rungs == 4


RUNGS = [  # the ladder so far, the word, the verdict and its figure
    (("cold",), "cord", ladder.Verdict.OK, 2),
    (("cold", "cord"), "card", ladder.Verdict.OK, 1),
    (("cold",), "cxld", ladder.Verdict.NOT_A_WORD, None),
    (("cold",), "colds", ladder.Verdict.WRONG_LENGTH, None),
    (("cold", "cord"), "cold", ladder.Verdict.REPEATED, None),
    (("cold", "cord"), "cord", ladder.Verdict.REPEATED, None),
    (("cold",), "card", ladder.Verdict.NOT_ONE_LETTER, 2),
    (("cold",), "warm", ladder.Verdict.NOT_ONE_LETTER, 4),
]


@pytest.mark.parametrize("so_far, word, verdict, figure", RUNGS)
def test_a_rung_is_judged_by_the_first_rule_it_breaks(so_far, word, verdict, figure):
    words = {"cold", "cord", "card", "ward", "warm", "colds"}
    rung = ladder.check_rung(words, so_far, word)
    assert (rung.verdict, rung.changed, rung.ok) == (verdict, figure, verdict is ladder.Verdict.OK)


@pytest.mark.parametrize("seed, letters, length, words", list(small_lists(range(10))), ids=lambda v: str(v)[:12])
def test_a_rung_is_accepted_exactly_when_the_graph_joins_it_to_the_last_and_it_is_new(seed, letters, length, words):
    graph = ladder.Graph.of_words(words, length, letters)
    rng = random.Random(seed)
    for _ in range(30):
        so_far = tuple(rng.sample(words, rng.randint(1, len(words))))
        word = rng.choice(words)
        rung = ladder.check_rung(graph, so_far, word)
        assert rung.ok == (word in graph.neighbours(so_far[-1]) and word not in so_far)
