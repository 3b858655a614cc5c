-- 0017: the daily word ladder (issue 45). Its schedules and posts are the daily framework's
-- (daily_schedules, daily_posts with game = 'ladder'); these tables hold its ladders, each
-- player's climb of a day, each player's best solve (which feeds player_days, as the box's does),
-- and the together days: one climb for the whole server, each rung with its player.

-- Each date's ladder, stored the first time it is needed and never made again.
CREATE TABLE ladder_puzzles (
    puzzle_date      TEXT    PRIMARY KEY CHECK (puzzle_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    start_word       TEXT    NOT NULL,
    end_word         TEXT    NOT NULL,
    par              INTEGER NOT NULL CHECK (par BETWEEN 1 AND 30),
    ladder           TEXT    NOT NULL,   -- the published ladder, start to end, space-separated
    ladders          INTEGER NOT NULL,   -- shortest ladders over the accepted words
    everyday_ladders INTEGER NOT NULL,   -- over everyday words alone
    created_at       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

-- A player's climb of the day as it stands: the rungs after the start, saved at every rung;
-- started_at is the first rung's time (a restart keeps it: a solve's time counts from it).
CREATE TABLE ladder_climbs (
    guild_id    INTEGER NOT NULL,
    puzzle_date TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    rungs       TEXT    NOT NULL DEFAULT '',
    started_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL,
    PRIMARY KEY (guild_id, puzzle_date, user_id)
) STRICT, WITHOUT ROWID;

-- A player's best solve of the day (fewest rungs). A later solve replaces it only when shorter.
CREATE TABLE ladder_solves (
    guild_id    INTEGER NOT NULL,
    puzzle_date TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    rungs       TEXT    NOT NULL,
    rung_count  INTEGER NOT NULL CHECK (rung_count >= 1),
    points      INTEGER NOT NULL CHECK (points >= 1),
    seconds     INTEGER NOT NULL CHECK (seconds >= 0),   -- from the climb's first rung to the solve
    solved_at   TEXT    NOT NULL,
    PRIMARY KEY (guild_id, puzzle_date, user_id)
) STRICT, WITHOUT ROWID;

-- The day's leaderboard row follows the best solve: points, rungs, one solve; 10 points at par.
CREATE TRIGGER ladder_solve_adds_to_player_day AFTER INSERT ON ladder_solves
BEGIN
    INSERT INTO player_days (game, guild_id, user_id, day, points, words, pangrams, max_points)
    VALUES ('ladder', NEW.guild_id, NEW.user_id, NEW.puzzle_date, NEW.points, NEW.rung_count, 1, 10)
    ON CONFLICT (game, guild_id, user_id, day) DO UPDATE SET
        points = excluded.points, words = excluded.words, pangrams = 1, max_points = 10;
END;

CREATE TRIGGER ladder_better_solve_updates_player_day AFTER UPDATE OF points, rung_count ON ladder_solves
BEGIN
    UPDATE player_days SET points = NEW.points, words = NEW.rung_count
    WHERE game = 'ladder' AND guild_id = NEW.guild_id AND user_id = NEW.user_id AND day = NEW.puzzle_date;
END;

-- Together: the team's climb, a rung a row with the player who played it.
CREATE TABLE ladder_team_rungs (
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
    rungs       TEXT    NOT NULL,   -- the solving climb, space-separated
    players     TEXT    NOT NULL,   -- who played each of its rungs: user ids, space-separated
    rung_count  INTEGER NOT NULL CHECK (rung_count >= 1),
    points      INTEGER NOT NULL CHECK (points >= 1),
    solved_at   TEXT    NOT NULL,
    PRIMARY KEY (guild_id, puzzle_date)
) STRICT, WITHOUT ROWID;

-- A player's together day ('ladder-team'): the rungs they played, and the team's best solve.
CREATE TRIGGER ladder_team_rung_adds_to_player_day AFTER INSERT ON ladder_team_rungs
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

-- The asks to start the team's climb again (a member with Manage Messages restarts it alone, or
-- two different players within a minute), as the team box's.
CREATE TABLE ladder_team_restarts (
    guild_id    INTEGER NOT NULL,
    puzzle_date TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    asked_at    TEXT    NOT NULL,
    PRIMARY KEY (guild_id, puzzle_date, user_id)
) STRICT, WITHOUT ROWID;
