"""Issue 30, class 1, in the terminal: no ``wordbot`` command writes back a slur typed in any of
its arguments, in any form (stdout and stderr), nor one typed into its play loop (stdin).

The arguments are walked from the parser itself (``bot.cli.build_parser``): every command and
subcommand, every argument that takes a value (a word, a pattern, a rack, sides, a list's name,
a choice, a number, a date), the other required ones filled with valid values. Paths are left
out: their lines are bot/db's and ``--png``'s. A command added without an entry in FILLERS fails
the walk until it is given one. The terminal is private, so flagged words are its to show.
"""

import argparse

import pytest

from bot.cli import build_parser, main
from bot.terminals import COMMANDS
from tests.bot.test_no_echo_discord import SLUR, SLUR_FORMS, echoes

PATHS = {"database", "png", "source", "target", "file"}
# Valid values of the required arguments, by command; "{words}" is a small words file.
FILLERS = {
    "anagram": {"rack": "AENST"}, "letterboxed": {"sides": "TJO FEB CUY HIL"}, "fivewords": {}, "tileset": {},
    "word": {"word": "cat"}, "judge": {"words": "cat"}, "pattern": {"pattern": "c?t"}, "define": {"word": "cat"},
    "box": {}, "box today": {}, "box play": {}, "bee": {}, "bee solve": {"letters": "ACEHLNT", "center": "a"},
    "bee play": {}, "ladder": {}, "ladder play": {}, "ladder solve": {"start": "cold", "end": "warm"},
    "leaderboard": {}, "stats": {}, "run": {}, "db": {"action": "status"},
    "lists": {}, "lists add": {"guild": "6", "name": "club", "file": "{words}"}, "lists show": {"guild": "6"},
    "lists remove": {"guild": "6", "name": "club"}, "reports": {}, "quiz": {"questions": "2"}, "challenge": {},
    "study": {}, "study stats": {}, "study export": {"file": "-"}, "study import": {"file": "{words}"}, "study add": {},
    "study settings": {},
}


def commands():
    """(path, parser) of every command and subcommand that runs something."""
    def walk(parser, path):
        if path and parser.get_default("handler") is not None:
            yield path, parser
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    if sub is not None:  # None: a command listed by name only (build_parser(name): not that one)
                        yield from walk(sub, path + [name])
    seen = set()
    for name in COMMANDS:
        for path, parser in walk(build_parser(name)[0], []):
            if path[0] == name and tuple(path) not in seen:
                seen.add(tuple(path))
                yield " ".join(path), parser


def argv_with(command, parser, target, value, words_file):
    """The command line with ``value`` in argument ``target`` and valid values in the other required ones."""
    fillers = FILLERS[command]
    options, positionals = [], []
    for action in parser._actions:
        if action.nargs == 0 or isinstance(action, argparse._HelpAction):
            continue
        given = value if action is target else fillers.get(action.dest, "").format(words=words_file) or None
        if given is None:
            assert not action.required, f"wordbot {command} {action.dest}: give it a value in FILLERS"
            continue
        pieces = given.split() if action.nargs == "+" and action is not target else [given]
        if action.option_strings:
            options += [action.option_strings[0], *pieces]
        else:
            positionals += pieces
    return command.split() + options + positionals


def walked():
    for command, parser in commands():
        assert command in FILLERS, f"wordbot {command} is new: give it an entry in FILLERS"
        for action in parser._actions:
            if action.nargs != 0 and not isinstance(action, argparse._HelpAction) and action.dest not in PATHS:
                yield command, parser, action


@pytest.mark.parametrize("form", list(SLUR_FORMS))
def test_no_terminal_command_writes_back_a_slur_typed_in_any_argument(form, capsys, monkeypatch, tmp_path):
    value = SLUR_FORMS[form]
    words = tmp_path / "words.txt"
    words.write_text("cat\ndog\n")
    monkeypatch.setenv("WORDBOT_DATABASE", str(tmp_path / "wordbot.sqlite3"))
    echoed, ran = [], 0
    for command, parser, action in walked():
        argv = argv_with(command, parser, action, value, str(words))
        monkeypatch.setattr("sys.stdin", __import__("io").StringIO(f"{value}\n/quit\n"))  # a play loop reads it
        try:
            main(argv)
        except SystemExit:  # argparse's refusal
            pass
        out, err = capsys.readouterr()
        ran += 1
        echoed += [(command, action.dest, text) for text in echoes([out, err], SLUR) + echoes([out, err], value)]
    assert ran > 40 and echoed == []
