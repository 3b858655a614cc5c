"""Each kind of bad upload gets one clear private line, and nothing is stored: binary, UTF-16,
empty, too big (refused before it is downloaded), a .gz that inflates without end, too many
lines, not UTF-8, a bad name, and an upload by someone without Manage Server."""

import gzip
import types
import zlib

import discord
import pytest

from solvers import wordlist


def stored(server):
    return server.env.bot.guild_lists.names(server.guild.id)


def gz_bomb(size):
    """A gzip file that inflates to ``size`` bytes of lines "a", made without holding them."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    block = b"a\n" * (1 << 19)
    return b"".join([*(packer.compress(block) for _ in range(size >> 20)), packer.flush()])


@pytest.mark.parametrize(("data", "filename", "expected"), [
    (b"\x7fELF\x02\x01\x01\x00\x00\x00binary", "words.txt", "The file is not text (it holds binary data)"),
    ("cat\ndog\n".encode("utf-16-le"), "words.txt", "The file is UTF-16 text without a byte-order "
                                                    "mark: save it as UTF-8"),
    (b"", "words.txt", "The file is empty"),
    (b"\n \n\t\n", "words.txt", "The file is empty"),
    (b"cat\ncaf\xe9\n", "words.txt", "The file is not UTF-8 text (line 2)"),
    (b"123\n!!!\n", "words.txt", "The file holds no word in 2 lines"),
    (gz_bomb(65 << 20), "words.txt.gz", "The .gz file unpacks to more than 64 MB"),
    (gzip.compress(b"a\n" * 10_000_000, 1, mtime=0), "words.txt.gz", "The file has 10,000,000 lines; a word list may "
                                                                     "have at most 2,000,000."),
    (gzip.compress(b"cat\ndog\n", mtime=0)[:-6], "words.txt.gz", "The .gz file is cut short"),
])
async def test_a_bad_file_gets_one_clear_line_and_nothing_is_stored(server, data, filename, expected):
    result = await server.upload("club", data, filename=filename)
    assert result.ephemeral and result.response.content.startswith(expected)
    assert "\n" not in result.response.content
    assert await stored(server) == []


async def test_a_file_too_big_is_refused_before_it_is_downloaded(server, monkeypatch):
    read = []
    monkeypatch.setattr("discord.Attachment.read", lambda self, **kw: read.append(self))
    result = await server.upload("club", b"cat\n" * (2 * 2**20 + 1))
    assert result.ephemeral \
        and result.response.content.startswith("The file is 8.0 MB; a word list may be at most 8 MB")
    assert read == [] and await stored(server) == []


def distinct_words(count):
    """``count`` different five-letter words: aaaaa, aaaab, ..."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    return [letters[n // 26**4 % 26] + letters[n // 26**3 % 26] + letters[n // 676 % 26] + letters[n // 26 % 26]
            + letters[n % 26] for n in range(count)]


async def test_too_many_words_are_refused(server):
    result = await server.upload("club", "\n".join(distinct_words(wordlist.MAX_WORDS + 1)).encode())
    assert result.ephemeral
    assert result.response.content == "The file has 500,001 different words; a word list may have at most 500,000."
    assert await stored(server) == []


@pytest.mark.parametrize("name", ["Club", "a" * 21, "full", "my list", ""])
async def test_a_bad_name_is_refused(server, name):
    result = await server.upload(name, b"cat\n")
    assert result.ephemeral and ("1 to 20 of the letters" in result.response.content
                                 or "is the name of a bundled list" in result.response.content)
    assert await stored(server) == []


async def test_members_without_manage_server_cannot_upload_or_remove(server, simcord_env):
    await server.upload("club", b"cat\ndog\n")
    for command, options in (("lists upload", {"name": "mine", "file": ("w.txt", b"cat\n")}),
                             ("lists remove", {"name": "club"})):
        result = await server.player.slash(server.channel, command, **options)
        assert result.ephemeral and result.response.content == \
            "You need the Manage Server permission to use this command."
    assert await stored(server) == ["club"]
    assert [type(e).__name__ for e in simcord_env.errors] == ["MissingPermissions", "MissingPermissions"]


async def test_a_download_that_fails_is_one_line_and_frees_the_job(server, monkeypatch):
    async def broken(self, **kwargs):
        raise discord.HTTPException(types.SimpleNamespace(status=503, reason="Service Unavailable"), "gone")

    monkeypatch.setattr("discord.Attachment.read", broken)
    result = await server.upload("club", b"cat\n")
    assert result.ephemeral and result.response.content == \
        "Could not download the file from Discord: please upload it again in a minute."
    assert server.env.bot.jobs.running == {} and await stored(server) == []
