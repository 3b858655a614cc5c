"""PNG bytes from a Pillow image, checked against Discord's limits, and drawing off the event loop."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable
from typing import ParamSpec, TypeVar

import numpy as np
from PIL import Image

MAX_BYTES = 8 * 1024 * 1024  # Discord's smallest upload limit (a server without boosts takes 10 MiB)
MAX_SIDE = 4096  # Discord shows larger images scaled down and blurred; we never draw one

P = ParamSpec("P")
T = TypeVar("T")


class PictureTooBig(ValueError):
    """A picture over Discord's limits: a bug in the drawing code, never sent."""


def in_palette(image: Image.Image) -> Image.Image:
    """The picture in a palette of 256 colours: PNG encodes that several times faster than full
    colour (a chain's anti-aliased lines: 80 ms against under 30), in a third of the bytes, and
    it looks the same. The quantizer averages alpha too, which would leave a card a shade
    see-through: near-opaque and near-clear colours are made exactly so."""
    quantized = image.quantize(256, method=Image.Quantize.FASTOCTREE)
    if image.mode != "RGBA":
        return quantized
    palette = quantized.getpalette("RGBA")
    for alpha in range(3, len(palette), 4):
        palette[alpha] = 255 if palette[alpha] >= 248 else 0 if palette[alpha] <= 8 else palette[alpha]
    quantized.putpalette(palette, "RGBA")
    return quantized


def exact_palette(image: Image.Image) -> Image.Image:
    """An RGBA picture of flat colours as a palette image: its 255 most common colours kept
    exactly (Pillow's quantizers move them), each rarer one (an anti-aliased edge) drawn in the
    nearest of those, and the clear corners transparent (index 255).

    Quick on a big picture (a quiz board of 100 cells, two million pixels): the colours are
    counted in a table sized for thousands, not for every pixel; the nearest colours are one
    small matrix product (exact: whole numbers well within a float's 24 bits); and each pixel
    finds its colour's index in a table by its RGB, where a binary search of the colours took
    four times as long. That table is 16 MiB of zeros, of which the system only ever backs the
    pages of the colours drawn."""
    # Pillow sizes its count's table by the most colours allowed: a few thousand are plenty
    counts = image.getcolors(1 << 16) or image.getcolors(image.width * image.height)
    counts.sort(key=lambda item: (-item[0], item[1]))  # whatever order the table gave them
    colours = np.array([colour for _, colour in counts], dtype=np.uint8)  # most common first
    keys = colours.view(np.uint32)[:, 0]  # one number a colour, as the pixels read below: RGB, then alpha on top
    seen = colours[:, 3] >= 128
    kept = colours[seen][:255, :3].astype(np.float32)
    # |colour - kept|² less |colour|², the same for every kept colour, so the same nearest one
    distance = (kept * kept).sum(axis=1)[None, :] - 2 * colours[:, :3].astype(np.float32) @ kept.T
    index = distance.argmin(axis=1).astype(np.uint8)
    by_rgb = np.zeros(1 << 24, dtype=np.uint8)
    by_rgb[keys[seen] & 0xFFFFFF] = index[seen]  # a seen colour's index depends on its RGB alone
    pixels = np.ascontiguousarray(np.asarray(image)).view(np.uint32)[..., 0]
    out = Image.fromarray(np.where(pixels >= 128 << 24, by_rgb[pixels & 0xFFFFFF], 255).astype(np.uint8), "P")
    palette = np.zeros((256, 3), dtype=np.uint8)
    palette[: len(kept)] = kept
    out.putpalette(palette.ravel().tolist())
    out.info["transparency"] = 255
    return out


def encode(image: Image.Image, size: tuple[int, int] | None = None, *, quick: bool = False) -> bytes:
    """The image as PNG bytes, first resized (drawn big, shrunk smooth) when ``size`` is given.
    ``quick``: zlib's default level, not its slowest; on a big picture of flat colours (a quiz
    board of 50 cells, 900 pixels a side) a tenth of the time, for a tenth more bytes."""
    if size is not None and image.size != size:
        image = image.resize(size, Image.LANCZOS)
    if max(image.size) > MAX_SIDE:
        raise PictureTooBig(f"{image.size[0]}×{image.size[1]} pixels is over {MAX_SIDE}")
    out = io.BytesIO()
    image.save(out, format="PNG", **({"compress_level": 6} if quick else {"optimize": True}))
    data = out.getvalue()
    if len(data) > MAX_BYTES:
        raise PictureTooBig(f"{len(data):,} bytes is over {MAX_BYTES:,}")
    return data


async def drawn(draw: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """Run a drawing function in a thread: Pillow releases the GIL while it draws and encodes, so
    the event loop keeps answering (every picture also stays under 100 ms, see benchmarks/pictures.py)."""
    return await asyncio.to_thread(draw, *args, **kwargs)
