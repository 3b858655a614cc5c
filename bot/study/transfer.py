"""A deck as CSV (``wordbot study export``) and back (``wordbot study import``): the columns
card, due, stability, difficulty, reps, lapses, then what rebuilds the card exactly (kind,
lexicon, state, step, last_review, prompt).

A file is read row by row: a row that is not a card's (a field that is not a number, a date or
a state, a count that is negative or not whole, a schedule FSRS cannot take) is skipped and said,
never stored, so one bad row neither stops an import nor poisons a deck."""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypeVar

from bot.study.model import ALPHAGRAM, KINDS, ExportRow, StudyError
from bot.study.schedule import (
    EARLIEST,
    MAX_DIFFICULTY,
    MAX_STABILITY,
    MAX_STEP,
    MIN_DIFFICULTY,
    NEW,
    STATE_NAMES,
    YEARS_AHEAD,
    read_time,
)
from bot.text import plural

HEADER = ("card", "due", "stability", "difficulty", "reps", "lapses", "kind", "lexicon", "state", "step",
          "last_review", "prompt")
REQUIRED = HEADER[:6]
MAX_COUNT = 1_000_000
"""Reviews (and lapses) a card may come with: a review a minute for two years."""
_STATES = {name: value for value, name in STATE_NAMES.items()}
_SHOWN = 12  # characters of a number repeated in a row's complaint
N = TypeVar("N", int, float)


class BadField(ValueError):
    """A field of a row that is not what it should be; the message names it briefly."""


@dataclass(frozen=True, slots=True)
class CsvRows:
    """An export's rows by line number, and the lines that are not one, each with what is wrong
    (``stability not a number``, ``reps -1``)."""

    rows: list[tuple[int, ExportRow]]
    bad: list[tuple[int, str]]


def ranges() -> str:
    """What a CSV row must hold to be taken, in words (``wordbot study import --help``)."""
    return (f"A CSV row is taken when: state is one of {', '.join(_STATES)}; stability a number above 0 and at most "
            f"{MAX_STABILITY:,.0f} (days); difficulty from {MIN_DIFFICULTY:g} to "
            f"{MAX_DIFFICULTY:g}; reps and lapses whole "
            f"numbers from 0 to {MAX_COUNT:,}, lapses at most reps; step a whole number from 0 to {MAX_STEP}; due and "
            f"last_review times from {EARLIEST:%Y-%m-%d} to {YEARS_AHEAD} years from now. A card that is not new has a "
            "stability, a difficulty, a due time and a last_review, and in learning or relearning "
            "a step. Other rows are "
            "skipped, and the first named.")


def to_csv(rows: Iterable[ExportRow]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    for row in rows:
        writer.writerow((row.card, _time(row.due), _number(row.stability), _number(row.difficulty), row.reps,
                         row.lapses, row.kind, row.lexicon, row.state, "" if row.step is None else row.step,
                         _time(row.last_review), row.prompt))
    return out.getvalue()


def is_csv(first_line: str) -> bool:
    return first_line.strip().lower().startswith("card,due,")


def from_csv(lines: Iterable[tuple[int, str]]) -> CsvRows:
    """The rows of an export, given as (line number, line), its header first; StudyError when
    the header lacks a column every row needs."""
    numbered = iter(lines)
    header = [name.strip().lower() for name in _fields(next(numbered, (0, ""))[1])]
    missing = [name for name in REQUIRED if name not in header]
    if missing:
        raise StudyError(f"The CSV's first line has no {missing[0]} column: give the header `wordbot study export` "
                         f"writes ({','.join(HEADER)}).")
    rows, bad = [], []
    for number, line in numbered:
        try:
            values = _fields(line)
            if len(values) != len(header):
                raise BadField(f"has {plural(len(values), 'field')}, not {len(header)}")
            rows.append((number, _row(dict(zip(header, values, strict=True)))))
        except BadField as error:
            bad.append((number, str(error)))
    return CsvRows(rows, bad)


def count_flaw(row: ExportRow) -> str | None:
    """What is wrong with a row's counts: reps and lapses from 0 to ``MAX_COUNT``, lapses (an
    Again on a card in review, itself a review) at most reps."""
    for name, count in (("reps", row.reps), ("lapses", row.lapses)):
        if not 0 <= count <= MAX_COUNT:
            return f"{name} {_shown(str(count))}"
    return f"lapses {row.lapses} more than reps {row.reps}" if row.lapses > row.reps else None


def state_value(name: str) -> int:
    return _STATES.get(name, NEW)


def _row(fields: dict[str, str]) -> ExportRow:
    state = fields.get("state", "").strip().lower() or "new"
    if state not in _STATES:
        raise BadField(f"state not one of {', '.join(_STATES)}")
    kind = fields.get("kind", "").strip().lower() or ALPHAGRAM
    if kind not in KINDS:
        raise BadField(f"kind not one of {', '.join(KINDS)}")
    return ExportRow(fields["card"].strip().lower(), _read_time("due", fields["due"]),
                     _read_number("stability", fields["stability"]), _read_number("difficulty", fields["difficulty"]),
                     _read_whole("reps", fields["reps"]) or 0, _read_whole("lapses", fields["lapses"]) or 0, kind,
                     fields.get("lexicon", "").strip(), state, _read_whole("step", fields.get("step", "")),
                     _read_time("last_review", fields.get("last_review", "")), fields.get("prompt", "").strip().lower())


def _fields(line: str) -> list[str]:
    try:
        return next(csv.reader([line]), [])
    except csv.Error:
        raise BadField("not a CSV row") from None


def _time(moment: dt.datetime | None) -> str:
    return moment.astimezone(dt.UTC).isoformat(timespec="seconds") if moment else ""


def _number(value: float | None) -> str:
    return "" if value is None else f"{value:.6g}"


def _read_time(name: str, text: str) -> dt.datetime | None:
    try:
        return read_time(text)
    except ValueError:
        raise BadField(f"{name} not a date") from None


def _read_number(name: str, text: str) -> float | None:
    return _read(name, text, float)


def _read_whole(name: str, text: str) -> int | None:
    return _read(name, text, int)


def _read(name: str, text: str, kind: type[N]) -> N | None:
    """A field read as a ``kind`` (float or int); None when empty; BadField naming it otherwise."""
    if not text.strip():
        return None
    try:
        return kind(text)
    except ValueError:
        if kind is int:  # a number, but not a whole one: say which
            raise BadField(f"{name} {_shown(f'{_read(name, text, float):g}')}") from None
        raise BadField(f"{name} not a number") from None


def _shown(number: str) -> str:
    return number if len(number) <= _SHOWN else "too large"
