"""deploy/ (issue 35): the systemd units pass ``systemd-analyze verify`` where it is installed and
hold what the issue asks (read from their sections either way); the backup they run is a real
``wordbot`` command line; the Dockerfile's and compose file's references (paths, variables, the
health check's port and path, the command) match the repository and the code. Images cannot be
pulled or built here, so this is what can be checked of them."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main
from bot.terminals import COMMANDS

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"
UNITS = ("wordbot.service", "wordbot-backup.service", "wordbot-backup.timer")
INSTALLED = "/opt/wordbot/.venv/bin/wordbot"  # where the units expect the checkout's virtualenv


def unit(name: str) -> dict[str, list[tuple[str, str]]]:
    """A unit file's sections, each a list of (key, value) in order (a key may repeat)."""
    sections: dict[str, list[tuple[str, str]]] = {}
    current = None
    for line in (DEPLOY / name).read_text().splitlines():
        if not line.strip() or line.lstrip().startswith(("#", ";")):
            continue
        if match := re.fullmatch(r"\[(\w+)\]", line.strip()):
            current = sections.setdefault(match[1], [])
            continue
        key, equals, value = line.partition("=")
        assert current is not None and equals and re.fullmatch(r"[A-Za-z]+", key), f"{name}: {line!r}"
        current.append((key, value))
    return sections


def value(name: str, section: str, key: str) -> str:
    found = [v for k, v in unit(name)[section] if k == key]
    assert len(found) == 1, f"{name} [{section}] {key}: {found}"
    return found[0]


def env_example_names() -> set[str]:
    lines = (ROOT / ".env.example").read_text().splitlines()
    return {line.partition("=")[0].strip() for line in lines if "=" in line and not line.lstrip().startswith("#")}


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed here "
                    "(test_the_units_hold_what_the_issue_asks reads them without it)")
def test_the_units_pass_systemd_analyze_verify(tmp_path):
    for name in UNITS:  # the program the unit starts must exist for verify: this Python stands in for it
        (tmp_path / name).write_text((DEPLOY / name).read_text().replace(INSTALLED, sys.executable))
    done = subprocess.run(["systemd-analyze", "verify", "--man=no", *(str(tmp_path / n) for n in UNITS)],
                          capture_output=True, text=True, timeout=60)
    ours = [line for line in done.stderr.splitlines() if str(tmp_path) in line or "wordbot" in line]
    assert done.returncode == 0 and ours == [], done.stderr


def test_the_units_hold_what_the_issue_asks():
    service = "wordbot.service"
    assert unit(service).keys() == {"Unit", "Service", "Install"}
    assert value(service, "Service", "User") == value(service, "Service", "Group") == "wordbot"  # a dedicated user
    assert value(service, "Service", "ProtectSystem") == "strict"
    assert value(service, "Service", "StateDirectory") == "wordbot"
    state = Path("/var/lib") / value(service, "Service", "StateDirectory")
    database = dict(v.split("=", 1) for k, v in unit(service)["Service"] if k == "Environment")["WORDBOT_DATABASE"]
    assert Path(database).parent == state == Path(value(service, "Service", "WorkingDirectory"))
    assert value(service, "Service", "Restart") == "on-failure"
    assert value(service, "Service", "KillSignal") == "SIGTERM"
    assert shlex.split(value(service, "Service", "ExecStart")) == [INSTALLED, "run"] and "run" in COMMANDS
    timer = unit("wordbot-backup.timer")["Timer"]
    assert ("Unit", "wordbot-backup.service") in timer and ("Persistent", "true") in timer
    assert re.fullmatch(r"\*-\*-\* \d\d:\d\d:\d\d", value("wordbot-backup.timer", "Timer", "OnCalendar"))  # daily
    assert value("wordbot-backup.service", "Service", "Type") == "oneshot"


def test_the_unit_gives_the_clean_stop_more_time_than_the_bots_grace():
    from bot.config import STOP_GRACE  # the clean stop's grace (issue 35, part 3)

    assert float(value("wordbot.service", "Service", "TimeoutStopSec")) > STOP_GRACE
    stop = re.fullmatch(r"(\d+)s", compose()["services"]["bot"]["stop_grace_period"])
    assert stop and float(stop[1]) > STOP_GRACE


def test_the_nightly_backup_is_a_wordbot_command_that_works(tmp_path, monkeypatch, capsys):
    """The backup service's command line, as its shell runs it, against a real database."""
    script = shlex.split(value("wordbot-backup.service", "Service", "ExecStart"))
    assert script[:2] == ["/bin/sh", "-c"]
    command = shlex.split(script[2].replace("%%", "%"))
    assert command[:2] == ["exec", INSTALLED]
    argv = [re.sub(r"\$\(date [^)]*\)", "2026-11-26T0330", word) for word in command[2:]]
    assert argv[:2] == ["db", "backup"]
    source = tmp_path / "wordbot.sqlite3"
    assert main(["db", "upgrade", "--database", str(source)]) == 0
    monkeypatch.setenv("WORDBOT_DATABASE", str(source))
    monkeypatch.chdir(tmp_path)  # the service's WorkingDirectory: the backups' folder
    assert main(argv) == 0
    assert (tmp_path / "wordbot-2026-11-26T0330.sqlite3").is_file()
    assert value("wordbot-backup.service", "Service", "WorkingDirectory") == "/var/lib/wordbot-backups"
    assert "wordbot-backups" in value("wordbot-backup.service", "Service", "StateDirectory").split()
    capsys.readouterr()


# ------------------------------------------------------------------------------ the container files


def dockerfile() -> list[tuple[str, str]]:
    """(instruction, arguments) of each instruction, continuation lines joined."""
    text = re.sub(r"\\\n", " ", (DEPLOY / "Dockerfile").read_text())
    lines = [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    return [(line.split(None, 1)[0].upper(), line.split(None, 1)[1]) for line in lines]


def instructions(name: str) -> list[str]:
    return [arguments for instruction, arguments in dockerfile() if instruction == name]


def docker_env() -> dict[str, str]:
    found = {}
    for arguments in instructions("ENV"):
        found.update(dict(pair.split("=", 1) for pair in shlex.split(arguments)))
    return found


def compose(text: str | None = None) -> dict:
    """deploy/compose.yaml read as the subset of YAML it is written in: block mappings, block
    lists of scalars, flow lists written as JSON, plain or quoted scalars, comments."""
    lines = []
    for raw in (text or (DEPLOY / "compose.yaml").read_text()).splitlines():
        line = re.sub(r"(^|\s)#.*$", "", raw).rstrip()
        if line.strip():
            lines.append((len(line) - len(line.lstrip()), line.strip()))

    def scalar(text: str):
        if text.startswith("["):
            return json.loads(text)
        return text[1:-1] if text[:1] in "\"'" and text[-1:] == text[:1] else text

    def block(start: int, indent: int):
        if lines[start][1].startswith("- "):
            items, i = [], start
            while i < len(lines) and lines[i][0] == indent and lines[i][1].startswith("- "):
                items.append(scalar(lines[i][1][2:].strip()))
                i += 1
            return items, i
        mapping, i = {}, start
        while i < len(lines) and lines[i][0] == indent:
            key, _, rest = lines[i][1].partition(":")
            if rest.strip():
                mapping[key], i = scalar(rest.strip()), i + 1
            elif i + 1 < len(lines) and lines[i + 1][0] > indent:
                mapping[key], i = block(i + 1, lines[i + 1][0])
            else:
                mapping[key], i = None, i + 1
        return mapping, i

    document, end = block(0, 0)
    assert end == len(lines), f"compose.yaml line {end + 1} is not in the subset this test reads"
    return document


def health_path() -> str:
    """The path bot/health.py serves /healthz on (issue 35, part 1)."""
    found = re.search(r'^HEALTH_PATH = "([^"]+)"', (ROOT / "bot" / "health.py").read_text(), re.M)
    assert found, "bot/health.py names its path HEALTH_PATH"
    return found[1]


def probe_url(command: list[str]) -> str:
    """The URL a health check's ``python -c`` fetches."""
    assert command[:2] == ["python", "-c"], command
    urls = re.findall(r"'(http://[^']+)'", command[2])
    assert len(urls) == 1, command
    return urls[0]


def test_the_dockerfile_copies_what_is_there_and_dockerignore_lets_it_in():
    ignore = (ROOT / ".dockerignore").read_text().splitlines()
    copied = [shlex.split(arguments)[:-1] for arguments in instructions("COPY")]
    for source in (s for sources in copied for s in sources):
        assert (ROOT / source).exists(), source
        assert f"!{source}" in ignore or f"!{source}/" in ignore, f".dockerignore keeps {source} out"
    assert "*" in ignore and "!.env" not in ignore and not any(line.startswith("!tests") for line in ignore)
    package = (ROOT / "pyproject.toml").read_text()
    installed = re.search(r"include = \[(.*)\]", package)[1]
    for folder in re.findall(r'"(\w+)\*"', installed):  # every package pyproject installs is copied
        assert [folder] in copied, folder
    base = instructions("FROM")[0]
    assert re.fullmatch(r"python:3\.\d+-slim", base)
    assert int(base.split(".")[1].split("-")[0]) >= int(re.search(r'requires-python = ">=3\.(\d+)"', package)[1])


def test_the_dockerfile_runs_the_bot_as_its_own_user_with_the_database_on_the_volume():
    assert instructions("USER") == ["wordbot"]
    # installed as root, run as not
    assert [i for i, _ in dockerfile()].index("USER") > [i for i, _ in dockerfile()].index("RUN")
    assert json.loads(instructions("CMD")[0]) == ["wordbot", "run"]
    assert 'wordbot = "bot.cli_entry:program"' in (ROOT / "pyproject.toml").read_text()
    volumes = json.loads(instructions("VOLUME")[0])
    env = docker_env()
    assert str(Path(env["WORDBOT_DATABASE"]).parent) in volumes and instructions("WORKDIR")[-1] in volumes
    assert instructions("STOPSIGNAL") == ["SIGTERM"]


def test_the_variables_the_files_set_are_the_bots_own():
    names = env_example_names()
    bot = compose()["services"]["bot"]
    set_here = set(docker_env()) | set(bot["environment"])
    set_here |= {v.split("=", 1)[0] for k, v in unit("wordbot.service")["Service"] if k == "Environment"}
    theirs = {"PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED", "PIP_NO_CACHE_DIR", "PIP_DISABLE_PIP_VERSION_CHECK",
              "XDG_CACHE_HOME"}  # Python's, pip's and the cache folder's (read by solvers.lexicon_cache)
    assert set_here - theirs <= names, sorted(set_here - theirs - names)
    assert {"WORDBOT_DATABASE", "WORDBOT_METRICS"} <= set_here
    interpolated = set(re.findall(r"\$\{(\w+)", (DEPLOY / "compose.yaml").read_text()))
    documented = (ROOT / "docs" / "deploy.md").read_text()
    assert all(name in names or name in documented for name in interpolated), interpolated
    assert (DEPLOY / bot["env_file"]).resolve() == ROOT / ".env"


def test_the_health_checks_ask_the_port_and_path_the_bot_serves():
    from bot.config import parse_address  # WORDBOT_METRICS's own reading (issue 35, part 1)

    host, port = parse_address(docker_env()["WORDBOT_METRICS"], "WORDBOT_METRICS")
    assert host == "0.0.0.0" and instructions("EXPOSE") == [str(port)]
    healthcheck = instructions("HEALTHCHECK")[0]
    docker_probe = probe_url(json.loads(healthcheck[healthcheck.index("CMD") + 3:].strip()))
    bot = compose()["services"]["bot"]
    compose_host, compose_port = parse_address(bot["environment"]["WORDBOT_METRICS"], "WORDBOT_METRICS")
    assert compose_port == port
    compose_probe = probe_url(bot["healthcheck"]["test"][1:])
    assert docker_probe == compose_probe == f"http://127.0.0.1:{port}{health_path()}"
    assert bot["ports"] == [f"127.0.0.1:{port}:{port}"]  # published to the host's loopback only
    unit_host, _ = parse_address(dict(v.split("=", 1) for k, v in unit("wordbot.service")["Service"]
                                      if k == "Environment")["WORDBOT_METRICS"], "WORDBOT_METRICS")
    assert unit_host == "127.0.0.1"


def test_compose_runs_the_bot_on_postgres_16_each_with_a_health_check():
    services = compose()["services"]
    assert set(services) == {"bot", "db"}
    assert services["db"]["image"] == "postgres:16"
    assert all(service["healthcheck"]["test"] for service in services.values())
    assert services["bot"]["depends_on"] == {"db": {"condition": "service_healthy"}}
    assert services["bot"]["build"] == {"context": "..", "dockerfile": "deploy/Dockerfile"}
    assert (DEPLOY / ".." / services["bot"]["build"]["dockerfile"]).resolve() == DEPLOY / "Dockerfile"
    url = services["bot"]["environment"]["WORDBOT_DATABASE"]
    db = services["db"]["environment"]
    assert url.startswith(f"postgresql://{db['POSTGRES_USER']}:") and url.endswith(f"@db:5432/{db['POSTGRES_DB']}")
    assert re.search(r"\$\{POSTGRES_PASSWORD\b", url) and "POSTGRES_PASSWORD" in db["POSTGRES_PASSWORD"]
    assert any(v.endswith(":/var/lib/postgresql/data") for v in services["db"]["volumes"])


def test_the_compose_reader_reads_what_it_is_shown():
    assert compose("a:\n  b: 'x'  # note\n  c:\n    - \"1:2\"\n  d: [\"e\", \"f\"]\n") == \
        {"a": {"b": "x", "c": ["1:2"], "d": ["e", "f"]}}
