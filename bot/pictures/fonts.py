"""The bundled fonts (``fonts/``, built by ``scripts/build_fonts.py``, licence beside them), so a
picture looks the same on every machine whatever Pillow or the system ships."""

from __future__ import annotations

import functools
import pathlib

from PIL import ImageFont

FOLDER = pathlib.Path(__file__).resolve().parent / "fonts"
REGULAR = FOLDER / "WordbotSans.ttf"
BOLD = FOLDER / "WordbotSans-Bold.ttf"


@functools.lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled sans-serif at ``size`` pixels (bold for letters on tiles, titles and numbers)."""
    return ImageFont.truetype(str(BOLD if bold else REGULAR), max(1, int(size)))
