"""The database: SQLite (a file, the default) or PostgreSQL (a ``postgresql://`` URL).

SQL lives in this package and in each feature's ``store.py``, nowhere else (a test enforces it).
This file is only the package's face: it re-exports the names most callers want, and no module of
the package imports it (each imports the module that defines a name), so none depends on another
through it. The modules, from the bottom up:

- ``errors.py``: ``StoreError``; ``url.py``: a PostgreSQL URL checked and shown without its
  password; ``dialect.py``: what differs between the two SQL dialects (``NOW``, placeholders);
- ``schema.py``: the numbered migrations of each dialect, ``migrations/NNNN_name.sql`` and
  ``migrations/postgres/NNNN_name.sql`` (whose 0001 is SQLite's 0001-0007);
- ``transaction.py``: what a store's unit of work awaits; ``settings.py``: a server's settings,
  a registry each feature adds its own to;
- ``database.py``: the bot's ``Database`` (one interface, bot state, guild settings);
- ``sqlite_schema.py``: connecting to a SQLite file and migrating it; ``sqlite.py`` and
  ``writer.py``: SQLite's reads and its one writer thread with group commit;
- ``postgres.py``: the asyncpg pool and its migrations; ``pgwriter.py``: PostgreSQL's group commit;
- ``open.py``: ``open_database(target)``, the one place that picks the backend;
- ``copy.py`` and ``copy_sides.py``: ``wordbot db copy``.

A database's applied versions are recorded in ``schema_migrations``; at start-up the pending ones
run in one transaction (all or nothing). A database whose schema is newer than this code is
refused, never touched.
"""

from bot.db.database import Database as Database
from bot.db.dialect import NOW as NOW
from bot.db.errors import StoreError as StoreError
from bot.db.open import open_database as open_database
from bot.db.schema import (
    Migration as Migration,
    SchemaStatus as SchemaStatus,
    available_migrations as available_migrations,
)
from bot.db.settings import ANAGRAM_LEXICONS as ANAGRAM_LEXICONS, GuildSettings as GuildSettings
