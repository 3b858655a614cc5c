-- 0005: the daily Letter Boxed game. Its schedules and posts are the daily framework's
-- (daily_schedules, daily_posts with game = 'letterbox'); these tables hold its boxes, each
-- player's chain in progress and each player's best solve of a day, which feeds player_days.

-- Each date's box, stored the first time it is needed and never regenerated.
CREATE TABLE letterbox_puzzles (
    puzzle_date TEXT    PRIMARY KEY CHECK (puzzle_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    sides       TEXT    NOT NULL,   -- 'nrw bou efi lpt'
    par         INTEGER NOT NULL CHECK (par BETWEEN 2 AND 12),
    solution    TEXT    NOT NULL,   -- the published two words, 'powerful libertine'
    playable    INTEGER NOT NULL,   -- accepted words that can be played on the box
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

-- A player's chain of the day as it stands: the accepted words in order, saved at every word.
CREATE TABLE letterbox_chains (
    guild_id    INTEGER NOT NULL,
    puzzle_date TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    words       TEXT    NOT NULL DEFAULT '',  -- space-separated, in play order
    updated_at  TEXT    NOT NULL,
    PRIMARY KEY (guild_id, puzzle_date, user_id)
) STRICT, WITHOUT ROWID;

-- A player's best solve of the day (fewest words). A later solve replaces it only when shorter.
CREATE TABLE letterbox_solves (
    guild_id    INTEGER NOT NULL,
    puzzle_date TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    words       TEXT    NOT NULL,   -- the solving chain, space-separated
    word_count  INTEGER NOT NULL CHECK (word_count >= 1),
    points      INTEGER NOT NULL CHECK (points >= 1),
    solved_at   TEXT    NOT NULL,
    PRIMARY KEY (guild_id, puzzle_date, user_id)
) STRICT, WITHOUT ROWID;

-- The day's leaderboard row follows the best solve: points, words in the chain, one solve.
-- The maximum (24 points) is a two-word solve; the game's milestone, at or under par, is half of it.
CREATE TRIGGER letterbox_solve_adds_to_player_day AFTER INSERT ON letterbox_solves
BEGIN
    INSERT INTO player_days (game, guild_id, user_id, day, points, words, pangrams, max_points)
    VALUES ('letterbox', NEW.guild_id, NEW.user_id, NEW.puzzle_date, NEW.points, NEW.word_count, 1, 24)
    ON CONFLICT (game, guild_id, user_id, day) DO UPDATE SET
        points = excluded.points, words = excluded.words, pangrams = 1, max_points = 24;
END;

CREATE TRIGGER letterbox_better_solve_updates_player_day AFTER UPDATE OF points, word_count ON letterbox_solves
BEGIN
    UPDATE player_days SET points = NEW.points, words = NEW.word_count
    WHERE game = 'letterbox' AND guild_id = NEW.guild_id AND user_id = NEW.user_id AND day = NEW.puzzle_date;
END;
