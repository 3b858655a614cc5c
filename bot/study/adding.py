"""Making cards to add: from a player's quiz misses, a quiz set, a day's bee, or lines of a
file. Lexicon work runs in a thread (a list's first set takes a moment to index)."""

from __future__ import annotations

import asyncio
import datetime as dt
import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from fsrs import State

from bot.db import Database
from bot.plugins import Miss, daily_plugin
from bot.study import transfer
from bot.study.cards import NewCard, alphagram_card, line_card, word_card

# MAX_DECK and SET_CARDS_PER_DAY: the deck reads them here, as adding.MAX_DECK (the tests lower them)
from bot.study.model import ALPHAGRAM, MAX_DECK, MAX_IMPORT_LINES, SET_CARDS_PER_DAY, StudyError  # noqa: F401
from bot.study.schedule import NEW, CardState, flaw
from bot.text import long_date
from solvers.lexicon import Lexicon
from solvers.list_names import is_bundled
from solvers.quiz.sets import QuizError, alphagram, question_set
from solvers.screen import may_repeat

MAX_SET = 1000
BEE_LEXICON = "common"  # the bee's answers come from this list


@dataclass(frozen=True, slots=True)
class ImportedCards:
    """An import's cards (each with its schedule, None: new); the lines that made no card (no
    answer in the list, a flagged word, not letters), numbered from 1, their text cut short; the
    rows skipped, each with what is wrong (``stability -5``); the lines left unread past the
    first ``MAX_IMPORT_LINES``."""

    cards: list[tuple[NewCard, CardState | None]]
    skipped: list[tuple[int, str]]
    bad: list[tuple[int, str]]
    unread: int


def _lexicon(lexicons: Mapping[str, Lexicon], name: str) -> Lexicon:
    """The list by name: one the bot holds, or another language's bundled list (``fr/full``,
    loaded the first time: called in a thread)."""
    if name in lexicons:
        return lexicons[name]
    if is_bundled(name):
        return Lexicon.load(name)
    raise StudyError(f"The word list is one of {', '.join(sorted(lexicons))}.")


def _known(lexicons: Mapping[str, Lexicon], name: str) -> bool:
    return name in lexicons or is_bundled(name)


async def miss_cards(lexicons: Mapping[str, Lexicon], default: str, misses: Sequence[Miss]) -> list[NewCard]:
    """A card for each missed alphagram (in its round's list when the bot knows it, else the
    player's), each once; an alphagram with a flagged word makes none."""

    def make() -> list[NewCard]:
        cards: dict[tuple[str, str], NewCard] = {}
        for miss in misses:
            name = miss.lexicon if _known(lexicons, miss.lexicon) else default  # a French round's: French cards
            if _known(lexicons, name) and (card := alphagram_card(_lexicon(lexicons, name), alphagram(miss.alphagram),
                                                                 "miss")):
                cards.setdefault((card.lexicon, card.key), card)
        return list(cards.values())

    return await asyncio.to_thread(make)


async def set_cards(lexicons: Mapping[str, Lexicon], lexicon: str, length: int, first: int, last: int) -> list[NewCard]:
    """The cards of the quiz's set: ``length``-letter alphagrams, probability ranks first-last,
    only those none of whose words is flagged."""
    if isinstance(first, int) and isinstance(last, int) and last - first + 1 > MAX_SET:
        raise StudyError(f"Ranks {first:,} to {last:,} are {last - first + 1:,} alphagrams; a set to study is at most "
                         f"{MAX_SET:,} at a time, e.g. {first:,} to {first + MAX_SET - 1:,}.")

    def make() -> list[NewCard]:
        words = _lexicon(lexicons, lexicon)
        try:
            questions = question_set(words, length, "probability", first, last, clean_only=True)
        except QuizError as error:
            raise StudyError(str(error)) from None
        return [NewCard(ALPHAGRAM, lexicon, q.alphagram, q.alphagram, q.answers, "set") for q in questions
                if may_repeat(q.alphagram, show_flagged=False)]

    return await asyncio.to_thread(make)


async def bee_cards(db: Database, lexicons: Mapping[str, Lexicon], user_id: int, guild_id: int,
                    day: dt.date) -> tuple[list[NewCard], int]:
    """Word cards for the words of ``day``'s bee the player did not find in that server, and how
    many were left out (not clean words of the list)."""
    read = daily_plugin("bee").day_words  # the bee's, through the plug-ins (bot.plugins)
    puzzle = await read(db, guild_id, user_id, day) if read is not None else None
    if puzzle is None:
        raise StudyError(f"There was no bee on {long_date(day)}.")
    words = _lexicon(lexicons, BEE_LEXICON if BEE_LEXICON in lexicons else next(iter(lexicons)))
    missed = [word for word in puzzle.answers if word not in puzzle.found]
    cards = [card for word in missed if (card := word_card(words, word, puzzle.letters, puzzle.center, "bee"))]
    return cards, len(missed) - len(cards)


async def import_cards(lexicons: Mapping[str, Lexicon], lexicon: str, lines: Iterable[str], now: dt.datetime
                       ) -> ImportedCards:
    """The cards of an import's first ``MAX_IMPORT_LINES`` lines (see ``ImportedCards``); a CSV
    export's rows are checked at ``now`` (``transfer``, ``schedule.flaw``)."""
    lines = iter(lines)
    taken = list(itertools.islice(lines, MAX_IMPORT_LINES))
    unread = sum(1 for _ in lines)
    body = [(number, line) for number, line in enumerate(taken, start=1)
            if line.strip() and not line.lstrip().startswith("#")]
    if body and transfer.is_csv(body[0][1]):
        read = transfer.from_csv(body)
        return await asyncio.to_thread(_from_rows, lexicons, lexicon, read, now, unread)
    words = _lexicon(lexicons, lexicon)

    def make() -> ImportedCards:
        cards, skipped, made = [], [], {}
        for number, line in body:
            card = line_card(words, line, "import", made)
            if card:
                cards.append((card, None))
            else:
                skipped.append((number, line.strip()[:40]))
        return ImportedCards(cards, skipped, [], unread)

    return await asyncio.to_thread(make)


def _from_rows(lexicons: Mapping[str, Lexicon], lexicon: str, read: transfer.CsvRows, now: dt.datetime,
               unread: int) -> ImportedCards:
    cards: list[tuple[NewCard, CardState | None]] = []
    skipped, bad = [], list(read.bad)
    for number, row in read.rows:
        words = lexicons[row.lexicon if row.lexicon in lexicons else lexicon]
        if row.kind == ALPHAGRAM:
            card = alphagram_card(words, row.card, "import")
        else:
            hive = row.prompt or row.card
            card = word_card(words, row.card, hive, hive[:1], "import")
        if card is None:
            skipped.append((number, row.card[:40]))
            continue
        value = transfer.state_value(row.state)
        state = CardState(value, row.step, row.stability, row.difficulty, row.due, row.last_review, row.reps,
                          row.lapses)
        if problem := transfer.count_flaw(row) or flaw(state, now):
            bad.append((number, problem))
        elif value == NEW:
            cards.append((card, None))  # a card never studied comes in new
        else:  # a card in review keeps no step (FSRS's own have none)
            cards.append((card, replace(state, step=None) if value == State.Review.value else state))
    return ImportedCards(cards, skipped, sorted(bad), unread)
