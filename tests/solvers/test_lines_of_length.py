"""Five words' quick read of a plain word file (solvers/lines_of_length.py): the words of one
length are those the full reader gives, whatever the pieces the file comes in, and any text it
is not sure of is left to the full reader."""

import random

import pytest

import solvers.lexicon as lexicon_module
import solvers.lines_of_length as lines_module
import solvers.word_file as word_file_module
from solvers.fivewords import words_of_length
from solvers.lexicon import read_word_lines
from solvers.lines_of_length import plain_words_of_length


def plain_text(rng: random.Random) -> bytes:
    """Letters and line breaks only: mixed case, repeats, blank lines, unsorted or sorted, and
    lines longer than a word may be."""
    words = ["".join(rng.choices("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", k=rng.randint(1, 8)))
             for _ in range(400)]
    words += rng.sample(words, 40) + [""] * 5 + ["q" * 60]
    if rng.random() < 0.5:
        words.sort()
    else:
        rng.shuffle(words)
    ending = rng.choice(["\n", "\r\n", "\r"])
    return (ending.join(words) + rng.choice([ending, ""])).encode()


def by_brute_force(path, letters: int) -> list[str]:
    return [word for word in read_word_lines(path).words if len(word) == letters]


@pytest.mark.parametrize("seed", range(8))
def test_a_plain_file_in_any_pieces_gives_the_words_the_reader_gives(tmp_path, monkeypatch, seed):
    rng = random.Random(seed)
    path = tmp_path / "words.txt"
    path.write_bytes(plain_text(rng))
    expected = {letters: by_brute_force(path, letters) for letters in (1, 2, 5, 8)}
    monkeypatch.setattr(word_file_module, "PIECE", [3, 7, 61, 1 << 20][seed % 4])
    monkeypatch.setattr(lexicon_module, "read_word_lines", lambda source: pytest.fail("read the full way"))
    for letters, words in expected.items():
        if words:
            assert words_of_length(path, letters) == words, letters


@pytest.mark.parametrize("text, why", [
    (b"\xef\xbb\xbfhouse\nmouse\n", "a byte-order mark"),
    (b"house\nmouse,1\n", "a second column"),
    (b"house\nna\xc3\xafve\n", "a letter beyond a-z"),
    (b"house\n" + b"x" * (lines_module.LONGEST_TAIL + 1), "an unfinished line too long to hold"),
    (b"cat\ndog\n", "no word of the length"),
])
def test_any_other_text_is_left_to_the_full_reader(text, why):
    assert plain_words_of_length([text], 5) is None, why


def test_more_lines_than_a_list_may_have_words_are_left_to_the_full_reader(monkeypatch):
    text = b"house\nmouse\nlouse\n"
    assert plain_words_of_length([text], 5) == ["house", "louse", "mouse"]
    monkeypatch.setattr(lines_module, "MAX_WORDS", 2)
    assert plain_words_of_length([text], 5) is None


def test_a_left_file_is_still_read_by_the_rule(tmp_path):
    path = tmp_path / "words.txt"
    path.write_bytes(b"\xef\xbb\xbfHouse;noun\r\nmouse\r\n\"louse\"\r\n")
    assert words_of_length(path, 5) == ["house", "louse", "mouse"] == by_brute_force(path, 5)
