"""A picture of a ladder: a row of letter tiles a rung, the start on top and the end at the bottom.

For the day's post it is spoiler-free: the start and the end in full, the rungs between as empty
tiles (``render_ladder(start, end, par)``). A player's climb (``rungs``) fills the rungs played,
each rung's changed letter marked in the ladder's green; a climb still short of the end leaves a
gap before the end. Tiles are light with near-black letters, outlined in a mid-tone that shows on
Discord's dark and light themes alike.
"""

from __future__ import annotations

import functools

from PIL import Image, ImageDraw

from bot.pictures import fonts, png
from solvers.ladder import changed_positions

LADDER_FILE = "ladder.png"
TILE = (236, 236, 236, 255)
ENDS = (200, 226, 210, 255)
CHANGED = (46, 139, 87, 255)
OUTLINE = (120, 120, 120, 255)
LETTER = (20, 20, 20, 255)
WHITE = (255, 255, 255, 255)
SCALE = 2
CELL = 44  # a tile's side, before SCALE
MOST = 12  # rungs drawn at most between the ends; more are summed up as a gap


@functools.lru_cache(maxsize=64)
def render_ladder(start: str, end: str, par: int, rungs: tuple[str, ...] = ()) -> bytes:
    """A PNG of the ladder from ``start`` to ``end``: ``rungs`` played (the end last when solved),
    else ``par - 1`` empty rungs between the ends."""
    rows: list[tuple[str | None, int | None, tuple]] = [(start, None, ENDS)]
    before = start
    for word in rungs[-MOST:]:
        changed = changed_positions(before, word) if len(before) == len(word) else []
        rows.append((word, changed[0] if len(changed) == 1 else None, ENDS if word == end else TILE))
        before = word
    if not rungs:
        rows += [(None, None, TILE)] * max(0, min(par - 1, MOST))
    if not rungs or rungs[-1] != end:
        if rungs:
            rows.append((None, None, TILE))
        rows.append((end, None, ENDS))
    length = len(start)
    cell, gap = CELL * SCALE, 8 * SCALE
    width = length * cell + (length + 1) * gap
    height = len(rows) * cell + (len(rows) + 1) * gap
    image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    font = fonts.font(int(cell * 0.6), bold=True)
    for r, (word, changed, fill) in enumerate(rows):
        y = gap + r * (cell + gap)
        for k in range(length):
            x = gap + k * (cell + gap)
            marked = changed == k
            draw.rounded_rectangle((x, y, x + cell, y + cell), radius=cell // 8, fill=CHANGED if marked else fill,
                                   outline=OUTLINE, width=SCALE * 2)
            if word is not None and k < len(word):
                draw.text((x + cell / 2, y + cell / 2), word[k].upper(), font=font,
                          fill=WHITE if marked else LETTER, anchor="mm")
    return png.encode(image, (width // SCALE, height // SCALE))


def alt_text(start: str, end: str, par: int, rungs: tuple[str, ...] = (), shown=str.upper) -> str:
    """The picture said in words: the ends and the rungs drawn (``shown`` writes a rung back)."""
    if not rungs:
        return f"Word ladder from {start.upper()} to {end.upper()}: {par - 1} empty rungs between."
    return f"Word ladder from {start.upper()} to {end.upper()}: " + " → ".join(
        [start.upper(), *map(shown, rungs)])
