"""Playing the Spelling Bee alone, through SimCord: Guess again under each private guess reply,
Shuffle redrawing the private hive in place, and Share posting a spoiler-free summary of the
player's own day, all of them still answering after a restart."""

import re

import pytest

from solvers import bee
from tests.bot.games.bee.test_bee_discord import START, Server, non_pangram, puzzle_of


@pytest.fixture
def server(simcord_env):
    return Server(simcord_env)


def labels(message):
    return [button["label"] for row in message.components for button in row["components"]]


def callbacks(simcord_env, since):
    """The interaction answers the bot sent since request ``since``: (callback type, body)."""
    return [(r.json["type"], r.json.get("data") or {}) for r in simcord_env.http_requests[since:]
            if r.path.endswith("/callback") and isinstance(r.json, dict)]


def sent_messages(simcord_env, since):
    """Messages the bot sent since request ``since`` other than interaction answers: channel posts, follow-ups."""
    return [r.path for r in simcord_env.http_requests[since:]
            if r.method == "POST" and (r.path.endswith("/messages") or "/webhooks/" in r.path)]


def words_in(text):
    return set(re.findall(r"[a-z]+", text.lower()))


async def test_guess_again_opens_the_form_and_the_next_guess_scores(server):
    post = await server.start_day()
    puzzle = puzzle_of(START)
    first, second = [w for w in puzzle.answers if w not in puzzle.pangrams][:2]
    reply = await server.alice.slash(server.channel, "bee guess", word=first)
    assert labels(reply.response) == ["Guess again"]
    shown = await server.alice.click(reply.response, label="Guess again")
    assert shown.modal is not None and shown.modal["title"] == "Guess a word"  # the post's Guess form
    again = await server.alice.submit_modal(shown, {"word": second})
    assert again.ephemeral \
        and again.response.content.startswith(f"✅ **{second.upper()}** +{bee.score(second, puzzle)} point")
    assert f"You have {bee.score(first, puzzle) + bee.score(second, puzzle)} points" in again.response.content
    assert labels(again.response) == ["Guess again"]
    refused = await server.alice.submit_modal(await server.alice.click(again.response, label="Guess again"),
                                              {"word": "zz"})
    assert "too short" in refused.response.content and labels(refused.response) == ["Guess again"]
    from_post = await server.alice.submit_modal(await server.alice.click(post, label="Guess"), {"word": first})
    assert from_post.response.content.startswith("You already found") and labels(from_post.response) == ["Guess again"]


async def test_shuffle_redraws_the_private_hive_in_place(server, simcord_env):
    post = await server.start_day()
    puzzle = puzzle_of(START)
    first = await server.alice.click(post, label="Shuffle")  # from the public post: a private view of its own
    assert first.ephemeral and labels(first.response) == ["Shuffle", "Guess"]
    since = len(simcord_env.http_requests)
    orders = set()
    for _ in range(3):
        again = await server.alice.click(first.response, label="Shuffle")
        assert again.response.id == first.response.id and again.response.ephemeral
        center, outer = again.response.content.split(" · ")
        assert center == f"**{puzzle.center.upper()}**" and sorted(outer.split()) == sorted(puzzle.outer.upper())
        assert [a.filename for a in again.response.attachments] == ["hive.png"]
        assert alt_order(again.response.attachments[0].description) == outer.split()  # the picture is redrawn too
        orders.add(outer)
    assert [kind for kind, _ in callbacks(simcord_env, since)] == [7, 7, 7]  # UPDATE_MESSAGE: the same message edited
    assert sent_messages(simcord_env, since) == []  # no new message, no follow-up
    assert len(orders) >= 2  # three shuffles of six letters: the same order thrice is one in 518,400
    guessed = await server.alice.submit_modal(await server.alice.click(first.response, label="Guess"),
                                              {"word": non_pangram(puzzle)})
    assert guessed.response.content.startswith("✅")


def alt_order(description):
    """The outer letters in the order the hive picture's alt text names them."""
    return description.split("outer letters ")[1].split()


async def test_share_posts_a_spoiler_free_summary_of_the_players_own_day(server, simcord_env):
    post = await server.start_day()
    puzzle = puzzle_of(START)
    found = [puzzle.pangrams[0]] + [w for w in puzzle.answers if w not in puzzle.pangrams][:2]
    for word in found:
        await server.alice.slash(server.channel, "bee guess", word=word)
    assert "Share" not in [b.label for row in post.components for b in row.children]  # not on the public post
    nothing = await server.bob.click(post, label="My words")
    assert nothing.response.components == []  # nothing found: nothing to share
    words = await server.alice.click(post, label="My words")
    assert labels(words.response) == ["Definitions", "Share"]
    share_id = next(b["custom_id"] for row in words.response.components for b in row["components"]
                    if b["label"] == "Share")
    assert share_id == f"bee:share:{START.isoformat()}:{server.alice.id}"  # the player's own result
    before, since = len(server.channel.history()), len(simcord_env.http_requests)
    shared = await server.alice.click(words.response, label="Share")
    assert not shared.ephemeral
    (message,) = server.channel.history()[before:]
    points = sum(bee.score(w, puzzle) for w in found)
    rank = bee.rank(points, puzzle.max_score).name
    assert message.content.splitlines()[:2] == [
        "🐝 Spelling Bee · #366 · Thursday 1 January 2026",
        f"{server.alice.mention}: **{rank}** · 3 of {len(puzzle.answers)} words · {points} points · 1 pangram"]
    said = words_in(message.content)
    assert not said & set(puzzle.answers) and puzzle.letters not in message.content.lower()
    assert not re.search(r"\b[A-Z]\b", message.content)  # no lone letter of the hive either
    ((kind, body),) = callbacks(simcord_env, since)
    assert kind == 4 and body["allowed_mentions"] == {"parse": []} and not body.get("flags", 0) & 64  # public, no ping


async def test_share_and_guess_again_answer_after_a_restart(server, simcord_env, new_bot):
    post = await server.start_day()
    puzzle = puzzle_of(START)
    first, second = [w for w in puzzle.answers if w not in puzzle.pangrams][:2]
    reply = await server.alice.slash(server.channel, "bee guess", word=first)
    words = await server.alice.click(post, label="My words")
    shuffle = await server.alice.click(post, label="Shuffle")
    await simcord_env.restart_bot(new_bot())
    shown = await server.alice.click(reply.response, label="Guess again")
    assert (await server.alice.submit_modal(shown, {"word": second})).response.content.startswith("✅")
    shared = await server.alice.click(words.response, label="Share")
    assert "2 of" in shared.response.content  # read when pressed: both words
    reshuffled = await server.alice.click(shuffle.response, label="Shuffle")
    assert reshuffled.response.id == shuffle.response.id


async def test_reaching_genius_offers_share_on_the_guess_reply(server):
    await server.start_day()
    puzzle = puzzle_of(START)
    need = bee.threshold(dict(bee.RANKS)["Genius"], puzzle.max_score)
    total, reply = 0, None
    for word in sorted(puzzle.answers, key=len, reverse=True):
        reply = await server.alice.slash(server.channel, "bee guess", word=word)
        total += bee.score(word, puzzle)
        if total >= need:
            break
        assert labels(reply.response) == ["Guess again"]
    assert labels(reply.response) == ["Guess again", "Share"]
    shared = await server.alice.click(reply.response, label="Share")
    assert "**Genius**" in shared.response.content


async def test_share_answers_only_the_player_whose_result_it_is(server, simcord_env):
    await server.start_day()
    puzzle = puzzle_of(START)
    await server.alice.slash(server.channel, "bee guess", word=non_pangram(puzzle))
    from bot.games.bee.cog import BeeButton  # a Share button of alice's where bob can press it too
    channel = simcord_env.bot.get_channel(server.channel.id)
    shown = await channel.send("Alice's", view=BeeButton.reply_view(START, ("share",), server.alice.id))
    before = len(server.channel.history())
    refused = await server.bob.click(shown, label="Share")
    assert refused.ephemeral and refused.response.content.startswith("Only the player whose result it is can share it")
    assert len(server.channel.history()) == before
    bobs = await simcord_env.bot.get_cog("Bee").share_text(server.guild.id, server.bob.id, START)
    assert bobs is None  # and bob, who found nothing, has nothing to share
