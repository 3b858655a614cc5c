from bot.cli import program

program()
