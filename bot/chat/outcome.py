"""What a game plugged into the chat router sees and answers, with no Discord in it.

A game that takes typed words registers a :class:`Place` (a channel or a thread) with the chat
router (``bot.chat``, :mod:`bot.chat.router`). The router reads the words of a message meant for
the game and awaits ``place.take(player, words)``; the game answers with an :class:`Outcome`,
which the router shows as at most two reactions (:func:`reactions`) and, when the outcome
carries one, a private notice. The router never writes a typed word anywhere.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot import icons

CHECK, WARNING, CROSS = icons.ACCEPTED.emoji, icons.ALREADY_FOUND.emoji, icons.REFUSED.emoji
WAIT = icons.WAITING.emoji
PANGRAM, SOLVED = icons.PANGRAM.emoji, icons.SOLVED.emoji
NEWS = (PANGRAM, SOLVED)  # the reactions that tell the channel something (kept under pressure)
# 2️⃣ … 9️⃣ (a digit, the emoji variation selector and the combining keycap), then 🔟
NUMBERS = {n: f"{n}\ufe0f\u20e3" for n in range(2, 10)} | {10: "🔟"}


@dataclass(frozen=True, slots=True)
class Player:
    """Who typed: a Discord user id, the name the server shows for them, the server's id, and
    whether they may manage messages where they typed (a moderator: the box's undo and restart)."""

    id: int
    name: str
    guild_id: int
    moderator: bool = False


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a message did.

    ``new_words``: the words it added (0 to any number); ``pangram``: one of them is a pangram;
    ``solved``: it solved the day's puzzle (the box); ``already_found``: it held words of the day
    that were found before; ``nothing_counted``: nothing in it is a word of the day; ``waiting``:
    it asked for something that needs another player too (the box's restart). ``notice``: a
    line for the player alone (sent privately), e.g. a refusal; it must not repeat what they typed
    unless screened (``solvers.screen``).
    An outcome with none of these set (a refusal with its notice, say) gets no reaction."""

    new_words: int = 0
    pangram: bool = False
    solved: bool = False
    already_found: bool = False
    nothing_counted: bool = False
    waiting: bool = False
    notice: str | None = None

    def __post_init__(self) -> None:
        if self.new_words < 0:
            raise ValueError("new_words cannot be negative")


Take = Callable[[Player, tuple[str, ...]], Awaitable[Outcome]]


@dataclass(frozen=True, slots=True)
class Place:
    """A channel or thread where a game takes typed words.

    ``letters``: the letters a plain message may be made of (the hive's seven, the box's twelve);
    ``plain``: whether plain messages (without a mention of the bot) count here, when the
    operator enabled the Message Content intent (the day's thread: yes; the game's channel: no,
    mentions only); ``take``: the game's callback, awaited once per message read as guesses;
    ``commands``: words a plain message may be alone, besides guesses (the box's ``undo``);
    ``answers``: the day's answers, when the game has a list of them (the bee's, a quiz round's):
    then a plain message counts when one of its words is one, whatever its other words;
    ``language``: the language typed words are read in (``bot.chat.words.guess_word``)."""

    letters: str
    take: Take
    plain: bool = False
    commands: frozenset[str] = frozenset()
    answers: frozenset[str] | None = None
    language: str = "en"


def reactions(outcome: Outcome) -> tuple[str, ...]:
    """The reactions an outcome gets, the verdict first: ✅ for one new word, 2️⃣ to 🔟 for
    several (🔟 for ten or more), else ⚠️ when it held words already found, else ❌ when nothing
    in it is a word of the day, else ⏳ when it waits for another player; then the news: ✨ for
    a pangram, 🎉 for a solve (``bot.icons``).
    At most two."""
    if outcome.new_words == 1:
        verdict: tuple[str, ...] = (CHECK,)
    elif outcome.new_words > 1:
        verdict = (NUMBERS[min(outcome.new_words, 10)],)
    elif outcome.already_found:
        verdict = (WARNING,)
    elif outcome.nothing_counted:
        verdict = (CROSS,)
    elif outcome.waiting:
        verdict = (WAIT,)
    else:
        verdict = ()
    news = PANGRAM if outcome.pangram else SOLVED if outcome.solved else None
    return verdict + ((news,) if news else ())
