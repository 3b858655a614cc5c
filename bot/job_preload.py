"""Imported once by the job server process (see ``bot.jobs``), before any job forks from it:
the solvers and the bundled word lists, so every job starts with them in memory."""

from solvers.lexicon import BUNDLED, Lexicon

for _name in BUNDLED:
    Lexicon.load(_name)

from solvers.alphabets import LANGUAGES  # noqa: E402
from solvers.list_language import tiers_of  # noqa: E402

for _language in LANGUAGES:  # every language's reviewed tiers, which an upload's words are screened by
    tiers_of(_language)
