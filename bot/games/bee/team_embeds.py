"""What the bee played together looks like in Discord: the live progress message of a day."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

import discord

from bot.daily.posts import POST_LINES
from bot.games.bee import team_text
from bot.games.bee.embeds import BEE_YELLOW, HIVE_FILE, hive_letters, rank_ladder, yesterday_answers
from bot.games.bee.plugin import BEE
from bot.games.bee.together import Missed, TeamProgress
from bot.glosses import Gloss
from bot.text import long_date, markdown_bold, plural

DESCRIPTION_LIMIT = 4096


def spoiled(word: str) -> str:
    return f"||{word}||"


def mention(user_id: int) -> str:
    return f"<@{user_id}>"  # sent with no allowed mentions: it never pings


def progress_embed(progress: TeamProgress) -> discord.Embed:
    """The team's day: words, points, rank and pangrams; the found words behind spoiler bars, by
    first letter; the top finders."""
    lines = [team_text.team_line(progress, markdown_bold), ""]
    found = team_text.found_lines(progress, spoiled)
    finders = team_text.finders_line(progress, mention)
    room = DESCRIPTION_LIMIT - sum(len(line) + 1 for line in lines) - len(finders) - 40
    shown = []
    for line in found:
        if room - len(line) - 1 < 0:
            shown.append(f"… and {plural(len(found) - len(shown), 'more letter')}")
            break
        shown.append(line)
        room -= len(line) + 1
    lines += shown + ([""] if shown else []) + [finders]
    embed = discord.Embed(title=BEE.day_title(progress.puzzle.date, "Team "), colour=BEE_YELLOW,
                          description="\n".join(lines))
    embed.set_footer(text="Type words in this thread, or mention me with them. Each word counts once for the team.")
    return embed


def today_embed(progress: TeamProgress) -> discord.Embed:
    """/bee today on a together day: the hive and the team's progress, with the ranks' ladder."""
    puzzle = progress.puzzle
    embed = discord.Embed(title=BEE.day_title(puzzle.date, "Team "), colour=BEE_YELLOW,
                          description=f"{hive_letters(puzzle)}\n{team_text.team_today(progress, markdown_bold)}\n"
                                      f"{rank_ladder(progress.points, puzzle.max_score)}\n\n"
                                      f"{team_text.finders_line(progress, mention)}")
    embed.set_image(url=f"attachment://{HIVE_FILE}")
    return embed


def missed_embed(missed: Missed, date: dt.date) -> discord.Embed:
    """The next day's post: the words the team did not find, behind spoiler bars (a day has at
    most ``solvers.bee.MAX_ANSWERS`` words: well inside an embed)."""
    description = "\n".join(team_text.missed_lines(missed, spoiled))
    return discord.Embed(title=f"What the team missed · {long_date(date)}", colour=discord.Colour.dark_gold(),
                         description=description)


def yesterday_embed(progress: TeamProgress, missed: Missed, room_id: int | None, limit: int) -> discord.Embed:
    """The next day's post, after a together day: the team's result in a line, its top finders, who
    found each pangram and the words nobody found (behind spoiler bars), within ``limit`` characters;
    the answers with their definitions are in the day's thread (``room_id``), the recap's place."""
    lines = [team_text.result_line(progress, markdown_bold)]
    if progress.finders:
        lines.append(team_text.finders_line(replace(progress, finders=progress.finders[:3]), mention))
    lines.append(team_text.pangrams_line(progress, mention, spoiled))
    if room_id is not None:
        lines.append(f"Every answer with its definition: <#{room_id}>")
    title = f"Yesterday, together · {long_date(progress.puzzle.date)}"
    room = limit - len(title) - sum(len(line) + 1 for line in lines)
    lines.insert(3, team_text.missed_line(missed, room, spoiled, frozenset(progress.puzzle.pangrams)))
    return discord.Embed(title=title, colour=discord.Colour.dark_gold(), description="\n".join(lines))


def recap_embeds(progress: TeamProgress, missed: Missed, glosses: tuple[Gloss, ...],
                 lines: int = POST_LINES) -> list[discord.Embed]:
    """The recap of a together day, posted in its thread when the next day's post is made: every
    answer behind spoiler bars with the definitions worth giving (the pangrams', then the rarest
    words' that fit), then what nobody found, all in ``lines`` lines (a phone screen)."""
    puzzle = progress.puzzle
    finders = {c.word: 1 for c in progress.credits if c.pangram}
    head = f"{hive_letters(puzzle)}\n{team_text.result_line(progress, markdown_bold)}\n"
    after = missed_embed(missed, puzzle.date)
    room = lines - 2 - len(after.description.splitlines())  # the two titles, and what nobody found
    answers = discord.Embed(title=f"The day's answers · {long_date(puzzle.date)}", colour=discord.Colour.dark_gold(),
                            description=yesterday_answers(head, puzzle, finders, glosses, lines=room))
    return [answers, after]
