"""``wordbot db backup FILE [--force]`` and ``wordbot db restore FILE --to DATABASE`` (issue 35):
the parsing is ``bot/operate/terminal.py``'s (``wordbot db``), the work ``bot/db/backup.py``'s."""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

from bot.cli_db import database_target
from bot.config import ConfigError, parse_database
from bot.db.url import is_postgres_url
from bot.paths import probe
from bot.text import plural


def cmd_backup_or_restore(args: argparse.Namespace) -> int:
    if args.source:
        raise ConfigError("--from goes with `wordbot db copy`: a backup reads --database (default WORDBOT_DATABASE).")
    if not args.file:
        raise ConfigError(f"Give the backup's file: wordbot db {args.action} FILE"
                          + (" --to DATABASE" if args.action == "restore" else "") + ".")
    if is_postgres_url(args.file):
        raise ConfigError("A backup is a SQLite file, even of a PostgreSQL database: give a file path as FILE.")
    file = Path(args.file)
    return cmd_backup(args, file) if args.action == "backup" else cmd_restore(args, file)


def cmd_backup(args: argparse.Namespace, file: Path) -> int:
    from bot.db.backup import backup_database

    if args.target:
        raise ConfigError("--to goes with `wordbot db restore`: a backup reads --database (default WORDBOT_DATABASE).")
    probe(file, "write the backup")
    source = database_target(args, must_exist=True)
    report = asyncio.run(backup_database(source, file, force=args.force))
    print(f"backed up {plural(report.rows, 'row')} of {report.source} to {report.file} ({_size(report.size)}), "
          f"as of one moment")
    print(f"checked: SQLite's integrity check passes, and each of the {len(report.tables)} tables holds the "
          "rows the database held")
    return 0


def cmd_restore(args: argparse.Namespace, file: Path) -> int:
    from bot.db.backup import restore_database

    if args.force:
        raise ConfigError("--force goes with `wordbot db backup`: a restore never replaces rows, it needs an empty "
                          "database (--to).")
    if not args.target or args.database:
        raise ConfigError("Give the backup and the empty database to put it in, and nothing else: "
                          "wordbot db restore FILE --to DATABASE (a file path or a postgresql:// URL).")
    probe(file, "read the backup")
    target = parse_database(args.target, "--to")
    if isinstance(target, Path):
        probe(target, "restore to the database")
    report = asyncio.run(restore_database(file, target))
    print(f"restored {plural(report.rows, 'row')} from {report.source} to {report.target}; "
          f"each of the {len(report.tables)} tables holds the backup's rows")
    return 0


def _size(size: int) -> str:
    return f"{size / 1e6:.1f} MB" if size >= 1e6 else f"{size / 1e3:.0f} kB"
