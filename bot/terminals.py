"""Every ``wordbot`` command: the ``terminal.py`` that adds it, and its one-line help.

A table, so that ``wordbot --help`` lists every command and ``wordbot CMD`` imports only CMD's
module (``bot.cli.build_parser``): a terminal command is over in a moment, and importing every
feature (the bee's pictures, the databases' drivers) would be most of its time.
"""

COMMANDS = {
    "anagram": ("bot.lab.anagram.terminal", "every word a Scrabble rack makes"),
    "letterboxed": ("bot.lab.letterbox.terminal", "solve a Letter Boxed box"),
    "fivewords": ("bot.lab.fivewords.terminal", "sets of words that use each letter once (five words, 25 letters)"),
    "tileset": ("bot.lab.tileset.terminal", "the N letter tiles that spell the most words"),
    "word": ("bot.lab.words.terminal", "is it a word: lists, commonness, hooks, anagrams, meaning"),
    "judge": ("bot.lab.words.terminal", "club-style judge: is every word of a play valid (exit 0) or not (exit 1)"),
    "pattern": ("bot.lab.words.terminal", "words that fit a pattern: ? one letter, * any run, [abc], [^abc]"),
    "define": ("bot.lab.words.terminal", "what a word means (WordNet 3.0)"),
    "box": ("bot.games.letterbox.terminal", "the daily Letter Boxed: show a day's box, play it"),
    "bee": ("bot.games.bee.terminal", "the daily Spelling Bee: show a day's puzzle, solve any hive, play"),
    "ladder": ("bot.games.ladder.terminal", "the daily word ladder: show a day's ladder, solve any two words"),
    "quiz": ("bot.quiz.terminal", "an anagram quiz round in the terminal: alphagrams to solve against the clock"),
    "challenge": ("bot.quiz.terminal", "the daily anagram challenges: list a day's, or play one "
                                       "(saved in the database)"),
    "study": ("bot.study.terminal", "your study deck: review the cards due (spaced repetition), stats, export, import"),
    "leaderboard": ("bot.boards.terminal", "a server's leaderboard, from the database"),
    "stats": ("bot.boards.terminal", "a player's stats in a server, from the database"),
    "run": ("bot.operate.terminal", "start the Discord bot (needs DISCORD_TOKEN)"),
    "db": ("bot.operate.terminal", "the database: status, upgrade, copy, backup, restore (SQLite or PostgreSQL)"),
    "lists": ("bot.lists.terminal", "a server's own word lists: add, show, remove"),
    "reports": ("bot.lists.terminal", "the words players reported (/report), counted across servers"),
}
"""Each top-level command, in the order ``wordbot --help`` lists them: the module whose
``add_commands(cli)`` adds it (and may list ``USER_ERRORS``), and its one-line help, which is the
module's own (a test holds them equal)."""
