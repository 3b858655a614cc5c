"""/letterboxed through SimCord: hints without spoilers, the reveal buttons, paging, a bad box."""

import pytest

from bot.pictures.box import render_box
from solvers.letterbox import parse_box, solve
from solvers.lexicon import Lexicon


def labels(message):
    return [button["label"] for row in message.components for button in row["components"]]


async def test_hints_give_nothing_away_and_the_buttons_reveal_privately(world, simcord_env, new_bot):
    channel, alice, bob = world
    # the server hides them
    solved = solve(Lexicon.load("full").without_vulgar(), parse_box("TJO FEB CUY HIL"), limit=150)
    result = await alice.slash(channel, "letterboxed", sides="tjo feb cuy hil")
    assert not result.ephemeral
    (embed,) = result.response.embeds
    assert embed.title == "Letter Boxed · TJO FEB CUY HIL"
    assert f"{solved.playable} playable words · fewest 2 words · 1 two-word solution and {solved.three_word_count} " \
           "three-word" in embed.description
    assert "O········ → Y·······" in embed.description and "OBJECTIFY" not in embed.description
    (picture,) = result.response.attachments
    assert picture.filename == "box.png" and picture.description.startswith("Letter Boxed box with 4 sides.")
    assert await picture.read() == render_box(("tjo", "feb", "cuy", "hil"))  # the bare box: no spoiler
    assert labels(result.response) == ["First word", "Best solution", "All solutions"]

    first = await bob.click(result.response, label="First word")
    assert first.ephemeral and first.response.content == "The best solution starts with ||OBJECTIFY||."
    await simcord_env.restart_bot(new_bot())  # the buttons carry the box: they work after a restart
    best = await bob.click(result.response, label="Best solution")
    assert best.ephemeral and best.response.content == "The best solution: ||OBJECTIFY → YOUTHFUL||"
    (drawn,) = best.response.attachments  # its picture, behind a spoiler too
    assert drawn.filename == "SPOILER_box.png" \
        and drawn.description.endswith("Chain in order, from O: 1 OBJECTIFY, 2 YOUTHFUL.")
    assert await drawn.read() == render_box(("tjo", "feb", "cuy", "hil"), ("objectify", "youthful"))
    everything = await alice.click(result.response, label="All solutions")
    assert everything.ephemeral
    page = everything.response.embeds[0]
    assert page.title.endswith(f"1 two-word solution and {solved.three_word_count} three-word solutions")
    assert page.description.splitlines()[0] == "**1.** OBJECTIFY → YOUTHFUL · least common word: uncommon"  # OBJECTIFY
    assert page.image.url == "attachment://box.png" and page.footer.text.startswith("pictured: no. 1 · ")
    assert [a.filename for a in everything.response.attachments] == ["box.png"]


async def test_solutions_page_by_page(world):
    channel, alice, bob = world
    result = await alice.slash(channel, "letterboxed", sides="TJO-FEB-CUY-HIL", show="solutions")
    first = result.response.embeds[0]
    assert first.description.startswith("**1.** OBJECTIFY → YOUTHFUL")
    pages = int(first.footer.text.rsplit("/", 1)[1])
    assert pages > 1
    (picture,) = result.response.attachments
    assert await picture.read() == render_box(("tjo", "feb", "cuy", "hil"), ("objectify", "youthful"))
    await alice.click(result.response, label="Next ›")
    assert result.response.embeds[0].description.startswith("**16.** ")
    assert result.response.embeds[0].footer.text.startswith("pictured: no. 16 · ")
    (picture,) = result.response.attachments  # the picture was replaced, not added to
    sixteenth = solve(Lexicon.load("full").without_vulgar(), parse_box("TJO FEB CUY HIL"), limit=150).solutions[15]
    assert await picture.read() == render_box(("tjo", "feb", "cuy", "hil"), sixteenth.words)
    assert picture.description.endswith(f"1 {sixteenth.words[0].upper()}, 2 {sixteenth.words[1].upper()}"
                                        + (f", 3 {sixteenth.words[2].upper()}." if len(sixteenth.words) == 3 else "."))
    refused = await bob.click(result.response, label="Next ›")
    assert refused.ephemeral and "Only" in refused.response.content


@pytest.mark.parametrize(("sides", "message"),
                         [("TJO FEB", "A box has 3 to 6 sides"), ("TJO FEB CUY HIT", "T is there twice")])
async def test_a_bad_box_says_what_to_fix(world, sides, message):
    channel, alice, _ = world
    result = await alice.slash(channel, "letterboxed", sides=sides)
    assert result.ephemeral and message in result.response.content


async def test_the_solve_runs_in_a_worker_and_a_busy_person_is_told(world, simcord_env, monkeypatch):
    channel, alice, bob = world
    ran = []
    run = simcord_env.bot.jobs.run

    async def spy(job, function, *args, **kwargs):
        ran.append(function.__name__)
        return await run(job, function, *args, **kwargs)

    monkeypatch.setattr(simcord_env.bot.jobs, "run", spy)
    await alice.slash(channel, "letterboxed", sides="TJO FEB CUY HIL")
    assert ran == ["solve_in_worker"]
    simcord_env.bot.jobs.reserve(bob.id, "something long")
    busy = await bob.slash(channel, "letterboxed", sides="ABC DEF GHI JKL")
    assert busy.ephemeral and busy.response.content.startswith("You already have a job running.")  # never public
    known = await bob.slash(channel, "letterboxed", sides="TJO FEB CUY HIL")  # solved already: no worker needed
    assert known.response.embeds[0].title == "Letter Boxed · TJO FEB CUY HIL" and ran == ["solve_in_worker"]


async def test_a_busy_person_pressing_a_reveal_button_is_told_privately(world, simcord_env, new_bot):
    channel, alice, bob = world
    result = await alice.slash(channel, "letterboxed", sides="TJO FEB CUY HIL")
    await simcord_env.restart_bot(new_bot())  # the cache is gone: the button needs a worker
    simcord_env.bot.jobs.reserve(bob.id, "something long")
    busy = await bob.click(result.response, label="Best solution")
    assert busy.ephemeral and busy.response.content.startswith("You already have a job running.")


async def test_vulgar_words_stay_out_of_public_answers_unless_the_server_shows_them(world, simcord_env, new_bot):
    """The best solution of HOR TUE LFK CMS on the full list is MOTHERFUCKER → RULES."""
    channel, alice, bob = world
    hidden = await alice.slash(channel, "letterboxed", sides="HOR TUE LFK CMS", show="solutions")
    listed = "\n".join(embed.description for embed in hidden.response.embeds)
    assert "MOTHERFUCKER" not in listed and listed.startswith("**1.** FURTH → HEMLOCKS")
    hints = await alice.slash(channel, "letterboxed", sides="HOR TUE LFK CMS")
    best = await bob.click(hints.response, label="Best solution")
    assert best.response.content == "The best solution: ||FURTH → HEMLOCKS||"
    everything = await bob.click(hints.response, label="All solutions")
    assert "MOTHERFUCKER" not in everything.response.embeds[0].description

    await simcord_env.bot.db.set_show_vulgar(channel.guild.id, True)
    shown = await alice.slash(channel, "letterboxed", sides="HOR TUE LFK CMS", show="solutions")
    assert shown.response.embeds[0].description.startswith("**1.** MOTHERFUCKER → RULES")
    allowed = await alice.slash(channel, "letterboxed", sides="HOR TUE LFK CMS")
    await simcord_env.restart_bot(new_bot())  # each message's buttons keep its server's setting
    assert (await bob.click(allowed.response, label="Best solution")).response.content == \
        "The best solution: ||MOTHERFUCKER → RULES||"
    assert (await bob.click(hints.response, label="Best solution")).response.content == \
        "The best solution: ||FURTH → HEMLOCKS||"


async def test_a_box_with_no_solution_says_how_far_the_proof_looked(world):
    channel, alice, bob = world
    result = await alice.slash(channel, "letterboxed", sides="QX ZJ VW", lexicon="common")
    assert "No chain of up to 6 words of this list uses every letter." in result.response.embeds[0].description
    first = await bob.click(result.response, label="First word")
    assert first.ephemeral and first.response.content == "No chain of up to 6 words of this list uses every letter."


@pytest.mark.parametrize(("sides", "shows_vulgar"), [("WOP XYZ ABC DEF", True), ("ＷＯＰ XYZ ABC DEF", True),
                                                     ("CUN TAB DEF GHI", False)])
async def test_sides_that_spell_a_slur_or_a_hidden_word_are_neither_named_nor_drawn(world, simcord_env, sides,
                                                                                    shows_vulgar):
    """The picture would draw the typed letters: a box whose sides spell a slur (wop), or a
    vulgar word where the server hides them (cunt, across the sides), is answered with no picture."""
    channel, alice, bob = world
    await simcord_env.bot.db.set_show_vulgar(channel.guild.id, shows_vulgar)
    for show in (None, "solutions"):
        result = await alice.slash(channel, "letterboxed", sides=sides, **({"show": show} if show else {}))
        (embed,) = result.response.embeds[:1]
        assert "your box" in embed.title and embed.image.url is None
        assert result.response.attachments == []
    clean = await alice.slash(channel, "letterboxed", sides="TJO FEB CUY HIL")  # the counter-check
    assert [a.filename for a in clean.response.attachments] == ["box.png"]
