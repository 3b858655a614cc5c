"""``wordbot run`` (start the bot) and ``wordbot db status|upgrade``."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from bot.cli import CommandLine
from bot.cli_db import database_option, database_target, migration_connection
from bot.config import ConfigError, Settings, parse_address, parse_database, shown_database
from bot.db.schema import available_migrations
from bot.paths import probe
from bot.text import counted, plural

if TYPE_CHECKING:
    from bot.db.sqlite_check import IntegrityReport

NO_TOKEN = """\
wordbot: no Discord bot token is set, so the bot cannot connect.

To run it in Discord:
  1. Open https://discord.com/developers/applications, create an application,
     open its Bot page and press "Reset Token" to get a token.
  2. Copy .env.example to .env and set DISCORD_TOKEN=<your token> (keep .env secret).
  3. Invite the bot: OAuth2 > URL Generator, scopes "bot" and "applications.commands".
  4. Run `make run` again.

Meanwhile everything works offline from the terminal, for example:
  .venv/bin/wordbot anagram 'AALNST?'
  .venv/bin/wordbot anagram 'AALNST?' --board I
  .venv/bin/wordbot --help
"""


def add_commands(cli: CommandLine) -> None:
    run = cli.add("run", cmd_run, help="start the Discord bot (needs DISCORD_TOKEN)")
    run.add_argument("--shards", metavar="IDS",
                     help="run only these shards, e.g. 0-3 or 0,2,5 (a cluster; default: WORDBOT_SHARDS, else all)")
    run.add_argument("--shard-count", metavar="N",
                     help="shards in all, across every cluster (default: WORDBOT_SHARD_COUNT, else Discord's advice)")
    run.add_argument("--metrics", metavar="HOST:PORT", help="serve /healthz and /metrics there, e.g. 127.0.0.1:9108 "
                     "(default: WORDBOT_METRICS, else off; keep it on loopback, see docs/metrics.md)")
    db_cmd = cli.add("db", cmd_db, help="the database: status, upgrade, copy, backup, restore (SQLite or PostgreSQL)",
                     parents=[cli.database],
                     description="status and upgrade: the schema's migrations. copy: move a whole history from one "
                                 "database to an empty other, all or nothing, e.g. "
                                 "wordbot db copy --from wordbot.sqlite3 --to postgresql://user:pass@host/wordbot. "
                                 "backup: a checked snapshot of the database, while the bot runs, into a new SQLite "
                                 "file (wordbot db backup FILE). restore: a backup into an empty database "
                                 "(wordbot db restore FILE --to DATABASE)")
    db_cmd.add_argument("action", choices=("status", "upgrade", "copy", "backup", "restore"))
    db_cmd.add_argument("file", nargs="?", metavar="FILE",
                        help="backup: the file to write; restore: the backup to read")
    db_cmd.add_argument("--force", action="store_true", help="backup: replace FILE if it is there")
    db_cmd.add_argument("--full", action="store_true", help="status: check a SQLite file with SQLite's integrity_check "
                        "(every index against its table; slower) rather than its quick_check")
    db_cmd.add_argument("--from", dest="source", metavar="DATABASE", type=database_option("--from"),
                        help="copy: the database to copy (a file or a URL)")
    db_cmd.add_argument("--to", dest="target", metavar="DATABASE", type=database_option("--to"),
                        help="copy, restore: the empty database to copy into")


def cmd_run(args: argparse.Namespace) -> int:
    import discord  # the only command that needs it

    from bot import logs
    from bot.app import create_bot, open_database
    from bot.services import Services

    settings = run_settings(args)
    logs.setup(settings.log_level_number, settings.log_format, logs.Secrets(settings.token, settings.database))
    if not settings.token:
        print(NO_TOKEN, file=sys.stderr, end="")
        return 1
    if isinstance(settings.database, Path):  # said now: past this point an OSError is the network's
        probe(settings.database, "open the database")

    async def run() -> None:
        # before logging in: a database that cannot be used is one line
        services = Services(db=await open_database(settings))
        async with create_bot(settings, services) as bot:  # leaving it stops the bot cleanly (bot.shutdown)
            await bot.start(settings.token)

    try:
        asyncio.run(run())
    except discord.PrivilegedIntentsRequired:
        print("wordbot: Discord refused the Message Content intent (WORDBOT_MESSAGE_CONTENT=1). Turn on "
              "\"Message Content Intent\" on the Bot page of your application, or set WORDBOT_MESSAGE_CONTENT=0 "
              "(players then guess by mentioning the bot).", file=sys.stderr)
        return 1
    except discord.LoginFailure:
        print("wordbot: Discord rejected DISCORD_TOKEN. Copy a fresh token from the Bot page of your "
              "application (Reset Token) into .env.", file=sys.stderr)
        return 1
    except OSError as error:  # DNS failure, refused connection: aiohttp's errors are OSErrors
        print(f"wordbot: cannot reach Discord ({error}). Check the network and try again.", file=sys.stderr)
        return 1
    return 0


def run_settings(args: argparse.Namespace, environ: Mapping[str, str] | None = None) -> Settings:
    """The bot's settings: the environment's, with the shards of ``--shards`` and ``--shard-count`` and
    the address of ``--metrics`` (ConfigError, naming the option or the variable, for a bad or inconsistent value)."""
    settings = Settings.from_env(environ).with_shards(
        args.shards, args.shard_count, shards_name="--shards" if args.shards else "WORDBOT_SHARDS",
        count_name="--shard-count" if args.shard_count else "WORDBOT_SHARD_COUNT")
    return replace(settings, metrics=parse_address(args.metrics, "--metrics")) if getattr(args, "metrics",
                                                                                          None) else settings


def cmd_db(args: argparse.Namespace) -> int:
    if args.full and args.action != "status":
        raise ConfigError("--full goes with `wordbot db status` (a SQLite file's full check).")
    if args.action in ("backup", "restore"):
        from bot.operate.backup_terminal import cmd_backup_or_restore

        return cmd_backup_or_restore(args)
    if args.file or args.force:
        raise ConfigError("FILE and --force go with `wordbot db backup` and `wordbot db restore`.")
    if args.action == "copy":
        return cmd_copy(args)
    if args.source or args.target:
        raise ConfigError("--from and --to go with `wordbot db copy`; status and upgrade take --database.")
    target = database_target(args, must_exist=False)
    shown = shown_database(target)
    if args.full and not isinstance(target, Path):
        raise ConfigError("--full goes with `wordbot db status` of a SQLite file (PostgreSQL checks its own pages).")
    if args.action == "status" and isinstance(target, Path) and not target.is_file():  # say so, and create nothing
        migrations = available_migrations()
        print(f"database: {shown} (not there yet: `wordbot db upgrade` or `wordbot run` creates it)")
        print(f"schema version: 0 (this wordbot knows up to {len(migrations)})")
        print("pending: " + ", ".join(m.name for m in migrations))
        return 0

    async def act() -> int:
        async with migration_connection(target) as (conn, dialect):
            if args.action == "status" and isinstance(target, Path):
                from bot.db.sqlite_check import check_connection

                integrity = await check_connection(conn, full=args.full)
                if not integrity.sound:  # its schema may not even be readable: say what matters
                    return say_damaged(shown, integrity)
            if args.action == "upgrade":
                for migration in await dialect.upgrade(conn):
                    print(f"applied {migration.name}")
            status = await dialect.schema_status(conn)
        print(f"database: {shown}")
        if args.action == "status" and isinstance(target, Path):
            print(f"file: {integrity.summary()}")
        print(f"schema version: {status.current} (this wordbot knows up to {status.latest})")
        if status.current > status.latest:
            print("the database is newer than this wordbot: upgrade wordbot before using it", file=sys.stderr)
            return 1
        pending = ", ".join(m.name for m in status.pending)
        print(f"pending: {pending}" if pending else "up to date")
        return 0

    return asyncio.run(act())


def say_damaged(shown: str, integrity: IntegrityReport) -> int:
    """A damaged file: what SQLite found (the first few lines) and what to do; exit status 1."""
    from bot.db.sqlite_check import RESTORE, SHOWN_PROBLEMS

    print(f"database: {shown}")
    print(f"file: {integrity.summary()}")
    for line in integrity.problems[:SHOWN_PROBLEMS]:
        print(f"  {line}")
    if len(integrity.problems) > SHOWN_PROBLEMS:
        print(f"  ... and {len(integrity.problems) - SHOWN_PROBLEMS} more")
    print(f"The database file is damaged: stop the bot and do not write to it. {RESTORE}", file=sys.stderr)
    return 1


def cmd_copy(args: argparse.Namespace) -> int:
    """``wordbot db copy --from A --to B``: every table, counts checked, all or nothing."""
    from bot.db.copy import copy_database

    if not args.source or not args.target or args.database:
        raise ConfigError("Give both ends of the copy and nothing else: wordbot db copy --from DATABASE --to DATABASE "
                          "(a file path or a postgresql:// URL each).")
    source, target = parse_database(args.source, "--from"), parse_database(args.target, "--to")
    for end, doing in ((source, "copy from the database"), (target, "copy to the database")):
        if isinstance(end, Path):
            probe(end, doing)
    report = asyncio.run(copy_database(source, target))
    print(f"copied {plural(report.rows, 'row')} from {report.source} to {report.target} in {report.seconds:.1f} s")
    for table in report.tables:
        print(f"  {table.table:<24} {table.target_rows:>10,} {counted(table.target_rows, 'row'):<4} (source "
              f"{table.source_rows:,})")
    return 0
