"""The SQL of study: players' settings, their cards (FSRS's fields in columns), every review
(with the card as it was before, to regrade from), and the daily reminder's claims.

Ids of cards and reviews are given here, the largest so far plus one under a lock, so that a
copy between backends (``bot/db/copy.py``) needs no sequence moved on.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.db import Database
from bot.db.database import Row, Transaction
from bot.study.cards import NewCard
from bot.study.schedule import CardState, iso

_CARD_COLUMNS = ("card_id, user_id, kind, lexicon, card_key, prompt, answers, source, added_at, "
                 "state, step, stability, "
                 "difficulty, due, last_review, reps, lapses")
_CARD = f"SELECT {_CARD_COLUMNS} FROM study_cards"
_CARD_AND_SETTINGS = ("SELECT " + ", ".join(f"c.{c} AS {c}" for c in _CARD_COLUMNS.split(", ")) +
                      ", s.retention AS retention, s.zone AS zone FROM study_cards AS c "
                      "LEFT JOIN study_settings AS s ON s.user_id = c.user_id")
_REVIEW_COLUMNS = ("review_id, card_id, user_id, reps_before, reviewed_at, local_day, seconds, "
                   "right_words, missed_words, "
                   "extra_words, rating, answer_rating, graded_by, before_state, before_step, before_stability, "
                   "before_difficulty, before_due, before_last_review, before_lapses, next_due")
_REVIEW = f"SELECT {_REVIEW_COLUMNS} FROM study_reviews"
SETTING_COLUMNS = ("retention", "new_per_day", "reviews_per_day", "from_misses", "remind_at", "zone", "in_dm",
                   "lexicon", "misses_since")


@dataclass(frozen=True, slots=True)
class ReviewPlan:
    """What a review writes: the card after it, and the review row's own fields."""

    after: CardState
    local_day: str
    seconds: float
    right: tuple[str, ...]
    missed: tuple[str, ...]
    extra: tuple[str, ...]
    rating: int


Plan = Callable[[Row], ReviewPlan]


class StudyStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    # ------------------------------------------------------------------ settings

    async def settings_row(self, user_id: int) -> Row | None:
        return await self.db.fetch_one(f"SELECT {', '.join(SETTING_COLUMNS)} FROM study_settings WHERE user_id = ?",
                                       (user_id,))

    async def save_settings(self, user_id: int, values: dict[str, Any], now: dt.datetime) -> None:
        """Store every setting (``values`` holds each of ``SETTING_COLUMNS``)."""
        columns = ", ".join(SETTING_COLUMNS)
        marks = ", ".join("?" for _ in SETTING_COLUMNS)
        updates = ", ".join(f"{c} = excluded.{c}" for c in (*SETTING_COLUMNS, "updated_at"))
        await self.db.write(f"INSERT INTO study_settings (user_id, {columns}, updated_at) VALUES (?, {marks}, ?) "
                            f"ON CONFLICT (user_id) DO UPDATE SET {updates}",
                            (user_id, *(values[c] for c in SETTING_COLUMNS), iso(now)))

    async def reminder_settings(self) -> list[Row]:
        return await self.db.fetch_all("SELECT user_id, remind_at, zone, in_dm FROM study_settings "
                                       "WHERE remind_at IS NOT NULL ORDER BY user_id")

    # ------------------------------------------------------------------ cards in

    async def add_cards(self, user_id: int, cards: Iterable[tuple[NewCard, CardState | None]], now: dt.datetime,
                        *, misses_until: str | None = None, limit: int | None = None) -> tuple[int, int, int]:
        """Put cards in the deck, each once (a card already there is merged: left as it is);
        (added, merged, left out). With ``limit``, the deck holds at most that many cards: the
        new cards past it are left out. With ``misses_until``, the player's misses are marked
        taken up to it, in the same transaction. A card may come with its schedule (an import)."""
        chosen = list(cards)

        async def add(tx: Transaction) -> tuple[int, int, int]:
            await tx.lock("study-card-ids")
            row = await tx.fetch_one("SELECT COALESCE(MAX(card_id), 0) AS last FROM study_cards")
            next_id, added, left_out = row["last"] + 1, 0, 0
            room = None if limit is None else max(0, limit - (await tx.fetch_one(
                "SELECT COUNT(*) AS n FROM study_cards WHERE user_id = ?", (user_id,)))["n"])
            for card, state in chosen:
                if room is not None and added >= room:  # full: a card already there is merged all the same
                    left_out += not await tx.fetch_one("SELECT 1 AS one FROM study_cards WHERE "
                                                       "user_id = ? AND kind = ? "
                                                       "AND lexicon = ? AND card_key = ?",
                                                       (user_id, card.kind, card.lexicon, card.key))
                    continue
                state = state or CardState()
                if await tx.execute(
                        "INSERT INTO study_cards (card_id, user_id, kind, lexicon, card_key, prompt, answers, source, "
                        "added_at, state, step, stability, difficulty, due, last_review, reps, lapses) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                        "ON CONFLICT (user_id, kind, lexicon, card_key) DO NOTHING",
                        (next_id, user_id, card.kind, card.lexicon, card.key, card.prompt, " ".join(card.answers),
                         card.source, iso(now), state.state, state.step, state.stability, state.difficulty,
                         iso(state.due), iso(state.last_review), state.reps, state.lapses)):
                    next_id, added = next_id + 1, added + 1
            if misses_until is not None:
                await tx.execute("UPDATE study_settings SET misses_since = ? WHERE user_id = ? AND misses_since < ?",
                                 (misses_until, user_id, misses_until))
            return added, len(chosen) - added - left_out, left_out

        return await self.db.transaction(add)

    async def added_since(self, user_id: int, source: str, since: dt.datetime) -> int:
        row = await self.db.fetch_one("SELECT COUNT(*) AS n FROM study_cards WHERE user_id = ? AND source = ? "
                                      "AND added_at >= ?", (user_id, source, iso(since)))
        return row["n"]

    async def keys(self, user_id: int, kind: str, lexicon: str, keys: Sequence[str]) -> set[str]:
        """Which of ``keys`` the deck holds already."""
        found: set[str] = set()
        for start in range(0, len(keys), 500):
            chunk = keys[start:start + 500]
            rows = await self.db.fetch_all(
                f"SELECT card_key FROM study_cards WHERE user_id = ? AND kind = ? AND lexicon = ? "
                f"AND card_key IN ({', '.join('?' for _ in chunk)})", (user_id, kind, lexicon, *chunk))
            found.update(row["card_key"] for row in rows)
        return found

    # ------------------------------------------------------------------ cards out

    async def card(self, user_id: int, card_id: int) -> Row | None:
        return await self.db.fetch_one(f"{_CARD} WHERE card_id = ? AND user_id = ?", (card_id, user_id))

    async def pick_card(self, user_id: int, now: dt.datetime, day: dt.date, new_per_day: int,
                        reviews_per_day: int) -> Row | None:
        """The card to study now, in one read: while the player's ``day`` has reviews left, the
        most overdue studied card (due at or before ``now``); else, while it has new cards left,
        the oldest card never studied."""
        return await self.db.fetch_one(
            f"{_CARD} WHERE card_id = COALESCE("
            "CASE WHEN (SELECT COUNT(*) FROM study_reviews WHERE user_id = ?1 AND local_day = ?2 AND reps_before > 0) "
            "< ?3 THEN (SELECT card_id FROM study_cards WHERE user_id = ?1 AND due IS NOT NULL AND due <= ?4 "
            "ORDER BY due, card_id LIMIT 1) END, "
            "CASE WHEN (SELECT COUNT(*) FROM study_reviews WHERE user_id = ?1 AND local_day = ?2 AND reps_before = 0) "
            "< ?5 THEN (SELECT card_id FROM study_cards WHERE user_id = ?1 AND due IS NULL ORDER "
            "BY card_id LIMIT 1) END)",
            (user_id, day.isoformat(), reviews_per_day, iso(now), new_per_day))

    async def due_counts(self, user_id: int, now: dt.datetime, day_end: dt.datetime) -> tuple[int, int, int]:
        """(studied cards due now, new cards, studied cards due later before ``day_end``): three
        ranges of the deck's due index."""
        row = await self.db.fetch_one(
            "SELECT (SELECT COUNT(*) FROM study_cards WHERE user_id = ?1 AND due IS NOT NULL AND "
            "due <= ?2) AS due_now, "
            "(SELECT COUNT(*) FROM study_cards WHERE user_id = ?1 AND due IS NULL) AS new, "
            "(SELECT COUNT(*) FROM study_cards WHERE user_id = ?1 AND due > ?2 AND due < ?3) AS later",
            (user_id, iso(now), iso(day_end)))
        return int(row["due_now"]), int(row["new"]), int(row["later"])

    async def due_by_day(self, user_id: int, ends: Sequence[dt.datetime]) -> list[int]:
        """How many studied cards are due before ``ends[0]`` (overdue ones too), then from each
        end to the next: one range of the deck's due index each."""
        ranges = ["(SELECT COUNT(*) FROM study_cards WHERE user_id = ?1 AND due IS NOT NULL AND due < ?2) AS n0", *(
            f"(SELECT COUNT(*) FROM study_cards WHERE user_id = ?1 AND due >= ?{k + 1} AND due < ?{k + 2}) AS n{k}"
            for k in range(1, len(ends)))]
        row = await self.db.fetch_one(f"SELECT {', '.join(ranges)}", (user_id, *(iso(end) for end in ends)))
        return [int(row[f"n{k}"]) for k in range(len(ends))]

    async def new_from(self, user_id: int, source: str, first: int) -> int:
        """How many of the player's ``first`` new cards to come (the oldest) came from ``source``."""
        row = await self.db.fetch_one(
            "SELECT COUNT(*) AS n FROM (SELECT source FROM study_cards WHERE user_id = ? AND due IS NULL "
            "ORDER BY card_id LIMIT ?) AS queue WHERE source = ?", (user_id, first, source))
        return int(row["n"])

    async def studied_new(self, user_id: int, day: dt.date, source: str) -> bool:
        """Whether the player studied a new card from ``source`` on their ``day``."""
        row = await self.db.fetch_one(
            "SELECT 1 AS one FROM study_reviews AS r JOIN study_cards AS c ON c.card_id = r.card_id "
            "WHERE r.user_id = ? AND r.local_day = ? AND r.reps_before = 0 AND c.source = ? LIMIT 1",
            (user_id, day.isoformat(), source))
        return row is not None

    async def all_cards(self, user_id: int) -> list[Row]:
        return await self.db.fetch_all(f"{_CARD} WHERE user_id = ? ORDER BY card_id", (user_id,))

    async def states(self, user_id: int) -> dict[int, int]:
        rows = await self.db.fetch_all("SELECT state, COUNT(*) AS n FROM study_cards WHERE user_id = ? GROUP BY state",
                                       (user_id,))
        return {row["state"]: row["n"] for row in rows}

    # ------------------------------------------------------------------ reviews

    async def day_counts(self, user_id: int, day: dt.date) -> tuple[int, int]:
        """(new cards studied, reviews of studied cards) on the player's ``day``."""
        row = await self.db.fetch_one(
            "SELECT COALESCE(SUM(CASE WHEN reps_before = 0 THEN 1 ELSE 0 END), 0) AS new, "
            "COALESCE(SUM(CASE WHEN reps_before > 0 THEN 1 ELSE 0 END), 0) AS old FROM study_reviews "
            "WHERE user_id = ? AND local_day = ?", (user_id, day.isoformat()))
        return int(row["new"]), int(row["old"])

    async def review(self, user_id: int, card_id: int, expected_reps: int, now: dt.datetime,
                     plan: Plan) -> tuple[Row, Row] | None:
        """Record a review in one transaction: ``plan(card_row)`` says what it is (the row has the
        player's ``retention`` and ``zone`` too: None for the defaults). When the card was
        reviewed at ``expected_reps`` already, nothing is written and that review is returned.
        (card row after, review row); None: no such card of the player's, or a review number the
        card has not reached."""

        async def record(tx: Transaction) -> tuple[Row, Row] | None:
            await tx.lock("study-review-ids")
            card = await tx.fetch_one(f"{_CARD_AND_SETTINGS} WHERE c.card_id = ? AND c.user_id = ?", (card_id, user_id))
            if card is None:
                return None
            if card["reps"] != expected_reps:
                done = await tx.fetch_one(f"{_REVIEW} WHERE card_id = ? AND reps_before = ?", (card_id, expected_reps))
                return (card, done) if done else None
            step = plan(card)
            after = step.after
            moved = await tx.fetch_all(
                "UPDATE study_cards SET state = ?, step = ?, stability = ?, difficulty = ?, due = ?, last_review = ?, "
                f"reps = ?, lapses = ? WHERE card_id = ? AND reps = ? RETURNING {_CARD_COLUMNS}",
                (after.state, after.step, after.stability, after.difficulty, iso(after.due), iso(after.last_review),
                 after.reps, after.lapses, card_id, expected_reps))
            if not moved:
                return None
            written = await tx.fetch_all(
                "INSERT INTO study_reviews (review_id, card_id, user_id, reps_before, reviewed_at, local_day, seconds, "
                "right_words, missed_words, extra_words, rating, answer_rating, graded_by, before_state, before_step, "
                "before_stability, before_difficulty, before_due, before_last_review, before_lapses, next_due) "
                "VALUES ((SELECT COALESCE(MAX(review_id), 0) + 1 FROM study_reviews), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                f"'answer', ?, ?, ?, ?, ?, ?, ?, ?) RETURNING {_REVIEW_COLUMNS}",
                (card_id, user_id, expected_reps, iso(now), step.local_day, step.seconds, " ".join(step.right),
                 " ".join(step.missed), " ".join(step.extra), step.rating, step.rating, card["state"], card["step"],
                 card["stability"], card["difficulty"], card["due"], card["last_review"], card["lapses"],
                 iso(after.due)))
            return moved[0], written[0]

        return await self.db.transaction(record)

    async def regrade(self, user_id: int, review_id: int, rating: int,
                      redo: Callable[[Row], CardState]) -> tuple[Row, Row] | None:
        """Grade a review again: the card becomes ``redo(review row)`` (the row keeps the card as it
        was before the review). Only the card's latest review; None otherwise (or no such review
        of the player's)."""

        async def again(tx: Transaction) -> tuple[Row, Row] | None:
            review = await tx.fetch_one(f"{_REVIEW} WHERE review_id = ? AND user_id = ?", (review_id, user_id))
            if review is None:
                return None
            card = await tx.fetch_one(f"{_CARD} WHERE card_id = ?", (review["card_id"],))
            if card is None or card["reps"] != review["reps_before"] + 1:
                return None
            after = redo(review)
            await tx.execute(
                "UPDATE study_cards SET state = ?, step = ?, stability = ?, difficulty = ?, due = ?, last_review = ?, "
                "lapses = ? WHERE card_id = ? AND reps = ?",
                (after.state, after.step, after.stability, after.difficulty, iso(after.due), iso(after.last_review),
                 after.lapses, review["card_id"], review["reps_before"] + 1))
            await tx.execute("UPDATE study_reviews SET rating = ?, graded_by = 'player', next_due "
                             "= ? WHERE review_id = ?",
                             (rating, iso(after.due), review_id))
            return (await tx.fetch_one(f"{_CARD} WHERE card_id = ?", (review["card_id"],)),
                    await tx.fetch_one(f"{_REVIEW} WHERE review_id = ?", (review_id,)))

        return await self.db.transaction(again)

    async def reviews_since(self, user_id: int, first_day: dt.date) -> list[Row]:
        return await self.db.fetch_all("SELECT local_day, rating FROM study_reviews WHERE user_id "
                                       "= ? AND local_day >= ?",
                                       (user_id, first_day.isoformat()))

    async def review_days(self, user_id: int, limit: int = 3660) -> list[dt.date]:
        """The player's days with a review, latest first."""
        rows = await self.db.fetch_all("SELECT DISTINCT local_day FROM study_reviews WHERE user_id = ? "
                                       "ORDER BY local_day DESC LIMIT ?", (user_id, limit))
        return [dt.date.fromisoformat(row["local_day"]) for row in rows]

    # ------------------------------------------------------------------ reminders

    async def reminded(self, user_id: int, day: dt.date) -> bool:
        return await self.db.fetch_one("SELECT 1 FROM study_reminders WHERE user_id = ? AND day = ?",
                                       (user_id, day.isoformat())) is not None

    async def claim_reminder(self, user_id: int, day: dt.date, now: dt.datetime) -> bool:
        return await self.db.write("INSERT INTO study_reminders (user_id, day, claimed_at) VALUES (?, ?, ?) "
                                   "ON CONFLICT (user_id, day) DO NOTHING", (user_id, day.isoformat(), iso(now))) > 0

    async def release_reminder(self, user_id: int, day: dt.date) -> None:
        await self.db.write("DELETE FROM study_reminders WHERE user_id = ? AND day = ?", (user_id, day.isoformat()))
