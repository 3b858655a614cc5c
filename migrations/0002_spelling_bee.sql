-- 0002: the daily Spelling Bee: puzzles by date, per-guild schedules and posts, and guesses.

-- Each date's puzzle is stored the first time it is needed and never changes afterwards.
CREATE TABLE bee_puzzles (
    puzzle_date TEXT    PRIMARY KEY CHECK (puzzle_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    letters     TEXT    NOT NULL CHECK (length(letters) = 7),
    center      TEXT    NOT NULL CHECK (length(center) = 1),
    answers     TEXT    NOT NULL,  -- space-separated, alphabetical
    max_score   INTEGER NOT NULL CHECK (max_score > 0),
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

-- Where and when each guild gets its daily post. A stopped bee keeps its row (active = 0),
-- so the guild's time zone is still known for its history.
CREATE TABLE bee_schedules (
    guild_id   INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL,
    post_time  TEXT    NOT NULL CHECK (post_time GLOB '[0-2][0-9]:[0-5][0-9]'),  -- local HH:MM
    timezone   TEXT    NOT NULL,                                                 -- IANA name
    active     INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    updated_by INTEGER NOT NULL,
    updated_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

-- One row per guild per local day: the claim that makes the daily post happen exactly once.
CREATE TABLE bee_posts (
    guild_id    INTEGER NOT NULL,
    puzzle_date TEXT    NOT NULL REFERENCES bee_puzzles (puzzle_date),
    channel_id  INTEGER NOT NULL,
    message_id  INTEGER,  -- NULL until Discord accepted the message
    posted_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (guild_id, puzzle_date)
) STRICT;

-- Every accepted guess. The primary key makes a word count once per player per day.
CREATE TABLE bee_guesses (
    guild_id    INTEGER NOT NULL,
    puzzle_date TEXT    NOT NULL REFERENCES bee_puzzles (puzzle_date),
    user_id     INTEGER NOT NULL,
    word        TEXT    NOT NULL,
    points      INTEGER NOT NULL CHECK (points > 0),
    pangram     INTEGER NOT NULL CHECK (pangram IN (0, 1)),
    guessed_at  TEXT    NOT NULL,  -- UTC, ISO 8601
    PRIMARY KEY (guild_id, puzzle_date, user_id, word)
) STRICT, WITHOUT ROWID;

CREATE INDEX bee_guesses_by_day ON bee_guesses (guild_id, puzzle_date, pangram);
