"""Letter Boxed played together, over a real database (both backends): one chain for the server
built by several players, the undo and restart rules, the team's best solve and who played it."""

import asyncio
import datetime as dt

import pytest

from bot.daily.calendar import DailyCalendar
from bot.daily.play import Day
from bot.daily.schedule import Play
from bot.db import open_database
from bot.games.letterbox.game import LETTERBOX, LetterBoxedGame, Ruling
from bot.games.letterbox.together import BoxTeam
from bot.games.together.chain import Command
from solvers import letterbox
from solvers.lexicon import Lexicon
from tests.bot.games.letterbox.test_letterbox_game import DAY, PUBLISHED
from tests.clock import Clock

G = 1
ANN, BO, CY, MOD = 10, 20, 30, 99


@pytest.fixture
async def team(db_target):
    db = await open_database(db_target)
    clock = Clock(dt.datetime(2026, 11, 23, 12, tzinfo=dt.UTC))
    game = LetterBoxedGame(db, Lexicon.load("common"), Lexicon.load("full"), DailyCalendar(db, clock=clock))
    await game.store.save_puzzle(PUBLISHED)
    yield BoxTeam(game), clock
    await db.close()


DAY_OF = Day(LETTERBOX, G, DAY, Play.TOGETHER, None, frozenset())


def three_words():
    """A three-word solution of the day's box, found by the solver."""
    solved = letterbox.solve(Lexicon.load("full").without_vulgar(), PUBLISHED.box, limit=200, seconds=None)
    return next(s.words for s in solved.solutions if len(s.words) == 3)


async def test_three_players_build_one_chain_and_the_solve_names_them(team):
    team, _ = team
    words = three_words()
    for player, word in zip((ANN, BO, CY), words, strict=True):
        played = await team.play(DAY_OF, player, [word])
        assert played.result.played == (word,)
    assert played.solved and played.players == (ANN, BO, CY)
    progress = await team.progress(G, DAY)
    assert progress.chain.words == words and progress.letters_left == ""
    assert progress.chain.best.words == words and progress.chain.best.players == (ANN, BO, CY)
    solo = await team.game.store.db.fetch_one("SELECT COUNT(*) FROM player_days WHERE game = 'letterbox'")
    assert solo[0] == 0  # the team's day never enters a player's own score


async def test_a_refused_word_keeps_the_words_before_it_and_the_chain(team):
    team, _ = team
    first, second = PUBLISHED.solution
    played = await team.play(DAY_OF, ANN, [first, "zzzz", second])
    assert played.result.outcome is Ruling.REFUSED and played.result.chain == (first,)
    assert (await team.progress(G, DAY)).chain.players == (ANN,)


async def test_undo_is_for_the_words_player_or_a_moderator(team):
    team, _ = team
    first, second = three_words()[:2]
    await team.play(DAY_OF, ANN, [first])
    await team.play(DAY_OF, BO, [second])
    refused = await team.undo(DAY_OF, ANN, moderator=False)
    assert refused.command is Command.NOT_YOURS and refused.owner == BO
    assert (await team.undo(DAY_OF, BO, moderator=False)).word == second
    assert (await team.undo(DAY_OF, MOD, moderator=True)).word == first  # ann's word, by a moderator
    assert (await team.undo(DAY_OF, ANN, moderator=False)).command is Command.NOTHING_TO_UNDO
    assert (await team.progress(G, DAY)).chain.words == ()


async def test_restart_needs_a_moderator_or_two_players_within_a_minute(team):
    team, clock = team
    first = PUBLISHED.solution[0]
    await team.play(DAY_OF, ANN, [first])
    assert (await team.restart(DAY_OF, ANN, moderator=False)).command is Command.RESTART_ASKED
    assert (await team.restart(DAY_OF, ANN, moderator=False)).command is Command.RESTART_ASKED  # the same player again
    clock.now += dt.timedelta(seconds=61)
    assert (await team.restart(DAY_OF, BO, moderator=False)).command is Command.RESTART_ASKED  # ann's ask is too old
    clock.now += dt.timedelta(seconds=30)
    done = await team.restart(DAY_OF, CY, moderator=False)
    assert done.command is Command.RESTARTED and done.cleared == 1
    await team.play(DAY_OF, ANN, [first])
    by_moderator = await team.restart(DAY_OF, MOD, moderator=True)
    assert by_moderator.command is Command.RESTARTED and (await team.progress(G, DAY)).chain.words == ()


async def test_a_restart_keeps_the_best_solve_and_only_a_shorter_one_replaces_it(team):
    team, _ = team
    longer = three_words()
    for player, word in zip((ANN, BO, CY), longer, strict=True):
        await team.play(DAY_OF, player, [word])
    await team.restart(DAY_OF, MOD, moderator=True)
    assert (await team.progress(G, DAY)).chain.best.words == longer
    await team.play(DAY_OF, BO, list(PUBLISHED.solution))
    best = (await team.progress(G, DAY)).chain.best
    assert best.words == PUBLISHED.solution and best.players == (BO, BO)


async def test_players_playing_at_once_extend_the_chain_one_after_another(team):
    team, _ = team
    first, second = PUBLISHED.solution
    plays = await asyncio.gather(team.play(DAY_OF, ANN, [first]), team.play(DAY_OF, BO, [first]))
    chains = sorted(len(p.result.chain) for p in plays)
    assert chains[0] == 1  # one of them started the chain; the other's word came after it (refused or played)
    assert (await team.progress(G, DAY)).chain.words[0] == first
    assert second  # the published pair is two words
