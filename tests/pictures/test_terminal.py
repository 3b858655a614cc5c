"""``--png FILE``, shared by the commands with a picture: the option, writing, and a path that
cannot be written as one line and exit status 2."""

import argparse
import concurrent.futures
import os
import stat
import subprocess
import sys

from bot.pictures.terminal import FAILED, add_png_option, writable, write_png


def test_the_option_names_what_is_written():
    parser = argparse.ArgumentParser()
    add_png_option(parser, "the hive")
    assert parser.parse_args(["--png", "out.png"]).png == "out.png" and parser.parse_args([]).png is None
    assert "write the hive to FILE" in " ".join(parser.format_help().split())


def test_write_png_writes_the_bytes_and_replaces_a_file(tmp_path, capsys):
    target = tmp_path / "picture.png"
    target.write_bytes(b"old and longer")
    assert write_png(str(target), b"\x89PNG new") == 0
    assert target.read_bytes() == b"\x89PNG new" and capsys.readouterr() == ("", "")
    assert os.listdir(tmp_path) == ["picture.png"]  # the file it was written to first is gone (renamed)


def test_a_link_is_followed_and_the_file_it_points_at_replaced(tmp_path):
    real, link = tmp_path / "real.png", tmp_path / "link.png"
    real.write_bytes(b"old")
    link.symlink_to(real)
    assert write_png(str(link), b"\x89PNG new") == 0
    assert link.is_symlink() and real.read_bytes() == b"\x89PNG new"


def test_a_new_picture_gets_a_new_files_permissions_and_a_replaced_one_keeps_its_own(tmp_path):
    new, old = tmp_path / "new.png", tmp_path / "old.png"
    old.write_bytes(b"old")
    old.chmod(0o600)
    reference = tmp_path / "reference"
    reference.write_bytes(b"")  # made as any new file is, under the umask of this process
    assert write_png(str(new), b"\x89PNG") == 0 == write_png(str(old), b"\x89PNG")
    assert stat.S_IMODE(new.stat().st_mode) == stat.S_IMODE(reference.stat().st_mode)
    assert stat.S_IMODE(old.stat().st_mode) == 0o600


def test_a_path_that_cannot_be_written_is_one_line_and_status_2(tmp_path, capsys):
    missing = "No such file or directory (check the path, or create the folder first)"
    cases = ((str(tmp_path / "no" / "such" / "folder.png"), str(tmp_path / "no" / "such" / "folder.png"), missing),
             (str(tmp_path), str(tmp_path), "Is a directory (that is a folder: give the path of a file)"),
             ("", "'' (an empty path)", missing))
    for path, shown, why in cases:
        assert write_png(path, b"\x89PNG") == FAILED == 2
        assert not writable(path)
        out, err = capsys.readouterr()
        assert out == "" and err.splitlines() == [f"wordbot: cannot write the picture to {shown}: {why}"] * 2
    assert os.listdir(tmp_path) == []


def test_checking_a_path_leaves_no_file_and_changes_none(tmp_path):
    new, old = tmp_path / "new.png", tmp_path / "old.png"
    old.write_bytes(b"keep me")
    assert writable(str(new)) and writable(str(old))
    assert os.listdir(tmp_path) == ["old.png"] and old.read_bytes() == b"keep me"


def test_the_module_does_not_load_pillow():
    loaded = subprocess.run([sys.executable, "-c", "import sys, bot.pictures.terminal; print('PIL' in sys.modules)"],
                            capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "False"


def test_a_device_or_a_pipe_gets_the_bytes_and_stays_what_it_is(tmp_path):
    """/dev/null or a pipe (/dev/stdout piped on) has no file to replace: the bytes are written to it."""
    assert writable(os.devnull) and write_png(os.devnull, b"\x89PNG") == 0
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    with concurrent.futures.ThreadPoolExecutor(1) as reader:
        received = reader.submit(pipe.read_bytes)
        assert write_png(str(pipe), b"\x89PNG through a pipe") == 0
        assert received.result(timeout=30) == b"\x89PNG through a pipe"
    assert stat.S_ISFIFO(os.stat(pipe).st_mode) and os.listdir(tmp_path) == ["pipe"]
