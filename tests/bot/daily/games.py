"""The daily games the platform's tests run each test for: every plug-in's own daily game, and the
first of its language variants (``bee-fr``: the same code as every other language's, under its own
key), so a variant is tested without every language of every game multiplying the run."""

from bot.plugins import plugins

KEYS = sorted([plugin.daily.key for plugin in plugins() if plugin.daily is not None]
              + [plugin.variants[0].key for plugin in plugins() if plugin.variants])


def setup_options(key: str) -> dict[str, str]:
    """What ``/<game> setup`` needs besides the channel and time: a variant's language (``bee-fr``: fr)."""
    main = next(plugin.daily.key for plugin in plugins() if plugin.daily is not None
                and key in (plugin.daily.key, *(game.key for game in plugin.variants)))
    return {} if key == main else {"language": key.removeprefix(f"{main}-")}

