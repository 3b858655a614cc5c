"""The shared picture parts: bundled fonts, PNG limits, drawing off the loop, the golden check."""

from __future__ import annotations

import asyncio
import io
import threading

import numpy as np
import pytest
from PIL import Image, ImageDraw

from bot.pictures import fonts, png
from tests import golden


def test_bundled_fonts_have_their_licence_and_draw_every_letter():
    assert (fonts.FOLDER / "LICENSE").read_text().count("Bitstream") > 0
    for bold in (False, True):
        face = fonts.font(40, bold)
        assert face.getname()[0] == "Wordbot Sans"
        widths = {face.getbbox(ch)[2] - face.getbbox(ch)[0] for ch in "AMWIQZ"}
        assert len(widths) > 2  # real glyphs of different widths, not one box for every letter


def test_encode_shrinks_and_refuses_a_picture_over_the_limits():
    image = Image.new("RGB", (200, 100), "white")
    data = png.encode(image, (100, 50))
    assert Image.open(io.BytesIO(data)).size == (100, 50)
    with pytest.raises(png.PictureTooBig):
        png.encode(Image.new("RGB", (png.MAX_SIDE + 1, 10)))


async def test_drawing_runs_off_the_event_loop():
    loop_thread = threading.get_ident()
    assert await png.drawn(threading.get_ident) != loop_thread
    assert await png.drawn(lambda a, b=0: a + b, 1, b=2) == 3
    assert asyncio.get_running_loop()  # still on the loop afterwards


def _picture(text: str, size: tuple[int, int] = (120, 40)) -> bytes:
    image = Image.new("RGB", size, "white")
    ImageDraw.Draw(image).text((6, 6), text, font=fonts.font(24, True), fill="black")
    return png.encode(image)


def test_golden_check_passes_the_same_picture_and_fails_another(tmp_path, monkeypatch):
    monkeypatch.setattr(golden, "FOLDER", tmp_path)
    monkeypatch.setattr(golden, "REGENERATE", False)
    with pytest.raises(AssertionError, match="WORDBOT_REGENERATE_GOLDEN"):
        golden.assert_matches_golden(_picture("AB"), "sample")
    monkeypatch.setattr(golden, "REGENERATE", True)
    golden.assert_matches_golden(_picture("AB"), "sample")
    monkeypatch.setattr(golden, "REGENERATE", False)
    golden.assert_matches_golden(_picture("AB"), "sample")
    with pytest.raises(AssertionError, match="differs"):
        golden.assert_matches_golden(_picture("WM"), "sample")


def test_golden_check_finds_one_wrong_letter_on_a_big_card(tmp_path, monkeypatch):
    # One letter of 600×300 is a few hundredths of the pixels: the whole-picture shares pass it,
    # the check of each square of the picture does not.
    monkeypatch.setattr(golden, "FOLDER", tmp_path)
    monkeypatch.setattr(golden, "REGENERATE", True)
    golden.assert_matches_golden(_picture("Alice 500 pts", (600, 300)), "card")
    monkeypatch.setattr(golden, "REGENERATE", False)
    with pytest.raises(AssertionError, match="worst 24-pixel square"):
        golden.assert_matches_golden(_picture("Alice 509 pts", (600, 300)), "card")


def test_exact_palette_keeps_the_common_colours_and_draws_the_rest_in_the_nearest():
    # 300 flat colours, the commonest 255 kept exactly (a tie at the 255th broken by the colour,
    # not by Pillow's table); the rest go to the nearest kept one by RGB, as a brute-force
    # search finds it; clear pixels stay clear; the quick encoding holds the same pixels.
    rng = np.random.default_rng(5)
    colours = [(int(r), int(g), int(b)) for r, g, b in rng.integers(0, 256, size=(300, 3))]
    image = Image.new("RGBA", (300, 60), (9, 9, 9, 0))
    draw = ImageDraw.Draw(image)
    for k, colour in enumerate(colours):
        draw.rectangle((k, 0, k, 59 - k // 6), fill=(*colour, 255))  # the later, the fewer pixels
    image.putpixel((0, 0), (200, 10, 10, 100))  # under half opaque: clear
    out = png.exact_palette(image)
    counts = sorted(image.getcolors(1 << 20), key=lambda item: (-item[0], item[1]))
    kept = [colour[:3] for _, colour in counts if colour[3] >= 128][:255]
    shown = out.convert("RGBA")
    for x in range(300):  # the top row: one pixel of each colour (the first one clear)
        pixel = image.getpixel((x, 0))
        if pixel[3] < 128:
            assert shown.getpixel((x, 0))[3] == 0
            continue
        nearest = min(kept, key=lambda c: sum((a - b) ** 2 for a, b in zip(c, pixel[:3], strict=True)))
        assert shown.getpixel((x, 0)) == (*nearest, 255), x
    assert set(kept) <= {colour[:3] for _, colour in shown.getcolors(1 << 20)}
    quick, small = png.encode(out, quick=True), png.encode(out)
    assert Image.open(io.BytesIO(quick)).tobytes() == Image.open(io.BytesIO(small)).tobytes()
