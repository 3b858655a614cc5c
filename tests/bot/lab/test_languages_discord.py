"""A server's language (issue 44) through SimCord: ``/settings language:`` sets the language the
word tools use, ``language:`` on a command overrides it; words are read in the language's letters
(typed with or without accents) and shown as the language writes them; what a language lacks is
one private line."""

import collections

import pytest

from bot.lab.words.text import ENGLISH_ONLY
from solvers.lexicon import Lexicon


@pytest.fixture
def club(language_club):
    return language_club


def brute_force(lexicon, rack: str, blanks: int) -> set[str]:
    """Every word of the list that uses all the rack's letters and ``blanks`` more."""
    tiles = collections.Counter(rack)
    return {w for w in lexicon.words if len(w) == len(rack) + blanks and not tiles - collections.Counter(w)}


def shown_words(embed) -> set[str]:
    """The played forms on an /anagram page (``KäSE (Käse)`` is ``käse``)."""
    text = embed.description.replace("·", " ")
    return {token.lower() for token in text.split() if token.isalpha()}  # not "(élevé)", "**5", "letters**"


async def test_the_servers_language_is_the_default_and_an_option_overrides_it(club):
    channel, admin, player = club
    said = await admin.slash(channel, "settings", language="fr")
    assert said.ephemeral and "**French** word lists" in said.response.content
    summary = await admin.slash(channel, "settings")
    assert "language **French**" in summary.response.content
    french = Lexicon.load("fr/full")
    for typed in ("ÉLÈVE", "eleve"):  # with or without its accents
        card = (await player.slash(channel, "word", word=typed)).response.embeds[0]
        assert card.title == "ELEVE (élevé): a word" and "lexicon: fr/full" in card.footer.text
        assert ENGLISH_ONLY in card.description and "words of French" in card.description
    page = (await player.slash(channel, "anagram", rack="EELV?")).response.embeds[0]
    assert "lexicon: fr/full" in page.footer.text and "ELEVe (élevé)" in page.description
    assert shown_words(page) == {w for w in brute_force(french, "eelv", 1) if not french.is_vulgar(w)}
    english = (await player.slash(channel, "anagram", rack="EELV?", language="en")).response.embeds[0]
    assert "lexicon: full" in english.footer.text and "ELEVE (" not in english.description


async def test_german_and_spanish_letters_of_their_own(club):
    channel, _, player = club
    german = Lexicon.load("de/full")
    page = (await player.slash(channel, "anagram", rack="KSE?", language="de")).response.embeds[0]
    expected = {w for w in brute_force(german, "kse", 1) if not german.is_vulgar(w)}
    assert "käse" in expected and shown_words(page) == expected  # the blank stood for ä
    judged = await player.slash(channel, "judge", words="Straße käse", language="de")
    assert not judged.ephemeral and "not acceptable" not in judged.response.content  # ß is written ss in play
    assert "acceptable" in judged.response.content
    refused = await player.slash(channel, "judge", words="strasse kaese", language="de")
    assert refused.ephemeral and "not acceptable" in refused.response.content
    spanish = (await player.slash(channel, "word", word="niño", language="es")).response.embeds[0]
    assert spanish.title == "NIÑO: a word" and "lexicon: es/full" in spanish.footer.text
    found = (await player.slash(channel, "pattern", pattern="ni?o", language="es")).response.embeds[0]
    assert "NIÑO" in found.description


async def test_what_a_language_lacks_is_one_private_line(club):
    channel, _, player = club
    refused = await player.slash(channel, "anagram", rack="AALNST?", language="fr", lexicon="huge")
    assert refused.ephemeral and refused.response.content == (
        "The French word lists are common, full and this server's own lists uploaded in French (/lists show): "
        "choose one of them, or language: English for huge.")
    defined = await player.slash(channel, "define", word="élève", language="fr")
    assert defined.ephemeral and defined.response.content == ENGLISH_ONLY
    english = await player.slash(channel, "anagram", rack="KÄSE", language="en")  # English reads Ä as A
    assert english.response.embeds[0].title.startswith("KASE: ")
    german = await player.slash(channel, "anagram", rack="KÄSE1", language="de")
    assert german.ephemeral and german.response.content.startswith("A rack holds only letters A–Z, Ä, Ö, Ü and ?")
