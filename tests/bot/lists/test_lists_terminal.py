"""wordbot lists add|show|remove and wordbot reports, on SQLite and PostgreSQL: what the bot stores
is what the terminal shows, one server's lists never another's, bad files one line each."""

import asyncio
import gzip
import io
import json
import sys

import pytest

from bot.db import open_database
from bot.lexicons.guild_lists import GuildLists
from bot.lexicons.store import ListStore
from solvers.offensive import Tiers
from tests.bot.test_cli import run
from tests.processes import run_child


@pytest.fixture
def database(db_target):
    return str(db_target)


def lists(database, *argv):
    return ["lists", *argv, "--database", database]


def stored(database, guild):
    async def names():
        db = await open_database(database)
        try:
            return await GuildLists(db).names(guild)
        finally:
            await db.close()

    return asyncio.run(names())


def test_add_show_and_remove(capsys, tmp_path, database):
    path = tmp_path / "club.txt.gz"
    path.write_bytes(gzip.compress(b"Qi\nza\nxu coin\n12\nzax\n"))
    code, out, err = run(capsys, *lists(database, "add", "--guild", "5", "club", str(path)))
    assert code == 0 and err == ""
    assert out.splitlines()[:2] == ["Added the list club: 4 words.", "By length: 2: 3, 3: 1."]
    assert stored(database, 5) == ["club"] and stored(database, 6) == []
    code, out, _ = run(capsys, *lists(database, "show", "--guild", "5"))
    assert out.splitlines()[:2] == \
        ["Word lists of server 5:", f"  club: 4 words in English, added {out.split('added ')[1][:10]} by the terminal"]
    code, out, _ = run(capsys, *lists(database, "show", "--guild", "6", "--json"))
    assert json.loads(out) == {"guild": 6, "lists": [], "lists_not_shown": 0, "reports": []}
    code, _, err = run(capsys, *lists(database, "remove", "--guild", "6", "club"))
    assert code == 2 and err == "wordbot: Server 6 has no list called 'club' (see wordbot lists show --guild 6).\n"
    code, out, _ = run(capsys, *lists(database, "remove", "--guild", "5", "club"))
    assert code == 0 and out == "Removed the list club of server 5.\n" and stored(database, 5) == []


def test_add_reads_standard_input_and_refuses_a_fourth_list(capsys, monkeypatch, database):
    for name in ("a", "b", "c"):
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"cat\ndog\n")))
        assert run(capsys, *lists(database, "add", "--guild", "1", name, "-"))[0] == 0
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"cat\n")))
    code, _, err = run(capsys, *lists(database, "add", "--guild", "1", "d", "-"))
    assert code == 2 and err.startswith("wordbot: Server 1 has 3 lists already (a, b, c): remove one first")
    assert stored(database, 1) == ["a", "b", "c"]


@pytest.mark.parametrize(("data", "name", "error"), [
    (b"\x00\x01\x02", "club", "wordbot: The file is not text (it holds binary data): use a plain text "
                              "file, one word per line.\n"),
    ("cat\n".encode("utf-16-le"), "club", "wordbot: The file is UTF-16 text without a byte-order "
                                          "mark: save it as UTF-8.\n"),
    (b"", "club", "wordbot: The file is empty: use a text file with one word per line.\n"),
    (b"cat\n", "huge", "wordbot: 'huge' is the name of a bundled list: choose another name.\n"),
])
def test_a_bad_file_or_name_is_one_line(capsys, tmp_path, data, name, error):
    path = tmp_path / "w.txt"
    path.write_bytes(data)
    database = str(tmp_path / "w.sqlite3")
    assert run(capsys, *lists(database, "add", "--guild", "1", name, str(path))) == (2, "", error)
    assert stored(database, 1) == []


def test_a_file_over_the_limit_is_not_read(capsys, tmp_path):
    path = tmp_path / "big.txt"
    with path.open("wb") as file:
        file.truncate(8 * 2**20 + 1)
    code, _, err = run(capsys, *lists(str(tmp_path / "w.sqlite3"), "add", "--guild", "1", "big", str(path)))
    assert code == 2 and err == "wordbot: big.txt is over 8 MB; a word list may be at most that.\n"


def test_reports_are_counted_across_servers_and_a_slur_is_never_printed(capsys, database):
    slur = Tiers.read().slurs[0].word

    async def report():
        db = await open_database(database)
        store = ListStore(db)
        try:
            for guild, user, word, reason in ((1, 10, "xyzzy", "not a word"), (1, 11, "xyzzy", "not a word"),
                                              (2, 20, "xyzzy", "not a word"), (2, 20, "qi", "missing"),
                                              (2, 21, slur, "offensive")):
                await store.report(guild, word, reason, user)
        finally:
            await db.close()

    asyncio.run(report())
    code, out, _ = run(capsys, "reports", "--database", database)
    once = {"qi": "  qi — missing: 1 report in 1 server",
            slur: "  (a slur, not shown) — offensive: 1 report in 1 server"}
    assert code == 0 and out.splitlines() == [  # the most reported first, then by word
        "Words reported in every server:", "  xyzzy — not a word: 3 reports in 2 servers",
        *(once[w] for w in sorted(once))]
    code, out, _ = run(capsys, "reports", "--guild", "1", "--json", "--database", database)
    assert json.loads(out) == {"guild": 1, "reports": [
        {"word": "xyzzy", "slur": False, "reason": "not a word", "reports": 2, "servers": 1}]}
    code, out, _ = run(capsys, "reports", "--json", "--database", database)
    assert slur not in out and [r["slur"] for r in json.loads(out)["reports"]] == \
        [False, *(w == slur for w in sorted(once))]
    code, out, _ = run(capsys, *lists(database, "show", "--guild", "2"))
    assert "qi — missing: 1 report" in out and slur not in out


def test_a_list_moves_with_the_database(capsys, tmp_path, postgres_url):
    """``wordbot db copy`` to PostgreSQL and back: the compressed words come back byte for byte."""
    source, back = tmp_path / "a.sqlite3", tmp_path / "b.sqlite3"
    words = tmp_path / "w.txt"
    words.write_bytes(b"cat\ndog\nemu\n")
    assert run(capsys, *lists(str(source), "add", "--guild", "5", "club", str(words)))[0] == 0
    assert run(capsys, "db", "copy", "--from", str(source), "--to", postgres_url)[0] == 0
    assert stored(postgres_url, 5) == ["club"]
    assert run(capsys, "db", "copy", "--from", postgres_url, "--to", str(back))[0] == 0

    async def words_of(target):
        db = await open_database(target)
        try:
            return await ListStore(db).words(5, "club")
        finally:
            await db.close()

    assert asyncio.run(words_of(back)) == asyncio.run(words_of(source)) == asyncio.run(words_of(postgres_url))


def test_the_list_commands_do_not_import_discord(tmp_path):
    words = tmp_path / "w.txt"
    words.write_bytes(b"cat\n")
    program = ("import sys, contextlib, io\nfrom bot.cli import main\n"
               "with contextlib.redirect_stdout(io.StringIO()):\n"
               f"    codes = [main(['lists', 'add', '--guild', '1', 'club', {str(words)!r}, '--database', "
               f"{str(tmp_path / 'w.sqlite3')!r}]),\n"
               f"             main(['lists', 'show', '--guild', '1', '--database', {str(tmp_path / 'w.sqlite3')!r}]),\n"
               f"             main(['reports', '--database', {str(tmp_path / 'w.sqlite3')!r}])]\n"
               "print(codes, sorted(m for m in sys.modules if m == 'discord' or m.startswith('discord.')))")
    result = run_child([sys.executable, "-c", program], capture_output=True, text=True, timeout=120)
    assert result.stdout == "[0, 0, 0] []\n", result.stderr


def test_add_reads_a_list_in_its_language_the_servers_by_default(capsys, tmp_path, database):
    path = tmp_path / "mots.txt"
    path.write_text("Élève\nCœur\nstraße\nÄrger\n", encoding="utf-8")
    code, out, err = run(capsys, *lists(database, "add", "--guild", "5", "mots", str(path), "--language", "fr"))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Added the list mots: 3 words." and lines[2].startswith("1 line skipped")  # ß
    assert lines[3:] == ["Sample: ärger, cœur, élève.", "Language: French, played in the letters A–Z."]

    async def german_server():
        db = await open_database(database)
        try:
            from bot.lexicons.server_language import LANGUAGE
            await db.set_guild_setting(6, LANGUAGE, "de")
        finally:
            await db.close()

    asyncio.run(german_server())
    code, out, _ = run(capsys, *lists(database, "add", "--guild", "6", "woerter", str(path)))
    assert out.splitlines()[0] == "Added the list woerter: 4 words."  # ß and Ä are German letters
    assert out.splitlines()[-1] == "Language: German, played in the letters A–Z, Ä, Ö, Ü."
    code, out, _ = run(capsys, *lists(database, "show", "--guild", "6", "--json"))
    assert [(i["name"], i["words"], i["language"]) for i in json.loads(out)["lists"]] == [("woerter", 4, "de")]
    code, out, err = run(capsys, "anagram", "ÉLÈVE", "--guild", "5", "--lexicon", "mots", "--language", "fr",
                         "--database", database)
    assert code == 0 and "ELEVE (élève)" in out
    code, _, err = run(capsys, "anagram", "ELEVE", "--guild", "5", "--lexicon", "mots", "--database", database)
    assert code == 2 and err == "wordbot: The list mots of server 5 is French: give --language fr.\n"
