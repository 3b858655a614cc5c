"""/quiz in a channel, through SimCord: a round's board and thread, three players answering by
mention, plainly in the thread (with the Message Content intent) and through the form, one credit
for a word typed at once, the time-out's scores and spoilered missed words, Next round, Missed
only and Stop, the round ended early or by its last word."""

import datetime as dt

import discord
import pytest

from bot.chat.outcome import CHECK, CROSS, NUMBERS, WARNING
from bot.quiz import text
from bot.quiz.store import QuizStore
from solvers.lexicon import Lexicon
from solvers.quiz.sets import question_set, questions_of, set_size
from tests.bot.conftest import INTENT_ON

BOARD = "quiz-board.png"


class Quizzers:
    """A server with two channels to play in, three players and a moderator."""

    def __init__(self, env):
        self.env = env
        self.guild = env.create_guild("Word Club")
        self.channel = self.guild.create_text_channel("quiz")
        self.other = self.guild.create_text_channel("drills")
        self.alice, self.bob, self.carol = (self.guild.add_member(env.create_user(n))
                                            for n in ("alice", "bob", "carol"))
        mods = self.guild.create_role("Mods", permissions=discord.Permissions(manage_messages=True))
        self.mod = self.guild.add_member(env.create_user("mod"), roles=[mods])

    @property
    def me(self):
        return self.env.bot.user.mention

    async def start(self, who=None, channel=None, **options):
        options = {"questions": 3, "length": 4, "minutes": 1, "lexicon": "common"} | options
        return await (who or self.alice).slash(channel or self.channel, "quiz start", **options)

    def boards(self, channel=None):
        return [m for m in (channel or self.channel).history() if m.attachments and m.attachments[0].filename == BOARD]

    def board(self, channel=None):
        return self.boards(channel)[-1]

    def ends(self, channel=None):
        return [m for m in (channel or self.channel).history() if m.embeds
                and m.embeds[0].title.startswith("Round over")]

    def thread(self, channel=None):
        (thread,) = [t for t in (channel or self.channel).threads if t.name.startswith("Quiz ·")][-1:]
        return thread

    def reactions(self, message, place):
        (stored,) = [m for m in place.history() if m.id == message.id]
        return [str(r.emoji) for r in stored.reactions]

    async def running(self, channel=None):
        (record,) = await QuizStore(self.env.bot.db).running((channel or self.channel).id)
        return record

    def pinged(self):
        """The bot's messages that pinged anyone (none should)."""
        me = self.env.bot.user.id
        return [m for messages in self.env.backend.messages.values() for m in messages.values()
                if m.author_id == me and (m.ping_user_ids or m.ping_role_ids)]


def asked(count=3, length=4, start=1, order="probability", lexicon="common"):
    return question_set(Lexicon.load(lexicon), length, order, start, start + count - 1, show_flagged=False)


def labels(message):
    return [button.label for row in message.components for button in row.children]


async def settle(env, seconds=3.0):
    await env.advance_time(seconds)  # reactions a quarter second apart, the board's next edit


@pytest.fixture
def club(simcord_env):
    return Quizzers(simcord_env)


async def test_a_round_posts_its_board_opens_a_thread_and_stores_the_set(club, simcord_env):
    result = await club.start()
    thread = club.thread()
    assert result.ephemeral and f"<#{thread.id}>" in result.response.content
    board = club.board()
    assert labels(board) == ["Answer"] and board.attachments[0].description.startswith("Anagram quiz board: 4s")
    assert f"started by <@{club.alice.id}>" in board.content and "<t:" in board.content
    assert thread.id == board.id and thread.name == "Quiz · 4s · probability 1–3 · common"
    record = await club.running()
    size = set_size(Lexicon.load("common"), 4)
    assert record.set_name == f"4s probability 1-{size}, 1-3 (3 a round)" and record.seconds == 60
    stored = await QuizStore(simcord_env.bot.db).questions(record.round_id)
    assert stored == [(q.alphagram, q.answers) for q in asked()]
    assert club.pinged() == [] and simcord_env.errors == []


@INTENT_ON
async def test_three_players_by_mention_plainly_and_by_the_form_then_the_time_is_up(club, simcord_env):
    await club.start()
    words = [w for q in asked() for w in q.answers]
    thread = club.thread()
    by_mention = await club.alice.send(club.channel, f"{club.me} {words[0]} {words[1]} zzzz")
    plainly = await club.bob.send(thread, words[2].upper())
    again = await club.carol.send(thread, words[0])
    chatter = await club.carol.send(thread, "nice one!")
    shown = await club.carol.click(club.board(), label="Answer")
    reply = await club.carol.submit_modal(shown, {"words": f"{words[3]} {words[0]} qqqqq"})
    assert reply.ephemeral and reply.response.content.startswith(f"You found 1 new word: {words[3].upper()}.")
    assert "qqqqq" not in reply.response.content.lower() and "Not an answer here: 1 word." in reply.response.content
    await settle(simcord_env)
    assert club.reactions(by_mention, club.channel) == [NUMBERS[2]] and club.reactions(plainly, thread) == [CHECK]
    assert club.reactions(again, thread) == [WARNING] and club.reactions(chatter, thread) == []
    found = await QuizStore(simcord_env.bot.db).found((await club.running()).round_id)
    assert {(f.word, f.user_id) for f in found} == {(words[0], club.alice.id), (words[1], club.alice.id),
                                                   (words[2], club.bob.id), (words[3], club.carol.id)}
    assert f"4 of {len(words)} words found" in club.board().attachments[0].description  # redrawn as words are found
    edits = [r for r in simcord_env.http_requests if r.method == "PATCH"
             and r.path.endswith(f"/messages/{club.board().id}")]
    assert 1 <= len(edits) <= 3  # four answers, a few edits at most

    await simcord_env.advance_time(60)
    (end,) = club.ends()
    description = end.embeds[0].description
    assert description.startswith(f"Time's up: 4/{len(words)} words found.")
    assert f"1. <@{club.alice.id}> 2 words\n2. <@{club.bob.id}> 1 word\n3. <@{club.carol.id}> 1 word" in description
    for question in asked():
        left = [w for w in question.answers if w not in words[:4]]
        if left:
            assert f"**{question.alphagram.upper()}** " + " ".join(f"||{w}||" for w in left) in description
    assert all(f"||{w}||" not in description for w in words[:4])
    assert labels(end) == ["Next round", "Missed only", "Stop"] and labels(club.board()) == []
    assert "Round over: 4/" in club.board().content
    link = f"https://discord.com/channels/{club.guild.id}/{club.channel.id}/{end.id}"
    assert any(m.content == f"Round over: the scores are in the channel. {link}" for m in thread.history())
    late = await club.bob.send(thread, words[4])
    await settle(simcord_env)
    assert club.reactions(late, thread) == []  # the round's places are closed
    assert club.pinged() == [] and simcord_env.errors == []


async def test_the_same_word_typed_at_once_gives_one_credit(club, simcord_env):
    await club.start()
    word = asked()[0].answers[0]
    players = [club.guild.add_member(simcord_env.create_user(f"p{n}")) for n in range(5)]
    for player in players:  # all within the same simulated instant
        await player.send(club.channel, f"{club.me} {word}")
    await settle(simcord_env)
    found = await QuizStore(simcord_env.bot.db).found((await club.running()).round_id)
    assert [f.word for f in found] == [word] and found[0].user_id in {p.id for p in players}


async def test_the_last_word_ends_the_round_at_once(club, simcord_env):
    await club.start(questions=1, length=2)
    (question,) = asked(1, 2)
    message = await club.bob.send(club.channel, f"{club.me} " + " ".join(question.answers))
    await settle(simcord_env)
    (end,) = club.ends()
    assert end.embeds[0].description.startswith("Every word found, in 0:0")
    assert labels(end) == ["Next round", "Stop"]  # nothing missed
    assert club.reactions(message, club.channel)[-1] == "🎉"
    assert await QuizStore(simcord_env.bot.db).running(club.channel.id) == []


async def test_next_round_goes_on_with_the_range_and_missed_only_asks_the_misses(club, simcord_env):
    """Next round and Missed only go on in the first round's thread: the channel keeps one board and
    one end; the rounds after it post theirs in the thread, and no new thread opens."""
    await club.start(**{"from": 5, "to": 10})
    first = asked(3, start=5)
    thread = club.thread()
    await club.alice.send(club.channel, f"{club.me} " + " ".join(first[0].answers))
    await simcord_env.advance_time(61)
    (end,) = club.ends()
    assert "Next round: 8–10." in end.embeds[0].description
    pressed = await club.bob.click(end, label="Next round")
    assert pressed.ephemeral \
        and pressed.response.content.startswith("Your round is on: 4s · probability 8–10 · "
                                                f"common. To play, answer in <#{thread.id}>")
    record = await club.running(thread)
    assert record.set_name == "4s probability 5-10, 8-10 (3 a round)" and record.started_by == club.bob.id
    stored = await QuizStore(simcord_env.bot.db).questions(record.round_id)
    assert stored == [(q.alphagram, q.answers) for q in asked(3, start=8)]
    assert labels(club.ends()[0]) == []  # its buttons are spent
    guess = await club.carol.send(thread, f"{club.me} {asked(3, start=8)[0].answers[0]}")  # played in the thread
    await settle(simcord_env)
    assert club.reactions(guess, thread) == [CHECK]
    await simcord_env.advance_time(61)
    second_end = club.ends(thread)[-1]
    assert "that was the end of 5–10, so it starts again with 5–7" in second_end.embeds[0].description
    await club.carol.click(second_end, label="Missed only")
    record = await club.running(thread)
    stored = await QuizStore(simcord_env.bot.db).questions(record.round_id)
    again = questions_of(Lexicon.load("common"), [q.alphagram for q in asked(3, start=8)])
    assert [q for q, _ in stored] == [q.alphagram for q in again if q.alphagram != asked(3, start=8)[0].alphagram
                                      or len(q.answers) > 1] and record.set_name.endswith(", missed")
    assert club.board(thread).content.split("\n")[0].endswith(f"started by <@{club.carol.id}>")
    await simcord_env.advance_time(61)
    third_end = club.ends(thread)[-1]
    await club.alice.click(third_end, label="Next round")  # after the missed ones: where the set had got to
    assert (await club.running(thread)).set_name == "4s probability 5-10, 5-7 (3 a round)"
    assert len(club.boards()) == len(club.ends()) == 1 and len(club.boards(thread)) == 3
    assert [t.name for t in club.channel.threads if t.name.startswith("Quiz ·")] == [thread.name]
    assert simcord_env.errors == []


async def test_stop_removes_the_buttons_and_starts_nothing(club, simcord_env):
    await club.start()
    await simcord_env.advance_time(61)
    (end,) = club.ends()
    result = await club.alice.click(end, label="Stop")  # alice started the round
    assert result.acknowledged and labels(club.ends()[0]) == []
    assert await QuizStore(simcord_env.bot.db).running(club.channel.id) == [] and len(club.boards()) == 1


async def test_stop_under_the_scores_is_for_the_starter_or_a_moderator_as_quiz_stop(club, simcord_env):
    """Anyone else pressing Stop is told privately who may; the buttons stay for everyone."""
    for stopper in (club.alice, club.mod):
        await club.start()
        await simcord_env.advance_time(61)
        end = club.ends()[-1]
        refused = await club.bob.click(end, label="Stop")
        assert refused.ephemeral and refused.response.content == text.NOT_YOURS.format(starter=club.alice.id)
        assert labels(club.ends()[-1]) == ["Next round", "Missed only", "Stop"]
        stopped = await stopper.click(end, label="Stop")
        assert stopped.acknowledged and not stopped.ephemeral and labels(club.ends()[-1]) == []
    assert club.pinged() == [] and simcord_env.errors == []


async def test_quiz_stop_ends_early_for_the_starter_or_a_moderator(club, simcord_env):
    await club.start()
    word = asked()[0].answers[0]
    await club.bob.send(club.channel, f"{club.me} {word}")
    form = await club.alice.click(club.board(), label="Answer")
    refused = await club.bob.slash(club.channel, "quiz stop")
    assert refused.ephemeral and refused.response.content == text.NOT_YOURS.format(starter=club.alice.id)
    stopped = await club.mod.slash(club.thread(), "quiz stop")  # from the round's thread too
    assert stopped.ephemeral and stopped.response.content == text.STOPPED
    (end,) = club.ends()
    assert end.embeds[0].description.startswith(f"Stopped by <@{club.mod.id}>: 1/")
    assert f"1. <@{club.bob.id}> 1 word" in end.embeds[0].description
    nothing = await club.alice.slash(club.channel, "quiz stop")
    assert nothing.response.content == text.NO_ROUND
    late = await club.alice.submit_modal(form, {"words": word})  # a form opened before the end
    assert late.ephemeral and late.response.content == text.ROUND_OVER
    assert club.pinged() == []


async def test_a_second_round_in_the_channel_or_its_thread_is_refused(club, simcord_env):
    await club.start()
    for where in (club.channel, club.thread()):
        refused = await club.start(who=club.bob, channel=where)
        assert refused.ephemeral and refused.response.content == text.ALREADY_RUNNING
    assert len(club.boards()) == 1 and len(await QuizStore(simcord_env.bot.db).running()) == 1


async def test_two_channels_play_two_rounds_at_once(club, simcord_env):
    await club.start()
    await club.start(who=club.bob, channel=club.other, length=5, questions=2)
    here, there = asked()[0].answers[0], asked(2, 5)[0].answers[0]
    wrong_room = await club.carol.send(club.other, f"{club.me} {here}")
    right = await club.carol.send(club.channel, f"{club.me} {here}")
    other = await club.alice.send(club.other, f"{club.me} {there}")
    await settle(simcord_env)
    assert club.reactions(wrong_room, club.other) == [CROSS] and club.reactions(right, club.channel) == [CHECK]
    assert club.reactions(other, club.other) == [CHECK]
    await simcord_env.advance_time(60)
    assert len(club.ends()) == 1 and len(club.ends(club.other)) == 1
    assert f"<@{club.alice.id}> 1 word" in club.ends(club.other)[0].embeds[0].description
    assert f"<@{club.carol.id}> 1 word" in club.ends()[0].embeds[0].description


async def test_an_answer_counts_until_the_time_limit(club, simcord_env):
    await club.start()
    round_id = (await club.running()).round_id
    words = [w for q in asked() for w in q.answers]
    await simcord_env.advance_time(59)
    inside = await club.alice.send(club.channel, f"{club.me} {words[0]}")
    await simcord_env.advance_time(2)
    assert club.reactions(inside, club.channel) == [CHECK]
    assert club.ends()[0].embeds[0].description.startswith(f"Time's up: 1/{len(words)} words found.")
    record = await QuizStore(simcord_env.bot.db).round(round_id)
    assert record.ended_at == record.ends_at == record.started_at + dt.timedelta(seconds=60)


async def test_without_thread_permissions_the_round_is_played_by_mention_in_the_channel(club, simcord_env):
    bare = club.guild.create_text_channel(
        "no-threads", overwrites={simcord_env.bot.user: discord.PermissionOverwrite(create_public_threads=False)})
    result = await club.start(channel=bare)
    assert result.response.content == ("Your round is on: 4s · probability 1–3 · common. "
                                       "To play, answer here by mentioning me, or press Answer.")
    assert bare.threads == []
    guess = await club.bob.send(bare, f"{club.me} {asked()[0].answers[0]}")
    await settle(simcord_env)
    assert club.reactions(guess, bare) == [CHECK]


async def test_a_channel_the_bot_cannot_post_in_gets_one_private_line(club, simcord_env):
    mute = club.guild.create_text_channel(
        "mute", overwrites={simcord_env.bot.user: discord.PermissionOverwrite(attach_files=False)})
    result = await club.start(channel=mute)
    assert result.ephemeral and result.response.content == text.CANT_POST
    assert mute.history() == [] and await QuizStore(simcord_env.bot.db).running() == []


@INTENT_ON
async def test_a_round_started_in_a_thread_is_played_in_it(club, simcord_env):
    parent = simcord_env.bot.get_channel(club.channel.id)
    await parent.create_thread(name="drill night", type=discord.ChannelType.public_thread)
    (place,) = club.channel.threads
    result = await club.start(channel=place)
    assert result.response.content.startswith("Your round is on: 4s · probability 1–3 · common. To play, answer here") \
        and len(club.boards(place)) == 1
    guess = await club.bob.send(place, asked()[0].answers[0])  # plain: the thread is the round's place
    await settle(simcord_env)
    assert club.reactions(guess, place) == [CHECK]
    stopped = await club.alice.slash(place, "quiz stop")
    assert stopped.response.content == text.STOPPED and len(club.ends(place)) == 1


@INTENT_ON
async def test_a_plain_message_with_one_answer_is_read_whole_and_chatter_is_not(club, simcord_env):
    await club.start()
    words = [w for q in asked() for w in q.answers]
    thread = club.thread()
    mixed = await club.bob.send(thread, f"{words[0]}, {words[1]}! zzzzzzz")  # two answers and a wrong word
    chatter = await club.carol.send(thread, "zzzzzzz qqq")  # no answer in it: chatter, left alone
    await settle(simcord_env)
    assert club.reactions(mixed, thread) == [NUMBERS[2]] and club.reactions(chatter, thread) == []
    found = await QuizStore(simcord_env.bot.db).found((await club.running()).round_id)
    assert {(f.word, f.user_id) for f in found} == {(words[0], club.bob.id), (words[1], club.bob.id)}
