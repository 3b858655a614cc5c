from bot.cli_entry import program

program()
