"""Whether a picture reads on Discord's themes, in numbers: the WCAG 2 contrast ratio between
colours, and the colours at a picture's edge as it shows on each theme's background.

WCAG asks 3:1 for the parts of a graphic one must see (here the edge of a card, a tray or an
outline against the page) and 4.5:1 for text (letters against their tile or cell).
"""

from __future__ import annotations

import io

from PIL import Image

DARK = (49, 51, 56)  # Discord's dark theme, #313338
LIGHT = (255, 255, 255)  # its light theme
THEMES = {"dark": DARK, "light": LIGHT}
EDGE, TEXT = 3.0, 4.5


def luminance(colour: tuple[int, ...]) -> float:
    """WCAG 2's relative luminance of an sRGB colour (alpha, if any, ignored)."""
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(one: tuple[int, ...], other: tuple[int, ...]) -> float:
    """The contrast ratio, 1 (the same) to 21 (black on white)."""
    lighter, darker = sorted((luminance(one), luminance(other)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def on(png: bytes, background: tuple[int, int, int]) -> tuple[Image.Image, Image.Image]:
    """The picture as drawn (RGBA) and as it shows over ``background`` (RGB)."""
    picture = Image.open(io.BytesIO(png)).convert("RGBA")
    shown = Image.new("RGBA", picture.size, (*background, 255))
    shown.alpha_composite(picture)
    return picture, shown.convert("RGB")


def edge_colours(png: bytes, background: tuple[int, int, int], depth: int = 1) -> list[tuple[int, int, int]]:
    """Where the picture begins, walking in from the middle of each side: the colour shown
    ``depth`` pixels past the first fully opaque pixel (0: that pixel itself), on ``background``."""
    picture, shown = on(png, background)
    width, height = picture.size
    walks = (((width // 2, y) for y in range(height)), ((width // 2, y) for y in reversed(range(height))),
             ((x, height // 2) for x in range(width)), ((x, height // 2) for x in reversed(range(width))))
    found = []
    for walk in walks:
        inside = [point for point in walk if picture.getpixel(point)[3] == 255]
        found.append(shown.getpixel(inside[depth]))
    return found
