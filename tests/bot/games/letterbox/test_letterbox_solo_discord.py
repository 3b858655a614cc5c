"""Playing Letter Boxed alone, through SimCord: Play again under each private reply to a move
while the chain is open, and Share posting a spoiler-free summary of the player's own day (its
words against par, solved or not), both still answering after a restart."""

import re

import pytest

from tests.bot.games.letterbox.test_letterbox_discord import START, Server, box_of, chain_of


@pytest.fixture
def server(simcord_env):
    return Server(simcord_env)


def labels(message):
    return [button["label"] for row in message.components for button in row["components"]]


def no_spoiler(text, box, words):
    """Neither a word played nor the box's letters, nor a lone letter, appear in ``text``."""
    said = set(re.findall(r"[a-z]+", text.lower()))
    assert not said & {w.lower() for w in (*words, *box.solution, *box.box.sides)}, text
    assert not re.search(r"\b[A-Z]\b", text), text


async def test_play_again_reopens_the_form_until_the_box_is_solved(server):
    post = await server.start_day()
    box = box_of(START)
    three = chain_of(box, 3)
    first = await server.alice.slash(server.channel, "box play", words=three[0])
    assert first.response.content.startswith(f"✅ {three[0].upper()}") and labels(first.response) == ["Play again"]
    shown = await server.alice.click(first.response, label="Play again")
    assert shown.modal is not None and shown.modal["title"] == "Play Letter Boxed"  # the post's Play form
    second = await server.alice.submit_modal(shown, {"words": three[1]})
    assert second.response.content.startswith(f"✅ {three[1].upper()}") and labels(second.response) == ["Play again"]
    solved = await server.alice.submit_modal(await server.alice.click(second.response, label="Play again"),
                                             {"words": three[2]})
    assert "Solved in 3 words" in solved.response.content
    assert labels(solved.response) == ["Share"]  # solved: nothing left to play, a result to share
    again = await server.alice.submit_modal(await server.alice.click(post, label="Play"), {"words": three[0]})
    assert "You solved today's box" in again.response.content and labels(again.response) == ["Share"]


async def test_share_posts_the_solve_against_par_without_a_letter(server, simcord_env):
    await server.start_day()
    box = box_of(START)
    three = chain_of(box, 3)
    solved = await server.alice.slash(server.channel, "box play", words=" ".join(three))
    before, since = len(server.channel.history()), len(simcord_env.http_requests)
    shared = await server.alice.click(solved.response, label="Share")
    assert not shared.ephemeral
    (message,) = server.channel.history()[before:]
    lines = message.content.splitlines()
    assert lines[0] == "🟥 Letter Boxed · #732 · Thursday 1 January 2026"
    assert lines[1].startswith(f"{server.alice.mention}: solved in **3 words** · par {box.par} · ")
    assert lines[2] == "🟩" * 3 + "⬜" * (box.par - 3)
    no_spoiler(message.content, box, three)
    (callback,) = [r.json for r in simcord_env.http_requests[since:] if r.path.endswith("/callback")]
    assert callback["type"] == 4 and callback["data"]["allowed_mentions"] == {"parse": []}
    assert not callback["data"].get("flags", 0) & 64  # in public


async def test_share_of_an_unsolved_chain_and_only_of_ones_own_day(server):
    post = await server.start_day()
    box = box_of(START)
    first = box.solution[0]
    empty = await server.bob.click(post, label="My chain")
    assert empty.response.components == []  # nothing played: nothing to share
    await server.alice.slash(server.channel, "box play", words=first)
    mine = await server.alice.click(post, label="My chain")
    assert labels(mine.response) == ["Definitions", "Share"]
    share_id = next(b["custom_id"] for row in mine.response.components for b in row["components"]
                    if b["label"] == "Share")
    assert share_id == f"box:share:{START.isoformat()}:{server.alice.id}"
    shared = await server.alice.click(mine.response, label="Share")
    left = len(set(box.box.letters) - set(first))
    assert shared.response.content.splitlines()[1] == (
        f"{server.alice.mention}: not solved yet · 1 word so far, {left} letters left · par {box.par}")
    no_spoiler(shared.response.content, box, [first])


async def test_play_again_and_share_answer_after_a_restart(server, simcord_env, new_bot):
    await server.start_day()
    box = box_of(START)
    first, second = box.solution
    played = await server.alice.slash(server.channel, "box play", words=first)
    await simcord_env.restart_bot(new_bot())
    shown = await server.alice.click(played.response, label="Play again")
    solved = await server.alice.submit_modal(shown, {"words": second})
    assert "Solved in 2 words" in solved.response.content
    await simcord_env.restart_bot(new_bot())
    shared = await server.alice.click(solved.response, label="Share")
    assert "solved in **2 words**" in shared.response.content and "24 points" in shared.response.content
