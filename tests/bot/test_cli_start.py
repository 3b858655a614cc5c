"""A terminal command imports only what it needs (``bot.terminals``): the same parser, help and
errors as with every command's module imported, and none of Discord, pictures or database drivers
behind ``wordbot anagram``."""

import argparse
import sys

import pytest

from bot.cli import build_parser, main
from bot.terminals import COMMANDS
from tests.bot.test_cli import run
from tests.processes import modules_loaded, run_child


def _commands(parser):
    """Each top-level command's (name, help), in the order --help lists them."""
    return [(action.dest, action.help) for action in parser._subparsers._group_actions[0]._choices_actions]


def _subcommands(parser):
    """A parser's subcommands by name (none for a command without)."""
    return {name: sub for action in parser._actions if isinstance(action, argparse._SubParsersAction)
            for name, sub in action.choices.items()}


def _helps(parser, *names):
    """The --help of a command (or of one of its subcommands), as the user sees it."""
    for name in names:
        parser = _subcommands(parser)[name]
    return parser.format_help()


def test_the_table_names_every_command_with_its_own_help_in_order():
    every = build_parser()[0]
    assert _commands(every) == [(name, help) for name, (_, help) in COMMANDS.items()]


def test_help_without_a_command_is_the_same_as_with_every_module(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0 and capsys.readouterr().out == build_parser()[0].format_help()
    assert main([]) == 2 and capsys.readouterr().out == build_parser()[0].format_help()


@pytest.mark.parametrize("name", list(COMMANDS))
def test_each_command_parses_and_helps_as_with_every_module(name):
    every, only = build_parser()[0], build_parser(only=name)[0]
    assert _commands(only) == _commands(every)
    assert _helps(only, name) == _helps(every, name)
    for sub in _subcommands(_subcommands(every)[name]):
        assert _helps(only, name, sub) == _helps(every, name, sub)


def test_an_unknown_command_is_refused_as_before(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["frobnicate"])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and "invalid choice: 'frobnicate' (choose from 'anagram', 'letterboxed'," in err


def test_a_mistake_another_commands_module_names_is_still_the_users(capsys, tmp_path):
    """bee's module lists only BeeError, but a missing word list is the user's to fix there too."""
    code, out, err = run(capsys, "bee", "solve", "ACHLNOY", "N", "--lexicon", str(tmp_path / "none.txt"))
    assert code == 2 and out == "" and err.startswith("wordbot: No word list at")


HEAVY = ("discord", "PIL", "aiosqlite", "asyncpg", "asyncio", "sqlite3", "aiohttp", "tqdm")


@pytest.mark.parametrize("argv", [
    ["anagram", "AALNST?"],
    ["anagram", "AALNST?", "--lexicon", "huge", "--json"],
    ["--help"],
    ["word", "cat"],
    ["pattern", "c?t", "--lexicon", "{words}"],
    ["tileset", "--tiles", "3", "--greedy-only", "--lexicon", "{words}"],  # a list by path: no database
    ["fivewords", "--lexicon", "{words}"],  # the progress bar's tqdm only on a terminal, after a second
])
def test_a_terminal_command_imports_no_discord_pictures_or_database(argv, tmp_path):
    """Run in a fresh process: what the command imported is what it needed."""
    (tmp_path / "words.txt").write_text("abcde\nfghij\nklmno\npqrst\nuvwxy\n")
    code, loaded, err = modules_loaded(*[arg.replace("{words}", str(tmp_path / "words.txt")) for arg in argv])
    assert (code, sorted({m.partition(".")[0] for m in loaded} & set(HEAVY))) == (0, []), err


def test_a_database_command_imports_its_own_driver_and_no_other(tmp_path):
    """The other side of the test above: it would pass vacuously if nothing were ever imported.
    A SQLite database loads aiosqlite, and not asyncpg (the choice of backend imports only its own)."""
    program = ("import sys, contextlib, io\nfrom bot.cli import main\n"
               "with contextlib.redirect_stdout(io.StringIO()):\n    code = main(sys.argv[1:])\n"
               "print(code, sorted({m.partition('.')[0] for m in sys.modules} & {'aiosqlite', 'asyncio', 'asyncpg'}))")
    result = run_child([sys.executable, "-c", program, "db", "upgrade", "--database", str(tmp_path / "w.sqlite3")],
                       capture_output=True, text=True, timeout=120)
    assert result.stdout == "0 ['aiosqlite', 'asyncio']\n", result.stderr
