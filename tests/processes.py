"""Child processes of the tests (``wordbot`` itself, ``python -c``), started the same way however
pytest was started.

A child inherits its parent's signal dispositions and mask through exec. When pytest runs from
a shell that ignores SIGINT (a background job ``make test &``, ``nohup``, some CI runners), a
child started plainly ignores it too: Python then installs no KeyboardInterrupt handler at all,
and a test's Ctrl-C does nothing. Every child here gets SIGINT back at its default (and not
blocked), as a program started from a terminal has it, so a test checks the program and not the
shell that ran pytest. The environment and the working folder are the test's own (tests/conftest.py
clears the bot's variables, and runs each test in an empty folder of its own), unless told.

    process = start_wordbot("bee", "play", "--database", path, stdin=subprocess.PIPE)
    code, out, err = run_wordbot("box", "today", "--png", target, cwd=tmp_path, file_size_limit=1024)
"""

from __future__ import annotations

import resource
import signal
import subprocess
import sys
from collections.abc import Sequence
from typing import Any


def wordbot_argv(*argv: object) -> list[str]:
    """The command line of ``wordbot ARGV...`` run by this Python."""
    return [sys.executable, "-m", "bot", *map(str, argv)]


def _preexec(file_size_limit: int | None) -> Any:
    def prepare() -> None:  # in the child, between fork and exec
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        if file_size_limit is not None:
            # A write past the limit then fails with EFBIG (an OSError), as on a full disk,
            # instead of the signal killing the process.
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_size_limit, file_size_limit))
    return prepare


def start_child(argv: Sequence[str], *, file_size_limit: int | None = None, **popen: Any) -> subprocess.Popen:
    """``subprocess.Popen(argv, **popen)`` with SIGINT at its default in the child (and, with
    ``file_size_limit``, no file it writes may grow past that many bytes)."""
    return subprocess.Popen(list(argv), preexec_fn=_preexec(file_size_limit), **popen)


def run_child(argv: Sequence[str], *, file_size_limit: int | None = None, **kwargs: Any) -> subprocess.CompletedProcess:
    """``subprocess.run(argv, **kwargs)``, the child started as :func:`start_child` starts it."""
    return subprocess.run(list(argv), preexec_fn=_preexec(file_size_limit), **kwargs)


def start_wordbot(*argv: object, **popen: Any) -> subprocess.Popen:
    """``wordbot ARGV...`` started in the background, text pipes unless told otherwise."""
    for stream in ("stdin", "stdout", "stderr"):
        popen.setdefault(stream, subprocess.PIPE)
    return start_child(wordbot_argv(*argv), text=True, **popen)


def run_wordbot(*argv: object, stdin: str = "", timeout: float = 120, **kwargs: Any) -> tuple[int, str, str]:
    """``wordbot ARGV...`` run to its end: the exit status, stdout and stderr."""
    result = run_child(wordbot_argv(*argv), input=stdin, capture_output=True, text=True, timeout=timeout, **kwargs)
    return result.returncode, result.stdout, result.stderr


_LOADED = """import sys
started = set(sys.modules)
import contextlib, io
from bot.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    try:
        code = main(sys.argv[1:])
    except SystemExit as exit_:
        code = exit_.code
print(code, *(set(sys.modules) - started))
"""
"""The child: no module loaded beyond the command's own (its list printed plainly, not as json); those
Python's start loaded are left out (a development install's finder loads pathlib and re there,
which an installed wordbot's start does not)."""


def modules_loaded(*argv: object) -> tuple[int, set[str], str]:
    """``wordbot ARGV...`` run by :func:`bot.cli.main` in a fresh Python (its output dropped): the
    exit status, every module it loaded (beyond Python's start), and its stderr."""
    result = run_child([sys.executable, "-c", _LOADED, *map(str, argv)], capture_output=True, text=True, timeout=120)
    code, *modules = result.stdout.split() or [None]
    return code if code is None else int(code), set(modules), result.stderr
