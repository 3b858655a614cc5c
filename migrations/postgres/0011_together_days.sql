-- PostgreSQL 0011: SQLite's 0016, a player's Letter Boxed days played together in player_days
-- under 'letterbox-team' (see there).

CREATE FUNCTION letterbox_team_word_adds_to_player_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO player_days AS d (game, guild_id, user_id, day, points, words, pangrams, max_points)
    VALUES ('letterbox-team', NEW.guild_id, NEW.user_id, NEW.puzzle_date,
            COALESCE((SELECT points FROM letterbox_team_solves WHERE guild_id = NEW.guild_id
                      AND puzzle_date = NEW.puzzle_date), 0), 1, 0, 24)
    ON CONFLICT (game, guild_id, user_id, day) DO UPDATE SET words = d.words + 1;
    RETURN NULL;
END $$;
CREATE TRIGGER letterbox_team_word_adds_to_player_day AFTER INSERT ON letterbox_team_words
FOR EACH ROW EXECUTE FUNCTION letterbox_team_word_adds_to_player_day();

CREATE FUNCTION letterbox_team_solve_sets_player_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE player_days SET points = NEW.points, pangrams = 1
    WHERE game = 'letterbox-team' AND guild_id = NEW.guild_id AND day = NEW.puzzle_date;
    RETURN NULL;
END $$;
CREATE TRIGGER letterbox_team_solve_sets_player_days AFTER INSERT ON letterbox_team_solves
FOR EACH ROW EXECUTE FUNCTION letterbox_team_solve_sets_player_days();
CREATE TRIGGER letterbox_team_better_solve_sets_player_days AFTER UPDATE OF points ON letterbox_team_solves
FOR EACH ROW EXECUTE FUNCTION letterbox_team_solve_sets_player_days();

INSERT INTO player_days (game, guild_id, user_id, day, points, words, pangrams, max_points)
SELECT 'letterbox-team', w.guild_id, w.user_id, w.puzzle_date, COALESCE(MAX(s.points), 0), COUNT(*),
       CASE WHEN MAX(s.points) IS NULL THEN 0 ELSE 1 END, 24
FROM letterbox_team_words AS w
LEFT JOIN letterbox_team_solves AS s ON s.guild_id = w.guild_id AND s.puzzle_date = w.puzzle_date
GROUP BY w.guild_id, w.user_id, w.puzzle_date
ON CONFLICT (game, guild_id, user_id, day) DO NOTHING;

ALTER TABLE team_days ADD COLUMN recapped_at TEXT;
