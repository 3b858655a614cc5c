"""The anagram quiz's rules, pure: question sets (alphagrams of one length of a list, by
probability, commonness or a seeded shuffle), racks with a blank, the daily challenges, and
checking typed answers. No database, no Discord; docs/quiz.md says how each is defined.

- ``bag``: the standard tile bag and ``probability(rack, blanks)``;
- ``table``: one word length of a lexicon grouped by alphagram, and the orders (cached);
- ``sets``: ``Question``, ``question_set``, ``answers_of``, ``questions_of``;
- ``blanks``: ``blank_racks`` (Blank Bingos);
- ``challenges``: ``Challenge``, ``challenges(date)``, ``toughies``;
- ``answers``: ``fold`` and ``answer_key`` (a typed word to the question it answers).
"""

from .answers import AnswerKey, answer_key, fold
from .bag import BAG_BLANKS, BAG_LETTERS, probability
from .blanks import MAX_BLANK_ANSWERS, blank_racks
from .challenges import (
    KEYS,
    TODAY_SECONDS,
    Challenge,
    challenge,
    challenge_lexicon,
    challenges,
    daily_seed,
    toughies,
    toughies_challenge,
)
from .sets import (
    MAX_LENGTH,
    MIN_LENGTH,
    Question,
    QuizError,
    alphagram,
    answers_of,
    question_set,
    questions_of,
    set_size,
)
from .table import ORDERS

__all__ = ["BAG_BLANKS", "BAG_LETTERS", "KEYS", "MAX_BLANK_ANSWERS", "MAX_LENGTH", "MIN_LENGTH", "ORDERS",
           "TODAY_SECONDS",
           "AnswerKey", "Challenge", "Question", "QuizError", "alphagram", "answer_key", "answers_of", "blank_racks",
           "challenge", "challenge_lexicon", "challenges", "daily_seed", "fold", "probability", "question_set",
           "questions_of", "set_size", "toughies", "toughies_challenge"]
