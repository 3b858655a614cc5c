"""The SQL of the anagram quiz: rounds with their questions and the words found (the first to
type a word gets it), players' plays of the daily challenges, and every alphagram a player
missed (for the Week's Toughies and for study)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.db import Database
from bot.db.database import Row, Transaction
from bot.plugins import Miss


def iso(moment: dt.datetime) -> str:
    """A time as stored: UTC, fixed width, so that text order is time order."""
    return moment.astimezone(dt.UTC).isoformat(timespec="microseconds")


def utc(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text)


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """A round as stored. ``ended_at`` None: still running."""

    round_id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    lexicon: str
    set_name: str
    seconds: int
    started_at: dt.datetime
    ends_at: dt.datetime
    ended_at: dt.datetime | None
    started_by: int
    paused_left: float | None = None  # seconds left when the bot stopped cleanly


@dataclass(frozen=True, slots=True)
class Found:
    word: str
    position: int
    user_id: int


@dataclass(frozen=True, slots=True)
class ChallengePlay:
    """A player's play of a day's challenge: running while ``finished_at`` is None."""

    day: dt.date
    challenge: str
    guild_id: int
    user_id: int
    started_at: dt.datetime
    finished_at: dt.datetime | None
    seconds_used: float | None
    words_found: int
    words_total: int


_ROUND = ("SELECT round_id, guild_id, channel_id, message_id, lexicon, set_name, seconds, started_at, ends_at, "
          "ended_at, started_by, paused_left FROM quiz_rounds")
_PLAY = ("SELECT day, challenge, guild_id, user_id, started_at, finished_at, seconds_used, words_found, words_total "
         "FROM challenge_plays")


class QuizStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    # ------------------------------------------------------------------ rounds

    async def start_round(self, record: RoundRecord, questions: Sequence[tuple[str, Sequence[str]]]) -> bool:
        """Store a new round and its questions, unless one runs in its channel already (False)."""

        async def start(tx: Transaction) -> bool:
            await tx.lock(f"quiz-channel:{record.channel_id}")
            if await tx.fetch_one("SELECT 1 FROM quiz_rounds WHERE channel_id = ? AND ended_at IS NULL",
                                  (record.channel_id,)):
                return False
            await tx.execute(
                "INSERT INTO quiz_rounds (round_id, guild_id, channel_id, message_id, lexicon, set_name, seconds, "
                "started_at, ends_at, started_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (record.round_id, record.guild_id, record.channel_id, record.message_id, record.lexicon,
                 record.set_name, record.seconds, iso(record.started_at), iso(record.ends_at), record.started_by))
            for position, (alphagram, answers) in enumerate(questions):
                await tx.execute("INSERT INTO quiz_questions (round_id, position, alphagram, "
                                 "answers) VALUES (?, ?, ?, ?)",
                                 (record.round_id, position, alphagram, " ".join(answers)))
            return True

        return await self.db.transaction(start)

    async def set_message(self, round_id: int, message_id: int) -> None:
        await self.db.write("UPDATE quiz_rounds SET message_id = ? WHERE round_id = ?", (message_id, round_id))

    async def questions(self, round_id: int) -> list[tuple[str, tuple[str, ...]]]:
        rows = await self.db.fetch_all("SELECT alphagram, answers FROM quiz_questions WHERE "
                                       "round_id = ? ORDER BY position",
                                       (round_id,))
        return [(row["alphagram"], tuple(row["answers"].split())) for row in rows]

    async def credit(self, round_id: int, word: str, position: int, user_id: int, now: dt.datetime) -> bool:
        """Give ``word`` to the player, unless someone typed it first (False), or the round has
        ended (False): the first to type a word gets it, once."""
        return await self.db.write(
            "INSERT INTO quiz_answers (round_id, word, position, user_id, found_at) "
            "SELECT CAST(? AS BIGINT), CAST(? AS TEXT), CAST(? AS INTEGER), CAST(? AS BIGINT), CAST(? AS TEXT) "
            "WHERE EXISTS (SELECT 1 FROM quiz_rounds WHERE round_id = ? AND ended_at IS NULL) "
            "ON CONFLICT (round_id, word) DO NOTHING",
            (round_id, word, position, user_id, iso(now), round_id)) > 0

    async def found(self, round_id: int) -> list[Found]:
        rows = await self.db.fetch_all("SELECT word, position, user_id FROM quiz_answers WHERE round_id = ? "
                                       "ORDER BY found_at, word", (round_id,))
        return [Found(row["word"], row["position"], row["user_id"]) for row in rows]

    async def end_round(self, round_id: int, now: dt.datetime, misses: Iterable[tuple[int, int, str]],
                        lexicon: str) -> bool:
        """End a running round and keep each (guild, player, alphagram) it leaves missed; False
        when it had ended already (the end is made once, whoever asks)."""

        async def end(tx: Transaction) -> bool:
            if not await tx.execute("UPDATE quiz_rounds SET ended_at = ? WHERE round_id = ? AND ended_at IS NULL",
                                    (iso(now), round_id)):
                return False
            await _keep_misses(tx, misses, lexicon, f"round:{round_id}", now)
            return True

        return await self.db.transaction(end)

    async def pause(self, round_id: int, left: float) -> None:
        """The bot stops cleanly: keep the seconds the round had left, for the restart."""
        await self.db.write("UPDATE quiz_rounds SET paused_left = ? WHERE round_id = ? AND ended_at IS NULL",
                            (max(0.0, left), round_id))

    async def move_end(self, round_id: int, ends_at: dt.datetime) -> None:
        """A resumed round's new end (the time it had left, from now); it runs again."""
        await self.db.write("UPDATE quiz_rounds SET ends_at = ?, paused_left = NULL WHERE round_id = "
                            "? AND ended_at IS NULL",
                            (iso(ends_at), round_id))

    async def round(self, round_id: int) -> RoundRecord | None:
        row = await self.db.fetch_one(f"{_ROUND} WHERE round_id = ?", (round_id,))
        return _round(row) if row else None

    async def running(self, channel_id: int | None = None) -> list[RoundRecord]:
        """The rounds not ended (in one channel, or everywhere)."""
        if channel_id is None:
            rows = await self.db.fetch_all(f"{_ROUND} WHERE ended_at IS NULL ORDER BY started_at")
        else:
            rows = await self.db.fetch_all(f"{_ROUND} WHERE ended_at IS NULL AND channel_id = ?", (channel_id,))
        return [_round(row) for row in rows]

    # ------------------------------------------------------------------ challenges

    async def start_challenge(self, day: dt.date, challenge: str, guild_id: int, user_id: int, now: dt.datetime,
                              words_total: int) -> ChallengePlay:
        """The player's play of the challenge: started now, or the one they started before
        (a challenge is played once)."""
        await self.db.write(
            "INSERT INTO challenge_plays (day, challenge, guild_id, user_id, started_at, words_total) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (day, challenge, guild_id, user_id) DO NOTHING",
            (day.isoformat(), challenge, guild_id, user_id, iso(now), words_total))
        return await self.challenge_play(day, challenge, guild_id, user_id)  # type: ignore[return-value]

    async def challenge_play(self, day: dt.date, challenge: str, guild_id: int, user_id: int) -> ChallengePlay | None:
        row = await self.db.fetch_one(f"{_PLAY} WHERE day = ? AND challenge = ? AND guild_id = ? AND user_id = ?",
                                      (day.isoformat(), challenge, guild_id, user_id))
        return _play(row) if row else None

    async def running_challenges(self, guild_id: int | None = None) -> list[ChallengePlay]:
        """The plays whose clock was never stopped (in one server, or everywhere), oldest first."""
        where, params = ("AND guild_id = ? ", (guild_id,)) if guild_id is not None else ("", ())
        rows = await self.db.fetch_all(f"{_PLAY} WHERE finished_at IS NULL {where}ORDER BY started_at", params)
        return [_play(row) for row in rows]

    async def challenge_words(self, day: dt.date, challenge: str, guild_id: int, user_id: int) -> set[str]:
        rows = await self.db.fetch_all("SELECT word FROM challenge_answers WHERE day = ? AND challenge = ? "
                                       "AND guild_id = ? AND user_id = ?",
                                       (day.isoformat(), challenge, guild_id, user_id))
        return {row["word"] for row in rows}

    async def add_challenge_words(self, play: ChallengePlay, words: Iterable[str], now: dt.datetime) -> int:
        """Keep words the player found while their clock runs; how many were new."""

        async def add(tx: Transaction) -> int:
            added = 0
            for word in words:
                added += await tx.execute(
                    "INSERT INTO challenge_answers (day, challenge, guild_id, user_id, word, found_at) "
                    "SELECT CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS "
                    "TEXT), CAST(? AS TEXT) "
                    "WHERE EXISTS (SELECT 1 FROM challenge_plays WHERE day = ? AND challenge = ? "
                    "AND guild_id = ? AND user_id = ? AND finished_at IS NULL) "
                    "ON CONFLICT (day, challenge, guild_id, user_id, word) DO NOTHING",
                    (*_play_key(play), word, iso(now), *_play_key(play)))
            if added:
                await tx.execute("UPDATE challenge_plays SET words_found = words_found + ? WHERE "
                                 "day = ? AND challenge = ? "
                                 "AND guild_id = ? AND user_id = ?", (added, *_play_key(play)))
            return added

        return await self.db.transaction(add)

    async def finish_challenge(self, play: ChallengePlay, now: dt.datetime, seconds_used: float,
                               misses: Iterable[str], lexicon: str) -> bool:
        """Stop the player's clock (once: False when finished before) and keep what they missed."""

        async def finish(tx: Transaction) -> bool:
            if not await tx.execute("UPDATE challenge_plays SET finished_at = ?, seconds_used = ? WHERE day = ? "
                                    "AND challenge = ? AND guild_id = ? AND user_id = ? AND finished_at IS NULL",
                                    (iso(now), seconds_used, *_play_key(play))):
                return False
            source = f"challenge:{play.day.isoformat()}:{play.challenge}"
            await _keep_misses(tx, ((play.guild_id, play.user_id, a) for a in misses), lexicon, source, now)
            return True

        return await self.db.transaction(finish)

    async def challenge_board(self, day: dt.date, challenge: str, guild_id: int) -> list[ChallengePlay]:
        """The finished plays of a challenge in a server, best first: words, then time."""
        rows = await self.db.fetch_all(f"{_PLAY} WHERE day = ? AND challenge = ? AND guild_id = ? AND "
                                       "finished_at IS NOT NULL "
                                       "ORDER BY words_found DESC, seconds_used, user_id",
                                       (day.isoformat(), challenge, guild_id))
        return [_play(row) for row in rows]

    async def most_missed(self, guild_id: int, since: dt.datetime, lengths: Sequence[int],
                          until: dt.datetime | None = None, language: str = "en") -> dict[str, int]:
        """How often the server's players missed each alphagram of ``lengths`` letters from
        ``since`` (and before ``until``), in lists of ``language`` (another's are named ``fr/full``)."""
        marks = ", ".join("?" for _ in lengths)
        end = iso(until) if until else "9999"
        in_language = "lexicon NOT LIKE ?" if language == "en" else "lexicon LIKE ?"
        rows = await self.db.fetch_all(
            f"SELECT alphagram, COUNT(*) AS misses FROM quiz_misses WHERE guild_id = ? AND missed_at >= ? "
            f"AND missed_at < ? AND LENGTH(alphagram) IN ({marks}) AND {in_language} GROUP BY alphagram",
            (guild_id, iso(since), end, *lengths, "%/%" if language == "en" else f"{language}/%"))
        return {row["alphagram"]: row["misses"] for row in rows}

    async def last_miss(self, user_id: int) -> str | None:
        """When the player last missed an alphagram (stored text), if ever."""
        row = await self.db.fetch_one("SELECT MAX(missed_at) AS last FROM quiz_misses WHERE user_id = ?", (user_id,))
        return row["last"] if row else None

    async def misses_since(self, user_id: int, since: str) -> list[Miss]:
        """The player's misses at or after ``since`` (stored text), oldest first."""
        rows = await self.db.fetch_all("SELECT alphagram, lexicon, missed_at FROM quiz_misses WHERE user_id = ? "
                                       "AND missed_at >= ? ORDER BY missed_at", (user_id, since))
        return [Miss(row["alphagram"], row["lexicon"], row["missed_at"]) for row in rows]

    async def misses_of(self, user_id: int) -> list[tuple[str, str, dt.datetime]]:
        """A player's missed alphagrams in every server: (alphagram, lexicon, when), oldest first."""
        rows = await self.db.fetch_all("SELECT alphagram, lexicon, missed_at FROM quiz_misses WHERE user_id = ? "
                                       "ORDER BY missed_at, alphagram", (user_id,))
        return [(row["alphagram"], row["lexicon"], utc(row["missed_at"])) for row in rows]


async def _keep_misses(tx: Transaction, misses: Iterable[tuple[int, int, str]], lexicon: str, source: str,
                       now: dt.datetime) -> None:
    for guild_id, user_id, alphagram in misses:
        await tx.execute("INSERT INTO quiz_misses (guild_id, user_id, alphagram, lexicon, source, missed_at) "
                         "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, user_id, alphagram, source) DO NOTHING",
                         (guild_id, user_id, alphagram, lexicon, source, iso(now)))


def _play_key(play: ChallengePlay) -> tuple:
    return play.day.isoformat(), play.challenge, play.guild_id, play.user_id


def _round(row: Row) -> RoundRecord:
    return RoundRecord(row["round_id"], row["guild_id"], row["channel_id"], row["message_id"], row["lexicon"],
                       row["set_name"], row["seconds"], utc(row["started_at"]), utc(row["ends_at"]),
                       utc(row["ended_at"]) if row["ended_at"] else None, row["started_by"], row["paused_left"])


def _play(row: Row) -> ChallengePlay:
    return ChallengePlay(dt.date.fromisoformat(row["day"]), row["challenge"], row["guild_id"], row["user_id"],
                         utc(row["started_at"]), utc(row["finished_at"]) if row["finished_at"] else None,
                         row["seconds_used"], row["words_found"], row["words_total"])
