"""The spoken lines: YAML files per language, one entry per scene id, loaded with line marks."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from narrator.resources import SCRIPTS
from narrator.speech.moment import ALWAYS, When, parse_when
from narrator.speech.scenes import LANGUAGES
from narrator.yamlfile import MarkedDict, MarkedList, YamlError, line_of, shown
from narrator.yamlfile import load as load_yaml

SHIPPED = SCRIPTS  # the lines the game comes with (narrator/resources.py)
# the family of a night call's wake lines that leave the one device lying in the middle (the role taps it there):
# no "put the device back" follows them (narrator/game/nightcalls.py)
MIDDLE = "middle"


@dataclass(frozen=True)
class Variant:
    """One way to say a scene, and when it fits (`ALWAYS`: at any moment; see narrator/speech/moment.py)."""

    text: str
    line: int
    when: When = ALWAYS


@dataclass
class Scene:
    """A scene's variants; a word with grammatical forms (`roles.<id>`, `ordinals.<n>`) also has its
    `forms` by name ("a", "the", "acc", ..., "plural", "gender"), and its variants are the forms' texts."""

    id: str
    variants: list[Variant]
    file: str
    line: int
    comment: str = ""
    forms: dict[str, Variant] = field(default_factory=dict)
    # lines that open alike, by name and the words that make one of them ("next": "Weiter mit", "Als Nächstes"):
    # two lines of one family are not said close together (narrator/speech/lines.py)
    families: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def families_of(self, text: str) -> frozenset[str]:
        """The families a variant belongs to: those whose words it says (as written, capitals too)."""
        return frozenset(name for name, words in self.families.items() if any(w in text for w in words))


@dataclass
class Problem:
    file: str
    line: int
    scene: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.scene}: {self.message}"

    def relative(self) -> str:
        """The same line with the file relative to the current folder when it lies below it."""
        return f"{relative(self.file)}:{self.line}: {self.scene}: {self.message}"


def relative(file: str | Path) -> str:
    path = Path(file)
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


@dataclass
class Script:
    """All scenes of all languages found under one or more folders (later folders override)."""

    scenes: dict[str, dict[str, Scene]] = field(default_factory=lambda: {lang: {} for lang in LANGUAGES})
    problems: list[Problem] = field(default_factory=list)  # what loading itself found wrong

    def variants(self, lang: str, scene: str) -> list[str]:
        return [v.text for v in self.scenes[lang][scene].variants]

    def has(self, lang: str, scene: str) -> bool:
        return scene in self.scenes.get(lang, {})

    def form(self, lang: str, scene: str, form: str) -> str | None:
        """One grammatical form of a word ("acc" of `roles.hunter`), None when it has none by that name.
        A word written as a plain list has one form, its default: its first variant."""
        found = self.scenes.get(lang, {}).get(scene)
        if found is None:
            return None
        if not found.forms:
            return found.variants[0].text if found.variants and form == default_form(scene) else None
        variant = found.forms.get(form)
        return variant.text if variant is not None else None


# entries that may be a mapping of grammatical forms instead of variants: `roles.hunter: {a: ein Jäger, ...}`
WORD_PREFIXES = ("roles.", "ordinals.")
DEFAULT_FORM = {"roles.": "a", "ordinals.": "nom"}  # the form a bare `{role}` / `{night}` says
NOT_SAID = frozenset({"gender"})  # forms that describe the word rather than say it


def default_form(scene_id: str) -> str:
    return next((f for p, f in DEFAULT_FORM.items() if scene_id.startswith(p)), "")


def _read_forms(path: Path, scene_id: str, value: MarkedDict, line: int, script: Script) -> Scene | None:
    """A word with forms: every key but `comment` names a form; its variants are the said forms' texts,
    the default form first (what packs render and `Script.variants` gives)."""
    where = str(path)
    forms: dict[str, Variant] = {}
    for key, text in value.items():
        if key == "comment":
            continue
        if not isinstance(text, str) or not isinstance(key, str):
            script.problems.append(Problem(where, value.line_of(key), scene_id,
                                           f"the form {shown(key)} must be text, not {shown(text)}"))
            continue
        forms[key] = Variant(str(text), line_of(text, value.line_of(key)))
    said = [v for k, v in forms.items() if k not in NOT_SAID]
    default = forms.get(default_form(scene_id))
    if default is not None:
        said = [default, *(v for v in said if v is not default)]
    variants: dict[str, Variant] = {}
    for v in said:
        variants.setdefault(v.text, v)  # each text once ("das Mädchen" is nominative and accusative)
    return Scene(scene_id, list(variants.values()), where, line, str(value.get("comment") or ""), forms)


def _read_variants(where: str, scene_id: str, raw: object, line: int, when: When,
                   script: Script) -> list[Variant]:
    if isinstance(raw, str):
        raw = [raw]
    if not isinstance(raw, list):
        script.problems.append(Problem(where, line, scene_id, "must be a list of variants (or variants: and comment:)"))
        return []
    variants = []
    for item in raw:
        if not isinstance(item, str):
            script.problems.append(Problem(where, line_of(item, line), scene_id,
                                           f"a variant must be text, not {shown(item)}"))
            continue
        variants.append(Variant(str(item), line_of(item, line), when))
    return variants


def _read_groups(where: str, scene_id: str, raw: object, line: int, script: Script) -> list[Variant]:
    """`groups:` a list of `{when: {fact: value}, variants: [...]}`: lines that fit only some moments."""
    if not isinstance(raw, list):
        script.problems.append(Problem(where, line, scene_id, "groups: must be a list of {when:, variants:}"))
        return []
    out: list[Variant] = []
    for group in raw:
        at = line_of(group, line)
        if not isinstance(group, MarkedDict) or "when" not in group or "variants" not in group:
            script.problems.append(Problem(where, at, scene_id, "a group has when: (the moments it fits) and "
                                                                "variants: (its lines)"))
            continue
        unknown = set(group) - {"when", "variants", "comment"}
        if unknown:
            first = min(unknown, key=str)
            script.problems.append(Problem(where, group.line_of(first), scene_id,
                                           f"unknown key {shown(first)} in a group (it has when, variants, comment)"))
        raw_when = group["when"]
        when, wrong = parse_when(raw_when)
        for key, message in wrong:
            key_line = raw_when.line_of(key) if isinstance(raw_when, MarkedDict) else group.line_of("when")
            script.problems.append(Problem(where, key_line, scene_id, message))
        if not when and not wrong:
            script.problems.append(Problem(where, group.line_of("when"), scene_id,
                                           "a group's when: names at least one fact"))
        out += _read_variants(where, scene_id, group["variants"], group.line_of("variants"), when, script)
    return out


def _read_families(where: str, scene_id: str, raw: object, line: int, script: Script) -> dict[str, tuple[str, ...]]:
    """`families: {next: [Weiter mit, Als Nächstes], ...}`: each family's name and the words its lines say."""
    if not isinstance(raw, MarkedDict):
        script.problems.append(Problem(where, line, scene_id, "families: must map a name to the words its lines say, "
                                                              "e.g. families: {next: [\"Next,\", \"Then\"]}"))
        return {}
    out: dict[str, tuple[str, ...]] = {}
    for name, words in raw.items():
        said = [words] if isinstance(words, str) else words
        if not isinstance(said, list) or not said or not all(isinstance(w, str) and w.strip() for w in said):
            script.problems.append(Problem(where, raw.line_of(name), scene_id,
                                           f"families: {shown(name)} must list the words its lines say"))
            continue
        out[str(name)] = tuple(str(w) for w in said)
    return out


def _read_entry(path: Path, scene_id: str, value: object, line: int, script: Script) -> Scene | None:
    where = str(path)
    comment = ""
    raw: object = value
    groups: object = None
    families: dict[str, tuple[str, ...]] = {}
    if isinstance(value, MarkedDict):
        unknown = set(value) - {"comment", "variants", "groups", "families"}
        if unknown and scene_id.startswith(WORD_PREFIXES) and "variants" not in value:
            return _read_forms(path, scene_id, value, line, script)
        if unknown:
            first = min(unknown, key=str)  # keys may be numbers too
            script.problems.append(Problem(where, value.line_of(first), scene_id,
                                           f"unknown key {shown(first)} (an entry has variants, groups, families "
                                           f"and comment)"))
            return None
        comment = str(value.get("comment") or "")
        if "families" in value:
            families = _read_families(where, scene_id, value["families"], value.line_of("families"), script)
        raw = value.get("variants", MarkedList())
        groups = value.get("groups")
        if "variants" not in value and groups is None:
            script.problems.append(Problem(where, line, scene_id, "has no variants: and no groups:"))
            return None
    variants = _read_variants(where, scene_id, raw, line, ALWAYS, script)
    if groups is not None:
        variants += _read_groups(where, scene_id, groups, value.line_of("groups") if isinstance(value, MarkedDict)
                                 else line, script)
    return Scene(scene_id, variants, where, line, comment, families=families)


def load_file(path: Path, lang: str, script: Script) -> None:
    try:
        doc = load_yaml(path)
    except YamlError as exc:
        column = f" at column {exc.column}" if exc.column else ""
        script.problems.append(Problem(exc.path, exc.line or 1, "-", f"YAML error{column}: {exc.reason}"))
        return
    if doc is None:
        return
    if not isinstance(doc, MarkedDict):
        script.problems.append(Problem(str(path), line_of(doc, 1), "-", "a script file maps scene ids to variants"))
        return
    for scene_id, value in doc.items():
        scene = _read_entry(path, str(scene_id), value, doc.line_of(scene_id), script)
        if scene is not None:
            script.scenes.setdefault(lang, {})[str(scene_id)] = scene


def load(*folders: Path) -> Script:
    """Load `folder/<lang>/*.yaml` for each folder in turn; a later folder's scenes replace earlier ones."""
    script = Script()
    for folder in folders:
        for lang in LANGUAGES:
            for path in sorted((folder / lang).glob("*.yaml")):
                load_file(path, lang, script)
    return script
