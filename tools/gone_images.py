"""`python tools/gone_images.py [LANG]`: per night call and `gone` group (the calls said for the rhythm once every
card of a role was said of the dead), how many variants it has and how many distinct pictures they paint. A group
of 20 lines that paints 5 pictures four times over is heard as the same line with another call; each line should
paint a picture of its own, and a wake and its sleep none of the same. tests/speech/test_words45.py checks it."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator

from narrator.speech.script import SHIPPED, Script, load

# the call closes every such line ("… Seherin, öffne die Augen.", "… Abre los ojos, flautista."): the picture is
# what comes before its last sentence
_LAST_SENTENCE = re.compile(r"[^.!?]+[.!?]\s*$")


def picture(text: str) -> str:
    """The picture a gone line paints: the line without its closing call."""
    return _LAST_SENTENCE.sub("", text).strip() or text


def gone_groups(script: Script, lang: str) -> Iterator[tuple[str, list[str]]]:
    """Each night call scene of `lang` with its gone group's lines (`gone: yes`, or a group's `left: none`)."""
    for scene, entry in sorted(script.scenes[lang].items()):
        texts = [v.text for v in entry.variants
                 if dict(v.when).get("gone") == {"yes"} or dict(v.when).get("left") == {"none"}]
        if texts:
            yield scene, texts


def main(argv: list[str]) -> int:
    script = load(SHIPPED)
    for lang in argv or sorted(script.scenes):
        for scene, texts in gone_groups(script, lang):
            print(f"{lang} {scene:32} {len(texts):3} lines {len({picture(t) for t in texts}):3} pictures")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
