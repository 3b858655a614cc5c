"""What /study looks like in Discord: a card to answer, a review's result (right, missed and
extra words, the grade and the next due date), the end of a session, the settings, the stats.

Every message here is the player's alone (an ephemeral reply, or their DMs). Typed words that
are not answers are written back only when ``solvers.screen.may_repeat`` allows it (never a slur,
never a flagged word): the others are counted, not shown.
"""

from __future__ import annotations

import datetime as dt
import io
import re

import discord
from fsrs import Rating

from bot.icons import ACCEPTED, REFUSED
from bot.study import views
from bot.study.model import WORD, AddResult, DueCard, DueCounts, ReviewResult, StudySettings, StudyStats
from bot.study.picture import alt_text
from bot.text import plural
from solvers.screen import may_repeat

COLOUR = discord.Colour.from_rgb(56, 132, 160)
RATING_COLOURS = {Rating.Again: discord.Colour.from_rgb(214, 48, 49), Rating.Hard: discord.Colour.from_rgb(232, 140, 14),
                  Rating.Good: discord.Colour.from_rgb(60, 150, 84), Rating.Easy: discord.Colour.from_rgb(30, 120, 214)}
PICTURE = "study-stats.png"
SHOWN_EXTRA = 10
_PLAIN_WORD = re.compile(r"[a-z]{1,20}")


def timestamp(moment: dt.datetime, style: str) -> str:
    return f"<t:{int(moment.timestamp())}:{style}>"


def capitals(words: tuple[str, ...] | list[str]) -> str:
    return " ".join(word.upper() for word in words)


def prompt_lines(card: DueCard) -> list[str]:
    """What the card asks: an alphagram's rack and how many words it makes, or a hive and the
    length of the word the player missed in it."""
    if card.kind == WORD:
        centre, others = card.prompt[:1].upper(), " ".join(card.prompt[1:].upper())
        length = f"the {card.length}-letter word" if card.length else "the word"
        return [f"Hive **{centre}** {others}", f"Find {length} you missed, with the centre letter **{centre}**."]
    return [f"**{card.prompt.upper()}**",
            f"Every word of {card.lexicon} these letters make: {plural(card.answer_count, 'word')}."]


def counts_line(counts: DueCounts) -> str:
    """``14 due now (3 new)``, and what is due later today."""
    line = f"{plural(counts.due_now, 'card')} due now" + (f" ({counts.new:,} new)" if counts.new else "")
    return line + (f" · {counts.later_today:,} later today" if counts.later_today else "")


def card_message(card: DueCard, counts: DueCounts, shown: dt.datetime) -> dict:
    """A card to answer, with **Answer** (the form) on it; ``shown``: when it was shown, which the
    button keeps so the answer's time is measured however late it comes."""
    embed = discord.Embed(title=f"Study · {card.state} card", colour=COLOUR, description="\n".join(prompt_lines(card)))
    embed.set_footer(text=f"{counts_line(counts)} · the clock runs from now: answer quickly and fully for Good or Easy")
    return {"content": None, "embed": embed, "view": views.card_view(card, shown)}


def extra_line(extra: tuple[str, ...]) -> str | None:
    """The typed words that are not answers: those we may repeat (not even together may they
    spell a slur), and how many others."""
    if not extra:
        return None
    shown = [w for w in extra if _PLAIN_WORD.fullmatch(w) and may_repeat(w, show_flagged=False)][:SHOWN_EXTRA]
    if not may_repeat(" ".join(shown), show_flagged=False):  # pieces of a slur typed apart ("ni gg er"): none
        shown = []
    hidden = len(extra) - len(shown)
    words = capitals(shown) + (f" and {plural(hidden, 'other')}" if shown and hidden else "")
    return f"{REFUSED.emoji} Not answers: {words}" if shown else f"{REFUSED.emoji} {plural(hidden, 'word')} not an answer"


def grade_line(result: ReviewResult) -> str:
    by = "by you" if result.graded_by == "player" else "by your answer"
    return f"Graded **{result.rating.name}** {by} · {result.seconds:.0f} s"


def result_message(result: ReviewResult, counts: DueCounts) -> dict:
    """A review's result, with the grade's override buttons and **Next**."""
    card = result.card
    head = f"**{card.prompt.upper()}**" if card.kind != WORD else prompt_lines(card)[0]
    lines = [head]
    if result.right:
        lines.append(f"{ACCEPTED.emoji} Right: {capitals(result.right)}")
    if result.missed:
        lines.append(f"Missed: {capitals(result.missed)}")
    if (extra := extra_line(result.extra)) is not None:
        lines.append(extra)
    lines += [grade_line(result),
              f"Next due {timestamp(result.next_due, 'R')} ({timestamp(result.next_due, 'f')})"]
    embed = discord.Embed(title=f"Study · {result.rating.name}", colour=RATING_COLOURS.get(result.rating, COLOUR),
                          description="\n".join(lines))
    embed.set_footer(text=f"{counts_line(counts)} · a different grade? Press it: the card is rescheduled")
    return {"content": None, "embed": embed, "view": views.result_view(result, more=counts.due_now > 0)}


def done_message(counts: DueCounts) -> dict:
    """Nothing (more) to study now: why, and when to come back."""
    if counts.new_left == 0 and counts.reviews_left == 0:
        why = "You have done today's new cards and reviews (your daily limits: `/study settings`)."
    elif counts.later_today:
        why = f"{plural(counts.later_today, 'card')} falls due later today." if counts.later_today == 1 else \
            f"{plural(counts.later_today, 'card')} fall due later today."
    else:
        why = "Nothing is due. `/study add` puts a set of alphagrams in your deck; missed quiz alphagrams come by themselves."
    embed = discord.Embed(title="Study · all done for now", colour=COLOUR, description=why)
    return {"content": None, "embed": embed, "view": None}


def settings_embed(settings: StudySettings, note: str = "") -> discord.Embed:
    remind = f"at {settings.remind_at:%H:%M} {settings.zone}" if settings.remind_at else "off"
    lines = [note] if note else []
    lines += [f"Desired retention: **{round(settings.retention * 100)}%**",
              f"New cards a day: **{settings.new_per_day:,}** · reviews a day: **{settings.reviews_per_day:,}**",
              f"Cards from quiz and challenge misses: **{'on' if settings.from_misses else 'off'}**",
              f"Daily reminder by DM: **{remind}** · time zone: **{settings.zone}**",
              f"Study in: **{'direct messages' if settings.in_dm else 'private replies'}** · word list: **{settings.lexicon}**"]
    return discord.Embed(title="Your study settings", colour=COLOUR, description="\n".join(lines))


def added_line(result: AddResult, what: str) -> str:
    """The reply to /study add: what came into the deck, and what did not and why."""
    parts = [f"{plural(result.added, 'new card')} from {what}"]
    if result.merged:
        parts.append(f"{plural(result.merged, 'card')} already in your deck")
    if result.skipped:
        parts.append(f"{result.skipped:,} skipped (no clean answer)")
    if result.capped:
        parts.append(f"{result.capped:,} left out by today's cap: add them tomorrow")
    return "; ".join(parts) + "."


def stats_message(stats: StudyStats, today: dt.date, data: bytes) -> dict:
    """/study stats: the picture (``render_study_stats``) and a line of its numbers."""
    file = discord.File(io.BytesIO(data), filename=PICTURE, description=alt_text(stats, today))
    embed = discord.Embed(title="Your study deck", colour=COLOUR, description=alt_text(stats, today)[len("Study stats: "):])
    embed.set_image(url=f"attachment://{PICTURE}")
    return {"embed": embed, "file": file}
