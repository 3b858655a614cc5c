"""Letter Boxed against obvious, slow, independent references on small boxes and word lists."""

import itertools
import random

import pytest

from solvers.letterbox import (
    BoxError,
    Solution,
    Words,
    check,
    check_word,
    fewest_words,
    parse_box,
    playable,
    rank,
    shortest_chain,
    solve,
    two_word_solutions,
    words_to_finish,
)
from solvers.lexicon import Lexicon


def ref_playable(words, sides):
    side = {ch: k for k, s in enumerate(sides) for ch in s}
    return sorted(w for w in words if len(w) >= 3 and all(ch in side for ch in w)
                  and all(side[a] != side[b] for a, b in zip(w, w[1:], strict=False)))


def ref_chains(ok, letters, length):
    """Every chain of ``length`` playable words that uses every letter."""
    found = []

    def extend(chain):
        if len(chain) == length:
            if set("".join(chain)) >= set(letters):
                found.append(tuple(chain))
            return
        for word in ok:
            if not chain or word[0] == chain[-1][-1]:
                extend(chain + [word])

    extend([])
    return found


def random_case(rng, sides_count, per_side, words_count):
    letters = rng.sample("abcdefghijklmnopqrstuvwxyz", sides_count * per_side)
    sides = tuple("".join(letters[k * per_side:(k + 1) * per_side]) for k in range(sides_count))
    pool = letters + rng.sample([c for c in "abcdefghijklmnopqrstuvwxyz" if c not in letters], 2)
    words = {"".join(rng.choice(pool) for _ in range(rng.randint(2, 7))) for _ in range(words_count)}
    return sides, sorted(words)


@pytest.mark.parametrize("seed", range(60))
def test_playable_fewest_and_two_word_solutions_match_brute_force(seed):
    rng = random.Random(seed)
    sides, words = random_case(rng, rng.choice([3, 4]), 2, rng.randint(150, 600))
    lexicon = Lexicon(f"random-{seed}", words)
    box = parse_box(" ".join(sides))
    ok = ref_playable(words, sides)
    assert sorted(lexicon.words[i] for i in playable(lexicon, box)) == ok
    table = Words.of(lexicon, box)
    expected_fewest = next((k for k in range(1, 4) if ref_chains(ok, box.letters, k)), None)
    assert fewest_words(table, max_words=3) == expected_fewest
    pairs = {(lexicon.words[a], lexicon.words[b]) for a, b in two_word_solutions(table).tolist()}
    assert pairs == set(ref_chains(ok, box.letters, 2))


def ref_to_finish(ok, letters, last, used, most):
    """The fewest words (up to ``most``) of a chain from ``last`` that use every letter not in ``used``."""
    left = set(letters) - set(used)
    if not left:
        return 0
    level = [(last, frozenset())]
    for count in range(1, most + 1):
        level = [(word[-1], covered | set(word)) for end, covered in level for word in ok if word[0] == end]
        if any(covered >= left for _, covered in level):
            return count
    return None


@pytest.mark.parametrize("seed", range(30))
def test_words_to_finish_a_chain_match_brute_force(seed):
    rng = random.Random(500 + seed)
    sides, words = random_case(rng, rng.choice([3, 4]), 2, rng.randint(60, 200))
    lexicon = Lexicon(f"finish-{seed}", words)
    box = parse_box(" ".join(sides))
    ok, table = ref_playable(words, sides), Words.of(lexicon, box)
    for first in ok[:12]:
        used = sum(1 << k for k, ch in enumerate(box.letters) if ch in first)
        got = words_to_finish(table, box.letters.index(first[-1]), used, max_words=3)
        assert got == ref_to_finish(ok, box.letters, first[-1], first, 3), first
    assert words_to_finish(table, None, 0, max_words=3) == fewest_words(table, max_words=3)
    assert words_to_finish(table, 0, table.full) == 0


def test_objectify_youthful_on_the_full_list():
    full = Lexicon.load("full")
    solved = solve(full, parse_box("TJO FEB CUY HIL"))
    assert solved.fewest_words == 2 and ("objectify", "youthful") in [s.words for s in solved.solutions]
    assert solved.to_json()["sides"] == ["tjo", "feb", "cuy", "hil"] and solved.to_json()["counts"]["2"] == \
        solved.two_word_count


@pytest.mark.parametrize("text", ["TJO FEB CUY HIL", "tjo-feb-cuy-hil", "tjo,feb,cuy,hil", " tjo  FEB\tcuy hil "])
def test_box_forms(text):
    assert parse_box(text).sides == ("tjo", "feb", "cuy", "hil")
    assert parse_box(["TJO", "FEB", "CUY", "HIL"]) == parse_box(text) and str(parse_box(text)) == "TJO FEB CUY HIL"


@pytest.mark.parametrize(("text", "message"), [
    ("TJO FEB", "A box has 3 to 6 sides"),
    ("TJO FEB CUY H1L", "remove '1'"),
    ("TJO FEB CUY HILMNOP", "Each side holds 2 to 5 letters; HILMNOP has 7"),
    ("TJO FEB CUY HIT", "T is there twice"),
    ("X" * 100_000, "A box has 3 to 6 sides"),
])
def test_bad_boxes_say_what_to_fix(text, message):
    with pytest.raises(BoxError, match=message):
        parse_box(text)


def test_each_kind_of_refused_word():
    lexicon = Lexicon("t", ["objectify", "youthful", "tube", "bile", "jot"])
    box = parse_box("TJO FEB CUY HIL")
    assert check_word(lexicon, box, "zebra").reason == "Z is not on the box."
    assert check_word(lexicon, box, "jo").reason == "JO is too short: words have at least 3 letters."
    assert check_word(lexicon, box, "tube", previous="objectify").reason == \
        "TUBE must start with Y, the last letter of OBJECTIFY."
    assert check_word(lexicon, box, "tot").reason == "T and O are on the same side: they cannot be neighbours."
    assert check_word(lexicon, box, "yell").reason == \
        "L cannot follow itself: the next letter must come from another side."
    assert [check_word(lexicon, box, w, "objectify").rule for w in ("b3", "jo", "zebra", "tube",
                                                                    "yoo", "yeti", "youthful")] == [
        "letters", "short", "off box", "start", "same side", "unknown", ""]
    assert check_word(lexicon, box, "bute").reason == "BUTE is not in the word list."
    assert check_word(lexicon, box, "b3").reason == "Words are letters A–Z only; remove '3'."
    half = check(lexicon, box, ["objectify"])
    assert not half.solved and sorted(half.letters_left) == sorted("hlu")
    assert check(lexicon, box, ["objectify", "youthful"]).solved
    refused = check(lexicon, box, ["objectify", "tube", "youthful"])
    assert [v.ok for v in refused.verdicts] == [True, False] and not refused.solved


def test_the_rarer_word_decides_the_rank():
    lexicon = Lexicon("t", ["aa", "bb", "cc"], {"aa": 5.0, "bb": 3.0, "cc": 4.0})
    ranked = rank(lexicon, [("aa", "bb"), ("aa", "cc"), ("cc", "cc")])
    assert [s.words for s in ranked] == [("aa", "cc"), ("cc", "cc"), ("aa", "bb")]
    assert [s.rarity for s in ranked] == [4.0, 4.0, 3.0]


def test_itertools_is_the_reference_for_pairs_too():
    rng = random.Random(99)
    sides, words = random_case(rng, 4, 3, 3000)
    lexicon = Lexicon("r", words)
    box = parse_box(" ".join(sides))
    ok = ref_playable(words, sides)
    brute = {(a, b) for a, b in itertools.product(ok, ok) if a[-1] == b[0] and set(a + b) >= set(box.letters)}
    assert {(lexicon.words[a], lexicon.words[b]) for a, b in two_word_solutions(Words.of(lexicon, box)).tolist()} == \
        brute


def ref_three_non_redundant(ok, letters):
    full = set(letters)
    return {c for c in ref_chains(ok, letters, 3)
            if not set(c[0] + c[1]) >= full and not set(c[1] + c[2]) >= full}


@pytest.mark.parametrize("seed", range(25))
def test_three_word_count_and_best_list_match_brute_force(seed):
    from solvers.letterbox import three_word_solutions

    rng = random.Random(1000 + seed)
    sides, words = random_case(rng, 3, 2, rng.randint(100, 300))
    figures = {w: round(rng.uniform(0, 6), 1) for w in words}
    lexicon = Lexicon("r", words, figures)
    box = parse_box(" ".join(sides))
    expected = ref_three_non_redundant(ref_playable(words, sides), box.letters)
    found = three_word_solutions(Words.of(lexicon, box), limit=5)
    assert found.count == len(expected) and found.complete
    listed = [tuple(lexicon.words[i] for i in chain) for chain in found.best]
    assert listed == [s.words for s in ref_ranked(figures, expected)][:5]


def ref_ranked(figures, chains):
    """The documented ranking, by plain Python: the rarer word's commonness (higher first),
    then fewer letters in all, then alphabetical order."""
    return sorted((Solution(c, min(figures[w] for w in c)) for c in chains),
                  key=lambda s: (-s.rarity, sum(map(len, s.words)), s.words))


@pytest.mark.parametrize("seed", range(12))
def test_the_top_n_is_the_first_n_of_the_whole_ranking_for_every_limit(seed):
    """Few distinct commonness figures, so many ties: the letters and alphabet must break them
    the same way whatever the limit (the old listing kept limit x 4 chains by another key)."""
    rng = random.Random(500 + seed)
    sides, words = random_case(rng, 3, 2, rng.randint(150, 400))
    figures = {w: float(rng.choice([1.0, 2.0, 3.0])) for w in words}
    lexicon = Lexicon("r", words, figures)
    box = parse_box(" ".join(sides))
    ok = ref_playable(words, sides)
    everything = ref_ranked(figures, [(w,) for w in ok if set(w) >= set(box.letters)]) \
        + ref_ranked(figures, ref_chains(ok, box.letters, 2)) + ref_ranked(figures,
                                                                           ref_three_non_redundant(ok, box.letters))
    for limit in (1, 2, 3, 5, 8, 13, 40, 200):
        solved = solve(lexicon, box, limit=limit, seconds=None)
        assert list(solved.solutions) == everything[:limit], limit


def test_tjo_feb_cuy_hil_ranks_the_same_whatever_the_limit():
    full = Lexicon.load("full")
    longest = solve(full, parse_box("TJO FEB CUY HIL"), limit=200).solutions
    for limit in (2, 5, 20, 50):
        assert solve(full, parse_box("TJO FEB CUY HIL"), limit=limit).solutions == longest[:limit]


def test_a_box_of_four_words_shows_a_chain_of_four():
    lexicon = Lexicon("t", ["abc", "cde", "efg", "gha", "bad"])  # three words reach 7 letters at most
    box = parse_box("AE BF CG DH")
    solved = solve(lexicon, box)
    chain = solved.solutions[0].words
    assert solved.fewest_words == 4 and len(chain) == 4 and check(lexicon, box, list(chain)).solved
    assert (solved.two_word_count, solved.three_word_count) == (0, 0)


@pytest.mark.parametrize("seed", range(20))
def test_the_shortest_chain_is_a_real_solution_and_matches_brute_force(seed):
    rng = random.Random(2000 + seed)
    sides, words = random_case(rng, 3, 3, rng.randint(60, 160))
    lexicon = Lexicon(f"r{seed}", words)
    box = parse_box(" ".join(sides))
    ok = ref_playable(words, sides)
    expected = next((k for k in range(1, 5) if ref_chains(ok, box.letters, k)), None)
    found = shortest_chain(Words.of(lexicon, box), max_words=4)
    assert found.fewest == expected and found.complete
    if expected:
        chain = [lexicon.words[i] for i in Words.of(lexicon, box).index[list(found.chain)]]
        assert len(chain) == expected and check(lexicon, box, chain).solved


@pytest.mark.parametrize("sides", ["ABCDE FGHIJ KLMNO PQRST UVWX YZ", "ABCD EFGH IJKL MNOP QRST"])
def test_a_big_box_answers_within_its_budget_and_says_what_is_proved(sides):
    """These ran for 10 minutes and more at 2-3 GB. Now: a bounded answer, honest about itself."""
    full = Lexicon.load("full")
    solved = solve(full, parse_box(sides), seconds=1.0)
    assert solved.solutions and check(full, solved.box, list(solved.solutions[0].words)).solved
    assert solved.fewest_words is not None or (not solved.fewest_complete and solved.fewest_at_least >= 3)
    assert solved.fewest_at_least <= len(solved.solutions[0].words)


@pytest.mark.parametrize("seed", range(80))
@pytest.mark.parametrize(("table_letters", "direct", "rare"), [(0, 1, 2), (0, 1 << 16, 12), (16, 1, 12)],
                         ids=["split", "maximal-sets", "table"])
def test_both_proofs_of_the_fewest_words_match_brute_force(seed, table_letters, direct, rare, monkeypatch):
    """The big-box proof (maximal letter sets, halves tested on rare letters then split by
    them, levels) is forced on small boxes here, where brute force can check it; so is the
    table's."""
    from solvers.letterbox import fewest, halves

    monkeypatch.setattr(fewest, "TABLE_LETTERS", table_letters)
    monkeypatch.setattr(halves, "_DIRECT", direct)
    monkeypatch.setattr(halves, "RARE_LETTERS", rare)
    rng = random.Random(3000 + seed)
    sides, words = random_case(rng, rng.choice([3, 4]), rng.choice([2, 3]), rng.randint(40, 220))
    lexicon = Lexicon(f"r{seed}", words)
    box = parse_box(" ".join(sides))
    ok = ref_playable(words, sides)
    expected = next((k for k in range(1, 5) if ref_chains(ok, box.letters, k)), None)
    table = Words.of(lexicon, box)
    found = shortest_chain(table, max_words=4)
    assert (found.fewest, found.complete) == (expected, True)
    assert found.at_least == (expected or 5)
    if expected:
        chain = [lexicon.words[i] for i in table.index[list(found.chain)]]
        assert len(chain) == expected and check(lexicon, box, chain).solved


@pytest.mark.parametrize("seed", range(30))
@pytest.mark.parametrize("table_letters", [0, 16], ids=["maximal-sets", "table"])
def test_a_proof_cut_by_the_budget_claims_only_what_it_proved(seed, table_letters, monkeypatch):
    from solvers.letterbox import fewest

    monkeypatch.setattr(fewest, "TABLE_LETTERS", table_letters)
    rng = random.Random(4000 + seed)
    sides, words = random_case(rng, 4, rng.choice([2, 3]), rng.randint(60, 220))
    lexicon = Lexicon(f"r{seed}", words)
    box = parse_box(" ".join(sides))
    ok = ref_playable(words, sides)
    expected = next((k for k in range(1, 5) if ref_chains(ok, box.letters, k)), 5)
    table = Words.of(lexicon, box)
    found = shortest_chain(table, max_words=4, seconds=0.0)
    assert found.at_least <= expected and found.fewest in (None, expected if expected <= 4 else None)
    assert found.complete or found.fewest is None
    if found.chain:
        chain = [lexicon.words[i] for i in table.index[list(found.chain)]]
        assert len(chain) >= expected and check(lexicon, box, chain).solved


@pytest.mark.parametrize("seed", range(10))
def test_the_alphabetical_rank_of_the_playable_words_is_sorted_order(seed):
    """Prefixes too: ABC before ABCA, though the list keeps longer words first."""
    rng = random.Random(5000 + seed)
    sides, words = random_case(rng, 4, 3, 400)
    stems = [w for w in words if len(w) >= 3][:20]
    lexicon = Lexicon("r", words + [w + w[-2] for w in stems])
    table = Words.of(lexicon, parse_box(" ".join(sides)))
    names = [lexicon.words[i] for i in table.index]
    assert [names[i] for i in sorted(range(len(names)), key=table.alpha.__getitem__)] == sorted(names)


def test_a_box_with_no_playable_word():
    lexicon = Lexicon("t", ["abc", "xyz"])
    solved = solve(lexicon, parse_box("QX ZJ VW"))
    assert (solved.playable, solved.fewest_words, solved.fewest_complete, solved.solutions) == (0, None, True, ())
