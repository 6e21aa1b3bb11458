"""The two parts of the rule lab: the form of the rules, and what they lead to."""

from __future__ import annotations

from dicelab.widgets.view_part import Part


class RuleForm(Part):
    """A preset picker and one field per rule setting.

    ``fields``: ``{"name", "label", "kind", "text", "on", "hint", "choices", "error"}`` per
    setting (see :func:`dicelab.widgets.rule_form.fields`; ``text`` is what the field shows,
    the refused text while ``error`` says why it was refused; ``choices`` are words the
    presets use, offered as suggestions). ``presets``: ``{"id", "label"}``; ``preset`` the
    one the rules equal ("" for custom rules). ``notice``: ``{"text", "serial", "setting"}``, the
    last refusal (spoken only when it is shown beside the field of ``setting``). Intents: ``{"type": "set", "setting": name, "text": typed}``,
    ``{"type": "flag", "setting": name, "on": bool}`` and ``{"type": "preset", "name": id}``.
    """

    component = "rule_form"
    title = "rule form"
    INTENTS = {
        "set": {"setting": str, "text": str},
        "flag": {"setting": str, "on": bool},
        "preset": {"name": str},
    }
    FIELDS = {"heading": "", "presets": [], "preset": "", "fields": [], "notice": {}}


class RuleResults(Part):
    """The odds table and the figures of the rules in the form, and the Play button.

    ``odds``: ``{"caption", "columns", "rows"}`` (text). ``figures``: ``{"key", "label",
    "value", "state"}`` with ``state`` "ready", "working", "error", "skipped" (too big for
    the lab; ``value`` says why) or "estimate" (a simulated estimate, the label says so;
    ``"pending": True`` while the exact figure is worked out). ``busy``: what is being worked out, "" when nothing is, and
    ``elapsed`` for how long.
    ``play``: the Play button's label. Intents: ``{"type": "play"}``, and ``{"type": "retry"}``
    from the button beside a figure that could not be worked out.
    """

    component = "rule_results"
    title = "rule lab"
    INTENTS = {"play": {}, "retry": {}}
    FIELDS = {
        "heading": "",
        "odds": {"caption": "", "columns": [], "rows": []},
        "figures": [],
        "busy": "",
        "elapsed": "",
        "play": "",
    }
