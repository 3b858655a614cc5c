"""/help and /settings."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.daily import setup as daily
from bot.daily.schedule import Play
from bot.daily.zones import shown_zone
from bot.lexicons import language as language_option, option as lexicon_option
from bot.lexicons.guild_lists import UnknownList
from bot.plugins import DAILY_GAMES
from bot.views import send_notice
from solvers.list_names import split_name
from solvers.wording import either

if TYPE_CHECKING:
    from bot.host import Host

# Every slash command, with what it does and examples. A test checks this covers the tree.
HELP: dict[str, tuple[str, tuple[str, ...]]] = {
    "anagram": (
        "Every word a Scrabble rack makes: bingos, words through board letters, shorter words. "
        "`?` is a blank; blank letters show in lower case.",
        ("/anagram rack:AALNST?", "/anagram rack:AALNST? board:I", "/anagram rack:RETAINS mode:sub lexicon:common",
         "/anagram rack:RETAINS mode:sub sort:most common first"),
    ),
    "letterboxed": (
        "Solve a Letter Boxed box (letters on the sides of a square; consecutive letters from different sides; "
        "each word starts with the last letter of the one before; use every letter). Hints first: the fewest "
        "words and the shape of the best solution; buttons reveal the first word, the best solution, all of them.",
        ("/letterboxed sides:TJO FEB CUY HIL", "/letterboxed sides:TJO FEB CUY HIL show:solutions",
         "/letterboxed sides:ABC DEF GHI JKL lexicon:common"),
    ),
    "fivewords": (
        "Every set of five 5-letter words that together use 25 different letters (one letter left out), or any "
        "other shape: 6 words of 4 letters, 4 of 6... Anagrams count once and are shown as a/b. Sets are grouped "
        "by the letters they leave out, the most common words first; the full list by default, `lexicon:huge` for "
        "many more sets of rarer words. A long search shows its progress and can be cancelled by whoever asked.",
        ("/fivewords", "/fivewords lexicon:huge", "/fivewords exclude:q", "/fivewords include:fjord",
         "/fivewords words:4 letters:6"),
    ),
    "tiles": (
        "Which N letter tiles (2 letters each by default) spell the most words, each tile used at most once in a "
        "word (pied = PI + ED). Starts from the published greedy answer and searches for better, showing the best "
        "so far as it goes; only you can cancel your search. Answers are saved: asking again shows the best known "
        "at once, with a button to keep improving it. Odd-length words are skipped, or padded with '.' at the end, "
        "the start or either.",
        ("/tiles", "/tiles count:20 size:2 seconds:60", "/tiles count:10 lexicon:common odd:pad-end",
         "/tiles count:26 size:1"),
    ),
    "word": (
        "Is it a word? Its card: the lists that hold it, how common it is, its hooks (the letters that make a "
        "word before or after it, shown as `s CAT es`), its anagrams and its first definitions. A word not in the "
        "list gets the nearest words (\"Did you mean\"), privately.",
        ("/word word:cat", "/word word:qi lexicon:huge"),
    ),
    "judge": (
        "Club-style word judge: a play of 1 to 8 words is acceptable when every word is in the list; otherwise "
        "not acceptable, without saying which word failed. One word not in the list gets \"Did you mean\", "
        "privately; a play of several is club mode: the verdict alone.",
        ("/judge words:cat dog", "/judge words:qi za lexicon:huge"),
    ),
    "pattern": (
        "Words that fit a pattern: `?` is one letter, `*` any run, `[abc]` one of those letters, `[^abc]` none of "
        "them; optional lengths and letters the word must hold. Grouped by length, most common first or A to Z.",
        ("/pattern pattern:c?t*", "/pattern pattern:*[aeiou][^s] max_length:5",
         "/pattern pattern:*q* includes:u sort:A to Z"),
    ),
    "define": (
        "What a word means, from WordNet 3.0; inflected forms give their lemma's meaning (geese: plural of goose). "
        "An unknown word gets \"Did you mean\", privately.",
        ("/define word:geese", "/define word:ran"),
    ),
    "bee": (
        "The daily Spelling Bee: a hive of 7 letters each day in this server's bee channel. Make words of 4+ "
        "letters with the centre letter, climb the ranks to Queen Bee; guess several words at once with spaces "
        "between them. Admins start it with /bee setup (play: solo, each player alone, or together).",
        ("/bee guess word:halcyon", "/bee guess word:halcyon candle", "/bee today", "/bee hints", "/bee found",
         "/bee rules", "/bee setup channel:#bee time:09:00 timezone:Europe/London",
         "/bee setup channel:#bee time:09:00 timezone:Europe/London play:together",
         "/bee setup channel:#bee time:9am timezone:London role:@Bee", "/bee stop"),
    ),
    "box": (
        "The daily Letter Boxed: a new box of 12 letters each day in this server's box channel. Chain words "
        "(consecutive letters from different sides, each word starting with the last letter of the one before) "
        "until every letter is used, in par or fewer words; two words scores most. Your chain is private. "
        "Admins start it with /box setup (play: solo, each player alone, or together).",
        ("/box play words:powerful", "/box play words:powerful libertine", "/box today", "/box hint", "/box rules",
         "/box setup channel:#letter-boxed time:09:00 timezone:Europe/London", "/box stop"),
    ),
    "ladder": (
        "The daily word ladder: turn the first word into the last by changing one letter at a time, every rung a "
        "word, in par rungs (the fewest there are); play several rungs at once with spaces between them, undo, "
        "restart, and ask for hints. Admins start it with /ladder setup; it is played alone.",
        ("/ladder play words:cord", "/ladder play words:cord card ward warm", "/ladder today", "/ladder hint",
         "/ladder rules", "/ladder setup channel:#puzzles time:09:00 timezone:Europe/London", "/ladder stop"),
    ),
    "challenge": (
        "The daily anagram challenges, the same for everyone each day: Today's 4s to 8s, a Bingo Marathon, Blank "
        "Bingos, Common Words and this server's Week's Toughies. Each is played once, privately, against the clock "
        "(Start, then answer many words at once); each has a board in the server: most words, then the quickest.",
        ("/challenge play", "/challenge play name:Today's 7s", "/challenge board name:Today's 7s",
         "/challenge board name:Bingo Marathon date:yesterday"),
    ),
    "quiz": (
        "An anagram quiz here, WordWalls-style: alphagrams against the clock; answer by mentioning me, in the "
        "round's thread, or with Answer. Questions come in order from a range; Next round goes on with it.",
        ("/quiz start", "/quiz start questions:50 minutes:5 length:8 order:common from:1 to:500", "/quiz stop"),
    ),
    "study": (
        "Your private study deck, the same in every server and in DMs: the alphagrams you miss in quizzes and "
        "challenges come back when they are due (FSRS scheduling). `/study review` shows the due cards one by one: "
        "type the words in the form; the answer grades itself, and a button changes the grade. `/study stats` draws "
        "your deck; `/study add` puts a set in it, `/study bee` yesterday's missed bee words; `/study settings`: "
        "retention, daily limits, a daily reminder by DM, studying in DMs.",
        ("/study review", "/study stats", "/study add length:7 from:1 to:200", "/study bee",
         "/study settings reminder:09:00 timezone:London", "/study settings dm:True new_per_day:10",
         "/study settings from_misses:False", "/study settings reminder:off"),
    ),
    "leaderboard": (
        "Who scored most in this server: today, this week (from Monday, in the server's time zone), this month, "
        "or all time. Your own place is always shown.",
        ("/leaderboard", "/leaderboard period:today", "/leaderboard game:Spelling Bee period:all time",
         "/leaderboard game:Letter Boxed period:week"),
    ),
    "stats": (
        "Days played, points, best day, pangrams (or solves), Genius and Queen Bee days (or at-par and two-word "
        "days), streaks and the last 7 days, for each daily game. Only you see the answer; private:False posts it "
        "in the channel.",
        ("/stats", "/stats user:@friend", "/stats game:Letter Boxed", "/stats game:Daily Challenges",
         "/stats private:False"),
    ),
    "remind": (
        "A reminder by direct message, once, a few hours before the day ends, when your streak of a daily game in "
        "this server is 3 days or more and you have not played yet.",
        ("/remind streak:True", "/remind streak:False"),
    ),
    "lists": (
        "This server's own word lists (upload needs Manage Server): a text file or .gz, one word per line, up to "
        "500,000 words and 8 MB; other columns are ignored. Up to 3 lists; admins also see the words players reported.",
        ("/lists upload name:club file:words.txt", "/lists show", "/lists remove name:club"),
    ),
    "report": (
        "Report a word: not a word, offensive, or missing from the lists. Private; this server's admins see reports.",
        ("/report word:qi reason:missing", "/report word:xyzzy reason:not a word"),
    ),
    "settings": (
        "Server settings (needs Manage Server): the word list /anagram and the word tools use by default and "
        "its language (English, French, German or Spanish), whether public replies show vulgar words (hidden by "
        "default; slurs are never shown), and how the server "
        "plays each daily game (solo or together, from its next post); a game's posts stop pinging the role set "
        "with /bee setup role:. Without options: the current settings.",
        ("/settings lexicon:common", "/settings language:French (fr)", "/settings vulgar_words:True",
         "/settings play:together game:Spelling Bee",
         "/settings stop_pinging:Spelling Bee", "/settings"),
    ),
    "help": ("This list.", ("/help",)),
}


def overview(what: str, examples: tuple[str, ...]) -> str:
    """A command in the /help list: the first sentence of what it does and its first example (the
    whole list stays inside Discord's 6,000 characters a message; ``/help command:`` has the rest)."""
    first = what.split(". ")[0].rstrip(".") + "."
    more = f" (+{len(examples) - 1} more)" if len(examples) > 1 else ""
    return f"{first}\n`{examples[0]}`{more}"


GAME_CHOICES = [app_commands.Choice(name=game.title, value=key) for key, game in DAILY_GAMES.items()]


class Meta(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="What wordbot can do, with examples")
    @app_commands.describe(command="One command in full: everything it does and all its examples")
    @app_commands.choices(command=[app_commands.Choice(name=f"/{name}", value=name) for name in HELP])
    async def help(self, interaction: discord.Interaction, command: str | None = None) -> None:
        embed = discord.Embed(title="wordbot commands", colour=discord.Colour.from_rgb(88, 101, 242))
        if command in HELP:
            what, examples = HELP[command]
            embed.title = f"/{command}"
            embed.description = what + "\n" + "\n".join(f"`{e}`" for e in examples)
        else:
            embed.description = ("Word-puzzle tools. Replies about your own mistakes are visible only to you. "
                                 "`/help command:` shows one command in full.")
            for name, (what, examples) in HELP.items():
                embed.add_field(name=f"/{name}", value=overview(what, examples), inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="settings", description="See or change this server's wordbot settings")
    @app_commands.describe(lexicon="The word list /anagram and the word tools use when none is given (a bundled "
                                   "one or this server's own)",
                           language="The language of the word lists commands use when given none (their "
                                    "replies stay in English)",
                           vulgar_words="Show vulgar words in public replies (slurs are never shown)",
                           play="How the server plays a daily game, from its next post: solo or together",
                           game="The daily game whose play style changes (needed when the server runs several)",
                           stop_pinging="The daily game whose posts stop pinging their role (set "
                                        "with /<game> setup role:)")
    @app_commands.autocomplete(lexicon=lexicon_option.autocomplete)
    @app_commands.choices(play=daily.PLAY_CHOICES, game=GAME_CHOICES, stop_pinging=GAME_CHOICES,
                          language=language_option.CHOICES)
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def settings(self, interaction: discord.Interaction, lexicon: str | None = None,
                       vulgar_words: bool | None = None, play: str | None = None, game: str | None = None,
                       stop_pinging: str | None = None, language: str | None = None) -> None:
        assert interaction.guild_id is not None  # guild_only
        changed = []
        if stop_pinging is not None:
            title = DAILY_GAMES[stop_pinging].title
            stopped = await self.bot.daily.calendar.store.stop_pinging(stop_pinging, interaction.guild_id,
                                                                       interaction.user.id)
            changed.append(f"The {title} posts ping nobody from now on." if stopped
                           else f"The {title} posts ping nobody already.")
        if play is not None:
            switched = await self._switch_play(interaction, Play(play), game)
            if switched is None:
                return
            changed.append(switched)
        elif game is not None:
            example = f"/settings play:together game:{DAILY_GAMES[game].title}"
            await send_notice(interaction, f"Give play: too, e.g. `{example}`.")
            return
        if lexicon is not None:
            name = lexicon.strip().lower()
            try:
                await self.bot.guild_lists.resolve(  # a bundled list or one of the server's, in its language
                    interaction.guild_id, await self.bot.guild_lists.in_own_language(interaction.guild_id, name))
            except UnknownList as unknown:
                shown = (await self.bot.db.guild_settings(interaction.guild_id)).show_vulgar
                await send_notice(interaction, unknown.said(shown))
                return
            await self.bot.db.set_anagram_lexicon(interaction.guild_id, name)
            changed.append(f"/anagram and the word tools now use the **{name}** word list in this server by default.")
        if language is not None:
            await self.bot.db.set_guild_setting(interaction.guild_id, language_option.LANGUAGE, language)
            changed.append(f"The word tools now use the **{language_option.NAMES[language]}** word lists in this "
                           "server when given no language:.")
        if vulgar_words is not None:
            await self.bot.db.set_show_vulgar(interaction.guild_id, vulgar_words)
            changed.append("Public replies now " + ("show" if vulgar_words else "hide")
                           + " vulgar words in this server.")
        if changed:
            await interaction.response.send_message("\n".join(changed), ephemeral=True)
            return
        current = await self.bot.db.guild_settings(interaction.guild_id)
        own = await self.bot.guild_lists.language(interaction.guild_id, current.anagram_lexicon)
        picked = await lexicon_option.chosen(interaction, None, own or "en")  # a default that is gone: full, and a note
        styles = "".join(f", {DAILY_GAMES[s.game].title} played **{s.play.value}**"
                         + (f" pinging <@&{s.ping_role}>" if s.ping_role else "")
                         for s in await self.bot.daily.calendar.store.guild_schedules(interaction.guild_id)
                         if s.game in DAILY_GAMES)
        summary = (f"Settings: word list **{split_name(picked[0])[1] if picked else current.anagram_lexicon}**, "
                   "vulgar words "
                   f"**{'shown' if current.show_vulgar else 'hidden'}**, time zone "
                   f"**{shown_zone(current.timezone) if current.timezone else 'UTC (not set)'}**, language "
                   f"**{language_option.NAMES[current.get(language_option.LANGUAGE)]}**{styles}.")
        await interaction.response.send_message(summary, ephemeral=True)

    async def _switch_play(self, interaction: discord.Interaction, play: Play, key: str | None) -> str | None:
        """/settings play: the game's style switched and the reply's lines; None after refusing
        (no daily game here, or several and none named)."""
        calendar = self.bot.daily.calendar
        if key is None:
            keys = [s.game for s in await calendar.store.guild_schedules(interaction.guild_id) if s.game in DAILY_GAMES]
            if len(keys) != 1:
                said = ("There is no daily game in this server yet: start one with "
                        + either(dict.fromkeys(f"/{g.command} setup" for g in DAILY_GAMES.values())) + "."
                        if not keys else
                        "Say which game: "
                        + either(f"`/settings play:{play.value} game:{DAILY_GAMES[k].title}`" for k in keys) + ".")
                await send_notice(interaction, said)
                return None
            key = keys[0]
        return await daily.switch_play(interaction, calendar, DAILY_GAMES[key], play)


async def setup(bot: Host) -> None:
    await bot.add_cog(Meta(bot))
