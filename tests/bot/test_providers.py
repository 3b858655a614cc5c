"""Collaborators found by type (``bot.providers``): what a feature provides at cog_load is what its
buttons find, under its key; withdrawn at cog_unload, a button finds nothing and says so."""

from typing import Protocol

import pytest

from bot.providers import NotProvided, Providers


class Answers(Protocol):
    def answer(self) -> str: ...


class Cog:
    def __init__(self, name: str) -> None:
        self.name = name

    def answer(self) -> str:
        return self.name


def test_each_kind_and_key_finds_what_was_provided_for_it():
    providers, bee, box = Providers(), Cog("bee"), Cog("box")
    providers.provide(Answers, bee, key="bee")
    providers.provide(Answers, box, key="box")
    assert providers.of(Answers, key="bee") is bee and providers.of(Answers, key="box") is box
    with pytest.raises(NotProvided, match=r"Nothing answers for Answers: its feature is not loaded"):
        providers.of(Answers)


def test_a_withdrawn_provider_is_gone_unless_another_took_its_place():
    providers, old, new = Providers(), Cog("old"), Cog("new")
    providers.provide(Answers, old)
    providers.provide(Answers, new)  # a reloaded extension's new cog loads before the old one unloads
    providers.withdraw(Answers, old)
    assert providers.of(Answers) is new
    providers.withdraw(Answers, new)
    with pytest.raises(NotProvided):
        providers.of(Answers)
