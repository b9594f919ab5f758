"""The `wolfcall` command and its subcommands."""

from narrator.cli.main import main

__all__ = ["main"]
