"""What a feature hooks into the platform, in one object: each hook done as its cog loads, all of
them undone together, last first, as it unloads. A cog writes its hooks once (``cog_load``) and
never a matching list of undos (``cog_unload``: ``await self.hooks.undo()``).

    self.hooks = Hookups(bot)
    self.hooks.provide(DailyGameCog, self, key="bee")       # bot.providers
    self.hooks.form("bee", pattern, handler)                  # bot.forms
    self.hooks.items(BeeButton)                               # discord.py's dynamic items
    self.hooks.pages("beedefs", source)                       # bot.views' page sources
    self.hooks.daily("bee", maker, after_post)                # bot.daily: its posts
    self.hooks.timer("quiz-end", handler)                     # bot.timers
    self.hooks.schedules(listener)                            # bot.daily: told of schedule changes
    self.hooks.thread_watcher(rooms)                          # bot.chat: threads deleted or locked
    self.hooks.add(do, undo)                                  # anything else, with its undo
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.views import page_sources

if TYPE_CHECKING:
    from discord.ui import DynamicItem

    from bot.daily.posts import AfterPost, DailyMessageMaker, ScheduleListener
    from bot.forms import FormHandler
    from bot.host import Host
    from bot.timers.service import Handler
    from bot.views import PageSource


class Hookups:
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self._undos: list[Callable[[], Any]] = []

    def add(self, do: Callable[[], Any], undo: Callable[[], Any]) -> None:
        """Do a hook now; ``undo`` (a function, or a coroutine function) undoes it at ``undo()``."""
        do()
        self._undos.append(undo)

    async def undo(self) -> None:
        """Undo every hook, the last done first."""
        while self._undos:
            undone = self._undos.pop()()
            if inspect.isawaitable(undone):
                await undone

    def provide(self, kind: type, provider: object, *, key: str = "") -> None:
        self.add(lambda: self.bot.providers.provide(kind, provider, key=key),
                 lambda: self.bot.providers.withdraw(kind, provider, key=key))

    def form(self, key: str, pattern: re.Pattern[str], handler: FormHandler) -> None:
        self.add(lambda: self.bot.forms.register(key, pattern, handler), lambda: self.bot.forms.unregister(key))

    def items(self, *items: type[DynamicItem]) -> None:
        self.add(lambda: self.bot.add_dynamic_items(*items), lambda: self.bot.remove_dynamic_items(*items))

    def pages(self, kind: str, source: PageSource) -> None:
        sources = page_sources(self.bot)
        self.add(lambda: sources.__setitem__(kind, source), lambda: sources.pop(kind, None))

    def daily(self, game: str, maker: DailyMessageMaker, after_post: AfterPost | None = None) -> None:
        poster = self.bot.daily
        self.add(lambda: poster.register(game, maker, after_post), lambda: poster.unregister(game))

    def schedules(self, listener: ScheduleListener) -> None:
        poster = self.bot.daily
        self.add(lambda: poster.listen(listener), lambda: poster.unlisten(listener))

    def timer(self, kind: str, handler: Handler, *, at_once: int = 8) -> None:
        timers = self.bot.timers
        self.add(lambda: timers.handle(kind, handler, at_once=at_once), lambda: timers.drop(kind))

    def thread_watcher(self, watcher: object) -> None:
        watchers = self.bot.chat.thread_watchers
        self.add(lambda: watchers.append(watcher), lambda: watcher in watchers and watchers.remove(watcher))
