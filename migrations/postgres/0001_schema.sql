-- PostgreSQL 0001: the schema SQLite reaches with its migrations 0001-0007, in one step.
-- Column for column the same as SQLite's (a test compares them): Discord ids are BIGINT, dates
-- and times are TEXT in the same ISO 8601 forms, flags are INTEGER 0/1. The triggers that feed
-- player_days and keep the best tileset are PL/pgSQL; they fire only for rows really inserted
-- or updated, so a guess that hits ON CONFLICT DO NOTHING adds nothing.

-- The current time as SQLite's strftime('%Y-%m-%dT%H:%M:%fZ', 'now') gives it (bot/db/dialect.py).
CREATE FUNCTION wordbot_now() RETURNS TEXT LANGUAGE SQL STABLE
AS $$ SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;

CREATE TABLE guild_settings (
    guild_id        BIGINT  PRIMARY KEY,
    anagram_lexicon TEXT    NOT NULL DEFAULT 'full',
    timezone        TEXT,
    show_vulgar     INTEGER NOT NULL DEFAULT 0 CHECK (show_vulgar IN (0, 1)),
    created_at      TEXT    NOT NULL DEFAULT wordbot_now(),
    updated_at      TEXT    NOT NULL DEFAULT wordbot_now()
);

CREATE TABLE bot_state (
    key        TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    updated_at TEXT NOT NULL DEFAULT wordbot_now()
);

CREATE TABLE bee_puzzles (
    puzzle_date TEXT    PRIMARY KEY CHECK (puzzle_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    letters     TEXT    NOT NULL CHECK (length(letters) = 7),
    center      TEXT    NOT NULL CHECK (length(center) = 1),
    answers     TEXT    NOT NULL,
    max_score   INTEGER NOT NULL CHECK (max_score > 0),
    created_at  TEXT    NOT NULL DEFAULT wordbot_now()
);

CREATE TABLE bee_guesses (
    guild_id    BIGINT  NOT NULL,
    puzzle_date TEXT    NOT NULL REFERENCES bee_puzzles (puzzle_date),
    user_id     BIGINT  NOT NULL,
    word        TEXT    NOT NULL,
    points      INTEGER NOT NULL CHECK (points > 0),
    pangram     INTEGER NOT NULL CHECK (pangram IN (0, 1)),
    guessed_at  TEXT    NOT NULL,
    PRIMARY KEY (guild_id, puzzle_date, user_id, word)
);
CREATE INDEX bee_guesses_by_day ON bee_guesses (guild_id, puzzle_date, pangram);

CREATE TABLE player_days (
    game       TEXT    NOT NULL,
    guild_id   BIGINT  NOT NULL,
    user_id    BIGINT  NOT NULL,
    day        TEXT    NOT NULL,
    points     INTEGER NOT NULL DEFAULT 0,
    words      INTEGER NOT NULL DEFAULT 0,
    pangrams   INTEGER NOT NULL DEFAULT 0,
    max_points INTEGER,
    PRIMARY KEY (game, guild_id, user_id, day)
);
CREATE INDEX player_days_by_day ON player_days (game, guild_id, day, user_id, points, words, pangrams, max_points);

CREATE TABLE players (
    guild_id     BIGINT NOT NULL,
    user_id      BIGINT NOT NULL,
    display_name TEXT   NOT NULL,
    updated_at   TEXT   NOT NULL DEFAULT wordbot_now(),
    PRIMARY KEY (guild_id, user_id)
);

CREATE FUNCTION bee_guess_adds_to_player_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO player_days AS d (game, guild_id, user_id, day, points, words, pangrams, max_points)
    VALUES ('bee', NEW.guild_id, NEW.user_id, NEW.puzzle_date, NEW.points, 1, NEW.pangram,
            (SELECT max_score FROM bee_puzzles WHERE puzzle_date = NEW.puzzle_date))
    ON CONFLICT (game, guild_id, user_id, day) DO UPDATE SET
        points = d.points + excluded.points,
        words = d.words + 1,
        pangrams = d.pangrams + excluded.pangrams;
    RETURN NULL;
END $$;
CREATE TRIGGER bee_guess_adds_to_player_day AFTER INSERT ON bee_guesses
FOR EACH ROW EXECUTE FUNCTION bee_guess_adds_to_player_day();

CREATE TABLE daily_schedules (
    game       TEXT    NOT NULL,
    guild_id   BIGINT  NOT NULL,
    channel_id BIGINT  NOT NULL,
    post_time  TEXT    NOT NULL CHECK (post_time ~ '^[0-2][0-9]:[0-5][0-9]$'),
    active     INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    updated_by BIGINT  NOT NULL,
    updated_at TEXT    NOT NULL DEFAULT wordbot_now(),
    PRIMARY KEY (game, guild_id)
);
CREATE INDEX daily_schedules_active ON daily_schedules (active, game);

CREATE TABLE daily_posts (
    game       TEXT    NOT NULL,
    guild_id   BIGINT  NOT NULL,
    day        TEXT    NOT NULL CHECK (day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    channel_id BIGINT  NOT NULL,
    message_id BIGINT,
    posted_at  TEXT    NOT NULL DEFAULT wordbot_now(),
    attempts   INTEGER NOT NULL DEFAULT 1,
    retry_at   TEXT,
    skipped    TEXT,
    PRIMARY KEY (game, guild_id, day)
);

CREATE TABLE letterbox_puzzles (
    puzzle_date TEXT    PRIMARY KEY CHECK (puzzle_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    sides       TEXT    NOT NULL,
    par         INTEGER NOT NULL CHECK (par BETWEEN 2 AND 12),
    solution    TEXT    NOT NULL,
    playable    INTEGER NOT NULL,
    created_at  TEXT    NOT NULL DEFAULT wordbot_now()
);

CREATE TABLE letterbox_chains (
    guild_id    BIGINT NOT NULL,
    puzzle_date TEXT   NOT NULL,
    user_id     BIGINT NOT NULL,
    words       TEXT   NOT NULL DEFAULT '',
    updated_at  TEXT   NOT NULL,
    PRIMARY KEY (guild_id, puzzle_date, user_id)
);

CREATE TABLE letterbox_solves (
    guild_id    BIGINT  NOT NULL,
    puzzle_date TEXT    NOT NULL,
    user_id     BIGINT  NOT NULL,
    words       TEXT    NOT NULL,
    word_count  INTEGER NOT NULL CHECK (word_count >= 1),
    points      INTEGER NOT NULL CHECK (points >= 1),
    solved_at   TEXT    NOT NULL,
    PRIMARY KEY (guild_id, puzzle_date, user_id)
);

CREATE FUNCTION letterbox_solve_adds_to_player_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO player_days (game, guild_id, user_id, day, points, words, pangrams, max_points)
    VALUES ('letterbox', NEW.guild_id, NEW.user_id, NEW.puzzle_date, NEW.points, NEW.word_count, 1, 24)
    ON CONFLICT (game, guild_id, user_id, day) DO UPDATE SET
        points = excluded.points, words = excluded.words, pangrams = 1, max_points = 24;
    RETURN NULL;
END $$;
CREATE TRIGGER letterbox_solve_adds_to_player_day AFTER INSERT ON letterbox_solves
FOR EACH ROW EXECUTE FUNCTION letterbox_solve_adds_to_player_day();

CREATE FUNCTION letterbox_better_solve_updates_player_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE player_days SET points = NEW.points, words = NEW.word_count
    WHERE game = 'letterbox' AND guild_id = NEW.guild_id AND user_id = NEW.user_id AND day = NEW.puzzle_date;
    RETURN NULL;
END $$;
CREATE TRIGGER letterbox_better_solve_updates_player_day AFTER UPDATE OF points, word_count ON letterbox_solves
FOR EACH ROW EXECUTE FUNCTION letterbox_better_solve_updates_player_day();

CREATE TABLE tileset_best (
    lexicon      TEXT    NOT NULL,
    tile_count   INTEGER NOT NULL CHECK (tile_count BETWEEN 1 AND 200),
    tile_size    INTEGER NOT NULL CHECK (tile_size BETWEEN 1 AND 3),
    odd_policy   TEXT    NOT NULL CHECK (odd_policy IN ('skip', 'pad-end', 'pad-start', 'either')),
    vulgar       INTEGER NOT NULL DEFAULT 1 CHECK (vulgar IN (0, 1)),
    tiles        TEXT    NOT NULL,
    words        INTEGER NOT NULL CHECK (words >= 0),
    greedy_words INTEGER NOT NULL CHECK (greedy_words >= 0),
    bound        INTEGER CHECK (bound IS NULL OR bound >= words),
    seconds      DOUBLE PRECISION NOT NULL DEFAULT 0 CHECK (seconds >= 0),
    improved_by  BIGINT  NOT NULL,
    created_at   TEXT    NOT NULL DEFAULT wordbot_now(),
    updated_at   TEXT    NOT NULL DEFAULT wordbot_now(),
    PRIMARY KEY (lexicon, tile_count, tile_size, odd_policy, vulgar)
);

CREATE FUNCTION tileset_best_only_improves() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'a best known tileset only ever gets better' USING ERRCODE = 'integrity_constraint_violation';
END $$;
CREATE TRIGGER tileset_best_only_improves BEFORE UPDATE OF words ON tileset_best
FOR EACH ROW WHEN (NEW.words < OLD.words) EXECUTE FUNCTION tileset_best_only_improves();
