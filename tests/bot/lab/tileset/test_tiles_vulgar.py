"""/tiles words in public: a server that hides vulgar words never sees one counted or listed;
more tiles than exist are refused; a bad row an older release stored breaks nothing."""

import string

from bot.lab.tileset.store import Question, TilesetStore
from solvers import tileset
from solvers.lexicon import Lexicon

ALPHABET = tuple(string.ascii_lowercase)


async def test_vulgar_words_are_counted_and_listed_only_where_the_server_shows_them(world, simcord_env):
    channel, alice, _ = world
    common = Lexicon.load("common")
    every, clean = tileset.formable(ALPHABET, common, 1), tileset.formable(ALPHABET, common.without_vulgar(), 1)
    hidden = set(every) - set(clean)
    assert hidden and all(common.is_vulgar(word) for word in hidden)

    answer = await alice.slash(channel, "tiles", count=26, size=1, lexicon="common", seconds=1)
    words = (await alice.click(answer.response, label="Words")).response.embeds[0]
    assert words.title == f"{len(clean):,} words from {' '.join(t.upper() for t in ALPHABET)}"
    assert not hidden & set(words.description.split(", "))
    stored = await TilesetStore(simcord_env.bot.db).best(Question("common", 26, 1, "skip", vulgar=False))
    assert stored.words == len(clean)
    assert await TilesetStore(simcord_env.bot.db).best(Question("common", 26, 1, "skip")) is None

    await simcord_env.bot.db.set_show_vulgar(channel.guild.id, True)
    shown = await alice.slash(channel, "tiles", count=26, size=1, lexicon="common", seconds=1)
    assert f"{len(every):,} words" in shown.response.embeds[0].description
    listed = await alice.click(shown.response, label="Words")
    assert listed.response.embeds[0].title.startswith(f"{len(every):,} words from ")


async def test_more_tiles_than_exist_are_refused_and_an_old_bad_row_breaks_nothing(world, simcord_env):
    channel, alice, _ = world
    await simcord_env.bot.db.write(  # what /tiles count:30 size:1 stored before: 26 tiles for 30
        "INSERT INTO tileset_best (lexicon, tile_count, tile_size, odd_policy, vulgar, tiles, words, greedy_words, "
        "improved_by) VALUES ('common', 30, 1, 'skip', 0, ?, 5, 5, 1)", (" ".join(ALPHABET),))
    refused = await alice.slash(channel, "tiles", count=30, size=1, lexicon="common")
    assert refused.ephemeral
    assert refused.response.content == "Only 26 different tiles of 1 letter exist: count is 1 to 26; 30 is too many."
    fine = await alice.slash(channel, "tiles", count=26, size=1, lexicon="common", seconds=1)
    assert not fine.ephemeral and "This run:" in fine.response.embeds[0].description
