"""The pictures' common parts: a card to draw on (``Canvas``), its colours, and names made safe to
draw and cut to fit. The boards' calendar, the quiz's board and the study card draw on it."""

from __future__ import annotations

import functools
import unicodedata

from PIL import Image, ImageDraw, ImageFont

from bot.pictures import fonts, png

SCALE = 1  # 2 draws smoother corners and dots, at twice the time (most of 100 ms under load)
CARD = (250, 250, 247)
EDGE = (200, 204, 210)
INK = (31, 35, 40)
MUTED = (96, 104, 114)
TILE = (238, 239, 236)

NOT_IN_FONT = "\ue000"  # a private-use character: no font of ours has it


class Canvas:
    """A card drawn at ``SCALE`` times its size: coordinates are given at the final size."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.image = Image.new("RGBA", (size[0] * SCALE, size[1] * SCALE), (*EDGE, 0))  # edges shrink to EDGE
        self.draw = ImageDraw.Draw(self.image)
        self.draw.rounded_rectangle((0, 0, size[0] * SCALE - 1, size[1] * SCALE - 1), radius=14 * SCALE,
                                    fill=CARD, outline=EDGE, width=SCALE)

    def font(self, size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
        return fonts.font(size * SCALE, bold)

    def text(self, xy: tuple[float, float], text: str, size: int, fill=INK, bold: bool = False,
             anchor: str = "la") -> None:
        self.draw.text((xy[0] * SCALE, xy[1] * SCALE), text, font=self.font(size, bold), fill=fill, anchor=anchor)

    def box(self, box: tuple[float, float, float, float], fill, radius: float = 2, outline=None,
            width: int = 0) -> None:
        self.draw.rounded_rectangle(tuple(v * SCALE for v in box), radius=radius * SCALE, fill=fill,
                                    outline=outline, width=width * SCALE)

    def dot(self, centre: tuple[float, float], radius: float, fill) -> None:
        x, y = centre
        self.draw.ellipse(((x - radius) * SCALE, (y - radius) * SCALE, (x + radius) * SCALE, (y + radius) * SCALE),
                          fill=fill)

    def polygon(self, points: list[tuple[float, float]], fill) -> None:
        self.draw.polygon([(x * SCALE, y * SCALE) for x, y in points], fill=fill)

    def fit(self, text: str, size: int, width: float, bold: bool = False) -> str:
        """``text`` cut to ``width`` (at the final size) in this font."""
        return fit(text, self.font(size, bold), width * SCALE)

    def width(self, text: str, size: int, bold: bool = False) -> float:
        return self.font(size, bold).getlength(text) / SCALE

    def png(self) -> bytes:
        """Reduced to an exact palette, which PNG encodes four times faster than full colour (a
        picture drawn big is first shrunk by averaging: crisp squares, no Lanczos ringing)."""
        return png.encode(png.exact_palette(self.image.reduce(SCALE) if SCALE > 1 else self.image))


# ------------------------------------------------------------------------ names, safe to draw

@functools.lru_cache(maxsize=4096)
def in_font(character: str) -> bool:
    """Whether our bundled font draws the character (anything else comes out as an empty box)."""
    face = fonts.font(16)
    mask, missing = face.getmask(character), face.getmask(NOT_IN_FONT)
    return (mask.size, bytes(mask)) != (missing.size, bytes(missing))


def drawable(name: str, fallback: str) -> str:
    """A player's name as we can draw it: controls and direction marks dropped, emoji and other
    symbols our font lacks dropped, letters it lacks shown as one ``?`` a run; ``fallback``
    when no letter or digit is left."""
    out: list[str] = []
    for character in unicodedata.normalize("NFC", name):
        category = unicodedata.category(character)
        if character.isspace() or category in ("Zl", "Zp"):
            character = " "
        if character != " " and (category[0] == "C" or not in_font(character)):
            if category[0] in "CMSZ" or (out and out[-1] == "?"):
                continue
            character = "?"
        out.append(character)
    text = " ".join("".join(out).split())
    return text if any(c.isalnum() for c in text) else fallback


def fit(text: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    """``text`` cut (with an ellipsis) to at most ``width`` pixels in ``face``."""
    if face.getlength(text) <= width:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest prefix that fits with its ellipsis
        middle = (low + high + 1) // 2
        if face.getlength(text[:middle].rstrip() + "…") <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + "…"
