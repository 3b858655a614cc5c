"""``language:`` on /letterboxed, /fivewords and /tiles (issue 44) through SimCord: the server's
language is the default and the option overrides it; a box of German letters (Ä typed and shown)
is solved on the German list, its Best solution button too; French five-word sets and tiles are
the French list's (checked by brute force); German and Spanish are refused in one line, as the
terminal refuses them."""

import itertools

import pytest

from bot.lab.tileset.store import Question, TilesetStore
from solvers.lexicon import Lexicon


@pytest.fixture
def club(language_club):
    return language_club


def plays_on(box, word):
    side = {ch: number for number, letters in enumerate(box) for ch in letters}
    return len(word) >= 3 and all(ch in side for ch in word) \
        and all(side[a] != side[b] for a, b in zip(word, word[1:], strict=False))


async def test_a_german_box_is_solved_on_the_german_list_and_its_button_answers(club, simcord_env):
    channel, _, player = club
    result = await player.slash(channel, "letterboxed", sides="ÄRT SIE NUL HBO", lexicon="common", language="de",
                                show="solutions")
    page = result.response.embeds[0]
    german, box = Lexicon.load("common", language="de"), ["ärt", "sie", "nul", "hbo"]
    chains = [line.split("** ", 1)[1].split(" · ")[0] for line in page.description.splitlines()]
    assert chains and "Ä" in page.description, page.description
    for chain in chains:  # "**1.** HÄRTE → ..."
        words = [word.lower() for word in chain.split(" → ")]
        assert all(word in german and plays_on(box, word) for word in words), chain
        assert set("".join(words)) == set("".join(box))
    hints = await player.slash(channel, "letterboxed", sides="ÄRT SIE NUL HBO", lexicon="common", language="de")
    best = await player.click(hints.response, label="Best solution")
    assert best.ephemeral and best.response.content.startswith("The best solution: ||")
    assert simcord_env.errors == []


async def test_the_servers_french_is_the_default_for_a_box(club, simcord_env):
    channel, admin, player = club
    await admin.slash(channel, "settings", language="fr")
    hints = await player.slash(channel, "letterboxed", sides="ÉCO LTR ISN AUP", lexicon="common")
    assert not hints.ephemeral and "fr/common" in str(hints.response.embeds[0].to_dict())
    refused = await player.slash(channel, "letterboxed", sides="ÉC1 LTR ISN AUP")
    assert refused.ephemeral and refused.response.content.startswith("A box holds only the letters A–Z;")
    assert simcord_env.errors == []


async def test_french_five_word_sets_are_the_french_lists(club, simcord_env):
    channel, _, player = club
    result = await player.slash(channel, "fivewords", words=2, letters=4, lexicon="common", language="fr",
                                exclude="aeiou")
    french = Lexicon.load("common", language="fr")
    fours = {w for w in french.words if len(w) == 4 and len(set(w)) == 4 and not set(w) & set("aeiou")
             and not french.is_vulgar(w)}
    pairs = [(a, b) for a, b in itertools.combinations(sorted(fours), 2) if not set(a) & set(b)]
    sets = {frozenset((frozenset(a), frozenset(b))) for a, b in pairs}
    title = result.response.embeds[0].title
    assert title.startswith(f"{len(sets)} sets ({len(pairs)} counting anagrams apart)") and "fr/common" in title


async def test_french_tiles_spell_french_words(club, simcord_env):
    channel, _, player = club
    await player.slash(channel, "tiles", count=3, lexicon="common", seconds=1, language="fr")
    best = await TilesetStore(simcord_env.bot.db).best(Question("fr/common", 3, 2, "skip", vulgar=False))
    french = Lexicon.load("common", language="fr")
    chunks = {w: [w[k:k + 2] for k in range(0, len(w), 2)] for w in french.words if len(w) % 2 == 0}
    spelled = [w for w, tiles in chunks.items() if not french.is_vulgar(w)  # each tile once in a word
               and set(tiles) <= set(best.tiles) and len(set(tiles)) == len(tiles)]
    assert best is not None and best.words == len(spelled) > 0
    assert simcord_env.errors == []


@pytest.mark.parametrize("command, options, said", [
    ("fivewords", {"language": "de"}, "Five words works on the 26 letters A-Z for now (English and French); "
                                      "language:de has Ä, Ö, Ü besides."),
    ("tiles", {"language": "es"}, "The tile search works on the 26 letters A-Z for now (English and French); "
                                  "language:es has Ñ besides."),
])
async def test_german_and_spanish_are_refused_in_one_line(club, command, options, said):
    channel, _, player = club
    refused = await player.slash(channel, command, **options)
    assert refused.ephemeral and refused.response.content == said


async def test_the_servers_german_is_refused_by_default(club):
    channel, admin, player = club
    await admin.slash(channel, "settings", language="de")
    refused = await player.slash(channel, "tiles", count=2, seconds=1)
    assert refused.ephemeral and "language:de has Ä, Ö, Ü besides." in refused.response.content
