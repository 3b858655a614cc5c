-- PostgreSQL 0016: SQLite's 0021, a daily word ladder in each language (see there). PostgreSQL
-- changes the keys in place; the triggers' functions name the solve's language's game.

ALTER TABLE ladder_puzzles DROP CONSTRAINT ladder_puzzles_pkey;
ALTER TABLE ladder_puzzles ADD COLUMN language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'fr', 'de', 'es'));
ALTER TABLE ladder_puzzles ADD PRIMARY KEY (language, puzzle_date);

ALTER TABLE ladder_climbs DROP CONSTRAINT ladder_climbs_pkey;
ALTER TABLE ladder_climbs ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
ALTER TABLE ladder_climbs ADD PRIMARY KEY (guild_id, language, puzzle_date, user_id);

ALTER TABLE ladder_solves DROP CONSTRAINT ladder_solves_pkey;
ALTER TABLE ladder_solves ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
ALTER TABLE ladder_solves ADD PRIMARY KEY (guild_id, language, puzzle_date, user_id);

CREATE OR REPLACE FUNCTION ladder_solve_adds_to_player_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO player_days (game, guild_id, user_id, day, points, words, pangrams, max_points)
    VALUES (CASE NEW.language WHEN 'en' THEN 'ladder' ELSE 'ladder-' || NEW.language END,
            NEW.guild_id, NEW.user_id, NEW.puzzle_date, NEW.points, NEW.rung_count, 1, 10)
    ON CONFLICT (game, guild_id, user_id, day) DO UPDATE SET
        points = excluded.points, words = excluded.words, pangrams = 1, max_points = 10;
    RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION ladder_better_solve_updates_player_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE player_days SET points = NEW.points, words = NEW.rung_count
    WHERE game = (CASE NEW.language WHEN 'en' THEN 'ladder' ELSE 'ladder-' || NEW.language END)
      AND guild_id = NEW.guild_id AND user_id = NEW.user_id AND day = NEW.puzzle_date;
    RETURN NULL;
END $$;
