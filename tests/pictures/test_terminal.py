"""``--png FILE``, shared by the commands with a picture: the option, writing, and a path that
cannot be written as one line and exit status 2."""

import argparse
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


def test_a_path_that_cannot_be_written_is_one_line_and_status_2(tmp_path, capsys):
    for path, why in ((tmp_path / "no" / "such" / "folder.png", "No such file or directory"), (tmp_path, "Is a directory")):
        assert write_png(str(path), b"\x89PNG") == FAILED == 2
        assert not writable(str(path))
        out, err = capsys.readouterr()
        assert out == "" and err.splitlines() == [f"wordbot: cannot write the picture to {path}: {why}"] * 2


def test_checking_a_path_leaves_no_file_and_changes_none(tmp_path):
    new, old = tmp_path / "new.png", tmp_path / "old.png"
    old.write_bytes(b"keep me")
    assert writable(str(new)) and writable(str(old))
    assert not new.exists() and old.read_bytes() == b"keep me"


def test_the_module_does_not_load_pillow():
    loaded = subprocess.run([sys.executable, "-c", "import sys, bot.pictures.terminal; print('PIL' in sys.modules)"],
                            capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "False"
