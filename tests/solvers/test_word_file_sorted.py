"""The reader keeps a sorted list's words as they come (no set, no sort) and any other list's in a
set: both give the different words, sorted, as the rule reads them character by character
(``reference``), whole or a few bytes at a time, and stop at the word limit alike."""

import random

import pytest

from solvers import word_lines
from solvers.word_file import WordFileError, read_bytes
from tests.solvers.test_wordlist import reference

LETTERS = "abcdez"


def sorted_list(rng):
    """Mostly ascending lines of letters: some capitals, a repeated word, a blank line, a line too
    long, at either end or anywhere; any line ending."""
    words = sorted({"".join(rng.choice(LETTERS) for _ in range(rng.randrange(1, 6))) for _ in range(30)})
    lines = list(words)
    for _ in range(rng.randrange(0, 3)):
        trouble = rng.choice(["repeat", "blank", "long", "capitals", "swap"])
        at = rng.randrange(len(lines) + 1)
        if trouble == "repeat" and lines:
            lines.insert(at, lines[min(at, len(lines) - 1)])
        elif trouble == "blank":
            lines.insert(rng.choice([0, at, len(lines)]), "")
        elif trouble == "long":
            lines.insert(at, "z" * rng.choice([45, 46, 60]))
        elif trouble == "capitals" and lines:
            lines[at - 1] = lines[at - 1].upper()
        elif trouble == "swap" and len(lines) > 2:
            lines[0], lines[-1] = lines[-1], lines[0]
    ending = rng.choice(["\n", "\r\n", "\r"])
    return ending.join(lines) + rng.choice(["", ending])


@pytest.mark.parametrize("seed", range(200))
def test_a_sorted_list_or_nearly_reads_as_the_rule_says(seed):
    rng = random.Random(seed)
    text = sorted_list(rng)
    words, skipped = reference(text)
    read = read_bytes(text.encode())
    assert (read.words, read.skipped) == (sorted(words), skipped)
    for piece in (1, 2, 5, 16):
        assert read_bytes(text.encode(), piece=piece) == read


def test_pieces_that_each_ascend_but_overlap_are_read_as_a_set():
    assert read_bytes(b"ab\ncd\nab\nef\n", piece=6).words == ["ab", "cd", "ef"]
    assert read_bytes(b"ab\ncd\ncd\nef\n", piece=6).words == ["ab", "cd", "ef"]
    assert read_bytes(b"ab\ncd\nef\ngh\n", piece=6).words == ["ab", "cd", "ef", "gh"]


def test_a_sorted_list_stops_at_the_word_limit_as_any_other(monkeypatch):
    monkeypatch.setattr(word_lines, "MAX_WORDS", 3)
    assert read_bytes(b"ab\ncd\n\ncd\nef\n").words == ["ab", "cd", "ef"]
    with pytest.raises(WordFileError, match="The file has at least 4 different words"):
        read_bytes(b"ab\ncd\nef\ngh\nij\nkl\n", piece=12)
    with pytest.raises(WordFileError, match="The file has 6 different words"):
        read_bytes(b"ab\ncd\nef\ngh\nij\nkl\n")
