"""The box's hint ladder (bot.games.letterbox.hints and its words in text.py): each level fits the
chain in progress, adds to the one before, never spells a word, and gives the published
solution's shape only last."""

import re

import pytest

from bot.games.letterbox import text
from bot.games.letterbox.embeds import hint_embed
from bot.games.letterbox.hints import HINT_LEVELS, make_hint
from solvers import letterbox
from solvers.letterbox import DailyBox, Words
from solvers.lexicon import Lexicon
from tests.bot.games.letterbox.test_letterbox_game import DAY, PUBLISHED

WORDS = {"powerful": 3.0, "libertine": 3.0, "lit": 4.0, "tin": 3.5, "tib": 3.8, "nub": 2.5, "tinub": 1.0}
"""On the box TUW BNO EFI LPR: TINUB (rare, not everyday) uses both B and N; TIB and TIN one each."""
SMALL = Lexicon("small", WORDS, WORDS)
EVERYDAY = Lexicon("everyday", [w for w in WORDS if w != "tinub"], WORDS)


def small_hint(chain, par=5):
    puzzle = DailyBox(DAY, PUBLISHED.box, par, PUBLISHED.solution, len(WORDS))
    return make_hint(puzzle, tuple(chain), Words.of(SMALL, puzzle.box), SMALL, EVERYDAY)


def ladder(hint):
    return [text.hint_level(hint, level) for level in range(1, HINT_LEVELS + 1)]


def test_each_level_fits_the_chain_and_the_shape_of_the_solution_comes_last():
    one, two, three, four = ladder(small_hint(["powerful", "lit"]))
    assert one == ["2 letters left: B N.",
                   "3 playable words can come next, starting with T; letters left are in 3 of them, up to "
                   "2 letters in one word."]
    assert two == ["Your chain can be finished in 1 more word: 3 words in all (par 5)."]
    # an everyday word (TIB and TIN use one letter left each), not rare TINUB with both
    assert three == ["A good next word has 3 letters and starts with TI; it uses 1 letter still left."]
    assert four == ["Today's published solution is two words, of 8 and 9 letters; the first starts with P."]


def test_a_fresh_chain_a_dead_end_a_far_finish_and_over_par():
    fresh = ladder(small_hint([]))  # POWERFUL has 8 different letters
    assert fresh[0][1] == f"Any of the {len(WORDS)} playable words may start your chain; the best one " \
                          "uses 8 of the 12 letters."
    assert fresh[1] == ["The box can be solved in 2 words; par is 5."]
    dead = small_hint(["libertine"])  # nothing starts with E
    assert dead.next_words == 0 and dead.next_word is None and dead.to_finish is None
    assert text.hint_level(dead, 1)[1] == "No playable word starting with E uses a letter left: Undo the last word, " \
                                          "or begin a new chain with Restart."
    assert text.hint_level(dead, 3) == ["No word from here uses a letter left."]
    far = small_hint(["lit"])  # TIN, NUB, then nothing starts with B
    assert text.hint_level(far, 2) == ["Your chain needs more than 3 more words to use every letter: "
                                       "a new chain may do better."]
    over = small_hint(["powerful", "lit", "tin"], par=3)
    assert text.hint_level(over, 2) == ["Your chain can be finished in 1 more word: 4 words in all (par 3). "
                                        "That is over par: a new chain may do better."]
    solved = small_hint(["powerful", "lit", "tin", "nub"])
    assert solved.levels == 1 and ladder(solved)[0] == [
        "Your chain already uses every letter: solved in 4 words. Restart, then ask again for a shorter chain."]


def test_the_team_hears_of_its_own_chain():
    puzzle = DailyBox(DAY, PUBLISHED.box, 5, PUBLISHED.solution, len(WORDS))
    team = make_hint(puzzle, ("powerful",), Words.of(SMALL, puzzle.box), SMALL, EVERYDAY, team=True)
    assert text.hint_level(team, 2)[0].startswith("The team's chain can be finished in 1 more word")
    assert hint_embed(team).description.startswith("The team chain: POWERFUL\n\n")


@pytest.mark.parametrize("chain", [(), ("powerful",), ("powerful", "lit"), ("powerful", "lit", "tin")])
def test_the_levels_add_up_in_one_reply_and_never_spell_a_word(chain):
    accepted, everyday = Lexicon.load("full").without_vulgar(), Lexicon.load("common")
    hint = make_hint(PUBLISHED, chain, Words.of(accepted, PUBLISHED.box), accepted, everyday)
    levels = ladder(hint)
    said = " ".join(line for level in levels for line in level)
    assert re.findall(r"\b[A-Z]{3,}\b", said) == []  # letters and two-letter starts only: no word
    for level in range(1, HINT_LEVELS + 1):
        embed = hint_embed(hint, level)
        assert embed.title == f"Hint {level} of {HINT_LEVELS}"
        shown = [line.replace("**", "") for line in embed.description.split("\n")]
        assert all(line in shown for lines in levels[:level] for line in lines)
        assert not any(line in shown for lines in levels[level:] for line in lines)
    assert 0 < hint.next_word.new_letters <= hint.most_new_letters <= len(hint.letters_left)
    playable = [accepted.words[i] for i in letterbox.playable(accepted, PUBLISHED.box).tolist()]
    if chain:  # one more word finishes when a word from the last letter holds every letter left
        assert (hint.to_finish == 1) == \
            any(w[0] == chain[-1][-1] and set(hint.letters_left) <= set(w) for w in playable)
    else:  # no word holds all 12 letters; the published pair solves it
        assert hint.to_finish == 2 and not any(set(w) >= set(PUBLISHED.box.letters) for w in playable)
