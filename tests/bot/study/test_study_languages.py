"""/study add language: (issue 44) through SimCord: the server's language is the default, a French
deck's cards are the French list's set (answered with or without accents), a German card is
answered with its ä typed and shown, a list the language lacks is one private line."""

import pytest

from solvers.lexicon import Lexicon
from solvers.quiz.sets import question_set
from tests.bot.conftest import admin_of
from tests.bot.study.deck_club import Club, prompt_of


@pytest.fixture
def club(simcord_env):
    club = Club(simcord_env)
    club.admin = admin_of(simcord_env, club.guild)
    return club


def the_set(lexicon: str, length: int, first: int, last: int) -> dict[str, tuple[str, ...]]:
    return {q.alphagram: q.answers
            for q in question_set(Lexicon.load(lexicon), length, "probability", first, last, clean_only=True)}


@pytest.mark.both_backends
async def test_the_servers_french_makes_french_cards_answered_with_accents(club, simcord_env):
    await club.admin.slash(club.channel, "settings", language="fr")
    added = await club.add("alice", length=3)
    assert added.ephemeral and added.response.content.startswith("3 new cards from 3s probability 1–3 (fr/full)")
    answers = the_set("fr/full", 3, 1, 3)
    card = (await club.study("alice")).response
    asked = prompt_of(card)
    assert asked in answers
    french = Lexicon.load("fr/full")
    typed = " ".join(french.display(word).upper() for word in answers[asked])  # as French writes them
    result = (await club.answer("alice", card, typed)).response
    description = result.embeds[0].description
    assert f"✅ Right: {', '.join(w.upper() for w in answers[asked])}" in description and "Missed" not in description
    assert simcord_env.errors == []


async def test_a_german_card_reads_and_shows_its_umlaut(club, simcord_env):
    german = question_set(Lexicon.load("de/full"), 4, "probability", 1, 400, clean_only=True)
    target = next(q for q in german if any("ä" in word for word in q.answers))
    added = await club.add("alice", length=4, language="de", **{"from": target.rank, "to": target.rank})
    assert added.response.content.startswith("1 new card from 4s probability")
    card = (await club.study("alice")).response
    assert prompt_of(card) == target.alphagram
    result = (await club.answer("alice", card, " ".join(w.upper() for w in target.answers))).response
    assert f"✅ Right: {', '.join(w.upper() for w in target.answers)}" in result.embeds[0].description
    card_again = await club.add("bob", length=4, language="de", **{"from": target.rank, "to": target.rank})
    card = (await club.study("bob")).response
    spelled = " ".join(w.replace("ä", "a") for w in target.answers)  # Ä is a letter of its own in German
    missed = (await club.answer("bob", card, spelled)).response.embeds[0].description
    assert card_again.ephemeral and "❌ Missed: " in missed and "ä" in missed.lower()
    assert simcord_env.errors == []


async def test_a_list_the_language_lacks_is_one_private_line(club):
    refused = await club.add("alice", language="es", lexicon="huge")
    assert refused.ephemeral and refused.response.content == (
        "The Spanish word lists are common, full and this server's own lists uploaded in Spanish (/lists show): "
        "choose one of them, or language: English for huge.")
