import random
import string

import pytest

from solvers.anagram import Anagram, RackError, anagram, parse_board, parse_rack
from solvers.lexicon import Lexicon
from tests import reference

SMALL_ALPHABET = "aeilnorstu" + "bcdgkpz"


def random_words(rng: random.Random, count: int) -> list[str]:
    return ["".join(rng.choices(SMALL_ALPHABET, k=rng.randint(1, 9))) for _ in range(count)]


def random_rack(rng: random.Random, size: int, blanks: int) -> str:
    return "".join(rng.choices(SMALL_ALPHABET, k=size - blanks)) + "?" * blanks


def as_tuples(results: list[Anagram]) -> list[tuple]:
    return [(r.word, r.blanks, r.board_letter) for r in results]


@pytest.fixture(scope="module")
def full() -> Lexicon:
    return Lexicon.load("full")


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("mode", ["exact", "sub"])
def test_matches_brute_force_on_random_word_lists(seed, mode):
    rng = random.Random(seed)
    # Words built from rack letters too, so exact matches are common, not just empty lists.
    words = random_words(rng, 400)
    lexicon = Lexicon(f"random-{seed}", words)
    found = 0
    for _ in range(15):
        size = rng.randint(1, 9)
        rack = random_rack(rng, size, rng.randint(0, min(3, size)))
        board = "".join(rng.choices(SMALL_ALPHABET, k=rng.choice([0, 0, 1, 2, 3])))
        expected = reference.anagrams(words, rack, board, mode)
        assert as_tuples(anagram(lexicon, rack, board, mode)) == expected
        found += len(expected)
    assert found > 0  # the racks really do make words: the comparison is not of empty lists


@pytest.mark.parametrize("seed", range(6))
def test_matches_brute_force_on_a_word_list_file(tmp_path, seed):
    rng = random.Random(1000 + seed)
    words = random_words(rng, 300)
    path = tmp_path / "words.txt"
    path.write_text("\n".join(w.upper() if i % 3 == 0 else w for i, w in enumerate(words)) + "\n", encoding="utf-8")
    lexicon = Lexicon.load(path)
    for mode in ("exact", "sub"):
        for _ in range(10):
            size = rng.randint(2, 8)
            rack = random_rack(rng, size, rng.randint(0, 2)).upper()
            board = rng.choice(["", "e", "st"])
            assert as_tuples(anagram(lexicon, rack, board, mode)) == reference.anagrams(words, rack, board, mode)


@pytest.mark.parametrize("rack", ["RETAINS", "AEIRST?", "QU?ZZ", "EEE??", "STARE?", "ZZ??"])
@pytest.mark.parametrize("mode", ["exact", "sub"])
def test_matches_brute_force_on_the_common_lexicon(rack, mode):
    common = Lexicon.load("common")
    assert as_tuples(anagram(common, rack, "", mode)) == reference.anagrams(common.words, rack, "", mode)
    assert as_tuples(anagram(common, rack, "o", mode)) == reference.anagrams(common.words, rack, "o", mode)


def test_the_bingos_of_aalnst_blank(full):
    bingos = {r.word: r.blanks for r in anagram(full, "AALNST?")}
    assert {"analyst": "y", "sealant": "e", "sultana": "u", "saltpan": "p"}.items() <= bingos.items()
    assert all(len(word) == 7 for word in bingos)


def test_through_a_board_letter(full):
    results = anagram(full, "AALNST?", board="I")
    words = {r.word for r in results}
    assert {"talisman", "nasality", "annalist"} <= words
    assert {r.board_letter for r in results} == {"i"}
    assert all(len(r.word) == 8 and "i" in r.word for r in results)


def test_each_board_letter_is_reported(full):
    # AEROLITES through I (blank O, E) and through E (blank O, I): two different plays.
    plays = [(r.board_letter, r.blanks) for r in anagram(full, "AELRST??", "ei") if r.word == "aerolites"]
    assert plays == [("e", "oi"), ("i", "oe")]


def test_order_and_uniqueness(full):
    results = anagram(full, "AELRST?", mode="sub")
    keys = [(-len(r.word), r.word) for r in results]
    assert keys == sorted(keys)
    assert len(set(keys)) == len(keys)
    assert min(len(r.word) for r in results) == 2


def test_blank_positions_and_marking():
    result = Anagram("banana", "an")  # the blanks take the last A and the last N
    assert result.blank_positions() == (4, 5)
    assert result.marked() == "BANAna"
    assert Anagram("analyst", "y").marked() == "ANALyST"
    assert Anagram("ab").marked() == "AB"


def test_rack_parsing_is_forgiving_about_case_and_spaces():
    assert parse_rack(" aal NST? ").letters == "aalnst"
    assert str(parse_rack("retain?")) == "RETAIN?"  # shown as typed
    assert parse_rack("??").blanks == 2
    assert parse_board("i e I") == "ei"


@pytest.mark.parametrize(
    ("rack", "message"),
    [
        ("", "Type a rack"),
        ("   ", "Type a rack"),
        ("AB1", "remove '1'"),
        ("AB*", r"remove '\*' \(type \? for a blank\)"),
        ("CAFÉ", "remove 'é'"),
        ("A" * 16, "at most 15 tiles; yours has 16"),
        ("A" * 10_000, "at most 15 tiles"),
        ("AB????", "at most 3 blanks"),
    ],
)
def test_bad_racks_say_what_to_fix(full, rack, message):
    with pytest.raises(RackError, match=message) as raised:
        anagram(full, rack)
    assert isinstance(raised.value, ValueError)
    assert len(str(raised.value)) < 200


@pytest.mark.parametrize(
    ("board", "mode", "message"),
    [("I?", "exact", "no blanks"), ("3", "exact", "remove '3'"), ("I" * 16, "exact", "at most 15 board"),
     ("", "bingo", "Mode is 'exact'")],
)
def test_bad_board_and_mode(full, board, mode, message):
    with pytest.raises(RackError, match=message):
        anagram(full, "AALNST?", board, mode)


def test_every_letter_of_the_alphabet_works_as_a_blank():
    words = list(string.ascii_lowercase)
    assert [r.word for r in anagram(Lexicon("abc", [w + "x" for w in words]), "X?")] == [w + "x" for w in words]


@pytest.mark.parametrize(("rack", "board", "mode"), [("RETAINS", "", "sub"), ("AELRST??", "IO", "sub"),
                                                     ("AALNST?", "EI", "exact")])
def test_a_limited_solve_is_the_first_results_of_the_full_one(rack, board, mode):
    from solvers.anagram import parse_query, solve

    lexicon = Lexicon.load("common")
    everything = anagram(lexicon, rack, board, mode)
    for limit in (0, 1, 7, 100, len(everything) + 5):
        solution = solve(lexicon, parse_query(rack, board, mode), limit)
        assert solution.results == everything[:limit] and solution.total == len(everything)
        assert solution.complete == (limit >= len(everything))


@pytest.mark.parametrize("typed", ["ＡＡＬＮＳＴ？", "AAL\u200bNST?", "\u200e aalnst ?", "AALNST\ufeff?"])
def test_full_width_and_invisible_characters_read_as_the_tiles_they_look_like(typed):
    assert (parse_rack(typed).letters, parse_rack(typed).blanks) == ("aalnst", 1)


def test_hidden_words_are_left_out_and_not_counted():
    from solvers.anagram import parse_query, solve

    full = Lexicon.load("full")
    query = parse_query("CKO?", "", "sub")
    everything = solve(full, query)
    shown = solve(full, query, hide=full.vulgar)
    assert "cock" in [r.word for r in everything.results] and "cock" not in [r.word for r in shown.results]
    assert [r for r in everything.results if not full.is_vulgar(r.word)] == shown.results
    assert shown.total == len(shown.results) < everything.total


def test_sorting_by_commonness_keeps_lengths_together():
    from solvers.anagram import RackError, parse_query, solve

    full = Lexicon.load("full")
    results = solve(full, parse_query("RETAINS", "", "sub"), sort="common").results
    assert sorted(results, key=lambda r: (-len(r.word), -full.commonness(r.word), r.word)) == results
    assert set(results) == set(anagram(full, "RETAINS", mode="sub"))
    with pytest.raises(RackError, match="Sort is"):
        solve(full, parse_query("AB"), sort="random")
