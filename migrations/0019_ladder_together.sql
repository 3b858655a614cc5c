-- 0019: the word ladder played together (issue 45): one climb for the whole server on a together
-- day, a rung a row with the player who played it; the team's best solve of the day; the asks to
-- start the climb again (a member with Manage Messages restarts it alone, or two different players
-- within a minute), as the team box's (0011). A player's together day is in player_days under the
-- game 'ladder-team' (as 0016 does for 'letterbox-team'): ``words`` counts the rungs they played
-- (an undone rung too: it was played), ``points`` is the team's best solve (0 until it solves), of
-- the same 10 as a solo day's. The tables have the team box's shape (a rung is a "word" of the
-- chain), so one platform store keeps both (bot.days.team_store.TeamChainStore).

CREATE TABLE ladder_team_words (
    guild_id    INTEGER NOT NULL,
    puzzle_date TEXT    NOT NULL,
    position    INTEGER NOT NULL CHECK (position BETWEEN 0 AND 29),
    word        TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    played_at   TEXT    NOT NULL,
    PRIMARY KEY (guild_id, puzzle_date, position)
) STRICT, WITHOUT ROWID;

CREATE TABLE ladder_team_solves (
    guild_id    INTEGER NOT NULL,
    puzzle_date TEXT    NOT NULL,
    words       TEXT    NOT NULL,   -- the solving climb's rungs, space-separated
    players     TEXT    NOT NULL,   -- who played each of its rungs: user ids, space-separated
    word_count  INTEGER NOT NULL CHECK (word_count >= 1),
    points      INTEGER NOT NULL CHECK (points >= 1),
    solved_at   TEXT    NOT NULL,
    PRIMARY KEY (guild_id, puzzle_date)
) STRICT, WITHOUT ROWID;

CREATE TABLE ladder_team_restarts (
    guild_id    INTEGER NOT NULL,
    puzzle_date TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    asked_at    TEXT    NOT NULL,
    PRIMARY KEY (guild_id, puzzle_date, user_id)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER ladder_team_word_adds_to_player_day AFTER INSERT ON ladder_team_words
BEGIN
    INSERT INTO player_days (game, guild_id, user_id, day, points, words, pangrams, max_points)
    VALUES ('ladder-team', NEW.guild_id, NEW.user_id, NEW.puzzle_date,
            COALESCE((SELECT points FROM ladder_team_solves WHERE guild_id = NEW.guild_id
                      AND puzzle_date = NEW.puzzle_date), 0), 1, 0, 10)
    ON CONFLICT (game, guild_id, user_id, day) DO UPDATE SET words = words + 1;
END;

CREATE TRIGGER ladder_team_solve_sets_player_days AFTER INSERT ON ladder_team_solves
BEGIN
    UPDATE player_days SET points = NEW.points, pangrams = 1
    WHERE game = 'ladder-team' AND guild_id = NEW.guild_id AND day = NEW.puzzle_date;
END;

CREATE TRIGGER ladder_team_better_solve_sets_player_days AFTER UPDATE OF points ON ladder_team_solves
BEGIN
    UPDATE player_days SET points = NEW.points, pangrams = 1
    WHERE game = 'ladder-team' AND guild_id = NEW.guild_id AND day = NEW.puzzle_date;
END;
