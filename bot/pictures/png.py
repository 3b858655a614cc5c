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
    nearest of those, and the clear corners transparent (index 255)."""
    counts = image.getcolors(image.width * image.height)
    counts.sort(key=lambda item: item[0], reverse=True)
    colours = np.array([colour for _, colour in counts], dtype=np.uint8)  # most common first
    keys = colours.view(np.uint32)[:, 0]  # one number a colour, as the pixels read below
    seen = colours[:, 3] >= 128
    kept = colours[seen][:255, :3].astype(np.int32)
    distance = ((colours[:, None, :3].astype(np.int32) - kept[None, :, :]) ** 2).sum(axis=2)
    index = np.where(seen, distance.argmin(axis=1), 255).astype(np.uint8)
    order = np.argsort(keys)
    pixels = np.ascontiguousarray(np.asarray(image)).view(np.uint32)[..., 0]
    out = Image.fromarray(index[order[np.searchsorted(keys[order], pixels)]], "P")
    palette = np.zeros((256, 3), dtype=np.uint8)
    palette[: len(kept)] = kept
    out.putpalette(palette.ravel().tolist())
    out.info["transparency"] = 255
    return out


def encode(image: Image.Image, size: tuple[int, int] | None = None) -> bytes:
    """The image as PNG bytes, first resized (drawn big, shrunk smooth) when ``size`` is given."""
    if size is not None and image.size != size:
        image = image.resize(size, Image.LANCZOS)
    if max(image.size) > MAX_SIDE:
        raise PictureTooBig(f"{image.size[0]}×{image.size[1]} pixels is over {MAX_SIDE}")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    data = out.getvalue()
    if len(data) > MAX_BYTES:
        raise PictureTooBig(f"{len(data):,} bytes is over {MAX_BYTES:,}")
    return data


async def drawn(draw: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """Run a drawing function in a thread: Pillow releases the GIL while it draws and encodes, so
    the event loop keeps answering (every picture also stays under 100 ms, see benchmarks/pictures.py)."""
    return await asyncio.to_thread(draw, *args, **kwargs)
