-- PostgreSQL 0016: SQLite's 0021, a daily word ladder and Letter Boxed in each language (see there). PostgreSQL
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

-- Letter Boxed likewise; its play routine (0009) takes the play's language.
ALTER TABLE letterbox_puzzles DROP CONSTRAINT letterbox_puzzles_pkey;
ALTER TABLE letterbox_puzzles ADD COLUMN language TEXT NOT NULL DEFAULT 'en'
    CHECK (language IN ('en', 'fr', 'de', 'es'));
ALTER TABLE letterbox_puzzles ADD PRIMARY KEY (language, puzzle_date);

ALTER TABLE letterbox_chains DROP CONSTRAINT letterbox_chains_pkey;
ALTER TABLE letterbox_chains ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
ALTER TABLE letterbox_chains ADD PRIMARY KEY (guild_id, language, puzzle_date, user_id);

ALTER TABLE letterbox_solves DROP CONSTRAINT letterbox_solves_pkey;
ALTER TABLE letterbox_solves ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
ALTER TABLE letterbox_solves ADD PRIMARY KEY (guild_id, language, puzzle_date, user_id);

CREATE OR REPLACE FUNCTION letterbox_solve_adds_to_player_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO player_days (game, guild_id, user_id, day, points, words, pangrams, max_points)
    VALUES (CASE NEW.language WHEN 'en' THEN 'letterbox' ELSE 'letterbox-' || NEW.language END,
            NEW.guild_id, NEW.user_id, NEW.puzzle_date, NEW.points, NEW.word_count, 1, 24)
    ON CONFLICT (game, guild_id, user_id, day) DO UPDATE SET
        points = excluded.points, words = excluded.words, pangrams = 1, max_points = 24;
    RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION letterbox_better_solve_updates_player_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE player_days SET points = NEW.points, words = NEW.word_count
    WHERE game = (CASE NEW.language WHEN 'en' THEN 'letterbox' ELSE 'letterbox-' || NEW.language END)
      AND guild_id = NEW.guild_id AND user_id = NEW.user_id AND day = NEW.puzzle_date;
    RETURN NULL;
END $$;

DROP FUNCTION wordbot_letterbox_play(BIGINT, TEXT, BIGINT, TEXT, TEXT, TEXT, TEXT, INTEGER, INTEGER, TEXT);
CREATE FUNCTION wordbot_letterbox_play(guild BIGINT, lang TEXT, puzzle_day TEXT, player BIGINT, expected_chain TEXT,
                                       expected_best TEXT, new_chain TEXT, new_best TEXT, new_count INTEGER,
                                       new_points INTEGER, at TEXT,
                                       OUT applied BOOLEAN, OUT chain TEXT, OUT best TEXT, OUT points INTEGER)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
    PERFORM pg_advisory_xact_lock(hashtext('letterbox ' || guild || ' ' || lang || ' ' || puzzle_day || ' ' || player));
    SELECT c.words INTO chain FROM letterbox_chains AS c
    WHERE c.guild_id = guild AND c.language = lang AND c.puzzle_date = puzzle_day AND c.user_id = player;
    SELECT s.words, s.points INTO best, points FROM letterbox_solves AS s
    WHERE s.guild_id = guild AND s.language = lang AND s.puzzle_date = puzzle_day AND s.user_id = player;
    applied := COALESCE(chain, '') = expected_chain AND COALESCE(best, '') = expected_best;
    IF NOT applied THEN
        RETURN;
    END IF;
    IF new_chain <> COALESCE(chain, '') THEN
        INSERT INTO letterbox_chains AS c (guild_id, language, puzzle_date, user_id, words, updated_at)
        VALUES (guild, lang, puzzle_day, player, new_chain, at)
        ON CONFLICT (guild_id, language, puzzle_date, user_id)
        DO UPDATE SET words = excluded.words, updated_at = excluded.updated_at;
    END IF;
    chain := new_chain;
    IF new_best <> '' AND new_best <> COALESCE(best, '') THEN
        INSERT INTO letterbox_solves AS s (guild_id, language, puzzle_date, user_id, words, word_count, points,
                                           solved_at)
        VALUES (guild, lang, puzzle_day, player, new_best, new_count, new_points, at)
        ON CONFLICT (guild_id, language, puzzle_date, user_id) DO UPDATE SET words = excluded.words,
            word_count = excluded.word_count, points = excluded.points, solved_at = excluded.solved_at
        WHERE excluded.word_count < s.word_count;
        IF FOUND THEN
            best := new_best;
            points := new_points;
        END IF;
    END IF;
END $$;
