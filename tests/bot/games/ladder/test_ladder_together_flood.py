"""200 players typing in the team ladder's thread through SimCord (the Message Content intent on,
plain messages), the bee's flood test in short (``tests/bot/games/bee/test_bee_together_flood.py``:
its helpers, its limits): 40 simulated seconds of the published ladder's rungs in any order, words
of the day's length that are no rung, several words at once, ``undo`` and chatter, each player
typing again every 4 to 14 seconds (a fixed seed). Some 900 messages: a few seconds of real time.

From the requests the bot made: reactions a quarter second apart and never more than 4 in a
second, never more than 5 edits of the progress message in 5 seconds, fewer than 50 requests in
any second in all, nothing said in the thread but the solve; the team's climb in the database is
a ladder (every rung accepted by ``check_rung`` after the one before) and the final progress
message shows it."""

import collections
import random

from bot.chat.live import WINDOW_EDITS, WINDOW_SECONDS
from bot.chat.pacing import MAX_WAITING, REACTION_INTERVAL
from solvers import ladder
from solvers.lexicon import Lexicon
from tests.bot.conftest import INTENT_ON
from tests.bot.games.bee.test_bee_together_flood import (
    EPSILON,
    most_within,
    no_polls,
    request_log,
    type_now,
    without_poll_scans,
)
from tests.bot.games.ladder.test_ladder_discord import DAY
from tests.bot.games.ladder.test_ladder_together_discord import RUNGS, LadderClub

PLAYERS = 200
SPAN = 40  # simulated seconds of typing
STEP = REACTION_INTERVAL
GAPS = (16, 56)  # steps (4 s to 14 s) from a player's message to their next
CHATTER = ("lol nice!", "good job 👍", "🪜", "https://example.com/ladder", "so close...", "brb 5 min")


def crowd_message(rng: random.Random, others: list[str]) -> str:
    roll = rng.random()
    if roll < 0.55:
        return rng.choice(RUNGS)
    if roll < 0.75:
        return rng.choice(others)  # a word of the day's length, seldom a rung
    if roll < 0.85:
        return " ".join(rng.sample(RUNGS, 2))
    if roll < 0.9:
        return "undo"
    return rng.choice(CHATTER)


@INTENT_ON
async def test_two_hundred_players_type_in_the_ladders_thread(simcord_env):
    club = LadderClub(simcord_env)
    await club.start(ladder="together")
    thread, rng = club.thread(), random.Random(45)
    accepted = Lexicon.load("full").without_vulgar()
    others = sorted(w for w in ladder.graph_of(accepted, DAY.length).position if w not in DAY.ladder)[:300]
    players = [club.guild.add_member(simcord_env.create_user(f"player{n}")) for n in range(PLAYERS)]
    log = request_log(simcord_env)
    without_poll_scans(simcord_env)
    due = collections.defaultdict(list)
    for player in players:
        due[rng.randrange(GAPS[1])].append(player)
    for step in range(int(SPAN / STEP)):
        for player in due.pop(step, ()):
            type_now(simcord_env, thread, player, crowd_message(rng, others))
            due[step + rng.randint(*GAPS)].append(player)
        await simcord_env.advance_time(STEP)
    await simcord_env.advance_time(MAX_WAITING * REACTION_INTERVAL + WINDOW_SECONDS)  # the last reactions and edit

    assert no_polls(simcord_env)
    reactions = [at for at, method, _ in log if method == "PUT"]
    edits = [at for at, method, _ in log if method == "PATCH"]
    assert len(reactions) > 0.8 * SPAN / REACTION_INTERVAL and edits  # busy all along
    assert min(b - a for a, b in zip(reactions, reactions[1:], strict=False)) >= REACTION_INTERVAL - EPSILON
    assert most_within(reactions, 1.0) <= 1 / REACTION_INTERVAL
    assert most_within(edits, WINDOW_SECONDS) <= WINDOW_EDITS
    assert most_within([at for at, _, _ in log], 1.0) < 50  # Discord's limit for a bot in all
    said = club.said()
    assert all(line.startswith("The team climbed today's ladder") for line in said)  # refusals never in the thread
    climb = await club.climb()
    before = DAY.start
    for n, rung in enumerate(climb.words):
        assert ladder.check_rung(accepted, (DAY.start, *climb.words[:n]), rung).ok, (before, rung)
        before = rung
    shown = club.progress().description
    assert all(f"||{rung.upper()}||" in shown for rung in climb.words)
