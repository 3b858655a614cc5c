"""wordbot tileset at its edges: more tiles than exist, a bad seed, a stored answer that cannot
start a run (an older release's), and Ctrl-C (the best so far printed and saved, status 130)."""

import json
import os
import signal
import sqlite3
import subprocess
import time

import pytest

from bot.cli import main
from solvers import tileset
from solvers.lexicon import Lexicon
from tests.processes import start_wordbot


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("argv", "message"), [
    (("--tiles", "27", "--size", "1"), "Only 26 different tiles of 1 letter exist: choose 1 to 26 "
                                       "tiles; 27 is too many."),
    (("--tiles", "30", "--size", "1", "--odd", "either"), "Only 26 different tiles of 1 letter exist"),
    (("--seed", "-5"), "--seed is a whole number, 0 or more; -5 is not."),
])
def test_bad_input_is_one_line_and_status_2(capsys, tmp_path, argv, message):
    code, out, err = run(capsys, "tileset", "--lexicon", "common", "--seconds", "0.5",
                         "--database", str(tmp_path / "w.sqlite3"), *argv)
    assert code == 2 and out == "" and message in err and len(err.strip().splitlines()) == 1


def test_26_one_letter_tiles_make_every_word_and_run_again(capsys, tmp_path):
    argv = ("tileset", "--lexicon", "common", "--tiles", "26", "--size", "1", "--seconds", "1",
            "--database", str(tmp_path / "w.sqlite3"), "--json")
    for _ in range(2):  # the stored answer starts the second run
        code, out, _ = run(capsys, *argv)
        document = json.loads(out)
        assert code == 0 and len(document["tiles"]) == 26 and document["best_known"]["words"] == document["words"]


def test_a_stored_answer_that_cannot_start_a_run_is_set_aside(capsys, tmp_path):
    database = tmp_path / "w.sqlite3"
    argv = ("tileset", "--lexicon", "common", "--tiles", "5", "--seconds", "0.5", "--database", str(database), "--json")
    code, out, _ = run(capsys, *argv)
    first = json.loads(out)
    with sqlite3.connect(database) as raw:  # as an older release could leave it: 4 tiles for 5, and a made-up one
        raw.execute("UPDATE tileset_best SET tiles = 'an er in ??'")
    code, out, err = run(capsys, *argv)
    again = json.loads(out)
    assert code == 0 and err == "" and len(again["tiles"]) == 5 and again["words"] >= again["greedy"]["words"]
    assert again["best_known"]["words"] >= first["words"]


def test_ctrl_c_prints_and_saves_the_best_so_far(tmp_path):
    database = tmp_path / "w.sqlite3"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = start_wordbot("tileset", "--lexicon", "full", "--tiles", "20", "--seconds", "120", "--database", database,
                            stdin=subprocess.DEVNULL, env=env, cwd=tmp_path)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not _recorded_run_started(database):
            time.sleep(0.2)
        time.sleep(4.0)  # the word list loads and the search gets going
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 130, err
    lines = out.splitlines()
    assert lines[0] == "Interrupted (Ctrl-C): the best found so far."
    assert lines[1] == "Tileset · 20 tiles of 2 letters · full · odd-length words skipped"
    assert lines[5] == "Saved as the best known answer."
    with sqlite3.connect(database) as raw:
        (tiles, words), = raw.execute("SELECT tiles, words FROM tileset_best").fetchall()
    assert f"{words} words: {' '.join(t.upper() for t in tiles.split())}" in lines[3]
    assert words == len(tileset.formable(tiles, Lexicon.load("full")))


def _recorded_run_started(database) -> bool:
    """The run has read the database (made and migrated it) before its search."""
    try:
        with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as raw:
            return bool(raw.execute("SELECT count(*) FROM schema_migrations").fetchone()[0])
    except sqlite3.Error:
        return False
