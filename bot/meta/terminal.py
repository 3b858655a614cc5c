"""``wordbot run`` (start the bot) and ``wordbot db status|upgrade``."""

from __future__ import annotations

import argparse
import asyncio
import sys

from bot import db
from bot.cli import CommandLine, database_path
from bot.config import Settings

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
    cli.add("run", cmd_run, help="start the Discord bot (needs DISCORD_TOKEN)")
    db_cmd = cli.add("db", cmd_db, help="database migrations: status, upgrade", parents=[cli.database])
    db_cmd.add_argument("action", choices=("status", "upgrade"))


def cmd_run(args: argparse.Namespace) -> int:
    import discord  # the only command that needs it

    from bot.app import create_bot

    settings = Settings.from_env()
    discord.utils.setup_logging(level=settings.log_level_number)
    if not settings.token:
        print(NO_TOKEN, file=sys.stderr, end="")
        return 1
    bot = create_bot(settings)

    async def run() -> None:
        async with bot:
            await bot.start(settings.token)

    try:
        asyncio.run(run())
    except discord.LoginFailure:
        print("wordbot: Discord rejected DISCORD_TOKEN. Copy a fresh token from the Bot page of your "
              "application (Reset Token) into .env.", file=sys.stderr)
        return 1
    except OSError as error:  # DNS failure, refused connection: aiohttp's errors are OSErrors
        print(f"wordbot: cannot reach Discord ({error}). Check the network and try again.", file=sys.stderr)
        return 1
    return 0


def cmd_db(args: argparse.Namespace) -> int:
    path = database_path(args, must_exist=False)
    if args.action == "status" and not path.is_file():  # say so, and create nothing
        migrations = db.available_migrations()
        print(f"database: {path} (not there yet: `wordbot db upgrade` or `wordbot run` creates it)")
        print(f"schema version: 0 (this wordbot knows up to {len(migrations)})")
        print("pending: " + ", ".join(m.name for m in migrations))
        return 0

    async def act() -> int:
        conn = await db.connect(path)
        try:
            if args.action == "upgrade":
                for migration in await db.upgrade(conn):
                    print(f"applied {migration.name}")
            status = await db.schema_status(conn)
        finally:
            await conn.close()
        print(f"database: {path}")
        print(f"schema version: {status.current} (this wordbot knows up to {status.latest})")
        if status.current > status.latest:
            print("the database is newer than this wordbot: upgrade wordbot before using it", file=sys.stderr)
            return 1
        pending = ", ".join(m.name for m in status.pending)
        print(f"pending: {pending}" if pending else "up to date")
        return 0

    return asyncio.run(act())
