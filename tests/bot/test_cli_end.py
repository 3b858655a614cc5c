"""How the ``wordbot`` program ends (``bot.cli_end``): after a command that only reads and prints
(``quick_exit``), at once, without the interpreter's teardown, its whole output written and its
exit code kept; after any other command, the usual way. A write refused for room is one line."""

import sys
import textwrap

from bot.cli import main
from tests.processes import run_child

# The program as the console script runs it, with a teardown step that says when it ran.
PROGRAM = textwrap.dedent("""
    import atexit, sys
    atexit.register(lambda: sys.stderr.write("teardown ran\\n"))
    sys.argv[0] = "wordbot"
    from bot.cli import program
    program()
""")


def _program(*argv, **kwargs):
    return run_child([sys.executable, "-c", PROGRAM, *argv], capture_output=True, text=True, timeout=120, **kwargs)


def _in_process(capsys, *argv):
    code = main(list(argv))
    return code, capsys.readouterr().out


def test_a_command_that_reads_and_prints_ends_at_once_with_its_whole_output(capsys):
    argv = ("pattern", "?????", "--sort", "alpha", "--limit", "20000")  # far more than a pipe holds
    done = _program(*argv)
    assert done.stderr == "" and done.returncode == 0  # no teardown
    assert (done.returncode, done.stdout) == _in_process(capsys, *argv)
    assert len(done.stdout) > 65_536  # a pipe holds 64 KiB: the output was written as it was read


def test_the_exit_code_is_kept(capsys):
    done = _program("judge", "cat", "qzxv")
    assert (done.returncode, done.stderr) == (1, "")
    assert (done.returncode, done.stdout) == _in_process(capsys, "judge", "cat", "qzxv")


def test_a_user_error_is_said_and_the_program_ends_at_once():
    done = _program("anagram", "AB!C")
    assert done.returncode == 2 and done.stderr.startswith("wordbot: ") and "teardown" not in done.stderr
    assert done.stderr.count("\n") == 1


def test_any_other_command_ends_the_usual_way(capsys):
    argv = ("bee", "--date", "2026-12-01", "--json")
    done = _program(*argv)
    assert done.stderr == "teardown ran\n"
    assert (done.returncode, done.stdout) == _in_process(capsys, *argv)


def test_a_full_disk_is_one_line_not_our_fault():
    with open("/dev/full", "w") as full:
        done = run_child([sys.executable, "-m", "bot", "word", "cat"], stdout=full, stderr=-1, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr == ("wordbot: the output could not be written: No space left on device; free some space, "
                           "or send it elsewhere\n")


def test_the_quick_help_on_a_full_disk_is_one_line_too():
    with open("/dev/full", "w") as full:
        done = run_child([sys.executable, "-m", "bot", "--help"], stdout=full, stderr=-1, text=True, timeout=120)
    assert (done.returncode, done.stderr) == (2, "wordbot: the output could not be written: No space left on "
                                                 "device; free some space, or send it elsewhere\n")


# The program as the console script starts it, telling how the collector stood while the command's
# modules loaded and once they had.
COLLECTOR = textwrap.dedent("""
    import gc, sys
    import bot.cli
    passes = []
    gc.callbacks.append(lambda phase, info: phase == "start" and passes.append(info["generation"]))
    loaded = bot.cli._loaded
    def observed():
        print("passes while loading:", len(passes), "modules:", len(sys.modules))
        loaded()
    bot.cli._loaded = observed
    def end(code, quick):
        print("code:", code, "collector on:", gc.isenabled(), "frozen:", gc.get_freeze_count())
    bot.cli.end = end
    sys.argv = ["wordbot", *sys.argv[1:]]
    from bot.cli_entry import program
    program()
""")


def test_the_collector_skips_the_modules_a_command_loads_and_is_on_for_the_command():
    done = run_child([sys.executable, "-c", COLLECTOR, "anagram", "AALNST?", "--lexicon", "common"],
                     capture_output=True, text=True, timeout=120)
    loading, after = done.stdout.splitlines()[0], done.stdout.splitlines()[-1]
    passes, modules = int(loading.split()[3]), int(loading.split()[5])
    assert passes == 0 and modules > 200, loading  # numpy's among them: 38 passes if collected
    code, on, frozen = after.split()[1], after.split()[4], int(after.split()[6])
    assert (code, on) == ("0", "True") and frozen > 20_000, after
