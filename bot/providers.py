"""Collaborators found by type, never by a cog's name.

A button or a form is rebuilt by discord.py from its custom id, so it cannot be handed what answers
it; it asks the bot. Each feature registers, at ``cog_load``, the object that answers for a kind of
collaborator (a Protocol its buttons declare, or a class), and withdraws it at ``cog_unload``:

    bot.providers.provide(QuizAnswers, self)                  # in the cog
    wordbot(interaction.client).providers.of(QuizAnswers)     # in its button

Two features may answer for the same kind under their own keys (each daily game answers its post's
buttons: ``provide(DailyGameCog, self, key="bee")``).
"""

from __future__ import annotations

from typing import TypeVar, cast

T = TypeVar("T")


class NotProvided(LookupError):
    """Nobody answers for that kind: its feature is not loaded (or failed to load)."""


class Providers:
    def __init__(self) -> None:
        self._by_kind: dict[tuple[type, str], object] = {}

    def provide(self, kind: type[T], provider: T, *, key: str = "") -> None:
        self._by_kind[kind, key] = provider

    def withdraw(self, kind: type, provider: object, *, key: str = "") -> None:
        """Forget ``provider`` (a cog being unloaded), unless another has taken its place since."""
        if self._by_kind.get((kind, key)) is provider:
            del self._by_kind[kind, key]

    def of(self, kind: type[T], *, key: str = "") -> T:
        try:
            return cast(T, self._by_kind[kind, key])
        except KeyError:
            raise NotProvided(f"Nothing answers for {kind.__name__}{f' ({key})' if key else ''}: "
                              "its feature is not loaded.") from None
