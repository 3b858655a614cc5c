"""The command line's database: the ``--database`` option checked as it is read, the database a
command uses (``--database``, else WORDBOT_DATABASE), and running a command's work against it.
Nothing here is imported before a command that uses a database runs."""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypeVar, Union

from bot.paths import probe

if TYPE_CHECKING:
    from pathlib import Path

    from bot.db import Database
    from bot.db.schema import SchemaStatus
    from solvers.lexicon import Lexicon

T = TypeVar("T")


def database_option(name: str) -> Callable[[str], str]:
    """An argparse type: a database (``name``: the option) checked as it is read, so that every
    command refuses a malformed URL, even one that uses the database only with some options."""
    def check(text: str) -> str:
        from bot.config import ConfigError, parse_database

        try:
            parse_database(text, name)
        except ConfigError as error:  # as a ValueError, argparse would quote the text: a password
            raise argparse.ArgumentTypeError(str(error)) from None
        return text

    return check


Target = Union["Path", str]  # pathlib is loaded with the database's modules, not by every command
"""A database as the command line names it: a SQLite file, or a ``postgresql://`` URL."""


def database_target(args: argparse.Namespace, *, must_exist: bool) -> Target:
    """The database a command uses: ``--database``, else WORDBOT_DATABASE; a file path, or a
    ``postgresql://`` URL. A command that only reads refuses a database that is not there (a
    mistyped path must not make a new, empty one): for a URL, the server must answer and hold
    wordbot's tables."""
    import asyncio

    from bot.config import Settings, parse_database, shown_database
    from bot.db.errors import StoreError
    from bot.db.sqlite_file import check_database_path

    target = parse_database(args.database, "--database") if args.database else Settings.from_env().database
    if isinstance(target, str):  # a URL
        if must_exist and asyncio.run(_schema_status(target)).current == 0:
            raise StoreError(f"There are no wordbot tables in {shown_database(target)}: check the URL, or create "
                             "them with `wordbot db upgrade`.")
        return target
    probe(target, "open the database")  # a name too long, a loop of links: what the checks below cannot say
    check_database_path(target)
    if must_exist and not target.is_file():
        raise StoreError(f"There is no database at {target}: check the path (--database, or WORDBOT_DATABASE).")
    return target


def database_given(args: argparse.Namespace) -> bool:
    """Whether the user pointed at a database (``--database``, a URL, or a file that is there),
    for commands that use one only when there is one (and never make a file unasked)."""
    if args.database is not None:
        return True
    target = database_target(args, must_exist=False)
    return isinstance(target, str) or target.is_file()


@contextlib.asynccontextmanager
async def migration_connection(target: Target) -> AsyncIterator[tuple[Any, ModuleType]]:
    """One connection to ``target`` and the module whose ``schema_status(conn)`` and
    ``upgrade(conn)`` fit it: ``bot.db.sqlite_schema`` for SQLite, ``bot.db.postgres`` for PostgreSQL."""
    if not isinstance(target, str):  # a file
        from bot.db import sqlite_schema

        conn = await sqlite_schema.connect(target)
        try:
            yield conn, sqlite_schema
        finally:
            await conn.close()
        return
    from bot.db import postgres

    pool = await postgres.create_pool(target, max_size=1)
    try:
        async with pool.acquire() as conn:
            yield conn, postgres
    finally:
        await pool.close()


async def _schema_status(target: Target) -> SchemaStatus:
    async with migration_connection(target) as (conn, dialect):
        return await dialect.schema_status(conn)


def run_with_database(args: argparse.Namespace, action: Callable[[Database], Awaitable[T]], *,
                      must_exist: bool = False) -> T:
    """Run ``action(db)`` against the configured database (migrated first) and return its result."""
    import asyncio

    from bot.db.open import open_database

    target = database_target(args, must_exist=must_exist)

    async def go() -> T:
        db = await open_database(target)
        try:
            return await action(db)
        finally:
            await db.close()

    return asyncio.run(go())


def guild_lexicon(args: argparse.Namespace, language: str) -> Lexicon:
    """``--guild``'s list ``--lexicon`` in ``language`` (``--language``): a list uploaded in another
    language is one line saying which to give."""
    from bot.lexicons.guild_lists import GuildLists
    from solvers.lexicon import LexiconError
    from solvers.list_names import language_name, name_in

    async def fetch(db: Database) -> Lexicon:
        lists = GuildLists(db)
        own = await lists.language(args.guild, args.lexicon)  # the language it was uploaded in
        if own is not None and own != language:
            raise LexiconError(f"The list {args.lexicon} of server {args.guild} is {language_name(own)}: "
                               f"give --language {own}.")
        return await lists.lexicon(args.guild, name_in(language, args.lexicon))

    return run_with_database(args, fetch, must_exist=True)
