"""``wordbot quiz`` (a round of alphagrams against the clock) and ``wordbot challenge`` (the day's
challenges: list them, or play one once), in the terminal, saved in the database as the bot
saves them (the terminal player, ``bot.daily.info``). The play itself: ``bot.quiz.terminal_play``.

With ``--json`` the play is written to standard error and the result alone, as JSON, to
standard output, so ``wordbot quiz --json > result.json`` keeps the round's record.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import datetime as dt
import json
import random
import sys
from collections.abc import Iterator

from bot.cli import CommandLine, calendar_date, load_lexicon
from bot.cli_db import database_given
from bot.db import Database
from bot.quiz.challenge import PERFECT, challenge_keys, key_language, language_key, titled
from bot.quiz.store import ChallengePlay
from bot.quiz.terminal_play import (
    ChallengeSession,
    RoundSession,
    challenge_line,
    clock,
    finish_challenge,
    finish_round,
    open_challenge,
    round_line,
    start_challenge,
    start_round,
    utc_now,
)
from bot.terminal_loop import play_in_terminal
from bot.text import long_date, plural
from solvers.lexicon import Lexicon
from solvers.quiz.challenges import KEYS, Challenge, challenge, challenge_lexicon, common_lexicon, toughies_challenge
from solvers.quiz.sets import MAX_LENGTH, MIN_LENGTH, Question, QuizError, question_set, set_size
from solvers.quiz.table import ORDERS
from solvers.screen import may_repeat

USER_ERRORS = (QuizError,)
MAX_QUESTIONS, MAX_SECONDS = 50, 3600
FIRST_DAY = dt.date(2000, 1, 1)
QUIZ_HELP = "an anagram quiz round in the terminal: alphagrams to solve against the clock"
CHALLENGE_HELP = "the daily anagram challenges: list a day's, or play one (saved in the database)"


def add_commands(cli: CommandLine) -> None:
    quiz = cli.add("quiz", cmd_quiz, help=QUIZ_HELP, parents=[cli.lexicon("full"), cli.language, cli.json],
                   description=(
        "A round of anagram questions, typed: every word of the list with each alphagram's letters. The time is "
        "checked as each line is typed (a line after the limit does not count). Example: wordbot quiz --length 7 "
        "--questions 10 --seconds 120 (--language fr: a French round, by the French bag's probabilities)"))
    quiz.add_argument("--length", type=int, default=7, metavar="N",
                      help=f"word length ({MIN_LENGTH}-{MAX_LENGTH}, default 7)")
    quiz.add_argument("--questions", type=int, default=25, metavar="N",
                      help=f"alphagrams in the round (1-{MAX_QUESTIONS}, default 25)")
    quiz.add_argument("--seconds", type=int, default=240, metavar="S",
                      help=f"time limit (1-{MAX_SECONDS}, default 240)")
    quiz.add_argument("--order", choices=ORDERS, default="probability",
                      help="probability (most probable first, default), common (most common first) or random")
    quiz.add_argument("--from", dest="first", type=int, default=1, metavar="RANK",
                      help="first rank of the set (default 1)")
    quiz.add_argument("--to", dest="last", type=int, metavar="RANK",
                      help="last rank: with a range larger than --questions, that many are drawn from it at random "
                           "(default: --questions ranks from --from, in order)")
    command = cli.add("challenge", cmd_challenge, help=CHALLENGE_HELP, parents=[cli.database, cli.language, cli.json],
                      description=(
        "The day's challenges, the same everywhere: without NAME, each with its alphagrams, time limit and your "
        "result; with NAME, play it (once a day: the clock starts at once, and a second run shows the result). "
        "--language fr lists and plays the day's challenges drawn from the French lists (each language's plays "
        "apart)."))
    command.add_argument("--date", type=calendar_date, help="YYYY-MM-DD (default: today, local time)")
    command.add_argument("name", nargs="?", metavar="NAME",
                         help=f"the challenge to play: {', '.join(challenge_keys())}")


@contextlib.contextmanager
def _play_output(as_json: bool) -> Iterator[None]:
    """With --json, the play goes to standard error (standard output is the JSON's)."""
    if not as_json:
        yield
        return
    with contextlib.redirect_stdout(sys.stderr):
        yield


# ---------------------------------------------------------------------------------------- wordbot quiz

def cmd_quiz(args: argparse.Namespace) -> int:
    _within("--questions", args.questions, 1, MAX_QUESTIONS)
    _within("--seconds", args.seconds, 1, MAX_SECONDS)
    lexicon = load_lexicon(args)
    questions, set_name = _round_questions(lexicon, args)
    list_name = lexicon.name if may_repeat(lexicon.name, show_flagged=True) else None
    sessions: list[RoundSession] = []

    async def start(db: Database) -> RoundSession:
        sessions.append(await start_round(db, questions, lexicon=lexicon.name, set_name=set_name, seconds=args.seconds,
                                          shown_name=f"{set_name.replace(' ', ' · ', 1)} · lexicon "
                                                     f"{list_name or 'yours'}", language=lexicon.language))
        return sessions[0]

    with _play_output(args.json):
        code = play_in_terminal(args, start, round_line, finish_round)
    if args.json and sessions and sessions[0].ended_at is not None:
        print(json.dumps(_round_json(sessions[0], list_name)))
    return code


def _within(option: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise QuizError(f"{option} is {low} to {high}; {value} is out of range.")


def _round_questions(lexicon: Lexicon, args: argparse.Namespace) -> tuple[list[Question], str]:
    """The round's questions and its set's name (``7s probability 1-25``): ranks ``--from``
    on, or ``--questions`` of them drawn from the range ``--from``-``--to``."""
    last = args.first + args.questions - 1 if args.last is None else args.last
    chosen = question_set(lexicon, args.length, args.order, args.first, last, show_flagged=True,
                          seed=random.randrange(2**32))
    size = set_size(lexicon, args.length, show_flagged=True)
    if not chosen:
        if not size:
            raise QuizError(f"This list has no {args.length}-letter words: pick another --length.")
        raise QuizError(f"The {args.length}-letter set of this list has {plural(size, 'alphagram')}: "
                        f"--from is {size:,} at most.")
    if len(chosen) > args.questions:
        chosen = sorted(random.sample(chosen, args.questions), key=lambda q: q.rank)
    return chosen, f"{args.length}s {args.order} {args.first}-{min(last, size)}"


def _round_json(session: RoundSession, list_name: str | None) -> dict:
    quiz, record = session.quiz, session.quiz.record
    assert session.ended_at is not None
    return {"set": record.set_name, "lexicon": list_name, "seconds": record.seconds,
            "seconds_used": round((session.ended_at - record.started_at).total_seconds(), 1), "end": session.end,
            "words_found": len(quiz.found), "words_total": quiz.total,
            "questions": [{"alphagram": q.alphagram, "answers": list(q.answers), "found": list(quiz.solved(k))}
                          for k, q in enumerate(quiz.questions)],
            "missed": [{"alphagram": m.alphagram, "words": list(m.words)} for m in quiz.missed()]}


# ---------------------------------------------------------------------------------------- wordbot challenge

def cmd_challenge(args: argparse.Namespace) -> int:
    date = args.date or dt.date.today()
    if date < FIRST_DAY:
        raise QuizError(f"Daily challenges start on {FIRST_DAY.isoformat()}; pick a later date.")
    if args.name is None:
        return _list(args, date)
    key = args.name.strip().lower()
    if key not in challenge_keys():
        raise QuizError(f"A challenge is one of {', '.join(challenge_keys())}.")
    key = language_key(key, args.language)  # 7s-fr: each language's plays apart
    sessions: list[ChallengeSession] = []

    async def start(db: Database) -> ChallengeSession | None:
        sessions.append(await open_challenge(db, date, key))
        return await start_challenge(sessions[0], date)

    with _play_output(args.json):
        code = play_in_terminal(args, start, challenge_line, finish_challenge)
    if args.json and sessions and (play := sessions[0].play) is not None and play.finished_at is not None:
        print(json.dumps(_challenge_json(sessions[0], play)))
    return code


def _challenge_json(session: ChallengeSession, play: ChallengePlay) -> dict:
    return {"date": play.day.isoformat(), "challenge": play.challenge, "title": session.made.title,
            "seconds": session.made.seconds, "seconds_used": round(play.seconds_used or 0.0, 1),
            "words_found": play.words_found, "words_total": play.words_total,
            "perfect": play.words_found == play.words_total, "found": sorted(session.found),
            "missed": [{"alphagram": a, "words": list(words)} for a, words in session.missed()]}


def _list(args: argparse.Namespace, date: dt.date) -> int:
    """The date's challenges, each with the terminal player's state (read from the database
    when there is one; none is made for a look)."""
    from bot.cli_db import run_with_database

    async def read(db: Database) -> list[tuple[Challenge, ChallengePlay | None]]:
        return [(opened.made, opened.play) for opened in [await open_challenge(db, date, key)
                                                          for key in challenge_keys(args.language)]]

    if database_given(args):
        rows = run_with_database(args, read, must_exist=True)
    else:
        lexicon = challenge_lexicon(args.language)
        common = common_lexicon(args.language)
        made = [challenge(date, key, lexicon, common) for key in KEYS] + [toughies_challenge({}, lexicon)]
        rows = [(dataclasses.replace(one, title=titled(one.title, args.language)), None) for one in made]
    now = utc_now()
    if args.json:
        print(json.dumps({"date": date.isoformat(), "challenges": [_row_json(made, play, now) for made, play in rows]}))
        return 0
    print(f"Daily challenges · {long_date(date)}")
    width = max(16, *(len(made.title) for made, _ in rows))  # another language's titles say it
    for made, play in rows:
        words = sum(len(q.answers) for q in made.questions)
        print(f"  {key_language(made.key)[0]:<9} {made.title:<{width}} "
              f"{plural(len(made.questions), 'alphagram'):>14} · {plural(words, 'word'):>9} · "
              f"{clock(made.seconds)} · {_state(made, play, now)[1]}")
    when = ("" if args.date is None else f" --date {date.isoformat()}") + (
        "" if args.language == "en" else f" --language {args.language}")
    print(f"Play one: wordbot challenge{when} NAME (the clock starts at once; each is played once a day).")
    return 0


def _state(made: Challenge, play: ChallengePlay | None, now: dt.datetime) -> tuple[str, str]:
    """The terminal player's state of a challenge: its name in JSON, and in words."""
    if play is None:
        return ("not played", "not played") if made.questions else ("empty", "none yet: made from your misses")
    result = f"{play.words_found} of {plural(play.words_total, 'word')}"
    if play.finished_at is not None:
        return "finished", f"{result} in {clock(round(play.seconds_used or 0.0))}" + (
            f" {PERFECT}" if play.words_found == play.words_total else "")
    left = (play.started_at + dt.timedelta(seconds=made.seconds) - now).total_seconds()
    return ("playing", f"playing: {clock(left)} left") if left > 0 else ("time up", f"time's up: {result}")


def _row_json(made: Challenge, play: ChallengePlay | None, now: dt.datetime) -> dict:
    return {"key": key_language(made.key)[0], "title": made.title, "alphagrams": len(made.questions),
            "words": sum(len(q.answers) for q in made.questions), "seconds": made.seconds,
            "state": _state(made, play, now)[0], "words_found": play.words_found if play else None,
            "seconds_used": round(play.seconds_used, 1) if play and play.seconds_used is not None else None}
