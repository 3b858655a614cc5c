"""The tileset optimiser's SQL: the best known answer per (word list, tile count, tile size,
odd-length policy, vulgar words counted or not). An answer only ever gets better: it is replaced only by one that makes
more words (the statement says so, and migration 0006's trigger refuses anything else)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # only named in annotations: wordbot tileset without a database never loads a driver
    from bot.db import Database
    from bot.db.database import Transaction

LIST_MARK = "~"


@dataclass(frozen=True, slots=True)
class Question:
    """What was asked: which list, how many tiles, of how many letters, which odd-length policy,
    and whether the list's vulgar words count (a server that hides them searches without them)."""

    lexicon: str  # a bundled list's name, or a server list's: name~<the first 16 hex of its digest>
    count: int
    size: int
    odd: str
    vulgar: bool = True
    source: str = field(default="", compare=False)  # a server list's words file, for a worker (GuildLists.source)

    @property
    def name(self) -> str:
        """The list's name as shown: a server list's best answers are kept per content
        (``lexicon``), so a replaced list starts afresh and never meets the old list's best."""
        return self.lexicon.split(LIST_MARK)[0]


@dataclass(frozen=True, slots=True)
class BestKnown:
    question: Question
    tiles: tuple[str, ...]
    words: int
    greedy_words: int
    bound: int | None  # proven upper bound; None when none was computed
    seconds: float  # search time spent on this question in all runs
    improved_by: int  # a Discord user id; 0: the terminal
    updated_at: str  # when the answer last improved (ISO 8601, UTC)

    @property
    def optimal(self) -> bool:
        return self.bound is not None and self.words >= self.bound


@dataclass(frozen=True, slots=True)
class Recorded:
    """A run's answer as recorded: ``improved`` when it is now the best known answer (a first
    answer too), and the best known answer after it (which may be an older, better one)."""

    improved: bool
    best: BestKnown


class TilesetStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def best(self, question: Question) -> BestKnown | None:
        row = await self.db.fetch_one(_SELECT + _WHERE, _key(question))
        return None if row is None else _best(question, row)

    async def record(self, question: Question, tiles: tuple[str, ...], words: int, greedy_words: int,
                     bound: int | None, seconds: float, by: int) -> Recorded:
        """Add a run's answer: the seconds always count; the tiles replace the stored ones only
        when they make more words; the smaller proven bound is kept."""

        async def work(tx: Transaction) -> Recorded:
            await tx.lock("tileset " + " ".join(map(str, _key(question))))  # "improved" is exact across processes
            before = await tx.fetch_one("SELECT words FROM tileset_best " + _WHERE, _key(question))
            await tx.execute(
                "INSERT INTO tileset_best (lexicon, tile_count, tile_size, odd_policy, vulgar, "
                "tiles, words, greedy_words, "
                "bound, seconds, improved_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (lexicon, tile_count, tile_size, odd_policy, vulgar) DO UPDATE SET "
                "seconds = tileset_best.seconds + excluded.seconds, "
                "bound = CASE WHEN excluded.bound IS NULL THEN tileset_best.bound WHEN tileset_best.bound IS NULL "
                "THEN excluded.bound WHEN excluded.bound < tileset_best.bound THEN excluded.bound ELSE "
                "tileset_best.bound END, "
                "tiles = CASE WHEN excluded.words > tileset_best.words THEN excluded.tiles ELSE "
                "tileset_best.tiles END, "
                "improved_by = CASE WHEN excluded.words > tileset_best.words THEN excluded.improved_by "
                "ELSE tileset_best.improved_by END, "
                "updated_at = CASE WHEN excluded.words > tileset_best.words THEN excluded.updated_at "
                "ELSE tileset_best.updated_at END, "
                "words = CASE WHEN excluded.words > tileset_best.words THEN excluded.words ELSE tileset_best.words END",
                (*_key(question), " ".join(sorted(tiles)), words, greedy_words, bound, max(0.0, seconds), by))
            row = await tx.fetch_one(_SELECT + _WHERE, _key(question))
            return Recorded(before is None or words > before[0], _best(question, row))

        return await self.db.transaction(work)


_SELECT = "SELECT tiles, words, greedy_words, bound, seconds, improved_by, updated_at FROM tileset_best "
_WHERE = "WHERE lexicon = ? AND tile_count = ? AND tile_size = ? AND odd_policy = ? AND vulgar = ?"


def _key(question: Question) -> tuple[str, int, int, str, int]:
    return question.lexicon, question.count, question.size, question.odd, int(question.vulgar)


def _best(question: Question, row) -> BestKnown:
    tiles, words, greedy_words, bound, seconds, improved_by, updated_at = tuple(row)
    return BestKnown(question, tuple(tiles.split()), words, greedy_words, bound, seconds, improved_by, updated_at)
