"""What a terminal start loads: ``wordbot --help`` lays out its help without textwrap, shutil,
typing or datetime (``bot.cli_help``), and five words on a file loads neither the Lexicon nor
the screen unless a refusal quotes what was typed."""

import sys

import pytest

from bot.cli_help import _wrapped
from tests.processes import run_child

TEXT = "a word-per-line file  or   ladder-team: the days the server played together, three-word"


@pytest.mark.parametrize("width", range(1, 45))
def test_help_is_wrapped_at_spaces_greedily_and_no_word_is_cut(width):
    lines = _wrapped(TEXT, width)
    assert " ".join(lines).split() == TEXT.split() and all(line == line.strip() for line in lines)
    assert all(len(line) <= width or " " not in line for line in lines)  # only a longer word overflows, alone
    assert all(len(line) + 1 + len(after.split()[0]) > width for line, after in zip(lines, lines[1:], strict=False))


def _loaded(argv, modules, tmp_path):
    """The exit code of ``wordbot ARGV`` run in a fresh process, and which of ``modules`` it loaded."""
    (tmp_path / "words.txt").write_text("abcde\nfghij\nklmno\npqrst\nuvwxy\nhouse\n")
    argv = [arg.replace("{words}", str(tmp_path / "words.txt")) for arg in argv]
    program = ("import sys, contextlib, io\nfrom bot.cli import main\n"
               "with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):\n"
               "    try:\n        code = main(sys.argv[1:])\n    except SystemExit as exit_:\n"
               "        code = exit_.code\n"
               f"print(code, sorted(set(sys.modules) & {set(modules)!r}))")
    result = run_child([sys.executable, "-c", program, *argv], capture_output=True, text=True, timeout=120)
    code, loaded = result.stdout.split(None, 1)
    return int(code), loaded.strip()


def test_the_help_loads_no_layout_or_typing_modules(tmp_path):
    assert _loaded(["--help"], ["textwrap", "shutil", "typing", "datetime", "numpy"], tmp_path) == (0, "[]")


def test_five_words_on_a_file_loads_the_screen_only_to_quote_a_refusal(tmp_path):
    heavy = ["solvers.lexicon", "solvers.screen", "solvers.offensive", "json"]
    assert _loaded(["fivewords", "--lexicon", "{words}"], heavy, tmp_path) == (0, "[]")
    # an include word not in the list is quoted back, screened: the screen is loaded then
    code, loaded = _loaded(["fivewords", "--lexicon", "{words}", "--include", "mouse"], heavy, tmp_path)
    assert code == 2 and "'solvers.screen'" in loaded
