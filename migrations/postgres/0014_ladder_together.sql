-- PostgreSQL 0014: SQLite's 0019, the word ladder played together (see there).

CREATE TABLE ladder_team_words (
    guild_id    BIGINT  NOT NULL,
    puzzle_date TEXT    NOT NULL,
    position    INTEGER NOT NULL CHECK (position BETWEEN 0 AND 29),
    word        TEXT    NOT NULL,
    user_id     BIGINT  NOT NULL,
    played_at   TEXT    NOT NULL,
    PRIMARY KEY (guild_id, puzzle_date, position)
);

CREATE TABLE ladder_team_solves (
    guild_id    BIGINT  NOT NULL,
    puzzle_date TEXT    NOT NULL,
    words       TEXT    NOT NULL,
    players     TEXT    NOT NULL,
    word_count  INTEGER NOT NULL CHECK (word_count >= 1),
    points      INTEGER NOT NULL CHECK (points >= 1),
    solved_at   TEXT    NOT NULL,
    PRIMARY KEY (guild_id, puzzle_date)
);

CREATE TABLE ladder_team_restarts (
    guild_id    BIGINT  NOT NULL,
    puzzle_date TEXT    NOT NULL,
    user_id     BIGINT  NOT NULL,
    asked_at    TEXT    NOT NULL,
    PRIMARY KEY (guild_id, puzzle_date, user_id)
);

CREATE FUNCTION ladder_team_word_adds_to_player_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO player_days AS d (game, guild_id, user_id, day, points, words, pangrams, max_points)
    VALUES ('ladder-team', NEW.guild_id, NEW.user_id, NEW.puzzle_date,
            COALESCE((SELECT points FROM ladder_team_solves WHERE guild_id = NEW.guild_id
                      AND puzzle_date = NEW.puzzle_date), 0), 1, 0, 10)
    ON CONFLICT (game, guild_id, user_id, day) DO UPDATE SET words = d.words + 1;
    RETURN NULL;
END $$;
CREATE TRIGGER ladder_team_word_adds_to_player_day AFTER INSERT ON ladder_team_words
FOR EACH ROW EXECUTE FUNCTION ladder_team_word_adds_to_player_day();

CREATE FUNCTION ladder_team_solve_sets_player_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE player_days SET points = NEW.points, pangrams = 1
    WHERE game = 'ladder-team' AND guild_id = NEW.guild_id AND day = NEW.puzzle_date;
    RETURN NULL;
END $$;
CREATE TRIGGER ladder_team_solve_sets_player_days AFTER INSERT ON ladder_team_solves
FOR EACH ROW EXECUTE FUNCTION ladder_team_solve_sets_player_days();
CREATE TRIGGER ladder_team_better_solve_sets_player_days AFTER UPDATE OF points ON ladder_team_solves
FOR EACH ROW EXECUTE FUNCTION ladder_team_solve_sets_player_days();
