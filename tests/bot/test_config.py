import pytest

from bot.config import ConfigError, Settings


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
    from pathlib import Path

    example = (Path(__file__).resolve().parents[2] / ".env.example").read_text()
    for name in ("DISCORD_TOKEN", "WORDBOT_DATABASE", "WORDBOT_DEV_GUILD_ID", "WORDBOT_LOG_LEVEL", "WORDBOT_SHARD_COUNT"):
        assert f"\n{name}=" in example
