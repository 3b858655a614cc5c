"""The words of a quiz round in a channel (no Discord here): the set a round asks and how the
next round goes on, the board's lines, the end's scores and missed words, the private lines.

**Which questions a round asks.** A round asks ``per_round`` alphagrams of a set (one word
length of a list, in an order) within a range of ranks, ``first..last`` (all of the set by
default). As in WordWalls, the questions are taken in order: the first round asks ranks
``first`` to ``first + per_round - 1``, and **Next round** goes on with the ranks after it;
once the range is used up, it starts again at ``first``. The random order is a seeded shuffle,
so every round of one range walks the same shuffle. **Missed only** asks the alphagrams left
unsolved again, and a Next round after it goes on where its set had got to.

The set is stored with the round as its name (``RoundSet.name``: ``7s probability 1-500,
26-50 (25 a round)``), read back by ``parse_set``, so the buttons of an end message know the
next round after a restart too.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from bot.text import plural

ORDERS = ("probability", "common", "random")
MIN_QUESTIONS, MAX_QUESTIONS, DEFAULT_QUESTIONS = 1, 50, 25
MIN_MINUTES, MAX_MINUTES, DEFAULT_MINUTES = 1, 10, 4
MIN_LENGTH, MAX_LENGTH, DEFAULT_LENGTH = 2, 15, 7
MAX_RANK = 1_000_000
DESCRIPTION_CHARS = 4096  # an embed's description
MAX_SCORES = 30  # players named in the scores (the rest counted)
END_LINES = 20  # the end message in a channel fits a phone screen; the full list of misses goes to the thread
END_SCORES = 8  # players named there
MAX_DECKS = 8  # players named in the line of study decks (the rest counted)
HOW_TO_ANSWER = "Type answers in the thread, mention me with them here, or press **Answer**."
MISSED_EMPTY = "Nothing was missed: there is nothing to ask again."

_NAME = re.compile(r"(?P<length>\d+)s (?P<order>[a-z]+)(?: seed (?P<seed>\d+))? (?P<first>\d+)-(?P<last>\d+), "
                   r"(?P<start>\d+)-(?P<end>\d+) \((?P<per>\d+) a round\)(?P<missed>, missed)?")


@dataclass(frozen=True, slots=True)
class RoundSet:
    """What a round asks: ``length``-letter alphagrams in ``order`` (``seed``: the random order's
    shuffle), the range ``first..last``, this round's ranks ``start..end``, how many a round
    asks, and whether it asks the missed alphagrams of those ranks again."""

    length: int
    order: str
    first: int
    last: int
    start: int
    end: int
    per_round: int
    seed: int = 0
    missed: bool = False

    @property
    def name(self) -> str:
        seed = f" seed {self.seed}" if self.order == "random" else ""
        return (f"{self.length}s {self.order}{seed} {self.first}-{self.last}, {self.start}-{self.end} "
                f"({self.per_round} a round)" + (", missed" if self.missed else ""))

    def following(self, size: int) -> RoundSet:
        """The next round: the ranks after this one's, or from ``first`` again once the range (or
        the set, ``size`` alphagrams now) is used up."""
        last = min(self.last, size)
        start = self.end + 1 if self.end < last else self.first
        return replace(self, start=start, end=min(start + self.per_round - 1, last), missed=False)

    def missed_again(self) -> RoundSet:
        return replace(self, missed=True)


def first_round(length: int, order: str, first: int, last: int, per_round: int, seed: int) -> RoundSet:
    return RoundSet(length, order, first, last, first, min(first + per_round - 1, last), per_round, seed)


def parse_set(name: str) -> RoundSet | None:
    """The set a round's stored name says, or None (a round from the terminal, say)."""
    match = _NAME.fullmatch(name)
    if match is None or match["order"] not in ORDERS:
        return None
    n = {key: int(value) for key, value in match.groupdict().items() if value and value.isdigit()}
    return RoundSet(n["length"], match["order"], n["first"], n["last"], n["start"], n["end"], n["per"],
                    n.get("seed", 0), bool(match["missed"]))


def range_error(length: int, size: int, first: int, last: int | None) -> str | None:
    """What is wrong with the range asked for a set of ``size`` alphagrams, or None."""
    if size == 0:
        return f"That list has no {length}-letter words to ask. Try another length or list."
    if last is not None and last < first:
        return f"The range ends before it starts: from {first} to {last}. Give to: at or after from:."
    if first > size:
        return (f"The {length}s of that list are {plural(size, 'alphagram')}: from {first} is past the end. "
                f"Give from: between 1 and {size}.")
    return None


def title(spec: RoundSet | None, lexicon: str) -> str:
    """The round's name on its board and messages: ``7s · probability 1–25 · full``."""
    if spec is None:
        return f"Quiz · {lexicon}"
    asked = "missed of " if spec.missed else ""
    return f"{spec.length}s · {spec.order} {asked}{spec.start}–{spec.end} · {lexicon}"


def board_content(name: str, started_by: int, ends_at: int, questions: int) -> str:
    """The board's message while the round runs (``ends_at``: a Unix time, shown as a countdown)."""
    return (f"**Anagram quiz** · {name} · {plural(questions, 'alphagram')} · started by <@{started_by}>\n"
            f"Time's up <t:{ends_at}:R>. {HOW_TO_ANSWER}")


def paused_content(name: str, left: float) -> str:
    return (f"**Anagram quiz** · {name}\nPaused: the bot is restarting. The round goes on with "
            f"{clock(left)} left when it is back.")


def over_content(name: str, found: int, total: int) -> str:
    return f"**Anagram quiz** · {name}\nRound over: {found}/{plural(total, 'word')} found."


def clock(seconds: float) -> str:
    whole = max(0, round(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def thread_name(name: str) -> str:
    return f"Quiz · {name}"[:100]


def ending(reason: str, found: int, total: int, seconds: float, stopped_by: int | None) -> str:
    """The end's first line: why it ended and how much was found."""
    tally = f"{found}/{plural(total, 'word')} found"
    if reason == "solved":
        return f"Every word found, in {clock(seconds)}!"
    if reason == "stopped":
        who = f" by <@{stopped_by}>" if stopped_by else ""
        return f"Stopped{who}: {tally}."
    if reason == "restart":
        return f"The time ran out while the bot was away: {tally}."
    return f"Time's up: {tally}."


def score_lines(scores: Sequence[tuple[int, int]], most: int = MAX_SCORES) -> list[str]:
    """(player, words) best first, as lines naming each player (mentions that ping nobody), at most
    ``most`` of them (the rest counted)."""
    if not scores:
        return ["Nobody found a word."]
    lines = [f"{place}. <@{user}> {plural(words, 'word')}" for place, (user, words) in enumerate(scores[:most], 1)]
    return lines + ([f"…and {plural(len(scores) - most, 'more player')}."] if len(scores) > most else [])


def missed_line(alphagram: str, words: Sequence[str], hidden: int) -> str:
    """``AEINRST ||nastier|| ||retains||``: the alphagram and its words nobody found, each behind
    a spoiler; words the server does not show are only counted."""
    shown = " ".join(f"||{word}||" for word in words)
    left_out = f"{plural(hidden, 'word')} not shown here" if hidden else ""
    return f"**{alphagram.upper()}** " + " · ".join(part for part in (shown, left_out) if part)


def end_description(first_line: str, scores: list[str], missed: list[str], next_line: str, decks: str = "",
                    lines: int | None = None, elsewhere: str = "") -> tuple[str, int]:
    """The end message's text within an embed's limit and, given, ``lines`` lines (a channel's: a
    phone screen), with the line of study decks (``decks``); the missed lines that do not fit are
    counted (``elsewhere``: where they all are). The text, and how many missed lines it shows."""
    head = [first_line, "", "**Scores**", *scores]
    tail = [line for line in (decks, next_line) if line]
    tail = ["", *tail] if tail else []
    body = ["", "**Missed**"] if missed else []
    budget = DESCRIPTION_CHARS - len("\n".join(head + tail)) - 80
    room = (lines - len(head) - len(tail) - 1) if lines is not None else len(missed) + 2
    shown = 0
    for k, line in enumerate(missed):
        if len("\n".join(body + [line])) > budget or len(body) + 1 >= room and k < len(missed) - 1:
            body.append(f"…and {plural(len(missed) - k, 'more alphagram')}{elsewhere}.")
            break
        body.append(line)
        shown += 1
    return "\n".join(head + body + tail), shown


def fit_lines(lines: list[str], limit: int) -> str:
    """The lines, one a line, as many as fit in ``limit`` characters; the rest counted."""
    kept: list[str] = []
    for k, line in enumerate(lines):
        if len("\n".join([*kept, line])) > limit - 40:
            kept.append(f"…and {plural(len(lines) - k, 'more alphagram')}.")
            break
        kept.append(line)
    return "\n".join(kept)


def decks_line(briefs: Sequence[tuple[int, str]]) -> str:
    """The players whose study decks took the round's misses, and when the cards come up (study's
    words): ``Missed alphagrams join your study decks: <@1> 5 today · <@2> 3 today, 2 from tomorrow``."""
    if not briefs:
        return ""
    named = [f"<@{user}> {brief}" for user, brief in briefs[:MAX_DECKS]]
    more = [f"{plural(len(briefs) - MAX_DECKS, 'more player')}"] if len(briefs) > MAX_DECKS else []
    return "Missed alphagrams join your study decks: " + " · ".join(named + more)


def next_line(spec: RoundSet | None) -> str:
    """What Next round asks (if the set has not shrunk meanwhile)."""
    if spec is None:
        return ""
    following = spec.following(spec.last)
    if following.start <= spec.start:
        return (f"Next round: that was the end of {spec.first}–{spec.last}, so it starts again with "
                f"{following.start}–{following.end}.")
    return f"Next round: {following.start}–{following.end}."


def form_reply(new: Sequence[str], before: int, wrong: int, found: int, total: int) -> str:
    """The private answer to a form: the new words (answers, so fit to show), the rest counted."""
    lines = [f"You found {plural(len(new), 'new word')}: " + ", ".join(w.upper() for w in new) + "." if new
             else "No new words."]
    if before:
        lines.append(f"{plural(before, 'word')} had been found already.")
    if wrong:
        lines.append(f"Not an answer here: {plural(wrong, 'word')}.")
    lines.append(f"Found so far: {found}/{plural(total, 'word')}.")
    return "\n".join(lines)


ALREADY_RUNNING = "A round is running in this channel already: play it, or end it with `/quiz stop`."
NO_ROUND = "No round is running here. Start one with `/quiz start`."
ROUND_OVER = "That round is over. Start another with `/quiz start`, or press **Next round** under its scores."
NOT_YOURS = "Only <@{starter}> (who started this round) or a moderator can stop it."
MODERATORS_ONLY = "Only a moderator can stop it: I no longer know who started this round."
CANT_POST = "I can't post the board here: give me Send Messages and Attach Files in this channel, then try again."
NO_SET = "I can't tell which set that round asked, so there is no next round of it. Start one with `/quiz start`."
LIST_GONE = "The list that round used is gone. Start another with `/quiz start`."
STARTED = "Your round is on: {name}. To play, {where}, or press Answer."
STOPPED = "Stopped. The scores are posted."
ENDED_NOTE = "Round over: the scores are in the channel. {link}"
MISSED_HERE = " (all of them in the thread)"
THREAD_MISSED = "Every alphagram nobody finished:"
NO_WORDS = "Type one or more words in the form, separated by spaces."
