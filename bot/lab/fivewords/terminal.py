"""``wordbot fivewords``: every set of N words of L letters with all their letters different.

The terminal is private: it lists every word of the list, vulgar ones included (a word list
given by path is read as it is). A progress bar (tqdm, on stderr) appears when the search runs
for more than a second on a terminal.
"""

from __future__ import annotations

import argparse
import sys
import time

from bot.cli import CommandLine, load_lexicon, names_guild_list
from bot.lab.fivewords import text
from bot.lab.latin import latin_only
from bot.text import plural
from solvers.fivewords import FiveWords, FiveWordsError, Progress, most_common_first, search
from solvers.list_names import BUNDLED
from solvers.typed import plain_letters
from solvers.word_file import LexiconError

TYPE_CHECKING = False  # a search of a file loads no Lexicon (nor the screen it imports): see _run
if TYPE_CHECKING:
    from solvers.lexicon import Lexicon

USER_ERRORS = (FiveWordsError, LexiconError)
LISTED = 10_000
BAR_DELAY = 1.0
"""Sets listed by default (counting goes on past them): shapes like 6x4 have millions."""


def add_commands(cli: CommandLine) -> None:
    command = cli.add("fivewords", cmd_fivewords, quick_exit=True, help="sets of words that use each letter once "
                                                       "(five words, 25 letters)",
                      description="Every set of N words of L letters that together use N x L different letters "
                                  "(anagrams count once), the most common words first. "
                                  "Example: wordbot fivewords --lexicon huge (many more sets, of rarer words)",
                      parents=[cli.lexicon("full"), cli.language, cli.json])
    command.add_argument("--words", type=int, default=5, metavar="N", help="words in a set (default 5)")
    command.add_argument("--letters", type=int, default=5, metavar="L", help="letters in each word (default 5)")
    command.add_argument("--include", nargs="+", default=[], metavar="WORD", help="words every set must contain")
    command.add_argument("--exclude", default="", metavar="LETTERS", help="letters no word may use, e.g. qxz")
    command.add_argument("--limit", type=int, default=None, metavar="N",
                         help="stop once N sets are found (counts are then 'at least')")
    command.add_argument("--list", type=int, default=LISTED, metavar="N", dest="listed",
                         help=f"list at most N sets (default {LISTED:,}; 0 only counts); counting goes on")


def cmd_fivewords(args: argparse.Namespace) -> int:
    if args.limit is not None and args.limit < 1:
        raise FiveWordsError(f"--limit is a number of sets, at least 1; {args.limit} is not.")
    if args.listed < 0:
        raise FiveWordsError(f"--list is a number of sets, 0 or more; {args.listed} is not.")
    result = _run(args)
    name = args.lexicon if args.language == "en" else f"{args.language}/{args.lexicon}"  # fr/full
    if args.json:
        import json

        document = result.to_json(name)
        print(json.dumps(document))
        return 0
    print(f"Five words · {text.asked(name, result.words, result.letters, result.include, result.exclude)}")
    print(text.counts(result) + ("" if result.complete else f" · stopped at --limit {args.limit:,}"))
    if result.sets and args.lexicon in BUNDLED:
        print(f"Grouped by the letters left out, {text.ORDER}; anagrams shown as a/b.")
    for missing, sets in text.by_missing(result.sets):
        print(f"\n{text.missing_heading(missing)} "
              f"({plural(len(sets), 'set')}{'' if _all_listed(result) else ' listed'})")
        for word_set in sets:
            print(f"  {text.set_line(word_set)}")
    if not _all_listed(result):
        print(f"\n{plural(len(result.sets), 'set')} listed of {result.count:,} (--list N lists more, --list 0 none)")
    return 0


def _most_common_first(result: FiveWords, args: argparse.Namespace) -> FiveWords:
    from solvers.lexicon import Lexicon

    return most_common_first(result, Lexicon.load(args.lexicon, language=args.language).commonness)


def _all_listed(result: FiveWords) -> bool:
    return text.unlisted(result) == 0


def _run(args: argparse.Namespace) -> FiveWords:
    """The search, with a progress bar on stderr when it is a terminal and the search is slow: the
    bar (and tqdm, a tenth of a second of imports) comes after BAR_DELAY seconds, as tqdm's delay."""
    bar, shown_at = None, time.monotonic() + BAR_DELAY
    try:
        include, exclude = [plain_letters(word) for word in args.include], plain_letters(args.exclude)
        latin_only(args.language, "five words")
        if args.language != "en":  # another language's bundled list, by its name (fr/full)
            source: str | Lexicon = load_lexicon(args)
        else:
            source = load_lexicon(args) if names_guild_list(args) else args.lexicon  # a name or path: the quick way
        for value in search(source, args.words, args.letters, include, exclude,
                            limit=args.limit, keep=args.listed):
            if isinstance(value, FiveWords):  # a bundled list's sets, most common first (a file has no figures)
                return _most_common_first(value, args) if args.lexicon in BUNDLED else value
            assert isinstance(value, Progress)
            if bar is None:
                if args.json or not sys.stderr.isatty() or time.monotonic() < shown_at:
                    continue
                from tqdm import tqdm

                bar = tqdm(total=value.total, unit="branch", file=sys.stderr, leave=False, dynamic_ncols=True)
            bar.total = value.total
            bar.update(value.done - bar.n)
            bar.set_postfix_str(plural(value.found, "set"), refresh=False)
    finally:
        if bar is not None:
            bar.close()
    raise AssertionError("the search ended without a result")
