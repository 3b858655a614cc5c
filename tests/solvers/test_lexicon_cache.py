"""The lexicon cache: a mapped cache file gives the very lexicon a fresh build gives, and a
stale, corrupt or foreign file is rebuilt, never trusted."""

import functools
import gzip
import os
import time

import numpy as np
import pytest

import solvers.lexicon as lexicon_module
from solvers import lexicon_cache
from solvers.lexicon import Lexicon
from solvers.lexicon_cache import ARRAYS, cache_key, cached_lexicon, read_lexicon, write_lexicon

WORDS = ["house", "mouse", "spicy", "kike", "fuck", "fucking", "a", "zebra", "quiz", "analyst", "analysts"]


def assert_same(cached: Lexicon, fresh: Lexicon) -> None:
    assert cached.name == fresh.name and cached.words == fresh.words
    for name in ARRAYS:
        mine, theirs = getattr(cached, name), getattr(fresh, name)
        assert mine.dtype == theirs.dtype and mine.shape == theirs.shape, name
        assert np.array_equal(mine, theirs), name
        assert not mine.flags.writeable
    assert cached.length_slices == fresh.length_slices
    assert all(cached.is_vulgar(w) == fresh.is_vulgar(w) for w in fresh.words)
    assert [cached.length_slice(n, n + 2) for n in range(9)] == [fresh.length_slice(n, n + 2) for n in range(9)]


def restore(name):
    """How the lexicon module has a cache file made into a Lexicon called ``name``."""
    return functools.partial(Lexicon.from_arrays, name)


def cached(name, key, build, dirs):
    return cached_lexicon(key, build, restore(name), dirs)


@pytest.fixture
def folders(tmp_path):
    return [tmp_path / "user" / "lexicons", tmp_path / "tmp" / "lexicons"]


def build_small():
    builds.append(1)
    return Lexicon("small", WORDS, {"house": 5.5, "zebra": 3.1}, vulgar={"fuck", "fucking"})


builds: list[int] = []


@pytest.mark.parametrize("name", ["common", "full"])
def test_a_bundled_list_from_its_cache_file_equals_a_fresh_build(name, folders):
    sources = [lexicon_module._data_file(f"{name}.{part}.gz").read_bytes() for part in ("txt", "meta")]
    fresh = lexicon_module._build_bundled(name, *sources)
    first = cached(name, "k" + name, lambda: lexicon_module._build_bundled(name, *sources), folders)
    again = cached(name, "k" + name, lambda: pytest.fail("rebuilt a sound cache file"), folders)
    assert_same(first, fresh)
    assert_same(again, fresh)
    assert not again.spellings.flags.owndata  # a view of the mapped file


def test_the_bundled_loader_reads_the_cache(monkeypatch, folders):
    monkeypatch.setattr(lexicon_cache, "cache_dirs", lambda: folders)
    lexicon_module._load_bundled.cache_clear()
    try:
        loaded = Lexicon.load("common")
        assert list(folders[0].glob("*.lex"))
        lexicon_module._load_bundled.cache_clear()
        assert_same(Lexicon.load("common"), loaded)
    finally:
        lexicon_module._load_bundled.cache_clear()


def test_a_file_list_is_cached_with_its_offensive_words(tmp_path, monkeypatch, folders):
    monkeypatch.setattr(lexicon_cache, "cache_dirs", lambda: folders)
    path = tmp_path / "mine.txt"
    path.write_text("\n".join(WORDS) + "\nHouse\nrock'n'roll\n")
    fresh = lexicon_module._build_from_lines(path.name, lexicon_module.read_word_lines(path), drop_slurs=False)
    first = Lexicon.load(path)
    monkeypatch.setattr(lexicon_module, "classify", lambda words: pytest.fail("classified again"))
    again = Lexicon.load(path)
    assert_same(first, fresh)
    assert_same(again, fresh)
    assert again.is_vulgar("fuck") and "kike" in again and again.skipped_lines == fresh.skipped_lines == 1
    monkeypatch.undo()
    monkeypatch.setattr(lexicon_cache, "cache_dirs", lambda: folders)
    assert "kike" not in Lexicon.load(path, drop_slurs=True)  # its own key
    copy = tmp_path / "copy.txt.gz"
    copy.write_bytes(gzip.compress(path.read_bytes()))
    assert Lexicon.load(copy).name == "copy.txt.gz" and Lexicon.load(copy).words == fresh.words


def test_a_changed_file_is_read_again(tmp_path, monkeypatch, folders):
    monkeypatch.setattr(lexicon_cache, "cache_dirs", lambda: folders)
    path = tmp_path / "mine.txt"
    path.write_text("house\nmouse\n")
    assert set(Lexicon.load(path)) == {"house", "mouse"}
    path.write_text("house\nmouse\nzebra\n")
    assert set(Lexicon.load(path)) == {"house", "mouse", "zebra"}


def damage_flip(data: bytes) -> bytes:
    position = len(data) - 10
    return data[:position] + bytes([data[position] ^ 1]) + data[position + 1:]


@pytest.mark.parametrize("damage", [
    damage_flip,
    lambda data: data[:-1],  # truncated
    lambda data: data + b"\0",
    lambda data: b"",
    lambda data: b"garbage" * 100,
    lambda data: data[:8] + (10).to_bytes(4, "little") + b"{not json}" + data[22:],
    lambda data: data.replace(b'"key": "', b'"key": "0', 1),  # another key's file
    lambda data: data.replace(b'"arrays": [', b'"arrayz": [', 1),
    lambda data: data.replace(b'"slices": [[', b'"slices": [[1', 1),  # a length its words do not have
], ids=["bit-flip", "truncated", "longer", "empty", "garbage", "bad-header", "other-key", "bad-field", "bad-slices"])
def test_a_corrupt_cache_file_is_rebuilt(damage, folders):
    first = build_small()
    builds.clear()
    cached("small", "key1", build_small, folders)
    path = folders[0] / "key1.lex"
    data = path.read_bytes()
    path.unlink()  # a new file: the one mapped above stays as it was
    path.write_bytes(damage(data))
    again = cached("small", "key1", build_small, folders)
    assert len(builds) == 2
    assert_same(again, first)
    assert_same(read_lexicon(path, "key1", restore("small")), first)  # written over with a sound file
    cached("small", "key1", build_small, folders)
    assert len(builds) == 2


def test_a_file_for_another_key_is_not_read(folders):
    lexicon = build_small()
    path = write_lexicon(lexicon, folders[0], "key1")
    with pytest.raises(lexicon_cache.StaleCache):
        read_lexicon(path, "key2", restore("small"))


def test_an_unwritable_cache_folder_falls_back_to_the_next_then_to_memory(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    builds.clear()
    fallback = tmp_path / "fallback"
    lexicon = cached("small", "key1", build_small, [blocker / "lexicons", fallback])
    assert (fallback / "key1.lex").is_file() and not lexicon.counts.flags.owndata
    assert_same(cached("small", "key1", build_small, [blocker / "lexicons", fallback]), lexicon)
    assert len(builds) == 1
    in_memory = cached("small", "key1", build_small, [blocker / "lexicons", blocker / "more"])
    assert_same(in_memory, lexicon)
    assert len(builds) == 2 and in_memory.counts.flags.owndata


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")
def test_a_cache_file_others_may_write_is_not_trusted(folders):
    builds.clear()
    cached("small", "key1", build_small, folders)
    (folders[0] / "key1.lex").chmod(0o666)
    cached("small", "key1", build_small, folders)
    assert len(builds) == 2 and (folders[0] / "key1.lex").stat().st_mode & 0o777 == 0o600


def test_the_key_covers_the_sources_and_the_code():
    assert cache_key(b"a", b"bc") != cache_key(b"ab", b"c") != cache_key(b"abc")
    assert cache_key(b"x") == cache_key(b"x") and len(cache_key(b"x")) == 64


def test_an_empty_list_round_trips(folders):
    empty = cached("none", "key0", lambda: Lexicon("none", []), folders)
    assert_same(cached("none", "key0", lambda: pytest.fail("rebuilt"), folders), Lexicon("none", []))
    assert len(empty) == 0


def test_the_clean_list_is_the_one_a_fresh_build_of_its_words_gives():
    full = Lexicon.load("full")
    clean = full.without_vulgar()
    keep = [i for i, flagged in enumerate(full.vulgar.tolist()) if not flagged]
    fresh = Lexicon.__new__(Lexicon)
    fresh._build(full.name, [full.words[i] for i in keep], full.zipf[keep], full.levels[keep].copy(),
                 full.vulgar[keep].copy())
    assert len(clean) < len(full) and not clean.vulgar.any()
    assert_same(clean, fresh)
    longest_vulgar = Lexicon("t", ["house", "fucking", "a"], vulgar={"fucking"})
    assert_same(longest_vulgar.without_vulgar(), Lexicon("t", ["house", "a"]))  # spellings as wide as "house"


def test_files_no_load_used_for_a_month_are_deleted_when_another_is_written(folders):
    cached("small", "old", build_small, folders)
    cached("small", "used", build_small, folders)
    month_ago = time.time() - 31 * 86400
    for name in ("old.lex", "used.lex", ".left-behind.tmp"):
        (folders[0] / name).touch()
        os.utime(folders[0] / name, (month_ago, month_ago))
    cached("small", "used", lambda: pytest.fail("rebuilt"), folders)  # a load: used again
    cached("small", "new", build_small, folders)
    assert sorted(p.name for p in folders[0].iterdir()) == ["new.lex", "used.lex"]
