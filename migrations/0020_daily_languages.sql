-- 0020: a daily bee in each language (issue 44). A language's hive of a date is its own puzzle,
-- and a server may run the English bee in one channel and the French in another: a puzzle is
-- keyed by its language and date, and a guess by its language too ('en' for every row before).
-- A guess in another language feeds player_days under its own game ('bee-fr'), so each bee has
-- its own boards and streaks. The tables are rebuilt (SQLite changes no primary key in place);
-- the together days stay English, and their trigger reads the English puzzle's maximum.

DROP TRIGGER bee_team_word_adds_to_player_day;  -- it names bee_puzzles, which is rebuilt below

CREATE TABLE bee_puzzles_0020 (
    puzzle_date TEXT    NOT NULL CHECK (puzzle_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    letters     TEXT    NOT NULL CHECK (length(letters) = 7),
    center      TEXT    NOT NULL CHECK (length(center) = 1),
    answers     TEXT    NOT NULL,  -- space-separated, alphabetical, as played (folded)
    max_score   INTEGER NOT NULL CHECK (max_score > 0),
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    language    TEXT    NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'fr', 'de', 'es')),  -- last, as PostgreSQL adds it
    PRIMARY KEY (language, puzzle_date)
) STRICT;

INSERT INTO bee_puzzles_0020 (language, puzzle_date, letters, center, answers, max_score, created_at)
SELECT 'en', puzzle_date, letters, center, answers, max_score, created_at FROM bee_puzzles;

-- A rowid table now: its language comes last, as PostgreSQL adds it (the same columns in the same
-- order on both), and SQLite 3.40's integrity check misreads a WITHOUT ROWID table whose key has a
-- column after the others.
CREATE TABLE bee_guesses_0020 (
    guild_id    INTEGER NOT NULL,
    puzzle_date TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    word        TEXT    NOT NULL,
    points      INTEGER NOT NULL CHECK (points > 0),
    pangram     INTEGER NOT NULL CHECK (pangram IN (0, 1)),
    guessed_at  TEXT    NOT NULL,  -- UTC, ISO 8601
    language    TEXT    NOT NULL DEFAULT 'en',
    PRIMARY KEY (guild_id, language, puzzle_date, user_id, word),
    FOREIGN KEY (language, puzzle_date) REFERENCES bee_puzzles_0020 (language, puzzle_date)
) STRICT;

INSERT INTO bee_guesses_0020 (guild_id, language, puzzle_date, user_id, word, points, pangram, guessed_at)
SELECT guild_id, 'en', puzzle_date, user_id, word, points, pangram, guessed_at FROM bee_guesses;

DROP TABLE bee_guesses;  -- its index and trigger go with it
DROP TABLE bee_puzzles;
ALTER TABLE bee_puzzles_0020 RENAME TO bee_puzzles;  -- bee_guesses_0020's key follows the name
ALTER TABLE bee_guesses_0020 RENAME TO bee_guesses;

CREATE INDEX bee_guesses_by_day ON bee_guesses (guild_id, language, puzzle_date, pangram);

-- Every accepted bee word adds to the player's day of its language's bee ('bee' is English's).
CREATE TRIGGER bee_guess_adds_to_player_day AFTER INSERT ON bee_guesses
BEGIN
    INSERT INTO player_days (game, guild_id, user_id, day, points, words, pangrams, max_points)
    VALUES (CASE NEW.language WHEN 'en' THEN 'bee' ELSE 'bee-' || NEW.language END,
            NEW.guild_id, NEW.user_id, NEW.puzzle_date, NEW.points, 1, NEW.pangram,
            (SELECT max_score FROM bee_puzzles WHERE language = NEW.language AND puzzle_date = NEW.puzzle_date))
    ON CONFLICT (game, guild_id, user_id, day) DO UPDATE SET
        points = points + excluded.points,
        words = words + 1,
        pangrams = pangrams + excluded.pangrams;
END;

CREATE TRIGGER bee_team_word_adds_to_player_day AFTER INSERT ON bee_team_words
BEGIN
    INSERT INTO player_days (game, guild_id, user_id, day, points, words, pangrams, max_points)
    VALUES ('bee-team', NEW.guild_id, NEW.user_id, NEW.puzzle_date, NEW.points, 1, NEW.pangram,
            (SELECT max_score FROM bee_puzzles WHERE language = 'en' AND puzzle_date = NEW.puzzle_date))
    ON CONFLICT (game, guild_id, user_id, day) DO UPDATE SET
        points = points + excluded.points,
        words = words + 1,
        pangrams = pangrams + excluded.pangrams;
END;
