"""A feature's hooks into the platform are one object (``bot.hookups``): done as its cog loads,
undone together, last first, as it unloads; a cog removed leaves nothing of itself behind."""

import pytest

from bot.games.bee.cog import Bee
from bot.games.buttons import DailyGameCog
from bot.hookups import Hookups
from bot.host import host
from bot.providers import NotProvided
from bot.quiz.cog import Quiz
from bot.quiz.rooms import QUIZ_END


async def test_hooks_are_undone_last_first_and_once(simcord_env):
    done = []

    async def undo_later():
        done.append("undo async")

    hooks = Hookups(host(simcord_env.bot))
    hooks.add(lambda: done.append("do 1"), lambda: done.append("undo 1"))
    hooks.add(lambda: done.append("do 2"), undo_later)
    hooks.add(lambda: done.append("do 3"), lambda: done.append("undo 3"))
    await hooks.undo()
    await hooks.undo()  # nothing left to undo
    assert done == ["do 1", "do 2", "do 3", "undo 3", "undo async", "undo 1"]


async def test_a_removed_cog_leaves_nothing_hooked(simcord_env):
    bot = host(simcord_env.bot)
    assert "bee" in bot.daily.makers and QUIZ_END in bot.timers.kinds and bot.forms.answers("bee:form:2026-01-01")
    watchers = len(bot.chat.thread_watchers)
    await bot.remove_cog(bot.cog(Bee).qualified_name)
    await bot.remove_cog(bot.cog(Quiz).qualified_name)
    assert "bee" not in bot.daily.makers and QUIZ_END not in bot.timers.kinds
    assert len(bot.chat.thread_watchers) == watchers - 1
    with pytest.raises(NotProvided):
        bot.providers.of(DailyGameCog, key="bee")
    assert not bot.forms.answers("bee:form:2026-01-01") and bot.forms.answers("box:form:2026-01-01")
