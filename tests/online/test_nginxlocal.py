"""The tests' nginx (narrator/online/nginxlocal.py) is configured as the README's failover section says: every
directive of the README's `location` and `upstream` is in it, so a change to the one shows in the other."""

from __future__ import annotations

from pathlib import Path

from narrator.online.nginxlocal import config

README = Path(__file__).resolve().parents[2] / "README.md"


def readme_directives() -> list[str]:
    """The directives of the README's failover nginx block (comments dropped), its ports and TLS aside."""
    text = README.read_text(encoding="utf-8")
    block = text[text.index("#### Failover"):]
    block = block[block.index("upstream wolfcall {"):]
    block = block[: block.index("```")]
    lines = [line.split("#")[0].strip() for line in block.splitlines()]
    return [line for line in lines if line.startswith(("proxy_", "map ")) or "max_fails" in line]


def test_the_tests_nginx_is_the_readmes() -> None:
    wanted = readme_directives()
    assert any(line.startswith("proxy_next_upstream") for line in wanted), wanted
    made = config(8000, [8441, 8442], root=False)
    for line in wanted:
        assert line in made, line
    assert "user " not in made
    assert config(8000, [8441], root=True).count("user ") == 1  # as root its worker may write its folder
