"""Cards: typed answers checked (case, punctuation, repeats), word cards from the bee words a
player missed (the hive the prompt, centre first), and no card ever holding a flagged word."""

import datetime as dt

import pytest

from bot.daily.calendar import DailyCalendar
from bot.db import open_database
from bot.games.bee.game import BeeGame
from bot.study.cards import alphagram_card, check, typed_words, word_card
from bot.study.deck import Study, StudyError
from bot.study.hints import word_hint
from bot.study.text import prompt_line
from solvers.lexicon import Lexicon
from tests.clock import Clock

DAY = dt.date(2026, 11, 23)
NOON = dt.datetime(2026, 11, 23, 12, tzinfo=dt.UTC)
SMALL = Lexicon("full", ["act", "cat", "arse", "ares", "tit"], vulgar=["arse", "tit"])


def test_typed_answers_are_read_as_words():
    assert typed_words("Cat, ACT;act  tac!\n") == ("cat", "act", "tac")
    assert check(("act", "cat", "tac"), "CAT xyz cat") == (("cat",), ("act", "tac"), ("xyz",))
    assert check(("act",), "") == ((), ("act",), ())
    assert len(typed_words(" ".join(a + b for a in "abcdefghijklmnop" for b in "abcdefghijklmnop"))) == 100
    assert typed_words("a" * 90) == ("a" * 40,)  # no answer is longer: a long run is cut


def test_no_card_holds_a_flagged_word():
    assert alphagram_card(SMALL, "tac", "import").answers == ("act", "cat")
    assert alphagram_card(SMALL, "aers", "import") is None  # ares is clean, but arse is not
    assert alphagram_card(SMALL, "itt", "import") is None
    assert alphagram_card(SMALL, "a?t", "import") is None and alphagram_card(SMALL, "x" * 40, "import") is None
    assert word_card(SMALL, "tit", "tiaecrs", "t", "bee") is None
    card = word_card(SMALL, "Cat", "tacersi", "c", "bee")
    assert (card.key, card.prompt, card.answers) == ("cat", "caeirst", ("cat",))


async def test_missed_bee_words_become_word_cards(tmp_path):
    db = await open_database(tmp_path / "w.sqlite3")
    try:
        common = Lexicon.load("common")
        bee = BeeGame(db, common, DailyCalendar(db, clock=Clock(NOON)))
        puzzle = await bee.puzzle(DAY)
        found = puzzle.answers[:2]
        for word in found:
            assert (await bee.guess(1, 11, DAY, word)).accepted
        study = Study(db, {"common": common})
        result = await study.add_missed_bee(11, 1, DAY, NOON)
        assert result.added == len(puzzle.answers) - 2 and result.skipped == 0
        assert (await study.add_missed_bee(11, 1, DAY, NOON)).merged == result.added  # asked twice: merged
        rows = await study.export_rows(11)
        assert {row.card for row in rows} == set(puzzle.answers) - set(found)
        assert all(row.kind == "word" and row.prompt[0] == puzzle.center
                   and sorted(row.prompt) == sorted(puzzle.letters)
                   for row in rows)
        card = await study.next_card(11, NOON)  # the first card added
        assert (card.prompt, card.length, card.answer_count) == (rows[0].prompt, len(rows[0].card), 1)
        word = rows[0].card
        hint = word_hint(word)
        assert (card.pattern, card.definition) == (hint.pattern, hint.definition)
        assert card.pattern.startswith(word[0].upper()) and len(card.pattern) == len(word) and word not in \
            card.definition
        assert prompt_line(card).startswith(f"{puzzle.center.upper()} {card.prompt[1:].upper()} "
                                            f"({puzzle.center.upper()} in the centre) · {card.pattern} "
                                            f"({len(word)} letters)")
        same = [w for w in puzzle.answers if len(w) == len(word) and w[0] == word[0] and w != word]
        assert not same or card.definition or card.pattern[-1] == word[-1].upper()  # one word of the hive
        done = await study.review(11, card.card_id, rows[0].card.upper(), 2.0, NOON, expected_reps=0)
        assert done.right == (rows[0].card,) and done.card.kind == "word"
        with pytest.raises(StudyError):
            await study.add_missed_bee(11, 1, DAY - dt.timedelta(days=400), NOON)  # no bee stored that day
    finally:
        await db.close()


async def test_hostile_import_lines_make_no_card_and_are_never_repeated(tmp_path):
    from tests.bot.test_no_echo_discord import SLUR
    db = await open_database(tmp_path / "w.sqlite3")
    try:
        study = Study(db, {"full": SMALL})
        lines = ["cat", SLUR, SLUR.upper() + "!", "\x00\x01", "ｃａｔ", "x" * 5000, "act,", "ta c", "é", "card,due"]
        result = await study.import_lines(5, lines, "full", dt.datetime(2026, 11, 26, tzinfo=dt.UTC))
        assert (result.added, result.merged) == (1, 0) and result.skipped + result.added + result.merged == len(lines)
        assert result.skipped_lines == ("line 2", "line 3", "line 4")  # a slur, or not printable: not repeated
        assert [row.card for row in await study.export_rows(5)] == ["act"]
    finally:
        await db.close()
