import itertools
import json
import pickle
import random
import string

import numpy as np
import pytest

from solvers import tileset
from solvers.lexicon import Lexicon
from solvers.tileset import Progress, TilesetError, formable, greedy, optimise, solve, upper_bound

POLICIES = tileset.ODD_POLICIES


# --- obvious references: strings and sets, no numpy ------------------------------------------


def spellings(word: str, k: int, odd: str) -> list[tuple[str, ...]]:
    """The chunkings of ``word`` the policy allows, as tuples of tiles (repeats kept)."""
    extra = -len(word) % k
    if extra == 0:
        padded = [word]
    else:
        padded = {"skip": [], "pad-end": [word + "." * extra], "pad-start": ["." * extra + word],
                  "either": [word + "." * extra, "." * extra + word]}[odd]
    return [tuple(p[i:i + k] for i in range(0, len(p), k)) for p in padded]


def makes(word: str, tiles: set[str], k: int, odd: str) -> bool:
    return any(len(set(s)) == len(s) and set(s) <= tiles for s in spellings(word, k, odd))


def all_tiles(k: int, odd: str, alphabet: str = string.ascii_lowercase) -> list[str]:
    tiles = ["".join(p) for p in itertools.product(alphabet, repeat=k)]
    for dots in range(1, k):
        for letters in itertools.product(alphabet, repeat=k - dots):
            if odd in ("pad-end", "either"):
                tiles.append("".join(letters) + "." * dots)
            if odd in ("pad-start", "either"):
                tiles.append("." * dots + "".join(letters))
    return sorted(tiles)


def set_greedy(words: list[str], n: int, k: int, odd: str) -> list[str]:
    """The published method, directly: from every tile, remove the tile whose removal loses
    the fewest still-formable words (ties: first in string order) until n remain."""
    remaining = set(all_tiles(k, odd))
    forms = {w: [set(s) for s in spellings(w, k, odd) if len(set(s)) == len(s)] for w in words}
    users: dict[str, set[str]] = {}
    for word in words:
        for spelling in spellings(word, k, odd):
            for tile in spelling:
                users.setdefault(tile, set()).add(word)

    def loss(tile: str) -> int:  # formable words every formable spelling of which needs the tile
        lost = 0
        for word in users[tile]:
            alive = [s for s in forms[word] if s <= remaining]
            lost += bool(alive) and all(tile in s for s in alive)
        return lost

    losses = {t: loss(t) for t in users}
    while len(remaining) > n:
        unused = min((t for t in remaining if t not in users), default=None)  # loses nothing
        candidates = [(losses[t], t) for t in remaining if t in users] + ([(0, unused)] if unused else [])
        _, worst = min(candidates)
        remaining.discard(worst)
        if worst in users:  # only then can another tile's loss change
            losses = {t: loss(t) for t in users if t in remaining}
    return sorted(remaining)


def brute_optimum(words: list[str], n: int, k: int, odd: str, alphabet: str) -> int:
    """The most words any n tiles over the alphabet make, by trying every set of n tiles (of
    those some word uses: the others make nothing, so they only fill sets that are short)."""
    forms = [[set(s) for s in spellings(w, k, odd) if len(set(s)) == len(s)] for w in words]
    used = sorted({t for spellings_of_word in forms for s in spellings_of_word for t in s} & set(
        all_tiles(k, odd, alphabet)))
    return max(sum(any(s <= chosen for s in word) for word in forms)
               for chosen in map(set, itertools.combinations(used, min(n, len(used)))))


def random_words(rng: random.Random, alphabet: str, count: int, longest: int) -> list[str]:
    return sorted({"".join(rng.choices(alphabet, k=rng.randint(1, longest))) for _ in range(count)})


def run(*args, **kwargs) -> tuple[list[Progress], tileset.Solution]:
    reports, generator = [], optimise(*args, **kwargs)
    while True:
        try:
            reports.append(next(generator))
        except StopIteration as done:
            return reports, done.value


# --- the rule ---------------------------------------------------------------------------------


def test_the_designers_example():
    lexicon = Lexicon("example", ["pi", "pied", "pitied", "ti", "tied", "tipi", "pit", "edit", "tipped", "pipi", "ed"])
    made = formable(["ed", "pi", "ti"], lexicon)
    assert sorted(made) == ["ed", "pi", "pied", "pitied", "ti", "tied", "tipi"]  # 'ed' is a word here too
    assert "pipi" not in made  # needs pi twice
    assert formable("ed pi ti", Lexicon("six", ["pi", "pied", "pitied", "ti", "tied", "tipi"])) == \
        ["pitied", "pied", "tied", "tipi", "pi", "ti"]  # lexicon order: longest first
    assert formable(["ed", "pi", "ti"], lexicon, odd="pad-end") == formable(["ed", "pi", "ti"], lexicon)
    assert "pit" in formable(["pi", "t."], lexicon, odd="pad-end")
    assert "pit" in formable([".p", "it"], lexicon, odd="pad-start")
    assert "pit" in formable([".p", "it"], lexicon, odd="either")
    assert "pit" in formable(["pi", "t."], lexicon, odd="either")


@pytest.mark.parametrize("seed", range(8))
def test_formable_matches_a_word_by_word_check(seed):
    rng = random.Random(seed)
    words = random_words(rng, "abcde", 300, 8)
    lexicon = Lexicon("random", words)
    for k in (1, 2, 3):
        for odd in POLICIES:
            problem = tileset.build(lexicon, k, odd)
            pool = all_tiles(k, odd, "abcde")
            for _ in range(4):
                tiles = rng.sample(pool, min(len(pool), rng.randint(1, 12)))
                expected = [w for w in lexicon.words if makes(w, set(tiles), k, odd)]
                assert formable(tiles, problem) == expected
            assert formable(tiles, lexicon, size=k, odd=odd) == expected


# --- the published greedy ---------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("odd", POLICIES)
def test_greedy_is_the_published_method(seed, odd):
    rng = random.Random(100 + seed)
    words = random_words(rng, "abcdef" if seed % 2 else "aeinrst", 120, 7)
    lexicon = Lexicon("random", words)
    k = 1 if seed == 0 else 2
    for n in (2, 5, 9):
        expected = set_greedy(words, n, k, odd)
        result = greedy(lexicon, n, size=k, odd=odd)
        assert list(result.tiles) == expected
        assert result.words == sum(makes(w, set(expected), k, odd) for w in words)


def test_greedy_on_the_full_list_and_the_search_beats_it():
    full = Lexicon.load("full")
    problem = tileset.build(full, 2, "skip")
    start = greedy(problem, 20)
    assert start.words == 528  # the figure the published method gives on this list
    reports, result = run(problem, 20, seconds=None, steps=60, seed=0)
    assert reports[0] == Progress(start.tiles, 528, 0, reports[0].elapsed, None)  # greedy first, before the bound
    assert reports[1].step == 0 and reports[1].bound >= 541
    assert result.words > 528
    assert len(result.tiles) == 20 and result.bound >= result.words
    assert [r.best_words for r in reports] == sorted(r.best_words for r in reports)


# --- the search -------------------------------------------------------------------------------

CASES = [(k, odd, n, alphabet) for k, alphabets in ((1, ("abcdef",)), (2, ("abc", "abcd"))) for alphabet in alphabets
         for odd in (POLICIES if k == 2 else ("skip",)) for n in (2, 3, 4)]


@pytest.mark.parametrize(("k", "odd", "n", "alphabet"), CASES)
def test_the_search_finds_the_brute_force_optimum(k, odd, n, alphabet):
    rng = random.Random(f"{k}{odd}{n}{alphabet}")
    for trial in range(2):
        words = random_words(rng, alphabet, 40 if k == 2 else 60, 6 if k == 2 else 4)
        best = brute_optimum(words, n, k, odd, alphabet)
        result = solve(Lexicon("tiny", words), n, size=k, odd=odd, seconds=None, steps=300, seed=trial)
        assert result.words == best
        assert result.bound >= best
        assert result.greedy.words <= best
        assert list(result.formable) == [w for w in Lexicon("tiny", words).words if makes(w, set(result.tiles), k, odd)]
        assert len(set(result.tiles)) == n


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("odd", POLICIES)
def test_the_bound_holds_against_brute_force(seed, odd):
    rng = random.Random(seed)
    alphabet = "abcd"
    words = random_words(rng, alphabet, 80, 8)
    problem = tileset.build(Lexicon("tiny", words), 2, odd)
    for n in (1, 2, 3, 4):
        assert upper_bound(problem, n) >= brute_optimum(words, n, 2, odd, alphabet)


@pytest.mark.parametrize("odd", POLICIES)
@pytest.mark.parametrize("k", (1, 2, 3))
def test_swap_gains_are_exact(odd, k):
    """The search's bookkeeping: every swap's predicted gain is what the swap does, and the
    state after many swaps is what a fresh start computes."""
    rng = random.Random(k)
    lexicon = Lexicon("random", random_words(rng, "abcdefg", 2000, 9))
    problem = tileset.build(lexicon, k, odd)
    for n in (3, 5 if k == 1 else 12):
        search = tileset._Search(problem, n)
        search.start(rng.sample(range(search.u), n))
        for step in range(80):
            gain = search.gains()
            outside = np.flatnonzero(~search.in_s)
            if step % 2:
                s, t = divmod(int(np.argmax(np.where(search.in_s[None, :], -10**9, gain))), search.u)
            else:
                s, t = rng.randrange(n), int(rng.choice(outside.tolist()))
            before = search.value
            search.swap(int(search.members[s]), t)
            assert search.value - before == gain[s, t]
        state = (search.value, search.A.copy(), search.L.copy(), search.C.copy(), None if search.D is None
                 else search.D.copy())
        search.start(search.members.tolist())
        assert state[0] == search.value == len(problem.words_of(search.tile_ids[search.members]))
        assert (state[1] == search.A).all() and (state[2] == search.L).all() and (state[3] == search.C).all()
        assert state[4] is None or (state[4] == search.D).all()


def test_same_seed_same_answer():
    lexicon = Lexicon("random", random_words(random.Random(7), "abcdefghij", 3000, 8))
    problem = tileset.build(lexicon, 2, "either")
    first_reports, first = run(problem, 8, seconds=None, steps=400, seed=3, report_every=1e9)
    again_reports, again = run(problem, 8, seconds=None, steps=400, seed=3, report_every=1e9)
    strip = [(r.best_tiles, r.best_words, r.step, r.bound) for r in first_reports]
    assert strip == [(r.best_tiles, r.best_words, r.step, r.bound) for r in again_reports]
    assert (first.tiles, first.words, first.steps) == (again.tiles, again.words, again.steps)
    assert first.steps == 400 or first.optimal


def test_a_best_known_answer_is_improved_from_where_it_stands():
    lexicon = Lexicon("random", random_words(random.Random(11), "abcdefgh", 2000, 8))
    problem = tileset.build(lexicon, 2, "skip")
    first = solve(problem, 6, seconds=None, steps=150, seed=1)
    again = solve(problem, 6, seconds=None, steps=0, seed=2, start=first.tiles)
    assert again.words == first.words and again.tiles == first.tiles and again.greedy == first.greedy
    worse = solve(problem, 6, seconds=None, steps=0, start=["zz", "zy", "zx", "zw", "zv", "zu"])
    assert worse.words == first.greedy.words  # a start worse than greedy is not used
    with pytest.raises(TilesetError, match="exactly 6 tiles, not 2"):
        solve(problem, 6, seconds=None, steps=0, start="ab cd")


def test_everything_fits_is_the_optimum():
    lexicon = Lexicon("small", ["abcd", "ab", "cd", "ef"])
    result = solve(lexicon, 10, seconds=None, steps=5)
    assert result.words == 4 and result.bound == 4 and result.optimal and len(result.tiles) == 10
    assert {"ab", "cd", "ef"} <= set(result.tiles)


def test_time_budget_and_liveness_reports():
    full = Lexicon.load("common")
    reports, result = run(full, 20, seconds=0.6, seed=1, report_every=0.1)
    assert result.seconds < 5 and len(reports) >= 3 and result.words >= result.greedy.words


def test_results_are_picklable_and_json():
    lexicon = Lexicon("example", ["pi", "pied", "pitied", "ti", "tied", "tipi"])
    result = solve(lexicon, 3, seconds=None, steps=20)
    assert pickle.loads(pickle.dumps(result)) == result
    data = json.loads(json.dumps(result.to_json()))
    assert data["tiles"] == ["ed", "pi", "ti"] and data["words"] == 6 and data["greedy"]["words"] == 6
    assert sorted(data["formable"]) == sorted(lexicon.words) and data["bound"] >= 6
    assert set(data) >= {"tiles", "words", "formable", "greedy", "bound", "seconds"}


# --- mistakes ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda lex: greedy(lex, 0), "Choose 1 to 200 tiles; 0"),
        (lambda lex: greedy(lex, 201), "Choose 1 to 200 tiles; 201"),
        (lambda lex: greedy(lex, "20"), "whole number from 1 to 200"),
        (lambda lex: greedy(lex, True), "whole number"),
        (lambda lex: greedy(lex, 5, size=4), "1, 2 or 3 letters"),
        (lambda lex: greedy(lex, 5, odd="pad"), "one of 'skip', 'pad-end'"),
        (lambda lex: solve(lex, 5, seconds=None), "Give a time budget"),
        (lambda lex: solve(lex, 5, seconds=-1), "0 or more seconds"),
        (lambda lex: solve(lex, 5, steps=-3), "steps is a whole number"),
        (lambda lex: formable(["a1"], lex), "A tile is 2 letters a-z"),
        (lambda lex: formable(["abc"], lex), "A tile is 2 letters"),
        (lambda lex: formable(["a."], lex), "does not exist under the 'skip' policy"),
        (lambda lex: formable(["ab", "AB"], lex), "'ab' is given twice"),
        (lambda lex: greedy(["ab"], 5), "Give a Lexicon"),
        (lambda lex: greedy(tileset.build(lex, 2, "skip"), 5, size=3), "size=3 does not match"),
        (lambda lex: greedy(tileset.build(lex, 2, "skip"), 5, odd="either"), "odd='either' does not match"),
        (lambda lex: greedy(lex, 27, size=1), "Only 26 different tiles of 1 letter exist: choose 1 to 26 tiles; 27"),
        (lambda lex: solve(lex, 30, size=1, odd="pad-end", seconds=1), "Only 26 different tiles of 1 letter"),
        (lambda lex: solve(lex, 5, seconds=1, seed=-5), "The seed is a whole number, 0 or more"),
    ],
)
def test_bad_input_says_what_to_fix(call, message):
    lexicon = Lexicon("small", ["abcd", "ab"])
    with pytest.raises(TilesetError, match=message) as raised:
        call(lexicon)
    assert isinstance(raised.value, ValueError) and len(str(raised.value)) < 200


def test_how_many_tiles_exist():
    assert tileset.tile_count(1) == tileset.tile_count(1, "either") == 26
    assert tileset.tile_count(2) == 676 and tileset.tile_count(2, "pad-end") == 676 + 26
    assert tileset.tile_count(2, "either") == 676 + 2 * 26 and tileset.tile_count(3) == 26**3
    assert tileset.check_tiles(26, 1) == 26 and tileset.check_tiles(200, 2) == 200


def test_a_stored_start_is_used_only_when_it_can_start_the_search():
    problem = tileset.build(Lexicon("small", ["pied", "tipi", "pitied", "tied", "ti", "pi"]), 2, "skip")
    assert tileset.usable_start(("ti", "pi", "ed"), problem, 3) == ("ed", "pi", "ti")
    for stored in (("ti", "pi"), ("ti", "pi", "ed", "zz"), ("ti", "pi", "e."), ("ti", "ti", "ed"), ("t1", "pi", "ed"),
                   None):
        assert tileset.usable_start(stored, problem, 3) is None
