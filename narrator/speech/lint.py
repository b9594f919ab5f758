"""`wolfcall scripts lint`: every problem in the spoken lines, one line each: `file:line: scene: what`."""

from __future__ import annotations

import contextlib
import functools
import hashlib
import re
import string
from collections.abc import Sequence
from gettext import gettext
from pathlib import Path

from engine import __file__ as _engine_file
from engine.roles import FOLDERS, ROLES
from narrator.paths import cache_dir
from narrator.speech.cardforms import CARD_AFTER_FORM, CARD_FORM
from narrator.speech.lines import Cards, Lines, RoleName, Seat, Seats, best_fitting
from narrator.speech.moment import FACTS, contexts
from narrator.speech.moment import shown as shown_when
from narrator.speech.picker import Picker
from narrator.speech.renderings import renderings
from narrator.speech.scenes import LANGUAGES, ONCE, WORD, SceneSpec, catalogue
from narrator.speech.script import SHIPPED, Problem, Scene, Script, load, relative
from narrator.speech.wording import (
    AGAIN_FORMS,
    GENDERS,
    MAX_ORDINAL,
    ORDINAL_FORMS,
    PERSON,
    ROLE_FORMS,
    agrees,
    selector,
)

MAX_WORDS = 30
_FORMATTER = string.Formatter()


def placeholders(text: str) -> set[str]:
    """The {names} a variant uses (not its `{f|m}` choices); ValueError on unbalanced braces."""
    return {name for _, name, _, _ in _FORMATTER.parse(text) if name is not None and selector(name) is None}


def _as_role(names: set[str]) -> set[str]:
    """{card} says the same card as {role} (as the card, not as what its player was): it stands for it."""
    return {"role" if n == "card" else n for n in names}


def _choices(text: str) -> list[str]:
    try:
        return [name for _, name, _, _ in _FORMATTER.parse(text) if name is not None and selector(name) is not None]
    except ValueError:
        return []


def _normal(text: str) -> str:
    return re.sub(r"\W+", " ", text.casefold()).strip()


def _words(text: str) -> int:
    return len(re.findall(r"[\w{}'’-]+", text))


def lint_scene(lang: str, scene: Scene, spec: SceneSpec | None) -> list[Problem]:
    out: list[Problem] = []

    def say(line: int, message: str) -> None:
        out.append(Problem(scene.file, line, scene.id, message))

    if spec and len(scene.variants) < spec.minimum:
        say(scene.line, f"{len(scene.variants)} variants in {lang}; at least {spec.minimum} are needed")
    seen: dict[str, int] = {}
    for v in scene.variants:
        if not v.text.strip():
            say(v.line, "an empty variant")
            continue
        try:
            used = placeholders(v.text)
        except ValueError as exc:
            say(v.line, f"broken braces ({exc})")
            continue
        if spec:
            for name in sorted(used - spec.allowed):
                allowed = ", ".join(f"{{{p}}}" for p in sorted(spec.allowed)) or "none"
                say(v.line, f"unknown placeholder {{{name}}} (this scene takes: {allowed})")
            for name in sorted(spec.required - _as_role(used)):
                say(v.line, f"missing placeholder {{{name}}}")
        for choice in _choices(v.text):
            if "player" not in used:
                say(v.line, f"{{{choice}}}: a choice of words for a woman|a man agrees with {{player}}, which this "
                            f"variant does not name")
            elif choice.count("|") != 1:
                say(v.line, f"{{{choice}}}: a choice has two sides, the words for a woman and for a man "
                            f"({{elegida|elegido}})")
        words = _words(v.text)
        if words > MAX_WORDS:
            say(v.line, f"{words} words, too long to say in one breath (at most {MAX_WORDS})")
        key = _normal(v.text)
        if key in seen:
            say(v.line, f"duplicate of the variant on line {seen[key]}")
        else:
            seen[key] = v.line
    for family, phrases in scene.families.items():  # a family's words no line says: a slip that keeps nothing apart
        for phrase in phrases:
            if not any(phrase in v.text for v in scene.variants):
                say(scene.line, f"families: {family}: no variant says {phrase!r}")
    return out


def lint_moments(lang: str, scene: Scene, spec: SceneSpec | None) -> list[Problem]:
    """Every moment the scene is said in offers enough variants that fit it (Contract 2): the recurring ones 20,
    one that comes at most once a game 8; and no group is written for a moment that never comes."""
    if spec is None or spec.minimum <= WORD:
        return []
    out: list[Problem] = []
    domains = spec.domains()
    keys: set[str] = set()
    for v in scene.variants:
        for name, values in v.when:
            domain = domains.get(name, FACTS[name])
            if not values & set(domain):
                never = f"{scene.id} is never said with a {name}" if not domain else \
                    f"{scene.id} is said only with {name}: {'/'.join(domain)}"
                out.append(Problem(scene.file, v.line, scene.id, f"when {shown_when(v.when)} never comes: {never}"))
            keys.add(name)
    if "player" in spec.allowed and any(agrees(v.text, lang) for v in scene.variants):
        keys.add("gender")
    keys = {k for k in keys if domains.get(k, FACTS[k])}
    reported: set[str] = set()
    for moment in contexts(keys, domains):
        facts = {k: str(moment.fact(k)) for k in keys}
        pool = best_fitting(scene.variants, moment, lang)
        need = ONCE if spec.once_a_game(facts) else spec.minimum
        if len(pool) >= need:
            continue
        where = ", ".join(f"{k}: {v}" for k, v in sorted(facts.items())) or "any moment"
        message = f"{len(pool)} variants in {lang} fit {where}; at least {need} are needed"
        if message not in reported:
            reported.add(message)
            out.append(Problem(scene.file, scene.line, scene.id, message))
    return out


# articles that never stand side by side ("the the", "der der", "el el"; "the a seer" where a line
# put an article before a role that brings its own)
ARTICLES = {
    "en": ("the", "a", "an"),
    "de": ("der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "eines"),
    "es": ("el", "la", "los", "las", "un", "una", "unos", "unas"),
}
_DOUBLED = {lang: re.compile(r"\b(" + "|".join(arts) + r")\s+\1\b", re.IGNORECASE) for lang, arts in ARTICLES.items()}
_UNCONTRACTED = {"es": re.compile(r"\b(a|de)\s+el\b", re.IGNORECASE)}
_LAST_WORD = re.compile(r"(\w+)\s+$")
_FIRST_WORD = re.compile(r"^\s*(\w+)")
NIGHT_WORD = {"en": ("night", "the {night} night"), "de": ("nacht", "die {night} Nacht")}  # {night}: an ordinal
# adjective, before the word for night; in Spanish it brings the word itself, as a Madrid table says a late night
# ("la primera noche", but "la noche número trece", never "la decimotercera noche")
NIGHT_SAID_WITH = {"es": ("noche", "la {night}")}
_SAID_WITH = {"role", "roles", "player", "players", "night", "minutes", "number"}  # what the lint fills in
# the case a German preposition asks of the role after it ("mit {roles}" says "mit zwei Werwölfe": a slip);
# an, auf, in ... take either, by meaning, but never the nominative
PREPOSITIONS = {"de": {**dict.fromkeys(("aus", "bei", "gegenüber", "mit", "nach", "samt", "seit", "von", "zu"), "dat"),
                       **dict.fromkeys(("durch", "für", "gegen", "ohne", "um"), "acc"),
                       **dict.fromkeys(("an", "auf", "hinter", "in", "neben", "über", "unter", "vor", "zwischen"), "")}}
_CASE_OF_FORM = {"": "nom", "a": "nom", "the": "nom", "plural": "nom", "acc": "acc", "the_acc": "acc",
                 "dat": "dat", "the_dat": "dat"}


def _case_slip(lang: str, before: str, field: str, spec: str) -> str | None:
    """What is wrong with a role said in this case after the word `before`, if anything."""
    wants = PREPOSITIONS.get(lang, {}).get(before.casefold())
    said = _CASE_OF_FORM.get(spec)
    if wants is None or field not in ("role", "roles") or said is None or said == wants:
        return None
    if said != "nom" and not wants:  # an, auf, in ...: the dative or the accusative, as the sentence means
        return None
    slot = f"{{{field}{':' + spec if spec else ''}}}"
    if said == "nom":
        return (f"\"{before} {slot}\": a preposition takes a case, not the nominative "
                f"(say {{role:{wants or 'dat'}}}, or put the list after a colon)")
    return f"\"{before} {slot}\": \"{before}\" takes the {'dative' if wants == 'dat' else 'accusative'}"


def _spec_problem(lines: Lines, field: str, spec: str, conversion: str | None) -> str | None:
    if conversion is not None:
        return f"{{{field}!{conversion}}}: a placeholder takes no !{conversion}"
    if field not in _SAID_WITH or lines.words.form_of(field, spec) is not None:
        return None
    if field in ("role", "night"):
        forms = ROLE_FORMS if field == "role" else ORDINAL_FORMS
        specs = [f for f in forms.get(lines.lang, ()) if f not in ("a", "nom", "plural", "gender")]
        known = ", ".join([f"{{{field}}}", *(f"{{{field}:{f}}}" for f in specs)])
        return f"{{{field}:{spec}}}: {lines.lang} has no such form of {{{field}}} (it says {known})"
    return f"{{{field}:{spec}}}: {{{field}}} takes no form spec"


def _example(field: str, role: str) -> object:
    return {"role": RoleName(role), "roles": Cards((role,)), "cards": (RoleName(role), RoleName("seer", 1, "f")),
            "player": Seat(3), "players": Seats((1, 2)),
            "night": 1, "minutes": 5, "number": 2}.get(field, "")


def lint_grammar(script: Script, lang: str, scene: Scene, roles: Sequence[str]) -> list[Problem]:
    """Render every variant with every role, a seat word and a name; report what the grammar gets wrong."""
    out: list[Problem] = []
    lines = Lines(script, lang, Picker(0))
    articles = set(ARTICLES.get(lang, ()))
    doubled, uncontracted = _DOUBLED.get(lang), _UNCONTRACTED.get(lang)
    for v in scene.variants:
        found: dict[str, None] = {}  # messages in order, each once
        spec_wrong = False
        try:
            parsed = list(string.Formatter().parse(v.text))
        except ValueError:
            continue  # broken braces: lint_scene says so
        for i, (chunk, field, spec, conversion) in enumerate(parsed):
            if field is None:
                continue
            noun = NIGHT_WORD.get(lang)
            after = parsed[i + 1][0] if i + 1 < len(parsed) else ""
            if field == "night" and noun and not after.lstrip().casefold().startswith(noun[0]):
                found[f"{{night}} says \"{lines.words.ordinal(1)}\", an ordinal: write it before the word for night "
                      f"(\"{noun[1]}\")"] = None
            own = NIGHT_SAID_WITH.get(lang)
            if field == "night" and own and after.lstrip().casefold().startswith(own[0]):
                found[f"{{night}} says \"{lines.words.ordinal(1)}\", the word for night with it: "
                      f"write \"{own[1]}\""] = None
            problem = _spec_problem(lines, field, spec or "", conversion)
            if problem:
                found[problem] = None
                spec_wrong = True
                continue
            before = _LAST_WORD.search(chunk)
            if before and (slip := _case_slip(lang, before.group(1), field, spec or "")):
                found[slip] = None
            if before is None or before.group(1).casefold() not in articles or field not in _SAID_WITH:
                continue
            for role in roles if field in ("role", "roles") else roles[:1]:  # an article before a word with its own
                said = lines.value(field, spec or "", _example(field, role))
                first = _FIRST_WORD.search(said)
                if first and first.group(1).casefold() in articles:
                    found[f"\"{before.group(1)} {{{field}}}\" says \"{before.group(1)} {said}\": "
                          f"the word brings its own article"] = None
                    break
        if "{" in v.text and not spec_wrong:
            kinds: dict[str, str] = {}  # each kind of slip once, with the first line that shows it
            for text, _ in renderings(script, lang, v.text, roles):
                if "{" in text or "}" in text:
                    kinds.setdefault("brace", f"renders with a brace left: \"{text}\"")
                if uncontracted and (m := uncontracted.search(text)):
                    kinds.setdefault("contraction", f"\"{m.group(0)}\" left in \"{text}\" (say al/del)")
                if doubled and (m := doubled.search(text)):
                    kinds.setdefault("doubled", f"doubled article \"{m.group(0)}\" in \"{text}\"")
                if len(kinds) == 3:
                    break
            found.update(dict.fromkeys(kinds.values()))
        elif doubled and (m := doubled.search(v.text)):
            found[f"doubled article \"{m.group(0)}\""] = None
        out += [Problem(scene.file, v.line, scene.id, message) for message in found]
    return out


def lint_words(script: Script, roles: Sequence[str]) -> list[Problem]:
    """Every role has every form its language's lines may ask for, and every night its ordinal."""
    out: list[Problem] = []
    for lang in LANGUAGES:
        words = script.scenes.get(lang, {})
        anywhere = next((s.file for s in words.values() if Path(s.file).name == "words.yaml"), str(SHIPPED / lang))
        wanted = ROLE_FORMS.get(lang, ())
        for role in roles:
            scene = words.get(f"roles.{role}")
            if scene is None:
                out.append(Problem(anywhere, 1, f"roles.{role}", f"missing in {lang}: how {lang} says this role"))
                continue
            have = set(scene.forms) or {"a"}
            for form in wanted:
                if form not in have:
                    out.append(Problem(scene.file, scene.line, scene.id, f"no form {form} in {lang} "
                                       f"(a {lang} role has {', '.join(wanted)})"))
            for form in sorted(have - set(wanted) - _person_forms(lang, (*wanted, *AGAIN_FORMS))
                               - {CARD_FORM, CARD_AFTER_FORM} - set(AGAIN_FORMS)):
                out.append(Problem(scene.file, scene.forms[form].line, scene.id,
                                   f"unknown form {form} (a {lang} role has {', '.join(wanted)}, and as what a "
                                   f"woman or a man was, a.f, a.m, the.f, ...)"))
            gender = scene.forms.get("gender")
            if gender is not None and gender.text not in GENDERS.get(lang, ()):
                out.append(Problem(scene.file, gender.line, scene.id,
                                   f"gender {gender.text!r}: {lang} has {', '.join(GENDERS.get(lang, ())) or 'none'}"))
        wanted = ORDINAL_FORMS.get(lang, ("nom",))
        for n in range(1, MAX_ORDINAL + 1):
            scene = words.get(f"ordinals.{n}")
            if scene is None:
                out.append(Problem(anywhere, 1, f"ordinals.{n}", f"missing in {lang}: how {lang} says night {n}"))
                continue
            have = set(scene.forms) or {"nom"}
            out += [Problem(scene.file, scene.line, scene.id, f"no form {form} in {lang} "
                            f"(it needs {', '.join(wanted)})")
                    for form in wanted if form not in have]
            out += [Problem(scene.file, scene.forms[form].line, scene.id, f"unknown form {form} (an {lang} ordinal "
                            f"has {', '.join(wanted)})") for form in sorted(have - set(wanted))]
    return out


def _person_forms(lang: str, wanted: Sequence[str]) -> set[str]:
    """The forms a role word may have as what a woman or a man was: "a.f" ("una aldeana"), "the.m" ("der Seher"); in
    a language whose words do not agree, a group card's person ("one of the sisters", its card otherwise)."""
    return {f"{form}.{person}" for form in wanted if form not in ("plural", "gender") for person in PERSON}


MOST_SHARING = 2  # a wake or sleep line may be said word for word by at most this many roles


def _role_words(script: Script, lang: str) -> re.Pattern[str]:
    """Every way `lang` names a role, with and without its article, longest first."""
    names: set[str] = set()
    for scene_id, scene in script.scenes.get(lang, {}).items():
        if scene_id.startswith("roles."):
            for form, said in scene.forms.items():
                if form != "gender" and said.text.strip():
                    names |= {said.text.strip(), said.text.strip().split(" ", 1)[-1]}
    ordered = sorted((re.escape(n) for n in names), key=len, reverse=True)
    return re.compile(r"\b(" + "|".join(ordered) + r")\b", re.IGNORECASE) if ordered else re.compile(r"(?!)")


def lint_calls(script: Script) -> list[Problem]:
    """No wake or sleep line is the same, word for word but for the role's name, for more than two roles:
    a night where every role is sent to sleep with one template repeats itself."""
    out: list[Problem] = []
    for lang in LANGUAGES:
        role_words = _role_words(script, lang)
        said_by: dict[tuple[str, str], list[tuple[str, Scene, int]]] = {}
        for scene_id, scene in sorted(script.scenes.get(lang, {}).items()):
            parts = scene_id.split(".")
            if len(parts) != 3 or parts[0] != "night" or parts[2] not in ("wake", "sleep"):
                continue
            for v in scene.variants:
                key = (parts[2], _normal(role_words.sub("ROLE", v.text)))
                said_by.setdefault(key, []).append((parts[1], scene, v.line))
        for (_, text), where in said_by.items():
            steps = sorted({step for step, _, _ in where})
            if len(steps) > MOST_SHARING:
                for _, scene, line in where:
                    out.append(Problem(scene.file, line, scene.id, f"the same line but for the role's name in "
                                       f"{len(steps)} roles ({', '.join(steps)}): \"{text}\"; give each role "
                                       f"its own (at most {MOST_SHARING} may share one)"))
    return out


def _missing(script: Script, scene_id: str, lang: str) -> Problem:
    others = [(o, script.scenes[o][scene_id]) for o in LANGUAGES if scene_id in script.scenes.get(o, {})]
    if others:
        other_lang, ref = others[0]
        file = str(Path(ref.file).parent.parent / lang / Path(ref.file).name)
        return Problem(file, 1, scene_id, f"missing in {lang} ({other_lang} has it at {relative(ref.file)}:{ref.line})")
    return Problem(str(SHIPPED / lang), 1, scene_id, f"missing in {lang}")


def _cross_language(script: Script, scene_id: str) -> list[Problem]:
    """Placeholders must match across languages: a line that names the player in one language must in all."""
    used: dict[str, set[str]] = {}
    for lang in LANGUAGES:
        scene = script.scenes.get(lang, {}).get(scene_id)
        if scene is None:
            continue
        names: set[str] = set()
        for v in scene.variants:
            with contextlib.suppress(ValueError):
                names |= _as_role(placeholders(v.text))
        used[lang] = names
    out = []
    reference = next(iter(used.values()), set())
    for lang, names in used.items():
        if names != reference:
            scene = script.scenes[lang][scene_id]
            first = next(iter(used))
            extra = ", ".join(f"{{{n}}}" for n in sorted(names - reference))
            lacking = ", ".join(f"{{{n}}}" for n in sorted(reference - names))
            detail = "; ".join(p for p in (extra and f"uses {extra}", lacking and f"never uses {lacking}") if p)
            out.append(Problem(scene.file, scene.line, scene_id, f"{detail} unlike {first}"))
    return out


def lint(script: Script, *, complete: bool = True) -> list[Problem]:
    """All problems; `complete` also asks every catalogue scene to exist in every language."""
    specs = catalogue()
    roles = sorted(ROLES)
    problems = list(script.problems)
    every_id = set().union(*(set(s) for s in script.scenes.values()))
    if complete:
        every_id |= set(specs)
    for scene_id in sorted(every_id):
        for lang in LANGUAGES:
            scene = script.scenes.get(lang, {}).get(scene_id)
            if scene is None:
                problems.append(_missing(script, scene_id, lang))
            else:
                problems += lint_scene(lang, scene, specs.get(scene_id))
                problems += lint_moments(lang, scene, specs.get(scene_id))
                problems += lint_grammar(script, lang, scene, roles)
        problems += _cross_language(script, scene_id)
    if complete:
        problems += lint_words(script, roles)
    problems += lint_calls(script)
    return sorted(problems, key=lambda p: (p.file, p.line, p.scene, p.message))


def shipped() -> list[Path]:
    """The scripts the game comes with: the shipped folder, then each extra role folder's `scripts/`."""
    return [SHIPPED, *(folder / "scripts" for folder in FOLDERS if (folder / "scripts").is_dir())]


def lint_paths(paths: list[Path]) -> list[Problem]:
    """Lint the shipped scripts with `paths` laid over them; report what lies under `paths`.

    A path may be a scripts folder (with en/, de/, es/), one language's folder, or one file.
    """
    if not paths:
        return lint(load(*shipped()))
    roots = []
    for p in paths:
        p = p.resolve()
        if not p.exists():
            return [Problem(str(p), 1, "-", "no such file or folder")]
        if p.is_file():
            roots.append(p.parent.parent)
        elif p.name in LANGUAGES:
            roots.append(p.parent)
        else:
            roots.append(p)
    base = shipped()
    extra = [r for r in dict.fromkeys(roots) if r not in base]
    problems = lint(load(*base, *extra))
    wanted = [str(p.resolve()) for p in paths]
    return [pr for pr in problems if any(str(Path(pr.file).resolve()).startswith(w) for w in wanted)]


class ScriptError(Exception):
    """A broken script: the game refuses to start and shows these lint lines."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        lines = [p.relative() for p in problems[:20]]
        if len(problems) > 20:
            lines.append(f"... and {len(problems) - 20} more")
        super().__init__(gettext("the script has problems:") + "\n" + "\n".join(lines))


def load_checked(user: Path | None = None) -> Script:
    """The shipped scripts with the user's folder laid over them, refused if the lint finds anything."""
    folders = shipped() + ([user] if user else [])
    if user is not None and not user.is_dir():
        raise ScriptError([Problem(str(user), 1, "-", gettext("the scripts folder does not exist"))])
    script = load(*folders)
    key = _fingerprint(folders)
    known = _CACHE / key if user is None else None  # the shipped scripts' verdict is kept across runs too
    if key in _CLEAN or (known is not None and known.exists()):  # linted clean before: it would say the same
        return script
    problems = lint(script)
    if problems:
        raise ScriptError(problems)
    _CLEAN.add(key)
    if known is not None:
        with contextlib.suppress(OSError):  # only a cache: a read-only home lints each time
            known.parent.mkdir(parents=True, exist_ok=True)
            known.touch()
    return script


_CLEAN: set[str] = set()  # fingerprints of script sets the lint found nothing in (lint takes seconds)
_CACHE = cache_dir() / "lint-clean"
_CODE = [Path(__file__).resolve().parents[1], Path(_engine_file).resolve().parent, *FOLDERS]  # and the extra roles


@functools.cache
def _code_digest() -> str:
    """The lint's own code and what it checks against (roles, the catalogue, the grammar): every .py file of
    narrator/, engine/ and the extra role folders."""
    digest = hashlib.sha256()
    for path in sorted(p for root in _CODE for p in root.rglob("*.py")):
        digest.update(f"\0{path}\0".encode() + path.read_bytes())
    return digest.hexdigest()


def _fingerprint(folders: list[Path]) -> str:
    """What the lint's verdict depends on: every file `load` reads (name and bytes, in order), the roles and the
    catalogue. Any edit to a script, an added file or role gives another fingerprint, so it is linted again."""
    specs = sorted((s.id, s.minimum, sorted(s.required), sorted(s.optional)) for s in catalogue().values())
    digest = hashlib.sha256(repr((_code_digest(), sorted(ROLES), specs)).encode())  # the same in every process
    for folder in folders:
        for lang in LANGUAGES:
            for path in sorted((folder / lang).glob("*.yaml")):
                digest.update(f"\0{path.resolve()}\0".encode())
                with contextlib.suppress(OSError):
                    digest.update(path.read_bytes())
    return digest.hexdigest()
