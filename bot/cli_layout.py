"""The layout of ``wordbot --help``, as argparse lays out the parser's help, with no import beyond
the table of commands: the program's quick help (:mod:`bot.cli_entry`) and the parser's own help
(:mod:`bot.cli_help`) share it."""

import os
import sys

from bot.terminals import COMMANDS

PROG = "wordbot"
DESCRIPTION = "A Discord bot for word puzzles, and its terminal twin."
USAGE = f"usage: {PROG} [-h] COMMAND ..."
HELP_OPTION = ("-h, --help", "show this help message and exit")
NARROWEST = 40
"""Below this many columns the help is argparse's own (its layout changes there)."""


def top_help(width: int) -> str | None:
    """``wordbot --help`` for a layout ``width`` wide (the terminal's columns less 2, as
    bot.cli_help gives argparse), or None below NARROWEST. argparse's rules, for this parser: an
    entry's help starts in the column after the longest invocation of a section (measured at the
    section's indent, 2) and 2 spaces, at most 24 (less on a narrow layout); a subcommand, indented
    4, whose name does not fit before that column has its help on the next line."""
    if width + 2 < NARROWEST:
        return None
    longest = max(len(HELP_OPTION[0]), len("COMMAND"), *map(len, COMMANDS)) + 2
    column = min(longest + 2, min(24, max(width - 20, 4)))
    lines = [USAGE, "", *wrapped(DESCRIPTION, width), "", "options:", *_entry(2, *HELP_OPTION, column, width),
             "", "commands:", "  COMMAND"]
    for name, (_, help) in COMMANDS.items():
        lines += _entry(4, name, help, column, width)
    return "\n".join(lines) + "\n"


def _entry(indent: int, invocation: str, help: str, column: int, width: int) -> list[str]:
    body = wrapped(help, max(width - column, 11))
    if len(invocation) <= column - indent - 2:
        first = [" " * indent + invocation.ljust(column - indent - 2) + "  " + body[0]]
    else:
        first = [" " * indent + invocation, " " * column + body[0]]
    return first + [" " * column + line for line in body[1:]]


def wrapped(text: str, width: int) -> list[str]:
    """``text``'s words in lines of at most ``width`` characters (a longer word alone on its line)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return [*lines, line] if line else lines


def columns() -> int:
    """The terminal's width, as ``shutil.get_terminal_size`` finds it (without importing shutil,
    which imports bz2 and lzma: a few milliseconds of every start)."""
    try:
        count = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        count = 0
    if count > 0:
        return count
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or 80
    except (AttributeError, ValueError, OSError):
        return 80
