"""The screen's judge of the bundled tiers (every form their entries stand for, with its tier,
and the slurs looked for inside longer tokens: :mod:`solvers.screen`), kept in a cache file.

Making it takes tens of milliseconds of pure Python (every regular form of every reviewed entry,
classified); a terminal command that quotes what was typed needs it once and is over in a
moment, so it is made once and then read (a few milliseconds). The file is JSON, keyed by the
SHA-256 of the code and the reviewed files that make it: new code or data makes it anew, and a
file that does not parse or names another key is made again. The folders are those of the
lexicon cache files (:mod:`solvers.cache_files`).
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from .alphabets import LANGUAGES
from .cache_files import cache_dirs, check_owner, fingerprint, write_beside
from .offensive import TIER_FILES

FORMAT_VERSION = 1
_SOURCES = ("offensive.py", "screen.py", "screen_languages.py", "screen_letters.py", "screen_cache.py",
            "cache_files.py")
OTHER_LANGUAGES = tuple(language for language in LANGUAGES if language != "en")
"""The bundled languages besides English whose slurs the screen reads (``solvers/data/<lang>/``):
their tier files make the judge too."""


@functools.cache
def judge_key() -> str:
    """The SHA-256 (hex) of this format and of the code and reviewed files that make the judge."""
    here = Path(__file__).resolve().parent
    folders = [here / "data"] + [here / "data" / language for language in OTHER_LANGUAGES]
    return fingerprint(f"wordbot screen judge {FORMAT_VERSION}",
                       [here / name for name in _SOURCES] + [folder / name for folder in folders
                                                             for name in TIER_FILES]).hex()


def cached_judge(build: Callable[[], dict[str, Any]], dirs: Iterable[Path] | None = None) -> dict[str, Any]:
    """The judge's document from the first cache folder holding a sound file for today's key;
    else ``build()`` it and write it to the first folder that takes it."""
    key, dirs = judge_key(), cache_dirs() if dirs is None else dirs
    for folder in dirs:
        try:
            with open(folder / f"{key}.judge", "rb") as file:
                check_owner(os.fstat(file.fileno()))
                document = json.loads(file.read())
            if isinstance(document, dict) and document.get("key") == key and isinstance(document.get("judge"), dict):
                return document["judge"]
        except FileNotFoundError:
            continue
        except (OSError, ValueError):  # made again below, and written over
            pass
    judge = build()
    data = json.dumps({"key": key, "judge": judge}, separators=(",", ":")).encode()
    for folder in dirs:
        try:
            write_beside(folder, f"{key}.judge", [data])
            break
        except (OSError, ValueError):
            continue
    return judge
