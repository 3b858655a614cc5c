"""What the benchmarks share: timing a call several times, and milliseconds as text."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def timed(function: Callable[[], T], repeats: int) -> tuple[T, list[float]]:
    """The last result of ``repeats`` calls and the seconds each call took."""
    times, result = [], None
    for _ in range(repeats):
        started = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - started)
    return result, times  # type: ignore[return-value]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.0f} ms" if seconds >= 0.1 else f"{seconds * 1000:.1f} ms"
