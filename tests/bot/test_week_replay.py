"""A week of a server that plays together, replayed through SimCord (issue 43): five players,
three days, the Spelling Bee and Letter Boxed together in one channel (each in its own thread),
a quiz round and its next round, a daily challenge, study. Every day the players type as people
write (punctuation, a wrong word beside a right one, chatter, ``undo`` of another's word, a lone
``restart``) and look at every view. The replay checks that no view contradicts the team, that
no typed answer goes without a mark, and that no public message in a channel runs past a phone
screen, in a channel or a thread; it writes the public messages of each day, with their lines and characters, to the
file named by ``WORDBOT_WEEK_TABLE`` when set (the issue's closing note lists them).
"""

import datetime as dt
import os
from pathlib import Path

import discord

from bot.daily.posts import POST_CHARS, POST_LINES, message_size
from solvers import letterbox
from solvers.lexicon import Lexicon
from solvers.quiz.sets import question_set
from tests.bot.conftest import INTENT_ON
from tests.bot.games.bee.test_bee_discord import START, Server as BeeServer, puzzle_of
from tests.bot.quiz.club import every_word

HOUR = 3600
NAMES = ("ann", "bo", "cy", "di", "ed")


class Server(BeeServer):
    """The bee's test server (its channel, an admin), with a channel for the quiz and five players."""

    def __init__(self, env):
        super().__init__(env)
        self.quiz = self.guild.create_text_channel("quiz")
        self.players = {name: self.guild.add_member(env.create_user(name)) for name in NAMES}
        self.typed: list[tuple[object, object, str]] = []  # (message, place, why it must get a mark)

    @property
    def me(self) -> str:
        return self.env.bot.user.mention

    def thread(self, prefix: str, date: dt.date) -> discord.Thread:
        (thread,) = [t for t in self.channel.threads if t.name == f"{prefix} · {date:%a} {date.day} {date:%b}"]
        return thread

    async def type(self, name: str, place, text: str, must_mark: str = "") -> object:
        message = await self.players[name].send(place, text)
        if must_mark:
            self.typed.append((message, place, must_mark))
        return message

    def reactions(self, message, place) -> list[str]:
        (stored,) = [m for m in place.history() if m.id == message.id]
        return [str(r.emoji) for r in stored.reactions]

    async def until(self, when: dt.datetime) -> None:
        now = self.env.bot.daily.calendar.clock()
        await self.env.advance_time((when - now).total_seconds())

    def public(self, places) -> list[tuple[str, object]]:
        """The bot's messages in these places: (place name, message)."""
        me = self.env.bot.user.id
        return [(place.name, m) for place in places for m in place.history() if m.author.id == me]


def chain_of(box, words):
    solved = letterbox.solve(Lexicon.load("full").without_vulgar(), box.box, limit=300, seconds=None)
    return next(s.words for s in solved.solutions if len(s.words) == words)


def first_line(message) -> str:
    text = message.content or (message.embeds[0].title if message.embeds else "") or ""
    return text.splitlines()[0][:70] if text else "(a picture)"


async def play_day(server: Server, env, date: dt.date, day: int) -> None:
    """One day of the server: the bee and the box in their threads, the views, and the day's extra."""
    puzzle = puzzle_of(date)
    plain = [w for w in puzzle.answers if w not in puzzle.pangrams]
    bee_thread, box_thread = server.thread("Spelling Bee", date), server.thread("Letter Boxed", date)
    # The bee, typed as people write: punctuation, a wrong word beside a right one, chatter, a mention.
    await server.type("ann", bee_thread, f"{plain[0]}, {plain[1]}!", "two answers with punctuation")
    await server.type("bo", bee_thread, f"{plain[2]}x {plain[3]}", "a right word beside a wrong one")
    chatter = await server.type("cy", bee_thread, "good morning everyone")
    await server.type("di", bee_thread, f"{server.me} {puzzle.pangrams[0].upper()}", "a pangram, mentioned")
    await server.type("ed", bee_thread, f"{plain[4 + day]}.", "one answer and a full stop")
    await env.advance_time(3)
    assert server.reactions(chatter, bee_thread) == []  # chatter is not read
    # The box: three players build the chain; another's undo is refused privately; a lone restart waits.
    box = await env.bot.get_cog("DailyLetterBoxed").game.puzzle(date)
    words = chain_of(box, 3)
    for name, word in zip(("ann", "bo", "cy"), words[:2], strict=False):
        await server.type(name, box_thread, word.upper() + "!", "a word of the chain")
        await env.advance_time(1)
    refused = await server.type("di", box_thread, "undo")
    await env.advance_time(2)
    assert server.reactions(refused, box_thread) == []  # not theirs: no mark, a private note
    assert server.players["di"].user.dm_channel.history()[-1].content.startswith("The last word is")
    await server.type("cy", box_thread, words[2], "the solving word")
    await env.advance_time(2)
    await server.type("ed", box_thread, f"{server.me} restart", "a restart asked (it waits for a second player)")
    await env.advance_time(3)
    # What every player looks at agrees with the team.
    stats = await server.players["ann"].slash(server.channel, "stats")
    assert "has not played" not in stats.response.embeds[0].description
    assert f"Together: **{day + 1}** {'day' if day == 0 else 'days'} played" in stats.response.embeds[0].description
    board = await server.players["bo"].slash(server.channel, "leaderboard")
    assert board.response.content.startswith("This server plays Spelling Bee together and Letter Boxed together")
    today = await server.players["cy"].slash(server.channel, "bee today")
    assert "The team found" in today.response.embeds[0].description
    assert "You found 0" not in today.response.embeds[0].description
    chain = await server.players["ed"].slash(server.channel, "box today")
    assert chain.response.embeds[0].title.startswith("Team Letter Boxed")
    hints = await server.players["ed"].slash(server.channel, "bee hints")
    assert "Left for the team" in hints.response.embeds[0].description
    if day == 0:  # a quiz round, and the next one, in its thread
        asked = question_set(Lexicon.load("common"), 4, "probability", 1, 3, show_flagged=False)
        await server.players["ann"].slash(server.quiz, "quiz start", questions=3, length=4, minutes=1,
                                          lexicon="common")
        (quiz_thread,) = [t for t in server.quiz.threads if t.name.startswith("Quiz ·")]
        await server.type("bo", quiz_thread, f"{asked[0].answers[0]}, zzzq!", "a quiz answer beside a wrong word")
        await server.type("cy", server.quiz, f"{server.me} {asked[1].answers[0]}", "a quiz answer, mentioned")
        await env.advance_time(61)
        (end,) = [m for m in server.quiz.history() if m.embeds and m.embeds[0].title.startswith("Round over")]
        await server.players["di"].click(end, label="Next round")  # it goes on in the round's thread
        following = question_set(Lexicon.load("common"), 4, "probability", 4, 6, show_flagged=False)
        await server.type("ed", quiz_thread, following[0].answers[0], "an answer of the next round, in the thread")
        await env.advance_time(61)
        assert [t.name for t in server.quiz.threads if t.name.startswith("Quiz ·")] == [quiz_thread.name]
    if day == 1:  # a daily challenge, played privately
        cy = server.players["cy"]
        opened = await cy.slash(server.channel, "challenge play", name="4s")
        started = await cy.click(opened.response, label="Start")
        form = await cy.click(started.response, label="Answer")
        answered = await cy.submit_modal(form, {"words": " ".join(every_word("4s", date)[:3])})
        assert "3 new" in answered.response.embeds[0].description
        await env.advance_time(20)
        finished = await cy.click(answered.response, label="Finish")
        assert finished.ephemeral or finished.response is not None
    if day == 2:  # study: a set, then a review
        added = await server.players["di"].slash(server.channel, "study add", length=4, **{"from": 1, "to": 5})
        assert added.ephemeral
        review = await server.players["di"].slash(server.channel, "study review")
        assert review.ephemeral


@INTENT_ON
async def test_a_week_played_together(simcord_env):
    server = Server(simcord_env)
    for game in ("bee", "box"):
        await server.admin.slash(server.channel, f"{game} setup", channel=server.channel, time="09:00",
                                 timezone="Europe/London", play="together")
    table: list[str] = []
    seen: set[int] = set()
    for day in range(3):
        date = START + dt.timedelta(days=day)
        await server.until(dt.datetime.combine(date, dt.time(9, 0, 5), tzinfo=dt.UTC))
        await play_day(server, simcord_env, date, day)
        places = [server.channel, server.quiz, *server.channel.threads, *server.quiz.threads]
        for where, message in server.public(places):
            if message.id in seen:
                continue
            seen.add(message.id)
            lines, chars = message_size(message.content, message.embeds)
            table.append(f"{date} | #{where[:28]} | {first_line(message)} | {lines} | {chars}")
            assert lines <= POST_LINES, (where, first_line(message), lines)  # a phone screen, threads too
            if message.embeds and " · #" in (message.embeds[0].title or "") and where == server.channel.name:
                assert chars <= POST_CHARS, (first_line(message), chars)  # a morning post
    await server.until(dt.datetime.combine(START + dt.timedelta(days=3), dt.time(9, 0, 5), tzinfo=dt.UTC))
    for where, message in server.public([server.channel]):
        if message.id not in seen and message.embeds:
            lines, chars = message_size(message.content, message.embeds)
            table.append(f"{START + dt.timedelta(days=3)} | #{where} | {first_line(message)} | {lines} | {chars}")
            assert lines <= POST_LINES and chars <= POST_CHARS
    # No typed answer went without a mark.
    unmarked = [why for message, place, why in server.typed if not server.reactions(message, place)]
    assert unmarked == []
    # The morning after a together day credits the team: never "nobody" nor "(0 players)".
    posts = [m for m in server.channel.history() if m.embeds and m.embeds[0].title.startswith(("Spelling Bee ·",
                                                                                              "Letter Boxed ·"))]
    for post in posts[2:]:
        shown = "\n".join(e.description or "" for e in post.embeds)
        assert "Nobody here solved it" not in shown and "(0 players)" not in shown
        assert "The team reached" in shown or "The team solved it" in shown
    assert simcord_env.errors == []
    if os.environ.get("WORDBOT_WEEK_TABLE"):
        Path(os.environ["WORDBOT_WEEK_TABLE"]).write_text("day | where | message | lines | characters\n"
                                                          + "\n".join(table) + "\n")
