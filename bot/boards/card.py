"""The leaderboard card: the top 10 with their points and badge marks, and the asker's own row.

It goes with the paged embed, not instead of it: the embed's names are live mentions a
screen reader and a click can follow, and its pages reach past the top 10; the card is the
glance (medals, marks, aligned points). Names are user text: drawn through
``bot.pictures.canvas.drawable`` (any Unicode, nothing our font lacks) and cut to fit. The marks are the
game's icons (``bot.icons``), drawn as shapes (our font has no emoji): the bee's star for a
Genius day and crown for Queen Bee, the box's target for a day at or under par and diamond
for two words; the text's emoji are the same icons.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.boards.boards import Board
from bot.boards.text import CARD_ROWS, badges, period_label
from bot.days.store import Standing
from bot.icons import Icon
from bot.pictures import marks
from bot.pictures.canvas import CARD, INK, MUTED, TILE, Canvas, drawable
from bot.plugins import GameInfo
from bot.text import plural

WIDTH = 600
MARGIN = 20
ROWS_TOP = 76
ROW = 34
MEDALS = {1: (236, 184, 30), 2: (176, 184, 194), 3: (205, 127, 50)}
YOU = (214, 228, 252)  # the asker's row
NAME_X, BADGES_X, POINTS_RIGHT = 56, 380, WIDTH - MARGIN - 8


def player_name(names: Mapping[int, str], user_id: int) -> str:
    """The name to draw: the one given, safe to draw, else ``player`` and the id's last digits."""
    fallback = f"player {str(user_id)[-4:]}"
    return drawable(names.get(user_id) or "", fallback)


def legend(game: GameInfo) -> list[tuple[Icon, str]]:
    """(icon, label) of the marks the card's legend explains: the game's top and perfect days."""
    return [(icon, icon.days(2)) for icon in (game.top_icon, game.perfect_icon)]


def draw_mark(canvas: Canvas, icon: Icon, x: float, y: float, ground=CARD) -> None:
    marks.draw(canvas, icon, (x, y), 8, ground)


def draw_row(canvas: Canvas, board: Board, standing: Standing, name: str, y: float, you: bool) -> None:
    middle = y + ROW / 2
    if you:
        canvas.box((MARGIN - 6, y + 2, WIDTH - MARGIN + 6, y + ROW - 2), YOU, radius=8)
    canvas.dot((MARGIN + 14, middle), 13, MEDALS.get(standing.rank, TILE))
    canvas.text((MARGIN + 14, middle), str(standing.rank), 12 if standing.rank < 100 else 9, INK, True, "mm")
    x = BADGES_X
    for icon, count in badges(board, standing):
        draw_mark(canvas, icon, x + 8, middle, YOU if you else CARD)
        x += 20
        if count:
            canvas.text((x, middle), str(count), 13, MUTED, anchor="lm")
            x += canvas.width(str(count), 13) + 10
    points = plural(standing.points, "pt")
    canvas.text((POINTS_RIGHT, middle), points, 15, INK, True, "rm")
    room = min(BADGES_X, POINTS_RIGHT - canvas.width(points, 15, True)) - NAME_X - 12
    canvas.text((NAME_X, middle), canvas.fit(name, 15, room, you), 15, INK, you, "lm")


def layout(board: Board, asked: bool = True) -> tuple[list[Standing], bool, int]:
    """The rows drawn, whether the asker's own row comes after them, and the card's height."""
    shown = board.standings[:CARD_ROWS]
    apart = board.caller is not None and board.caller not in shown
    rows = max(1, len(shown)) + (1 if apart or (board.caller is None and asked and shown) else 0)
    height = ROWS_TOP + rows * ROW + (10 if apart else 0) + 44
    return shown, apart, height


def render_leaderboard(board: Board, names: Mapping[int, str], asked: bool = True) -> bytes:
    """The card of ``board``: its top 10 and the asker's row (``board.caller``), with ``names``
    by user id (any text; a missing one is drawn as ``player 1234``). Without ``asked`` (the
    terminal's board: nobody asked) there is no line for an asker without points."""
    shown, apart, height = layout(board, asked)
    canvas = Canvas((WIDTH, height))
    canvas.text((MARGIN, 18), f"{board.game.title} leaderboard", 20, INK, True)
    canvas.text((MARGIN, 46), f"{period_label(board)} · {plural(len(board.standings), 'player')}", 13, MUTED)
    y = ROWS_TOP
    if not shown:
        canvas.text((MARGIN, y + ROW / 2), "No scores yet for this period.", 15, MUTED, anchor="lm")
        y += ROW
    for standing in shown:
        draw_row(canvas, board, standing, player_name(names, standing.user_id), y, standing == board.caller)
        y += ROW
    if apart:
        canvas.box((MARGIN, y + 4, WIDTH - MARGIN, y + 5), TILE, radius=0)
        y += 10
        draw_row(canvas, board, board.caller, "you: " + player_name(names, board.caller.user_id), y, True)
        y += ROW
    elif board.caller is None and asked and shown:
        canvas.text((MARGIN, y + ROW / 2), "You have no points in this period yet.", 13, MUTED, anchor="lm")
        y += ROW
    x, legend_y = MARGIN, height - 26
    for icon, label in legend(board.game):
        draw_mark(canvas, icon, x + 8, legend_y)
        canvas.text((x + 20, legend_y), label, 12, MUTED, anchor="lm")
        x += 20 + canvas.width(label, 12) + 18
    return canvas.png()
