-- 0008: a server's own word lists (/lists, wordbot lists) and the words its players report
-- (/report, wordbot reports). A list is stored whole, compressed: zlib of its sorted words joined
-- by newlines; ``digest`` is the hash of those bytes (a process's cache knows a changed list by
-- it). At most 3 lists a server: the store checks that in the transaction that adds one.

CREATE TABLE guild_word_lists (
    guild_id    INTEGER NOT NULL,
    name        TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 20),
    words       BLOB    NOT NULL,
    word_count  INTEGER NOT NULL CHECK (word_count BETWEEN 1 AND 500000),
    digest      TEXT    NOT NULL,
    uploaded_by INTEGER NOT NULL,   -- a Discord user id, 0 for the terminal
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (guild_id, name)
) STRICT;

CREATE TABLE word_reports (
    guild_id   INTEGER NOT NULL,
    word       TEXT    NOT NULL CHECK (length(word) BETWEEN 1 AND 45),
    reason     TEXT    NOT NULL CHECK (reason IN ('not a word', 'offensive', 'missing')),
    user_id    INTEGER NOT NULL,
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (guild_id, word, reason, user_id)   -- one report of a word for one reason per person
) STRICT, WITHOUT ROWID;
