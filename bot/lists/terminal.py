"""``wordbot lists add|show|remove`` (a server's own word lists) and ``wordbot reports`` (the words
players reported, with counts across servers: the input for the next list build)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from bot.cli import CommandLine, discord_id
from bot.cli_db import run_with_database
from bot.lexicons.guild_lists import GuildLists, UnknownList, no_list_called
from bot.lexicons.server_language import LANGUAGE
from bot.lexicons.store import MAX_LISTS, ListStore, TooManyLists
from bot.lists import text
from bot.lists.upload import Upload, store_upload
from bot.paths import probe
from solvers.alphabets import LANGUAGES
from solvers.wordlist import MAX_UPLOAD_BYTES, ListError, check_name, name_shown, parse_upload

USER_ERRORS = (ListError, UnknownList)


def add_commands(cli: CommandLine) -> None:
    command = cli.add("lists", cmd_lists, help="a server's own word lists: add, show, remove",
                      description=f"A server's own word lists (up to {MAX_LISTS}), as /lists manages them in Discord. "
                                  "Subcommands: add, show, remove.")
    subcommands = command.add_subparsers(title="subcommands", metavar="SUBCOMMAND")
    add = cli.add("add", cmd_add, help="add (or replace) a list from a word-per-line file (or .gz; "
                                       "- reads standard input)",
                  parents=[cli.database], under=subcommands)
    _guild(add)
    add.add_argument("name", help="the list's name: 1-20 of a-z, 0-9 and -")
    add.add_argument("file", help="a text file or .gz, one word per line; - for standard input")
    add.add_argument("--language", choices=LANGUAGES,
                     help="the list's language: its words are read and played by its letters "
                          "(default: the server's, /settings language:)")
    show = cli.add("show", cmd_show, help="a server's lists and its word reports", parents=[cli.database, cli.json],
                   under=subcommands)
    _guild(show)
    remove = cli.add("remove", cmd_remove, help="remove one of a server's lists", parents=[cli.database],
                     under=subcommands)
    _guild(remove)
    remove.add_argument("name", help="the list's name")
    reports = cli.add("reports", cmd_reports, help="the words players reported (/report), counted across servers",
                      parents=[cli.database, cli.json])
    reports.add_argument("--guild", type=discord_id, help="only this server's reports (default: every server's)")


def _guild(command: argparse.ArgumentParser) -> None:
    command.add_argument("--guild", type=discord_id, required=True, help="the server's id")


def cmd_lists(args: argparse.Namespace) -> int:
    print("wordbot lists: give a subcommand: add, show or remove (see wordbot lists --help)", file=sys.stderr)
    return 2


def read_upload(file: str) -> bytes:
    """The bytes of FILE (or of standard input for -), refused past the upload limit unread."""
    if file == "-":
        stream = getattr(sys.stdin, "buffer", None)
        data = stream.read(MAX_UPLOAD_BYTES + 1) if stream else sys.stdin.read(MAX_UPLOAD_BYTES + 1).encode()
    else:
        path = Path(file)
        probe(path, "read the word list")
        if not path.is_file():
            raise ListError(f"There is no file {file[:200]!r}: give the path of a word list (one word per line).")
        if path.stat().st_size > MAX_UPLOAD_BYTES:
            raise ListError(f"{path.name} is over {MAX_UPLOAD_BYTES >> 20} MB; a word list may be at most that.")
        data = path.read_bytes()
    if len(data) > MAX_UPLOAD_BYTES:
        raise ListError(f"The input is over {MAX_UPLOAD_BYTES >> 20} MB; a word list may be at most that.")
    return data


def cmd_add(args: argparse.Namespace) -> int:
    try:
        name = check_name(args.name)
    except ListError as error:
        raise ListError(text.name_refused(args.name, error)) from None
    data = read_upload(args.file)

    async def add(db) -> tuple[Upload, bool]:
        language = args.language or (await db.guild_settings(args.guild)).get(LANGUAGE)
        upload = Upload.of(parse_upload(data, language))
        try:
            return upload, await store_upload(GuildLists(db), args.guild, name, upload, 0, warm=False)
        except TooManyLists as error:
            raise ListError(f"Server {args.guild} has {MAX_LISTS} lists already ({', '.join(error.names)}): remove one "
                            "first (wordbot lists remove), or add with the name of one to replace it.") from None

    upload, replaced = run_with_database(args, add)
    print("\n".join(text.upload_lines(name, upload, replaced)))
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    async def fetch(db):
        store = ListStore(db)
        return await store.lists(args.guild), await store.reports(args.guild)

    lists, reports = run_with_database(args, fetch, must_exist=True)
    if args.json:
        shown = [i for i in lists if name_shown(i.name)]  # a name that spells a slur or a vulgar word: counted only
        print(
            json.dumps({"guild": args.guild,
                        "lists": [{"name": i.name, "words": i.word_count, "language": i.language,
                                   "uploaded_by": i.uploaded_by, "created_at": i.created_at} for i in shown],
                          "lists_not_shown": len(lists) - len(shown), "reports": [_report_json(r) for r in reports]}))
        return 0
    print(f"Word lists of server {args.guild}:")
    print("\n".join(f"  {line}" for line in text.list_lines(lists)).replace("/lists", "wordbot lists"))
    print("Words reported there:")
    print("\n".join(f"  {line}" for line in text.report_lines(reports)))
    return 0


def cmd_remove(args: argparse.Namespace) -> int:
    removed = run_with_database(args, lambda db: ListStore(db).remove(args.guild, args.name), must_exist=True)
    if removed is not None:
        print(f"Removed {text.list_named(args.name)} of server {args.guild}."
              + (f" {text.DEFAULT_RESET}" if removed.was_default else ""))
        return 0
    raise ListError(f"Server {args.guild} has no list {no_list_called(args.name)} (see wordbot lists show "
                    f"--guild {args.guild}).")


def cmd_reports(args: argparse.Namespace) -> int:
    async def fetch(db):
        store = ListStore(db)
        return await (store.all_reports() if args.guild is None else store.reports(args.guild))

    reports = run_with_database(args, fetch, must_exist=True)
    if args.json:
        print(json.dumps({"guild": args.guild, "reports": [_report_json(r) for r in reports]}))
        return 0
    print("Words reported in every server:" if args.guild is None else f"Words reported in server {args.guild}:")
    print("\n".join(f"  {line}" for line in text.report_lines(reports, across=args.guild is None)))
    return 0


def _report_json(report) -> dict:
    shown = text.shown_word(report.word)
    return {"word": shown, "slur": shown != report.word, "reason": report.reason, "reports": report.reports,
            "servers": report.servers}
