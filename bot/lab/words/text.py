"""Words of /word, /judge, /pattern and /define and of their terminal commands (no discord import).

Every function that lays out text takes ``bold`` (``bot.text.plain`` in the terminal,
``markdown_bold`` in Discord), so both front doors say the same thing.

"Did you mean" (``did_you_mean``): a word not in the list asked about gets the nearest words of
that list (``solvers.nearest``), privately, from /word, /define and a /judge of one word. A
/judge of two or more words is the club judge (club mode): its verdict never says which word
failed, so it offers nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.icons import ACCEPTED, REFUSED
from bot.text import plain, plural
from solvers.definitions import Sense, form_of, lookup, public_form
from solvers.lexicon import BUNDLED, LANGUAGE_NAMES, MAX_WORD_LENGTH, Lexicon, is_bundled, language_of
from solvers.nearest import nearest
from solvers.pattern import PatternResult
from solvers.screen import may_repeat, quoted
from solvers.wordcard import WordFacts

Bold = Callable[[str], str]

CARD_SENSES = 3  # definitions on a word's card
DEFINE_SENSES = 8  # definitions /define gives
CARD_ANAGRAMS = 30
GLOSS_CHARS = 200
NOT_A_WORD = "That is not a word here."
NOT_SHOWN = ("That word is not shown here: it is flagged as vulgar, and this server hides vulgar words "
             "(an admin can show them with `/settings vulgar_words:True`).")
CAPPED_HINT = "*Too many to show them all: narrow it with `min_length`, `max_length` or `includes`.*"
SORT_NAMES = {"common": "most common first", "alpha": "A to Z"}
ORDERS = {"common": "commonness", "alpha": "alphabet"}  # our --sort names -> solvers.pattern's orders
YOUR_PATTERN = "Your pattern"  # a pattern, or letters to include, that may not be written back is named so
YOUR_LETTERS = "your letters"


ENGLISH_ONLY = "Definitions are in English only (WordNet 3.0): none for this language's words."


def refusal(word: str, show_vulgar: bool) -> str | None:
    """Why a word asked about is not written back (never a slur; a flagged word only where the
    server shows them), or None when it may be."""
    if not may_repeat(word, show_flagged=True):
        return NOT_A_WORD
    return None if may_repeat(word, show_vulgar) else NOT_SHOWN


def senses_shown(word: str, show_vulgar: bool) -> tuple[Sense, ...]:
    """The word's senses, less those whose gloss writes a flagged word where those are hidden."""
    return tuple(sense for sense in lookup(word) if show_vulgar or not sense.flagged)


def shown_sense(word: str, sense: Sense, bold: Bold = plain, show_vulgar: bool = True) -> str:
    """``noun: a domesticated goose`` or ``noun (plural of goose): …``, the gloss cut at GLOSS_CHARS;
    a flagged lemma is not named where vulgar words are hidden."""
    form = form_of(word, sense) if show_vulgar else public_form(word, sense)
    gloss = sense.gloss if len(sense.gloss) <= GLOSS_CHARS else sense.gloss[: GLOSS_CHARS - 1].rstrip() + "…"
    return f"{bold(sense.pos)}{f' ({form})' if form else ''}: {gloss}"


def sense_lines(word: str, senses: Sequence[Sense], limit: int, bold: Bold = plain,
                show_vulgar: bool = True) -> list[str]:
    """The first ``limit`` senses, and how many more there are."""
    lines = [shown_sense(word, sense, bold, show_vulgar) for sense in senses[:limit]]
    if len(senses) > limit:
        lines.append(f"… and {plural(len(senses) - limit, 'more sense')} (`define {word}`)")
    return lines


def list_in_words(name: str, show_vulgar: bool = True) -> str:
    """``the full word list``; ``the word list club`` for a server's own (or a file's), named
    only where the name may be written back; ``the French full word list`` for ``fr/full``, ``the
    French word list club`` for a server's own French list (``fr/club``)."""
    if (language := language_of(name)) != "en":
        own = name.partition("/")[2]
        if is_bundled(name):
            return f"the {LANGUAGE_NAMES[language]} {own} word list"
        return quoted(f"the {LANGUAGE_NAMES[language]} word list {own}", "that word list", show_vulgar)
    return f"the {name} word list" if name in BUNDLED else quoted(f"the word list {name}", "that word list",
                                                                  show_vulgar)


def how_often(zipf: float, language: str = "English") -> str:
    """How common a word is, as a reader can picture it: ``about once in 16,000 words of English``
    (from its Zipf figure: 10 ** zipf uses per billion words of ``language``), 2 significant figures."""
    if zipf <= 0:
        return "too rare to be counted"
    every = max(2, int(float(f"{10 ** (9 - zipf):.2g}")))
    return f"about once in {every:,} words of {language}"


def hooks_line(facts: WordFacts, bold: Bold = plain) -> str:
    """``Hooks: s CAT es (a letter before or after it that makes a word)``."""
    if not facts.hooks.front and not facts.hooks.back:
        return f"{bold('Hooks')}: none (no letter before or after it makes a word)"
    return f"{bold('Hooks')}: {facts.hooks.shown()} (a letter before or after it that makes a word)"


def card_lines(facts: WordFacts, senses: Sequence[Sense], lexicon: str, bold: Bold = plain,
               show_vulgar: bool = True) -> list[str]:
    """A word's card, after its title: lists, how common, hooks, anagrams, definitions."""
    where = ", ".join(facts.lists) if facts.lists else "none of ours"
    listed = f"{bold('Word lists')}: {where}"
    lines = [listed if facts.found else f"Not in {list_in_words(lexicon, show_vulgar)}. {listed}"]
    if facts.lists:
        language = LANGUAGE_NAMES.get(language_of(lexicon), "English")
        lines.append(f"{bold('How common')}: {facts.commonness} ({how_often(facts.zipf, language)})")
    if facts.found or facts.hooks.front or facts.hooks.back:
        lines.append(hooks_line(facts, bold))
    if facts.found or facts.anagrams:
        lines.append(f"{bold('Anagrams')}: {_some(facts.anagrams, CARD_ANAGRAMS) if facts.anagrams else 'none'}")
    lines += sense_lines(facts.word, senses, CARD_SENSES, bold, show_vulgar) or [
        "No definition in WordNet." if language_of(lexicon) == "en" else ENGLISH_ONLY]
    return lines


def _some(words: Sequence[str], limit: int) -> str:
    shown = ", ".join(w.upper() for w in words[:limit])
    return shown + (f" and {len(words) - limit:,} more" if len(words) > limit else "")


def card_title(facts: WordFacts, written: str | None = None) -> str:
    """``CAT: a word``; ``ELEVE (élève): a word`` where its language writes it otherwise."""
    verdict = "a word" if facts.found else "not a word"
    shown = facts.word.upper() if written in (None, facts.word) else f"{facts.word.upper()} ({written})"
    return f"{shown}: {verdict}"


def define_title(word: str, senses: Sequence[Sense]) -> str:
    if not senses:
        return f"{word.upper()}: no definition"
    return f"{word.upper()}: {plural(len(senses), 'sense')}"


def judge_line(play: Sequence[str], acceptable: bool, lexicon: str, show_vulgar: bool) -> str:
    """``AA QI ZA: ✅ acceptable (every word is in the full word list)``; without the words when
    they may not be written back; never which word failed."""
    words = quoted(" ".join(w.upper() for w in play), f"That play of {plural(len(play), 'word')}", show_vulgar)
    where = list_in_words(lexicon, show_vulgar)
    if len(play) == 1:
        why = f"in {where}" if acceptable else f"not in {where}"
    else:
        why = f"every word is in {where}" if acceptable else f"not every word is in {where}"
    return f"{words}: {f'{ACCEPTED.emoji} acceptable' if acceptable else f'{REFUSED.emoji} not acceptable'} ({why})"


def suggestions(word: str, lexicon: Lexicon, show_vulgar: bool) -> tuple[str, ...]:
    """The nearest words of ``lexicon`` to one not in it (none for a word longer than any):
    never a slur, a flagged word only where they are shown."""
    if len(word) > MAX_WORD_LENGTH:
        return ()
    return nearest(word, lexicon, allowed=lambda candidate: may_repeat(candidate, show_vulgar))


def did_you_mean(near: Sequence[str], name: str, show_vulgar: bool) -> str | None:
    """``Did you mean CAT, COT or CUT? (the closest spellings in the full word list)``; None for none."""
    if not near:
        return None
    shown = [w.upper() for w in near]
    listed = shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} or {shown[-1]}"
    return f"Did you mean {listed}? (the closest spellings in {list_in_words(name, show_vulgar)})"


def pattern_title(text: str, result: PatternResult, show_vulgar: bool) -> str:
    """``C?T*: 1,204 words``; ``Your pattern: no words`` for one that may not be written back."""
    return f"{quoted(text.upper(), YOUR_PATTERN, show_vulgar)}: " \
           f"{plural(result.count, 'word') if result.count else 'no words'}"


def pattern_options(result: PatternResult, lexicon: str, sort: str, show_vulgar: bool) -> str:
    """The options a result was found with, and how much of it is shown."""
    pattern = result.pattern
    parts = [f"lexicon: {lexicon}", SORT_NAMES[sort]]
    low, high = pattern.min_length, pattern.max_length
    if low > 1 or high < MAX_WORD_LENGTH:
        parts.append(f"{low}–{high} letters" if low < high else plural(low, "letter"))
    if pattern.includes:
        parts.append(f"with {quoted(pattern.includes.upper(), YOUR_LETTERS, show_vulgar)}")
    if result.capped:
        parts.insert(0, f"showing {len(result.words):,} of {result.count:,}")
    return " · ".join(parts)


def length_groups(result: PatternResult) -> list[tuple[int, list[str]]]:
    """The words shown, by length, in capitals."""
    return [(length, [w.upper() for w in words]) for length, words in result.by_length().items()]
