"""`make pi-check`: the README's Raspberry Pi commands run in an arm64 Debian 12 userland that looks like a Pi 4,
under qemu user-mode emulation, one line per step.

Run as root by the system python3 (standard library only). The userland is built once with debootstrap
(`--foreign`, the second stage under emulation) into PI_ROOT (default /var/tmp/wolfcall-pi, outside the repo) and
reused. What makes it a Pi 4: QEMU_CPU=cortex-a72, a Pi 4's /proc/cpuinfo bound over the emulator's (qemu fills
it with the host's x86 CPUs, and onnxruntime segfaults reading them), /etc/rpi-issue (narrator/system.py's
this_system() says "raspberry") and a user `pi` with sudo, as Raspberry Pi OS sets up. The repo's current commit
is cloned in from a git bundle. Each step prints `pi-check: <step>: ok (<time>)`, `FAILED: <why>` or
`SKIPPED: <what the emulator cannot do>`; the exit status is 1 when a step failed.
"""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
ROOT = Path(os.environ.get("PI_ROOT", "/var/tmp/wolfcall-pi"))
ROOTFS = ROOT / "rootfs"
READY = ROOTFS / ".wolfcall-userland"
MIRROR = os.environ.get("PI_MIRROR", "http://deb.debian.org/debian")
HOST_PACKAGES = {"debootstrap": "debootstrap", "qemu-aarch64-static": "qemu-user-static",
                 "systemd-nspawn": "systemd-container"}
BINFMT = Path("/proc/sys/fs/binfmt_misc")
# Debian's qemu-user-static magic and mask for aarch64 ELF; F: the kernel opens the emulator now, so it runs
# inside the chroot, where /usr/bin/qemu-aarch64-static does not exist; C: setuid programs (sudo) keep their uid.
AARCH64 = (r":qemu-aarch64:M:0:\x7f\x45\x4c\x46\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\xb7\x00"
           r":\xff\xff\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\xff"
           r":/usr/bin/qemu-aarch64-static:FC")
# What a Raspberry Pi 4 Model B shows (four Cortex-A72 cores, CPU part 0xd08).
CORE = ("processor\t: {n}\nBogoMIPS\t: 108.00\nFeatures\t: fp asimd evtstrm crc32 cpuid\nCPU implementer\t: 0x41\n"
        "CPU architecture: 8\nCPU variant\t: 0x0\nCPU part\t: 0xd08\nCPU revision\t: 3\n\n")
CPUINFO = "".join(CORE.format(n=n) for n in range(4)) + (
    "Hardware\t: BCM2835\nRevision\t: c03114\nSerial\t\t: 10000000deadbeef\n"
    "Model\t\t: Raspberry Pi 4 Model B Rev 1.4\n")
PORT = 8765  # config.yaml's web_port: what `make play` serves
LAN_PORT = 18765
BOOT_GUARD = 600.0  # seconds systemd may take to boot in the container under emulation
# pip and npm carry their own CA lists: point them at the system's, which holds this machine's TLS proxy.
TRUST = ["PIP_CERT=/etc/ssl/certs/ca-certificates.crt", "NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt"]
GUARD = 2400.0  # seconds a page (make play: the whole install) may take under emulation before the step fails


class Failed(Exception):
    """A step that did not work; the message is its line."""


class Skipped(Exception):
    """A step the emulator cannot do; the message says what."""


def run(command: list[str], check: bool = True, **kwargs: object) -> subprocess.CompletedProcess[str]:
    """A host command; a failure is the step's line (its last lines of output)."""
    done = subprocess.run(command, capture_output=True, text=True, check=False, **kwargs)  # type: ignore[call-overload]
    if check and done.returncode != 0:
        raise Failed(f"{shlex.join(command)} exited {done.returncode}: {tail(done.stdout + done.stderr)}")
    return done  # type: ignore[no-any-return]


def tail(text: str, lines: int = 3) -> str:
    return " | ".join(line.strip() for line in text.strip().splitlines()[-lines:] if line.strip()) or "no output"


def inside_command(script: str, user: str = "pi") -> list[str]:
    """The chroot command that runs `script` in bash as `user` (pi: in ~/wolfcall when it exists), as a Pi 4."""
    home = "/root" if user == "root" else f"/home/{user}"
    env = ["HOME=" + home, "USER=" + user, "LANG=C.UTF-8", "CI=true", "QEMU_CPU=cortex-a72", "TERM=dumb",
           "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", *TRUST]
    body = f"cd {home}; [ -d wolfcall ] && cd wolfcall; {script}"
    return ["nice", "-n", "19", "chroot", f"--userspec={user}:{user}", str(ROOTFS), "/usr/bin/env", "-i", *env,
            "/bin/bash", "-c", body]


def inside(script: str, user: str = "pi", check: bool = True) -> subprocess.CompletedProcess[str]:
    """Run `script` in the userland; a failure is the step's line."""
    done = subprocess.run(inside_command(script, user), capture_output=True, text=True, check=False,
                          env={"QEMU_CPU": "cortex-a72", "PATH": os.environ.get("PATH", "/usr/bin:/bin")})
    if check and done.returncode != 0:
        raise Failed(f"`{script}` exited {done.returncode}: {tail(done.stdout + done.stderr)}")
    return done


def host_tools() -> str:
    lacking = [package for program, package in HOST_PACKAGES.items() if shutil.which(program) is None]
    if lacking:
        run(["apt-get", "install", "-y", "-q", *lacking], env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
    return f"installed {' '.join(lacking)}" if lacking else "debootstrap, qemu-user-static, systemd-nspawn here"


def binfmt() -> str:
    if not (BINFMT / "register").exists():
        run(["mount", "-t", "binfmt_misc", "binfmt_misc", str(BINFMT)])
    entry = BINFMT / "qemu-aarch64"
    flags = next((line for line in entry.read_text().splitlines() if line.startswith("flags")), "") \
        if entry.exists() else ""
    if entry.exists() and not {"F", "C"} <= set(flags.removeprefix("flags:").strip()):
        entry.write_text("-1")  # without F it cannot run in a chroot, without C sudo cannot: replace it
    if not entry.exists():
        (BINFMT / "register").write_text(AARCH64)
    lines = entry.read_text().splitlines()
    return ", ".join(line for line in lines if line.startswith(("interpreter", "flags")))


def userland() -> str:
    if READY.exists():
        return f"reused {ROOTFS}"
    fresh = ROOT / "rootfs.new"
    if not (fresh / "debootstrap").exists() and not (fresh / "etc" / "os-release").exists():
        shutil.rmtree(fresh, ignore_errors=True)
        fresh.parent.mkdir(parents=True, exist_ok=True)
        run(["nice", "-n", "19", "debootstrap", "--arch=arm64", "--foreign",
             "--include=python3,sudo,ca-certificates,locales", "bookworm", str(fresh), MIRROR])
    if (fresh / "debootstrap").exists():
        run(["nice", "-n", "19", "chroot", str(fresh), "/debootstrap/debootstrap", "--second-stage"],
            env={"QEMU_CPU": "cortex-a72", "PATH": "/usr/sbin:/usr/bin:/sbin:/bin"})
    fresh.rename(ROOTFS)
    READY.write_text("debootstrap bookworm arm64\n")
    return f"built {ROOTFS} ({du(ROOTFS)})"


def du(path: Path) -> str:
    return run(["du", "-sh", str(path)]).stdout.split()[0]


def pi_look() -> str:
    """Make the userland show what a Pi 4 with Raspberry Pi OS shows, and trust the machine's TLS proxy."""
    (ROOT / "cpuinfo").write_text(CPUINFO)
    (ROOTFS / "etc" / "rpi-issue").write_text("Raspberry Pi reference 2024-11-19 (made by tools/pi.py)\n")
    (ROOTFS / "etc" / "hostname").write_text("raspberrypi\n")
    # a chroot keeps the host's name: without it in /etc/hosts sudo says "unable to resolve host" every time
    (ROOTFS / "etc" / "hosts").write_text(f"127.0.0.1\tlocalhost\n127.0.1.1\traspberrypi {os.uname().nodename}\n")
    (ROOTFS / "etc" / "apt" / "sources.list").write_text(f"deb {MIRROR} bookworm main\n")
    for cert in Path("/usr/local/share/ca-certificates").glob("*.crt"):
        shutil.copy(cert, ROOTFS / "usr" / "local" / "share" / "ca-certificates" / cert.name)
    if run(["chroot", str(ROOTFS), "id", "pi"], check=False).returncode != 0:
        run(["chroot", str(ROOTFS), "useradd", "-m", "-s", "/bin/bash", "-G", "sudo", "pi"])
    # Raspberry Pi OS lets its first user sudo without a password; QEMU_CPU kept so sudo's children stay a Pi 4.
    (ROOTFS / "etc" / "sudoers.d" / "010_pi-nopasswd").write_text(
        "pi ALL=(ALL) NOPASSWD: ALL\nDefaults env_keep += \"QEMU_CPU\"\n")
    npmrc = Path.home() / ".npmrc"
    if npmrc.exists():
        shutil.copy(npmrc, ROOTFS / "home" / "pi" / ".npmrc")
    shutil.copy("/etc/resolv.conf", ROOTFS / "etc" / "resolv.conf")
    inside("update-ca-certificates >/dev/null", user="root")
    done = inside("uname -m; grep -m1 '^Model' /proc/cpuinfo; python3 -c 'import platform; print(platform.machine())'")
    return "; ".join(done.stdout.split("\n")[:3]).replace("\t", "")


@contextmanager
def mounted() -> Iterator[None]:
    """/proc, /sys, /dev, /dev/shm and the Pi's cpuinfo in the userland for the time of the check."""
    points = [(["-t", "proc", "proc"], "proc"), (["-t", "sysfs", "sys"], "sys"), (["--bind", "/dev"], "dev"),
              (["--bind", "/dev/pts"], "dev/pts"),
              # a Pi's /dev/shm is a tmpfs anyone may write (Python's multiprocessing locks live there); the bind
              # of /dev above shows only the empty folder under the host's own tmpfs
              (["-t", "tmpfs", "-o", "mode=1777", "tmpfs"], "dev/shm"),
              (["--bind", str(ROOT / "cpuinfo")], "proc/cpuinfo")]
    done: list[Path] = []
    try:
        for options, where in points:
            target = ROOTFS / where
            if where == "proc/cpuinfo":
                (ROOT / "cpuinfo").write_text(CPUINFO)
            run(["mount", *options, str(target)])
            done.append(target)
        yield
    finally:
        for target in reversed(done):
            run(["umount", "-l", str(target)], check=False)


def readme_apt() -> str:
    inside("sudo apt-get update -q >/dev/null && sudo apt install -y -q make git >/dev/null 2>&1")
    return inside("make --version | head -1; git --version").stdout.replace("\n", "; ").strip("; ")


def clone() -> str:
    """The README's `git clone`, of this checkout's current commit (a bundle: the userland cannot see the repo)."""
    bundle = ROOTFS / "tmp" / "wolfcall.bundle"
    branch = run(["git", "-C", str(REPO), "rev-parse", "--abbrev-ref", "HEAD"]).stdout.strip()
    run(["git", "-C", str(REPO), "bundle", "create", str(bundle), branch])
    bundle.chmod(0o644)
    inside(f"cd ~ && rm -rf wolfcall && git clone -q -b {branch} /tmp/wolfcall.bundle wolfcall")
    return inside("git log --oneline -1").stdout.strip()


def system_says() -> str:
    said = inside("python3 -c 'import sys; sys.path[:0] = [\"narrator\"]; import system; print(system.this_system())'")
    if said.stdout.strip() != "raspberry":
        raise Failed(f"this_system() says {said.stdout.strip()!r}, not raspberry")
    return "this_system() says raspberry"


FETCH = ("import sys, urllib.request\n"
         "page = urllib.request.urlopen(sys.argv[1], timeout=60).read().decode()\n"
         "print(page.split('<title>')[1].split('</title>')[0] if '<title>' in page else f'{len(page)} bytes')\n")


def page_loads(process: subprocess.Popen[str], port: int, host: str = "127.0.0.1") -> str:
    """The page's title once it answers (fetched from inside the userland; `host` a shell word expanded there),
    or Failed when the server stopped first or GUARD seconds went by."""
    end = time.monotonic() + GUARD
    while time.monotonic() < end:
        if process.poll() is not None:
            raise Failed(f"stopped before its page loaded: {tail((ROOT / 'serving.log').read_text(errors='replace'))}")
        done = inside(f"python3 -c {shlex.quote(FETCH)} \"http://{host}:{port}/\"", check=False)
        if done.returncode == 0:
            return done.stdout.strip()
        time.sleep(5)
    raise Failed(f"no page on port {port} after {minutes(GUARD)}: {tail((ROOT / 'serving.log').read_text())}")


@contextmanager
def serving(script: str) -> Iterator[subprocess.Popen[str]]:
    """`script` running in the userland in its own process group, stopped (that group only) afterwards."""
    log = (ROOT / "serving.log").open("w")
    process = subprocess.Popen(inside_command(script), stdin=subprocess.DEVNULL, stdout=log,
                               stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        yield process
    finally:
        if process.poll() is None:
            os.killpg(process.pid, 15)
            process.wait()
        log.close()


def make_play() -> str:
    """The README's `make play`: installs everything, then serves the page; stopped once the page loads."""
    start = time.monotonic()
    with serving("make play") as process:
        title = page_loads(process, PORT)
    took = time.monotonic() - start
    size = inside("du -sm .venv | cut -f1").stdout.strip()
    return f"page '{title}' after {minutes(took)} of install; .venv {size} MB"


def minutes(seconds: float) -> str:
    whole = round(seconds)
    return f"{whole // 60} min {whole % 60} s" if whole >= 60 else f"{seconds:.1f} s"


def miniaudio_wheel() -> str:
    """Compile miniaudio (no aarch64 wheel on PyPI) once more, cold, to time it alone."""
    start = time.monotonic()
    inside("rm -rf /tmp/wheels && .venv/bin/pip wheel -q --no-deps --no-cache-dir --no-binary miniaudio"
           " -w /tmp/wheels miniaudio")
    built = inside("ls /tmp/wheels").stdout.strip()
    return f"{built} compiled in {minutes(time.monotonic() - start)}"


def doctor() -> str:
    done = inside(".venv/bin/wolfcall doctor --for play")
    return tail(done.stdout + done.stderr, 2)


def voices_list() -> str:
    return tail(inside(".venv/bin/wolfcall voices list").stdout, 2)


def spoken(command: str, out: str) -> str:
    """A demo written to `out`; what fell back, if anything, is the step's failure."""
    done = inside(f"{command} --fast --quiet --out {out} && python3 -c \"import wave; w = wave.open('{out}');"
                  f" print(round(w.getnframes() / w.getframerate()))\"")
    if "falling back" in done.stderr:
        raise Failed(tail(done.stderr, 1))
    return f"{out}: {done.stdout.strip()} s of audio"


def demo_piper() -> str:
    return spoken(".venv/bin/wolfcall demo --voice joe", "/tmp/en.wav")


def demo_german() -> str:
    """German on espeak-ng: no German Piper voice is downloaded, so its espeak-ng floor speaks."""
    return spoken(".venv/bin/wolfcall demo --lang de", "/tmp/de.wav")


RENDER = ("from pathlib import Path\nfrom narrator.audio.packs import render\nfrom narrator.audio.voices import "
          "load_voice\nfrom narrator.speech.script import load\n"
          "r = render(load_voice(Path('voices/ruth.yaml')), load(Path('tests/fixtures/packscript')),"
          " progress=False)\nprint(r)\n")


def pack() -> str:
    """A small pack (the tests' packscript, espeak-ng's ruth) rendered, then a demo that speaks from it."""
    inside(f".venv/bin/python -c {shlex.quote(RENDER)}")
    clips = inside("ls ~/.local/share/wolfcall/packs/ruth/clips | wc -l").stdout.strip()  # the data folder
    demo = spoken(".venv/bin/wolfcall demo --voice ruth", "/tmp/pack.wav")
    return f"{clips} clips rendered; {demo}"


def aplay() -> str:
    """The fallback sink when miniaudio cannot play: aplay, which Raspberry Pi OS ships (alsa-utils)."""
    inside("sudo apt-get install -y -q alsa-utils >/dev/null 2>&1")
    inside(".venv/bin/wolfcall demo --fast --quiet --audio aplay")
    cards = inside("aplay -l 2>&1 | head -1").stdout.strip()
    return f"a demo through aplay ran to its end (the emulator: {cards})"


def play_lan() -> str:
    with serving(f".venv/bin/wolfcall play --lan --port {LAN_PORT}") as process:
        title = page_loads(process, LAN_PORT, host="$(hostname -I | cut -d' ' -f1)")
    return f"page '{title}' on the LAN address"


def booted(log: Path, process: subprocess.Popen[str]) -> int:
    """The booted container's init (its pid on the host), or Skipped with the boot's last words."""
    end = time.monotonic() + BOOT_GUARD
    while time.monotonic() < end and process.poll() is None:
        if "Reached target" in log.read_text(errors="replace") or "login:" in log.read_text(errors="replace"):
            children = Path(f"/proc/{process.pid}/task/{process.pid}/children").read_text().split()
            if children:
                return int(children[0])
        time.sleep(2)
    raise Skipped(f"systemd-nspawn --boot did not come up under emulation: {tail(log.read_text(errors='replace'))}")


def in_container(leader: int, script: str, user: str = "root") -> subprocess.CompletedProcess[str]:
    runtime = "XDG_RUNTIME_DIR=/run/user/$(id -u) DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/$(id -u)/bus"
    return run(["nsenter", "-t", str(leader), "-a", "/usr/sbin/runuser", "-u", user, "--", "/bin/bash", "-c",
                f"export {runtime} QEMU_CPU=cortex-a72; cd ~; {script}"], check=False)


def user_manager_mute(leader: int) -> str:
    """What is left to check when the user's systemd manager does not answer (under qemu user-mode emulation it
    starts, then never answers on its socket: `systemctl --user` waits for ever): the units `service install`
    writes, checked by `systemd-analyze verify` as the user's manager would load them."""
    done = in_container(leader, "cd wolfcall && timeout 300 .venv/bin/wolfcall service install >/dev/null 2>&1;"
                        " ls ~/.config/systemd/user/wolfcall.service && timeout 300 systemd-analyze --user verify"
                        " ~/.config/systemd/user/wolfcall.service", user="pi")
    if done.returncode != 0:
        raise Failed(f"the unit `service install` wrote: {tail(done.stdout + done.stderr)}")
    return ("the emulator: the container's systemd boots, but the user's own manager never answers on its socket"
            " (systemctl --user waits for ever under qemu-user), so enabling the unit cannot be tried here; the"
            " unit `service install` wrote passes systemd-analyze verify")


def service() -> str:
    """`wolfcall service install` in a booted systemd container (systemd-nspawn), as the user pi."""
    log = ROOT / "nspawn.log"
    # Raspberry Pi OS has the system bus (logind, which starts the user's manager, needs it); the check's minimal
    # userland gets it here. Not the session bus: under the emulator the user's manager hangs starting its socket
    inside("apt-get install -y -q dbus >/dev/null 2>&1 && apt-get purge -y -q dbus-user-session >/dev/null 2>&1",
           user="root")
    # nspawn keeps its propagation folder under /run/systemd/nspawn and only deletes it from a tmpfs
    propagate = Path("/run/systemd/nspawn")
    propagate.mkdir(parents=True, exist_ok=True)
    if run(["findmnt", str(propagate)], check=False).returncode != 0:
        run(["mount", "-t", "tmpfs", "tmpfs", str(propagate)])
    with log.open("w") as out:
        process = subprocess.Popen(
            ["nice", "-n", "19", "systemd-nspawn", "-q", "-D", str(ROOTFS), "--boot", "--machine=wolfcall-pi",
             "--register=no", "--keep-unit", "--setenv=QEMU_CPU=cortex-a72"],
            stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, text=True, start_new_session=True,
            env={**os.environ, "QEMU_CPU": "cortex-a72", "SYSTEMD_NSPAWN_TMPFS_TMP": "0"})
        leader = 0
        try:
            leader = booted(log, process)
            in_container(leader, "loginctl enable-linger pi; for i in $(seq 300); do"
                         " [ -S /run/user/1000/systemd/private ] && break; sleep 2; done")
            if in_container(leader, "timeout 120 systemctl --user is-system-running", user="pi").returncode == 124:
                raise Skipped(user_manager_mute(leader))
            done = in_container(leader, "cd wolfcall && .venv/bin/wolfcall service install && "
                                "systemctl --user is-enabled wolfcall", user="pi")
            if done.returncode != 0:
                raise Failed(f"wolfcall service install: {tail(done.stdout + done.stderr)}")
            return tail(done.stdout, 2)
        finally:
            # the container's systemd halts slowly under emulation and nothing in it is kept: its init (the
            # end of its pid namespace) and nspawn are stopped outright
            for pid in (leader, process.pid) if leader else (process.pid,):
                with suppress(ProcessLookupError):
                    os.kill(pid, 9)
            process.wait()


STEPS: list[tuple[str, Callable[[], str]]] = [
    ("pi-look", pi_look), ("sudo apt install make git", readme_apt), ("git clone", clone),
    ("this system", system_says), ("make play", make_play), ("miniaudio wheel", miniaudio_wheel),
    ("wolfcall doctor", doctor), ("voices list", voices_list), ("demo with Piper (joe)", demo_piper),
    ("demo in German on espeak-ng", demo_german), ("pack: render and play", pack), ("aplay fallback", aplay),
    ("play --lan", play_lan)]


def step(name: str, action: Callable[[], str]) -> bool:
    """Run one step and print its line; False when it failed."""
    start = time.monotonic()
    try:
        said = action()
    except Skipped as exc:
        print(f"pi-check: {name}: SKIPPED: {exc}", flush=True)
        return True
    except (Failed, OSError, subprocess.SubprocessError) as exc:
        print(f"pi-check: {name}: FAILED: {exc}", flush=True)
        return False
    print(f"pi-check: {name}: ok ({minutes(time.monotonic() - start)}) {said}".rstrip(), flush=True)
    return True


SERVICE = "service install (systemd-nspawn)"


def from_step(first: str) -> list[tuple[str, Callable[[], str]]]:
    """The steps from the one whose name starts with `first` (PI_FROM: take up a check again on the clone and
    .venv a run before left in the userland, e.g. PI_FROM=pack), or all of them."""
    if not first:
        return STEPS
    start = next((i for i, (name, _) in enumerate(STEPS) if name.startswith(first)), None)
    if start is None and SERVICE.startswith(first):
        start = len(STEPS)  # only the last step, the service in its container
    if start is None:
        names = ", ".join([*(n for n, _ in STEPS), SERVICE])
        raise SystemExit(f"pi-check: PI_FROM={first!r} names no step; the steps: {names}")
    for name, _ in STEPS[:start]:
        print(f"pi-check: {name}: SKIPPED: PI_FROM={first} (reused from a run before)", flush=True)
    return STEPS[start:]


def main() -> int:
    if os.geteuid() != 0:
        print("pi-check: needs root (debootstrap, chroot, binfmt_misc): run `sudo make pi-check`", file=sys.stderr)
        return 2
    # stopped by Ctrl-C or a TERM (even when started in the background, where INT is ignored): unmount first
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    good = all([step("host tools", host_tools), step("binfmt qemu-aarch64", binfmt),
                step("arm64 Debian 12 userland", userland)])
    if not good:
        return 1
    results: list[bool] = []
    with mounted():
        for name, action in from_step(os.environ.get("PI_FROM", "")):  # each step needs the ones before it
            results.append(step(name, action))
            if not results[-1]:
                print(f"pi-check: stopped after {name}: {', '.join(n for n, _ in STEPS[len(results):])} not run")
                break
    results.append(step(SERVICE, service))
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
