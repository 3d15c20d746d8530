#!/usr/bin/env python3
"""Keeps the documentation's table of targets the same as Package.swift's graph.

The table stands between `<!-- targets:begin -->` and `<!-- targets:end -->` in docs/DESIGN.md ("The targets"; the
README keeps only a one-screen map of the layers): one row per target (tests apart), its folder and the package's
targets it depends on. `--write` rewrites it from `swift package dump-package`; without it the script only checks,
and exits 1 when the table differs, so the test command catches a graph that changed without its documentation.
"""
import json
import pathlib
import subprocess
import sys

root = pathlib.Path(__file__).resolve().parent.parent
package = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=root, check=True,
                                    capture_output=True, text=True).stdout)
kinds = {"regular": "library", "executable": "executable", "system": "C library"}
rows = ["| target | kind | folder | depends on |", "|---|---|---|---|"]
for target in package["targets"]:
    if target["type"] == "test":
        continue
    dependencies = []
    for dependency in target.get("dependencies", []):
        for key in ("byName", "target", "product"):
            if key in dependency:
                dependencies.append(dependency[key][0])
    folder = target.get("path") or f"Sources/{target['name']}"
    kind = kinds.get(target["type"], target["type"])
    if target["type"] == "regular" and any((root / folder).rglob("*.c")):
        kind = "C shim"
    elif target["type"] == "regular" and any((root / folder).rglob("*.cpp")):
        kind = "C++ shim"
    rows.append(f"| `{target['name']}` | {kind} | `{folder}` | "
                + (", ".join(f"`{name}`" for name in sorted(dependencies)) or "—") + " |")
table = "\n".join(rows)

document = "docs/DESIGN.md"
document_path = root / document
text = document_path.read_text(encoding="utf-8")
begin, end = "<!-- targets:begin -->", "<!-- targets:end -->"
if begin not in text or end not in text:
    sys.exit(f"readme-targets: {document} has no <!-- targets:begin --> … <!-- targets:end --> block")
head, rest = text.split(begin, 1)
current, tail = rest.split(end, 1)
wanted = "\n" + table + "\n"
if "--write" in sys.argv[1:]:
    document_path.write_text(head + begin + wanted + end + tail, encoding="utf-8")
elif current != wanted:
    print(f"readme-targets: the table of targets in {document} differs from Package.swift; "
          "run scripts/readme-targets.py --write", file=sys.stderr)
    sys.exit(1)
