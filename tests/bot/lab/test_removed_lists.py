"""Removing what something depends on, through SimCord (issue 30, class 4). Every command with a
``lexicon`` option (taken from the tree) still answers, on full, once the server's own default
list is removed: the removal's reply says so, once. A default left naming a list the server no
longer has (a database from before, or a race) gives full and one private note, once. A list
removed while a job searches it: the job finishes on the words it had, its words are shown."""

import pytest

from bot.lists.text import DEFAULT_GONE, DEFAULT_RESET
from solvers.lexicon import Lexicon
from tests.bot.conftest import until
from tests.bot.lab.walk import commands_where, filled
from tests.bot.lists.conftest import Server

USED = {  # what each command's reply says of the list it used, once the server's own default is gone
    "anagram": "lexicon: full", "word": "lexicon: full", "judge": "in the full word list)", "pattern": "lexicon: full",
    "settings": "word list **full**",
    # their own defaults, never the server's: the list each puzzle is made for
    "fivewords": "letters · full", "tiles": "· full ·", "letterboxed": "lexicon: full",
    "quiz start": "· full.",
    # a player's study deck is theirs, not the server's: their own list (full by default)
    "study add": "(full)", "study settings": "word list: **full**",
}
READS_THE_DEFAULT = {"anagram", "word", "judge", "pattern", "settings", "quiz start"}


def takes_a_lexicon(parameter) -> bool:
    return parameter.name == "lexicon"


def text_of(result) -> str:
    return " ".join([result.response.content, *(str(embed.to_dict()) for embed in result.response.embeds)])


def notes_of(result) -> list[str]:
    return [sent.content for sent in result.followups if sent.ephemeral]


@pytest.fixture
def club(simcord_env, tmp_path):
    simcord_env.bot.guild_lists.cache_dir = tmp_path / "lists-cache"
    return Server(simcord_env)


async def run(club, command):
    """The command as a member runs it (/settings: as an admin, who alone may)."""
    who = club.admin if command.qualified_name == "settings" else club.player
    result = await club.say(who, command.qualified_name, **filled(command))
    if command.qualified_name == "quiz start":  # one round a channel: end it, so that the next run starts one
        await club.say(who, "quiz stop")
    return result


async def test_every_command_uses_full_once_the_default_list_is_removed_and_the_removal_says_so(club, simcord_env):
    await club.upload("club", b"cat\nact\ntac\n")
    assert "**club**" in (await club.say(club.admin, "settings", lexicon="club")).response.content
    assert (await club.say(club.player, "judge", words="tac")).response.content.endswith(
        "acceptable (in the word list club)")
    removed = await club.say(club.admin, "lists remove", name="club")
    assert removed.ephemeral and removed.response.content == f"Removed the list club. {DEFAULT_RESET}"
    assert (await simcord_env.bot.db.guild_settings(club.guild.id)).anagram_lexicon == "full"

    walked = commands_where(simcord_env.bot.tree, takes_a_lexicon)
    assert sorted(c.qualified_name for c in walked) == sorted(USED)
    for command in walked:
        result = await run(club, command)
        assert USED[command.qualified_name] in text_of(result), command.qualified_name
        assert "club" not in text_of(result) and notes_of(result) == [], command.qualified_name


async def test_a_default_naming_a_missing_list_gives_full_and_one_note(club, simcord_env):
    db = simcord_env.bot.db
    for command in commands_where(simcord_env.bot.tree, takes_a_lexicon):
        name = command.qualified_name
        await db.set_anagram_lexicon(club.guild.id, "gone")  # as a removal before this release left it
        first, second = await run(club, command), await run(club, command)
        assert USED[name] in text_of(first) and USED[name] in text_of(second), name
        assert notes_of(first) == ([DEFAULT_GONE] if name in READS_THE_DEFAULT else []), name
        assert notes_of(second) == [], name  # said once: the default was set back to full
        expected = "full" if name in READS_THE_DEFAULT else "gone"
        assert (await db.guild_settings(club.guild.id)).anagram_lexicon == expected, name


async def test_a_list_removed_while_tiles_searches_it_is_searched_to_the_end(club, simcord_env, jobs_outside):
    """The worker reads the list's words file when it starts, and a removal leaves the file: the
    search goes on, ends as it would have, and its words are shown; asking again is refused."""
    words = "\n".join(w for w in Lexicon.load("common").words if len(w) % 2 == 0)  # long enough to search for seconds
    reports = jobs_outside()
    uploaded = await club.upload("big", words.encode())  # parsed in a worker too
    await until(lambda: uploaded.response.content.startswith("Added the list big"), simcord_env)
    result = await club.say(club.player, "tiles", count=12, size=2, lexicon="big", seconds=5)
    await until(lambda: len(reports) >= 1, simcord_env)  # the worker has its words and is searching
    removed = await club.say(club.admin, "lists remove", name="big")
    assert removed.response.content == "Removed the list big."
    assert simcord_env.bot.jobs.running  # the removal came mid-search

    await until(lambda: not simcord_env.bot.jobs.running, simcord_env)
    answer = result.response.embeds[0]
    assert answer.title.startswith("Tiles · 12 tiles of 2 letters · big ·")
    assert f"This run: {reports[-1].best_words:,} words." in answer.description
    assert result.followups == []  # the words are behind the Words button, kept from the search
    shown = await club.player.click(result.response, label="Words")
    assert shown.ephemeral and shown.response.embeds[0].title.startswith(f"{reports[-1].best_words:,} words from ")
    again = await club.player.click(result.response, label="Keep improving (5 s)")
    assert again.ephemeral and again.response.content == \
        "This server's word list 'big' has been replaced or removed since: run `/tiles` again."
