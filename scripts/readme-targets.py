#!/usr/bin/env python3
"""Keeps the README's table of targets the same as Package.swift's graph.

The table stands between `<!-- targets:begin -->` and `<!-- targets:end -->` in README.md: one row per target
(tests apart), its folder and the package's targets it depends on. `--write` rewrites it from
`swift package dump-package`; without it the script only checks, and exits 1 when the README differs, so the
test command catches a graph that changed without its documentation.
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
    rows.append(f"| `{target['name']}` | {kind} | `{folder}` | "
                + (", ".join(f"`{name}`" for name in sorted(dependencies)) or "—") + " |")
table = "\n".join(rows)

readme_path = root / "README.md"
readme = readme_path.read_text(encoding="utf-8")
begin, end = "<!-- targets:begin -->", "<!-- targets:end -->"
if begin not in readme or end not in readme:
    sys.exit("readme-targets: README.md has no <!-- targets:begin --> … <!-- targets:end --> block")
head, rest = readme.split(begin, 1)
current, tail = rest.split(end, 1)
wanted = "\n" + table + "\n"
if "--write" in sys.argv[1:]:
    readme_path.write_text(head + begin + wanted + end + tail, encoding="utf-8")
elif current != wanted:
    print("readme-targets: the README's table of targets differs from Package.swift; "
          "run scripts/readme-targets.py --write", file=sys.stderr)
    sys.exit(1)
