"""Input as players type it: invisible characters, full-width letters, look-alikes of other scripts."""

import datetime as dt

from solvers.letterbox import BoxError, check_word, parse_box
from solvers.lexicon import Lexicon
from solvers.typed import bad_characters, plain_letters


def test_invisible_characters_and_full_width_letters_read_as_plain_letters():
    assert plain_letters("ga\u200brden") == "garden"  # a zero-width space pasted inside
    assert plain_letters("\u200eＧＡＲＤＥＮ\ufeff") == "garden"
    assert plain_letters("tjo\u00adfeb cuy", keep_spaces=True) == "tjofeb cuy"


def test_look_alikes_are_named_for_their_script():
    assert bad_characters("gаrden", "abcdefghijklmnopqrstuvwxyz") == "'а' (Cyrillic)"
    assert bad_characters("café", "abcdefghijklmnopqrstuvwxyz") == "'é' (an accented letter)"
    assert bad_characters("d0g!", "abcdefghijklmnopqrstuvwxyz") == "'0', '!'"


def test_letterboxed_sides_and_words_read_full_width_and_refuse_look_alikes():
    assert parse_box("ＴＪＯ ＦＥＢ ＣＵＹ ＨＩＬ") == parse_box("TJO FEB CUY HIL")
    try:
        parse_box("TJО FEB CUY HIL")  # a Cyrillic O
    except BoxError as error:
        assert "'о' (Cyrillic)" in str(error)
    else:
        raise AssertionError("a Cyrillic letter was accepted")
    box = parse_box("TJO FEB CUY HIL")
    full = Lexicon.load("full")
    assert check_word(full, box, "ob\u200bjectify").ok
    assert check_word(full, box, "ＯＢＪＥＣＴＩＦＹ").ok
    assert "(Cyrillic)" in check_word(full, box, "оbjectify").reason


async def test_a_bee_guess_with_a_hidden_character_is_the_plain_word(tmp_path):
    from bot.daily.calendar import DailyCalendar
    from bot.db import open_database
    from bot.games.bee.game import BeeGame, Verdict
    from tests.clock import Clock

    db = await open_database(tmp_path / "w.sqlite3")
    try:
        day = dt.date(2026, 11, 23)
        game = BeeGame(db, Lexicon.load("common"),
                       DailyCalendar(db, clock=Clock(dt.datetime(2026, 11, 23, 12, tzinfo=dt.UTC))))
        word = sorted((await game.puzzle(day)).answers)[0]
        pasted = word[:2] + "\u200b" + word[2:]
        assert (await game.guess(1, 10, day, pasted)).verdict is Verdict.ACCEPTED
        wide = "".join(chr(ord(ch) - 97 + 0xFF41) for ch in word)  # full-width letters
        assert (await game.guess(1, 10, day, wide)).verdict is Verdict.ALREADY_FOUND
        cyrillic = (await game.guess(1, 10, day, word.replace(word[0], "\u0430") if "a" in word else "\u0430" + word))
        assert cyrillic.verdict is Verdict.NOT_LETTERS and "(Cyrillic)" in cyrillic.detail
    finally:
        await db.close()
