#!/usr/bin/env python3
"""Keeps the translations' template, po/voicerecorder.pot, the list of every line the package shows.

Each line is written in the Swift source as `tr("…")` or `tr("…", "…", count: …)` (a plural), always with string
literals (the function takes a StaticString), in GtkBuilder files (`*.ui`) as `translatable="yes"`, and the
desktop file's Name, GenericName and Comment; a comment
`// Translators: …` on the lines just above a call is handed to the translators.

    scripts/update-translations.py            writes po/voicerecorder.pot and merges it into every po/<lang>.po
    scripts/update-translations.py --check    fails (naming what) when the template lacks a line or has one no
                                               longer written (where each is written may have moved), or a
                                               translation lacks a line, is fuzzy, or does not compile
"""
import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "po" / "voicerecorder.pot"
LINGUAS = ROOT / "po" / "LINGUAS"

LITERAL = r'"((?:[^"\\\n]|\\.)*)"'
CALL = re.compile(r"\btr\(\s*" + LITERAL + r"(?:\s*,\s*" + LITERAL + r"\s*,\s*count:)?", re.S)
TRANSLATORS = re.compile(r"//\s*Translators:\s*(.*)$")

HEADER = """# The lines VoiceRecorder shows and speaks: the hold-to-record control, Voice Memos, the desktop search.
# Kept by scripts/update-translations.py; do not edit by hand.
#
#, fuzzy
msgid ""
msgstr ""
"Project-Id-Version: voicerecorder\\n"
"Report-Msgid-Bugs-To: \\n"
"Language: \\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"
"""


def swift_to_text(literal):
    """A Swift string literal's body as the text it stands for."""
    def escape(match):
        code = match.group(1)
        if code.startswith("u{"):
            return chr(int(code[2:-1], 16))
        return {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "'": "'", "0": "\0"}[code]
    if "\\(" in literal:
        raise ValueError("an interpolated literal can't be translated: " + literal)
    return re.sub(r"\\(u\{[0-9a-fA-F]+\}|.)", escape, literal)


def po_string(text):
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{escaped}"'


def tracked(pattern):
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", pattern],
                            cwd=ROOT, capture_output=True, check=True).stdout.decode()
    return sorted(path for path in listed.split("\0") if path)


def collect():
    """msgid (singular, plural or None) -> {"where": [file:line], "notes": [translator comments]}, in first-seen order."""
    entries = {}

    def add(key, where, note=None):
        entry = entries.setdefault(key, {"where": [], "notes": []})
        entry["where"].append(where)
        if note and note not in entry["notes"]:
            entry["notes"].append(note)

    for path in tracked("Sources/*.swift"):
        source = (ROOT / path).read_text(encoding="utf-8")
        lines = source.split("\n")
        for match in CALL.finditer(source):
            line = source.count("\n", 0, match.start()) + 1
            if lines[line - 1].strip().startswith("//"):
                continue  # a doc comment showing how a call looks
            note_lines = []
            above = line - 2
            while above >= 0 and TRANSLATORS.search(lines[above]) is None and lines[above].strip().startswith("//"):
                above -= 1
            if above >= 0 and TRANSLATORS.search(lines[above]):
                note_lines.append(TRANSLATORS.search(lines[above]).group(1).strip())
                for following in lines[above + 1:line - 1]:
                    if following.strip().startswith("//"):
                        note_lines.append(following.strip()[2:].strip())
            singular = swift_to_text(match.group(1))
            plural = swift_to_text(match.group(2)) if match.group(2) is not None else None
            add((singular, plural), f"{path}:{line}", " ".join(note_lines) or None)
    # The desktop file's words (its name in the app grid, what it is): msgfmt --desktop writes the translations in.
    for path in tracked("data/*.desktop"):
        for number, line in enumerate((ROOT / path).read_text(encoding="utf-8").split("\n"), start=1):
            key, _, value = line.partition("=")
            if key in ("Name", "GenericName", "Comment") and value:
                add((value, None), f"{path}:{number}")
    for path in tracked("Sources/*.ui"):
        tree = ElementTree.parse(ROOT / path)
        for element in tree.iter():
            if element.get("translatable") == "yes" and element.text:
                add((element.text, None), path, element.get("comments"))
    return entries


def template():
    parts = [HEADER]
    for (singular, plural), entry in collect().items():
        block = ""
        for note in entry["notes"]:
            block += f"#. Translators: {note}\n"
        block += "#: " + " ".join(entry["where"]) + "\n"
        if "{" in singular:
            block += "#, no-c-format\n"
        block += f"msgid {po_string(singular)}\n"
        if plural is None:
            block += 'msgstr ""\n'
        else:
            block += f"msgid_plural {po_string(plural)}\n" + 'msgstr[0] ""\nmsgstr[1] ""\n'
        parts.append(block)
    return "\n".join(parts)


def languages():
    return [line.strip() for line in LINGUAS.read_text().splitlines() if line.strip() and not line.startswith("#")]


def check(text):
    problems = []
    # Where each line is written (`#:`) moves with every edit around it; what the lines are is what must be current.
    def lines(template):
        return [line for line in template.split("\n") if not line.startswith("#:")]
    if not TEMPLATE.exists() or lines(TEMPLATE.read_text(encoding="utf-8")) != lines(text):
        problems.append("po/voicerecorder.pot is not current: run scripts/update-translations.py")
    for language in languages():
        po = ROOT / "po" / f"{language}.po"
        if not po.exists():
            problems.append(f"po/{language}.po is missing")
            continue
        compiled = subprocess.run(["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(po)],
                                  capture_output=True, text=True)
        statistics = compiled.stderr.strip()
        if compiled.returncode != 0:
            problems.append(f"po/{language}.po does not compile: {statistics}")
        elif "fuzzy" in statistics or "untranslated" in statistics:
            problems.append(f"po/{language}.po is not complete: {statistics}")
        missing = subprocess.run(["msgcmp", "--use-untranslated", str(po), str(TEMPLATE)],
                                 capture_output=True, text=True)
        if missing.returncode != 0:
            problems.append(f"po/{language}.po lacks lines of the template: {missing.stderr.strip()[:500]}")
    return problems


def main():
    text = template()
    if "--check" in sys.argv[1:]:
        problems = check(text)
        for problem in problems:
            print("update-translations: " + problem, file=sys.stderr)
        sys.exit(1 if problems else 0)
    TEMPLATE.write_text(text, encoding="utf-8")
    for language in languages():
        po = ROOT / "po" / f"{language}.po"
        if po.exists():
            subprocess.run(["msgmerge", "--quiet", "--update", "--backup=none", "--no-fuzzy-matching", str(po),
                            str(TEMPLATE)], check=True)
    print(f"update-translations: {len(collect())} lines in po/voicerecorder.pot")


if __name__ == "__main__":
    main()
