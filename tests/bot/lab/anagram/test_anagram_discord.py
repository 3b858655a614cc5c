"""/anagram driven through SimCord: discord.py's real machinery against a simulated Discord."""

import threading

import pytest


@pytest.fixture
def world(simcord_env):
    guild = simcord_env.create_guild("Scrabble Club")
    channel = guild.create_text_channel("words")
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    return guild, channel, alice, bob


def embed_of(result):
    (embed,) = result.response.embeds
    return embed


async def test_a_rack_lists_its_bingos_with_blanks_marked(world):
    _, channel, alice, _ = world
    result = await alice.slash(channel, "anagram", rack="aalnst?")
    assert not result.ephemeral
    embed = embed_of(result)
    assert embed.title == "AALNST?: 9 bingos"
    assert "**7 letters** (9)" in embed.description
    for marked in ("ANALyST", "SeALANT", "SuLTANA", "SALTpAN"):
        assert marked in embed.description
    assert "a bingo uses all 7 tiles · lowercase letters are blanks" in embed.footer.text
    assert result.response.components == []  # one page: no buttons


async def test_a_board_letter(world):
    _, channel, alice, _ = world
    embed = embed_of(await alice.slash(channel, "anagram", rack="AALNST?", board="i"))
    assert embed.title == "AALNST? through I: 15 words"
    for marked in ("TALISmAN", "NASALITy", "ANnALIST"):
        assert marked in embed.description


async def test_two_board_letters_show_which_one_each_word_uses(world):
    _, channel, alice, _ = world
    embed = embed_of(await alice.slash(channel, "anagram", rack="AELRST??", board="EI"))
    assert "through E or I" in embed.title
    assert "AERoLiTES(E)" in embed.description and "AERoLITeS(I)" in embed.description


async def test_the_common_lexicon_and_no_results(world):
    _, channel, alice, _ = world
    embed = embed_of(await alice.slash(channel, "anagram", rack="AALNST?", lexicon="common"))
    assert "SALTpAN" not in embed.description and "SeALANT" in embed.description
    assert embed.footer.text.endswith("lexicon: common")
    embed = embed_of(await alice.slash(channel, "anagram", rack="QQQQ"))
    assert embed.title == "QQQQ: no words"
    assert "Try `mode: sub`" in embed.description


async def test_paging_with_the_buttons(world):
    _, channel, alice, _ = world
    result = await alice.slash(channel, "anagram", rack="AELRST?", mode="sub")
    first = embed_of(result)
    assert first.title == "AELRST? (any length): 2,160 words"  # 2,167 with the 7 flagged ones, hidden here
    pages = int(first.footer.text.rsplit("/", 1)[1])
    assert pages > 5 and first.footer.text.endswith(f"page 1/{pages}")
    assert first.description.startswith("**7 letters** (")

    await alice.click(result.response, label="Next ›")
    second = embed_of(result)
    assert second.footer.text.endswith(f"page 2/{pages}")
    assert second.description != first.description

    await alice.click(result.response, label="»")
    last = embed_of(result)
    assert last.footer.text.endswith(f"page {pages}/{pages}")
    assert "**2 letters**" in last.description  # shortest words come last

    await alice.click(result.response, label="‹ Prev")
    assert embed_of(result).footer.text.endswith(f"page {pages - 1}/{pages}")
    await alice.click(result.response, label="«")
    assert embed_of(result).description == first.description


async def test_every_word_appears_once_across_the_pages(world):
    _, channel, alice, _ = world
    result = await alice.slash(channel, "anagram", rack="RETAINS", mode="sub")
    pages = int(embed_of(result).footer.text.rsplit("/", 1)[1])
    seen = []
    for page in range(pages):
        description = embed_of(result).description
        seen += [w for line in description.splitlines() if not line.startswith("**") for w in line.split(" · ")]
        if page < pages - 1:
            await alice.click(result.response, label="Next ›")
    from solvers.anagram import parse_query, solve
    from solvers.lexicon import Lexicon

    full = Lexicon.load("full")  # every word but the vulgar ones, hidden by default
    assert seen == [r.word.upper() for r in solve(full, parse_query("RETAINS", mode="sub"), hide=full.vulgar).results]


async def test_only_the_invoker_can_turn_the_pages(world):
    _, channel, alice, bob = world
    result = await alice.slash(channel, "anagram", rack="AELRST?", mode="sub")
    before = embed_of(result).description
    refused = await bob.click(result.response, label="Next ›")
    assert refused.ephemeral
    assert refused.response.content == f"Only {alice.mention} can turn these pages. Run `/anagram` to get your own."
    assert embed_of(result).description == before


async def test_the_buttons_switch_off_when_the_pages_expire(world, simcord_env):
    _, channel, alice, _ = world
    result = await alice.slash(channel, "anagram", rack="AELRST?", mode="sub")
    await simcord_env.advance_time(601)
    buttons = [c for row in result.response.components for c in row["components"]]
    assert buttons and all(button.get("disabled") for button in buttons)


async def test_the_buttons_switched_off_show_the_page_the_message_shows(world, simcord_env):
    _, channel, alice, _ = world
    result = await alice.slash(channel, "anagram", rack="AELRST?", mode="sub")
    first = embed_of(result).description
    await alice.click(result.response, label="Next ›")
    second = embed_of(result).description
    assert second != first
    await simcord_env.advance_time(601)
    buttons = [c for row in result.response.components for c in row["components"]]
    assert buttons and all(button.get("disabled") for button in buttons)
    assert [b["label"] for b in buttons if "/" in b["label"]][0].startswith("2/")
    assert embed_of(result).description == second


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"rack": "AB1"}, "A rack holds only letters A–Z and ? for a blank; remove '1'."),
        ({"rack": "A" * 500}, "A rack holds at most 15 tiles; yours has 500."),
        ({"rack": "AB????"}, "A rack holds at most 3 blanks (?); yours has 4."),
        ({"rack": "AALNST?", "board": "?"}, "Board letters are letters A–Z already on the board "
                                            "(no blanks); remove '?'."),
    ],
)
async def test_bad_input_gets_a_private_message_saying_what_to_fix(world, options, message):
    _, channel, alice, _ = world
    result = await alice.slash(channel, "anagram", **options)
    assert result.ephemeral
    assert result.response.content == message


async def test_the_solver_runs_off_the_event_loop(world, monkeypatch, simcord_env):
    _, channel, alice, _ = world
    threads = []
    import bot.lab.anagram.pages as anagram_pages  # the module the bot uses

    real = anagram_pages.solve

    def spy(*args, **kwargs):
        threads.append(threading.current_thread())
        return real(*args, **kwargs)

    monkeypatch.setattr(anagram_pages, "solve", spy)
    result = await alice.slash(channel, "anagram", rack="AALNST?")
    assert embed_of(result).title == "AALNST?: 9 bingos"
    assert threads and threads[0] is not threading.main_thread()
