"""The picture of a tileset: a PNG, ten tiles a row, for every tile size, padding included; its
size, that different tiles draw differently, that it reads on Discord's dark and light themes,
and a golden image of a small and a 200-tile set."""

import io

import numpy as np
import pytest
from PIL import Image

from bot.lab.tileset import picture
from bot.lab.tileset.picture import PER_ROW, render_tiles
from bot.pictures import png
from tests.golden import assert_matches_golden
from tests.pictures import contrast

SMALL = ("ed", "pi", "ti", "re", "s.", "ng", "an", "er", "in", "on", "at", "es")
TWO_HUNDRED = tuple(f"{a}{b}" for a in "abcdefghijklmnopqrst" for b in "abcdefghij")


def opened(tiles, tile_size=None):
    return Image.open(io.BytesIO(render_tiles(tiles, tile_size)))


@pytest.mark.parametrize(("tiles", "rows"),
                         [(("ed", "pi", "ti"), 1), (tuple(f"{a}{b}" for a in "abcdefghij" for b in "xy"), 2),
                                             (("a", "b"), 1), (("ab.", ".cd", "efg"), 1), (TWO_HUNDRED, 20)])
def test_a_png_with_the_tiles_in_rows_of_ten(tiles, rows):
    image = opened(tiles, 64)
    assert image.format == "PNG"
    one_row = opened(tiles[:1], 64).height
    pitch = opened(tiles[:1] * (PER_ROW + 1), 64).height - one_row  # a row more
    assert image.height == one_row + (rows - 1) * pitch
    assert image.width >= min(PER_ROW, len(tiles)) * 60


def test_the_size_of_the_picture():
    # three tiles of two letters, 64 pixels high: 89 wide (0.6 + 0.4 a letter), 10 apart and round the edge
    assert opened(("ed", "pi", "ti")).size == (10 + 3 * (89 + 10), 10 + 64 + 10)
    assert opened(("a", "b")).size == (10 + 2 * (64 + 10), 84)
    # a big set draws its tiles 44 high, which keeps 200 tiles (20 rows) light: Discord shrinks it anyway
    assert opened(TWO_HUNDRED).size == (7 + 10 * (61 + 7), 7 + 20 * (44 + 7))
    assert len(render_tiles(TWO_HUNDRED)) < 100_000 and max(opened(TWO_HUNDRED, 64).size) <= png.MAX_SIDE


def test_different_tiles_draw_differently_and_repeats_are_cached():
    assert render_tiles(("ed", "pi", "ti")) is render_tiles(("ed", "pi", "ti"))
    one, other = (np.asarray(opened(tiles).convert("RGBA"), dtype=int) for tiles in (("ed", "pi", "ti"),
                                                                                     ("de", "pi", "ti")))
    assert one.shape == other.shape
    changed = np.abs(one - other).max(axis=2) > 64
    first_tile = changed[:, : changed.shape[1] // 3]
    # only the first tile's letters
    assert first_tile.mean() > 0.02 and not changed[:, 2 * changed.shape[1] // 3:].any()
    assert render_tiles(("ab",)) != render_tiles(("ab.",)) != render_tiles((".ab",))  # padding shows, and where


def test_the_tray_and_letters_read_on_dark_and_light_themes():
    for tiles in (SMALL, TWO_HUNDRED):
        for theme, background in contrast.THEMES.items():
            for depth in (0, 1, 2):
                for colour in contrast.edge_colours(render_tiles(tiles), background, depth):
                    assert contrast.ratio(colour, background) >= contrast.EDGE, (theme, colour)
    assert contrast.ratio(picture.LETTER, picture.TILE) >= contrast.TEXT
    # the old dark-green tray: what this test is here to catch
    assert contrast.ratio((44, 62, 58), contrast.DARK) < contrast.EDGE


def test_the_picture_has_no_see_through_tray():
    image = opened(SMALL).convert("RGBA")
    alphas = np.asarray(image)[..., 3]
    assert alphas[image.height // 2].min() == 255 and alphas[:, image.width // 2].min() == 255
    assert alphas[0, 0] == 0  # a rounded corner: the page shows through


def test_golden_small_set():
    assert_matches_golden(render_tiles(SMALL), "tiles-small")


def test_golden_two_hundred_tiles():
    assert_matches_golden(render_tiles(TWO_HUNDRED), "tiles-200")


def test_golden_three_letter_tiles_with_padding():
    assert_matches_golden(render_tiles(("ab.", ".cd", "efg", "qua")), "tiles-three")


def test_no_tiles_is_a_mistake():
    with pytest.raises(ValueError, match="at least one tile"):
        render_tiles(())
