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
in a fresh process, so the peak memory (VmHWM, word list included) is that solve's alone;
with what each proved (the fewest words, or "at least" when the budget cut the proof). No
baseline for whole solves: the first solver ran for more than ten minutes on such boxes.

The four-word check alone (``--four``), on 26-letter boxes, against the previous release's
(every pair's letter set built, met as a two-set cover split by rare letters), each in a
fresh process: time, the peak memory the check allocates, and the same answer from both.

    .venv/bin/python benchmarks/letterbox.py [--boxes 200] [--baseline-boxes 10] [--big 5] [--four 10]
                                             [--lexicons full huge] [--big-only]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import platform
import random
import resource
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from solvers.letterbox import Box, Words, fewest_words, halves, solve, three_word_solutions, two_word_solutions  # noqa: E402
from solvers.letterbox.words import maximal_by  # noqa: E402
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


BIG_SHAPES = {"26 letters": (5, 5, 5, 5, 4, 2), "6 x 4": (4,) * 6, "5 x 4": (4,) * 5, "4 x 5": (5,) * 4,
              "6 x 3": (3,) * 6}
SECONDS = 2.5  # the budget /letterboxed gives a solve


def shaped_box(rng: random.Random, shape: tuple[int, ...]) -> Box:
    letters = rng.sample("abcdefghijklmnopqrstuvwxyz", sum(shape))
    cuts = np.cumsum((0, *shape)).tolist()
    return Box(tuple("".join(letters[a:b]) for a, b in zip(cuts, cuts[1:], strict=False)))


def peak_mib() -> float:
    """This process's peak resident memory. VmHWM, not ru_maxrss: Linux carries ru_maxrss over
    from the parent (the benchmark, with its own word list loaded) across fork and exec."""
    with contextlib.suppress(OSError), open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def solve_once(lexicon: str, sides: str) -> None:
    """In a fresh process: one solve; prints its time, peak memory and what it proved."""
    from solvers.letterbox import parse_box
    from solvers.lexicon import Lexicon
    words = Lexicon.load(lexicon)
    box = parse_box(sides)
    start = time.perf_counter()
    solved = solve(words, box, limit=150, seconds=SECONDS)
    print(json.dumps({"ms": (time.perf_counter() - start) * 1000, "mib": peak_mib(),
                      "fewest": solved.fewest_words, "at_least": solved.fewest_at_least,
                      "complete": solved.fewest_complete, "max_words": solved.max_words}))


def answers(runs: list[dict]) -> str:
    """What the solves proved, e.g. ``4:2 5:1 >6:1 >=5:1``: two boxes need 4 words, one 5, one
    more than 6 (none of up to 6 words solves it), one at least 5 (the budget cut the proof)."""
    proved = [str(r["fewest"]) if r["fewest"] is not None else f">{r['max_words']}" if r["complete"]
              else f">={r['at_least']}" for r in runs]
    return " ".join(f"{answer}:{proved.count(answer)}" for answer in sorted(set(proved)))


def big_boxes(lexicons: list[str], count: int) -> None:
    print(f"big boxes: {count} random boxes a shape, each solve in a fresh process (budget {SECONDS} s); "
          f"fewest words proved (n:boxes; '>6': none of up to 6 words solves it; "
          f"'>=n': the budget cut the proof)")
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
            print_runs(lexicon, name, runs)
            hard = [r for r in runs if (r["fewest"] or r["at_least"]) >= 5]
            if name == "26 letters" and hard:
                print_runs(lexicon, "  5+ words", hard)


def print_runs(lexicon: str, name: str, runs: list[dict]) -> None:
    taken = [r["ms"] for r in runs]
    print(f"  {lexicon:<5} {name:<11} {np.percentile(taken, 50):8.0f} {np.percentile(taken, 99):8.0f} "
          f"{max(taken):8.0f} {max(r['mib'] for r in runs):9.0f}  {answers(runs)}", flush=True)


def previous_four_words(words: Words, ends: dict, starts: dict, middles: dict) -> bool:
    """The previous release's four-word check, the baseline: for each joining letter, the
    letter set of every pair (a word, then a middle word ending there; a middle word starting
    there, then a word), each side's distinct sets met as a two-set cover split by rare letters."""
    full, letters = int(words.full), 1 << np.arange(int(words.full).bit_length(), dtype=np.int64)
    fronts: dict[int, list[np.ndarray]] = {}
    backs: dict[int, list[np.ndarray]] = {}
    for key, middle in middles.items():
        if key // 32 in ends:
            fronts.setdefault(key % 32, []).append((words.mask[ends[key // 32]][:, None] | words.mask[middle]).ravel())
        if key % 32 in starts:
            backs.setdefault(key // 32, []).append((words.mask[middle][:, None] | words.mask[starts[key % 32]]).ravel())
    joined = {x: (np.concatenate(fronts[x]), np.concatenate(backs[x])) for x in fronts if x in backs}
    for a, b in joined.values():
        need = full.bit_count()
        a = np.unique(a[np.bitwise_count(a) >= need - int(np.bitwise_count(b).max())])
        b = np.unique(b[np.bitwise_count(b) >= need - int(np.bitwise_count(a).max(initial=0))])
        if a.size and b.size and halves._cover(a, b, full, letters, lambda: None, 0) is not None:
            return True
    return False


def four_words_once(method: str, lexicon: str, sides: str) -> None:
    """In a fresh process: whether four words solve the box, by ``method`` (ours or the
    previous release's); prints the time, the peak memory the check allocates (a second run,
    under tracemalloc, which numpy reports to) and the answer."""
    from solvers.letterbox import parse_box
    words = Words.of(Lexicon.load(lexicon), parse_box(sides))
    ends, starts = maximal_by(words, words.last), maximal_by(words, words.first)
    middles = maximal_by(words, words.first * 32 + words.last)

    def check() -> bool:
        if method == "ours":
            return bool(halves.four_cover(words, ends, starts, middles, lambda: None))
        return previous_four_words(words, ends, starts, middles)

    start = time.perf_counter()
    found = check()
    taken = (time.perf_counter() - start) * 1000
    tracemalloc.start()
    check()
    peak = tracemalloc.get_traced_memory()[1] / (1 << 20)
    tracemalloc.stop()
    print(json.dumps({"ms": taken, "found": found, "mib": peak}))


def four_words(lexicon: str, count: int) -> None:
    """The four-word check alone on 26-letter boxes, ours against the previous release's."""
    print(f"four-word check on {count} random 26-letter boxes of {lexicon}, each run in a fresh process "
          f"(memory: the peak the check allocates)")
    rng = random.Random(20)  # the first big boxes' 26-letter boxes, some needing five words
    runs: dict[str, list[dict]] = {"previous": [], "ours": []}
    for _ in range(count):
        sides = str(shaped_box(rng, BIG_SHAPES["26 letters"]))
        for method, found in runs.items():
            out = subprocess.run([sys.executable, __file__, "--four-once", method, lexicon, sides], capture_output=True,
                                 text=True, check=True, timeout=600)
            found.append(json.loads(out.stdout))
        assert runs["ours"][-1]["found"] == runs["previous"][-1]["found"], sides
    for method, found in runs.items():
        taken = [r["ms"] for r in found]
        print(f"  {method:<9} p50 {np.percentile(taken, 50):7.0f} ms  p99 {np.percentile(taken, 99):7.0f} ms  "
              f"peak {max(r['mib'] for r in found):5.0f} MiB")
    ratio = np.percentile([r["ms"] for r in runs["previous"]], 50) / np.percentile([r["ms"] for r in runs["ours"]], 50)
    print(f"  ratio (p50, same boxes): {ratio:,.0f}x; same answers "
          f"({sum(r['found'] for r in runs['ours'])} of {count} boxes solved by four words)")


def main() -> int:
    if sys.argv[1:2] == ["--solve-once"]:
        solve_once(sys.argv[2], sys.argv[3])
        return 0
    if sys.argv[1:2] == ["--four-once"]:
        four_words_once(*sys.argv[2:5])
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--big", type=int, default=5, help="random boxes of each big shape (0: none)")
    parser.add_argument("--four", type=int, default=10, help="26-letter boxes for the four-word check against "
                        "the previous release's (0: none)")
    parser.add_argument("--big-only", action="store_true", help="only the big boxes and the four-word check")
    parser.add_argument("--lexicons", nargs="+", default=["full", "huge"])
    parser.add_argument("--boxes", type=int, default=200)
    parser.add_argument("--baseline-boxes", type=int, default=10)
    parser.add_argument("--baseline-three-boxes", type=int, default=3,
                        help="boxes for the blog's three-word listing (slow)")
    args = parser.parse_args()
    if args.big_only:
        if args.big:
            big_boxes(args.lexicons, args.big)
        if args.four:
            four_words(args.lexicons[0], args.four)
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
    if args.four:
        four_words(args.lexicons[0], args.four)
    return 0


if __name__ == "__main__":
    sys.exit(main())
