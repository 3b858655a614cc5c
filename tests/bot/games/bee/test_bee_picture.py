"""The hive's picture: its size, a yellow centre on a transparent ground, different hives draw
differently, it reads on Discord's dark and light themes, and its golden image."""

import io

import numpy as np
import pytest
from PIL import Image

from bot.games.bee import picture
from bot.games.bee.picture import alt_text, render_hive, shuffled
from tests.golden import assert_matches_golden
from tests.pictures import contrast


def test_the_picture_is_a_png_with_a_transparent_background_and_a_yellow_centre():
    image = Image.open(io.BytesIO(render_hive("n", "achloy"))).convert("RGBA")
    assert image.size == (480, 480)
    assert image.getpixel((2, 2))[3] == 0  # corner: transparent, so it suits light and dark themes
    r, g, b, a = image.getpixel((240, 240 - 45))  # inside the centre cell, above its letter
    assert a == 255 and (r, g, b) == (247, 218, 33)


def test_each_hive_renders_differently_and_repeats_are_cached():
    assert render_hive("n", "achloy") is render_hive("n", "achloy")
    one, other = (np.asarray(Image.open(io.BytesIO(render_hive("n", outer))).convert("RGBA"), dtype=int)
                  for outer in ("achloy", "yolhca"))
    changed = np.abs(one - other).max(axis=2) > 64
    assert changed.mean() > 0.01 and not changed[200:280, 200:280].any()  # outer letters moved, the centre stayed
    assert render_hive("n", "achloy", size=240) != render_hive("n", "achloy")
    assert Image.open(io.BytesIO(render_hive("n", "achloy", size=240))).size == (240, 240)


def test_the_outline_and_letters_read_on_dark_and_light_themes():
    hive = render_hive("n", "achloy")
    for theme, background in contrast.THEMES.items():
        assert contrast.ratio(picture.OUTLINE, background) >= contrast.EDGE, theme
        for depth in (0, 1):  # the honey outline, as drawn, where the hive begins on each side
            for colour in contrast.edge_colours(hive, background, depth):
                assert contrast.ratio(colour, background) >= contrast.EDGE, (theme, depth, colour)
    for fill in (picture.CENTER_FILL, picture.OUTER_FILL):
        assert contrast.ratio(picture.LETTER, fill) >= contrast.TEXT
    # the old dark-grey outline vanished on the dark theme: what this test is here to catch
    assert contrast.ratio((60, 60, 60), contrast.DARK) < contrast.EDGE


def test_golden_hive():
    assert_matches_golden(render_hive("n", "achloy"), "hive-achloy")


def test_alt_text_and_shuffle():
    assert alt_text("n", "achloy") == "Spelling Bee hive: centre letter N, outer letters A C H L O Y"
    for _ in range(20):
        mixed = shuffled("achloy")
        assert sorted(mixed) == sorted("achloy") and mixed != "achloy"


def test_a_hive_needs_seven_letters():
    with pytest.raises(ValueError):
        render_hive("n", "abc")
