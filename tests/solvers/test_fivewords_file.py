"""Five words from a word-per-line file: only the words of the wanted length are read, and
they are the very words a full load of the file gives (case-folded, checked, distinct)."""

import gzip
import random

import pytest

import solvers.lexicon as lexicon_module
from solvers.fivewords import five_words, words_of_length
from solvers.lexicon import Lexicon, LexiconError

ODD_LINES = ["Straße", "naïve", "  spaced  ", "\tTabbed", "rock'n'roll", "", "12", "ÉCOLE", "ﬁxed", "a b", "Kelvin"]


def random_file_text(rng: random.Random, plain: bool) -> str:
    words = ["".join(rng.choices("abcdefghijklmnopqrstuvwxyz", k=rng.randint(1, 9))) for _ in range(3000)]
    words += rng.sample(words, 300)  # repeated
    words = [w.upper() if rng.random() < 0.1 else w.capitalize() if rng.random() < 0.1 else w for w in words]
    if not plain:
        words += rng.sample(ODD_LINES, 5) + ["x" * 50]
    rng.shuffle(words)
    ending = rng.choice(["\n", "\r\n", "\r"])
    return ending.join(words) + rng.choice([ending, ""])


def loaded_words(path, letters: int) -> list[str]:
    lexicon = Lexicon.load(path)
    return list(lexicon.words[lexicon.length_slice(letters, letters)])


@pytest.mark.parametrize("plain", [True, False])
@pytest.mark.parametrize("seed", range(6))
def test_the_words_of_a_length_are_those_a_full_load_gives(tmp_path, seed, plain):
    rng = random.Random(seed)
    path = tmp_path / ("words.txt.gz" if seed % 3 == 0 else "words.txt")
    text = random_file_text(rng, plain).encode("utf-8")
    path.write_bytes(gzip.compress(text) if path.suffix == ".gz" else text)
    for letters in (1, 3, 5, 6, 8):
        found = words_of_length(path, letters)
        assert found == loaded_words(path, letters) and found, letters


def test_unicode_lines_fold_as_the_lexicon_folds_them(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("STRASSE\nStraße\nﬁxed\nfixed\nnaïve\nhouse\n", encoding="utf-8")
    assert words_of_length(path, 7) == ["strasse"] == loaded_words(path, 7)
    assert words_of_length(path, 5) == ["fixed", "house"] == loaded_words(path, 5)


def test_no_word_is_classified_and_no_lexicon_built(tmp_path, monkeypatch):
    path = tmp_path / "words.txt"
    path.write_text("fjord\ngucks\nvibex\nnymph\nwaltz\nkike\n")
    monkeypatch.setattr(lexicon_module, "classify", lambda words: pytest.fail("classified"))
    monkeypatch.setattr(lexicon_module.Lexicon, "_build", lambda *args: pytest.fail("built a lexicon"))
    result = five_words(path)
    assert result.count == 1 and result.sets[0].groups == (("fjord",), ("gucks",), ("nymph",), ("vibex",), ("waltz",))


def test_sets_from_a_file_are_those_from_its_loaded_lexicon(tmp_path):
    rng = random.Random(5)
    letters = "abcdefghijklmnopqrstuvwxyz"
    words = {"".join(rng.sample(letters, 5)) for _ in range(300)}
    path = tmp_path / "words.txt"
    path.write_text("\r\n".join(sorted(words)) + "\r\n")
    from_file = five_words(path, words=3, letters=5)
    from_lexicon = five_words(Lexicon.load(path), words=3, letters=5)
    assert from_file.count == from_lexicon.count > 0
    assert [s.groups for s in from_file.sets] == [s.groups for s in from_lexicon.sets]


def test_unreadable_files_say_what_is_wrong(tmp_path):
    with pytest.raises(LexiconError, match="No word list"):
        words_of_length(tmp_path / "missing.txt", 5)
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"house\n\xff\xfe\n")
    with pytest.raises(LexiconError, match="bad.txt is not UTF-8 text \\(line 2\\): save it as UTF-8"):
        words_of_length(bad, 5)
    corrupt = tmp_path / "words.txt.gz"
    corrupt.write_bytes(gzip.compress(b"house\n" * 1000)[:-30] + b"garbage")
    with pytest.raises(LexiconError, match="words.txt.gz is (damaged|cut short)"):
        words_of_length(corrupt, 5)
