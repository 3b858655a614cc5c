"""A daily game in each language (issue 44): English's is the game itself ('bee'); another
language's is a daily game of its own ('bee-fr', 'Spelling Bee (French)'), with its own schedule,
post, buttons, boards and streaks, set up with the game's command (``/bee setup language:``) and
played alone (the together days' tables know no language). A light module: no Discord, no
database, so a plug-in may read it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from bot.plugins import GameInfo
from solvers.list_names import LANGUAGE_NAMES as OTHER_LANGUAGES

LANGUAGE_NAMES = {"en": "English", **OTHER_LANGUAGES}


def language_games(game: GameInfo, changes: Callable[[str], Mapping[str, Any]] = lambda code: {}) \
        -> dict[str, GameInfo]:
    """The game in each language, by language code: English's is ``game``; another's is keyed
    '<key>-<code>', titled '<title> (<Language>)', played alone, with the fields ``changes(code)``
    gives (what reads the language's own tables)."""
    return {"en": game, **{code: replace(game, key=f"{game.key}-{code}", title=f"{game.title} ({name})",
                                         together=None, **changes(code))
                           for code, name in OTHER_LANGUAGES.items()}}
