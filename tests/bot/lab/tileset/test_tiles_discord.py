"""/tiles through SimCord: a short search with progress edits, its answer and words, a repeated
question answered from the database, keep improving, cancel (only by the person who asked), bad input."""

import pytest

from bot.lab.tileset.store import Question, TilesetStore
from solvers import tileset
from solvers.lexicon import Lexicon
from tests.bot.conftest import until


def labels(message):
    return [button["label"] for row in message.components for button in row["components"]]


def public(channel):
    """The channel's messages everyone sees."""
    return [message for message in channel.history() if not message.flags.ephemeral]


def edits_of(simcord_env, message_id=None):
    """The PATCH requests that edited an interaction's original response."""
    return [r for r in simcord_env.http_requests if r.method == "PATCH" and "messages/@original" in r.path]


async def test_a_short_search_edits_its_progress_then_shows_the_answer_in_one_message_its_words_behind_a_button(
        world, simcord_env, monkeypatch):
    channel, alice, bob = world
    simcord_env.bot.get_cog("Tiles").edit_every = 0.0  # every progress report the worker relays is shown
    before = len(public(channel))
    result = await alice.slash(channel, "tiles", count=4, lexicon="common", seconds=1)
    assert not result.ephemeral
    final = result.response.embeds[0]
    common = Lexicon.load("common").without_vulgar()  # the server hides vulgar words: the search leaves them out
    greedy = tileset.greedy(common, 4)
    best = await TilesetStore(simcord_env.bot.db).best(Question("common", 4, 2, "skip", vulgar=False))
    assert best is not None and best.improved_by == alice.id and best.greedy_words == greedy.words
    assert final.title == "Tiles · 4 tiles of 2 letters · common · odd-length words skipped · no vulgar words"
    assert " ".join(t.upper() for t in best.tiles) in final.description
    gain = best.words - greedy.words
    assert f"{best.words} words · " + (f"{gain} more than the published greedy method's {greedy.words}" if gain else
                                       f"as many as the published greedy method's {greedy.words}") in final.description
    assert f"This run: {best.words} words. A new best known answer: saved." in final.description
    (picture,) = result.response.attachments
    assert picture.filename == "tiles.png" and picture.description == \
        "4 tiles: " + " ".join(t.upper() for t in best.tiles)
    assert final.image.url == "attachment://tiles.png"
    assert labels(result.response) == ["Keep improving (1 s)", "Words"]
    progress = [e for e in edits_of(simcord_env) if "Searching" in str(e.json)]
    assert progress, "the reply was edited with the search's progress"
    # one public message: no list of words after it
    assert len(public(channel)) == before + 1 and result.followups == []
    words = await bob.click(result.response, label="Words")  # anyone may look, privately
    assert words.ephemeral and len(public(channel)) == before + 1
    page = words.response.embeds[0]
    assert page.title.startswith(f"{best.words} words from ")
    assert page.description.split(", ") == tileset.formable(best.tiles, common)[:80]


async def test_asking_again_answers_from_the_database_and_anyone_may_keep_improving(world, simcord_env, monkeypatch):
    channel, alice, bob = world
    await alice.slash(channel, "tiles", count=3, lexicon="common", odd="either", seconds=1)
    stored = await TilesetStore(simcord_env.bot.db).best(Question("common", 3, 2, "either", vulgar=False))
    ran = []
    run = simcord_env.bot.jobs.run

    async def spy(job, function, *args, **kwargs):
        ran.append((job.owner, function.__name__, args))
        return await run(job, function, *args, **kwargs)

    monkeypatch.setattr(simcord_env.bot.jobs, "run", spy)
    again = await bob.slash(channel, "tiles", count=3, lexicon="common", odd="either", seconds=2)
    assert ran == []  # answered at once, from the database
    shown = again.response.embeds[0]
    assert [a.filename for a in again.response.attachments] == ["tiles.png"]
    assert " ".join(t.upper() for t in stored.tiles) in shown.description
    assert f"best known, found by <@{alice.id}>" in shown.description
    assert labels(again.response) == ["Keep improving (2 s)", "Words"]

    words = await bob.click(again.response, label="Words")
    assert words.ephemeral and words.response.embeds[0].title.startswith(f"{stored.words} words from ")
    assert ran == [] or ran[0][1] == "formable_in_worker"

    more = await bob.click(again.response, label="Keep improving (2 s)")
    (owner, name, args) = ran[-1]
    assert (owner, name) == (bob.id, "search_in_worker") and args[-1] == stored.tiles  # from the best known
    final = more.response.embeds[0].description
    after = await TilesetStore(simcord_env.bot.db).best(Question("common", 3, 2, "either", vulgar=False))
    assert after.words >= stored.words and after.seconds > stored.seconds
    assert "This run:" in final and (after.improved_by == bob.id) == ("A new best known answer" in final)


@pytest.mark.parametrize(("options", "message"), [
    ({"count": 0}, "count is 1 to 200 tiles; 0 is out of range."),
    ({"count": 201}, "count is 1 to 200 tiles; 201 is out of range."),
    ({"size": 4}, "size is 1, 2 or 3 letters per tile; 4 is not."),
    ({"seconds": 61}, "seconds is 1 to 60; 61 is out of range."),
    ({"seconds": 0}, "seconds is 1 to 60; 0 is out of range."),
])
async def test_bad_input_gets_one_clear_private_line(world, options, message):
    channel, alice, _ = world
    result = await alice.slash(channel, "tiles", **options)
    assert result.ephemeral and result.response.content == message


async def test_one_search_at_a_time_per_person(world, simcord_env):
    channel, alice, _ = world
    simcord_env.bot.jobs.reserve(alice.id, "something long")
    busy = await alice.slash(channel, "tiles", count=3, lexicon="common", seconds=1)
    assert busy.ephemeral and "You already have a job running." in busy.response.content


async def test_only_the_person_who_asked_can_cancel_and_the_best_so_far_is_kept(world, simcord_env, jobs_outside):
    channel, alice, bob = world
    reports = jobs_outside()
    result = await alice.slash(channel, "tiles", count=20, lexicon="full", seconds=60)
    await until(lambda: len(reports) >= 1, simcord_env)  # the greedy answer is in
    running = result.response.embeds[0]
    assert "Best so far" in running.description and "Searching" in running.footer.text
    assert labels(result.response) == ["Cancel"]

    refused = await bob.click(result.response, label="Cancel")
    assert refused.ephemeral and refused.response.content == f"Only <@{alice.id}> can cancel this."
    assert simcord_env.bot.jobs.running  # still searching

    simcord_env.settle_timeout = 30.0
    stopped = await alice.click(result.response, label="Cancel")
    assert stopped.ephemeral and stopped.response.content == "Cancelled."
    await until(lambda: not simcord_env.bot.jobs.running, simcord_env)
    best = await TilesetStore(simcord_env.bot.db).best(Question("full", 20, 2, "skip", vulgar=False))
    assert best is not None and best.words == reports[-1].best_words >= 528 and best.improved_by == alice.id
    final = result.response.embeds[0].description
    assert final.startswith("```\n" + " ".join(t.upper() for t in best.tiles))
    assert "Cancelled: the best tiles so far are kept. This run:" in final
    assert labels(result.response) == ["Keep improving (60 s)", "Words"]
