#!/usr/bin/env python3
"""Letter Boxed: our solver on random newspaper-shaped boxes, against the blog's method, in one run.

Boxes: 4 sides of 3 letters, 12 distinct letters, 4 of them vowels (seeded). For each we time:
filtering the list to the box (``Words.of``), proving the fewest words, listing every two-word
solution, and counting and listing the best non-redundant three-word ones; p50 and p99.

The baseline is the blog's method, implemented as it describes it: a trie of the whole list;
the playable words found by walking the box from each letter through the trie, never to the
same side; then a graph of words (an edge where one word's last letter is the next one's
first) searched with an all-simple-paths walk (networkx's algorithm, written out: networkx is
not a dependency) up to two words, each path checked for using every letter. Both must find
the same fewest words (up to three: the paths of four words take the blog's method hours) and
the same two-word solutions.

Big boxes (issue 20): shapes 6 sides of 5,5,5,5,4,2 (26 letters: the most a box can hold),
5 x 4, 4 x 5, 6 x 3, and 6 x 4 letters; each ``solve`` (the whole answer, with its time budget)
in a fresh process, so the peak memory (ru_maxrss, word list included) is that solve's alone.
No baseline for these: the old solver ran for more than ten minutes on such boxes.

    .venv/bin/python benchmarks/letterbox.py [--boxes 200] [--baseline-boxes 10] [--big 5] [--lexicons full huge]
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from solvers.letterbox import Box, Words, fewest_words, solve, three_word_solutions, two_word_solutions  # noqa: E402
from solvers.lexicon import Lexicon  # noqa: E402

VOWELS, CONSONANTS = "aeiou", "bcdfghjklmnpqrstvwxyz"


def random_box(rng: random.Random) -> Box:
    letters = rng.sample(VOWELS, 4) + rng.sample(CONSONANTS, 8)
    rng.shuffle(letters)
    return Box(tuple("".join(letters[k:k + 3]) for k in range(0, 12, 3)))


def build_trie(words) -> dict:
    root: dict = {}
    for word in words:
        node = root
        for ch in word:
            node = node.setdefault(ch, {})
        node["$"] = True
    return root


def blog_playable(trie: dict, box: Box) -> list[str]:
    side = {ch: k for k, s in enumerate(box.sides) for ch in s}
    found = []

    def walk(node, prefix, last_side):
        if "$" in node and len(prefix) >= 3:
            found.append(prefix)
        for ch, child in node.items():
            if ch != "$" and ch in side and side[ch] != last_side:
                walk(child, prefix + ch, side[ch])

    for ch in box.letters:
        if ch in trie:
            walk(trie[ch], ch, side[ch])
    return found


def all_simple_paths(graph: dict, source: str, cutoff: int):
    """networkx.all_simple_paths(graph, source, target=every node, cutoff): iterative DFS."""
    visited = {source: True}
    stack = [iter(graph[source])]
    while stack:
        children = stack[-1]
        child = next(children, None)
        if child is None:
            stack.pop()
            visited.popitem()
        elif len(visited) < cutoff:
            if child in visited:
                continue
            yield list(visited) + [child]
            visited[child] = True
            stack.append(iter(graph[child]))
        else:  # at the cutoff: every remaining child ends a path here
            for target in [child, *children]:
                if target not in visited:
                    yield list(visited) + [target]
            stack.pop()
            visited.popitem()


def blog_graph(trie: dict, box: Box) -> tuple[list[str], dict[str, list[str]], set[str]]:
    """The playable words, the graph joining each word to the words starting with its last letter, the box's letters."""
    words = blog_playable(trie, box)
    starting: dict[str, list[str]] = {}
    for word in words:
        starting.setdefault(word[0], []).append(word)
    return words, {word: starting.get(word[-1], []) for word in words}, set(box.letters)


def blog_fewest_and_two_word(trie: dict, box: Box, max_words: int = 3) -> tuple[int | None, set[tuple[str, ...]]]:
    """The fewest words (searching paths of 1, 2, ... words until one uses every letter) and
    every two-word solution, the blog's way."""
    words, graph, letters = blog_graph(trie, box)
    if any(set(word) >= letters for word in words):
        fewest = 1
    else:
        fewest = None
    two = {tuple(path) for source in words for path in all_simple_paths(graph, source, cutoff=1)
           if set("".join(path)) >= letters}
    if fewest is None and two:
        fewest = 2
    for cutoff in range(2, max_words):
        if fewest is not None:
            break
        if any(set("".join(path)) >= letters for source in words for path in all_simple_paths(graph, source, cutoff)):
            fewest = cutoff + 1
    return fewest, two


def blog_three_word(trie: dict, box: Box) -> int:
    """The non-redundant three-word solutions, the blog's way: every simple path of three words."""
    words, graph, letters = blog_graph(trie, box)
    found = 0
    for source in words:
        for path in all_simple_paths(graph, source, cutoff=2):
            if len(path) == 3 and set("".join(path)) >= letters and not set(path[0] + path[1]) >= letters \
                    and not set(path[1] + path[2]) >= letters:
                found += 1
    return found


def ms(values) -> str:
    return f"p50 {np.percentile(values, 50):7.2f} ms  p99 {np.percentile(values, 99):7.2f} ms"


BIG_SHAPES = {"26 letters": (5, 5, 5, 5, 4, 2), "6 x 4": (4,) * 6, "5 x 4": (4,) * 5, "4 x 5": (5,) * 4, "6 x 3": (3,) * 6}
SECONDS = 2.5  # the budget /letterboxed gives a solve


def shaped_box(rng: random.Random, shape: tuple[int, ...]) -> Box:
    letters = rng.sample("abcdefghijklmnopqrstuvwxyz", sum(shape))
    cuts = np.cumsum((0, *shape)).tolist()
    return Box(tuple("".join(letters[a:b]) for a, b in zip(cuts, cuts[1:])))


def solve_once(lexicon: str, sides: str) -> None:
    """In a fresh process: one solve; prints its time, peak memory and what it proved."""
    from solvers.letterbox import parse_box
    from solvers.lexicon import Lexicon
    words = Lexicon.load(lexicon)
    box = parse_box(sides)
    start = time.perf_counter()
    solved = solve(words, box, limit=150, seconds=SECONDS)
    print(json.dumps({"ms": (time.perf_counter() - start) * 1000, "mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                      "fewest": solved.fewest_words, "at_least": solved.fewest_at_least}))


def answers(runs: list[dict]) -> str:
    """What the solves proved, e.g. ``4:2 5:1 >=5:1`` (two boxes need 4 words, one 5, one at least 5, unproved)."""
    proved = [str(r["fewest"]) if r["fewest"] is not None else f">={r['at_least']}" for r in runs]
    return " ".join(f"{answer}:{proved.count(answer)}" for answer in sorted(set(proved)))


def big_boxes(lexicons: list[str], count: int) -> None:
    print(f"big boxes: {count} random boxes a shape, each solve in a fresh process (budget {SECONDS} s); "
          f"fewest words proved (n:boxes), '>=n' when the budget cut the proof")
    print(f"  {'list':<5} {'shape':<11} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'peak MiB':>9}  fewest")
    rng = random.Random(20)
    for lexicon in lexicons:
        for name, shape in BIG_SHAPES.items():
            runs = []
            for _ in range(count):
                sides = str(shaped_box(rng, shape))
                out = subprocess.run([sys.executable, __file__, "--solve-once", lexicon, sides], capture_output=True,
                                     text=True, check=True, timeout=120)
                runs.append(json.loads(out.stdout))
            taken = [r["ms"] for r in runs]
            print(f"  {lexicon:<5} {name:<11} {np.percentile(taken, 50):8.0f} {np.percentile(taken, 99):8.0f} "
                  f"{max(taken):8.0f} {max(r['mib'] for r in runs):9.0f}  {answers(runs)}", flush=True)


def main() -> int:
    if sys.argv[1:2] == ["--solve-once"]:
        solve_once(sys.argv[2], sys.argv[3])
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--big", type=int, default=5, help="random boxes of each big shape (0: none)")
    parser.add_argument("--big-only", action="store_true", help="only the big boxes")
    parser.add_argument("--lexicons", nargs="+", default=["full", "huge"])
    parser.add_argument("--boxes", type=int, default=200)
    parser.add_argument("--baseline-boxes", type=int, default=10)
    parser.add_argument("--baseline-three-boxes", type=int, default=3, help="boxes for the blog's three-word listing (slow)")
    args = parser.parse_args()
    if args.big_only:
        big_boxes(args.lexicons, args.big)
        return 0
    full = Lexicon.load("full")
    rng = random.Random(12)
    boxes = [random_box(rng) for _ in range(args.boxes)]
    times: dict[str, list[float]] = {"filter": [], "two": [], "fewest": [], "fewest+two (with filter)": [], "three": []}
    found, proved_fewest, three = {}, {}, {}
    for box in boxes:
        start = time.perf_counter()
        words = Words.of(full, box)
        filtered = time.perf_counter()
        pairs = two_word_solutions(words)
        paired = time.perf_counter()
        # as solve() does: two words when a pair exists (one when a word alone does), else the search
        single = (words.mask == words.full).any()
        proved_fewest[box] = 1 if single else 2 if len(pairs) else fewest_words(words, max_words=3)
        proved = time.perf_counter()
        three[box] = three_word_solutions(words, limit=50).count
        tripled = time.perf_counter()
        times["filter"].append((filtered - start) * 1000)
        times["two"].append((paired - filtered) * 1000)
        times["fewest"].append((proved - paired) * 1000)
        times["fewest+two (with filter)"].append((proved - start) * 1000)
        times["three"].append((tripled - proved) * 1000)
        found[box] = {(full.words[a], full.words[b]) for a, b in pairs.tolist()}
    print(f"python {platform.python_version()}, numpy {np.__version__}; full: {len(full):,} words; "
          f"{len(boxes)} boxes, 4 x 3 letters, 4 vowels")
    for name, values in times.items():
        print(f"  ours {name:<26} {ms(values)}")
    start = time.perf_counter()
    trie = build_trie(full.words)
    print(f"  blog: trie of the list built in {(time.perf_counter() - start) * 1000:.0f} ms (once)")
    blog = []
    for box in boxes[: args.baseline_boxes]:
        start = time.perf_counter()
        fewest, pairs = blog_fewest_and_two_word(trie, box)
        blog.append((time.perf_counter() - start) * 1000)
        assert pairs == found[box] and fewest == proved_fewest[box], box
    ours = times["fewest+two (with filter)"][: args.baseline_boxes]
    print(f"  blog fewest+two (walk + paths)  {ms(blog)}   on {len(blog)} boxes (fewest up to 3 words), same answers")
    print(f"  ratio (p50, same boxes): {np.percentile(blog, 50) / np.percentile(ours, 50):,.0f}x; "
          f"goal: ours under 20 ms p99 ({np.percentile(times['fewest+two (with filter)'], 99):.2f} ms), 100x the blog")
    blog3 = []
    for box in boxes[: args.baseline_three_boxes]:
        start = time.perf_counter()
        assert blog_three_word(trie, box) == three[box], box
        blog3.append((time.perf_counter() - start) * 1000)
    ours3 = times["three"][: args.baseline_three_boxes]
    print(f"  blog three-word (all paths)     {ms(blog3)}   on {len(blog3)} boxes, same counts; "
          f"ratio (p50, same boxes): {np.percentile(blog3, 50) / np.percentile(ours3, 50):,.0f}x")
    if args.big:
        big_boxes(args.lexicons, args.big)
    return 0


if __name__ == "__main__":
    sys.exit(main())
