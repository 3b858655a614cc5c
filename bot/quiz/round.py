"""A quiz round as the players see it, over the store: its questions, the words found and by
whom, the first to type a word gets it, the scores and what was missed (no Discord here).

Typed words reach ``take`` already read (``bot.chat.words``: plain lower-case letters). A word
that answers no question costs nothing and is never written back. The round is done when every
answer is found or its time has run out; ``end`` is made once, whoever calls it first (the
timer, Stop, a restart that finds the time gone), and keeps the alphagrams left unsolved as
misses of every player who took part (for the Week's Toughies and study).
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from bot.chat.outcome import Outcome, Player
from bot.quiz.store import Found, QuizStore, RoundRecord


@dataclass(frozen=True, slots=True)
class Question:
    alphagram: str
    answers: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Score:
    user_id: int
    words: int


@dataclass(frozen=True, slots=True)
class Missed:
    alphagram: str
    words: tuple[str, ...]  # its answers nobody found


class QuizRound:
    """One round, loaded from the store (a new one, or one resumed after a restart)."""

    def __init__(self, store: QuizStore, record: RoundRecord, questions: Sequence[Question],
                 found: Sequence[Found] = ()) -> None:
        self.store, self.record = store, record
        self.questions = tuple(questions)
        self.where = {word: position for position, q in enumerate(self.questions) for word in q.answers}
        self.found: dict[str, int] = {f.word: f.user_id for f in found}
        self.total = len(self.where)
        self.players: set[int] = set(self.found.values())
        self.ended = record.ended_at is not None

    @classmethod
    async def load(cls, store: QuizStore, record: RoundRecord) -> QuizRound:
        questions = [Question(a, answers) for a, answers in await store.questions(record.round_id)]
        return cls(store, record, questions, await store.found(record.round_id))

    @property
    def round_id(self) -> int:
        return self.record.round_id

    @property
    def letters(self) -> str:
        """Every letter an answer may hold: what a plain message in the round's thread is made of."""
        return "".join(sorted({ch for q in self.questions for ch in q.alphagram if ch.isalpha()})).lower()

    @property
    def done(self) -> bool:
        return len(self.found) == self.total

    async def credit(self, player: Player, words: Sequence[str], now: dt.datetime) -> Outcome:
        """A player's typed words: each answer not found yet is theirs if they are the first. After
        the end nothing counts (no reaction either)."""
        if self.ended:
            return Outcome()
        self.players.add(player.id)
        new, already = 0, False
        for word in words:
            position = self.where.get(word)
            if position is None:
                continue
            if word in self.found:
                already = True
                continue
            if await self.store.credit(self.round_id, word, position, player.id, now):
                self.found[word] = player.id
                new += 1
            else:  # someone else typed it first (the same instant), or the round ended meanwhile
                for found in await self.store.found(self.round_id):
                    self.found.setdefault(found.word, found.user_id)
                if word not in self.found:
                    self.ended = True
                    return Outcome(new_words=new)
                already = True
        nothing = new == 0 and not already
        return Outcome(new_words=new, solved=new > 0 and self.done, already_found=already and new == 0,
                       nothing_counted=nothing)

    def solved(self, position: int) -> tuple[str, ...]:
        """The answers of a question found so far, in order."""
        return tuple(w for w in self.questions[position].answers if w in self.found)

    def scores(self) -> list[Score]:
        """The players by words found, most first (then who found their first word earlier)."""
        counts = Counter(self.found.values())
        order = {user: k for k, user in enumerate(dict.fromkeys(self.found.values()))}
        return [Score(user, n) for user, n in sorted(counts.items(), key=lambda item: (-item[1], order[item[0]]))]

    def missed(self) -> list[Missed]:
        """The questions with answers nobody found, each with those answers."""
        return [Missed(q.alphagram, left) for q in self.questions
                if (left := tuple(w for w in q.answers if w not in self.found))]

    async def end(self, now: dt.datetime) -> bool:
        """End the round (once: False when it had ended), keeping the unsolved alphagrams as misses
        of every player who took part."""
        unsolved = [m.alphagram for m in self.missed()]
        misses = [(self.record.guild_id, player, alphagram) for player in sorted(self.players)
                  for alphagram in unsolved]
        self.ended = True
        return await self.store.end_round(self.round_id, now, misses, self.record.lexicon)
