import io

import pytest
from PIL import Image

from bot.lab.letterbox.picture import alt_text, letter_spots, render_box


def test_the_box_is_a_card_that_reads_on_light_and_dark_themes():
    image = Image.open(io.BytesIO(render_box(("tjo", "feb", "cuy", "hil")))).convert("RGBA")
    assert image.size == (480, 480)
    assert image.getpixel((0, 0))[3] == 0  # rounded corner: transparent
    assert image.getpixel((20, 240))[:3] == (252, 239, 230)  # its own card colour, not the theme's
    assert image.getpixel((240, 240))[:3] == (255, 255, 255)  # the inside of the box


def test_every_letter_has_a_spot_on_its_side_and_a_chain_marks_its_letters():
    spots = letter_spots(("tjo", "feb", "cuy", "hil"), 500, 300)
    assert sorted(spots) == sorted("tjofebcuyhil")
    assert render_box(("tjo", "feb", "cuy", "hil"), ("objectify", "youthful")) != render_box(("tjo", "feb", "cuy", "hil"))


@pytest.mark.parametrize("sides", [("ab", "cd", "ef"), ("abcde", "fghij", "klmno", "pqrst", "uvwxy", "z")])
def test_three_to_six_sides(sides):
    assert Image.open(io.BytesIO(render_box(sides))).size == (480, 480)


def test_alt_text_names_every_side():
    assert alt_text(("tjo", "feb", "cuy", "hil")) == (
        "Letter Boxed box with 4 sides. side 1: T J O; side 2: F E B; side 3: C U Y; side 4: H I L")
