from pathlib import Path

import pytest

from bot.config import ConfigError, Settings, shown_database


def test_defaults():
    settings = Settings.from_env({})
    assert settings.token is None
    assert str(settings.database) == "wordbot.sqlite3"
    assert settings.dev_guild_id is None and settings.log_level == "INFO" and settings.shard_count is None


def test_values_and_the_token_never_shows():
    settings = Settings.from_env(
        {"DISCORD_TOKEN": " secret.token ", "WORDBOT_DATABASE": "/data/w.db",
         "WORDBOT_DEV_GUILD_ID": "123456789012345678", "WORDBOT_LOG_LEVEL": "debug"}
    )
    assert settings.token == "secret.token"
    assert settings.dev_guild_id == 123456789012345678 and settings.log_level == "DEBUG"
    assert "secret" not in repr(settings)


@pytest.mark.parametrize(
    ("env", "message"),
    [({"WORDBOT_DEV_GUILD_ID": "my server"}, "WORDBOT_DEV_GUILD_ID must be a server id"),
     ({"WORDBOT_LOG_LEVEL": "loud"}, "WORDBOT_LOG_LEVEL must be one of"),
     ({"WORDBOT_SHARD_COUNT": "many"}, "WORDBOT_SHARD_COUNT must be a number of shards")],
)
def test_bad_values_name_the_setting(env, message):
    with pytest.raises(ConfigError, match=message):
        Settings.from_env(env)


def test_env_example_lists_every_setting():
    example = (Path(__file__).resolve().parents[2] / ".env.example").read_text()
    for name in ("DISCORD_TOKEN", "WORDBOT_DATABASE", "WORDBOT_DEV_GUILD_ID", "WORDBOT_LOG_LEVEL",
                 "WORDBOT_SHARD_COUNT", "WORDBOT_MESSAGE_CONTENT"):
        assert f"\n{name}=" in example


def test_the_database_is_a_file_path_or_a_postgres_url_and_its_password_never_shows():
    assert Settings.from_env({"WORDBOT_DATABASE": " /data/w.db "}).database == Path("/data/w.db")
    url = "postgresql://wordbot:hunter2@db.example:5432/wordbot"
    settings = Settings.from_env({"WORDBOT_DATABASE": url})
    assert settings.database == url  # kept as text: asyncpg takes the URL as written
    assert "hunter2" not in repr(settings) and "postgresql://wordbot:***@db.example:5432/wordbot" in repr(settings)
    assert shown_database(settings.database) == "postgresql://wordbot:***@db.example:5432/wordbot"
    assert Settings.from_env({"WORDBOT_DATABASE": "postgres://db/w"}).database == "postgres://db/w"


def test_another_kind_of_url_is_not_taken_for_a_file_name():
    with pytest.raises(ConfigError, match="WORDBOT_DATABASE must be a SQLite file path or a postgresql://") as caught:
        Settings.from_env({"WORDBOT_DATABASE": "mysql://wordbot:hunter2@db/w"})
    assert "hunter2" not in str(caught.value) and "not a mysql:// URL" in str(caught.value)


@pytest.mark.parametrize(("value", "on"), [("", False), ("0", False), ("no", False), (" False ", False), ("off", False),
                                           ("1", True), ("yes", True), ("TRUE", True), ("on", True)])
def test_the_message_content_switch(value, on):
    settings = Settings.from_env({"WORDBOT_MESSAGE_CONTENT": value})
    assert settings.message_content is on and f"message_content={on}" in repr(settings)


def test_a_bad_message_content_switch_is_one_clear_line():
    with pytest.raises(ConfigError) as caught:
        Settings.from_env({"WORDBOT_MESSAGE_CONTENT": "maybe"})
    assert str(caught.value) == "WORDBOT_MESSAGE_CONTENT must be 1 (on) or 0 (off), or yes/no, true/false; not 'maybe'."
    assert Settings.from_env({}).message_content is False


@pytest.mark.parametrize("on", [False, True])
def test_the_switch_asks_discord_for_the_intent(on):
    from bot.app import create_bot

    bot = create_bot(Settings(message_content=on))
    assert bot.intents.message_content is on and bot.chat.plain_messages is on
    assert bot.intents.guilds and bot.intents.guild_messages and not bot.intents.members


def test_the_stop_s_grace_period_is_ten_seconds_unless_set():
    assert Settings.from_env({}).stop_grace == 10.0
    assert Settings.from_env({"WORDBOT_STOP_GRACE": "2.5"}).stop_grace == 2.5
    for bad in ("-1", "soon", "nan", "601"):
        with pytest.raises(ConfigError, match="WORDBOT_STOP_GRACE must be a number of seconds from 0 to 600"):
            Settings.from_env({"WORDBOT_STOP_GRACE": bad})
