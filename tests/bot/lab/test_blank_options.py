"""A blank option is no option (issue 30, class 1): for every slash command's every optional
free-text string option, taken from the tree, a value of spaces, tabs or invisible characters
gets exactly the reply the command gives without the option. (Options with choices are left
out: Discord sends only a choice's value for them.) All are walked, each with one of the blank
spellings in turn: a command runs once to warm its caches (a /tiles answer stored, a /fivewords
answer kept), once without the option for the reference, and once per option blanked.

The server's default list is set to common first, so a blank list option that fell to the
server's default (as ``/fivewords lexicon:" "`` once did, instead of its own default, full; common
holds no five-word set) would show.
A blank required option keeps its value: the command's own check answers it in one private line.
"""

from discord.enums import AppCommandOptionType

from bot.options import is_blank
from bot.views import APOLOGY
from tests.bot.lab.walk import commands_where, filled, reply_of
from tests.bot.lists.conftest import Server

BLANKS = (" ", "\t", "\u200b", " \u3164\u200d ", "\u00a0\u2060")


def free_text(parameter) -> bool:
    return parameter.type is AppCommandOptionType.string and not parameter.choices


def optional_free_text(parameter) -> bool:
    return free_text(parameter) and not parameter.required


def required_free_text(parameter) -> bool:
    return free_text(parameter) and parameter.required


def test_blank_is_what_shows_as_nothing():
    assert all(map(is_blank, ("", *BLANKS, "\n\r", "\u2800")))
    assert not any(map(is_blank, ("a", " a ", "?", ".", "\u200ba", "_")))


async def test_every_optional_text_option_left_blank_is_the_option_left_out(simcord_env, tmp_path):
    simcord_env.bot.guild_lists.cache_dir = tmp_path / "lists-cache"
    club = Server(simcord_env)
    assert "**common**" in (await club.say(club.admin, "settings", lexicon="common")).response.content
    blanks = iter(BLANKS * 10)
    walked = commands_where(simcord_env.bot.tree, optional_free_text)
    assert {"fivewords", "settings", "anagram"} <= {c.qualified_name for c in walked}
    for command in walked:
        name, options = command.qualified_name, filled(command)
        who = club.admin if name == "settings" else club.player
        await club.say(who, name, **options)  # warm: what is worked out once is kept
        reference = reply_of(await club.say(who, name, **options))
        for parameter in filter(optional_free_text, command.parameters):
            blank = next(blanks)
            given = reply_of(await club.say(who, name, **options, **{parameter.display_name: blank}))
            assert given == reference, (name, parameter.display_name, blank)


async def test_a_blank_required_option_gets_the_commands_own_line(simcord_env, tmp_path):
    """Every command whose required options are all free text (the others need a file or a
    channel as well), each required option blank, run by an admin (who may run them all)."""
    simcord_env.bot.guild_lists.cache_dir = tmp_path / "lists-cache"
    club = Server(simcord_env)
    walked = [command for command in commands_where(simcord_env.bot.tree, required_free_text)
              if all(map(free_text, filter(lambda p: p.required, command.parameters)))]
    assert {"anagram", "word", "pattern", "letterboxed"} <= {c.qualified_name for c in walked}
    for command in walked:
        blank = {p.display_name: " " for p in command.parameters if p.required}
        result = await club.say(club.admin, command.qualified_name, **blank)
        line = result.response.content
        assert result.ephemeral and line and "\n" not in line and line != APOLOGY, (command.qualified_name, line)
