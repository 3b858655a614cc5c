"""A player's study settings: read as typed or as values, each refusal one line that never
repeats a slur, and a deck that outlives a restart of the bot mid-review."""

import datetime as dt

import pytest

from bot.db import open_database
from bot.study.deck import Study, StudyError, StudySettings
from solvers.lexicon import Lexicon
from tests.bot.test_no_echo_discord import SLUR

LEXICON = Lexicon("full", ["act", "cat"])
T0 = dt.datetime(2026, 11, 26, 12, tzinfo=dt.UTC)


@pytest.fixture
async def study(tmp_path):
    db = await open_database(tmp_path / "w.sqlite3")
    yield Study(db, {"full": LEXICON, "common": LEXICON})
    await db.close()


async def test_settings_are_read_as_typed(study):
    assert await study.settings(5) == StudySettings()
    changed = await study.change_settings(5, retention="85%", new_per_day="10", reviews_per_day=50, from_misses="off",
                                          remind_at="9:30 pm", zone="new york", in_dm=True, lexicon="Common")
    assert changed == StudySettings(0.85, 10, 50, False, dt.time(21, 30), "America/New_York", True, "common")
    assert await study.settings(5) == changed
    assert (await study.change_settings(5, retention=0.95, remind_at=None)).remind_at is None
    assert (await study.change_settings(5, remind_at=dt.time(7, 15, 30))).remind_at == dt.time(7, 15)


@pytest.mark.parametrize("changes", [
    {"retention": "1.5"}, {"retention": "nan"}, {"retention": True}, {"retention": "0.2"}, {"new_per_day": "-1"},
    {"new_per_day": "10" * 20}, {"reviews_per_day": 2.5}, {"from_misses": "maybe"}, {"remind_at": "25:00"},
    {"zone": "Mars/Olympus"}, {"lexicon": "klingon"}, {"colour": "red"}, {SLUR: "1"}, {"zone": SLUR},
    {"lexicon": SLUR}, {"remind_at": SLUR}, {"retention": SLUR},
])
async def test_a_bad_setting_is_one_line_and_changes_nothing(study, changes):
    with pytest.raises(StudyError) as refused:
        await study.change_settings(5, **changes)
    message = str(refused.value)
    assert "\n" not in message and len(message) < 200 and SLUR not in message.lower()
    assert await study.settings(5) == StudySettings()


async def test_a_restart_mid_review_loses_nothing_and_counts_nothing_twice(tmp_path):
    path = tmp_path / "w.sqlite3"
    db = await open_database(path)
    study = Study(db, {"full": LEXICON})
    await study.import_lines(5, ["act"], "full", T0)
    card = await study.next_card(5, T0)
    first = await study.review(5, card.card_id, "act cat", 3.0, T0, expected_reps=card.reps)
    await db.close()  # the bot stops after storing the review, before its answer was shown
    db = await open_database(path)
    try:
        again = Study(db, {"full": LEXICON})
        assert await again.review(5, card.card_id, "act cat", 3.0, T0, expected_reps=card.reps) == first
        assert (await again.stats(5, T0)).reviews_30d == 1
    finally:
        await db.close()
