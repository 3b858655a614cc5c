"""Study's store on both backends: a review is one transaction and a repeated submit never
counts twice, a regrade reschedules from the card before, quiz misses come into the deck once
each (duplicates merged), flagged words never make a card, sets are capped per day, the
reminder is claimed once a day, and a deck survives export and import."""

import asyncio
import datetime as dt

import pytest
from fsrs import Rating

from bot.db import open_database
from bot.quiz.store import QuizStore, RoundRecord
from bot.study.deck import Study, StudyError
from solvers.lexicon import Lexicon

T0 = dt.datetime(2026, 11, 26, 12, tzinfo=dt.UTC)
WORDS = ["act", "cat", "tac", "dog", "god", "aster", "rates", "stare", "tears", "bad", "dab", "arse", "ares", "tit"]
LEXICON = Lexicon("full", WORDS, vulgar=["arse", "tit"])
ALICE, BOB = 11, 12


@pytest.fixture
async def study(db_target):
    db = await open_database(db_target)
    yield Study(db, {"full": LEXICON})
    await db.close()


async def miss(study, round_id, user_id, alphagrams, when=T0):
    quiz = QuizStore(study.db)
    record = RoundRecord(round_id, 5, 100 + round_id, None, "full", "3s", 60, when, when, None, user_id)
    await quiz.start_round(record, [(a, ()) for a in alphagrams])
    await quiz.end_round(round_id, when, [(5, user_id, a) for a in alphagrams], "full")


async def test_a_review_counts_once_however_often_it_is_sent(study):
    await study.import_lines(ALICE, ["act"], "full", T0)
    card = await study.next_card(ALICE, T0)
    sent = await asyncio.gather(*(study.review(ALICE, card.card_id, "act cat tac", 4.0, T0, expected_reps=card.reps)
                                  for _ in range(3)))
    assert len({r.review_id for r in sent}) == 1 and sent[0].card.reps == 1
    later = await study.review(ALICE, card.card_id, "", 99.0, T0 + dt.timedelta(hours=1), expected_reps=0)
    assert later == sent[0]  # a restart sending it again gets the stored result
    assert (await study.stats(ALICE, T0)).reviews_30d == 1
    with pytest.raises(StudyError):
        await study.review(BOB, card.card_id, "act", 1.0, T0, expected_reps=1)  # not Bob's card
    with pytest.raises(StudyError):
        await study.review(ALICE, card.card_id, "act", 1.0, T0, expected_reps=5)  # a review not reached


async def test_a_review_shows_right_missed_and_extra_words(study):
    await study.import_lines(ALICE, ["stare"], "full", T0)
    card = await study.next_card(ALICE, T0)
    assert (card.prompt, card.answer_count, card.kind) == ("aerst", 4, "alphagram")
    result = await study.review(ALICE, card.card_id, "Tears, STARE treas", 20.0, T0, expected_reps=0)
    assert (result.right, result.missed, result.extra) == (("stare", "tears"), ("aster", "rates"), ("treas",))
    assert result.rating == Rating.Hard and result.graded_by == "answer" and result.next_due > T0


async def test_a_regrade_reschedules_from_the_card_before_its_review(study):
    await study.import_lines(ALICE, ["act", "dog"], "full", T0)
    card = await study.next_card(ALICE, T0)
    first = await study.review(ALICE, card.card_id, "act cat tac", 3.0, T0, expected_reps=0)
    again = await study.regrade(ALICE, first.review_id, Rating.Again)
    assert again.rating == Rating.Again and again.graded_by == "player" and again.next_due < first.next_due
    back = await study.regrade(ALICE, first.review_id, Rating.Easy)
    assert back.next_due == first.next_due and back.card.reps == 1  # the same as graded Easy at first
    second = await study.review(ALICE, card.card_id, "act", 3.0, first.next_due, expected_reps=1)
    with pytest.raises(StudyError):
        await study.regrade(ALICE, first.review_id, Rating.Good)  # only the latest review
    with pytest.raises(StudyError):
        await study.regrade(BOB, second.review_id, Rating.Good)  # only one's own


async def test_quiz_misses_arrive_once_each_and_duplicates_merge(study):
    await miss(study, 1, ALICE, ["act", "dgo", "aerst"])
    await miss(study, 2, ALICE, ["ACT", "aers", "itt"])  # missed again; flagged answers only
    await miss(study, 3, BOB, ["abd"])
    assert (await study.due(ALICE, T0)).new == 3
    assert sorted(r.card for r in await study.export_rows(ALICE)) == ["act", "aerst", "dgo"]
    await miss(study, 4, ALICE, ["abd", "act"], T0 + dt.timedelta(minutes=5))
    await study.next_card(ALICE, T0)
    await study.due(ALICE, T0)
    assert sorted(r.card for r in await study.export_rows(ALICE)) == ["abd", "act", "aerst", "dgo"]
    assert await study.export_rows(BOB) == []  # taken when Bob studies
    assert (await study.next_card(BOB, T0)).prompt == "abd"


async def test_misses_stay_out_while_turned_off(study):
    await study.change_settings(ALICE, from_misses=False)
    await miss(study, 1, ALICE, ["act"])
    assert (await study.due(ALICE, T0)).new == 0
    await study.change_settings(ALICE, from_misses="on")  # from now on: the misses before stay out
    await miss(study, 2, ALICE, ["dgo"], T0 + dt.timedelta(seconds=1))
    assert [r.card for r in await study.export_rows(ALICE)] == []
    await study.due(ALICE, T0)
    assert [r.card for r in await study.export_rows(ALICE)] == ["dgo"]


async def test_no_flagged_word_is_ever_in_a_card(study):
    result = await study.import_lines(ALICE, ["arse", "aers", "tit", "itt", "ares", "act"], "full", T0)
    assert (result.added, result.skipped) == (1, 5)
    rows = await study.export_rows(ALICE)
    assert [r.card for r in rows] == ["act"]


async def test_sets_are_capped_per_day(study, monkeypatch):
    monkeypatch.setattr("bot.study.adding.SET_CARDS_PER_DAY", 2)
    first = await study.add_set(ALICE, "full", 3, 1, 10, T0)
    assert (first.added, first.capped) == (2, 1)  # of act, dgo, abd (itt is left out: flagged)
    again = await study.add_set(ALICE, "full", 3, 1, 10, T0 + dt.timedelta(hours=1))
    assert (again.added, again.merged, again.capped) == (0, 2, 1)
    tomorrow = await study.add_set(ALICE, "full", 3, 1, 10, T0 + dt.timedelta(days=1))
    assert (tomorrow.added, tomorrow.merged) == (1, 2)
    assert "itt" not in {r.card for r in await study.export_rows(ALICE)}
    with pytest.raises(StudyError):
        await study.add_set(ALICE, "full", 1, 1, 10, T0)
    with pytest.raises(StudyError):
        await study.add_set(ALICE, "nope", 3, 1, 10, T0)


async def test_the_reminder_is_claimed_once_a_day(study):
    await study.change_settings(ALICE, remind_at="09:00", zone="Asia/Tokyo")
    await study.import_lines(ALICE, ["act"], "full", T0)
    early = dt.datetime(2026, 11, 26, 23, 30, tzinfo=dt.UTC)  # 08:30 on the 27th in Tokyo
    assert await study.to_remind(ALICE, early) is None
    on_time = early + dt.timedelta(hours=1)
    reminder = await study.to_remind(ALICE, on_time)
    assert (reminder.user_id, reminder.day, reminder.due.today) == (ALICE, dt.date(2026, 11, 27), 1)
    assert await study.claim_reminder(ALICE, reminder.day)
    assert not await study.claim_reminder(ALICE, reminder.day)
    assert await study.to_remind(ALICE, on_time + dt.timedelta(hours=2)) is None
    assert await study.reminder_times() == {ALICE: (dt.time(9), "Asia/Tokyo")}
    await study.change_settings(ALICE, remind_at="off")
    assert await study.to_remind(ALICE, on_time + dt.timedelta(days=1)) is None
    assert await study.reminder_time(ALICE) is None and await study.reminder_times() == {}


async def test_export_and_import_round_trip(study, tmp_path):
    from bot.study.transfer import to_csv
    await study.import_lines(ALICE, ["act", "dog", "stare"], "full", T0)
    for hours in (0, 1):
        card = await study.next_card(ALICE, T0 + dt.timedelta(hours=hours))
        await study.review(ALICE, card.card_id, "act cat tac dog god", 3.0, T0 + dt.timedelta(hours=hours),
                           expected_reps=card.reps)
    text = to_csv(await study.export_rows(ALICE))
    assert text.splitlines()[0].startswith("card,due,stability,difficulty,reps,lapses")
    result = await study.import_lines(BOB, text.splitlines(), "full", T0)
    assert (result.added, result.skipped) == (3, 0)
    assert to_csv(await study.export_rows(BOB)) == text
    assert (await study.import_lines(BOB, text.splitlines(), "full", T0)).merged == 3


async def test_a_review_that_fails_part_way_leaves_nothing_behind(study):
    from bot.study.schedule import CardState
    from bot.study.store import ReviewPlan

    await study.import_lines(ALICE, ["act"], "full", T0)
    card = await study.next_card(ALICE, T0)

    def plan(row):  # the card's update is fine; the review's row breaks a CHECK (its day)
        return ReviewPlan(CardState(2, None, 5.0, 5.0, T0 + dt.timedelta(days=3), T0, 1, 0), "not a day", 1.0,
                          ("act",), (), (), 3)

    with pytest.raises(Exception) as failed:
        await study.store.review(ALICE, card.card_id, 0, T0, plan)
    assert type(failed.value).__name__ in ("IntegrityError", "CheckViolationError"), failed.value
    [row] = await study.export_rows(ALICE)
    assert (row.reps, row.state, row.due) == (0, "new", None)  # the card as it was
    assert (await study.stats(ALICE, T0)).reviews_30d == 0
    again = await study.review(ALICE, card.card_id, "act cat", 2.0, T0, expected_reps=0)
    assert again.card.reps == 1


async def test_a_deck_holds_at_most_its_ceiling_and_says_how_many_were_left_out(study, monkeypatch):
    monkeypatch.setattr("bot.study.adding.MAX_DECK", 2)
    first = await study.import_lines(ALICE, ["act", "dog"], "full", T0)
    assert (first.added, first.full) == (2, 0)
    more = await study.import_lines(ALICE, ["act", "bad", "zzqx"], "full", T0)
    assert (more.added, more.merged, more.full, more.skipped) == (0, 1, 1, 1)  # act was there: merged, not left out
    assert (await study.add_set(ALICE, "full", 3, 1, 10, T0)).full >= 1
    assert len(await study.export_rows(ALICE)) == 2
    assert (await study.import_lines(BOB, ["bad"], "full", T0)).added == 1  # another player's deck is theirs
