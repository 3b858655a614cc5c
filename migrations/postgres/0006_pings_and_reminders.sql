-- PostgreSQL 0006: SQLite's 0012, a role pinged with each daily post, and the players' streak
-- reminders (see there).
ALTER TABLE daily_schedules ADD COLUMN ping_role_id BIGINT;

CREATE TABLE streak_reminders (
    guild_id   BIGINT  NOT NULL,
    user_id    BIGINT  NOT NULL,
    asked_at   TEXT    NOT NULL DEFAULT wordbot_now(),
    PRIMARY KEY (guild_id, user_id)
);

CREATE TABLE streak_reminders_sent (
    guild_id   BIGINT  NOT NULL,
    user_id    BIGINT  NOT NULL,
    game       TEXT    NOT NULL,
    day        TEXT    NOT NULL CHECK (day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    sent_at    TEXT    NOT NULL,
    outcome    TEXT    NOT NULL DEFAULT 'claimed',
    PRIMARY KEY (guild_id, user_id, game, day)
);
