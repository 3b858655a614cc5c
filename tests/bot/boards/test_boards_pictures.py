"""The /stats calendar and the leaderboard card: the day-to-square mapping against a brute-force
reference, the levels against the games' own rules, the pictures (size, difference, golden),
names that are hard to draw, and ``wordbot stats|leaderboard --png``."""

import asyncio
import datetime as dt
import io
import random

import pytest
from PIL import Image

from bot.boards import card, picture, year
from bot.boards.boards import Board, Leaderboards, PlayerStats
from bot.boards.text import board_alt, stats_alt
from bot.cli import main
from bot.days.store import BoardsStore, DayResult, Standing
from bot.db import open_database
from bot.games.bee.store import BeeStore
from bot.games.letterbox.game import points as box_points
from bot.pictures import canvas, fonts
from bot.plugins import DAILY_GAMES
from solvers import bee
from tests.golden import assert_matches_golden

BEE, BOX = DAILY_GAMES["bee"], DAILY_GAMES["letterbox"]
TODAY = dt.date(2026, 11, 25)  # a Wednesday
GUILD, ALICE, BOB = 1, 11, 12


def opened(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    return image


# ------------------------------------------------------------------------ the calendar's grid

def reference_squares(first: dt.date, today: dt.date) -> dict[dt.date, tuple[int, int]]:
    """Walk back day by day from today's column: a day's week counted from the right goes up by one
    each time the walk steps back past a Monday."""
    squares, weeks_back, day = {}, 0, today
    while day >= first:
        squares[day] = (year.WEEKS - 1 - weeks_back, day.weekday())
        weeks_back += day.weekday() == 0
        day -= dt.timedelta(days=1)
    return squares


def test_every_day_of_the_calendar_has_its_own_square_and_the_last_column_holds_today():
    for today in (dt.date(2024, 2, 29) + dt.timedelta(days=k) for k in range(0, 800, 3)):
        shown = year.days(today)
        assert shown[-1] == today and 365 <= len(shown) <= 371
        assert len(shown) == 52 * 7 + today.weekday() + 1
        assert shown[0].weekday() == 0 and all(b - a == year.DAY for a, b in zip(shown, shown[1:], strict=False))
        squares = [year.square(day, today) for day in shown]
        assert len(set(squares)) == len(shown)
        reference = reference_squares(shown[0], today)
        assert squares == [reference[day] for day in shown]
        assert squares[0] == (0, 0) and squares[-1] == (year.WEEKS - 1, today.weekday())
        assert all(0 <= column < year.WEEKS and 0 <= row < 7 for column, row in squares)
        for outside in (shown[0] - year.DAY, today + year.DAY):
            with pytest.raises(ValueError):
                year.square(outside, today)


def test_month_labels_stand_over_the_week_of_the_first():
    labels = year.month_labels(TODAY)
    assert labels[0] == (1, "Dec")  # Mon 24 Nov 2025 starts the calendar: no room for "Nov" before Mon 1 Dec
    assert year.month_labels(dt.date(2026, 12, 10))[:2] == [(0, "Dec"), (3, "Jan")]  # from Mon 8 Dec 2025
    labels = dict(year.month_labels(dt.date(2026, 12, 6)))  # first day Mon 1 Dec 2025
    assert labels[0] == "Dec" and len(labels) == 13
    for column, month in year.month_labels(TODAY)[1:]:
        first = next(day for day in year.days(TODAY) if day.day == 1 and year.square(day, TODAY)[0] == column)
        assert f"{first:%b}" == month


# ------------------------------------------------------------------------------- the levels

def test_bee_levels_follow_the_ranks_and_genius_matches_the_boards_top_days():
    for max_points in (37, 100, 251):
        for points in range(0, max_points + 1):
            level = year.level(BEE, DayResult(points, max_points, 1))
            # Solid, Great and Genius each start a level; every point (Queen Bee) is the last.
            expected = 1 + sum(points >= bee.threshold(percent, max_points) for percent in (15, 40, 70)) \
                + (points == max_points)
            assert level == expected, (points, max_points)
            assert (level >= 4) == (points >= bee.threshold(BEE.top_percent, max_points))  # the store's top_days rule
            assert (level == 5) == (points == max_points)
    assert year.level(BEE, None) == 0


def test_box_levels_say_how_the_day_ended():
    assert year.level(BOX, DayResult(0, None, 0, solved=False)) == 1
    for par in range(3, 8):
        for words in range(2, 12):
            level = year.level(BOX, DayResult(box_points(words, par), 24, words))
            assert level == (4 if words == 2 else 3 if words <= par else 2), (par, words)


# -------------------------------------------------------------------------------- the store

@pytest.fixture
async def db(db_target):
    database = await open_database(db_target)
    yield database
    await database.close()


async def test_day_results_on_both_backends(db):
    store = BoardsStore(db)
    await db.write("INSERT INTO bee_puzzles (puzzle_date, letters, center, answers, max_score) VALUES (?, ?, ?, ?, ?)",
                   ("2026-11-20", "abcdefg", "a", "x y", 50))
    bees = BeeStore(db)
    at = dt.datetime(2026, 11, 20, tzinfo=dt.UTC)
    for word, points in (("x", 5), ("y", 14)):
        await bees.add_guess(GUILD, dt.date(2026, 11, 20), ALICE, word, points, False, at)
    for day, words in (("2026-11-21", "chain one"), ("2026-11-22", "")):  # box days played
        await db.write("INSERT INTO letterbox_chains (guild_id, puzzle_date, user_id, words, updated_at) "
                       "VALUES (?, ?, ?, ?, ?)",
                       (GUILD, day, ALICE, words, at.isoformat()))
    await db.write("INSERT INTO letterbox_solves (guild_id, puzzle_date, user_id, words, "
                   "word_count, points, solved_at) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?)", (GUILD, "2026-11-22", ALICE, "ab ba", 2, 24, at.isoformat()))
    await db.write("INSERT INTO letterbox_solves (guild_id, puzzle_date, user_id, words, "
                   "word_count, points, solved_at) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?)", (GUILD, "2026-11-22", BOB, "ab ba", 2, 24, at.isoformat()))
    first, last = dt.date(2026, 11, 1), dt.date(2026, 11, 30)
    assert await store.day_results("bee", GUILD, ALICE, first, last) == {dt.date(2026, 11, 20): DayResult(19, 50, 2)}
    assert await store.day_results("letterbox", GUILD, ALICE, first, last) == {
        dt.date(2026, 11, 21): DayResult(0, None, 0, solved=False), dt.date(2026, 11, 22): DayResult(24, 24, 2)}
    assert await store.day_results("letterbox", GUILD, ALICE, first, dt.date(2026, 11, 21)) == {
        dt.date(2026, 11, 21): DayResult(0, None, 0, solved=False)}
    assert await store.day_results("bee", 2, ALICE, first, last) == {}
    calendar = await Leaderboards(db).year("letterbox", GUILD, ALICE, today=dt.date(2026, 11, 22))
    assert calendar.levels == {dt.date(2026, 11, 21): 1, dt.date(2026, 11, 22): 4}
    assert calendar.summary() == "played 2 of 371 days, by level: played 1, two words 1"  # a Sunday: 53 whole weeks


# ------------------------------------------------------------------------------ the pictures

def history(game, seed: int, share: float = 0.6) -> dict[dt.date, DayResult]:
    rng = random.Random(seed)
    results = {}
    for day in year.days(TODAY):
        if rng.random() < share:
            if game is BEE:
                results[day] = DayResult(rng.choice([3, 20, 45, 60, 85, 100]), 100, 5)
            else:
                words = rng.choice([0, 2, 3, 4, 5, 7])
                results[day] = DayResult(box_points(words, 5), 24, words) if words else DayResult(0, None, 0,
                                                                                                  solved=False)
    return results


def sample(game, seed: int = 1, share: float = 0.6) -> tuple[PlayerStats, year.Year]:
    calendar = year.Year.of(game, TODAY, history(game, seed, share))
    played = len(calendar.levels)
    stats = PlayerStats(game, ALICE, TODAY, played, 37 * played, 5 * played, 100, TODAY, 37.0, played // 3,
                        calendar.count(4 if game is BEE else 3), calendar.count(len(calendar.scale.names) - 1), 4, 19,
                        [])
    return stats, calendar


@pytest.mark.parametrize("game", [BEE, BOX], ids=["bee", "box"])
def test_the_stats_picture_size_difference_and_golden(game):
    stats, calendar = sample(game)
    data = picture.render_stats(stats, calendar, "Alice")
    assert opened(data).size == picture.SIZE == (862, 303)
    other_stats, other = sample(game, seed=2)
    assert picture.render_stats(other_stats, other, "Alice") != data
    assert picture.render_stats(stats, calendar, "Bob") != data
    assert_matches_golden(data, f"stats-{'bee' if game is BEE else 'box'}")


def test_two_histories_colour_different_squares():
    """Not just different bytes: the square of a day one played and the other did not differs."""
    (stats, one), (_, two) = sample(BEE, seed=1), sample(BEE, seed=2)
    day = next(d for d in year.days(TODAY) if (d in one.levels) != (d in two.levels))
    x0, y0, x1, y1 = picture.cell_box(*year.square(day, TODAY))
    centre = (int(x0 + 3), int(y0 + 3))
    colours = [opened(picture.render_stats(stats, c, "Alice")).convert("RGB").getpixel(centre) for c in (one, two)]
    assert colours[0] != colours[1]
    assert picture.NOT_PLAYED in colours


def test_a_player_with_no_games_gets_an_empty_calendar():
    stats, calendar = sample(BEE, share=0)
    assert calendar.levels == {} and calendar.summary() == "played 0 of 367 days"
    assert opened(picture.render_stats(stats, calendar, "")).size == picture.SIZE


def test_the_alt_text_says_what_the_picture_shows():
    stats, calendar = sample(BOX)
    text = stats_alt(stats, calendar, "Alice")
    assert text.startswith("Letter Boxed calendar of Alice, the last 52 weeks (Mon 24 Nov 2025 to Wed 25 Nov 2026): "
                           f"played {len(calendar.levels)} of 367 days, by level: ")
    assert f"two words {calendar.count(4)}" in text and "Streak 4 days, best 19 days." in text
    assert f"{stats.perfect_days} two-word days" in text and f"{stats.top_days} at-par days" in text
    assert len(stats_alt(stats, calendar, "x" * 5000)) <= 1000


def board(period: str = "week", players: int = 13, caller: int | None = 999) -> Board:
    standings = [Standing(k + 1 if k != 2 else 2, 100 + k, 500 - 37 * k, 40 - k, 3, 5, max(0, 4 - k), int(k == 0))
                 for k in range(players)]
    mine = next((s for s in standings if s.user_id == caller), None)
    if caller == 999:
        mine = Standing(players + 1, 999, 3, 1, 0, 1, 0, 0)
        standings.append(mine)
    return Board(BEE, period, dt.date(2026, 11, 23), TODAY, standings, mine)


NAMES = {100: "Alice", 101: "Bob the Builder of Very Long Names " * 5, 102: "Çağrı Ünal 🌸", 103: "🌸🌸🌸",
         104: "שלום עולם", 105: "Ivan Иванов", 106: "a\u202eb\u0000c\n", 107: "👩‍👩‍👧‍👦 family", 999: "Me"}


def test_the_leaderboard_card_size_difference_and_golden():
    data = card.render_leaderboard(board(), NAMES)
    assert opened(data).size == (card.WIDTH, card.layout(board())[2]) == (600, 504)
    assert card.render_leaderboard(board(players=5, caller=102), NAMES) != data
    assert card.render_leaderboard(board(), NAMES | {100: "Zed"}) != data
    assert card.render_leaderboard(board("today"), NAMES) != data
    assert_matches_golden(data, "leaderboard-week")


def test_card_heights_follow_the_rows():
    height = lambda b, asked=True: opened(card.render_leaderboard(b, NAMES, asked)).size[1]  # noqa: E731
    assert height(board(players=3, caller=101)) == card.ROWS_TOP + 3 * card.ROW + 44
    assert height(board(players=3, caller=None)) == card.ROWS_TOP + 4 * card.ROW + 44  # "you have no points"
    assert height(board(players=3, caller=None), asked=False) == card.ROWS_TOP + 3 * card.ROW + 44
    empty = Board(BEE, "all", dt.date(2000, 1, 1), TODAY, [], None)
    assert height(empty) == card.ROWS_TOP + card.ROW + 44


def test_names_that_are_hard_to_draw():
    assert canvas.drawable("Çağrı Ünal 🌸", "x") == "Çağrı Ünal"
    assert canvas.drawable("🌸🌸🌸", "player 7") == "player 7"
    assert canvas.drawable("שלום עולם", "player 7") == "player 7"  # no letter of it in our font
    assert canvas.drawable("Ivan Иванов", "x") == "Ivan Иванов"  # Cyrillic and Greek are in the font
    assert canvas.drawable("Ivan 李小龍", "x") == "Ivan ?"  # a run of letters it lacks: one mark
    assert canvas.drawable("a\u202eb\u0000c\n d", "x") == "abc d"  # direction overrides and controls go
    assert canvas.drawable("e\u0301te\u0301", "x") == "été"  # combining accents composed
    face = fonts.font(30)
    long = canvas.fit("W" * 300, face, 200)
    assert long.endswith("…") and face.getlength(long) <= 200 and canvas.fit("Wm", face, 200) == "Wm"
    for name in [*NAMES.values(), "", " ", "\U0010ffff", "a\ud800b", "x" * 10_000]:
        stats, calendar = sample(BEE, share=0.1)
        assert opened(picture.render_stats(stats, calendar, name)).size == picture.SIZE
    assert card.player_name({}, 123456789) == "player 6789"
    assert "Bob the Builder" in board_alt(board(), NAMES) and "you: 14. 3 points" in board_alt(board(), NAMES)


# ------------------------------------------------------------------------------ the terminal

@pytest.fixture
def played(tmp_path):
    """A database where the terminal player (guild 0, user 0) played the bee today."""
    path = tmp_path / "w.sqlite3"

    async def seed():
        database = await open_database(path)
        today = dt.date.today()
        await database.write("INSERT INTO bee_puzzles (puzzle_date, letters, center, answers, max_score) "
                             "VALUES (?, ?, ?, ?, ?)",
                             (today.isoformat(), "abcdefg", "a", "x y", 50))
        await BeeStore(database).add_guess(0, today, 0, "x", 40, True, dt.datetime.now(dt.UTC))
        await BoardsStore(database).set_player_name(0, 0, "you (terminal)")
        await database.close()

    asyncio.run(seed())
    return path


@pytest.mark.parametrize("command", ["stats", "leaderboard"])
def test_png_writes_the_picture_the_bot_posts(command, played, tmp_path, capsys):
    out = tmp_path / f"{command}.png"
    assert main([command, "--database", str(played), "--png", str(out)]) == 0
    image = opened(out.read_bytes())
    assert image.size == (picture.SIZE if command == "stats" else (card.WIDTH, card.ROWS_TOP + card.ROW + 44))
    assert "you (terminal)" in capsys.readouterr().out  # the text is printed as before


@pytest.mark.parametrize("command", ["stats", "leaderboard"])
def test_png_to_a_path_that_cannot_be_written_is_one_line(command, played, tmp_path, capsys):
    for bad in (tmp_path / "no" / "such" / "folder" / "x.png", tmp_path):
        assert main([command, "--database", str(played), "--png", str(bad)]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"wordbot: cannot write the picture to {bad}: ") and err.count("\n") == 1 \
            and "Traceback" not in err
