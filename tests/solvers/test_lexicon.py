import gzip
import importlib.util
import random
import re
from collections import Counter
from pathlib import Path

import pytest

from solvers.lexicon import ALPHABET, Lexicon, LexiconError
from solvers.offensive import classify

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", ["common", "full", "huge"])
def test_bundled_lexicons(name):
    lexicon = Lexicon.load(name)
    report = (ROOT / "solvers" / "data" / "build-report.txt").read_text()
    assert f" before, {len(lexicon)} after" in report.split(f"\n{name} (SCOWL")[1].splitlines()[0]  # as the build said
    assert Lexicon.load(name) is lexicon  # loaded once per process
    assert "analyst" in lexicon and "Analyst" not in lexicon


def test_common_is_a_subset_of_full_and_full_of_huge():
    assert set(Lexicon.load("common")) <= set(Lexicon.load("full")) <= set(Lexicon.load("huge"))


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
    (scowl / "english-words.20").write_bytes("cats\nslurry\nslur\nslurs\nb\nbs\nhmm\nkb\nge\nbad\nbadder\n".encode(
        "latin-1"))
    copyright_file = tmp_path / "copyright"
    copyright_file.write_text("notice")
    tiers = tmp_path / "tiers"
    tiers.mkdir()
    (tiers / "slurs.txt").write_text("# a test tier\nslur/n\n")  # slur and slurs go; slurry stays (not a plural)
    (tiers / "vulgar.txt").write_text("cat/n\n")
    (tiers / "stems.txt").write_text("bad vulgar\n")
    (tiers / "vowelless-words.txt").write_text("hmm\n")  # b, bs and kb are not words
    (tiers / "not-words.txt").write_text("ge\n")
    out = tmp_path / "out"
    figures = lambda words: [len(word) * 10 for word in words]  # noqa: E731  (stands in for wordfreq)
    counts = build.build(scowl, out, copyright_file, tiers, figures)
    read = lambda name: gzip.decompress((out / f"{name}.txt.gz").read_bytes()).decode().split()  # noqa: E731
    assert read("common") == ["bad", "badder", "cat", "cats", "color", "hmm", "slurry", "the"]
    assert read("full") == ["bad", "badder", "cat", "cats", "color", "hmm", "slurry", "the", "zymurgy"]
    assert read("huge") == ["bad", "badder", "cat", "cats", "color", "hmm", "slurry", "the", "zymurgy", "zzxjoanw"]
    assert counts == {"common": 8, "full": 9, "huge": 10}
    meta = gzip.decompress((out / "full.meta.gz").read_bytes())
    assert list(meta) == [30, 20, 1, 60, 20, 1, 30, 10, 1, 40, 20, 1, 50, 50, 0, 30, 20, 0, 60, 20, 0, 30, 10, 0,
                          70, 70, 0]  # figure, level, flagged
    report = (out / "build-report.txt").read_text()
    assert "full (SCOWL <= 80): 15 before, 9 after" in report and "slurs (removed): 2" in report
    assert "stem-matches" not in report and "bad (vulgar, 2 words): bad badder" in \
        (out / "stem-matches.txt").read_text()
    assert (out / "SCOWL-COPYRIGHT").read_text() == "notice"
    first = (out / "full.txt.gz").read_bytes(), meta
    build.build(scowl, out, copyright_file, tiers, figures)
    # reproducible
    assert ((out / "full.txt.gz").read_bytes(), gzip.decompress((out / "full.meta.gz").read_bytes())) == first


SLURS = ("nigger", "niggaz", "kike", "spic", "wetback", "faggot", "raghead", "chinaman", "tranny", "pickaninnies",
         "coolie", "kraut", "honky", "spazzes", "mongoloid", "injun", "kyke", "sheeny", "bohunks", "gyppo")


@pytest.mark.parametrize("name", ["common", "full", "huge"])
def test_no_bundled_list_holds_a_slur(name):
    lexicon = Lexicon.load(name)
    assert not {w for w in SLURS if w in lexicon and not lexicon.is_vulgar(w)}  # gone, or flagged (kraut: tier 3)
    assert classify(lexicon.words).removed == set()  # not one word the tiers remove, in any form


def test_commonness_figures_and_levels_belong_to_their_words():
    full = Lexicon.load("full")
    assert full.commonness("the") > 7 > full.commonness("house") > 4 > full.commonness("halcyon") > 2
    assert full.commonness("zyzzyva") < 1.5 and full.commonness("notaword") == 0.0
    assert 0 <= full.zipf.min() and full.zipf.max() < 8.5
    assert set(full.levels.tolist()) <= {10, 20, 35, 40, 50, 55, 60, 70, 80}
    common = Lexicon.load("common")
    assert (common.levels <= 50).all() and common.levels[common.index("halcyon")] <= 50
    assert full.commonness("halcyon") == common.commonness("halcyon")
    assert float(full.zipf[full.index("house")]) == full.commonness("house")


def test_vulgar_words_are_flagged_not_removed():
    full = Lexicon.load("full")
    assert "fuck" in full and full.is_vulgar("fuck") and full.is_vulgar("fucking")
    assert not full.is_vulgar("assess") and not full.is_vulgar("cockpit") and not full.is_vulgar("scunthorpe")
    assert full.vulgar.sum() > 150 and full.vulgar[full.index("shit")]


def test_a_word_list_file_is_the_users_own(tmp_path):
    path = tmp_path / "mine.txt"
    path.write_text("kike\nkikes\nhouse\nspicy\n")
    assert set(Lexicon.load(path)) == {"kike", "kikes", "house", "spicy"}  # as given, in the user's own terminal
    assert set(Lexicon.load(path, drop_slurs=True)) == {"house", "spicy"}  # what the bot asks for


def test_bad_word_list_files_say_what_is_wrong(tmp_path, monkeypatch):
    import solvers.word_file as word_file_module

    corrupt = tmp_path / "words.txt.gz"
    corrupt.write_bytes(gzip.compress(b"house\n" * 1000)[:-30] + b"garbage-garbage-garbage-garbage")
    with pytest.raises(LexiconError, match=f"^{re.escape(str(corrupt))} is (damaged|cut short)"):
        Lexicon.load(corrupt)
    monkeypatch.setattr(word_file_module, "MAX_TEXT_BYTES", 1000)
    big = tmp_path / "big.txt"
    big.write_text("house\n" * 500)
    with pytest.raises(LexiconError, match=f"^{re.escape(str(big))} is .* MB; a word list may be at most 0 MB"):
        Lexicon.load(big)
    big_gz = tmp_path / "big.txt.gz"
    big_gz.write_bytes(gzip.compress(random.Random(0).randbytes(2000)))  # over 1000 bytes even compressed
    with pytest.raises(LexiconError, match=f"^{re.escape(str(big_gz))} is .* MB; a word list may be at most 0 MB"):
        Lexicon.load(big_gz)
    small_gz = tmp_path / "small.txt.gz"
    small_gz.write_bytes(gzip.compress(b"house\n" * 500))  # small compressed, over 1000 bytes inflated
    with pytest.raises(LexiconError, match="unpacks to more than 0 MB"):
        Lexicon.load(small_gz)


def test_lines_longer_than_any_word_are_skipped(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("house\n" + "a" * 2_000_000 + "\nmouse\n")  # once a 2-million-column spelling matrix
    lexicon = Lexicon.load(path)
    assert set(lexicon) == {"house", "mouse"} and lexicon.spellings.shape == (2, 5)
