"""A card stored with a schedule FSRS cannot take (an older release's import, or a row written
straight into ``study_cards``): it is shown and reviewed as a new card, the review says so in one
note, and the deck goes on, never failing and never held up behind it; a review sent again or
regraded keeps the note. On both backends, through the service, the terminal and ``/study``."""

import asyncio
import datetime as dt
import io
import random

import pytest
from fsrs import Rating

from bot.db import open_database
from bot.study import schedule
from bot.study.deck import Study
from bot.study.schedule import CardState, flaw
from bot.study.text import RESTARTED, review_lines
from bot.study.transfer import state_value
from solvers.lexicon import Lexicon
from tests.bot.study.terminal_clock import T0, Typed
from tests.bot.test_cli import run

ALICE = 11
LEXICON = Lexicon("full", ["act", "cat", "dog", "god", "bad", "dab"])
SOUND = {"state": 2, "step": None, "stability": 5.0, "difficulty": 5.0, "due": "2026-11-20T12:00:00.000000+00:00",
         "last_review": "2026-11-15T12:00:00.000000+00:00"}
POISONS = {  # what a card in review holds, written straight into the table
    "stability -5": {"stability": -5.0},
    "stability inf": {"stability": float("inf")},
    "stability nan": {"stability": float("nan")},  # SQLite stores NaN as NULL: a card in review without one
    "stability 1e308": {"stability": 1e308},
    "difficulty -40": {"difficulty": -40.0},
    "difficulty missing": {"difficulty": None},
    "learning without its step": {"state": 1, "step": None},
    "relearning at step -3": {"state": 3, "step": -3},
    "due not a time, sorted first": {"due": "0000-00-00"},
    "due in year 1": {"due": "0001-01-01T00:00:00+00:00"},
    "last review not a time": {"last_review": "yesterday"},
    "last review in 9999": {"last_review": "9999-12-31T23:59:59-05:00"},
}


async def poison(db, user_id: int, key: str, **changes) -> None:
    fields = {**SOUND, **changes}
    await db.write("UPDATE study_cards SET state = ?, step = ?, stability = ?, difficulty = ?, "
                   "due = ?, last_review = ?, "
                   "reps = 3 WHERE user_id = ? AND card_key = ?", (*fields.values(), user_id, key))


@pytest.fixture
async def study(db_target):
    db = await open_database(db_target)
    yield Study(db, {"full": LEXICON})
    await db.close()


@pytest.mark.parametrize("damage", POISONS)
async def test_a_damaged_card_starts_again_as_new_and_the_deck_goes_on(study, damage):
    await study.import_lines(ALICE, ["act", "dog"], "full", T0)
    await poison(study.db, ALICE, "act", **POISONS[damage])
    card = await study.next_card(ALICE, T0)
    assert (card.prompt, card.state, card.due, card.reps) == ("act", "new", None, 3)  # shown as its review takes it
    result = await study.review(ALICE, card.card_id, "act cat", 3.0, T0, expected_reps=3)
    assert result.restarted and review_lines(result)[0] == RESTARTED
    assert result.card.reps == 4 and result.card.state in ("learning", "review") and result.next_due > T0
    [row] = [r for r in await study.export_rows(ALICE) if r.card == "act"]
    assert flaw(CardState(state_value(row.state), row.step, row.stability, row.difficulty, row.due,
                          row.last_review), T0) is None  # stored sound now
    following = await study.next_card(ALICE, T0)
    assert following.prompt == "dgo"  # not held up behind it
    healthy = await study.review(ALICE, following.card_id, "dog god", 3.0, T0, expected_reps=0)
    assert not healthy.restarted and RESTARTED not in review_lines(healthy)
    again = await study.review(ALICE, card.card_id, "", 50.0, T0, expected_reps=3)  # sent again: the stored result
    assert again == result
    regraded = await study.regrade(ALICE, result.review_id, Rating.Again)
    assert regraded.restarted and regraded.rating == Rating.Again and regraded.next_due < result.next_due
    assert (await study.stats(ALICE, T0)).reviews_30d == 2


def test_every_schedule_fsrs_makes_passes_the_check():
    """The check never takes a card FSRS scheduled itself for a damaged one: random grades, late
    and early, at the extremes of retention, over years."""
    chance = random.Random(41)
    for retention in (0.7, 0.9, 0.99):
        card, now = CardState(), T0
        for _ in range(300):
            card = schedule.reviewed(card, Rating(chance.randint(1, 4)), now, retention)
            assert flaw(card, now) is None, card
            now = card.due + dt.timedelta(days=chance.choice((-2, 0, 0, 3, 40)))
            now = max(now, card.last_review)


def test_the_terminal_reviews_a_damaged_card_with_a_note(capsys, monkeypatch, clock, db_target, tmp_path):
    target = str(db_target)
    (tmp_path / "words.txt").write_text("act\ndog\n")
    assert run(capsys, "study", "import", str(tmp_path / "words.txt"), "--database", target)[1] == "Added 2 cards.\n"

    async def damage():
        db = await open_database(target)
        try:
            await poison(db, 0, "act", stability=-5.0, difficulty=float("nan"))
        finally:
            await db.close()

    asyncio.run(damage())
    monkeypatch.setattr("sys.stdin", Typed(clock, ["act cat", "dog god"], [3, 6]))
    code, out, err = run(capsys, "study", "--database", target)
    assert (code, err) == (0, "") and "wrong on our side" not in out
    lines = out.splitlines()
    assert lines[:2] == ["Study · 2 cards due today (1 review, 1 new)", "ACT · 2 words · new"]
    assert f"> {RESTARTED}" in lines and "✅ Right: ACT, CAT" in lines and "DGO · 2 words · new" in lines
    assert out.count(RESTARTED) == 1 and "All done for now." in out
    code, exported, _ = run(capsys, "study", "export", "-", "--database", target)
    assert code == 0 and exported.startswith("card,due,") and ",-5," not in exported and "nan" not in exported
    monkeypatch.setattr("sys.stdin", io.StringIO(exported))
    code, out, _ = run(capsys, "study", "import", "-", "--database", str(tmp_path / "other.sqlite3"))
    assert (code, out) == (0, "Added 2 cards.\n")  # the repaired deck's export imports whole
