-- PostgreSQL 0010: SQLite's 0015, timers (issue 42), the one timer service's (bot/timers): "call me
-- at T with this payload", kept across restarts. Times are UTC ISO 8601 text, fixed width.
--
-- A timer is named by its kind (which feature's handler fires it) and a key of that kind's own;
-- setting a timer again moves it. ``guild_id``: the cluster running that server's shard fires it;
-- NULL is fired by the cluster running shard 0. ``claimed_until``: a process is firing it until
-- then; a process that died firing it leaves it to be fired again from then.
CREATE TABLE timers (
    kind          TEXT    NOT NULL,
    timer_key     TEXT    NOT NULL,
    guild_id      BIGINT,
    due_at        TEXT    NOT NULL,
    payload       TEXT    NOT NULL,
    claimed_until TEXT,
    attempts      INTEGER NOT NULL CHECK (attempts >= 0),
    created_at    TEXT    NOT NULL,
    PRIMARY KEY (kind, timer_key)
);

CREATE INDEX timers_due ON timers (due_at);
