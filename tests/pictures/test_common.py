"""The shared picture parts: bundled fonts, PNG limits, drawing off the loop, the golden check."""

from __future__ import annotations

import asyncio
import io
import threading

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
