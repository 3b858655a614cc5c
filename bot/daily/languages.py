"""A daily game in each language (issue 44): English's is the game itself ('bee'); another
language's is a daily game of its own ('bee-fr', 'Spelling Bee (French)'), with its own schedule,
post, buttons, boards and streaks, set up with the game's command (``/bee setup language:``) and
played alone (the together days' tables know no language). A light module: no Discord, no
database, so a plug-in may read it."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.plugins import GameInfo
from solvers.list_names import LANGUAGE_NAMES as OTHER_LANGUAGES

if TYPE_CHECKING:
    from solvers.lexicon import Lexicon

LANGUAGE_NAMES = {"en": "English", **OTHER_LANGUAGES}


def language_games(game: GameInfo, changes: Callable[[str], Mapping[str, Any]] = lambda code: {}) \
        -> dict[str, GameInfo]:
    """The game in each language, by language code: English's is ``game``; another's is keyed
    '<key>-<code>', titled '<title> (<Language>)', played alone, with the fields ``changes(code)``
    gives (what reads the language's own tables)."""
    return {"en": game, **{code: replace(game, key=f"{game.key}-{code}", title=f"{game.title} ({name})",
                                         together=None, **changes(code))
                           for code, name in OTHER_LANGUAGES.items()}}


class LanguageLists:
    """A daily game's two lists of its language, ``everyday`` (``common``) and ``accepted``
    (``full`` less its vulgar words), each given or loaded when first needed (``_lists``: the
    list, or what loads it): a game of another language loads its lists off the event loop, as
    it first makes a day's puzzle there."""

    _lists: tuple[Lexicon | Callable[[], Lexicon], Lexicon | Callable[[], Lexicon]]

    @functools.cached_property
    def everyday(self) -> Lexicon:
        return _loaded(self._lists[0])

    @functools.cached_property
    def accepted(self) -> Lexicon:
        return _loaded(self._lists[1]).without_vulgar()


def _loaded(given: Lexicon | Callable[[], Lexicon]) -> Lexicon:
    return given() if callable(given) else given
