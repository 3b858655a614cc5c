-- PostgreSQL 0013: SQLite's 0018, the daily word ladder (see there).

CREATE TABLE ladder_puzzles (
    puzzle_date      TEXT    PRIMARY KEY CHECK (puzzle_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    start_word       TEXT    NOT NULL,
    end_word         TEXT    NOT NULL,
    par              INTEGER NOT NULL CHECK (par BETWEEN 1 AND 30),
    ladder           TEXT    NOT NULL,
    ladders          INTEGER NOT NULL,
    everyday_ladders INTEGER NOT NULL,
    created_at       TEXT    NOT NULL DEFAULT wordbot_now()
);

CREATE TABLE ladder_climbs (
    guild_id    BIGINT  NOT NULL,
    puzzle_date TEXT    NOT NULL,
    user_id     BIGINT  NOT NULL,
    rungs       TEXT    NOT NULL DEFAULT '',
    started_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL,
    PRIMARY KEY (guild_id, puzzle_date, user_id)
);

CREATE TABLE ladder_solves (
    guild_id    BIGINT  NOT NULL,
    puzzle_date TEXT    NOT NULL,
    user_id     BIGINT  NOT NULL,
    rungs       TEXT    NOT NULL,
    rung_count  INTEGER NOT NULL CHECK (rung_count >= 1),
    points      INTEGER NOT NULL CHECK (points >= 1),
    seconds     INTEGER NOT NULL CHECK (seconds >= 0),
    solved_at   TEXT    NOT NULL,
    PRIMARY KEY (guild_id, puzzle_date, user_id)
);

CREATE FUNCTION ladder_solve_adds_to_player_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO player_days (game, guild_id, user_id, day, points, words, pangrams, max_points)
    VALUES ('ladder', NEW.guild_id, NEW.user_id, NEW.puzzle_date, NEW.points, NEW.rung_count, 1, 10)
    ON CONFLICT (game, guild_id, user_id, day) DO UPDATE SET
        points = excluded.points, words = excluded.words, pangrams = 1, max_points = 10;
    RETURN NULL;
END $$;
CREATE TRIGGER ladder_solve_adds_to_player_day AFTER INSERT ON ladder_solves
FOR EACH ROW EXECUTE FUNCTION ladder_solve_adds_to_player_day();

CREATE FUNCTION ladder_better_solve_updates_player_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE player_days SET points = NEW.points, words = NEW.rung_count
    WHERE game = 'ladder' AND guild_id = NEW.guild_id AND user_id = NEW.user_id AND day = NEW.puzzle_date;
    RETURN NULL;
END $$;
CREATE TRIGGER ladder_better_solve_updates_player_day AFTER UPDATE OF points, rung_count ON ladder_solves
FOR EACH ROW EXECUTE FUNCTION ladder_better_solve_updates_player_day();
