"""Exact anagrams by letter hash give what a scan of every word of the length gives, and the
blank letters found word by word or all at once are the same."""

import random
from collections import Counter

import numpy as np
import pytest

import solvers.anagram as anagram_module
from solvers.anagram import anagram, parse_query, solve
from solvers.anagram_index import exact_candidates, length_index
from solvers.lexicon import ALPHABET, Lexicon, letter_counts
from tests import reference

BAG = Counter(dict(zip(ALPHABET, [9, 2, 2, 4, 12, 2, 3, 2, 9, 1, 1, 4, 2, 6, 8, 2, 1, 6, 4, 6, 4, 2, 2, 1, 2, 1],
                       strict=True)))


def random_rack(rng: random.Random, size: int, blanks: int) -> str:
    return "".join(rng.sample(list(BAG.elements()), size - blanks)) + "?" * blanks


@pytest.fixture(scope="module")
def full() -> Lexicon:
    return Lexicon.load("full")


def scanned(lexicon: Lexicon, rack: str) -> np.ndarray:
    """The exact matches by a pass over every word of the rack's length (the method before the index)."""
    query = parse_query(rack)
    counts = np.array(letter_counts(query.rack.letters), dtype=np.int16)
    span = lexicon.length_slice(query.rack.tiles, query.rack.tiles)
    return anagram_module._matching_rows(lexicon, counts, query.rack.blanks, span, exact=True)


@pytest.mark.parametrize("blanks", [0, 1, 2, 3])
def test_lookups_find_what_a_scan_of_the_length_finds(full, blanks):
    rng = random.Random(blanks)
    found = 0
    for _ in range(60):
        rack = random_rack(rng, rng.randint(max(blanks, 2), 9), blanks)
        query = parse_query(rack)
        counts = np.array(letter_counts(query.rack.letters), dtype=np.int16)
        candidates = exact_candidates(full, counts, blanks)
        assert np.array_equal(candidates, scanned(full, rack)), rack
        found += candidates.size
    assert found > 10  # the comparison is not of empty arrays


@pytest.mark.parametrize("seed", range(4))
def test_exact_results_with_blanks_and_board_letters_match_brute_force(full, seed):
    rng = random.Random(100 + seed)
    words = [w for w in full.words if len(w) <= 9]
    for _ in range(3):
        rack = random_rack(rng, 7, rng.randint(0, 2))
        board = "".join(rng.sample(ALPHABET, rng.choice([0, 1, 2])))
        assert [tuple(r) for r in anagram(full, rack, board)] == reference.anagrams(words, rack, board)


def test_words_sharing_a_hash_are_checked_letter_by_letter(full, monkeypatch):
    """Every word of the length handed over as a candidate (as if all shared a hash): the
    letter check keeps only the true anagrams."""
    racks = ["AALNST?", "RETAINS", "QU?ZZ", "EEE??", "STARE??"]
    expected = [anagram(full, rack, "i") for rack in racks]

    def every_word(lexicon, counts, blanks):
        size = int(counts.sum()) + blanks
        span = lexicon.length_slice(size, size)
        return np.arange(span.start, span.stop)

    monkeypatch.setattr(anagram_module, "exact_candidates", every_word)
    assert [anagram(full, rack, "i") for rack in racks] == expected


def test_the_index_of_a_length_holds_each_word_of_it_once(full):
    index = length_index(full, 8)
    span = full.length_slice(8, 8)
    assert sorted(index.rows.tolist()) == list(range(span.start, span.stop))
    assert (np.diff(index.hashes.astype(np.float64)) >= 0).all()
    assert length_index(full, 8) is index  # built once


def test_lengths_beyond_the_list_find_nothing():
    lexicon = Lexicon("t", ["ab", "ba", "abc"])
    assert anagram(lexicon, "ABCD?") == [] and [r.word for r in anagram(lexicon, "B?")] == ["ab", "ba"]
    assert anagram(Lexicon("none", []), "AB?") == []


@pytest.mark.parametrize("few", [0, 10_000])
@pytest.mark.parametrize("mode", ["exact", "sub"])
def test_blank_letters_word_by_word_and_all_at_once_agree(full, monkeypatch, few, mode):
    rng = random.Random(7)
    racks = [random_rack(rng, rng.randint(3, 8), rng.randint(1, 3)) for _ in range(25)]
    monkeypatch.setattr(anagram_module, "FEW_MATCHES", few)
    results = [solve(full, parse_query(rack, rng.choice(["", "e", "sx"]), mode)).results for rack in racks]
    monkeypatch.undo()
    rng = random.Random(7)
    racks = [random_rack(rng, rng.randint(3, 8), rng.randint(1, 3)) for _ in range(25)]
    for rack, result in zip(racks, results, strict=True):
        board = rng.choice(["", "e", "sx"])
        assert result == solve(full, parse_query(rack, board, mode)).results
        for word, blanks, through in result[:40]:
            missing = Counter(word) - Counter(rack.lower().replace("?", "") + (through or ""))
            assert sorted(blanks) == sorted(missing.elements())


def test_the_letter_hashes_are_the_seeded_draw_written_out():
    """Written out to spare numpy.random's import; they must stay the numbers drawn."""
    from solvers.anagram_index import _HASH_LIST, _LETTER_HASHES, _MORE_HASHES

    drawn = np.random.default_rng(24).integers(1, 2**63, size=30, dtype=np.uint64).tolist()
    assert _MORE_HASHES == drawn[26:]  # a language's own letters (German ä ö ü, Spanish ñ)
    drawn[26:] = [0]  # the padding
    assert _LETTER_HASHES.dtype == np.uint64 and _LETTER_HASHES.tolist() == drawn == _HASH_LIST
