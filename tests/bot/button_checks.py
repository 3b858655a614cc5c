"""The checks of ``test_button_rights``: for each button class, SimCord presses by a member its rule
refuses and by one it allows, in a server with two players, a moderator and an admin. Each check
takes the server and the button's action (None for a class with one rule)."""

from __future__ import annotations

import datetime as dt

import discord
import pytest
from simcord import SetupError

from bot.daily import zone_choice
from bot.games import share
from bot.games.bee.cog import BeeButton
from bot.games.ladder.cog import LadderButton
from bot.games.letterbox.cog import BoxButton
from bot.job_buttons import cancel_view
from bot.quiz import text as quiz_text
from bot.quiz.buttons import end_view
from bot.quiz.store import QuizStore
from solvers import bee, letterbox
from solvers.lexicon import Lexicon
from tests.bot.games.bee.test_bee_discord import START, Server as BeeServer


class Server(BeeServer):
    """The bee's test server (a channel, an admin with Manage Server, alice and bob), with a
    moderator (Manage Messages) too."""

    def __init__(self, env):
        super().__init__(env)
        mods = self.guild.create_role("Mods", permissions=discord.Permissions(manage_messages=True))
        self.mod = self.guild.add_member(env.create_user("mod"), roles=[mods])

    async def post(self, view: discord.ui.View):
        """The buttons on a public message of the bot, where any member can press them."""
        await self.env.bot.get_channel(self.channel.id).send("Buttons", view=view)
        return self.channel.history()[-1]

    def latest(self, message):
        """The message as it is now."""
        return next(m for m in self.channel.history() if m.id == message.id)

    async def day(self, game: str):
        """The game's daily post of START, at 09:00 in London (UTC in January)."""
        await self.admin.slash(self.channel, f"{game} setup", channel=self.channel, time="09:00",
                               timezone="Europe/London")
        await self.env.advance_time(9 * 3600)
        title = {"bee": "Spelling Bee ·", "ladder": "Word Ladder ·"}.get(game, "Letter Boxed ·")
        return [m for m in self.channel.history() if m.embeds and m.embeds[0].title.startswith(title)][-1]

    async def only_its_player(self, message, label: str):
        """A button on alice's private reply: nobody else can even press it; her press is answered."""
        assert message.ephemeral
        with pytest.raises(SetupError, match="not visible"):
            await self.bob.click(message, label=label)
        pressed = await self.alice.click(message, label=label)
        assert pressed.acknowledged
        return pressed


def labels(message) -> list[str]:
    rows = message.components
    if rows and hasattr(rows[0], "children"):
        return [item.label for row in rows for item in row.children]
    return [item.get("label") for row in rows for item in row.get("components", [])]


async def pages(s: Server, action: str | None) -> None:
    result = await s.alice.slash(s.channel, "anagram", rack="AELRST?", mode="sub")
    before = result.response.embeds[0].description
    refused = await s.bob.click(result.response, label="Next ›")
    assert refused.ephemeral and refused.response.content == (
        f"Only {s.alice.mention} can turn these pages. Run `/anagram` to get your own.")
    assert result.response.embeds[0].description == before
    await s.alice.click(result.response, label="Next ›")
    assert result.response.embeds[0].description != before


async def cancel(s: Server, action: str | None) -> None:
    jobs = s.env.bot.jobs
    job = jobs.reserve(s.alice.id, "a long job")
    try:
        message = await s.post(cancel_view(job.id, s.alice.id))
        refused = await s.bob.click(message, label="Cancel")
        assert refused.ephemeral and refused.response.content == f"Only <@{s.alice.id}> can cancel this."
        assert not job.cancelled
        cancelled = await s.alice.click(message, label="Cancel")
        assert cancelled.ephemeral and cancelled.response.content == "Cancelled." and job.cancelled
    finally:
        jobs.release(job)


async def zone(s: Server, action: str | None) -> None:
    await s.admin.slash(s.channel, "bee setup", channel=s.channel, time="09:00", timezone="Europe/London")
    request = zone_choice.Request("letterbox", s.channel.id, dt.time(9), None, None, "America/New_York")
    message = await s.post(zone_choice.view(request, "Europe/London"))
    label = "Use America/New_York for both"
    refused = await s.bob.click(message, label=label)
    assert refused.ephemeral and refused.response.content == \
        "Only someone with Manage Server can choose the server's time zone."
    assert s.latest(message).content == "Buttons" and len(labels(s.latest(message))) == 2
    chosen = await s.admin.click(message, label=label)
    assert chosen.acknowledged
    now = s.latest(message).content
    assert "The Letter Boxed will be posted in" in now and "(America/New_York)" in now \
        and labels(s.latest(message)) == []


def quiz_boards(s: Server):
    return [m for m in s.channel.history() if m.attachments and m.attachments[0].filename == "quiz-board.png"]


def quiz_ends(s: Server):
    return [m for m in s.channel.history() if m.embeds and m.embeds[0].title.startswith("Round over")]


async def quiz(s: Server, action: str) -> None:
    await s.alice.slash(s.channel, "quiz start", questions=3, length=4, minutes=1, lexicon="common")
    store = QuizStore(s.env.bot.db)
    if action == "answer":  # anyone answers, in a form of their own
        shown = await s.bob.click(quiz_boards(s)[-1], label="Answer")
        assert shown.modal is not None and shown.modal["custom_id"].startswith("quiz:form:")
        return
    await s.env.advance_time(61)
    end = quiz_ends(s)[-1]
    if action in ("next", "missed"):  # anyone starts the next round, as anyone may /quiz start
        pressed = await s.bob.click(end, label="Next round" if action == "next" else "Missed only")
        assert pressed.ephemeral and pressed.response.content.startswith("Your round is on: ")
        (thread,) = [t for t in s.channel.threads if t.name.startswith("Quiz ·")]  # it goes on in the thread
        (running,) = await store.running(thread.id)
        assert running.started_by == s.bob.id
        return
    refused = await s.bob.click(end, label="Stop")
    assert refused.ephemeral and refused.response.content == quiz_text.NOT_YOURS.format(starter=s.alice.id)
    assert labels(s.latest(end)) == ["Next round", "Missed only", "Stop"]
    stopped = await s.mod.click(end, label="Stop")
    assert stopped.acknowledged and labels(s.latest(end)) == []
    unknown = await s.post(end_view(987654321, missed=False))  # a round the bot no longer knows: moderators only
    for member in (s.alice, s.bob):
        refused = await member.click(unknown, label="Stop")
        assert refused.ephemeral and refused.response.content == quiz_text.MODERATORS_ONLY
    assert (await s.mod.click(unknown, label="Stop")).acknowledged and labels(s.latest(unknown)) == []


async def challenge(s: Server, action: str) -> None:
    message = (await s.alice.slash(s.channel, "challenge play", name="4s")).response
    if action != "start":
        message = (await s.alice.click(message, label="Start")).response  # the board: Answer, Finish
    label = {"start": "Start", "answer": "Answer", "finish": "Finish"}[action]
    pressed = await s.only_its_player(message, label)
    if action == "answer":
        assert pressed.modal is not None and pressed.modal["custom_id"].startswith("chal:form:")


async def challenge_pick(s: Server, action: str | None) -> None:
    listed = (await s.alice.slash(s.channel, "challenge play")).response
    assert listed.ephemeral
    with pytest.raises(SetupError, match="not visible"):
        await s.bob.select(listed, ["4s"])
    picked = await s.alice.select(listed, ["4s"])
    assert picked.response.embeds[0].title.startswith("Today's 4s ·")


async def reveal(s: Server, action: str) -> None:
    result = await s.alice.slash(s.channel, "letterboxed", sides="tjo feb cuy hil")
    assert not result.ephemeral
    label = {"first": "First word", "best": "Best solution", "all": "All solutions"}[action]
    bobs, alices = [await member.click(result.response, label=label) for member in (s.bob, s.alice)]
    assert bobs.ephemeral and alices.ephemeral
    shown = [(r.response.content, [e.description for e in r.response.embeds]) for r in (bobs, alices)]
    assert shown[0] == shown[1] and (shown[0][0] or shown[0][1])  # the same answer, whoever asks


async def tiles(s: Server, label: str) -> None:
    """Anyone may look at the words of the best known tiles, or search for better: for themselves."""
    result = await s.alice.slash(s.channel, "tiles", count=3, lexicon="common", odd="either", seconds=1)
    if label == "Words":
        bobs, alices = [await member.click(result.response, label="Words") for member in (s.bob, s.alice)]
        assert bobs.ephemeral and alices.ephemeral
        assert bobs.response.embeds[0].title == alices.response.embeds[0].title and "words from" in \
            bobs.response.embeds[0].title
        return
    more = await s.bob.click(result.response, label="Keep improving (1 s)")  # a search of bob's own
    assert not more.ephemeral and "This run:" in more.response.embeds[0].description


def hive_word(date: dt.date = START) -> str:
    puzzle = bee.generate(Lexicon.load("common"), date)
    return next(word for word in puzzle.answers if word not in puzzle.pangrams)


async def bee_button(s: Server, action: str) -> None:
    post = await s.day("bee")
    word = hive_word()
    guessed = await s.alice.slash(s.channel, "bee guess", word=word)
    if action == "again":
        pressed = await s.only_its_player(guessed.response, "Guess again")
        assert pressed.modal is not None
    elif action in ("defs", "share"):
        await owners_own(s, BeeButton, action, f"These are <@{s.alice.id}>'s words. Use `/bee found` to see yours.")
    else:
        label = BeeButton.labels[action][0]
        bobs = await s.bob.click(post, label=label)
        if action == "guess":
            assert bobs.modal is not None and bobs.modal["custom_id"] == f"bee:form:{START}"
            return
        assert bobs.ephemeral and not any(word in shown.lower() for shown in said(bobs.response))
        if action == "found":  # bob's words: none; alice's: hers
            alices = await s.alice.click(post, label=label)
            assert any(word in shown.lower() for shown in said(alices.response))


def said(message) -> list[str]:
    return [message.content or ""] + [f"{e.title} {e.description}" for e in message.embeds]


async def owners_own(s: Server, button: type, action: str, not_yours: str) -> None:
    """A player's Definitions or Share, shown where anyone could press it: only its owner may."""
    message = await s.post(button.reply_view(START, (action,), s.alice.id))
    label = button.labels[action][0]
    refused = await s.bob.click(message, label=label)
    expected = share.NOT_YOURS if action == "share" else not_yours
    assert refused.ephemeral and refused.response.content == expected
    public = len(s.channel.history())
    owned = await s.alice.click(message, label=label)
    if action == "share":  # posted for the channel
        assert not owned.ephemeral and owned.response.content and len(s.channel.history()) == public + 1
    else:
        assert owned.ephemeral and owned.response.embeds[0].title.startswith("Your words ·")


async def box_button(s: Server, action: str) -> None:
    post = await s.day("box")
    word = letterbox.generate(START).solution[0]
    played = await s.alice.slash(s.channel, "box play", words=word)
    assert played.response.content.startswith(f"✅ {word.upper()}")
    if action == "again":
        pressed = await s.only_its_player(played.response, "Play again")
        assert pressed.modal is not None
        return
    if action in ("defs", "share"):
        await owners_own(s, BoxButton, action, f"These are <@{s.alice.id}>'s words. Use `/box today` to see yours.")
        return
    label = BoxButton.labels[action][0]
    bobs = await s.bob.click(post, label=label)
    if action == "play":
        assert bobs.modal is not None and bobs.modal["custom_id"] == f"box:form:{START}"
        return
    assert bobs.ephemeral and not any(word.upper() in shown.upper() for shown in said(bobs.response))
    if action in ("undo", "restart"):  # bob's own chain is empty; alice's word is still hers to take back
        alices = await s.alice.click(post, label=label)
        assert alices.ephemeral \
            and (f"Took back {word.upper()}" if action == "undo" else "Cleared your chain of 1 word") in (
            alices.response.content)


async def next_hint(s: Server, action: str | None) -> None:
    await s.day("box")
    hint = (await s.alice.slash(s.channel, "box hint")).response
    (label,) = [text for text in labels(hint) if text.startswith("Next hint")]
    pressed = await s.only_its_player(hint, label)
    assert pressed.response.embeds


async def study_card(s: Server):
    await s.alice.slash(s.channel, "study add", length=2, **{"from": 1, "to": 3})
    card = (await s.alice.slash(s.channel, "study review")).response
    assert "Answer" in labels(card)
    return card


async def study_result(s: Server):
    card = await study_card(s)
    form = await s.alice.click(card, label="Answer")
    return (await s.alice.submit_modal(form, {"words": "zz"})).response  # a wrong answer: graded Again


async def study_answer(s: Server, action: str | None) -> None:
    pressed = await s.only_its_player(await study_card(s), "Answer")
    assert pressed.modal is not None and pressed.modal["custom_id"].startswith("study:form:")


async def study_grade(s: Server, action: str | None) -> None:
    result = await study_result(s)
    assert {"Again", "Hard", "Good", "Easy"} <= set(labels(result))
    await s.only_its_player(result, "Good")


async def study_next(s: Server, action: str | None) -> None:
    result = await study_result(s)
    pressed = await s.only_its_player(result, "Next ›")
    assert "Answer" in labels(pressed.response)


async def ladder_button(s: Server, action: str) -> None:
    post = await s.day("ladder")
    played = await s.alice.slash(s.channel, "ladder play", words="forge")  # 1 January 2026: GORGE to COOKS
    assert played.response.content.startswith("✅ FORGE")
    if action == "again":
        assert (await s.only_its_player(played.response, "Play again")).modal is not None
        return
    if action in ("defs", "share"):
        await owners_own(s, LadderButton, action,
                         f"These are <@{s.alice.id}>'s words. Use `/ladder today` to see yours.")
        return
    bobs = await s.bob.click(post, label=LadderButton.labels[action][0])
    if action == "play":
        assert bobs.modal is not None and bobs.modal["custom_id"] == f"ladder:form:{START}"
        return
    assert bobs.ephemeral and not any("FORGE" in shown.upper() for shown in said(bobs.response))
    if action in ("undo", "restart"):  # bob's own ladder is empty; alice's rung is still hers to take back
        alices = await s.alice.click(post, label=LadderButton.labels[action][0])
        assert ("Took back FORGE" if action == "undo" else "Cleared your ladder of 1 rung") in alices.response.content


async def ladder_hint(s: Server, action: str | None) -> None:
    await s.day("ladder")
    hint = (await s.alice.slash(s.channel, "ladder hint")).response
    (label,) = [text for text in labels(hint) if text.startswith("Next hint")]
    assert (await s.only_its_player(hint, label)).response.embeds


CHECKS = {
    "bot.views.PageButton": pages,
    "bot.job_buttons.CancelJobButton": cancel,
    "bot.daily.zone_press.ZoneChoice": zone,
    "bot.quiz.buttons.QuizButton": quiz,
    "bot.quiz.challenges.views.ChallengeButton": challenge,
    "bot.quiz.challenges.views.ChallengePick": challenge_pick,
    "bot.lab.letterbox.cog.RevealButton": reveal,
    "bot.lab.tileset.buttons.ImproveButton": lambda s, action: tiles(s, "Keep improving"),
    "bot.lab.tileset.buttons.WordsButton": lambda s, action: tiles(s, "Words"),
    "bot.games.bee.cog.BeeButton": bee_button,
    "bot.games.letterbox.cog.BoxButton": box_button,
    "bot.games.letterbox.hint_view.NextHintButton": next_hint,
    "bot.games.ladder.cog.LadderButton": ladder_button,
    "bot.games.ladder.cog.NextHintButton": ladder_hint,
    "bot.study.views.AnswerButton": study_answer,
    "bot.study.views.GradeButton": study_grade,
    "bot.study.views.NextButton": study_next,
}
