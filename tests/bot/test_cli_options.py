"""The command line's options: the same option before and after a subcommand, dates in words,
and argparse's mistakes as one line with a hint."""

import argparse
import datetime as dt
import io
import json
import sqlite3

import pytest

from bot.cli import build_parser, calendar_date, main
from tests.bot.test_cli import run

DAY = "2025-03-03"


def _subcommands(parser):
    """(command name, command parser, subcommand name, subcommand parser) of every command with subcommands."""
    for top in parser._subparsers._group_actions:
        for name, command in top.choices.items():
            for action in command._actions:
                if isinstance(action, argparse._SubParsersAction):
                    for sub_name, sub in action.choices.items():
                        yield name, command, sub_name, sub


def _example(action):
    if action.nargs == 0:
        return []
    if action.choices:
        return [next(str(c) for c in action.choices if c != action.default)]
    if action.type is calendar_date:
        return [DAY]
    return ["7"]


SHARED = [(name, sub_name, option)
          for name, command, sub_name, sub in _subcommands(build_parser()[0])
          for option in sorted({o for a in command._actions if a.option_strings and a.dest != "help"
                                for o in a.option_strings[-1:]}
                               & {o for a in sub._actions for o in a.option_strings})]


def test_every_command_with_subcommands_shares_some_options():
    assert {(name, sub) for name, sub, _ in SHARED} >= \
        {("bee", "solve"), ("bee", "play"), ("box", "today"), ("box", "play")}


@pytest.mark.parametrize(("command", "subcommand", "option"), SHARED)
def test_the_same_option_before_and_after_a_subcommand(command, subcommand, option):
    parser = build_parser()[0]
    sub = next(s for name, _, sub_name, s in _subcommands(parser) if (name, sub_name) == (command, subcommand))
    action = next(a for a in sub._actions if option in a.option_strings)
    positionals = ["x" for a in sub._actions if not a.option_strings]
    given = [option, *_example(action)]
    before = vars(parser.parse_args([command, *given, subcommand, *positionals]))
    after = vars(parser.parse_args([command, subcommand, *positionals, *given]))
    plain = vars(parser.parse_args([command, subcommand, *positionals]))
    assert before == after != plain


def test_box_options_before_today_are_obeyed(capsys):
    _, before, _ = run(capsys, "box", "--date", DAY, "--json", "today")
    _, after, _ = run(capsys, "box", "today", "--date", DAY, "--json")
    assert json.loads(before)["date"] == DAY and before == after


@pytest.mark.parametrize("command", ["box", "bee"])
def test_play_with_the_date_before_play_plays_that_day(command, capsys, monkeypatch, tmp_path):
    db = tmp_path / "w.sqlite3"
    monkeypatch.setattr("sys.stdin", io.StringIO("/quit\n"))
    code, out, _ = run(capsys, command, "--date", DAY, "play", "--database", str(db))
    assert code == 0 and "Monday 3 March 2025" in out.splitlines()[0]


def test_box_play_with_the_date_before_play_saves_to_that_day(capsys, monkeypatch, tmp_path):
    db = tmp_path / "w.sqlite3"
    monkeypatch.setattr("sys.stdin", io.StringIO("sue\n"))
    assert run(capsys, "box", "--date", DAY, "play", "--database", str(db))[0] == 0
    with sqlite3.connect(db) as raw:
        assert raw.execute("SELECT puzzle_date, words FROM letterbox_chains").fetchall() == [(DAY, "sue")]


@pytest.mark.parametrize(("argv", "message"), [
    (["bee", "--answers", "play"], "wordbot: error: wordbot bee play does not take --answers (see "
                                   "wordbot bee play --help)"),
    (["bee", "--date", DAY, "solve", "ACHLNOY", "N"], "wordbot bee solve does not take --date"),
    (["box", "--json", "play"], "wordbot box play does not take --json"),
])
def test_an_option_the_subcommand_does_not_take_is_refused(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    out, err = capsys.readouterr()
    assert exit_.value.code == 2 and out == ""
    assert err.splitlines() == [err.strip()] and message in err


@pytest.mark.parametrize(("argv", "line"), [
    (["letterboxed", "ABC", "--limit", "x"],
     "wordbot: error: argument --limit: invalid int value: 'x' (see wordbot letterboxed --help)"),
    (["box", "today", "--date", "23/11/2026"],
     "wordbot: error: argument --date: '23/11/2026' is not a date like 2026-11-21 (or today, yesterday) "
     "(see wordbot box today --help)"),
    (["bee", "guess"], "(see wordbot bee --help)"),
    (["frobnicate"], "(see wordbot --help)"),
])
def test_argparse_errors_are_one_line_with_a_hint(argv, line, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    err = capsys.readouterr().err
    assert exit_.value.code == 2
    assert len(err.splitlines()) == 1 and err.startswith("wordbot: error: ") and line in err


def test_dates_in_words():
    today = dt.date.today()
    assert calendar_date("today") == today and calendar_date("Yesterday") == today - dt.timedelta(days=1)
    assert calendar_date(DAY) == dt.date(2025, 3, 3)
    with pytest.raises(argparse.ArgumentTypeError):
        calendar_date("tomorrow-ish")


@pytest.mark.parametrize("argv", [["bee", "--date", "yesterday", "--json"],
                                  ["box", "today", "--date", "yesterday", "--json"]])
def test_commands_take_yesterday(argv, capsys):
    code, out, _ = run(capsys, *argv)
    assert code == 0 and json.loads(out)["date"] == (dt.date.today() - dt.timedelta(days=1)).isoformat()
