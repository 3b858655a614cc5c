"""An array read back from its cache file is the array computed, and a file is trusted only when
sound (solvers/array_cache.py); the daily box's pool read back is the pool computed
(solvers/letterbox/pool_sets.py)."""

import os

import numpy as np
import pytest

from solvers import array_cache
from solvers.letterbox import daily, pool_sets

KEY = array_cache.array_key("test", [], [b"inputs"])


def counted(array):
    made = []

    def build():
        made.append(1)
        return array
    return build, made


def test_an_array_is_computed_once_then_read(tmp_path):
    expected = np.arange(12, dtype=np.int64).reshape(3, 4) * 7
    build, made = counted(expected)
    folders = [tmp_path / "one", tmp_path / "two"]
    first = array_cache.cached_array("test", KEY, build, folders)
    again = array_cache.cached_array("test", KEY, build, folders)
    assert len(made) == 1 and np.array_equal(first, expected) and np.array_equal(again, expected)
    assert again.dtype == expected.dtype and not again.flags.writeable
    assert [p.suffix for p in folders[0].iterdir()] == [".arr"] and not folders[1].exists()


def test_the_key_changes_with_every_input_and_the_label():
    keys = {array_cache.array_key("test", [], [b"inputs"]), array_cache.array_key("test", [], [b"input", b"s"]),
            array_cache.array_key("other", [], [b"inputs"]), array_cache.array_key("test", [], [b"inputz"])}
    assert len(keys) == 4


@pytest.mark.parametrize("spoil", ["garbage", "other key", "cut short", "bit flipped", "writable by others"])
def test_an_unsound_array_file_is_computed_again(tmp_path, spoil):
    array_cache.cached_array("test", KEY, lambda: np.arange(100, dtype=np.int64), [tmp_path])
    path = next(tmp_path.iterdir())
    data = bytearray(path.read_bytes())
    if spoil == "garbage":
        data = bytearray(b"not an array file")
    elif spoil == "other key":
        data[len(array_cache.MAGIC)] ^= 1
    elif spoil == "cut short":
        data = data[:-8]
    elif spoil == "bit flipped":
        data[-1] ^= 1
    path.write_bytes(bytes(data))
    if spoil == "writable by others":
        os.chmod(path, 0o666)
    again = np.arange(5, dtype=np.int16)
    assert np.array_equal(array_cache.cached_array("test", KEY, lambda: again, [tmp_path]), again)
    assert np.array_equal(array_cache.cached_array("test", KEY, lambda: np.zeros(1), [tmp_path]), again)


def test_the_pool_read_back_is_the_pool_computed(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    lexicon = daily.Lexicon.load("common")
    words = daily._seed_words(lexicon)[::7]  # a seventh of the seed words: the same code, a smaller pool
    lengths = lexicon.lengths[words]
    args = (lexicon.masks[words].astype(np.int64), lengths, lexicon.spellings[words, 0],
            lexicon.spellings[words, lengths - 1], daily.DAILY_LETTERS, daily.SOLUTION_LETTERS)
    computed = pool_sets._chained_sets(*args)
    assert computed.size > 1000 and np.array_equal(pool_sets.chained_sets(*args), computed)
    assert len(list((tmp_path / "wordbot" / "lexicons").glob("box-pool-*.arr"))) == 1
    read_back = pool_sets.chained_sets(*args)
    assert np.array_equal(read_back, computed) and not read_back.flags.writeable
    # every set has the letters asked for, and a pair of the words makes it (checked on a sample)
    assert (np.bitwise_count(computed) == daily.DAILY_LETTERS).all()
    masks, first, last = args[0], args[2], args[3]
    for letter_set in computed[:: max(1, computed.size // 40)].tolist():
        assert any(last[a] == first[b] and masks[a] | masks[b] == letter_set
                   and daily.SOLUTION_LETTERS[0] <= lengths[a] + lengths[b] <= daily.SOLUTION_LETTERS[1]
                   for a in np.flatnonzero((masks | letter_set) == letter_set).tolist()
                   for b in np.flatnonzero((masks | letter_set) == letter_set).tolist())


def test_the_pool_is_every_set_a_chaining_pair_makes(tmp_path, monkeypatch):
    """Against every pair of a small sample of the seed words, in plain Python."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    lexicon = daily.Lexicon.load("common")
    words = daily._seed_words(lexicon)[::40].tolist()
    low, high = daily.SOLUTION_LETTERS
    spelled = [lexicon.words[i] for i in words]
    letters = [sum(1 << (ord(ch) - ord("a")) for ch in set(word)) for word in spelled]
    expected = {letters[a] | letters[b] for a, one in enumerate(spelled) for b, two in enumerate(spelled)
                if one[-1] == two[0] and low <= len(one) + len(two) <= high
                and (letters[a] | letters[b]).bit_count() == daily.DAILY_LETTERS}
    lengths = lexicon.lengths[words]
    found = pool_sets.chained_sets(lexicon.masks[words], lengths, lexicon.spellings[words, 0],
                                   lexicon.spellings[words, lengths - 1], daily.DAILY_LETTERS, daily.SOLUTION_LETTERS)
    assert len(expected) > 100 and found.tolist() == sorted(expected)
