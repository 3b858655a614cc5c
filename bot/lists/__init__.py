"""A server's own word lists: /lists and /report, and their terminal twins (``wordbot lists``,
``wordbot reports``). The lists themselves, as every command reads them, are the platform's:
``bot.lexicons``."""
