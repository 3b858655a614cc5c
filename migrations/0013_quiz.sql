-- 0013: the anagram quiz and its daily challenges (issue 33).
-- A round: questions (alphagrams) asked in a channel or thread, or in the terminal (guild 0),
-- with a time limit. ``round_id`` is given by the bot (the interaction's snowflake; in the
-- terminal, a time-based id). A round still running has ended_at NULL. A clean stop of the bot
-- keeps the seconds it had left (paused_left), and the restart resumes it with them; after a
-- crash it goes on to its ends_at if that is still to come, else it ends with the scores so far.
CREATE TABLE quiz_rounds (
    round_id    INTEGER NOT NULL PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    message_id  INTEGER,            -- the board's message, once posted
    lexicon     TEXT    NOT NULL,
    set_name    TEXT    NOT NULL,   -- the set as chosen, e.g. '7s probability 1-25'
    seconds     INTEGER NOT NULL CHECK (seconds > 0),
    started_at  TEXT    NOT NULL,
    ends_at     TEXT    NOT NULL,   -- when the time runs out (moved on by a resume)
    ended_at    TEXT,               -- NULL while the round runs
    paused_left REAL,               -- seconds left when the bot stopped cleanly (NULL: running)
    started_by  INTEGER NOT NULL
) STRICT;
CREATE INDEX quiz_rounds_running ON quiz_rounds (ended_at, channel_id);

-- A round's questions, in the order shown, each with every answer (space-separated).
CREATE TABLE quiz_questions (
    round_id    INTEGER NOT NULL,
    position    INTEGER NOT NULL CHECK (position BETWEEN 0 AND 199),
    alphagram   TEXT    NOT NULL,
    answers     TEXT    NOT NULL,
    PRIMARY KEY (round_id, position)
) STRICT, WITHOUT ROWID;

-- The words found in a round: the first to type a word gets it, once.
CREATE TABLE quiz_answers (
    round_id    INTEGER NOT NULL,
    word        TEXT    NOT NULL,
    position    INTEGER NOT NULL,   -- the question it answers
    user_id     INTEGER NOT NULL,
    found_at    TEXT    NOT NULL,
    PRIMARY KEY (round_id, word)
) STRICT, WITHOUT ROWID;

-- A player's play of a day's challenge (the same challenges in every server, played once per
-- player and server): when the clock started, and the result once finished.
CREATE TABLE challenge_plays (
    day          TEXT    NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    challenge    TEXT    NOT NULL,  -- its key: 'today-7', 'bingo-marathon', ...
    guild_id     INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    started_at   TEXT    NOT NULL,
    finished_at  TEXT,              -- NULL while the clock runs
    seconds_used REAL,
    words_found  INTEGER NOT NULL DEFAULT 0,
    words_total  INTEGER NOT NULL,
    PRIMARY KEY (day, challenge, guild_id, user_id)
) STRICT, WITHOUT ROWID;

-- The words a player found in a challenge, each once; what they missed follows from the day's
-- questions (the challenge is fixed by the date).
CREATE TABLE challenge_answers (
    day          TEXT    NOT NULL,
    challenge    TEXT    NOT NULL,
    guild_id     INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    word         TEXT    NOT NULL,
    found_at     TEXT    NOT NULL,
    PRIMARY KEY (day, challenge, guild_id, user_id, word)
) STRICT, WITHOUT ROWID;

-- Every alphagram a player missed, from rounds and challenges, kept for the Week's Toughies and
-- for study: one row per player, alphagram and occasion.
CREATE TABLE quiz_misses (
    guild_id     INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    alphagram    TEXT    NOT NULL,
    lexicon      TEXT    NOT NULL,
    source       TEXT    NOT NULL,  -- 'round:<round_id>' or 'challenge:<day>:<key>'
    missed_at    TEXT    NOT NULL,
    PRIMARY KEY (guild_id, user_id, alphagram, source)
) STRICT, WITHOUT ROWID;
CREATE INDEX quiz_misses_recent ON quiz_misses (guild_id, missed_at);
