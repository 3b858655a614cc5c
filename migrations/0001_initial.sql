-- 0001: per-guild settings and the bot's own key/value state.

CREATE TABLE guild_settings (
    guild_id        INTEGER PRIMARY KEY,
    anagram_lexicon TEXT    NOT NULL DEFAULT 'full' CHECK (anagram_lexicon IN ('full', 'common')),
    created_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

-- Small facts the bot keeps between runs, e.g. the hash of the last globally synced command tree.
CREATE TABLE bot_state (
    key        TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;
