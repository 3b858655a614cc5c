"""The box picture: its card, its labels on the biggest boxes, and a chain drawn word by word."""

import io
import itertools
import math

import numpy as np
import pytest
from PIL import Image

from bot.lab.letterbox.text import alt_text
from bot.pictures.box import PALETTE, colour, label_boxes, letter_spots, render_box, segments, stroke_path
from tests.golden import assert_matches_golden

NEWSPAPER = ("tjo", "feb", "cuy", "hil")
PUBLISHED = ("tuw", "bno", "efi", "lpr")  # the stored box of the game tests, played POWERFUL LIT TIN NUB there
ALL_LETTERS = ("bhzre", "jnvwd", "uitkc", "xpqfa", "sgyl", "om")
SIX_WORDS = ("dioxin", "nyetworks", "schizoidal", "longjumps", "subvisual", "liquefy")  # solves it on the full list


def image_of(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGBA")


def close(pixel, rgb, by=3):
    return all(abs(a - b) <= by for a, b in zip(pixel, rgb, strict=False))


def test_the_box_is_a_card_that_reads_on_light_and_dark_themes():
    image = image_of(render_box(NEWSPAPER))
    assert image.size == (480, 480)
    assert image.getpixel((0, 0))[3] == 0  # rounded corner: transparent
    assert close(image.getpixel((20, 240)), (252, 239, 230))  # its own card colour, not the theme's
    assert close(image.getpixel((240, 240)), (255, 255, 255))  # the inside of the box


def test_a_chain_adds_its_legend_under_the_box_and_a_long_one_wraps():
    two = image_of(render_box(NEWSPAPER, ("objectify", "youthful")))
    many = image_of(render_box(NEWSPAPER, ("obit", "toil", "lift", "tic", "cult", "tub", "bite", "echo", "oil", "lit",
                                           "toy", "yeti")))
    assert two.width == many.width == 480
    assert 480 < two.height < many.height < 700
    assert image_of(render_box(NEWSPAPER, size=240)).size == (240, 240)


def test_a_chain_draws_differently_from_none_and_from_another_chain():
    bare = render_box(NEWSPAPER)
    assert render_box(NEWSPAPER, ("objectify", "youthful")) != bare
    assert render_box(NEWSPAPER, ("objectify", "youthful")) != render_box(NEWSPAPER, ("obit", "toil", "lift"))
    # cached
    assert render_box(NEWSPAPER, ("objectify", "youthful")) is render_box(NEWSPAPER, ("objectify", "youthful"))


def test_word_order_and_direction_matter():
    """The same letters in another order, or the same strokes the other way round, draw
    differently: the colours, numbers, arrowheads and the start ring follow the play."""
    sides = ("ad", "bf", "ce", "gh")
    assert render_box(sides, ("abc", "cde")) != render_box(sides, ("cde", "eab"))
    forward, backward = render_box(sides, ("abc", "cde")), render_box(sides, ("edc", "cba"))
    assert forward != backward
    pixels_apart = int((np.asarray(image_of(forward)) != np.asarray(image_of(backward))).any(axis=2).sum())
    assert pixels_apart > 500  # not a stray pixel: whole marks moved


def test_every_letter_has_a_spot_on_its_side_and_the_chain_marks_its_letters():
    spots = letter_spots(NEWSPAPER, 500, 300)
    assert sorted(spots) == sorted("tjofebcuyhil")
    for (x, y), (lx, ly) in spots.values():
        assert math.hypot(lx - 500, ly - 500) > math.hypot(x - 500, y - 500)  # the label is outside its dot


def test_a_segment_used_twice_is_drawn_twice_side_by_side():
    """LIT then TIN both join I and T: two lanes, moved apart in the middle, meeting at the dots."""
    strokes = segments(("lit", "tin"), set("tuwbnoefilpr"))
    assert [(s.word, s.start, s.end, s.lane, s.lanes) for s in strokes] == [
        (0, "l", "i", 0, 1), (0, "i", "t", 0, 2), (1, "t", "i", 1, 2), (1, "i", "n", 0, 1)]
    spots = letter_spots(PUBLISHED, 480, 330)
    first, second = stroke_path(strokes[1], spots, gap=20), stroke_path(strokes[2], spots, gap=20)
    assert {first[0], first[-1]} == {second[0], second[-1]} == {spots["i"][0], spots["t"][0]}
    middle = lambda path: ((path[1][0] + path[2][0]) / 2, (path[1][1] + path[2][1]) / 2)  # noqa: E731
    assert math.dist(middle(first), middle(second)) == pytest.approx(20)
    assert len(stroke_path(strokes[0], spots, gap=20)) == 2  # a segment used once goes straight


def test_words_take_the_palette_in_turn_and_a_long_chain_draws():
    assert len(set(PALETTE)) == 6 and colour(0) == colour(6) != colour(1)
    chain = ("obit", "toil", "lift", "tic", "cult", "tub", "bite", "echo", "oil", "lit", "toy", "yeti")
    assert image_of(render_box(NEWSPAPER, chain)).width == 480
    assert image_of(render_box(NEWSPAPER, ("xyz", "objectify"))).width == 480  # letters off the box are skipped


@pytest.mark.parametrize("sides", [
    ("abcde", "fghij", "klmno"),
    ("abcde", "fghij", "klmno", "pqrst"),
    ("abcde", "fghij", "klmno", "pqrst", "uvwxy"),
    ("abcde", "fghij", "klmn", "opqr", "stuv", "wxyz"),
    ("wmqgd", "hjnbz", "avrex", "klcpo", "siuy", "tf"),  # wide letters, 5 a side
    ALL_LETTERS,
])
def test_labels_never_overlap_and_stay_on_the_card(sides):
    boxes = label_boxes(sides)
    for (a, box_a), (b, box_b) in itertools.combinations(boxes.items(), 2):
        apart = box_a[2] <= box_b[0] or box_b[2] <= box_a[0] or box_a[3] <= box_b[1] or box_b[3] <= box_a[1]
        assert apart, f"{a.upper()} and {b.upper()} overlap"
    assert all(0 < left and right < 960 and 0 < top and bottom < 960 for left, top, right, bottom in boxes.values())
    assert image_of(render_box(sides)).size == (480, 480)


def test_a_box_needs_three_to_six_sides():
    with pytest.raises(ValueError):
        render_box(("abc", "def"))


def test_alt_text_names_every_side_and_the_chain_in_order():
    assert alt_text(NEWSPAPER) == \
        "Letter Boxed box with 4 sides. side 1: T J O; side 2: F E B; side 3: C U Y; side 4: H I L."
    assert alt_text(NEWSPAPER, ("objectify", "youthful")).endswith(
        "side 4: H I L. Chain in order, from O: 1 OBJECTIFY, 2 YOUTHFUL.")
    assert len(alt_text(NEWSPAPER, ("objectify",) * 200)) == 1024
    # as the picture skips them
    assert alt_text(NEWSPAPER, ("", "objectify", "")) == alt_text(NEWSPAPER, ("objectify",))


@pytest.mark.parametrize(("name", "sides", "chain"), [
    ("box-newspaper-two-words", NEWSPAPER, ("objectify", "youthful")),
    ("box-four-words", PUBLISHED, ("powerful", "lit", "tin", "nub")),
    ("box-26-letters-six-words", ALL_LETTERS, SIX_WORDS),
])
def test_golden(name, sides, chain):
    assert_matches_golden(render_box(sides, chain), name)
