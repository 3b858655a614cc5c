"""/lists upload reads every word of a file from every platform, and says the line that is not a
word (the shapes: tests/word_file_shapes.py; the parse and the lists given by path:
tests/bot/test_word_file_shapes.py)."""

from tests.word_file_shapes import file_name, shapes


@shapes
async def test_lists_upload_reads_every_word_and_says_the_skipped_line(server, data):
    result = await server.upload("club", data, filename=file_name(data))
    lines = result.response.content.splitlines()
    assert lines[0] == "Added the list club: 3 words."
    assert lines[2].startswith("1 line skipped: not a-z words. Slurs removed: 0.")
    assert sorted(await server.env.bot.guild_lists.lexicon(server.guild.id, "club")) == ["cat", "dog", "emu"]
