"""A server's own word lists (``/lists``, ``wordbot lists``) and word reports (``/report``, ``wordbot reports``).

Parts: ``solvers/wordlist.py`` (pure: bytes to words, limits, packing), ``store.py`` (SQL: tables
``guild_word_lists`` and ``word_reports``, migrations 0008 and 0023), ``lexicons.py`` (``GuildLists``: the
cache and the API below), ``upload.py`` (parse in a worker, store whole), ``text.py``, ``cog.py``,
``terminal.py``.

The API for the commands that take a lexicon
============================================

The cog puts one ``GuildLists`` on the bot when it loads: ``bot.guild_lists``.

- ``await bot.guild_lists.names(guild_id) -> list[str]``: the server's own lists, alphabetically. A list
  stored under a name that spells a slur or a flagged word (``solvers.wordlist.name_shown``: an
  earlier release checked only the letters) is left out of every call below, as if it were not
  there; ``store.lists`` has them all, and ``store.remove`` removes one by its exact name.
- ``await bot.guild_lists.store.remove(guild_id, name) -> Removed | None``: removes a list, and sets
  the server's default back to full in the same transaction when it was this list
  (``Removed.was_default``); a default left naming a missing list is set back by
  ``bot.lexicons.option.chosen``, which notes it once (``store.forget_default``).
- A list has a language (``ListInfo.language``, given at upload; migration 0023, English before).
  One in another language goes by ``fr/club`` (``solvers.list_names.name_in``) in every call
  below, as a bundled French list goes by ``fr/full``: its lexicon plays its words folded and
  ``display`` writes them as uploaded. ``await bot.guild_lists.language(guild_id, name)`` is the
  language of the list ``name`` (None when there is none); ``in_own_language(guild_id, name)`` the
  name it goes by (``fr/club``). ``bot.lexicons.option.chosen`` refuses a list asked for in
  another language in one line (``bot.lexicons.server_language.list_in``).
- ``await bot.guild_lists.lexicon(guild_id, name) -> Lexicon``: the list as a ``solvers.lexicon.Lexicon``
  called ``name`` (slurs dropped, vulgar words flagged, as for the bundled lists). Built once per
  process in a thread, cached (LRU, ``MAX_CACHED`` lists), rebuilt when the stored list changed (its
  digest is checked on each call: one primary-key read). Raises ``UnknownList`` (a ``LookupError``
  whose message is one line for the user, naming the lists there are) when the server has none of
  that name: so a name of another server's list is refused, never served.
- ``await bot.guild_lists.path(guild_id, name) -> Path``: for a job run in a worker process
  (``bot.jobs``): a words file named by content hash under ``cache_dir``, written once; in the
  worker, ``solvers.wordlist.load_lexicon(path, name) -> Lexicon``. Raises ``UnknownList`` too.
- ``await bot.guild_lists.choices(guild_id, current) -> list[app_commands.Choice[str]]``: for an
  autocomplete callback of a ``lexicon: str`` option: the bundled lists (full, common, huge) first,
  then the server's own, those starting with ``current``, at most 25. A value is a list's name;
  a bundled name (``solvers.lexicon.BUNDLED``) goes to ``Lexicon.load(name)``, any other to
  ``lexicon(guild_id, name)`` (names of uploaded lists can never be full/common/huge).
- ``await bot.guild_lists.resolve(guild_id | None, name) -> Lexicon``: an option's value either way: a
  bundled name gives ``Lexicon.load(name)``, any other ``lexicon(guild_id, name)``; ``UnknownList``
  outside a server or for a name the server does not have.
- ``await bot.guild_lists.source(guild_id | None, name) -> str``: the same for a worker job: pass the
  string (a bundled name, or the words file's path) to the job, and there call
  ``solvers.wordlist.load_source(source, name) -> Lexicon`` (a file is loaded in about a second per
  280,000 words: each job is a fresh process).
- ``bot.lexicons.guild_lists.has_commonness(lexicon) -> bool``: False for an uploaded list (every zipf is
  0): sorting by commonness is then alphabetical, and the reply says so with
  ``bot.lists.text.NO_COMMONNESS``.
- ``bot.guild_lists.cached() -> list[(guild_id, name, words, bytes)]``: what the cache holds.

The terminal has no bot: ``GuildLists(db)`` on an open ``Database`` gives the same calls.
"""
