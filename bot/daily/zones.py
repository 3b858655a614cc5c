"""Time zones and times as an admin types them: ``Europe/London``, ``london``, ``new york``,
``São Paulo``, ``EST``, ``CET``, ``+02:00``, ``UTC-5``; ``09:00``, ``9am``, ``9:30 pm``, ``21h``.

Each is read to a zone of the tz database (what the schedule stores) or a time of day. A zone
read from anything but its own name comes with a line that says how it was read, so the admin
sees the choice. Pure: no Discord, no database.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
import unicodedata
from dataclasses import dataclass
from zoneinfo import available_timezones

# The zones most servers are in, first in the autocomplete when nothing is typed yet: the
# biggest places by online population across the Americas, Europe, Asia and Oceania.
POPULAR = ("America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles", "Europe/London",
           "Europe/Berlin", "Europe/Paris", "Asia/Kolkata", "Asia/Tokyo", "Australia/Sydney", "America/Sao_Paulo",
           "America/Toronto", "Europe/Madrid", "Europe/Amsterdam", "Asia/Singapore", "Asia/Manila", "Asia/Shanghai",
           "Europe/Moscow", "Europe/Istanbul", "America/Mexico_City", "Asia/Jakarta", "Africa/Lagos",
           "Pacific/Auckland", "America/Phoenix", "UTC")

# Abbreviations people type, each read as the zone most who type it mean (with daylight saving:
# EST and EDT both mean New York's clock). IST is India's (Ireland's is Europe/Dublin).
ABBREVIATIONS = {
    "et": "America/New_York", "est": "America/New_York", "edt": "America/New_York",
    "ct": "America/Chicago", "cst": "America/Chicago", "cdt": "America/Chicago",
    "mt": "America/Denver", "mst": "America/Denver", "mdt": "America/Denver",
    "pt": "America/Los_Angeles", "pst": "America/Los_Angeles", "pdt": "America/Los_Angeles",
    "akst": "America/Anchorage", "akdt": "America/Anchorage", "hst": "Pacific/Honolulu",
    "ast": "America/Halifax", "adt": "America/Halifax", "nst": "America/St_Johns", "ndt": "America/St_Johns",
    "gmt": "Europe/London", "bst": "Europe/London", "utc": "UTC", "z": "UTC", "wet": "Europe/Lisbon",
    "west": "Europe/Lisbon", "cet": "Europe/Paris", "cest": "Europe/Paris", "eet": "Europe/Athens",
    "eest": "Europe/Athens", "msk": "Europe/Moscow", "ist": "Asia/Kolkata", "pkt": "Asia/Karachi",
    "sgt": "Asia/Singapore", "hkt": "Asia/Hong_Kong", "pht": "Asia/Manila", "wib": "Asia/Jakarta",
    "jst": "Asia/Tokyo", "kst": "Asia/Seoul", "aest": "Australia/Sydney", "aedt": "Australia/Sydney",
    "acst": "Australia/Adelaide", "acdt": "Australia/Adelaide", "awst": "Australia/Perth",
    "nzst": "Pacific/Auckland", "nzdt": "Pacific/Auckland", "brt": "America/Sao_Paulo",
    "art": "America/Argentina/Buenos_Aires",
}

# Big cities that are not themselves the name of a zone, with the zone they keep.
CITIES = {
    "san francisco": "America/Los_Angeles", "seattle": "America/Los_Angeles", "portland": "America/Los_Angeles",
    "san diego": "America/Los_Angeles", "las vegas": "America/Los_Angeles", "washington": "America/New_York",
    "boston": "America/New_York", "miami": "America/New_York", "atlanta": "America/New_York",
    "philadelphia": "America/New_York", "dallas": "America/Chicago", "houston": "America/Chicago",
    "austin": "America/Chicago", "minneapolis": "America/Chicago", "salt lake city": "America/Denver",
    "montreal": "America/Toronto", "ottawa": "America/Toronto", "calgary": "America/Edmonton",
    "rio de janeiro": "America/Sao_Paulo", "rio": "America/Sao_Paulo", "munich": "Europe/Berlin",
    "frankfurt": "Europe/Berlin", "hamburg": "Europe/Berlin", "barcelona": "Europe/Madrid", "milan": "Europe/Rome",
    "geneva": "Europe/Zurich", "manchester": "Europe/London", "edinburgh": "Europe/London",
    "glasgow": "Europe/London", "birmingham": "Europe/London", "st petersburg": "Europe/Moscow",
    "mumbai": "Asia/Kolkata", "delhi": "Asia/Kolkata", "new delhi": "Asia/Kolkata", "bangalore": "Asia/Kolkata",
    "bengaluru": "Asia/Kolkata", "chennai": "Asia/Kolkata", "hyderabad": "Asia/Kolkata", "beijing": "Asia/Shanghai",
    "shenzhen": "Asia/Shanghai", "osaka": "Asia/Tokyo", "kyoto": "Asia/Tokyo", "canberra": "Australia/Sydney",
    "wellington": "Pacific/Auckland", "abu dhabi": "Asia/Dubai", "tel aviv": "Asia/Jerusalem",
}

# Offsets of half and quarter hours, with the zone that keeps each (whole hours are Etc/GMT zones).
ODD_OFFSETS = {(5, 30): "Asia/Kolkata", (5, 45): "Asia/Kathmandu", (3, 30): "Asia/Tehran", (4, 30): "Asia/Kabul",
               (6, 30): "Asia/Yangon", (9, 30): "Australia/Darwin", (10, 30): "Australia/Lord_Howe",
               (8, 45): "Australia/Eucla", (12, 45): "Pacific/Chatham", (-3, -30): "America/St_Johns",
               (-9, -30): "Pacific/Marquesas"}

_OFFSET = re.compile(r"(?:utc|gmt)?\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?")
_TIME = re.compile(r"(\d{1,2})(?:\s*[:.h]\s*(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.|h)?")


class Unreadable(ValueError):
    """Text that is no zone or no time; the message says what is accepted."""


@dataclass(frozen=True, slots=True)
class Zone:
    name: str  # a zone of the tz database
    read_as: str | None = None  # how typed text was read, when it was not the zone's own name


@functools.cache
def zones() -> frozenset[str]:
    """The zones a schedule may keep: the tz database's ``Area/City`` names and UTC (not its
    legacy names such as ``EST``, a fixed offset: ``EST`` is read as New York's clock instead)."""
    return frozenset(z for z in available_timezones() if "/" in z or z == "UTC")


def _key(text: str) -> str:
    """Lower case, accents dropped, underscores and runs of spaces as one space."""
    folded = "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))
    return " ".join(folded.lower().replace("_", " ").split())


@functools.cache
def _by_key() -> dict[str, str]:
    """Each zone by its whole name and by its city (the last part), folded; cities first claimed by the
    popular zones, then alphabetically (a city name shared by two zones goes to the first). The
    ``Etc/GMT±N`` zones count their offsets the other way round, so only their whole names count."""
    table: dict[str, str] = {}
    for name in [*POPULAR, *sorted(zones())]:
        if name in zones():
            table.setdefault(_key(name), name)
            if not name.startswith("Etc/"):  # Etc/GMT+10 is UTC-10: its last part is no city to read
                table.setdefault(_key(name.rsplit("/", 1)[-1]), name)
    return table


_ETC = re.compile(r"Etc/GMT([+-])(\d{1,2})")


def shown_zone(name: str) -> str:
    """A stored zone as a person reads it: a fixed offset as ``UTC+05:00`` (the tz database's
    ``Etc/GMT-5``, whose sign is the other way round), any other zone by its name."""
    if (etc := _ETC.fullmatch(name)) is None:
        return name
    return f"UTC{'-' if etc[1] == '+' else '+'}{int(etc[2]):02d}:00"


def read_zone(text: str) -> Zone:
    """The zone ``text`` names: a zone's name in any case, a city, an abbreviation or a UTC offset."""
    typed = str(text).strip()[:60]
    if typed in zones():
        return Zone(typed)
    key = _key(typed)
    if not key:
        raise Unreadable("Give a time zone: a city (London, New York), a zone (Europe/London), "
                         "an abbreviation (EST, CET) or an offset (+02:00).")
    if key in _by_key() and _key(_by_key()[key]) == key:
        return Zone(_by_key()[key])  # a zone's own name, typed in another case
    if key in ABBREVIATIONS:
        name = ABBREVIATIONS[key]
        return Zone(name, f"{typed.upper()} was read as {name} (its clock, with daylight saving where it has it).")
    for table in (CITIES, _by_key()):
        if key in table:
            return Zone(table[key], f"{typed} was read as the time zone {table[key]}.")
    if offset := _OFFSET.fullmatch(key):
        return _offset_zone(typed, offset)
    raise Unreadable("I don't know that time zone. Give a city (London, New York), a zone (Europe/London), "
                     "an abbreviation (EST, CET) or an offset from UTC (+02:00), or pick one from the list.")


def _offset_zone(typed: str, offset: re.Match) -> Zone:
    sign = -1 if offset[1] == "-" else 1
    hours, minutes = int(offset[2]), int(offset[3] or 0)
    if minutes:
        name = ODD_OFFSETS.get((sign * hours, sign * minutes))
        if name is None:
            raise Unreadable("No time zone keeps the offset "
                             f"{offset[1]}{hours:02d}:{minutes:02d}: give a city instead.")
        return Zone(name, f"UTC{offset[1]}{hours:02d}:{minutes:02d} was read as {name}.")
    if not (-12 <= sign * hours <= 14):
        raise Unreadable("An offset from UTC is between -12:00 and +14:00.")
    if hours == 0:
        return Zone("UTC", "UTC+00:00 was read as UTC.")
    name = f"Etc/GMT{'-' if sign > 0 else '+'}{hours}"  # the tz database's Etc zones count the other way
    return Zone(name, f"{typed} was read as {shown_zone(name)}, a fixed offset without daylight saving; "
                      "a city's zone follows it.")


def read_time(text: str) -> dt.time:
    """A time of day: ``09:00``, ``9``, ``9am``, ``9:30 pm``, ``9.30pm``, ``21h``, ``21h30``, ``noon``, ``midnight``."""
    typed = str(text).strip().lower()[:20]
    if typed in ("noon", "midday"):
        return dt.time(12)
    if typed == "midnight":
        return dt.time(0)
    match = _TIME.fullmatch(typed)
    if match:
        hour, minute, suffix = int(match[1]), int(match[2] or 0), (match[3] or "").replace(".", "")
        if suffix in ("am", "pm"):
            if 1 <= hour <= 12 and minute < 60:
                return dt.time(hour % 12 + (12 if suffix == "pm" else 0), minute)
        elif hour < 24 and minute < 60:
            return dt.time(hour, minute)
    raise Unreadable("Give the time as 09:00, 18:30, 9am, 9:30 pm or 21h.")


def matching_zones(text: str, limit: int = 25) -> list[tuple[str, str]]:
    """Choices for the autocomplete, ``(shown, zone)``: the popular zones when nothing is typed;
    else what the text reads as (a city, an abbreviation, an offset), then zones containing it."""
    typed = str(text).strip()[:60]
    if not typed:
        return [(name, name) for name in POPULAR if name in zones()][:limit]
    choices: list[tuple[str, str]] = []
    try:
        zone = read_zone(typed)
        shown = shown_zone(zone.name)
        choices.append((shown if zone.read_as is None and shown == zone.name else f"{typed[:40]}: {shown}",
                        zone.name))
    except Unreadable:
        pass
    key = _key(typed).replace(" ", "_")
    hits = [z for z in zones() if key in z.lower()]
    hits.sort(key=lambda z: (z not in POPULAR, not z.lower().rsplit("/", 1)[-1].startswith(key),
                             not z.lower().startswith(key), z))
    seen = {value for _, value in choices}
    choices += [(z, z) for z in hits if z not in seen]
    return choices[:limit]
