"""`python tools/cli_catalog.py`: compile the command line's words, narrator/cli/locale/<lang>/LC_MESSAGES/wolfcall.po,
into the wolfcall.mo gettext reads (with Babel, as `pybabel compile` does). Run it after editing a .po file;
tests/cli/test_language.py fails while a .mo is behind its .po."""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALE = Path(__file__).resolve().parent.parent / "narrator" / "cli" / "locale"


def compiled(po: Path) -> bytes:
    """The .mo bytes of a .po file."""
    with po.open("rb") as f:
        catalog = read_po(f, locale=po.parent.parent.name)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def main() -> int:
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        po.with_suffix(".mo").write_bytes(compiled(po))
        print(po.with_suffix(".mo").relative_to(LOCALE.parent.parent.parent))
    return 0


if __name__ == "__main__":
    sys.exit(main())
