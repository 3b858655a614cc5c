"""How ``wordbot``'s help is laid out: argparse's layout, without the imports it would make on
every start (see :class:`HelpLayout`)."""

from __future__ import annotations

import argparse
import os
import sys


class HelpLayout(argparse.HelpFormatter):
    """argparse's own, the terminal's width found as ``shutil.get_terminal_size`` finds it, without
    importing shutil (which imports bz2 and lzma: a few milliseconds of every start), and the help
    wrapped at spaces without textwrap (whose import compiles its patterns: a few milliseconds more)."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position, _columns() - 2 if width is None else width)

    def _split_lines(self, text: str, width: int) -> list[str]:
        return _wrapped(text, width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(indent + line for line in _wrapped(text, width - len(indent)))


def _wrapped(text: str, width: int) -> list[str]:
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


def _columns() -> int:
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or 80
    except (AttributeError, ValueError, OSError):
        return 80
