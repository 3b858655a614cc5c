"""The view that carries a message's buttons when their custom ids, not the view, answer them.

Every button the bot sends is answered from its custom id (a ``DynamicItem`` template registered
as the bot starts, or an id a listener reads), so it works after a restart. discord.py still keeps
each view it sends until the view times out, and gives a private (ephemeral) reply's view a
15-minute timeout, with a task of its own waiting on it: a busy server's thousands of guesses a
day kept thousands of views and tasks for nothing. A view made here is stopped before it is sent,
which discord.py takes as "nothing to keep"; its buttons are sent and answered as before.
"""

from __future__ import annotations

import discord


def buttons_view(*items: discord.ui.Item) -> discord.ui.View:
    """A view of ``items`` (each with a custom id answered elsewhere) that discord.py does not keep."""
    view = discord.ui.View(timeout=None)
    for item in items:
        if not getattr(item, "custom_id", None):
            raise ValueError(f"{type(item).__name__} has no custom id to be answered by")
        view.add_item(item)
    view.stop()
    return view
