-- PostgreSQL 0008: SQLite's 0014, study, a private spaced-repetition deck for every player (issue 34). The deck is the
-- player's, not a server's: no guild_id. Times are UTC ISO 8601 text (text order is time order).

-- A player's study settings (a player without a row has the defaults). ``misses_since``: the
-- quiz misses from this time on go into the deck (while from_misses is on); '' = all of them.
CREATE TABLE study_settings (
    user_id         BIGINT  NOT NULL PRIMARY KEY,
    retention       DOUBLE PRECISION    NOT NULL CHECK (retention > 0.5 AND retention < 1),
    new_per_day     INTEGER NOT NULL CHECK (new_per_day BETWEEN 0 AND 1000),
    reviews_per_day INTEGER NOT NULL CHECK (reviews_per_day BETWEEN 0 AND 10000),
    from_misses     INTEGER NOT NULL CHECK (from_misses IN (0, 1)),
    remind_at       TEXT    CHECK (remind_at ~ '^[0-2][0-9]:[0-5][0-9]$'),  -- local HH:MM; NULL: no reminder
    zone            TEXT    NOT NULL,                                         -- IANA name
    in_dm           INTEGER NOT NULL CHECK (in_dm IN (0, 1)),
    lexicon         TEXT    NOT NULL,
    misses_since    TEXT    NOT NULL,
    updated_at      TEXT    NOT NULL
);

-- A card: an alphagram (answered with every word it makes) or a word (its prompt the bee's
-- hive, centre letter first). ``card_id`` is given by the store (the largest so far plus one).
-- The FSRS card's fields are columns (state 0 = new, else fsrs.State); reps and lapses are ours.
CREATE TABLE study_cards (
    card_id     INTEGER NOT NULL PRIMARY KEY,
    user_id     BIGINT  NOT NULL,
    kind        TEXT    NOT NULL CHECK (kind IN ('alphagram', 'word')),
    lexicon     TEXT    NOT NULL,
    card_key    TEXT    NOT NULL,   -- the alphagram, or the word
    prompt      TEXT    NOT NULL,   -- the alphagram, or the hive
    answers     TEXT    NOT NULL,   -- space-separated, alphabetical
    source      TEXT    NOT NULL,   -- 'miss', 'set', 'bee', 'import'
    added_at    TEXT    NOT NULL,
    state       INTEGER NOT NULL CHECK (state BETWEEN 0 AND 3),
    step        INTEGER,
    stability   DOUBLE PRECISION,
    difficulty  DOUBLE PRECISION,
    due         TEXT,               -- NULL: a new card, never reviewed
    last_review TEXT,
    reps        INTEGER NOT NULL CHECK (reps >= 0),
    lapses      INTEGER NOT NULL CHECK (lapses >= 0),
    UNIQUE (user_id, kind, lexicon, card_key)
);
CREATE INDEX study_cards_due ON study_cards (user_id, due, card_id, state);  -- state: the stats count it from here
CREATE INDEX study_cards_added ON study_cards (user_id, source, added_at);

-- Every review: the card's review number ``reps_before`` makes a repeated submit one review.
-- It keeps the card as it was before (to regrade from) and the player's local day then (the
-- daily limits, the streak). ``answer_rating``: the grade the answer earned, kept after a regrade.
CREATE TABLE study_reviews (
    review_id          INTEGER NOT NULL PRIMARY KEY,
    card_id            INTEGER NOT NULL,
    user_id            BIGINT  NOT NULL,
    reps_before        INTEGER NOT NULL,
    reviewed_at        TEXT    NOT NULL,
    local_day          TEXT    NOT NULL CHECK (local_day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    seconds            DOUBLE PRECISION    NOT NULL,
    right_words        TEXT    NOT NULL,
    missed_words       TEXT    NOT NULL,
    extra_words        TEXT    NOT NULL,
    rating             INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 4),
    answer_rating      INTEGER NOT NULL CHECK (answer_rating BETWEEN 1 AND 4),
    graded_by          TEXT    NOT NULL CHECK (graded_by IN ('answer', 'player')),
    before_state       INTEGER NOT NULL,
    before_step        INTEGER,
    before_stability   DOUBLE PRECISION,
    before_difficulty  DOUBLE PRECISION,
    before_due         TEXT,
    before_last_review TEXT,
    before_lapses      INTEGER NOT NULL,
    next_due           TEXT    NOT NULL,
    UNIQUE (card_id, reps_before)
);
CREATE INDEX study_reviews_days ON study_reviews (user_id, local_day);

-- The daily reminder, claimed once per player and local day.
CREATE TABLE study_reminders (
    user_id    BIGINT  NOT NULL,
    day        TEXT    NOT NULL CHECK (day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    claimed_at TEXT    NOT NULL,
    PRIMARY KEY (user_id, day)
);

-- A player's quiz misses, read by study as they come.
CREATE INDEX quiz_misses_by_player ON quiz_misses (user_id, missed_at);
