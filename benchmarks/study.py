#!/usr/bin/env python3
"""Benchmark study (issue 34): picking the next due card in a deck of 50,000, and recording a
review, on SQLite and on PostgreSQL (a real server, pgserver).

The deck: one player's 50,000 cards (a fifth new, the rest studied, due from 60 days ago to 60
days ahead) among 9 other players' 5,000 each, made through the store as the bot makes cards.
- next card: ``Study.next_card`` (settings, today's counts, the pull of new quiz misses, the
  card) at moments spread over the due range;
- a review: ``Study.review`` of a due card (reading it, grading the typed answer, FSRS, the card
  updated and the review inserted: one transaction), one after another, each a different card.
Each against a baseline measured in the same run on the same database: a card read by its
primary key (the cheapest read the store makes), and a one-row update by primary key in its
own transaction (the cheapest write). Printed: p50 and p99 of each, and the ratios.

Goals: the next card p99 under 5 ms; a review p99 under 10 ms on both backends.

    .venv/bin/python benchmarks/study.py [--cards 50000] [--reviews 1000] [--picks 2000] [--backends sqlite postgres]
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
from bot.db import open_database  # noqa: E402
from bot.study.cards import NewCard  # noqa: E402
from bot.study.deck import Study  # noqa: E402
from bot.study.schedule import CardState  # noqa: E402
from solvers.lexicon import Lexicon  # noqa: E402

T0 = dt.datetime(2026, 11, 26, 12, tzinfo=dt.UTC)
PLAYER, OTHERS, OTHER_CARDS = 1, 9, 5_000
NEXT_GOAL, REVIEW_GOAL = 0.005, 0.010


def deck(count: int, seed: int) -> list[tuple[NewCard, CardState | None]]:
    """``count`` cards: a fifth new, the others studied with a due date within 60 days of T0."""
    rng = random.Random(seed)
    cards = []
    for k in range(count):
        card = NewCard("alphagram", "full", f"k{k:06d}", f"k{k:06d}", ("alpha", "beta"), "set")
        if k % 5 == 0:
            cards.append((card, None))
            continue
        due = T0 + dt.timedelta(minutes=rng.randint(-60 * 1440, 60 * 1440))
        cards.append((card, CardState(2, None, rng.uniform(1, 100), rng.uniform(1, 10), due,
                                      due - dt.timedelta(days=rng.randint(1, 30)), rng.randint(1, 20),
                                      rng.randint(0, 3))))
    return cards


async def fill(study: Study, cards: int) -> None:
    for user, count in [(PLAYER, cards)] + [(PLAYER + 1 + k, OTHER_CARDS) for k in range(OTHERS)]:
        made = deck(count, user)
        for start in range(0, count, 5_000):
            await study.store.add_cards(user, made[start:start + 5_000], T0)


def quantiles(times: list[float]) -> tuple[float, float]:
    return float(np.percentile(times, 50)), float(np.percentile(times, 99))


async def measure(target: str, cards: int, picks: int, reviews: int) -> dict[str, tuple[float, float]]:
    db = await open_database(target)
    try:
        study = Study(db, {"full": Lexicon("full", ["alpha", "beta"])})
        started = time.perf_counter()
        await fill(study, cards)
        print(f"    deck made: {cards + OTHERS * OTHER_CARDS:,} cards in {time.perf_counter() - started:.1f} s")
        await study.change_settings(PLAYER, new_per_day=1000, reviews_per_day=10_000)
        rng = random.Random(34)
        card_ids = [row["card_id"] for row in await study.store.all_cards(PLAYER)]
        results: dict[str, list[float]] = {"next card": [], "read by key": [], "review": [], "write by key": []}
        for k in range(picks + 50):  # the first 50 warm up
            moment = T0 + dt.timedelta(minutes=rng.randint(-60 * 1440, 60 * 1440))
            started = time.perf_counter()
            await study.next_card(PLAYER, moment)
            middle = time.perf_counter()
            await study.store.card(PLAYER, rng.choice(card_ids))
            ended = time.perf_counter()
            if k >= 50:
                results["next card"].append(middle - started)
                results["read by key"].append(ended - middle)
        now = T0
        for k in range(reviews + 20):
            now += dt.timedelta(seconds=5)
            card = await study.next_card(PLAYER, now)
            assert card is not None
            started = time.perf_counter()
            await study.review(PLAYER, card.card_id, "alpha beta" if k % 4 else "alpha", 4.0, now,
                               expected_reps=card.reps)
            middle = time.perf_counter()
            await db.write("UPDATE study_cards SET lapses = lapses WHERE card_id = ?", (rng.choice(card_ids),))
            ended = time.perf_counter()
            if k >= 20:
                results["review"].append(middle - started)
                results["write by key"].append(ended - middle)
        return {name: quantiles(times) for name, times in results.items()}
    finally:
        await db.close()


def report(kind: str, found: dict[str, tuple[float, float]]) -> None:
    for name, baseline, goal in (("next card", "read by key", NEXT_GOAL), ("review", "write by key", REVIEW_GOAL)):
        (p50, p99), (b50, b99) = found[name], found[baseline]
        verdict = "met" if p99 < goal else "MISSED"
        print(f"  {kind:<9} {name:<10} p50 {ms(p50):>8}  p99 {ms(p99):>8}  (goal p99 < {ms(goal)}: {verdict}) · "
              f"baseline {baseline}: p50 {ms(b50)}, p99 {ms(b99)} · ratio p50 {p50 / b50:.1f}x, p99 {p99 / b99:.1f}x")


def main() -> int:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--cards", type=int, default=50_000, help="the player's deck (default 50,000)")
    options.add_argument("--picks", type=int, default=2_000, help="next-card picks timed (default 2,000)")
    options.add_argument("--reviews", type=int, default=1_000, help="reviews timed (default 1,000)")
    options.add_argument("--backends", nargs="+", choices=("sqlite", "postgres"), default=["sqlite", "postgres"])
    args = options.parse_args()
    print(f"{os.cpu_count()} cores; load average before the run {os.getloadavg()[0]:.2f}")
    print(f"study: a deck of {args.cards:,} cards; {args.picks:,} next-card picks, {args.reviews:,} "
          "reviews, one at a time")
    with tempfile.TemporaryDirectory() as folder:
        if "sqlite" in args.backends:
            report("sqlite", asyncio.run(measure(str(Path(folder) / "study.sqlite3"), args.cards, args.picks,
                                                 args.reviews)))
        if "postgres" in args.backends:
            import pgserver

            Path(folder).chmod(0o755)  # run as root, pgserver's server runs as its own user
            server = pgserver.get_server(Path(folder) / "pg", cleanup_mode="delete")
            try:
                server.psql("CREATE DATABASE study;")
                report("postgres", asyncio.run(measure(server.get_uri("study"), args.cards, args.picks, args.reviews)))
            finally:
                server.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
