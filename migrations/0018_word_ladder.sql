-- 0018: the daily word ladder (issue 45). Its schedules and posts are the daily framework's
-- (daily_schedules, daily_posts with game = 'ladder'); these tables hold its ladders, each
-- player's climb of a day, each player's best solve (which feeds player_days, as the box's does).
-- Together days come with their own migration.

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
