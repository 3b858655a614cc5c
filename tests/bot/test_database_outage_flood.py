"""PostgreSQL stopped and started again in the middle of a typed flood, through SimCord: players
type guesses by mention in the thread of a bee played together, before, during and after the
outage, and the test reads every message any player got and every log line.

- no player is told "something went wrong on our side": the outage is not our bug;
- those who typed while the server was down get the database-down line, privately, at most once
  a minute each (timed on SimCord's clock, from the requests the bot made);
- no guess typed while the server was down is acknowledged (no reaction), and every guess the
  bot did acknowledge is stored, when the server is back;
- the log has a warning with an error id for the outage, and no error and no traceback at all
  (asyncpg's own pool warnings included);
- once the server is back, guesses count again."""

import collections
import logging
import random

import pytest

from bot.chat.outcome import CROSS
from bot.days.team_store import TeamStore
from bot.db.outage import DATABASE_DOWN, NOTICE_SECONDS
from bot.views import APOLOGY
from tests.bot.games.bee.test_bee_discord import START, puzzle_of
from tests.bot.games.bee.test_bee_together_discord import Team
from tests.bot.games.bee.test_bee_together_flood import request_log
from tests.bot.stoppable_postgres import postgres, settings  # noqa: F401 - fixtures

PLAYERS = 16
STEP = 0.25  # simulated seconds between the clock's steps
GAPS = (8, 40)  # steps (2 s to 10 s) from a player's message to their next: inside the guess limits
PHASES = (("before", 20.0), ("down", 2 * NOTICE_SECONDS + 15), ("back", 30.0))  # simulated seconds of typing
WRONG = ("zzzz", "qqqqq")


@pytest.fixture
def team(simcord_env):
    return Team(simcord_env)


@pytest.mark.slow
async def test_a_server_restarted_mid_flood_tells_players_once_a_minute_and_loses_nothing_acknowledged(
        team, simcord_env, postgres, caplog):
    caplog.set_level(logging.INFO)
    await team.start_day()
    thread, mention = team.thread, simcord_env.bot.user.mention
    answers = sorted(puzzle_of(START).answers)
    rng = random.Random(57)
    players = [team.guild.add_member(simcord_env.create_user(f"player{n}")) for n in range(PLAYERS)]
    requests = request_log(simcord_env)
    typed = []  # (phase, player, message id, the answers in it)
    due = collections.defaultdict(list)  # step -> the players typing then
    for player in players:
        due[rng.randrange(GAPS[1])].append(player)
    step, moments = 0, {}
    for phase, seconds in PHASES:
        if phase == "down":
            postgres.stop()
        elif phase == "back":
            postgres.start()
        moments[phase] = step * STEP
        for _ in range(int(seconds / STEP)):
            for player in due.pop(step, ()):
                words = rng.sample(answers, rng.randint(1, 3)) + ([rng.choice(WRONG)] if rng.random() < 0.2 else [])
                # typed without waiting for the bot (as test_bee_together_flood's type_now): read at the next step
                message = simcord_env.backend.create_message(thread.id, player.id, f"{mention} {' '.join(words)}")
                typed.append((phase, player, message.id, [w for w in words if w in answers]))
                due[step + rng.randint(*GAPS)].append(player)
            await simcord_env.advance_time(STEP)
            step += 1
    await simcord_env.advance_time(30)  # the last reactions
    moments["end"] = step * STEP + 30

    # every private message players got, with its moment: never our apology; the database-down
    # line only, and at most once a minute for each player
    dm_of = {player.user.dm_channel.id: player for player in players}
    told = collections.defaultdict(list)  # player id -> moments the database-down line was sent
    for player in players:
        for dm in player.user.dm_channel.history():
            assert APOLOGY not in dm.content and "went wrong" not in dm.content, dm.content
            assert dm.content.startswith(DATABASE_DOWN + " (error id: "), dm.content
    for at, method, path in requests:
        parts = path.split("/")  # /channels/<id>/messages
        if method == "POST" and parts[1] == "channels" and parts[-1] == "messages" and int(parts[2]) in dm_of:
            told[dm_of[int(parts[2])].id].append(at)
    assert sum(len(player.user.dm_channel.history()) for player in players) == sum(map(len, told.values()))
    typed_while_down = {player.id for phase, player, _, _ in typed if phase == "down"}
    assert typed_while_down <= set(told) and len(typed_while_down) == PLAYERS  # every one of them was told
    for moments_told in told.values():
        assert all(b - a >= NOTICE_SECONDS for a, b in zip(moments_told, moments_told[1:], strict=False))
        assert all(moments["down"] <= at <= moments["end"] for at in moments_told)
    assert any(len(moments_told) >= 2 for moments_told in told.values())  # the outage outlasted a minute

    # nothing typed while the server was down was acknowledged; everything acknowledged is stored
    reactions = {m.id: [str(r.emoji) for r in m.reactions] for m in thread.history()}
    assert all(reactions[message_id] == [] for phase, _, message_id, _ in typed if phase == "down")
    credited = {c.word for c in await TeamStore(simcord_env.bot.db).bee_credits(team.guild.id, START)}
    acknowledged = [(phase, words) for phase, _, message_id, words in typed
                    if reactions[message_id] and reactions[message_id] != [CROSS]]
    assert {phase for phase, _ in acknowledged} == {"before", "back"}  # guesses counted before, and again after
    assert all(set(words) <= credited for _, words in acknowledged)

    # the log: warnings with error ids for the outage, never an error nor a traceback
    assert [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info] == []
    outage = [r for r in caplog.records if r.name == "bot.chat.router" and r.levelno == logging.WARNING]
    assert outage and all("[error id " in r.getMessage() for r in outage)
    assert all(f"error id {r.error_id}" in r.getMessage() for r in outage)
