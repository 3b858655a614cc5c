"""How ``wordbot``'s help is laid out: argparse's layout, without the imports it would make on
every start (see :class:`HelpLayout`)."""

from __future__ import annotations

import argparse

from bot.cli_layout import columns, wrapped


class HelpLayout(argparse.HelpFormatter):
    """argparse's own, the terminal's width found without shutil (:func:`bot.cli_layout.columns`), and
    the help wrapped at spaces without textwrap, whose import compiles its patterns (a few
    milliseconds of every start): the layout of the program's quick help (bot.cli_layout)."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position, columns() - 2 if width is None else width)

    def _split_lines(self, text: str, width: int) -> list[str]:
        return wrapped(text, width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(indent + line for line in wrapped(text, width - len(indent)))
