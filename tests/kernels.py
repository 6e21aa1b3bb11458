"""Real Jupyter kernels for tests: started on a test's own data and cache folders, and
cells run in them."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

SRC = Path(__file__).parents[1] / "src"


def start(folder: Path):
    """A new python3 kernel keeping its data and cache in ``folder``: (manager, client)."""
    jupyter_client = pytest.importorskip("jupyter_client")
    pytest.importorskip("ipykernel")
    env = {
        **os.environ,
        "DICELAB_DATA_DIR": str(folder / "data"),
        "DICELAB_CACHE_DIR": str(folder / "cache"),
        "PYTHONPATH": os.pathsep.join(filter(None, [str(SRC), os.environ.get("PYTHONPATH")])),
    }
    return jupyter_client.manager.start_new_kernel(kernel_name="python3", env=env)


def run(client, code: str, timeout: float = 120) -> str:
    """Run ``code`` in the kernel; what it printed (an error fails the test)."""
    printed, errors = [], []

    def hook(message):
        kind, content = message["msg_type"], message["content"]
        if kind == "stream":
            printed.append(content["text"])
        elif kind == "error":
            errors.append(content)

    reply = client.execute_interactive(code, output_hook=hook, timeout=timeout)
    assert reply["content"]["status"] == "ok", errors
    return "".join(printed)
