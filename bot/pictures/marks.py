"""The icons' marks as the pictures draw them (``bot.icons``: a star for Genius, a crown for Queen
Bee, a target for at or under par, a diamond for two words, a three-quarter pie and a tick for the
daily challenges' three quarters and every word). Drawn as shapes, since the picture font has no
emoji, on anything with ``polygon(points, fill)`` and ``dot(centre, radius, fill)`` at the
picture's own size (``bot.pictures.canvas.Canvas``)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Protocol

from bot.icons import RGB, Icon

Point = tuple[float, float]


class Surface(Protocol):
    def polygon(self, points: list[Point], fill) -> None: ...

    def dot(self, centre: Point, radius: float, fill) -> None: ...


def star(surface: Surface, centre: Point, radius: float, fill: RGB, ground: RGB) -> None:
    x, y = centre
    points = [(x + (radius if k % 2 == 0 else radius * 0.45) * math.sin(k * math.pi / 5),
               y - (radius if k % 2 == 0 else radius * 0.45) * math.cos(k * math.pi / 5)) for k in range(10)]
    surface.polygon(points, fill)


def crown(surface: Surface, centre: Point, radius: float, fill: RGB, ground: RGB) -> None:
    x, y = centre
    r = radius
    surface.polygon([(x - r, y + 0.6 * r), (x - r, y - 0.6 * r), (x - 0.5 * r, y), (x, y - 0.85 * r),
                     (x + 0.5 * r, y), (x + r, y - 0.6 * r), (x + r, y + 0.6 * r)], fill)


def target(surface: Surface, centre: Point, radius: float, fill: RGB, ground: RGB) -> None:
    surface.dot(centre, radius, fill)
    surface.dot(centre, radius * 0.62, ground)
    surface.dot(centre, radius * 0.32, fill)


def diamond(surface: Surface, centre: Point, radius: float, fill: RGB, ground: RGB) -> None:
    x, y = centre
    surface.polygon([(x, y - radius), (x + radius * 0.75, y), (x, y + radius), (x - radius * 0.75, y)], fill)


def pie(surface: Surface, centre: Point, radius: float, fill: RGB, ground: RGB) -> None:
    """Three quarters of a disc, from twelve o'clock round to nine."""
    x, y = centre
    arc = [(x + radius * math.sin(k * math.pi / 16), y - radius * math.cos(k * math.pi / 16)) for k in range(25)]
    surface.polygon([(x, y), *arc], fill)


def tick(surface: Surface, centre: Point, radius: float, fill: RGB, ground: RGB) -> None:
    x, y, r = *centre, radius
    surface.polygon([(x - r, y), (x - 0.6 * r, y - 0.4 * r), (x - 0.25 * r, y + 0.1 * r), (x + 0.6 * r, y - 0.8 * r),
                     (x + r, y - 0.4 * r), (x - 0.25 * r, y + 0.85 * r)], fill)


def triangle(surface: Surface, centre: Point, radius: float, fill: RGB, ground: RGB) -> None:
    """A triangle pointing up: one step short of the top."""
    x, y, r = *centre, radius
    surface.polygon([(x, y - r), (x + 0.9 * r, y + 0.7 * r), (x - 0.9 * r, y + 0.7 * r)], fill)


def flag(surface: Surface, centre: Point, radius: float, fill: RGB, ground: RGB) -> None:
    """A flag on its pole: the finish reached in the fewest steps."""
    x, y, r = *centre, radius
    surface.polygon([(x - 0.7 * r, y - r), (x - 0.45 * r, y - r), (x - 0.45 * r, y + r), (x - 0.7 * r, y + r)], fill)
    surface.polygon([(x - 0.45 * r, y - r), (x + 0.8 * r, y - 0.55 * r), (x - 0.45 * r, y - 0.1 * r)], fill)


SHAPES: dict[str, Callable[[Surface, Point, float, RGB, RGB], None]] = {
    "star": star, "crown": crown, "target": target, "diamond": diamond, "pie": pie, "tick": tick,
    "triangle": triangle, "flag": flag}


def draw(surface: Surface, icon: Icon, centre: Point, radius: float, ground: RGB, fill: RGB | None = None) -> None:
    """The icon's mark centred on ``centre``, ``radius`` from its middle to its tips, in its own
    colour (or ``fill``) on ``ground`` (the colour under it: the target's rings show it)."""
    if icon.mark is None:
        raise ValueError(f"the icon {icon.name!r} is text only: it has no mark to draw")
    SHAPES[icon.mark](surface, centre, radius, fill or icon.colour, ground)
