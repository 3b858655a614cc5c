-- PostgreSQL 0009: a bee guess and a Letter Boxed play, each one call of a server-side function
-- (one round trip, one prepared statement), doing what the stores did in several statements.
-- Functions only: no table changes, and SQLite gets no migration (its stores run the same steps
-- in Python, in its writer thread: bot/games/bee/store.py, bot/games/letterbox/store.py).

-- Store an accepted bee word once per player and day, and give the player's day total after it.
-- The primary key decides what is new (a repeat, even a simultaneous one, inserts nothing); the
-- bee_guesses trigger adds a new word to player_days and holds that row until the commit, so the
-- total read next is exact: nothing else lands between the insert and the read.
CREATE FUNCTION wordbot_bee_guess(guild BIGINT, puzzle_day TEXT, player BIGINT, guessed TEXT, score INTEGER,
                                  is_pangram INTEGER, at TEXT, OUT inserted BOOLEAN, OUT total INTEGER)
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO bee_guesses (guild_id, puzzle_date, user_id, word, points, pangram, guessed_at)
    VALUES (guild, puzzle_day, player, guessed, score, is_pangram, at) ON CONFLICT DO NOTHING;
    inserted := FOUND;
    SELECT d.points INTO total FROM player_days AS d
    WHERE d.game = 'bee' AND d.guild_id = guild AND d.user_id = player AND d.day = puzzle_day;
    total := COALESCE(total, 0);
END $$;

-- A player's Letter Boxed play, as a compare-and-set: the bot judged the play against the chain
-- and best solve it expected (expected_chain, expected_best: words joined by spaces, '' for none);
-- when that is what is stored, the new chain and best solve are stored (the best only ever by one
-- of fewer words) and ``applied`` is true; otherwise nothing changes and the stored chain comes
-- back, for the bot to judge the play again. One play of a player at a time, across processes:
-- the same transaction lock as the stores' (hashtext of 'letterbox <guild> <day> <player>').
CREATE FUNCTION wordbot_letterbox_play(guild BIGINT, puzzle_day TEXT, player BIGINT, expected_chain TEXT,
                                       expected_best TEXT, new_chain TEXT, new_best TEXT, new_count INTEGER,
                                       new_points INTEGER, at TEXT,
                                       OUT applied BOOLEAN, OUT chain TEXT, OUT best TEXT, OUT points INTEGER)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
    PERFORM pg_advisory_xact_lock(hashtext('letterbox ' || guild || ' ' || puzzle_day || ' ' || player));
    SELECT c.words INTO chain FROM letterbox_chains AS c
    WHERE c.guild_id = guild AND c.puzzle_date = puzzle_day AND c.user_id = player;
    SELECT s.words, s.points INTO best, points FROM letterbox_solves AS s
    WHERE s.guild_id = guild AND s.puzzle_date = puzzle_day AND s.user_id = player;
    applied := COALESCE(chain, '') = expected_chain AND COALESCE(best, '') = expected_best;
    IF NOT applied THEN
        RETURN;
    END IF;
    IF new_chain <> COALESCE(chain, '') THEN
        INSERT INTO letterbox_chains AS c (guild_id, puzzle_date, user_id, words, updated_at)
        VALUES (guild, puzzle_day, player, new_chain, at)
        ON CONFLICT (guild_id, puzzle_date, user_id) DO UPDATE SET words = excluded.words, updated_at = excluded.updated_at;
    END IF;
    chain := new_chain;
    IF new_best <> '' AND new_best <> COALESCE(best, '') THEN
        INSERT INTO letterbox_solves AS s (guild_id, puzzle_date, user_id, words, word_count, points, solved_at)
        VALUES (guild, puzzle_day, player, new_best, new_count, new_points, at)
        ON CONFLICT (guild_id, puzzle_date, user_id) DO UPDATE SET words = excluded.words,
            word_count = excluded.word_count, points = excluded.points, solved_at = excluded.solved_at
        WHERE excluded.word_count < s.word_count;
        IF FOUND THEN
            best := new_best;
            points := new_points;
        END IF;
    END IF;
END $$;

-- Claim a server's daily post of a day (bot/daily/store.py, claim_post): a new claim, or the
-- take-over of an unconfirmed one whose retry time has come, its condition checked on the row the
-- upsert locks. The claim's attempts and first claim time; NULLs when there is no claim to take.
-- (PL/pgSQL, as every function here: it keeps its statements' plans for the session.)
CREATE FUNCTION wordbot_claim_post(the_game TEXT, guild BIGINT, the_day TEXT, channel BIGINT, at TEXT, retry TEXT,
                                   style TEXT, OUT attempts INTEGER, OUT first_claimed TEXT)
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO daily_posts AS p (game, guild_id, day, channel_id, posted_at, retry_at, play)
    VALUES (the_game, guild, the_day, channel, at, retry, style)
    ON CONFLICT (game, guild_id, day) DO UPDATE SET
        attempts = p.attempts + 1, retry_at = excluded.retry_at, channel_id = excluded.channel_id
    WHERE p.message_id IS NULL AND p.skipped IS NULL AND p.retry_at <= excluded.posted_at
    RETURNING p.attempts, p.posted_at INTO attempts, first_claimed;
END $$;

-- The post went out: its message, and no more retries. The number of posts changed (0 or 1).
CREATE FUNCTION wordbot_confirm_post(the_game TEXT, guild BIGINT, the_day TEXT, message BIGINT, OUT changed INTEGER)
LANGUAGE plpgsql AS $$
BEGIN
    UPDATE daily_posts SET message_id = message, retry_at = NULL
    WHERE game = the_game AND guild_id = guild AND day = the_day;
    GET DIAGNOSTICS changed = ROW_COUNT;
END $$;
