"""The terminal player's clock in study's tests: a fixed start (``T0``), and standard input whose
lines are typed at given moments, so that a review's time (and so its grade) is what the test
says. The ``clock`` fixture (conftest.py) puts it in place of ``utc_now``."""

import datetime as dt
import io

T0 = dt.datetime(2026, 11, 26, 12, tzinfo=dt.UTC)


class Clock:
    def __init__(self):
        self.now = T0

    def __call__(self):
        return self.now


class Typed(io.StringIO):
    """Standard input whose lines are typed at given moments (seconds after T0)."""

    def __init__(self, clock, lines, moments=()):
        super().__init__("".join(f"{line}\n" for line in lines))
        self.clock, self.moments = clock, list(moments)

    def readline(self, *args):
        if self.moments:
            self.clock.now = T0 + dt.timedelta(seconds=self.moments.pop(0))
        return super().readline(*args)
