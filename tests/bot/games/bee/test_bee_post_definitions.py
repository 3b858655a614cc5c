"""Yesterday's answers with their definitions in the daily post: what is defined, and Discord's
limits on every day of a year (the measure printed with -s)."""

import asyncio
import datetime as dt
import re

import pytest

from bot.daily.posts import POST_LINES, message_size
from bot.days.store import Standing
from bot.games.bee import embeds
from bot.games.bee.game import BeeGame, DailyPost
from bot.glosses import Glosses
from solvers import bee
from solvers.lexicon import Lexicon
from solvers.wordcard import commonness_band

YEAR = [dt.date(2027, 1, 1) + dt.timedelta(days=n) for n in range(365)]
SPOILER = re.compile(r"\|\|(.+?)\|\|")
# Discord's limits: https://discord.com/developers/docs/resources/message#embed-object-embed-limits
TITLE, DESCRIPTION, FIELD_NAME, FIELD_VALUE, FIELDS, FOOTER, EMBEDS, TOTAL = 256, 4096, 256, 1024, 25, 2048, 10, 6000


def lexicon():
    return Lexicon.load("common")


def game():
    return BeeGame(None, lexicon(), None)  # worth_defining reads no database


def worst_post(date, definitions):
    """The day after ``date`` with the widest yesterday: a million finders of each pangram and a full top three."""
    puzzle = bee.generate(lexicon(), date)
    top = [Standing(rank, 10**18 + rank, 99999, 80, 9, 99, 99, 99) for rank in (1, 2, 2)]
    tomorrow = bee.generate(lexicon(), date + dt.timedelta(days=1))
    return DailyPost(tomorrow, puzzle, {w: 1_000_000 for w in puzzle.pangrams}, top, definitions)


def limit_breaches(message):
    """What in a message's embeds exceeds Discord's limits (empty when nothing does)."""
    breaches = []
    if len(message) > EMBEDS:
        breaches.append(f"{len(message)} embeds")
    for embed in message:
        sizes = {"title": (len(embed.title or ""), TITLE), "description": (len(embed.description or ""), DESCRIPTION),
                 "fields": (len(embed.fields), FIELDS), "footer": (len(embed.footer.text or ""), FOOTER)}
        for field in embed.fields:
            sizes[f"field {field.name}"] = (len(field.value), FIELD_VALUE)
            sizes[f"field name {field.name}"] = (len(field.name), FIELD_NAME)
        breaches += [f"{name} {size} > {most}" for name, (size, most) in sizes.items() if size > most]
    if sum(len(embed) for embed in message) > TOTAL:
        breaches.append(f"total {sum(len(embed) for embed in message)}")
    return breaches


def test_the_pangrams_and_the_words_that_are_not_everyday_are_worth_defining_rarest_first():
    puzzle = bee.generate(lexicon(), YEAR[0])
    glosses = asyncio.run(game().worth_defining(puzzle))
    words = [g.word for g in glosses]
    assert all(g.defined for g in glosses) and len(set(words)) == len(words)
    pangrams = [w for w in words if w in puzzle.pangrams]
    assert words[: len(pangrams)] == pangrams
    others = words[len(pangrams):]
    commonness = [lexicon().commonness(w) for w in others]
    assert commonness == sorted(commonness)
    expected = {w for w in puzzle.answers if w not in puzzle.pangrams
                and commonness_band(lexicon().commonness(w)) != "everyday"
                and Glosses.load().gloss(w).defined}
    assert set(others) == expected


def test_every_answer_is_shown_once_behind_spoilers_with_its_definition_under_the_same_bar():
    date = YEAR[0]
    definitions = asyncio.run(game().worth_defining(bee.generate(lexicon(), date)))
    post = worst_post(date, definitions)
    shown = SPOILER.findall(embeds.daily_post_embeds(post)[1].description)
    words = [s.split(" — ")[0].strip("*").lower() for s in shown]
    assert sorted(words) == sorted(post.yesterday.answers)
    glossed = {s.split(" — ")[0].strip("*").lower(): s.split(" — ", 1)[1] for s in shown if " — " in s}
    # the words worth defining in their order (the pangrams, then the rarest) while the post fits a phone screen
    assert glossed == {g.word: g.text for g in definitions[: len(glossed)]} and len(glossed) >= len(
        post.yesterday.pangrams)
    lines = message_size(None, embeds.daily_post_embeds(post))[0]
    assert lines <= POST_LINES and (len(glossed) == len(definitions) or lines >= POST_LINES - 1)
    for pangram in post.yesterday.pangrams:
        assert f"||**{pangram.upper()}** — " in embeds.daily_post_embeds(post)[1].description


@pytest.mark.parametrize("limit", [300, 600, 1000])
def test_definitions_are_taken_in_order_while_the_text_fits(limit):
    puzzle = bee.generate(lexicon(), YEAR[40])
    definitions = asyncio.run(game().worth_defining(puzzle))
    text = embeds.yesterday_answers("head\n", puzzle, {}, definitions, limit)
    words = [s.split(" — ")[0].strip("*").lower() for s in SPOILER.findall(text)]
    assert sorted(words) == sorted(puzzle.answers)  # every answer, defined or not
    defined = {s.split(" — ")[0].lower() for s in SPOILER.findall(text) if " — " in s and not s.startswith("**")}
    order = [g.word for g in definitions if g.word not in puzzle.pangrams]
    assert defined == set(order[: len(defined)])  # a prefix of the order: the rarest first
    assert len(text) <= limit or not defined
    if len(defined) < min(len(order), embeds.MAX_DEFINED):  # stopped early: one more would not fit
        pangrams = sum(g.word in puzzle.pangrams for g in definitions)
        longer = embeds.yesterday_answers("head\n", puzzle, {}, definitions[: pangrams + len(defined) + 1])
        assert len(longer) > limit


def test_no_post_of_a_year_exceeds_discords_limits():
    worst, defined, answers = None, 0, 0
    for date in YEAR:
        definitions = asyncio.run(game().worth_defining(bee.generate(lexicon(), date)))
        message = embeds.daily_post_embeds(worst_post(date, definitions))
        assert limit_breaches(message) == [], date
        assert message_size(None, message)[0] <= POST_LINES, date  # a phone screen
        total = sum(len(embed) for embed in message)
        lines = message[1].description.count("\n")
        defined += message[1].description.count(" — ")
        answers += len(bee.generate(lexicon(), date).answers)
        worst = max(worst or (0, date, 0), (total, date, lines))
    total, date, lines = worst
    print(f"\nworst day of 2027 for the bee's post: {date} ({total} of {TOTAL} characters, "
          f"yesterday's embed {lines + 1} lines); definitions shown: {defined} of {answers} answers")
