-- 0021: a daily word ladder (issue 45, point 7) and Letter Boxed (issue 44) in each language, as 0020 made the bee's. A
-- language's ladder of a date is its own puzzle, and a server may run the English ladder in one
-- channel and the French in another: a ladder is keyed by its language and date, and a climb and
-- a solve by their language too ('en' for every row before). A solve in another language feeds
-- player_days under its own game ('ladder-fr'), so each ladder has its own boards and streaks.
-- The tables are rebuilt (SQLite changes no primary key in place), each with its language last,
-- as PostgreSQL adds it; the climbs and solves become rowid tables (see 0020: SQLite 3.40's
-- integrity check misreads a WITHOUT ROWID table whose key has a column after the others).
-- The together days stay English's.

CREATE TABLE ladder_puzzles_0021 (
    puzzle_date      TEXT    NOT NULL CHECK (puzzle_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    start_word       TEXT    NOT NULL,
    end_word         TEXT    NOT NULL,
    par              INTEGER NOT NULL CHECK (par BETWEEN 1 AND 30),
    ladder           TEXT    NOT NULL,   -- the published ladder, start to end, space-separated, as played (folded)
    ladders          INTEGER NOT NULL,
    everyday_ladders INTEGER NOT NULL,
    created_at       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    language         TEXT    NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'fr', 'de', 'es')),
    PRIMARY KEY (language, puzzle_date)
) STRICT;

INSERT INTO ladder_puzzles_0021 (language, puzzle_date, start_word, end_word, par, ladder, ladders, everyday_ladders,
                                 created_at)
SELECT 'en', puzzle_date, start_word, end_word, par, ladder, ladders, everyday_ladders, created_at FROM ladder_puzzles;

CREATE TABLE ladder_climbs_0021 (
    guild_id    INTEGER NOT NULL,
    puzzle_date TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    rungs       TEXT    NOT NULL DEFAULT '',
    started_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL,
    language    TEXT    NOT NULL DEFAULT 'en',
    PRIMARY KEY (guild_id, language, puzzle_date, user_id)
) STRICT;

INSERT INTO ladder_climbs_0021 (guild_id, language, puzzle_date, user_id, rungs, started_at, updated_at)
SELECT guild_id, 'en', puzzle_date, user_id, rungs, started_at, updated_at FROM ladder_climbs;

CREATE TABLE ladder_solves_0021 (
    guild_id    INTEGER NOT NULL,
    puzzle_date TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    rungs       TEXT    NOT NULL,
    rung_count  INTEGER NOT NULL CHECK (rung_count >= 1),
    points      INTEGER NOT NULL CHECK (points >= 1),
    seconds     INTEGER NOT NULL CHECK (seconds >= 0),
    solved_at   TEXT    NOT NULL,
    language    TEXT    NOT NULL DEFAULT 'en',
    PRIMARY KEY (guild_id, language, puzzle_date, user_id)
) STRICT;

INSERT INTO ladder_solves_0021 (guild_id, language, puzzle_date, user_id, rungs, rung_count, points, seconds, solved_at)
SELECT guild_id, 'en', puzzle_date, user_id, rungs, rung_count, points, seconds, solved_at FROM ladder_solves;

DROP TABLE ladder_solves;  -- its triggers go with it
DROP TABLE ladder_climbs;
DROP TABLE ladder_puzzles;
ALTER TABLE ladder_puzzles_0021 RENAME TO ladder_puzzles;
ALTER TABLE ladder_climbs_0021 RENAME TO ladder_climbs;
ALTER TABLE ladder_solves_0021 RENAME TO ladder_solves;

-- The day's leaderboard row of the solve's language's ladder ('ladder' is English's) follows the best solve.
CREATE TRIGGER ladder_solve_adds_to_player_day AFTER INSERT ON ladder_solves
BEGIN
    INSERT INTO player_days (game, guild_id, user_id, day, points, words, pangrams, max_points)
    VALUES (CASE NEW.language WHEN 'en' THEN 'ladder' ELSE 'ladder-' || NEW.language END,
            NEW.guild_id, NEW.user_id, NEW.puzzle_date, NEW.points, NEW.rung_count, 1, 10)
    ON CONFLICT (game, guild_id, user_id, day) DO UPDATE SET
        points = excluded.points, words = excluded.words, pangrams = 1, max_points = 10;
END;

CREATE TRIGGER ladder_better_solve_updates_player_day AFTER UPDATE OF points, rung_count ON ladder_solves
BEGIN
    UPDATE player_days SET points = NEW.points, words = NEW.rung_count
    WHERE game = (CASE NEW.language WHEN 'en' THEN 'ladder' ELSE 'ladder-' || NEW.language END)
      AND guild_id = NEW.guild_id AND user_id = NEW.user_id AND day = NEW.puzzle_date;
END;

-- Letter Boxed likewise (issue 44): a box keyed by its language and date, a chain and a solve by
-- their language too ('en' before), a solve feeding player_days under its language's game
-- ('letterbox', 'letterbox-fr' ...). The together days stay English's.

CREATE TABLE letterbox_puzzles_0021 (
    puzzle_date TEXT    NOT NULL CHECK (puzzle_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    sides       TEXT    NOT NULL,   -- 'nrw bou efi lpt'
    par         INTEGER NOT NULL CHECK (par BETWEEN 2 AND 12),
    solution    TEXT    NOT NULL,   -- the published two words, as played (folded)
    playable    INTEGER NOT NULL,
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    language    TEXT    NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'fr', 'de', 'es')),
    PRIMARY KEY (language, puzzle_date)
) STRICT;

INSERT INTO letterbox_puzzles_0021 (language, puzzle_date, sides, par, solution, playable, created_at)
SELECT 'en', puzzle_date, sides, par, solution, playable, created_at FROM letterbox_puzzles;

CREATE TABLE letterbox_chains_0021 (
    guild_id    INTEGER NOT NULL,
    puzzle_date TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    words       TEXT    NOT NULL DEFAULT '',
    updated_at  TEXT    NOT NULL,
    language    TEXT    NOT NULL DEFAULT 'en',
    PRIMARY KEY (guild_id, language, puzzle_date, user_id)
) STRICT;

INSERT INTO letterbox_chains_0021 (guild_id, language, puzzle_date, user_id, words, updated_at)
SELECT guild_id, 'en', puzzle_date, user_id, words, updated_at FROM letterbox_chains;

CREATE TABLE letterbox_solves_0021 (
    guild_id    INTEGER NOT NULL,
    puzzle_date TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    words       TEXT    NOT NULL,
    word_count  INTEGER NOT NULL CHECK (word_count >= 1),
    points      INTEGER NOT NULL CHECK (points >= 1),
    solved_at   TEXT    NOT NULL,
    language    TEXT    NOT NULL DEFAULT 'en',
    PRIMARY KEY (guild_id, language, puzzle_date, user_id)
) STRICT;

INSERT INTO letterbox_solves_0021 (guild_id, language, puzzle_date, user_id, words, word_count, points, solved_at)
SELECT guild_id, 'en', puzzle_date, user_id, words, word_count, points, solved_at FROM letterbox_solves;

DROP TABLE letterbox_solves;  -- its triggers go with it
DROP TABLE letterbox_chains;
DROP TABLE letterbox_puzzles;
ALTER TABLE letterbox_puzzles_0021 RENAME TO letterbox_puzzles;
ALTER TABLE letterbox_chains_0021 RENAME TO letterbox_chains;
ALTER TABLE letterbox_solves_0021 RENAME TO letterbox_solves;

CREATE TRIGGER letterbox_solve_adds_to_player_day AFTER INSERT ON letterbox_solves
BEGIN
    INSERT INTO player_days (game, guild_id, user_id, day, points, words, pangrams, max_points)
    VALUES (CASE NEW.language WHEN 'en' THEN 'letterbox' ELSE 'letterbox-' || NEW.language END,
            NEW.guild_id, NEW.user_id, NEW.puzzle_date, NEW.points, NEW.word_count, 1, 24)
    ON CONFLICT (game, guild_id, user_id, day) DO UPDATE SET
        points = excluded.points, words = excluded.words, pangrams = 1, max_points = 24;
END;

CREATE TRIGGER letterbox_better_solve_updates_player_day AFTER UPDATE OF points, word_count ON letterbox_solves
BEGIN
    UPDATE player_days SET points = NEW.points, words = NEW.word_count
    WHERE game = (CASE NEW.language WHEN 'en' THEN 'letterbox' ELSE 'letterbox-' || NEW.language END)
      AND guild_id = NEW.guild_id AND user_id = NEW.user_id AND day = NEW.puzzle_date;
END;
