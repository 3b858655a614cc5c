"""``wordbot tileset --png FILE``: the picture /tiles posts of the best tiles (the best known,
with a database); a path that cannot be written is one line, found before the search."""

import json

from PIL import Image

from bot.cli import main
from bot.lab.tileset.cog import tiles_file
from bot.lab.tileset.picture import render_tiles
from solvers import tileset
from solvers.lexicon import Lexicon


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


async def test_the_greedy_tiles_as_tiles_posts_them(capsys, tmp_path):
    target = tmp_path / "tiles.png"
    code, out, err = run(capsys, "tileset", "--lexicon", "common", "--tiles", "10", "--greedy-only", "--png",
                         str(target))
    assert code == 0 and err == "" and out.startswith("Tileset · 10 tiles of 2 letters")
    image = Image.open(target)
    image.load()
    assert image.format == "PNG" and image.size == render_size(10)
    expected = tileset.greedy(Lexicon.load("common"), 10).tiles
    posted = await tiles_file(expected)  # what /tiles attaches to its answer
    assert target.read_bytes() == posted.fp.read() == render_tiles(tuple(expected))


def render_size(count):
    width = int(64 * 1.4)
    return 10 + min(count, 10) * (width + 10), 10 + -(-count // 10) * 74


def test_with_a_database_the_picture_is_the_best_known_answer(capsys, tmp_path):
    database = str(tmp_path / "w.sqlite3")
    argv = ("tileset", "--lexicon", "common", "--tiles", "5", "--database", database, "--json")
    code, out, _ = run(capsys, *argv, "--seconds", "1")
    best = json.loads(out)["best_known"]["tiles"]
    target = tmp_path / "greedy.png"
    code, out, _ = run(capsys, *argv, "--greedy-only", "--png", str(target))  # greedy finds no better: the best stands
    document = json.loads(out)
    assert code == 0 and document["best_known"]["tiles"] == best
    assert target.read_bytes() == render_tiles(tuple(best))


def test_a_path_that_cannot_be_written_is_one_line_before_the_search(capsys, tmp_path):
    for path, why in ((tmp_path / "missing" / "tiles.png", "No such file or directory (check the path, or "
                                                           "create the folder first)"),
                      (tmp_path, "Is a directory (that is a folder: give the path of a file)")):
        code, out, err = run(capsys, "tileset", "--lexicon", "common", "--tiles", "10", "--seconds", "60", "--png",
                             str(path))
        assert code == 2 and out == ""  # no search ran: it would have printed its answer
        assert err.splitlines() == [f"wordbot: cannot write the picture to {path}: {why}"]
