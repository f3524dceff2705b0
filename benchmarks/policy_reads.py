"""How often the code outside ``adjudicator/laws/`` reads a field of the laws policy
(``LawsPolicy``: its switches, ids and questions), counted on the syntax tree: an attribute
``X.laws.F`` or ``laws.F`` where F is a field or property of ``LawsPolicy`` (``X.laws`` may
also be a battle's laws object: its hooks are not policy fields, so they are not counted).

    python benchmarks/policy_reads.py [--by-file]

prints the count in the engine (``adjudicator/`` less ``laws/``) and in the rest of the
project's packages (simulator, conformance, service, cli, batch, corpus scripts)."""

from __future__ import annotations

import ast
import dataclasses
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pinochle.adjudicator.laws.policy import LawsPolicy  # noqa: E402

FIELDS = {f.name for f in dataclasses.fields(LawsPolicy)} | {
    name for name, value in vars(LawsPolicy).items() if isinstance(value, property)}


def reads(source: str) -> int:
    count = 0
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in FIELDS:
            owner = node.value
            if ((isinstance(owner, ast.Attribute) and owner.attr == "laws")
                    or (isinstance(owner, ast.Name) and owner.id in ("laws", "policy"))):
                count += 1
    return count


def main() -> None:
    engine: Counter[str] = Counter()
    rest: Counter[str] = Counter()
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT)
        top = rel.parts[0]
        if top in (".venv", "tests", "benchmarks", "pinochle") or "laws" in rel.parts[:2]:
            continue
        n = reads(path.read_text(encoding="utf-8"))
        if n:
            (engine if top == "adjudicator" else rest)[str(rel)] = n
    print(f"engine (adjudicator/ less laws/): {sum(engine.values())} reads in {len(engine)} "
          f"modules; rest of the project: {sum(rest.values())} in {len(rest)}")
    if "--by-file" in sys.argv:
        for name, n in sorted((engine + rest).items()):
            print(f"  {n:3} {name}")


if __name__ == "__main__":
    main()
