"""/challenge played through SimCord: the day's list, a play started, answered through the form
many words at once and finished, once per player and server, against the clock; the same
alphagrams in every server; nothing of the answers shown before the player finishes, and a
player's words never shown to anyone else."""

import datetime as dt

import pytest

from bot.quiz.challenges import text
from bot.quiz.challenges.cog import DEADLINE
from bot.quiz.picture import Tile, render_board
from bot.timers.store import keyed
from tests.bot.quiz.club import START, Club, every_word, hidden_answers, made, shows_any, texts_of
from tests.bot.test_no_echo_discord import sent_texts


@pytest.fixture
def club(simcord_env):
    return Club(simcord_env)


async def test_the_list_shows_each_challenge_with_the_players_state(club):
    await club.play("alice", "4s", every_word("4s")[:2], 30)
    result = await club.alice.slash(club.channel, "challenge play")
    assert result.ephemeral
    (embed,) = result.response.embeds
    assert embed.title == "Daily challenges · Thursday 1 January 2026"
    lines = embed.description.splitlines()
    assert len(lines) == 9
    assert lines[0] == f"**Today's 4s** · 50 alphagrams · 3:00 · finished: 2 of {len(every_word('4s'))} words in 0:30"
    assert lines[3] == "**Today's 7s** · 50 alphagrams · 4:30 · not started"
    assert lines[5] == "**Bingo Marathon** · 100 alphagrams · 8:00 · not started"
    assert lines[8].startswith("**Week's Toughies** · none today")
    picked = await club.alice.select(result.response, ["7s"])
    assert picked.response.id == result.response.id  # the list becomes the challenge, in place
    (intro,) = picked.response.embeds
    assert intro.title == "Today's 7s · Thursday 1 January 2026" and "4:30" in intro.description
    assert [b["label"] for row in picked.response.components for b in row["components"]] == ["Start"]
    assert not picked.response.attachments  # no alphagram before the clock starts


async def test_a_play_start_answers_and_finish(club, simcord_env):
    words = every_word("7s")
    started = await club.start("alice", "7s")
    board = started.response
    assert board.ephemeral and [a.filename for a in board.attachments] == ["challenge.png"]
    assert board.attachments[0].description.startswith("Anagram quiz board: Today's 7s")
    assert [b["label"] for row in board.components for b in row["components"]] == ["Answer", "Finish"]
    assert "0 of" in board.embeds[0].description and "<t:" in board.embeds[0].description

    answered = await club.answer("alice", board, f"{words[0]} {words[1].upper()}, zzzqqqx {words[0]}")  # once each
    assert answered.response.id == board.id  # the board is edited in place
    description = answered.response.embeds[0].description
    assert f"✅ 2 new: {words[0].upper()} {words[1].upper()}" in description
    assert "already" not in description and "❌ 1 word not an answer" in description
    assert "zzzqqqx" not in description.lower()
    assert f"2 of {len(words)} words found" in description

    again = await club.answer("alice", board, f"{words[1]} {words[2]}")
    assert f"✅ 1 new: {words[2].upper()} · ⚠️ 1 already found" in again.response.embeds[0].description
    await simcord_env.advance_time(61)
    finished = await club.alice.click(board, label="Finish")
    (embed,) = finished.response.embeds
    assert embed.description.startswith(f"Finished: 3 of {len(words)} words in 1:01.")
    assert not finished.response.components  # nothing more to press
    missed = next(q for q in made("7s").questions if not set(q.answers) & set(words[:3]))
    assert f"{missed.alphagram.upper()} ({len(missed.answers)}): ||{' '.join(w.upper() for w in missed.answers)}||" \
        in embed.description
    assert [a.filename for a in finished.response.attachments] == ["SPOILER_challenge.png"]
    play = await simcord_env.bot.get_cog("Challenge").plays.store.challenge_play(START, "7s", club.guild.id,
                                                                                 club.alice.id)
    assert (play.words_found, play.seconds_used) == (3, pytest.approx(61, abs=1))


async def test_the_same_alphagrams_in_two_servers(simcord_env):
    one, two = Club(simcord_env, "One"), Club(simcord_env, "Two")
    boards = [(await club.start("alice", "5s")).response for club in (one, two)]
    alts = [board.attachments[0].description for board in boards]
    assert alts[0] == alts[1]
    assert all(f"{q.alphagram.upper()} (" in alts[0] for q in made("5s").questions[:5])


async def test_a_challenge_is_played_once(club, simcord_env):
    store = simcord_env.bot.get_cog("Challenge").plays.store
    opened, twice = await club.open("alice", "6s"), await club.open("alice", "6s")
    started = await club.alice.click(opened.response, label="Start")
    first = await store.challenge_play(START, "6s", club.guild.id, club.alice.id)
    await simcord_env.advance_time(20)
    again = await club.open("alice", "6s")  # the running play, not a new clock
    assert [b["label"] for row in again.response.components for b in row["components"]] == ["Answer", "Finish"]
    pressed = await club.alice.click(twice.response, label="Start")  # Start on another message: the same play
    assert [b["label"] for row in pressed.response.components for b in row["components"]] == ["Answer", "Finish"]
    assert (await store.challenge_play(START, "6s", club.guild.id, club.alice.id)).started_at == first.started_at
    await club.alice.click(started.response, label="Finish")
    later = await club.open("alice", "6s")
    assert later.response.embeds[0].description.startswith("Finished: 0 of")
    assert not later.response.components
    answered = await club.alice.click(again.response, label="Answer")  # a stale Answer: no form, the result
    assert answered.modal is None and text.FINISHED_ALREADY in answered.response.embeds[0].description
    other = await club.open("bob", "6s")  # another player starts afresh
    assert [b["label"] for row in other.response.components for b in row["components"]] == ["Start"]


async def test_answers_after_the_time_limit_do_not_count(club, simcord_env):
    words = every_word("4s")
    started = await club.start("alice", "4s")
    shown = await club.alice.click(started.response, label="Answer")  # the form opened in time...
    await simcord_env.advance_time(made("4s").seconds + 1)
    late = await club.alice.submit_modal(shown, {"words": " ".join(words[:3])})  # ...sent too late
    description = late.response.embeds[0].description
    assert description.startswith(f"Finished: 0 of {len(words)} words in 3:00.")
    assert "⏰ Time is up" in description
    play = await simcord_env.bot.get_cog("Challenge").plays.store.challenge_play(START, "4s", club.guild.id,
                                                                                 club.alice.id)
    assert play.words_found == 0 and play.seconds_used == made("4s").seconds


async def test_the_time_limit_finishes_a_play_nobody_finished(club, simcord_env):
    words = every_word("5s")
    started = await club.start("bob", "5s")
    await club.answer("bob", started.response, words[0])
    await simcord_env.advance_time(made("5s").seconds + 2)
    (message,) = [m for m in club.channel.history(viewer=club.bob) if m.id == started.response.id]
    assert message.embeds[0].description.startswith(f"Finished: 1 of {len(words)} words in 3:30.")
    assert not message.components
    board = await club.carol.slash(club.channel, "challenge board", name="5s")
    assert not board.ephemeral and f"<@{club.bob.id}> · 1 of" in board.response.embeds[0].description


async def test_a_press_after_the_time_limit_finishes_the_play(club, simcord_env):
    started = await club.start("alice", "6s")
    assert await simcord_env.bot.timers.cancel(DEADLINE, keyed(START, "6s", club.guild.id, club.alice.id))  # no timer
    await simcord_env.advance_time(made("6s").seconds + 30)
    pressed = await club.alice.click(started.response, label="Answer")
    assert pressed.modal is None  # no form once the time is up: the result
    assert pressed.response.embeds[0].description.startswith("Finished: 0 of")
    assert "⏰ Time is up" in pressed.response.embeds[0].description


async def test_no_answer_is_shown_before_the_player_finishes_nor_to_anyone_else(club, simcord_env):
    words = every_word("8s")
    sent_before = len(simcord_env.http_requests)
    listed = await club.alice.slash(club.channel, "challenge play")
    await club.alice.select(listed.response, ["8s"])
    started = await club.alice.click(listed.response, label="Start")
    typed = f"{words[0]} {words[5]} notaword"
    await club.answer("alice", started.response, typed)
    said = await club.answer("alice", started.response, " , ; ")
    assert "No words in that answer" in said.response.embeds[0].description
    (shown,) = said.response.attachments  # the picture draws the player's words, and no other
    found = {words[0], words[5]}
    alone = [Tile(q.alphagram, len(q.answers), tuple(w for w in q.answers if w in found)) for q in made("8s").questions]
    assert await shown.read() == render_board(alone, "Today's 8s · Thu 1 Jan")
    texts = sent_texts(simcord_env, sent_before)  # every REST call's text: replies, edits, alt text, forms
    texts += texts_of(started.response)
    assert shows_any(texts, hidden_answers("8s", {words[0], words[5]})) == set()
    assert shows_any(texts, {"notaword"}) == set()  # a wrong word is never written back

    await club.alice.click(started.response, label="Finish")
    await club.bob.slash(club.channel, "challenge play")
    await club.bob.slash(club.channel, "challenge board", name="8s")
    for viewer in (club.bob, club.carol):
        seen = [t for m in club.channel.history(viewer=viewer) for t in texts_of(m)]
        assert seen and shows_any(seen, set(words)) == set()  # not alice's words, nor her missed ones


async def test_a_challenge_of_another_day_cannot_be_started(club, simcord_env):
    opened = await club.open("alice", "7s")
    await simcord_env.advance_time(dt.timedelta(days=1).total_seconds())
    pressed = await club.alice.click(opened.response, label="Start")
    assert pressed.ephemeral and pressed.response.content == text.not_today(START)
