"""The house's shape: no import cycles between modules, and each layer of docs/architecture.md imports
only from the layers below it. Every import counts, those inside functions too (importing
late hides a cycle from Python, not from the next reader)."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"


def module_names() -> dict[str, Path]:
    names = {}
    for path in SRC.rglob("*.py"):
        parts = path.relative_to(SRC).with_suffix("").parts
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return names


def imports() -> dict[str, set[str]]:
    """Each dicelab module -> the dicelab modules it imports (a package's own submodules
    left out: a package re-exporting its parts is not a cycle)."""
    names = module_names()
    graph: dict[str, set[str]] = defaultdict(set)
    for name, path in names.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([base] if base else []))
                targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
            else:
                continue
            for target in targets:
                while target and target not in names:
                    target = target.rpartition(".")[0]
                if (
                    target.startswith("dicelab")
                    and target != name
                    and not target.startswith(name + ".")
                ):
                    if not (
                        target == "dicelab"
                        and any(f"dicelab.{a.name}" in names for a in getattr(node, "names", []))
                    ):
                        graph[name].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                other = stack.pop()
                group.append(other)
                if other == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


#: The lowest layers of docs/architecture.md, by module: what the rules engines may be built from.
FOUNDATION = {
    "dicelab",
    "dicelab.dice",
    "dicelab.errors",
    "dicelab.validation",
    "dicelab.actions",
    "dicelab.ruleset",
    "dicelab.players",
    "dicelab.lazy",
    "dicelab.registry",
    "dicelab.messages",
}
ENGINES = {
    "dicelab.setaside.combinations",
    "dicelab.setaside.house",
    "dicelab.setaside.turn",
    "dicelab.setaside.engine",
    "dicelab.fivethousand.rules",
    "dicelab.fivethousand.engine",
    "dicelab.thousand.rules",
    "dicelab.thousand.engine",
    "dicelab.yahtzee.rules",
    "dicelab.yahtzee.scoring",
    "dicelab.yahtzee.engine",
}
#: What no engine, policy, solver or simulator imports: the layers that show and serve games.
UPPER = (
    "dicelab.widgets",
    "dicelab.classroom",
    "dicelab.rl",
    "dicelab.cli",
    "dicelab.handout",
    "dicelab.plots",
    "dicelab.coach",
)


def test_no_module_imports_itself_through_others():
    assert cycles(imports()) == []


def test_the_rules_engines_are_built_from_the_dice_and_the_foundation_only():
    graph = imports()
    allowed = (
        FOUNDATION
        | ENGINES
        | {"dicelab.setaside", "dicelab.fivethousand", "dicelab.thousand", "dicelab.yahtzee"}
    )
    wrong = {name: sorted(graph[name] - allowed) for name in ENGINES if graph[name] - allowed}
    assert wrong == {}


def test_no_engine_policy_solver_or_simulator_imports_the_layers_above_it():
    below = (
        "dicelab.setaside",
        "dicelab.fivethousand",
        "dicelab.thousand",
        "dicelab.yahtzee",
        "dicelab.odds",
        "dicelab.simulate",
        "dicelab.dice",
        "dicelab.game",
        "dicelab.cache",
    )
    wrong = {
        name: sorted(t for t in targets if t.startswith(UPPER))
        for name, targets in imports().items()
        if name.startswith(below) and any(t.startswith(UPPER) for t in targets)
    }
    assert wrong == {}


def test_the_checker_sees_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
