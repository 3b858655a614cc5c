-- 0011: Letter Boxed played together (issue 31): one chain for the whole server on a together
-- day, each word with the player who played it; the team's best solve of the day; and the asks
-- to start the chain again (a member with Manage Messages restarts it alone, or two different
-- players within a minute).

CREATE TABLE letterbox_team_words (
    guild_id    INTEGER NOT NULL,
    puzzle_date TEXT    NOT NULL,
    position    INTEGER NOT NULL CHECK (position BETWEEN 0 AND 19),
    word        TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    played_at   TEXT    NOT NULL,
    PRIMARY KEY (guild_id, puzzle_date, position)
) STRICT, WITHOUT ROWID;

CREATE TABLE letterbox_team_solves (
    guild_id    INTEGER NOT NULL,
    puzzle_date TEXT    NOT NULL,
    words       TEXT    NOT NULL,   -- the solving chain, space-separated
    players     TEXT    NOT NULL,   -- who played each of its words: user ids, space-separated
    word_count  INTEGER NOT NULL CHECK (word_count >= 1),
    points      INTEGER NOT NULL CHECK (points >= 1),
    solved_at   TEXT    NOT NULL,
    PRIMARY KEY (guild_id, puzzle_date)
) STRICT, WITHOUT ROWID;

CREATE TABLE letterbox_team_restarts (
    guild_id    INTEGER NOT NULL,
    puzzle_date TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    asked_at    TEXT    NOT NULL,
    PRIMARY KEY (guild_id, puzzle_date, user_id)
) STRICT, WITHOUT ROWID;
