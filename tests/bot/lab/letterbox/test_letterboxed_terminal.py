"""``wordbot letterboxed`` in the terminal: bad options, a proof cut at --max-words, the biggest boxes."""

import re

from bot.cli import main
from solvers.letterbox import check, parse_box
from solvers.lexicon import Lexicon


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def listed_chains(out):
    """The chains of the numbered lines, as lists of lowercase words."""
    return [[w.lower() for w in m.group(1).split(" → ")] for m in re.finditer(r"^\s+\d+\. (.+?)\s+least common word: ",
                                                                              out, re.M)]


def test_a_negative_limit_is_one_line_and_exit_code_2(capsys):
    code, out, err = run(capsys, "letterboxed", "TJO", "FEB", "CUY", "HIL", "--limit", "-1")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("wordbot: ") and "--limit takes 0 to 10000" in err


def test_no_solution_within_the_max_words_says_so(capsys):
    """This box (6 x 3) needs four words of the full list (WAQF → FIBROPLASIA → ANTIOXIDANTS →
    STICKJAW): with --max-words 3, the proof says none of three words or fewer exists."""
    code, out, _ = run(capsys, "letterboxed", "WXQ", "CRT", "KAF", "IJP", "NBS", "LDO", "--max-words", "3", "--seconds",
                       "60")
    assert code == 0
    assert "no solution within 3 words" in out and "0 two-word solutions and 0 three-word solutions" in out
    assert listed_chains(out) == []
    code, out, _ = run(capsys, "letterboxed", "WXQ", "CRT", "KAF", "IJP", "NBS", "LDO", "--seconds", "60")
    chains = listed_chains(out)
    assert code == 0 and "fewest 4 words" in out and len(chains) == 1 and len(chains[0]) == 4


def test_a_box_of_all_26_letters_gives_the_fewest_words_and_a_chain(capsys):
    """The most letters a box can hold. Three words cannot use them all on the full list
    (proved), and a chain of four is found: so four is the fewest. The budget is generous so
    that a busy machine cannot cut the proof; the solver stops as soon as it has proved."""
    sides = ["BHZRE", "JNVWD", "UITKC", "XPQFA", "SGYL", "OM"]
    code, out, _ = run(capsys, "letterboxed", *sides, "--seconds", "60", "--limit", "5")
    assert code == 0 and "fewest 4 words" in out and "0 two-word solutions and 0 three-word solutions" in out
    chains = listed_chains(out)
    assert len(chains) == 1 and len(chains[0]) == 4
    assert check(Lexicon.load("full"), parse_box(sides), chains[0]).solved


def test_png_writes_the_box_with_the_best_solution(capsys, tmp_path):
    from PIL import Image

    from bot.pictures.box import render_box

    picture = tmp_path / "box.png"
    code, out, _ = run(capsys, "letterboxed", "TJO", "FEB", "CUY", "HIL", "--limit", "1", "--png", str(picture))
    assert code == 0 and out.splitlines()[-1] == f"Picture of the box with OBJECTIFY → YOUTHFUL: {picture}"
    with Image.open(picture) as image:
        assert image.format == "PNG" and image.width == 480 and image.height > 480  # the legend under the box
    assert picture.read_bytes() == render_box(("tjo", "feb", "cuy", "hil"), ("objectify", "youthful"))


def test_png_to_a_folder_is_one_line_and_exit_code_2(capsys, tmp_path):
    code, out, err = run(capsys, "letterboxed", "TJO", "FEB", "CUY", "HIL", "--png", str(tmp_path))
    assert code == 2 and out == "" and "Traceback" not in err
    assert err == f"wordbot: cannot write the picture to {tmp_path}: Is a directory (that is a folder: " \
                  "give the path of a file)\n"


def test_png_of_sides_that_spell_a_slur_is_refused_and_nothing_is_written(capsys, tmp_path):
    picture = tmp_path / "box.png"
    code, out, err = run(capsys, "letterboxed", "WOP", "XYZ", "ABC", "DEF", "--png", str(picture))
    assert (code, out) == (2, "") and err.count("\n") == 1 and "wop" not in err.lower() and "no picture" in err
    assert not picture.exists()
    code, _, _ = run(capsys, "letterboxed", "TJO", "FEB", "CUY", "HIL", "--png", str(picture))  # the counter-check
    assert code == 0 and picture.exists()
