"""Reviewing the terminal player's deck (``wordbot study``) as a session of
``bot.terminal_loop.play_in_terminal``: each card's prompt, one line of answers, the result
(right, missed, not answers, the grade and when it comes back), then the next card. A review's
time runs from the prompt to the line; ``utc_now`` is looked up at each read, so a test (and the
README's examples) can fix it."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from bot.daily.calendar import utc_now
from bot.daily.info import TERMINAL_USER_ID
from bot.db import Database
from bot.study.deck import Study
from bot.study.model import WORD, DueCard, ReviewResult, StudyError
from bot.study.text import GRADES, due_line, misses_origin, prompt_line, review_lines, stats_lines
from bot.text import plural
from solvers.lexicon import BUNDLED, Lexicon

HELP = ("Type every word of the card on one line (separated by spaces), /pass if you don't know, then the next card "
        "comes.\nAfter a review, /again, /hard, /good or /easy changes its grade. Also /stats, /help, /quit "
        "(Ctrl-D ends it too).")
LIMITS = "Today's limits are reached: raise them with `wordbot study settings new_per_day=N reviews_per_day=N`."
_OVERRIDES = {f"/{name.lower()}": rating for rating, name in GRADES.items()}


class BundledLexicons(Mapping[str, Lexicon]):
    """The bundled lists, each loaded when first asked for (a review needs none: a card keeps
    its answers)."""

    def __init__(self) -> None:
        self._loaded: dict[str, Lexicon] = {}

    def __getitem__(self, name: str) -> Lexicon:
        if name not in BUNDLED:
            raise KeyError(name)
        if name not in self._loaded:
            self._loaded[name] = Lexicon.load(name)
        return self._loaded[name]

    def __iter__(self) -> Iterator[str]:
        return iter(BUNDLED)

    def __len__(self) -> int:
        return len(BUNDLED)


@dataclass(slots=True)
class ReviewSession:
    study: Study
    zone: str
    card: DueCard | None = None
    shown_at: dt.datetime | None = None
    last: ReviewResult | None = None
    reviewed: int = 0


async def start_review(db: Database) -> ReviewSession | None:
    study = Study(db, BundledLexicons())
    settings = await study.settings(TERMINAL_USER_ID)
    session = ReviewSession(study, settings.zone)
    now = utc_now()
    counts = await study.due(TERMINAL_USER_ID, now)
    print(f"Study · {due_line(counts)}")
    if not await _next(session):
        print(LIMITS if not counts.new_left or not counts.reviews_left else
              "Add cards with `wordbot study import FILE` or `wordbot study add`, or miss some in `wordbot quiz`.")
        return None
    print("Type every word on one line; /pass if you don't know; /help for more.")
    return session


async def _next(session: ReviewSession) -> bool:
    """Show the next card; False when none is due."""
    session.card = await session.study.next_card(TERMINAL_USER_ID, utc_now())
    if session.card is None:
        return False
    session.shown_at = utc_now()
    if session.card.misses_today:
        print(misses_origin(session.card.misses_today))
    print(prompt_line(session.card))
    return True


async def review_line(session: ReviewSession, line: str) -> bool:
    """Act on one typed line; True when nothing is left to study."""
    command = line.strip().lower()
    if command in _OVERRIDES:
        if session.last is None:
            print("Nothing to grade yet: answer a card first.")
            return False
        try:
            session.last = await session.study.regrade(TERMINAL_USER_ID, session.last.review_id, _OVERRIDES[command])
        except StudyError as error:
            print(error)
            return False
        last = session.last  # a word card by its word (shown with the result), an alphagram by its letters
        name = (last.right + last.missed)[0] if last.card.kind == WORD and last.right + last.missed \
            else last.card.prompt
        print(f"{name.upper()}: {review_lines(last, session.zone)[-1]}")
        return False
    if command == "/stats":
        print("\n".join(stats_lines(await session.study.stats(TERMINAL_USER_ID, utc_now()))))
        return False
    if command.startswith("/") and command != "/pass" or not command:
        print(HELP)
        return False
    card, now = session.card, utc_now()
    assert card is not None and session.shown_at is not None
    typed = "" if command == "/pass" else line
    seconds = (now - session.shown_at).total_seconds()
    session.last = await session.study.review(TERMINAL_USER_ID, card.card_id, typed, seconds, now,
                                              expected_reps=card.reps)
    session.reviewed += 1
    print("\n".join(review_lines(session.last, session.zone)))
    if await _next(session):
        return False
    print("All done for now.")
    return True


async def finish_review(session: ReviewSession) -> None:
    counts = await session.study.due(TERMINAL_USER_ID, utc_now())
    limits = f" {LIMITS}" if not counts.today and (not counts.new_left or not counts.reviews_left) else ""
    print(f"Studied {plural(session.reviewed, 'card')}. {due_line(counts)}.{limits}")
