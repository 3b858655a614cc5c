-- 0012: notices a server and its players ask for (issue 32).
-- A role a daily game pings with each post: the only ping the bot ever sends, to those who took
-- the role. NULL: the post pings nobody (every schedule so far).
ALTER TABLE daily_schedules ADD COLUMN ping_role_id INTEGER;

-- The players of a server who asked for a private reminder when their streak of a daily game is
-- about to end (a few hours before the day ends, when they have not played it yet).
CREATE TABLE streak_reminders (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    asked_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (guild_id, user_id)
) STRICT, WITHOUT ROWID;

-- One row per reminder made: a player is reminded of a game's day once, even across restarts
-- and clusters (the row is claimed before the message is sent). ``outcome``: 'sent', or why not.
CREATE TABLE streak_reminders_sent (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    day        TEXT    NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    sent_at    TEXT    NOT NULL,
    outcome    TEXT    NOT NULL DEFAULT 'claimed',
    PRIMARY KEY (guild_id, user_id, game, day)
) STRICT, WITHOUT ROWID;
