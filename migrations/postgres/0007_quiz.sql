-- PostgreSQL 0007: SQLite's 0013, the anagram quiz and its daily challenges (see there).
CREATE TABLE quiz_rounds (
    round_id    BIGINT  NOT NULL PRIMARY KEY,
    guild_id    BIGINT  NOT NULL,
    channel_id  BIGINT  NOT NULL,
    message_id  BIGINT,          -- the board's message, once posted
    lexicon     TEXT    NOT NULL,
    set_name    TEXT    NOT NULL,   -- the set as chosen, e.g. '7s probability 1-25'
    seconds     INTEGER NOT NULL CHECK (seconds > 0),
    started_at  TEXT    NOT NULL,
    ends_at     TEXT    NOT NULL,   -- when the time runs out (moved on by a resume)
    ended_at    TEXT,               -- NULL while the round runs
    paused_left DOUBLE PRECISION,
    started_by  BIGINT  NOT NULL
);
CREATE INDEX quiz_rounds_running ON quiz_rounds (ended_at, channel_id);

CREATE TABLE quiz_questions (
    round_id    BIGINT  NOT NULL,
    position    INTEGER NOT NULL CHECK (position BETWEEN 0 AND 199),
    alphagram   TEXT    NOT NULL,
    answers     TEXT    NOT NULL,
    PRIMARY KEY (round_id, position)
);

CREATE TABLE quiz_answers (
    round_id    BIGINT  NOT NULL,
    word        TEXT    NOT NULL,
    position    INTEGER NOT NULL,   -- the question it answers
    user_id     BIGINT  NOT NULL,
    found_at    TEXT    NOT NULL,
    PRIMARY KEY (round_id, word)
);

CREATE TABLE challenge_plays (
    day          TEXT    NOT NULL CHECK (day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    challenge    TEXT    NOT NULL,  -- its key: 'today-7', 'bingo-marathon', ...
    guild_id     BIGINT  NOT NULL,
    user_id      BIGINT  NOT NULL,
    started_at   TEXT    NOT NULL,
    finished_at  TEXT,              -- NULL while the clock runs
    seconds_used DOUBLE PRECISION,
    words_found  INTEGER NOT NULL DEFAULT 0,
    words_total  INTEGER NOT NULL,
    PRIMARY KEY (day, challenge, guild_id, user_id)
);

CREATE TABLE challenge_answers (
    day          TEXT    NOT NULL,
    challenge    TEXT    NOT NULL,
    guild_id     BIGINT  NOT NULL,
    user_id      BIGINT  NOT NULL,
    word         TEXT    NOT NULL,
    found_at     TEXT    NOT NULL,
    PRIMARY KEY (day, challenge, guild_id, user_id, word)
);

CREATE TABLE quiz_misses (
    guild_id     BIGINT  NOT NULL,
    user_id      BIGINT  NOT NULL,
    alphagram    TEXT    NOT NULL,
    lexicon      TEXT    NOT NULL,
    source       TEXT    NOT NULL,  -- 'round:<round_id>' or 'challenge:<day>:<key>'
    missed_at    TEXT    NOT NULL,
    PRIMARY KEY (guild_id, user_id, alphagram, source)
);
CREATE INDEX quiz_misses_recent ON quiz_misses (guild_id, missed_at);
