"""PNG bytes from a Pillow image, checked against Discord's limits, and drawing off the event loop."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from PIL import Image

MAX_BYTES = 8 * 1024 * 1024  # Discord's smallest upload limit (a server without boosts takes 10 MiB)
MAX_SIDE = 4096  # Discord shows larger images scaled down and blurred; we never draw one

P = ParamSpec("P")
T = TypeVar("T")


class PictureTooBig(ValueError):
    """A picture over Discord's limits: a bug in the drawing code, never sent."""


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
