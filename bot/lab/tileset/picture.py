"""A picture of a tileset: each tile a cream game tile with its letters, ten to a row, on a
wooden tray.

The tray is a mid-tone wood that stands out at least 3:1 (WCAG contrast) from both Discord's dark
(#313338) and light (#ffffff) backgrounds, so its edge shows on either theme; the letters are
near-black on cream. A padding dot shows as a small raised dot.

Drawn at its final size: each tile's rounded shape is drawn once, smoothed at twice the size,
and pasted where it goes; the letters are anti-aliased by the font itself. The picture has a
few hundred colours, so it is saved with a palette of 256: a third of the bytes, and encoding
(most of the time) three times quicker. So 200 tiles stay well under 100 ms
(``benchmarks/pictures.py``), where drawing everything twice as big and shrinking it took a
quarter of a second.
"""

from __future__ import annotations

import functools

from PIL import Image, ImageDraw

from bot.pictures import fonts, png

TRAY = (176, 120, 64, 255)  # a rack's wood
TILE = (246, 230, 194, 255)
TILE_EDGE = (122, 82, 40, 255)  # the tile's thickness, seen below its face
LETTER = (30, 24, 18, 255)
PER_ROW = 10
SCALE = 2  # shapes drawn this much bigger, then shrunk: smooth edges
MANY = 40  # more tiles than this draw smaller: Discord shows a big picture shrunk anyway


def default_tile_size(count: int) -> int:
    """Tiles' height in pixels: smaller for a big set, which keeps the picture quick to draw and
    light to send (200 tiles make twenty rows)."""
    return 64 if count <= MANY else 44


@functools.lru_cache(maxsize=8)
def _tile(width: int, height: int, depth: int, radius: int) -> Image.Image:
    """One blank tile (its face, and its edge showing below), smoothed, on a transparent ground."""
    big = Image.new("RGBA", (width * SCALE, height * SCALE), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    draw.rounded_rectangle((0, depth * SCALE, big.width - 1, big.height - 1), radius=radius * SCALE, fill=TILE_EDGE)
    draw.rounded_rectangle((0, 0, big.width - 1, (height - depth) * SCALE - 1), radius=radius * SCALE, fill=TILE)
    return big.resize((width, height), Image.LANCZOS)


def _tray(width: int, height: int, radius: int) -> Image.Image:
    """The tray: a wooden rectangle whose rounded corners are smoothed (only they are drawn big)."""
    circle = Image.new("L", (2 * radius * SCALE, 2 * radius * SCALE), 0)
    ImageDraw.Draw(circle).ellipse((0, 0, circle.width - 1, circle.height - 1), fill=255)
    circle = circle.resize((2 * radius, 2 * radius), Image.LANCZOS)
    mask = Image.new("L", (width, height), 255)
    for left, top in ((0, 0), (1, 0), (0, 1), (1, 1)):
        quarter = circle.crop((left * radius, top * radius, (left + 1) * radius, (top + 1) * radius))
        mask.paste(quarter, (left * (width - radius), top * (height - radius)))
    tray = Image.new("RGBA", (width, height), TRAY)
    tray.putalpha(mask)
    return tray


@functools.lru_cache(maxsize=256)
def _glyph(ch: str, height: int) -> tuple[Image.Image, int, int, float]:
    """One letter, or the padding dot, for tiles ``height`` high, drawn once as a coverage mask
    and then pasted (a third of the time of drawing each letter anew): the mask, where its
    top-left corner sits from the letter's centre, and the room the letter takes in a row."""
    if ch == ".":
        side = max(3, round(height * 0.1))
        big = Image.new("L", (side * SCALE, side * SCALE), 0)
        ImageDraw.Draw(big).ellipse((0, 0, big.width - 1, big.height - 1), fill=255)
        return big.resize((side, side), Image.LANCZOS), -(side // 2), -(side // 2), height * 0.3
    font = fonts.font(int(height * 0.46), bold=True)
    left, top, right, bottom = font.getbbox(ch, anchor="mm")
    mask = Image.new("L", (right - left, bottom - top), 0)
    ImageDraw.Draw(mask).text((-left, -top), ch, font=font, fill=255, anchor="mm")
    return mask, left, top, font.getlength(ch)


def _letters(image: Image.Image, letters: str, cx: float, cy: float, height: int) -> None:
    """A tile's letters centred at (cx, cy), spaced as in a word (each letter its own width, a
    little apart); a padding '.' is a dot in a letter's room."""
    glyphs = [_glyph(ch, height) for ch in letters]
    spacing = height * 0.05
    x = cx - (sum(room for *_, room in glyphs) + spacing * (len(letters) - 1)) / 2
    for mask, left, top, room in glyphs:
        image.paste(LETTER, (round(x + room / 2) + left, round(cy) + top), mask)
        x += room + spacing


@functools.lru_cache(maxsize=64)
def render_tiles(tiles: tuple[str, ...], tile_size: int | None = None) -> bytes:
    """A PNG of ``tiles`` (strings of 1-3 letters, '.' for padding), in the order given, each
    ``tile_size`` pixels high (default: :func:`default_tile_size`)."""
    if not tiles:
        raise ValueError("a picture needs at least one tile")
    height = tile_size or default_tile_size(len(tiles))
    longest = max(len(tile) for tile in tiles)
    width = int(height * (0.6 + 0.4 * longest))
    gap, depth = height // 6, max(2, height // 20)
    columns, rows = min(PER_ROW, len(tiles)), -(-len(tiles) // PER_ROW)
    image = _tray(gap + columns * (width + gap), gap + rows * (height + gap), gap)
    blank = _tile(width, height, depth, max(2, gap // 2))
    for index, tile in enumerate(tiles):
        x = gap + (index % PER_ROW) * (width + gap)
        y = gap + (index // PER_ROW) * (height + gap)
        image.alpha_composite(blank, (x, y))
        _letters(image, tile.upper(), x + width / 2, y + (height - depth) / 2, height)
    return png.encode(png.in_palette(image))
