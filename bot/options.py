"""A blank option is no option: an optional string option that holds nothing but spaces, tabs or
invisible characters (zero-width spaces, joiners, fillers) is dropped before the command reads
its options, so its callback gets the option's default, exactly as if it had not been given.
``WordTree.interaction_check`` does this for every command, once, before discord.py parses the
options. A required option keeps what was typed: the command's own check answers it.
"""

from __future__ import annotations

import unicodedata
from typing import Any

import discord
from discord import app_commands
from discord.enums import AppCommandOptionType

# Characters that show as nothing but are not spaces or format characters (Unicode calls them
# letters or symbols): the Hangul fillers and the blank Braille pattern.
INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800")
_NOTHING = ("Cc", "Cf", "Zs", "Zl", "Zp")  # controls, format characters (U+200B...), separators
_CHAT_INPUT = 1
_SUBCOMMANDS = (1, 2)  # a subcommand, a subcommand group


def is_blank(value: str) -> bool:
    """Whether ``value`` shows as nothing: only spaces, tabs, line breaks and invisible characters."""
    return all(ch in INVISIBLE or unicodedata.category(ch) in _NOTHING for ch in value)


def drop_blank_options(tree: app_commands.CommandTree, interaction: discord.Interaction) -> None:
    """Remove the blank optional string options from a slash command's payload (in place)."""
    data: Any = interaction.data
    if interaction.type is not discord.InteractionType.application_command or not data \
            or data.get("type", _CHAT_INPUT) != _CHAT_INPUT:
        return
    guild = discord.Object(interaction.guild_id) if interaction.guild_id else None
    command = (tree.get_command(data["name"], guild=guild) if guild else None) or tree.get_command(data["name"])
    options: list[dict[str, Any]] = data.get("options", [])
    while isinstance(command, app_commands.Group):  # down to the subcommand given
        nested = next((option for option in options if option.get("type") in _SUBCOMMANDS), None)
        if nested is None:
            return
        command, options = command.get_command(nested["name"]), nested.get("options", [])
    if not isinstance(command, app_commands.Command):
        return
    optional = {p.display_name for p in command.parameters if not p.required and p.type is AppCommandOptionType.string}
    options[:] = [option for option in options
                  if not (option.get("name") in optional and isinstance(option.get("value"), str)
                          and is_blank(option["value"]))]
