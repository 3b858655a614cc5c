"""Removing a server's default list, without Discord (issue 30, class 4), on SQLite and PostgreSQL:
the removal sets the default back to full in the same transaction and says so, in the store and
in ``wordbot lists remove``; a default left naming a missing list is set back once."""

import asyncio

from bot.db import open_database
from bot.lexicons.store import DEFAULT_LIST, ListStore
from bot.lists.text import DEFAULT_RESET
from bot.lists.upload import Upload
from solvers.wordlist import parse_upload
from tests.bot.lists.test_lists_terminal import lists
from tests.bot.test_cli import run

CLUB = Upload.of(parse_upload(b"cat\ndog\n"))


async def save(store, guild, name):
    await store.save(guild, name, CLUB.blob, CLUB.word_count, CLUB.digest, 7)


async def test_removing_the_default_list_sets_the_default_back_in_the_same_transaction(db):
    store = ListStore(db)
    for guild in (1, 2):
        await save(store, guild, "club")
        await save(store, guild, "other")
    await db.set_anagram_lexicon(1, "club")
    await db.set_anagram_lexicon(2, "other")
    removed = await store.remove(1, "club")
    assert removed is not None and removed.was_default
    assert (await db.guild_settings(1)).anagram_lexicon == DEFAULT_LIST == "full"
    removed = await store.remove(2, "club")  # not server 2's default: its default stays
    assert removed is not None and not removed.was_default and (await db.guild_settings(2)).anagram_lexicon == "other"
    assert await store.remove(1, "club") is None
    assert [i.name for i in await store.lists(1)] == ["other"]


async def test_a_default_naming_a_missing_list_is_set_back_once(db):
    store = ListStore(db)
    await db.set_anagram_lexicon(1, "gone")  # as a database from before, or a race with /settings, leaves it
    await db.set_anagram_lexicon(2, "gone")
    assert await store.forget_default(1, "gone") is True
    assert await store.forget_default(1, "gone") is False  # the second command finds it repaired: no second note
    assert (await db.guild_settings(1)).anagram_lexicon == "full" and (await db.guild_settings(2)).anagram_lexicon == \
        "gone"
    await db.set_anagram_lexicon(1, "common")
    assert await store.forget_default(1, "gone") is False and (await db.guild_settings(1)).anagram_lexicon == "common"


def test_wordbot_lists_remove_says_when_it_was_the_default(capsys, tmp_path):
    database = str(tmp_path / "w.sqlite3")

    async def prepare():
        db = await open_database(database)
        try:
            await save(ListStore(db), 5, "club")
            await save(ListStore(db), 5, "other")
            await db.set_anagram_lexicon(5, "club")
        finally:
            await db.close()

    asyncio.run(prepare())
    code, out, err = run(capsys, *lists(database, "remove", "--guild", "5", "other"))
    assert (code, out, err) == (0, "Removed the list other of server 5.\n", "")
    code, out, err = run(capsys, *lists(database, "remove", "--guild", "5", "club"))
    assert (code, out, err) == (0, f"Removed the list club of server 5. {DEFAULT_RESET}\n", "")
