"""Tokenising typed messages: the words of a mention, and when a plain message is a guess."""

import pytest

from bot.chat.words import MAX_WORD_CHARS, MAX_WORDS, Guesses, Words, mentioned_guesses, plain_guesses, typed_words

LETTERS = "acdegln"


@pytest.mark.parametrize(("content", "words"), [
    ("<@123456789012345678> candle", ("candle",)),
    ("<@!123456789012345678> Candle, GLANCED!  dance?", ("candle", "glanced", "dance")),
    ("candle <@123456789012345678>\nlance\n\n", ("candle", "lance")),
    ("ｃａｎｄｌｅ ＧＬＡＮＣＥＤ", ("candle", "glanced")),  # full-width letters
    ("can\u200bdle gl\u2060anced \u00adlance", ("candle", "glanced", "lance")),  # zero-width joiners, a soft hyphen
    ("\u3000candle\u3000lance", ("candle", "lance")),  # an ideographic space
    ("@everyone @here <@&42> <#42> candle", ("candle",)),
    ("<:bee:123456789012345678> <a:buzz:1> 🐝 candle", ("candle",)),
    ("https://example.com/candle <https://x.y> www.lance.com candle", ("candle",)),
    ("</bee guess:123> <t:1700000000:R> candle", ("candle",)),
    ("c4ndle don't café candle-lance *dance* `clean`", ("dance", "clean")),
    ("candle candle CANDLE", ("candle",)),
    ("<@123456789012345678>", ()),
    ("", ()),
])
def test_the_words_of_a_mention(content, words):
    assert mentioned_guesses(content) == Guesses(words, more=False)


def test_a_mention_reads_the_first_twenty_words_and_says_there_were_more():
    words = [f"w{chr(97 + n // 26)}{chr(97 + n % 26)}" for n in range(MAX_WORDS + 5)]
    assert mentioned_guesses(" ".join(words)) == Guesses(tuple(words[:MAX_WORDS]), more=True)
    assert mentioned_guesses(" ".join(words[:MAX_WORDS])) == Guesses(tuple(words[:MAX_WORDS]), more=False)


@pytest.mark.parametrize(("content", "words"), [
    ("candle", ("candle",)),
    ("  Candle,GLANCED\ndance ", ("candle", "glanced", "dance")),
    ("ｃａｎｄｌｅ", ("candle",)),
    ("can\u200bdle", ("candle",)),
    ("cage", ("cage",)),  # made of the letters: a guess, even if not a word of the day
    ("a", ("a",)),
    (" ".join(["lane"] * MAX_WORDS), ("lane",)),
    ("candle!", ("candle",)),  # the punctuation around a word is dropped, as a person writes it
    ("candle, dance.", ("candle", "dance")),
    ("clean?", ("clean",)),
])
def test_a_plain_guess(content, words):
    assert plain_guesses(content, LETTERS) == Guesses(words)


@pytest.mark.parametrize("content", [
    "lol nice", "good job", "https://example.com", "🐝", "candle 🐝",
    "<:bee:123456789012345678>", "<@123456789012345678>", "@everyone", "c4ndle", "café", "candle-lance",
    "glad I came", "", "   ", ",,,", " ".join(["lane"] * (MAX_WORDS + 1)), "LOL",
])
def test_chatter_is_not_a_guess(content):
    assert plain_guesses(content, LETTERS) is None


def test_the_letters_decide():
    assert plain_guesses("lol nice", "celino") == Guesses(("lol", "nice"))
    assert plain_guesses("candle", "CANDLEG") == Guesses(("candle",))
    assert plain_guesses("candle", "") is None


def test_a_command_of_the_place_typed_alone_is_read_and_nothing_else_is():
    commands = frozenset({"undo", "restart"})
    assert plain_guesses("undo", "abc", commands).words == ("undo",)
    assert plain_guesses("UNDO", "abc", commands).words == ("undo",)
    assert plain_guesses("undo please", "abc", commands) is None
    assert plain_guesses("undo", "abc") is None  # a place without commands: chat


def test_a_commands_text_is_read_by_the_same_reader_as_words_split_already():
    split = typed_words(["Ｈａｌ", "", "cy\u200bon"])
    assert split == typed_words("Ｈａｌ  cy\u200bon") == typed_words(("hal", "cyon"))
    assert typed_words("   ").words == () and typed_words("a;b,c/d>e→f-g").words == tuple("abcdefg")
    assert typed_words("x" * 100).words == ("x" * MAX_WORD_CHARS,)  # no answer is longer
    read = typed_words(" ".join(["cat", "dog"] * 30), limit=50)
    assert len(read.words) == 50 and read.unread == 10
    once = typed_words("cat dog cat dog bee", limit=2, unique=True)
    assert once == Words(("cat", "dog"), 1)


ANSWERS = frozenset({"avid", "diva", "alleviate", "avail"})


@pytest.mark.parametrize(("content", "words"), [
    ("avidx avid", ("avidx", "avid")),  # one answer makes the message a guess: every word of it is read
    ("alleviate, avail!", ("alleviate", "avail")),
    ("AVID", ("avid",)),
    ("diva is mine", ("diva", "is", "mine")),
])
def test_a_plain_message_with_an_answer_of_the_day_is_a_guess(content, words):
    assert plain_guesses(content, "ADEILTV", answers=ANSWERS) == Guesses(words)


@pytest.mark.parametrize("content", ["vvvv", "lol nice", "dive", "avid 🐝", " ".join(["avid"] * (MAX_WORDS + 1))])
def test_a_plain_message_without_an_answer_is_chatter(content):
    assert plain_guesses(content, "ADEILTV", answers=ANSWERS) is None
