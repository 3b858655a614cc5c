"""One icon, one meaning (bot/icons.py): the same icon for the same days in the text, on the
leaderboard card and on the stats calendar, and no icon for two things."""

import ast
import datetime as dt
import io
import pathlib

import numpy as np
import pytest
from PIL import Image

from bot import icons
from bot.boards import card, picture, text as board_text
from bot.boards.boards import BOARD_GAMES, Board, PlayerStats
from bot.boards.embeds import standing_line
from bot.boards.year import Year, scale, square
from bot.days.store import DayResult, Standing
from bot.pictures import canvas, marks
from bot.plugins import DAILY_GAMES, plugins
from solvers.list_names import LANGUAGE_NAMES

ROOT = pathlib.Path(__file__).resolve().parents[2]
TODAY = dt.date(2026, 11, 25)
# Where messages are written: every folder that writes to players, with the table's icons.
SCANNED = ("bot/boards", "bot/chat", "bot/daily", "bot/days", "bot/games", "bot/lab", "bot/lexicons", "bot/lists",
           "bot/meta", "bot/pictures", "bot/quiz", "bot/reminders", "bot/text.py")
RETIRED = ("🧠",)  # Genius's old icon: a star now, in text as in pictures


def pixels(png: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))


VARIANTS = {variant.key: plugin.daily for plugin in plugins() for variant in plugin.variants} | {
    f"{game.key}-{code}": game for plugin in plugins() for game in plugin.boards for code in LANGUAGE_NAMES
    if f"{game.key}-{code}" in BOARD_GAMES}
"""The games in another language (the daily ``bee-fr``, the boards' ``challenge-fr``): the same game,
with its game's emoji and icons."""
GAMES = [game for game in BOARD_GAMES.values() if game.key not in VARIANTS]


def test_a_game_in_another_language_has_its_games_emoji_and_icons():
    assert VARIANTS
    for key, game in VARIANTS.items():
        variant = BOARD_GAMES[key]
        assert (variant.emoji, variant.top_icon, variant.perfect_icon) == (game.emoji, game.top_icon, game.perfect_icon)


def test_no_icon_has_two_meanings():
    for field in ("emoji", "name"):
        values = [getattr(icon, field) for icon in icons.ICONS]
        assert len(set(values)) == len(values), f"two icons share a {field}"
    shapes = [icon.mark for icon in icons.MARKED]
    assert len(set(shapes)) == len(shapes) and set(shapes) <= set(marks.SHAPES)
    games = [game.emoji for game in GAMES]
    assert len(set(games)) == len(games) and not set(games) & {icon.emoji for icon in icons.ICONS}


def test_each_games_top_and_perfect_days_have_icons_of_their_own():
    """The bug this table fixed: a star meant Genius on the bee's card and "at or under par" on the box's."""
    days = {(game.key, kind): getattr(game, f"{kind}_icon") for game in GAMES for kind in ("top", "perfect")}
    assert len(set(days.values())) == len(days)
    assert all(icon in icons.MARKED for icon in days.values())
    assert (DAILY_GAMES["bee"].top_icon, DAILY_GAMES["bee"].perfect_icon) == (icons.GENIUS, icons.QUEEN_BEE)
    assert (DAILY_GAMES["letterbox"].top_icon, DAILY_GAMES["letterbox"].perfect_icon) == (icons.AT_PAR, icons.TWO_WORDS)


@pytest.mark.parametrize("game", BOARD_GAMES.values(), ids=BOARD_GAMES.keys())
def test_text_card_and_calendar_legends_name_each_icon_alike(game):
    said: dict[icons.Icon, set[str]] = {}
    for part in board_text.legend(game).split(" · "):  # the text: "⭐ Genius · 👑 Queen Bee"
        emoji, name = part.split(" ", 1)
        icon = next(i for i in icons.ICONS if i.emoji == emoji)
        said.setdefault(icon, set()).add(name)
    for icon, label in card.legend(game):
        said.setdefault(icon, set()).add(label)
    year = Year.of(game, TODAY, {})
    for name, _, icon in picture.legend(year):
        if icon is not None:
            said.setdefault(icon, set()).add(name)
    assert set(said) == {game.top_icon, game.perfect_icon}
    for icon, labels in said.items():
        assert labels <= {icon.name, icon.days(1), icon.days(2)}, (icon, labels)
    calendar = scale(game)
    assert calendar.names[-2:] == (game.top_icon.name, game.perfect_icon.name)  # the calendar's top two levels


def test_alt_texts_count_the_icons_days():
    bee = DAILY_GAMES["bee"]
    stats = PlayerStats(bee, 11, TODAY, 3, 90, 20, 40, TODAY, 30.0, 1, 2, 1, 3, 3, [])
    alt = board_text.stats_alt(stats, Year.of(bee, TODAY, {}), "Alice")
    assert f"{icons.GENIUS.counted(2)}, {icons.QUEEN_BEE.counted(1)}." in alt
    board = Board(bee, "week", TODAY, TODAY, [Standing(1, 11, 90, 20, 1, 3, 2, 1)], None)
    assert board_text.board_alt(board, {11: "Alice"}).endswith(f"90 points, {icons.GENIUS.counted(2)}, "
                                                               f"{icons.QUEEN_BEE.counted(1)}.")


@pytest.mark.parametrize("game", BOARD_GAMES.values(), ids=BOARD_GAMES.keys())
def test_the_card_draws_the_games_marks_where_the_text_shows_its_emoji(game):
    genius = Standing(1, 11, 90, 20, 1, 1, 1, 0)  # a top day today: the text ends with the top icon's emoji
    board = Board(game, "today", TODAY, TODAY, [genius], None)
    assert standing_line(board, genius).endswith(game.top_icon.emoji)
    drawn = pixels(card.render_leaderboard(board, {11: "Alice"}, asked=False))
    _, _, height = card.layout(board, asked=False)
    for x, y in ((card.MARGIN + 8, height - 26), (card.BADGES_X + 8, card.ROWS_TOP + card.ROW / 2)):  # legend, row
        alone = canvas.Canvas((card.WIDTH, height))
        marks.draw(alone, game.top_icon, (x, y), 8, canvas.CARD)
        area = (slice(int(y) - 9, int(y) + 10), slice(int(x) - 9, int(x) + 9))
        assert (drawn[area] == pixels(alone.png())[area]).all(), f"{game.top_icon.name} is not drawn at {(x, y)}"


@pytest.mark.parametrize("game", BOARD_GAMES.values(), ids=BOARD_GAMES.keys())
def test_the_calendar_marks_a_top_day_with_the_same_icon(game):
    yesterday = TODAY - dt.timedelta(days=1)
    top = {"bee": DayResult(100, 100, 9), "letterbox": DayResult(12, 24, 3)}.get(  # Queen Bee; at par
        game.key, DayResult(20, 24, 20))  # the challenges: three quarters of the words
    year = Year.of(game, TODAY, {yesterday: top})
    icon = year.scale.icon(year.levels[yesterday])
    assert icon in (game.top_icon, game.perfect_icon)
    stats = PlayerStats(game, 11, TODAY, 1, 1, 1, 1, yesterday, 1.0, 0, 1, 1, 1, 1, [])
    drawn = pixels(picture.render_stats(stats, year, "Alice"))
    box = picture.cell_box(*square(yesterday, TODAY))
    colour = picture.ramp(year)[year.levels[yesterday]]
    alone = canvas.Canvas(picture.SIZE)
    alone.box(box, colour)
    marks.draw(alone, icon, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), picture.CELL * 0.36, colour,
               picture.ON_SQUARE)
    area = (slice(int(box[1]), int(box[3])), slice(int(box[0]), int(box[2])))
    assert (drawn[area] == pixels(alone.png())[area]).all()
    plain = canvas.Canvas(picture.SIZE)
    plain.box(box, colour)
    assert not (drawn[area] == pixels(plain.png())[area]).all()  # the mark is there, not just the colour


def string_constants(path: pathlib.Path):
    """The string literals of a module, less its docstrings (they may talk about icons)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            yield node.lineno, node.value


def test_messages_take_their_icons_from_the_table():
    """An icon written as a literal elsewhere could drift to a second meaning: use bot.icons."""
    watched = [icon.emoji.rstrip("\ufe0f") for icon in icons.ICONS] + list(RETIRED)
    found = []
    for folder in SCANNED:
        root = ROOT / folder
        assert root.exists(), f"{folder} is gone: scan where its messages went"
        for path in [root] if root.is_file() else sorted(root.rglob("*.py")):
            for line, value in string_constants(path):
                found += [f"{path.relative_to(ROOT)}:{line}: {emoji}" for emoji in watched if emoji in value]
    assert not found, "icons written outside bot/icons.py:\n" + "\n".join(found)
