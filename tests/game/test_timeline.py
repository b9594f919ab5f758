"""Contract 3: a game's captions and night steps as JSON lines, in time order."""

from __future__ import annotations

import json
from pathlib import Path

from narrator.game.timeline import StepTiming, timeline, write_timeline
from narrator.speech.captions import Caption

WAKE = Caption(10.0, 12.5, "night.seer.wake", 1, "es", "Vidente, despierta.")
SLEEP = Caption(18.5, 20.0, "night.seer.sleep", 0, "es", "Vidente, duérmete.")
SEER = StepTiming("seer", 10.0, 20.0004, True)


def test_captions_and_steps_are_merged_by_time_a_caption_before_the_step_it_opens() -> None:
    rows = timeline([SLEEP, WAKE], [SEER])
    assert [r.get("scene", r.get("step")) for r in rows] == ["night.seer.wake", "seer", "night.seer.sleep"]
    assert rows[1] == {"step": "seer", "t": 10.0, "end": 20.0, "actor_alive": True}  # to the millisecond


def test_the_file_has_one_json_object_a_line_in_plain_utf8(tmp_path: Path) -> None:
    path = tmp_path / "timeline.jsonl"
    write_timeline(path, [WAKE, SLEEP], [SEER])
    text = path.read_text(encoding="utf-8")
    assert "duérmete" in text  # not escaped: a person reads the file
    assert [json.loads(line) for line in text.splitlines()] == timeline([WAKE, SLEEP], [SEER])
