#!/usr/bin/env python3
"""Benchmark a quiz round (issue 33): 50 players typing flat out in the round's thread.

The real bot (``create_bot``, the Message Content intent on) against SimCord's simulated Discord:
``/quiz start`` with 50 sevens (probability 1-50, 10 minutes) posts the board and opens its
thread, then 50 members type plain messages there, every player at once, round after round
(3.5 s of the bot's clock a round: 20 guess messages a minute, ``bot.chat.limits``): one answer
(40%), one wrong word of the round's letters (40%), or 2 to 3 words of both (20%). Answers are
drawn from 40 of the 50 alphagrams, so the round runs to its end of time, not to its last word.
Each message goes the whole way: the gateway event, the chat router, the round (its store's
credit: the first to type a word gets it), the reactions, the redrawn board. Latency is from a
message reaching the bot to its take returned (the credit committed); flat out it includes the
wait behind the round's other messages.

The baseline, in the same process on a fresh database of the same kind: the same messages
through ``QuizRound.take`` directly (the store, no Discord, no router), every player's message of a
round at once. Printed: messages a second, p50 and p99 of both, the ratios, the bot's requests
to Discord against its limits, and nothing lost (each message taken once, each answer typed
stored once).

    .venv/bin/python benchmarks/quiz_round.py
    .venv/bin/python benchmarks/quiz_round.py --rounds 40
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from benchmarks.timing import ms  # noqa: E402
from benchmarks.together import within_limits  # noqa: E402
from benchmarks.together_world import Run, flat_out, typist  # noqa: E402
from bot.chat.outcome import Player  # noqa: E402
from bot.db import open_database  # noqa: E402
from bot.quiz.round import Question, QuizRound  # noqa: E402
from bot.quiz.store import QuizStore, RoundRecord  # noqa: E402
from solvers.lexicon import Lexicon  # noqa: E402
from solvers.quiz.sets import question_set  # noqa: E402
from solvers.screen import is_slur  # noqa: E402

PLAYERS, QUESTIONS, TYPED_FROM = 50, 50, 40
P99_GOAL = 0.050
T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


def plans(questions: list[Question], rounds: int, seed: int = 33) -> list[list[str]]:
    """Each player's messages, from a fixed seed (see the module's docstring)."""
    rng = random.Random(seed)
    answers = sorted(w for q in questions[:TYPED_FROM] for w in q.answers)
    letters = sorted({ch for q in questions for ch in q.alphagram})
    wrong: set[str] = set()
    every = {w for q in questions for w in q.answers}
    while len(wrong) < 200:
        word = "".join(rng.choice(letters) for _ in range(7))
        if word not in every and not is_slur(word):
            wrong.add(word)
    wrong_words = sorted(wrong)

    def message() -> str:
        roll = rng.random()
        if roll < 0.4:
            return rng.choice(answers)
        if roll < 0.8:
            return rng.choice(wrong_words)
        return " ".join(rng.sample(answers + wrong_words, rng.randint(2, 3)))

    return [[message() for _ in range(rounds)] for _ in range(PLAYERS)]


async def directly(target: str, questions: list[Question], said: list[list[str]]) -> Run:
    """The same messages through QuizRound.take, each round's at once."""
    db = await open_database(target)
    store, run = QuizStore(db), Run()
    record = RoundRecord(1, 1, 10, None, "full", "7s probability 1-50", 600, T0, T0 + dt.timedelta(minutes=10), None, 1)
    await store.start_round(record, [(q.alphagram, q.answers) for q in questions])
    game = QuizRound(store, record, questions)

    async def take(player: int, text: str) -> None:
        began = time.perf_counter()
        await game.take(Player(player + 100, f"player{player}", 1), tuple(text.split()), T0)
        run.latencies.append(time.perf_counter() - began)
        run.typed[player, text] += 1
        run.taken[player, text] += 1

    began = time.perf_counter()
    for n in range(len(said[0])):
        await asyncio.gather(*(take(player, mine[n]) for player, mine in enumerate(said)))
    run.wall = time.perf_counter() - began
    run.stored = (len(await store.found(1)), 0, 0)
    await db.close()
    return run


async def through_discord(target: str, said: list[list[str]]) -> Run:
    """The same messages typed in the thread of a round started with /quiz start, in SimCord."""
    from simcord import Env  # the simulated Discord: what `wordbot run` does not import

    from bot.app import create_bot
    from bot.config import Settings

    bot = create_bot(Settings(token=None, database=target, shard_count=1, message_content=True))
    env = Env(bot)
    await env.start()
    try:
        with env.time_context():
            guild = env.create_guild("Anagram Club")
            channel = guild.create_text_channel("quiz")
            host = guild.add_member(env.create_user("host"))
            await host.slash(channel, "quiz start", questions=QUESTIONS, minutes=10, length=7, order="probability",
                             lexicon="full", **{"to": QUESTIONS})
            (thread,) = channel.threads
            members = [guild.add_member(env.create_user(f"player{n}")) for n in range(PLAYERS)]
            (record,) = await QuizStore(bot.db).running()
            run = Run(progress=f"/channels/{channel.id}/messages/{record.message_id}")
            await flat_out(env, said, typist(env, bot, thread, members, run), run)
            await env.advance_time(20)  # the last reactions and the last redraw
            run.stored = (len(await QuizStore(bot.db).found(record.round_id)), 0, 0)
            return run
    finally:
        await env.shutdown()
        await bot.db.close()


def show(label: str, run: Run, answers_typed: int) -> bool:
    p50, p99 = (np.percentile(run.latencies, q) for q in (50, 99))
    lost = []
    if run.taken != run.typed:
        lost.append(f"{(run.typed - run.taken).total()} messages not taken")
    if run.stored[0] != answers_typed:
        lost.append(f"{answers_typed} answers typed, {run.stored[0]} stored")
    print(f"  {label:<36} {len(run.latencies):>6,} messages {len(run.latencies) / run.wall:>7,.0f}/s  "
          f"p50 {ms(p50):>8}  p99 {ms(p99):>8}  {'LOST: ' + '; '.join(lost) if lost else 'nothing lost'}")
    return not lost


def main() -> int:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--rounds", type=int, default=20, help="messages per player (default 20)")
    args = options.parse_args()
    questions = [Question(q.alphagram, q.answers) for q in question_set(Lexicon.load("full"), 7, "probability", 1,
                                                                        QUESTIONS)]
    said = plans(questions, args.rounds)
    every = {w for q in questions for w in q.answers}
    answers_typed = len({w for mine in said for text in mine for w in text.split() if w in every})
    print(f"{PLAYERS} players typing flat out in a quiz round's thread · {len(questions)} sevens, "
          f"{len(every)} answers · {os.cpu_count()} cores (shared), load average {os.getloadavg()[0]:.2f} · "
          f"CPython {sys.version.split()[0]}")
    with tempfile.TemporaryDirectory(prefix="wordbot-bench-quiz-") as folder:
        base = asyncio.run(directly(str(Path(folder) / "base.sqlite3"), questions, said))
        ok = show("QuizRound.take directly (baseline)", base, answers_typed)
        ours = asyncio.run(through_discord(str(Path(folder) / "bot.sqlite3"), said))
        ok &= show("through Discord (SimCord)", ours, answers_typed)
    p99 = float(np.percentile(ours.latencies, 99))
    print(f"  ratio: p50 {np.percentile(ours.latencies, 50) / np.percentile(base.latencies, 50):.1f}x and "
          f"p99 {p99 / np.percentile(base.latencies, 99):.1f}x the baseline's")
    ok &= within_limits(ours)
    print(f"  p99 from message to stored result {ms(p99)}: goal under {ms(P99_GOAL)} "
          f"{'met' if p99 < P99_GOAL else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
