-- 0006: the tileset optimiser's best known answers (/tiles, wordbot tileset), one per
-- (word list, tile count, tile size, odd-length policy). An answer only ever gets better: the
-- store replaces it only with one that makes more words, and a trigger refuses anything else.

CREATE TABLE tileset_best (
    lexicon      TEXT    NOT NULL,   -- a bundled list: 'full', 'common', 'huge'
    tile_count   INTEGER NOT NULL CHECK (tile_count BETWEEN 1 AND 200),
    tile_size    INTEGER NOT NULL CHECK (tile_size BETWEEN 1 AND 3),
    odd_policy   TEXT    NOT NULL CHECK (odd_policy IN ('skip', 'pad-end', 'pad-start', 'either')),
    tiles        TEXT    NOT NULL,   -- the best known tiles, sorted, space-separated: 'al ca co de ...'
    words        INTEGER NOT NULL CHECK (words >= 0),          -- the words they make
    greedy_words INTEGER NOT NULL CHECK (greedy_words >= 0),   -- the published greedy method's answer
    bound        INTEGER CHECK (bound IS NULL OR bound >= words),  -- proven upper bound; NULL: none computed
    seconds      REAL    NOT NULL DEFAULT 0 CHECK (seconds >= 0),  -- search time spent on this key, all runs
    improved_by  INTEGER NOT NULL,   -- who found the current answer: a Discord user id, 0 for the terminal
    created_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),  -- when the answer last improved
    PRIMARY KEY (lexicon, tile_count, tile_size, odd_policy)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER tileset_best_only_improves
BEFORE UPDATE OF words ON tileset_best
WHEN NEW.words < OLD.words
BEGIN
    SELECT RAISE(ABORT, 'a best known tileset only ever gets better');
END;
