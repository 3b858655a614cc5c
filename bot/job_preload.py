"""Imported once by the job server process (see ``bot.jobs``), before any job forks from it:
the solvers and the bundled word lists, so every job starts with them in memory."""

from solvers.lexicon import BUNDLED, Lexicon

for _name in BUNDLED:
    Lexicon.load(_name)
