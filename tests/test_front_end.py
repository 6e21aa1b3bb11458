"""The widgets' front end held to the Python side's standard: its ES modules link, its pure
helpers pass their node unit tests (tests/js), tsc finds no error in its JSDoc types, and
each component's type of its part names exactly the fields the Python part sends."""

from __future__ import annotations

import importlib
import inspect
import os
import pkgutil
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import dicelab.widgets.components
from dicelab.widgets import module
from dicelab.widgets.view_part import Part

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "src" / "dicelab" / "widgets" / "static"
JS_TYPES = {
    str: "string",
    int: "number",
    float: "number",
    bool: "boolean",
    list: "any[]",
    dict: "object",
    type(None): "object | null",
}


def _node() -> str:
    """node, which the front end's checks need; a failure in CI (which installs it), and
    elsewhere a skip saying how to get it (dicelab itself runs without node)."""
    node = shutil.which("node")
    if node:
        return node
    if os.environ.get("CI"):
        pytest.fail("node is missing; .ci/run installs it")
    pytest.skip("node is not on this machine: the front end's checks need Node.js 20 or newer")


def test_the_pure_helpers_pass_their_node_unit_tests():
    done = subprocess.run(
        [_node(), "--test", "tests/js/"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert re.search(r"^# fail 0$", done.stdout, re.M)
    assert int(re.search(r"^# pass (\d+)$", done.stdout, re.M).group(1)) >= 8


def test_tsc_finds_no_error_in_the_components_types():
    _node()
    tsc = ROOT / "node_modules" / ".bin" / "tsc"
    if not tsc.exists():  # the pinned tsc of package-lock.json, from the npm registry
        installed = subprocess.run(
            ["npm", "ci", "--no-audit", "--no-fund"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert installed.returncode == 0, installed.stderr[-2000:]
    done = subprocess.run(
        [str(tsc), "-p", "."], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout[-3000:]


def parts() -> dict[str, type[Part]]:
    """Every part class of the package, by the component that draws it."""
    names = [
        f"dicelab.widgets.components.{info.name}"
        for info in pkgutil.iter_modules(dicelab.widgets.components.__path__)
    ] + ["dicelab.classroom.board", "dicelab.classroom.throws", "dicelab.classroom.tournament"]
    found = {}
    for name in names:
        for _, cls in inspect.getmembers(importlib.import_module(name), inspect.isclass):
            if issubclass(cls, Part) and cls.component and cls.__module__ == name:
                found[cls.component] = cls
    return found


def typedef(text: str) -> dict[str, str]:
    """The ``@property`` types of the component's ``…Part`` typedef."""
    block = re.search(r"@typedef \{object\} \w+Part\n(.*?)\*/", text, re.S)
    assert block, "the component declares no typedef of its part"
    return dict(
        (name, kind) for kind, name in re.findall(r"@property \{([^}]*)\} (\w+)", block.group(1))
    )


def registered() -> set[str]:
    return {
        match
        for path in STATIC.glob("*.js")
        for match in re.findall(r'^component\("(\w+)"', path.read_text(), re.M)
    }


def test_every_component_has_a_part_and_every_part_a_component():
    assert registered() == set(parts())


@pytest.mark.parametrize("component", sorted(parts()))
def test_a_components_type_of_its_part_is_the_python_parts_fields(component):
    cls = parts()[component]
    declared = typedef((STATIC / f"{component}.js").read_text())
    expected = {"component": "string"} | {
        name: JS_TYPES[type(default)] for name, default in cls.FIELDS.items()
    }
    assert declared == expected


def test_every_component_module_is_type_checked_and_imports_what_it_uses():
    for path in STATIC.glob("*.js"):
        text = path.read_text()
        assert text.startswith("// @ts-check\n"), path.name
        offered = set(module.exports_of((STATIC / "helpers.js").read_text()))
        imported = {n for source, pairs in module.imports_of(text) for n, _ in pairs}
        used = {n for n in offered if re.search(rf"\b{n}\(", text)} - set(module.exports_of(text))
        assert used <= imported, (path.name, used - imported)


@pytest.fixture
def static(tmp_path, monkeypatch):
    monkeypatch.setattr(module, "STATIC", tmp_path)
    return tmp_path


def test_linked_modules_see_only_what_they_import_and_run_in_dependency_order(static):
    (static / "a.js").write_text('export const A = "a";\nconst hidden = 1;\n')
    (static / "b.js").write_text(
        'import { A as first } from "./a.js";\nexport function b() { return first + "b"; }\n'
    )
    (static / "c.js").write_text('import { b } from "./b.js";\nexport default { value: b() };\n')
    linked = module.link(["c.js"])
    assert linked.index("// --- a.js") < linked.index("// --- b.js") < linked.index("// --- c.js")
    assert "const { A: first } = module_a;" in linked
    assert linked.count("export ") == 1 and linked.endswith("export default module_c.default;\n")
    node = shutil.which("node")
    if node:
        script = static / "run.mjs"
        script.write_text(
            linked.replace("export default", "const result =") + "console.log(result.value);\n"
        )
        done = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=60)
        assert done.stdout.strip() == "ab", done.stderr


def test_an_import_of_a_name_not_exported_is_refused_naming_both_files(static):
    (static / "a.js").write_text("const A = 1;\n")
    (static / "b.js").write_text('import { A } from "./a.js";\nexport default {};\n')
    with pytest.raises(
        module.ModuleError, match="b.js imports A from a.js, which does not export it"
    ):
        module.link(["b.js"])


def test_modules_importing_each_other_in_a_circle_are_refused(static):
    (static / "a.js").write_text('import { B } from "./b.js";\nexport const A = 1;\n')
    (static / "b.js").write_text('import { A } from "./a.js";\nexport const B = 2;\n')
    with pytest.raises(module.ModuleError, match="a.js -> b.js -> a.js"):
        module.link(["a.js"])


def test_a_missing_module_is_refused_naming_it(static):
    (static / "a.js").write_text('import { B } from "./gone.js";\nexport default {};\n')
    with pytest.raises(FileNotFoundError, match="gone.js"):
        module.link(["a.js"])
