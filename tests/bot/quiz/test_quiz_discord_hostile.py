"""/quiz against hostile input, through SimCord: slur forms, huge strings and wrong ranges in every
option, form and message get one private line or a reaction, are never written back, ping nobody
and raise nothing; flagged words in the missed list follow the server's setting."""

import pytest
from simcord.backend.errors import OptionError

from bot.chat.outcome import CROSS
from bot.quiz import text
from bot.quiz.store import QuizStore
from solvers.lexicon import Lexicon
from solvers.quiz.sets import question_set, set_size
from tests.bot.conftest import INTENT_ON
from tests.bot.quiz.test_quiz_discord import Quizzers, asked, settle
from tests.bot.test_no_echo_discord import SLUR, SLUR_FORMS, echoes, sent_texts

HUGE = "ＱＵＩＺ" * 1400  # 5,600 characters, full-width


@pytest.fixture
def club(simcord_env):
    return Quizzers(simcord_env)


def nothing_public(club):
    return club.boards() == [] and club.ends() == [] and club.channel.threads == []


async def test_slurs_and_huge_strings_as_the_list_get_one_private_line_never_echoed(club, simcord_env):
    await simcord_env.bot.db.set_show_vulgar(club.guild.id, True)  # even where everything else is shown
    since = len(simcord_env.http_requests)
    for value in (*SLUR_FORMS.values(), HUGE, "", "   ", "common; DROP TABLE quiz_rounds"):
        result = await club.start(lexicon=value)
        if value.strip():
            assert result.ephemeral and "\n" not in result.response.content.strip(), value
    texts = sent_texts(simcord_env, since)
    assert [t for form in SLUR_FORMS.values() for t in echoes(texts, SLUR) + echoes(texts, form)] == []
    assert not any("ＱＵＩＺ" * 3 in t or "QUIZQUIZQUIZ" in t.upper().replace(" ", "") for t in texts)
    assert len(club.boards()) == 1  # the blank ones are the default list: one round, the others refused
    assert club.pinged() == [] and simcord_env.errors == []


@pytest.mark.parametrize(("options", "line"), [
    ({"from": 500, "to": 20}, "The range ends before it starts: from 500 to 20."),
    ({"from": 999_999, "length": 15}, "is past the end"),
    ({"length": 15, "lexicon": "common", "from": 369}, "is past the end"),
])
async def test_wrong_ranges_get_one_private_line(club, simcord_env, options, line):
    result = await club.start(**options)
    assert result.ephemeral and line in result.response.content and "\n" not in result.response.content
    assert nothing_public(club) and await QuizStore(simcord_env.bot.db).running() == []
    assert simcord_env.errors == []


async def test_the_last_rank_of_a_set_is_a_round_of_one(club, simcord_env):
    size = set_size(Lexicon.load("common"), 15)
    result = await club.start(length=15, **{"from": size})
    assert result.ephemeral and result.response.content.startswith("Your round is on")
    assert len(await QuizStore(simcord_env.bot.db).questions((await club.running()).round_id)) == 1


@pytest.mark.parametrize(("option", "value"), [("questions", 0), ("questions", 51), ("minutes", 0), ("minutes", 11),
                                               ("length", 1), ("length", 16), ("from", 0), ("to", -5),
                                               ("order", "alphabetical")])
async def test_values_out_of_bounds_never_reach_the_bot(club, simcord_env, option, value):
    """Discord itself refuses them (the command declares its bounds and choices): so does SimCord."""
    with pytest.raises(OptionError):
        await club.start(**{option: value})
    assert nothing_public(club)


@INTENT_ON
async def test_slurs_huge_and_hostile_messages_in_a_round_are_never_echoed(club, simcord_env):
    await club.start()
    thread = club.thread()
    since = len(simcord_env.http_requests)
    typed = []
    for value in (*SLUR_FORMS.values(), HUGE[:1900], "@everyone @here", f"<@&{club.guild.id}> zzz"):
        typed.append(await club.alice.send(club.channel, f"{club.me} {value}"))
        await club.bob.send(thread, value)
    form = await club.carol.click(club.board(), label="Answer")
    reply = await club.carol.submit_modal(form, {"words": " ".join(SLUR_FORMS.values()) + " " + "ｚ" * 1000})
    assert reply.ephemeral and reply.response.content.startswith("No new words.")
    await settle(simcord_env)
    assert club.reactions(typed[0], club.channel) == [CROSS]
    await simcord_env.advance_time(60)
    texts = sent_texts(simcord_env, since)
    assert [t for form in SLUR_FORMS.values() for t in echoes(texts, SLUR) + echoes(texts, form)] == []
    assert club.ends()[0].embeds[0].description.startswith("Time's up: 0/")
    assert club.pinged() == [] and simcord_env.errors == []


async def test_an_empty_form_gets_one_line(club, simcord_env):
    await club.start()
    form = await club.carol.click(club.board(), label="Answer")
    reply = await club.carol.submit_modal(form, {"words": " ,,, !!! 123 "})
    assert reply.ephemeral and reply.response.content == text.NO_WORDS


@pytest.mark.parametrize("show", [True, False], ids=["shown", "hidden"])
async def test_a_flagged_missed_word_shows_only_where_the_server_shows_them(club, simcord_env, show):
    await simcord_env.bot.db.set_show_vulgar(club.guild.id, True)
    fives = question_set(Lexicon.load("common"), 5, "probability", show_flagged=True)
    (rank,) = [q.rank for q in fives if q.alphagram == "cdiks"]  # its one answer is flagged: dicks
    await club.start(length=5, questions=1, **{"from": rank, "to": rank})
    stored = await QuizStore(simcord_env.bot.db).questions((await club.running()).round_id)
    assert stored == [("cdiks", ("dicks",))]
    await simcord_env.bot.db.set_show_vulgar(club.guild.id, show)  # the setting at the end is the one that counts
    await simcord_env.advance_time(60)
    description = club.ends()[0].embeds[0].description
    assert ("||dicks||" in description) is show and ("1 word not shown here" in description) is not show


async def test_a_moderators_stop_in_another_channel_stops_nothing(club, simcord_env):
    await club.start()
    result = await club.mod.slash(club.other, "quiz stop")
    assert result.ephemeral and result.response.content == text.NO_ROUND
    assert len(await QuizStore(simcord_env.bot.db).running()) == 1 and asked()
