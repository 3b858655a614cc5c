"""A player's study settings: reading a change (typed or given as values) and checking it, and
the settings as stored. Every refusal is one line (``StudyError``)."""

from __future__ import annotations

import dataclasses
import datetime as dt
import math
from collections.abc import Collection, Mapping
from typing import Any
from zoneinfo import ZoneInfo

from bot.daily.zones import Unreadable, read_time, read_zone
from bot.study.model import StudyError, StudySettings
from solvers.screen import quoted

RETENTION_RANGE = (0.70, 0.99)
NEW_PER_DAY_MAX, REVIEWS_PER_DAY_MAX = 1000, 10000
NAMES = tuple(f.name for f in dataclasses.fields(StudySettings))


def from_row(row: Mapping[str, Any] | None, default_lexicon: str) -> tuple[StudySettings, str]:
    """The settings stored (the defaults without a row), and the time the misses are taken from."""
    if row is None:
        return StudySettings(lexicon=default_lexicon), ""
    remind = dt.time.fromisoformat(row["remind_at"]) if row["remind_at"] else None
    return StudySettings(row["retention"], row["new_per_day"], row["reviews_per_day"], bool(row["from_misses"]), remind,
                         row["zone"], bool(row["in_dm"]), row["lexicon"]), row["misses_since"]


def to_row(settings: StudySettings, misses_since: str) -> dict[str, Any]:
    return {"retention": settings.retention, "new_per_day": settings.new_per_day,
            "reviews_per_day": settings.reviews_per_day, "from_misses": int(settings.from_misses),
            "remind_at": settings.remind_at.strftime("%H:%M") if settings.remind_at else None, "zone": settings.zone,
            "in_dm": int(settings.in_dm), "lexicon": settings.lexicon, "misses_since": misses_since}


def changed(settings: StudySettings, changes: Mapping[str, object], lexicons: Collection[str]) -> StudySettings:
    """``settings`` with ``changes`` made, each checked; StudyError (one line) for the first bad one."""
    values: dict[str, Any] = {}
    for name, value in changes.items():
        if name not in NAMES:
            raise StudyError(f"There is no study setting called {quoted(repr(str(name)[:30]), 'that')}: "
                             f"{', '.join(NAMES)}.")
        values[name] = _READERS[name](value, lexicons)
    return dataclasses.replace(settings, **values)


def _retention(value: object, _: Collection[str]) -> float:
    low, high = RETENTION_RANGE
    try:
        number = float(str(value).strip().rstrip("%")) if not isinstance(value, bool) else math.nan
    except ValueError:
        number = math.nan
    if 1 < number <= 100:  # 90 or 90%: a percentage
        number /= 100
    if not low <= number <= high:
        raise StudyError(f"Desired retention is between {low:.2f} and {high:.2f} (0.9 = 90% remembered).")
    return round(number, 4)


def _count(name: str, high: int):
    def read(value: object, _: Collection[str]) -> int:
        try:
            number = int(str(value).strip()) if not isinstance(value, bool) else -1
        except ValueError:
            number = -1
        if not 0 <= number <= high:
            raise StudyError(f"{name} is a whole number from 0 to {high:,}.")
        return number
    return read


def _flag(name: str):
    def read(value: object, _: Collection[str]) -> bool:
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in ("on", "yes", "true", "1"):
            return True
        if text in ("off", "no", "false", "0"):
            return False
        raise StudyError(f"{name} is on or off.")
    return read


def _remind_at(value: object, _: Collection[str]) -> dt.time | None:
    if value is None or isinstance(value, str) and value.strip().lower() in ("off", "none", "no", ""):
        return None
    if isinstance(value, dt.time):
        return value.replace(second=0, microsecond=0, tzinfo=None)
    try:
        return read_time(str(value))
    except Unreadable as error:
        raise StudyError(str(error)) from None


def _zone(value: object, _: Collection[str]) -> str:
    try:
        name = read_zone(str(value)).name
        ZoneInfo(name)
    except (Unreadable, ValueError, KeyError) as error:
        raise StudyError(str(error).splitlines()[0] if isinstance(error, Unreadable)
                         else "I don't know that time zone.") \
            from None
    return name


def _lexicon(value: object, lexicons: Collection[str]) -> str:
    name = str(value).strip().lower()
    if name not in lexicons:
        raise StudyError(f"The word list is one of {', '.join(sorted(lexicons))}.")
    return name


_READERS = {"retention": _retention, "new_per_day": _count("New cards per day", NEW_PER_DAY_MAX),
            "reviews_per_day": _count("Reviews per day", REVIEWS_PER_DAY_MAX),
            "from_misses": _flag("Cards from your misses"), "remind_at": _remind_at, "zone": _zone,
            "in_dm": _flag("Study in DMs"), "lexicon": _lexicon}
