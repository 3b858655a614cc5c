"""What /study looks like in Discord: a card to answer, a review's result (right, missed and
extra words, the grade and the next due date), the end of a session, the settings, the stats.

Every message here is the player's alone (an ephemeral reply, or their DMs). Typed words that
are not answers are written back only when ``solvers.screen.may_repeat`` allows it (never a slur,
never a flagged word): the others are counted, not shown.
"""

from __future__ import annotations

import datetime as dt
import io

import discord
from fsrs import Rating

from bot.daily.zones import shown_zone
from bot.study import text, views
from bot.study.model import WORD, AddResult, DueCard, DueCounts, ReviewResult, StudySettings, StudyStats
from bot.study.picture import alt_text
from bot.text import plural

COLOUR = discord.Colour.from_rgb(56, 132, 160)
RATING_COLOURS = {Rating.Again: discord.Colour.from_rgb(214, 48, 49),
                  Rating.Hard: discord.Colour.from_rgb(232, 140, 14),
                  Rating.Good: discord.Colour.from_rgb(60, 150, 84), Rating.Easy: discord.Colour.from_rgb(30, 120, 214)}
PICTURE = "study-stats.png"


def _prompt(card: DueCard) -> str:
    return discord.utils.escape_markdown(text.prompt_line(card))


def card_message(card: DueCard, counts: DueCounts, shown: dt.datetime) -> dict:
    """A card to answer, with **Answer** (the form) on it; ``shown``: when it was shown, which the
    button keeps so the answer's time is measured however late it comes."""
    fits = "the pattern and the definition" if card.definition else "the pattern"
    ask = (f"Type the one word of this hive that fits {fits}: only that word answers." if card.kind == WORD
           else f"Type every word these letters make in the {card.lexicon} list.")
    whence = f"\n{text.misses_origin(card.misses_today)}" if card.misses_today else ""
    embed = discord.Embed(title="Study", colour=COLOUR, description=f"**{_prompt(card)}**\n{ask}{whence}")
    embed.set_footer(text=f"{text.due_line(counts)} · the clock runs from now: all the words, quickly, is Good or Easy")
    return {"content": None, "embed": embed, "view": views.card_view(card, shown)}


def result_message(result: ReviewResult, counts: DueCounts, zone: str = "UTC") -> dict:
    """A review's result (``bot.study.text.review_lines``), with the grade's override buttons and
    **Next** while cards are due."""
    lines = [f"**{_prompt(result.card)}**", *text.review_lines(result, zone)]
    embed = discord.Embed(title=f"Study · {text.GRADES[result.rating]}", colour=RATING_COLOURS.get(result.rating,
                                                                                                   COLOUR),
                          description="\n".join(lines))
    embed.set_footer(text=f"{text.due_line(counts)} · another grade? Press it: the card is rescheduled")
    return {"content": None, "embed": embed, "view": views.result_view(result, more=counts.due_now > 0)}


def done_message(counts: DueCounts) -> dict:
    """Nothing (more) to study now: why, and what to do."""
    hint = ("Your daily limits: `/study settings`." if not counts.new_left or not counts.reviews_left else
            "`/study add` puts a set of alphagrams in your deck; the alphagrams you miss in "
            "quizzes come by themselves.")
    embed = discord.Embed(title="Study · all done for now", colour=COLOUR,
                          description=f"{text.due_line(counts)}.\n{hint}")
    return {"content": None, "embed": embed, "view": None}


def settings_embed(settings: StudySettings, note: str = "") -> discord.Embed:
    remind = f"at {settings.remind_at:%H:%M} {shown_zone(settings.zone)}" if settings.remind_at else "off"
    lines = [note] if note else []
    lines += [f"Desired retention: **{round(settings.retention * 100)}%**",
              f"New cards a day: **{settings.new_per_day:,}** · reviews a day: **{settings.reviews_per_day:,}**",
              f"Cards from quiz and challenge misses: **{'on' if settings.from_misses else 'off'}**",
              f"Daily reminder by DM: **{remind}** · time zone: **{shown_zone(settings.zone)}**",
              f"Study in: **{'direct messages' if settings.in_dm else 'private replies'}** · word list: "
              f"**{settings.lexicon}**"]
    return discord.Embed(title="Your study settings", colour=COLOUR, description="\n".join(lines))


def added_line(result: AddResult, what: str) -> str:
    """The reply to /study add: what came into the deck and when it comes up, and what did not and why."""
    coming = f": {text.coming(result.arrival)}" if result.arrival and result.added else ""
    parts = [f"{plural(result.added, 'new card')} from {what}{coming}"]
    if result.merged:
        parts.append(f"{plural(result.merged, 'card')} already in your deck")
    if result.skipped:
        parts.append(f"{plural(result.skipped, 'word')} left out (not in the list, or flagged)")
    return "; ".join(parts + text.left_out(result)) + "."


def stats_message(stats: StudyStats, today: dt.date, data: bytes) -> dict:
    """/study stats: the picture (``render_study_stats``) and its numbers as text."""
    file = discord.File(io.BytesIO(data), filename=PICTURE, description=alt_text(stats, today))
    embed = discord.Embed(title="Your study deck", colour=COLOUR, description="\n".join(text.stats_lines(stats)))
    embed.set_image(url=f"attachment://{PICTURE}")
    return {"embed": embed, "file": file}
