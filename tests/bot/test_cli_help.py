"""What a terminal start loads: ``wordbot --help`` is written without the parser
(``bot.cli_entry``), laid out as argparse lays it out; the parser lays out its help without
textwrap, shutil, typing or datetime (``bot.cli_help``); and five words on a file loads neither
the Lexicon nor the screen unless a refusal quotes what was typed, nor pathlib (its address
parsing and regular expressions were 5 ms of the command)."""

import os
import sys

import pytest

from bot.cli_layout import wrapped
from tests.processes import modules_loaded, run_child

TEXT = "a word-per-line file  or   ladder-team: the days the server played together, three-word"


@pytest.mark.parametrize("width", range(1, 45))
def test_help_is_wrapped_at_spaces_greedily_and_no_word_is_cut(width):
    lines = wrapped(TEXT, width)
    assert " ".join(lines).split() == TEXT.split() and all(line == line.strip() for line in lines)
    assert all(len(line) <= width or " " not in line for line in lines)  # only a longer word overflows, alone
    assert all(len(line) + 1 + len(after.split()[0]) > width for line, after in zip(lines, lines[1:], strict=False))


def _loaded(argv, modules, tmp_path):
    """The exit code of ``wordbot ARGV`` run in a fresh process, and which of ``modules`` it loaded."""
    (tmp_path / "words.txt").write_text("abcde\nfghij\nklmno\npqrst\nuvwxy\nhouse\n")
    code, loaded, _ = modules_loaded(*[arg.replace("{words}", str(tmp_path / "words.txt")) for arg in argv])
    return code, str(sorted(loaded & set(modules)))


def test_the_help_loads_no_layout_or_typing_modules(tmp_path):
    assert _loaded(["--help"], ["textwrap", "shutil", "typing", "datetime", "numpy"], tmp_path) == (0, "[]")


def test_five_words_on_a_file_loads_the_screen_only_to_quote_a_refusal(tmp_path):
    heavy = ["solvers.lexicon", "solvers.screen", "solvers.offensive", "json", "pathlib", "gzip"]
    assert _loaded(["fivewords", "--lexicon", "{words}"], heavy, tmp_path) == (0, "[]")
    # an include word not in the list is quoted back, screened: the screen is loaded then
    code, loaded = _loaded(["fivewords", "--lexicon", "{words}", "--include", "mouse"], heavy, tmp_path)
    assert code == 2 and "'solvers.screen'" in loaded


def test_the_quick_help_is_argparses_at_every_width(monkeypatch):
    from bot.cli import build_parser
    from bot.cli_layout import NARROWEST, top_help

    for columns in range(NARROWEST, 201):
        monkeypatch.setenv("COLUMNS", str(columns))
        assert top_help(columns - 2) == build_parser(only="")[0].format_help(), columns
    assert top_help(NARROWEST - 3) is None


@pytest.mark.parametrize("argv, code, loaded", [
    (["--help"], 0, "[]"),  # the quick help: no parser
    (["-h"], 0, "[]"),
    (["--help", "anagram"], 0, "['argparse', 'bot.cli']"),  # anything else: argparse's
])
def test_the_program_answers_help_without_the_parser(argv, code, loaded):
    program = ("import sys\nfrom bot.cli_entry import program\nsys.argv[1:] = sys.argv[2:]\n"
               "try:\n    program()\nexcept SystemExit as exit_:\n    code = exit_.code\n"
               "sys.stderr.write(f\"{code} {sorted(set(sys.modules) & {'argparse', 'bot.cli'})}\")")
    done = run_child([sys.executable, "-c", program, "wordbot", *argv], capture_output=True, text=True, timeout=60,
                     env={**os.environ, "COLUMNS": "80"})
    assert done.stdout.startswith("usage: wordbot") and done.stderr.split(" ", 1) == [str(code), loaded]
