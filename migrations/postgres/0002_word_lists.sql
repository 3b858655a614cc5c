-- PostgreSQL 0002: SQLite's 0008, a server's own word lists and its players' word reports.
-- (This history's 0001 is SQLite's 0001-0007, so its numbers run behind SQLite's.)

CREATE TABLE guild_word_lists (
    guild_id    BIGINT  NOT NULL,
    name        TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 20),
    words       BYTEA   NOT NULL,
    word_count  INTEGER NOT NULL CHECK (word_count BETWEEN 1 AND 500000),
    digest      TEXT    NOT NULL,
    uploaded_by BIGINT  NOT NULL,
    created_at  TEXT    NOT NULL DEFAULT wordbot_now(),
    PRIMARY KEY (guild_id, name)
);

CREATE TABLE word_reports (
    guild_id   BIGINT  NOT NULL,
    word       TEXT    NOT NULL CHECK (length(word) BETWEEN 1 AND 45),
    reason     TEXT    NOT NULL CHECK (reason IN ('not a word', 'offensive', 'missing')),
    user_id    BIGINT  NOT NULL,
    created_at TEXT    NOT NULL DEFAULT wordbot_now(),
    PRIMARY KEY (guild_id, word, reason, user_id)
);
