"""``wordbot``: the command line. Same solvers and database as the Discord bot, no Discord needed.

This module holds what every command shares: the parser with its common options (parents),
the one path from a user's mistake to a message and exit code 2 (the database options and
runner are ``bot.cli_db``).
Each feature adds its own subcommands from its ``terminal.py`` (see ``bot.terminals``). Nothing
here or there imports discord.py, except ``wordbot run``.

A terminal command's start is most of its time: this module imports nothing heavy at the top,
and ``wordbot CMD`` imports only CMD's ``terminal.py`` (the others are listed by name and help).
"""

from __future__ import annotations

import argparse
import functools
import gc
import importlib
import os
import re
import sys
from collections.abc import Callable, Sequence

from bot.cli_end import end, failed
from bot.cli_help import HelpLayout
from bot.cli_layout import DESCRIPTION, PROG
from bot.paths import BadPath, probe
from bot.terminals import COMMANDS

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a few milliseconds of every start)
if TYPE_CHECKING:
    import datetime as dt
    from typing import Any, NoReturn

    from solvers.lexicon import Lexicon

Handler = Callable[[argparse.Namespace], int]


class Parser(argparse.ArgumentParser):
    """An argument parser whose mistakes are one line with a hint, not a usage block, and whose
    subcommands take an option before their name as they take it after (``Subcommands``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpLayout)
        super().__init__(*args, **kwargs)
        self.register("action", "parsers", Subcommands)

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"wordbot: error: {_screened(message)} (see {self.prog} --help)\n")


def _screened(message: str) -> str:
    """argparse's message with each value it quotes (``invalid int value: '…'``) or lists
    (``unrecognized arguments: …``) that is a slur named neutrally: typed text is never written back so."""
    from solvers.screen import may_repeat, quoted  # only when a command line is refused: the parser stays light

    message = re.sub(r"'[^']*'", lambda value: quoted(value[0], "that value", show_flagged=True), message)
    head, colon, rest = message.rpartition(": ")
    return message if may_repeat(rest, show_flagged=True) else f"{head}{colon}that value"


class Subcommands(argparse._SubParsersAction):
    """The subcommands of a command. An option given before a subcommand's name counts as if it
    were given after it (``box --date D play`` plays the box of D), where argparse alone would let
    the subcommand's default overwrite it. An option the subcommand does not take is refused
    (``bee --answers play``), never silently ignored."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        if self._name_parser_map.get(values[0], self) is None:  # a command's name only (build_parser)
            self._name_parser_map[values[0]] = self._parser_class(prog=f"{self._prog_prefix} {values[0]}")
        given = {action.dest: action for action in parser._actions if action.option_strings
                 and action.dest != "help" and getattr(namespace, action.dest, action.default) != action.default}
        before = {dest: getattr(namespace, dest) for dest in given}
        super().__call__(parser, namespace, values, option_string)
        command = self._name_parser_map[values[0]]
        takes = {action.dest: action for action in command._actions if action.option_strings}
        for dest, action in given.items():
            if dest not in takes:
                command.error(f"{command.prog} does not take {action.option_strings[-1]}")
            if getattr(namespace, dest) == takes[dest].default:  # not given again after the name
                setattr(namespace, dest, before[dest])


class CommandLine:
    """The parser under construction, and the shared option groups features pass as ``parents``."""

    def __init__(self) -> None:
        self.parser = Parser(prog=PROG, description=DESCRIPTION)
        self.commands = self.parser.add_subparsers(title="commands", metavar="COMMAND")
        self.user_errors: tuple[type[Exception], ...] = (BadPath,)

    @functools.cached_property
    def json(self) -> argparse.ArgumentParser:
        return _options(lambda p: p.add_argument("--json", action="store_true", help="print JSON instead of text"))

    @functools.cached_property
    def database(self) -> argparse.ArgumentParser:
        from bot.cli_db import database_option

        return _options(lambda p: p.add_argument(
            "--database", metavar="PATH|URL", type=database_option("--database"),
            help="a SQLite file or a postgresql:// URL (default: WORDBOT_DATABASE, else wordbot.sqlite3)"))

    @functools.cached_property
    def language(self) -> argparse.ArgumentParser:
        """``--language``: the bundled lists of another language (``load_lexicon`` reads them)."""
        from solvers.alphabets import LANGUAGES

        return _options(lambda p: p.add_argument(
            "--language", choices=LANGUAGES, default="en",
            help="the word lists' language: en (default), fr (played without accents: ELEVE for élève), "
                 "de (Ä Ö Ü are letters; ß is SS), es (Ñ is a letter); --lexicon common, full, or with "
                 "--guild a server's list uploaded in it"))

    def name_only(self, name: str, help: str) -> None:
        """A command listed by its name and help, its module not imported (its parser is made
        empty should it be reached all the same: see Subcommands)."""
        self.commands._choices_actions.append(self.commands._ChoicesPseudoAction(name, (), help))
        self.commands._name_parser_map[name] = None

    def add(self, name: str, handler: Handler, *, help: str, parents: Sequence[argparse.ArgumentParser] = (),
            description: str | None = None, under: Any = None, quick_exit: bool = False) -> argparse.ArgumentParser:
        """A subcommand (``under``: another subcommand's subparsers) whose ``handler(args)`` returns the exit code.
        ``quick_exit``: the command only reads and prints, leaving nothing running or unwritten when it
        returns, so the ``wordbot`` program may end at once after it (see :func:`program`)."""
        command = (under or self.commands).add_parser(name, help=help, description=description or help,
                                                      parents=list(parents))
        command.set_defaults(handler=handler, quick_exit=quick_exit)
        return command

    def lexicon(self, default: str, *, database: bool = True) -> argparse.ArgumentParser:
        """The ``--lexicon`` option, with a command's own default list, and ``--guild`` and (unless
        the command has it already: ``database=False``) ``--database``, so it may name one of that
        server's own lists (read it with :func:`load_lexicon`)."""
        from bot.cli_db import database_option

        def add(parser: argparse.ArgumentParser) -> None:
            parser.add_argument("--lexicon", default=default, metavar="full|common|huge|PATH|NAME", help=(
                "word list: full, common, huge, a word-per-line file, or with --guild a server list "
                f"(default: {default})"))
            parser.add_argument("--guild", type=discord_id, metavar="ID",
                                help="a server's id: --lexicon may then name one of its own lists (wordbot lists)")
            if database:
                parser.add_argument("--database", metavar="PATH|URL", type=database_option("--database"),
                                    help="where the server's lists are (default: "
                                         "WORDBOT_DATABASE, else wordbot.sqlite3)")
        return _options(add)


def calendar_date(value: str) -> dt.date:
    """An argparse type: a date written YYYY-MM-DD, or ``today`` or ``yesterday`` (this machine's local day)."""
    import datetime as dt

    word = value.strip().lower()
    if word in ("today", "yesterday"):
        return dt.date.today() - dt.timedelta(days=word == "yesterday")
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{_quoted(value[:30])} is not a date like 2026-11-21 (or "
                                         "today, yesterday)") from None


def discord_id(text: str) -> int:
    """An id of a server or a person (a snowflake: a whole number that fits SQLite's 64 bits)."""
    if not text.isdigit() or int(text) >= 2**63:
        raise argparse.ArgumentTypeError(f"{_quoted(text[:30])} is not an id: give the number "
                                         "Discord shows (Copy ID), or 0")
    return int(text)


def _quoted(value: str) -> str:
    from solvers.screen import quoted  # only when a value is refused: the parser stays light

    return quoted(repr(value), "That")


def _options(add: Callable[[argparse.ArgumentParser], Any]) -> argparse.ArgumentParser:
    parent = Parser(add_help=False)
    add(parent)
    return parent


def build_parser(only: str | None = None) -> tuple[argparse.ArgumentParser, tuple[type[Exception], ...]]:
    """The parser and the exceptions that are the user's to fix. Every command's module is
    imported, unless ``only`` names the one command typed (or ``""``, none): then only its module
    is, the others there by name and help (enough for ``--help`` and to refuse an unknown name)."""
    cli = CommandLine()
    if only is None:
        from bot.config import ConfigError
        from bot.db.errors import StoreError

        cli.user_errors += (ConfigError, StoreError)
    for name, (module_name, help) in COMMANDS.items():
        if only is None or module_name == COMMANDS.get(only, ("",))[0]:
            if name not in cli.commands.choices:
                module = importlib.import_module(module_name)
                module.add_commands(cli)
                cli.user_errors += getattr(module, "USER_ERRORS", ())
        else:
            cli.name_only(name, help)
    return cli.parser, cli.user_errors


def program() -> None:
    """The ``wordbot`` program: one command, then its exit (at once after a command that only
    reads and prints: :func:`bot.cli_end.end`). The cyclic garbage collector is off while the
    command's modules load (:func:`bot.cli_entry.program` turned it off): see :func:`_loaded`."""
    end(*_command(None, _loaded))


def main(argv: Sequence[str] | None = None) -> int:
    """One terminal command, in this process (tests call it so); its exit code."""
    return _command(argv)[0]


def _loaded() -> None:
    """A program's modules are loaded: what loading them made (modules, functions, classes) lives as
    long as the program and holds no garbage, so the collector, off while they loaded, leaves it out
    of its passes from now on (``gc.freeze``) and is on again for the command. Its passes over
    loading modules were 51 young and 5 middle-aged ones, about 9 ms of a five-words command's 210
    ms of processor time (numpy's modules most of them); 19 passes, 3 ms, are left."""
    gc.freeze()
    gc.enable()


def _command(argv: Sequence[str] | None, loaded: Callable[[], None] | None = None) -> tuple[int, bool]:
    """The exit code of the command ``argv`` (default: this program's arguments), and whether the
    command was one that may end the program at once (``quick_exit``). ``loaded`` is called once
    the command's modules are."""
    argv = sys.argv[1:] if argv is None else list(argv)
    only = next((arg for arg in argv if not arg.startswith("-")), "")
    if only != "run":  # a terminal command multiplies no big matrices: numpy's OpenBLAS need start no threads
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    parser, user_errors = build_parser(only=only)
    if loaded is not None:
        loaded()
    args = parser.parse_args(argv)
    if not hasattr(args, "handler"):
        parser.print_help()
        return 2, False
    try:
        code = args.handler(args)
    except KeyboardInterrupt:
        code = 130
    except Exception as error:
        code = failed(error, user_errors, lambda: build_parser()[1])
    return code, getattr(args, "quick_exit", False)


def names_guild_list(args: argparse.Namespace) -> bool:
    """Whether ``--lexicon`` names one of the ``--guild`` server's own lists (not a bundled list or a
    file). A path that cannot name a file (too long, a loop of links) is refused: :class:`BadPath`."""
    from solvers.list_names import BUNDLED

    if args.lexicon in BUNDLED:
        return False
    probe(args.lexicon, "read the word list")  # a path that cannot name a file is refused, said once, here
    return getattr(args, "guild", None) is not None and not os.path.isfile(args.lexicon)


def load_lexicon(args: argparse.Namespace) -> Lexicon:
    """``--lexicon``: a bundled list, a word-per-line file, or (with ``--guild``) a server's own list."""
    language = getattr(args, "language", "en")
    if not names_guild_list(args):
        from bot.text import skipped_lines
        from solvers.lexicon import Lexicon

        lexicon = Lexicon.load(args.lexicon, language=language)
        if lexicon.skipped_lines:  # said, as an upload's reply says it
            print(f"{args.lexicon}: {skipped_lines(lexicon.skipped_lines)}", file=sys.stderr)
        return lexicon
    from bot.cli_db import guild_lexicon

    return guild_lexicon(args, language)
