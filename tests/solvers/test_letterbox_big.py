"""The big-box path of Letter Boxed (maximal letter sets, halves met on the rarest letters
first, levels) forced on boxes small enough for plain sets to check it."""

import random

import numpy as np
import pytest

from solvers.letterbox import Words, check, parse_box, shortest_chain
from solvers.lexicon import Lexicon
from tests.solvers.test_letterbox import random_case, ref_chains, ref_playable


def ref_fewest_by_states(ok, letters, most):
    """The fewest words, by plain sets: every (last letter, letters used) after 1, 2, ... words."""
    bit = {ch: 1 << k for k, ch in enumerate(sorted(set(letters)))}  # the letters used, as bits of an int
    full = (1 << len(bit)) - 1

    def mask(word):
        return sum(bit[ch] for ch in set(word) if ch in bit)

    starting: dict[str, list[tuple[str, int]]] = {}  # each word under its first letter
    for w in ok:
        starting.setdefault(w[0], []).append((w[-1], mask(w)))
    states = {(w[-1], mask(w)) for w in ok}
    for count in range(1, most + 1):
        if any(used == full for _, used in states):
            return count
        states = {(end, used | letters_of) for last, used in states for end, letters_of in starting.get(last, ())}
    return None


def assert_big_path_matches_plain_sets(lexicon, box, ok):
    """The fewest words by the big-box path, up to five and up to four, against plain sets,
    with a real chain of that many words."""
    expected = ref_fewest_by_states(ok, box.letters, 5)
    table = Words.of(lexicon, box)
    found = shortest_chain(table, max_words=5)
    assert (found.fewest, found.complete, found.at_least) == (expected, True, expected or 6)
    if expected:
        chain = [lexicon.words[i] for i in table.index[list(found.chain)]]
        assert len(chain) == expected and check(lexicon, box, chain).solved
    four_only = shortest_chain(table, max_words=4)
    assert four_only.fewest == (expected if expected and expected <= 4 else None)
    return expected


@pytest.mark.parametrize("seed", range(60))
@pytest.mark.parametrize(("direct", "rare"), [(1, 12), (1 << 16, 12), (1, 0), (1 << 16, 3)],
                         ids=["split", "at-once", "split-no-rare-test", "at-once-3-rare"])
def test_the_four_word_check_on_big_boxes_matches_brute_force(seed, direct, rare, monkeypatch):
    """The big-box path (halves of words joined at a letter) forced on small boxes with few words,
    so that four and five words, or none, are often the fewest; split down to single sets too,
    and with the rare-letter test seeing every letter, none or only a few."""
    from solvers.letterbox import fewest, halves

    monkeypatch.setattr(fewest, "TABLE_LETTERS", 0)
    monkeypatch.setattr(halves, "_DIRECT", direct)
    monkeypatch.setattr(halves, "RARE_LETTERS", rare)
    rng = random.Random(6000 + seed)
    sides, words = random_case(rng, rng.choice([3, 4]), 3, rng.randint(80, 250))
    box = parse_box(" ".join(sides))
    ok = ref_playable(words, sides)
    expected = assert_big_path_matches_plain_sets(Lexicon(f"r{seed}", words), box, ok)
    assert expected == next((k for k in range(1, 4) if ref_chains(ok, box.letters, k)), expected)


def long_words_case(rng, sides_count, per_side, words_count):
    """A box and words of 3 to 9 of its letters, so that big boxes often need four or five."""
    letters = rng.sample("abcdefghijklmnopqrstuvwxyz", sides_count * per_side)
    sides = tuple("".join(letters[k * per_side:(k + 1) * per_side]) for k in range(sides_count))
    return sides, sorted({"".join(rng.choice(letters) for _ in range(rng.randint(3, 9))) for _ in range(words_count)})


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("rare", [2, 6, 12])
def test_the_four_word_check_on_boxes_of_15_to_24_letters_matches_plain_sets(seed, rare, monkeypatch):
    """Boxes with more letters than the rare-letter test sees, so the halves it keeps are
    met on every letter afterwards."""
    from solvers.letterbox import fewest, halves

    monkeypatch.setattr(fewest, "TABLE_LETTERS", 0)
    monkeypatch.setattr(halves, "RARE_LETTERS", rare)
    rng = random.Random(7000 + seed)
    sides, words = long_words_case(rng, rng.choice([5, 6]), rng.choice([3, 4]), rng.randint(110, 170))
    box = parse_box(" ".join(sides))
    assert_big_path_matches_plain_sets(Lexicon(f"r{seed}", words), box, ref_playable(words, sides))


def test_three_four_five_and_none_are_among_the_long_word_cases():
    """The cases above are worth their time only if they reach each answer."""
    answers = set()
    for seed in range(40):
        rng = random.Random(7000 + seed)
        sides, words = long_words_case(rng, rng.choice([5, 6]), rng.choice([3, 4]), rng.randint(110, 170))
        answers.add(ref_fewest_by_states(ref_playable(words, sides), "".join(sides), 5))
    assert {3, 4, 5, None} <= answers


@pytest.mark.parametrize("seed", range(20))
def test_closing_a_table_upward_marks_the_subsets_of_every_marked_set(seed):
    from solvers.letterbox.words import close_upward

    rng = random.Random(8000 + seed)
    letters = rng.randint(0, 7)
    marked = {rng.randrange(1 << letters) for _ in range(rng.randint(0, 6))}
    table = np.zeros(1 << letters, dtype=bool)
    table[list(marked)] = True
    assert close_upward(table).tolist() == [any(s & m == s for m in marked) for s in range(1 << letters)]


@pytest.mark.parametrize("seed", range(30))
def test_the_maximal_sets_are_those_no_other_set_holds(seed):
    """Few sets (each against all at once) and many (size by size, against the larger kept);
    duplicates give their first place; largest first. With ``limit`` (the narrow search):
    that many of the largest maximal sets (which of equal size, and which duplicate, may vary)."""
    from solvers.letterbox.words import maximal

    rng = random.Random(9000 + seed)
    bits = rng.randint(1, 14)
    masks = [rng.getrandbits(bits) & rng.getrandbits(bits) for _ in range(rng.choice([5, 200, 1500]))]
    found = maximal(np.array(masks, dtype=np.int64)).tolist()
    expected = [i for i, m in enumerate(masks) if masks.index(m) == i and not any(m & o == m != o for o in masks)]
    assert sorted(found) == expected
    assert [masks[i].bit_count() for i in found] == sorted((masks[i].bit_count() for i in found), reverse=True)
    limit = rng.randint(1, 40)
    some = [masks[i] for i in maximal(np.array(masks, dtype=np.int64), limit=limit)]
    assert len(set(some)) == len(some) and set(some) <= {masks[i] for i in found}
    assert [m.bit_count() for m in some] == [masks[i].bit_count() for i in found[:limit]]
