"""Several words in one solo guess (issue 31, point 4), through SimCord: ``/bee guess`` and the
Guess form (a paragraph) read up to 20 words, answer each on its own line of one private reply,
never repeat a slur or a hidden flagged word typed among them, say when words were cut, and
announce pangrams and ranks once."""

import discord

from bot.chat.words import MAX_WORDS
from solvers import bee
from solvers.screen import read_letters
from tests.bot.games.bee.test_bee_discord import (
    START,
    non_pangram,
    puzzle_of,
    server,  # noqa: F401  (the fixture)
)
from tests.bot.test_no_echo_discord import FLAGGED, SLUR


def lines_of(result):
    assert result.ephemeral
    return result.response.content.split("\n")


async def test_several_words_get_one_private_reply_a_line_each(server):
    await server.start_day()
    puzzle = puzzle_of(START)
    first, second = [w for w in puzzle.answers if w not in puzzle.pangrams][:2]
    await server.alice.slash(server.channel, "bee guess", word=first)
    before = len(server.channel.history())
    typed = f"{first} {second.upper()} {puzzle.center * 4} {SLUR} ＮＩＧＧＥＲ {FLAGGED} {puzzle.pangrams[0]}"
    result = await server.alice.slash(server.channel, "bee guess", word=typed)
    lines = lines_of(result)
    points = bee.score(second, puzzle)
    assert lines[0] == f"You already found **{first.upper()}**."
    assert lines[1] == f"✅ **{second.upper()}** +{points} point{'s' * (points > 1)}."
    assert lines[2] == f"**{(puzzle.center * 4).upper()}** is not in today's word list."
    assert len(lines) == 8 and lines[6].endswith("Pangram! ✨")
    total = sum(bee.score(w, puzzle) for w in (first, second, puzzle.pangrams[0]))
    assert lines[7].startswith(f"You have {total} points: **{bee.rank(total, puzzle.max_score).name}**")
    said = read_letters(result.response.content)
    assert SLUR not in said and FLAGGED not in said  # named "That word", or only by a letter not in the hive
    (announced,) = [m.content for m in server.channel.history()[before:]]
    assert announced == f"✨ {server.alice.mention} found a pangram!"


async def test_the_guess_form_is_a_paragraph_of_words(server):
    post = await server.start_day()
    puzzle = puzzle_of(START)
    shown = await server.alice.click(post, label="Guess")
    (field,) = [c for row in shown.modal["components"] for c in row["components"]]
    assert field["style"] == discord.TextStyle.paragraph.value and field["custom_id"] == "word"
    words = [w for w in puzzle.answers if w not in puzzle.pangrams][:3]
    result = await server.alice.submit_modal(shown, {"word": "\n".join(words) + f"\n{SLUR}"})
    lines = lines_of(result)
    assert [line.split(" +")[0] for line in lines[:3]] == [f"✅ **{w.upper()}**" for w in words]
    assert len(lines) == 5 and SLUR not in read_letters(lines[3]) and lines[4].startswith("You have ")
    again = await server.alice.submit_modal(await server.alice.click(post, label="Guess"), {"word": words[0]})
    # one word: as ever
    assert again.response.content.startswith(f"You already found **{words[0].upper()}**. You have ")


async def test_a_long_list_is_cut_at_the_limit_and_says_so(server):
    await server.start_day()
    puzzle = puzzle_of(START)
    word = non_pangram(puzzle)
    typed = " ".join([puzzle.center * 4] * MAX_WORDS + [word, word])
    lines = lines_of(await server.bob.slash(server.channel, "bee guess", word=typed))
    assert len(lines) == MAX_WORDS + 1
    assert lines[-1] == f"Only the first {MAX_WORDS} words were read (2 more words left out)."
    found = await server.bob.slash(server.channel, "bee found")
    assert "No words yet" in found.response.embeds[0].description  # the words past the limit were not played


async def test_ranks_and_pangrams_are_announced_once_however_the_words_come(server):
    await server.start_day()
    puzzle = puzzle_of(START)
    start = len(server.channel.history())
    words = sorted(puzzle.answers, key=lambda w: (w not in puzzle.pangrams, len(w)))  # the pangrams first
    for at in range(0, len(words), MAX_WORDS):
        await server.bob.slash(server.channel, "bee guess", word=" ".join(words[at:at + MAX_WORDS]))
    said = [m.content for m in server.channel.history()[start:]]
    count = len(puzzle.pangrams)
    assert said[0] == f"✨ {server.bob.mention} found {'a pangram' if count == 1 else f'{count} pangrams'}!"
    assert said.count(f"⭐ {server.bob.mention} reached **Genius**!") == 1
    assert said.count(f"👑 {server.bob.mention} is **Queen Bee**: every word found!") == 1
    assert len(said) == 3 and all(w not in text.lower() for text in said for w in puzzle.answers)


async def test_each_line_names_the_word_it_answers(server):
    await server.start_day()
    puzzle = puzzle_of(START)
    off = next(ch for ch in "abcdefghijklmnopqrstuvwxyz" if ch not in puzzle.letters)
    typed = f"{puzzle.center}{off}{puzzle.center}{puzzle.center} {off * 4} {puzzle.answers[0]}"
    lines = lines_of(await server.alice.slash(server.channel, "bee guess", word=typed))
    mixed = (puzzle.center + off + puzzle.center * 2).upper()
    assert lines[0].startswith(f"**{mixed}**: **{off.upper()}** is not in the hive (")
    assert lines[1].startswith(f"**{(off * 4).upper()}**: **{off.upper()}** is not in the hive")
    single = lines_of(await server.alice.slash(server.channel, "bee guess", word=off * 4))
    assert single[0].startswith(f"**{off.upper()}** is not in the hive")  # one word: the line needs no name
