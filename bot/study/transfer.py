"""A deck as CSV (``wordbot study export``) and back (``wordbot study import``): the columns
card, due, stability, difficulty, reps, lapses, then what rebuilds the card exactly (kind,
lexicon, state, step, last_review, prompt)."""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Iterable

from bot.study.model import ExportRow, StudyError
from bot.study.schedule import NEW, STATE_NAMES

HEADER = ("card", "due", "stability", "difficulty", "reps", "lapses", "kind", "lexicon", "state", "step",
          "last_review", "prompt")
_STATES = {name: value for value, name in STATE_NAMES.items()}


def to_csv(rows: Iterable[ExportRow]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    for row in rows:
        writer.writerow((row.card, _time(row.due), _number(row.stability), _number(row.difficulty), row.reps, row.lapses,
                         row.kind, row.lexicon, row.state, "" if row.step is None else row.step,
                         _time(row.last_review), row.prompt))
    return out.getvalue()


def is_csv(first_line: str) -> bool:
    return first_line.strip().lower().startswith("card,due,")


def from_csv(lines: Iterable[str]) -> list[ExportRow]:
    """The rows of an export; StudyError naming the first line that is not one."""
    reader = csv.DictReader(lines)
    rows = []
    for number, fields in enumerate(reader, start=2):
        try:
            state = fields["state"] or "new"
            if state not in _STATES:
                raise ValueError(state)
            rows.append(ExportRow(fields["card"].strip().lower(), _read_time(fields["due"]),
                                  _read_number(fields["stability"]), _read_number(fields["difficulty"]),
                                  int(fields["reps"] or 0), int(fields["lapses"] or 0), fields.get("kind") or "alphagram",
                                  fields.get("lexicon") or "", state, int(fields["step"]) if fields.get("step") else None,
                                  _read_time(fields.get("last_review") or ""), (fields.get("prompt") or "").lower()))
        except (KeyError, ValueError, TypeError, AttributeError):
            raise StudyError(f"Line {number} of the CSV is not a card as `wordbot study export` writes it.") from None
    return rows


def state_value(name: str) -> int:
    return _STATES.get(name, NEW)


def _time(moment: dt.datetime | None) -> str:
    return moment.astimezone(dt.UTC).isoformat(timespec="seconds") if moment else ""


def _number(value: float | None) -> str:
    return "" if value is None else f"{value:.6g}"


def _read_time(text: str) -> dt.datetime | None:
    if not text.strip():
        return None
    moment = dt.datetime.fromisoformat(text.strip())
    return moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)


def _read_number(text: str) -> float | None:
    return float(text) if text.strip() else None
