"""The daily Letter Boxed game over a real SQLite store: judging, chains, solves, scores, upgrades."""

import asyncio
import datetime as dt
import sqlite3

import pytest

from bot.chat.words import MAX_WORD_CHARS, typed_words
from bot.daily.calendar import DailyCalendar
from bot.db import open_database, sqlite_schema as database
from bot.games.letterbox.game import MAX_CHAIN, LetterBoxedGame, Ruling, points
from solvers import letterbox
from solvers.letterbox import Box, DailyBox
from solvers.lexicon import Lexicon
from tests.clock import Clock

DAY = dt.date(2026, 11, 23)
PUBLISHED = DailyBox(DAY, Box(("tuw", "bno", "efi", "lpr")), 5, ("powerful", "libertine"), 1000)
"""The box a server was given on DAY: stored when it was first posted, it is the day's box for good,
whatever a later release's lists would generate."""
G, U = 1, 10


@pytest.fixture
async def game(db_target):
    db = await open_database(db_target)
    calendar = DailyCalendar(db, clock=Clock(dt.datetime(2026, 11, 23, 12, tzinfo=dt.UTC)))
    game = LetterBoxedGame(db, Lexicon.load("common"), Lexicon.load("full"), calendar)
    await game.store.save_puzzle(PUBLISHED)
    yield game
    await db.close()


async def player_day(game, user=U):
    return [tuple(row) for row in await game.store.db.fetch_all(
        "SELECT points, words, pangrams, max_points FROM player_days WHERE game = 'letterbox' "
        "AND guild_id = ? AND user_id = ?", (G, user))]


@pytest.mark.parametrize(("par", "expected"), [(4, [24, 24, 18, 12, 9, 6, 3, 1, 1]),
                                               (5, [24, 24, 20, 16, 12, 9, 6, 3, 1]),
                                               (6, [24, 24, 21, 18, 15, 12, 9, 6, 3])])
def test_points_reward_fewer_words(par, expected):
    assert [points(n, par) for n in range(1, 10)] == expected


def test_a_chain_is_read_however_it_is_typed():
    assert typed_words(" Powerful, LIBERTINE ").words == ("powerful", "libertine")
    assert typed_words("powerful-libertine") == typed_words("powerful → libertine") == typed_words("powerful/libertine")
    assert typed_words("x" * 10_000).words == ("x" * MAX_WORD_CHARS,)


async def test_the_box_is_generated_once_and_stored(game):
    assert await game.puzzle(DAY) == PUBLISHED  # as stored
    later = DAY + dt.timedelta(days=1)
    assert await game.store.get_puzzle(later) is None
    puzzle = await game.puzzle(later)
    assert puzzle == letterbox.generate(later)
    assert await game.store.get_puzzle(later) == puzzle


async def test_each_kind_of_refusal_says_why(game):
    puzzle = await game.puzzle(DAY)
    assert puzzle.box.sides == ("tuw", "bno", "efi", "lpr")
    cases = {
        "pow3r": "Words are letters A–Z only; remove '3'.",
        "ow": "OW is too short",
        "tubs": "S is not on the box.",
        "tutu": "T and U are on the same side",
        "tolbe": "TOLBE is not in the word list.",
    }
    for word, reason in cases.items():
        result = await game.play(G, U, DAY, word)
        assert result.outcome is Ruling.REFUSED and reason in result.refused.reason, word
        assert result.chain == ()
    first = await game.play(G, U, DAY, "powerful")
    assert first.outcome is Ruling.PLAYED and first.chain == ("powerful",) and first.letters_left == "tbni"
    wrong_start = await game.play(G, U, DAY, "tribe")
    assert wrong_start.refused.reason == "TRIBE must start with L, the last letter of POWERFUL."
    assert (await game.state(G, U, DAY)).chain == ("powerful",)


async def test_vulgar_words_are_never_accepted(game):
    date = DAY + dt.timedelta(days=30)
    await game.store.save_puzzle(DailyBox(date, Box(("cle", "rnd", "aio", "pst")), 5, ("x", "y"), 999))
    # the raw list has it
    assert letterbox.check_word(Lexicon.load("full"), Box(("cle", "rnd", "aio", "pst")), "crap").ok
    result = await game.play(G, U, date, "crap")
    assert result.outcome is Ruling.REFUSED and result.refused.reason == "CRAP is not in the word list."
    assert not game.accepted.vulgar.any()


async def test_a_whole_chain_at_once_and_a_refusal_in_the_middle(game, tmp_path):
    result = await game.play(G, U, DAY, "powerful lit bone")
    assert result.outcome is Ruling.REFUSED and result.played == ("powerful", "lit")
    assert result.refused.word == "bone" and result.unplayed == ()
    result = await game.play(G, 11, DAY, "powerful lute zzz libertine")
    assert result.played == ("powerful",) and result.unplayed == ("zzz", "libertine")
    solved = await game.play(G, 12, DAY, "POWERFUL LIBERTINE extra")
    assert solved.outcome is Ruling.SOLVED and solved.new_best and solved.unplayed == ("extra",)
    assert solved.best.word_count == 2 and solved.best.points == 24
    assert await player_day(game, 12) == [(24, 2, 1, 24)]


async def test_undo_restart_and_a_better_solve(game, tmp_path):
    await game.play(G, U, DAY, "powerful")
    await game.play(G, U, DAY, "lint")
    removed, state = await game.undo(G, U, DAY)
    assert removed == "lint" and state.chain == ("powerful",)
    for word in ("lit", "tin", "nub"):  # POWERFUL LIT TIN NUB: 4 words, par 5
        result = await game.play(G, U, DAY, word)
    assert result.outcome is Ruling.SOLVED and result.best.points == 16 and result.new_best
    assert await player_day(game) == [(16, 4, 1, 24)]
    after = await game.play(G, U, DAY, "ebb")
    assert after.outcome is Ruling.ALREADY_SOLVED and after.chain == ("powerful", "lit", "tin", "nub")
    cleared, state = await game.restart(G, U, DAY)
    assert cleared == 4 and state.chain == () and state.best.word_count == 4
    worse = await game.play(G, U, DAY, "powerful lit tint tin nub")
    assert worse.outcome is Ruling.SOLVED and not worse.new_best and worse.best.word_count == 4
    assert await player_day(game) == [(16, 4, 1, 24)]  # the best only gets better
    await game.restart(G, U, DAY)
    better = await game.play(G, U, DAY, "powerful libertine")
    assert better.new_best and better.previous_best.word_count == 4
    assert await player_day(game) == [(24, 2, 1, 24)]
    assert (await game.undo(G, U, DAY))[0] == "libertine"


async def test_simultaneous_plays_of_one_player_apply_one_after_the_other(game):
    results = await asyncio.gather(*(game.play(G, U, DAY, "powerful") for _ in range(8)))
    assert sorted(r.outcome.value for r in results) == ["played"] + ["refused"] * 7
    assert (await game.state(G, U, DAY)).chain == ("powerful",)


async def test_a_chain_has_at_most_twenty_words(game):
    await game.play(G, U, DAY, " ".join(["pep"] * MAX_CHAIN))
    result = await game.play(G, U, DAY, "pep")
    assert result.outcome is Ruling.CHAIN_FULL and len(result.chain) == MAX_CHAIN


async def test_hints_fit_the_chain_and_know_the_shape_of_the_solution(game):
    await game.play(G, U, DAY, "powerful")
    hint = await game.hint(DAY, (await game.state(G, U, DAY)).chain)
    assert hint.letters_left == "tbni" and hint.next_letter == "l" and not hint.team
    assert hint.solution_start == "p" and hint.solution_lengths == (8, 9)
    assert hint.most_new_letters == 4 and hint.next_words > 10  # LIBERTINE uses T B N I
    assert hint.to_finish == 1 and hint.next_word.finishes and hint.next_word.start[0] == "l"


def chain_of_length(count):
    from tests.bot.games.letterbox.test_letterbox_discord import chain_of

    return chain_of(PUBLISHED, count)


async def test_a_better_solve_is_announced_only_at_a_new_milestone(game):
    """Par 5: the first solve (7 words), not 6 (still over par), 5 (at par), not 4 (at par already), 2."""
    announced = []
    for count in (7, 6, 5, 4, 2):
        await game.restart(G, U, DAY)
        result = await game.play(G, U, DAY, " ".join(chain_of_length(count)))
        assert result.outcome is Ruling.SOLVED and result.new_best
        announced.append(result.announced)
    assert announced == [True, False, True, False, True]
    await game.restart(G, U, DAY)
    again = await game.play(G, U, DAY, " ".join(chain_of_length(3)))  # not better than 2: no news
    assert not again.new_best and not again.announced


async def test_a_database_of_the_last_release_upgrades_without_loss(tmp_path):
    path = tmp_path / "old.sqlite3"
    conn = await database.connect(path)
    await database.upgrade(conn, up_to=4)
    await conn.executescript("""
        INSERT INTO guild_settings (guild_id, anagram_lexicon, timezone) VALUES (1, 'common', 'Europe/London');
        INSERT INTO daily_schedules (game, guild_id, channel_id, post_time, updated_by)
            VALUES ('bee', 1, 100, '09:00', 5);
        INSERT INTO daily_posts (game, guild_id, day, channel_id, message_id) VALUES ('bee', 1, '2026-11-20', 100, 42);
        INSERT INTO bee_puzzles (puzzle_date, letters, center, answers, max_score)
        VALUES ('2026-11-20', 'achlnoy', 'n', 'anon canyon halcyon nacho', 24);
        INSERT INTO bee_guesses VALUES (1, '2026-11-20', 11, 'halcyon', 14, 1, '2026-11-20T10:00:00Z');
        INSERT INTO players (guild_id, user_id, display_name) VALUES (1, 11, 'alice');
    """)
    await conn.close()
    tables = ("guild_settings", "daily_schedules", "daily_posts", "bee_puzzles", "bee_guesses", "player_days",
              "players")

    def rows():  # the columns of the last release (0009 added the play style: see test_upgrade_0009; 0017 the
        # server's language; 0020 the bee's)
        with sqlite3.connect(path) as raw:
            return {table: sorted(tuple(r[:9 if table == "daily_posts" else 7 if table in ("daily_schedules",
                                                                                            "bee_guesses")
                                          else 6 if table in ("guild_settings", "bee_puzzles") else None])
                                  for r in raw.execute(f"SELECT * FROM {table}").fetchall()) for table in tables}

    before = rows()
    db = await open_database(path)
    try:
        assert rows() == before
        calendar = DailyCalendar(db, clock=Clock(dt.datetime(2026, 11, 23, 12, tzinfo=dt.UTC)))
        game = LetterBoxedGame(db, Lexicon.load("common"), Lexicon.load("full"), calendar)
        await game.store.save_puzzle(PUBLISHED)
        assert (await game.play(1, 11, DAY, "powerful libertine")).outcome is Ruling.SOLVED
    finally:
        await db.close()
    with sqlite3.connect(path) as raw:
        assert sorted(raw.execute("SELECT game, points FROM player_days WHERE user_id = 11").fetchall()) == [
            ("bee", 14), ("letterbox", 24)]
