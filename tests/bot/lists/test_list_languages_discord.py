"""A server's own word list in a language (issue 44, point 5) through SimCord: uploaded with
``language:`` (the server's language by default), read by its letters, shown as it writes its
words and played with or without their accents; a command in another language refuses it in
one private line. The column is stored on both backends by the last two tests; the letters of
each language are read on one."""

import collections

import pytest

from bot.lexicons.language import LANGUAGE

FRENCH = "Élève\nÉLAN\nCœur\ngarçon\nl'eau\nporte-monnaie\nstraße\nmerde\n"
GERMAN = "Straße\nÄrger\nÖl\nÜber\nKäse\nsłowo\n"
SPANISH = "Año\nNiño\nÁrbol\nPingüino\nstraße\n"


def content(result):
    return result.response.content


def brute_force(lexicon, rack: str) -> set[str]:
    """Every word of the list made of exactly the rack's letters."""
    return {w for w in lexicon.words if collections.Counter(w) == collections.Counter(rack)}


def page_words(result) -> set[str]:
    """The played forms an /anagram page lists, in capitals (``ELEVE (élève)`` is ``eleve``)."""
    (embed,) = result.response.embeds
    return {token.lower() for token in embed.description.replace("·", " ").split()
            if token.isalpha() and token.isupper()}


async def test_a_french_list_is_shown_with_accents_and_played_with_or_without_them(server):
    uploaded = await server.admin.slash(server.channel, "lists upload", name="mots", file=("mots.txt", FRENCH.encode()),
                                 language="fr")
    lines = content(uploaded).splitlines()
    assert lines[0] == "Added the list mots: 5 words."
    assert lines[2].startswith("3 lines skipped")  # the apostrophe, the hyphen, ß
    assert lines[3] == "Sample: cœur, élan, élève, garçon."
    assert lines[4] == "Language: French, played in the letters A–Z."
    assert "mots: 5 words in French" in content(await server.say(server.player, "lists show"))
    lexicon = await server.env.bot.guild_lists.lexicon(server.guild.id, "fr/mots")
    for typed in ("ÉLÈVE", "eleve"):
        found = await server.say(server.player, "anagram", rack=typed, lexicon="mots", language="fr")
        assert not found.ephemeral and page_words(found) == brute_force(lexicon, "eleve") == {"eleve"}
        assert "ELEVE (élève)" in found.response.embeds[0].description
    heart = await server.say(server.player, "anagram", rack="CŒUR", lexicon="mots", language="fr")
    assert page_words(heart) == {"coeur"} and "COEUR (cœur)" in heart.response.embeds[0].description
    chosen = await server.say(server.admin, "settings", lexicon="mots")  # the server's default, in French
    assert "now use the **mots** word list" in content(chosen)
    assert "word list **mots**" in content(await server.say(server.admin, "settings"))
    default = await server.say(server.player, "anagram", rack="ELEVE", language="fr")
    assert page_words(default) == {"eleve"} and "lexicon: fr/mots" in default.response.embeds[0].footer.text


async def test_a_german_list_keeps_its_umlauts_and_plays_sharp_s_as_ss(server):
    uploaded = await server.admin.slash(server.channel, "lists upload", name="wörter",
                                        file=("w.txt", GERMAN.encode()), language="de")
    assert content(uploaded).startswith("A list's name is 1 to 20 of the letters a-z")  # the name is a-z
    uploaded = await server.admin.slash(server.channel, "lists upload", name="woerter",
                                        file=("w.txt", GERMAN.encode()), language="de")
    lines = content(uploaded).splitlines()
    assert lines[0] == "Added the list woerter: 5 words." and lines[2].startswith("1 line skipped")  # ł
    assert lines[4] == "Language: German, played in the letters A–Z, Ä, Ö, Ü."
    lexicon = await server.env.bot.guild_lists.lexicon(server.guild.id, "de/woerter")
    assert sorted(lexicon.words) == ["käse", "strasse", "ärger", "öl", "über"]
    street = await server.say(server.player, "anagram", rack="STRASSE", lexicon="woerter", language="de")
    assert page_words(street) == brute_force(lexicon, "strasse") and "STRASSE (straße)" in \
        street.response.embeds[0].description
    anger = await server.say(server.player, "anagram", rack="RÄGER", lexicon="woerter", language="de")
    assert page_words(anger) == brute_force(lexicon, "ärger") == {"ärger"}
    plain = await server.say(server.player, "anagram", rack="RAGER", lexicon="woerter", language="de")
    assert page_words(plain) == set()  # A is not Ä in German


async def test_a_spanish_list_keeps_its_enye(server):
    uploaded = await server.admin.slash(server.channel, "lists upload", name="palabras",
                                        file=("p.txt", SPANISH.encode()), language="es")
    assert content(uploaded).splitlines()[3] == "Sample: árbol, año, niño, pingüino."  # in played order
    lexicon = await server.env.bot.guild_lists.lexicon(server.guild.id, "es/palabras")
    assert sorted(lexicon.words) == ["arbol", "año", "niño", "pinguino"]
    child = await server.say(server.player, "anagram", rack="ÑINO", lexicon="palabras", language="es")
    assert page_words(child) == brute_force(lexicon, "niño") == {"niño"}
    assert page_words(await server.say(server.player, "anagram", rack="NINO", lexicon="palabras",
                                       language="es")) == set()  # N is not Ñ in Spanish


@pytest.mark.both_backends
async def test_the_language_is_the_servers_by_default(server, backend):
    await server.env.bot.db.set_guild_setting(server.guild.id, LANGUAGE, "fr")
    uploaded = await server.upload("mots", FRENCH.encode())
    assert content(uploaded).splitlines()[4] == "Language: French, played in the letters A–Z."
    found = await server.say(server.player, "anagram", rack="ELEVE", lexicon="mots")  # the server's language
    assert page_words(found) == {"eleve"}
    assert "mots: 5 words in French, added" in content(await server.say(server.player, "lists show"))


@pytest.mark.both_backends
async def test_a_list_in_another_language_is_one_private_line(server, backend):
    await server.upload("club", b"cat\nact\n")  # English: the server's language
    await server.admin.slash(server.channel, "lists upload", name="mots", file=("m.txt", FRENCH.encode()),
                             language="fr")
    refused = await server.say(server.player, "anagram", rack="ACT", lexicon="club", language="fr")
    assert refused.ephemeral and content(refused) == (
        "The list club is English: use it with language: English, or choose one of the French lists.")
    refused = await server.say(server.player, "anagram", rack="ELEVE", lexicon="mots", language="de")
    assert refused.ephemeral and content(refused) == (
        "The list mots is French: use it with language: French, or choose one of the German lists.")
    refused = await server.say(server.player, "word", word="eleve", lexicon="mots")  # the server's: English
    assert refused.ephemeral and content(refused).startswith("The list mots is French:")
    offered = await server.player.autocomplete(server.channel, "anagram", "lexicon", "", rack="AB")
    assert [c["name"] for c in offered][3:] == ["club: this server's list of 2 words in English",
                                                "mots: this server's list of 5 words in French"]
