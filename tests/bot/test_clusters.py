"""Clusters: processes that each run some shards out of one count, over one database. The
options and the environment that choose the shards, and page buttons answered by a process
that did not make the pages. The daily posts of two clusters: tests/bot/daily/test_cluster_posts.py."""

import argparse
import dataclasses
from pathlib import Path

import pytest

from bot.app import create_bot
from bot.cli import build_parser, main
from bot.config import ConfigError, Settings, shard_of

# --- the options and the environment ----------------------------------------------------------

@pytest.mark.parametrize(("shards", "count", "ids"), [
    ("0-3", "8", (0, 1, 2, 3)), ("0,2,5", "8", (0, 2, 5)), ("4-7", "8", (4, 5, 6, 7)),
    (" 0-1, 6 ", "8", (0, 1, 6)), ("0-3,2", "8", (0, 1, 2, 3)), ("0", "1", (0,))])
def test_shards_are_ranges_and_lists_out_of_a_count(shards, count, ids):
    settings = Settings.from_env({"WORDBOT_SHARDS": shards, "WORDBOT_SHARD_COUNT": count})
    assert settings.shard_ids == ids and settings.shard_count == int(count)


def test_without_shards_discord_decides_and_this_process_posts_for_every_guild():
    for settings in (Settings.from_env({}), Settings.from_env({"WORDBOT_SHARD_COUNT": "4"})):
        assert settings.shard_ids is None and all(settings.runs_guild(guild_id << 22) for guild_id in range(8))
    assert Settings.from_env({}).shard_count is None


@pytest.mark.parametrize(("env", "message"), [
    ({"WORDBOT_SHARDS": "0-3"}, r"^WORDBOT_SHARDS needs a shard count too \(--shard-count or WORDBOT_SHARD_COUNT\)"),
    ({"WORDBOT_SHARDS": "8", "WORDBOT_SHARD_COUNT": "8"},
     r"^WORDBOT_SHARDS names shard 8, but with WORDBOT_SHARD_COUNT=8 the shards are 0 to 7\.$"),
    ({"WORDBOT_SHARDS": "3-1", "WORDBOT_SHARD_COUNT": "8"}, r"^WORDBOT_SHARDS must list shard ids and ranges, like 0-3 "
                                                            r"or 0,2,5; not '3-1'\.$"),
    ({"WORDBOT_SHARDS": "0,,1", "WORDBOT_SHARD_COUNT": "8"}, "must list shard ids and ranges"),
    ({"WORDBOT_SHARDS": "one", "WORDBOT_SHARD_COUNT": "8"}, "must list shard ids and ranges"),
    ({"WORDBOT_SHARDS": "-1", "WORDBOT_SHARD_COUNT": "8"}, "must list shard ids and ranges"),
    ({"WORDBOT_SHARDS": "0-99999999999", "WORDBOT_SHARD_COUNT": "8"},
     "names shard 99999999999, but shard ids go from 0 to 999"),
    ({"WORDBOT_SHARD_COUNT": "0"}, "WORDBOT_SHARD_COUNT must be a number of shards from 1 to 1000, not '0'"),
])
def test_bad_shards_are_refused_in_one_line(env, message):
    with pytest.raises(ConfigError, match=message) as refused:
        Settings.from_env(env)
    assert "\n" not in str(refused.value)


def run_args(*argv: str) -> argparse.Namespace:
    return build_parser()[0].parse_args(["run", *argv])


def test_the_options_of_run_override_the_environment():
    from bot.operate.terminal import run_settings

    environ = {"WORDBOT_SHARDS": "4-7", "WORDBOT_SHARD_COUNT": "8"}
    assert run_settings(run_args("--shards", "0-3", "--shard-count", "8"), {}).shard_ids == (0, 1, 2, 3)
    assert run_settings(run_args("--shards", "0,1"), environ).shard_ids == (0, 1)
    both = run_settings(run_args("--shard-count", "16"), environ)
    assert (both.shard_ids, both.shard_count) == ((4, 5, 6, 7), 16)
    assert run_settings(run_args(), environ).shard_ids == (4, 5, 6, 7)
    with pytest.raises(ConfigError, match=r"^--shards names shard 4, but with WORDBOT_SHARD_COUNT=4 the shards"):
        run_settings(run_args("--shards", "4"), {"WORDBOT_SHARD_COUNT": "4"})


@pytest.mark.parametrize(("argv", "message"), [
    (["--shards", "0-3"], "wordbot: --shards needs a shard count too"),
    (["--shards", "9", "--shard-count", "8"], "wordbot: --shards names shard 9, but with --shard-count 8 "
                                              "the shards are 0 to 7."),
    (["--shards", "0-3", "--shard-count", "none"], "wordbot: --shard-count must be a number of shards from "
                                                   "1 to 1000, not 'none'."),
])
def test_wordbot_run_refuses_bad_shards_with_one_line_and_exit_2(argv, message, capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)  # no .env here
    for name in ("DISCORD_TOKEN", "WORDBOT_SHARDS", "WORDBOT_SHARD_COUNT"):
        monkeypatch.delenv(name, raising=False)
    assert main(["run", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(message) and err.count("\n") == 1


async def test_the_bot_gets_the_shards_of_its_cluster(tmp_path):
    cluster = create_bot(Settings(database=tmp_path / "w.sqlite3", shard_count=8, shard_ids=(0, 1, 2, 3)))
    assert cluster.shard_ids == [0, 1, 2, 3] and cluster.shard_count == 8
    alone = create_bot(Settings(database=tmp_path / "w.sqlite3"))
    assert alone.shard_ids is None and alone.shard_count is None


def test_a_process_posts_for_the_guilds_on_its_shards():
    first, second = (Settings(shard_count=4, shard_ids=ids) for ids in ((0, 1), (2, 3)))
    for guild_id in range(1 << 22, 40 << 22, 1 << 22):
        assert first.runs_guild(guild_id) != second.runs_guild(guild_id)
        assert first.runs_guild(guild_id) == (shard_of(guild_id, 4) in (0, 1))


def test_env_example_lists_the_shard_settings():
    example = (Path(__file__).resolve().parents[2] / ".env.example").read_text()
    assert "\nWORDBOT_SHARDS=\n" in example and "\nWORDBOT_SHARD_COUNT=\n" in example


# --- buttons answered by another process ------------------------------------------------------

async def test_page_buttons_work_in_a_cluster_that_did_not_make_the_pages(simcord_env, settings, new_bot):
    guild = simcord_env.create_guild("on shard 1", shard_id=1)
    channel = guild.create_text_channel("words")
    alice = guild.add_member(simcord_env.create_user("alice"))
    result = await alice.slash(channel, "anagram", rack="AELRST?", mode="sub")
    first = result.response.embeds[0].description
    # Another process, running only shard 1 (nothing of the pages in its memory), gets the click:
    await simcord_env.restart_bot(new_bot(dataclasses.replace(settings, shard_ids=(1,))))
    assert simcord_env.bot.shard_ids == [1]
    turned = await alice.click(result.response, label="Next ›")
    assert not turned.ephemeral
    page = result.response.embeds[0]
    assert page.description != first and "page 2/" in page.footer.text
