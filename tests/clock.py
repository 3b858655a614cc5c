"""The one test clock: a callable returning an aware UTC time that a test moves by hand."""

from __future__ import annotations

import datetime as dt


class Clock:
    def __init__(self, now: dt.datetime) -> None:
        self.now = now

    def __call__(self) -> dt.datetime:
        return self.now
