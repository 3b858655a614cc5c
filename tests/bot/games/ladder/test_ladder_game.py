"""The daily word ladder over real stores: rungs judged and refused, undo, restart, solves, player_days."""

import datetime as dt

import pytest

from bot.daily.calendar import DailyCalendar
from bot.db import open_database
from bot.games.ladder import text
from bot.games.ladder.game import LadderGame, Ruling, points
from solvers.ladder import DailyLadder, Verdict
from solvers.lexicon import Lexicon
from tests.clock import Clock

DAY = dt.date(2026, 11, 23)
PUBLISHED = DailyLadder(DAY, "cold", "warm", 4, ("cold", "cord", "card", "ward", "warm"), 12, 3)
G, U = 1, 10

pytestmark = pytest.mark.both_backends


@pytest.fixture
async def game(db_target):
    db = await open_database(db_target)
    clock = Clock(dt.datetime(2026, 11, 23, 12, tzinfo=dt.UTC))
    game = LadderGame(db, Lexicon.load("common"), Lexicon.load("full"), DailyCalendar(db, clock=clock))
    await game.store.save_puzzle(PUBLISHED)
    game.test_clock = clock
    yield game
    await db.close()


async def player_day(game, user=U):
    return [tuple(row) for row in await game.store.db.fetch_all(
        "SELECT points, words, pangrams, max_points FROM player_days WHERE game = 'ladder' "
        "AND guild_id = ? AND user_id = ?", (G, user))]


def test_points_fall_by_two_a_rung_over_par():
    assert [points(n, 4) for n in range(4, 11)] == [10, 8, 6, 4, 2, 1, 1]


async def test_rungs_are_judged_one_by_one_and_refusals_say_which_rule(game):
    result = await game.play(G, U, DAY, "cord")
    assert (result.outcome, result.played, result.rungs) == (Ruling.PLAYED, ("cord",), ("cord",))
    cases = {"zzzz": Verdict.NOT_A_WORD, "cards": Verdict.WRONG_LENGTH, "cold": Verdict.REPEATED,
             "warm": Verdict.NOT_ONE_LETTER}
    for word, verdict in cases.items():
        refused = await game.play(G, U, DAY, word)
        assert (refused.outcome, refused.refused.verdict, refused.rungs) == (Ruling.REFUSED, verdict, ("cord",))
        assert len(text.play_reply(refused).splitlines()) <= 3
    assert "changes 3 letters" in text.refusal_line((await game.play(G, U, DAY, "warm")).refused, "cord")
    assert (await game.store.climb(G, DAY, U)).rungs == ("cord",)  # refusals stored nothing
    assert await player_day(game) == []


async def test_a_solve_at_par_then_a_restart_and_a_longer_one_keeps_the_best(game):
    first = await game.play(G, U, DAY, "cord card")
    game.test_clock.now += dt.timedelta(seconds=95)
    solved = await game.play(G, U, DAY, "ward warm extra")
    assert (solved.outcome, solved.unplayed, solved.best.points, solved.best.seconds) == (Ruling.SOLVED, ("extra",),
                                                                                         10, 95)
    assert first.outcome is Ruling.PLAYED and solved.announced
    assert await player_day(game) == [(10, 4, 1, 10)]
    assert (await game.play(G, U, DAY, "worm")).outcome is Ruling.ALREADY_SOLVED
    cleared, state = await game.restart(G, U, DAY)
    assert cleared == 4 and state.rungs == () and state.best.points == 10
    longer = await game.play(G, U, DAY, "bold bolt boat coat cost")  # not toward warm, all accepted
    assert longer.outcome is Ruling.PLAYED
    removed, state = await game.undo(G, U, DAY)
    assert removed == "cost" and state.rungs[-1] == "coat"
    assert await player_day(game) == [(10, 4, 1, 10)]
    assert "at par" in text.share_text(state, "@u")


async def test_hints_escalate_toward_the_published_ladder(game):
    await game.play(G, U, DAY, "cord")
    hint = await game.hint(DAY, ("cord",))
    assert (hint.rung, hint.position, hint.rungs_left) == ("card", 1, 3)
    assert [text.hint_level(hint, n) for n in (2, 3)] == ["It becomes A.", "The next rung: CARD."]
    assert "second" in text.hint_level(hint, 1)
