"""The one test clock: a callable returning an aware UTC time that a test moves by hand."""

from __future__ import annotations

import datetime as dt
import io


class Clock:
    def __init__(self, now: dt.datetime) -> None:
        self.now = self.start = now

    def __call__(self) -> dt.datetime:
        return self.now


class Typed(io.StringIO):
    """Standard input whose lines are typed at given moments (seconds after the clock's start):
    reading the k-th line (or the end, after the last) moves the clock to the k-th moment."""

    def __init__(self, clock: Clock, lines: list[str], moments: list[float] | tuple[float, ...] = ()) -> None:
        super().__init__("".join(f"{line}\n" for line in lines))
        self.clock, self.moments = clock, list(moments)

    def readline(self, *args) -> str:
        if self.moments:
            self.clock.now = self.clock.start + dt.timedelta(seconds=self.moments.pop(0))
        return super().readline(*args)
