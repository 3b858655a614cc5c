import io

import pytest
from PIL import Image

from bot.games.bee.picture import alt_text, render_hive, shuffled


def test_the_picture_is_a_png_with_a_transparent_background_and_a_yellow_centre():
    image = Image.open(io.BytesIO(render_hive("n", "achloy"))).convert("RGBA")
    assert image.size == (480, 480)
    assert image.getpixel((2, 2))[3] == 0  # corner: transparent, so it suits light and dark themes
    r, g, b, a = image.getpixel((240, 240 - 60))  # inside the centre cell, above its letter
    assert a == 255 and (r, g, b) == (247, 218, 33)


def test_each_hive_renders_differently_and_repeats_are_cached():
    assert render_hive("n", "achloy") is render_hive("n", "achloy")
    assert render_hive("n", "achloy") != render_hive("n", "yolhca")


def test_alt_text_and_shuffle():
    assert alt_text("n", "achloy") == "Spelling Bee hive: centre letter N, outer letters A C H L O Y"
    for _ in range(20):
        mixed = shuffled("achloy")
        assert sorted(mixed) == sorted("achloy") and mixed != "achloy"


def test_a_hive_needs_seven_letters():
    with pytest.raises(ValueError):
        render_hive("n", "abc")
