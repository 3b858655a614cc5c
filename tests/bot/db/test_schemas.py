"""Both migration histories end at the same schema: tables, columns (name, type, nullability),
primary keys, unique constraints, foreign keys, and check constraints counted per table."""

import re
import sqlite3

import asyncpg

from bot.db import open_database

# SQLite's type -> PostgreSQL's, by column: Discord ids are BIGINT there.
_IDS = {"guild_id", "user_id", "channel_id", "message_id", "updated_by", "improved_by", "uploaded_by", "ping_role_id",
        "round_id", "started_by"}
_TYPES = {"TEXT": "text", "INTEGER": "integer", "REAL": "double precision", "BLOB": "bytea"}


def _pg_type(column: str, sqlite_type: str) -> str:
    return "bigint" if column in _IDS and sqlite_type == "INTEGER" else _TYPES[sqlite_type]


def sqlite_schema(path) -> dict:
    schema = {}
    with sqlite3.connect(path) as raw:
        tables = [r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        for table in tables:
            info = raw.execute(f"PRAGMA table_info({table})").fetchall()
            columns = {name: (_pg_type(name, kind), bool(notnull or pk)) for _, name, kind, notnull, _, pk in info}
            key = tuple(c[1] for c in sorted((c for c in info if c[5]), key=lambda c: c[5]))
            uniques = sorted(
                tuple(r[2] for r in raw.execute(f"PRAGMA index_info({index})"))
                for _, index, unique, origin, _ in raw.execute(f"PRAGMA index_list({table})") if unique
                and origin == "u")
            foreign = sorted((r[2], r[3], r[4]) for r in raw.execute(f"PRAGMA foreign_key_list({table})"))
            sql = raw.execute("SELECT sql FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0]
            checks = len(re.findall(r"\bCHECK\s*\(", sql))
            schema[table] = (columns, key, uniques, foreign, checks)
    return schema


async def postgres_schema(url: str) -> dict:
    conn = await asyncpg.connect(url)
    try:
        schema = {}
        tables = [r[0] for r in await conn.fetch(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name")]
        for table in tables:
            columns = {r["column_name"]: (r["data_type"], r["is_nullable"] == "NO") for r in await conn.fetch(
                "SELECT column_name, data_type, is_nullable FROM information_schema.columns WHERE table_name = $1",
                table)}
            constraints = await conn.fetch(
                "SELECT c.contype::text AS contype, ARRAY(SELECT a.attname FROM unnest(c.conkey) "
                "WITH ORDINALITY AS k(n, i) "
                "JOIN pg_attribute AS a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.i) AS cols, "
                "f.relname AS target, ARRAY(SELECT a.attname FROM unnest(c.confkey) WITH ORDINALITY AS k(n, i) "
                "JOIN pg_attribute AS a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.i) AS target_cols "
                "FROM pg_constraint AS c LEFT JOIN pg_class AS f ON f.oid = c.confrelid "
                "WHERE c.conrelid = (SELECT oid FROM pg_class WHERE relname = $1 AND relkind = 'r')", table)
            key = next((tuple(c["cols"]) for c in constraints if c["contype"] == "p"), ())
            uniques = sorted(tuple(c["cols"]) for c in constraints if c["contype"] == "u")
            foreign = sorted((c["target"], col, tcol) for c in constraints if c["contype"] == "f"
                             for col, tcol in zip(c["cols"], c["target_cols"], strict=True))
            checks = sum(c["contype"] == "c" for c in constraints)
            schema[table] = (columns, key, uniques, foreign, checks)
        return schema
    finally:
        await conn.close()


async def test_both_histories_end_at_the_same_schema(tmp_path, postgres_url):
    for target in (tmp_path / "w.sqlite3", postgres_url):
        await (await open_database(target)).close()
    ours, theirs = sqlite_schema(tmp_path / "w.sqlite3"), await postgres_schema(postgres_url)
    assert sorted(ours) == sorted(theirs)
    for table in ours:
        assert ours[table] == theirs[table], table
    assert ours["tileset_best"][4] == 8 and ours["bee_guesses"][3] == [("bee_puzzles", "language", "language"),
                                                                 ("bee_puzzles", "puzzle_date", "puzzle_date")]
