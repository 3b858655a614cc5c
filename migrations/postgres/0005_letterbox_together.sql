-- PostgreSQL 0005: SQLite's 0011, Letter Boxed played together (see there).

CREATE TABLE letterbox_team_words (
    guild_id    BIGINT  NOT NULL,
    puzzle_date TEXT    NOT NULL,
    position    INTEGER NOT NULL CHECK (position BETWEEN 0 AND 19),
    word        TEXT    NOT NULL,
    user_id     BIGINT  NOT NULL,
    played_at   TEXT    NOT NULL,
    PRIMARY KEY (guild_id, puzzle_date, position)
);

CREATE TABLE letterbox_team_solves (
    guild_id    BIGINT  NOT NULL,
    puzzle_date TEXT    NOT NULL,
    words       TEXT    NOT NULL,
    players     TEXT    NOT NULL,
    word_count  INTEGER NOT NULL CHECK (word_count >= 1),
    points      INTEGER NOT NULL CHECK (points >= 1),
    solved_at   TEXT    NOT NULL,
    PRIMARY KEY (guild_id, puzzle_date)
);

CREATE TABLE letterbox_team_restarts (
    guild_id    BIGINT  NOT NULL,
    puzzle_date TEXT    NOT NULL,
    user_id     BIGINT  NOT NULL,
    asked_at    TEXT    NOT NULL,
    PRIMARY KEY (guild_id, puzzle_date, user_id)
);
