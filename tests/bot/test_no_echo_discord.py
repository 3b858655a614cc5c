"""Issue 30, class 1, through SimCord: no reply repeats a slur typed in any option, in any form
(plain, capitals, full-width, zero-width, look-alike, in a pattern), and a flagged word typed
comes back only in a server that shows flagged words.

The commands are walked from the bot's own command tree: every slash command and subcommand,
each of its typed string options (those without fixed choices) in turn, the other required
options filled with valid values. Everything the bot sent is read (every REST call: replies,
ephemeral or not, embeds, buttons, alt text, edits, follow-ups, autocomplete choices) after
``solvers.screen.read_letters``, so a full-width or look-alike echo is caught as well. A command
added without an entry in FILLERS and ECHOES fails the walk until it is given one.

Setup: the bee and the box are set up in channels of their own and their day's post made, so
``/bee guess`` and ``/box play`` reach the game (and the Guess and Play forms of the posts too).
"""

import datetime as dt
import re

import discord
import pytest
from discord import AppCommandOptionType, app_commands

from solvers.screen import read_letters

SLUR = "nigger"  # solvers/data/slurs.txt
SLUR_FORMS = {"plain": SLUR, "capitals": SLUR.upper(), "full-width": "ＮＩＧＧＥＲ", "zero-width": "ni\u200bgg\u200ber",
              "cyrillic": "nіggеr", "wildcards": "*n?gger*", "run": "n*gger",
              "doubled": "niggger", "padded": "aniggerss",  # hidden in a longer token (issue 41)
              "french": "bougnoule", "spanish, accented": "MARICÓN"}  # a slur of another language (issue 44)
FLAGGED = "dicks"  # vulgar in every bundled list; five different letters, so it is a valid include word too

# The value of each required typed option, by command (the others: a choice's first value, the
# channel, a small file). Every command of the tree has an entry, options or none.
FILLERS = {
    "leaderboard": {}, "stats": {}, "help": {}, "settings": {}, "remind": {"streak": True},
    "bee setup": {"time": "09:00", "timezone": "Europe/London"}, "bee stop": {}, "bee guess": {"word": "cafe"},
    "bee today": {}, "bee hints": {}, "bee found": {}, "bee rules": {},
    "box setup": {"time": "09:00", "timezone": "Europe/London"}, "box stop": {}, "box play": {"words": "cat"},
    "box today": {}, "box hint": {}, "box rules": {},
    "ladder setup": {"time": "09:00", "timezone": "Europe/London"}, "ladder stop": {},
    "ladder play": {"words": "cat"}, "ladder today": {}, "ladder hint": {}, "ladder rules": {},
    "anagram": {"rack": "AENST"}, "fivewords": {}, "letterboxed": {"sides": "TJO FEB CUY HIL"}, "tiles": {},
    "word": {"word": "cat"}, "define": {"word": "cat"}, "judge": {"words": "cat"}, "pattern": {"pattern": "*q*"},
    "lists upload": {"name": "club"}, "lists remove": {"name": "club"}, "lists show": {}, "report": {"word": "qi"},
    "challenge play": {}, "challenge board": {}, "quiz start": {}, "quiz stop": {},
    "study review": {}, "study stats": {}, "study add": {}, "study bee": {}, "study settings": {},
}
# How a typed option holds the word, where the word alone would not reach the reply's echo.
# /fivewords include: beside a word it shares a letter with, and /letterboxed sides: beside a side
# too short, so a valid one never starts a search in a worker.
CONTEXT = {("judge", "words"): "cat {}", ("box play", "words"): "{} cat", ("fivewords", "include"): "{} fjord",
           ("letterboxed", "sides"): "{} tjo feb x"}
# Whether a flagged word typed in the option comes back where the server shows flagged words
# (None: it depends on the day's puzzle, or on the name rules of lists).
ECHOES = {
    ("bee setup", "time"): False, ("bee setup", "timezone"): False, ("bee guess", "word"): None,
    ("box setup", "time"): False, ("box setup", "timezone"): False, ("box play", "words"): None,
    ("ladder setup", "time"): False, ("ladder setup", "timezone"): False, ("ladder play", "words"): None,
    ("anagram", "rack"): True, ("anagram", "board"): False, ("anagram", "lexicon"): True,  # board: "through D or I…"
    ("fivewords", "lexicon"): True, ("fivewords", "exclude"): False,
    ("fivewords", "include"): False,  # the clash with fjord: quoted only when no word of the two is flagged
    ("letterboxed", "sides"): False, ("letterboxed", "lexicon"): True, ("tiles", "lexicon"): True,
    ("word", "word"): True, ("word", "lexicon"): True, ("define", "word"): True,
    ("judge", "words"): True, ("judge", "lexicon"): True,
    # includes: "with CDIKS"
    ("pattern", "pattern"): True, ("pattern", "includes"): False, ("pattern", "lexicon"): True,
    ("lists upload", "name"): None, ("lists remove", "name"): True, ("report", "word"): True,
    ("settings", "lexicon"): True, ("challenge board", "date"): False, ("quiz start", "lexicon"): True,
    ("study settings", "reminder"): False, ("study settings", "timezone"): False,
}
FORMS = {"bee": ("Guess", "word"), "box": ("Play", "words")}  # the posts' forms that take typed text


class Club:
    """A server with the bee and the box posted today, a channel for the rest, and an admin."""

    def __init__(self, env, name):
        self.env = env
        self.guild = env.create_guild(name)
        self.words = self.guild.create_text_channel("words")
        self.games = {game: self.guild.create_text_channel(game) for game in FORMS}
        admins = self.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
        self.admin = self.guild.add_member(env.create_user(f"{name}-admin"), roles=[admins])

    async def set_up_games(self):
        for game, channel in self.games.items():
            await self.admin.slash(channel, f"{game} setup", channel=channel, time="09:00", timezone="Europe/London")

    def channel(self, command):
        return self.games.get(command.split()[0], self.words)

    def post(self, game):
        return next(m for m in self.games[game].history() if m.embeds and m.components)


def typed_options(tree):
    """(command, option) for every typed string option of every command of the tree."""
    for command in tree.walk_commands():
        if isinstance(command, app_commands.Group):
            continue
        name = command.qualified_name
        assert name in FILLERS, f"/{name} is new: give it an entry in FILLERS (and its typed options in ECHOES)"
        for option in command.parameters:
            if option.type is AppCommandOptionType.string and not option.choices:
                assert (name, option.name) in ECHOES, f"/{name} {option.name}: say in ECHOES whether it echoes"
                yield command, option


def filled(club, command, option, value):
    """The options of an invocation: ``value`` in ``option``, valid values in the other required ones."""
    options = {option.name: CONTEXT.get((command.qualified_name, option.name), "{}").format(value)}
    for other in command.parameters:
        if other.name in options or not other.required:
            continue
        if other.name in FILLERS[command.qualified_name]:
            options[other.name] = FILLERS[command.qualified_name][other.name]
        elif other.choices:
            options[other.name] = other.choices[0].value
        elif other.type is AppCommandOptionType.channel:
            options[other.name] = club.channel(command.qualified_name)
        elif other.type is AppCommandOptionType.attachment:
            options[other.name] = ("words.txt", b"cat\ndog\n")
        else:
            pytest.fail(f"/{command.qualified_name} {other.name}: give it a value in FILLERS")
    return options


def sent_texts(env, since):
    """Every string in what the bot sent since request ``since`` (REST calls' bodies)."""
    def strings(value):
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            for item in value.values():
                yield from strings(item)
        elif isinstance(value, (list, tuple)):
            for item in value:
                yield from strings(item)
    return [text for entry in env.http_requests[since:] for text in strings(entry.json)]


def echoes(texts, needle, whole_word=False):
    """The texts that, read as the screen reads them, hold ``needle`` (read the same way)."""
    needle = re.escape(read_letters(needle).strip("*"))
    pattern = re.compile(rf"(?<![a-z]){needle}" + (r"(?![a-z])" if whole_word else ""))
    return [text for text in texts if pattern.search(read_letters(text))]


async def typed_everywhere(club, value):
    """Type ``value`` into every typed option, autocomplete and form; yield (where, what the bot sent)."""
    env = club.env
    for command, option in typed_options(env.bot.tree):
        name, channel = command.qualified_name, club.channel(command.qualified_name)
        since = len(env.http_requests)
        result = await club.admin.slash(channel, name, **filled(club, command, option, value))
        assert result.acknowledged, f"/{name} {option.name}={value!r} got no reply"
        if option.autocomplete:
            others = {k: v for k, v in filled(club, command, option, value).items() if k != option.name}
            await club.admin.autocomplete(channel, name, option.name, value, **others)
        yield f"/{name} {option.name}", sent_texts(env, since)
    for game, (button, field) in FORMS.items():
        since = len(env.http_requests)
        shown = await club.admin.click(club.post(game), label=button)
        await club.admin.submit_modal(shown, {field: value})
        yield f"the {game}'s {button} form", sent_texts(env, since)


@pytest.fixture
async def club(simcord_env):
    club = Club(simcord_env, "Club")
    await club.set_up_games()
    await simcord_env.advance_time((dt.datetime(2026, 1, 1, 9) - dt.datetime(2026, 1, 1)).total_seconds())
    return club


async def test_a_slur_typed_anywhere_in_any_form_never_comes_back(club, simcord_env):
    await simcord_env.bot.db.set_show_vulgar(club.guild.id, True)  # even where everything else is shown
    echoed = []
    for form, value in SLUR_FORMS.items():
        async for where, texts in typed_everywhere(club, value):
            echoed += [(where, form, text) for text in echoes(texts, SLUR) + echoes(texts, value)]
    assert echoed == []


@pytest.mark.parametrize("show", [False, True], ids=["hidden", "shown"])
async def test_a_flagged_word_comes_back_only_where_the_server_shows_them(club, simcord_env, show):
    await simcord_env.bot.db.set_show_vulgar(club.guild.id, show)
    came_back = {where: bool(echoes(texts, FLAGGED, whole_word=True))
                 async for where, texts in typed_everywhere(club, FLAGGED)}
    if not show:
        assert [where for where, echoed in came_back.items() if echoed] == []
    else:
        expected = {f"/{name} {option}": echoes for (name, option), echoes in ECHOES.items() if echoes is not None}
        # the counter-check: this walk can see an echo
        assert {where: came_back[where] for where in expected} == expected


async def test_in_direct_messages_neither_a_slur_nor_a_flagged_word_comes_back(simcord_env):
    """A DM has no server to show flagged words: the commands a DM offers repeat neither."""
    user = simcord_env.create_user("someone")
    offered = set(user.available_commands())
    echoed, walked = [], 0
    for command, option in typed_options(simcord_env.bot.tree):
        if command.qualified_name not in offered:
            continue
        for value, whole_word in ((FLAGGED, True), (SLUR_FORMS["full-width"], False)):
            since = len(simcord_env.http_requests)
            result = await user.slash(command.qualified_name, **filled(None, command, option, value))
            assert result.acknowledged, f"/{command.qualified_name} {option.name}={value!r} got no reply in a DM"
            walked += 1
            texts = sent_texts(simcord_env, since)
            echoed += [(command.qualified_name, option.name, text) for text in echoes(texts, value, whole_word)]
    assert walked >= 20 and echoed == []
