"""The command line (narrator/cli/main.py): its subcommands' options."""

from __future__ import annotations

import pytest

from narrator.cli.main import parser
from narrator.config import AUDIO


@pytest.mark.parametrize("command", ["play", "demo"])
@pytest.mark.parametrize("audio", AUDIO)
def test_audio_option_offers_what_config_yaml_allows(command: str, audio: str) -> None:
    """`--audio file` was refused by the CLI while config.yaml allowed it (and pw-play the other way)."""
    assert parser().parse_args([command, "--audio", audio]).audio == audio


def test_audio_choices_are_config_yamls() -> None:
    sub = next(a for a in parser()._actions if a.dest == "command")
    for command in ("play", "demo"):
        option = next(a for a in sub.choices[command]._actions if a.dest == "audio")
        assert tuple(option.choices) == AUDIO, command
