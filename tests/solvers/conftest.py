"""The definitions' build script, loaded as a module for the tests that run it."""

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def build():
    spec = importlib.util.spec_from_file_location("build_definitions", ROOT / "scripts" / "build_definitions.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up
    spec.loader.exec_module(module)
    yield module
    del sys.modules[spec.name]
