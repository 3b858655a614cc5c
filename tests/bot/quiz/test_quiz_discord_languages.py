"""/quiz start language: (issue 44) through SimCord: the server's language is the default, a French
round asks the French list's alphagrams in the French bag's probability order (checked against a
brute force of the bag's draws), a German round reads ä typed in its thread and in its form, and a
list the language lacks is one private line."""

import collections
import itertools
from math import comb

import pytest

from bot.chat.outcome import CHECK, CROSS
from bot.quiz.store import QuizStore
from solvers.alphabets import letter_counts
from solvers.lexicon import Lexicon
from solvers.quiz.sets import question_set
from tests.bot.conftest import INTENT_ON, admin_of
from tests.bot.quiz.test_quiz_discord import Quizzers, settle
from tests.bot.study.deck_club import prompt_of


@pytest.fixture
def club(simcord_env):
    club = Quizzers(simcord_env)
    club.admin = admin_of(simcord_env, club.guild)
    return club


def draws(rack: str, bag: dict[str, int], blanks: int) -> int:
    """Brute force: the sets of len(rack) tiles of the bag (its letters and ``blanks`` blanks) whose
    letters are some of the rack's, the blanks standing for the rest."""
    need, total = collections.Counter(rack), 0
    for kept in itertools.product(*(range(count + 1) for count in need.values())):
        letters = sum(kept)
        ways = comb(blanks, len(rack) - letters)
        for letter, k in zip(need, kept, strict=True):
            ways *= comb(bag.get(letter, 0), k)
        total += ways
    return total


async def test_the_servers_french_is_the_default_and_its_round_is_the_bags_probability_order(club, simcord_env):
    await club.admin.slash(club.channel, "settings", language="fr")
    result = await club.start(questions=5, length=4)
    assert result.ephemeral and "fr/common" in result.response.content
    record = await club.running()
    assert record.lexicon == "fr/common"
    stored = await QuizStore(simcord_env.bot.db).questions(record.round_id)
    french = Lexicon.load("common", language="fr")
    groups = collections.defaultdict(set)
    for word in french.words:
        if len(word) == 4 and not french.is_vulgar(word):
            groups["".join(sorted(word))].add(word)
    bag = letter_counts("fr")
    chance = {rack: draws(rack, bag, 2) for rack in groups}
    assert [set(answers) for rack, answers in stored] == [groups[rack] for rack, _ in stored]
    odds = [chance[rack] for rack, _ in stored]
    assert odds == sorted(odds, reverse=True) and len(stored) == 5
    assert {rack for rack in chance if chance[rack] > odds[-1]} <= {rack for rack, _ in stored}
    english = await club.start(channel=club.other, language="en")
    assert "fr/" not in english.response.content and (await club.running(club.other)).lexicon == "common"
    assert simcord_env.errors == []


@INTENT_ON
async def test_a_german_round_reads_its_umlauts_typed_and_in_the_form_and_shows_them(club, simcord_env):
    german = Lexicon.load("common", language="de")
    umlauts = [q for q in question_set(german, 4, "probability", 1, None) if any("ä" in w for w in q.answers)]
    first, then = next((a, b) for a, b in zip(umlauts, umlauts[1:], strict=False) if b.rank - a.rank <= 3)
    typed_word, missed_word = first.answers[0], then.answers[0]
    await club.start(length=4, language="de", **{"from": first.rank, "to": then.rank})
    record = await club.running()
    thread = club.thread()
    spelled = await club.bob.send(thread, missed_word.replace("ä", "ae").upper())  # ae is no ä in German play
    typed = await club.alice.send(thread, typed_word.upper())
    shown = await club.carol.click(club.board(), label="Answer")
    reply = await club.carol.submit_modal(shown, {"words": f"{typed_word.upper()} {missed_word.replace('ä', 'a')}"})
    await settle(simcord_env)
    assert club.reactions(typed, thread) == [CHECK] and club.reactions(spelled, thread) in ([], [CROSS])
    assert reply.ephemeral and "Not an answer here: 1 word." in reply.response.content  # Ä is not A in German
    found = await QuizStore(simcord_env.bot.db).found(record.round_id)
    assert [(f.word, f.user_id) for f in found] == [(typed_word, club.alice.id)]
    await simcord_env.advance_time(61)
    (end,) = club.ends()
    assert f"**{then.alphagram.upper()}** ||{missed_word}||" in end.embeds[0].description
    assert simcord_env.errors == []


async def test_a_list_the_language_lacks_is_one_private_line(club):
    refused = await club.start(language="es", lexicon="huge")
    assert refused.ephemeral and refused.response.content == (
        "The Spanish word lists are common, full and this server's own lists uploaded in Spanish (/lists show): "
        "choose one of them, or language: English for huge.")
    assert club.boards() == []


async def test_a_french_rounds_misses_become_french_study_cards(club, simcord_env):
    await club.start(questions=1, length=4, language="fr")
    record = await club.running()
    ((alphagram, _),) = await QuizStore(simcord_env.bot.db).questions(record.round_id)
    await club.alice.send(club.channel, f"{club.me} zzzz")  # she takes part and finds nothing
    await simcord_env.advance_time(61)
    card = (await club.alice.slash(club.channel, "study review")).response
    assert prompt_of(card) == alphagram and "in the fr/common list" in card.embeds[0].description
