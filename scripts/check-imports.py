#!/usr/bin/env python3
"""Checks that every import of one of the package's own modules is a direct dependency of the importing target.

SwiftPM lets a target import any module it reaches transitively (even with
--explicit-target-dependency-import-check), so an undeclared dependency goes unnoticed until the graph changes.
This reads the package's description (`swift package dump-package`) and every Swift file of every target, and
prints each import of a package module that the target does not list itself. Exit status 1 when there is one.
"""
import json
import pathlib
import re
import subprocess
import sys

root = pathlib.Path(__file__).resolve().parent.parent
package = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=root, check=True,
                                    capture_output=True, text=True).stdout)
targets = {target["name"]: target for target in package["targets"]}
# A product of this package names the module of its target(s); C modules are targets too.
importable = set(targets)

def declared(target):
    names = set()
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                names.add(dependency[kind][0])
    return names

def folder(target):
    if target.get("path"):
        return root / target["path"]
    return root / ("Tests" if target["type"] == "test" else "Sources") / target["name"]

import_line = re.compile(r"^\s*(?:@[\w(): ]+\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_]\w*)")
problems = []
for name, target in sorted(targets.items()):
    if target["type"] == "system":
        continue
    allowed = declared(target) | {name}
    for source in sorted(folder(target).rglob("*.swift")):
        for number, line in enumerate(source.read_text(encoding="utf-8", errors="replace").splitlines(), start=1):
            match = import_line.match(line)
            if match and match.group(1) in importable and match.group(1) not in allowed:
                problems.append(f"{source.relative_to(root)}:{number}: {name} imports {match.group(1)}, "
                                f"which Package.swift does not list among its dependencies")
for problem in problems:
    print(problem, file=sys.stderr)
if problems:
    sys.exit(1)
print(f"check-imports: every import of the package's own modules is declared ({len(targets)} targets)", file=sys.stderr)
