-- 0003: per-player daily totals for leaderboards and stats, for every game.
-- A game adds its rows under its own `game` name; nothing here is specific to the bee
-- except the trigger that feeds it from bee_guesses.

CREATE TABLE player_days (
    game       TEXT    NOT NULL,            -- 'bee', ...
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    day        TEXT    NOT NULL,            -- the guild's local date of play, YYYY-MM-DD
    points     INTEGER NOT NULL DEFAULT 0,
    words      INTEGER NOT NULL DEFAULT 0,
    pangrams   INTEGER NOT NULL DEFAULT 0,
    max_points INTEGER,                     -- the day's maximum score, when the game has one
    PRIMARY KEY (game, guild_id, user_id, day)
) STRICT, WITHOUT ROWID;

-- Leaderboards: one guild, a range of days, summed per player.
CREATE INDEX player_days_by_day ON player_days (game, guild_id, day, user_id, points, words, pangrams, max_points);

-- Who a player was when last seen (for the command line; Discord shows live mentions).
CREATE TABLE players (
    guild_id     INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    display_name TEXT    NOT NULL,
    updated_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (guild_id, user_id)
) STRICT, WITHOUT ROWID;

-- Every accepted bee word adds to the player's day, in the same statement as the guess.
CREATE TRIGGER bee_guess_adds_to_player_day AFTER INSERT ON bee_guesses
BEGIN
    INSERT INTO player_days (game, guild_id, user_id, day, points, words, pangrams, max_points)
    VALUES ('bee', NEW.guild_id, NEW.user_id, NEW.puzzle_date, NEW.points, 1, NEW.pangram,
            (SELECT max_score FROM bee_puzzles WHERE puzzle_date = NEW.puzzle_date))
    ON CONFLICT (game, guild_id, user_id, day) DO UPDATE SET
        points = points + excluded.points,
        words = words + 1,
        pangrams = pangrams + excluded.pangrams;
END;

-- Days played before this migration.
INSERT INTO player_days (game, guild_id, user_id, day, points, words, pangrams, max_points)
SELECT 'bee', g.guild_id, g.user_id, g.puzzle_date, SUM(g.points), COUNT(*), SUM(g.pangram), p.max_score
FROM bee_guesses AS g JOIN bee_puzzles AS p ON p.puzzle_date = g.puzzle_date
GROUP BY g.guild_id, g.user_id, g.puzzle_date;
