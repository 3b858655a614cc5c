"""/lists upload, show and remove through SimCord: counts and a sample, the limit of three lists,
one server's lists never another's, and the lexicon the wiring uses."""

import gzip

import pytest

from solvers.wordlist import parse_upload

pytestmark = pytest.mark.both_backends

WORDS = "Qi\nZA\nxu  a Chinese coin\nqat 17\n\n# a comment\nhello world\nzax\n123\nqi\n"


def content(result):
    return result.response.content


async def test_an_admin_uploads_a_list_and_sees_its_counts(server, backend):
    result = await server.upload("club", WORDS.encode())
    assert result.ephemeral
    lines = content(result).splitlines()
    assert lines[0] == "Added the list club: 6 words."
    assert lines[1] == "By length: 2: 3, 3: 2, 5: 1."
    assert lines[2].startswith("2 lines skipped: not a-z words. Slurs removed: 0. Vulgar words flagged: 0")
    assert lines[3] == "Sample: hello, qat, qi, xu, za, zax."
    lexicon = await server.env.bot.guild_lists.lexicon(server.guild.id, "club")
    assert sorted(lexicon.words) == sorted(parse_upload(WORDS.encode()).words) and lexicon.name == "club"
    shown = content(await server.say(server.player, "lists show"))
    assert "club: 6 words" in shown and "reported" not in shown  # a player sees no reports


async def test_a_gz_upload_is_the_same_list(server, backend):
    result = await server.upload("club", gzip.compress(WORDS.encode()), filename="words.txt.gz")
    assert content(result).startswith("Added the list club: 6 words.")


async def test_a_fourth_list_is_refused_and_a_same_name_replaces(server, backend):
    for name in ("one", "two", "three"):
        assert content(await server.upload(name, b"cat\ndog\n")).startswith(f"Added the list {name}")
    refused = await server.upload("four", b"cat\n")
    assert refused.ephemeral and content(refused).startswith("This server has 3 lists already (one, three, two)")
    replaced = await server.upload("two", b"cat\ndog\nemu\n")
    assert content(replaced).startswith("Replaced the list two: 3 words.")
    assert await server.env.bot.guild_lists.names(server.guild.id) == ["one", "three", "two"]
    assert len(await server.env.bot.guild_lists.lexicon(server.guild.id, "two")) == 3


async def test_another_server_never_sees_or_uses_a_list(server, other, backend):
    await server.upload("club", WORDS.encode())
    lists = server.env.bot.guild_lists
    assert await lists.names(other.guild.id) == []
    assert "club" not in content(await other.say(other.player, "lists show"))
    with pytest.raises(LookupError, match="no word list called 'club'"):
        await lists.lexicon(other.guild.id, "club")
    with pytest.raises(LookupError):
        await lists.path(other.guild.id, "club")
    assert [c.value for c in await lists.choices(other.guild.id, "")] == ["full", "common", "huge"]
    assert [c.value for c in await lists.choices(server.guild.id, "")] == ["full", "common", "huge", "club"]
    removed = await other.say(other.admin, "lists remove", name="club")
    assert content(removed) == "This server has no list called 'club': it has none."
    assert await lists.names(server.guild.id) == ["club"]


async def test_remove_forgets_the_list(server, backend):
    await server.upload("club", WORDS.encode())
    assert content(await server.say(server.admin, "lists remove", name="club")) == "Removed the list club."
    assert await server.env.bot.guild_lists.names(server.guild.id) == []
    with pytest.raises(LookupError):
        await server.env.bot.guild_lists.lexicon(server.guild.id, "club")


async def test_the_upload_is_parsed_in_a_worker_and_remove_completes_names(server, other, monkeypatch, backend):
    ran, run = [], server.env.bot.jobs.run

    async def spy(job, function, *args, **kwargs):
        ran.append((job.owner, function.__name__))
        return await run(job, function, *args, **kwargs)

    monkeypatch.setattr(server.env.bot.jobs, "run", spy)
    await server.upload("club", WORDS.encode())
    await server.upload("cup", b"cat\n")
    assert ran == [(server.admin.id, "parse_in_worker")] * 2 and server.env.bot.jobs.running == {}
    offered = await server.admin.autocomplete(server.channel, "lists remove", "name", "c")
    assert [c["value"] for c in offered] == ["club", "cup"]
    assert await other.admin.autocomplete(other.channel, "lists remove", "name", "") == []
