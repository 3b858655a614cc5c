"""``wordbot word``, ``judge``, ``pattern`` and ``define``: the word player's toolbox in the terminal.

The terminal is private: flagged words are shown, as ``wordbot anagram`` shows them; a slur
typed is never written back (a word asked about is then "not a word here", exit 1). A word not
in the list gets "Did you mean" (``word``, ``define``, and ``judge`` of one word: a play of
several is the club judge, which never helps); never a slur, even from a file of one's own.
"""

from __future__ import annotations

import argparse
import json

from bot.cli import CommandLine, load_lexicon
from bot.lab.words import text
from bot.text import columns, plural
from solvers.alphabets import fold, fold_letters
from solvers.definitions import lookup
from solvers.letters import code_letters
from solvers.lexicon import BUNDLED, Lexicon, LexiconError
from solvers.pattern import DEFAULT_LIMIT, PatternError, match
from solvers.screen import may_repeat
from solvers.wordcard import WordError, bundled_lists, judge, parse_play, parse_word, word_facts

USER_ERRORS = (WordError, PatternError, LexiconError)


def add_commands(cli: CommandLine) -> None:
    word = cli.add("word", cmd_word, quick_exit=True, help="is it a word: lists, commonness, hooks, anagrams, meaning",
                   description="A word's card: the lists that hold it, how common it is, its hooks and "
                               "anagrams, and its first definitions.",
                   parents=[cli.lexicon("full"), cli.language, cli.json])
    word.add_argument("word", help="one word, e.g. cat")

    play = cli.add("judge", cmd_judge, quick_exit=True,
                   help="club-style judge: is every word of a play valid (exit 0) or not (exit 1)",
                   description="Acceptable when every word is in the list; not acceptable otherwise, "
                               "without saying which word failed.", parents=[cli.lexicon("full"), cli.language])
    play.add_argument("words", nargs="+", metavar="WORD", help="1 to 8 words")

    pattern = cli.add("pattern", cmd_pattern, quick_exit=True,
                      help="words that fit a pattern: ? one letter, * any run, [abc], [^abc]",
                      description="Words that fit a pattern, grouped by length.",
                      parents=[cli.lexicon("full"), cli.language, cli.json])
    pattern.add_argument("pattern", help="e.g. 'c?t*' (quote it, so the shell leaves ? and * alone)")
    pattern.add_argument("--min", type=int, dest="min_length", metavar="N", help="shortest word length")
    pattern.add_argument("--max", type=int, dest="max_length", metavar="N", help="longest word length")
    pattern.add_argument("--includes", default="", metavar="LETTERS", help="letters the word must hold, e.g. ee")
    pattern.add_argument("--sort", choices=tuple(text.ORDERS), default="common",
                         help="within each length: common (most common first, default) or alpha (A to Z)")
    pattern.add_argument("--limit", type=int, default=DEFAULT_LIMIT, metavar="N",
                         help=f"show at most N words (default {DEFAULT_LIMIT:,}); the count is always complete")

    define = cli.add("define", cmd_define, quick_exit=True, help="what a word means (WordNet 3.0)",
                     description="A word's definitions from WordNet 3.0; inflected forms give their lemma's. "
                                 "WordNet is English only.", parents=[cli.language, cli.json])
    define.add_argument("word", help="one word, e.g. geese")


def _slur(as_json: bool) -> int:
    """The answer to a word asked about that is a slur: it is not written back."""
    print(json.dumps({"word": None, "found": False}) if as_json else text.NOT_A_WORD)
    return 1


def typed_word(args: argparse.Namespace) -> str:
    """The word typed, read in ``--language``'s letters (``élève`` and ``eleve`` alike)."""
    return parse_word(fold(args.word, args.language) or args.word, code_letters(args.language))


def cmd_word(args: argparse.Namespace) -> int:
    word = typed_word(args)
    if text.refusal(word, show_vulgar=True):
        return _slur(args.json)
    lexicon = load_lexicon(args)
    lists = bundled_lists(args.language) + (() if args.lexicon in BUNDLED else (lexicon,))
    facts = word_facts(word, lexicon, lists)
    senses = lookup(word) if args.language == "en" else ()  # WordNet is English
    near = () if facts.found else text.suggestions(word, lexicon, show_vulgar=True)
    if args.json:
        print(json.dumps({
            "word": word, "found": facts.found, "lexicon": lexicon.name, "lists": list(facts.lists),
            "commonness": facts.commonness, "zipf": facts.zipf,
            "definitions": [{"pos": s.pos, "gloss": s.gloss, "lemma": s.lemma} for s in senses],
            "anagrams": list(facts.anagrams), "front_hooks": list(facts.hooks.front),
            "back_hooks": list(facts.hooks.back), "did_you_mean": list(near),
        }))
        return 0
    print(text.card_title(facts, lexicon.display(word)))
    for line in text.card_lines(facts, senses, lexicon.name):
        print("  " + line)
    _print_suggestion(near, lexicon.name)
    return 0


def _print_suggestion(near: tuple[str, ...], name: str) -> None:
    """``Did you mean …?`` under the answer, for a word not in the list."""
    if (line := text.did_you_mean(near, name, show_vulgar=True)) is not None:
        print(line)


def cmd_judge(args: argparse.Namespace) -> int:
    words = [fold(word, args.language) or word for word in " ".join(args.words).split()]
    play = parse_play(words, code_letters(args.language))
    lexicon = load_lexicon(args)
    acceptable = judge(play, lexicon)
    print(text.judge_line(play, acceptable, lexicon.name, show_vulgar=True))
    if len(play) == 1 and not acceptable and not text.refusal(play[0], show_vulgar=True):  # several: club mode
        _print_suggestion(text.suggestions(play[0], lexicon, show_vulgar=True), lexicon.name)
    return 0 if acceptable else 1


def cmd_pattern(args: argparse.Namespace) -> int:
    if args.limit < 0:
        raise PatternError("--limit is a number of words, 0 or more.")
    lexicon = load_lexicon(args)
    typed, includes = (fold_letters(given, args.language) for given in (args.pattern, args.includes))  # É is E
    result = match(lexicon, typed, min_length=args.min_length, max_length=args.max_length,
                   includes=includes, order=text.ORDERS[args.sort], limit=args.limit)
    if args.json:
        pattern = result.pattern.text if may_repeat(result.pattern.text, show_flagged=True) else None  # null for a slur
        print(json.dumps({"pattern": pattern, "lexicon": lexicon.name, "count": result.count,
                          "words": list(result.words)}))
        return 0
    options = text.pattern_options(result, lexicon.name, args.sort, show_vulgar=True)
    print(f"{text.pattern_title(result.pattern.text, result, show_vulgar=True)} ({options})")
    for length, words in text.length_groups(result):
        print(f"\n{plural(length, 'letter')} "
              f"({len(words):,}{f' of {dict(result.length_counts)[length]:,}' if result.capped else ''})")
        print(columns([_written(word, lexicon.display(word.lower())) for word in words]))
    return 0


def _written(shown: str, written: str) -> str:
    """A word as listed, and how its language writes it where that differs (``ELEVE (élevé)``)."""
    return shown if written == shown.lower() else f"{shown} ({written})"


def cmd_define(args: argparse.Namespace) -> int:
    word = typed_word(args)
    if text.refusal(word, show_vulgar=True):
        return _slur(args.json)
    if args.language != "en":  # said plainly, in one line; the JSON's shape is the English one's
        print(json.dumps({"word": word, "definitions": [], "did_you_mean": []}) if args.json else text.ENGLISH_ONLY)
        return 0
    senses = lookup(word)
    full = Lexicon.load("full")
    near = () if senses or word in full else text.suggestions(word, full, show_vulgar=True)
    if args.json:
        print(json.dumps({"word": word, "definitions": [s.to_json() for s in senses], "did_you_mean": list(near)}))
        return 0
    print(text.define_title(word, senses))
    for line in text.sense_lines(word, senses, len(senses)) or ["WordNet has no definition of it."]:
        print("  " + line)
    _print_suggestion(near, full.name)
    return 0
