-- 0004: one daily-games framework. Schedules and posts are keyed by (game, guild), so every
-- daily game shares them; a guild's time zone becomes a guild setting (boards and every game
-- read it). Every bee schedule (active or stopped) and post is carried over.

-- guild_settings gains the time zone and whether /anagram may show vulgar words; the word-list
-- names are checked in code from now on, so a new list (huge) needs no migration (SQLite cannot
-- alter a CHECK: the table is rebuilt).
CREATE TABLE guild_settings_new (
    guild_id        INTEGER PRIMARY KEY,
    anagram_lexicon TEXT    NOT NULL DEFAULT 'full',
    timezone        TEXT,   -- IANA name; NULL: never set (the guild's day is UTC's)
    show_vulgar     INTEGER NOT NULL DEFAULT 0 CHECK (show_vulgar IN (0, 1)),  -- in public /anagram replies
    created_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;
INSERT INTO guild_settings_new (guild_id, anagram_lexicon, created_at, updated_at)
SELECT guild_id, anagram_lexicon, created_at, updated_at FROM guild_settings;
DROP TABLE guild_settings;
ALTER TABLE guild_settings_new RENAME TO guild_settings;

-- A stopped bee keeps its zone.
INSERT INTO guild_settings (guild_id, timezone)
SELECT guild_id, timezone FROM bee_schedules WHERE true
ON CONFLICT (guild_id) DO UPDATE SET timezone = excluded.timezone;

-- Where and when each guild gets each game's daily post. A stopped game keeps its row (active = 0).
CREATE TABLE daily_schedules (
    game       TEXT    NOT NULL,   -- 'bee', ...
    guild_id   INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    post_time  TEXT    NOT NULL CHECK (post_time GLOB '[0-2][0-9]:[0-5][0-9]'),  -- local HH:MM
    active     INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    updated_by INTEGER NOT NULL,
    updated_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (game, guild_id)
) STRICT;
INSERT INTO daily_schedules (game, guild_id, channel_id, post_time, active, updated_by, updated_at)
SELECT 'bee', guild_id, channel_id, post_time, active, updated_by, updated_at FROM bee_schedules;

-- One row per game, guild and local day: the claim that makes the daily post happen exactly once.
-- A claim not yet confirmed (message_id NULL, not skipped) is retried from retry_at on: the retry
-- first looks in the channel for the post (a send may have reached Discord before a crash), and
-- sends only when it is not there. Times are the bot's clock, UTC ISO 8601.
CREATE TABLE daily_posts (
    game       TEXT    NOT NULL,
    guild_id   INTEGER NOT NULL,
    day        TEXT    NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    channel_id INTEGER NOT NULL,
    message_id INTEGER,  -- NULL until Discord accepted the message
    posted_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),  -- when first claimed
    attempts   INTEGER NOT NULL DEFAULT 1,
    retry_at   TEXT,     -- when an unconfirmed claim may be taken over and retried
    skipped    TEXT,     -- why the day was given up (no access to the channel), NULL otherwise
    PRIMARY KEY (game, guild_id, day)
) STRICT;
-- Posts the last release claimed but never confirmed are retried (after a look in the channel).
INSERT INTO daily_posts (game, guild_id, day, channel_id, message_id, posted_at, retry_at)
SELECT 'bee', guild_id, puzzle_date, channel_id, message_id, posted_at,
       CASE WHEN message_id IS NULL THEN '2000-01-01T00:00:00+00:00' END FROM bee_posts;
CREATE INDEX daily_schedules_active ON daily_schedules (active, game);

DROP TABLE bee_posts;
DROP TABLE bee_schedules;
