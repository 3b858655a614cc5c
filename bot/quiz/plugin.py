"""The quiz's plug-in (``bot.plugins``): the daily challenges' days, which the boards rank (they have
no daily post of their own), and the alphagrams players missed, which study makes cards of."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.plugins import Miss, Plugin
from bot.quiz.challenges.info import CHALLENGES

if TYPE_CHECKING:
    from bot.db import Database


class QuizMisses:
    """The misses, read by the quiz's own store (imported when first asked: the registry stays light)."""

    async def last(self, db: Database, user_id: int) -> str | None:
        from bot.quiz.store import QuizStore

        return await QuizStore(db).last_miss(user_id)

    async def since(self, db: Database, user_id: int, since: str) -> list[Miss]:
        from bot.quiz.store import QuizStore

        return await QuizStore(db).misses_since(user_id, since)


PLUGIN = Plugin(boards=CHALLENGES, misses=QuizMisses(), order=30)
