"""axe-core (through axe-playwright-python) on a part of a JupyterLab page."""

from __future__ import annotations

# axe-core counts text inside JupyterLab's shell, whose boxes hide their overflow, as hidden,
# and then checks the contrast of no text at all; showing the shell's overflow changes no
# colour and lets it check every text.
SHOW_THE_SHELL = "html, body, .jp-LabShell, .jp-ThemedContainer { overflow: visible !important; }"


def violations(page, context: str) -> list:
    """axe-core's violations of any impact inside the CSS selector ``context``, the
    experimental label-in-name rule included, each as a line naming where it is. Fails if
    axe-core checked nothing there."""
    from axe_playwright_python.sync_playwright import Axe

    page.add_style_tag(content=SHOW_THE_SHELL)
    options = {
        "resultTypes": ["violations"],
        "rules": {"label-content-name-mismatch": {"enabled": True}},
    }
    results = Axe().run(page, context=context, options=options)
    assert results.response["passes"], f"axe-core checked nothing in {context}"
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at "
        + "; ".join(
            node["target"][0] + " " + node.get("failureSummary", "").replace("\n", " ")
            for node in v["nodes"][:4]
        )
        for v in results.response["violations"]
    ]
