"""Walking the command tree in tests: the commands that take an option, and what a test fills in to
run each one quickly (its required options, and small values that keep a worker's job short).
A walk takes its commands from the tree and fails on one that has no entry here, so a command
added later is walked too."""

from discord import app_commands

FILLED = {
    "anagram": {"rack": "ACT"},
    "word": {"word": "cat"},
    "judge": {"words": "cat"},
    "pattern": {"pattern": "c?t"},
    "fivewords": {"words": 2, "letters": 3},
    "tiles": {"count": 3, "size": 1, "seconds": 1},
    "letterboxed": {"sides": "TJO FEB CUY HIL"},
    "settings": {},
    "challenge board": {"name": "7s"},
    "quiz start": {"questions": 1, "length": 2, "minutes": 1},
    "study settings": {},
    "study add": {"length": 2, "from": 1, "to": 3},
}


def commands_where(tree: app_commands.CommandTree, wanted) -> list[app_commands.Command]:
    """Every slash command (subcommands too) for which ``wanted(parameter)`` holds of a parameter."""
    return [command for command in tree.walk_commands()
            if isinstance(command, app_commands.Command) and any(map(wanted, command.parameters))]


def filled(command: app_commands.Command) -> dict:
    name = command.qualified_name
    assert name in FILLED, f"/{name} is walked: add what it needs to FILLED in tests/bot/lab/walk.py"
    return dict(FILLED[name])


def reply_of(result) -> tuple:
    """What a person sees of an answer: private or not, the text, the embeds, the buttons' labels,
    and the follow-ups."""
    def message(sent):
        labels = [c.get("label") for row in sent.components for c in row.get("components", [])]
        return sent.ephemeral, sent.content, [e.to_dict() for e in sent.embeds], labels

    return message(result.response), [message(sent) for sent in result.followups]
