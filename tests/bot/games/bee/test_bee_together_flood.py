"""200 players typing in the real team bee's thread through SimCord (the Message Content intent on,
plain messages) for 10 simulated minutes, as the issue asks: answers, answers found already, wrong words, several
words at once and chatter, each player typing again every 8 to 24 seconds (a fixed seed): some 12
messages a second, most of them calling for a reaction where the thread may have 4 a second.

From the requests the bot made (SimCord's request log, timed on SimCord's clock): reactions a
quarter second apart in the thread and never more than 4 in a second, never more than 5 edits of
the progress message in 5 seconds, fewer than 50 requests in any second in all; the pacer's
waiting list reaches its bound and never passes it; every answer typed is credited exactly once,
to a player who typed it at its first instant; the final progress message shows the database's
totals.

Its cost: on this machine (2 shared cores) 10 simulated minutes (some 7,500 messages) took 21 s
alone; typing every 4 to 14 seconds (13,000 messages) took 40 to 62 s, 69 s beside three other test
workers, for the same evidence (the pacer's list full and dropping all along). The cost grows
faster than the span: each message costs the real bot a few milliseconds (its database reads and
writes run in threads), and SimCord looks through every message of the world at each step of
its clock (for polls, which this test skips: ``without_poll_scans``).

A crowd types while the bot is still busy with earlier messages, which SimCord's actors cannot do
(each waits for the bot after its message, and for the progress message's timer in real time):
``type_now`` puts a member's message into the simulated Discord as ``member.send`` does, and the
bot reads it at the next step of the clock (``advance_time``) with every other message typed at
that instant."""

import collections
import dataclasses
import math
import random

import pytest

from bot.chat.live import WINDOW_EDITS, WINDOW_SECONDS
from bot.chat.pacing import MAX_WAITING, REACTION_INTERVAL
from bot.days.team_store import BEE_TEAM, TeamStore
from solvers import bee
from solvers.screen import is_slur
from tests.bot.conftest import INTENT_ON
from tests.bot.games.bee.test_bee_discord import START, puzzle_of
from tests.bot.games.bee.test_bee_together_discord import Team

PLAYERS = 200
SPAN = 10 * 60  # simulated seconds of typing
STEP = REACTION_INTERVAL  # the clock's step: messages are typed at quarter seconds
GAPS = (32, 96)  # steps (8 s to 24 s) from a player's message to their next: inside the guess limits
KNOWN = 8  # answers the crowd knows from the start; it comes upon the others one by one
CHATTER = ("lol nice!", "good job 👍", "🐝", "https://example.com/bee", "so close...", "who got the pangram?",
           "brb 5 min", "<:bee:123456789012345678>")
EPSILON = 1e-3  # seconds: the float arithmetic of a simulated clock


@dataclasses.dataclass
class Typed:
    """The answers the crowd typed: each one's first instant, and who typed it then."""

    first: dict[str, float] = dataclasses.field(default_factory=dict)
    first_typers: dict[str, set[int]] = dataclasses.field(default_factory=lambda: collections.defaultdict(set))

    def answer(self, word: str, player_id: int, at: float) -> None:
        if self.first.setdefault(word, at) == at:
            self.first_typers[word].add(player_id)


class Crowd:
    """Each player's next message, from a fixed seed: one word (an answer, one found already, a
    wrong one), several words, or chatter. A fifth of the answers is never typed."""

    def __init__(self, puzzle, seed: int = 31) -> None:
        self.rng = random.Random(seed)
        answers = sorted(puzzle.answers)
        self.untyped = set(self.rng.sample(answers, len(answers) // 5))
        self.pool = self.rng.sample([w for w in answers if w not in self.untyped], len(answers) - len(self.untyped))
        self.answers = set(answers)
        self.wrong = []
        while len(self.wrong) < 60:
            word = "".join(self.rng.choice(puzzle.letters) for _ in range(self.rng.randint(4, 8)))
            if word not in self.answers and not is_slur(word):
                self.wrong.append(word)

    def message(self, typed: Typed, share: float) -> tuple[str, list[str]]:
        """A message's text and the answers in it, ``share`` of the span (0 to 1) in."""
        roll, rng = self.rng.random(), self.rng
        known = self.pool[:KNOWN + math.ceil((len(self.pool) - KNOWN) * share)]
        if roll < 0.35:
            return rng.choice(CHATTER), []
        if roll < 0.55:
            words = [rng.choice(known)]
        elif roll < 0.75 and typed.first:
            words = [rng.choice(sorted(typed.first))]
        elif roll < 0.9:
            words = [rng.choice(self.wrong)]
        else:
            words = rng.sample(known + self.wrong, rng.randint(2, 4))
        text = " ".join(word.upper() if rng.random() < 0.1 else word for word in words)
        return text, [w for w in words if w in self.answers]


def type_now(env, channel, member, text: str) -> None:
    """The member's message, in the simulated Discord as ``member.send`` puts it there, without
    waiting for the bot: the bot reads it at the next ``advance_time``."""
    env.backend.create_message(channel.id, member.id, text)


def without_poll_scans(env) -> None:
    """SimCord looks through every message of the world for a poll to expire at each step of its
    clock, a third of this test's time by the end (13,000 messages). Nothing here makes a poll, so
    the test skips that scan, and checks at its end that no message of the world holds a poll."""
    env.backend.expire_due_polls = lambda: None
    env.backend.next_poll_deadline = lambda: None


def no_polls(env) -> bool:
    return not any(message.poll for messages in env.backend.messages.values() for message in messages.values())


def request_log(env) -> list[tuple[float, str, str]]:
    """(simulated second, method, path) of each request the bot makes from now on."""
    log, start, real = [], env.now(), env.bot.http.request

    async def request(route, **kwargs):
        log.append(((env.now() - start).total_seconds(), route.method, route.url.removeprefix(route.BASE)))
        return await real(route, **kwargs)

    env.bot.http.request = request
    return log


def most_within(moments: list[float], seconds: float) -> int:
    """The most of ``moments`` (in order) that fall within any ``seconds`` (less EPSILON)."""
    most, first = 0, 0
    for last, moment in enumerate(moments):
        while moment - moments[first] > seconds - EPSILON:
            first += 1
        most = max(most, last - first + 1)
    return most


@pytest.mark.slow
@INTENT_ON
async def test_two_hundred_players_type_in_the_thread_for_minutes(simcord_env):
    team = Team(simcord_env)
    await team.start_day()
    thread, progress = team.thread, team.progress()
    puzzle, typed = puzzle_of(START), Typed()
    crowd = Crowd(puzzle)
    players = [team.guild.add_member(simcord_env.create_user(f"player{n}")) for n in range(PLAYERS)]
    log, pacer = request_log(simcord_env), simcord_env.bot.chat.pacer
    without_poll_scans(simcord_env)
    due = collections.defaultdict(list)  # step -> the players typing then
    for player in players:
        due[crowd.rng.randrange(GAPS[1])].append(player)

    for step in range(int(SPAN / STEP)):
        for player in due.pop(step, ()):
            text, answers = crowd.message(typed, step * STEP / SPAN)
            type_now(simcord_env, thread, player, text)
            for word in answers:
                typed.answer(word, player.id, step * STEP)
            due[step + crowd.rng.randint(*GAPS)].append(player)
        await simcord_env.advance_time(STEP)
    await simcord_env.advance_time(MAX_WAITING * REACTION_INTERVAL + WINDOW_SECONDS)  # the last reactions and edit

    assert no_polls(simcord_env)  # so skipping SimCord's scan for them changed nothing
    # Discord's limits, from the requests the bot made (the same requests as SimCord's log)
    assert [(m, p) for _, m, p in log] == [(r.method, r.path) for r in simcord_env.http_requests[-len(log):]]
    reactions = [at for at, method, path in log if method == "PUT" and "/reactions/" in path]
    edits = [at for at, method, path in log if method == "PATCH"
             and path == f"/channels/{thread.id}/messages/{progress.id}"]
    assert len(reactions) > 0.9 * SPAN / REACTION_INTERVAL and len(edits) > SPAN / 30  # busy all along
    assert all(path.startswith(f"/channels/{thread.id}/messages/") for _, method, path in log if method == "PUT")
    assert min(b - a for a, b in zip(reactions, reactions[1:], strict=False)) >= REACTION_INTERVAL - EPSILON
    assert most_within(reactions, 1.0) == 1 / REACTION_INTERVAL
    assert max(collections.Counter(math.floor(at) for at in reactions).values()) == 1 / REACTION_INTERVAL
    assert most_within(edits, WINDOW_SECONDS) <= WINDOW_EDITS
    assert most_within([at for at, _, _ in log], 1.0) < 50  # Discord's limit for a bot in all
    # in public, nothing but reactions, edits and the ranks reached; nobody was told to slow down
    posts = [path for _, method, path in log if method == "POST"]
    assert set(posts) == {f"/channels/{thread.id}/messages"} and len(posts) <= 2

    # the waiting list reached its bound and never passed it; nothing waits now
    assert pacer.most_waiting == MAX_WAITING and pacer.dropped > 0 and pacer.idle and pacer.failed == 0

    # every answer typed is credited exactly once, to a player who typed it at its first instant
    store = TeamStore(simcord_env.bot.db)
    credits = await store.bee_credits(team.guild.id, START)
    assert len(credits) == len({c.word for c in credits}) == len(typed.first) > KNOWN
    assert {c.word for c in credits} == set(typed.first) and not crowd.untyped & set(typed.first)
    assert all(c.user_id in typed.first_typers[c.word] for c in credits)
    assert all(c.points == bee.score(c.word, puzzle) and c.pangram == (c.word in puzzle.pangrams) for c in credits)
    points = sum(c.points for c in credits)
    (total,) = await store.team_totals(BEE_TEAM, team.guild.id, START, START)
    assert (total.words, total.points) == (len(credits), points)

    # the final progress message shows the database's totals
    shown = team.progress().embeds[0].description
    head = shown.splitlines()[0]
    assert head.startswith(f"Words {len(credits)}/{len(puzzle.answers)} · points {points}/{puzzle.max_score} · ")
    assert head.endswith(f" · pangrams {sum(c.pangram for c in credits)}/{len(puzzle.pangrams)}")
    assert all(f"||{c.word}||" in shown for c in credits) and not any(f"||{w}||" in shown for w in crowd.untyped)
    (top, words, top_points), *_ = await store.finders(BEE_TEAM, team.guild.id, START, START)
    assert f"Top finders: <@{top}> {words} words ({top_points} points)" in shown
