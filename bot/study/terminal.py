"""``wordbot study``: the terminal player's deck (``bot.daily.info.TERMINAL_USER_ID``), kept in
the database as the bot keeps every player's. ``wordbot study`` reviews the cards due (piped
input too: ``bot.study.terminal_review``); ``stats``, ``export FILE`` (CSV), ``import FILE``
(one alphagram or word a line, or an export), ``add`` (a quiz set) and ``settings``."""

from __future__ import annotations

import argparse
import dataclasses
import io
import sys
from pathlib import Path
from typing import BinaryIO, TextIO

from bot.cli import CommandLine, calendar_date
from bot.daily.calendar import utc_now
from bot.daily.info import TERMINAL_GUILD_ID, TERMINAL_NAME, TERMINAL_USER_ID
from bot.db import Database
from bot.paths import BadPath, complaint, probe
from bot.pictures.terminal import add_png_option, writable, write_png
from bot.study.model import AddResult, StudyError
from bot.study.reading import MAX_IMPORT_BYTES, ImportText, read_import
from bot.text import plural
from solvers.screen import quoted

USER_ERRORS = (StudyError,)
STUDY_HELP = "your study deck: review the cards due (spaced repetition), stats, export, import"


def add_commands(cli: CommandLine) -> None:
    from bot.study.transfer import ranges
    from solvers.lexicon import BUNDLED

    study = cli.add("study", cmd_study, help=STUDY_HELP, parents=[cli.database], description=(
        "Review the cards due in your study deck, one line of answers each (piped input works too). Cards come from "
        "the alphagrams you miss in `wordbot quiz` and `wordbot challenge`, from `wordbot study add` and from "
        "`wordbot study import`; FSRS schedules them (docs/study.md)."))
    subcommands = study.add_subparsers(title="subcommands", metavar="SUBCOMMAND")
    stats = cli.add("stats", cmd_stats, help="your deck: cards by state, retention, streak, the next 30 days",
                    parents=[cli.database], under=subcommands)
    add_png_option(stats, "the picture /study stats posts")
    export = cli.add("export", cmd_export, help="the deck as CSV: card, due, stability, difficulty, reps, lapses, ...",
                     parents=[cli.database], under=subcommands)
    export.add_argument("file", metavar="FILE", help="the CSV file to write (- for standard output)")
    imported = cli.add("import", cmd_import, help="add cards: one alphagram or word a line, or a CSV export",
                       parents=[cli.database], under=subcommands, description=(
                           "Add cards: one alphagram or word a line, or a CSV made by `wordbot study export`, which "
                           f"keeps each card's schedule. {ranges()}"))
    imported.add_argument("file", metavar="FILE", help="the file to read (- for standard input)")
    imported.add_argument("--list", dest="lexicon", choices=BUNDLED, default="full",
                          help="the word list of the answers (default full)")
    add = cli.add("add", cmd_add, help="add a quiz set's alphagrams, e.g. --length 7 --from 1 --to 200",
                  parents=[cli.database], under=subcommands)
    add.add_argument("--length", type=int, default=7, metavar="N", help="word length (default 7)")
    add.add_argument("--from", dest="first", type=int, default=1, metavar="RANK",
                     help="first probability rank (default 1)")
    add.add_argument("--to", dest="last", type=int, metavar="RANK",
                     help="last probability rank (default: 50 ranks from --from)")
    add.add_argument("--list", dest="lexicon", choices=BUNDLED, default="full", help="the word list (default full)")
    add.add_argument("--bee", type=calendar_date, metavar="DATE",
                     help="instead: the words you missed in that day's bee (wordbot bee play), e.g. yesterday")
    settings = cli.add("settings", cmd_settings, help="show or change your study settings: NAME=VALUE ...",
                       parents=[cli.database], under=subcommands)
    settings.add_argument("changes", nargs="*", metavar="NAME=VALUE",
                          help="retention=0.9 new_per_day=20 reviews_per_day=200 from_misses=on zone=Europe/Paris")


def _study(db: Database):
    from bot.study.deck import Study
    from bot.study.terminal_review import BundledLexicons

    return Study(db, BundledLexicons())


def cmd_study(args: argparse.Namespace) -> int:
    from bot.study.terminal_review import finish_review, review_line, start_review
    from bot.terminal_loop import play_in_terminal

    return play_in_terminal(args, start_review, review_line, finish_review)


def cmd_stats(args: argparse.Namespace) -> int:
    from bot.cli_db import run_with_database
    from bot.study.text import stats_lines

    if args.png and not writable(args.png):  # a mistyped folder fails before anything is read
        return 2

    async def read(db: Database) -> tuple[list[str], bytes | None]:
        study, now = _study(db), utc_now()
        stats = await study.stats(TERMINAL_USER_ID, now)
        lines = stats_lines(stats)
        if not args.png:
            return lines, None
        from bot.daily.schedule import local_today
        from bot.study.picture import render_study_stats

        today = local_today((await study.settings(TERMINAL_USER_ID)).zone, now)
        return lines, render_study_stats(stats, today, TERMINAL_NAME)

    lines, picture = run_with_database(args, read)
    print("\n".join(lines))
    return write_png(args.png, picture) if picture is not None else 0


def cmd_export(args: argparse.Namespace) -> int:
    from bot.cli_db import run_with_database
    from bot.study.transfer import to_csv

    async def read(db: Database):
        return await _study(db).export_rows(TERMINAL_USER_ID)

    rows = run_with_database(args, read)
    text = to_csv(rows)
    if args.file == "-":
        sys.stdout.write(text)
    else:
        probe(args.file, "write the CSV file")
        Path(args.file).write_text(text, encoding="utf-8")
        print(f"Exported {plural(len(rows), 'card')} to {args.file}.")
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from bot.cli_db import run_with_database

    read = _read_lines(args.file)

    async def add(db: Database) -> AddResult:
        return await _study(db).import_lines(TERMINAL_USER_ID, read.lines, args.lexicon, utc_now())

    result = run_with_database(args, add)
    if read.unread or read.stopped:  # past the bytes read lines are not counted: "at least"
        result = dataclasses.replace(result, unread=result.unread + read.unread, at_least=read.stopped)
    print(added_line(result))
    return 0


def cmd_add(args: argparse.Namespace) -> int:
    from bot.cli_db import run_with_database

    async def add(db: Database) -> AddResult:
        if args.bee is not None:
            return await _study(db).add_missed_bee(TERMINAL_USER_ID, TERMINAL_GUILD_ID, args.bee, utc_now())
        last = args.first + 49 if args.last is None else args.last
        return await _study(db).add_set(TERMINAL_USER_ID, args.lexicon, args.length, args.first, last, utc_now())

    print(added_line(run_with_database(args, add), bee=args.bee is not None))
    return 0


def cmd_settings(args: argparse.Namespace) -> int:
    from bot.cli_db import run_with_database

    changes = {}
    for change in args.changes:
        name, equals, value = change.partition("=")
        if not equals:
            raise StudyError("Give each change as NAME=VALUE, e.g. new_per_day=10.")
        changes[name.strip().lower()] = value

    async def change(db: Database):
        study = _study(db)
        return await study.change_settings(TERMINAL_USER_ID, **changes) if changes else await study.settings(
            TERMINAL_USER_ID)

    settings = run_with_database(args, change)
    remind = settings.remind_at.strftime("%H:%M") if settings.remind_at else "off"
    print(f"retention={settings.retention:g} new_per_day={settings.new_per_day} "
          f"reviews_per_day={settings.reviews_per_day} from_misses={'on' if settings.from_misses else 'off'} "
          f"zone={settings.zone} lexicon={settings.lexicon} remind_at={remind}")
    return 0


def added_line(result: AddResult, bee: bool = False) -> str:
    """``Added 12 cards; 3 were in your deck already; 2 lines made no card (...): line 4 (xyzzy), line 9;
    1 row skipped: line 7 stability -5 (...).``"""
    from bot.study import text
    from bot.study.text import left_out

    coming = f": {text.coming(result.arrival)}" if result.arrival and result.added else ""
    parts = [f"Added {plural(result.added, 'card')}{coming}"]
    if result.merged:
        parts.append(f"{plural(result.merged, 'was', 'were')} in your deck already")
    if result.skipped and bee:
        parts.append(f"{plural(result.skipped, 'word')} left out (not in the list, or flagged)")
    elif result.skipped:
        named = f": {', '.join(result.skipped_lines)}" if result.skipped_lines else ""
        more = ", ..." if named and result.skipped > len(result.skipped_lines) else ""
        parts.append(f"{plural(result.skipped, 'line')} made no card (not in the list, not letters, or a flagged "
                     f"word){named}{more}")
    if result.rows_skipped:
        more = ", ..." if result.rows_skipped > len(result.rows_named) else ""
        parts.append(f"{plural(result.rows_skipped, 'row')} skipped: {', '.join(result.rows_named)}{more} "
                     "(each field's range: wordbot study import --help)")
    return "; ".join(parts + left_out(result)) + "."


def _read_lines(file: str) -> ImportText:
    if file == "-":
        return read_import(getattr(sys.stdin, "buffer", None) or _encoded(sys.stdin), "Standard input")
    path = Path(file)
    probe(path, "read the file")
    if path.is_dir():
        raise StudyError(f"{path.name or file} is a folder: give the path of a file of "
                         "alphagrams or words, one a line.")
    if not path.is_file():
        raise StudyError(f"There is no file {quoted(repr(file[:200]), 'of that name')}: give a file of alphagrams or "
                         "words, one a line.")
    try:
        with path.open("rb") as opened:
            return read_import(opened, path.name)
    except OSError as error:
        raise BadPath(complaint("read the file", path, error)) from None


def _encoded(text: TextIO) -> BinaryIO:
    return io.BytesIO(text.read(MAX_IMPORT_BYTES + 1).encode("utf-8", errors="replace"))
