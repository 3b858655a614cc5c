"""A word card's hint: the word's pattern and a definition that never gives the word away, and
never a flagged or offensive text."""

from bot.glosses import Gloss, Glosses
from bot.study.hints import MASK, gives_away, masked, pattern, word_hint
from bot.study.model import WORD, DueCard
from bot.study.text import prompt_line
from solvers.definitions import Definitions


def test_the_pattern_is_the_first_letter_and_the_length_and_the_last_letter_without_a_definition():
    assert pattern("recital", last=False) == "R······"
    assert pattern("recital", last=True) == "R·····L"
    assert word_hint("zzzzqx").pattern == "Z····X"  # no definition: the last letter too
    assert word_hint("zzzzqx").definition == ""


def test_the_word_its_lemma_and_their_forms_are_masked():
    assert word_hint("recital").pattern == "R······"
    geese = word_hint("geese").definition
    assert geese.startswith(f"plural of {MASK}: ") and "goose" not in geese
    assert "write" not in word_hint("writer").definition.lower()  # "writes (books or stories…)"
    assert "run" not in word_hint("running").definition
    assert masked("to recite a recital, recitals and runs", {"recital"}) == f"to {MASK} a {MASK}, {MASK} and runs"
    assert gives_away("Recital", {"recital"}) and not gives_away("rec", {"recital"})


class _Glosses(Glosses):
    """Definitions whose text is given (the sense is screened here as the real ones are)."""

    def __init__(self, text: str) -> None:
        super().__init__(Definitions([], {}))
        self.text = text

    def gloss(self, word: str, limit: int = 60) -> Gloss:
        return Gloss(word, "noun", self.text)


def test_an_offensive_definition_is_never_shown():
    from tests.bot.test_no_echo_discord import SLUR
    hint = word_hint("recital", _Glosses(f"a {SLUR} said aloud"))
    assert hint.definition == "" and hint.pattern == "R·····L"
    assert word_hint("recital", _Glosses("a fuck of music")).definition == ""  # a flagged word: not shown either
    assert word_hint("recital", _Glosses("a performance of music")).definition == "a performance of music"


def test_a_definition_that_is_all_the_word_is_not_shown():
    assert word_hint("recital", _Glosses("plural of recital")).definition == ""


def test_the_prompt_names_the_pattern_and_the_definition():
    card = DueCard(1, WORD, "racilet", 1, "common", 0, "new", length=7, pattern="R······",
                   definition="a performance of music")
    assert prompt_line(card) == "R ACILET (R in the centre) · R······ (7 letters): a performance of music · new"
