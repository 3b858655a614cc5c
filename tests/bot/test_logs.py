"""The log's two formats (issue 35): text as discord.py writes it, and WORDBOT_LOG_FORMAT=json, one
object a line with time, level, logger, message, guild, command and error id; neither ever shows
the token or a database password, wherever they hide (message, arguments, traceback)."""

import asyncio
import io
import json
import logging
import os
import re
from urllib.parse import quote, quote_plus, unquote

import pytest

from bot import logs
from bot.config import Settings
from bot.observe.errors import report
from tests.processes import run_child, wordbot_argv

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4OTA.GAbcde.abcdefghijklmnopqrstuvwxyz0123456"
PASSWORD = "hunter2-s3cret"
URL = f"postgresql://wordbot:{PASSWORD}@db.example:5432/wordbot"
OTHER_TOKEN = "OTg3NjU0MzIxMDk4NzY1NDMyMQ.Gxyzwv.ZYXWVUTSRQPONMLKJIHGFEDCBA98765"


def logged(log_format):
    """What the bot's handler writes for a few lines that carry the secrets in every way a line can."""
    stream = io.StringIO()
    handler = logs.setup(logging.DEBUG, log_format, logs.Secrets(TOKEN, URL), stream=stream)
    log = logging.getLogger("bot.test_logs")
    log.info("Logging in with %s to %s", TOKEN, URL)
    log.warning("A query password=%s and another bot's token %s", PASSWORD, OTHER_TOKEN)
    log.info("Settings: %r", Settings(token=TOKEN, database=URL))
    try:
        raise ConnectionError(f"cannot reach {URL} as {TOKEN}")
    except ConnectionError as error:
        error_id = report(error, where="command", what="Command /tiles failed", command="/tiles", guild_id=42)
    with logs.context(7, "/bee guess"):
        log.info("a line of a command")
    logging.getLogger().removeHandler(handler)
    return stream.getvalue(), error_id


@pytest.mark.parametrize("log_format", ["text", "json"])
def test_no_secret_appears_in_either_format(log_format):
    text, _ = logged(log_format)
    assert "cannot reach postgresql://wordbot:***@db.example" in text  # the lines are there, the secrets hidden
    for secret in (TOKEN, PASSWORD, OTHER_TOKEN, TOKEN[:30], "GAbcde.abcdefghij"):
        assert secret not in text


def test_json_lines_parse_and_carry_guild_command_and_error_id():
    text, error_id = logged("json")
    lines = [json.loads(line) for line in text.splitlines() if line.startswith("{")]
    assert len(lines) == 5 and all(list(line) == list(logs.FIELDS) for line in lines)
    failure = next(line for line in lines if line["error_id"])
    assert failure["error_id"] == error_id and re.fullmatch(r"[2-9A-Z]{6}", error_id)
    assert failure["level"] == "ERROR" and failure["logger"] == "bot.errors"
    assert failure["guild"] == 42 and failure["command"] == "/tiles"
    assert failure["message"].startswith(f"Command /tiles failed [error id {error_id}]\nTraceback")
    assert lines[-1]["guild"] == 7 and lines[-1]["command"] == "/bee guess" and lines[-1]["message"] == \
        "a line of a command"
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", lines[0]["time"])


def test_text_lines_are_as_discord_py_writes_them():
    """The default format is discord.py's own (``setup_logging``), whatever it picks for the stream."""
    import discord

    def written(setup):
        stream = io.StringIO()
        handler = setup(stream)
        logging.getLogger("bot.test_logs").warning("a line with nothing secret, %s", "an argument")
        logging.getLogger().removeHandler(handler)
        return re.sub(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", "TIME", stream.getvalue())

    def discord_s(stream):
        handler = logging.StreamHandler(stream)
        discord.utils.setup_logging(handler=handler, level=logging.INFO)
        return handler

    ours = written(lambda stream: logs.setup(logging.INFO, "text", logs.Secrets(TOKEN, URL), stream=stream))
    assert ours == written(discord_s) and "bot.test_logs" in ours and "a line with nothing secret, an argument" in ours
    text, error_id = logged("text")
    assert f"Command /tiles failed [error id {error_id}]" in text


@pytest.mark.parametrize("log_format", ["text", "json"])
def test_wordbot_run_shows_no_secret_on_its_way_out(log_format, working_folder):
    env = {"DISCORD_TOKEN": TOKEN, "WORDBOT_DATABASE": f"postgresql://wordbot:{PASSWORD}@127.0.0.1:1/wordbot",
           "WORDBOT_LOG_LEVEL": "DEBUG", "WORDBOT_LOG_FORMAT": log_format}
    done = run_child(wordbot_argv("run"), env={**os.environ, **env}, capture_output=True, text=True, timeout=120)
    output = done.stdout + done.stderr
    assert done.returncode != 0 and "postgresql://wordbot:***@127.0.0.1:1/wordbot" in output
    assert TOKEN not in output and PASSWORD not in output
    if log_format == "json":
        assert any(json.loads(line)["logger"] for line in done.stderr.splitlines() if line.startswith("{"))


def test_a_bad_log_format_is_one_line_naming_the_variable():
    from bot.config import ConfigError

    with pytest.raises(ConfigError, match="WORDBOT_LOG_FORMAT must be text or json, not 'xml'"):
        Settings.from_env({"WORDBOT_LOG_FORMAT": "xml"})
    assert Settings.from_env({}).log_format == "text" \
        and Settings.from_env({"WORDBOT_LOG_FORMAT": "JSON"}).log_format == "json"


async def test_a_line_logged_while_a_command_runs_names_its_guild_and_command(simcord_env, monkeypatch):
    """The guild and command come from the interaction being handled, with nothing passed along."""
    from bot.lab.anagram import pages

    stream, real = io.StringIO(), pages.solve
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logs.JsonFormatter())

    def solve(*args, **kwargs):
        logging.getLogger("bot.test_logs").warning("solving")
        return real(*args, **kwargs)

    monkeypatch.setattr(pages, "solve", solve)
    logging.getLogger().addHandler(handler)
    try:
        guild = simcord_env.create_guild()
        alice = guild.add_member(simcord_env.create_user("alice"))
        result = await alice.slash(guild.create_text_channel("c"), "anagram", rack="AALNST?")
    finally:
        logging.getLogger().removeHandler(handler)
    assert result.response.embeds  # the command ran
    (line,) = [json.loads(text) for text in stream.getvalue().splitlines() if '"solving"' in text]
    assert (line["guild"], line["command"], line["error_id"]) == (guild.id, "/anagram", None)


# A password as a user may type it in WORDBOT_DATABASE, with the characters a URL gives a meaning
# to, a space, a quote and a backslash (which a JSON line escapes); and the same URL written as
# the scaling guide asks, percent-encoded.
ODD_PASSWORD = 'p@ss:w0rd "q"\\z'
RAW_URL = f"postgresql://wordbot:{ODD_PASSWORD}@127.0.0.1:1/wordbot"
ENCODED_URL = f"postgresql://wordbot:{quote(ODD_PASSWORD, safe='')}@127.0.0.1:1/wordbot"


def the_forms(password):
    """How a password shows up in messages: as typed, percent-decoded, percent-encoded, and the
    way a JSON line escapes it."""
    forms = {password, unquote(password), quote(unquote(password), safe=""), quote_plus(unquote(password), safe="")}
    return forms | {json.dumps(form)[1:-1] for form in forms} | {repr(form)[1:-1] for form in forms}


def driver_failure(url):
    """The exception asyncpg itself raises for ``url``: for the password as typed, its ``:`` and
    ``@`` make asyncpg read the rest as a port, and its message quotes the piece it read; the
    encoded one is refused by the closed port 1 of this machine."""
    import asyncpg

    async def connect():
        await asyncpg.connect(url, timeout=5)

    try:
        asyncio.run(connect())
    except Exception as error:  # noqa: BLE001  (whatever the driver raises is what gets logged)
        return error
    raise AssertionError("asyncpg connected to nothing")


def logged_with(log_format, secrets, lines):
    """What the bot's handler writes for ``lines`` (each a message, or an exception to log with its traceback)."""
    stream = io.StringIO()
    handler = logs.setup(logging.DEBUG, log_format, secrets, stream=stream)
    log = logging.getLogger("bot.test_logs")
    try:
        for line in lines:
            if isinstance(line, BaseException):
                try:
                    raise RuntimeError("could not open the database") from line
                except RuntimeError:
                    log.exception("Startup failed")
            else:
                log.warning("%s", line)
    finally:
        logging.getLogger().removeHandler(handler)
    return stream.getvalue()


@pytest.mark.parametrize("log_format", ["text", "json"])
@pytest.mark.parametrize("url", [RAW_URL, ENCODED_URL], ids=["typed", "percent-encoded"])
def test_a_database_password_is_hidden_in_every_form_and_in_the_drivers_errors(log_format, url):
    failure = driver_failure(url)
    if url == RAW_URL:
        assert isinstance(failure, ValueError) and "w0rd" in str(failure)  # the driver quotes a piece of the password
    lines = [f"connecting to {url}", f"as typed: {ODD_PASSWORD}!", f"decoded: {unquote(url)}",
             f"encoded: {quote(ODD_PASSWORD, safe='')} and {quote_plus(ODD_PASSWORD, safe='')}",
             f"the driver said: {failure}", failure]
    written = logged_with(log_format, logs.Secrets(TOKEN, url), lines)
    assert "Traceback" in written and type(failure).__name__ in written and "could not open the database" in written
    assert "postgresql://wordbot:***@127.0.0.1:1/wordbot" in written
    for form in the_forms(ODD_PASSWORD):
        assert form not in written, form
    for piece in ("p@ss", "w0rd", '"q"'):  # nor the pieces a parser cut it into
        assert piece not in written and json.dumps(piece)[1:-1] not in written, piece
    if log_format == "json":
        messages = [json.loads(line)["message"] for line in written.splitlines()]
        assert len(messages) == len(lines) and not any(form in m for m in messages for form in the_forms(ODD_PASSWORD))


SHAPED_LIKE_SECRETS = {
    "host=db.example port=5432 dbname=wordbot password=hunter2-s3cret user=wordbot": "hunter2-s3cret",
    "host=db.example password='two words' dbname=wordbot": "two words",
    "GET /api?user=a&password=qwerty-123&next=1": "qwerty-123",
    '{"password": "k3y-in-json", "user": "wordbot"}': "k3y-in-json",
    "POSTGRES_PASSWORD=from-the-env DISCORD_TOKEN=also-from-the-env": "from-the-env",
    "client_secret: cl13nt-s3cr3t-value": "cl13nt-s3cr3t-value",
    "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl": "eyJhbGciOiJIUzI1NiJ9",
    "Authorization: Bot " + OTHER_TOKEN: OTHER_TOKEN[:20],
    "a user token mfa.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG": "abcdefghijklmnopqrstuvwxyz0123",
    "logged in as wordbot, an old token " + OTHER_TOKEN: OTHER_TOKEN[:20],
    "a login of another database postgres://admin:p@ss@other.example/db": "admin:p@ss",
}
HARMLESS = ['password authentication failed for user "wordbot"', "the tokens: 5 of 8 used", "Passed the quick check",
            "Bot is ready: 2 shards", "Shard ID 1 has connected to Gateway (Session ID: 1a2b3c)"]


@pytest.mark.parametrize("log_format", ["text", "json"])
def test_anything_shaped_like_a_secret_is_hidden_whatever_the_settings(log_format):
    """With no secret configured at all, the shapes of secrets are still hidden; and the ordinary
    lines that merely name a password or a token are left as they are."""
    written = logged_with(log_format, logs.Secrets(), [*SHAPED_LIKE_SECRETS, *HARMLESS])
    for line, secret in SHAPED_LIKE_SECRETS.items():
        assert secret not in written, line
    assert "from-the-env" not in written and "also-from-the-env" not in written
    assert "password=***" in written and "Authorization: Bearer ***" in written
    for line in HARMLESS:
        assert (json.dumps(line)[1:-1] if log_format == "json" else line) in written, line


@pytest.mark.parametrize("log_format", ["text", "json"])
def test_wordbot_run_hides_a_typed_password_that_the_driver_quotes(log_format, working_folder):
    """The real bot's way out, when asyncpg's own error quotes a piece of the password as typed."""
    env = {"DISCORD_TOKEN": TOKEN, "WORDBOT_DATABASE": RAW_URL, "WORDBOT_LOG_LEVEL": "DEBUG",
           "WORDBOT_LOG_FORMAT": log_format}
    done = run_child(wordbot_argv("run"), env={**os.environ, **env}, capture_output=True, text=True, timeout=120)
    output = done.stdout + done.stderr
    assert "postgresql://wordbot:***@127.0.0.1:1/wordbot" in output and "invalid literal for int()" in output
    for secret in the_forms(ODD_PASSWORD) | {"p@ss", "w0rd", TOKEN}:
        assert secret not in output, secret
