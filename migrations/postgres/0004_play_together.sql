-- PostgreSQL 0004: SQLite's 0010, the daily games played together (see there).

CREATE TABLE bee_team_words (
    guild_id    BIGINT  NOT NULL,
    puzzle_date TEXT    NOT NULL,
    word        TEXT    NOT NULL,
    user_id     BIGINT  NOT NULL,
    points      INTEGER NOT NULL,
    pangram     INTEGER NOT NULL CHECK (pangram IN (0, 1)),
    found_at    TEXT    NOT NULL,
    PRIMARY KEY (guild_id, puzzle_date, word)
);

CREATE FUNCTION bee_team_word_adds_to_player_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO player_days AS d (game, guild_id, user_id, day, points, words, pangrams, max_points)
    VALUES ('bee-team', NEW.guild_id, NEW.user_id, NEW.puzzle_date, NEW.points, 1, NEW.pangram,
            (SELECT max_score FROM bee_puzzles WHERE puzzle_date = NEW.puzzle_date))
    ON CONFLICT (game, guild_id, user_id, day) DO UPDATE SET
        points = d.points + excluded.points,
        words = d.words + 1,
        pangrams = d.pangrams + excluded.pangrams;
    RETURN NULL;
END $$;
CREATE TRIGGER bee_team_word_adds_to_player_day AFTER INSERT ON bee_team_words
FOR EACH ROW EXECUTE FUNCTION bee_team_word_adds_to_player_day();

CREATE TABLE team_days (
    game        TEXT    NOT NULL,
    guild_id    BIGINT  NOT NULL,
    day         TEXT    NOT NULL,
    channel_id  BIGINT  NOT NULL,
    message_id  BIGINT,
    PRIMARY KEY (game, guild_id, day)
);
