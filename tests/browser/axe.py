"""axe-core (the script axe-playwright-python ships) on a part of a JupyterLab page."""

from __future__ import annotations

from functools import cache

# axe-core counts text inside JupyterLab's shell, whose boxes hide their overflow, as hidden,
# and then checks the contrast of no text at all; showing the shell's overflow changes no
# colour and lets it check every text.
SHOW_THE_SHELL = "html, body, .jp-LabShell, .jp-ThemedContainer { overflow: visible !important; }"
OPTIONS = {
    "resultTypes": ["violations"],
    "rules": {"label-content-name-mismatch": {"enabled": True}},
}


@cache
def axe_script() -> str:
    """axe-core's source, as axe-playwright-python ships it."""
    from axe_playwright_python.sync_playwright import Axe

    return Axe().axe_script


# axe-core run with the shell shown, which is hidden again afterwards (the page goes on,
# in this test and, kept loaded, in the next).
RUN = """async ([context, options, shown]) => {
    const style = document.createElement("style");
    style.textContent = shown;
    document.head.append(style);
    try {
        return await axe.run(context, options);
    } finally {
        style.remove();
    }
}"""


def prepare(page) -> None:
    """Put axe-core into the page, once per page load (a test that checks thirty states of
    one page parses axe-core's half a megabyte of script once, not thirty times)."""
    if page.evaluate("typeof window.axe === 'undefined'"):
        page.evaluate(axe_script())


def violations(page, context: str | dict) -> list:
    """axe-core's violations of any impact inside ``context`` (a CSS selector, or an
    axe-core context such as ``{"include": [[selector], ...]}``), the
    experimental label-in-name rule included, each as a line naming where it is. Fails if
    axe-core checked nothing there."""
    prepare(page)
    results = page.evaluate(RUN, [context, OPTIONS, SHOW_THE_SHELL])
    assert results["passes"], f"axe-core checked nothing in {context}"
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at "
        + "; ".join(
            node["target"][0] + " " + node.get("failureSummary", "").replace("\n", " ")
            for node in v["nodes"][:4]
        )
        for v in results["violations"]
    ]
