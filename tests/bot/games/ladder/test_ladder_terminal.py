"""``wordbot ladder``: a day's ladder as the generator makes it, and ``ladder solve`` for any two
words, its answers the solver's and its mistakes one line each."""

import datetime as dt
import json

import pytest

from bot.cli import main
from bot.games.ladder.terminal import day_title
from solvers import ladder
from solvers.lexicon import Lexicon

DAY = dt.date(2026, 11, 29)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_days_ladder_keeps_its_solution_unless_asked(capsys):
    made = ladder.generate(DAY)
    code, out, err = run(capsys, "ladder", "--date", DAY.isoformat())
    assert code == 0 and err == ""
    assert out.splitlines()[:2] == [day_title(DAY), f"{made.start.upper()} → {made.end.upper()}  (4 letters)"]
    assert f"Par: {made.par} rungs" in out and "Published ladder" not in out
    code, out, _ = run(capsys, "ladder", "--date", DAY.isoformat(), "--solution")
    assert code == 0 and f"Published ladder: {' → '.join(w.upper() for w in made.ladder)}" in out
    code, out, _ = run(capsys, "ladder", "--date", DAY.isoformat(), "--json")
    assert code == 0 and json.loads(out) == {k: v for k, v in made.to_json().items() if k != "ladder"}
    code, out, _ = run(capsys, "ladder", "--date", DAY.isoformat(), "--json", "--solution")
    assert json.loads(out) == made.to_json()


def test_the_ladders_number_counts_from_its_first_day():
    assert day_title(ladder.DAILY_EPOCH) == "Word Ladder · #1 · Thursday 1 January 2026"
    assert day_title(DAY) == "Word Ladder · #333 · Sunday 29 November 2026"


def test_solve_gives_the_solvers_count_and_the_first_ladder_or_all(capsys):
    graph = ladder.graph_of(Lexicon.load("full"), 4)
    every = list(ladder.ladders(graph, "cold", "warm"))
    code, out, err = run(capsys, "ladder", "solve", "Cold", "WARM")
    assert code == 0 and err == ""
    assert out.splitlines() == [f"COLD → WARM: 4 rungs, {len(every)} shortest ladders (lexicon full)",
                                "  " + " → ".join(w.upper() for w in every[0]),
                                f"  ... and {len(every) - 1} more (--all lists them)"]
    code, out, _ = run(capsys, "ladder", "solve", "cold", "warm", "--all")
    assert out.splitlines()[1:] == ["  " + " → ".join(w.upper() for w in words) for words in every]
    code, out, _ = run(capsys, "ladder", "solve", "cold", "warm", "--all", "--json")
    assert json.loads(out) == {"start": "cold", "end": "warm", "lexicon": "full", "rungs": 4, "count": len(every),
                               "ladders": [list(words) for words in every]}


@pytest.mark.parametrize("argv, code, message", [
    (("cold", "xyzq"), 2, "wordbot: XYZQ is not a word of the full list.\n"),
    (("c0ld", "warm"), 2, "wordbot: C0LD is not a word of the full list.\n"),
    (("cold", "warmth"), 2, "wordbot: COLD has 4 letters and WARMTH 6: a ladder's words all have one length.\n"),
    (("a", "at"), 2, "wordbot: A has 1 letter and AT 2: a ladder's words all have one length.\n"),
    (("ahoy", "ugly"), 1, "wordbot: no ladder joins AHOY and UGLY in the full list.\n"),
])
def test_each_mistake_is_one_line(capsys, argv, code, message):
    assert run(capsys, "ladder", "solve", *argv) == (code, "", message)


def test_no_ladder_before_the_first_day(capsys):
    assert run(capsys, "ladder", "--date", "2025-12-31") == (
        2, "", "wordbot: Daily ladders start on 2026-01-01; pick a later date.\n")


def test_solve_reads_a_word_list_file(capsys, tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("cat\ncot\ncog\ndog\ndot\n")
    code, out, _ = run(capsys, "ladder", "solve", "cat", "dog", "--lexicon", str(words))
    assert code == 0 and out.splitlines()[0] == "CAT → DOG: 3 rungs, 2 shortest ladders (lexicon words.txt)"


def test_ladder_play_in_the_terminal_is_saved(capsys, monkeypatch, tmp_path):
    import io

    database = tmp_path / "w.sqlite3"
    monkeypatch.setattr("sys.stdin", io.StringIO("forge\nforks\n/hint\n/hint\n/undo\nforge forte\n/quit\n"))
    code, out, _ = run(capsys, "ladder", "play", "--date", "2026-01-01", "--database", str(database))
    assert code == 0 and out.startswith("Word Ladder · #1 · Thursday 1 January 2026\nGORGE → … → COOKS")
    assert "✅ FORGE\nGORGE → FORGE" in out and "FORKS changes 2 letters of FORGE: change exactly one." in out
    assert "Hint 1 of 3: From FORGE, 5 rungs at best to the end. Change the fourth letter." in out
    assert "Hint 2 of 3: It becomes T." in out and "Took back FORGE." in out
    monkeypatch.setattr("sys.stdin", io.StringIO("/ladder\n"))
    code, out, _ = run(capsys, "ladder", "play", "--date", "2026-01-01", "--database", str(database))
    assert "Your ladder: GORGE → FORGE → FORTE" in out  # saved: a new session finds the climb
