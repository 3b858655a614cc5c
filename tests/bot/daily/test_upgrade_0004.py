"""A database written by the release before the daily framework upgrades through 0004 without loss,
and the bot keeps posting in the same channel at the same local time."""

import dataclasses
import datetime as dt
import sqlite3

from bot.db import open_database, sqlite_schema as database
from tests.bot.games.bee.test_bee_discord import HOUR, Server

OLD_TABLES = ("bee_puzzles", "bee_guesses", "player_days", "players", "bot_state")


async def old_release_database(path, london_guild, london_channel):
    """Migrations 0001-0003 (what the last release shipped) and a little of everything."""
    conn = await database.connect(path)
    await database.upgrade(conn, up_to=3)
    await conn.executescript(f"""
        INSERT INTO guild_settings (guild_id, anagram_lexicon) VALUES ({london_guild}, 'common'), (7, 'full');
        INSERT INTO bot_state (key, value) VALUES ('command_tree_hash:1', 'abc');
        INSERT INTO bee_schedules (guild_id, channel_id, post_time, timezone, active, updated_by, updated_at)
        VALUES ({london_guild}, {london_channel}, '09:00', 'Europe/London', 1, 5, '2025-12-01T00:00:00Z'),
               (8, 800, '07:30', 'Asia/Tokyo', 0, 6, '2025-12-02T00:00:00Z');
        INSERT INTO bee_puzzles (puzzle_date, letters, center, answers, max_score)
        VALUES ('2025-12-31', 'achlnoy', 'n', 'anon canyon halcyon nacho', 24);
        INSERT INTO bee_posts (guild_id, puzzle_date, channel_id, message_id, posted_at)
        VALUES ({london_guild}, '2025-12-31', {london_channel}, 4242, '2025-12-31T09:00:01Z'),
               (8, '2025-12-31', 800, NULL, '2025-12-30T22:30:00Z');
        INSERT INTO bee_guesses VALUES ({london_guild}, '2025-12-31', 11, 'halcyon', 14, 1, '2025-12-31T10:00:00Z'),
                                       ({london_guild}, '2025-12-31', 11, 'nacho', 5, 0, '2025-12-31T10:01:00Z'),
                                       (8, '2025-12-31', 12, 'anon', 1, 0, '2025-12-31T11:00:00Z');
        INSERT INTO players (guild_id, user_id, display_name) VALUES ({london_guild}, 11, 'alice');
    """)
    await conn.close()


def rows(path, sql):
    with sqlite3.connect(path) as raw:
        return sorted(raw.execute(sql).fetchall())


async def test_every_row_and_score_survives_0004(tmp_path):
    path = tmp_path / "old.sqlite3"
    await old_release_database(path, 1, 100)
    columns = {table: ", ".join(c[1] for c in rows(path, f"PRAGMA table_info({table})")) for table in OLD_TABLES}
    before = {table: rows(path, f"SELECT {columns[table]} FROM {table}") for table in OLD_TABLES}
    schedules = rows(path, "SELECT 'bee', guild_id, channel_id, post_time, active, updated_by, "
                           "updated_at FROM bee_schedules")
    posts = rows(path, "SELECT 'bee', guild_id, puzzle_date, channel_id, message_id, posted_at FROM bee_posts")

    await (await open_database(path)).close()

    # the columns each table had (0020 adds the bee's language beside them)
    assert {table: rows(path, f"SELECT {columns[table]} FROM {table}") for table in OLD_TABLES} == before
    assert rows(path, "SELECT game, guild_id, channel_id, post_time, active, updated_by, updated_at FROM "
                      "daily_schedules") == schedules
    assert rows(path, "SELECT game, guild_id, day, channel_id, message_id, posted_at FROM daily_posts") == posts
    assert rows(path, "SELECT guild_id, anagram_lexicon, timezone FROM guild_settings") == [
        (1, "common", "Europe/London"), (7, "full", None), (8, "full", "Asia/Tokyo")]  # a stopped bee keeps its zone
    assert rows(path, "SELECT points FROM player_days WHERE guild_id = 1") == [(19,)]
    names = {r[0] for r in rows(path, "SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert not names & {"bee_schedules", "bee_posts", "guild_settings_new"}


async def test_the_upgraded_bot_posts_in_the_same_channel_at_the_same_local_time(simcord_env, settings, new_bot,
                                                                                 tmp_path):
    server = Server(simcord_env)
    path = tmp_path / "old.sqlite3"
    await old_release_database(path, server.guild.id, server.channel.id)
    await simcord_env.restart_bot(new_bot(dataclasses.replace(settings, database=path)))
    assert server.posts() == []  # 00:00 in London: not yet
    await simcord_env.advance_time(9 * HOUR)
    (post,) = server.posts()
    assert post.embeds[0].title == "Spelling Bee · #366 · Thursday 1 January 2026"
    assert post.created_at == dt.datetime(2026, 1, 1, 9, tzinfo=dt.UTC)  # 09:00 London in winter
    reveal = post.embeds[1]  # yesterday's post (made by the old release) is known: its answers follow
    assert reveal.title == "Yesterday's answers · Wednesday 31 December 2025"
    (halcyon,) = [line for line in reveal.description.split("\n") if line.startswith("||**HALCYON**")]
    assert halcyon.endswith("|| (1 player)")  # the pangram (and its definition) behind its bar, its finder counted
