"""The daily ladder: a year of ladders, each checked against every rule (par proven over the accepted
words, at least two shortest everyday ladders, every published word everyday and passed by the
screen), a sample of days against a plain try-every-letter BFS, and the same ladder in another
process."""

import datetime as dt
import json
import math
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from solvers import ladder
from solvers.lexicon import Lexicon
from solvers.screen import verdict
from tests import reference

ROOT = Path(__file__).resolve().parents[2]
YEAR = [dt.date(2027, 3, 1) + dt.timedelta(days=n) for n in range(365)]
LETTERS = "abcdefghijklmnopqrstuvwxyz"


@pytest.fixture(scope="module")
def year():
    return [ladder.generate(date) for date in YEAR]


@pytest.fixture(scope="module")
def lists():
    """The accepted words and the everyday words of each length, made here from the lists and the screen."""
    full, common = Lexicon.load("full").without_vulgar(), Lexicon.load("common")
    accepted = {n: [w for w in full.words if len(w) == n] for n in (4, 5)}
    everyday = {n: [w for w in accepted[n] if w in common and not common.is_vulgar(w) and verdict(w) is None]
                for n in (4, 5)}
    return common, accepted, everyday


def test_every_ladder_of_a_year_keeps_every_rule(year, lists):
    common, accepted, everyday = lists
    graphs = {n: (ladder.Graph.of_words(accepted[n], n, LETTERS), ladder.Graph.of_words(everyday[n], n, LETTERS))
              for n in (4, 5)}
    for day in year:
        assert day.length == len(day.start) == len(day.end) == ladder.LENGTHS[day.date.weekday()]
        assert ladder.MIN_PAR <= day.par <= ladder.MAX_PAR
        assert day.ladder[0] == day.start and day.ladder[-1] == day.end and len(day.ladder) == day.par + 1
        assert all(reference.one_letter_apart(a, b) for a, b in zip(day.ladder, day.ladder[1:], strict=False))
        assert len(set(day.ladder)) == len(day.ladder)
        for word in day.ladder:  # every word of the published ladder: common, not vulgar, nothing the screen flags
            assert word in common and not common.is_vulgar(word) and verdict(word) is None, (day, word)
        whole, daily = graphs[day.length]
        proven = ladder.shortest(whole, day.start, day.end)
        assert (proven.rungs, proven.count) == (day.par, day.ladders)  # no accepted word makes it shorter
        ways = list(ladder.ladders(daily, day.start, day.end))
        assert len(ways) == day.everyday_ladders >= ladder.MIN_LADDERS and all(len(w) == day.par + 1 for w in ways)
        assert day.ladder == min(ways, key=lambda w: (-min(math.floor(common.commonness(x) * 2) for x in w), w))


def test_a_sample_of_days_against_a_plain_breadth_first_search(year, lists):
    _, accepted, everyday = lists
    for day in year[::40]:
        plain = reference.plain_levels(accepted[day.length], LETTERS, day.start, most=day.par)
        assert plain[day.end] == (day.par, day.ladders)
        assert reference.plain_levels(everyday[day.length], LETTERS, day.start, most=day.par)[day.end] == \
            (day.par, day.everyday_ladders)


def test_a_year_of_ladders_alternates_lengths_spreads_par_and_repeats_no_start(year):
    pars = Counter(day.par for day in year)
    print("\npar (% of days):", {p: round(100 * pars[p] / len(year), 1) for p in sorted(pars)},
          "aimed", {p: round(100 * s) for p, s in ladder.PAR_SHARES.items()})
    for par, share in ladder.PAR_SHARES.items():
        assert abs(100 * pars[par] / len(year) - 100 * share) <= 8, (par, pars)
    assert [day.length for day in year[:7]] == [ladder.LENGTHS[d.weekday()] for d in YEAR[:7]]
    assert len({day.start for day in year}) == len(year)
    assert len({(day.start, day.end) for day in year}) == len(year)


def test_the_same_date_gives_the_same_ladder_and_the_salt_changes_it():
    date = dt.date(2028, 2, 29)
    assert ladder.generate(date) == ladder.generate.__wrapped__(date)  # the kept ladder is the one made anew
    assert ladder.generate(date, salt="other server") != ladder.generate(date)
    assert ladder.generate(date).to_json()["date"] == "2028-02-29"


def test_another_process_makes_the_same_ladders():
    dates = [dt.date(2026, 1, 1), dt.date(2027, 6, 15), dt.date(2031, 12, 31)]
    child = ("import datetime as dt, json, sys\nfrom solvers import ladder\n"
             "print(json.dumps([ladder.generate(dt.date.fromisoformat(d)).to_json() for d in sys.argv[1:]]))")
    done = subprocess.run([sys.executable, "-c", child, *map(str, dates)], cwd=ROOT, capture_output=True, text=True,
                          check=True, env={"PYTHONHASHSEED": "123", "PATH": ""})
    assert json.loads(done.stdout) == [ladder.generate(date).to_json() for date in dates]


def test_no_ladder_before_the_epoch():
    with pytest.raises(ladder.DailyLadderError, match="start on 2026-01-01"):
        ladder.generate(dt.date(2025, 12, 31))


def test_the_days_of_a_length_are_counted_from_the_epoch():
    days = [ladder.DAILY_EPOCH + dt.timedelta(days=n) for n in range(60)]
    for n, date in enumerate(days):
        length = ladder.length_of(date)
        assert ladder.daily._occurrence(date, length) == sum(ladder.length_of(d) == length for d in days[:n])
