"""A server's settings: the registry that a feature extends with a setting of its own (a column
its migration adds) with no change to the database classes, the same on both backends."""

import pytest

from bot.db import open_database, settings
from bot.db.settings import ANAGRAM_LEXICON, SHOW_VULGAR, TIMEZONE, Setting


@pytest.fixture
def registry(monkeypatch):
    """The registry as it is, given back as it was after the test."""
    monkeypatch.setattr(settings, "SETTINGS", dict(settings.SETTINGS))
    return settings.SETTINGS


@pytest.mark.parametrize(("setting", "value"), [(ANAGRAM_LEXICON, "huge"), (SHOW_VULGAR, True),
                                                (TIMEZONE, "Europe/Paris")])
async def test_each_setting_is_its_default_until_set_and_one_server_apart_from_another(db_target, setting, value):
    db = await open_database(db_target)
    try:
        assert (await db.guild_settings(1)).get(setting) == setting.default != value
        await db.set_guild_setting(1, setting, value)
        mine, theirs = await db.guild_settings(1), await db.guild_settings(2)
        assert mine.get(setting) == value and theirs.get(setting) == setting.default
        assert {n: v for n, v in mine.values if n != setting.name} == \
            {n: v for n, v in theirs.values if n != setting.name}
        assert (mine.anagram_lexicon, mine.show_vulgar, mine.timezone) == (
            mine.get(ANAGRAM_LEXICON), mine.get(SHOW_VULGAR), mine.get(TIMEZONE))
    finally:
        await db.close()


def an_hour(hour: int) -> None:
    if not 0 <= hour < 24:
        raise ValueError("an hour is 0 to 23")


async def test_a_feature_adds_a_setting_without_touching_the_database_classes(db_target, registry):
    db = await open_database(db_target)
    try:
        await db.write("ALTER TABLE guild_settings ADD COLUMN study_hour INTEGER")  # what the feature's migration does
        study_hour = settings.register(Setting("study_hour", 9, check=an_hour))
        await db.set_show_vulgar(1, True)  # a row made before the feature set anything: its column is NULL
        assert (await db.guild_settings(1)).get(study_hour) == 9
        await db.set_guild_setting(1, study_hour, 21)
        with pytest.raises(ValueError, match="an hour is 0 to 23"):
            await db.set_guild_setting(1, study_hour, 24)
        read = await db.guild_settings(1)
        assert (read.get(study_hour), read.show_vulgar, read.anagram_lexicon) == (21, True, "full")
    finally:
        await db.close()


@pytest.mark.parametrize("name", ["guild_id", "updated_at", "Hour", "x; DROP TABLE guild_settings", "", "a" * 64])
def test_a_name_that_cannot_be_a_column_of_ours_is_refused(name, registry):
    with pytest.raises(ValueError, match="cannot be a setting's column"):
        settings.register(Setting(name, None))


def test_a_name_is_registered_once(registry):
    with pytest.raises(ValueError, match="a setting called show_vulgar already"):
        settings.register(Setting("show_vulgar", True))
    assert registry["show_vulgar"] is SHOW_VULGAR


async def test_a_setting_not_in_the_registry_is_never_written(tmp_path):
    db = await open_database(tmp_path / "w.sqlite3")
    try:
        with pytest.raises(ValueError, match="not a registered setting"):
            await db.set_guild_setting(1, Setting("show_vulgar", False), True)  # its name, but not the registered one
        assert await db.fetch_all("SELECT * FROM guild_settings") == []
    finally:
        await db.close()
