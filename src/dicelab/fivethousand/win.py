"""Two-player Fivethousand played to win: ``win_policy(rules)``, the exact policy with the
best chance to win, solved by the solver its rules need: without a penalty
:class:`~dicelab.fivethousand.win_solver.FivethousandWinPolicy`, with one
:class:`~dicelab.fivethousand.penalty_win.PenaltyWinPolicy`.

>>> policy = win_policy(Rules(target=300))
>>> 0.5 < policy.first_player_wins < 1
True
"""

from __future__ import annotations

import logging
import sys
import threading
from contextlib import contextmanager

from dicelab.fivethousand.penalty_win import PenaltyWinPolicy, check_penalty_rules
from dicelab.fivethousand.policy import UNSOLVED
from dicelab.fivethousand.rules import Rules
from dicelab.fivethousand.win_solver import CAP_ERROR, FinalTurns, FivethousandWinPolicy
from dicelab.memo import KEPT, once_per_key
from dicelab.setaside.policy import refuse_unsolved

__all__ = ["CAP_ERROR", "FinalTurns", "FivethousandWinPolicy", "PenaltyWinPolicy", "win_policy"]


def win_policy(
    rules=None, *, lead_cap: int | None = None, use_cache: bool = True, progress: bool | None = None
) -> FivethousandWinPolicy:
    """The two-player policy with the best chance to win (solved once per rules, then read
    from memory or the disk cache). ``lead_cap`` (points) overrides the chosen cap. A solve
    under a penalty, which can take minutes, says how far it is on stderr as it goes (each
    pass, about how many more, and every tenth level of a pass): with ``progress`` None
    when it is solved on the main thread (a notebook's cell, a script; never a widget's
    background work), True always, False never."""
    rules = Rules.coerce(rules)
    refuse_unsolved(rules, "win policy", UNSOLVED)
    if rules.penalty:
        check_penalty_rules(rules)
    if rules.bank_needs(False) and rules.bust_keeps_completed_rounds:
        raise ValueError(
            "the win policy can't yet honour a minimum bank or opening score "
            f"(min_bank={rules.min_bank}, opening={rules.opening}) together with "
            "bust_keeps_completed_rounds: set one of them off"
        )
    if not rules.single_one and not rules.single_five:
        rules.refuse(
            "single_one",
            "the win policy works out rounds of every number of dice, and without single ones "
            "or fives (single_one=0, single_five=0) one die never scores: it can't solve these "
            "rules; give single_one or single_five points, or play them with the other robots",
        )
    if progress is None:
        progress = threading.current_thread() is threading.main_thread()
    with _progress_shown(progress):
        return _win_policy(rules, lead_cap, use_cache)


@contextmanager
def _progress_shown(shown: bool):
    """While inside, what the penalty solver logs of its progress goes to stderr."""
    if not shown:
        yield
        return
    solver = logging.getLogger(PenaltyWinPolicy.__module__)
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("win policy: %(message)s"))
    level = solver.level
    solver.setLevel(logging.DEBUG)
    solver.addHandler(handler)
    try:
        yield
    finally:
        solver.removeHandler(handler)
        solver.setLevel(level)


@once_per_key(maxsize=KEPT)  # built once, even when two threads ask at once
def _win_policy(rules: Rules, lead_cap: int | None, use_cache: bool) -> FivethousandWinPolicy:
    if rules.penalty:
        return PenaltyWinPolicy(rules, lead_cap=lead_cap, use_cache=use_cache)
    return FivethousandWinPolicy(rules, lead_cap=lead_cap, use_cache=use_cache)
