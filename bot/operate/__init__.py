"""Running the bot and keeping its database: ``wordbot run`` and ``wordbot db`` (status, upgrade, copy,
backup, restore). Above the features: it composes the bot (``bot.app``) as a service manager starts it."""
