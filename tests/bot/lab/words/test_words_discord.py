"""/word, /define, /judge and /pattern through SimCord: discord.py's real machinery against a simulated Discord."""

import discord
import pytest

from bot.lab.words.pages import STATE_CHARS
from solvers.lexicon import Lexicon
from solvers.nearest import nearest
from solvers.pattern import match
from solvers.wordcard import hooks

SLUR = "nigger"  # a slur of the reviewed lists (solvers/data/slurs.txt): never written back
VULGAR = "cock"  # flagged as vulgar in the bundled lists


@pytest.fixture
def club(simcord_env):
    guild = simcord_env.create_guild("Scrabble Club")
    channel = guild.create_text_channel("words")
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(simcord_env.create_user("admin"), roles=[admins])
    return channel, admin, guild.add_member(simcord_env.create_user("alice")), guild.add_member(
        simcord_env.create_user("bob"))


def embed_of(result):
    (embed,) = result.response.embeds
    return embed


def test_the_test_words_are_what_they_say():
    full = Lexicon.load("full")
    assert full.is_vulgar(VULGAR) and SLUR not in full and SLUR not in Lexicon.load("huge")


async def test_a_words_card(club):
    channel, _, alice, _ = club
    result = await alice.slash(channel, "word", word="Cat")
    assert not result.ephemeral
    card = embed_of(result)
    assert card.title == "CAT: a word"
    lines = card.description.splitlines()
    assert lines[0] == "**Word lists**: common, full, huge"
    assert lines[1].startswith("**How common**: everyday (about once in ") and lines[1].endswith(" words of English)")
    assert lines[2] == f"**Hooks**: {hooks('cat', Lexicon.load('full').without_vulgar()).shown()} " \
                       "(a letter before or after it that makes a word)"
    assert lines[3] == "**Anagrams**: ACT"
    assert lines[4].startswith("**noun**: feline mammal")
    assert card.footer.text.startswith("lexicon: full")


async def test_an_inflected_word_is_defined_by_its_lemma_and_a_non_word_is_said_to_be_one(club):
    channel, _, alice, _ = club
    card = embed_of(await alice.slash(channel, "word", word="geese"))
    assert "**noun** (plural of goose): web-footed" in card.description
    card = embed_of(await alice.slash(channel, "word", word="zzxq"))
    assert card.title == "ZZXQ: not a word"
    assert card.description.splitlines()[0] == "Not in the full word list. **Word lists**: none of ours"
    card = embed_of(await alice.slash(channel, "word", word="syzygy", lexicon="common"))
    assert card.title == "SYZYGY: not a word" and "Not in the common word list. **Word lists**: full, huge" in \
        card.description


async def test_define_gives_more_senses_and_says_when_it_has_none(club):
    channel, _, alice, _ = club
    defined = embed_of(await alice.slash(channel, "define", word="ran"))
    assert defined.title.startswith("RAN: ") and "**verb** (form of run): move fast" in defined.description
    assert "WordNet 3.0" in defined.footer.text
    nothing = embed_of(await alice.slash(channel, "define", word="zzxq"))
    assert nothing.title == "ZZXQ: no definition"


@pytest.mark.parametrize(("command", "options", "message"), [
    ("word", {"word": "c@t"}, "A word is letters A–Z only; remove '@'."),
    ("word", {"word": "   "}, "Type a word: letters A–Z."),
    ("define", {"word": "x" * 46}, "No word in the lists is over 45 letters; yours has 46."),
    ("judge", {"words": "a b c d e f g h i"}, "The judge takes at most 8 words at once; you gave 9."),
    ("pattern", {"pattern": "c[at"}, "The pattern has a [ with no ] after it"),
    ("pattern", {"pattern": "c?t", "min_length": 5, "max_length": 3},
     "The minimum length (5) is more than the maximum (3)"),
])
async def test_bad_input_gets_one_private_line(club, command, options, message):
    channel, _, alice, _ = club
    result = await alice.slash(channel, command, **options)
    assert result.ephemeral and result.response.content.startswith(message) and "\n" not in result.response.content


async def test_the_judge_never_says_which_word_failed(club):
    channel, _, alice, _ = club
    good = await alice.slash(channel, "judge", words="cat dog")
    assert not good.ephemeral and good.response.content == \
        "CAT DOG: ✅ acceptable (every word is in the full word list)"
    bad = await alice.slash(channel, "judge", words="cat zzxq, dog")
    assert bad.response.content == "CAT ZZXQ DOG: ❌ not acceptable (not every word is in the full word list)"
    assert bad.followups == []  # a play of several words is club mode: no "Did you mean"
    common = await alice.slash(channel, "judge", words="syzygy", lexicon="common")
    assert common.response.content == "SYZYGY: ❌ not acceptable (not in the common word list)"


async def test_a_slur_is_not_a_word_here_and_is_never_written_back(club):
    channel, admin, alice, _ = club
    await admin.slash(channel, "settings", vulgar_words=True)  # even where everything is allowed
    for command, options in (("word", {"word": SLUR}), ("define", {"word": SLUR.upper()})):
        result = await alice.slash(channel, command, **options)
        assert result.ephemeral and result.response.content == "That is not a word here."
    judged = await alice.slash(channel, "judge", words=f"cat {SLUR}")
    assert judged.response.content == \
        "That play of 2 words: ❌ not acceptable (not every word is in the full word list)"


@pytest.mark.parametrize("hidden", ["niggger", "anigger", "niggerss", "ｎｉｇｇｅｒｓｓ", "n.i.g.g.e.r.s.s"])
async def test_a_slur_hidden_in_a_longer_token_is_never_written_back_and_the_answer_is_private(club, simcord_env,
                                                                                               hidden):
    """Issue 41: a letter doubled, one in front, ss after (full width, dotted) was answered in
    public, spelled in capitals, by /word, /define and /judge."""
    from tests.bot.test_no_echo_discord import echoes, sent_texts

    channel, admin, alice, _ = club
    await admin.slash(channel, "settings", vulgar_words=True)  # even where everything is allowed
    since = len(simcord_env.http_requests)
    for command, options in (("word", {"word": hidden}), ("define", {"word": hidden}), ("judge", {"words": hidden}),
                             ("judge", {"words": f"cat {hidden}"})):
        result = await alice.slash(channel, command, **options)
        assert result.ephemeral, (command, options)
    assert echoes(sent_texts(simcord_env, since), hidden) == [] and echoes(sent_texts(simcord_env, since), SLUR) == []


async def test_words_that_hold_a_slurs_letters_are_words(club):
    channel, _, alice, _ = club
    for word in ("abolish", "jewel", "trigger"):
        card = await alice.slash(channel, "word", word=word)
        assert not card.ephemeral and embed_of(card).title == f"{word.upper()}: a word"


async def test_a_vulgar_word_is_shown_only_where_the_server_shows_them(club):
    channel, admin, alice, _ = club
    hidden = await alice.slash(channel, "word", word=VULGAR)
    assert hidden.ephemeral and hidden.response.content.startswith("That word is not shown here")
    judged = await alice.slash(channel, "judge", words=f"{VULGAR} cat")
    # a word all the same
    assert judged.response.content == "That play of 2 words: ✅ acceptable (every word is in the full word list)"
    hooked = embed_of(await alice.slash(channel, "word", word="ock"))  # c+ock would be a front hook
    assert "c" not in hooked.description.split("**Hooks**: ")[1].split(" OCK")[0]
    await admin.slash(channel, "settings", vulgar_words=True)
    shown = embed_of(await alice.slash(channel, "word", word=VULGAR))
    assert shown.title == "COCK: a word"
    assert (await alice.slash(channel, "judge", words=f"{VULGAR} cat")).response.content == \
        "COCK CAT: ✅ acceptable (every word is in the full word list)"


async def test_a_pattern_lists_its_words_by_length_most_common_first(club):
    channel, _, alice, _ = club
    result = await alice.slash(channel, "pattern", pattern="C?T", lexicon="common")
    assert not result.ephemeral
    page = embed_of(result)
    expected = match(Lexicon.load("common").without_vulgar(), "c?t")
    assert page.title == f"C?T: {expected.count} words"
    assert page.description == f"**3 letters** ({expected.count})\n" + " · ".join(w.upper() for w in expected.words)
    assert page.footer.text == "lexicon: common · most common first"
    alpha = embed_of(await alice.slash(channel, "pattern", pattern="c?t", lexicon="common", sort="alpha"))
    assert alpha.description.split("\n")[1] == " · ".join(sorted(w.upper() for w in expected.words))


async def test_pages_of_a_pattern_turn_for_the_asker_and_after_a_restart(club, simcord_env, new_bot):
    channel, _, alice, bob = club
    result = await alice.slash(channel, "pattern", pattern="*ing", min_length=6, max_length=8)
    first = embed_of(result)
    count = match(Lexicon.load("full").without_vulgar(), "*ing", min_length=6, max_length=8).count
    assert first.title == f"*ING: {count:,} words"
    pages = int(first.footer.text.rsplit("/", 1)[1])
    assert pages > 3 and first.footer.text == f"lexicon: full · most common first · 6–8 letters · page 1/{pages}"
    refused = await bob.click(result.response, label="Next ›")
    assert refused.ephemeral and "Only <@" in refused.response.content
    await simcord_env.restart_bot(new_bot())
    await alice.click(result.response, label="»")
    last = embed_of(result)
    assert last.footer.text.endswith(f"page {pages}/{pages}") and last.description.startswith("**8 letters**")


async def test_a_pattern_too_long_for_a_button_still_pages(club):
    channel, _, alice, _ = club
    pattern = "*[abcdefghijklmnopqrstuvwxy]" * 2 + "*"
    assert len(pattern) > STATE_CHARS
    result = await alice.slash(channel, "pattern", pattern=pattern, includes="e", sort="alpha")
    first = embed_of(result)
    pages = int(first.footer.text.rsplit("/", 1)[1])
    assert "with E" in first.footer.text and pages > 2
    await alice.click(result.response, label="Next ›")
    second = embed_of(result)
    assert second.title == first.title and second.footer.text.endswith(f"page 2/{pages}")


async def test_a_pattern_matching_nearly_everything_is_capped_with_its_count(club):
    channel, _, alice, _ = club
    page = embed_of(await alice.slash(channel, "pattern", pattern="*", lexicon="huge"))
    total = len(Lexicon.load("huge").without_vulgar())
    assert page.title == f"*: {total:,} words"
    assert page.footer.text.startswith(f"showing 10,000 of {total:,} · lexicon: huge")
    assert page.description.startswith("*Too many to show them all: narrow it with `min_length`")


async def test_a_definition_that_writes_a_flagged_word_is_shown_only_where_they_are(club):
    channel, admin, alice, _ = club
    hidden = embed_of(await alice.slash(channel, "define", word="donkey"))
    assert "beast of burden" not in hidden.description and "Democratic Party" in hidden.description
    await admin.slash(channel, "settings", vulgar_words=True)
    shown = embed_of(await alice.slash(channel, "define", word="donkey"))
    assert "beast of burden descended from the African wild ass" in shown.description


async def test_a_flagged_lemma_is_not_named_where_vulgar_words_are_hidden(club):
    channel, admin, alice, _ = club
    assert Lexicon.load("full").is_vulgar("nip") and not Lexicon.load("full").is_vulgar("nipped")
    hidden = embed_of(await alice.slash(channel, "define", word="nipped"))
    assert " nip" not in hidden.description and "of nip" not in hidden.description \
        and "**verb**: " in hidden.description
    await admin.slash(channel, "settings", vulgar_words=True)
    shown = embed_of(await alice.slash(channel, "define", word="nipped"))
    assert "**verb** (past of nip): " in shown.description


async def test_a_slurs_pattern_is_named_neutrally_and_its_pages_still_turn(club, simcord_env):
    """Many words fit [nigger]*: the title names it "Your pattern", and the page buttons carry it
    veiled (other bots can read a custom id), so the pages turn and nothing sent spells it."""
    from tests.bot.test_no_echo_discord import echoes, sent_texts

    channel, _, alice, _ = club
    since = len(simcord_env.http_requests)
    result = await alice.slash(channel, "pattern", pattern="[ＮＩＧＧＥＲ]*", max_length=6)
    count = match(Lexicon.load("full").without_vulgar(), "[nigger]*", max_length=6).count
    first = embed_of(result)
    assert first.title == f"Your pattern: {count:,} words"
    turned = await alice.click(result.response, label="Next ›")
    second = turned.response.embeds[0]
    assert second.title == first.title and " · page 2/" in second.footer.text \
        and second.description != first.description
    assert echoes(sent_texts(simcord_env, since), SLUR) == []


def private_notes(result):
    return [sent.content for sent in result.followups if sent.ephemeral]


async def test_a_word_not_in_the_list_gets_the_nearest_words_privately(club):
    channel, _, alice, _ = club
    full = Lexicon.load("full").without_vulgar()
    card = await alice.slash(channel, "word", word="recieve")
    assert card.ephemeral and embed_of(card).title == "RECIEVE: not a word"  # an answer about a non-word is private
    (note,) = card.followups
    offered = nearest("recieve", full)
    assert note.ephemeral and offered[0] == "receive"
    assert note.content == f"Did you mean {', '.join(w.upper() for w in offered[:-1])} or {offered[-1].upper()}? " \
                           "(the closest spellings in the full word list)"
    defined = await alice.slash(channel, "define", word="recieve")
    assert defined.ephemeral and embed_of(defined).title == "RECIEVE: no definition" \
        and private_notes(defined) == [note.content]
    judged = await alice.slash(channel, "judge", words="recieve", lexicon="common")
    assert judged.ephemeral and judged.response.content == "RECIEVE: ❌ not acceptable (not in the common word list)"
    assert private_notes(judged)[0].startswith("Did you mean RECEIVE") \
        and "in the common word list" in private_notes(judged)[0]


async def test_nothing_is_offered_for_a_known_word_nor_by_the_club_judge(club):
    channel, _, alice, _ = club
    assert (await alice.slash(channel, "word", word="cat")).followups == []
    assert (await alice.slash(channel, "define", word="qi")).followups == []  # a word, defined or not
    assert (await alice.slash(channel, "judge", words="cat")).followups == []
    club_mode = await alice.slash(channel, "judge", words="cat recieve")  # a play: never which word failed
    assert club_mode.response.content.startswith("CAT RECIEVE: ❌ not acceptable") and club_mode.followups == []


async def test_a_flagged_word_is_offered_only_where_the_server_shows_them(club, simcord_env):
    from tests.bot.test_no_echo_discord import echoes, sent_texts

    channel, admin, alice, _ = club
    assert VULGAR in nearest("cozk", Lexicon.load("full"))
    since = len(simcord_env.http_requests)
    hidden = await alice.slash(channel, "word", word="cozk")
    (note,) = private_notes(hidden)
    assert note.startswith("Did you mean COOK, ") and VULGAR.upper() not in note
    near_a_slur = await alice.slash(channel, "judge", words="nogger")  # one letter from a slur
    assert private_notes(near_a_slur)[0].startswith("Did you mean ")
    assert echoes(sent_texts(simcord_env, since), SLUR) == []
    await admin.slash(channel, "settings", vulgar_words=True)
    (shown,) = private_notes(await alice.slash(channel, "word", word="cozk"))
    assert f"COOK, {VULGAR.upper()}, " in shown
