"""The /study stats picture: it fits Discord, the due chart's bars follow the counts (today's
darker, the busiest day's the tallest, an empty day none), the state bar's parts follow the
cards, every text reads on its ground, and the alt text says every number the picture shows."""

import datetime as dt
import io

import numpy as np
import pytest
from PIL import Image

from bot.pictures import png
from bot.pictures.canvas import CARD, INK, MUTED, TILE
from bot.study import picture
from bot.study.model import DueCounts, StudyStats
from bot.text import ALT_LIMIT
from tests.pictures import contrast

TODAY = dt.date(2026, 11, 25)
DUE = (14, 9, 11, 6, 8, 12, 3, 5, 7, 2, 9, 4, 0, 6, 3, 1, 5, 2, 0, 4, 3, 1, 0, 2, 6, 1, 0, 3, 1, 20)


def stats(due=DUE, by_state=None, retention=0.912, streak=12, reviews=431) -> StudyStats:
    by_state = by_state if by_state is not None else {"new": 38, "learning": 6, "review": 212, "relearning": 4}
    new = min(6, by_state.get("new", 0))  # day 0's reviews and up to 6 new cards, all due now
    today = DueCounts(due[0], new, due[0] + new, new, 186)
    return StudyStats(by_state, retention, tuple(due), streak, reviews, sum(by_state.values()), today)


def pixels(data: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))


def bar_top(image: np.ndarray, day: int, colour) -> int | None:
    """The first row (from the top) of the chart where day ``day``'s column has ``colour``."""
    pitch = picture.INNER / picture.DAYS
    x = int(picture.MARGIN + day * pitch + pitch / 2)
    rows = [y for y in range(picture.CHART_TOP - 2, picture.AXIS) if tuple(image[y, x]) == colour]
    return rows[0] if rows else None


def test_it_fits_discord_and_draws_the_same_bytes_each_time():
    data = picture.render_study_stats(stats(), TODAY, "Alice")
    assert len(data) <= png.MAX_BYTES
    image = Image.open(io.BytesIO(data))
    assert image.size == (picture.WIDTH, picture.HEIGHT)
    assert data == picture.render_study_stats(stats(), TODAY, "Alice")


def test_the_due_chart_follows_the_counts():
    image = pixels(picture.render_study_stats(stats(), TODAY, "Alice"))
    assert bar_top(image, 0, picture.DUE_TODAY) is not None and bar_top(image, 0, picture.DUE) is None
    tallest = bar_top(image, 29, picture.DUE)  # 20: the busiest day reaches the top of the chart
    assert tallest == pytest.approx(picture.CHART_TOP, abs=1)
    assert bar_top(image, 12, picture.DUE) is None  # nothing due that day
    heights = {day: picture.AXIS - bar_top(image, day, picture.DUE) for day in (1, 5, 15)}  # 9, 12 and 1 due
    assert heights[5] > heights[1] > heights[15] > 0


def test_the_state_bar_follows_the_cards():
    shown = stats(by_state={"new": 50, "learning": 0, "review": 50, "relearning": 0})
    image = pixels(picture.render_study_stats(shown, TODAY, "Alice"))
    row = image[picture.BAR_TOP + picture.BAR_HEIGHT // 2]
    left, right = picture.MARGIN + 5, picture.MARGIN + picture.INNER - 5
    assert tuple(row[left]) == picture.STATE_COLOURS["new"] and tuple(row[right]) == picture.STATE_COLOURS["review"]
    middle = picture.MARGIN + picture.INNER // 2
    assert tuple(row[middle - 3]) == picture.STATE_COLOURS["new"] and tuple(row[middle + 3]) == \
        picture.STATE_COLOURS["review"]
    assert not any(tuple(p) == picture.STATE_COLOURS["learning"] for p in row)


def test_an_empty_deck_draws_empty_parts():
    empty = stats(due=(0,) * 30, by_state={"new": 0, "learning": 0, "review": 0, "relearning": 0}, retention=None,
                  streak=0, reviews=0)
    image = pixels(picture.render_study_stats(empty, TODAY, "\u202eAlice\u200b💥"))
    row = image[picture.BAR_TOP + picture.BAR_HEIGHT // 2]
    assert tuple(row[picture.MARGIN + picture.INNER // 2]) == picture.EMPTY
    assert all(bar_top(image, day, picture.DUE) is None for day in range(30))
    assert picture.tiles(empty)[:2] == [("0 days", "study streak"), ("–", "recalled, last 30 days")]
    assert picture.alt_text(empty, TODAY).endswith("Reviews due over the next 30 days: none.")


def test_the_tiles_and_the_alt_text_say_every_number():
    shown = stats()
    assert picture.tiles(shown) == [("12 days", "study streak"), ("91%", "recalled, last 30 days"),
                                    ("431", "reviews, last 30 days"), ("20", "cards due today")]
    alt = picture.alt_text(shown, TODAY)
    assert alt.startswith("Study stats: 260 cards (38 new, 6 learning, 212 review, 4 relearning).")
    assert "today 14; Thu 26 Nov 9;" in alt and "Thu 24 Dec 20." in alt
    assert "Tue 8 Dec 6" in alt and "Mon 7 Dec" not in alt  # an empty day is not listed
    assert len(alt) <= ALT_LIMIT


def test_every_text_reads_on_its_ground():
    for ink, ground in ((INK, CARD), (MUTED, CARD), (INK, TILE), (MUTED, TILE)):
        assert contrast.ratio(ink, ground) >= contrast.TEXT, (ink, ground)
    for colour in (picture.DUE, picture.DUE_TODAY, *picture.STATE_COLOURS.values()):
        assert contrast.ratio(colour, CARD) >= 2.0, colour  # a bar stands out from the card
