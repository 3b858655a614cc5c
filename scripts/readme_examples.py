"""Regenerate the example outputs (and the few figures) that README.md and docs/*.md show.

The README shows a few; docs/terminal.md, the terminal manual, shows every command's. Every file is
handled alike: one run rewrites them all, and tests/test_readme.py checks them all.

    python scripts/readme_examples.py            rewrite every marked block from the code
    python scripts/readme_examples.py --check    exit 1, listing the blocks that drifted

An example block is one or more command markers, the block, and a closing marker:

    <!-- example: wordbot anagram 'AALNST?' -->
    <!-- example: wordbot anagram 'AB*'; echo "exit $?" -->
    ```console
    $ wordbot anagram 'AALNST?'
    ...its real output...
    ```
    <!-- /example -->

Each command runs in this process through ``bot.cli.main`` (stdout and stderr together, as a
terminal shows them). It may end in ``| head -N`` or ``| cut -c-N`` (filters of the output),
``; echo "exit $?"`` (show the exit status), or ``<<< 'word' '/quit'`` (lines typed at the
prompts: they are echoed after each ``> `` as a terminal would, and are not shown on the ``$``
line). The commands of one file run in document order, in one fresh temporary directory (so
``wordbot.sqlite3`` there is the file's own database), with no DISCORD_TOKEN or WORDBOT_*
variables, TZ=UTC, and a fixed clock (see ``NOW``) for the commands that have no ``--date``.

A figure in prose is an inline value: ``<!-- value: words full -->242,783<!-- /value -->``;
the names are those of ``VALUES``.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import io
import logging
import os
import re
import shlex
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_FILES = ("README.md", "docs/*.md")
"""The files read when none is named: the README and every doc, docs/terminal.md among them."""
NOW = dt.datetime(2026, 11, 22, 12, 0, tzinfo=dt.UTC)
""""Today" for the commands without --date (leaderboard, stats): a Sunday, the day of the box examples."""

BLOCK = re.compile(r"(?P<markers>(?:^<!-- example: .*? -->\n)+)(?P<body>.*?)^<!-- /example -->$", re.M | re.S)
COMMAND = re.compile(r"^<!-- example: (.*?) -->$", re.M)
VALUE = re.compile(r"<!-- value: (?P<name>[^>]*?) -->(?P<text>.*?)<!-- /value -->")
EXIT = '; echo "exit $?"'


def _lexicon(name: str):
    from solvers.lexicon import Lexicon

    return Lexicon.load(name)


def _bee_letter_sets() -> int:
    from solvers import bee

    return len(bee.candidates_for(_lexicon("common")).letter_sets)


def _report() -> dict[str, str]:
    """The figures of solvers/data/build-report.txt (written by scripts/build_lexicons.py):
    ``full before``, ``full after``, ``full slurs (removed)``, ``full two-letter words``, ..."""
    figures, name = {}, ""
    for line in (ROOT / "solvers" / "data" / "build-report.txt").read_text().splitlines():
        if match := re.fullmatch(r"(\w+) \(SCOWL <= \d+\): (\d+) before, (\d+) after", line):
            name = match[1]
            figures[f"{name} before"], figures[f"{name} after"] = f"{int(match[2]):,}", f"{int(match[3]):,}"
        elif match := re.fullmatch(r"  (.*?)(?: \(\d+\))?: (.*)", line):
            figures[f"{name} {match[1]}"] = match[2] if not match[2].isdigit() else f"{int(match[2]):,}"
    return figures


def _definitions_share(label: str) -> str:
    """The share of ``label``'s words with a definition, as solvers/data/definitions-report.txt
    (written by scripts/build_definitions.py) gives it: ``97.7%``."""
    for line in (ROOT / "solvers" / "data" / "definitions-report.txt").read_text().splitlines():
        if match := re.fullmatch(rf"{re.escape(label)}: [\d,]+ of [\d,]+ defined \(([\d.]+%)\)", line):
            return match[1]
    raise KeyError(label)


def _tier_three(verdict: str) -> str:
    """The tier-3 words (solvers/data/offensive-sense.txt) a verdict (flag or keep) names."""
    from solvers.offensive import Tiers

    tiers = Tiers.read()
    entries = tiers.offensive if verdict == "flag" else tiers.kept
    return ", ".join(dict.fromkeys(entry.word for entry in entries))


def _stems() -> str:
    from solvers.offensive import Tiers

    return ", ".join(f"{stem} ({stem.tier})" for stem in Tiers.read().stems)


VALUES: dict[str, Callable[[], str]] = {
    **{f"report {key}": (lambda key=key: _report()[key]) for key in (
        f"{name} {field}" for name in ("common", "full", "huge") for field in (
            "before", "after", "slurs (removed)", "not words, SCOWL's abbreviations, contractions and proper names",
            "vulgar (flagged)", "offensive in a common sense (flagged)",
            "not words, single letters (but a and i)", "not words, no vowel (but vowelless-words.txt)",
            "not words, reviewed (not-words.txt)", "two-letter words"))},
    **{f"defined {name}": (lambda label=label: _definitions_share(label)) for name, label in (
        ("common", "common words"), ("full", "full words"),
        ("daily", "daily words of 2027, both games (every day's)"))},
    "tier three flagged": lambda: _tier_three("flag"),
    "tier three kept": lambda: _tier_three("keep"),
    "stems": _stems,
    "words common": lambda: f"{len(_lexicon('common')):,}",
    "words full": lambda: f"{len(_lexicon('full')):,}",
    "words huge": lambda: f"{len(_lexicon('huge')):,}",
    "bee letter sets": lambda: f"{_bee_letter_sets():,}",
    "bee cycle years": lambda: f"{_bee_letter_sets() / 365.25:.0f}",
}


@dataclass(frozen=True)
class Command:
    shown: str                 # the $ line
    argv: list[str]            # wordbot's arguments
    filters: list[list[str]]   # head/cut stages after the command
    typed: list[str]           # lines typed at the prompts
    show_exit: bool


def parse(text: str) -> Command:
    """One marker's command: ``wordbot ARGS [| head -N | cut -c-N] [; echo "exit $?"] [<<< LINES]``."""
    text, _, typed = text.partition(" <<< ")
    show_exit = text.endswith(EXIT)
    stages = [shlex.split(stage) for stage in text.removesuffix(EXIT).split(" | ")]
    if not stages[0] or stages[0][0] != "wordbot":
        raise ValueError(f"an example runs wordbot, not {text!r}")
    for stage in stages[1:]:
        if not (len(stage) == 2 and (stage[0] == "head" and re.fullmatch(r"-\d+", stage[1])
                                     or stage[0] == "cut" and re.fullmatch(r"-c1?-\d+", stage[1]))):
            raise ValueError(f"an example's output goes only through 'head -N' or 'cut -c-N', not {' '.join(stage)!r}")
    return Command(text, stages[0][1:], stages[1:], shlex.split(typed), show_exit)


class Typing(io.StringIO):
    """Standard input that echoes each line read into the output, as a terminal shows typing."""

    def __init__(self, lines: list[str], output: io.StringIO) -> None:
        super().__init__("".join(f"{line}\n" for line in lines))
        self.output = output

    def readline(self, *args) -> str:  # input() reads through this when stdin is not a terminal
        line = super().readline(*args)
        self.output.write(line)
        return line


def run(command: Command) -> str:
    """What a terminal shows for the command: the $ line and its output."""
    from bot.cli import main

    output = io.StringIO()
    handlers, level = logging.root.handlers[:], logging.root.level
    logging.root.handlers[:], logging.root.level = [], logging.WARNING  # as in a fresh process
    try:
        with contextlib.redirect_stdout(output), contextlib.redirect_stderr(output), \
                _stdin(Typing(command.typed, output)):
            try:
                code = main(command.argv)
            except SystemExit as exit_:  # argparse refusing the arguments
                code = exit_.code if isinstance(exit_.code, int) else 1
    finally:
        logging.root.handlers[:], logging.root.level = handlers, level
    lines = output.getvalue().splitlines()
    for name, option in command.filters:
        n = int(option.rpartition("-")[2])
        lines = lines[:n] if name == "head" else [line[:n] for line in lines]
    if command.show_exit:
        lines.append(f"exit {code}")
    return "\n".join([f"$ {command.shown}", *(line.rstrip() for line in lines)])


@contextlib.contextmanager
def _stdin(stream: io.StringIO) -> Iterator[None]:
    saved, sys.stdin = sys.stdin, stream
    try:
        yield
    finally:
        sys.stdin = saved


@contextlib.contextmanager
def sandbox() -> Iterator[None]:
    """A fresh working directory, a clean environment, TZ=UTC and the fixed clock ``NOW``."""
    from bot.cli import build_parser

    build_parser()  # imports every command's modules, so that their clocks can be fixed below

    saved_env, saved_cwd = dict(os.environ), Path.cwd()
    clocks = [(module, module.utc_now) for name, module in list(sys.modules.items())
              if name.startswith("bot.") and callable(getattr(module, "utc_now", None))]
    with tempfile.TemporaryDirectory(prefix="readme-examples-") as directory:
        try:
            for name in list(os.environ):
                if name == "DISCORD_TOKEN" or name.startswith("WORDBOT_"):
                    del os.environ[name]
            os.environ.update(TZ="UTC", COLUMNS="100", NO_COLOR="1")
            time.tzset()
            for module, _ in clocks:
                module.utc_now = lambda: NOW
            os.chdir(directory)
            yield
        finally:
            os.chdir(saved_cwd)
            for module, clock in clocks:
                module.utc_now = clock
            os.environ.clear()
            os.environ.update(saved_env)
            time.tzset()


def regenerate(text: str) -> tuple[str, list[str]]:
    """The text with every example block and value fresh, and a description of each that changed."""
    changed = []

    def block(match: re.Match) -> str:
        commands = COMMAND.findall(match["markers"])
        body = "```console\n" + "\n\n".join(run(parse(c)) for c in commands) + "\n```\n"
        if body != match["body"]:
            line = text.count("\n", 0, match.start()) + 1
            changed.append(f"line {line}: {' / '.join(commands)}")
        return match["markers"] + body + "<!-- /example -->"

    def value(match: re.Match) -> str:
        if match["name"] not in VALUES:
            raise ValueError(f"unknown value {match['name']!r}; known: {', '.join(VALUES)}")
        fresh = VALUES[match["name"]]()
        if fresh != match["text"]:
            line = text.count("\n", 0, match.start()) + 1
            changed.append(f"line {line}: value {match['name']!r} is {fresh}, not {match['text']}")
        return f"<!-- value: {match['name']} -->{fresh}<!-- /value -->"

    with sandbox():
        text = BLOCK.sub(block, text)
    return VALUE.sub(value, text), changed


def files(patterns: list[str]) -> list[Path]:
    return sorted({path for pattern in patterns for path in ROOT.glob(pattern) if path.is_file()},
                  key=lambda p: (p.name != "README.md", str(p)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a block or value drifted")
    parser.add_argument("files", nargs="*", default=list(DEFAULT_FILES), help="files or globs under the repository "
                        "(default: README.md docs/*.md)")
    args = parser.parse_args(argv)
    drifted = 0
    for path in files(args.files):
        text = path.read_text(encoding="utf-8")
        fresh, changed = regenerate(text)
        name = path.relative_to(ROOT)
        for change in changed:
            print(f"{name} {change}")
        drifted += len(changed)
        if changed and not args.check:
            path.write_text(fresh, encoding="utf-8")
    if args.check and drifted:
        print(f"{drifted} example(s) drifted from the code: run `.venv/bin/python "
              "scripts/readme_examples.py` and commit.")
        return 1
    if not args.check:
        print(f"{drifted} example(s) rewritten" if drifted else "every example is up to date")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
