"""The ``wordbot`` program's first step. ``wordbot -h`` (or ``--help``) is written here, from the
table of commands (``bot.terminals``), laid out as argparse lays out the parser's help
(:func:`bot.cli_layout.top_help`), without loading argparse or the parser: installed, Python
starts in about 24 ms here, and argparse, its regular expressions and the parser took about 40 ms
more. Any other command line goes to :func:`bot.cli.program`; so does the help on a terminal too
narrow for the plain layout (argparse then wraps the usage line too). A test holds this help
equal to argparse's at every width.
"""

import gc
import os
import sys

from bot.cli_layout import columns, top_help

# Nothing more is imported for the help: not even __future__ (here and in bot.cli_layout), nor
# bot.cli_end until a write fails. Python starts in about 15 ms here, and each module is a few
# percent of that.


def program() -> None:
    """The ``wordbot`` program (its console script)."""
    gc.disable()  # while the command's modules load; on again after (bot.cli._loaded)
    if sys.argv[1:] in (["-h"], ["--help"]) and (text := top_help(columns() - 2)) is not None:
        try:
            sys.stdout.write(text)
            sys.stdout.flush()
        except OSError as error:  # a reader gone, a full disk: one line at most, as for any command
            from bot.cli_end import failed

            os._exit(failed(error, (), tuple))
        sys.exit(0)
    from bot.cli import program as run

    run()
