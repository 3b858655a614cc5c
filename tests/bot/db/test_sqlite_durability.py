"""An acknowledged write survives a power cut: SQLite's connections commit with ``synchronous =
FULL`` in WAL mode (each COMMIT waits for the disk), not NORMAL (which survives a crash of the
process only). Its cost against NORMAL: ``benchmarks/scale.py --parts sync``, docs/scaling.md."""

from bot.db.sqlite import SqliteDatabase

FULL = 2  # what PRAGMA synchronous answers for FULL (0 OFF, 1 NORMAL, 3 EXTRA)


async def test_every_connection_commits_to_the_disk_before_answering(tmp_path):
    db = await SqliteDatabase.connect(tmp_path / "w.sqlite3")
    try:
        writer = await db.writer.submit(lambda conn: (conn.execute("PRAGMA synchronous").fetchone()[0],
                                                      conn.execute("PRAGMA journal_mode").fetchone()[0]))
        reads = [(await db.fetch_one(f"PRAGMA {name}"))[0] for name in ("synchronous", "journal_mode")]
    finally:
        await db.close()
    assert writer == (FULL, "wal") and reads == [FULL, "wal"]  # the reads' connection runs the migrations
