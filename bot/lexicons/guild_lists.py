"""``GuildLists``: a server's own word lists as the commands use them, cached per process.

A lexicon is made once per process from the stored words (one build at a time per list) and
kept in a small LRU cache keyed by (server, name) and checked against the stored digest on each
use, so a list replaced by another process is rebuilt. Worker jobs get a path instead: the words
written once to ``<cache_dir>/<digest>.txt``, which ``load_lexicon`` reads.

In the bot (``build_in_worker``), the build itself, a second of pure Python for a big list that
would hold the GIL and stall the event loop even in a thread, runs in a worker process that
writes the list's lexicon cache file (``solvers.lexicon_cache``); the bot then maps that file,
which takes milliseconds. The terminal, with no event loop to keep, builds in place.

A list in another language goes by its name after the language's (``fr/club``:
:func:`solvers.list_names.name_in`), and is only that: ``club`` in English, or ``de/club``, is
no list when ``club`` is French. It is built in a thread (its written forms are kept beside
the played ones, which the cache file does not hold).
"""

from __future__ import annotations

import asyncio
import logging
import os
import resource
import sys
import tempfile
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path

from bot.db import Database
from bot.lexicons.store import ListInfo, ListStore
from bot.text import plural
from solvers.alphabets import LANGUAGES
from solvers.lexicon import BUNDLED, Lexicon, is_bundled
from solvers.list_names import language_name, name_in, split_name
from solvers.screen import quoted
from solvers.wordlist import build_lexicon, load_lexicon, name_shown, unpack

log = logging.getLogger(__name__)
BUILD_WORKERS = 1  # word-list builds running at once (each a second of one core)
BUILD_SECONDS = 60.0  # a 280,000-word list builds in about a second
MAX_CACHED = 4  # a 280,000-word list holds about 42 MB (benchmarks/wordlists.py)
BUNDLED_DESCRIPTIONS = {"full": "full: ~243k words", "common": "common: ~61k everyday words",
                        "huge": "huge: ~425k words"}


def no_list_called(name: str, show_flagged: bool = True) -> str:
    """``called 'club'``, or ``of that name`` for a name that may not be written back."""
    return quoted(f"called {name[:40]!r}", "of that name", show_flagged)


class UnknownList(LookupError):
    """The server (``server``; else: outside a server) has no list of that name: ``said`` says so
    and names the lists there are, and the name typed only where it may be written back."""

    def __init__(self, name: str, known: Sequence[str], server: bool = True) -> None:
        super().__init__(name, tuple(known), server)
        self.name, self.known, self.server = name, tuple(known), server

    def said(self, show_flagged: bool = False) -> str:
        where = "This server has" if self.server else "There is"
        return f"{where} no word list {no_list_called(self.name, show_flagged)}: choose one of {', '.join(self.known)}."

    def __str__(self) -> str:
        return self.said()


def default_cache_dir() -> Path:
    return Path(tempfile.gettempdir()) / f"wordbot-lists-{os.getuid()}"


def has_commonness(lexicon: Lexicon) -> bool:
    """Whether a list knows how common its words are. Uploaded lists do not (every zipf is 0):
    sorting them by commonness is alphabetical, and a reply should say so (``text.NO_COMMONNESS``)."""
    return bool(lexicon.zipf.any())


def lexicon_bytes(lexicon: Lexicon) -> int:
    """About how much memory a lexicon holds: its arrays, its words, and its word tuple."""
    arrays = sum(a.nbytes for a in (lexicon.lengths, lexicon.counts, lexicon.spellings, lexicon.masks,
                                    lexicon.zipf, lexicon.levels, lexicon.vulgar))
    return arrays + sum(map(sys.getsizeof, lexicon.words)) + sys.getsizeof(lexicon.words)


class GuildLists:
    def __init__(self, db: Database, *, cache_dir: Path | None = None, max_cached: int = MAX_CACHED,
                 build_in_worker: bool = False) -> None:
        self.store = ListStore(db)
        self.cache_dir = cache_dir or default_cache_dir()
        self.max_cached = max_cached
        self.build_in_worker = build_in_worker
        self._workers = asyncio.Semaphore(BUILD_WORKERS)  # lists of many servers asked at once: in turn
        self._cache: OrderedDict[tuple[int, str], tuple[str, Lexicon]] = OrderedDict()
        self._building: dict[tuple[int, str], asyncio.Lock] = {}

    async def names(self, guild_id: int) -> list[str]:
        """The server's own lists' names, alphabetically (those that may be shown: see ``lists``)."""
        return [info.name for info in await self.lists(guild_id)]

    async def lists(self, guild_id: int) -> list[ListInfo]:
        """The server's own lists that commands may use and show. A list stored under a name that
        spells a slur or a flagged word (uploaded before names were checked) is left out, here and
        so everywhere a name is offered or shown; ``/lists remove`` still removes it by its exact
        name (``store.remove``)."""
        return [info for info in await self.store.lists(guild_id) if name_shown(info.name)]

    async def language(self, guild_id: int, name: str) -> str | None:
        """The language of the server's list ``name`` (its bare name); None when it has none of
        that name (or one whose name may not be shown)."""
        info = await self.store.info(guild_id, name) if name_shown(name) else None
        return None if info is None else info.language

    async def in_own_language(self, guild_id: int, name: str) -> str:
        """The name the server's list ``name`` goes by in the language it was uploaded in
        (``fr/mots``); ``name`` as it is when the server has no list of that name."""
        language = await self.language(guild_id, name)
        return name if language is None else name_in(language, name)

    async def lexicon(self, guild_id: int, name: str) -> Lexicon:
        """The server's list ``name`` (``club``, or ``fr/club`` in French) as a Lexicon called
        ``name``; UnknownList when it has none of that name in that language."""
        key = (guild_id, name)
        info = await self._info(guild_id, name)
        async with self._building.setdefault(key, asyncio.Lock()):
            cached = self._cache.get(key)
            if cached is not None and cached[0] == info.digest:
                self._cache.move_to_end(key)
                return cached[1]
            if self.build_in_worker and info.language == "en":
                path = await self.path(guild_id, name)
                async with self._workers:
                    if not await cache_in_worker(path):
                        log.warning("The worker did not build list %r of server %s: building it here", name, guild_id)
                lexicon = await asyncio.to_thread(load_lexicon, path, name)  # mapped, when the worker cached it
                self.keep(guild_id, name, path.stem, lexicon)
                return lexicon
            stored = await self.store.words(guild_id, info.name)
            if stored is None:
                raise await self._unknown(guild_id, name)
            digest, blob = stored
            lexicon = await asyncio.to_thread(lambda: build_lexicon(name, unpack(blob)))
            self.keep(guild_id, name, digest, lexicon)
            return lexicon

    async def resolve(self, guild_id: int | None, name: str) -> Lexicon:
        """A lexicon option's value as a Lexicon: a bundled list by name, else the server's own
        (UnknownList when it has none of that name, or outside a server)."""
        if name in BUNDLED:  # loaded as the bot starts
            return Lexicon.load(name)
        if is_bundled(name):  # another language's list, loaded (seconds, the first time) off the event loop
            return await asyncio.to_thread(Lexicon.load, name)
        if guild_id is None:
            raise UnknownList(name, BUNDLED, server=False)
        return await self.lexicon(guild_id, name)

    async def source(self, guild_id: int | None, name: str) -> str:
        """What a worker job is given to find a list: a bundled list's name as it is, else the path
        of the server's list's words file; in the worker, ``solvers.wordlist.load_source(source, name)``."""
        if is_bundled(name):
            return name
        if guild_id is None:
            raise UnknownList(name, BUNDLED, server=False)
        return str(await self.path(guild_id, name))

    def keep(self, guild_id: int, name: str, digest: str, lexicon: Lexicon) -> None:
        """Put a lexicon in the cache (the upload does, so a new list is ready at once)."""
        self._cache[(guild_id, name)] = (digest, lexicon)
        self._cache.move_to_end((guild_id, name))
        while len(self._cache) > self.max_cached:
            self._cache.popitem(last=False)

    def forget(self, guild_id: int, name: str) -> None:
        self._cache.pop((guild_id, name), None)

    def forget_all(self, guild_id: int, name: str) -> None:
        """Forget the server's list ``name`` in every language it may have been cached in."""
        for language in LANGUAGES:
            self.forget(guild_id, name_in(language, name))

    def cached(self) -> list[tuple[int, str, int, int]]:
        """(server, name, words, bytes) of each cached list, least recently used first."""
        return [(g, n, len(lex), lexicon_bytes(lex)) for (g, n), (_, lex) in self._cache.items()]

    async def path(self, guild_id: int, name: str) -> Path:
        """A words file of the server's list for a worker job (``solvers.wordlist.load_lexicon(path, name)``),
        named by the list's content hash, written once; UnknownList when the server has no such list."""
        info = await self._info(guild_id, name)
        target = self.cache_dir / f"{info.digest}.txt"
        if target.is_file():
            return target
        stored = await self.store.words(guild_id, info.name)
        if stored is None:
            raise await self._unknown(guild_id, name)
        target = self.cache_dir / f"{stored[0]}.txt"
        await asyncio.to_thread(_write_words, target, stored[1])
        return target

    async def choices(self, guild_id: int | None, current: str) -> list:
        """Autocomplete choices of a lexicon option: the bundled lists, then the server's own
        (``app_commands.Choice`` values are the names), those that start with what was typed."""
        from discord import app_commands  # the terminal uses this module without discord

        typed = current.strip().lower()
        found = [app_commands.Choice(name=BUNDLED_DESCRIPTIONS[n], value=n) for n in BUNDLED]
        if guild_id is not None:
            found += [app_commands.Choice(name=f"{i.name}: this server's list of {plural(i.word_count, 'word')} "
                                               f"in {language_name(i.language)}", value=i.name)
                      for i in await self.lists(guild_id)]
        return [c for c in found if c.value.startswith(typed)][:25]

    async def _info(self, guild_id: int, name: str) -> ListInfo:
        """The list's row (``fr/club``: the list ``club``, when it is French); UnknownList when
        there is none in that language, or its name may not be shown (such a list is used
        nowhere: its name would show in every reply that names the list)."""
        language, bare = split_name(name)
        info = await self.store.info(guild_id, bare) if name_shown(bare) else None
        if info is None or info.language != language:
            raise await self._unknown(guild_id, name)
        return info

    async def _unknown(self, guild_id: int, name: str) -> UnknownList:
        self.forget(guild_id, name)
        names = await self.names(guild_id)
        return UnknownList(name, [*BUNDLED, *names])


async def cache_in_worker(path: Path) -> bool:
    """Build the lexicon cache file of the words file ``path`` in a worker process forked from the
    job server (``bot.jobs``); True when the worker finished in time. When it did not, or the cache
    folder cannot be written, ``load_lexicon`` simply builds the list itself afterwards."""
    from bot.jobs import CONTEXT  # the bot's job server; the terminal never gets here

    process = CONTEXT.Process(target=_cache_lexicon, args=(str(path),), daemon=True, name="wordbot-list-cache")
    try:
        await asyncio.to_thread(process.start)
    except OSError as error:  # no processes left: build in place instead
        log.warning("Cannot start a worker to build a word list: %s", error)
        return False
    try:
        await asyncio.to_thread(process.join, BUILD_SECONDS)
    finally:
        if process.is_alive():
            process.kill()
            await asyncio.to_thread(process.join)
    return process.exitcode == 0


def _cache_lexicon(path: str) -> None:
    from bot.jobs import MEMORY_BYTES

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))  # as for every job
    load_lexicon(path, "")  # writes the cache file that the bot then maps


def _write_words(target: Path, blob: bytes) -> None:
    """The words, one per line, written whole (a temporary file renamed) in a folder only we may read."""
    target.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    temporary = target.with_suffix(f".{os.getpid()}.tmp")
    temporary.write_text("\n".join(unpack(blob)) + "\n", encoding="utf-8")
    temporary.replace(target)
