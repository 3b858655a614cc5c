"""The picture of a tileset: a PNG, ten tiles a row, for every tile size, padding included."""

import io

import pytest
from PIL import Image

from bot.lab.tileset.picture import PER_ROW, render_tiles


@pytest.mark.parametrize(("tiles", "rows"), [(("ed", "pi", "ti"), 1), (tuple(f"{a}{b}" for a in "abcdefghij" for b in "xy"), 2),
                                             (("a", "b"), 1), (("ab.", ".cd", "efg"), 1),
                                             (tuple(f"{a}{b}" for a in "abcdefghijklmnopqrst" for b in "abcdefghij"), 20)])
def test_a_png_with_the_tiles_in_rows_of_ten(tiles, rows):
    image = Image.open(io.BytesIO(render_tiles(tiles)))
    assert image.format == "PNG"
    one_row = Image.open(io.BytesIO(render_tiles(tiles[:1]))).height
    pitch = Image.open(io.BytesIO(render_tiles(tiles[:1] * (PER_ROW + 1)))).height - one_row  # a row more
    assert image.height == pytest.approx(one_row + (rows - 1) * pitch, abs=rows)  # halving rounds
    assert image.width >= min(PER_ROW, len(tiles)) * 30


def test_no_tiles_is_a_mistake():
    with pytest.raises(ValueError, match="at least one tile"):
        render_tiles(())
