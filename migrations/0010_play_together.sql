-- 0010: the daily games played together by a whole server (issue 31).
-- A word of a together day counts once for the server: the first player to type it is credited
-- (the primary key decides, across processes too). Credited words feed player_days under the
-- game 'bee-team', so together days never mix with solo days in one score.
-- team_days remembers where a together day is played (the day's thread, or the channel) and its
-- live progress message, so a restart carries on with the same ones.

CREATE TABLE bee_team_words (
    guild_id    INTEGER NOT NULL,
    puzzle_date TEXT    NOT NULL,
    word        TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    points      INTEGER NOT NULL,
    pangram     INTEGER NOT NULL CHECK (pangram IN (0, 1)),
    found_at    TEXT    NOT NULL,
    PRIMARY KEY (guild_id, puzzle_date, word)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER bee_team_word_adds_to_player_day AFTER INSERT ON bee_team_words
BEGIN
    INSERT INTO player_days (game, guild_id, user_id, day, points, words, pangrams, max_points)
    VALUES ('bee-team', NEW.guild_id, NEW.user_id, NEW.puzzle_date, NEW.points, 1, NEW.pangram,
            (SELECT max_score FROM bee_puzzles WHERE puzzle_date = NEW.puzzle_date))
    ON CONFLICT (game, guild_id, user_id, day) DO UPDATE SET
        points = points + excluded.points,
        words = words + 1,
        pangrams = pangrams + excluded.pangrams;
END;

CREATE TABLE team_days (
    game        TEXT    NOT NULL,             -- 'bee', 'letterbox'
    guild_id    INTEGER NOT NULL,
    day         TEXT    NOT NULL,             -- the guild's local date, YYYY-MM-DD
    channel_id  INTEGER NOT NULL,             -- where the day is played: its thread, or the game's channel
    message_id  INTEGER,                      -- the live progress message, once sent
    PRIMARY KEY (game, guild_id, day)
) STRICT, WITHOUT ROWID;
