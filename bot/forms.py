"""One listener for every submitted form (a Discord modal). A feature registers, at ``cog_load``, the
custom ids its forms carry (a pattern) and what to do with one; the bot hands every form submitted
to ``Forms.submitted``, which finds its handler by that id, reads the form's fields, and runs it in
``apologise`` (an error of ours gets an apology with an error id). A form's state is in its custom
id, as a button's is, so it is answered however late it comes, after any restart.

    bot.forms.register("quiz", QUIZ_FORM, self.on_form)      # in the cog's cog_load
    async def on_form(self, interaction, match, values): ...  # match: the custom id's groups
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable

import discord

from bot.views import apologise, form_values

FormHandler = Callable[[discord.Interaction, re.Match[str], dict[str, str]], Awaitable[None]]
"""``(interaction, the custom id's match, the form's values by field id)``."""


class Forms:
    def __init__(self) -> None:
        self._handlers: dict[str, tuple[re.Pattern[str], FormHandler]] = {}

    def register(self, name: str, pattern: re.Pattern[str], handler: FormHandler) -> None:
        """Answer the forms whose custom id matches ``pattern`` (whole) with ``handler``, under
        ``name`` (a feature's own: registering it again replaces it)."""
        self._handlers[name] = (pattern, handler)

    def unregister(self, name: str) -> None:
        self._handlers.pop(name, None)

    def answers(self, custom_id: str) -> bool:
        """Whether a form of this custom id is answered by a feature."""
        return any(pattern.fullmatch(custom_id) for pattern, _ in self._handlers.values())

    async def submitted(self, interaction: discord.Interaction) -> None:
        """Any interaction (the bot's ``on_interaction``): a submitted form is answered by its
        feature; anything else, or a form nobody registered, is left alone."""
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        custom_id = (interaction.data or {}).get("custom_id", "")
        for pattern, handler in list(self._handlers.values()):
            if (match := pattern.fullmatch(custom_id)) is not None:
                async with apologise(interaction):
                    await handler(interaction, match, form_values(interaction))
                return
