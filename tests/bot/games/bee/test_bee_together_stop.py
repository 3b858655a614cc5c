"""SIGTERM during a burst of typed guesses in the bee played together (issue 35), through the
handler the signal calls: the guesses already taken get their reactions before the bot goes, no
acknowledged guess is lost (each is in the database the next run opens), and a guess sent while
the bot stops is not taken: its player is told privately to try again in a minute."""

import signal

from bot.days.team_store import TeamStore
from bot.shutdown import RESTARTING
from tests.bot.games.bee.test_bee_discord import START, puzzle_of
from tests.bot.games.bee.test_bee_together_discord import mention, team  # noqa: F401
from tests.bot.games.bee.test_bee_together_flood import type_now


async def test_sigterm_mid_burst_keeps_every_acknowledged_guess(team, simcord_env, new_bot):
    puzzle = puzzle_of(START)
    words = sorted(puzzle.answers)
    me, bot = mention(simcord_env), simcord_env.bot
    players = [team.alice, team.bob]
    for n, word in enumerate(words[:8]):  # a burst: all eight come before the bot has read one
        type_now(simcord_env, team.thread, players[n % 2], f"{me} {word}")
    assert len(bot.stopper.in_flight) >= 8

    bot.stopper.signalled(signal.SIGTERM)  # what SIGTERM (or Ctrl-C) calls
    type_now(simcord_env, team.thread, team.alice, f"{me} {words[8]}")  # comes while the bot stops
    await simcord_env.advance_time(5.0)  # within the grace period: the burst is taken, its reactions go out
    await bot.close()  # waits for the stop the signal began
    assert bot.is_closed() and not bot.stopper.in_flight

    typed = [m for m in team.thread.history() if m.content.startswith(me)]
    (late,) = [m for m in typed if m.content == f"{me} {words[8]}"]
    burst = [m for m in typed if m is not late]
    assert len(burst) == 8
    acknowledged = [message for message in burst if team.reactions(message)]
    assert acknowledged == burst and team.reactions(late) == []
    assert RESTARTING in [notice.content for notice in team.alice.user.dm_channel.history()]
    await simcord_env.restart_bot(new_bot())
    credits = await TeamStore(simcord_env.bot.db).bee_credits(team.guild.id, START)
    assert {(c.word, c.user_id) for c in credits} == {(word, players[n % 2].id) for n, word in enumerate(words[:8])}
