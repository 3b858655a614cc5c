-- PostgreSQL 0015: SQLite's 0020, a daily bee in each language (see there). PostgreSQL changes
-- the keys in place; the guess routine takes the guess's language.

ALTER TABLE bee_guesses DROP CONSTRAINT bee_guesses_puzzle_date_fkey;
ALTER TABLE bee_guesses DROP CONSTRAINT bee_guesses_pkey;
ALTER TABLE bee_puzzles DROP CONSTRAINT bee_puzzles_pkey;

ALTER TABLE bee_puzzles ADD COLUMN language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'fr', 'de', 'es'));
ALTER TABLE bee_puzzles ADD PRIMARY KEY (language, puzzle_date);

ALTER TABLE bee_guesses ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
ALTER TABLE bee_guesses ADD PRIMARY KEY (guild_id, language, puzzle_date, user_id, word);
ALTER TABLE bee_guesses ADD FOREIGN KEY (language, puzzle_date) REFERENCES bee_puzzles (language, puzzle_date);

DROP INDEX bee_guesses_by_day;
CREATE INDEX bee_guesses_by_day ON bee_guesses (guild_id, language, puzzle_date, pangram);

CREATE OR REPLACE FUNCTION bee_guess_adds_to_player_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO player_days AS d (game, guild_id, user_id, day, points, words, pangrams, max_points)
    VALUES (CASE NEW.language WHEN 'en' THEN 'bee' ELSE 'bee-' || NEW.language END,
            NEW.guild_id, NEW.user_id, NEW.puzzle_date, NEW.points, 1, NEW.pangram,
            (SELECT max_score FROM bee_puzzles WHERE language = NEW.language AND puzzle_date = NEW.puzzle_date))
    ON CONFLICT (game, guild_id, user_id, day) DO UPDATE SET
        points = d.points + excluded.points,
        words = d.words + 1,
        pangrams = d.pangrams + excluded.pangrams;
    RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION bee_team_word_adds_to_player_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO player_days AS d (game, guild_id, user_id, day, points, words, pangrams, max_points)
    VALUES ('bee-team', NEW.guild_id, NEW.user_id, NEW.puzzle_date, NEW.points, 1, NEW.pangram,
            (SELECT max_score FROM bee_puzzles WHERE language = 'en' AND puzzle_date = NEW.puzzle_date))
    ON CONFLICT (game, guild_id, user_id, day) DO UPDATE SET
        points = d.points + excluded.points,
        words = d.words + 1,
        pangrams = d.pangrams + excluded.pangrams;
    RETURN NULL;
END $$;

-- The guess routine of 0009 (see there), with the guess's language and its bee's player_days game.
DROP FUNCTION wordbot_bee_guess(BIGINT, TEXT, BIGINT, TEXT, INTEGER, INTEGER, TEXT);
CREATE FUNCTION wordbot_bee_guess(guild BIGINT, lang TEXT, puzzle_day TEXT, player BIGINT, guessed TEXT,
                                  score INTEGER, is_pangram INTEGER, at TEXT, OUT inserted BOOLEAN, OUT total INTEGER)
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO bee_guesses (guild_id, language, puzzle_date, user_id, word, points, pangram, guessed_at)
    VALUES (guild, lang, puzzle_day, player, guessed, score, is_pangram, at) ON CONFLICT DO NOTHING;
    inserted := FOUND;
    SELECT d.points INTO total FROM player_days AS d
    WHERE d.game = CASE lang WHEN 'en' THEN 'bee' ELSE 'bee-' || lang END
      AND d.guild_id = guild AND d.user_id = player AND d.day = puzzle_day;
    total := COALESCE(total, 0);
END $$;
