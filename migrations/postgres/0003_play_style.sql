-- PostgreSQL 0003: SQLite's 0009, a play style per daily game and server ('solo' or 'together'),
-- held by the schedule for its next posts and by each day's post for that day.
ALTER TABLE daily_schedules ADD COLUMN play TEXT NOT NULL DEFAULT 'solo' CHECK (play IN ('solo', 'together'));
ALTER TABLE daily_posts ADD COLUMN play TEXT NOT NULL DEFAULT 'solo' CHECK (play IN ('solo', 'together'));
