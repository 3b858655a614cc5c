"""A server whose members play the daily challenges through SimCord (``/challenge``): shared by
the challenge tests. SimCord's clock starts at 2026-01-01 00:00 UTC, and a server without a time
zone lives in UTC, so its first day is 2026-01-01."""

from __future__ import annotations

import datetime as dt
import functools

from solvers.lexicon import Lexicon
from solvers.quiz.challenges import Challenge, challenge

START = dt.date(2026, 1, 1)


@functools.cache
def made(key: str, date: dt.date = START) -> Challenge:
    return challenge(date, key, Lexicon.load("full"))


def every_word(key: str, date: dt.date = START) -> list[str]:
    return [word for q in made(key, date).questions for word in q.answers]


def hidden_answers(key: str, shown: set[str], date: dt.date = START) -> set[str]:
    """The answers a text must not show (in capitals or not): those not in ``shown`` and not
    spelled like their own alphagram (an alphagram is shown: ABBOT is its own)."""
    return {w for q in made(key, date).questions for w in q.answers if w not in shown and w != q.alphagram}


def texts_of(message) -> list[str]:
    """Everything a message shows: its content, its embeds' text, its pictures' alt text."""
    out = [message.content or ""]
    for embed in message.embeds:
        out += [embed.title or "", embed.description or "", embed.footer.text or ""]
        out += [f"{field.name} {field.value}" for field in embed.fields]
    out += [attachment.description or "" for attachment in message.attachments]
    return out


def shows_any(texts: list[str], words: set[str]) -> set[str]:
    """The ``words`` that appear, as whole words in any case, in ``texts``."""
    found = set()
    for text in texts:
        tokens = set("".join(ch if ch.isalpha() else " " for ch in text.lower()).split())
        found |= words & tokens
    return found


class Club:
    def __init__(self, env, name: str = "Anagram Club") -> None:
        self.env = env
        self.guild = env.create_guild(name)
        self.channel = self.guild.create_text_channel("words")
        self.members = {who: self.guild.add_member(env.create_user(f"{name}-{who}"))
                        for who in ("alice", "bob", "carol",
                                                                                                   "dave", "erin")}

    def __getattr__(self, who: str):
        members = self.__dict__.get("members", {})
        if who in members:
            return members[who]
        raise AttributeError(who)

    async def open(self, who: str, key: str):
        """``/challenge play name:<key>``: the player's private message of that challenge."""
        return await self.members[who].slash(self.channel, "challenge play", name=key)

    async def start(self, who: str, key: str):
        """Open the challenge and press Start: the result whose response is the board."""
        opened = await self.open(who, key)
        return await self.members[who].click(opened.response, label="Start")

    async def answer(self, who: str, message, words: str):
        """Press Answer on ``message`` and send ``words`` in its form."""
        shown = await self.members[who].click(message, label="Answer")
        assert shown.modal is not None, "the Answer button opened no form"
        return await self.members[who].submit_modal(shown, {"words": words})

    async def play(self, who: str, key: str, words: list[str], seconds: float):
        """Start, answer ``words``, wait ``seconds`` in all, press Finish (unless every word
        finished it already): the finished message."""
        message = (await self.start(who, key)).response
        if words:
            message = (await self.answer(who, message, " ".join(words))).response
        await self.env.advance_time(seconds)
        if not message.components:
            return message
        return (await self.members[who].click(message, label="Finish")).response
