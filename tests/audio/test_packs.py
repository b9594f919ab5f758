"""Voice packs rendered for real with espeak-ng and with Piper's English voice."""

from __future__ import annotations

import json
import os
import re
import select
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from narrator.audio.ambience import SOUNDS
from narrator.audio.packs import PackError, check, clip_key, export, install, open_pack, render, texts
from narrator.speech.script import load

from ..processes import GUARD_S, children, stop, watched
from ..sounds import PACKSCRIPT, espeak_voice, piper_voice, small_script


def test_every_stretch_of_words_becomes_one_clip() -> None:
    wanted = texts(small_script(), "en")
    assert "This morning," in wanted and "does not wake up." in wanted and "player" in wanted
    assert not any("{" in t for t in wanted)


def test_espeak_pack_renders_and_checks(tmp_path: Path) -> None:
    result = render(espeak_voice(), small_script(), root=tmp_path, progress=False)
    pack = open_pack(tmp_path / "testruth")
    assert result.rendered == len(texts(small_script(), "en")) + len(SOUNDS) and result.kept == 0
    assert check(pack, small_script(), deep=True) == []
    night = pack.load_ambience("bed.night")  # the project's beds and cues, clips of the pack
    assert night is not None and night.seconds == pytest.approx(30, abs=0.1)
    assert all((tmp_path / "testruth" / c["file"]).read_bytes()[:3] in (b"ID3", b"\xff\xfb", b"\xff\xf3")
               or (tmp_path / "testruth" / c["file"]).read_bytes()[0] == 0xFF for c in pack.clips.values())


def test_piper_pack_renders_on_two_cores(tmp_path: Path) -> None:
    result = render(piper_voice(), small_script(), root=tmp_path, workers=2, progress=False)
    pack = open_pack(tmp_path / "testjoe")
    assert result.rendered > 5 and check(pack, small_script()) == []
    assert pack.identity.startswith("piper/") and pack.seconds() > 3


def test_rerender_touches_only_the_edited_line(tmp_path: Path) -> None:
    scripts = tmp_path / "scripts"
    shutil.copytree(PACKSCRIPT, scripts)
    render(espeak_voice(), load(scripts), root=tmp_path / "packs", progress=False)
    before = {k: v["sha256"] for k, v in open_pack(tmp_path / "packs" / "testruth").clips.items()}
    yaml = scripts / "en" / "lines.yaml"
    yaml.write_text(yaml.read_text().replace("Night falls. Everyone, close your eyes.",
                                             "Night falls on the village. Everyone, close your eyes."))
    result = render(espeak_voice(), load(scripts), root=tmp_path / "packs", progress=False)
    after = open_pack(tmp_path / "packs" / "testruth").clips
    assert result.rendered == 1 and result.kept == len(before) - 1
    assert {k: after[k]["sha256"] for k in before if k in after} == {k: v for k, v in before.items() if k in after}


def test_a_corrupt_clip_is_found_and_rendered_again(tmp_path: Path) -> None:
    render(espeak_voice(), small_script(), root=tmp_path, progress=False)
    pack = open_pack(tmp_path / "testruth")
    victim = next(iter(pack.clips.values()))
    path = tmp_path / "testruth" / victim["file"]
    path.write_bytes(path.read_bytes()[:100])
    problems = check(pack, small_script())
    assert len(problems) == 1 and "damaged or missing clip" in problems[0] and victim["text"] in problems[0]
    result = render(espeak_voice(), small_script(), root=tmp_path, progress=False)
    assert result.rendered == 1 and check(open_pack(tmp_path / "testruth"), small_script()) == []


def test_a_stale_pack_names_the_lines_it_lacks(tmp_path: Path) -> None:
    render(espeak_voice(), small_script(), root=tmp_path, progress=False)
    scripts = tmp_path / "scripts"
    shutil.copytree(PACKSCRIPT, scripts)
    yaml = scripts / "en" / "lines.yaml"
    yaml.write_text(yaml.read_text().replace("Night {night} begins.", "Night {night} has come."))
    problems = check(open_pack(tmp_path / "testruth"), load(scripts))
    assert any("night.start variant 2" in p and "has come" in p for p in problems)


def test_a_damaged_manifest_is_a_clear_error(tmp_path: Path) -> None:
    render(espeak_voice(), small_script(), root=tmp_path, progress=False)
    (tmp_path / "testruth" / "manifest.json").write_text("{broken")
    with pytest.raises(PackError, match="damaged"):
        open_pack(tmp_path / "testruth")


def test_export_and_install_move_a_pack_in_one_file(tmp_path: Path) -> None:
    render(espeak_voice(), small_script(), root=tmp_path / "laptop", progress=False)
    archive = export(open_pack(tmp_path / "laptop" / "testruth"), tmp_path / "testruth.tar.gz")
    pack = install(archive, root=tmp_path / "pi")
    assert pack.path == tmp_path / "pi" / "testruth" and check(pack, small_script(), deep=True) == []
    manifest = json.loads((pack.path / "manifest.json").read_text())
    key = clip_key(manifest["identity"], "player")
    assert key in manifest["clips"]


def test_install_checks_an_archive_where_python_has_no_tar_filter(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Debian 12's Python 3.11.2 has no tarfile filter: a pack still installs, and a path out of the folder or a
    link is refused as before (it raised TypeError on a fresh Debian 12 machine)."""
    import io
    import tarfile

    render(espeak_voice(), small_script(), root=tmp_path / "laptop", progress=False)
    archive = export(open_pack(tmp_path / "laptop" / "testruth"), tmp_path / "testruth.tar.gz")
    monkeypatch.delattr(tarfile, "data_filter", raising=False)  # absent already on Python 3.11.2
    assert install(archive, root=tmp_path / "pi").path == tmp_path / "pi" / "testruth"
    for bad in ("../outside.txt", "link"):
        evil = tmp_path / f"evil-{len(bad)}.tar.gz"
        with tarfile.open(evil, "w:gz") as tar:
            info = tarfile.TarInfo(bad)
            if bad == "link":
                info.type, info.linkname = tarfile.SYMTYPE, "/etc/passwd"
                tar.addfile(info)
            else:
                info.size = 2
                tar.addfile(info, io.BytesIO(b"hi"))
        with pytest.raises(PackError, match="not a plain file inside the pack"):
            install(evil, root=tmp_path / "pi")
    assert not (tmp_path / "outside.txt").exists() and not (tmp_path / "pi" / "outside.txt").exists()


@pytest.mark.parametrize("how", ["SIGTERM", "SIGKILL"])
def test_a_stopped_render_leaves_no_worker(tmp_path: Path, how: str) -> None:
    """Issue 38: a render's workers outlived it, blocked on a pipe they hold themselves (a Pi's background render
    stopped with its service)."""
    proc = subprocess.Popen([str(Path(sys.executable).parent / "wolfcall"), "voices", "render", "--voice", "ruth",
                             "--jobs", "2"], env={**os.environ, "WOLFCALL_PACKS": str(tmp_path)},
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        assert proc.stderr is not None
        bar = b""
        while not re.search(rb"\|\s*[1-9]\d*/\d+", bar):  # the bar counts a clip: the workers render
            assert select.select([proc.stderr], [], [], GUARD_S)[0], bar
            more = proc.stderr.read1(4096)  # type: ignore[attr-defined]
            assert more, bar
            bar += more
        workers = children(proc.pid)
        assert len(workers) == 2, workers
        with watched(list(workers)) as them:
            stop(proc, how)
            proc.wait(timeout=GUARD_S)
            assert them.left() == []
        said = proc.stderr.read().decode()  # its end, once nothing of the render holds the pipe
        assert "Traceback" not in said, said
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stderr.close()  # type: ignore[union-attr]


def test_packs_are_kept_in_the_data_folder(tmp_path: Path) -> None:
    """Rendered packs are written, so never into the installed package (nor a checkout's voices/): the data folder."""
    env = {k: v for k, v in os.environ.items() if k != "WOLFCALL_PACKS"} | {"WOLFCALL_DATA": str(tmp_path)}
    done = subprocess.run([str(Path(sys.executable).parent / "wolfcall"), "voices", "check"], env=env,
                          capture_output=True, text=True, check=False)
    assert done.stdout.startswith(f"no voice packs in {tmp_path / 'packs'};"), done.stdout + done.stderr
