"""Playing the quiz in the terminal (``wordbot quiz``, ``wordbot challenge NAME``): a round or a
challenge's play as a session of ``bot.terminal_loop.play_in_terminal``, with its clock.

The clock is read as each typed line arrives (``input()`` cannot be interrupted portably): the
end of the time is noticed at the next line typed, or at /quit or Ctrl-D, and a line typed after
the time is up does not count. Typed text is never written back: new words are answers (shown
in capitals), already-found words are answers too, and words that answer nothing are counted,
never shown. ``utc_now`` is looked up at each read, so a test (and the README's examples) can fix it.
"""

from __future__ import annotations

import datetime as dt
import math
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.chat.outcome import Player
from bot.chat.words import MAX_WORDS, mentioned_guesses
from bot.daily.calendar import utc_now
from bot.daily.info import TERMINAL_GUILD_ID, TERMINAL_NAME, TERMINAL_USER_ID
from bot.days.store import BoardsStore
from bot.db import Database
from bot.icons import ACCEPTED, ALREADY_FOUND, REFUSED, SOLVED
from bot.quiz.challenge import PERFECT, Challenges, deadline
from bot.quiz.round import Question, QuizRound
from bot.quiz.store import ChallengePlay, QuizStore, RoundRecord
from bot.text import columns, long_date, plural
from solvers.quiz.challenges import Challenge, key_language
from solvers.quiz.sets import Question as SetQuestion, QuizError

TERMINAL_CHANNEL_ID = 0
"""The terminal's "channel": no Discord channel has id 0, so the store's one-round-a-channel
rule holds the terminal's rounds apart from every server's."""
PLAYER = Player(TERMINAL_USER_ID, TERMINAL_NAME, TERMINAL_GUILD_ID)
_DISCORD_EPOCH_MS = 1_420_070_400_000
HELP = ("Type the words (several at once, separated by spaces), or /board, /help, /quit (Ctrl-D ends it too).\n"
        "The clock is read as each line comes: a line typed after the time is up does not count.")


def clock(seconds: float) -> str:
    """Seconds as a clock shows them, whole seconds rounded up: ``2:00``, ``0:07``."""
    whole = max(0, math.ceil(seconds - 1e-6))
    return f"{whole // 60}:{whole % 60:02d}"


def board(questions: Sequence[tuple[str, int]]) -> str:
    """The alphagrams in capitals, each with its number of answers (left), in columns."""
    return columns([f"{alphagram.upper()} {count}" for alphagram, count in questions])


def reply(new: Sequence[str], already: Sequence[str] | int, wrong: int, more: bool) -> list[str]:
    """What a typed line did: the new words, the ones found before, how many answer nothing."""
    lines = [f"{ACCEPTED.emoji} {', '.join(w.upper() for w in new)}"] if new else []
    if isinstance(already, int):
        lines += [f"{ALREADY_FOUND.emoji} Already found: {plural(already, 'word')}."] if already else []
    elif already:
        lines.append(f"{ALREADY_FOUND.emoji} Already found: {', '.join(w.upper() for w in already)}.")
    lines += [f"{REFUSED.emoji} Not an answer: {plural(wrong, 'word')}."] if wrong else []
    return lines + ([f"Only the first {MAX_WORDS} words were read."] if more else [])


def missed_lines(missed: Sequence[tuple[str, Sequence[str]]]) -> list[str]:
    """The words missed, each alphagram (in capitals) with its words."""
    if not missed:
        return []
    words = sum(len(ws) for _, ws in missed)
    width = max(len(a) for a, _ in missed)
    return [f"Missed: {plural(words, 'word')} of {plural(len(missed), 'alphagram')}",
            *(f"  {a.upper():<{width}}  {' '.join(w.upper() for w in ws)}" for a, ws in missed)]


def _print(lines: Sequence[str]) -> None:
    for line in lines:
        print(line)


def _typed(line: str, language: str = "en") -> tuple[tuple[str, ...], bool] | None:
    """A line's words (None for a command, said here), and whether some were left out. In
    another language each word is read in its letters, with or without accents (``élève`` and
    ``eleve`` are ``eleve``; German ``käse``, ``KAESE`` is not ``käse``)."""
    if line.startswith("/") or not line:
        if line and line != "/board":
            print(HELP)
        return None
    guesses = mentioned_guesses(line, language)
    words, more = guesses.words, guesses.more
    if not words:
        print("Type the words as letters (or /help).")
        return None
    return words, more


# ---------------------------------------------------------------------------------------- rounds

@dataclass(slots=True)
class RoundSession:
    """``wordbot quiz``: the round, its end, and (once over) how it ended: ``time``, ``solved``,
    ``stopped`` (/quit, Ctrl-D) or ``elsewhere`` (another terminal round ended it)."""

    quiz: QuizRound
    ends_at: dt.datetime
    end: str = ""
    ended_at: dt.datetime | None = None
    language: str = "en"  # the list's: how typed words are read

    def left(self) -> list[tuple[str, int]]:
        return [(m.alphagram, len(m.words)) for m in self.quiz.missed()]

    def status(self, now: dt.datetime) -> str:
        found = len(self.quiz.found)
        return f"{found} of {plural(self.quiz.total, 'word')} · {clock((self.ends_at - now).total_seconds())} left"


async def start_round(db: Database, questions: Sequence[SetQuestion], *, lexicon: str, set_name: str, shown_name: str,
                      seconds: int, language: str = "en") -> RoundSession:
    """A new round for the terminal player, after ending any terminal round left running (by a
    process that was killed: nothing else could end it)."""
    store, now = QuizStore(db), utc_now()
    await BoardsStore(db).set_player_name(TERMINAL_GUILD_ID, TERMINAL_USER_ID, TERMINAL_NAME)
    for stale in await store.running(TERMINAL_CHANNEL_ID):
        await (await QuizRound.load(store, stale)).end(min(now, stale.ends_at))
        print("An earlier terminal round was still open (its program was stopped): it is ended now.")
    ends_at = now + dt.timedelta(seconds=seconds)
    round_id = (int(now.timestamp() * 1000) - _DISCORD_EPOCH_MS) << 22 | secrets.randbits(22)  # a time-based id
    record = RoundRecord(round_id, TERMINAL_GUILD_ID, TERMINAL_CHANNEL_ID, None, lexicon, set_name, seconds, now,
                         ends_at, None, TERMINAL_USER_ID)
    asked = [Question(q.alphagram, q.answers) for q in questions]
    if not await store.start_round(record, [(q.alphagram, q.answers) for q in asked]):
        raise QuizError("Another terminal round started on this database just now: let it finish, then try again.")
    session = RoundSession(QuizRound(store, record, asked), ends_at, language=language)
    session.quiz.players.add(PLAYER.id)  # the terminal player took part: what is left at the end is their miss
    print(f"Anagram quiz · {shown_name} · {plural(len(questions), 'alphagram')}, {plural(session.quiz.total, 'word')}"
          f" · time limit {clock(seconds)}")
    print(board(session.left()))
    print(HELP)
    return session


async def round_line(session: RoundSession, line: str) -> bool:
    """Act on one line typed in a round; True when the round is over."""
    now, quiz = utc_now(), session.quiz
    if now >= session.ends_at:
        print("Time's up: that line came after the time limit and does not count.")
        session.end = "time"
        return True
    if line == "/board":
        print(f"Left: {plural(len(session.left()), 'alphagram')}\n{board(session.left())}")
    if (typed := _typed(line, session.language)) is None:
        print(session.status(now))
        return False
    words, more = typed
    before = set(quiz.found)
    await quiz.credit(PLAYER, words, now)
    new = [w for w in words if w not in before and quiz.found.get(w) == PLAYER.id]
    _print(reply(new, [w for w in words if w in before], sum(w not in quiz.where for w in words), more))
    if quiz.ended:
        print("This round was ended by another terminal round on this database.")
        session.end = "elsewhere"
        return True
    print(session.status(now))
    if quiz.done:
        print(f"{SOLVED.emoji} Every word found!")
        session.end = "solved"
    return quiz.done


async def finish_round(session: RoundSession) -> None:
    """End the round (at the time limit when it has passed) and print the score and the missed words."""
    now = utc_now()
    if not session.end:
        session.end = "time" if now >= session.ends_at else "stopped"
    session.ended_at = min(now, session.ends_at)
    await session.quiz.end(session.ended_at)
    quiz = session.quiz
    why = {"time": "time's up", "solved": "every word found", "stopped": "stopped", "elsewhere": "ended elsewhere"}
    found = sum(1 for user in quiz.found.values() if user == PLAYER.id)
    print(f"Round over ({why[session.end]}). Score: {found} of {plural(quiz.total, 'word')}"
          f" ({round(100 * found / max(1, quiz.total))}%).")
    _print(missed_lines([(m.alphagram, m.words) for m in quiz.missed()]))


# ---------------------------------------------------------------------------------------- challenges

@dataclass(slots=True)
class ChallengeSession:
    """``wordbot challenge NAME``: the play, its challenge, and the words found so far."""

    challenges: Challenges
    made: Challenge
    play: ChallengePlay | None  # None: not started
    found: set[str] = field(default_factory=set)

    @property
    def started(self) -> ChallengePlay:
        assert self.play is not None
        return self.play

    @property
    def deadline(self) -> dt.datetime:
        return deadline(self.started, self.made)

    def left(self) -> list[tuple[str, int]]:
        return [(a, len(ws)) for a, ws in self.missed()]

    def missed(self) -> list[tuple[str, tuple[str, ...]]]:
        return [(q.alphagram, left) for q in self.made.questions if (left := tuple(w for w in q.answers
                                                                                  if w not in self.found))]


async def open_challenge(db: Database, date: dt.date, key: str) -> ChallengeSession:
    """The terminal player's play of a date's challenge as it stands, none started."""
    challenges = Challenges(QuizStore(db))
    made = await challenges.get(date, key, TERMINAL_GUILD_ID)
    play = await challenges.store.challenge_play(date, key, TERMINAL_GUILD_ID, TERMINAL_USER_ID)
    session = ChallengeSession(challenges, made, play)
    if play is not None:
        session.found = await challenges.store.challenge_words(date, key, TERMINAL_GUILD_ID, TERMINAL_USER_ID)
    return session


async def start_challenge(session: ChallengeSession, date: dt.date) -> ChallengeSession | None:
    """Start the play (or go on with one whose clock still runs) and show it; None when it was
    played before (its result is printed: a challenge is played once)."""
    made, store, now = session.made, session.challenges.store, utc_now()
    if session.play is not None and (session.play.finished_at is not None or now >= session.deadline):
        await finish_challenge(session, again=True)
        return None
    if not made.questions:
        raise QuizError(f"The {made.title} are the sevens and eights you missed in the seven days before the "
                        "date, in rounds and challenges: there are none yet.")
    await BoardsStore(store.db).set_player_name(TERMINAL_GUILD_ID, TERMINAL_USER_ID, TERMINAL_NAME)
    going_on = session.play is not None
    session.play = await session.challenges.start(date, made.key, TERMINAL_GUILD_ID, TERMINAL_USER_ID, now)
    words = sum(len(q.answers) for q in made.questions)
    print(f"{made.title} · {long_date(date)} · {plural(len(made.questions), 'alphagram')}, {plural(words, 'word')}"
          f" · time limit {clock(made.seconds)}")
    if going_on:
        print(f"Your clock is still running: {clock((session.deadline - now).total_seconds())} left.")
    print(board(session.left()))
    print(HELP)
    return session


async def challenge_line(session: ChallengeSession, line: str) -> bool:
    """Act on one line typed in a challenge; True when the play is over."""
    now = utc_now()
    if now >= session.deadline:
        print("Time's up: that line came after the time limit and does not count.")
        return True
    if line == "/board":
        print(f"Left: {plural(len(session.left()), 'alphagram')}\n{board(session.left())}")
    if (typed := _typed(line, key_language(session.made.key)[1])) is not None:
        answered = await session.challenges.answer(session.started, typed[0], now)
        session.found.update(answered.new)
        _print(reply(answered.new, answered.already, answered.wrong, typed[1]))
        if answered.late:
            return True
    found, total = len(session.found), session.started.words_total
    print(f"{found} of {plural(total, 'word')} · {clock((session.deadline - now).total_seconds())} left")
    if not session.missed():
        print(f"{SOLVED.emoji} Every word found!")
    return not session.missed()


async def finish_challenge(session: ChallengeSession, again: bool = False) -> None:
    """Stop the clock (once: a play finished before stays as it was) and print the result."""
    session.play = play = await session.challenges.finish(session.started, utc_now())
    session.found = await session.challenges.store.challenge_words(play.day, play.challenge, TERMINAL_GUILD_ID,
                                                                   TERMINAL_USER_ID)
    made = session.made
    mark = f" {PERFECT}" if play.words_found == play.words_total else ""
    played = "You played" if again else "Played"
    print(f"{played} {made.title} of {long_date(play.day)}: {play.words_found} of {plural(play.words_total, 'word')} "
          f"in {clock(round(play.seconds_used or 0.0))} (time limit {clock(made.seconds)}).{mark}")
    _print(missed_lines(session.missed()))
