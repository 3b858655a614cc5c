-- 0016: together days everywhere (issue 43). A player's Letter Boxed days played together, in
-- player_days under the game 'letterbox-team', as the bee's are under 'bee-team': every view (/stats, streaks, reminders)
-- reads a player's together days from one place. A player's together day is a day they played a
-- word in the team's chain: ``words`` counts the words they played (an undone word too: it was
-- played), ``points`` is the team's best solve of the day (0 until the team solves), as a solo
-- day's are the player's solve, of the same 24.

CREATE TRIGGER letterbox_team_word_adds_to_player_day AFTER INSERT ON letterbox_team_words
BEGIN
    INSERT INTO player_days (game, guild_id, user_id, day, points, words, pangrams, max_points)
    VALUES ('letterbox-team', NEW.guild_id, NEW.user_id, NEW.puzzle_date,
            COALESCE((SELECT points FROM letterbox_team_solves WHERE guild_id = NEW.guild_id
                      AND puzzle_date = NEW.puzzle_date), 0), 1, 0, 24)
    ON CONFLICT (game, guild_id, user_id, day) DO UPDATE SET words = words + 1;
END;

CREATE TRIGGER letterbox_team_solve_sets_player_days AFTER INSERT ON letterbox_team_solves
BEGIN
    UPDATE player_days SET points = NEW.points, pangrams = 1
    WHERE game = 'letterbox-team' AND guild_id = NEW.guild_id AND day = NEW.puzzle_date;
END;

CREATE TRIGGER letterbox_team_better_solve_sets_player_days AFTER UPDATE OF points ON letterbox_team_solves
BEGIN
    UPDATE player_days SET points = NEW.points, pangrams = 1
    WHERE game = 'letterbox-team' AND guild_id = NEW.guild_id AND day = NEW.puzzle_date;
END;

-- The together days played before this migration, from the chains as they stand.
INSERT INTO player_days (game, guild_id, user_id, day, points, words, pangrams, max_points)
SELECT 'letterbox-team', w.guild_id, w.user_id, w.puzzle_date, COALESCE(MAX(s.points), 0), COUNT(*),
       CASE WHEN MAX(s.points) IS NULL THEN 0 ELSE 1 END, 24
FROM letterbox_team_words AS w
LEFT JOIN letterbox_team_solves AS s ON s.guild_id = w.guild_id AND s.puzzle_date = w.puzzle_date
GROUP BY w.guild_id, w.user_id, w.puzzle_date
ON CONFLICT (game, guild_id, user_id, day) DO NOTHING;

-- When the full recap of a together day went into its thread (the next day's post is short and
-- points there): claimed once, before it is sent.
ALTER TABLE team_days ADD COLUMN recapped_at TEXT;
