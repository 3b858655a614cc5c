-- 0007: a best known tileset per word list with or without its vulgar words. /tiles in a server
-- that hides vulgar words searches the list less them (its word counts and word lists show no
-- hidden word), so its answers are kept apart from those counting every word (the terminal, and
-- servers that show them). Every answer stored before counted every word: vulgar = 1.

CREATE TABLE tileset_best_0007 (
    lexicon      TEXT    NOT NULL,
    tile_count   INTEGER NOT NULL CHECK (tile_count BETWEEN 1 AND 200),
    tile_size    INTEGER NOT NULL CHECK (tile_size BETWEEN 1 AND 3),
    odd_policy   TEXT    NOT NULL CHECK (odd_policy IN ('skip', 'pad-end', 'pad-start', 'either')),
    vulgar       INTEGER NOT NULL DEFAULT 1 CHECK (vulgar IN (0, 1)),  -- 1: vulgar words count; 0: left out
    tiles        TEXT    NOT NULL,
    words        INTEGER NOT NULL CHECK (words >= 0),
    greedy_words INTEGER NOT NULL CHECK (greedy_words >= 0),
    bound        INTEGER CHECK (bound IS NULL OR bound >= words),
    seconds      REAL    NOT NULL DEFAULT 0 CHECK (seconds >= 0),
    improved_by  INTEGER NOT NULL,
    created_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (lexicon, tile_count, tile_size, odd_policy, vulgar)
) STRICT, WITHOUT ROWID;

INSERT INTO tileset_best_0007 (lexicon, tile_count, tile_size, odd_policy, vulgar, tiles, words, greedy_words,
                               bound, seconds, improved_by, created_at, updated_at)
SELECT lexicon, tile_count, tile_size, odd_policy, 1, tiles, words, greedy_words, bound, seconds, improved_by,
       created_at, updated_at
FROM tileset_best;

DROP TABLE tileset_best;  -- its trigger goes with it
ALTER TABLE tileset_best_0007 RENAME TO tileset_best;

CREATE TRIGGER tileset_best_only_improves
BEFORE UPDATE OF words ON tileset_best
WHEN NEW.words < OLD.words
BEGIN
    SELECT RAISE(ABORT, 'a best known tileset only ever gets better');
END;
