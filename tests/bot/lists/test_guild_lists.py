"""GuildLists and ListStore on both backends, without Discord: the limit of three lists holds for
uploads at once, a list replaced elsewhere is rebuilt, the cache is bounded, worker jobs read the
same words from a file named by their hash, and every read is keyed by the server."""

import asyncio

import pytest

from bot.lexicons.guild_lists import GuildLists, UnknownList, has_commonness, lexicon_bytes
from bot.lexicons.store import ListStore, TooManyLists
from bot.lists.upload import Upload, parse_in_worker, store_upload
from solvers.lexicon import Lexicon
from solvers.offensive import Tiers
from solvers.wordlist import load_lexicon, load_source, parse_upload


def upload(text):
    return Upload.of(parse_upload(text.encode()))


async def test_four_uploads_at_once_store_three(db, tmp_path):
    lists = GuildLists(db, cache_dir=tmp_path)
    outcomes = await asyncio.gather(*(store_upload(lists, 1, f"l{n}", upload("cat\ndog\n"), 7, warm=False)
                                      for n in range(4)), return_exceptions=True)
    assert sorted(type(o).__name__ for o in outcomes) == ["TooManyLists", "bool", "bool", "bool"]
    assert len(await lists.names(1)) == 3 and await lists.names(2) == []


async def test_a_list_replaced_by_another_process_is_rebuilt(db, tmp_path):
    here, there = GuildLists(db, cache_dir=tmp_path), GuildLists(db, cache_dir=tmp_path)
    await store_upload(here, 1, "club", upload("cat\ndog\n"), 7)
    first = await here.lexicon(1, "club")
    assert await here.lexicon(1, "club") is first  # cached
    await store_upload(there, 1, "club", upload("cat\ndog\nemu\n"), 8, warm=False)
    assert sorted(await here.lexicon(1, "club")) == ["cat", "dog", "emu"]
    await there.store.remove(1, "club")
    with pytest.raises(UnknownList, match="no word list called 'club': choose one of full, common, huge."):
        await here.lexicon(1, "club")


async def test_the_cache_keeps_the_most_recently_used(db, tmp_path):
    lists = GuildLists(db, cache_dir=tmp_path, max_cached=2)
    for guild in (1, 2, 3):
        await store_upload(lists, guild, "club", upload(f"cat\ndog{'s' * guild}\n"), 7)
    assert [(g, n) for g, n, _, _ in lists.cached()] == [(2, "club"), (3, "club")]
    await lists.lexicon(2, "club")
    assert [g for g, *_ in lists.cached()] == [3, 2]
    assert all(size > 0 for *_, size in lists.cached())


async def test_a_worker_reads_the_same_list_from_its_words_file(db, tmp_path):
    lists = GuildLists(db, cache_dir=tmp_path / "cache")
    vulgar = Tiers.read().vulgar[0].word
    await store_upload(lists, 1, "club", upload(f"cat\n{vulgar}\ndog\n"), 7)
    path = await lists.path(1, "club")
    assert path.parent == tmp_path / "cache" and path.stem == (await lists.store.info(1, "club")).digest
    worker, cached = load_lexicon(path, "club"), await lists.lexicon(1, "club")
    assert worker.name == cached.name == "club" and worker.words == cached.words
    assert worker.is_vulgar(vulgar) and cached.is_vulgar(vulgar) and not cached.is_vulgar("cat")
    assert not has_commonness(cached) and has_commonness(Lexicon.load("common"))
    assert lexicon_bytes(cached) > 0
    with pytest.raises(UnknownList):
        await lists.path(2, "club")
    assert load_source(await lists.source(1, "club"), "club").words == cached.words
    assert await lists.source(1, "common") == "common" and load_source("common", "common") is Lexicon.load("common")
    assert await lists.resolve(1, "club") is cached and await lists.resolve(2, "huge") is Lexicon.load("huge")
    for guild in (2, None):
        with pytest.raises(UnknownList):
            await lists.resolve(guild, "club")
        with pytest.raises(UnknownList):
            await lists.source(guild, "club")


async def test_every_read_is_keyed_by_the_server(db):
    store = ListStore(db)
    await store.save(1, "club", b"x", 1, "d1", 7)
    await store.report(1, "xyzzy", "not a word", 7)
    assert await store.lists(2) == [] and await store.info(2, "club") is None and await store.words(2, "club") is None
    assert await store.reports(2) == [] and not await store.remove(2, "club")
    assert [i.name for i in await store.lists(1)] == ["club"]


def test_a_bad_file_in_the_worker_is_a_line_not_a_failure():
    assert parse_in_worker(b"\x00\x00") == \
        "The file is not text (it holds binary data): use a plain text file, one word per line."
    assert isinstance(parse_in_worker(b"cat\n"), Upload)


async def test_too_many_lists_names_them(db):
    store = ListStore(db)
    for name in ("c", "a", "b"):
        await store.save(1, name, b"x", 1, "d", 7)
    with pytest.raises(TooManyLists) as refused:
        await store.save(1, "d", b"x", 1, "d", 7)
    assert refused.value.names == ["a", "b", "c"]
    assert await store.save(1, "a", b"y", 1, "e", 7) is True


async def test_the_bot_builds_a_list_in_a_worker_process_and_maps_it(db, tmp_path, monkeypatch):
    # In the bot, the build (pure Python that would hold the GIL) runs in a worker process: here it
    # would fail, so a lexicon that arrives proves it was built elsewhere and mapped from its cache file.
    import solvers.lexicon

    lists = GuildLists(db, cache_dir=tmp_path, build_in_worker=True)
    await store_upload(lists, 1, "club", upload("cat\ndog\nact\ntac\n"), 7, warm=False)

    def no_build_here(*args):
        raise AssertionError("built in the bot's own process")

    monkeypatch.setattr(solvers.lexicon, "_build_from_lines", no_build_here)
    monkeypatch.setattr("bot.lexicons.guild_lists.build_lexicon", no_build_here)
    lexicon = await lists.lexicon(1, "club")
    assert lexicon.name == "club" and sorted(lexicon.words) == ["act", "cat", "dog", "tac"]
    assert lists.cached()[0][:3] == (1, "club", 4)
