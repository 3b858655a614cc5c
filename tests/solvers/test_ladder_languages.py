"""The daily ladder in French, German and Spanish (issue 45, point 7): six dates of a year in each
language held to English's rules (4 or 5 letters by weekday, par 4-8 proven over ``full`` less its
vulgar words, at least two shortest everyday ladders, every published word everyday and passed by
the screen written and played), each checked against the plain breadth-first search of
``tests.reference``; ``wordbot ladder --language`` end to end; English's ladders unchanged."""

import datetime as dt
import functools
import hashlib
import json

import pytest

from bot.cli import main
from solvers import ladder
from solvers.lexicon import Lexicon
from solvers.screen import verdict as screen_verdict
from tests import reference

LANGUAGES = ("fr", "de", "es")
DATES = [dt.date(2027, 1, 4) + dt.timedelta(days=45 * k) for k in range(6)]  # six weekdays, within a year

# Recorded by running the code of main at 1ca1ae4, before the daily ladder took a language: sha256
# of repr(DailyLadder.to_json()), first 16 hex digits, on the dates 2026-01-01 + 61 k days. A
# regression check that every server's English ladder stays exactly the same.
ENGLISH = ["ff3fa4176656f2b6", "991dc397f7e7a47e", "9d76690c561d2ff2", "d95549e92cb639cf", "cf2e075f44cf6bcd",
           "65f5c490a00cd4d9", "f107fe1a1278620c", "4bcfe844668a8d97", "aa1d94605525ca1b", "c504efc16cf8ea9e",
           "f20da23d0a54f71b", "ffa65b7e1e90d7bc"]

verdict = functools.cache(screen_verdict)


def test_english_ladders_are_unchanged():
    dates = [dt.date(2026, 1, 1) + dt.timedelta(days=61 * k) for k in range(12)]
    made = [ladder.generate(date) for date in dates]
    assert [hashlib.sha256(repr(day.to_json()).encode()).hexdigest()[:16] for day in made] == ENGLISH


@functools.cache
def lists(language: str):
    """The language's lists, and its accepted words of 4 and 5 letters (``full`` less its vulgar words)."""
    common, full = Lexicon.load("common", language=language), Lexicon.load("full", language=language)
    accepted = {n: [w for w in full.without_vulgar().words if len(w) == n] for n in (4, 5)}
    return common, full, accepted


def is_everyday(common: Lexicon, word: str) -> bool:
    return (not common.is_vulgar(word) and common.commonness(word) >= 2 and verdict(word) is None
            and verdict(common.display(word)) is None)


@functools.cache
def ladders(language: str) -> list[ladder.DailyLadder]:
    common, full, _ = lists(language)
    return [ladder.generate(date, common, full) for date in DATES]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("k", range(len(DATES)))
def test_a_years_ladders_keep_englishs_rules_against_a_plain_search(language, k):
    common, full, accepted = lists(language)
    letters = common.alphabet
    for day in ladders(language)[k:k + 1]:
        assert day.length == len(day.start) == len(day.end) == ladder.LENGTHS[day.date.weekday()]
        assert ladder.MIN_PAR <= day.par <= ladder.MAX_PAR
        assert day.ladder[0] == day.start and day.ladder[-1] == day.end and len(day.ladder) == day.par + 1
        assert all(reference.one_letter_apart(a, b) for a, b in zip(day.ladder, day.ladder[1:], strict=False))
        assert all(word in common and is_everyday(common, word) for word in day.ladder), day
        plain = reference.plain_levels(accepted[day.length], letters, day.start, most=day.par)
        assert plain[day.end] == (day.par, day.ladders)  # par proven: no accepted word makes it shorter
        # an everyday ladder of par rungs stays within the accepted words par rungs away
        everyday = [w for w in plain if w in common and is_everyday(common, w)]
        plain = reference.plain_levels(everyday, letters, day.start, most=day.par)
        assert plain[day.end] == (day.par, day.everyday_ladders) and day.everyday_ladders >= ladder.MIN_LADDERS
    assert len({day.start for day in ladders(language)}) == len(DATES)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_wordbot_ladder_in_french_shows_words_as_french_writes_them(capsys):
    common, full, _ = lists("fr")
    date = dt.date(2027, 1, 1)
    made = ladder.generate(date, common, full)
    code, out, err = run(capsys, "ladder", "--language", "fr", "--date", date.isoformat(), "--solution")
    assert code == 0 and err == "" and out.splitlines()[0].endswith(" · French")
    assert f"Published ladder: {' → '.join(common.display(w).upper() for w in made.ladder)}" in out
    code, out, _ = run(capsys, "ladder", "--language", "fr", "--date", date.isoformat(), "--json", "--solution")
    assert json.loads(out) == made.to_json()
    accented = next(w for w in made.ladder if common.display(w) != w)
    for typed in (accented, common.display(accented)):  # with or without accents
        code, out, _ = run(capsys, "ladder", "solve", "--language", "fr", typed, made.ladder[0], "--json")
        found = json.loads(out)
        assert code == 0 and found["start"] == accented and found["lexicon"] == "fr/full"
        words = [w for w in full.words if len(w) == len(accented)]  # solve climbs the whole list
        assert reference.plain_levels(words, full.alphabet, accented)[made.ladder[0]] == \
            (found["rungs"], found["count"])


def test_wordbot_ladder_play_in_french_plays_the_french_ladder(capsys, monkeypatch, tmp_path):
    import io

    common, full, _ = lists("fr")
    date = dt.date(2027, 1, 1)
    made = ladder.generate(date, common, full)
    typed = " ".join(common.display(word) for word in made.ladder[1:])  # as French writes them: MÂTS
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{typed}\n/quit\n"))
    code, out, _ = run(capsys, "ladder", "play", "--language", "fr", "--date", date.isoformat(), "--database",
                       str(tmp_path / "w.sqlite3"))
    assert code == 0 and out.startswith("Word Ladder (French) · #366 · Friday 1 January 2027\n")
    assert f"Solved in {made.par} rungs" in out, out
