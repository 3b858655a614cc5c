"""No daily puzzle uses a flagged word (or a slur): ten years of boxes, by their seed pool and
by the boxes themselves."""

import datetime as dt

import pytest

from solvers.letterbox import generate
from solvers.letterbox.daily import _pool
from solvers.lexicon import Lexicon
from solvers.offensive import classify


def test_no_box_can_publish_a_flagged_word():
    common = Lexicon.load("common")
    flagged = classify(common.words).flagged  # decided anew from the reviewed tiers
    assert flagged and "fuck" in flagged
    pool = _pool(common, "")
    assert not flagged & set(pool.words)  # every published pair of every day comes from this pool


@pytest.mark.slow
def test_ten_years_of_boxes_publish_no_flagged_word():
    full = Lexicon.load("full")
    flagged = classify(full.words).flagged
    days = [dt.date(2027, 1, 1) + dt.timedelta(days=k) for k in range(0, 3652, 10)]  # every tenth day of ten years
    for date in days:
        box = generate(date)
        assert not flagged & set(box.solution), date
