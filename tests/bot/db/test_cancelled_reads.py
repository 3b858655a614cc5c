"""A read cancelled halfway (a reply's time limit, a stop) leaves nothing open behind it: every
later read sees every write committed since. (On SQLite, a cancelled read used to leave its
statement open, and the connection then read the database as it was at that moment: 196 stale
reads of 200 in this test.)"""

import asyncio

from bot.db import open_database


async def test_reads_after_a_cancelled_read_see_the_latest_write(db_target):
    db = await open_database(db_target)
    try:
        stale = []
        for n in range(50):
            for read in (db.fetch_one, db.fetch_all):
                cut = asyncio.create_task(read("SELECT key, value FROM bot_state"))
                await asyncio.sleep(0)  # the read has begun
                cut.cancel()
                await db.set_state("k", str(n))
                value = (await db.fetch_one("SELECT value FROM bot_state WHERE key = 'k'"))[0]
                rows = await db.fetch_all("SELECT value FROM bot_state WHERE key = 'k'")
                stale += [(n, value, rows[0][0])] if value != str(n) or rows[0][0] != str(n) else []
        assert stale == []
    finally:
        await db.close()
