"""``wordbot bee play`` reads a typed line as the Discord commands do (``BeeGame.take``): several
words at once, a line each, the standing once, and the cut at the limit."""

import datetime as dt
import io

from bot.chat.words import MAX_WORDS
from bot.games.bee.text import standing
from solvers import bee
from solvers.lexicon import Lexicon
from tests.bot.test_cli import run

DAY = dt.date(2026, 11, 21)


def test_a_line_of_several_words_in_the_terminal(capsys, monkeypatch, tmp_path):
    puzzle = bee.generate(Lexicon.load("common"), DAY)
    first, second = [w for w in puzzle.answers if w not in puzzle.pangrams][:2]
    points = bee.score(first, puzzle) + bee.score(second, puzzle)
    typed = [f"{first} {second} {first}", " ".join([puzzle.center * 4] * (MAX_WORDS + 1))]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(typed) + "\n/quit\n"))
    code, out, _ = run(capsys, "bee", "play", "--date", DAY.isoformat(), "--database", str(tmp_path / "w.sqlite3"))
    assert code == 0
    lines = out.split("> ", 1)[1].splitlines()
    assert lines[0].startswith(f"✅ {first.upper()} +") and lines[1].startswith(f"✅ {second.upper()} +")
    assert lines[2] == f"You already found {first.upper()}."
    assert lines[3] == standing(points, bee.rank(points, puzzle.max_score))
    assert lines[4 + MAX_WORDS].endswith(f"Only the first {MAX_WORDS} words were read (1 more word left out).")

