"""The daily Letter Boxed generator: a year of boxes against the newspaper's statistics, every box
checked with the solver, and its parts against brute force on small lists."""

import datetime as dt
import itertools
import math
import statistics
from collections import Counter

import numpy as np
import pytest

from solvers import letterbox as lb
from solvers.bee import EVERYDAY_ZIPF
from solvers.lexicon import Lexicon

pytestmark = pytest.mark.slow  # a year of boxes, made once for the module

YEAR = [dt.date(2027, 3, 1) + dt.timedelta(days=n) for n in range(365)]


@pytest.fixture(scope="module")
def year():
    return [lb.generate(date) for date in YEAR]


def shares(values, keys):
    counts = Counter(values)
    return {key: 100 * counts[key] / len(values) for key in keys}


def test_a_year_of_boxes_looks_like_the_newspapers(year):
    rare = shares([sum(ch in lb.RARE for ch in b.box.letters) for b in year], (0, 1, 2, 3))
    vowels = shares([sum(ch in lb.VOWELS for ch in b.box.letters) for b in year], (2, 3, 4, 5))
    with_s = 100 * sum("s" in b.box.letters for b in year) / len(year)
    vowelless = 100 * sum(any(not set(side) & set(lb.VOWELS) for side in b.box.sides) for b in year) / len(year)
    par = shares([b.par for b in year], (4, 5, 6))
    lengths = [len(b.solution[0]) + len(b.solution[1]) for b in year]
    print("\nJ/Q/X/Z per box (% of days):", {k: round(v, 1) for k, v in rare.items()}, "newspaper 59/32/8/0.4")
    print("vowels per box:", {k: round(v, 1) for k, v in vowels.items()}, "newspaper 2/26/56/16")
    print(f"S on {with_s:.1f}% (newspaper 44%); a side without a vowel on {vowelless:.1f}% (85%)")
    print("par:", {k: round(v, 1) for k, v in par.items()}, "newspaper 30/44/26")
    print("solution letters:", sorted(Counter(lengths).items()), "median", statistics.median(lengths), "(15)")
    print("playable 5th/50th/95th percentile:", np.percentile([b.playable for b in year], [5, 50, 95]).round(),
          "(560 / ~1,200 / 2,240)")
    for got, want in ((rare, {0: 59, 1: 32, 2: 8, 3: 0.4}), (vowels, {2: 2, 3: 26, 4: 56, 5: 16}),
                      (par, {4: 30, 5: 44, 6: 26})):
        for key, percent in want.items():
            assert abs(got[key] - percent) <= 4, (key, got[key], percent)
    assert abs(with_s - 44) <= 4 and abs(vowelless - 85) <= 5
    assert sum(13 <= n <= 18 for n in lengths) / len(lengths) >= 0.95
    assert 14 <= statistics.median(lengths) <= 16
    assert 0.80 <= sum(560 <= b.playable <= 2240 for b in year) / len(year)


def test_every_box_is_a_fair_newspaper_box_solved_by_its_published_pair(year):
    everyday = Lexicon.load("common")
    accepted = Lexicon.load("full").without_vulgar()
    for box in year:
        sides = box.box.sides
        assert len(sides) == 4 and all(len(side) == 3 for side in sides)
        assert len(set(box.box.letters)) == 12
        assert lb.check(accepted, box.box, box.solution).solved, box
        for word in box.solution:
            assert everyday.commonness(word) >= EVERYDAY_ZIPF and not everyday.is_vulgar(word)
        assert box.playable == lb.playable(accepted, box.box).size
        rare = sum(ch in lb.RARE for ch in box.box.letters)
        assert box.par == lb.par_for(rare, box.playable)
        # the published pair is the most common two-word solution of everyday words (half steps of commonness)
        words = lb.Words.of(accepted, box.box)
        pairs = [(accepted.words[a], accepted.words[b]) for a, b in lb.two_word_solutions(words).tolist()]
        everyday_pairs = [p for p in pairs if all(everyday.commonness(w) >= EVERYDAY_ZIPF for w in p)
                          and 13 <= len(p[0] + p[1]) <= 17]
        best = max(math.floor(min(map(accepted.commonness, p)) * 2) for p in everyday_pairs)
        assert math.floor(min(map(accepted.commonness, box.solution)) * 2) == best


def test_no_letter_set_comes_back_within_a_year(year):
    sets = ["".join(sorted(b.box.letters)) for b in year]
    assert len(set(sets)) == len(sets)


def test_the_same_date_gives_the_same_box_and_the_salt_changes_it():
    date = dt.date(2028, 2, 29)
    assert lb.generate(date) == lb.generate.__wrapped__(date)  # the kept box is the one made anew
    assert lb.generate(date, salt="other server") != lb.generate(date)
    assert lb.generate(date).to_json()["date"] == "2028-02-29"


def test_no_box_before_the_epoch():
    with pytest.raises(lb.DailyBoxError, match="start on 2024-01-01"):
        lb.generate(dt.date(2023, 12, 31))


def test_par_follows_the_rare_letters_then_the_playable_words():
    low0, low1 = lb.PAR_THRESHOLDS[0], lb.PAR_THRESHOLDS[1]
    assert [lb.par_for(0, low0), lb.par_for(0, low0 - 1)] == [4, 5]
    assert [lb.par_for(1, low1), lb.par_for(1, low1 - 1)] == [5, 6]
    assert lb.par_for(2, 10_000) == lb.par_for(3, 10_000) == 6


def test_partitions_are_every_way_to_make_four_sides_of_three_once():
    partitions = lb._partitions()
    assert len(partitions) == math.factorial(12) // (math.factorial(3) ** 4 * math.factorial(4))  # 15,400
    groups = {frozenset(frozenset(np.flatnonzero(p == s).tolist()) for s in range(4)) for p in partitions}
    assert len(groups) == len(partitions)
    assert all(sorted(Counter(p.tolist()).values()) == [3, 3, 3, 3] for p in partitions)


WORDS = {  # a small everyday list: word -> commonness
    "abcdef": 4.0, "fghijkl": 3.5, "fghij": 3.0, "jklmn": 2.5, "lmno": 4.2, "ijklmn": 2.0, "nopqrs": 3.1,
    "abcd": 1.5, "defghi": 5.0, "ijkl": 2.2, "lkjihg": 2.9, "gfedcba": 3.3, "abba": 4.0, "klmnop": 2.4,
    "pqrstu": 2.6, "uvwxyz": 2.1, "zyxwvu": 3.9, "hgfedc": 3.4, "cdefgh": 2.8, "mnopq": 1.0,
}


def test_the_pool_is_every_letter_set_of_a_chaining_everyday_pair():
    lexicon = Lexicon("tiny", WORDS, commonness=WORDS, vulgar={"gfedcba"})
    pool = lb._pool(lexicon, "")
    usable = [w for w, z in WORDS.items() if z >= EVERYDAY_ZIPF and w != "gfedcba"
              and all(a != b for a, b in zip(w, w[1:], strict=False))]
    expected = {frozenset(a + b) for a, b in itertools.product(usable, repeat=2)
                if a[-1] == b[0] and len(set(a + b)) == 12 and 13 <= len(a + b) <= 17}
    got = {frozenset(ch for k, ch in enumerate("abcdefghijklmnopqrstuvwxyz") if int(m) >> k & 1)
           for members in pool.sets for m in members}
    everything = {frozenset(ch for k, ch in enumerate("abcdefghijklmnopqrstuvwxyz") if m >> k & 1)
                  for m in lb._all_pool_sets(lexicon).tolist()}
    assert everything == expected and expected
    assert got <= expected  # classes too small to use are left out


def test_the_seed_of_a_set_is_its_most_common_pair_then_the_shortest():
    lexicon = Lexicon("tiny", WORDS, commonness=WORDS, vulgar={"gfedcba"})
    pool = lb._pool(lexicon, "")
    usable = [w for w in pool.words]
    for mask in lb._all_pool_sets(lexicon).tolist():
        letters = {ch for k, ch in enumerate("abcdefghijklmnopqrstuvwxyz") if mask >> k & 1}
        pairs = [(a, b) for a, b in itertools.product(usable, repeat=2)
                 if a[-1] == b[0] and set(a + b) == letters and 13 <= len(a + b) <= 17]
        best = min(pairs, key=lambda p: (-min(WORDS[p[0]], WORDS[p[1]]), len(p[0] + p[1]), p))
        assert lb._seed_pair(pool, mask) == best


def test_generation_is_the_same_in_another_process():
    import json
    import os
    import sys

    from tests.processes import run_child

    code = "import datetime as d, json; from solvers import letterbox as l; " \
           "print(json.dumps(l.generate(d.date(2029, 7, 4)).to_json()))"
    runs = {run_child([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                      env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2")}
    assert len(runs) == 1
    assert json.loads(runs.pop()) == lb.generate(dt.date(2029, 7, 4)).to_json()
