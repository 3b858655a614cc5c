import gzip
import importlib.util
import random
from collections import Counter
from pathlib import Path

import pytest

from solvers.lexicon import ALPHABET, Lexicon, LexiconError

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("name", "size"), [("common", 61_491), ("full", 242_844)])
def test_bundled_lexicons(name, size):
    lexicon = Lexicon.load(name)
    assert len(lexicon) == size
    assert Lexicon.load(name) is lexicon  # loaded once per process
    assert "analyst" in lexicon and "Analyst" not in lexicon


def test_common_is_a_subset_of_full():
    assert set(Lexicon.load("common")) <= set(Lexicon.load("full"))


def test_words_are_ordered_longest_first_then_alphabetically():
    words = Lexicon.load("common").words
    assert list(words) == sorted(words, key=lambda w: (-len(w), w))


def test_indexes_match_the_words():
    lexicon = Lexicon.load("full")
    rng = random.Random(7)
    for i in rng.sample(range(len(lexicon)), 2000):
        word = lexicon.words[i]
        assert lexicon.lengths[i] == len(word)
        assert lexicon.masks[i] == sum(1 << ALPHABET.index(ch) for ch in set(word))
        assert [lexicon.counts[k, i] for k in range(26)] == [Counter(word)[ch] for ch in ALPHABET]
        spelled = lexicon.spellings[i]
        assert "".join(ALPHABET[c] for c in spelled if c < 26) == word and (spelled[len(word):] == 26).all()


def test_length_slices():
    lexicon = Lexicon("t", ["a", "bb", "cc", "ddd", "eeee"])
    assert lexicon.words == ("eeee", "ddd", "bb", "cc", "a")
    assert lexicon.words[lexicon.length_slice(2, 3)] == ("ddd", "bb", "cc")
    assert lexicon.words[lexicon.length_slice(7, 9)] == ()


def test_a_file_is_case_folded_and_lines_that_are_not_letters_are_skipped(tmp_path):
    path = tmp_path / "mine.txt"
    path.write_text("Zebra\nzebra\nrock'n'roll\nnaïve\n  spaced  \nSTRASSE\n\n12\nok\n", encoding="utf-8")
    assert sorted(Lexicon.load(path)) == ["ok", "spaced", "strasse", "zebra"]
    gz = tmp_path / "mine.txt.gz"
    gz.write_bytes(gzip.compress(b"Alpha\nbeta\n"))
    assert sorted(Lexicon.load(gz)) == ["alpha", "beta"]


@pytest.mark.parametrize("content", [b"\xff\xfe not utf-8", None])
def test_unreadable_sources_raise_a_clear_error(tmp_path, content):
    path = tmp_path / "bad.txt"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(LexiconError):
        Lexicon.load(path)


def test_the_licence_notice_ships_beside_the_data():
    notice = (ROOT / "solvers" / "data" / "SCOWL-COPYRIGHT").read_text()
    assert "Copyright 2000-2011 by Kevin Atkinson" in notice


def test_the_build_script_filters_and_levels(tmp_path):
    spec = importlib.util.spec_from_file_location("build_lexicons", ROOT / "scripts" / "build_lexicons.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    scowl = tmp_path / "scowl"
    scowl.mkdir()
    (scowl / "english-words.10").write_bytes("the\ncat\nCat\ndon't\n".encode("latin-1"))
    (scowl / "american-words.50").write_bytes("color\ncafé\n".encode("latin-1"))
    (scowl / "english-words.70").write_bytes("zymurgy\n".encode("latin-1"))
    (scowl / "english-words.95").write_bytes("zzxjoanw\n".encode("latin-1"))
    (scowl / "english-upper.10").write_bytes("London\n".encode("latin-1"))
    copyright_file = tmp_path / "copyright"
    copyright_file.write_text("notice")
    out = tmp_path / "out"
    counts = build.build(scowl, out, copyright_file)
    read = lambda name: gzip.decompress((out / f"{name}.txt.gz").read_bytes()).decode().split()  # noqa: E731
    assert read("common") == ["cat", "color", "the"]
    assert read("full") == ["cat", "color", "the", "zymurgy"]
    assert counts == {"common": 3, "full": 4}
    assert (out / "SCOWL-COPYRIGHT").read_text() == "notice"
    first = (out / "full.txt.gz").read_bytes()
    build.build(scowl, out, copyright_file)
    assert (out / "full.txt.gz").read_bytes() == first  # reproducible, byte for byte
