"""``wordbot study import`` of hostile CSV rows: each row is checked on its own, and a row whose
field is not a number, a date, a state or a whole count, or whose schedule FSRS cannot take
(stability -5, NaN or inf, difficulty -40, a date in 9999, ...), is skipped and named in the one
line the import prints, never stored; the good rows beside it are added, and the deck reviews.
From a file and piped, and on both backends."""

import asyncio
import io

import pytest

from bot.db import open_database
from tests.bot.study.terminal_clock import Typed
from tests.bot.test_cli import run

HEADER = "card,due,stability,difficulty,reps,lapses,kind,lexicon,state,step,last_review,prompt"
GOOD = {"card": "act", "due": "2026-11-20T12:00:00+00:00", "stability": "5", "difficulty": "5", "reps": "3",
        "lapses": "0", "kind": "alphagram", "lexicon": "full", "state": "review", "step": "",
        "last_review": "2026-11-15T12:00:00+00:00", "prompt": ""}
TEA = ",".join({**GOOD, "card": "tea"}.values())  # a good row beside each bad one
RANGES = " (each field's range: wordbot study import --help)."


def row(**changes) -> str:
    return ",".join({**GOOD, **changes}.values())


@pytest.fixture
def database(tmp_path):
    return str(tmp_path / "w.sqlite3")


def cards(target) -> list[tuple]:
    async def read():
        db = await open_database(target)
        try:
            return [tuple(r) for r in await db.fetch_all(
                "SELECT card_key, state, step, stability, difficulty, due, last_review, reps, lapses FROM study_cards "
                "ORDER BY card_key")]
        finally:
            await db.close()

    return asyncio.run(read())


BAD_ROWS = [
    (row(stability="-5"), "stability -5"),
    (row(stability="nan"), "stability nan"),
    (row(stability="NaN"), "stability nan"),
    (row(stability="inf"), "stability inf"),
    (row(stability="-inf"), "stability -inf"),
    (row(stability="1e400"), "stability inf"),  # past the largest float: read as inf
    (row(stability="0"), "stability 0"),
    (row(stability="2e6"), "stability 2000000"),
    (row(stability=""), "stability missing"),
    (row(stability="lots"), "stability not a number"),
    (row(difficulty="-40"), "difficulty -40"),
    (row(difficulty="nan"), "difficulty nan"),
    (row(difficulty="10.5"), "difficulty 10.5"),
    (row(difficulty="0.99"), "difficulty 0.99"),
    (row(difficulty=""), "difficulty missing"),
    (row(reps="-1"), "reps -1"),
    (row(reps="1.5"), "reps 1.5"),
    (row(reps="1e30"), "reps 1e+30"),
    (row(reps="99999999999999999999"), "reps too large"),
    (row(reps="2000000"), "reps 2000000"),
    (row(reps="three"), "reps not a number"),
    (row(lapses="-2"), "lapses -2"),
    (row(lapses="5"), "lapses 5 more than reps 3"),
    (row(lapses="nan"), "lapses nan"),
    (row(due="9999-01-01"), "due 9999-01-01"),
    (row(due="9999-12-31T23:59:59-05:00"), "due 9999-12-31"),  # UTC would be past year 9999
    (row(due="2126-12-01T00:00:00+00:00"), "due 2126-12-01"),  # just past 100 years from now
    (row(due="1999-12-31T23:59:59+00:00"), "due 1999-12-31"),
    (row(due=""), "due missing"),
    (row(due="soon"), "due not a date"),
    (row(last_review="0001-01-01"), "last_review 0001-01-01"),
    (row(last_review=""), "last_review missing"),
    (row(last_review="2026-13-45"), "last_review not a date"),
    (row(state="sleeping"), "state not one of new, learning, review, relearning"),
    (row(state="7"), "state not one of new, learning, review, relearning"),
    (row(state="learning"), "step missing"),
    (row(state="learning", step="-1"), "step -1"),
    (row(state="relearning", step="1000"), "step 1000"),
    (row(state="learning", step="0.5"), "step 0.5"),
    (row(kind="sentence"), "kind not one of alphagram, word"),
    ("act,2026-11-20T12:00:00+00:00,5", "has 3 fields, not 12"),
    (row() + ",extra", "has 13 fields, not 12"),
    ('act,"2026', "has 2 fields, not 12"),  # a quote left open
]


@pytest.mark.parametrize(("bad", "reason"), BAD_ROWS, ids=[reason for _, reason in BAD_ROWS])
def test_a_bad_row_is_skipped_and_named_and_the_good_rows_come_in(capsys, clock, database, tmp_path, bad, reason):
    (tmp_path / "deck.csv").write_text(f"{HEADER}\n{TEA}\n{bad}\n")
    code, out, err = run(capsys, "study", "import", str(tmp_path / "deck.csv"), "--database", database)
    assert (code, err) == (0, "")
    assert out == f"Added 1 card; 1 row skipped: line 3 {reason}{RANGES}\n"
    assert [card[0] for card in cards(database)] == ["aet"]


GOOD_EDGES = [
    row(due="2000-01-01T00:00:00+00:00", last_review="2000-01-01T00:00:00+00:00"),
    row(due="2126-11-20T00:00:00+00:00"),  # within 100 years of now
    row(difficulty="1", stability="0.001"),
    row(difficulty="10", stability="1000000"),
    row(due="2026-11-20T12:00:00"),  # without a zone: UTC
    row(state="learning", step="0"),
    row(state="new", due="", stability="", difficulty="", last_review="", reps="", lapses=""),
    row(reps="3", lapses="3"),
]


@pytest.mark.parametrize("good", GOOD_EDGES)
def test_a_row_at_the_edge_of_its_ranges_comes_in(capsys, clock, database, tmp_path, good):
    (tmp_path / "deck.csv").write_text(f"{HEADER}\n{good}\n")
    code, out, err = run(capsys, "study", "import", str(tmp_path / "deck.csv"), "--database", database)
    assert (code, out, err) == (0, "Added 1 card.\n", "")


def test_a_card_in_review_keeps_no_step_and_a_new_one_no_schedule(capsys, clock, database, tmp_path):
    rows = [row(step="1"), row(card="dog", state="new", stability="3", reps="0")]
    (tmp_path / "deck.csv").write_text("\n".join([HEADER, *rows]) + "\n")
    assert run(capsys, "study", "import", str(tmp_path / "deck.csv"), "--database", database)[1] == "Added 2 cards.\n"
    assert cards(database) == [("act", 2, None, 5.0, 5.0, "2026-11-20T12:00:00.000000+00:00",
                                "2026-11-15T12:00:00.000000+00:00", 3, 0),
                               ("dgo", 0, None, None, None, None, None, 0, 0)]


def test_many_bad_rows_piped_name_the_first_three_and_the_deck_reviews(capsys, monkeypatch, clock, db_target):
    target = str(db_target)  # the terminal's --database: a SQLite file or a PostgreSQL URL
    lines = [HEADER, row(stability="-5"), TEA, row(card="dog", stability="NaN"), "",
             row(card="bad", due="9999-01-01"), "# a comment", row(card="god", difficulty="-40"),
             row(card="xyzzy"), row(card="stare", state="learning", step="0")]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    code, out, err = run(capsys, "study", "import", "-", "--database", target)
    assert (code, err) == (0, "")
    assert out == \
        ("Added 2 cards; 1 line made no card (not in the list, not letters, or a flagged word): line 9 (xyzzy); "
                   "4 rows skipped: line 2 stability -5, line 4 stability nan, line 6 due 9999-01-01, ..."
                   f"{RANGES}\n")
    assert [card[0] for card in cards(target)] == ["aerst", "aet"]
    monkeypatch.setattr("sys.stdin", Typed(clock, ["ate eat eta tea", "aster rates stare tears"], [3, 9]))
    code, out, err = run(capsys, "study", "--database", target)
    assert (code, err) == (0, "") and "wrong on our side" not in out
    assert "✅ Right: ATE, EAT, ETA, TEA" in out and "AERST · " in out and "All done for now." in out


def test_a_csv_without_a_needed_column_is_refused_in_one_line(capsys, clock, database, tmp_path):
    (tmp_path / "deck.csv").write_text("card,due,difficulty,reps,lapses\nact,,5,0,0\n")
    code, out, err = run(capsys, "study", "import", str(tmp_path / "deck.csv"), "--database", database)
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert err.startswith("wordbot: The CSV's first line has no stability column: give the header")


def test_the_help_says_each_fields_range(capsys):
    with pytest.raises(SystemExit):
        run(capsys, "study", "import", "--help")
    said = " ".join(capsys.readouterr().out.split())
    assert "stability a number above 0 and at most 1,000,000 (days); difficulty from 1 to 10;" in said
    assert "due and last_review times from 2000-01-01 to 100 years from now" in said
