"""The quiz board's picture and alt text: every legal board fits Discord (1 to 100 cells, 15-letter
alphagrams, a cell of 40 words), the cells' states differ in colour and mark, every text reads
on its ground, the alt text lists exactly what is left, and the same board draws the same bytes."""

import importlib.util
import io
import random
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from bot.pictures import png
from bot.quiz import layout, picture
from bot.quiz.picture import Tile, alt_text, draw_board, render_board
from bot.text import ALT_LIMIT
from tests import plurals
from tests.golden import assert_matches_golden
from tests.pictures import contrast

ROOT = Path(__file__).resolve().parents[3]
TITLE = "7s · probability 1–50 · 2:31 left"


def words_of(alphagram: str, count: int, rng: random.Random) -> tuple[str, ...]:
    """``count`` made-up answers: the alphagram's letters shuffled (a picture does not check them)."""
    out = []
    for _ in range(count):
        letters = list(alphagram.replace("?", "e"))
        rng.shuffle(letters)
        out.append("".join(letters))
    return tuple(out)


def a_round(count: int, length: int = 7, seed: int = 1, missed: bool = False) -> list[Tile]:
    """``count`` alphagrams of ``length`` letters, a third untouched, a third partly found, a third
    solved; with ``missed``, the round is over and the words not found are listed."""
    rng = random.Random(seed)
    tiles = []
    for index in range(count):
        alphagram = "".join(sorted(rng.choice("aaabcdeeeefghiiiklmnnooprrssttuwy") for _ in range(length)))
        answers = rng.choice([1, 1, 2, 3, 5])
        words = words_of(alphagram, answers, rng)
        found = words[: (0, max(1, answers - 1) if answers > 1 else 0, answers)[index % 3]]
        tiles.append(Tile(alphagram, answers, found, words[len(found):] if missed else ()))
    return tiles


def opened(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGBA")


def geometry(tiles: list[Tile]) -> layout.Grid:
    return layout.grid([tile.alphagram for tile in tiles], [tile.answers for tile in tiles])


def assert_fits(tiles: list[Tile]) -> Image.Image:
    """The board is drawn within Discord's limits, as big as its layout, nothing drawn in any
    cell's right-hand padding (no alphagram, badge or word runs past its cell)."""
    data = render_board(tiles, TITLE)
    assert len(data) <= png.MAX_BYTES
    image = opened(data)
    grid = geometry(tiles)
    assert image.size == grid.size and max(image.size) <= png.MAX_SIDE
    assert image.getpixel((0, 0))[3] == 0  # transparent corners: the frame's rounded edge
    assert grid.columns * grid.rows >= len(tiles) > grid.columns * (grid.rows - 1)
    pixels = np.asarray(image)
    for index, tile in enumerate(tiles):
        left, top, right, bottom = grid.box(index)
        strip = pixels[top + layout.PAD: bottom - layout.PAD, right - layout.PAD + 1: right - 1, :3]
        assert (strip == picture.cell_colours(tile)[0]).all(), (index, tile.alphagram)
    return image


@pytest.mark.parametrize("count", [1, 25, 50, 100])
def test_boards_of_1_to_100_cells_fit_discord(count):
    image = assert_fits(a_round(count))
    if count >= 25:
        assert 0.75 <= image.width / image.height <= 2.5  # about square or a little wider, never a strip


def test_the_longest_alphagrams_with_the_widest_words_fit():
    wide = "w" * 15
    tiles = [Tile(wide, 20, (wide,) * 12, (wide,) * 8) for _ in range(100)]
    assert_fits(tiles)
    assert_fits([Tile("aabcdeeilmnorst", 3, (), ()), Tile("ab", 1, ("ab",))])
    assert_fits([Tile("aeirst?", 12, ("aerists", "raciest"))])


def test_a_cell_of_40_words_ends_with_how_many_more():
    rng = random.Random(3)
    words = words_of("aelst", 40, rng)
    tiles = [Tile("aelst", 40, words[:31], words[31:]), Tile("ab", 1, ())]
    assert_fits(tiles)
    grid = geometry(tiles)
    lines, hidden = layout.word_lines([(word.upper(), False) for word in words], grid.cell[0] - 2 * layout.PAD,
                                      grid.lines)
    assert len(lines) == grid.lines == layout.MAX_LINES and hidden > 0
    assert sum(len(line) for line in lines) + hidden == 40
    last = layout.SEPARATOR.join(word for word, _ in lines[-1]) + layout.SEPARATOR + layout.more(hidden)
    assert layout.width(last, layout.WORD_PX) <= grid.cell[0] - 2 * layout.PAD
    assert layout.word_lines([("AB", False)], 200, 2) == ([[("AB", False)]], 0)


def test_the_board_keeps_its_size_as_words_are_found():
    tiles = a_round(25)
    untouched = [Tile(tile.alphagram, tile.answers, ()) for tile in tiles]
    assert opened(render_board(untouched, TITLE)).size == opened(render_board(tiles, "time is up")).size


def test_open_partly_found_and_solved_cells_differ_in_colour_and_mark():
    tiles = [Tile("aelst", 3, ()), Tile("aelst", 3, ("least",)), Tile("aelst", 3, ("least", "slate", "stale"))]
    image = opened(render_board(tiles, TITLE))
    grid = geometry(tiles)
    fills = []
    for index, tile in enumerate(tiles):
        left, top, right, bottom = grid.box(index)
        fills.append(image.getpixel((right - 4, bottom - 4))[:3])
        badge_left = right - layout.PAD - layout.badge_width(tile.answers, tile.solved)
        badge = image.getpixel((round(badge_left) + 4, top + layout.PAD + layout.ALPHAGRAM_ROW // 2))[:3]
        assert badge == (picture.SOLVED_BADGE if tile.solved else picture.BADGE)
    assert fills == [picture.OPEN, picture.PARTLY, picture.SOLVED]
    assert len(set(fills)) == 3
    assert layout.badge_width(3, True) > layout.badge_width(3, False)  # the check mark's room


def test_every_text_reads_on_its_ground_and_the_frame_on_both_themes():
    tiles = [Tile("aeirst?", 30, words_of("aeirst?", 20, random.Random(2)), ("raciest",)),
             Tile("ab", 2, ("ab",), ("ba",))]
    board = render_board(tiles, TITLE)
    for theme, background in contrast.THEMES.items():
        assert contrast.ratio(picture.FRAME, background) >= contrast.EDGE, theme
        for depth in (0, 1, 3):  # the frame, as drawn, where the board begins on each side
            for colour in contrast.edge_colours(board, background, depth):
                assert contrast.ratio(colour, background) >= contrast.EDGE, (theme, depth, colour)
    for ink in (picture.INK, picture.MUTED, picture.MISSED, picture.BLANK):
        for fill in picture.FILLS:
            assert contrast.ratio(ink, fill) >= contrast.TEXT, (ink, fill)
    for badge in (picture.BADGE, picture.SOLVED_BADGE):
        assert contrast.ratio(picture.BADGE_INK, badge) >= contrast.TEXT
    # the colours checked are the ones drawn: words, missed words, the blank, "+N more", badges
    drawn = {colour[:3] for _, colour in opened(board).getcolors(1 << 20)}
    assert {picture.INK, picture.MUTED, picture.MISSED, picture.BLANK, picture.BADGE_INK} <= drawn
    # the cards' own grey fails on a solved cell: what the darker MUTED is here for
    assert contrast.ratio((96, 104, 114), picture.SOLVED) < contrast.TEXT


def test_alt_text_lists_exactly_what_is_left_with_its_counts(monkeypatch):
    tiles = [Tile("aelst", 2, ("least",)), Tile("eimprss", 2, ()), Tile("abt", 1, ()), Tile("act", 2, ("cat", "act")),
             Tile("aeirst?", 1, (), ("raciest",))]
    text = alt_text(tiles, TITLE)
    assert text == ("Anagram quiz board: 7s · probability 1–50 · 2:31 left. 3 of 8 words found · 1 of 5 alphagrams "
                    "solved. Left: A E L S T (1 of 2 answers left); E I M P R S S (2 answers); A B T (1 answer); "
                    "A E I R S T blank (1 answer).")
    squashed = text.upper().replace(" ", "")
    assert not any(word in squashed for word in ("LEAST", "CAT", "RACIEST")) and "A C T" not in text
    for singular, plural in (("answer", "answers"), ("alphagram", "alphagrams")):
        monkeypatch.setitem(plurals.NOUNS, singular, plural)
        monkeypatch.setitem(plurals.PLURALS, plural, singular)
    for count in (1, 2):
        board = [Tile("abt", count, ()), Tile("aelst", count + 1, ("least",) * count)] * count
        plurals.assert_agrees([alt_text(board, "7s")], count, "the quiz board's alt text")
    assert alt_text([Tile("act", 1, ("cat",))], "done") == ("Anagram quiz board: done. 1 of 1 word found · "
                                                           "1 of 1 alphagram solved. Every alphagram is solved.")


def test_a_long_board_s_alt_text_fits_and_counts_the_rest():
    tiles = [Tile("a" * 15, 3, ()) for _ in range(100)]
    text = alt_text(tiles, TITLE)
    assert len(text) <= ALT_LIMIT and text.endswith(" more alphagrams.")
    listed = text.count("A" * 15)
    assert 0 < listed < 100 and f"and {100 - listed} more alphagrams." in text
    fifty = a_round(50)
    unsolved = [tile for tile in fifty if not tile.solved]
    text = alt_text(fifty, TITLE)
    assert len(text) <= ALT_LIMIT
    assert text.count(";") + 1 == len(unsolved) or "more alphagram" in text
    assert len(alt_text(a_round(3), "x" * 5000)) == ALT_LIMIT


def test_the_same_board_draws_the_same_bytes():
    tiles = a_round(50, missed=True)
    assert render_board(tiles, TITLE) == render_board(list(tiles), TITLE)
    assert render_board(tiles, TITLE) != render_board(tiles, "7s · probability 1–50 · 2:30 left")
    assert draw_board(tiles, TITLE).tobytes() == draw_board(tiles, TITLE).tobytes()


async def test_the_bot_draws_it_off_the_event_loop():
    tiles = a_round(5)
    assert await png.drawn(render_board, tiles, TITLE) == render_board(tiles, TITLE)


@pytest.mark.parametrize("tiles", [[], a_round(101), [Tile("a" * 16, 1, ())], [Tile("ab1", 1, ())],
                                   [Tile("ab", 0, ())], [Tile("ab", 1, ("ab", "ba"))], [Tile("ab", 1, ("abc",))],
                                   [Tile("ab", 1, ("a b",))]])
def test_a_board_that_cannot_be_drawn_is_refused(tiles):
    with pytest.raises(ValueError):
        render_board(tiles, TITLE)
    with pytest.raises(ValueError):
        alt_text(tiles, TITLE)


def test_the_docs_picture_of_a_board_is_the_code_s_own():
    spec = importlib.util.spec_from_file_location("readme_pictures", ROOT / "scripts" / "readme_pictures.py")
    pictures = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(pictures)
    drawn = pictures.PICTURES["quiz-board.png"]()
    assert pictures.drifted(drawn, pictures.DOCS / "quiz-board.png") is None, (
        "docs/quiz-board.png drifted from the code: run `.venv/bin/python scripts/readme_pictures.py`")
    tiles = pictures.quiz_tiles()
    assert len(tiles) == 25 and any(tile.solved for tile in tiles) and any(not tile.found for tile in tiles)
    assert any(tile.found and not tile.solved for tile in tiles)  # half-way: every kind of cell


def test_golden_boards():
    assert_matches_golden(render_board(a_round(25), TITLE), "quiz-board-mid-round")
    end = a_round(6, length=8, seed=4, missed=True) + [Tile("aeirst?", 3, ("aerists",), ("raciest", "stearic"))]
    assert_matches_golden(render_board(end, "8s · time is up"), "quiz-board-end")
