"""``wordbot anagram``: every word a rack makes, in the terminal."""

from __future__ import annotations

import argparse
import json

from bot.cli import CommandLine, load_lexicon
from bot.lab.anagram import text
from bot.text import columns, plural
from solvers.alphabets import fold_letters
from solvers.anagram import MODES, SORTS, RackError, parse_query, solve
from solvers.lexicon import LexiconError
from solvers.screen import may_repeat

USER_ERRORS = (RackError, LexiconError)


def add_commands(cli: CommandLine) -> None:
    command = cli.add("anagram", cmd_anagram, quick_exit=True, help="every word a Scrabble rack makes",
                      description="Every word a rack makes. ? is a blank.",
                      parents=[cli.lexicon("full"), cli.language, cli.json])
    command.add_argument("rack", help="1-15 tiles, letters and up to 3 ? blanks, e.g. 'AALNST?' (quote the ?)")
    command.add_argument("--board", default="", metavar="LETTERS", help="board letters to play through, e.g. I")
    command.add_argument("--mode", choices=MODES, default="exact",
                         help="exact: every tile (default); sub: shorter words too")
    command.add_argument("--sort", choices=SORTS, default="alpha",
                         help="within each length: alpha (A to Z, default) or common (most common first)")


def cmd_anagram(args: argparse.Namespace) -> int:
    lexicon = load_lexicon(args)
    rack, board = (fold_letters(typed, args.language) for typed in (args.rack, args.board))  # ÉLÈVE is ELEVE
    query = parse_query(rack, board, args.mode, lexicon.alphabet)
    results = solve(lexicon, query, sort=args.sort).results  # the terminal shows every word
    if args.json:
        asked = query.to_json(lexicon.name, results)
        if not may_repeat(text.describe_query(query), show_flagged=True):  # a slur is not written back
            asked.update(rack=None, board=None)
        print(json.dumps(asked))
        return 0
    print(f"{text.title(query, len(results), show_vulgar=True)} (lexicon {lexicon.name}; {text.BLANK_LEGEND})")
    written = {r.word: lexicon.display(r.word) for r in results}
    for length, words in text.length_groups(results, query, written):
        print(f"\n{plural(length, 'letter')} ({len(words)})")
        print(columns(words))
    return 0
