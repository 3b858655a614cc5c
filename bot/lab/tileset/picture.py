"""A picture of a tileset: each tile a wooden game tile with its letters, ten to a row.

A padding dot shows as a small raised dot. The tiles sit on a dark rack, so the picture reads
the same on Discord's light and dark themes.
"""

from __future__ import annotations

import functools
import io

from PIL import Image, ImageDraw, ImageFont

RACK = (44, 62, 58, 255)
TILE = (239, 216, 170, 255)
EDGE = (176, 140, 84, 255)
LETTER = (30, 24, 18, 255)
PER_ROW = 10
SCALE = 2  # draw big, then shrink: smooth edges


@functools.lru_cache(maxsize=64)
def render_tiles(tiles: tuple[str, ...], tile_size: int = 64) -> bytes:
    """A PNG of ``tiles`` (strings of 1-3 letters, '.' for padding), in the order given."""
    if not tiles:
        raise ValueError("a picture needs at least one tile")
    longest = max(len(tile) for tile in tiles)
    width, height = int(tile_size * (0.6 + 0.4 * longest)) * SCALE, tile_size * SCALE
    gap = height // 6
    columns = min(PER_ROW, len(tiles))
    rows = -(-len(tiles) // PER_ROW)
    image = Image.new("RGBA", (gap + columns * (width + gap), gap + rows * (height + gap)), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, image.width - 1, image.height - 1), radius=gap, fill=RACK)
    font = ImageFont.load_default(size=int(height * 0.52))
    for index, tile in enumerate(tiles):
        x = gap + (index % PER_ROW) * (width + gap)
        y = gap + (index // PER_ROW) * (height + gap)
        draw.rounded_rectangle((x, y + gap // 4, x + width, y + height), radius=gap // 2, fill=EDGE)
        draw.rounded_rectangle((x, y, x + width, y + height - gap // 4), radius=gap // 2, fill=TILE)
        step = width / (len(tile) + 1)
        for k, ch in enumerate(tile.upper()):
            cx, cy = x + step * (k + 1), y + (height - gap // 4) / 2
            if ch == ".":
                r = height * 0.05
                draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=LETTER)
            else:
                draw.text((cx, cy), ch, font=font, fill=LETTER, anchor="mm")
    image = image.resize((image.width // SCALE, image.height // SCALE), Image.LANCZOS)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
